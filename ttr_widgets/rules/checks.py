"""Checking one action: ``check`` raises, ``why_illegal`` returns, the ``RulesError`` naming
the rule the action breaks now (``is_legal``: none). Each kind of action and each half-done turn
has its ``_check_*``; the team, Warehouses & Depots steps are asked of ``rules.teams`` and
``rules.depots``, and what is closed or costs what of ``rules.legal``, which lists the legal
moves.
"""

from __future__ import annotations

from ttr_widgets.rules import teams
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
from ttr_widgets.rules.depots import check_collect, check_depot, check_feed
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.legal import (
    legal_actions,
    long_tickets,
    route_closed,
    station_price,
    tunnel_cost,
)
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    GRAY,
    LOCO,
    LOCOMOTIVE,
    Hand,
    Route,
    card_index,
)
from ttr_widgets.rules.state import (
    NO_CARD,
    CardPlacement,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.words import cards, colour_name, colour_of, is_you, route_label

__all__ = ["check", "is_legal", "why_illegal"]


def why_illegal(state: GameState, action: Action) -> RulesError | None:
    """The rule an action breaks, or None when it is legal."""
    try:
        check(state, action)
    except RulesError as error:
        return error
    return None


def is_legal(state: GameState, action: Action) -> bool:
    return why_illegal(state, action) is None


def check(state: GameState, action: Action) -> None:
    """Raise RulesError if the action is illegal now."""
    if state.is_over:
        raise RulesError("turn.game-over", _("The game is over; nothing more can be played."))
    if state.is_view and state.seat != state.current:
        name = state.player.name
        raise RulesError("turn.order", _("It is your turn.") if is_you(name) else
                         _("It is {name}'s turn.").format(name=name))
    if not state.teams and _from_holder(action):
        raise RulesError("claim.cards-in-hand", _("Only a team game has a team holder to pay "
                           "from; pay with the cards in your hand."))
    pending = state.pending
    if isinstance(pending, CardPlacement):
        if not isinstance(action, PlaceCard):
            raise RulesError("team.draw-first", _("First say where the card you drew goes: your "
                               "hand or the team holder."))
        teams.check_place(action)
    elif isinstance(pending, ShareChoice):
        if not isinstance(action, ShareTickets):
            raise RulesError("turn.pending", _("First put one of the tickets you kept into your "
                               "team's ticket holder."))
        teams.check_share_choice(pending, action)
    elif isinstance(pending, TicketChoice):
        if not isinstance(action, KeepTickets):
            raise RulesError("turn.pending",
                             _("First choose which of the tickets you drew to keep."))
        _check_keep(state, pending, action)
    elif isinstance(pending, DepotPlacement | CollectChoice | FirstCard):
        _check_warehouse_step(state, pending, action)
    elif isinstance(pending, TunnelPayment):
        _check_tunnel_answer(state, pending, action)
    elif isinstance(pending, SecondCard):
        _check_second_card(state, action)
    else:
        _check_turn_start(state, action)


def _check_turn_start(state: GameState, action: Action) -> None:
    if isinstance(action, DrawBlind | DrawFaceUp):
        if state.warehouses and (state.deck or state.discard):
            raise RulesError("wd.feed", _("With Warehouses & Depots, drawing cards starts by "
                               "feeding the pile's top card into a Warehouse."))
        _check_first_card(state, action)
    elif isinstance(action, FeedWarehouse):
        check_feed(state, action)
    elif isinstance(action, PlaceDepot):
        check_depot(state, action)
    elif isinstance(action, ClaimRoute):
        _check_claim(state, action)
    elif isinstance(action, DrawTickets):
        if not state.tickets:
            raise RulesError("tickets.empty", _("The ticket pile is empty."))
    elif isinstance(action, BuildStation):
        _check_station(state, action)
    elif isinstance(action, Pass):
        if legal_actions(state) != [Pass()]:
            raise RulesError("turn.pass", _("You can only pass when there is nothing else you can "
                               "do."))
    elif isinstance(action, KeepTickets):
        raise RulesError("tickets.keep", _("You have not drawn any tickets to keep."))
    elif isinstance(action, PayTunnel | DeclineTunnel):
        raise RulesError("tunnel.reveal", _("There is no tunnel waiting for payment."))
    elif isinstance(action, CollectWarehouses):
        raise RulesError("wd.collect", _("You can only collect Warehouses right after claiming "
                           "a route into a Depot city."))
    elif isinstance(action, ShareTickets):
        if not state.teams:
            raise RulesError("team.share-action", _("Only a team game has a ticket holder to "
                               "share tickets in."))
        teams.check_share(state, action)
    elif isinstance(action, PlaceCard):
        raise RulesError("team.draw-first", _("You have not drawn a card to place."))


def _from_holder(action: Action) -> bool:
    return isinstance(action, ClaimRoute | PayTunnel) and bool(
        action.holder_cards or action.holder_locomotives)


def _check_first_card(state: GameState, action: DrawBlind | DrawFaceUp) -> None:
    if not (state.deck or state.discard or any(c != NO_CARD for c in state.face_up)):
        raise RulesError("draw.nothing-left", _("No train cards are left to draw anywhere."))
    if isinstance(action, DrawBlind):
        if not (state.deck or state.discard):
            raise RulesError("draw.no-card", _("The pile and the discards are empty: take a "
                               "face-up card instead."))
    else:
        _check_face_up_card(state, action.card)


def _check_face_up_card(state: GameState, card: str) -> int:
    if card not in CARD_NAMES:
        raise RulesError("action.unknown", _("{card} is not a train card.").format(
            card=repr(card)))
    index = card_index(card)
    if index not in state.face_up:
        raise RulesError("draw.no-card", _("There is no face-up {card} to take.").format(
            card=colour_name(card)))
    return index


def _check_second_card(state: GameState, action: Action) -> None:
    if isinstance(action, DrawBlind):
        if not (state.deck or state.discard):
            raise RulesError("draw.no-card", _("The pile and the discards are empty."))
    elif isinstance(action, DrawFaceUp):
        if _check_face_up_card(state, action.card) == LOCO:
            raise RulesError("draw.second-locomotive", _("A face-up locomotive cannot be your "
                               "second card; take another card or draw blind."))
    else:
        raise RulesError("draw.two-cards", _("You drew one card; this turn you can only draw your "
                           "second card."))


def _check_claim(state: GameState, action: ClaimRoute) -> None:
    board = state.board
    route = board.route_by_id.get(action.route)
    if route is None:
        raise RulesError("action.unknown", _("There is no route {route} on the {map} map.")
                         .format(route=repr(action.route), map=board.name))
    closed = route_closed(state, route)
    if closed is not None:
        raise closed
    if state.teams:
        teams.check_claim(state, action, route)
        return
    if state.player.trains < route.length:
        raise RulesError("claim.trains", _(
            "{route} needs {length} trains and you have {left} left.").format(
            route=route_label(route), length=route.length, left=state.player.trains))
    _check_payment(state.player.hand, route, action.color, action.locomotives)


def _check_payment(hand: Hand, route: Route, color: str, locos: int) -> None:
    length = route.length
    if not 0 <= locos <= length:
        raise RulesError("claim.whole-route", _("{route} takes exactly {cards}.").format(
            route=route_label(route), cards=cards(length, "")))
    if color == "locomotive" or locos == length:
        if locos != length or color != "locomotive":
            raise RulesError("claim.locomotives", _("A payment of locomotives only is written "
                               "color='locomotive' with every card a locomotive."))
    elif color not in COLORS:
        raise RulesError("claim.one-colour", _("{colour} is not a train card colour.").format(
            colour=repr(color)))
    elif route.color not in (GRAY, color):
        raise RulesError("claim.one-colour", _(
            "{route} is {colour}: pay with {colours} cards and locomotives, not {offered}.")
            .format(route=route_label(route), colour=colour_of(route.color),
                    colours=colour_of(route.color, 2), offered=colour_of(color, 2)))
    if locos < route.ferry_locomotives:
        raise RulesError("ferry.locomotives", _(
            "The ferry {route} needs at least {locomotives}; you offered {offered}.").format(
            route=route_label(route), locomotives=cards(route.ferry_locomotives, LOCOMOTIVE),
            offered=locos))
    _check_enough(hand, route, color)
    _check_hand(hand, color, length - locos, locos, "claim.cards-in-hand")


def _check_enough(hand: Hand, route: Route, color: str) -> None:
    """Can this colour (with every locomotive held) pay the whole route now? If not, say
    whether it is a matter of mixing colours or of claiming bit by bit."""
    fits = hand[LOCO] + (hand[CARD_INDEX[color]] if color in CARD_INDEX and color != LOCOMOTIVE
                         else 0)
    if fits >= route.length:
        return
    held = ngettext("you hold {n} card that fits ({colour} and locomotives)",
                    "you hold {n} cards that fit ({colour} and locomotives)", fits).format(
        n=fits, colour=colour_of(color, 2))
    if sum(hand) >= route.length:
        raise RulesError("claim.one-colour", _(
            "{route} needs {length} cards of one colour; {held}, and other colours cannot make "
            "up the rest.").format(route=route_label(route), length=route.length, held=held))
    raise RulesError("claim.whole-route", _(
        "{route} is claimed whole, in one turn, with {length} cards; {held}. Keep drawing and "
        "claim it later in one go.").format(route=route_label(route), length=route.length,
                                            held=held))


def _check_hand(hand: Hand, color: str, colored: int, locos: int, rule: str) -> None:
    if locos > hand[LOCO]:
        raise RulesError(rule, _("You hold {cards}, not {offered}.").format(
            cards=cards(hand[LOCO], LOCOMOTIVE), offered=locos))
    if colored and hand[card_index(color)] < colored:
        raise RulesError(rule, _("You hold {cards}, not {offered}.").format(
            cards=cards(hand[card_index(color)], color), offered=colored))


def _check_station(state: GameState, action: BuildStation) -> None:
    board = state.board
    if not board.has_stations:
        raise RulesError("station.map", _("The {map} map has no stations.").format(
            map=board.name))
    if action.city not in board.city_index:
        raise RulesError("action.unknown", _("There is no city {city} on the {map} map.").format(
            city=repr(action.city), map=board.name))
    if not state.player.stations:
        raise RulesError("station.limit", ngettext(
            "You have built all {n} of your stations.", "You have built all {n} of your stations.",
            board.rules.stations).format(n=board.rules.stations))
    for city, owner in state.stations:
        if city == action.city:
            name = state.players[owner].name
            said = (_("{city} already has your station.") if is_you(name) else
                    _("{city} already has {name}'s station."))
            raise RulesError("station.one-per-city", said.format(city=board.city_label(city),
                                                                 name=name))
    if state.piece_at(action.city) == "depot":
        raise RulesError("wd.one-piece", _("{city} holds a Depot; a city holds one piece.").format(
            city=board.city_label(action.city)))
    cost = station_price(state)
    locos = action.locomotives
    all_locos = action.color == "locomotive"
    if not 0 <= locos <= cost or (all_locos != (locos == cost)) or \
            (not all_locos and action.color not in COLORS):
        raise RulesError("station.cost", ngettext(
            "This station costs {n} card of one colour (locomotives allowed).",
            "This station costs {n} cards of one colour (locomotives allowed).", cost).format(
            n=cost))
    _check_hand(state.player.hand, action.color, cost - locos, locos, "station.cost")


def _check_keep(state: GameState, pending: TicketChoice, action: KeepTickets) -> None:
    kept = action.tickets
    if len(set(kept)) != len(kept) or not set(kept) <= set(pending.tickets):
        raise RulesError("tickets.keep", _("You can keep only tickets you were just given, each "
                           "once."))
    if len(kept) < pending.keep:
        rule = "tickets.keep"
        if state.teams:
            rule = "team.setup-tickets" if pending.setup else "team.tickets-draw"
        raise RulesError(rule, ngettext("Keep at least {keep} of these {n} ticket.",
                                        "Keep at least {keep} of these {n} tickets.",
                                        len(pending.tickets)).format(keep=pending.keep,
                                                                     n=len(pending.tickets)))
    if pending.max_long is not None and \
            len(long_tickets(state.board, kept)) > pending.max_long:
        raise RulesError("tickets.one-long", ngettext(
            "Keep at most {n} long ticket.", "Keep at most {n} long tickets.",
            pending.max_long).format(n=pending.max_long))


def _check_warehouse_step(state: GameState, pending: DepotPlacement | CollectChoice | FirstCard,
                          action: Action) -> None:
    if isinstance(pending, DepotPlacement):
        if not isinstance(action, PlaceDepot):
            raise RulesError("wd.setup", _("First place your Depot on a city."))
        check_depot(state, action)
    elif isinstance(pending, CollectChoice):
        if not isinstance(action, CollectWarehouses):
            raise RulesError("turn.pending", _("Your route reaches a Depot: choose which "
                               "Warehouses to collect (or none)."))
        check_collect(state, pending, action)
    elif isinstance(action, DrawBlind | DrawFaceUp):
        _check_first_card(state, action)
    else:
        raise RulesError("draw.two-cards", _("You fed a Warehouse: now draw your cards."))


def _check_tunnel_answer(state: GameState, pending: TunnelPayment, action: Action) -> None:
    if isinstance(action, DeclineTunnel):
        return
    if not isinstance(action, PayTunnel):
        raise RulesError("turn.pending", _("The tunnel's cards are revealed: pay the extra cards "
                           "or decline."))
    if state.teams:
        teams.check_tunnel(state, pending, action)
        return
    if pending.color == "locomotive" and action.locomotives != pending.extra:
        raise RulesError("tunnel.all-locomotives", ngettext(
            "You offered only locomotives, so the {n} extra card must be a locomotive too.",
            "You offered only locomotives, so the {n} extra cards must be locomotives too.",
            pending.extra).format(n=pending.extra))
    if not 0 <= action.locomotives <= pending.extra:
        raise RulesError("tunnel.pay", ngettext("The surcharge is {n} card.",
                                                "The surcharge is {n} cards.",
                                                pending.extra).format(n=pending.extra))
    if tunnel_cost(state, pending, action.locomotives) is None:
        raise RulesError("tunnel.pay", ngettext(
            "You cannot pay {n} more card that way; you may decline.",
            "You cannot pay {n} more cards that way; you may decline.",
            pending.extra).format(n=pending.extra))
