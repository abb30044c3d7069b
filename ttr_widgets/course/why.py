"""A lesson's prose keeps rule ids behind a "why?": ``why_details(rules)`` is the HTML a
markdown cell carries after the sentence (or list item) that states those rules.

It opens like the play table's "why?" (``widgets.status.why_html``, class ``ttr-why``): each
rule's sentence from the catalogue in plain words, its id after it in small print
(``status.why_line``), one line per rule, in the current language (a French page's prose gets
its "why?" told again in French: ``notebook_i18n``). The course test checks that every "why?"
in the lessons is this text for its rules, so a changed sentence shows up there.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.i18n import _
from ttr_widgets.widgets.table.status import why_line

__all__ = ["WHY", "why_details", "why_rules"]

#: A "why?" in a lesson's prose; group 1 is its rule ids, space-separated.
WHY = re.compile(r'<details class="ttr-why" data-rule="([^"]*)".*?</details>')


def why_details(rules: Sequence[str]) -> str:
    """One "why?" (on one line) that opens each rule of ``rules``: its sentence, then its id."""
    if not rules:
        raise ValueError("why_details: no rule to explain")
    unknown = [rule for rule in rules if rule not in RULES]
    if unknown:
        raise KeyError(f"why_details: no rule {', '.join(unknown)} in the catalogue")
    lines = "<br>".join(why_line(rule) for rule in rules)
    return (f'<details class="ttr-why" data-rule="{html.escape(" ".join(rules))}" '
            f'style="position:relative"><summary>{html.escape(_("why?"))}</summary>'
            f'<div class="ttr-why-text">{lines}</div></details>')


def why_rules(markdown: str) -> list[tuple[str, ...]]:
    """The rule ids behind each "why?" of ``markdown``, in order."""
    return [tuple(found.group(1).split()) for found in WHY.finditer(markdown)]
