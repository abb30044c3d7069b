"""Where the board is drawn: pure geometry, in screen pixels, with no plotly.

``board_geometry(board, width, height)`` says where everything goes (cached per board and size):
the axis ranges, every train space, every track's polyline, where each city's name sits. The
figure (``render``) draws from it; the widgets follow its scale to turn clicks into spaces.

Geometry is worked out in screen pixels, so the figure is drawn at a fixed size: route spaces
always sit outside every city marker (a city never swallows a route's click), spaces of different
routes never overlap, the two tracks of a double route run side by side, and a route too long for
the straight line between its cities is bent into a gentle curve. The maps' coordinates are real
geography; like the printed boards, the drawing stretches the crowded corners a little (cities too
close together, or too close to a route passing by, are nudged apart; none moves far).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from types import MappingProxyType

from ttr_widgets.rules.model import Board, Route
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.labels import Box, Point, label_centres

__all__ = ["DEFAULT_HEIGHT", "DEFAULT_WIDTH", "PITCH", "Box", "Geometry", "Point", "Space",
           "board_geometry"]

DEFAULT_WIDTH = 900
DEFAULT_HEIGHT = 560

# Layout constants, in screen pixels.
_PAD = 14  #: empty border around the outermost cities
_LEGEND_RIGHT = 112  #: width kept for a legend on the right
_LEGEND_BOTTOM = 44  #: height kept for a legend below
_SPACE_HALF = style.SPACE_SIZE / 2
_SPACE_CLEAR = style.CITY_SIZE / 2 + 3.0 + _SPACE_HALF  #: city centre to a first space's centre
_MAX_CLEAR = 48.0  #: ... however narrow the angle to the next route out of the city
PITCH = 11.0  #: centre to centre along a track; routes too long for their chord bend
_TWIN_OFFSET = 8.5  #: each track of a double route runs this far off the middle line
_CITY_GAP = 44.0  #: cities closer than this are spread apart (see ``_spread``) ...
_CROWD_GAP = 2.5  #: ... plus this for each route out of either city
_SPREAD_ROUNDS = 300
_LINK_GAP = 80.0  #: linked cities are spread apart for their route up to this distance
_PASS_GAP = 20.0  #: cities closer than this to a route that passes them by are moved off
_MIN_ANGLE = math.radians(24)  #: routes leaving a city closer in angle than this fan out
_SAMPLES = 160  #: points per track when placing spaces along it



@dataclass(frozen=True, slots=True)
class Space:
    """One train space of one track: where it is drawn and whether it needs a locomotive."""

    route_id: str
    number: int  #: 0-based, counted from the route's city ``a``
    x: float
    y: float
    locomotive: bool  #: one of a ferry's locomotive spaces


@dataclass(frozen=True, slots=True, eq=False)
class Geometry:
    """Where everything of one board is drawn at one figure size (map units unless named px)."""

    width: int
    height: int
    scale: float  #: pixels per map unit
    x_range: Point
    y_range: Point
    plot_size: tuple[int, int]  #: the plot area (the map) in pixels; the rest holds the legend
    legend_right: bool  #: the legend is a column on the right (else rows below the map)
    cities: Mapping[str, Point]  #: city name → where it is drawn (see ``_spread``), board order
    spaces: tuple[Space, ...]  #: every route's spaces, routes in board order, each from ``a``
    route_spaces: Mapping[str, range]  #: route id → indices of its spaces in ``spaces``
    paths: Mapping[str, tuple[Point, ...]]  #: route id → polyline of its track, ``a`` to ``b``
    labels: tuple[Point, ...]  #: where each city's name is centred, in board order


# --------------------------------------------------------------------------------------------
# Geometry


@lru_cache(maxsize=32)
def board_geometry(board: Board, width: int = DEFAULT_WIDTH,
                   height: int = DEFAULT_HEIGHT) -> Geometry:
    """The layout of ``board`` in a ``width`` × ``height`` pixel figure."""
    if width < 300 or height < 200:
        raise ValueError(f"figure size {width}×{height} px is too small for a board "
                         "(at least 300×200)")
    where = {c.name: (c.x, c.y) for c in board.cities}
    for _ in range(2):  # spreading changes the extent, hence the scale: settle it twice
        scale = _frame(list(where.values()), width, height)[0]
        where = _spread(board, where, scale)
    scale, x_range, y_range, plot_size, legend_right = _frame(list(where.values()), width, height)
    clear = _end_clearances(board, where)
    curves = _route_curves(board, where, clear, scale)
    spaces: list[Space] = []
    route_spaces: dict[str, range] = {}
    for route in board.routes:
        start = len(spaces)
        spaces.extend(_place_spaces(route, curves[route.id], where, clear, scale))
        route_spaces[route.id] = range(start, len(spaces))
    paths = {key: _simplified(line) for key, line in curves.items()}
    labels = label_centres(board, [where[c.name] for c in board.cities],
                           [(s.x, s.y) for s in spaces], paths, scale, x_range, y_range)
    return Geometry(
        width=width, height=height, scale=scale, x_range=x_range, y_range=y_range,
        plot_size=plot_size, legend_right=legend_right,
        cities=MappingProxyType({c.name: where[c.name] for c in board.cities}),
        spaces=tuple(spaces), route_spaces=MappingProxyType(route_spaces),
        paths=MappingProxyType(paths), labels=labels,
    )


def _frame(points: Sequence[Point], width: int, height: int
           ) -> tuple[float, Point, Point, tuple[int, int], bool]:
    """Scale, axis ranges (equal aspect, filling the plot area exactly), the plot area's size,
    and whether the legend goes on the right (else below): wherever it costs the map least."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x_span = max(max(xs) - min(xs), 1e-9)
    y_span = max(max(ys) - min(ys), 1e-9)

    def fit(plot_w: int, plot_h: int) -> float:
        return min((plot_w - 2 * _PAD) / x_span, (plot_h - 2 * _PAD) / y_span)

    right = fit(width - _LEGEND_RIGHT, height)
    below = fit(width, height - _LEGEND_BOTTOM)
    legend_right = right >= below
    plot_w = width - _LEGEND_RIGHT if legend_right else width
    plot_h = height if legend_right else height - _LEGEND_BOTTOM
    scale = max(right, below)
    cx = (max(xs) + min(xs)) / 2
    cy = (max(ys) + min(ys)) / 2
    half_w = plot_w / scale / 2
    half_h = plot_h / scale / 2
    return (scale, (cx - half_w, cx + half_w), (cy - half_h, cy + half_h), (plot_w, plot_h),
            legend_right)


# Spreading crowded cities. The map's coordinates are real geography; the printed boards stretch
# their crowded corners, and so does this: uncrowded cities stay where they are.


def _spread(board: Board, where: Mapping[str, Point], scale: float) -> dict[str, Point]:
    """City positions nudged apart until any two cities are ``_CITY_GAP`` px apart (more for
    busy cities: ``_CROWD_GAP`` for each neighbour of either), two linked
    cities far enough apart for their route (up to ``_LINK_GAP`` px; longer routes bend), no city
    sits within ``_PASS_GAP`` px of a route that passes it by, and no two routes leave a city
    less than ``_MIN_ANGLE`` apart."""
    names = [c.name for c in board.cities]
    index = {name: i for i, name in enumerate(names)}
    pos = [list(where[n]) for n in names]
    fans = [(index[c], sorted({index[r.other(c)] for r in board.routes_at[c]})) for c in names]
    degree = [len(neighbours) for _, neighbours in fans]
    targets = {(i, j): (_CITY_GAP + _CROWD_GAP * (degree[i] + degree[j])) / scale
               for i in range(len(names)) for j in range(i + 1, len(names))}
    for route in board.routes:
        i, j = sorted((index[route.a], index[route.b]))
        link = min(_needed_px(route.length, route.double is not None), _LINK_GAP) / scale
        targets[(i, j)] = max(targets[(i, j)], link)
    links = sorted({(min(index[r.a], index[r.b]), max(index[r.a], index[r.b]))
                    for r in board.routes})
    previous = math.inf
    for _ in range(_SPREAD_ROUNDS):
        worst = 0.0
        # The pairs already far enough apart, and the cities not beside a route, are skipped
        # here with the very sums the helpers would make (the hot loops of a kernel's start).
        for (i, j), target in targets.items():
            p, q = pos[i], pos[j]
            if math.hypot(q[0] - p[0], q[1] - p[1]) < target:
                worst = max(worst, _push_apart(p, q, target))
        middles = [_centroid([pos[n] for n in neighbours]) for _, neighbours in fans]
        for i, j in links:
            a, b = pos[i], pos[j]
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy)
            if length == 0:
                continue
            square = length * length
            for k, city in enumerate(pos):
                if k != i and k != j and (
                        0.0 < ((city[0] - a[0]) * dx + (city[1] - a[1]) * dy) / square < 1.0):
                    worst = max(worst, _push_off(city, a, b, _PASS_GAP / scale, middles[k]))
        for c, neighbours in fans:
            for n, u in enumerate(neighbours):
                for v in neighbours[n + 1:]:
                    worst = max(worst, _fan_out(pos[c], pos[u], pos[v]))
        if worst * scale < 0.05 or abs(previous - worst) * scale < 0.001:
            break  # settled, or stuck on constraints that cannot all hold (then nearly so)
        previous = worst
    return {n: (p[0], p[1]) for n, p in zip(names, pos, strict=True)}


def _centroid(points: Sequence[Sequence[float]]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _push_apart(p: list[float], q: list[float], target: float) -> float:
    """Move ``p`` and ``q`` apart, in place, towards ``target``; return the shortfall."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    if d >= target:
        return 0.0
    ux, uy = (dx / d, dy / d) if d > 0 else (1.0, 0.0)
    step = (target - d) * 0.3
    p[0] -= ux * step
    p[1] -= uy * step
    q[0] += ux * step
    q[1] += uy * step
    return target - d


def _push_off(k: list[float], a: list[float], b: list[float], gap: float,
              toward: Point) -> float:
    """Move city ``k``, in place, off the segment ``a``–``b`` it sits too close to, to the side
    where ``toward`` (the middle of its neighbours) lies, so its own routes need not cross the
    segment; return the shortfall."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return 0.0
    t = ((k[0] - a[0]) * dx + (k[1] - a[1]) * dy) / (length * length)
    if not 0.0 < t < 1.0:
        return 0.0
    foot = (a[0] + t * dx, a[1] + t * dy)
    side = dx * (k[1] - a[1]) - dy * (k[0] - a[0])  # > 0: k is left of a→b
    wanted = dx * (toward[1] - a[1]) - dy * (toward[0] - a[0])
    if abs(wanted) > 1e-9 * length:
        side = wanted
    d = math.dist(k, foot) if side * (dx * (k[1] - a[1]) - dy * (k[0] - a[0])) >= 0 else 0.0
    if d >= gap:
        return 0.0
    sign = 1.0 if side >= 0 else -1.0
    goal = (foot[0] - dy / length * gap * sign, foot[1] + dx / length * gap * sign)
    k[0] += (goal[0] - k[0]) * 0.6
    k[1] += (goal[1] - k[1]) * 0.6
    return gap - d


def _fan_out(c: list[float], u: list[float], v: list[float]) -> float:
    """Turn the nearer of ``u`` and ``v``, in place, about ``c`` so the routes ``c``–``u`` and
    ``c``–``v`` leave ``c`` at least ``_MIN_ANGLE`` apart; return the shortfall in map units."""
    au = math.atan2(u[1] - c[1], u[0] - c[0])
    av = math.atan2(v[1] - c[1], v[0] - c[0])
    gap = (av - au + math.pi) % (2 * math.pi) - math.pi  # from u to v, in (-pi, pi]
    if abs(gap) >= _MIN_ANGLE:
        return 0.0
    near, sign = (u, -1.0) if math.dist(c, u) <= math.dist(c, v) else (v, 1.0)
    if gap < 0:
        sign = -sign
    radius = math.dist(c, near)
    turn = sign * (_MIN_ANGLE - abs(gap)) * 0.3
    angle = math.atan2(near[1] - c[1], near[0] - c[0]) + turn
    near[0] = c[0] + radius * math.cos(angle)
    near[1] = c[1] + radius * math.sin(angle)
    return (_MIN_ANGLE - abs(gap)) * radius


# Tracks and their spaces.


def _needed_px(length: int, double: bool, ends: float | None = None) -> float:
    """How long, in pixels, a track of ``length`` spaces must be: the clearance at both ends
    (``ends``, by default the least) plus the spaces, each ``PITCH`` from the next."""
    if ends is None:
        ends = 2 * (_SPACE_CLEAR + (_TWIN_OFFSET if double else 0.0))
    return ends + (length - 1) * PITCH


def _end_clearances(board: Board, where: Mapping[str, Point]) -> dict[tuple[str, str], float]:
    """``(route id, city)`` → how far, in pixels, the route's first space sits from the city's
    centre: clear of the city marker, and far enough out that routes leaving the city at a
    narrow angle have their first spaces apart."""
    clear: dict[tuple[str, str], float] = {}
    for city in board.cities:
        fan: dict[str, list[Route]] = {}
        for route in board.routes_at[city.name]:
            fan.setdefault(route.other(city.name), []).append(route)
        angle = {n: math.atan2(where[n][1] - where[city.name][1],
                               where[n][0] - where[city.name][0]) for n in fan}
        half = {n: _SPACE_HALF + (_TWIN_OFFSET if len(fan[n]) > 1 else 0.0) for n in fan}
        for n, routes in fan.items():
            out = _SPACE_CLEAR
            for m in fan:
                if m != n:
                    gap = abs((angle[m] - angle[n] + math.pi) % (2 * math.pi) - math.pi)
                    if gap < math.pi / 2:
                        need = (half[n] + half[m] + 1) / max(2 * math.sin(gap / 2), 1e-9)
                        out = max(out, min(need, _MAX_CLEAR))
            for route in routes:
                clear[(route.id, city.name)] = out
    return clear


def _route_curves(board: Board, where: Mapping[str, Point],
                  clear: Mapping[tuple[str, str], float],
                  scale: float) -> dict[str, tuple[Point, ...]]:
    """Each track's polyline from ``a`` to ``b``: straight if its spaces fit, else bent; the two
    tracks of a double route follow one middle line, shifted to either side."""
    curves: dict[str, tuple[Point, ...]] = {}
    for route in board.routes:
        if route.id in curves:
            continue
        twin = board.route_by_id.get(route.double) if route.double else None
        length = max(route.length, twin.length if twin else 0)
        ends = clear[(route.id, route.a)] + clear[(route.id, route.b)]
        needed = _needed_px(length, twin is not None, ends) / scale
        middle = _middle_line(route, where, needed)
        if twin is None:
            curves[route.id] = middle
            continue
        first, second = sorted((route, twin), key=lambda r: r.id)
        shift = _TWIN_OFFSET / scale
        extra = 0.0
        for _ in range(4):  # on a bend the inner track is the shorter: bend until it fits
            short = needed - min(_length(_offset(middle, shift)), _length(_offset(middle, -shift)))
            if short <= 1e-3 * needed:
                break
            extra += short
            middle = _middle_line(route, where, needed + extra)
        for track, side in ((first, 1.0), (second, -1.0)):
            line = _offset(middle, side * shift)
            curves[track.id] = line if track.a == route.a else line[::-1]
    return curves


def _middle_line(route: Route, where: Mapping[str, Point], needed: float) -> tuple[Point, ...]:
    """Straight from ``a`` to ``b`` if that is at least ``needed`` long; else a curve that long,
    bulging to the side with more room."""
    a, b = where[route.a], where[route.b]
    if math.dist(a, b) >= needed:
        return _bezier(a, b, 0.0)
    bend = _bend_for(a, b, needed)
    others = [p for name, p in where.items() if name not in (route.a, route.b)]
    left, right = _bezier(a, b, bend), _bezier(a, b, -bend)
    return left if _clearance(left, others) >= _clearance(right, others) else right


def _bezier(a: Point, b: Point, bend: float) -> tuple[Point, ...]:
    """A quadratic curve from ``a`` to ``b`` whose control point lies ``bend`` map units off the
    middle of the chord, to the left going from ``a`` to ``b`` (straight when ``bend`` is 0)."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    norm = math.hypot(dx, dy) or 1.0
    cx, cy = (ax + bx) / 2 - dy / norm * bend, (ay + by) / 2 + dx / norm * bend
    return tuple(
        ((1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx,
         (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by)
        for t in (i / _SAMPLES for i in range(_SAMPLES + 1))
    )


def _bend_for(a: Point, b: Point, needed: float) -> float:
    """The bend at which the curve from ``a`` to ``b`` is ``needed`` map units long."""
    low, high = 0.0, max(needed, math.dist(a, b))
    for _ in range(40):
        mid = (low + high) / 2
        if _length(_bezier(a, b, mid)) < needed:
            low = mid
        else:
            high = mid
    return high


def _length(line: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in pairwise(line))


def _clearance(line: Sequence[Point], others: Sequence[Point]) -> float:
    if not others:
        return math.inf
    return min(math.dist(p, q) for p in line for q in others)


def _offset(line: Sequence[Point], distance: float) -> tuple[Point, ...]:
    """``line`` moved sideways by ``distance`` (to the left going along it)."""
    out = []
    for i, (x, y) in enumerate(line):
        (px, py), (nx, ny) = line[max(i - 1, 0)], line[min(i + 1, len(line) - 1)]
        dx, dy = nx - px, ny - py
        norm = math.hypot(dx, dy) or 1.0
        out.append((x - dy / norm * distance, y + dx / norm * distance))
    return tuple(out)


def _simplified(line: Sequence[Point]) -> tuple[Point, ...]:
    """Just the two ends of a straight line; every eighth point (and the end) of a curve."""
    (ax, ay), (bx, by) = line[0], line[-1]
    norm = math.hypot(bx - ax, by - ay) or 1.0
    bent = any(abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / norm > 1e-9 for x, y in line)
    return (*line[:-1:8], line[-1]) if bent else (line[0], line[-1])


def _place_spaces(route: Route, line: Sequence[Point], where: Mapping[str, Point],
                  clear: Mapping[tuple[str, str], float], scale: float) -> list[Space]:
    """The route's spaces, evenly along ``line`` as on the board: the track between the cities'
    clearances is cut into ``length`` equal slots, one space in the middle of each. A slot is
    at least ``PITCH`` long (the track is bent if need be), so the first space's centre is at
    least its end clearance from the city."""
    a, b = where[route.a], where[route.b]
    edge_a = (clear[(route.id, route.a)] - PITCH / 2) / scale
    edge_b = (clear[(route.id, route.b)] - PITCH / 2) / scale
    cumulative = [0.0]
    for p, q in pairwise(line):
        cumulative.append(cumulative[-1] + math.dist(p, q))
    first = next(i for i, p in enumerate(line) if math.dist(p, a) >= edge_a)
    last = max(i for i, p in enumerate(line) if math.dist(p, b) >= edge_b)
    start, stop = cumulative[first], cumulative[max(last, first)]
    slot = (stop - start) / route.length
    return [
        Space(route.id, i, *_point_at(line, cumulative, start + (i + 0.5) * slot),
              locomotive=i < route.ferry_locomotives)
        for i in range(route.length)
    ]


def _point_at(line: Sequence[Point], cumulative: Sequence[float], distance: float) -> Point:
    for i in range(1, len(line)):
        if cumulative[i] >= distance or i == len(line) - 1:
            span = cumulative[i] - cumulative[i - 1] or 1.0
            t = min(max((distance - cumulative[i - 1]) / span, 0.0), 1.0)
            (px, py), (qx, qy) = line[i - 1], line[i]
            return (px + (qx - px) * t, py + (qy - py) * t)
    return line[-1]
