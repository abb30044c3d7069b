"""Where each city's name goes on the board: pure geometry in screen pixels, no plotly.

Each name goes where it covers the fewest train spaces, tracks, cities and other names, stays
inside the plot, and sits as close to its city as that allows (``label_centres``; the busiest
cities choose first). ``geometry.board_geometry`` calls it once the cities, tracks and spaces
are placed; ``label_options`` and ``label_cost`` are its two steps, which
tests/widgets/test_geometry_fast.py replays over everything to check the quick search.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import pairwise

from ttr_widgets.rules.model import Board
from ttr_widgets.widgets import style

__all__ = ["CHAR_WIDTH", "Box", "Point", "label_centres", "label_cost", "label_options"]

Point = tuple[float, float]

Box = tuple[float, float, float, float]  #: x0, y0, x1, y1 in pixels

CHAR_WIDTH = 0.58 * style.CITY_FONT_SIZE  #: rough width of one character of a city name
_LABEL_HEIGHT = style.CITY_FONT_SIZE + 3
_LABEL_DIRECTIONS = 16  #: candidate directions around a city ...
_LABEL_RINGS = (0.0, 5.0, 11.0)  #: ... at these extra distances (px) beyond touching the city
#: how far beyond a name's box anything can add to its cost (``label_cost`` grows the box)
_LABEL_REACH = max(style.SPACE_SIZE / 2, style.CITY_SIZE / 2 + 1, 1.0)


def label_centres(board: Board, cities: Sequence[Point], spaces: Sequence[Point],
                  paths: Mapping[str, Sequence[Point]], scale: float, x_range: Point,
                  y_range: Point) -> tuple[Point, ...]:
    """Where to centre each city's name (map units); busiest cities choose first."""
    def px(p: Point) -> Point:
        return ((p[0] - x_range[0]) * scale, (p[1] - y_range[0]) * scale)

    plot = (0.0, 0.0, (x_range[1] - x_range[0]) * scale, (y_range[1] - y_range[0]) * scale)
    space_px = [px(p) for p in spaces]
    city_px = [px(p) for p in cities]
    segments = [(px(p), px(q)) for line in paths.values() for p, q in pairwise(line)]
    order = sorted(range(len(cities)), key=lambda i: -len(board.routes_at[board.cities[i].name]))
    placed: list[Box] = []
    centres: dict[int, Point] = {}
    for i in order:
        options = label_options(city_px[i], len(board.cities[i].label) * CHAR_WIDTH)
        # Only what lies near the city can touch one of its name's boxes: cost the boxes
        # against that alone (the same costs, a fraction of the work).
        near = _grow(_bounds([box for _, box in options]), _LABEL_REACH)
        nearby = (
            [p for p in space_px if _contains(near, p)],
            [p for j, p in enumerate(city_px) if j != i and _contains(near, p)],
            [(p, q) for p, q in segments if _may_cross(near, p, q)],
            [other for other in placed if _overlap(near, other) > 0],
        )
        best = min(options, key=lambda option: option[0] + label_cost(option[1], plot,
                                                                       *nearby))[1]
        placed.append(best)
        centres[i] = (x_range[0] + (best[0] + best[2]) / 2 / scale,
                      y_range[0] + (best[1] + best[3]) / 2 / scale)
    return tuple(centres[i] for i in range(len(cities)))


def label_options(at: Point, width: float) -> list[tuple[float, Box]]:
    """``(preference cost, box)`` for each candidate place of a name ``width`` px wide: boxes
    touching the city marker's ring in each direction, then further out."""
    half_w, half_h = width / 2, _LABEL_HEIGHT / 2
    r = style.CITY_SIZE / 2 + 1.5
    options = []
    for ring, extra in enumerate(_LABEL_RINGS):
        for k in range(_LABEL_DIRECTIONS):
            angle = 2 * math.pi * k / _LABEL_DIRECTIONS + math.pi / 2  # start above the city
            ux, uy = math.cos(angle), math.sin(angle)
            # push the box out along (ux, uy) until its edge clears the marker ring
            reach = min(half_w / abs(ux) if abs(ux) > 1e-9 else math.inf,
                        half_h / abs(uy) if abs(uy) > 1e-9 else math.inf)
            d = reach + r + extra
            cx, cy = at[0] + ux * d, at[1] + uy * d
            preference = ring * 3.0 + (0.0 if k in (0, _LABEL_DIRECTIONS // 2) else 0.5)
            options.append((preference, (cx - half_w, cy - half_h, cx + half_w, cy + half_h)))
    return options


def label_cost(box: Box, plot: Box, spaces: Sequence[Point], cities: Sequence[Point],
                segments: Sequence[tuple[Point, Point]], placed: Sequence[Box]) -> float:
    """What placing a name in ``box`` costs: leaving the plot, covering train spaces or other
    ``cities`` (the name's own city not among them), crossing tracks, overlapping names."""
    outside = (max(plot[0] - box[0], 0) + max(box[2] - plot[2], 0)
               + max(plot[1] - box[1], 0) + max(box[3] - plot[3], 0))
    cost = 50 * outside
    grown = _grow(box, style.SPACE_SIZE / 2)
    cost += 20 * sum(_contains(grown, p) for p in spaces)
    city_box = _grow(box, style.CITY_SIZE / 2 + 1)
    cost += 30 * sum(_contains(city_box, p) for p in cities)
    cost += 4 * sum(_crosses(box, p, q) for p, q in segments)
    cost += sum(_overlap(_grow(box, 1), other) for other in placed) / 2
    return cost


def _bounds(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _may_cross(box: Box, p: Point, q: Point) -> bool:
    """False when the segment ``p``–``q`` surely misses ``box`` (and every box inside it)."""
    return not (max(p[0], q[0]) < box[0] or min(p[0], q[0]) > box[2]
                or max(p[1], q[1]) < box[1] or min(p[1], q[1]) > box[3])


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _contains(box: Box, p: Point) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _crosses(box: Box, p: Point, q: Point) -> bool:
    """Whether the segment ``p``–``q`` passes through ``box`` (Liang–Barsky clipping)."""
    if max(p[0], q[0]) < box[0] or min(p[0], q[0]) > box[2]:
        return False
    if max(p[1], q[1]) < box[1] or min(p[1], q[1]) > box[3]:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for step, room in ((-dx, p[0] - box[0]), (dx, box[2] - p[0]),
                       (-dy, p[1] - box[1]), (dy, box[3] - p[1])):
        if step == 0:
            if room < 0:
                return False
            continue
        t = room / step
        if step < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0
