"""Lesson boards are the play table in lesson mode, clicked as a learner would: the app's own
market, claim, tunnel, ticket, station and Warehouse panels answer every click from the core;
the learner stays the one to move (a click after their turn is refused under ``turn.order``
until they take the next seat); Reset restores; a quiz's "Try it on the board" switches the
position and asks the browser to bring the board into view."""

from __future__ import annotations

import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_page import Quiz, TryIt
from ttr_widgets.course.lessons import route_between
from ttr_widgets.rules import RULES
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import card_index
from ttr_widgets.rules.state import CollectChoice, TunnelPayment
from ttr_widgets.widgets.table.claim import ClaimPanel, TunnelPanel
from ttr_widgets.widgets.table.market import Market
from ttr_widgets.widgets.table.status import StatusLine

USA = load_map("usa")
EUROPE = load_map("europe")
LOCO = card_index("locomotive")


@pytest.fixture(scope="module")
def drawing() -> TryIt:
    return TryIt.of(lessons.drawing())


@pytest.fixture(scope="module")
def claiming() -> TryIt:
    return TryIt.of(lessons.claiming())


@pytest.fixture(scope="module")
def europe() -> TryIt:
    return TryIt.of(lessons.ferries_and_tunnels())


def card(try_it: TryIt, name: str):  # type: ignore[no-untyped-def]
    return next(b for b in try_it.table.market.cards if b.description == name)


def shown(widget) -> bool:  # type: ignore[no-untyped-def]
    return widget.layout.display != "none"


def test_the_table_is_the_apps_own_components(drawing: TryIt) -> None:
    table = drawing.table
    assert isinstance(table.market, Market) and isinstance(table.status, StatusLine)
    assert isinstance(table.claim, ClaimPanel) and isinstance(table.tunnel, TunnelPanel)
    assert table.market.blind.description == "Draw blind"
    # instructions on top of the side panel, the board beside it, the controls under them
    assert table.side.children[0].children[-1] is drawing.prompt
    assert table.board_box.children == (table.map_view.widget,)
    assert "ttr-app" in table._dom_classes and "ttr-lesson" in table._dom_classes


def test_after_a_face_up_locomotive_the_learner_is_refused_not_moved_on(drawing: TryIt
                                                                       ) -> None:
    drawing.select("face-up-locomotive")
    card(drawing, "locomotive").click()
    assert "whole draw" in drawing.result.text and drawing.goal_met
    after = drawing.state
    assert after.current == 1 and not drawing.table.active
    card(drawing, "red").click()  # the second card the rule forbids
    assert drawing.state is after
    assert drawing.result.rule == "turn.order" and drawing.result.kind == "error"
    assert "Ann's turn is over" in drawing.result.text
    assert RULES["turn.order"] in drawing.result.value  # behind the "why?"
    turn = drawing.table.take_turn_button
    assert shown(turn) and turn.description == "Play Ben's turn"
    turn.click()
    card(drawing, "red").click()
    assert drawing.state.players[1].hand[card_index("red")] == after.players[1].hand[
        card_index("red")] + 1
    assert not shown(drawing.table.take_turn_button)


def test_second_face_up_locomotive_is_refused_with_the_rule(drawing: TryIt) -> None:
    drawing.select("second-locomotive")
    card(drawing, "red").click()
    assert drawing.result.kind == "done"
    assert drawing.state.face_up.count(LOCO) == 1  # the refill
    before = drawing.state
    card(drawing, "locomotive").click()
    assert drawing.result.rule == "draw.second-locomotive"
    assert RULES["draw.second-locomotive"] in drawing.result.value
    assert drawing.state is before and drawing.goal_met
    assert RULES["draw.second-locomotive"] in drawing.goal.value


def test_the_refresh_and_the_reshuffle_are_told_once(drawing: TryIt) -> None:
    drawing.select("three-locomotives")
    card(drawing, "red").click()
    assert drawing.result.text.count("3 locomotives") == 1
    assert "was replaced" in drawing.result.text
    drawing.select("reshuffle")
    drawing.blind_button.click()
    assert drawing.result.text.count("shuffled into a new pile") == 1


def test_reset_restores_the_position(drawing: TryIt) -> None:
    drawing.select("blind-locomotive")
    start = drawing.state
    drawing.blind_button.click()
    drawing.blind_button.click()
    assert drawing.state is not start and len(drawing.history) == 2
    drawing.reset_button.click()
    assert drawing.state is start and drawing.history == []
    assert drawing.result.kind == "info" and "Ann's turn" in drawing.result.text
    assert not drawing.goal_met and drawing.goal.value == ""


def test_a_pass_can_be_tried_and_is_refused_with_the_rule() -> None:
    try_it = TryIt.of(lessons.ending())
    try_it.select("no-pass")
    assert shown(try_it.pass_button)
    try_it.pass_button.click()
    assert try_it.result.rule == "turn.pass" and try_it.goal_met


def test_route_click_offers_the_apps_payments_and_a_wrong_colour_can_be_tried(
        claiming: TryIt) -> None:
    claiming.select("colour")
    atl_mia = route_between(USA, "Atlanta", "Miami")
    claiming.view.simulate_route_click(atl_mia, 2)
    assert claiming.route == atl_mia and "choose how to pay" in claiming.result.text
    assert [b.description for b in claiming.payment_buttons] == ["Pay 3 blue + 2 locomotives"]
    table = claiming.table
    assert table.try_cards == {"blue": 3, "locomotive": 2}  # the row starts at the first payment
    table.try_cards = {"red": 5}
    table.try_button.click()
    assert claiming.result.rule == "claim.one-colour" and claiming.goal_met
    claiming.payment_buttons[0].click()
    assert claiming.state.owner(atl_mia) == 0 and "10 points" in claiming.result.text


def test_a_route_that_cannot_be_claimed_says_why_on_click(claiming: TryIt) -> None:
    claiming.select("double-two-players")
    twin = route_between(USA, "Denver", "Kansas City", "orange")
    claiming.view.simulate_route_click(twin)
    assert claiming.payment_buttons == ()
    assert claiming.result.rule == "claim.double-small"
    assert "ttr-claim-refusal" in claiming.table.claim.notes.value
    claiming.table.try_button.click()
    assert claiming.result.rule == "claim.double-small" and claiming.goal_met


def test_tunnel_reveal_then_pay_or_decline(europe: TryIt) -> None:
    tunnel = route_between(EUROPE, "Barcelona", "Pamplona")
    europe.select("tunnel")
    europe.view.simulate_route_click(tunnel)
    next(b for b in europe.payment_buttons if b.description == "Pay 2 red").click()
    assert isinstance(europe.state.pending, TunnelPayment)
    panel = europe.table.tunnel
    assert shown(panel)
    assert [b.description for b in panel.pay_buttons] == [
        "Pay 2 red more", "Pay 1 red + 1 locomotive more"]
    panel.pay_buttons[1].click()
    assert europe.state.owner(tunnel) == 0 and europe.goal_met
    europe.select("tunnel-decline")
    hand = europe.state.players[0].hand
    europe.show_me()
    assert europe.state.players[0].hand == hand and europe.state.current == 1


def test_all_locomotive_tunnel_payment_in_colour_is_refused(europe: TryIt) -> None:
    europe.select("tunnel-locomotives")
    europe.view.simulate_route_click(route_between(EUROPE, "Barcelona", "Pamplona"))
    table = europe.table
    table.try_cards = {"locomotive": 2}
    table.try_button.click()
    assert europe.state.pending.extra == 1
    assert shown(table.try_row) and table.try_cards == {"locomotive": 1}  # the reveal's cost
    table.try_cards = {"red": 1}
    table.try_button.click()
    assert europe.result.rule == "tunnel.all-locomotives" and europe.goal_met


def test_ferry_needs_its_locomotives(europe: TryIt) -> None:
    europe.select("ferry")
    europe.view.simulate_route_click(route_between(EUROPE, "Amsterdam", "London"))
    assert europe.result.rule == "ferry.locomotives"  # the app's answer to the click
    assert RULES["ferry.locomotives"] in europe.table.claim.notes.value
    table = europe.table
    table.try_cards = {"red": 1, "locomotive": 1}
    table.try_button.click()
    assert europe.result.rule == "ferry.locomotives" and europe.goal_met


def test_tickets_come_ticked_and_keeping_too_few_is_refused() -> None:
    try_it = TryIt.of(lessons.board_and_goal())
    panel = try_it.table.ticket_choice
    assert len(panel.boxes) == 3 and all(box.value for box in panel.boxes)
    panel.boxes[1].value = panel.boxes[2].value = False
    panel.keep.click()
    assert try_it.result.rule == "tickets.keep" and try_it.goal_met
    panel.boxes[1].value = False
    panel.boxes[2].value = True
    panel.boxes[0].value = True
    panel.keep.click()
    offered = try_it.step.state.pending.tickets
    assert try_it.state.players[0].tickets == (offered[0], offered[2])


def test_city_click_builds_stations_and_refuses_with_the_rule() -> None:
    try_it = TryIt.of(lessons.stations())
    try_it.select("first-station")
    try_it.view.simulate_city_click("Paris")
    assert try_it.city == "Paris" and try_it.result.text.startswith("Station in Paris")
    assert try_it.payment_buttons[0].description == "Build 1 red"
    try_it.payment_buttons[0].click()
    assert try_it.state.station_owners() == {"Paris": 0}
    try_it.select("one-per-city")
    try_it.view.simulate_city_click("Paris")
    assert try_it.result.rule == "station.one-per-city"
    try_it.table.try_button.click()
    assert try_it.result.rule == "station.one-per-city" and try_it.goal_met


def test_depots_feeding_and_collecting() -> None:
    try_it = TryIt.of(lessons.europa_1912())
    try_it.select("depot-setup")
    try_it.view.simulate_city_click("Paris")  # Ben places his Depot with a click
    assert try_it.state.depot_owners() == {"Paris": 1}
    try_it.view.simulate_city_click("Paris")  # Ann's turn: the learner has not taken it
    assert try_it.result.rule == "turn.order"
    try_it.table.take_turn_button.click()
    try_it.view.simulate_city_click("Paris")
    assert try_it.result.rule == "wd.one-piece" and try_it.goal_met
    try_it.select("feed")
    try_it.blind_button.click()
    assert try_it.result.rule == "wd.feed"
    try_it.table.feed.buttons[1].click()
    assert sum(try_it.state.warehouses[1]) == 1 and try_it.result.kind == "done"
    try_it.select("collect")
    try_it.view.simulate_route_click(route_between(EUROPE, "Berlin", "Wien"))
    try_it.payment_buttons[0].click()
    assert isinstance(try_it.state.pending, CollectChoice)
    try_it.table.collect.confirm.click()
    assert try_it.state.players[0].hand[card_index("red")] == 3  # 1 held + 2 collected
    assert try_it.goal_met


def test_the_last_round_is_played_seat_by_seat() -> None:
    try_it = TryIt.of(lessons.ending())
    try_it.select("last-round")
    try_it.show_me()
    assert try_it.state.last_round and try_it.state.current == 1
    assert try_it.result.kind == "done" and "Ben's turn" in try_it.result.text


def test_quiz_try_it_switches_the_position_and_brings_the_board_into_view(drawing: TryIt
                                                                          ) -> None:
    quiz = Quiz("Can a face-up locomotive be your second card?", ["Yes", "No"], "No",
                "Never as the second card.", try_it=drawing, practice="second-locomotive")
    drawing.select("two-cards")
    asked = drawing.table.scroller.request
    quiz.try_button.click()
    assert drawing.step.name == "second-locomotive"
    assert drawing.table.scroller.request == asked + 1


def test_a_closed_double_track_is_drawn_closed_as_in_the_app(claiming: TryIt) -> None:
    from ttr_widgets.widgets.table.answers import closed_routes

    claiming.select("double-two-players")
    twin = route_between(USA, "Denver", "Kansas City", "orange")
    closed = closed_routes(claiming.state)
    assert set(closed) == {twin}
    claiming.select("double-four-players")
    assert closed_routes(claiming.state) == {}


def test_the_apps_score_sheet_shows_when_the_game_ends_and_on_request() -> None:
    try_it = TryIt.of(lessons.stations())
    table = try_it.table
    try_it.select("tie-stations")
    assert not shown(table.scoring) and shown(table.score_now)
    try_it.show_me()  # Ann's last claim ends the game on a tie
    assert try_it.state.is_over and shown(table.scoring) and not shown(table.score_now)
    assert "Ben" in table.scoring.winner.value and "fewest stations" in table.scoring.winner.value
    try_it.select("borrow")
    assert not shown(table.scoring)
    table.score_now.value = True  # mid-game: the score as it would stand now
    assert shown(table.scoring) and table.scoring.sheet is not None
    try_it.show_me()
    ann = table.scoring.sheet.players[0]
    assert any(t.borrowed and t.completed for t in ann.tickets)  # through Ben's route
    table.score_now.value = False
    assert not shown(table.scoring)


def test_keeping_the_starting_tickets_is_not_called_a_turn() -> None:
    """Lesson 1: Ann keeps her starting tickets; Ben chooses next. Nobody's turn is over: the
    status says what happened and the button moves for Ben's choice."""
    try_it = TryIt.of(lessons.board_and_goal())
    try_it.select("keep-tickets")
    try_it.table.ticket_choice.keep.click()  # as dealt: all of Ann's tickets ticked
    assert try_it.state.current == 1 and try_it.state.in_setup
    said = try_it.table.status.text
    assert "turn is over" not in said
    assert said.endswith("Choosing starting tickets is not a turn; Ben chooses next. Press "
                         "“Choose Ben's tickets” to choose for them, or Reset.")
    button = try_it.table.take_turn_button
    assert shown(button) and button.description == "Choose Ben's tickets"
    try_it.table.ticket_choice.keep.click()  # Ben's choice, before the learner takes it
    assert try_it.result.rule == "turn.order"
    assert try_it.result.text.startswith("Ben chooses starting tickets now; Ann already did.")
    button.click()
    assert not shown(button) and try_it.table.active


def test_a_lesson_board_is_played_by_keyboard_through_the_apps_finder(claiming: TryIt) -> None:
    """The app's finder on a lesson board: a city typed, its route pressed, the claim panel open
    as a click on the board opens it — without the hint's and undo's keys (a lesson has Reset
    and Show me)."""
    claiming.select("colour")
    finder = claiming.table.finder
    assert finder in claiming.table.side.children
    keys = [s.key for s in finder.announcer.shortcuts]
    assert "f" in keys and "b" in keys and "h" not in keys and "u" not in keys
    finder.city.value = "Miami"
    atl_mia = route_between(USA, "Atlanta", "Miami")
    button = next(b for b in finder.buttons.children
                  if b.description.startswith("Miami–Atlanta"))
    button.click()
    assert claiming.route == atl_mia and "choose how to pay" in claiming.result.text
    assert [b.description for b in claiming.payment_buttons] == ["Pay 3 blue + 2 locomotives"]
    assert finder.announcer.text == claiming.table.status.text  # read out as shown
    claiming.reset_button.click()
