"""The final score: one column per player — routes, every ticket hit or missed, stations, the
longest trail and its bonus, the Globetrotter (a game of the USA 1910 box that plays it), the
Depot bonus (Warehouses & Depots), the total — the winner and how ties were broken.

The sheet is ``rules.engine.score(state)`` (``scoring.score_game`` under the hood); buttons
highlight a player's longest trail on the board. A team game's sheet has a line a team
(``ScoreSheet.teams``): routes, tickets, the longest trail with the Asian Express bonus, the
Globetrotter bonus and the total, a row each, and each team's tickets hit or missed under it.
Below them, the statistics of the game (``stats_view.StatsView``: cards, tickets, turns … and a
chart comparing the players), shown by ``show_stats`` and cleared with the sheet.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet, StationBorrow
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.stats import GameStats
from ttr_widgets.rules.variants import ticket_rules
from ttr_widgets.rules.words import bonus_name, count, possessive, win_verb
from ttr_widgets.widgets.plots.stats_view import StatsView
from ttr_widgets.widgets.table.teams import TEAM_COLORS, team_label

__all__ = ["ScoringView", "longest_trail_routes", "score_table_html", "team_score_html"]

Highlight = Callable[[Sequence[str], str], object]


def longest_trail_routes(sheet: ScoreSheet) -> tuple[str, ...]:
    """The routes of every longest trail that earned the bonus (each tied player's)."""
    routes: list[str] = []
    for p in sheet.players:
        if p.longest_bonus:
            routes += [r for r in p.longest_trail_routes if r not in routes]
    return tuple(routes)


class ScoringView(widgets.VBox):
    """The score table (``ttr-score-table``), the winner (``ttr-winner``), one button per
    player to draw their longest trail (``ttr-show-trail``) and the game's statistics
    (``stats``, a ``StatsView``)."""

    sheet = traitlets.Instance(ScoreSheet, allow_none=True)

    def __init__(self, board: Board, on_highlight: Highlight) -> None:
        self.board = board
        self._on_highlight = on_highlight
        self.table = widgets.HTML()
        self.table.add_class("ttr-score-table")
        self.winner = widgets.HTML()
        self.winner.add_class("ttr-winner")
        self.trails = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.stats = StatsView()
        self.running = widgets.HTML()  #: mid-game: what the tab will show, the points so far
        self.running.add_class("ttr-score-running")
        super().__init__([self.running, self.winner, self.table, self.trails, self.stats])
        self.add_class("ttr-scoring")

    @traitlets.observe("sheet")
    def _render(self, _change: object = None) -> None:
        sheet = self.sheet
        if sheet is None:
            self.table.value = self.winner.value = ""
            self.trails.children = ()
            self.stats.clear()
            return
        self.running.value = ""
        names = " and ".join(sheet.winners)
        verb = ("win" if len(sheet.winners) == 1 else "share the win") if sheet.teams else \
            win_verb(sheet.winners)
        self.winner.value = (f'<div style="font-size:14px"><b>★ {html.escape(names)}</b> '
                             f'{verb}.<br>'
                             f'<span style="font-size:12px">{html.escape(sheet.reason)}'
                             '</span></div>')
        self.table.value = (team_score_html(self.board, sheet) if sheet.teams
                            else score_table_html(self.board, sheet))
        self.trails.children = tuple(self._trail_button(p) for p in sheet.players)

    def show_running(self, state: GameState, colors: Sequence[str]) -> None:
        """Mid-game (no sheet yet): say what the tab will show, and each player's route points
        so far, in their colours."""
        if self.sheet is not None:
            return
        if state.teams:
            self.running.value = _team_running_html(state)
            return
        points = " · ".join(
            f'<span style="white-space:nowrap"><span style="display:inline-block;width:10px;'
            f'height:10px;background:{colors[i % len(colors)]};border:1px solid #333;'
            f'margin-right:3px"></span>{html.escape(p.name)} <b>{p.route_points}</b></span>'
            for i, p in enumerate(state.players))
        rules = ticket_rules(state.board, state.options)
        bonuses = [part for part, played in (
            ("the longest trail and its bonus", rules.longest_bonus),
            ("the longest trail (no bonus in this game)", not rules.longest_bonus),
            ("the Globetrotter for the most tickets completed", rules.globetrotter)) if played]
        self.running.value = (
            '<div style="font-size:12px;line-height:1.4">The final score shows here when the '
            'game ends: each player\'s routes, every ticket completed or missed (tickets stay '
            f'secret until then), {", ".join(bonuses)}, and the winner.<br>'
            f'<b>Route points so far</b>: {points}</div>')

    def show_stats(self, stats: GameStats, colors: Sequence[str]) -> None:
        """Show the game's statistics under the score, players in ``colors`` (a team game's,
        each player with the team's points, when the sheet is a team game's)."""
        self.stats.show(stats, self.board, colors,
                        teams=self.sheet is not None and self.sheet.teams)

    def _trail_button(self, score: PlayerScore) -> widgets.Button:
        button = widgets.Button(description=f"{possessive(score.name)} longest trail",
                                tooltip=f"{score.longest_trail} spaces",
                                layout=widgets.Layout(width="auto", margin="2px"))
        button.add_class("ttr-show-trail")
        button.on_click(lambda _b: self._on_highlight(
            score.longest_trail_routes,
            f"{possessive(score.name)} longest trail ({score.longest_trail})"))
        return button


def score_table_html(board: Board, sheet: ScoreSheet) -> str:
    """The score sheet as an HTML table, a column per player."""
    players = sheet.players

    def row(label: str, cells: Sequence[str], bold: bool = False) -> str:
        weight = "font-weight:bold;" if bold else ""
        return (f'<tr style="{weight}border-top:1px solid #ddd"><th style="text-align:left;'
                f'vertical-align:top;padding:2px 4px">{label}</th>' +
                "".join(f'<td style="vertical-align:top;padding:2px 4px">{c}</td>'
                        for c in cells) + "</tr>")

    def tickets(p: PlayerScore) -> str:
        lines = []
        for t in p.tickets:
            ticket = board.ticket(t.id)
            mark = "✔" if t.completed else "✘"
            color = "#1d5a2c" if t.completed else "#8a1c12"
            via = " (station)" if t.borrowed else ""
            a, b = board.city_label(ticket.a), board.city_label(ticket.b)
            lines.append(f'<div style="color:{color}">{mark} {html.escape(a)}'
                         f'–{html.escape(b)} {t.points:+d}{via}</div>')
        return "".join(lines) + f"<div><b>{p.ticket_points:+d}</b> ({p.tickets_completed} of " \
                                f"{len(p.tickets)})</div>"

    body = [
        row("", [html.escape(p.name) for p in players], bold=True),
        row("Routes", [f"{p.route_points} <span style='color:#777'>({p.routes_claimed} routes, "
                       f"{p.trains_used} trains)</span>" for p in players]),
        row("Tickets", [tickets(p) for p in players]),
    ]
    if board.has_stations:
        body.append(row("Stations", [
            f"{p.station_points:+d} <span style='color:#777'>({p.stations_built} built)</span>"
            + "".join(f"<div style='color:#777'>{html.escape(_borrow(board, b))}</div>"
                      for b in p.borrowings) for p in players]))
    body.append(row("Longest trail", [count(p.longest_trail, "space") for p in players]))
    if sheet.longest_bonus:  # a game without the bonus (USA 1910, say) shows no row of zeros
        body.append(row(html.escape(bonus_name(board.rules)),
                        [f"{p.longest_bonus:+d}" if p.longest_bonus else "0" for p in players]))
    if sheet.globetrotter:
        body.append(row("Globetrotter <span style='color:#777;font-weight:normal'>(most "
                        "tickets completed)</span>",
                        [f"{p.globetrotter_bonus:+d}" if p.globetrotter_bonus else "0"
                         for p in players]))
    if sheet.warehouses:
        body.append(row("Depot bonus <span style='color:#777;font-weight:normal'>(most Depots "
                        "left)</span>",
                        [f"{p.depot_bonus:+d}" if p.depot_bonus else "0" for p in players]))
    body += [
        row("Total", [str(p.total) for p in players], bold=True),
    ]
    return ('<table class="ttr-score" style="border-collapse:collapse;font-size:12px;'
            'width:100%">' + "".join(body) + "</table>")


def _team_running_html(state: GameState) -> str:
    points = " · ".join(
        f'<span style="white-space:nowrap;color:{TEAM_COLORS[t][0]}"><b>{team_label(t)}</b> '
        f'<b>{sum(p.route_points for p in state.team_players(t))}</b></span>'
        for t in range(state.num_teams))
    return ('<div style="font-size:12px;line-height:1.4">The final score shows here when the '
            "game ends: a line a team, both teammates' routes, every ticket of the team "
            "completed or missed against both teammates' routes (tickets stay secret until "
            'then), the Asian Express and Globetrotter bonuses, and the winning team.<br>'
            f'<b>Route points so far</b>: {points}</div>')


def team_score_html(board: Board, sheet: ScoreSheet) -> str:
    """A team game's sheet as an HTML table, a row a team (``ttr-team-score-row``): routes,
    tickets, the longest trail, the Asian Express and Globetrotter bonuses, the total; under
    it each team's tickets, hit or missed against both teammates' routes."""
    heads = ("team", "routes", "tickets", "longest trail", "Asian Express", "Globetrotter",
             "total")
    cell = 'style="padding:2px 3px;text-align:right;vertical-align:top;white-space:nowrap"'
    rows = []
    for team, line in enumerate(sheet.players):
        color = TEAM_COLORS[team][0]
        won = " ★" if line.name in sheet.winners else ""
        cells = (f"{line.route_points}", f"{line.ticket_points:+d}<br><span style="
                 f'"color:#777">{line.tickets_completed} of {len(line.tickets)}</span>',
                 count(line.longest_trail, "space"),
                 f"{line.longest_bonus:+d}" if line.longest_bonus else "0",
                 f"{line.globetrotter_bonus:+d}" if line.globetrotter_bonus else "0",
                 f"<b>{line.total}</b>")
        rows.append(f'<tr class="ttr-team-score-row" style="border-top:1px solid #ddd"><td '
                    f'style="padding:2px 3px;color:{color};white-space:nowrap"><b>'
                    f'{team_label(team)}{won}</b><br>{html.escape(line.name)}</td>'
                    + "".join(f"<td {cell}>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th style="padding:0 3px;text-align:{"left" if h == "team" else "right"};'
                   f'font-weight:normal">{h}</th>' for h in heads)
    tickets = []
    for team, line in enumerate(sheet.players):
        marks = []
        for t in line.tickets:
            ticket = board.ticket(t.id)
            mark, color = ("✔", "#1d5a2c") if t.completed else ("✘", "#8a1c12")
            marks.append(f'<span style="color:{color};white-space:nowrap">{mark} '
                         f'{html.escape(ticket.cities_label)} {t.points:+d}</span>')
        tickets.append(f'<div class="ttr-team-tickets"><b style="color:{TEAM_COLORS[team][0]}">'
                       f'{team_label(team)}</b>: {" · ".join(marks) or "no tickets"}</div>')
    return ('<table class="ttr-score ttr-team-scores" style="border-collapse:collapse;'
            f'font-size:12px;width:100%"><tr style="color:#555">{head}</tr>{"".join(rows)}'
            f'</table><div style="font-size:12px;line-height:1.4;margin-top:4px">'
            f'{"".join(tickets)}</div>')


def _borrow(board: Board, borrow: StationBorrow) -> str:
    if borrow.route is None:
        return f"{board.city_label(borrow.city)}: nothing to borrow"
    route = board.route(borrow.route)
    return (f"{board.city_label(borrow.city)}: borrows {board.city_label(route.a)}–"
            f"{board.city_label(route.b)} from {borrow.owner}")
