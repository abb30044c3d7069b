"""Lesson 4's "build the cheapest plan" try-it (``lesson.PlanTryIt``), clicked as a learner
clicks it: routes put in and taken out on the board, Check, Show the fewest, Clear."""

from __future__ import annotations

import re

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_page import PlanTryIt
from ttr_widgets.rules import load_map
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.widgets.board.render import HIGHLIGHT

USA = load_map("usa")
# Ann holds Chicago–New Orleans (7) and Montréal–New Orleans (13). Each ticket's own cheapest
# path: Montréal–New York–Pittsburgh–Raleigh–Atlanta–New Orleans (3 + 2 + 2 + 2 + 4 = 13) and
# Chicago–Saint Louis–Little Rock–New Orleans (2 + 2 + 3 = 7): 20 trains. The fewest: 14, by
# Montréal–Toronto–Chicago (3 + 4) and the Chicago line both tickets share.
EAST = ("usa-072", "usa-078", "usa-084", "usa-006", "usa-004")
CHICAGO_LINE = ("usa-022", "usa-067", "usa-065")
TORONTO = ("usa-074", "usa-024")


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def click(try_it: PlanTryIt, *routes: str) -> None:
    for route in routes:
        try_it.view.simulate_route_click(route)


def test_the_plan_starts_empty_and_grows_with_clicks():
    try_it = PlanTryIt(lessons.plan_exercise())
    assert text(try_it.summary.value) == ("Your plan : 0 routes, 0 trains · ✘ Chicago–New Orleans "
                                          "(7) · ✘ Montréal–New Orleans (13)")
    click(try_it, *CHICAGO_LINE)
    assert text(try_it.summary.value) == ("Your plan : 3 routes, 7 trains · ✔ Chicago–New Orleans "
                                          "(7) · ✘ Montréal–New Orleans (13)")
    assert try_it.check() is False
    assert text(try_it.feedback.value) == "✘ Not yet: Montréal–New Orleans (13) is not joined."
    board = try_it.view.widget.data[HIGHLIGHT]
    assert board.name == "your plan" and len(board.x) > 0


def test_two_cheapest_paths_are_not_the_cheapest_plan():
    try_it = PlanTryIt(lessons.plan_exercise())
    click(try_it, *EAST, *CHICAGO_LINE)
    assert try_it.check() is False
    assert text(try_it.feedback.value) == (
        "✘ Every ticket is joined with 20 trains, but 14 trains are enough. Look for routes the "
        "tickets can share, even if one ticket then takes a longer way.")


def test_the_shared_plan_is_right_and_a_spare_route_is_named():
    try_it = PlanTryIt(lessons.plan_exercise())
    click(try_it, *TORONTO, *CHICAGO_LINE, "usa-001")
    assert try_it.check() is False
    assert text(try_it.feedback.value) == ("✘ Every ticket is joined, but Atlanta–Charleston is "
                                           "not needed by any ticket: take it out.")
    click(try_it, "usa-001")  # a second click takes it out
    assert try_it.chosen == [*TORONTO, *CHICAGO_LINE]
    assert try_it.check() is True
    assert text(try_it.feedback.value) == "✔ Right: 14 trains, the fewest that complete these " \
                                          "tickets."


def test_show_the_fewest_and_clear():
    try_it = PlanTryIt(lessons.plan_exercise())
    click(try_it, *EAST)
    try_it.show_fewest()
    assert text(try_it.feedback.value) == (
        "The fewest: 14 trains — Chicago–Saint Louis, Chicago–Toronto, Little Rock–New Orleans, "
        "Little Rock–Saint Louis, Montréal–Toronto. Shared by the tickets: Chicago–Saint Louis, "
        "Little Rock–New Orleans, Little Rock–Saint Louis.")
    assert try_it.view.widget.data[HIGHLIGHT].name == "the fewest trains"
    try_it.clear()
    assert try_it.chosen == [] and try_it.feedback.value == ""
    assert len(try_it.view.widget.data[HIGHLIGHT].x) == 0


def test_routes_already_claimed_are_answered_not_added():
    # Ben has Chicago–Saint Louis (green); Ann has Montréal–Toronto.
    state = scenario(USA, ["Ann", "Ben"], claimed={"usa-022": 1, "usa-074": 0},
                     tickets=[["usa-t04", "usa-t17"], []])
    try_it = PlanTryIt(state)
    click(try_it, "usa-022")
    assert text(try_it.feedback.value) == ("Chicago–Saint Louis is already taken by Ben: it "
                                           "cannot be in your plan.")
    click(try_it, "usa-074")
    assert text(try_it.feedback.value) == ("Montréal–Toronto is already yours: it is free in "
                                           "any plan.")
    assert try_it.chosen == []
    # With two players the other Chicago–Saint Louis track is closed too (claim.double-small).
    click(try_it, "usa-023")
    assert text(try_it.feedback.value) == ("Chicago–Saint Louis is closed to Ann: the other "
                                           "track is claimed, so it cannot be in the plan.")
    assert try_it.chosen == []
    # Without the Chicago line, both tickets meet at Pittsburgh: Toronto–Pittsburgh 2,
    # Pittsburgh–Raleigh 2, Raleigh–Atlanta 2, Atlanta–New Orleans 4 and Chicago–Pittsburgh 3
    # = 13, Ann's Montréal–Toronto free.
    click(try_it, "usa-086", "usa-084", "usa-006", "usa-004", "usa-020")
    assert try_it.check() is True
    assert text(try_it.feedback.value) == "✔ Right: 13 trains, the fewest that complete these " \
                                          "tickets."
