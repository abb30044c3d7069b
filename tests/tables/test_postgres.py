"""Tables in PostgreSQL, in this process against a real server (tests/tables/conftest.py): two
table services on one database keep one truth (a table made by one is listed by the other,
two people joining at once through each get two seats, of two moves sent at once against the
same event exactly one is kept and the other answered as stale), one service moves a table's
bots, PostgreSQL restarted or stopped mid-game loses nothing (a move it could not keep is not
announced and may be sent again), and a bad address is one sentence."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.tables.pgstore import PostgresStore, display_address
from ttr_widgets.tables.protocol import Act, Hello
from ttr_widgets.tables.service import Connection, TableService
from ttr_widgets.tables.store import StoreError
from ttr_widgets.tables.stores import open_store
from ttr_widgets.testing.postgres import Postgres
from ttr_widgets.testing.table_service import Clock, Inbox


def pg_service(url: str) -> TableService:
    return TableService(open_store(url), clock=Clock(), pace=0.0)


@pytest.fixture
def two(postgres: Postgres) -> Iterator[tuple[TableService, TableService]]:
    url = postgres.database()
    a, b = pg_service(url), pg_service(url)
    yield a, b
    a.store.close()
    b.store.close()


def seqs(inbox: Inbox) -> list[int]:
    return [m["seq"] for m in inbox.of("event")]


def test_a_table_made_by_one_service_is_listed_and_joined_through_the_other(
        two: tuple[TableService, TableService]) -> None:
    a, b = two
    table = a.create(map_name="usa", seats=2, name="cedar-4")
    b.catch_up()  # what hearing a's notification does
    assert [t["name"] for t in b.listing()] == ["cedar-4"]
    watcher = Inbox()
    b.connect("cedar-4", Hello(watch=True), watcher)
    ann = a.connect("cedar-4", Hello(name="Ann"), Inbox())  # event 2, kept by a
    ben = b.connect("cedar-4", Hello(name="Ben"), Inbox())  # b writes event 2 too: refused,
    assert (ann.seat, ben.seat) == (0, 1)                    # then Ben takes the next seat
    a.catch_up("cedar-4")
    assert a.tables["cedar-4"].names() == b.tables["cedar-4"].names() == ("Ann", "Ben")
    assert a.tables["cedar-4"].events == b.tables["cedar-4"].events
    assert table.status() == "playing"
    assert seqs(watcher) == [1, 2, 3]  # every event once, in order: Ann's too


def test_of_two_moves_at_once_through_two_services_exactly_one_is_kept(
        two: tuple[TableService, TableService]) -> None:
    a, b = two
    a.create(map_name="usa", seats=2, name="birch-2")
    b.catch_up()
    ann_a_in = Inbox()
    ann_a = a.connect("birch-2", Hello(name="Ann"), ann_a_in)
    b.catch_up()
    b.connect("birch-2", Hello(name="Ben"), Inbox())
    a.catch_up()
    ann_b_in, watcher = Inbox(), Inbox()
    ann_b = b.connect("birch-2", Hello(key=ann_a.key), ann_b_in)  # Ann on a second device
    b.connect("birch-2", Hello(watch=True), watcher)
    a.catch_up()
    seq = a.tables["birch-2"].seq
    assert b.tables["birch-2"].seq == seq and ann_b.seat == 0
    keep = legal_actions(a.tables["birch-2"].state)[0]
    a.receive(ann_a, Act(seq, keep))  # kept first
    b.receive(ann_b, Act(seq, keep))  # b had not heard: it plays it, the store refuses it
    refused = ann_b_in.of("refused")[-1]
    assert refused["stale"] and "moved on" in refused["text"]
    assert ann_b_in.of("view")[-1]["seq"] == seq + 1
    kept = a.store.events("birch-2", seq)
    assert [e.seq for e in kept] == [seq + 1]  # exactly one move kept
    assert b.tables["birch-2"].state == a.tables["birch-2"].state
    assert seqs(watcher) == list(range(1, seq + 2))  # told once, the kept one
    assert not ann_a_in.of("refused")


def test_a_tables_bots_move_in_one_service(postgres: Postgres) -> None:
    url = postgres.database()
    a, b = pg_service(url), pg_service(url)
    a.create(map_name="usa", seats=2, name="oak-1", bots=("greedy", "greedy"))
    b.catch_up()
    assert a.store.leads("oak-1") and not b.store.leads("oak-1")
    a.store.close()  # its session ends (a moment later on the server's side): the lock is free
    deadline = time.monotonic() + 30
    while not b.store.leads("oak-1"):  # as the next tick of b's service asks
        assert time.monotonic() < deadline, "the lock was never freed"
        time.sleep(0.05)
    b.store.close()


def play(svc: TableService, name: str, people: list[Connection], moves: int,
         rng: random.Random) -> None:
    table = svc.tables[name]
    for _ in range(moves):
        svc.receive(people[table.state.current], Act(
            table.seq, choose("greedy", table.state, rng).action))


@pytest.fixture
def server(postgres: Postgres) -> Iterator[Postgres]:
    """The session's PostgreSQL, for a test that restarts or stops it (running at the end)."""
    yield postgres
    if postgres.pid is None:
        postgres.start()


def test_postgresql_restarted_or_stopped_mid_game_loses_nothing(server: Postgres) -> None:
    url = server.database()
    svc = pg_service(url)
    svc.create(map_name="usa", seats=2, name="elm-3")
    people = [svc.connect("elm-3", Hello(name=n), Inbox()) for n in ("Ann", "Ben")]
    watcher = Inbox()
    svc.connect("elm-3", Hello(watch=True), watcher)
    table, rng = svc.tables["elm-3"], random.Random(5)
    start = table.seq
    play(svc, "elm-3", people, 10, rng)
    server.restart()  # every connection dropped
    play(svc, "elm-3", people, 10, rng)  # the service connects again by itself
    assert table.seq == start + 20 and not any(m["type"] == "refused" for m in watcher.messages)
    server.stop()
    seq, state = table.seq, table.state
    sender = Inbox()
    people[table.state.current].send = sender
    action = choose("greedy", table.state, rng).action
    svc.receive(people[table.state.current], Act(seq, action))
    refused = sender.of("refused")[-1]
    assert refused["text"] == ("Your move was not played: the table's records cannot be "
                               "reached just now. Try it again in a moment.")
    assert not refused["stale"]
    assert (table.seq, table.state) == (seq, state)  # not played, not announced
    assert seqs(watcher)[-1] == seq
    server.start()
    svc.receive(people[table.state.current], Act(seq, action))  # sent again
    assert table.seq == seq + 1 and seqs(watcher)[-1] == seq + 1
    svc.store.close()
    again = pg_service(url)  # a table service started again reads it all back
    assert again.tables["elm-3"].state == table.state
    assert again.tables["elm-3"].events == table.events
    again.store.close()


def test_a_service_hears_the_other_through_a_restart(server: Postgres) -> None:
    """Notifications reach a running service's loop; after PostgreSQL restarts, it listens
    again and reads what it missed."""
    url = server.database()
    a, b = pg_service(url), pg_service(url)

    async def scene() -> None:
        b.start()
        a.create(map_name="usa", seats=2, name="fir-2")
        await until(lambda: "fir-2" in b.tables)
        watcher = Inbox()
        b.connect("fir-2", Hello(watch=True), watcher)
        a.connect("fir-2", Hello(name="Ann"), Inbox())
        await until(lambda: seqs(watcher) == [1, 2])
        server.restart()
        a.connect("fir-2", Hello(name="Ben"), Inbox())  # a reconnects to write it
        await until(lambda: seqs(watcher) == [1, 2, 3])
        b.stop()

    asyncio.run(scene())
    assert b.tables["fir-2"].names() == ("Ann", "Ben")
    a.store.close()
    b.store.close()


async def until(condition: object, limit: float = 30.0) -> None:
    """Wait for ``condition()`` to hold (the other service's notification to arrive)."""
    assert callable(condition)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not condition():
        assert loop.time() < deadline, "not heard"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize(("url", "line"), [
    ("postgresql://ttr:secret@127.0.0.1:1/ttr",
     "postgresql://ttr@127.0.0.1:1/ttr: cannot be reached (connection failed"),
    ("postgresql://ttr@127.0.0.1:5432/ttr?colour=blue",
     "postgresql://ttr@127.0.0.1:5432/ttr?colour=blue: not a PostgreSQL address (invalid URI "
     "query parameter"),
])
def test_a_bad_or_unreachable_database_is_one_sentence(url: str, line: str) -> None:
    with pytest.raises(StoreError) as caught:
        PostgresStore(url)
    assert str(caught.value).startswith(line) and "\n" not in str(caught.value)
    assert "secret" not in str(caught.value)


def test_ttr_serve_with_an_unreachable_database_is_one_line_and_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "ttr_widgets.cli", "serve", "--tables",
                           "postgresql://ttr:secret@127.0.0.1:1/ttr", "--no-preheat"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("ttr: error: --tables: postgresql://ttr@127.0.0.1:1/ttr: "
                                  "cannot be reached") and done.stderr.count("\n") == 1
    assert "secret" not in done.stderr
    bad = subprocess.run([sys.executable, "-m", "ttr_widgets.cli", "serve", "--tables",
                          "mysql://x/y"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "expected a file or postgresql://" in bad.stderr


def test_the_banner_names_the_database_without_its_password() -> None:
    assert display_address("postgresql://ann:pw@db.school:5433/class") == \
        "postgresql://ann@db.school:5433/class"
