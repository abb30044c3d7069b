"""Warehouses & Depots at the table (Europa 1912): feeding a Warehouse before drawing cards, and
collecting Warehouses after a claim into Depot cities.

``FeedRow`` is the row "Feed the top card into: [Ann (3)] [Bob (0)]" shown when a person may
start drawing cards; ``CollectPanel`` lists the Warehouses a claim reaches, each with its size
and its price (one unplaced Depot), to tick and confirm, or to refuse. Both only offer what
``rules.advice`` says the rules allow; the clicks go to the app as actions, and the rules answer.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import Action, CollectWarehouses, FeedWarehouse
from ttr_widgets.rules.advice import collect_offers, feed_choices, warehouse_sizes
from ttr_widgets.rules.catalog import explain
from ttr_widgets.rules.state import CollectChoice, FirstCard, GameState
from ttr_widgets.rules.words import count, possessive

__all__ = ["CollectPanel", "FeedRow"]

Handler = Callable[[Action], object]


class FeedRow(widgets.VBox):
    """"Feed the top card into:" and one button per player (``ttr-feed``), labelled with the
    player's name and Warehouse size. Shown while ``active`` and the rules ask for a feed (a
    Warehouses & Depots turn start with cards in the pile or the discards); after the feed it
    says to take the cards from the market."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self.label = widgets.HTML()
        self.buttons: list[widgets.Button] = []
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        super().__init__([], layout=widgets.Layout(display="none", margin="2px 0"))
        self.add_class("ttr-feed-row")

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None or not state.warehouses or not self.active:
            self._hide()
            return
        if isinstance(state.pending, FirstCard):
            self.label.value = ('<div style="font-size:12px;color:#1d5a2c">Warehouse fed: now '
                                'take your cards below (blind or face up).</div>')
            self.buttons = []
            self.children = (self.label,)
            self.layout.display = None
            return
        feeds = feed_choices(state) if state.pending is None else ()
        if not feeds:
            self._hide()
            return
        sizes = warehouse_sizes(state)
        self.buttons = [self._button(state, feed.player, sizes[feed.player]) for feed in feeds]
        self.label.value = ('<span style="font-size:12px" title="' +
                            html.escape(explain("wd.feed")) +
                            '"><b>Feed the top card into:</b></span>')
        self.row.children = (self.label, *self.buttons)
        self.children = (self.row,)
        self.layout.display = None

    def _hide(self) -> None:
        self.layout.display = "none"
        self.buttons = []
        self.children = ()

    def _button(self, state: GameState, player: int, size: int) -> widgets.Button:
        name = state.players[player].name
        button = widgets.Button(
            description=f"{name} ({size})",
            tooltip=f"Put the pile's top card, unseen, into "
                    f"{possessive(name, capital=False)} Warehouse "
                    f"({count(size, 'card')} now), then draw your cards",
            layout=widgets.Layout(width="auto", margin="1px"))
        button.add_class("ttr-feed")
        button.on_click(lambda _b: self._on_action(FeedWarehouse(player)))
        return button


class CollectPanel(widgets.VBox):
    """After a claim into Depot cities: one checkbox per Warehouse that may be collected
    (``ttr-collect``: the city, the Depot's owner, the Warehouse's size), a confirm button
    (``ttr-collect-confirm``, one unplaced Depot per Warehouse ticked) and "Collect nothing"
    (``ttr-collect-none``). Shown while the choice is pending and ``active``."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self.info = widgets.HTML()
        self.info.add_class("ttr-collect-info")
        self.boxes: list[widgets.Checkbox] = []
        self.cities: tuple[str, ...] = ()
        self.confirm = widgets.Button(description="Collect the ticked Warehouses",
                                      button_style="primary", icon="check",
                                      layout=widgets.Layout(width="auto"))
        self.confirm.add_class("ttr-collect-confirm")
        self.confirm.on_click(lambda _b: self._on_action(CollectWarehouses(self.chosen())))
        self.nothing = widgets.Button(description="Collect nothing",
                                      layout=widgets.Layout(width="auto"))
        self.nothing.add_class("ttr-collect-none")
        self.nothing.on_click(lambda _b: self._on_action(CollectWarehouses(())))
        super().__init__([], layout=widgets.Layout(border="2px solid #6b4e16", padding="4px",
                                                   margin="4px 0", display="none"))
        self.add_class("ttr-collect-panel")

    def chosen(self) -> tuple[str, ...]:
        """The Depot cities ticked, in the order offered."""
        return tuple(c for c, box in zip(self.cities, self.boxes, strict=True) if box.value)

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        pending = state.pending if state is not None else None
        if state is None or not isinstance(pending, CollectChoice) or not self.active:
            self.layout.display = "none"
            self.cities, self.boxes = (), []
            self.children = ()
            return
        self.layout.display = None
        offers = collect_offers(state)
        left = state.depots_left[state.current]
        if tuple(o.city for o in offers) != self.cities:  # a new choice: tick what is payable
            self.cities = tuple(o.city for o in offers)
            self.boxes = [self._box(state, o.city, o.owner, o.size, i < left)
                          for i, o in enumerate(offers)]
        self.info.value = (
            f'<div style="font-size:12px"><b>{html.escape(state.player.name)}</b>: your route '
            f'reaches {"a Depot" if len(offers) == 1 else "Depots"}. Collect a Warehouse into '
            f'your hand for one of your unplaced Depots each (you have <b>{left}</b>; each '
            f'one still beside your Warehouse at the end may earn the Depot bonus).</div>'
            f'<div style="font-size:11px;color:#555">{html.escape(explain("wd.collect"))}'
            '</div>')
        self.children = (self.info, *self.boxes,
                         widgets.HBox([self.confirm, self.nothing]))

    def _box(self, state: GameState, city: str, owner: int, size: int,
             ticked: bool) -> widgets.Checkbox:
        board = state.board
        label = board.city_label(city)
        whose = ("your own" if owner == state.current
                 else possessive(state.players[owner].name, capital=False))
        box = widgets.Checkbox(value=ticked, indent=False,
                               description=f"{label}: {whose} Warehouse, {count(size, 'card')} — "
                                           "costs 1 Depot",
                               layout=widgets.Layout(width="auto"))
        box.add_class("ttr-collect")
        return box
