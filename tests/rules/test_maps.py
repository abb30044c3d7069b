"""The map files hold the real games' facts, and the loader refuses every broken map at once.

The numbers below are literals taken from the project's cross-checked reference counts (several
independent data sets agree on them); the test recomputes each one from the loaded ``Board``.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttr_widgets.rules.errors import MapError, TTRError
from ttr_widgets.rules.maps import board_from_dict, load_map, map_path
from ttr_widgets.rules.model import COLORS, Board, Route

FIXTURES = Path(__file__).parents[1] / "fixtures" / "maps"


def pair(route: Route) -> frozenset[str]:
    return frozenset((route.a, route.b))


def routes_between(board: Board, a: str, b: str) -> list[Route]:
    return [r for r in board.routes if pair(r) == {a, b}]


def twins(board: Board) -> list[tuple[Route, Route]]:
    """Each double route once, as (first track, second track)."""
    return [(r, board.route(r.double)) for r in board.routes if r.double and r.id < r.double]


def track_graph(board: Board) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(c.name for c in board.cities)
    for r in board.routes:
        if not graph.has_edge(r.a, r.b) or graph[r.a][r.b]["weight"] > r.length:
            graph.add_edge(r.a, r.b, weight=r.length)
    return graph


# --- the facts of the two real maps -------------------------------------------------------

FACTS: dict[str, dict[str, Any]] = {
    "usa": {
        "cities": 36, "segments": 100, "pairs": 78, "doubles": 22, "gray_doubles": 10,
        "spaces": 309, "points_if_all_claimed": 508,
        "segments_by_length": {1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9},
        "segments_by_colour": {**dict.fromkeys(COLORS, 7), "gray": 44},
        "spaces_by_colour": {**dict.fromkeys(COLORS, 27), "gray": 93},
        "tunnels": 0, "tunnel_spaces": 0, "ferries": 0, "ferry_symbols": 0,
        "tickets": {"regular": 30, "1910": 35, "1910-mega": 4},
    },
    "europe": {
        "cities": 47, "segments": 101, "pairs": 90, "doubles": 11, "gray_doubles": 2,
        "spaces": 300, "points_if_all_claimed": 448,
        "segments_by_length": {1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1},
        "segments_by_colour": {**dict.fromkeys(COLORS, 8), "gray": 37},
        "spaces_by_colour": {**dict.fromkeys(COLORS, 22), "blue": 23, "green": 23, "gray": 122},
        "tunnels": 18, "tunnel_spaces": 55, "ferries": 13, "ferry_symbols": 17,
        "tickets": {"regular": 40, "long": 6, "1912-long": 6, "1912-regular": 19,
                    "1912-big-cities": 30},
    },
}
REAL_MAPS = sorted(FACTS)


@pytest.mark.parametrize("name", REAL_MAPS)
def test_cities_segments_and_connections(name: str) -> None:
    board, facts = load_map(name), FACTS[name]
    assert len(board.cities) == facts["cities"]
    assert len(board.routes) == facts["segments"]
    assert len({pair(r) for r in board.routes}) == facts["pairs"]
    assert sum(r.length for r in board.routes) == facts["spaces"]
    assert sum(board.route_points(r) for r in board.routes) == facts["points_if_all_claimed"]


@pytest.mark.parametrize("name", REAL_MAPS)
def test_lengths_and_colours(name: str) -> None:
    board, facts = load_map(name), FACTS[name]
    assert Counter(r.length for r in board.routes) == facts["segments_by_length"]
    assert Counter(r.color for r in board.routes) == facts["segments_by_colour"]
    spaces: Counter[str] = Counter()
    for r in board.routes:
        spaces[r.color] += r.length
    assert spaces == facts["spaces_by_colour"]


@pytest.mark.parametrize("name", REAL_MAPS)
def test_double_routes(name: str) -> None:
    board, facts = load_map(name), FACTS[name]
    pairs = twins(board)
    assert len(pairs) == facts["doubles"]
    assert sum(r.color == s.color == "gray" for r, s in pairs) == facts["gray_doubles"]
    for r, s in pairs:
        assert s.double == r.id and pair(r) == pair(s) and r.length == s.length
    # every pair of parallel tracks is a declared double, and no pair has three tracks
    tracks = Counter(pair(r) for r in board.routes)
    assert sorted(tracks.values(), reverse=True)[0] == 2
    assert {pair(r) for r, _ in pairs} == {p for p, n in tracks.items() if n == 2}


def test_europe_gray_doubles_are_london_dieppe_and_essen_kobenhavn() -> None:
    board = load_map("europe")
    gray = {pair(r) for r, s in twins(board) if r.color == s.color == "gray"}
    assert gray == {frozenset({"London", "Dieppe"}), frozenset({"Essen", "Kobenhavn"})}


@pytest.mark.parametrize("name", REAL_MAPS)
def test_tunnels_and_ferries(name: str) -> None:
    board, facts = load_map(name), FACTS[name]
    tunnels = [r for r in board.routes if r.tunnel]
    ferries = [r for r in board.routes if r.is_ferry]
    assert len(tunnels) == facts["tunnels"]
    assert sum(r.length for r in tunnels) == facts["tunnel_spaces"]
    assert len(ferries) == facts["ferries"]
    assert sum(r.ferry_locomotives for r in ferries) == facts["ferry_symbols"]
    assert not [r for r in board.routes if r.tunnel and r.is_ferry]


def test_europe_tunnel_and_ferry_details() -> None:
    board = load_map("europe")
    tunnels = [r for r in board.routes if r.tunnel]
    assert len({pair(r) for r in tunnels}) == 17
    madrid_pamplona = routes_between(board, "Madrid", "Pamplona")
    assert len(madrid_pamplona) == 2 and all(r.tunnel for r in madrid_pamplona)
    assert {r.color for r in madrid_pamplona} == {"black", "white"}
    ferries = [r for r in board.routes if r.is_ferry]
    assert len({pair(r) for r in ferries}) == 11
    assert Counter(r.ferry_locomotives for r in ferries) == {1: 9, 2: 4}
    assert {pair(r) for r in ferries if r.ferry_locomotives == 2} == {
        frozenset({"Amsterdam", "London"}), frozenset({"Constantinople", "Sevastopol"}),
        frozenset({"Erzurum", "Sevastopol"}), frozenset({"Palermo", "Smyrna"}),
    }


def test_europe_longest_route_is_the_stockholm_petrograd_tunnel() -> None:
    board = load_map("europe")
    (route,) = routes_between(board, "Stockholm", "Petrograd")
    assert (route.length, route.color, route.tunnel, route.is_ferry) == (8, "gray", True, False)
    assert board.route_points(route) == 21
    assert max(r.length for r in board.routes) == 8
    assert not [r for r in board.routes if r.length in (5, 7)]


@pytest.mark.parametrize(
    ("name", "a", "b", "length", "colours"),
    [
        ("usa", "Los Angeles", "El Paso", 6, ["black"]),
        ("usa", "Miami", "New Orleans", 6, ["red"]),
        ("usa", "Sault St. Marie", "Winnipeg", 6, ["gray"]),
        ("usa", "Seattle", "Portland", 1, ["gray", "gray"]),
        ("usa", "Seattle", "Vancouver", 1, ["gray", "gray"]),
        ("europe", "Budapest", "Kyiv", 6, ["gray"]),
        ("europe", "Amsterdam", "Bruxelles", 1, ["black"]),
        ("europe", "Palermo", "Smyrna", 6, ["gray"]),
    ],
)
def test_named_routes(name: str, a: str, b: str, length: int, colours: list[str]) -> None:
    found = routes_between(load_map(name), a, b)
    assert [r.length for r in found] == [length] * len(colours)
    assert sorted(r.color for r in found) == colours


@pytest.mark.parametrize("name", REAL_MAPS)
def test_ticket_kinds_and_ids(name: str) -> None:
    board = load_map(name)
    assert Counter(t.kind for t in board.tickets) == FACTS[name]["tickets"]
    assert len({t.id for t in board.tickets}) == len(board.tickets)
    assert len({frozenset((t.a, t.b)) for t in board.tickets}) == len(board.tickets)


@pytest.mark.parametrize(
    ("name", "a", "b", "points", "kind"),
    [
        ("usa", "Los Angeles", "Miami", 20, "regular"),
        ("usa", "Seattle", "New York", 22, "regular"),
        ("usa", "Denver", "El Paso", 4, "regular"),
        ("usa", "Portland", "Vancouver", 2, "1910-mega"),
        ("usa", "Boston", "Washington", 4, "1910-mega"),
        ("usa", "Las Vegas", "Miami", 21, "1910"),
        ("europe", "Athina", "Angora", 5, "regular"),
        ("europe", "Cadiz", "Stockholm", 21, "long"),
        ("europe", "Paris", "Angora", 17, "1912-big-cities"),
    ],
)
def test_named_tickets(name: str, a: str, b: str, points: int, kind: str) -> None:
    (ticket,) = [t for t in load_map(name).tickets if {t.a, t.b} == {a, b}]
    assert (ticket.points, ticket.kind) == (points, kind)


def test_usa_1910_revalues_four_base_tickets() -> None:
    raw = json.loads(map_path("usa").read_text(encoding="utf-8"))
    revalued = {(t["a"], t["b"]): (t["points"], t["points_1910"])
                for t in raw["tickets"] if "points_1910" in t}
    assert revalued == {
        ("Los Angeles", "Miami"): (20, 19), ("Los Angeles", "New York"): (21, 20),
        ("Seattle", "New York"): (22, 20), ("Sault St. Marie", "Oklahoma City"): (9, 8),
    }


def test_europe_big_cities_and_ticket_decks() -> None:
    board = load_map("europe")
    big = {"Angora", "Athina", "Berlin", "London", "Madrid", "Moskva", "Paris", "Roma", "Wien"}
    assert set(board.big_cities) == big
    for t in board.tickets:
        assert t.big_city == bool({t.a, t.b} & big), t
    assert sum(t.big_city for t in board.tickets_of_kind("regular")) == 15
    assert not [t for t in board.tickets_of_kind("1912-regular") if t.big_city]
    assert all("big_cities_of_europe" in t.decks for t in board.tickets_of_kind("1912-big-cities"))
    assert not [t for t in board.tickets_of_kind("long", "1912-long")
                if "big_cities_of_europe" in t.decks]


# A ticket's value is the shortest path in train spaces, except for these (value, shortest).
NOT_SHORTEST = {
    "usa": {
        ("Los Angeles", "Chicago"): (16, 15), ("Los Angeles", "Miami"): (20, 19),
        ("Los Angeles", "New York"): (21, 20), ("Sault St. Marie", "Oklahoma City"): (9, 8),
        ("Seattle", "New York"): (22, 20), ("Las Vegas", "Miami"): (21, 20),
    },
    "europe": {
        ("London", "Wien"): (10, 9), ("Edinburgh", "Athina"): (21, 20),
        ("Essen", "Angora"): (16, 15), ("Bucuresti", "Erzurum"): (7, 8),
        ("London", "Angora"): (20, 19), ("Paris", "Berlin"): (7, 6),
        ("Paris", "Roma"): (10, 7), ("Sochi", "Smyrna"): (9, 8),
    },
}


@pytest.mark.parametrize("name", REAL_MAPS)
def test_every_ticket_is_reachable_and_worth_its_shortest_path(name: str) -> None:
    board = load_map(name)
    graph = track_graph(board)
    assert nx.is_connected(graph)
    off = {}
    for t in board.tickets:
        shortest = nx.shortest_path_length(graph, t.a, t.b, weight="weight")
        if shortest != t.points:
            off[(t.a, t.b)] = (t.points, shortest)
    assert off == NOT_SHORTEST[name]


@pytest.mark.parametrize("name", REAL_MAPS)
def test_deck_and_rules_numbers(name: str) -> None:
    board = load_map(name)
    assert board.deck == (12,) * 8 + (14,)
    assert sum(board.deck) == 110
    rules = board.rules
    assert (rules.trains, rules.players_min, rules.players_max) == (45, 2, 5)
    assert (rules.face_up, rules.face_up_locomotive_reset, rules.longest_bonus) == (5, 3, 10)
    assert rules.double_routes_min_players == 4
    table = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert dict(rules.route_points) == (table if name == "usa" else {**table, 8: 21})


def test_europe_stations_and_setup() -> None:
    rules = load_map("europe").rules
    assert (rules.stations, rules.station_costs, rules.unused_station_points) == (3, (1, 2, 3), 4)
    assert dict(rules.initial_tickets) == {"long": 1, "regular": 3}
    assert (rules.tunnel_reveal, rules.initial_rejects) == (3, "box")
    assert load_map("usa").rules.stations == 0


def test_mini_map_has_the_documented_features() -> None:
    board = load_map("mini")
    assert (len(board.cities), len(board.routes), len(board.tickets)) == (6, 10, 12)
    assert [r.id for r in board.routes if r.tunnel] == ["m-06"]
    assert [(r.id, r.ferry_locomotives) for r in board.routes if r.is_ferry] == [("m-07", 1)]
    assert [(r.id, s.id) for r, s in twins(board)] == [("m-03", "m-04")]
    rules = board.rules
    assert (rules.trains, rules.stations, rules.station_costs) == (12, 2, (1, 2))
    assert (rules.players_max, rules.double_routes_min_players) == (3, 3)
    assert nx.is_connected(track_graph(board))


# --- broken maps: every problem named at its place, all at once ----------------------------

BROKEN = {
    "not_json": ["not JSON: Expecting property name enclosed in double quotes at line 5"],
    "wrong_schema_version": ["schema_version: expected 1, got 2"],
    "missing_lists": ["routes: expected a list", "tickets: expected a list"],
    "unknown_city_route": ["routes[2].b: unknown city 'Pampelona'"],
    "unknown_city_ticket": ["tickets[1].a: unknown city 'Berch'"],
    "unhashable_city": ["routes[3].a: unknown city ['Ash']"],
    "duplicate_route_id": ["routes[3].id: duplicate route id 't-3'"],
    "duplicate_city": ["cities[3].name: duplicate city 'Birch'"],
    "bad_colour": ["routes[2].color: 'grey' is not one of red, orange, yellow, green, blue, "
                   "pink, white, black, gray"],
    "length_not_scored": ["routes[2].length: 5 is not a length the scoring table knows "
                          "([1, 2, 3])"],
    "ferry_too_many_locomotives": ["routes[2].ferry_locomotives: expected 0 up to the route's "
                                   "length"],
    "double_missing_twin": ["routes[0].double: unknown route 't-9'",
                            "routes[1].double: 't-1' does not name 't-2' back as its twin"],
    "double_not_named_back": ["routes[0].double: 't-2' does not name 't-1' back as its twin"],
    "double_other_cities": [
        "routes[0].double: 't-2' joins other cities",
        "routes[1].double: 't-1' joins other cities",
        "routes[3]: joins 'Ash' and 'Cedar' like routes[1] ('t-2') but neither names the "
        "other as its double",
    ],
    "double_names_itself": [
        "routes[0].double: 't-1' names itself as its twin",
        "routes[1]: joins 'Ash' and 'Birch' like routes[0] ('t-1') but neither names the "
        "other as its double",
    ],
    "parallel_not_double": ["routes[3]: joins 'Ash' and 'Birch' like routes[0] ('t-1') but "
                            "neither names the other as its double"],
    "unknown_keys": ["routes[3]: unknown keys ['tunel']", "tickets[0]: unknown keys ['point']"],
    "counts_mismatch": ["counts.routes: header says 5, the file has 4"],
    "bad_deck": ["deck.colors.pink: expected a count", "deck.colors: unknown colours ['purple']",
                 "deck.locomotives: expected a count"],
    "negative_points": ["rules.route_points.3: expected points ≥ 0, got -4",
                        "tickets[0].points: expected a positive whole number, got -4"],
    "rules_wrong_type": [
        "rules: unknown keys ['trians']",
        "rules.trains: expected a whole number ≥ 0, got '45'",
        "rules.tunnel_reveal: expected a whole number ≥ 0, got True",
        "rules.station_costs: expected a list of card counts",
        "rules.longest_bonus_name: expected a non-empty string",
    ],
    "many_problems": [
        "schema_version: expected 1, got '1'",
        "cities[2]: city 'Cedar' needs numeric x and y",
        "rules.trains: expected a whole number ≥ 0, got 4.5",
        "routes[0].a: unknown city 'Pampelona'",
        "routes[2].color: 'purple' is not one of red, orange, yellow, green, blue, pink, "
        "white, black, gray",
        "tickets[1].points: expected a positive whole number, got 0",
        "deck.locomotives: expected a count",
    ],
}


def test_every_fixture_is_checked() -> None:
    assert {p.stem for p in FIXTURES.glob("*.json")} == {*BROKEN, "valid_tiny"}


def test_the_valid_fixture_loads() -> None:
    board = load_map(str(FIXTURES / "valid_tiny.json"))
    assert [r.id for r in board.routes] == ["t-1", "t-2", "t-3", "t-4"]
    assert board.route("t-1").double == "t-2"


@pytest.mark.parametrize("stem", sorted(BROKEN))
def test_broken_map_names_every_problem(stem: str) -> None:
    with pytest.raises(MapError) as caught:
        load_map(str(FIXTURES / f"{stem}.json"))
    error = caught.value
    assert error.problems == BROKEN[stem]
    assert error.source == f"{stem}.json"
    assert str(error) == f"invalid map {stem}.json: " + "; ".join(BROKEN[stem])


def test_map_error_is_one_line_even_with_many_problems() -> None:
    doc = json.loads((FIXTURES / "valid_tiny.json").read_text(encoding="utf-8"))
    doc["tickets"] = [{"id": f"x{i}", "a": "Ash\nBirch", "b": "Cedar", "points": 1,
                       "kind": "regular"} for i in range(15)]
    doc["counts"]["tickets"] = 15
    with pytest.raises(MapError) as caught:
        board_from_dict(doc, source="tiny")
    assert len(caught.value.problems) == 15
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("invalid map tiny: tickets[0].a: unknown city 'Ash\\nBirch'; ")
    assert message.endswith("; and 3 more")
    assert isinstance(caught.value, TTRError)


def test_missing_file_says_so_and_lists_the_builtin_maps(tmp_path: Path) -> None:
    where = tmp_path / "nowhere.json"
    with pytest.raises(MapError) as caught:
        load_map(str(where))
    assert str(caught.value) == (f"invalid map {where}: cannot read it (No such file or "
                                 "directory); built-in maps are usa, europe, mini")
    with pytest.raises(MapError, match=r"^invalid map narnia: cannot read it"):
        load_map("narnia")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"name": "caf\xe9"}', "not UTF-8 text (byte 13)"),
        (b"[" * 100_000, "not usable JSON: nested too deeply"),
        (b"1" * 5000, "not usable JSON: Exceeds the limit (4300 digits) for integer string "
                      "conversion"),
        (b'"a map"', "top level: expected an object"),
    ],
)
def test_unreadable_content(tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    with pytest.raises(MapError) as caught:
        load_map(str(path))
    assert caught.value.problems == [problem]


def test_coordinates_must_be_finite_numbers() -> None:
    doc = json.loads((FIXTURES / "valid_tiny.json").read_text(encoding="utf-8"))
    doc["cities"][0]["x"] = float("nan")
    doc["cities"][1]["y"] = 10**400
    with pytest.raises(MapError) as caught:
        board_from_dict(doc)
    assert caught.value.problems == ["cities[0]: city 'Ash' needs numeric x and y",
                                     "cities[1]: city 'Birch' needs numeric x and y"]


# --- whatever the input, a Board or a MapError --------------------------------------------

MINI = json.loads(map_path("mini").read_text(encoding="utf-8"))
NAMES_IN_MINI = ["Ayr", "Bree", "Fife", "m-03", "m-04", "mini-t01", "gray", "red", "regular",
                 "1", "3", "x", "double", "colors"]

json_leaves = (st.none() | st.booleans() | st.integers() | st.floats()
               | st.text(max_size=6) | st.sampled_from(NAMES_IN_MINI))
json_values = st.recursive(
    json_leaves,
    lambda inner: (st.lists(inner, max_size=4)
                   | st.dictionaries(st.text(max_size=6) | st.sampled_from(NAMES_IN_MINI),
                                     inner, max_size=4)),
    max_leaves=12,
)
top_keys = st.sampled_from(["schema_version", "name", "title", "counts", "deck", "rules",
                            "cities", "routes", "tickets", "big_cities"])
documents = json_values | st.dictionaries(top_keys, json_values, max_size=10)


def places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (keys and indices), the root excluded."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += places(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += places(inner, (*at, i))
    return found


MINI_PLACES = places(MINI)
edits = st.tuples(st.sampled_from(["set", "delete", "append"]), st.sampled_from(MINI_PLACES),
                  json_values)


def edited(doc: Any, changes: list[tuple[str, tuple[Any, ...], Any]]) -> Any:
    doc = copy.deepcopy(doc)
    for how, at, value in changes:
        holder = doc
        try:
            for step in at[:-1]:
                holder = holder[step]
            if isinstance(holder, dict) != isinstance(at[-1], str):
                continue  # a list where the mini map has an object, or the other way round
            if how == "set":
                holder[at[-1]] = value
            elif how == "delete":
                del holder[at[-1]]
            elif isinstance(holder[at[-1]], list):
                holder[at[-1]].append(value)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change removed this place
    return doc


def assert_consistent(board: Board) -> None:
    """What a caller may rely on in any Board the loader returns."""
    names = {c.name for c in board.cities}
    assert len(names) == len(board.cities) == len(board.city_index)
    assert len(board.route_by_id) == len(board.routes)
    assert len(board.ticket_by_id) == len(board.tickets)
    lengths = {n for n, _ in board.rules.route_points}
    for r in board.routes:
        assert {r.a, r.b} <= names and r.a != r.b and r.length in lengths
        assert 0 <= r.ferry_locomotives <= r.length
        if r.double is not None:
            twin = board.route(r.double)
            assert twin.double == r.id and pair(twin) == pair(r) and twin is not r
    for t in board.tickets:
        assert {t.a, t.b} <= names and t.a != t.b and t.points > 0
    assert len(board.deck) == 9 and min(board.deck) >= 0


def check(doc: Any) -> None:
    before = json.dumps(doc)
    try:
        board = board_from_dict(doc, source="fuzz")
    except MapError as error:
        assert error.problems and all(isinstance(p, str) for p in error.problems)
        assert "\n" not in str(error)
    else:
        assert_consistent(board)
    assert json.dumps(doc) == before  # the loader never changes its input


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(documents)
def test_any_json_document_gives_a_board_or_a_map_error(doc: Any) -> None:
    check(doc)


@FUZZ
@given(st.lists(edits, min_size=1, max_size=4))
def test_any_edit_of_the_mini_map_gives_a_board_or_a_map_error(
        changes: list[tuple[str, tuple[Any, ...], Any]]) -> None:
    check(edited(MINI, changes))


def test_the_unedited_mini_map_passes_the_same_checks() -> None:
    check(MINI)
    assert_consistent(board_from_dict(MINI))


_file_numbers = itertools.count()
MINI_TEXT = map_path("mini").read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200)
       | st.tuples(st.integers(0, len(MINI_TEXT)), st.integers(0, 40), st.text(max_size=3))
       .map(lambda cut: (MINI_TEXT[:cut[0]] + cut[2] + MINI_TEXT[cut[0] + cut[1]:]).encode()))
def test_any_file_content_gives_a_board_or_a_map_error(
        tmp_path_factory: pytest.TempPathFactory, content: bytes) -> None:
    path = tmp_path_factory.getbasetemp() / f"fuzz-{next(_file_numbers)}.json"
    path.write_bytes(content)
    try:
        assert_consistent(load_map(str(path)))
    except MapError as error:
        assert "\n" not in str(error)
