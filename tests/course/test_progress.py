"""A lesson's quizzes report to the page's progress: opened once the browser names the lesson
and the student, each answer right or wrong, finished when every quiz is answered; the name
asked once when the browser knows none; a personal link's seat stands for the name; a report
not kept is said in the box, in one sentence (the service's refusal, or that it cannot be
reached), in the page's language; outside ``ttr serve`` nothing is asked or reported."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ttr_widgets.course.lesson_page import Quiz
from ttr_widgets.course.progress import (
    LessonProgress,
    Refusal,
    ServiceRecorder,
    _refusal,
    page_progress,
    refusal_words,
)
from ttr_widgets.rules import i18n
from ttr_widgets.server.ports import find_free_port
from ttr_widgets.tables.authority import TableError

SEAT_UNKNOWN = TableError.of("report-seat").told()  #: as the service answers it


class Recorder:
    def __init__(self, refuse: Refusal | None = None) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.refuse = refuse

    def report(self, body: dict[str, Any], refused: Callable[[Refusal], object]) -> None:
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
    recorder = Recorder(refuse=SEAT_UNKNOWN)
    progress = LessonProgress(recorder)
    quizzes(progress)
    browser_says(progress, seats="oak-1 KEY-OF-ANN")
    assert recorder.bodies == [{"table": "oak-1", "seat": "KEY-OF-ANN",
                                "lesson": "02-Drawing-Cards", "kind": "opened"}]
    assert progress.box.layout.display == ""  # the seat is no longer known: the name asked
    assert progress.asking.layout.display != "none"
    assert progress.said.value == ("Your progress was not kept: seat: no seat of this "
                                   "server's tables has this key")
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


def test_a_report_not_kept_is_said_in_the_box_in_the_pages_language() -> None:
    """The name known (the box hidden), a report the service refuses shows the box with why
    (not the name asked again), in the language now and again after a change."""
    recorder = Recorder(refuse=TableError.of("report-unkept", error="database is locked").told())
    progress = LessonProgress(recorder)
    quizzes(progress)
    browser_says(progress, student="Ann")
    assert progress.box.layout.display == "" and progress.asking.layout.display == "none"
    assert progress.said.value == ("Your progress was not kept: the teacher's table service "
                                   "cannot keep progress just now (database is locked)")
    i18n.set_language("fr")
    try:
        assert progress.said.value == (
            "Votre progression n'a pas été enregistrée : le service des tables de l'enseignant "
            "ne peut pas enregistrer la progression pour l'instant (database is locked)")
    finally:
        i18n.set_language(None)


def test_the_services_answers_as_the_page_reads_them() -> None:
    coded = json.dumps({"error": "right: expected true or false", "say": "report-right",
                        "args": {}}).encode()
    assert refusal_words(_refusal(coded, 400, "Bad Request")) == (
        "Your progress was not kept: right: expected true or false")
    with i18n.use("fr"):
        assert refusal_words(_refusal(coded, 400, "Bad Request")) == (
            "Votre progression n'a pas été enregistrée : juste : vrai ou faux est attendu")
        # a refusal without a code known here says its text; an answer that is none, its status
        uncoded = json.dumps({"error": "Something new."}).encode()
        assert refusal_words(_refusal(uncoded, 400, "Bad Request")) == (
            "Votre progression n'a pas été enregistrée : Something new.")
        assert refusal_words(_refusal(b"<html>Bad gateway</html>", 502, "Bad Gateway")) == (
            "Votre progression n'a pas été enregistrée : le service des tables de l'enseignant "
            "a répondu 502 Bad Gateway.")


def test_a_service_that_cannot_be_reached_is_one_sentence_not_an_exception() -> None:
    nobody = ServiceRecorder(f"http://127.0.0.1:{find_free_port()}/")  # nothing listens there
    told: list[Refusal] = []
    nobody.report({"student": "Ann", "lesson": "02-Drawing-Cards", "kind": "opened"},
                  told.append)
    assert nobody.sent == 0 and len(told) == 1
    assert refusal_words(told[0]) == ("Your progress was not kept: the teacher's table service "
                                      "cannot be reached just now.")
    with i18n.use("fr"):
        assert refusal_words(told[0]) == (
            "Votre progression n'a pas été enregistrée : le service des tables de l'enseignant "
            "est injoignable pour le moment.")
