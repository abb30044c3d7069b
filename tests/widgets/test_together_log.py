"""At a shared table (``table.together``) the hints asked and the coach's remarks go into the
table's Log as they do at a local game (issue 24): between the table's events, after the move
they were said after, the coach's word styled as advice; when the game is over and replayed
from its record, they are in the stepper's log where they were said.

The table is the table service's own ``tables.authority.Table``, in this process, behind a
stand-in for the page's connection (``shared.SharedTable``'s face): the page's moves go to it
and its answers come back at once."""

from __future__ import annotations

import re
from typing import Any

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawTickets,
    KeepTickets,
)
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.legal import legal_actions
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import TicketChoice
from ttr_widgets.tables.authority import Table, TableSpec
from ttr_widgets.testing.local_table import LocalTable
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.together import Together

_TAGS = re.compile(r"<[^>]+>")


def text(value: str) -> str:
    return re.sub(r"\s+", " ", _TAGS.sub(" ", value)).strip()




def seated() -> tuple[PlayApp, LocalTable]:
    """Ann's page at a two-seat Mini table with Bob (another page), both starting tickets
    kept, Ann to move."""
    table = Table(TableSpec("maple-7", "mini", 2, seed=7))
    table.join("Ann", "key-0", 0.0)
    table.join("Bob", "key-1", 0.0)
    connections: list[LocalTable] = []

    def connect(_name: str, **kwargs: Any) -> LocalTable:
        connections.append(LocalTable(table, kwargs["on_change"], seat=0))
        return connections[-1]

    app = PlayApp("mini", kinds=("human", "greedy"), seed=1, bot_delay=0)
    app.together = Together(app, connect=connect)
    app.together.open("maple-7", "key-0")
    shared = connections[0]
    shared.on_change()  # the table's first view
    assert app.remote is not None
    while table.state.in_setup:
        state = table.state
        pending = state.pending
        assert isinstance(pending, TicketChoice)
        keep = KeepTickets(pending.tickets[:pending.keep])
        if state.current == 0:
            app.play(keep)
            shared.answer()
        else:
            shared.other_plays(1, keep)
    return app, shared


def test_a_hint_at_a_shared_table_goes_into_its_log_after_the_last_event() -> None:
    app, shared = seated()
    app.hint()
    hint = app.status.text
    assert app.status.kind == "hint" and hint.startswith("Hint for Ann:")
    log = app.together.log.value
    assert 'class="ttr-log-note ttr-log-hint"' in log and text(hint) in text(log)
    newest = log.split("<li")[1]  # newest first: the hint, above the events it came after
    assert "ttr-log-hint" in newest
    assert f'data-seq="{shared.seq}"' in newest
    assert text(log).count("☞") == 1
    app.hint()  # asked again in the same position: kept once
    assert app.together.log.value.count("ttr-log-hint") == 1
    # a note is no numbered entry: the list counts the table's events only
    assert f"start='{len(shared.events)}'" in app.together.log.value
    assert "display:block" in app.together.log.value.split("ttr-log-hint")[1][:300]


def test_the_coachs_word_on_a_move_at_a_shared_table_is_advice_and_kept_after_the_move() -> None:
    app, shared = seated()
    app.coach.value = True  # type: ignore[union-attr]
    state = app.state
    stations = [a for a in legal_actions(state) if isinstance(a, BuildStation)]
    costly = next(a for a in stations if app.coach.verdict(state, a) is not None)  # type: ignore[union-attr]
    verdict = app.coach.verdict(state, costly)  # type: ignore[union-attr]
    assert verdict is not None
    app.play(costly)
    assert app.status.text == "Sent to the table…"
    shared.answer()
    assert app.status.kind == "hint"  # advice, not a green "done"
    assert f"Coach: {verdict.sentence}" in app.status.text
    log = app.together.log.value
    entries = [text(e) for e in re.findall(r"<li.*?</li>", log)]
    assert entries[0] == f"Coach: {verdict.sentence}"  # the newest, above its move
    assert "builds a station" in entries[1]
    assert "ttr-log-coach" in log.split("<li")[1]


def test_the_coachs_question_before_new_tickets_is_kept_in_the_log() -> None:
    usa = load_map("usa")
    state = scenario(usa, ["You", "Bob"], hands=[{"red": 2}, {"green": 3}], trains=[30, 3])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.coach.value = True  # type: ignore[union-attr]
    assert not app.play(DrawTickets())  # the coach asks first
    question = app.coach.question  # type: ignore[union-attr]
    assert question is not None and app.status.text.startswith(f"Coach: {question}")
    log = app.stepper.log_view.value
    assert "ttr-log-coach" in log and text(question) in text(log)
    assert app.play(DrawTickets())  # asked again: yes, played; the question kept once
    assert text(app.stepper.log_view.value).count(text(question)) == 1
    assert 'ttr-log-coach" data-at="0"' in app.stepper.log_view.value  # before the move


def test_the_notes_of_a_shared_game_are_in_the_stepper_log_where_they_were_said() -> None:
    app, shared = seated()
    moves_before = sum(e["kind"] == "move" for e in shared.events)
    app.hint()
    notes = app.together.log_notes(shared.table.game)
    assert len(notes) == 1
    assert notes[0].kind == "hint" and notes[0].at == moves_before
    assert notes[0].state is shared.table.game.states[moves_before]
    assert notes[0].text == app.status.text


def test_a_claim_panel_a_hint_opened_closes_when_the_tables_answer_leaves_it_refused() -> None:
    app, shared = seated()
    state = app.state
    route = next(a.route for a in legal_actions(state) if isinstance(a, ClaimRoute))
    app.select_route(route)  # as a hint's claim opens it
    assert app.selected == route
    app.play(DrawBlind())  # half a turn: the route cannot be claimed now
    shared.answer()
    assert app.state.pending is not None and app.selected is None
    assert app.claim.layout.display == "none"  # no panel left saying "Not possible now"
