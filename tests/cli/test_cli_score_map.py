"""``ttr score`` and ``ttr map``: output, JSON shape, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ttr_widgets.cli import main
from ttr_widgets.rules import load_map

HERE = Path(__file__).resolve().parents[1]  #: tests/
ROOT = HERE.parent
POSITIONS = HERE / "positions"
EXAMPLES = ROOT / "ttr_widgets" / "examples"
TTR = ROOT / ".venv" / "bin" / "ttr"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----------------------------------------------------------------------------- ttr score


def test_score_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", str(POSITIONS / "europe-stations.json"))
    assert (code, err) == (0, "")
    assert "hit   Paris - Wien [eu-t27] (via station)" in out
    assert "miss  Barcelona - Bruxelles [eu-t06]" in out
    assert "station at Budapest: borrows Budapest - Wien [eu-038] from Ben" in out
    assert "Longest trail: 9 spaces, holds the European Express" in out
    assert "Stations: 1 built, 2 unused x 4" in out
    assert out.rstrip().endswith("Winner: Ann. Ann wins with 26 points.")


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(POSITIONS / "europe-stations.json"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["winner"] == "Ann"
    ann, ben, cat = data["players"]
    assert ann == {
        "name": "Ann", "route_points": 10,
        "tickets": [{"id": "eu-t27", "completed": True, "points": 8},
                    {"id": "eu-t40", "completed": True, "points": 6},
                    {"id": "eu-t06", "completed": False, "points": -8}],
        "ticket_points": 6, "tickets_completed": 2, "stations_built": 3, "station_points": 0,
        "station_borrows": {"Wien": "eu-079", "Budapest": "eu-038", "Zurich": "eu-080"},
        "longest_trail": 9, "longest_bonus": 10, "globetrotter_bonus": 0, "total": 26}
    assert ben["station_borrows"] == {"Bucuresti": None}
    assert [p["total"] for p in (ann, ben, cat)] == [26, 23, 12]


def test_score_json_tied_winner_is_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(POSITIONS / "mini-shared-win.json"), "--json")
    assert code == 0
    assert json.loads(out)["winner"] == ["Ann", "Bob"]


@pytest.mark.parametrize("name", ["usa-final", "europe-final"])
def test_score_shipped_examples(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, "score", str(EXAMPLES / f"{name}.json"))
    assert code == 0
    assert out.count("Total") == 4
    assert "Winner: " in out


def test_score_reads_a_game_record_the_app_saved(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    """The app's download is a game record: scored as its game stands, with a line saying so
    when the game is not over (the JSON form stays the scores alone)."""
    code, out, _ = run(capsys, "score", str(EXAMPLES / "usa-game.json"))
    assert code == 0 and out.count("Total") == 3 and "Winner: " in out
    assert "not over yet" not in out
    record = json.loads((EXAMPLES / "usa-game.json").read_text())
    record["cursor"] = 20
    paused = tmp_path / "paused.json"
    paused.write_text(json.dumps(record))
    code, out, _ = run(capsys, "score", str(paused))
    assert code == 0
    assert out.startswith("paused.json: a game record of a game not over yet, scored as it "
                          "stands.\n")
    code, out, _ = run(capsys, "score", str(paused), "--json")
    assert code == 0 and "total" in json.dumps(json.loads(out))


def test_score_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "score", str(tmp_path / "missing.json"))
    assert (code, out) == (2, "")
    assert err.startswith("ttr: error: cannot read position")
    assert err.count("\n") == 1

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"map": "usa", "players": [
        {"name": "Ann", "routes": ["usa-001"], "tickets": []},
        {"name": "Bob", "routes": ["usa-001", "usa-002", "usa-003", "usa-999"], "tickets": []}]}))
    code, out, err = run(capsys, "score", str(bad))
    assert code == 2
    assert err == ("ttr: error: bad.json: players[1].routes[3]: unknown route 'usa-999'\n")

    code, _, err = run(capsys, "score")
    assert code == 2
    assert "POSITION.json" in err and err.count("\n") == 1


# ----------------------------------------------------------------------------- ttr map


def test_map_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "map", "europe")
    assert code == 0
    assert "47 cities, 101 routes (300 train spaces), 101 tickets" in out
    assert "Routes by length: 4 x 1 (1 point), 35 x 2 (2 points), 30 x 3 (4 points), " \
           "29 x 4 (7 points), 2 x 6 (15 points), 1 x 8 (21 points)" in out
    assert "Tunnels: 18 (55 spaces)" in out
    assert "Ferries: 13 (17 locomotive symbols)" in out
    assert "Double routes: 11 pairs" in out
    assert "3 stations each" in out
    assert "Tickets by kind: regular 40, long 6" in out
    code, out, _ = run(capsys, "map", "usa")
    assert "Tunnels: none" in out and "Ferries: none" in out and "no stations" in out
    assert "Double routes: 22 pairs" in out


def test_map_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "map", "mini", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"name", "cities", "routes", "tickets"}
    assert data["name"] == "mini"
    assert data["cities"][0] == {"name": "Ayr", "x": 0.0, "y": 0.0, "display_name": ""}
    assert data["routes"][2] == {"id": "m-03", "a": "Bree", "b": "Cole", "length": 2,
                                 "color": "blue", "tunnel": False, "ferry_locomotives": 0,
                                 "double": "m-04"}
    assert data["routes"][1]["color"] == "gray"
    assert data["routes"][0]["double"] is None
    assert data["routes"][6]["ferry_locomotives"] == 1
    assert data["routes"][5]["tunnel"] is True
    assert data["tickets"][0] == {"id": "mini-t01", "a": "Ayr", "b": "Fife", "points": 8,
                                  "kind": "long"}
    assert len(data["routes"]) == 10 and len(data["tickets"]) == 12


def test_map_json_matches_the_board_for_every_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("usa", "europe"):
        _, out, _ = run(capsys, "map", name, "--json")
        data = json.loads(out)
        board = load_map(name)
        assert [r["id"] for r in data["routes"]] == [r.id for r in board.routes]
        assert sum(r["length"] for r in data["routes"]) == sum(r.length for r in board.routes)
        assert len(data["tickets"]) == len(board.tickets)


def test_map_from_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "maps" / "mini.json"
    code, out, _ = run(capsys, "map", str(path))
    assert code == 0 and "(mini)" in out


def test_map_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "map", "mars")
    assert (code, out) == (2, "")
    assert err.startswith("ttr: error: invalid map mars: cannot read it")
    assert err.count("\n") == 1
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, _, err = run(capsys, "map", str(broken))
    assert code == 2 and "not JSON" in err and err.count("\n") == 1


# ----------------------------------------------------------------------------- real process


def test_installed_command_fails_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"map": "europe", "players": [')
    result = subprocess.run([str(TTR), "score", str(bad)], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("ttr: error: bad.json: not JSON")
    assert "Traceback" not in result.stderr


def test_installed_command_scores_an_example() -> None:
    result = subprocess.run([str(TTR), "score", str(EXAMPLES / "usa-final.json"), "--json"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winner"] == "Dev"


def test_module_entry_point_matches() -> None:
    result = subprocess.run([sys.executable, "-m", "ttr_widgets.cli", "map", "mini"],
                            capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert result.returncode == 0
    assert result.stdout.startswith("Mini:")
