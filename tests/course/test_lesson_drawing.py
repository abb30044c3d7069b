"""Lesson 2's last position shows five locomotives face up that stay: the page says why (a
row with 3 locomotives is replaced by cards from the pile or the discards, and none are
left), and the core leaves that row as it is when a move is made."""

from __future__ import annotations

from pathlib import Path

import nbformat

from ttr_widgets.course import lessons
from ttr_widgets.rules.actions import DrawFaceUp
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.model import LOCO

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "02-Drawing-Cards.ipynb"


def test_five_locomotives_that_stay_face_up_are_explained() -> None:
    practice = next(p for p in lessons.drawing() if p.name == "no-card")
    state = practice.state
    assert state.face_up == (LOCO,) * 5 and not state.deck and not state.discard
    assert "They stay" in practice.prompt and "none are left" in practice.prompt
    after = apply(state, DrawFaceUp("locomotive"))  # the slot stays empty, the rest stay
    assert after.face_up.count(LOCO) == 4 and after.refreshes == state.refreshes
    prose = "\n".join(c.source for c in nbformat.read(LESSON, as_version=4).cells
                      if c.cell_type == "markdown")
    assert "when both are empty, nothing can replace the row, and its\n  locomotives stay face up" \
        in prose
