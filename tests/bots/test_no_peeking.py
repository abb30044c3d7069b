"""No bot peeks: every bot decides the same on two games that differ only in what its seat
cannot see (the other hands, the pile, the other tickets, the face-down Warehouses, the other
teams' holders), in every mode of the engine, and decides from its seat's view exactly as from
the whole game. The other game is ``playouts.deal_hidden``'s: everything hidden dealt anew from
what the seat has not seen, its view unchanged."""

from __future__ import annotations

import random

import pytest

from ttr_widgets.bots import BOTS
from ttr_widgets.bots.playouts import deal_hidden
from ttr_widgets.rules.engine import apply, new_game, random_action
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.view import view

MODES = [
    ("usa", 2, Options()), ("usa", 4, Options()), ("europe", 3, Options()),
    ("europe", 4, Options(variant="mega-europe")), ("europe", 3, Options(warehouses=True)),
    ("usa", 4, Options(teams=True)), ("usa", 6, Options(teams=True)),
]
IDS = ["usa-2", "usa-4", "europe-3", "mega-europe-4", "warehouses-3", "teams-4", "teams-6"]
FAST = ("random", "greedy", "strong")


def positions(name: str, players: int, options: Options, seed: int, every: int
              ) -> list[GameState]:
    """Every ``every``-th position of a seeded game the strong bots play (setup included)."""
    state = new_game(load_map(name), players, seed, options)
    rng = random.Random(seed)
    found = []
    for step in range(2000):
        if state.is_over:
            break
        if step % every == 0:
            found.append(state)
        state = apply(state, BOTS["strong"](view(state, state.current), rng).action)
    return found


def other_game(state: GameState, k: int) -> GameState:
    """The same game as its seat to move sees it, all that seat cannot see dealt anew."""
    other = deal_hidden(state, random.Random(f"no-peeking:{k}"))
    assert view(other, state.current) == view(state, state.current)
    return other


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=IDS)
def test_every_bot_decides_the_same_whatever_its_seat_cannot_see(
        name: str, players: int, options: Options) -> None:
    compared = 0
    for k, state in enumerate(positions(name, players, options, seed=players, every=7)):
        other = other_game(state, k)
        if other.deck == state.deck and other.players == state.players:
            continue  # nothing hidden differs (a bare pile)
        for kind in FAST:
            seed = f"{kind}:{k}"
            decided = BOTS[kind](state, random.Random(seed))
            assert BOTS[kind](other, random.Random(seed)) == decided, (kind, k)
            assert BOTS[kind](view(state, state.current), random.Random(seed)) == decided
        compared += 1
    assert compared >= 8


def test_the_expert_decides_the_same_whatever_its_seat_cannot_see() -> None:
    # the expert searches near the end only: positions from the last third of two games
    for name, players, options in (("usa", 3, Options()), ("usa", 4, Options(teams=True))):
        late = positions(name, players, options, seed=5, every=5)
        for k, state in enumerate(late[2 * len(late) // 3::3][:3]):
            other = other_game(state, k)
            decided = BOTS["expert"](state, random.Random(k))
            assert BOTS["expert"](other, random.Random(k)) == decided
            assert BOTS["expert"](view(state, state.current), random.Random(k)) == decided


def test_a_game_dealt_anew_from_a_view_keeps_every_card_and_ticket() -> None:
    for name, players, options in MODES:
        for k, state in enumerate(positions(name, players, options, seed=1, every=23)):
            other = other_game(state, k)
            assert other.cards_in_play() == state.cards_in_play()
            assert not other.is_view and other.seed != state.seed
            rng = random.Random(k)
            for _ in range(30):  # and it plays on like any game
                if other.is_over:
                    break
                other = apply(other, random_action(other, rng))
