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

from ttr_widgets.rules.i18n import N_, _, ngettext, pgettext
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules, variant_names
from ttr_widgets.rules.words import and_list, bonus_name


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "map", help=_("summarise a map, or print it as JSON"),
        description=_("A summary of a map (counts, routes by length, doubles, tunnels, ferries, "
                      "tickets by kind), or with --json its cities, routes and tickets."))
    parser.add_argument("map", metavar="MAP",
                        help=_("a built-in map ({maps}) or a map file").format(
                            maps=", ".join(BUILTIN_MAPS)))
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


#: the built-in maps' titles, for the catalogue (a map file of one's own keeps its title)
MAP_TITLES = (
    N_("Ticket to Ride (USA, 2004) with the USA 1910 tickets"),
    N_("Ticket to Ride: Europe (2005) with the Europa 1912 tickets"),
    N_("Mini: six cities, every rule, small enough to check by brute force"),
)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _pairs(n: int) -> str:
    return ngettext("{n} pair", "{n} pairs", n).format(n=n)


def _tickets(n: int) -> str:
    return ngettext("{n} ticket", "{n} tickets", n).format(n=n)


def _kind_name(kind: str) -> str:
    """A ticket kind as said: 'regular' ('ordinaires'), 'long' ('longues'); a deck's own tag
    ('1910-mega') as the map file writes it."""
    names = {"regular": pgettext("ticket kind", "regular"),
             "long": pgettext("ticket kind", "long")}
    return names.get(kind, kind)


def map_text(board: Board) -> str:
    """A short readable summary of a map, in the reader's language."""
    rules = board.rules
    spaces = sum(r.length for r in board.routes)
    by_length = Counter(r.length for r in board.routes)
    pairs = sum(1 for r in board.routes if r.double is not None) // 2
    tunnels = [r for r in board.routes if r.tunnel]
    ferries = [r for r in board.routes if r.is_ferry]
    kinds = Counter(t.kind for t in board.tickets)
    title = _(board.title) if board.title in MAP_TITLES else board.title
    if board.has_stations:
        players = ngettext(
            "Players: {min} to {max}, {trains} trains each, {stations} each (each unused "
            "scores {points})",
            "Players: {min} to {max}, {trains} trains each, {stations} each (each unused "
            "scores {points})", rules.unused_station_points)
    else:
        players = _("Players: {min} to {max}, {trains} trains each, no stations")
    lines = [
        _("{title} ({name})").format(title=title, name=board.name),
        _("{cities}, {routes} ({spaces}), {tickets}").format(
            cities=ngettext("{n} city", "{n} cities", len(board.cities)).format(
                n=len(board.cities)),
            routes=ngettext("{n} route", "{n} routes", len(board.routes)).format(
                n=len(board.routes)),
            spaces=ngettext("{n} train space", "{n} train spaces", spaces).format(n=spaces),
            tickets=_tickets(len(board.tickets))),
        players.format(min=rules.players_min, max=rules.players_max, trains=rules.trains,
                       stations=ngettext("{n} station", "{n} stations", rules.stations).format(
                           n=rules.stations), points=rules.unused_station_points),
        _("Routes by length: {lengths}").format(lengths=", ".join(
            _("{n} x {length} ({points})").format(
                n=n, length=length, points=_points(rules.points_for_length(length)))
            for length, n in sorted(by_length.items()))),
        _("Gray routes (any one colour): {n}").format(
            n=sum(1 for r in board.routes if r.color == "gray")),
        _("Double routes: {pairs}; both tracks are used with {players} or more players").format(
            pairs=_pairs(pairs), players=rules.double_routes_min_players),
        *_team_lines(board),
        _("Tunnels: {n} ({spaces}); {reveal}").format(
            n=len(tunnels), spaces=_spaces(sum(r.length for r in tunnels)),
            reveal=_reveal_text(board, tunnels)) if tunnels else _("Tunnels: none"),
        _("Ferries: {n} ({symbols})").format(n=len(ferries), symbols=ngettext(
            "{n} locomotive symbol", "{n} locomotive symbols",
            sum(r.ferry_locomotives for r in ferries)).format(
                n=sum(r.ferry_locomotives for r in ferries))) if ferries
        else _("Ferries: none"),
        _("Tickets by kind: {kinds}").format(kinds=", ".join(
            _("{kind} {n}").format(kind=_kind_name(kind), n=n) for kind, n in kinds.items())),
        _("{bonus}: {points} for the longest trail").format(
            bonus=bonus_name(rules), points=_points(rules.longest_bonus)),
        *_variant_lines(board),
    ]
    return "\n".join(lines)


def _spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def _variant_lines(board: Board) -> list[str]:
    """The map's ticket variants, one line each: deck, deal and draw, bonuses."""
    names = [n for n in variant_names(board) if n != "base"]
    if not names:
        return []
    lines = [_("Ticket variants (--variant):")]
    for name in names:
        rules = ticket_rules(board, Options(variant=name))
        dealt = rules.deal_long + rules.deal_regular
        bonuses = [b for b, on in ((bonus_name(board.rules), rules.longest_bonus),
                                   (_("Globetrotter"), rules.globetrotter)) if on]
        lines.append(_("  {name} ({title}): {tickets}, {dealt} dealt, keep {keep}; draws of "
                       "{draw}, keep {draw_keep}; {bonuses}").format(
            name=name, title=VARIANTS[name].title, tickets=_tickets(len(rules.all_tickets)),
            dealt=dealt, keep=rules.keep_setup, draw=rules.draw, draw_keep=rules.draw_keep,
            bonuses=and_list(bonuses) if bonuses else _("no bonus")))
    if any(ticket_rules(board, Options(variant=n)).globetrotter for n in names):
        lines.append(_("{globetrotter}: {points} to every player tied for the most completed "
                       "tickets").format(globetrotter=_("Globetrotter"),
                                         points=_points(board.rules.globetrotter_bonus)))
    return lines


def _team_lines(board: Board) -> list[str]:
    """On a map drawn for team play: its doubles with 4 players, its triple routes."""
    if not _team_drawn(board):
        return []
    doubles = [r for r in board.routes if r.double is not None and r.id < r.double]
    open_ = [r.cities_label for r in doubles if r.stays_open]
    lines = []
    if doubles:
        if open_:
            lines.append(ngettext(
                "  in team play: with 4 players only one track of each double is used (except "
                "{n} pair that stays open: {routes}); with 6 both, never both to one team",
                "  in team play: with 4 players only one track of each double is used (except "
                "{n} pairs that stay open: {routes}); with 6 both, never both to one team",
                len(open_)).format(n=len(open_), routes=", ".join(open_)))
        else:
            lines.append(_("  in team play: with 4 players only one track of each double is "
                           "used; with 6 both, never both to one team"))
    triples = [r for r in board.routes if r.triple and r.id < min(r.triple)]
    if triples:
        lines.append(_("Triple routes: {n} ({routes}); in team play 2 of the 3 tracks are used "
                       "with 4 players, all 3 with 6").format(
            n=len(triples), routes=", ".join(r.cities_label for r in triples)))
    return lines


def _reveal_text(board: Board, tunnels: list[Route]) -> str:
    """How many cards a claim of each tunnel turns up: one number for the map, or each count
    with its tunnels when tunnels print their own."""
    by_count: dict[int, list[str]] = {}
    for route in tunnels:
        by_count.setdefault(board.reveal_count(route), []).append(route.cities_label)
    if len(by_count) == 1 and not any(r.reveal for r in tunnels):
        n = next(iter(by_count))
        return ngettext("each turns up {n} card", "each turns up {n} cards", n).format(n=n)
    return _("cards turned up: {counts}").format(counts=pgettext("list", "; ").join(
        _("{cards} on {routes}").format(cards=_cards(n), routes=", ".join(dict.fromkeys(names)))
        for n, names in sorted(by_count.items())))
