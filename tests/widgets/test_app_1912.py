"""The play app with the Europa 1912 options: ticket variants from the start panel, and
Warehouses & Depots at the table — Depots placed by clicking cities, Warehouses fed from the row
above the market, collected after a claim, shown on the board, in the players table and in the
score. Driven the way a person drives it: buttons clicked, cities and routes clicked through the
board widget's own click path."""

from __future__ import annotations

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    ClaimRoute,
    CollectWarehouses,
    DrawBlind,
    DrawFaceUp,
    FeedWarehouse,
    KeepTickets,
    PlaceDepot,
)
from ttr_widgets.rules.advice import (
    CollectOffer,
    allowed_by,
    collect_offers,
    depot_refusal,
    describe_action,
    feed_choices,
    long_tickets_offered,
    warehouse_sizes,
)
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import apply, legal_actions, why_illegal
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import (
    CollectChoice,
    DepotPlacement,
    FirstCard,
    Options,
    SecondCard,
    TicketChoice,
)
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.widgets.board.render import STATIONS
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.style import DEPOT_SYMBOL, STATION_SYMBOL
from ttr_widgets.widgets.table.claim import ClaimPanel
from ttr_widgets.widgets.table.depots import CollectPanel, FeedRow
from ttr_widgets.widgets.table.players import PlayersTable, StartPanel
from ttr_widgets.widgets.table.scoring_view import score_table_html

MINI = load_map("mini")
EUROPE = load_map("europe")
WD = Options(warehouses=True)


def wd_position(**kw):
    """Ann (to move) and Bob on the mini map, with Warehouses & Depots."""
    return scenario(MINI, ["Ann", "Bob"], options=WD, **kw)


def wd_app(**kw):
    """A person (Ann) against a greedy bot (Bob) from a named Warehouses & Depots position."""
    return PlayApp.from_game(Game((wd_position(**kw),)), ("human", "greedy"), bot_delay=0)


class Recorder:
    def __init__(self):
        self.calls = []

    def __call__(self, action):
        self.calls.append(action)


# --------------------------------------------------------------------------- the start panel


def test_start_panel_offers_europes_variants_and_warehouses_on_any_map():
    panel = StartPanel(lambda: None, maps=("mini", "europe", "usa"))
    assert panel.map.value == "mini"
    assert panel.variant.layout.display == "none"  # the mini map has no ticket variant
    assert "ttr-variant" in panel.variant._dom_classes
    assert "ttr-warehouses" in panel.warehouses._dom_classes
    panel.warehouses.value = True
    setup = panel.setup()
    assert setup.options == Options(warehouses=True) and setup.variant is None
    panel.map.value = "europe"
    assert panel.variant.layout.display is None
    assert list(panel.variant.options) == [
        ("base game", "base"), *((VARIANTS[n].title, n) for n in
                                 ("europe-expanded", "big-cities", "mega-europe"))]
    panel.variant.value = "big-cities"
    assert panel.setup().options == Options(variant="big-cities", warehouses=True)
    panel.map.value = "mini"  # back to a map without variants: the choice goes
    assert panel.variant.layout.display == "none"
    assert panel.setup().options == Options(warehouses=True)


def test_a_mega_europe_game_from_the_start_panel_deals_two_long_and_refuses_keeping_both():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=1, bot_delay=0)
    app.start.map.value = "europe"
    app.start.variant.value = "mega-europe"
    app.start.seed.value = "4"
    app.start.start.click()
    state = app.state
    assert state.options == Options(variant="mega-europe")
    assert "Mega Europe tickets" in app.title.value
    pending = state.pending
    assert isinstance(pending, TicketChoice) and pending.max_long == 1 and pending.keep == 3
    kinds = [EUROPE.ticket(t).kind for t in pending.tickets]
    longs = [t for t, k in zip(pending.tickets, kinds, strict=True) if "long" in k]
    assert len(longs) == 2 and len(pending.tickets) == 7
    assert long_tickets_offered(state) == tuple(longs)
    assert app.status.text == \
        "Ann: choose the tickets to keep (at least 3, at most 1 of them long)."
    note = app.ticket_rule.value
    assert app.ticket_rule.layout.display is None and 'data-rule="tickets.one-long"' in note
    assert RULES["tickets.one-long"] in note
    for t in longs:
        ticket = EUROPE.ticket(t)
        assert f"({ticket.points})" in note
    boxes = app.ticket_choice.boxes
    assert [boxes[pending.tickets.index(t)].value for t in longs].count(True) == 1
    for t in longs:  # it starts at a keep the rules allow: the learner ticks the other too
        boxes[pending.tickets.index(t)].value = True
    app.ticket_choice.keep.click()
    assert app.status.rule == "tickets.one-long"
    assert app.status.text == "Keep at most 1 long ticket."
    assert app.status.rule == "tickets.one-long" and "tickets.one-long" in app.status.value
    assert app.state is state
    app.ticket_choice.boxes[pending.tickets.index(longs[1])].value = False
    app.ticket_choice.keep.click()
    kept = tuple(t for t in pending.tickets if t != longs[1])
    assert app.game.actions[0] == KeepTickets(kept)
    assert app.state.players[0].tickets == kept
    assert app.ticket_rule.layout.display == "none"
    app.start.start.click()  # the next game keeps the variant the panel shows
    assert app.state.options.variant == "mega-europe"


def test_new_game_keeps_the_options_and_drops_a_variant_the_new_map_lacks():
    app = PlayApp("europe", ("Ann", "Bob"), ("human", "greedy"), seed=2, bot_delay=0,
                  options=Options(variant="europe-expanded", warehouses=True))
    assert app.start.variant.value == "europe-expanded" and app.start.warehouses.value
    assert "Europe Expanded tickets · Warehouses &amp; Depots" in app.title.value
    app.new_game(seed=3)
    assert app.state.options == Options(variant="europe-expanded", warehouses=True)
    app.new_game("usa", seed=3)
    assert app.state.options == WD


# --------------------------------------------------------------------------- setup: Depots


def test_depots_are_placed_at_setup_by_clicking_cities_last_player_first():
    app = PlayApp("mini", ("Ann", "Bob", "Cy"), ("human",) * 3, seed=3, bot_delay=0,
                  options=WD)
    for _ in range(3):
        app.hand.show_button.click()
        app.ticket_choice.keep.click()
    assert isinstance(app.state.pending, DepotPlacement) and app.state.current == 2
    assert app.status.text.endswith("Cy: place a Depot — click an empty city on the board "
                                    "(the last player places first, then on counter-clockwise).")
    app.click_city("Ayr")
    assert app.state.depots == (("Ayr", 2),) and app.state.current == 1
    assert app.status.text.startswith("Cy places a Depot in Ayr. Bob: place a Depot")
    before = app.game
    app.click_city("Ayr")  # taken: refused with its rule, nothing changes
    assert app.status.rule == "wd.one-piece" and app.game is before
    assert app.status.text == why_illegal(app.state, PlaceDepot('Ayr')).reason
    assert app.status.rule == "wd.one-piece"
    app.click_city("Bree")
    app.click_city("Cole")
    state = app.state
    assert state.depots == (("Ayr", 2), ("Bree", 1), ("Cole", 0))
    assert state.pending is None and state.current == 0 and state.depots_left == (4, 4, 4)
    assert [a for a in app.game.actions[3:]] == [PlaceDepot("Ayr"), PlaceDepot("Bree"),
                                                 PlaceDepot("Cole")]


def test_a_bot_places_its_depot_first_then_the_person_is_asked():
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=5, bot_delay=0, options=WD)
    app.ticket_choice.keep.click()
    state = app.state
    assert isinstance(state.pending, DepotPlacement) and state.current == 0
    assert [city for city, owner in state.depots] and state.depots[0][1] == 1  # Bob's, first
    assert "Ann: place a Depot" in app.status.text
    free = next(c.name for c in MINI.cities if state.piece_at(c.name) is None)
    app.click_city(free)
    assert app.state.depot_owners()[free] == 0 and not app.state.in_setup


# --------------------------------------------------------------------------- feeding


def test_drawing_starts_with_feeding_a_warehouse_from_the_row_above_the_market():
    app = wd_app(warehouses=[{}, {"red": 2}], depots={"Bree": 1})
    assert app.feed.layout.display is None
    assert [b.description for b in app.feed.buttons] == ["Ann (0)", "Bob (2)"]
    assert all("ttr-feed" in b._dom_classes for b in app.feed.buttons)
    assert "Feed the top card into:" in app.feed.label.value
    assert feed_choices(app.state) == (FeedWarehouse(0), FeedWarehouse(1))
    state = app.state
    app.market.blind.click()  # not yet: the rules want a feed first
    assert app.status.rule == "wd.feed" and app.game is not None and app.state is state
    assert app.status.text == why_illegal(state, DrawBlind()).reason
    assert app.status.rule == "wd.feed"
    top = state.deck[-1]
    app.feed.buttons[1].click()
    fed = app.state
    assert isinstance(fed.pending, FirstCard) and app.game.actions == (FeedWarehouse(1),)
    assert warehouse_sizes(fed) == (0, 3) and fed.warehouses[1][top] == state.warehouses[1][top] + 1
    assert app.status.text == "Ann feeds Bob's Warehouse. Ann: now take your cards (blind or " \
                              "face up)."
    assert app.feed.buttons == [] and "now take your cards" in app.feed.label.value
    slot = next(i for i, c in enumerate(fed.face_up_names()) if c not in (None, "locomotive"))
    app.market.cards[slot].click()
    assert isinstance(app.state.pending, SecondCard)
    app.market.blind.click()
    assert app.game.states[3].players[0].card_count == 2
    assert app.game.states[3].current == 1  # Ann's turn is over; the bot played on
    assert len(app.game.actions) > 3


def test_no_feed_row_when_the_pile_and_discards_are_empty_or_it_is_not_your_turn():
    colours = ("red", "orange", "yellow", "green", "blue", "pink", "white", "black")
    everything = {c: 4 for c in colours} | {"locomotive": 1}  # the row holds the rest
    app = wd_app(hands=[everything], face_up=["locomotive"] * 5)
    assert not (app.state.deck or app.state.discard)
    assert feed_choices(app.state) == () and app.feed.layout.display == "none"
    app.market.cards[0].click()  # no card to feed: the draw starts at once
    assert app.game.actions[0] == DrawFaceUp("locomotive")
    row = FeedRow(Recorder())
    row.state, row.active = wd_position(), False
    assert row.layout.display == "none"
    row.active = True
    assert row.layout.display is None
    row.buttons[0].click()
    assert row._on_action.calls == [FeedWarehouse(0)]


# --------------------------------------------------------------------------- free Depots


def test_a_city_click_offers_a_free_depot_and_the_turn_goes_on():
    app = wd_app(hands=[{"red": 1}], stations={"Dale": 1})
    app.click_city("Cole")
    assert app.status.text == "Cole: build a station (choose how to pay below) or place a " \
                              "Depot (a free action)."
    assert app.claim.place_depot in app.claim.children
    assert "ttr-place-depot" in app.claim.place_depot._dom_classes
    assert any("ttr-station-option" in b._dom_classes for b in app.claim.options.children)
    app.claim.place_depot.click()
    state = app.state
    assert state.depot_owners() == {"Cole": 0} and state.depots_left == (4, 5)
    assert state.current == 0 and state.pending is None and len(app.game.actions) == 1
    assert app.status.text.startswith("Ann places a Depot in Cole. Ann's turn: feed a "
                                      "Warehouse and draw cards")
    app.click_city("Cole")  # now it holds Ann's Depot: no station, no second Depot
    assert app.status.rule == "wd.one-piece"
    assert app.claim.place_depot not in app.claim.children
    assert "Depot: " in app.claim.notes.value
    assert 'data-rule="wd.one-piece"' in app.claim.notes.value  # behind its "why?"
    app.click_city("Dale")  # Bob's station
    assert app.status.rule == "station.one-per-city"
    assert "Depot: Dale already holds a station" in app.claim.notes.value


def test_the_depot_option_follows_the_rules_mid_turn_and_without_depots():
    state = apply(wd_position(), FeedWarehouse(0))
    assert depot_refusal(state, "Ayr").rule == "draw.two-cards"
    panel = ClaimPanel(Recorder(), lambda: None)
    panel.state, panel.active, panel.city = state, True, "Ayr"
    assert panel.depot is None and 'data-rule="draw.two-cards"' in panel.notes.value
    spent = wd_position(depots={c.name: 0 for c in MINI.cities[:5]})
    assert depot_refusal(spent, "Fife").rule == "wd.place"
    panel.state = spent
    panel.city = "Fife"
    assert panel.depot is None and 'data-rule="wd.place"' in panel.notes.value
    panel.state = wd_position()
    assert panel.depot == PlaceDepot("Fife")
    panel.place_depot.click()
    assert panel._on_action.calls == [PlaceDepot("Fife")]


def test_depots_on_a_map_without_stations():
    app = PlayApp("usa", ("Ann", "Bob"), ("human", "greedy"), seed=2, bot_delay=0, options=WD)
    app.ticket_choice.keep.click()
    while app.state.in_setup:
        free = next(c.name for c in app.board.cities if app.state.piece_at(c.name) is None)
        app.click_city(free)
    city = next(c.name for c in app.board.cities if app.state.piece_at(c.name) is None)
    app.click_city(city)
    assert app.status.text.endswith("place a Depot here, below (a free action: your turn "
                                    "goes on).")
    assert "Depot in" in app.claim.title.value and "Station" not in app.claim.title.value
    app.claim.place_depot.click()
    assert app.state.depot_owners()[city] == 0


# --------------------------------------------------------------------------- collecting


def test_a_claim_into_a_depot_city_opens_the_collect_panel_and_moves_the_cards():
    app = wd_app(hands=[{"red": 2}], warehouses=[{}, {"blue": 2, "locomotive": 1}],
                 depots={"Bree": 1})
    assert app.collect.layout.display == "none"
    app.click_route("m-01")  # Ayr–Bree, 2 red, into Bob's Depot
    app.claim.options.children[0].click()
    state = app.state
    assert isinstance(state.pending, CollectChoice) and state.pending.cities == ("Bree",)
    assert collect_offers(state) == (CollectOffer("Bree", 1, 3),)
    assert app.collect.layout.display is None
    assert [b.description for b in app.collect.boxes] == [
        "Bree: Bob's Warehouse, 3 cards — costs 1 Depot"]
    assert all("ttr-collect" in b._dom_classes and b.value for b in app.collect.boxes)
    assert "ttr-collect-confirm" in app.collect.confirm._dom_classes
    assert app.status.text.startswith("Ann claims Ayr–Bree (2 red) for 2 points. It reaches "
                                      "a Depot at Bree")
    app.click_route("m-03")  # anything else first is refused with the rule
    app.market.blind.click()
    assert app.status.rule == "turn.pending"
    app.collect.confirm.click()
    after = app.game.states[2]
    assert app.game.actions[1] == CollectWarehouses(("Bree",))
    assert after.players[0].cards == {"blue": 2, "locomotive": 1}
    assert warehouse_sizes(after) == (0, 0) and after.depots_left == (4, 4)
    assert app.collect.layout.display == "none"


def test_collect_nothing_and_two_depot_cities():
    state = wd_position(hands=[{"red": 1}], warehouses=[{"red": 1}, {"green": 2}],
                        depots={"Bree": 1, "Dale": 0})
    state = apply(state, ClaimRoute("m-05", "red"))  # Bree–Dale, 1 gray: two Depots
    assert collect_offers(state) == (CollectOffer("Bree", 1, 2), CollectOffer("Dale", 0, 1))
    panel = CollectPanel(Recorder())
    panel.state, panel.active = state, True
    assert [b.description.split(":")[1] for b in panel.boxes] == [
        " Bob's Warehouse, 2 cards — costs 1 Depot",
        " your own Warehouse, 1 card — costs 1 Depot"]
    panel.boxes[0].value = False
    panel.confirm.click()
    panel.nothing.click()
    assert panel._on_action.calls == [CollectWarehouses(("Dale",)), CollectWarehouses(())]
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.collect.nothing.click()
    assert app.game.states[1].players[0].hand == state.players[0].hand
    assert app.game.states[1].depots_left == state.depots_left


def test_a_player_with_one_depot_left_gets_one_box_ticked():
    state = wd_position(hands=[{"red": 1}], warehouses=[{"red": 1}, {"green": 2}],
                        depots={"Bree": 1, "Dale": 0, "Ayr": 0, "Cole": 0, "Eton": 0})
    state = apply(state, ClaimRoute("m-05", "red"))
    assert state.depots_left[0] == 1
    panel = CollectPanel(Recorder())
    panel.state, panel.active = state, True
    assert [b.value for b in panel.boxes] == [True, False]
    panel.boxes[1].value = True
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    for box in app.collect.boxes:
        box.value = True
    app.collect.confirm.click()
    assert app.status.rule == "wd.collect" and app.state is state


# --------------------------------------------------------------------------- what is shown


def test_board_players_table_and_hint_show_depots_and_warehouse_sizes():
    app = wd_app(warehouses=[{"red": 1}, {"green": 2, "blue": 1}], depots={"Bree": 1, "Ayr": 0},
                 stations={"Dale": 1})
    trace = app.map_view.widget.data[STATIONS]
    marks = dict(zip(trace.customdata, trace.marker.symbol, strict=True))
    assert marks == {"Ayr": DEPOT_SYMBOL, "Bree": DEPOT_SYMBOL, "Dale": STATION_SYMBOL}
    hover = dict(zip(trace.customdata, trace.hovertext, strict=True))
    assert "Bob's Warehouse: 3 cards" in hover["Bree"]
    assert "Ann's Warehouse: 1 card" in hover["Ayr"]
    rows = app.players_table.value.split('<tr class="ttr-player-row"')
    assert ">warehouse</th>" in rows[0] and ">depots</th>" in rows[0]
    assert rows[1].endswith("<td>1</td><td>4</td></tr>")  # Ann: 1 card stored, 4 Depots left
    assert rows[2].split("</table>")[0].endswith("<td>3</td><td>4</td></tr>")
    app.click_route("m-01")  # clicks elsewhere do not clear the Depots off the board
    assert len(app.map_view.widget.data[STATIONS].customdata) == 3
    plain = PlayersTable()
    plain.state = scenario(MINI, ["Ann", "Bob"])
    assert "warehouse" not in plain.value  # without the option: the table as it was
    app.hint_button.click()
    assert app.status.kind == "hint" and app.status.text.startswith("Hint for Ann: ")
    assert "pass." not in app.status.text


def test_warehouse_actions_in_words_and_the_rules_that_allow_them():
    state = wd_position(warehouses=[{}, {"red": 2}])
    assert describe_action(state, FeedWarehouse(1)) == \
        "feed Bob's Warehouse (2 cards) with the pile's top card, then draw"
    assert describe_action(state, FeedWarehouse(0)).startswith("feed your own")
    assert describe_action(state, PlaceDepot("Ayr")) == "place a Depot in Ayr"
    assert describe_action(state, CollectWarehouses(())) == "collect no Warehouse"
    assert describe_action(state, DrawBlind()) == "draw a card from the pile"
    assert allowed_by(state, FeedWarehouse(1)) == ("wd.feed",)
    assert allowed_by(state, PlaceDepot("Ayr")) == ("wd.place", "wd.one-piece")
    assert allowed_by(state, DrawBlind()) == ()  # refused: a feed comes first
    assert all(rule in RULES for rule in ("wd.feed", "wd.place", "wd.one-piece", "wd.setup"))


def test_a_saved_warehouses_game_loads_with_its_options(tmp_path):
    app = PlayApp("mini", ("Ann", "Bob"), ("human", "greedy"), seed=9, bot_delay=0, options=WD)
    app.ticket_choice.keep.click()
    app.click_city(next(c.name for c in MINI.cities if app.state.piece_at(c.name) is None))
    app.feed.buttons[0].click()
    path = tmp_path / "wd.json"
    app.save(path)
    other = PlayApp("usa", seed=1, bot_delay=0)
    other.load(path)
    assert other.state == app.state and other.state.options == WD
    assert other.start.warehouses.value and "Warehouses &amp; Depots" in other.title.value


# --------------------------------------------------------------------------- a whole game


def play_a_human_turn(app):
    """The person's side of a Warehouses & Depots turn, through the table's widgets only."""
    state = app.state
    empty = [c.name for c in app.board.cities if state.piece_at(c.name) is None]
    if app.ticket_choice.layout.display is None:
        app.ticket_choice.keep.click()
    elif isinstance(state.pending, DepotPlacement):
        app.click_city(empty[len(empty) // 2])
    elif app.collect.layout.display is None:
        app.collect.confirm.click()
    elif app.tunnel.layout.display is None:
        (app.tunnel.pay_buttons[0] if app.tunnel.payments else app.tunnel.decline).click()
    elif state.pending is None and state.depots_left[0] > 3 and empty and state.turn > 6:
        app.click_city(empty[0])  # one free Depot, mid-game
        app.claim.place_depot.click()
    elif state.pending is None and any(isinstance(a, ClaimRoute) for a in legal_actions(state)):
        route = next(a.route for a in legal_actions(state) if isinstance(a, ClaimRoute))
        app.click_route(route)
        app.claim.options.children[0].click()
    elif app.market.pass_button.layout.display is None:
        app.market.pass_button.click()
    elif app.feed.buttons:
        app.feed.buttons[state.turn % 2].click()  # own Warehouse or the bot's, in turn
    elif state.deck or state.discard:
        app.market.blind.click()
    elif state.pending is None and state.tickets and not any(
            not b.disabled for b in app.market.cards):
        app.market.draw_tickets.click()
    else:
        second = isinstance(state.pending, SecondCard)
        next(b for b in app.market.cards if not b.disabled and not
             (second and "locomotive" in b.description)).click()


@pytest.mark.parametrize("map_name", ["mini", "europe"])
def test_a_whole_warehouses_game_against_the_greedy_bot_through_the_table(map_name):
    app = PlayApp(map_name, ("Ann", "Greedy"), ("human", "greedy"), seed=21, bot_delay=0,
                  options=WD)
    for _ in range(800):
        if app.state.is_over:
            break
        before = app.game.cursor
        play_a_human_turn(app)
        assert app.game.cursor > before, app.status.text
    state = app.state
    assert state.is_over
    kinds = {type(a).__name__ for a in app.game.actions}
    assert {"FeedWarehouse", "PlaceDepot", "CollectWarehouses", "DrawBlind"} <= kinds
    assert state.cards_in_play() == sum(MINI.deck if map_name == "mini" else EUROPE.deck)
    sheet = app.score_sheet
    assert sheet is not None and sheet.warehouses
    table = app.scoring.table.value
    assert table == score_table_html(app.board, sheet)
    assert "Depot bonus" in table
    most = max(state.depots_left)
    for i, player in enumerate(sheet.players):
        assert player.depot_bonus == (10 if state.depots_left[i] == most else 0)
        assert player.name in table and str(player.total) in table
    assert "+10" in table.split("Depot bonus")[1].split("</tr>")[0]
    assert app.status.text.endswith(f"Game over. {sheet.reason}")
