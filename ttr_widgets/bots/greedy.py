"""The easy and medium bots: one that picks any legal move, and a greedy one that plans around
its tickets (``bots.choice`` says what a bot is)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ttr_widgets.bots import team_play
from ttr_widgets.bots.choice import Choice
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    CollectWarehouses,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    PayTunnel,
    PlaceDepot,
)
from ttr_widgets.rules.engine import legal_actions, random_action
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, COLORS, GRAY, LOCO, Route, Ticket
from ttr_widgets.rules.planner import route_cost, shortest_path
from ttr_widgets.rules.state import (
    OPEN,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.words import colour_of, is_you, route_label


def random_bot(state: GameState, rng: random.Random) -> Choice:
    """Any legal action, each equally likely."""
    return Choice(random_action(state, rng), "picked at random among the legal actions")


def greedy_bot(state: GameState, rng: random.Random) -> Choice:
    """Pursue the tickets in hand: claim the longest affordable route on their paths, draw the
    colours those routes need, draw tickets when all are done, and fill trains at the end."""
    if state.teams:
        return team_play.greedy(state, rng)
    pending = state.pending
    if isinstance(pending, TicketChoice):
        return _choose_tickets(state, pending)
    if isinstance(pending, TunnelPayment):
        return _pay_tunnel(state)
    if isinstance(pending, CollectChoice):
        cities = pending.cities[:state.depots_left[state.current]]
        return Choice(CollectWarehouses(cities), "collects the Warehouses its route reaches: "
                      "free cards")
    plan = _plan(state)
    if isinstance(pending, DepotPlacement):
        return _first_depot(state, plan)
    if isinstance(pending, SecondCard | FirstCard):
        return _draw(state, plan, second=isinstance(pending, SecondCard), rng=rng)
    return _claim_planned(state, plan) or _ticket_or_filler(state) or \
        _draw(state, plan, second=False, rng=rng)


# --------------------------------------------------------------------------- planning


@dataclass(frozen=True, slots=True)
class _Plan:
    routes: tuple[Route, ...]  #: open routes still to claim for the tickets in hand
    tickets_open: int  #: tickets not yet connected but still reachable


def _plan(state: GameState) -> _Plan:
    board, player = state.board, state.player
    wanted: dict[str, Route] = {}
    open_tickets = 0
    for tid in player.tickets:
        ticket = board.ticket_by_id[tid]
        found = shortest_path(state, ticket.a, ticket.b)
        if found is None or found[0] == 0:
            continue
        open_tickets += 1
        for route in found[1]:
            if state.owners[route.index] == OPEN:
                wanted[route.id] = route
    routes = sorted(wanted.values(), key=lambda r: (-r.length, r.index))
    return _Plan(tuple(routes), open_tickets)


# --------------------------------------------------------------------------- decisions


def _choose_tickets(state: GameState, pending: TicketChoice) -> Choice:
    """Keep the best tickets by points per train still to place, the minimum first, then cheap
    extras; never more long tickets than allowed."""
    board = state.board
    scored = sorted(pending.tickets, key=lambda t: _ticket_value(state, board.ticket_by_id[t]),
                    reverse=True)
    budget = state.player.trains - sum(r.length for r in _plan(state).routes)
    longs = pending.max_long if pending.max_long is not None else len(scored)
    keep: list[str] = []
    for tid in scored:
        is_long = "long" in board.ticket_by_id[tid].kind
        if is_long and longs == 0:
            continue
        if len(keep) >= pending.keep:
            found = shortest_path(state, board.ticket_by_id[tid].a, board.ticket_by_id[tid].b)
            if found is None or found[0] > budget // 3:
                continue
        keep.append(tid)
        longs -= is_long
    kept = tuple(t for t in pending.tickets if t in keep)
    return Choice(KeepTickets(kept), ngettext(
        "keeps {n} ticket: it pays the most per train still to place",
        "keeps {n} tickets: they pay the most per train still to place", len(kept)).format(
        n=len(kept)))


def _ticket_value(state: GameState, ticket: Ticket) -> float:
    found = shortest_path(state, ticket.a, ticket.b)
    if found is None:
        return -ticket.points
    return ticket.points / (1 + found[0])


def _pay_tunnel(state: GameState) -> Choice:
    payments = [a for a in legal_actions(state) if isinstance(a, PayTunnel)]
    if payments:
        return Choice(payments[0], _("pays the tunnel's surcharge: it can, with as few "
                                     "locomotives as possible"))
    return Choice(DeclineTunnel(), _("declines the tunnel: the surcharge cannot be paid"))


def _claim_planned(state: GameState, plan: _Plan) -> Choice | None:
    for route in plan.routes:
        action = _cheapest_claim(state, route)
        if action is not None:
            points = state.board.route_points(route)
            return Choice(action, ngettext(
                "claims {route}: it lies on the path of a ticket in hand and scores {n} point",
                "claims {route}: it lies on the path of a ticket in hand and scores {n} points",
                points).format(route=route_label(route), n=points))
    return None


def _cheapest_claim(state: GameState, route: Route) -> ClaimRoute | None:
    """Claim with the fewest locomotives, using the colour held most (gray routes)."""
    if route.length > state.player.trains:
        return None
    hand = state.player.hand
    colors = COLORS if route.color == GRAY else (route.color,)
    best: ClaimRoute | None = None
    for color in sorted(colors, key=lambda c: -hand[CARD_INDEX[c]]):
        locos = max(route.ferry_locomotives, route.length - hand[CARD_INDEX[color]])
        if locos < route.length and locos <= hand[LOCO] and (best is None or
                                                             locos < best.locomotives):
            best = ClaimRoute(route.id, color, locos)
    if best is None and hand[LOCO] >= route.length:
        best = ClaimRoute(route.id, "locomotive", route.length)
    if best is None or _claim_closed(state, route):
        return None
    return best


def _claim_closed(state: GameState, route: Route) -> bool:
    return route_cost(state, route) is None or state.owners[route.index] != OPEN


def _ticket_or_filler(state: GameState) -> Choice | None:
    player = state.player
    plan_empty = not _plan(state).routes
    if plan_empty and state.tickets and player.trains >= 12 and not state.last_round:
        return Choice(DrawTickets(), _("every ticket in hand is done or out of reach: draws "
                                       "new ones while trains remain"))
    if plan_empty or player.trains <= 6 or state.last_round:
        return _longest_affordable(state)
    return None


def _longest_affordable(state: GameState) -> Choice | None:
    claims = [a for a in legal_actions(state) if isinstance(a, ClaimRoute)]
    if not claims:
        return None
    board = state.board
    best = max(claims, key=lambda a: (board.route_by_id[a.route].length, -a.locomotives))
    route = board.route_by_id[best.route]
    points = board.route_points(route)
    return Choice(best, ngettext(
        "claims {route} for {n} point: the longest route it can pay for",
        "claims {route} for {n} points: the longest route it can pay for", points).format(
        route=route_label(route), n=points))


def _needed_colors(state: GameState, plan: _Plan) -> list[int]:
    """Card colours the plan's routes ask for, most needed first (gray asks for the colour held
    most)."""
    hand = state.player.hand
    need: dict[int, int] = {}
    for route in plan.routes:
        if route.color == GRAY:
            color = max(range(len(COLORS)), key=lambda c: hand[c])
        else:
            color = CARD_INDEX[route.color]
        need[color] = need.get(color, 0) + max(0, route.length - hand[color])
    return [c for c, n in sorted(need.items(), key=lambda kv: -kv[1]) if n > 0]


def _first_depot(state: GameState, plan: _Plan) -> Choice:
    """Put the setup Depot on a city its own plan passes through, so it can empty its own
    Warehouse later."""
    free = [a for a in legal_actions(state) if isinstance(a, PlaceDepot)]
    ends = {city for route in plan.routes for city in (route.a, route.b)}
    for action in free:
        if action.city in ends:
            return Choice(action, _("places a Depot in {city}: the city lies on the planned "
                                    "routes").format(city=state.board.city_label(action.city)))
    return Choice(free[0], _("places a Depot in {city}: no planned route needs one more than "
                             "another").format(city=state.board.city_label(free[0].city)))


def _feed(state: GameState, plan: _Plan) -> Choice:
    """Feed its own Warehouse when one of its Depots lies on its plan, else the smallest
    opponent Warehouse."""
    me = state.current
    ends = {city for route in plan.routes for city in (route.a, route.b)}
    if any(owner == me and city in ends for city, owner in state.depots):
        return Choice(FeedWarehouse(me), _("feeds its own Warehouse: one of its Depots lies on "
                                           "the planned routes"))
    others = [p for p in range(state.num_players) if p != me] or [me]
    target = min(others, key=lambda p: (state.warehouse_count(p), p))
    name = state.players[target].name
    said = _("feeds your Warehouse: the smallest") if is_you(name) else \
        _("feeds {name}'s Warehouse: the smallest").format(name=name)
    return Choice(FeedWarehouse(target), said)


def _draw(state: GameState, plan: _Plan, *, second: bool, rng: random.Random) -> Choice:
    legal = legal_actions(state)
    if FeedWarehouse(state.current) in legal:
        return _feed(state, plan)
    faces = {CARD_INDEX[a.card] for a in legal if isinstance(a, DrawFaceUp)}
    for color in _needed_colors(state, plan):
        if color in faces:
            return Choice(DrawFaceUp(CARD_NAMES[color]), _(
                "takes the face-up {colour}: the planned routes need that colour").format(
                colour=colour_of(CARD_NAMES[color])))
    if not second and LOCO in faces and plan.routes:
        return Choice(DrawFaceUp("locomotive"), _("takes the face-up locomotive: wild, worth "
                                                  "the whole draw"))
    if DrawBlind() in legal:
        return Choice(DrawBlind(), _("draws blind: no face-up card helps the plan"))
    return _fallback(state, legal, rng)


def _fallback(state: GameState, legal: Sequence[Action], rng: random.Random) -> Choice:
    options: list[Action] = [a for a in legal if not isinstance(a, BuildStation)]
    return Choice(rng.choice(options or list(legal)), _("nothing planned fits: picks a legal "
                                                        "move"))
