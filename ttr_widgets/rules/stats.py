"""The statistics of a game, player by player, as Board Game Arena shows them after a game (and a
little more): points by source, cards drawn face-up and blind, locomotives taken, tickets drawn,
kept, completed and failed, turns by kind, trains and stations left, the turn the last round
began, and the 3-locomotive refreshes of the face-up row.

Everything is counted from what happened — the state before and after each action — never
estimated. ``game_stats(game)`` reads a ``history.Game`` (up to its cursor);
``stats_of(states, actions)`` the same from plain sequences. ``StatsTally`` counts while a game
is being played (``ttr simulate`` keeps no history): feed it every ``(before, action, after)``.

Turn numbers count every player's turns from 1 (turn 1 is the first player's first turn after
the deal). A turn's kind is the action that starts it: drawing cards (a Warehouse feed
included), claiming a route, drawing tickets, building a station or passing; a tunnel given up
after its reveal counts as "declined tunnel", not as a claim.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    CollectWarehouses,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    Pass,
)
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import LOCO
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet
from ttr_widgets.rules.state import GameState, TicketChoice

__all__ = [
    "TURN_KINDS",
    "GameStats",
    "PlayerStats",
    "StatsTally",
    "TurnCounts",
    "game_stats",
    "game_stats_from_dict",
    "player_stats_from_dict",
    "stats_of",
]


@dataclass(frozen=True, slots=True)
class TurnCounts:
    """A player's turns by kind (see the module docstring)."""

    draw_cards: int = 0
    claim_route: int = 0
    draw_tickets: int = 0
    build_station: int = 0
    declined_tunnel: int = 0
    passed: int = 0

    @property
    def total(self) -> int:
        return (self.draw_cards + self.claim_route + self.draw_tickets + self.build_station
                + self.declined_tunnel + self.passed)


TURN_KINDS: tuple[str, ...] = tuple(f.name for f in fields(TurnCounts))
_KIND_OF: dict[type[Any], str] = {
    DrawBlind: "draw_cards", DrawFaceUp: "draw_cards", FeedWarehouse: "draw_cards",
    ClaimRoute: "claim_route", DrawTickets: "draw_tickets", BuildStation: "build_station",
    Pass: "passed",
}


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures. Points are the score sheet's (``total`` is their sum; in a team
    game the player's team's, the same for both teammates):
    ``ticket_points_lost`` is zero or negative. Ticket counts include the tickets dealt at the
    start; in a game not yet over, "failed" means "not completed so far". ``refreshes`` are the
    3-locomotive refreshes of the face-up row this player's actions set off."""

    name: str
    route_points: int = 0
    ticket_points_won: int = 0
    ticket_points_lost: int = 0
    station_points: int = 0
    longest_bonus: int = 0
    depot_bonus: int = 0
    globetrotter_bonus: int = 0  #: USA 1910: for the most completed tickets
    total: int = 0
    cards_face_up: int = 0
    cards_blind: int = 0
    locomotives_face_up: int = 0
    locomotives_blind: int = 0
    cards_collected: int = 0  #: Warehouses & Depots: cards taken from Warehouses
    tickets_drawn: int = 0
    tickets_kept: int = 0
    tickets_completed: int = 0
    tickets_failed: int = 0
    turns: TurnCounts = TurnCounts()
    routes_claimed: int = 0
    longest_trail: int = 0
    trains_left: int = 0
    stations_left: int = 0
    refreshes: int = 0

    @property
    def ticket_points(self) -> int:
        return self.ticket_points_won + self.ticket_points_lost

    @property
    def cards_drawn(self) -> int:
        return self.cards_face_up + self.cards_blind

    @property
    def locomotives_drawn(self) -> int:
        return self.locomotives_face_up + self.locomotives_blind

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: every field, the turns as ``{"draw_cards": 12, ...}``."""
        return asdict(self)

    def columns(self) -> dict[str, int]:
        """Flat columns for a table (a CSV row): every count but the name, turns as
        ``turns_draw_cards`` …"""
        data = {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("name", "turns")}
        data.update({f"turns_{kind}": getattr(self.turns, kind) for kind in TURN_KINDS})
        return data


@dataclass(frozen=True, slots=True)
class GameStats:
    """The whole game's figures and each player's (seating order).

    ``turns``: turns played; ``last_round_turn``: the number of the first turn of the last
    round (None when it has not begun), set off by ``last_round_by``; ``refreshes``: every
    3-locomotive refresh of the face-up row, ``refreshes_at_deal`` of them while dealing."""

    players: tuple[PlayerStats, ...]
    turns: int = 0
    finished: bool = False
    last_round_turn: int | None = None
    last_round_by: str | None = None
    refreshes: int = 0
    refreshes_at_deal: int = 0

    def player(self, name: str) -> PlayerStats:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player named {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (``game_stats_from_dict`` reads it back)."""
        return {"turns": self.turns, "finished": self.finished,
                "last_round_turn": self.last_round_turn, "last_round_by": self.last_round_by,
                "refreshes": self.refreshes, "refreshes_at_deal": self.refreshes_at_deal,
                "players": [p.to_dict() for p in self.players]}


_ADDED = frozenset({"globetrotter_bonus"})  #: figures newer than some saved statistics


def player_stats_from_dict(data: Mapping[str, Any]) -> PlayerStats:
    """The inverse of ``PlayerStats.to_dict`` (``KeyError`` / ``TypeError`` when it is not)."""
    turns = data["turns"]
    counts = {f.name: int(data[f.name] if f.name not in _ADDED else data.get(f.name, 0))
              for f in fields(PlayerStats) if f.name not in ("name", "turns")}
    return PlayerStats(name=str(data["name"]),
                       turns=TurnCounts(**{k: int(turns[k]) for k in TURN_KINDS}), **counts)


def game_stats_from_dict(data: Mapping[str, Any]) -> GameStats:
    """The inverse of ``GameStats.to_dict``."""
    last = data["last_round_turn"]
    by = data["last_round_by"]
    return GameStats(tuple(player_stats_from_dict(p) for p in data["players"]),
                     int(data["turns"]), bool(data["finished"]),
                     None if last is None else int(last), None if by is None else str(by),
                     int(data["refreshes"]), int(data["refreshes_at_deal"]))


class StatsTally:
    """Counts a game as it is played: ``add(before, action, after)`` for every action, then
    ``result(final)``. A local accumulator (it changes as it counts); what it returns is a
    frozen ``GameStats``."""

    def __init__(self, initial: GameState) -> None:
        n = initial.num_players
        self._counts: list[dict[str, int]] = [
            {f.name: 0 for f in fields(PlayerStats)
             if f.name in _COUNTED} for _ in range(n)]
        self._turns: list[dict[str, int]] = [dict.fromkeys(TURN_KINDS, 0) for _ in range(n)]
        self._kind: str | None = None  #: the kind of the turn in progress
        self._deal_refreshes = initial.refreshes
        self._last_round: tuple[int, str] | None = None

    @classmethod
    def counted(cls, initial: GameState, counts: Sequence[Mapping[str, int]],
                turns: Sequence[Mapping[str, int]], last_round: tuple[int, str] | None
                ) -> StatsTally:
        """A tally counted elsewhere, in the shape ``add`` keeps it: per player the counts and
        the turns by kind, and the last round's first turn and who set it off (``rules.fast``
        counts while it plays, without states to compare)."""
        tally = cls(initial)
        tally._counts = [dict(c) for c in counts]
        tally._turns = [dict(t) for t in turns]
        tally._last_round = last_round
        return tally

    def add(self, before: GameState, action: Action, after: GameState) -> None:
        """Count one action (``after == apply(before, action)``)."""
        me = before.current
        counts = self._counts[me]
        if before.pending is None and not before.in_setup:
            self._kind = _KIND_OF.get(type(action), self._kind)
        if isinstance(action, DrawBlind | DrawFaceUp):
            gained = _gained(before, after, me)
            loco = gained[LOCO]
            cards = sum(gained)
            if isinstance(action, DrawFaceUp):
                counts["cards_face_up"] += cards
                counts["locomotives_face_up"] += loco
            else:
                counts["cards_blind"] += cards
                counts["locomotives_blind"] += loco
        elif isinstance(action, KeepTickets) and isinstance(before.pending, TicketChoice):
            counts["tickets_drawn"] += len(before.pending.tickets)
        elif isinstance(action, CollectWarehouses):
            counts["cards_collected"] += sum(_gained(before, after, me))
        counts["refreshes"] += after.refreshes - before.refreshes
        if after.turn > before.turn:
            kind = "declined_tunnel" if isinstance(action, DeclineTunnel) else \
                self._kind or _KIND_OF.get(type(action), "passed")
            self._turns[me][kind] += 1
            self._kind = None
            if before.final_turns < 0 < after.final_turns:
                self._last_round = (after.turn + 1, before.player.name)

    def result(self, final: GameState, sheet: ScoreSheet | None = None) -> GameStats:
        """The figures once ``final`` is reached (``sheet``: its score, if already known)."""
        sheet = sheet or score(final)
        lines = sheet.players if not sheet.teams else \
            tuple(sheet.players[i // 2] for i in range(final.num_players))
        players = tuple(
            _player_stats(p_state.name, s, self._counts[i], self._turns[i], p_state.trains,
                          p_state.stations, len(p_state.routes))
            for i, (p_state, s) in enumerate(zip(final.players, lines, strict=True)))
        last_turn, last_by = self._last_round if self._last_round else (None, None)
        return GameStats(players, final.turn, final.is_over, last_turn, last_by,
                         final.refreshes, self._deal_refreshes)


_COUNTED = frozenset(("cards_face_up", "cards_blind", "locomotives_face_up", "locomotives_blind",
                      "cards_collected", "tickets_drawn", "refreshes"))


def _gained(before: GameState, after: GameState, player: int) -> tuple[int, ...]:
    """The cards a player's hand gained (per card kind) between two states."""
    return tuple(a - b for a, b in zip(after.players[player].hand, before.players[player].hand,
                                       strict=True))


def _player_stats(name: str, s: PlayerScore, counts: Mapping[str, int],
                  turns: Mapping[str, int], trains: int, stations: int, routes: int
                  ) -> PlayerStats:
    won = sum(t.points for t in s.tickets if t.completed)
    return PlayerStats(
        name, s.route_points, won, s.ticket_points - won, s.station_points, s.longest_bonus,
        s.depot_bonus, s.globetrotter_bonus, s.total, tickets_kept=len(s.tickets),
        tickets_completed=s.tickets_completed,
        tickets_failed=len(s.tickets) - s.tickets_completed, turns=TurnCounts(**turns),
        routes_claimed=routes, longest_trail=s.longest_trail, trains_left=trains,
        stations_left=stations, **counts)


def stats_of(states: Sequence[GameState], actions: Sequence[Action]) -> GameStats:
    """The statistics of the game ``states[0] -actions[0]-> states[1] …`` (one more state than
    actions), as of its last state."""
    if len(states) != len(actions) + 1:
        raise ValueError(f"states: expected {len(actions) + 1} states for {len(actions)} "
                         f"actions, got {len(states)}")
    tally = StatsTally(states[0])
    for before, action, after in zip(states, actions, states[1:], strict=False):
        tally.add(before, action, after)
    return tally.result(states[-1])


def game_stats(game: Game) -> GameStats:
    """The statistics of ``game`` as far as its cursor (the state it shows)."""
    return stats_of(game.states[:game.cursor + 1], game.actions[:game.cursor])
