"""Never a dead board: a page starved of CPU while it loads still gets a live board.

anywidget gives a widget's JavaScript module 2 seconds from the widget's creation to load and
initialise; past that it ignores every later message from the kernel to that widget, so the
board stays as first drawn. Plotly's module is 5 MB: on a starved page (many browsers on one
machine, a slow laptop) compiling it takes longer. Chromium's CPU throttling (Chrome DevTools
Protocol ``Emulation.setCPUThrottlingRate``) reproduces that here, and the test checks that the
board still answers a click with the kernel's redraw (the selection ring around the route).
"""

from __future__ import annotations

from playwright.sync_api import Page

from . import VoilaServer, screenshot
from .play_helpers import PlayPage

THROTTLE = 12  #: Chromium runs the page this many times slower than the machine allows
STALL_MS = 3_000  #: how long the page's main thread is kept busy as plotly's module loads
ROUTE = "usa-031"  #: Denver–Helena

#: Keeps the main thread busy for STALL_MS when the page turns a large JavaScript module into a
#: blob URL to import it (what anywidget does with plotly's 5 MB module): the page is starved
#: exactly while the board's module loads, as on a machine with many browsers.
STALL_JS = """
(() => {
  const create = URL.createObjectURL.bind(URL);
  let stalled = false;
  URL.createObjectURL = (blob) => {
    if (!stalled && blob && blob.size > 1_000_000 && /javascript/.test(blob.type)) {
      stalled = true;
      const until = performance.now() + STALL_MS;
      while (performance.now() < until) { /* starved */ }
      window.__ttrStalled = true;
    }
    return create(blob);
  };
})();
""".replace("STALL_MS", str(STALL_MS))


def test_a_board_whose_module_loads_slowly_comes_alive(kit_server: VoilaServer, page: Page,
                                                       console_errors: list[str]) -> None:
    page.add_init_script(STALL_JS)
    play = PlayPage.open(page, kit_server)
    assert page.evaluate("window.__ttrStalled === true"), "plotly's module was not stalled"
    play.select_route(ROUTE)  # the kernel's redraw reached the board: it is alive
    screenshot(page, "starved-board-alive")
    assert not [error for error in console_errors if "anywidget" in error], console_errors


def test_a_board_loaded_on_a_cpu_throttled_page_comes_alive(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(kit_server.url("Play.ipynb"), wait_until="commit", timeout=180_000)
    page.locator(".ttr-board .js-plotly-plot").first.wait_for(state="visible", timeout=180_000)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    play = PlayPage(page)
    play.wait_for_board()
    play.select_route(ROUTE)
    assert not [error for error in console_errors if "anywidget" in error], console_errors
