"""The Plan panel: the cheapest way to complete the visible player's tickets, as the rules
core's planner (``rules.planner``) works it out.

It shows the fewest trains still to place, the routes of one cheapest plan (highlighted on the
board while the panel is shown) with the tickets each one serves, the cards of each colour
they need, the points, the bottlenecks (the routes that cost most if someone else takes them,
most critical first) and, for the route selected on the board, what its loss would cost. It
follows the game: every claimed route changes the plan. The planner runs only while the panel
is ``active`` (its tab is open), so the rest of the app pays nothing for it; the plan stays
highlighted after the tab is left, until the app clears the board's highlight (its next move).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import GRAY, LOCOMOTIVE, Board
from ttr_widgets.rules.planner import (
    Bottleneck,
    Plan,
    PlanError,
    bottlenecks_for,
    plan_for,
    plan_if_taken,
)
from ttr_widgets.rules.state import OPEN, GameState
from ttr_widgets.rules.words import and_list, cards, colour_of, is_you
from ttr_widgets.widgets.style import ROUTE_FILL

__all__ = ["PlanPanel"]

Highlight = Callable[[Sequence[str], str], object]
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SMALL = 'style="font-size:12px;line-height:1.35"'


class PlanPanel(widgets.VBox):
    """The plan for ``viewer``'s tickets in ``state``; ``route`` is the route selected on the
    board (for "what if it is taken?"). ``on_highlight(route_ids, label)`` shows the plan on
    the board while ``active``."""

    state = traitlets.Instance(GameState, allow_none=True)
    viewer = traitlets.Int(None, allow_none=True)
    route = traitlets.Unicode(None, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_highlight: Highlight | None = None) -> None:
        self._on_highlight = on_highlight
        self.summary = widgets.HTML()
        self.summary.add_class("ttr-plan-summary")
        self.routes = widgets.HTML()
        self.routes.add_class("ttr-plan-routes")
        self.bottlenecks = widgets.HTML()
        self.bottlenecks.add_class("ttr-plan-bottlenecks")
        self.what_if = widgets.HTML()
        self.what_if.add_class("ttr-plan-what-if")
        self.plan: Plan | None = None  #: the plan shown (None: nothing to plan, or not shown)
        self.found: tuple[Bottleneck, ...] = ()  #: its bottlenecks, most critical first
        self._key: object = None
        self._highlighted = False
        super().__init__([self.summary, self.routes, self.bottlenecks, self.what_if])
        self.add_class("ttr-plan")
        i18n.on_change(self._language_changed)  # the page's language, late or picked

    def relabel(self) -> None:
        """The panel's words again, in the language now (the plan is worked out again only
        when the position changed)."""
        self._render()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    # -- what the panel shows -----------------------------------------------------------------

    @traitlets.observe("state", "viewer", "active")
    def _render(self, _change: object = None) -> None:
        state, viewer = self.state, self.viewer
        if not self.active:  # the plan stays highlighted until the app's next move clears it
            self._highlighted = False
            return
        if state is None or viewer is None:
            self._empty(_("The plan is for the tickets in a hand: show the hand first."))
            return
        player = state.players[viewer]
        if not player.tickets:
            self._empty(_("Your plan: no tickets yet.") if is_you(player.name) else
                        _("{name}'s plan: no tickets yet.").format(name=html.escape(player.name)))
            return
        key = (state.board, state.owners, player.tickets, viewer, state.num_players)
        if key != self._key:
            try:
                self.plan = plan_for(state, viewer)
                self.found = bottlenecks_for(state, viewer, base=self.plan)
            except PlanError as error:
                text = html.escape(str(error))
                self._empty(f"{text[:1].upper()}{text[1:]}.")
                return
            self._key = key
        if self.plan is not None:  # its words drawn again: cheap, in the language now
            self._show(state, viewer, self.plan)
        self._render_what_if()
        self._highlight()

    @traitlets.observe("route")
    def _route_changed(self, _change: object = None) -> None:
        if self.active and self.plan is not None:
            self._render_what_if()

    def _empty(self, text: str) -> None:
        self.plan, self.found, self._key = None, (), None
        self.summary.value = f"<div {_SMALL}>{text}</div>"
        self.routes.value = self.bottlenecks.value = self.what_if.value = ""
        self._clear_highlight()

    def _show(self, state: GameState, viewer: int, plan: Plan) -> None:
        board, player = state.board, state.players[viewer]
        letters = {t: _LETTERS[i % len(_LETTERS)] for i, t in enumerate(plan.tickets)}
        self.summary.value = f"<div {_SMALL}>{_summary(board, plan, player.name, player.trains)}" \
            f"{_tickets_html(board, plan, letters)}</div>"
        points = _("<b>Points</b>: {points} if the plan is carried out (routes still to claim "
                   "and tickets).").format(points=plan.points)
        self.routes.value = _routes_html(board, plan, letters) + _cards_html(board, plan) + \
            f"<div {_SMALL}>{points}</div>"
        self.bottlenecks.value = _bottlenecks_html(board, self.found)

    def _render_what_if(self) -> None:
        self.what_if.value = f'<div {_SMALL} class="ttr-plan-answer">{self.what_if_text()}</div>'

    def what_if_text(self) -> str:
        """What it would cost the plan if someone else took the selected route, in words."""
        state, viewer, plan, rid = self.state, self.viewer, self.plan, self.route
        if state is None or viewer is None or plan is None:
            return ""
        board = state.board
        if rid is None:
            return _("<b>What if?</b> Click a route on the board: what would it cost you if "
                     "someone else took it?")
        name = _route_name(board, rid)
        owner = state.owners[board.route(rid).index]
        if owner == viewer:
            return _("<b>{route}</b> is yours: nobody can take it from you.").format(route=name)
        if owner != OPEN:
            return _("<b>{route}</b> is taken already: the plan does not need it.").format(
                route=name)
        if rid not in plan.to_claim:
            return _("<b>{route}</b> is not in your plan: the plan does not need it.").format(
                route=name)
        after = plan_if_taken(state, viewer, rid)
        if after.unreachable and set(after.unreachable) != set(plan.unreachable):
            lost = [_ticket_name(board, t) for t in after.unreachable if t not in plan.unreachable]
            return ngettext("If someone else took <b>{route}</b>, {tickets} could no longer be "
                            "completed.",
                            "If someone else took <b>{route}</b>, {tickets} could no longer be "
                            "completed.", len(lost)).format(route=name, tickets=and_list(lost))
        before = _planned_trains(board, plan)
        extra = _planned_trains(board, after) - before
        if extra == 0:
            return _("If someone else took <b>{route}</b>, another plan would cost the same "
                     "{trains}.").format(route=name, trains=_trains(before))
        return ngettext("If someone else took <b>{route}</b>, your plan would cost <b>{n} more "
                        "train</b> ({after} instead of {before}).",
                        "If someone else took <b>{route}</b>, your plan would cost <b>{n} more "
                        "trains</b> ({after} instead of {before}).", extra).format(
            route=name, n=extra, after=_planned_trains(board, after), before=before)

    # -- the board ------------------------------------------------------------------------

    def _highlight(self) -> None:
        if self._on_highlight is None or self.plan is None:
            return
        trains = self.plan.trains
        label = _("your plan") if trains is None else _("plan: {trains}").format(
            trains=_trains(trains))
        self._on_highlight(self.plan.routes, label)
        self._highlighted = True

    def _clear_highlight(self) -> None:
        if self._highlighted and self._on_highlight is not None:
            self._highlighted = False
            self._on_highlight((), "")


# --------------------------------------------------------------------------- in words


def _city(board: Board, name: str) -> str:
    return html.escape(board.city_label(name))


def _route_name(board: Board, rid: str) -> str:
    route = board.route(rid)
    return f"{_city(board, route.a)} – {_city(board, route.b)}"


def _ticket_name(board: Board, tid: str) -> str:
    ticket = board.ticket(tid)
    return f"{_city(board, ticket.a)} – {_city(board, ticket.b)}"


def _trains(n: int) -> str:
    """'1 train', '5 trains' in the reader's language ('5 wagons')."""
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def _planned_trains(board: Board, plan: Plan) -> int:
    return sum(board.route(r).length for r in plan.to_claim)


def _whose(name: str) -> str:
    """'<b>Your plan</b>', '<b>Ann's plan</b>' ('<b>Le plan d'Ann</b>')."""
    return (_("<b>Your plan</b>") if is_you(name) else
            _("<b>{name}'s plan</b>").format(name=html.escape(name)))


def _summary(board: Board, plan: Plan, name: str, trains_left: int) -> str:
    whose, n = _whose(name), len(plan.tickets)
    tickets = ngettext("{n} ticket", "{n} tickets", n).format(n=n)
    if plan.unreachable:
        lost = and_list([_ticket_name(board, t) for t in plan.unreachable])
        return ngettext("{whose} ({tickets}): {lost} can no longer be completed. The others "
                        "need <b>{trains}</b> ({left} left).",
                        "{whose} ({tickets}): {lost} cannot be completed. The others need "
                        "<b>{trains}</b> ({left} left).", len(plan.unreachable)).format(
            whose=whose, tickets=tickets, lost=lost,
            trains=_trains(_planned_trains(board, plan)), left=trains_left)
    if plan.trains == 0:
        return ngettext("{whose}: the {n} ticket is complete.",
                        "{whose}: all {n} tickets are complete.", n).format(whose=whose, n=n)
    if plan.trains is not None and plan.trains > trains_left:
        said = _("{whose} for {tickets}: <b>{trains}</b> still to place ({left} left) — more "
                 "than are left! Highlighted on the board.")
    else:
        said = _("{whose} for {tickets}: <b>{trains}</b> still to place ({left} left). "
                 "Highlighted on the board.")
    return said.format(whose=whose, tickets=tickets, trains=_trains(plan.trains or 0),
                       left=trains_left)


def _tickets_html(board: Board, plan: Plan, letters: dict[str, str]) -> str:
    rows = []
    for tid in plan.tickets:
        ticket = board.ticket(tid)
        mark = " ✘ " + _("cannot be completed") if tid in plan.unreachable else ""
        rows.append(f"<b>{letters[tid]}</b> {_ticket_name(board, tid)} ({ticket.points}){mark}")
    return "<br>" + "<br>".join(rows)


def _cards_text(board: Board, rid: str) -> str:
    route = board.route(rid)
    paid = route.length - route.ferry_locomotives
    # gray: any one colour (the cards line)
    text = f"{paid} {colour_of(route.color, paid)}" if paid else ""
    if route.ferry_locomotives:
        text += (" + " if text else "") + cards(route.ferry_locomotives, LOCOMOTIVE)
    return text


def _routes_html(board: Board, plan: Plan, letters: dict[str, str]) -> str:
    if not plan.routes:
        return ""
    rows = []
    tunnel, together = " " + _("(tunnel)"), " " + _("(shared)")
    for rid in plan.routes:
        users = plan.shared.get(rid, ())
        shared = len(users) > 1
        mine = rid not in plan.to_claim
        paid = _("yours") if mine else _cards_text(board, rid)
        weight = "font-weight:bold;" if shared else ""
        rows.append(
            f'<tr class="ttr-plan-route{" ttr-plan-shared" if shared else ""}" '
            f'style="{weight}{"color:#1d5a2c;" if mine else ""}">'
            f"<td>{_route_name(board, rid)}{tunnel if board.route(rid).tunnel else ''}"
            f"</td><td>{board.route(rid).length}</td>"
            f"<td>{paid}</td><td>{' '.join(letters[t] for t in users)}"
            f"{together if shared else ''}</td></tr>")
    route, trains, paid_with, serves = _("route"), _("trains"), _("cards"), _("for tickets")
    heads = (f"<tr><th align=left>{route}</th><th>{trains}</th>"
             f"<th align=left>{paid_with}</th><th align=left>{serves}</th></tr>")
    return (f'<table {_SMALL[:-1]};border-collapse:collapse;margin:4px 0">' + heads +
            "".join(rows) + "</table>")


def _cards_html(board: Board, plan: Plan) -> str:
    if not plan.cards:
        return ""
    chips = []
    for key, n in plan.cards.items():
        if key == GRAY:
            chips.append(_gray_cards(n, sum(board.route(r).color == GRAY for r in plan.to_claim)))
        elif key == LOCOMOTIVE:
            chips.append(_("{locomotives} for ferries").format(
                locomotives=cards(n, LOCOMOTIVE)))
        else:
            swatch = (f'<span style="display:inline-block;width:10px;height:10px;'
                      f'background:{ROUTE_FILL[key]};border:1px solid #555"></span>')
            chips.append(f"{swatch} {n} {colour_of(key, n)}")
    return f"<div {_SMALL}>" + _("<b>Cards</b>: {cards}").format(cards=", ".join(chips)) + \
        "</div>"


def _gray_cards(n: int, routes: int) -> str:
    """``'gray routes: 6 cards, each route in one colour of your choice'``."""
    if routes == 1:
        return _("gray route: {cards} in one colour of your choice").format(cards=cards(n, ""))
    return _("gray routes: {cards}, each route in one colour of your choice").format(
        cards=cards(n, ""))


def _bottlenecks_html(board: Board, found: tuple[Bottleneck, ...]) -> str:
    if not found:
        return ""
    hurting = [b for b in found if b.extra != 0]
    if not hurting:
        return f"<div {_SMALL}>" + _("<b>Bottlenecks</b>: none — whichever route someone else "
                                     "takes, another plan is as cheap.") + "</div>"
    rows = []
    for b in hurting:
        effect = _("a ticket becomes impossible") if b.extra is None else \
            f"+{_trains(b.extra)}"
        said = _("{route}: {effect}").format(route=_route_name(board, b.route), effect=effect)
        rows.append(f'<li class="ttr-plan-bottleneck">{said}</li>')
    spare = len(found) - len(hurting)
    others = (_("The other route of the plan can be lost at no cost.") if spare == 1 else
              _("The other {n} routes of the plan can be lost at no cost.").format(n=spare))
    rest = f"<div {_SMALL}>{others}</div>" if spare else ""
    heading = _("<b>Bottlenecks</b> (if someone else takes it), most critical first:")
    return (f'<div {_SMALL}>{heading}<ol style="margin:2px 0 2px 18px;padding:0">'
            f'{"".join(rows)}</ol></div>' + rest)
