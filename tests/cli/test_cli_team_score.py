"""``ttr score`` on team positions ("teams": pairs of player names): the per-team sheet, the
``--json`` shape, and one line naming the field (exit code 2) for every malformed team."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.cli import main

POSITION = Path(__file__).resolve().parents[1] / "positions" / "team-usa-4.json"
TEAM_KEYS = {"players", "route_points", "ticket_points", "tickets_completed", "longest_trail",
             "longest_bonus", "globetrotter_bonus", "total"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def position() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    return data


def test_team_score_text_names_each_team_its_tickets_and_the_tie_break(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", str(POSITION))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Ann & Ben: 120 points"
    assert "  Toronto–Miami: completed, +10" in lines
    assert "  New York–Atlanta: missed, -6" in lines
    assert "Cleo & Dev: 120 points" in lines
    assert ("  routes 48, tickets 52 (6 tickets completed), longest trail 18 spaces; Asian "
            "Express bonus 10, Globetrotter bonus 10") in lines
    assert lines[-1] == ("Cleo & Dev win on longest trail (tied on points and completed "
                         "tickets).")


def test_team_score_json_has_one_entry_per_team_and_the_winning_players(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(POSITION), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["winner"] == ["Cleo", "Dev"]
    first, second = data["teams"]
    assert set(first) == TEAM_KEYS
    assert first == {"players": ["Ann", "Ben"], "route_points": 73, "ticket_points": 37,
                     "tickets_completed": 6, "longest_trail": 16, "longest_bonus": 0,
                     "globetrotter_bonus": 10, "total": 120}
    assert second["players"] == ["Cleo", "Dev"] and second["longest_bonus"] == 10
    for team in data["teams"]:
        parts = (team["route_points"] + team["ticket_points"] + team["longest_bonus"]
                 + team["globetrotter_bonus"])
        assert team["total"] == parts
    players = {p["name"]: p for p in data["players"]}
    assert players["Ben"]["team"] == ["Ann", "Ben"]
    assert players["Ann"]["route_points"] + players["Ben"]["route_points"] == 73
    assert all(p["trains_used"] <= 27 for p in players.values())


def test_a_six_player_team_game_is_scored_per_team(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    data = position()
    data["players"] += [{"name": "Eve", "routes": ["usa-001"], "tickets": []},
                        {"name": "Finn", "routes": [], "tickets": []}]
    data["teams"].append(["Eve", "Finn"])
    path = tmp_path / "six.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0
    third = json.loads(out)["teams"][2]
    assert third["players"] == ["Eve", "Finn"]
    assert third["tickets_completed"] == 0 and third["globetrotter_bonus"] == 0


def _with(change: str) -> dict[str, Any]:
    data = copy.deepcopy(position())
    if change == "team of 3":
        data["teams"] = [["Ann", "Ben", "Cleo"], ["Dev"]]
    elif change == "in no team":
        data["teams"] = [["Ann", "Ben"]]
    elif change == "in two teams":
        data["teams"] = [["Ann", "Ben"], ["Ben", "Dev"]]
    elif change == "unknown name":
        data["teams"] = [["Ann", "Ben"], ["Cleo", "Dora"]]
    elif change == "5 players":
        data["players"].append({"name": "Eve", "routes": [], "tickets": []})
    elif change == "not a list":
        data["teams"] = "Ann and Ben"
    return data


@pytest.mark.parametrize(("change", "line"), [
    ("team of 3", "teams[0]: a team has 2 players, not 3 (rule team.players)"),
    ("in no team", "players[2].name: Cleo is in no team; every player is in one "
                   "(rule team.players)"),
    ("in two teams", "teams[1][0]: Ben is already in teams[0]; each player is in one team"),
    ("unknown name", "teams[1][1]: no player named 'Dora' in players"),
    ("5 players", "players: 5 players; team play is for 4 or 6 players in teams of 2 "
                  "(rule team.players)"),
    ("not a list", "teams: expected a list of teams, each a list of 2 player names"),
])
def test_a_malformed_team_exits_2_with_one_line_naming_the_field(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, change: str, line: str) -> None:
    path = tmp_path / "team.json"
    path.write_text(json.dumps(_with(change)), encoding="utf-8")
    code, out, err = run(capsys, "score", str(path))
    assert (code, out) == (2, "")
    assert err == f"ttr: error: team.json: {line}\n"


def test_team_routes_follow_the_team_rules_for_doubles(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    data = position()
    data["players"][2]["routes"].append("usa-027")  # Cleo: the twin of Ann's Dallas–Houston
    path = tmp_path / "double.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "score", str(path))
    assert code == 2
    assert err == ("ttr: error: double.json: players[0].routes[1]: route 'usa-026' "
                   "(Dallas–Houston, 1 gray) is the second track of a double route in use; "
                   "with 4 players only one track of a double route is used "
                   "(rule team.double-4p)\n")
