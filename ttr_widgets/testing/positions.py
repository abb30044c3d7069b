"""Named positions the hint's and the coach's tests share (tests/bots, tests/i18n): each a
small scene built with ``rules.scenario``, its story in its docstring."""

from __future__ import annotations

import random

from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import Action, ClaimRoute
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState

__all__ = ["FAR", "ayr_fife", "far_ticket_near_the_end", "late_position",
           "one_card_short_near_the_end", "play_out", "spend_position", "tunnel_position"]

MINI = load_map("mini")
USA = load_map("usa")
EUROPE = load_map("europe")
#: Tickets far from Ann's corner of the map: drawn with 6 trains left, none can be completed.
FAR = ["usa-t01", "usa-t27", "usa-t15", "usa-t25", "usa-t14", "usa-t19", "usa-t21"]


def ayr_fife() -> GameState:
    """Mini map. Ann holds Ayr–Fife (8) and owns Eton–Fife; she holds 2 red, Ayr–Bree's
    colour. The strong plan: Ayr–Bree (2 red) and Bree–Eton (2 green), 4 trains; she lacks
    the 2 green: two routes and a turn of cards, about 3 turns. Bob has 12 trains."""
    return scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2}], tickets=[["mini-t01"], []],
                    claimed={"m-09": 0})


def far_ticket_near_the_end() -> GameState:
    """USA. Ann holds Seattle–New York (22) with 20 trains and no route toward it; her hand,
    5 white and 1 red, pays a 5-white route off the plan (10 points). Bob has 4 trains: the
    plan needs about 15 turns, about 2 are likely left."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"white": 5, "red": 1}, {"green": 4}],
                    tickets=[["usa-t25"], ["usa-t07"]], trains=[20, 4])


def one_card_short_near_the_end() -> GameState:
    """USA. Ann holds Denver–El Paso (4) and owns Denver–Santa Fe: El Paso–Santa Fe (2 gray)
    completes it, and her red, blue, green and yellow pay for it with one more card of a
    colour: one route and a turn of cards, about 2 turns. Bob has 5 trains: about 3 turns are
    likely left. Now she could claim only a 1-train route (1 point)."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"red": 1, "blue": 1, "green": 1,
                                                 "yellow": 1}, {"green": 4}],
                    claimed={"usa-039": 0}, tickets=[["usa-t07"], ["usa-t28"]],
                    trains=[20, 5])


def late_position() -> GameState:
    """Ann: 6 trains, Denver–El Paso (4) already joined by Denver–Santa Fe–El Paso, 3 red and
    2 blue in hand; Bob: 25 trains. The ticket pile and Bob's ticket are all far away."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"red": 3, "blue": 2}, {"green": 4}],
                    claimed={"usa-039": 0, "usa-050": 0, "usa-001": 1},
                    tickets=[["usa-t07"], ["usa-t28"]], ticket_pile=FAR, trains=[6, 25])


def spend_position() -> GameState:
    """Ann holds Denver–El Paso (4) and owns Denver–Santa Fe: El Paso–Santa Fe (2 gray)
    completes it and her 3 pink pay for it. She also holds a red and her only locomotive.
    Charleston–Miami (4 pink) with 3 pink and the locomotive is off her plan and leaves her a
    card short for El Paso–Santa Fe. Bob has 30 trains: time enough for the plan."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"pink": 3, "red": 1, "locomotive": 1},
                                                {"green": 4}],
                    claimed={"usa-039": 0}, tickets=[["usa-t07"], ["usa-t28"]],
                    trains=[30, 30])


def tunnel_position(tickets: list[str]) -> GameState:
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


def play_out(state: GameState, first: Action
             ) -> tuple[list[GameState], list[Action]]:
    """The states and actions of a game from ``state``: ``first``, then greedy bots."""
    states: list[GameState] = [state]
    actions: list[Action] = []
    rng = random.Random(5)
    action = first
    while not state.is_over:
        actions.append(action)
        state = apply(state, action)
        states.append(state)
        if not state.is_over:
            action = greedy_bot(state, rng).action
    return states, actions
