"""The table controller on its own (``table.controller.TableController``), built headless with
seat policies and clicked down the board's real path (``MapView.simulate_route_click``): every
click an action for the core, every refusal's sentence in the status line, the board's marks
one value from the state, and seats that move by themselves asked, not run, by the table."""

from __future__ import annotations

import asyncio

from ttr_widgets.bots import Choice
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind
from ttr_widgets.rules.engine import why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import SecondCard
from ttr_widgets.widgets.board.render import ROUTES, SELECTION
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.controller import TableController
from ttr_widgets.widgets.table.seats import (
    BotSeat,
    LearnerSeat,
    PersonSeat,
    Seat,
    TableView,
    WaitingSeat,
)

MINI = load_map("mini")


def table(seats, **kw) -> TableController:  # type: ignore[no-untyped-def]
    """A controller at a named mini position: Ann (red 2, locomotive 1) to move against Bob."""
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2, "locomotive": 1}, {"blue": 3}],
                     **kw)
    controller = TableController(Game((state,)), seats, bot_delay=0)
    controller.children = (controller.status, controller.map_view.widget, controller.claim)
    controller.begin()
    return controller


def fills(controller: TableController, route_id: str) -> set[str]:
    spaces = controller.map_view.geometry.route_spaces[route_id]
    return {controller.map_view.widget.data[ROUTES].marker.color[i] for i in spaces}


def test_a_route_clicked_on_the_board_opens_the_claim_and_a_payment_claims_it():
    t = table((PersonSeat(), WaitingSeat()))
    assert t.status.text.startswith("Ann's turn: draw cards, click a route to claim it")
    t.map_view.simulate_route_click("m-01", 1)  # Ayr–Bree, 2 red: its second space
    assert t.selected == "m-01" and t.map_view.marks.selected == "m-01"
    assert len(t.map_view.widget.data[SELECTION].x) == 2  # the ring round both spaces
    assert t.status.text == "Ayr – Bree · 2 red · 2 points: choose how to pay below."
    assert [b.description for b in t.claim.options.children] == [
        "Pay 2 red", "Pay 1 red + 1 locomotive"]
    t.claim.options.children[0].click()
    assert t.state.owner("m-01") == 0 and t.game.actions == (ClaimRoute("m-01", "red", 0),)
    assert fills(t, "m-01") == {DEFAULT_PLAYER_COLORS[0]}
    assert t.selected is None and t.map_view.marks.selected is None
    assert t.status.kind == "done" and t.status.text.startswith("Ann claims Ayr")
    assert t.status.text.endswith(t.prompt())  # Bob waits: the prompt is his seat's


def test_a_refusal_is_the_cores_sentence_in_the_status_line_and_nothing_changes():
    t = table((PersonSeat(), WaitingSeat()))
    told = []
    t.on_answer(lambda action, refusal: told.append((action, refusal)))
    before = t.game
    bad = ClaimRoute("m-03", "blue", 0)  # Ann holds no blue
    assert not t.play(bad)
    refusal = why_illegal(before.state, bad)
    assert (t.status.rule, t.status.text, t.status.kind) == (refusal.rule, refusal.reason,
                                                             "error")
    assert t.game is before and len(told) == 1 and told[0][0] == bad
    assert (told[0][1].rule, told[0][1].reason) == (refusal.rule, refusal.reason)
    assert t.play(DrawBlind()) and isinstance(t.state.pending, SecondCard)
    assert told[-1] == (DrawBlind(), None)


def test_the_seat_to_move_answers_who_may_act():
    t = table((LearnerSeat(), WaitingSeat()), current=1)
    t.map_view.simulate_route_click("m-03")
    assert t.status.rule == "turn.order" and not t.active
    assert t.claim.options.children == ()  # nothing offered for a seat that cannot act here
    assert not t.play(DrawBlind()) and t.game.actions == ()
    t.sit(1, LearnerSeat())  # the learner takes Bob's seat
    assert t.active and t.kinds == ("you", "you")
    assert t.play(DrawBlind()) and len(t.game.actions) == 1


def test_a_bot_seat_moves_by_itself_and_the_round_is_told():
    t = table((PersonSeat(), BotSeat("greedy")))
    t.map_view.simulate_route_click("m-01")
    t.claim.options.children[0].click()
    assert len(t.game.actions) >= 2 and t.state.current == 0  # Bob played his turn at once
    assert {before.current for before in t.game.states[1:-1]} == {1}
    assert t.status.text.startswith("Ann claims") and " Bob " in t.status.text
    assert t.status.text.endswith(t.prompt())


def test_the_board_shows_one_value_built_from_the_state():
    t = table((PersonSeat(), WaitingSeat()), claimed={"m-05": 1})
    assert t.map_view.marks == t.marks()
    assert dict(t.marks().owners) == {"m-05": 1}
    t.show_path(["m-01", "m-03"], "a path")
    assert t.map_view.marks.highlight == ("m-01", "m-03")
    assert t.map_view.marks.highlight_label == "a path"
    t.play(DrawBlind())
    assert t.map_view.marks.highlight == ()  # a move clears the path shown
    assert t.map_view.marks == t.marks()


class ArrivingSeat(Seat):
    """A seat whose moves arrive from elsewhere, as a remote seat's would from a table
    service: it moves by itself, with nothing to play until a move is delivered."""

    moves_itself = True
    kind = "remote"

    def __init__(self) -> None:
        self.inbox: list[Choice] = []

    def refusal(self, table: TableView) -> RulesError | None:
        name = table.state.player.name
        return RulesError("turn.order", f"It is {name}'s turn: wait for their move.")

    def choose(self, table: TableView) -> Choice | None:
        return self.inbox.pop(0) if self.inbox else None


def test_a_seat_whose_moves_arrive_later_is_asked_again_until_one_comes():
    async def run() -> tuple[TableController, list[int]]:
        seat = ArrivingSeat()
        t = TableController(Game((scenario(MINI, ["Ann", "Bob"], current=1),)),
                            (PersonSeat(), seat), bot_delay=0.002)
        t.begin()
        seen = [len(t.game.actions)]
        t.map_view.simulate_route_click("m-01")  # not this page's turn: refused
        assert t.status.text == "It is Bob's turn: wait for their move."
        await asyncio.sleep(0.02)  # asked every delay, nothing arrived: nothing played
        seen.append(len(t.game.actions))
        assert t.bot_task is not None
        seat.inbox.append(Choice(DrawBlind(), "draws"))
        seat.inbox.append(Choice(DrawBlind(), "draws"))
        while t.bot_task is not None:
            await asyncio.sleep(0.002)
        seen.append(len(t.game.actions))
        return t, seen

    t, seen = asyncio.run(run())
    assert seen == [0, 0, 2] and t.state.current == 0
    assert t.status.text.endswith(t.prompt()) and "Bob draws 2 cards" in t.status.text
