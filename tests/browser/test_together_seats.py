"""Play together, the seats: a page gone longer than the takeover time is played by the
table's bot and given back on return; a team game across four pages keeps each seat's tickets
on its own page. Real ``ttr serve`` and Chromium pages at 1366×768, as test_together.py (a
server of this module's own, so that the two modules run side by side under make test).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from ttr_widgets.tables.client import api_get, api_post
from ttr_widgets.testing.together import SeatPage, offered_tickets, table_server, table_url

from . import VoilaServer, screenshot


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    """The kit's pages with two kernels kept ready, the tables' bots quick (0.2 s a move)."""
    with table_server("voila-together-seats") as running:
        yield running


def test_a_page_gone_is_played_by_the_bot_and_given_back(server: VoilaServer, chromium: Browser,
                                                        pages: list[SeatPage]) -> None:
    made = api_post(server.base_url, {"map": "usa", "seats": 2, "takeover": 3,
                                      "bots": [None, None]})
    ann, ben = SeatPage(chromium), SeatPage(chromium)
    pages += [ann, ben]
    ann.open(table_url(server, made["name"])).join("Ann")
    ben.open(table_url(server, made["name"])).join("Ben")
    context = ben.context
    ben.page.close(run_before_unload=True)  # Ben's tab closed; his browser keeps his key
    ann.wait_event("Ben is away", timeout_ms=30_000)
    ann.keep_tickets()
    ann.wait_event("Ben keeps", timeout_ms=30_000)  # the table's bot chose for him
    ann.wait_status("Ann's turn")
    back = SeatPage(chromium, context=context)
    pages.append(back)
    back.open(table_url(server, made["name"]))
    back.wait_about("You are Ben, seat 2")
    ann.wait_event("Ben is back")
    info = api_get(server.base_url, f"/{made['name']}")
    assert info["seats"][1]["away"] is False


def test_a_team_game_across_four_pages(server: VoilaServer, chromium: Browser,
                                       pages: list[SeatPage]) -> None:
    made = api_post(server.base_url, {"map": "usa", "seats": 4, "teams": True})
    people = [SeatPage(chromium) for _ in range(4)]
    pages += people
    for page, name in zip(people, ("Ann", "Ben", "Cy", "Di"), strict=True):
        page.open(table_url(server, made["name"])).join(name)
    offers = {}
    for i, page in enumerate(people):
        page.wait_status("choose the tickets to keep", timeout_ms=40_000)
        offers[i] = offered_tickets(page)
        page.keep_tickets()
        if i < 3:
            people[i + 1].wait_event(("Ann", "Ben", "Cy")[i] + " keeps", timeout_ms=40_000)
    screenshot(people[1].page, "together-team-ben", full_page=False)
    # Each page saw only its own tickets (a teammate's stay in the teammate's hand).
    for i, page in enumerate(people):
        for j, names in offers.items():
            if j != i:
                assert not any(page.received(n) for n in names), (i, j)
    assert "Red team" in people[0].text(".ttr-players") or "team" in people[0].text(
        ".ttr-players").lower()
