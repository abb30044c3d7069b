"""One table: for the same move in the same position, a lesson board and the play app give the
identical answer — the same rule, the same sentence, the same status line — because both send
the move to the core the same way. Every lesson position whose point is a refusal is played
on both tables (its demo's moves, then the forbidden one), and every route a lesson asks about
is clicked on both (the click's answer and the claim panel's)."""

from __future__ import annotations

import re

import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_board import LessonBoard
from ttr_widgets.course.lessons import Practice
from ttr_widgets.rules.actions import Action, BuildStation, ClaimRoute, PlaceDepot
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.status import StatusLine

LESSONS = (lessons.board_and_goal, lessons.drawing, lessons.claiming, lessons.tickets,
           lessons.ending, lessons.ferries_and_tunnels, lessons.stations, lessons.confused_usa,
           lessons.confused_europe, lessons.europa_1912)
PRACTICES = [(f.__name__, p) for f in LESSONS for p in f()]
REFUSED = [(lesson, p) for lesson, p in PRACTICES if p.outcome == "refused"]
CLAIMS = [(lesson, p) for lesson, p in PRACTICES
          if any(isinstance(a, ClaimRoute) for a in p.demo)]


_APPS: dict[tuple[str, tuple[str, ...]], PlayApp] = {}
_TABLES: dict[tuple[str, tuple[str, ...]], LessonBoard] = {}


def _seats(state: GameState) -> tuple[str, tuple[str, ...]]:
    return state.board.name, tuple(p.name for p in state.players)


def app_for(state: GameState) -> PlayApp:
    """The play app at ``state``, every seat a person (a hotseat table: nobody moves alone),
    the hand of the player to move shown. One app per board and players, loaded afresh."""
    kinds = ("human",) * len(state.players)
    app = _APPS.get(_seats(state))
    if app is None:
        app = _APPS[_seats(state)] = PlayApp.from_game(Game((state,)), kinds, bot_delay=0,
                                                       paused=True)
    else:
        app.load_game(Game((state,)), kinds, paused=True)
    app.reveal_hand()
    return app


def table_for(state: GameState) -> LessonBoard:
    """A lesson board at ``state`` (one per board and players, reset to the position)."""
    table = _TABLES.get(_seats(state))
    if table is None:
        table = _TABLES[_seats(state)] = LessonBoard(state)
    table.reset(state)
    return table


def said(status: StatusLine) -> tuple[str, str, str, str]:
    """What the status line shows: its text, kind, rule and HTML (less its flash counter)."""
    return status.text, status.kind, status.rule, re.sub(r'data-n="\d+"', "", status.value)


def play_both(app: PlayApp, table: LessonBoard, action: Action) -> tuple[bool, bool]:
    if not table.active:
        table.take_turn()  # the lesson's learner takes the seat a demo moves for
    return app.play(action), table.play(action)


@pytest.mark.parametrize("practice", [p for _, p in REFUSED],
                         ids=[f"{lesson}:{p.name}" for lesson, p in REFUSED])
def test_a_forbidden_move_is_refused_alike(practice: Practice) -> None:
    app, table = app_for(practice.state), table_for(practice.state)
    for action in practice.demo[:-1]:
        assert play_both(app, table, action) == (True, True)
    assert play_both(app, table, practice.demo[-1]) == (False, False)
    assert table.status.rule == practice.rule
    if practice.rule == "turn.game-over":  # the app answers with its own seat check
        assert (app.status.rule, app.status.kind) == (table.status.rule, table.status.kind)
        assert app.status.text.startswith(table.status.text)
    else:
        assert said(app.status) == said(table.status)
    assert app.state is app.game.state and table.state == app.state


@pytest.mark.parametrize("practice", [p for _, p in CLAIMS],
                         ids=[f"{lesson}:{p.name}" for lesson, p in CLAIMS])
def test_a_route_clicked_is_answered_alike(practice: Practice) -> None:
    claim = next(a for a in practice.demo if isinstance(a, ClaimRoute))
    app, table = app_for(practice.state), table_for(practice.state)
    app.select_route(claim.route)
    table.select_route(claim.route)
    assert said(app.status) == said(table.status)
    assert app.claim.notes.value == table.claim.notes.value
    assert [b.description for b in app.claim.options.children] == \
        [b.description for b in table.claim.options.children]


@pytest.mark.parametrize("practice", [p for _, p in PRACTICES if any(
    isinstance(a, BuildStation | PlaceDepot) for a in p.demo) and p.state.pending is None],
    ids=lambda p: p.name)
def test_a_city_clicked_is_answered_alike(practice: Practice) -> None:
    city = next(a.city for a in practice.demo if isinstance(a, BuildStation | PlaceDepot))
    app, table = app_for(practice.state), table_for(practice.state)
    app.select_city(city)
    table.select_city(city)
    assert said(app.status) == said(table.status)
    assert app.claim.notes.value == table.claim.notes.value


def test_a_click_out_of_turn_is_refused_under_the_apps_rule() -> None:
    """After a face-up locomotive Ann's turn is over. The lesson refuses her next card under the
    rule the app cites for a click while another seat is to move (there, a bot waiting)."""
    practice = next(p for p in lessons.drawing() if p.name == "face-up-locomotive")
    table = LessonBoard(practice.state)
    assert table.play(practice.demo[0]) and table.state.current == 1
    app = PlayApp.from_game(Game((table.state,)), ("human", "greedy"), bot_delay=0,
                            paused=True)
    assert not app.play(practice.demo[0]) and not table.play(practice.demo[0])
    assert table.status.rule == app.status.rule == "turn.order"
    assert table.status.kind == app.status.kind == "error"
    assert "Ben's turn" in table.status.text and "Ben's turn" in app.status.text
