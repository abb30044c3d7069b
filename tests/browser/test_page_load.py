"""A page of the kit does no needless work while it loads: nothing on it animates but the
status line's one flash (0.9 s) as the app appears, which points a newcomer to its first prompt.

Voila shows a spinner until the page's widgets are drawn. Spinning, it costs the page a frame
60 times a second while the page is busiest; with six pages opened at once on two cores the
slowest board came about a second later (benchmarks/classroom.py, in alternation). The kit's
template keeps it still, and says in plain words what the page is doing.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from . import VoilaServer
from .play_helpers import PlayPage

pytestmark = pytest.mark.alone  # measures the page on a CPU of its own

#: Looks at the page every 50 ms from its first moment until the board exists: was Voila's
#: spinner there, what its line said, and which animations were running.
WATCH_JS = """
(() => {
  const seen = window.__ttrLoad = {spinner: false, says: null, running: []};
  const look = () => {
    const text = document.getElementById('loading_text');
    if (text) seen.says = getComputedStyle(text, '::after').content;
    if (document.getElementById('loading')) seen.spinner = true;
    for (const animation of document.getAnimations())
      if (animation.playState === 'running')
        seen.running.push(animation.animationName || String(animation.id || 'an animation'));
    if (!document.querySelector('.ttr-board .js-plotly-plot')) setTimeout(look, 50);
  };
  look();
})();
"""


def test_nothing_animates_while_the_app_loads(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    page.add_init_script(WATCH_JS)
    PlayPage.open(page, kit_server)
    seen = page.evaluate("() => window.__ttrLoad")
    assert seen["spinner"], "the loading spinner was never seen: the watch came too late"
    assert set(seen["running"]) <= {"ttr-flash"}, seen["running"]  # no "rotation": spinner
    assert seen["says"] == '"Getting the page ready…"'  # not Voila's "Executing 3 of 3"
    assert console_errors == []
