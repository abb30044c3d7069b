"""A page at a shared table: the play app's seat among people at other screens.

``Together`` joins the table named in the page's address (``?table=maple-7``) through a
``shared.SharedTable`` connection and hands what the table says to the app's controller
(``controller.TableController.connect`` / ``receive`` / ``refused``): this seat's view, with
every other seat a ``seats.RemoteSeat``. Its own parts:

* ``panel``: before joining, the table and a name to take a seat with (or to watch); then who
  this page is at the table, its own link to come back from another device, and "Leave my seat
  to a bot"; the errors a table can give (no such table, a wrong class key) in one sentence;
* ``log``: the table's events, newest first, and between them the hints and the coach's
  remarks said on this page (``note``; the Log tab at a shared table: a move others have seen is
  not taken back, so there is no Undo);

and at the game's end the whole game (``ttr_widgets.tables`` gives its record once it is over)
goes to the app (``on_over``): every hand shown, the score, statistics and the review, the
stepper to replay it (this page's hints and remarks in its log where they were said:
``log_notes``) and the record to download.

Its words are the reader's language's (``rules.i18n``); ``relabel`` tells them again when the
page's language changes. The table's events and refusals are worded here too, from what they
are (``tables.telling``); a move's sentence is the table's, in the language the page joined in,
or last changed to (``relabel`` asks the table to tell its moves again).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as widgets

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.errors import PositionError, RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.record import from_record
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import map_title
from ttr_widgets.tables.client import TableClientError, api_get, status_words
from ttr_widgets.tables.telling import event_words, said
from ttr_widgets.widgets.table.seats import PersonSeat, RemoteSeat, Seat
from ttr_widgets.widgets.table.shared import SharedTable, tables_here
from ttr_widgets.widgets.table.stepper import LogNote, note_html

__all__ = ["Host", "Together", "seat_policies", "seat_who"]

#: why a shared table has no Undo (for the catalogue: shown in the reader's language)
NO_UNDO = N_("At a shared table a move the others have seen is not taken back: Undo is only "
             "for a table at one screen. Cancel closes a claim you have not paid yet.")


class Host(Protocol):
    """What ``Together`` asks of the page it sits on (the play app is one)."""

    def sit_at(self, remote: Together, state: GameState, seats: Sequence[Seat]) -> None: ...
    def receive(self, state: GameState, seats: Sequence[Seat] | None = None,
                told: str = "") -> None: ...
    def refused(self, error: TTRError) -> None: ...
    def table_over(self, game: Game, seats: Sequence[Seat]) -> None: ...
    def keep_key(self, table: str, key: str) -> None: ...
    def table_shown(self) -> None: ...


def seat_who(seat: dict[str, Any], index: int) -> str:
    """Whoever plays a seat now, in words: 'Ann', 'Strong bot 3', 'Ann (away: the table's
    bot plays for now)'."""
    name = seat["name"] or _("seat {n}").format(n=index + 1)
    if seat["away"]:
        return _("{name} (away: the table's bot plays for now)").format(name=name)
    return name


def seat_policies(info: dict[str, Any], mine: int | None) -> tuple[Seat, ...]:
    """The table's seats as this page's policies: its own seat a person here, the others
    played elsewhere."""
    return tuple(PersonSeat() if i == mine else RemoteSeat(seat["bot"] or "human",
                                                           seat_who(seat, i))
                 for i, seat in enumerate(info["seats"]))


class Together:
    """This page's place at one shared table (see the module docstring)."""

    def __init__(self, host: Host, *, connect: Callable[..., SharedTable] = SharedTable
                 ) -> None:
        self.host = host
        self._connect = connect
        self.table: SharedTable | None = None
        self.name = ""
        self._seen = 0  #: the last event told on the page
        #: the hints and the coach's remarks said here: (the last event before it, kind, text)
        self.notes: tuple[tuple[int, str, str], ...] = ()
        self._shown = False  #: the first view was shown (``host.sit_at``)
        self._received: GameState | None = None  #: the table's view the page shows
        self._over = False
        self._asking = False  #: watching until the person takes a seat (or chooses to watch)
        self._joining = ""  #: the name this page is taking a seat with
        #: what the panel says now, told again in the language of the moment (``relabel``)
        self._about: Callable[[], str] = str
        # The name is told on Enter (or when the box loses focus), not at each key.
        self.name_box = widgets.Text(continuous_update=False,
                                     layout=widgets.Layout(width="160px"))
        self.name_box.add_class("ttr-together-name")
        self.sit_button = widgets.Button(button_style="success", icon="sign-in",
                                         layout=widgets.Layout(width="auto"))
        self.sit_button.add_class("ttr-together-sit")
        self.watch_button = widgets.Button(icon="eye", layout=widgets.Layout(width="auto"))
        self.watch_button.add_class("ttr-together-watch")
        self.hand_button = widgets.Button(icon="android", layout=widgets.Layout(width="auto"))
        self.hand_button.add_class("ttr-together-hand")
        self.about = widgets.HTML()
        self.about.add_class("ttr-together-about")
        self.link_box = widgets.Text(layout=widgets.Layout(width="100%", display="none"))
        self.link_box.add_class("ttr-together-link")
        self.join_row = widgets.HBox([self.name_box, self.sit_button, self.watch_button])
        self.panel = widgets.VBox([self.about, self.join_row, self.link_box,
                                   self.hand_button], layout=widgets.Layout(display="none"))
        self.panel.add_class("ttr-together")
        self.log = widgets.HTML()
        self.log.add_class("ttr-together-log")
        self.sit_button.on_click(lambda _b: self.join(self.name_box.value))
        self.name_box.observe(self._name_told, "value")
        self.watch_button.on_click(lambda _b: self.watch())
        self.hand_button.on_click(lambda _b: self.hand_to_bot())
        self._label()

    def _label(self) -> None:
        """The panel's fixed words in the language now."""
        self.name_box.placeholder = _("your name")
        self.sit_button.description = _("Take a seat")
        self.watch_button.description = _("Just watch")
        self.hand_button.description = _("Leave my seat to a bot")
        self.hand_button.tooltip = _("The table's strong bot plays your seat to the end; you "
                                     "watch")
        self.link_box.description = _("Your link")
        self.link_box.tooltip = _("Open it on another device to play this seat there; keep it "
                                  "to yourself")

    def relabel(self) -> None:
        """Every word of the panel again in the language now (what it says of the table too,
        and its log); the table is asked to tell its moves again in it (they come back as its
        events and view, and the log is drawn again then)."""
        self._label()
        self.about.value = self._about()
        if self.table is not None:
            self.log.value = _log_html(self.table.events, self.notes)
            if not self._over:
                self.table.tell_again()

    def _name_told(self, change: dict[str, Any]) -> None:
        """The name box told its name (Enter, or leaving the box): take a seat with it."""
        if change["new"].strip() and self.join_row.layout.display != "none":
            self.join(change["new"])

    # -- what the page does

    @property
    def seat(self) -> int | None:
        return None if self.table is None else self.table.seat

    @property
    def active(self) -> bool:
        """Whether this page is at a shared table now (joined, watching, or joining)."""
        return bool(self.name) and not self._over

    def open(self, name: str, key: str | None = None, *, watch: bool = False) -> None:
        """The page's address names table ``name``: with a seat's key, take that seat back at
        once; else watch the table while asking for a name to take a seat with, or with
        ``watch`` (``&watch=1``: the teacher's room's links) only watch."""
        self.name = name
        self._joining = ""
        self.panel.layout.display = None
        self.link_box.layout.display = "none"
        self.hand_button.layout.display = "none"
        if key:
            self._start(key=key)
        else:
            self._asking = not watch
            self._start(watch=True)

    def join(self, player: str) -> None:
        """Take a free seat as ``player``."""
        if not player.strip():
            self._say(lambda: self._line(html.escape(_("Type your name first: the others see it "
                                                       "at the table.")), "warn"))
            return
        if player.strip() == self._joining and self.table is not None and \
                self.table.error is None:
            return  # taking a seat with it already (the box told it, then the button)
        self._asking = False
        self._joining = player.strip()
        self._start(player=player.strip())

    def watch(self) -> None:
        """Stay a watcher (no more asking for a name)."""
        self._asking = False
        self.join_row.layout.display = "none"
        if self.table is not None:
            self._show_table(self.table)

    def send(self, action: Action) -> None:
        """A move for this page's seat (the controller's ``Remote``)."""
        if self.table is not None:
            self.table.play(action)

    def hand_to_bot(self) -> None:
        if self.table is not None:
            self.table.hand_to_bot()

    def note(self, kind: str, text: str) -> None:
        """Keep a hint (``kind`` "hint") or a coach's remark ("coach") said on this page in the
        table's log, after the last event told (the same note again is kept once)."""
        note = (self._seen, kind, text)
        if self.notes[-1:] != (note,):
            self.notes = (*self.notes, note)
        if self.table is not None:
            self.log.value = _log_html(self.table.events, self.notes)

    def log_notes(self, game: Game) -> tuple[LogNote, ...]:
        """This page's notes for the stepper's log of the table's whole ``game``: each after
        as many moves as the table had told when it was said (one "move" event a move)."""
        events = () if self.table is None else self.table.events
        notes = []
        for seq, kind, text in self.notes:
            at = sum(e["kind"] == "move" for e in events if e["seq"] <= seq)
            if at < len(game.states):
                notes.append(LogNote(at, game.states[at], kind, text))
        return tuple(notes)

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None

    # -- the table's messages

    def _start(self, *, key: str | None = None, player: str | None = None,
               watch: bool = False) -> None:
        self.close()
        self._seen, self._shown, self._received = 0, False, None
        self.notes = ()
        try:
            self.table = self._connect(self.name, key=key, player=player, watch=watch,
                                       on_change=self._changed)
            self.table.start()
        except TableClientError as exc:
            self._say_error(str(exc))
            return
        self.join_row.layout.display = "none"
        self._say(lambda: self._line(html.escape(_("Opening table {name}…")).format(
            name=f"<b>{html.escape(self.name)}</b>")))

    def _changed(self) -> None:
        table = self.table
        if table is None:
            return
        if table.error is not None:
            if table.key and table.error_say == "no-seat-key":  # a stale key: sit anew
                self.open(self.name)
                return
            self._say_error(table.error)
            return
        view = table.view
        if table.refusal is not None:
            refusal, table.refusal = table.refusal, None
            rule = refusal.get("rule") or ""
            self.host.refused(RulesError(rule, said(refusal)) if rule
                              else TTRError(said(refusal)))
            if view is self._received:  # nothing new to show: the refusal stays in view
                return
        if view is None or self._over:
            return
        if table.key and table.seat is not None:
            self.host.keep_key(self.name, table.key)
        if view.is_over and self._finish(table):
            return
        seats = seat_policies(table.info, table.seat)
        if not self._shown:
            self._shown = True
            self._seen = table.seq
            self.host.sit_at(self, view, seats)
        else:
            told = " ".join(event_words(e) for e in table.events if e["seq"] > self._seen)
            self._seen = table.seq
            self.host.receive(view, seats, told)
        self._received = view
        self._show_table(table)

    def _show_table(self, table: SharedTable) -> None:
        info = table.info
        seat = table.seat
        self.log.value = _log_html(table.events, self.notes)
        if self._asking:
            self._ask(info)
            return
        self._say(lambda: self._table_words(table))
        over = table.view is not None and table.view.is_over
        mine = seat is not None and info["seats"][seat]["bot"] is None and not over
        self.hand_button.layout.display = None if mine else "none"
        if table.personal_link and seat is not None:
            self.link_box.value = table.personal_link
            self.link_box.layout.display = None

    def _table_words(self, table: SharedTable) -> str:
        """Which table this is, who this page is at it, whether it waits for players."""
        info, seat = table.info, table.seat
        if seat is None:
            full = all(s["name"] for s in info["seats"])
            where = html.escape(_("You are watching this table: every seat is taken.") if full
                                else _("You are watching this table."))
        else:
            where = html.escape(_("You are {name}, seat {seat}.")).format(
                name=f"<b>{html.escape(info['seats'][seat]['name'] or '')}</b>", seat=seat + 1)
        if not table.started:
            where += " " + html.escape(_("The game starts when every seat is taken "
                                         "({status}).").format(
                status=status_words(info["status"])))
        return self._line(f"{self._table_title(info)} · {where}<br><span style='color:#555'>"
                          f"{html.escape(_(NO_UNDO))}</span>")

    def _table_title(self, info: dict[str, Any]) -> str:
        """'Table maple-7 · USA (teams)', the table's name in bold (HTML)."""
        name = html.escape(_("Table {name}")).format(name=f"<b>{html.escape(self.name)}</b>")
        teams = _(" (teams)") if info["teams"] else ""
        return f"{name} · {html.escape(map_title(info['map']) + teams)}"

    def _finish(self, table: SharedTable) -> bool:
        """The game is over: the whole game from its record, to the app (False when the
        record cannot be had: the last view is shown instead)."""
        try:
            local, _page, class_key = tables_here()
            record = api_get(local, f"/{self.name}/record", class_key or None)
            game = from_record(record)
        except (TableClientError, PositionError):
            return False
        self._over = True
        self.log.value = _log_html(table.events, self.notes)
        self.host.table_over(game, seat_policies(table.info, table.seat))
        self.host.table_shown()  # a table first opened after its end has no view shown before
        info = {"map": game.state.board.name, "teams": bool(game.state.teams)}
        self._say(lambda: self._line(
            f"{self._table_title(info)} · " + html.escape(_(
                "the game is over. It is here whole now: replay it from your seat in the Log "
                "tab, or download its record in the Game tab."))))
        self.hand_button.layout.display = self.link_box.layout.display = "none"
        table.close()
        return True

    def _ask(self, info: dict[str, Any]) -> None:
        open_seats = sum(s["name"] is None for s in info["seats"])
        can_sit = open_seats > 0

        def words() -> str:
            seats = ", ".join(html.escape(s["name"]) if s["name"]
                              else f"<i>{html.escape(_('open'))}</i>" for s in info["seats"])
            if not can_sit:
                then = _("Every seat is taken: you can watch.")
            elif open_seats == 1:
                then = _("Type your name to take the open seat, or just watch.")
            else:
                then = _("Type your name to take one of the {n} open seats, or just "
                         "watch.").format(n=open_seats)
            return self._line(f"{self._table_title(info)} · "
                              + html.escape(_("seats: {seats}.")).format(seats=seats)
                              + f" {html.escape(then)}")

        self._say(words)
        self.sit_button.disabled = self.name_box.disabled = not can_sit
        self.join_row.layout.display = None

    def _say_error(self, text: str) -> None:
        """Why the table cannot be reached or joined (a sentence the catalogue knows in the
        reader's language, such as ``shared.NOT_SERVED``; else as the table said it)."""
        self._say(lambda: self._line(html.escape(_(text) if text else text), "error"))
        self.join_row.layout.display = "none"
        self.host.table_shown()

    def _say(self, words: Callable[[], str]) -> None:
        """Show what ``words()`` says in the panel (said again by ``relabel``)."""
        self._about = words
        self.about.value = words()

    @staticmethod
    def _line(text: str, kind: str = "info") -> str:
        colour = {"info": "#1d3557", "warn": "#7a4b00", "error": "#8a1c12"}[kind]
        return f"<div class='ttr-together-{kind}' style='font-size:13px;color:{colour}'>" \
               f"{text}</div>"


def _log_html(events: Sequence[dict[str, Any]],
              notes: Sequence[tuple[int, str, str]] = ()) -> str:
    """The table's last 200 events, newest first and numbered, each with the notes said on
    this page after it above it (a note is no numbered entry: ``display:block``)."""
    shown = events[-200:]
    rows: list[str] = []
    waiting = list(notes)
    for event in shown:  # in the order of the table, reversed below
        rows += [_note_li(note) for note in waiting if note[0] < event["seq"]]
        waiting = [note for note in waiting if note[0] >= event["seq"]]
        rows.append(f"<li>{html.escape(event_words(event))}</li>")
    rows += [_note_li(note) for note in waiting]
    return (f"<ol reversed start='{len(shown)}' class='ttr-together-events' "
            f"style='font-size:13px'>{''.join(reversed(rows))}</ol>")


def _note_li(note: tuple[int, str, str]) -> str:
    seq, kind, text = note
    return note_html(kind, text, tag="li", data=f' data-seq="{seq}"', style="display:block")
