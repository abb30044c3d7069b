"""Shared tables under load: how soon a move reaches every other client of its table, and what a
move costs the server.

Run by hand from the repository's root (results go in the README, never into tests)::

    .venv/bin/python -m benchmarks.tables                 # one table of four, then six
    .venv/bin/python -m benchmarks.tables --tables 6 --pace 0.3
    # a class: six tables of four bots, a watcher each, on SQLite then on PostgreSQL (a
    # temporary server like the tests', ttr_widgets.testing.postgres), and on two ttr serve
    # sharing one PostgreSQL (each table's bots on one, its watcher on the other)
    .venv/bin/python -m benchmarks.tables --tables 6 --listeners 1 --store sqlite postgres \
        --servers 1 2
    .venv/bin/python -m benchmarks.tables --database postgresql://user@host/db   # yours

It starts its own ``ttr serve`` (no pre-heated kernel: only the table service is measured),
makes the tables (``ttr table new``), sits four bots at each (``ttr table join --bot strong
--pace P``, a process each, as a class's bots would be) and watches each table from this process
(one ``TableClient`` per table, and one per bot seat listening as that seat's page would). For
every move it records:

- **arrival**: from the moment the server applied the move (the event's ``at``, the server's
  clock, the same machine's) to the moment each client other than the mover has both the event
  and its seat's view after it (this machine's clock): median, 95th percentile and maximum over
  every (move, client) pair;
- **server CPU per move**: the server processes' CPU time over the run, divided by the moves;
- **every game ended** and **in order**: each listener saw the table's end, and every event
  from the first to the last, each once, in order.

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
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from ttr_widgets.tables.client import Link, TableClient, api_get, parse_link
from ttr_widgets.testing.browser import cpu_seconds, running_server
from ttr_widgets.testing.postgres import running_postgres

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
        self.seen: list[int] = []  #: every event's number, as it came
        self.over = False
        self.client = TableClient(link, watch=True, on_message=self.on_message)
        self.seat_name = seat_name

    def on_message(self, message: dict[str, Any]) -> None:
        if message["type"] == "welcome":
            self.seen = []  # a reconnection is told the table's events again
        elif message["type"] == "event":
            self.seen.append(message["seq"])
            if message["kind"] == "move":
                self.applied[message["seq"]] = (message["at"], message["seat"])
        elif message["type"] == "view":
            self.arrivals.setdefault(message["seq"], time.time())
            if message["table"]["status"] == "over":
                self.over = True
                self.client.close()


async def _watch(links: list[Link], per_table: int) -> list[Listener]:
    listeners = [Listener(link, None) for link in links for _ in range(per_table)]
    await asyncio.gather(*(listener.client.run() for listener in listeners))
    return listeners


def run(tables: int, seats: int, pace: float, listeners: int, bot: str, store: str = "sqlite",
        servers: int = 1, database: str | None = None) -> dict[str, Any]:
    """One measurement: ``store`` sqlite (a file) or postgres (``database``, or a temporary
    PostgreSQL); ``servers`` ttr serve on it (PostgreSQL only for more than one): table i's
    bots play through server i, its listeners follow it through the next one."""
    with ExitStack() as stack:
        if store == "sqlite":
            if servers != 1:
                raise SystemExit("--servers: a SQLite file is one server's; give --store "
                                 "postgres")
            tables_at: str = str(Path(stack.enter_context(tempfile.TemporaryDirectory()))
                                 / "tables.sqlite")
        else:
            tables_at = database or stack.enter_context(running_postgres()).database()
        running = [stack.enter_context(running_server(
            ROOT, notebook="click_points.ipynb", preheat=False, log_name=f"bench-tables-{i}",
            tables=tables_at)) for i in range(servers)]
        links = [parse_link(_ttr("table", "new", running[0].base_url, "--map", "usa",
                                 "--seats", str(seats)).splitlines()[-1])
                 for _ in range(tables)]
        plays = [Link(running[i % servers].base_url, link.table) for i, link in enumerate(links)]
        follows = [Link(running[(i + 1) % servers].base_url, link.table)
                   for i, link in enumerate(links)]
        for other in running[1:]:  # the other servers hear of the new tables
            while len(api_get(other.base_url)["tables"]) < tables:
                time.sleep(0.05)
        cpu_before = sum(cpu_seconds(s.process.pid) for s in running)
        started = time.monotonic()
        bots = [subprocess.Popen([sys.executable, "-m", "ttr_widgets.cli", "table", "join",
                                  f"{link.server}voila/render/Play.ipynb?table={link.table}",
                                  "--bot", bot, "--pace", str(pace)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                for link in plays for _ in range(seats)]
        watched = asyncio.run(_watch(follows, listeners))
        for process in bots:
            process.wait(timeout=600)
        elapsed = time.monotonic() - started
        cpu = sum(cpu_seconds(s.process.pid) for s in running) - cpu_before
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
        "store": store, "servers": servers,
        "tables": tables, "seats": seats, "pace": pace, "bot": bot,
        "listeners_per_table": listeners, "moves": total_moves, "seconds": round(elapsed, 1),
        "every_game_ended": all(w.over for w in watched),
        "in_order": all(w.seen == list(range(1, len(w.seen) + 1)) for w in watched),
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
    parser.add_argument("--store", nargs="*", choices=["sqlite", "postgres"],
                        default=["sqlite"], help="where the server keeps its tables: a SQLite "
                        "file, or a temporary PostgreSQL (default sqlite)")
    parser.add_argument("--database", default=None, metavar="URL",
                        help="a PostgreSQL database of yours instead of a temporary one "
                             "(postgresql://user@host/db; implies --store postgres)")
    parser.add_argument("--servers", type=int, nargs="*", default=[1],
                        help="ttr serve processes sharing the PostgreSQL tables (default 1)")
    args = parser.parse_args(argv)
    stores = ["postgres"] if args.database else args.store
    for store in stores:
        for servers in args.servers:
            if store == "sqlite" and servers != 1:
                continue  # a SQLite file is one server's
            for count in args.tables:
                print(json.dumps(run(count, args.seats, args.pace, args.listeners, args.bot,
                                     store, servers, args.database)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
