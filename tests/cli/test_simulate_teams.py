"""``ttr simulate --teams``: team games between bots, results per team, deterministic whatever
the workers, and one line (exit 2) for what team play cannot do."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ttr_widgets.bots.simulate import game_seed, play_game
from ttr_widgets.cli import main
from ttr_widgets.rules import load_map
from ttr_widgets.rules.state import Options

TEAMS = Options(teams=True)


def test_a_team_game_result_adds_up() -> None:
    board = load_map("usa")
    result = play_game(board, ["greedy", "random", "greedy", "random"], game_seed(2, 0),
                       options=TEAMS)
    assert result.turns > 20 and len(result.teams) == 2
    for team in result.teams:
        assert team.total == (team.route_points + team.ticket_points + team.longest_bonus
                              + team.globetrotter_bonus)
        assert team.bots == ("greedy", "random")
        assert 0 <= team.trains_left <= 54 and team.tickets_completed <= team.tickets_kept
    if result.ended_by == "trains":
        assert min(t.trains_left for t in result.teams) <= 4
    best = max(t.total for t in result.teams)
    assert all(t.total == best for t in result.teams if t.players[0] in result.winners)
    assert result == play_game(board, ["greedy", "random"] * 2, game_seed(2, 0), options=TEAMS)


def simulate(*args: str) -> int:
    return main(["simulate", "--quiet", "--teams", *args])


def test_json_is_per_team_and_byte_identical_whatever_the_workers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.json"
        assert simulate("--players", "6", "--bots", "greedy", "--games", "3", "--seed", "4",
                        "--workers", str(workers), "--out", str(out)) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert data["format"] == "ttr-widgets team simulation" and data["games"] == 3
    game = data["results"][0]
    assert [t["players"] for t in game["teams"]] == [["Greedy 1", "Greedy 2"],
                                                     ["Greedy 3", "Greedy 4"],
                                                     ["Greedy 5", "Greedy 6"]]
    winners = [t for t in game["teams"] if t["players"][0] in game["winners"]]
    assert winners and all(t["total"] == max(u["total"] for u in game["teams"])
                           for t in winners)
    out = capsys.readouterr().out
    assert out.startswith("3 games of team play; average length ")
    assert "Greedy 5 & Greedy 6" in out


def test_csv_has_one_row_per_team_per_game(tmp_path: Path) -> None:
    out = tmp_path / "teams.csv"
    assert simulate("--players", "4", "--bots", "greedy,random,random,greedy", "--games", "2",
                    "--workers", "1", "--out", str(out)) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 4
    assert [r["bots"] for r in rows[:2]] == ["greedy & random", "random & greedy"]
    assert {r["game"] for r in rows} == {"0", "1"}
    assert all(int(r["tickets_shared"]) >= 2 for r in rows)  # one each at setup
    assert sum(int(r["won"]) for r in rows) >= 2


@pytest.mark.parametrize(("args", "line"), [
    (("--players", "5", "--bots", "greedy"),
     "--players: team play is for 4 or 6 players in teams of 2, not 5"),
    (("--players", "4", "--bots", "nobody"),
     "--bots: unknown bot 'nobody'; bots are random, greedy, strong, expert"),
    (("--players", "4", "--bots", "greedy,random"), "--bots: 2 bots given for 4 players"),
    (("--players", "4", "--map", "europe"),
     "--map: Team play needs a map without stations or ferries (the Team Asia board has "
     "none); the europe map has them."),
    (("--players", "4", "--warehouses"), "--warehouses: not available with --teams"),
])
def test_what_team_play_cannot_do_is_one_line(capsys: pytest.CaptureFixture[str],
                                              args: tuple[str, ...], line: str) -> None:
    assert simulate(*args) == 2
    assert capsys.readouterr().err == f"ttr: error: {line}\n"
