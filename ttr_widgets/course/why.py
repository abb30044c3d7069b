"""A lesson's prose keeps rule ids behind a "why?": ``why_details(rules)`` is the HTML a
markdown cell carries after the sentence (or list item) that states those rules.

It opens like the play table's "why?" (``widgets.status.why_html``, class ``ttr-why``): the
rule's id and its sentence from the catalogue, one line per rule. The course test checks that
every "why?" in the lessons is this text for its rules, so a changed sentence shows up there.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from ttr_widgets.rules.catalog import RULES

__all__ = ["WHY", "why_details", "why_rules"]

#: A "why?" in a lesson's prose; group 1 is its rule ids, space-separated.
WHY = re.compile(r'<details class="ttr-why" data-rule="([^"]*)".*?</details>')


def why_details(rules: Sequence[str]) -> str:
    """One "why?" (on one line) that opens each rule of ``rules``: its id and its sentence."""
    if not rules:
        raise ValueError("why_details: no rule to explain")
    lines = "<br>".join(f"Rule <code>{html.escape(rule)}</code>: {html.escape(RULES[rule])}"
                        for rule in rules)
    return (f'<details class="ttr-why" data-rule="{html.escape(" ".join(rules))}" '
            f'style="position:relative"><summary>why?</summary>'
            f'<div class="ttr-why-text">{lines}</div></details>')


def why_rules(markdown: str) -> list[tuple[str, ...]]:
    """The rule ids behind each "why?" of ``markdown``, in order."""
    return [tuple(found.group(1).split()) for found in WHY.finditer(markdown)]
