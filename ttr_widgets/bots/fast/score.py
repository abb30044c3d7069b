"""The fast engine's scoring: ``engine.score`` with a quicker longest-trail search.

``fast_trail`` finds a longest trail on the networks random play builds (mostly trees, or a few
cycles) faster than ``graph.longest_trail``, with the same length; ``score`` is the score
sheet with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from ttr_widgets.rules.engine import holdings
from ttr_widgets.rules.graph import EMPTY_TRAIL, Trail, longest_trail
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.scoring import ScoreSheet, score_game
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.variants import ticket_rules

__all__ = ["MAX_CYCLES", "fast_trail", "score"]

_INDEX = attrgetter("index")
MAX_CYCLES = 4  #: beyond this many independent cycles in a network, the reference search


def fast_trail(board: Board, route_ids: Iterable[str]) -> Trail:
    """A longest trail through the routes (rule score.longest): the same length as
    ``graph.longest_trail``, found faster on the networks random play builds, which are mostly
    trees (a tree's longest trail is its longest path, found by two walks) or have few cycles
    (a plain search from the cities of odd degree, which is where a longest trail that is not
    closed ends; see ``graph.longest_trail``). Among equally long trails it may return another
    one than ``graph.longest_trail`` does. A network with more than ``MAX_CYCLES`` independent
    cycles goes to ``graph.longest_trail``."""
    by_id = board.route_by_id
    routes = sorted([by_id[r] for r in set(route_ids)], key=_INDEX)
    adjacency: dict[str, list[tuple[int, str, int]]] = {}
    for e, r in enumerate(routes):
        adjacency.setdefault(r.a, []).append((e, r.b, r.length))
        adjacency.setdefault(r.b, []).append((e, r.a, r.length))
    best = EMPTY_TRAIL
    seen: set[str] = set()
    for start in adjacency:
        if start in seen:
            continue
        group, total, edges = _component(adjacency, start, seen)
        if total <= best.length:
            continue
        if edges == len(group) - 1:
            trail = _tree_trail(adjacency, routes, start)
        elif edges - len(group) + 1 <= MAX_CYCLES:
            trail = _searched_trail(adjacency, routes, group, total)
        else:
            return longest_trail(board, route_ids)
        if trail.length > best.length:
            best = trail
    return best


def _component(adjacency: dict[str, list[tuple[int, str, int]]], start: str, seen: set[str]
               ) -> tuple[list[str], int, int]:
    """The cities joined to ``start``, their routes' total length and number."""
    group = [start]
    seen.add(start)
    total = ends = 0
    for city in group:
        for _e, other, length in adjacency[city]:
            total += length
            ends += 1
            if other not in seen:
                seen.add(other)
                group.append(other)
    return group, total // 2, ends // 2


def _tree_trail(adjacency: dict[str, list[tuple[int, str, int]]], routes: Sequence[Route],
                start: str) -> Trail:
    """A tree's longest path: the farthest city from the farthest city from anywhere."""
    far, _ = _farthest(adjacency, start)
    end, came_by = _farthest(adjacency, far)
    path: list[Route] = []
    cities = [end]
    while cities[-1] != far:
        route = routes[came_by[cities[-1]]]
        path.append(route)
        cities.append(route.other(cities[-1]))
    return Trail(sum(r.length for r in path), tuple(r.id for r in path), tuple(cities))


def _farthest(adjacency: dict[str, list[tuple[int, str, int]]], start: str
              ) -> tuple[str, dict[str, int]]:
    distance = {start: 0}
    came_by: dict[str, int] = {}
    stack = [start]
    far = start
    while stack:
        city = stack.pop()
        if distance[city] > distance[far]:
            far = city
        for e, other, length in adjacency[city]:
            if other not in distance:
                distance[other] = distance[city] + length
                came_by[other] = e
                stack.append(other)
    return far, came_by


def _searched_trail(adjacency: dict[str, list[tuple[int, str, int]]], routes: Sequence[Route],
                    group: list[str], total: int) -> Trail:
    """Every trail from each odd city (or from any city when none is odd), until one uses the
    whole network."""
    odd = [city for city in group if len(adjacency[city]) % 2] or group[:1]
    best: tuple[int, tuple[int, ...], str] = (0, (), odd[0])

    def extend(origin: str, city: str, used: int, length: int, steps: tuple[int, ...]) -> bool:
        nonlocal best
        if length > best[0]:
            best = (length, steps, origin)
            if length == total:
                return True
        for e, other, spaces in adjacency[city]:
            if not used >> e & 1 and extend(origin, other, used | 1 << e, length + spaces,
                                             (*steps, e)):
                return True
        return False

    for city in odd:
        if extend(city, city, 0, 0, ()):
            break
    length, steps, start = best
    cities = [start]
    for e in steps:
        cities.append(routes[e].other(cities[-1]))
    return Trail(length, tuple(routes[e].id for e in steps), tuple(cities))


def score(state: GameState) -> ScoreSheet:
    """``engine.score`` with ``fast_trail``: the same sheet but perhaps another longest trail
    of the same length in ``longest_trail_routes``."""
    rules = ticket_rules(state.board, state.options)
    return score_game(state.board, holdings(state), longest_bonus=rules.longest_bonus,
                      globetrotter=rules.globetrotter, trail=fast_trail)
