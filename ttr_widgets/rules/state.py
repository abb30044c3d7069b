"""The state of a game: immutable values, so every snapshot is free and nothing is shared
mutably between the board, the widgets and the history.

Cards are ints (``model.CARD_NAMES`` order). The draw pile's top is the END of ``deck``; the
ticket pile's top is the START of ``tickets``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias, TypeVar

from ttr_widgets.rules.model import CARD_NAMES, Board, Hand, hand_dict

T = TypeVar("T")
_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}
_FIELD_SETS: dict[type[Any], frozenset[str]] = {}
_set = object.__setattr__

NO_CARD = -1  #: an empty face-up slot
OPEN = -1  #: a route nobody owns


@dataclass(frozen=True, slots=True)
class Options:
    """Choices made when a game is set up. ``None`` means "as the map or variant says".

    ``variant``: a ticket variant (Europe: "europe-expanded", "big-cities", "mega-europe");
    the numbers after it override the variant's dealing, keeping and drawing;
    ``longest_bonus`` turns the longest-trail bonus on or off; ``warehouses`` plays with the
    Europa 1912 Warehouses & Depots.

    Team play (``rules.teams``) reads the ``team_`` options, each a choice the Team Asia rules
    leave open (``None``: the kit's choice, said in the rule's sentence):
    ``team_six_player_doubles``: with 6 players both tracks of a double may be claimed (True);
    ``team_double_one_per_team``: one team never holds both tracks of a double (True);
    ``team_combined_network``: tickets and the longest path count both teammates' routes
    together (True; False: each player's own routes, a shared ticket by either teammate's);
    ``team_holders_public``: opponents see what the team holders hold (False: only how many);
    ``team_decline_to_hand``: a tunnel given up returns the holder's cards to the hand, as the
    rules' words read (False: each card goes back where it came from).
    """

    variant: str | None = None
    deal_long: int | None = None
    deal_regular: int | None = None
    keep_setup: int | None = None
    draw_tickets: int | None = None
    draw_keep: int | None = None
    longest_bonus: bool | None = None
    warehouses: bool = False
    team_six_player_doubles: bool | None = None
    team_double_one_per_team: bool | None = None
    team_combined_network: bool | None = None
    team_holders_public: bool | None = None
    team_decline_to_hand: bool | None = None


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    hand: Hand
    trains: int
    stations: int  #: stations not yet built
    tickets: tuple[str, ...] = ()  #: kept tickets
    routes: tuple[str, ...] = ()  #: claimed route ids, in the order claimed
    route_points: int = 0

    def __repr__(self) -> str:
        return (f"PlayerState(name={self.name!r}, hand={self.hand!r}, trains={self.trains}, "
                f"stations={self.stations}, tickets={self.tickets!r}, routes={self.routes!r}, "
                f"route_points={self.route_points})")

    def with_hand(self, hand: Hand) -> PlayerState:
        """The same player holding ``hand`` (the engine's most frequent change, so spelled out
        rather than going through ``evolve``; keep it in step with the fields above)."""
        return PlayerState(self.name, hand, self.trains, self.stations, self.tickets,
                           self.routes, self.route_points)

    @property
    def cards(self) -> dict[str, int]:
        """The hand as ``{'red': 2, 'locomotive': 1}``."""
        return hand_dict(self.hand)

    @property
    def card_count(self) -> int:
        return sum(self.hand)


@dataclass(frozen=True, slots=True)
class SecondCard:
    """The player took one card and may take a second (no face-up locomotive)."""


@dataclass(frozen=True, slots=True)
class TunnelPayment:
    """A tunnel's reveal asks for ``extra`` more cards; pay them or decline."""

    route: str
    color: str  #: colour of the offer, 'locomotive' for an all-locomotive offer
    locomotives: int  #: locomotives in the offer
    revealed: tuple[int, ...]
    extra: int


@dataclass(frozen=True, slots=True)
class TicketChoice:
    """The player must keep at least ``keep`` of ``tickets`` (and at most ``max_long`` long
    ones, when set)."""

    tickets: tuple[str, ...]
    keep: int
    setup: bool = False
    max_long: int | None = None


@dataclass(frozen=True, slots=True)
class FirstCard:
    """Warehouses & Depots: the player fed a Warehouse and now draws their cards."""


@dataclass(frozen=True, slots=True)
class DepotPlacement:
    """Warehouses & Depots setup: the player places their first Depot on a city."""


@dataclass(frozen=True, slots=True)
class CollectChoice:
    """Warehouses & Depots: the route just claimed reaches Depots; the player may empty their
    owners' Warehouses, one unplaced Depot each."""

    cities: tuple[str, ...]


Pending: TypeAlias = (SecondCard | TunnelPayment | TicketChoice | FirstCard | DepotPlacement
                      | CollectChoice)


@dataclass(frozen=True, slots=True)
class GameState:
    board: Board = field(repr=False)
    players: tuple[PlayerState, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    face_up: tuple[int, ...]
    tickets: tuple[str, ...]  #: the ticket draw pile, top first
    owners: tuple[int, ...]  #: per route (board order): owning player or OPEN
    stations: tuple[tuple[str, int], ...] = ()  #: (city, player) in the order built
    current: int = 0
    pending: Pending | None = None
    setup_offers: tuple[tuple[str, ...], ...] = ()  #: tickets dealt and not yet chosen
    final_turns: int = -1  #: turns left once the end is triggered (-1: not yet)
    turn: int = 0  #: turns completed
    seed: int = 0
    shuffles: int = 0  #: reshuffles so far (each draws from its own seeded Random)
    passes: int = 0  #: consecutive passes (a whole round of them ends the game)
    refreshes: int = 0  #: 3-locomotive refreshes of the face-up row so far
    options: Options = Options()
    warehouses: tuple[Hand, ...] = ()  #: Warehouses & Depots: each player's Warehouse
    depots: tuple[tuple[str, int], ...] = ()  #: placed Depots (city, player)
    depots_left: tuple[int, ...] = ()  #: Depots still beside each player's Warehouse
    last_event: str = ""  #: what the last action did, in words (for logs)

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def player(self) -> PlayerState:
        """The player whose turn (or pending decision) it is."""
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.final_turns == 0

    @property
    def in_setup(self) -> bool:
        return bool(self.setup_offers) or isinstance(self.pending, DepotPlacement)

    @property
    def last_round(self) -> bool:
        return self.final_turns > 0

    def owner(self, route_id: str) -> int:
        return self.owners[self.board.route(route_id).index]

    def route_owners(self) -> dict[str, int]:
        """Claimed routes: ``{route id: player index}``."""
        routes = self.board.routes
        return {routes[i].id: p for i, p in enumerate(self.owners) if p != OPEN}

    def station_owners(self) -> dict[str, int]:
        return dict(self.stations)

    def face_up_names(self) -> tuple[str | None, ...]:
        return tuple(CARD_NAMES[c] if c != NO_CARD else None for c in self.face_up)

    def cards_in_play(self) -> int:
        """Every train card: pile, discards, row, hands, and a tunnel's revealed cards."""
        revealed = len(self.pending.revealed) if isinstance(self.pending, TunnelPayment) else 0
        in_row = sum(1 for c in self.face_up if c != NO_CARD)
        in_hands = sum(sum(p.hand) for p in self.players)
        stored = sum(sum(w) for w in self.warehouses)
        return len(self.deck) + len(self.discard) + in_row + in_hands + revealed + stored

    def depot_owners(self) -> dict[str, int]:
        return dict(self.depots)

    def piece_at(self, city: str) -> str | None:
        """'station' or 'depot' if a piece stands in the city (one piece per city)."""
        if any(c == city for c, _ in self.stations):
            return "station"
        if any(c == city for c, _ in self.depots):
            return "depot"
        return None


def evolve(value: T, **changes: Any) -> T:
    """A copy of a frozen dataclass value with some fields changed: ``dataclasses.replace``
    without its per-call checks (about twice as fast; the engine calls it on every action).
    Unknown field names raise ``TypeError`` like ``replace`` does."""
    cls = type(value)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        _FIELD_SETS[cls] = frozenset(names)
    if not _FIELD_SETS[cls].issuperset(changes):
        unknown = sorted(set(changes) - _FIELD_SETS[cls])
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(value, name))
    return new
