"""Pure figure builders: the board as a plotly figure, drawn the way the printed board reads.

``map_figure(board, marks)`` returns a new ``go.Figure`` with the game's ``marks``
(``marks.Marks``) on it; it never touches its arguments. The documented keyword form
``map_figure(board, owners=…, highlight=…)`` is the same call (the keywords are ``Marks``'
fields, plus the players' colours and names and the size). The drawing comes in parts so a live
widget can update in place:

* ``board_geometry(board, width, height)`` (module ``geometry``) — where everything goes
  (cached per board and size): the axis ranges, every train space, every track's polyline,
  where each city's name sits.
* ``printed.board_traces`` — the board as printed: tracks, cities, names, the legend, the axes.
* ``state_patches(board, geometry, marks)`` — the per-point properties that depend on the game
  (colours, symbols, hover text, highlights, stations, selection), as one property dict per
  trace. ``map_figure`` builds with them; ``MapView.show`` assigns them.

``figure_spec(board, marks)`` is the same figure as plain data; ``unchecked(go.Figure, spec)``
(or ``go.FigureWidget``) builds it without plotly checking every value, which is most of what
starting the play app costs, and the result is the same figure (tests/widgets/test_render_fast.py).

Trace layout (stable: indices never change, every trace is always present, possibly empty):

====  ===========  ==========================================================================
 0    highlighted  broad band under the highlighted routes (``None``-separated), in the legend
 1    tracks       thin line joining the two cities of each non-tunnel track
 2    tunnels      dashed dark line of each tunnel track
 3    cities       one marker per city, ``customdata`` = city name; clickable
 4    names        each city's name, placed clear of the spaces around it; not clickable
 5    stations     one marker per station (or Depot) at its city, ``customdata`` = city; clickable
 6    last claimed a bright square under each space of a player's last claim: an edge outside
                   the owner's trains that leaves their colour and shape whole
 7    selection    ring around the spaces of the selected route and the selected city
 8    routes       one marker per train space, ``customdata`` = route id; clickable, on top
 9    marked       rings around cities to look at (the offered tickets' cities); not clickable
 10.. legend       data-less traces that only feed the legend (one per train colour, ..., then
                   one per player: the key of the players' colours, ``PLAYER_KEYS`` of them,
                   then ``LAST_KEY``: the outline of a last claim, keyed while one is shown)
====  ===========  ==========================================================================

Where things go (``board_geometry``, ``Geometry``, ``Space``) is worked out without plotly in
``geometry``; the names are importable from here too.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import plotly.graph_objects as go

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.words import cards, colour_name, is_you
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.geometry import (
    DEFAULT_HEIGHT,
    DEFAULT_WIDTH,
    PITCH,
    Geometry,
    Point,
    Space,
    board_geometry,
)
from ttr_widgets.widgets.board.marks import NO_MARKS, Marks, marks_with
from ttr_widgets.widgets.board.printed import (
    CITIES,
    HIGHLIGHT,
    LAST_CLAIMS,
    LAST_KEY,
    MARKED,
    NAMES,
    PLAYER_KEYS,
    ROUTES,
    SELECTION,
    STATIONS,
    TRACE_NAMES,
    TRACKS,
    TUNNELS,
    board_traces,
    figure_layout,
    legend_traces,
)
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

if TYPE_CHECKING:  # plotly's base class, imported only when the first figure is built
    from plotly.basedatatypes import BaseFigure

__all__ = [
    "CITIES",
    "DEFAULT_HEIGHT",
    "DEFAULT_WIDTH",
    "HIGHLIGHT",
    "LAST_CLAIMS",
    "MARKED",
    "NAMES",
    "NO_MARKS",
    "PLAYER_KEYS",
    "ROUTES",
    "SELECTION",
    "STATIONS",
    "TRACE_NAMES",
    "TRACKS",
    "TUNNELS",
    "Geometry",
    "Marks",
    "Space",
    "board_geometry",
    "figure_spec",
    "map_figure",
    "player_labels",
    "route_hover",
    "state_patches",
    "unchecked",
]

_LEGEND_CHARS = 15  #: a legend name on the right wraps after this many characters
_PITCH = PITCH  #: the old name (tests/test_first_minutes_app.py reads it)


# --------------------------------------------------------------------------------------------
# The game's marks on the board


def route_hover(board: Board, route: Route, owner: str | None = None,
                closed: str | None = None) -> str:
    """What hovering a route says, in the reader's language: cities, length, colour, points,
    tunnel / ferry, owner (or, for an open route nobody may claim, ``closed``: why, in the
    core's words)."""
    points = board.route_points(route)
    lines = [
        f"<b>{board.city_label(route.a)} – {board.city_label(route.b)}</b>",
        _("length {length} · {colour} · {points}").format(
            length=route.length, colour=colour_name(route.color),
            points=ngettext("{n} point", "{n} points", points).format(n=points)),
    ]
    if route.tunnel:
        lines.append(_("tunnel"))
    if route.is_ferry:
        n = route.ferry_locomotives
        lines.append(ngettext("ferry: {n} locomotive needed", "ferry: {n} locomotives needed",
                              n).format(n=n))
    if route.double:
        lines.append(_("double route"))
    if owner is not None:
        lines.append(_("claimed by {name}").format(name=owner))
    elif closed:
        lines.extend([_("closed, not claimable:"), *textwrap.wrap(closed, 40)])
    else:
        lines.append(_("unclaimed"))
    return "<br>".join(lines)


def _last_move(name: str) -> str:
    """'Ann's last move', 'Your last move' (a route's hover, on a player's last claim)."""
    return _("Your last move") if is_you(name) else _("{name}'s last move").format(name=name)


def _piece_hover(board: Board, city: str, kind: str, name: str) -> str:
    """A station's or a Depot's hover: its city, whose it is ('station of Ann', 'depot of Ben')."""
    owner = (_("station of {name}") if kind == "station" else _("depot of {name}"))
    return f"<b>{board.city_label(city)}</b><br>" + owner.format(name=name)


def _warehouse_line(name: str, n: int) -> str:
    """'Ann's Warehouse: 3 cards', 'Your Warehouse: 1 card' (public: Warehouses & Depots)."""
    line = _("Your Warehouse: {cards}") if is_you(name) else _("{name}'s Warehouse: {cards}")
    return line.format(name=name, cards=cards(n, ""))


def state_patches(board: Board, geometry: Geometry, marks: Marks = NO_MARKS, /, *,
                  player_colors: Sequence[str] = DEFAULT_PLAYER_COLORS,
                  player_names: Sequence[str] | None = None,
                  **mark_options: Any) -> dict[int, dict[str, Any]]:
    """The game-dependent properties of the figure, as ``{trace index: {property: value}}``,
    for ``marks`` (with ``mark_options``, ``Marks``' fields as keywords).

    Property names use plotly's underscore paths (``marker_color``), ready for
    ``trace.update(**props)``. Raises ``ValueError`` naming the bad route, city or player.
    """
    marks = marks_with(marks, mark_options)
    names = player_labels(player_colors, player_names)
    marks.check(board, len(player_colors))
    return {
        HIGHLIGHT: _highlight_patch(geometry, marks.highlight, marks.highlight_label),
        STATIONS: _stations_patch(board, geometry, marks.stations, player_colors, names,
                                  marks.depots, marks.warehouses),
        LAST_CLAIMS: _last_patch(geometry, marks.last),
        SELECTION: _selection_patch(board, geometry, marks.selected, marks.selected_city),
        ROUTES: _routes_patch(board, geometry, marks.owners, player_colors, names, marks.closed,
                              marks.last),
        MARKED: _marked_patch(board, geometry, marks.marked, marks.marked_label),
        LAST_KEY: {"showlegend": bool(marks.last)},
    }


def player_labels(colors: Sequence[str], names: Sequence[str] | None) -> tuple[str, ...]:
    """One name per player colour (no colours: a board without players, keyed for none); no
    names given: 'player 1'… in the reader's language."""
    if names is None:
        return tuple(_("player {n}").format(n=i + 1) for i in range(len(colors)))
    if len(names) != len(colors):
        raise ValueError(f"player_names: expected {len(colors)} names (one per player colour), "
                         f"got {len(names)}")
    return tuple(names)


def _highlight_patch(geometry: Geometry, routes: Sequence[str], label: str) -> dict[str, Any]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for route_id in routes:
        for x, y in geometry.paths[route_id]:
            xs.append(x)
            ys.append(y)
        xs.append(None)
        ys.append(None)
    name = label or _("highlighted")
    if geometry.legend_right:  # a narrow column: wrap the words
        name = "<br>".join(textwrap.wrap(name, _LEGEND_CHARS)) or name
    return {"x": xs, "y": ys, "name": name, "showlegend": bool(routes)}


def _stations_patch(board: Board, geometry: Geometry, stations: Mapping[str, int],
                    colors: Sequence[str], names: Sequence[str],
                    depots: Mapping[str, int], warehouses: Sequence[int]) -> dict[str, Any]:
    """Stations and (Warehouses & Depots) Depots: one piece per city, each its own symbol; a
    Depot's hover tells its owner's Warehouse size, which is public."""
    pieces = [(c, stations[c], "station") for c in sorted(stations)]
    pieces += [(c, depots[c], "depot") for c in sorted(depots)]
    cities = [city for city, _owner, _kind in pieces]
    at = [geometry.cities[c] for c in cities]
    hover = []
    for city, owner, kind in pieces:
        text = _piece_hover(board, city, kind, names[owner])
        if kind == "depot" and owner < len(warehouses):
            text += "<br>" + _warehouse_line(names[owner], warehouses[owner])
        hover.append(text)
    symbols = {"station": style.STATION_SYMBOL, "depot": style.DEPOT_SYMBOL}
    return {
        "x": [p[0] for p in at],
        "y": [p[1] for p in at],
        "customdata": cities,
        "marker_color": [colors[owner] for _city, owner, _kind in pieces],
        "marker_symbol": [symbols[kind] for _city, _owner, kind in pieces],
        "hovertext": hover,
    }


def _last_patch(geometry: Geometry, last: Mapping[str, int]) -> dict[str, Any]:
    """The bright squares under each space of the players' last claims (route id → player)."""
    spaces = [geometry.spaces[i] for route in last for i in geometry.route_spaces[route]]
    return {"x": [s.x for s in spaces], "y": [s.y for s in spaces]}


def _selection_patch(board: Board, geometry: Geometry, selected: str | None,
                     selected_city: str | None) -> dict[str, Any]:
    points: list[Point] = []
    if selected is not None:
        points.extend((s.x, s.y) for s in (geometry.spaces[i]
                                           for i in geometry.route_spaces[selected]))
    if selected_city is not None:
        points.append(geometry.cities[selected_city])
    return {"x": [p[0] for p in points], "y": [p[1] for p in points]}


def _marked_patch(board: Board, geometry: Geometry, cities: Sequence[str],
                  label: str) -> dict[str, Any]:
    """Rings around the cities to look at (the offered tickets' cities), named in the legend."""
    at = [geometry.cities[c] for c in cities]
    name = label or _("marked")
    if geometry.legend_right:
        name = "<br>".join(textwrap.wrap(name, _LEGEND_CHARS)) or name
    return {"x": [p[0] for p in at], "y": [p[1] for p in at], "name": name,
            "showlegend": bool(cities)}


def _routes_patch(board: Board, geometry: Geometry, owners: Mapping[str, int],
                  colors: Sequence[str], names: Sequence[str],
                  closed: Mapping[str, str], last: Mapping[str, int]) -> dict[str, Any]:
    """Unclaimed spaces in their colour and symbol; claimed ones as large outlined squares in
    the owner's colour that join into one bar (a train on every space), a player's last claim
    named in its hover (its bright edge is the trace under them, ``_last_patch``); a closed
    track (the twin of a claimed double, rule claim.double-small) faded."""
    opacity: list[float] = []
    fill: list[str] = []
    symbol: list[str] = []
    size: list[float] = []
    line_color: list[str] = []
    line_width: list[float] = []
    hover: dict[str, str] = {}
    for space in geometry.spaces:
        route = board.route_by_id[space.route_id]
        owner = owners.get(route.id)
        if route.id not in hover:
            hover[route.id] = route_hover(board, route, None if owner is None else names[owner],
                                          closed.get(route.id))
            if route.id in last:
                hover[route.id] += "<br>" + _last_move(names[last[route.id]])
        opacity.append(style.CLOSED_OPACITY if owner is None and route.id in closed else 1.0)
        if owner is not None:
            fill.append(colors[owner])
            symbol.append(style.claimed_symbol(owner))
            size.append(style.CLAIMED_SIZE)
            line_color.append(style.INK)
            line_width.append(style.CLAIMED_LINE)
            continue
        fill.append(style.ROUTE_FILL[route.color])
        symbol.append(style.LOCOMOTIVE_SYMBOL if space.locomotive
                      else style.ROUTE_SYMBOL[route.color])
        size.append(style.SPACE_SIZE + (3 if space.locomotive else 0))
        line_color.append(style.TUNNEL_INK if route.tunnel else style.INK)
        line_width.append(style.TUNNEL_LINE if route.tunnel else style.SPACE_LINE)
    return {
        "marker_color": fill,
        "marker_symbol": symbol,
        "marker_size": size,
        "marker_line_color": line_color,
        "marker_line_width": line_width,
        "marker_opacity": opacity,
        "hovertext": [hover[s.route_id] for s in geometry.spaces],
    }



# --------------------------------------------------------------------------------------------
# The figure


def map_figure(board: Board, marks: Marks = NO_MARKS, /, **options: Any) -> go.Figure:
    """The board with the game's ``marks`` on it, as a new figure (see the module docstring).

    ``options`` are ``figure_spec``'s: ``Marks``' fields as keywords (``owners=…``,
    ``highlight=…``: they change ``marks``), ``player_colors`` and ``player_names`` (a player's
    colour is ``player_colors[index]``, their name ``player_names[index]``, default
    "player 1"…; ``player_colors=()`` for a board without players), ``width`` and ``height``;
    a misspelt one is a ``TypeError``. The legend ends with a key of the players' colours.
    """
    return unchecked(go.Figure, figure_spec(board, marks, **options))


def figure_spec(board: Board, marks: Marks = NO_MARKS, /, *,
                player_colors: Sequence[str] = DEFAULT_PLAYER_COLORS,
                player_names: Sequence[str] | None = None, width: int = DEFAULT_WIDTH,
                height: int = DEFAULT_HEIGHT, **mark_options: Any) -> dict[str, Any]:
    """``map_figure``'s figure as plain data, ``{"data": [trace dicts], "layout": {...}}``
    (same options, same checks): what ``unchecked`` turns into a figure or a widget."""
    geometry = board_geometry(board, width, height)
    patches = state_patches(board, geometry, marks, player_colors=player_colors,
                            player_names=player_names, **mark_options)
    names = player_labels(player_colors, player_names)
    traces = [*board_traces(board, geometry), *legend_traces(board, player_colors, names)]
    for index, patch in patches.items():
        _merge(traces[index], patch)
    return {"data": traces, "layout": figure_layout(board, geometry)}


FigureT = TypeVar("FigureT", bound="BaseFigure")  # go.Figure or go.FigureWidget


def unchecked(kind: type[FigureT], spec: Mapping[str, Any]) -> FigureT:
    """``kind(spec)`` — a ``go.Figure`` or ``go.FigureWidget`` — built without plotly checking
    each of the board's thousands of values against its schema (most of the cost of starting
    the play app), then checking again for every change made from now on.

    ``spec`` is ``figure_spec``'s own output, whose values plotly accepts unchanged: the
    figure's ``to_plotly_json()`` is the same as the checked one's
    (tests/widgets/test_render_fast.py)."""
    figure = kind(spec, _validate=False)
    figure._validate = True
    figure.layout._validate = True
    for trace in figure.data:
        trace._validate = True
    return figure


def _merge(trace: dict[str, Any], patch: Mapping[str, Any]) -> None:
    """Apply a ``state_patches`` patch to a trace dict: ``marker_line_color`` (plotly's
    underscore path) sets ``trace["marker"]["line"]["color"]``."""
    for path, value in patch.items():
        *parents, leaf = path.split("_")
        node = trace
        for key in parents:
            node = node.setdefault(key, {})
        node[leaf] = value
