"""The teacher's room in Chromium at 1366×768, on a real ``ttr serve`` with tables going: the
cards follow the games live, a table watched from the room's link is the play page's public
view (no hand), a pause from the room reaches the watching page and stops the bots until the
teacher resumes, a finished game opens in the stepper, and a class made in the room's form
gives a sheet to print."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from ttr_widgets.rules import load_map
from ttr_widgets.rules.record import from_record
from ttr_widgets.tables.authority import PAUSED
from ttr_widgets.tables.client import api_get, api_post
from ttr_widgets.testing.together import SeatPage

from . import KIT_NOTEBOOKS, RENDER_TIMEOUT_MS, VoilaServer, running_server, screenshot

KEY = "room-browser-key"
WAIT_MS = 30_000
USA = load_map("usa")
ROUTE_PAIRS = {frozenset((r.a, r.b)) for r in USA.routes}


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    """The kit's pages, the tables' bots at 0.3 s a move, the room's key known."""
    with running_server(KIT_NOTEBOOKS, log_name="voila-room", env={"TTR_BOT_PACE": "0.3"},
                        extra=["--pool", "2", "--teacher-key", KEY]) as running:
        yield running


def card(page: Page, table: str) -> Any:
    return page.locator(f".card[data-table='{table}']")


def seq(server: VoilaServer, table: str) -> int:
    return int(api_get(server.base_url, f"/{table}")["seq"])


def test_the_room_follows_two_tables_and_a_watched_one_live(
        server: VoilaServer, chromium: Browser, page: Page, console_errors: list[str]) -> None:
    usa = api_post(server.base_url, {"map": "usa", "seats": 3, "name": "maple-1",
                                     "bots": ["greedy", "strong", "greedy"]})
    mini = api_post(server.base_url, {"map": "mini", "seats": 2, "name": "cedar-2",
                                      "bots": ["greedy", "random"]})
    page.goto(f"{server.base_url}ttr/room?key={KEY}")
    for table in (usa, mini):
        card(page, table["name"]).wait_for(timeout=WAIT_MS)
    maple = card(page, "maple-1")
    assert maple.locator("h3").inner_text().startswith("maple-1")
    assert "USA" in maple.locator(".map").inner_text()
    names = maple.locator("tr td:first-child").all_inner_texts()
    assert names == ["Greedy bot 1", "Strong bot 2", "Greedy bot 3"]
    page.wait_for_function(
        "() => document.querySelector(\".card[data-table='maple-1'] .last\") !== null",
        timeout=WAIT_MS)
    first = maple.locator(".last").inner_text()
    assert first.startswith("Last move: ")
    page.wait_for_function(  # live: the card's last move changes as the bots play
        "(first) => { const e = document.querySelector(\".card[data-table='maple-1'] .last\");"
        " return e && e.textContent !== first; }", arg=first, timeout=WAIT_MS)
    assert re.fullmatch(r".+'s turn, for \d+ seconds?", maple.locator(".turn").inner_text())
    screenshot(page, "room-two-tables", full_page=False)

    # Watching maple-1 from its card: the play page, a watcher's public view.
    href = maple.locator("a.watch").get_attribute("href")
    assert href == f"{server.base_url}voila/render/Play.ipynb?table=maple-1&watch=1"
    watcher = SeatPage(chromium)
    try:
        watcher.open(href)
        watcher.wait_about("You are watching this table: every seat is taken.")
        assert watcher.page.locator(".ttr-together-name input").is_hidden()  # no name asked
        screenshot(watcher.page, "room-watched-table", full_page=False)
        # the teacher pauses it: the page is told, the bots stop until it is resumed
        maple.locator("button[data-do='pause']").click()
        watcher.wait_event(PAUSED)
        maple.locator("button[data-do='resume']").wait_for(timeout=WAIT_MS)
        assert "paused" in maple.locator(".status").inner_text()
        assert "paused" in (maple.get_attribute("class") or "")
        paused_at = seq(server, "maple-1")
        screenshot(page, "room-paused", full_page=False)
        watcher.wait_events(len(watcher.events()))  # the page settled
        assert seq(server, "maple-1") == paused_at  # nothing played while paused
        maple.locator("button[data-do='resume']").click()
        watcher.wait_event("The teacher lets the table play on.")
        _wait(lambda: seq(server, "maple-1") > paused_at + 1)
        # no hand of any seat reached the watcher's page: its hand shows no card
        assert watcher.page.locator(".ttr-hand-panel").first.inner_text() == \
            "Hands are hidden between turns."  # no seat's cards on a watcher's page
        watched = watcher.frames[watcher.opened_at:]  # before: the page's own game, dealt
        assert watcher.errors == []
    finally:
        watcher.close()

    # cedar-2 (mini) ends: its card reads finished and opens the game in the stepper
    cedar = card(page, "cedar-2")
    page.wait_for_function(
        "() => { const c = document.querySelector(\".card[data-table='cedar-2'] .status\");"
        " return c && c.textContent === 'finished'; }", timeout=120_000)
    assert cedar.locator("a.watch").inner_text() == "Replay"
    assert re.fullmatch(r".+ won\.", cedar.locator(".turn").inner_text())
    assert cedar.locator("button").count() == 0  # nothing to pause or end
    screenshot(page, "room-finished", full_page=False)
    replay = SeatPage(chromium)
    try:  # the play page has the whole game: the stepper in its Log tab
        replay.page.goto(cedar.locator("a.watch").get_attribute("href") or "",
                         wait_until="commit", timeout=RENDER_TIMEOUT_MS)
        replay.wait_status("Game over", timeout_ms=90_000)
        replay.page.get_by_role("tab", name="Log").click()
        replay.page.locator(".ttr-step-back").wait_for(timeout=WAIT_MS)
        position = replay.page.locator(".ttr-position")
        last = re.search(r"step (\d+) of (\d+)", position.inner_text())
        assert last is not None and last.group(1) == last.group(2)  # at the end
        replay.page.locator(".ttr-step-back").click()
        replay.page.wait_for_function(
            "(n) => document.querySelector('.ttr-position').textContent.includes("
            "'step ' + n + ' of')", arg=int(last.group(1)) - 1, timeout=WAIT_MS)
        screenshot(replay.page, "room-replay", full_page=False)
        assert replay.errors == []
    finally:
        replay.close()
    # maple-1 ends too: none of the tickets its players kept ever reached the watcher's page
    _wait(lambda: api_get(server.base_url, "/maple-1")["status"] == "over", 300.0)
    final = from_record(api_get(server.base_url, "/maple-1/record")).state
    kept = [USA.ticket_by_id[t] for p in final.players for t in p.tickets]
    names = [f"{t.a} – {t.b}" for t in kept if frozenset((t.a, t.b)) not in ROUTE_PAIRS]
    assert names and not [n for n in names if any(n in frame for frame in watched)]
    assert console_errors == []


def test_a_class_made_in_the_room_and_its_sheet(server: VoilaServer, page: Page,
                                                console_errors: list[str]) -> None:
    page.goto(f"{server.base_url}ttr/room?key={KEY}")
    page.locator("#class-names").fill("Ann\nBen\nCleo\nDan\nEve")
    page.locator("#class-map").select_option("europe")
    page.locator("#class-seats").select_option("3")
    page.locator("#class-word").fill("birch")
    page.locator("#class-form button[type=submit]").click()
    made = page.locator("#class-made .said")
    made.wait_for(timeout=WAIT_MS)
    assert made.inner_text().startswith("2 tables made, every student seated.")
    rows = page.locator("#class-made table.made tr").all_inner_texts()
    assert [r.split("\t")[:2] for r in rows[1:]] == [
        ["Ann", "birch-1"], ["Ben", "birch-1"], ["Cleo", "birch-1"], ["Dan", "birch-2"],
        ["Eve", "birch-2"]]
    card(page, "birch-1").wait_for(timeout=WAIT_MS)
    assert "not here yet" in card(page, "birch-1").inner_text()
    screenshot(page, "room-class-made", full_page=True)
    with page.context.expect_page() as opened:
        made.locator("a").click()
    sheet = opened.value
    sheet.wait_for_load_state()
    sheet.emulate_media(media="print")
    assert sheet.locator("section").count() == 2
    assert sheet.locator("button.no-print").is_hidden()
    links = sheet.locator("td.link").all_inner_texts()
    assert len(links) == 5 and all("&seat=" in link for link in links)
    screenshot(sheet, "room-sheet-print", full_page=True)
    sheet.close()
    # the same form refuses a word already used, in one sentence
    page.locator("#class-form button[type=submit]").click()
    page.locator("#class-made .error").wait_for(timeout=WAIT_MS)
    assert page.locator("#class-made .error").inner_text() == \
        "name: there is already a table birch-1; choose another word"
    # the refusal's status (400) is the browser's one console line, as for any refused request
    assert [e for e in console_errors if "status of 400" not in e] == []
    assert len(console_errors) == 1 and "/ttr/room/api/class?" in console_errors[0]


def _wait(condition: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the table did not play on"
        time.sleep(0.2)
