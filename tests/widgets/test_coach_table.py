"""The hint and the coach at the play app's table: the claim panel a hint opens proposes the
hint's payment, and a ticket choice ticks the tickets the hint keeps; the Coach toggle says what
it does; with Coach on, a ticket draw near the end is asked about before it is made (the same
move again goes ahead), the coach's word after a move is advice (not a ✔ success), and the
review at the end of a seeded game names only moves the coach flagged during play, with the
very sentences it said then."""

from __future__ import annotations

import random

from ttr_widgets.bots.coach import COACH_THRESHOLD, hint, review
from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.bots.strong import choose
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawTickets, KeepTickets
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.coach import coach_label

USA = load_map("usa")


def seeded(seed: int, moves: int):
    """USA, two players dealt with ``seed``: Ann the strong bot, Bob greedy, ``moves`` moves
    played (one generator, seeded with ``seed``)."""
    state = new_game(USA, ["Ann", "Bob"], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = apply(state, (choose if state.current == 0 else greedy_bot)(state, rng).action)
    return state


def test_the_claim_panel_a_hint_opens_proposes_the_hints_payment():
    """Seeded game 2 after 21 moves: the hint claims Denver–Santa Fe (2 gray) with 2 white,
    keeping the yellow its plan needs; the panel's own first choice would be yellow (the first
    colour that needs no locomotive)."""
    state = seeded(2, 21)
    action = hint(state).action
    assert action == ClaimRoute("usa-039", "white", 0)
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.hint()
    assert app.status.text.startswith("Hint for Ann: claim Denver–Santa Fe (2 gray) with "
                                      "2 white. Why: ")
    assert app.selected == "usa-039"
    assert app.claim.colors.value == "white"
    assert app.claim.options.children[0].description == "Pay 2 white"
    assert "yellow" in [value for _label, value in app.claim.colors.options]


def test_a_hint_at_a_ticket_choice_ticks_the_tickets_it_keeps():
    """USA dealt with seed 2: the setup's three tickets start ticked (every one the rules allow);
    the hint keeps two, leaving out Denver–El Paso, and the boxes then tick those two, so that
    Keep plays the hint's keep."""
    app = PlayApp("usa", kinds=("human", "strong"), seed=2, bot_delay=0)
    choice = app.ticket_choice
    assert len(choice.chosen()) == 3
    action = hint(app.state).action
    assert isinstance(action, KeepTickets) and len(action.tickets) == 2
    app.hint()
    assert app.status.text.startswith("Hint for You: keep Sault St. Marie–Nashville (8 points) "
                                      "and Denver–Pittsburgh (11 points). Why: ")
    assert "Denver–El Paso (4 points) would need 4 more trains, and adds too little" in \
        app.status.text
    assert choice.chosen() == action.tickets
    choice.keep.click()
    assert app.state.players[0].tickets == action.tickets


def test_the_coach_toggle_says_what_it_does_and_its_threshold():
    app = PlayApp.from_game(Game((seeded(2, 0),)), ("human", "greedy"), bot_delay=0)
    assert app.coach.description == coach_label()
    assert f"{COACH_THRESHOLD} points or more" in coach_label()
    assert coach_label() == "Coach: warns when a move costs 10 points or more"
    assert "spends cards the plan still needs" in app.coach.tooltip
    assert "asks whether you are sure" in app.coach.tooltip


def near_the_end():
    """Ann 20 trains, Denver–El Paso done (Denver–Santa Fe–El Paso); Bob 5 trains."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"red": 3}, {"green": 4}],
                    claimed={"usa-039": 0, "usa-050": 0}, tickets=[["usa-t07"], ["usa-t28"]],
                    trains=[20, 5])


def test_with_coach_on_a_late_ticket_draw_is_asked_about_first():
    app = PlayApp.from_game(Game((near_the_end(),)), ("human", "greedy"), bot_delay=0)
    app.coach.value = True
    before = app.state
    assert app.play(DrawTickets()) is False
    assert app.state is before  # nothing drawn yet
    assert app.status.kind == "hint"
    assert app.status.text.startswith("Coach: Drawing tickets with 5 trains left for Bob: "
                                      "sure? About 3 turns may be left")
    assert "Do it again to go ahead, or make another move." in app.status.text
    assert app.play(DrawTickets()) is True  # the same move again: yes
    assert app.state.pending is not None and app.state.pending.tickets


def test_another_move_after_the_question_is_played_and_the_question_is_put_again():
    app = PlayApp.from_game(Game((near_the_end(),)), ("human", "greedy"), bot_delay=0)
    app.coach.value = True
    assert app.play(DrawTickets()) is False
    assert app.coach.asks(app.state, DrawTickets()) is None  # asked right after: yes
    assert app.coach.asks(app.state, DrawTickets()) is not None  # a new question


def test_with_coach_off_the_ticket_draw_is_made_at_once():
    app = PlayApp.from_game(Game((near_the_end(),)), ("human", "greedy"), bot_delay=0)
    assert app.play(DrawTickets()) is True


def review_game():
    """USA: Ann (12 trains) holds Denver–El Paso (4) and owns Denver–Santa Fe; El Paso–Santa
    Fe (2 gray) completes it and her 3 pink pay for it; she also holds a red and her only
    locomotive. Bob (greedy) has 14 trains."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"pink": 3, "red": 1, "locomotive": 1},
                                                {"green": 3, "blue": 2}],
                    claimed={"usa-039": 0}, tickets=[["usa-t07"], ["usa-t28"]],
                    trains=[12, 14])


def test_the_review_names_only_what_the_coach_said_during_play():
    """A whole game with Coach on: Ann plays the hint's move, but first claims Charleston–Miami
    with her 3 pink and the locomotive (off her plan, spending its cards). What the coach says
    after each move is kept; the review at the end names those moves, with those sentences."""
    app = PlayApp.from_game(Game((review_game(),)), ("human", "greedy"), bot_delay=0)
    app.coach.value = True
    said: list[str] = []
    first = True
    while not app.state.is_over:
        state = app.state
        action = ClaimRoute("usa-016", "pink", 1) if first else hint(state).action
        first = False
        played = app.play(action)
        if not played:  # the coach asked first: yes
            assert app.play(action)
        text = app.status.text
        if "Coach: " in text:
            said.append(text.split("Coach: ", 1)[1])
    assert said and said[0].startswith("Charleston–Miami (4 pink) is off your plan and spends "
                                       "1 card your plan still needs")
    game = app.game
    found = review(game.states[:game.cursor + 1], game.actions[:game.cursor], 0)
    assert found.costly
    for _turn, verdict in found.costly:
        assert any(verdict.sentence in words for words in said), verdict.sentence
    assert found.costly[0][1].played == ClaimRoute("usa-016", "pink", 1)
    assert f"Turn {found.costly[0][0] + 1}: {found.costly[0][1].sentence}" in app.review.text
