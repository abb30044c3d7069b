"""Team games for the scoring widgets (the explorer, the ticket scorer): a finished team game read
from a team position (``rules.position``, with its ``"teams"``), its teams' holdings as
``rules.teams`` scores them, and the team rules' check of an edited position.

A team game is kept as a ``Position`` (each player's routes and tickets, team by team) plus its
teams, each the names of its two players: the widgets edit and draw players as they always do,
and ask the core for the teams' score (``LoadedTeamGame.score``) or for what the team rules
refuse (``team_refusal``). No rule is decided here.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.graph import Trail, longest_trail
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import Position, parse_position, position_to_dict
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.teams import TeamHolding, score_teams
from ttr_widgets.rules.words import count
from ttr_widgets.widgets.table.team_table import TEAM_COLORS

__all__ = [
    "LoadedTeamGame",
    "read_team_file",
    "read_team_game",
    "team_colors",
    "team_game",
    "team_holdings",
    "team_refusal",
    "team_results_html",
    "team_standings_html",
    "team_trail",
]

Teams = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class LoadedTeamGame:
    """A finished team game: each player's routes and tickets as a ``Position`` (team by team),
    and the teams, each the names of its two players."""

    position: Position
    teams: Teams
    source: str = ""
    description: str = ""
    kind: str = "team position"
    finished: bool = True
    stats: None = None  #: a position has no history

    def holdings(self) -> tuple[TeamHolding, ...]:
        """What each team holds, as ``rules.teams`` scores it."""
        return team_holdings(self.position, self.teams)

    def score(self) -> ScoreSheet:
        return score_teams(self.position.board, self.holdings())


def team_colors(position: Position, teams: Teams) -> tuple[str, ...]:
    """Each player's colour on the board (in ``position``'s order): teammates in their team's
    two shades, as the team table draws them."""
    seat = {name: (t, i) for t, team in enumerate(teams) for i, name in enumerate(team)}
    return tuple(TEAM_COLORS[seat[h.name][0]][seat[h.name][1]] for h in position.players)


def team_holdings(position: Position, teams: Teams) -> tuple[TeamHolding, ...]:
    """The teams' holdings in ``position`` (players named in ``teams``)."""
    by_name = {h.name: h for h in position.players}
    return tuple(TeamHolding(team, tuple(tuple(sorted(by_name[n].routes)) for n in team),
                             tuple(by_name[n].tickets for n in team))
                 for team in teams)


def team_game(position: Position, source: str = "", description: str = ""
              ) -> LoadedTeamGame:
    """A team position to explore, team by team (a team's shared tickets are listed under its
    players)."""
    players = tuple(position.players[i] for pair in position.teams for i in pair)
    teams = tuple(tuple(position.players[i].name for i in pair) for pair in position.teams)
    return LoadedTeamGame(Position(position.board, players), teams, source, description)


def read_team_game(content: bytes | str, name: str) -> LoadedTeamGame | None:
    """The team game in a file's content, or None when it is not a team position (no
    ``"teams"``: a position or a game record, for ``rules.record.read_game``, which also says
    why a file cannot be read). ``PositionError`` (one line naming the file and the field) for
    a team position the rules refuse."""
    try:
        data = json.loads(content)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(data, dict) or "teams" not in data:
        return None
    description = data.get("description", "")
    return team_game(parse_position(data, source=name), name,
                     description if isinstance(description, str) else "")


def read_team_file(path: str | Path) -> LoadedTeamGame | None:
    """``read_team_game`` on a file; None also when it cannot be read (the game readers say
    why)."""
    try:
        content = Path(path).read_bytes()
    except OSError:
        return None
    return read_team_game(content, Path(path).name)


def team_refusal(position: Position, teams: Teams, *, focus: int | None = None,
                 source: str = "position") -> PositionError | None:
    """Whether a finished team game could look like ``position`` under the team rules
    (``rules.position``'s check), as the error or None. Players are checked in seating
    order except ``focus``, checked last, so that a clash is reported against that player."""
    players = list(position.players)
    if focus is not None:
        players = [*players[:focus], *players[focus + 1:], players[focus]]
    built = [i for i, h in enumerate(players) if h.stations]
    if built:  # a team map has no stations (rule team.map)
        return PositionError(f"{source}: players[{built[-1]}].stations: team play uses a map "
                             "without stations (rule team.map)")
    document: dict[str, Any] = position_to_dict(replace(position, players=tuple(players)))
    document.pop("variant", None)
    document["teams"] = [list(team) for team in teams]
    try:
        parse_position(document, source=source)
    except PositionError as exc:
        return exc
    return None


# ----------------------------------------------------------------------------- the scorer's text


def team_trail(board: Board, holding: TeamHolding) -> Trail:
    """A team's longest trail over both teammates' routes, to draw (rule team.longest; its
    length is the sheet's ``longest_trail``)."""
    return longest_trail(board, [r for routes in holding.routes for r in routes])


def team_results_html(board: Board, sheet: ScoreSheet, holdings: Sequence[TeamHolding],
                      team: int) -> str:
    """One team's score, part by part, for the scorer's side panel: its tickets hit or missed
    against both teammates' routes, the routes of each, the longest trail and both bonuses."""
    score, holding = sheet.players[team], holdings[team]
    lines = [f"<div><b>{html.escape(score.name)}</b> score together (tickets count against "
             "both teammates' routes)</div>",
             f"<div><b>Tickets</b>: {score.tickets_completed} of {len(score.tickets)} "
             f"completed, <b>{score.ticket_points:+d}</b></div>"]
    for t in score.tickets:
        mark, word, colour = ("✔", "hit", "#1d5a2c") if t.completed else ("✘", "miss", "#8a1c12")
        lines.append(f"<div class='ttr-ticket-{word}' style='color:{colour}'>{mark} {word} "
                     f"{html.escape(board.ticket(t.id).cities_label)}: {t.points:+d}</div>")
    each = ", ".join(f"{html.escape(name)} {count(len(routes), 'route')}"
                     for name, routes in zip(holding.players, holding.routes, strict=True))
    lines.append(f"<div><b>Routes</b>: {each}, <b>{score.route_points:+d}</b></div>")
    cities = " – ".join(board.city_label(c) for c in team_trail(board, holding).cities)
    bonus = f", the Asian Express, <b>+{score.longest_bonus}</b>" if score.longest_bonus else ""
    lines.append(f"<div class='ttr-trail'><b>Longest trail</b>: {score.longest_trail} "
                 f"spaces{bonus}</div>")
    if cities:
        lines.append(f"<div style='color:#777'>{html.escape(cities)}</div>")
    if score.globetrotter_bonus:
        lines.append(f"<div><b>Globetrotter</b> (most tickets completed): "
                     f"<b>+{score.globetrotter_bonus}</b></div>")
    return "<div style='font-size:13px;line-height:1.45'>" + "".join(lines) + "</div>"


def team_standings_html(sheet: ScoreSheet) -> str:
    """Every team's total, best first, and the winning team with how any tie was broken."""
    ranked = sorted(sheet.players, key=lambda t: -t.total)
    scores = " · ".join(f"{html.escape(t.name)} {t.total}" for t in ranked)
    return (f"<div style='margin-top:4px'><b>Standings</b>: {scores}<br>"
            f"<span class='ttr-scorer-winner'>★ {html.escape(sheet.reason)}</span></div>")
