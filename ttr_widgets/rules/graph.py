"""Graph questions about a player's routes: the longest trail, connections and ticket paths.

A player's routes form a multigraph (the two tracks of a double route are parallel edges). All
functions take the board and a collection of route ids and never modify either.

The longest trail is the quantity the longest-route bonus is about (rule ``score.longest``): a
walk that uses no route twice but may pass through a city more than once. A search over simple
paths (no repeated city) is wrong on loops; the search here is over edges.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ttr_widgets.rules.model import Board, Route

__all__ = ["Trail", "cheapest_paths", "components", "connected", "longest_trail", "ticket_path",
           "walk_back"]


@dataclass(frozen=True, slots=True)
class Trail:
    """A walk through a player's routes that uses each route at most once.

    ``routes`` are route ids in travel order and ``cities`` the cities visited, in order (one
    more than the routes; empty for the empty trail).
    """

    length: int  #: train spaces
    routes: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()


EMPTY_TRAIL = Trail(0)

# An adjacency list entry: (edge number, city at the other end, length).
_Adjacency = dict[str, list[tuple[int, str, int]]]
_EXACT_PAIRING_LIMIT = 12  #: odd cities up to which the trail bound is computed exactly


def _routes_of(board: Board, route_ids: Iterable[str]) -> list[Route]:
    """The routes in board order (so every search below is deterministic), each once."""
    return sorted({board.route(rid) for rid in route_ids}, key=lambda r: r.index)


def _adjacency(edges: Sequence[tuple[str, str, int]]) -> _Adjacency:
    adjacency: _Adjacency = {}
    for number, (a, b, length) in enumerate(edges):
        adjacency.setdefault(a, []).append((number, b, length))
        adjacency.setdefault(b, []).append((number, a, length))
    return adjacency


def _groups(adjacency: _Adjacency) -> list[list[str]]:
    """Connected components as city lists, each in first-seen order."""
    seen: set[str] = set()
    groups: list[list[str]] = []
    for start in adjacency:
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            city = stack.pop()
            group.append(city)
            for _, other, _ in adjacency[city]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        groups.append(group)
    return groups


@dataclass(frozen=True, slots=True)
class _Link:
    """Routes chained through cities of degree two, which a trail can only pass straight
    through: for the search they are one edge. ``routes`` run from ``a`` to ``b``."""

    a: str
    b: str
    length: int
    routes: tuple[Route, ...]


def _links(routes: list[Route], group: list[str], adjacency: _Adjacency) -> list[_Link]:
    """The routes of one component with every city of degree two contracted away (a component
    that is a plain cycle keeps its first city)."""
    junctions = {city for city in group if len(adjacency[city]) != 2} or {group[0]}
    done: set[int] = set()
    links: list[_Link] = []
    for city in group:
        if city not in junctions:
            continue
        for number, _, _ in adjacency[city]:
            if number not in done:
                links.append(_walk(routes, adjacency, junctions, city, number, done))
    return links


def _walk(routes: list[Route], adjacency: _Adjacency, junctions: set[str], start: str,
          number: int, done: set[int]) -> _Link:
    chain = [routes[number]]
    done.add(number)
    city = routes[number].other(start)
    while city not in junctions:
        number = next(n for n, _, _ in adjacency[city] if n not in done)
        done.add(number)
        chain.append(routes[number])
        city = routes[number].other(city)
    return _Link(start, city, sum(r.length for r in chain), tuple(chain))


def _distances(adjacency: _Adjacency, source: str) -> dict[str, int]:
    best = {source: 0}
    queue = [(0, source)]
    while queue:
        distance, city = heapq.heappop(queue)
        if distance > best[city]:
            continue
        for _, other, spaces in adjacency[city]:
            if distance + spaces < best.get(other, distance + spaces + 1):
                best[other] = distance + spaces
                heapq.heappush(queue, (distance + spaces, other))
    return best


def _start_bounds(adjacency: _Adjacency, odd: list[str], total: int) -> list[int]:
    """For each odd city, an upper bound on the longest trail of the component (``total``
    spaces) that starts there.

    The routes a trail leaves unused have odd degree exactly at the odd cities other than the
    trail's two ends, so they weigh at least a cheapest pairing of those cities by shortest
    distance (a minimum T-join): ``total`` minus the cheapest pairing of all odd cities but the
    start and one more. With two odd cities that is the whole component (an Euler trail).
    """
    if len(odd) <= 2:
        return [total] * len(odd)
    if len(odd) > _EXACT_PAIRING_LIMIT:  # weaker: each odd city but two keeps a link unused
        shortest = sorted(min(spaces for _, _, spaces in adjacency[c]) for c in odd)
        return [total - (sum(shortest[:-2]) + 1) // 2] * len(odd)
    tables = [_distances(adjacency, city) for city in odd]
    pairing = _Pairing([[table[city] for city in odd] for table in tables])
    return [total - pairing.cost(1 << start, 1) for start in range(len(odd))]


class _Pairing:
    """Cheapest pairings of cities at known distances, by a search over subsets: the lowest
    unpaired city is either paired with a later one or, while ends are left, left as an end."""

    def __init__(self, distance: list[list[int]]) -> None:
        self.distance = distance
        self.full = (1 << len(distance)) - 1
        self.memo: dict[tuple[int, int], int] = {}

    def cost(self, paired: int, ends_left: int) -> int:
        if paired == self.full:
            return 0
        key = (paired, ends_left)
        if key not in self.memo:
            first = (~paired & (paired + 1)).bit_length() - 1
            rest = paired | (1 << first)
            row = self.distance[first]
            options = [row[other] + self.cost(rest | (1 << other), ends_left)
                       for other in range(first + 1, len(row)) if not paired >> other & 1]
            if ends_left:
                options.append(self.cost(rest, ends_left - 1))
            self.memo[key] = min(options)
        return self.memo[key]


class _TrailSearch:
    """Depth-first search over unused links, pruned by the length still available; a run stops
    as soon as a trail reaches that run's upper bound ``goal``. Keeps the best across runs."""

    def __init__(self, adjacency: _Adjacency, beat: int) -> None:
        self.adjacency = adjacency
        self.best_length = beat
        self.best_steps: tuple[tuple[int, str], ...] = ()
        self.goal = 0
        self.done = False

    def run(self, start: str, available: int, goal: int) -> None:
        self.goal, self.done = goal, False
        self._extend(start, 0, 0, available, [])

    def _extend(self, city: str, used: int, length: int, available: int,
                steps: list[tuple[int, str]]) -> None:
        if length > self.best_length:
            self.best_length, self.best_steps = length, tuple(steps)
            self.done = length >= self.goal
        if self.done or length + available <= self.best_length:
            return
        for number, other, spaces in self.adjacency[city]:
            bit = 1 << number
            if used & bit:
                continue
            steps.append((number, city))
            self._extend(other, used | bit, length + spaces, available - spaces, steps)
            steps.pop()
            if self.done:
                return


def longest_trail(board: Board, route_ids: Iterable[str]) -> Trail:
    """The longest trail through the given routes (rule ``score.longest``).

    Exact. A longest trail that is not closed ends at two cities of odd degree (at an end of
    even degree one route would be unused, and the trail could go on along it); one that is
    closed uses its whole component (otherwise it could be rotated to start where an unused
    route leaves it, and extended). So the search starts only at odd cities, or at one city of a
    component without any. Cities of degree two are contracted away first, long links are
    tried first, and each start is searched only until it reaches its bound from
    ``_start_bounds`` (and not at all when that bound cannot beat the best found). Among equally
    long trails the first found wins; the order is fixed by the board, so results repeat.
    """
    routes = _routes_of(board, route_ids)
    adjacency = _adjacency([(r.a, r.b, r.length) for r in routes])
    best = EMPTY_TRAIL
    for group in _groups(adjacency):
        links = _links(routes, group, adjacency)
        total = sum(link.length for link in links)
        if total > best.length:
            best = max(best, _component_trail(board, links, best.length, total),
                       key=lambda trail: trail.length)
    return best


def _component_trail(board: Board, links: list[_Link], beat: int, total: int) -> Trail:
    adjacency = _adjacency([(link.a, link.b, link.length) for link in links])
    for entries in adjacency.values():
        entries.sort(key=lambda entry: -entry[2])
    order = sorted(adjacency, key=board.city_index.__getitem__)
    odd = [city for city in order if len(adjacency[city]) % 2]
    if odd:
        starts = sorted(zip(_start_bounds(adjacency, odd, total), odd, strict=True),
                        key=lambda start: -start[0])
    else:
        starts = [(total, order[0])]
    search = _TrailSearch(adjacency, beat)
    for bound, city in starts:
        if bound <= search.best_length:
            break
        search.run(city, total, bound)
    return _expand(links, search.best_steps) if search.best_steps else EMPTY_TRAIL


def _expand(links: list[_Link], steps: tuple[tuple[int, str], ...]) -> Trail:
    """The routes and cities of a trail given as (link, city it leaves from) steps."""
    cities = [steps[0][1]]
    route_ids: list[str] = []
    for number, city in steps:
        link = links[number]
        for route in link.routes if city == link.a else reversed(link.routes):
            route_ids.append(route.id)
            cities.append(route.other(cities[-1]))
    return Trail(sum(links[number].length for number, _ in steps), tuple(route_ids),
                 tuple(cities))


def components(board: Board, route_ids: Iterable[str]) -> dict[str, int]:
    """A component number for every city of the board: cities joined by the routes share it."""
    parent = {city.name: city.name for city in board.cities}

    def find(city: str) -> str:
        while parent[city] != city:
            parent[city] = parent[parent[city]]
            city = parent[city]
        return city

    for rid in route_ids:
        route = board.route(rid)
        parent[find(route.a)] = find(route.b)
    roots: dict[str, int] = {}
    return {city.name: roots.setdefault(find(city.name), len(roots)) for city in board.cities}


def connected(board: Board, route_ids: Iterable[str], a: str, b: str) -> bool:
    """Whether the routes join city ``a`` to city ``b`` (a city is joined to itself)."""
    joined = components(board, route_ids)
    for city in (a, b):
        if city not in joined:
            raise KeyError(f"no city {city!r} on the {board.name} map")
    return joined[a] == joined[b]


def ticket_path(board: Board, route_ids: Iterable[str], a: str,
                b: str) -> tuple[str, ...] | None:
    """A shortest path in train spaces from ``a`` to ``b`` through the routes, as route ids in
    travel order; ``()`` when ``a == b``; ``None`` when the routes do not join them
    (:func:`cheapest_paths` with only these routes open)."""
    for city in (a, b):
        if city not in board.city_index:
            raise KeyError(f"no city {city!r} on the {board.name} map")
    cost: list[int | None] = [None] * len(board.routes)
    for route in _routes_of(board, route_ids):
        cost[route.index] = route.length
    best, came_by = cheapest_paths(board, a, cost, target=b)
    if b not in best:
        return None
    return tuple(route.id for route in walk_back(came_by, a, b))


def cheapest_paths(board: Board, source: str, cost: Sequence[int | None],
                   target: str | None = None) -> tuple[dict[str, int], dict[str, Route]]:
    """Dijkstra from ``source`` over the board's routes, using route ``i`` (``board.routes``
    order) for ``cost[i]`` train spaces (``None``: it cannot be used; 0 is allowed): the
    cheapest cost of every city reached, and the route each city other than ``source`` is
    reached by (``walk_back`` gives a cheapest path). With a ``target`` the search stops once
    the target's cost is final. The planner's, the bots' and :func:`ticket_path`'s searches go
    through here."""
    links = _route_ends(board)
    best = {source: 0}
    came_by: dict[str, Route] = {}
    queue = [(0, source)]
    while queue:
        distance, city = heapq.heappop(queue)
        if city == target:
            break
        if distance > best[city]:
            continue
        for index, other, route in links[city]:
            step = cost[index]
            if step is None:
                continue
            step += distance
            if step < best.get(other, step + 1):
                best[other] = step
                came_by[other] = route
                heapq.heappush(queue, (step, other))
    return best, came_by


def walk_back(came_by: Mapping[str, Route], source: str, target: str) -> tuple[Route, ...]:
    """The path ``cheapest_paths`` found from ``source`` to ``target`` (reached), in travel
    order."""
    path: list[Route] = []
    city = target
    while city != source:
        route = came_by[city]
        path.append(route)
        city = route.other(city)
    return tuple(reversed(path))


@lru_cache(maxsize=16)
def _route_ends(board: Board) -> dict[str, tuple[tuple[int, str, Route], ...]]:
    """For each city, its routes as (index, the city at the other end, route)."""
    return {city.name: tuple((r.index, r.other(city.name), r) for r in board.routes_at[city.name])
            for city in board.cities}
