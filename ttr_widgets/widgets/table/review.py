"""The coach's after-game review in the Score tab (``rules.coach.review``), for each person.

``review_lines`` is the work (2–4 s of CPU on a full game: the app runs it off the event loop);
``ReviewPanel`` shows "Reviewing your game…" meanwhile, then the review's sentences.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import ipywidgets as widgets

from ttr_widgets.bots.coach import review
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.words import possessive

__all__ = ["REVIEWING", "ReviewPanel", "review_lines"]

REVIEWING = "Reviewing your game…"
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

    @property
    def text(self) -> str:
        """What the panel says, as plain text (empty when hidden)."""
        return html.unescape(_TAGS.sub(" ", self.value)).strip() if \
            self.layout.display != "none" else ""

    def clear(self) -> None:
        self.value = ""
        self.layout.display = "none"

    def waiting(self) -> None:
        self._show(f"<i>{REVIEWING}</i>")

    def show(self, reviews: Sequence[tuple[str, Sequence[str]]]) -> None:
        parts = []
        for name, lines in reviews:
            who = "your game" if len(reviews) == 1 else f"{possessive(name, capital=False)} game"
            parts.append(f"<b>The coach's review of {html.escape(who)}</b>")
            parts += [f"<div>{html.escape(line)}</div>" for line in lines]
        self._show("".join(parts))

    def _show(self, body: str) -> None:
        self.value = f'<div style="font-size:12px;margin-top:6px">{body}</div>'
        self.layout.display = None

