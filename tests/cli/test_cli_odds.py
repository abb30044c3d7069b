"""``ttr odds tunnel``: output shapes, numbers that agree with the rules core, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from ttr_widgets.cli import main
from ttr_widgets.rules.model import hand_from
from ttr_widgets.rules.odds import tunnel_odds

TUNNEL = ["odds", "tunnel"]
RED_THREE = [*TUNNEL, "--color", "red", "--length", "3", "--hand", "red=4,locomotive=1"]


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data: dict[str, object] = json.loads(out)
    return data


def test_json_has_the_documented_shape_and_exact_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(RED_THREE, capsys)
    assert list(data) == ["pool", "matching", "distribution", "can_pay", "can_pay_fraction"]
    assert (data["pool"], data["matching"]) == (105, 21)
    expected = tunnel_odds("red", 3, hand_from({"red": 4, "locomotive": 1}))
    rows = data["distribution"]
    assert isinstance(rows, list) and [row["extra"] for row in rows] == [0, 1, 2, 3]
    for row, p in zip(rows, expected.distribution, strict=True):
        assert set(row) == {"extra", "probability", "fraction"}
        assert Fraction(row["fraction"]) == p and row["probability"] == float(p)
        assert "/" in row["fraction"]
    # Only three matches out of 105 cards (21 match) are beyond the two spare cards.
    assert data["can_pay_fraction"] == "2659/2678"
    assert data["can_pay"] == pytest.approx(1 - 21 * 20 * 19 / (105 * 104 * 103))


def test_seen_cards_leave_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json([*RED_THREE, "--seen", "red=2,blue=3,loco=1"], capsys)
    assert (data["pool"], data["matching"]) == (99, 18)


def test_all_locomotive_offer_counts_only_locomotives(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json([*TUNNEL, "--color", "loco", "--length", "2", "--hand", "red=5,locomotive=3"],
                    capsys)
    assert (data["pool"], data["matching"]) == (102, 11)
    fail = Fraction(3 * 11 * 10 * 91 + 11 * 10 * 9, 102 * 101 * 100)
    assert data["can_pay_fraction"] == f"{(1 - fail).numerator}/{(1 - fail).denominator}"


def test_hand_that_cannot_pay_shows_zero(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json([*TUNNEL, "--color", "red", "--length", "3", "--hand", "red=1"], capsys)
    assert data["can_pay"] == 0 and data["can_pay_fraction"] == "0/1"


def test_text_output_is_a_table_and_a_can_pay_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(RED_THREE) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = lines.index("extra  probability  fraction")
    assert lines[header + 1].split() == ["0", "50.83%", "3403/6695"]
    assert lines[header + 4].split() == ["3", "0.71%", "19/2678"]
    assert "Unseen cards: 105, of which 21 cost one more (red or locomotive)" in out
    assert lines[-1].startswith("Can pay: 99.29% (2659/2678); after offering red=3, 2 cards")


def test_text_says_when_the_offer_is_all_locomotives(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*TUNNEL, "--color", "blue", "--length", "2", "--hand", "red=1,locomotive=3"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "(locomotives only)" in out and "only locomotives count and pay" in out


@pytest.mark.parametrize(("args", "names"), [
    (["--color", "purple", "--length", "3", "--hand", "red=3"], "--color"),
    (["--color", "gray", "--length", "3", "--hand", "red=3"], "--color"),
    (["--color", "red", "--length", "9", "--hand", "red=3"], "--length"),
    (["--color", "red", "--length", "0", "--hand", "red=3"], "--length"),
    (["--color", "red", "--length", "two", "--hand", "red=3"], "--length"),
    (["--color", "red", "--length", "3", "--hand", "red3"], "--hand"),
    (["--color", "red", "--length", "3", "--hand", "red=-1"], "--hand"),
    (["--color", "red", "--length", "3", "--hand", "red=1.5"], "--hand"),
    (["--color", "red", "--length", "3", "--hand", "mauve=2"], "--hand"),
    (["--color", "red", "--length", "3", "--hand", "red=1,red=2"], "--hand"),
    (["--color", "red", "--length", "3", "--hand", "red=13"], "--hand"),
    (["--color", "red", "--length", "3", "--hand", "red=10", "--seen", "red=3"], "--seen"),
    (["--color", "red", "--length", "3", "--hand", "red=3", "--seen", "locomotive=x"], "--seen"),
    (["--color", "red", "--length", "3"], "--hand"),
])
def test_bad_arguments_give_one_line_naming_the_argument(
        args: list[str], names: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TUNNEL, *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("ttr: error: ")
    assert names in err


def test_gray_error_explains_what_to_give(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TUNNEL, "--color", "gray", "--length", "2", "--hand", "red=2"]) == 2
    assert "give the colour you play" in capsys.readouterr().err


def test_too_many_cards_error_names_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TUNNEL, "--color", "red", "--length", "2", "--hand", "red=2,locomotive=9",
                 "--seen", "locomotive=6"]) == 2
    err = capsys.readouterr().err
    assert "15 locomotive cards in view (9 in hand, 6 seen) but the deck holds only 14" in err


def test_installed_command_runs_without_a_traceback() -> None:
    ttr = Path(sys.executable).parent / "ttr"
    done = subprocess.run([str(ttr), *RED_THREE, "--json"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert "Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["can_pay_fraction"] == "2659/2678"
