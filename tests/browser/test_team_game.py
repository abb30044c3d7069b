"""A team game in the play app, in headless Chromium: from the Game tab, a 4-seat USA team
game (you and three greedy team bots) is played to the end by clicks — tickets ticked, the
first card's place chosen, face-up and blind draws, routes clicked on the board and paid from
hand and holder, a ticket shared — with the team score table at the end.

A twin ``TeamTable`` built in this process with the same seed and seats plays the same game
(the bots are seeded by the game and the move count): it chooses the person's moves (the greedy
team bot's, from the person's view) and after every click the page must show what the twin
shows (the teams table: trains, cards, tickets, holders).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
from ttr_widgets.rules.state import ShareChoice
from ttr_widgets.rules.teams import HAND
from ttr_widgets.testing.team_table import click
from ttr_widgets.widgets.table.team_table import TeamTable, payment_words

from . import VoilaServer, running_server, screenshot
from .play_helpers import PlayPage, html_text

pytestmark = pytest.mark.browser

SEED = 3  #: the team game's deal
NOTEBOOK = "play_team.ipynb"
ACTION_MS = 30_000
SEATS = ("You", "Ben", "Cleo", "Dev")
KINDS = ("human", "greedy", "greedy", "greedy")

_STATE_JS = """
() => { const d = document.querySelector('.ttr-team-state');
  return d ? [Number(d.dataset.moves), d.dataset.waiting] : null; }
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


class TeamPage:
    """The team table in the page, clicked as a person does."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.play = PlayPage(page)

    def state(self) -> tuple[int, str]:
        found = self.page.evaluate(_STATE_JS)
        assert found is not None, "the page shows no team table"
        return int(found[0]), str(found[1])

    def wait_moved(self, before: int) -> None:
        """Wait until the click was played and the bots are done (or the game is over)."""
        try:
            self.page.wait_for_function(
                "(before) => { const d = document.querySelector('.ttr-team-state');"
                " return d && Number(d.dataset.moves) > before &&"
                " d.dataset.waiting !== 'bots'; }", arg=before, timeout=ACTION_MS)
        except PlaywrightTimeout as error:
            raise AssertionError(f"the click was not played: the status says "
                                 f"{self.play.status().text!r}") from error

    def start(self, seed: int) -> None:
        self.play.tab("Game")
        self.page.locator(".ttr-team-seed input").fill(str(seed))
        self.page.locator(".ttr-team-seed input").press("Tab")  # the text box syncs on blur
        self.page.locator(".ttr-team-start").first.click()
        self.page.locator(".ttr-team-state").wait_for(state="attached", timeout=ACTION_MS)
        self.play.wait_for_board()

    def button(self, css: str, text: str | None = None) -> None:
        locator = self.page.locator(f"button.{css}, .{css} button")
        if text is not None:
            locator = locator.filter(has_text=text)
        locator.first.click(timeout=ACTION_MS)

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

    def claim(self, route_id: str, label: str) -> None:
        self.page.locator(".ttr-board .js-plotly-plot").scroll_into_view_if_needed()
        self.play.click_route(route_id)
        payment = self.page.locator(".ttr-team-pay", has_text=label)
        payment.first.wait_for(state="visible", timeout=ACTION_MS)
        payment.first.click()


def act_in_page(team: TeamPage, twin: TeamTable, action: Action) -> None:
    """Click ``action`` in the page (the twin shows what the page should show)."""
    game, board = twin.game, twin.game.board
    if isinstance(action, KeepTickets):
        offered = list(game.pending.tickets)  # type: ignore[union-attr]
        team.tick("ttr-team-keep-pick", offered, set(action.tickets))
        team.button("ttr-team-keep")
    elif isinstance(action, ShareTickets) and isinstance(game.pending, ShareChoice):
        team.button("ttr-team-share-one", f"Share {board.ticket(action.tickets[0])}")
    elif isinstance(action, PlaceCard):
        team.button("ttr-team-place-hand" if action.to == HAND else "ttr-team-place-holder")
    elif isinstance(action, DrawBlind):
        team.button("ttr-team-blind")
    elif isinstance(action, DrawFaceUp):
        slot = next(i for i, b in enumerate(twin.row_buttons) if b.description == action.card)
        team.page.locator("button.ttr-team-faceup").nth(slot).click()
    elif isinstance(action, ClaimRoute):
        route = board.route(action.route)
        twin.map_view.simulate_route_click(action.route)  # what the twin's panel offers
        labels = [b.description for b in twin.claim_box.children
                  if "ttr-team-pay" in getattr(b, "_dom_classes", ())]
        label = payment_words(action, action.color, route.length)
        team.claim(action.route, label if label in labels else labels[0])
    elif isinstance(action, ShareTickets):
        team.tick("ttr-team-share-pick", list(game.player.tickets), set(action.tickets))
        team.button("ttr-team-share-action")
    elif isinstance(action, DrawTickets):
        team.button("ttr-team-draw-tickets")
    elif isinstance(action, Pass):
        team.button("ttr-team-pass")


def test_a_team_game_is_played_to_the_end_by_clicks(
        team_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    team = TeamPage(page)
    PlayPage.open(page, team_server, NOTEBOOK)
    team.start(SEED)
    twin = TeamTable(load_map("usa"), SEATS, KINDS, SEED, bot_delay=0)
    rng = random.Random(0)
    shared = used_holder = False
    clicks = 0
    while not twin.game.is_over:
        moves, waiting = team.state()
        assert (moves, waiting) == (twin.moves, "person")
        assert team.play.text(".ttr-team-teams") == html_text(twin.teams_html.value)
        game = twin.game
        action = choose("greedy", game, rng).action
        if not shared and game.pending is None and game.player.tickets:
            action = ShareTickets(game.player.tickets[:1])  # the share action, once
        holder = sum(game.holders[0])
        act_in_page(team, twin, action)
        team.wait_moved(moves)
        click(twin, action)
        shared = shared or isinstance(action, ShareTickets)
        used_holder = used_holder or (isinstance(action, ClaimRoute)
                                      and sum(twin.game.holders[0]) < holder)
        clicks += 1
        assert clicks < 300
    assert shared and used_holder
    assert team.state() == (twin.moves, "over")
    scores = team.play.text(".ttr-team-score")
    assert scores == html_text(twin.score_html.value)
    assert "Final score" in scores and "Blue team" in scores and "Red team" in scores
    assert page.locator(".ttr-team-score-row").count() == 2
    sheet = twin.score_sheet
    assert sheet is not None and team.play.status().text.endswith(sheet.reason)
    screenshot(page, "team-game-over")
    assert console_errors == []
