"""The table's components one by one, on named positions: what each shows and what its buttons
ask the rules for. Also the rules-side helpers they rely on (``rules.advice``)."""

from __future__ import annotations

import base64
import datetime
import html
import json
import re

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ttr_widgets.rules.advice import (
    allowed_by,
    claim_refusal,
    route_payments,
    station_cost,
    station_payments,
    station_refusal,
    ticket_status,
    tunnel_payments,
    why_allowed,
)
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import apply, legal_actions, new_game, score, why_illegal
from ttr_widgets.rules.errors import PositionError, RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import CARD_NAMES
from ttr_widgets.rules.record import to_record
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import TunnelPayment
from ttr_widgets.widgets.table.claim import ClaimPanel, TunnelPanel
from ttr_widgets.widgets.table.hand import HandView
from ttr_widgets.widgets.table.market import Market, card_chip
from ttr_widgets.widgets.table.players import KINDS, PlayersTable, StartPanel
from ttr_widgets.widgets.table.records import RecordsPanel, record_href, uploaded_game
from ttr_widgets.widgets.table.scoring_view import ScoringView, longest_trail_routes
from ttr_widgets.widgets.table.status import StatusLine, describe_action
from ttr_widgets.widgets.table.stepper import Stepper, decision_points
from ttr_widgets.widgets.table.team_start import TeamStartPanel
from ttr_widgets.widgets.table.tickets import TicketChoicePanel, TicketsView

MINI = load_map("mini")
USA = load_map("usa")


def two(hands=(), **kw):
    return scenario(MINI, ["Ann", "Bob"], hands=hands, **kw)


class Recorder:
    """Stands in for the app: remembers what a component asked for."""

    def __init__(self):
        self.calls = []

    def __call__(self, *args):
        self.calls.append(args if len(args) != 1 else args[0])


# --------------------------------------------------------------------------- status line


def test_status_line_shows_the_rule_sentence_and_id_of_a_refusal():
    status = StatusLine("Welcome")
    assert status.text == "Welcome" and status.kind == "info" and status.rule == ""
    status.refuse(RulesError("tickets.keep", "Keep at least 2 of these 3 tickets."))
    assert status.text == "Keep at least 2 of these 3 tickets."  # a sentence, no rule id
    assert status.rule == "tickets.keep" and status.kind == "error"
    assert 'data-rule="tickets.keep"' in status.value and "⚠" in status.value
    # the rule's id and its text only behind a small "why?"
    assert "<summary>why?</summary>" in status.value
    # in plain words first, the id after it in small print, never as code
    assert (f"{html.escape(RULES['tickets.keep'])} <small class=\"ttr-rule-id\"" in status.value
            and "· rule tickets.keep</small>" in status.value and "<code>" not in status.value)
    count = status.count
    status.refuse(RulesError("tickets.keep", "Keep at least 2 of these 3 tickets."))
    assert status.count == count + 1 and f'data-n="{count + 1}"' in status.value  # renewed
    status.say("Cancelled: nothing is selected.")
    assert status.rule == "" and "why?" not in status.value and "⚠" not in status.value
    assert "ttr-status" in status._dom_classes
    with pytest.raises(ValueError, match="kind"):
        status.say("x", "shout")


def test_status_line_puts_what_to_do_under_what_happened():
    status = StatusLine()
    status.say("Bo claims A–B <2 red> for 2 points.", "done", then="Your turn: draw cards.")
    assert status.text == "Bo claims A–B <2 red> for 2 points. Your turn: draw cards."
    value = status.value
    news = value.index('<span class="ttr-status-news">✔ Bo claims A–B &lt;2 red&gt;')
    then = value.index('<span class="ttr-status-then">Your turn: draw cards.</span>')
    assert news < then  # the news first, the prompt under it (each escaped)
    assert f'title="{html.escape(status.text)}"' in value  # the whole text in the tooltip
    long = "Your turn: draw cards, click a route to claim it, click a city for a station, or " \
           "draw tickets."
    status.say("You draw a card.", then=long)  # a prompt of two lines: the news gets one
    assert '<span class="ttr-status-then ttr-status-then-long">' in status.value
    status.say("Cancelled.")
    assert "ttr-status-then" not in status.value and status.text == "Cancelled."
    status.say("", then="Your turn.")  # only a prompt
    assert "ttr-status-news" not in status.value and status.text == "Your turn."


def test_describe_action_names_cities_and_payment():
    state = two([{"red": 1, "locomotive": 1}])
    assert describe_action(state, ClaimRoute("m-01", "red", 1)) == \
        "claim Ayr–Bree (2 red) with 1 red + 1 locomotive"
    assert describe_action(state, KeepTickets(("mini-t03",))) == "keep Ayr–Cole (4 points)"
    assert describe_action(state, BuildStation("Cole", "red", 0)) == \
        "build a station in Cole with 1 red"


# --------------------------------------------------------------------------- market


def test_market_shows_colour_names_and_symbols_and_asks_for_the_card_clicked():
    state = two(face_up=["red", "locomotive", "blue", None, "green"])
    asked = Recorder()
    market = Market(asked)
    market.state = state
    labels = [b.description for b in market.cards]
    assert labels == ["red", "locomotive", "blue", "empty", "green"]
    assert [b.style.button_color for b in market.cards] == \
        ["#e0393e", "#6d6d6d", "#2c6fd1", "#eeeeee", "#34a048"]
    assert market.cards[3].disabled and not market.cards[1].disabled
    assert "ttr-card-locomotive" in market.cards[1]._dom_classes
    assert all("ttr-market-card" in b._dom_classes for b in market.cards)
    market.cards[1].click()
    market.cards[3].click()  # an empty slot asks for nothing
    market.blind.click()
    market.draw_tickets.click()
    assert asked.calls == [DrawFaceUp("locomotive"), DrawBlind(), DrawTickets()]
    assert f"pile <b>{len(state.deck)}</b>" in market.piles.value
    assert f"tickets <b>{len(state.tickets)}</b>" in market.piles.value


def test_each_card_chip_carries_the_boards_symbol_for_its_colour():
    chips = {name: card_chip(name) for name in CARD_NAMES}
    shapes = {name: chip.split("<svg", 1)[1].split("</svg>", 1)[0] for name, chip in
              chips.items()}
    assert len(set(shapes.values())) == len(CARD_NAMES)  # nine different symbols
    assert all(f"{name}</span>" in chip for name, chip in chips.items())
    assert 'points="0,0 10,0 5,5 10,10 0,10 5,5"' in shapes["pink"]  # the hourglass


# --------------------------------------------------------------------------- hand


def test_hand_counts_cards_by_colour_or_offers_to_show_it():
    state = two([{"red": 3, "locomotive": 1}])
    hand = HandView(Recorder())
    hand.state, hand.viewer = state, 0
    assert "red ×3" in hand.cards.value and "locomotive ×1" in hand.cards.value
    assert "4 cards" in hand.cards.value and "12 trains left" in hand.cards.value
    assert card_chip("red", 3) in hand.cards.value
    assert hand.show_button not in hand.children
    revealed = Recorder()
    hidden = HandView(revealed)
    hidden.state, hidden.viewer, hidden.reveal = state, None, "Ann"
    assert "red ×3" not in hidden.cards.value
    assert hidden.show_button in hidden.children
    assert hidden.show_button.description == "Show Ann's hand"
    hidden.show_button.click()
    assert revealed.calls == [()]


# --------------------------------------------------------------------------- tickets


def test_tickets_show_live_status_and_highlight_their_path():
    state = two(claimed={"m-01": 0, "m-03": 0}, tickets=[["mini-t03", "mini-t06"]])
    highlight = Recorder()
    view = TicketsView(highlight)
    view.state, view.viewer = state, 0
    done, open_ = view.list.children
    assert done.description.startswith("✔ Ayr – Cole (4)")
    assert "ttr-ticket-done" in done._dom_classes
    assert "ttr-ticket-open" in open_._dom_classes and "to go" in open_.description
    assert "1 of 2 completed" in view.summary.value
    done.click()
    assert highlight.calls[-1] == (("m-01", "m-03"), "ticket Ayr – Cole (4): completed")
    done.click()  # a second click clears the highlight
    assert highlight.calls[-1] == ((), "")
    open_.click()
    path, label = highlight.calls[-1]
    assert label.endswith("path to complete") and path
    assert ticket_status(state, 0, "mini-t06").path == path


def test_a_ticket_a_built_station_can_still_complete_is_not_blocked():
    """Europe, 2 players: Bob holds London–Edinburgh, so its twin is closed and no open path
    reaches Edinburgh. Without a station Ann's Edinburgh–Paris is blocked; with her station in
    Edinburgh it borrows Bob's route (rule station.borrow): two routes to go, then joined
    through the station once she holds London–Dieppe–Paris, as the final score counts it."""
    europe = load_map("europe")

    def view(**kw):
        state = scenario(europe, ["Ann", "Bob"], tickets=[["eu-t15"], []], **kw)
        shown = TicketsView(Recorder())
        shown.state, shown.viewer = state, 0
        return state, shown.list.children[0], shown

    _, blocked, _ = view(claimed={"eu-051": 1})
    assert blocked.description == "✘ Edinburgh – Paris (7): blocked"
    _, open_, _ = view(claimed={"eu-051": 1}, stations={"Edinburgh": 0})
    assert open_.description == "… Edinburgh – Paris (7): 2 routes to go"
    assert "station borrows" in open_.tooltip
    state, joined, shown = view(claimed={"eu-051": 1, "eu-048": 0, "eu-050": 0},
                                stations={"Edinburgh": 0})
    assert joined.description == "✔ Edinburgh – Paris (7): joined through a station"
    assert "ttr-ticket-done" in joined._dom_classes and "1 of 1 completed" in shown.summary.value
    status = ticket_status(state, 0, "eu-t15")
    assert status.borrowed == ("eu-051",) and status.to_claim == ()
    assert score(state).player("Ann").tickets[0].completed  # the end agrees
    _, theirs, _ = view(claimed={"eu-051": 1, "eu-048": 0, "eu-050": 0},
                        stations={"London": 1})  # Bob's station lends Ann nothing
    assert theirs.description.endswith("blocked")


def test_ticket_choice_offers_checkboxes_for_the_chooser_only():
    state = new_game(MINI, ["Ann", "Bob"], seed=4)
    asked = Recorder()
    panel = TicketChoicePanel(asked)
    panel.state, panel.viewer = state, 1  # not Ann: nothing shows
    assert panel.layout.display == "none" and not panel.boxes
    panel.viewer = 0
    assert panel.layout.display is None
    assert len(panel.boxes) == len(state.pending.tickets)
    assert all(b.value for b in panel.boxes)
    assert "keep at least <b>2</b>" in panel.note.value
    panel.boxes[0].value = False
    panel.keep.click()
    assert asked.calls == [KeepTickets(state.pending.tickets[1:])]


def test_a_ticket_choice_starts_ticked_at_a_keep_the_rules_allow():
    """Mega Europe with Warehouses & Depots deals 2 long tickets of which at most 1 may be
    kept: the choice starts with every regular ticket and one long one ticked, a legal keep."""
    from ttr_widgets.rules.legal import long_tickets
    from ttr_widgets.rules.state import Options, TicketChoice

    state = new_game(load_map("europe"), ["Ann", "Bob"], seed=3,
                     options=Options(variant="mega-europe", warehouses=True))
    while not isinstance(state.pending, TicketChoice):  # the Depots are placed first
        state = apply(state, legal_actions(state)[0])
    panel = TicketChoicePanel(Recorder())
    panel.state, panel.viewer = state, state.current
    offered = state.pending.tickets
    longs = long_tickets(state.board, offered)
    assert len(longs) == 2 and state.pending.max_long == 1
    ticked = panel.chosen()
    assert len(longs & set(ticked)) == 1 and set(offered) - longs <= set(ticked)
    assert why_illegal(state, KeepTickets(ticked)) is None


def test_a_ticket_draw_during_the_game_starts_with_the_minimum_ticked():
    """USA, Ann with 4 trains left draws Calgary–Salt Lake City, Chicago–New Orleans and
    Chicago–Santa Fe: one ticket starts ticked (the rules' minimum), the one the strong bot
    keeps, so "Keep these tickets" keeps one unless she ticks more. With 40 trains the bot
    would keep all three; still only the minimum starts ticked, one of those it keeps."""
    from ttr_widgets.bots.strong_tickets import keep

    pile = ["usa-t03", "usa-t04", "usa-t05"]
    late = apply(scenario(USA, ["Ann", "Bob"], tickets=[["usa-t01"], []], ticket_pile=pile,
                          trains=[4, 20]), DrawTickets())
    asked = Recorder()
    panel = TicketChoicePanel(asked)
    panel.state, panel.viewer = late, 0
    assert [b.value for b in panel.boxes].count(True) == 1
    assert panel.chosen() == keep(late, late.pending).action.tickets
    assert "keep at least <b>1</b>" in panel.note.value
    panel.keep.click()
    assert asked.calls == [KeepTickets(panel.chosen())]
    assert why_illegal(late, asked.calls[0]) is None

    early = apply(scenario(USA, ["Ann", "Bob"], tickets=[[], []],
                           ticket_pile=["usa-t04", "usa-t05", "usa-t06"], trains=[40, 40]),
                  DrawTickets())
    wanted = keep(early, early.pending).action.tickets
    panel.state = early
    assert len(wanted) == 3 and len(panel.chosen()) == 1 and set(panel.chosen()) <= set(wanted)


# --------------------------------------------------------------------------- claim


def test_claim_panel_lists_every_legal_payment_of_a_gray_route_by_colour():
    state = two([{"red": 2, "blue": 3, "locomotive": 1}])
    asked = Recorder()
    panel = ClaimPanel(asked, Recorder())
    panel.state, panel.active, panel.route = state, True, "m-02"  # Ayr–Dale, 3 gray
    assert set(panel.payments) == set(route_payments(state, "m-02"))
    assert [v for _label, v in panel.colors.options] == ["red", "blue"]
    assert panel.colors.value == "blue"  # the colour needing the fewest locomotives
    assert [b.description for b in panel.options.children] == \
        ["Pay 3 blue", "Pay 2 blue + 1 locomotive"]
    panel.colors.value = "red"
    assert [b.description for b in panel.options.children] == ["Pay 2 red + 1 locomotive"]
    panel.options.children[0].click()
    assert asked.calls == [ClaimRoute("m-02", "red", 1)]
    assert "Gray route" in panel.notes.value


def test_claim_panel_ferry_payments_all_carry_its_locomotive():
    state = two([{"red": 3, "locomotive": 2}])
    panel = ClaimPanel(Recorder(), Recorder())
    panel.state, panel.active, panel.route = state, True, "m-07"  # Cole–Fife ferry, 1 loco
    assert panel.payments and all(p.locomotives >= 1 for p in panel.payments)
    assert "Ferry: pay at least 1 locomotive" in panel.notes.value


def test_claim_panel_says_which_rule_stands_in_the_way():
    state = two([{"red": 1}], claimed={"m-05": 1})
    panel = ClaimPanel(Recorder(), Recorder())
    panel.state, panel.active, panel.route = state, True, "m-01"
    assert not panel.options.children
    refusal = claim_refusal(state, "m-01")
    assert refusal is not None
    # the reason is said once, in the status line; the panel only points there
    assert html.escape(refusal.reason) not in panel.notes.value
    assert "ttr-claim-refusal" in panel.notes.value and "says why" in panel.notes.value
    panel.route = "m-05"
    assert "ttr-claim-refusal" in panel.notes.value and "Claimed by Bob" in panel.notes.value
    panel.active = False  # not a person's turn: no payments offered at all
    panel.route = "m-02"
    assert not panel.payments and "shown on your turn" in panel.notes.value


def test_claim_panel_station_flow_lists_station_payments():
    state = two([{"red": 1, "locomotive": 1}])
    asked = Recorder()
    panel = ClaimPanel(asked, Recorder())
    panel.state, panel.active, panel.city = state, True, "Cole"
    assert "costs 1 card" in panel.notes.value
    assert set(panel.payments) == set(station_payments(state, "Cole"))
    assert all("ttr-station-option" in b._dom_classes for b in panel.options.children)
    panel.options.children[0].click()
    assert isinstance(asked.calls[0], BuildStation) and asked.calls[0].city == "Cole"


def tunnel_state(hand, pile_top):
    state = two([hand], pile_top=pile_top)
    return apply(state, ClaimRoute("m-06", "green", 0))  # Bree–Eton, 2 green tunnel


def test_tunnel_panel_shows_the_reveal_and_the_ways_to_pay():
    state = tunnel_state({"green": 3, "locomotive": 1}, ["green", "red", "locomotive"])
    assert isinstance(state.pending, TunnelPayment) and state.pending.extra == 2
    asked = Recorder()
    panel = TunnelPanel(asked)
    panel.state, panel.active = state, True
    assert panel.layout.display is None
    assert "2 extra cards" in panel.info.value
    assert panel.info.value.count("ttr-chip") == 3
    assert panel.payments == tunnel_payments(state) == (PayTunnel(1),)
    assert [b.description for b in panel.pay_buttons] == ["Pay 1 green + 1 locomotive more"]
    panel.pay_buttons[0].click()
    panel.decline.click()
    assert asked.calls == [PayTunnel(1), DeclineTunnel()]


def test_tunnel_panel_keeps_a_pay_button_when_no_payment_works():
    state = tunnel_state({"green": 2}, ["green", "green", "red"])
    panel = TunnelPanel(Recorder())
    panel.state, panel.active = state, True
    assert panel.payments == () and len(panel.pay_buttons) == 1  # the core will say why
    with pytest.raises(RulesError) as info:
        apply(state, PayTunnel(0))
    assert info.value.rule == "tunnel.pay"


# --------------------------------------------------------------------------- players


def test_players_table_shows_everyones_counts():
    state = two([{"red": 2}, {"blue": 1}], claimed={"m-02": 1}, tickets=[["mini-t03"], []])
    table = PlayersTable()
    table.kinds = ("human", "greedy")
    table.state = state
    rows = table.value.split('<tr class="ttr-player-row"')[1:]
    assert "▶" in rows[0] and "Ann</td>" in rows[0] and "human" not in rows[0]
    assert "<td>12</td><td>2</td><td>2</td><td>1</td><td>0</td>" in rows[0]
    assert "Bob <span" in rows[1] and "· medium greedy bot</span>" in rows[1]
    assert "<td>9</td><td>2</td><td>1</td><td>0</td><td>4</td>" in rows[1]


def test_players_table_names_a_bots_kind_once():
    """'Greedy bot · medium', not 'Greedy bot (greedy bot)'; 'Greedy 2 · medium bot'."""
    table = PlayersTable()
    table.kinds = ("greedy", "greedy", "strong")
    table.state = scenario(MINI, ["Greedy bot", "Greedy 2", "Ada"])
    text = re.sub(r"<[^>]+>", "", table.value)
    assert "Greedy bot · medium" in text and "Greedy bot · medium bot" not in text
    assert "Greedy 2 · medium bot" in text and "Ada · hard strong bot" in text
    assert text.count("greedy") == 0


def test_start_panel_describes_the_game_and_names_a_bad_field():
    panel = StartPanel(Recorder())
    panel.map.value, panel.count.value = "europe", 3
    assert len(panel.seats.children) == 3
    panel.seed.value = "42"
    setup = panel.setup()
    assert setup.map_name == "europe" and len(setup.players) == 3 and setup.seed == 42
    assert setup.kinds == ("human", "greedy", "random")
    panel.seed.value = "forty"
    with pytest.raises(ValueError, match="seed"):
        panel.setup()


def test_a_bots_given_name_follows_its_level_and_a_typed_name_stays():
    """The hard bot is not left called 'Greedy bot' ('Greedy bot · hard strong bot')."""
    panel = StartPanel(Recorder())
    panel.count.value = 3
    assert [f.value for f in panel.names[:3]] == ["You", "Greedy bot", "Random bot"]
    panel.kinds[1].value = "strong"
    assert panel.names[1].value == "Strong bot"
    panel.kinds[2].value = "strong"  # the name is taken: the seat's number tells them apart
    assert panel.names[2].value == "Strong bot 3"
    panel.kinds[2].value = "human"
    assert panel.names[2].value == "Player 3"
    panel.names[1].value = "Ada"
    panel.kinds[1].value = "random"
    assert panel.names[1].value == "Ada"  # a name a person typed is theirs
    panel.kinds[0].value = "greedy"
    assert panel.names[0].value == "You"


def test_a_hard_bot_started_from_the_panel_is_named_for_its_level():
    table = PlayersTable()
    panel = StartPanel(Recorder())
    panel.kinds[1].value = "strong"
    setup = panel.setup()
    table.kinds = setup.kinds
    table.state = scenario(MINI, list(setup.players))
    text = re.sub(r"<[^>]+>", "", table.value)
    assert "Strong bot · hard" in text and "Greedy bot" not in text


@pytest.mark.parametrize("make", [lambda: StartPanel(Recorder()),
                                  lambda: TeamStartPanel(lambda: None)],
                         ids=["game", "team game"])
def test_both_start_panels_refuse_an_empty_name_and_a_bad_seed_in_the_same_words(make):
    panel = make()
    panel.names[1].value = "   "
    with pytest.raises(ValueError) as refused:
        panel.setup()
    assert str(refused.value) == "player 2: a name is needed"
    panel.names[1].value = " Bea "
    panel.seed.value = "soon"
    with pytest.raises(ValueError) as refused:
        panel.setup()
    assert str(refused.value) == "seed: expected a whole number, not 'soon'"
    panel.seed.value = " 7 "
    setup = panel.setup()
    assert setup.players[1] == "Bea" and setup.seed == 7



def test_both_start_panels_name_a_seats_kind_in_the_same_words():
    """A greedy bot is 'medium: greedy bot' in the game's seats and the team game's alike (the
    level the players table names); a team seat offers every level a game's seat does (every
    bot plays team games), in the same order and words."""
    game, team = StartPanel(Recorder()), TeamStartPanel(lambda: None)
    offered = [list(panel.kinds[0].options) for panel in (game, team)]
    assert offered[1] == offered[0]
    assert [kind for _label, kind in offered[1]] == list(KINDS) == [
        "human", "random", "greedy", "strong"]
    labels = dict(offered[1])
    assert "medium: greedy bot" in labels and "easy: random bot" in labels
    assert "hard: strong bot" in labels
    assert [field._dom_classes for field in (team.map, team.seed, team.names[0], team.kinds[0])] \
        == [("ttr-team-map",), ("ttr-team-seed",), ("ttr-team-name",), ("ttr-team-kind",)]

# --------------------------------------------------------------------------- stepper


def played_game():
    game = Game.new(MINI, ["Ann", "Bob"], seed=2)
    for _ in range(6):
        game = game.play(legal_actions(game.state)[0])
    return game


def test_stepper_log_says_what_happened_and_which_rules_allowed_it():
    game = played_game()
    stepper = Stepper(Recorder(), Recorder())
    stepper.game = game
    entries = stepper.log_view.value.split('class="ttr-log-entry"')[1:]
    assert len(entries) == len(game.actions)
    assert 'data-step="5"' in entries[0]  # newest first
    assert "Setup" in entries[-1]
    for entry, log in zip(reversed(entries), game.log(), strict=True):
        why = why_allowed(game.states[log.step], log.action)
        assert why and f'title="{html.escape(why)}"' in entry and ">why?</abbr>" in entry
        assert html.escape(log.event) in entry
        visible = re.sub(r"<[^>]*>", "", entry.split(">", 1)[1])  # the text, not the tooltip
        assert not re.search(r"\b[a-z]+\.[a-z-]+\b", visible), visible  # no rule ids shown
    (setup_rule,) = allowed_by(game.states[0], game.actions[0])
    assert setup_rule.startswith("setup.tickets")
    assert RULES[setup_rule] in html.unescape(entries[-1])
    assert stepper.jump.options[0] == ("Deal", 0)
    assert stepper.redo.disabled and not stepper.undo.disabled


def test_undo_and_redo_stop_where_a_person_is_to_play():
    game = played_game()
    navigated = Recorder()
    stepper = Stepper(navigated, Recorder())
    stepper.humans = (0,)
    stepper.game = game
    points = decision_points(game, (0,))
    assert all(game.states[i].current == 0 for i in points)
    stepper.undo.click()
    back = navigated.calls[-1]
    assert back.cursor == max(i for i in points if i < game.cursor)
    stepper.game = back
    stepper.redo.click()
    assert navigated.calls[-1].cursor > back.cursor
    stepper.jump.value = 0
    assert navigated.calls[-1].cursor == 0


# --------------------------------------------------------------------------- scoring


def test_scoring_view_shows_every_part_and_the_winner():
    state = two(claimed={"m-01": 0, "m-03": 0, "m-08": 1},
                tickets=[["mini-t03"], ["mini-t06"]])
    sheet = score(state)
    shown = Recorder()
    view = ScoringView(MINI, shown)
    view.sheet = sheet
    table = view.table.value
    assert "✔ Ayr–Cole +4" in table and "✘ Dale–Fife -6" in table
    ann, bob = sheet.players
    assert f"<td style=\"vertical-align:top;padding:2px 4px\">{ann.total}</td>" in table
    assert "Ann" in view.winner.value and sheet.reason in view.winner.value
    assert longest_trail_routes(sheet) == ann.longest_trail_routes
    view.trails.children[1].click()
    assert shown.calls[-1][0] == bob.longest_trail_routes


# --------------------------------------------------------------------------- records


def test_download_link_holds_the_record_and_an_upload_replays_it():
    game = played_game()
    panel = RecordsPanel(Recorder(), Recorder(), Recorder())
    panel.game = game
    href = record_href(game)
    assert href in panel.download.value and 'download="ttr-mini-seed2-step6.json"' in \
        panel.download.value
    data = json.loads(base64.b64decode(href.split(",", 1)[1]))
    assert data == to_record(game)
    upload = ({"name": "g.json", "content": memoryview(json.dumps(data).encode())},)
    assert uploaded_game(upload).state == game.state
    with pytest.raises(PositionError, match=r"g\.json: not a JSON game record"):
        uploaded_game(({"name": "g.json", "content": b"{oops"},))


@pytest.mark.parametrize(("content", "says"), [
    (json.dumps({"map": "usa", "players": [{"name": "Ann", "routes": [], "tickets": []}]}),
     "final.json: a position (who holds what), not a game record: positions open in the "
     "ticket scorer and the scoring explorer; here the app loads the game records it saves"),
    (json.dumps({"format": "chess", "actions": []}),
     "final.json: format: expected 'ttr-widgets game record' version 1"),
    (json.dumps({"format": "ttr-widgets game record", "version": 1, "map": "mars",
                 "players": ["Ann", "Ben"], "seed": 1, "actions": []}),
     "final.json: map: "),
])
def test_an_upload_that_is_not_a_record_is_one_line_naming_the_file(
        content: str, says: str) -> None:
    with pytest.raises(PositionError) as refused:
        uploaded_game(({"name": "final.json", "content": content.encode()},))
    assert str(refused.value).startswith(says) and "\n" not in str(refused.value)


def test_upload_reports_a_bad_record_instead_of_raising():
    loaded, errors = Recorder(), Recorder()
    panel = RecordsPanel(loaded, errors, Recorder())
    panel.upload.value = ({"name": "bad.json", "content": b'{"format": "x"}',
                           "type": "application/json", "size": 15,
                           "last_modified": datetime.datetime(2026, 1, 1)},)
    assert not loaded.calls and isinstance(errors.calls[0], PositionError)
    assert panel.upload.value == ()


# --------------------------------------------------------------------------- rules.advice


def test_claim_refusal_names_the_rule_for_each_kind_of_closed_route():
    state = two([{"red": 1, "blue": 2}], claimed={"m-03": 1})
    assert claim_refusal(state, "m-03").rule == "claim.open"
    assert claim_refusal(state, "m-04").rule == "claim.double-small"
    assert claim_refusal(state, "m-07").rule == "ferry.locomotives"
    assert claim_refusal(state, "m-05") is None  # 1 gray: any one card will do
    # Too few cards: the core's own reason for the route's colour (the colour held most on a
    # gray route) with every locomotive held.
    assert str(claim_refusal(state, "m-01")) == str(why_illegal(state, ClaimRoute("m-01", "red")))
    assert str(claim_refusal(state, "m-02")) == str(why_illegal(state, ClaimRoute("m-02", "blue")))
    loco = two([{"locomotive": 1}])
    assert str(claim_refusal(loco, "m-08")) == str(why_illegal(loco, ClaimRoute("m-08", "yellow",
                                                                               1)))
    assert claim_refusal(state, "nowhere").rule == "claim.whole-route"


def test_station_helpers_follow_the_rules():
    state = two([{"red": 1}])
    assert station_cost(state) == 1
    assert station_refusal(state, "Ayr") is None
    taken = two([{"red": 1}], stations={"Ayr": 1})
    assert station_refusal(taken, "Ayr").rule == "station.one-per-city"
    assert station_refusal(scenario(USA, 2), "Denver").rule == "station.map"


def test_allowed_by_names_the_rules_that_permit_a_move():
    state = two([{"red": 3, "locomotive": 2}])
    assert "ferry.locomotives" in allowed_by(state, ClaimRoute("m-07", "red", 1))
    assert allowed_by(state, ClaimRoute("m-01", "red", 0)) == (
        "claim.open", "claim.whole-route", "claim.one-colour", "claim.cards-in-hand")
    assert allowed_by(state, ClaimRoute("m-01", "blue", 0)) == ()  # not legal: nothing
    deal = new_game(MINI, 2, seed=1)
    assert allowed_by(deal, KeepTickets(deal.pending.tickets)) == ("setup.tickets-europe",)


def test_a_lesson_seat_is_named_without_calling_it_a_bot() -> None:
    from ttr_widgets.widgets.table.players import seat_words

    assert seat_words("Ann", "you") == "you" and seat_words("Ben", "waits") == "waits"
    assert seat_words("You", "you") == ""  # a learner called You: said once
    assert seat_words("Greedy 2", "greedy") == "medium bot"


def test_a_seat_offers_a_person_and_the_three_levels_but_no_bot_too_slow_for_the_table():
    from ttr_widgets.bots import BOTS, SLOW
    from ttr_widgets.widgets.table.players import StartPanel

    panel = StartPanel(lambda *_: None)
    offered = [kind for _label, kind in panel.kinds[1].options]
    assert offered == ["human", "random", "greedy", "strong"]
    assert set(SLOW) <= set(BOTS) and not set(SLOW) & set(offered)  # the expert: simulate only
