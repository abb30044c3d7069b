"""Pure figure builders for final scoring: every player's total, part by part, as stacked bars.

``breakdown_segments(board, sheet, players)`` reads a ``ScoreSheet`` (the core's answer) and the
holdings it was computed from, and splits each total into the parts a player can point at:
routes by length, tickets won, tickets lost (negative), unused stations, the longest-trail bonus,
the Globetrotter (a game that plays it, ``ScoreSheet.globetrotter``) and the depot bonus.
``breakdown_figure`` draws them as one stacked bar per player (lost tickets hang below zero)
with the total marked on top. Neither touches its arguments and neither decides
a rule: every number is the sheet's, or ``board.route_points`` for one route.
``team_breakdown_segments`` and ``team_breakdown_figure`` do the same for a team game (a
team ``ScoreSheet``): one bar per team, with the Asian Express and Globetrotter bonuses.

``show_figure(output, figure, text)`` puts a chart in an ``ipywidgets.Output``: as a plotly
``FigureWidget`` under ``ttr serve`` (drawn by the page's one plotly module, which the server
hands out once and browsers keep), with the figure's plotly JSON and ``text`` beside it for
front ends without widgets; the chart it replaces is closed (a little later). So
the served pages need no ``jupyterlab-plotly`` renderer, whose 4.7 MB copy of plotly.js every
Voila page would otherwise load (``serve.UNUSED_EXTENSIONS``). Elsewhere (JupyterLab, Binder)
a chart is the JSON alone, drawn by that renderer: a widget there would carry plotly's 5 MB
module in its state.
``figure_mimebundle`` is that JSON.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

import ipywidgets as widgets
import plotly.graph_objects as go

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import Holding, PlayerScore, ScoreSheet
from ttr_widgets.rules.teams import TeamHolding
from ttr_widgets.rules.words import bonus_name
from ttr_widgets.served import serves_plotly_module

__all__ = [
    "PLOTLY_MIME",
    "Segment",
    "breakdown_figure",
    "breakdown_segments",
    "clear_figure",
    "display_data",
    "figure_mimebundle",
    "show_figure",
    "team_breakdown_figure",
    "team_breakdown_segments",
]

PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: Route lengths from short to long in deepening blues (the board's longest is 8 in Europe).
ROUTE_BLUES = ("#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b")
TICKETS_WON = "#2e9e48"
TICKETS_LOST = "#d1352b"
STATIONS = "#8e6cc0"
LONGEST = "#f2a900"
DEPOTS = "#8c5a3c"
GLOBETROTTER = "#c2571a"
TOTAL_INK = "#1a1a1a"


@dataclass(frozen=True, slots=True)
class Segment:
    """One part of every player's total: ``values[i]`` points for player ``i`` (seating order),
    ``notes[i]`` what makes them (for the hover)."""

    name: str
    kind: str  #: routes, tickets won, tickets lost, stations, longest, globetrotter, depots
    values: tuple[int, ...]
    notes: tuple[str, ...]
    color: str


def breakdown_segments(board: Board, sheet: ScoreSheet,
                       players: Sequence[Holding]) -> tuple[Segment, ...]:
    """The parts of every total, each as a ``Segment``; parts worth nothing to everyone are left
    out. ``players`` are the holdings the sheet scored (same names, same order): they tell which
    routes make the route points. For each player the values add up to the sheet's total."""
    scores = sheet.players
    names = [p.name for p in scores]
    if [h.name for h in players] != names:
        raise ValueError(f"players: expected the holdings of {names}, got "
                         f"{[h.name for h in players]}")
    segments = [*_route_segments(board, players),
                _tickets(board, scores, won=True), _tickets(board, scores, won=False)]
    if board.has_stations:
        segments.append(Segment(
            _("unused stations"), "stations", tuple(p.station_points for p in scores),
            tuple(ngettext("{built} built, {unused} unused", "{built} built, {unused} unused",
                           p.stations_built).format(
                built=p.stations_built, unused=board.rules.stations - p.stations_built)
                for p in scores),
            STATIONS))
    segments.append(Segment(
        bonus_name(board.rules), "longest", tuple(p.longest_bonus for p in scores),
        tuple(_trail_note(p.longest_trail) for p in scores), LONGEST))
    if sheet.globetrotter:
        segments.append(_globetrotter(scores))
    if sheet.warehouses:
        segments.append(Segment(_("depot bonus"), "depots",
                                tuple(p.depot_bonus for p in scores),
                                tuple(_("most Depots left") if p.depot_bonus else ""
                                      for p in scores), DEPOTS))
    return tuple(s for s in segments if any(s.values))


def _route_segments(board: Board, players: Sequence[Holding]) -> list[Segment]:
    lengths = sorted({route.length for route in board.routes})
    segments = []
    for shade, length in enumerate(lengths):
        points, notes = [], []
        for holding in players:
            routes = [board.route(rid) for rid in holding.routes]
            mine = [r for r in routes if r.length == length]
            points.append(sum(board.route_points(r) for r in mine))
            notes.append(ngettext("{n} route", "{n} routes", len(mine)).format(n=len(mine)))
        blue = ROUTE_BLUES[min(shade, len(ROUTE_BLUES) - 1)]
        segments.append(Segment(ngettext("{n}-space routes", "{n}-space routes", length).format(
            n=length), "routes", tuple(points), tuple(notes), blue))
    return segments


def team_breakdown_segments(board: Board, sheet: ScoreSheet,
                            teams: Sequence[TeamHolding]) -> tuple[Segment, ...]:
    """The parts of every team's total (``values[i]`` for team ``i``): both teammates' routes by
    length, the team's tickets won and lost, the Asian Express and Globetrotter bonuses; parts
    worth nothing to every team are left out. ``teams`` are the holdings the sheet scored."""
    scores = sheet.players
    if [t.players for t in teams] != [s.members for s in scores]:
        raise ValueError(f"teams: expected the holdings of {[s.name for s in scores]}, got "
                         f"{[' & '.join(t.players) for t in teams]}")
    networks = [Holding(" & ".join(t.players), frozenset(r for rs in t.routes for r in rs), ())
                for t in teams]
    segments = [
        *_route_segments(board, networks),
        _tickets(board, scores, won=True), _tickets(board, scores, won=False),
        Segment(_("Asian Express bonus"), "longest", tuple(s.longest_bonus for s in scores),
                tuple(_trail_note(s.longest_trail) for s in scores),
                LONGEST),
        _globetrotter(scores)]
    return tuple(s for s in segments if any(s.values))


def _globetrotter(scores: Sequence[PlayerScore]) -> Segment:
    """The Globetrotter: for the most tickets completed (how many each completed)."""
    return Segment(_("Globetrotter bonus"), "globetrotter",
                   tuple(s.globetrotter_bonus for s in scores),
                   tuple(ngettext("{n} ticket completed", "{n} tickets completed",
                                  s.tickets_completed).format(n=s.tickets_completed)
                         for s in scores),
                   GLOBETROTTER)


def _trail_note(spaces: int) -> str:
    """'longest trail 12 spaces'."""
    return ngettext("longest trail {n} space", "longest trail {n} spaces", spaces).format(
        n=spaces)


def _tickets(board: Board, scores: Sequence[PlayerScore], *, won: bool) -> Segment:
    values, notes = [], []
    for score in scores:
        results = [t for t in score.tickets if t.completed == won]
        values.append(sum(t.points for t in results))
        notes.append("<br>".join(_ticket_text(board, t.id, t.points) for t in results))
    return Segment(_("tickets won") if won else _("tickets lost"),
                   "tickets won" if won else "tickets lost", tuple(values), tuple(notes),
                   TICKETS_WON if won else TICKETS_LOST)


def _ticket_text(board: Board, ticket_id: str, points: int) -> str:
    ticket = board.ticket(ticket_id)
    return f"{_city(board, ticket.a)} – {_city(board, ticket.b)} {points:+d}"


def _city(board: Board, name: str) -> str:
    return board.cities[board.city_index[name]].label


def breakdown_figure(board: Board, sheet: ScoreSheet, players: Sequence[Holding], *,
                     title: str = "", width: int | None = None, height: int = 380) -> go.Figure:
    """One stacked bar per player: the segments of ``breakdown_segments`` (lost tickets below
    zero) and a marker with the total on top; the winner's name carries a star."""
    winners = set(sheet.winners)
    return _bars([(p.name, p.name in winners) for p in sheet.players],
                 breakdown_segments(board, sheet, players), [p.total for p in sheet.players],
                 title=title, width=width, height=height)


def team_breakdown_figure(board: Board, sheet: ScoreSheet, teams: Sequence[TeamHolding], *,
                          title: str = "", width: int | None = None, height: int = 380
                          ) -> go.Figure:
    """One stacked bar per team (``team_breakdown_segments``), as ``breakdown_figure`` draws
    players; the winning team's name carries a star."""
    winners = set(sheet.winners)
    return _bars([(t.name, t.name in winners) for t in sheet.players],
                 team_breakdown_segments(board, sheet, teams), [t.total for t in sheet.players],
                 title=title, width=width, height=height)


def _bars(names: Sequence[tuple[str, bool]], segments: Sequence[Segment], totals: Sequence[int],
          *, title: str, width: int | None, height: int) -> go.Figure:
    """Stacked bars, one per (name, won) in ``names``, of ``segments``, totals marked on top."""
    ticks = [f"★ {name}" if won else name for name, won in names]
    traces: list[go.BaseTraceType] = [
        go.Bar(x=ticks, y=list(s.values), name=s.name, marker_color=s.color,
               customdata=list(s.notes), meta=s.kind,
               hovertemplate=f"%{{x}}<br><b>{s.name}</b>: %{{y:+d}}<br>%{{customdata}}"
                             "<extra></extra>")
        for s in segments]
    totals = list(totals)
    total = _("total")
    traces.append(go.Scatter(
        x=ticks, y=totals, name=total, mode="markers+text", text=[str(t) for t in totals],
        textposition="top center", meta="total",
        marker={"symbol": "line-ew", "size": 26, "line": {"width": 3, "color": TOTAL_INK}},
        textfont={"size": 13, "color": TOTAL_INK},
        hovertemplate=f"%{{x}}<br><b>{total}</b>: %{{y}}<extra></extra>"))
    figure = go.Figure(traces)
    figure.update_layout(
        barmode="relative", title={"text": title, "x": 0.01} if title else None,
        height=height, width=width, margin={"l": 50, "r": 10, "t": 40 if title else 16, "b": 40},
        yaxis={"title": {"text": _("points")}, "zeroline": True, "zerolinewidth": 2,
               "zerolinecolor": "#888"},
        legend={"traceorder": "normal"}, plot_bgcolor="#fbf9f2", bargap=0.35,
    )
    return figure


CHART_CONFIG = {"displaylogo": False, "responsive": True}  #: plotly's config for every chart


def figure_mimebundle(figure: go.Figure, text: str = "a plotly figure") -> dict[str, Any]:
    """The figure as a plotly mime bundle, with ``text`` for front ends that cannot draw it."""
    data = json.loads(figure.to_json())
    data["config"] = dict(CHART_CONFIG)
    return {PLOTLY_MIME: data, "text/plain": text}


WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
_CHARTS: WeakKeyDictionary[widgets.Output, go.FigureWidget] = WeakKeyDictionary()
"""The chart each Output shows, to close it when the next replaces it."""


def display_data(figure: go.Figure, text: str = "a plotly figure",
                 chart: go.FigureWidget | None = None) -> dict[str, Any]:
    """An output record for ``ipywidgets.Output.outputs`` that shows the figure: ``chart``
    (the figure as a widget) where widgets are drawn, else the figure's JSON, else ``text``."""
    data = figure_mimebundle(figure, text)
    if chart is not None:
        data[WIDGET_VIEW_MIME] = {"version_major": 2, "version_minor": 0,
                                  "model_id": chart.model_id}
    return {"output_type": "display_data", "data": data, "metadata": {}}


def show_figure(output: widgets.Output, figure: go.Figure,
                text: str = "a plotly figure") -> None:
    """Show ``figure`` in ``output``: under ``ttr serve`` as a chart widget beside its JSON (see
    the module's docstring), the chart it showed before closed a little later (a page may
    still be drawing it: closed at once, it is a "widget model not found" on that page);
    elsewhere as the JSON alone, for plotly's renderer (a widget there would carry plotly's
    5 MB module with it)."""
    chart = None
    if serves_plotly_module():
        chart = go.FigureWidget(figure)
        chart._config = dict(CHART_CONFIG)
    output.outputs = (display_data(figure, text, chart),)
    _close_chart(output, soon=True)
    if chart is not None:
        _CHARTS[output] = chart


def clear_figure(output: widgets.Output) -> None:
    """Show nothing in ``output``; its chart is closed."""
    output.outputs = ()
    _close_chart(output)


CLOSE_AFTER_S = 10.0  #: how long a replaced chart stays open for a page still drawing it


def _close_chart(output: widgets.Output, *, soon: bool = False) -> None:
    """Close the chart ``output`` showed: at once, or ``soon`` (``CLOSE_AFTER_S`` later, in a
    kernel's event loop; at once outside one)."""
    old = _CHARTS.pop(output, None)
    if old is None:
        return
    try:
        loop = asyncio.get_running_loop() if soon else None
    except RuntimeError:
        loop = None
    if loop is None:
        old.close()
    else:
        loop.call_later(CLOSE_AFTER_S, old.close)
