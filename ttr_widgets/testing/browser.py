"""Support shared by the tests and the benchmarks: a real ``ttr serve`` in a subprocess, pages
in headless Debian Chromium, and the helpers that drive them. Tests and benchmarks import it from
here and never from each other (tests/rules/test_purity.py: nothing in the kit imports it).

It needs the ``test`` extra (playwright, psutil) and a source checkout (``REPO``: the notebooks
and the tests' own notebooks).

Fixtures (tests/browser/conftest.py): ``kit_server`` (the kit's notebooks/, app Play.ipynb),
``test_server`` (tests/browser/notebooks/), ``chromium`` (the browser), ``page`` (a fresh
1366×768 page per test) and ``console_errors`` (what went wrong in that page). The helpers below
are plain functions.

A test, start to end::

    @pytest.mark.browser
    def test_board_click(kit_server, page, console_errors):
        open_notebook(page, kit_server, "Play.ipynb")
        click_plotly_point(page, trace=2, point=0)
        expect_text(page, ".status", "claim")
        screenshot(page, "board-after-click")
        assert console_errors == []
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import psutil  # type: ignore[import-untyped]
from playwright.sync_api import Page

from ttr_widgets.server.config import notebook_url
from ttr_widgets.server.ports import find_free_port

__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "HOVER_REST_MS",
    "KERNEL_SETTLE",
    "KIT_NOTEBOOKS",
    "RENDER_TIMEOUT_MS",
    "REPO",
    "SCREENSHOTS",
    "SERVER_START_TIMEOUT",
    "TEST_NOTEBOOKS",
    "VIEWPORT",
    "WIDGET_READY",
    "VoilaServer",
    "click_plotly_point",
    "cpu_seconds",
    "expect_text",
    "find_plotly_point",
    "http_status",
    "open_notebook",
    "plotly_point",
    "reload_notebook",
    "run_loop",
    "running_server",
    "screenshot",
    "serve_command",
    "stop_server",
]

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[2]  #: the source checkout (tests, benchmarks, notebooks)
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
TEST_NOTEBOOKS = REPO / "tests" / "browser" / "notebooks"
KIT_NOTEBOOKS = REPO / "notebooks"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage",
)
VIEWPORT = {"width": 1366, "height": 768}  #: the laptop screen the app must fit

SERVER_START_TIMEOUT = 90.0  #: seconds for `ttr serve` to answer HTTP
RENDER_TIMEOUT_MS = 90_000  #: a cold kernel on a busy 2-core machine can take a while
WIDGET_READY = ".js-plotly-plot, .jupyter-widgets"  #: default "the page has rendered" selector


KERNEL_SETTLE = 1.0  #: seconds: a kernel is ready once its CPU time has not grown for this long


# --- the server --------------------------------------------------------------------------------

def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of one process so far (0 once it has gone)."""
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.NoSuchProcess:
        return 0.0
    return float(times.user + times.system)


@dataclass(frozen=True)
class VoilaServer:
    """A running ``ttr serve`` subprocess (its own process group) and its log file."""

    root: Path
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://localhost:{self.port}/"

    def url(self, notebook: str) -> str:
        """The Voila page of a notebook in the served directory."""
        return notebook_url(self.base_url, notebook)

    def kernel_pids(self) -> list[int]:
        """The kernel processes this server has running now (pre-heated ones included)."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        pids = []
        for child in children:
            with contextlib.suppress(psutil.NoSuchProcess, psutil.ZombieProcess):
                if child.status() != psutil.STATUS_ZOMBIE and any(
                        "ipykernel" in part for part in child.cmdline()):
                    pids.append(child.pid)
        return sorted(pids)

    def page_kernel_pid(self, page: Page) -> int:
        """The process of the kernel serving ``page`` (found by the kernel id the page was
        rendered with, in its connection file's name): not a pre-heated kernel beside it."""
        found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content())
        assert found, "no kernel id in the rendered page"
        for pid in self.kernel_pids():
            with contextlib.suppress(psutil.NoSuchProcess):
                if any(found[1] in part for part in psutil.Process(pid).cmdline()):
                    return pid
        raise AssertionError(f"no kernel process for kernel {found[1]}")

    def wait_for_kernels(self, count: int, timeout: float = 30.0) -> int:
        """Poll until exactly ``count`` kernels run (or ``timeout``); the last count seen."""
        deadline = time.monotonic() + timeout
        seen = len(self.kernel_pids())
        while seen != count and time.monotonic() < deadline:
            time.sleep(0.25)
            seen = len(self.kernel_pids())
        return seen

    def wait_until_ready(self, pool: int, timeout: float = 240.0) -> dict[int, float]:
        """Wait until ``pool`` kernels run and none's CPU time has grown for
        :data:`KERNEL_SETTLE` seconds (the pool is full and the app has run in each kernel);
        their CPU seconds by pid."""
        deadline = time.monotonic() + timeout
        self.wait_for_kernels(pool, timeout=timeout)
        seen = {pid: cpu_seconds(pid) for pid in self.kernel_pids()}
        still = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.25)
            now = {pid: cpu_seconds(pid) for pid in self.kernel_pids()}
            if now != seen or len(now) != pool:
                seen, still = now, time.monotonic()
            elif time.monotonic() - still >= KERNEL_SETTLE:
                return now
        raise TimeoutError(f"the pool of {pool} did not settle within {timeout:.0f} s")

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def serve_command(root: Path, port: int, *, notebook: str = "Play.ipynb", preheat: bool = True,
                  extra: Sequence[str] = (), tables: Path | str | None = None) -> list[str]:
    """The exact ``ttr serve`` command line the fixtures run (through the CLI's ``main``); its
    shared tables in ``tables`` (a file or a PostgreSQL address; by default a new file of its
    own, never the user's)."""
    if tables is None:
        tables = Path(tempfile.mkdtemp(prefix="ttr-tables-")) / "tables.sqlite"
    command = [sys.executable, "-m", "ttr_widgets.cli", "serve", "--port", str(port),
               "--root", str(root), "--notebook", notebook, "--no-browser", "--verbose",
               "--tables", str(tables)]
    command += ["--pool", "1"] if preheat else ["--no-preheat"]  # not the machine-sized pool
    return [*command, *extra]


@contextlib.contextmanager
def running_server(root: Path, *, notebook: str = "Play.ipynb", preheat: bool = True,
                   log_name: str = "voila", extra: Sequence[str] = (),
                   timeout: float = SERVER_START_TIMEOUT, tables: Path | str | None = None,
                   port: int | None = None,
                   env: Mapping[str, str] | None = None) -> Iterator[VoilaServer]:
    """Start ``ttr serve`` on a free port, wait for HTTP 200 on its tree page, yield it, and at
    the end terminate its whole process group (SIGTERM, then SIGKILL after 20 s); raise if it
    did not exit with code 0 or left a kernel running.

    Its output goes to ``test-artifacts/<log_name>.log``; ``env`` adds to its environment
    (e.g. ``{"TTR_BOT_PACE": "0.2"}``: the tables' bots quick).
    """
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"{log_name}.log"
    port = find_free_port() if port is None else port
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            serve_command(root, port, notebook=notebook, preheat=preheat, extra=extra,
                          tables=tables),
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True, cwd=REPO,
            env={**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"})
    server = VoilaServer(root=root, port=port, process=process, log_path=log_path)
    try:
        _wait_until_up(server, timeout)
        yield server
    except BaseException:
        stop_server(server.process)
        raise
    code, survivors = stop_server(server.process)
    if code != 0 or survivors:
        raise RuntimeError(f"ttr serve stopped with exit code {code}, leaving {survivors} "
                           f"kernel(s) running; its log ({log_path}):\n{server.log_tail()}")


def _wait_until_up(server: VoilaServer, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"ttr serve exited with code {server.process.returncode} before "
                               f"serving; its log ({server.log_path}):\n{server.log_tail()}")
        # the tree page: the root address redirects to the app, whose page would take a kernel
        if http_status(server.base_url + "voila/tree") == 200:
            return
        time.sleep(0.2)
    raise RuntimeError(f"ttr serve did not answer {server.base_url} within {timeout:.0f} s; "
                       f"its log ({server.log_path}):\n{server.log_tail()}")


def http_status(url: str, timeout: float = 5.0) -> int | None:
    """The HTTP status of a GET (``None`` if nothing answers)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            status: int = response.status
            return status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, OSError):
        return None


def stop_server(process: subprocess.Popen[bytes], grace: float = 20.0) -> tuple[int, int]:
    """SIGTERM the server's process group, SIGKILL it after ``grace`` seconds. Returns its exit
    code and the number of its kernels that outlived it.

    Voila starts each kernel in a session of its own, out of the server's process group: any
    kernel still alive once the server has exited (none should be) is killed by its pid.
    """
    try:
        kernels = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        kernels = []
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=grace)
    # A kernel whose shutdown was under way when the server stopped may take a moment to exit.
    _gone, alive = psutil.wait_procs(kernels, timeout=10)
    survivors = [kernel for kernel in alive if _running(kernel)]
    for kernel in survivors:
        with contextlib.suppress(psutil.NoSuchProcess):
            kernel.kill()
    return process.returncode, len(survivors)


def _running(process: psutil.Process) -> bool:
    try:
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def run_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` on a thread of its own: a test may run a loop of its own
    while Playwright's synchronous API keeps one running in the main thread (the session's
    browser is open)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# --- pages -------------------------------------------------------------------------------------

def open_notebook(page: Page, server: VoilaServer, notebook: str, *,
                  ready: str = WIDGET_READY, timeout_ms: int = RENDER_TIMEOUT_MS) -> float:
    """Open a notebook's Voila page and wait until ``ready`` is visible (by default a plotly
    figure or any Jupyter widget). Returns the seconds from navigation to rendered."""
    start = time.monotonic()
    page.goto(server.url(notebook), wait_until="commit", timeout=timeout_ms)
    page.locator(ready).first.wait_for(state="visible", timeout=timeout_ms)
    return time.monotonic() - start


def reload_notebook(page: Page, *, ready: str = WIDGET_READY,
                    timeout_ms: int = RENDER_TIMEOUT_MS) -> float:
    """Reload the page (its ``beforeunload`` runs, as in a real browser) and wait for ``ready``."""
    start = time.monotonic()
    page.reload(wait_until="commit", timeout=timeout_ms)
    page.locator(ready).first.wait_for(state="visible", timeout=timeout_ms)
    return time.monotonic() - start


def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save ``test-artifacts/screenshots/<name>.png`` and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


_POINT_JS = """
([selector, figure, trace, point]) => {
  const gd = document.querySelectorAll(selector)[figure];
  if (!gd || !gd._fullData) return {error: `no plotly figure ${figure} matches ${selector}`};
  const data = gd._fullData[trace];
  if (!data) return {error: `figure has ${gd._fullData.length} traces, not trace ${trace}`};
  const cd = gd.calcdata[trace];
  if (!cd || !cd[point] || cd[point].x === undefined)
    return {error: `trace ${trace} has no point ${point}`};
  const axis = (id, letter) => gd._fullLayout[letter + 'axis' + id.slice(1)];
  const xa = axis(data.xaxis, 'x'), ya = axis(data.yaxis, 'y');
  const box = gd.querySelector('.main-svg').getBoundingClientRect();  // the drawing itself
  const s = box.width / gd._fullLayout.width;  // 1 unless the page scales the figure to fit
  return {x: box.left + s * (xa._offset + xa.c2p(cd[point].x)),
          y: box.top + s * (ya._offset + ya.c2p(cd[point].y)),
          name: data.name || ''};
}
"""


def plotly_point(page: Page, trace: int, point: int, *, figure: int = 0,
                 selector: str = ".js-plotly-plot") -> tuple[float, float]:
    """Viewport coordinates of a point of a trace of a rendered plotly figure, computed by
    plotly itself (``gd.calcdata`` through the axes), so hidden or tiny markers work too."""
    page.locator(selector).nth(figure).scroll_into_view_if_needed()
    where: dict[str, Any] = page.evaluate(_POINT_JS, [selector, figure, trace, point])
    if "error" in where:
        raise AssertionError(str(where["error"]))
    return float(where["x"]), float(where["y"])


_FIND_JS = """
([selector, figure, value]) => {
  const gd = document.querySelectorAll(selector)[figure];
  if (!gd || !gd._fullData) return null;
  for (const [t, data] of gd._fullData.entries()) {
    const at = (data.customdata || []).findIndex(
      c => c === value || (Array.isArray(c) && c[0] === value));
    if (at >= 0) return [t, at];
  }
  return null;
}
"""


def find_plotly_point(page: Page, customdata: object, *, figure: int = 0,
                      selector: str = ".js-plotly-plot") -> tuple[int, int]:
    """``(trace, point)`` of the first point whose ``customdata`` is ``customdata`` (or starts
    with it), searching the figure's traces in order — e.g. a route id on the board."""
    deadline = time.monotonic() + RENDER_TIMEOUT_MS / 1000
    found = page.evaluate(_FIND_JS, [selector, figure, customdata])
    while found is None and time.monotonic() < deadline:  # the figure may still be drawing
        page.wait_for_timeout(200)
        found = page.evaluate(_FIND_JS, [selector, figure, customdata])
    if found is None:
        raise AssertionError(f"no point of plotly figure {figure} carries {customdata!r}")
    return int(found[0]), int(found[1])


HOVER_REST_MS = 200  #: rest over a point before clicking, or plotly may click the old hover

_HOVERED_JS = """
([selector, figure]) => {
  const gd = document.querySelectorAll(selector)[figure], h = gd && gd._hoverdata;
  return h && h.length ? [h[0].curveNumber, h[0].pointNumber] : null;
}
"""


def click_plotly_point(page: Page, trace: int, point: int, *, figure: int = 0,
                       selector: str = ".js-plotly-plot") -> tuple[float, float]:
    """Move to a plotly point and click it like a person would; returns where it clicked.

    The click waits until the point stays where it was over the rest and plotly hovers no
    other point: a board still settling (a panel appearing beside it) moves its points, and a
    click at the old place lands on a neighbour."""
    deadline = time.monotonic() + RENDER_TIMEOUT_MS / 1000
    while True:
        x, y = plotly_point(page, trace, point, figure=figure, selector=selector)
        page.mouse.move(x, y)
        page.wait_for_timeout(HOVER_REST_MS)  # right after a redraw plotly holds back the hover
        hovered = page.evaluate(_HOVERED_JS, [selector, figure])
        still = plotly_point(page, trace, point, figure=figure, selector=selector) == (x, y)
        if still and hovered in (None, [trace, point]):
            break
        if time.monotonic() > deadline:
            raise AssertionError(f"plotly point {trace}/{point} never held still under the "
                                 f"mouse (hovered {hovered}, at {x:.0f},{y:.0f} then moved)")
    page.mouse.click(x, y)
    return x, y


def expect_text(page: Page, selector: str, text: str, *,
                timeout_ms: int = 15_000) -> str:
    """Wait until the first element matching ``selector`` contains ``text``; its text."""
    locator = page.locator(selector).first
    deadline = time.monotonic() + timeout_ms / 1000
    content = ""
    while time.monotonic() < deadline:
        content = locator.inner_text(timeout=timeout_ms)
        if text in content:
            return content
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} says {content!r}, expected it to contain {text!r}")
