"""The board as printed: what stays the same through a game, as plain trace data.

``board_traces(board, geometry)`` gives the figure's first traces in their stable order
(``TRACE_NAMES``: the highlight band, tracks, tunnels, cities, names, the stations' trace, the
last claims' bright edge, the selection ring, the train spaces, the marked cities), each with
its fixed look and, for the traces the game changes, nothing in it yet; ``legend_traces`` the
key (train colours, tunnel, station, then each player's colour, ``PLAYER_KEYS`` of them, the
last claims, the marked cities and last the highlight, whose label may be long);
``figure_layout`` the axes and the legend's place. ``render`` adds the game's marks
(``render.state_patches``) and builds the figure; nothing here imports plotly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.words import colour_name
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.geometry import Geometry
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = ["CITIES", "HIGHLIGHT", "LAST_CLAIMS", "LAST_KEY", "MARKED", "NAMES", "PLAYER_KEYS",
           "ROUTES",
           "SELECTION", "STATIONS", "TRACE_NAMES", "TRACKS", "TUNNELS", "board_traces",
           "figure_layout", "legend_traces", "printed_words", "scatter"]

# Trace indices (render's module docstring has the table).
HIGHLIGHT, TRACKS, TUNNELS, CITIES, NAMES, STATIONS, LAST_CLAIMS, SELECTION, ROUTES, MARKED = \
    range(10)
TRACE_NAMES: tuple[str, ...] = (
    "highlighted", "tracks", "tunnels", "cities", "names", "stations", "last claimed",
    "selection", "routes", "marked",
)
PLAYER_KEYS = 5  #: legend entries kept for the players' colours (the most players a map takes)


def board_traces(board: Board, geometry: Geometry) -> list[dict[str, Any]]:
    no_hover: dict[str, Any] = {"hoverinfo": "skip", "showlegend": False}
    tracks = [r for r in board.routes if not r.tunnel]
    tunnels = [r for r in board.routes if r.tunnel]
    spaces = geometry.spaces
    return [
        scatter(name="highlighted", mode="lines", x=[], y=[], hoverinfo="skip",
                   line={"color": style.HIGHLIGHT, "width": style.HIGHLIGHT_WIDTH},
                   legendrank=4002),  # the key's last entry: its long label (e.g. "Longest
        # Continuous Path bonus") overflows no entry after it (the key's columns are narrow)
        scatter(name="tracks", mode="lines", **_polylines(geometry, tracks),
                   line={"color": style.TRACK, "width": 1.5}, **no_hover),
        scatter(name="tunnels", mode="lines", **_polylines(geometry, tunnels),
                   line={"color": style.TUNNEL_INK, "width": 1.3, "dash": "3px,2px"},
                   **no_hover),
        scatter(
            name="cities", mode="markers",
            x=[geometry.cities[c.name][0] for c in board.cities],
            y=[geometry.cities[c.name][1] for c in board.cities],
            customdata=[c.name for c in board.cities],
            marker={"size": style.CITY_SIZE, "color": style.CITY_FILL, "symbol": "circle",
                    "line": {"color": style.INK, "width": 2}},
            hovertext=[_city_hover(board, c.name) for c in board.cities],
            hoverinfo="text", showlegend=False,
        ),
        scatter(
            name="names", mode="text",
            x=[p[0] for p in geometry.labels], y=[p[1] for p in geometry.labels],
            text=[c.label for c in board.cities], textposition="middle center",
            textfont={"size": style.CITY_FONT_SIZE, "color": style.INK, "shadow": "auto"},
            **no_hover,
        ),
        scatter(
            name="stations", mode="markers", x=[], y=[], customdata=[],
            marker={"size": style.STATION_SIZE, "symbol": style.STATION_SYMBOL,
                    "line": {"color": style.INK, "width": 1.5}},
            hoverinfo="text", showlegend=False,
        ),
        scatter(  # under the spaces: a bright edge outside the owner's trains, never over them
            name="last claimed", mode="markers", x=[], y=[],
            marker={"size": style.CLAIMED_SIZE + 2 * style.LAST_RING, "symbol": "square",
                    "color": style.LAST, "line": {"width": 0}},
            **no_hover,
        ),
        scatter(
            name="selection", mode="markers", x=[], y=[],
            marker={"size": style.SELECTION_SIZE, "symbol": "circle-open",
                    "color": style.SELECTION, "line": {"width": 3}},
            **no_hover,
        ),
        scatter(
            name="routes", mode="markers",
            x=[s.x for s in spaces], y=[s.y for s in spaces],
            customdata=[s.route_id for s in spaces],
            hoverinfo="text", showlegend=False,
        ),
        scatter(
            name="marked", mode="markers", x=[], y=[], hoverinfo="skip", legendrank=4001,
            # after the last claims' key, before the highlight's: long labels come last
            marker={"size": style.MARKED_SIZE, "symbol": "circle-open", "color": style.MARKED,
                    "line": {"width": 3}},
        ),
    ]


def scatter(**props: Any) -> dict[str, Any]:
    """A scatter trace as plain data (what ``go.Scatter(**props).to_plotly_json()`` gives)."""
    return {"type": "scatter", **props}


def _city_hover(board: Board, city: str) -> str:
    """'<b>Denver</b><br>9 routes' (French '9 routes'; '1 route'), in the reader's language."""
    n = len(board.routes_at[city])
    return f"<b>{board.city_label(city)}</b><br>" + ngettext("{n} route", "{n} routes",
                                                             n).format(n=n)


def _legend_names(names: Sequence[str]) -> list[str]:
    """The key's names in its order (``legend_traces``), in the reader's language: each train
    colour and the locomotive ('rouge', 'gris', 'locomotive'), a tunnel, a station, the
    players' own names (``PLAYER_KEYS`` of them, '' for the unused ones), the last claims."""
    colours = [colour_name(label) for label, _symbol, _fill in style.legend_entries()]
    players = [names[i] if i < len(names) else "" for i in range(PLAYER_KEYS)]
    return [*colours, _("tunnel"), _("station"), *players, _("last claims")]


def printed_words(board: Board, names: Sequence[str]) -> dict[int, dict[str, Any]]:
    """The printed board's words, as ``{trace index: {property: value}}`` (``state_patches``'
    form): the cities' hover texts and the key's names, in the language now. A live board
    whose language changed after it was drawn assigns them (``MapView.show``)."""
    words: dict[int, dict[str, Any]] = {
        CITIES: {"hovertext": [_city_hover(board, c.name) for c in board.cities]}}
    for offset, name in enumerate(_legend_names(names)):
        words[len(TRACE_NAMES) + offset] = {"name": name}
    return words


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


def legend_traces(board: Board, colors: Sequence[str],
                   names: Sequence[str]) -> list[dict[str, Any]]:
    """The key: each train colour, the locomotive, a tunnel and a station (on maps that have
    them), then each player's colour as their claimed trains look (``PLAYER_KEYS`` entries,
    the unused ones hidden)."""
    labels = iter(_legend_names(names))
    entries = [
        scatter(name=next(labels), x=[None], y=[None], mode="markers", hoverinfo="skip",
                   marker={"symbol": symbol, "color": fill, "size": style.SPACE_SIZE + 1,
                           "line": {"color": style.INK, "width": style.SPACE_LINE}})
        for _label, symbol, fill in style.legend_entries()
    ]
    entries.append(scatter(
        name=next(labels), x=[None], y=[None], mode="lines+markers", hoverinfo="skip",
        showlegend=any(route.tunnel for route in board.routes),
        line={"color": style.TUNNEL_INK, "width": 1.3, "dash": "3px,2px"},
        marker={"symbol": style.ROUTE_SYMBOL["gray"], "color": style.ROUTE_FILL["gray"],
                "size": style.SPACE_SIZE + 1,
                "line": {"color": style.TUNNEL_INK, "width": style.TUNNEL_LINE}},
    ))
    entries.append(scatter(
        name=next(labels), x=[None], y=[None], mode="markers", hoverinfo="skip",
        showlegend=board.has_stations,
        marker={"symbol": style.STATION_SYMBOL, "color": DEFAULT_PLAYER_COLORS[0],
                "size": style.STATION_SIZE - 3, "line": {"color": style.INK, "width": 1.5}},
    ))
    for i in range(PLAYER_KEYS):
        used = i < len(colors)
        entries.append(scatter(
            name=next(labels), x=[None], y=[None], mode="markers",
            hoverinfo="skip", showlegend=used, legendrank=3000 + i,
            marker={"symbol": style.claimed_symbol(i), "color": colors[i] if used else style.INK,
                    "size": style.CLAIMED_SIZE, "line": {"color": style.INK,
                                                         "width": style.CLAIMED_LINE}},
        ))
    entries.append(scatter(  # LAST_KEY: shown while a last claim is outlined
        name=next(labels), x=[None], y=[None], mode="markers", hoverinfo="skip",
        showlegend=False, legendrank=4000,  # before the highlight's and marked's long labels
        marker={"symbol": style.CLAIMED_SYMBOL, "color": style.BACKGROUND,
                "size": style.CLAIMED_SIZE, "line": {"color": style.LAST,
                                                     "width": style.LAST_RING}},
    ))
    return entries


#: The index of the key's "last claims" entry: after the printed traces, the train colours, the
#: tunnel, the station and the players' keys (``legend_traces``).
LAST_KEY = len(TRACE_NAMES) + len(style.legend_entries()) + 2 + PLAYER_KEYS


def figure_layout(board: Board, geometry: Geometry) -> dict[str, Any]:
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
