"""Never a dead board: a page starved of CPU while the board's module loads still gets a live
board, and a board whose module cannot load at all says so and offers a reload that works.

anywidget gives a widget's JavaScript module 2 seconds from the widget's creation to load and
initialise; past that it ignores every later message from the kernel to that widget, so the
board stays as first drawn. Plotly's module is 5 MB: on a starved page (many browsers on one
machine, a slow laptop) evaluating it takes longer. Here the page's main thread is kept busy for
``STALL_MS`` exactly while plotly's module is evaluated (the module, which ``ttr serve`` hands
out as a file, arrives with a busy loop in front), and the board must still answer a click with
the kernel's redraw (the selection on the route). Without the kit template's longer limit this
test fails with "[anywidget] Failed to initialize model."
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route

from . import VoilaServer, screenshot
from .play_helpers import PlayPage

pytestmark = pytest.mark.alone  # measures the page on a CPU of its own

STALL_MS = 3_000  #: how long the page's main thread is kept busy as plotly's module is evaluated
ROUTE = "usa-031"  #: Denver–Helena
MODULE = "**/ttr/plotly-*/widgetbundle.js"  #: plotly's module as ttr serve hands it out
STALL = f"{{ const until = performance.now() + {STALL_MS}; while (performance.now() < until); }}\n"


def test_a_board_whose_module_loads_on_a_starved_page_comes_alive(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    stalled: list[str] = []

    def starve(route: Route) -> None:
        response = route.fetch()
        stalled.append(route.request.url)
        route.fulfill(response=response, body=STALL + response.text())

    page.route(MODULE, starve)
    play = PlayPage.open(page, kit_server)
    assert stalled, "plotly's module was not loaded as a file, so it was not stalled"
    play.select_route(ROUTE)  # the kernel's redraw reached the board: it is alive
    screenshot(page, "starved-board-alive")
    assert not [error for error in console_errors if "anywidget" in error], console_errors
    assert page.locator("#ttr-reload").count() == 0


def test_a_board_whose_module_fails_says_so_and_a_reload_brings_it_back(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    refused: list[str] = []
    refusing = True  #: the module cannot be fetched until the page offers its reload

    def refuse(route: Route) -> None:
        if refusing:
            refused.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route(MODULE, refuse)
    page.goto(kit_server.url("Play.ipynb"), wait_until="commit")
    notice = page.locator("#ttr-reload")
    notice.wait_for(state="visible", timeout=90_000)
    assert "did not load" in notice.inner_text()
    screenshot(page, "dead-board-offers-reload")
    refusing = False
    notice.get_by_role("button", name="Reload the page").click()
    page.locator(".ttr-status").first.wait_for(state="visible", timeout=90_000)
    play = PlayPage(page)
    play.wait_for_board()
    play.select_route(ROUTE)
    assert refused
    assert notice.count() == 0
