"""A map as a graph, with networkx (the part of ``course.analysis`` that needs no game): the
board as a multigraph and its simple graph of links, cheapest ticket paths and their detours,
traps, city facts, bridges and cut cities, how many tickets use each link, and how crowded a map
is. The names are importable from ``course.analysis`` too."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, pairwise

import networkx as nx

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board, Ticket
from ttr_widgets.rules.words import colour_name

Link = tuple[str, str]  #: two neighbouring cities, in board order


class AnalysisError(TTRError):
    """An analysis asked of a map, a ticket or a study that cannot answer it."""


# --- words ----------------------------------------------------------------------------------------

MAP_NAMES = {"usa": "USA", "europe": "Europe"}


def map_name(board: Board) -> str:
    """``'USA'``, ``'Europe'``; another map by its file name."""
    return MAP_NAMES.get(board.name, board.name)


def city_label(board: Board, name: str) -> str:
    """A city as the board spells it (``'Kobenhavn'`` → ``'København'``)."""
    return board.city_label(name)


def link_label(board: Board, link: Link) -> str:
    """``'Denver – Kansas City'``."""
    return f"{city_label(board, link[0])} – {city_label(board, link[1])}"


def ticket_label(board: Board, ticket: Ticket) -> str:
    """``'Denver – El Paso (4 points)'``."""
    return ngettext("{a} – {b} ({n} point)", "{a} – {b} ({n} points)", ticket.points).format(
        a=city_label(board, ticket.a), b=city_label(board, ticket.b), n=ticket.points)


def route_label(board: Board, route_id: str) -> str:
    """``'Denver – Kansas City (4 black, track 2 of 2)'``: the two tracks of a double route
    can be of one colour, so each says which it is (in board order)."""
    r = board.route(route_id)
    cities = f"{city_label(board, r.a)} – {city_label(board, r.b)}"
    if r.double is None:
        return _("{cities} ({length} {colour})").format(cities=cities, length=r.length,
                                                        colour=colour_name(r.color))
    return _("{cities} ({length} {colour}, track {track} of 2)").format(
        cities=cities, length=r.length, colour=colour_name(r.color),
        track=1 + (board.route(r.double).index < r.index))


def _link(board: Board, a: str, b: str) -> Link:
    return (a, b) if board.city_index[a] <= board.city_index[b] else (b, a)


# --- graphs ---------------------------------------------------------------------------------------

def board_graph(board: Board, route_ids: Iterable[str] | None = None) -> nx.MultiGraph:
    """The board as a multigraph: every city a node (``label``, ``x``, ``y``), every route an
    edge keyed by its id with ``id``, ``length``, ``color``, ``tunnel``, ``ferry_locomotives``.
    Only the routes ``route_ids`` when given (every city stays a node)."""
    graph = nx.MultiGraph(name=board.name)
    for city in board.cities:
        graph.add_node(city.name, label=city.label, x=city.x, y=city.y)
    if route_ids is None:
        routes = list(board.routes)
    else:
        routes = sorted({board.route(rid) for rid in route_ids}, key=lambda r: r.index)
    for r in routes:
        graph.add_edge(r.a, r.b, key=r.id, id=r.id, length=r.length, color=r.color,
                       tunnel=r.tunnel, ferry_locomotives=r.ferry_locomotives)
    return graph


def simple_graph(graph: nx.MultiGraph) -> nx.Graph:
    """One edge per link: ``length`` of its shortest track, ``routes`` the ids of its tracks."""
    simple = nx.Graph(name=graph.graph.get("name", ""))
    simple.add_nodes_from(graph.nodes(data=True))
    for a, b, data in graph.edges(data=True):
        if simple.has_edge(a, b):
            edge = simple.edges[a, b]
            edge["length"] = min(edge["length"], data["length"])
            edge["routes"] = (*edge["routes"], data["id"])
        else:
            simple.add_edge(a, b, length=data["length"], routes=(data["id"],))
    return simple


def _simple(board: Board) -> nx.Graph:
    return simple_graph(board_graph(board))


def cheapest_path(board: Board, a: str, b: str) -> tuple[Link, ...]:
    """The links of a cheapest path from city ``a`` to city ``b`` (each link weighing its
    train spaces; Dijkstra's algorithm), in order; ``AnalysisError`` naming a city not on the
    map or a pair with no path."""
    graph = _simple(board)
    for city in (a, b):
        if city not in graph:
            raise AnalysisError(f"{city!r} is not a city of the {map_name(board)} map")
    try:
        cities = nx.dijkstra_path(graph, a, b, weight="length")
    except nx.NetworkXNoPath:
        raise AnalysisError(f"no path joins {a} and {b}") from None
    return tuple(pairwise(cities))


def link_trains(board: Board, link: Link) -> int:
    """The train spaces of ``link`` (its shortest track)."""
    return int(_simple(board).edges[link]["length"])


# --- tickets --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TicketPath:
    """A ticket's cheapest way across the empty board.

    ``cities`` is one cheapest path and ``routes`` one track of each of its links; ``paths``
    counts the cheapest paths. ``detour`` is the most extra trains a single blocked link of that
    path forces (0 when an equally cheap way remains; ``None`` when blocking ``detour_link``
    cuts the ticket off: a bridge)."""

    ticket_id: str
    label: str  #: ``'Denver – El Paso (4 points)'``
    kind: str
    points: int
    trains: int
    cities: tuple[str, ...]
    routes: tuple[str, ...]
    paths: int
    detour: int | None
    detour_link: Link | None

    @property
    def difficulty(self) -> Fraction:
        """Trains needed per point the ticket pays."""
        return Fraction(self.trains, self.points)

    @property
    def cut_off(self) -> bool:
        return self.detour is None and self.detour_link is not None


def ticket_paths(board: Board, tickets: Iterable[Ticket] | None = None) -> tuple[TicketPath, ...]:
    """Every ticket's cheapest path (all the board's tickets when ``tickets`` is None), in the
    order given."""
    graph = _simple(board)
    return tuple(_ticket_path(board, graph, t) for t in (board.tickets if tickets is None
                                                          else tickets))


def _ticket_path(board: Board, graph: nx.Graph, ticket: Ticket) -> TicketPath:
    try:
        cities = tuple(nx.dijkstra_path(graph, ticket.a, ticket.b, weight="length"))
    except nx.NetworkXNoPath:
        raise AnalysisError(f"ticket {ticket.id}: {ticket.a} and {ticket.b} are not joined on "
                            f"the {board.name} map") from None
    trains = nx.path_weight(graph, list(cities), "length")
    paths = sum(1 for _ in nx.all_shortest_paths(graph, ticket.a, ticket.b, weight="length"))
    detour: int | None = 0
    worst: Link | None = None
    for a, b in pairwise(cities):
        extra = _extra_without(graph, ticket, (a, b), trains)
        if extra is None or (detour is not None and extra > detour):
            detour, worst = extra, _link(board, a, b)
            if extra is None:
                break
    return TicketPath(ticket.id, ticket_label(board, ticket), ticket.kind, ticket.points, trains,
                      cities, tuple(graph.edges[a, b]["routes"][0] for a, b in pairwise(cities)),
                      paths, detour, worst)


def _extra_without(graph: nx.Graph, ticket: Ticket, link: Link, trains: int) -> int | None:
    """Extra trains the ticket needs when ``link`` is blocked; None when it becomes impossible."""
    view = nx.restricted_view(graph, [], [link])
    try:
        return int(nx.dijkstra_path_length(view, ticket.a, ticket.b, weight="length")) - trains
    except nx.NetworkXNoPath:
        return None


def traps(paths: Iterable[TicketPath]) -> tuple[TicketPath, ...]:
    """Tickets that pay fewer points than the trains they need, or that one blocked link cuts
    off or sends round by at least half their points in extra trains; the worst first (cut off,
    then by extra trains per point)."""
    found = [p for p in paths if p.difficulty > 1 or p.cut_off
             or (p.detour is not None and 2 * p.detour >= p.points)]
    return tuple(sorted(found, key=lambda p: (not p.cut_off, -_detour_share(p), p.ticket_id)))


def _detour_share(path: TicketPath) -> Fraction:
    return Fraction(path.detour or 0, path.points)


# --- cities and links -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CityFacts:
    """How central a city is: ``betweenness`` (the share of cheapest paths between other
    cities, in spaces, that pass through it; 0 to 1), its ``routes`` (tracks), ``neighbours``
    (linked cities), and ``cut`` (removing it splits the map: an articulation point)."""

    city: str
    label: str
    betweenness: float
    routes: int
    neighbours: int
    cut: bool


def city_facts(board: Board) -> tuple[CityFacts, ...]:
    """Every city, the most central first (ties in board order)."""
    multi = board_graph(board)
    graph = simple_graph(multi)
    between = nx.betweenness_centrality(graph, weight="length", normalized=True)
    cut = set(nx.articulation_points(graph))
    facts = [CityFacts(c.name, c.label, float(between[c.name]), int(multi.degree(c.name)),
                       int(graph.degree(c.name)), c.name in cut) for c in board.cities]
    return tuple(sorted(facts, key=lambda f: -f.betweenness))


def bridges(board: Board, route_ids: Iterable[str] | None = None) -> tuple[Link, ...]:
    """The links whose loss splits the map (on the simple graph), in board order."""
    graph = simple_graph(board_graph(board, route_ids))
    return tuple(sorted((_link(board, a, b) for a, b in nx.bridges(graph)),
                        key=lambda link: (board.city_index[link[0]], board.city_index[link[1]])))


def bridge_routes(board: Board) -> tuple[str, ...]:
    """The routes (every track) of the map's bridges, for drawing them."""
    return tuple(r.id for r in board.routes if _link(board, r.a, r.b) in set(bridges(board)))


def cut_cities(board: Board, route_ids: Iterable[str] | None = None) -> tuple[str, ...]:
    """The cities whose loss splits the map (articulation points), in board order."""
    graph = simple_graph(board_graph(board, route_ids))
    return tuple(sorted(nx.articulation_points(graph), key=board.city_index.__getitem__))


@dataclass(frozen=True, slots=True)
class LinkUse:
    """A link and the tickets whose cheapest paths use it: ``tickets`` adds, for each ticket,
    the share of its cheapest paths through the link (1 when every cheapest path uses it)."""

    link: Link
    label: str
    length: int
    routes: tuple[str, ...]
    tickets: Fraction
    ticket_ids: tuple[str, ...]


def link_usage(board: Board, tickets: Iterable[Ticket] | None = None) -> tuple[LinkUse, ...]:
    """Every link, the most used by cheapest ticket paths first (ties in board order)."""
    graph = _simple(board)
    use: dict[Link, Fraction] = {}
    users: dict[Link, list[str]] = {}
    for t in board.tickets if tickets is None else tickets:
        found = list(nx.all_shortest_paths(graph, t.a, t.b, weight="length"))
        share = Fraction(1, len(found))
        for path in found:
            for a, b in pairwise(path):
                link = _link(board, a, b)
                use[link] = use.get(link, Fraction(0)) + share
                if t.id not in users.setdefault(link, []):
                    users[link].append(t.id)
    rows = []
    for a, b, data in graph.edges(data=True):
        link = _link(board, a, b)
        rows.append(LinkUse(link, link_label(board, link), data["length"], data["routes"],
                            use.get(link, Fraction(0)), tuple(users.get(link, ()))))
    rows.sort(key=lambda row: (board.route(row.routes[0]).index))
    return tuple(sorted(rows, key=lambda row: -row.tickets))


# --- how crowded a map is -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MapSummary:
    """The figures that compare maps. ``tickets`` are the base game's (the map's own ticket
    kinds); ``overlap`` is the share of pairs of those tickets whose cheapest paths (one each,
    as :func:`ticket_paths` picks) share a link; ``trains_share`` is the trains of ``players``
    players against the map's spaces."""

    map: str
    title: str
    cities: int
    routes: int
    links: int
    double_routes: int
    spaces: int
    trains_per_player: int
    players: int
    bridges: int
    cut_cities: int
    tickets: int
    overlap: Fraction
    mean_ticket_trains: Fraction
    mean_difficulty: Fraction  #: trains needed per point, averaged over the tickets

    @property
    def trains_share(self) -> Fraction:
        return Fraction(self.players * self.trains_per_player, self.spaces)

    @property
    def routes_per_city(self) -> Fraction:
        return Fraction(2 * self.routes, self.cities)

    @property
    def links_per_city(self) -> Fraction:
        return Fraction(2 * self.links, self.cities)


def base_tickets(board: Board) -> tuple[Ticket, ...]:
    """The tickets of the map's base game (its rules' ticket kinds)."""
    return board.tickets_of_kind(*board.rules.ticket_kinds)


def map_summary(board: Board, players: int = 4) -> MapSummary:
    graph = _simple(board)
    tickets = base_tickets(board)
    paths = ticket_paths(board, tickets)
    links = [{_link(board, a, b) for a, b in pairwise(p.cities)} for p in paths]
    pairs = list(combinations(links, 2))
    shared = sum(1 for x, y in pairs if x & y)
    return MapSummary(
        board.name, board.title, len(board.cities), len(board.routes),
        graph.number_of_edges(), sum(1 for r in board.routes if r.double) // 2,
        sum(r.length for r in board.routes), board.rules.trains, players,
        len(bridges(board)), len(cut_cities(board)), len(tickets), Fraction(shared, len(pairs)),
        Fraction(sum(p.trains for p in paths), len(paths)),
        sum((p.difficulty for p in paths), Fraction(0)) / len(paths),
    )
