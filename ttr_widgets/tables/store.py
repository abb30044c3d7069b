"""Where tables live between restarts: each table's spec and its event log, and the games
played at one screen (kept after each move, so a reload or a lesson visited on the way resumes
them), behind one interface (``Store``). ``SQLiteStore`` is the embedded default, a file in the
user's data directory (``default_path``); an event is committed before the table announces it,
so a restart (or a crash) loses no move anyone has seen. ``PostgresStore``
(``tables.pgstore``) keeps them in PostgreSQL, where several table services share them;
``tables.stores.open_store`` opens either from what ``ttr serve --tables`` was given.

Every event is keyed by its table and number, so a second writer of event N is refused
(``StoreConflict``): the table service then takes the store's events and answers its client as
a stale move.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from ttr_widgets.rules.record import options_from_dict, options_to_dict
from ttr_widgets.tables.authority import Event, TableSpec
from ttr_widgets.tables.progress import Report

__all__ = ["SQLiteStore", "Store", "StoreConflict", "StoreError", "default_path",
           "spec_from_dict", "spec_to_dict"]

APP_DIR = "ttr-widgets"
FILE_NAME = "tables.sqlite"


class StoreError(Exception):
    """The store cannot be opened or written: one sentence naming the file."""


class StoreConflict(StoreError):
    """Another writer kept this event number (or this table name) first."""


class Store(Protocol):
    """What the table service keeps its tables in."""

    def create(self, spec: TableSpec) -> None:
        """Keep a new table (before anyone hears of it)."""

    def append(self, table: str, event: Event) -> None:
        """Keep one more event of a table, durably, before it is announced."""

    def load(self) -> list[tuple[TableSpec, list[Event]]]:
        """Every table with its events in order."""

    def names(self) -> list[str]:
        """Every table's name, in the order they were made."""

    def table(self, name: str) -> tuple[TableSpec, list[Event]] | None:
        """One table with its events in order, or None."""

    def events(self, table: str, after: int) -> list[Event]:
        """A table's events numbered above ``after``, in order."""

    def leads(self, table: str) -> bool:
        """Whether this service moves the table's bots (one service among those sharing the
        store does)."""

    def follow(self, heard: Callable[[str | None], object]) -> None:
        """Call ``heard(table)`` (from any thread) when another service wrote to a table,
        ``heard(None)`` when anything may have been missed; a store no other service shares
        never calls it."""

    def save_game(self, key: str, game: dict[str, Any], at: float) -> None:
        """Keep (or replace) the game played at one screen under ``key``."""

    def saved_game(self, key: str) -> dict[str, Any] | None:
        """The game kept under ``key``, or None."""

    def keep_progress(self, report: Report) -> None:
        """Keep what a student did in a lesson (one row a student, lesson, kind and quiz: a
        quiz answered again keeps its latest answer)."""

    def progress(self) -> list[Report]:
        """Every student's progress kept, in the order it was first kept."""

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
                " game TEXT NOT NULL);"
                "CREATE TABLE IF NOT EXISTS progress (student TEXT NOT NULL, lesson TEXT NOT"
                " NULL, kind TEXT NOT NULL, quiz TEXT NOT NULL, right INTEGER, at REAL NOT"
                " NULL, PRIMARY KEY (student, lesson, kind, quiz));")
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
        return [found for name in self.names() if (found := self.table(name)) is not None]

    def names(self) -> list[str]:
        try:
            return [name for (name,) in
                    self._db.execute("SELECT name FROM tables ORDER BY rowid").fetchall()]
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot read the tables kept there ({exc})") from None

    def table(self, name: str) -> tuple[TableSpec, list[Event]] | None:
        try:
            row = self._db.execute("SELECT spec FROM tables WHERE name = ?", (name,)).fetchone()
            if row is None:
                return None
            return spec_from_dict(json.loads(row[0])), self.events(name, 0)
        except (sqlite3.Error, KeyError, ValueError) as exc:
            raise StoreError(f"{self.path}: cannot read the tables kept there ({exc})") from None

    def events(self, table: str, after: int) -> list[Event]:
        try:
            rows = self._db.execute(
                "SELECT seq, at, kind, seat, text, data FROM events WHERE table_name = ? AND "
                "seq > ? ORDER BY seq", (table, after)).fetchall()
            return [Event(seq, at, kind, seat, said, json.loads(data))
                    for seq, at, kind, seat, said, data in rows]
        except (sqlite3.Error, ValueError) as exc:
            raise StoreError(f"{self.path}: cannot read the tables kept there ({exc})") from None

    def leads(self, table: str) -> bool:
        return True  # a file is one server's: it moves every bot

    def follow(self, heard: Callable[[str | None], object]) -> None:
        """One server writes a file: there is nobody else to hear."""

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

    def keep_progress(self, report: Report) -> None:
        right = None if report.right is None else int(report.right)
        self._write("INSERT INTO progress (student, lesson, kind, quiz, right, at) VALUES "
                    "(?, ?, ?, ?, ?, ?) ON CONFLICT (student, lesson, kind, quiz) DO UPDATE SET"
                    " right = excluded.right, at = excluded.at",
                    (report.student, report.lesson, report.kind, report.quiz, right, report.at))

    def progress(self) -> list[Report]:
        try:
            rows = self._db.execute("SELECT student, lesson, kind, quiz, right, at FROM "
                                    "progress ORDER BY rowid").fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot read the class's progress ({exc})") from None
        return [Report(student, lesson, kind, quiz, None if right is None else bool(right), at)
                for student, lesson, kind, quiz, right, at in rows]

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, values: tuple[Any, ...]) -> None:
        try:
            self._db.execute(sql, values)  # autocommit: on disk (the WAL) when this returns
        except sqlite3.IntegrityError as exc:
            raise StoreConflict(f"{self.path}: kept already ({exc})") from None
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot write ({exc})") from None
