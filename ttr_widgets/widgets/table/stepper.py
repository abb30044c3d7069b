"""The turn stepper: undo / redo by the players' turns or step by step, jump to any turn, and a
readable log where each entry says what happened, with a "why?" that opens (a click or a
tap) the sentences of the rules that allowed it, and between the moves the hints asked for and the
coach's remarks (``LogNote``), whole, where they were said.

The stepper never changes a game itself: it works out the ``history.Game`` a button asks for
(``undo_turn``, ``jump`` ...) and hands it to ``on_navigate``; the app shows it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.advice import why_allowed
from ttr_widgets.rules.history import Game, LogEntry
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import is_you

__all__ = ["EMPTY_LOG", "LogNote", "Stepper", "decision_points", "empty_log_html",
           "log_entry_html", "note_html", "turn_label"]

Navigate = Callable[[Game], object]


def decision_points(game: Game, players: Sequence[int]) -> tuple[int, ...]:
    """Steps where one of ``players`` is about to start a turn (or choose setup tickets): where
    "Undo" and "Redo" stop, so a person takes back their own move and the bots' after it."""
    wanted = set(players)
    starts = set(game.turn_starts())
    return tuple(i for i, s in enumerate(game.states)
                 if s.current in wanted and not s.is_over and (i in starts or s.in_setup))


def turn_label(state: GameState) -> str:
    """``'Turn 12 · Ann'`` (``'Setup · Ann'`` while tickets are dealt; ``'Game over'``)."""
    if state.is_over:
        return _("Game over")
    if state.in_setup:
        return _("Setup · {name}").format(name=state.player.name)
    return _("Turn {n} · {name}").format(n=state.turn + 1, name=state.player.name)


class Stepper(widgets.VBox):
    """The review panel: ``⇤ turn`` / ``◀ step`` / ``step ▶`` / ``turn ⇥`` (``ttr-turn-back``,
    ``ttr-step-back``, ``ttr-step-forward``, ``ttr-turn-forward``), a turn picker
    (``ttr-jump``), the position (``ttr-position``) and the log (``ttr-log``, newest first).

    ``bar`` is the compact row for the top of the table: ``Undo`` (``ttr-undo``) and ``Redo``
    (``ttr-redo``) go back / forward to the start of a person's turn (``humans``), and
    ``Play on`` (``ttr-resume``) lets paused bots continue (shown while ``paused``)."""

    game = traitlets.Instance(Game, allow_none=True)
    humans = traitlets.Tuple()
    paused = traitlets.Bool(False)
    notes = traitlets.Tuple()  #: ``LogNote``s: the hints and the coach's remarks said so far

    def __init__(self, on_navigate: Navigate, on_resume: Callable[[], object]) -> None:
        self._on_navigate = on_navigate
        self._updating = False
        self._rows: dict[int, tuple[GameState, Action, str, str]] = {}
        self._words: dict[widgets.Button, tuple[str, str]] = {}  #: a button's English words

        def button(text: str, tip: str, css: str, go: Callable[[Game], Game],
                   width: str = "auto") -> widgets.Button:
            b = widgets.Button(layout=widgets.Layout(width=width, margin="1px"))
            self._words[b] = (text, tip)
            b.add_class(css)
            b.on_click(lambda _b: self._go(go))
            return b

        self.undo = button(N_("Undo"), N_("Back to the start of your previous turn"), "ttr-undo",
                           self.undo_game, "auto")
        self.undo.layout.min_width = "70px"
        self.undo.icon = "undo"
        self.redo = button(N_("Redo"), N_("Forward to the start of your next turn"), "ttr-redo",
                           self.redo_game, "auto")
        self.redo.layout.min_width = "70px"
        self.redo.icon = "repeat"
        self.resume = widgets.Button(icon="play", button_style="info",
                                     layout=widgets.Layout(width="auto", min_width="90px",
                                                           display="none"))
        self.resume.add_class("ttr-resume")
        self.resume.on_click(lambda _b: on_resume())
        self.bar = widgets.HBox([self.undo, self.redo, self.resume])
        self.bar.add_class("ttr-stepper-bar")

        self.turn_back = button(N_("⇤ turn"), N_("Back one turn"), "ttr-turn-back",
                                lambda g: g.undo_turn())
        self.step_back = button(N_("◀ step"), N_("Back one step"), "ttr-step-back",
                                lambda g: g.undo())
        self.step_forward = button(N_("step ▶"), N_("Forward one step"), "ttr-step-forward",
                                   lambda g: g.redo())
        self.turn_forward = button(N_("turn ⇥"), N_("Forward one turn"), "ttr-turn-forward",
                                   lambda g: g.redo_turn())
        self.jump = widgets.Dropdown(options=[(_("Deal"), 0)], value=0,
                                     layout=widgets.Layout(width="230px"))
        self.jump.add_class("ttr-jump")
        self.jump.observe(self._jumped, names="value")
        self.position = widgets.HTML()
        self.position.add_class("ttr-position")
        self.log_view = widgets.HTML(layout=widgets.Layout(
            max_height="300px", overflow="hidden auto", border="1px solid #ddd"))
        self.log_view.add_class("ttr-log")
        super().__init__([
            widgets.HBox([self.turn_back, self.step_back, self.step_forward, self.turn_forward]),
            widgets.HBox([self.jump, self.position], layout=widgets.Layout(align_items="center")),
            self.log_view,
        ])
        self.add_class("ttr-stepper")
        self._label()

    def _label(self) -> None:
        """The buttons' words in the language now (each button keeps its English words as
        the catalogue's keys)."""
        for b, (text, tip) in self._words.items():
            b.description, b.tooltip = _(text), _(tip)
        self.resume.description = _("Play on")
        self.resume.tooltip = _("Let the bots play from here")
        self.jump.description = _("Go to")

    def relabel(self) -> None:
        """The stepper's words again, in the language now (the log's rows told again)."""
        self._label()
        self._rows.clear()
        self._render()

    # -- where each button goes ------------------------------------------------------------

    def undo_game(self, game: Game) -> Game:
        """Back to the latest point before the cursor where a person is to play (all the way
        back to the deal if there is none); with no person at the table, one turn back."""
        if not self.humans:
            return game.undo_turn()
        earlier = [i for i in decision_points(game, self.humans) if i < game.cursor]
        return game.jump(earlier[-1] if earlier else 0)

    def redo_game(self, game: Game) -> Game:
        """Forward to the next point where a person is to play (or the end of the record)."""
        if not self.humans:
            return game.redo_turn()
        later = [i for i in decision_points(game, self.humans) if i > game.cursor]
        return game.jump(later[0] if later else len(game.actions))

    def _go(self, go: Callable[[Game], Game]) -> None:
        if self.game is not None:
            self._on_navigate(go(self.game))

    def _jumped(self, change: dict[str, object]) -> None:
        step = change["new"]
        if self._updating or self.game is None or not isinstance(step, int):
            return
        if step != self.game.cursor:
            self._on_navigate(self.game.jump(step))

    # -- drawing ---------------------------------------------------------------------------

    @traitlets.observe("game", "paused", "notes")
    def _render(self, _change: object = None) -> None:
        game = self.game
        if game is None:
            return
        cursor, last = game.cursor, len(game.actions)
        self.undo.disabled = self.step_back.disabled = self.turn_back.disabled = cursor == 0
        self.redo.disabled = self.step_forward.disabled = self.turn_forward.disabled = \
            cursor == last
        self.resume.layout.display = None if self.paused else "none"
        starts = sorted({0, *game.turn_starts(), last})
        options = [(f"{'▶ ' if i == cursor else ''}{_option_label(game, i)}", i)
                   for i in starts]
        at = max(i for i in starts if i <= cursor)
        self._updating = True
        try:
            self.jump.options = options
            self.jump.value = at
        finally:
            self._updating = False
        where = _("step {step} of {last} · {turn}").format(
            step=f"<b>{cursor}</b>", last=last, turn=html.escape(turn_label(game.state)))
        self.position.value = f'<span style="font-size:12px">{where}</span>'
        self.log_view.value = self._log_html(game)

    def _log_html(self, game: Game) -> str:
        entries = game.log()
        notes: dict[int, list[LogNote]] = {}
        for note in self.notes:  # a note of another history (undone, then played otherwise)
            if note.of(game):  # a note of a history undone and played otherwise is gone
                notes.setdefault(note.at, []).append(note)
        rows = []
        for at in range(len(game.states)):  # in the order of the game, newest first below
            rows += [_note_html(n, n.at <= game.cursor) for n in notes.get(at, ())]
            if at < len(entries):
                e = entries[at]
                rows.append(self._row(game.states[e.step], e, e.step < game.cursor,
                                      e.step == game.cursor - 1))
        return "".join(reversed(rows)) or empty_log_html()

    def _row(self, before: GameState, entry: LogEntry, played: bool, latest: bool) -> str:
        cached = self._rows.get(entry.step)
        # A row is the move from ``before`` in its words: after Undo a different move from the
        # same state is another row (the undone one is gone from the game's record, so from the
        # log), and the same move told again in another language (the game played again from
        # the same first state) another row too.
        if cached is None or cached[0] is not before or cached[1] != entry.action or \
                cached[2] != entry.event:
            cached = (before, entry.action, entry.event, _entry_html(before, entry))
            self._rows[entry.step] = cached
        body = cached[3]
        style = "" if played else "color:#999;font-style:italic"
        if latest:
            style += ";background:#fff6d6"
        mark = "▶ " if latest else ""
        return log_entry_html(f"{mark}{body}", step=entry.step, style=style)


#: A game's log before the first move (the Log tab's, the team table's).
EMPTY_LOG = N_("Nothing played yet.")


def empty_log_html() -> str:
    """A game's log before the first move, in the language now."""
    return f'<div style="font-size:12px;color:#666;padding:4px">{html.escape(_(EMPTY_LOG))}</div>'


def log_entry_html(body: str, *, step: int | None = None, style: str = "") -> str:
    """One entry of a game's log (``ttr-log-entry``, ``body`` already HTML), as the Log tab and
    the team table's list show it."""
    data = "" if step is None else f' data-step="{step}"'
    return (f'<div class="ttr-log-entry"{data} style="font-size:12px;padding:2px 4px;'
            f'border-bottom:1px solid #eee;{style}">{body}</div>')


@dataclass(frozen=True, slots=True)
class LogNote:
    """A hint or a coach's remark for the log: said after ``at`` moves of the game, whose state
    then was ``state`` (a note of a history undone and played otherwise is not shown)."""

    at: int
    state: GameState
    kind: str  #: "hint" or "coach"
    text: str

    def of(self, game: Game) -> bool:
        """Whether the note was said in ``game``'s history (not in one undone since)."""
        return self.at < len(game.states) and game.states[self.at] is self.state


_NOTE_LOOKS = {"hint": ("☞", "#e8f1fb", "#16406e"),
               "coach": (N_("Coach:"), "#fff4dc", "#6b4a00")}


def _note_html(note: LogNote, said: bool) -> str:
    """A note in the stepper's log, said after ``note.at`` moves; one beyond the position shown
    (undone) greyed as the undone moves are."""
    return note_html(note.kind, note.text, said=said, data=f' data-at="{note.at}"')


def note_html(kind: str, text: str, *, said: bool = True, tag: str = "div",
              data: str = "", style: str = "") -> str:
    """A hint or a coach's remark in a game's log (``ttr-log-note``, ``ttr-log-hint`` /
    ``ttr-log-coach``), its whole text, as the stepper's log and a shared table's show it;
    ``said`` False: greyed (a note of an undone move); ``tag`` the element (``li`` in a list),
    ``data`` its attributes and ``style`` more of its style, already HTML."""
    title, background, ink = _NOTE_LOOKS.get(kind, (N_("Note:"), "#f4f1e8", "#303030"))
    title = html.escape(_(title)) if title != "☞" else title
    look = f"background:{background};color:{ink}" if said else "color:#999;font-style:italic"
    return (f'<{tag} class="ttr-log-note ttr-log-{html.escape(kind)}"{data} '
            f'style="font-size:12px;padding:2px 4px 2px 14px;border-bottom:1px solid #eee;'
            f'{look};{style}"><b>{title}</b> {html.escape(text)}</{tag}>')


def _option_label(game: Game, step: int) -> str:
    if step == 0:
        return _("Deal")
    return turn_label(game.states[step])


def _entry_html(before: GameState, entry: LogEntry) -> str:
    when = _("Setup") if before.in_setup else _("Turn {n}").format(n=entry.turn + 1)
    rules = why_allowed(before, entry.action)
    said = html.escape(_("why?"))
    why = (f' <details class="ttr-log-why" style="display:inline;color:#777;font-size:11px">'
           f'<summary style="display:inline;cursor:pointer;text-decoration:underline dotted">'
           f'<abbr title="{html.escape(rules)}" style="text-decoration:none">'
           f'{said}</abbr>'
           f'</summary> {html.escape(rules)}</details>' if rules else "")
    # the event names its player (a player called You is told in the second person: 'You
    # draw', 'Vous piochez'); any other event is said with whose move it was
    named = entry.event.startswith(entry.player) or is_you(entry.player)
    who = "" if named else f"{html.escape(entry.player)}: "
    return f"<b>{when}</b> · {who}{html.escape(entry.event)}{why}"
