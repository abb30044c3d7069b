"""The planner page: pick any tickets, mark the routes you own and the routes others took, and
read the fewest trains that complete them all, drawn on the board, with the bottlenecks.

    page = PlannerPage("usa", tickets=("Denver-El Paso", "Helena-Los Angeles"))
    page.add_ticket("Seattle – New York")     # as people write it, or picked from the list
    page.click_route("usa-031")               # a click on Denver–Helena: yours (or taken)
    page.plan.trains                          # the planner's answer

The plan is the rules core's (``rules.planner.plan`` and ``bottlenecks``, exact) and its words
are ``rules.plan_text``'s, the sentences ``ttr plan`` prints. A ticket is picked as the Ticket
Scorer picks one (its list's labels, ``scorer_view.named_ticket``) or named as people write it
(``rules.naming.find_ticket``); the ticket variant chooses the deck and its values
(``variants.variant_board``: the USA 1910 box's reprints are worth less). A click on a route
marks it as yours (free in the plan) or taken by others (closed to the plan), as the toggle
says; a second click clears it. The page holds its question as traits (``map_name``,
``variant``, ``tickets``, ``owned``, ``taken``, ``showing``) and redraws from them.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.naming import NamingError, find_ticket
from ttr_widgets.rules.plan_text import INDENT, and_list, plan_lines, ticket_name
from ttr_widgets.rules.planner import Bottleneck, Plan, PlanError, bottlenecks, plan
from ttr_widgets.rules.position import TICKET_DECKS, TicketDeck, ticket_deck
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import variant_board
from ttr_widgets.rules.words import map_title
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.marks import Marks
from ttr_widgets.widgets.pages.scorer_view import (
    deck_words,
    matching_tickets,
    named_ticket,
    no_single_ticket,
    ticket_text,
)
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.address import PageAddress

__all__ = ["BASE", "MINE", "PLAN", "TAKEN", "WEAK", "PlannerPage", "plan_html"]

BASE = "base"  #: the ticket dropdown's value for the base game
MINE, TAKEN = "mine", "taken"  #: what a click on a route marks it as
PLAN, WEAK = "plan", "bottlenecks"  #: what the board highlights
OWNERS = (N_("You"), N_("Others"))  #: the board's two "players": your routes, routes taken
SIDE_WIDTH = 430  #: px beside the 900 px board: the page fits a 1366 px laptop screen
_SMALL = "font-size:13px;line-height:1.4"


def plan_html(lines: Sequence[str]) -> str:
    """``plan_text.plan_lines`` as HTML: a paragraph a sentence, the indented lines under a
    heading as its list."""
    parts: list[str] = []
    items: list[str] = []

    def close() -> None:
        if items:
            parts.append('<ul style="margin:0 0 4px 0;padding-left:18px">'
                         + "".join(f"<li>{item}</li>" for item in items) + "</ul>")
            items.clear()

    for line in lines:
        if line.startswith(INDENT):
            items.append(html.escape(line.strip()))
            continue
        close()
        parts.append(f'<p style="margin:0 0 4px 0">{html.escape(line)}</p>')
    close()
    return f'<div class="ttr-planner-text" style="{_SMALL}">{"".join(parts)}</div>'


def _deck_options(board: Board) -> list[tuple[str, str]]:
    """The ticket dropdown: each of the map's decks (described), the base game's first."""
    decks = [(_capital(deck_words(deck)), variant or BASE) for (name, variant), deck
             in TICKET_DECKS.items() if name == board.name]
    return decks or [(_capital(deck_words(ticket_deck(board))), BASE)]


def _owners() -> tuple[str, ...]:
    """The board key's two names in the reader's language ('Vous', 'Autres')."""
    return tuple(_(name) for name in OWNERS)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class PlannerPage(widgets.VBox):
    """The planner on a page (see the module docstring). Inputs: ``map_select``,
    ``variant_select``, ``ticket_search`` + ``add_button``, ``ticket_list`` + ``remove_button``,
    ``click_as`` (what a route click marks), ``clear_button``, ``show`` (plan or bottlenecks on
    the board) and the board (``view``). Outputs: ``summary``, ``plan_text`` (the plan in
    words), ``message`` (what a click or a name did not do). ``plan`` and ``found`` are the
    planner's answer (None and () with no ticket)."""

    map_name = traitlets.Unicode("usa")
    variant = traitlets.Unicode(None, allow_none=True)  #: a ticket variant; None: the base game
    tickets = traitlets.Tuple()  #: ticket ids, in the order picked
    owned = traitlets.Tuple()  #: route ids you own
    taken = traitlets.Tuple()  #: route ids others took
    showing = traitlets.Unicode(PLAN)

    def __init__(self, map_name: str = "usa", *, variant: str | None = None,
                 tickets: Iterable[str] = (), owned: Iterable[str] = (),
                 taken: Iterable[str] = (), width: int = 900, height: int = 560) -> None:
        self._building = True
        self.plan: Plan | None = None
        self.found: tuple[Bottleneck, ...] = ()
        board = self._board_of(map_name, variant)
        self.view = MapView(board, player_names=_owners(), width=width, height=height,
                            player_colors=DEFAULT_PLAYER_COLORS[:len(OWNERS)])
        self.view.on_route_click(self.click_route)
        self._build_controls()
        self.address = PageAddress("Planner")  # the page's language, told late
        super().__init__([self._header(), widgets.HBox(
            [widgets.Box([self.view.widget]), self._side()],
            layout=widgets.Layout(flex_flow="row wrap")), self.address])
        self.add_class("ttr-planner")
        i18n.on_change(self._language_changed)
        self.map_name, self.variant = map_name, variant
        self.owned, self.taken = tuple(owned), tuple(taken)
        self._building = False
        for text in tickets:
            if not self.add_ticket(text):
                raise ValueError(f"tickets: {self.message.value}")
        self._render()

    def __repr__(self) -> str:
        return f"PlannerPage({self.map_name!r}, tickets={list(self.tickets)!r})"

    # -- the question ---------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The board the plan is for: the map, its tickets at the variant's values."""
        return self._board_of(self.map_name, self.variant)

    @property
    def deck(self) -> TicketDeck:
        return ticket_deck(self.board, self.variant)

    @staticmethod
    def _board_of(map_name: str, variant: str | None) -> Board:
        return variant_board(load_map(map_name), Options(variant=variant))

    def labels(self) -> list[tuple[str, str]]:
        """The tickets of the deck as the list shows them (label, id), in the board's order."""
        board, deck = self.board, self.deck
        return [(ticket_text(board, t.id), t.id) for t in board.tickets if deck.admits(t)]

    # -- edits (each assigns a new value; the page redraws from it) ------------------------

    def add_ticket(self, text: str) -> bool:
        """Add the ticket ``text`` names: a label of the list, an id, a city only one ticket
        has, or the two cities written any way (``denver – el paso``). False, with the reason
        in ``message``, when none or several fit, or when it is not in the deck."""
        found, why = self._named(text)
        if found is None:
            self._say(why)
            return False
        if found in self.tickets:
            self._say(_("{ticket} is picked already.").format(
                ticket=ticket_name(self.board, found)))
            return False
        self.tickets = (*self.tickets, found)
        self.ticket_search.value = ""
        self._say("")
        return True

    def _named(self, text: str) -> tuple[str | None, str]:
        """The id of the ticket ``text`` names (None, and why there is none, a sentence)."""
        board, deck, labels = self.board, self.deck, self.labels()
        picked = named_ticket(labels, text)
        if picked is not None:
            return picked, ""
        try:
            ticket = find_ticket(board, text)
        except NamingError:
            text = text.strip()
            return None, no_single_ticket(text, [label for label, _id in
                                                 matching_tickets(labels, text)])
        if not deck.admits(ticket):
            return None, _("{ticket} is not among {deck}: choose other tickets above.").format(
                ticket=ticket_name(board, ticket.id), deck=deck_words(deck))
        return ticket.id, ""

    def remove_ticket(self, ticket_id: str) -> None:
        self.tickets = tuple(t for t in self.tickets if t != ticket_id)

    def click_route(self, route_id: str) -> None:
        """What a click on a route does: mark it as ``click_as`` says (yours, or taken by
        others), or clear it when it is marked so already."""
        mine, taken = set(self.owned), set(self.taken)
        chosen, other = (mine, taken) if self.click_as.value == MINE else (taken, mine)
        if route_id in chosen:
            chosen.discard(route_id)
        else:
            chosen.add(route_id)
            other.discard(route_id)
        order = [r.id for r in self.board.routes]
        with self.hold_trait_notifications():
            self.owned = tuple(r for r in order if r in mine)
            self.taken = tuple(r for r in order if r in taken)

    def clear_routes(self) -> None:
        with self.hold_trait_notifications():
            self.owned, self.taken = (), ()

    def set_variant(self, variant: str | None) -> None:
        """Plan with another deck's tickets and values; tickets it lacks are dropped (and
        named)."""
        deck = ticket_deck(load_map(self.map_name), variant)
        board = self._board_of(self.map_name, variant)
        kept = tuple(t for t in self.tickets if deck.admits(board.ticket(t)))
        dropped = [ticket_name(board, t) for t in self.tickets if t not in kept]
        with self.hold_trait_notifications():
            self.variant, self.tickets = variant, kept
        if dropped:
            self._say(ngettext("{tickets} is not among {deck}: taken off.",
                               "{tickets} are not among {deck}: taken off.", len(dropped))
                      .format(tickets=and_list(dropped), deck=deck_words(deck)))

    def show_map(self, map_name: str) -> None:
        """Plan on another map, from nothing."""
        with self.hold_trait_notifications():
            self.tickets, self.owned, self.taken = (), (), ()
            self.variant, self.map_name = None, map_name

    # -- drawing --------------------------------------------------------------------------

    @traitlets.observe("map_name", "variant", "tickets", "owned", "taken", "showing")
    def _changed(self, _change: object) -> None:
        if not self._building:
            self._say("")  # what the last edit could not do no longer applies
            self._render()

    def _render(self) -> None:
        board = self.board
        if board is not self.view.board:
            self.view.set_board(board, player_names=_owners())
        self._sync_controls(board)
        self.plan, self.found = None, ()
        if not self.tickets:
            pick = _("Pick a ticket: type a city in {ticket}, choose one from the list and "
                     "press {add}.").format(ticket=f"<b>{html.escape(_('Ticket'))}</b>",
                                            add=f"<b>{html.escape(_('Add'))}</b>")
            self.summary.value = f'<div style="{_SMALL}">{pick}</div>'
            self.plan_text.value = ""
            self._draw(board)
            return
        try:
            self.plan = plan(board, self.tickets, self.owned, self.taken)
            self.found = bottlenecks(board, self.tickets, self.owned, self.taken, self.plan)
        except PlanError as error:
            text = html.escape(str(error))
            self.summary.value = f'<div style="{_SMALL}">{text[:1].upper()}{text[1:]}.</div>'
            self.plan_text.value = ""
            self._draw(board)
            return
        self.summary.value = self._summary(board, self.plan)
        self.plan_text.value = plan_html(plan_lines(board, self.plan, self.found, self.owned))
        self._draw(board)

    def _summary(self, board: Board, found: Plan) -> str:
        if found.unreachable:
            head = _("Not every ticket can be completed")
        elif found.trains == 0:
            head = _("Every ticket is complete already")
        else:
            head = _("The fewest trains: {trains}").format(trains=found.trains)
        return f'<div style="font-size:16px;margin:2px 0"><b>{html.escape(head)}</b></div>'

    def _draw(self, board: Board) -> None:
        found = self.plan
        cities = [c for t in self.tickets for c in (board.ticket(t).a, board.ticket(t).b)]
        owners = {**{r: 0 for r in self.owned}, **{r: 1 for r in self.taken}}
        marks = Marks(owners=owners, marked=tuple(dict.fromkeys(cities)),
                      marked_label=_("ticket cities") if cities else "")
        if found is not None and self.showing == WEAK:
            weak = [b.route for b in self.found if b.extra != 0]
            marks = marks.but(highlight=weak, highlight_label=_("bottlenecks") if weak else "")
        elif found is not None and found.routes:
            label = _("plan") if found.trains is None else ngettext(
                "plan: {n} train", "plan: {n} trains", found.trains).format(n=found.trains)
            marks = marks.but(highlight=found.routes, highlight_label=label)
        self.view.show(marks)

    # -- the controls ---------------------------------------------------------------------

    def _build_controls(self) -> None:
        self.map_select = _styled(widgets.Dropdown(
            options=[(map_title(name), name) for name in BUILTIN_MAPS if name != "mini"],
            layout=widgets.Layout(width="160px")), "ttr-planner-map")
        self.variant_select = _styled(widgets.Dropdown(
            layout=widgets.Layout(width="360px"), style={"description_width": "initial"}),
            "ttr-planner-variant")
        self.ticket_search = _styled(widgets.Combobox(
            ensure_option=False, layout=widgets.Layout(width="315px")), "ttr-planner-search")
        self.add_button = _styled(widgets.Button(icon="plus",
                                                 layout=widgets.Layout(width="95px")),
                                  "ttr-planner-add")
        self.ticket_list = _styled(widgets.Select(rows=4, layout=widgets.Layout(width="315px")),
                                   "ttr-planner-tickets")
        self.remove_button = _styled(widgets.Button(icon="minus",
                                                    layout=widgets.Layout(width="95px")),
                                     "ttr-planner-remove")
        self.click_as = _styled(widgets.ToggleButtons(
            options=[("", MINE), ("", TAKEN)], value=MINE,
            style={"button_width": "120px"}), "ttr-planner-click-as")
        self.clear_button = _styled(widgets.Button(icon="eraser",
                                                   layout=widgets.Layout(width="auto")),
                                    "ttr-planner-clear")
        self.show = _styled(widgets.ToggleButtons(
            options=[("", PLAN), ("", WEAK)], value=PLAN,
            style={"button_width": "110px"}), "ttr-planner-show")
        self.summary = _styled(widgets.HTML(), "ttr-planner-summary")
        self.plan_text = _styled(widgets.HTML(), "ttr-planner-plan")
        self.message = _styled(widgets.HTML(), "ttr-planner-message")
        self._syncing = False
        self._label()
        calls: dict[widgets.Widget, Any] = {
            self.map_select: lambda v: None if v == self.map_name else self.show_map(v),
            self.variant_select: lambda v: None if v == (self.variant or BASE) else
            self.set_variant(None if v == BASE else v),
            self.show: lambda v: setattr(self, "showing", v),
        }
        for control, call in calls.items():
            control.observe(lambda change, call=call: None if self._syncing else
                            call(change["new"]), "value")
        self.add_button.on_click(lambda _b: self.add_ticket(self.ticket_search.value))
        self.remove_button.on_click(lambda _b: self._remove_selected())
        self.clear_button.on_click(lambda _b: self.clear_routes())

    def _label(self) -> None:
        """The controls' words in the language now (their values kept, their edits quiet)."""
        self._syncing, syncing = True, self._syncing
        try:
            self.map_select.description = _("Map")
            self.variant_select.description = _("Tickets")
            self.ticket_search.placeholder = _("type a city, then pick a ticket")
            self.ticket_search.description = _("Ticket")
            self.add_button.description = _("Add")
            self.ticket_list.description = _("Added")
            self.remove_button.description = _("Remove")
            clicked, shown = self.click_as.value, self.show.value
            self.click_as.options = [(_("Yours"), MINE), (_("Taken by others"), TAKEN)]
            self.click_as.value = clicked
            self.click_as.description = _("A click:")
            self.clear_button.description = _("Clear routes")
            self.show.options = [(_("The plan"), PLAN), (_("Bottlenecks"), WEAK)]
            self.show.value = shown
            self.show.description = _("On the map")
        finally:
            self._syncing = syncing

    def relabel(self) -> None:
        """Every word of the page again in the language now (a served page learns it from
        its address after it is built): the controls, the board's key, the plan; a note told
        in the old language is cleared."""
        self._label()
        self.view.set_board(self.board, player_names=_owners())
        self._say("")
        self._render()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def _header(self) -> widgets.Widget:
        return widgets.HBox([self.map_select, self.variant_select],
                            layout=widgets.Layout(flex_flow="row wrap"))

    def _side(self) -> widgets.Widget:
        return widgets.VBox([
            widgets.HBox([self.ticket_search, self.add_button]),
            widgets.HBox([self.ticket_list, self.remove_button]),
            self.click_as, self.clear_button, self.message, self.show, self.summary,
            self.plan_text,
        ], layout=widgets.Layout(width=f"{SIDE_WIDTH}px", padding="0 0 0 8px"))

    def _sync_controls(self, board: Board) -> None:
        self._syncing = True
        try:
            self.map_select.value = board.name
            decks = _deck_options(board)
            self.variant_select.options = decks
            self.variant_select.value = self.variant or BASE
            self.variant_select.layout.display = "" if len(decks) > 1 else "none"
            self.ticket_search.options = [label for label, _id in self.labels()]
            self.ticket_list.options = [(ticket_text(board, t), t) for t in self.tickets]
            self.show.value = self.showing
        finally:
            self._syncing = False

    def _remove_selected(self) -> None:
        if self.ticket_list.value is None:
            self._say(_("Select one of the tickets to remove it."))
        else:
            self.remove_ticket(self.ticket_list.value)

    def _say(self, text: str) -> None:
        self.message.value = f'<div style="{_SMALL};color:#8a1c12">{html.escape(text)}</div>' \
            if text else ""


def _styled(widget: Any, css_class: str) -> Any:
    widget.add_class(css_class)
    return widget
