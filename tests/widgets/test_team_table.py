"""A team game (Team Asia rules) at the play app's one table (``PlayApp`` over
``TableController``), driven in this process by its buttons and board clicks: started from the
Game tab's team panel, played to the end with the holder used and a ticket shared, the draw
flow, payments from hand and holder (a tunnel's surcharge too), refusals with their team rule,
hotseat hiding hands, what every component shows coming from the viewer's view, the Score
tab's team sheet, the team seats' words (the tools: test_team_tools.py)."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    KeepTickets,
    PayTunnel,
    ShareTickets,
)
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, LOCO
from ttr_widgets.rules.state import (
    CardPlacement,
    SecondCard,
    ShareChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.teams import HAND
from ttr_widgets.rules.view import HIDDEN
from ttr_widgets.testing.team_table import click, past_setup, payment_label
from ttr_widgets.testing.teams import arranged, started
from ttr_widgets.testing.words import assert_plain, visible_texts
from ttr_widgets.widgets.pages.app import TABS, PlayApp
from ttr_widgets.widgets.table.claim import MAX_BUTTONS
from ttr_widgets.widgets.table.seats import BotSeat, PersonSeat, TeamSeat
from ttr_widgets.widgets.table.teams import TEAM_COLORS

USA = load_map("usa")
TEAMTEST = Path(__file__).resolve().parents[1] / "fixtures" / "team" / "teamtest.json"
BOTS = ("human", "greedy", "greedy", "greedy")


def started_app(kinds: tuple[str, ...] = BOTS, seed: int = 3, first: str = "You") -> PlayApp:
    """The play app with a team game started from its Game tab, as a person starts one."""
    app = PlayApp("usa", seed=4, bot_delay=0)
    panel = app.team_start
    # Europe has stations and ferries: not a team board
    assert panel.map.options == (("USA", "usa"),)
    panel.count.value = len(kinds)
    panel.seed.value = str(seed)
    for i, kind in enumerate(kinds):
        panel.kinds[i].value = kind
    panel.names[0].value = first
    panel.start.click()
    assert app.state.teams and app.tabs.selected_index == TABS.index("Play")
    return app


def texts(app: PlayApp) -> str:
    return "\n".join(visible_texts(app))


def name(ticket_id: str) -> str:
    """A ticket as the table names it: 'Denver – El Paso (4)'."""
    ticket = USA.ticket(ticket_id)
    return f"{USA.city_label(ticket.a)} – {USA.city_label(ticket.b)} ({ticket.points})"


# --------------------------------------------------------------------------- a whole game


def test_a_team_game_is_played_to_the_end_by_clicks_using_the_holder_and_sharing() -> None:
    app = started_app()
    assert app.map_view.player_colors == (*TEAM_COLORS[0], *TEAM_COLORS[1])  # the one board
    assert all(isinstance(seat, TeamSeat) for seat in app.seating)
    assert app.kinds == BOTS and "team game (Team Asia rules)" in app.title.value
    rng = random.Random(0)
    shared_by_action = used_holder = False
    played: list[Action] = []
    while not app.state.is_over:
        state = app.state
        assert state.current == 0 and app.viewer == 0
        action = choose("greedy", state, rng).action
        if not shared_by_action and state.pending is None and state.player.tickets:
            action = ShareTickets(state.player.tickets[:1])
        holder, cursor = sum(state.holders[0]), app.game.cursor
        if len(played) % 10 == 0:
            assert_plain(app)  # what a person reads: no ids, no code-speak
        played.append(action)
        click(app, action)
        assert app.game.cursor > cursor, app.status.text  # played, not refused
        done = app.game.actions[cursor]
        assert done == action or (isinstance(action, KeepTickets) and isinstance(
            done, KeepTickets) and set(done.tickets) == set(action.tickets))  # offered order
        if isinstance(action, ShareTickets) and state.pending is None:
            shared_by_action = True
            assert set(action.tickets) <= set(app.state.shared[0])
        if isinstance(action, ClaimRoute) and sum(app.state.holders[0]) < holder:
            used_holder = True
    assert shared_by_action and used_holder
    sheet = app.score_sheet
    assert sheet is not None and sheet.teams and len(sheet.players) == 2
    assert app.tabs.selected_index == TABS.index("Score")
    table = app.scoring.table.value
    assert table.count("ttr-team-score-row") == 2
    for head in ("routes", "tickets", "Asian Express", "Globetrotter", "total"):
        assert f">{head}</th>" in table
    assert "Blue team" in table and "Red team" in table
    assert app.status.text.endswith(sheet.reason)
    assert [b.description for b in app.scoring.trails.children] == [
        f"{line.name}'s longest trail" for line in sheet.players]
    assert_plain(app)


def test_six_seats_of_bots_play_a_whole_game_in_three_teams() -> None:
    app = PlayApp("usa", seed=4, bot_delay=0)
    panel = app.team_start
    panel.count.value = 6
    assert len(panel.seats.children) == 6
    for kind in panel.kinds:
        kind.value = "greedy"
    panel.seed.value = "8"
    panel.start.click()
    assert app.state.is_over and app.state.num_teams == 3  # bots only: played at once
    assert app.scoring.table.value.count("ttr-team-score-row") == 3
    assert "Green team" in app.players_table.value
    assert app.map_view.player_colors == tuple(c for pair in TEAM_COLORS for c in pair)
    assert app.viewer == app.state.current  # nobody to hide from: the table is watched
    assert_plain(app)


def test_a_bad_seed_is_one_line_in_the_app_s_status() -> None:
    app = PlayApp("usa", seed=4, bot_delay=0)
    before = app.game
    app.team_start.seed.value = "soon"
    app.team_start.start.click()
    assert app.game is before and not app.state.teams
    assert app.status.text == "seed: expected a whole number, not 'soon'"


def test_a_new_game_from_the_game_tab_replaces_the_team_game() -> None:
    app = started_app()
    assert app.team_start.names[0].value == "You" and app.team_start.seed.value == ""
    app.start.start.click()  # the panel for a game of players: as the app dealt it at first
    assert not app.state.teams and len(app.state.players) == 2
    assert app.map_view.player_colors != (*TEAM_COLORS[0], *TEAM_COLORS[1])
    assert app.holders.layout.display == "none" and "Blue team" not in app.players_table.value


# --------------------------------------------------------------------------- drawing cards


def test_the_first_card_is_seen_then_placed_and_the_second_goes_to_the_other_place() -> None:
    app = past_setup(started_app())
    holder, hand = sum(app.state.holders[0]), sum(app.state.players[0].hand)
    assert app.placement.layout.display == "none"
    app.market.blind.click()
    pending = app.state.pending
    assert isinstance(pending, CardPlacement)  # drawn and seen, in no place yet
    card = CARD_NAMES[pending.card]
    assert app.placement.layout.display is None
    drawn = "a locomotive" if card == "locomotive" else \
        f"{'an' if card == 'orange' else 'a'} {card} card"
    assert f"drew {drawn}" in app.placement.info.value
    assert app.placement.hand.description == "Into my hand"
    assert app.placement.holder.description == "Into the team holder"
    assert app.placement.hand.style.button_color == app.placement.holder.style.button_color
    assert f"put the {card}" in app.status.text and "into your hand or the team holder" \
        in app.status.text
    assert sum(app.state.holders[0]) == holder and sum(app.state.players[0].hand) == hand
    app.market.blind.click()  # the card is placed first: the core says so
    assert app.status.rule == "team.draw-first" and isinstance(app.state.pending, CardPlacement)
    app.placement.holder.click()
    assert sum(app.state.holders[0]) == holder + 1
    assert app.state.pending == SecondCard(HAND)
    assert "it goes into your hand" in app.status.text
    assert app.placement.layout.display == "none"
    cursor = app.game.cursor
    app.market.blind.click()
    assert sum(app.game.states[cursor + 1].players[0].hand) == hand + 1
    assert app.status.text.startswith("You draw a ") and "into your hand" in app.status.text


def test_a_face_up_locomotive_is_the_whole_draw_and_goes_to_the_team_holder() -> None:
    for seed in range(40):
        app = past_setup(started_app(seed=seed))
        if LOCO in app.state.face_up:
            break
    else:
        raise AssertionError("no deal with a face-up locomotive")
    holder, cursor = app.state.holders[0][LOCO], app.game.cursor
    next(b for b in app.market.cards if b.description == CARD_NAMES[LOCO]).click()
    # the whole draw: no placement asked, and the turn passed on to the bots
    after = app.game.states[cursor + 1]
    assert after.holders[0][LOCO] == holder + 1 and after.current == 1
    assert app.status.text.startswith("You take the face-up locomotive into the team holder (a "
                                      "face-up locomotive is the whole draw).")
    assert app.placement.layout.display == "none"


def test_the_bots_turns_are_told_with_where_each_card_went() -> None:
    app = past_setup(started_app())
    app.market.blind.click()
    app.placement.hand.click()
    app.market.blind.click()
    said = app.status.text
    assert said.startswith("You draw ") and "into the team holder" in said
    draws = re.findall(r"(?:Ben|Cleo|Dev) draws 2 cards[: ][^.]*\.", said)
    for sentence in draws:  # each card with where it went, never raw events one by one
        assert sentence.count("into the ") == 2, sentence
        assert "one from the pile and one from the pile" not in sentence, sentence


# --------------------------------------------------------------------------- tickets


def test_after_keeping_tickets_one_is_shared_and_the_share_action_is_a_whole_turn() -> None:
    app = started_app()
    offered = app.state.pending.tickets  # type: ignore[union-attr]
    click(app, KeepTickets(offered[:4]))
    pending = app.state.pending
    assert isinstance(pending, ShareChoice) and pending.setup
    assert app.share_choice.layout.display is None
    assert [b.description for b in app.share_choice.buttons] == [
        f"Share {name(t)}" for t in offered[:4]]
    assert "choose a ticket you kept" in app.status.text
    app.share_choice.buttons[1].click()
    assert not app.state.in_setup and offered[1] in app.state.shared[0]
    assert app.share_choice.layout.display == "none"
    shared_names = app.holders.value
    assert name(offered[1]) \
        in shared_names.replace("&amp;", "&")
    share = app.share
    assert share.layout.display is None and share.children == (share.toggle,)
    share.toggle.value = True
    assert [b.description for b in share.boxes] == [name(t) for t in app.state.player.tickets]
    for box in share.boxes:
        box.value = True  # three: more than the action moves
    share.share.click()
    assert app.status.rule == "team.share-action" and app.state.current == 0
    mine = app.state.player.tickets
    share.boxes[0].value = share.boxes[1].value = False
    cursor = app.game.cursor
    share.share.click()
    assert app.game.actions[cursor] == ShareTickets(mine[2:3])
    assert mine[2] in app.game.states[cursor + 1].shared[0]
    assert app.game.states[cursor + 1].current == 1  # the whole turn


# --------------------------------------------------------------------------- claims


def test_a_claim_pays_from_hand_and_holder_each_way_named_by_where_its_cards_come_from() -> None:
    game = arranged(started(USA, seed=5), hand={"red": 2, "locomotive": 1},
                    holder={"red": 3, "locomotive": 2})
    app = PlayApp.from_game(Game((game,)), BOTS, bot_delay=0)
    route = next(r for r in USA.routes if r.color == "red" and r.length == 4)
    app.click_route(route.id)
    payments = [a for a in legal_actions(game) if isinstance(a, ClaimRoute)
                and a.route == route.id]
    assert len(payments) > MAX_BUTTONS  # so many that the panel lists the rest
    shown = [b.description for b in app.claim.options.children]
    listed = [text for text, _ in app.claim.more.options]
    assert shown + [f"Pay {t}" for t in listed] == [f"Pay {payment_label(game, a)}"
                                                     for a in payments]
    assert len(shown) == MAX_BUTTONS and app.claim.more_row.layout.display is None
    assert "Pay 4 red (2 from the team holder)" in shown
    assert any("(from the team holder)" in t and "(from your hand)" in t for t in listed)
    assert "your team's holder together" in html.unescape(app.claim.notes.value)
    last = payments[-1]
    click(app, last)  # picked in the list, then paid
    assert app.game.actions[0] == last
    holder = app.game.states[1].holders[0]
    assert holder[CARD_INDEX["red"]] == game.holders[0][CARD_INDEX["red"]] - last.holder_cards
    assert holder[LOCO] == game.holders[0][LOCO] - last.holder_locomotives


def test_a_tunnel_s_surcharge_may_come_from_the_holder() -> None:
    board = load_map(str(TEAMTEST))
    game = arranged(started(board, seed=12), hand={"black": 2, "locomotive": 1},
                    holder={"black": 4, "red": 1})
    top = (CARD_INDEX["red"], CARD_INDEX["black"], LOCO, CARD_INDEX["black"],
           CARD_INDEX["green"])
    game = evolve(game, deck=game.deck[:-5] + tuple(reversed(top)))
    app = PlayApp.from_game(Game((game,)), BOTS, bot_delay=0)
    offer = ClaimRoute("k-09", "black", 0, 2)
    click(app, offer)
    pending = app.state.pending
    assert isinstance(pending, TunnelPayment) and pending.extra == 3
    info = html.unescape(app.tunnel.info.value)
    assert "4 black (2 from the team holder)" in info
    assert "from your hand or your team's holder" in info
    pays = [b.description for b in app.tunnel.pay_buttons]
    assert "Pay 3 more: 2 black (from the team holder) + 1 locomotive (from your hand)" in pays
    click(app, PayTunnel(1, 2, 0))
    assert app.game.states[2].owners[board.route("k-09").index] == 0
    assert_plain(app)


def test_a_closed_double_route_says_why_when_clicked() -> None:
    app = past_setup(started_app())
    board = app.board
    rng = random.Random(2)

    def taken():
        state = app.state
        return next((r for r in board.routes if r.double and state.owners[r.index] != -1
                     and state.owners[board.route(r.double).index] == -1), None)

    while taken() is None:
        click(app, choose("greedy", app.state, rng).action)
    route = taken()
    assert route is not None and route.double is not None
    app.click_route(route.double)
    assert app.status.rule in ("team.double-4p", "team.parallel-own")
    assert app.claim.options.children == ()


# --------------------------------------------------------------------------- who sees what


def test_hotseat_shows_only_the_person_to_move_never_the_teammate_s_hand() -> None:
    app = started_app(kinds=("human", "human", "greedy", "greedy"), first="Ann")
    assert app.viewer is None and "Hands are hidden" in app.hand.cards.value
    assert app.hand.show_button.description == "Show Ann's hand"
    app.hand.show_button.click()
    assert app.viewer == 0
    ann_offer = app.state.pending.tickets  # type: ignore[union-attr]
    click(app, KeepTickets(ann_offer))
    assert app.viewer is None  # Ben's turn to choose: the table hides every hand again
    assert app.hand.show_button.description == "Show Ben's hand"
    app.hand.show_button.click()
    assert app.viewer == 1
    ann, ben = app.state.players[0], app.state.players[1]
    on_screen = texts(app)
    assert not any(name(t) in on_screen for t in ann.tickets)
    assert app.hand.state is not None and app.hand.state.is_view and app.hand.state.seat == 1
    assert app.hand.state.players[0].tickets == (HIDDEN,) * len(ann.tickets)
    assert [b.description.split(" — ")[0] for b in app.ticket_choice.boxes] == [
        name(t) for t in app.state.pending.tickets] and not ben.tickets  # type: ignore[union-attr]
    row = re.sub(r"<[^>]+>", " ", app.players_table.value)
    assert re.search(rf"Ann\s+27\s+{ann.card_count}\s+{len(ann.tickets)}\s", row)


def test_every_component_shows_the_viewer_s_view_and_other_teams_holders_by_size() -> None:
    """The Blue team's holder shown whole to You; the Red team's as its size in the players
    table only: its cards are not in You's view."""
    game = arranged(started(USA, seed=6), holder={"red": 2})
    red = list(game.holders)
    red[1] = (1,) * 9
    game = evolve(game, holders=tuple(red))
    app = PlayApp.from_game(Game((game,)), BOTS, bot_delay=0)
    for part in (app.market, app.hand, app.tickets, app.holders, app.claim, app.players_table,
                 app.placement, app.share, app.share_choice, app.plan_panel):
        assert part.state is not None and part.state.is_view and part.state.seat == 0
    holders = re.sub(r"<[^>]+>", " ", app.holders.value)
    assert "Blue team holder" in holders and "red ×2" in holders
    assert "Red team" not in holders and "×1" not in holders  # another team's: not shown
    assert app.holders.state.holders[1] == (0,) * 9  # not in the view either, only its size
    rows = app.players_table.value
    assert "holder 2 cards, 2 shared tickets" in rows  # the Blue team's, and the Red's size
    assert "holder 9 cards, 2 shared tickets" in rows


def test_the_team_seats_kinds_and_prompts_in_the_team_s_words() -> None:
    app = started_app(kinds=("human", "strong", "random", "greedy"))
    assert app.kinds == ("human", "strong", "random", "greedy")
    inner = [seat.inner for seat in app.seating if isinstance(seat, TeamSeat)]
    assert isinstance(inner[0], PersonSeat) and isinstance(inner[1], BotSeat)
    past_setup(app)
    assert app.status.text.endswith("Your turn: draw cards, click a route to claim it, draw "
                                    "tickets, or share tickets.")
    waiting = Game((evolve(app.state, current=1),))  # Ben (a bot) to move, bots waiting
    app.load_game(waiting, ("human", "strong", "random", "greedy"))
    app.market.blind.click()
    assert app.status.rule == "turn.order"
    assert app.status.text == "It is Ben's turn (your teammate, strong bot); wait for it " \
                              "to play."
    app.load_game(Game((evolve(app.state, current=2),)), ("human", "strong", "random", "greedy"))
    app.market.blind.click()
    assert app.status.text == "It is Cleo's turn (Red team, random bot); wait for it to " \
                              "play."
