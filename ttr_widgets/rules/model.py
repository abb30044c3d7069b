"""The immutable things a game is made of: cards, cities, routes, tickets and the board.

Train cards are small integers internally (``0..7`` the colours, ``8`` the locomotive) so that a
hand is a tuple of nine counts; everything a person reads uses the colour names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

COLORS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
LOCOMOTIVE = "locomotive"
CARD_NAMES: tuple[str, ...] = (*COLORS, LOCOMOTIVE)
LOCO = 8  #: index of the locomotive in a hand tuple
NUM_CARD_TYPES = 9
CARD_INDEX: Mapping[str, int] = MappingProxyType({name: i for i, name in enumerate(CARD_NAMES)})
GRAY = "gray"
ROUTE_COLORS: tuple[str, ...] = (*COLORS, GRAY)

Hand = tuple[int, ...]  #: nine counts, indexed like CARD_NAMES
EMPTY_HAND: Hand = (0,) * NUM_CARD_TYPES


def card_index(name: str) -> int:
    """The index of a card name (``'red'`` → 0, ``'locomotive'`` → 8)."""
    try:
        return CARD_INDEX[name]
    except KeyError:
        raise ValueError(f"unknown card {name!r}; cards are {', '.join(CARD_NAMES)}") from None


def hand_from(counts: Mapping[str, int]) -> Hand:
    """A hand tuple from ``{'red': 3, 'locomotive': 1}``."""
    hand = [0] * NUM_CARD_TYPES
    for name, n in counts.items():
        if n < 0:
            raise ValueError(f"card count for {name!r} is negative")
        hand[card_index(name)] += n
    return tuple(hand)


def hand_dict(hand: Hand) -> dict[str, int]:
    """The non-zero counts of a hand, by card name."""
    return {CARD_NAMES[i]: n for i, n in enumerate(hand) if n}


@dataclass(frozen=True, slots=True)
class City:
    name: str
    x: float  #: drawing coordinates (projected), not latitude / longitude
    y: float
    display_name: str = ""

    @property
    def label(self) -> str:
        return self.display_name or self.name


@dataclass(frozen=True, slots=True)
class Route:
    id: str
    a: str
    b: str
    length: int
    color: str  #: one of COLORS, or "gray" for any one colour
    tunnel: bool = False
    ferry_locomotives: int = 0
    double: str | None = None  #: id of the parallel track, if any
    index: int = field(default=-1, compare=False)  #: position in Board.routes
    #: the ends as the board spells them ('Zürich' for 'Zurich'); set by the map loader
    labels: tuple[str, str] = field(default=("", ""), compare=False, repr=False)
    #: a tunnel's own number of cards to turn up (Team Asia prints 4, 5 or 6 on each tunnel);
    #: 0: the map's ``tunnel_reveal``
    reveal: int = 0
    triple: tuple[str, ...] = ()  #: ids of the two other tracks of a triple route
    #: team play: both tracks of this double stay open with 4 players (Hong Kong–Canton)
    stays_open: bool = False

    @property
    def parallel(self) -> tuple[str, ...]:
        """The ids of the other tracks between the same two cities (none, one or two)."""
        return (self.double,) if self.double else self.triple

    @property
    def is_ferry(self) -> bool:
        return self.ferry_locomotives > 0

    def other(self, city: str) -> str:
        """The city at the other end from ``city``."""
        return self.b if city == self.a else self.a

    @property
    def cities_label(self) -> str:
        """'Paris–Zürich': the two ends as the board spells them."""
        return f"{self.labels[0] or self.a}–{self.labels[1] or self.b}"

    def __str__(self) -> str:
        return f"{self.cities_label} ({self.length} {self.color})"


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    kind: str  #: regular, long, 1910, 1910-mega, 1912-regular, 1912-long, 1912-big-cities
    big_city: bool = False
    decks: tuple[str, ...] = ()
    #: the cities as the board spells them ('Zürich' for 'Zurich'); set by the map loader
    labels: tuple[str, str] = field(default=("", ""), compare=False, repr=False)
    #: USA: the value printed on the 1910 box's reprint of this card, where it differs
    points_1910: int | None = field(default=None, repr=False)

    @property
    def cities_label(self) -> str:
        """'Zürich–Brindisi': the two cities as the board spells them."""
        return f"{self.labels[0] or self.a}–{self.labels[1] or self.b}"

    def __str__(self) -> str:
        return f"{self.cities_label} ({self.points})"


@dataclass(frozen=True, slots=True)
class TeamRules:
    """Team play's numbers (the Team Asia rules, rule ids ``team.*``): the same on every map
    team games are played on."""

    trains: int = 27  #: each player's own trains (rule team.own-trains)
    hand_cards: int = 4  #: train cards dealt to each player; the holders start empty
    deal: int = 5  #: setup tickets dealt to each player (rule team.setup-tickets) ...
    keep: int = 3  #: ... and kept at least
    draw: int = 4  #: tickets drawn mid-game (rule team.tickets-draw) ...
    draw_keep: int = 1  #: ... and kept at least
    share_max: int = 2  #: tickets one share action moves (rule team.share-action)
    end_trains: int = 4  #: a team's trains together that start the last round (team.end-trigger)
    bonus: int = 10  #: the Asian Express (longest trail) and the Globetrotter, each


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The numbers a map's rules need, as read from its file."""

    players_min: int = 2
    players_max: int = 5
    trains: int = 45
    stations: int = 0
    station_costs: tuple[int, ...] = ()
    unused_station_points: int = 0
    initial_train_cards: int = 4
    face_up: int = 5
    face_up_locomotive_reset: int = 3
    face_up_reset_attempts: int = 3
    initial_tickets: tuple[tuple[str, int], ...] = (("regular", 3),)
    initial_tickets_keep: int = 2
    initial_rejects: str = "bottom"  #: "bottom" of the ticket pile, or back to the "box"
    draw_tickets: int = 3
    draw_tickets_keep: int = 1
    double_routes_min_players: int = 4
    end_trains: int = 2
    tunnel_reveal: int = 0
    route_points: tuple[tuple[int, int], ...] = ((1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15))
    longest_bonus: int = 10
    longest_bonus_name: str = "Longest Continuous Path"
    depots: int = 5  #: Warehouses & Depots (Europa 1912): Depots per player
    depot_bonus: int = 10  #: Warehouses & Depots: points for the most Depots left (rule wd.bonus)
    #: USA 1910: the Globetrotter, to every player tied for the most completed tickets
    globetrotter_bonus: int = 15
    ticket_kinds: tuple[str, ...] = ("regular",)
    team: TeamRules = TeamRules()  #: the numbers of team play, on maps it is played on

    def points_for_length(self, length: int) -> int:
        for n, points in self.route_points:
            if n == length:
                return points
        raise KeyError(length)


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """A map: cities, routes, tickets, the deck and the rules' numbers. Built by ``load_map``."""

    name: str
    title: str
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    deck: Hand
    rules: RuleSet
    big_cities: tuple[str, ...] = ()
    path: str = ""  #: the file a map was loaded from, when not a built-in map
    #: "1910": the tickets carry the values of the USA 1910 box's reprints (``load_map``)
    printing: str = ""
    city_index: Mapping[str, int] = field(default_factory=dict, repr=False)
    route_by_id: Mapping[str, Route] = field(default_factory=dict, repr=False)
    ticket_by_id: Mapping[str, Ticket] = field(default_factory=dict, repr=False)
    routes_at: Mapping[str, tuple[Route, ...]] = field(default_factory=dict, repr=False)

    def __repr__(self) -> str:
        printing = f", printing={self.printing!r}" if self.printing else ""
        return f"load_map({self.path or self.name!r}{printing})"

    def __eq__(self, other: object) -> bool:
        """Two boards are equal when they hold the same map (the same object, usually)."""
        if self is other:
            return True
        if not isinstance(other, Board):
            return NotImplemented
        return (self.name, self.title, self.cities, self.routes, self.tickets, self.deck,
                self.rules, self.big_cities, self.printing) == (
                    other.name, other.title, other.cities, other.routes, other.tickets,
                    other.deck, other.rules, other.big_cities, other.printing)

    def __hash__(self) -> int:
        return hash((self.name, len(self.routes), len(self.tickets)))

    def __copy__(self) -> Board:
        return self  # immutable, like a tuple

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self

    def city_label(self, name: str) -> str:
        """A city's name as the board spells it: 'Zürich' for 'Zurich' (unknown names as
        given)."""
        i = self.city_index.get(name)
        return name if i is None else self.cities[i].label

    def route(self, route_id: str) -> Route:
        try:
            return self.route_by_id[route_id]
        except KeyError:
            raise KeyError(f"no route {route_id!r} on the {self.name} map") from None

    def ticket(self, ticket_id: str) -> Ticket:
        try:
            return self.ticket_by_id[ticket_id]
        except KeyError:
            raise KeyError(f"no ticket {ticket_id!r} on the {self.name} map") from None

    @property
    def has_stations(self) -> bool:
        return self.rules.stations > 0

    def tickets_of_kind(self, *kinds: str) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if t.kind in kinds)

    def route_points(self, route: Route) -> int:
        return self.rules.points_for_length(route.length)

    def reveal_count(self, route: Route) -> int:
        """How many cards a claim of ``route`` turns up: its own count, else the map's
        (0: not a tunnel on this map)."""
        return (route.reveal or self.rules.tunnel_reveal) if route.tunnel else 0
