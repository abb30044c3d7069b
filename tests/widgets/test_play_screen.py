"""The play app's screen keeps every word and shows every move (issue 24): the status line
opens to its whole message by a click, hints and the coach's remarks are kept in the Log with
the moves, the Log follows the history after Undo, one Undo says every move it took back, each
player's last claim is outlined on the board, a completed ticket is told, the end of the game is
revealed step by step and ends on the final table (the status line names the winner only
then), a 2-player double's twin hovers as closed,
a claim panel never stays refused with no reason at the top, and a game that ends on a bot's
pass says "Game over" last."""

from __future__ import annotations

import asyncio
import re

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import BuildStation, ClaimRoute, DrawBlind, Pass
from ttr_widgets.rules.engine import apply, score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import TicketChoice
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.printed import LAST_CLAIMS, LAST_KEY
from ttr_widgets.widgets.board.render import ROUTES, map_figure
from ttr_widgets.widgets.pages.app import END_REVEALED, PlayApp
from ttr_widgets.widgets.table import scoring_view
from ttr_widgets.widgets.table.narrate import completed_tickets, last_claims, own_move
from ttr_widgets.widgets.table.scoring_view import (
    longest_trail_routes,
    reveal_steps,
    score_table_html,
)
from ttr_widgets.widgets.table.status import StatusLine

MINI = load_map("mini")
USA = load_map("usa")
_TAGS = re.compile(r"<[^>]+>")


def text(value: str) -> str:
    return re.sub(r"\s+", " ", _TAGS.sub(" ", value)).strip()


def dealt(seed: int = 7, kinds: tuple[str, ...] = ("human", "greedy")) -> PlayApp:
    app = PlayApp("mini", seed=seed, kinds=kinds, bot_delay=0)
    while isinstance(app.state.pending, TicketChoice):
        app.ticket_choice.keep.click()
    return app


def stuck(current: int = 0):  # type: ignore[no-untyped-def]
    """Nobody can do anything but pass (no cards to draw, no tickets, no trains)."""
    hands = [{"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12},
             {"pink": 12, "white": 12, "black": 12, "locomotive": 14}]
    return scenario(USA, ["You", "Bob"], hands=hands, face_up=[None] * 5, ticket_pile=[],
                    trains=[0, 0], current=current)


# --- a game that ends on a bot's pass ------------------------------------------------------------

def test_a_game_ending_on_a_bots_pass_says_game_over_at_once() -> None:
    app = PlayApp.from_game(Game((stuck(),)), ("human", "greedy"), bot_delay=0)
    app.play(Pass())
    assert app.state.is_over and "Nobody can move" in app.state.last_event
    assert app.status.text.endswith(f"Game over. {app.score_sheet.reason}")  # type: ignore[union-attr]


def test_a_game_ending_on_a_bots_pass_on_the_loop_tells_game_over_last_and_never_the_bot_alone(
        ) -> None:
    """On the event loop (as in the browser) the bot's last move is told once, with the end:
    the line never says the bot's pass with its reason after the game is over, and the Score
    tab is drawn only after the line says "Game over"; the winner is told once the Score tab's
    reveal has shown the score (here: Show all)."""
    said: list[str] = []
    drawn: list[tuple[bool, str]] = []

    async def run() -> tuple[PlayApp, str]:
        app = PlayApp.from_game(Game((stuck(),)), ("human", "greedy"), bot_delay=0.001)
        app.status.observe(lambda change: said.append(change["new"]), "text")
        app.stepper.observe(lambda change: drawn.append(
            (change["new"].state.is_over, app.status.text)), "game")
        app.play(Pass())
        while app.bot_task is not None:
            await app.bot_task
        during = said[-1]
        app.scoring.skip.click()
        return app, during

    app, during = asyncio.run(run())
    sheet = app.score_sheet
    assert app.state.is_over and sheet is not None
    assert during.endswith(END_REVEALED)  # the reveal under way: no winner yet
    assert said[-1] == f"Game over. {sheet.reason}"
    assert not [s for s in said if "Nobody can move" in s and "Game over" not in s], said
    assert next(status for over, status in drawn if over).endswith(END_REVEALED)


# --- the status line opens to its whole message ------------------------------------------------

def test_a_long_status_message_gets_a_toggle_that_opens_it_whole() -> None:
    status = StatusLine()
    status.say("Your turn.")
    assert not status.expandable and "ttr-status-more" not in status.value
    long = ("Hint for You: claim Cole–Eton (1 black) with 1 locomotive. Why: it is on the "
            "shortest way for Dale–Cole (5 points) and Bree–Cole (2 points); with it your "
            "tickets need 5 more trains (you will have 11).")
    status.say(long, "hint")
    assert status.expandable
    # a real toggle, no hover needed: a checkbox inside its label, which a click or tap checks
    assert re.search(r'<label class="ttr-status-more" role="button"[^>]*><input '
                     r'type="checkbox" class="ttr-status-toggle" hidden>', status.value)
    assert "▾ all" in status.value and "▴ less" in status.value
    assert long in text(status.value)  # the whole text is in the line
    other = StatusLine()
    other.say(long, "hint")
    count = re.compile(r'data-n="\d+"')
    assert count.sub("", other.value) == count.sub("", status.value)  # no ids (a page shows many)
    status.say("You draw a red card from the pile. Bob claims Ayr–Bree.",
               then="A " + "long prompt " * 8)  # above a long prompt the news has one line
    assert status.expandable
    status.say("You draw a red card from the pile.", then="Your turn.")
    assert not status.expandable


def test_the_page_rules_open_the_line_when_the_toggle_is_checked() -> None:
    css = style.APP_CSS
    assert ".ttr-flash:has(.ttr-status-toggle:checked) { height: auto;" in css
    assert ".ttr-flash:has(.ttr-status-toggle:checked) .ttr-status-news {" in css


# --- hints and the coach's remarks in the Log ----------------------------------------------------

def test_a_hint_and_a_coach_remark_are_kept_in_the_log_whole_between_the_moves() -> None:
    app = dealt()
    app.hint()
    hint = app.status.text
    assert app.status.kind == "hint" and hint.startswith("Hint for You:")
    log = app.stepper.log_view.value
    assert 'class="ttr-log-note ttr-log-hint"' in log and text(hint) in text(log)
    newest = text(log.split('<div class="ttr-log-entry"')[0])  # above the setup's moves
    assert newest.startswith("☞ Hint for You:")
    app.hint()  # asked again in the same position: kept once
    assert app.stepper.log_view.value.count("ttr-log-hint") == 1
    app.coach.value = True  # type: ignore[union-attr]
    # a station built first thing, a move the coach judges costly: told, and kept in the Log
    # after the move (the judge is the coach's; H-hint's rules may word it otherwise)
    action = BuildStation("Fife", "pink", 0)
    verdict = app.coach.verdict(app.state, action)  # type: ignore[union-attr]
    assert verdict is not None
    app.play(action)
    log = app.stepper.log_view.value
    coach = log.index("ttr-log-coach")
    assert text(verdict.sentence) in text(log)
    assert coach < log.index("You build a station in Fife")  # above its move: said after it
    app.note("coach", "Drawing tickets with 5 trains left for the bot: sure?")
    log = app.stepper.log_view.value
    assert text(log).startswith("Coach: Drawing tickets with 5 trains left for the bot: sure?")


def test_notes_of_an_undone_history_leave_the_log_when_it_is_played_otherwise() -> None:
    app = dealt()
    app.market.blind.click()
    app.market.blind.click()
    app.hint()  # said after two moves of this history
    assert "ttr-log-hint" in app.stepper.log_view.value
    app.undo()
    assert "ttr-log-hint" in app.stepper.log_view.value  # undone, greyed: Redo brings it
    assert "font-style:italic" in app.stepper.log_view.value.split("ttr-log-hint")[1][:300]
    app.play(ClaimRoute("m-05", "gray", 0)) or app.play(DrawBlind())
    assert "ttr-log-hint" not in app.stepper.log_view.value


# --- the Log after Undo, and what one Undo took back ------------------------------------------

def test_after_undo_and_another_claim_the_log_lists_the_claim_played_not_the_undone_one() -> None:
    state = scenario(MINI, ["You", "Bob"], hands=[{"red": 2, "blue": 2},
                                                  {"green": 3}])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    assert app.play(ClaimRoute("m-01", "red", 0))  # Ayr–Bree
    assert "Ayr–Bree" in text(app.stepper.log_view.value)
    app.undo()
    assert app.play(ClaimRoute("m-03", "blue", 0))  # Bree–Cole instead
    log = text(app.stepper.log_view.value)
    assert "Bree–Cole" in log and "Ayr–Bree" not in log
    assert len(re.findall("ttr-log-entry", app.stepper.log_view.value)) == len(app.game.actions)


def test_one_undo_says_it_took_back_the_persons_move_and_the_bots_reply() -> None:
    state = scenario(MINI, ["You", "Bob"], hands=[{"red": 2}, {"green": 3}])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.play(ClaimRoute("m-01", "red", 0))
    bob = app.game.states[2].last_event  # Bob's first move after the claim
    app.undo()
    told = app.status.text
    assert told.startswith("Undone: ")
    assert "They were your claim of Ayr–Bree and Bob's reply (" in told, (told, bob)
    kind = ("a ticket draw" if "ticket" in bob else "a claim of " if "claims" in bob else
            "a card draw")
    assert f"Bob's reply ({kind}" in told, (told, bob)


# --- the last moves on the board, a completed ticket ------------------------------------------

def test_each_players_last_claim_is_outlined_on_the_board_and_named_on_hover() -> None:
    state = scenario(MINI, ["You", "Bob"], hands=[{"red": 2}, {"yellow": 2}],
                     pile_top=["blue", "blue"])
    app = PlayApp.from_game(Game((state,)), ("human", "human"), bot_delay=0)
    app.reveal_hand()
    app.play(ClaimRoute("m-01", "red", 0))  # You: Ayr–Bree
    app.reveal_hand()
    app.play(ClaimRoute("m-08", "yellow", 0))  # Bob: Dale–Eton
    assert last_claims(app.game) == {"m-01": 0, "m-08": 1}
    assert dict(app.map_view.marks.last) == {"m-01": 0, "m-08": 1}
    figure = app.map_view.widget
    geometry = app.map_view.geometry
    spaces = geometry.route_spaces
    routes, ring = figure.data[ROUTES], figure.data[LAST_CLAIMS]

    def ringed() -> set[tuple[float, float]]:
        return set(zip(ring.x, ring.y, strict=True))

    for route in ("m-01", "m-08"):
        at = {(geometry.spaces[i].x, geometry.spaces[i].y) for i in spaces[route]}
        assert at <= ringed()  # a bright square under each of its spaces
        # the trains themselves keep their owner's colour, shape and usual outline
        assert {routes.marker.line.color[i] for i in spaces[route]} == {style.INK}
        assert {routes.marker.symbol[i] for i in spaces[route]} == {
            style.claimed_symbol(last_claims(app.game)[route])}
    assert ring.marker.size > routes.marker.size[spaces["m-08"][0]]  # the edge is outside
    assert ring.marker.color == style.LAST and LAST_CLAIMS < ROUTES  # drawn under the trains
    assert "Bob's last move" in routes.hovertext[spaces["m-08"][0]]
    assert "Your last move" in routes.hovertext[spaces["m-01"][0]]
    assert figure.data[LAST_KEY].showlegend and figure.data[LAST_KEY].name == "last claims"
    assert figure.data[LAST_KEY].legendrank >= 4000
    app.reveal_hand()
    app.play(DrawBlind())
    app.play(DrawBlind())  # You draw cards: your last move is no claim any more
    assert dict(app.map_view.marks.last) == {"m-08": 1}
    first = geometry.spaces[spaces["m-01"][0]]
    assert (first.x, first.y) not in ringed()


def test_the_keys_long_label_comes_last_so_it_covers_no_other_entry() -> None:
    """USA at the end of a game: the longest trail highlighted as "Longest Continuous Path
    bonus" beside the last claims' key (issue 24: the long label was drawn over it). The
    bottom key's columns are narrow, so the entry with the long label is the key's last."""
    figure = map_figure(USA, owners={"usa-001": 0, "usa-002": 1}, last={"usa-002": 1},
                        highlight=("usa-001",), highlight_label="Longest Continuous Path bonus",
                        marked=("Denver",), marked_label="ticket cities",
                        player_colors=("#0072b2", "#d55e00"), player_names=("You", "Bob"))
    shown = sorted((t for t in figure.data if t.showlegend is not False),
                   key=lambda t: t.legendrank or 1000)
    assert figure.layout.legend.orientation == "h"  # the key along the bottom, in columns
    assert [t.name for t in shown][-3:] == ["last claims", "ticket cities",
                                            "Longest Continuous Path bonus"]


def test_a_claim_that_completes_a_ticket_says_so() -> None:
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2}], claimed={"m-03": 0},
                     tickets=[["mini-t07", "mini-t11", "mini-t01"], []])
    after = apply(state, ClaimRoute("m-01", "red", 0))  # Ayr–Bree: Ayr–Bree done
    assert completed_tickets(state, after, 0) == "Ann completes Ayr–Bree (2 points)."
    told = own_move(state, ClaimRoute("m-01", "red", 0), after)
    assert told == f"{after.last_event} Ann completes Ayr–Bree (2 points)."
    again = apply(after, DrawBlind())
    assert completed_tickets(after, again, 0) == ""  # nothing new: nothing told


def test_a_claim_completing_two_tickets_names_both() -> None:
    state = scenario(MINI, ["You", "Bob"], hands=[{"blue": 2}], claimed={"m-01": 0},
                     tickets=[["mini-t11", "mini-t03"], []])
    after = apply(state, ClaimRoute("m-03", "blue", 0))  # Bree–Cole
    assert completed_tickets(state, after, 0) == \
        "You complete Bree–Cole (2 points) and Ayr–Cole (4 points)."


# --- the twin of a 2-player double -------------------------------------------------------------

def test_the_twin_of_a_claimed_double_hovers_as_closed_also_on_its_owners_turn() -> None:
    state = scenario(MINI, ["You", "Bob"], hands=[{"blue": 2}], claimed={"m-03": 0},
                     current=0)
    app = PlayApp.from_game(Game((state,)), ("human", "human"), bot_delay=0)
    app.reveal_hand()
    twin = app.map_view.geometry.route_spaces["m-04"][0]
    hover = app.map_view.widget.data[ROUTES].hovertext[twin]
    assert "unclaimed" not in hover and "closed, not claimable" in hover
    assert "m-04" in app.map_view.marks.closed


# --- a claim panel after a new position ---------------------------------------------------------

def test_a_panel_opened_before_a_move_closes_when_the_route_cannot_be_claimed_any_more() -> None:
    state = scenario(MINI, ["You", "Bob"], hands=[{"red": 2}, {"green": 3}],
                     pile_top=["blue", "blue"])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.select_route("m-01")  # open Ayr–Bree, claimable now
    assert app.selected == "m-01"
    app.play(DrawBlind())  # half a turn: the panel could only say "not possible now"
    assert app.selected is None
    assert "Not possible now" not in text(app.claim.value if hasattr(app.claim, "value")
                                          else "")


# --- the end revealed step by step, and the final table ---------------------------------------

def finished() -> PlayApp:
    app = PlayApp("mini", kinds=("greedy", "greedy"), seed=5, bot_delay=0)
    assert app.state.is_over
    return app


def test_the_reveal_tells_routes_then_each_ticket_then_trail_bonuses_and_total() -> None:
    app = finished()
    sheet = app.score_sheet
    assert sheet is not None
    steps = reveal_steps(MINI, sheet)
    tickets = sum(len(p.tickets) for p in sheet.players)
    assert steps[0].startswith("Routes") and steps[-1] == "The total and the winner"
    assert len(steps) == 1 + tickets + 1 + 1 + 1 + 1  # routes, tickets, stations, trail, bonus
    assert steps[1].startswith(f"{'Your' if sheet.players[0].name == 'You' else ''}")
    first = score_table_html(MINI, sheet, shown=1)
    assert "Routes" in first and "✔" not in first and "✘" not in first
    assert "Total" not in text(first) and "So far" in first and "still to show" in first
    second = score_table_html(MINI, sheet, shown=2)
    assert len(re.findall("ttr-score-ticket", second)) == 1
    before_bonus = score_table_html(MINI, sheet, shown=len(steps) - 2)
    assert "Longest trail" in before_bonus and "bonus" not in before_bonus.split("Longest")[1]
    whole = score_table_html(MINI, sheet)
    assert score_table_html(MINI, sheet, shown=len(steps)) == whole  # it ends on the final table
    assert "So far" not in whole and "still to show" not in whole
    assert [text(td) for td in re.findall(r"<tr[^>]*>.*?</tr>", whole)][-1].startswith("Total")
    assert whole.count("<table") == 1  # one table: the final one


def test_ticket_names_never_wrap_inside_a_city_name() -> None:
    app = finished()
    sheet = app.score_sheet
    assert sheet is not None
    whole = score_table_html(MINI, sheet)
    lines = re.findall(r'<div class="ttr-score-ticket".*?</div>', whole)
    assert len(lines) == sum(len(p.tickets) for p in sheet.players)
    usa = PlayApp("usa", kinds=("greedy", "greedy"), seed=2, bot_delay=0)
    sheet = usa.score_sheet
    assert sheet is not None
    names = [usa.board.city_label(c) for p in sheet.players for t in p.tickets
             for c in (usa.board.ticket(t.id).a, usa.board.ticket(t.id).b)]
    whole = score_table_html(usa.board, sheet)
    assert any(" " in name for name in names)
    for name in names:  # "Santa Fe", "Los Angeles": no space a line may break at
        assert name.replace(" ", "\u00a0") in whole


def test_a_game_played_to_its_end_on_the_loop_is_revealed_and_next_and_show_all_work(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(scoring_view, "REVEAL_STEP", 30.0)  # so slow that only clicks move it
    monkeypatch.setattr(scoring_view, "REVEAL_SECONDS", 600.0)

    async def run() -> tuple[PlayApp, list[object]]:
        app = PlayApp("mini", kinds=("greedy", "greedy"), seed=5, bot_delay=0.001)
        while app.bot_task is not None:
            await app.bot_task
        seen: list[object] = [app.scoring.shown, app.scoring.winner.value,
                              app.scoring.after.layout.display,
                              app.scoring.reveal_bar.layout.display,
                              tuple(app.map_view.marks.highlight)]
        app.scoring.next.click()
        seen.append(app.scoring.shown)
        seen.append(text(app.scoring.step_caption.value))
        app.scoring.skip.click()
        seen += [app.scoring.shown, app.scoring.reveal_bar.layout.display,
                 app.scoring.after.layout.display]
        return app, seen

    app, seen = asyncio.run(run())
    sheet = app.score_sheet
    assert sheet is not None
    assert seen[:5] == [1, "", "none", None, ()]  # routes only, no winner, no trail drawn yet
    assert seen[5] == 2 and "ticket" in str(seen[6])
    assert seen[7:] == [None, "none", None]
    assert app.map_view.marks.highlight == longest_trail_routes(sheet) != ()  # told: drawn
    assert app.scoring.table.value == score_table_html(app.board, sheet)
    assert "★" in app.scoring.winner.value


def player_points(app: PlayApp) -> tuple[str, list[int]]:
    """The players table's points heading and each player's number in that column."""
    value = app.players_table.value
    heads = [text(h) for h in re.findall(r"<th[^>]*>.*?</th>", value)]
    column = len(heads) - 1  # the mini board: no stations, no depots: points come last
    rows = value.split('<tr class="ttr-player-row"')[1:]
    return heads[column], [int(text(re.findall(r"<td>(.*?)</td>", row)[column]))
                           for row in rows]


def test_the_players_table_shows_route_points_then_the_final_totals_once_told(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Mini, greedy against greedy (seed 5), played to its end on the loop: while the Score
    tab reveals the end the players table's "points" are the route points (its tip says so),
    and once the reveal is done (Show all) "final score" with each player's total, the Score
    tab's."""
    monkeypatch.setattr(scoring_view, "REVEAL_STEP", 30.0)  # so slow that only clicks move it
    monkeypatch.setattr(scoring_view, "REVEAL_SECONDS", 600.0)

    async def run() -> tuple[PlayApp, tuple[str, list[int]], str]:
        app = PlayApp("mini", kinds=("greedy", "greedy"), seed=5, bot_delay=0.001)
        while app.bot_task is not None:
            await app.bot_task
        during, table = player_points(app), app.players_table.value
        app.scoring.skip.click()
        return app, during, table

    app, during, table = asyncio.run(run())
    sheet = app.score_sheet
    assert sheet is not None
    routes = [p.route_points for p in sheet.players]
    totals = [p.total for p in sheet.players]
    assert routes != totals  # the tickets count: the two columns differ in this game
    assert during == ("points", routes)
    assert 'title="route points so far' in table
    assert player_points(app) == ("final score", totals)
    app.stepper.undo.click()  # the game goes on again: route points
    assert not app.state.is_over and player_points(app)[0] == "points"


def test_the_statistics_charts_title_key_and_toolbar_each_have_their_own_band() -> None:
    """The Score tab's chart (380 px wide): the title in the top band, the key of the players
    in the band under it (above the bars, below the title), and a toolbar with nothing to
    zoom or pan, so that no two of them are drawn over one another."""
    app = finished()
    figure = app.scoring.stats.figure
    assert figure is not None and figure.layout.width == scoring_view.CHART_WIDTH
    title, key, margin = figure.layout.title, figure.layout.legend, figure.layout.margin
    assert (title.yref, title.y, title.yanchor) == ("container", 1.0, "top")
    assert (key.yanchor, key.y, key.orientation) == ("bottom", 1.0, "h")  # on the bars' top
    assert margin.t >= 28 + 30  # room for the title's band and the key's band above the bars
    assert {"zoom", "pan", "select", "lasso"} <= set(figure.layout.modebar.remove)
    assert figure.layout.xaxis.fixedrange and figure.layout.yaxis.fixedrange


def test_the_status_line_tells_the_winner_when_the_reveal_ends_not_before(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(scoring_view, "REVEAL_STEP", 30.0)  # so slow that only clicks move it
    monkeypatch.setattr(scoring_view, "REVEAL_SECONDS", 600.0)

    async def run(end: str) -> tuple[PlayApp, list[str]]:
        app = PlayApp("mini", kinds=("greedy", "greedy"), seed=5, bot_delay=0.001)
        while app.bot_task is not None:
            await app.bot_task
        said = [app.status.text]
        if end == "next":
            while app.scoring.shown is not None:
                said.append(app.status.text)
                app.scoring.next.click()
        else:
            app.scoring.skip.click()
        said.append(app.status.text)
        return app, said

    for end in ("next", "show all"):
        app, said = asyncio.run(run(end))
        sheet = app.score_sheet
        assert sheet is not None
        *during, after = said
        for line in during:  # the last moves, then the reveal: no winner yet
            assert sheet.reason not in line and "wins" not in line and "★" not in line, line
            assert line.endswith(END_REVEALED), line
        assert after == f"Game over. {sheet.reason}", end  # with the final table
        assert app.scoring.shown is None and "★" in app.scoring.winner.value
        if end == "next":
            assert len(during) == len(reveal_steps(MINI, sheet))


def test_the_coachs_review_waits_for_the_final_table(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The review tells the final points ("Your 17 points: …"): while the end is revealed
    step by step it stays out of sight, and comes with the final table."""
    monkeypatch.setattr(scoring_view, "REVEAL_STEP", 30.0)  # so slow that only clicks move it
    monkeypatch.setattr(scoring_view, "REVEAL_SECONDS", 600.0)

    async def run() -> tuple[PlayApp, list[object]]:
        app = PlayApp.from_game(Game((stuck(),)), ("human", "greedy"), bot_delay=0.001)
        app.coach.value = True  # type: ignore[union-attr]
        app.play(Pass())
        while app.bot_task is not None:
            await app.bot_task
        seen: list[object] = [app.scoring.shown, app.review_box.layout.display,
                              app.review.layout.display]
        app.scoring.next.click()
        seen.append(app.review_box.layout.display)
        app.scoring.skip.click()
        seen.append(app.review_box.layout.display)
        return app, seen

    app, seen = asyncio.run(run())
    assert seen[0] == 1 and seen[2] is None  # revealing, the review asked for (or under way)
    assert seen[1] == seen[3] == "none"  # but not shown during the reveal
    assert seen[4] is None  # the final table: the review shows
    assert app.review_box.children == (app.review,)


def test_an_end_shown_at_once_tells_the_winner_at_once() -> None:
    app = finished()  # bot_delay 0: no reveal
    sheet = app.score_sheet
    assert sheet is not None and app.scoring.shown is None
    assert app.status.text.endswith(f"Game over. {sheet.reason}")


def test_a_loaded_finished_game_shows_its_final_table_at_once() -> None:
    game = finished().game
    app = PlayApp.from_game(game, ("human", "greedy"), bot_delay=0)
    assert app.scoring.shown is None
    assert app.scoring.table.value == score_table_html(app.board, score(app.state))


def test_the_score_tabs_statistics_fold_their_points_away_and_fit_the_panel() -> None:
    app = finished()
    stats = app.scoring.stats
    table = stats.table.value
    assert '<details class="ttr-stats-points"' in table
    before, folded = table.split('<details class="ttr-stats-points"')
    assert "Taken face-up" in before and "Routes" not in text(before).split("Taken")[0][-40:]
    assert "Total" in folded and "Total" not in text(before)
    assert stats.figure is not None and stats.figure.layout.width == scoring_view.CHART_WIDTH
