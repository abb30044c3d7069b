"""End-of-game positions: who holds which routes, tickets and stations, read from JSON.

A position file looks like::

    {"map": "europe",
     "players": [{"name": "Ann", "routes": ["eu-001", ...], "tickets": ["eu-t05", ...],
                  "stations": ["Wien"]}, ...]}

``stations`` may be left out (and must be empty on a map without stations); an optional
``"variant"`` names the ticket deck the game was played with (``null`` for the base game; on
Europe also ``"europe-expanded"``, ``"big-cities"`` and ``"mega-europe"``; on the USA the 1910
box's ``"usa-classic"``, ``"usa-1910"``, ``"usa-mega"`` and ``"usa-big-cities"``, whose
reprinted tickets score their 1910 values), ``"longest_bonus"`` and ``"globetrotter"``
(booleans) say a game played those bonuses otherwise than its variant does, and
``"warehouses": true`` marks a game with Warehouses & Depots, where every player gives
``"depots_left"``. A team game (Team Asia rules) adds ``"teams"``, the two players of each team
(``[["Ann", "Cleo"], ["Ben", "Dev"]]``); a team's shared tickets may be listed under either
teammate, and it is scored per team. ``parse_position`` checks everything a finished game must
satisfy and raises ``PositionError`` with one line naming each field in trouble: here the shape
of the file and that every id is known, then the rules between players
(``rules.position_rules``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ttr_widgets.rules import teams as team_play
from ttr_widgets.rules.errors import MapError, PositionError
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import Board, Ticket
from ttr_widgets.rules.position_rules import Entry, check_game, team_pairs, ticket_named
from ttr_widgets.rules.scoring import Holding, ScoreSheet, score_game
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules, variant_board

__all__ = [
    "TICKET_DECKS", "Position", "TicketDeck", "check_position", "load_position",
    "parse_position", "position_to_dict", "score_position", "sheet_dict", "ticket_deck",
]

_TOP_KEYS = frozenset({"map", "players", "variant", "description", "warehouses", "teams",
                       "longest_bonus", "globetrotter"})
_PLAYER_KEYS = frozenset({"name", "routes", "tickets", "stations", "depots_left"})
_SHOWN_PROBLEMS = 8


@dataclass(frozen=True, slots=True)
class TicketDeck:
    """The tickets a game variant plays with on one map.

    A ticket belongs to the deck when its kind is one of ``kinds`` (any kind when empty) and
    it is printed for one of ``decks`` (see ``Ticket.decks``; any when empty).
    """

    map: str
    variant: str | None
    description: str
    kinds: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()

    def admits(self, ticket: Ticket) -> bool:
        return ((not self.kinds or ticket.kind in self.kinds)
                and (not self.decks or any(d in ticket.decks for d in self.decks)))


#: (map name, variant) → its ticket deck: the base games, and the variants of
#: ``variants.VARIANTS`` (a ticket is in a variant's deck when it is printed for it).
TICKET_DECKS: Mapping[tuple[str, str | None], TicketDeck] = MappingProxyType({
    ("usa", None): TicketDeck("usa", None, "the 2004 USA tickets", kinds=("regular",)),
    ("europe", None): TicketDeck("europe", None, "the Europe base game tickets (regular and long)",
                                 kinds=("regular", "long")),
    **{(v.map, name): TicketDeck(v.map, name, f"the {v.title} tickets", decks=(v.deck,))
       for name, v in VARIANTS.items() if v.deck is not None},
})


def ticket_deck(board: Board, variant: str | None = None) -> TicketDeck:
    """The ticket deck of ``variant`` on ``board`` (maps without an entry: every ticket, base
    game only). Raises ``PositionError`` for a variant the kit does not know."""
    deck = TICKET_DECKS.get((board.name, variant))
    if deck is not None:
        return deck
    if variant is None:
        return TicketDeck(board.name, None, f"every {board.name} ticket")
    known = sorted(v for m, v in TICKET_DECKS if m == board.name and v is not None)
    choices = ", ".join(known) if known else "only the base game (null) so far"
    raise PositionError(f"variant: {variant!r} is not a variant of the {board.name} map "
                        f"({choices})")


@dataclass(frozen=True, slots=True)
class Position:
    """A finished (or paused) game: the board and each player's holding, in seating order; in
    a team game ``teams`` pairs the players (indices into ``players``)."""

    board: Board
    players: tuple[Holding, ...]
    variant: str | None = None
    warehouses: bool = False
    teams: tuple[tuple[int, int], ...] = ()
    #: the bonuses played, where the game chose other than its variant (None: as it says)
    longest_bonus: bool | None = None
    globetrotter: bool | None = None

    def team_holdings(self) -> tuple[team_play.TeamHolding, ...]:
        """Each team's holding (its shared tickets among its players' tickets)."""
        out = []
        for a, b in self.teams:
            first, second = self.players[a], self.players[b]
            out.append(team_play.TeamHolding(
                (first.name, second.name), (_in_order(self.board, first.routes),
                                            _in_order(self.board, second.routes)),
                (first.tickets, second.tickets)))
        return tuple(out)


def _in_order(board: Board, routes: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(routes, key=lambda rid: board.route(rid).index))


def score_position(position: Position, longest_bonus: bool | None = None) -> ScoreSheet:
    """Final scoring of a position (``ttr score``) with its variant's bonuses, as the position
    overrides them, or with the longest-trail bonus switched on or off (``longest_bonus``, the
    scorer's switch); a team game per team."""
    if position.teams:
        return team_play.score_teams(position.board, position.team_holdings())
    options = Options(variant=position.variant, warehouses=position.warehouses,
                      longest_bonus=position.longest_bonus, globetrotter=position.globetrotter)
    rules = ticket_rules(position.board, options)
    return score_game(position.board, position.players,
                      longest_bonus=rules.longest_bonus if longest_bonus is None
                      else longest_bonus, globetrotter=rules.globetrotter)


def sheet_dict(position: Position, sheet: ScoreSheet) -> dict[str, Any]:
    """``ttr score --json``: the sheet's own form; for a team game also each player's routes
    and team."""
    if not position.teams:
        return sheet.to_dict()
    board = position.board
    players = []
    for a, b in position.teams:
        team = [position.players[a].name, position.players[b].name]
        for i in (a, b):
            routes = [board.route(r) for r in position.players[i].routes]
            players.append({"name": position.players[i].name, "team": team,
                            "routes_claimed": len(routes),
                            "trains_used": sum(r.length for r in routes),
                            "route_points": sum(board.route_points(r) for r in routes)})
    return {"players": players, **sheet.to_dict()}


def check_position(position: Position, *, focus: int | None = None,
                   source: str = "position") -> PositionError | None:
    """Whether a finished game could look like ``position`` (``parse_position``'s check), as
    the error or ``None``. Players are checked in seating order except ``focus``, checked last,
    so that a clash between two players is reported against the focused one."""
    document = position_to_dict(position)
    for entry, holding in zip(document["players"], position.players, strict=True):
        if holding.stations:  # the document leaves them out on a map without stations
            entry["stations"] = list(holding.stations)
    if focus is not None:
        players = document["players"]
        document["players"] = [*players[:focus], *players[focus + 1:], players[focus]]
    try:
        parse_position(document, source=source)
    except PositionError as exc:
        return exc
    return None


def load_position(path: str | Path) -> Position:
    """Read and check a position file; ``PositionError`` (one line) when it is not usable."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError(f"cannot read position {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise PositionError(f"{path.name}: not a UTF-8 text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{path.name}: not JSON: {exc.msg} at line {exc.lineno} column "
                            f"{exc.colno}") from None
    return parse_position(data, source=path.name)


def parse_position(data: Any, source: str = "<position>") -> Position:
    """Check a parsed position document and build the ``Position``.

    Problems are reported in order on one line, joined with ``'; '`` (the first
    ``_SHOWN_PROBLEMS``, then a count), each with its place
    (``players[1].routes[3]: unknown route 'usa-999'``) and, where a rule is broken, the rule
    id. The rules between players (ownership, doubles, trains, stations, tickets) are checked
    once every field is well formed and every id known.
    """
    problems: list[str] = []
    board, variant, entries = _read(data, problems)
    warehouses = _warehouses(data, entries, problems)
    bonuses = _bonuses(data, problems)
    pairs: list[tuple[int, int]] = []
    if isinstance(data, dict) and "teams" in data and board is not None and not problems:
        pairs = team_pairs(board, data["teams"], variant, entries or [], problems)
    if board is not None and entries is not None and not problems:
        check_game(board, entries, problems, pairs)
    if problems or board is None or entries is None:
        shown = "; ".join(problems[:_SHOWN_PROBLEMS])
        more = len(problems) - _SHOWN_PROBLEMS
        raise PositionError(f"{source}: {shown}" + (f"; and {more} more" if more > 0 else ""))
    players = tuple(Holding(e.name, frozenset(e.routes), e.tickets, e.stations,
                            e.depots_left if warehouses else None) for e in entries)
    return Position(variant_board(board, Options(variant=variant)), players, variant,
                    warehouses, tuple(pairs), *bonuses)


def _bonuses(data: Any, problems: list[str]) -> tuple[bool | None, bool | None]:
    """``longest_bonus`` and ``globetrotter``: booleans when given (a game that played its
    variant's bonuses otherwise: Big Cities with the Longest Path, say)."""
    if not isinstance(data, dict):
        return None, None
    out: list[bool | None] = []
    for key in ("longest_bonus", "globetrotter"):
        value = data.get(key)
        if value is not None and not isinstance(value, bool):
            problems.append(f"{key}: expected true, false or null, got {_kind(value)}")
            value = None
        out.append(value)
    return out[0], out[1]


def _warehouses(data: Any, entries: list[Entry] | None, problems: list[str]) -> bool:
    """``warehouses`` is a boolean; with it every player gives ``depots_left`` (0..5),
    without it nobody does."""
    if not isinstance(data, dict):
        return False
    flag = data.get("warehouses", False)
    if not isinstance(flag, bool):
        problems.append(f"warehouses: expected true or false, got {_kind(flag)}")
        return False
    for i, entry in enumerate(entries or ()):
        place = f"players[{i}].depots_left"
        if flag and entry.depots_left is None:
            problems.append(f"{place}: missing (a game with warehouses needs each player's "
                            "Depots left)")
        elif not flag and entry.depots_left is not None:
            problems.append(f"{place}: only for a game with \"warehouses\": true")
    return bool(flag)


def position_to_dict(position: Position) -> dict[str, Any]:
    """The JSON form of a position (what ``parse_position`` reads back)."""
    board = position.board
    return {
        "map": board.name,
        "variant": position.variant,
        **({"warehouses": True} if position.warehouses else {}),
        **{key: value for key, value in (("longest_bonus", position.longest_bonus),
                                         ("globetrotter", position.globetrotter))
           if value is not None},
        **({"teams": [[position.players[i].name for i in pair] for pair in position.teams]}
           if position.teams else {}),
        "players": [{
            "name": h.name,
            "routes": sorted(h.routes, key=lambda rid: board.route(rid).index),
            "tickets": list(h.tickets),
            **({"stations": list(h.stations)} if board.has_stations else {}),
            **({"depots_left": h.depots_left} if h.depots_left is not None else {}),
        } for h in position.players],
    }


# ----------------------------------------------------------------------------- shape


def _read(data: Any, problems: list[str]) -> tuple[Board | None, str | None,
                                                   list[Entry] | None]:
    """The board, variant and holdings, with every problem of shape and of unknown ids."""
    if not isinstance(data, dict):
        problems.append(f"top level: expected an object, got {_kind(data)}")
        return None, None, None
    problems.extend(f"{key}: unknown key (expected {', '.join(sorted(_TOP_KEYS))})"
                    for key in data if key not in _TOP_KEYS)
    board = _board(data, problems)
    if board is None:
        return None, None, None
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        problems.append(f"variant: expected a string or null, got {_kind(variant)}")
        return board, None, None
    try:
        deck = ticket_deck(board, variant)
    except PositionError as exc:
        problems.append(str(exc))
        return board, variant, None
    raw = data.get("players")
    if not isinstance(raw, list):
        problems.append(f"players: expected a list of players, got {_kind(raw)}")
        return board, variant, None
    players = [_player(i, item, board, deck, problems) for i, item in enumerate(raw)]
    return board, variant, [p for p in players if p is not None]


def _board(data: dict[str, Any], problems: list[str]) -> Board | None:
    name = data.get("map")
    if name not in BUILTIN_MAPS:
        got = "missing" if "map" not in data else f"got {name!r}"
        problems.append(f"map: expected one of {', '.join(BUILTIN_MAPS)}, {got}")
        return None
    try:
        return load_map(name)
    except MapError as exc:  # a broken built-in map file
        problems.append(f"map: {exc}")
        return None


def _player(i: int, item: Any, board: Board, deck: TicketDeck,
            problems: list[str]) -> Entry | None:
    place = f"players[{i}]"
    if not isinstance(item, dict):
        problems.append(f"{place}: expected an object, got {_kind(item)}")
        return None
    before = len(problems)
    problems.extend(f"{place}.{key}: unknown key (expected {', '.join(sorted(_PLAYER_KEYS))})"
                    for key in item if key not in _PLAYER_KEYS)
    name = item.get("name")
    if not isinstance(name, str):
        problems.append(f"{place}.name: expected a string, got {_kind(name)}")
    elif not name.strip():
        problems.append(f"{place}.name: a player needs a name, got {name!r}")
    routes = _ids(f"{place}.routes", item.get("routes"), "route id", problems)
    tickets = _ids(f"{place}.tickets", item.get("tickets"), "ticket id", problems)
    stations = _ids(f"{place}.stations", item.get("stations", []), "city name", problems)
    _check_known(place, board, deck, routes, tickets, stations, problems)
    depots = item.get("depots_left")
    if depots is not None and (not isinstance(depots, int) or isinstance(depots, bool)
                               or not 0 <= depots <= board.rules.depots):
        problems.append(f"{place}.depots_left: expected a whole number from 0 to "
                        f"{board.rules.depots}, "
                        f"got {depots!r}")
    if len(problems) > before or not isinstance(name, str):
        return None
    return Entry(name, tuple(routes), tuple(tickets), tuple(stations), depots)


def _ids(place: str, value: Any, noun: str, problems: list[str]) -> list[str]:
    if value is None:
        problems.append(f"{place}: missing (expected a list of {noun}s)")
        return []
    if not isinstance(value, list):
        problems.append(f"{place}: expected a list of {noun}s, got {_kind(value)}")
        return []
    bad = [j for j, v in enumerate(value) if not isinstance(v, str)]
    for j in bad:
        problems.append(f"{place}[{j}]: expected a {noun} (a string), got {_kind(value[j])}")
    return [] if bad else list(value)


def _check_known(place: str, board: Board, deck: TicketDeck, routes: list[str],
                 tickets: list[str], stations: list[str], problems: list[str]) -> None:
    """Every id names something on the board, and every ticket is in the game's deck."""
    for j, rid in enumerate(routes):
        if rid not in board.route_by_id:
            problems.append(f"{place}.routes[{j}]: unknown route {rid!r}")
    for j, tid in enumerate(tickets):
        ticket = board.ticket_by_id.get(tid)
        if ticket is None:
            problems.append(f"{place}.tickets[{j}]: unknown ticket {tid!r}")
        elif not deck.admits(ticket):
            problems.append(f"{place}.tickets[{j}]: {ticket_named(ticket)} is not in this "
                            f"game's deck, {deck.description}{_other_decks(board, ticket)}")
    for j, city in enumerate(stations):
        if city not in board.city_index:
            problems.append(f"{place}.stations[{j}]: unknown city {city!r}")


def _other_decks(board: Board, ticket: Ticket) -> str:
    """Which variants play a ticket outside the game's deck (", but in the usa-1910 and
    usa-mega decks"), so that the file's missing ``variant`` is easy to find."""
    names = [name for (map_name, name), deck in TICKET_DECKS.items()
             if map_name == board.name and name is not None and deck.admits(ticket)]
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f", but in the {listed} {'deck' if len(names) == 1 else 'decks'}"


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string",
             list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)
