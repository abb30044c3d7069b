"""The status line: one line that answers every click — what happened, a hint, or why a click
was refused — never a traceback.

A refusal reads as a sentence; a small "why?" beside it opens the rule behind it (its id and
its text from ``rules.catalog``), for the curious. The line keeps one height whatever it says, so
nothing under it moves: a message that may be longer than its lines gets a "▾ all" toggle (a
click or a tap, no hover) that opens the line to the whole message and closes it again ("▴
less"); the next message starts closed. Every message —
the same one again too — arrives with a brief flash, so a repeated answer is seen to renew.

What happened and what the table waits for next are told apart: ``say(news, then=prompt)`` puts
the prompt on a line of its own under the news, and when both do not fit, the news is cut, never
the prompt (a person must always see what to do).
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.advice import describe_action, payment_text
from ttr_widgets.rules.catalog import RULES, explain
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.i18n import _

__all__ = ["StatusLine", "describe_action", "payment_text", "why_html"]

_KINDS = {
    "info": ("#f4f1e8", "#303030", ""),
    "error": ("#fde8e6", "#8a1c12", "⚠ "),
    "hint": ("#e8f1fb", "#16406e", "☞ "),
    "done": ("#e7f5ea", "#1d5a2c", "✔ "),
}


#: About as many characters as one line of the side panel holds in the page's font at its
#: usual 420 px (the 66 of "Your turn: … or draw tickets." fit, the team prompt's 75 do not):
#: a longer prompt takes two lines, so the news above it gets one, its ellipsis there.
THEN_LINE_CHARS = 70

#: Fewer characters than a line holds at the narrowest side panel (330 px): a message longer
#: than its lines times this may be cut, and gets the toggle that shows it whole.
_SAFE_LINE_CHARS = 48


def _news_chars(then: str) -> int:
    """How many characters of news surely fit: three lines, two above a prompt, one above a
    long prompt (the page's rules in ``style.APP_CSS``)."""
    lines = 3 if not then else 1 if len(then) > THEN_LINE_CHARS else 2
    return lines * _SAFE_LINE_CHARS


def why_html(rule: str) -> str:
    """A small "why?" that opens the rule ``rule``: its sentence and id (``ttr-why``)."""
    why = html.escape(_("why?"))
    return (f'<details class="ttr-why" data-rule="{html.escape(rule)}">'
            f'<summary>{why}</summary>'
            f'<div class="ttr-why-text">{why_line(rule)}</div></details>')


def why_line(rule: str) -> str:
    """One rule as a "why?" opens it: the catalogue's sentence in plain words, then the rule's
    id in small grey print for whoever looks it up (``ttr-rule-id``), never as code."""
    named = html.escape(_("rule {rule}").format(rule=rule))
    return (f'{html.escape(explain(rule) if rule in RULES else "")} <small class="ttr-rule-id" '
            f'style="color:#5f6b7a">· {named}</small>')


class StatusLine(widgets.HTML):
    """``say(text)`` shows a message; ``refuse(error)`` shows why an action was refused.

    ``text`` (the message as plain text, a refusal's sentence without its rule), ``kind`` and
    ``rule`` (the id of the rule last refused, or ``""``) are Python-side traits for tests and
    for whoever observes them; ``count`` grows with every message (the flash);
    ``expandable``: the message may be cut, and has the toggle that shows it whole."""

    text = traitlets.Unicode("")
    kind = traitlets.Unicode("info")
    rule = traitlets.Unicode("")
    count = traitlets.Int(0)
    expandable = traitlets.Bool(False)  #: the message may be cut: "▾ all" shows it whole

    def __init__(self, text: str = "") -> None:
        super().__init__(layout=widgets.Layout(align_self="stretch"))
        self.add_class("ttr-status")
        self.say(text)

    def say(self, text: str, kind: str = "info", *, then: str = "") -> None:
        """Show ``text``; ``kind`` is one of info, error, hint, done (colour and mark only).
        ``then``, what the table waits for now, goes under it and is never cut; ``text`` (the
        trait) is then both, as one would read them."""
        if kind not in _KINDS:
            raise ValueError(f"kind: expected one of {', '.join(_KINDS)}, not {kind!r}")
        self._show(text, kind, "", then)

    def refuse(self, error: TTRError, *, then: str = "") -> None:
        """Show why an action was refused: the sentence, and the rule behind a "why?";
        ``then`` as for ``say``."""
        if isinstance(error, RulesError):
            self._show(error.reason, "error", error.rule, then)
        else:
            self._show(str(error), "error", "", then)

    def _show(self, text: str, kind: str, rule: str, then: str = "") -> None:
        background, ink, mark = _KINDS[kind]
        self.count += 1
        whole = f"{text} {then}".strip()
        self.text, self.kind, self.rule = whole, kind, rule
        why = why_html(rule) if rule else ""
        news = f'<span class="ttr-status-news">{mark}{html.escape(text)}</span>' if text else ""
        long = " ttr-status-then-long" if len(then) > THEN_LINE_CHARS else ""
        then_html = (f' <span class="ttr-status-then{long}">{html.escape(then)}</span>'
                     if then else "")
        more = ""
        if len(text) > _news_chars(then):  # may be cut: a toggle (its box in its label)
            title = html.escape(_("Show the whole message, or only its first lines"))
            closed, opened = html.escape(_("all")), html.escape(_("less"))
            more = (f'<label class="ttr-status-more" role="button" title="{title}">'
                    '<input type="checkbox" class="ttr-status-toggle" hidden>'
                    f'<span class="ttr-more-closed">▾ {closed}</span>'
                    f'<span class="ttr-more-open">▴ {opened}</span></label>')
        self.expandable = bool(more)
        self.value = (
            f'<div class="ttr-status-{kind} ttr-flash" data-rule="{html.escape(rule)}" '
            f'data-n="{self.count}" title="{html.escape(whole)}" '
            f'style="background:{background};color:{ink}">'
            f'<span class="ttr-status-text">{news}{then_html}</span>{more}{why}</div>')
