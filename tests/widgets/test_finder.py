"""The board by keyboard (``table.finder``): a city typed, its routes as buttons named in words,
a route chosen exactly as a board click chooses it, the claim paid; every answer of the status
line read out by the live region; the table's keys."""

from __future__ import annotations

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import SecondCard
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.table.access import Announcer, Shortcut
from ttr_widgets.widgets.table.finder import CLAIM_FOCUS, route_words

MINI = load_map("mini")


def mini_app(hands=(), **kw):
    """Ann (a person) against a greedy bot (Bob) on the mini map, Ann to move."""
    return PlayApp.from_game(Game((scenario(MINI, ["Ann", "Bob"], hands=hands, **kw),)),
                             ("human", "greedy"), bot_delay=0)


def names(app):
    return [b.description for b in app.finder.buttons.children]


def test_a_city_typed_lists_its_routes_in_words_and_the_city_itself():
    app = mini_app([{"red": 2}])
    app.finder.city.value = "bree"  # as people type it
    assert app.finder.found == "Bree"
    assert names(app) == ["Bree–Ayr, 2 red, open", "Bree–Cole, 2 blue, open",
                          "Bree–Cole, 2 gray, open", "Bree–Dale, 1 gray, open",
                          "Bree–Eton, 2 green tunnel, open", "Bree: station"]
    assert "Bree: 5 routes" in app.finder.note.value
    assert sorted(app.finder.city.options) == sorted(c.label for c in MINI.cities)


def test_a_partial_name_offers_the_cities_it_fits_and_an_unknown_one_says_so():
    app = mini_app()
    app.finder.city.value = "E"  # the one city it fits: its routes at once
    assert app.finder.found == "Eton" and names(app)[0] == "Eton–Bree, 2 green tunnel, open"
    app.finder.city.value = "Zz"
    assert app.finder.buttons.children == ()
    assert "No city of this map starts with “Zz”." in app.finder.note.value


def test_typing_on_keeps_the_buttons_shown_so_the_focus_stays_on_one():
    """A fast typist's last letters ("Bre", "Bree") come after the routes are listed: the list
    told again keeps the same buttons (a button with the focus keeps it), and a route whose
    words change (claimed) gets a button of its own."""
    app = mini_app([{"red": 2}])
    app.finder.city.value = "Bre"
    shown = app.finder.buttons.children
    app.finder.city.value = "Bree"
    assert app.finder.buttons.children == shown
    assert all(a is b for a, b in zip(app.finder.buttons.children, shown, strict=True))
    app.finder.buttons.children[0].click()  # Bree–Ayr: its claim panel; Ann pays 2 red
    app.claim.options.children[0].click()
    app.finder.city.value = "Bree"
    assert names(app)[0] == "Bree–Ayr, 2 red, claimed by Ann"
    assert app.finder.buttons.children[0] is not shown[0]
    assert app.finder.buttons.children[1] is shown[1]


def test_several_cities_fit_then_one_is_picked_by_its_button():
    board = load_map("usa")
    app = PlayApp.from_game(Game((scenario(board, ["Ann", "Bob"]),)), ("human", "greedy"),
                            bot_delay=0)
    app.finder.city.value = "san"
    assert names(app) == ["San Francisco", "Santa Fe"]
    assert "2 cities fit" in app.finder.note.value
    app.finder.buttons.children[1].click()
    assert app.finder.city.value == "Santa Fe" and app.finder.found == "Santa Fe"
    assert names(app)[0] == "Santa Fe–Denver, 2 gray, open"


def test_choosing_a_route_selects_it_as_a_board_click_does_and_the_claim_is_paid():
    app = mini_app([{"red": 2}])
    clicked = mini_app([{"red": 2}])
    clicked.click_route("m-01")  # the board's own click path
    app.finder.city.value = "Ayr"
    route = next(b for b in app.finder.buttons.children if b.description.startswith("Ayr–Bree"))
    route.click()
    assert app.selected == clicked.selected == "m-01"
    assert app.status.text == clicked.status.text
    assert app.finder.announcer.text == app.status.text  # read out
    assert app.finder.announcer.focus == CLAIM_FOCUS  # the focus goes to the claim
    pay = next(w for w in _walk(app.claim) if "ttr-claim-option" in w._dom_classes)
    pay.click()
    assert app.game.log()[0].action == ClaimRoute("m-01", "red", 0)
    assert app.state.owner("m-01") == 0
    assert app.finder.announcer.text.startswith("Ann claims Ayr–Bree (2 red)")
    app.finder.city.value = "Ayr"
    assert "Ayr–Bree, 2 red, claimed by Ann" in names(app)


def test_a_route_refused_is_said_and_read_out():
    app = mini_app([{"blue": 2}])
    app.finder.city.value = "Ayr"
    next(b for b in app.finder.buttons.children if b.description.startswith("Ayr–Bree")).click()
    assert app.status.kind == "error"
    assert app.finder.announcer.text == app.status.text and "red" in app.status.text


def test_a_closed_twin_is_told_closed():
    state = scenario(MINI, ["Ann", "Bob"], claimed={"m-03": 1})
    assert route_words(state, MINI.route("m-04"), "Bree") == "Bree–Cole, 2 gray, closed"
    assert route_words(state, MINI.route("m-03"), "Cole") == "Cole–Bree, 2 blue, claimed by Bob"


def test_the_keys_draw_blind_hint_and_undo_and_are_listed_on_the_page():
    app = mini_app([{"red": 2}])
    keys = app.finder.key_list.value
    for words in ("Alt+F</kbd> find a city", "Alt+B</kbd> draw blind", "Alt+H</kbd> hint",
                  "Alt+U</kbd> undo"):
        assert words in keys
    announcer = app.finder.announcer
    assert set(announcer.action_keys) == {"b", "h", "u"}
    assert announcer.focus_keys["f"] == ".ttr-finder-city input"
    announcer._message(announcer, {"key": "B"}, [])  # as the browser sends Alt+B
    assert app.game.log()[0].action == DrawBlind()
    assert isinstance(app.state.pending, SecondCard)
    assert announcer.text == app.status.text
    assert announcer.press("u")
    assert app.game.cursor == 0
    assert announcer.press("h") and app.status.kind == "hint"
    assert not announcer.press("q")


def test_a_shortcut_is_one_letter_and_either_acts_or_moves_the_focus():
    with pytest.raises(ValueError, match="one letter"):
        Shortcut("F1", "help", focus="x")
    with pytest.raises(ValueError, match="either runs an action or moves the focus"):
        Shortcut("a", "nothing")
    with pytest.raises(ValueError, match="given twice"):
        Announcer([Shortcut("a", "one", focus="x"), Shortcut("a", "two", focus="y")])


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)
