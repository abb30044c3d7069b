"""What building the play app costs a fresh kernel, with and without plotly's per-value checks.

Run by hand from the repository's root (results go in the README, never into tests)::

    .venv/bin/python -m benchmarks.app_start                  # 7 rounds
    .venv/bin/python -m benchmarks.app_start --rounds 11 --baseline /tmp/old-checkout

Every sample is a fresh Python process, as a visitor's kernel is: it imports the app, then
imports plotly's widget module (which pulls in nbformat and jsonschema: a cost of its own, paid
once per kernel), then builds ``PlayApp()`` (the USA map, you and a greedy bot) twice: the first
build is what a visitor's kernel pays, the second what any later board costs. Each phase is
timed in wall seconds and in the process's CPU seconds.

Each round runs one sample of every variant, in turns, so they share the machine's load:

- **fast** — the board as the kit builds it (``render.unchecked``: plotly's checks skipped
  while the figure is built, on again afterwards);
- **checked** — the same code with ``render.unchecked`` replaced by plotly's checked build;
- **baseline** (with ``--baseline DIR``) — the package found in ``DIR``, unpatched: an older
  checkout (``git worktree add DIR <commit>``), or a copy of ``ttr_widgets`` and ``maps`` with
  some files taken from an older commit.

The table gives the median of each phase over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

PHASES = ("import app", "import plotly widget", "first PlayApp()", "second PlayApp()")
_TOTAL = "a fresh kernel's app (the first three)"


def _timed(action: Callable[[], object]) -> tuple[float, float]:
    """``action()``'s wall and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def _checked_build(kind: Any, spec: Any) -> Any:
    """plotly's own build: every value checked (what ``render.unchecked`` skips)."""
    return kind(spec)


def child(variant: str, path: str | None) -> dict[str, Any]:
    """One sample in this (fresh) process: each phase's (wall, CPU) seconds, and where the
    package came from."""
    if path:
        sys.path.insert(0, path)
    times: dict[str, Any] = {}
    times["import app"] = _timed(lambda: __import__("ttr_widgets.widgets.pages.app"))
    if variant == "checked":
        from ttr_widgets.widgets.board import map_view, render
        render.unchecked = _checked_build  # type: ignore[assignment]
        map_view.unchecked = _checked_build  # type: ignore[assignment]
    times["import plotly widget"] = _timed(lambda: __import__("plotly.graph_objs._figurewidget"))
    from ttr_widgets.widgets.pages.app import PlayApp
    times["first PlayApp()"] = _timed(lambda: PlayApp(seed=1))
    times["second PlayApp()"] = _timed(lambda: PlayApp(seed=2))
    times["package"] = sys.modules["ttr_widgets"].__file__
    return times


def _sample(variant: str, baseline: str | None) -> dict[str, tuple[float, float]]:
    command = [sys.executable, "-m", "benchmarks.app_start", "--child",
               "checked" if variant == "checked" else "plain"]
    if variant == "baseline" and baseline:
        command += ["--path", os.path.abspath(baseline)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    times = json.loads(out.splitlines()[-1])
    package = os.path.dirname(times.pop("package"))
    expected = os.path.join(os.path.abspath(baseline), "ttr_widgets") if variant == "baseline" \
        and baseline else os.path.abspath("ttr_widgets")
    if package != expected:
        raise SystemExit(f"the {variant} sample ran the package in {package}, not {expected}")
    return {k: (v[0], v[1]) for k, v in times.items()}


def _table(samples: dict[str, list[dict[str, tuple[float, float]]]], rounds: int) -> str:
    variants = list(samples)
    head = f"| phase (median of {rounds}, wall s / CPU s) | {' | '.join(variants)} |"
    lines = [head, "|---" * (len(variants) + 1) + "|"]
    for phase in (*PHASES, _TOTAL):
        cells = []
        for variant in variants:
            parts = PHASES[:3] if phase == _TOTAL else (phase,)
            walls = [sum(s[p][0] for p in parts) for s in samples[variant]]
            cpus = [sum(s[p][1] for p in parts) for s in samples[variant]]
            cells.append(f"{statistics.median(walls):.3f} / {statistics.median(cpus):.3f}")
        lines.append(f"| {phase} | {' | '.join(cells)} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=7, help="samples of each variant")
    parser.add_argument("--baseline", metavar="DIR",
                        help="also time the package found in DIR (an older checkout)")
    parser.add_argument("--child", choices=("plain", "checked"), help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child, args.path)))
        return 0
    if args.rounds < 1:
        parser.error(f"--rounds: expected at least 1, not {args.rounds}")
    if args.baseline and not os.path.isdir(os.path.join(args.baseline, "ttr_widgets")):
        parser.error(f"--baseline: no ttr_widgets package in {args.baseline}")
    variants = ["fast", "checked"] + (["baseline"] if args.baseline else [])
    samples: dict[str, list[dict[str, tuple[float, float]]]] = {v: [] for v in variants}
    for round_ in range(args.rounds):
        order = variants if round_ % 2 == 0 else variants[::-1]
        for variant in order:
            samples[variant].append(_sample(variant, args.baseline))
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    print(_table(samples, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
