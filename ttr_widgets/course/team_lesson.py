"""The team lesson's try-it: the practice position on the lesson board, and a list of tasks
ticked from the moves the learner plays.

``TeamTryIt.of(team_practice(), TEAM_TASKS)`` shows the practice position on a ``LessonBoard``
(the play table in lesson mode, so every click is answered as the app answers it) with the
learner at the first seat and team bots at the others, and the tasks at the top of its side
panel. The lesson's bots (``LessonBot``) play as the app's do with two courtesies that keep
every task possible whatever they play: the learner's teammate leaves the team holder's cards
to the learner, and no bot claims the routes a task needs (``Task.routes``). After each move
tried the try-it reads the game's history: each move the learner played
(``before``, ``action``) ticks the tasks it does (``task.done_by``); a refusal task is ticked
when its rule refuses a move. The lesson's position and tasks are course content
(``course.team_practice``); any task shaped like ``Task`` will do. *Reset* puts the position
back (the ticks stay).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, Protocol

import ipywidgets as widgets

from ttr_widgets.bots.choice import Choice
from ttr_widgets.course.lesson_board import LessonBoard
from ttr_widgets.rules import i18n
from ttr_widgets.rules.actions import Action, ClaimRoute, DrawBlind, PayTunnel
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.teams import teammate
from ttr_widgets.widgets.table.address import PageAddress
from ttr_widgets.widgets.table.seats import BotSeat, LearnerSeat, Seat, TableView

__all__ = ["LessonBot", "Task", "TeamTryIt"]


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
    @property
    def routes(self) -> tuple[str, ...]: ...
    def done_by(self, before: GameState, action: Action) -> bool: ...


class LessonBot(BotSeat):
    """A bot of ``level`` at a team lesson: it plays the bot's move unless that move spends the
    team holder's cards (when ``spare_holder``: the learner's teammate) or claims one of
    ``spare`` (the routes the tasks need); it then plays the nearest move that does neither
    (the same claim paid from its own hand, else a blind draw, else the first such legal move)."""

    def __init__(self, level: str, *, spare_holder: bool = False,
                 spare: Sequence[str] = ()) -> None:
        super().__init__(level)
        self.spare_holder, self.spare = spare_holder, frozenset(spare)

    def choose(self, table: TableView) -> Choice:
        choice = super().choose(table)
        if self._allowed(choice.action):
            return choice
        state = table.state
        legal = [a for a in legal_actions(state) if self._allowed(a)]
        action = choice.action
        own = (ClaimRoute(action.route, action.color, action.locomotives)
               if isinstance(action, ClaimRoute) else None)
        name = state.player.name
        if own is not None and own in legal:
            return Choice(own, f"claims it with {name}'s own cards: this lesson's teammate "
                               "leaves the team holder's cards to you")
        move = DrawBlind() if DrawBlind() in legal else legal[0] if legal else action
        return Choice(move, "leaves the team holder's cards and the lesson's route to you")

    def _allowed(self, action: Action) -> bool:
        if isinstance(action, ClaimRoute) and action.route in self.spare:
            return False
        holder = isinstance(action, ClaimRoute | PayTunnel) and \
            action.holder_cards + action.holder_locomotives > 0
        return not (self.spare_holder and holder)

    def __repr__(self) -> str:
        return (f"LessonBot({self.level!r}, spare_holder={self.spare_holder}, "
                f"spare={sorted(self.spare)})")


class TeamTryIt:
    """A team position to play on the lesson board (``table``), with tasks checked from the
    moves played (``done``: their names). ``kinds``: who sits at each seat, ``"human"`` the
    learner, any other kind that bot (default: the learner and three greedy bots), a
    ``LessonBot`` leaving the tasks' routes open (the learner's teammate the holder too)."""

    def __init__(self, game: GameState, tasks: Sequence[Task], *,
                 kinds: Sequence[str] = ("human", "greedy", "greedy", "greedy"),
                 bot_delay: float = 0.4) -> None:
        self.start_game = game
        self.tasks = tuple(tasks)
        self.kinds = tuple(kinds)
        self.spare = tuple(route for task in self.tasks for route in task.routes)
        self.done: set[str] = set()
        self._checked = 0  #: the steps of the history already read
        self.checklist = widgets.HTML()
        self.checklist.add_class("ttr-team-tasks")
        self.reset_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto",
                                                                           min_width="90px"))
        self.reset_button.add_class("ttr-team-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.table = LessonBoard(game, instructions=self.checklist,
                                 controls=(self.reset_button,), seats=self._seats(),
                                 bot_delay=bot_delay)
        self.table.on_answer(self._answered)
        self.address = PageAddress("lesson")  # the page's language, once the browser tells it
        self.table.children = (*self.table.children, self.address)
        self.widget = self.table
        self._show_tasks()
        i18n.on_change(self._language_changed)

    def relabel(self) -> None:
        """Every word of the try-it again in the language now: the tasks, Reset, the table."""
        self._show_tasks()
        self.table.relabel()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    @classmethod
    def of(cls, game: GameState, tasks: Sequence[Task], *,
           bot_delay: float = 0.4) -> TeamTryIt:
        """The lesson's try-it: ``game`` for a learner (seat 1) and three greedy team bots."""
        return cls(game, tasks, bot_delay=bot_delay)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<TeamTryIt: {', '.join(t.name for t in self.tasks)}>"

    def _seats(self) -> tuple[Seat, ...]:
        learners = {i for i, kind in enumerate(self.kinds) if kind == "human"}
        return tuple(LearnerSeat() if kind == "human" else
                     LessonBot(kind, spare_holder=teammate(i) in learners, spare=self.spare)
                     for i, kind in enumerate(self.kinds))

    def reset(self) -> None:
        """The practice position again (the tasks already done stay ticked)."""
        self.table.reset(self.start_game)
        self._checked = 0

    def _answered(self, _action: Action, refusal: RulesError | None) -> None:
        """A move tried: the learner's moves since the last look tick their tasks; a refusal
        ticks the refusal tasks of its rule."""
        if refusal is not None:
            self.done |= {t.name for t in self.tasks if t.refusal and t.rule == refusal.rule}
        game, seats = self.table.game, self.table.seating
        for step in range(self._checked, game.cursor):
            before, action = game.states[step], game.actions[step]
            if seats[before.current].here:  # the learner's own move, not a bot's
                self.done |= {t.name for t in self.tasks
                              if not t.refusal and t.done_by(before, action)}
        self._checked = max(self._checked, game.cursor)
        self._show_tasks()

    def _show_tasks(self) -> None:
        """The checklist (each task in the language now, ticked once done) and Reset."""
        self.reset_button.description = _("Reset")
        items = []
        for task in self.tasks:
            mark = "✔" if task.name in self.done else "○"
            text = html.escape(_(task.text))
            items.append(f'<li data-task="{task.name}" data-done="{int(task.name in self.done)}"'
                         f' style="list-style:none">{mark} {text}</li>')
        left, n = len(self.tasks) - len(self.done), len(self.tasks)
        footer = html.escape(
            _("All done: you drew into the holder, shared and claimed with your team's cards.")
            if left == 0 else _("{left} of {n} to do.").format(left=left, n=n))
        title = html.escape(_("Try it"))
        self.checklist.value = (f'<div style="font-size:13px"><b>{title}</b><ul style='
                                f'"padding-left:4px;margin:4px 0">{"".join(items)}</ul>'
                                f'<i>{footer}</i></div>')
