"""A team game in the play app, in headless Chromium at 1366×768, on the app's one table: from
the Game tab's team panel, a 4-seat USA team game (you and three greedy bots) is played to the
end by clicks — tickets ticked and one shared, the first card's place chosen, face-up and blind
draws, routes clicked on the board and paid from hand and holder, the share action — with the
team sheet in the Score tab at the end; the side panel stays on the screen beside the board.
Then a team game's record is loaded from a file and replayed in the stepper, and one is
downloaded from the Game tab and loaded back.

A twin ``PlayApp`` built in this process with the same seed and seats plays the same game (the
bots are seeded by the game and the step): it chooses the person's moves (the greedy bot's,
from the person's view) and after every click the page must show what the twin shows (the
players by team, the holders, the stepper's position, the board's marks).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Locator, Page

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.record import from_record
from ttr_widgets.rules.state import ShareChoice
from ttr_widgets.rules.teams import HAND
from ttr_widgets.testing.team_table import click, payment_label
from ttr_widgets.testing.teams import team_record
from ttr_widgets.widgets.pages.app import PlayApp

from . import VIEWPORT, VoilaServer, running_server, screenshot
from .play_helpers import PlayPage, app_board_marks, html_text

pytestmark = pytest.mark.browser

SEED = 3  #: the team game's deal
NOTEBOOK = "play_team.ipynb"
ACTION_MS = 30_000
SEATS = ("You", "Ben", "Cleo", "Dev")
KINDS = ("human", "greedy", "greedy", "greedy")

# Where the board and the side panel are, whether the page scrolled, and which boxes scroll.
_LAYOUT_JS = """
() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const scrolled = document.scrollingElement.scrollTop + document.scrollingElement.scrollLeft;
  const wide = document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1;
  const tab = document.querySelector('.ttr-tabs > .widget-tab-contents');
  const tall = tab ? tab.scrollHeight - tab.clientHeight : 0;
  return {board: box('.ttr-board'), side: box('.ttr-side'), scrolled, wide, tall};
}
"""


@pytest.fixture(scope="module")
def team_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """One notebook: the play app, bots 0.05 s apart (pre-heated)."""
    root = tmp_path_factory.mktemp("team-notebooks")
    _write_notebook(root / NOTEBOOK, "from ttr_widgets.widgets.pages.app import PlayApp\n"
                                     "PlayApp('usa', seed=4, bot_delay=0.05)")
    with running_server(root, notebook=NOTEBOOK, log_name="voila-team") as server:
        yield server


def _write_notebook(path: Path, source: str) -> None:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, path)


def twin_app(seed: int = SEED) -> PlayApp:
    """The game the page plays, in this process: started from the Game tab's team panel."""
    app = PlayApp("usa", seed=4, bot_delay=0)
    panel = app.team_start
    panel.seed.value = str(seed)
    for field, kind in zip(panel.kinds, KINDS, strict=False):
        field.value = kind
    panel.start.click()
    assert app.state.teams and app.kinds == KINDS
    return app


def exactly(text: str) -> re.Pattern[str]:
    """A button's whole text, and nothing more (``has_text`` alone matches a part)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


class TeamPage:
    """The team game on the app's table in the page, clicked as a person does."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.play = PlayPage(page)

    def start(self, seed: int) -> None:
        """Deal the team game from the Game tab's team panel; back on the Play tab."""
        self.play.tab("Game")
        self.page.locator(".ttr-team-seed input").fill(str(seed))
        self.page.locator(".ttr-team-seed input").press("Tab")  # the text box syncs on blur
        self.page.locator(".ttr-team-start").first.click()
        self.page.wait_for_function(
            "(seed) => { const e = document.querySelector('.ttr-title');"
            " return e && e.textContent.includes('team game') &&"
            " e.textContent.includes('seed ' + seed); }", arg=str(seed), timeout=ACTION_MS)
        self.play.wait_tab("Play")
        self.play.wait_for_turn()
        self.play.wait_for_board()

    def act(self, target: Locator) -> None:
        """Click a button that plays a move; wait until it is played and the person is to
        move again (or the game is over)."""
        played = self.play.act(target)
        assert played, f"the click was refused: {self.play.status().text!r}"

    def button(self, css: str, text: str | None = None) -> Locator:
        locator = self.page.locator(f"button.{css}, .{css} button")
        if text is not None:
            locator = locator.filter(has_text=exactly(text))
        locator.first.wait_for(state="visible", timeout=ACTION_MS)
        return locator.first

    def tick(self, css: str, labels: list[str], wanted: set[str]) -> None:
        boxes = self.page.locator(f".{css} input[type=checkbox]")
        for _ in range(ACTION_MS // 200):  # the boxes are new widgets, drawn after the table
            if boxes.count() == len(labels):
                break
            self.page.wait_for_timeout(200)
        assert boxes.count() == len(labels)
        for i, label in enumerate(labels):
            box = boxes.nth(i)
            if box.is_checked() != (label in wanted):
                box.click()

    def claim(self, route_id: str, color: str, label: str, offered: bool) -> None:
        """Click the route on the board, pick the colour, then pay: a button, or picked in
        the list under the buttons and paid (``offered``: the twin shows it as a button)."""
        self.page.locator(".ttr-board .js-plotly-plot").scroll_into_view_if_needed()
        self.play.select_route(route_id)
        picker = self.page.locator(".ttr-claim-color select")
        if picker.is_visible():
            picker.select_option(color)
        if offered:
            self.act(self.button("ttr-claim-option", label))
            return
        self.page.locator(".ttr-claim-more select").select_option(
            label=label.removeprefix("Pay "))
        self.act(self.button("ttr-claim-more-pay"))


def act_in_page(team: TeamPage, twin: PlayApp, action: Action) -> None:
    """Click ``action`` in the page (the twin shows what the page should show)."""
    state, board = twin.state, twin.board
    if isinstance(action, KeepTickets):
        offered = list(state.pending.tickets)  # type: ignore[union-attr]
        team.tick("ttr-ticket-choice-panel", offered, set(action.tickets))
        team.act(team.button("ttr-keep-tickets"))
    elif isinstance(action, ShareTickets) and isinstance(state.pending, ShareChoice):
        ticket = board.ticket(action.tickets[0])
        name = f"{board.city_label(ticket.a)} – {board.city_label(ticket.b)} ({ticket.points})"
        team.act(team.button("ttr-share-one", f"Share {name}"))
    elif isinstance(action, ShareTickets):
        team.button("ttr-share-open").click()
        team.tick("ttr-share-action", list(state.player.tickets), set(action.tickets))
        team.act(team.button("ttr-share-tickets"))
    elif isinstance(action, PlaceCard):
        team.act(team.button("ttr-place-hand" if action.to == HAND else "ttr-place-holder"))
    elif isinstance(action, DrawBlind):
        team.act(team.button("ttr-blind-draw"))
    elif isinstance(action, DrawFaceUp):
        slot = next(i for i, b in enumerate(twin.market.cards) if b.description == action.card)
        team.act(team.page.locator("button.ttr-market-card").nth(slot))
    elif isinstance(action, ClaimRoute):
        twin.click_route(action.route)  # what the twin's panel offers
        if len(twin.claim.colors.options) > 1:
            twin.claim.colors.value = action.color
        label = f"Pay {payment_label(state, action)}"
        offered = label in [b.description for b in twin.claim.options.children]
        team.claim(action.route, action.color, label, offered)
    elif isinstance(action, DrawTickets):
        team.act(team.button("ttr-draw-tickets"))
    elif isinstance(action, Pass):
        team.act(team.button("ttr-pass"))
    else:
        raise AssertionError(f"no click for {action}")


def assert_same_table(team: TeamPage, twin: PlayApp) -> None:
    """The page shows what the twin shows: the players by team, the holders, the step, the
    board's marks."""
    play = team.play
    expected = html_text(twin.players_table.value)
    assert play.read_until(lambda: play.text(".ttr-players"), expected) == expected
    holders = html_text(twin.holders.value)
    assert play.read_until(lambda: play.text(".ttr-holders"), holders) == holders
    assert play.position().step == twin.game.cursor
    marks = app_board_marks(twin)
    assert play.read_until(play.board_marks, marks) == marks


def on_the_screen(page: Page, *, whole: bool = True) -> dict[str, Any]:
    """The board and the side panel beside it, wholly on the screen; the page not scrolled;
    with ``whole``, the tab shown not scrolling either: all of it in view."""
    page.wait_for_timeout(300)
    layout: dict[str, Any] = page.evaluate(_LAYOUT_JS)
    board, side = layout["board"], layout["side"]
    assert side[0] >= board[2] - 0.5 and abs(side[1] - board[1]) < 1, layout  # beside it
    assert max(side[3], board[3]) <= VIEWPORT["height"] + 0.5, layout
    assert side[2] <= VIEWPORT["width"] + 0.5 and not layout["wide"], layout
    assert layout["scrolled"] == 0, layout
    if whole:
        assert layout["tall"] <= 1, layout
    return layout


def test_a_team_game_is_played_to_the_end_by_clicks(
        team_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    team = TeamPage(page)
    PlayPage.open(page, team_server, NOTEBOOK)
    team.start(SEED)
    twin = twin_app()
    assert_same_table(team, twin)
    on_the_screen(page)
    screenshot(page, "team-game-1-setup", full_page=False)
    rng = random.Random(0)
    shared = used_holder = placed = listed = False
    clicks = 0
    while not twin.state.is_over:
        state = twin.state
        action = choose("greedy", state, rng).action
        if not shared and state.pending is None and len(state.player.tickets) > 1:
            action = ShareTickets(state.player.tickets[:1])  # the share action, once
        holder = sum(state.holders[0])
        if isinstance(action, PlaceCard) and not placed:
            on_the_screen(page)
            screenshot(page, "team-game-2-placement", full_page=False)
        act_in_page(team, twin, action)
        if isinstance(action, ClaimRoute) and not listed and twin.claim.more.options:
            listed = True
        click(twin, action)
        assert_same_table(team, twin)
        if isinstance(action, ShareTickets) and state.pending is None:
            shared = True
            screenshot(page, "team-game-3-shared", full_page=False)
        placed = placed or isinstance(action, PlaceCard)
        if isinstance(action, ClaimRoute) and sum(twin.state.holders[0]) < holder:
            if not used_holder:
                screenshot(page, "team-game-4-claimed-with-the-holder", full_page=False)
            used_holder = True
        clicks += 1
        assert clicks < 300
    assert shared and used_holder and placed
    play = team.play
    assert play.position().over
    sheet_table = re.search(r"<table.*?</table>", twin.scoring.table.value, re.S)
    assert sheet_table is not None
    expected = html_text(sheet_table.group(0))
    table = play.read_until(lambda: play.text(".ttr-team-scores"), expected)
    assert table == expected and "Asian Express" in table and "Globetrotter" in table
    assert page.locator(".ttr-team-score-row").count() == 2
    sheet = twin.score_sheet
    assert sheet is not None and play.status().text.endswith(sheet.reason)
    # The game's statistics follow the sheet in the Score tab, which scrolls to them as it does
    # after any game; the team sheet itself is in view.
    on_the_screen(page, whole=False)
    box = page.locator(".ttr-team-scores").bounding_box()
    assert box is not None and box["y"] + box["height"] <= VIEWPORT["height"], box
    stats = play.text(".ttr-stats-summary")
    assert "a player's points are their team's" in stats
    screenshot(page, "team-game-5-over", full_page=False)
    play.tab("Game")
    assert f"Download the game record (JSON, {len(twin.game.actions)} moves)" in \
        play.text(".ttr-records")
    screenshot(page, "team-game-6-game-tab", full_page=False)
    assert console_errors == []


def test_a_team_game_s_record_loads_and_replays_in_the_stepper(
        team_server: VoilaServer, page: Page, console_errors: list[str],
        tmp_path: Path) -> None:
    record, game = team_record(load_map("usa"), SEATS, SEED, moves=30)
    path = tmp_path / "team-record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    twin = PlayApp("usa", seed=4, bot_delay=0)
    twin.load(path)
    play = PlayPage.open(page, team_server, NOTEBOOK)
    play.tab("Game")
    with page.expect_file_chooser() as chooser:  # the upload button opens the file chooser
        page.locator("button.ttr-upload").first.click()
    chooser.value.set_files(str(path))
    play.wait_status("Loaded a ")
    assert play.position().step == 30 and twin.state == game.state
    team = TeamPage(page)
    assert_same_table(team, twin)
    page.locator(".ttr-replay").first.click()
    play.wait_status("Replay: press Redo")
    twin.replay()
    assert play.position().step == 0
    for _ in range(4):  # step by step through the deal and the first turns
        play.tab("Log")
        play.act(play.button("ttr-step-forward"), settle=False)
        twin.stepper.step_forward.click()
        assert_same_table(team, twin)
    play.tab("Play")
    on_the_screen(page)
    screenshot(page, "team-game-7-replayed", full_page=False)
    assert console_errors == []


def test_a_team_game_is_downloaded_as_a_record(
        team_server: VoilaServer, page: Page, tmp_path: Path) -> None:
    team = TeamPage(page)
    PlayPage.open(page, team_server, NOTEBOOK)
    team.start(SEED)
    team.play.tab("Game")
    link = page.locator("a.ttr-download-link")
    link.wait_for(state="visible", timeout=5_000)
    with page.expect_download() as download:
        link.click()
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["options"] == {"teams": True} and record["players"] == list(SEATS)
    assert from_record(record).state == twin_app().state  # the deal, as the twin deals it
    with page.expect_file_chooser() as chooser:  # and it loads back into the page
        page.locator("button.ttr-upload").first.click()
    chooser.value.set_files(str(saved))
    team.play.wait_status("Loaded a ")
    assert "Download the game record" in team.play.text(".ttr-records")
