"""The class's progress in Chromium at 1366×768, on a real ``ttr serve``: a lesson opened in a
browser that knows no name asks for one at its first quiz, the student gives it and answers the
quiz, and the teacher's room shows that student's lesson opened with the quiz answered right;
the lesson opened again in the same browser asks no more. axe-core finds no serious violation on
the lesson asking the name nor on the room's table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from . import KIT_NOTEBOOKS, VoilaServer, open_notebook, running_server, screenshot
from .axe_check import assert_accessible

KEY = "progress-browser-key"
LESSON = "02-Drawing-Cards.ipynb"
WAIT_MS = 60_000


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    with running_server(KIT_NOTEBOOKS, notebook=LESSON, log_name="voila-progress",
                        extra=["--teacher-key", KEY]) as running:
        yield running


@pytest.mark.browser
def test_a_students_quiz_answer_reaches_the_teachers_room(
        server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, server, LESSON, ready=".ttr-quiz")
    ask = page.locator(".ttr-progress-name")
    ask.wait_for(state="visible", timeout=WAIT_MS)
    assert "Your name, so that your teacher sees" in ask.inner_text()
    ask.scroll_into_view_if_needed()
    screenshot(page, "progress-lesson-asks-name", full_page=False)
    assert_accessible(page, LESSON)  # the name asked is a labelled field
    ask.locator("input").fill("Ann Lee")
    ask.locator("button", has_text="Save").click()
    ask.get_by_text("Thank you, Ann Lee: your teacher sees your progress.").wait_for(
        timeout=WAIT_MS)
    quiz = page.locator(".ttr-quiz").first
    quiz.get_by_label("1", exact=True).check()
    quiz.locator("button", has_text="Check").click()
    quiz.get_by_text("Right.").wait_for(timeout=WAIT_MS)
    quiz.scroll_into_view_if_needed()
    screenshot(page, "progress-lesson-name-given", full_page=False)

    page.goto(f"{server.base_url}ttr/room?key={KEY}")
    cell = page.locator("table.progress td", has_text="opened: 1 quiz right")
    cell.wait_for(timeout=WAIT_MS)
    table = page.locator("table.progress")
    # the lesson named as its page titles it
    assert table.locator("th[scope=col]").all_inner_texts() == [
        "student", "Lesson 2 · Drawing train cards"]
    assert table.locator("th[scope=row]").all_inner_texts() == ["Ann Lee"]
    table.scroll_into_view_if_needed()
    screenshot(page, "progress-room", full_page=False)
    assert_accessible(page, "teacher's room")

    open_notebook(page, server, LESSON, ready=".ttr-quiz")  # the browser keeps the name
    page.locator(".ttr-quiz").first.wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(1000)  # the page's part has told the kernel what the browser keeps
    assert not page.locator(".ttr-progress-name").is_visible()
    assert console_errors == []

