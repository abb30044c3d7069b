"""``ttr simulate`` and the simulation runner: deterministic whatever the workers."""

from __future__ import annotations

import csv
import json

import pytest

from ttr_widgets.bots import simulation
from ttr_widgets.bots.simulate import SimulationError, game_seed, play_game
from ttr_widgets.cli import main
from ttr_widgets.rules import load_map


def test_a_game_result_adds_up():
    result = play_game(load_map("usa"), ["greedy", "random", "greedy"], game_seed(3, 0))
    assert result.ended_by in ("trains", "stalemate") and result.turns > 20
    for p in result.players:
        assert p.total == p.route_points + p.ticket_points + p.station_points + p.longest_bonus
        assert p.trains_left == 45 - sum(load_map("usa").route(r).length for r in p.routes)
    best = max(p.total for p in result.players)
    assert all(p.total == best for p in result.players if p.name in result.winners)


def test_same_seed_same_game_different_index_different_game():
    board = load_map("europe")
    a = play_game(board, ["greedy"] * 3, game_seed(1, 0))
    assert a == play_game(board, ["greedy"] * 3, game_seed(1, 0))
    assert a != play_game(board, ["greedy"] * 3, game_seed(1, 1))


def run_cli(tmp_path, *args):
    return main(["simulate", "--quiet", *args])


def test_output_is_byte_identical_whatever_the_workers(tmp_path, capsys):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.json"
        assert run_cli(tmp_path, "--map", "europe", "--players", "3", "--bots",
                       "greedy,random,greedy", "--games", "12", "--seed", "9",
                       "--workers", str(workers), "--out", str(out)) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert data["format"] == "ttr-widgets simulation" and len(data["results"]) == 12
    assert [g["game"] for g in data["results"]] == list(range(12))
    assert "12 games;" in capsys.readouterr().out


def test_csv_has_one_row_per_player_per_game(tmp_path):
    out = tmp_path / "runs.csv"
    assert run_cli(tmp_path, "--players", "2", "--games", "5", "--workers", "1",
                   "--out", str(out)) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 10 and rows[0]["bot"] == "random"
    assert {r["game"] for r in rows} == {"0", "1", "2", "3", "4"}
    assert sum(int(r["won"]) for r in rows) >= 5  # ties give several winners


def test_dask_engine_gives_the_same_results(tmp_path):
    local = list(simulation.run("usa", ["greedy", "random"], 6, seed=4, workers=1))
    dask = list(simulation.run("usa", ["greedy", "random"], 6, seed=4, engine="dask"))
    assert local == dask


@pytest.mark.parametrize("args, words", [
    (["--bots", "greedy,random"], "--bots: 2 bots given for 3 players"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--games", "0"], "--games"),
    (["--games", "many"], "--games"),
    (["--map", "atlantis"], "--map"),
    (["--players", "6"], "2 to 5 players"),
    (["--out", "results.txt"], "must end in .json or .csv"),
    (["--variant", "mega-europe"], "no ticket variant 'mega-europe'"),
])
def test_bad_arguments_exit_2_with_one_line(tmp_path, capsys, args, words):
    base = ["--players", "3"] if "--players" not in args else []
    assert run_cli(tmp_path, *base, "--games", "2", *args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_unknown_engine_is_refused():
    with pytest.raises(SimulationError, match="engine"):
        list(simulation.run("usa", ["random"] * 2, 1, engine="spark"))


def test_variant_and_warehouses_reach_the_games(tmp_path):
    out = tmp_path / "mega.json"
    assert run_cli(tmp_path, "--map", "europe", "--players", "3", "--bots", "greedy",
                   "--games", "3", "--workers", "1", "--variant", "mega-europe",
                   "--warehouses", "--out", str(out)) == 0
    data = json.loads(out.read_text())
    assert data["options"] == {"variant": "mega-europe", "warehouses": True}
    europe = load_map("europe")
    played = {t["id"] for g in data["results"] for p in g["players"] for t in p["tickets"]}
    assert all("mega_europe" in europe.ticket(t).decks for t in played)
    assert any(europe.ticket(t).kind.startswith("1912") for t in played)
