"""The team lesson (notebooks/10-Team-Play.ipynb): its practice position, the try-it board
whose tasks the widget checks, and the notebook itself (prose before code, no outputs, every
team rule taught)."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import nbformat

from ttr_widgets.course.lesson_board import LessonBoard
from ttr_widgets.course.team_lesson import LessonBot, TeamTryIt
from ttr_widgets.course.team_practice import (
    BLUE_HOLDER,
    ROUTE,
    TEAM_QUIZZES,
    TEAM_TASKS,
    YOUR_HAND,
    team_practice,
)
from ttr_widgets.course.why import WHY, why_rules
from ttr_widgets.rules.actions import ClaimRoute, PayTunnel, PlaceCard
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.model import CARD_NAMES, LOCO, hand_from
from ttr_widgets.rules.state import CardPlacement
from ttr_widgets.rules.teams import HOLDER
from ttr_widgets.testing.team_table import click
from ttr_widgets.testing.words import assert_plain
from ttr_widgets.widgets.table.teams import TEAM_COLORS

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "10-Team-Play.ipynb"
TEAM_RULES = {rule for rule in RULES if rule.startswith("team.")}


def test_the_practice_position_needs_the_holder_for_its_route() -> None:
    game = team_practice()
    assert game.cards_in_play() == 110 and not game.in_setup and game.current == 0
    assert LOCO in game.face_up
    claims = [a for a in legal_actions(game)
              if isinstance(a, ClaimRoute) and a.route == ROUTE]
    assert claims and all(a.holder_cards + a.holder_locomotives >= 2 for a in claims)
    assert all(p.tickets for p in game.players) and all(len(s) == 2 for s in game.shared)


def test_the_practice_position_is_one_round_past_a_setup_with_empty_holders() -> None:
    """The holders start empty (rule team.setup-cards); one round of draws later each player
    holds 4 + 1 cards and each holder 2, and the lesson's text says so."""
    game = team_practice()
    assert [sum(p.hand) for p in game.players] == [5, 5, 5, 5]
    assert [sum(h) for h in game.holders] == [2, 2]
    assert game.players[0].hand == hand_from(YOUR_HAND)
    assert game.holders[0] == hand_from(BLUE_HOLDER)
    text = _try_it_text()
    assert "one round" in text and "empty at the start" in text and "2 red" in text


def _try_it_text() -> str:
    cells = nbformat.read(LESSON, as_version=4).cells
    return next(c.source for c in cells if c.source.startswith("## Try it"))


def test_the_lessons_bots_leave_the_holder_and_the_route_to_the_learner() -> None:
    """Ben, the learner's bot teammate, never pays from the team holder, and no bot claims
    Denver – Oklahoma City: after 10 rounds of draws (each first card into the holder) the
    route's task can still be done."""
    try_it = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
    table = try_it.table
    assert [type(getattr(s, "inner", s)) for s in table.seating[1:]] == [LessonBot] * 3
    for _turn in range(10):
        table.market.blind.click()
        click(table, PlaceCard(HOLDER))
        table.market.blind.click()
    game = table.game
    spent = [game.actions[i] for i in range(game.cursor) if game.states[i].current == 1
             and isinstance(game.actions[i], ClaimRoute | PayTunnel)
             and game.actions[i].holder_cards + game.actions[i].holder_locomotives]
    claims = [a for a in game.actions if isinstance(a, ClaimRoute)]
    assert not spent and claims  # Ben claimed, with his own cards only
    assert all(a.route != ROUTE for a in claims)
    claim = next(a for a in legal_actions(table.state)
                 if isinstance(a, ClaimRoute) and a.route == ROUTE)
    click(table, claim)
    assert "claim-holder" in try_it.done


def test_a_stopped_bot_teammate_plays_its_own_turn_when_asked() -> None:
    """With the table stopped at Ben's turn, the lesson's button lets Ben's bot play (it does
    not hand Ben to the learner), and the status line says so."""
    try_it = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
    table = try_it.table
    assert table.take_turn_button.layout.display == "none"  # the learner's turn
    table.market.blind.click()
    table.placement.hand.click()
    table.market.blind.click()  # the learner's turn is over; the bots played theirs
    bens_turn = next(i for i, s in enumerate(table.game.states) if s.current == 1)
    table.navigate(table.game.jump(bens_turn))  # stopped there, as after a refusal or undo
    assert table.paused and table.state.current == 1
    assert table.take_turn_button.layout.display is None
    assert table.take_turn_button.description == "Let Ben's bot play"
    table.take_turn_button.click()
    assert table.seating[1].moves_itself and not table.seating[1].here  # still the bot
    assert table.state.current == 0 and table.game.cursor > bens_turn
    assert table.status.text.startswith("Ben is a bot in this lesson: it plays its own turn.")
    assert table.take_turn_button.layout.display == "none"


def test_the_try_it_ticks_each_task_as_the_learner_does_it() -> None:
    try_it = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
    table = try_it.table
    assert isinstance(table, LessonBoard) and try_it.widget is table  # the play table
    assert table.map_view.player_colors == (*TEAM_COLORS[0], *TEAM_COLORS[1])
    assert try_it.checklist.value.count('data-done="0"') == len(TEAM_TASKS)
    assert try_it.checklist in table.side.children  # the tasks at the top of the side panel
    claim = next(a for a in legal_actions(table.state)
                 if isinstance(a, ClaimRoute) and a.route == ROUTE)
    click(table, claim)  # the route on the board, then a payment from hand and holder
    assert table.game.states[1].owners[table.board.route(ROUTE).index] == 0
    assert try_it.done == {"claim-holder"}
    assert table.state.current == 0  # the bots played their turns, and it is the learner's
    for _turn in range(12):  # draw, the first card into the holder, until a locomotive shows
        if LOCO in table.state.face_up and "locomotive" not in try_it.done:
            next(b for b in table.market.cards if b.description == CARD_NAMES[LOCO]).click()
            continue
        table.market.blind.click()
        assert isinstance(table.state.pending, CardPlacement)
        click(table, PlaceCard(HOLDER))
        table.market.blind.click()
        if {"locomotive", "holder-first"} <= try_it.done:
            break
    assert try_it.done == {"claim-holder", "locomotive", "holder-first"}
    table.share.toggle.value = True
    table.share.boxes[0].value = True
    table.share.share.click()
    assert try_it.done == {t.name for t in TEAM_TASKS}
    assert "All done" in try_it.checklist.value
    played = table.game
    try_it.reset_button.click()
    assert try_it.table is table and table.state == team_practice() and table.game is not played
    assert try_it.done == {t.name for t in TEAM_TASKS}  # ticks stay
    assert_plain(table)


def test_a_bot_s_move_ticks_no_task() -> None:
    """Only the learner's moves count: the bots draw into the holder too."""
    try_it = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
    table = try_it.table
    for _turn in range(4):  # each turn the learner's first card goes into the hand
        table.market.blind.click()
        table.placement.hand.click()
        table.market.blind.click()
    game = table.game
    bots_did = {t.name for t in TEAM_TASKS for i in range(game.cursor)
                if game.states[i].current != 0 and t.done_by(game.states[i], game.actions[i])}
    assert bots_did == {"holder-first"}  # a bot's first card went into the holder
    assert try_it.done == set()


def test_the_board_answers_a_payment_from_the_hand_alone_with_the_team_rule() -> None:
    try_it = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
    table = try_it.table
    table.click_route(ROUTE)
    table.try_cards = {"red": 4}
    table.try_payment()  # 4 red from a hand of 2: the holder's cards are not in it
    assert table.status.rule == "team.claim-payment"
    assert "holder together" in table.status.text


def test_the_lesson_has_prose_first_no_outputs_and_teaches_every_team_rule() -> None:
    notebook = nbformat.read(LESSON, as_version=4)
    cells = notebook.cells
    assert cells[0].cell_type == "markdown"
    assert cells[0].source.startswith("# Lesson 10 · Team play")
    for before, cell in pairwise(cells):
        if cell.cell_type == "code":
            assert before.cell_type == "markdown"
            assert cell.outputs == [] and cell.execution_count is None
    text = "\n".join(c.source for c in cells)
    assert not re.findall(r"\bteam\.[a-z]", WHY.sub("", text)), "a rule id outside a why?"
    named = {rule for c in cells if c.cell_type == "markdown"
             for rules in why_rules(c.source) for rule in rules}
    quizzed = {rule for quiz in TEAM_QUIZZES.values() for rule in quiz["rules"]}
    taught = named | quizzed | {t.rule for t in TEAM_TASKS}
    assert not named - set(RULES), "names rules the core does not have"
    assert taught >= TEAM_RULES, f"not taught: {sorted(TEAM_RULES - taught)}"
    assert "TeamTryIt.of(" in text and "Quiz(" in text
    assert "](Play.ipynb)" in cells[-1].source
