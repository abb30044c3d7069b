"""What the fast engine's parts share: the move codes (and the public actions they are), and
the tables built once per board.

A hand enters the tables as a *key* (colour cards and locomotives, capped at the longest
payment); per route, the ways to pay it by key; per colour, the sum over its routes; masks of
the routes a hand can reach. ``fast.engine`` plays on them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, GRAY, Board

__all__ = ["BLIND", "CHOICE", "CLAIM", "DECLINE", "FACE", "KEEP", "NONE", "PASS", "PAY",
           "SECOND", "STATION", "TICKETS", "TUNNEL", "Bits", "Move", "Tables", "action_of",
           "board_tables", "move_of", "ticket_combos"]

# Moves: small tuples, the first item says which kind.
BLIND, FACE, TICKETS, CLAIM, STATION, PASS, KEEP, PAY, DECLINE = range(9)
Move = tuple[Any, ...]  #: (kind, its numbers or kept tickets...)

# What the current player must answer (``FastGame.pending``).
NONE, SECOND, CHOICE, TUNNEL = range(4)

Bits = Callable[[int], int]  #: ``random.Random.getrandbits`` of the bot's generator


def _part(length: int, ferry: int, held: int, locos: int) -> int:
    """Ways to pay ``length`` with ``held`` cards of one colour and some of ``locos``
    locomotives (at least ``ferry``, fewer than ``length``): ``engine._payment_runs``'s run."""
    top = min(locos, length - 1)
    need = max(length - held, ferry)
    return top - need + 1 if need <= top else 0


@dataclass(frozen=True, slots=True)
class Tables:
    """What the fast engine needs to know about a board, as plain ints and lists.

    A hand enters the tables as ``key = min(colour cards, top) * size + min(locomotives, top)``
    (``top`` the longest payment; more cards change nothing). ``colored[r]`` is, by key, the
    ways to pay route ``r`` of a colour (locomotives only included); ``grayed[r]`` the ways
    with one colour for a gray route, summed over colours, plus ``gray_locos[r]`` by
    locomotives."""

    top: int
    keys: tuple[tuple[int, ...], ...]  #: keys[min(locomotives, top)][colour cards]
    length: tuple[int, ...]
    color: tuple[int, ...]  #: card index, 8 for gray
    ferry: tuple[int, ...]
    twin: tuple[int, ...]  #: the parallel track's index, or -1
    points: tuple[int, ...]
    tunnel: tuple[bool, ...]
    ids: tuple[str, ...]
    vector: tuple[tuple[int, ...], ...]  #: per route, by key (gray: one colour's part)
    loco_vector: tuple[tuple[int, ...], ...]  #: per gray route, by locomotives: all-locos
    base_colored: tuple[tuple[int, ...], ...]  #: sum of vector over each colour's routes
    base_gray: tuple[int, ...]
    base_gray_locos: tuple[int, ...]
    colour_mask: tuple[tuple[tuple[int, ...], ...], ...]  #: [colour][reach][locos]: routes
    gray_mask: tuple[tuple[int, ...], ...]  #: [reach][locos]
    max_ferry: int
    longer: tuple[int, ...]  #: longer[t]: routes longer than t trains (t <= top)
    all_routes: int
    station_vector: tuple[tuple[int, ...], ...]  #: per station cost, by key, colour part
    cities: tuple[str, ...]
    city_index: dict[str, int]
    combos: dict[tuple[int, int], tuple[tuple[int, ...], ...]]  #: (offered, keep) → choices


@lru_cache(maxsize=16)
def board_tables(board: Board) -> Tables:
    routes = board.routes
    costs = board.rules.station_costs
    top = max([r.length for r in routes] + list(costs) + [1])
    size = top + 1
    hand_max = sum(board.deck) + 1
    keys = tuple(tuple(min(h, top) * size + lk for h in range(hand_max)) for lk in range(size))
    color = tuple(8 if r.color == GRAY else CARD_INDEX[r.color] for r in routes)
    vectors: list[tuple[int, ...]] = []
    loco_vectors: list[tuple[int, ...]] = []
    for r, c in zip(routes, color, strict=True):
        part = tuple(_part(r.length, r.ferry_locomotives, k // size, k % size)
                     for k in range(size * size))
        locos = tuple(int(lk >= r.length) for lk in range(size))
        if c == 8:
            vectors.append(part)
            loco_vectors.append(locos)
        else:
            vectors.append(tuple(p + locos[k % size] for k, p in enumerate(part)))
            loco_vectors.append((0,) * size)
    base_colored = tuple(_sum_vectors([v for v, rc in zip(vectors, color, strict=True)
                                       if rc == c], size * size) for c in range(8))
    base_gray = _sum_vectors([v for v, c in zip(vectors, color, strict=True) if c == 8],
                             size * size)
    base_gray_locos = _sum_vectors(loco_vectors, size)
    max_ferry = max([r.ferry_locomotives for r in routes] + [0])
    colour_mask = tuple(tuple(tuple(
        _mask(r.index for r in routes if color[r.index] == c and r.length <= reach
              and r.ferry_locomotives <= lk) for lk in range(max_ferry + 1))
        for reach in range(size)) for c in range(9))
    return Tables(
        top, keys, tuple(r.length for r in routes), color,
        tuple(r.ferry_locomotives for r in routes),
        tuple(board.route_by_id[r.double].index if r.double else -1 for r in routes),
        tuple(board.route_points(r) for r in routes),
        tuple(r.tunnel and board.rules.tunnel_reveal > 0 for r in routes),
        tuple(r.id for r in routes), tuple(vectors), tuple(loco_vectors),
        base_colored, base_gray, base_gray_locos, colour_mask[:8], colour_mask[8], max_ferry,
        tuple(_mask(r.index for r in routes if r.length > t) for t in range(size)),
        _mask(range(len(routes))),
        tuple(tuple(_part(cost, 0, k // size, k % size) for k in range(size * size))
              for cost in range(size)),
        tuple(c.name for c in board.cities), {c.name: i for i, c in enumerate(board.cities)},
        {})


def _sum_vectors(vectors: Sequence[tuple[int, ...]], size: int) -> tuple[int, ...]:
    return tuple(sum(v[k] for v in vectors) for k in range(size))


def _mask(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def ticket_combos(tables: Tables, offered: int, keep: int) -> tuple[tuple[int, ...], ...]:
    """The ticket choices as index tuples, in ``engine._ticket_choices`` order."""
    found = tables.combos.get((offered, keep))
    if found is None:
        found = tables.combos[(offered, keep)] = tuple(
            combo for k in range(offered, keep - 1, -1)
            for combo in combinations(range(offered), k))
    return found


# --------------------------------------------------------------------------- moves and actions


def move_of(board: Board, tables: Tables, action: Action) -> Move:
    """The move a (legal) public action is."""
    if isinstance(action, DrawBlind):
        return (BLIND,)
    if isinstance(action, DrawFaceUp):
        return FACE, CARD_INDEX[action.card]
    if isinstance(action, DrawTickets):
        return (TICKETS,)
    if isinstance(action, ClaimRoute):
        return (CLAIM, board.route_by_id[action.route].index,
                CARD_INDEX[action.color], action.locomotives)
    if isinstance(action, BuildStation):
        return (STATION, tables.city_index[action.city], CARD_INDEX[action.color],
                action.locomotives)
    if isinstance(action, KeepTickets):
        return KEEP, action.tickets
    if isinstance(action, PayTunnel):
        return PAY, action.locomotives
    if isinstance(action, DeclineTunnel):
        return (DECLINE,)
    if isinstance(action, Pass):
        return (PASS,)
    raise ValueError(f"action: the fast engine does not play {type(action).__name__}")


def action_of(tables: Tables, move: Move) -> Action:
    """The public action a move is."""
    kind = move[0]
    if kind == BLIND:
        return DrawBlind()
    if kind == FACE:
        return DrawFaceUp(CARD_NAMES[move[1]])
    if kind == TICKETS:
        return DrawTickets()
    if kind == CLAIM:
        r, color, locos = move[1:]
        return ClaimRoute(tables.ids[r], CARD_NAMES[color], locos)
    if kind == STATION:
        city, color, locos = move[1:]
        return BuildStation(tables.cities[city], CARD_NAMES[color], locos)
    if kind == KEEP:
        return KeepTickets(move[1])
    if kind == PAY:
        return PayTunnel(move[1])
    if kind == DECLINE:
        return DeclineTunnel()
    return Pass()
