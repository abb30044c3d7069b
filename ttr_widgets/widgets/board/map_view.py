"""The board as a live, clickable widget: one ``go.FigureWidget``, updated in place.

``MapView`` wraps the figure ``render.map_figure`` draws. Clicking a train space calls the
route callbacks with the route id; clicking a city (or a station on it) calls the city callbacks
with the city name. ``show(marks)`` redraws the game's marks (``marks.Marks``, one value) inside
one ``batch_update`` — same figure, same traces, so the ~5 MB plotly bundle is shipped once and
the page never flickers. The board's words (the key, the hover texts) are in the language of the
last ``show``: a page whose language changed draws its table again (``PlayApp.relabel``), and
``show`` then tells the printed board's words again too (``printed.printed_words``).

    view = MapView(load_map("usa"))
    view.on_route_click(lambda route_id: print("clicked", route_id))
    view.show(Marks(owners={"usa-017": 0}, highlight=("usa-017",)))
    view.show(owners={"usa-017": 0}, highlight=["usa-017"])   # the same, as keywords
    view            # or put view.widget in a VBox
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import plotly.graph_objects as go

from ttr_widgets.rules import i18n
from ttr_widgets.rules.model import Board
from ttr_widgets.widgets.board.marks import NO_MARKS, Marks, marks_with
from ttr_widgets.widgets.board.printed import printed_words
from ttr_widgets.widgets.board.render import (
    CITIES,
    DEFAULT_HEIGHT,
    DEFAULT_WIDTH,
    ROUTES,
    STATIONS,
    Geometry,
    board_geometry,
    figure_spec,
    map_figure,
    player_labels,
    state_patches,
    unchecked,
)
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = ["MapView"]

RouteCallback = Callable[[str], object]
CityCallback = Callable[[str], object]


class MapView:
    """A board you can click. ``widget`` is the ``go.FigureWidget`` to display or to put in a
    box; the ``MapView`` itself also displays as that widget in a notebook."""

    def __init__(
        self,
        board: Board,
        *,
        player_colors: Sequence[str] = DEFAULT_PLAYER_COLORS,
        player_names: Sequence[str] | None = None,
        width: int = DEFAULT_WIDTH,
        height: int = DEFAULT_HEIGHT,
    ) -> None:
        self.board = board
        self.width, self.height = width, height
        self.player_colors = tuple(player_colors)
        self.player_names = None if player_names is None else tuple(player_names)
        self.geometry: Geometry = board_geometry(board, width, height)
        spec = figure_spec(board, player_colors=self.player_colors,
                           player_names=self.player_names, width=width, height=height)
        # Every trace goes to the constructor: traces added later may never reach the browser.
        self.widget = unchecked(go.FigureWidget, spec)
        self.language = i18n.language()  #: the language the board's words are in
        self.marks: Marks = NO_MARKS  #: the marks the board shows (``show``)
        self._route_callbacks: list[RouteCallback] = []
        self._city_callbacks: list[CityCallback] = []
        self.widget.data[ROUTES].on_click(self._route_clicked)
        self.widget.data[CITIES].on_click(self._city_clicked)
        self.widget.data[STATIONS].on_click(self._city_clicked)

    def __repr__(self) -> str:
        return f"MapView({self.board!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- callbacks ------------------------------------------------------------------------

    def on_route_click(self, callback: RouteCallback, *, remove: bool = False) -> None:
        """Call ``callback(route_id)`` when a train space is clicked (``remove=True`` stops)."""
        _register(self._route_callbacks, callback, remove)

    def on_city_click(self, callback: CityCallback, *, remove: bool = False) -> None:
        """Call ``callback(city)`` when a city or a station is clicked (``remove=True`` stops)."""
        _register(self._city_callbacks, callback, remove)

    def _route_clicked(self, trace: Any, points: Any, state: Any) -> None:
        # plotly calls every trace's handler on every click; only the clicked trace has points.
        if points.point_inds:
            route_id = trace.customdata[points.point_inds[0]]
            for callback in tuple(self._route_callbacks):
                callback(route_id)

    def _city_clicked(self, trace: Any, points: Any, state: Any) -> None:
        if points.point_inds:
            city = trace.customdata[points.point_inds[0]]
            for callback in tuple(self._city_callbacks):
                callback(city)

    # -- drawing --------------------------------------------------------------------------

    def show(self, marks: Marks = NO_MARKS, /, **mark_options: Any) -> None:
        """Draw exactly these marks (anything not given is cleared), in place: ``marks``
        (``marks.Marks``) or its fields as keywords (``show(owners=…, highlight=…)``), as
        ``render.map_figure`` takes them. ``marks`` is then what the board shows.

        Everything is checked before the figure is touched: a bad route, city or player raises
        ``ValueError`` and leaves it as it was.
        """
        marks = marks_with(marks, mark_options)
        patches = state_patches(self.board, self.geometry, marks,
                                player_colors=self.player_colors,
                                player_names=self.player_names)
        language = i18n.language()
        if language != self.language:  # the key and the cities' hovers in the language now
            patches = _joined(printed_words(
                self.board, player_labels(self.player_colors, self.player_names)), patches)
        with self.widget.batch_update():
            for index, patch in patches.items():
                self.widget.data[index].update(**patch)
        self.marks, self.language = marks, language
        _keep_new_views_current(self.widget)

    def set_board(self, board: Board, *, player_colors: Sequence[str] | None = None,
                  player_names: Sequence[str] | None = None) -> None:
        """Draw another map, or the same map for other players, in this same figure (a page
        keeps one FigureWidget: each new one ships plotly's bundle again). Marks are cleared;
        click callbacks stay."""
        colors = self.player_colors if player_colors is None else tuple(player_colors)
        figure = map_figure(board, player_colors=colors, player_names=player_names,
                            width=self.width, height=self.height)  # checks before touching
        self.board, self.player_colors = board, colors
        self.player_names = None if player_names is None else tuple(player_names)
        self.geometry = board_geometry(board, self.width, self.height)
        self.marks, self.language = NO_MARKS, i18n.language()
        with self.widget.batch_update():
            for trace, new in zip(self.widget.data, figure.data, strict=True):
                props = new.to_plotly_json()
                props.pop("type", None)
                trace.update(props, overwrite=True)
            self.widget.layout.update(figure.layout.to_plotly_json(), overwrite=True)
        _keep_new_views_current(self.widget)

    # -- simulated clicks -----------------------------------------------------------------

    def simulate_route_click(self, route_id: str, space: int = 0) -> None:
        """Click train space ``space`` of ``route_id`` as the browser would (see ``simulate``)."""
        spaces = self.geometry.route_spaces.get(route_id)
        if spaces is None:
            raise ValueError(f"no route {route_id!r} on the {self.board.name} map")
        self.simulate_click(ROUTES, spaces[space])

    def simulate_city_click(self, city: str) -> None:
        """Click the marker of ``city`` as the browser would (see ``simulate``)."""
        if city not in self.board.city_index:
            raise ValueError(f"no city {city!r} on the {self.board.name} map")
        self.simulate_click(CITIES, self.board.city_index[city])

    def simulate_click(self, trace_index: int, point_index: int) -> None:
        """Deliver a click on one point the way the browser does: the front end sets the
        widget's ``_js2py_pointsCallback`` trait to this message, and plotly's own handler
        turns it into one ``Points`` per trace and calls every trace's click callbacks."""
        trace = self.widget.data[trace_index]
        self.widget._js2py_pointsCallback = {
            "event_type": "plotly_click",
            "points": {
                "trace_indexes": [trace_index],
                "point_indexes": [point_index],
                "xs": [trace.x[point_index]],
                "ys": [trace.y[point_index]],
            },
            "device_state": {"alt": False, "ctrl": False, "meta": False, "shift": False,
                             "button": 0, "buttons": 1},
            "selector": None,
        }


def _keep_new_views_current(widget: go.FigureWidget) -> None:
    """Let a view created from now on start from the figure as it is, not as it was built.

    plotly sends updates to the views that exist and refreshes the state a NEW view starts from
    (``_widget_data``) only when the FigureWidget itself is displayed. A board inside a box
    shown after updates — every Voila page: the notebook runs, then the page renders — would
    start from the empty board. Pointing that state at the live data (without a message: the
    front end reads it when it asks for the widget's state) fixes this and costs nothing."""
    widget._trait_values["_widget_data"] = widget._data
    widget._trait_values["_widget_layout"] = widget._layout


def _joined(first: dict[int, dict[str, Any]],
            then: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Two ``{trace index: {property: value}}`` patches as one (``then``'s values win)."""
    joined = {index: dict(props) for index, props in first.items()}
    for index, props in then.items():
        joined.setdefault(index, {}).update(props)
    return joined


def _register(callbacks: list[Callable[[str], object]], callback: Callable[[str], object],
              remove: bool) -> None:
    if remove:
        if callback in callbacks:
            callbacks.remove(callback)
    elif callback not in callbacks:
        callbacks.append(callback)
