"""The status line: one line that answers every click — what happened, a hint, or the rule a
click breaks (its sentence and id), never a traceback."""

from __future__ import annotations

import html

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.advice import describe_action, payment_text
from ttr_widgets.rules.errors import RulesError, TTRError

__all__ = ["StatusLine", "describe_action", "payment_text"]

_KINDS = {
    "info": ("#f4f1e8", "#303030", ""),
    "error": ("#fde8e6", "#8a1c12", "⚠ "),
    "hint": ("#e8f1fb", "#16406e", "☞ "),
    "done": ("#e7f5ea", "#1d5a2c", "✔ "),
}


class StatusLine(widgets.HTML):
    """``say(text)`` shows a message; ``refuse(error)`` shows a refusal with its rule id.

    ``text`` (the message as plain text), ``kind`` and ``rule`` (the id of the rule last
    refused, or ``""``) are Python-side traits for tests and for whoever observes them."""

    text = traitlets.Unicode("")
    kind = traitlets.Unicode("info")
    rule = traitlets.Unicode("")

    def __init__(self, text: str = "") -> None:
        super().__init__(layout=widgets.Layout(width="100%", min_height="44px"))
        self.add_class("ttr-status")
        self.say(text)

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text``; ``kind`` is one of info, error, hint, done (colour and mark only)."""
        if kind not in _KINDS:
            raise ValueError(f"kind: expected one of {', '.join(_KINDS)}, not {kind!r}")
        self._show(text, kind, "")

    def refuse(self, error: TTRError) -> None:
        """Show why an action was refused: the rule's sentence and its id."""
        if isinstance(error, RulesError):
            self._show(f"{error.reason} (rule {error.rule})", "error", error.rule)
        else:
            self._show(str(error), "error", "")

    def _show(self, text: str, kind: str, rule: str) -> None:
        background, ink, mark = _KINDS[kind]
        self.text, self.kind, self.rule = text, kind, rule
        self.value = (
            f'<div class="ttr-status-{kind}" data-rule="{html.escape(rule)}" '
            f'style="background:{background};color:{ink};padding:4px 8px;border-radius:4px;'
            f'line-height:1.35;font-size:13px">{mark}{html.escape(text)}</div>')


