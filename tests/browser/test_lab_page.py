"""The Probability Lab in Voila and headless Chromium at 1366×768: the words under the tunnel
explorer follow the hand typed into it, and the words under the bars of tickets drawn by stage
say what those bars show."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from . import KIT_NOTEBOOKS, VoilaServer, expect_text, open_notebook, running_server, screenshot

pytestmark = pytest.mark.browser

PAGE = "Probability-Lab.ipynb"


@pytest.fixture(scope="module")
def lab_server() -> Iterator[VoilaServer]:
    with running_server(KIT_NOTEBOOKS, notebook=PAGE, log_name="voila-lab") as server:
        yield server


def test_the_words_under_the_explorer_and_the_bars_follow_their_numbers(
        lab_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, lab_server, PAGE, ready=".ttr-lab-explorer-reading p")
    reading = ".ttr-lab-explorer-reading"
    expect_text(page, reading, "With 4 red cards and 1 locomotive")
    page.locator(reading).scroll_into_view_if_needed()
    screenshot(page, "lab-explorer-reading", full_page=False)
    hand = page.locator(".ttr-odds-explorer .ttr-count-red input").first
    hand.fill("6")
    hand.press("Tab")  # the number is sent when the box is left
    expect_text(page, reading, "With 6 red cards and 1 locomotive")
    expect_text(page, reading, "you can pay any surcharge, even 3 extra cards")
    stages = page.locator(".ttr-lab-stage-reading")
    stages.scroll_into_view_if_needed()
    text = stages.inner_text()
    assert text.startswith("Over all the games, the tickets drawn with")
    assert "mostly cost their value" not in page.locator("body").inner_text()
    screenshot(page, "lab-stage-reading", full_page=False)
    assert console_errors == []
