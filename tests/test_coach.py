"""The coach (rules.coach.judge, the play app's Coach box): it flags a move that clearly costs
points against the strong bot's move in the same position, with the cost, the playouts that
show it and the better move; it stays silent on a good move."""

from __future__ import annotations

import random

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DeclineTunnel, DrawBlind, DrawTickets, PayTunnel
from ttr_widgets.rules.coach import COACH_THRESHOLD, hint, judge
from ttr_widgets.rules.engine import apply, legal_actions
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.strong import choose
from ttr_widgets.widgets.app import PlayApp

USA = load_map("usa")
EUROPE = load_map("europe")
#: Tickets far from Ann's corner of the map: drawn with 6 trains left, none can be completed.
FAR = ["usa-t01", "usa-t27", "usa-t15", "usa-t25", "usa-t14", "usa-t19", "usa-t21"]


def late_position():
    """Ann: 6 trains, Denver–El Paso (4) already joined by Denver–Santa Fe–El Paso, 3 red and
    2 blue in hand; Bob: 25 trains. The ticket pile and Bob's ticket are all far away."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"red": 3, "blue": 2}, {"green": 4}],
                    claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                    tickets=[["usa-t07"], ["usa-t28"]], ticket_pile=FAR, trains=[6, 25])


def test_drawing_tickets_with_six_trains_left_is_flagged_with_its_cost():
    state = late_position()
    verdict = judge(state, DrawTickets())
    assert verdict is not None
    assert verdict.cost >= COACH_THRESHOLD and verdict.worse * 3 >= verdict.samples * 2
    assert verdict.better == choose(state, random.Random(0)).action
    assert isinstance(verdict.better, ClaimRoute)
    sentence = verdict.sentence
    assert sentence.startswith("Better to claim ")
    assert f"cost you about {round(verdict.cost)} points here (worse in {verdict.worse} of " \
           f"{verdict.samples} playouts from this position)" in sentence
    assert "with 6 trains left, new tickets cost you about " in sentence
    assert "(one must be kept)." in sentence


def test_silent_on_the_bots_own_move_and_on_a_move_nearly_as_good():
    state = late_position()
    assert judge(state, choose(state, random.Random(0)).action) is None
    assert judge(state, DrawBlind()) is None  # a turn of cards loses little here


def test_the_judgement_ignores_the_hidden_deal():
    """Only what Ann can see matters: the pile's order and Bob's hand are dealt again."""
    state = late_position()
    other = scenario(USA, ["Ann", "Bob"], hands=[{"red": 3, "blue": 2}, {"black": 4}],
                     claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                     tickets=[["usa-t07"], ["usa-t28"]], ticket_pile=FAR, trains=[6, 25],
                     seed=9, face_up=list(state.face_up_names()))
    assert judge(state, DrawTickets()) == judge(other, DrawTickets())


def test_coach_box_in_the_app_tells_the_cost_and_shows_the_better_route():
    app = PlayApp.from_game(Game((late_position(),)), ("human", "greedy"), bot_delay=0)
    better = choose(app.state, random.Random(0)).action
    app.coach.value = True
    app.play(DrawTickets())
    assert "Coach: Better to claim " in app.status.text
    assert app.selected == better.route
    app.coach.value = False


def tunnel_position(tickets: list[str]):
    """Ann holds London–Wien (10) with Amsterdam–Frankfurt–München–Wien built; her one way to
    London is the Amsterdam–London ferry, which takes 2 locomotives (Bob owns Dieppe–London,
    closing its twin). She holds 2 yellow and her last 2 locomotives and claims the
    München–Zürich tunnel (2 yellow, 2 points), off her plan; yellow, yellow and red are
    turned up: 2 more cards, only her locomotives can pay. Bob has 4 trains: the end is near."""
    state = scenario(EUROPE, ["Ann", "Bob"], hands=[{"yellow": 2, "locomotive": 2},
                                                    {"red": 4, "blue": 3}],
                     claimed={"eu-003": 0, "eu-058": 0, "eu-079": 0, "eu-048": 1},
                     tickets=[tickets, ["eu-t21"]], trains=[10, 4],
                     pile_top=["yellow", "yellow", "red"])
    return apply(state, ClaimRoute("eu-080", "yellow", 0))


def test_paying_a_tunnel_with_the_last_locomotives_for_a_2_point_route_is_flagged():
    state = tunnel_position(["eu-t22"])
    assert legal_actions(state) == [PayTunnel(2), DeclineTunnel()]
    verdict = judge(state, PayTunnel(2))
    assert verdict is not None and verdict.better == DeclineTunnel()
    assert verdict.cost >= COACH_THRESHOLD and verdict.worse * 3 >= verdict.samples * 2
    assert verdict.sentence.startswith("Better to decline the tunnel and keep your cards: to "
                                       "pay the tunnel's surcharge")
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
