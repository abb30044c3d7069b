"""Rules and constants once: the double-route closing rule in one predicate that the engine, the
bots and position files all follow; the Depots' numbers from the rule set; the longest trail's
cities in the score sheet; saved games read by the core."""

from __future__ import annotations

import json

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.engine import new_game, score
from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.graph import longest_trail
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.legal import double_closed, route_closed
from ttr_widgets.rules.maps import map_path
from ttr_widgets.rules.planner import shortest_path
from ttr_widgets.rules.position import Position, check_position, parse_position, score_position
from ttr_widgets.rules.record import example_path, load_game, read_game, to_record
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.scoring import Holding
from ttr_widgets.rules.state import OPEN, Options

USA = load_map("usa")
EUROPE = load_map("europe")


def _double(board):
    return next(r for r in board.routes if r.double and r.color != "gray")


@pytest.mark.parametrize(("players", "twin_owner", "me", "rule"), [
    (2, OPEN, 0, None), (3, 1, 0, "claim.double-small"), (3, 0, 0, "claim.double-own"),
    (4, 0, 0, "claim.double-own"), (4, 1, 0, None), (5, OPEN, 2, None),
])
def test_one_predicate_for_the_double_route_rule(players, twin_owner, me, rule):
    assert double_closed(USA, players, twin_owner, me) == rule


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("twin_owner", [0, 1])
def test_engine_bots_and_positions_follow_the_predicate(players, twin_owner):
    route = _double(USA)
    twin = USA.route(route.double)
    rule = double_closed(USA, players, twin_owner, 0)
    state = scenario(USA, players, hands=[{route.color: route.length}],
                     claimed={twin.id: twin_owner})
    closed = route_closed(state, route)
    assert (closed.rule if closed else None) == rule
    # The bots' path between the two cities takes this track only when it is open to them.
    found = shortest_path(state, route.a, route.b)
    uses = found is not None and found[1] == (route,)
    assert uses == (rule is None)
    # A position file with the same owners is refused under the same rule.
    holdings = [Holding(f"P{i}", frozenset(), ()) for i in range(players)]
    holdings[twin_owner] = Holding(f"P{twin_owner}", frozenset({twin.id}), ())
    holdings[0] = Holding("P0", holdings[0].routes | {route.id}, ())
    error = check_position(Position(USA, tuple(holdings)))
    assert (error is None) == (rule is None)
    if rule is not None:
        assert f"(rule {rule})" in str(error)


def _europe_with(tmp_path, **rules):
    data = json.loads(map_path("europe").read_text(encoding="utf-8"))
    data["rules"].update(rules)
    path = tmp_path / "europe-house.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_map(str(path))


def test_depots_and_their_bonus_come_from_the_rule_set(tmp_path):
    assert (EUROPE.rules.depots, EUROPE.rules.depot_bonus) == (5, 10)
    house = _europe_with(tmp_path, depots=3, depot_bonus=7)
    state = new_game(house, 2, seed=4, options=Options(warehouses=True))
    assert state.depots_left == (3, 3)
    sheet = score(state)
    assert [p.depot_bonus for p in sheet.players] == [7, 7]  # tied for the most left
    with pytest.raises(PositionError, match="only 3 Depots"):
        scenario(house, 2, options=Options(warehouses=True),
                 depots={c.name: 0 for c in house.cities[:4]})
    document = {"map": "europe", "warehouses": True, "players": [
        {"name": "A", "routes": [], "tickets": [], "depots_left": EUROPE.rules.depots + 1},
        {"name": "B", "routes": [], "tickets": [], "depots_left": 1}]}
    with pytest.raises(PositionError, match=f"from 0 to {EUROPE.rules.depots}"):
        parse_position(document)


def test_the_score_sheet_carries_the_longest_trail_cities():
    denver = [r.id for r in USA.routes_at["Denver"]][:3]
    state = scenario(USA, 2, claimed={**dict.fromkeys(denver, 0), USA.routes[0].id: 1})
    sheet = score(state)
    for player, p in zip(state.players, sheet.players, strict=True):
        trail = longest_trail(USA, player.routes)
        assert p.longest_trail_cities == trail.cities
        assert len(p.longest_trail_cities) == len(p.longest_trail_routes) + 1
    assert "Denver" in sheet.players[0].longest_trail_cities
    assert score(new_game(USA, 2)).players[0].longest_trail_cities == ()


def test_saved_games_are_read_by_the_core(tmp_path):
    position = load_game(example_path("usa"))
    assert position.kind == "position" and position.score() == score_position(position.position)
    game = Game.new(USA, ["Ann", "Bob"], 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(game)), encoding="utf-8")
    loaded = read_game(path.read_bytes(), "game.json")
    assert loaded.kind == "record" and loaded.position.board is USA
    assert [h.name for h in loaded.position.players] == ["Ann", "Bob"]
    with pytest.raises(PositionError, match=r"game\.json: not JSON"):
        read_game(b"{", "game.json")
