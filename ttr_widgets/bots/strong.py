"""The strong bot: a planner that sees only what its seat may see.

Each decision starts from a *plan*: the open routes that join the tickets in its hand most
cheaply (a Steiner tree grown ticket by ticket over its own routes, free, and the open ones,
weighted by trains plus a turn per claim, so long routes are preferred). From the plan it

* keeps the set of tickets (all subsets tried) worth most given the trains and the turns the
  game is likely to last, judged from the trains the others have left (``strong_tickets``:
  the clock, what tickets are worth, which to keep, what new ones are worth);
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

In a team game (``rules.teams``) the same plan is the team's: its teammate's routes are free,
the tickets it plays for are its own and the team's shared ones, its cards are its hand and the
team holder together (it pays from the hand first), a card it draws goes into its hand when its
plan needs the colour and into the holder otherwise, it shares a ticket its own trains cannot
finish with a teammate who can, and the clock is the teams' trains together.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ttr_widgets.bots import team_play
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
from ttr_widgets.bots.strong_tickets import (
    cards,
    expected_draw_gain,
    keep,
    playing_for,
    trains_to_end,
    turns_left,
)
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    PayTunnel,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.cards import add_hands, subtract
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.legal import tunnel_cost
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, COLORS, LOCO, Hand, Route, Ticket
from ttr_widgets.rules.state import (
    OPEN,
    CardPlacement,
    GameState,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.teams import HAND, HOLDER, split_cost
from ttr_widgets.rules.words import colour_of, route_label

__all__ = ["Plan", "Settings", "alternatives", "cards", "choose", "completes",
           "expected_draw_gain", "needs", "plan_of", "playing_for", "strong_bot",
           "surcharge_shortfall", "trains_to_end"]

FILLER_MIN = 3


@dataclass(frozen=True, slots=True)
class Settings:
    """Numbers the strong bot plays by (the defaults were tuned against the greedy bot)."""

    draw_tickets_trains: int = 6  #: draw new tickets only with at least this many trains
    draw_tickets_gain: float = 30.0  #: … and when they are worth this many points on average
    endgame_trains: int = 7  #: an opponent this close to the end: score now


DEFAULT = Settings()


# --------------------------------------------------------------------------- decisions


def strong_bot(state: GameState, rng: random.Random) -> Choice:
    """The strong bot's move (see the module's docstring)."""
    return choose(state, rng)


def choose(state: GameState, rng: random.Random, settings: Settings = DEFAULT) -> Choice:
    pending = state.pending
    if isinstance(pending, TicketChoice):
        return keep(state, pending)
    if isinstance(pending, TunnelPayment):
        return _tunnel(state, pending)
    if isinstance(pending, ShareChoice):
        return _share_choice(state, pending)
    if pending is not None and not isinstance(pending, SecondCard | CardPlacement):
        return greedy_bot(state, rng)  # Warehouses & Depots steps
    legal = legal_actions(state)
    me = state.current
    weights = route_weights(state, me)
    plan = plan_for(state, me, playing_for(state), weights)
    if isinstance(pending, CardPlacement):
        return _place(state, plan, pending)
    if isinstance(pending, SecondCard):
        return _draw(state, plan, legal, rng)
    choice = (_endgame(state, legal, settings) or _station(state, plan, legal)
              or _claim(state, plan, weights, legal) or _share(state, legal)
              or _more_tickets(state, plan, legal, settings)
              or _filler(state, plan, legal) or _draw(state, plan, legal, rng))
    return choice


def _place(state: GameState, plan: Plan, pending: CardPlacement) -> Choice:
    """Team play: the first card drawn goes into the hand when the plan needs its colour (or it
    is a locomotive), else into the team holder, where the teammate may use it too."""
    short = needs(cards(state), plan.routes)
    name = CARD_NAMES[pending.card]
    if pending.card == LOCO or short[pending.card] > 0:
        return Choice(PlaceCard(HAND), team_play.keeps_card(name, _("its plan needs it")))
    return Choice(PlaceCard(HOLDER), team_play.holds_card(name, _("its own plan does not need "
                                                                  "it")))


def _share_choice(state: GameState, pending: ShareChoice) -> Choice:
    """Team play: of the tickets just kept, share the one worth most (the teammate sees it in
    the holder and can build toward it)."""
    board = state.board
    top = max(pending.tickets, key=lambda t: (board.ticket_by_id[t].points, t))
    return Choice(ShareTickets((top,)), team_play.shares_top())


def _share(state: GameState, legal: Sequence[Action]) -> Choice | None:
    """Team play: share a ticket its own trains cannot finish with a teammate who can."""
    if not state.teams or state.last_round:
        return None
    ticket = team_play.ticket_to_share(state)
    if ticket is None or ShareTickets((ticket,)) not in legal:
        return None
    return Choice(ShareTickets((ticket,)), team_play.shares_unfinished())


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
    plan = plan_for(state, me, playing_for(state), weights)
    moves = [first, _draw(state, plan, legal, rng), *_planned_claims(state, plan, weights, legal)]
    claims = _claims(legal)
    if claims:
        board = state.board
        best = max(claims, key=lambda r: (board.route_points(board.route_by_id[r]), r))
        route = board.route_by_id[best]
        moves.append(Choice(_best_payment(cards(state), route, claims[best], []),
                            _claim_reason(route, _("the most points its cards can buy"))))
    if DrawTickets() in legal and not state.last_round and \
            state.player.trains >= settings.draw_tickets_trains:
        moves.append(Choice(DrawTickets(), _("draws new tickets")))
    out: list[Choice] = []
    for move in moves:
        if len(out) < limit and all(move.action != m.action for m in out):
            out.append(move)
    return tuple(out)


def _tunnel(state: GameState, pending: TunnelPayment) -> Choice:
    payments = [a for a in legal_actions(state) if isinstance(a, PayTunnel)]
    if not payments:
        return Choice(DeclineTunnel(), _("cannot pay the tunnel's surcharge, so declines it"))
    pay = min(payments, key=lambda a: (a.locomotives, a.holder_cards + a.holder_locomotives))
    route = state.board.route_by_id[pending.route]
    if 2 * surcharge_shortfall(state, pending, pay) > state.board.route_points(route):
        return Choice(DeclineTunnel(), _("declines the tunnel: the surcharge would take cards "
                                         "its plan needs, for a route off the plan worth "
                                         "little"))
    return Choice(pay, _("pays the tunnel's surcharge with as few locomotives as possible"))


def surcharge_shortfall(state: GameState, pending: TunnelPayment, pay: PayTunnel) -> int:
    """How many more cards the plan would lack after paying the tunnel ``pay``'s way than
    after declining it; 0 for a route on the plan or one that completes a ticket, and in the
    last round (cards kept then are worth nothing). The strong bot declines when those cards
    are worth more, at two points each, than the route scores."""
    route = state.board.route_by_id[pending.route]
    plan = plan_of(state)
    if state.last_round or route in plan.routes or _completes(state, route):
        return 0
    if state.teams:
        offer = split_cost(pending.color, state.board.route(pending.route).length
                           - pending.locomotives, pending.locomotives, 0, 0)[0]
        extra = split_cost(pending.color, pending.extra - pay.locomotives, pay.locomotives,
                           0, 0)[0]
        cost: Hand | None = add_hands(offer, extra)
    else:
        cost = tunnel_cost(state, pending, pay.locomotives)
    if cost is None:
        return 0
    hand = cards(state)
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
    for any colour later); among those, the one that leaves the cards (in a team game the hand
    and the holder together) closest to paying for the rest of the plan, then the one that takes
    least from the team holder."""
    return min(payments, key=lambda a: (a.locomotives,
                                        missing(_hand_after(hand, a, route.length), rest),
                                        a.holder_cards + a.holder_locomotives, a.color))


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
        action = _best_payment(cards(state), route, claims[route.id], rest)
        out.append(Choice(action, _claim_reason(route, _("a planned route"))))
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
    near = turns_left(state, state.current) <= 6
    if not (spare or not plan.routes or near):
        return None
    city = state.board.city_label(best.city)
    return Choice(best, _("builds a station in {city}: it lets a ticket use another player's "
                          "route").format(city=city))


def completes(state: GameState, route: Route) -> list[Ticket]:
    """The open tickets the player to move plays for (``playing_for``) that ``route`` would
    complete: on their routes, in a team game on the team's."""
    board = state.board
    mine = team_play.team_routes(state) if state.teams else list(state.player.routes)
    own = [*mine, route.id]
    tickets = [board.ticket_by_id[t] for t in playing_for(state)]
    return [t for t in tickets if not connected(board, mine, t.a, t.b)
            and connected(board, own, t.a, t.b)]


def _completes(state: GameState, route: Route) -> int:
    """Points of the tickets ``route`` would complete (``completes``)."""
    return sum(t.points for t in completes(state, route))


def _endgame(state: GameState, legal: Sequence[Action], settings: Settings) -> Choice | None:
    if not state.last_round and trains_to_end(state) > settings.endgame_trains:
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
    action = _best_payment(cards(state), route, claims[best], [])
    return Choice(action, _claim_reason(route, _("the most points now, with the end near")))


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
    return Choice(DrawTickets(), _("every ticket in hand is done: new tickets are worth about "
                                   "{n} points on average").format(n=f"{expected:.0f}"))


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
    action = _best_payment(cards(state), route, claims[best], [])
    return Choice(action, _claim_reason(route, _("the most points its cards can buy")))


def _claim_reason(route: Route, why: str) -> str:
    """A claim's reason: 'claims Denver – Omaha (4 red): a planned route'."""
    return _("claims {route}: {why}").format(route=route_label(route), why=why)


def _filler_targets(state: GameState) -> list[Route]:
    """With nothing planned: the open routes worth most that the trains left allow."""
    me = state.current
    weights = route_weights(state, me)
    trains = state.player.trains
    routes = [r for r in state.board.routes
              if weights[r.index] not in (0.0, INF) and r.length <= trains]
    hand = cards(state)
    routes.sort(key=lambda r: (missing(hand, [r]) - 0.5 * r.length, r.index))
    return routes[:1]


def _draw(state: GameState, plan: Plan, legal: Sequence[Action],
          rng: random.Random) -> Choice:
    hand = cards(state)
    targets = list(plan.routes) if plan.routes else _filler_targets(state)
    short = needs(hand, targets)
    faces = {CARD_INDEX[a.card] for a in legal if isinstance(a, DrawFaceUp)}
    wanted = [c for c in sorted(range(len(COLORS)), key=lambda c: (-short[c], c))
              if short[c] > 0 and c in faces]
    if wanted:
        name = CARD_NAMES[wanted[0]]
        return Choice(DrawFaceUp(name), _("takes the face-up {colour}: its plan needs {n} "
                                          "more").format(colour=colour_of(name),
                                                         n=short[wanted[0]]))
    ferry = sum(r.ferry_locomotives for r in targets) > hand[LOCO]
    if LOCO in faces and ferry and not isinstance(state.pending, SecondCard):
        return Choice(DrawFaceUp("locomotive"), _("takes the face-up locomotive: its ferries "
                                                  "need locomotives"))
    if DrawBlind() in legal:
        return Choice(DrawBlind(), _("draws blind: no face-up card helps its plan"))
    options = [a for a in legal if not isinstance(a, BuildStation | DrawTickets)]
    if options:
        return Choice(rng.choice(options), _("nothing planned fits: takes a legal move"))
    return greedy_bot(state, rng)
