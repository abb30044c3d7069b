"""Claiming: the selected route's (or city's) legal payments, and a revealed tunnel's surcharge.

Everything offered comes from ``legal_actions`` (through ``rules.advice``): a payment button is
only shown when the rules allow it, and when none is allowed the panel says which rule stands in
the way. Gray routes and stations first ask for the colour, then list the ways to pay in it. In
a team game a payment comes from the hand and the team holder together, each way named by
where its cards come from (``advice.payment_text``); beyond the first few, the other ways to
pay are in a list under them, so the panel stays compact however many the cards allow.
With Warehouses & Depots a city also offers "Place a Depot here" (a free action) when the rules
allow it, or says which rule forbids it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    PayTunnel,
    PlaceDepot,
)
from ttr_widgets.rules.advice import (
    claim_refusal,
    depot_refusal,
    route_payments,
    station_cost,
    station_payments,
    station_refusal,
    tunnel_payments,
)
from ttr_widgets.rules.catalog import explain
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import CARD_NAMES, GRAY, LOCOMOTIVE, Board, Route
from ttr_widgets.rules.state import OPEN, GameState, TunnelPayment
from ttr_widgets.rules.words import colour_name, is_you
from ttr_widgets.widgets.table.market import CARD_FILL, CARD_INK, card_chip
from ttr_widgets.widgets.table.status import payment_text, why_html

__all__ = ["MAX_BUTTONS", "ClaimPanel", "TunnelPanel", "route_title"]

Handler = Callable[[Action], object]
Payment = ClaimRoute | BuildStation


def route_title(board: Board, route: Route) -> str:
    """``'Denver – Omaha · 4 red · 7 points'`` (French ``'Denver – Omaha · 4 rouge · 7
    points'``)."""
    points = board.route_points(route)
    return _("{a} – {b} · {length} {colour} · {points}").format(
        a=board.city_label(route.a), b=board.city_label(route.b), length=route.length,
        colour=colour_name(route.color),
        points=ngettext("{n} point", "{n} points", points).format(n=points))


#: The ways to pay shown as buttons; any more are in a list under them (a team game's hand and
#: holder together can pay one route dozens of ways).
MAX_BUTTONS = 4

#: Under a route or station refused: the reason itself is in the status line (one place).
_POINTER = N_("Not possible now: the line at the top says why.")


def _next_station(cost: int) -> str:
    """'Your next station costs 2 cards.'"""
    return ngettext("Your next station costs {n} card.", "Your next station costs {n} cards.",
                    cost).format(n=cost)


def _refusal_html(piece: str, refusal: RulesError | None) -> str:
    """``'Depot: <sentence> why?'`` — one of two pieces refused in a Warehouses & Depots city
    (the status line tells only one of them)."""
    piece = _(piece)
    if refusal is None:
        return html.escape(piece)
    return f"{html.escape(piece)}: {html.escape(refusal.reason)} {why_html(refusal.rule)}"


class ClaimPanel(widgets.VBox):
    """The claim flow for the selected ``route`` (or the station flow for ``city``).

    Payment buttons carry ``ttr-claim-option`` (routes) or ``ttr-station-option`` (stations);
    the colour picker ``ttr-claim-color``; ``ttr-claim-cancel`` clears the selection. Options
    are listed only while ``active`` (a person may act and sees their hand). In a game with
    Warehouses & Depots a city also shows ``Place a Depot here`` (``ttr-place-depot``) when
    the rules allow it."""

    state = traitlets.Instance(GameState, allow_none=True)
    route = traitlets.Unicode(None, allow_none=True)
    city = traitlets.Unicode(None, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler, on_cancel: Callable[[], object]) -> None:
        self._on_action = on_action
        self.title = widgets.HTML()
        self.title.add_class("ttr-claim-title")
        self.notes = widgets.HTML()
        self.notes.add_class("ttr-claim-notes")
        self.colors = widgets.Dropdown(options=[],
                                       layout=widgets.Layout(width="160px"))
        self.colors.style.description_width = "48px"
        self.colors.add_class("ttr-claim-color")
        self.colors.observe(lambda _c: self._show_options(), names="value")
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.more = widgets.Dropdown(options=[],
                                     layout=widgets.Layout(width="auto", max_width="100%"))
        self.more.style.description_width = "18px"
        self.more.add_class("ttr-claim-more")
        self.more_pay = widgets.Button(icon="check",
                                       layout=widgets.Layout(width="auto", margin="2px"))
        self.more_pay.add_class("ttr-claim-more-pay")
        self.more_pay.on_click(lambda _b: self._pay_more())
        self.more_row = widgets.HBox([self.more, self.more_pay],
                                     layout=widgets.Layout(flex_flow="row wrap",
                                                           align_items="center"))
        self.cancel = widgets.Button(icon="times", layout=widgets.Layout(
            width="auto", height="24px", flex="0 0 auto", margin="0 0 0 4px"))
        self.cancel.add_class("ttr-claim-cancel")
        self.cancel.on_click(lambda _b: on_cancel())
        self.title.layout.flex = "1 1 auto"  # a long title wraps beside Cancel
        #: the title with Cancel at its right, as a dialog's close: the ways to pay keep a row
        self.head = widgets.HBox([self.title, self.cancel],
                                 layout=widgets.Layout(align_items="flex-start"))
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        #: the notes with the colour picker after them: a short note ("Gray route: pay with
        #: any one colour.") and the picker share a row, so the ways to pay keep theirs
        self.notes.layout.flex = "0 1 auto"
        self.notes_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                            align_items="center"))
        self.place_depot = widgets.Button(icon="home",
                                          layout=widgets.Layout(width="auto", margin="2px"))
        self.place_depot.add_class("ttr-place-depot")
        self.place_depot.on_click(lambda _b: self._depot_clicked())
        self.payments: tuple[Payment, ...] = ()
        self._rest: tuple[Payment, ...] = ()  #: the payments in the list, not as buttons
        self.depot: PlaceDepot | None = None  #: the Depot offered (Warehouses & Depots)
        self._cost = 0
        super().__init__([], layout=widgets.Layout(border="1px solid #c9bfa5", padding="4px",
                                                   margin="4px 0"))
        self.add_class("ttr-claim")
        self.relabel()

    def relabel(self) -> None:
        """The panel's words again, in the language now."""
        self.colors.description = _("Colour")
        self.more.description = _("or")
        self.more_pay.description = _("Pay this way")
        self.cancel.description = _("Cancel")
        self.place_depot.description = _("Place a Depot here")
        self.place_depot.tooltip = _("A free action: your turn goes on")
        self.colors.options = []  # the colours' names again
        self._render()

    @traitlets.observe("state", "route", "city", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        self.payments = ()
        self.depot = None
        if state is None or (self.route is None and self.city is None):
            # Nothing selected: the panel stays out of the way (the status line's prompt says
            # to click a route).
            said = (_("Click a route on the board to claim it, or a city to build a station.")
                    if state is not None and state.board.has_stations else
                    _("Click a route on the board to claim it."))
            self.title.value = f'<div style="font-size:12px;color:#555">{said}</div>'
            self.children = (self.title,)
            self.layout.display = "none"
            return
        self.layout.display = None
        if self.route is not None:
            self._render_route(state, state.board.route(self.route))
        elif state.warehouses:
            assert self.city is not None
            self._render_city(state, self.city)
        else:
            assert self.city is not None
            self._render_station(state, self.city)

    def _render_route(self, state: GameState, route: Route) -> None:
        board = state.board
        self.title.value = f'<b style="font-size:13px">{html.escape(route_title(board, route))}</b>'
        notes = []
        if route.is_ferry:
            n = route.ferry_locomotives
            notes.append(ngettext("Ferry: pay at least {n} locomotive.",
                                  "Ferry: pay at least {n} locomotives.", n).format(n=n)
                         + " " + explain("ferry.locomotives"))
        if route.tunnel and board.rules.tunnel_reveal:
            notes.append(_("Tunnel: {rule}").format(rule=explain("tunnel.reveal")))
        if route.color == GRAY:
            notes.append(_("Gray route: pay with any one colour."))
        if state.teams:
            notes.append(_("Team game: pay with your hand and your team's holder together."))
        owner = state.owners[route.index]
        if owner != OPEN:
            notes.append(_("Claimed by {name}.").format(name=state.players[owner].name))
        payments: tuple[Payment, ...] = route_payments(state, route.id) if self.active else ()
        refusal = claim_refusal(state, route.id) if self.active and not payments else None
        self._cost = route.length
        self._finish(notes, payments, _(_POINTER) if refusal else None)

    def _render_station(self, state: GameState, city: str) -> None:
        title = _("Station in {city}").format(city=state.board.city_label(city))
        self.title.value = f'<b style="font-size:13px">{html.escape(title)}</b>'
        cost = station_cost(state)
        notes = [explain("station.cost"), explain("station.borrow")]
        if cost is not None:
            notes.insert(0, _next_station(cost))
        payments: tuple[Payment, ...] = station_payments(state, city) if self.active else ()
        refusal = station_refusal(state, city) if self.active and not payments else None
        self._cost = cost or 0
        self._finish(notes, payments, _(_POINTER) if refusal else None)

    def _render_city(self, state: GameState, city: str) -> None:
        """A city in a Warehouses & Depots game: its station payments (maps with stations) and
        the Depot, each offered when legal or refused with its rule."""
        board = state.board
        title = (_("Station or Depot in {city}") if board.has_stations else
                 _("Depot in {city}")).format(city=board.city_label(city))
        self.title.value = f'<b style="font-size:13px">{html.escape(title)}</b>'
        notes = [explain("wd.place"), explain("wd.one-piece")]
        refusals: list[str] = []
        payments: tuple[Payment, ...] = ()
        self._cost = 0
        if board.has_stations:
            cost = station_cost(state)
            notes[:0] = ([_next_station(cost)] if cost is not None
                         else []) + [explain("station.cost")]
            payments = station_payments(state, city) if self.active else ()
            self._cost = cost or 0
            if self.active and not payments:
                refusals.append(_refusal_html(N_("Station"), station_refusal(state, city)))
        piece = state.piece_at(city)
        if piece is not None:
            owners = state.station_owners() if piece == "station" else state.depot_owners()
            name = state.players[owners[city]].name
            if piece == "station":
                here = (_("Your station stands here.") if is_you(name) else
                        _("{name}'s station stands here."))
            else:
                here = (_("Your Depot stands here.") if is_you(name) else
                        _("{name}'s Depot stands here."))
            notes.append(here.format(name=name))
        left = state.depots_left[state.current]
        name = state.player.name
        notes.append((ngettext("You have {n} Depot beside the Warehouse.",
                               "You have {n} Depots beside the Warehouse.", left)
                      if is_you(name) else
                      ngettext("{name} has {n} Depot beside the Warehouse.",
                               "{name} has {n} Depots beside the Warehouse.", left)
                      ).format(name=name, n=left))
        if self.active:
            refusal = depot_refusal(state, city)
            if refusal is None:
                self.depot = PlaceDepot(city)
            else:
                refusals.append(_refusal_html(N_("Depot"), refusal))
        self._finish(notes, payments, refusals)

    def _depot_clicked(self) -> None:
        if self.depot is not None:
            self._on_action(self.depot)

    def _finish(self, notes: Sequence[str], payments: tuple[Payment, ...],
                refusal: str | Sequence[str] | None) -> None:
        lines = [f'<div style="font-size:12px;color:#444">{html.escape(n)}</div>' for n in notes]
        refusals = [refusal] if isinstance(refusal, str) else list(refusal or ())
        if not self.active:
            later = _("Payments are shown on your turn.")
            lines.append(f'<div style="font-size:12px;color:#666">{later}</div>')
        for text in refusals if self.active else ():
            lines.append(f'<div class="ttr-claim-refusal" style="font-size:12px;'
                         f'color:#8a1c12">⚠ {text}</div>')
        self.notes.value = "".join(lines)
        self.payments = payments
        colors = list(dict.fromkeys(p.color for p in payments))
        options = [(colour_name(c), c) for c in colors]
        if list(self.colors.options) != options:
            best = min(colors, key=lambda c: min(p.locomotives for p in payments
                                                 if p.color == c)) if colors else None
            self.colors.options = options  # resets the value to the first option
            self.colors.value = best
        picker = (self.colors,) if len(colors) > 1 else ()
        self._show_options()
        depot = (self.place_depot,) if self.depot is not None else ()
        # the picker follows the notes and the ways to pay have their row (each wraps): a
        # compact panel
        self.notes_row.children = (self.notes, *picker)
        self.actions.children = (self.options, self.more_row)
        self.children = (self.head, self.notes_row, *depot, self.actions)

    def _show_options(self) -> None:
        color = self.colors.value if len(self.colors.options) > 1 else None
        shown = [p for p in self.payments if color is None or p.color == color]
        self.options.children = tuple(self._option(p) for p in shown[:MAX_BUTTONS])
        rest = shown[MAX_BUTTONS:]
        self.more.options = [(self._text(p), i) for i, p in enumerate(rest)]
        self._rest = tuple(rest)
        self.more_row.layout.display = None if rest else "none"

    def _pay_more(self) -> None:
        """Pay the way picked in the list under the buttons."""
        if self._rest and self.more.value is not None:
            self._on_action(self._rest[self.more.value])

    def _text(self, payment: Payment) -> str:
        """The payment in words, with where its cards come from in a team game."""
        if isinstance(payment, ClaimRoute):
            return payment_text(payment.color, self._cost - payment.locomotives,
                                payment.locomotives, payment.holder_cards,
                                payment.holder_locomotives)
        return payment_text(payment.color, self._cost - payment.locomotives, payment.locomotives)

    def _option(self, payment: Payment) -> widgets.Button:
        station = isinstance(payment, BuildStation)
        text = self._text(payment)
        said = _("Build {payment}") if station else _("Pay {payment}")
        tip = _("Build the station with {payment}") if station else _("Claim with {payment}")
        button = widgets.Button(description=said.format(payment=text),
                                layout=widgets.Layout(width="auto", margin="2px"),
                                tooltip=tip.format(payment=text))
        color = payment.color
        button.style.button_color = CARD_FILL[color]
        button.style.text_color = CARD_INK[color]
        button.add_class("ttr-station-option" if station else "ttr-claim-option")
        button.on_click(lambda _b: self._on_action(payment))
        return button


class TunnelPanel(widgets.VBox):
    """A revealed tunnel: the cards turned up, the surcharge, ``Pay`` buttons
    (``ttr-pay-tunnel``, one per legal way to pay) and ``Decline`` (``ttr-decline-tunnel``).
    Shown while a tunnel payment is pending and ``active``."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self.info = widgets.HTML()
        self.info.add_class("ttr-tunnel-info")
        self.pay_buttons: list[widgets.Button] = []
        self.payments: tuple[PayTunnel, ...] = ()  #: the legal ways to pay (may be none)
        self.decline = widgets.Button(description=_("Decline (keep my cards)"), icon="undo",
                                      layout=widgets.Layout(width="auto"))
        self.decline.add_class("ttr-decline-tunnel")
        self.decline.on_click(lambda _b: self._on_action(DeclineTunnel()))
        super().__init__([], layout=widgets.Layout(border="2px solid #1a1a1a", padding="4px",
                                                   margin="4px 0", display="none"))
        self.add_class("ttr-tunnel")

    def relabel(self) -> None:
        """The panel's words again, in the language now."""
        self.decline.description = _("Decline (keep my cards)")
        self._render()

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        pending = state.pending if state is not None else None
        if state is None or not isinstance(pending, TunnelPayment):
            self.layout.display = "none"
            self.children, self.pay_buttons, self.payments = (), [], ()
            return
        self.layout.display = None
        board = state.board
        route = board.route(pending.route)
        revealed = "".join(card_chip(CARD_NAMES[c]) for c in pending.revealed) or \
            html.escape(_("no cards"))
        offered = payment_text(pending.color, route.length - pending.locomotives,
                               pending.locomotives, pending.holder_cards,
                               pending.holder_locomotives)
        paid_in = (_("locomotives") if pending.color == LOCOMOTIVE
                   else _("{colour} or locomotives").format(colour=colour_name(pending.color)))
        if state.teams:
            paid_in = _("{cards}, from your hand or your team's holder").format(cards=paid_in)
        title = _("Tunnel {route}").format(route=route_title(board, route))
        shown = _("Revealed:")
        offer = _("{name} offered {payment}.").format(name=state.player.name, payment=offered)
        extra = ngettext("{n} extra card", "{n} extra cards", pending.extra).format(
            n=pending.extra)
        cost = _("Each card matching the offer (or a locomotive) costs one more: {extra}, in "
                 "{cards}.").format(extra=f"<b>{html.escape(extra)}</b>",
                                    cards=html.escape(paid_in))
        self.info.value = (
            f'<div style="font-size:12px"><b>{html.escape(title)}</b><br>{html.escape(offer)} '
            f'{html.escape(shown)} {revealed}<br>{cost}</div>')
        if not self.active:
            self.children = (self.info,)
            return
        pays = self.payments = tunnel_payments(state)
        if not pays:  # a Pay button still, and the core will say why it cannot work
            fallback = pending.extra if pending.color == LOCOMOTIVE else 0
            pays = (PayTunnel(fallback),)
        self.pay_buttons = [self._pay(pending, p) for p in pays]
        self.children = (self.info, widgets.HBox(self.pay_buttons,
                                                 layout=widgets.Layout(flex_flow="row wrap")),
                         self.decline)

    def _pay(self, pending: TunnelPayment, pay: PayTunnel) -> widgets.Button:
        colored = pending.extra - pay.locomotives
        text = payment_text(pending.color, colored, pay.locomotives, pay.holder_cards,
                            pay.holder_locomotives)
        said = (_("Pay {n} more: {payment}") if pay.holder_cards or pay.holder_locomotives
                else _("Pay {payment} more")).format(n=pending.extra, payment=text)
        button = widgets.Button(description=said, button_style="warning",
                                layout=widgets.Layout(width="auto", margin="2px"))
        button.add_class("ttr-pay-tunnel")
        button.on_click(lambda _b: self._on_action(pay))
        return button
