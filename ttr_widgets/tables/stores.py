"""Which store ``ttr serve --tables`` names: a PostgreSQL database (``postgresql://…``,
``tables.pgstore``) or a SQLite file (``tables.store``)."""

from __future__ import annotations

from pathlib import Path

from ttr_widgets.tables.store import SQLiteStore, Store

__all__ = ["is_database", "open_store"]


def is_database(where: str | Path) -> bool:
    """Whether ``--tables`` names a PostgreSQL database (``postgresql://…``), not a file."""
    return str(where).startswith(("postgresql://", "postgres://"))


def open_store(where: str | Path) -> Store:
    """The store ``where`` names: a PostgreSQL database (``postgresql://user@host/db``) or a
    SQLite file; ``StoreError`` in one sentence when it cannot be opened."""
    if is_database(where):
        from ttr_widgets.tables.pgstore import PostgresStore  # psycopg only when asked for

        return PostgresStore(str(where))
    return SQLiteStore(where)
