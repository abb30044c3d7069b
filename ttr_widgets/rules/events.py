"""The core's events in words (``GameState.last_event``), in the reader's language: each
sentence a template of the catalogue, with a form for a player called You ('You draw', French
'Vous piochez') and one for the others ('Ann draws', 'Ann pioche'). ``rules.turns`` tells each
move with them; the play app's narration builds on the same sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import LOCOMOTIVE
from ttr_widgets.rules.words import colour_of, is_you, route_label

if TYPE_CHECKING:
    from ttr_widgets.rules.model import Route

__all__ = ["claim_points_words", "draw_words", "kept_words", "last_round_words",
           "take_words", "tickets_drawn_words", "told", "tunnel_paid_words", "tunnel_words"]


def told(name: str, you: str, other: str, **fields: object) -> str:
    """A sentence about the player ``name`` in the reader's language: ``you`` for a player
    called You ('You draw …', 'Vous piochez …'), else ``other`` ('{name} draws …'), with
    ``fields`` filled in. Both are given already looked up in the catalogue."""
    return (you if is_you(name) else other).format(name=name, **fields)


def draw_words(name: str, card: str | None = None) -> str:
    """A blind draw in words: 'Ann draws a card from the pile', or with the card she sees
    'You draw a red card from the pile' (the drawer's own line, ``narrate``)."""
    if card is None:
        return told(name, _("You draw a card from the pile"),
                    _("{name} draws a card from the pile"))
    if card == LOCOMOTIVE:
        return told(name, _("You draw a locomotive from the pile"),
                    _("{name} draws a locomotive from the pile"))
    return told(name, _("You draw a {colour} card from the pile"),
                _("{name} draws a {colour} card from the pile"), colour=colour_of(card))


def take_words(name: str, card: str) -> str:
    """'Ann takes the face-up red', 'You take the face-up locomotive' (no full stop; French
    'Ann prend la carte rouge visible', the colour agreeing with the card)."""
    return told(name, _("You take the face-up {colour}"), _("{name} takes the face-up {colour}"),
                colour=colour_of(card))


def claim_points_words(event: str, points: int) -> str:
    """'Ann claims Denver – Omaha (4 red) for 7 points.'"""
    return ngettext("{event} for {n} point.", "{event} for {n} points.", points).format(
        event=event, n=points)


def tickets_drawn_words(name: str, n: int) -> str:
    """'Ann draws 3 tickets.'"""
    return told(name, ngettext("You draw {n} ticket.", "You draw {n} tickets.", n),
                ngettext("{name} draws {n} ticket.", "{name} draws {n} tickets.", n), n=n)


def kept_words(name: str, kept: int, returned: int, to_box: bool) -> str:
    """'Ann keeps 2 tickets and returns 1 to the bottom of the pile' (no full stop)."""
    said = told(name, ngettext("You keep {n} ticket", "You keep {n} tickets", kept),
                ngettext("{name} keeps {n} ticket", "{name} keeps {n} tickets", kept), n=kept)
    if not returned:
        return said
    if is_you(name):
        where = (_("{kept} and return {n} to the box") if to_box else
                 _("{kept} and return {n} to the bottom of the pile"))
    else:
        where = (_("{kept} and returns {n} to the box") if to_box else
                 _("{kept} and returns {n} to the bottom of the pile"))
    return where.format(kept=said, n=returned)


def tunnel_words(route: Route, shown: str, extra: int, teams: bool) -> str:
    """'The tunnel Paris – Zürich (3 gray) reveals red, blue, locomotive: 1 more card to
    pay.'"""
    if teams:
        said = ngettext("The tunnel {route} reveals {shown}: {n} more card to pay, from the hand "
                        "or the holder.",
                        "The tunnel {route} reveals {shown}: {n} more cards to pay, from the "
                        "hand or the holder.", extra)
    else:
        said = ngettext("The tunnel {route} reveals {shown}: {n} more card to pay.",
                        "The tunnel {route} reveals {shown}: {n} more cards to pay.", extra)
    return said.format(route=route_label(route), shown=shown, n=extra)


def tunnel_paid_words(name: str, extra: int, route: Route) -> str:
    """'Ann pays 2 extra cards and claims the tunnel …' (no full stop)."""
    return told(name, ngettext("You pay {n} extra card and claim the tunnel {route}",
                               "You pay {n} extra cards and claim the tunnel {route}", extra),
                ngettext("{name} pays {n} extra card and claims the tunnel {route}",
                         "{name} pays {n} extra cards and claims the tunnel {route}", extra),
                n=extra, route=route_label(route))


def last_round_words(name: str, trains: int) -> str:
    """'Ann has 2 trains left: everyone gets one last turn.'"""
    return told(name, ngettext("You have {n} train left: everyone gets one last turn.",
                               "You have {n} trains left: everyone gets one last turn.", trains),
                ngettext("{name} has {n} train left: everyone gets one last turn.",
                         "{name} has {n} trains left: everyone gets one last turn.", trains),
                n=trains)
