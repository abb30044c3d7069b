"""A fast engine for playing whole games at random: rollouts for search, and ``ttr simulate``.

The reference engine (``engine.py``) validates every action and builds a new immutable
``GameState`` each time; that is what the widgets, the lessons and the CLI want. Searching and
simulating want many whole games quickly, so this module plays the same rules on one mutable
``FastGame``, with tables built once per board:

* the number of ways to pay for claims is read from tables indexed by (cards of a colour,
  locomotives) that sum every open route's payments, updated when a route closes for everyone
  (claimed, or its twin claimed with fewer than 4 players); the few open routes closed to one
  player (the twin of their own route, longer than their trains) are a bit mask whose payments
  are taken off; so counting the legal actions costs a few look-ups;
* the routes a hand can pay for are a bit mask (per colour, by cards in reach), so picking the
  i-th legal action walks only those routes;
* the ticket pile, the train-card pile, the hands and the owners are lists changed in place;
* at the end, ``score`` is ``engine.score`` with a quicker longest-trail search
  (``fast_trail``).

Rollouts: ``game = FastGame.from_state(state)`` once, then per rollout ``g = game.clone()`` and
``g.random_step(rng.getrandbits)`` until ``g.is_over`` (or ``play_random``), then
``score(g.to_state())``.

It plays the identical game: ``random_step`` picks exactly what ``engine.random_action`` picks
with the same generator (which is ``rng.choice(legal_actions(state))``), and carries it out as
``engine.apply`` would, reshuffles drawing from the same seeded generators. ``to_state``
gives the public ``GameState`` back (equal to the reference's, but for ``last_event``: the fast
engine writes no sentences, so that field is empty) and ``from_state`` starts from any public
position (a strong bot's rollout starts from the real game).

Covered: every map, 2-5 players, every ticket variant; not Warehouses & Depots
(``supports`` says so, and callers fall back to the reference engine).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from operator import attrgetter, sub
from typing import Any

from .actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from .engine import holdings, new_game, why_illegal
from .graph import EMPTY_TRAIL, Trail, longest_trail
from .model import CARD_INDEX, CARD_NAMES, GRAY, LOCO, Board, Route
from .scoring import ScoreSheet, score_game
from .state import (
    NO_CARD,
    OPEN,
    GameState,
    Options,
    PlayerState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
)
from .stats import TURN_KINDS
from .variants import TicketRules, ticket_rules

# Moves: small tuples, the first item says which kind.
BLIND, FACE, TICKETS, CLAIM, STATION, PASS, KEEP, PAY, DECLINE = range(9)
Move = tuple[Any, ...]  #: (kind, its numbers or kept tickets...)

# What the current player must answer (``FastGame.pending``).
NONE, SECOND, CHOICE, TUNNEL = range(4)

Bits = Callable[[int], int]  #: ``random.Random.getrandbits`` of the bot's generator


def supports(options: Options | None) -> bool:
    """Whether the fast engine plays games with these options (all but Warehouses & Depots)."""
    return options is None or not options.warehouses


# --------------------------------------------------------------------------- tables


def _part(length: int, ferry: int, held: int, locos: int) -> int:
    """Ways to pay ``length`` with ``held`` cards of one colour and some of ``locos``
    locomotives (at least ``ferry``, fewer than ``length``): ``engine._payment_runs``'s run."""
    top = min(locos, length - 1)
    need = max(length - held, ferry)
    return top - need + 1 if need <= top else 0


@dataclass(frozen=True, slots=True)
class _Tables:
    """What the fast engine needs to know about a board, as plain ints and lists.

    A hand enters the tables as ``key = min(colour cards, top) * size + min(locomotives, top)``
    (``top`` the longest payment; more cards change nothing). ``colored[r]`` is, by key, the
    ways to pay route ``r`` of a colour (locomotives only included); ``grayed[r]`` the ways
    with one colour for a gray route, summed over colours, plus ``gray_locos[r]`` by
    locomotives."""

    top: int
    keys: tuple[tuple[int, ...], ...]  #: keys[min(locomotives, top)][colour cards]
    length: tuple[int, ...]
    color: tuple[int, ...]  #: card index, 8 for gray
    ferry: tuple[int, ...]
    twin: tuple[int, ...]  #: the parallel track's index, or -1
    points: tuple[int, ...]
    tunnel: tuple[bool, ...]
    ids: tuple[str, ...]
    vector: tuple[tuple[int, ...], ...]  #: per route, by key (gray: one colour's part)
    loco_vector: tuple[tuple[int, ...], ...]  #: per gray route, by locomotives: all-locos
    base_colored: tuple[tuple[int, ...], ...]  #: sum of vector over each colour's routes
    base_gray: tuple[int, ...]
    base_gray_locos: tuple[int, ...]
    colour_mask: tuple[tuple[tuple[int, ...], ...], ...]  #: [colour][reach][locos]: routes
    gray_mask: tuple[tuple[int, ...], ...]  #: [reach][locos]
    max_ferry: int
    longer: tuple[int, ...]  #: longer[t]: routes longer than t trains (t <= top)
    all_routes: int
    station_vector: tuple[tuple[int, ...], ...]  #: per station cost, by key, colour part
    cities: tuple[str, ...]
    city_index: dict[str, int]
    combos: dict[tuple[int, int], tuple[tuple[int, ...], ...]]  #: (offered, keep) → choices


@lru_cache(maxsize=16)
def _tables(board: Board) -> _Tables:
    routes = board.routes
    costs = board.rules.station_costs
    top = max([r.length for r in routes] + list(costs) + [1])
    size = top + 1
    hand_max = sum(board.deck) + 1
    keys = tuple(tuple(min(h, top) * size + lk for h in range(hand_max)) for lk in range(size))
    color = tuple(8 if r.color == GRAY else CARD_INDEX[r.color] for r in routes)
    vectors: list[tuple[int, ...]] = []
    loco_vectors: list[tuple[int, ...]] = []
    for r, c in zip(routes, color, strict=True):
        part = tuple(_part(r.length, r.ferry_locomotives, k // size, k % size)
                     for k in range(size * size))
        locos = tuple(int(lk >= r.length) for lk in range(size))
        if c == 8:
            vectors.append(part)
            loco_vectors.append(locos)
        else:
            vectors.append(tuple(p + locos[k % size] for k, p in enumerate(part)))
            loco_vectors.append((0,) * size)
    base_colored = tuple(_sum_vectors([v for v, rc in zip(vectors, color, strict=True)
                                       if rc == c], size * size) for c in range(8))
    base_gray = _sum_vectors([v for v, c in zip(vectors, color, strict=True) if c == 8],
                             size * size)
    base_gray_locos = _sum_vectors(loco_vectors, size)
    max_ferry = max([r.ferry_locomotives for r in routes] + [0])
    colour_mask = tuple(tuple(tuple(
        _mask(r.index for r in routes if color[r.index] == c and r.length <= reach
              and r.ferry_locomotives <= lk) for lk in range(max_ferry + 1))
        for reach in range(size)) for c in range(9))
    return _Tables(
        top, keys, tuple(r.length for r in routes), color,
        tuple(r.ferry_locomotives for r in routes),
        tuple(board.route_by_id[r.double].index if r.double else -1 for r in routes),
        tuple(board.route_points(r) for r in routes),
        tuple(r.tunnel and board.rules.tunnel_reveal > 0 for r in routes),
        tuple(r.id for r in routes), tuple(vectors), tuple(loco_vectors),
        base_colored, base_gray, base_gray_locos, colour_mask[:8], colour_mask[8], max_ferry,
        tuple(_mask(r.index for r in routes if r.length > t) for t in range(size)),
        _mask(range(len(routes))),
        tuple(tuple(_part(cost, 0, k // size, k % size) for k in range(size * size))
              for cost in range(size)),
        tuple(c.name for c in board.cities), {c.name: i for i, c in enumerate(board.cities)},
        {})


def _sum_vectors(vectors: Sequence[tuple[int, ...]], size: int) -> tuple[int, ...]:
    return tuple(sum(v[k] for v in vectors) for k in range(size))


def _mask(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def _combos(tables: _Tables, offered: int, keep: int) -> tuple[tuple[int, ...], ...]:
    """The ticket choices as index tuples, in ``engine._ticket_choices`` order."""
    found = tables.combos.get((offered, keep))
    if found is None:
        found = tables.combos[(offered, keep)] = tuple(
            combo for k in range(offered, keep - 1, -1)
            for combo in combinations(range(offered), k))
    return found


# --------------------------------------------------------------------------- the game


class FastGame:
    """One game on mutable lists. Build it with ``FastGame.start`` (a new deal, the same as
    ``engine.new_game``) or ``FastGame.from_state``; play with ``random_step`` (or
    ``random_action`` and ``apply``); read it back with ``to_state``."""

    __slots__ = (
        "blocked",
        "board",
        "choice",
        "colored",
        "current",
        "deck",
        "discard",
        "final",
        "free_cities",
        "gray",
        "gray_locos",
        "hands",
        "n",
        "names",
        "open",
        "options",
        "owners",
        "passes",
        "pending",
        "refreshes",
        "route_points",
        "routes",
        "row",
        "rules",
        "seed",
        "setup_offers",
        "shuffles",
        "small",
        "stations",
        "stations_left",
        "tables",
        "taken",
        "ticket_pile",
        "tickets",
        "trains",
        "tunnel",
        "turn",
    )

    board: Board
    tables: _Tables
    rules: TicketRules
    names: tuple[str, ...]
    options: Options
    seed: int
    n: int
    small: bool
    hands: list[list[int]]
    trains: list[int]
    stations_left: list[int]
    route_points: list[int]
    routes: list[list[int]]
    tickets: list[list[str]]
    owners: list[int]
    deck: list[int]
    discard: list[int]
    row: list[int]
    ticket_pile: list[str]
    stations: list[tuple[str, int]]
    free_cities: int
    taken: list[bool]
    current: int
    pending: int
    choice: tuple[tuple[str, ...], int, bool, int | None]
    tunnel: tuple[int, int, int, list[int], int]
    setup_offers: tuple[tuple[str, ...], ...]
    final: int
    turn: int
    passes: int
    refreshes: int
    shuffles: int
    open: int  #: routes nobody owns whose twin does not close them for everyone
    blocked: list[int]  #: per player, open routes they may not claim (twin, trains)
    colored: list[list[int]]  #: payment table of the open routes, per colour
    gray: list[int]
    gray_locos: list[int]

    # ----- building and reading back

    @classmethod
    def start(cls, board: Board, players: int | Sequence[str], seed: int = 0,
              options: Options | None = None) -> FastGame:
        """A new game, dealt exactly as ``engine.new_game`` deals it."""
        return cls.from_state(new_game(board, players, seed, options))

    @classmethod
    def from_state(cls, state: GameState) -> FastGame:
        """The fast game at a public position. ``ValueError`` for Warehouses & Depots."""
        if not supports(state.options):
            raise ValueError("options: the fast engine does not play Warehouses & Depots")
        game = cls()
        board = state.board
        tables = game.tables = _tables(board)
        game.board, game.rules = board, ticket_rules(board, state.options)
        game.names = tuple(p.name for p in state.players)
        game.options, game.seed, game.n = state.options, state.seed, state.num_players
        game.small = game.n < board.rules.double_routes_min_players
        game.hands = [list(p.hand) for p in state.players]
        game.trains = [p.trains for p in state.players]
        game.stations_left = [p.stations for p in state.players]
        game.route_points = [p.route_points for p in state.players]
        index = board.route_by_id
        game.routes = [[index[r].index for r in p.routes] for p in state.players]
        game.tickets = [list(p.tickets) for p in state.players]
        game.owners = list(state.owners)
        game.deck, game.discard, game.row = list(state.deck), list(state.discard), \
            list(state.face_up)
        game.ticket_pile = list(state.tickets)
        game.stations = list(state.stations)
        game.taken = [False] * len(tables.cities)
        for city, _ in state.stations:
            game.taken[tables.city_index[city]] = True
        game.free_cities = game.taken.count(False)
        game.current, game.setup_offers = state.current, state.setup_offers
        game.final, game.turn, game.passes = state.final_turns, state.turn, state.passes
        game.refreshes, game.shuffles = state.refreshes, state.shuffles
        game._read_pending(state)
        game._build_payment_tables()
        return game

    def _read_pending(self, state: GameState) -> None:
        pending = state.pending
        self.pending = NONE
        self.choice = ((), 0, False, None)
        self.tunnel = (-1, 0, 0, [], 0)
        if isinstance(pending, SecondCard):
            self.pending = SECOND
        elif isinstance(pending, TicketChoice):
            self.pending = CHOICE
            self.choice = (pending.tickets, pending.keep, pending.setup, pending.max_long)
        elif isinstance(pending, TunnelPayment):
            self.pending = TUNNEL
            self.tunnel = (self.board.route_by_id[pending.route].index,
                           CARD_INDEX[pending.color], pending.locomotives,
                           list(pending.revealed), pending.extra)
        elif pending is not None:
            raise ValueError(f"pending: the fast engine does not play {type(pending).__name__}")

    def _build_payment_tables(self) -> None:
        """The payment tables of the open routes (the board's, less the routes closed to
        everyone), and each player's blocked routes."""
        t = self.tables
        self.open = t.all_routes
        self.colored = [list(v) for v in t.base_colored]
        self.gray = list(t.base_gray)
        self.gray_locos = list(t.base_gray_locos)
        self.blocked = [0] * self.n
        for r, owner in enumerate(self.owners):
            twin = t.twin[r]
            if owner != OPEN or (self.small and twin >= 0 and self.owners[twin] != OPEN):
                self._close(r)
            elif twin >= 0 and self.owners[twin] != OPEN:
                self.blocked[self.owners[twin]] |= 1 << r
        for p, trains in enumerate(self.trains):
            if trains < t.top:
                self.blocked[p] |= t.longer[trains]

    def clone(self) -> FastGame:
        """An independent copy (the tables of the board are shared: they never change)."""
        game = FastGame()
        for name in ("board", "tables", "rules", "names", "options", "seed", "n", "small",
                     "free_cities", "current", "pending", "choice", "setup_offers", "final",
                     "turn", "passes", "refreshes", "shuffles"):
            setattr(game, name, getattr(self, name))
        game.hands = [list(h) for h in self.hands]
        game.trains, game.stations_left = list(self.trains), list(self.stations_left)
        game.route_points = list(self.route_points)
        game.routes = [list(r) for r in self.routes]
        game.tickets = [list(t) for t in self.tickets]
        game.owners, game.deck, game.discard = list(self.owners), list(self.deck), \
            list(self.discard)
        game.row, game.ticket_pile = list(self.row), list(self.ticket_pile)
        game.stations, game.taken = list(self.stations), list(self.taken)
        r, c, lo, revealed, extra = self.tunnel
        game.tunnel = (r, c, lo, list(revealed), extra)
        game.open, game.blocked = self.open, list(self.blocked)
        game.colored = [list(v) for v in self.colored]
        game.gray, game.gray_locos = list(self.gray), list(self.gray_locos)
        return game

    def to_state(self) -> GameState:
        """The public position (``last_event`` empty: the fast engine writes no sentences)."""
        ids = self.tables.ids
        players = tuple(
            PlayerState(name, tuple(self.hands[p]), self.trains[p], self.stations_left[p],
                        tuple(self.tickets[p]), tuple(ids[r] for r in self.routes[p]),
                        self.route_points[p])
            for p, name in enumerate(self.names))
        return GameState(
            board=self.board, players=players, deck=tuple(self.deck),
            discard=tuple(self.discard), face_up=tuple(self.row),
            tickets=tuple(self.ticket_pile), owners=tuple(self.owners),
            stations=tuple(self.stations), current=self.current, pending=self._pending(),
            setup_offers=self.setup_offers, final_turns=self.final, turn=self.turn,
            seed=self.seed, shuffles=self.shuffles, passes=self.passes,
            refreshes=self.refreshes, options=self.options)

    def _pending(self) -> SecondCard | TicketChoice | TunnelPayment | None:
        if self.pending == SECOND:
            return SecondCard()
        if self.pending == CHOICE:
            return TicketChoice(*self.choice)
        if self.pending == TUNNEL:
            r, color, locos, revealed, extra = self.tunnel
            return TunnelPayment(self.tables.ids[r], CARD_NAMES[color], locos,
                                 tuple(revealed), extra)
        return None

    @property
    def is_over(self) -> bool:
        return self.final == 0

    @property
    def in_setup(self) -> bool:
        return bool(self.setup_offers)

    # ----- the payment tables

    def _close(self, r: int) -> None:
        """Route ``r`` can no longer be claimed by anybody: out of the tables."""
        bit = 1 << r
        if not self.open & bit:
            return
        self.open ^= bit
        t = self.tables
        vector = t.vector[r]
        c = t.color[r]
        if c == 8:
            self.gray = list(map(sub, self.gray, vector))
            self.gray_locos = list(map(sub, self.gray_locos, t.loco_vector[r]))
        else:
            tabs = self.colored
            tabs[c] = list(map(sub, tabs[c], vector))

    def _claimed(self, r: int, p: int) -> None:
        """Route ``r`` was just claimed by ``p``: close it, and its twin for everyone (rule
        claim.double-small) or for ``p`` (claim.double-own); block what ``p``'s trains no
        longer reach (claim.trains)."""
        t = self.tables
        self._close(r)
        twin = t.twin[r]
        if twin >= 0 and self.owners[twin] == OPEN:
            if self.small:
                self._close(twin)
            else:
                self.blocked[p] |= 1 << twin
        trains = self.trains[p]
        if trains < t.top:
            self.blocked[p] |= t.longer[trains]

    def _claim_count(self, hand: list[int], p: int, keys: tuple[int, ...]) -> int:
        """How many claim actions the player has (every route's payments)."""
        c, g = self.colored, self.gray
        k0, k1, k2, k3 = keys[hand[0]], keys[hand[1]], keys[hand[2]], keys[hand[3]]
        k4, k5, k6, k7 = keys[hand[4]], keys[hand[5]], keys[hand[6]], keys[hand[7]]
        count = (c[0][k0] + c[1][k1] + c[2][k2] + c[3][k3] + c[4][k4] + c[5][k5] + c[6][k6]
                 + c[7][k7] + g[k0] + g[k1] + g[k2] + g[k3] + g[k4] + g[k5] + g[k6] + g[k7]
                 + self.gray_locos[keys[0]])
        blocked = self.blocked[p] & self.open
        if blocked:
            mask = self._payable(hand) & blocked
            colour_keys = [keys[h] for h in hand]
            colour_keys[LOCO] = keys[0]
            while mask:
                low = mask & -mask
                count -= self._route_size(low.bit_length() - 1, colour_keys)
                mask ^= low
        return count

    def _payable(self, hand: list[int]) -> int:
        """The routes the hand can pay for (open or not), as a mask."""
        t = self.tables
        locos = hand[LOCO]
        top = t.top
        lf = locos if locos < t.max_ferry else t.max_ferry
        masks = t.colour_mask
        found = 0
        most = 0
        for c in range(8):
            held = hand[c]
            if held > most:
                most = held
            reach = held + locos
            found |= masks[c][reach if reach < top else top][lf]
        reach = most + locos
        return found | t.gray_mask[reach if reach < top else top][lf]

    def _route_size(self, r: int, keys: list[int]) -> int:
        """Ways to pay route ``r``; ``keys``: the hand's key for each colour, then for none."""
        t = self.tables
        c = t.color[r]
        if c != 8:
            return t.vector[r][keys[c]]
        return sum(map(t.vector[r].__getitem__, keys[:8])) + t.loco_vector[r][keys[8]]

    def _station_size(self, hand: list[int], keys: tuple[int, ...]) -> int:
        rules = self.board.rules
        cost = rules.station_costs[rules.stations - self.stations_left[self.current]]
        v = self.tables.station_vector[cost]
        return (v[keys[hand[0]]] + v[keys[hand[1]]] + v[keys[hand[2]]] + v[keys[hand[3]]]
                + v[keys[hand[4]]] + v[keys[hand[5]]] + v[keys[hand[6]]] + v[keys[hand[7]]]
                + (hand[LOCO] >= cost))

    # ----- the random bot

    def random_step(self, bits: Bits) -> Move:
        """Pick as ``engine.random_action`` would with the generator whose ``getrandbits`` is
        ``bits``, carry it out, and return the move."""
        move = self._pick_random(bits)
        self.do(move)
        return move

    def random_action(self, rng: random.Random) -> Action:
        """Exactly ``engine.random_action(self.to_state(), rng)``."""
        return self.action(self._pick_random(rng.getrandbits))

    def _pick_random(self, bits: Bits) -> Move:
        pending = self.pending
        if pending == NONE:
            return self._pick_turn(bits)
        if pending == SECOND:
            faces = sorted(set(self.row) - {NO_CARD, LOCO})
            blind = 1 if self.deck or self.discard else 0
            i = _below(bits, blind + len(faces))
            return (BLIND,) if i < blind else (FACE, faces[i - blind])
        if pending == CHOICE:
            offer, keep, _setup, max_long = self.choice
            if max_long is None:
                combos = _combos(self.tables, len(offer), keep)
                chosen = combos[_below(bits, len(combos))]
                return KEEP, tuple(offer[j] for j in chosen)
            choices = self._ticket_choices()
            return KEEP, choices[_below(bits, len(choices))]
        payments = self._tunnel_payments()
        i = _below(bits, len(payments) + 1)
        return (PAY, payments[i]) if i < len(payments) else (DECLINE,)

    def _pick_turn(self, bits: Bits) -> Move:
        """A random action at the start of a turn: draws, tickets, claims, stations, pass."""
        p = self.current
        hand = self.hands[p]
        t = self.tables
        locos = hand[LOCO]
        keys = t.keys[locos if locos < t.top else t.top]
        blind = 1 if self.deck or self.discard else 0
        row = self.row
        faces = set(row)
        faces.discard(NO_CARD)
        head = blind + len(faces) + (1 if self.ticket_pile else 0)
        claims = self._claim_count(hand, p, keys)
        size = self._station_size(hand, keys) if self.stations_left[p] else 0
        total = head + claims + size * self.free_cities
        if not total:
            return (PASS,)
        i = _below(bits, total)
        if i < head:
            if i < blind:
                return (BLIND,)
            i -= blind
            if i < len(faces):
                return FACE, sorted(faces)[i]
            return (TICKETS,)
        i -= head
        if i < claims:
            return self._nth_claim(i, hand, p, keys)
        i -= claims
        city, i = divmod(i, size)
        return (STATION, self._nth_free_city(city), *self._nth_payment(
            -1, self.board.rules.station_costs[self.board.rules.stations - self.stations_left[p]],
            0, i, hand))

    def _nth_claim(self, i: int, hand: list[int], p: int, keys: tuple[int, ...]) -> Move:
        t = self.tables
        mask = self._payable(hand) & self.open & ~self.blocked[p]
        colour_keys = [keys[h] for h in hand]
        k0, k1, k2, k3, k4, k5, k6, k7, _ = colour_keys
        lk = colour_keys[LOCO] = keys[0]
        vectors, colors, locos = t.vector, t.color, t.loco_vector
        while mask:
            low = mask & -mask
            r = low.bit_length() - 1
            c = colors[r]
            v = vectors[r]
            if c != 8:
                size = v[colour_keys[c]]
            else:
                size = (v[k0] + v[k1] + v[k2] + v[k3] + v[k4] + v[k5] + v[k6] + v[k7]
                        + locos[r][lk])
            if i < size:
                return (CLAIM, r, *self._nth_payment(-1 if c == 8 else c, t.length[r],
                                                     t.ferry[r], i, hand))
            i -= size
            mask ^= low
        raise AssertionError("claim index beyond the payable routes")

    @staticmethod
    def _nth_payment(color: int, cost: int, low: int, i: int, hand: list[int]
                     ) -> tuple[int, int]:
        """The i-th way to pay, as ``engine._payment_runs`` lists them: (colour, locos)."""
        locos = hand[LOCO]
        top = locos if locos < cost - 1 else cost - 1
        for c in (color,) if color >= 0 else range(8):
            need = cost - hand[c]
            if need < low:
                need = low
            if need <= top:
                if i <= top - need:
                    return c, need + i
                i -= top - need + 1
        return LOCO, cost

    def _nth_free_city(self, n: int) -> int:
        for city, taken in enumerate(self.taken):
            if not taken:
                if not n:
                    return city
                n -= 1
        raise AssertionError("station index beyond the free cities")

    def _ticket_choices(self) -> list[tuple[str, ...]]:
        offer, keep, _setup, max_long = self.choice
        choices = [tuple(offer[j] for j in combo)
                   for combo in _combos(self.tables, len(offer), keep)]
        if max_long is not None:
            kinds = self.board.ticket_by_id
            choices = [c for c in choices
                       if sum("long" in kinds[t].kind for t in c) <= max_long]
        return choices

    def _tunnel_payments(self) -> list[int]:
        """The surcharge payments the hand allows: extra locomotives used, in order."""
        r, color, locos, _revealed, extra = self.tunnel
        hand = self.hands[self.current]
        found = []
        for k in range(extra + 1):
            used = locos + k
            colored = self.tables.length[r] + extra - used
            if colored and (color == LOCO or hand[color] < colored):
                continue
            if hand[LOCO] >= used:
                found.append(k)
        return found

    # ----- carrying out a move

    def do(self, move: Move) -> None:
        """Carry out a move (legal: picked by the fast engine or checked by ``apply``)."""
        kind = move[0]
        if kind == BLIND:
            self._draw(self._take(), False)
        elif kind == FACE:
            self._draw_face_up(move[1])
        elif kind == CLAIM:
            self._claim(*move[1:])
        elif kind == KEEP:
            self._keep(move[1])
        elif kind == TICKETS:
            draw = self.rules.draw
            drawn = tuple(self.ticket_pile[:draw])
            del self.ticket_pile[:draw]
            self.pending = CHOICE
            self.choice = (drawn, min(self.rules.draw_keep, len(drawn)), False, None)
        elif kind == STATION:
            self._station(*move[1:])
        elif kind == PAY:
            self._pay_tunnel(move[1])
        elif kind == DECLINE:
            self.discard += self.tunnel[3]
            self._refill_row()
            self._end_turn()
        else:
            self._end_turn(passed=True)

    def _take(self) -> int:
        """The pile's top card (rule draw.reshuffle, with the reference's generators)."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return NO_CARD
            deck = self.deck = self.discard
            random.Random(f"ttr:{self.seed}:shuffle:{self.shuffles}").shuffle(deck)
            self.discard = []
            self.shuffles += 1
        return deck.pop()

    def _draw_face_up(self, card: int) -> None:
        row = self.row
        row[row.index(card)] = self._take()
        if row.count(LOCO) >= self.board.rules.face_up_locomotive_reset:
            self._check_row()
        self._draw(card, True)

    def _draw(self, card: int, face_up: bool) -> None:
        self.hands[self.current][card] += 1
        if self.pending == SECOND or (face_up and card == LOCO) or not (
                self.deck or self.discard or any(c != NO_CARD and c != LOCO for c in self.row)):
            self._end_turn()
        else:
            self.pending = SECOND

    def _check_row(self) -> None:
        """Rules draw.three-locomotives and draw.refresh-limit."""
        rules = self.board.rules
        for _ in range(rules.face_up_reset_attempts):
            row = self.row
            if row.count(LOCO) < rules.face_up_locomotive_reset or not (self.deck
                                                                         or self.discard):
                break
            self.discard += [c for c in row if c != NO_CARD]
            self.row = [self._take() for _slot in range(rules.face_up)]
            self.refreshes += 1

    def _refill_row(self) -> None:
        row = self.row
        if NO_CARD in row:
            for slot, card in enumerate(row):
                if card == NO_CARD:
                    row[slot] = self._take()
            self._check_row()

    def _claim(self, r: int, color: int, locos: int) -> None:
        length = self.tables.length[r]
        if not self.tables.tunnel[r]:
            self._finish_claim(r, color, length - locos, locos)
            return
        revealed = []
        for _ in range(self.board.rules.tunnel_reveal):
            card = self._take()
            if card == NO_CARD:
                break  # rule tunnel.short-pile
            revealed.append(card)
        extra = revealed.count(LOCO)
        if color != LOCO:
            extra += revealed.count(color)
        if extra:
            self.pending = TUNNEL
            self.tunnel = (r, color, locos, revealed, extra)
            return
        self.discard += revealed
        self._finish_claim(r, color, length - locos, locos)

    def _pay_tunnel(self, k: int) -> None:
        r, color, locos, revealed, extra = self.tunnel
        used = locos + k
        self.discard += revealed
        self._finish_claim(r, color, self.tables.length[r] + extra - used, used)

    def _pay(self, color: int, colored: int, locos: int) -> None:
        hand = self.hands[self.current]
        if colored:
            hand[color] -= colored
            self.discard += [color] * colored
        if locos:
            hand[LOCO] -= locos
            self.discard += [LOCO] * locos

    def _finish_claim(self, r: int, color: int, colored: int, locos: int) -> None:
        p = self.current
        self._pay(color, colored, locos)
        t = self.tables
        self.trains[p] -= t.length[r]
        self.routes[p].append(r)
        self.route_points[p] += t.points[r]
        self._claimed(r, p)
        self.owners[r] = p
        self._refill_row()
        self._end_turn()

    def _station(self, city: int, color: int, locos: int) -> None:
        p = self.current
        rules = self.board.rules
        cost = rules.station_costs[rules.stations - self.stations_left[p]]
        self._pay(color, cost - locos, locos)
        self.stations_left[p] -= 1
        self.stations.append((self.tables.cities[city], p))
        self.taken[city] = True
        self.free_cities -= 1
        self._refill_row()
        self._end_turn()

    def _keep(self, kept: tuple[str, ...]) -> None:
        offer, _keep, setup, _max_long = self.choice
        p = self.current
        self.tickets[p] += kept
        if not (setup and self.rules.setup_rejects == "box"):
            self.ticket_pile += [t for t in offer if t not in kept]
        if not setup:
            self._end_turn()
        elif p + 1 < self.n:
            self.current = p + 1
            offer = self.setup_offers[p + 1]
            rules = self.rules
            self.choice = (offer, min(rules.keep_setup, len(offer)), True, rules.max_long_kept)
        else:
            self.setup_offers = ()
            self.current = 0
            self.pending = NONE

    def _end_turn(self, passed: bool = False) -> None:
        """Rules end.trigger and end.stalemate, as ``engine._end_turn``."""
        final = self.final
        if final > 0:
            final -= 1
        elif final < 0 and self.trains[self.current] <= self.board.rules.end_trains:
            final = self.n
        self.passes = self.passes + 1 if passed else 0
        if self.passes >= self.n:
            final = 0
        self.final = final
        self.current = (self.current + 1) % self.n
        self.pending = NONE
        self.turn += 1

    # ----- moves as public actions

    def apply(self, action: Action) -> None:
        """Carry out a public action, refused as ``engine.apply`` refuses it (this checks it
        against the reference rules on the public position: for play from outside, not for
        rollouts, which use ``random_step`` or ``do``)."""
        error = why_illegal(self.to_state(), action)
        if error is not None:
            raise error
        self.do(self.move(action))

    def move(self, action: Action) -> Move:
        """The move a (legal) public action is."""
        t = self.tables
        if isinstance(action, DrawBlind):
            return (BLIND,)
        if isinstance(action, DrawFaceUp):
            return FACE, CARD_INDEX[action.card]
        if isinstance(action, DrawTickets):
            return (TICKETS,)
        if isinstance(action, ClaimRoute):
            return (CLAIM, self.board.route_by_id[action.route].index,
                    CARD_INDEX[action.color], action.locomotives)
        if isinstance(action, BuildStation):
            return (STATION, t.city_index[action.city], CARD_INDEX[action.color],
                    action.locomotives)
        if isinstance(action, KeepTickets):
            return KEEP, action.tickets
        if isinstance(action, PayTunnel):
            return PAY, action.locomotives
        if isinstance(action, DeclineTunnel):
            return (DECLINE,)
        if isinstance(action, Pass):
            return (PASS,)
        raise ValueError(f"action: the fast engine does not play {type(action).__name__}")

    def action(self, move: Move) -> Action:
        """The public action a move is."""
        kind = move[0]
        if kind == BLIND:
            return DrawBlind()
        if kind == FACE:
            return DrawFaceUp(CARD_NAMES[move[1]])
        if kind == TICKETS:
            return DrawTickets()
        if kind == CLAIM:
            r, color, locos = move[1:]
            return ClaimRoute(self.tables.ids[r], CARD_NAMES[color], locos)
        if kind == STATION:
            city, color, locos = move[1:]
            return BuildStation(self.tables.cities[city], CARD_NAMES[color], locos)
        if kind == KEEP:
            return KeepTickets(move[1])
        if kind == PAY:
            return PayTunnel(move[1])
        if kind == DECLINE:
            return DeclineTunnel()
        return Pass()


def _below(bits: Bits, n: int) -> int:
    """``random.Random._randbelow(n)``, the draw behind ``rng.choice`` of ``n`` items."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r



# --------------------------------------------------------------------------- scoring

_INDEX = attrgetter("index")
MAX_CYCLES = 4  #: beyond this many independent cycles in a network, the reference search


def fast_trail(board: Board, route_ids: Iterable[str]) -> Trail:
    """A longest trail through the routes (rule score.longest): the same length as
    ``graph.longest_trail``, found faster on the networks random play builds, which are mostly
    trees (a tree's longest trail is its longest path, found by two walks) or have few cycles
    (a plain search from the cities of odd degree, which is where a longest trail that is not
    closed ends; see ``graph.longest_trail``). Among equally long trails it may return another
    one than ``graph.longest_trail`` does. A network with more than ``MAX_CYCLES`` independent
    cycles goes to ``graph.longest_trail``."""
    by_id = board.route_by_id
    routes = sorted([by_id[r] for r in set(route_ids)], key=_INDEX)
    adjacency: dict[str, list[tuple[int, str, int]]] = {}
    for e, r in enumerate(routes):
        adjacency.setdefault(r.a, []).append((e, r.b, r.length))
        adjacency.setdefault(r.b, []).append((e, r.a, r.length))
    best = EMPTY_TRAIL
    seen: set[str] = set()
    for start in adjacency:
        if start in seen:
            continue
        group, total, edges = _component(adjacency, start, seen)
        if total <= best.length:
            continue
        if edges == len(group) - 1:
            trail = _tree_trail(adjacency, routes, start)
        elif edges - len(group) + 1 <= MAX_CYCLES:
            trail = _searched_trail(adjacency, routes, group, total)
        else:
            return longest_trail(board, route_ids)
        if trail.length > best.length:
            best = trail
    return best


def _component(adjacency: dict[str, list[tuple[int, str, int]]], start: str, seen: set[str]
               ) -> tuple[list[str], int, int]:
    """The cities joined to ``start``, their routes' total length and number."""
    group = [start]
    seen.add(start)
    total = ends = 0
    for city in group:
        for _e, other, length in adjacency[city]:
            total += length
            ends += 1
            if other not in seen:
                seen.add(other)
                group.append(other)
    return group, total // 2, ends // 2


def _tree_trail(adjacency: dict[str, list[tuple[int, str, int]]], routes: Sequence[Route],
                start: str) -> Trail:
    """A tree's longest path: the farthest city from the farthest city from anywhere."""
    far, _ = _farthest(adjacency, start)
    end, came_by = _farthest(adjacency, far)
    path: list[Route] = []
    cities = [end]
    while cities[-1] != far:
        route = routes[came_by[cities[-1]]]
        path.append(route)
        cities.append(route.other(cities[-1]))
    return Trail(sum(r.length for r in path), tuple(r.id for r in path), tuple(cities))


def _farthest(adjacency: dict[str, list[tuple[int, str, int]]], start: str
              ) -> tuple[str, dict[str, int]]:
    distance = {start: 0}
    came_by: dict[str, int] = {}
    stack = [start]
    far = start
    while stack:
        city = stack.pop()
        if distance[city] > distance[far]:
            far = city
        for e, other, length in adjacency[city]:
            if other not in distance:
                distance[other] = distance[city] + length
                came_by[other] = e
                stack.append(other)
    return far, came_by


def _searched_trail(adjacency: dict[str, list[tuple[int, str, int]]], routes: Sequence[Route],
                    group: list[str], total: int) -> Trail:
    """Every trail from each odd city (or from any city when none is odd), until one uses the
    whole network."""
    odd = [city for city in group if len(adjacency[city]) % 2] or group[:1]
    best: tuple[int, tuple[int, ...], str] = (0, (), odd[0])

    def extend(origin: str, city: str, used: int, length: int, steps: tuple[int, ...]) -> bool:
        nonlocal best
        if length > best[0]:
            best = (length, steps, origin)
            if length == total:
                return True
        for e, other, spaces in adjacency[city]:
            if not used >> e & 1 and extend(origin, other, used | 1 << e, length + spaces,
                                             (*steps, e)):
                return True
        return False

    for city in odd:
        if extend(city, city, 0, 0, ()):
            break
    length, steps, start = best
    cities = [start]
    for e in steps:
        cities.append(routes[e].other(cities[-1]))
    return Trail(length, tuple(routes[e].id for e in steps), tuple(cities))


def score(state: GameState) -> ScoreSheet:
    """``engine.score`` with ``fast_trail``: the same sheet but perhaps another longest trail
    of the same length in ``longest_trail_routes``."""
    bonus = ticket_rules(state.board, state.options).longest_bonus
    return score_game(state.board, holdings(state), longest_bonus=bonus, trail=fast_trail)


Drawn = dict[str, tuple[int, int]]  #: ticket → (turn, trains left) when drawn in play
_KIND = {BLIND: "draw_cards", FACE: "draw_cards", CLAIM: "claim_route",
         TICKETS: "draw_tickets", STATION: "build_station", PASS: "passed"}
"""The kind of turn a move starts (``stats``'s turn kinds)."""


@dataclass(slots=True)
class RandomPlay:
    """What ``play_random`` saw, as ``simulate.play_game`` and ``stats.StatsTally`` count it:
    steps played, the tickets each player kept at setup, when each ticket drawn later was
    drawn, per player the cards and tickets drawn and refreshes set off (``StatsTally``'s
    counts) and turns by kind, and the last round's first turn and who set it off."""

    steps: int
    setup_tickets: tuple[tuple[str, ...], ...]
    drawn: Drawn
    counts: list[dict[str, int]]
    turns: list[dict[str, int]]
    last_round: tuple[int, str] | None


def play_random(game: FastGame, rngs: Sequence[random.Random], max_steps: int) -> RandomPlay:
    """Play on at random, each player drawing from their own generator, as
    ``simulate.play_game`` plays random bots; stop at the end or after ``max_steps`` steps."""
    bits = [rng.getrandbits for rng in rngs]
    setup: tuple[tuple[str, ...], ...] | None = None if game.setup_offers else ()
    drawn: Drawn = {}
    counts = [dict.fromkeys(_COUNTED, 0) for _ in range(game.n)]
    turns = [dict.fromkeys(TURN_KINDS, 0) for _ in range(game.n)]
    kind: str | None = None
    last_round: tuple[int, str] | None = None
    steps = 0
    pick, do, hands = game._pick_random, game.do, game.hands
    while game.final and steps < max_steps:
        me = game.current
        move = pick(bits[me])
        code = move[0]
        count = counts[me]
        if code == KEEP:
            count["tickets_drawn"] += len(game.choice[0])
            if not game.setup_offers:
                drawn.update((t, (game.turn, game.trains[me])) for t in move[1])
        elif game.pending == NONE and not game.setup_offers:
            kind = _KIND.get(code, kind)
        turn, final, refreshes = game.turn, game.final, game.refreshes
        if code == BLIND:
            locos = hands[me][LOCO]
            do(move)
            count["cards_blind"] += 1
            count["locomotives_blind"] += hands[me][LOCO] - locos
        else:
            do(move)
            if code == FACE:
                count["cards_face_up"] += 1
                count["locomotives_face_up"] += move[1] == LOCO
        if game.refreshes != refreshes:
            count["refreshes"] += game.refreshes - refreshes
        if game.turn != turn:
            done = "declined_tunnel" if code == DECLINE else kind or _KIND.get(code, "passed")
            turns[me][done] += 1
            kind = None
            if final < 0 < game.final:
                last_round = (game.turn + 1, game.names[me])
        if setup is None and not game.setup_offers:
            setup = tuple(tuple(t) for t in game.tickets)
        steps += 1
    return RandomPlay(steps, setup or (), drawn, counts, turns, last_round)


_COUNTED = ("cards_face_up", "cards_blind", "locomotives_face_up", "locomotives_blind",
            "cards_collected", "tickets_drawn", "refreshes")
