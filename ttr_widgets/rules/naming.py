"""Tickets, routes and cities named as people write them.

``find_ticket(board, "denver – el paso")`` is the ticket between Denver and El Paso, written
either way round, with any dash, ``to`` or a slash between the cities, in any case, with or
without accents (``Zurich`` for ``Zürich``) and with ``St.``, ``Ste`` or ``Saint`` alike. A route
is named the same way, with its colour when two tracks join the same cities
(``"New York-Boston red"``, ``"Boston – New York (yellow)"``). Ids (``usa-t24``, ``usa-031``)
still work. A name that fits nothing, or more than one thing, raises ``NamingError``: one line
with the closest matches.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TypeVar

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.model import ROUTE_COLORS, Board, Route, Ticket
from ttr_widgets.rules.position import TicketDeck

__all__ = ["NamingError", "find_city", "find_route", "find_ticket", "name_key"]

#: What may stand between two city names: dashes of every kind, a slash, an arrow, "to".
_BETWEEN = re.compile(r"\s*(?:[-‐‑‒–—―−/>→]+|\s+to\s+)\s*", re.IGNORECASE)
_SAINT = {"st": "saint", "ste": "saint", "sainte": "saint"}
_COLOUR_WORDS = {**{c: c for c in ROUTE_COLORS}, "grey": "gray", "colour": "", "color": ""}
_CLOSEST = 3


class NamingError(TTRError):
    """A name that fits no ticket, route or city of the map, or more than one."""


def name_key(text: str) -> str:
    """The form two spellings of one name share: 'Sault Ste. Marie' and 'sault st marie' are
    both 'sault saint marie'; 'Zürich' and 'Zurich' both 'zurich'."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(c))
    words = re.sub(r"[.'’,()]", " ", plain.casefold()).split()
    return " ".join(_SAINT.get(word, word) for word in words)


def find_city(board: Board, text: str) -> str:
    """The city ``text`` names (its name in the map file)."""
    cities = _cities(board)
    city = cities.get(name_key(text))
    if city is None:
        closest = _closest(name_key(text), cities, lambda key: board.city_label(cities[key]))
        raise NamingError(f"no city {text.strip()!r} on the {board.name} map{closest}")
    return city


def find_ticket(board: Board, text: str, deck: TicketDeck | None = None) -> Ticket:
    """The ticket ``text`` names: its id or its two cities; with ``deck`` (a variant's), one
    of that deck's tickets."""
    ticket = board.ticket_by_id.get(text.strip()) or board.ticket_by_id.get(text.strip().lower())
    if ticket is None:
        found = _by_cities(board, text, _tickets(board))
        if deck is not None and len(found) > 1:
            found = [t for t in found if deck.admits(t)] or found
        ticket = _one(board, text, found, "ticket")
    if deck is not None and not deck.admits(ticket):
        raise NamingError(f"{_ticket_text(board, ticket)} is not in this game's deck, "
                          f"{deck.description}")
    return ticket


def find_route(board: Board, text: str, given: Collection[str] = ()) -> Route:
    """The route ``text`` names: its id, or its two cities and, where two tracks of other
    colours join them, its colour. Of two tracks alike (two gray ones), the first whose id is
    not in ``given`` (the routes named before it): name such a double twice for both."""
    route = board.route_by_id.get(text.strip()) or board.route_by_id.get(text.strip().lower())
    if route is not None:
        return route
    colour, rest = _colour(text)
    found = _by_cities(board, rest, _routes(board))
    if colour:
        found = [r for r in found if r.color == colour] or _wrong_colour(board, found, colour)
    if len(found) > 1:
        between = f"{board.city_label(found[0].a)} and {board.city_label(found[0].b)}"
        colours = [r.color for r in found]
        if len(set(colours)) > 1:
            raise NamingError(f"{len(found)} routes join {between}: add the colour, "
                              f"{_or(colours)}")
        free = [r for r in found if r.id not in given]
        if not free:
            raise NamingError(f"both {colours[0]} routes between {between} are given already")
        found = free[:1]
    return _one(board, text, found, "route")


# --- reading a name ------------------------------------------------------------------------

_Item = TypeVar("_Item", Ticket, Route)


def _by_cities(board: Board, text: str, items: Mapping[frozenset[str], list[_Item]]
               ) -> list[_Item]:
    """The items between the two cities ``text`` names; [] when it names no known pair."""
    cities = _cities(board)
    pairs = []
    for sep in _BETWEEN.finditer(text):
        left, right = cities.get(name_key(text[:sep.start()])), \
            cities.get(name_key(text[sep.end():]))
        if left and right:
            pairs.append(frozenset((left, right)))
    found: list[_Item] = []
    for pair in dict.fromkeys(pairs):
        found.extend(items.get(pair, ()))
    return found


def _colour(text: str) -> tuple[str, str]:
    """A trailing colour word ('... red', '... (red)', '..., grey') and the text before it."""
    match = re.search(r"[\s,(]+([a-z]+)\s*\)?\s*$", text.casefold())
    if match and match.group(1) in _COLOUR_WORDS and _COLOUR_WORDS[match.group(1)]:
        return _COLOUR_WORDS[match.group(1)], text[:match.start()]
    return "", text


def _wrong_colour(board: Board, found: list[Route], colour: str) -> list[Route]:
    if not found:
        return []
    first = found[0]
    raise NamingError(f"no {colour} route joins {board.city_label(first.a)} and "
                      f"{board.city_label(first.b)}: it is {_or([r.color for r in found])}")


def _one(board: Board, text: str, found: Sequence[_Item], noun: str) -> _Item:
    if len(found) == 1:
        return found[0]
    if found:  # two tickets between the same cities (a small map's, say)
        named = [_ticket_text(board, t) if isinstance(t, Ticket) else t.id for t in found]
        raise NamingError(f"{text.strip()!r} names {len(found)} {noun}s: {_or(named)}; "
                          "give the id")
    pairs = _tickets(board) if noun == "ticket" else _routes(board)
    labels = {name_key(f"{a} {b}"): _label(board, items[0])
              for items in pairs.values() for a, b in _both_ways(items[0])}
    closest = _closest(name_key(_BETWEEN.sub(" ", text)), labels, lambda key: labels[key])
    raise NamingError(f"no {noun} {text.strip()!r} on the {board.name} map{closest}")


def _closest(key: str, known: Iterable[str], label: Callable[[str], str]) -> str:
    shown = list(dict.fromkeys(label(k) for k in difflib.get_close_matches(
        key, list(known), n=2 * _CLOSEST, cutoff=0.5)))[:_CLOSEST]
    return f"; closest: {', '.join(shown)}" if shown else ""


def _ticket_text(board: Board, ticket: Ticket) -> str:
    a, b = board.city_label(ticket.a), board.city_label(ticket.b)
    return f"{a}–{b} ({ticket.points} points, {ticket.id})"


def _label(board: Board, item: Ticket | Route) -> str:
    return f"{board.city_label(item.a)}–{board.city_label(item.b)}"


def _both_ways(item: Ticket | Route) -> list[tuple[str, str]]:
    return [(item.a, item.b), (item.b, item.a)]


def _or(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# --- the map's names, once per board --------------------------------------------------------

@lru_cache(maxsize=16)
def _cities(board: Board) -> dict[str, str]:
    names = {name_key(city.name): city.name for city in board.cities}
    names.update({name_key(city.label): city.name for city in board.cities})
    return names


@lru_cache(maxsize=16)
def _tickets(board: Board) -> dict[frozenset[str], list[Ticket]]:
    out: dict[frozenset[str], list[Ticket]] = {}
    for ticket in board.tickets:
        out.setdefault(frozenset((ticket.a, ticket.b)), []).append(ticket)
    return out


@lru_cache(maxsize=16)
def _routes(board: Board) -> dict[frozenset[str], list[Route]]:
    out: dict[frozenset[str], list[Route]] = {}
    for route in board.routes:
        out.setdefault(frozenset((route.a, route.b)), []).append(route)
    return out
