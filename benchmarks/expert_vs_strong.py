"""How often the expert bot beats the strong bot, and how long it thinks; run by hand, figures
go in benchmarks/results and the README, never into tests.

    python -m benchmarks.expert_vs_strong                        # 100 games per map, 2 players
    python -m benchmarks.expert_vs_strong --games 40 --maps usa

Two players. Game ``i`` is dealt with ``simulate.game_seed(seed, i)`` exactly as ``ttr simulate``
deals it, and the expert bot sits in seat ``i mod 2`` (seats swapped evenly), the strong bot in
the other. A game counts as won only when the expert bot alone has the highest total; the rate
is given with its 95 % Wilson interval. Every expert move is timed in CPU seconds of this
process (``time.process_time``: what the move cost, however busy the machine), over all its
moves and over the moves it searched (the start of a turn with more than one move to weigh);
the moves where it left the strong bot's move are counted. ``--baseline`` plays the same games
with the strong bot in the expert's seat: the expert's margin less the baseline's, game by
game, is its gain on the same deals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from benchmarks.strong_vs_greedy import wilson
from ttr_widgets import bots
from ttr_widgets.bots.expert import DEFAULT, search
from ttr_widgets.bots.simulate import game_seed, play_game
from ttr_widgets.rules import load_map
from ttr_widgets.rules.state import GameState


class _Timed:
    """The expert bot, timing each of its moves."""

    def __init__(self) -> None:
        self.cpu: list[float] = []  #: CPU seconds per move
        self.searched: list[float] = []  #: CPU seconds per move with playouts
        self.switched = 0  #: moves that were not the strong bot's

    def __call__(self, state: GameState, rng: random.Random) -> bots.Choice:
        cpu = time.process_time()
        found = search(state, rng)
        spent = time.process_time() - cpu
        self.cpu.append(spent)
        if found.playouts:
            self.searched.append(spent)
        self.switched += found.best != 0
        return found.choice


def spread(seconds: Sequence[float]) -> str:
    """'12 moves, mean 0.812 s, median …, 95% …, max …' of CPU seconds per move."""
    times = sorted(seconds)
    if not times:
        return "no moves"
    return (f"{len(times)} moves, mean {statistics.fmean(times):.3f} s, median "
            f"{statistics.median(times):.3f} s, 95% {times[int(0.95 * (len(times) - 1))]:.3f} s, "
            f"max {times[-1]:.3f} s")


def run(map_name: str, games: int, seed: int, timed: _Timed, bot: str = "expert",
        first: int = 0) -> tuple[int, float]:
    """(games won, mean margin over the strong bot), a line per game as it goes; ``bot`` sits
    in the expert's seat (``strong``: the baseline, the same games without the search)."""
    board = load_map(map_name)
    wins, margins = 0, []
    for n, i in enumerate(range(first, first + games)):
        seat = i % 2
        seats = ["strong", "strong"]
        seats[seat] = bot
        start = time.process_time()
        result = play_game(board, seats, game_seed(seed, i), i)
        me, other = result.players[seat], result.players[1 - seat]
        wins += result.winners == (me.name,)
        margins.append(me.total - other.total)
        print(f"  game {i:3}: {bot} in seat {seat + 1}, {me.total}–{other.total}, "
              f"{'won' if result.winners == (me.name,) else 'not won'} "
              f"({time.process_time() - start:.0f} CPU s; {wins} won of {n + 1})", flush=True)
        if (n + 1) % 10 == 0:  # the figures so far, should the run be cut short
            print(f"  so far: {wins} won of {n + 1}, margin {statistics.fmean(margins):+.1f}; "
                  f"searched moves: {spread(timed.searched)}; every move: "
                  f"{spread(timed.cpu)}; not the strong bot's: {timed.switched}", flush=True)
    return wins, statistics.fmean(margins)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--first", type=int, default=0, help="the first game's index (to add "
                        "games to a run)")
    parser.add_argument("--baseline", action="store_true",
                        help="the strong bot in the expert's seat: the same games unsearched")
    args = parser.parse_args(argv)
    timed = _Timed()
    bots.BOTS["expert"] = timed
    print(f"expert bot: {DEFAULT}")
    rows = []
    for map_name in args.maps.split(","):
        start = time.process_time()
        wins, margin = run(map_name, args.games, args.seed, timed,
                           "strong" if args.baseline else "expert", args.first)
        low, high = wilson(wins, args.games)
        rows.append(f"{map_name:8} {args.games:5}  {wins:3}  {wins / args.games:5.1%}  "
                    f"{low:5.1%} – {high:5.1%}   {margin:+5.1f}   "
                    f"({time.process_time() - start:.0f} CPU s)")
    print("map      games  won  rate    95% interval   margin")
    print("\n".join(rows))
    print(f"expert bot, CPU, every move: {spread(timed.cpu)}")
    print(f"expert bot, CPU, searched moves: {spread(timed.searched)}")
    print(f"moves not the strong bot's: {timed.switched}")


if __name__ == "__main__":
    main()
