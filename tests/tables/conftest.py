"""The tables' stores for the tests: a PostgreSQL server of the session's own (Debian's
binaries, ``ttr_widgets.testing.postgres``: a temporary folder, a free port on 127.0.0.1,
stopped by its PID at the end) and ``tables_at``, where a test's service keeps its tables: a
new SQLite file, then a new PostgreSQL database, so that the table tests run against both
stores. Without PostgreSQL's binaries the PostgreSQL half fails saying how to install them
(``make pg-deps``); it is never skipped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ttr_widgets.testing.postgres import Postgres, running_postgres


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    with running_postgres(fsync=False) as server:
        yield server


@pytest.fixture(params=["sqlite", "postgres"])
def tables_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's tables are kept: a file, or a PostgreSQL database's address."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite")
    server: Postgres = request.getfixturevalue("postgres")
    return server.database()
