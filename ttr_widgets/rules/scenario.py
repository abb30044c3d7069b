"""Named positions: build a mid-game state by hand, for tests, lessons and "try it" widgets.

Every card is accounted for: the cards not placed in a hand, the face-up row or on top of the
pile make up the rest of the pile (in a fixed order shuffled by ``seed``), so the state is one a
real game could reach.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.model import CARD_NAMES, NUM_CARD_TYPES, Board, Hand, card_index, hand_from
from ttr_widgets.rules.state import NO_CARD, OPEN, GameState, Options, PlayerState
from ttr_widgets.rules.variants import ticket_rules


def scenario(
    board: Board,
    players: int | Sequence[str] = 2,
    *,
    hands: Sequence[Mapping[str, int]] = (),
    face_up: Sequence[str | None] = (),
    pile_top: Sequence[str] = (),
    pile_size: int | None = None,
    discard: Sequence[str] = (),
    claimed: Mapping[str, int] | None = None,
    stations: Mapping[str, int] | None = None,
    tickets: Sequence[Sequence[str]] = (),
    ticket_pile: Sequence[str] | None = None,
    trains: Sequence[int] = (),
    current: int = 0,
    seed: int = 0,
    options: Options | None = None,
    depots: Mapping[str, int] | None = None,
    warehouses: Sequence[Mapping[str, int]] = (),
) -> GameState:
    """A state after setup where player ``current`` is about to start a turn.

    ``pile_top`` lists the next cards of the pile, top first. ``discard`` puts named cards in
    the discards; ``pile_size`` keeps only that many cards in the pile and moves the others
    (from the bottom) to the discards. Without ``face_up`` the row is dealt from the pile.
    Route and station owners are player indices; trains default to what the claimed routes
    leave. With ``Options(warehouses=True)``, ``depots`` (city → player) are placed and
    ``warehouses`` hold the given cards; Depots left default to the rule set's number (5) less
    those placed."""
    names = tuple(f"Player {i + 1}" for i in range(players)) if isinstance(players, int) \
        else tuple(players)
    n = len(names)
    hand_tuples = [hand_from(h) for h in hands] + [(0,) * NUM_CARD_TYPES] * (n - len(hands))
    options = options or Options()
    stored = _warehouses(options, warehouses, n)
    row = tuple(card_index(c) if c is not None else NO_CARD for c in face_up)
    top = [card_index(c) for c in pile_top]
    discards = [card_index(c) for c in discard]
    rest = _remaining(board, [*hand_tuples, *stored], row, top + discards)
    random.Random(f"ttr:{seed}:scenario").shuffle(rest)
    if not face_up:
        if len(rest) < board.rules.face_up:
            raise PositionError("face_up: not enough cards left to deal the face-up row")
        row = tuple(rest.pop() for _ in range(board.rules.face_up))
    pile = rest + list(reversed(top))  # the pile's top is the end of the tuple
    if pile_size is not None:
        cut = len(pile) - pile_size
        if cut < 0:
            raise PositionError(f"pile_size: only {len(pile)} cards are left for the pile")
        discards += pile[:cut]
        pile = pile[cut:]
    if len(row) < board.rules.face_up:
        row = row + (NO_CARD,) * (board.rules.face_up - len(row))
    owners = _owners(board, claimed or {}, n)
    player_states = _players(board, names, hand_tuples, owners, trains, tickets, stations or {})
    return GameState(
        board=board, players=player_states, deck=tuple(pile), discard=tuple(discards),
        face_up=row, owners=owners, current=current, seed=seed,
        tickets=tuple(ticket_pile) if ticket_pile is not None
        else _ticket_pile(board, options, tickets),
        stations=tuple((city, p) for city, p in (stations or {}).items()),
        options=options, last_event="A position set up by hand.",
        **_depots(board, options, depots or {}, stations or {}, stored, n),
    )


def _warehouses(options: Options, cards: Sequence[Mapping[str, int]], n: int
                ) -> tuple[Hand, ...]:
    if not options.warehouses:
        if cards:
            raise PositionError("warehouses: only in a game with Options(warehouses=True)")
        return ()
    if len(cards) > n:
        raise PositionError(f"warehouses: {len(cards)} given for {n} players")
    return tuple(hand_from(c) for c in cards) + ((0,) * NUM_CARD_TYPES,) * (n - len(cards))


def _depots(board: Board, options: Options, depots: Mapping[str, int],
            stations: Mapping[str, int], stored: tuple[Hand, ...], n: int) -> dict[str, Any]:
    """The Warehouses & Depots fields of the state (none without the option)."""
    if not options.warehouses:
        if depots:
            raise PositionError("depots: only in a game with Options(warehouses=True)")
        return {}
    for city, player in depots.items():
        if city not in board.city_index:
            raise PositionError(f"depots: unknown city {city!r}")
        if city in stations:
            raise PositionError(f"depots[{city!r}]: the city holds a station (one piece per "
                                "city)")
        if not 0 <= player < n:
            raise PositionError(f"depots[{city!r}]: no player {player}")
    left = tuple(board.rules.depots - sum(1 for p in depots.values() if p == i) for i in range(n))
    if min(left) < 0:
        raise PositionError(f"depots: a player has only {board.rules.depots} Depots")
    return {"warehouses": stored, "depots": tuple(depots.items()), "depots_left": left}


def _remaining(board: Board, hands: Sequence[Hand], row: tuple[int, ...],
               placed: Sequence[int]) -> list[int]:
    left = list(board.deck)
    for hand in hands:
        for i, count in enumerate(hand):
            left[i] -= count
    for card in (*row, *placed):
        if card != NO_CARD:
            left[card] -= 1
    short = [CARD_NAMES[i] for i, n in enumerate(left) if n < 0]
    if short:
        raise PositionError(f"cards: more {short[0]} cards placed than the deck holds")
    return [i for i, count in enumerate(left) for _ in range(count)]


def _owners(board: Board, claimed: Mapping[str, int], n: int) -> tuple[int, ...]:
    owners = [OPEN] * len(board.routes)
    for route_id, player in claimed.items():
        if route_id not in board.route_by_id:
            raise PositionError(f"claimed: unknown route {route_id!r}")
        if not 0 <= player < n:
            raise PositionError(f"claimed[{route_id!r}]: no player {player}")
        owners[board.route_by_id[route_id].index] = player
    return tuple(owners)


def _players(board: Board, names: Sequence[str], hands: Sequence[Hand], owners: Sequence[int],
             trains: Sequence[int], tickets: Sequence[Sequence[str]],
             stations: Mapping[str, int]) -> tuple[PlayerState, ...]:
    result = []
    for i, name in enumerate(names):
        routes = tuple(r.id for r in board.routes if owners[r.index] == i)
        used = sum(board.route_by_id[r].length for r in routes)
        points = sum(board.route_points(board.route_by_id[r]) for r in routes)
        left = trains[i] if i < len(trains) else board.rules.trains - used
        built = sum(1 for p in stations.values() if p == i)
        mine = tuple(tickets[i]) if i < len(tickets) else ()
        result.append(PlayerState(name, hands[i], left, board.rules.stations - built, mine,
                                  routes, points))
    return tuple(result)


def _ticket_pile(board: Board, options: Options, dealt: Sequence[Sequence[str]]
                 ) -> tuple[str, ...]:
    held = {t for ts in dealt for t in ts}
    return tuple(t for t in ticket_rules(board, options).regular_tickets if t not in held)
