"""Chromium driven over the DevTools protocol with no domain's events switched on.

Playwright watches everything a page does: it switches on the DevTools domains that report each
request, response body, websocket frame and console message, and runs its own scripts in every
page. That costs the browser CPU a person's browser never spends. Measured on the 2-core machine
(one cold visit of the play app, board drawn plus one click, Chromium's processes together):
3.07 core-seconds under Playwright, 1.83 with no DevTools client attached at all, and about 1.9
under this driver. Six pages opened at once on two cores answer their first click about 2 s
sooner. So the classroom benchmark drives its browsers with this by default (``--driver lean``).

What it sends a page: a fresh browser context (cold caches, like Playwright's ``new_context``),
the viewport, one script run before the page's own (``add_init_script``), a navigation,
``Runtime.evaluate`` calls (a page's own promise awaited, never polled from here), and mouse
events. A page records what a run needs to know (its clock, its errors) itself.

The subset of Playwright's async ``Page`` this offers (``goto``, ``evaluate``,
``wait_for_function``, ``wait_for_timeout``, ``mouse.move`` / ``mouse.click``, ``screenshot``)
is what ``benchmarks.classroom`` calls, so its helpers drive either kind of page. Tested in
tests/browser/test_lean_chromium.py.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from tornado.websocket import WebSocketClientConnection, websocket_connect

from ttr_widgets.testing.browser import CHROMIUM, CHROMIUM_ARGS

LAUNCH_TIMEOUT = 30.0  #: seconds for Chromium to open its DevTools port
COMMAND_TIMEOUT = 60.0  #: seconds for an ordinary DevTools command to answer


class DevToolsError(RuntimeError):
    """A DevTools command failed, or the script it ran threw."""


class LeanChromium:
    """One headless Chromium process and its browser-wide DevTools connection."""

    def __init__(self, process: subprocess.Popen[bytes], profile: Path,
                 connection: WebSocketClientConnection) -> None:
        self.process = process
        self.profile = profile
        self._connection = connection
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def launch(cls) -> AsyncIterator[LeanChromium]:
        """Start Chromium with a profile of its own; stop it and remove the profile after."""
        profile = Path(tempfile.mkdtemp(prefix="ttr-chromium-"))
        process = subprocess.Popen(
            [str(CHROMIUM), *CHROMIUM_ARGS, f"--user-data-dir={profile}",
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = await _devtools_url(profile, process)
            connection = await websocket_connect(url, max_message_size=256 * 2**20)
            chromium = cls(process, profile, connection)
            try:
                yield chromium
            finally:
                chromium._reader.cancel()
                connection.close()
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            _remove(profile)

    async def _read(self) -> None:
        while True:
            raw = await self._connection.read_message()
            if raw is None:  # the browser went away: fail whatever still waits
                for waiting in self._waiting.values():
                    if not waiting.done():
                        waiting.set_exception(DevToolsError("Chromium closed its connection"))
                return
            message = json.loads(raw)
            waiting = self._waiting.pop(message.get("id", -1), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)

    async def send(self, method: str, params: dict[str, Any] | None = None,
                   session: str | None = None, timeout: float = COMMAND_TIMEOUT
                   ) -> dict[str, Any]:
        """One DevTools command (to a page when ``session`` is given); its result."""
        number = next(self._ids)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = answer
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        await self._connection.write_message(json.dumps(message))
        try:
            reply = await asyncio.wait_for(answer, timeout)
        finally:
            self._waiting.pop(number, None)
        if "error" in reply:
            raise DevToolsError(f"{method}: {reply['error'].get('message', reply['error'])}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    async def new_page(self, viewport: dict[str, int]) -> LeanPage:
        """A blank page in a fresh browser context (nothing cached, no cookies)."""
        context = (await self.send("Target.createBrowserContext",
                                   {"disposeOnDetach": True}))["browserContextId"]
        target = (await self.send("Target.createTarget", {
            "url": "about:blank", "browserContextId": context,
            "width": viewport["width"], "height": viewport["height"]}))["targetId"]
        session = (await self.send("Target.attachToTarget",
                                   {"targetId": target, "flatten": True}))["sessionId"]
        page = LeanPage(self, context, session)
        await page.send("Page.enable")  # for the script run before the page's own
        await page.send("Emulation.setDeviceMetricsOverride", {
            "width": viewport["width"], "height": viewport["height"],
            "deviceScaleFactor": 1, "mobile": False})
        return page


class LeanPage:
    """One page of a :class:`LeanChromium`, in its own browser context."""

    def __init__(self, chromium: LeanChromium, context: str, session: str) -> None:
        self._chromium = chromium
        self._context = context
        self._session = session
        self.mouse = _Mouse(self)

    async def send(self, method: str, params: dict[str, Any] | None = None,
                   timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        return await self._chromium.send(method, params, self._session, timeout)

    async def add_init_script(self, source: str) -> None:
        """Run ``source`` in every document this page opens, before the document's scripts."""
        await self.send("Page.addScriptToEvaluateOnNewDocument", {"source": source})

    async def goto(self, url: str, *, wait_until: str = "commit",
                   timeout: float = COMMAND_TIMEOUT * 1000) -> None:
        """Navigate, and return once the new document is the page's (its init script ran):
        Playwright's ``wait_until="commit"``, the only one offered. ``timeout`` in ms."""
        if wait_until != "commit":
            raise ValueError(f"wait_until: only 'commit' is offered, not {wait_until!r}")
        timeout /= 1000
        reply = await self.send("Page.navigate", {"url": url}, timeout)
        if reply.get("errorText"):
            raise DevToolsError(f"navigation to {url} failed: {reply['errorText']}")
        deadline = time.monotonic() + timeout
        while await self.evaluate("(url) => location.href !== url", url):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page did not open {url} within {timeout:.0f} s")
            await asyncio.sleep(0.05)

    async def evaluate(self, function: str, arg: Any = None,
                       timeout: float = COMMAND_TIMEOUT) -> Any:
        """Call the JavaScript ``function`` (its source) with ``arg`` in the page and return
        its value, a promise awaited, as Playwright's ``page.evaluate`` does."""
        reply = await self.send("Runtime.evaluate", {
            "expression": f"({function})({json.dumps(arg)})",
            "awaitPromise": True, "returnByValue": True}, timeout + 1)
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise DevToolsError(str(text).splitlines()[0])
        return reply["result"].get("value")

    async def wait_for_function(self, function: str, arg: Any = None, *,
                                timeout: float = 30000, polling: float = 100) -> Any:
        """Wait until ``function(arg)`` is truthy; the page itself checks every ``polling``
        ms (no round trip per check). ``timeout`` in ms, as in Playwright."""
        waiter = f"""([arg, every]) => new Promise((resolve) => {{
          const check = ({function});
          const look = () => {{
            const value = check(arg);
            if (value) resolve(value);
            return value;
          }};
          if (!look()) {{
            const timer = setInterval(() => look() && clearInterval(timer), every);
          }}
        }})"""
        try:
            return await asyncio.wait_for(
                self.evaluate(waiter, [arg, polling], timeout / 1000), timeout / 1000)
        except asyncio.TimeoutError:
            raise TimeoutError(f"waited {timeout / 1000:.0f} s for the page") from None

    async def wait_for_timeout(self, ms: float) -> None:
        await asyncio.sleep(ms / 1000)

    async def screenshot(self, path: str) -> None:
        shot = await self.send("Page.captureScreenshot", {"format": "png"})
        Path(path).write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        """Leave the page as a person does (its unload handlers run), then drop its context."""
        with contextlib.suppress(DevToolsError, TimeoutError, asyncio.TimeoutError):
            await self.goto("about:blank", timeout=10000)
        await self._chromium.send("Target.disposeBrowserContext",
                                  {"browserContextId": self._context})


class _Mouse:
    """Mouse moves and clicks, as Playwright's ``page.mouse`` sends them."""

    def __init__(self, page: LeanPage) -> None:
        self._page = page
        self._x, self._y = 0.0, 0.0

    async def move(self, x: float, y: float, steps: int = 1) -> None:
        start_x, start_y = self._x, self._y
        for step in range(1, steps + 1):
            self._x = start_x + (x - start_x) * step / steps
            self._y = start_y + (y - start_y) * step / steps
            await self._page.send("Input.dispatchMouseEvent",
                                  {"type": "mouseMoved", "x": self._x, "y": self._y})

    async def click(self, x: float, y: float) -> None:
        await self.move(x, y)
        for kind, buttons in (("mousePressed", 1), ("mouseReleased", 0)):
            await self._page.send("Input.dispatchMouseEvent", {
                "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
                "clickCount": 1})


def _remove(profile: Path, attempts: int = 50) -> None:
    """Remove Chromium's profile folder. Its helper processes may still write there for a moment
    after the browser itself has ended (seen on a loaded machine), so try again until it is gone
    (at most about five seconds)."""
    for _ in range(attempts):
        shutil.rmtree(profile, ignore_errors=True)
        if not profile.exists():
            return
        time.sleep(0.1)


async def _devtools_url(profile: Path, process: subprocess.Popen[bytes]) -> str:
    """The browser's DevTools websocket, from the DevToolsActivePort file Chromium writes."""
    port_file = profile / "DevToolsActivePort"
    deadline = time.monotonic() + LAUNCH_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise DevToolsError(f"Chromium exited at start (code {process.returncode})")
        lines = port_file.read_text().split() if port_file.exists() else []
        if len(lines) >= 2:
            return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        await asyncio.sleep(0.1)
    raise DevToolsError(f"Chromium opened no DevTools port within {LAUNCH_TIMEOUT:.0f} s")
