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
    ``longest_bonus`` turns the longest-trail bonus on or off (``globetrotter`` the USA 1910
    Globetrotter); ``warehouses`` plays with the Europa 1912 Warehouses & Depots.

    Team play (``rules.teams``) reads the ``team_`` options, each a choice the Team Asia rules
    leave open (``None``: the kit's choice, said in the rule's sentence):
    ``team_six_player_doubles``: with 6 players both tracks of a double may be claimed (True);
    ``team_double_one_per_team``: one team never holds both tracks of a double (True);
    ``team_combined_network``: tickets and the longest path count both teammates' routes
    together (True; False: each player's own routes, a shared ticket by either teammate's);
    ``team_holders_public``: opponents see what the team holders hold (False: only how many);
    ``team_decline_to_hand``: a tunnel given up returns the holder's cards to the hand, as the
    rules' words read (False: each card goes back where it came from).
    ``teams`` plays the game in teams of two (Team Asia rules, ``rules.teams``).
    """

    variant: str | None = None
    deal_long: int | None = None
    deal_regular: int | None = None
    keep_setup: int | None = None
    draw_tickets: int | None = None
    draw_keep: int | None = None
    longest_bonus: bool | None = None
    warehouses: bool = False
    globetrotter: bool | None = None
    team_six_player_doubles: bool | None = None
    team_double_one_per_team: bool | None = None
    team_combined_network: bool | None = None
    team_holders_public: bool | None = None
    team_decline_to_hand: bool | None = None
    teams: bool = False


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    hand: Hand
    trains: int
    stations: int  #: stations not yet built
    tickets: tuple[str, ...] = ()  #: kept tickets
    routes: tuple[str, ...] = ()  #: claimed route ids, in the order claimed
    route_points: int = 0
    #: in a seat's view (``rules.view``): the cards of this hand the seat may not see (the
    #: hand then shows none)
    hidden_cards: int = 0

    def __repr__(self) -> str:
        hidden = f", hidden_cards={self.hidden_cards}" if self.hidden_cards else ""
        return (f"PlayerState(name={self.name!r}, hand={self.hand!r}, trains={self.trains}, "
                f"stations={self.stations}, tickets={self.tickets!r}, routes={self.routes!r}, "
                f"route_points={self.route_points}{hidden})")

    def with_hand(self, hand: Hand) -> PlayerState:
        """The same player holding ``hand`` (the engine's most frequent change, so spelled out
        rather than going through ``evolve``; keep it in step with the fields above)."""
        return PlayerState(self.name, hand, self.trains, self.stations, self.tickets,
                           self.routes, self.route_points, self.hidden_cards)

    @property
    def cards(self) -> dict[str, int]:
        """The hand as ``{'red': 2, 'locomotive': 1}``."""
        return hand_dict(self.hand)

    @property
    def card_count(self) -> int:
        """How many cards the hand holds (in a view, those hidden too)."""
        return sum(self.hand) + self.hidden_cards


@dataclass(frozen=True, slots=True)
class SecondCard:
    """The player took one card and may take a second (no face-up locomotive). In a team game
    ``to`` is where the second card goes: the place the first did not (rule team.draw-split)."""

    to: str = ""


@dataclass(frozen=True, slots=True)
class CardPlacement:
    """Team play: the player drew ``card`` as their first card and, having seen it, says where
    it goes: their hand or the team holder (rule team.draw-first). ``blind``: drawn from the
    pile (another seat's view shows it as ``NO_CARD``)."""

    card: int
    blind: bool


@dataclass(frozen=True, slots=True)
class TunnelPayment:
    """A tunnel's reveal asks for ``extra`` more cards; pay them or decline."""

    route: str
    color: str  #: colour of the offer, 'locomotive' for an all-locomotive offer
    locomotives: int  #: locomotives in the offer
    revealed: tuple[int, ...]
    extra: int
    holder_cards: int = 0  #: team play: the offer's coloured cards from the team holder
    holder_locomotives: int = 0  #: team play: the offer's locomotives from the team holder


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


@dataclass(frozen=True, slots=True)
class ShareChoice:
    """Team play: the player puts one of ``tickets`` (just kept) into the team's ticket holder
    (rule team.tickets-share-on-draw); at setup (rule team.setup-share) the choices stay
    hidden until every player has made theirs."""

    tickets: tuple[str, ...]
    setup: bool = False


Pending: TypeAlias = (SecondCard | TunnelPayment | TicketChoice | FirstCard | DepotPlacement
                      | CollectChoice | CardPlacement | ShareChoice)


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
    holders: tuple[Hand, ...] = ()  #: team play: each team's card holder (team t: seats 2t, 2t+1)
    shared: tuple[tuple[str, ...], ...] = ()  #: team play: each team's ticket holder
    setup_shares: tuple[str, ...] = ()  #: team play: setup shares chosen so far ('' not yet)
    #: a seat's view (``rules.view``): the seat it is for (-1: the whole game)
    seat: int = -1
    holder_sizes: tuple[int, ...] = ()  #: in a view: the cards in each team holder
    warehouse_sizes: tuple[int, ...] = ()  #: in a view: the cards in each Warehouse

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
    def is_view(self) -> bool:
        """Whether this is one seat's view of a game (``rules.view``), not the game itself."""
        return self.seat >= 0

    @property
    def teams(self) -> bool:
        """Whether the game is played in teams of two (``rules.teams``)."""
        return self.options.teams

    @property
    def num_teams(self) -> int:
        return len(self.holders)

    @property
    def team(self) -> int:
        """The team of the player to move (team play)."""
        return self.current // 2

    def team_players(self, team: int) -> tuple[PlayerState, PlayerState]:
        return self.players[2 * team], self.players[2 * team + 1]

    def team_name(self, team: int) -> str:
        """'Ann & Cleo'."""
        return " & ".join(p.name for p in self.team_players(team))

    def team_trains(self, team: int) -> int:
        return sum(p.trains for p in self.team_players(team))

    def holder_count(self, team: int) -> int:
        """How many cards a team holder holds (in a view, also one the seat may not see)."""
        return self.holder_sizes[team] if self.holder_sizes else sum(self.holders[team])

    def warehouse_count(self, player: int) -> int:
        """How many cards a player's Warehouse holds (in a view, face down)."""
        return self.warehouse_sizes[player] if self.warehouse_sizes else sum(
            self.warehouses[player])

    @property
    def in_setup(self) -> bool:
        return bool(self.setup_offers) or isinstance(self.pending, DepotPlacement)

    @property
    def last_round(self) -> bool:
        return self.final_turns > 0

    def moves_again(self, player: int) -> bool:
        """Whether ``player`` has a turn after the one under way (rule end.trigger: once the
        last round starts, the ``final_turns`` turns left, this one included, go round in
        order)."""
        if self.is_over:
            return False
        if not self.last_round:
            return True
        return 0 < (player - self.current) % self.num_players < self.final_turns

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
        """Every train card: pile, discards, row, hands, holders, Warehouses, a tunnel's
        revealed cards and a card drawn but not yet placed."""
        pending = self.pending
        revealed = len(pending.revealed) if isinstance(pending, TunnelPayment) else 0
        placing = 1 if isinstance(pending, CardPlacement) else 0
        in_row = sum(1 for c in self.face_up if c != NO_CARD)
        in_hands = sum(p.card_count for p in self.players)
        stored = sum(self.warehouse_count(p) for p in range(len(self.warehouses)))
        held = sum(self.holder_count(t) for t in range(len(self.holders)))
        return (len(self.deck) + len(self.discard) + in_row + in_hands + revealed + stored
                + held + placing)

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
