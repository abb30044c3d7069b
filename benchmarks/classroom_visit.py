"""One visitor at a time: how soon the play app answers, and what a visit costs the machine.

Run by hand from the repository's root (results go in the README, never into tests)::

    .venv/bin/python -m benchmarks.classroom_visit              # 5 visits, fresh browser each
    .venv/bin/python -m benchmarks.classroom_visit --visits 8 --pool 1

It starts its own ``ttr serve`` (the kit's notebooks, Play.ipynb pre-heated) and sends it one
headless Chromium visitor at a time, each arriving when the pool holds a ready kernel that has
finished running the app (the case of a single visitor in a classroom whose pool kept up). For
every visit it measures:

- **arrive → board**: from the moment the page's first byte arrives to the board being drawn
  with the status line under it;
- **interactive**: from the first byte to the board answering a route click (the kernel's
  redraw of the selection), without the 0.2 s the mouse rests on the route before clicking;
- **page's clock**: the same two moments by the page's own clock (``PAGE_CLOCK_JS`` in
  benchmarks/classroom.py), from the first byte: the board drawn, and the board drawn plus the
  click's answer from the mouse button coming up. The driver's figures above also hold its
  own delays (it polls the page from another process, and it moves the mouse in steps);
- **core-seconds**: the CPU time the visit cost the server (``ttr serve``) and the kernel that
  served the page, and, separately, the replacement kernel the pool starts for the next
  visitor (its start and its run of the app: what each visitor costs the machine in all);
- **browser core-seconds**: the CPU time of the Chromium processes from the page's start to
  the answered click (the browser's part of the arrival). Playwright drives the browser here,
  and its watching costs the page CPU a person's browser never spends (see
  ``ttr_widgets.testing.lean_chromium``); ``benchmarks.classroom --browsers 1 --pool 1``
  times one visitor driven lean;
- **websocket bytes**: what the page received through its kernel's websocket.

Half the visits open the app in a browser that has never seen the site (a fresh Chromium
context, cold cache); the other half reload it in a browser that has (plotly's module is then
in its HTTP cache when ``ttr serve`` hands it out as a file).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psutil  # type: ignore[import-untyped]
from playwright.async_api import BrowserContext, async_playwright

from benchmarks.classroom import PAGE_CLOCK_JS, board_drawn_at, click_route
from tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    KIT_NOTEBOOKS,
    VIEWPORT,
    VoilaServer,
    running_server,
)
from ttr_widgets.testing.browser import cpu_seconds

APP = "Play.ipynb"
ROUTE = "usa-031"  #: Denver–Helena, the route each visitor clicks
HOVER_REST = 0.2  #: seconds click_route rests the mouse on the route before clicking
TIMEOUT = 240.0  #: seconds for the page, the board and the pool


@dataclass(frozen=True)
class VisitFigures:
    """One visit's figures (seconds, core-seconds, bytes)."""

    warm: bool  #: the browser had opened the app before (its HTTP cache is warm)
    board: float
    interactive: float
    server_cpu: float
    kernel_cpu: float
    refill_cpu: float
    browser_cpu: float
    websocket_bytes: int
    page_board: float  #: by the page's own clock, first byte → board drawn
    page_interactive: float  #: page_board + the first click's answer by the page's clock


def browser_cpu_seconds() -> float:
    """CPU time so far of the Chromium processes this script runs (under Playwright's driver)."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" in child.name():
                total += cpu_seconds(child.pid)
        except psutil.NoSuchProcess:
            continue
    return total


async def visit(context: BrowserContext, server: VoilaServer, pool: int,
                warm: bool) -> VisitFigures:
    """Open the app in ``context``, click ``ROUTE``, leave; the visit's figures."""
    before = await asyncio.to_thread(server.wait_until_ready, pool, TIMEOUT)
    server_before = cpu_seconds(server.process.pid)
    browser_before = browser_cpu_seconds()
    page = await context.new_page()
    received = 0

    def count(payload: str | bytes) -> None:
        nonlocal received
        received += len(payload)

    page.on("websocket", lambda ws: ws.on("framereceived", count))
    arrived: list[float] = []
    page.on("response", lambda r: not arrived and r.url == server.url(APP)
            and arrived.append(time.monotonic()))
    await page.goto(server.url(APP), wait_until="commit", timeout=TIMEOUT * 1000)
    await page.locator(".ttr-board .js-plotly-plot").first.wait_for(state="visible",
                                                                    timeout=TIMEOUT * 1000)
    await page.locator(".ttr-status").first.wait_for(state="visible", timeout=TIMEOUT * 1000)
    board = time.monotonic()
    click = await click_route(page, ROUTE)
    interactive = time.monotonic() - HOVER_REST
    drawn = await board_drawn_at(page)
    first_byte = await page.evaluate(
        "() => performance.getEntriesByType('navigation')[0].responseStart / 1000")
    if drawn is None or click.page_seconds is None:
        raise AssertionError("the page's own clock did not see the board drawn and answering")
    after = {pid: cpu_seconds(pid) for pid in server.kernel_pids()}
    server_cpu = cpu_seconds(server.process.pid) - server_before
    browser_cpu = browser_cpu_seconds() - browser_before
    served = [pid for pid in before if pid in after and after[pid] > before[pid] + 0.05]
    kernel_cpu = sum(after[pid] - before[pid] for pid in served)
    await page.goto("about:blank")  # its beforeunload ends the kernel
    await page.close()
    refill = await asyncio.to_thread(server.wait_until_ready, pool, TIMEOUT)
    refill_cpu = sum(cpu for pid, cpu in refill.items() if pid not in before)
    start = arrived[0] if arrived else board
    return VisitFigures(warm, board - start, interactive - start,
                        server_cpu, kernel_cpu, refill_cpu, browser_cpu, received,
                        drawn - first_byte, drawn - first_byte + click.page_seconds)


async def run(visits: int, pool: int, server: VoilaServer) -> list[VisitFigures]:
    """``visits`` visits, alternating a fresh browser context and a reload in the same one."""
    figures = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True)
        context: BrowserContext | None = None
        for number in range(visits):
            warm = number % 2 == 1
            if not warm:
                if context is not None:
                    await context.close()
                context = await browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
                await context.add_init_script(PAGE_CLOCK_JS)
            assert context is not None
            figures.append(await visit(context, server, pool, warm))
            print(_line(figures[-1]), flush=True)
        if context is not None:
            await context.close()
        await browser.close()
    return figures


def _line(f: VisitFigures) -> str:
    kind = "warm" if f.warm else "cold"
    return (f"{kind}: board {f.board:.2f} s, interactive {f.interactive:.2f} s; core-seconds: "
            f"server {f.server_cpu:.2f}, kernel {f.kernel_cpu:.2f}, refill {f.refill_cpu:.2f}, "
            f"browser {f.browser_cpu:.2f}; "
            f"websocket {f.websocket_bytes / 2**20:.2f} MB; page's own clock: board "
            f"{f.page_board:.2f} s, interactive {f.page_interactive:.2f} s")


def report(figures: Sequence[VisitFigures]) -> str:
    """Medians of the cold and the warm visits, as a markdown table."""
    lines = ["| visit | arrive → board (s) | interactive (s) | page's clock: board (s) "
             "| page's clock: interactive (s) | server core-s | kernel core-s "
             "| refill core-s | browser core-s | websocket MB |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for warm in (False, True):
        group = [f for f in figures if f.warm == warm]
        if not group:
            continue

        def median(values: Any) -> float:
            return float(statistics.median(values))
        lines.append(
            f"| {'warm cache' if warm else 'fresh browser'} ({len(group)}) "
            f"| {median(f.board for f in group):.2f} | {median(f.interactive for f in group):.2f} "
            f"| {median(f.page_board for f in group):.2f} "
            f"| {median(f.page_interactive for f in group):.2f} "
            f"| {median(f.server_cpu for f in group):.2f} "
            f"| {median(f.kernel_cpu for f in group):.2f} "
            f"| {median(f.refill_cpu for f in group):.2f} "
            f"| {median(f.browser_cpu for f in group):.2f} "
            f"| {median(f.websocket_bytes for f in group) / 2**20:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.classroom_visit",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=6, help="visits, one at a time "
                        "(default 6: 3 fresh browsers, each visiting twice)")
    parser.add_argument("--pool", type=int, default=1, help="pre-heated kernels (default 1)")
    args = parser.parse_args(argv)
    if args.visits < 1 or not 1 <= args.pool <= 12:
        parser.error("give at least 1 visit and a pool of 1 to 12")
    with running_server(KIT_NOTEBOOKS, notebook=APP, log_name="voila-classroom-visit",
                        extra=("--pool", str(args.pool))) as server:
        figures = asyncio.run(run(args.visits, args.pool, server))
    print(report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
