"""A lesson's board by keyboard alone, at 1366 × 768: the app's finder on the board of lesson 3
(a city typed, its route chosen with Tab and Enter, paid with Enter, told in the live region),
and on a page of two lesson boards the keys act on the board the focus is in, never on both.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from ttr_widgets.testing.keyboard import ANSWER_MS, active, answered, live, tab_to

from . import VoilaServer, open_notebook, running_server, screenshot

pytestmark = pytest.mark.browser

LESSON = "03-Claiming-Routes.ipynb"
TWO_BOARDS = "two_lesson_boards.ipynb"

_PILES_JS = """() => Array.from(document.querySelectorAll('.ttr-app')).map(app =>
  (app.querySelector('.ttr-hand') || {}).textContent || '')"""


@pytest.fixture(scope="module")
def two_boards_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    root: Path = tmp_path_factory.mktemp("two-lesson-boards")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from IPython.display import display\n"
        "from ttr_widgets.course import lessons\n"
        "from ttr_widgets.course.lesson_board import LessonBoard\n"
        "first, second = lessons.drawing()[0].state, lessons.drawing()[0].state\n"
        "display(LessonBoard(first, names=('Ann', 'Ben')))\n"
        "display(LessonBoard(second, names=('Ann', 'Ben')))")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, root / TWO_BOARDS)
    with running_server(root, notebook=TWO_BOARDS, log_name="voila-lesson-keys") as server:
        yield server


def test_a_lesson_route_is_claimed_by_keyboard_alone(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_notebook(page, kit_server, LESSON, ready=".ttr-status")
    said = live(page)
    page.keyboard.press("Alt+F")
    page.wait_for_function("() => document.activeElement?.closest('.ttr-finder-city')",
                           timeout=ANSWER_MS)
    page.keyboard.type("Miami")
    words = "Miami–Atlanta, 5 blue, open"
    page.get_by_role("button", name=words).wait_for(timeout=ANSWER_MS)
    focused = tab_to(page, "ttr-finder-route", text=words)
    assert focused[3] != "none", f"no visible focus on the route's button: {focused}"
    page.keyboard.press("Enter")
    said = answered(page, said)
    assert said.startswith("Atlanta – Miami · 5 blue · 10 points: choose how to pay"), said
    page.wait_for_function("() => document.activeElement?.classList.contains('ttr-claim-option')",
                           timeout=ANSWER_MS)
    assert active(page)[2] == "Pay 3 blue + 2 locomotives"
    screenshot(page, "lesson-keyboard-pay-focused", full_page=False)
    page.keyboard.press("Enter")
    said = answered(page, said)
    assert said.startswith("Ann claims Atlanta–Miami"), said
    assert console_errors == []


def test_on_a_page_of_two_boards_the_keys_act_on_the_one_in_focus(
        two_boards_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_notebook(page, two_boards_server, TWO_BOARDS, ready=".ttr-status")
    page.wait_for_function("() => document.querySelectorAll('.ttr-app .ttr-status').length == 2",
                           timeout=ANSWER_MS)
    before = page.evaluate(_PILES_JS)
    assert before[0] == before[1]
    second = page.locator(".ttr-app").nth(1)
    second.locator(".ttr-finder-city input").focus()
    page.keyboard.press("Alt+B")  # draw blind: the second board's turn only
    page.wait_for_function(f"() => ({_PILES_JS})()[1] !== {before[1]!r}", timeout=ANSWER_MS)
    page.wait_for_timeout(1000)  # were the first board to answer too, it would have by now
    after = page.evaluate(_PILES_JS)
    assert after[0] == before[0] and after[1] != before[1]
    # Alt+F takes the focus to the finder of the board the focus is in
    page.keyboard.press("Alt+F")
    page.wait_for_timeout(300)
    inside = page.evaluate("() => Array.from(document.querySelectorAll('.ttr-app'))"
                           ".findIndex(app => app.contains(document.activeElement))")
    assert inside == 1
    assert console_errors == []
