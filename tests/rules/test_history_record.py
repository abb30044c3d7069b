"""Undo / redo / jump, game records and their replay, and refused records."""

from __future__ import annotations

import json
import random

import pytest

from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind, KeepTickets
from ttr_widgets.rules.errors import PositionError, RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.record import from_record, load_record, save_record, to_record

USA = load_map("usa")


def played(board=USA, players=("Ann", "Bob"), seed=5, steps=40) -> Game:
    game = Game.new(board, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.state.is_over:
            break
        game = game.play(greedy_bot(game.state, rng).action)
    return game


def test_undo_redo_and_jump_walk_the_same_states():
    game = played()
    assert game.cursor == 40 and not game.can_redo
    back = game.undo(3)
    assert back.state is game.states[37] and back.can_redo
    assert back.redo(3).state is game.state
    assert game.jump(0).state is game.initial
    with pytest.raises(IndexError):
        game.jump(41)


def test_play_after_undo_drops_the_undone_future():
    game = played()
    back = game.undo_turn().undo_turn()  # the start of an earlier turn: drawing is legal
    branched = back.play(DrawBlind())
    assert branched.cursor == back.cursor + 1 == len(branched.actions)
    assert not branched.can_redo
    assert branched.states[:back.cursor + 1] == game.states[:back.cursor + 1]


def test_a_refused_move_leaves_the_game_as_it_was():
    game = played(steps=10)
    with pytest.raises(RulesError):
        game.play(ClaimRoute("usa-001", "red", 99))
    assert game.cursor == 10  # the game in progress survives the rejected move


def test_turn_starts_and_undo_turn():
    game = played()
    starts = game.turn_starts()
    assert starts[0] == 2  # both players chose their tickets first
    assert all(game.states[i].pending is None for i in starts)
    undone = game.undo_turn()
    assert undone.cursor in starts and undone.cursor < game.cursor
    assert undone.redo_turn().cursor > undone.cursor


def test_log_says_who_did_what():
    game = played(steps=6)
    log = game.log()
    assert len(log) == 6
    assert log[0].player == "Ann" and "keeps" in log[0].event
    assert log[1].player == "Bob"


def test_record_round_trip_replays_to_the_identical_state(tmp_path):
    game = played(board=load_map("europe"), players=("Ann", "Bob", "Cy"), steps=120).undo(4)
    path = tmp_path / "game.json"
    save_record(game, path)
    again = load_record(path)
    assert again.states == game.states
    assert again.cursor == game.cursor and again.actions == game.actions
    assert json.loads(path.read_text())["map"] == "europe"


@pytest.mark.parametrize("mutate, field", [
    (lambda r: r.update(format="chess"), "format"),
    (lambda r: r.update(map="atlantis"), "map"),
    (lambda r: r.update(players="Ann"), "players"),
    (lambda r: r.update(seed="x"), "seed"),
    (lambda r: r.update(actions={}), "actions"),
    (lambda r: r["actions"].append({"type": "Teleport"}), "actions[40].type"),
    (lambda r: r["actions"].insert(3, {"type": "ClaimRoute", "route": "usa-001"}),
     "actions[3].color"),
    (lambda r: r["actions"].__setitem__(0, {"type": "KeepTickets", "tickets": []}),
     "actions[0]: illegal"),
    (lambda r: r.update(cursor=99), "cursor"),
])
def test_bad_records_are_refused_with_the_field_named(mutate, field):
    record = to_record(played())
    mutate(record)
    with pytest.raises(PositionError) as info:
        from_record(record)
    assert str(info.value).startswith(field)
    assert "\n" not in str(info.value)


def test_unreadable_record_file(tmp_path):
    with pytest.raises(PositionError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(PositionError, match="not JSON"):
        load_record(bad)


def test_illegal_record_action_names_the_rule():
    record = to_record(played(steps=2))
    record["actions"].append({"type": "KeepTickets", "tickets": ["usa-t01"]})
    with pytest.raises(PositionError, match=r"actions\[2\]: .*rule tickets.keep"):
        from_record(record)
    assert KeepTickets  # the action type the record names


def test_a_game_from_a_hand_built_position_cannot_be_recorded():
    from ttr_widgets.rules.scenario import scenario
    game = Game((scenario(USA, 2, hands=[{"red": 2}]),))
    with pytest.raises(PositionError, match="set up by hand"):
        to_record(game)
