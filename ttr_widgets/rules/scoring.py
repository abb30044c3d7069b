"""Final scoring: routes, tickets (with station borrowings), unused stations, the longest-trail
bonus, tie-breaks (the text table that shows how every total is made: ``score_sheet``).

``score_game`` is a pure function of the board and what each player holds at the end; it is
what the game engine calls when a game is over and what ``ttr score`` prints.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.graph import Trail, components, longest_trail
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.words import and_list, bonus_name, is_you

TrailFinder = Callable[[Board, Iterable[str]], Trail]  #: a player's longest trail

__all__ = [
    "Holding", "PlayerScore", "ScoreSheet", "StationBorrow", "TicketResult", "score_game",
]


@dataclass(frozen=True, slots=True)
class Holding:
    """What one player has at the end: claimed route ids, kept ticket ids, station cities."""

    name: str
    routes: frozenset[str]
    tickets: tuple[str, ...]
    stations: tuple[str, ...] = ()
    depots_left: int | None = None  #: Warehouses & Depots only: Depots still unplaced


@dataclass(frozen=True, slots=True)
class TicketResult:
    """One ticket at the end: ``points`` is signed (+value when completed, -value when not);
    ``borrowed`` says a completion needed routes borrowed through stations."""

    id: str
    completed: bool
    points: int
    borrowed: bool = False


@dataclass(frozen=True, slots=True)
class StationBorrow:
    """The route of another player (``owner``) a station uses; ``route`` and ``owner`` are
    ``None`` when no other player's route reaches the city (rule station.borrow)."""

    city: str
    route: str | None
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's final score, part by part; ``total`` is the sum of ``breakdown()``."""

    name: str
    routes_claimed: int
    trains_used: int
    route_points: int
    tickets: tuple[TicketResult, ...]
    ticket_points: int
    tickets_completed: int
    stations_built: int
    station_points: int
    borrowings: tuple[StationBorrow, ...]
    longest_trail: int
    longest_trail_routes: tuple[str, ...]
    longest_bonus: int
    total: int
    depot_bonus: int = 0  #: Warehouses & Depots: most Depots left (rule wd.bonus)
    #: the cities along ``longest_trail_routes``, in travel order (empty without routes)
    longest_trail_cities: tuple[str, ...] = ()
    globetrotter_bonus: int = 0  #: the most completed tickets (team play: rule team.globetrotter)
    #: a team's line (team play): its players; ``name`` is then 'Ann & Cleo'
    members: tuple[str, ...] = ()

    @property
    def station_borrows(self) -> Mapping[str, str | None]:
        """Station city → the borrowed route id (or ``None``), read-only."""
        return MappingProxyType({b.city: b.route for b in self.borrowings})

    def breakdown(self) -> tuple[tuple[str, int], ...]:
        """The parts that add up to ``total``, labelled."""
        return (("routes", self.route_points), ("tickets", self.ticket_points),
                ("unused stations", self.station_points),
                ("bonus for the longest trail", self.longest_bonus),
                ("depot bonus", self.depot_bonus),
                ("Globetrotter bonus", self.globetrotter_bonus))

    def team_dict(self) -> dict[str, Any]:
        """A team's line in ``ttr score --json``."""
        return {"players": list(self.members), "route_points": self.route_points,
                "ticket_points": self.ticket_points,
                "tickets_completed": self.tickets_completed,
                "longest_trail": self.longest_trail, "longest_bonus": self.longest_bonus,
                "globetrotter_bonus": self.globetrotter_bonus, "total": self.total}


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Every player's score (in seating order), the winner and how the winner was decided.

    ``winner`` is a name, or a tuple of names when the tie-breaks leave a tie. In a team game
    (``teams``) each line of ``players`` is a team (``PlayerScore.members``), named 'Ann & Cleo'.
    """

    players: tuple[PlayerScore, ...]
    winner: str | tuple[str, ...]
    reason: str
    warehouses: bool = False  #: played with Warehouses & Depots (adds ``depot_bonus``)
    teams: bool = False  #: a team game: a line a team
    globetrotter: bool = False  #: played with the Globetrotter (adds ``globetrotter_bonus``)
    longest_bonus: bool = True  #: played with the longest trail's bonus (``longest_bonus``)

    @property
    def winning_players(self) -> tuple[str, ...]:
        """The players who won: the winners, or in a team game the winning teams' players."""
        if not self.teams:
            return self.winners
        won = set(self.winners)
        return tuple(m for p in self.players if p.name in won for m in p.members)

    @property
    def winners(self) -> tuple[str, ...]:
        """The winner's name, or the names sharing the win, always as a tuple."""
        return (self.winner,) if isinstance(self.winner, str) else self.winner

    def player(self, name: str) -> PlayerScore:
        for score in self.players:
            if score.name == name:
                return score
        raise KeyError(f"no player named {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``ttr score --json`` (a team game: ``teams`` and the
        winning teams' players)."""
        if self.teams:
            return {"teams": [p.team_dict() for p in self.players],
                    "winner": list(self.winning_players)}
        return {"players": [_player_dict(p, self.warehouses) for p in self.players],
                "winner": self.winner if isinstance(self.winner, str) else list(self.winner)}


def _player_dict(score: PlayerScore, warehouses: bool = False) -> dict[str, Any]:
    depots = {"depot_bonus": score.depot_bonus} if warehouses else {}
    return {
        "name": score.name,
        "route_points": score.route_points,
        "tickets": [{"id": t.id, "completed": t.completed, "points": t.points}
                    for t in score.tickets],
        "ticket_points": score.ticket_points,
        "tickets_completed": score.tickets_completed,
        "stations_built": score.stations_built,
        "station_points": score.station_points,
        "station_borrows": dict(score.station_borrows),
        "longest_trail": score.longest_trail,
        "longest_bonus": score.longest_bonus,
        "globetrotter_bonus": score.globetrotter_bonus,
        **depots,
        "total": score.total,
    }


# ----------------------------------------------------------------------------- scoring


def score_game(board: Board, holdings: Sequence[Holding], *,
               longest_bonus: bool = True, globetrotter: bool = False,
               trail: TrailFinder = longest_trail) -> ScoreSheet:
    """Score a finished game (rules score.*, station.borrow, score.globetrotter).

    ``longest_bonus=False`` plays without the longest-trail bonus (the trail is still measured
    and reported, but scores nothing and breaks no tie); ``globetrotter`` gives the map's
    Globetrotter (15 on the USA map) to every player tied for the most completed tickets.
    ``trail`` finds a player's longest trail (``rules.fast`` passes a
    quicker search of the same length).
    """
    _check_holdings(board, holdings)
    owners = {rid: holding.name for holding in holdings for rid in holding.routes}
    partial = [_score_player(board, holding, owners, trail) for holding in holdings]
    best_trail = max((p.longest_trail for p in partial), default=0)
    bonus = board.rules.longest_bonus if longest_bonus else 0
    players = tuple(replace(p, longest_bonus=bonus, total=p.total + bonus)
                    if p.longest_trail == best_trail > 0 else p for p in partial)
    if globetrotter:
        players = _globetrotter(players, board.rules.globetrotter_bonus)
    warehouses = any(h.depots_left is not None for h in holdings)
    if warehouses:
        players = _depot_bonus(players, holdings, board.rules.depot_bonus)
    winner, reason = _decide(board, players, longest_bonus)
    return ScoreSheet(players, winner, reason, warehouses, globetrotter=globetrotter,
                      longest_bonus=longest_bonus)


def _globetrotter(players: tuple[PlayerScore, ...], bonus: int) -> tuple[PlayerScore, ...]:
    """Rule score.globetrotter: the bonus to every player tied for the most completed tickets
    (their number, not their points), even when that is none (ruling score.globetrotter)."""
    most = max((p.tickets_completed for p in players), default=0)
    return tuple(replace(p, globetrotter_bonus=bonus, total=p.total + bonus)
                 if p.tickets_completed == most else p for p in players)


def _depot_bonus(players: tuple[PlayerScore, ...], holdings: Sequence[Holding], bonus: int
                 ) -> tuple[PlayerScore, ...]:
    """Rule wd.bonus: every player tied for the most Depots left scores the bonus (10)."""
    left = [h.depots_left or 0 for h in holdings]
    most = max(left)
    return tuple(replace(p, depot_bonus=bonus, total=p.total + bonus)
                 if n == most else p for p, n in zip(players, left, strict=True))


def _check_holdings(board: Board, holdings: Sequence[Holding]) -> None:
    """Refuse what the board does not know (positions are validated fully in ``position``)."""
    names = [holding.name for holding in holdings]
    if len(set(names)) != len(names):
        raise PositionError(f"players: two players share a name ({', '.join(names)})")
    for holding in holdings:
        for kind, ids, known in (("route", holding.routes, board.route_by_id),
                                 ("ticket", holding.tickets, board.ticket_by_id),
                                 ("city", holding.stations, board.city_index)):
            unknown = sorted(i for i in ids if i not in known)
            if unknown:
                raise PositionError(f"{holding.name}: unknown {kind} {unknown[0]!r} on the "
                                    f"{board.name} map")


def _score_player(board: Board, holding: Holding, owners: Mapping[str, str],
                  longest: TrailFinder = longest_trail) -> PlayerScore:
    """Everything but the longest-trail bonus, which depends on the other players."""
    routes = [board.route(rid) for rid in holding.routes]
    route_points = sum(board.route_points(route) for route in routes)
    own = components(board, holding.routes)
    borrowings = _best_borrowings(board, holding, owners, own)
    joined = _join(own, board, borrowings)
    tickets = tuple(_ticket_result(board, tid, own, joined) for tid in holding.tickets)
    built = len(holding.stations)
    station_points = board.rules.unused_station_points * max(board.rules.stations - built, 0)
    trail = longest(board, holding.routes)
    ticket_points = sum(t.points for t in tickets)
    return PlayerScore(
        name=holding.name, routes_claimed=len(routes),
        trains_used=sum(route.length for route in routes), route_points=route_points,
        tickets=tickets, ticket_points=ticket_points,
        tickets_completed=sum(t.completed for t in tickets), stations_built=built,
        station_points=station_points, borrowings=borrowings, longest_trail=trail.length,
        longest_trail_routes=trail.routes, longest_trail_cities=trail.cities, longest_bonus=0,
        total=route_points + ticket_points + station_points)


def _ticket_result(board: Board, ticket_id: str, own: Mapping[str, int],
                   joined: Mapping[str, int]) -> TicketResult:
    ticket = board.ticket(ticket_id)
    if joined[ticket.a] == joined[ticket.b]:
        return TicketResult(ticket.id, True, ticket.points, own[ticket.a] != own[ticket.b])
    return TicketResult(ticket.id, False, -ticket.points)


# ----------------------------------------------------------------------------- stations


def _best_borrowings(board: Board, holding: Holding, owners: Mapping[str, str],
                     own: Mapping[str, int]) -> tuple[StationBorrow, ...]:
    """The borrowing for each station that scores the player's tickets best (rule
    station.borrow): every combination is tried, one route per station.

    Routes into a station's city that lead to the same part of the player's network are
    interchangeable for tickets, so only the first of them (in board order) is tried. Among
    equally good combinations the first wins.
    """
    choices = [_candidates(board, city, holding.name, owners, own) for city in holding.stations]
    combos = itertools.product(*choices)
    first = next(combos)
    tickets = [board.ticket(tid) for tid in holding.tickets]
    missing = [t for t in tickets if own[t.a] != own[t.b]]
    if missing and any(len(c) > 1 or c[0] is not None for c in choices):

        def value(combo: tuple[Route | None, ...]) -> int:
            joined = _join(own, board, _borrows(holding.stations, combo, owners))
            return sum(t.points for t in missing if joined[t.a] == joined[t.b])

        first = max(itertools.chain([first], combos), key=value)  # the first of equals
    return _borrows(holding.stations, first, owners)


def _candidates(board: Board, city: str, name: str, owners: Mapping[str, str],
                own: Mapping[str, int]) -> list[Route | None]:
    """Other players' routes into ``city``, one per part of the player's network they reach;
    ``[None]`` when there is none."""
    reached: set[int] = set()
    found: list[Route | None] = []
    for route in board.routes_at[city]:
        part = own[route.other(city)]
        if owners.get(route.id, name) != name and part not in reached:
            reached.add(part)
            found.append(route)
    return found or [None]


def _borrows(cities: tuple[str, ...], routes: tuple[Route | None, ...],
             owners: Mapping[str, str]) -> tuple[StationBorrow, ...]:
    return tuple(StationBorrow(city, None, None) if route is None
                 else StationBorrow(city, route.id, owners[route.id])
                 for city, route in zip(cities, routes, strict=True))


def _join(own: Mapping[str, int], board: Board,
          borrowings: tuple[StationBorrow, ...]) -> Mapping[str, int]:
    """The component numbers once the borrowed routes are added: a few unions on top of the
    player's own components."""
    if all(b.route is None for b in borrowings):
        return own
    parent: dict[int, int] = {}

    def find(part: int) -> int:
        while parent.get(part, part) != part:
            part = parent[part]
        return part

    for borrow in borrowings:
        if borrow.route is not None:
            route = board.route(borrow.route)
            first, second = find(own[route.a]), find(own[route.b])
            if first != second:
                parent[first] = second
    return {city: find(part) for city, part in own.items()}


# ----------------------------------------------------------------------------- winner


@dataclass(frozen=True, slots=True)
class _TieBreak:
    """One tie-break: the key the winner maximises, and how to say what it decided."""

    key: Callable[[PlayerScore], int]
    decided: Callable[[list[str], int], str]  #: (players still in, their key) → clause
    level: Callable[[int, int], str]  #: (number of players tied, their common key) → clause


def _tie_breaks(board: Board, longest_bonus: bool) -> list[_TieBreak]:
    """The tie-breaks in order (rule score.tiebreak)."""
    steps = [_TieBreak(
        lambda p: p.tickets_completed,
        lambda names, n: _("{names} completed the most tickets ({n})").format(
            names=_names(names), n=n),
        lambda count, n: _("level on completed tickets ({n} each)").format(n=n))]
    if board.has_stations:
        steps.append(_TieBreak(
            lambda p: -p.stations_built,
            lambda names, n: _("{names} built the fewest stations ({n})").format(
                names=_names(names), n=-n),
            lambda count, n: _("level on stations built ({n} each)").format(n=-n)))
    if longest_bonus:
        bonus = bonus_name(board.rules)
        steps.append(_TieBreak(
            lambda p: int(p.longest_bonus > 0),
            lambda names, n: ngettext("{names} holds the {bonus}", "{names} hold the {bonus}",
                                      len(names)).format(names=_names(names), bonus=bonus),
            lambda count, n: _held(count, bonus, held=bool(n))))
    return steps


def _held(count: int, bonus: str, *, held: bool) -> str:
    """'both hold the …', 'all …', 'neither holds the …', 'none …' (``count`` players tied)."""
    said = ((_("both hold the {bonus}"), _("all hold the {bonus}")) if held else
            (_("neither holds the {bonus}"), _("none holds the {bonus}")))
    return said[0 if count == 2 else 1].format(bonus=bonus)


def _wins(name: str) -> str:
    """'Ann wins', 'You win', in the reader's language."""
    return _("You win") if is_you(name) else _("{name} wins").format(name=name)


def _decide(board: Board, players: tuple[PlayerScore, ...],
            longest_bonus: bool) -> tuple[str | tuple[str, ...], str]:
    """The winner (or the names still tied) and a sentence saying how it was decided."""
    if not players:
        return (), _("Nobody played.")
    top = max(p.total for p in players)
    tied = [p for p in players if p.total == top]
    if len(tied) == 1:
        return tied[0].name, ngettext("{wins} with {n} point.", "{wins} with {n} points.",
                                      top).format(wins=_wins(tied[0].name), n=top)
    opening = ngettext("{names} tie on {n} point", "{names} tie on {n} points", top).format(
        names=_names([p.name for p in tied]), n=top)
    notes: list[str] = []
    for step in _tie_breaks(board, longest_bonus):
        best = max(step.key(p) for p in tied)
        kept = [p for p in tied if step.key(p) == best]
        if len(kept) == len(tied):
            notes.append(step.level(len(tied), best))
            continue
        notes.append(step.decided([p.name for p in kept], best))
        tied = kept
        if len(tied) == 1:
            return tied[0].name, _("{opening}; {notes}: {wins}.").format(
                opening=opening, notes="; ".join(notes), wins=_wins(tied[0].name))
    names = tuple(p.name for p in tied)
    return names, _("{opening}; {notes}: {names} share the win.").format(
        opening=opening, notes="; ".join(notes), names=_names(list(names)))


def _names(names: list[str]) -> str:
    return and_list(names)
