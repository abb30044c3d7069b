"""BotTurns, the bots' pace at a table: at once without an event loop, one move per delay on
one, stopped cleanly, and never finishing twice."""

from __future__ import annotations

import asyncio

from ttr_widgets.widgets.table.bots import BotTurns


class Table:
    """A table whose bots have ``moves`` moves to make; it notes what the pace asks of it."""

    def __init__(self, moves: int, refuse_at: int | None = None) -> None:
        self.left = moves
        self.refuse_at = refuse_at
        self.log: list[str] = []

    def to_move(self) -> bool:
        return self.left > 0

    def step(self, on_loop: bool) -> bool:
        if self.refuse_at == self.left:
            self.log.append("refused")
            return False
        self.left -= 1
        self.log.append(f"move {'shown' if on_loop else 'made'}")
        return True

    def finish(self, on_loop: bool) -> None:
        self.log.append(f"finished {'on the loop' if on_loop else 'at once'}")


def play(turns: BotTurns, table: Table, delay: float) -> bool:
    return turns.play(delay, to_move=table.to_move, step=table.step, finish=table.finish)


def test_without_an_event_loop_the_bots_play_at_once() -> None:
    turns, table = BotTurns(), Table(3)
    assert play(turns, table, delay=0.5) is True
    assert table.log == ["move made"] * 3 + ["finished at once"] and turns.task is None


def test_a_refused_move_ends_the_bots_turns_at_once() -> None:
    turns, table = BotTurns(), Table(3, refuse_at=2)
    assert play(turns, table, delay=0)
    assert table.log == ["move made", "refused", "finished at once"]


def test_on_a_loop_each_move_is_shown_one_delay_apart() -> None:
    async def scenario() -> tuple[bool, list[str], bool]:
        turns, table = BotTurns(), Table(3)
        at_once = play(turns, table, delay=0.01)
        assert turns.task is not None and table.log == []  # nothing yet: the first delay runs
        await turns.task
        return at_once, table.log, turns.task is None

    at_once, log, done = asyncio.run(scenario())
    assert not at_once and done
    assert log == ["move shown"] * 3 + ["finished on the loop"]


def test_stopped_bots_make_no_more_moves_and_do_not_finish() -> None:
    async def scenario() -> tuple[list[str], bool]:
        turns, table = BotTurns(), Table(5)
        step = table.step

        def step_then_pause(on_loop: bool) -> bool:  # a person pauses right after a move
            played = step(on_loop)
            turns.stop()
            return played

        turns.play(0.01, to_move=table.to_move, step=step_then_pause, finish=table.finish)
        task = turns.task
        assert task is not None
        await asyncio.gather(task, return_exceptions=True)
        return table.log, task.cancelled() and turns.task is None

    log, cancelled = asyncio.run(scenario())
    assert log == ["move shown"] and cancelled
