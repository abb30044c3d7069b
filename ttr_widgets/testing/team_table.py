"""Driving the team table as a person does (``click``: ticks, toggles, buttons and board
clicks for a team action; ``buttons``: a box's buttons of one CSS class)."""

from __future__ import annotations

import ipywidgets as widgets

from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.state import ShareChoice
from ttr_widgets.rules.teams import HAND
from ttr_widgets.widgets.table.team_table import TeamTable, payment_words


def buttons(box: widgets.Box, css: str) -> list[widgets.Button]:
    return [w for w in box.children if isinstance(w, widgets.Button) and css in w._dom_classes]


def click(table: TeamTable, action: Action) -> None:
    """Play ``action`` as a person does: ticks, toggles, buttons and board clicks."""
    game = table.game
    if isinstance(action, KeepTickets):
        picks = [w for w in table.pending_box.children if isinstance(w, widgets.Checkbox)]
        for ticket, box in zip(game.pending.tickets, picks, strict=True):  # type: ignore[union-attr]
            box.value = ticket in action.tickets
        buttons(table.pending_box, "ttr-team-keep")[0].click()
    elif isinstance(action, ShareTickets) and isinstance(game.pending, ShareChoice):
        label = f"Share {game.board.ticket(action.tickets[0])}"
        next(b for b in buttons(table.pending_box, "ttr-team-share-one")
             if b.description == label).click()
    elif isinstance(action, PlaceCard):
        css = "ttr-team-place-hand" if action.to == HAND else "ttr-team-place-holder"
        buttons(table.pending_box, css)[0].click()
    elif isinstance(action, DrawBlind):
        table.blind.click()
    elif isinstance(action, DrawFaceUp):
        next(b for b in table.row_buttons if b.description == action.card).click()
    elif isinstance(action, ClaimRoute):
        table.map_view.simulate_route_click(action.route)
        route = game.board.route(action.route)
        pays = buttons(table.claim_box, "ttr-team-pay")
        label = payment_words(action, action.color, route.length)
        next((b for b in pays if b.description == label), pays[0]).click()
    elif isinstance(action, ShareTickets):
        for ticket, box in zip(game.player.tickets, table.share_picks, strict=True):
            box.value = ticket in action.tickets
        buttons(table.share_box, "ttr-team-share-action")[0].click()
    elif isinstance(action, DrawTickets):
        table.draw_tickets.click()
    elif isinstance(action, Pass):
        table.pass_button.click()
    else:
        raise AssertionError(f"no click for {action}")
