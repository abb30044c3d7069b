"""The final score: one column per player — routes, every ticket hit or missed, stations, the
longest trail and its bonus, the Depot bonus (Warehouses & Depots), the total — the winner and
how ties were broken.

The sheet is ``rules.engine.score(state)`` (``scoring.score_game`` under the hood); buttons
highlight a player's longest trail on the board. Below them, the statistics of the game
(``stats_view.StatsView``: cards, tickets, turns … and a chart comparing the players), shown by
``show_stats`` and cleared with the sheet.
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
from ttr_widgets.rules.words import bonus_name, possessive, win_verb
from ttr_widgets.widgets.plots.stats_view import StatsView

__all__ = ["ScoringView", "longest_trail_routes"]

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
        self.winner.value = (f'<div style="font-size:14px"><b>★ {html.escape(names)}</b> '
                             f'{win_verb(sheet.winners)}.<br>'
                             f'<span style="font-size:12px">{html.escape(sheet.reason)}'
                             '</span></div>')
        self.table.value = score_table_html(self.board, sheet)
        self.trails.children = tuple(self._trail_button(p) for p in sheet.players)

    def show_running(self, state: GameState, colors: Sequence[str]) -> None:
        """Mid-game (no sheet yet): say what the tab will show, and each player's route points
        so far, in their colours."""
        if self.sheet is not None:
            return
        points = " · ".join(
            f'<span style="white-space:nowrap"><span style="display:inline-block;width:10px;'
            f'height:10px;background:{colors[i % len(colors)]};border:1px solid #333;'
            f'margin-right:3px"></span>{html.escape(p.name)} <b>{p.route_points}</b></span>'
            for i, p in enumerate(state.players))
        self.running.value = (
            '<div style="font-size:12px;line-height:1.4">The final score shows here when the '
            'game ends: each player\'s routes, every ticket completed or missed (tickets stay '
            'secret until then), the longest trail and its bonus, and the winner.<br>'
            f'<b>Route points so far</b>: {points}</div>')

    def show_stats(self, stats: GameStats, colors: Sequence[str]) -> None:
        """Show the game's statistics under the score, players in ``colors``."""
        self.stats.show(stats, self.board, colors)

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
    body += [
        row("Longest trail", [f"{p.longest_trail} spaces" for p in players]),
        row(html.escape(bonus_name(board.rules)),
            [f"{p.longest_bonus:+d}" if p.longest_bonus else "0" for p in players]),
    ]
    if sheet.warehouses:
        body.append(row("Depot bonus <span style='color:#777;font-weight:normal'>(most Depots "
                        "left)</span>",
                        [f"{p.depot_bonus:+d}" if p.depot_bonus else "0" for p in players]))
    body += [
        row("Total", [str(p.total) for p in players], bold=True),
    ]
    return ('<table class="ttr-score" style="border-collapse:collapse;font-size:12px;'
            'width:100%">' + "".join(body) + "</table>")


def _borrow(board: Board, borrow: StationBorrow) -> str:
    if borrow.route is None:
        return f"{board.city_label(borrow.city)}: nothing to borrow"
    route = board.route(borrow.route)
    return (f"{board.city_label(borrow.city)}: borrows {board.city_label(route.a)}–"
            f"{board.city_label(route.b)} from {borrow.owner}")
