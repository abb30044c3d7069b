"""Destination tickets: the visible player's tickets with their live status, and the choice of
which tickets to keep (at setup and after drawing), with a limit on long tickets under it when
the variant has one (``LongTicketRule``, Mega Europe).

A ticket is *completed* when the player's own routes join its cities (``advice.ticket_status``,
over ``graph.connected``) — in a team game the team's routes, as the team scores it
(``ticket_progress``); on a map with stations it is *joined through a station* when the player's
stations borrowing other players' routes would join them, and *blocked* only when no path is
left even through a station (the core says which: ``ticket_status``). Clicking it highlights its
path on the board: the path over the player's routes when completed, else the cheapest path
still open to them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import traitlets

from ttr_widgets.bots import strong_tickets
from ttr_widgets.rules.actions import Action, KeepTickets
from ttr_widgets.rules.advice import TicketStatus, long_tickets_offered, ticket_status
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.planner import plan_for
from ttr_widgets.rules.state import GameState, TicketChoice
from ttr_widgets.widgets.table.status import why_html

__all__ = ["LongTicketRule", "TicketChoicePanel", "TicketsView", "first_keep", "ticket_label",
           "ticket_progress"]

Highlight = Callable[[Sequence[str], str], object]


def ticket_progress(state: GameState, player: int, ticket_id: str) -> TicketStatus:
    """Where ``player``'s ticket stands: ``advice.ticket_status``, and in a team game the
    planner's plan for that one ticket (``planner.plan_for``), which counts the teammate's
    routes as the team's (rule team.score-tickets) where ``ticket_status`` sees the player's
    own only."""
    if not state.teams:
        return ticket_status(state, player, ticket_id)
    plan = plan_for(state, player, (ticket_id,))
    ticket = state.board.ticket(ticket_id)
    if plan.trains is None:
        return TicketStatus(ticket, False, (), ())
    return TicketStatus(ticket, plan.complete, plan.routes, plan.to_claim)


def ticket_label(status: TicketStatus, board_label: Callable[[str], str]) -> str:
    """``'Denver – El Paso (4)'``, with the cities' printed names."""
    t = status.ticket
    return f"{board_label(t.a)} – {board_label(t.b)} ({t.points})"


class TicketsView(widgets.VBox):
    """One button per ticket of ``viewer`` (``ttr-ticket``, plus ``ttr-ticket-done`` or
    ``ttr-ticket-open``); a click highlights its path, a second click clears it."""

    state = traitlets.Instance(GameState, allow_none=True)
    viewer = traitlets.Int(None, allow_none=True)

    def __init__(self, on_highlight: Highlight) -> None:
        self._on_highlight = on_highlight
        self.summary = widgets.HTML()
        self.summary.add_class("ttr-tickets-summary")
        self.list = widgets.VBox()  # no box of its own to scroll: the table fits the screen
        self.statuses: tuple[TicketStatus, ...] = ()
        self.shown: str | None = None  #: the ticket whose path is highlighted
        super().__init__([self.summary, self.list])
        self.add_class("ttr-tickets")

    def relabel(self) -> None:
        """The tickets' words again, in the language now."""
        self._render()

    @traitlets.observe("state", "viewer")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None or self.viewer is None:
            self.statuses = ()
            self.summary.value = ""
            self.list.children = ()
            return
        player = state.players[self.viewer]
        self.statuses = tuple(ticket_progress(state, self.viewer, t) for t in player.tickets)
        done = sum(s.completed or s.joined_by_station for s in self.statuses)
        said = (_("{done} of {n} completed · click one to see its path").format(
            done=done, n=len(self.statuses))
                if self.statuses else _("none yet: the tickets you keep show here"))
        tickets = _("Tickets")
        summary = _("{tickets}: {said}").format(tickets=f"<b>{tickets}</b>", said=said)
        self.summary.value = f'<div style="font-size:12px">{summary}</div>'
        self.list.children = tuple(self._button(state, s) for s in self.statuses)

    def _button(self, state: GameState, status: TicketStatus) -> widgets.Button:
        label = ticket_label(status, _city_label(state))
        if status.completed:
            tip = (_("Completed: your team's routes join these cities") if state.teams else
                   _("Completed: your routes join these cities"))
            text, mark = f"✔ {label}", "done"
        elif status.joined_by_station:
            text = "✔ " + _("{ticket}: joined through a station").format(ticket=label)
            tip, mark = _("Joined at the end: your station borrows another player's route "
                          "into its city"), "done"
        elif status.reachable:
            n = len(status.to_claim)
            text = "… " + ngettext("{ticket}: {n} route to go", "{ticket}: {n} routes to go",
                                   n).format(ticket=label, n=n)
            tip = (_("Not yet: the highlighted path is the cheapest one still open, through a "
                     "route your station borrows") if status.borrowed else
                   _("Not yet: the highlighted path is the cheapest one still open"))
            mark = "open"
        else:
            text = "✘ " + _("{ticket}: blocked").format(ticket=label)
            tip, mark = _("No open path is left"), "open"
        button = widgets.Button(description=text, tooltip=tip,
                                layout=widgets.Layout(width="98%", height="24px"))
        joined = status.completed or status.joined_by_station
        button.style.button_color = "#dff0d8" if joined else "#f7f3e8"
        button.style.text_color = "#1d5a2c" if joined else "#303030"
        button.add_class("ttr-ticket")
        button.add_class(f"ttr-ticket-{mark}")
        button.on_click(lambda _b: self.toggle(status.ticket.id))
        return button

    def toggle(self, ticket_id: str) -> None:
        """Highlight the path of ``ticket_id`` (or clear it when it is already shown)."""
        for status in self.statuses:
            if status.ticket.id == ticket_id:
                break
        else:
            raise KeyError(f"ticket {ticket_id!r} is not among the shown tickets")
        if self.shown == ticket_id:
            self.shown = None
            self._on_highlight((), "")
            return
        self.shown = ticket_id
        label = ticket_label(status, _city_label(self.state)) if self.state else ticket_id
        said = (_("ticket {ticket}: completed") if status.completed else
                _("ticket {ticket}: joined through a station") if status.joined_by_station else
                _("ticket {ticket}: path to complete")).format(ticket=label)
        self._on_highlight(status.path, said)


def _city_label(state: GameState | None) -> Callable[[str], str]:
    if state is None:
        return lambda city: city
    return state.board.city_label


class TicketChoicePanel(widgets.VBox):
    """The tickets just dealt or drawn, as checkboxes (``ttr-ticket-choice``), and a
    ``Keep`` button (``ttr-keep-tickets``). Shown only to the player choosing (``viewer``)."""

    state = traitlets.Instance(GameState, allow_none=True)
    viewer = traitlets.Int(None, allow_none=True)

    def __init__(self, on_action: Callable[[Action], object]) -> None:
        self._on_action = on_action
        self.note = widgets.HTML()
        self.boxes: list[widgets.Checkbox] = []
        self.offered: tuple[str, ...] = ()
        self.keep = widgets.Button(description=_("Keep these tickets"), button_style="primary",
                                   layout=widgets.Layout(width="auto"))
        self.keep.add_class("ttr-keep-tickets")
        self.keep.on_click(lambda _b: self._on_action(KeepTickets(self.chosen())))
        self.list = widgets.VBox()
        super().__init__([], layout=widgets.Layout(border="2px solid #2c6fd1", padding="4px",
                                                   margin="4px 0"))
        self.add_class("ttr-ticket-choice-panel")

    def relabel(self) -> None:
        """The choice's words again, in the language now (the boxes ticked stay ticked)."""
        self.keep.description = _("Keep these tickets")
        ticked = self.chosen()
        self.offered, self.boxes = (), []
        self._render()
        self.tick(ticked)

    def tick(self, tickets: Sequence[str]) -> None:
        """Tick exactly ``tickets`` of those offered (the hint's keep: the boxes then say what
        the hint says, and Keep plays it)."""
        for box, ticket in zip(self.boxes, self.offered, strict=True):
            box.value = ticket in tickets

    def chosen(self) -> tuple[str, ...]:
        """The ticket ids ticked, in the order offered."""
        return tuple(t for t, box in zip(self.offered, self.boxes, strict=True) if box.value)

    @traitlets.observe("state", "viewer")
    def _render(self, _change: object = None) -> None:
        state = self.state
        pending = state.pending if state is not None else None
        if state is None or not isinstance(pending, TicketChoice) or \
                self.viewer != state.current:
            self.layout.display = "none"
            self.offered, self.boxes = (), []
            self.children = ()
            return
        self.layout.display = None
        if pending.tickets != self.offered:  # a new choice: fresh boxes, a legal keep ticked
            # (at setup all the rules allow, during the game the minimum: ``first_keep``)
            self.offered = pending.tickets
            ticked = first_keep(state)
            self.boxes = [self._box(state, t, t in ticked) for t in pending.tickets]
        offered = len(pending.tickets)
        keep = (ngettext("{name}: keep at least {keep} of these {n} ticket to start the game "
                         "(ringed on the board).",
                         "{name}: keep at least {keep} of these {n} tickets to start the game "
                         "(ringed on the board).", offered) if pending.setup else
                ngettext("{name}: keep at least {keep} of these {n} ticket just drawn (ringed "
                         "on the board).",
                         "{name}: keep at least {keep} of these {n} tickets just drawn (ringed "
                         "on the board).", offered))
        scores = (_("A ticket scores its points if your team's routes join its cities by the "
                    "end, and loses them if not.") if state.teams else
                  _("A ticket scores its points if your routes join its cities by the end, and "
                    "loses them if not."))
        said = keep.format(name=f"<b>{html.escape(state.player.name)}</b>",
                           keep=f"<b>{pending.keep}</b>", n=offered)
        self.note.value = (
            f'<div style="font-size:12px;line-height:1.3">{said} {scores}</div>')
        self.children = (self.note, *self.boxes, self.keep)

    def _box(self, state: GameState, ticket_id: str, ticked: bool) -> widgets.Checkbox:
        status = ticket_progress(state, state.current, ticket_id)
        label = ticket_label(status, _city_label(state))
        cost = sum(state.board.route(r).length for r in status.to_claim)
        hint = (ngettext("about {n} train", "about {n} trains", cost).format(n=cost)
                if status.reachable else _("no open path"))
        box = widgets.Checkbox(value=ticked, description=f"{label} — {hint}", indent=False,
                               layout=widgets.Layout(width="auto"))
        box.add_class("ttr-ticket-choice")
        return box


def first_keep(state: GameState) -> tuple[str, ...]:
    """The tickets a choice starts ticked.

    At setup the largest keep the core allows (every ticket offered, unless a limit such as
    Mega Europe's one long ticket forbids it): the rules' minimum is met anyway. During the
    game only the minimum the rules require, the ticket(s) the strong bot would keep
    (``strong_tickets.keep``, then its ``ticket_value`` when it would keep more; a few
    milliseconds), so that keeping more is the player's choice: three tickets kept with a few
    trains left can cost all their points."""
    pending = state.pending
    keeps = [a.tickets for a in legal_actions(state) if isinstance(a, KeepTickets)]
    if not isinstance(pending, TicketChoice) or pending.setup:
        return max(keeps, key=len, default=())
    fewest = [k for k in keeps if len(k) == pending.keep]
    kept = strong_tickets.keep(state, pending).action
    wanted = set(kept.tickets) if isinstance(kept, KeepTickets) else set()
    held = list(strong_tickets.playing_for(state))
    return max([k for k in fewest if wanted.issuperset(k)] or fewest, default=(),
               key=lambda k: strong_tickets.ticket_value(state, state.current, [*held, *k]))


class LongTicketRule(widgets.HTML):
    """Under the ticket choice, a limit on long tickets (Mega Europe): which offered tickets
    are long, and the rule's sentence and id (``ttr-ticket-rule``); hidden unless ``active`` (a
    person chooses) and the choice has such a limit."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("ttr-ticket-rule")

    def relabel(self) -> None:
        """The rule's words again, in the language now."""
        self._render()

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        pending = state.pending if state is not None else None
        longs = long_tickets_offered(state) if state is not None and self.active else ()
        if state is None or not longs or not isinstance(pending, TicketChoice) or \
                pending.max_long is None:
            self.layout.display = "none"
            self.value = ""
            return
        board = state.board
        names = ", ".join(f"{board.city_label(t.a)} – {board.city_label(t.b)} ({t.points})"
                          for t in (board.ticket(i) for i in longs))
        self.value = (
            '<div style="font-size:12px;color:#16406e;margin:0 0 4px 0;position:relative">'
            + ngettext("Keep at most {n} long ticket. Long ones here: {names}.",
                       "Keep at most {n} long tickets. Long ones here: {names}.",
                       pending.max_long).format(n=f"<b>{pending.max_long}</b>",
                                                names=html.escape(names))
            + f' {why_html("tickets.one-long")}</div>')
        self.layout.display = None
