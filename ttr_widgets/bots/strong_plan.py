"""The strong bot's plan: the open routes that join a player's tickets most cheaply.

A Steiner tree grown ticket by ticket over the player's own routes (free) and the open ones,
weighted by trains plus a turn per claim (so long routes are preferred), borrowing others'
routes through stations where the map has them; with it, the cards the plan still lacks and
how much the plan would lose without each of its routes (its *bottlenecks*). It reads only
what the seat may see. ``rules.strong`` decides moves from it.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ttr_widgets.rules.legal import track_closed
from ttr_widgets.rules.model import CARD_INDEX, COLORS, GRAY, LOCO, Board, Hand, Route, Ticket
from ttr_widgets.rules.state import OPEN, GameState

__all__ = ["INF", "Plan", "bottlenecks", "missing", "needs", "plan_for", "plan_of",
           "route_weights"]

TURN = 2.2  #: weight of one claim (a turn) against one train, when choosing paths
INF = float("inf")
STATION_W = 6.0  #: the weight of borrowing a route with a station (its 4 points and a turn)


# --------------------------------------------------------------------------- the board's graph


@dataclass(frozen=True, slots=True)
class _Graph:
    routes: tuple[Route, ...]
    adjacent: dict[str, tuple[tuple[int, str], ...]]
    parallel: tuple[tuple[int, ...], ...]  #: per route: the other tracks between its cities


@lru_cache(maxsize=8)
def _graph(board: Board) -> _Graph:
    adjacent: dict[str, list[tuple[int, str]]] = {c.name: [] for c in board.cities}
    for route in board.routes:
        adjacent[route.a].append((route.index, route.b))
        adjacent[route.b].append((route.index, route.a))
    parallel = tuple(tuple(board.route_by_id[p].index for p in r.parallel) for r in board.routes)
    return _Graph(board.routes, {c: tuple(v) for c, v in adjacent.items()}, parallel)


def route_weights(state: GameState, me: int) -> list[float]:
    """Per route: 0 if ``me`` owns it (in a team game: ``me``'s team), INF if closed to ``me``
    (by the engine's own rule of parallel tracks, ``legal.track_closed``), else trains plus a
    turn."""
    graph = _graph(state.board)
    board, owners, players = state.board, state.owners, state.num_players
    team = me // 2 if state.teams else None
    weights = []
    for route, owner, others in zip(graph.routes, owners, graph.parallel, strict=True):
        if owner == me or (team is not None and owner != OPEN and owner // 2 == team):
            weights.append(0.0)
        elif owner != OPEN or (others and track_closed(board, state.options, players, route,
                                                       owners, me) is not None):
            weights.append(INF)
        else:
            extra = 0.5 if route.tunnel else 0.0
            weights.append(route.length + TURN + extra + 0.5 * route.ferry_locomotives)
    return weights


def _path(graph: _Graph, weights: Sequence[float], a: str, b: str
          ) -> tuple[float, tuple[int, ...]] | None:
    """The cheapest path from ``a`` to ``b`` (weight, route indices), or None."""
    best: dict[str, float] = {a: 0.0}
    back: dict[str, tuple[int, str]] = {}
    queue: list[tuple[float, str]] = [(0.0, a)]
    while queue:
        cost, city = heapq.heappop(queue)
        if city == b:
            path = []
            while city != a:
                index, city = back[city]
                path.append(index)
            return cost, tuple(path)
        if cost > best[city]:
            continue
        for index, other in graph.adjacent[city]:
            step = weights[index]
            if step == INF:
                continue
            new = cost + step
            if new < best.get(other, INF):
                best[other] = new
                back[other] = (index, city)
                heapq.heappush(queue, (new, other))
    return None


# --------------------------------------------------------------------------- plans


@dataclass(frozen=True, slots=True)
class Plan:
    """The open routes that join a player's tickets, and what they cost."""

    routes: tuple[Route, ...]  #: open routes to claim
    trains: int  #: trains those routes take
    weight: float  #: trains plus turns (the path search's measure)
    reachable: tuple[str, ...]  #: tickets not yet joined but joinable
    done: tuple[str, ...]  #: tickets already joined by the player's own routes
    lost: tuple[str, ...]  #: tickets no open path can join any more (or beyond the trains)
    borrowed: tuple[Route, ...] = ()  #: others' routes a station of the player's will use
    build: tuple[str, ...] = ()  #: cities where the plan still needs a station


@dataclass(slots=True)
class _Borrow:
    """What stations may do for a plan: others' routes usable at a price."""

    weights: list[float]  #: per route: the price of borrowing it, INF where impossible
    left: int  #: borrowings still possible (stations built or to build)
    used: list[int]


def _borrow(state: GameState, me: int) -> _Borrow | None:
    board = state.board
    player = state.players[me]
    mine = {city for city, owner in state.stations if owner == me}
    if not board.has_stations or not (player.stations or mine):
        return None
    taken = {city for city, _ in state.stations} | {city for city, _ in state.depots}
    weights = []
    for route, owner in zip(board.routes, state.owners, strict=True):
        if owner in (OPEN, me):
            weights.append(INF)
        elif route.a in mine or route.b in mine:
            weights.append(0.5)
        elif route.a not in taken or route.b not in taken:
            weights.append(STATION_W + board.rules.station_costs[0])
        else:
            weights.append(INF)
    return _Borrow(weights, player.stations + len(mine), [])


def _grow(graph: _Graph, weights: Sequence[float], tickets: Sequence[Ticket], trains: int,
          borrow: _Borrow | None = None) -> Plan:
    w = list(weights)
    chosen: list[int] = []
    reachable: list[str] = []
    done: list[str] = []
    lost: list[str] = []
    total = 0.0
    used = 0
    for ticket in tickets:
        found = _path(graph, w, ticket.a, ticket.b)
        if found is None and borrow is not None and borrow.left > 0:
            found = _borrowing(graph, w, borrow, ticket)
        if found is None:
            lost.append(ticket.id)
            continue
        cost, path = found
        if cost == 0:
            if all(weights[i] == 0 for i in path):
                done.append(ticket.id)
            else:
                reachable.append(ticket.id)
            continue
        extra = sum(graph.routes[i].length for i in path if 0 < w[i] < INF)
        if used + extra > trains:
            lost.append(ticket.id)
            continue
        used += extra
        total += cost
        for i in path:
            if w[i] == INF:
                assert borrow is not None
                borrow.used.append(i)
                borrow.left -= 1
            elif w[i] > 0:
                chosen.append(i)
            w[i] = 0.0
        reachable.append(ticket.id)
    routes = tuple(graph.routes[i] for i in chosen)
    borrowed = tuple(graph.routes[i] for i in borrow.used) if borrow is not None else ()
    return Plan(routes, used, total, tuple(reachable), tuple(done), tuple(lost), borrowed)


def _borrowing(graph: _Graph, w: Sequence[float], borrow: _Borrow, ticket: Ticket
               ) -> tuple[float, tuple[int, ...]] | None:
    """The cheapest path for ``ticket`` that borrows others' routes through stations, if it
    borrows no more than the stations allow."""
    mixed = [b if x == INF else x for x, b in zip(w, borrow.weights, strict=True)]
    found = _path(graph, mixed, ticket.a, ticket.b)
    if found is None or sum(w[i] == INF for i in found[1]) > borrow.left:
        return None
    return found


def plan_for(state: GameState, me: int, tickets: Sequence[str],
          weights: Sequence[float] | None = None) -> Plan:
    """The cheaper of two orders of growing the plan: most points first, farthest first."""
    board = state.board
    graph = _graph(board)
    w = route_weights(state, me) if weights is None else weights
    held = [board.ticket_by_id[t] for t in tickets]
    trains = state.players[me].trains
    by_points = sorted(held, key=lambda t: (-t.points, t.id))
    orders = [by_points] if len(held) < 2 else [by_points, list(reversed(by_points))]
    plans = [_grow(graph, w, order, trains, _borrow(state, me)) for order in orders]
    best = min(plans, key=lambda p: (len(p.lost), p.weight))
    if not best.borrowed:
        return best
    return _with_builds(state, me, best)


def _with_builds(state: GameState, me: int, plan: Plan) -> Plan:
    """The plan with the cities where its borrowed routes still need a station of ``me``."""
    mine = {city for city, owner in state.stations if owner == me}
    taken = {city for city, _ in state.stations} | {city for city, _ in state.depots}
    build: list[str] = []
    for route in plan.borrowed:
        if route.a in mine or route.b in mine:
            continue
        city = route.a if route.a not in taken else route.b
        if city not in build:
            build.append(city)
    return Plan(plan.routes, plan.trains, plan.weight, plan.reachable, plan.done, plan.lost,
                plan.borrowed, tuple(build))


def plan_of(state: GameState, player: int | None = None) -> Plan:
    """The plan of ``player`` (default: the one to move) for the tickets in their hand."""
    me = state.current if player is None else player
    return plan_for(state, me, state.players[me].tickets)


def bottlenecks(state: GameState, me: int, plan: Plan, weights: Sequence[float]
                 ) -> dict[int, float]:
    """Per planned route: how much the plan would lose without it (extra weight, or a big
    number per ticket point lost)."""
    board = state.board
    tickets = [*plan.reachable]
    out: dict[int, float] = {}
    for route in plan.routes:
        w = list(weights)
        w[route.index] = INF
        other = plan_for(state, me, tickets, w)
        lost = sum(board.ticket_by_id[t].points for t in other.lost)
        out[route.index] = other.weight - plan.weight + 3.0 * lost
    return out


# --------------------------------------------------------------------------- cards


def needs(hand: Hand, routes: Sequence[Route]) -> list[int]:
    """Cards per colour the routes still lack beyond the hand (locomotives not counted in);
    a gray route takes the colour left most plentiful after the coloured routes."""
    left = list(hand[:LOCO])
    short = [0] * len(COLORS)
    for route in sorted(routes, key=lambda r: (r.color == GRAY, -r.length)):
        if route.color == GRAY:
            color = max(range(len(COLORS)), key=lambda c: (left[c] - short[c], -c))
        else:
            color = CARD_INDEX[route.color]
        colored = route.length - route.ferry_locomotives
        take = min(left[color], colored)
        left[color] -= take
        short[color] += colored - take
    return short


def missing(hand: Hand, routes: Sequence[Route]) -> int:
    """Cards still to draw for ``routes``: colour shortfalls and ferry locomotives, less the
    locomotives in hand."""
    ferry = sum(r.ferry_locomotives for r in routes)
    return max(0, sum(needs(hand, routes)) + ferry - hand[LOCO])
