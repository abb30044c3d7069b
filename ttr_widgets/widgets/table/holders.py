"""What a team game adds to the table (Team Asia rules, ``rules.teams``): the team holders, the
place of a card just drawn, and sharing tickets.

* ``HoldersView``: the viewer's team holder (its cards, and the tickets shared in it); every
  team's holder size is in the players table (``players.PlayersTable``);
* ``PlacementPanel``: the first card drawn, seen, and two buttons to put it into the hand or
  the team holder (the second card then goes to the other place), shown only while a
  ``CardPlacement`` waits;
* ``ShareChoicePanel``: after keeping tickets, the one of them to put into the team's ticket
  holder (``ShareChoice``);
* ``ShareAction``: the share action, 1 or 2 of one's own tickets into the ticket holder, the
  whole turn (folded behind "Share tickets" until asked for).

Each reads the state it is given, which the table makes the viewer's view (``rules.view``): a
teammate's hand or another team's holder cards are not in it to show. Each button plays an
action the core checks; a refusal comes back to the status line. Outside team games they
show nothing.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import Action, PlaceCard, ShareTickets
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.events import a_card
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.model import CARD_NAMES, Hand
from ttr_widgets.rules.state import NO_CARD, CardPlacement, GameState, ShareChoice
from ttr_widgets.rules.teams import HAND, HOLDER
from ttr_widgets.rules.view import HIDDEN
from ttr_widgets.rules.words import colour_name, is_you
from ttr_widgets.widgets.table.market import CARD_FILL, CARD_INK, card_chip
from ttr_widgets.widgets.table.teams import TEAM_COLORS, team_label
from ttr_widgets.widgets.table.tickets import ticket_progress

__all__ = ["HoldersView", "PlacementPanel", "ShareAction", "ShareChoicePanel", "cards_html"]

Handler = Callable[[Action], object]
_SMALL = "font-size:12px;line-height:1.45"


def cards_html(hand: Hand) -> str:
    """A hand (or a holder) as card chips, or 'no cards'."""
    chips = [card_chip(CARD_NAMES[c], n) for c, n in enumerate(hand) if n]
    none = html.escape(_("no cards"))
    return "".join(chips) or f'<span style="color:#666">{none}</span>'


def _ticket_name(state: GameState, ticket_id: str) -> str:
    """'Denver – El Paso (4)', as the ticket choice names it."""
    board = state.board
    ticket = board.ticket(ticket_id)
    return f"{board.city_label(ticket.a)} – {board.city_label(ticket.b)} ({ticket.points})"


def _button(description: str, css: str, on_click: Callable[[], object], *,
            tooltip: str = "", card: str | None = None) -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip,
                            layout=widgets.Layout(width="auto", margin="2px"))
    if card is not None:  # the card drawn, in its colour
        button.style.button_color, button.style.text_color = CARD_FILL[card], CARD_INK[card]
    button.add_class(css)
    button.on_click(lambda _b: on_click())
    return button


class HoldersView(widgets.HTML):
    """The ``viewer``'s team holder (``ttr-holders``): its cards and the tickets shared in it
    (each ✔ once the team's routes join it). Every team's holder size is in the players table;
    the cards and tickets of another team's holder are not in the viewer's view to show. Hidden
    outside team games and while no hand is shown (between hotseat turns)."""

    state = traitlets.Instance(GameState, allow_none=True)
    viewer = traitlets.Int(None, allow_none=True)

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("ttr-holders")

    @traitlets.observe("state", "viewer")
    def _render(self, _change: object = None) -> None:
        state, viewer = self.state, self.viewer
        if state is None or not state.teams or viewer is None:
            self.value, self.layout.display = "", "none"
            return
        team = viewer // 2
        color = TEAM_COLORS[team][0]
        tickets = ", ".join(self._shared(state, viewer, t) for t in state.shared[team]
                            if t != HIDDEN) or html.escape(_("none yet"))
        holder = html.escape(_("{team} holder").format(team=team_label(team)))
        said = _("{holder}: {cards} · shared tickets: {tickets}").format(
            holder=f'<b style="color:{color}">{holder}</b>',
            cards=cards_html(state.holders[team]), tickets=tickets)
        self.value = (f'<div class="ttr-holder" data-team="{team}" style="{_SMALL};border-left:'
                      f'4px solid {color};padding-left:5px;margin:2px 0">{said}</div>')
        self.layout.display = None

    @staticmethod
    def _shared(state: GameState, viewer: int, ticket_id: str) -> str:
        done = ticket_progress(state, viewer, ticket_id).completed
        return f"{'✔ ' if done else ''}{html.escape(_ticket_name(state, ticket_id))}"


class PlacementPanel(widgets.VBox):
    """The first card just drawn, named and shown in its colour, and where it goes: "Into my
    hand" (``ttr-place-hand``) or "Into the team holder" (``ttr-place-holder``), each in the
    card's colour. Shown only while ``active`` and a ``CardPlacement`` waits."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self.info = widgets.HTML()
        self.info.add_class("ttr-placement-info")
        self.hand = _button(N_("Into my hand"), "ttr-place-hand",
                            lambda: self._on_action(PlaceCard(HAND)))
        self.holder = _button(N_("Into the team holder"), "ttr-place-holder",
                              lambda: self._on_action(PlaceCard(HOLDER)))
        super().__init__([], layout=widgets.Layout(display="none", border="2px solid #2c6fd1",
                                                   padding="4px", margin="4px 0"))
        self.add_class("ttr-placement")

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        pending = state.pending if state is not None else None
        if state is None or not self.active or not isinstance(pending, CardPlacement) or \
                pending.card == NO_CARD:
            self.layout.display = "none"
            self.children = ()
            return
        card = CARD_NAMES[pending.card]
        drew = (_("{name} drew {card} from the pile: {chip} Where does it go? The second card "
                  "goes to the other place.") if pending.blind else
                _("{name} drew {card} face up: {chip} Where does it go? The second card goes to "
                  "the other place."))
        said = drew.format(name=f"<b>{html.escape(state.player.name)}</b>",
                           card=html.escape(a_card(card)), chip=card_chip(card))
        self.info.value = f'<div style="{_SMALL}">{said}</div>'
        self.hand.description = _("Into my hand")
        self.holder.description = _("Into the team holder")
        for button, tip in ((self.hand, _("Put the {card} into your hand")),
                            (self.holder, _("Put the {card} into the team holder"))):
            button.style.button_color, button.style.text_color = CARD_FILL[card], CARD_INK[card]
            button.tooltip = tip.format(card=colour_name(card))
        self.children = (self.info, widgets.HBox([self.hand, self.holder]))
        self.layout.display = None


class ShareChoicePanel(widgets.VBox):
    """After keeping tickets in a team game: one button per ticket just kept (``ttr-share-one``,
    "Share Denver – El Paso (4)") to put it into the team's ticket holder. Shown only while
    ``active`` and a ``ShareChoice`` waits."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self.note = widgets.HTML()
        self.buttons: list[widgets.Button] = []
        super().__init__([], layout=widgets.Layout(display="none", border="2px solid #2c6fd1",
                                                   padding="4px", margin="4px 0"))
        self.add_class("ttr-share-choice")

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        pending = state.pending if state is not None else None
        if state is None or not self.active or not isinstance(pending, ShareChoice):
            self.layout.display = "none"
            self.children, self.buttons = (), []
            return
        said = _("{name}: put one of the tickets you kept into your team's ticket holder, where "
                 "your teammate sees it.").format(name=f"<b>{html.escape(state.player.name)}</b>")
        if pending.setup:
            said += " " + _("Your teammate chooses too; both shares show once both have chosen.")
        self.note.value = f'<div style="{_SMALL}">{said}</div>'
        self.buttons = [self._button(state, t) for t in pending.tickets]
        self.children = (self.note, widgets.HBox(self.buttons, layout=widgets.Layout(
            flex_flow="row wrap")))
        self.layout.display = None

    def _button(self, state: GameState, ticket_id: str) -> widgets.Button:
        name = _ticket_name(state, ticket_id)
        return _button(_("Share {ticket}").format(ticket=name), "ttr-share-one",
                       lambda: self._on_action(ShareTickets((ticket_id,))),
                       tooltip=_("Put {ticket} into the team's ticket holder").format(
                           ticket=name))


class ShareAction(widgets.VBox):
    """The share action of a team game: "Share tickets" (``ttr-share-open``, a toggle) opens
    one box per ticket of the player to move (``ttr-share-pick``) and "Share the ticked
    tickets" (``ttr-share-tickets``), the whole turn. Shown while ``active`` at the start of a
    turn when sharing is legal."""

    state = traitlets.Instance(GameState, allow_none=True)
    active = traitlets.Bool(False)

    def __init__(self, on_action: Handler) -> None:
        self._on_action = on_action
        self.toggle = widgets.ToggleButton(icon="share",
                                         layout=widgets.Layout(width="auto", margin="2px"))
        self.toggle.add_class("ttr-share-open")
        self.toggle.observe(lambda _c: self._render(), names="value")
        self.share = _button(N_("Share the ticked tickets (your whole turn)"), "ttr-share-tickets",
                             lambda: self._on_action(ShareTickets(self.chosen())))
        self.boxes: list[widgets.Checkbox] = []
        self.offered: tuple[str, ...] = ()
        super().__init__([], layout=widgets.Layout(display="none"))
        self.add_class("ttr-share-action")

    def chosen(self) -> tuple[str, ...]:
        """The tickets ticked, in the hand's order."""
        return tuple(t for t, box in zip(self.offered, self.boxes, strict=True) if box.value)

    @traitlets.observe("state", "active")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None or not state.teams or not self.active or state.pending is not None \
                or not any(isinstance(a, ShareTickets) for a in legal_actions(state)):
            self.layout.display = "none"
            self.children, self.boxes, self.offered = (), [], ()
            self.toggle.value = False  # folded again for the next turn (this comes back here)
            return
        self.layout.display = None
        self.toggle.description = _("Share tickets")
        self.toggle.tooltip = _("Move 1 or 2 of your tickets into your team's ticket holder: your "
                                "whole turn")
        self.share.description = _("Share the ticked tickets (your whole turn)")
        if not self.toggle.value:
            self.children = (self.toggle,)
            return
        mine = state.player.tickets
        if mine != self.offered:
            self.offered = mine
            self.boxes = [widgets.Checkbox(value=False, indent=False,
                                           description=_ticket_name(state, t),
                                           layout=widgets.Layout(width="auto"))
                          for t in mine]
            for box in self.boxes:
                box.add_class("ttr-share-pick")
        most = state.board.rules.team.share_max
        name = state.player.name
        tick = (_("Tick 1 to {most} of your tickets: they move into the team's ticket holder for "
                  "good.") if is_you(name) else
                _("Tick 1 to {most} of {name}'s tickets: they move into the team's ticket holder "
                  "for good.")).format(most=most, name=name)
        note = widgets.HTML(f'<div style="{_SMALL}">{html.escape(tick)}</div>')
        self.children = (self.toggle, note, *self.boxes, self.share)
