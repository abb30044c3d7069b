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

The parts: ``fast_tables`` (move codes, the board's tables), ``fast_random`` (counting and
picking legal moves, ``play_random``), ``fast_score`` (``fast_trail``, ``score``); their
public names are importable from here.

It plays the identical game: ``random_step`` picks exactly what ``engine.random_action`` picks
with the same generator (which is ``rng.choice(legal_actions(state))``), and carries it out as
``engine.apply`` would, reshuffles drawing from the same seeded generators. ``to_state``
gives the public ``GameState`` back (equal to the reference's, but for ``last_event``: the fast
engine writes no sentences, so that field is empty) and ``from_state`` starts from any public
position (a strong bot's rollout starts from the real game).

Covered: every map, 2-5 players, every ticket variant; not Warehouses & Depots nor team play
(``supports`` says so, and callers fall back to the reference engine).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import sub

from ttr_widgets.bots.fast.play import Drawn, RandomPicks, RandomPlay, play_random
from ttr_widgets.bots.fast.score import MAX_CYCLES, fast_trail, score
from ttr_widgets.bots.fast.tables import (
    BLIND,
    CHOICE,
    CLAIM,
    DECLINE,
    FACE,
    KEEP,
    NONE,
    PASS,
    PAY,
    SECOND,
    STATION,
    TICKETS,
    TUNNEL,
    Bits,
    Move,
    Tables,
    board_tables,
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
    Pass,
    PayTunnel,
)
from ttr_widgets.rules.engine import new_game, why_illegal
from ttr_widgets.rules.legal import both_tracks_used
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, LOCO, Board
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    GameState,
    Options,
    PlayerState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.variants import TicketRules, ticket_rules

__all__ = ["BLIND", "CHOICE", "CLAIM", "DECLINE", "FACE", "KEEP", "MAX_CYCLES", "NONE", "PASS",
           "PAY", "SECOND", "STATION", "TICKETS", "TUNNEL", "Bits", "Drawn", "FastGame", "Move",
           "RandomPlay", "fast_trail", "play_random", "score", "supports"]


def supports(options: Options | None) -> bool:
    """Whether the fast engine plays games with these options: every map and ticket variant,
    but not the modes of ``rules.depots`` and ``rules.teams`` (Warehouses & Depots, team play);
    callers play those on the reference engine."""
    return options is None or not (options.warehouses or options.teams)


# --------------------------------------------------------------------------- the game


class FastGame(RandomPicks):
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
    tables: Tables
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
            raise ValueError("options: the fast engine does not play Warehouses & Depots or "
                             "team games")
        game = cls()
        board = state.board
        tables = game.tables = board_tables(board)
        game.board, game.rules = board, ticket_rules(board, state.options)
        game.names = tuple(p.name for p in state.players)
        game.options, game.seed, game.n = state.options, state.seed, state.num_players
        game.small = not both_tracks_used(board, game.n)  # the engine's own double rule
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
        game._build_paymentboard_tables()
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

    def _build_paymentboard_tables(self) -> None:
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
