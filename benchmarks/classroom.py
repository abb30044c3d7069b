"""A classroom on one machine: many people open the play app at once and click routes.

Run by hand from the repository's root (results go in the README, never into tests)::

    .venv/bin/python -m benchmarks.classroom                  # 20 Chromium pages at once
    .venv/bin/python -m benchmarks.classroom --browsers 4 --protocol 16

It starts its own ``ttr serve`` (the kit's notebooks, Play.ipynb pre-heated) on a loopback port
and sends it a class of visitors, all at the same moment, of two kinds:

- a **browser** visitor is a headless Chromium page (Debian's, driven over the DevTools protocol
  with nothing watched, ``--driver lean``, or through Playwright): it opens
  the app, waits for the board, then clicks train spaces of ``ROUTES`` with the mouse, each
  time waiting until the board highlights exactly that route (the answer comes from the
  kernel: browser → FigureWidget → Python → board update → browser);
- a **protocol** visitor does what the page does without drawing it: it GETs the app page
  (Voila runs the notebook in a new kernel for it), opens the page's kernel websocket, asks
  for the widget states as the page's widget manager does (``jupyter.widget.control``,
  ``request_states``), then sends the board the same click message plotly's FigureWidget
  sends (``_js2py_pointsCallback``) and waits for the board update that highlights the route.

A browser's times are taken twice: by the driver (in another process, which on a busy machine
waits for the CPU too) and by the page's own clock
(``PAGE_CLOCK_JS``: from the navigation's start to the board drawn with the status line under
it, and from a click's mouse button coming up to the board's answer). "Interactive, page's own
clock" is the board drawn plus the first click's answer: when a person who clicks as soon as
the board appears gets the answer.

Every visitor then waits until the whole class has opened and clicked; the kernels' and the
server's memory (RSS) is read at that moment, with every session alive. Then they all leave as a
page does (the ``/voila/api/shutdown/<kernel>`` beacon), and the kernel count must come back to
the pre-heated pool. ``tests/browser/test_classroom.py`` runs a smaller browser share of the same
class (`make load-test`); this script runs any class by hand, 20 browsers by default.

On a 2-core machine the 20-browser class fails in the browsers, not in the server: twenty
renderers next to twenty kernels starve, and a page that receives its widgets' state but cannot
load the board's 5 MB plotly module within anywidget's 2-second limit shows no app (measured
with the server at nice 0, 10 and 19, all at once or 3 s apart). The server side (kernels,
memory, clean exit) is still measured. The README's figures come from
``--browsers 4 --protocol 16 --server-nice 19``, the class of the test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import psutil  # type: ignore[import-untyped]
from playwright.async_api import Browser, async_playwright
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from tests.browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    KIT_NOTEBOOKS,
    REPO,
    SCREENSHOTS,
    VIEWPORT,
    VoilaServer,
    running_server,
)
from ttr_widgets.testing.lean_chromium import LeanChromium

APP = "Play.ipynb"
POOL = 1  #: pre-heated kernels ``ttr serve`` keeps for the app, by default here
#: Routes of the USA map (the app's default) a visitor clicks, in this order: short and long,
#: east and west, each different from the one before.
ROUTES = ("usa-017", "usa-031", "usa-001", "usa-025", "usa-037")
OPEN_TIMEOUT = 240.0  #: seconds a visitor waits for the app under load
CLICK_TIMEOUT = 60.0  #: seconds a visitor waits for the board to answer a click
LEAVE_TIMEOUT = 90.0  #: seconds for every kernel to end once the class has left
#: Seconds the browser is left to finish starting before the class arrives: a visitor's browser
#: is open before they type the address (a start costs Chromium about a core-second).
BROWSER_SETTLE = 3.0
CELL_ERROR = "There was an error when executing cell"
MB = 1024 * 1024


# --- results -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Visit:
    """What one visitor saw: how long the app took to open, each click's answer time, and
    anything that went wrong (an empty ``problems`` means the page worked)."""

    kind: str  # "browser" or "protocol"
    number: int
    open_seconds: float | None = None
    click_seconds: tuple[float, ...] = ()
    kernel_id: str = ""
    problems: tuple[str, ...] = ()
    #: a browser's own clock: navigation start → board drawn, and each click's answer
    page_open_seconds: float | None = None
    page_click_seconds: tuple[float, ...] = ()

    @property
    def worked(self) -> bool:
        return not self.problems and len(self.click_seconds) == len(ROUTES)


@dataclass(frozen=True)
class Classroom:
    """One class: every visit, the memory with every session alive, the kernel counts."""

    visits: tuple[Visit, ...]
    setup: Setup
    kernels_before: int
    kernels_during: int
    kernels_after: int
    kernel_rss: tuple[int, ...]  #: bytes, one per kernel process running with the class in
    server_rss: int  #: bytes, the ``ttr serve`` process (Voila's tornado server)
    server_rss_before: int
    wall_seconds: float
    problems: tuple[str, ...] = field(default=())

    def opens(self, kind: str | None = None) -> list[float]:
        return [v.open_seconds for v in self.visits if v.open_seconds is not None
                and (kind is None or v.kind == kind)]

    def interactive(self, kind: str | None = None) -> list[float]:
        """Seconds from arriving to the board's answer to the visitor's first click."""
        return [v.open_seconds + v.click_seconds[0] for v in self.visits
                if v.open_seconds is not None and v.click_seconds
                and (kind is None or v.kind == kind)]

    def clicks(self, kind: str | None = None) -> list[float]:
        return [s for v in self.visits if kind is None or v.kind == kind for s in v.click_seconds]

    def page_opens(self) -> list[float]:
        """The browsers' own clocks: navigation start → board drawn with the status line."""
        return [v.page_open_seconds for v in self.visits if v.page_open_seconds is not None]

    def page_interactive(self) -> list[float]:
        """The browsers' own clocks: board drawn, plus the answer time of the first click."""
        return [v.page_open_seconds + v.page_click_seconds[0] for v in self.visits
                if v.page_open_seconds is not None and v.page_click_seconds]

    def page_clicks(self) -> list[float]:
        return [s for v in self.visits for s in v.page_click_seconds]

    def report(self) -> str:
        """The figures as a markdown table, with the class's make-up."""
        kinds = sorted({v.kind for v in self.visits})
        makeup = ", ".join(f"{sum(v.kind == k for v in self.visits)} {k}" for k in kinds)
        lines = [f"Class of {len(self.visits)} visitors ({makeup}), {self.setup.describe()}; "
                 f"{sum(v.worked for v in self.visits)} of them worked; wall time "
                 f"{self.wall_seconds:.0f} s.", "",
                 "| figure | median | p95 | max |", "| --- | --- | --- | --- |"]
        for kind in kinds:
            lines.append(_row(f"open the app, {kind} (s)", self.opens(kind)))
            lines.append(_row(f"interactive (first click answered), {kind} (s)",
                              self.interactive(kind)))
            lines.append(_row(f"click → board answers, {kind} (s)", self.clicks(kind)))
        if self.page_opens():
            lines.append(_row("board drawn, page's own clock (s)", self.page_opens()))
            lines.append(_row("interactive, page's own clock: board drawn + first answer (s)",
                              self.page_interactive()))
            lines.append(_row("click → board answers, page's own clock (s)",
                              self.page_clicks()))
        kernel_mb = [rss / MB for rss in self.kernel_rss]
        lines.append(_row("kernel RSS, one per visitor (MB)", kernel_mb, digits=0))
        lines += ["", f"Kernels: {self.kernels_before} before (the pre-heated pool), "
                  f"{self.kernels_during} with the class in, {self.kernels_after} after it left.",
                  f"Server (ttr serve) RSS: {self.server_rss_before / MB:.0f} MB idle, "
                  f"{self.server_rss / MB:.0f} MB with the class in; all kernels together "
                  f"{sum(self.kernel_rss) / MB:.0f} MB."]
        for visit in self.visits:
            for problem in visit.problems:
                lines.append(f"- {visit.kind} {visit.number}: {problem}")
        lines += [f"- {problem}" for problem in self.problems]
        return "\n".join(lines)


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of a non-empty sample."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))  # ceil
    return ordered[int(rank) - 1]


def _row(name: str, values: Sequence[float], digits: int = 2) -> str:
    if not values:
        return f"| {name} | – | – | – |"
    cells = (statistics.median(values), percentile(values, 0.95), max(values))
    return f"| {name} | " + " | ".join(f"{v:.{digits}f}" for v in cells) + " |"


# --- a browser visitor -------------------------------------------------------------------------

ROUTE_POINT_JS = """
(route) => {
  const gd = document.querySelector('.js-plotly-plot');
  const t = gd._fullData.findIndex(d => d.name === 'routes');
  const spaces = [];
  (gd.data[t].customdata || []).forEach((c, i) => { if (c === route) spaces.push(i); });
  if (!spaces.length) return {error: `no train space of ${route} on the board`};
  const i = spaces[Math.floor(spaces.length / 2)];
  const cd = gd.calcdata[t][i], data = gd._fullData[t];
  const xa = gd._fullLayout['xaxis' + data.xaxis.slice(1)];
  const ya = gd._fullLayout['yaxis' + data.yaxis.slice(1)];
  const box = gd.querySelector('.main-svg').getBoundingClientRect();  // the drawing itself
  const s = box.width / gd._fullLayout.width;  // 1 unless the page scales the figure to fit
  return {x: box.left + s * (xa._offset + xa.c2p(cd.x)),
          y: box.top + s * (ya._offset + ya.c2p(cd.y))};
}
"""

SELECTED_JS = """
(route) => {
  const gd = document.querySelector('.js-plotly-plot');
  const routes = gd.data.find(d => d.name === 'routes');
  const selection = gd.data.find(d => d.name === 'selection');
  const xs = [];
  (routes.customdata || []).forEach((c, i) => { if (c === route) xs.push(routes.x[i]); });
  const selected = JSON.stringify(Array.from(selection.x || [])) === JSON.stringify(xs);
  const clock = window.__ttrClock;
  if (selected && clock && clock.answered === null) clock.answered = performance.now();
  return selected;
}
"""

#: Run in every page before its own scripts: the page's own clock (``performance.now()``, in
#: ms from the start of the navigation) notes when the board is first drawn with the status line
#: under it (``drawn``, a promise of that moment, settles then), and when a click's mouse button
#: comes up; SELECTED_JS notes when the board answered. It watches the page's changes rather
#: than asking on every frame, which would make the page draw frames while it loads. These
#: times leave out the driver's own delays (it runs in another process, and on a busy machine
#: waits for the CPU like everyone else). The page's errors are kept in ``errors``.
PAGE_CLOCK_JS = """
(() => {
  const clock = window.__ttrClock = {board: null, up: null, answered: null, errors: []};
  clock.drawn = new Promise((resolve) => {
    const look = () => {
      const board = document.querySelector('.ttr-board .js-plotly-plot');
      const status = document.querySelector('.ttr-status');
      if (!(board && board._fullData && board.querySelector('.scatterlayer .trace')
            && status && status.offsetParent)) return;
      watch.disconnect();
      resolve(clock.board = performance.now());
    };
    const watch = new MutationObserver(look);
    watch.observe(document, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['style', 'class']});
  });
  addEventListener('mouseup', () => { clock.up = performance.now(); clock.answered = null; },
                   true);
  const note = (what) => clock.errors.push(String(what).slice(0, 300));
  addEventListener('error', (event) => note(`page error: ${event.message}`));
  addEventListener('unhandledrejection', (event) => note(`page error: ${event.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => { note(`console: ${args.join(' ')}`); error(...args); };
})();
"""
DRAWN_JS = "() => window.__ttrClock.drawn"  #: settles as the board is drawn (PAGE_CLOCK_JS)
KERNEL_JS = """() => JSON.parse(document.getElementById('jupyter-config-data').textContent)
  .kernelId"""
TEXT_SHOWN_JS = "(text) => document.body.innerText.includes(text)"

_KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
DRIVERS = ("lean", "playwright")  #: how the browsers are driven (see Setup)


class PlaywrightPages:
    """Pages of one Playwright Chromium, each in a fresh context; every page event logged."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    async def open(self) -> Any:
        context = await self.browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        await context.add_init_script(PAGE_CLOCK_JS)
        return await context.new_page()

    def watch(self, page: Any, start: float) -> list[str]:
        return _page_events(page, start)

    async def close(self, page: Any) -> None:
        try:
            await page.goto("about:blank")  # the page's unload handlers end its kernel
        finally:
            await page.context.close()


class LeanPages:
    """Pages of one :class:`LeanChromium`, each in a fresh context; nothing logged but what
    the page keeps itself (PAGE_CLOCK_JS)."""

    def __init__(self, chromium: LeanChromium) -> None:
        self.chromium = chromium

    async def open(self) -> Any:
        page = await self.chromium.new_page(VIEWPORT)
        await page.add_init_script(PAGE_CLOCK_JS)
        return page

    def watch(self, page: Any, start: float) -> list[str]:
        return []

    async def close(self, page: Any) -> None:
        await page.close()


async def browser_visit(pages: PlaywrightPages | LeanPages, server: VoilaServer, number: int,
                        leave: Callable[[], Awaitable[None]]) -> Visit:
    """Open the app in a fresh Chromium context, click ``ROUTES``, wait for ``leave()``, then
    leave the page as a person does (its ``beforeunload`` ends the kernel)."""
    problems: list[str] = []
    page = await pages.open()
    start = time.monotonic()
    events = pages.watch(page, start)
    opened: float | None = None
    page_opened: float | None = None
    clicks: list[Click] = []
    kernel_id = ""
    try:
        await page.goto(server.url(APP), wait_until="commit", timeout=OPEN_TIMEOUT * 1000)
        await asyncio.wait_for(page.evaluate(DRAWN_JS), OPEN_TIMEOUT)
        opened = time.monotonic() - start
        page_opened = await board_drawn_at(page)
        kernel_id = await page.evaluate(KERNEL_JS)
        if await page.evaluate(TEXT_SHOWN_JS, CELL_ERROR):
            problems.append("a cell of the app failed")
        for route in ROUTES:
            clicks.append(await click_route(page, route))
        problems += await page.evaluate("() => window.__ttrClock.errors")
    except Exception as exc:  # a visitor's failure is a result, not a crash of the class
        problems.append(f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shot = SCREENSHOTS / f"FAILED-classroom-browser-{number}.png"
        with contextlib.suppress(Exception):
            await page.screenshot(path=str(shot))
            problems.append(f"screenshot: {shot.relative_to(REPO)}")
        if events:
            log = ARTIFACTS / f"FAILED-classroom-browser-{number}.log"
            log.write_text("\n".join(events) + "\n")
            problems.append(f"page events: {log.relative_to(REPO)}")
    finally:
        await leave()
        await pages.close(page)
    return Visit("browser", number, opened, tuple(c.seconds for c in clicks), kernel_id,
                 tuple(problems), page_opened,
                 tuple(c.page_seconds for c in clicks if c.page_seconds is not None))


def _page_events(page: Any, start: float) -> list[str]:
    """A running log of what a page did (console, errors, failed requests, websockets), kept
    for a visitor that fails."""
    events: list[str] = []

    def note(text: str) -> None:
        events.append(f"{time.monotonic() - start:7.2f} s  {text}")

    page.on("console", lambda m: note(f"console.{m.type}: {m.text[:300]}"))
    page.on("pageerror", lambda e: note(f"page error: {e}"))
    page.on("requestfailed", lambda r: note(f"request failed: {r.url} {r.failure}"))
    page.on("response", lambda r: r.status >= 400 and note(f"HTTP {r.status}: {r.url}"))
    page.on("load", lambda _p: note("load"))

    def socket(ws: Any) -> None:
        note(f"websocket open: {ws.url}")
        ws.on("close", lambda _w: note(f"websocket closed: {ws.url}"))
        ws.on("framesent", lambda f: note(f"sent {_frame(f)}"))
        ws.on("framereceived", lambda f: note(f"received {_frame(f)}"))
        ws.on("socketerror", lambda e: note(f"websocket error: {e}"))

    page.on("websocket", socket)
    return events


def _frame(payload: str | bytes) -> str:
    """A websocket frame in a few words: its message type and size."""
    text = payload if isinstance(payload, str) else payload[:2000].decode(errors="replace")
    kind = re.search(r'"msg_type": ?"(\w+)"', text)
    method = re.search(r'"method": ?"(\w+)"', text)
    return (f"{kind[1] if kind else '?'}{'/' + method[1] if method else ''} "
            f"({len(payload)} bytes)")


@dataclass(frozen=True)
class Click:
    """A click's answer time: as the driver saw it, and by the page's own clock (from the mouse
    button coming up to the board's highlight; None without PAGE_CLOCK_JS)."""

    seconds: float
    page_seconds: float | None


async def click_route(page: Any, route: str) -> Click:
    """Click the middle train space of ``route`` on the page's board like a person (the mouse
    rests on it first, for plotly's hover) and wait until the board highlights exactly that
    route; the time from the click to the highlight."""
    where = await _route_point(page, route)
    await page.mouse.move(where["x"], where["y"], steps=4)
    await page.wait_for_timeout(200)  # plotly settles its hover before it reports a click
    for _ in range(5):  # a board just drawn may still be scaled to fit the window: aim again
        now = await _route_point(page, route)
        if now == where:
            break
        where = now
        await page.mouse.move(where["x"], where["y"], steps=2)
        await page.wait_for_timeout(200)
    start = time.monotonic()
    await page.mouse.click(where["x"], where["y"])
    await page.wait_for_function(SELECTED_JS, arg=route, timeout=CLICK_TIMEOUT * 1000,
                                 polling=20)
    seconds = time.monotonic() - start
    clock = await page.evaluate("() => window.__ttrClock || null")
    if not clock or clock["up"] is None or clock["answered"] is None:
        return Click(seconds, None)
    return Click(seconds, (clock["answered"] - clock["up"]) / 1000)


async def _route_point(page: Any, route: str) -> dict[str, float]:
    where: dict[str, Any] = await page.evaluate(ROUTE_POINT_JS, route)
    if "error" in where:
        raise AssertionError(where["error"])
    return where


async def board_drawn_at(page: Any) -> float | None:
    """Seconds from the page's navigation start to its board first drawn with the status line,
    by the page's own clock (PAGE_CLOCK_JS); None if the page does not say."""
    board = await page.evaluate("() => window.__ttrClock ? window.__ttrClock.board : null")
    return None if board is None else board / 1000


# --- a protocol visitor ------------------------------------------------------------------------

class KernelChannel:
    """The page's kernel websocket, spoken as Voila's page speaks it (Jupyter messages as JSON,
    or the legacy binary framing when a message carries buffers)."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.session = uuid.uuid4().hex

    @classmethod
    async def open(cls, server: VoilaServer, kernel_id: str) -> KernelChannel:
        url = (f"ws://localhost:{server.port}/api/kernels/{kernel_id}/channels"
               f"?session_id={uuid.uuid4().hex}")
        return cls(await websocket_connect(url, max_message_size=512 * MB))

    async def send(self, kind: str, content: dict[str, Any],
                   metadata: dict[str, Any] | None = None) -> None:
        message = {"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "class",
                              "session": self.session, "date": "", "version": "5.3"},
                   "parent_header": {}, "metadata": metadata or {}, "content": content,
                   "channel": "shell", "buffers": []}
        await self.connection.write_message(json.dumps(message))

    async def receive(self, timeout: float) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.connection.read_message(), timeout)
        if raw is None:
            raise ConnectionError("the kernel websocket closed")
        if isinstance(raw, bytes):
            from jupyter_server.services.kernels.connection.base import (
                deserialize_binary_message,
            )
            message: dict[str, Any] = deserialize_binary_message(raw)
            return message
        decoded: dict[str, Any] = json.loads(raw)
        return decoded

    async def comm_message(self, comm_id: str, wanted: Callable[[dict[str, Any]], bool],
                           timeout: float) -> dict[str, Any]:
        """The ``data`` of the first ``comm_msg`` on ``comm_id`` for which ``wanted`` holds."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            message = await self.receive(left)
            if message["header"]["msg_type"] == "comm_msg" and \
                    message["content"].get("comm_id") == comm_id:
                data: dict[str, Any] = message["content"]["data"]
                if wanted(data):
                    return data
        raise TimeoutError(f"no answer on comm {comm_id} within {timeout:.0f} s")

    async def drain(self) -> None:
        """Keep reading, as an open page does (an unread websocket stops answering the
        server's pings and is closed after 90 s)."""
        with contextlib.suppress(ConnectionError, asyncio.CancelledError):
            while True:
                await self.receive(3600)

    def close(self) -> None:
        self.connection.close()


@dataclass(frozen=True)
class Board:
    """The app's board as its widget state shows it: the comm to click on and its traces."""

    comm_id: str
    routes_trace: int
    selection_trace: int
    route_spaces: dict[str, tuple[int, ...]]
    route_xs: dict[str, tuple[float, ...]]


def find_board(states: dict[str, Any]) -> Board:
    """The FigureWidget among the page's widget states (the one with a ``routes`` trace)."""
    for model_id, model in states.items():
        traces = model.get("state", {}).get("_widget_data")
        if not isinstance(traces, list):
            continue
        names = [trace.get("name") for trace in traces]
        if "routes" in names and "selection" in names:
            routes = traces[names.index("routes")]
            spaces: dict[str, list[int]] = {}
            for index, route in enumerate(routes.get("customdata", [])):
                spaces.setdefault(route, []).append(index)
            return Board(model_id, names.index("routes"), names.index("selection"),
                         {r: tuple(i) for r, i in spaces.items()},
                         {r: tuple(routes["x"][j] for j in i) for r, i in spaces.items()})
    raise AssertionError("no board (a FigureWidget with routes) among the page's widgets")


async def protocol_visit(server: VoilaServer, number: int,
                         leave: Callable[[], Awaitable[None]]) -> Visit:
    """GET the app, talk to its kernel as the page would, click ``ROUTES``, wait for
    ``leave()``, then send the page's shutdown beacon."""
    problems: list[str] = []
    opened: float | None = None
    clicks: list[float] = []
    kernel_id = ""
    channel: KernelChannel | None = None
    client = AsyncHTTPClient(force_instance=True)
    try:
        start = time.monotonic()
        response = await client.fetch(HTTPRequest(server.url(APP), request_timeout=OPEN_TIMEOUT))
        html = response.body.decode()
        found = _KERNEL_ID.search(html)
        if found is None:
            raise AssertionError("no kernel id in the app page")
        kernel_id = found[1]
        if CELL_ERROR in html:
            problems.append("a cell of the app failed")
        channel = await KernelChannel.open(server, kernel_id)
        board = find_board(await _widget_states(channel))
        opened = time.monotonic() - start
        for route in ROUTES:
            clicks.append(await _protocol_click(channel, board, route))
    except Exception as exc:
        problems.append(f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
    finally:
        reading = None if channel is None else asyncio.create_task(channel.drain())
        await leave()
        if reading is not None:
            reading.cancel()
        if channel is not None:
            channel.close()
        if kernel_id:
            await _shutdown_beacon(client, server, kernel_id, problems)
        client.close()
    return Visit("protocol", number, opened, tuple(clicks), kernel_id, tuple(problems))


async def _widget_states(channel: KernelChannel) -> dict[str, Any]:
    control = uuid.uuid4().hex
    await channel.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                     "data": {}}, metadata={"version": "1.0.0"})
    await channel.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    data = await channel.comm_message(control, lambda d: d.get("method") == "update_states",
                                      OPEN_TIMEOUT)
    states: dict[str, Any] = data["states"]
    return states


async def _protocol_click(channel: KernelChannel, board: Board, route: str) -> float:
    space = board.route_spaces[route][len(board.route_spaces[route]) // 2]
    x = board.route_xs[route][len(board.route_spaces[route]) // 2]
    click = {"event_type": "plotly_click",
             "points": {"trace_indexes": [board.routes_trace], "point_indexes": [space],
                        "xs": [x], "ys": [0]},
             "device_state": {"alt": False, "ctrl": False, "meta": False, "shift": False,
                              "button": 0, "buttons": 0},
             "selector": None}
    start = time.monotonic()
    await channel.send("comm_msg", {"comm_id": board.comm_id, "data": {
        "method": "update", "state": {"_js2py_pointsCallback": click}, "buffer_paths": []}})
    await channel.comm_message(board.comm_id,
                               lambda data: _highlights(data, board, route), CLICK_TIMEOUT)
    return time.monotonic() - start


def _highlights(data: dict[str, Any], board: Board, route: str) -> bool:
    """Whether a board update draws the selection on exactly ``route``'s train spaces."""
    update = data.get("state", {}).get("_py2js_update")
    if data.get("method") != "update" or not isinstance(update, dict):
        return False
    traces = update.get("style_traces") or []
    xs = (update.get("style_data") or {}).get("x")
    if board.selection_trace not in traces or not isinstance(xs, list):
        return False
    drawn = xs[traces.index(board.selection_trace)]
    return tuple(drawn or ()) == board.route_xs[route]


async def _shutdown_beacon(client: AsyncHTTPClient, server: VoilaServer, kernel_id: str,
                           problems: list[str]) -> None:
    request = HTTPRequest(f"{server.base_url}voila/api/shutdown/{kernel_id}", method="POST",
                          body=b"", request_timeout=60)
    response = await client.fetch(request, raise_error=False)
    if response.code != 204:
        problems.append(f"shutdown beacon answered {response.code}")


# --- the class ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """Who comes to class: ``browsers`` Chromium pages and ``protocol`` visitors, arriving
    ``stagger`` seconds apart (0: all at once); ``server_nice`` lowers the CPU priority of the
    server and its kernels, so that on a single test machine the visitors' browsers get the CPU
    first, as they would on machines of their own. ``driver`` drives the browsers: ``"lean"``
    (``ttr_widgets.testing.lean_chromium``, which says what Playwright's watching costs a page)
    or ``"playwright"`` (a log of each failed page's events kept)."""

    browsers: int = 20
    protocol: int = 0
    stagger: float = 0.0
    server_nice: int = 0
    pool: int = POOL  #: pre-heated app kernels (``ttr serve --pool``)
    driver: str = "lean"

    def __post_init__(self) -> None:
        if self.browsers < 0 or self.protocol < 0 or self.browsers + self.protocol == 0:
            raise ValueError(f"give at least one visitor, not {self.browsers} browsers and "
                             f"{self.protocol} protocol visitors")
        if self.stagger < 0 or not 0 <= self.server_nice <= 19 or not 1 <= self.pool <= 64:
            raise ValueError("stagger: seconds >= 0; server_nice: 0 to 19; pool: 1 to 64")
        if self.driver not in DRIVERS:
            raise ValueError(f"driver: one of {', '.join(DRIVERS)}, not {self.driver!r}")

    @property
    def total(self) -> int:
        return self.browsers + self.protocol

    def describe(self) -> str:
        arrival = "all at once" if not self.stagger else f"arriving {self.stagger:g} s apart"
        nice = f", server at nice {self.server_nice}" if self.server_nice else ""
        pool = "1 kernel" if self.pool == 1 else f"{self.pool} kernels"
        driver = f", browsers driven by {self.driver}" if self.browsers else ""
        return f"{arrival}{nice}, {pool} pre-heated{driver}"


async def run_class(server: VoilaServer, setup: Setup) -> Classroom:
    """Send the class to the app (see the module) and measure it."""
    before = len(await asyncio.to_thread(server.wait_until_ready, setup.pool, OPEN_TIMEOUT))
    if setup.server_nice:
        _renice([server.process.pid, *server.kernel_pids()], setup.server_nice)
    server_before = _rss(server.process.pid)
    arrived = 0
    everyone_in = asyncio.Event()
    may_leave = asyncio.Event()

    async def leave() -> None:
        nonlocal arrived
        arrived += 1
        if arrived == setup.total:
            everyone_in.set()
        await may_leave.wait()

    async def arrive(order: int, visit: Awaitable[Visit]) -> Visit:
        await asyncio.sleep(order * setup.stagger)
        return await visit

    start = time.monotonic()  # the wall time includes the browser's start
    async with contextlib.AsyncExitStack() as stack:
        pages: PlaywrightPages | LeanPages | None = None
        if setup.browsers and setup.driver == "lean":
            pages = LeanPages(await stack.enter_async_context(LeanChromium.launch()))
        elif setup.browsers:
            playwright = await stack.enter_async_context(async_playwright())
            browser = await playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True)
            stack.push_async_callback(browser.close)
            pages = PlaywrightPages(browser)
        if pages is not None:
            await asyncio.sleep(BROWSER_SETTLE)
        visits = [*(browser_visit(pages, server, n, leave) for n in range(setup.browsers)
                    if pages is not None),
                  *(protocol_visit(server, n, leave) for n in range(setup.protocol))]
        running = asyncio.gather(*(arrive(i, v) for i, v in enumerate(visits)))
        await asyncio.wait_for(everyone_in.wait(), setup.total * setup.stagger + OPEN_TIMEOUT
                               + len(ROUTES) * CLICK_TIMEOUT)
        kernels = server.kernel_pids()
        kernel_rss = tuple(_rss(pid) for pid in kernels)
        server_rss = _rss(server.process.pid)
        may_leave.set()
        done = tuple(await running)
    wall = time.monotonic() - start
    after = await asyncio.to_thread(server.wait_for_kernels, setup.pool, LEAVE_TIMEOUT)
    problems = () if after == setup.pool else (
        f"{after} kernels still running {LEAVE_TIMEOUT:.0f} s after the class left "
        f"(the pool is {setup.pool})",)
    return Classroom(done, setup, before, len(kernels), after, kernel_rss, server_rss,
                     server_before, wall, problems)


def run_class_in_a_thread(server: VoilaServer, setup: Setup) -> Classroom:
    """:func:`run_class` on an event loop of its own (a sync Playwright may own this thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, run_class(server, setup)).result()


def _renice(pids: Sequence[int], nice: int) -> None:
    """Lower these processes' CPU priority; the kernels the server starts later inherit it."""
    for pid in pids:
        with contextlib.suppress(psutil.NoSuchProcess):
            psutil.Process(pid).nice(nice)


def _rss(pid: int) -> int:
    try:
        rss: int = psutil.Process(pid).memory_info().rss
        return rss
    except psutil.NoSuchProcess:
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.classroom",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--browsers", type=int, default=20, help="Chromium pages (default 20)")
    parser.add_argument("--protocol", type=int, default=0,
                        help="Jupyter-protocol visitors (default 0)")
    parser.add_argument("--stagger", type=float, default=0.0, metavar="SECONDS",
                        help="seconds between two arrivals (default 0: all at once)")
    parser.add_argument("--server-nice", type=int, default=0, metavar="N",
                        help="run the server and its kernels at this nice level (0-19), so "
                             "the browsers on this machine get the CPU first (default 0)")
    parser.add_argument("--pool", type=int, default=POOL, metavar="N",
                        help=f"pre-heated app kernels, ttr serve --pool (default {POOL})")
    parser.add_argument("--driver", choices=DRIVERS, default="lean",
                        help="lean (default: nothing watched, as in a person's browser) or "
                             "playwright (every page event reported and logged)")
    args = parser.parse_args(argv)
    try:
        setup = Setup(args.browsers, args.protocol, args.stagger, args.server_nice, args.pool,
                      args.driver)
    except ValueError as exc:
        parser.error(str(exc))
    with running_server(KIT_NOTEBOOKS, notebook=APP, log_name="voila-classroom",
                        extra=("--pool", str(setup.pool))) as server:
        result = run_class_in_a_thread(server, setup)
    print(result.report())
    worked = all(v.worked for v in result.visits) and not result.problems
    return 0 if worked else 1


if __name__ == "__main__":
    sys.exit(main())
