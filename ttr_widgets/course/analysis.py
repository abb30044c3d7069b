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
* :func:`deck_difficulty`: a ticket deck (a map's base game or one of its variants: the USA
  1910 box's, Europa 1912's) across the empty board, its tickets valued as that deck prints
  them (the 1910 box's reprints are worth less); :func:`deck_difficulties` every deck of a map;
* :func:`contention`: bot games replayed to learn when each route was claimed
  (:func:`replay_claims`); :func:`shipped_contention` reads the study shipped with the kit
  (``python -m ttr_widgets.course.analysis`` writes it again).

Figures are exact (``Fraction``) where they are ratios of counts. The graph part (everything
but the bot games) lives in ``course.map_graph``; every name is importable from here.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ttr_widgets.bots import BOTS
from ttr_widgets.bots.simulate import MAX_STEPS, check_bots, game_seed
from ttr_widgets.course.map_graph import (
    AnalysisError,
    CityFacts,
    LinkUse,
    MapSummary,
    TicketPath,
    base_tickets,
    board_graph,
    bridge_routes,
    bridges,
    city_facts,
    city_label,
    cut_cities,
    link_label,
    link_usage,
    map_name,
    map_summary,
    route_label,
    simple_graph,
    ticket_label,
    ticket_paths,
    traps,
)
from ttr_widgets.rules.engine import apply, new_game, score
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import ticket_deck
from ttr_widgets.rules.state import OPEN, GameState, Options
from ttr_widgets.rules.variants import variant_board, variant_names

__all__ = [
    "SHIPPED",
    "CityFacts",
    "Claim",
    "ContentionStudy",
    "DeckDifficulty",
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
    "deck_difficulties",
    "deck_difficulty",
    "deck_paths",
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


SHIPPED = Path(__file__).with_name("contention_data.py")  #: the study the kit ships
STUDY_MAPS = ("usa", "europe")
STUDY_BOTS = ("greedy",) * 4
STUDY_GAMES = 200
STUDY_SEED = 1
DATA_DOC = """The contention study the map-analysis page reads, written by
``python -m ttr_widgets.course.analysis`` (do not edit by hand): for each map, games of four greedy
bots, game ``i`` dealt as ``ttr simulate --seed SEED`` deals it; for each route, the number of
games it was claimed in and the sum of the rounds it was claimed in."""


# --- ticket decks: how hard each deck's tickets are -------------------------------------------

def deck_paths(board: Board, variant: str | None = None) -> tuple[TicketPath, ...]:
    """Every ticket of ``variant``'s deck (None: the map's base game) and its cheapest path,
    valued as that deck prints it: a deck of the USA 1910 box on its cards, where the reprinted
    tickets are worth less (``variants.variant_board``)."""
    printed = variant_board(board, Options(variant=variant))
    deck = ticket_deck(printed, variant)
    return ticket_paths(printed, (t for t in printed.tickets if deck.admits(t)))


@dataclass(frozen=True, slots=True)
class DeckDifficulty:
    """One ticket deck on the empty board: its tickets' cheapest paths (``paths``, in the
    map's order) and what they add up to. ``trains_per_point`` is all its tickets' trains over
    all their points (above 1: the deck pays less than a point a train); ``traps`` are
    :func:`traps`' picks, ``mean_detour`` what one blocked link costs a ticket."""

    map: str
    variant: str | None  #: None: the map's base game
    title: str  #: the deck as the rules name it: ``'the Mega Game tickets'``
    paths: tuple[TicketPath, ...]

    @property
    def tickets(self) -> int:
        return len(self.paths)

    @property
    def mean_points(self) -> Fraction:
        return Fraction(sum(p.points for p in self.paths), len(self.paths))

    @property
    def mean_trains(self) -> Fraction:
        return Fraction(sum(p.trains for p in self.paths), len(self.paths))

    @property
    def trains_per_point(self) -> Fraction:
        return Fraction(sum(p.trains for p in self.paths), sum(p.points for p in self.paths))

    @property
    def mean_detour(self) -> Fraction:
        """The extra trains the worst single blocked link costs a ticket, on average over the
        tickets it does not cut off."""
        detours = [p.detour for p in self.paths if p.detour is not None]
        return Fraction(sum(detours), len(detours)) if detours else Fraction(0)

    @property
    def traps(self) -> tuple[TicketPath, ...]:
        return traps(self.paths)

    def hardest(self, top: int | None = None) -> tuple[TicketPath, ...]:
        """The ``top`` tickets (None: all) most likely to cost their holder: the traps first,
        the worst first, then the others by trains per point (ties: the longer first)."""
        trapped = self.traps
        others = sorted((p for p in self.paths if p not in trapped),
                        key=lambda p: (-p.difficulty, -p.trains))
        return (*trapped, *others)[:top]


def deck_difficulty(board: Board, variant: str | None = None) -> DeckDifficulty:
    """``variant``'s deck (None: the base game's) across the empty board."""
    paths = deck_paths(board, variant)
    return DeckDifficulty(board.name, variant, ticket_deck(board, variant).description, paths)


def deck_difficulties(board: Board) -> tuple[DeckDifficulty, ...]:
    """Every ticket deck of ``board``: the base game's first, then its variants'."""
    return tuple(deck_difficulty(board, None if name == "base" else name)
                 for name in variant_names(board))


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
    from ttr_widgets.course import contention_data

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
