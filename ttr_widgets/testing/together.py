"""Pages at a shared table in headless Chromium, for the tests and the benchmarks: each page a
browser context of its own (its own ``localStorage``, as another person's device), the widget
traffic its kernel sends it kept for checks (``frames``), and what the page shows read back.

``SeatPage.open(server, table)`` opens the play page with ``?table=NAME``; ``join(name)`` takes
a seat as a person types a name; ``keep_tickets``, ``draw_blind`` and ``hand_to_bot`` click as a
person; ``wait_events(n)`` waits until the page's table log shows ``n`` events.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from ttr_widgets.rules import load_map
from ttr_widgets.testing.browser import (
    KIT_NOTEBOOKS,
    RENDER_TIMEOUT_MS,
    VIEWPORT,
    VoilaServer,
    running_server,
)

__all__ = ["QUICK_BOTS", "SeatPage", "offered_tickets", "table_server", "table_url"]

QUICK_BOTS = {"TTR_BOT_PACE": "0.2"}  #: a test server's environment: the tables' bots quick

APP = ".ttr-app"
ACTION_MS = 20_000


class SeatPage:
    """One person's page at a shared table (see the module docstring)."""

    def __init__(self, browser: Browser, *, context: BrowserContext | None = None) -> None:
        self.context = context or browser.new_context(viewport=VIEWPORT)
        self.page: Page = self.context.new_page()
        self.frames: list[str] = []  #: every websocket frame the page received, as text
        self.opened_at = 0  #: the first frame after the table was shown (``open``)
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _socket(self, socket: Any) -> None:
        def kept(payload: str | bytes) -> None:
            self.frames.append(payload if isinstance(payload, str)
                               else payload.decode("utf-8", "replace"))
        socket.on("framereceived", kept)

    # -- opening and joining

    def open(self, url: str) -> SeatPage:
        """Open ``url`` (the table's link, a personal link …) and wait for the table's panel."""
        self.page.goto(url, wait_until="commit", timeout=RENDER_TIMEOUT_MS)
        self.page.locator(".ttr-together-about").first.wait_for(state="visible",
                                                                timeout=RENDER_TIMEOUT_MS)
        self.opened_at = len(self.frames)
        return self

    def reload(self) -> None:
        self.page.reload(wait_until="commit", timeout=RENDER_TIMEOUT_MS)
        self.page.locator(".ttr-together-about").first.wait_for(state="visible",
                                                                timeout=RENDER_TIMEOUT_MS)

    def join(self, name: str) -> None:
        """Type ``name`` and take a seat; wait until the page says who it is."""
        box = self.page.locator(".ttr-together-name input")
        box.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
        box.fill(name)
        self.page.locator(".ttr-together-sit").click()
        self.wait_about("You are")

    # -- what the page shows

    def text(self, selector: str, timeout_ms: int = ACTION_MS) -> str:
        return self.page.locator(selector).first.inner_text(timeout=timeout_ms)

    @property
    def status(self) -> str:
        return self.text(".ttr-status")

    @property
    def about(self) -> str:
        return self.text(".ttr-together-about")

    def events(self) -> list[str]:
        """The table's events as the page's log shows them, oldest first (not the hints and
        the coach's remarks said on the page between them)."""
        return list(reversed(self.page.locator(
            ".ttr-together-events li:not(.ttr-log-note)").all_inner_texts()))

    def wait_about(self, text: str, timeout_ms: int = ACTION_MS) -> str:
        return self._wait(".ttr-together-about", text, timeout_ms)

    def wait_status(self, text: str, timeout_ms: int = ACTION_MS) -> str:
        return self._wait(".ttr-status", text, timeout_ms)

    def wait_events(self, count: int, timeout_ms: int = ACTION_MS) -> list[str]:
        """Wait until the log shows at least ``count`` events; them."""
        deadline = time.monotonic() + timeout_ms / 1000
        events = self.events()
        while len(events) < count and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
            events = self.events()
        if len(events) < count:
            raise AssertionError(f"the page shows {len(events)} events, expected {count}: "
                                 f"{events[-3:]}")
        return events

    def wait_event(self, text: str, timeout_ms: int = ACTION_MS) -> list[str]:
        """Wait until an event containing ``text`` is in the log; the log."""
        deadline = time.monotonic() + timeout_ms / 1000
        events = self.events()
        while not any(text in e for e in events) and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
            events = self.events()
        if not any(text in e for e in events):
            raise AssertionError(f"no event says {text!r}; the last: {events[-3:]}")
        return events

    def _wait(self, selector: str, text: str, timeout_ms: int) -> str:
        """Wait until what ``selector`` shows contains ``text``; it. The part may be missing for
        a while (a page reloading after its server came back): it is waited for as long."""
        deadline = time.monotonic() + timeout_ms / 1000

        def read() -> str:
            left = max(1, int((deadline - time.monotonic()) * 1000))
            return self.text(selector, timeout_ms=left)

        seen = read()
        while text not in seen and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
            seen = read()
        if text not in seen:
            raise AssertionError(f"the page says {seen!r}, expected {text!r}")
        return seen

    def received(self, text: str) -> bool:
        """Whether any widget message the page received since the table was shown contains
        ``text`` (before it, the page drew a game of its own, dealt at random)."""
        return any(text in frame for frame in self.frames[self.opened_at:])

    # -- clicks

    def keep_tickets(self) -> None:
        self.page.locator(".ttr-keep-tickets").click(timeout=ACTION_MS)

    def draw_blind(self) -> None:
        self.page.locator(".ttr-blind-draw").click(timeout=ACTION_MS)

    def hand_to_bot(self) -> None:
        self.page.locator(".ttr-together-hand").click(timeout=ACTION_MS)

    def close(self) -> None:
        self.page.close(run_before_unload=True)
        self.context.close()


def table_url(server: VoilaServer, name: str) -> str:
    """The play page's address at the table ``name``, as a table's link gives it."""
    return f"{server.url('Play.ipynb')}?table={name}"


_TICKET = re.compile(r"([A-Z][\w. ]+ – [A-Z][\w. ]+?) \(\d+\)")


def offered_tickets(page: SeatPage) -> list[str]:
    """The USA tickets a page offers its seat to keep, as the page names them ('Toronto –
    Miami'), leaving out any that a route's name could also spell."""
    routes = {frozenset((r.a, r.b)) for r in load_map("usa").routes}
    labels = page.page.locator(".ttr-ticket-choice").all_inner_texts()
    names = [m.group(1) for label in labels for m in _TICKET.finditer(label)]
    return [n for n in names if frozenset(n.split(" – ")) not in routes]


def table_server(log_name: str, **more: Any) -> contextlib.AbstractContextManager[VoilaServer]:
    """A ``ttr serve`` of the kit's pages for shared tables: two kernels kept ready, the
    tables' bots quick (:data:`QUICK_BOTS`), its log ``test-artifacts/<log_name>.log``;
    ``more`` goes to ``running_server`` (``tables=``, ``port=``)."""
    return running_server(KIT_NOTEBOOKS, log_name=log_name, env=QUICK_BOTS,
                          extra=["--pool", "2"], **more)
