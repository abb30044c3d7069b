"""The strong bot: a planner that sees only what its seat may see.

Each decision starts from a *plan*: the open routes that join the tickets in its hand most
cheaply (a Steiner tree grown ticket by ticket over its own routes, free, and the open ones,
weighted by trains plus a turn per claim, so long routes are preferred). From the plan it

* keeps the set of tickets (all subsets tried) worth most given the trains and the turns the
  game is likely to last, judged from the trains the others have left;
* claims first the planned route whose loss would cost most (a *bottleneck*: the extra trains
  its tickets would need without it, or the tickets lost), before routes an opponent's
  network already touches, then long ones;
* draws the colours the plan still lacks (a gray route asks for the colour it is closest to),
  blind unless a face-up card helps;
* pays a tunnel's surcharge unless the cards it takes are ones the plan needs, for a route
  off the plan worth less (``surcharge_shortfall``);
* when every ticket is done, draws more tickets while the game is young, else claims the
  routes that score most for their trains; in the last turns it claims what scores now,
  a route that completes a ticket first.

It reads its own hand and tickets and the public table (routes, the face-up row, the
number of cards and tickets each player holds, the trains left); never the draw pile's order
or another player's hand or tickets. ``choose(state, rng)`` returns ``bots.Choice``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.bots.strong_plan import (
    INF,
    Plan,
    bottlenecks,
    missing,
    needs,
    plan_for,
    plan_of,
    route_weights,
)
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ttr_widgets.rules.cards import subtract
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.legal import tunnel_cost
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, COLORS, LOCO, Hand, Route
from ttr_widgets.rules.state import OPEN, GameState, SecondCard, TicketChoice, TunnelPayment
from ttr_widgets.rules.variants import ticket_rules

__all__ = ["Plan", "Settings", "alternatives", "choose", "expected_draw_gain", "needs", "plan_of",
           "strong_bot", "surcharge_shortfall"]

CHANCE_BASE = 0.55
CHANCE_SCALE = 10.0
ROUTE_W = 0.6
TRAIN_W = 0.5
FILLER_MIN = 3
TURNS_PER_TRAIN = 0.65


@dataclass(frozen=True, slots=True)
class Settings:
    """Numbers the strong bot plays by (the defaults were tuned against the greedy bot)."""

    draw_tickets_trains: int = 6  #: draw new tickets only with at least this many trains
    draw_tickets_gain: float = 30.0  #: … and when they are worth this many points on average
    endgame_trains: int = 7  #: an opponent this close to the end: score now


DEFAULT = Settings()


# --------------------------------------------------------------------------- the clock


def _turns_left(state: GameState, me: int) -> float:
    """A guess at the turns ``me`` still has: the game ends when someone is down to a couple
    of trains, and players lay about one train per turn."""
    if state.last_round:
        return float(state.final_turns > 0)
    end = state.board.rules.end_trains
    others = [p.trains for i, p in enumerate(state.players) if i != me]
    soonest = min([*others, state.players[me].trains])
    return max(1.0, (soonest - end) * TURNS_PER_TRAIN + 1)


def _turns_needed(hand: Hand, plan: Plan) -> float:
    return missing(hand, plan.routes) / 1.8 + len(plan.routes)


def _ticket_value(state: GameState, me: int, tickets: Sequence[str]) -> float:
    """What holding ``tickets`` is worth, points expected from them and their routes."""
    board = state.board
    plan = plan_for(state, me, tickets)
    hand = state.players[me].hand
    slack = _turns_left(state, me) - _turns_needed(hand, plan)
    chance = min(0.97, max(0.03, CHANCE_BASE + slack / CHANCE_SCALE))
    value = 0.0
    for t in plan.reachable:
        value += board.ticket_by_id[t].points * (2 * chance - 1)
    for t in plan.done:
        value += board.ticket_by_id[t].points
    for t in plan.lost:
        value -= board.ticket_by_id[t].points
    route_points = sum(board.route_points(r) for r in plan.routes)
    return value + ROUTE_W * route_points - TRAIN_W * plan.trains


# --------------------------------------------------------------------------- decisions


def strong_bot(state: GameState, rng: random.Random) -> Choice:
    """The strong bot's move (see the module's docstring)."""
    return choose(state, rng)


def choose(state: GameState, rng: random.Random, settings: Settings = DEFAULT) -> Choice:
    pending = state.pending
    if isinstance(pending, TicketChoice):
        return _keep(state, pending)
    if isinstance(pending, TunnelPayment):
        return _tunnel(state, pending)
    if pending is not None and not isinstance(pending, SecondCard):
        return greedy_bot(state, rng)  # Warehouses & Depots steps
    legal = legal_actions(state)
    me = state.current
    weights = route_weights(state, me)
    plan = plan_for(state, me, state.player.tickets, weights)
    if isinstance(pending, SecondCard):
        return _draw(state, plan, legal, rng)
    choice = (_endgame(state, legal, settings) or _station(state, plan, legal)
              or _claim(state, plan, weights, legal)
              or _more_tickets(state, plan, legal, settings)
              or _filler(state, plan, legal) or _draw(state, plan, legal, rng))
    return choice


def alternatives(state: GameState, rng: random.Random, settings: Settings = DEFAULT,
                 limit: int = 4) -> tuple[Choice, ...]:
    """The strong bot's move first, then up to ``limit - 1`` other moves it weighs at the start
    of a turn, each once: its card draw, its other planned claims (the one to claim first
    first), the claim that scores most, new tickets (with trains enough for them). Just its
    move when a turn is under way (a second card, a tunnel, tickets to keep)."""
    first = choose(state, rng, settings)
    if state.pending is not None or state.in_setup:
        return (first,)
    legal = legal_actions(state)
    me = state.current
    weights = route_weights(state, me)
    plan = plan_for(state, me, state.player.tickets, weights)
    moves = [first, _draw(state, plan, legal, rng), *_planned_claims(state, plan, weights, legal)]
    claims = _claims(legal)
    if claims:
        board = state.board
        best = max(claims, key=lambda r: (board.route_points(board.route_by_id[r]), r))
        route = board.route_by_id[best]
        moves.append(Choice(_best_payment(state.player.hand, route, claims[best], []),
                            f"claims {route}: the most points its cards can buy"))
    if DrawTickets() in legal and not state.last_round and \
            state.player.trains >= settings.draw_tickets_trains:
        moves.append(Choice(DrawTickets(), "draws new tickets"))
    out: list[Choice] = []
    for move in moves:
        if len(out) < limit and all(move.action != m.action for m in out):
            out.append(move)
    return tuple(out)


def _keep(state: GameState, pending: TicketChoice) -> Choice:
    board = state.board
    me = state.current
    held = list(state.player.tickets)
    offered = pending.tickets
    best: tuple[float, tuple[str, ...]] | None = None
    for n in range(max(pending.keep, 1), len(offered) + 1):
        for subset in combinations(offered, n):
            longs = sum("long" in board.ticket_by_id[t].kind for t in subset)
            if pending.max_long is not None and longs > pending.max_long:
                continue
            value = _ticket_value(state, me, held + list(subset))
            if best is None or value > best[0]:
                best = (value, subset)
    kept = best[1] if best is not None else offered[:pending.keep]
    count = len(kept)
    return Choice(KeepTickets(tuple(kept)), f"keeps the {count} ticket"
                  f"{'s' if count != 1 else ''} worth most for the trains and turns left")


def _tunnel(state: GameState, pending: TunnelPayment) -> Choice:
    payments = [a for a in legal_actions(state) if isinstance(a, PayTunnel)]
    if not payments:
        return Choice(DeclineTunnel(), "cannot pay the tunnel's surcharge, so declines it")
    pay = min(payments, key=lambda a: a.locomotives)
    route = state.board.route_by_id[pending.route]
    if 2 * surcharge_shortfall(state, pending, pay) > state.board.route_points(route):
        return Choice(DeclineTunnel(), "declines the tunnel: the surcharge would take cards its "
                      "plan needs, for a route off the plan worth little")
    return Choice(pay, "pays the tunnel's surcharge with as few locomotives as possible")


def surcharge_shortfall(state: GameState, pending: TunnelPayment, pay: PayTunnel) -> int:
    """How many more cards the plan would lack after paying the tunnel ``pay``'s way than
    after declining it; 0 for a route on the plan or one that completes a ticket, and in the
    last round (cards kept then are worth nothing). The strong bot declines when those cards
    are worth more, at two points each, than the route scores."""
    route = state.board.route_by_id[pending.route]
    plan = plan_of(state)
    if state.last_round or route in plan.routes or _completes(state, route):
        return 0
    cost = tunnel_cost(state, pending, pay.locomotives)
    if cost is None:
        return 0
    hand = state.player.hand
    return max(0, missing(subtract(hand, cost), plan.routes) - missing(hand, plan.routes))


def _claims(legal: Sequence[Action]) -> dict[str, list[ClaimRoute]]:
    out: dict[str, list[ClaimRoute]] = {}
    for action in legal:
        if isinstance(action, ClaimRoute):
            out.setdefault(action.route, []).append(action)
    return out


def _hand_after(hand: Hand, action: ClaimRoute, length: int) -> Hand:
    paid = [0] * len(hand)
    paid[LOCO] += action.locomotives
    paid[CARD_INDEX[action.color]] += length - action.locomotives
    return tuple(h - p for h, p in zip(hand, paid, strict=True))


def _best_payment(hand: Hand, route: Route, payments: Sequence[ClaimRoute],
                  rest: Sequence[Route]) -> ClaimRoute:
    """The payment with the fewest locomotives (colour cards pay first: a locomotive stands in
    for any colour later); among those, the one that leaves the hand closest to paying for the
    rest of the plan."""
    return min(payments, key=lambda a: (a.locomotives,
                                        missing(_hand_after(hand, a, route.length), rest),
                                        a.color))


def _contested(state: GameState, me: int) -> set[str]:
    """Cities an opponent's routes reach."""
    cities: set[str] = set()
    for route, owner in zip(state.board.routes, state.owners, strict=True):
        if owner not in (OPEN, me):
            cities.update((route.a, route.b))
    return cities


def _claim(state: GameState, plan: Plan, weights: Sequence[float],
           legal: Sequence[Action]) -> Choice | None:
    ranked = _planned_claims(state, plan, weights, legal)
    return ranked[0] if ranked else None


def _planned_claims(state: GameState, plan: Plan, weights: Sequence[float],
                    legal: Sequence[Action]) -> list[Choice]:
    """The planned routes its cards can pay for, the one to claim first first: bottlenecks,
    then routes an opponent's network touches, then long ones."""
    claims = _claims(legal)
    ready = [r for r in plan.routes if r.id in claims]
    if not ready:
        return []
    me = state.current
    neck = bottlenecks(state, me, plan, weights)
    near = _contested(state, me)

    def priority(route: Route) -> float:
        touched = route.a in near or route.b in near
        return min(neck[route.index], 30.0) + 4.0 * touched + 0.8 * route.length

    out = []
    for route in sorted(ready, key=lambda r: (-priority(r), r.index)):
        rest = [r for r in plan.routes if r is not route]
        action = _best_payment(state.player.hand, route, claims[route.id], rest)
        out.append(Choice(action, f"claims {route}: a planned route"))
    return out


def _station(state: GameState, plan: Plan, legal: Sequence[Action]) -> Choice | None:
    """Build a station the plan needs when its cards are spare, or nothing else is left to
    claim, or the end is near."""
    if not plan.build:
        return None
    builds = [a for a in legal if isinstance(a, BuildStation) and a.city in plan.build]
    if not builds:
        return None
    hand = state.player.hand
    cost = state.board.rules.station_costs[state.board.rules.stations - state.player.stations]

    def after(action: BuildStation) -> Hand:
        paid = [0] * len(hand)
        paid[LOCO] += action.locomotives
        paid[CARD_INDEX[action.color]] += cost - action.locomotives
        return tuple(h - p for h, p in zip(hand, paid, strict=True))

    best = min(builds, key=lambda a: (a.locomotives, missing(after(a), plan.routes), a.color))
    spare = missing(after(best), plan.routes) <= missing(hand, plan.routes)
    near = _turns_left(state, state.current) <= 6
    if not (spare or not plan.routes or near):
        return None
    city = state.board.city_label(best.city)
    return Choice(best, f"builds a station in {city}: it lets a ticket use another player's "
                  "route")


def _completes(state: GameState, route: Route) -> int:
    """Points of the player's open tickets that ``route`` would complete."""
    board = state.board
    own = [*state.player.routes, route.id]
    total = 0
    for tid in state.player.tickets:
        ticket = board.ticket_by_id[tid]
        if not connected(board, state.player.routes, ticket.a, ticket.b) and \
                connected(board, own, ticket.a, ticket.b):
            total += ticket.points
    return total


def _endgame(state: GameState, legal: Sequence[Action], settings: Settings) -> Choice | None:
    me = state.current
    others = min(p.trains for i, p in enumerate(state.players) if i != me)
    if not state.last_round and others > settings.endgame_trains + state.board.rules.end_trains:
        return None
    claims = _claims(legal)
    if not claims:
        return None
    board = state.board

    def gain(route_id: str) -> int:
        route = board.route_by_id[route_id]
        return board.route_points(route) + 2 * _completes(state, route)

    best = max(claims, key=lambda r: (gain(r), r))
    route = board.route_by_id[best]
    plan = plan_of(state)
    if not state.last_round and not _completes(state, route) and plan.routes:
        return None  # time enough to keep building the plan
    action = _best_payment(state.player.hand, route, claims[best], [])
    return Choice(action, f"claims {route}: the most points now, with the end near")


def _more_tickets(state: GameState, plan: Plan, legal: Sequence[Action],
                  settings: Settings) -> Choice | None:
    """Draw tickets when every ticket in hand is done and three tickets from the pile are
    worth, on average, more than a turn spent otherwise: the best of three, drawn from the
    tickets it cannot see (the pile's content, never its order)."""
    if plan.reachable or DrawTickets() not in legal:
        return None
    if state.player.trains < settings.draw_tickets_trains:
        return None
    expected = expected_draw_gain(state)
    if expected < settings.draw_tickets_gain:
        return None
    return Choice(DrawTickets(), "every ticket in hand is done: new tickets are worth "
                  f"about {expected:.0f} points on average")


def expected_draw_gain(state: GameState) -> float:
    """What drawing tickets now is worth to the player to move, on average: the best gain of
    the tickets drawn, over every draw from the tickets they cannot see."""
    me = state.current
    held = list(state.player.tickets)
    rules = ticket_rules(state.board, state.options)
    unseen = [t for t in rules.regular_tickets if t not in held]
    draw = min(rules.draw, len(state.tickets), len(unseen))
    if draw == 0:
        return -INF
    base = _ticket_value(state, me, held)
    gains = sorted((_ticket_value(state, me, [*held, t]) - base for t in unseen), reverse=True)
    n = len(gains)
    total = comb(n, draw)
    return sum(g * comb(n - i - 1, draw - 1) for i, g in enumerate(gains)) / total


def _filler(state: GameState, plan: Plan, legal: Sequence[Action]) -> Choice | None:
    """With nothing planned: claim the route that scores most, if any can be paid."""
    if plan.reachable:
        return None
    claims = _claims(legal)
    if not claims:
        return None
    board = state.board
    best = max(claims, key=lambda r: (board.route_by_id[r].length, r))
    route = board.route_by_id[best]
    if route.length < min(FILLER_MIN, state.player.trains):
        return None  # better to draw for a longer one
    action = _best_payment(state.player.hand, route, claims[best], [])
    return Choice(action, f"claims {route}: the most points its cards can buy")


def _filler_targets(state: GameState) -> list[Route]:
    """With nothing planned: the open routes worth most that the trains left allow."""
    me = state.current
    weights = route_weights(state, me)
    trains = state.player.trains
    routes = [r for r in state.board.routes
              if weights[r.index] not in (0.0, INF) and r.length <= trains]
    hand = state.player.hand
    routes.sort(key=lambda r: (missing(hand, [r]) - 0.5 * r.length, r.index))
    return routes[:1]


def _draw(state: GameState, plan: Plan, legal: Sequence[Action],
          rng: random.Random) -> Choice:
    hand = state.player.hand
    targets = list(plan.routes) if plan.routes else _filler_targets(state)
    short = needs(hand, targets)
    faces = {CARD_INDEX[a.card] for a in legal if isinstance(a, DrawFaceUp)}
    wanted = [c for c in sorted(range(len(COLORS)), key=lambda c: (-short[c], c))
              if short[c] > 0 and c in faces]
    if wanted:
        name = CARD_NAMES[wanted[0]]
        return Choice(DrawFaceUp(name), f"takes the face-up {name}: its plan needs "
                      f"{short[wanted[0]]} more")
    ferry = sum(r.ferry_locomotives for r in targets) > hand[LOCO]
    if LOCO in faces and ferry and not isinstance(state.pending, SecondCard):
        return Choice(DrawFaceUp("locomotive"), "takes the face-up locomotive: its ferries "
                      "need locomotives")
    if DrawBlind() in legal:
        return Choice(DrawBlind(), "draws blind: no face-up card helps its plan")
    options = [a for a in legal if not isinstance(a, BuildStation | DrawTickets)]
    if options:
        return Choice(rng.choice(options), "nothing planned fits: takes a legal move")
    return greedy_bot(state, rng)
