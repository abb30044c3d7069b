"""The bots' reasons in French: whole seeded games on USA, Europe and a team game, every
reason each bot gives under ``i18n.use("fr")`` holds no English word and is told by the table
(``because``) as 'Pourquoi : …' or '(Ben …)'; the same moves outside ``use("fr")`` keep their
English reasons, word for word (the table shows them so: tests/widgets)."""

from __future__ import annotations

import random

import pytest

from ttr_widgets.bots import BOTS, choose
from ttr_widgets.rules import i18n, load_map
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.testing.french import english_words
from ttr_widgets.widgets.table.bots import because

NAMES = ("Ann", "Ben", "Cleo", "Dev")


def reasons(state: GameState, kind: str, seed: int, lang: str) -> list[str]:
    """The reasons ``kind`` gives playing every seat of ``state`` to the end, in ``lang``."""
    rng, said = random.Random(seed), []
    with i18n.use(lang):
        while not state.is_over:
            choice = choose(kind, state, rng)
            said.append(choice.reason)
            state = apply(state, choice.action)
    return said


@pytest.mark.parametrize(("map_name", "kind", "teams"), [
    ("usa", "greedy", False), ("usa", "strong", False), ("europe", "greedy", False),
    ("europe", "strong", False), ("usa", "strong", True), ("usa", "greedy", True)])
def test_every_reason_a_bot_gives_is_french(map_name: str, kind: str, teams: bool) -> None:
    players = NAMES if teams else NAMES[:2]
    state = new_game(load_map(map_name), list(players), seed=5, options=Options(teams=teams))
    french = reasons(state, kind, 5, "fr")
    english = reasons(state, kind, 5, "en")
    assert len(french) == len(english) > 20  # the same game, told twice
    for fr, en in zip(french, english, strict=True):
        assert english_words(fr, map_name=map_name) == set(), fr
        with i18n.use("fr"):
            told = because("Ben", fr)
        assert told.startswith(("Pourquoi : ", "(Ben ")), told
        assert because("Ben", en).startswith(("Why: ", "(Ben ")), en
    assert any(": " in en for en in english)
    assert all(en != fr for en, fr in zip(english, french, strict=True))


def test_the_english_reasons_are_worded_as_before() -> None:
    state = new_game(load_map("usa"), ["Ann", "Ben"], seed=5)
    said = reasons(state, "greedy", 5, "en")
    assert said[0].startswith("keeps ") and "per train still to place" in said[0]
    assert because("Ben", "draws blind") == "(Ben draws blind.)"
    assert because("Ben", "claims X: a planned route") == "Why: a planned route."
    assert set(BOTS) >= {"greedy", "strong"}
