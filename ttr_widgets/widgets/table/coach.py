"""The coach at a table: the "Coach" toggle, its question before a costly move, what a move cost,
and the after-game review.

``CoachBox`` is the toggle (``ttr-coach``); its label says what the coach does and at what cost
it speaks (``coach_label``, in the reader's language). While it is on:

* ``asks(state, action)`` is the coach's question before a move that cannot be taken back and is
  likely to cost (``bots.coach.ask``: new tickets with another player near the end). The table
  says it as advice instead of playing the move; the same move asked for again in the same
  position is the answer "yes" and is played.
* ``verdict(state, action)`` says what a legal move costs (``bots.coach.judge``: against the
  hint's move; the table adds its sentence to the move's line, as advice, and selects the better
  route).
* ``follow(game, seats)`` puts the coach's review of a finished game in ``review`` (a
  ``ReviewPanel`` for the Score tab), judged as the coach judged during play, or takes it away
  when the game shown is not finished.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ttr_widgets.bots.coach import (
    ASK_TRAINS,
    COACH_SAMPLES,
    COACH_THRESHOLD,
    Verdict,
    ask,
    judge,
)
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.engine import why_illegal
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.table.review import ReviewPanel

__all__ = ["CoachBox"]

#: How a person answers the coach's question "yes": the same move again.
AGAIN = N_("Do it again to go ahead, or make another move.")


def coach_label() -> str:
    """What the coach does, in a line beside its toggle, in the language now."""
    return ngettext("Coach: warns when a move costs {n} point or more",
                    "Coach: warns when a move costs {n} points or more",
                    COACH_THRESHOLD).format(n=COACH_THRESHOLD)


def coach_when() -> str:
    """When the coach speaks, in the language now."""
    return _("Coach: after each of your moves, says what it cost when the hint's move comes out "
             "at least {points} points ahead in {games} games played on from there (ahead in "
             "two thirds of them), or when a claim off your plan spends cards the plan still "
             "needs; before you draw new tickets with another player at {trains} trains or "
             "fewer, asks whether you are sure; when the game ends, reviews it in the Score "
             "tab with the same judgement").format(points=COACH_THRESHOLD, games=COACH_SAMPLES,
                                                    trains=ASK_TRAINS)


class CoachBox(widgets.Checkbox):
    """The Coach toggle, its label saying what it does; ``on_change()`` is called when it is
    switched (the table then follows its game again)."""

    def __init__(self, on_change: Callable[[], object]) -> None:
        super().__init__(value=False, indent=False, layout=widgets.Layout(width="auto"))
        self.relabel()
        self.add_class("ttr-coach")
        self.review = ReviewPanel()  #: the coach's after-game review (Score tab)
        #: the question put last: its position, its move and its words
        self._asked: tuple[GameState, Action, str] | None = None
        self.questions = 0  #: how many questions the coach has put (a new one: the count grows)
        self.observe(lambda _change: on_change(), "value")

    def relabel(self) -> None:
        """The toggle's words again, in the language now."""
        self.description, self.tooltip = coach_label(), coach_when()

    def asks(self, state: GameState, action: Action) -> str | None:
        """With Coach on, the coach's question before ``action`` in ``state`` (``None``: no
        question, or it was put for this very move and the move is asked for again: yes)."""
        if not self.value or why_illegal(state, action) is not None:
            return None
        asked, self._asked = self._asked, None
        if asked is not None and asked[0] is state and asked[1] == action:
            return None
        question = ask(state, action)
        if question is None:
            return None
        self._asked = (state, action, question)
        self.questions += 1
        return _("Coach: {question} {again}").format(question=question, again=_(AGAIN))

    @property
    def question(self) -> str | None:
        """The coach's question waiting for its answer (the move asked again), in its words;
        None when none waits."""
        return None if self._asked is None else self._asked[2]

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
