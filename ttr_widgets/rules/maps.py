"""Load a map file and validate all of it, reporting every problem at once with its place."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .errors import MapError
from .model import COLORS, ROUTE_COLORS, Board, City, Route, RuleSet, Ticket

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
BUILTIN_MAPS = ("usa", "europe", "mini")
SCHEMA_VERSION = 1

_RULE_INTS = (
    "players_min", "players_max", "trains", "stations", "unused_station_points",
    "initial_train_cards", "face_up", "face_up_locomotive_reset", "face_up_reset_attempts",
    "initial_tickets_keep", "draw_tickets", "draw_tickets_keep", "double_routes_min_players",
    "end_trains", "tunnel_reveal", "longest_bonus",
)


def map_path(name: str) -> Path:
    """The file of a built-in map."""
    return MAPS_DIR / f"{name}.json"


@lru_cache(maxsize=16)
def load_map(name_or_path: str) -> Board:
    """A built-in map by name (``'usa'``, ``'europe'``, ``'mini'``) or a map file by path."""
    path = map_path(name_or_path) if name_or_path in BUILTIN_MAPS else Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        known = ", ".join(BUILTIN_MAPS)
        raise MapError(str(name_or_path), [f"cannot read it ({exc.strerror}); "
                                           f"built-in maps are {known}"]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(path.name, [f"not JSON: {exc.msg} at line {exc.lineno}"]) from None
    return board_from_dict(data, source=path.name)


def board_from_dict(data: Any, source: str = "<map>") -> Board:
    """Validate a parsed map document and build its ``Board``; raise ``MapError`` listing all
    problems."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise MapError(source, ["top level: expected an object"])
    _check_header(data, problems)
    cities = _cities(data.get("cities"), problems)
    names = {c.name for c in cities}
    rules = _rules(data.get("rules"), problems)
    routes = _routes(data.get("routes"), names, rules, problems)
    tickets = _tickets(data.get("tickets"), names, problems)
    deck = _deck(data.get("deck"), problems)
    _check_counts(data.get("counts"), cities, routes, tickets, problems)
    big = data.get("big_cities", [])
    if not isinstance(big, list) or any(c not in names for c in big):
        problems.append("big_cities: expected a list of known city names")
        big = []
    if problems:
        raise MapError(source, problems)
    return _assemble(data, cities, routes, tickets, deck, rules, tuple(big))


def _check_header(data: dict[str, Any], problems: list[str]) -> None:
    if data.get("schema_version") != SCHEMA_VERSION:
        problems.append(f"schema_version: expected {SCHEMA_VERSION}, "
                        f"got {data.get('schema_version')!r}")
    for key in ("name", "title"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.append(f"{key}: expected a non-empty string")
    for key in ("cities", "routes", "tickets"):
        if not isinstance(data.get(key), list):
            problems.append(f"{key}: expected a list")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _cities(items: Any, problems: list[str]) -> list[City]:
    cities: list[City] = []
    seen: set[str] = set()
    for i, item in enumerate(items if isinstance(items, list) else []):
        place = f"cities[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: expected an object")
            continue
        name = item.get("name")
        if not isinstance(name, str) or not name:
            problems.append(f"{place}.name: expected a non-empty string")
            continue
        if name in seen:
            problems.append(f"{place}.name: duplicate city {name!r}")
        seen.add(name)
        x, y = item.get("x"), item.get("y")
        if not (_is_number(x) and _is_number(y)):
            problems.append(f"{place}: city {name!r} needs numeric x and y")
            continue
        cities.append(City(name, float(x), float(y), str(item.get("display_name", ""))))
    return cities


def _routes(items: Any, names: set[str], rules: RuleSet, problems: list[str]) -> list[Route]:
    routes: list[Route] = []
    lengths = {n for n, _ in rules.route_points}
    raw = items if isinstance(items, list) else []
    for i, item in enumerate(raw):
        route = _route(i, item, names, lengths, problems)
        if route is not None:
            routes.append(route)
    _check_doubles(routes, problems)
    return routes


def _route(i: int, item: Any, names: set[str], lengths: set[int],
           problems: list[str]) -> Route | None:
    place = f"routes[{i}]"
    if not isinstance(item, dict):
        problems.append(f"{place}: expected an object")
        return None
    before = len(problems)
    rid = item.get("id")
    if not isinstance(rid, str) or not rid:
        problems.append(f"{place}.id: expected a non-empty string")
    for end in ("a", "b"):
        if item.get(end) not in names:
            problems.append(f"{place}.{end}: unknown city {item.get(end)!r}")
    if item.get("a") == item.get("b"):
        problems.append(f"{place}: a route cannot join {item.get('a')!r} to itself")
    length = item.get("length")
    if not _is_int(length) or length not in lengths:
        problems.append(f"{place}.length: {length!r} is not a length the scoring table knows "
                        f"({sorted(lengths)})")
    if item.get("color") not in ROUTE_COLORS:
        problems.append(f"{place}.color: {item.get('color')!r} is not one of "
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
    if len(problems) > before:
        return None
    return Route(rid, item["a"], item["b"], length, item["color"], tunnel, ferry, double, i)


def _check_doubles(routes: list[Route], problems: list[str]) -> None:
    by_id: dict[str, Route] = {}
    for route in routes:
        if route.id in by_id:
            problems.append(f"routes[{route.index}].id: duplicate route id {route.id!r}")
        by_id[route.id] = route
    for route in routes:
        if route.double is None:
            continue
        twin = by_id.get(route.double)
        place = f"routes[{route.index}].double"
        if twin is None:
            problems.append(f"{place}: unknown route {route.double!r}")
        elif twin.double != route.id:
            problems.append(f"{place}: {twin.id!r} does not name {route.id!r} back as its twin")
        elif {twin.a, twin.b} != {route.a, route.b}:
            problems.append(f"{place}: {twin.id!r} joins other cities")


def _tickets(items: Any, names: set[str], problems: list[str]) -> list[Ticket]:
    tickets: list[Ticket] = []
    seen: set[str] = set()
    for i, item in enumerate(items if isinstance(items, list) else []):
        place = f"tickets[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: expected an object")
            continue
        before = len(problems)
        tid = item.get("id")
        if not isinstance(tid, str) or not tid:
            problems.append(f"{place}.id: expected a non-empty string")
        elif tid in seen:
            problems.append(f"{place}.id: duplicate ticket id {tid!r}")
        for end in ("a", "b"):
            if item.get(end) not in names:
                problems.append(f"{place}.{end}: unknown city {item.get(end)!r}")
        points = item.get("points")
        if not _is_int(points) or points <= 0:
            problems.append(f"{place}.points: expected a positive whole number")
        if not isinstance(item.get("kind"), str):
            problems.append(f"{place}.kind: expected a string")
        if len(problems) == before:
            seen.add(tid)
            tickets.append(Ticket(tid, item["a"], item["b"], points, item["kind"],
                                  bool(item.get("big_city", False)),
                                  tuple(item.get("decks", ()))))
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
        problems.append(f"deck.colors: unknown colours {sorted(extra)}")
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
    for key in _RULE_INTS:
        if key in rules:
            if _is_int(rules[key]) and rules[key] >= 0:
                kwargs[key] = rules[key]
            else:
                problems.append(f"rules.{key}: expected a whole number ≥ 0")
    table = rules.get("route_points", {})
    try:
        kwargs["route_points"] = tuple(sorted((int(k), int(v)) for k, v in table.items()))
    except (AttributeError, ValueError, TypeError):
        problems.append("rules.route_points: expected {length: points}")
    dealt = rules.get("initial_tickets", {"regular": 3})
    if isinstance(dealt, dict) and all(_is_int(v) for v in dealt.values()):
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
    if len(kwargs.get("station_costs", ())) != kwargs.get("stations", 0):
        problems.append("rules.station_costs: needs one cost per station")
    kinds = rules.get("ticket_kinds", ["regular"])
    if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds):
        kwargs["ticket_kinds"] = tuple(kinds)
    else:
        problems.append("rules.ticket_kinds: expected a list of ticket kinds")
    if isinstance(rules.get("longest_bonus_name"), str):
        kwargs["longest_bonus_name"] = rules["longest_bonus_name"]
    return RuleSet(**kwargs)


def _check_counts(counts: Any, cities: list[City], routes: list[Route], tickets: list[Ticket],
                  problems: list[str]) -> None:
    if not isinstance(counts, dict):
        problems.append("counts: expected {'cities': n, 'routes': n, 'tickets': n}")
        return
    for key, items in (("cities", cities), ("routes", routes), ("tickets", tickets)):
        if counts.get(key) != len(items):
            problems.append(f"counts.{key}: header says {counts.get(key)!r}, "
                            f"the file has {len(items)} valid")


def _assemble(data: dict[str, Any], cities: list[City], routes: list[Route],
              tickets: list[Ticket], deck: tuple[int, ...], rules: RuleSet,
              big: tuple[str, ...]) -> Board:
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
