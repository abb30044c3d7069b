"""A lesson's quizzes report to the page's progress: opened once the browser names the lesson
and the student, each answer right or wrong, finished when every quiz is answered; the name
asked once when the browser knows none; a personal link's seat stands for the name; outside
``ttr serve`` nothing is asked or reported."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ttr_widgets.course.lesson_page import Quiz
from ttr_widgets.course.progress import LessonProgress, page_progress


class Recorder:
    def __init__(self, refuse: str | None = None) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.refuse = refuse

    def report(self, body: dict[str, Any], refused: Callable[[str], object]) -> None:
        self.bodies.append(body)
        if self.refuse is not None:
            refused(self.refuse)


def browser_says(progress: LessonProgress, *, student: str = "", seats: str = "") -> None:
    page = progress.browser
    page.lesson, page.student, page.seats = "02-Drawing-Cards", student, seats
    page.told = True


def quizzes(progress: LessonProgress) -> tuple[Quiz, Quiz]:
    return (Quiz("How many cards?", ["1", "2"], "1", "A locomotive is the draw.",
                 progress=progress),
            Quiz("A second card?", ["Yes", "No"], "Yes", "It counts as one.", progress=progress))


def test_a_quiz_answer_reaches_the_recorder_for_the_student_the_browser_knows() -> None:
    recorder = Recorder()
    progress = LessonProgress(recorder)
    first, second = quizzes(progress)
    assert recorder.bodies == []  # the page waits for the browser to name lesson and student
    browser_says(progress, student="Ann")
    assert progress.box.layout.display == "none"  # a name known: nothing asked
    first.choices.value = "2"
    assert first.check() is False
    first.choices.value = "1"
    assert first.check() is True
    second.choices.value = "Yes"
    second.check()
    who = {"student": "Ann", "lesson": "02-Drawing-Cards"}
    assert recorder.bodies == [
        {**who, "kind": "opened"},
        {**who, "kind": "answered", "quiz": "How many cards?", "right": False},
        {**who, "kind": "answered", "quiz": "How many cards?", "right": True},
        {**who, "kind": "answered", "quiz": "A second card?", "right": True},
        {**who, "kind": "finished"}]
    assert progress.browser in first.widget.children  # the first quiz carries the page's part
    assert progress.box not in second.widget.children


def test_the_name_is_asked_once_and_kept_by_the_browser() -> None:
    recorder = Recorder()
    progress = LessonProgress(recorder)
    first, _second = quizzes(progress)
    browser_says(progress)
    assert progress.box.layout.display == ""
    first.choices.value = "1"
    first.check()
    assert recorder.bodies == []  # nobody to report for yet
    progress.give_name("   ")
    assert progress.said.value == "Type your name (at most 40 characters)."
    progress.give_name(" Ben  Hall ")
    assert progress.browser.remember == "Ben Hall"
    assert progress.said.value == "Thank you, Ben Hall: your teacher sees your progress."
    assert [(b["student"], b["kind"]) for b in recorder.bodies] == [("Ben Hall", "opened"),
                                                                    ("Ben Hall", "answered")]


def test_a_personal_links_seat_stands_for_the_name_and_asks_it_when_refused() -> None:
    recorder = Recorder(refuse="seat: no seat of this server's tables has this key")
    progress = LessonProgress(recorder)
    quizzes(progress)
    browser_says(progress, seats="oak-1 KEY-OF-ANN")
    assert recorder.bodies == [{"table": "oak-1", "seat": "KEY-OF-ANN",
                                "lesson": "02-Drawing-Cards", "kind": "opened"}]
    assert progress.box.layout.display == ""  # the seat is no longer known: the name asked
    recorder.refuse = None
    progress.give_name("Ann")
    assert recorder.bodies[-1] == {"student": "Ann", "lesson": "02-Drawing-Cards",
                                   "kind": "opened"}


def test_outside_ttr_serve_a_quiz_asks_and_reports_nothing(monkeypatch: Any) -> None:
    for name in ("TTR_TABLES", "TTR_TABLES_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("ttr_widgets.course.progress._PAGE", None)
    quiz = Quiz("How many cards?", ["1", "2"], "1", "A locomotive is the draw.")
    assert not quiz.progress.active and quiz.progress is page_progress()
    assert all("ttr-progress-name" not in getattr(c, "_dom_classes", ())
               for c in quiz.widget.children)
    quiz.choices.value = "1"
    assert quiz.check() is True and quiz.progress.waiting == []
