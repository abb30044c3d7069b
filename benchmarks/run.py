"""Speed figures, run by hand (`make bench`); results go in the README, never into tests.

    python benchmarks/run.py            # everything
    python benchmarks/run.py engine     # random games per second only
    python benchmarks/run.py score      # `ttr score` time only
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ttr_widgets.rules import load_map
from ttr_widgets.rules.engine import apply, new_game, random_action, score

ROOT = Path(__file__).resolve().parent.parent


def random_games_per_second(name: str, players: int, seconds: float = 6.0,
                            scored: bool = True) -> tuple[float, float]:
    """Whole random games (deal, uniformly random legal actions to the end, and, if ``scored``,
    final scoring) on one core: (games per second, average actions per game)."""
    board = load_map(name)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(board, players, games)
        rng = random.Random(games)
        while not state.is_over:
            state = apply(state, random_action(state, rng))
            steps += 1
        if scored:
            score(state)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def engine() -> None:
    print("## Random full games per second (one core)\n")
    print("| map | players | games/s (with final scoring) | games/s (play only) | actions/game |")
    print("|---|---|---|---|---|")
    for name in ("usa", "europe"):
        for players in (2, 4):
            scored, steps = random_games_per_second(name, players)
            bare, _ = random_games_per_second(name, players, scored=False)
            print(f"| {name} | {players} | {scored:.0f} | {bare:.0f} | {steps:.0f} |")


def score_time() -> None:
    print("\n## `ttr score` (subprocess, including Python start-up)\n")
    ttr = Path(sys.executable).with_name("ttr")
    for example in sorted((ROOT / "ttr_widgets" / "examples").glob("*-final.json")):
        runs = []
        for _ in range(7):
            t = time.perf_counter()
            subprocess.run([str(ttr), "score", str(example), "--json"], check=True,
                           capture_output=True)
            runs.append(time.perf_counter() - t)
        print(f"- {example.name}: median {statistics.median(runs) * 1000:.0f} ms over 7 runs")


if __name__ == "__main__":
    which = sys.argv[1:] or ["engine", "score"]
    if "engine" in which:
        engine()
    if "score" in which:
        score_time()
