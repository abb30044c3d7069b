"""The Ticket planner page in Voila and headless Chromium at 1366×768: tickets picked from the
list, the plan on the board, a route clicked as yours, and every sentence on screen the one the
rules core writes (``rules.plan_text``, as ``ttr plan`` prints it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.plan_text import plan_lines
from ttr_widgets.rules.planner import bottlenecks, plan

from . import (
    KIT_NOTEBOOKS,
    VIEWPORT,
    VoilaServer,
    click_plotly_point,
    expect_text,
    find_plotly_point,
    open_notebook,
    running_server,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

PLANNER = "Planner.ipynb"
USA = load_map("usa")
OPENING = ("usa-t07", "usa-t11")  #: Denver–El Paso and Helena–Los Angeles, the notebook's
SEATTLE_NEW_YORK = "usa-t25"
DENVER_HELENA = "usa-031"


@pytest.fixture(scope="module")
def planner_server() -> Iterator[VoilaServer]:
    with running_server(KIT_NOTEBOOKS, notebook=PLANNER, log_name="voila-planner") as server:
        yield server


def sentences(tickets: tuple[str, ...], owned: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The plan's sentences, as the core writes them, for the page's question."""
    found = plan(USA, tickets, owned)
    return plan_lines(USA, found, bottlenecks(USA, tickets, owned, (), found), owned)


def read_plan(page: Page, first_line: str) -> str:
    """The plan as a reader sees it, once it shows ``first_line``."""
    return expect_text(page, ".ttr-planner-plan", first_line)


def test_picked_tickets_show_their_plan_with_every_sentence_of_the_core(
        planner_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    assert page.viewport_size == VIEWPORT
    open_notebook(page, planner_server, PLANNER, ready=".ttr-planner .js-plotly-plot")
    expect_text(page, ".ttr-planner-summary", "The fewest trains: 12")
    shown = read_plan(page, "Fewest trains to complete them all: 12.")
    for line in sentences(OPENING):
        assert line.strip() in shown, line
    assert "usa-" not in shown
    page.locator(".ttr-planner .js-plotly-plot").first.scroll_into_view_if_needed()
    screenshot(page, "planner-two-tickets", full_page=False)

    # A third ticket, typed as the list shows it and added.
    label = "Seattle–New York (22 points)"
    page.locator(".ttr-planner-search input").fill(label)
    page.locator(".ttr-planner-add").click()
    tickets = (*OPENING, SEATTLE_NEW_YORK)
    expected = sentences(tickets)
    shown = read_plan(page, expected[0])
    for line in expected:
        assert line.strip() in shown, line
    listed = expect_text(page, ".ttr-planner-tickets", "Seattle–New")
    assert "Seattle–New York (22 points)" in listed.replace("\xa0", " ")  # a list: nbsp

    # Denver–Helena clicked on the board as yours: free in the plan.
    trace, point = find_plotly_point(page, DENVER_HELENA)
    click_plotly_point(page, trace, point + 1)
    owned = (DENVER_HELENA,)
    expected = sentences(tickets, owned)
    shown = read_plan(page, "Your routes the plan uses:")
    for line in expected:
        assert line.strip() in shown, line
    trains = plan(USA, tickets, owned).trains  # the summary, a widget of its own, follows
    summary = expect_text(page, ".ttr-planner-summary", f"The fewest trains: {trains}")
    assert summary.split("The fewest trains: ")[1].split()[0] == str(trains), summary
    screenshot(page, "planner-three-tickets-one-owned", full_page=False)
    screenshot(page, "planner-three-tickets-full")
    assert console_errors == []
