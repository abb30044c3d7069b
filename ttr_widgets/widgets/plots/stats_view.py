"""The statistics of a game, as Board Game Arena shows them after a game: a table with a column
per player (points by source, cards taken face-up and drawn blind, locomotives, tickets, turns by
kind, what is left) and one bar chart comparing the players, in their colours with a key.

Every number is ``rules.stats`` (``game_stats(game)``), counted from what happened; nothing here
counts or decides anything. ``stats_table_html``, ``stats_summary`` and ``stats_figure`` are pure
builders; ``StatsView`` shows them (``show(stats, board, colors)``, ``clear()``). In a team game
(``teams=True``) each player's points are their team's, said once over the table, and the
bonuses are the team game's: the Asian Express and the Globetrotter.

The rows' labels are kept in English (``N_``: they are the rows' keys) and told in the reader's
language where they are shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence

import ipywidgets as widgets
import plotly.graph_objects as go

from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.stats import GameStats, PlayerStats
from ttr_widgets.rules.words import bonus_name
from ttr_widgets.widgets.plots.score_plots import clear_figure, show_figure
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = ["StatsView", "chart_rows", "stats_figure", "stats_summary", "stats_table_html"]

Row = tuple[str, Callable[[PlayerStats], int]]


def _times(n: int) -> str:
    """'once', 'twice', '3 times' ('une fois', 'deux fois', '3 fois')."""
    if n in (1, 2):
        return _("once") if n == 1 else _("twice")
    return ngettext("{n} time", "{n} times", n).format(n=n)


#: Said over a team game's statistics, whose points are each player's team's.
TEAM_POINTS = N_("A team game: a player's points are their team's, the same for both "
                 "teammates; the other figures are the player's own.")


def stats_summary(stats: GameStats, *, teams: bool = False) -> str:
    """The game's own figures in a sentence or three (plain text, the reader's language)."""
    played = (ngettext("{n} turn played; the game is over.", "{n} turns played; the game is over.",
                       stats.turns) if stats.finished else
              ngettext("{n} turn played so far; the game is not over.",
                       "{n} turns played so far; the game is not over.", stats.turns))
    parts = [played.format(n=stats.turns)]
    if teams:
        parts.append(_(TEAM_POINTS))
    if stats.last_round_turn is not None:
        parts.append(_("{name} set off the last round, which began on turn {turn}.").format(
            name=stats.last_round_by, turn=stats.last_round_turn))
    elif stats.finished:
        parts.append(_("Nobody could move any more: the game ended without a last round."))
    if stats.refreshes:
        times, dealing = _times(stats.refreshes), stats.refreshes_at_deal
        parts.append((_("The face-up row showed three locomotives and was refreshed {times} "
                        "({dealing} while dealing).") if dealing else
                      _("The face-up row showed three locomotives and was refreshed {times}."))
                     .format(times=times, dealing=_times(dealing)))
    else:
        parts.append(_("The face-up row never showed three locomotives."))
    return " ".join(parts)


def table_sections(stats: GameStats, board: Board, *, teams: bool = False
                   ) -> tuple[tuple[str, tuple[Row, ...]], ...]:
    """The table's rows by section: ``(heading, ((label, value of a player), …))``. Rows that
    cannot apply to this board or game (stations, Depots, Warehouses, tunnels, passes when
    nobody passed, the Globetrotter in a game without it) are left out; a team game's
    longest-trail bonus is the Asian Express."""
    def anyone(value: Callable[[PlayerStats], int]) -> bool:
        return any(value(p) for p in stats.players)

    tunnels = any(r.tunnel for r in board.routes)
    points: list[Row] = [
        (N_("Routes"), lambda p: p.route_points),
        (N_("Completed tickets"), lambda p: p.ticket_points_won),
        (N_("Failed tickets") if stats.finished else N_("Tickets not completed yet"),
         lambda p: p.ticket_points_lost),
    ]
    if board.has_stations:
        points.append((N_("Unused stations"), lambda p: p.station_points))
    points.append((N_("Asian Express bonus") if teams else bonus_name(board.rules),
                   lambda p: p.longest_bonus))
    if teams or anyone(lambda p: p.globetrotter_bonus):  # a game with it gives it to someone
        points.append((N_("Globetrotter bonus"), lambda p: p.globetrotter_bonus))
    if anyone(lambda p: p.depot_bonus):
        points.append((N_("Depot bonus"), lambda p: p.depot_bonus))
    points.append((N_("Total"), lambda p: p.total))
    cards: list[Row] = [
        (N_("Taken face-up"), lambda p: p.cards_face_up),
        (N_("Drawn blind"), lambda p: p.cards_blind),
        (N_("Locomotives taken face-up"), lambda p: p.locomotives_face_up),
        (N_("Locomotives drawn blind"), lambda p: p.locomotives_blind),
    ]
    if anyone(lambda p: p.cards_collected):
        cards.append((N_("Collected from Warehouses"), lambda p: p.cards_collected))
    tickets: tuple[Row, ...] = (
        (N_("Drawn (the deal included)"), lambda p: p.tickets_drawn),
        (N_("Kept"), lambda p: p.tickets_kept),
        (N_("Completed"), lambda p: p.tickets_completed),
        (N_("Failed") if stats.finished else N_("Not completed yet"), lambda p: p.tickets_failed),
    )
    turns: list[Row] = [
        (N_("Drawing cards"), lambda p: p.turns.draw_cards),
        (N_("Claiming a route"), lambda p: p.turns.claim_route),
        (N_("Drawing tickets"), lambda p: p.turns.draw_tickets),
    ]
    if board.has_stations:
        turns.append((N_("Building a station"), lambda p: p.turns.build_station))
    if tunnels or anyone(lambda p: p.turns.declined_tunnel):
        turns.append((N_("Giving up a tunnel"), lambda p: p.turns.declined_tunnel))
    if anyone(lambda p: p.turns.passed):
        turns.append((N_("Passing"), lambda p: p.turns.passed))
    turns.append((N_("In all"), lambda p: p.turns.total))
    left: list[Row] = [
        (N_("Routes claimed"), lambda p: p.routes_claimed),
        (N_("Longest trail (spaces)"), lambda p: p.longest_trail),
        (N_("Trains left"), lambda p: p.trains_left),
    ]
    if board.has_stations:
        left.append((N_("Stations left"), lambda p: p.stations_left))
    left.append((N_("Face-up refreshes set off"), lambda p: p.refreshes))
    return ((N_("Points"), tuple(points)), (N_("Train cards"), tuple(cards)),
            (N_("Tickets"), tickets), (N_("Turns"), tuple(turns)),
            (N_("On the table"), tuple(left)))


_SIGNED = frozenset(("Completed tickets", "Failed tickets", "Tickets not completed yet",
                     "Unused stations", "Depot bonus"))


def stats_table_html(stats: GameStats, board: Board,
                     colors: Sequence[str] = DEFAULT_PLAYER_COLORS, *, teams: bool = False,
                     sections: Collection[str] | None = None) -> str:
    """The statistics as an HTML table, a column per player headed by their colour
    (``teams``: a team game's, see ``table_sections``; ``sections``: only the sections with
    these headings, default all)."""
    cell = "padding:1px 6px;text-align:right"
    head = "".join(
        f'<th style="{cell}"><span style="color:{_color(colors, i)}">■</span> '
        f"{html.escape(p.name)}</th>" for i, p in enumerate(stats.players))
    body = [f'<tr style="border-bottom:1px solid #ccc"><th></th>{head}</tr>']
    for heading, rows in table_sections(stats, board, teams=teams):
        if sections is not None and heading not in sections:
            continue
        body.append(f'<tr><th colspan="{len(stats.players) + 1}" style="text-align:left;'
                    f'padding:6px 4px 1px 4px;color:#16406e">{html.escape(_(heading))}</th></tr>')
        for label, value in rows:
            signed = heading == "Points" and label in _SIGNED
            bold = "font-weight:bold;" if label in ("Total", "In all") else ""
            cells = "".join(
                f'<td style="{cell};{bold}">{_number(value(p), signed)}</td>'
                for p in stats.players)
            body.append(f'<tr style="border-top:1px solid #eee"><td style="padding:1px 4px;'
                        f'{bold}">{html.escape(_(label))}</td>{cells}</tr>')
    return ('<table class="ttr-stats" style="border-collapse:collapse;font-size:12px;'
            'width:100%">' + "".join(body) + "</table>")


def _number(n: int, signed: bool) -> str:
    return f"{n:+d}" if signed and n else str(n)


def _color(colors: Sequence[str], i: int) -> str:
    return colors[i % len(colors)] if colors else DEFAULT_PLAYER_COLORS[i]


def chart_rows(stats: GameStats, board: Board) -> tuple[Row, ...]:
    """What the chart compares (counts, not points: the score has its own chart)."""
    rows: list[Row] = [
        (N_("cards taken face-up"), lambda p: p.cards_face_up),
        (N_("cards drawn blind"), lambda p: p.cards_blind),
        (N_("locomotives taken face-up"), lambda p: p.locomotives_face_up),
        (N_("locomotives drawn blind"), lambda p: p.locomotives_blind),
        (N_("tickets drawn"), lambda p: p.tickets_drawn),
        (N_("tickets kept"), lambda p: p.tickets_kept),
        (N_("tickets completed"), lambda p: p.tickets_completed),
        (N_("turns drawing cards"), lambda p: p.turns.draw_cards),
        (N_("turns claiming a route"), lambda p: p.turns.claim_route),
        (N_("turns drawing tickets"), lambda p: p.turns.draw_tickets),
    ]
    if board.has_stations:
        rows.append((N_("turns building a station"), lambda p: p.turns.build_station))
    if any(p.turns.declined_tunnel for p in stats.players):
        rows.append((N_("tunnels given up"), lambda p: p.turns.declined_tunnel))
    rows.append((N_("trains left"), lambda p: p.trains_left))
    return tuple(rows)


_TITLE_BAND = 28  #: px at the top of the chart for its title (the toolbar beside it, right)
_KEY_BAND = 30  #: px under the title for the key of the players, above the bars
#: the chart toolbar's buttons for a chart that does not move (its picture download stays)
_TOOLS_NOT_USED = ("zoom", "pan", "select", "lasso", "zoomin", "zoomout", "autoscale",
                   "resetscale")


def stats_figure(stats: GameStats, board: Board,
                 colors: Sequence[str] = DEFAULT_PLAYER_COLORS, *,
                 title: str | None = None, width: int | None = None) -> go.Figure:
    """One horizontal bar per player for every figure of ``chart_rows``, in the players'
    colours, the numbers written on the bars, the players named in the key.

    Top down, each in a band of its own so that none covers another in a narrow panel (380 px
    in the Score tab): the title at the top left, the key under it, then the bars. The toolbar
    (shown on hover, at the top right) keeps only its picture download: the axes are fixed,
    there is nothing to zoom, pan or select."""
    rows = chart_rows(stats, board)
    title = _("What each player did") if title is None else title
    labels = [_(label) for label, _value in rows]
    traces = [
        go.Bar(y=labels, x=[value(p) for _label, value in rows], name=p.name,
               orientation="h", marker_color=_color(colors, i), meta=p.name,
               text=[str(value(p)) for _label, value in rows], textposition="outside",
               cliponaxis=False,
               hovertemplate=f"<b>{html.escape(p.name)}</b><br>%{{y}}: %{{x}}<extra></extra>")
        for i, p in enumerate(stats.players)]
    figure = go.Figure(traces)
    per_row = max(18, 7 * len(stats.players) + 6)
    figure.update_layout(
        barmode="group", width=width, bargap=0.25, bargroupgap=0.05,
        title={"text": title, "x": 0.01, "xanchor": "left", "yref": "container", "y": 1.0,
               "yanchor": "top", "pad": {"t": 6}} if title else None,
        height=(_TITLE_BAND if title else 0) + 90 + per_row * len(rows),
        margin={"l": 10, "r": 30, "t": (_TITLE_BAND if title else 0) + _KEY_BAND, "b": 30},
        yaxis={"autorange": "reversed", "automargin": True, "fixedrange": True},
        xaxis={"title": {"text": _("count")}, "rangemode": "tozero", "fixedrange": True},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 0.0,
                "title": {"text": _("Players:")}, "traceorder": "normal"},
        modebar={"remove": list(_TOOLS_NOT_USED)},
        plot_bgcolor="#fbf9f2", font={"size": 11},
    )
    return figure


class StatsView(widgets.VBox):
    """The statistics: ``summary`` (HTML, ``ttr-stats-summary``), ``table`` (HTML,
    ``ttr-stats-table``) and ``plot`` (an Output, ``ttr-stats-plot``) showing ``figure``.
    ``stats`` is what is shown (None: nothing). ``side_by_side`` puts the chart beside the
    table (for a wide page) rather than under it (for a side panel)."""

    def __init__(self, *, title: str | None = None,
                 chart_width: int | None = None, side_by_side: bool = False) -> None:
        self.stats: GameStats | None = None
        self.figure: go.Figure | None = None
        self._chart_width = chart_width
        self.heading = widgets.HTML()
        self.title = _("Statistics of the game") if title is None else title
        self.summary = widgets.HTML()
        self.summary.add_class("ttr-stats-summary")
        self.table = widgets.HTML()
        self.table.add_class("ttr-stats-table")
        self.plot = widgets.Output()
        self.plot.add_class("ttr-stats-plot")
        if side_by_side:
            self.table.layout = widgets.Layout(width="460px", flex="0 0 auto",
                                               margin="0 16px 0 0")
            self.plot.layout = widgets.Layout(flex="1 1 400px", min_width="400px")
            parts = widgets.HBox([self.table, self.plot],
                                 layout=widgets.Layout(flex_flow="row wrap"))
            super().__init__([self.heading, self.summary, parts])
        else:
            super().__init__([self.heading, self.summary, self.table, self.plot])
        self.add_class("ttr-stats")
        self.clear()

    @property
    def title(self) -> str:
        """The heading over the statistics (set it again when the page's language changes)."""
        return self._title

    @title.setter
    def title(self, title: str) -> None:
        self._title = title
        self.heading.value = f"<b>{html.escape(title)}</b>"

    def show(self, stats: GameStats, board: Board,
             colors: Sequence[str] = DEFAULT_PLAYER_COLORS, *, teams: bool = False,
             points: bool = True) -> None:
        """Show ``stats`` of a game on ``board``, players in ``colors`` (seating order);
        ``teams``: a team game's (each player's points their team's); ``points=False``: the
        Points section folded away under its heading (for a page whose score table shows the
        points: no second table of them beside it)."""
        self.stats = stats
        self.summary.value = (f'<div style="font-size:12px;color:#333">'
                              f"{html.escape(stats_summary(stats, teams=teams))}</div>")
        if points:
            self.table.value = stats_table_html(stats, board, colors, teams=teams)
        else:
            others = [h for h, _rows in table_sections(stats, board, teams=teams)
                      if h != "Points"]
            self.table.value = (
                stats_table_html(stats, board, colors, teams=teams, sections=others)
                + '<details class="ttr-stats-points" style="font-size:12px;margin-top:4px">'
                '<summary style="cursor:pointer">'
                + html.escape(_("Points by source (the score table above, by kind)"))
                + "</summary>"
                + stats_table_html(stats, board, colors, teams=teams, sections=("Points",))
                + "</details>")
        self.figure = stats_figure(stats, board, colors, width=self._chart_width)
        text = "; ".join(_("{name}: {cards}, {turns}").format(
            name=p.name,
            cards=ngettext("{n} card drawn", "{n} cards drawn", p.cards_drawn).format(
                n=p.cards_drawn),
            turns=ngettext("{n} turn", "{n} turns", p.turns.total).format(n=p.turns.total))
            for p in stats.players)
        show_figure(self.plot, self.figure,
                    _("What each player did: {players}").format(players=text))
        self.layout.display = None

    def clear(self) -> None:
        """Show nothing (a game not over, or no history to count)."""
        self.stats = None
        self.figure = None
        self.summary.value = self.table.value = ""
        clear_figure(self.plot)
        self.layout.display = "none"
