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

from ttr_widgets.rules.model import CARD_NAMES
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import count, possessive
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
        self.show_button = widgets.Button(description="Show hand", icon="eye",
                                          layout=widgets.Layout(width="auto"))
        self.show_button.add_class("ttr-show-hand")
        self.show_button.on_click(lambda _b: on_reveal())
        super().__init__([self.cards])
        self.add_class("ttr-hand-panel")

    @traitlets.observe("state", "viewer", "reveal")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None:
            return
        if self.viewer is None:
            self.cards.value = ('<div style="color:#666;font-size:12px">Hands are hidden '
                                'between turns.</div>')
            if self.reveal:
                self.show_button.description = f"Show {possessive(self.reveal, capital=False)} hand"
                self.children = (self.cards, self.show_button)
            else:
                self.children = (self.cards,)
            return
        player = state.players[self.viewer]
        chips = "".join(card_chip(name, held) for name, held in
                        zip(CARD_NAMES, player.hand, strict=True) if held) or \
            '<span style="color:#666;font-size:12px">no cards</span>'

        stations = (f" · {count(player.stations, 'station')} left" if state.board.has_stations
                    else "")
        self.cards.value = (
            f'<div style="font-size:12px"><b>{html.escape(player.name)}</b>: '
            f'{count(player.card_count, "card")} · {count(player.trains, "train")} left{stations}'
            '</div>'
            f'<div style="line-height:1.7">{chips}</div>')
        self.children = (self.cards,)
