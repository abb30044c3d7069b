"""The strong bot (rules.strong) and the hint that explains its move in numbers (rules.coach).

Legal moves only, over seeded games on every map and option; blind to what its seat cannot
see (two states that differ only in hidden cards and tickets get the same move); the obvious
move in named positions; the hint's numbers on positions worked out by hand.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from ttr_widgets.bots import BOTS, LEVELS, hint
from ttr_widgets.bots.coach import percent
from ttr_widgets.bots.simulate import check_bots, game_seed, play_game
from ttr_widgets.bots.strong import choose, plan_of
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawFaceUp, DrawTickets, KeepTickets
from ttr_widgets.rules.engine import apply, is_legal, new_game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import Options, evolve
from ttr_widgets.testing.hidden import hidden_changed

USA, EUROPE, MINI = load_map("usa"), load_map("europe"), load_map("mini")


def _play_checked(board, bots, seed, options=None, limit=5000):
    """Play a whole game, asserting every move of the strong bot is legal; the final state."""
    state = new_game(board, [f"P{i}" for i in range(len(bots))], seed, options)
    rngs = [random.Random(seed * 10 + i) for i in range(len(bots))]
    for _ in range(limit):
        if state.is_over:
            return state
        action = BOTS[bots[state.current]](state, rngs[state.current]).action
        if bots[state.current] == "strong":
            assert is_legal(state, action), (seed, state.pending, action)
        state = apply(state, action)
    raise AssertionError(f"game {seed} did not end")


@pytest.mark.parametrize("board,bots,options", [
    (USA, ("strong", "greedy"), None),
    (USA, ("greedy", "strong", "strong", "random"), None),
    (EUROPE, ("strong", "greedy"), None),
    (EUROPE, ("random", "strong", "greedy"), None),
    (EUROPE, ("strong", "greedy"), Options(variant="mega-europe")),
    (EUROPE, ("strong", "strong"), Options(warehouses=True)),
    (MINI, ("strong", "greedy", "strong"), None),
])
def test_only_legal_moves_over_seeded_games(board, bots, options):
    for seed in range(3):
        final = _play_checked(board, bots, seed, options)
        assert final.is_over


def test_simulate_knows_the_strong_bot():
    check_bots(["strong", "greedy"], USA)
    result = play_game(USA, ["strong", "greedy"], game_seed(1, 0))
    assert result.players[0].bot == "strong" and result.winners
    assert list(LEVELS) == ["random", "greedy", "strong"] and set(LEVELS) <= set(BOTS)


# --------------------------------------------------------------------------- hidden information


def _positions(board, seed, players=2, every=5):
    """States met in a strong-against-greedy game, every few steps."""
    bots = ["strong"] + ["greedy"] * (players - 1)
    state = new_game(board, [f"P{i}" for i in range(players)], seed)
    rngs = [random.Random(i) for i in range(players)]
    out, step = [], 0
    while not state.is_over:
        if step % every == 0:
            out.append(state)
        state = apply(state, BOTS[bots[state.current]](state, rngs[state.current]).action)
        step += 1
    return out


@pytest.mark.parametrize("board,players,seed", [(USA, 2, 4), (EUROPE, 2, 5), (USA, 4, 6),
                                                (EUROPE, 3, 7)])
def test_the_move_ignores_what_the_seat_cannot_see(board, players, seed):
    shuffler = random.Random(seed)
    checked = 0
    for state in _positions(board, seed, players):
        if state.current != 0:
            continue
        other = hidden_changed(state, shuffler)
        assert other.deck != state.deck or not state.deck
        assert other.player == state.player and other.face_up == state.face_up
        first = choose(state, random.Random(3))
        again = choose(other, random.Random(3))
        assert first == again, (state.turn, first, again)
        checked += 1
    assert checked >= 10


# --------------------------------------------------------------------------- named positions


def test_last_turn_completes_the_ticket_rather_than_the_longest_route():
    """Ann holds Denver–El Paso (4) and owns Denver–Santa Fe; it is her last turn. With 2 green
    and 4 black she may claim Denver–Kansas City (4 black, 7 points) or Santa Fe–El Paso
    (2 gray, 2 points) which completes the ticket: 2 + 4 points instead of 7 − 4."""
    state = scenario(USA, ["Ann", "Bob"], hands=[{"green": 2, "black": 4}],
                     claimed={"usa-039": 0}, tickets=[["usa-t07"], []], trains=[10, 2])
    state = evolve(state, final_turns=2)
    action = choose(state, random.Random(0)).action
    assert isinstance(action, ClaimRoute) and action.route == "usa-050"


def test_keeps_the_ticket_it_has_already_completed():
    """Ann, 8 trains left, owns Denver–Santa Fe–El Paso; the tickets drawn are Denver–El Paso
    (done already), Boston–Miami and Vancouver–Montréal (far away): she keeps only the first."""
    pile = ["usa-t01", "usa-t07", "usa-t27", "usa-t02", "usa-t03"]
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-039": 0, "usa-050": 0},
                     tickets=[["usa-t12"], ["usa-t04"]], ticket_pile=pile, trains=[8, 30])
    state = apply(state, DrawTickets())
    assert set(state.pending.tickets) == {"usa-t01", "usa-t07", "usa-t27"}
    assert choose(state, random.Random(0)).action == KeepTickets(("usa-t07",))


def test_takes_the_face_up_colour_its_route_lacks():
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"blue": 1}],
                     face_up=["yellow", "red", "black", "blue", "white"],
                     tickets=[["mini-t07"], []])
    assert choose(state, random.Random(0)).action == DrawFaceUp("red")


def test_claims_the_route_its_ticket_needs():
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2}], tickets=[["mini-t07"], []])
    assert [r.id for r in plan_of(state).routes] == ["m-01"]
    assert choose(state, random.Random(0)).action == ClaimRoute("m-01", "red", 0)


def test_claims_first_the_route_whose_loss_costs_most():
    """Ayr–Fife (8) through Ayr–Bree, Bree–Eton, Eton–Fife: without Eton–Fife the way round
    costs more than without Ayr–Bree (via Dale, one train more); with 2 red and 2 black Ann
    can pay either, and claims Eton–Fife first (in black, keeping the red for Ayr–Bree)."""
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2, "black": 2}],
                     tickets=[["mini-t01"], []])
    assert {r.id for r in plan_of(state).routes} == {"m-01", "m-06", "m-09"}
    assert choose(state, random.Random(0)).action == ClaimRoute("m-09", "black", 0)


def test_pays_with_colour_cards_before_locomotives():
    """Ann holds Bree–Fife (5) and Bree–Eton (2): the way is Bree–Eton (2 green) and Eton–Fife
    (2 gray). With 2 green, 1 white and 1 locomotive she claims Eton–Fife first, and pays it
    with the 2 green rather than white and her locomotive (which still pays any colour later);
    the hint says so."""
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"green": 2, "white": 1, "locomotive": 1}],
                     tickets=[["mini-t05", "mini-t09"], []])
    assert choose(state, random.Random(0)).action == ClaimRoute("m-09", "green", 0)
    assert hint(state).reason.startswith("claim Eton–Fife (2 gray) with 2 green: ")


# --------------------------------------------------------------------------- the hint's numbers
# (the hint's words on named positions: tests/bots/test_hint.py)


def test_percent_never_rounds_a_possibility_away():
    assert percent(Fraction(1, 1000)) == "<1%" and percent(Fraction(999, 1000)) == ">99%"
    assert percent(Fraction(0)) == "0%" and percent(Fraction(1)) == "100%"
    assert percent(Fraction(1, 3)) == "33%"


@pytest.mark.parametrize("board,options", [
    pytest.param(USA, None, marks=pytest.mark.slow),  # ~20 s each: make sweep
    pytest.param(EUROPE, None, marks=pytest.mark.slow),
    (EUROPE, Options(warehouses=True)), (MINI, None)])
def test_every_hint_is_a_legal_move_said_plainly(board, options):
    """Over a whole game, the hint at every step of the learner's seat (the strong bot plays
    it, the greedy bot the other): a legal move, its reason in words (no ids, no '(s)'
    plurals, no Python values)."""
    state = new_game(board, ["You", "Bob"], 11, options)
    rng = random.Random(11)
    ids = re.compile(r"\b(usa|eu|m|mini)-(t)?\d")
    for _ in range(5000):
        if state.is_over:
            break
        if state.current == 0:
            choice = hint(state)
            assert is_legal(state, choice.action), (state.pending, choice.action)
            assert not ids.search(choice.reason) and "(s)" not in choice.reason, choice.reason
            assert "None" not in choice.reason and "Fraction" not in choice.reason, choice.reason
        bot = "strong" if state.current == 0 else "greedy"
        state = apply(state, BOTS[bot](state, rng).action)
    assert state.is_over
