"""A game with its history: every state and action, undo / redo / jump, like python-chess's
move stack but without mutation (states are immutable, so snapshots are free)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.state import GameState, Options


@dataclass(frozen=True, slots=True)
class LogEntry:
    step: int  #: index of the action (0 = first action after the deal)
    turn: int  #: turn number when the action was taken (turns completed before it)
    player: str
    action: Action
    event: str  #: what happened, in words


@dataclass(frozen=True, slots=True)
class Game:
    """States ``states[0..]`` joined by ``actions``; ``cursor`` is the state shown now.

    ``play`` after an ``undo`` drops the undone future, as an editor does."""

    states: tuple[GameState, ...]
    actions: tuple[Action, ...] = ()
    cursor: int = 0

    @classmethod
    def new(cls, board: Board, players: int | Sequence[str], seed: int = 0,
            options: Options | None = None) -> Game:
        return cls((new_game(board, players, seed, options),))

    @property
    def state(self) -> GameState:
        return self.states[self.cursor]

    @property
    def initial(self) -> GameState:
        return self.states[0]

    def play(self, action: Action) -> Game:
        """The game after ``action``; raises ``RulesError`` (this game unchanged) if illegal."""
        new = apply(self.state, action)
        return Game((*self.states[:self.cursor + 1], new),
                    (*self.actions[:self.cursor], action), self.cursor + 1)

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.actions)

    def undo(self, steps: int = 1) -> Game:
        return self.jump(max(0, self.cursor - steps))

    def redo(self, steps: int = 1) -> Game:
        return self.jump(min(len(self.actions), self.cursor + steps))

    def jump(self, step: int) -> Game:
        """Show the state after ``step`` actions (0 = the deal); nothing is forgotten."""
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step {step} is outside 0..{len(self.actions)}")
        return Game(self.states, self.actions, step)

    def turn_starts(self) -> tuple[int, ...]:
        """Steps at which a player's turn begins (no decision pending, setup done)."""
        return tuple(i for i, s in enumerate(self.states)
                     if s.pending is None and not s.in_setup)

    def undo_turn(self) -> Game:
        """Back to the start of the latest turn begun before the cursor."""
        earlier = [i for i in self.turn_starts() if i < self.cursor]
        return self.jump(earlier[-1] if earlier else 0)

    def redo_turn(self) -> Game:
        later = [i for i in self.turn_starts() if i > self.cursor]
        return self.jump(later[0] if later else len(self.actions))

    def log(self) -> tuple[LogEntry, ...]:
        """What happened, action by action (the whole history, also beyond the cursor)."""
        return tuple(
            LogEntry(i, before.turn, before.player.name, action, after.last_event)
            for i, (before, action, after) in enumerate(
                zip(self.states, self.actions, self.states[1:], strict=False)))
