"""The fast engine (``rules.fast``) plays the identical game to the reference engine.

Same seed, same game: the same actions (the random bot's pick among the legal actions), the
same states after every action (all but ``last_event``: the fast engine writes no sentences),
the same final score and the same ``GameResult`` with its statistics. ``make test`` compares a
few hundred seeded random games per map; ``make sweep`` sets ``TTR_IDENTITY_GAMES=10000`` for
the whole proof (game ``i`` has ``2 + i % 4`` players).
"""

from __future__ import annotations

import os
import random

import pytest

from ttr_widgets.bots.fast.engine import FastGame, fast_trail, play_random, supports
from ttr_widgets.bots.simulate import game_seed, play_game
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind, KeepTickets
from ttr_widgets.rules.engine import apply, legal_actions, new_game, random_action, score
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.graph import longest_trail
from ttr_widgets.rules.state import GameState, Options, evolve

IDENTITY_GAMES = int(os.environ.get("TTR_IDENTITY_GAMES", "200"))


def same_state(fast: FastGame, state: GameState) -> bool:
    return fast.to_state() == evolve(state, last_event="")


def play_both(board, players: int, seed: int, options: Options | None = None,
              check_every: int = 1) -> GameState:
    """Play a random game on both engines, step by step, asserting they agree."""
    state = new_game(board, players, seed, options)
    game = FastGame.from_state(state)
    r_ref, r_fast = random.Random(seed), random.Random(seed)
    step = 0
    while not state.is_over:
        action = random_action(state, r_ref)
        assert game.random_action(r_fast) == action, f"seed {seed} step {step}"
        state = apply(state, action)
        game.do(game.move(action))
        step += 1
        if step % check_every == 0:
            assert same_state(game, state), f"seed {seed} step {step}"
    assert game.is_over and same_state(game, state)
    return state


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_simulated_random_games_are_identical_to_the_reference(name: str) -> None:
    board = load_map(name)
    ends = set()
    for i in range(IDENTITY_GAMES):
        bots = ["random"] * (2 + i % 4)
        seed = game_seed(0, i)
        result = play_game(board, bots, seed, i)
        assert result == play_game(board, bots, seed, i, fast_path=False), f"game {i}"
        ends.add(result.ended_by)
    assert "trains" in ends


@pytest.mark.parametrize("name, players, seeds", [
    ("usa", 2, 6), ("usa", 4, 3), ("europe", 2, 6), ("europe", 3, 3), ("europe", 5, 3),
    ("mini", 2, 10), ("mini", 3, 10),
])
def test_every_step_picks_the_same_action_and_reaches_the_same_state(name, players, seeds):
    board = load_map(name)
    for seed in range(seeds):
        play_both(board, players, seed)


@pytest.mark.parametrize("variant", ["europe-expanded", "big-cities", "mega-europe"])
def test_ticket_variants_play_the_same_game(variant: str) -> None:
    board = load_map("europe")
    for seed in range(4):
        play_both(board, 3, seed, Options(variant=variant), check_every=5)


def test_random_action_is_a_choice_among_the_reference_legal_actions() -> None:
    board = load_map("europe")
    state = new_game(board, 3, 5)
    rng = random.Random(5)
    while not state.is_over:
        game = FastGame.from_state(state)
        a, b = random.Random(state.turn), random.Random(state.turn)
        assert game.random_action(a) == b.choice(legal_actions(state))
        state = apply(state, random_action(state, rng))


def test_a_rollout_from_a_mid_game_position_continues_the_same_game() -> None:
    """A strong bot starts rollouts from real positions: from_state there, clone per rollout."""
    board = load_map("europe")
    state = new_game(board, 4, 21)
    rng = random.Random(21)
    for _ in range(150):  # into the game: tunnels, stations, tickets drawn
        state = apply(state, random_action(state, rng))
    game = FastGame.from_state(state)
    assert same_state(game, state)
    first, second = game.clone(), game.clone()
    r_ref, r_fast = random.Random(99), random.Random(99)
    while not state.is_over:
        state = apply(state, random_action(state, r_ref))
        first.random_step(r_fast.getrandbits)
    assert same_state(first, state)
    assert same_state(game, second.to_state()) and not second.is_over  # clones are independent
    assert [p.total for p in score(first.to_state()).players] == \
        [p.total for p in score(state).players]


def test_play_random_counts_what_play_game_reports() -> None:
    board = load_map("usa")
    seed = game_seed(3, 7)
    game = FastGame.start(board, ["Random 1", "Random 2"], seed)
    play = play_random(game, [random.Random(f"ttr-bot:{seed}:{i}") for i in range(2)], 50_000)
    result = play_game(board, ["random", "random"], seed, 7, fast_path=False)
    assert play.steps == result.steps and game.turn == result.turns
    for p, counted in zip(result.players, play.counts, strict=True):
        assert p.stats is not None
        assert p.stats.cards_blind == counted["cards_blind"]
        assert p.stats.tickets_drawn == counted["tickets_drawn"]
        assert sum(1 for t in p.tickets if t.drawn_turn is not None) == \
            sum(1 for t in play.drawn if t in {x.id for x in p.tickets})


def test_a_step_limit_stops_the_game_unfinished() -> None:
    game = FastGame.start(load_map("usa"), 2, 1)
    play = play_random(game, [random.Random(1), random.Random(2)], 30)
    assert play.steps == 30 and not game.is_over


def test_apply_refuses_what_the_rules_refuse_and_leaves_the_game_unchanged() -> None:
    state = new_game(load_map("usa"), 2, 4)
    game = FastGame.from_state(state)
    with pytest.raises(RulesError):
        game.apply(DrawBlind())  # tickets must be chosen first
    owned = ClaimRoute(state.board.routes[0].id, "red", 0)
    with pytest.raises(RulesError):
        game.apply(owned)
    assert same_state(game, state)
    keep = KeepTickets(state.pending.tickets[:2])
    game.apply(keep)
    assert same_state(game, apply(state, keep))


def test_warehouses_and_depots_fall_back_to_the_reference_engine() -> None:
    board = load_map("europe")
    options = Options(warehouses=True)
    assert not supports(options) and supports(None) and supports(Options(variant="big-cities"))
    with pytest.raises(ValueError, match="Warehouses"):
        FastGame.from_state(new_game(board, 2, 1, options))
    seed = game_seed(0, 1)
    assert play_game(board, ["random", "random"], seed, 1, options) == \
        play_game(board, ["random", "random"], seed, 1, options, fast_path=False)


def assert_is_trail(board, route_ids, trail) -> None:
    assert len(set(trail.routes)) == len(trail.routes) and set(trail.routes) <= set(route_ids)
    assert sum(board.route(r).length for r in trail.routes) == trail.length
    for k, rid in enumerate(trail.routes):
        route = board.route(rid)
        assert {route.a, route.b} == {trail.cities[k], trail.cities[k + 1]}


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_fast_trail_is_as_long_as_the_reference_longest_trail(name: str) -> None:
    board = load_map(name)
    for seed in range(60):
        players = 2 + seed % 4
        game = FastGame.start(board, players, seed)
        play_random(game, [random.Random(seed * 7 + i) for i in range(players)], 50_000)
        for routes in game.routes:
            ids = frozenset(board.routes[r].id for r in routes)
            trail = fast_trail(board, ids)
            assert trail.length == longest_trail(board, ids).length
            assert_is_trail(board, ids, trail)


def test_fast_trail_on_a_loop_with_a_tail_and_on_a_tree() -> None:
    board = load_map("usa")
    by_cities = {frozenset((r.a, r.b)): r.id for r in board.routes if r.double is None
                 or r.id < r.double}
    loop = [by_cities[frozenset(pair)] for pair in (
        ("Seattle", "Portland"), ("Portland", "Salt Lake City"), ("Salt Lake City", "Helena"),
        ("Helena", "Seattle"), ("Helena", "Duluth"))]
    trail = fast_trail(board, loop)
    assert trail.length == longest_trail(board, loop).length == sum(
        board.route(r).length for r in loop)  # round the loop, then out along the tail
    assert_is_trail(board, loop, trail)
    tree = [by_cities[frozenset(pair)] for pair in (
        ("Seattle", "Portland"), ("Seattle", "Vancouver"), ("Seattle", "Helena"))]
    trail = fast_trail(board, tree)
    assert trail.length == longest_trail(board, tree).length == max(
        board.route(a).length + board.route(b).length for a in tree for b in tree if a != b)
    assert fast_trail(board, []).length == 0
