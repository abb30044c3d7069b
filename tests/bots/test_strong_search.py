"""The expert bot (rules.strong_search): the strong bot's move checked by playouts.

Same generator, same move; blind to what its seat cannot see (two states that differ only in
hidden cards and tickets are searched alike, to the playouts' averages); legal moves over
seeded games; the better move where the strong bot's rule is wrong, the strong bot's move where
the alternative is clearly worse; the deep hint says the playouts' figure; ``ttr simulate``
plays it, the same whatever the workers.
"""

from __future__ import annotations

import json
import random

import pytest

from ttr_widgets.bots import BOTS, LEVELS, SLOW, hint
from ttr_widgets.bots.expert import DEFAULT, Search, ahead_words, expert_bot, search
from ttr_widgets.bots.strong import alternatives, choose
from ttr_widgets.cli import main
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind, DrawTickets
from ttr_widgets.rules.engine import apply, is_legal, new_game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState
from ttr_widgets.testing.hidden import hidden_changed

USA, EUROPE, MINI = load_map("usa"), load_map("europe"), load_map("mini")
QUICK = Search(playouts=2)  #: enough to compare two searches, cheap enough for many positions


def _positions(board, seed, players=2, every=5):
    """Turn starts met in a strong-against-strong game, every few steps, once the end is near
    (where the expert bot searches)."""
    state = new_game(board, [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    out, step = [], 0
    while not state.is_over:
        near = min(p.trains for p in state.players) <= DEFAULT.near
        if step % every == 0 and state.pending is None and not state.in_setup and near:
            out.append(state)
        state = apply(state, BOTS["strong"](state, rng).action)
        step += 1
    return out


def ending_position() -> GameState:
    """Ann has 3 trains, her ticket is done and her hand (red, blue, green) pays only for a
    one-train route; Bob has 20 trains and 26 cards. The strong bot draws, waiting to fill a
    route of 3 (it never claims a filler shorter than 3 with 3 trains or more); claiming the
    one-train route starts the last round at once, before Bob's cards become routes."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"red": 1, "blue": 1, "green": 1},
                                                {"black": 6, "orange": 6, "white": 6,
                                                 "yellow": 6, "locomotive": 2}],
                    claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                    tickets=[["usa-t07"], ["usa-t28"]], trains=[3, 20])


def test_same_generator_same_search_and_move():
    state = _positions(USA, 2)[-2]
    first = search(state, random.Random(5))
    assert first == search(state, random.Random(5))
    assert first.playouts == DEFAULT.playouts and len(first.moves) >= 2
    assert expert_bot(state, random.Random(5)) == expert_bot(state, random.Random(5))


def test_far_from_the_end_it_plays_the_strong_bots_move_unsearched():
    state = new_game(USA, ["Ann", "Bob"], 3)
    rng = random.Random(3)
    while state.in_setup or state.turn < 6:
        state = apply(state, BOTS["strong"](state, rng).action)
    found = search(state, random.Random(1))
    assert found.playouts == 0 and found.choice == choose(state, random.Random(1))
    assert search(state, random.Random(1), Search(playouts=1, near=45)).playouts == 1


def test_the_strong_bots_move_comes_first_and_no_move_twice():
    for state in _positions(EUROPE, 3)[:6]:
        moves = alternatives(state, random.Random(1))
        assert moves[0] == choose(state, random.Random(1))
        assert len({m.action for m in moves}) == len(moves) <= 4
        assert all(is_legal(state, m.action) for m in moves)


@pytest.mark.parametrize("board,players,seed", [(USA, 2, 4), (EUROPE, 2, 5), (USA, 3, 6)])
def test_the_search_ignores_what_the_seat_cannot_see(board, players, seed):
    shuffler = random.Random(seed)
    checked = 0
    for state in _positions(board, seed, players)[:4]:
        other = hidden_changed(state, shuffler)
        assert other.deck != state.deck and other.player == state.player
        first = search(state, random.Random(3), QUICK)
        again = search(other, random.Random(3), QUICK)
        assert first == again, (state.turn, first, again)
        checked += first.playouts > 0
    assert checked >= 3


def test_the_deep_hint_ignores_the_hidden_deal_and_the_games_seed():
    state = ending_position()
    other = scenario(USA, ["Ann", "Bob"], hands=[{"red": 1, "blue": 1, "green": 1},
                                                 {"pink": 6, "orange": 6, "white": 6,
                                                  "yellow": 4, "locomotive": 4}],
                     claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                     tickets=[["usa-t07"], ["usa-t13"]], trains=[3, 20], seed=9,
                     face_up=list(state.face_up_names()))
    assert other.deck != state.deck
    assert hint(state, 4, deep=True) == hint(other, 4, deep=True)


@pytest.mark.parametrize("board,bots", [pytest.param(USA, ("expert", "strong"),
                                                     marks=pytest.mark.slow),  # make sweep
                                        (EUROPE, ("greedy", "expert", "greedy")),
                                        (MINI, ("expert", "expert"))])
def test_only_legal_moves_over_seeded_games(board, bots):
    """Whole games with a cheap search from the first turn (every move checked legal)."""
    state = new_game(board, [f"P{i}" for i in range(len(bots))], 8)
    rngs = [random.Random(i) for i in range(len(bots))]
    while not state.is_over:
        rng = rngs[state.current]
        if bots[state.current] == "expert":
            action = search(state, rng, Search(playouts=1, near=99)).choice.action
            assert is_legal(state, action), (state.turn, state.pending, action)
        else:
            action = BOTS[bots[state.current]](state, rng).action
        state = apply(state, action)
    assert state.is_over


def test_ends_the_game_where_the_strong_bot_waits():
    state = ending_position()
    assert choose(state, random.Random(0)).action == DrawBlind()
    for seed in range(3):
        found = search(state, random.Random(seed))
        chosen = found.choice.action
        assert isinstance(chosen, ClaimRoute) and USA.route(chosen.route).length == 1
        assert found.means[found.best] > found.means[0] + 5
        assert apply(state, chosen).last_round


def test_keeps_the_strong_move_when_new_tickets_are_clearly_worse():
    """Ann, 6 trains, her ticket done; the ticket pile is far from her routes (the coach's
    position): new tickets cost points, the strong bot claims and so does the expert."""
    far = ["usa-t01", "usa-t27", "usa-t15", "usa-t25", "usa-t14", "usa-t19", "usa-t21"]
    state = scenario(USA, ["Ann", "Bob"], hands=[{"red": 3, "blue": 2}, {"green": 4}],
                     claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                     tickets=[["usa-t07"], ["usa-t28"]], ticket_pile=far, trains=[6, 25])
    found = search(state, random.Random(0))
    assert DrawTickets() in [m.action for m in found.moves]
    assert found.choice.action != DrawTickets()
    tickets = [m.action for m in found.moves].index(DrawTickets())
    assert found.means[tickets] < found.means[found.best]


def test_ahead_words():
    assert ahead_words(6.4, 12) == "ahead by 6 points on average over 12 playouts"
    assert ahead_words(-1.2, 1) == "behind by 1 point on average over 1 playout"
    assert ahead_words(0.3, 5) == "level with the best other player on average over 5 playouts"


def test_simulate_plays_the_expert_the_same_whatever_the_workers(tmp_path, capsys):
    assert "expert" in BOTS and "expert" in SLOW and "expert" not in LEVELS
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.json"
        assert main(["simulate", "--quiet", "--map", "mini", "--bots", "expert,greedy",
                     "--games", "3", "--seed", "5", "--workers", str(workers),
                     "--out", str(out)]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert [p["bot"] for p in data["results"][0]["players"]] == ["expert", "greedy"]
    assert "3 games;" in capsys.readouterr().out
