"""The rules: ``new_game``, ``legal_actions``, ``apply`` and ``why_illegal``.

``apply(state, action)`` validates the action against the rules and returns a NEW state; it never
mutates its input, and a refused action raises ``RulesError`` naming the rule, leaving the old
state as it was. Chance is explicit: the pile's order is part of the state, and every reshuffle
draws from its own ``random.Random`` seeded by (game seed, reshuffle number).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .actions import (
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
from .errors import RulesError
from .model import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    GRAY,
    LOCO,
    LOCOMOTIVE,
    NUM_CARD_TYPES,
    Board,
    Hand,
    Route,
    card_index,
)
from .scoring import Holding, ScoreSheet, score_game
from .state import (
    NO_CARD,
    OPEN,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    Options,
    Pending,
    PlayerState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from .variants import TicketRules, ticket_rules
from .words import count, says, their, verb

COLOR_INDICES = tuple(range(len(COLORS)))
DEPOTS = 5  #: Warehouses & Depots: Depots per player
WAREHOUSE_BONUS = 10  #: points for the most Depots left beside the Warehouse


# --------------------------------------------------------------------------- setup


def new_game(board: Board, players: int | Sequence[str], seed: int = 0,
             options: Options | None = None) -> GameState:
    """Deal a new game (rules setup.*): shuffled pile, hands, face-up row, tickets to choose."""
    names = _player_names(players)
    rules = board.rules
    if not rules.players_min <= len(names) <= rules.players_max:
        raise RulesError("setup.players", f"The {board.name} map is for "
                         f"{rules.players_min} to {rules.players_max} players, not {len(names)}.")
    options = options or Options()
    rng = random.Random(f"ttr:{seed}:setup")
    deck = [i for i, n in enumerate(board.deck) for _ in range(n)]
    rng.shuffle(deck)
    hands = []
    for _ in names:
        dealt = deck[-rules.initial_train_cards:]
        del deck[-rules.initial_train_cards:]
        hands.append(_hand_of(dealt))
    face_up = tuple(deck.pop() for _ in range(rules.face_up))
    tickets_rules = ticket_rules(board, options)
    offers, tickets = _deal_tickets(tickets_rules, len(names), rng)
    pile = _Pile(tuple(deck), (), seed, 0)
    face_up, refreshes = _check_row(board, face_up, pile, 0)
    state = GameState(
        board=board,
        players=tuple(PlayerState(n, h, rules.trains, rules.stations)
                      for n, h in zip(names, hands, strict=True)),
        face_up=face_up, tickets=tickets, refreshes=refreshes, **pile.changes(),
        owners=(OPEN,) * len(board.routes), seed=seed, options=options,
        setup_offers=offers, pending=_setup_choice(tickets_rules, offers[0]),
        warehouses=((0,) * NUM_CARD_TYPES,) * len(names) if options.warehouses else (),
        depots_left=(DEPOTS,) * len(names) if options.warehouses else (),
        last_event="The cards and tickets are dealt.",
    )
    return state


def _setup_choice(tickets: TicketRules, offer: tuple[str, ...]) -> TicketChoice:
    return TicketChoice(offer, min(tickets.keep_setup, len(offer)), True, tickets.max_long_kept)


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    names = tuple(players)
    if len(set(names)) != len(names):
        raise RulesError("setup.players", "Every player needs a different name.")
    return names


def _deal_tickets(tickets: TicketRules, n: int, rng: random.Random
                  ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Each player's setup tickets (long ones first), and the regular pile left after dealing.
    Long tickets never dealt stay in the box."""
    long_pile, regular = list(tickets.long_tickets), list(tickets.regular_tickets)
    rng.shuffle(long_pile)
    rng.shuffle(regular)
    offers = []
    for i in range(n):
        offer = long_pile[i * tickets.deal_long:(i + 1) * tickets.deal_long]
        offer += regular[i * tickets.deal_regular:(i + 1) * tickets.deal_regular]
        offers.append(tuple(offer))
    return tuple(offers), tuple(regular[n * tickets.deal_regular:])


def _hand_of(cards: Sequence[int]) -> Hand:
    hand = [0] * NUM_CARD_TYPES
    for c in cards:
        hand[c] += 1
    return tuple(hand)


# --------------------------------------------------------------------------- queries


def current_player(state: GameState) -> int:
    return state.current


def is_over(state: GameState) -> bool:
    return state.is_over


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
    if state.is_over:
        return [], [], []
    pending = state.pending
    if pending is not None:
        return list(_pending_actions(state, pending)), [], []
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
        tail += _depot_places(state)
    if not (head or groups or tail):
        tail.append(Pass())
    return head, groups, tail


def _pending_actions(state: GameState, pending: Pending) -> Sequence[Action]:
    """The answers to a half-done turn."""
    if isinstance(pending, TicketChoice):
        return _ticket_choices(state, pending)
    if isinstance(pending, TunnelPayment):
        return [*_tunnel_payments(state, pending), DeclineTunnel()]
    if isinstance(pending, SecondCard | FirstCard):
        return _draw_actions(state, second=isinstance(pending, SecondCard))
    if isinstance(pending, DepotPlacement):
        return _depot_places(state)
    return _collect_choices(state, pending)


def _depot_places(state: GameState) -> list[PlaceDepot]:
    """Cities with no piece on them (rule wd.one-piece)."""
    taken = {c for c, _ in state.stations} | {c for c, _ in state.depots}
    return [PlaceDepot(c.name) for c in state.board.cities if c.name not in taken]


def _collect_choices(state: GameState, pending: CollectChoice) -> list[CollectWarehouses]:
    from itertools import combinations
    most = min(len(pending.cities), state.depots_left[state.current])
    return [CollectWarehouses(combo) for k in range(most, -1, -1)
            for combo in combinations(pending.cities, k)]


def holdings(state: GameState) -> tuple[Holding, ...]:
    """What each player holds for scoring: routes, kept tickets, station cities (and, with
    Warehouses & Depots, the Depots left)."""
    return tuple(
        Holding(p.name, frozenset(p.routes), p.tickets,
                tuple(city for city, owner in state.stations if owner == i),
                state.depots_left[i] if state.warehouses else None)
        for i, p in enumerate(state.players))


def score(state: GameState) -> ScoreSheet:
    """The final score of the position, part by part (rules score.*, wd.bonus), with the
    winner. Any state can be scored; for a finished game this is the result."""
    bonus = ticket_rules(state.board, state.options).longest_bonus
    return score_game(state.board, holdings(state), longest_bonus=bonus)


def why_illegal(state: GameState, action: Action) -> RulesError | None:
    """The rule an action breaks, or None when it is legal."""
    try:
        _check(state, action)
    except RulesError as error:
        return error
    return None


def is_legal(state: GameState, action: Action) -> bool:
    return why_illegal(state, action) is None


def _ticket_choices(state: GameState, pending: TicketChoice) -> list[KeepTickets]:
    from itertools import combinations
    offered = pending.tickets
    choices: list[KeepTickets] = []
    for k in range(len(offered), pending.keep - 1, -1):
        choices += [KeepTickets(combo) for combo in combinations(offered, k)]
    if pending.max_long is not None:
        long_ids = _long_tickets(state.board, offered)
        choices = [c for c in choices if len(long_ids & set(c.tickets)) <= pending.max_long]
    return choices


def _long_tickets(board: Board, tickets: Sequence[str]) -> set[str]:
    return {t for t in tickets if "long" in board.ticket_by_id[t].kind}


def _tunnel_payments(state: GameState, pending: TunnelPayment) -> list[PayTunnel]:
    return [PayTunnel(k) for k in range(pending.extra + 1)
            if _tunnel_cost(state, pending, k) is not None]


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
    small = state.num_players < state.board.rules.double_routes_min_players
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
                    twin >= 0 and owners[twin] != OPEN and (small or owners[twin] == me)):
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


def _twin_allows(state: GameState, route: Route) -> bool:
    """Rules claim.double-small and claim.double-own, as a quick yes/no."""
    assert route.double is not None
    twin_owner = state.owners[state.board.route_by_id[route.double].index]
    if twin_owner == OPEN:
        return True
    return state.num_players >= state.board.rules.double_routes_min_players and \
        twin_owner != state.current


def _station_groups(state: GameState) -> list[_Payments]:
    player = state.player
    if not player.stations:
        return []
    runs, size = _payment_runs(player.hand, _station_cost(state), -1, 0)
    if not size:
        return []
    taken = {city for city, _ in state.stations} | {city for city, _ in state.depots}
    return [(True, city.name, runs, size) for city in state.board.cities if city.name not in taken]


def station_cost(state: GameState) -> int | None:
    """What the current player's next station costs, in cards (rule station.cost), or None
    when they cannot build one (no station left, or a map without stations)."""
    return _station_cost(state) if state.player.stations else None


def _station_cost(state: GameState) -> int:
    rules = state.board.rules
    return rules.station_costs[rules.stations - state.player.stations]


def _route_closed(state: GameState, route: Route) -> RulesError | None:
    """Why nobody (or not this player) may claim the route now, or None."""
    board = state.board
    if state.owners[route.index] != OPEN:
        return RulesError("claim.open", f"{route} already belongs to "
                          f"{state.players[state.owners[route.index]].name}.")
    if route.double is None:
        return None
    twin_owner = state.owners[board.route_by_id[route.double].index]
    if twin_owner == OPEN:
        return None
    if state.num_players < board.rules.double_routes_min_players:
        return RulesError("claim.double-small", f"With {state.num_players} players only one "
                          f"track of {route.cities_label} is used, and the other one is claimed.")
    if twin_owner == state.current:
        return RulesError("claim.double-own", f"You already own the other track of "
                          f"{route.cities_label}; nobody may claim both.")
    return None


# --------------------------------------------------------------------------- validation


def _check(state: GameState, action: Action) -> None:
    """Raise RulesError if the action is illegal now."""
    if state.is_over:
        raise RulesError("turn.game-over", "The game is over; nothing more can be played.")
    pending = state.pending
    if isinstance(pending, TicketChoice):
        if not isinstance(action, KeepTickets):
            raise RulesError("turn.pending", "First choose which of the tickets you drew to keep.")
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
            raise RulesError("wd.feed", "With Warehouses & Depots, drawing cards starts by "
                             "feeding the pile's top card into a Warehouse.")
        _check_first_card(state, action)
    elif isinstance(action, FeedWarehouse):
        _check_feed(state, action)
    elif isinstance(action, PlaceDepot):
        _check_depot(state, action)
    elif isinstance(action, ClaimRoute):
        _check_claim(state, action)
    elif isinstance(action, DrawTickets):
        if not state.tickets:
            raise RulesError("tickets.empty", "The ticket pile is empty.")
    elif isinstance(action, BuildStation):
        _check_station(state, action)
    elif isinstance(action, Pass):
        if legal_actions(state) != [Pass()]:
            raise RulesError("turn.pass", "You can only pass when there is nothing else you can "
                             "do.")
    elif isinstance(action, KeepTickets):
        raise RulesError("tickets.keep", "You have not drawn any tickets to keep.")
    elif isinstance(action, PayTunnel | DeclineTunnel):
        raise RulesError("tunnel.reveal", "There is no tunnel waiting for payment.")
    elif isinstance(action, CollectWarehouses):
        raise RulesError("wd.collect", "You can only collect Warehouses right after claiming "
                         "a route into a Depot city.")


def _check_first_card(state: GameState, action: DrawBlind | DrawFaceUp) -> None:
    if not (state.deck or state.discard or any(c != NO_CARD for c in state.face_up)):
        raise RulesError("draw.nothing-left", "No train cards are left to draw anywhere.")
    if isinstance(action, DrawBlind):
        if not (state.deck or state.discard):
            raise RulesError("draw.no-card", "The pile and the discards are empty: take a "
                             "face-up card instead.")
    else:
        _check_face_up_card(state, action.card)


def _check_face_up_card(state: GameState, card: str) -> int:
    if card not in CARD_NAMES:
        raise RulesError("action.unknown", f"{card!r} is not a train card.")
    index = card_index(card)
    if index not in state.face_up:
        raise RulesError("draw.no-card", f"There is no face-up {card} to take.")
    return index


def _check_second_card(state: GameState, action: Action) -> None:
    if isinstance(action, DrawBlind):
        if not (state.deck or state.discard):
            raise RulesError("draw.no-card", "The pile and the discards are empty.")
    elif isinstance(action, DrawFaceUp):
        if _check_face_up_card(state, action.card) == LOCO:
            raise RulesError("draw.second-locomotive", "A face-up locomotive cannot be your "
                             "second card; take another card or draw blind.")
    else:
        raise RulesError("draw.two-cards", "You drew one card; this turn you can only draw your "
                         "second card.")


def _check_claim(state: GameState, action: ClaimRoute) -> None:
    board = state.board
    route = board.route_by_id.get(action.route)
    if route is None:
        raise RulesError("action.unknown", f"There is no route {action.route!r} on the "
                         f"{board.name} map.")
    closed = _route_closed(state, route)
    if closed is not None:
        raise closed
    if state.player.trains < route.length:
        raise RulesError("claim.trains", f"{route} needs {route.length} trains and you have "
                         f"{state.player.trains} left.")
    _check_payment(state.player.hand, route, action.color, action.locomotives)


def _check_payment(hand: Hand, route: Route, color: str, locos: int) -> None:
    length = route.length
    if not 0 <= locos <= length:
        raise RulesError("claim.whole-route", f"{route} takes exactly {length} cards.")
    if color == "locomotive" or locos == length:
        if locos != length or color != "locomotive":
            raise RulesError("claim.locomotives", "A payment of locomotives only is written "
                             "color='locomotive' with every card a locomotive.")
    elif color not in COLORS:
        raise RulesError("claim.one-colour", f"{color!r} is not a train card colour.")
    elif route.color not in (GRAY, color):
        raise RulesError("claim.one-colour", f"{route} is {route.color}: pay with {route.color} "
                         f"cards and locomotives, not {color}.")
    if locos < route.ferry_locomotives:
        raise RulesError("ferry.locomotives", f"The ferry {route} needs at least "
                         f"{count(route.ferry_locomotives, 'locomotive')}; you offered {locos}.")
    _check_enough(hand, route, color)
    _check_hand(hand, color, length - locos, locos, "claim.cards-in-hand")


def _check_enough(hand: Hand, route: Route, color: str) -> None:
    """Can this colour (with every locomotive held) pay the whole route now? If not, say
    whether it is a matter of mixing colours or of claiming bit by bit."""
    fits = hand[LOCO] + (hand[CARD_INDEX[color]] if color in CARD_INDEX and color != LOCOMOTIVE
                         else 0)
    if fits >= route.length:
        return
    held = f"you hold {count(fits, 'card')} that {'fits' if fits == 1 else 'fit'} ({color} " \
        "and locomotives)"
    if sum(hand) >= route.length:
        raise RulesError("claim.one-colour", f"{route} needs {route.length} cards of one colour; "
                         f"{held}, and other colours cannot make up the rest.")
    raise RulesError("claim.whole-route", f"{route} is claimed whole, in one turn, with "
                     f"{route.length} cards; {held}. Keep drawing and claim it later in one go.")


def _check_hand(hand: Hand, color: str, colored: int, locos: int, rule: str) -> None:
    if locos > hand[LOCO]:
        raise RulesError(rule, f"You hold {count(hand[LOCO], 'locomotive')}, not {locos}.")
    if colored and hand[card_index(color)] < colored:
        raise RulesError(rule, f"You hold {count(hand[card_index(color)], color + ' card')}, "
                         f"not {colored}.")


def _check_station(state: GameState, action: BuildStation) -> None:
    board = state.board
    if not board.has_stations:
        raise RulesError("station.map", f"The {board.name} map has no stations.")
    if action.city not in board.city_index:
        raise RulesError("action.unknown", f"There is no city {action.city!r} on the "
                         f"{board.name} map.")
    if not state.player.stations:
        raise RulesError("station.limit", f"You have built all {board.rules.stations} of your "
                         "stations.")
    for city, owner in state.stations:
        if city == action.city:
            raise RulesError("station.one-per-city", f"{board.city_label(city)} already has "
                             f"{state.players[owner].name}'s station.")
    if state.piece_at(action.city) == "depot":
        raise RulesError("wd.one-piece", f"{board.city_label(action.city)} holds a Depot; a "
                         "city holds one piece.")
    cost = _station_cost(state)
    locos = action.locomotives
    all_locos = action.color == "locomotive"
    if not 0 <= locos <= cost or (all_locos != (locos == cost)) or \
            (not all_locos and action.color not in COLORS):
        raise RulesError("station.cost", f"This station costs {count(cost, 'card')} of one colour "
                         "(locomotives allowed).")
    _check_hand(state.player.hand, action.color, cost - locos, locos, "station.cost")


def _check_keep(state: GameState, pending: TicketChoice, action: KeepTickets) -> None:
    kept = action.tickets
    if len(set(kept)) != len(kept) or not set(kept) <= set(pending.tickets):
        raise RulesError("tickets.keep", "You can keep only tickets you were just given, each "
                         "once.")
    if len(kept) < pending.keep:
        raise RulesError("tickets.keep", f"Keep at least {pending.keep} of these "
                         f"{len(pending.tickets)} tickets.")
    if pending.max_long is not None and \
            len(_long_tickets(state.board, kept)) > pending.max_long:
        most = count(pending.max_long, "long ticket")
        raise RulesError("tickets.one-long", f"Keep at most {most}.")


# ----- Warehouses & Depots


def _check_warehouse_step(state: GameState, pending: DepotPlacement | CollectChoice | FirstCard,
                          action: Action) -> None:
    if isinstance(pending, DepotPlacement):
        if not isinstance(action, PlaceDepot):
            raise RulesError("wd.setup", "First place your Depot on a city.")
        _check_depot(state, action)
    elif isinstance(pending, CollectChoice):
        if not isinstance(action, CollectWarehouses):
            raise RulesError("turn.pending", "Your route reaches a Depot: choose which "
                             "Warehouses to collect (or none).")
        _check_collect(state, pending, action)
    elif isinstance(action, DrawBlind | DrawFaceUp):
        _check_first_card(state, action)
    else:
        raise RulesError("draw.two-cards", "You fed a Warehouse: now draw your cards.")


def _check_feed(state: GameState, action: FeedWarehouse) -> None:
    if not state.warehouses:
        raise RulesError("wd.feed", "This game is played without Warehouses & Depots.")
    if not 0 <= action.player < state.num_players:
        raise RulesError("action.unknown", f"There is no player {action.player + 1}.")
    if not (state.deck or state.discard):
        raise RulesError("wd.feed", "The pile and the discards are empty: there is no card to "
                         "feed; draw a face-up card instead.")


def _check_depot(state: GameState, action: PlaceDepot) -> None:
    if not state.warehouses:
        raise RulesError("wd.place", "This game is played without Warehouses & Depots.")
    if action.city not in state.board.city_index:
        raise RulesError("action.unknown", f"There is no city {action.city!r}.")
    if not state.depots_left[state.current]:
        raise RulesError("wd.place", "You have no Depot left beside your Warehouse.")
    piece = state.piece_at(action.city)
    if piece is not None:
        raise RulesError("wd.one-piece", f"{state.board.city_label(action.city)} already "
                         f"holds a {piece}; a city holds one piece.")


def _check_collect(state: GameState, pending: CollectChoice, action: CollectWarehouses) -> None:
    chosen = action.cities
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(pending.cities):
        where = ", ".join(map(state.board.city_label, pending.cities))
        raise RulesError("wd.collect", f"You may collect at {where} only, each once.")
    if len(chosen) > state.depots_left[state.current]:
        raise RulesError("wd.collect", "Each Warehouse collected costs one of your unplaced "
                         f"Depots; you have {state.depots_left[state.current]}.")


def _check_tunnel_answer(state: GameState, pending: TunnelPayment, action: Action) -> None:
    if isinstance(action, DeclineTunnel):
        return
    if not isinstance(action, PayTunnel):
        raise RulesError("turn.pending", "The tunnel's cards are revealed: pay the extra cards "
                         "or decline.")
    if pending.color == "locomotive" and action.locomotives != pending.extra:
        raise RulesError("tunnel.all-locomotives", "You offered only locomotives, so the "
                         f"{count(pending.extra, 'extra card')} must be locomotives too.")
    if not 0 <= action.locomotives <= pending.extra:
        raise RulesError("tunnel.pay", f"The surcharge is {count(pending.extra, 'card')}.")
    if _tunnel_cost(state, pending, action.locomotives) is None:
        raise RulesError("tunnel.pay", f"You cannot pay {count(pending.extra, 'more card')} "
                         "that way; you may decline.")


def _tunnel_cost(state: GameState, pending: TunnelPayment, extra_locos: int) -> Hand | None:
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


# --------------------------------------------------------------------------- apply


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``RulesError`` (state untouched) if it is illegal."""
    _check(state, action)
    return _HANDLERS[type(action)](state, action)


def _pass(state: GameState, action: Pass) -> GameState:
    return _end_turn(state, f"{says(state.player.name, 'passes')}: nothing else is possible.",
                     passed=True)


def _with_player(state: GameState, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[state.current] = player
    return tuple(players)


def _add(hand: Hand, card: int) -> Hand:
    return (*hand[:card], hand[card] + 1, *hand[card + 1:])


def _subtract(hand: Hand, cost: Hand) -> Hand:
    return tuple(h - c for h, c in zip(hand, cost, strict=False))


def _cards_of(cost: Hand) -> tuple[int, ...]:
    return tuple(c for c, n in enumerate(cost) for _ in range(n))


def _payment_hand(color: str, colored: int, locos: int) -> Hand:
    cost = [0] * NUM_CARD_TYPES
    cost[LOCO] = locos
    if colored:
        cost[card_index(color)] = colored
    return tuple(cost)


# ----- drawing cards


@dataclass(slots=True)
class _Pile:
    """The pile and discards while one action is worked out (a local scratch value, never
    stored: the state keeps tuples)."""

    deck: tuple[int, ...]
    discard: tuple[int, ...]
    seed: int
    shuffles: int

    @classmethod
    def of(cls, state: GameState) -> _Pile:
        return cls(state.deck, state.discard, state.seed, state.shuffles)

    def take(self) -> int:
        """The top card (rule draw.reshuffle when the pile is empty), or NO_CARD if none is
        left."""
        if not self.deck:
            if not self.discard:
                return NO_CARD
            cards = list(self.discard)
            random.Random(f"ttr:{self.seed}:shuffle:{self.shuffles}").shuffle(cards)
            self.deck, self.discard, self.shuffles = tuple(cards), (), self.shuffles + 1
        card = self.deck[-1]
        self.deck = self.deck[:-1]
        return card

    def changes(self) -> dict[str, Any]:
        return {"deck": self.deck, "discard": self.discard, "shuffles": self.shuffles}


def _draw_card(state: GameState, action: DrawBlind | DrawFaceUp) -> GameState:
    second = isinstance(state.pending, SecondCard)
    name = state.player.name
    fed = state.last_event + " " if isinstance(state.pending, FirstCard) else ""
    pile = _Pile.of(state)
    row = state.face_up
    refreshes = state.refreshes
    if isinstance(action, DrawBlind):
        card = pile.take()
        event = f"{fed}{says(name, 'draws')} a card from the pile"
    else:
        card = CARD_INDEX[action.card]
        slot = row.index(card)
        row = (*row[:slot], pile.take(), *row[slot + 1:])
        row, refreshes = _check_row(state.board, row, pile, refreshes)
        event = f"{fed}{says(name, 'takes')} the face-up {action.card}"
    player = state.player
    changes = {"players": _with_player(state, player.with_hand(_add(player.hand, card))),
               "face_up": row, "refreshes": refreshes, **pile.changes()}
    face_up_loco = card == LOCO and isinstance(action, DrawFaceUp)
    if second or face_up_loco:
        why = " (a face-up locomotive is the whole draw)" if face_up_loco else ""
        return _end_turn(state, event + why + ".", **changes)
    restocked, note = _restock_from_warehouses(state, changes)
    pile = _Pile(restocked["deck"], restocked["discard"], state.seed, restocked["shuffles"])
    if not _second_card_possible(pile, restocked["face_up"]):
        return _end_turn(state, event + ".", **changes)
    return evolve(state, pending=SecondCard(), last_event=event + "; one more card to draw."
                  + _pile_notes(state, changes) + note, **restocked)


def _second_card_possible(pile: _Pile, row: tuple[int, ...]) -> bool:
    return bool(pile.deck or pile.discard) or any(c not in (NO_CARD, LOCO) for c in row)


def _check_row(board: Board, row: tuple[int, ...], pile: _Pile, refreshes: int
               ) -> tuple[tuple[int, ...], int]:
    """Rules draw.three-locomotives and draw.refresh-limit: refresh a row showing 3
    locomotives, at most ``face_up_reset_attempts`` times in a row."""
    rules = board.rules
    for _ in range(rules.face_up_reset_attempts):
        if row.count(LOCO) < rules.face_up_locomotive_reset or not (pile.deck or pile.discard):
            break
        pile.discard += tuple(c for c in row if c != NO_CARD)
        row = tuple(pile.take() for _slot in range(rules.face_up))
        refreshes += 1
    return row, refreshes


def _refill_row(state: GameState, pile: _Pile) -> dict[str, Any]:
    """Rule draw.replace: fill empty face-up slots (after cards reach the discards). Returns
    the changed fields."""
    row, refreshes = state.face_up, state.refreshes
    if NO_CARD in row:
        row = tuple(pile.take() if c == NO_CARD else c for c in row)
        row, refreshes = _check_row(state.board, row, pile, refreshes)
    return {"face_up": row, "refreshes": refreshes, **pile.changes()}


# ----- claiming routes


def _claim(state: GameState, action: ClaimRoute) -> GameState:
    route = state.board.route_by_id[action.route]
    if state.board.reveal_count(route):
        return _start_tunnel(state, route, action)
    cost = _payment_hand(action.color, route.length - action.locomotives, action.locomotives)
    event = f"{says(state.player.name, 'claims')} {route}"
    return _finish_claim(state, route, cost, _Pile.of(state), event)


def _finish_claim(state: GameState, route: Route, cost: Hand, pile: _Pile, event: str
                  ) -> GameState:
    player = state.player
    points = state.board.route_points(route)
    player = evolve(player, hand=_subtract(player.hand, cost), trains=player.trains - route.length,
                     routes=(*player.routes, route.id), route_points=player.route_points + points)
    owners = (*state.owners[:route.index], state.current, *state.owners[route.index + 1:])
    pile.discard += _cards_of(cost)
    changes = {"players": _with_player(state, player), "owners": owners,
               **_refill_row(state, pile)}
    event = f"{event} for {count(points, 'point')}."
    collect = _collectable(state, route)
    if collect:
        return evolve(state, pending=CollectChoice(collect), last_event=event + " It reaches "
                      f"a Depot at {', '.join(collect)}: collect its Warehouse?", **changes)
    return _end_turn(state, event, **changes)


def _collectable(state: GameState, route: Route) -> tuple[str, ...]:
    """Depot cities at the ends of a just-claimed route whose owners' Warehouses hold cards
    (one city per owner), if the claimer has a Depot to spend (rule wd.collect)."""
    if not state.warehouses or not state.depots_left[state.current]:
        return ()
    depots = dict(state.depots)
    cities: list[str] = []
    owners: set[int] = set()
    for city in (route.a, route.b):
        owner = depots.get(city)
        if owner is not None and owner not in owners and any(state.warehouses[owner]):
            cities.append(city)
            owners.add(owner)
    return tuple(cities)


def _start_tunnel(state: GameState, route: Route, action: ClaimRoute) -> GameState:
    """Rule tunnel.reveal: turn up cards; each matching card adds one to the price."""
    pile = _Pile.of(state)
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
        cost = _payment_hand(action.color, route.length - action.locomotives, action.locomotives)
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
    cost = _tunnel_cost(state, pending, action.locomotives)
    assert cost is not None
    route = state.board.route_by_id[pending.route]
    pile = _Pile.of(state)
    pile.discard += pending.revealed
    name = state.player.name
    event = (f"{says(name, 'pays')} {count(pending.extra, 'extra card')} and "
             f"{verb(name, 'claims')} the tunnel {route}")
    return _finish_claim(state, route, cost, pile, event)


def _decline_tunnel(state: GameState) -> GameState:
    """Rules tunnel.decline and tunnel.discard."""
    pending = state.pending
    assert isinstance(pending, TunnelPayment)
    pile = _Pile.of(state)
    pile.discard += pending.revealed
    name = state.player.name
    return _end_turn(state, f"{says(name, 'declines')} the tunnel and "
                     f"{verb(name, 'keeps')} {their(name)} cards.",
                     **_refill_row(state, pile))


# ----- stations


def _build_station(state: GameState, action: BuildStation) -> GameState:
    cost = _payment_hand(action.color, _station_cost(state) - action.locomotives,
                         action.locomotives)
    player = state.player
    player = evolve(player, hand=_subtract(player.hand, cost), stations=player.stations - 1)
    pile = _Pile.of(state)
    pile.discard += _cards_of(cost)
    where = state.board.city_label(action.city)
    return _end_turn(state, f"{says(player.name, 'builds')} a station in {where}.",
                     players=_with_player(state, player),
                     stations=(*state.stations, (action.city, state.current)),
                     **_refill_row(state, pile))


# ----- tickets


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
    players = _with_player(state, player)
    if pending.setup:
        return _next_setup_choice(state, event + ".", players=players, tickets=pile)
    return _end_turn(state, event + ".", players=players, tickets=pile)


def _next_setup_choice(state: GameState, event: str, **changes: Any) -> GameState:
    """Setup goes round the table for tickets; with Warehouses & Depots each player then places
    a Depot, the last player first and on counter-clockwise (rule wd.setup)."""
    offers = state.setup_offers
    nxt = state.current + 1
    if nxt < state.num_players:
        rules = ticket_rules(state.board, state.options)
        return evolve(state, current=nxt, pending=_setup_choice(rules, offers[nxt]),
                      last_event=event, **changes)
    if state.warehouses:
        return evolve(state, setup_offers=(), current=state.num_players - 1,
                      pending=DepotPlacement(), last_event=event, **changes)
    return evolve(state, setup_offers=(), current=0, pending=None, last_event=event, **changes)


# ----- Warehouses & Depots


def _feed(state: GameState, action: FeedWarehouse) -> GameState:
    """Rule wd.feed: the pile's top card goes, unseen, into a Warehouse; then the draw."""
    pile = _Pile.of(state)
    card = pile.take()
    owner = action.player
    warehouses = (*state.warehouses[:owner], _add(state.warehouses[owner], card),
                  *state.warehouses[owner + 1:])
    whose = f"{their(state.player.name)} own" if owner == state.current \
        else f"{state.players[owner].name}'s"
    changes, note = _restock_from_warehouses(state, {"warehouses": warehouses,
                                                     **pile.changes()})
    state = evolve(state, pending=FirstCard(), **changes,
                   last_event=f"{says(state.player.name, 'feeds')} {whose} Warehouse.{note}")
    if not (state.deck or state.discard or any(c != NO_CARD for c in state.face_up)):
        return _end_turn(state, state.last_event + " No card is left to draw.")
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
        changes, note = _restock_from_warehouses(state, changes)
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
    return _end_turn(state, event, players=_with_player(state, evolve(state.player, hand=hand)),
                     warehouses=tuple(warehouses),
                     depots_left=(*state.depots_left[:me], left, *state.depots_left[me + 1:]))


def _pile_notes(state: GameState, changes: dict[str, Any]) -> str:
    """Say what happened to the pile and the face-up row on the way (rules
    draw.three-locomotives and draw.reshuffle), so logs and lessons can show it."""
    notes = _refresh_note(changes.get("refreshes", state.refreshes) - state.refreshes)
    if changes.get("shuffles", state.shuffles) > state.shuffles:
        notes += " The pile ran out: the discards were shuffled into a new pile."
    return notes


def _refresh_note(refreshed: int) -> str:
    if not refreshed:
        return ""
    return (" The face-up row showed 3 locomotives and was replaced"
            + (f" ({count(refreshed, 'time')})." if refreshed > 1 else "."))


def _restock_from_warehouses(state: GameState, changes: dict[str, Any]
                             ) -> tuple[dict[str, Any], str]:
    """Rule wd.exhaustion at once: the Warehouses become the new pile as soon as the pile and
    the discards run out, and the face-up row is refilled and checked right away (rules
    draw.replace and draw.three-locomotives), so the next draw sees the new pile. Returns the
    changes and a sentence saying so ("" when nothing happened)."""
    if not state.warehouses:
        return changes, ""
    reshuffled = _warehouse_reshuffle(state, changes)
    if reshuffled is changes:
        return changes, ""
    pile = _Pile(reshuffled["deck"], (), state.seed, reshuffled["shuffles"])
    before = changes.get("refreshes", state.refreshes)
    row = tuple(pile.take() if c == NO_CARD else c for c in changes.get("face_up", state.face_up))
    row, refreshes = _check_row(state.board, row, pile, before)
    note = (" The pile and the discards ran out: the Warehouses were emptied and shuffled into "
            "a new pile." + _refresh_note(refreshes - before))
    return {**reshuffled, "face_up": row, "refreshes": refreshes, **pile.changes()}, note


def _warehouse_reshuffle(state: GameState, changes: dict[str, Any]) -> dict[str, Any]:
    """Rule wd.exhaustion: with no pile and no discards, and a player out of Depots, every
    Warehouse is emptied and shuffled into a new pile."""
    warehouses = changes.get("warehouses", state.warehouses)
    deck, discard = changes.get("deck", state.deck), changes.get("discard", state.discard)
    if deck or discard or not any(sum(w) for w in warehouses):
        return changes
    if all(changes.get("depots_left", state.depots_left)):
        return changes
    cards = [c for w in warehouses for c, n in enumerate(w) for _ in range(n)]
    shuffles = changes.get("shuffles", state.shuffles)
    random.Random(f"ttr:{state.seed}:shuffle:{shuffles}").shuffle(cards)
    return {**changes, "deck": tuple(cards), "shuffles": shuffles + 1,
            "warehouses": ((0,) * NUM_CARD_TYPES,) * len(warehouses)}


# ----- end of turn


def _end_turn(state: GameState, event: str, *, passed: bool = False, **changes: Any
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
    event += _pile_notes(state, changes)
    changes, restocked = _restock_from_warehouses(state, changes)
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
"""Which function carries out each kind of action (after ``_check`` has allowed it)."""

