"""Each seat policy on its own (``table.seats``): who may act now, what the prompt says, whether
the seat moves by itself, and who is shown, asked of a table that is only a state."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from ttr_widgets.bots import BOTS
from ttr_widgets.rules import load_map
from ttr_widgets.rules.engine import apply, legal_actions, score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.table.seats import (
    BotSeat,
    LearnerSeat,
    PersonSeat,
    WaitingSeat,
    seats_for,
    viewer,
)

MINI = load_map("mini")


@dataclass
class Table:
    """A table as a seat's policy sees it (``seats.TableView``)."""

    game: Game
    viewer: int | None = 0
    paused: bool = False

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def score_sheet(self) -> ScoreSheet | None:
        return score(self.state) if self.state.is_over else None


def at(state: GameState, **kw: object) -> Table:
    return Table(Game((state,)), **kw)  # type: ignore[arg-type]


def ended() -> GameState:
    """A mini game played to its end by greedy bots."""
    state = scenario(MINI, ["Ann", "Bob"], trains=[2, 2], hands=[{"red": 2}, {"blue": 2}])
    rng = random.Random(1)
    while not state.is_over:
        state = apply(state, BOTS["greedy"](state, rng).action)
    return state


ANN_TO_MOVE = scenario(MINI, ["Ann", "Bob"])
BOB_TO_MOVE = scenario(MINI, ["Ann", "Bob"], current=1)


# --------------------------------------------------------------------------- a person here


def test_a_person_may_act_on_their_turn_until_the_game_is_over():
    seat = PersonSeat()
    assert seat.here and seat.private and not seat.moves_itself and seat.kind == "human"
    assert seat.refusal(at(ANN_TO_MOVE)) is None
    assert seat.choose(at(ANN_TO_MOVE)) is None  # waits for a click
    over = at(ended())
    refusal = seat.refusal(over)
    assert refusal is not None and refusal.rule == "turn.game-over"
    assert seat.prompt(over) == f"Game over. {score(over.state).reason}"


def test_a_persons_prompt_says_what_the_turn_waits_for():
    seat = PersonSeat()
    assert seat.prompt(at(ANN_TO_MOVE)) == (
        "Ann's turn: draw cards, click a route to claim it, click a city for a station, or "
        "draw tickets.")
    hidden = at(ANN_TO_MOVE, viewer=None)  # a hotseat between turns
    assert seat.prompt(hidden) == "Ann's turn: press “Show Ann's hand” when the others look away."
    dealt = Game.new(MINI, ["Ann", "Bob"], 3)
    assert seat.prompt(Table(dealt)) == "Ann: choose the tickets to keep (at least 2)."


def test_at_a_hotseat_a_player_called_you_is_named_not_spoken_to():
    """Between turns everyone at the screen reads the line: Bob, who just played, must not be
    told "Your turn"; the player called You is named, and the button quoted as it reads."""
    seat = PersonSeat()
    hidden = at(scenario(MINI, ["Bob", "You"], current=1), viewer=None)
    assert seat.prompt(hidden) == ("The player called You plays next: press “Show your hand” "
                                   "when the others look away.")
    assert seat.prompt(at(scenario(MINI, ["Bob", "You"], current=1), viewer=1)).startswith(
        "Your turn: draw cards")  # once the hand is shown, only You reads it


# --------------------------------------------------------------------------- a bot


def test_a_bot_refuses_clicks_on_its_turn_and_says_it_is_playing():
    seat = BotSeat("greedy")
    assert seat.moves_itself and not seat.here and seat.kind == "greedy"
    refusal = seat.refusal(at(BOB_TO_MOVE))
    assert refusal is not None and refusal.rule == "turn.order"
    assert refusal.reason == "It is Bob's turn (greedy bot); wait for it to play."
    assert BotSeat("greedy").refusal(at(scenario(MINI, ["Ann", "Greedy bot"], current=1))
                                     ).reason == "It is Greedy bot's turn; wait for it to play."
    assert seat.prompt(at(BOB_TO_MOVE)) == "Bob (bot) is playing…"
    assert seat.prompt(at(BOB_TO_MOVE, paused=True)) == (
        "Bob (bot) is to move: press Play on to let the bots continue.")
    assert seat.refusal(at(ended())).rule == "turn.game-over"


def test_a_bot_chooses_the_move_its_level_plays_seeded_by_the_table():
    table = at(BOB_TO_MOVE)
    choice = BotSeat("greedy").choose(table)
    expected = BOTS["greedy"](BOB_TO_MOVE, random.Random(f"ttr-app:{BOB_TO_MOVE.seed}:0"))
    assert choice == expected and choice.action in legal_actions(BOB_TO_MOVE)
    with pytest.raises(ValueError, match="level: expected one of"):
        BotSeat("grandmaster")


# --------------------------------------------------------------------------- a lesson's seats


def test_the_learner_moves_their_seats_and_the_others_wait_under_turn_order():
    learner, waiting = LearnerSeat(), WaitingSeat()
    assert learner.here and not learner.private and learner.kind == "you"
    assert not waiting.here and not waiting.moves_itself and waiting.kind == "waits"
    assert learner.refusal(at(ANN_TO_MOVE)) is None
    assert learner.prompt(at(ANN_TO_MOVE)) == (
        "Ann's turn: draw cards, click a route or a city (a station), or draw tickets.")
    table = at(BOB_TO_MOVE, viewer=0)  # Ann's turn is over, Bob's seat not taken
    refusal = waiting.refusal(table)
    assert refusal is not None and refusal.rule == "turn.order"
    assert refusal.reason == ("It is Bob's turn: Ann's turn is over. Press “Play Bob's turn” "
                              "to move for them, or Reset.")
    assert waiting.prompt(table) == ("Ann's turn is over; it is Bob's turn. Press “Play Bob's "
                                     "turn” to play it, or Reset.")


def test_after_a_lessons_game_the_core_refuses_and_reset_is_offered():
    over = at(ended())
    for seat in (LearnerSeat(), WaitingSeat()):
        assert seat.refusal(over) is None  # the core answers with its own rule
        assert seat.prompt(over) == "The game is over. Press Reset to try again."


# --------------------------------------------------------------------------- who is shown


def test_only_bots_show_the_player_to_move():
    seats = (BotSeat("greedy"), BotSeat("random"))
    assert viewer(seats, ANN_TO_MOVE) == 0 and viewer(seats, BOB_TO_MOVE) == 1


def test_one_person_here_is_always_the_one_shown():
    seats = (BotSeat("greedy"), PersonSeat())
    assert viewer(seats, ANN_TO_MOVE) == 1 and viewer(seats, BOB_TO_MOVE) == 1


def test_at_a_hotseat_a_hand_shows_only_once_its_owner_asked_this_turn():
    seats = (PersonSeat(), PersonSeat(), BotSeat("greedy"))
    state = scenario(MINI, ["Ann", "Bob", "Cy"], current=1)
    assert viewer(seats, state) is None
    assert viewer(seats, state, revealed=(1, state.turn)) == 1
    assert viewer(seats, state, revealed=(1, state.turn - 1)) is None  # an older turn's
    assert viewer(seats, scenario(MINI, ["Ann", "Bob", "Cy"], current=2),
                  revealed=(2, state.turn)) is None  # the bot's hand is never shown


def test_a_learner_at_several_seats_sees_the_one_to_move_or_the_one_they_moved_last():
    seats = (LearnerSeat(), LearnerSeat(), WaitingSeat())
    assert viewer(seats, scenario(MINI, ["Ann", "Bob", "Cy"], current=1)) == 1
    assert viewer(seats, scenario(MINI, ["Ann", "Bob", "Cy"], current=2)) == 1
    assert viewer((LearnerSeat(), WaitingSeat(), LearnerSeat()),
                  scenario(MINI, ["Ann", "Bob", "Cy"], current=1)) == 0


# --------------------------------------------------------------------------- the app's kinds


def test_the_apps_kinds_become_policies_and_a_wrong_one_is_named():
    seats = seats_for(("human", "greedy", "random"), 3)
    assert [type(s) for s in seats] == [PersonSeat, BotSeat, BotSeat]
    assert [s.kind for s in seats] == ["human", "greedy", "random"]
    with pytest.raises(ValueError, match=r"kinds: expected one per player \(2\), got 3"):
        seats_for(("human", "greedy", "random"), 2)
    with pytest.raises(ValueError, match=r"kinds\[1\]: expected one of human, "):
        seats_for(("human", "wizard"), 2)
