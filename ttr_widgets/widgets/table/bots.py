"""The turns of the seats that move by themselves at a table (bots; a remote seat later).

``SeatTurns`` plays them for the table controller until a seat that waits for a click is to
move, the game ends or the table is paused, and tells them in the status line: the person's
move and the round since, with each bot's reason. Which seats move by themselves and what they
play is their seat policy's (``seats``: ``moves_itself``, ``choose``); each move goes through
the core like a click, and one the core refuses pauses the table with its sentence (a bot's
mistake must not freeze it). ``BotTurns`` is the pace: one move at a time on the running event
loop, so the browser sees each, or at once without one; ``because`` words a bot's reason;
``running_loop`` is the loop a page runs on, if any.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Protocol

from ttr_widgets.bots import Choice
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import _
from ttr_widgets.widgets.table.narrate import round_story
from ttr_widgets.widgets.table.seats import Seat, TableView
from ttr_widgets.widgets.table.status import StatusLine

__all__ = ["BotTurns", "MovingTable", "SeatTurns", "because", "running_loop"]


class MovingTable(TableView, Protocol):
    """What ``SeatTurns`` reads and does at its table (the controller is one): what a seat
    reads, and more."""

    bot_delay: float
    status: StatusLine

    @property
    def seating(self) -> Sequence[Seat]: ...
    def prompt(self) -> str: ...
    def pause(self) -> None: ...
    def redraw(self) -> None: ...
    def refresh_selection(self) -> bool: ...


class SeatTurns:
    """The self-moving seats' turns at ``table`` (see the module docstring); ``take(game)``
    makes a seat's move the table's game (the table draws it when asked to)."""

    def __init__(self, table: MovingTable, take: Callable[[Game], object]) -> None:
        self._table, self._take = table, take
        self._pace = BotTurns()
        self._told, self._since = "", 0  #: the person's move, and the step after it
        self._kind = "done"  #: how the person's move is told (advice when the coach spoke)

    @property
    def task(self) -> asyncio.Task[None] | None:
        """The moves under way on the event loop, if any."""
        return self._pace.task

    def stop(self) -> None:
        self._pace.stop()

    def moving(self) -> bool:
        """Whether the seat to move moves by itself (the game not over)."""
        state = self._table.state
        return not state.is_over and self._table.seating[state.current].moves_itself

    def advance(self, told: str = "", kind: str = "done") -> bool:
        """Let the seats that move by themselves play until one that waits for a click is to
        move (or the game ends): at once when the table's ``bot_delay`` is 0 or no event loop
        runs, else on the loop, one move per delay. Returns whether they moved or were set
        going; the status line then tells ``told`` (the person's move, said as ``kind``: done,
        or a hint when the coach spoke), what they did, and what the table waits for."""
        table = self._table
        if table.paused or not self.moving() or self._pace.task is not None:
            return False
        self._told, self._since, self._kind = told, table.game.cursor, kind
        if self._pace.play(table.bot_delay, to_move=lambda: self.moving() and not table.paused,
                           step=lambda on_loop: self._step(render=on_loop),
                           finish=self._done):
            return True
        table.redraw()
        if told:
            table.status.say(told, kind)
        return True

    def _done(self, on_loop: bool) -> None:
        """The seats stopped: one that waits is to move, the game ended, or they were paused.

        The line is told before the table is drawn: a page that sees the drawing (the person's
        turn, the game over) then reads the line that goes with it, never the last bot move's
        line that it replaces."""
        table = self._table
        if not (self.moving() if on_loop else table.paused):
            table.status.say(round_story(table.game, self._told, self._since),
                             self._kind if self._told else "info", then=table.prompt())
            table.refresh_selection()
        table.redraw()

    def _step(self, *, render: bool) -> bool:
        """Play the move of the seat to move by itself (with ``render``, show it and tell it);
        returns whether one was played (a refused move pauses the table and says why)."""
        table = self._table
        state = table.state
        choice: Choice | None = table.seating[state.current].choose(table)
        if choice is None:  # nothing yet
            return False
        try:
            game = table.game.play(choice.action)
        except TTRError as error:  # a bot's mistake must not freeze the table
            table.pause()
            table.status.refuse(error)
            return False
        self._take(game)
        if render and not game.state.is_over:  # the end is told once, by ``_done``
            table.redraw()
            story = round_story(game, self._told, self._since)
            table.status.say(f"{story} {because(state.player.name, choice.reason)}")
        return True


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
    """A bot's reason as a sentence: ``'claims X: it lies on …'`` → ``'Why: it lies on …'``,
    in the reader's language (the bots word their reasons in it, ``bots.choice``); a reason
    without its why is told whole: ``'(Ben draws blind.)'``."""
    move, colon, why = reason.partition(": ")
    if colon:
        return _("Why: {reasons}.").format(reasons=why)
    return _("({name} {reason}.)").format(name=who, reason=move)


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
