"""The bots' pace at a table: ``BotTurns`` plays them one move at a time on the running event
loop (or at once without one), for the table controller and the team table alike;
``because`` words a bot's reason; ``running_loop`` is the loop a page runs on, if any.

Which seats move by themselves and what they play is their seat policy's (``seats``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["BotTurns", "because", "running_loop"]


class BotTurns:
    """The bots' turns at a table: one move every ``delay`` seconds on the running event loop,
    so that a person sees each move, or all at once where no loop runs (a script, a test) or the
    delay is 0. The table says what a move is and how it is shown (:meth:`play`)."""

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None  #: the moves under way on the loop

    def play(self, delay: float, *, to_move: Callable[[], bool],
             step: Callable[[bool], bool], finish: Callable[[bool], None]) -> bool:
        """While ``to_move()``, make one bot move with ``step(on_loop)`` (on the loop it also
        shows the move; at once, a false result stops), then ``finish(on_loop)``. True if the
        moves were played at once; False if they were set going on the loop."""
        loop = running_loop()
        if delay <= 0 or loop is None:
            while to_move() and step(False):
                pass
            finish(False)
            return True
        self.task = loop.create_task(self._run(delay, to_move, step, finish))
        return False

    async def _run(self, delay: float, to_move: Callable[[], bool],
                   step: Callable[[bool], bool], finish: Callable[[bool], None]) -> None:
        try:
            while to_move():
                await asyncio.sleep(delay)
                if not to_move():
                    break
                step(True)
        finally:
            if self.task is asyncio.current_task():  # not stopped or replaced meanwhile
                self.task = None
                finish(True)

    def stop(self) -> None:
        """Stop the moves under way on the loop (none is half made: a move is one step)."""
        task, self.task = self.task, None
        if task is not None:
            task.cancel()


def because(who: str, reason: str) -> str:
    """A bot's reason as a sentence: ``'claims X: it lies on …'`` → ``'Why: it lies on …'``."""
    if ": " in reason:
        return f"Why: {reason.split(': ', 1)[1]}."
    return f"({who} {reason}.)"


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
