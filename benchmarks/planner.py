"""The ticket planner's speed, run by hand; results go in the README, never into tests.

    python benchmarks/planner.py          # everything
    python benchmarks/planner.py cli      # cold `ttr plan` runs only

1. ``ttr plan`` cold, the whole process (Python start-up, imports, the plan and its
   bottlenecks), for five tickets with ten different cities on USA and on Europe: wall time
   and the CPU time the process used (``getrusage`` of the child), median of 7 runs.
2. In one process, 30 random sets of five tickets per map: the exact plan, then its
   bottlenecks; side by side with the peer, networkx's ``approximation.steiner_tree``
   (Mehlhorn's 2-approximation, networkx's default: one tree over every ticket city): its time
   and how many more trains its network takes than the exact plan.
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
from networkx.algorithms.approximation import steiner_tree

from ttr_widgets.rules import load_map, planner
from ttr_widgets.rules.model import Board

TTR = Path(sys.executable).with_name("ttr")
#: five tickets, ten different cities each
CLI_SETS = {
    "usa": "usa-t01,usa-t02,usa-t07,usa-t16,usa-t24",
    "europe": "eu-t01,eu-t03,eu-t12,eu-t19,eu-t39",
}


def cli(runs: int = 7) -> None:
    print("## `ttr plan --json`, cold, whole process (5 tickets, 10 cities)\n")
    print("| map | wall median | wall min | CPU median |")
    print("|---|---|---|---|")
    for name, tickets in CLI_SETS.items():
        walls, cpus = [], []
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([str(TTR), "plan", "--map", name, "--tickets", tickets, "--json"],
                           check=True, capture_output=True)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        print(f"| {name} | {statistics.median(walls):.2f} s | {min(walls):.2f} s | "
              f"{statistics.median(cpus):.2f} s |")


def _graph(board: Board) -> nx.Graph:
    graph = nx.Graph()
    for route in board.routes:
        graph.add_edge(route.a, route.b, weight=route.length)
    return graph


def in_process(sets: int = 30) -> None:
    print("\n## In one process: 30 random sets of 5 tickets per map\n")
    print("| map | exact plan, median | + bottlenecks, median | networkx Steiner tree, median "
          "| its extra trains: mean / max |")
    print("|---|---|---|---|---|")
    for name in ("usa", "europe"):
        board = load_map(name)
        graph = _graph(board)
        rng = random.Random(1)
        plans, founds, peers, extra = [], [], [], []
        for _ in range(sets):
            tickets = [t.id for t in rng.sample(board.tickets, 5)]
            planner._plan.cache_clear()
            start = time.perf_counter()
            best = planner.plan(board, tickets)
            plans.append(time.perf_counter() - start)
            planner.bottlenecks(board, tickets, base=best)
            founds.append(time.perf_counter() - start)
            cities = {c for t in tickets for c in (board.ticket(t).a, board.ticket(t).b)}
            start = time.perf_counter()
            tree = steiner_tree(graph, cities, weight="weight", method="mehlhorn")
            peers.append(time.perf_counter() - start)
            extra.append(tree.size(weight="weight") - (best.trains or 0))
        print(f"| {name} | {statistics.median(plans) * 1000:.0f} ms | "
              f"{statistics.median(founds) * 1000:.0f} ms | "
              f"{statistics.median(peers) * 1000:.0f} ms | "
              f"{statistics.mean(extra):.1f} / {max(extra):.0f} |")


if __name__ == "__main__":
    chosen = sys.argv[1:] or ["cli", "in_process"]
    for part in chosen:
        {"cli": cli, "in_process": in_process}[part]()
