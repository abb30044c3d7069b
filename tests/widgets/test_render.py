"""The board drawing: every route drawn as its train spaces, clickable, legible, marked."""

from __future__ import annotations

import math
import re
from itertools import combinations, pairwise

import plotly.graph_objects as go
import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import COLORS, GRAY, Board, Route
from ttr_widgets.rules.words import count
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.render import (
    CITIES,
    HIGHLIGHT,
    NAMES,
    ROUTES,
    SELECTION,
    STATIONS,
    TRACE_NAMES,
    TUNNELS,
    Geometry,
    board_geometry,
    map_figure,
)

MAPS = ("usa", "europe", "mini")


def route_between(board: Board, a: str, b: str) -> tuple[Route, ...]:
    return tuple(r for r in board.routes if {r.a, r.b} == {a, b})


def spaces_of(figure: go.Figure, route_id: str) -> list[int]:
    return [i for i, rid in enumerate(figure.data[ROUTES].customdata) if rid == route_id]


def px(geometry: Geometry, p: tuple[float, float], q: tuple[float, float]) -> float:
    return math.dist(p, q) * geometry.scale


@pytest.fixture(scope="module", params=MAPS)
def board(request: pytest.FixtureRequest) -> Board:
    return load_map(request.param)


@pytest.fixture(scope="module")
def usa() -> Board:
    return load_map("usa")


@pytest.fixture(scope="module")
def europe() -> Board:
    return load_map("europe")


# -- every route is there, as its train spaces ---------------------------------------------


@pytest.mark.parametrize(("name", "routes", "spaces"), [("usa", 100, 309), ("europe", 101, 300)])
def test_every_route_has_one_marker_per_train_space(name: str, routes: int, spaces: int) -> None:
    board = load_map(name)
    figure = map_figure(board)
    ids = list(figure.data[ROUTES].customdata)
    assert len(board.routes) == routes
    assert len(ids) == spaces
    for route in board.routes:
        assert ids.count(route.id) == route.length, route


def test_the_trace_layout_is_stable(board: Board) -> None:
    figure = map_figure(board)
    assert tuple(t.name for t in figure.data[: len(TRACE_NAMES)]) == TRACE_NAMES
    assert all(isinstance(t, go.Scatter) for t in figure.data)
    # routes are drawn after (on top of) every trace that has points
    assert all(len(t.x or ()) == 0 or t.x == (None,) for t in figure.data[ROUTES + 1:])


def test_spaces_of_a_route_run_evenly_from_a_to_b(usa: Board) -> None:
    geometry = board_geometry(usa)
    (route,) = route_between(usa, "Denver", "Kansas City")[:1]
    spaces = [geometry.spaces[i] for i in geometry.route_spaces[route.id]]
    a = geometry.cities[route.a]
    gaps = [px(geometry, (s.x, s.y), (t.x, t.y)) for s, t in pairwise(spaces)]
    assert [s.number for s in spaces] == list(range(route.length))
    assert px(geometry, a, (spaces[0].x, spaces[0].y)) < px(geometry, a, (spaces[-1].x,
                                                                         spaces[-1].y))
    assert max(gaps) - min(gaps) < 0.5


def test_no_train_space_sits_under_any_city_marker(board: Board) -> None:
    geometry = board_geometry(board)
    least = style.CITY_SIZE / 2 + style.SPACE_SIZE / 2
    for space in geometry.spaces:
        for city in geometry.cities.values():
            assert px(geometry, (space.x, space.y), city) >= least, space


def test_spaces_of_different_routes_never_overlap(board: Board) -> None:
    geometry = board_geometry(board)
    for s, t in combinations(geometry.spaces, 2):
        if s.route_id != t.route_id:
            assert px(geometry, (s.x, s.y), (t.x, t.y)) >= style.SPACE_SIZE, (s, t)


def test_double_routes_run_side_by_side(board: Board) -> None:
    geometry = board_geometry(board)
    doubles = [r for r in board.routes if r.double and r.id < r.double]
    assert doubles
    for route in doubles:
        mine = [geometry.spaces[i] for i in geometry.route_spaces[route.id]]
        twin = [geometry.spaces[i] for i in geometry.route_spaces[route.double or ""]]
        for space in mine:
            nearest = min(px(geometry, (space.x, space.y), (t.x, t.y)) for t in twin)
            # beside its twin, with a clear gap of 7 px between the two tracks' spaces (easy
            # to tell apart and to click), yet no further than the two tracks' spacing
            assert style.SPACE_SIZE + 6.9 <= nearest <= style.SPACE_SIZE + 10.5, (route, space)


def test_a_small_figure_bends_crowded_routes_and_keeps_cities_clickable() -> None:
    board = load_map("europe")
    geometry = board_geometry(board, 640, 400)
    bent = [r for r in board.routes if len(geometry.paths[r.id]) > 2]
    assert bent  # too little room for some routes' spaces on a straight line
    least = style.CITY_SIZE / 2 + style.SPACE_SIZE / 2
    for space in geometry.spaces:
        for city in geometry.cities.values():
            assert px(geometry, (space.x, space.y), city) >= least, space
    for route in bent:
        spaces = [geometry.spaces[i] for i in geometry.route_spaces[route.id]]
        steps = [px(geometry, (s.x, s.y), (t.x, t.y)) for s, t in pairwise(spaces)]
        assert all(step >= style.SPACE_SIZE - 0.5 for step in steps), route


def test_cities_stay_close_to_their_map_positions(board: Board) -> None:
    geometry = board_geometry(board)
    assert list(geometry.cities) == [c.name for c in board.cities]
    for city in board.cities:
        assert px(geometry, (city.x, city.y), geometry.cities[city.name]) <= 40, city.name


# -- legible, offline, sized for a laptop ---------------------------------------------------


def test_figure_is_plain_axes_with_equal_aspect_sized_for_a_laptop(board: Board) -> None:
    figure = map_figure(board)
    layout = figure.layout
    assert layout.width <= 960 and layout.height <= 600
    assert not {"geo", "map", "mapbox"} & set(layout.to_plotly_json())
    assert {t.type for t in figure.data} == {"scatter"}
    assert layout.xaxis.visible is False and layout.xaxis.showgrid is False
    geometry = board_geometry(board)
    plot_w, plot_h = geometry.plot_size
    x_per_px = (layout.xaxis.range[1] - layout.xaxis.range[0]) / plot_w
    y_per_px = (layout.yaxis.range[1] - layout.yaxis.range[0]) / plot_h
    assert x_per_px == pytest.approx(y_per_px)
    assert plot_w / layout.width == pytest.approx(layout.xaxis.domain[1] - layout.xaxis.domain[0])
    assert plot_h / layout.height == pytest.approx(layout.yaxis.domain[1]
                                                   - layout.yaxis.domain[0])


def test_city_names_are_inside_the_plot_and_do_not_overlap(board: Board) -> None:
    geometry = board_geometry(board)
    width = style.CITY_FONT_SIZE * 0.5

    def box(i: int) -> tuple[float, float, float, float]:
        x, y = geometry.labels[i]
        half = len(board.cities[i].label) * width / 2 / geometry.scale
        high = style.CITY_FONT_SIZE / 2 / geometry.scale
        return (x - half, y - high, x + half, y + high)

    boxes = [box(i) for i in range(len(board.cities))]
    for b in boxes:
        assert geometry.x_range[0] <= b[0] and b[2] <= geometry.x_range[1]
        assert geometry.y_range[0] <= b[1] and b[3] <= geometry.y_range[1]
    for (i, p), (j, q) in combinations(enumerate(boxes), 2):
        overlap = p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]
        assert not overlap, (board.cities[i].name, board.cities[j].name)
    names = map_figure(board).data[NAMES]
    assert list(names.text) == [c.label for c in board.cities]
    assert names.hoverinfo == "skip"  # names never take a click


def test_map_figure_draws_display_names(europe: Board) -> None:
    figure = map_figure(europe)
    assert "Zürich" in figure.data[NAMES].text
    assert "Zurich" in figure.data[CITIES].customdata


# -- colours, symbols, tunnels, ferries -----------------------------------------------------


def test_every_train_colour_has_its_own_symbol_and_fill() -> None:
    symbols = [style.ROUTE_SYMBOL[c] for c in (*COLORS, GRAY)]
    assert len(set(symbols)) == 9
    assert style.LOCOMOTIVE_SYMBOL not in symbols and style.CLAIMED_SYMBOL not in symbols
    assert len({style.ROUTE_FILL[c] for c in (*COLORS, GRAY)}) == 9
    legend = [label for label, _, _ in style.legend_entries()]
    assert legend[:9] == [*COLORS, GRAY]


def test_unclaimed_spaces_show_their_colour_and_symbol(europe: Board) -> None:
    trace = map_figure(europe).data[ROUTES]
    geometry = board_geometry(europe)
    for i, space in enumerate(geometry.spaces):
        route = europe.route(space.route_id)
        assert trace.marker.color[i] == style.ROUTE_FILL[route.color]
        expected = (style.LOCOMOTIVE_SYMBOL if space.locomotive
                    else style.ROUTE_SYMBOL[route.color])
        assert trace.marker.symbol[i] == expected


def test_ferries_show_their_locomotive_spaces_first(europe: Board, usa: Board) -> None:
    (route,) = route_between(europe, "Palermo", "Smyrna")
    figure = map_figure(europe)
    symbols = [figure.data[ROUTES].marker.symbol[i] for i in spaces_of(figure, route.id)]
    assert symbols == [style.LOCOMOTIVE_SYMBOL] * 2 + [style.ROUTE_SYMBOL[GRAY]] * 4
    assert list(figure.data[ROUTES].marker.symbol).count(style.LOCOMOTIVE_SYMBOL) == 17
    assert style.LOCOMOTIVE_SYMBOL not in map_figure(usa).data[ROUTES].marker.symbol


def test_tunnels_are_outlined_and_dashed(europe: Board) -> None:
    figure = map_figure(europe)
    trace = figure.data[ROUTES]
    for i, route_id in enumerate(trace.customdata):
        tunnel = europe.route(route_id).tunnel
        assert (trace.marker.line.width[i] == style.TUNNEL_LINE) is tunnel
        assert (trace.marker.line.color[i] == style.TUNNEL_INK) is tunnel
    tunnels = figure.data[TUNNELS]
    assert tunnels.line.dash
    assert list(tunnels.x).count(None) == sum(r.tunnel for r in europe.routes) == 18


@pytest.mark.parametrize(("a", "b", "needles"), [
    ("Petrograd", "Stockholm", ("Petrograd – Stockholm", "length 8", "21 points", "tunnel")),
    ("Palermo", "Smyrna", ("length 6", "15 points", "ferry: 2 locomotives", "gray")),
    ("Munchen", "Wien", ("München – Wien", "length 3", "4 points", "orange", "unclaimed")),
])
def test_hover_names_cities_length_colour_points_and_kind(europe: Board, a: str, b: str,
                                                          needles: tuple[str, ...]) -> None:
    figure = map_figure(europe)
    (route,) = route_between(europe, a, b)
    for i in spaces_of(figure, route.id):
        text = figure.data[ROUTES].hovertext[i]
        for needle in needles:
            assert needle in text, (needle, text)


def test_hover_on_every_route_shows_length_and_points(board: Board) -> None:
    figure = map_figure(board)
    for i, route_id in enumerate(figure.data[ROUTES].customdata):
        route = board.route(route_id)
        text = figure.data[ROUTES].hovertext[i]
        assert f"length {route.length} " in text
        assert f"{count(board.route_points(route), 'point')}<br>" in text  # '1 point', '2 points'


# -- the game's marks -----------------------------------------------------------------------


def test_owners_recolour_exactly_their_routes(usa: Board) -> None:
    colors = ("#111111", "#222222", "#333333")
    owners = {"usa-001": 2, "usa-050": 0}
    figure = map_figure(usa, owners=owners, player_colors=colors,
                        player_names=("Ann", "Bob", "Cy"))
    trace = figure.data[ROUTES]
    for i, route_id in enumerate(trace.customdata):
        if route_id in owners:
            assert trace.marker.color[i] == colors[owners[route_id]]
            assert trace.marker.symbol[i] == style.claimed_symbol(owners[route_id])
        else:
            assert trace.marker.color[i] == style.ROUTE_FILL[usa.route(route_id).color]
            assert trace.marker.symbol[i] not in style.CLAIMED_SYMBOLS
    (first,) = spaces_of(figure, "usa-001")[:1]
    assert "claimed by Cy" in trace.hovertext[first]


def test_stations_sit_on_their_cities_in_the_owners_colour(europe: Board) -> None:
    figure = map_figure(europe, stations={"Wien": 1, "Paris": 0})
    geometry = board_geometry(europe)
    stations = figure.data[STATIONS]
    assert list(stations.customdata) == ["Paris", "Wien"]
    assert (stations.x[1], stations.y[1]) == geometry.cities["Wien"]
    assert list(stations.marker.color) == [style.DEFAULT_PLAYER_COLORS[0],
                                           style.DEFAULT_PLAYER_COLORS[1]]
    assert list(stations.marker.symbol) == [style.STATION_SYMBOL] * 2


def test_depots_share_the_piece_trace_with_their_own_symbol_and_warehouse_size(
        europe: Board) -> None:
    figure = map_figure(europe, stations={"Paris": 0}, depots={"Wien": 1, "Roma": 0},
                        warehouses=(2, 5))
    pieces = figure.data[STATIONS]
    assert list(pieces.customdata) == ["Paris", "Roma", "Wien"]
    assert list(pieces.marker.symbol) == [style.STATION_SYMBOL, style.DEPOT_SYMBOL,
                                          style.DEPOT_SYMBOL]
    assert "depot of player 2" in pieces.hovertext[2]
    assert "Warehouse: 5 cards" in pieces.hovertext[2]
    assert style.DEPOT_SYMBOL != style.STATION_SYMBOL
    with pytest.raises(ValueError):
        map_figure(europe, depots={"Atlantis": 0})


def test_a_ticket_path_highlight_marks_exactly_its_routes(usa: Board) -> None:
    ticket = usa.ticket("usa-t07")  # Denver – El Paso, 4 points
    path = (route_between(usa, "Denver", "Santa Fe")[0].id,
            route_between(usa, "Santa Fe", "El Paso")[0].id)
    assert sum(usa.route(r).length for r in path) == ticket.points
    figure = map_figure(usa, highlight=path, highlight_label="Denver – El Paso")
    band = figure.data[HIGHLIGHT]
    pieces, piece = [], []
    for x, y in zip(band.x, band.y, strict=True):
        if x is None:
            pieces.append(tuple(piece))
            piece = []
        else:
            piece.append((x, y))
    geometry = board_geometry(usa)
    assert sorted(pieces) == sorted(tuple(geometry.paths[r]) for r in path)
    assert band.showlegend is True and band.name == "Denver – El Paso"
    assert map_figure(usa).data[HIGHLIGHT].showlegend is False


def test_selected_route_and_city_get_a_ring(usa: Board) -> None:
    figure = map_figure(usa, selected="usa-017", selected_city="Denver")
    geometry = board_geometry(usa)
    ring = list(zip(figure.data[SELECTION].x, figure.data[SELECTION].y, strict=True))
    expected = [(geometry.spaces[i].x, geometry.spaces[i].y)
                for i in geometry.route_spaces["usa-017"]]
    assert ring == [*expected, geometry.cities["Denver"]]


@pytest.mark.parametrize(("options", "message"), [
    ({"owners": {"usa-999": 0}}, "owners: no route 'usa-999'"),
    ({"owners": {"usa-001": 5}}, "owners['usa-001']: player 5 is not one of 0..4"),
    ({"stations": {"Atlantis": 0}}, "stations: no city 'Atlantis'"),
    ({"highlight": "usa-001"}, "highlight: expected route ids"),
    ({"selected": "Denver"}, "selected: no route 'Denver'"),
    ({"player_names": ("Ann",)}, "player_names: expected 5 names"),
])
def test_bad_options_are_refused_naming_the_field(usa: Board, options: dict[str, object],
                                                  message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        map_figure(usa, **options)  # type: ignore[arg-type]


def test_a_board_without_players_keys_none_and_refuses_an_owner(usa: Board) -> None:
    figure = map_figure(usa, highlight=("usa-001",), player_colors=())
    assert not [t.name for t in figure.data if t.legendrank and 3000 <= t.legendrank < 4000
                and t.showlegend]
    with pytest.raises(ValueError, match=re.escape("owners['usa-001']: this board shows no "
                                                   "players")):
        map_figure(usa, owners={"usa-001": 0}, player_colors=())


def test_map_figure_does_not_touch_its_arguments(usa: Board) -> None:
    owners = {"usa-001": 0}
    highlight = ["usa-001"]
    map_figure(usa, owners=owners, highlight=highlight)
    assert owners == {"usa-001": 0} and highlight == ["usa-001"]
