"""Golden replays: recorded games must replay to exactly the recorded end and score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttr_widgets.rules.record import from_record

from ..golden.make_golden import final_facts

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.json"))


def test_there_are_golden_games():
    assert {p.stem for p in GOLDEN} >= {"usa-3p", "europe-4p"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_to_the_recorded_end(path):
    data = json.loads(path.read_text())
    game = from_record(data["record"])
    assert game.state.is_over
    facts = json.loads(json.dumps(final_facts(game)))  # JSON-normalised like the file
    assert facts == data["expected"]
