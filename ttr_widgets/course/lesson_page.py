"""The course's widgets: a "try it" board and exercises the widget checks, not the eye.

``TryIt`` shows a lesson's positions on the play table itself (``lesson_board.LessonBoard``:
the app's board, market, hand, tickets, claim and tunnel panels, in lesson mode), with the
instructions on top of the side panel and Reset / Show me at its foot. Every move goes to the
rules core: the status line says what happened, or why the rules refuse it — the same sentence
the play app gives — and a "why?" opens the rule.

``Quiz`` asks a question and can show its position on a TryIt's board (bringing the board into
view). ``ScoreExercise``, ``WhichTicketFails`` and ``PlanTryIt`` (``lesson_exercises``) check
the learner's answers against the core. No widget here decides a rule.

Every word is told in the page's language (``rules.i18n``): a position's title and prompt and
a quiz's question, answers and explanation are written in English (``N_`` in the course's
tables) and looked up when shown. Each TryIt and Quiz carries the page's address
(``table.address.PageAddress``): the language arrives from it after the widgets are built
(``?lang=fr``, else the browser's), and each widget then tells its words again (``relabel``).

    try_it = TryIt.of(lessons.drawing())
    try_it          # in a notebook
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import ipywidgets as w

from ttr_widgets.course.exercises import NO, OK, PlanTryIt, ScoreExercise, WhichTicketFails, button
from ttr_widgets.course.lesson_board import LessonBoard
from ttr_widgets.course.practice import prompt_text
from ttr_widgets.course.progress import LessonProgress, page_progress
from ttr_widgets.rules import i18n
from ttr_widgets.rules.actions import Action, BuildStation, ClaimRoute
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.table.address import PageAddress
from ttr_widgets.widgets.table.status import why_html
from ttr_widgets.widgets.table.teams import table_colors

__all__ = ["Outcome", "PlanTryIt", "Practice", "Quiz", "ScoreExercise", "TryIt",
           "WhichTicketFails"]

#: How a position's demo ends: its last move refused by the position's rule, or accepted.
Outcome = Literal["refused", "accepted"]


class Practice(Protocol):
    """What a "try it" position hands the board: the course's positions
    (``ttr_widgets.course``) have these; the widgets never import the course."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def state(self) -> GameState: ...
    @property
    def prompt(self) -> str: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def demo(self) -> tuple[Action, ...]: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def highlight(self) -> tuple[str, ...]: ...


def _esc(text: object) -> str:
    return html.escape(str(text))


@dataclass(frozen=True, slots=True)
class _Step:
    """A position the TryIt can show, and what counts as doing what it asks."""

    name: str
    title: str
    state: GameState
    prompt: str
    rule: str | None
    demo: tuple[Action, ...]
    outcome: Outcome
    highlight: tuple[str, ...]
    fields: Callable[[], Mapping[str, str]] | None = None  #: a template prompt's, told live

    @classmethod
    def of(cls, practice: Practice) -> _Step:
        return cls(practice.name, practice.title, practice.state, practice.prompt, practice.rule,
                   practice.demo, practice.outcome, practice.highlight,
                   getattr(practice, "fields", None))


class TryIt:
    """A position to play with on the play table, its instructions beside the board.

    ``TryIt(state, prompt=..., expect=...)`` shows one position; ``expect`` is a rule id the
    learner should run into (a refusal), or an action whose kind the learner should make. Use
    ``TryIt.of(practices)`` for a lesson's named positions, with a picker between them.

    ``attempt(action)`` is what every button does; ``reset()`` restores the position;
    ``show_me()`` plays the position's demo. ``widget`` (the ``table``) is what displays.
    """

    def __init__(self, state: GameState, *, prompt: str, expect: str | Action | None = None,
                 highlight: Iterable[str] = (), title: str = "Try it") -> None:
        if isinstance(expect, str) and expect not in RULES:
            raise ValueError(f"expect: unknown rule id {expect!r}")
        if isinstance(expect, str) or expect is None:
            step = _Step("position", title, state, prompt, expect, (), "refused",
                         tuple(highlight))
        else:
            step = _Step("position", title, state, prompt, None, (expect,), "accepted",
                         tuple(highlight))
        self._build((step,))

    @classmethod
    def of(cls, practices: Sequence[Practice]) -> TryIt:
        """A TryIt over a lesson's practices (all on one board), starting with the first."""
        steps = tuple(_Step.of(p) for p in practices)
        if not steps:
            raise ValueError("practices: expected at least one")
        boards = {s.state.board.name for s in steps}
        if len(boards) > 1:
            raise ValueError(f"practices: one board per TryIt, got {', '.join(sorted(boards))}")
        try_it = cls.__new__(cls)
        try_it._build(steps)
        return try_it

    def _build(self, steps: tuple[_Step, ...]) -> None:
        self.steps = steps
        self.step = steps[0]
        self.goal_met = False
        self._relabelling = False
        self.picker = w.Dropdown(options=self._positions(), value=0,
                                 layout=w.Layout(width="98%"))
        self.picker.style.description_width = "60px"
        self.picker.observe(self._picked, names="value")
        self.prompt = w.HTML()
        self.prompt.add_class("ttr-lesson-text")
        self.goal = w.HTML()
        self.goal.add_class("ttr-goal")
        self.reset_button = button("", self.reset, icon="undo")
        self.show_me_button = button("", self.show_me, icon="play")
        top = [self.picker] if len(steps) > 1 else []
        names = tuple(p.name for p in self.step.state.players)  # the key: who plays here
        self.table = LessonBoard(
            self.step.state, instructions=w.VBox([*top, self.prompt]),
            controls=(w.HBox([self.reset_button, self.show_me_button]), self.goal),
            names=names, highlight=self.step.highlight)
        self.table.on_answer(self._answered)
        self.address = PageAddress("lesson")  # the page's language, once the browser tells it
        self.table.children = (*self.table.children, self.address)
        self.widget = self.table
        self._label()
        self._show_prompt()
        i18n.on_change(self._language_changed)

    def _positions(self) -> list[tuple[str, int]]:
        """The picker's choices: each position's title, numbered, in the language now."""
        return [(f"{i + 1}. {_(s.title)}", i) for i, s in enumerate(self.steps)]

    def _picked(self, change: dict[str, Any]) -> None:
        if not self._relabelling:
            self.select(self.steps[change["new"]].name)

    def _label(self) -> None:
        """The TryIt's own fixed words in the language now."""
        self.picker.description = _("Position")
        self.reset_button.description = _("Reset")
        self.show_me_button.description = _("Show me")

    def relabel(self) -> None:
        """Every word of the TryIt again in the language now: the picker's titles (the
        position shown stays), the prompt, the buttons, the goal met and the table."""
        self._relabelling = True
        try:
            index = self.picker.value
            self.picker.options = self._positions()
            self.picker.value = index
        finally:
            self._relabelling = False
        self._label()
        self._show_prompt()
        if self.goal_met:
            self._meet_goal()
        self.table.relabel()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<TryIt {self.table.state.board.name}: {', '.join(s.name for s in self.steps)}>"

    # -- the table's parts, by the names the lessons' tests use -----------------------------------

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def history(self) -> list[Action]:
        """The moves played since the last reset."""
        return list(self.table.moves)

    @property
    def view(self) -> Any:
        """The board (``MapView``)."""
        return self.table.map_view

    @property
    def result(self) -> w.HTML:
        """The status line: what a move did, or the rule that refuses it."""
        return self.table.status

    @property
    def route(self) -> str | None:
        return self.table.selected

    @property
    def city(self) -> str | None:
        return self.table.selected_city

    @property
    def face_up_buttons(self) -> tuple[w.Button, ...]:
        return tuple(self.table.market.cards)

    @property
    def blind_button(self) -> w.Button:
        return self.table.market.blind

    @property
    def tickets_button(self) -> w.Button:
        return self.table.market.draw_tickets

    @property
    def pass_button(self) -> w.Button:
        return self.table.market.pass_button

    @property
    def payment_buttons(self) -> tuple[w.Widget, ...]:
        """The claim (or station) panel's payment buttons for the colour picked."""
        return tuple(self.table.claim.options.children)

    # -- the moves ------------------------------------------------------------------------------

    def attempt(self, action: Action) -> bool:
        """Try a move for the player to move: True if the core accepted it."""
        return self.table.play(action)

    def click_route(self, route_id: str) -> None:
        """Select a route (what a click on its train spaces does)."""
        self.table.select_route(route_id)

    def click_city(self, city: str) -> None:
        """Select a city (what a click on it does): stations and Depots are built there."""
        self.table.select_city(city)

    def select(self, name: str) -> None:
        """Show the named position (as the picker does), from its start."""
        for index, step in enumerate(self.steps):
            if step.name == name:
                self.step = step
                if self.picker.value != index:
                    self.picker.value = index  # the picker calls back here, and resets
                else:
                    self.reset()
                return
        raise KeyError(f"no position {name!r}; positions are "
                       f"{', '.join(s.name for s in self.steps)}")

    def reset(self) -> None:
        """Back to the start of the position shown."""
        self.goal_met = False
        self.goal.value = ""
        self.table.highlight = self.step.highlight
        self._show_prompt()
        state = self.step.state
        names = tuple(p.name for p in state.players)
        view = self.table.map_view
        if view.player_names != names:  # the board's key names only this position's players
            view.set_board(view.board, player_colors=table_colors(state), player_names=names)
        self.table.reset(state)

    def show_me(self) -> None:
        """Play the position's demo from the start, move by move, as the clicks would."""
        self.reset()
        table = self.table
        for action in self.step.demo:
            if not table.active:
                table.take_turn()  # the demo moves for every player it needs
            if isinstance(action, ClaimRoute):
                table.select_route(action.route)
            elif isinstance(action, BuildStation):
                table.select_city(action.city)
            if not table.play(action):
                break

    def scroll_into_view(self) -> None:
        """Bring the board into view in the browser (a quiz's "Try it on the board")."""
        self.table.scroll_into_view()

    # -- internals -------------------------------------------------------------------------------

    def _answered(self, action: Action, refusal: RulesError | None) -> None:
        step = self.step
        if refusal is not None:
            if step.outcome == "refused" and refusal.rule == step.rule:
                self._meet_goal()
            return
        demo = step.demo
        if step.outcome == "accepted" and demo and len(self.table.moves) >= len(demo) and \
                type(action) is type(demo[-1]):
            self._meet_goal()

    def _meet_goal(self) -> None:
        self.goal_met = True
        rule = self.step.rule
        done, at_work = _esc(_("Done.")), _esc(_("That is the rule at work."))
        said = f" {at_work} {why_html(rule)}" if rule else ""
        self.goal.value = (f'<div style="font-size:13px;position:relative;display:flex;gap:6px">'
                           f'<b>{OK} {done}</b>{said}</div>')

    def _show_prompt(self) -> None:
        step = self.step
        title, prompt = _(step.title), prompt_text(step.prompt, step.fields)
        self.prompt.value = f"<h4>{_esc(title)}</h4><p>{_esc(prompt)}</p>"


class Quiz:
    """A multiple-choice question, checked by the widget; the explanation shows after Check,
    with a "why?" for each of ``rules`` (rule ids) that opens the rule.

    With ``try_it`` and ``practice``, a button shows that position on the TryIt's board and
    brings the board into view.

    The question, the options, the answer and the explanation are written in English and told
    in the page's language (``_``: the course's tables mark them with ``N_``); the English
    question names the quiz for the progress reports, whatever the language.

    Each answer checked goes to the page's ``progress`` (``course.progress``: under ``ttr
    serve`` the teacher's room hears of it; the first quiz of a page asks the student's name
    when the browser does not know it)."""

    def __init__(self, question: str, options: Sequence[str], answer: str, explanation: str,
                 *, try_it: TryIt | None = None, practice: str | None = None,
                 rules: Sequence[str] = (), progress: LessonProgress | None = None) -> None:
        if answer not in options:
            raise ValueError(f"answer: {answer!r} is not one of the options")
        unknown = [rule for rule in rules if rule not in RULES]
        if unknown:
            raise ValueError(f"rules: unknown rule ids {unknown}")
        if (try_it is None) != (practice is None):
            raise ValueError("try_it and practice go together")
        if try_it is not None and practice not in {s.name for s in try_it.steps}:
            raise ValueError(f"practice: the TryIt has no position {practice!r}")
        self.question, self.answer, self.explanation = question, answer, explanation
        self.rules = tuple(rules)
        self.try_it, self.practice = try_it, practice
        self.options = tuple(options)
        self.choices = w.RadioButtons(options=self._choices(), value=None,
                                      layout=w.Layout(width="auto"))
        self.check_button = button("", self.check)
        self.feedback = w.HTML()
        self._checked: bool | None = None  #: the last check: right, wrong, or nothing chosen
        buttons = [self.check_button]
        self.try_button: w.Button | None = None
        if try_it is not None:
            self.try_button = button("", self.show_position)
            self.try_button.add_class("ttr-quiz-try")
            buttons.append(self.try_button)
        self.progress = page_progress() if progress is None else progress
        self.asked = w.HTML()
        self.address = PageAddress("lesson")  # the page's language, once the browser tells it
        self.widget = w.VBox([*self.progress.add(question), self.asked, self.choices,
                              w.HBox(buttons), self.feedback, self.address])
        self.widget.add_class("ttr-quiz")
        self._label()
        i18n.on_change(self._language_changed)

    def _choices(self) -> list[tuple[str, str]]:
        """The options as shown (in the language now), each standing for its English self."""
        return [(_(option), option) for option in self.options]

    def _label(self) -> None:
        """The quiz's words in the language now: the question and the buttons."""
        asked = _(self.question)
        self.asked.value = f"<b>{_esc(asked)}</b>"
        self.check_button.description = _("Check")
        if self.try_button is not None:
            self.try_button.description = _("Try it on the board")

    def relabel(self) -> None:
        """Every word of the quiz again in the language now (the choice made stays)."""
        chosen = self.choices.value
        self.choices.options = self._choices()
        self.choices.value = chosen
        self._label()
        if self.feedback.value:
            self._tell()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def check(self) -> bool | None:
        """True for the right answer (None: nothing chosen yet)."""
        if self.choices.value is None:
            self._checked = None
            self._tell()
            return None
        right = bool(self.choices.value == self.answer)
        self._checked = right
        self._tell()
        self.progress.answer(self.question, right)
        return right

    def _tell(self) -> None:
        """The feedback of the last check, in the language now."""
        if self._checked is None:
            self.feedback.value = _esc(_("Choose an answer first."))
            return
        said = (_("Right.") if self._checked else
                _("Not quite: {answer}.").format(answer=_(self.answer)))
        mark = f"<b>{OK if self._checked else NO} {_esc(said)}</b>"
        whys = "".join(why_html(rule) for rule in self.rules)
        explained = _esc(_(self.explanation))
        self.feedback.value = (f'<div style="position:relative;display:flex;flex-wrap:wrap;'
                               f'gap:6px"><span>{mark} {explained}</span>{whys}</div>')

    def show_position(self) -> None:
        """Switch the TryIt to this question's position and bring its board into view."""
        if self.try_it is not None and self.practice is not None:
            self.try_it.select(self.practice)
            self.try_it.scroll_into_view()
