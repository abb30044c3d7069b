"""Shared tables under load: how soon a move reaches every other client of its table, and what a
move costs the server.

Run by hand from the repository's root (results go in the README, never into tests)::

    .venv/bin/python -m benchmarks.tables                 # one table of four, then six
    .venv/bin/python -m benchmarks.tables --tables 6 --pace 0.3

It starts its own ``ttr serve`` (no pre-heated kernel: only the table service is measured),
makes the tables (``ttr table new``), sits four bots at each (``ttr table join --bot strong
--pace P``, a process each, as a class's bots would be) and watches each table from this process
(one ``TableClient`` per table, and one per bot seat listening as that seat's page would). For
every move it records:

- **arrival**: from the moment the server applied the move (the event's ``at``, the server's
  clock, the same machine's) to the moment each client other than the mover has both the event
  and its seat's view after it (this machine's clock): median, 95th percentile and maximum over
  every (move, client) pair;
- **server CPU per move**: the server process's CPU time over the run, divided by the moves.

The target (issue "Play together"): 95th percentile ≤ 300 ms with six tables of four on two
cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ttr_widgets.tables.client import Link, TableClient, parse_link
from ttr_widgets.testing.browser import cpu_seconds, running_server

ROOT = Path(__file__).resolve().parents[1] / "tests" / "browser" / "notebooks"


def _ttr(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "ttr_widgets.cli", *args], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout


class Listener:
    """A client of one table that notes when each event, with its view, reached it."""

    def __init__(self, link: Link, seat_name: str | None) -> None:
        self.arrivals: dict[int, float] = {}  #: seq → when the view after it arrived
        self.applied: dict[int, tuple[float, int | None]] = {}  #: seq → (at, mover's seat)
        self.seat: int | None = None
        self.client = TableClient(link, watch=True, on_message=self.on_message)
        self.seat_name = seat_name

    def on_message(self, message: dict[str, Any]) -> None:
        if message["type"] == "event" and message["kind"] == "move":
            self.applied[message["seq"]] = (message["at"], message["seat"])
        elif message["type"] == "view":
            self.arrivals.setdefault(message["seq"], time.time())
            if message["table"]["status"] == "over":
                self.client.close()


async def _watch(links: list[Link], per_table: int) -> list[Listener]:
    listeners = [Listener(link, None) for link in links for _ in range(per_table)]
    await asyncio.gather(*(listener.client.run() for listener in listeners))
    return listeners


def run(tables: int, seats: int, pace: float, listeners: int, bot: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder, running_server(
            ROOT, notebook="click_points.ipynb", preheat=False, log_name="bench-tables",
            tables=Path(folder) / "tables.sqlite") as server:
        links = [parse_link(_ttr("table", "new", server.base_url, "--map", "usa", "--seats",
                                 str(seats)).splitlines()[-1]) for _ in range(tables)]
        cpu_before = cpu_seconds(server.process.pid)
        started = time.monotonic()
        bots = [subprocess.Popen([sys.executable, "-m", "ttr_widgets.cli", "table", "join",
                                  f"{link.server}voila/render/Play.ipynb?table={link.table}",
                                  "--bot", bot, "--pace", str(pace)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                for link in links for _ in range(seats)]
        watched = asyncio.run(_watch(links, listeners))
        for process in bots:
            process.wait(timeout=600)
        elapsed = time.monotonic() - started
        cpu = cpu_seconds(server.process.pid) - cpu_before
    delays = []
    moves = 0
    for listener in watched:
        for seq, (at, _mover) in listener.applied.items():
            arrived = listener.arrivals.get(seq)
            if arrived is not None:
                delays.append(arrived - at)
        moves = max(moves, len(listener.applied))
    total_moves = sum(len(w.applied) for w in watched[::listeners])
    delays.sort()
    return {
        "tables": tables, "seats": seats, "pace": pace, "bot": bot,
        "listeners_per_table": listeners, "moves": total_moves, "seconds": round(elapsed, 1),
        "arrival_ms": {"median": round(1000 * statistics.median(delays), 1),
                       "p95": round(1000 * delays[int(0.95 * (len(delays) - 1))], 1),
                       "max": round(1000 * delays[-1], 1), "samples": len(delays)},
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, total_moves), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[1, 6])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--pace", type=float, default=0.3)
    parser.add_argument("--listeners", type=int, default=5,
                        help="clients watching each table besides its bots (pages, watchers)")
    parser.add_argument("--bot", default="strong")
    args = parser.parse_args(argv)
    for count in args.tables:
        print(json.dumps(run(count, args.seats, args.pace, args.listeners, args.bot)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
