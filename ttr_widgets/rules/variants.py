"""Ticket variants: which tickets are in play, how they are dealt, kept and drawn, and which
bonuses they score.

The base games read their numbers from the map file. The Europa 1912 variants (Europe map) and
the USA 1910 box's four ways to play (USA map: its classic game with the reprinted tickets, 1910,
the Mega Game and Big Cities) are defined here from the facts we have; every deck is the tickets
whose ``decks`` in the map file name it. Where a fact is only medium confidence the rule
sentence says so, and ``Options`` can override every number (``longest_bonus`` and
``globetrotter`` switch the bonuses). A variant played with the 1910 box's cards values the
four reprinted tickets the 1910 box lowered at their 1910 print (``variant_board``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.maps import reprinted
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.state import Options


@dataclass(frozen=True, slots=True)
class Variant:
    """A ticket variant as printed (before any option overrides)."""

    name: str
    title: str
    map: str  #: the map it is played on
    deck: str | None  #: the ``decks`` tag of the tickets it uses; None = the base kinds
    deal_long: int
    deal_regular: int
    keep_setup: int
    max_long_kept: int | None
    draw: int
    draw_keep: int
    longest_bonus: bool
    rule: str  #: id of the rule sentence describing it
    globetrotter: bool = False  #: the most completed tickets score the map's Globetrotter
    print_1910: bool = False  #: the 1910 box's cards: its reprints' values


_EUROPE, _USA = "europe", "usa"

#: The variants by name. The numbers, in order: long and regular tickets dealt at setup, the
#: fewest kept, the most long ones kept, tickets drawn on a ticket turn, the fewest kept.
VARIANTS: dict[str, Variant] = {v.name: v for v in (
    Variant("europe-expanded", "Europe Expanded", _EUROPE, "europe_expanded",
            1, 3, 2, None, 3, 1, longest_bonus=True, rule="variant.europe-expanded"),
    Variant("big-cities", "Big Cities of Europe", _EUROPE, "big_cities_of_europe",
            0, 5, 2, None, 4, 1, longest_bonus=True, rule="variant.big-cities"),
    Variant("mega-europe", "Mega Europe", _EUROPE, "mega_europe",
            2, 5, 3, 1, 3, 1, longest_bonus=True, rule="variant.mega-europe"),
    Variant("usa-classic", "1910 Classic", _USA, "usa_classic",
            0, 3, 2, None, 3, 1, longest_bonus=True, rule="variant.usa-classic",
            print_1910=True),
    Variant("usa-1910", "USA 1910", _USA, "usa_1910",
            0, 3, 2, None, 3, 1, longest_bonus=False, rule="variant.usa-1910",
            globetrotter=True, print_1910=True),
    Variant("usa-mega", "Mega Game", _USA, "usa_mega",
            0, 5, 3, None, 4, 1, longest_bonus=True, rule="variant.usa-mega",
            globetrotter=True, print_1910=True),
    Variant("usa-big-cities", "USA Big Cities", _USA, "usa_big_cities",
            0, 4, 2, None, 4, 1, longest_bonus=False, rule="variant.usa-big-cities",
            print_1910=True),
)}


@dataclass(frozen=True, slots=True)
class TicketRules:
    """The ticket rules of one game, after the variant and the options are applied."""

    variant: str  #: "base" or a key of VARIANTS
    long_tickets: tuple[str, ...]  #: the long pile (dealt at setup only)
    regular_tickets: tuple[str, ...]  #: the regular pile
    deal_long: int
    deal_regular: int
    keep_setup: int
    max_long_kept: int | None
    draw: int
    draw_keep: int
    setup_rejects: str  #: "box" or "bottom"
    longest_bonus: bool
    warehouses: bool
    globetrotter: bool = False  #: the most completed tickets score ``rules.globetrotter_bonus``

    @property
    def all_tickets(self) -> frozenset[str]:
        return frozenset(self.long_tickets + self.regular_tickets)


def variant_names(board: Board) -> tuple[str, ...]:
    """The variants a board offers ("base" first)."""
    tags = {tag for t in board.tickets for tag in t.decks}
    return ("base", *(name for name, v in VARIANTS.items() if v.deck in tags))


@lru_cache(maxsize=64)
def ticket_rules(board: Board, options: Options) -> TicketRules:
    """Resolve the ticket rules of a game on ``board`` with ``options``."""
    name = options.variant or "base"
    if name not in variant_names(board):
        raise RulesError("variant.unknown", _("The {map} map has no ticket variant {name}; it "
                                              "offers {offered}.").format(
            map=board.name, name=repr(name), offered=", ".join(variant_names(board))))
    base: tuple[int, int, int, int | None, int, int, str, bool]
    if options.teams:  # rules team.setup-tickets, team.tickets-draw: one pile of the map's kinds
        if name != "base":
            raise RulesError("team.tickets", _("Team play deals the map's own tickets; the {deck} "
                                               "deck is not played in teams.").format(
                deck=VARIANTS[name].title))
        team = board.rules.team
        long_ids: tuple[str, ...] = ()
        regular = tuple(t.id for t in board.tickets if t.kind in board.rules.ticket_kinds)
        base = (0, team.deal, team.keep, None, team.draw, team.draw_keep, "bottom", True)
    elif name == "base":
        rules = board.rules
        dealt = dict(rules.initial_tickets)
        long_ids = tuple(t.id for t in board.tickets if t.kind == "long"
                         and "long" in rules.ticket_kinds)
        regular = tuple(t.id for t in board.tickets if t.kind in rules.ticket_kinds
                        and t.kind != "long")
        base = (dealt.get("long", 0), dealt.get("regular", 0), rules.initial_tickets_keep, None,
                rules.draw_tickets, rules.draw_tickets_keep, rules.initial_rejects, True)
    else:
        v = VARIANTS[name]
        in_deck = [t for t in board.tickets if v.deck in t.decks]
        long_ids = tuple(t.id for t in in_deck if "long" in t.kind)
        regular = tuple(t.id for t in in_deck if "long" not in t.kind)
        base = (v.deal_long, v.deal_regular, v.keep_setup, v.max_long_kept, v.draw, v.draw_keep,
                "bottom" if v.print_1910 else "box", v.longest_bonus)
    deal_long, deal_regular, keep, max_long, draw, draw_keep, rejects, bonus = base
    return TicketRules(
        name, long_ids, regular,
        _pick(options.deal_long, deal_long), _pick(options.deal_regular, deal_regular),
        _pick(options.keep_setup, keep), max_long, _pick(options.draw_tickets, draw),
        _pick(options.draw_keep, draw_keep), rejects,
        bonus if options.longest_bonus is None else options.longest_bonus,
        options.warehouses,
        _globetrotter(name) if options.globetrotter is None else options.globetrotter)


def _globetrotter(name: str) -> bool:
    return name in VARIANTS and VARIANTS[name].globetrotter


def variant_board(board: Board, options: Options) -> Board:
    """The board a game with ``options`` is played on: ``board`` itself, or with the 1910
    box's cards (``Variant.print_1910``) the board whose reprinted tickets carry their 1910
    values (rule tickets.reprints)."""
    name = options.variant
    if name not in VARIANTS or not VARIANTS[name].print_1910:
        return board
    return reprinted(board)


def _pick(override: int | None, default: int) -> int:
    return default if override is None else override
