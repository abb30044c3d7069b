"""The page side of shared tables, against a real ``ttr serve``: the Tables page makes a table
and lists it; two pages' ``SharedTable`` clients take the two seats by name, each holds only
its own seat's view, plays its moves, and a reload (a new client with the kept key) gets the
same seat back."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.served import CLASS_KEY_ENV, PAGE_BASE_ENV, TABLES_ENV
from ttr_widgets.testing.browser import VoilaServer, run_loop, running_server
from ttr_widgets.widgets.pages.tables import PERSON, TablesPage
from ttr_widgets.widgets.table.shared import SharedTable, TablesNotServed, tables_here

pytestmark = pytest.mark.browser  # a real server: with the browser tests' group
ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[VoilaServer]:
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False,
                        log_name="tables-pages", tables=tmp_path / "t.sqlite") as running:
        monkeypatch.setenv(TABLES_ENV, running.base_url)  # as the server tells its kernels
        monkeypatch.setenv(PAGE_BASE_ENV, running.base_url)
        monkeypatch.setenv(CLASS_KEY_ENV, "")
        yield running


def test_outside_ttr_serve_there_are_no_shared_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TABLES_ENV, raising=False)
    with pytest.raises(TablesNotServed, match="served by ttr serve"):
        tables_here()
    page = TablesPage().maker
    assert page.make_button.disabled and "ttr serve" in page.made.value


def test_the_tables_page_makes_a_table_and_lists_it(server: VoilaServer) -> None:
    tables = TablesPage()
    page = tables.maker
    assert "No table yet" in tables.listing.value
    page.map.value = "europe"
    page.count.value = 3
    page.seat_boxes[2].value = "greedy"
    assert page.settings() == {"map": "europe", "seats": 3, "teams": False, "takeover": 60,
                               "bots": [None, None, "greedy"]}
    table = page.make()
    assert table is not None and table["status"] == "waiting for 2 players"
    link = f"{server.base_url}voila/render/Play.ipynb?table={table['name']}"
    assert page.link_box.value == link and "2 seats for people" in page.made.value
    assert table["name"] in tables.listing.value and "1 of 3 seats taken" in tables.listing.value
    page.teams.value = True
    assert [v for _label, v in page.count.options] == [4, 6] or page.teams.disabled
    page.map.value = "usa"
    page.teams.value = True
    assert [v for _label, v in page.count.options] == [4, 6]
    for box in page.seat_boxes:
        box.value = "strong"
    assert page.make() is None and "leave at least one open" in page.made.value
    page.seat_boxes[0].value = PERSON
    assert page.make()["teams"] is True  # type: ignore[index]


def test_two_pages_take_the_seats_see_only_their_own_and_a_reload_gets_it_back(
        server: VoilaServer) -> None:
    page = TablesPage().maker
    page.count.value = 2
    name = page.make()["name"]  # type: ignore[index]

    async def play() -> tuple[SharedTable, SharedTable, int]:
        changed = asyncio.Event()
        ann = SharedTable(name, player="Ann", on_change=changed.set)
        ben = SharedTable(name, player="Ben", on_change=changed.set)
        ann.start()
        ben.start()
        rng = random.Random(0)
        moves = 0
        deadline = asyncio.get_running_loop().time() + 120
        while moves < 30 and asyncio.get_running_loop().time() < deadline:
            await asyncio.wait_for(changed.wait(), 30)
            changed.clear()
            for page in (ann, ben):
                view = page.view
                if view is None or not page.started or view.current != page.seat \
                        or page.seq in seen:
                    continue
                seen.add(page.seq)
                page.play(choose("greedy", view, rng).action)
                moves += 1
        return ann, ben, moves

    seen: set[int] = set()
    ann, ben, moves = run_loop(play())
    assert moves == 30 and {ann.seat, ben.seat} == {0, 1}
    for page in (ann, ben):
        view = page.view
        assert view is not None and view.seat == page.seat
        other = view.players[1 - (page.seat or 0)]
        assert sum(other.hand) == 0 and set(other.tickets) <= {"?"}  # hidden, counted only
        seqs = [e["seq"] for e in page.events]  # every event, in order (one may be ahead of
        assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= page.seq  # its view)
        assert page.personal_link and page.personal_link.endswith(f"&seat={page.key}")

    async def reload() -> SharedTable:
        back = SharedTable(name, key=ann.key)
        back.start()
        while back.view is None:
            await asyncio.sleep(0.05)
        back.close()
        return back

    again = run_loop(reload())
    assert again.seat == ann.seat and again.info["seats"][ann.seat or 0]["name"] == "Ann"


def test_a_game_at_one_screen_is_kept_on_the_server_and_read_back(server: VoilaServer) -> None:
    from ttr_widgets.rules.history import Game
    from ttr_widgets.rules.maps import load_map
    from ttr_widgets.widgets.table.keeper import GameKeeper

    game = Game.new(load_map("usa"), ("You", "Ben"), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game = game.play(choose("greedy", game.state, rng).action)
    game = game.jump(30)  # the cursor is kept too
    keeper = GameKeeper()
    assert keeper.served and keeper.read() is None  # nothing kept yet under a new key

    async def keep() -> None:
        keeper.keep(game, ("human", "strong"))
        keeper.keep(game, ("human", "strong"))  # a burst is written once
        await asyncio.sleep(1.0)

    run_loop(keep())
    assert keeper.saved == 1
    kept = GameKeeper(keeper.key).read()
    assert kept is not None and kept.kinds == ("human", "strong")
    assert kept.game.states == game.states and kept.game.cursor == 30
    assert GameKeeper("x" * 22).read() is None
