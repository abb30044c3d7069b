"""A whole game with Coach on, as a learner meets it (issue 24): the Play page at 1366x768 in
headless Chromium, the mini map against the hard (strong) bot, Coach switched on by its box,
Hint pressed every turn and followed, and two costly moves a learner makes — a claim off the
plan that spends the plan's cards, and new tickets drawn while the bot has few trains left.

Each click is made on the page and on a headless twin of the app (same seed, same seats, bots
at once: ``play_helpers.PairedTable``), so the test knows what the game holds and checks the page
against it. Along the way it asserts what the learner must get: the coach's question appears
before the ticket draw is played (the step does not move until the draw is asked again), its
word on the off-plan claim is advice (not a green success), hints and the coach's remarks are
kept in the Log, the end is revealed step by step with the winner told only at the final table
(in the Score tab and in the status line), and the final table's totals are the core's
``score``. Screenshots are saved at each of those moments (``test-artifacts/screenshots``,
``coached-*``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from ttr_widgets.bots.coach import ask
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
)
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.legal import legal_actions
from ttr_widgets.widgets.board.render import CITIES
from ttr_widgets.widgets.pages.app import END_REVEALED, PlayApp
from ttr_widgets.widgets.table.answers import hint_answer
from ttr_widgets.widgets.table.scoring_view import reveal_steps

from . import VoilaServer, running_server, screenshot
from .play_helpers import BrowserTable, HeadlessTable, PairedTable, PlayPage, html_text

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

SEED = 2  #: a mini deal where an off-plan claim spends the plan's locomotive, and the bot
#: reaches 5 trains or fewer while the learner can still draw tickets
BOT = "strong"  #: the hard bot
NOTEBOOK = "coached_mini.ipynb"
NEAR = 5  #: the bot's trains at which the learner draws tickets late (the coach asks first)
FIRST_BAD_TURN = 4  #: the off-plan claim is made from this turn on, once one costs


@pytest.fixture(scope="module")
def coached_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The app on the mini map against the strong bot, its moves 0.05 s apart (the end is
    revealed step by step only at a paced table), the reveal moved on by clicks only."""
    root = tmp_path_factory.mktemp("coached-notebooks")
    source = ("from ttr_widgets.widgets.pages.app import PlayApp\n"
              "from ttr_widgets.widgets.table import scoring_view\n"
              "scoring_view.REVEAL_STEP = scoring_view.REVEAL_SECONDS = 600\n"
              f"PlayApp('mini', kinds=('human', {BOT!r}), seed={SEED}, bot_delay=0.05)")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, Path(root) / NOTEBOOK)
    with running_server(root, notebook=NOTEBOOK, log_name="voila-coached") as server:
        yield server


def first_option(app: PlayApp) -> Action:
    """The move the claim panel's first payment button plays (of the colour it proposes)."""
    claim = app.claim
    many = len(claim.colors.options) > 1
    return next(p for p in claim.payments if not many or p.color == claim.colors.value)


def costly_claim(twin: PlayApp) -> str | None:
    """A route off the hint's move whose first payment the coach judges costly, if any."""
    state = twin.state
    hinted = hint_answer(state)[0]
    routes = dict.fromkeys(a.route for a in legal_actions(state)
                           if isinstance(a, ClaimRoute) and not (
                               isinstance(hinted, ClaimRoute) and a.route == hinted.route))
    assert twin.coach is not None
    for route in routes:
        twin.select_route(route)
        if twin.coach.verdict(state, first_option(twin)) is not None:
            return route
    twin.clear_selection()
    return None


def status_says(play: PlayPage, fragment: str) -> str:
    return play.wait_status(fragment).text


def open_status(play: PlayPage) -> None:
    """Open the status line to its whole message ("▾ all"), as a learner taps it."""
    more = play.page.locator(".ttr-status .ttr-status-more")
    if more.count() and more.first.is_visible():
        more.first.click()
        play.page.locator(".ttr-status .ttr-more-open").first.wait_for(state="visible")


def build_station(table: PairedTable, city: str) -> bool:
    """Click ``city`` on the page and on the twin and pay the station the first way offered."""
    play, twin = table.page.play, table.twin
    space = play.cities()[city]
    play.click_space(space, CITIES)
    play.wait_selected([(space.data_x, space.data_y)])
    twin.app.click_city(city)
    mine = play.act(play.page.locator(".ttr-station-option").first)
    theirs = twin._press(twin.app.claim.options.children[0])
    assert mine == theirs
    return mine


def test_a_whole_game_with_coach_on_as_a_learner_plays_it(
        coached_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    play = PlayPage.open(page, coached_server, NOTEBOOK)
    twin = PlayApp("mini", kinds=("human", BOT), seed=SEED, bot_delay=0)
    table = PairedTable(BrowserTable(play), HeadlessTable(twin))
    assert twin.coach is not None

    coach_box = page.locator(".ttr-coach input")
    coach_box.check()  # Coach on, by its box; its label says what it does
    twin.coach.value = True
    assert "warns when a move costs" in play.text(".ttr-coach")
    screenshot(page, "coached-1-start", full_page=False)

    hints = claimed_off_plan = asked = 0
    flagged = ""  #: the route of the claim the coach spoke about
    said: list[str] = []  #: what the status line said at the moments looked at (printed)
    shots = {"hint": False, "mid": False, "near": False}
    while (pending := table.pending()) != "over":
        state = twin.state
        if pending == "tickets":
            assert table.keep_tickets()
            continue
        if pending == "tunnel":
            assert table.pay_tunnel() or table.decline_tunnel()
            continue
        bot_trains = state.players[1].trains
        if pending == "turn" and not asked and bot_trains <= NEAR and \
                DrawTickets() in legal_actions(state) and ask(state, DrawTickets()):
            # the late ticket draw: the coach asks before it is played
            step = play.position().step
            page.evaluate("() => { const d = document.querySelector("
                          "'.ttr-status .widget-html-content > div'); if (d) d.dataset.seen = 1; }")
            play.button("ttr-draw-tickets").click()
            told = play.wait_told()
            twin.market.draw_tickets.click()
            assert told.kind == "hint" and told.text.startswith("☞ Coach: Drawing tickets with")
            assert f"{bot_trains} train" in told.text and "sure?" in told.text
            assert told.text == f"☞ {twin.status.text}"
            assert play.position().step == step == twin.game.cursor  # not played yet
            said.append(told.text)
            open_status(play)
            screenshot(page, "coached-4-coach-asks-before-tickets", full_page=False)
            assert table.draw_tickets()  # asked again: yes, played
            asked += 1
            continue
        if pending == "turn" and not claimed_off_plan and state.turn >= FIRST_BAD_TURN:
            route = costly_claim(twin)
            if route is not None:  # a claim off the plan, spending its cards
                play.select_route(route)
                assert table.claim_first_option()
                told = play.wait_told()
                said.append(told.text)
                assert told.kind == "hint" and "Coach: " in told.text, told  # advice
                assert "off your plan" in told.text or "better to" in told.text
                flagged = twin.board.route(route).cities_label
                open_status(play)
                screenshot(page, "coached-3-coach-after-off-plan-claim", full_page=False)
                claimed_off_plan += 1
                continue
        # the learner asks for a hint and follows it
        hint = play.hint()
        twin.hint()
        hints += 1
        assert hint.kind == "hint" and hint.text == f"☞ {twin.status.text}"
        assert hint.text.startswith("☞ Hint for You: ")
        said.append(hint.text)
        if not shots["hint"] and state.turn >= 1:
            open_status(play)  # the whole hint, by a tap
            screenshot(page, "coached-2-hint", full_page=False)
            shots["hint"] = True
        action = hint_answer(state)[0]
        if isinstance(action, ClaimRoute):
            assert twin.selected == action.route
            assert table.claim_first_option()
        elif isinstance(action, DrawFaceUp):
            slot = state.face_up_names().index(action.card)  # the leftmost such card
            assert table.take_face_up(slot)
        elif isinstance(action, DrawTickets) and ask(state, action) is None:
            assert table.draw_tickets()
        elif isinstance(action, BuildStation):
            assert build_station(table, action.city)
        else:
            assert isinstance(action, DrawBlind | DrawTickets), action
            assert table.draw_blind()
        if not shots["mid"] and twin.state.turn >= 10:
            screenshot(page, "coached-5-mid-game", full_page=False)
            shots["mid"] = True
        if not shots["near"] and twin.state.players[1].trains <= NEAR and \
                not twin.state.is_over:
            screenshot(page, "coached-6-near-the-end", full_page=False)
            shots["near"] = True
    assert claimed_off_plan == 1 and asked == 1 and hints >= 10, (claimed_off_plan, asked,
                                                                  hints)

    # the end, step by step: the winner only with the final table
    sheet = twin.score_sheet
    assert sheet is not None
    steps = reveal_steps(twin.board, sheet)
    for shown in range(1, len(steps)):  # the last step is the final table itself
        caption = page.locator(".ttr-reveal-step", has_text=f"({shown} of {len(steps)})")
        caption.wait_for(state="visible")
        assert play.text(".ttr-winner") == ""
        assert not page.locator(".ttr-review").is_visible()  # it tells the final points
        status = play.status().text
        assert sheet.reason not in status and status.endswith(END_REVEALED), status
        screenshot(page, f"coached-7-reveal-{shown:02d}", full_page=False)
        play.button("ttr-reveal-next").click()
    page.locator(".ttr-winner", has_text="★").wait_for()
    assert status_says(play, sheet.reason) == f"Game over. {sheet.reason}"
    screenshot(page, "coached-8-final-table", full_page=False)
    # the coach's review, with the final table: it agrees with what the coach said in play
    review = page.locator(".ttr-review")
    review.wait_for(state="visible")
    review.scroll_into_view_if_needed()
    page.locator(".ttr-review", has_text="Your costliest move").wait_for()
    assert f"{sheet.players[0].total} points" in play.text(".ttr-review")
    assert flagged in play.text(".ttr-review").split("Your costliest move")[1]
    screenshot(page, "coached-8-review", full_page=False)

    # the final table is the core's score
    final = score(twin.state)
    assert [p.total for p in sheet.players] == [p.total for p in final.players]
    table_text = play.text(".ttr-score-table")
    assert table_text == html_text(twin.scoring.table.value)
    cells = page.locator(".ttr-score-table tr").last.locator("td, th").all_text_contents()
    assert cells[0].strip().startswith("Total"), cells
    assert [int(c) for c in cells[1:]] == [p.total for p in final.players]
    assert play.text(".ttr-winner").startswith(f"★ {' and '.join(final.winners)} ")

    # hints and the coach's remarks are in the Log, between the moves
    play.tab("Log")
    notes = page.locator(".ttr-log-note.ttr-log-hint")
    assert notes.count() >= hints - 2  # a hint asked again in one position is kept once
    coach = page.locator(".ttr-log-note.ttr-log-coach")
    assert coach.count() >= 2  # the claim's word and the question before the tickets
    assert any(t.startswith("Coach: Drawing tickets with") for t in coach.all_text_contents())
    screenshot(page, "coached-9-log", full_page=False)
    print("\n".join([*said, *notes.all_text_contents(), *coach.all_text_contents()]))
    assert console_errors == []
