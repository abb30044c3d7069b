"""The clickable board: clicks go through plotly's own dispatch and name the right thing;
``show`` redraws the one figure in place."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.widgets import MapView, style
from ttr_widgets.widgets.board.render import CITIES, HIGHLIGHT, ROUTES, STATIONS, map_figure


@pytest.fixture(scope="module", params=("usa", "europe"))
def view(request: pytest.FixtureRequest) -> MapView:
    return MapView(load_map(request.param))


@pytest.fixture
def clicks(view: MapView):  # type: ignore[no-untyped-def]
    """What the view reports, in order, as ``('route', id)`` and ``('city', name)``."""
    seen: list[tuple[str, str]] = []

    def route(route_id: str) -> None:
        seen.append(("route", route_id))

    def city(name: str) -> None:
        seen.append(("city", name))

    view.on_route_click(route)
    view.on_city_click(city)
    yield seen
    view.on_route_click(route, remove=True)
    view.on_city_click(city, remove=True)


def test_the_view_is_a_figure_widget_with_every_trace_of_the_figure(view: MapView) -> None:
    assert isinstance(view.widget, go.FigureWidget)
    assert len(view.widget.data) == len(map_figure(view.board).data)
    assert "application/vnd.jupyter.widget-view+json" in view._repr_mimebundle_()


def test_every_space_of_every_route_clicks_as_that_route(view: MapView,
                                                         clicks: list[tuple[str, str]]) -> None:
    expected = []
    for route in view.board.routes:
        for space in range(route.length):
            view.simulate_route_click(route.id, space)
            expected.append(("route", route.id))
    assert clicks == expected


def test_every_city_clicks_as_that_city(view: MapView, clicks: list[tuple[str, str]]) -> None:
    for city in view.board.cities:
        view.simulate_city_click(city.name)
    assert clicks == [("city", c.name) for c in view.board.cities]


def test_a_station_clicks_as_its_city(view: MapView, clicks: list[tuple[str, str]]) -> None:
    first, second = view.board.cities[0].name, view.board.cities[5].name
    view.show(stations={second: 1, first: 0})
    index = list(view.widget.data[STATIONS].customdata).index(second)
    view.simulate_click(STATIONS, index)
    view.show()
    assert clicks == [("city", second)]


def test_simulated_clicks_reach_callbacks_registered_on_the_trace_itself() -> None:
    """The simulation is plotly's own path: a plain plotly ``on_click`` sees it too, with the
    clicked point on the clicked trace and no points on every other trace."""
    view = MapView(load_map("mini"))
    seen = []
    view.widget.data[ROUTES].on_click(lambda trace, points, state: seen.append(
        (trace.name, list(points.point_inds), state.button)), append=True)
    view.simulate_route_click("m-07", 2)
    view.simulate_city_click("Fife")
    point = view.geometry.route_spaces["m-07"][2]
    assert seen == [("routes", [point], 0), ("routes", [], 0)]


def test_removed_callbacks_are_not_called(view: MapView) -> None:
    seen: list[str] = []
    view.on_route_click(seen.append)
    view.on_route_click(seen.append)  # registering twice keeps one
    view.simulate_route_click(view.board.routes[0].id)
    view.on_route_click(seen.append, remove=True)
    view.simulate_route_click(view.board.routes[0].id)
    assert seen == [view.board.routes[0].id]


def test_show_updates_the_same_figure_in_place(view: MapView) -> None:
    widget, traces = view.widget, tuple(view.widget.data)
    board = view.board
    claimed = board.routes[10]
    view.show(owners={claimed.id: 3}, highlight=[claimed.id], highlight_label="trail",
              selected=board.routes[0].id, stations={board.cities[2].name: 4})
    assert view.widget is widget and tuple(view.widget.data) == traces
    symbols = view.widget.data[ROUTES].marker.symbol
    colors = view.widget.data[ROUTES].marker.color
    for i in view.geometry.route_spaces[claimed.id]:
        assert symbols[i] == style.claimed_symbol(3) == "square-dot"  # player 4's shape
        assert colors[i] == style.DEFAULT_PLAYER_COLORS[3]
    assert symbols.count(style.claimed_symbol(3)) == claimed.length
    assert view.widget.data[HIGHLIGHT].name == "trail"
    assert list(view.widget.data[STATIONS].customdata) == [board.cities[2].name]

    view.show()  # everything not given is cleared
    assert view.widget is widget and tuple(view.widget.data) == traces
    assert style.CLAIMED_SYMBOL not in view.widget.data[ROUTES].marker.symbol
    assert not view.widget.data[HIGHLIGHT].x and not view.widget.data[STATIONS].x


def test_show_refuses_bad_marks_and_leaves_the_figure_alone(view: MapView) -> None:
    route = view.board.routes[0]
    view.show(owners={route.id: 1})
    before = view.widget.to_dict()
    with pytest.raises(ValueError, match="owners: no route 'nowhere'"):
        view.show(owners={route.id: 0, "nowhere": 0})
    with pytest.raises(ValueError, match=r"player 9 is not one of 0\.\.4"):
        view.show(stations={view.board.cities[0].name: 9})
    assert view.widget.to_dict() == before
    view.show()


def test_clicking_an_unknown_route_or_city_is_refused(view: MapView) -> None:
    with pytest.raises(ValueError, match="no route 'x-1'"):
        view.simulate_route_click("x-1")
    with pytest.raises(ValueError, match="no city 'Atlantis'"):
        view.simulate_city_click("Atlantis")


def test_player_colours_and_names_carry_into_show() -> None:
    board = load_map("mini")
    view = MapView(board, player_colors=("#aa0000", "#00aa00"), player_names=("Ann", "Bob"))
    view.show(owners={"m-06": 1})
    i = view.geometry.route_spaces["m-06"][0]
    assert view.widget.data[ROUTES].marker.color[i] == "#00aa00"
    assert "claimed by Bob" in view.widget.data[ROUTES].hovertext[i]
    assert view.widget.data[CITIES].customdata == tuple(c.name for c in board.cities)


def test_a_view_created_after_show_starts_from_the_current_board() -> None:
    view = MapView(load_map("usa"))
    view.show(owners={"usa-001": 1})
    state = view.widget.get_state()  # what a page rendered later (Voila) starts from
    live = view.widget.data[ROUTES].marker.color
    assert list(state["_widget_data"][ROUTES]["marker"]["color"]) == list(live)


def test_set_board_redraws_another_map_in_the_same_figure() -> None:
    view = MapView(load_map("usa"))
    figure, clicked = view.widget, []
    view.on_route_click(clicked.append)
    view.show(owners={"usa-001": 1})
    view.set_board(load_map("europe"), player_colors=style.DEFAULT_PLAYER_COLORS[:3],
                   player_names=["Ann", "Bob", "Cy"])
    assert view.widget is figure and view.board.name == "europe"
    fresh = map_figure(load_map("europe"), player_colors=style.DEFAULT_PLAYER_COLORS[:3],
                       player_names=["Ann", "Bob", "Cy"])
    for trace, expected in zip(view.widget.data, fresh.data, strict=True):
        got, want = trace.to_plotly_json(), expected.to_plotly_json()
        got.pop("uid", None)
        want.pop("uid", None)
        assert got == want
    view.simulate_route_click("eu-001")
    assert clicked == ["eu-001"]
    with pytest.raises(ValueError):
        view.set_board(load_map("usa"), player_names=["only one"])
    assert view.board.name == "europe"  # a refused call changes nothing
