"""The tunnel odds explorer: pick a tunnel, say what you hold and what you can see, and read the
exact chance of each surcharge, whether your hand can pay it, and what one more card would do.

    explorer = TunnelOddsExplorer(load_map("europe"), route_id="eu-085",   # Paris–Zurich
                                  hand={"red": 4, "locomotive": 1})
    explorer                                                                # in a notebook
    explorer.set_hand({"red": 6, "locomotive": 1})                          # drawn again

    TunnelOddsExplorer.from_state(state, "eu-085")    # hand, face-up row and discards of a game

Every number comes from ``ttr_widgets.rules.odds``; the widget only gathers the inputs, asks the
core, and shows the answer: one bar chart and a few sentences. The chart is a plain
``go.Figure`` shown in an ``Output`` widget (``score_plots.show_figure``) and shown again after
each change, a bar chart of four bars redrawing in no time. Give the opening hand to the
constructor rather than to ``set_hand`` at once: under ``ttr serve`` each showing is a new chart
widget and the one it replaces is closed seconds later, which a page still loading may not know
yet (a "Comm not found" in its console). Impossible input (more cards than the deck holds,
negative counts) shows the core's error sentence instead of the numbers.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import (
    CARD_NAMES,
    COLORS,
    EMPTY_HAND,
    GRAY,
    LOCOMOTIVE,
    ROUTE_COLORS,
    Board,
    Hand,
    Route,
    hand_dict,
    hand_from,
)
from ttr_widgets.rules.odds import (
    DEFAULT_REVEAL,
    TunnelOdds,
    WhatIfOdds,
    tunnel_odds,
    visible_cards,
    what_if_one_more,
)
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import cards, colour_name, colour_of, decimal, is_you, route_label
from ttr_widgets.widgets.batch import Batch
from ttr_widgets.widgets.plots.lab_plots import distribution_figure, distribution_texts, percent
from ttr_widgets.widgets.plots.score_plots import show_figure
from ttr_widgets.widgets.table.address import PageAddress

__all__ = ["BY_HAND", "TunnelOddsExplorer"]

BY_HAND = ""  #: the tunnel dropdown's value when colour and length are chosen by hand


class TunnelOddsExplorer(widgets.VBox):
    """The explorer (an ipywidgets box). Inputs: ``tunnel`` (a Europe tunnel, or ``BY_HAND``),
    ``route_color`` and ``length`` (used by hand), ``play`` (the colour played, or
    ``'locomotive'`` for an all-locomotive offer), ``hand_inputs`` and ``seen_inputs`` (one
    ``IntText`` per card name). Outputs: ``figure`` (the bars, a ``go.Figure`` shown in
    ``chart``), ``summary``, ``can_pay_label``,
    ``what_if_label``, ``offer_note`` and ``error``; ``odds`` and ``what_if`` hold the exact
    numbers last shown (``None`` after bad input)."""

    def __init__(self, board: Board | None = None, *, route_id: str | None = None,
                 hand: Hand | Mapping[str, int] = EMPTY_HAND,
                 seen: Hand | Mapping[str, int] = EMPTY_HAND, play: str | None = None,
                 source: str = "") -> None:
        self.board = board if board is not None else load_map("europe")
        self.tunnels: tuple[Route, ...] = tuple(r for r in self.board.routes if r.tunnel)
        self.reveal = self.board.rules.tunnel_reveal or DEFAULT_REVEAL
        self.odds: TunnelOdds | None = None
        self.what_if: WhatIfOdds | None = None
        self._batch = Batch(self._update)  #: changes drawn once, at the end
        self._play_chosen = False  #: the user picked what to play: keep it as the hand changes
        self._setting_play = False
        self._filled_from: str | None = None  #: whose hand ``from_state`` filled in
        self._build_inputs()
        self._build_outputs(source)
        with self._batch:
            self._set_counts(self.hand_inputs, _as_hand(hand))
            self._set_counts(self.seen_inputs, _as_hand(seen))
            self.select(route_id if route_id is not None else self._default_route())
            if play is not None:
                self._choose_play(play)
        self.address = PageAddress("Probability-Lab")  # the page's language, told late
        super().__init__([self._inputs_box(), self.chart, self.summary, self.can_pay_label,
                          self.what_if_label, self.offer_note, self.error, self.source,
                          self.address])
        self.add_class("ttr-odds-explorer")
        i18n.on_change(self._language_changed)

    @classmethod
    def from_state(cls, state: GameState, route_id: str, *, player: int | None = None,
                   play: str | None = None) -> TunnelOddsExplorer:
        """The explorer for ``route_id`` as ``player`` (default: whoever is to move) sees it in
        ``state``: their hand, and as seen cards the face-up row and the discard pile (in the
        real game the discards lie face up, so every player may know them)."""
        route = state.board.route(route_id)
        if not route.tunnel:
            raise ValueError(f"route_id: {route} is not a tunnel")
        hand, seen = visible_cards(state, player)
        who = state.players[state.current if player is None else player].name
        explorer = cls(state.board, route_id=route_id, hand=hand, seen=seen, play=play,
                       source=_filled_in(who))
        explorer._filled_from = who
        return explorer

    def __repr__(self) -> str:
        return (f"TunnelOddsExplorer({self.board!r}, route_id={self.tunnel.value or None!r}, "
                f"hand={self.hand!r}, seen={self.seen!r}, play={self.play.value!r})")

    # -- building -------------------------------------------------------------------------

    def _build_inputs(self) -> None:
        self.tunnel = widgets.Dropdown(options=self._tunnel_options(), layout=_width(420))
        self.route_color = widgets.Dropdown(options=_colour_options(ROUTE_COLORS), value=GRAY,
                                            layout=_width(210))
        longest = max(n for n, _points in self.board.rules.route_points)
        self.length = widgets.BoundedIntText(value=2, min=1, max=longest, layout=_width(210))
        self.play = widgets.Dropdown(layout=_width(300))
        self.hand_inputs = {name: _count_input(name) for name in CARD_NAMES}
        self.seen_inputs = {name: _count_input(name) for name in CARD_NAMES}
        self.tunnel.observe(self._on_tunnel, "value")
        self.route_color.observe(self._on_route_color, "value")
        self.play.observe(self._on_play, "value")
        for box in (self.length, self.play, *self.seen_inputs.values()):
            box.observe(self._on_change, "value")
        for box in self.hand_inputs.values():
            box.observe(self._on_hand, "value")
        self.hand_heading, self.seen_heading = widgets.HTML(), widgets.HTML()
        self._label()

    def _tunnel_options(self) -> list[tuple[str, str]]:
        return [(_("choose colour and length by hand"), BY_HAND)] + \
            [(route_label(r), r.id) for r in self.tunnels]

    def _label(self) -> None:
        """The inputs' words in the language now (their values kept)."""
        self.tunnel.description = _("Tunnel")
        self.route_color.description = _("Colour")
        self.length.description = _("Length")
        self.play.description = _("You play")
        for inputs in (self.hand_inputs, self.seen_inputs):
            for name, box in inputs.items():
                box.description = colour_name(name)
        self.hand_heading.value = "<b>" + html.escape(_("Your hand")) + "</b>"
        self.seen_heading.value = "<b>" + html.escape(
            _("Cards you can see (face-up row, known discards)")) + "</b>"

    def relabel(self) -> None:
        """Every word of the explorer again in the language now (a served page learns it from
        its address after it is built): the inputs, the lists, the chart and the sentences."""
        with self._batch:
            self._setting_play = True
            try:
                tunnel, colour, play = (self.tunnel.value, self.route_color.value,
                                        self.play.value)
                self.tunnel.options = self._tunnel_options()
                self.tunnel.value = tunnel
                self.route_color.options = _colour_options(ROUTE_COLORS)
                self.route_color.value = colour
                self.play.options = self._play_choices()
                self.play.value = play
            finally:
                self._setting_play = False
            self._label()
            self.figure.layout.xaxis.title.text = _("revealed cards that cost one more")
            self.figure.layout.yaxis.title.text = _("chance")
            if self._filled_from is not None:
                self.source.value = _muted(_filled_in(self._filled_from))

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def _build_outputs(self, source: str) -> None:
        zeros = (Fraction(0),) * (self.reveal + 1)
        self.figure = distribution_figure(zeros)
        self.chart = widgets.Output()
        self.chart.add_class("ttr-odds-chart")
        self.summary = _label("ttr-odds-summary")
        self.can_pay_label = _label("ttr-odds-can-pay")
        self.what_if_label = _label("ttr-odds-what-if")
        self.offer_note = _label("ttr-odds-offer-note")
        self.error = _label("ttr-odds-error")
        self.source = _label("ttr-odds-source")
        self.source.value = _muted(source) if source else ""

    def _inputs_box(self) -> widgets.Widget:
        def row(heading: widgets.HTML, inputs: Mapping[str, widgets.IntText]) -> widgets.Widget:
            return widgets.VBox([heading, widgets.GridBox(
                list(inputs.values()),
                layout=widgets.Layout(grid_template_columns="repeat(5, 142px)"))])

        return widgets.VBox([
            widgets.HBox([self.tunnel, self.play]),
            widgets.HBox([self.route_color, self.length]),
            row(self.hand_heading, self.hand_inputs),
            row(self.seen_heading, self.seen_inputs),
        ])

    def _default_route(self) -> str:
        return self.tunnels[0].id if self.tunnels else BY_HAND

    # -- reading and setting the inputs ---------------------------------------------------

    @property
    def hand(self) -> Hand:
        return tuple(self.hand_inputs[name].value for name in CARD_NAMES)

    @property
    def seen(self) -> Hand:
        return tuple(self.seen_inputs[name].value for name in CARD_NAMES)

    @property
    def color(self) -> str:
        """The tunnel's colour (``'gray'`` for any colour)."""
        return str(self.route_color.value)

    def set_hand(self, hand: Hand | Mapping[str, int]) -> None:
        """Replace the whole hand (counts by card name, or a nine-count tuple) and update once."""
        with self._batch:
            self._set_counts(self.hand_inputs, _as_hand(hand))

    def set_seen(self, seen: Hand | Mapping[str, int]) -> None:
        """Replace the seen cards and update once."""
        with self._batch:
            self._set_counts(self.seen_inputs, _as_hand(seen))

    def select(self, route_id: str) -> None:
        """Show tunnel ``route_id`` (or ``BY_HAND``)."""
        if route_id != BY_HAND and route_id not in {r.id for r in self.tunnels}:
            raise ValueError(f"route_id: {route_id!r} is not a tunnel of the "
                             f"{self.board.name} map")
        with self._batch:
            if self.tunnel.value == route_id:
                self._on_tunnel()
            self.tunnel.value = route_id

    def _choose_play(self, play: str) -> None:
        allowed = [value for _text, value in self.play.options]
        if play not in allowed:
            raise ValueError(f"play: {play!r} cannot pay this {self.color} tunnel; "
                             f"play one of {', '.join(allowed)}")
        self.play.value = play

    @staticmethod
    def _set_counts(inputs: Mapping[str, widgets.IntText], counts: Hand) -> None:
        for name, n in zip(CARD_NAMES, counts, strict=True):
            inputs[name].value = n

    # -- handlers -------------------------------------------------------------------------

    def _on_tunnel(self, _change: Any = None) -> None:
        with self._batch:
            self._play_chosen = False
            by_hand = self.tunnel.value == BY_HAND
            self.route_color.disabled = self.length.disabled = not by_hand
            if not by_hand:
                route = self.board.route(self.tunnel.value)
                self.route_color.value = route.color
                self.length.value = route.length
            self._play_options()

    def _on_route_color(self, _change: Any = None) -> None:
        with self._batch:
            self._play_chosen = False
            self._play_options()

    def _on_change(self, _change: Any = None) -> None:
        if not self._batch.open:
            self._update()

    def _on_hand(self, _change: Any = None) -> None:
        with self._batch:
            if not self._play_chosen:
                self._play_options()

    def _on_play(self, _change: Any = None) -> None:
        if not self._setting_play:
            self._play_chosen = True

    def _play_options(self) -> None:
        """The colours one may play on this tunnel, then the all-locomotive offer. Until the
        user picks one, play the colour held most (the first such colour on a tie)."""
        colors = COLORS if self.color == GRAY else (self.color,)
        options = self._play_choices()
        hand = self.hand
        best = max(colors, key=lambda c: (hand[CARD_NAMES.index(c)], -colors.index(c)))
        self._setting_play = True
        try:
            if list(self.play.options) != options:
                self.play.options = options
            self.play.value = best
        finally:
            self._setting_play = False

    def _play_choices(self) -> list[tuple[str, str]]:
        """What may be played on this tunnel, named in the reader's language."""
        colors = COLORS if self.color == GRAY else (self.color,)
        return [*_colour_options(colors), (_("only locomotives"), LOCOMOTIVE)]

    # -- the answer -----------------------------------------------------------------------

    def _update(self) -> None:
        try:
            odds = tunnel_odds(self.play.value, self.length.value, self.hand, self.seen,
                               self.board.deck, self.reveal)
            what_if = what_if_one_more(self.play.value, self.length.value, self.hand,
                                       self.seen, self.board.deck, self.reveal)
        except TTRError as exc:
            self._show_error(str(exc))
            return
        self.odds, self.what_if = odds, what_if
        self.error.value = ""
        bars = self.figure.data[0]
        bars.y = [float(p) for p in odds.distribution]
        bars.text = list(distribution_texts(odds.distribution))
        self.figure.layout.title.text = self._title(odds)
        self._draw()
        self.summary.value = _summary(odds)
        self.can_pay_label.value = _can_pay(odds)
        self.what_if_label.value = _what_if(odds, what_if)
        self.offer_note.value = _offer_note(odds)

    def _show_error(self, sentence: str) -> None:
        self.odds = self.what_if = None
        self.figure.data[0].y = [0.0] * (self.reveal + 1)
        self.figure.data[0].text = [""] * (self.reveal + 1)
        self.figure.layout.title.text = _("No odds: check the cards")
        self._draw()
        for label in (self.summary, self.can_pay_label, self.what_if_label, self.offer_note):
            label.value = ""
        title = html.escape(_("Check the cards"))
        check = _("{title}: {said}").format(title=f"<b>{title}</b>", said=html.escape(sentence))
        self.error.value = f'<div style="color:#b00020">{check}.</div>'

    def _draw(self) -> None:
        """Show the figure as it is now (replacing the chart drawn before)."""
        show_figure(self.chart, self.figure, self.figure.layout.title.text)

    def _title(self, odds: TunnelOdds) -> str:
        route = route_label(self.board.route(self.tunnel.value)) \
            if self.tunnel.value != BY_HAND else \
            _("a {n}-long {colour} tunnel").format(n=odds.length, colour=colour_of(self.color))
        if odds.all_locomotive:
            return _("Extra cards for {route}, played in all locomotives").format(route=route)
        return _("Extra cards for {route}, played in {colour}").format(
            route=route, colour=colour_name(odds.color))


# --- sentences ------------------------------------------------------------------------------


def _filled_in(who: str) -> str:
    """Where the explorer's cards come from, when a game's state filled them in."""
    said = (_("Filled in from your hand; the seen cards are the face-up row and the discard "
              "pile, which lies face up on the table in the real game, so every player may "
              "count it.") if is_you(who) else
            _("Filled in from {name}'s hand; the seen cards are the face-up row and the "
              "discard pile, which lies face up on the table in the real game, so every "
              "player may count it."))
    return said.format(name=who)


def _colour_options(colours: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
    """A dropdown of colours, each named in the reader's language, its value the colour."""
    return [(colour_name(c), c) for c in colours]


def _summary(odds: TunnelOdds) -> str:
    counted = (_("locomotives") if odds.all_locomotive else
               _("{colour} cards and locomotives").format(
                   colour=colour_of(odds.counted, odds.matching)))
    unseen = ngettext("You cannot see {pool} card;", "You cannot see {pool} cards;",
                      odds.pool).format(pool=f"<b>{odds.pool}</b>")
    cost = ngettext("{n} of them ({counted}) would cost one more card.",
                    "{n} of them ({counted}) would each cost one more card.",
                    odds.matching).format(n=f"<b>{odds.matching}</b>", counted=counted)
    revealed = ngettext(
        "{n} is turned up; on average the tunnel asks for {extra} extra cards.",
        "{n} are turned up; on average the tunnel asks for {extra} extra cards.",
        odds.revealed).format(n=odds.revealed, extra=f"{float(odds.expected_extra):.2f}")
    return f"{unseen} {cost} {revealed}"


def _can_pay(odds: TunnelOdds) -> str:
    if odds.offer is None:
        way = (_("locomotives") if odds.color == LOCOMOTIVE else
               _("{colour} and locomotives").format(colour=colour_name(odds.color)))
        chance = "<b>" + html.escape(_("Chance you can pay: 0")) + "</b>"
        return _("{chance} — your hand cannot even pay the printed {cards} in {way}.").format(
            chance=chance, cards=cards(odds.length, ""), way=way)
    payers = (cards(odds.spare, LOCOMOTIVE) if odds.all_locomotive else
              ngettext("{n} {colour} or locomotive card", "{n} {colour} or locomotive cards",
                       odds.spare).format(n=odds.spare,
                                          colour=colour_of(odds.counted, odds.spare)))
    offer = " + ".join(cards(n, name) if name == LOCOMOTIVE else
                       f"{n} {colour_of(name, n)}" for name, n in hand_dict(odds.offer).items())
    chance = "<b>" + html.escape(_("Chance you can pay: {chance} = {percent}").format(
        chance=odds.can_pay, percent=percent(odds.can_pay))) + "</b>"
    return _("{chance} — you put down {offer} and keep {payers} for the surcharge.").format(
        chance=chance, offer=offer, payers=payers)


def _what_if(odds: TunnelOdds, what_if: WhatIfOdds) -> str:
    lines = []
    if odds.color != LOCOMOTIVE:
        colour = colour_of(odds.color)
        lines.append(_one_more(
            _("one more {colour} card").format(colour=colour), what_if.now,
            what_if.one_more_color,
            _("no {colour} card is left unseen").format(colour=colour)))
    lines.append(_one_more(_("one more locomotive"), what_if.now, what_if.one_more_locomotive,
                           _("no locomotive is left unseen")))
    return "<br>".join(lines)


def _one_more(what: str, now: Fraction, then: Fraction | None, missing: str) -> str:
    if then is None:
        return _("With {what}: cannot happen ({missing}).").format(what=what, missing=missing)
    change = float(then - now) * 100
    signed = ("+" if change >= 0 else "") + decimal(change)  # '+0.7', French '+0,7'
    return _("With {what}: {then} = {percent} ({change} percentage points).").format(
        what=what, then=then, percent=percent(then), change=signed)


def _offer_note(odds: TunnelOdds) -> str:
    if not odds.all_locomotive:
        return ""
    why = (_("You offer only locomotives") if odds.color == LOCOMOTIVE
           else _("Your hand has no {colour} card, so your offer is all locomotives").format(
               colour=colour_of(odds.color)))
    return _muted(_("{why}: an all-locomotive offer is its own case. Only revealed locomotives "
                    "cost extra (a revealed coloured card costs nothing), and only locomotives "
                    "can pay the surcharge.").format(why=why))


# --- small parts ----------------------------------------------------------------------------

def _width(pixels: int) -> widgets.Layout:
    return widgets.Layout(width=f"{pixels}px")


def _count_input(name: str) -> widgets.IntText:
    box = widgets.IntText(value=0, description=name, layout=_width(136),
                          style={"description_width": "76px"})
    box.add_class(f"ttr-count-{name}")
    return box


def _label(css_class: str) -> widgets.HTML:
    label = widgets.HTML()
    label.add_class(css_class)
    return label


def _muted(text: str) -> str:
    return f'<div style="color:#555;font-size:12px">{html.escape(text)}</div>'


def _as_hand(cards: Hand | Mapping[str, int]) -> Hand:
    return hand_from(cards) if isinstance(cards, Mapping) else tuple(cards)
