"""``ttr map usa|europe|mini|PATH [--json]``: what a map holds.

Without ``--json``, a short summary: counts, routes by length, doubles, tunnels (and how many
cards each turns up), ferries, stations and tickets by kind; on a map drawn for team play, its
triple routes and the doubles that stay open with 4 players. With ``--json``, the cities, routes
and tickets themselves.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules, variant_names
from ttr_widgets.rules.words import LONGEST_TRAIL, bonus_name


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "map", help=_("summarise a map, or print it as JSON"),
        description=_("A summary of a map (counts, routes by length, doubles, tunnels, ferries, "
                      "tickets by kind), or with --json its cities, routes and tickets."))
    parser.add_argument("map", metavar="MAP",
                        help=f"a built-in map ({', '.join(BUILTIN_MAPS)}) or a map file")
    parser.add_argument("--json", action="store_true", help=_("print cities, routes and tickets"))


def run(args: argparse.Namespace) -> int:
    board = load_map(args.map)
    if args.json:
        print(json.dumps(map_json(board), indent=2, ensure_ascii=False))
    else:
        print(map_text(board))
    return 0


def map_json(board: Board) -> dict[str, Any]:
    """The map as plain JSON data (``color`` is ``"gray"`` for a route of any one colour).

    On a map drawn for team play (a triple route, a tunnel with its own count, a double that
    stays open), every route also has ``triple`` (the ids of the two other tracks, or ``[]``),
    ``tunnel_cards`` (how many cards a claim turns up; 0 for a route that is not a tunnel) and
    ``stays_open`` (a double whose both tracks stay open with 4 players in team play).
    """
    team = _team_drawn(board)
    return {
        "name": board.name,
        "cities": [{"name": c.name, "x": c.x, "y": c.y, "display_name": c.display_name}
                   for c in board.cities],
        "routes": [_route_json(board, r, team) for r in board.routes],
        "tickets": [{"id": t.id, "a": t.a, "b": t.b, "points": t.points, "kind": t.kind}
                    for t in board.tickets],
    }


def _route_json(board: Board, route: Route, team: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": route.id, "a": route.a, "b": route.b, "length": route.length,
        "color": route.color, "tunnel": route.tunnel,
        "ferry_locomotives": route.ferry_locomotives, "double": route.double}
    if team:
        data.update(triple=list(route.triple), tunnel_cards=board.reveal_count(route),
                    stays_open=route.stays_open)
    return data


def _team_drawn(board: Board) -> bool:
    """Whether the map uses the fields only team play reads (rules team.triple-4p,
    team.tunnel-reveal, team.double-open)."""
    return any(r.triple or r.reveal or r.stays_open for r in board.routes)


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
        *_team_lines(board),
        f"Tunnels: {len(tunnels)} ({sum(r.length for r in tunnels)} spaces)"
        f"{_reveal_text(board, tunnels)}" if tunnels else "Tunnels: none",
        f"Ferries: {len(ferries)} "
        f"({_count(sum(r.ferry_locomotives for r in ferries), 'locomotive symbol')})" if ferries
        else "Ferries: none",
        "Tickets by kind: " + ", ".join(f"{kind} {n}" for kind, n in kinds.items()),
        f"{bonus_name(rules)}: {_count(rules.longest_bonus, 'point')} for the {LONGEST_TRAIL}",
        *_variant_lines(board),
    ]
    return "\n".join(lines)


def _variant_lines(board: Board) -> list[str]:
    """The map's ticket variants, one line each: deck, deal and draw, bonuses."""
    names = [n for n in variant_names(board) if n != "base"]
    if not names:
        return []
    lines = ["Ticket variants (--variant):"]
    for name in names:
        rules = ticket_rules(board, Options(variant=name))
        dealt = rules.deal_long + rules.deal_regular
        bonuses = [b for b, on in ((bonus_name(board.rules), rules.longest_bonus),
                                   ("Globetrotter", rules.globetrotter)) if on]
        lines.append(f"  {name} ({VARIANTS[name].title}): "
                     f"{_count(len(rules.all_tickets), 'ticket')}, {dealt} dealt, keep "
                     f"{rules.keep_setup}; draws of {rules.draw}, keep {rules.draw_keep}; "
                     + (" and ".join(bonuses) if bonuses else "no bonus"))
    if any(ticket_rules(board, Options(variant=n)).globetrotter for n in names):
        lines.append(f"Globetrotter: {_count(board.rules.globetrotter_bonus, 'point')} to every "
                     "player tied for the most completed tickets")
    return lines


def _team_lines(board: Board) -> list[str]:
    """On a map drawn for team play: its doubles with 4 players, its triple routes."""
    if not _team_drawn(board):
        return []
    doubles = [r for r in board.routes if r.double is not None and r.id < r.double]
    open_ = [r.cities_label for r in doubles if r.stays_open]
    lines = []
    if doubles:
        stays = ""
        if open_:
            verb = "stays" if len(open_) == 1 else "stay"
            stays = f" (except {_count(len(open_), 'pair')} that {verb} open: {', '.join(open_)})"
        lines.append(f"  in team play: with 4 players only one track of each double is used{stays};"
                     " with 6 both, never both to one team")
    triples = [r for r in board.routes if r.triple and r.id < min(r.triple)]
    if triples:
        lines.append(f"Triple routes: {len(triples)} "
                     f"({', '.join(r.cities_label for r in triples)}); in team play 2 of the 3 "
                     "tracks are used with 4 players, all 3 with 6")
    return lines


def _reveal_text(board: Board, tunnels: list[Route]) -> str:
    """How many cards a claim of each tunnel turns up: one number for the map, or each count
    with its tunnels when tunnels print their own."""
    by_count: dict[int, list[str]] = {}
    for route in tunnels:
        by_count.setdefault(board.reveal_count(route), []).append(route.cities_label)
    if len(by_count) == 1 and not any(r.reveal for r in tunnels):
        return f"; each turns up {_count(next(iter(by_count)), 'card')}"
    return "; cards turned up: " + "; ".join(
        f"{_count(n, 'card')} on {', '.join(dict.fromkeys(names))}"
        for n, names in sorted(by_count.items()))
