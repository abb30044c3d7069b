"""Team games set up for a test or a benchmark: past their setup (``started``), arranged by
hand (``arranged``: the player to move, hands, the holder, trains, owners), or played by greedy
bots and saved as the app saves a game (``team_record``: ``rules.record.to_record``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import KeepTickets, ShareTickets
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import Board, hand_from
from ttr_widgets.rules.record import to_record
from ttr_widgets.rules.state import GameState, Options, ShareChoice, TicketChoice, evolve

__all__ = ["NAMES", "arranged", "started", "team_record", "ticket_between"]

NAMES = ("Ann", "Cleo", "Ben", "Dev", "Eve", "Finn")  #: teams: Ann & Cleo, Ben & Dev, Eve & Finn


def started(board: Board, players: int = 4, seed: int = 0,
            options: Options | None = None) -> GameState:
    """A team game past its setup: each player keeps their first 3 tickets and shares the
    first of them."""
    game = new_game(board, NAMES[:players], seed, evolve(options or Options(), teams=True))
    while game.in_setup:
        pending = game.pending
        if isinstance(pending, TicketChoice):
            game = apply(game, KeepTickets(pending.tickets[:3]))
        else:
            assert isinstance(pending, ShareChoice)
            game = apply(game, ShareTickets(pending.tickets[:1]))
    return game


def arranged(game: GameState, *, current: int = 0, hand: dict[str, int] | None = None,
             holder: dict[str, int] | None = None, trains: dict[int, int] | None = None,
             owners: dict[str, int] | None = None, tickets: tuple[str, ...] | None = None
             ) -> GameState:
    """The game with the player to move, their hand, their team's holder, some trains and
    route owners set as named."""
    players = list(game.players)
    if hand is not None:
        players[current] = players[current].with_hand(hand_from(hand))
    if tickets is not None:
        players[current] = evolve(players[current], tickets=tickets)
    for seat, n in (trains or {}).items():
        players[seat] = evolve(players[seat], trains=n)
    holders = list(game.holders)
    if holder is not None:
        holders[current // 2] = hand_from(holder)
    route_owners = list(game.owners)
    for route_id, seat in (owners or {}).items():
        route_owners[game.board.route(route_id).index] = seat
    return evolve(game, current=current, players=tuple(players), holders=tuple(holders),
                  owners=tuple(route_owners))


def ticket_between(board: Board, a: str, b: str) -> str:
    """The id of the ticket between cities ``a`` and ``b``."""
    return next(t.id for t in board.tickets if {t.a, t.b} == {a, b})


def team_record(board: Board, names: Sequence[str], seed: int, moves: int | None = None
                ) -> tuple[dict[str, Any], Game]:
    """A team game of ``moves`` greedy moves (None: to its end) and its game record, as the
    app saves it (``rules.record.to_record``: the moves, the cursor and the summary)."""
    game = Game.new(board, tuple(names), seed, Options(teams=True))
    rng = random.Random(f"team-record:{seed}")
    while not game.state.is_over and (moves is None or len(game.actions) < moves):
        game = game.play(choose("greedy", game.state, rng).action)
    return to_record(game), game
