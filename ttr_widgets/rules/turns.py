"""Applying moves: ``apply(state, action)`` checks the action (``legal.check``) and returns a
NEW state; it never mutates its input. Chance is explicit: the pile's order is part of the
state, and every reshuffle draws from its own ``random.Random`` seeded by (game seed,
reshuffle number).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    PlaceDepot,
)
from ttr_widgets.rules.cards import (
    Pile,
    add_card,
    cards_of,
    check_row,
    payment_hand,
    pile_notes,
    refill_row,
    subtract,
    with_player,
)
from ttr_widgets.rules.depots import collectable, restock_from_warehouses
from ttr_widgets.rules.legal import check, station_price, tunnel_cost
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
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.variants import TicketRules, ticket_rules
from ttr_widgets.rules.words import count, possessive, says, their, verb


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RulesError`` (state untouched) if it is illegal."""
    check(state, action)
    return _HANDLERS[type(action)](state, action)


def _pass(state: GameState, action: Pass) -> GameState:
    return end_turn(state, f"{says(state.player.name, 'passes')}: nothing else is possible.",
                     passed=True)


def setup_choice(tickets: TicketRules, offer: tuple[str, ...]) -> TicketChoice:
    return TicketChoice(offer, min(tickets.keep_setup, len(offer)), True, tickets.max_long_kept)


def _draw_card(state: GameState, action: DrawBlind | DrawFaceUp) -> GameState:
    second = isinstance(state.pending, SecondCard)
    name = state.player.name
    fed = state.last_event + " " if isinstance(state.pending, FirstCard) else ""
    pile = Pile.of(state)
    row = state.face_up
    refreshes = state.refreshes
    if isinstance(action, DrawBlind):
        card = pile.take()
        event = f"{fed}{says(name, 'draws')} a card from the pile"
    else:
        card = CARD_INDEX[action.card]
        slot = row.index(card)
        row = (*row[:slot], pile.take(), *row[slot + 1:])
        row, refreshes = check_row(state.board, row, pile, refreshes)
        event = f"{fed}{says(name, 'takes')} the face-up {action.card}"
    player = state.player
    changes = {"players": with_player(state, player.with_hand(add_card(player.hand, card))),
               "face_up": row, "refreshes": refreshes, **pile.changes()}
    face_up_loco = card == LOCO and isinstance(action, DrawFaceUp)
    if second or face_up_loco:
        why = " (a face-up locomotive is the whole draw)" if face_up_loco else ""
        return end_turn(state, event + why + ".", **changes)
    restocked, note = restock_from_warehouses(state, changes)
    pile = Pile(restocked["deck"], restocked["discard"], state.seed, restocked["shuffles"])
    if not _second_card_possible(pile, restocked["face_up"]):
        return end_turn(state, event + ".", **changes)
    return evolve(state, pending=SecondCard(), last_event=event + "; one more card to draw."
                  + pile_notes(state, changes) + note, **restocked)


def _second_card_possible(pile: Pile, row: tuple[int, ...]) -> bool:
    return bool(pile.deck or pile.discard) or any(c not in (NO_CARD, LOCO) for c in row)


def _claim(state: GameState, action: ClaimRoute) -> GameState:
    route = state.board.route_by_id[action.route]
    if state.board.reveal_count(route):
        return _start_tunnel(state, route, action)
    cost = payment_hand(action.color, route.length - action.locomotives, action.locomotives)
    event = f"{says(state.player.name, 'claims')} {route}"
    return _finish_claim(state, route, cost, Pile.of(state), event)


def _finish_claim(state: GameState, route: Route, cost: Hand, pile: Pile, event: str
                  ) -> GameState:
    player = state.player
    points = state.board.route_points(route)
    player = evolve(player, hand=subtract(player.hand, cost), trains=player.trains - route.length,
                     routes=(*player.routes, route.id), route_points=player.route_points + points)
    owners = (*state.owners[:route.index], state.current, *state.owners[route.index + 1:])
    pile.discard += cards_of(cost)
    changes = {"players": with_player(state, player), "owners": owners,
               **refill_row(state, pile)}
    event = f"{event} for {count(points, 'point')}."
    collect = collectable(state, route)
    if collect:
        return evolve(state, pending=CollectChoice(collect), last_event=event + " It reaches "
                      f"a Depot at {', '.join(collect)}: collect its Warehouse?", **changes)
    return end_turn(state, event, **changes)


def _start_tunnel(state: GameState, route: Route, action: ClaimRoute) -> GameState:
    """Rule tunnel.reveal: turn up cards; each matching card adds one to the price."""
    pile = Pile.of(state)
    revealed: list[int] = []
    for _ in range(state.board.reveal_count(route)):
        card = pile.take()
        if card == NO_CARD:
            break  # rule tunnel.short-pile
        revealed.append(card)
    if action.color == "locomotive":
        extra = revealed.count(LOCO)
    else:
        match = CARD_INDEX[action.color]
        extra = sum(1 for c in revealed if c in (match, LOCO))
    shown = ", ".join(CARD_NAMES[c] for c in revealed) or "no cards (pile and discards empty)"
    if extra == 0:
        cost = payment_hand(action.color, route.length - action.locomotives, action.locomotives)
        pile.discard += tuple(revealed)
        event = (f"{says(state.player.name, 'claims')} the tunnel {route} (revealed {shown}: "
                 "nothing extra)")
        return _finish_claim(state, route, cost, pile, event)
    pending = TunnelPayment(route.id, action.color, action.locomotives, tuple(revealed), extra)
    return evolve(state, pending=pending, **pile.changes(),
                   last_event=f"The tunnel {route} reveals {shown}: "
                              f"{count(extra, 'more card')} to pay.")


def _pay_tunnel(state: GameState, action: PayTunnel) -> GameState:
    pending = state.pending
    assert isinstance(pending, TunnelPayment)
    cost = tunnel_cost(state, pending, action.locomotives)
    assert cost is not None
    route = state.board.route_by_id[pending.route]
    pile = Pile.of(state)
    pile.discard += pending.revealed
    name = state.player.name
    event = (f"{says(name, 'pays')} {count(pending.extra, 'extra card')} and "
             f"{verb(name, 'claims')} the tunnel {route}")
    return _finish_claim(state, route, cost, pile, event)


def _decline_tunnel(state: GameState) -> GameState:
    """Rules tunnel.decline and tunnel.discard."""
    pending = state.pending
    assert isinstance(pending, TunnelPayment)
    pile = Pile.of(state)
    pile.discard += pending.revealed
    name = state.player.name
    return end_turn(state, f"{says(name, 'declines')} the tunnel and "
                     f"{verb(name, 'keeps')} {their(name)} cards.",
                     **refill_row(state, pile))


def _build_station(state: GameState, action: BuildStation) -> GameState:
    cost = payment_hand(action.color, station_price(state) - action.locomotives,
                         action.locomotives)
    player = state.player
    player = evolve(player, hand=subtract(player.hand, cost), stations=player.stations - 1)
    pile = Pile.of(state)
    pile.discard += cards_of(cost)
    where = state.board.city_label(action.city)
    return end_turn(state, f"{says(player.name, 'builds')} a station in {where}.",
                     players=with_player(state, player),
                     stations=(*state.stations, (action.city, state.current)),
                     **refill_row(state, pile))


def _draw_tickets(state: GameState) -> GameState:
    rules = ticket_rules(state.board, state.options)
    drawn = state.tickets[:rules.draw]
    pending = TicketChoice(drawn, min(rules.draw_keep, len(drawn)))
    return evolve(state, tickets=state.tickets[len(drawn):], pending=pending,
                   last_event=f"{says(state.player.name, 'draws')} {count(len(drawn), 'ticket')}.")


def _keep_tickets(state: GameState, action: KeepTickets) -> GameState:
    pending = state.pending
    assert isinstance(pending, TicketChoice)
    rejected = tuple(t for t in pending.tickets if t not in action.tickets)
    player = state.player
    player = evolve(player, tickets=player.tickets + action.tickets)
    to_box = pending.setup and ticket_rules(state.board, state.options).setup_rejects == "box"
    pile = state.tickets if to_box else state.tickets + rejected
    event = f"{says(player.name, 'keeps')} {count(len(action.tickets), 'ticket')}"
    if rejected:
        where = "box" if to_box else "bottom of the pile"
        event += f" and {verb(player.name, 'returns')} {len(rejected)} to the {where}"
    players = with_player(state, player)
    if pending.setup:
        return _next_setup_choice(state, event + ".", players=players, tickets=pile)
    return end_turn(state, event + ".", players=players, tickets=pile)


def _next_setup_choice(state: GameState, event: str, **changes: Any) -> GameState:
    """Setup goes round the table for tickets; with Warehouses & Depots each player then places
    a Depot, the last player first and on counter-clockwise (rule wd.setup)."""
    offers = state.setup_offers
    nxt = state.current + 1
    if nxt < state.num_players:
        rules = ticket_rules(state.board, state.options)
        return evolve(state, current=nxt, pending=setup_choice(rules, offers[nxt]),
                      last_event=event, **changes)
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
    whose = f"{their(state.player.name)} own" if owner == state.current \
        else possessive(state.players[owner].name, capital=False)
    changes, note = restock_from_warehouses(state, {"warehouses": warehouses,
                                                     **pile.changes()})
    state = evolve(state, pending=FirstCard(), **changes,
                   last_event=f"{says(state.player.name, 'feeds')} {whose} Warehouse.{note}")
    if not (state.deck or state.discard or any(c != NO_CARD for c in state.face_up)):
        return end_turn(state, state.last_event + " No card is left to draw.")
    return state


def _place_depot(state: GameState, action: PlaceDepot) -> GameState:
    """Rules wd.setup and wd.place: a Depot goes on an empty city; a free action in play."""
    me = state.current
    depots_left = (*state.depots_left[:me], state.depots_left[me] - 1,
                   *state.depots_left[me + 1:])
    event = f"{says(state.player.name, 'places')} a Depot in {state.board.city_label(action.city)}."
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
    event = (f"{says(name, 'spends')} {count(len(action.cities), 'Depot')} and "
             f"{verb(name, 'collects')} {count(taken, 'card')}." if action.cities
             else f"{says(name, 'collects')} no Warehouse.")
    return end_turn(state, event, players=with_player(state, evolve(state.player, hand=hand)),
                     warehouses=tuple(warehouses),
                     depots_left=(*state.depots_left[:me], left, *state.depots_left[me + 1:]))


def end_turn(state: GameState, event: str, *, passed: bool = False, **changes: Any
              ) -> GameState:
    """Hand the turn on, applying ``changes``. Rule end.trigger starts the last round when a
    player ends a turn with few trains; rule end.stalemate ends a game nobody can move in."""
    final = state.final_turns
    trains = changes.get("players", state.players)[state.current].trains
    if final > 0:
        final -= 1
    elif final < 0 and trains <= state.board.rules.end_trains:
        final = state.num_players
        event += (f" {says(state.player.name, 'has')} {count(trains, 'train')} left: everyone "
                  "gets one last turn.")
    event += pile_notes(state, changes)
    changes, restocked = restock_from_warehouses(state, changes)
    event += restocked
    passes = state.passes + 1 if passed else 0
    if passes >= state.num_players:
        final = 0
        event += " Nobody can move: the game ends."
    return evolve(state, current=(state.current + 1) % state.num_players, pending=None,
                   final_turns=final, turn=state.turn + 1, passes=passes, last_event=event,
                   **changes)


_HANDLERS: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    DrawBlind: _draw_card, DrawFaceUp: _draw_card, ClaimRoute: _claim, PayTunnel: _pay_tunnel,
    DeclineTunnel: lambda state, _action: _decline_tunnel(state),
    DrawTickets: lambda state, _action: _draw_tickets(state), KeepTickets: _keep_tickets,
    BuildStation: _build_station, Pass: _pass, FeedWarehouse: _feed, PlaceDepot: _place_depot,
    CollectWarehouses: _collect,
}
"""Which function carries out each kind of action (after ``check`` has allowed it)."""
