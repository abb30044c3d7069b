"""Reference answers the tests check the kit against, written the plain, slow way: every walk
of a network for its longest trail, union-find for which cities routes join."""

from __future__ import annotations

from ttr_widgets.rules.model import Board


def dfs_longest(board: Board, route_ids: list[str]) -> int:
    """The longest trail by plain exhaustive search over every walk from every city."""
    adjacency: dict[str, list[tuple[int, str, int]]] = {}
    for n, rid in enumerate(route_ids):
        r = board.route(rid)
        adjacency.setdefault(r.a, []).append((n, r.b, r.length))
        adjacency.setdefault(r.b, []).append((n, r.a, r.length))
    best = 0

    def walk(city: str, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for n, other, spaces in adjacency[city]:
            if n not in used:
                walk(other, used | {n}, length + spaces)

    for city in adjacency:
        walk(city, frozenset(), 0)
    return best


def roots(board: Board, routes: set[str]) -> dict[str, str]:
    """For every city, a representative of the cities the routes join it to."""
    parent = {c.name: c.name for c in board.cities}

    def find(city: str) -> str:
        while parent[city] != city:
            city = parent[city]
        return city

    for rid in routes:
        route = board.route(rid)
        parent[find(route.a)] = find(route.b)
    return {city: find(city) for city in parent}
