"""Position files: the shipped examples and test positions load and score; every way a position
can be wrong is refused with one line naming the field (and the rule, where one is broken)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules import PositionError, load_map
from ttr_widgets.rules.position import (
    TICKET_DECKS,
    Position,
    TicketDeck,
    load_position,
    parse_position,
    position_to_dict,
    ticket_deck,
)
from ttr_widgets.rules.scoring import Holding, score_game

HERE = Path(__file__).resolve().parents[1]  #: tests/
POSITIONS = HERE / "positions"
EXAMPLES = HERE.parent / "ttr_widgets" / "examples"


def usa_game() -> dict[str, Any]:
    return json.loads((POSITIONS / "usa-three.json").read_text())


def europe_game() -> dict[str, Any]:
    return json.loads((POSITIONS / "europe-stations.json").read_text())


def refused(data: Any) -> str:
    with pytest.raises(PositionError) as caught:
        parse_position(data, source="game.json")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("game.json: ")
    return message


# ----------------------------------------------------------------------------- good positions


def test_test_positions_load() -> None:
    usa = load_position(POSITIONS / "usa-three.json")
    assert usa.board is load_map("usa", printing="1910")
    assert usa.variant == "usa-mega"
    assert [h.name for h in usa.players] == ["Ann", "Ben", "Cat"]
    assert usa.players[0] == Holding(
        "Ann", frozenset({"usa-039", "usa-068", "usa-069", "usa-083", "usa-089", "usa-091"}),
        ("usa-t24", "usa-t20", "usa-t07"))
    europe = load_position(POSITIONS / "europe-stations.json")
    assert europe.players[0].stations == ("Wien", "Budapest", "Zurich")
    assert europe.players[2].stations == ()
    assert [p.total for p in score_game(europe.board, europe.players).players] == [26, 23, 12]
    mini = load_position(POSITIONS / "mini-shared-win.json")
    assert score_game(mini.board, mini.players).winner == ("Ann", "Bob")


@pytest.mark.parametrize("name", ["usa-final", "europe-final"])
def test_shipped_examples_are_finished_legal_games(name: str) -> None:
    position = load_position(EXAMPLES / f"{name}.json")
    board = position.board
    assert 3 <= len(position.players) <= 4
    trains_left = [board.rules.trains - sum(board.route(r).length for r in h.routes)
                   for h in position.players]
    # The game is over: somebody went down to the end threshold, nobody ran far over budget.
    assert min(trains_left) <= board.rules.end_trains
    assert all(0 <= left <= 15 for left in trains_left)
    assert all(len(h.tickets) >= 2 for h in position.players)
    sheet = score_game(board, position.players)
    assert all(40 <= p.total <= 200 for p in sheet.players)
    assert any(not t.completed for p in sheet.players for t in p.tickets)


def test_usa_example_scores() -> None:
    position = load_position(EXAMPLES / "usa-final.json")
    sheet = score_game(position.board, position.players)
    assert [p.total for p in sheet.players] == [88, 113, 98, 130]
    assert sheet.winner == "Dev"
    # Four players: both tracks of some double routes are taken, never by one player.
    owners = {r: h.name for h in position.players for r in h.routes}
    shared = [r for r in owners if position.board.route(r).double in owners]
    assert shared
    assert all(owners[r] != owners[position.board.route(r).double] for r in shared)


def test_europe_example_scores_and_ties() -> None:
    position = load_position(EXAMPLES / "europe-final.json")
    sheet = score_game(position.board, position.players)
    assert [p.total for p in sheet.players] == [94, 107, 107, 99]
    assert sheet.winner == "Chloe"
    assert "Chloe completed the most tickets (4)" in sheet.reason
    assert sheet.player("Boris").station_borrows == {"Kyiv": "eu-066"}
    assert sheet.player("Chloe").station_borrows == {"Rostov": "eu-091"}
    assert sum(t.borrowed for p in sheet.players for t in p.tickets) == 2


def test_round_trip_through_dict() -> None:
    position = load_position(POSITIONS / "europe-stations.json")
    again = parse_position(json.loads(json.dumps(position_to_dict(position))))
    assert again == position


def test_stations_key_is_optional_and_empty_list_is_fine_without_stations() -> None:
    data = usa_game()
    data["players"][0]["stations"] = []
    assert parse_position(data).players[0].stations == ()


def test_position_is_immutable_and_reprs() -> None:
    position = load_position(POSITIONS / "usa-three.json")
    with pytest.raises(AttributeError):
        position.variant = "x"  # type: ignore[misc]
    assert repr(position).startswith(
        "Position(board=load_map('usa', printing='1910'), players=(Holding(")
    names = {"Position": Position, "Holding": Holding, "load_map": load_map}
    assert eval(repr(position), names) == position


# ----------------------------------------------------------------------------- ticket decks


def test_ticket_decks() -> None:
    europe, usa, mini = load_map("europe"), load_map("usa"), load_map("mini")
    base = ticket_deck(europe)
    assert base is TICKET_DECKS[("europe", None)]
    assert sum(base.admits(t) for t in europe.tickets) == 46
    assert sum(ticket_deck(usa).admits(t) for t in usa.tickets) == 30
    assert all(ticket_deck(mini).admits(t) for t in mini.tickets)
    # The shape a later variant will take: Europe Expanded is the tickets printed for it.
    expanded = TicketDeck("europe", "europe-expanded", "Europe Expanded",
                          decks=("europe_expanded",))
    assert sum(expanded.admits(t) for t in europe.tickets) == 65


def test_usa_decks_are_the_variants() -> None:
    usa = load_map("usa")
    sizes = {variant: sum(ticket_deck(usa, variant).admits(t) for t in usa.tickets)
             for variant in (None, "usa-classic", "usa-1910", "usa-mega", "usa-big-cities")}
    assert sizes == {None: 30, "usa-classic": 30, "usa-1910": 35, "usa-mega": 69,
                     "usa-big-cities": 35}
    data = {**usa_game(), "variant": None}
    data["players"][1]["tickets"] += ["usa-t40", "usa-t66"]  # a 1910 and a Mystery Train ticket
    message = refused(data)
    assert ("players[1].tickets[2]: ticket 'usa-t40' (Las Vegas–New York, 19 points) is not "
            "in this game's deck, the 2004 USA tickets, but in the usa-1910, usa-mega and "
            "usa-big-cities decks") in message
    assert ("players[1].tickets[3]: ticket 'usa-t66' (Boston–Washington, 4 points) is not in "
            "this game's deck, the 2004 USA tickets, but in the usa-mega deck") in message
    assert parse_position({**data, "variant": "usa-mega"}).players[1].tickets[-2:] == \
        ("usa-t40", "usa-t66")
    assert "usa-t66" in refused({**data, "variant": "usa-1910"})


# ----------------------------------------------------------------------------- errors


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(PositionError, match=r"cannot read position .*nope\.json"):
        load_position(tmp_path / "nope.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"map": "usa", "players": [}')
    with pytest.raises(PositionError,
                       match=r"broken\.json: not JSON: Expecting value at line 1 column 28"):
        load_position(broken)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PositionError, match="not a UTF-8 text file"):
        load_position(binary)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: [1, 2], "top level: expected an object, got a list"),
    (lambda d: {**d, "map": "mars"}, "map: expected one of usa, europe, mini, got 'mars'"),
    (lambda d: {k: v for k, v in d.items() if k != "map"},
     "map: expected one of usa, europe, mini, missing"),
    (lambda d: {**d, "players": {}}, "players: expected a list of players, got an object"),
    (lambda d: {k: v for k, v in d.items() if k != "players"},
     "players: expected a list of players, got null"),
    (lambda d: {**d, "colour": "red"}, "colour: unknown key"),
    (lambda d: {**d, "variant": "big-cities"},
     "variant: 'big-cities' is not a variant of the usa map "
     "(usa-1910, usa-big-cities, usa-classic, usa-mega)"),
    (lambda d: {**d, "variant": 3}, "variant: expected a string or null, got a number"),
])
def test_document_errors(change: Any, message: str) -> None:
    assert message in refused(change(usa_game()))


def mutate(data: dict[str, Any], player: int, key: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    if value is KeyError:
        del data["players"][player][key]
    else:
        data["players"][player][key] = value
    return data


@pytest.mark.parametrize(("player", "key", "value", "message"), [
    (0, "name", "", "players[0].name: a player needs a name, got ''"),
    (0, "name", 7, "players[0].name: expected a string, got a number"),
    (1, "routes", KeyError, "players[1].routes: missing (expected a list of route ids)"),
    (1, "routes", "usa-001", "players[1].routes: expected a list of route ids, got a string"),
    (1, "routes", ["usa-001", 5],
     "players[1].routes[1]: expected a route id (a string), got a number"),
    (1, "routes", ["usa-001", "usa-002", "usa-003", "usa-999"],
     "players[1].routes[3]: unknown route 'usa-999'"),
    (2, "tickets", ["usa-t01", "eu-t01"], "players[2].tickets[1]: unknown ticket 'eu-t01'"),
    (2, "tickets", None, "players[2].tickets: missing (expected a list of ticket ids)"),
    (0, "stations", ["Boston", "Atlantis"], "players[0].stations[1]: unknown city 'Atlantis'"),
    (0, "colour", "red", "players[0].colour: unknown key"),
])
def test_player_field_errors(player: int, key: str, value: Any, message: str) -> None:
    assert message in refused(mutate(usa_game(), player, key, value))


def test_player_must_be_an_object() -> None:
    data = usa_game()
    data["players"][1] = ["usa-001"]
    assert "players[1]: expected an object, got a list" in refused(data)


def test_several_problems_are_reported_on_one_line() -> None:
    data = mutate(usa_game(), 0, "routes", ["usa-998", "usa-999"])
    message = refused(data)
    assert message == ("game.json: players[0].routes[0]: unknown route 'usa-998'; "
                       "players[0].routes[1]: unknown route 'usa-999'")


def test_a_long_list_of_problems_is_cut_short() -> None:
    data = mutate(usa_game(), 0, "routes", [f"usa-9{n:02d}" for n in range(20)])
    message = refused(data)
    assert message.count("unknown route") == 8
    assert message.endswith("players[0].routes[7]: unknown route 'usa-907'; and 12 more")


def test_route_owned_by_two_players() -> None:
    data = mutate(usa_game(), 1, "routes", ["usa-006", "usa-089"])  # Ann owns usa-089
    assert ("players[1].routes[1]: route 'usa-089' (Portland–San Francisco, 5 green) is already "
            "owned by Ann (rule claim.open)"
            in refused(data))


def test_route_listed_twice() -> None:
    data = mutate(usa_game(), 0, "routes", ["usa-039", "usa-068", "usa-039"])
    assert ("players[0].routes[2]: route 'usa-039' (Denver–Santa Fe, 2 gray) is listed "
            "twice") in refused(data)


def test_one_player_on_both_tracks_of_a_double() -> None:
    # usa-069 and usa-070 are the two Los Angeles-San Francisco tracks (Ann has usa-069).
    data = usa_game()
    data["players"].append({"name": "Dev", "routes": [], "tickets": []})  # 4 players
    data["players"][0]["routes"].append("usa-070")
    assert ("players[0].routes[6]: route 'usa-070' (Los Angeles–San Francisco, 3 yellow) and "
            "route 'usa-069' (Los Angeles–San Francisco, 3 pink) are the two tracks of one "
            "double route; no player may own both (rule claim.double-own)") in refused(data)


def test_both_tracks_of_a_double_in_a_three_player_game() -> None:
    data = mutate(usa_game(), 1, "routes", ["usa-070"])  # Ann owns the other track
    assert ("players[1].routes[0]: route 'usa-070' (Los Angeles–San Francisco, 3 yellow) is "
            "the other track of route 'usa-069' (Los Angeles–San Francisco, 3 pink), owned by "
            "Ann; with 3 players only one track of a double route is used "
            "(rule claim.double-small)") in refused(data)
    # With four players both tracks may be used, by different players.
    data["players"].append({"name": "Dev", "routes": [], "tickets": []})
    assert parse_position(data).players[1].routes == frozenset({"usa-070"})


def test_mini_uses_both_tracks_from_three_players() -> None:
    two = {"map": "mini", "players": [{"name": "A", "routes": ["m-03"], "tickets": []},
                                      {"name": "B", "routes": ["m-04"], "tickets": []}]}
    assert "rule claim.double-small" in refused(two)
    three = copy.deepcopy(two)
    three["players"].append({"name": "C", "routes": [], "tickets": []})
    assert len(parse_position(three).players) == 3


def test_too_many_trains() -> None:
    # Ann already uses 17 trains; add six-space routes until she passes 45.
    data = usa_game()
    data["players"][0]["routes"] += ["usa-015", "usa-040", "usa-044", "usa-046", "usa-053"]
    assert ("players[0].routes: 47 trains used; each player has 45 (rule setup.trains)"
            in refused(data))


def test_stations_on_a_map_without_stations() -> None:
    data = mutate(usa_game(), 0, "stations", ["Boston"])
    assert ("players[0].stations: the USA map has no stations (rule station.map)"
            in refused(data))


def test_too_many_stations() -> None:
    data = mutate(europe_game(), 1, "stations", ["Bucuresti", "Paris", "Roma", "Sofia"])
    assert ("players[1].stations: 4 stations; each player has 3 (rule station.limit)"
            in refused(data))


def test_two_stations_in_one_city() -> None:
    data = mutate(europe_game(), 2, "stations", ["Wien"])  # Ann's station is there
    assert ("players[2].stations[0]: Wien already holds Ann's station; a city holds one at most "
            "(rule station.one-per-city)") in refused(data)
    data = mutate(europe_game(), 1, "stations", ["Roma", "Roma"])
    assert "players[1].stations[1]: Roma is listed twice" in refused(data)


def test_player_count_outside_the_map_range() -> None:
    data = usa_game()
    data["players"] = data["players"][:1]
    assert "players: 1 player; the usa map is played by 2 to 5" in refused(data)
    data = usa_game()
    data["players"] += [{"name": n, "routes": [], "tickets": []} for n in ("D", "E", "F")]
    assert "players: 6 players; the usa map is played by 2 to 5" in refused(data)
    mini = {"map": "mini", "players": [{"name": n, "routes": [], "tickets": []}
                                       for n in "ABCD"]}
    assert "players: 4 players; the mini map is played by 2 to 3" in refused(mini)


def test_duplicate_player_names() -> None:
    data = mutate(usa_game(), 2, "name", "Ann")
    assert "players[2].name: duplicate player name 'Ann'" in refused(data)


def test_duplicate_tickets() -> None:
    data = mutate(usa_game(), 1, "tickets", ["usa-t18", "usa-t24"])  # Ann holds usa-t24
    assert ("players[1].tickets[1]: ticket 'usa-t24' (Seattle–Los Angeles, 9 points) is "
            "already held by Ann") in refused(data)
    data = mutate(usa_game(), 1, "tickets", ["usa-t18", "usa-t18"])
    assert ("players[1].tickets[1]: ticket 'usa-t18' (New York–Atlanta, 6 points) "
            "is listed twice") in refused(data)


def test_europe_ticket_outside_the_base_deck() -> None:
    europe = load_map("europe")
    expansion = next(t for t in europe.tickets if t.kind == "1912-big-cities")
    data = mutate(europe_game(), 2, "tickets", ["eu-t24", expansion.id])
    assert (f"players[2].tickets[1]: ticket '{expansion.id}' ({expansion.cities_label}, "
            f"{expansion.points} points) is not in this game's deck, "
            "the Europe base game tickets (regular and long), but in the big-cities and "
            "mega-europe decks") in refused(data)


def test_position_is_a_value() -> None:
    first = load_position(POSITIONS / "usa-three.json")
    second = load_position(POSITIONS / "usa-three.json")
    assert first == second
    assert isinstance(first, Position)
