"""The core's events in words (``GameState.last_event``), in the reader's language: each
sentence a template of the catalogue, with a form for a player called You ('You draw', French
'Vous piochez') and one for the others ('Ann draws', 'Ann pioche'). ``rules.turns`` tells each
move with them; the play app's narration builds on the same sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import LOCOMOTIVE
from ttr_widgets.rules.teams import HAND
from ttr_widgets.rules.words import cards, colour_of, is_you, route_label

if TYPE_CHECKING:
    from ttr_widgets.rules.model import Route

__all__ = ["a_card", "claim_points_words", "collected_words", "draw_words", "fed_words",
           "kept_words", "last_round_words", "place_phrase", "placed_words", "shared_words",
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
    return told(name, _("You draw {card} from the pile"), _("{name} draws {card} from the pile"),
                card=a_card(card))


def a_card(card: str) -> str:
    """A train card with its article, in the reader's language: 'a red card', 'an orange
    card', 'a locomotive' (French 'une carte rouge', 'une locomotive')."""
    if card == LOCOMOTIVE:
        return _("a locomotive")
    said = _("an {colour} card") if card[:1] in "aeiou" else _("a {colour} card")
    return said.format(colour=colour_of(card))


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


# ------------------------------------------------------------ team games, Warehouses & Depots


def place_phrase(name: str, place: str) -> str:
    """Where a team game's card goes: 'your hand', 'their hand', 'the team holder'."""
    if place != HAND:
        return _("the team holder")
    return _("your hand") if is_you(name) else _("their hand")


def placed_words(name: str, place: str, card: str | None = None) -> str:
    """'Ann puts it into the team holder', or with the card she saw 'You put the red card into
    your hand' (the placer's own line, ``narrate``; no full stop)."""
    where = place_phrase(name, place)
    if card is None:
        return told(name, _("You put it into {place}"), _("{name} puts it into {place}"),
                    place=where)
    return told(name, _("You put the {card} into {place}"), _("{name} puts the {card} into "
                                                              "{place}"),
                card=cards(1, card).removeprefix("1 "), place=where)


def shared_words(name: str, n: int) -> str:
    """'Ann shares 2 tickets with the team.'"""
    return told(name, ngettext("You share {n} ticket with the team.",
                               "You share {n} tickets with the team.", n),
                ngettext("{name} shares {n} ticket with the team.",
                         "{name} shares {n} tickets with the team.", n), n=n)


def fed_words(name: str, owner: str, own: bool) -> str:
    """'Ann feeds their own Warehouse.', "You feed Bob's Warehouse."."""
    if own:
        return told(name, _("You feed your own Warehouse."), _("{name} feeds their own Warehouse."))
    if is_you(owner):
        return _("{name} feeds your Warehouse.").format(name=name)
    return told(name, _("You feed {owner}'s Warehouse."), _("{name} feeds {owner}'s Warehouse."),
                owner=owner)


def collected_words(name: str, depots: int, taken: int) -> str:
    """'Ann spends 1 Depot and collects 3 cards.', 'Ann collects no Warehouse.'"""
    if not depots:
        return told(name, _("You collect no Warehouse."), _("{name} collects no Warehouse."))
    spent = told(name, ngettext("You spend {n} Depot", "You spend {n} Depots", depots),
                 ngettext("{name} spends {n} Depot", "{name} spends {n} Depots", depots),
                 n=depots)
    got = ngettext("{spent} and collect {n} card.", "{spent} and collect {n} cards.", taken) \
        if is_you(name) else \
        ngettext("{spent} and collects {n} card.", "{spent} and collects {n} cards.", taken)
    return got.format(spent=spent, n=taken)
