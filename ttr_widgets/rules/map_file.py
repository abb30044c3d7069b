"""A map file's contents, read and checked: every problem at once, each with its place
(``routes[12].length: expected a whole number ...``). ``rules.maps`` loads the files.

``board_from_dict`` checks the header, then each section (cities, rules, routes with their
doubles and triples, tickets, the deck, the counts) and assembles the ``Board``.
"""

from __future__ import annotations

import math
import re
import reprlib
from dataclasses import replace
from types import MappingProxyType
from typing import Any, TypeGuard

from ttr_widgets.rules.errors import MapError
from ttr_widgets.rules.model import COLORS, ROUTE_COLORS, Board, City, Route, RuleSet, Ticket

SCHEMA_VERSION = 1

_RULE_INTS = (
    "players_min", "players_max", "trains", "stations", "unused_station_points",
    "initial_train_cards", "face_up", "face_up_locomotive_reset", "face_up_reset_attempts",
    "initial_tickets_keep", "draw_tickets", "draw_tickets_keep", "double_routes_min_players",
    "end_trains", "tunnel_reveal", "longest_bonus", "depots", "depot_bonus",
    "globetrotter_bonus",
)
_RULE_OTHERS = ("route_points", "initial_tickets", "initial_rejects", "station_costs",
                "ticket_kinds", "longest_bonus_name")
# Keys a route or ticket may have: a misspelt one ("tunel") would otherwise quietly mean its
# default. Cities may carry any extra information (lat, lon, country, ...): none of it is a rule.
_ROUTE_KEYS = ("id", "a", "b", "length", "color", "tunnel", "ferry_locomotives", "double",
               "triple", "tunnel_cards", "stays_open")
_TICKET_KEYS = ("id", "a", "b", "points", "kind", "big_city", "decks", "points_1910")
_LENGTH_KEY = re.compile(r"[1-9][0-9]{0,2}")

_SHORT = reprlib.Repr()
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlevel = 2


def _show(value: Any) -> str:
    """A short one-line repr of a value from the file, safe for any size or depth."""
    return _SHORT.repr(value)

def board_from_dict(data: Any, source: str = "<map>") -> Board:
    """Validate a parsed map document and build its ``Board``; raise ``MapError`` listing all
    problems."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise MapError(source, ["top level: expected an object"])
    _check_header(data, problems)
    entries = {key: _entries(data.get(key)) for key in ("cities", "routes", "tickets")}
    for key, field in (("cities", "name"), ("routes", "id"), ("tickets", "id")):
        _check_unique(key, field, entries[key], problems)
    names = _keys(entries["cities"], "name")  # a city with a bad field is still a known name
    cities = _cities(entries["cities"], problems)
    rules = _rules(data.get("rules"), problems)
    routes = _routes(entries["routes"], names, rules, problems)
    tickets = _tickets(entries["tickets"], names, problems)
    deck = _deck(data.get("deck"), problems)
    _check_counts(data.get("counts"), entries, problems)
    big = data.get("big_cities", [])
    if not isinstance(big, list) or not all(_known(c, names) for c in big):
        problems.append("big_cities: expected a list of known city names")
        big = []
    if problems:
        raise MapError(source, problems)
    return _assemble(data, cities, routes, tickets, deck, rules, tuple(big))


def _check_header(data: dict[str, Any], problems: list[str]) -> None:
    version = data.get("schema_version")
    if not _is_int(version) or version != SCHEMA_VERSION:
        problems.append(f"schema_version: expected {SCHEMA_VERSION}, got {_show(version)}")
    for key in ("name", "title"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.append(f"{key}: expected a non-empty string")
    for key in ("cities", "routes", "tickets"):
        if not isinstance(data.get(key), list):
            problems.append(f"{key}: expected a list")


def _entries(items: Any) -> list[Any]:
    """The entries of a list section (none when it is not a list: the header check says so)."""
    return items if isinstance(items, list) else []


def _keys(entries: list[Any], field: str) -> set[str]:
    """The string values of ``field`` over the entries that are objects."""
    return {e[field] for e in entries if isinstance(e, dict) and isinstance(e.get(field), str)}


def _check_unique(section: str, field: str, entries: list[Any], problems: list[str]) -> None:
    what = {"cities": "city", "routes": "route id", "tickets": "ticket id"}[section]
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        value = entry.get(field) if isinstance(entry, dict) else None
        if isinstance(value, str) and value in seen:
            problems.append(f"{section}[{i}].{field}: duplicate {what} {_show(value)}")
        elif isinstance(value, str):
            seen.add(value)


def _check_keys(place: str, item: dict[Any, Any], allowed: tuple[str, ...],
                problems: list[str]) -> None:
    unknown = [key for key in item if key not in allowed]
    if unknown:
        problems.append(f"{place}: unknown keys {_show(sorted(unknown, key=str))}")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_coordinate(value: object) -> TypeGuard[float]:
    """A finite number that fits a float (JSON allows NaN, Infinity and huge integers)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _known(value: Any, names: set[str]) -> bool:
    """Whether ``value`` is one of ``names`` (any JSON value, hashable or not)."""
    return isinstance(value, str) and value in names


def _cities(entries: list[Any], problems: list[str]) -> list[City]:
    cities: list[City] = []
    for i, item in enumerate(entries):
        place = f"cities[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: expected an object")
            continue
        name = item.get("name")
        if not isinstance(name, str) or not name:
            problems.append(f"{place}.name: expected a non-empty string")
            continue
        x, y = item.get("x"), item.get("y")
        if not (_is_coordinate(x) and _is_coordinate(y)):
            problems.append(f"{place}: city {name!r} needs numeric x and y")
            continue
        display = item.get("display_name", "")
        if not isinstance(display, str):
            problems.append(f"{place}.display_name: expected a string")
            continue
        cities.append(City(name, float(x), float(y), display))
    return cities


def _routes(entries: list[Any], names: set[str], rules: RuleSet,
            problems: list[str]) -> list[Route]:
    routes: list[Route] = []
    lengths = {n for n, _ in rules.route_points}
    for i, item in enumerate(entries):
        route = _route(i, item, names, lengths, problems)
        if route is not None:
            routes.append(route)
    _check_doubles(routes, _keys(entries, "id"), problems)
    return routes


def _entry_id(place: str, item: dict[str, Any], keys: tuple[str, ...], kind: str,
              names: set[str], problems: list[str]) -> str | None:
    """What every route and ticket entry is checked for: its keys, a non-empty id, two cities
    of the map. Returns the id (None when it is not a string)."""
    _check_keys(place, item, keys, problems)
    entry_id = item.get("id")
    if not isinstance(entry_id, str) or not entry_id:
        problems.append(f"{place}.id: expected a non-empty string")
    _check_ends(place, kind, item, names, problems)
    return entry_id if isinstance(entry_id, str) else None


def _route(i: int, item: Any, names: set[str], lengths: set[int],
           problems: list[str]) -> Route | None:
    place = f"routes[{i}]"
    if not isinstance(item, dict):
        problems.append(f"{place}: expected an object")
        return None
    before = len(problems)
    rid = _entry_id(place, item, _ROUTE_KEYS, "route", names, problems)
    length = item.get("length")
    if not _is_int(length) or length not in lengths:
        problems.append(f"{place}.length: {_show(length)} is not a length the scoring table "
                        f"knows ({sorted(lengths)})")
    if item.get("color") not in ROUTE_COLORS:
        problems.append(f"{place}.color: {_show(item.get('color'))} is not one of "
                        f"{', '.join(ROUTE_COLORS)}")
    tunnel = item.get("tunnel", False)
    if not isinstance(tunnel, bool):
        problems.append(f"{place}.tunnel: expected true or false")
    ferry = item.get("ferry_locomotives", 0)
    if not _is_int(ferry) or ferry < 0 or (_is_int(length) and ferry > length):
        problems.append(f"{place}.ferry_locomotives: expected 0 up to the route's length")
    double = item.get("double")
    if double is not None and not isinstance(double, str):
        problems.append(f"{place}.double: expected a route id or null")
    triple, reveal, stays_open = _team_fields(place, item, tunnel, problems)
    if len(problems) > before or not (isinstance(rid, str) and _is_int(length)):
        return None  # (the second test only restates for the type checker what passed above)
    return Route(rid, item["a"], item["b"], length, item["color"], tunnel, ferry, double, i,
                 reveal=reveal, triple=triple, stays_open=stays_open)


def _team_fields(place: str, item: dict[str, Any], tunnel: Any,
                 problems: list[str]) -> tuple[tuple[str, ...], int, bool]:
    """A route's Team Asia fields: ``triple`` (the two other tracks of a triple route),
    ``tunnel_cards`` (a tunnel's own number of cards to turn up) and ``stays_open`` (a double
    whose both tracks stay open with 4 players)."""
    triple = item.get("triple", [])
    if "triple" in item and not (isinstance(triple, list) and len(triple) == 2
            and all(isinstance(t, str) and t for t in triple) and triple[0] != triple[1]):
        problems.append(f"{place}.triple: expected the ids of the two other tracks")
        triple = []
    elif triple and item.get("double") is not None:
        problems.append(f"{place}.triple: a route is a double or a triple, not both")
    reveal = item.get("tunnel_cards", 0)
    if "tunnel_cards" in item and not (_is_int(reveal) and 1 <= reveal <= 9 and tunnel is True):
        problems.append(f"{place}.tunnel_cards: expected 1 to 9 cards to turn up, "
                        f"on a tunnel only")
        reveal = 0
    stays_open = item.get("stays_open", False)
    if stays_open is not False and not (stays_open is True and item.get("double")):
        problems.append(f"{place}.stays_open: expected true or false, true on a double only")
        stays_open = False
    return tuple(triple), reveal, stays_open


def _check_ends(place: str, what: str, item: dict[str, Any], names: set[str],
                problems: list[str]) -> None:
    """Both ends of a route or ticket are known cities, and not the same one."""
    for end in ("a", "b"):
        if not _known(item.get(end), names):
            problems.append(f"{place}.{end}: unknown city {_show(item.get(end))}")
    if isinstance(item.get("a"), str) and item.get("a") == item.get("b"):
        problems.append(f"{place}: a {what} cannot join {_show(item.get('a'))} to itself")


def _check_doubles(routes: list[Route], ids: set[str], problems: list[str]) -> None:
    """Twins name each other and join the same cities (a twin with problems of its own is
    skipped: they are already reported)."""
    by_id = {route.id: route for route in routes}
    for route in routes:
        if route.double is None:
            continue
        twin = by_id.get(route.double)
        place = f"routes[{route.index}].double"
        if twin is None:
            if route.double not in ids:
                problems.append(f"{place}: unknown route {_show(route.double)}")
        elif twin is route:
            problems.append(f"{place}: {route.id!r} names itself as its twin")
        elif twin.double != route.id:
            problems.append(f"{place}: {twin.id!r} does not name {route.id!r} back as its twin")
        elif {twin.a, twin.b} != {route.a, route.b}:
            problems.append(f"{place}: {twin.id!r} joins other cities")
        elif twin.stays_open != route.stays_open:
            problems.append(f"routes[{route.index}].stays_open: its twin {twin.id!r} "
                            f"does not say the same")
    _check_triples(routes, by_id, ids, problems)
    _check_parallels(routes, problems)


def _check_triples(routes: list[Route], by_id: dict[str, Route], ids: set[str],
                   problems: list[str]) -> None:
    """The three tracks of a triple route name each other and join the same cities."""
    for route in routes:
        place = f"routes[{route.index}].triple"
        for other_id in route.triple:
            other = by_id.get(other_id)
            if other is None:
                if other_id not in ids:
                    problems.append(f"{place}: unknown route {_show(other_id)}")
            elif other is route:
                problems.append(f"{place}: {route.id!r} names itself")
            elif set(other.triple) != {route.id, *route.triple} - {other.id}:
                problems.append(f"{place}: {other.id!r} does not name the same three tracks")
            elif {other.a, other.b} != {route.a, route.b}:
                problems.append(f"{place}: {other.id!r} joins other cities")


def _check_parallels(routes: list[Route], problems: list[str]) -> None:
    """Tracks between the same cities must name each other as a double or triple route."""
    first: dict[frozenset[str], Route] = {}
    for route in routes:
        pair = frozenset((route.a, route.b))
        other = first.setdefault(pair, route)
        if other is not route and other.id not in route.parallel \
                and route.id not in other.parallel:
            problems.append(f"routes[{route.index}]: joins {route.a!r} and {route.b!r} like "
                            f"routes[{other.index}] ({other.id!r}) but neither names the other "
                            f"as its double")


def _tickets(entries: list[Any], names: set[str], problems: list[str]) -> list[Ticket]:
    tickets: list[Ticket] = []
    for i, item in enumerate(entries):
        place = f"tickets[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: expected an object")
            continue
        before = len(problems)
        tid = _entry_id(place, item, _TICKET_KEYS, "ticket", names, problems)
        points = item.get("points")
        if not _is_int(points) or points <= 0:
            problems.append(f"{place}.points: expected a positive whole number, "
                            f"got {_show(points)}")
        if not isinstance(item.get("kind"), str) or not item.get("kind"):
            problems.append(f"{place}.kind: expected a non-empty string")
        big_city = item.get("big_city", False)
        if not isinstance(big_city, bool):
            problems.append(f"{place}.big_city: expected true or false")
        decks = item.get("decks", [])
        if not isinstance(decks, list) or not all(isinstance(d, str) for d in decks):
            problems.append(f"{place}.decks: expected a list of deck names")
        reprint = item.get("points_1910")
        if reprint is not None and (not _is_int(reprint) or reprint <= 0):
            problems.append(f"{place}.points_1910: expected a positive whole number, "
                            f"got {_show(reprint)}")
        if len(problems) == before and isinstance(tid, str) and _is_int(points):
            tickets.append(Ticket(tid, item["a"], item["b"], points, item["kind"],
                                  big_city, tuple(decks), points_1910=reprint))
    return tickets


def _deck(deck: Any, problems: list[str]) -> tuple[int, ...]:
    if not isinstance(deck, dict) or not isinstance(deck.get("colors"), dict):
        problems.append("deck: expected {'colors': {colour: count}, 'locomotives': count}")
        return ()
    counts = []
    for color in COLORS:
        n = deck["colors"].get(color)
        if not _is_int(n) or n < 0:
            problems.append(f"deck.colors.{color}: expected a count")
            n = 0
        counts.append(n)
    extra = set(deck["colors"]) - set(COLORS)
    if extra:
        problems.append(f"deck.colors: unknown colours {_show(sorted(extra, key=str))}")
    locos = deck.get("locomotives")
    if not _is_int(locos) or locos < 0:
        problems.append("deck.locomotives: expected a count")
        locos = 0
    return (*counts, locos)


def _rules(rules: Any, problems: list[str]) -> RuleSet:
    if not isinstance(rules, dict):
        problems.append("rules: expected an object")
        return RuleSet()
    kwargs: dict[str, Any] = {}
    unknown = [key for key in rules if key not in _RULE_INTS and key not in _RULE_OTHERS]
    if unknown:
        problems.append(f"rules: unknown keys {_show(sorted(unknown, key=str))}")
    for key in _RULE_INTS:
        if key in rules:
            if _is_int(rules[key]) and rules[key] >= 0:
                kwargs[key] = rules[key]
            else:
                problems.append(f"rules.{key}: expected a whole number ≥ 0, "
                                f"got {_show(rules[key])}")
    if "route_points" in rules:
        kwargs["route_points"] = _route_points(rules["route_points"], problems)
    dealt = rules.get("initial_tickets", {"regular": 3})
    if isinstance(dealt, dict) and all(_is_int(v) and v >= 0 for v in dealt.values()):
        kwargs["initial_tickets"] = tuple(dealt.items())
    else:
        problems.append("rules.initial_tickets: expected {kind: count}")
    if rules.get("initial_rejects", "bottom") not in ("bottom", "box"):
        problems.append("rules.initial_rejects: expected 'bottom' or 'box'")
    else:
        kwargs["initial_rejects"] = rules.get("initial_rejects", "bottom")
    costs = rules.get("station_costs", [])
    if isinstance(costs, list) and all(_is_int(c) and c > 0 for c in costs):
        kwargs["station_costs"] = tuple(costs)
    else:
        problems.append("rules.station_costs: expected a list of card counts")
    if "station_costs" in kwargs and len(costs) != kwargs.get("stations", 0):
        problems.append("rules.station_costs: needs one cost per station")
    kinds = rules.get("ticket_kinds", ["regular"])
    if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds):
        kwargs["ticket_kinds"] = tuple(kinds)
    else:
        problems.append("rules.ticket_kinds: expected a list of ticket kinds")
    name = rules.get("longest_bonus_name", RuleSet().longest_bonus_name)
    if isinstance(name, str) and name:
        kwargs["longest_bonus_name"] = name
    else:
        problems.append("rules.longest_bonus_name: expected a non-empty string")
    return RuleSet(**kwargs)


def _route_points(table: Any, problems: list[str]) -> tuple[tuple[int, int], ...]:
    """The scoring table ``{"length": points}``. Every length written as a whole number is kept
    (with 0 points if its points are wrong, already a problem) so that routes of that length
    are not reported too."""
    if not isinstance(table, dict):
        problems.append("rules.route_points: expected {length: points}")
        return ()
    points: dict[int, int] = {}
    for key, value in table.items():
        if not (isinstance(key, str) and _LENGTH_KEY.fullmatch(key)):
            problems.append(f"rules.route_points: length {_show(key)} is not a whole number "
                            f"from 1 to 999")
            continue
        if not _is_int(value) or value < 0:
            problems.append(f"rules.route_points.{key}: expected points ≥ 0, got {_show(value)}")
            value = 0
        points[int(key)] = value
    return tuple(sorted(points.items()))


def _check_counts(counts: Any, entries: dict[str, list[Any]], problems: list[str]) -> None:
    """The header's counts match the number of entries in each list."""
    if not isinstance(counts, dict):
        problems.append("counts: expected {'cities': n, 'routes': n, 'tickets': n}")
        return
    for key, items in entries.items():
        said = counts.get(key)
        if not _is_int(said) or said != len(items):
            problems.append(f"counts.{key}: header says {_show(said)}, "
                            f"the file has {len(items)}")


def _assemble(data: dict[str, Any], cities: list[City], routes: list[Route],
              tickets: list[Ticket], deck: tuple[int, ...], rules: RuleSet,
              big: tuple[str, ...]) -> Board:
    label = {c.name: c.label for c in cities}
    routes = [replace(r, labels=(label[r.a], label[r.b])) for r in routes]
    tickets = [replace(t, labels=(label[t.a], label[t.b])) for t in tickets]
    at: dict[str, list[Route]] = {c.name: [] for c in cities}
    for route in routes:
        at[route.a].append(route)
        at[route.b].append(route)
    return Board(
        name=data["name"], title=data["title"], cities=tuple(cities), routes=tuple(routes),
        tickets=tuple(tickets), deck=deck, rules=rules, big_cities=big,
        city_index=MappingProxyType({c.name: i for i, c in enumerate(cities)}),
        route_by_id=MappingProxyType({r.id: r for r in routes}),
        ticket_by_id=MappingProxyType({t.id: t for t in tickets}),
        routes_at=MappingProxyType({k: tuple(v) for k, v in at.items()}),
    )
