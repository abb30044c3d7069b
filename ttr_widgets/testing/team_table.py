"""Driving the one table (``TableController``: the play app, a lesson board) as a person does,
for any action a team game asks for too (``click``: ticks, toggles, buttons and board clicks),
and the label a payment's button shows (``payment_label``).

``click`` fails — never falls back to another button — when the table does not offer the
action where a person would look for it: a legal payment the claim panel leaves out is a bug.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.advice import payment_text
from ttr_widgets.rules.state import GameState, ShareChoice, TicketChoice, TunnelPayment
from ttr_widgets.rules.teams import HAND
from ttr_widgets.widgets.table.controller import TableController

__all__ = ["click", "past_setup", "payment_label"]


def payment_label(state: GameState, action: ClaimRoute | PayTunnel) -> str:
    """The words of the button that plays ``action`` in ``state`` (without "Pay")."""
    if isinstance(action, ClaimRoute):
        length = state.board.route(action.route).length
        return payment_text(action.color, length - action.locomotives, action.locomotives,
                            action.holder_cards, action.holder_locomotives)
    pending = state.pending
    assert isinstance(pending, TunnelPayment), "no tunnel payment waits"
    return payment_text(pending.color, pending.extra - action.locomotives, action.locomotives,
                        action.holder_cards, action.holder_locomotives)


def click(table: TableController, action: Action) -> None:
    """Play ``action`` as a person does: ticks, toggles, buttons and board clicks."""
    state = table.state
    if isinstance(action, KeepTickets):
        choice = table.ticket_choice
        assert isinstance(state.pending, TicketChoice) and \
            choice.offered == state.pending.tickets, "the ticket choice is not shown"
        for ticket, box in zip(choice.offered, choice.boxes, strict=True):
            box.value = ticket in action.tickets
        choice.keep.click()
    elif isinstance(action, ShareTickets) and isinstance(state.pending, ShareChoice):
        label = f"Share {_ticket(state, action.tickets[0])}"
        _named(table.share_choice.buttons, label).click()
    elif isinstance(action, ShareTickets):
        share = table.share
        share.toggle.value = True
        assert share.offered == state.player.tickets, "the share action is not offered"
        for ticket, box in zip(share.offered, share.boxes, strict=True):
            box.value = ticket in action.tickets
        share.share.click()
    elif isinstance(action, PlaceCard):
        panel = table.placement
        assert panel.layout.display != "none", "the card's placement is not asked"
        (panel.hand if action.to == HAND else panel.holder).click()
    elif isinstance(action, DrawBlind):
        table.market.blind.click()
    elif isinstance(action, DrawFaceUp):
        _named(table.market.cards, action.card).click()
    elif isinstance(action, ClaimRoute):
        _claim(table, action)
    elif isinstance(action, PayTunnel):
        _named(table.tunnel.pay_buttons, _tunnel_label(state, action)).click()
    elif isinstance(action, DeclineTunnel):
        table.tunnel.decline.click()
    elif isinstance(action, DrawTickets):
        table.market.draw_tickets.click()
    elif isinstance(action, Pass):
        table.market.pass_button.click()
    else:
        raise AssertionError(f"no click for {action}")


def past_setup(table: TableController) -> TableController:
    """A team game's setup clicked through: the person at seat 0 keeps every ticket offered and
    shares the first; returns ``table``, now at the first turn."""
    pending = table.state.pending
    assert isinstance(pending, TicketChoice)
    click(table, KeepTickets(pending.tickets))
    share = table.state.pending
    assert isinstance(share, ShareChoice)
    click(table, ShareTickets(share.tickets[:1]))
    assert not table.state.in_setup and table.state.current == 0
    return table


def _claim(table: TableController, action: ClaimRoute) -> None:
    """Click the route on the board, pick the colour, then the payment's button (or pick it
    in the list under the buttons and pay)."""
    table.click_route(action.route)
    claim = table.claim
    if len(claim.colors.options) > 1:
        claim.colors.value = action.color
    label = f"Pay {payment_label(table.state, action)}"
    shown = [b for b in claim.options.children if b.description == label]
    if shown:
        shown[0].click()
        return
    listed = [value for text, value in claim.more.options if f"Pay {text}" == label]
    assert listed, (f"the claim panel does not offer {label!r}: buttons "
                    f"{[b.description for b in claim.options.children]}, list "
                    f"{[text for text, _ in claim.more.options]}")
    claim.more.value = listed[0]
    claim.more_pay.click()


def _tunnel_label(state: GameState, action: PayTunnel) -> str:
    pending = state.pending
    assert isinstance(pending, TunnelPayment)
    text = payment_label(state, action)
    if action.holder_cards or action.holder_locomotives:
        return f"Pay {pending.extra} more: {text}"
    return f"Pay {text} more"


def _ticket(state: GameState, ticket_id: str) -> str:
    board = state.board
    ticket = board.ticket(ticket_id)
    return f"{board.city_label(ticket.a)} – {board.city_label(ticket.b)} ({ticket.points})"


def _named(buttons: Sequence[widgets.Widget], label: str) -> widgets.Button:
    found = [b for b in buttons if isinstance(b, widgets.Button) and b.description == label]
    assert found, f"no button {label!r} among {[getattr(b, 'description', '') for b in buttons]}"
    return found[0]
