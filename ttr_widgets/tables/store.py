"""Where tables live between restarts: each table's spec and its event log, and the games
played at one screen (kept after each move, so a reload or a lesson visited on the way resumes
them), behind one interface (``Store``). ``SQLiteStore`` is the embedded default, a file in the
user's data directory (``default_path``); an event is committed before the table announces it,
so a restart (or a crash) loses no move anyone has seen.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any, Protocol

from ttr_widgets.rules.record import options_from_dict, options_to_dict
from ttr_widgets.tables.authority import Event, TableSpec

__all__ = ["SQLiteStore", "Store", "StoreError", "default_path", "spec_from_dict",
           "spec_to_dict"]

APP_DIR = "ttr-widgets"
FILE_NAME = "tables.sqlite"


class StoreError(Exception):
    """The store cannot be opened or written: one sentence naming the file."""


class Store(Protocol):
    """What the table service keeps its tables in."""

    def create(self, spec: TableSpec) -> None:
        """Keep a new table (before anyone hears of it)."""

    def append(self, table: str, event: Event) -> None:
        """Keep one more event of a table, durably, before it is announced."""

    def load(self) -> list[tuple[TableSpec, list[Event]]]:
        """Every table with its events in order."""

    def save_game(self, key: str, game: dict[str, Any], at: float) -> None:
        """Keep (or replace) the game played at one screen under ``key``."""

    def saved_game(self, key: str) -> dict[str, Any] | None:
        """The game kept under ``key``, or None."""

    def close(self) -> None: ...

    @property
    def where(self) -> str:
        """Where the tables are kept, in words for a banner."""


def default_path(environ: dict[str, str] | None = None, platform: str = sys.platform) -> Path:
    """The tables' file in the user's data directory: ``$XDG_DATA_HOME`` (or
    ``~/.local/share``) on Linux, ``~/Library/Application Support`` on macOS, ``%APPDATA%`` on
    Windows; in a folder ``ttr-widgets``."""
    env = os.environ if environ is None else environ
    home = Path(env.get("HOME") or Path.home())
    if platform == "darwin":
        base = home / "Library" / "Application Support"
    elif platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR / FILE_NAME


def spec_to_dict(spec: TableSpec) -> dict[str, Any]:
    return {"name": spec.name, "map": spec.map, "seats": spec.seats, "seed": spec.seed,
            "options": options_to_dict(spec.options), "takeover": spec.takeover,
            "bots": list(spec.bots), "created": spec.created}


def spec_from_dict(data: dict[str, Any]) -> TableSpec:
    return TableSpec(data["name"], data["map"], data["seats"], data["seed"],
                     options_from_dict(data.get("options") or {}), data["takeover"],
                     tuple(data.get("bots") or ()), data.get("created", 0.0))


class SQLiteStore:
    """Tables in one SQLite file (write-ahead log: a reader never waits for the writer)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # a commit is on disk when it returns
            self._db.executescript(
                "CREATE TABLE IF NOT EXISTS tables (name TEXT PRIMARY KEY, spec TEXT NOT NULL);"
                "CREATE TABLE IF NOT EXISTS events (table_name TEXT NOT NULL, seq INTEGER NOT"
                " NULL, at REAL NOT NULL, kind TEXT NOT NULL, seat INTEGER, text TEXT NOT NULL,"
                " data TEXT NOT NULL, PRIMARY KEY (table_name, seq));"
                "CREATE TABLE IF NOT EXISTS games (key TEXT PRIMARY KEY, at REAL NOT NULL,"
                " game TEXT NOT NULL);")
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot keep tables there ({exc})") from None

    @property
    def where(self) -> str:
        return str(self.path)

    def create(self, spec: TableSpec) -> None:
        self._write("INSERT INTO tables (name, spec) VALUES (?, ?)",
                    (spec.name, json.dumps(spec_to_dict(spec))))

    def append(self, table: str, event: Event) -> None:
        self._write("INSERT INTO events (table_name, seq, at, kind, seat, text, data) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?)", (table, event.seq, event.at, event.kind,
                                              event.seat, event.text, json.dumps(event.data)))

    def load(self) -> list[tuple[TableSpec, list[Event]]]:
        try:
            specs = self._db.execute("SELECT spec FROM tables ORDER BY rowid").fetchall()
            out = []
            for (text,) in specs:
                spec = spec_from_dict(json.loads(text))
                rows = self._db.execute(
                    "SELECT seq, at, kind, seat, text, data FROM events WHERE table_name = ? "
                    "ORDER BY seq", (spec.name,)).fetchall()
                out.append((spec, [Event(seq, at, kind, seat, said, json.loads(data))
                                   for seq, at, kind, seat, said, data in rows]))
            return out
        except (sqlite3.Error, KeyError, ValueError) as exc:
            raise StoreError(f"{self.path}: cannot read the tables kept there ({exc})") from None

    def save_game(self, key: str, game: dict[str, Any], at: float) -> None:
        self._write("INSERT INTO games (key, at, game) VALUES (?, ?, ?) ON CONFLICT (key) DO "
                    "UPDATE SET at = excluded.at, game = excluded.game",
                    (key, at, json.dumps(game)))

    def saved_game(self, key: str) -> dict[str, Any] | None:
        try:
            row = self._db.execute("SELECT game FROM games WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot read ({exc})") from None
        if row is None:
            return None
        game: dict[str, Any] = json.loads(row[0])
        return game

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, values: tuple[Any, ...]) -> None:
        try:
            self._db.execute(sql, values)  # autocommit: on disk (the WAL) when this returns
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot write ({exc})") from None
