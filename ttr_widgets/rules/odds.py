"""Exact odds for the moments of chance in Ticket to Ride: tunnels, the face-up row, blind draws.

Every probability is a ``fractions.Fraction``; floats appear only where something is displayed.

The model: the cards a player cannot see (the *unseen pool*: the deck minus their own hand, the
face-up row and any discards they know of) are, from that player's point of view, in a uniformly
random order. Cards in other players' hands are unseen too, so by symmetry the top cards of the
draw pile are a uniform draw without replacement from the whole pool. A pool is a ``Hand``: nine
counts indexed like ``CARD_NAMES``. ``visible_cards`` splits a game state into a player's hand
and the other cards in their view (the face-up row, the discards, a tunnel's revealed cards).

Three ways to get the same tunnel numbers, so each checks the others:

* ``tunnel_extra_distribution``: closed form (hypergeometric);
* ``tunnel_extra_by_enumeration``: every ordered draw from the pool, with its exact probability;
* ``tunnel_extra_by_simulation``: seeded random draws.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    EMPTY_HAND,
    GRAY,
    LOCO,
    LOCOMOTIVE,
    Hand,
)
from ttr_widgets.rules.state import NO_CARD, GameState, TunnelPayment
from ttr_widgets.rules.words import colour_of

__all__ = [
    "DEFAULT_REVEAL", "STANDARD_DECK", "OddsError", "TunnelOdds", "WhatIfOdds", "base_offer",
    "chance_to_see", "enumerate_draws", "face_up_refresh_probability", "hypergeometric",
    "matching_count", "tunnel_extra_by_enumeration", "tunnel_extra_by_simulation",
    "tunnel_extra_distribution", "tunnel_odds", "unseen_pool", "visible_cards",
    "what_if_one_more",
]

STANDARD_DECK: Hand = (12,) * len(COLORS) + (14,)  #: 12 of each colour + 14 locomotives = 110
DEFAULT_REVEAL = 3  #: cards turned up for a tunnel (rule tunnel.reveal)

ZERO = Fraction(0)
ONE = Fraction(1)


class OddsError(TTRError):
    """A question about odds that does not describe a possible situation."""


# --- validation -------------------------------------------------------------------------------

def _counts(counts: Hand, what: str) -> Hand:
    """``counts`` checked as nine non-negative integers; ``what`` names it in the error."""
    if len(counts) != len(CARD_NAMES):
        raise OddsError(f"{what}: expected {len(CARD_NAMES)} counts (one per card), "
                        f"got {len(counts)}")
    for name, n in zip(CARD_NAMES, counts, strict=True):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise OddsError(f"{what}: the count of {name} must be a whole number ≥ 0, got {n!r}")
    return tuple(counts)


def _card(name: str) -> int:
    """The index of a card name, with an error that says what a card is."""
    if name == GRAY:
        raise OddsError("gray is a route colour, not a card colour: give the colour you play")
    try:
        return CARD_INDEX[name]
    except KeyError:
        raise OddsError(f"unknown card {name!r}; cards are {', '.join(CARD_NAMES)}") from None


def _non_negative(n: int, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise OddsError(f"{what} must be a whole number ≥ 0, got {n!r}")
    return n


def _matching_cards(color: str) -> frozenset[int]:
    """The cards that cost one more on a tunnel offered in ``color`` (rules tunnel.reveal and
    tunnel.all-locomotives)."""
    index = _card(color)
    return frozenset({index, LOCO})


# --- pools ------------------------------------------------------------------------------------

def unseen_pool(hand: Hand, seen: Hand = EMPTY_HAND, deck: Hand = STANDARD_DECK) -> Hand:
    """The cards the player cannot see: ``deck`` minus ``hand`` minus ``seen`` (the face-up row
    and known discards). Raise ``OddsError`` naming the card if more of it are in view than exist.
    """
    hand, seen, deck = _counts(hand, "hand"), _counts(seen, "seen"), _counts(deck, "deck")
    for name, held, shown, total in zip(CARD_NAMES, hand, seen, deck, strict=True):
        if held + shown > total:
            raise OddsError(_("{n} {colour} cards in view ({held} in hand, {shown} seen) but "
                              "the deck holds only {total}").format(
                n=held + shown, colour=colour_of(name, held + shown), held=held, shown=shown,
                total=total))
    return tuple(total - held - shown for total, held, shown in zip(deck, hand, seen, strict=True))


def hypergeometric(population: int, successes: int, draws: int) -> tuple[Fraction, ...]:
    """The chance of exactly ``k`` successes, for ``k = 0..draws``, when ``draws`` items are drawn
    without replacement from ``population`` items of which ``successes`` are successes."""
    _non_negative(population, "population")
    _non_negative(successes, "successes")
    _non_negative(draws, "draws")
    if successes > population or draws > population:
        raise OddsError(f"cannot draw {draws} (with {successes} successes) "
                        f"from {population} items")
    total = comb(population, draws)
    failures = population - successes
    return tuple(Fraction(comb(successes, k) * comb(failures, draws - k), total)
                 for k in range(draws + 1))


def enumerate_draws(pool: Hand, n: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every ordered draw of ``n`` cards from ``pool`` (card indices), with its exact probability.

    The pool is a multiset: a draw is a sequence of card kinds, so at most ``9**n`` of them.
    """
    pool = _counts(pool, "pool")
    _non_negative(n, "number of cards drawn")
    if n > sum(pool):
        raise OddsError(f"cannot draw {n} cards from a pool of {sum(pool)}")
    yield from _draws(pool, n, (), ONE)


def _draws(pool: Hand, n: int, prefix: tuple[int, ...],
           chance: Fraction) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    if n == 0:
        yield prefix, chance
        return
    size = sum(pool)
    for card, count in enumerate(pool):
        if count:
            rest = _add(pool, card, -1)
            yield from _draws(rest, n - 1, (*prefix, card), chance * Fraction(count, size))


def _add(counts: Hand, card: int, n: int) -> Hand:
    """``counts`` with ``n`` more of ``card`` (a new tuple)."""
    return (*counts[:card], counts[card] + n, *counts[card + 1:])


def _pad(distribution: tuple[Fraction, ...], length: int) -> tuple[Fraction, ...]:
    return distribution + (ZERO,) * (length - len(distribution))


# --- tunnels ----------------------------------------------------------------------------------

def matching_count(color: str, pool: Hand) -> int:
    """How many cards of ``pool`` would cost one more card on a tunnel offered in ``color``:
    that colour and locomotives, or only locomotives when ``color`` is ``'locomotive'``."""
    pool = _counts(pool, "pool")
    return sum(pool[i] for i in _matching_cards(color))


def tunnel_extra_distribution(color: str, pool: Hand,
                              reveal: int = DEFAULT_REVEAL) -> tuple[Fraction, ...]:
    """The chance of 0, 1, …, ``reveal`` extra cards on a tunnel offered in ``color``.

    ``color`` is the colour played, or ``'locomotive'`` for an all-locomotive offer (then only
    revealed locomotives count, rule tunnel.all-locomotives). A pool of fewer than ``reveal`` cards
    reveals only what it has (house rule tunnel.short-pile). Closed form: hypergeometric.
    """
    pool = _counts(pool, "pool")
    _non_negative(reveal, "reveal")
    size = sum(pool)
    shown = min(reveal, size)
    return _pad(hypergeometric(size, matching_count(color, pool), shown), reveal + 1)


def tunnel_extra_by_enumeration(color: str, pool: Hand,
                                reveal: int = DEFAULT_REVEAL) -> tuple[Fraction, ...]:
    """``tunnel_extra_distribution`` again, by summing every ordered draw of the revealed cards."""
    pool = _counts(pool, "pool")
    _non_negative(reveal, "reveal")
    matching = _matching_cards(color)
    chances = [ZERO] * (reveal + 1)
    for draw, chance in enumerate_draws(pool, min(reveal, sum(pool))):
        chances[sum(card in matching for card in draw)] += chance
    return tuple(chances)


def tunnel_extra_by_simulation(color: str, pool: Hand, reveal: int = DEFAULT_REVEAL, *,
                               trials: int, rng: random.Random) -> tuple[Fraction, ...]:
    """The observed share of 0, 1, …, ``reveal`` extra cards over ``trials`` random reveals."""
    pool = _counts(pool, "pool")
    _non_negative(reveal, "reveal")
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise OddsError(f"trials must be a whole number ≥ 1, got {trials!r}")
    matching = _matching_cards(color)
    cards = [card for card, count in enumerate(pool) for _ in range(count)]
    shown = min(reveal, len(cards))
    tally = [0] * (reveal + 1)
    for _trial in range(trials):
        tally[sum(card in matching for card in rng.sample(cards, shown))] += 1
    return tuple(Fraction(n, trials) for n in tally)


def base_offer(color: str, length: int, hand: Hand) -> Hand | None:
    """The cards put down for a tunnel's printed cost: ``length`` cards of ``color`` first, then
    locomotives (only locomotives when ``color`` is ``'locomotive'``); ``None`` if the hand cannot
    pay it."""
    hand = _counts(hand, "hand")
    index = _card(color)
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise OddsError(f"length must be a whole number ≥ 1, got {length!r}")
    colored = 0 if index == LOCO else min(hand[index], length)
    locomotives = length - colored
    if locomotives > hand[LOCO]:
        return None
    offer = [0] * len(CARD_NAMES)
    offer[index] += colored
    offer[LOCO] += locomotives
    return tuple(offer)


@dataclass(frozen=True, slots=True)
class TunnelOdds:
    """The odds of a tunnel claim, as seen by the player about to make it.

    ``counted`` is the card kind whose reveals cost extra besides locomotives: the colour played,
    or ``'locomotive'`` when the offer is all locomotives (so only locomotives count and only
    locomotives pay). ``spare`` is how many cards left in hand after the offer could pay the
    surcharge. ``offer`` is ``None`` when the hand cannot even pay the printed cost.
    """

    color: str
    length: int
    offer: Hand | None
    counted: str
    pool: int  #: cards the player cannot see
    matching: int  #: of those, how many would cost one more
    revealed: int  #: cards actually turned up (fewer than 3 only from a tiny pool)
    distribution: tuple[Fraction, ...]  #: chance of 0, 1, … extra cards
    spare: int
    can_pay: Fraction  #: chance the hand can pay whatever surcharge is revealed

    @property
    def all_locomotive(self) -> bool:
        return self.counted == LOCOMOTIVE

    @property
    def expected_extra(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.distribution)), ZERO)


def tunnel_odds(color: str, length: int, hand: Hand, seen: Hand = EMPTY_HAND,
                deck: Hand = STANDARD_DECK, reveal: int = DEFAULT_REVEAL) -> TunnelOdds:
    """The surcharge odds of a tunnel of ``length`` offered in ``color`` from ``hand``, and the
    chance the hand can pay it (0 if it cannot pay the printed cost).

    An offer that turns out to be only locomotives (``color`` given as ``'locomotive'``, or a hand
    with none of ``color``) is an all-locomotive offer: rule tunnel.all-locomotives applies.
    """
    pool = unseen_pool(hand, seen, deck)
    offer = base_offer(color, length, hand)
    all_loco = color == LOCOMOTIVE or (offer is not None and offer[LOCO] == length)
    counted = LOCOMOTIVE if all_loco else color
    distribution = tunnel_extra_distribution(counted, pool, reveal)
    spare = 0 if offer is None else _spare(hand, offer, counted)
    can_pay = ZERO if offer is None else sum(distribution[:spare + 1], ZERO)
    return TunnelOdds(color=color, length=length, offer=offer, counted=counted, pool=sum(pool),
                      matching=matching_count(counted, pool), revealed=min(reveal, sum(pool)),
                      distribution=distribution, spare=spare, can_pay=can_pay)


def _spare(hand: Hand, offer: Hand, counted: str) -> int:
    """Cards left after ``offer`` that may pay the surcharge (rules tunnel.pay and
    tunnel.all-locomotives)."""
    left = tuple(h - o for h, o in zip(hand, offer, strict=True))
    return sum(left[i] for i in _matching_cards(counted))


@dataclass(frozen=True, slots=True)
class WhatIfOdds:
    """The chance to pay a tunnel now, and with one more card in hand. A ``None`` means that card
    cannot be added: none is left unseen, or (for ``one_more_color``) the offer is locomotives."""

    now: Fraction
    one_more_color: Fraction | None
    one_more_locomotive: Fraction | None


def what_if_one_more(color: str, length: int, hand: Hand, seen: Hand = EMPTY_HAND,
                     deck: Hand = STANDARD_DECK, reveal: int = DEFAULT_REVEAL) -> WhatIfOdds:
    """``tunnel_odds(...).can_pay`` for the hand as it is, with one more card of ``color``, and
    with one more locomotive (the new card leaves the unseen pool)."""
    pool = unseen_pool(hand, seen, deck)

    def with_one(card: int) -> Fraction | None:
        if not pool[card]:
            return None
        more = _add(hand, card, 1)
        return tunnel_odds(color, length, more, seen, deck, reveal).can_pay

    index = _card(color)
    return WhatIfOdds(now=tunnel_odds(color, length, hand, seen, deck, reveal).can_pay,
                      one_more_color=None if index == LOCO else with_one(index),
                      one_more_locomotive=with_one(LOCO))


# --- the face-up row and blind draws ----------------------------------------------------------

def face_up_refresh_probability(pool: Hand, face_up: int = 5, reset_at: int = 3) -> Fraction:
    """The chance that a fresh face-up row of ``face_up`` cards dealt from ``pool`` shows at least
    ``reset_at`` locomotives, and so is discarded and dealt again (rule draw.three-locomotives).
    A pool smaller than the row deals all it has."""
    pool = _counts(pool, "pool")
    _non_negative(face_up, "face_up")
    _non_negative(reset_at, "reset_at")
    size = sum(pool)
    dealt = hypergeometric(size, pool[LOCO], min(face_up, size))
    return sum(dealt[reset_at:], ZERO)


def chance_to_see(card: str, pool: Hand, n: int) -> Fraction:
    """The chance that ``n`` cards drawn from ``pool`` include at least one ``card``. Drawing more
    cards than the pool holds draws all of them."""
    pool = _counts(pool, "pool")
    index = _card(card)
    _non_negative(n, "number of cards drawn")
    size = sum(pool)
    return ONE - hypergeometric(size, pool[index], min(n, size))[0]


def visible_cards(state: GameState, player: int | None = None) -> tuple[Hand, Hand]:
    """``(hand, seen)`` for ``player`` (default: whoever is to move): their own hand, and the
    other train cards in view — the face-up row, the discard pile (face up on the table, so public)
    and a tunnel's revealed cards while they wait on the table. Everything else is unseen."""
    who = state.current if player is None else player
    if not 0 <= who < state.num_players:
        raise OddsError(f"player: no player {who} in a {state.num_players}-player game")
    revealed = state.pending.revealed if isinstance(state.pending, TunnelPayment) else ()
    seen = [0] * len(CARD_NAMES)
    for card in (*state.face_up, *state.discard, *revealed):
        if card != NO_CARD:
            seen[card] += 1
    return state.players[who].hand, tuple(seen)
