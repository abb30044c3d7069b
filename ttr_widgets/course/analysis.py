"""A map as a graph, with networkx: cheapest ticket paths, centrality, bottlenecks, and the routes
bots fight over.

The board is a ``networkx.MultiGraph`` (:func:`board_graph`): cities are nodes, every route is an
edge keyed by its id, carrying its length, colour and id; the two tracks of a double route are
parallel edges. Questions about paths use the simple graph (:func:`simple_graph`): one edge per
pair of neighbouring cities — a *link* — whose length is its shortest track's and whose
``routes`` are its tracks. Links are named by their two cities in board order.

* :func:`ticket_paths`: for every ticket, a cheapest path and its length in trains, how many
  cheapest paths there are, and the worst detour one blocked link forces (``None``: the ticket is
  cut off, the link is a bridge);
* :func:`city_facts`: betweenness weighted by length, routes and neighbours, cut cities;
* :func:`bridges`, :func:`cut_cities`: links and cities whose loss splits the map;
* :func:`link_usage`: how many tickets' cheapest paths use each link (a ticket with ``k``
  cheapest paths gives each of them ``1/k``);
* :func:`map_summary`: the figures that say how crowded a map is;
* :func:`contention`: bot games replayed to learn when each route was claimed
  (:func:`replay_claims`); :func:`shipped_contention` reads the study shipped with the kit
  (``python -m ttr_widgets.course.analysis`` writes it again).

Figures are exact (``Fraction``) where they are ratios of counts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import networkx as nx

from ttr_widgets.rules.bots import BOTS
from ttr_widgets.rules.engine import apply, new_game, score
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board, Ticket
from ttr_widgets.rules.simulate import MAX_STEPS, check_bots, game_seed
from ttr_widgets.rules.state import OPEN, GameState, Options

__all__ = [
    "SHIPPED",
    "CityFacts",
    "Claim",
    "ContentionStudy",
    "LinkUse",
    "MapSummary",
    "PlanAndRace",
    "RouteContention",
    "TicketPath",
    "base_tickets",
    "board_graph",
    "bridge_routes",
    "bridges",
    "city_facts",
    "city_label",
    "contention",
    "cut_cities",
    "earliest",
    "link_label",
    "link_usage",
    "map_name",
    "map_summary",
    "most_claimed",
    "plan_and_race",
    "replay_claims",
    "route_label",
    "shipped_contention",
    "simple_graph",
    "study_source",
    "ticket_label",
    "ticket_paths",
    "traps",
]

Link = tuple[str, str]  #: two neighbouring cities, in board order

SHIPPED = Path(__file__).with_name("contention_data.py")  #: the study the kit ships
STUDY_MAPS = ("usa", "europe")
STUDY_BOTS = ("greedy",) * 4
STUDY_GAMES = 200
STUDY_SEED = 1
DATA_DOC = """The contention study the map-analysis page reads, written by
``python -m ttr_widgets.course.analysis`` (do not edit by hand): for each map, games of four greedy
bots, game ``i`` dealt as ``ttr simulate --seed SEED`` deals it; for each route, the number of
games it was claimed in and the sum of the rounds it was claimed in."""


class AnalysisError(TTRError):
    """An analysis asked of a map, a ticket or a study that cannot answer it."""


# --- words ------------------------------------------------------------------------------------

MAP_NAMES = {"usa": "USA", "europe": "Europe"}


def map_name(board: Board) -> str:
    """``'USA'``, ``'Europe'``; another map by its file name."""
    return MAP_NAMES.get(board.name, board.name)


def city_label(board: Board, name: str) -> str:
    """A city as the board spells it (``'Kobenhavn'`` → ``'København'``)."""
    return board.cities[board.city_index[name]].label


def link_label(board: Board, link: Link) -> str:
    """``'Denver – Kansas City'``."""
    return f"{city_label(board, link[0])} – {city_label(board, link[1])}"


def ticket_label(board: Board, ticket: Ticket) -> str:
    """``'Denver – El Paso (4 points)'``."""
    unit = "point" if ticket.points == 1 else "points"
    return f"{city_label(board, ticket.a)} – {city_label(board, ticket.b)} ({ticket.points} {unit})"


def route_label(board: Board, route_id: str) -> str:
    """``'Denver – Kansas City (4 black, track 2 of 2)'``: the two tracks of a double route
    can be of one colour, so each says which it is (in board order)."""
    r = board.route(route_id)
    track = ""
    if r.double is not None:
        track = f", track {1 + (board.route(r.double).index < r.index)} of 2"
    return f"{city_label(board, r.a)} – {city_label(board, r.b)} ({r.length} {r.color}{track})"


def _link(board: Board, a: str, b: str) -> Link:
    return (a, b) if board.city_index[a] <= board.city_index[b] else (b, a)


# --- graphs -----------------------------------------------------------------------------------

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


# --- tickets ----------------------------------------------------------------------------------

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


# --- cities and links -------------------------------------------------------------------------

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


# --- how crowded a map is ---------------------------------------------------------------------

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


# --- simulated games: when routes are claimed -------------------------------------------------

@dataclass(frozen=True, slots=True)
class Claim:
    """A route claimed on ``turn`` (1-based, counted over all players), in ``round`` (each
    player's ``round``-th turn), by player ``player`` (0-based)."""

    turn: int
    round: int
    player: int
    route_id: str


def replay_claims(board: Board, bots: Sequence[str], seed: int,
                  options: Options | None = None) -> tuple[tuple[Claim, ...], GameState]:
    """Play the game ``simulate.play_game(board, bots, seed)`` plays — the same deal, players'
    names and bots' generators — and note the turn of every claim. Returns the claims in order
    and the final state; each player's claims are their ``routes`` in the game's result."""
    check_bots(bots, board)
    names = [f"{bot.capitalize()} {i + 1}" for i, bot in enumerate(bots)]
    state = new_game(board, names, seed, options)
    rngs = [random.Random(f"ttr-bot:{seed}:{i}") for i in range(len(bots))]
    choosers = [BOTS[b] for b in bots]
    claims: list[Claim] = []
    for _ in range(MAX_STEPS):
        if state.is_over:
            return tuple(claims), state
        player = state.current
        after = apply(state, choosers[player](state, rngs[player]).action)
        for index, (old, new) in enumerate(zip(state.owners, after.owners, strict=True)):
            if old == OPEN and new != OPEN:
                claims.append(Claim(state.turn + 1, state.turn // len(bots) + 1, new,
                                    board.routes[index].id))
        state = after
    raise AnalysisError(f"the game seeded {seed} did not end in {MAX_STEPS} steps")


@dataclass(frozen=True, slots=True)
class RouteContention:
    """Route ``route_id`` was claimed in ``claimed`` of ``games`` games, in rounds adding up to
    ``round_sum``."""

    route_id: str
    label: str  #: ``'Denver – Kansas City (4 black)'``, cities as the board spells them
    games: int
    claimed: int
    round_sum: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.claimed, self.games)

    @property
    def mean_round(self) -> Fraction | None:
        return Fraction(self.round_sum, self.claimed) if self.claimed else None


@dataclass(frozen=True, slots=True)
class ContentionStudy:
    """``games`` bot games on one map (game ``i`` dealt with ``game_seed(seed, i)``, as
    ``ttr simulate --seed`` deals them): every route's claims, and per game on average the
    rounds played, the share of the map's spaces filled and of kept tickets completed."""

    map: str
    bots: tuple[str, ...]
    seed: int
    games: int
    routes: tuple[RouteContention, ...]  #: in board order
    rounds: Fraction
    spaces_filled: Fraction
    tickets_completed: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"map": self.map, "bots": list(self.bots), "seed": self.seed, "games": self.games,
                "rounds": _text(self.rounds), "spaces_filled": _text(self.spaces_filled),
                "tickets_completed": _text(self.tickets_completed),
                "routes": {r.route_id: [r.claimed, r.round_sum] for r in self.routes}}

    @classmethod
    def from_dict(cls, board: Board, data: dict[str, Any]) -> ContentionStudy:
        games = int(data["games"])
        counts = data["routes"]
        missing = [r.id for r in board.routes if r.id not in counts]
        if data["map"] != board.name or missing:
            raise AnalysisError(f"contention study for {data['map']!r} does not fit the "
                                f"{board.name} map (missing {', '.join(missing[:3]) or 'none'})")
        rows = tuple(RouteContention(r.id, route_label(board, r.id), games, *counts[r.id])
                     for r in board.routes)
        return cls(board.name, tuple(data["bots"]), int(data["seed"]), games, rows,
                   Fraction(data["rounds"]), Fraction(data["spaces_filled"]),
                   Fraction(data["tickets_completed"]))


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def contention(board: Board, bots: Sequence[str] = STUDY_BOTS, games: int = STUDY_GAMES,
               seed: int = STUDY_SEED) -> ContentionStudy:
    """Play ``games`` bot games on ``board`` and count when each route was claimed."""
    if games < 1:
        raise AnalysisError("games: ask for at least one game")
    claimed: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    total_rounds = filled = kept = completed = 0
    spaces = sum(r.length for r in board.routes)
    for index in range(games):
        claims, final = replay_claims(board, bots, game_seed(seed, index))
        for claim in claims:
            claimed[claim.route_id] += 1
            rounds[claim.route_id] += claim.round
        total_rounds += -(-final.turn // len(bots))
        filled += sum(board.route(c.route_id).length for c in claims)
        sheet = score(final)
        kept += sum(len(p.tickets) for p in sheet.players)
        completed += sum(1 for p in sheet.players for t in p.tickets if t.completed)
    rows = tuple(RouteContention(r.id, route_label(board, r.id), games, claimed[r.id],
                                 rounds[r.id]) for r in board.routes)
    return ContentionStudy(board.name, tuple(bots), seed, games, rows,
                           Fraction(total_rounds, games), Fraction(filled, games * spaces),
                           Fraction(completed, kept) if kept else Fraction(0))


@dataclass(frozen=True, slots=True)
class PlanAndRace:
    """Do the bots fight over the links cheapest paths use? ``on_paths`` is the mean share of
    games in which a route on some base-game ticket's cheapest path was claimed (over
    ``routes_on`` such routes), ``off_paths`` the same for the other ``routes_off`` routes;
    ``rank_correlation`` is Spearman's between a link's tickets (:func:`link_usage`) and the
    share of games its most claimed track was claimed in (1: the same order)."""

    routes_on: int
    on_paths: Fraction
    routes_off: int
    off_paths: Fraction
    rank_correlation: float


def plan_and_race(board: Board, study: ContentionStudy) -> PlanAndRace:
    usage = link_usage(board, base_tickets(board))
    share = {r.route_id: r.share for r in study.routes}
    on = [share[rid] for row in usage if row.tickets for rid in row.routes]
    off = [share[rid] for row in usage if not row.tickets for rid in row.routes]
    tickets = [float(row.tickets) for row in usage]
    claimed = [float(max(share[rid] for rid in row.routes)) for row in usage]
    return PlanAndRace(len(on), _mean(on), len(off), _mean(off),
                       _correlation(_ranks(tickets), _ranks(claimed)))


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def _ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start:end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation (0 when either side does not vary)."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def most_claimed(study: ContentionStudy, top: int = 10) -> tuple[RouteContention, ...]:
    """The ``top`` routes claimed in the most games (ties: the earlier claimed first)."""
    return tuple(sorted(study.routes, key=lambda r: (-r.claimed, r.mean_round or 0))[:top])


def earliest(study: ContentionStudy, top: int = 10,
             min_share: Fraction = Fraction(1, 4)) -> tuple[RouteContention, ...]:
    """The ``top`` routes with the earliest mean round among those claimed in at least
    ``min_share`` of the games (a route claimed once, early, says little)."""
    often = [r for r in study.routes if r.claimed and r.share >= min_share]
    return tuple(sorted(often, key=lambda r: (r.mean_round, -r.claimed))[:top])


def shipped_contention(map_name: str) -> ContentionStudy:
    """The study shipped with the kit for ``map_name`` (``usa`` or ``europe``)."""
    from . import contention_data

    if map_name not in contention_data.STUDIES:
        raise AnalysisError(f"no contention study shipped for the map {map_name!r}; "
                            f"there are {', '.join(contention_data.STUDIES)}")
    return ContentionStudy.from_dict(load_map(map_name), contention_data.STUDIES[map_name])


def study_source(studies: Sequence[ContentionStudy]) -> str:
    """The text of ``contention_data.py`` for these studies: a module holding one dictionary,
    three routes to a line."""
    lines = [f'"""{DATA_DOC}"""', "", "STUDIES = {"]
    for study in studies:
        data = study.to_dict()
        lines.append(f"    {json.dumps(study.map)}: {{")
        lines += [f"        {json.dumps(key)}: {json.dumps(value)},"
                  for key, value in sorted(data.items()) if key != "routes"]
        lines.append('        "routes": {')
        items = [f"{json.dumps(rid)}: {json.dumps(value)}," for rid, value
                 in data["routes"].items()]
        lines += ["            " + " ".join(items[i:i + 3]) for i in range(0, len(items), 3)]
        lines += ["        },", "    },"]
    return "\n".join([*lines, "}", ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ttr_widgets.course.analysis",
        description="Play the contention study's bot games and write the file the map "
                    "analysis notebook reads.")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="default: %(default)s")
    parser.add_argument("--games", type=int, default=STUDY_GAMES)
    parser.add_argument("--seed", type=int, default=STUDY_SEED)
    args = parser.parse_args(argv)
    try:
        studies = [contention(load_map(m), STUDY_BOTS, args.games, args.seed)
                   for m in STUDY_MAPS]
    except TTRError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    args.out.write_text(study_source(studies), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
