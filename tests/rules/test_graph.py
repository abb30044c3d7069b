"""Longest trail, connections and ticket paths, checked against brute force and named positions."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.graph import Trail, components, connected, longest_trail, ticket_path
from ttr_widgets.rules.model import Board
from ttr_widgets.testing.references import dfs_longest

MINI = load_map("mini")
EUROPE = load_map("europe")
USA = load_map("usa")


# ----------------------------------------------------------------------------- references


def euler_longest(board: Board, route_ids: list[str]) -> int:
    """The longest trail by Euler's theorem: the heaviest set of routes that is connected and
    has at most two cities of odd degree can be walked in one trail, and only such sets can.
    Tries every subset, so only for a handful of routes."""
    routes = [board.route(r) for r in route_ids]
    best = 0
    for size in range(1, len(routes) + 1):
        for subset in itertools.combinations(routes, size):
            degree: dict[str, int] = {}
            for r in subset:
                degree[r.a] = degree.get(r.a, 0) + 1
                degree[r.b] = degree.get(r.b, 0) + 1
            if sum(d % 2 for d in degree.values()) > 2 or not _is_connected(subset):
                continue
            best = max(best, sum(r.length for r in subset))
    return best


def _is_connected(routes: tuple) -> bool:
    cities = {routes[0].a}
    grew = True
    while grew:
        grew = False
        for r in routes:
            if (r.a in cities) != (r.b in cities):
                cities |= {r.a, r.b}
                grew = True
    return all(r.a in cities for r in routes)


def assert_is_trail(board: Board, trail: Trail, owned: list[str]) -> None:
    """The reported routes really are a trail of the reported length through owned routes."""
    assert len(set(trail.routes)) == len(trail.routes)
    assert set(trail.routes) <= set(owned)
    assert trail.length == sum(board.route(r).length for r in trail.routes)
    if trail.routes:
        assert len(trail.cities) == len(trail.routes) + 1
        for i, rid in enumerate(trail.routes):
            route = board.route(rid)
            assert {route.a, route.b} == {trail.cities[i], trail.cities[i + 1]}
    else:
        assert trail.cities == ()


def grown_network(board: Board, rng: random.Random, trains: int = 45) -> list[str]:
    """A connected network grown from a random city, preferring short routes and loops: far
    denser than real players build, so a hard case for the search."""
    cities = {rng.choice(board.cities).name}
    owned: list[str] = []
    used = 0
    while True:
        options = [r for r in board.routes
                   if (r.a in cities or r.b in cities) and r.id not in owned
                   and used + r.length <= trains and r.double not in owned]
        if not options:
            return owned
        options.sort(key=lambda r: r.length + (0 if r.a in cities and r.b in cities
                                               else 3 * rng.random()))
        route = options[0] if rng.random() < 0.7 else rng.choice(options)
        owned.append(route.id)
        used += route.length
        cities |= {route.a, route.b}


# ----------------------------------------------------------------------------- brute force


def test_every_subset_of_mini_matches_two_brute_forces() -> None:
    # Every one of the 1024 sets of mini routes (doubles included, so parallel tracks too):
    # the search agrees with enumerating every walk and with Euler's theorem over subsets.
    ids = [r.id for r in MINI.routes]
    for size in range(len(ids) + 1):
        for subset in itertools.combinations(ids, size):
            trail = longest_trail(MINI, subset)
            assert trail.length == dfs_longest(MINI, list(subset)), subset
            assert trail.length == euler_longest(MINI, list(subset)), subset
            assert_is_trail(MINI, trail, list(subset))


@pytest.mark.parametrize("board", [EUROPE, USA], ids=["europe", "usa"])
def test_dense_networks_match_exhaustive_walks(board: Board) -> None:
    rng = random.Random(20240611)
    for _ in range(12):
        owned = grown_network(board, rng, trains=30)
        trail = longest_trail(board, owned)
        assert trail.length == dfs_longest(board, owned), owned
        assert_is_trail(board, trail, owned)


@pytest.mark.parametrize("board", [EUROPE, USA], ids=["europe", "usa"])
def test_scattered_routes_match_exhaustive_walks(board: Board) -> None:
    rng = random.Random(7)
    ids = [r.id for r in board.routes]
    for _ in range(40):
        owned = rng.sample(ids, 14)
        trail = longest_trail(board, owned)
        assert trail.length == dfs_longest(board, owned), owned
        assert_is_trail(board, trail, owned)


# ----------------------------------------------------------------------------- named positions


def test_figure_eight_passes_through_a_city_twice() -> None:
    # Two triangles meeting at Bree: Ayr-Bree-Dale and Bree-Cole-Eton. The trail runs round
    # both loops (2+3+1 + 2+1+2 = 11); the best path that never repeats a city is only 8
    # (Dale-Ayr-Bree-Cole-Eton).
    owned = ["m-01", "m-02", "m-05", "m-03", "m-10", "m-06"]
    trail = longest_trail(MINI, owned)
    assert trail.length == 11
    assert sorted(trail.routes) == sorted(owned)
    assert trail == Trail(11, ("m-01", "m-02", "m-05", "m-03", "m-10", "m-06"),
                          ("Bree", "Ayr", "Dale", "Bree", "Cole", "Eton", "Bree"))


def test_loop_with_a_tail_uses_the_loop_and_the_tail() -> None:
    # Triangle Bree-Cole-Eton (2+1+2) and a tail Bree-Ayr (2): the trail starts at Ayr, goes
    # round the triangle and stops at Bree, which it passes twice.
    trail = longest_trail(MINI, ["m-01", "m-03", "m-10", "m-06"])
    assert trail.length == 7
    assert trail.cities[0] == "Ayr" and trail.cities[-1] == "Bree"


def test_two_tracks_of_a_double_route_form_a_loop() -> None:
    # m-03 and m-04 both join Bree and Cole: Ayr-Bree-Cole-Bree is a trail of 2+2+2.
    trail = longest_trail(MINI, ["m-01", "m-03", "m-04"])
    assert trail.length == 6
    assert trail.cities == ("Ayr", "Bree", "Cole", "Bree")


def test_star_cannot_use_three_arms() -> None:
    # Bree has four arms (Ayr 2, Cole 2, Dale 1, Eton 2); a trail enters and leaves once.
    assert longest_trail(MINI, ["m-01", "m-03", "m-05", "m-06"]).length == 4


def test_two_separate_networks_report_the_longer() -> None:
    # Ayr-Dale (3) alone, and Cole-Fife-Eton (3+2): 5 wins.
    trail = longest_trail(MINI, ["m-02", "m-07", "m-09"])
    assert trail.length == 5
    assert set(trail.routes) == {"m-07", "m-09"}


def test_empty_and_single_route() -> None:
    assert longest_trail(MINI, []) == Trail(0)
    assert longest_trail(MINI, ["m-07"]) == Trail(3, ("m-07",), ("Cole", "Fife"))


def test_result_does_not_depend_on_input_order() -> None:
    owned = ["m-01", "m-02", "m-05", "m-03", "m-10", "m-06", "m-09"]
    first = longest_trail(MINI, owned)
    for order in itertools.islice(itertools.permutations(owned), 0, 200, 7):
        assert longest_trail(MINI, order) == first


def test_europe_loop_round_the_alps() -> None:
    # Paris-Zurich-Marseille-Paris is a loop; with the tail Marseille-Barcelona the trail
    # goes Barcelona-Marseille, round the loop, and back into Marseille.
    routes = {(r.a, r.b): r for r in EUROPE.routes if r.double is None or r.id < r.double}
    names = [("Paris", "Zurich"), ("Marseille", "Zurich"), ("Marseille", "Paris"),
             ("Barcelona", "Marseille")]
    owned = [routes[pair].id for pair in names]
    expected = sum(routes[pair].length for pair in names)
    trail = longest_trail(EUROPE, owned)
    assert trail.length == expected
    assert trail.cities[0] == "Barcelona" and trail.cities[-1] == "Marseille"


# ----------------------------------------------------------------------------- connections


def test_connected_and_components() -> None:
    owned = ["m-01", "m-05", "m-07"]
    assert connected(MINI, owned, "Ayr", "Dale")
    assert connected(MINI, owned, "Cole", "Fife")
    assert not connected(MINI, owned, "Ayr", "Fife")
    assert connected(MINI, [], "Eton", "Eton")
    parts = components(MINI, owned)
    assert parts["Ayr"] == parts["Bree"] == parts["Dale"]
    assert parts["Cole"] == parts["Fife"] != parts["Ayr"]
    assert len({parts["Eton"], parts["Ayr"], parts["Cole"]}) == 3


def test_ticket_path_is_shortest_in_spaces() -> None:
    every = [r.id for r in MINI.routes]
    # Ayr to Fife: Ayr-Bree-Eton-Fife is 2+2+2 = 6; Ayr-Bree-Cole-Fife is 2+2+3 = 7.
    assert ticket_path(MINI, every, "Ayr", "Fife") == ("m-01", "m-06", "m-09")
    # Without Bree-Eton: Ayr-Bree-Dale-Eton-Fife = 2+1+2+2 = 7 ties with Ayr-Bree-Cole-Fife
    # and Ayr-Bree-Cole-Eton-Fife (2+2+1+2); any of them is 7 long.
    path = ticket_path(MINI, [r for r in every if r != "m-06"], "Ayr", "Fife")
    assert path is not None
    assert sum(MINI.route(r).length for r in path) == 7
    assert ticket_path(MINI, ["m-01"], "Ayr", "Fife") is None
    assert ticket_path(MINI, [], "Ayr", "Ayr") == ()
    with pytest.raises(KeyError, match="Atlantis"):
        ticket_path(MINI, every, "Ayr", "Atlantis")


@pytest.mark.parametrize("board", [USA, EUROPE], ids=["usa", "europe"])
def test_ticket_path_agrees_with_networkx_on_random_route_sets(board: Board) -> None:
    """On 60 random sets of a third of the routes: joined exactly when networkx joins the two
    cities, by a walk from one to the other over the set's routes, as short as networkx's."""
    import networkx as nx

    rng = random.Random(11)
    cities = [city.name for city in board.cities]
    for _ in range(60):
        owned = rng.sample([r.id for r in board.routes], len(board.routes) // 3)
        graph = nx.MultiGraph()
        graph.add_nodes_from(cities)
        for rid in owned:
            route = board.route(rid)
            graph.add_edge(route.a, route.b, weight=route.length)
        a, b = rng.sample(cities, 2)
        path = ticket_path(board, owned, a, b)
        if not nx.has_path(graph, a, b):
            assert path is None
            continue
        assert path is not None and set(path) <= set(owned)
        at = a
        for rid in path:  # a walk: each route starts where the last one ended
            route = board.route(rid)
            assert at in (route.a, route.b), (path, rid, at)
            at = route.other(at)
        assert at == b
        length = sum(board.route(rid).length for rid in path)
        assert length == nx.dijkstra_path_length(graph, a, b, weight="weight")


# ----------------------------------------------------------------------------- speed


def test_longest_trail_is_fast_on_dense_europe_networks() -> None:
    rng = random.Random(3)
    networks = [grown_network(EUROPE, rng) for _ in range(40)]
    timings = []
    for owned in networks:
        start = time.perf_counter()
        longest_trail(EUROPE, owned)
        timings.append(time.perf_counter() - start)
    timings.sort()
    # Median well under a millisecond on a quiet machine; generous bounds for a shared one.
    assert timings[len(timings) // 2] < 0.005
    assert sum(timings) < 0.5
