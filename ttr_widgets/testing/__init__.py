"""What the tests and the benchmarks share, so that they never import each other (the package
map in tests/rules/test_purity.py: nothing in the kit imports this package).

* here: checks on the rules core (``refused``, ``route_id``);
* ``board``: reading a drawn board back (``highlighted``);
* ``hidden``: a position with what its player to move cannot see dealt again
  (``hidden_changed``);
* ``teams``: team games past their setup or arranged by hand (``started``, ``arranged``);
* ``team_table``: the team table driven as a person drives it (``click``);
* ``words``: the texts a visitor sees and the code-speak they must not hold (``assert_plain``);
* ``browser``: a real ``ttr serve`` in a subprocess and pages in headless Chromium (needs the
  ``test`` extra and a source checkout);
* ``lean_chromium``: Chromium driven over the DevTools protocol with nothing watched, for
  timing pages as a person's browser runs them (``LeanChromium``).
"""

from __future__ import annotations

import pytest

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.engine import apply, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.state import GameState

__all__ = ["refused", "route_id"]


def refused(state: GameState, action: Action, rule: str) -> str:
    """Assert that ``action`` is refused under ``rule``, both by ``why_illegal`` and by
    ``apply``; the refusal's sentence."""
    error = why_illegal(state, action)
    assert error is not None, f"{action} should be refused by {rule}"
    assert error.rule == rule, str(error)
    with pytest.raises(RulesError) as info:
        apply(state, action)
    assert info.value.rule == rule
    return str(error)


def route_id(board: Board, a: str, b: str, color: str | None = None) -> str:
    """The id of the first route between cities ``a`` and ``b`` (of ``color``, if given)."""
    for r in board.routes:
        if {r.a, r.b} == {a, b} and (color is None or r.color == color):
            return r.id
    raise KeyError((a, b, color))
