"""``ttr map`` on a map drawn for team play: triple routes, tunnels that print their own number
of cards to turn up, doubles that stay open with 4 players (tests/fixtures/team/teamtest.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttr_widgets.cli import main
from ttr_widgets.rules import load_map

TEAMTEST = Path(__file__).resolve().parents[1] / "fixtures" / "team" / "teamtest.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _line(out: str, start: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(start))


def test_summary_names_each_tunnels_count_of_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "map", str(TEAMTEST))
    assert code == 0
    assert _line(out, "Tunnels:") == ("Tunnels: 3 (12 spaces); cards turned up: 4 cards on "
                                      "Ash–Elm; 5 cards on Elm–Fern; 6 cards on Fern–Holt")


def test_summary_describes_the_triple_route_and_the_open_double(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "map", str(TEAMTEST))
    assert _line(out, "Triple routes:") == (
        "Triple routes: 1 (Ash–Birch); in team play 2 of the 3 tracks are used with 4 players, "
        "all 3 with 6")
    assert "  in team play: with 4 players only one track of each double is used (except 1 " \
           "pair that stays open: Cedar–Dune); with 6 both, never both to one team" in out
    assert "Double routes: 2 pairs" in out


def test_two_open_doubles_read_in_the_plural(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    data = json.loads(TEAMTEST.read_text(encoding="utf-8"))
    for route in data["routes"]:
        if route["id"] in ("k-04", "k-05"):
            route["stays_open"] = True
    path = tmp_path / "open.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, out, _ = run(capsys, "map", str(path))
    assert "(except 2 pairs that stay open: Birch–Cedar, Cedar–Dune)" in out


def test_a_tunnel_without_its_own_count_turns_up_the_maps(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    data = json.loads(TEAMTEST.read_text(encoding="utf-8"))
    for route in data["routes"]:
        if route["id"] == "k-09":
            del route["tunnel_cards"]  # the map's tunnel_reveal: 3
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, out, _ = run(capsys, "map", str(path))
    assert _line(out, "Tunnels:").endswith(
        "cards turned up: 3 cards on Elm–Fern; 4 cards on Ash–Elm; 6 cards on Fern–Holt")


def test_europe_says_its_one_count_and_usa_has_no_team_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "map", "europe")
    assert _line(out, "Tunnels:") == "Tunnels: 18 (55 spaces); each turns up 3 cards"
    _, out, _ = run(capsys, "map", "usa")
    assert "Triple" not in out and "team play" not in out


def test_json_gives_every_route_its_team_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "map", str(TEAMTEST), "--json")
    assert code == 0
    routes = {r["id"]: r for r in json.loads(out)["routes"]}
    board = load_map(TEAMTEST)
    assert routes["k-01"]["triple"] == ["k-02", "k-03"]
    assert routes["k-06"]["stays_open"] is True and routes["k-04"]["stays_open"] is False
    assert {rid: r["tunnel_cards"] for rid, r in routes.items() if r["tunnel"]} == {
        "k-08": 4, "k-09": 5, "k-10": 6}
    for route in board.routes:
        assert routes[route.id]["tunnel_cards"] == board.reveal_count(route)
        assert routes[route.id]["triple"] == list(route.triple)


def test_json_of_a_map_without_team_fields_is_unchanged(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "map", "europe", "--json")
    route = json.loads(out)["routes"][0]
    assert set(route) == {"id", "a", "b", "length", "color", "tunnel", "ferry_locomotives",
                          "double"}
