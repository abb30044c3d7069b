"""The rules a finished game's position must satisfy, between its players: the player count and
names, who owns each route (once, and the tracks of double and triple routes as the engine
closes them: ``legal.track_closed``), the trains each used, stations and tickets; in a team
game the teams themselves (``team_pairs``) and the team rules of parallel tracks.

Each check appends to ``problems`` one line naming the field in trouble and the rule it breaks
(``players[1].routes[3]: route 'usa-031' (Denver–Helena, 4 red) is already owned by Ann (rule
claim.open)``); ``position.parse_position`` reads the file into ``Entry`` values and asks
``check_game`` once every field is well formed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ttr_widgets.rules import teams as team_play
from ttr_widgets.rules.legal import track_closed
from ttr_widgets.rules.model import Board, Route, Ticket
from ttr_widgets.rules.state import OPEN, Options
from ttr_widgets.rules.words import count, map_title

__all__ = ["Entry", "check_game", "route_named", "team_pairs", "ticket_named"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One player as written in the file (lists keep their order, for error places)."""

    name: str
    routes: tuple[str, ...]
    tickets: tuple[str, ...]
    stations: tuple[str, ...]
    depots_left: int | None = None


def check_game(board: Board, players: list[Entry], problems: list[str],
               pairs: Sequence[tuple[int, int]] = ()) -> None:
    """Rules across players, once every field is well formed: player count, names, route
    ownership, the tracks of double (and triple) routes, trains, stations and tickets; in a
    team game (``pairs``) by the team rules."""
    rules = board.rules
    if not pairs and not rules.players_min <= len(players) <= rules.players_max:
        problems.append(f"players: {len(players)} player{'s' * (len(players) != 1)}; the "
                        f"{board.name} map is played by {rules.players_min} to "
                        f"{rules.players_max}")
    seen_names: set[str] = set()
    for i, entry in enumerate(players):
        if entry.name in seen_names:
            problems.append(f"players[{i}].name: duplicate player name {entry.name!r}")
        seen_names.add(entry.name)
    _check_routes(board, players, problems, pairs)
    _check_stations(board, players, problems)
    _check_tickets(board, players, problems)


def _check_routes(board: Board, players: list[Entry], problems: list[str],
                  pairs: Sequence[tuple[int, int]]) -> None:
    owner: dict[str, int] = {}
    trains, rule = (board.rules.team.trains, "team.own-trains") if pairs else \
        (board.rules.trains, "setup.trains")
    for i, entry in enumerate(players):
        for j, rid in enumerate(entry.routes):
            problem = _route_problem(board, players, i, rid, owner, bool(pairs))
            if problem:
                problems.append(f"players[{i}].routes[{j}]: {problem}")
            owner.setdefault(rid, i)
        used = sum(board.route(rid).length for rid in set(entry.routes))
        if used > trains:
            problems.append(f"players[{i}].routes: {used} trains used; each player has "
                            f"{trains} (rule {rule})")
    if pairs and not problems:
        _check_team_tracks(board, players, owner, pairs, problems)


def _route_problem(board: Board, players: list[Entry], i: int, rid: str,
                   owner: Mapping[str, int], teams: bool) -> str | None:
    """What is wrong with player ``i`` owning route ``rid`` given the owners so far (the
    tracks of a team game are checked once all are known: ``_check_team_tracks``)."""
    route = board.route(rid)
    twin = route.double
    if owner.get(rid) == i:
        return f"{route_named(route)} is listed twice"
    if rid in owner:
        return (f"{route_named(route)} is already owned by {players[owner[rid]].name} "
                "(rule claim.open)")
    if teams or twin is None or twin not in owner:
        return None
    owners = [OPEN] * len(board.routes)
    owners[board.route(twin).index] = owner[twin]
    rule = track_closed(board, Options(), len(players), route, owners, i)
    if rule is None:
        return None
    other = board.route(twin)
    if rule == "claim.double-own":
        return (f"{route_named(route)} and {route_named(other)} are the two tracks of one "
                "double route; no player may own both (rule claim.double-own)")
    return (f"{route_named(route)} is the other track of {route_named(other)}, owned by "
            f"{players[owner[twin]].name}; with {len(players)} players only one track of a "
            f"double route is used (rule {rule})")


#: a team position's track refusals: what is wrong, by the rule that says so
_TEAM_TRACKS = {
    "team.parallel-own": "{named} and another track between the same cities belong to one "
                         "player",
    "team.triple-4p": "{named} is a third track in use; with 4 players only 2 of the 3 tracks "
                      "are used",
    "team.double-4p": "{named} is the second track of a double route in use; with 4 players "
                      "only one track of a double route is used",
    "team.double-team": "{named} and the other track of its double route belong to one team; "
                        "a team may not own both",
}


def _check_team_tracks(board: Board, players: list[Entry], owner: Mapping[str, int],
                       pairs: Sequence[tuple[int, int]], problems: list[str]) -> None:
    """Every track of a team game could have been claimed last by its owner
    (``legal.track_closed``, the engine's own rule), teams seated as ``pairs`` say."""
    seat = {p: 2 * t + k for t, pair in enumerate(pairs) for k, p in enumerate(pair)}
    options = Options(teams=True)
    for route in board.routes:
        if route.id not in owner or not route.parallel:
            continue
        seats = [OPEN] * len(board.routes)
        for rid in route.parallel:
            if rid in owner:
                seats[board.route(rid).index] = seat[owner[rid]]
        rule = track_closed(board, options, len(players), route, seats, seat[owner[route.id]])
        if rule is not None:
            i = owner[route.id]
            named = _TEAM_TRACKS[rule].format(named=route_named(route))
            problems.append(f"players[{i}].routes[{players[i].routes.index(route.id)}]: "
                            f"{named} (rule {rule})")
            return


def team_pairs(board: Board, raw: Any, variant: str | None, entries: list[Entry],
               problems: list[str]) -> list[tuple[int, int]]:
    """The teams as pairs of player indices: 4 or 6 players, 2 to a team, each in one, on a
    team board and with its own tickets; the first problem only."""
    refusal = team_play.map_refusal(board)
    if refusal is not None:
        problems.append(f"map: team play uses a map without stations or ferries, not "
                        f"{board.name} (rule team.map)")
        return []
    if variant is not None:
        problems.append("variant: team play has no ticket variants (expected null)")
        return []
    index = {e.name: i for i, e in enumerate(entries)}
    if len(index) == len(entries) and len(entries) not in team_play.PLAYERS:
        problems.append(f"players: {len(entries)} players; team play is for 4 or 6 players in "
                        f"teams of 2 (rule team.players)")
        return []
    if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
        problems.append("teams: expected a list of teams, each a list of 2 player names")
        return []
    pairs: list[tuple[int, int]] = []
    placed: dict[str, int] = {}
    for t, team in enumerate(raw):
        if len(team) != 2:
            problems.append(f"teams[{t}]: a team has 2 players, not {len(team)} "
                            f"(rule team.players)")
            return []
        for j, name in enumerate(team):
            if not isinstance(name, str) or name not in index:
                problems.append(f"teams[{t}][{j}]: no player named {name!r} in players")
                return []
            if name in placed:
                problems.append(f"teams[{t}][{j}]: {name} is already in teams[{placed[name]}]"
                                f"; each player is in one team")
                return []
            placed[name] = t
        pairs.append((index[team[0]], index[team[1]]))
    for i, entry in enumerate(entries):
        if entry.name not in placed:
            problems.append(f"players[{i}].name: {entry.name} is in no team; every player is "
                            f"in one (rule team.players)")
            return []
    return pairs


def route_named(route: Route) -> str:
    """A route in a file's refusal: its id, the file's own word, then its name
    ("route 'usa-031' (Denver–Helena, 4 red)"); the scorer shows the name alone."""
    return f"route {route.id!r} ({route.cities_label}, {route.length} {route.color})"


def ticket_named(ticket: Ticket) -> str:
    """A ticket in a file's refusal: its id, then its name ("ticket 'usa-t24' (Denver–El Paso,
    4 points)"); the scorer shows the name alone."""
    return f"ticket {ticket.id!r} ({ticket.cities_label}, {count(ticket.points, 'point')})"


def _check_stations(board: Board, players: list[Entry], problems: list[str]) -> None:
    built: dict[str, int] = {}
    for i, entry in enumerate(players):
        place = f"players[{i}].stations"
        if entry.stations and not board.has_stations:
            problems.append(f"{place}: the {map_title(board.name)} map has no stations "
                            "(rule station.map)")
            continue
        if len(entry.stations) > board.rules.stations:
            problems.append(f"{place}: {len(entry.stations)} stations; each player has "
                            f"{board.rules.stations} (rule station.limit)")
        for j, city in enumerate(entry.stations):
            if built.get(city) == i:
                problems.append(f"{place}[{j}]: {city} is listed twice; a city holds one "
                                f"station at most (rule station.one-per-city)")
            elif city in built:
                problems.append(f"{place}[{j}]: {city} already holds {players[built[city]].name}"
                                f"'s station; a city holds one at most "
                                f"(rule station.one-per-city)")
            built.setdefault(city, i)


def _check_tickets(board: Board, players: list[Entry], problems: list[str]) -> None:
    holder: dict[str, int] = {}
    for i, entry in enumerate(players):
        for j, tid in enumerate(entry.tickets):
            if holder.get(tid) == i:
                problems.append(f"players[{i}].tickets[{j}]: "
                                f"{ticket_named(board.ticket(tid))} is listed twice")
            elif tid in holder:
                problems.append(f"players[{i}].tickets[{j}]: {ticket_named(board.ticket(tid))} "
                                f"is already held by {players[holder[tid]].name}")
            holder.setdefault(tid, i)
