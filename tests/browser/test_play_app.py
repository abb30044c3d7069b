"""The play app (notebooks/Play.ipynb) in a real Voila server and headless Chromium.

Every route of USA and Europe answers its click; an illegal click is answered with its rule and
changes nothing; Undo puts the board back; and a whole game against the greedy bot is played by
clicks alone. Where a test needs to know what the game holds (which route can be paid, which
card is face up), it asks the same ``PlayApp`` built in this process with the same seed and the
same clicks — and checks that the page agrees with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from ttr_widgets.rules.advice import claim_refusal, route_payments
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.words import win_verb
from ttr_widgets.widgets.board.render import LAST_CLAIMS, ROUTES
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.claim import route_title
from ttr_widgets.widgets.table.scoring_view import reveal_steps

from . import VoilaServer, running_server, screenshot
from .play_helpers import (
    BrowserTable,
    HeadlessTable,
    PairedTable,
    PlayPage,
    app_board_marks,
    html_text,
    play_to_the_end,
)

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

SEED = 4  #: a USA deal where the person can claim a route at once and a locomotive is face up
MINI_SEED = 81  #: a mini game whose clicks take every flow: tunnel, station, face-up, pass
#: the buttons ``play_to_the_end`` presses that play a move, each used at least once at MINI_SEED
FLOWS = {"keep_tickets", "claim_first_option", "pay_tunnel", "draw_blind", "take_face_up",
         "draw_tickets", "build_station", "pass_turn"}
MINI = "play_mini.ipynb"


@pytest.fixture(scope="module")
def mini_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A server of one notebook: the app on the mini map, bots 0.05 s apart (pre-heated)."""
    root = tmp_path_factory.mktemp("play-notebooks")
    _write_notebook(root / MINI, "from ttr_widgets.widgets.pages.app import PlayApp\n"
                                 "from ttr_widgets.widgets.table import scoring_view\n"
                                 "# the end's reveal moves on by clicks only (Next, Show all)\n"
                                 "scoring_view.REVEAL_STEP = scoring_view.REVEAL_SECONDS = 600\n"
                                 f"PlayApp('mini', seed={MINI_SEED}, bot_delay=0.05)")
    with running_server(root, notebook=MINI, log_name="voila-play-mini") as server:
        yield server


@pytest.fixture(autouse=True)
def _show_console_errors(console_errors: list[str]) -> Iterator[None]:
    """A failing test's report shows what the page's console said (asserted at each end)."""
    yield
    for error in console_errors:
        print(error)


def _write_notebook(path: Path, source: str) -> None:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, path)


def _twin(map_name: str, seed: int) -> PlayApp:
    """The app the page shows, built here: same map, seed and seats, bots at once."""
    return PlayApp(map_name, seed=seed, bot_delay=0)


# --- every route ---------------------------------------------------------------------------------

def test_every_route_on_usa_and_europe_reports_its_click(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Each train route is clicked on one of its spaces; the kernel must answer with that very
    route: the board's selection ring circles exactly its spaces (so the two tracks of a double
    are told apart) and the claim panel is titled with it."""
    play = PlayPage.open(page, kit_server)
    for map_name in ("usa", "europe"):
        if map_name == "europe":
            play.new_game("europe", seed=SEED)
        board = load_map(map_name)
        spaces = play.spaces()
        assert sorted(spaces) == sorted(r.id for r in board.routes)  # 100 / 101, all drawn
        for route in board.routes:
            route_spaces = spaces[route.id]
            play.click_space(route_spaces[len(route_spaces) // 2])
            play.wait_selected([(s.data_x, s.data_y) for s in route_spaces],
                               route_title(board, route))
        screenshot(page, f"play-{map_name}-every-route")
    # A city takes its own click: the station flow, not a route's claim.
    wien = play.click_city("Wien")
    play.wait_selected([(wien.data_x, wien.data_y)], "Station in Wien")
    assert console_errors == []


# --- illegal clicks -----------------------------------------------------------------------------

def test_an_illegal_click_shows_its_rule_and_changes_nothing(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    play = PlayPage.open(page, kit_server)
    play.new_game("usa", seed=SEED)
    twin = _twin("usa", SEED)
    assert play.keep_tickets()
    twin.ticket_choice.keep.click()
    assert play.text(".ttr-hand") == html_text(twin.hand.cards.value)  # the same deal

    # A 6-space route with 4 cards in hand: refused when clicked, with the rule it breaks.
    route = next(r for r in twin.board.routes
                 if r.length == 6 and claim_refusal(twin.state, r.id) is not None)
    refusal = claim_refusal(twin.state, route.id)
    assert refusal is not None and refusal.rule == "claim.whole-route"
    before = _table(play)
    status = play.select_route(route.id)
    assert (status.kind, status.rule) == ("error", refusal.rule)
    assert status.text == f"⚠ {refusal.reason}"  # a sentence; the rule behind its "why?"
    assert refusal.rule in play.text(".ttr-status .ttr-why")
    assert refusal.reason not in play.text(".ttr-claim")  # said once, not twice
    page.locator(".ttr-claim-cancel").first.wait_for(state="visible")  # the panel is drawn
    assert page.locator(".ttr-claim-option").count() == 0  # and offers no way to pay
    assert _table(play) == before
    screenshot(page, "play-illegal-route")

    # A face-up locomotive as the second card: the rules core refuses the action itself.
    assert play.draw_blind()
    twin.market.blind.click()
    slot = twin.state.face_up_names().index("locomotive")
    twin.market.cards[slot].click()
    assert twin.status.rule == "draw.second-locomotive"  # the twin is refused too
    before = _table(play)
    assert not play.act(page.locator("button.ttr-market-card").nth(slot))
    status = play.status()
    assert (status.kind, status.rule) == ("error", twin.status.rule)
    assert status.text == f"⚠ {twin.status.text}"
    assert _table(play) == before
    screenshot(page, "play-illegal-card")
    assert console_errors == []


def _table(play: PlayPage) -> tuple[object, ...]:
    """What a move would change: the step and whose turn, the players, the hand, the market,
    the board."""
    position = play.position()
    return (position.step, position.label, play.text(".ttr-players"), play.text(".ttr-hand"),
            play.text(".ttr-market"), play.board_marks().routes)


# --- undo -----------------------------------------------------------------------------------------

def test_undo_restores_the_board(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Claim a route (the bot answers), Undo: the route's spaces are drawn unclaimed again —
    in the figure's data and in the SVG — and the table is as before; Redo claims it again.
    After the claim the whole board equals the headless app's after the same clicks."""
    play = PlayPage.open(page, kit_server)
    play.new_game("usa", seed=SEED)
    twin = _twin("usa", SEED)
    assert play.keep_tickets()
    twin.ticket_choice.keep.click()
    route = next(r for r in twin.board.routes
                 if r.length >= 2 and route_payments(twin.state, r.id))
    before, fills_before = _table(play), play.drawn_fills(route.id)
    unclaimed = app_board_marks(twin)
    assert play.read_until(play.board_marks, unclaimed) == unclaimed  # nothing claimed yet

    assert play.select_route(route.id).kind == "info"  # "…: choose how to pay below."
    assert play.claim_option(0)  # waits for the bot's turn too
    twin.click_route(route.id)
    twin.claim.options.children[0].click()
    claimed = app_board_marks(twin)  # the person's route and the bot's answer
    assert play.read_until(play.board_marks, claimed) == claimed
    assert claimed.route(route.id) == [(DEFAULT_PLAYER_COLORS[0], "square")] * route.length
    blue = [_rgb(DEFAULT_PLAYER_COLORS[0])] * route.length
    assert play.read_until(lambda: play.drawn_fills(route.id), blue) == blue
    screenshot(page, "play-undo-1-claimed")

    play.undo()
    assert play.read_until(lambda: _table(play), before) == before
    assert play.read_until(lambda: play.drawn_fills(route.id), fills_before) == fills_before
    assert play.position().last > play.position().step  # the undone moves wait for Redo
    status = play.status()
    assert status.kind == "info" and "click a route to claim it" in status.text  # your turn
    screenshot(page, "play-undo-2-undone")

    play.redo()
    assert play.read_until(play.board_marks, claimed) == claimed
    assert console_errors == []


def _rgb(hex_color: str) -> str:
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


# --- a whole game -------------------------------------------------------------------------------

def test_a_game_against_the_bot_is_played_to_the_end_by_clicks(
        mini_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """The mini map, by clicks only (``play_to_the_end``): tickets kept, hints followed, a
    tunnel paid, stations built, cards drawn, until the score table shows. Each click is also
    made on the headless app with the same seed: after each, the page must answer as it does
    and draw the same board; at the end it must show the same score and winner."""
    play = PlayPage.open(page, mini_server, MINI)
    twin = _twin("mini", MINI_SEED)
    table = PairedTable(BrowserTable(play), HeadlessTable(twin))
    play_to_the_end(table)
    assert set(table.played) >= FLOWS, table.played  # the game took every flow, by clicks
    sheet = twin.score_sheet
    assert sheet is not None

    page.locator(".ttr-score-table table").wait_for(state="visible")  # the Score tab opens
    # The end step by step (the twin, with no event loop, shows it whole at once): the routes
    # first, no winner yet; Next tells the first ticket; Show all ends on the final table.
    caption = page.locator(".ttr-reveal-step")
    caption.wait_for(state="visible")
    steps = len(reveal_steps(twin.board, sheet))
    assert play.text(".ttr-reveal-step").startswith(f"The end, step by step (1 of {steps})")
    assert "So far" in play.text(".ttr-score-table") and play.text(".ttr-winner") == ""
    screenshot(page, "play-mini-end-1-routes", full_page=False)
    play.button("ttr-reveal-next").click()
    page.locator(".ttr-reveal-step", has_text=f"(2 of {steps})").wait_for()
    assert page.locator(".ttr-score-ticket").count() == 1
    screenshot(page, "play-mini-end-2-first-ticket", full_page=False)
    play.button("ttr-reveal-all").click()
    page.locator(".ttr-winner", has_text="★").wait_for()
    assert not caption.is_visible()
    assert play.position().step == len(twin.game.actions)
    assert page.locator(".ttr-log-entry").count() == len(twin.game.actions)
    winner = play.text(".ttr-winner")
    best = max(sheet.players, key=lambda p: p.total)
    assert winner.startswith(f"★ {best.name} {win_verb([best.name])}.")  # 'You win.'/'Ann wins.'
    assert winner == html_text(twin.scoring.winner.value)
    assert play.text(".ttr-score-table") == html_text(twin.scoring.table.value)
    # The status line is a widget message of its own, sent after the winner's: wait for it.
    assert play.wait_status(f"Game over. {sheet.reason}").text.endswith(
        f"Game over. {sheet.reason}")
    screenshot(page, "play-mini-game-over")
    side = page.locator(".ttr-side").bounding_box()
    chart = page.locator(".ttr-stats-plot .js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert side is not None and box is not None
    assert box["x"] + box["width"] <= side["x"] + side["width"] + 1  # the chart fits its panel
    screenshot(page, "play-mini-game-over-chart", full_page=False)
    assert console_errors == []


_LAST_JS = """
([routes, last]) => { const gd = document.querySelector('.ttr-board .js-plotly-plot');
  const r = gd.data[routes], l = gd.data[last], at = new Map();
  Array.from(r.x).forEach((x, i) => at.set(x + ',' + r.y[i], r.customdata[i]));
  // the routes whose spaces the bright squares under them (the last claims) sit at
  return [...new Set(Array.from(l.x || []).map((x, i) => at.get(x + ',' + l.y[i])))].sort(); }
"""

_CLIPPED_JS = """
() => { const n = document.querySelector('.ttr-status .ttr-status-news');
  const box = document.querySelector('.ttr-status .ttr-flash');
  return [n.scrollHeight > n.clientHeight + 1, box.getBoundingClientRect().height]; }
"""


def test_the_screen_keeps_every_word_and_marks_the_last_moves(
        mini_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """1366x768, the mini map by clicks (the headless twin alongside): a hint's long text is
    cut in the status line until its "▾ all" is clicked, then shown whole; the hint is kept in
    the Log; each player's last claim is outlined on the board as the twin outlines it; one
    Undo says it took back the person's move and the bot's reply."""
    play = PlayPage.open(page, mini_server, MINI)
    twin = _twin("mini", MINI_SEED)
    table = PairedTable(BrowserTable(play), HeadlessTable(twin))
    while table.pending() == "tickets":
        assert table.keep_tickets()
    hint = play.hint()
    twin.hint()
    assert hint.kind == "hint" and hint.text == f"☞ {twin.status.text}" and twin.status.expandable
    clipped, height = page.evaluate(_CLIPPED_JS)
    assert clipped, "a hint this long is cut until opened"
    screenshot(page, "play-screen-1-hint-cut", full_page=False)
    page.locator(".ttr-status .ttr-status-more").click()
    page.wait_for_function("h => document.querySelector('.ttr-status .ttr-flash')"
                           ".getBoundingClientRect().height > h", arg=height)
    clipped, _height = page.evaluate(_CLIPPED_JS)
    assert not clipped  # the whole message is shown
    assert page.locator(".ttr-status .ttr-more-open").is_visible()
    screenshot(page, "play-screen-2-hint-open", full_page=False)

    for _turn in range(12):  # play on (the hint's claims, else cards) until the bot claims
        if 1 in twin.map_view.marks.last.values():
            break
        pending = table.pending()
        if pending == "over":
            break
        if pending == "tunnel":
            assert table.pay_tunnel() or table.decline_tunnel()
        elif pending == "second" or not (table.hint_claims() and table.claim_first_option()):
            assert table.draw_blind()
    last = sorted(twin.map_view.marks.last)
    assert 1 in twin.map_view.marks.last.values(), "the bot claimed no route in 12 turns"
    outlined = play.read_until(lambda: page.evaluate(_LAST_JS, [ROUTES, LAST_CLAIMS]), last)
    assert outlined == last
    screenshot(page, "play-screen-3-last-claims", full_page=False)

    play.tab("Log")
    notes = page.locator(".ttr-log-note.ttr-log-hint")
    assert notes.count() >= 1 and notes.last.text_content().startswith("☞ Hint for You:")
    screenshot(page, "play-screen-4-log", full_page=False)
    play.tab("Play")
    play.undo()
    twin.undo()
    told = play.status().text
    assert told == twin.status.text and "They were your " in told and " reply (" in told
    screenshot(page, "play-screen-5-undo", full_page=False)
    assert console_errors == []
