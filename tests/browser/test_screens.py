"""Every screen of a classroom (issue 23): the Play table at 1024×768 (tablets, small
Chromebooks), 1366×768 (the laptop) and 1920×1080 (a projector), through `ttr serve`.

At each size, with the page not scrolled: the status line, the face-up row and the ticket choice
at setup, the draw buttons and the hand under them, and after a route
is clicked on the board its claim panel and its pay buttons, all wholly inside the window; the
board beside the side panel. On the projector the board grows with the screen (at least 1200 px
wide) instead of staying at its drawn 900 × 560 px; at 1366×768 it is as before (drawn at most
at its size). Screenshots of each size are saved.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from ttr_widgets.rules.maps import load_map

from . import VoilaServer, screenshot
from .play_helpers import PlayPage

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # clicks the board where it is drawn

# A one-train gray route: any hand of the deal pays it (the page deals an unseeded game).
ANY_HAND_PAYS = next(r.id for r in load_map("usa").routes if r.length == 1 and r.color == "gray")

SETUP = {"status line": ".ttr-status", "face-up row": ".ttr-market-card",
         "ticket choice": ".ttr-ticket-choice-panel", "Keep": ".ttr-keep-tickets",
         "Undo": ".ttr-undo", "Hint": ".ttr-hint", "draw buttons": ".ttr-blind-draw",
         "hand": ".ttr-hand"}
CLAIM = {"status line": ".ttr-status", "face-up row": ".ttr-market-card",
         "claim panel": ".ttr-claim", "pay buttons": ".ttr-claim-option"}

_PARTS_JS = """
(selectors) => {
  const shown = e => e.getClientRects().length > 0;
  const parts = {};
  for (const [name, sel] of Object.entries(selectors)) {
    parts[name] = Array.from(document.querySelectorAll(sel)).filter(shown).map(e => {
      const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
  }
  const app = document.querySelector('.ttr-app');
  const board = app.querySelector('.ttr-board').getBoundingClientRect();
  const side = app.querySelector('.ttr-side').getBoundingClientRect();
  return {parts, board: [board.left, board.top, board.right, board.bottom],
          side: [side.left, side.top, side.right, side.bottom],
          scrolled: document.scrollingElement.scrollTop,
          fit: app.dataset.boardFit || ''};
}
"""

_FITTED_JS = "() => Number((document.querySelector('.ttr-app') || {dataset: {}})" \
             ".dataset.boardScale) > 0"


def _parts(page: Page, selectors: dict[str, str]) -> dict[str, Any]:
    page.wait_for_function(_FITTED_JS, timeout=20_000)
    page.wait_for_timeout(700)  # the fit settles (it looks again twice a second)
    found: dict[str, Any] = page.evaluate(_PARTS_JS, selectors)
    return found


def _outside(found: dict[str, Any], width: int, height: int) -> list[str]:
    bad = []
    for name, rects in found["parts"].items():
        if not rects:
            bad.append(f"{name}: not shown")
        for x0, y0, x1, y1 in rects:
            if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > height + 0.5:
                bad.append(f"{name}: at {[round(v) for v in (x0, y0, x1, y1)]}")
    return bad


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1366, 768), (1920, 1080)])
def test_the_table_fits_every_classroom_screen(
        kit_server: VoilaServer, page: Page, console_errors: list[str],
        width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    play = PlayPage.open(page, kit_server)
    page.evaluate("() => window.scrollTo(0, 0)")
    setup = _parts(page, SETUP)
    screenshot(page, f"screens-{width}x{height}-1-setup", full_page=False)
    assert _outside(setup, width, height) == []
    assert setup["fit"].endswith(" beside")  # the side panel beside the board
    assert setup["side"][0] >= setup["board"][2] - 0.5
    board_width = setup["board"][2] - setup["board"][0]
    if width >= 1920:
        assert board_width >= 1200  # the board grows with the projector's screen
    else:
        assert board_width <= 900.5  # drawn at most at its size, as before

    assert play.keep_tickets()
    play.select_route(ANY_HAND_PAYS)  # a click on the board
    page.locator(".ttr-claim-option").first.wait_for(state="visible", timeout=20_000)
    claiming = _parts(page, CLAIM)
    screenshot(page, f"screens-{width}x{height}-2-claim", full_page=False)
    assert _outside(claiming, width, height) == []
    assert claiming["scrolled"] == 0
    assert console_errors == []
