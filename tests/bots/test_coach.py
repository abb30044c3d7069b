"""The coach (bots.coach.judge, ask and review): it flags a move that clearly costs points
against the hint's move in the same position, or a claim off the plan that spends the plan's
cards, with the cost, the games played on that show it and the better move; it stays silent on
the hint's own move; it asks before new tickets near the end; its review of a game is the same
judgement (the game with the app's Coach on: tests/widgets/test_coach_table.py)."""

from __future__ import annotations

import random

from ttr_widgets.bots.coach import (
    COACH_THRESHOLD,
    ask,
    hint,
    judge,
    plan_cards_spent,
    review,
)
from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.bots.hinting import hint_move
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ttr_widgets.rules.engine import apply, legal_actions, score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.testing.positions import (
    FAR,
    late_position,
    play_out,
    spend_position,
    tunnel_position,
)
from ttr_widgets.widgets.pages.app import PlayApp

USA = load_map("usa")
EUROPE = load_map("europe")


def test_drawing_tickets_with_six_trains_left_is_flagged_with_its_cost():
    state = late_position()
    verdict = judge(state, DrawTickets())
    assert verdict is not None
    assert verdict.cost >= COACH_THRESHOLD and verdict.worse * 3 >= verdict.samples * 2
    assert verdict.better == hint(state).action
    assert isinstance(verdict.better, ClaimRoute)
    sentence = verdict.sentence
    assert sentence.startswith("Better to claim ")
    assert " than to draw destination tickets, which cost you about " in sentence
    assert f"cost you about {round(verdict.cost)} points here (worse in {verdict.worse} of " \
           f"{verdict.samples} games played on from here)" in sentence
    assert "with 6 trains left (and Bob 25), new tickets cost you about " in sentence
    assert "(one must be kept)." in sentence
    assert "playout" not in sentence


def test_silent_on_the_hints_own_move_and_on_a_move_nearly_as_good():
    state = late_position()
    assert judge(state, hint(state).action) is None
    assert judge(state, DrawBlind()) is None  # a turn of cards loses little here


def test_the_judgement_ignores_the_hidden_deal():
    """Only what Ann can see matters: the pile's order and Bob's hand are dealt again."""
    state = late_position()
    other = scenario(USA, ["Ann", "Bob"], hands=[{"red": 3, "blue": 2}, {"black": 4}],
                     claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                     tickets=[["usa-t07"], ["usa-t28"]], ticket_pile=FAR, trains=[6, 25],
                     seed=9, face_up=list(state.face_up_names()))
    assert judge(state, DrawTickets()) == judge(other, DrawTickets())


def test_coach_box_in_the_app_tells_the_cost_and_the_better_route_as_advice():
    app = PlayApp.from_game(Game((late_position(),)), ("human", "greedy"), bot_delay=0)
    better = hint(app.state).action
    app.coach.value = True
    app.play(DrawTickets())
    assert "Coach: Better to claim " in app.status.text
    assert app.status.kind == "hint"  # advice, not a ✔ success
    assert f"Better to claim {USA.route(better.route)}" in app.status.text
    app.coach.value = False


def test_paying_a_tunnel_with_the_last_locomotives_for_a_2_point_route_is_flagged():
    state = tunnel_position(["eu-t22"])
    assert legal_actions(state) == [PayTunnel(2), DeclineTunnel()]
    verdict = judge(state, PayTunnel(2))
    assert verdict is not None and verdict.better == DeclineTunnel()
    assert verdict.cost >= COACH_THRESHOLD and verdict.worse * 3 >= verdict.samples * 2
    assert verdict.sentence.startswith("Better to decline the tunnel and keep your cards than "
                                       "to pay the tunnel's surcharge")
    assert verdict.sentence.endswith("paying would take 2 cards your plan still needs, for a "
                                     "route off your plan that scores 2 points.")
    assert judge(state, DeclineTunnel()) is None
    assert hint(state).action == DeclineTunnel()


def test_silent_when_the_tunnel_is_on_the_plan():
    """The same tunnel and surcharge, but Ann holds Zürich–Budapest (6), whose way runs
    through the tunnel and her München–Wien: paying is right and the coach says nothing."""
    state = tunnel_position(["eu-t40"])
    assert hint(state).action == PayTunnel(2)
    assert judge(state, PayTunnel(2)) is None


def test_review_names_the_costly_ticket_draw_the_bad_gamble_and_the_score():
    """Ann draws tickets with 6 trains left and keeps Vancouver–Montréal (20), far from her
    routes (the hint would keep Boston–Miami, the least far): the review names that draw among
    her costliest moves, with the very verdict the coach gave during play, the ticket as a bad
    gamble with its chance when kept, and her score part by part, each part from the final
    score."""
    start = late_position()
    drawn = apply(start, DrawTickets())
    assert hint(drawn).action == KeepTickets(("usa-t01",))
    states, actions = play_out(drawn, KeepTickets(("usa-t27",)))
    states, actions = [start, *states], [DrawTickets(), *actions]
    found = review(states, actions, 0)
    turn, verdict = found.costly[0]
    assert turn == start.turn and verdict == judge(start, DrawTickets())
    costs = [v.cost for _, v in found.costly]
    assert costs == sorted(costs, reverse=True)
    assert len(found.costly) <= 3
    (gamble,) = found.gambles
    assert gamble.ticket.id == "usa-t27" and gamble.trains == 6
    assert gamble.completed * 2 < gamble.samples
    final = score(states[-1]).players[0]
    assert not next(t for t in final.tickets if t.id == "usa-t27").completed
    lines = found.lines()
    assert lines[0].startswith(f"Your {final.total} points: {final.route_points} from "
                               f"{final.routes_claimed} routes")
    assert "−20 for 1 ticket missed" in lines[0]
    assert lines[2].startswith(f"Turn {start.turn + 1}: Better to claim ")
    assert lines[-1] == (f"Vancouver–Montréal (20 points), kept on turn {drawn.turn + 1} with 6 "
                         f"trains left, was completed in {gamble.completed} of "
                         f"{gamble.samples} games played on from there: a bad gamble that cost "
                         "you 20 points.")


def test_the_ticket_the_hint_chose_is_never_called_a_bad_gamble():
    """The same draw, but Ann keeps the ticket the hint keeps (Boston–Miami) and misses it:
    the draw was hers (named), the choice of ticket the hint's (not a gamble)."""
    start = late_position()
    drawn = apply(start, DrawTickets())
    states, actions = play_out(drawn, hint(drawn).action)
    found = review([start, *states], [DrawTickets(), *actions], 0)
    final = score(states[-1]).players[0]
    assert not next(t for t in final.tickets if t.id == "usa-t01").completed
    assert found.gambles == ()
    assert found.costly[0][1].played == DrawTickets()


def test_review_of_the_hints_own_game_finds_no_costly_move():
    """Every move of seat 0 is the hint's own: nothing to blame, no bad gamble."""
    state = late_position()
    states, actions = [state], []
    rng = random.Random(1)
    while not state.is_over:
        action = hint(state).action if state.current == 0 else greedy_bot(state, rng).action
        actions.append(action)
        state = apply(state, action)
        states.append(state)
    found = review(states, actions, 0)
    assert found.costly == () and found.gambles == ()
    assert found.lines()[1] == ("The coach found no move of yours that cost clearly more than "
                                "the hint's.")


# --------------------------------------------------------------------------- plan cards


def test_the_coach_flags_a_claim_off_the_plan_that_spends_the_plans_cards():
    state = spend_position()
    off_plan = ClaimRoute("usa-016", "pink", 1)
    assert plan_cards_spent(state, off_plan) == 1
    assert plan_cards_spent(state, ClaimRoute("usa-050", "pink", 0)) == 0  # on the plan
    verdict = judge(state, off_plan)
    assert verdict is not None and verdict.spent == 1 and verdict.cost > 0
    assert verdict.better == hint(state).action == ClaimRoute("usa-050", "pink", 0)
    assert verdict.sentence.startswith(
        "Charleston–Miami (4 pink) is off your plan and spends 1 card your plan still needs, "
        "a locomotive: better to claim El Paso–Santa Fe (2 gray) with 2 pink (in ")
    assert f"ended worse, by about {round(verdict.cost)} points on average)." in \
        verdict.sentence


def test_a_claim_that_spends_nothing_the_plan_needs_is_not_flagged_for_it():
    """With 2 more pink, Charleston–Miami leaves the plan's 2 pink in hand."""
    state = scenario(USA, ["Ann", "Bob"], hands=[{"pink": 6, "red": 1}, {"green": 4}],
                     claimed={"usa-039": 0}, tickets=[["usa-t07"], ["usa-t28"]],
                     trains=[30, 30])
    assert plan_cards_spent(state, ClaimRoute("usa-016", "pink", 0)) == 0


# --------------------------------------------------------------------------- the question


def test_the_coach_asks_before_new_tickets_near_the_end_only():
    near = scenario(USA, ["Ann", "Bob"], hands=[{"red": 3}], tickets=[["usa-t07"], ["usa-t28"]],
                    claimed={"usa-039": 0, "usa-050": 0}, trains=[20, 5])
    assert ask(near, DrawTickets()) == (
        "Drawing tickets with 5 trains left for Bob: sure? About 3 turns may be left to "
        "complete them, and a ticket kept and missed costs its points.")
    assert ask(near, DrawBlind()) is None
    assert ask(late_position(), DrawTickets()) is None  # Bob has 25 trains


def test_judgement_is_the_hints_move_on_every_ask():
    """The verdict is a function of the position and the move: asked twice, the same."""
    state = late_position()
    assert judge(state, DrawTickets()) == judge(state, DrawTickets())
    assert hint_move(state, random.Random(0)).action == hint(state).action


def test_the_reviews_score_line_counts_the_stations_left_unbuilt() -> None:
    mini = load_map("mini")
    start = scenario(mini, ["You", "Bob"], hands=[{"red": 2}, {}])
    assert review([start], [], 0).lines()[0] == \
        "Your 8 points: 0 from 0 routes and 8 for 2 stations left unbuilt."
    built = apply(start, BuildStation("Fife", "red", 0))
    assert review([start, built], [BuildStation("Fife", "red", 0)], 0).lines()[0] == \
        "Your 4 points: 0 from 0 routes and 4 for 1 station left unbuilt."
