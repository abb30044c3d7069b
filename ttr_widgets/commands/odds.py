"""``ttr odds``: exact odds from the player's point of view.

``ttr odds tunnel --color red --length 3 --hand red=3,locomotive=1 [--seen blue=2] [--json]``
prints the chance of 0…3 extra cards when claiming a tunnel (from the standard 110-card deck
minus the cards in hand and the cards seen) and the chance the hand can pay the surcharge.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import (
    CARD_NAMES,
    COLORS,
    EMPTY_HAND,
    LOCOMOTIVE,
    Hand,
    hand_dict,
    hand_from,
)
from ttr_widgets.rules.odds import STANDARD_DECK, OddsError, TunnelOdds, tunnel_odds, unseen_pool
from ttr_widgets.rules.words import colour_name, percent

MAX_LENGTH = 8  #: the longest route on any map
ALIASES = {"loco": LOCOMOTIVE, "locomotives": LOCOMOTIVE, "grey": "gray"}


class OddsArgumentError(TTRError):
    """A ``ttr odds`` argument that does not describe a possible situation."""


# --- argument parsing -------------------------------------------------------------------------

def card_name(text: str) -> str:
    """A card name from the command line: a colour, ``locomotive`` or ``loco``."""
    name = text.strip().lower()
    name = ALIASES.get(name, name)
    if name == "gray":
        raise argparse.ArgumentTypeError(
            _("gray is a route colour, not a card colour: give the colour you play"))
    if name not in CARD_NAMES:
        raise argparse.ArgumentTypeError(
            _("unknown card {card}; cards are {cards} (or loco)").format(
                card=repr(text), cards=", ".join(CARD_NAMES)))
    return name


def route_length(text: str) -> int:
    """A tunnel length, 1..8."""
    try:
        length = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a whole number, got {text}").format(
            text=repr(text))) from None
    if not 1 <= length <= MAX_LENGTH:
        raise argparse.ArgumentTypeError(_("a route is 1 to {most} spaces long, got {length}")
                                         .format(most=MAX_LENGTH, length=length))
    return length


def card_counts(text: str) -> Hand:
    """Cards from ``red=3,locomotive=1`` (an empty string is no cards)."""
    if not text.strip():
        return EMPTY_HAND
    counts: dict[str, int] = {}
    for item in (part.strip() for part in text.split(",")):
        name, sep, number = item.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(_("expected colour=count, got {item}").format(
                item=repr(item)))
        card = card_name(name)
        if card in counts:
            raise argparse.ArgumentTypeError(_("{card} is given twice").format(card=card))
        counts[card] = _count(card, number.strip())
    return hand_from(counts)


def _count(card: str, text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("the count of {card} must be a whole number, got {text}").format(
                card=card, text=repr(text))) from None
    if n < 0:
        raise argparse.ArgumentTypeError(
            _("the count of {card} must not be negative, got {n}").format(card=card, n=n))
    return n


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "odds", help=_("exact odds: tunnel surcharges"),
        description=_("Exact odds, from the cards the player cannot see."))
    kinds = parser.add_subparsers(dest="odds", required=True, metavar="KIND")
    tunnel = kinds.add_parser(
        "tunnel", help=_("chance of 0..3 extra cards on a tunnel, and of being able to pay"),
        description=_("The chance that claiming a tunnel costs 0, 1, 2 or 3 extra cards, from the "
                      "standard 110-card deck minus the hand and the cards seen, and the chance "
                      "the hand can pay. The offer is colour cards first, then locomotives."))
    tunnel.add_argument("--color", "--colour", required=True, type=card_name,
                        help=_("the colour played (for a gray route, the colour you choose), "
                               "or locomotive for an all-locomotive offer"))
    tunnel.add_argument("--length", required=True, type=route_length, help=_("spaces, 1..8"))
    tunnel.add_argument("--hand", required=True, type=card_counts,
                        help=_("your cards, e.g. red=3,locomotive=1"))
    tunnel.add_argument("--seen", default=EMPTY_HAND, type=card_counts,
                        help=_("other cards you can see (face-up row, known discards), "
                               "e.g. blue=2,locomotive=1"))
    tunnel.add_argument("--json", action="store_true", help=_("print JSON"))
    tunnel.set_defaults(odds_run=run_tunnel)


def run(args: argparse.Namespace) -> int:
    action: Callable[[argparse.Namespace], int] = args.odds_run
    return action(args)


# --- tunnel -----------------------------------------------------------------------------------

def run_tunnel(args: argparse.Namespace) -> int:
    _check_against_deck(args.hand, args.seen)
    odds = tunnel_odds(args.color, args.length, args.hand, args.seen)
    print(json.dumps(tunnel_json(odds), indent=2) if args.json
          else tunnel_text(odds, args.hand, args.seen))
    return 0


def _check_against_deck(hand: Hand, seen: Hand) -> None:
    """Name the argument that holds more of a card than the deck has."""
    for argument, known in (("--hand", EMPTY_HAND), ("--seen", seen)):
        try:
            unseen_pool(hand, known, STANDARD_DECK)
        except OddsError as exc:
            raise OddsArgumentError(_("ttr odds tunnel: argument {argument}: {problem}").format(
                argument=argument, problem=exc)) from None


def fraction_text(p: Fraction) -> str:
    """``'a/b'`` always, even for 0 and 1."""
    return f"{p.numerator}/{p.denominator}"


def tunnel_json(odds: TunnelOdds) -> dict[str, Any]:
    return {
        "pool": odds.pool,
        "matching": odds.matching,
        "distribution": [{"extra": k, "probability": float(p), "fraction": fraction_text(p)}
                         for k, p in enumerate(odds.distribution)],
        "can_pay": float(odds.can_pay),
        "can_pay_fraction": fraction_text(odds.can_pay),
    }


def _cards_text(cards: Hand) -> str:
    """'red=3, locomotive=1' (the arguments' own form), or 'none'."""
    return ", ".join(f"{name}={n}" for name, n in hand_dict(cards).items()) or _("none")


def tunnel_text(odds: TunnelOdds, hand: Hand, seen: Hand) -> str:
    """The odds as a person reads them, in the reader's language."""
    counted = (_("locomotives only") if odds.all_locomotive
               else _("{colour} or locomotive").format(colour=colour_name(odds.counted)))
    lines = [
        _("Tunnel of {length} offered in {offer}; hand: {hand}; seen: {seen}").format(
            length=odds.length, offer=_offer_name(odds.color), hand=_cards_text(hand),
            seen=_cards_text(seen)),
        ngettext("Unseen cards: {pool}, of which {matching} cost one more ({counted}); {revealed} "
                 "revealed.",
                 "Unseen cards: {pool}, of which {matching} cost one more ({counted}); {revealed} "
                 "revealed.", odds.matching).format(
            pool=odds.pool, matching=odds.matching, counted=counted, revealed=odds.revealed),
        "",
        _("extra  probability  fraction"),
        *(f"{k:>5}  {percent(float(p), 2):>10}  {fraction_text(p)}"
          for k, p in enumerate(odds.distribution)),
        "",
        _("Can pay: {share} ({fraction}); {note}").format(
            share=percent(float(odds.can_pay), 2), fraction=fraction_text(odds.can_pay),
            note=_pay_note(odds)),
    ]
    return "\n".join(lines)


def _offer_name(color: str) -> str:
    return _("locomotives") if color == LOCOMOTIVE else colour_name(color)


def _pay_note(odds: TunnelOdds) -> str:
    if odds.offer is None:
        if odds.color == LOCOMOTIVE:
            return ngettext("the hand cannot pay the printed cost of {n} locomotive.",
                            "the hand cannot pay the printed cost of {n} locomotives.",
                            odds.length).format(n=odds.length)
        return ngettext("the hand cannot pay the printed cost of {n} {colour} or locomotive "
                        "card.",
                        "the hand cannot pay the printed cost of {n} {colour} or locomotive "
                        "cards.", odds.length).format(n=odds.length,
                                                      colour=colour_name(odds.color))
    payers = (_("locomotives") if odds.all_locomotive
              else _("{colour} or locomotive").format(colour=colour_name(odds.counted)))
    note = ngettext("after offering {offered}, {n} card ({payers}) left to pay extra cards.",
                    "after offering {offered}, {n} cards ({payers}) left to pay extra cards.",
                    odds.spare).format(offered=_cards_text(odds.offer), n=odds.spare,
                                       payers=payers)
    if odds.all_locomotive and odds.color in COLORS:
        note += " " + _("The offer is all locomotives, so only locomotives count and pay.")
    return note
