"""The USA 1910 box in the play app, in Voila and headless Chromium at 1366×768: a Mega Game
started from the Game tab (its line says what it deals, keeps and scores; 5 tickets offered,
fewer than 3 kept is refused in words, 3 are kept), and the Score tab of a finished Mega Game,
loaded from its record, with its Globetrotter row. A twin ``PlayApp`` built in this process
with the same seed says what the page must show."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from ttr_widgets.bots import choose
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.record import to_record
from ttr_widgets.rules.state import Options, TicketChoice
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.players import variant_line

from . import VoilaServer, screenshot
from .play_helpers import PlayPage

pytestmark = pytest.mark.browser

SEED = 7
MEGA = Options(variant="usa-mega")


def _rows(text_of_rows: list[list[str]]) -> dict[str, list[str]]:
    return {cells[0]: cells[1:] for cells in text_of_rows if cells}


_TABLE_JS = """
(selector) => [...document.querySelectorAll(selector + ' tr')].map(
  tr => [...tr.children].map(c => c.textContent.trim()))
"""


def test_a_mega_game_from_the_game_tab_deals_five_and_keeps_at_least_three(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    play = PlayPage.open(page, kit_server)
    play.tab("Game")
    page.locator(".ttr-variant select").select_option(label="Mega Game")
    about = page.locator(".ttr-variant-about")
    about.filter(has_text="Mega Game tickets").wait_for(timeout=10_000)
    assert variant_line(load_map("usa"), "usa-mega") in about.inner_text()
    assert page.locator(".ttr-longest-bonus input").is_checked()
    page.locator(".ttr-variant").scroll_into_view_if_needed()
    screenshot(page, "usa-1910-1-game-tab-mega", full_page=False)
    page.locator(".ttr-variant select").select_option(label="USA Big Cities")
    about.filter(has_text="No bonus for the longest trail").wait_for(timeout=10_000)
    assert not page.locator(".ttr-longest-bonus input").is_checked()  # the kit's default
    screenshot(page, "usa-1910-1b-game-tab-big-cities", full_page=False)
    page.locator(".ttr-variant select").select_option(label="Mega Game")
    about.filter(has_text="Mega Game tickets").wait_for(timeout=10_000)
    page.locator(".ttr-seed input").fill(str(SEED))
    page.locator(".ttr-seed input").press("Tab")  # the text box syncs on blur
    page.locator(".ttr-new-game").first.click()
    page.wait_for_function(
        "() => { const e = document.querySelector('.ttr-title');"
        " return e && e.textContent.includes('Mega Game tickets') &&"
        " e.textContent.includes('seed 7'); }", timeout=30_000)
    play.wait_for_turn()
    boxes = page.locator(".ttr-ticket-choice input")
    boxes.first.wait_for(state="visible", timeout=30_000)
    twin = PlayApp("usa", seed=4, bot_delay=0)
    twin.new_game("usa", seed=SEED, options=MEGA)
    pending = twin.state.pending
    assert isinstance(pending, TicketChoice) and len(pending.tickets) == 5
    assert boxes.count() == 5
    note = page.locator(".ttr-ticket-choice-panel").inner_text()
    assert "keep at least 3 of these 5 tickets to start the game" in note
    labels = [page.locator(".ttr-ticket-choice").nth(i).inner_text() for i in range(5)]
    names = [twin.board.ticket(t).cities_label.replace("–", " – ") for t in pending.tickets]
    assert all(name in label for name, label in zip(names, labels, strict=True))
    screenshot(page, "usa-1910-2-mega-five-tickets", full_page=False)
    for i in (2, 3, 4):
        boxes.nth(i).uncheck()
    assert not play.keep_tickets()  # two are too few
    refused = play.status()
    assert "at least 3" in refused.text
    screenshot(page, "usa-1910-3-two-refused", full_page=False)
    boxes.nth(2).check()
    assert play.keep_tickets()
    twin.ticket_choice.boxes[3].value = twin.ticket_choice.boxes[4].value = False
    twin.ticket_choice.keep.click()
    assert page.locator(".ttr-ticket").count() >= 3
    tickets = page.locator(".ttr-tickets-summary").inner_text()
    assert "of 3 completed" in tickets
    screenshot(page, "usa-1910-4-three-kept", full_page=False)
    assert console_errors == []


def finished_mega(seed: int = 5) -> Game:
    game = Game.new(load_map("usa"), ("You", "Ben", "Cleo"), seed, MEGA)
    rng = random.Random(seed)
    while not game.state.is_over:
        game = game.play(choose("greedy", game.state, rng).action)
    return game


def test_a_finished_mega_game_s_score_tab_has_the_globetrotter_row(
        kit_server: VoilaServer, page: Page, console_errors: list[str],
        tmp_path: Path) -> None:
    game = finished_mega()
    sheet = score(game.state)
    path = tmp_path / "mega.json"
    path.write_text(json.dumps(to_record(game)), encoding="utf-8")
    play = PlayPage.open(page, kit_server)
    play.tab("Game")
    with page.expect_file_chooser() as chooser:
        page.locator("button.ttr-upload").first.click()
    chooser.value.set_files(str(path))
    play.wait_status("Loaded a ")
    page.locator(".ttr-score-table").filter(has_text="Globetrotter").wait_for(timeout=30_000)
    table = _rows(page.evaluate(_TABLE_JS, ".ttr-score-table"))
    assert table["Globetrotter (most tickets completed)"] == [
        f"{p.globetrotter_bonus:+d}" if p.globetrotter_bonus else "0" for p in sheet.players]
    assert table["Total"] == [str(p.total) for p in sheet.players]
    winner = page.locator(".ttr-winner").inner_text()
    assert sheet.reason in winner
    stats = _rows(page.evaluate(_TABLE_JS, ".ttr-stats-table"))
    assert stats["Globetrotter bonus"] == [str(p.globetrotter_bonus) for p in sheet.players]
    text = page.locator(".ttr-scoring").inner_text()
    assert not re.search(r"\busa-(t?\d+|mega)\b|\(s\)", text)
    row = page.locator(".ttr-score-table tr", has_text="Globetrotter")
    row.scroll_into_view_if_needed()
    assert row.is_visible()
    screenshot(page, "usa-1910-5-score-tab-globetrotter", full_page=False)
    page.locator(".ttr-stats-table").scroll_into_view_if_needed()
    screenshot(page, "usa-1910-6-score-tab-statistics", full_page=False)
    assert console_errors == []
