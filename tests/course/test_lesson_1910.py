"""Lesson 11 (notebooks/11-USA-1910.ipynb, the USA 1910 box): its positions on the one board of
the 1910 print, a Mega Game's deal kept through the ticket boxes, the Globetrotter on the final
score sheet (won with more tickets against more points, then shared in a tie), the exercise's
totals worked out by hand, the tables and quizzes from the core, the numbers its prose reads
from the lab, and the lesson wired into the course and the site."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from ttr_widgets.course import lab_deal, lessons
from ttr_widgets.course.box_1910 import (
    BOX_QUIZZES,
    BOX_VARIANTS,
    reprints,
    ways_to_play,
    ways_to_play_table,
)
from ttr_widgets.course.lesson_page import Quiz, ScoreExercise, TryIt
from ttr_widgets.course.lessons_1910 import MEGA_KEEP, box_1910_board
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import TicketChoice
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.server.site import kit_pages, links_markdown
from ttr_widgets.widgets.plots.lab_plots import percent

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSON = NOTEBOOKS / "11-USA-1910.ipynb"
RULE_ID = re.compile(r"\b(?:variant|tickets|score)\.[a-z0-9-]+\b")


@pytest.fixture(scope="module")
def try_it() -> TryIt:
    return TryIt.of(lessons.usa_1910())


def test_every_position_is_on_the_1910_print_with_every_card() -> None:
    board = box_1910_board()
    assert board.printing == "1910" and board.ticket("usa-t15").points == 20
    for practice in lessons.usa_1910():
        assert practice.state.board is board, practice.name
        assert practice.state.cards_in_play() == 110, practice.name


def test_the_mega_deal_is_kept_through_the_ticket_boxes(try_it: TryIt) -> None:
    try_it.select("mega-keep")
    pending = try_it.state.pending
    assert isinstance(pending, TicketChoice) and len(pending.tickets) == 5 and pending.keep == 3
    assert set(MEGA_KEEP) <= set(pending.tickets)
    board = try_it.state.board
    denver = [board.ticket(t) for t in MEGA_KEEP[:2]]
    assert all("Denver" in (t.a, t.b) for t in denver)
    assert board.ticket(MEGA_KEEP[2]).points == 8  # Sault St. Marie–Oklahoma City, 9 in 2004
    panel = try_it.table.ticket_choice
    for ticket, box in zip(panel.offered, panel.boxes, strict=True):
        box.value = ticket in MEGA_KEEP[:2]
    panel.keep.click()  # two of five: refused
    assert "Keep at least 3 of these 5 tickets" in try_it.result.value
    assert not try_it.goal_met and try_it.state.pending is not None
    panel.boxes[panel.offered.index(MEGA_KEEP[2])].value = True
    panel.keep.click()
    assert try_it.goal_met
    assert set(MEGA_KEEP) <= set(try_it.state.players[0].tickets)


@pytest.mark.parametrize("name, ann, ben", [("globetrotter", 15, 0),
                                            ("globetrotter-tie", 15, 15)])
def test_the_globetrotter_on_the_final_score_sheet(try_it: TryIt, name: str, ann: int,
                                                   ben: int) -> None:
    try_it.select(name)
    try_it.show_me()
    assert try_it.goal_met and try_it.state.is_over
    sheet = try_it.table.scoring.sheet
    assert sheet == score(try_it.state) and sheet.globetrotter
    first, second = sheet.players
    assert (first.globetrotter_bonus, second.globetrotter_bonus) == (ann, ben)
    assert first.tickets_completed == (3 if ben == 0 else 2) and second.tickets_completed == 2
    assert first.ticket_points < second.ticket_points  # tickets counted, not their points
    assert (first.longest_bonus, second.longest_bonus) == (0, 10)  # the Mega Game has both
    assert str(first.total) in try_it.table.scoring.table.value


def test_the_reprint_scores_its_1910_value(try_it: TryIt) -> None:
    try_it.select("reprint")
    try_it.show_me()
    result = try_it.table.scoring.sheet.players[0].tickets[0]
    assert (result.id, result.completed, result.points) == ("usa-t15", True, 20)
    assert load_map("usa").ticket("usa-t15").points == 21


def test_the_exercise_totals_worked_out_by_hand() -> None:
    exercise = ScoreExercise(lessons.score_exercise_1910(), show_board=False)
    ann, ben = exercise.sheet.players
    assert (ann.total, ben.total) == (41, 17)
    assert (ann.globetrotter_bonus, ben.globetrotter_bonus) == (15, 0)
    assert ann.longest_bonus == ben.longest_bonus == 0  # USA 1910: no bonus for the trail
    for entry, typed in zip(exercise.entries, ("41", "18"), strict=True):
        entry.value = typed
    assert exercise.check() == {"Ann": True, "Ben": False}
    exercise.show_breakdown()
    told = exercise.breakdown.value  # the Score tab's table, Globetrotter row included
    assert "Globetrotter" in told and "+15" in told and "usa-t" not in told


def test_the_tables_are_the_cores() -> None:
    assert BOX_VARIANTS == ("usa-classic", "usa-1910", "usa-mega", "usa-big-cities")
    assert ways_to_play() == (
        ("1910 Classic", "30 tickets", "3, keep at least 2", "3, keep at least 1", "yes", "no"),
        ("USA 1910", "35 tickets", "3, keep at least 2", "3, keep at least 1", "no", "yes"),
        ("Mega Game", "69 tickets", "5, keep at least 3", "4, keep at least 1", "yes", "yes"),
        ("USA Big Cities", "35 tickets", "4, keep at least 2", "4, keep at least 1", "no", "no"))
    assert "Longest Continuous Path bonus (10)" in ways_to_play_table().value
    assert reprints() == (("Los Angeles–Miami", 20, 19), ("Los Angeles–New York", 21, 20),
                          ("Sault St. Marie–Oklahoma City", 9, 8), ("Seattle–New York", 22, 20))


@pytest.mark.parametrize("name", list(BOX_QUIZZES))
def test_each_quiz_marks_its_answer_and_shows_its_position(try_it: TryIt, name: str) -> None:
    quiz = Quiz(**BOX_QUIZZES[name], try_it=try_it)
    text = " ".join(str(v) for k, v in BOX_QUIZZES[name].items() if k not in ("rules",
                                                                             "practice"))
    assert not RULE_ID.search(text), text  # plain words: the rule only behind its why?
    assert all(rule in RULES for rule in quiz.rules)
    wrong = next(o for o in quiz.options if o != quiz.answer)  # the options, as written
    quiz.choices.value = wrong
    assert quiz.check() is False and "Not quite" in quiz.feedback.value
    quiz.choices.value = quiz.answer
    assert quiz.check() is True and "Right." in quiz.feedback.value
    quiz.show_position()
    assert try_it.step.name == BOX_QUIZZES[name]["practice"]


def test_the_no_bonus_quiz_names_each_way_to_play_by_its_title() -> None:
    quiz = BOX_QUIZZES["no-bonus"]
    assert quiz["options"] == [VARIANTS[v].title for v in BOX_VARIANTS]
    assert quiz["answer"] == VARIANTS["usa-big-cities"].title


def test_the_prose_reads_the_labs_numbers() -> None:
    deals = {d.variant: d for d in lab_deal.ways_to_play(load_map("usa"))}
    classic, mega = deals["usa-classic"], deals["usa-mega"]
    prose = " ".join(" ".join(c.source.split()) for c in nbformat.read(LESSON, as_version=4).cells
                     if c.cell_type == "markdown")
    for chance in (lab_deal.shared_city_chance(mega), lab_deal.shared_city_chance(classic),
                   lab_deal.low_keep_chance(mega, 9), lab_deal.low_keep_chance(classic, 9)):
        assert percent(chance) in prose, percent(chance)
    draws = (lab_deal.low_keep_chance(mega, 9, dealt=4, keep=1),
             lab_deal.low_keep_chance(classic, 9, dealt=3, keep=1))
    assert [round(float(p) * 10) for p in draws] == [9, 8]  # "nine in ten", "four in five"
    assert "nine draws in ten" in prose and "four in five" in prose


def test_the_lesson_is_wired_into_the_course_and_the_site() -> None:
    pages = kit_pages(NOTEBOOKS)
    lessons_listed = [p.notebook for p in pages if p.kind == "lesson"]
    assert lessons_listed[-1] == LESSON.name and len(lessons_listed) == 11
    team = nbformat.read(NOTEBOOKS / "10-Team-Play.ipynb", as_version=4).cells[-1].source
    assert f"]({LESSON.name})" in team
    play = nbformat.read(NOTEBOOKS / "Play.ipynb", as_version=4).cells[-1].source
    assert play == links_markdown(pages)
