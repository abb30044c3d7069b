"""The play app's first minutes without a browser (issue 11): each turn told in one line from
the core's events, the card drawn blind named to its taker only, Undo / Redo / Cancel said, the
offered tickets' cities ringed, closed twins faded and explained, claimed routes as one bar in
the owner's colour, a key of the players' colours, and the Score tab's mid-game message.

(The browser tests in tests/browser/test_first_minutes.py measure the page itself.)"""

from __future__ import annotations

import re

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind, DrawFaceUp
from ttr_widgets.rules.engine import apply, why_illegal
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import CARD_NAMES
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import SecondCard, TicketChoice
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board import render
from ttr_widgets.widgets.board.render import MARKED, ROUTES, map_figure
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.narrate import (
    blind_card,
    game_moves,
    moves_story,
    navigation_story,
    own_move,
)

MINI = load_map("mini")
PROMPT = "Your turn: draw cards, click a route to claim it, click a city for a station, or " \
         "draw tickets."


def dealt_app(seed: int = 7) -> PlayApp:
    app = PlayApp("mini", seed=seed, bot_delay=0)
    while isinstance(app.state.pending, TicketChoice):
        app.ticket_choice.keep.click()
    assert app.state.current == 0 and app.state.pending is None
    return app


# --- one line per turn -------------------------------------------------------------------------

def test_a_blind_draw_names_the_card_to_its_taker_and_the_bots_turn_follows():
    app = dealt_app()
    before = app.state
    app.market.blind.click()
    card = blind_card(before, app.state, 0)
    assert card in CARD_NAMES
    drawn = "a locomotive" if card == "locomotive" else \
        f"{'an' if card == 'orange' else 'a'} {card} card"
    assert app.status.text == f"You draw {drawn} from the pile; one more card to draw."
    assert app.status.kind == "done"

    mark = app.game.cursor
    app.market.blind.click()  # the turn ends; the greedy bot plays its whole turn at once
    assert app.state.current == 0
    bots = game_moves(app.game, mark + 1, app.game.cursor)
    assert bots and all(before.current == 1 for before, _, _ in bots)
    story = moves_story(bots)
    assert story.startswith("Greedy bot ")
    assert app.status.text.startswith("You draw a") and f" {story} " in app.status.text
    assert app.status.text.endswith(PROMPT)


def test_a_bots_turn_of_draws_is_one_sentence_and_hides_the_blind_cards():
    state = dealt_app().state
    face_up = next(c for c in state.face_up_names() if c != "locomotive")
    first = apply(state, DrawFaceUp(face_up))
    assert isinstance(first.pending, SecondCard)
    second = apply(first, DrawBlind())
    story = moves_story(((state, DrawFaceUp(face_up), first), (first, DrawBlind(), second)))
    assert story == f"You draw 2 cards: the face-up {face_up} and one from the pile."
    # a player's own blind card is named only by own_move, which the app uses for the person
    assert blind_card(first, second, 0) is not None
    assert "from the pile" in own_move(first, DrawBlind(), second)


def test_two_cards_from_the_pile_are_told_once_not_one_from_the_pile_twice():
    state = dealt_app().state
    first = apply(state, DrawBlind())
    second = apply(first, DrawBlind())
    story = moves_story(((state, DrawBlind(), first), (first, DrawBlind(), second)))
    assert story == "You draw 2 cards from the pile."


def test_a_claim_is_told_in_the_engines_words():
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2}])
    after = apply(state, ClaimRoute("m-01", "red", 0))
    assert moves_story(((state, ClaimRoute("m-01", "red", 0), after),)) == after.last_event
    assert own_move(state, ClaimRoute("m-01", "red", 0), after) == after.last_event
    assert after.last_event.startswith("Ann claims Ayr")


def test_undo_redo_and_cancel_say_what_they_did():
    app = dealt_app()
    app.market.blind.click()
    app.market.blind.click()
    played = app.game
    app.undo()
    undone = played.cursor - app.game.cursor
    assert undone >= 2
    assert app.status.text.startswith(f"Undone: {undone} moves taken back, to Turn 1 · You "
                                      "(Redo plays them again).")
    app.redo()
    assert app.status.text.startswith(f"Redone: {undone} moves played again, to Turn 3 · You.")
    assert navigation_story(app.game, app.game) == "Nothing to redo: this is the latest move."

    app.market.blind.click()  # half a turn: a route click is refused (with its rule) ...
    app.click_route("m-01")
    assert app.status.kind == "error" and app.claim.layout.display is None
    app.claim.cancel.click()  # ... and Cancel clears that refusal
    assert app.status.kind == "info" and app.status.rule == ""
    assert app.status.text.startswith("Cancelled: nothing is selected. ")
    assert app.selected is None


def test_a_refusal_is_a_sentence_said_once_and_renewed_when_repeated():
    app = dealt_app()
    app.market.blind.click()
    count = app.status.count
    app.market.draw_tickets.click()  # one card drawn: tickets are refused
    refusal = app.status.text
    assert app.status.kind == "error" and "(rule" not in refusal
    assert app.status.rule in app.status.value  # behind its "why?" only
    app.market.draw_tickets.click()
    assert app.status.text == refusal and app.status.count == count + 2
    assert f'data-n="{count + 2}"' in app.status.value


def test_only_bots_tell_the_last_round_not_the_whole_game():
    app = PlayApp("mini", ("Ann", "Bob"), ("greedy", "random"), seed=4, bot_delay=0)
    assert app.state.is_over
    assert app.status.text.endswith(f"Game over. {app.score_sheet.reason}")
    assert "keeps" not in app.status.text and len(app.status.text) < 600


# --- the board ------------------------------------------------------------------------------------

def test_the_offered_tickets_cities_are_ringed_while_choosing():
    app = PlayApp("mini", seed=7, bot_delay=0)
    pending = app.state.pending
    assert isinstance(pending, TicketChoice)
    tickets = [MINI.ticket(t) for t in pending.tickets]
    cities = {c for t in tickets for c in (t.a, t.b)}
    ring = app.map_view.widget.data[MARKED]
    rung = {(x, y) for x, y in zip(ring.x, ring.y, strict=True)}
    assert rung == {app.map_view.geometry.cities[c] for c in cities}
    assert ring.showlegend and ring.name == "ticket cities"
    app.ticket_choice.keep.click()
    while isinstance(app.state.pending, TicketChoice):
        app.ticket_choice.keep.click()
    ring = app.map_view.widget.data[MARKED]
    assert not ring.x and not ring.showlegend


def test_a_closed_twin_is_faded_and_says_why_not_unclaimed():
    state = scenario(MINI, ["Ann", "Bob"], claimed={"m-03": 1})
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    routes = app.map_view.widget.data[ROUTES]
    why = why_illegal(state, ClaimRoute("m-04", MINI.route("m-04").color, 0))
    assert why is not None and why.rule == "claim.double-small"
    for i, route_id in enumerate(routes.customdata):
        if route_id == "m-04":
            assert routes.marker.opacity[i] == style.CLOSED_OPACITY
            assert "closed, not claimable" in routes.hovertext[i]
            assert "unclaimed" not in routes.hovertext[i]
        else:
            assert routes.marker.opacity[i] == 1.0


def test_claimed_routes_join_into_one_bar_and_the_legend_keys_each_player():
    figure = map_figure(MINI, owners={"m-01": 1}, player_colors=("#111111", "#d55e00"),
                        player_names=("Ann", "Greedy bot"))
    assert style.CLAIMED_SIZE > render._PITCH  # the squares overlap: one bar, not dots
    keys = [t for t in figure.data if t.legendrank and 3000 <= t.legendrank < 4000]
    assert len(keys) == render.PLAYER_KEYS
    shown = [(t.name, t.marker.color, t.marker.symbol) for t in keys if t.showlegend]
    assert shown == [("Ann", "#111111", style.CLAIMED_SYMBOL),  # each player's own shape
                     ("Greedy bot", "#d55e00", style.claimed_symbol(1))]
    assert "claimed" not in [t.name for t in figure.data]  # no anonymous "claimed" entry


def test_the_score_tab_says_what_it_will_show_and_the_route_points_so_far():
    state = scenario(MINI, ["Ann", "Bob"], claimed={"m-01": 0})
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    text = re.sub(r"<[^>]+>", "", app.scoring.running.value)
    assert "The final score shows here when the game ends" in text
    points = state.players[0].route_points
    assert points > 0 and f"Ann {points}" in text and "Bob 0" in text
    assert app.scoring.table.value == ""


def test_the_tickets_panel_says_none_yet_before_any_is_kept():
    app = PlayApp("mini", seed=7, bot_delay=0)
    assert isinstance(app.state.pending, TicketChoice)
    summary = re.sub(r"<[^>]+>", "", app.tickets.summary.value)
    assert summary == "Tickets: none yet: the tickets you keep show here"
    app.ticket_choice.keep.click()
    kept = len(app.state.players[0].tickets)
    summary = re.sub(r"<[^>]+>", "", app.tickets.summary.value)
    assert kept > 0 and summary.startswith(f"Tickets: 0 of {kept} completed")
