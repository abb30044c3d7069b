"""The play app's seats and bots: who may act now, the bots playing one move at a time on
the running event loop (or at once without one), the line that tells a round, and the coach's
after-game review run off the loop.

``BotSeats`` is a part of ``app.PlayApp`` (a mixin: it reads and sets the app's game, seats,
pause and status line); it holds no state of its own. ``BotTurns`` paces the bots' moves, for
the play app and the team table alike.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ttr_widgets.bots import BOTS
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import possessive
from ttr_widgets.widgets.table.narrate import game_moves, moves_story
from ttr_widgets.widgets.table.players import bot_words
from ttr_widgets.widgets.table.review import review_lines

if TYPE_CHECKING:
    import ipywidgets as widgets

    from ttr_widgets.widgets.table.review import ReviewPanel
    from ttr_widgets.widgets.table.status import StatusLine

__all__ = ["BotSeats", "BotTurns", "because", "running_loop"]


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


class BotSeats:
    """Seats and bots of the play app (see the module docstring)."""

    if TYPE_CHECKING:  # the app's own, set in PlayApp.__init__
        bot_delay: float
        status: StatusLine
        coach: widgets.Checkbox
        review: ReviewPanel
        _game: Game
        _kinds: tuple[str, ...]
        _paused: bool
        _told: str
        _since: int
        _bots: BotTurns
        _reviewed: GameState | None
        _review_task: asyncio.Task[None] | None

        @property
        def state(self) -> GameState: ...
        @property
        def humans(self) -> tuple[int, ...]: ...
        def _render(self) -> None: ...
        def _prompt(self) -> str: ...

    def _turn_order(self) -> RulesError:
        state = self.state
        whose = possessive(state.player.name, capital=False)
        kind = bot_words(state.player.name, self._kinds[state.current])
        return RulesError("turn.order", f"It is {whose} turn{f' ({kind})' if kind else ''}; "
                          "wait for it to play.")

    def _seat_refusal(self) -> RulesError | None:
        """Why a person cannot act now: the game is over, or a bot is to move."""
        state = self.state
        if state.is_over:
            return RulesError("turn.game-over", "The game is over; nothing more can be "
                              "played. See the score.")
        if self._kinds[state.current] != "human":
            return self._turn_order()
        return None

    def _bot_to_move(self) -> bool:
        state = self.state
        return not state.is_over and self._kinds[state.current] != "human"

    def _advance(self, told: str = "") -> bool:
        """Let the bots play until a person is to move (or the game ends): at once when
        ``bot_delay`` is 0 or no event loop runs, else on the loop, one move per delay.
        Returns whether the bots moved or were set going; the status line then tells ``told``
        (the person's move), what the bots did, and whose turn it is."""
        if self._paused or not self._bot_to_move() or self._bots.task is not None:
            return False
        self._told, self._since = told, self._game.cursor
        if self._bots.play(self.bot_delay, to_move=lambda: self._bot_to_move() and not self._paused,
                           step=lambda on_loop: self._bot_move(render=on_loop),
                           finish=self._bots_done):
            return True
        self._render()
        if told:
            self.status.say(told, "done")
        return True

    def _bots_done(self, on_loop: bool) -> None:
        """The bots stopped: a person is to move, the game ended, or the bots were paused."""
        self._render()
        if not (self._bot_to_move() if on_loop else self._paused):
            self.status.say(self._story(), "done" if self._told else "info",
                            then=self._prompt())

    def _story(self) -> str:
        """The person's last move and what the bots did since: with the prompt under it, the
        status line that tells a round."""
        game = self._game
        since = min(self._since, game.cursor)
        round_start = game.state.turn - game.state.num_players  # at most one round back
        while since < game.cursor and game.states[since].turn < round_start:
            since += 1
        parts = [self._told, moves_story(game_moves(game, since, game.cursor))]
        return " ".join(p for p in parts if p)

    def _bot_move(self, *, render: bool) -> bool:
        """Play the bot's move (with ``render``, show it and tell it); returns whether it was
        played (a refused move pauses the bots and shows the refusal)."""
        state = self.state
        bot = BOTS[self._kinds[state.current]]
        rng = random.Random(f"ttr-app:{state.seed}:{self._game.cursor}")
        choice = bot(state, rng)
        try:
            game = self._game.play(choice.action)
        except TTRError as error:  # a bot's mistake must not freeze the table
            self._paused = True
            self._render()
            self.status.refuse(error)
            return False
        self._game = game
        if render:
            self._render()
            self.status.say(f"{self._story()} {because(state.player.name, choice.reason)}")
        return True

    def _start_review(self) -> None:
        """With Coach on, at the end of a game: the coach's review for each person, off the
        event loop when one runs (the review costs seconds), at once otherwise."""
        state, seats = self.state, self.humans
        if not (self.coach.value and state.is_over and seats) or self._reviewed is state:
            return
        self._reviewed, game = state, self._game
        loop = running_loop()
        if loop is None:
            self.review.show(review_lines(game, seats))
            return
        self.review.waiting()
        self._review_task = loop.create_task(self._run_review(state, game, seats))

    async def _run_review(self, state: GameState, game: Game, seats: tuple[int, ...]) -> None:
        loop = asyncio.get_running_loop()
        reviews = await loop.run_in_executor(None, review_lines, game, seats)
        if self._reviewed is state:  # not left (undo, a new game) meanwhile
            self.review.show(reviews)
            self._review_task = None

    def _clear_review(self) -> None:
        task, self._review_task, self._reviewed = self._review_task, None, None
        if task is not None:
            task.cancel()
        self.review.clear()

    def _stop_bots(self) -> None:
        self._bots.stop()


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
