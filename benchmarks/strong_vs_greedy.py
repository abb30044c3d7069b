"""How often the strong bot beats the greedy bot, and how long it thinks; run by hand, figures
go in the README, never into tests.

    python -m benchmarks.strong_vs_greedy                       # 200 games per map, 2 and 4 players
    python -m benchmarks.strong_vs_greedy --games 400 --maps usa --players 2

Game ``i`` is dealt with ``simulate.game_seed(seed, i)`` exactly as ``ttr simulate`` deals it,
and the strong bot sits in seat ``i mod players``, so every seat gets its share. A game counts
as won only when the strong bot alone has the highest total (a shared win is not a win). The
rate is given with its 95 % Wilson interval. Every strong move is timed, wall-clock
(``time.perf_counter``) and CPU (``time.process_time``: what the move cost this one process,
however busy the machine), and the median, 95th, 99.9th percentile and maximum are printed.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence

from ttr_widgets import bots
from ttr_widgets.bots.simulate import game_seed, play_game
from ttr_widgets.rules import load_map
from ttr_widgets.rules.state import GameState


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


class _Timed:
    """The strong bot, timing each of its moves."""

    def __init__(self) -> None:
        self.times: list[float] = []  #: wall-clock seconds per move
        self.cpu: list[float] = []  #: CPU seconds of this process per move
        self.play = bots.BOTS["strong"]

    def __call__(self, state: GameState, rng: object) -> bots.Choice:
        start, cpu = time.perf_counter(), time.process_time()
        choice = self.play(state, rng)  # type: ignore[arg-type]
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return choice


def run(map_name: str, players: int, games: int, seed: int, timed: _Timed) -> tuple[int, float]:
    """(games won, mean margin over the best greedy bot)."""
    board = load_map(map_name)
    wins, margins = 0, []
    for i in range(games):
        seat = i % players
        seats = ["greedy"] * players
        seats[seat] = "strong"
        result = play_game(board, seats, game_seed(seed, i), i)
        me = result.players[seat]
        wins += result.winners == (me.name,)
        margins.append(me.total - max(p.total for j, p in enumerate(result.players)
                                      if j != seat))
    return wins, statistics.mean(margins)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    timed = _Timed()
    bots.BOTS["strong"] = timed
    print("map      players  games  won  rate    95% interval     fair share  margin")
    for map_name in args.maps.split(","):
        for players in (int(n) for n in args.players.split(",")):
            start = time.perf_counter()
            wins, margin = run(map_name, players, args.games, args.seed, timed)
            low, high = wilson(wins, args.games)
            print(f"{map_name:8} {players:7}  {args.games:5}  {wins:3}  {wins / args.games:5.1%}  "
                  f"{low:5.1%} – {high:5.1%}    {1 / players:5.0%}      {margin:+5.1f}"
                  f"   ({time.perf_counter() - start:.0f} s)", flush=True)
    for what, seconds in (("wall-clock", timed.times), ("CPU", timed.cpu)):
        times = sorted(seconds)
        print(f"strong bot, {what}: {len(times)} moves, median "
              f"{statistics.median(times) * 1000:.1f} ms, 95% "
              f"{times[int(0.95 * (len(times) - 1))] * 1000:.1f} ms, 99.9% "
              f"{times[int(0.999 * (len(times) - 1))] * 1000:.0f} ms, max "
              f"{times[-1] * 1000:.0f} ms per move")


if __name__ == "__main__":
    main()
