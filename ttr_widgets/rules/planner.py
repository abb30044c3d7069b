"""The ticket planner: the fewest trains that complete a set of tickets, exactly.

A plan joins each ticket's two cities through routes the player owns (free) and routes still to
claim (their length in trains); blocked routes (taken by others, or closed to the player) cannot
be used. Finding the cheapest such network is the *Steiner forest* problem, solved here exactly:

1. the player's owned routes are contracted, so each group of cities they join is one node;
2. a Dreyfus–Wagner dynamic programme gives the cheapest tree joining every subset of the
   tickets' cities (run on the cities a tree can branch at: ticket cities and cities with three
   or more neighbours, with shortest distances between them);
3. the tickets are then split into groups, each group joined by one tree, in the cheapest way.

The two tracks of a double route are parallel edges: blocking one leaves the other usable.
``bottlenecks`` asks, for every route the plan still has to claim, how many more trains the
cheapest plan costs if someone else takes it. Results are cached per board and question, so a
bot may ask every turn. Every cheapest-path search here is ``graph.cheapest_paths`` (Dijkstra
with a cost per route: owned routes free, blocked ones closed); ``graph.ticket_path`` names the
routes a ticket uses in the plan. The search itself (steps 1 to 3) is ``rules.steiner``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from ttr_widgets.rules.graph import cheapest_paths, connected, ticket_path, walk_back
from ttr_widgets.rules.legal import double_closed, route_closed
from ttr_widgets.rules.model import CARD_NAMES, GRAY, LOCOMOTIVE, Board, Route
from ttr_widgets.rules.state import OPEN, GameState, evolve
from ttr_widgets.rules.steiner import INF, MAX_CITIES, Network, PlanError

__all__ = ["MAX_CITIES", "Bottleneck", "Plan", "PlanError", "Review", "bottlenecks",
           "bottlenecks_for", "plan", "plan_for", "plan_if_taken", "review", "review_for"]

_FERRY = LOCOMOTIVE  #: the key for the locomotives a ferry needs in ``Plan.cards``
#: ``Plan.cards`` keys in this order: the colours, gray (any one colour), then locomotives
CARD_KEYS: tuple[str, ...] = (*CARD_NAMES[:-1], GRAY, LOCOMOTIVE)


@dataclass(frozen=True, slots=True)
class Plan:
    """The cheapest way to complete ``tickets``.

    ``trains`` is the fewest train spaces still to place to complete all of them, ``None`` when
    some cannot be completed (they are in ``unreachable``; the rest of the plan is then the
    cheapest one for the others). ``routes`` are one cheapest plan's route ids in board order,
    the owned routes it uses included. ``points``: route points of the routes still to claim,
    plus the tickets it completes, minus the tickets it cannot. ``cards``: the cards of each
    colour the routes still to claim need, by route colour (``"gray"`` for routes of any one
    colour, ``"locomotive"`` for the locomotives ferries ask for; tunnels may cost more).
    ``shared``: route id → the tickets whose path in the plan uses it.
    """

    trains: int | None
    routes: tuple[str, ...]
    tickets: tuple[str, ...]
    unreachable: tuple[str, ...]
    points: int
    cards: Mapping[str, int]
    shared: Mapping[str, tuple[str, ...]]
    to_claim: tuple[str, ...] = ()  #: the plan's routes the player does not own yet

    def __repr__(self) -> str:
        return (f"Plan(trains={self.trains!r}, routes={self.routes!r}, tickets={self.tickets!r}, "
                f"unreachable={self.unreachable!r}, points={self.points!r}, "
                f"cards={dict(self.cards)!r}, shared={dict(self.shared)!r}, "
                f"to_claim={self.to_claim!r})")

    @property
    def complete(self) -> bool:
        """Whether every ticket is already joined by the owned routes."""
        return self.trains == 0


@dataclass(frozen=True, slots=True)
class Bottleneck:
    """``extra``: how many more trains the cheapest plan costs if someone else takes ``route``;
    ``None`` when a ticket then becomes impossible."""

    route: str
    extra: int | None


# --------------------------------------------------------------------------- public API


def plan(board: Board, tickets: Iterable[str], owned: Iterable[str] = (),
         blocked: Iterable[str] = ()) -> Plan:
    """The cheapest plan for ``tickets`` (ids) given the owned and blocked route ids.

    Raises ``KeyError`` for an unknown ticket or route, ``ValueError`` for a route both owned
    and blocked, and ``PlanError`` when the tickets' ends not yet joined are more than
    ``MAX_CITIES`` cities."""
    ticket_ids = tuple(dict.fromkeys(tickets))
    for tid in ticket_ids:
        board.ticket(tid)
    owned_set, blocked_set = _route_set(board, owned), _route_set(board, blocked)
    both = owned_set & blocked_set
    if both:
        raise ValueError(f"route {min(both)} is both owned and blocked")
    return _plan(board, ticket_ids, owned_set, blocked_set)


def bottlenecks(board: Board, tickets: Iterable[str], owned: Iterable[str] = (),
                blocked: Iterable[str] = (), base: Plan | None = None, *,
                twins_close: bool = False) -> tuple[Bottleneck, ...]:
    """For each route the cheapest plan still has to claim, the extra trains if someone else
    takes it; the most critical first (impossible first, then the largest extra), ties in board
    order. With ``twins_close`` the other tracks between the same cities close too (games with
    too few players for both tracks). When some tickets are impossible already, the question is
    asked about the others."""
    owned_set = _route_set(board, owned)

    def closes(route: Route) -> frozenset[str]:
        others = route.parallel if twins_close else ()
        return frozenset((route.id, *(r for r in others if r not in owned_set)))

    return _bottlenecks(board, tuple(dict.fromkeys(tickets)), owned_set,
                        _route_set(board, blocked), base, closes)


def _bottlenecks(board: Board, ticket_ids: tuple[str, ...], owned: frozenset[str],
                 blocked: frozenset[str], base: Plan | None,
                 closes: Callable[[Route], frozenset[str]]) -> tuple[Bottleneck, ...]:
    """``closes(route)``: the routes that close when someone else takes ``route``."""
    base = base or plan(board, ticket_ids, owned, blocked)
    if base.unreachable:
        ticket_ids = tuple(t for t in ticket_ids if t not in base.unreachable)
        base = _plan(board, ticket_ids, owned, blocked)
    assert base.trains is not None
    found = []
    for rid in base.to_claim:
        route = board.route(rid)
        closed = blocked | closes(route)
        if _detour(board, route, free=owned | set(base.routes), closed=closed) == route.length:
            found.append(Bottleneck(rid, 0))  # as cheap a way round: no need to plan again
            continue
        after = _plan(board, ticket_ids, owned, closed)
        found.append(Bottleneck(rid, None if after.trains is None else after.trains - base.trains))
    return _most_critical(board, found)


def plan_for(state: GameState, player: int, tickets: Iterable[str] | None = None) -> Plan:
    """The cheapest plan for a player in a game: their routes are owned (in a team game their
    team's), routes others own and routes closed to them (rules claim.double-small and
    claim.double-own, the team rules of parallel tracks) are blocked. The tickets default to
    the player's own."""
    owned, blocked = _owned_blocked(state, player)
    chosen = state.players[player].tickets if tickets is None else tickets
    return plan(state.board, chosen, owned, blocked)


def bottlenecks_for(state: GameState, player: int, tickets: Iterable[str] | None = None,
                    base: Plan | None = None) -> tuple[Bottleneck, ...]:
    """``bottlenecks`` for a player in a game; which other tracks close when someone else
    takes a route is asked of the engine (rules claim.double-small and claim.double-own)."""
    owned, blocked = _owned_blocked(state, player)
    chosen = state.players[player].tickets if tickets is None else tickets
    return _bottlenecks(state.board, tuple(dict.fromkeys(chosen)), owned, blocked, base,
                        lambda route: _closed_if_taken(state, player, route, owned))


def plan_if_taken(state: GameState, player: int, route_id: str,
                  tickets: Iterable[str] | None = None) -> Plan:
    """The player's cheapest plan once an opponent takes ``route_id`` (and the other tracks
    between the same cities, where the engine closes them). ``ValueError`` if the player owns
    the route."""
    owned, blocked = _owned_blocked(state, player)
    route = state.board.route(route_id)
    if route_id in owned:
        raise ValueError(f"route {route_id} belongs to {state.players[player].name}")
    chosen = state.players[player].tickets if tickets is None else tickets
    return plan(state.board, chosen, owned,
                blocked | _closed_if_taken(state, player, route, owned))


@dataclass(frozen=True, slots=True)
class Review:
    """A plan someone built, beside the cheapest one (``fewest``): the trains its routes still
    need (owned ones are free), the tickets it joins and misses, its routes that cannot be used
    (blocked) and those no ticket needs (``spare``: without any one of them every joined ticket
    stays joined)."""

    trains: int
    joined: tuple[str, ...]
    missing: tuple[str, ...]
    unusable: tuple[str, ...]
    spare: tuple[str, ...]
    fewest: Plan

    @property
    def cheapest(self) -> bool:
        """Whether it completes every ticket with the fewest trains."""
        return not self.missing and not self.unusable and self.trains == self.fewest.trains


def review(board: Board, tickets: Iterable[str], chosen: Iterable[str], owned: Iterable[str] = (),
           blocked: Iterable[str] = ()) -> Review:
    """Judge a plan of ``chosen`` route ids for ``tickets`` against the cheapest plan."""
    ticket_ids = tuple(dict.fromkeys(tickets))
    owned_set, blocked_set = _route_set(board, owned), _route_set(board, blocked)
    routes = sorted(_route_set(board, chosen), key=lambda rid: board.route(rid).index)
    usable = [r for r in routes if r not in blocked_set]
    network = set(usable) | owned_set

    def joins(route_ids: Collection[str], tid: str) -> bool:
        ticket = board.ticket(tid)
        return connected(board, route_ids, ticket.a, ticket.b)

    joined = tuple(t for t in ticket_ids if joins(network, t))
    spare = tuple(r for r in usable if r not in owned_set and
                  all(joins(network - {r}, t) for t in joined))
    return Review(
        trains=sum(board.route(r).length for r in usable if r not in owned_set),
        joined=joined, missing=tuple(t for t in ticket_ids if t not in joined),
        unusable=tuple(r for r in routes if r in blocked_set), spare=spare,
        fewest=plan(board, ticket_ids, owned_set, blocked_set))


def review_for(state: GameState, player: int, chosen: Iterable[str],
               tickets: Iterable[str] | None = None) -> Review:
    """``review`` of a plan for a player in a game (their routes owned, closed ones blocked,
    their tickets by default)."""
    owned, blocked = _owned_blocked(state, player)
    picked = state.players[player].tickets if tickets is None else tickets
    return review(state.board, picked, chosen, owned, blocked)


# --------------------------------------------------------------------------- game positions


def _as_player(state: GameState, player: int) -> GameState:
    if not 0 <= player < state.num_players:
        raise ValueError(f"no player {player} in a game of {state.num_players}")
    return state if state.current == player else evolve(state, current=player)


def _owned_blocked(state: GameState, player: int) -> tuple[frozenset[str], frozenset[str]]:
    """The routes a player's plan has (in a team game the team's: tickets count against both
    teammates' routes) and those it cannot use."""
    view = _as_player(state, player)
    if state.teams and state.options.team_combined_network is not False:
        owned = frozenset(r for p in view.team_players(player // 2) for r in p.routes)
    else:
        owned = frozenset(view.players[player].routes)
    blocked = frozenset(r.id for r in state.board.routes
                        if r.id not in owned and route_closed(view, r) is not None)
    return owned, blocked


def _opponent(state: GameState, player: int) -> int:
    """The next seat that plays against ``player`` (in a team game: not the teammate)."""
    return (player + (2 if state.teams else 1)) % state.num_players


def _closed_if_taken(state: GameState, player: int, route: Route,
                     owned: frozenset[str]) -> frozenset[str]:
    """The route and the other tracks between its cities that the engine would close to
    ``player`` once the next player claimed ``route``."""
    if state.num_players < 2:
        return frozenset((route.id,))
    view = _as_player(state, player)
    owners = list(view.owners)
    owners[route.index] = _opponent(state, player)
    after = evolve(view, owners=tuple(owners))
    return frozenset((route.id, *(
        rid for rid in route.parallel if rid not in owned
        and route_closed(after, state.board.route(rid)) is not None)))


# --------------------------------------------------------------------------- the search


def _route_set(board: Board, route_ids: Iterable[str]) -> frozenset[str]:
    ids = frozenset(route_ids)
    for rid in ids:
        board.route(rid)
    return ids


def _detour(board: Board, route: Route, free: Collection[str], closed: Collection[str]) -> int:
    """The fewest trains that join the two ends of ``route`` without it, the ``free`` routes
    (the plan's and the owned) costing nothing and ``closed`` ones unusable. Replacing a
    plan's route by such a detour keeps every ticket joined, so when the detour costs the
    route's length (the other track of a double, say) losing the route costs nothing; it can
    never cost less, or the plan would not be the cheapest."""
    costs = [None if step.id == route.id or step.id in closed else
             0 if step.id in free else step.length for step in board.routes]
    return cheapest_paths(board, route.a, costs)[0].get(route.b, INF)


def _most_critical(board: Board, found: list[Bottleneck]) -> tuple[Bottleneck, ...]:
    return tuple(sorted(found, key=lambda b: (b.extra is not None, -(b.extra or 0),
                                              board.route(b.route).index)))


@lru_cache(maxsize=512)
def _plan(board: Board, tickets: tuple[str, ...], owned: frozenset[str],
          blocked: frozenset[str]) -> Plan:
    net = Network(board, owned, blocked)
    reachable = [t for t in tickets if net.joinable(board.ticket(t).a, board.ticket(t).b)]
    unreachable = tuple(t for t in tickets if t not in reachable)
    to_claim = net.cheapest_forest([(board.ticket(t).a, board.ticket(t).b) for t in reachable])
    return _describe(board, tickets, unreachable, to_claim, owned)


def _describe(board: Board, tickets: tuple[str, ...], unreachable: tuple[str, ...],
              to_claim: list[Route], owned: frozenset[str]) -> Plan:
    usable = {r.id for r in to_claim} | owned
    shared: dict[str, list[str]] = {}
    for tid in tickets:
        if tid in unreachable:
            continue
        ticket = board.ticket(tid)
        for rid in ticket_path(board, usable, ticket.a, ticket.b) or ():
            shared.setdefault(rid, []).append(tid)
    order = sorted(shared, key=lambda rid: board.route(rid).index)
    cards = dict.fromkeys(CARD_KEYS, 0)
    for route in to_claim:
        cards[route.color] += route.length - route.ferry_locomotives
        cards[_FERRY] += route.ferry_locomotives
    points = sum(board.route_points(r) for r in to_claim) + sum(
        -board.ticket(t).points if t in unreachable else board.ticket(t).points for t in tickets)
    return Plan(
        trains=None if unreachable else sum(r.length for r in to_claim),
        routes=tuple(order), tickets=tickets, unreachable=unreachable, points=points,
        cards=MappingProxyType({k: n for k, n in cards.items() if n}),
        shared=MappingProxyType({rid: tuple(shared[rid]) for rid in order}),
        to_claim=tuple(r.id for r in sorted(to_claim, key=lambda r: r.index)))


# --------------------------------------------------------------------------- one path


def route_cost(state: GameState, route: Route) -> int | None:
    """Cost for the current player to use a route in a plan: 0 if theirs, its length if open and
    claimable, None if closed to them."""
    owner = state.owners[route.index]
    if owner == state.current:
        return 0
    if owner != OPEN:
        return None
    if route.double is not None:
        twin = state.owners[state.board.route_by_id[route.double].index]
        if double_closed(state.board, state.num_players, twin, state.current) is not None:
            return None
    return route.length


def shortest_path(state: GameState, a: str, b: str) -> tuple[int, tuple[Route, ...]] | None:
    """Cheapest way (in trains still to place) to join two cities with own and open routes."""
    costs = [route_cost(state, route) for route in state.board.routes]
    best, came_by = cheapest_paths(state.board, a, costs, target=b)
    if b not in best:
        return None
    return best[b], walk_back(came_by, a, b)
