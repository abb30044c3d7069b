"""The board's layout worked out the quick way is exactly the plain way's, on USA and Europe.

``geometry._spread`` skips the city pairs already far enough apart and the cities not beside a
route before calling its helpers, and ``labels.label_centres`` costs each city's candidate
name boxes only against what lies near that city. Each is checked against the plain loop over
everything (written out here with the same helpers), at the play app's size and the default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise

import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.widgets.board import geometry, labels
from ttr_widgets.widgets.board.geometry import Geometry, board_geometry
from ttr_widgets.widgets.board.labels import Box, Point


def labels_searching_everything(board: Board, g: Geometry) -> tuple[Point, ...]:
    """Each name's centre, busiest city first, choosing among all its candidate boxes by their
    cost against every train space, every other city, every track segment and every name
    already placed."""
    def px(p: Point) -> Point:
        return ((p[0] - g.x_range[0]) * g.scale, (p[1] - g.y_range[0]) * g.scale)

    plot = (0.0, 0.0, (g.x_range[1] - g.x_range[0]) * g.scale,
            (g.y_range[1] - g.y_range[0]) * g.scale)
    spaces = [px((s.x, s.y)) for s in g.spaces]
    cities = [px(g.cities[c.name]) for c in board.cities]
    segments = [(px(p), px(q)) for line in g.paths.values() for p, q in pairwise(line)]
    order = sorted(range(len(cities)), key=lambda i: -len(board.routes_at[board.cities[i].name]))
    placed: list[Box] = []
    centres: dict[int, Point] = {}
    for i in order:
        others = [p for j, p in enumerate(cities) if j != i]
        options = labels.label_options(cities[i],
                                       len(board.cities[i].label) * labels.CHAR_WIDTH)
        best = min(options, key=lambda option: option[0] + labels.label_cost(
            option[1], plot, spaces, others, segments, placed))[1]
        placed.append(best)
        centres[i] = (g.x_range[0] + (best[0] + best[2]) / 2 / g.scale,
                      g.y_range[0] + (best[1] + best[3]) / 2 / g.scale)
    return tuple(centres[i] for i in range(len(cities)))


def spread_trying_everything(board: Board, where: Mapping[str, Point],
                             scale: float) -> dict[str, Point]:
    """``geometry._spread`` as a plain loop: every helper called on every pair, every city
    against every route, every round."""
    g = geometry
    names = [c.name for c in board.cities]
    index = {name: i for i, name in enumerate(names)}
    pos = [list(where[n]) for n in names]
    fans = [(index[c], sorted({index[r.other(c)] for r in board.routes_at[c]})) for c in names]
    degree = [len(neighbours) for _, neighbours in fans]
    targets = {(i, j): (g._CITY_GAP + g._CROWD_GAP * (degree[i] + degree[j])) / scale
               for i in range(len(names)) for j in range(i + 1, len(names))}
    for route in board.routes:
        i, j = sorted((index[route.a], index[route.b]))
        link = min(g._needed_px(route.length, route.double is not None), g._LINK_GAP) / scale
        targets[(i, j)] = max(targets[(i, j)], link)
    links = sorted({(min(index[r.a], index[r.b]), max(index[r.a], index[r.b]))
                    for r in board.routes})
    previous = math.inf
    for _ in range(g._SPREAD_ROUNDS):
        worst = 0.0
        for (i, j), target in targets.items():
            worst = max(worst, g._push_apart(pos[i], pos[j], target))
        middles = [g._centroid([pos[n] for n in neighbours]) for _, neighbours in fans]
        for i, j in links:
            for k in range(len(pos)):
                if k not in (i, j):
                    worst = max(worst, g._push_off(pos[k], pos[i], pos[j],
                                                   g._PASS_GAP / scale, middles[k]))
        for c, neighbours in fans:
            for n, u in enumerate(neighbours):
                for v in neighbours[n + 1:]:
                    worst = max(worst, g._fan_out(pos[c], pos[u], pos[v]))
        if worst * scale < 0.05 or abs(previous - worst) * scale < 0.001:
            break
        previous = worst
    return {n: (p[0], p[1]) for n, p in zip(names, pos, strict=True)}


SIZES = [(900, 560), (geometry.DEFAULT_WIDTH, geometry.DEFAULT_HEIGHT)]


@pytest.mark.parametrize("name", ["usa", "europe"])
@pytest.mark.parametrize("size", SIZES)
def test_cities_spread_as_the_plain_loop_spreads_them(name: str, size: tuple[int, int]) -> None:
    board = load_map(name)
    where = {c.name: (c.x, c.y) for c in board.cities}
    scale = geometry._frame(list(where.values()), *size)[0]
    spread = geometry._spread(board, where, scale)
    assert spread != where  # the maps' crowded corners do get spread
    assert spread == spread_trying_everything(board, where, scale)


@pytest.mark.parametrize("name", ["usa", "europe"])
@pytest.mark.parametrize("size", SIZES)
def test_names_sit_where_the_full_search_puts_them(name: str, size: tuple[int, int]) -> None:
    board = load_map(name)
    g = board_geometry(board, *size)
    assert len(g.labels) == len(board.cities)
    assert g.labels == labels_searching_everything(board, g)
