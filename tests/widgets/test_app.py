"""The play app, driven the way a person drives it: buttons clicked, routes and cities clicked
on the board (through the board widget's own click path), and the result read back from the
labels, the figure and the game state."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DeclineTunnel, DrawFaceUp, KeepTickets
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import legal_actions, why_illegal
from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import SecondCard, TicketChoice, TunnelPayment
from ttr_widgets.widgets.board.render import ROUTES
from ttr_widgets.widgets.pages.app import BOARD_HEIGHT, BOARD_WIDTH, END_REVEALED, PlayApp
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS, ROUTE_FILL

MINI = load_map("mini")
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "Play.ipynb"


def route_fills(app, route_id):
    """The fill of each train space of a route, as the board widget draws it now."""
    spaces = app.map_view.geometry.route_spaces[route_id]
    colors = app.map_view.widget.data[ROUTES].marker.color
    return {colors[i] for i in spaces}


def mini_app(hands=(), **kw):
    """A human (Ann) against a greedy bot (Bob) from a named position on the mini map."""
    app = PlayApp.from_game(Game((scenario(MINI, ["Ann", "Bob"], hands=hands, **kw),)),
                            ("human", "greedy"), bot_delay=0)
    return app


def keep_setup_tickets(app):
    while isinstance(app.state.pending, TicketChoice) and app.state.in_setup:
        assert app.ticket_choice.layout.display is None
        app.ticket_choice.keep.click()


# --------------------------------------------------------------------------- the table


def test_a_new_app_deals_and_asks_the_person_for_tickets():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=5, bot_delay=0)
    assert app.state.pending == TicketChoice(app.state.pending.tickets, 2, True)
    assert app.status.text == "Ann: choose the tickets to keep (at least 2)."
    assert [b.description.split(" — ")[0] for b in app.ticket_choice.boxes] == [
        f"{MINI.ticket(t).a} – {MINI.ticket(t).b} ({MINI.ticket(t).points})"
        for t in app.state.pending.tickets]
    assert "This game</b>: Mini · " in app.title.value and "seed 5" in app.title.value


def test_layout_fits_a_laptop_screen():
    """The app takes the width it is given; its row wraps (the side panel goes under the board
    on a narrow page) and the board, drawn at 900 × 560 px, is scaled in the browser to fit
    (``BoardFit``; the browser tests measure the page). No tab is a box of its own to scroll."""
    app = PlayApp("usa", seed=1, bot_delay=0)
    assert app.layout.width == "100%"
    row = app.children[-1]
    assert row.layout.flex_flow == "row wrap" and row.children == (app.board_box, app.side)
    assert (app.fit.width, app.fit.height) == (BOARD_WIDTH, BOARD_HEIGHT) == (
        app.map_view.geometry.width, app.map_view.geometry.height) == (900, 560)
    assert app.side.layout.width is None and app.board_box.layout.width is None
    assert all(page.layout.max_height is None and page.layout.overflow is None
               for page in app.tabs.children)
    assert ".ttr-app .ttr-row" in app.css.value and app.css.layout.display == "none"
    assert [app.tabs.get_title(i) for i in range(4)] == ["Play", "Log", "Score", "Game"]


def test_drawing_two_cards_with_the_market_buttons():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=7, bot_delay=0)
    keep_setup_tickets(app)
    assert app.state.current == 0 and app.state.pending is None
    before = app.state.players[0].card_count
    start = app.game.cursor
    row = app.state.face_up_names()
    slot = next(i for i, c in enumerate(row) if c not in (None, "locomotive"))
    app.market.cards[slot].click()
    assert isinstance(app.state.pending, SecondCard)
    assert app.status.text == f"Ann takes the face-up {row[slot]}; one more card to draw."
    app.market.blind.click()
    mine = app.game.log()[start:start + 2]
    assert [e.player for e in mine] == ["Ann", "Ann"]
    assert mine[0].action == DrawFaceUp(row[slot])
    assert app.game.states[start + 2].players[0].card_count == before + 2
    assert len(app.game.actions) > start + 2 and app.state.current == 0  # the bot played


def test_claiming_a_route_by_clicking_it_and_choosing_a_payment():
    app = mini_app([{"red": 2, "locomotive": 1}])
    assert route_fills(app, "m-01") == {ROUTE_FILL["red"]}
    app.click_route("m-01")  # Ayr–Bree, 2 red
    assert app.selected == "m-01"
    assert app.status.text.startswith("Ayr – Bree · 2 red · 2 points: choose how to pay")
    labels = [b.description for b in app.claim.options.children]
    assert labels == ["Pay 2 red", "Pay 1 red + 1 locomotive"]
    assert all("ttr-claim-option" in b._dom_classes for b in app.claim.options.children)
    app.claim.options.children[1].click()
    claimed = app.game.states[1]
    assert app.game.actions[0] == ClaimRoute("m-01", "red", 1)
    assert claimed.owner("m-01") == 0 and claimed.players[0].hand[8] == 0
    assert route_fills(app, "m-01") == {DEFAULT_PLAYER_COLORS[0]}
    assert app.selected is None


def test_an_illegal_click_shows_the_rule_and_changes_nothing():
    app = mini_app([{"red": 1}])
    before = app.game
    app.click_route("m-01")  # 2 red, one red card held
    refusal = why_illegal(app.state, ClaimRoute("m-01", "red", 0))
    assert app.status.rule == refusal.rule and refusal.rule in RULES
    assert app.status.text == refusal.reason  # said once, in the status line
    assert f"· rule {refusal.rule}</small>" in app.status.value  # behind its "why?"
    assert refusal.rule not in app.claim.notes.value and "says why" in app.claim.notes.value
    assert not app.claim.options.children
    assert app.game is before
    app.play(ClaimRoute("m-01", "red", 0))  # forced through anyway: refused by the core
    assert app.status.rule == refusal.rule and app.game is before
    app.click_route("m-07")  # a ferry: the locomotive rule, whatever the hand
    assert app.status.rule == "ferry.locomotives"
    app.market.draw_tickets.click()
    for box in app.ticket_choice.boxes:
        box.value = False
    app.ticket_choice.keep.click()
    assert app.status.rule == "tickets.keep"
    assert "Keep at least 1 of these" in app.status.text


def test_a_second_face_up_locomotive_is_refused_with_its_rule():
    app = mini_app(face_up=["red", "locomotive", "blue", "green", "black"])
    app.market.cards[0].click()
    state = app.state
    app.market.cards[1].click()
    assert app.status.rule == "draw.second-locomotive"
    assert app.state is state


def test_clicks_on_a_bots_turn_are_answered_with_turn_order():
    app = PlayApp.from_game(Game((scenario(MINI, ["Ann", "Bob"], current=1),)),
                            ("human", "greedy"), bot_delay=0, paused=True)
    assert app.paused and app.state.current == 1
    assert app.stepper.resume.layout.display is None
    app.click_route("m-01")
    assert app.status.rule == "turn.order"
    assert app.status.text.startswith("It is Bob's turn (greedy bot)")
    app.stepper.resume.click()
    assert app.state.current == 0 and len(app.game.actions) >= 1


def test_tunnel_flow_reveal_then_pay():
    app = mini_app([{"green": 3, "locomotive": 1}], pile_top=["green", "red", "locomotive"])
    app.click_route("m-06")  # Bree–Eton, 2 green tunnel
    assert "Tunnel: " in app.claim.notes.value
    offer = next(b for b in app.claim.options.children if b.description == "Pay 2 green")
    offer.click()
    pending = app.state.pending
    assert isinstance(pending, TunnelPayment) and pending.extra == 2
    assert app.tunnel.layout.display is None
    assert "2 extra cards" in app.tunnel.info.value
    assert app.status.text == ("The tunnel Bree–Eton (2 green) reveals green, red, "
                               "locomotive: 2 more cards to pay.")
    assert "ttr-pay-tunnel" in app.tunnel.pay_buttons[0]._dom_classes
    app.tunnel.pay_buttons[0].click()
    paid = app.game.states[2]
    assert paid.owner("m-06") == 0
    assert paid.players[0].hand[3] == 0 and paid.players[0].hand[8] == 0  # 3 green + 1 loco


def test_tunnel_flow_decline_keeps_the_cards():
    app = mini_app([{"green": 2}], pile_top=["green", "green", "red"])
    app.click_route("m-06")
    app.claim.options.children[0].click()
    assert isinstance(app.state.pending, TunnelPayment)
    app.tunnel.pay_buttons[0].click()  # cannot pay 2 more: the core says why
    assert app.status.rule == "tunnel.pay"
    app.tunnel.decline.click()
    declined = app.game.states[2]
    assert declined.owner("m-06") == -1 and declined.players[0].hand[3] == 2
    assert app.game.actions[1] == DeclineTunnel()


def test_ticket_choice_enforces_the_minimum_and_explains_it():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=3, bot_delay=0)
    offered = app.state.pending.tickets
    for box in app.ticket_choice.boxes:
        box.value = False
    app.ticket_choice.boxes[0].value = True
    state = app.state
    app.ticket_choice.keep.click()
    assert app.status.rule == "tickets.keep"
    assert app.status.text == f"Keep at least 2 of these {len(offered)} tickets."
    assert app.state is state
    app.ticket_choice.boxes[1].value = True
    app.ticket_choice.keep.click()
    assert app.game.actions[0] == KeepTickets(offered[:2])
    assert app.state.players[0].tickets == offered[:2]
    shown = [b.description for b in app.tickets.list.children]
    assert len(shown) == 2 and all(d.startswith(("✔", "…", "✘")) for d in shown)


def test_a_ticket_click_highlights_its_path_on_the_board():
    app = mini_app(claimed={"m-01": 0, "m-03": 0}, tickets=[["mini-t03"]])
    app.tickets.list.children[0].click()
    assert app.highlight[0] == ("m-01", "m-03")
    highlight = app.map_view.widget.data[0]
    assert len([x for x in highlight.x if x is None]) == 2  # two routes drawn


def test_undo_restores_the_board_and_the_hands_and_redo_brings_them_back():
    app = mini_app([{"red": 2}, {"blue": 3}])
    start = app.state
    app.click_route("m-01")
    app.claim.options.children[0].click()
    assert app.state.owner("m-01") == 0 and len(app.game.actions) >= 2  # the bot moved too
    after = app.state
    app.stepper.undo.click()
    assert app.state is start
    assert app.state.route_owners() == {} and app.state.players[0].hand == start.players[0].hand
    assert route_fills(app, "m-01") == {ROUTE_FILL["red"]}
    assert "step <b>0</b>" in app.stepper.position.value
    app.stepper.redo.click()
    assert app.state is after
    assert route_fills(app, "m-01") == {DEFAULT_PLAYER_COLORS[0]}
    app.stepper.step_back.click()
    assert app.game.cursor == len(app.game.actions) - 1 and app.paused
    app.jump(0)
    assert app.state is start


def test_playing_after_undo_drops_the_undone_moves():
    app = mini_app([{"red": 2, "blue": 2}])
    app.click_route("m-01")
    app.claim.options.children[0].click()
    app.undo()
    app.click_route("m-03")
    app.claim.options.children[0].click()
    assert app.game.actions[0] == ClaimRoute("m-03", "blue", 0)
    assert app.state.owner("m-01") == -1


def test_save_and_load_round_trip(tmp_path):
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=11, bot_delay=0)
    keep_setup_tickets(app)
    app.market.blind.click()
    app.market.blind.click()
    path = tmp_path / "game.json"
    app.save(path)
    data = json.loads(path.read_text())
    assert data["players"] == ["Ann", "Bob"] and data["seed"] == 11
    assert len(data["actions"]) == len(app.game.actions)
    other = PlayApp("usa", seed=1, bot_delay=0)
    other.load(path)
    assert other.board is not app.board or other.board.name == "mini"
    assert other.state == app.state and other.game.actions == app.game.actions
    assert other.map_view.board.name == "mini"
    assert other.status.text.startswith("Loaded a Mini game of ")
    other.replay()
    assert other.game.cursor == 0
    other.redo()
    assert other.game.cursor > 0
    with pytest.raises(PositionError):
        other.load(tmp_path / "missing.json")
    assert other.status.kind == "error" and "cannot read" in other.status.text


def test_a_position_set_up_by_hand_cannot_be_saved(tmp_path):
    app = mini_app()
    with pytest.raises(PositionError, match="set up by hand"):
        app.save(tmp_path / "x.json")
    assert "set up by hand" in app.records.download.value and "href" not in \
        app.records.download.value
    dealt = PlayApp("mini", seed=1, bot_delay=0)
    assert "ttr-download-link" in dealt.records.download.value


# --------------------------------------------------------------------------- seats


def test_hotseat_hides_each_hand_until_its_owner_shows_it():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "human"), seed=2, bot_delay=0)
    assert app.viewer is None
    assert app.hand.show_button.description == "Show Ann's hand"
    assert app.ticket_choice.layout.display == "none"
    assert "red ×" not in app.hand.cards.value
    app.hand.show_button.click()
    assert app.viewer == 0 and app.ticket_choice.layout.display is None
    app.ticket_choice.keep.click()
    assert app.state.current == 1 and app.viewer is None  # hidden again for Bob
    assert app.hand.show_button.description == "Show Bob's hand"
    assert "Show Bob's hand" in app.status.text
    app.click_route("m-01")
    assert app.status.kind == "error"  # a click is still answered
    app.hand.show_button.click()
    assert app.viewer == 1 and "Bob" in app.hand.cards.value


def test_only_bots_play_a_whole_game_at_once_with_no_delay():
    app = PlayApp("mini", ("Ann", "Bob"), ("greedy", "random"), seed=4, bot_delay=0)
    assert app.state.is_over
    assert app.viewer == app.state.current  # nobody to hide from
    assert app.tabs.selected_index == 2 and "ttr-score-table" in app.scoring.table._dom_classes


def test_bots_play_one_by_one_on_the_event_loop():
    async def watch():
        app = PlayApp("mini", ("Ann", "Bob"), ("greedy", "greedy"), seed=6, bot_delay=0.001)
        assert app.bot_task is not None and len(app.game.actions) == 0
        seen = set()
        while app.bot_task is not None:
            seen.add(len(app.game.actions))
            await asyncio.sleep(0.0005)
        return app, seen

    app, seen = asyncio.run(watch())
    assert app.state.is_over
    assert len(seen) > len(app.game.actions) // 2  # the moves came one at a time
    # the last round told (not the whole game), then the end: its winner comes with the
    # Score tab's final table, once its reveal has shown the score
    assert app.status.text.endswith(END_REVEALED)
    assert app.score_sheet.reason not in app.status.text
    assert app.game.state.last_event in app.status.text
    assert "keeps" not in app.status.text  # the setup is long gone


def test_undo_stops_the_bots_and_waits():
    async def run():
        app = PlayApp("mini", ("Ann", "Bob"), ("greedy", "greedy"), seed=6, bot_delay=0.001)
        while len(app.game.actions) < 4:
            await asyncio.sleep(0.0005)
        app.undo()
        moves = len(app.game.actions)
        await asyncio.sleep(0.02)
        return app, moves

    app, moves = asyncio.run(run())
    assert app.bot_task is None and app.paused
    assert len(app.game.actions) == moves and app.game.cursor < moves


def test_hint_says_what_and_why():
    app = mini_app([{"red": 2}], tickets=[["mini-t07"]])  # Ayr–Bree: claim the red route
    app.hint_button.click()
    assert app.status.kind == "hint"
    assert app.status.text.startswith("Hint for Ann: claim Ayr–Bree (2 red) with 2 red. Why:")
    assert app.selected == "m-01"


def test_near_the_end_the_hint_tells_the_clock_and_weighs_a_claim_now():
    app = mini_app([{"red": 2, "blue": 3}, {"green": 4}], tickets=[["mini-t07"], []],
                   trains=[3, 2])
    app.hint_button.click()
    assert app.status.kind == "hint" and app.status.text.startswith("Hint for Ann: ")
    assert "Clock: Bob has 2 trains" in app.status.text
    assert "Claim now rather than wait: " in app.status.text
    assert "playout" not in app.status.text


def test_new_game_from_the_start_panel():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=1, bot_delay=0)
    old_view, old_figure = app.map_view, app.map_view.widget
    app.start.map.value = "europe"
    app.start.count.value = 3
    app.start.kinds[2].value = "random"
    app.start.seed.value = "8"
    app.start.start.click()
    assert app.board.name == "europe" and len(app.state.players) == 3
    assert app.kinds == ("human", "greedy", "random") and app.game.initial.seed == 8
    # the same figure redrawn for the new map: one FigureWidget per page
    assert app.map_view is old_view and app.map_view.widget is old_figure
    assert app.board_box.children == (old_figure,) and app.map_view.board.name == "europe"
    assert set(old_figure.data[ROUTES].customdata) == {r.id for r in app.board.routes}
    app.start.count.value = 2
    app.start.seed.value = "x"
    app.start.start.click()
    assert app.status.kind == "error" and "seed" in app.status.text
    app.start.map.value = "usa"
    app.start.seed.value = "1"
    app.start.names[1].value = app.start.names[0].value
    app.start.start.click()
    assert app.status.rule == "setup.players"


def test_new_seats_keep_their_names_unless_given_for_a_bot():
    app = PlayApp("mini", ("You", "Greedy bot"), ("human", "greedy"), seed=1, bot_delay=0)
    app.new_game(kinds=("human", "strong"))
    assert [p.name for p in app.state.players] == ["You", "Strong bot"]
    app.new_game(players=("You", "Greedy bot"), kinds=("human", "strong"))
    assert [p.name for p in app.state.players] == ["You", "Greedy bot"]  # as asked
    assert [p.name for p in PlayApp("mini", kinds=("human", "strong"), seed=1, bot_delay=0)
            .state.players] == ["You", "Strong bot"]


def test_city_click_opens_the_station_flow():
    app = mini_app([{"red": 1}])
    app.click_city("Cole")
    assert app.selected_city == "Cole"
    assert app.status.text == "Station in Cole: choose how to pay below."
    app.claim.options.children[0].click()
    assert app.game.states[1].station_owners() == {"Cole": 0}
    usa = PlayApp("usa", seed=1, bot_delay=0)
    keep_setup_tickets(usa)
    usa.click_city("Denver")
    assert usa.status.rule == "station.map"


# --------------------------------------------------------------------------- a whole game


def play_a_human_turn(app):
    """The person's side of a turn, through the table's widgets only: the first claim the
    rules allow (clicked on the board), else a card draw."""
    state = app.state
    if app.ticket_choice.layout.display is None:
        app.ticket_choice.keep.click()
    elif app.tunnel.layout.display is None:
        (app.tunnel.pay_buttons[0] if app.tunnel.payments else app.tunnel.decline).click()
    elif state.pending is None and any(isinstance(a, ClaimRoute) for a in
                                       legal_actions(state)):
        route = next(a.route for a in legal_actions(state) if isinstance(a, ClaimRoute))
        app.click_route(route)
        app.claim.options.children[0].click()
    elif app.market.pass_button.layout.display is None:
        app.market.pass_button.click()
    elif state.deck or state.discard:
        app.market.blind.click()
    elif state.pending is None and state.tickets and not any(
            b for b in app.market.cards if not b.disabled):
        app.market.draw_tickets.click()
    else:
        next(b for b in app.market.cards if not b.disabled and "locomotive" not in
             b.description).click()


@pytest.mark.parametrize("map_name", ["mini", "usa", "europe"])
def test_a_whole_game_against_the_greedy_bot_through_the_table(map_name):
    app = PlayApp(map_name, ("Ann", "Greedy"), ("human", "greedy"), seed=21, bot_delay=0)
    for _ in range(600):
        if app.state.is_over:
            break
        before = app.game.cursor
        play_a_human_turn(app)
        assert app.game.cursor > before, app.status.text
    assert app.state.is_over
    sheet = app.score_sheet
    assert sheet is not None and app.scoring.sheet is sheet
    assert app.tabs.selected_index == 2
    table = app.scoring.table.value
    for player in sheet.players:
        assert player.name in table and str(player.total) in table
    assert sheet.reason in app.scoring.winner.value
    assert app.status.text.endswith(f"Game over. {sheet.reason}")
    trail = {r for p in sheet.players if p.longest_bonus for r in p.longest_trail_routes}
    assert set(app.highlight[0]) == trail
    app.click_route(app.board.routes[0].id)
    assert app.status.rule == "turn.game-over"


# --------------------------------------------------------------------------- the notebook


def test_play_notebook_is_thin_and_stored_without_outputs():
    nb = json.loads(NOTEBOOK.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1
    assert "".join(code[0]["source"]).strip() == \
        "from ttr_widgets.widgets.pages.app import PlayApp\nPlayApp()"
    assert all(c.get("outputs") == [] and c.get("execution_count") is None for c in code)
    assert nb["cells"][0]["cell_type"] == "markdown"
