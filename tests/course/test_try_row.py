"""A lesson's "Try" row takes a payment as cards of each colour, so a payment the rules forbid
for its colours ("1 red and 1 green on a gray route") can be tried and is refused with its
rule's sentence; the core (``advice.typed_payment``) makes the move of the cards typed, the
tunnel's row included (its colour can be typed too, and a wrong one is refused)."""

from __future__ import annotations

import html

import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_page import TryIt
from ttr_widgets.course.lessons import route_between
from ttr_widgets.course.practice import TWO, usa_map
from ttr_widgets.rules.actions import ClaimRoute, PayTunnel
from ttr_widgets.rules.advice import typed_payment
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import OPEN, TunnelPayment
from ttr_widgets.testing.words import assert_plain

USA = usa_map()
EUROPE = load_map("europe")


def test_cards_of_one_colour_make_the_claim_and_two_colours_are_refused_by_the_core() -> None:
    state = scenario(USA, TWO, hands=[{"red": 2, "blue": 1, "locomotive": 1}])
    gray3 = next(r for r in USA.routes if r.color == "gray" and r.length == 3)
    assert typed_payment(state, {"red": 2, "locomotive": 1}, route=gray3.id) == \
        ClaimRoute(gray3.id, "red", 1)
    assert typed_payment(state, {"locomotive": 3}, route=gray3.id) == \
        ClaimRoute(gray3.id, "locomotive", 3)
    with pytest.raises(RulesError) as mixed:
        typed_payment(state, {"red": 2, "blue": 1}, route=gray3.id)
    assert mixed.value.rule == "claim.one-colour"
    assert mixed.value.reason.endswith("is gray: any one colour will do, not two; you offered "
                                       "2 red cards and 1 blue card.")
    with pytest.raises(RulesError) as short:
        typed_payment(state, {"red": 2}, route=gray3.id)
    assert short.value.rule == "claim.whole-route" and "exactly 3 cards" in short.value.reason
    with pytest.raises(RulesError) as unknown:
        typed_payment(state, {"purple": 3}, route=gray3.id)
    assert unknown.value.rule == "action.unknown"


def test_the_gray_lesson_refuses_two_colours_tried_on_the_board_with_the_rules_sentence() -> None:
    try_it = TryIt.of(lessons.claiming())
    try_it.select("gray")
    table = try_it.table
    route = route_between(USA, "Atlanta", "Charleston")
    try_it.click_route(route)
    assert table.try_row.layout.display != "none"
    assert {"red", "green", "locomotive"} <= set(table.try_counts)  # a box for every colour
    table.try_cards = {"red": 1, "green": 1}  # Ann holds one red and one green
    table.try_button.click()
    assert table.status.rule == "claim.one-colour" and try_it.goal_met
    assert table.status.text == ("Atlanta–Charleston (2 gray) is gray: any one colour will do, "
                                 "not two; you offered 1 red card and 1 green card.")
    assert html.escape(RULES["claim.one-colour"]) in table.status.value  # behind its why?
    assert table.state.owner(route) == OPEN and not table.moves  # nothing played
    assert_plain(table)
    table.try_cards = {"yellow": 2}
    table.try_button.click()
    assert table.state.owner(route) == 0


def test_the_tunnel_row_has_its_colour_and_refuses_another() -> None:
    try_it = TryIt.of(lessons.ferries_and_tunnels())
    try_it.select("tunnel")
    tunnel = route_between(EUROPE, "Barcelona", "Pamplona")
    try_it.click_route(tunnel)
    table = try_it.table
    next(b for b in try_it.payment_buttons if b.description == "Pay 2 red").click()
    pending = table.state.pending
    assert isinstance(pending, TunnelPayment) and pending.color == "red"
    assert table.try_row.layout.display != "none"
    assert table.try_counts["red"].layout.display != "none"  # the colour can be typed
    assert sum(table.try_cards.values()) == pending.extra  # it starts at a payment that works
    table.try_cards = {"blue": pending.extra}
    table.try_button.click()
    assert table.status.rule == "tunnel.pay" and "red cards or locomotives" in table.status.text
    assert table.state.pending == pending  # still to pay
    table.try_cards = {"red": pending.extra - 1, "locomotive": 1}
    assert typed_payment(table.state, table.try_cards) == PayTunnel(1)
    table.try_button.click()
    assert table.state.owner(tunnel) == 0
