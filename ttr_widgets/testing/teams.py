"""Team games set up for a test or a benchmark: past their setup (``started``), or arranged
by hand (``arranged``: the player to move, hands, the holder, trains, owners)."""

from __future__ import annotations

from ttr_widgets.rules import teams
from ttr_widgets.rules.actions import KeepTickets
from ttr_widgets.rules.model import Board, hand_from
from ttr_widgets.rules.state import Options, TicketChoice, evolve
from ttr_widgets.rules.teams import ShareChoice, ShareTicket, TeamGame, new_team_game

__all__ = ["NAMES", "arranged", "started", "ticket_between"]

NAMES = ("Ann", "Cleo", "Ben", "Dev", "Eve", "Finn")  #: teams: Ann & Cleo, Ben & Dev, Eve & Finn


def started(board: Board, players: int = 4, seed: int = 0,
            options: Options | None = None) -> TeamGame:
    """A team game past its setup: each player keeps their first 3 tickets and shares the
    first of them."""
    game = new_team_game(board, NAMES[:players], seed, options)
    while game.in_setup:
        pending = game.pending
        if isinstance(pending, TicketChoice):
            game = teams.apply(game, KeepTickets(pending.tickets[:3]))
        else:
            assert isinstance(pending, ShareChoice)
            game = teams.apply(game, ShareTicket(pending.tickets[0]))
    return game


def arranged(game: TeamGame, *, current: int = 0, hand: dict[str, int] | None = None,
             holder: dict[str, int] | None = None, trains: dict[int, int] | None = None,
             owners: dict[str, int] | None = None, tickets: tuple[str, ...] | None = None
             ) -> TeamGame:
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
