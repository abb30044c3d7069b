"""How often a seat that plays the hint's move wins: every turn, against the greedy and the strong
bot, and as a learner who plays a random legal move one time in five; run by hand, figures go
in the README, never into tests.

    python -m benchmarks.hint_seat                                  # 200 games per row
    python -m benchmarks.hint_seat --games 40 --maps usa --rows hint-greedy --workers 2

Two players. Game ``i`` is dealt with ``simulate.game_seed(seed, i)`` as ``ttr simulate``
deals it, the hint's seat is ``i mod 2`` (seats swapped evenly), each seat draws from its own
generator as in ``simulate.play_game``. The hint's seat plays ``bots.hinting.hint_move`` (the move
the Hint button shows: the expert bot's, or near the end with the plan out of time the claim
that scores most now); the noisy learner, before each decision, plays a random legal move with
chance ``--noise`` (its own generator, so the noise is the same whatever the opponent). A game
counts as won only when the hint's seat alone has the highest total; the rate is given with its
95 % Wilson interval and the margin (the seat's total less the other's) averaged.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from benchmarks.strong_vs_greedy import wilson
from ttr_widgets.bots.hinting import hint_move
from ttr_widgets.bots.levels import choose
from ttr_widgets.bots.simulate import game_seed
from ttr_widgets.rules import load_map
from ttr_widgets.rules.engine import apply, new_game, random_action, score

ROWS = {"hint-greedy": ("greedy", 0.0), "hint-strong": ("strong", 0.0),
        "noisy-greedy": ("greedy", 0.2)}


def one_game(map_name: str, opponent: str, noise: float, seed: int, index: int,
             deep: bool) -> tuple[bool, int, float]:
    """(won, margin, CPU seconds of the hint's moves) of game ``index``."""
    board = load_map(map_name)
    me = index % 2
    names = ["Hint" if i == me else opponent.capitalize() for i in range(2)]
    state = new_game(board, names, game_seed(seed, index))
    rngs = [random.Random(f"ttr-bot:{game_seed(seed, index)}:{i}") for i in range(2)]
    noisy = random.Random(f"noise:{seed}:{index}")
    cpu = 0.0
    while not state.is_over:
        player = state.current
        if player != me:
            action = choose(opponent, state, rngs[player]).action
        elif noise and noisy.random() < noise:
            action = random_action(state, noisy)
        else:
            start = time.process_time()
            action = hint_move(state, rngs[player], deep=deep).action
            cpu += time.process_time() - start
        state = apply(state, action)
    totals = [p.total for p in score(state).players]
    return totals[me] > totals[1 - me], totals[me] - totals[1 - me], cpu


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="index of the first game")
    parser.add_argument("--maps", default="usa,europe")
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--noise", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="the quick hint: the strong bot's move, no playouts near the end")
    args = parser.parse_args(argv)
    deep = not args.quick
    print(f"hint: {'expert' if deep else 'strong'} bot's move, claim now when the plan is out "
          "of time near the end")
    print("map      row           games  won  rate    95% interval     margin  CPU s")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for map_name in args.maps.split(","):
            for row in args.rows.split(","):
                opponent, noise = ROWS[row]
                noise = args.noise if noise else 0.0
                jobs = [(map_name, opponent, noise, args.seed, i, deep)
                        for i in range(args.first, args.first + args.games)]
                start = time.perf_counter()
                results = (list(pool.map(one_game, *zip(*jobs, strict=True))) if pool else
                           [one_game(*job) for job in jobs])
                wins = sum(r[0] for r in results)
                low, high = wilson(wins, len(results))
                margin = statistics.mean(r[1] for r in results)
                cpu = sum(r[2] for r in results)
                print(f"{map_name:8} {row:13} {len(results):5}  {wins:3}  "
                      f"{wins / len(results):5.1%}  {low:5.1%} – {high:5.1%}  {margin:+6.1f}  "
                      f"{cpu:5.0f}   ({time.perf_counter() - start:.0f} s)", flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
