"""Random full games per second: ``ttr simulate`` against bingsoup/ticket-to-ride-ai, side by side.

The peer is the fastest public Python Ticket to Ride engine we measured. Fetch it into a scratch
folder outside this project and give it its own environment (never copy its code here):

    git clone https://github.com/bingsoup/ticket-to-ride-ai /tmp/peer
    python3 -m venv /tmp/peer/.venv && /tmp/peer/.venv/bin/pip install rich
    python benchmarks/engine_vs_peer.py /tmp/peer

Both are measured the way a user meets them, whole process (start-up, imports, every game, the
summary), pinned to one core with ``taskset``, alternately, several rounds:

* peer: ``printf '2\\n<map>\\n9\\n9\\n100\\n' | python game.py`` — 2 players, the map, "Random AI"
  (menu item 9) for both seats, 100 games (its most); without pygame it asks no GUI question;
* ours: ``ttr simulate --map <map> --players 2 --bots random --games 3000 --workers 1 --quiet``.

Prints each run's wall and CPU (user + system) time and games per second, then per map the
medians and their ratio on each clock (wall time is what a user waits; CPU time is steadier on
a machine that other work shares).
Not part of ``make test`` (it takes minutes and measures time).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pinned(cpu: int | None, command: list[str]) -> list[str]:
    if cpu is None or shutil.which("taskset") is None:
        return command
    return ["taskset", "-c", str(cpu), *command]


def timed(command: list[str], **kwargs: object) -> tuple[subprocess.CompletedProcess[str],
                                                          float, float]:
    """Run a whole process; its output, wall seconds and CPU seconds (user + system), as
    ``/usr/bin/time`` reports them."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True,
                          **kwargs)  # type: ignore[call-overload]
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return done, wall, cpu


def run_peer(peer: Path, python: str, map_name: str, games: int, cpu: int | None
             ) -> tuple[float, float]:
    """Wall and CPU seconds for the peer's whole process to play ``games`` random games."""
    answers = f"2\n{map_name}\n9\n9\n{games}\n"
    done, wall, seconds = timed(pinned(cpu, [python, "game.py"]), cwd=peer, input=answers)
    played = done.stdout.count("Starting Game")
    if played != games:
        sys.exit(f"the peer played {played} games, not {games}: check its menu answers")
    return wall, seconds


def run_ours(ttr: str, map_name: str, games: int, cpu: int | None) -> tuple[float, float]:
    """Wall and CPU seconds for ``ttr simulate`` to play ``games`` random 2-player games on
    one worker."""
    command = [ttr, "simulate", "--map", map_name, "--players", "2", "--bots", "random",
               "--games", str(games), "--workers", "1", "--quiet"]
    done, wall, seconds = timed(pinned(cpu, command))
    if not done.stdout.startswith(f"{games} games"):
        sys.exit(f"ttr simulate did not report {games} games:\n{done.stdout}")
    return wall, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("peer", type=Path, help="folder of a checkout of "
                        "bingsoup/ticket-to-ride-ai (see this script's docstring)")
    parser.add_argument("--peer-python", default=None,
                        help="the peer's Python (default: PEER/.venv/bin/python)")
    parser.add_argument("--maps", nargs="+", default=["usa", "europe"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=3000, help="our games per run")
    parser.add_argument("--peer-games", type=int, default=100, help="the peer's games per run")
    parser.add_argument("--cpu", type=int, default=0, help="core to pin both to (-1: none)")
    args = parser.parse_args(argv)
    peer = args.peer.resolve()
    if not (peer / "game.py").is_file():
        parser.error(f"peer: no game.py in {peer}; clone bingsoup/ticket-to-ride-ai there")
    python = args.peer_python or str(peer / ".venv" / "bin" / "python")
    ttr = str(Path(sys.executable).with_name("ttr"))
    cpu = None if args.cpu < 0 else args.cpu
    print(f"whole process, pinned to core {cpu}; peer {args.peer_games} games per run, ours "
          f"{args.games}; {args.rounds} rounds, alternating")
    for map_name in args.maps:
        rates: dict[str, dict[str, list[float]]] = {
            who: {"wall": [], "cpu": []} for who in ("peer", "ours")}
        for round_ in range(1, args.rounds + 1):
            for who in ("peer", "ours"):
                if who == "peer":
                    games = args.peer_games
                    wall, seconds = run_peer(peer, python, map_name, games, cpu)
                else:
                    games = args.games
                    wall, seconds = run_ours(ttr, map_name, games, cpu)
                rates[who]["wall"].append(games / wall)
                rates[who]["cpu"].append(games / seconds)
                print(f"{map_name} round {round_}: {who:<4} {games:5d} games, wall {wall:6.2f} s "
                      f"({games / wall:6.1f} games/s), CPU {seconds:6.2f} s "
                      f"({games / seconds:6.1f} games/s)", flush=True)
        for clock in ("wall", "cpu"):
            peer_median = statistics.median(rates["peer"][clock])
            our_median = statistics.median(rates["ours"][clock])
            print(f"{map_name} {clock.upper():>4} clock: median peer {peer_median:.1f} games/s, "
                  f"ours {our_median:.1f} games/s, ratio {our_median / peer_median:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
