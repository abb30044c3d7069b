"""Questions a game table asks the rules: how may this route (or city) be paid for now, why can
it not be, where does a ticket stand, and which rules allowed a move.

Pure functions over ``GameState``: every answer comes from ``legal_actions`` / ``why_illegal``
or the graph functions, so the widgets that ask them hold no rule of their own.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

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
    Pass,
    PayTunnel,
    PlaceCard,
    PlaceDepot,
    ShareTickets,
)
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import legal_actions, station_cost, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.graph import cheapest_paths, connected, ticket_path, walk_back
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import CARD_NAMES, COLORS, GRAY, LOCO, LOCOMOTIVE, Route, Ticket
from ttr_widgets.rules.planner import route_cost, shortest_path
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    CardPlacement,
    CollectChoice,
    DepotPlacement,
    GameState,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.words import and_list, colour_name, colour_of, route_label
from ttr_widgets.rules.words import cards as cards_text

__all__ = [
    "CollectOffer",
    "TicketStatus",
    "allowed_by",
    "claim_refusal",
    "collect_offers",
    "depot_refusal",
    "feed_choices",
    "long_tickets_offered",
    "route_payments",
    "station_cost",
    "station_payments",
    "station_refusal",
    "ticket_status",
    "tunnel_payments",
    "typed_payment",
    "warehouse_sizes",
    "why_allowed",
]


# --------------------------------------------------------------------------- payments


def route_payments(state: GameState, route_id: str) -> tuple[ClaimRoute, ...]:
    """Every legal way to claim ``route_id`` now, in ``legal_actions`` order (by colour, then
    by number of locomotives); empty when the route cannot be claimed."""
    return tuple(a for a in legal_actions(state)
                 if isinstance(a, ClaimRoute) and a.route == route_id)


def station_payments(state: GameState, city: str) -> tuple[BuildStation, ...]:
    """Every legal way to build a station in ``city`` now; empty when none is possible."""
    return tuple(a for a in legal_actions(state)
                 if isinstance(a, BuildStation) and a.city == city)


def tunnel_payments(state: GameState) -> tuple[PayTunnel, ...]:
    """The legal ways to pay a revealed tunnel's surcharge (empty when it cannot be paid)."""
    return tuple(a for a in legal_actions(state) if isinstance(a, PayTunnel))


def typed_payment(state: GameState, cards: Mapping[str, int], *, route: str | None = None,
                  city: str | None = None) -> ClaimRoute | BuildStation | PayTunnel:
    """The move that pays with ``cards`` (cards per colour, ``{"red": 2, "blue": 1}``): the
    extra cards of the tunnel being paid, else a claim of ``route`` or a station in ``city``.
    ``RulesError``, with its rule, when no move pays that way: two colours mixed
    (claim.one-colour, station.cost), a colour other than the tunnel's (tunnel.pay), or more or
    fewer cards than asked. The move itself is then judged by the engine as any other."""
    unknown = sorted(set(cards) - {*COLORS, LOCOMOTIVE})
    if unknown:
        raise RulesError("action.unknown", _("There is no {colour} train card.").format(
            colour=unknown[0]))
    if any(n < 0 for n in cards.values()):
        raise RulesError("action.unknown", _("A payment counts each colour's cards: 0 or more."))
    locos = cards.get(LOCOMOTIVE, 0)
    colours = [c for c in (*COLORS,) if cards.get(c, 0) > 0]
    total = locos + sum(cards.get(c, 0) for c in colours)
    offered = _cards_offered(cards)
    pending = state.pending
    if isinstance(pending, TunnelPayment):
        wrong = [c for c in colours if c != pending.color]
        if wrong and pending.color == LOCOMOTIVE:
            raise RulesError("tunnel.all-locomotives", _(
                "You offered only locomotives, so the extra cards are locomotives too; you "
                "offered {offered}.").format(offered=offered))
        if wrong:
            raise RulesError("tunnel.pay", _(
                "The extra cards are {colour} cards or locomotives, as your offer; you offered "
                "{offered}.").format(colour=colour_of(pending.color, 2), offered=offered))
        if total != pending.extra:
            raise RulesError("tunnel.pay", _("The surcharge is {cards}; you offered "
                                             "{offered}.").format(
                cards=cards_text(pending.extra, ""), offered=offered))
        return PayTunnel(locos)
    colour = colours[0] if colours else LOCOMOTIVE
    if route is not None:
        claimed = state.board.route(route)
        if len(colours) > 1:
            if claimed.color == GRAY:
                text = _("{route} is gray: any one colour will do, not two; you offered "
                         "{offered}.")
            else:
                text = _("{route} is {colour}: pay with {colours} cards and locomotives; you "
                         "offered {offered}.")
            raise RulesError("claim.one-colour", text.format(
                route=route_label(claimed), colour=colour_of(claimed.color),
                colours=colour_of(claimed.color, 2), offered=offered))
        if total != claimed.length:
            raise RulesError("claim.whole-route", _(
                "{route} takes exactly {cards}; you offered {offered}.").format(
                route=route_label(claimed), cards=cards_text(claimed.length, ""),
                offered=offered))
        return ClaimRoute(route, colour, locos)
    if city is not None:
        cost = station_cost(state) or 1
        if len(colours) > 1 or total != cost:
            raise RulesError("station.cost", _(
                "This station costs {cards} of one colour (or locomotives); you offered "
                "{offered}.").format(cards=cards_text(cost, ""), offered=offered))
        return BuildStation(city, colour, locos)
    raise ValueError("typed_payment: no tunnel is being paid, and no route or city is given")


def _cards_offered(cards: Mapping[str, int]) -> str:
    """'2 red cards and 1 blue card', '1 locomotive', 'no card'."""
    parts = [cards_text(n, c) for c in (*COLORS, LOCOMOTIVE) if (n := cards.get(c, 0)) > 0]
    return and_list(parts) if parts else _("no card")


def claim_refusal(state: GameState, route_id: str) -> RulesError | None:
    """Why the player to move cannot claim ``route_id`` now, or None when some payment is legal.

    The reason is the one ``why_illegal`` gives for the payment that comes closest: the route's
    colour (for a gray route the colour held most) with as many locomotives as help. A route
    that does not exist is refused under ``claim.whole-route``."""
    route = state.board.route_by_id.get(route_id)
    if route is None:
        return RulesError("claim.whole-route", _(
            "There is no route {route} on the {map} map.").format(
            route=repr(route_id), map=state.board.name))
    if route_payments(state, route_id):
        return None
    return why_illegal(state, _closest_claim(state, route))


def _closest_claim(state: GameState, route: Route) -> ClaimRoute:
    """The route's colour (gray: the colour held most) with every locomotive held that can
    help: refused for the closed route, the missing trains, a ferry's missing locomotives or
    the missing cards, in the order ``why_illegal`` checks them."""
    hand = state.player.hand
    color = route.color if route.color != GRAY else _most_held(hand)
    return ClaimRoute(route.id, color, min(hand[LOCO], route.length - 1))


def station_refusal(state: GameState, city: str) -> RulesError | None:
    """Why the player to move cannot build a station in ``city`` now, or None when they can."""
    if station_payments(state, city):
        return None
    player = state.player
    cost = station_cost(state) or 1
    locos = min(player.hand[LOCO], cost - 1)
    refusal = why_illegal(state, BuildStation(city, _most_held(player.hand), locos))
    if refusal is None:  # cannot happen: a legal payment would have been listed
        raise AssertionError(f"no station payment listed for {city}, yet one is legal")
    return refusal


def _most_held(hand: tuple[int, ...]) -> str:
    """The colour (not locomotive) the hand holds most of; the first colour on a tie."""
    return COLORS[max(range(len(COLORS)), key=lambda c: (hand[c], -c))]


# --------------------------------------------------------------------------- tickets


@dataclass(frozen=True, slots=True)
class TicketStatus:
    """Where one of a player's tickets stands now.

    ``completed``: the player's own routes join its cities (stations count only at the end).
    ``path``: when completed, a shortest path over the player's routes; otherwise the cheapest
    path over their own and still-open routes, and over another player's route into a city
    where the player has built a station, one such route per station (rule station.borrow);
    empty when no such path is left.
    ``to_claim``: the routes of ``path`` still open, to be claimed.
    ``borrowed``: the routes of ``path`` owned by other players, used through the player's
    stations."""

    ticket: Ticket
    completed: bool
    path: tuple[str, ...]
    to_claim: tuple[str, ...]
    borrowed: tuple[str, ...] = ()

    @property
    def reachable(self) -> bool:
        return self.completed or bool(self.path)

    @property
    def joined_by_station(self) -> bool:
        """Not completed by the player's own routes, but joined once their stations borrow
        (it scores at the end, if no other ticket needs those stations elsewhere)."""
        return not self.completed and bool(self.path) and not self.to_claim


def ticket_status(state: GameState, player: int, ticket_id: str) -> TicketStatus:
    """The status of ``ticket_id`` for player ``player`` (an index into ``state.players``)."""
    board = state.board
    ticket = board.ticket(ticket_id)
    own = state.players[player].routes
    if connected(board, own, ticket.a, ticket.b):
        path = ticket_path(board, own, ticket.a, ticket.b) or ()
        return TicketStatus(ticket, True, path, ())
    view = evolve(state, current=player)
    found = _station_path(view, ticket.a, ticket.b) if _station_borrows(view) else \
        shortest_path(view, ticket.a, ticket.b)
    if found is None:
        return TicketStatus(ticket, False, (), ())
    path = tuple(r.id for r in found[1])
    owners = state.owners
    return TicketStatus(ticket, False, path,
                        tuple(r.id for r in found[1] if owners[r.index] == OPEN),
                        tuple(r.id for r in found[1] if owners[r.index] not in (OPEN, player)))


def _station_borrows(state: GameState) -> list[list[Route | None]]:
    """Per station of the current player with another player's route into its city: the
    routes it may borrow (rule station.borrow), ``None`` first for borrowing none."""
    board, me = state.board, state.current
    choices: list[list[Route | None]] = []
    for city, owner in state.stations:
        others = [r for r in board.routes_at[city] if state.owners[r.index] not in (OPEN, me)]
        if owner == me and others:
            choices.append([None, *others])
    return choices


def _station_path(state: GameState, a: str, b: str) -> tuple[int, tuple[Route, ...]] | None:
    """``planner.shortest_path`` with the current player's stations borrowing: every way of
    borrowing one route per station is tried (at most 3 stations, a few routes each), and the
    cheapest path in trains still to place is kept, the first found among equals (so a path
    borrowing nothing wins a tie)."""
    board = state.board
    base = [route_cost(state, route) for route in board.routes]
    best: tuple[int, tuple[Route, ...]] | None = None
    for combo in itertools.product(*_station_borrows(state)):
        costs = list(base)
        for route in combo:
            if route is not None:
                costs[route.index] = 0
        reached, came_by = cheapest_paths(board, a, costs, target=b)
        if b in reached and (best is None or reached[b] < best[0]):
            best = reached[b], walk_back(came_by, a, b)
    return best


# --------------------------------------------------------------------------- explanations


def allowed_by(state: GameState, action: Action) -> tuple[str, ...]:
    """The rule ids that permitted ``action`` in ``state`` (the state before it), for a log
    that says why each move was allowed. Empty when the action is not legal there."""
    if why_illegal(state, action) is not None:
        return ()
    board = state.board
    if isinstance(action, DrawBlind | DrawFaceUp):
        rules = ["draw.two-cards"]
        if isinstance(action, DrawFaceUp) and action.card == LOCOMOTIVE:
            rules.append("draw.faceup-locomotive")
        return tuple(rules)
    if isinstance(action, ClaimRoute):
        route = board.route(action.route)
        rules = ["claim.open", "claim.whole-route", "claim.one-colour", "claim.cards-in-hand"]
        if action.locomotives:
            rules.append("claim.locomotives")
        if route.is_ferry:
            rules.append("ferry.locomotives")
        if route.tunnel and board.rules.tunnel_reveal:
            rules.append("tunnel.reveal")
        if route.double is not None and state.owners[board.route(route.double).index] != OPEN:
            rules.append("claim.double-large")  # legal, so the twin is another player's
        return tuple(rules)
    if isinstance(action, PayTunnel):
        return ("tunnel.pay",)
    if isinstance(action, DeclineTunnel):
        return ("tunnel.decline", "tunnel.discard")
    if isinstance(action, DrawTickets):
        return ("tickets.draw",)
    if isinstance(action, KeepTickets):
        setup = state.in_setup
        long_ones = any(kind == "long" for kind, _ in board.rules.initial_tickets)
        kind = "setup.tickets-europe" if long_ones else "setup.tickets"
        return (kind,) if setup else ("tickets.keep",)
    if isinstance(action, BuildStation):
        return ("station.cost", "station.one-per-city", "station.limit")
    if isinstance(action, Pass):
        return ("turn.pass",)
    if isinstance(action, FeedWarehouse):
        return ("wd.feed",)
    if isinstance(action, PlaceDepot):
        setup = isinstance(state.pending, DepotPlacement)
        return ("wd.setup" if setup else "wd.place", "wd.one-piece")
    if isinstance(action, CollectWarehouses):
        return ("wd.collect",)
    return ()


def why_allowed(state: GameState, action: Action) -> str:
    """``allowed_by`` in words, for a log's "why?": each rule's sentence from the catalogue,
    e.g. 'Drawing train cards takes two cards, …' (empty when the action is not legal)."""
    return " ".join(_(RULES[rule]) if rule in RULES else rule
                    for rule in allowed_by(state, action))


# --------------------------------------------------------------------------- Europa 1912


def long_tickets_offered(state: GameState) -> tuple[str, ...]:
    """The long tickets among those the player to move is choosing from, when the choice
    limits how many long ones may be kept (Mega Europe, rule tickets.one-long); else empty."""
    pending = state.pending
    if not isinstance(pending, TicketChoice) or pending.max_long is None:
        return ()
    board = state.board
    return tuple(t for t in pending.tickets if "long" in board.ticket_by_id[t].kind)


def warehouse_sizes(state: GameState) -> tuple[int, ...]:
    """How many cards each player's Warehouse holds (public; the cards are not): empty in a
    game without Warehouses & Depots."""
    return tuple(state.warehouse_count(p) for p in range(len(state.warehouses)))


def feed_choices(state: GameState) -> tuple[FeedWarehouse, ...]:
    """The Warehouses the player to move may feed now (rule wd.feed): every player's at the
    start of a turn while the pile or the discards hold a card; else none."""
    return tuple(a for a in legal_actions(state) if isinstance(a, FeedWarehouse))


def depot_refusal(state: GameState, city: str) -> RulesError | None:
    """Why the player to move cannot place a Depot in ``city`` now (rules wd.place,
    wd.one-piece, wd.setup, or whatever the turn waits for), or None when they can."""
    return why_illegal(state, PlaceDepot(city))


@dataclass(frozen=True, slots=True)
class CollectOffer:
    """One Warehouse a just-claimed route lets its claimer collect (rule wd.collect): the Depot
    city, the Depot's owner (a player index) and how many cards the Warehouse holds."""

    city: str
    owner: int
    size: int


def collect_offers(state: GameState) -> tuple[CollectOffer, ...]:
    """The Warehouses the claimer may collect now, in the order the rules list the cities;
    empty unless a collect choice is pending."""
    pending = state.pending
    if not isinstance(pending, CollectChoice):
        return ()
    depots = state.depot_owners()
    return tuple(CollectOffer(city, depots[city], state.warehouse_count(depots[city]))
                 for city in pending.cities)


# --------------------------------------------------------------------------- words


def payment_text(color: str, colored: int, locomotives: int, holder_cards: int = 0,
                 holder_locomotives: int = 0) -> str:
    """``'3 red + 1 locomotive'``, ``'2 locomotives'``; in a team game where each part comes
    from: ``'3 red (1 from the team holder) + 1 locomotive (from your hand)'``."""
    team = holder_cards or holder_locomotives
    parts = []
    if colored and color != LOCOMOTIVE:
        parts.append(f"{colored} {colour_of(color, colored)}"
                     f"{_from(colored, holder_cards) if team else ''}")
    if locomotives:
        where = _from(locomotives, holder_locomotives) if team else ""
        parts.append(ngettext("{n} locomotive", "{n} locomotives", locomotives).format(
            n=locomotives) + where)
    return " + ".join(parts) or _("nothing")


def _from(cards: int, from_holder: int) -> str:
    if from_holder == 0:
        return " " + _("(from your hand)")
    if from_holder == cards:
        return " " + _("(from the team holder)")
    return " " + _("({n} from the team holder)").format(n=from_holder)


def describe_action(state: GameState, action: Action) -> str:
    """What ``action`` would do in ``state``, in words for a person: ``'claim Denver – Omaha
    (4 red) with 3 red + 1 locomotive'``, ``"feed Bob's Warehouse (2 cards) …"`` (French, in
    the infinitive: ``'prendre Denver – Omaha (4, rouge) avec 3 rouges + 1 locomotive'``)."""
    board = state.board
    city = board.city_label
    if isinstance(action, DrawBlind):
        return _("draw a card from the pile")
    if isinstance(action, DrawFaceUp):
        if action.card == LOCOMOTIVE:
            return _("take the face-up locomotive")
        return _("take the face-up {colour}").format(colour=colour_of(action.card))
    if isinstance(action, ClaimRoute):
        route = board.route(action.route)
        paid = payment_text(action.color, route.length - action.locomotives, action.locomotives,
                            action.holder_cards, action.holder_locomotives)
        return _("claim {route} with {cards}").format(route=route_label(route), cards=paid)
    if isinstance(action, PayTunnel):
        pending = state.pending
        if isinstance(pending, TunnelPayment):
            paid = payment_text(pending.color, pending.extra - action.locomotives,
                                action.locomotives, action.holder_cards,
                                action.holder_locomotives)
            return _("pay the tunnel's surcharge with {cards}").format(cards=paid)
        return _("pay the tunnel's surcharge ({n} of it in locomotives)").format(
            n=action.locomotives)
    if isinstance(action, PlaceCard):
        pending = state.pending
        name = CARD_NAMES[pending.card] if isinstance(pending, CardPlacement) and \
            pending.card != NO_CARD else ""
        card = (colour_name(name) if name == LOCOMOTIVE else colour_of(name)) if name else \
            _("card")
        if action.to == "hand":
            return _("put the {card} into your hand").format(card=card)
        return _("put the {card} into the team holder").format(card=card)
    if isinstance(action, ShareTickets):
        shared = [board.ticket(t) for t in action.tickets]
        return _("share {tickets} with your team").format(tickets=and_list(
            [_ticket_points(t) for t in shared]))
    if isinstance(action, DeclineTunnel):
        return _("decline the tunnel and keep your cards")
    if isinstance(action, DrawTickets):
        return _("draw destination tickets")
    if isinstance(action, KeepTickets):
        kept = [board.ticket(t) for t in action.tickets]
        return _("keep {tickets}").format(tickets=and_list([_ticket_points(t) for t in kept]))
    if isinstance(action, BuildStation):
        cost = station_cost(state) or action.locomotives
        paid = payment_text(action.color, cost - action.locomotives, action.locomotives)
        return _("build a station in {city} with {cards}").format(city=city(action.city),
                                                                  cards=paid)
    if isinstance(action, FeedWarehouse):
        size = warehouse_sizes(state)[action.player]
        cards = ngettext("{n} card", "{n} cards", size).format(n=size)
        if action.player == state.current:
            return _("feed your own Warehouse ({cards}) with the pile's top card, then "
                     "draw").format(cards=cards)
        return _("feed {name}'s Warehouse ({cards}) with the pile's top card, then draw").format(
            name=state.players[action.player].name, cards=cards)
    if isinstance(action, PlaceDepot):
        return _("place a Depot in {city}").format(city=city(action.city))
    if isinstance(action, CollectWarehouses):
        if not action.cities:
            return _("collect no Warehouse")
        return ngettext("collect the Warehouse at {cities}", "collect the Warehouses at {cities}",
                        len(action.cities)).format(
            cities=", ".join(city(c) for c in action.cities))
    return _("pass")


def _ticket_points(ticket: Ticket) -> str:
    """'Denver–El Paso (4 points)' in the reader's language."""
    return _("{cities} ({points})").format(
        cities=ticket.cities_label,
        points=ngettext("{n} point", "{n} points", ticket.points).format(n=ticket.points))
