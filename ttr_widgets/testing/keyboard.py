"""A page driven by keyboard alone, as the browser tests drive it: what has the focus
(``active``), Tab until a control has it (``tab_to``), and the table's live region
(``.ttr-live``, ``role="status"``): what it says (``live``) and waiting until it reads out the
status line's next message (``answered``)."""

from __future__ import annotations

from playwright.sync_api import Page

__all__ = ["ANSWER_MS", "MAX_TABS", "active", "answered", "live", "tab_to"]

ANSWER_MS = 60_000  #: the kernel's answer, the bot's turn after it, on a loaded machine
MAX_TABS = 60  #: Tab presses allowed to reach one control

_ACTIVE_JS = """() => { const e = document.activeElement;
  return e ? [e.tagName, String(e.className), (e.textContent || '').trim(),
              getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth] : null; }"""
#: The live region has read out what the status line shows (and something new since ``n``).
_ANSWERED_JS = """([before]) => { const live = document.querySelector('.ttr-live');
  const line = document.querySelector('.ttr-status .ttr-flash');
  return live && line && live.textContent && live.textContent === line.title &&
    live.textContent !== before; }"""


def active(page: Page) -> tuple[str, str, str, str, str]:
    """The focused element: its tag, classes, text, outline style and width."""
    found = page.evaluate(_ACTIVE_JS)
    assert found is not None, "nothing has the focus"
    tag, classes, text, style, width = found
    return str(tag), str(classes), str(text), str(style), str(width)


def tab_to(page: Page, wanted: str, *, text: str = "") -> tuple[str, str, str, str, str]:
    """Press Tab until the focused element has the class ``wanted`` (and reads ``text``)."""
    for _ in range(MAX_TABS):
        now = active(page)
        if wanted in now[1].split() and (not text or now[2] == text):
            return now
        page.keyboard.press("Tab")
    raise AssertionError(f"{MAX_TABS} Tabs never reached .{wanted} {text!r}; at {active(page)}")


def live(page: Page) -> str:
    """What the table's live region says now."""
    return str(page.locator(".ttr-live").text_content() or "")


def answered(page: Page, before: str) -> str:
    """Wait until the live region reads out the status line's new message; that message."""
    page.wait_for_function(_ANSWERED_JS, arg=[before], timeout=ANSWER_MS)
    return live(page)
