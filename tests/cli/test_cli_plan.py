"""``ttr plan``: the text and JSON answers on hand-worked cases, and one-line errors with exit
code 2 for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ttr_widgets.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["plan", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_of_two_usa_tickets_that_share_routes(capsys: pytest.CaptureFixture[str]) -> None:
    # Seattle–Los Angeles and Portland–Phoenix share Portland–San Francisco–Los Angeles: 12
    # trains (worked out in tests/rules/test_planner.py); losing Los Angeles–Phoenix costs 6 more.
    code, out, err = run(capsys, "--map", "usa", "--tickets", "usa-t24,usa-t20", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["trains"] == 12
    assert data["routes"] == ["usa-068", "usa-069", "usa-089", "usa-091"]
    assert data["tickets"] == ["usa-t24", "usa-t20"]
    assert data["unreachable"] == []
    assert data["bottlenecks"][0] == {"route": "usa-068", "extra": 6}
    assert sorted(b["route"] for b in data["bottlenecks"]) == data["routes"]
    assert data["points"] == 39
    assert data["cards"] == {"green": 5, "pink": 3, "gray": 4}
    assert data["shared"]["usa-089"] == ["usa-t24", "usa-t20"]


def test_json_with_owned_and_blocked_routes(capsys: pytest.CaptureFixture[str]) -> None:
    # Owning Portland–San Francisco and one San Francisco–Los Angeles, Seattle–Portland is all
    # that is left (1 train); the owned routes are listed, only Seattle–Portland is to claim.
    code, out, _ = run(capsys, "--map", "usa", "--tickets", "usa-t24", "--owned",
                       "usa-089,usa-069", "--blocked", "usa-092", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["trains"], data["to_claim"]) == (1, ["usa-091"])
    assert data["routes"] == ["usa-069", "usa-089", "usa-091"]
    # Seattle–Portland's other track is blocked: losing this one means Seattle–Helena–Salt
    # Lake City–Las Vegas–Los Angeles (6 + 3 + 3 + 2 = 14) instead of 1, 13 more.
    assert data["bottlenecks"] == [{"route": "usa-091", "extra": 13}]


def test_json_of_a_set_that_cannot_be_completed(capsys: pytest.CaptureFixture[str]) -> None:
    # Ayr's two routes are blocked, so Ayr–Fife cannot be joined; Dale–Eton still can.
    code, out, _ = run(capsys, "--map", "mini", "--tickets", "mini-t01,mini-t08",
                       "--blocked", "m-01,m-02", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["trains"] is None
    assert data["unreachable"] == ["mini-t01"]
    assert data["to_claim"] == ["m-08"]


def test_text_names_cities_not_ids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--map", "europe", "--tickets", "eu-t21,eu-t15")
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        "2 tickets: London – Berlin (7 points) and Edinburgh – Paris (7 points).",
        "Fewest trains to complete them all: 13."]
    assert "  Dieppe – London: 2 trains, 1 card of any one colour and 1 locomotive; for " \
           "London – Berlin and Edinburgh – Paris" in out
    assert "  Dieppe – Paris: 1 more train" in out
    assert "eu-" not in out
    assert "(s)" not in out


def test_text_with_ids_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--map", "europe", "--tickets", "eu-t21", "--ids")
    assert "London – Berlin [eu-t21] (7 points)" in out
    assert "[eu-004]" in out


def test_text_spells_cities_as_the_board_does(capsys: pytest.CaptureFixture[str]) -> None:
    # Zurich–Budapest: the board spells Zürich.
    _, out, _ = run(capsys, "--map", "europe", "--tickets", "eu-t40")
    assert out.startswith("1 ticket: Zürich – Budapest (6 points).")


def test_text_marks_tunnels_and_their_extra_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # Brest–Venezia: Brest–Paris 3, Paris–Zürich 3 and Zürich–Venezia 2 = 8; the last two are
    # tunnels.
    _, out, _ = run(capsys, "--map", "europe", "--tickets", "eu-t12")
    assert "Fewest trains to complete it: 8." in out
    assert "  Paris – Zürich (a tunnel): 3 trains, 3 cards of any one colour" in out
    assert "  Venezia – Zürich (a tunnel): 2 trains, 2 green cards" in out
    assert out.count("(a tunnel)") == 2
    assert "; tunnels may ask for more." in out


def test_text_of_complete_and_impossible_sets(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--map", "mini", "--tickets", "mini-t07", "--owned", "m-01")
    assert "It is complete already: no train to place." in out
    assert "Your routes the plan uses:\n  Ayr – Bree: 2 trains" in out
    _, out, _ = run(capsys, "--map", "mini", "--tickets", "mini-t01,mini-t08",
                    "--blocked", "m-01,m-02")
    assert "Impossible: Ayr – Fife can no longer be completed with the routes left open." in out
    assert "For the others, the fewest trains: 2." in out
    assert "8 lost for tickets that cannot be completed" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--map", "usa", "--tickets", "usa-t99"],
     "ttr plan: argument --tickets: no ticket 'usa-t99' on the usa map"),
    (["--map", "usa", "--tickets", "usa-t01", "--owned", "usa-999"],
     "ttr plan: argument --owned: no route 'usa-999' on the usa map"),
    (["--map", "usa", "--tickets", "usa-t01", "--blocked", "eu-001"],
     "ttr plan: argument --blocked: no route 'eu-001' on the usa map"),
    (["--map", "usa", "--tickets", "usa-t01,usa-t01"],
     "ttr plan: argument --tickets: Boston – Miami [usa-t01] is given twice"),
    (["--map", "usa", "--tickets", ""],
     "ttr plan: argument --tickets: give at least one ticket"),
    (["--map", "usa", "--tickets", "usa-t01,,usa-t02"],
     "ttr plan: argument --tickets: an empty name in 'usa-t01,,usa-t02'"),
    (["--map", "usa", "--tickets", "usa-t01", "--owned", "usa-001", "--blocked", "usa-001"],
     "ttr plan: argument --blocked: Atlanta – Charleston [usa-001] is also in --owned"),
    (["--map", "usa"], "ttr plan: the following arguments are required: --tickets"),
    (["--map", "atlantis", "--tickets", "x"], "invalid map atlantis"),
    (["--map", "usa", "--tickets", ",".join(f"usa-t{i:02d}" for i in range(1, 11))],
     "too many tickets to plan exactly: their ends are 15 cities not yet joined"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("ttr: error: ") and message in err
    assert err.count("\n") == 1


def test_the_installed_command_answers_in_one_process() -> None:
    done = subprocess.run([sys.executable, "-m", "ttr_widgets.cli", "plan", "--map", "usa",
                           "--tickets", "usa-t24,usa-t20,usa-t14,usa-t06,usa-t26", "--json"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert isinstance(data["trains"], int) and data["tickets"][0] == "usa-t24"


def test_tickets_and_routes_by_the_names_people_write(capsys: pytest.CaptureFixture[str]) -> None:
    code, by_name, _ = run(capsys, "--map", "usa", "--tickets",
                           "Denver-El Paso,helena – los angeles", "--json")
    assert code == 0
    code, by_id, _ = run(capsys, "--map", "usa", "--tickets", "usa-t07,usa-t11", "--json")
    assert code == 0 and json.loads(by_name) == json.loads(by_id)
    assert json.loads(by_name)["tickets"] == ["usa-t07", "usa-t11"]
    code, out, _ = run(capsys, "--map", "usa", "--tickets", "El Paso-Denver",
                       "--owned", "Denver-Santa Fe", "--blocked", "El Paso-Santa Fe")
    assert code == 0
    assert "Your routes the plan uses:\n  Denver – Santa Fe" in out
    assert "El Paso – Santa Fe" not in out.split("Your routes")[0]


def test_a_variant_plans_its_deck_at_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--map", "usa", "--variant", "usa-mega", "--tickets",
                       "Los Angeles-Miami")
    assert code == 0 and "Los Angeles – Miami (19 points)" in out
    code, out, _ = run(capsys, "--map", "usa", "--tickets", "Los Angeles-Miami")
    assert "Los Angeles – Miami (20 points)" in out
    code, _, err = run(capsys, "--map", "usa", "--variant", "usa-1910", "--tickets",
                       "Denver-El Paso")
    assert code == 2 and err == ("ttr: error: ttr plan: argument --tickets: Denver–El Paso "
                                 "(4 points, usa-t07) is not in this game's deck, the USA 1910 "
                                 "tickets\n")
    code, _, err = run(capsys, "--map", "usa", "--variant", "mega", "--tickets", "usa-t07")
    assert code == 2 and "argument --variant: 'mega' is not a variant of the usa map" in err


@pytest.mark.parametrize(("tickets", "message"), [
    ("Denvr-El Paso", "no ticket 'Denvr-El Paso' on the usa map; closest: Denver–El Paso"),
    ("Denver", "no ticket 'Denver' on the usa map; closest:"),
])
def test_an_unknown_name_gets_the_closest(capsys: pytest.CaptureFixture[str], tickets: str,
                                          message: str) -> None:
    code, _, err = run(capsys, "--map", "usa", "--tickets", tickets)
    assert code == 2 and message in err and err.count("\n") == 1
