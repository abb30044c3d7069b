"""The coach's after-game review in the Score tab (``bots.coach.review``), for each person.

``review_lines`` is the work (seconds on a mini game, about a minute on a full USA game: 66 s
for a 120-move game measured on the 2-core test machine); ``ReviewPanel.review`` runs it off
the event loop when one runs (at once otherwise) and shows "Reviewing your game…" meanwhile,
then the review's sentences.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Sequence

import ipywidgets as widgets

from ttr_widgets.bots.coach import review
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import is_you
from ttr_widgets.widgets.table.bots import running_loop

__all__ = ["REVIEWING", "ReviewPanel", "review_lines"]

REVIEWING = N_("Reviewing your game…")  #: in the language now: ``_(REVIEWING)``
_TAGS = re.compile(r"<[^>]+>")


def review_lines(game: Game, seats: Sequence[int]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For each seat, its player's name and the review of the game up to its cursor."""
    states, actions = game.states[:game.cursor + 1], game.actions[:game.cursor]
    return tuple((states[-1].players[seat].name, review(states, actions, seat).lines())
                 for seat in seats)


class ReviewPanel(widgets.HTML):
    """Hidden until a review is asked for (``ttr-review``); then ``REVIEWING``, then the
    review: one heading per person reviewed, one line per sentence."""

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("ttr-review")
        self.reviewed: GameState | None = None  #: the end whose review is shown or under way
        self._task: asyncio.Task[None] | None = None

    def review(self, game: Game, seats: Sequence[int]) -> None:
        """The coach's review of ``game`` (at its cursor) for ``seats``: off the event loop when
        one runs (the review costs seconds; ``REVIEWING`` meanwhile), at once otherwise.
        Asked again for the same end, it does nothing."""
        state = game.state
        if self.reviewed is state:
            return
        self.clear()
        self.reviewed = state
        loop = running_loop()
        if loop is None:
            self.show(review_lines(game, seats))
            return
        self.waiting()
        self._task = loop.create_task(self._run(state, game, tuple(seats)))

    async def _run(self, state: GameState, game: Game, seats: tuple[int, ...]) -> None:
        loop = asyncio.get_running_loop()
        reviews = await loop.run_in_executor(None, review_lines, game, seats)
        if self.reviewed is state:  # not left (undo, a new game) meanwhile
            self.show(reviews)
            self._task = None

    @property
    def text(self) -> str:
        """What the panel says, as plain text (empty when hidden)."""
        return html.unescape(_TAGS.sub(" ", self.value)).strip() if \
            self.layout.display != "none" else ""

    def clear(self) -> None:
        """Hide the review (a review under way is dropped)."""
        task, self._task, self.reviewed = self._task, None, None
        if task is not None:
            task.cancel()
        self.value = ""
        self.layout.display = "none"

    def waiting(self) -> None:
        self._show(f"<i>{html.escape(_(REVIEWING))}</i>")

    def show(self, reviews: Sequence[tuple[str, Sequence[str]]]) -> None:
        parts = []
        for name, lines in reviews:
            heading = (_("The coach's review of your game") if len(reviews) == 1 or is_you(name)
                       else _("The coach's review of {name}'s game").format(name=name))
            parts.append(f"<b>{html.escape(heading)}</b>")
            parts += [f"<div>{html.escape(line)}</div>" for line in lines]
        self._show("".join(parts))

    def _show(self, body: str) -> None:
        self.value = f'<div style="font-size:12px;margin-top:6px">{body}</div>'
        self.layout.display = None

