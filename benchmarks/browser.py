"""Browser figures for the play app, run by hand (never in tests); prints Markdown tables.

    python benchmarks/browser.py                 # both measures
    python benchmarks/browser.py clicks          # a route click → board and panels updated
    python benchmarks/browser.py clicks --url http://localhost:8866/   # a `ttr serve` running
    python benchmarks/browser.py cold --runs 5   # Voila cold start to an interactive board

Both drive headless Debian Chromium (/usr/bin/chromium) with the browser tests' harness
(tests/browser): ``ttr serve`` in a subprocess, pages of 1366×768.

**Clicks.** The Play app (USA, a fixed deal, the person's first turn, so every click also works
out the ways to pay) gets a click on one space of a route, for routes all over the board. The
time is taken *in the page*: from the ``mouseup`` of the click to the first DOM mutation after
which the board's selection ring circles that route, the claim panel is titled with it and the
status line has been rewritten — the whole round trip browser → kernel → widgets → browser,
drawing included. The mouse rests on the space until plotly hovers it before the probe is armed
(plotly clicks the point it hovered last), so the hover wait is not counted.

**Cold start.** A fresh server per run and a fresh browser context (empty cache); the time from
navigation start to the board drawn (the figure's traces plotted, and for the app its status
line shown), read from ``performance.now()`` in the page. Without pre-heating the kernel starts
and runs the notebook on request; with the kit's configuration (``ttr serve``'s default) a
kernel has run it before the page is asked for — the run waits until the server and its kernel
have been idle for two seconds first. The baseline is a bare notebook holding one plotly
``FigureWidget``, written to a temporary directory and served the same way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import nbformat
import psutil  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the browser harness lives with the tests

from tests.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    KIT_NOTEBOOKS,
    VIEWPORT,
    VoilaServer,
    running_server,
)
from tests.browser.play_helpers import PlayPage  # noqa: E402
from ttr_widgets.rules.maps import load_map  # noqa: E402
from ttr_widgets.server.config import notebook_url  # noqa: E402
from ttr_widgets.testing.browser import cpu_seconds  # noqa: E402
from ttr_widgets.widgets.board.render import SELECTION  # noqa: E402
from ttr_widgets.widgets.table.claim import route_title  # noqa: E402

APP = "Play.ipynb"
BARE = "bare_figure.ipynb"
SEED = 4  #: the deal of the browser tests: the person's first turn after keeping tickets
WARM_UP = 3  #: clicks made before the measured ones
AIM_CLICK_MS = 150
AIM_COLD_RATIO = 1.5
PAGE_TIMEOUT_MS = 180_000


# --- clicks ------------------------------------------------------------------------------------

# Arms a probe for the next click: the mouseup time, then the first mutation after which the
# board, the claim panel and the status line each show the answer.
_ARM_JS = """
([trace, expected, title]) => {
  const gd = document.querySelector('.ttr-board .js-plotly-plot');
  const status = () => document.querySelector('.ttr-status .widget-html-content > div');
  const old = status();
  if (old) old.dataset.benchSeen = '1';
  const probe = window.__ttrProbe = {start: null, board: null, panel: null, status: null};
  window.addEventListener('mouseup', () => { probe.start = performance.now(); },
                          {capture: true, once: true});
  const check = () => {
    if (probe.start === null) return;
    const now = performance.now();
    const d = gd.data[trace], xs = Array.from(d.x || []), ys = Array.from(d.y || []);
    if (probe.board === null && xs.length === expected.length && expected.every(
        ([x, y], i) => Math.abs(xs[i] - x) < 1e-9 && Math.abs(ys[i] - y) < 1e-9))
      probe.board = now;
    const head = document.querySelector('.ttr-claim-title');
    if (probe.panel === null && head && head.textContent === title) probe.panel = now;
    const line = status();
    if (probe.status === null && line && !line.dataset.benchSeen) probe.status = now;
    if (probe.board !== null && probe.panel !== null && probe.status !== null)
      observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {subtree: true, childList: true, characterData: true,
                                   attributes: true});
}
"""

_ANSWERED_JS = """
() => { const p = window.__ttrProbe;
  return !!p && p.board !== null && p.panel !== null && p.status !== null; }
"""


@dataclass(frozen=True, slots=True)
class Click:
    """One measured click, in milliseconds from its mouseup."""

    route_id: str
    board: float
    panel: float
    status: float

    @property
    def all(self) -> float:
        return max(self.board, self.panel, self.status)


def measure_clicks(page: Page, url: str, routes: int) -> list[Click]:
    """Open the app at ``url``, deal the benchmark's game, keep the tickets and click
    ``routes`` routes spread over the board (after ``WARM_UP`` unmeasured ones)."""
    page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT_MS)
    page.locator(".ttr-status").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    play = PlayPage(page)
    play.wait_for_board()
    play.new_game("usa", SEED)
    assert play.keep_tickets(), "keeping the tickets dealt was refused"
    board = load_map("usa")
    step = max(1, len(board.routes) // (routes + WARM_UP))
    chosen = board.routes[::step][:routes + WARM_UP]
    spaces = play.spaces()
    clicks = []
    for route in chosen:
        route_spaces = spaces[route.id]
        ring = [(s.data_x, s.data_y) for s in route_spaces]
        arm = partial(page.evaluate, _ARM_JS, [SELECTION, ring, route_title(board, route)])
        play.click_space(route_spaces[len(route_spaces) // 2], before_click=arm)
        page.wait_for_function(_ANSWERED_JS, timeout=30_000)
        probe: dict[str, float] = page.evaluate("() => window.__ttrProbe")
        start = probe["start"]
        clicks.append(Click(route.id, probe["board"] - start, probe["panel"] - start,
                            probe["status"] - start))
    return clicks[WARM_UP:]


def clicks_table(clicks: Sequence[Click]) -> str:
    rows = [("board: the route's selection ring drawn", [c.board for c in clicks]),
            ("claim panel titled with the route", [c.panel for c in clicks]),
            ("status line rewritten", [c.status for c in clicks]),
            ("**all three (board and panels updated)**", [c.all for c in clicks])]
    lines = ["| from the click's mouseup to … | median ms | p90 ms | min ms | max ms |",
             "|---|---|---|---|---|"]
    for label, values in rows:
        lines.append(f"| {label} | {statistics.median(values):.0f} | {_p90(values):.0f} | "
                     f"{min(values):.0f} | {max(values):.0f} |")
    median = statistics.median(c.all for c in clicks)
    verdict = "met" if median <= AIM_CLICK_MS else "missed"
    lines.append(f"\n{len(clicks)} clicks on different routes (after {WARM_UP} warm-up clicks); "
                 f"aim ≤ {AIM_CLICK_MS} ms per click: **{verdict}** ({median:.0f} ms).")
    return "\n".join(lines)


def _p90(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def clicks(browser: Browser, url: str | None, routes: int) -> str:
    with _served(url, KIT_NOTEBOOKS, APP, preheat=True) as app_url, _page(browser) as page:
        measured = measure_clicks(page, app_url, routes)
    where = url or "a fresh `ttr serve` (pre-heated app kernel)"
    return f"### Route click → board and panels updated ({where})\n\n{clicks_table(measured)}"


# --- cold start --------------------------------------------------------------------------------

_READY_JS = """
([selector, trace, status]) => {
  const gd = document.querySelector(selector);
  const drawn = !!(gd && gd._fullData && gd._fullData.length > trace && gd.calcdata &&
                   gd.querySelector('.scatterlayer .trace'));
  if (!drawn || (status && !document.querySelector('.ttr-status .widget-html-content > div')))
    return false;
  window.__ttrReady = window.__ttrReady || performance.now();
  return true;
}
"""


@dataclass(frozen=True, slots=True)
class Subject:
    """A notebook whose cold start is measured, and what "its board is drawn" means."""

    label: str
    root: Path
    notebook: str
    selector: str
    trace: int
    status: bool


def cold_start(browser: Browser, subject: Subject, preheat: bool) -> float:
    """Seconds from navigation start to the drawn board, on a fresh server."""
    log = f"bench-{Path(subject.notebook).stem}-{'preheat' if preheat else 'cold'}"
    with running_server(subject.root, notebook=subject.notebook, preheat=preheat,
                        log_name=log) as server:
        if preheat:
            wait_until_idle(server)
        with _page(browser) as page:
            page.goto(server.url(subject.notebook), wait_until="commit",
                      timeout=PAGE_TIMEOUT_MS)
            page.wait_for_function(_READY_JS, arg=[subject.selector, subject.trace,
                                                   subject.status],
                                   polling="raf", timeout=PAGE_TIMEOUT_MS)
            ready: float = page.evaluate("() => window.__ttrReady")
    return ready / 1000


def wait_until_idle(server: VoilaServer, quiet: float = 2.0, timeout: float = 120.0) -> None:
    """Wait until the pre-heated kernel exists and it and the server have used under 3 % of
    a core for ``quiet`` seconds: the kernel has run the notebook, Voila has rendered it."""
    deadline = time.monotonic() + timeout
    while not server.kernel_pids():
        if time.monotonic() > deadline:
            raise RuntimeError("no pre-heated kernel started")
        time.sleep(0.2)
    calm_since: float | None = None
    last = _cpu_seconds(server)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = _cpu_seconds(server)
        if now - last < 0.015:  # 3 % of one core over 0.5 s
            calm_since = calm_since or time.monotonic()
            if time.monotonic() - calm_since >= quiet:
                return
        else:
            calm_since = None
        last = now
    raise RuntimeError(f"the server was still busy after {timeout:.0f} s")


def _cpu_seconds(server: VoilaServer) -> float:
    """CPU seconds so far of the server and its kernels together."""
    return sum(cpu_seconds(pid) for pid in [server.process.pid, *server.kernel_pids()])


def write_bare_notebook(path: Path) -> None:
    """One plotly FigureWidget and nothing else: the baseline of the cold start."""
    source = ("import plotly.graph_objects as go\n"
              "go.FigureWidget(go.Scatter(x=[1, 2, 3], y=[1, 3, 2], mode='markers'))")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, path)


def cold(browser: Browser, runs: int) -> str:
    with tempfile.TemporaryDirectory(prefix="ttr-bench-") as tmp:
        write_bare_notebook(Path(tmp) / BARE)
        subjects = (Subject("bare notebook, one FigureWidget", Path(tmp), BARE,
                            ".js-plotly-plot", 0, False),
                    Subject("Play.ipynb (the app)", KIT_NOTEBOOKS, APP,
                            ".ttr-board .js-plotly-plot", 7, True))
        times: dict[tuple[str, bool], list[float]] = {}
        for run in range(runs):  # interleaved, so a busy spell hits every row alike
            for preheat in (False, True):
                for subject in subjects:
                    seconds = cold_start(browser, subject, preheat)
                    times.setdefault((subject.label, preheat), []).append(seconds)
                    print(f"  run {run + 1}: {subject.label}, "
                          f"{'pre-heated' if preheat else 'cold kernel'}: {seconds:.2f} s",
                          file=sys.stderr)
    lines = ["### Voila cold start to an interactive board (fresh server each run)\n",
             "| page | kernel | median s | min s | max s | runs |", "|---|---|---|---|---|---|"]
    for (label, preheat), values in times.items():
        lines.append(f"| {label} | {'pre-heated (kit config)' if preheat else 'started on request'}"
                     f" | {statistics.median(values):.2f} | {min(values):.2f} | "
                     f"{max(values):.2f} | {len(values)} |")
    lines.append("")
    for preheat in (False, True):
        app = statistics.median(times[(subjects[1].label, preheat)])
        bare = statistics.median(times[(subjects[0].label, preheat)])
        verdict = "met" if app <= AIM_COLD_RATIO * bare else "missed"
        lines.append(f"- {'Pre-heated' if preheat else 'Kernel started on request'}: the app "
                     f"takes {app / bare:.2f}× the bare FigureWidget notebook (aim ≤ "
                     f"{AIM_COLD_RATIO}×): **{verdict}**.")
    return "\n".join(lines)


# --- plumbing ----------------------------------------------------------------------------------

@contextmanager
def _served(url: str | None, root: Path, notebook: str, *, preheat: bool) -> Iterator[str]:
    """The notebook's page URL: on the given server, or on a fresh ``ttr serve``."""
    if url is not None:
        yield notebook_url(url, notebook)
        return
    with running_server(root, notebook=notebook, preheat=preheat,
                        log_name="bench-clicks") as server:
        wait_until_idle(server)
        yield server.url(notebook)


@contextmanager
def _page(browser: Browser) -> Iterator[Page]:
    """A fresh context (empty cache) and page; leaving it ends its kernel, as for a person."""
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        yield page
    finally:
        page.goto("about:blank")
        context.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", choices=("clicks", "cold", "all"), default="all")
    parser.add_argument("--url", help="a running `ttr serve` (clicks only), e.g. "
                                      "http://localhost:8866/")
    parser.add_argument("--clicks", type=int, default=30, help="measured clicks (default 30)")
    parser.add_argument("--runs", type=int, default=3, help="cold starts per row (default 3)")
    args = parser.parse_args(argv)
    if args.clicks < 20:
        parser.error("--clicks: at least 20, for a median worth the name")
    if not CHROMIUM.is_file():
        parser.error(f"needs Debian's Chromium at {CHROMIUM} (make browser-deps)")
    jobs: list[Callable[[Browser], str]] = []
    if args.what in ("clicks", "all"):
        jobs.append(lambda b: clicks(b, args.url, args.clicks))
    if args.what in ("cold", "all"):
        jobs.append(lambda b: cold(b, args.runs))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=list(CHROMIUM_ARGS), headless=True)
        try:
            for job in jobs:
                print(job(browser), end="\n\n", flush=True)
        finally:
            browser.close()
    print(f"Machine: {psutil.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.1f}' for x in psutil.getloadavg())} at the end.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
