"""The Ticket Scorer page in Voila and headless Chromium: routes clicked on the board and
tickets typed in give the right hit and miss, a refused click names its rule, and the board
draws the ticket's path."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from . import (
    KIT_NOTEBOOKS,
    VoilaServer,
    expect_text,
    find_plotly_point,
    open_notebook,
    plotly_point,
    running_server,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

SCORER = "Ticket-Scorer.ipynb"


@pytest.fixture(scope="module")
def scorer_server() -> Iterator[VoilaServer]:
    """The kit's notebooks/ with the scorer page pre-heated (its own server: the page does not
    depend on the play app, and a pre-heated kernel renders it in a couple of seconds)."""
    with running_server(KIT_NOTEBOOKS, notebook=SCORER, log_name="voila-scorer") as server:
        yield server


HOVER_SETTLE_MS = 200  #: plotly throttles hover (50 ms); a click takes the point last hovered


def click_route(page: Page, route_id: str) -> None:
    """Click the second train space of a route, found through the figure's own data.

    The mouse rests on the space before the click: right after the board redraws, plotly
    holds back a hover for a moment, and a click at once would go to the route clicked before
    (seen: every few runs the previous route was toggled back)."""
    trace, first = find_plotly_point(page, route_id)
    x, y = plotly_point(page, trace, first + 1)
    page.mouse.move(x, y, steps=4)
    page.wait_for_timeout(HOVER_SETTLE_MS)
    page.mouse.click(x, y)


def add_ticket(page: Page, ticket: str) -> None:
    page.locator(".ttr-scorer-ticket-search input").fill(ticket)
    page.locator(".ttr-scorer-ticket-add button, button.ttr-scorer-ticket-add").first.click()


_HIGHLIGHT_JS = """
() => { const d = document.querySelector('.js-plotly-plot').data[0];
        return {name: d.name, points: (d.x || []).filter(v => v !== null).length}; }
"""


def test_clicked_routes_and_typed_tickets_give_the_right_hit_and_miss(
        scorer_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, scorer_server, SCORER)
    expect_text(page, ".ttr-scorer-total", "Player 1: ")
    # Player 1 claims Denver–Santa Fe (2 spaces: 2 points), Santa Fe–El Paso (2: 2) and
    # Denver–Helena (4: 7); one trail of 8 spaces beats Player 2's none: +10 each time.
    for route_id, total in (("usa-039", 12), ("usa-050", 14), ("usa-031", 21)):
        click_route(page, route_id)
        expect_text(page, ".ttr-scorer-total", f"Player 1: {total} points")
    # Denver–El Paso (4) is joined through Santa Fe; Calgary–Salt Lake City (7) is not.
    add_ticket(page, "usa-t07")
    expect_text(page, ".ttr-scorer-results", "✔ hit Denver–El Paso: +4")
    with contextlib.suppress(PlaywrightTimeout):  # the board's update follows the results'
        page.wait_for_function(f"() => ({_HIGHLIGHT_JS})().name === 'ticket path'",
                               timeout=15_000)
    highlight = page.evaluate(_HIGHLIGHT_JS)
    assert highlight["name"] == "ticket path" and highlight["points"] > 0
    add_ticket(page, "usa-t03")
    results = expect_text(page, ".ttr-scorer-results", "✘ miss Calgary–Salt Lake City: -7")
    assert "✔ hit Denver–El Paso: +4" in results
    assert "Tickets: 1 of 2 completed, -3" in results
    expect_text(page, ".ttr-scorer-total", "Player 1: 18 points")  # 11 + 4 - 7 + 10
    expect_text(page, ".ttr-scorer-standings", "Player 1 wins with 18 points.")
    screenshot(page, "scorer-hit-miss")
    # Player 2 may not take Player 1's Denver–Helena.
    page.locator(".ttr-scorer-player button", has_text="Player 2").click()
    expect_text(page, ".ttr-scorer-total", "Player 2: 0 points")  # no routes, no tickets
    click_route(page, "usa-031")
    message = expect_text(page, ".ttr-scorer-message",
                          "Player 2: the route Denver–Helena (4 green) is already owned by "
                          "Player 1.")
    assert "usa-031" not in message and "claim.open" not in message  # ids only behind why?
    page.locator(".ttr-scorer-message .ttr-why summary").click()
    message = expect_text(page, ".ttr-scorer-message",
                          "A route that someone has claimed is closed to everyone else.")
    assert "claim.open" in message
    expect_text(page, ".ttr-scorer-total", "Player 2: 0 points")
    screenshot(page, "scorer-refused")
    assert console_errors == []


EXPLORER = "Scoring-Explorer.ipynb"


def test_the_explorer_takes_a_route_away_and_the_winner_changes(
        scorer_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """The explorer page on the same server (its kernel starts cold): the breakdown chart is
    drawn by the plotly renderer that ships with plotly (no second FigureWidget, no CDN), and a
    click on Dev's Calgary–Helena breaks his coast-to-coast network in the kit's example."""
    open_notebook(page, scorer_server, EXPLORER)
    expect_text(page, ".ttr-explorer-winner", "Dev wins with 130 points.")
    chart = page.locator(".ttr-explorer-plot").first.locator(".js-plotly-plot")  # the page's
    # first explorer (the USA game); the second opens the team example
    chart.wait_for(state="visible", timeout=30_000)
    assert "total" in chart.inner_text()
    click_route(page, "usa-012")
    expect_text(page, ".ttr-explorer-changes", "Dev without Calgary–Helena (4 gray)")
    expect_text(page, ".ttr-explorer-changes", "The winner changes: Dev → Ben.")
    expect_text(page, ".ttr-explorer-winner", "Ben wins with 113 points.")
    page.locator(".ttr-explorer-trails").first.scroll_into_view_if_needed()
    screenshot(page, "explorer-what-if")
    page.locator(".ttr-explorer-reset button, button.ttr-explorer-reset").first.click()
    expect_text(page, ".ttr-explorer-winner", "Dev wins with 130 points.")
    assert console_errors == []


def test_the_scorer_plays_the_usa_1910_box_s_mega_game_and_big_cities(
        scorer_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """The Mega Game's deck: Los Angeles–Miami at its 1910 value (19), the Globetrotter to the
    player with the most tickets completed; USA Big Cities without the bonus for the longest
    trail until its box is ticked."""
    open_notebook(page, scorer_server, SCORER)
    expect_text(page, ".ttr-scorer-total", "Player 1: ")
    page.locator(".ttr-scorer-variant select").select_option(label="the Mega Game tickets")
    expect_text(page, ".ttr-scorer-message", "Tickets: the Mega Game tickets. Scores the "
                "Longest Continuous Path bonus (10 points for the longest trail) and the "
                "Globetrotter (15 points for the most tickets completed).")
    for route_id in ("usa-039", "usa-050"):  # Denver–Santa Fe–El Paso: 4 points, a trail of 4
        click_route(page, route_id)
    expect_text(page, ".ttr-scorer-total", "Player 1: 29 points")  # 4 + 10 + 15 (none done)
    add_ticket(page, "Los Angeles–Miami (19 points)")
    results = expect_text(page, ".ttr-scorer-results", "✘ miss Los Angeles–Miami: -19")
    assert "Globetrotter: 0 tickets completed, the most, +15" in results
    add_ticket(page, "usa-t07")  # Denver–El Paso (4), joined
    results = expect_text(page, ".ttr-scorer-results", "Globetrotter: 1 ticket completed, "
                          "the most, +15")
    expect_text(page, ".ttr-scorer-total", "Player 1: 14 points")  # 4 - 19 + 4 + 10 + 15
    expect_text(page, ".ttr-scorer-standings", "Player 1 wins with 14 points.")
    screenshot(page, "scorer-mega-game", full_page=False)
    page.locator(".ttr-scorer-variant select").select_option(label="the USA Big Cities tickets")
    expect_text(page, ".ttr-scorer-message", "the ticket Denver–El Paso (4 points) is not in "
                "this game's deck, the USA Big Cities tickets, but in the 1910 Classic and "
                "Mega Game decks.")
    page.locator(".ttr-scorer-clear button, button.ttr-scorer-clear").first.click()
    expect_text(page, ".ttr-scorer-total", "Player 1: 15 points")  # the Globetrotter: tied
    # with Player 2 at no ticket completed
    page.locator(".ttr-scorer-variant select").select_option(label="the USA Big Cities tickets")
    expect_text(page, ".ttr-scorer-message", "No bonus for the longest trail.")
    for route_id in ("usa-039", "usa-050"):
        click_route(page, route_id)
    expect_text(page, ".ttr-scorer-total", "Player 1: 4 points")
    longest = page.locator(".ttr-scorer-longest input")
    assert not longest.is_checked()
    longest.check()
    expect_text(page, ".ttr-scorer-message", "Scored with the Longest Continuous Path bonus.")
    expect_text(page, ".ttr-scorer-total", "Player 1: 14 points")
    screenshot(page, "scorer-big-cities-with-the-bonus", full_page=False)
    assert console_errors == []
