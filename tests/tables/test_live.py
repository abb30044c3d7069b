"""Shared tables across real processes: a ``ttr serve`` (its own process) holds the tables,
``ttr table`` commands (processes of their own) make them, sit bots at them, watch them and
download their records, over loopback; the server stopped and started again mid-game loses
nothing and the bots play on; a school network's server asks every client for its class key; a
client whose reader's language changed is told every move again in it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules.actions import KeepTickets
from ttr_widgets.rules.i18n import use
from ttr_widgets.rules.record import from_record
from ttr_widgets.rules.state import TicketChoice
from ttr_widgets.server.ports import find_free_port
from ttr_widgets.tables.client import TableClient, parse_link
from ttr_widgets.testing.browser import VoilaServer, running_server
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.table_service import run_apart

pytestmark = pytest.mark.browser  # real servers: with the browser tests' group
ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"


def ttr(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ttr_widgets.cli", *args], capture_output=True,
                          text=True, timeout=timeout)


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ttr_widgets.cli", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[VoilaServer]:
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False,
                        log_name="tables-live", tables=tmp_path / "tables.sqlite") as running:
        yield running


def test_a_table_made_joined_watched_and_downloaded_from_the_command_line(
        server: VoilaServer, tmp_path: Path) -> None:
    made = ttr("table", "new", server.base_url, "--map", "usa", "--seats", "3", "--name",
               "cedar-3")
    assert made.returncode == 0, made.stderr
    link = made.stdout.splitlines()[-1]
    assert link == f"{server.base_url}voila/render/Play.ipynb?table=cedar-3"
    watch = start("table", "watch", link, "--json")
    bots = [start("table", "join", link, "--bot", bot, "--name", name)
            for bot, name in (("strong", "Sam"), ("greedy", "Gus"), ("random", "Ray"))]
    for bot in bots:
        out, err = bot.communicate(timeout=180)
        assert bot.returncode == 0, err
        assert "to the end" in out
    out, err = watch.communicate(timeout=60)
    assert watch.returncode == 0, err
    events = [json.loads(line) for line in out.splitlines()]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))  # no gap
    assert all(isinstance(e["at"], float) and e["at"] > 1.7e9 for e in events)
    joined = sorted(e["text"].split(" takes")[0] for e in events if e["kind"] == "joined")
    assert joined == ["Gus", "Ray", "Sam"]
    listed = ttr("table", "list", server.base_url)
    assert listed.stdout.strip() == "cedar-3  usa  3/3 seats  over"
    got = ttr("table", "record", link, "--out", str(tmp_path / "game.json"))
    assert got.returncode == 0, got.stderr
    record = json.loads((tmp_path / "game.json").read_text())
    assert from_record(record).state.is_over
    scored = ttr("score", str(tmp_path / "game.json"))
    assert scored.returncode == 0 and "Winner:" in scored.stdout
    full = ttr("table", "join", link, "--bot", "greedy")
    assert (full.returncode, full.stderr) == (2, "ttr: error: table: every seat of cedar-3 "
                                                 "is taken\n")


@pytest.mark.parametrize(("args", "line"), [
    (("table", "join", "http://localhost:1/voila/render/Play.ipynb", "--bot", "greedy"),
     "link: no table in it (expected ?table=NAME, like ?table=maple-7)"),
    (("table", "watch", "not a link"), "link: expected the table's address"),
    (("table", "new", "ftp://x", "--map", "usa", "--seats", "2"),
     "server: expected the address ttr serve prints"),
])
def test_a_malformed_link_or_server_is_one_line(args: tuple[str, ...], line: str) -> None:
    done = ttr(*args)
    assert done.returncode == 2 and done.stderr.startswith(f"ttr: error: {line}")


def test_unknown_tables_and_bad_settings_are_one_line(server: VoilaServer) -> None:
    link = f"{server.base_url}voila/render/Play.ipynb?table=nope-1"
    for args, line in (
            (("table", "watch", link), "table: there is no table 'nope-1' here"),
            (("table", "record", link, "--out", "x.json"), "table: there is no table 'nope-1'"),
            (("table", "new", server.base_url, "--map", "usa", "--seats", "5", "--teams"),
             "teams: Team play is for 4 or 6 players"),
            (("table", "new", server.base_url, "--map", "mars", "--seats", "2"),
             "map: expected one of")):
        done = ttr(*args)
        assert done.returncode == 2, (args, done.stdout)
        assert line in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_client_whose_language_changed_is_told_every_move_again_in_it(
        server: VoilaServer) -> None:
    made = ttr("table", "new", server.base_url, "--map", "mini", "--seats", "2", "--name",
               "birch-2")
    assert made.returncode == 0, made.stderr
    link = parse_link(made.stdout.splitlines()[-1])

    async def play() -> tuple[list[str], list[str]]:
        moves: list[str] = []  #: the moves Ann's client was told, in the order told
        kept, retold = asyncio.Event(), asyncio.Event()
        clients: list[TableClient] = []

        def on_message(client: TableClient) -> Any:
            def heard(message: dict[str, Any]) -> None:
                if message["type"] == "event" and message["kind"] == "move" and \
                        client is clients[0]:
                    moves.append(message["text"])  # both kept, then both told again
                    if len(moves) == 2:
                        kept.set()
                    elif len(moves) == 4:
                        retold.set()
                view = client.view
                if message["type"] == "view" and view is not None and \
                        view.current == client.seat and isinstance(view.pending, TicketChoice):
                    pending = view.pending
                    asyncio.get_running_loop().create_task(
                        client.act(KeepTickets(pending.tickets[:pending.keep])))
            return heard

        for name in ("Ann", "Ben"):  # both keep their tickets
            client = TableClient(link, name=name)
            client.on_message = on_message(client)
            clients.append(client)
        runs = [asyncio.create_task(c.run()) for c in clients]
        await asyncio.wait_for(kept.wait(), 60)
        with use("fr"):  # Ann's reader switches to French
            await clients[0].tell_again()
        await asyncio.wait_for(retold.wait(), 60)
        for client in clients:
            client.close()
        await asyncio.wait(runs, timeout=10)
        return moves[:2], moves[2:]

    english, french = run_apart(play())
    told = [m.split(" keeps ")[0] for m in english]  # the setup's choices are made together:
    assert sorted(told) == ["Ann", "Ben"], english  # either may keep first
    assert [m.split(" garde ")[0] for m in french] == told, french  # retold in the same order
    assert all(english_words(m) == set() for m in french), french


def test_a_restart_mid_game_loses_nothing_and_the_bots_play_on(tmp_path: Path) -> None:
    tables = tmp_path / "tables.sqlite"
    port = find_free_port()
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False, port=port,
                        log_name="tables-restart-1", tables=tables) as first:
        link = ttr("table", "new", first.base_url, "--map", "usa", "--seats", "2", "--name",
                   "rowan-2").stdout.splitlines()[-1]
        bots = [start("table", "join", link, "--bot", "greedy", "--pace", "0.05", "--name",
                      name) for name in ("Ann", "Ben")]
        seen = _once_played(first.base_url, "rowan-2", moves=10)
        assert seen["status"] == "playing"
    # the server is gone; the bots keep trying
    time.sleep(2)
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False, port=port,
                        log_name="tables-restart-2", tables=tables) as second:
        back = json.loads(urlopen(f"{second.base_url}ttr/api/tables/rowan-2"))
        assert back["seq"] >= seen["seq"]  # nothing lost
        for bot in bots:
            _out, err = bot.communicate(timeout=180)
            assert bot.returncode == 0, err
        done = json.loads(urlopen(f"{second.base_url}ttr/api/tables/rowan-2"))
        assert done["status"] == "over"
        assert sorted(s["name"] for s in done["seats"]) == ["Ann", "Ben"]
        assert not any(s["away"] for s in done["seats"])  # they kept their seats
        record = json.loads(urlopen(f"{second.base_url}ttr/api/tables/rowan-2/record"))
        assert from_record(record).state.is_over


def test_a_school_network_server_asks_for_its_class_key(tmp_path: Path) -> None:
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False,
                        log_name="tables-host", tables=tmp_path / "t.sqlite",
                        extra=("--host", "0.0.0.0")) as server:
        banner = server.log_path.read_text()
        key = banner.split("?token=", 1)[1].split()[0].rstrip(")")
        assert f"(the class key {key} is part of every link)" in banner
        local = f"http://127.0.0.1:{server.port}/"
        refused = ttr("table", "list", local)
        assert refused.returncode == 2 and "class key" in refused.stderr
        made = ttr("table", "new", f"{local}?token={key}", "--map", "usa", "--seats", "2")
        assert made.returncode == 0, made.stderr
        link = made.stdout.splitlines()[-1]
        assert link.endswith(f"&token={key}") and "?table=" in link
        assert ttr("table", "list", f"{local}?token={key}").returncode == 0
        no_key = link.split("&token=")[0].replace(link.split("/voila")[0], local.rstrip("/"))
        assert ttr("table", "watch", no_key).returncode == 2
        assert urlstatus(f"{local}voila/render/click_points.ipynb") in (302, 403)


def urlopen(url: str) -> bytes:
    import urllib.request

    with urllib.request.urlopen(url, timeout=30) as response:
        body: bytes = response.read()
        return body


def urlstatus(url: str) -> int:
    import urllib.error
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def _once_played(base_url: str, table: str, *, moves: int) -> dict[str, Any]:
    """The table's info as soon as more than ``moves`` events are in its log (the bots may be
    slow on a loaded machine: this waits for the game, it does not time it)."""
    deadline = time.monotonic() + 120
    while True:
        seen: dict[str, Any] = json.loads(urlopen(f"{base_url}ttr/api/tables/{table}"))
        if seen["seq"] > moves or time.monotonic() > deadline:
            assert seen["seq"] > moves, seen
            return seen
        time.sleep(0.2)
