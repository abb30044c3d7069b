"""Play together: real ``ttr serve`` processes and several Chromium pages at one shared table
(1366×768). Each page's widget traffic never holds another seat's tickets; every move appears
on every page; a reload, or one's own link on another device, gets the seat back; two clicks
at once play exactly one move; a finished game comes whole to every page; a restart of the
server loses nothing; a school network's page needs the class key. (Seats that go away and
teams: test_together_seats.py, on a server of its own, beside this module under make test.)
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ttr_widgets.server.ports import find_free_port
from ttr_widgets.tables.client import api_get, api_post
from ttr_widgets.testing.together import SeatPage, offered_tickets, table_server, table_url

from . import KIT_NOTEBOOKS, VoilaServer, running_server, screenshot


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    """The kit's pages with two kernels kept ready, the tables' bots quick (0.2 s a move)."""
    with table_server("voila-together") as running:
        yield running


def test_two_pages_share_a_table(server: VoilaServer, chromium: Browser,
                                 pages: list[SeatPage]) -> None:
    table = api_post(server.base_url, {"map": "usa", "seats": 2})["name"]
    ann, ben = SeatPage(chromium), SeatPage(chromium)
    pages += [ann, ben]
    ann.open(table_url(server, table))
    assert "Type your name to take one of the 2 open seats" in ann.about
    ann.join("Ann")
    ben.open(table_url(server, table)).join("Ben")
    assert "You are Ann, seat 1" in ann.about and "You are Ben, seat 2" in ben.about
    ann.wait_status("Ann: choose the tickets to keep")
    assert "Waiting for Ann" in ben.status
    ann_tickets = offered_tickets(ann)
    assert len(ann_tickets) >= 2, f"Ann's page offers her tickets: {ann_tickets}"
    screenshot(ann.page, "together-ann-setup", full_page=False)

    # Ann keeps her tickets: Ben's page tells it within a moment, and gets his own choice.
    ann.keep_tickets()
    ben.wait_event("Ann keeps")
    ben.wait_status("Ben: choose the tickets to keep")
    ben_tickets = offered_tickets(ben)
    ben.keep_tickets()
    ann.wait_event("Ben keeps")
    ann.wait_status("Ann's turn")
    # A click for the other seat is refused in a sentence, the table unchanged.
    ben.draw_blind()
    ben.wait_status("wait for Ann to play")
    ann.draw_blind()
    ann.draw_blind()
    ben.wait_status("Ben's turn")  # both cards drawn (the second click waited for the first)
    ann.wait_status("Waiting for Ben")
    for _ in range(100):  # the status line may be told a moment before the event list
        if ann.events()[-3:] == ben.events()[-3:]:
            break
        ann.page.wait_for_timeout(100)
    assert ann.events()[-3:] == ben.events()[-3:]
    screenshot(ben.page, "together-ben-after-ann", full_page=False)

    # Hidden hands: no page ever received the other seat's tickets.
    for name in ann_tickets:
        assert not ben.received(name), f"Ben's page received Ann's ticket {name}"
    for name in ben_tickets:
        assert not ann.received(name), f"Ann's page received Ben's ticket {name}"

    # A reload gets the seat back, with no name asked.
    ben.reload()
    ben.wait_about("You are Ben, seat 2")
    assert ben.page.locator(".ttr-together-name input").is_hidden()
    ben.wait_status("Ben's turn")
    assert ann.errors == [] and ben.errors == []


def test_two_clicks_at_once_play_one_move(server: VoilaServer, chromium: Browser,
                                          pages: list[SeatPage]) -> None:
    made = api_post(server.base_url, {"map": "usa", "seats": 2, "bots": [None, "greedy"]})
    ann = SeatPage(chromium)
    pages.append(ann)
    ann.open(table_url(server, made["name"])).join("Ann")
    ann.wait_status("Ann: choose the tickets to keep")
    link = ann.page.locator(".ttr-together-link input").input_value()
    assert "&seat=" in link
    # The same seat on a second device, by its own link.
    other = SeatPage(chromium)
    pages.append(other)
    other.open(link)
    other.wait_about("You are Ann, seat 1")
    ann.keep_tickets()
    ann.wait_status("Ann's turn", timeout_ms=30_000)
    other.wait_status("Ann's turn")
    before = len(ann.events())
    # Both pages press Draw tickets at the same moment: with ttr serve stopped (SIGSTOP) the
    # two clicks wait in its sockets, so neither page can hear of the other's move before its
    # own click (one click after the other would let the first move's answer disable the
    # second page's button; a browser timer on two pages is not in step either: a page not in
    # front runs its timers late).
    assert [p.page.locator(".ttr-draw-tickets").is_enabled() for p in (ann, other)] == [True, True]
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        for page in (ann, other):
            page.page.locator(".ttr-draw-tickets").dispatch_event("click")
        time.sleep(0.3)
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
    ann.wait_events(before + 1)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not any(
            p.page.locator(".ttr-status-error").count() for p in (ann, other)):
        time.sleep(0.2)
    time.sleep(1.0)  # no second move may follow
    events = ann.events()[before:]
    assert sum("draws" in e and "ticket" in e for e in events) == 1, events
    # The other click is told why it was not played: stale (the table moved on since it was
    # made) or, when its page had seen the move already, the rule it breaks.
    refused = [p for p in (ann, other) if p.page.locator(".ttr-status-error").count()]
    assert len(refused) == 1, [p.status for p in (ann, other)]
    assert re.search(r"The table moved on|First choose which of the tickets", refused[0].status)


def test_a_finished_game_comes_whole_to_every_page(server: VoilaServer, chromium: Browser,
                                                   pages: list[SeatPage]) -> None:
    made = api_post(server.base_url, {"map": "usa", "seats": 2, "bots": [None, "greedy"]})
    ann, watcher = SeatPage(chromium), SeatPage(chromium)
    pages += [ann, watcher]
    ann.open(table_url(server, made["name"])).join("Ann")
    watcher.open(table_url(server, made["name"]))
    assert "Every seat is taken: you can watch" in watcher.about
    watcher.page.locator(".ttr-together-watch").click()
    ann.keep_tickets()
    ann.wait_status("Ann's turn", timeout_ms=30_000)
    ann.hand_to_bot()  # the table's strong bot plays Ann's seat from now on
    ann.wait_event("Ann hands their seat to the strong bot")
    for page in (ann, watcher):
        page.wait_status("Game over", timeout_ms=240_000)
    # The whole game now: the Score tab with the statistics, the stepper, the record.
    ann.page.get_by_role("tab", name="Score").click()
    assert ann.page.locator(".ttr-score-table").is_visible()
    assert "wins" in ann.text(".ttr-winner")
    ann.page.get_by_role("tab", name="Log").click()
    assert ann.page.locator(".ttr-step-back").is_visible()
    ann.page.get_by_role("tab", name="Game").click()
    assert ann.page.locator(".ttr-download-link").count() == 1
    screenshot(ann.page, "together-game-over", full_page=False)
    record = api_get(server.base_url, f"/{made['name']}/record")
    assert record["format"] == "ttr-widgets game record"


@pytest.mark.spread  # a server of its own: may run beside the module's other tests
def test_a_restart_of_ttr_serve_loses_nothing(chromium: Browser, tmp_path: Path,
                                              pages: list[SeatPage]) -> None:
    tables, port = tmp_path / "tables.sqlite", find_free_port()
    with table_server("voila-together-restart", tables=tables, port=port) as first:
        made = api_post(first.base_url, {"map": "usa", "seats": 2})
        ann, ben = SeatPage(chromium), SeatPage(chromium)
        pages += [ann, ben]
        ann.open(table_url(first, made["name"])).join("Ann")
        ben.open(table_url(first, made["name"])).join("Ben")
        ann.keep_tickets()
        ben.wait_status("Ben: choose the tickets to keep")
        ben.keep_tickets()
        ann.wait_status("Ann's turn")
        ann.draw_blind()
        ben.wait_event("Ann draws a card from the pile; one more card to draw.")
        seen = ann.events()
    for page in (ann, ben):  # the pages' kernels went with the server: each page says so
        page.page.locator(".ttr-kernel-ended").wait_for(state="visible", timeout=90_000)
    with table_server("voila-together-restart-2", tables=tables, port=port) as second:
        for page in (ann, ben):
            page.page.locator(".ttr-kernel-resume").click(no_wait_after=True)
        ann.wait_about("You are Ann, seat 1", timeout_ms=90_000)
        ben.wait_about("You are Ben, seat 2", timeout_ms=90_000)
        ann.wait_status("Ann: take your second card")
        assert ann.events()[:len(seen)] == seen
        ann.draw_blind()
        ben.wait_status("Ben's turn")
        assert api_get(second.base_url, f"/{made['name']}")["status"] == "playing"


@pytest.mark.spread  # a server of its own
def test_a_school_network_page_needs_the_class_key(chromium: Browser, tmp_path: Path,
                                                   pages: list[SeatPage]) -> None:
    with running_server(KIT_NOTEBOOKS, log_name="voila-together-host",
                        tables=tmp_path / "t.sqlite", extra=["--host", "0.0.0.0"]) as hosted:
        banner = hosted.log_path.read_text()
        key = banner.split("?token=", 1)[1].split()[0].rstrip(")")
        local = f"http://127.0.0.1:{hosted.port}/"
        made = api_post(local, {"map": "usa", "seats": 2}, key)
        link = made["link"]
        assert link.endswith(f"&token={key}")
        ann = SeatPage(chromium)
        pages.append(ann)
        ann.open(f"{local}voila/render/Play.ipynb?table={made['name']}&token={key}")
        ann.join("Ann")
        assert f"&token={key}" in ann.page.locator(".ttr-together-link input").input_value()
        stranger = SeatPage(chromium)
        pages.append(stranger)
        stranger.page.goto(f"{local}voila/render/Play.ipynb?table={made['name']}",
                           wait_until="commit")
        stranger.page.wait_for_load_state()
        assert stranger.page.locator(".ttr-app").count() == 0  # no key: no page, no table
