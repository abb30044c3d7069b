"""The class's progress through the course: kept by either store (a quiz answered again keeps
its latest answer), the teacher's room's table of students × lessons, a personal link's seat
naming its student, bad reports one line naming the field; then over HTTP against a real ``ttr
serve`` on either store: the lessons' pages write with the class key and read nothing back,
the room reads it all with the teacher's key only; a French page's reports refused by the
server are told in French."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.course.progress import LessonProgress, ServiceRecorder
from ttr_widgets.rules import i18n
from ttr_widgets.tables.client import parse_link
from ttr_widgets.tables.progress import Report, grid, lesson_title, read_report
from ttr_widgets.tables.room import Room
from ttr_widgets.tables.stores import open_store
from ttr_widgets.testing import table_service
from ttr_widgets.testing.browser import VoilaServer, running_server
from ttr_widgets.testing.table_service import Clock

ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
KEY = "teacher-key-for-tests"
CLASS_KEY = "class-key-for-progress"


def make_room(tables_at: str, clock: Clock | None = None) -> Room:
    return table_service.make_room(tables_at, KEY, clock)


LESSON = "02-Drawing-Cards"
Q1 = "You take a face-up locomotive first. How many cards do you get this turn?"
Q2 = "Your first blind card is a locomotive. Do you draw a second card?"


# -- in one process, on both stores -----------------------------------------------------------

def test_each_store_keeps_a_students_progress_and_an_answer_again_replaces_it(
        tables_at: str) -> None:
    store = open_store(tables_at)
    try:
        store.keep_progress(Report("Ann", LESSON, "opened", at=1.0))
        store.keep_progress(Report("Ann", LESSON, "answered", Q1, False, 2.0))
        store.keep_progress(Report("Ben", LESSON, "opened", at=3.0))
        store.keep_progress(Report("Ann", LESSON, "answered", Q1, True, 4.0))  # tried again
        store.keep_progress(Report("Ann", LESSON, "opened", at=5.0))  # the page reloaded
    finally:
        store.close()
    again = open_store(tables_at)  # what a restarted server reads
    try:
        assert again.progress() == [Report("Ann", LESSON, "opened", "", None, 5.0),
                                    Report("Ann", LESSON, "answered", Q1, True, 4.0),
                                    Report("Ben", LESSON, "opened", "", None, 3.0)]
    finally:
        again.close()


def test_the_room_shows_students_by_lessons(tables_at: str) -> None:
    room = make_room(tables_at)
    for body in ({"student": "Ben", "lesson": LESSON, "kind": "opened"},
                 {"student": "Ann", "lesson": LESSON, "kind": "opened"},
                 {"student": "Ann", "lesson": LESSON, "kind": "answered", "quiz": Q1,
                  "right": True},
                 {"student": "Ann", "lesson": LESSON, "kind": "answered", "quiz": Q2,
                  "right": False},
                 {"student": "Ann", "lesson": LESSON, "kind": "finished"},
                 {"student": "  Ann ", "lesson": "01-Board-and-Goal", "kind": "opened"}):
        room.report(body)
    progress = room.progress()
    assert progress["lessons"] == [{"id": "01-Board-and-Goal", "title": "1. Board and Goal"},
                                   {"id": LESSON, "title": "2. Drawing Cards"}]
    ann, ben = progress["students"]
    assert (ann["name"], ben["name"]) == ("Ann", "Ben")
    assert [c["text"] for c in ann["cells"]] == ["opened, no quiz answered",
                                                 "finished: 1 quiz right, 1 wrong"]
    assert ann["cells"][1]["right"] == [Q1] and ann["cells"][1]["wrong"] == [Q2]
    assert ann["cells"][1]["finished"] and not ann["cells"][0]["finished"]
    assert [c["text"] for c in ben["cells"]] == ["not opened", "opened, no quiz answered"]
    room.service.store.close()


def test_a_personal_links_seat_names_its_student(tables_at: str) -> None:
    room = make_room(tables_at)
    sheet = room.make_class(["Cleo", "Dan"], map_name="usa", seats=2, word="elm")
    key = parse_link(sheet.seats[1].link).seat
    kept = room.report({"table": "elm-1", "seat": key, "lesson": LESSON, "kind": "opened"})
    assert kept.student == "Dan"
    # a seat key wins over a name typed (nobody writes a classmate's progress with theirs)
    kept = room.report({"table": "elm-1", "seat": key, "student": "Cleo", "lesson": LESSON,
                        "kind": "answered", "quiz": Q1, "right": True})
    assert kept.student == "Dan"
    with pytest.raises(ValueError, match=r"^seat: no seat of this server.s tables has this key$"):
        room.report({"table": "elm-1", "seat": "not-a-key-of-anyone", "lesson": LESSON,
                     "kind": "opened"})
    assert [(r.student, r.kind) for r in room.service.store.progress()] == [
        ("Dan", "opened"), ("Dan", "answered")]
    room.service.store.close()


@pytest.mark.parametrize(("body", "line"), [
    ([], "body: expected a JSON object"),
    ({"student": "Ann", "lesson": LESSON, "kind": "opened", "score": 3},
     "score: not part of a lesson's report"),
    ({"lesson": LESSON, "kind": "opened"}, "student: expected the student's name"),
    ({"student": "x" * 41, "lesson": LESSON, "kind": "opened"},
     "student: a name has at most 40 characters"),
    ({"student": "Ann", "lesson": "../etc", "kind": "opened"}, "lesson: expected the lesson's"),
    ({"student": "Ann", "lesson": LESSON, "kind": "cheated"},
     "kind: expected one of opened, finished, answered"),
    ({"student": "Ann", "lesson": LESSON, "kind": "answered", "right": True},
     "quiz: expected the quiz's question"),
    ({"student": "Ann", "lesson": LESSON, "kind": "answered", "quiz": Q1, "right": "yes"},
     "right: expected true or false"),
    ({"student": "Ann", "lesson": LESSON, "kind": "opened", "quiz": Q1},
     "quiz: only an answer names a quiz"),
])
def test_a_bad_report_is_one_line_naming_the_field(body: Any, line: str) -> None:
    with pytest.raises(ValueError) as raised:
        read_report(body, 0.0)
    assert str(raised.value).startswith(line)
    assert "\n" not in str(raised.value)


def test_words_of_the_progress() -> None:
    assert lesson_title("11-USA-1910") == "11. USA 1910"
    assert lesson_title("Glossary") == "Glossary"
    one = grid([Report("Eve", LESSON, "answered", Q1, True)])
    assert one["students"][0]["cells"][0]["text"] == "opened: 1 quiz right"
    two = grid([Report("Eve", LESSON, "answered", Q1, False),
                Report("Eve", LESSON, "answered", Q2, False)])
    assert two["students"][0]["cells"][0]["text"] == "opened: 2 quizzes wrong"


# -- over HTTP, on both stores ----------------------------------------------------------------

@pytest.fixture
def server(tmp_path: Path, tables_at: str) -> Iterator[VoilaServer]:
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False,
                        log_name="tables-progress", tables=tables_at,
                        extra=("--teacher-key", KEY, "--class-key", CLASS_KEY)) as running:
        yield running


def status(url: str, body: Any = None, token: str | None = CLASS_KEY) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    if token:
        request.add_header("Authorization", f"token {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.mark.browser
def test_pages_write_their_students_progress_and_only_the_teacher_reads_it(
        server: VoilaServer) -> None:
    base = server.base_url
    report = {"student": "Ann", "lesson": LESSON, "kind": "answered", "quiz": Q1,
              "right": True}
    assert status(f"{base}ttr/api/progress", report, token=None)[0] in (401, 403)
    assert status(f"{base}ttr/api/progress", report) == (200, {"student": "Ann"})
    code, text = status(f"{base}ttr/api/progress", {**report, "right": 1})
    assert code == 400 and json.loads(text)["error"] == "right: expected true or false"
    assert status(f"{base}ttr/api/progress")[0] == 405  # a page reads nobody's progress
    code, text = status(f"{base}ttr/room/api/progress")
    assert code == 403 and "teacher's key" in text
    code, progress = status(f"{base}ttr/room/api/progress?key={KEY}")
    assert code == 200
    assert progress["students"] == [{"name": "Ann", "cells": [
        {"lesson": LESSON, "opened": True, "finished": False, "right": [Q1], "wrong": [],
         "text": "opened: 1 quiz right"}]}]


def _french_page(base: str, lesson: str, seats: str = "") -> LessonProgress:
    """A lesson page in French reporting to the server at ``base``: its browser names the
    lesson and the seat keys it keeps (none: the name is asked, and given as Ann)."""
    with i18n.use("fr"):
        progress = LessonProgress(ServiceRecorder(base, CLASS_KEY))
        page = progress.browser
        page.lesson, page.seats = lesson, seats
        page.told = True  # the report 'opened' is sent (no loop runs here: at once)
        if not seats:
            progress.give_name("Ann")
        return progress


@pytest.mark.browser
def test_a_french_pages_reports_refused_by_the_server_are_told_in_french(
        server: VoilaServer) -> None:
    base = server.base_url
    with ThreadPoolExecutor(1) as apart:  # a thread of its own: no event loop runs there
        stranger = apart.submit(_french_page, base, LESSON, "oak-1 NOT-A-SEAT-KEY").result()
        assert stranger.recorder.sent == 0
        assert stranger.box.layout.display == "" and stranger.asking.layout.display != "none"
        assert stranger.said.value == ("Votre progression n'a pas été enregistrée : place : "
                                       "aucune place des tables de ce serveur n'a cette clé")
        badly_named = apart.submit(_french_page, base, "Ma leçon").result()  # not a name
        assert badly_named.said.value == (
            "Votre progression n'a pas été enregistrée : leçon : le nom du notebook de la "
            "leçon est attendu, comme 02-Drawing-Cards")
        kept = apart.submit(_french_page, base, LESSON).result()
    assert kept.recorder.sent == 1
    assert kept.said.value == "Merci, Ann : votre enseignant voit vos progrès."
