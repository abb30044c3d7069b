"""The board built without plotly's per-value checks is the same board, and stays checked.

``render.unchecked`` skips plotly's validation when the figure is built (most of what starting
the play app costs); these tests prove the figure it gives is exactly the one plotly's checked
build gives, on the USA and Europe maps, blank and with every kind of mark, and that changes
made afterwards are checked as before.
"""

from __future__ import annotations

import copy
from typing import Any

import plotly.graph_objects as go
import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.render import (
    CITIES,
    DEFAULT_HEIGHT,
    DEFAULT_WIDTH,
    ROUTES,
    board_geometry,
    figure_spec,
    map_figure,
    state_patches,
    unchecked,
)

MAPS = ("usa", "europe")


def marks(board: Board) -> dict[str, Any]:
    """One of every mark the board draws: owned routes, a highlight, a selection, a closed
    twin, ringed cities, named players, and stations and Depots where the map has them."""
    routes, cities = board.routes, board.cities
    options: dict[str, Any] = {
        "owners": {routes[0].id: 0, routes[5].id: 1},
        "highlight": [routes[3].id, routes[9].id], "highlight_label": "the shortest path",
        "selected": routes[2].id, "selected_city": cities[0].name,
        "marked": [cities[1].name, cities[2].name], "marked_label": "your tickets",
        "closed": {routes[7].id: "its twin is taken"},
        "player_colors": ("#d62728", "#1f77b4"), "player_names": ("Ada", "Bo"),
    }
    if board.has_stations:
        options["stations"] = {cities[4].name: 1}
        options["depots"] = {cities[6].name: 0}
        options["warehouses"] = (3, 1)
    return options


def checked(board: Board, options: dict[str, Any]) -> dict[str, Any]:
    """The figure plotly builds checking every value (the slow path), as JSON: the spec built
    into a checked figure, then the game's marks assigned by plotly's own underscore paths
    (``marker_line_color``) as the board was drawn before, so a mark the fast path put in the
    wrong place or left out shows as a difference."""
    figure = go.Figure(copy.deepcopy(figure_spec(board, **options)))
    patches = state_patches(board, board_geometry(board, DEFAULT_WIDTH, DEFAULT_HEIGHT),
                            **{k: v for k, v in options.items() if k not in ("width", "height")})
    for index, patch in patches.items():
        figure.data[index].update(**patch)
    return dict(figure.to_plotly_json())


def without_uids(figure: dict[str, Any]) -> dict[str, Any]:
    """A widget's JSON without the random ``uid`` plotly gives each widget trace."""
    for trace in figure["data"]:
        trace.pop("uid")
    return figure


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("marked", [False, True], ids=["blank", "marked"])
def test_map_figure_is_the_checked_figure(name: str, marked: bool) -> None:
    board = load_map(name)
    options = marks(board) if marked else {}
    fast = map_figure(board, **options).to_plotly_json()
    assert fast == checked(board, options)
    assert len(fast["data"]) > ROUTES and fast["layout"]["template"]  # a whole figure


@pytest.mark.parametrize("name", MAPS)
def test_map_view_widget_is_the_checked_figure(name: str) -> None:
    board = load_map(name)
    view = MapView(board)
    slow = go.FigureWidget(figure_spec(board))  # checked, as the board was built before
    assert without_uids(view.widget.to_plotly_json()) == without_uids(slow.to_plotly_json())


@pytest.mark.parametrize("name", MAPS)
def test_marks_drawn_later_match_the_checked_widget(name: str) -> None:
    board = load_map(name)
    options = marks(board)
    view = MapView(board, player_colors=options.pop("player_colors"),
                   player_names=options.pop("player_names"))
    view.show(**options)
    options.update(player_colors=view.player_colors, player_names=view.player_names)
    assert without_uids(view.widget.to_plotly_json()) == checked(board, options)


@pytest.mark.parametrize("kind", [go.Figure, go.FigureWidget])
def test_changes_after_the_build_are_checked(kind: type[go.Figure]) -> None:
    figure = unchecked(kind, figure_spec(load_map("usa")))
    with pytest.raises(ValueError):
        figure.data[ROUTES].marker.line.update(widht=2)  # a typo plotly refuses
    with pytest.raises(ValueError):
        figure.layout.xaxis.update(rnage=[0, 1])
    with pytest.raises(ValueError):
        figure.data[CITIES].update(mode=12)
    figure.data[ROUTES].update(marker_size=20)  # a good change still goes through
    assert figure.data[ROUTES].marker.size == 20
