"""City names placed the quick way land exactly where costing every candidate place against
the whole board puts them.

``geometry._label_centres`` costs each city's candidate name boxes only against the train
spaces, cities, tracks and names near that city (the rest cannot touch the boxes); this
checks it against the plain search over everything, on the USA and Europe maps, at the play
app's size and at the default one.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.widgets import geometry
from ttr_widgets.widgets.geometry import Box, Geometry, Point, board_geometry


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
        options = geometry._label_options(cities[i],
                                          len(board.cities[i].label) * geometry._CHAR_WIDTH)
        best = min(options, key=lambda option: option[0] + geometry._label_cost(
            option[1], plot, spaces, others, segments, placed))[1]
        placed.append(best)
        centres[i] = (g.x_range[0] + (best[0] + best[2]) / 2 / g.scale,
                      g.y_range[0] + (best[1] + best[3]) / 2 / g.scale)
    return tuple(centres[i] for i in range(len(cities)))


@pytest.mark.parametrize("name", ["usa", "europe"])
@pytest.mark.parametrize("size", [(900, 560), (geometry.DEFAULT_WIDTH, geometry.DEFAULT_HEIGHT)])
def test_names_sit_where_the_full_search_puts_them(name: str, size: tuple[int, int]) -> None:
    board = load_map(name)
    g = board_geometry(board, *size)
    assert len(g.labels) == len(board.cities)
    assert g.labels == labels_searching_everything(board, g)
