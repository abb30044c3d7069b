"""The table for a keyboard and a screen reader: a live region that reads out every answer of
the status line, keys for the frequent actions, and focus moved where the next step is.

Plotly's board has no keyboard access (plotly.js #562), and an ipywidgets HTML widget replaces
its whole content at every message, so a live region drawn inside it would be a new element each
time (screen readers announce changes *inside* a live region that stays). ``Announcer`` is a
tiny front-end widget: one ``role="status"`` / ``aria-live="polite"`` element made once, whose
text changes with the status line's (the same message again is read again: the text is emptied
first). It also listens for the table's keys (Alt and a letter, so typing a city is never taken
for a key), sends the key to Python (the table plays the move through the core, as the button
does), and moves the focus to a selector when asked (the claim panel's first way to pay once a
route is chosen), retrying while the widgets are still being drawn. Keys and focus belong to the
table the region sits in (``.ttr-app``): on a lesson's page of several boards, the board the
focus is in answers its keys (the first board, when the focus is in none).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anywidget
import traitlets

__all__ = ["Announcer", "Shortcut"]

_ESM = r"""
export default {
  render({ model, el }) {
    const live = document.createElement('div');
    live.className = 'ttr-live';
    live.setAttribute('role', 'status');
    live.setAttribute('aria-live', 'polite');
    live.setAttribute('aria-atomic', 'true');
    // Read by screen readers, out of sight (the status line shows the same words).
    live.style.cssText = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;' +
      'overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0';
    el.appendChild(live);
    let timer = null;
    const say = () => {
      live.textContent = '';
      clearTimeout(timer);  // emptied first: the same message again is read again
      timer = setTimeout(() => { live.textContent = model.get('text'); }, 60);
    };
    model.on('change:n', say);
    live.textContent = model.get('text');

    // Keys and focus belong to the table this region sits in: a lesson's page holds several.
    const tableOf = () => el.closest('.ttr-app') || document;
    // A list of selectors is a list of wishes, in order: the first that finds an enabled, shown
    // element wins (the claim panel's first way to pay before its Cancel, though Cancel comes
    // first on the page).
    const shown = (selector) => Array.from(tableOf().querySelectorAll(selector))
      .find(e => !e.disabled && e.offsetParent !== null);
    const focusLater = (selector, tries) => {
      const target = selector.split(',').map(shown).find(e => e);
      if (target) { target.focus(); return; }
      if (tries > 0) { setTimeout(() => focusLater(selector, tries - 1), 100); }
    };
    model.on('change:focus_n', () => focusLater(model.get('focus'), 30));

    const onKey = (event) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) { return; }
      // the table the focus is in acts; with the focus in none, the page's first table
      const table = tableOf();
      const active = document.activeElement;
      const focused = active && active.closest ? active.closest('.ttr-app') : null;
      const mine = table === document ||
        (focused ? focused === table : document.querySelector('.ttr-app') === table);
      if (!mine) { return; }
      const key = (event.code || '').replace(/^Key/, '').toLowerCase();
      const focus = model.get('focus_keys')[key];
      if (focus) { event.preventDefault(); focusLater(focus, 5); return; }
      if (model.get('action_keys').includes(key)) {
        event.preventDefault();
        model.send({ key });
      }
    };
    // on the way down (capture): ipywidgets' text fields stop a key from bubbling up
    document.addEventListener('keydown', onKey, true);
    return () => { document.removeEventListener('keydown', onKey, true); clearTimeout(timer); };
  }
};
"""


class Shortcut:
    """A key of the table: Alt + ``key`` does ``what`` (in words, for the page's list); either
    ``action`` runs in Python, or the focus goes to ``focus`` (a CSS selector)."""

    __slots__ = ("action", "focus", "key", "what")

    def __init__(self, key: str, what: str, action: Callable[[], object] | None = None,
                 focus: str = "") -> None:
        if len(key) != 1 or not key.isalpha():
            raise ValueError(f"key: expected one letter, not {key!r}")
        if (action is None) == (not focus):
            raise ValueError("a shortcut either runs an action or moves the focus")
        self.key, self.what, self.action, self.focus = key.lower(), what, action, focus

    @property
    def label(self) -> str:
        """``'Alt+B'``."""
        return f"Alt+{self.key.upper()}"


class Announcer(anywidget.AnyWidget):  # type: ignore[misc]
    """The live region (``ttr-live``) and the table's keys (see the module docstring).

    ``announce(text)`` reads ``text`` out; ``focus_on(selector)`` moves the focus there; a key
    pressed in the browser calls ``press(key)``, which runs its shortcut."""

    _esm = _ESM
    text = traitlets.Unicode("").tag(sync=True)
    n = traitlets.Int(0).tag(sync=True)  #: grows with every announcement
    action_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)  #: keys run in Python
    focus_keys = traitlets.Dict().tag(sync=True)  #: key → selector to focus
    focus = traitlets.Unicode("").tag(sync=True)
    focus_n = traitlets.Int(0).tag(sync=True)

    def __init__(self, shortcuts: Sequence[Shortcut] = ()) -> None:
        super().__init__(layout={"height": "0px", "overflow": "hidden", "margin": "0"})
        self.add_class("ttr-announcer")
        self._shortcuts: Mapping[str, Shortcut] = {s.key: s for s in shortcuts}
        if len(self._shortcuts) != len(shortcuts):
            raise ValueError("shortcuts: one key was given twice")
        self.action_keys = [s.key for s in shortcuts if s.action is not None]
        self.focus_keys = {s.key: s.focus for s in shortcuts if s.focus}
        self.on_msg(self._message)

    @property
    def shortcuts(self) -> tuple[Shortcut, ...]:
        return tuple(self._shortcuts.values())

    def announce(self, text: str) -> None:
        """Read ``text`` out (the same text again too)."""
        with self.hold_sync():
            self.text = text
            self.n += 1

    def focus_on(self, selector: str) -> None:
        """Move the browser's focus to the first enabled, shown element ``selector`` finds; a
        list of selectors (``"a, b"``) is tried in its order."""
        with self.hold_sync():
            self.focus = selector
            self.focus_n += 1

    def press(self, key: str) -> bool:
        """The key ``key`` was pressed with Alt: run its shortcut. Returns whether one ran."""
        shortcut = self._shortcuts.get(key.lower())
        if shortcut is None or shortcut.action is None:
            return False
        shortcut.action()
        return True

    def _message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("key"), str):
            self.press(content["key"])
