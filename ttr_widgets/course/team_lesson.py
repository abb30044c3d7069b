"""The team lesson's try-it board: a team table and a list of tasks the widget checks.

``TeamTryIt.of(team_practice(), TEAM_TASKS)`` shows the practice position on a ``TeamTable``
(the learner and three greedy team bots) with the tasks beside it; each task is ticked when the
learner's move does it (``task.done_by``) or, for a refusal task, when its rule refuses a move.
The lesson's position and tasks are course content (``course.team_practice``); any task shaped
like ``Task`` will do. *Reset* puts the position back.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

import ipywidgets as widgets

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.style import APP_CSS
from ttr_widgets.widgets.table.team_table import TeamTable

__all__ = ["Task", "TeamTryIt"]


class Task(Protocol):
    """One thing a team try-it asks: a refusal task is done when its ``rule`` refuses a move,
    any other when ``done_by`` says a move does it."""

    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def refusal(self) -> bool: ...
    def done_by(self, before: GameState, action: Action) -> bool: ...


class TeamTryIt(widgets.VBox):
    """A team position to play, with tasks checked by the widget (``done``: their names)."""

    def __init__(self, game: GameState, tasks: Sequence[Task], *,
                 kinds: Sequence[str] = ("human", "greedy", "greedy", "greedy"),
                 bot_delay: float = 0.4) -> None:
        self.start_game = game
        self.tasks = tuple(tasks)
        self.kinds = tuple(kinds)
        self.bot_delay = bot_delay
        self.done: set[str] = set()
        self.checklist = widgets.HTML()
        self.checklist.add_class("ttr-team-tasks")
        self.reset_button = widgets.Button(description="Reset", icon="undo",
                                           layout=widgets.Layout(width="90px"))
        self.reset_button.add_class("ttr-team-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.table = self._table()
        css = widgets.HTML(f"<style>{APP_CSS}</style>", layout=widgets.Layout(display="none"))
        super().__init__([css, widgets.HBox([self.checklist, self.reset_button]), self.table])
        self.add_class("ttr-team-try-it")
        self._show_tasks()

    @classmethod
    def of(cls, game: GameState, tasks: Sequence[Task], *,
           bot_delay: float = 0.4) -> TeamTryIt:
        """The lesson's try-it: ``game`` for a learner (seat 1) and three greedy team bots."""
        return cls(game, tasks, bot_delay=bot_delay)

    def _table(self) -> TeamTable:
        game = self.start_game
        table = TeamTable(game.board, [p.name for p in game.players], self.kinds,
                          game.seed, bot_delay=self.bot_delay, game=game)
        table.leave.layout.display = "none"
        table.on_move.append(self._moved)
        table.on_refusal.append(self._refused)
        return table

    def reset(self) -> None:
        """The practice position again (the tasks already done stay ticked)."""
        self.table.stop()
        self.table = self._table()
        self.children = (*self.children[:2], self.table)

    def _moved(self, before: GameState, action: Action, _after: GameState) -> None:
        for task in self.tasks:
            if not task.refusal and task.done_by(before, action):
                self.done.add(task.name)
        self._show_tasks()

    def _refused(self, error: RulesError) -> None:
        for task in self.tasks:
            if task.refusal and error.rule == task.rule:
                self.done.add(task.name)
        self._show_tasks()

    def _show_tasks(self) -> None:
        items = []
        for task in self.tasks:
            mark = "✔" if task.name in self.done else "○"
            items.append(f'<li data-task="{task.name}" data-done="{int(task.name in self.done)}"'
                         f' style="list-style:none">{mark} {html.escape(task.text)}</li>')
        left = len(self.tasks) - len(self.done)
        footer = ("All done: you drew into the holder, shared and claimed with your team's "
                  "cards." if left == 0 else f"{left} of {len(self.tasks)} to do.")
        self.checklist.value = (f'<div style="font-size:13px"><b>Try it</b><ul style='
                                f'"padding-left:4px;margin:4px 0">{"".join(items)}</ul>'
                                f'<i>{footer}</i></div>')
