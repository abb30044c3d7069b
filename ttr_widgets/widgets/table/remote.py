"""A shared table's seam of the table controller: what travels between this page and the
table's authority (the table service), which holds the game.

At a shared table the controller's ``play`` sends the move (``Remote.send``) instead of playing
it; the table answers with the next view (``TableController.receive``) or with a refusal for this
page alone (``TableController.refused``). Meanwhile the ``Outbox`` keeps the move in flight (and
the coach's word on it), the clicks made before its answer (sent after it, if they may still be
played) and the last refusal (kept in view until the next view is told).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ttr_widgets.bots.coach import Verdict
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.table.narrate import own_move

__all__ = ["Judge", "Outbox", "Remote"]

#: the coach's judgement of a move in a position (None: no word)
Judge = Callable[[GameState, Action], Verdict | None]


class Remote(Protocol):
    """A shared table's authority as the controller sees it: where this page's moves go."""

    def send(self, action: Action) -> None: ...


@dataclass(frozen=True, slots=True)
class _Sent:
    before: GameState  #: the view the move was made in
    action: Action
    verdict: Verdict | None  #: the coach's word on it, told with its answer


class Outbox:
    """This page's moves to the table ``remote`` and their answers (see the module)."""

    def __init__(self, remote: Remote) -> None:
        self.remote = remote
        self._sent: _Sent | None = None
        self._queued: list[Action] = []
        self._refusal: TTRError | None = None

    def send(self, before: GameState, action: Action, judge: Judge) -> bool:
        """Send ``action`` (True), or keep it for after the answer to the move in flight
        (False). The move goes first: the coach thinks while it travels."""
        if self._sent is not None:
            self._queued.append(action)
            return False
        self.remote.send(action)
        self._sent = _Sent(before, action, judge(before, action))
        return True

    def coached(self, before: GameState, state: GameState) -> Verdict | None:
        """The coach's word on the move in flight, when the table's next view ``state`` shows
        it played (what ``answered`` is about to tell with it); else None."""
        sent = self._sent
        return None if sent is None or state == before else sent.verdict

    def answered(self, before: GameState, state: GameState) -> str:
        """This page's own move told in the app's words (with the coach's), once the table's
        next view ``state`` shows it played; "" when it is not that view."""
        sent = self._sent
        if sent is None or state == before:
            return ""
        self._sent = None
        told = own_move(sent.before, sent.action, state)
        if sent.verdict is None:
            return told
        return _("{move} Coach: {verdict}").format(move=told, verdict=sent.verdict.sentence)

    def refused(self, error: TTRError) -> None:
        """The table refused the move in flight: the clicks made after it are dropped, and the
        refusal stays in view until the next view is told (``kept_refusal``)."""
        self._sent, self._queued, self._refusal = None, [], error

    def kept_refusal(self) -> TTRError | None:
        """The last refusal not yet followed by a view (then forgotten)."""
        refusal, self._refusal = self._refusal, None
        return refusal

    def next_click(self, may_play: bool) -> Action | None:
        """The click made while a move travelled, to play now that its answer came (None when
        a move is still in flight, none waits, or it may no longer be played: all dropped)."""
        if self._sent is not None or not self._queued:
            return None
        queued, self._queued = self._queued[0], self._queued[1:]
        if may_play:
            return queued
        self._queued = []
        return None
