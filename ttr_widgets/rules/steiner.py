"""The planner's search: a cheapest network joining pairs of cities, exactly (the *Steiner
forest* problem), for ``planner``.

``Network`` is the board as one player sees it: owned routes cost nothing and are contracted
(each group of cities they join is one node), blocked routes cannot be used, the others cost
their length; ``Network.cheapest_forest(pairs)`` gives the routes still to claim of one
cheapest network joining every pair. It runs a Dreyfus–Wagner dynamic programme (``_Steiner``:
the cheapest tree joining every subset of the terminals, on the nodes a tree can branch at,
rows of costs packed in integers by ``_Rows``), then splits the pairs into groups, each joined
by one tree, in the cheapest way (``_Forest``). Every cheapest-path search is
``graph.cheapest_paths``, the kit's Dijkstra.
"""

from __future__ import annotations

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.graph import cheapest_paths, components
from ttr_widgets.rules.model import Board, Route

__all__ = ["INF", "MAX_CITIES", "Network", "PlanError"]

INF = 1 << 40  #: no way: a cost beyond every board's trains
#: The most ticket cities not yet joined that one plan takes: the work grows as 3 to the
#: power of their number (10 cities, 5 tickets: about 20 ms; 14: about half a second).
MAX_CITIES = 14


class PlanError(TTRError):
    """A question too large to answer exactly in reasonable time."""


class Network:
    """The board as the player sees it: each group of cities joined by owned routes is one
    node (its cities a search reaches at no cost from one another: owned routes cost 0);
    ``edges`` lists each node's neighbours (for the Steiner search's key nodes), and the
    cheapest paths between nodes come from ``graph.cheapest_paths``, the kit's Dijkstra."""

    def __init__(self, board: Board, owned: frozenset[str], blocked: frozenset[str]) -> None:
        self.board, self.owned = board, owned
        self.node = components(board, owned)  # cities joined by owned routes share a node
        size = max(self.node.values(), default=-1) + 1
        self.home = [""] * size  #: a city of each node, where searches start and end
        for city in reversed(board.cities):
            self.home[self.node[city.name]] = city.name
        neighbours: list[set[int]] = [set() for _ in range(size)]
        costs: list[int | None] = []
        for route in board.routes:
            a, b = self.node[route.a], self.node[route.b]
            usable = route.id not in blocked
            costs.append(None if not usable else 0 if route.id in owned else route.length)
            if usable and a != b:
                neighbours[a].add(b)
                neighbours[b].add(a)
        self.edges = neighbours
        self._costs = costs
        self._trees: dict[int, tuple[list[int], dict[str, Route]]] = {}

    def joinable(self, a: str, b: str) -> bool:
        return self.tree(self.node[a])[0][self.node[b]] < INF

    def tree(self, source: int) -> tuple[list[int], dict[str, Route]]:
        """The cheapest cost from a node to every node, and the route each city is reached by."""
        if source not in self._trees:
            best, came_by = cheapest_paths(self.board, self.home[source], self._costs)
            self._trees[source] = ([best.get(city, INF) for city in self.home], came_by)
        return self._trees[source]

    def path(self, a: int, b: int) -> list[Route]:
        """The routes still to claim on a cheapest path between two nodes."""
        came_by = self.tree(a)[1]
        city, start, routes = self.home[b], self.home[a], []
        while city != start:
            route = came_by[city]
            if route.id not in self.owned:
                routes.append(route)
            city = route.other(city)
        return routes

    def cheapest_forest(self, pairs: list[tuple[str, str]]) -> list[Route]:
        """The routes of a cheapest network joining every pair of cities (all joinable)."""
        terminals: list[int] = []
        needs: list[tuple[int, int]] = []
        for a, b in pairs:
            na, nb = self.node[a], self.node[b]
            if na != nb:
                for n in (na, nb):
                    if n not in terminals:
                        terminals.append(n)
                needs.append((terminals.index(na), terminals.index(nb)))
        if not needs:
            return []
        if len(terminals) > MAX_CITIES:
            raise PlanError(f"too many tickets to plan exactly: their ends are {len(terminals)} "
                            f"cities not yet joined, and the planner takes at most {MAX_CITIES} "
                            f"({MAX_CITIES // 2} tickets)")
        steiner = _Steiner(self, terminals)
        routes: dict[str, Route] = {}
        for group in _Forest(steiner, needs).groups():
            for route in steiner.tree(group):
                routes[route.id] = route
        return list(routes.values())


class _Steiner:
    """Dreyfus–Wagner: ``cost[S][v]``, the cheapest tree joining the terminals in ``S`` and key
    node ``v``, for every subset ``S`` of the terminals but the last (a tree over a set ``G`` is
    ``cost[G minus its last terminal][its last terminal]``).

    Key nodes are the terminals and the nodes with three or more neighbours: in a cheapest tree
    every other node is a plain stop on a path between key nodes, so trees are built on the key
    nodes with shortest distances between them. ``merged[S][v]`` is the cheapest tree for
    ``S`` and ``v`` in which ``v`` joins two smaller trees; ``cost[S][v]`` adds a path to it.

    A row over the key nodes is one integer holding a field of ``width`` bits per node (see
    ``_Rows``), so that adding two rows, or taking their element-wise minimum, is a handful of
    integer operations rather than a loop. Costs are capped at ``cap``, more than all the
    board's train spaces: a capped cost is a tree that does not exist.
    """

    def __init__(self, net: Network, terminals: list[int]) -> None:
        self.net = net
        keys = list(terminals) + [n for n, edges in enumerate(net.edges)
                                  if len(edges) >= 3 and n not in terminals]
        self.keys = keys
        cap = sum(r.length for r in net.board.routes) + 1
        self.rows = rows = _Rows(len(keys), cap)
        self.distance = [[min(net.tree(k)[0][other], cap) for other in keys] for k in keys]
        self.packed = [rows.pack(row) for row in self.distance]
        self.cost: list[int] = [0] * (1 << (len(terminals) - 1))
        self.merged: list[int] = [0] * len(self.cost)
        for s in range(1, len(self.cost)):
            self._fill(s)

    def _fill(self, s: int) -> None:
        low = s & -s
        if s == low:
            self.cost[s] = self.packed[low.bit_length() - 1]
            return
        rows, cost = self.rows, self.cost
        guard, shift = rows.guard, rows.bits
        rest = s ^ low
        merged = rows.none
        sub = rest
        while True:  # every split: low with part of the rest, and the others
            sub = (sub - 1) & rest
            both = cost[low | sub] + cost[rest ^ sub]
            ge = ((merged | guard) - both) & guard
            merged ^= (merged ^ both) & (ge - (ge >> shift))
            if not sub:
                break
        self.merged[s] = merged
        # Extend by a path. A node whose merged cost is no less than the best found for it
        # so far can improve nothing (distances obey the triangle rule): skip it.
        best, width, mask = rows.none, rows.width, rows.mask
        for u, value in enumerate(rows.unpack(merged)):
            if value < (best >> (u * width)) & mask:
                through = value * rows.ones + self.packed[u]
                ge = ((best | guard) - through) & guard
                best ^= (best ^ through) & (ge - (ge >> shift))
        self.cost[s] = best

    def tree_cost(self, group: int) -> int:
        """The cheapest tree joining the terminals of ``group`` (a bit set over them)."""
        last = group.bit_length() - 1
        if group == 1 << last:
            return 0
        return self.rows.field(self.cost[group ^ (1 << last)], last)

    def tree(self, group: int) -> list[Route]:
        last = group.bit_length() - 1
        if group == 1 << last:
            return []
        return self._routes(group ^ (1 << last), last)

    def _routes(self, s: int, v: int) -> list[Route]:
        """The routes of a tree of cost ``cost[s][v]``."""
        low = s & -s
        if s == low:
            return self._path(low.bit_length() - 1, v)
        field = self.rows.field
        target, merged = field(self.cost[s], v), self.rows.unpack(self.merged[s])
        u = next(u for u, row in enumerate(self.distance) if merged[u] + row[v] == target)
        rest = s ^ low
        sub = rest
        while True:
            sub = (sub - 1) & rest
            if field(self.cost[low | sub], u) + field(self.cost[rest ^ sub], u) == merged[u]:
                return (self._path(u, v) + self._routes(low | sub, u)
                        + self._routes(rest ^ sub, u))

    def _path(self, a: int, b: int) -> list[Route]:
        return self.net.path(self.keys[a], self.keys[b])


class _Rows:
    """Rows of small costs packed in one integer: field ``i`` holds the cost of key node ``i``
    in ``bits`` bits, with a guard bit above it. Two capped costs add without carrying into
    the guard bit; subtracting row ``b`` from row ``a`` with every guard bit set leaves a
    field's guard bit set exactly where ``a >= b``, which gives the element-wise minimum."""

    def __init__(self, size: int, cap: int) -> None:
        self.size, self.cap = size, cap
        self.bits = (2 * cap).bit_length()
        self.width = self.bits + 1
        self.ones = sum(1 << (i * self.width) for i in range(size))
        self.guard = self.ones << self.bits
        self.mask = (1 << self.bits) - 1
        self.none = cap * self.ones  #: every cost capped

    def pack(self, values: list[int]) -> int:
        return sum(min(v, self.cap) << (i * self.width) for i, v in enumerate(values))

    def unpack(self, row: int) -> list[int]:
        return [(row >> (i * self.width)) & self.mask for i in range(self.size)]

    def field(self, row: int, i: int) -> int:
        return (row >> (i * self.width)) & self.mask


class _Forest:
    """The cheapest way to split the tickets into groups, each joined by one tree."""

    def __init__(self, steiner: _Steiner, needs: list[tuple[int, int]]) -> None:
        self.masks = [(1 << a) | (1 << b) for a, b in needs]
        self.steiner = steiner
        full = (1 << len(needs)) - 1
        self.best = [0] * (full + 1)
        self.choice = [0] * (full + 1)
        for m in range(1, full + 1):
            self._fill(m)

    def _terminals(self, tickets: int) -> int:
        group = 0
        for i, mask in enumerate(self.masks):
            if tickets >> i & 1:
                group |= mask
        return group

    def _fill(self, m: int) -> None:
        low = m & -m
        rest = m ^ low
        best, choice = INF, 0
        sub = rest
        while True:
            part = low | sub
            cost = self.steiner.tree_cost(self._terminals(part)) + self.best[m ^ part]
            if cost < best:
                best, choice = cost, part
            if not sub:
                break
            sub = (sub - 1) & rest
        self.best[m], self.choice[m] = best, choice

    def groups(self) -> list[int]:
        """The terminal sets of the chosen groups."""
        m = len(self.best) - 1
        found = []
        while m:
            found.append(self._terminals(self.choice[m]))
            m ^= self.choice[m]
        return found
