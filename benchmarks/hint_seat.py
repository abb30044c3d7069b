"""How often a seat that plays the hint's move wins: every turn, against the greedy and the strong
bot, and as a learner who plays a random legal move one time in five; run by hand, figures go
in benchmarks/results/hint_seat.md, never into tests.

    python -m benchmarks.hint_seat                                  # 200 games per row
    python -m benchmarks.hint_seat --games 40 --maps usa --rows hint-greedy --workers 2
    python -m benchmarks.hint_seat --rows hint-strong --baseline strong   # paired, strong bot

Two players. Game ``i`` is dealt with ``simulate.game_seed(seed, i)`` as ``ttr simulate``
deals it, the hint's seat is ``i mod 2`` (seats swapped evenly), each seat draws from its own
generator as in ``simulate.play_game`` (so with the strong bot in the hint's seat these are the
games of benchmarks/expert_vs_strong.py). The hint's seat plays ``--seat``: ``hint`` is
``bots.hinting.hint_move`` (the move the Hint button shows), ``quick`` the same without
playouts (``deep=False``), ``strong`` and ``expert`` those bots' moves, all from the seat's view.
The noisy learner, before each decision, plays a random legal move with chance ``--noise`` (its
own generator, so the noise is the same whatever the opponent). A game counts as won only when
the hint's seat alone has the highest total; the rate is given with its 95 % Wilson interval
and the margin (the seat's total less the other's) averaged. ``--baseline`` plays every game
again with another seat kind in the hint's seat (the same deals, generators and noise
generator: the two games are move for move the same until the seats' moves first differ) and
gives the paired gain (margin less the baseline's margin, game by game, ±1.96 standard errors)
and the games won by one and not the other. CPU seconds (``time.process_time``) are counted
per hint move, and over the moves that ran playouts. Each seat's line ends with where its points
came from, averaged: its route, ticket and longest-trail points, the other player's total and the
trains each had left (what the noisy learner's random moves cost, and whom they help).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from math import sqrt

from benchmarks.expert_vs_strong import spread
from benchmarks.strong_vs_greedy import wilson
from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.expert import search
from ttr_widgets.bots.hinting import HINT_SEARCH, hint_move
from ttr_widgets.bots.levels import choose
from ttr_widgets.bots.simulate import game_seed
from ttr_widgets.bots.strong import choose as strong_move
from ttr_widgets.rules import load_map
from ttr_widgets.rules.engine import apply, new_game, random_action, score
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.view import view

ROWS = {"hint-greedy": ("greedy", 0.0), "hint-strong": ("strong", 0.0),
        "noisy-greedy": ("greedy", 0.2)}
KINDS = ("hint", "quick", "strong", "expert")
SLOW = 0.05  #: CPU seconds: a hint move this slow or slower ran playouts


def _seat_move(kind: str, state: GameState, rng: random.Random) -> Choice:
    """The move of seat kind ``kind`` (see the module's docstring), from the seat's view."""
    if kind == "hint":
        return hint_move(state, rng)
    if kind == "quick":
        return hint_move(state, rng, deep=False)
    seen = view(state, state.current)
    if kind == "strong":
        return strong_move(seen, rng)
    if kind == "expert":
        return search(seen, rng).choice
    raise ValueError(f"no seat kind {kind!r}")


@dataclass
class Game:
    """One game's result for the hint's seat."""

    won: bool
    margin: int
    cpu: list[float] = field(default_factory=list)  #: CPU seconds per hint move
    #: where the points came from: the seat's route, ticket and longest-trail points, the
    #: other player's total, and the trains each had left (the seat's, the other's)
    parts: tuple[int, ...] = ()


PARTS = ("routes", "tickets", "longest trail", "other's total", "trains left", "other's trains")


def one_game(map_name: str, opponent: str, noise: float, seed: int, index: int,
             kind: str) -> Game:
    """Game ``index`` with seat kind ``kind`` in the hint's seat."""
    board = load_map(map_name)
    me = index % 2
    names = ["Hint" if i == me else opponent.capitalize() for i in range(2)]
    state = new_game(board, names, game_seed(seed, index))
    rngs = [random.Random(f"ttr-bot:{game_seed(seed, index)}:{i}") for i in range(2)]
    noisy = random.Random(f"noise:{seed}:{index}")
    cpu: list[float] = []
    while not state.is_over:
        player = state.current
        if player != me:
            action = choose(opponent, state, rngs[player]).action
        elif noise and noisy.random() < noise:
            action = random_action(state, noisy)
        else:
            start = time.process_time()
            action = _seat_move(kind, state, rngs[player]).action
            cpu.append(time.process_time() - start)
        state = apply(state, action)
    sheet = score(state).players
    totals = [p.total for p in sheet]
    mine = sheet[me]
    parts = (mine.route_points, mine.ticket_points, mine.longest_bonus, totals[1 - me],
             state.players[me].trains, state.players[1 - me].trains)
    return Game(totals[me] > totals[1 - me], totals[me] - totals[1 - me], cpu, parts)


def _line(map_name: str, row: str, kind: str, games: Sequence[Game], wall: float) -> str:
    wins = sum(g.won for g in games)
    low, high = wilson(wins, len(games))
    margin = statistics.fmean(g.margin for g in games)
    cpu = sum(sum(g.cpu) for g in games)
    return (f"{map_name:8} {row:13} {kind:7} {len(games):5}  {wins:3}  {wins / len(games):5.1%}  "
            f"{low:5.1%} – {high:5.1%}  {margin:+6.1f}  {cpu:6.0f}   ({wall:.0f} s)")


def _paired(games: Sequence[Game], base: Sequence[Game]) -> str:
    gains = [g.margin - b.margin for g, b in zip(games, base, strict=True)]
    half = 1.96 * statistics.stdev(gains) / sqrt(len(gains)) if len(gains) > 1 else 0.0
    only = sum(g.won and not b.won for g, b in zip(games, base, strict=True))
    only_base = sum(b.won and not g.won for g, b in zip(games, base, strict=True))
    differ = sum(gain != 0 for gain in gains)
    return (f"    paired gain {statistics.fmean(gains):+.1f} ± {half:.1f} points; won only by "
            f"the seat {only}, only by the baseline {only_base}; margins differ in {differ} "
            f"of {len(gains)} games")


def both(map_name: str, opponent: str, noise: float, seed: int, index: int,
         kinds: Sequence[str]) -> list[Game]:
    """Game ``index`` once per seat kind in ``kinds``."""
    return [one_game(map_name, opponent, noise, seed, index, kind) for kind in kinds]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--noise", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seat", default="hint", choices=KINDS,
                        help="what the hint's seat plays (hint: the Hint button's move)")
    parser.add_argument("--baseline", default="", choices=("", *KINDS),
                        help="the same games again with this in the hint's seat, paired")
    parser.add_argument("--verbose", action="store_true", help="a line per game")
    args = parser.parse_args(argv)
    kinds = tuple(filter(None, (args.seat, args.baseline)))
    print(f"seat: {args.seat} (hint search {HINT_SEARCH}); baseline: {args.baseline or 'none'}")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for map_name in args.maps.split(","):
            for row in args.rows.split(","):
                opponent, noise = ROWS[row]
                noise = args.noise if noise else 0.0
                jobs = [(map_name, opponent, noise, args.seed, i, kinds)
                        for i in range(args.first, args.first + args.games)]
                start = time.perf_counter()
                games: list[list[Game]] = []
                for i, played in zip(range(args.first, args.first + args.games),
                                     pool.map(both, *zip(*jobs, strict=True)) if pool else
                                     (both(*job) for job in jobs), strict=True):
                    games.append(played)
                    if args.verbose:
                        print(f"  game {i:3}: " + "; ".join(
                            f"{kind} {'won' if g.won else 'not won'} by {g.margin:+d} "
                            f"({sum(g.cpu):.0f} CPU s)" for kind, g in zip(kinds, played,
                                                                          strict=True)),
                              flush=True)
                    if args.verbose and len(games) % 10 == 0 and len(games) < args.games:
                        _report(map_name, row, kinds, games, time.perf_counter() - start)
                _report(map_name, row, kinds, games, time.perf_counter() - start)
    finally:
        if pool is not None:
            pool.shutdown()


def _report(map_name: str, row: str, kinds: Sequence[str], games: Sequence[Sequence[Game]],
            wall: float) -> None:
    """The row's figures over ``games`` (each played once per kind)."""
    print("map      row           seat    games  won  rate    95% interval     margin  CPU s")
    runs = [[g[k] for g in games] for k in range(len(kinds))]
    for kind, run in zip(kinds, runs, strict=True):
        print(_line(map_name, row, kind, run, wall), flush=True)
        every = [c for g in run for c in g.cpu]
        print(f"    CPU per move: {spread(every)}; moves of {SLOW} s or more: "
              f"{spread([c for c in every if c >= SLOW])}", flush=True)
        print("    on average: " + ", ".join(
            f"{name} {statistics.fmean(g.parts[k] for g in run):.1f}"
            for k, name in enumerate(PARTS)), flush=True)
    if len(kinds) == 2:
        print(_paired(runs[0], runs[1]), flush=True)


if __name__ == "__main__":
    main()
