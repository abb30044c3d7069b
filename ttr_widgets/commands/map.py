"""``ttr map usa|europe|mini|PATH [--json]``: what a map holds.

Without ``--json``, a short summary: counts, routes by length, doubles, tunnels, ferries,
stations and tickets by kind. With ``--json``, the cities, routes and tickets themselves.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.words import LONGEST_TRAIL, bonus_name


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "map", help="summarise a map, or print it as JSON",
        description="A summary of a map (counts, routes by length, doubles, tunnels, ferries, "
                    "tickets by kind), or with --json its cities, routes and tickets.")
    parser.add_argument("map", metavar="MAP",
                        help=f"a built-in map ({', '.join(BUILTIN_MAPS)}) or a map file")
    parser.add_argument("--json", action="store_true", help="print cities, routes and tickets")


def run(args: argparse.Namespace) -> int:
    board = load_map(args.map)
    if args.json:
        print(json.dumps(map_json(board), indent=2, ensure_ascii=False))
    else:
        print(map_text(board))
    return 0


def map_json(board: Board) -> dict[str, Any]:
    """The map as plain JSON data (``color`` is ``"gray"`` for a route of any one colour)."""
    return {
        "name": board.name,
        "cities": [{"name": c.name, "x": c.x, "y": c.y, "display_name": c.display_name}
                   for c in board.cities],
        "routes": [{"id": r.id, "a": r.a, "b": r.b, "length": r.length, "color": r.color,
                    "tunnel": r.tunnel, "ferry_locomotives": r.ferry_locomotives,
                    "double": r.double} for r in board.routes],
        "tickets": [{"id": t.id, "a": t.a, "b": t.b, "points": t.points, "kind": t.kind}
                    for t in board.tickets],
    }


def _count(n: int, word: str, plural: str = "") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def map_text(board: Board) -> str:
    """A short readable summary of a map."""
    rules = board.rules
    spaces = sum(r.length for r in board.routes)
    by_length = Counter(r.length for r in board.routes)
    pairs = sum(1 for r in board.routes if r.double is not None) // 2
    tunnels = [r for r in board.routes if r.tunnel]
    ferries = [r for r in board.routes if r.is_ferry]
    kinds = Counter(t.kind for t in board.tickets)
    stations = (f", {_count(rules.stations, 'station')} each (each unused scores "
                f"{rules.unused_station_points})" if board.has_stations else ", no stations")
    lines = [
        f"{board.title} ({board.name})",
        f"{_count(len(board.cities), 'city', 'cities')}, "
        f"{_count(len(board.routes), 'route')} ({spaces} train spaces), "
        f"{_count(len(board.tickets), 'ticket')}",
        f"Players: {rules.players_min} to {rules.players_max}, {rules.trains} trains each"
        f"{stations}",
        "Routes by length: " + ", ".join(
            f"{n} x {length} ({_count(rules.points_for_length(length), 'point')})"
            for length, n in sorted(by_length.items())),
        f"Gray routes (any one colour): {sum(1 for r in board.routes if r.color == 'gray')}",
        f"Double routes: {_count(pairs, 'pair')}; both tracks are used with "
        f"{rules.double_routes_min_players} or more players",
        f"Tunnels: {len(tunnels)} ({sum(r.length for r in tunnels)} spaces)" if tunnels
        else "Tunnels: none",
        f"Ferries: {len(ferries)} "
        f"({_count(sum(r.ferry_locomotives for r in ferries), 'locomotive symbol')})" if ferries
        else "Ferries: none",
        "Tickets by kind: " + ", ".join(f"{kind} {n}" for kind, n in kinds.items()),
        f"{bonus_name(rules)}: {_count(rules.longest_bonus, 'point')} for the {LONGEST_TRAIL}",
    ]
    return "\n".join(lines)
