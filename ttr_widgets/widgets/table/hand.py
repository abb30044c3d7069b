"""A player's hand: train cards counted by colour, and what is left of trains and stations.

At a hotseat table the hand of whoever is not playing stays hidden: ``viewer`` is the player
whose hand is shown, or ``None``; then a "Show <name>'s hand" button (``ttr-show-hand``) asks
the app to reveal the hand of ``reveal`` (the human whose turn it is).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import CARD_NAMES
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import cards, is_you
from ttr_widgets.widgets.table.market import card_chip

__all__ = ["HandView"]


class HandView(widgets.VBox):
    """The visible player's cards (``ttr-hand``) or, hidden, the reveal button."""

    state = traitlets.Instance(GameState, allow_none=True)
    viewer = traitlets.Int(None, allow_none=True)
    reveal = traitlets.Unicode("")  #: name of the player who may reveal their hand now

    def __init__(self, on_reveal: Callable[[], object]) -> None:
        self.cards = widgets.HTML()
        self.cards.add_class("ttr-hand")
        self.show_button = widgets.Button(description=_("Show hand"), icon="eye",
                                          layout=widgets.Layout(width="auto"))
        self.show_button.add_class("ttr-show-hand")
        self.show_button.on_click(lambda _b: on_reveal())
        super().__init__([self.cards])
        self.add_class("ttr-hand-panel")

    def relabel(self) -> None:
        """The hand's words again, in the language now."""
        self._render()

    @traitlets.observe("state", "viewer", "reveal")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None:
            return
        if self.viewer is None:
            hidden = _("Hands are hidden between turns.")
            self.cards.value = f'<div style="color:#666;font-size:12px">{hidden}</div>'
            if self.reveal:
                self.show_button.description = (
                    _("Show your hand") if is_you(self.reveal) else
                    _("Show {name}'s hand").format(name=self.reveal))
                self.children = (self.cards, self.show_button)
            else:
                self.children = (self.cards,)
            return
        player = state.players[self.viewer]
        none = _("no cards")
        chips = "".join(card_chip(name, held) for name, held in
                        zip(CARD_NAMES, player.hand, strict=True) if held) or \
            f'<span style="color:#666;font-size:12px">{none}</span>'
        held = [cards(player.card_count, ""),
                ngettext("{n} train left", "{n} trains left", player.trains).format(
                    n=player.trains)]
        if state.board.has_stations:
            held.append(ngettext("{n} station left", "{n} stations left",
                                 player.stations).format(n=player.stations))
        said = _("{name}: {held}").format(name=f"<b>{html.escape(player.name)}</b>",
                                          held=" · ".join(held))
        self.cards.value = (
            f'<div style="font-size:12px">{said}</div>'
            f'<div style="line-height:1.7">{chips}</div>')
        self.children = (self.cards,)
