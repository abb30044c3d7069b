"""The card market: the five face-up cards, the blind draw, the ticket draw and the piles' sizes.

Each card shows its colour and its name (and, in the hand, the symbol the board uses for that
colour), so nobody needs to tell colours apart to play. Clicking asks the app to play
``DrawFaceUp`` / ``DrawBlind`` / ``DrawTickets``; the rules decide, the status line answers.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import Action, DrawBlind, DrawFaceUp, DrawTickets, Pass
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import CARD_NAMES, LOCOMOTIVE
from ttr_widgets.rules.state import FirstCard, GameState, SecondCard
from ttr_widgets.rules.words import colour_name
from ttr_widgets.widgets import style

__all__ = ["CARD_FILL", "CARD_INK", "CARD_SYMBOL", "Market", "card_button", "card_chip",
           "card_symbol", "paint_card"]

#: The board's marker symbols as SVG shapes in a 10 × 10 box (drawn inline, so no font is
#: needed: the browser's fonts lack some of these symbols).
_SHAPES = {
    "diamond": '<polygon points="5,0 10,5 5,10 0,5"/>',
    "triangle-down": '<polygon points="0,1 10,1 5,9.5"/>',
    "triangle-up": '<polygon points="5,0.5 10,9 0,9"/>',
    "cross": '<polygon points="3.5,0 6.5,0 6.5,3.5 10,3.5 10,6.5 6.5,6.5 6.5,10 3.5,10 '
             '3.5,6.5 0,6.5 0,3.5 3.5,3.5"/>',
    "bowtie": '<polygon points="0,0 5,5 10,0 10,10 5,5 0,10"/>',
    "hourglass": '<polygon points="0,0 10,0 5,5 10,10 0,10 5,5"/>',
    "hexagram": '<polygon points="5,0 9.3,7.5 0.7,7.5"/><polygon points="5,10 0.7,2.5 9.3,2.5"/>',
    "x": '<polygon points="0,2 2,0 5,3 8,0 10,2 7,5 10,8 8,10 5,7 2,10 0,8 3,5"/>',
    "circle": '<circle cx="5" cy="5" r="4.5"/>',
    "star": '<polygon points="5,0 6.2,3.4 9.8,3.5 6.9,5.7 7.9,9.2 5,7.1 2.1,9.2 3.1,5.7 0.2,3.5 '
            '3.8,3.4"/>',
}
#: Card name → the board's marker symbol for that colour (the star for the locomotive).
CARD_SYMBOL: dict[str, str] = {**style.ROUTE_SYMBOL, LOCOMOTIVE: style.LOCOMOTIVE_SYMBOL}
#: Card name → fill colour.
CARD_FILL: dict[str, str] = {**style.ROUTE_FILL, LOCOMOTIVE: style.LOCOMOTIVE_FILL}
#: Card name → text colour readable on its fill (WCAG AA: ``style.readable_ink``).
CARD_INK: dict[str, str] = {name: style.readable_ink(fill) for name, fill in CARD_FILL.items()}

Handler = Callable[[Action], object]


def card_symbol(name: str, ink: str) -> str:
    """The board's symbol for a card's colour, as a small inline SVG drawn in ``ink``."""
    return (f'<svg width="10" height="10" viewBox="0 0 10 10" style="vertical-align:-1px" '
            f'fill="{ink}" aria-hidden="true">{_SHAPES[CARD_SYMBOL[name]]}</svg>')


def card_chip(name: str, count: int | None = None, *, dim: bool = False) -> str:
    """A small HTML chip for a card: its colour, the board's symbol for it and its name (and a
    count), so the colour never has to be told by its hue."""
    label = f"{card_symbol(name, CARD_INK[name])} {html.escape(colour_name(name))}"
    if count is not None:
        label += f" ×{count}"
    opacity = "0.35" if dim else "1"
    return (f'<span class="ttr-chip ttr-card-{name}" style="display:inline-block;'
            f'background:{CARD_FILL[name]};color:{CARD_INK[name]};border:1px solid '
            f'{style.INK};border-radius:4px;padding:1px 5px;margin:1px 2px;font-size:12px;'
            f'opacity:{opacity};white-space:nowrap">{label}</span>')


class Market(widgets.VBox):
    """The face-up row as buttons (``ttr-market-card``), a blind draw (``ttr-blind-draw``), a
    ticket draw (``ttr-draw-tickets``), the piles' sizes (``ttr-piles``), and a ``Pass``
    button (``ttr-pass``) shown only when the rules leave nothing else to do."""

    state = traitlets.Instance(GameState, allow_none=True)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self._names: list[str | None] = [None] * 5
        self.cards = [self._card_button(slot) for slot in range(5)]
        self.blind = widgets.Button(layout=widgets.Layout(width="100px"))
        self.blind.add_class("ttr-blind-draw")
        self.blind.on_click(lambda _b: self._on_action(DrawBlind()))
        self.draw_tickets = widgets.Button(layout=widgets.Layout(width="104px"))
        self.draw_tickets.add_class("ttr-draw-tickets")
        self.draw_tickets.on_click(lambda _b: self._on_action(DrawTickets()))
        self.pass_button = widgets.Button(layout=widgets.Layout(width="70px", display="none"))
        self.pass_button.add_class("ttr-pass")
        self.pass_button.on_click(lambda _b: self._on_action(Pass()))
        self.piles = widgets.HTML()
        self.piles.add_class("ttr-piles")
        self.row = widgets.HBox(self.cards, layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([
            self.row,
            widgets.HBox([self.blind, self.draw_tickets, self.pass_button, self.piles],
                         layout=widgets.Layout(align_items="center")),
        ])
        self.add_class("ttr-market")
        self.relabel()

    def relabel(self) -> None:
        """The market's words again, in the language now."""
        self.blind.description = _("Draw blind")
        self.draw_tickets.description = _("Draw tickets")
        self.draw_tickets.tooltip = _("Draw destination tickets and keep some")
        self.pass_button.description = _("Pass")
        self.pass_button.tooltip = _("Nothing else is possible: pass the turn")
        self.blind.tooltip = _("Take the top card of the pile, unseen")
        self._render()

    def _card_button(self, slot: int) -> widgets.Button:
        button = card_button(lambda: self._take(slot))
        button.add_class("ttr-market-card")
        return button

    def _take(self, slot: int) -> None:
        card = self._names[slot]
        if card is not None:
            self._on_action(DrawFaceUp(card))

    @traitlets.observe("state")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None:
            return
        names = state.face_up_names()
        while len(self.cards) < len(names):  # a map with a longer row
            self.cards.append(self._card_button(len(self.cards)))
            self.row.children = tuple(self.cards)
        self._names = list(names) + [None] * (len(self.cards) - len(names))
        for button, name in zip(self.cards, self._names, strict=True):
            paint_card(button, name)
        only_pass = state.pending is None and legal_actions(state) == [Pass()]
        self.pass_button.layout.display = None if only_pass else "none"
        second = isinstance(state.pending, SecondCard)
        self.blind.tooltip = (_("Take your second card from the pile, unseen") if second
                              else _("Take the top card of the pile, unseen"))
        if isinstance(state.pending, FirstCard):
            self.blind.tooltip = _("Warehouse fed: take your first card from the pile, unseen")
        elif state.pending is None and state.warehouses and (state.deck or state.discard):
            self.blind.tooltip = _("Warehouses & Depots: first feed the pile's top card into a "
                                   "Warehouse (the row above), then draw")
        piles = _("pile {pile} · discards {discards} · tickets {tickets}").format(
            pile=f"<b>{len(state.deck)}</b>", discards=f"<b>{len(state.discard)}</b>",
            tickets=f"<b>{len(state.tickets)}</b>")
        self.piles.value = f'<span style="font-size:12px;color:#444">{piles}</span>'


def card_button(on_click: Callable[[], object]) -> widgets.Button:
    """A face-up slot's button, sized for the longest card's name ("locomotive"); paint it
    with :func:`paint_card`."""
    button = widgets.Button(layout=widgets.Layout(width="74px", height="34px", margin="1px",
                                                  padding="0 2px",
                                                  border=f"1px solid {style.INK}"))
    button.style.font_size = "12px"
    button.on_click(lambda _b: on_click())
    return button


def paint_card(button: widgets.Button, name: str | None) -> None:
    """Show one face-up slot: its card (in the card's colour, enabled), or an empty slot."""
    for card in CARD_NAMES:
        button.remove_class(f"ttr-card-{card}")
    if name is None:
        button.description, button.tooltip, button.disabled = _("empty"), _("No card here"), True
        button.style.button_color, button.style.text_color = "#eeeeee", "#777777"
        return
    button.description = colour_name(name)
    button.tooltip = _("Take the face-up {card}").format(card=colour_name(name))
    button.disabled = False
    button.style.button_color, button.style.text_color = CARD_FILL[name], CARD_INK[name]
    button.add_class(f"ttr-card-{name}")
