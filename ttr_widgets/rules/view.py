"""What one seat may see: ``view(state, seat)``, for every game.

A view is a ``GameState`` (so everything that draws or reads a state reads a view the same way)
with what the seat may not see taken out: the other players' hands (their number stays, as
``PlayerState.hidden_cards``) and tickets (``HIDDEN`` in their place), the pile's order and
content, the ticket pile, the other players' setup choices, the face-down Warehouses (their
sizes stay), and in team play the other teams' holders (unless ``team_holders_public``) and a
card drawn blind by someone else before it is placed. The seed (``NO_SEED``) and the reshuffle
count, which would rebuild the pile, are gone. Your teammate's hand and tickets are secret too (rule
team.communication).

A view's ``seat`` is its seat (the whole game has -1). The engine lists a view's legal moves when
its seat is to move and explains a refusal as it would on the game, but plays nothing on it
(rule turn.view): moves are played on the game itself, and a shared table sends each seat
exactly this.
"""

from __future__ import annotations

from ttr_widgets.rules.model import EMPTY_HAND
from ttr_widgets.rules.state import (
    NO_CARD,
    CardPlacement,
    GameState,
    Pending,
    PlayerState,
    ShareChoice,
    TicketChoice,
    evolve,
)

__all__ = ["HIDDEN", "NO_SEED", "public_view", "view", "watching"]

HIDDEN = "?"  #: a ticket (or a setup share) a view does not show
NO_SEED = -1  #: a view's seed: none (the game's seed would rebuild every hidden card)


def view(state: GameState, seat: int) -> GameState:
    """What the player in ``seat`` may see of ``state`` (see the module docstring)."""
    if state.is_view:
        if state.seat == seat:
            return state
        raise ValueError(f"seat: this is the view of seat {state.seat}, not of seat {seat}")
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat: expected 0 to {state.num_players - 1}, got {seat}")
    return _masked(state, seat)


def public_view(state: GameState) -> GameState:
    """What a watcher may see: the public table only, every hand, ticket and holder hidden
    (unless ``team_holders_public``). Its ``seat`` is the number of players: no seat."""
    if state.is_view:
        if watching(state):
            return state
        raise ValueError(f"seat: this is the view of seat {state.seat}, not a watcher's")
    return _masked(state, state.num_players)


def watching(state: GameState) -> bool:
    """Whether ``state`` is a watcher's view (``public_view``)."""
    return state.seat == state.num_players


def _masked(state: GameState, seat: int) -> GameState:
    team = seat // 2
    public = bool(state.options.team_holders_public)
    return evolve(
        state,
        players=tuple(p if i == seat else _hidden_player(p) for i, p in enumerate(state.players)),
        deck=(NO_CARD,) * len(state.deck),
        tickets=(HIDDEN,) * len(state.tickets),
        pending=_pending(state.pending, state.current == seat),
        setup_offers=tuple(o if i == seat else (HIDDEN,) * len(o)
                           for i, o in enumerate(state.setup_offers)),
        setup_shares=tuple(s if i == seat or not s else HIDDEN
                           for i, s in enumerate(state.setup_shares)),
        holders=tuple(h if t == team or public else EMPTY_HAND
                      for t, h in enumerate(state.holders)),
        holder_sizes=tuple(sum(h) for h in state.holders),
        shared=tuple(s if t == team or public else (HIDDEN,) * len(s)
                     for t, s in enumerate(state.shared)),
        warehouses=(EMPTY_HAND,) * len(state.warehouses),
        warehouse_sizes=tuple(sum(w) for w in state.warehouses),
        seed=NO_SEED, shuffles=0, seat=seat)


def _hidden_player(player: PlayerState) -> PlayerState:
    return evolve(player, hand=EMPTY_HAND, hidden_cards=player.card_count,
                  tickets=(HIDDEN,) * len(player.tickets))


def _pending(pending: Pending | None, mine: bool) -> Pending | None:
    """Another seat's half-done turn, without what only that seat sees."""
    if mine:
        return pending
    if isinstance(pending, TicketChoice | ShareChoice):
        return evolve(pending, tickets=(HIDDEN,) * len(pending.tickets))
    if isinstance(pending, CardPlacement) and pending.blind:
        return evolve(pending, card=NO_CARD)
    return pending
