"""Errors that teach: every refusal names the rule (or the field) it is about."""

from __future__ import annotations

from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.i18n import _


class TTRError(ValueError):
    """Base class of every error the kit raises on purpose: one line, no traceback needed."""


class RulesError(TTRError):
    """An action the rules do not allow, with the rule's id and a sentence explaining it.

    For people: ``reason`` is the sentence alone ("A face-up locomotive cannot be your second
    card; …"), ``rule_text`` the rule it applies, from the catalogue, for a "why?". ``str()``
    appends the rule's id (``… (rule draw.second-locomotive)``) for the command line and logs."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} (rule {rule})")
        self.rule = rule
        self.reason = message

    @property
    def rule_text(self) -> str:
        """The rule's sentence from ``catalog.RULES`` in the reader's language (its id when the
        catalogue lacks it)."""
        return _(RULES[self.rule]) if self.rule in RULES else self.rule


class MapError(TTRError):
    """A map file that is not valid; ``problems`` lists every one with its place."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        shown = "; ".join(self.problems[:12])
        more = f"; and {len(self.problems) - 12} more" if len(self.problems) > 12 else ""
        super().__init__(f"invalid map {source}: {shown}{more}")


class PositionError(TTRError):
    """A position or game record that does not describe a possible game."""
