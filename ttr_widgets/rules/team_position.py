"""End-of-game positions of team games, for ``ttr score``.

A team position is a position (see ``rules.position``) with a ``"teams"`` list naming the two
players of each team::

    {"map": "usa", "teams": [["Ann", "Cleo"], ["Ben", "Dev"]],
     "players": [{"name": "Ann", "routes": [...], "tickets": [...]}, ...]}

Each player's ``tickets`` are the tickets they hold at the end; a team's shared tickets (its
ticket holder) may be listed under either teammate. Every problem is one line naming its field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import _Entry, _read, route_named, ticket_named
from ttr_widgets.rules.team_score import TeamHolding, TeamSheet, score_teams
from ttr_widgets.rules.teams import TRAINS

_TOP_KEYS = frozenset({"map", "players", "variant", "description", "teams"})


@dataclass(frozen=True, slots=True)
class TeamPosition:
    board: Board
    teams: tuple[TeamHolding, ...]


def read_team_position(path: str | Path) -> TeamPosition | None:
    """The team position in a file, or None when the file is not a team position (no
    ``"teams"``: read it with ``position.load_position``). Unreadable files are left to that
    reader, which says why."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict) or "teams" not in data:
        return None
    return parse_team_position(data, source=Path(path).name)


def score_team_position(position: TeamPosition) -> TeamSheet:
    return score_teams(position.board, position.teams)


def parse_team_position(data: dict[str, Any], source: str = "<position>") -> TeamPosition:
    """Check a team position and build it; ``PositionError`` with one line (the first problem
    found, its field named) when it does not describe a finished team game."""
    problems: list[str] = []
    unknown = [k for k in data if k not in _TOP_KEYS]
    if unknown:
        problems.append(f"{unknown[0]}: unknown key (expected {', '.join(sorted(_TOP_KEYS))})")
    board, variant, entries = _read({k: v for k, v in data.items() if k != "teams"}, problems)
    if not problems and variant is not None:
        problems.append("variant: team play has no ticket variants (expected null)")
    if not problems and board is not None and entries is not None:
        _check_board(board, problems)
        teams = _teams(data["teams"], entries, problems) if not problems else []
        if not problems:
            _check_routes(board, entries, teams, problems)
        if not problems:
            return TeamPosition(board, tuple(_holding(entries, team) for team in teams))
    raise PositionError(f"{source}: {problems[0] if problems else 'not a team position'}")


def _check_board(board: Board, problems: list[str]) -> None:
    if board.has_stations or any(r.is_ferry for r in board.routes):
        problems.append(f"map: team play uses a map without stations or ferries, not "
                        f"{board.name} (rule team.map)")


def _teams(raw: Any, entries: list[_Entry], problems: list[str]) -> list[tuple[int, int]]:
    """The teams as pairs of player indices: 4 or 6 players, 2 to a team, each in one."""
    index = {e.name: i for i, e in enumerate(entries)}
    if len(index) != len(entries):
        names = [e.name for e in entries]
        twice = next(i for i, n in enumerate(names) if names.index(n) != i)
        problems.append(f"players[{twice}].name: duplicate player name {names[twice]!r}")
        return []
    if len(entries) not in (4, 6):
        problems.append(f"players: {len(entries)} players; team play is for 4 or 6 players in "
                        f"teams of 2 (rule team.players)")
        return []
    if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
        problems.append("teams: expected a list of teams, each a list of 2 player names")
        return []
    teams: list[tuple[int, int]] = []
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
        teams.append((index[team[0]], index[team[1]]))
    for i, entry in enumerate(entries):
        if entry.name not in placed:
            problems.append(f"players[{i}].name: {entry.name} is in no team; every player is "
                            f"in one (rule team.players)")
            return []
    return teams


def _check_routes(board: Board, entries: list[_Entry], teams: list[tuple[int, int]],
                  problems: list[str]) -> None:
    """Ownership by the team rules: each route once, 27 trains each, the parallel-track
    rules of team play, each ticket held once."""
    team_of = {p: t for t, pair in enumerate(teams) for p in pair}
    owner: dict[str, int] = {}
    for i, entry in enumerate(entries):
        for j, rid in enumerate(entry.routes):
            if rid in owner:
                problems.append(f"players[{i}].routes[{j}]: {route_named(board.route(rid))} is "
                                f"already owned by {entries[owner[rid]].name} (rule claim.open)")
                return
            owner[rid] = i
        trains = sum(board.route(r).length for r in entry.routes)
        if trains > TRAINS:
            problems.append(f"players[{i}].routes: {trains} trains used; each player has "
                            f"{TRAINS} (rule team.own-trains)")
            return
    for route in board.routes:
        holders = [owner[r] for r in (route.id, *route.parallel) if r in owner]
        if route.id not in owner or len(holders) < 2:
            continue
        problem = _parallel_problem(route_named(route), holders, team_of, len(entries),
                                    route.stays_open, bool(route.triple))
        if problem:
            i = owner[route.id]
            problems.append(f"players[{i}].routes[{entries[i].routes.index(route.id)}]: "
                            f"{problem}")
            return
    held: dict[str, int] = {}
    for i, entry in enumerate(entries):
        for j, tid in enumerate(entry.tickets):
            if tid in held:
                problems.append(f"players[{i}].tickets[{j}]: {ticket_named(board.ticket(tid))} "
                                f"is already held by {entries[held[tid]].name}")
                return
            held[tid] = i


def _parallel_problem(named: str, holders: list[int], team_of: dict[int, int], players: int,
                      stays_open: bool, triple: bool) -> str | None:
    """What is wrong with the tracks between two cities ``holders`` own, ``named`` being one
    of them (``route_named``)."""
    if len(set(holders)) < len(holders):
        return (f"{named} and another track between the same cities belong to one player "
                "(rule team.parallel-own)")
    if triple:
        if players == 4 and len(holders) > 2:
            return (f"{named} is a third track in use; with 4 players only 2 of the 3 tracks "
                    "are used (rule team.triple-4p)")
        return None
    if players == 4 and not stays_open:
        return (f"{named} is the second track of a double route in use; with 4 players only "
                "one track of a double route is used (rule team.double-4p)")
    if len({team_of[h] for h in holders}) < len(holders):
        return (f"{named} and the other track of its double route belong to one team; a team "
                "may not own both (rule team.double-team)")
    return None


def _holding(entries: list[_Entry], team: tuple[int, int]) -> TeamHolding:
    a, b = entries[team[0]], entries[team[1]]
    return TeamHolding((a.name, b.name), (a.routes, b.routes), (a.tickets, b.tickets))


def team_sheet_dict(position: TeamPosition, sheet: TeamSheet) -> dict[str, Any]:
    """``ttr score --json`` for a team game: each player's routes, each team's score, the
    winning team's players."""
    board = position.board
    players = [{"name": name, "team": list(team.players), "routes_claimed": len(routes),
                "trains_used": sum(board.route(r).length for r in routes),
                "route_points": sum(board.route_points(board.route(r)) for r in routes)}
               for team in position.teams for name, routes in zip(team.players, team.routes,
                                                                   strict=True)]
    return {"players": players, **sheet.to_dict()}
