"""Legal moves: ``legal_actions`` (in a fixed order) and ``random_action``, and the rules
they and the checks share: which tracks are closed to whom (``route_closed``, ``track_closed``,
``double_closed``, ``both_tracks_used``), what a station and a tunnel's payment cost
(``station_price``, ``tunnel_cost``). Checking one action (``check``, ``why_illegal``, the
refusals naming their rule) is ``rules.checks``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ttr_widgets.rules import teams
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    Pass,
    PayTunnel,
    ShareTickets,
)
from ttr_widgets.rules.depots import collect_choices, depot_places
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    GRAY,
    LOCO,
    NUM_CARD_TYPES,
    Board,
    Hand,
    Route,
    card_index,
)
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    CardPlacement,
    DepotPlacement,
    FirstCard,
    GameState,
    Options,
    Pending,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.words import route_label

COLOR_INDICES = tuple(range(len(COLORS)))


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action, in a fixed order: card draws, tickets, claims in board order (each
    route's payments by colour, then locomotives), stations by city."""
    head, groups, tail = _action_groups(state)
    actions: list[Action] = list(head)
    for group in groups:
        actions += _expand(group)
    actions += tail
    return actions


def random_action(state: GameState, rng: random.Random) -> Action:
    """Exactly ``rng.choice(legal_actions(state))``, without building every action: the fast
    path of random play (a test checks the two agree)."""
    head, groups, tail = _action_groups(state)
    i = rng.choice(range(len(head) + sum(g[3] for g in groups) + len(tail)))
    if i < len(head):
        return head[i]
    i -= len(head)
    for group in groups:
        if i < group[3]:
            return _nth_payment(group, i)
        i -= group[3]
    return tail[i]


_Run = tuple[str, int, int]
_Payments = tuple[bool, str, tuple[_Run, ...], int]
"""The legal payments for one route or city: ``(station, target, runs, size)``; each run
``(colour, lo, hi)`` is that colour with ``lo``..``hi`` locomotives. Plain tuples, shared
between targets of the same cost: random play builds thousands of them."""


def _nth_payment(group: _Payments, i: int) -> Action:
    station, target, runs, _size = group
    for color, lo, hi in runs:
        if i <= hi - lo:
            return BuildStation(target, color, lo + i) if station else \
                ClaimRoute(target, color, lo + i)
        i -= hi - lo + 1
    raise IndexError(i)


def _expand(group: _Payments) -> list[Action]:
    return [_nth_payment(group, i) for i in range(group[3])]


_Groups = tuple[list[Action], list[_Payments], list[Action]]


def _action_groups(state: GameState) -> _Groups:
    """The legal actions as (single actions, runs of payments, single actions after them), in
    ``legal_actions`` order."""
    if state.is_over or (state.is_view and state.seat != state.current):
        return [], [], []  # a view lists the moves of its own seat only
    pending = state.pending
    if pending is not None:
        return list(_pending_actions(state, pending)), [], []
    if state.teams:
        return _team_turn_actions(state), [], []
    head: list[Action]
    if state.warehouses and (state.deck or state.discard):
        head = [FeedWarehouse(p) for p in range(state.num_players)]
    else:
        head = list(_draw_actions(state, second=False))
    if state.tickets:
        head.append(_DRAW_TICKETS)
    groups = _claim_groups(state) + _station_groups(state)
    tail: list[Action] = []
    if state.warehouses and state.depots_left[state.current]:
        tail += depot_places(state)
    if not (head or groups or tail):
        tail.append(Pass())
    return head, groups, tail


def _team_turn_actions(state: GameState) -> list[Action]:
    """A team player's turn (rules team.*): card draws, tickets, the share action, claims in
    board order (each payment's hand and holder splits), or Pass when nothing else is
    possible."""
    actions: list[Action] = list(_draw_actions(state, second=False))
    if state.tickets:
        actions.append(_DRAW_TICKETS)
    actions += teams.share_actions(state)
    trains = state.player.trains
    for route in state.board.routes:
        if route.length <= trains and route_closed(state, route) is None:
            actions += teams.claim_payments(state, route)
    return actions or [Pass()]


def _pending_actions(state: GameState, pending: Pending) -> Sequence[Action]:
    """The answers to a half-done turn."""
    if isinstance(pending, TicketChoice):
        return _ticket_choices(state, pending)
    if isinstance(pending, TunnelPayment):
        payments: Sequence[Action] = teams.tunnel_payments(state, pending) if state.teams \
            else _tunnel_payments(state, pending)
        return [*payments, DeclineTunnel()]
    if isinstance(pending, CardPlacement):
        return teams.placements()
    if isinstance(pending, ShareChoice):
        return [ShareTickets((t,)) for t in pending.tickets]
    if isinstance(pending, SecondCard | FirstCard):
        return _draw_actions(state, second=isinstance(pending, SecondCard))
    if isinstance(pending, DepotPlacement):
        return depot_places(state)
    return collect_choices(state, pending)


def _ticket_choices(state: GameState, pending: TicketChoice) -> list[KeepTickets]:
    from itertools import combinations
    offered = pending.tickets
    choices: list[KeepTickets] = []
    for k in range(len(offered), pending.keep - 1, -1):
        choices += [KeepTickets(combo) for combo in combinations(offered, k)]
    if pending.max_long is not None:
        long_ids = long_tickets(state.board, offered)
        choices = [c for c in choices if len(long_ids & set(c.tickets)) <= pending.max_long]
    return choices


def long_tickets(board: Board, tickets: Sequence[str]) -> set[str]:
    """The long tickets among ``tickets`` (rule tickets.one-long keeps at most so many)."""
    return {t for t in tickets if "long" in board.ticket_by_id[t].kind}


def _tunnel_payments(state: GameState, pending: TunnelPayment) -> list[PayTunnel]:
    return [PayTunnel(k) for k in range(pending.extra + 1)
            if tunnel_cost(state, pending, k) is not None]


_DRAW_BLIND = DrawBlind()
_DRAW_TICKETS = DrawTickets()
_DRAW_FACE_UP = tuple(DrawFaceUp(name) for name in CARD_NAMES)  #: shared: actions are values
_NOT_SECOND = frozenset((NO_CARD, LOCO))
_NOT_FIRST = frozenset((NO_CARD,))


def _draw_actions(state: GameState, second: bool) -> list[DrawBlind | DrawFaceUp]:
    actions: list[DrawBlind | DrawFaceUp] = [_DRAW_BLIND] if state.deck or state.discard else []
    shown = set(state.face_up) - (_NOT_SECOND if second else _NOT_FIRST)
    actions += [_DRAW_FACE_UP[c] for c in sorted(shown)]
    return actions


_RouteRow = tuple[int, int, str, int, int]


@lru_cache(maxsize=32)
def _routes_by_color(board: Board) -> tuple[tuple[_RouteRow, ...], ...]:
    """For each card colour (8 = gray routes), its routes as plain ints sorted by length:
    (length, index, id, ferry locomotives, twin's index or -1). The claim loop stops at the
    first route the hand cannot reach."""
    table: list[list[_RouteRow]] = [[] for _ in range(len(COLORS) + 1)]
    for r in board.routes:
        color = len(COLORS) if r.color == GRAY else CARD_INDEX[r.color]
        twin = board.route_by_id[r.double].index if r.double else -1
        table[color].append((r.length, r.index, r.id, r.ferry_locomotives, twin))
    return tuple(tuple(sorted(rows)) for rows in table)


def _claim_groups(state: GameState) -> list[_Payments]:
    """Every affordable open route's payments, in board order (rules claim.*,
    ferry.locomotives)."""
    player = state.player
    hand, trains, owners, me = player.hand, player.trains, state.owners, state.current
    locos = hand[LOCO]
    board, players = state.board, state.num_players
    found: list[tuple[int, str, tuple[_Run, ...], int]] = []
    memo: dict[tuple[int, int, int], tuple[tuple[_Run, ...], int]] = {}
    for color, rows in enumerate(_routes_by_color(state.board)):
        gray = color == LOCO
        reach = (max(hand[:LOCO]) if gray else hand[color]) + locos
        if reach > trains:
            reach = trains
        if not rows or rows[0][0] > reach:
            continue  # not even this colour's shortest route is affordable
        for length, index, rid, ferry, twin in rows:
            if length > reach:
                break
            if owners[index] != OPEN or (
                    twin >= 0 and double_closed(board, players, owners[twin], me) is not None):
                continue
            key = (color, length, ferry)
            runs = memo.get(key)
            if runs is None:
                runs = memo[key] = _payment_runs(hand, length, -1 if gray else color, ferry)
            if runs[1]:
                found.append((index, rid, *runs))
    found.sort()
    return [(False, rid, runs, size) for _index, rid, runs, size in found]


def _payment_runs(hand: Hand, cost: int, color: int, low: int) -> tuple[tuple[_Run, ...], int]:
    """Every way to pay ``cost`` cards of one colour (``color``, or any if -1) with at least
    ``low`` locomotives, and how many ways that is."""
    have_locos = hand[LOCO]
    top = min(have_locos, cost - 1)
    runs: list[_Run] = []
    size = 0
    for c in (color,) if color >= 0 else COLOR_INDICES:
        need_locos = cost - hand[c]
        if need_locos < low:
            need_locos = low
        if need_locos <= top:
            runs.append((COLORS[c], need_locos, top))
            size += top - need_locos + 1
    if have_locos >= cost:
        runs.append(("locomotive", cost, cost))
        size += 1
    return tuple(runs), size


def _station_groups(state: GameState) -> list[_Payments]:
    player = state.player
    if not player.stations:
        return []
    runs, size = _payment_runs(player.hand, station_price(state), -1, 0)
    if not size:
        return []
    taken = {city for city, _ in state.stations} | {city for city, _ in state.depots}
    return [(True, city.name, runs, size) for city in state.board.cities if city.name not in taken]


def station_cost(state: GameState) -> int | None:
    """What the current player's next station costs, in cards (rule station.cost), or None
    when they cannot build one (no station left, or a map without stations)."""
    return station_price(state) if state.player.stations else None


def station_price(state: GameState) -> int:
    rules = state.board.rules
    return rules.station_costs[rules.stations - state.player.stations]


def route_closed(state: GameState, route: Route) -> RulesError | None:
    """Why nobody (or not this player) may claim the route now, or None."""
    board = state.board
    if state.owners[route.index] != OPEN:
        return RulesError("claim.open", _("{route} already belongs to {name}.").format(
            route=route_label(route), name=state.players[state.owners[route.index]].name))
    if not route.parallel:
        return None
    if state.teams:
        taken = [state.owners[board.route_by_id[r].index] for r in route.parallel]
        closed = teams.track_rule(state.options, state.num_players, route,
                                  [p for p in taken if p != OPEN], state.current)
        return None if closed is None else teams.track_refusal(closed, route, state.num_players)
    assert route.double is not None
    twin_owner = state.owners[board.route_by_id[route.double].index]
    rule = double_closed(board, state.num_players, twin_owner, state.current)
    if rule == "claim.double-small":
        return RulesError(rule, _(
            "With {players} players only one track of {cities} is used, and the other one is "
            "claimed.").format(players=state.num_players, cities=route.cities_label))
    if rule == "claim.double-own":
        return RulesError(rule, _(
            "You already own the other track of {cities}; nobody may claim both.").format(
            cities=route.cities_label))
    return None


def track_closed(board: Board, options: Options, players: int, route: Route,
                 owners: Sequence[int], me: int) -> str | None:
    """The one rule of parallel tracks (double and triple routes): the rule that closes
    ``route`` to player ``me`` given the owner of every route (``owners``, by board index,
    ``OPEN`` when free), or None. The engine, the planner and position files ask this; team
    play's own tracks rules are ``teams.track_rule``."""
    taken = [owners[board.route_by_id[r].index] for r in route.parallel]
    if options.teams:
        return teams.track_rule(options, players, route, [p for p in taken if p != OPEN], me)
    return double_closed(board, players, taken[0], me) if taken else None


def both_tracks_used(board: Board, players: int) -> bool:
    """Rules claim.double-small and claim.double-large: with this many players both tracks of
    a double route may be claimed, by two different players."""
    return players >= board.rules.double_routes_min_players


def double_closed(board: Board, players: int, twin_owner: int, me: int) -> str | None:
    """The double-route closing rule, in one place: the rule that closes a track to player
    ``me`` when the other track of its double route belongs to ``twin_owner`` (``OPEN`` when
    nobody holds it) -- "claim.double-own" (nobody holds both, with any number of players) or
    "claim.double-small" (too few players: one track is used) -- or None while it is open to
    them. The engine, the bots, the planner and position files all ask this."""
    if twin_owner == OPEN:
        return None
    if twin_owner == me:
        return "claim.double-own"
    return None if both_tracks_used(board, players) else "claim.double-small"


def tunnel_cost(state: GameState, pending: TunnelPayment, extra_locos: int) -> Hand | None:
    """The whole payment (offer + surcharge) as a hand, or None if the hand cannot afford it."""
    route = state.board.route_by_id[pending.route]
    locos = pending.locomotives + extra_locos
    colored = route.length + pending.extra - locos
    cost = [0] * NUM_CARD_TYPES
    cost[LOCO] = locos
    if colored:
        if pending.color == "locomotive":
            return None
        cost[card_index(pending.color)] = colored
    hand = state.player.hand
    if any(h < c for h, c in zip(hand, cost, strict=False)):
        return None
    return tuple(cost)
