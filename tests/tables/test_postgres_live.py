"""Two real ``ttr serve`` processes on one PostgreSQL database hold one game: a table made
through one is listed by the other, of two moves sent at once (one seat, two devices, one
through each server) exactly one is played, every move made through one server reaches the
watchers of the other, every watcher sees every event in order, and a server killed mid-game
and started again reads the game back from the database while the bots play on."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.server.ports import find_free_port
from ttr_widgets.tables.client import Link, TableClient, api_get
from ttr_widgets.testing.browser import (
    ARTIFACTS,
    VoilaServer,
    http_status,
    serve_command,
    stop_server,
)
from ttr_widgets.testing.postgres import Postgres
from ttr_widgets.testing.table_service import run_apart

pytestmark = pytest.mark.browser  # real servers: with the browser tests' group
ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
REPO = Path(__file__).resolve().parents[2]
TABLE = "cedar-9"


@contextmanager
def serving(database: str, port: int, log_name: str) -> Iterator[VoilaServer]:
    """A ``ttr serve`` on ``database``; stopped at the end unless the test killed it."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"{log_name}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            serve_command(ROOT, port, notebook="click_points.ipynb", preheat=False,
                          tables=database), stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True, cwd=REPO)
    server = VoilaServer(root=ROOT, port=port, process=process, log_path=log_path)
    try:
        deadline = time.monotonic() + 120
        while http_status(server.base_url + "voila/tree") != 200:
            assert process.poll() is None and time.monotonic() < deadline, server.log_tail()
            time.sleep(0.1)
        yield server
    finally:
        if process.poll() is None:
            code, survivors = stop_server(process)
            assert (code, survivors) == (0, 0), server.log_tail()


async def until(condition: Any, limit: float = 180.0) -> None:
    """Wait for ``condition()`` (another process's doing) to hold."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not condition():
        assert loop.time() < deadline, "not seen in time"
        await asyncio.sleep(0.05)


class Watcher:
    """A client watching the table through one server: every event it was sent, per
    connection (a reconnection is sent the table's events again)."""

    def __init__(self, server: VoilaServer) -> None:
        self.connections: list[list[dict[str, Any]]] = []
        self.over = False
        self.client = TableClient(Link(server.base_url, TABLE), watch=True,
                                  on_message=self.on_message)

    def on_message(self, message: dict[str, Any]) -> None:
        if message["type"] == "welcome":
            self.connections.append([])
        elif message["type"] == "event":
            self.connections[-1].append(message)
        elif message["type"] == "view" and message["table"]["status"] == "over":
            self.over = True
            self.client.close()

    @property
    def seqs(self) -> list[int]:
        return [e["seq"] for e in self.connections[-1]] if self.connections else []


def join(link: str, key: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ttr_widgets.cli", "table", "join",
                             f"{link}&seat={key}", "--bot", "greedy", "--pace", "0.05"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_servers_on_one_database_hold_one_game(postgres: Postgres) -> None:
    database = postgres.database()
    port_a = find_free_port()
    with serving(database, port_a, "pg-live-a") as a, serving(database, find_free_port(),
                                                               "pg-live-b") as b:
        made = subprocess.run([sys.executable, "-m", "ttr_widgets.cli", "table", "new",
                               a.base_url, "--map", "usa", "--seats", "2", "--name", TABLE,
                               "--takeover", "600"], capture_output=True, text=True,
                              timeout=120)
        assert made.returncode == 0, made.stderr
        run_apart(_game(a, b, port_a, database))


async def _game(a: VoilaServer, b: VoilaServer, port_a: int, database: str) -> None:
    await until(lambda: [t["name"] for t in api_get(b.base_url)["tables"]] == [TABLE])
    watchers = [Watcher(a), Watcher(b)]
    follow = [asyncio.create_task(w.client.run()) for w in watchers]
    refusals: list[dict[str, Any]] = []

    def note(message: dict[str, Any]) -> None:
        if message["type"] == "refused":
            refusals.append(message)

    ann = TableClient(Link(a.base_url, TABLE), name="Ann", on_message=note)
    ben = TableClient(Link(b.base_url, TABLE), name="Ben", on_message=note)
    people = [asyncio.create_task(c.run()) for c in (ann, ben)]
    await until(lambda: ann.seq == ben.seq == 3)  # both seated (in either order)
    assert {ann.seat, ben.seat} == {0, 1} and ann.view is not None
    first, elsewhere = (ann, b) if ann.view.current == ann.seat else (ben, a)
    again = TableClient(Link(elsewhere.base_url, TABLE, seat=first.key), on_message=note)
    people.append(asyncio.create_task(again.run()))  # the same person on a second device
    await until(lambda: again.seq == 3 and again.seat == first.seat)
    assert first.view is not None
    keep = legal_actions(first.view)[0]  # the first to choose keeps tickets, from both at once
    await asyncio.gather(first.act(keep), again.act(keep))
    await until(lambda: len(refusals) == 1 and first.seq == again.seq == 4)
    assert refusals[0]["stale"] and "moved on" in refusals[0]["text"]
    await until(lambda: all(w.seqs == [1, 2, 3, 4] for w in watchers))  # exactly one move
    for client in (ann, ben, again):
        client.close()
    await asyncio.gather(*people)

    link = f"{a.base_url}voila/render/Play.ipynb?table={TABLE}"
    bots = [join(link, str(ann.key)),
            join(link.replace(a.base_url, b.base_url), str(ben.key))]
    await until(lambda: len(watchers[1].seqs) > 30)
    os.killpg(a.process.pid, signal.SIGKILL)  # server a dies mid-game
    a.process.wait(timeout=30)
    starting = serving(database, port_a, "pg-live-a-again")
    restarted = await asyncio.to_thread(starting.__enter__)  # the watchers follow meanwhile
    try:
        assert api_get(restarted.base_url, f"/{TABLE}")["seq"] >= 30  # read back from the database
        try:
            await until(lambda: all(w.over for w in watchers), limit=300)
        except AssertionError:  # say what the bots said: a game that stalls is a seat gone
            for bot in bots:
                bot.kill()
            said = [(await asyncio.to_thread(bot.communicate))[1][-2000:] for bot in bots]
            raise AssertionError(f"the game did not end; the bots said: {said}") from None
        await asyncio.gather(*follow)
        for bot in bots:
            _out, err = await asyncio.to_thread(bot.communicate, timeout=120)
            assert bot.returncode == 0, err
        over = api_get(restarted.base_url, f"/{TABLE}")
        assert over["status"] == "over" == api_get(b.base_url, f"/{TABLE}")["status"]
        assert over["seq"] == api_get(b.base_url, f"/{TABLE}")["seq"]
    finally:
        await asyncio.to_thread(starting.__exit__, None, None, None)
    ending = [w.connections[-1] for w in watchers]
    assert [e["seq"] for e in ending[0]] == list(range(1, over["seq"] + 1))  # in order, no gap
    assert ending[0] == ending[1]  # the same events through either server
    for watcher in watchers:  # a reconnection was sent the same events again
        for connection in watcher.connections:
            assert connection == ending[0][:len(connection)]
    assert any(e["kind"] == "move" and e["seat"] == ann.seat for e in ending[1])  # a's, at b
    assert len(watchers[0].connections) >= 2  # a's watcher came back after a was killed
