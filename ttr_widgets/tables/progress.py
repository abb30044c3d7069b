"""The class's progress through the course, as the table service keeps it.

A lesson's page reports, for the student who gave their name (or came by their personal link,
whose seat names them), that the lesson was opened, that it was finished (every quiz on it
answered) and each quiz's answer, right or wrong (``course.progress``). The service keeps one
row per student, lesson, kind and quiz (``Report``; a quiz answered again keeps its latest
answer) in its store (``Store.keep_progress``), through ``POST {base}ttr/api/progress``, a
write-only address: no student reads anyone's progress, their own included. The teacher's room
reads it all (``Room.progress``: a table of students × lessons, ``grid``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.tables.authority import TableError

__all__ = ["KINDS", "PROGRESS", "Report", "grid", "lesson_title", "read_report"]

PROGRESS = "ttr/api/progress"  #: the address lessons' pages report to, under the base
KINDS = ("opened", "finished", "answered")
MAX_NAME = 40
MAX_QUIZ = 300
_LESSON = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")


@dataclass(frozen=True, slots=True)
class Report:
    """One thing a student did in a lesson: opened it, finished it, or answered a quiz
    (``quiz`` its question, ``right`` whether the answer was)."""

    student: str
    lesson: str
    kind: str
    quiz: str = ""
    right: bool | None = None
    at: float = 0.0


def read_report(body: Any, at: float) -> Report:
    """A report from a page's JSON (``{"student", "lesson", "kind", "quiz", "right"}``);
    ``TableError`` (a ``ValueError``) naming the field, in English with its code and arguments
    for the page to tell it in its reader's language (``telling.SAYINGS``)."""
    if not isinstance(body, dict):
        raise TableError.of("report-body")
    known = {"student", "lesson", "kind", "quiz", "right", "table", "seat"}
    unknown = sorted(set(body) - known)
    if unknown:
        raise TableError.of("report-field", field=unknown[0], known=", ".join(sorted(known)))
    student = body.get("student")
    if not isinstance(student, str) or not student.strip():
        raise TableError.of("report-student")
    student = " ".join(student.split())
    if len(student) > MAX_NAME:
        raise TableError.of("report-long-name", n=MAX_NAME)
    lesson = body.get("lesson")
    if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
        raise TableError.of("report-lesson")
    kind = body.get("kind")
    if kind not in KINDS:
        raise TableError.of("report-kind", kinds=", ".join(KINDS))
    quiz, right = body.get("quiz", ""), body.get("right")
    if kind == "answered":
        if not isinstance(quiz, str) or not quiz.strip() or len(quiz) > MAX_QUIZ:
            raise TableError.of("report-quiz", n=MAX_QUIZ)
        if not isinstance(right, bool):
            raise TableError.of("report-right")
        return Report(student, lesson, kind, quiz.strip(), right, at)
    if quiz or right is not None:
        raise TableError.of("report-no-quiz", kind=kind)
    return Report(student, lesson, str(kind), "", None, at)


def lesson_title(lesson: str) -> str:
    """'02-Drawing-Cards' → '2. Drawing Cards'."""
    number, _, rest = lesson.partition("-")
    if number.isdigit() and rest:
        return f"{int(number)}. {rest.replace('-', ' ')}"
    return lesson.replace("-", " ")


def grid(reports: list[Report], title: Callable[[str], str] = lesson_title) -> dict[str, Any]:
    """The class's progress as a table of students × lessons: the lessons anyone opened (in
    the course's order, each named by ``title``), and per student and lesson whether it was
    opened and finished, the quizzes answered right and those answered wrong (their
    questions), and a cell's words."""
    lessons = sorted({r.lesson for r in reports})
    students = sorted({r.student for r in reports}, key=str.casefold)
    mine: dict[tuple[str, str], list[Report]] = {}
    for report in reports:
        mine.setdefault((report.student, report.lesson), []).append(report)
    rows = []
    for student in students:
        cells = []
        for lesson in lessons:
            done = mine.get((student, lesson), [])
            kinds = {r.kind for r in done}
            right = sorted(r.quiz for r in done if r.kind == "answered" and r.right)
            wrong = sorted(r.quiz for r in done if r.kind == "answered" and not r.right)
            cells.append({"lesson": lesson, "opened": bool(kinds), "finished":
                          "finished" in kinds, "right": right, "wrong": wrong,
                          "text": _cell_text("finished" in kinds, bool(kinds), right, wrong)})
        rows.append({"name": student, "cells": cells})
    return {"lessons": [{"id": lesson, "title": title(lesson)} for lesson in lessons],
            "students": rows}


def _cell_text(finished: bool, opened: bool, right: list[str], wrong: list[str]) -> str:
    """'not opened', 'opened, no quiz answered', 'finished: 2 quizzes right, 1 wrong', in the
    reader's language."""
    if not opened:
        return _("not opened")
    state = _("finished") if finished else _("opened")
    if not right and not wrong:
        return _("{state}, no quiz answered").format(state=state)
    said = [ngettext("{n} quiz right", "{n} quizzes right", len(right)).format(n=len(right))
            ] if right else []
    if wrong:
        said.append(ngettext("{n} wrong", "{n} wrong", len(wrong)).format(n=len(wrong))
                    if right else ngettext("{n} quiz wrong", "{n} quizzes wrong",
                                           len(wrong)).format(n=len(wrong)))
    return _("{state}: {said}").format(state=state, said=", ".join(said))
