"""The Plan tab of the play app in a real Voila server and headless Chromium: the plan for the
person's tickets, highlighted on the board, its bottlenecks, the answer for a route clicked on
the board, and the plan following a route the person claims.

The position (a named one, ``rules.scenario``): You own Seattle–Portland and hold Seattle–Los
Angeles and Portland–Phoenix against the greedy bot. The cheapest plan is Portland–San
Francisco, San Francisco–Los Angeles (both shared by the two tickets) and Los Angeles–Phoenix:
11 trains (worked out in tests/test_planner.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from ttr_widgets.rules.planner import plan_for
from ttr_widgets.widgets.board.render import HIGHLIGHT

from . import VoilaServer, running_server, screenshot
from .play_helpers import ACTION_TIMEOUT_MS, PlayPage

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

NOTEBOOK = "plan_usa.ipynb"
SOURCE = """\
from ttr_widgets.rules import load_map
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.widgets.pages.app import PlayApp
state = scenario(load_map('usa'), ['You', 'Greedy bot'], claimed={'usa-091': 0},
                 tickets=[['usa-t24', 'usa-t20'], ['usa-t01']],
                 hands=[{'green': 6, 'pink': 4, 'locomotive': 2}])
PlayApp.from_game(Game((state,)), ('human', 'greedy'), bot_delay=0.05)
"""


@pytest.fixture(scope="module")
def plan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    root = tmp_path_factory.mktemp("plan-notebooks")
    _write_notebook(root / NOTEBOOK, SOURCE)
    with running_server(root, notebook=NOTEBOOK, log_name="voila-plan") as server:
        yield server


def _write_notebook(path: Path, source: str) -> None:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, path)


def _wait_text(play: PlayPage, selector: str, text: str) -> str:
    """Wait until the element's text as a reader sees it (``innerText``: table cells apart,
    spaces squeezed) contains ``text``; that text then."""
    read = "(s) => { const e = document.querySelector(s);" \
           " return e ? e.innerText.replace(/\\s+/g, ' ').trim() : ''; }"
    try:
        play.page.wait_for_function(f"([s, t]) => ({read})(s).includes(t)", arg=[selector, text],
                                    timeout=ACTION_TIMEOUT_MS)
    except Exception as error:  # the assertion names what the page said instead
        raise AssertionError(f"{selector} reads {play.page.evaluate(read, selector)!r}, "
                             f"expected {text!r}") from error
    return str(play.page.evaluate(read, selector))


def _highlight(play: PlayPage) -> tuple[str, int]:
    """The board's highlight band: its legend name and how many points it draws."""
    name, points = play.page.evaluate(
        "(i) => { const gd = document.querySelector('.ttr-board .js-plotly-plot');"
        " const t = gd.data[i]; return [t.name || '', (t.x || []).length]; }", HIGHLIGHT)
    return str(name), int(points)


def test_the_plan_tab_in_the_browser(plan_server: VoilaServer, page: Page,
                                     console_errors: list[str]) -> None:
    play = PlayPage.open(page, plan_server, NOTEBOOK)
    play.tab("Plan")
    summary = _wait_text(play, ".ttr-plan-summary", "11 trains still to place")
    assert summary.startswith("Your plan for 2 tickets: 11 trains still to place (44 left).")
    assert "A Seattle – Los Angeles (9)" in summary
    routes = _wait_text(play, ".ttr-plan-routes", "Portland – San Francisco")
    assert "Portland – San Francisco 5 5 green A B (shared)" in routes
    assert "Cards: 5 green, 3 pink, gray route: 3 cards in one colour of your choice" in routes
    bottlenecks = _wait_text(play, ".ttr-plan-bottlenecks", "most critical first")
    assert bottlenecks.index("Los Angeles – Phoenix: +6 trains") < bottlenecks.index(
        "Portland – San Francisco: +3 trains")
    assert play.read_until(lambda: _highlight(play)[0], "plan: 11 trains") == \
        "plan: 11 trains"
    assert _highlight(play)[1] > 0
    screenshot(page, "plan-panel")

    play.select_route("usa-068")  # what if Los Angeles–Phoenix is taken?
    answer = _wait_text(play, ".ttr-plan-what-if", "6 more trains")
    assert answer == ("If someone else took Los Angeles – Phoenix, your plan would cost 6 more "
                      "trains (17 instead of 11).")

    play.select_route("usa-089")  # claim Portland–San Francisco (the Play tab's claim panel)
    play.tab("Play")
    assert play.claim_option(0)
    play.tab("Plan")
    routes = _wait_text(play, ".ttr-plan-routes", "Portland – San Francisco 5 yours")
    assert "Portland – San Francisco 5 yours A B (shared)" in routes
    summary = _wait_text(play, ".ttr-plan-summary", "Your plan")
    assert "11 trains" not in summary
    assert "usa-" not in summary + routes
    trains = re.search(r"(\d+) trains? still to place", summary)
    assert trains is not None, summary
    label = f"plan: {trains[1]} train{'' if trains[1] == '1' else 's'}"
    assert play.read_until(lambda: _highlight(play)[0], label) == label  # the board follows
    screenshot(page, "plan-panel-after-claim")
    assert console_errors == []


def test_the_notebook_position_is_the_one_worked_out() -> None:
    """The page's position, built here: the plan the browser test expects (11 trains)."""
    namespace: dict[str, object] = {}
    exec(SOURCE.rsplit("\n", 2)[0], namespace)  # everything but the app itself
    assert plan_for(namespace["state"], 0).trains == 11  # type: ignore[arg-type]
