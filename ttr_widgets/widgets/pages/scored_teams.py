"""Team games for the scoring widgets (the explorer, the ticket scorer): what they show of a
finished team game beyond a game of players, and the team rules' check of an edited position.

A team game is read like any other (``rules.record.read_game`` / ``load_game``: a team position
or a team game's record) into a ``LoadedGame`` whose ``position.teams`` pairs its players
(``rules.position.Position``); its teams' holdings and score are the core's
(``Position.team_holdings``, ``score_position``). Here: each player's colour (teammates in
their team's two shades, ``table.teams``), the teams' names, the check of an edit
(``team_refusal``), a team's longest trail and the scorer's text for a team. No rule is decided
here.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.graph import Trail, longest_trail
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import Position, check_position
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.teams import TeamHolding
from ttr_widgets.widgets.pages.scorer_view import line, standings_html, ticket_line
from ttr_widgets.widgets.table.teams import pair_colors

__all__ = [
    "Teams",
    "team_colors",
    "team_names",
    "team_of",
    "team_refusal",
    "team_results_html",
    "team_standings_html",
    "team_trail",
]

Teams = tuple[tuple[str, ...], ...]  #: each team as its players' names


def team_names(position: Position) -> Teams:
    """Each team of ``position`` as its players' names (none for a game of players)."""
    return tuple(tuple(position.players[i].name for i in pair) for pair in position.teams)


def team_colors(position: Position) -> tuple[str, ...]:
    """Each player's colour on the board (in ``position``'s order): teammates in their team's
    two shades, as the play table draws them."""
    return pair_colors(len(position.players), position.teams)


def team_of(position: Position, seat: int) -> int:
    """The team (an index into ``position.teams``) of the player in ``seat``."""
    return next(t for t, pair in enumerate(position.teams) if seat in pair)


def team_refusal(position: Position, *, focus: int | None = None,
                 source: str = "position") -> PositionError | None:
    """Whether a finished team game could look like ``position`` under the team rules
    (``rules.position``'s check), as the error or None. Players are checked in seating
    order except ``focus``, checked last, so that a clash is reported against that player."""
    built = [i for i, h in enumerate(position.players) if h.stations]
    if built:  # a team map has no stations (rule team.map)
        return PositionError(f"{source}: players[{built[-1]}].stations: team play uses a map "
                             "without stations (rule team.map)")
    return check_position(position, focus=focus, source=source)


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
    together = _("{team} score together (tickets count against both teammates' routes)")
    lines = [f"<div>{together.format(team=f'<b>{html.escape(score.name)}</b>')}</div>",
             line(_("Tickets"), ngettext(
                 "{done} of {n} completed", "{done} of {n} completed", len(score.tickets))
                 .format(done=score.tickets_completed, n=len(score.tickets)),
                 score.ticket_points)]
    lines += [ticket_line(board, t) for t in score.tickets]
    each = ", ".join(ngettext("{name} {n} route", "{name} {n} routes", len(routes)).format(
        name=name, n=len(routes)) for name, routes in zip(holding.players, holding.routes,
                                                          strict=True))
    lines.append(line(_("Routes"), each, score.route_points))
    cities = " – ".join(board.city_label(c) for c in team_trail(board, holding).cities)
    spaces = ngettext("{n} space", "{n} spaces", score.longest_trail).format(
        n=score.longest_trail)
    if score.longest_bonus:
        spaces = _("{spaces}, the Asian Express").format(spaces=spaces)
    lines.append(line(_("Longest trail"), spaces,
                      score.longest_bonus if score.longest_bonus else None, "ttr-trail"))
    if cities:
        lines.append(f"<div style='color:#777'>{html.escape(cities)}</div>")
    if score.globetrotter_bonus:
        lines.append(line(_("Globetrotter"), _("the most tickets completed"),
                          score.globetrotter_bonus))
    return "<div style='font-size:13px;line-height:1.45'>" + "".join(lines) + "</div>"


def team_standings_html(sheet: ScoreSheet) -> str:
    """Every team's total, best first, and the winning team with how any tie was broken."""
    return standings_html(sheet)
