"""The fast engine's game state: one game on mutable lists, read from a public ``GameState`` and
written back.

``FastState`` holds what a ``GameState`` holds as lists changed in place (hands, piles, owners,
the tickets), the pending decision as a small code (``tables.NONE``, ``SECOND``, ``CHOICE``,
``TUNNEL``), and the *payment tables* of the open routes: per colour, by the hand's key, how many
ways the open routes can be paid, with a route taken out of them when it closes for everyone
(claimed, or its twin claimed with too few players for both tracks, rule claim.double-small),
and per player a mask of the open routes closed to them alone (the twin of their own route,
rule claim.double-own; longer than their trains). ``play.RandomPicks`` counts and picks the legal
moves from these tables, and ``engine.FastGame`` carries moves out on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub
from typing import TypeVar

from ttr_widgets.bots.fast.tables import CHOICE, NONE, SECOND, TUNNEL, Tables, board_tables
from ttr_widgets.rules.engine import new_game
from ttr_widgets.rules.legal import both_tracks_used
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, Board
from ttr_widgets.rules.state import (
    OPEN,
    GameState,
    Options,
    PlayerState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.variants import TicketRules, ticket_rules

__all__ = ["FastState", "supports"]

_State = TypeVar("_State", bound="FastState")


def supports(options: Options | None) -> bool:
    """Whether the fast engine plays games with these options: every map and ticket variant,
    but not the modes of ``rules.depots`` and ``rules.teams`` (Warehouses & Depots, team play);
    callers play those on the reference engine."""
    return options is None or not (options.warehouses or options.teams)


class FastState:
    """One game's state on mutable lists and its payment tables (see the module docstring).
    Build it with ``start`` (a new deal, the same as ``engine.new_game``) or ``from_state``;
    read it back with ``to_state``."""

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
    def start(cls: type[_State], board: Board, players: int | Sequence[str], seed: int = 0,
              options: Options | None = None) -> _State:
        """A new game, dealt exactly as ``engine.new_game`` deals it."""
        return cls.from_state(new_game(board, players, seed, options))

    @classmethod
    def from_state(cls: type[_State], state: GameState) -> _State:
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

    def clone(self: _State) -> _State:
        """An independent copy (the tables of the board are shared: they never change)."""
        game = type(self)()
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
