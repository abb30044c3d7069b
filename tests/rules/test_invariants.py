"""Invariant sweeps over seeded random games: 150 games per map and player count (2–5) in make test;
``make sweep`` sets ``TTR_SWEEP_GAMES=10000``.

Checked after every step: every train card accounted for, trains and route points agree with
the routes claimed, owners agree with the players' routes, someone can always act until the
end. Checked at sampled steps (they cost more): ``apply`` never mutates its input, a refused
action leaves the state equal, ``random_action`` picks a legal action.
"""

from __future__ import annotations

import copy
import os
import random

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, KeepTickets
from ttr_widgets.rules.engine import apply, legal_actions, new_game, random_action, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.state import OPEN, GameState

GAMES = int(os.environ.get("TTR_SWEEP_GAMES", "150"))  # make test; make sweep: 10,000
MAX_STEPS = 20_000


def check_step(state: GameState) -> None:
    board = state.board
    assert state.cards_in_play() == sum(board.deck)
    claimed = 0
    for i, player in enumerate(state.players):
        lengths = sum(board.route_by_id[r].length for r in player.routes)
        assert player.trains + lengths == board.rules.trains
        assert player.trains >= 0
        assert player.route_points == sum(board.route_points(board.route_by_id[r])
                                          for r in player.routes)
        assert all(state.owners[board.route_by_id[r].index] == i for r in player.routes)
        built = sum(1 for _, p in state.stations if p == i)
        assert player.stations + built == board.rules.stations
        claimed += len(player.routes)
    assert claimed == sum(1 for o in state.owners if o != OPEN)
    assert len({c for c, _ in state.stations}) == len(state.stations)


def an_illegal_action(state: GameState):
    """Some action the rules refuse now (or None if every probe happens to be legal)."""
    probes = [KeepTickets(("no-such-ticket",)),
              ClaimRoute(state.board.routes[0].id, "red", 99)]
    owned = [r for r in state.board.routes if state.owners[r.index] != OPEN]
    if owned:
        probes.append(ClaimRoute(owned[0].id, "red", 0))
    for action in probes:
        if why_illegal(state, action) is not None:
            return action
    return None


def deep_checks(state: GameState, rng: random.Random) -> None:
    snapshot = copy.deepcopy(state)
    text = repr(state)
    action = random_action(state, rng)
    assert action in legal_actions(state)
    apply(state, action)
    assert state == snapshot and repr(state) == text  # apply did not mutate its input
    bad = an_illegal_action(state)
    if bad is not None:
        with pytest.raises(RulesError):
            apply(state, bad)
        assert state == snapshot


def play_out(board, players: int, seed: int) -> GameState:
    state = new_game(board, players, seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        check_step(state)
        if state.is_over:
            return state
        assert legal_actions(state) or state.is_over, "stuck: nothing legal before the end"
        if step % 97 == 0:
            deep_checks(state, random.Random(step))
        state = apply(state, random_action(state, rng))
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("name", ["usa", "europe"])
def test_random_games_keep_every_invariant(name: str, players: int) -> None:
    board = load_map(name)
    ends = {"trains": 0, "stalemate": 0}
    for seed in range(GAMES):
        final = play_out(board, players, seed)
        low = min(p.trains for p in final.players) <= board.rules.end_trains
        ends["trains" if low else "stalemate"] += 1
    assert ends["trains"] > 0  # random games do reach the normal end


@pytest.mark.parametrize("players", [2, 3])
def test_mini_map_games_keep_every_invariant(players: int) -> None:
    board = load_map("mini")
    for seed in range(GAMES):
        play_out(board, players, seed)


def test_same_seed_same_game_and_different_seed_different_deal() -> None:
    board = load_map("europe")
    assert play_out(board, 3, 11) == play_out(board, 3, 11)
    assert new_game(board, 3, 1).deck != new_game(board, 3, 2).deck


def test_random_action_is_exactly_a_choice_among_legal_actions() -> None:
    for name, players in (("usa", 2), ("europe", 4), ("mini", 3)):
        board = load_map(name)
        for seed in range(8):
            state = new_game(board, players, seed)
            r1, r2 = random.Random(seed), random.Random(seed)
            while not state.is_over:
                action = random_action(state, r1)
                assert action == r2.choice(legal_actions(state))
                state = apply(state, action)
