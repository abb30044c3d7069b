"""The probability lab's ticket deals: what a bigger deal changes, counted exactly from the
tickets each way to play deals from (``Fraction``; the deck and its values are the rules core's:
``variants.ticket_rules`` and ``variant_board``).

Two questions a player asks at setup:

* ``shared_city_chance``: will at least two of the tickets I am dealt share a city (so one
  network serves both)? Counted as one minus the deals in which no two tickets meet: sets of
  tickets with no city in common, counted one by one.
* ``low_keep_chance``: can I keep only tickets worth at most ``points`` each? That is, are at
  least as many of the dealt tickets that cheap as I must keep (a hypergeometric count).

``ways_to_play(board)`` lists the USA 1910 box's four ways to play (or any map's variants) as
``Deal`` values: the deck's cities and values, how many are dealt and kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ttr_widgets.course.lab import LabError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules, variant_board

__all__ = ["Deal", "deal_of", "low_keep_chance", "low_keep_curve", "shared_city_chance",
           "ways_to_play"]


@dataclass(frozen=True, slots=True)
class Deal:
    """The tickets one way to play deals from: each ticket's two cities and its value (as
    printed for that game), ``dealt`` at setup of which the player keeps at least ``keep``,
    ``drawn`` on a ticket turn of which they keep at least ``draw_keep``."""

    variant: str
    title: str
    tickets: tuple[tuple[str, str, int], ...]
    dealt: int
    keep: int
    drawn: int
    draw_keep: int

    @property
    def size(self) -> int:
        return len(self.tickets)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(points for _a, _b, points in self.tickets)

    @property
    def setup(self) -> str:
        """``'5 dealt, keep 3'``."""
        return _("{dealt} dealt, keep {keep}").format(dealt=self.dealt, keep=self.keep)


def deal_of(board: Board, variant: str) -> Deal:
    """How ``variant`` deals on ``board``: its deck at its print's values (regular tickets)."""
    options = Options(variant=variant)
    rules = ticket_rules(board, options)
    printed = variant_board(board, options)
    if rules.long_tickets:
        raise LabError(f"variant: {VARIANTS[variant].title} deals long tickets apart; the lab "
                       "counts deals from one pile")
    tickets = tuple((t.a, t.b, t.points) for t in map(printed.ticket, rules.regular_tickets))
    return Deal(variant, VARIANTS[variant].title, tickets, rules.deal_regular,
                rules.keep_setup, rules.draw, rules.draw_keep)


def ways_to_play(board: Board) -> tuple[Deal, ...]:
    """The ticket variants of ``board`` that deal from one pile (the USA map: the 1910 box's
    four ways to play), in the variant table's order."""
    names = [name for name, v in VARIANTS.items() if v.map == board.name]
    return tuple(deal_of(board, name) for name in names
                 if not ticket_rules(board, Options(variant=name)).long_tickets)


def _check(deal: Deal, n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= deal.size:
        raise LabError(f"n: a number of tickets from 0 to {deal.size}, not {n!r}")


# --- do two tickets share a city? -------------------------------------------------------------

def shared_city_chance(deal: Deal, n: int | None = None) -> Fraction:
    """The chance that at least two of ``n`` tickets dealt from the deck (the setup deal by
    default) name a common city."""
    n = deal.dealt if n is None else n
    _check(deal, n)
    apart = _apart(_city_masks(deal), n)
    return 1 - Fraction(apart, comb(deal.size, n))


def _city_masks(deal: Deal) -> tuple[int, ...]:
    """Each ticket's two cities as bits of one number."""
    cities = sorted({c for a, b, _p in deal.tickets for c in (a, b)})
    bit = {city: 1 << i for i, city in enumerate(cities)}
    return tuple(bit[a] | bit[b] for a, b, _p in deal.tickets)


@lru_cache(maxsize=32)
def _apart(masks: tuple[int, ...], n: int) -> int:
    """How many sets of ``n`` tickets have no city in common, counted one set at a time (each
    set once, its tickets in deck order)."""

    def extend(start: int, used: int, left: int) -> int:
        if left == 0:
            return 1
        found = 0
        for j in range(start, len(masks) - left + 1):
            if not masks[j] & used:  # no city of ticket j is in the set yet
                found += extend(j + 1, used | masks[j], left - 1)
        return found

    return extend(0, 0, n)


# --- can I keep only cheap tickets? -----------------------------------------------------------

def low_keep_chance(deal: Deal, points: int, *, dealt: int | None = None,
                    keep: int | None = None) -> Fraction:
    """The chance that at least ``keep`` of ``dealt`` tickets (the setup's numbers by default)
    are worth ``points`` or less: the player can then keep no ticket worth more."""
    dealt = deal.dealt if dealt is None else dealt
    keep = deal.keep if keep is None else keep
    _check(deal, dealt)
    cheap = sum(1 for value in deal.values if value <= points)
    rest = deal.size - cheap
    ways = sum(comb(cheap, i) * comb(rest, dealt - i) for i in range(keep, dealt + 1))
    return Fraction(ways, comb(deal.size, dealt))


def low_keep_curve(deal: Deal, values: Sequence[int]) -> tuple[Fraction, ...]:
    """``low_keep_chance`` at each of ``values``."""
    return tuple(low_keep_chance(deal, points) for points in values)
