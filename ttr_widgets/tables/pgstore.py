"""Tables in PostgreSQL (``ttr serve --tables postgresql://user@host/db``): what a class that
outgrows one machine shares, e.g. on JupyterHub, where several table services may serve the
same tables.

How one truth is kept among table services on one database:

- **One writer per event.** Every event is a row keyed by (table, number), its primary key: of
  two services that both write event N of a table, PostgreSQL keeps the first and refuses the
  second (``StoreConflict``). The refused service undoes the change it made in memory, reads
  the events it had not seen from the database and answers its client as a stale move (the
  table's usual "the table moved on since your click"), so nobody hears of a move that was not
  kept. A table's name is its row's primary key the same way.
- **Every service hears every event.** An event is written and announced with ``pg_notify`` in
  one statement (a notification leaves only when its row is committed); each service
  ``LISTEN``s on its own connection, in a thread, reads the events it had not seen and tells
  its own clients; a table made elsewhere joins its listing. After its listening connection
  was lost (PostgreSQL restarted), a service looks at every table again: nothing sent while it
  was away is missed.
- **One service moves a table's bots**: the one holding the table's advisory lock
  (``pg_try_advisory_lock``, held by its connection's session); when that service stops, its
  session ends, the lock is free and another takes the bots within a second.
- **Restarts.** When PostgreSQL goes away, a write fails with one sentence (the move is not
  announced; its player may send it again) and the next one connects again; a write whose
  answer was lost is recognised when sent again (an event kept by this very store, its
  ``origin``, is no conflict).
  A table service started again reads every table from the database.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from psycopg import errors, sql
from psycopg.conninfo import conninfo_to_dict

from ttr_widgets.tables.authority import Event, TableSpec
from ttr_widgets.tables.progress import Report
from ttr_widgets.tables.store import StoreConflict, StoreError, spec_from_dict, spec_to_dict

__all__ = ["CHANNEL", "PostgresStore", "display_address"]

CHANNEL = "ttr_tables"  #: where a service announces each event it kept
CONNECT_TIMEOUT = 3  #: seconds to reach the database before a write is refused
LISTEN_POLL = 0.5  #: seconds between two looks at whether the listening thread should stop
LOCKS = 7_241  #: the advisory locks' first key: the tables' bots (the second is the table)
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS ttr_tables (name TEXT PRIMARY KEY, spec TEXT NOT NULL,"
    " made BIGSERIAL)",
    "CREATE TABLE IF NOT EXISTS ttr_events (table_name TEXT NOT NULL REFERENCES ttr_tables"
    " (name), seq INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, kind TEXT NOT NULL,"
    " seat INTEGER, text TEXT NOT NULL, data TEXT NOT NULL, origin TEXT NOT NULL,"
    " PRIMARY KEY (table_name, seq))",
    "CREATE TABLE IF NOT EXISTS ttr_games (key TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL,"
    " game TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ttr_progress (student TEXT NOT NULL, lesson TEXT NOT NULL,"
    " kind TEXT NOT NULL, quiz TEXT NOT NULL, right_answer BOOLEAN, at DOUBLE PRECISION NOT"
    " NULL, made BIGSERIAL, PRIMARY KEY (student, lesson, kind, quiz))",
)
T = TypeVar("T")
Work = Callable[[psycopg.Connection[Any]], T]


def display_address(url: str) -> str:
    """The database's address without its password, for a banner or an error; ``StoreError``
    when ``url`` is no PostgreSQL address."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise StoreError(f"{_hide(url)}: not a PostgreSQL address ({_line(exc)})") from None
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host') or 'localhost'}{port}/" \
           f"{parts.get('dbname') or ''}"


class PostgresStore:
    """Tables in a PostgreSQL database (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._where = display_address(url)
        self.origin = uuid.uuid4().hex  #: this store's own notifications are not news to it
        self._db: psycopg.Connection[Any] | None = None
        self._led: set[str] = set()
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._run("open the tables there", self._create_schema)

    @property
    def where(self) -> str:
        return self._where

    # -- tables and their events

    def create(self, spec: TableSpec) -> None:
        text = json.dumps(spec_to_dict(spec))

        def work(db: psycopg.Connection[Any]) -> None:
            try:
                db.execute("INSERT INTO ttr_tables (name, spec) VALUES (%s, %s)",
                           (spec.name, text))
            except errors.UniqueViolation:
                row = db.execute("SELECT spec FROM ttr_tables WHERE name = %s",
                                 (spec.name,)).fetchone()
                if row is None or row[0] != text:  # not this very table sent again
                    raise StoreConflict(f"{self._where}: there is already a table "
                                        f"{spec.name}") from None

        self._run("keep the new table", work)

    def append(self, table: str, event: Event) -> None:
        data = json.dumps(event.data)
        note = json.dumps({"table": table, "seq": event.seq, "origin": self.origin})

        def work(db: psycopg.Connection[Any]) -> None:
            try:  # one statement, one round trip: the row and its notification, or neither
                db.execute("WITH kept AS (INSERT INTO ttr_events (table_name, seq, at, kind,"
                           " seat, text, data, origin) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)"
                           " RETURNING seq) SELECT pg_notify(%s, %s) FROM kept",
                           (table, event.seq, event.at, event.kind, event.seat, event.text,
                            data, self.origin, CHANNEL, note))
            except errors.UniqueViolation:
                kept = db.execute("SELECT origin, data FROM ttr_events WHERE table_name = %s AND"
                                  " seq = %s", (table, event.seq)).fetchone()
                if kept != (self.origin, data):  # not this store's own write sent again
                    raise StoreConflict(f"{self._where}: event {event.seq} of table {table} "
                                        "was kept by another table service first") from None

        self._run("keep the move", work)

    def load(self) -> list[tuple[TableSpec, list[Event]]]:
        return [found for name in self.names() if (found := self.table(name)) is not None]

    def names(self) -> list[str]:
        return self._run("read the tables", lambda db: [
            name for (name,) in db.execute("SELECT name FROM ttr_tables ORDER BY made")])

    def table(self, name: str) -> tuple[TableSpec, list[Event]] | None:
        row = self._run("read the table", lambda db: db.execute(
            "SELECT spec FROM ttr_tables WHERE name = %s", (name,)).fetchone())
        if row is None:
            return None
        try:
            spec = spec_from_dict(json.loads(row[0]))
        except (KeyError, ValueError) as exc:
            raise StoreError(f"{self._where}: cannot read the table {name} ({exc})") from None
        return spec, self.events(name, 0)

    def events(self, table: str, after: int) -> list[Event]:
        rows = self._run("read the table's events", lambda db: db.execute(
            "SELECT seq, at, kind, seat, text, data FROM ttr_events WHERE table_name = %s AND"
            " seq > %s ORDER BY seq", (table, after)).fetchall())
        return [Event(seq, at, kind, seat, said, json.loads(data))
                for seq, at, kind, seat, said, data in rows]

    def leads(self, table: str) -> bool:
        if table in self._led:
            return True
        try:
            row = self._run("share the tables' bots", lambda db: db.execute(
                "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCKS, table)).fetchone())
        except StoreError:
            return False  # the database is away: no bot moves until it is back
        if row is not None and row[0]:
            self._led.add(table)
            return True
        return False

    # -- games played at one screen

    def save_game(self, key: str, game: dict[str, Any], at: float) -> None:
        self._run("keep the game", lambda db: db.execute(
            "INSERT INTO ttr_games (key, at, game) VALUES (%s, %s, %s) ON CONFLICT (key) DO "
            "UPDATE SET at = excluded.at, game = excluded.game", (key, at, json.dumps(game))))

    def saved_game(self, key: str) -> dict[str, Any] | None:
        row = self._run("read the game", lambda db: db.execute(
            "SELECT game FROM ttr_games WHERE key = %s", (key,)).fetchone())
        if row is None:
            return None
        game: dict[str, Any] = json.loads(row[0])
        return game

    # -- the class's progress through the course

    def keep_progress(self, report: Report) -> None:
        self._run("keep the student's progress", lambda db: db.execute(
            "INSERT INTO ttr_progress (student, lesson, kind, quiz, right_answer, at) VALUES"
            " (%s, %s, %s, %s, %s, %s) ON CONFLICT (student, lesson, kind, quiz) DO UPDATE SET"
            " right_answer = excluded.right_answer, at = excluded.at",
            (report.student, report.lesson, report.kind, report.quiz, report.right, report.at)))

    def progress(self) -> list[Report]:
        rows = self._run("read the class's progress", lambda db: db.execute(
            "SELECT student, lesson, kind, quiz, right_answer, at FROM ttr_progress ORDER BY"
            " made").fetchall())
        return [Report(student, lesson, kind, quiz, right, at)
                for student, lesson, kind, quiz, right, at in rows]

    # -- hearing the other services

    def follow(self, heard: Callable[[str | None], object]) -> None:
        """Listen for the events other services keep, in a thread of its own (see the module
        docstring)."""
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen, args=(heard,), daemon=True,
                                              name="ttr-tables-listen")
            self._listener.start()

    def close(self) -> None:
        self._closing.set()
        if self._listener is not None:
            self._listener.join(timeout=5 * LISTEN_POLL)
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- internals

    def _listen(self, heard: Callable[[str | None], object]) -> None:
        while not self._closing.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True,
                                     connect_timeout=CONNECT_TIMEOUT) as db:
                    db.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
                    heard(None)  # what was written before this connection listened
                    while not self._closing.is_set():
                        for note in db.notifies(timeout=LISTEN_POLL):
                            told = json.loads(note.payload)
                            if told.get("origin") != self.origin:
                                heard(str(told["table"]))
            except (psycopg.Error, OSError, ValueError, KeyError):
                self._closing.wait(LISTEN_POLL)  # the database is away: try again soon
            except RuntimeError:
                return  # the service's event loop is closed: nobody is left to tell

    def _create_schema(self, db: psycopg.Connection[Any]) -> None:
        with db.transaction():  # two services starting at once create the tables once
            db.execute("SELECT pg_advisory_xact_lock(%s)", (LOCKS,))
            for statement in SCHEMA:
                db.execute(statement)

    def _connection(self) -> psycopg.Connection[Any]:
        if self._db is None or self._db.closed or self._db.broken:
            self._led.clear()  # a new session holds no lock
            try:
                self._db = psycopg.connect(self.url, autocommit=True,
                                           connect_timeout=CONNECT_TIMEOUT)
            except psycopg.Error as exc:
                self._db = None
                raise StoreError(f"{self._where}: cannot be reached ({_line(exc)})") from None
        return self._db

    def _run(self, what: str, work: Work[T]) -> T:
        """``work`` on the connection, connecting again once when the database dropped it (it
        restarted since the last write); ``StoreError`` saying what could not be done."""
        for attempt in (1, 2):
            fresh = self._db is None or self._db.closed or self._db.broken
            db = self._connection()
            try:
                return work(db)
            except StoreError:
                raise
            except psycopg.OperationalError as exc:
                if db.broken and not fresh and attempt == 1:
                    continue  # the database restarted since this connection was made
                raise StoreError(f"{self._where}: cannot {what} ({_line(exc)})") from None
            except psycopg.Error as exc:
                raise StoreError(f"{self._where}: cannot {what} ({_line(exc)})") from None
        raise AssertionError("unreachable")  # pragma: no cover


def _line(exc: BaseException) -> str:
    """An error's first line (psycopg's may add a hint and a context on more lines)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _hide(url: str) -> str:
    """An address as given, with any password replaced by ***."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, login = head.partition("//")
    return f"{scheme}//{login.split(':', 1)[0]}:***@{tail}"
