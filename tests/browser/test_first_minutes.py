"""The first ten minutes with the play app (issue 11), in headless Chromium through `ttr serve`.

- At 1366×768 the whole table is on the screen at once — board (its legend too), status line,
  Undo and Hint, the players, the face-up row, the draw buttons, the hand, the tickets (or the
  ticket choice) — with the page not scrolled, no box in the app that scrolls, no horizontal
  overflow, and the status line one fixed height whatever it says.
- Each turn is told where the eye is: the card drawn blind, the bot's turn, Undo, Redo, Cancel;
  a refusal is a sentence whose rule id shows only behind its "why?", and a repeated message
  flashes anew. What to do now is never cut: a story too long for the line is, with an ellipsis.
- The Game tab stays on the screen: what is taller scrolls inside the side panel; a team game
  started from it is on the app's own table, whole on the screen at its ticket choice and on a
  turn, the players by team and the team holders in view.
- In a 934 px wide container (JupyterLab's output area on that screen) the side panel goes under
  the board and nothing is wider than the container; squeezed further, a line says how to widen.
- In JupyterLab itself (Play.ipynb run in a notebook at 1366×768): nothing wider than the output
  area; with the file browser open, the panel under the board and a line saying how to widen;
  with the side bar closed (Ctrl+B), the whole table inside the notebook panel once scrolled to
  the app. Opening the notebook does not mark it modified.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from ttr_widgets.rules.catalog import RULES
from ttr_widgets.server.ports import find_free_port

from . import ARTIFACTS, KIT_NOTEBOOKS, SERVER_START_TIMEOUT, VIEWPORT, VoilaServer, screenshot
from .play_helpers import PlayPage

pytestmark = pytest.mark.browser

#: The table's parts a newcomer needs in view, as CSS selectors (each must match something).
TABLE = {
    "board": ".ttr-board",
    "board's figure": ".ttr-board .main-svg",
    "status line": ".ttr-status",
    "Undo": ".ttr-undo",
    "Hint": ".ttr-hint",
    "players": ".ttr-players",
    "face-up row": ".ttr-market-card",
    "blind draw": ".ttr-blind-draw",
    "ticket draw": ".ttr-draw-tickets",
    "piles": ".ttr-piles",
    "hand": ".ttr-hand",
}
SETUP = {**TABLE, "ticket choice": ".ttr-ticket-choice-panel", "Keep": ".ttr-keep-tickets"}
TURN = {**TABLE, "tickets": ".ttr-ticket"}

# Where each visible part is; which boxes in the app scroll (or could); how far the page is
# scrolled and whether anything is wider than its scroller; the board's scale.
_LAYOUT_JS = """
(selectors) => {
  const shown = e => e.getClientRects().length > 0;
  const parts = {};
  for (const [name, sel] of Object.entries(selectors)) {
    parts[name] = Array.from(document.querySelectorAll(sel)).filter(shown).map(e => {
      const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
  }
  const app = document.querySelector('.ttr-app');
  const boxes = [];
  for (const e of app.querySelectorAll('*')) {
    if (!shown(e)) continue;
    const cs = getComputedStyle(e);
    const y = ['auto', 'scroll'].includes(cs.overflowY) && e.scrollHeight > e.clientHeight + 1;
    const x = ['auto', 'scroll'].includes(cs.overflowX) && e.scrollWidth > e.clientWidth + 1;
    if (x || y || e.scrollTop > 0) boxes.push(String(e.getAttribute('class') || e.tagName));
  }
  const scrollers = [document.scrollingElement,
                     ...document.querySelectorAll('.jp-Notebook, .jp-WindowedPanel-outer')];
  const appBox = app.getBoundingClientRect();
  return {parts, boxes,
          scrolled: scrollers.map(e => e.scrollTop + e.scrollLeft),
          wide: scrollers.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className),
          app: [appBox.left, appBox.top, appBox.right, appBox.bottom],
          appWide: app.scrollWidth > app.clientWidth + 1,
          scale: Number(app.dataset.boardScale || 0),
          note: (app.querySelector('.ttr-fit-note') || {}).textContent || ''};
}
"""

_FITTED_JS = "() => Number((document.querySelector('.ttr-app') || {dataset: {}})" \
             ".dataset.boardScale) > 0"


def _layout(page: Page, parts: dict[str, str]) -> dict[str, Any]:
    """The layout once it has settled: the fit looks again twice a second, and under load a
    panel just opened may take a few looks, so it is read until two reads agree (10 s at most)."""
    page.wait_for_function(_FITTED_JS, timeout=20_000)
    page.wait_for_timeout(700)
    layout: dict[str, Any] = page.evaluate(_LAYOUT_JS, parts)
    for _look in range(12):
        page.wait_for_timeout(800)
        again: dict[str, Any] = page.evaluate(_LAYOUT_JS, parts)
        if again == layout:
            break
        layout = again
    return layout


def _outside(layout: dict[str, Any], box: tuple[float, float, float, float]) -> list[str]:
    """The parts missing, or not wholly inside ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    bad = []
    for name, rects in layout["parts"].items():
        if not rects:
            bad.append(f"{name}: not shown")
        for x0, y0, x1, y1 in rects:
            if x0 < left - 0.5 or y0 < top - 0.5 or x1 > right + 0.5 or y1 > bottom + 0.5:
                bad.append(f"{name}: at {[round(v) for v in (x0, y0, x1, y1)]}")
    return bad


def _assert_one_screen(layout: dict[str, Any]) -> None:
    screen = (0.0, 0.0, float(VIEWPORT["width"]), float(VIEWPORT["height"]))
    assert _outside(layout, screen) == []
    assert layout["scrolled"] == [0] * len(layout["scrolled"])  # the page was never scrolled
    assert layout["boxes"] == []  # no box in the app scrolls on its own
    assert layout["wide"] == [] and not layout["appWide"]  # no horizontal overflow


@pytest.fixture(autouse=True)
def _show_console_errors(console_errors: list[str]) -> Iterator[None]:
    yield
    for error in console_errors:
        print(error)


# --- one screen --------------------------------------------------------------------------------

def test_the_whole_table_fits_a_laptop_screen_without_scrolling(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    play = PlayPage.open(page, kit_server)
    setup = _layout(page, SETUP)
    _assert_one_screen(setup)
    assert 0.8 <= setup["scale"] <= 1  # the board shrank a little to fit, no more
    assert setup["note"] == ""
    status = page.locator(".ttr-status .ttr-flash")
    height = status.bounding_box()["height"]  # type: ignore[index]
    screenshot(page, "first-minutes-1-setup", full_page=False)

    # A market card clicked during the ticket choice: refused, and nothing moves.
    assert not play.act(page.locator("button.ttr-market-card").first)
    refused = _layout(page, SETUP)
    _assert_one_screen(refused)
    assert refused["parts"] == setup["parts"]

    assert play.keep_tickets()
    turn = _layout(page, TURN)
    _assert_one_screen(turn)
    screenshot(page, "first-minutes-2-turn", full_page=False)

    # A route clicked: its claim panel opens, and the table still fits.
    route = next(iter(play.spaces()))
    play.select_route(route)
    claiming = _layout(page, {**TURN, "claim panel": ".ttr-claim"})
    _assert_one_screen(claiming)
    # Long or short, the status line keeps its height: nothing under it moves.
    assert status.bounding_box()["height"] == height  # type: ignore[index]
    page.locator(".ttr-claim-cancel").first.click()
    play.page.wait_for_function(
        "() => document.querySelector('.ttr-status').textContent.includes('Cancelled')")
    assert status.bounding_box()["height"] == height  # type: ignore[index]
    screenshot(page, "first-minutes-3-cancelled", full_page=False)
    assert console_errors == []


# --- told where the eye is ------------------------------------------------------------------

_CARD = r"(a (red|yellow|green|blue|pink|white|black|gray) card|an orange card|a locomotive)"


def test_every_turn_is_told_in_the_status_line(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    play = PlayPage.open(page, kit_server)
    play.new_game("usa", seed=4)
    assert play.keep_tickets()
    kept = play.wait_status("Your turn:").text
    assert "You keep" in kept and "Greedy bot keeps" in kept and "Your turn:" in kept

    # A blind draw names the card drawn; the second ends the turn, and the bot's turn is told.
    assert play.act(play.button("ttr-blind-draw"), settle=False)
    first = play.wait_told().text
    assert re.search(rf"You draw {_CARD} from the pile", first), first
    assert play.draw_blind()
    told = play.wait_status("Your turn: draw cards").text
    assert re.search(rf"You draw {_CARD} from the pile\.", told), told
    assert re.search(r"Greedy bot (claims|draws|keeps)", told), told
    assert told.endswith("Your turn: draw cards, click a route to claim it, or draw tickets.")
    bot_event = play.text(".ttr-log-entry")  # the Log's newest entry: the bot's last move
    assert "Greedy bot" in bot_event
    screenshot(page, "first-minutes-4-bot-told", full_page=False)

    # Undo and Redo say what they did.
    play.undo()
    assert play.status().text.startswith("Undone: ")
    assert "taken back" in play.status().text
    play.redo()
    assert play.status().text.startswith("Redone: ")

    # A refusal: one sentence, its rule only behind "why?", said once; again: a fresh flash.
    assert play.act(play.button("ttr-blind-draw"), settle=False)
    assert not play.act(play.button("ttr-draw-tickets"))
    refusal = play.status()
    assert refusal.kind == "error" and refusal.rule in RULES
    assert "(rule" not in refusal.text and refusal.rule not in page.inner_text("body")
    assert refusal.text not in play.text(".ttr-claim")
    flash = page.locator(".ttr-status .ttr-flash")
    count = flash.get_attribute("data-n")
    assert not play.act(play.button("ttr-draw-tickets"))
    assert play.status() == refusal and flash.get_attribute("data-n") != count
    assert page.evaluate(
        "() => document.querySelector('.ttr-status .ttr-flash').getAnimations().length") > 0
    page.locator(".ttr-status .ttr-why summary").click()
    why = page.locator(".ttr-status .ttr-why-text")
    why.wait_for(state="visible")
    assert why.inner_text() == f"{RULES[refusal.rule]} · rule {refusal.rule}"  # status.why_line
    assert page.inner_text("body").count(refusal.rule) == 1  # nowhere else on screen
    screenshot(page, "first-minutes-5-why", full_page=False)

    # Cancel clears the old refusal and says so.
    play.select_route(next(iter(play.spaces())))
    page.locator(".ttr-claim-cancel").first.click()
    page.wait_for_function(
        "() => document.querySelector('.ttr-status').textContent.startsWith('Cancelled')")
    cancelled = play.status()
    assert cancelled.kind == "info" and cancelled.rule == ""
    assert cancelled.text.endswith("You: take your second card.")
    assert console_errors == []


_PARTS_JS = """
() => { const flash = document.querySelector('.ttr-status .ttr-flash');
  const outer = flash.getBoundingClientRect(), pad = getComputedStyle(flash);
  const box = {top: outer.top + parseFloat(pad.paddingTop),
               bottom: outer.bottom - parseFloat(pad.paddingBottom)};  // where text may be
  const part = s => { const e = document.querySelector('.ttr-status ' + s);
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, cut: e.scrollHeight > e.clientHeight + 1,
            text: e.textContent, ellipsis: getComputedStyle(e).webkitLineClamp ===
              String(Math.round(r.height / parseFloat(getComputedStyle(e).lineHeight)))}; };
  return {box: [box.top, box.bottom], news: part('.ttr-status-news'),
          then: part('.ttr-status-then'),
          title: flash.title}; }
"""


def test_what_to_do_is_never_cut_from_the_status_line(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """Three players on the Europe map: a round's story (the person's move and two bots') and
    the two-line prompt are more than the line holds. The story is cut (all of it in the
    tooltip); what to do now is whole, on its own line under it."""
    play = PlayPage.open(page, kit_server)
    play.new_game("europe", seed=4, players=3)
    assert play.keep_tickets()
    assert play.draw_blind() and play.draw_blind()
    prompt = "Your turn: draw cards, click a route to claim it, click a city for a station, " \
             "or draw tickets."
    play.wait_status(prompt)
    parts = page.evaluate(_PARTS_JS)
    top, bottom = parts["box"]
    assert parts["then"]["text"] == prompt
    assert top - 0.5 <= parts["then"]["top"] and parts["then"]["bottom"] <= bottom + 0.5
    assert parts["news"]["bottom"] <= parts["then"]["top"] + 0.5  # the story above it
    assert parts["news"]["cut"]  # this story is longer than what is left: it is the one cut
    assert parts["news"]["ellipsis"]  # and says so, with an ellipsis at its end
    assert parts["title"] == f"{parts['news']['text'].removeprefix('✔ ')} {prompt}"
    assert re.search(r"Greedy bot .*Random bot ", parts["title"])
    screenshot(page, "first-minutes-6-long-story", full_page=False)
    assert console_errors == []


_TAB_TOP_JS = """
() => document.querySelector('.ttr-tabs > .widget-tab-contents').scrollTop
"""
_TALL_JS = """
() => { const c = document.querySelector('.ttr-tabs > .widget-tab-contents');
  return [c.clientHeight, c.scrollHeight]; }
"""
#: A team game's table: beside the board, what stays in view above the tabs (the Play tab's
#: contents may scroll inside the side panel, as the Game tab's do).
TEAM_TOP = {"board": ".ttr-board", "side": ".ttr-side", "status line": ".ttr-status",
            "Undo": ".ttr-undo", "Hint": ".ttr-hint", "players": ".ttr-players",
            "tabs": ".ttr-tabs"}


def _on_the_screen(layout: dict[str, Any]) -> None:
    """The board and the side panel beside it wholly on the screen, the page not scrolled."""
    (board,), (side,) = layout["parts"]["board"], layout["parts"]["side"]
    assert side[1] == board[1] and side[0] >= board[2], (side, board)  # beside it
    assert max(side[3], board[3]) <= VIEWPORT["height"], (side, board)
    assert layout["scrolled"] == [0] * len(layout["scrolled"])


def test_the_game_tab_and_a_team_game_stay_on_the_screen(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """The Game tab (a new game, a team game, the game record) is taller than the screen leaves
    it: it scrolls inside the tab, while the board, the status line and the players stay. A
    team game started from it is on the app's own table — its face-up row, its players by team
    — and its side panel stays on the screen beside the board as a game's does, the Play tab
    opened at its top; what is taller than the screen leaves scrolls inside it."""
    play = PlayPage.open(page, kit_server)
    parts = {"board": ".ttr-board", "side": ".ttr-side"}
    play.tab("Game")
    _on_the_screen(_layout(page, parts))
    shown, whole = page.evaluate(_TALL_JS)
    assert whole > shown  # the tab's contents scroll inside it
    screenshot(page, "first-minutes-7-game-tab", full_page=False)

    page.locator(".ttr-team-seed input").fill("1")  # a deal with a locomotive face up
    page.locator(".ttr-team-seed input").press("Tab")  # the text box syncs on blur
    page.locator(".ttr-team-start").first.click()  # scrolled to inside the tab
    page.wait_for_function("() => (document.querySelector('.ttr-title') || {}).textContent"
                           ".includes('team game')", timeout=30_000)
    play.wait_for_board()
    play.wait_status("choose the tickets to keep")
    screen = (0.0, 0.0, float(VIEWPORT["width"]), float(VIEWPORT["height"]))
    setup = _layout(page, TEAM_TOP)
    assert _outside(setup, screen) == [] and setup["wide"] == []
    _on_the_screen(setup)
    # the Play tab opened at its top, not where the Game tab was scrolled to
    assert page.evaluate(_TAB_TOP_JS) == 0
    face_up = [t.strip() for t in page.locator("button.ttr-market-card").all_text_contents()]
    assert face_up == ["red", "orange", "locomotive", "pink", "green"]
    assert play.status().text.endswith("choose the tickets to keep (at least 3).")
    assert "Blue team: You & Ben" in play.text(".ttr-players")
    screenshot(page, "first-minutes-8-team-game", full_page=False)

    assert play.act(page.locator(".ttr-keep-tickets").first)
    assert play.act(page.locator("button.ttr-share-one").first)
    turn = _layout(page, TEAM_TOP)
    assert _outside(turn, screen) == []
    _on_the_screen(turn)
    assert play.status().text.endswith("draw tickets, or share tickets.")
    screenshot(page, "first-minutes-8b-team-turn", full_page=False)
    assert console_errors == []


# --- a narrow container -------------------------------------------------------------------------

NARROW = 934  #: JupyterLab's output area on a 1366 px screen with its side bar open


def test_a_934_px_container_puts_the_panel_under_the_board(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    """The page 934 px wide inside Voila's margins: the app is as wide as JupyterLab's output
    area on the laptop screen. Nothing is wider than it; the panel moves under the board."""
    page.set_viewport_size({"width": NARROW + 30, "height": VIEWPORT["height"]})
    play = PlayPage.open(page, kit_server)
    layout = _layout(page, SETUP)
    app = layout["app"]
    assert app[2] - app[0] <= NARROW + 0.5
    assert _outside(layout, tuple(app)) == []  # Undo, the market, the status: all inside
    assert layout["wide"] == [] and not layout["appWide"] and layout["boxes"] == []
    (board,) = layout["parts"]["board"]
    (status,) = layout["parts"]["status line"]
    assert status[1] >= board[3]  # the side panel (its status line first) under the board
    assert layout["note"] == "" and layout["scale"] >= 0.8
    screenshot(page, "first-minutes-9-narrow", full_page=True)

    # Squeezed to a phone's width: the board shrinks and a line says how to widen it.
    page.set_viewport_size({"width": 420, "height": VIEWPORT["height"]})
    page.wait_for_function("() => document.querySelector('.ttr-fit-note').textContent !== ''",
                           timeout=10_000)
    squeezed = _layout(page, {"board": ".ttr-board"})
    assert squeezed["scale"] < 0.6 and "widen the window" in squeezed["note"]
    assert play.status().text  # still answering
    assert console_errors == []


# --- JupyterLab -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a copy of Play.ipynb (no token, its settings and workspaces in a
    temporary folder); the URL that opens the notebook in a fresh workspace."""
    root = tmp_path_factory.mktemp("lab")
    shutil.copy(KIT_NOTEBOOKS / "Play.ipynb", root / "Play.ipynb")
    home = tmp_path_factory.mktemp("lab-home")
    port = find_free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "jupyterlab.log").open("wb") as log:
        lab = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
             "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root",
             f"--ServerApp.root_dir={root}"],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
            start_new_session=True)
    try:
        base = f"http://localhost:{port}/lab"
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            try:
                urllib.request.urlopen(base, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or lab.poll() is not None:
                    pytest.fail(f"JupyterLab did not start: see {ARTIFACTS / 'jupyterlab.log'}")
                time.sleep(0.5)
        yield f"{base}/tree/Play.ipynb?reset"
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        try:
            lab.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, signal.SIGKILL)
            lab.wait(10)


def test_the_app_fits_a_jupyterlab_output_area(
        lab_url: str, page: Page, console_errors: list[str]) -> None:
    page.goto(lab_url, timeout=90_000)
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.wait_for(timeout=90_000)
    # The kernel is up (the status bar says so) before the cell is run.
    page.wait_for_function("() => document.body.innerText.includes('(ipykernel) | Idle')",
                           timeout=90_000)
    page.wait_for_timeout(1000)  # what opening does to the notebook, if anything
    assert page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0  # opened, not modified

    # Run the app's cell as a person does: click into it, Shift+Enter.
    page.locator(".jp-NotebookPanel .jp-CodeCell .jp-InputArea-editor").first.click()
    page.keyboard.press("Shift+Enter")
    page.locator(".ttr-app .ttr-board .main-svg").first.wait_for(timeout=120_000)
    page.evaluate("() => document.querySelector('.ttr-app').scrollIntoView()")
    narrow = _layout(page, SETUP)
    output = page.evaluate(
        "() => { const r = document.querySelector('.ttr-app').closest('.jp-OutputArea-output')"
        ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
    app = narrow["app"]
    assert app[2] <= output[2] + 0.5 and not narrow["appWide"]  # nothing wider than the area
    assert narrow["parts"]["status line"][0][1] >= narrow["parts"]["board"][0][3]  # under it
    assert narrow["scale"] >= 0.8 and "close JupyterLab's side bar (Ctrl+B)" in narrow["note"]
    screenshot(page, "first-minutes-10-jupyterlab", full_page=False)

    # The side bar closed: the whole table in the notebook panel, once scrolled to the app.
    page.keyboard.press("Escape")
    page.keyboard.press("Control+b")
    page.wait_for_function("() => document.querySelector('.ttr-app').dataset.boardFit"
                           ".endsWith('beside')", timeout=20_000)
    page.evaluate("() => document.querySelector('.ttr-app').scrollIntoView()")
    wide = _layout(page, SETUP)
    panel = page.evaluate(
        "() => { const r = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')"
        ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
    assert _outside(wide, tuple(panel)) == []
    assert wide["boxes"] == []  # the Play tab whole: the side panel may run below the board
    assert wide["scale"] >= 0.8 and wide["note"] == "" and not wide["appWide"]
    screenshot(page, "first-minutes-11-jupyterlab-wide", full_page=False)
    assert console_errors == []
