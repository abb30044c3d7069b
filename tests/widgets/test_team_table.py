"""The play app's team game (widgets.team_start, widgets.team_table), driven in this process by
its buttons and board clicks: started from the Game tab, played to the end with the holder used
and a ticket shared, the draw flow, refusals with their team rule, hotseat hiding hands."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DrawBlind,
    KeepTickets,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import CARD_NAMES, LOCO
from ttr_widgets.rules.state import CardPlacement, SecondCard
from ttr_widgets.rules.teams import HAND, HOLDER
from ttr_widgets.testing.team_table import click
from ttr_widgets.testing.words import assert_plain
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.team_table import TeamTable

USA = load_map("usa")
NAMES = ("You", "Ben", "Cleo", "Dev")


def started(kinds: tuple[str, ...] = ("human", "greedy", "greedy", "greedy"),
            seed: int = 3, first: str = "You") -> tuple[PlayApp, TeamTable]:
    app = PlayApp("usa", seed=4, bot_delay=0)
    panel = app.team.panel
    assert panel.map.options == ("usa",)  # Europe has stations and ferries: not a team board
    panel.seed.value = str(seed)
    for i, kind in enumerate(kinds):
        panel.kinds[i].value = kind
    panel.names[0].value = first
    panel.start.click()
    table = app.team.table
    assert table is not None and app.children[-1] is table
    return app, table


def test_a_team_game_is_played_to_the_end_by_clicks_using_the_holder_and_sharing() -> None:
    app, table = started()
    row_before = app.team._row
    rng = random.Random(0)
    shared_by_action = used_holder = False
    played: list[Action] = []
    while not table.game.is_over:
        game = table.game
        assert game.current == 0 and table.viewer == 0
        action = choose("greedy", game, rng).action
        if not shared_by_action and game.pending is None and game.player.tickets:
            action = ShareTickets(game.player.tickets[:1])
        holder, moves = sum(game.holders[0]), table.moves
        if len(played) % 10 == 0:
            assert_plain(table)  # what a person reads: no ids, no code-speak
        played.append(action)
        click(table, action)
        assert table.moves > moves, table.status.text  # played, not refused
        if isinstance(action, ShareTickets):
            shared_by_action = True
            assert action.tickets[0] in table.game.shared[0]
        if isinstance(action, ClaimRoute) and sum(table.game.holders[0]) < holder:
            used_holder = True
    assert shared_by_action and used_holder
    sheet = table.score_sheet
    assert sheet is not None and sheet.teams and len(sheet.players) == 2
    assert table.score_html.value.count("ttr-team-score-row") == 2
    assert "Blue team" in table.score_html.value and "Red team" in table.score_html.value
    assert table.status.text.endswith(sheet.reason)
    assert_plain(table)
    table.leave.click()
    assert app.team.table is None and app.children[-1] is row_before


def test_the_first_card_is_seen_then_placed_and_the_second_goes_to_the_other_place() -> None:
    _, table = started()
    game = table.game
    click(table, KeepTickets(game.pending.tickets))  # type: ignore[union-attr]
    click(table, ShareTickets(table.game.player.tickets[:1]))
    holder, hand = sum(table.game.holders[0]), sum(table.game.players[0].hand)
    table.blind.click()
    pending = table.game.pending
    assert isinstance(pending, CardPlacement)  # drawn and seen, in no place yet
    assert f"You drew a {CARD_NAMES[pending.card]}" in table.pending_box.children[0].value
    assert sum(table.game.holders[0]) == holder and sum(table.game.players[0].hand) == hand
    assert table.blind.disabled  # the card is placed first
    click(table, PlaceCard(HOLDER))
    assert sum(table.game.holders[0]) == holder + 1
    assert table.game.pending == SecondCard(HAND)
    assert "it goes to the hand" in table.status.text
    table.blind.click()
    assert sum(table.game.players[0].hand) == hand + 1


def test_what_happened_lists_every_move_newest_first_and_stays_open() -> None:
    _, table = started()
    assert table.events == [] and table.log_toggle.description == "What happened (0 moves)"
    click(table, KeepTickets(table.game.pending.tickets))  # type: ignore[union-attr]
    kept = len(table.events)
    assert kept == 4  # each seat's keep, the bots' too, as the core tells them
    assert table.events[0].startswith("You keep ") and table.events[1].startswith("Ben keeps ")
    assert table.log_html.value == ""  # folded until asked for
    table.log_toggle.value = True
    shown = [html.unescape(entry.split(">", 1)[1].split("</div>")[0])
             for entry in table.log_html.value.split('<div class="ttr-log-entry"')[1:]]
    assert shown == list(reversed(table.events))
    click(table, ShareTickets(table.game.player.tickets[:1]))
    assert len(table.events) > kept and table.log_toggle.value  # open through the next move
    assert table.log_html.value.index(html.escape(table.events[-1])) < \
        table.log_html.value.index(html.escape(table.events[0]))
    assert table.log_toggle.description == f"What happened ({len(table.events)} moves)"
    assert_plain(table)


def test_a_face_up_locomotive_is_the_whole_draw_and_goes_to_the_team_holder() -> None:
    for seed in range(40):
        _, table = started(seed=seed)
        click(table, KeepTickets(table.game.pending.tickets))  # type: ignore[union-attr]
        click(table, ShareTickets(table.game.player.tickets[:1]))
        if LOCO in table.game.face_up:
            break
    else:
        raise AssertionError("no deal with a face-up locomotive")
    told = len(table.events)
    next(b for b in table.row_buttons if b.description == CARD_NAMES[LOCO]).click()
    # the whole draw: no placement asked, and the turn passed on to the bots
    assert table.events[told] == ("You take the face-up locomotive into the team holder (a "
                                  "face-up locomotive is the whole draw).")
    assert len(table.events) > told + 1


def test_a_closed_double_route_says_why_when_clicked() -> None:
    _, table = started()
    click(table, KeepTickets(table.game.pending.tickets))  # type: ignore[union-attr]
    click(table, ShareTickets(table.game.player.tickets[:1]))
    board = table.game.board
    taken = next((r for r in board.routes if r.double and table.game.owners[r.index] != -1
                  and table.game.owners[board.route(r.double).index] == -1), None)
    while taken is None:
        click(table, DrawBlind())
        if isinstance(table.game.pending, CardPlacement):
            click(table, PlaceCard(HAND))
        if isinstance(table.game.pending, SecondCard):
            click(table, DrawBlind())
        taken = next((r for r in board.routes if r.double and table.game.owners[r.index] != -1
                      and table.game.owners[board.route(r.double).index] == -1), None)
    assert taken.double is not None
    table.map_view.simulate_route_click(taken.double)
    assert table.status.rule in ("team.double-4p", "team.parallel-own")
    assert table.claim_box.children == ()


def test_hotseat_shows_only_the_person_to_move_never_the_teammate_s_hand() -> None:
    _, table = started(kinds=("human", "human", "greedy", "greedy"), first="Ann")
    assert table.viewer is None and "Hands hidden" in table.hand_html.value
    assert table.show_hand.layout.display is None
    assert table.show_hand.description == "Show Ann's hand"
    table.show_hand.click()
    assert table.viewer == 0
    click(table, KeepTickets(table.game.pending.tickets))  # type: ignore[union-attr]
    assert table.viewer is None  # Ben's turn to choose: the table hides every hand again
    assert "Hands hidden" in table.hand_html.value
    table.show_hand.click()
    assert table.viewer == 1
    shown = table.hand_html.value
    ann, ben = table.game.players[0], table.game.players[1]
    assert "<b>Ben's hand</b>" in shown
    assert f"Ann's hand: {sum(ann.hand)} cards, {len(ann.tickets)} tickets (hidden)" in shown
    assert not any(str(table.game.board.ticket(t)) in shown for t in ann.tickets)
    offered = table.game.pending.tickets  # type: ignore[union-attr]
    picks = [w.description for w in table.pending_box.children
             if isinstance(w, widgets.Checkbox)]
    assert picks == [str(table.game.board.ticket(t)) for t in offered] and not ben.tickets


def test_six_seats_of_bots_play_a_whole_game_in_three_teams() -> None:
    app = PlayApp("usa", seed=4, bot_delay=0)
    panel = app.team.panel
    panel.count.value = 6
    assert len(panel.seats.children) == 6
    for kind in panel.kinds:
        kind.value = "greedy"
    panel.seed.value = "8"
    panel.start.click()
    table = app.team.table
    assert table is not None and table.game.is_over  # bots only: played at once
    assert table.score_html.value.count("ttr-team-score-row") == 3
    assert "Green team" in table.teams_html.value
    assert table.viewer == table.game.current  # nobody to hide from: the table is watched


def test_a_bad_seed_is_one_line_in_the_app_s_status() -> None:
    app = PlayApp("usa", seed=4, bot_delay=0)
    app.team.panel.seed.value = "soon"
    app.team.panel.start.click()
    assert app.team.table is None
    assert app.status.text == "seed: expected a whole number, not 'soon'"
