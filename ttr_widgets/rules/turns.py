"""Applying moves: ``apply(state, action)`` checks the action (``checks.check``) and returns a
NEW state; it never mutates its input. Chance is explicit: the pile's order is part of the
state, and every reshuffle draws from its own ``random.Random`` seeded by (game seed,
reshuffle number).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from ttr_widgets.rules.cards import (
    Pile,
    add_card,
    add_hands,
    cards_of,
    check_row,
    payment_hand,
    pile_notes,
    refill_row,
    subtract,
    with_player,
)
from ttr_widgets.rules.checks import check
from ttr_widgets.rules.depots import collectable, restock_from_warehouses
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.events import (
    claim_points_words,
    collected_words,
    draw_words,
    fed_words,
    kept_words,
    last_round_words,
    place_phrase,
    placed_words,
    shared_words,
    take_words,
    tickets_drawn_words,
    told,
    tunnel_paid_words,
    tunnel_words,
)
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.legal import station_price, tunnel_cost
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    LOCO,
    NUM_CARD_TYPES,
    Hand,
    Route,
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
    evolve,
)
from ttr_widgets.rules.variants import TicketRules, ticket_rules
from ttr_widgets.rules.words import (
    colour_name,
    route_label,
)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RulesError`` (state untouched) if it is illegal."""
    if state.is_view:
        raise RulesError("turn.view", _("This is one seat's view of the table; moves are played "
                           "on the game itself."))
    check(state, action)
    return _HANDLERS[type(action)](state, action)


def _pass(state: GameState, action: Pass) -> GameState:
    return end_turn(state, told(state.player.name, _("You pass: nothing else is possible."),
                                _("{name} passes: nothing else is possible.")), passed=True)


def setup_choice(tickets: TicketRules, offer: tuple[str, ...]) -> TicketChoice:
    return TicketChoice(offer, min(tickets.keep_setup, len(offer)), True, tickets.max_long_kept)


def _draw_card(state: GameState, action: DrawBlind | DrawFaceUp) -> GameState:
    if state.teams:
        return _team_draw(state, action)
    second = isinstance(state.pending, SecondCard)
    fed = state.last_event + " " if isinstance(state.pending, FirstCard) else ""
    card, what, changes = _take(state, action)
    event = f"{fed}{what}"
    player = state.player
    changes["players"] = with_player(state, player.with_hand(add_card(player.hand, card)))
    face_up_loco = card == LOCO and isinstance(action, DrawFaceUp)
    if second or face_up_loco:
        said = (_("{event} (a face-up locomotive is the whole draw).") if face_up_loco else
                _("{event}."))
        return end_turn(state, said.format(event=event), **changes)
    restocked, note = restock_from_warehouses(state, changes)
    pile = Pile(restocked["deck"], restocked["discard"], state.seed, restocked["shuffles"])
    if not _second_card_possible(pile, restocked["face_up"]):
        return end_turn(state, _("{event}.").format(event=event), **changes)
    return evolve(state, pending=SecondCard(),
                  last_event=_("{event}; one more card to draw.").format(event=event)
                  + pile_notes(state, changes) + note, **restocked)


def _second_card_possible(pile: Pile, row: tuple[int, ...]) -> bool:
    return bool(pile.deck or pile.discard) or any(c not in (NO_CARD, LOCO) for c in row)


def _take(state: GameState, action: DrawBlind | DrawFaceUp
          ) -> tuple[int, str, dict[str, Any]]:
    """The card drawn, the draw in words ('Ann draws a card from the pile', 'You take the
    face-up red'), and the row, its refreshes and the pile after it (rules draw.replace,
    draw.three-locomotives)."""
    pile, row, refreshes = Pile.of(state), state.face_up, state.refreshes
    name = state.player.name
    if isinstance(action, DrawBlind):
        card, what = pile.take(), draw_words(name)
    else:
        card = CARD_INDEX[action.card]
        what = take_words(name, action.card)
        slot = row.index(card)
        row = (*row[:slot], pile.take(), *row[slot + 1:])
        row, refreshes = check_row(state.board, row, pile, refreshes)
    return card, what, {"face_up": row, "refreshes": refreshes, **pile.changes()}


def _team_draw(state: GameState, action: DrawBlind | DrawFaceUp) -> GameState:
    """Rules team.draw-split, team.draw-first and team.draw-locomotive: the first card is seen,
    then placed; the second goes where the first did not."""
    card, what, changes = _take(state, action)
    name = state.player.name
    pending = state.pending
    if isinstance(pending, SecondCard):
        changes = teams.give(state, pending.to, _one(card), changes)
        return end_turn(state, _("{event} into {place}.").format(
            event=what, place=place_phrase(name, pending.to)), **changes)
    if card == LOCO and isinstance(action, DrawFaceUp):
        changes = teams.give(state, teams.HOLDER, _one(card), changes)
        return end_turn(state, told(
            name, _("You take the face-up locomotive into the team holder (a face-up locomotive "
                    "is the whole draw)."),
            _("{name} takes the face-up locomotive into the team holder (a face-up locomotive "
              "is the whole draw).")), **changes)
    placing = CardPlacement(card, isinstance(action, DrawBlind))
    return evolve(state, pending=placing, last_event=_("{event}.").format(event=what), **changes)


def _place_card(state: GameState, action: PlaceCard) -> GameState:
    pending = state.pending
    assert isinstance(pending, CardPlacement)
    name = state.player.name
    changes = teams.give(state, action.to, _one(pending.card))
    event = placed_words(name, action.to)
    if not _second_card_possible(Pile.of(state), state.face_up):
        return end_turn(state, _("{event}.").format(event=event), **changes)
    second = teams.other_place(action.to)
    return evolve(state, pending=SecondCard(second), last_event=_(
        "{event}; the second card goes into {place}.").format(
        event=event, place=place_phrase(name, second)), **changes)


def _one(card: int) -> Hand:
    return add_card((0,) * NUM_CARD_TYPES, card)


def _claim(state: GameState, action: ClaimRoute) -> GameState:
    route = state.board.route_by_id[action.route]
    if state.board.reveal_count(route):
        return _start_tunnel(state, route, action)
    event = told(state.player.name, _("You claim {route}"), _("{name} claims {route}"),
                 route=route_label(route))
    return _finish_claim(state, route, *_claim_cost(state, action), Pile.of(state), event)


def _claim_cost(state: GameState, action: ClaimRoute) -> tuple[Hand, Hand]:
    """A claim's cards as (from the hand, from the team holder)."""
    if state.teams:
        return teams.claim_cost(state, action)
    length = state.board.route_by_id[action.route].length
    empty: Hand = (0,) * NUM_CARD_TYPES
    return payment_hand(action.color, length - action.locomotives, action.locomotives), empty


def _finish_claim(state: GameState, route: Route, cost: Hand, holder_cost: Hand, pile: Pile,
                  event: str) -> GameState:
    player = state.player
    points = state.board.route_points(route)
    player = evolve(player, hand=subtract(player.hand, cost), trains=player.trains - route.length,
                     routes=(*player.routes, route.id), route_points=player.route_points + points)
    owners = (*state.owners[:route.index], state.current, *state.owners[route.index + 1:])
    pile.discard += cards_of(cost) + cards_of(holder_cost)
    changes = {"players": with_player(state, player), "owners": owners,
               **refill_row(state, pile)}
    if any(holder_cost):
        changes["holders"] = teams.take_from_holder(state, holder_cost)
    event = claim_points_words(event, points)
    collect = collectable(state, route)
    if collect:
        return evolve(state, pending=CollectChoice(collect), last_event=event + " " + _(
            "It reaches a Depot at {cities}: collect its Warehouse?").format(
            cities=", ".join(collect)), **changes)
    return end_turn(state, event, **changes)


def _start_tunnel(state: GameState, route: Route, action: ClaimRoute) -> GameState:
    """Rule tunnel.reveal: turn up cards; each matching card adds one to the price."""
    pile = Pile.of(state)
    revealed: list[int] = []
    for _card in range(state.board.reveal_count(route)):
        card = pile.take()
        if card == NO_CARD:
            break  # rule tunnel.short-pile
        revealed.append(card)
    if action.color == "locomotive":
        extra = revealed.count(LOCO)
    else:
        match = CARD_INDEX[action.color]
        extra = sum(1 for c in revealed if c in (match, LOCO))
    shown = ", ".join(colour_name(CARD_NAMES[c]) for c in revealed) or \
        _("no cards (pile and discards empty)")
    if extra == 0:
        pile.discard += tuple(revealed)
        event = told(state.player.name,
                     _("You claim the tunnel {route} (revealed {shown}: nothing extra)"),
                     _("{name} claims the tunnel {route} (revealed {shown}: nothing extra)"),
                     route=route_label(route), shown=shown)
        return _finish_claim(state, route, *_claim_cost(state, action), pile, event)
    pending = TunnelPayment(route.id, action.color, action.locomotives, tuple(revealed), extra,
                            action.holder_cards, action.holder_locomotives)
    return evolve(state, pending=pending, **pile.changes(),
                   last_event=tunnel_words(route, shown, extra, state.teams))


def _pay_tunnel(state: GameState, action: PayTunnel) -> GameState:
    pending = state.pending
    assert isinstance(pending, TunnelPayment)
    route = state.board.route_by_id[pending.route]
    if state.teams:
        offer = teams.offer_cost(state, pending)
        extra = teams.split_cost(pending.color, pending.extra - action.locomotives,
                                 action.locomotives, action.holder_cards,
                                 action.holder_locomotives)
        cost, holder_cost = add_hands(offer[0], extra[0]), add_hands(offer[1], extra[1])
    else:
        whole = tunnel_cost(state, pending, action.locomotives)
        assert whole is not None
        cost, holder_cost = whole, (0,) * NUM_CARD_TYPES
    pile = Pile.of(state)
    pile.discard += pending.revealed
    name = state.player.name
    event = tunnel_paid_words(name, pending.extra, route)
    return _finish_claim(state, route, cost, holder_cost, pile, event)


def _decline_tunnel(state: GameState) -> GameState:
    """Rules tunnel.decline and tunnel.discard."""
    pending = state.pending
    assert isinstance(pending, TunnelPayment)
    pile = Pile.of(state)
    pile.discard += pending.revealed
    name = state.player.name
    if not state.teams:
        return end_turn(state, told(name, _("You decline the tunnel and keep your cards."),
                                    _("{name} declines the tunnel and keeps their cards.")),
                         **refill_row(state, pile))
    changes: dict[str, Any] = {}
    if state.options.team_decline_to_hand:  # rule team.tunnel-decline, as the rules' words read
        moved = teams.offer_cost(state, pending)[1]
        changes = teams.give(state, teams.HAND, moved,
                             {"holders": teams.take_from_holder(state, moved)})
    return end_turn(state, told(name, _("You decline the tunnel; the cards offered go back."),
                                _("{name} declines the tunnel; the cards offered go back.")),
                     **changes, **refill_row(state, pile))


def _build_station(state: GameState, action: BuildStation) -> GameState:
    cost = payment_hand(action.color, station_price(state) - action.locomotives,
                         action.locomotives)
    player = state.player
    player = evolve(player, hand=subtract(player.hand, cost), stations=player.stations - 1)
    pile = Pile.of(state)
    pile.discard += cards_of(cost)
    where = state.board.city_label(action.city)
    return end_turn(state, told(player.name, _("You build a station in {city}."),
                                _("{name} builds a station in {city}."), city=where),
                     players=with_player(state, player),
                     stations=(*state.stations, (action.city, state.current)),
                     **refill_row(state, pile))


def _draw_tickets(state: GameState) -> GameState:
    rules = ticket_rules(state.board, state.options)
    drawn = state.tickets[:rules.draw]
    pending = TicketChoice(drawn, min(rules.draw_keep, len(drawn)))
    return evolve(state, tickets=state.tickets[len(drawn):], pending=pending,
                   last_event=tickets_drawn_words(state.player.name, len(drawn)))


def _keep_tickets(state: GameState, action: KeepTickets) -> GameState:
    pending = state.pending
    assert isinstance(pending, TicketChoice)
    rejected = tuple(t for t in pending.tickets if t not in action.tickets)
    player = state.player
    player = evolve(player, tickets=player.tickets + action.tickets)
    to_box = pending.setup and ticket_rules(state.board, state.options).setup_rejects == "box"
    pile = state.tickets if to_box else state.tickets + rejected
    event = kept_words(player.name, len(action.tickets), len(rejected), to_box)
    players = with_player(state, player)
    if pending.setup:
        return _next_setup_choice(state, event + ".", players=players, tickets=pile)
    if not state.teams:
        return end_turn(state, event + ".", players=players, tickets=pile)
    kept = evolve(state, players=players, tickets=pile)
    if len(action.tickets) == 1:  # rule team.tickets-share-on-draw: that one goes to the holder
        return end_turn(kept, _("{event}; it goes into the team's ticket holder.").format(
            event=event),
                        **teams.shared_with(kept, action.tickets))
    return evolve(kept, pending=ShareChoice(action.tickets), last_event=_(
        "{event}; one of them goes into the team's ticket holder.").format(event=event))



def _share(state: GameState, action: ShareTickets) -> GameState:
    """Rules team.setup-share, team.tickets-share-on-draw and team.share-action."""
    pending = state.pending
    name = state.player.name
    if not isinstance(pending, ShareChoice):  # the share action, the whole turn
        return end_turn(state, shared_words(name, len(action.tickets)),
                        **teams.shared_with(state, action.tickets))
    if not pending.setup:
        return end_turn(state, told(name, _("You put a ticket into the team's ticket holder."),
                                    _("{name} puts a ticket into the team's ticket holder.")),
                        **teams.shared_with(state, action.tickets))
    shares = (*state.setup_shares[:state.current], action.tickets[0],
              *state.setup_shares[state.current + 1:])
    nxt = state.current + 1
    if nxt < state.num_players:  # the choices are revealed together, once all are made
        return evolve(state, setup_shares=shares, current=nxt,
                      pending=ShareChoice(state.players[nxt].tickets, setup=True),
                      last_event=told(name, _("You choose a ticket to share."),
                                      _("{name} chooses a ticket to share.")))
    players = tuple(evolve(p, tickets=tuple(t for t in p.tickets if t != shares[i]))
                    for i, p in enumerate(state.players))
    shared = tuple((*state.shared[t], shares[2 * t], shares[2 * t + 1])
                   for t in range(state.num_teams))
    return evolve(state, players=players, shared=shared, setup_shares=(), setup_offers=(),
                  current=0, pending=None, last_event=told(
                      state.players[0].name, _("Every player puts their shared ticket in the "
                                               "holder at once; You begin."),
                      _("Every player puts their shared ticket in the holder at once; {name} "
                        "begins.")))


def _next_setup_choice(state: GameState, event: str, **changes: Any) -> GameState:
    """Setup goes round the table for tickets; with Warehouses & Depots each player then places
    a Depot, the last player first and on counter-clockwise (rule wd.setup)."""
    offers = state.setup_offers
    nxt = state.current + 1
    if nxt < state.num_players:
        rules = ticket_rules(state.board, state.options)
        return evolve(state, current=nxt, pending=setup_choice(rules, offers[nxt]),
                      last_event=event, **changes)
    if state.teams:  # rule team.setup-share: each player shares a kept ticket, unseen
        first = changes["players"][0].tickets
        return evolve(state, current=0, pending=ShareChoice(first, setup=True),
                      last_event=event + " " + _("Each player now puts one kept ticket in the "
                                                 "team's ticket holder, unseen by the "
                                                 "teammate."), **changes)
    if state.warehouses:
        return evolve(state, setup_offers=(), current=state.num_players - 1,
                      pending=DepotPlacement(), last_event=event, **changes)
    return evolve(state, setup_offers=(), current=0, pending=None, last_event=event, **changes)


def _feed(state: GameState, action: FeedWarehouse) -> GameState:
    """Rule wd.feed: the pile's top card goes, unseen, into a Warehouse; then the draw."""
    pile = Pile.of(state)
    card = pile.take()
    owner = action.player
    warehouses = (*state.warehouses[:owner], add_card(state.warehouses[owner], card),
                  *state.warehouses[owner + 1:])

    changes, note = restock_from_warehouses(state, {"warehouses": warehouses,
                                                     **pile.changes()})
    state = evolve(state, pending=FirstCard(), **changes,
                   last_event=fed_words(state.player.name, state.players[owner].name,
                                        owner == state.current) + note)
    if not (state.deck or state.discard or any(c != NO_CARD for c in state.face_up)):
        return end_turn(state, state.last_event + " " + _("No card is left to draw."))
    return state


def _place_depot(state: GameState, action: PlaceDepot) -> GameState:
    """Rules wd.setup and wd.place: a Depot goes on an empty city; a free action in play."""
    me = state.current
    depots_left = (*state.depots_left[:me], state.depots_left[me] - 1,
                   *state.depots_left[me + 1:])
    event = told(state.player.name, _("You place a Depot in {city}."),
                 _("{name} places a Depot in {city}."), city=state.board.city_label(action.city))
    changes: dict[str, Any] = {"depots": (*state.depots, (action.city, me)),
                               "depots_left": depots_left}
    if not isinstance(state.pending, DepotPlacement):  # a free action: the turn goes on
        changes, note = restock_from_warehouses(state, changes)
        return evolve(state, last_event=event + note, **changes)
    changes["last_event"] = event
    if me > 0:
        return evolve(state, current=me - 1, **changes)
    return evolve(state, pending=None, **changes)


def _collect(state: GameState, action: CollectWarehouses) -> GameState:
    """Rule wd.collect: each chosen Depot's owner's Warehouse goes to the claimer's hand, for
    one of the claimer's unplaced Depots each (returned to the box)."""
    me = state.current
    hand = state.player.hand
    warehouses = list(state.warehouses)
    depots = dict(state.depots)
    taken = 0
    for city in action.cities:
        owner = depots[city]
        taken += sum(warehouses[owner])
        hand = tuple(h + w for h, w in zip(hand, warehouses[owner], strict=True))
        warehouses[owner] = (0,) * NUM_CARD_TYPES
    left = state.depots_left[me] - len(action.cities)
    name = state.player.name
    event = collected_words(name, len(action.cities), taken)
    return end_turn(state, event, players=with_player(state, evolve(state.player, hand=hand)),
                     warehouses=tuple(warehouses),
                     depots_left=(*state.depots_left[:me], left, *state.depots_left[me + 1:]))


def end_turn(state: GameState, event: str, *, passed: bool = False, **changes: Any
              ) -> GameState:
    """Hand the turn on, applying ``changes``. Rule end.trigger starts the last round when a
    player ends a turn with few trains; rule end.stalemate ends a game nobody can move in."""
    final = state.final_turns
    players = changes.get("players", state.players)
    if final > 0:
        final -= 1
    elif final < 0 and state.teams:  # rule team.end-trigger: a team's trains together
        trains = sum(p.trains for p in players[2 * state.team:2 * state.team + 2])
        if trains <= state.board.rules.team.end_trains:
            final = state.num_players
            event += " " + ngettext(
                "{team} have {n} train left together: everyone gets one last turn.",
                "{team} have {n} trains left together: everyone gets one last turn.",
                trains).format(team=state.team_name(state.team), n=trains)
    elif final < 0 and players[state.current].trains <= state.board.rules.end_trains:
        trains = players[state.current].trains
        final = state.num_players
        event += " " + last_round_words(state.player.name, trains)
    event += pile_notes(state, changes)
    changes, restocked = restock_from_warehouses(state, changes)
    event += restocked
    passes = state.passes + 1 if passed else 0
    if passes >= state.num_players:
        final = 0
        event += " " + _("Nobody can move: the game ends.")
    return evolve(state, current=(state.current + 1) % state.num_players, pending=None,
                   final_turns=final, turn=state.turn + 1, passes=passes, last_event=event,
                   **changes)


_HANDLERS: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    DrawBlind: _draw_card, DrawFaceUp: _draw_card, ClaimRoute: _claim, PayTunnel: _pay_tunnel,
    DeclineTunnel: lambda state, _action: _decline_tunnel(state),
    DrawTickets: lambda state, _action: _draw_tickets(state), KeepTickets: _keep_tickets,
    BuildStation: _build_station, Pass: _pass, FeedWarehouse: _feed, PlaceDepot: _place_depot,
    CollectWarehouses: _collect, PlaceCard: _place_card, ShareTickets: _share,
}
"""Which function carries out each kind of action (after ``check`` has allowed it)."""
