"""The team lesson (notebooks/10-Team-Play.ipynb): its practice position, the try-it board
whose tasks the widget checks, and the notebook itself (prose before code, no outputs, every
team rule taught)."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import ipywidgets as widgets
import nbformat

from ttr_widgets.course.team_lesson import TeamTryIt
from ttr_widgets.course.team_practice import ROUTE, TEAM_QUIZZES, TEAM_TASKS, team_practice
from ttr_widgets.course.why import WHY, why_rules
from ttr_widgets.rules.actions import ClaimRoute, PlaceCard
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.model import CARD_NAMES, LOCO
from ttr_widgets.rules.state import CardPlacement
from ttr_widgets.rules.teams import HOLDER
from ttr_widgets.testing.team_table import click

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


def test_the_try_it_ticks_each_task_as_the_learner_does_it() -> None:
    try_it = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
    table = try_it.table
    assert try_it.checklist.value.count('data-done="0"') == len(TEAM_TASKS)
    table.map_view.simulate_route_click(ROUTE)
    pays = [b for b in table.claim_box.children if isinstance(b, widgets.Button)
            and "ttr-team-pay" in b._dom_classes]
    pays[0].click()
    assert table.game.owners[table.game.board.route(ROUTE).index] == 0
    assert try_it.done == {"claim-holder"}
    for _turn in range(12):  # draw, the first card into the holder, until a locomotive shows
        if LOCO in table.game.face_up and "locomotive" not in try_it.done:
            next(b for b in table.row_buttons if b.description == CARD_NAMES[LOCO]).click()
            continue
        table.blind.click()
        assert isinstance(table.game.pending, CardPlacement)
        click(table, PlaceCard(HOLDER))
        table.blind.click()
        if {"locomotive", "holder-first"} <= try_it.done:
            break
    assert try_it.done == {"claim-holder", "locomotive", "holder-first"}
    table.share_picks[0].value = True
    next(b for b in table.share_box.children if isinstance(b, widgets.Button)).click()
    assert try_it.done == {t.name for t in TEAM_TASKS}
    assert "All done" in try_it.checklist.value
    try_it.reset_button.click()
    assert try_it.table is not table and try_it.table.game == team_practice()
    assert try_it.done == {t.name for t in TEAM_TASKS}  # ticks stay


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
