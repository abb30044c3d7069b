"""Pure figure builders: the board as a plotly figure, drawn the way the printed board reads.

``map_figure(board, owners=…, stations=…, highlight=…)`` returns a new ``go.Figure``; it never
touches its arguments. The drawing comes in two parts so a live widget can update in place:

* ``board_geometry(board, width, height)`` (module ``geometry``) — where everything goes
  (cached per board and size): the axis ranges, every train space, every track's polyline,
  where each city's name sits.
* ``state_patches(board, geometry, owners=…, …)`` — the per-point properties that depend on the
  game (colours, symbols, hover text, highlights, stations, selection), as one property dict per
  trace. ``map_figure`` builds with them; ``MapView.show`` assigns them.

``figure_spec(board, …)`` is the same figure as plain data; ``unchecked(go.Figure, spec)`` (or
``go.FigureWidget``) builds it without plotly checking every value, which is most of what
starting the play app costs, and the result is the same figure (tests/widgets/test_render_fast.py).

Trace layout (stable: indices never change, every trace is always present, possibly empty):

====  ===========  ==========================================================================
 0    highlighted  broad band under the highlighted routes (``None``-separated), in the legend
 1    tracks       thin line joining the two cities of each non-tunnel track
 2    tunnels      dashed dark line of each tunnel track
 3    cities       one marker per city, ``customdata`` = city name; clickable
 4    names        each city's name, placed clear of the spaces around it; not clickable
 5    stations     one marker per station (or Depot) at its city, ``customdata`` = city; clickable
 6    selection    ring around the spaces of the selected route and the selected city
 7    routes       one marker per train space, ``customdata`` = route id; clickable, on top
 8    marked       rings around cities to look at (the offered tickets' cities); not clickable
 9..  legend       data-less traces that only feed the legend (one per train colour, ..., then
                   one per player: the key of the players' colours, ``PLAYER_KEYS`` of them)
====  ===========  ==========================================================================

Where things go (``board_geometry``, ``Geometry``, ``Space``) is worked out without plotly in
``geometry``; the names are importable from here too.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import plotly.graph_objects as go

from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.words import count, possessive
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
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

if TYPE_CHECKING:  # plotly's base class, imported only when the first figure is built
    from plotly.basedatatypes import BaseFigure

__all__ = [
    "CITIES",
    "DEFAULT_HEIGHT",
    "DEFAULT_WIDTH",
    "HIGHLIGHT",
    "MARKED",
    "NAMES",
    "PLAYER_KEYS",
    "ROUTES",
    "SELECTION",
    "STATIONS",
    "TRACE_NAMES",
    "TRACKS",
    "TUNNELS",
    "Geometry",
    "Space",
    "board_geometry",
    "figure_spec",
    "map_figure",
    "route_hover",
    "state_patches",
    "unchecked",
]

# Trace indices (see the module docstring).
HIGHLIGHT, TRACKS, TUNNELS, CITIES, NAMES, STATIONS, SELECTION, ROUTES, MARKED = range(9)
TRACE_NAMES: tuple[str, ...] = (
    "highlighted", "tracks", "tunnels", "cities", "names", "stations", "selection", "routes",
    "marked",
)
PLAYER_KEYS = 5  #: legend entries kept for the players' colours (the most players a map takes)
_LEGEND_CHARS = 15  #: a legend name on the right wraps after this many characters
_PITCH = PITCH  #: the old name (tests/test_first_minutes_app.py reads it)



# --------------------------------------------------------------------------------------------
# The game's marks on the board


def route_hover(board: Board, route: Route, owner: str | None = None,
                closed: str | None = None) -> str:
    """What hovering a route says: cities, length, colour, points, tunnel / ferry, owner (or,
    for an open route nobody may claim, ``closed``: why, in the core's words)."""
    lines = [
        f"<b>{_label(board, route.a)} – {_label(board, route.b)}</b>",
        f"length {route.length} · {route.color} · {count(board.route_points(route), 'point')}",
    ]
    if route.tunnel:
        lines.append("tunnel")
    if route.is_ferry:
        n = route.ferry_locomotives
        lines.append(f"ferry: {n} locomotive{'s' if n > 1 else ''} needed")
    if route.double:
        lines.append("double route")
    if owner is not None:
        lines.append(f"claimed by {owner}")
    elif closed:
        lines.extend(["closed, not claimable:", *textwrap.wrap(closed, 40)])
    else:
        lines.append("unclaimed")
    return "<br>".join(lines)


def _label(board: Board, city: str) -> str:
    return board.cities[board.city_index[city]].label


def state_patches(
    board: Board,
    geometry: Geometry,
    *,
    owners: Mapping[str, int] = MappingProxyType({}),
    stations: Mapping[str, int] = MappingProxyType({}),
    player_colors: Sequence[str] = DEFAULT_PLAYER_COLORS,
    player_names: Sequence[str] | None = None,
    highlight: Iterable[str] = (),
    highlight_label: str = "",
    selected: str | None = None,
    selected_city: str | None = None,
    depots: Mapping[str, int] = MappingProxyType({}),
    warehouses: Sequence[int] = (),
    closed: Mapping[str, str] = MappingProxyType({}),
    marked: Iterable[str] = (),
    marked_label: str = "",
) -> dict[int, dict[str, Any]]:
    """The game-dependent properties of the figure, as ``{trace index: {property: value}}``.

    Property names use plotly's underscore paths (``marker_color``), ready for
    ``trace.update(**props)``. Raises ``ValueError`` naming the bad route, city or player.
    """
    names = _player_names(player_colors, player_names)
    _check_owners(board, owners, stations, len(player_colors))
    _check_owners(board, {}, depots, len(player_colors))
    highlighted = _route_ids(board, highlight, "highlight")
    if selected is not None:
        _board_route(board, selected, "selected")
    if selected_city is not None:
        _check_city(board, selected_city, "selected_city")
    closed_routes = {_board_route(board, r, "closed").id: why for r, why in closed.items()}
    if isinstance(marked, str):
        raise ValueError(f"marked: expected city names, got the single string {marked!r}")
    marked_cities = tuple(marked)
    for city in marked_cities:
        _check_city(board, city, "marked")
    return {
        HIGHLIGHT: _highlight_patch(geometry, highlighted, highlight_label),
        STATIONS: _stations_patch(board, geometry, stations, player_colors, names, depots,
                                  warehouses),
        SELECTION: _selection_patch(board, geometry, selected, selected_city),
        ROUTES: _routes_patch(board, geometry, owners, player_colors, names, closed_routes),
        MARKED: _marked_patch(board, geometry, marked_cities, marked_label),
    }


def _player_names(colors: Sequence[str], names: Sequence[str] | None) -> tuple[str, ...]:
    if not colors:
        raise ValueError("player_colors: expected at least one colour")
    if names is None:
        return tuple(f"player {i + 1}" for i in range(len(colors)))
    if len(names) != len(colors):
        raise ValueError(f"player_names: expected {len(colors)} names (one per player colour), "
                         f"got {len(names)}")
    return tuple(names)


def _check_owners(board: Board, owners: Mapping[str, int], stations: Mapping[str, int],
                  players: int) -> None:
    for route_id, player in owners.items():
        _board_route(board, route_id, "owners")
        _check_player(player, players, f"owners[{route_id!r}]")
    for city, player in stations.items():
        _check_city(board, city, "stations")
        _check_player(player, players, f"stations[{city!r}]")


def _check_player(player: int, players: int, where: str) -> None:
    if not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(f"{where}: player {player!r} is not one of 0..{players - 1} "
                         "(one per player colour)")


def _board_route(board: Board, route_id: str, where: str) -> Route:
    """``board``'s route ``route_id``, or a ``ValueError`` naming the argument ``where``."""
    route = board.route_by_id.get(route_id)
    if route is None:
        raise ValueError(f"{where}: no route {route_id!r} on the {board.name} map")
    return route


def _check_city(board: Board, city: str, where: str) -> None:
    if city not in board.city_index:
        raise ValueError(f"{where}: no city {city!r} on the {board.name} map")


def _route_ids(board: Board, ids: Iterable[str], where: str) -> tuple[str, ...]:
    if isinstance(ids, str):
        raise ValueError(f"{where}: expected route ids, got the single string {ids!r}")
    return tuple(_board_route(board, route_id, where).id for route_id in ids)


def _highlight_patch(geometry: Geometry, routes: Sequence[str], label: str) -> dict[str, Any]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for route_id in routes:
        for x, y in geometry.paths[route_id]:
            xs.append(x)
            ys.append(y)
        xs.append(None)
        ys.append(None)
    name = label or "highlighted"
    if geometry.legend_right:  # a narrow column: wrap the words
        name = "<br>".join(textwrap.wrap(name, _LEGEND_CHARS)) or name
    return {"x": xs, "y": ys, "name": name, "showlegend": bool(routes)}


def _stations_patch(board: Board, geometry: Geometry, stations: Mapping[str, int],
                    colors: Sequence[str], names: Sequence[str],
                    depots: Mapping[str, int] = MappingProxyType({}),
                    warehouses: Sequence[int] = ()) -> dict[str, Any]:
    """Stations and (Warehouses & Depots) Depots: one piece per city, each its own symbol; a
    Depot's hover tells its owner's Warehouse size, which is public."""
    pieces = [(c, stations[c], "station") for c in sorted(stations)]
    pieces += [(c, depots[c], "depot") for c in sorted(depots)]
    cities = [board.cities[board.city_index[c]] for c, _, _ in pieces]
    at = [geometry.cities[c.name] for c in cities]
    hover = []
    for city, (_, owner, kind) in zip(cities, pieces, strict=True):
        text = f"<b>{city.label}</b><br>{kind} of {names[owner]}"
        if kind == "depot" and owner < len(warehouses):
            text += f"<br>{possessive(names[owner])} Warehouse: {count(warehouses[owner], 'card')}"
        hover.append(text)
    symbols = {"station": style.STATION_SYMBOL, "depot": style.DEPOT_SYMBOL}
    return {
        "x": [p[0] for p in at],
        "y": [p[1] for p in at],
        "customdata": [c.name for c in cities],
        "marker_color": [colors[owner] for _, owner, _ in pieces],
        "marker_symbol": [symbols[kind] for _, _, kind in pieces],
        "hovertext": hover,
    }


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
    name = label or "marked"
    if geometry.legend_right:
        name = "<br>".join(textwrap.wrap(name, _LEGEND_CHARS)) or name
    return {"x": [p[0] for p in at], "y": [p[1] for p in at], "name": name,
            "showlegend": bool(cities)}


def _routes_patch(board: Board, geometry: Geometry, owners: Mapping[str, int],
                  colors: Sequence[str], names: Sequence[str],
                  closed: Mapping[str, str] = MappingProxyType({})) -> dict[str, Any]:
    """Unclaimed spaces in their colour and symbol; claimed ones as large outlined squares in
    the owner's colour that join into one bar (a train on every space); a closed track (the
    twin of a claimed double, rule claim.double-small) faded."""
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
        opacity.append(style.CLOSED_OPACITY if owner is None and route.id in closed else 1.0)
        if owner is not None:
            fill.append(colors[owner])
            symbol.append(style.CLAIMED_SYMBOL)
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


def map_figure(board: Board, **marks: Any) -> go.Figure:
    """The board with the game's marks on it, as a new figure (see the module docstring);
    ``marks`` are ``figure_spec``'s options (a misspelt one is a ``TypeError``).

    ``owners`` maps route id → player index, ``stations`` city → player index; a player's colour
    is ``player_colors[index]`` and their name ``player_names[index]`` (default "player 1"…).
    ``highlight`` routes get a broad band under them, named ``highlight_label`` in the legend;
    ``selected`` (a route id) and ``selected_city`` get a ring. ``depots`` (city → player) and
    ``warehouses`` (cards in each player's Warehouse) draw Warehouses & Depots. ``closed``
    (route id → why) fades the open tracks nobody may claim and says why on hover; ``marked``
    cities get a ring, named ``marked_label`` in the legend. The legend ends with a key of the
    players' colours.
    """
    return unchecked(go.Figure, figure_spec(board, **marks))


def figure_spec(
    board: Board,
    *,
    owners: Mapping[str, int] = MappingProxyType({}),
    stations: Mapping[str, int] = MappingProxyType({}),
    player_colors: Sequence[str] = DEFAULT_PLAYER_COLORS,
    player_names: Sequence[str] | None = None,
    highlight: Iterable[str] = (),
    highlight_label: str = "",
    selected: str | None = None,
    selected_city: str | None = None,
    depots: Mapping[str, int] = MappingProxyType({}),
    warehouses: Sequence[int] = (),
    closed: Mapping[str, str] = MappingProxyType({}),
    marked: Iterable[str] = (),
    marked_label: str = "",
    width: int = DEFAULT_WIDTH,
    height: int = DEFAULT_HEIGHT,
) -> dict[str, Any]:
    """``map_figure``'s figure as plain data, ``{"data": [trace dicts], "layout": {...}}``
    (same options, same checks): what ``unchecked`` turns into a figure or a widget."""
    geometry = board_geometry(board, width, height)
    patches = state_patches(
        board, geometry, owners=owners, stations=stations, player_colors=player_colors,
        player_names=player_names, highlight=highlight, highlight_label=highlight_label,
        selected=selected, selected_city=selected_city, depots=depots, warehouses=warehouses,
        closed=closed, marked=marked, marked_label=marked_label,
    )
    traces = _static_traces(board, geometry)
    for index, patch in patches.items():
        _merge(traces[index], patch)
    names = _player_names(player_colors, player_names)
    return {"data": [*traces, *_legend_traces(board, player_colors, names)],
            "layout": _layout(board, geometry)}


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


def _static_traces(board: Board, geometry: Geometry) -> list[dict[str, Any]]:
    no_hover: dict[str, Any] = {"hoverinfo": "skip", "showlegend": False}
    tracks = [r for r in board.routes if not r.tunnel]
    tunnels = [r for r in board.routes if r.tunnel]
    spaces = geometry.spaces
    return [
        _scatter(name="highlighted", mode="lines", x=[], y=[], hoverinfo="skip",
                   line={"color": style.HIGHLIGHT, "width": style.HIGHLIGHT_WIDTH},
                   legendrank=2000),
        _scatter(name="tracks", mode="lines", **_polylines(geometry, tracks),
                   line={"color": style.TRACK, "width": 1.5}, **no_hover),
        _scatter(name="tunnels", mode="lines", **_polylines(geometry, tunnels),
                   line={"color": style.TUNNEL_INK, "width": 1.3, "dash": "3px,2px"},
                   **no_hover),
        _scatter(
            name="cities", mode="markers",
            x=[geometry.cities[c.name][0] for c in board.cities],
            y=[geometry.cities[c.name][1] for c in board.cities],
            customdata=[c.name for c in board.cities],
            marker={"size": style.CITY_SIZE, "color": style.CITY_FILL, "symbol": "circle",
                    "line": {"color": style.INK, "width": 2}},
            hovertext=[_city_hover(board, c.name) for c in board.cities],
            hoverinfo="text", showlegend=False,
        ),
        _scatter(
            name="names", mode="text",
            x=[p[0] for p in geometry.labels], y=[p[1] for p in geometry.labels],
            text=[c.label for c in board.cities], textposition="middle center",
            textfont={"size": style.CITY_FONT_SIZE, "color": style.INK, "shadow": "auto"},
            **no_hover,
        ),
        _scatter(
            name="stations", mode="markers", x=[], y=[], customdata=[],
            marker={"size": style.STATION_SIZE, "symbol": style.STATION_SYMBOL,
                    "line": {"color": style.INK, "width": 1.5}},
            hoverinfo="text", showlegend=False,
        ),
        _scatter(
            name="selection", mode="markers", x=[], y=[],
            marker={"size": style.SELECTION_SIZE, "symbol": "circle-open",
                    "color": style.SELECTION, "line": {"width": 3}},
            **no_hover,
        ),
        _scatter(
            name="routes", mode="markers",
            x=[s.x for s in spaces], y=[s.y for s in spaces],
            customdata=[s.route_id for s in spaces],
            hoverinfo="text", showlegend=False,
        ),
        _scatter(
            name="marked", mode="markers", x=[], y=[], hoverinfo="skip", legendrank=2001,
            marker={"size": style.MARKED_SIZE, "symbol": "circle-open", "color": style.MARKED,
                    "line": {"width": 3}},
        ),
    ]


def _scatter(**props: Any) -> dict[str, Any]:
    """A scatter trace as plain data (what ``go.Scatter(**props).to_plotly_json()`` gives)."""
    return {"type": "scatter", **props}


def _city_hover(board: Board, city: str) -> str:
    routes = board.routes_at[city]
    return f"<b>{_label(board, city)}</b><br>{len(routes)} routes"


def _polylines(geometry: Geometry, routes: Iterable[Route]) -> dict[str, list[float | None]]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for route in routes:
        for x, y in geometry.paths[route.id]:
            xs.append(x)
            ys.append(y)
        xs.append(None)
        ys.append(None)
    return {"x": xs, "y": ys}


def _legend_traces(board: Board, colors: Sequence[str],
                   names: Sequence[str]) -> list[dict[str, Any]]:
    """The key: each train colour, the locomotive, a tunnel and a station (on maps that have
    them), then each player's colour as their claimed trains look (``PLAYER_KEYS`` entries,
    the unused ones hidden)."""
    entries = [
        _scatter(name=label, x=[None], y=[None], mode="markers", hoverinfo="skip",
                   marker={"symbol": symbol, "color": fill, "size": style.SPACE_SIZE + 1,
                           "line": {"color": style.INK, "width": style.SPACE_LINE}})
        for label, symbol, fill in style.legend_entries()
    ]
    entries.append(_scatter(
        name="tunnel", x=[None], y=[None], mode="lines+markers", hoverinfo="skip",
        showlegend=any(route.tunnel for route in board.routes),
        line={"color": style.TUNNEL_INK, "width": 1.3, "dash": "3px,2px"},
        marker={"symbol": style.ROUTE_SYMBOL["gray"], "color": style.ROUTE_FILL["gray"],
                "size": style.SPACE_SIZE + 1,
                "line": {"color": style.TUNNEL_INK, "width": style.TUNNEL_LINE}},
    ))
    entries.append(_scatter(
        name="station", x=[None], y=[None], mode="markers", hoverinfo="skip",
        showlegend=board.has_stations,
        marker={"symbol": style.STATION_SYMBOL, "color": DEFAULT_PLAYER_COLORS[0],
                "size": style.STATION_SIZE - 3, "line": {"color": style.INK, "width": 1.5}},
    ))
    for i in range(PLAYER_KEYS):
        used = i < len(colors)
        entries.append(_scatter(
            name=names[i] if used else "", x=[None], y=[None], mode="markers",
            hoverinfo="skip", showlegend=used, legendrank=3000 + i,
            marker={"symbol": style.CLAIMED_SYMBOL, "color": colors[i] if used else style.INK,
                    "size": style.CLAIMED_SIZE, "line": {"color": style.INK,
                                                         "width": style.CLAIMED_LINE}},
        ))
    return entries


def _layout(board: Board, geometry: Geometry) -> dict[str, Any]:
    """Plain axes whose ranges fill the plot area at exactly ``geometry.scale`` (so equal aspect
    holds without ``scaleanchor``); the legend sits in the strip the plot area leaves free, inside
    the figure, so it can never push the margins and shrink the map."""
    axis = {"showgrid": False, "zeroline": False, "showticklabels": False, "ticks": "",
            "showline": False, "fixedrange": True, "visible": False}
    plot_w, plot_h = geometry.plot_size
    x_domain = [0.0, plot_w / geometry.width]
    y_domain = [1.0 - plot_h / geometry.height, 1.0]
    if geometry.legend_right:
        legend = {"orientation": "v", "x": 1.0, "xanchor": "right", "y": 0.5,
                  "yanchor": "middle"}
    else:
        legend = {"orientation": "h", "x": 0.5, "xanchor": "center", "y": 0.0,
                  "yanchor": "bottom", "entrywidth": 62, "entrywidthmode": "pixels"}
    return {
        "width": geometry.width, "height": geometry.height, "autosize": False,
        "margin": {"l": 0, "r": 0, "t": 0, "b": 0, "pad": 0},
        "xaxis": {**axis, "range": list(geometry.x_range), "domain": x_domain},
        "yaxis": {**axis, "range": list(geometry.y_range), "domain": y_domain},
        "plot_bgcolor": style.BACKGROUND, "paper_bgcolor": style.BACKGROUND,
        "hovermode": "closest", "hoverdistance": 12, "clickmode": "event", "dragmode": False,
        "showlegend": True,
        "legend": {**legend, "font": {"size": 10, "color": style.INK}, "itemclick": False,
                   "itemdoubleclick": False, "bgcolor": "rgba(0,0,0,0)", "tracegroupgap": 0},
        "font": {"family": "Helvetica, Arial, sans-serif"},
        "meta": {"map": board.name},
    }
