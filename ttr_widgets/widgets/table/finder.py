"""The board by keyboard: find a city by typing its name, then its routes and the city itself as
real buttons named in words, beside the plotly board (which has no keyboard access).

A route's button reads as a screen reader says it — ``'Denver–Kansas City, 4 orange, open'``
(or ``claimed by Ann``, ``closed``: the core's answers, ``state.owner`` and
``answers.closed_routes``) — and pressing it (Enter, Space or a click) selects the route through
the very handler a click on the board calls (``TableController.select_route``): the claim panel
opens, the status line says whether and how it can be paid, and the focus moves to the panel's
first way to pay. The city's button does the same for a station or a Depot
(``select_city``). No rule is decided here.

The panel also holds the table's live region and keys (``access.Announcer``): every answer of
the status line (each move, each refusal) is read out, and Alt with a letter draws blind, asks
for a hint, undoes, or moves the focus to the city field, the face-up row or the tickets; the
keys are listed on the page.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Protocol

import ipywidgets as widgets

from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.naming import name_key
from ttr_widgets.rules.state import (
    OPEN,
    CollectChoice,
    GameState,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.words import colour_name
from ttr_widgets.widgets.table.access import Announcer, Shortcut
from ttr_widgets.widgets.table.answers import closed_routes
from ttr_widgets.widgets.table.claim import ClaimPanel
from ttr_widgets.widgets.table.market import Market
from ttr_widgets.widgets.table.status import StatusLine

__all__ = ["CLAIM_FOCUS", "MAX_MATCHES", "TableFinder", "route_words"]

#: Where the focus goes once a route or city is chosen: the claim panel's first way to pay
#: (or its Cancel, when the route cannot be paid now).
CLAIM_FOCUS = ".ttr-claim-option, .ttr-station-option, .ttr-place-depot, .ttr-claim-cancel"
#: Cities offered as buttons while the name typed fits several.
MAX_MATCHES = 8


#: the choices that bring their own panel, where the finder has nothing to offer
_PANEL_CHOICES = (TicketChoice, ShareChoice, TunnelPayment, CollectChoice)


class Table(Protocol):
    """What the finder needs of the table (``controller.TableController``)."""

    market: Market
    status: StatusLine
    claim: ClaimPanel

    def select_route(self, route_id: str) -> None: ...
    def select_city(self, city: str) -> None: ...
    def hint(self) -> None: ...


def route_words(state: GameState, route: Route, start: str) -> str:
    """A route as it is read out, from ``start``'s side: ``'Denver–Kansas City, 4 orange,
    open'``; a tunnel, a ferry's locomotives and who holds it (or that it is closed) said too."""
    board = state.board
    other = route.b if route.a == start else route.a
    kind = " " + _("tunnel") if route.tunnel else ""
    n = route.ferry_locomotives
    ferry = (" " + ngettext("ferry with {n} locomotive", "ferry with {n} locomotives",
                            n).format(n=n) if n else "")
    owner = state.owner(route.id)
    if owner != OPEN:
        held = _("claimed by {name}").format(name=state.players[owner].name)
    elif route.id in closed_routes(state):
        held = _("closed")
    else:
        held = _("open")
    return (f"{board.city_label(start)}–{board.city_label(other)}, {route.length} "
            f"{colour_name(route.color)}{kind}{ferry}, {held}")


class TableFinder(widgets.VBox):
    """The keyboard's way round the board (see the module docstring): a city field
    (``ttr-finder-city``), its routes and the city as buttons (``ttr-finder-route``,
    ``ttr-finder-city-button``), cities that fit a partial name (``ttr-finder-match``), the keys
    (``ttr-keys``) and the live region (``announcer``). ``undo`` and ``hints``: whether the
    table has those keys (a lesson's board has neither: it has Reset and Show me)."""

    def __init__(self, table: Table, *, undo: Callable[[], object] | None = None,
                 hints: bool = True) -> None:
        self._table = table
        self._board: Board | None = None
        self._state: GameState | None = None
        self._keys: dict[str, str] = {}  #: name_key(label or name) → city
        #: the buttons shown, by what they are: a render that shows the same button again
        #: keeps it (a button with the focus stays focused as the list is told again)
        self._made: dict[tuple[str, str, str, str], widgets.Button] = {}
        self.city = widgets.Combobox(ensure_option=False,
                                     layout=widgets.Layout(width="auto"),
                                     style={"description_width": "initial"})
        self.city.add_class("ttr-finder-city")
        self.city.observe(lambda _change: self._render(), "value")
        self.note = widgets.HTML()
        self.note.add_class("ttr-finder-note")
        self.buttons = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.buttons.add_class("ttr-finder-buttons")
        shortcuts = [
            Shortcut("f", N_("find a city"), focus=".ttr-finder-city input"),
            Shortcut("b", N_("draw blind"), table.market.blind.click),
            *([Shortcut("h", N_("hint"), table.hint)] if hints else []),
            *([Shortcut("u", N_("undo"), undo)] if undo is not None else []),
            Shortcut("m", N_("the face-up cards"), focus=".ttr-market-card"),
            Shortcut("t", N_("the tickets to keep"),
                     focus=".ttr-ticket-choice input, .ttr-keep-tickets"),
        ]
        self.announcer = Announcer(shortcuts)
        self.key_list = widgets.HTML()
        self.key_list.add_class("ttr-keys")
        self._label()
        super().__init__([self.city, self.note, self.buttons, self.key_list, self.announcer])
        self.add_class("ttr-finder")
        # the line's HTML is set last in each message (after its text): one announcement each
        table.status.observe(lambda _change: self.announcer.announce(table.status.text),
                             "value")
        table.market.observe(lambda change: self.show(change["new"]), "state")
        table.claim.observe(lambda _change: self._render(), ["route", "city"])
        if table.market.state is not None:
            self.show(table.market.state)

    def _label(self) -> None:
        """The finder's fixed words, in the language now."""
        self.city.placeholder = _("type a city, then Tab to its routes")
        self.city.description = _("Find a city")
        keys = " · ".join(f"<kbd>{s.label}</kbd> {html.escape(_(s.what))}"
                          for s in self.announcer.shortcuts)
        said = _("Keys: {keys}").format(keys=keys)
        self.key_list.value = f'<div style="font-size:12px;color:#4a4a4a">{said}</div>'

    def relabel(self) -> None:
        """The finder's words again, in the language now."""
        self._label()
        self._render()

    @property
    def found(self) -> str | None:
        """The city the field names now (its name in the map file), if one."""
        matches = self._matches()
        return matches[0] if len(matches) == 1 else None

    def show(self, state: GameState | None) -> None:
        """The state the table shows (the viewer's view): routes told as they stand now."""
        if state is None:
            return
        if state.board is not self._board:  # another map: its cities
            self._board = state.board
            cities = state.board.cities
            self._keys = {name_key(c.label): c.name for c in cities}
            self._keys.update({name_key(c.name): c.name for c in cities})
            self.city.options = sorted(c.label for c in cities)
        self._state = state
        self._render()

    def _aside(self) -> bool:
        """While tickets are chosen or shared, a tunnel or a route or city is being paid for, or
        Warehouses are collected, the finder's field steps aside for that panel (on a 768 px
        screen they did not fit together; Cancel brings it back); its live region stays, read
        out as ever."""
        claim, state = self._table.claim, self._state
        busy = claim.route is not None or claim.city is not None
        return busy or (state is not None and isinstance(state.pending, _PANEL_CHOICES))

    def choose_route(self, route_id: str) -> None:
        """Select a route as a click on the board does, then move the focus to the claim."""
        self._table.select_route(route_id)
        self.announcer.focus_on(CLAIM_FOCUS)

    def choose_city(self, city: str) -> None:
        """Select a city (a station, a Depot) as a click on the board does."""
        self._table.select_city(city)
        self.announcer.focus_on(CLAIM_FOCUS)

    def _matches(self) -> list[str]:
        typed = name_key(self.city.value)
        if not typed or self._board is None:
            return []
        if typed in self._keys:
            return [self._keys[typed]]
        return sorted({city for key, city in self._keys.items() if key.startswith(typed)},
                      key=self._board.city_label)

    def _render(self) -> None:
        state = self._state
        if state is None:
            return
        board = state.board
        matches = self._matches()
        if not self.city.value.strip():
            self.note.value = ""
            self.buttons.children = ()
        elif not matches:
            self.note.value = _note(_("No city of this map starts with “{typed}”.").format(
                typed=self.city.value.strip()))
            self.buttons.children = ()
        elif len(matches) > 1:
            shown = matches[:MAX_MATCHES]
            more = len(matches) - len(shown)
            fit = ngettext("{n} city fits", "{n} cities fit", len(matches)).format(
                n=len(matches))
            self.note.value = _note(
                (_("{fit}; type more to see the other {more}:") if more else _("{fit}:"))
                .format(fit=fit, more=more))
            self.buttons.children = tuple(self._match_button(board, c) for c in shown)
        else:
            city = matches[0]
            routes = sorted(board.routes_at.get(city, ()),
                            key=lambda r: (board.city_label(r.b if r.a == city else r.a), r.id))
            self.note.value = _note(ngettext("{city}: {n} route; Enter selects one.",
                                             "{city}: {n} routes; Enter selects one.",
                                             len(routes)).format(city=board.city_label(city),
                                                                 n=len(routes)))
            parts = [self._route_button(state, route, city) for route in routes]
            piece = _piece_words(state)
            if piece:
                parts.append(self._city_button(board, city, piece))
            self.buttons.children = tuple(parts)
        self._made = {key: b for key, b in self._made.items() if b in self.buttons.children}
        # a note or a row that says nothing takes no line (an empty HTML widget keeps
        # ipywidgets' 28 px line, which pushed the hand's last line off a 768 px screen)
        aside = self._aside()
        for part, shown in ((self.city, True), (self.key_list, True),
                            (self.note, bool(self.note.value)),
                            (self.buttons, bool(self.buttons.children))):
            part.layout.display = None if shown and not aside else "none"

    def _route_button(self, state: GameState, route: Route, city: str) -> widgets.Button:
        words = route_words(state, route, city)
        return self._made_button(
            "ttr-finder-route", words,
            _("Select {route}, as a click on the board does").format(route=words.split(',')[0]),
            route.id, lambda: self.choose_route(route.id))

    def _city_button(self, board: Board, city: str, piece: str) -> widgets.Button:
        label = board.city_label(city)
        return self._made_button(
            "ttr-finder-city-button", f"{label}: {piece}",
            _("Select {city} itself, as a click on the board does").format(city=label),
            city, lambda: self.choose_city(city))

    def _match_button(self, board: Board, city: str) -> widgets.Button:
        label = board.city_label(city)
        return self._made_button("ttr-finder-match", label,
                                 _("Show the routes of {city}").format(city=label), city,
                                 lambda: setattr(self.city, "value", label))

    def _made_button(self, kind: str, words: str, tip: str, target: str,
                     act: Callable[[], object]) -> widgets.Button:
        """The button of class ``kind`` reading ``words`` for ``target``: the one shown
        already if the last render made it (so that the focus stays on it), else a new one."""
        key = (kind, words, tip, target)
        button = self._made.get(key)
        if button is None:
            button = _button(words, tip)
            button.add_class(kind)
            button.on_click(lambda _b: act())
            self._made[key] = button
        return button


def _piece_words(state: GameState) -> str:
    """What a city may hold in this game: a station, a Depot, or both (nothing: no button)."""
    station, depot = state.board.has_stations, bool(state.warehouses)
    if station and depot:
        return _("station or Depot")
    return _("station") if station else _("Depot") if depot else ""


def _button(text: str, tip: str) -> widgets.Button:
    button = widgets.Button(description=text, tooltip=tip,
                            layout=widgets.Layout(width="auto", height="26px", margin="1px"))
    button.style.font_size = "12px"
    return button


def _note(text: str) -> str:
    return f'<div style="font-size:12px;color:#303030">{html.escape(text)}</div>'
