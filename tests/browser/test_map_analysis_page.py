"""The Map-Analysis page in Voila and headless Chromium at 1366×768: its section on ticket
difficulty by deck shows every deck side by side, and the deck picker lists the chosen deck's
tickets (the USA 1910 box's Mega Game: 69 tickets at their 1910 values, its traps first), as
``course.analysis`` computes them in this process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from ttr_widgets.course import analysis
from ttr_widgets.course import analysis_plots as plots
from ttr_widgets.rules.maps import load_map

from . import KIT_NOTEBOOKS, VoilaServer, expect_text, open_notebook, running_server, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

PAGE = "Map-Analysis.ipynb"


@pytest.fixture(scope="module")
def analysis_server() -> Iterator[VoilaServer]:
    with running_server(KIT_NOTEBOOKS, notebook=PAGE, log_name="voila-analysis") as server:
        yield server


_ROWS_JS = """
(selector) => [...document.querySelectorAll(selector + ' tr')].map(
  tr => [...tr.children].map(c => c.textContent.trim()))
"""


def test_the_deck_picker_lists_the_mega_game_s_tickets(
        analysis_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, analysis_server, PAGE, ready=".ttr-deck-choice select")
    mega = analysis.deck_difficulty(load_map("usa"), "usa-mega")
    expect_text(page, ".ttr-deck-summary", "USA: the 2004 USA tickets: 30 tickets")
    page.locator(".ttr-deck-choice select").select_option(label="USA: the Mega Game tickets")
    expect_text(page, ".ttr-deck-summary", plots.deck_sentence(mega))
    # The tickets' table is a widget message of its own, after the summary's: wait for it (a
    # Mega Game ticket at its 1910 value; the 2004 deck has Los Angeles – Miami at 20).
    expect_text(page, ".ttr-deck-tickets", "Los Angeles – Miami (19 points)")
    rows = page.evaluate(_ROWS_JS, ".ttr-deck-tickets")
    assert len(rows) == 1 + 69
    assert [row[0] for row in rows[1:]] == [p.label for p in mega.hardest()]
    assert "Los Angeles – Miami (19 points)" in [row[0] for row in rows[1:]]
    page.locator(".ttr-deck-choice").scroll_into_view_if_needed()
    screenshot(page, "map-analysis-deck-picker", full_page=False)
    table = [row for row in page.evaluate(_ROWS_JS, "table") if row and row[0].startswith(
        ("USA: the", "Europe: the"))]
    assert [row[0] for row in table][:5] == [
        "USA: the 2004 USA tickets", "USA: the 1910 Classic tickets", "USA: the USA 1910 tickets",
        "USA: the Mega Game tickets", "USA: the USA Big Cities tickets"]
    assert console_errors == []


def test_the_page_opens_with_prose_and_tables_not_printouts(
        analysis_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Section 1 shows the maps as a graph and Denver – El Paso's cheapest path as tables with
    plain headings, and the bridges' sentence as prose; nothing on the page is a printout."""
    open_notebook(page, analysis_server, PAGE, ready=".ttr-analysis-reading")
    rows = page.evaluate(_ROWS_JS, "table")
    assert ["map", "cities", "routes", "double routes", "links (a double route once)"] in rows
    assert ["USA", "36", "100", "22", "78"] in rows
    assert ["Denver to El Paso, in all", "4"] in rows
    expect_text(page, ".ttr-analysis-reading", "The USA map has no bridge and no cut city.")
    assert page.locator(".jp-OutputArea-output pre").count() == 0  # no bare printout
    page.locator("h2", has_text="1. The board as a graph").scroll_into_view_if_needed()
    screenshot(page, "map-analysis-graph", full_page=False)
    assert console_errors == []
