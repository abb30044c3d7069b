"""The course's positions and widgets, headless: every practice's demo does what it says, the
TryIt's picker, Show me and quizzes work, and the exercises mark answers worked out by hand.
The lesson board's clicks and refusals are tested in test_lesson_board.py."""

from __future__ import annotations

import html

import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_page import Quiz, ScoreExercise, TryIt, WhichTicketFails
from ttr_widgets.course.lessons import Practice, route_between
from ttr_widgets.rules import RULES
from ttr_widgets.rules.actions import DrawFaceUp, Pass
from ttr_widgets.rules.engine import apply, holdings, why_illegal
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.position import Position
from ttr_widgets.testing.words import code_speak, visible_texts
from ttr_widgets.widgets.table.status import why_html

USA = load_map("usa")
LESSONS = (lessons.board_and_goal, lessons.drawing, lessons.claiming, lessons.tickets,
           lessons.ending, lessons.ferries_and_tunnels, lessons.stations, lessons.confused_usa,
           lessons.confused_europe, lessons.europa_1912, lessons.usa_1910)
PRACTICES = [(f.__name__, p) for f in LESSONS for p in f()]


# --------------------------------------------------------------------------- the positions


@pytest.mark.parametrize("practice", [p for _, p in PRACTICES],
                         ids=[f"{lesson}:{p.name}" for lesson, p in PRACTICES])
def test_every_demo_ends_as_its_practice_says(practice: Practice) -> None:
    state = practice.state
    for action in practice.demo[:-1]:
        state = apply(state, action)
    error = why_illegal(state, practice.demo[-1])
    if practice.outcome == "refused":
        assert error is not None and error.rule == practice.rule, error
    else:
        assert error is None, error


def test_practice_names_are_unique_within_a_lesson_and_rules_are_known() -> None:
    for lesson in LESSONS:
        names = [p.name for p in lesson()]
        assert len(names) == len(set(names)), lesson.__name__
    with pytest.raises(ValueError, match="rule"):
        Practice("x", "X", lessons.drawing()[0].state, "p", "no.such-rule", (Pass(),))


def test_route_between_names_the_cities_when_there_is_no_route() -> None:
    assert route_between(USA, "Atlanta", "Miami") == route_between(USA, "Miami", "Atlanta")
    with pytest.raises(KeyError, match=r"Atlanta.*Seattle"):
        route_between(USA, "Atlanta", "Seattle")


def test_warehouse_positions_keep_every_card() -> None:
    for practice in lessons.europa_1912():
        assert practice.state.cards_in_play() == 110


# --------------------------------------------------------------------------- TryIt


@pytest.fixture(scope="module")
def drawing() -> TryIt:
    return TryIt.of(lessons.drawing())


@pytest.fixture(scope="module")
def claiming() -> TryIt:
    return TryIt.of(lessons.claiming())


def face_up(try_it: TryIt, card: str):  # type: ignore[no-untyped-def]
    return next(b for b in try_it.face_up_buttons if b.description == card)


def test_face_up_locomotive_ends_the_turn(drawing: TryIt) -> None:
    drawing.select("face-up-locomotive")
    face_up(drawing, "locomotive").click()
    assert drawing.state.current == 1 and "whole draw" in drawing.result.value
    assert drawing.goal_met


def test_the_four_player_double_route_cites_its_own_rule(claiming: TryIt) -> None:
    claiming.select("double-four-players")
    claiming.show_me()
    assert claiming.goal_met and "claim.double-large" in claiming.goal.value
    shown = claiming.result.value + claiming.goal.value + claiming.prompt.value
    assert RULES["claim.double-large"] in shown and RULES["claim.double-small"] not in shown
    claiming.select("double-two-players")
    claiming.show_me()
    assert "claim.double-small" in claiming.goal.value


def test_draw_tickets_in_the_middle_of_a_draw_is_refused(drawing: TryIt) -> None:
    drawing.select("two-cards")
    drawing.blind_button.click()
    drawing.tickets_button.click()
    assert "draw.two-cards" in drawing.result.value


def test_the_picker_switches_position_from_its_start(drawing: TryIt) -> None:
    index = [s.name for s in drawing.steps].index("no-card")
    drawing.picker.value = index
    assert drawing.step.name == "no-card" and drawing.state is drawing.step.state
    with pytest.raises(KeyError, match="no position"):
        drawing.select("nowhere")


def test_four_players_may_take_the_other_track(claiming: TryIt) -> None:
    claiming.select("double-four-players")
    twin = route_between(USA, "Denver", "Kansas City", "orange")
    claiming.view.simulate_route_click(twin)
    claiming.payment_buttons[0].click()
    assert claiming.state.owner(twin) == 0 and claiming.goal_met


def test_show_me_meets_the_goal_of_every_position() -> None:
    for lesson in LESSONS:
        try_it = TryIt.of(lesson())
        for step in try_it.steps:
            try_it.select(step.name)
            try_it.show_me()
            assert try_it.goal_met, f"{lesson.__name__}:{step.name}: {try_it.result.value}"


def test_a_single_position_with_an_expected_rule_or_move() -> None:
    state = lessons.drawing()[1].state
    by_rule = TryIt(state, prompt="Take two locomotives.", expect="draw.second-locomotive")
    assert by_rule.picker not in by_rule.widget.children
    by_move = TryIt(state, prompt="Take the locomotive.", expect=DrawFaceUp("locomotive"))
    face_up(by_move, "locomotive").click()
    assert by_move.goal_met
    with pytest.raises(ValueError, match="expect"):
        TryIt(state, prompt="", expect="draw.nonsense")
    with pytest.raises(ValueError, match="one board"):
        TryIt.of([*lessons.drawing(), *lessons.stations()])


# --------------------------------------------------------------------------- exercises

POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def test_score_exercise_marks_totals_worked_out_by_hand() -> None:
    # Ann: routes of 2, 2, 4, 1, 2 spaces; Denver–El Paso (4) joined; one trail of 11 spaces.
    ann = sum(POINTS[n] for n in (2, 2, 4, 1, 2)) + 4 + 10
    # Ben: a loop of 5, 4 and 2 spaces (also 11, so the bonus is shared); Boston–Miami (12) lost.
    ben = sum(POINTS[n] for n in (5, 4, 2)) - 12 + 10
    assert (ann, ben) == (28, 17)
    exercise = ScoreExercise(lessons.score_exercise_usa())
    exercise.entries[0].value, exercise.entries[1].value = str(ann), str(ben + 10)
    exercise.check_button.click()
    assert exercise.check() == {"Ann": True, "Ben": False}
    assert "28 is right" in exercise.feedback.value and "not 27" in exercise.feedback.value
    exercise.entries[1].value = "seventeen"
    assert exercise.check()["Ben"] is None
    exercise.breakdown_button.click()  # the Score tab's table: words, no ticket ids
    told = " ".join(visible_texts(exercise.breakdown)).replace("\xa0", " ")
    assert "Longest trail" in told and "11 spaces" in told and "Denver–El Paso" in told
    assert "usa-t" not in told and code_speak([told]) == []


def test_an_exercises_board_keys_only_its_players() -> None:
    """A two-player exercise's legend names Ann and Ben, not players 3 to 5."""
    for exercise in (ScoreExercise(lessons.score_exercise_usa()),
                     WhichTicketFails(lessons.ticket_exercise())):
        keys = [t.name for t in exercise.view.widget.data
                if t.legendrank and 3000 <= t.legendrank < 4000 and t.showlegend]
        assert keys == ["Ann", "Ben"], keys


def test_score_exercise_with_a_station_and_with_depots() -> None:
    # Ann: 3 + 3 spaces (4 + 4), Paris–Wien (8) through her München station, 2 stations unused
    # (8), trail 3; Ben: 2 + 3 spaces (2 + 4), London–Berlin (7) lost, 3 unused (12), trail 3.
    station = ScoreExercise(lessons.score_exercise_europe(), show_board=False)
    station.entries[0].value, station.entries[1].value = "34", "21"
    assert station.check() == {"Ann": True, "Ben": True}
    # Ann: 5 spaces (10) + longest trail 10 + Depot bonus 10; Ben: 2 + 2 spaces (4) + Depots 10.
    depots = ScoreExercise(lessons.score_exercise_depots(), show_board=False)
    depots.entries[0].value, depots.entries[1].value = "30", "14"
    assert depots.check() == {"Ann": True, "Ben": True}
    assert "Depots left" in depots.widget.children[0].value


def test_score_exercise_takes_a_position_too() -> None:
    state = lessons.score_exercise_usa()
    exercise = ScoreExercise(Position(USA, holdings(state)), show_board=False)
    exercise.entries[0].value, exercise.entries[1].value = "28", "17"
    assert exercise.check() == {"Ann": True, "Ben": True}


def test_which_ticket_fails() -> None:
    exercise = WhichTicketFails(lessons.ticket_exercise())
    exercise.choice.value = "usa-t07"  # Denver–El Paso: joined through Santa Fe
    assert exercise.check() is False and "Santa Fe" in exercise.feedback.value
    exercise.choice.value = "usa-t12"  # Kansas City–Houston: Ben owns Oklahoma City–Dallas
    exercise.check_button.click()
    assert exercise.check() is True and "5 points" in exercise.feedback.value
    with pytest.raises(ValueError, match="exactly one failed ticket"):
        WhichTicketFails(lessons.score_exercise_usa(), show_board=False)


def test_a_quizs_explanation_keeps_its_rules_behind_why() -> None:
    quiz = Quiz("Can a face-up locomotive be your second card?", ["Yes", "No"], "No",
                "Never as the second card.", rules=("draw.second-locomotive", "draw.replace"))
    quiz.choices.value = "No"
    quiz.check_button.click()
    feedback = quiz.feedback.value
    explained = feedback[:feedback.index("<details")]
    assert "Never as the second card." in explained and "draw." not in explained
    assert feedback.count("<summary>why?</summary>") == 2
    for rule in quiz.rules:
        assert why_html(rule) in feedback and html.escape(RULES[rule]) in feedback


def test_quiz_checks_and_shows_its_position(drawing: TryIt) -> None:
    quiz = Quiz("Can a face-up locomotive be your second card?", ["Yes", "No"], "No",
                "Never as the second card.", try_it=drawing, practice="second-locomotive")
    assert quiz.check() is None
    quiz.choices.value = "Yes"
    assert quiz.check() is False and "Not quite: No" in quiz.feedback.value
    quiz.choices.value = "No"
    quiz.check_button.click()
    assert quiz.check() is True and "Never" in quiz.feedback.value
    quiz.try_button.click()
    assert drawing.step.name == "second-locomotive"
    with pytest.raises(ValueError, match="answer"):
        Quiz("?", ["a"], "b", "")
    with pytest.raises(ValueError, match="unknown rule"):
        Quiz("?", ["a"], "a", "", rules=("draw.nowhere",))
    with pytest.raises(ValueError, match="practice"):
        Quiz("?", ["a"], "a", "", try_it=drawing, practice="nowhere")
