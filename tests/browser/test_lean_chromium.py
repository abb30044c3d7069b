"""The lean DevTools driver the classroom benchmark times its pages with
(``ttr_widgets.testing.lean_chromium``) does what the benchmark asks of a page: a script run
before the page's own, a navigation, values and promises read back, a person's mouse click,
a wait, a screenshot, and a clean end (no Chromium left behind, its profile removed)."""

from __future__ import annotations

import asyncio
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil  # type: ignore[import-untyped]
import pytest

from ttr_widgets.testing.lean_chromium import DevToolsError, LeanChromium

from . import VIEWPORT

PAGE = """<!doctype html><body style="margin:0">
<button id="b" style="position:absolute;left:100px;top:50px;width:120px;height:40px"
  onclick="this.textContent = 'clicked ' + (++window.clicks)">press</button>
<script>window.clicks = 0; window.before = window.__early;</script></body>"""
INIT = "window.__early = 'set before the page'; window.__ttrClock = {up: null};" \
       "addEventListener('mouseup', () => { window.__ttrClock.up = performance.now(); }, true);"


def test_a_page_is_driven_and_the_browser_ends(tmp_path: Path) -> None:
    async def run() -> tuple[object, ...]:
        async with LeanChromium.launch() as chromium:
            page = await chromium.new_page(VIEWPORT)
            await page.add_init_script(INIT)
            await page.goto("data:text/html," + urllib.parse.quote(PAGE))
            before = await page.evaluate("() => window.before")
            size = await page.evaluate("() => [innerWidth, innerHeight]")
            await page.mouse.move(160, 70, steps=4)
            await page.mouse.click(160, 70)
            said = await page.wait_for_function(
                "(want) => document.getElementById('b').textContent === want && want",
                "clicked 1", timeout=10000, polling=20)
            up = await page.evaluate("() => window.__ttrClock.up")
            later = await page.evaluate("() => new Promise(r => setTimeout(() => r('later'), 50))")
            with pytest.raises(DevToolsError, match="nope"):
                await page.evaluate("() => { throw new Error('nope'); }")
            with pytest.raises(TimeoutError):
                await page.wait_for_function("() => false", timeout=300)
            await page.screenshot(path=str(tmp_path / "page.png"))
            await page.close()
            pid, profile = chromium.process.pid, chromium.profile
        return before, size, said, up, later, pid, profile

    with ThreadPoolExecutor(max_workers=1) as thread:  # a sync Playwright may own this one
        before, size, said, up, later, pid, profile = thread.submit(asyncio.run, run()).result()
    assert before == "set before the page"
    assert size == [VIEWPORT["width"], VIEWPORT["height"]]
    assert said == "clicked 1"  # one click, as a person makes it
    # the page's own clock saw the mouse come up (a whole millisecond comes back as an int)
    assert isinstance(up, (int, float)) and not isinstance(up, bool) and up > 0
    assert later == "later"  # a promise is awaited
    assert (tmp_path / "page.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    assert not Path(str(profile)).exists()
