"""The coach at a table: the "Coach" toggle, what a move cost, and the after-game review.

``CoachBox`` is the toggle (``ttr-coach``). While it is on, ``verdict(state, action)`` says what
a legal move costs when the strong bot finds one clearly better (``bots.coach.judge``: the
table adds its sentence to the move's line and selects the better route), and ``follow(game,
seats)`` puts the coach's review of a finished game in ``review`` (a ``ReviewPanel`` for the
Score tab) or takes it away when the game shown is not finished.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ttr_widgets.bots.coach import COACH_WHEN, Verdict, judge
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.engine import why_illegal
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.table.review import ReviewPanel

__all__ = ["CoachBox"]


class CoachBox(widgets.Checkbox):
    """The Coach toggle; ``on_change()`` is called when it is switched (the table then
    follows its game again)."""

    def __init__(self, on_change: Callable[[], object]) -> None:
        super().__init__(value=False, description="Coach", indent=False,
                         tooltip=f"Coach: {COACH_WHEN}; when the game ends, reviews your game "
                         "in the Score tab", layout=widgets.Layout(width="auto"))
        self.add_class("ttr-coach")
        self.review = ReviewPanel()  #: the coach's after-game review (Score tab)
        self.observe(lambda _change: on_change(), "value")

    def verdict(self, state: GameState, action: Action) -> Verdict | None:
        """With Coach on, what ``action`` costs in ``state`` (``None``: off, an illegal move,
        or nothing clearly better)."""
        if not self.value or why_illegal(state, action) is not None:
            return None
        return judge(state, action)

    def follow(self, game: Game, seats: Sequence[int]) -> None:
        """The review for the game shown: the coach's, for ``seats``, once it is over with
        Coach on; none while it is not over."""
        if not game.state.is_over:
            self.review.clear()
        elif self.value and seats:
            self.review.review(game, seats)
