"""Bot-against-bot games and what happened in them, one record per game.

Pure and deterministic: game ``i`` of a run with seed ``s`` is dealt with ``game_seed(s, i)``,
and each player's bot draws from its own generator, so a game's result depends on nothing but
(map, bots, seed, index) — not on how many processes play the run. Every bot decides from its
seat's view (``rules.view``). A team game (``Options(teams=True)``) is played the same way and
its result is told per team (``GameResult.teams``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ttr_widgets.bots.fast import engine as fast
from ttr_widgets.bots.levels import BOTS, choose
from ttr_widgets.rules import teams
from ttr_widgets.rules.actions import KeepTickets
from ttr_widgets.rules.engine import apply, new_game, score
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.stats import PlayerStats, StatsTally

MAX_STEPS = 50_000


class SimulationError(TTRError):
    """A simulation asked for something that cannot be played."""


@dataclass(frozen=True, slots=True)
class TicketOutcome:
    """One kept ticket at the end. For a ticket drawn during the game, ``drawn_turn`` is the turn
    it was drawn on and ``trains_at_draw`` the trains its holder had left then (None at setup)."""

    id: str
    value: int
    completed: bool
    kept_at_setup: bool
    drawn_turn: int | None = None
    trains_at_draw: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    bot: str
    total: int
    route_points: int
    ticket_points: int
    station_points: int
    longest_bonus: int
    longest_trail: int
    tickets: tuple[TicketOutcome, ...]
    routes: tuple[str, ...]
    stations_built: int
    trains_left: int
    stats: PlayerStats | None = None  #: the game's statistics for this player (``rules.stats``)
    globetrotter_bonus: int = 0  #: USA 1910: the most completed tickets

    @property
    def tickets_completed(self) -> int:
        return sum(1 for t in self.tickets if t.completed)


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One team at the end of a team game: its score part by part and what it used."""

    players: tuple[str, ...]
    bots: tuple[str, ...]
    total: int
    route_points: int
    ticket_points: int
    tickets_kept: int
    tickets_completed: int
    tickets_shared: int  #: tickets in the team's ticket holder at the end
    longest_trail: int
    longest_bonus: int
    globetrotter_bonus: int
    routes_claimed: int
    trains_left: int  #: the two players' trains together

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "bots": list(self.bots), "total": self.total,
                "route_points": self.route_points, "ticket_points": self.ticket_points,
                "tickets_kept": self.tickets_kept, "tickets_completed": self.tickets_completed,
                "tickets_shared": self.tickets_shared, "longest_trail": self.longest_trail,
                "longest_bonus": self.longest_bonus,
                "globetrotter_bonus": self.globetrotter_bonus,
                "routes_claimed": self.routes_claimed, "trains_left": self.trains_left}


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game's result: per player, or in a team game per team (``teams``; ``players`` is
    then empty and ``winners`` names the winning teams' players)."""

    index: int
    seed: int
    map: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    turns: int
    steps: int
    refreshes: int  #: 3-locomotive refreshes of the face-up row
    ended_by: str  #: "trains" (the normal end) or "stalemate"
    last_round_turn: int | None = None  #: the first turn of the last round (turns count from 1)
    teams: tuple[TeamResult, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        if self.teams:
            return {"game": self.index, "seed": self.seed, "map": self.map,
                    "turns": self.turns, "steps": self.steps, "ended_by": self.ended_by,
                    "winners": list(self.winners), "teams": [t.to_dict() for t in self.teams]}
        return {
            "game": self.index, "seed": self.seed, "map": self.map, "turns": self.turns,
            "steps": self.steps, "refreshes": self.refreshes, "ended_by": self.ended_by,
            "winners": list(self.winners), "last_round_turn": self.last_round_turn,
            "players": [_player_dict(p) for p in self.players],
        }


def _player_dict(p: PlayerResult) -> dict[str, Any]:
    return {
        "name": p.name, "bot": p.bot, "total": p.total, "route_points": p.route_points,
        "ticket_points": p.ticket_points, "station_points": p.station_points,
        "longest_bonus": p.longest_bonus, "longest_trail": p.longest_trail,
        "globetrotter_bonus": p.globetrotter_bonus, "tickets_completed": p.tickets_completed,
        "tickets": [{"id": t.id, "value": t.value, "completed": t.completed,
                     "kept_at_setup": t.kept_at_setup, "drawn_turn": t.drawn_turn,
                     "trains_at_draw": t.trains_at_draw} for t in p.tickets],
        "routes": list(p.routes), "stations_built": p.stations_built,
        "trains_left": p.trains_left,
        **({"stats": p.stats.to_dict()} if p.stats is not None else {}),
    }


def game_seed(seed: int, index: int) -> int:
    """The deal of game ``index`` in a run seeded ``seed`` (stable across Python versions)."""
    digest = hashlib.sha256(f"ttr-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def check_bots(bots: Sequence[str], board: Board, options: Options | None = None) -> None:
    """Refuse an unknown bot, or a table the map (or team play) is not for (one line)."""
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise SimulationError(f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    if options is not None and options.teams:
        if len(bots) not in teams.PLAYERS:
            raise SimulationError(f"--players: team play is for 4 or 6 players in teams of 2, "
                                  f"not {len(bots)}")
        refusal = teams.map_refusal(board)
        if refusal is not None:
            raise SimulationError(f"--map: {refusal.reason}")
        return
    rules = board.rules
    if not rules.players_min <= len(bots) <= rules.players_max:
        raise SimulationError(f"the {board.name} map is for {rules.players_min} to "
                              f"{rules.players_max} players, not {len(bots)}")


def play_game(board: Board, bots: Sequence[str], seed: int, index: int = 0,
              options: Options | None = None, *, fast_path: bool = True) -> GameResult:
    """Play one whole game between bots and score it. Random bots play on the fast engine
    (``rules.fast``: the identical game) unless ``fast_path`` is False or the options are
    beyond it (Warehouses & Depots)."""
    check_bots(bots, board, options)
    names = [f"{bot.capitalize()} {i + 1}" for i, bot in enumerate(bots)]
    if fast_path and all(bot == "random" for bot in bots) and fast.supports(options):
        return _play_fast(board, bots, names, seed, index, options)
    try:
        state = new_game(board, names, seed, options)
    except RulesError as error:
        raise SimulationError(error.reason) from None
    rngs = [random.Random(f"ttr-bot:{seed}:{i}") for i in range(len(bots))]
    setup_tickets: tuple[tuple[str, ...], ...] | None = None
    drawn: dict[str, tuple[int, int]] = {}  # ticket → (turn, trains left) when drawn in play
    steps = 0
    tally = StatsTally(state)  # counted as played: a simulated game keeps no history
    while not state.is_over:
        if steps >= MAX_STEPS:
            raise SimulationError(f"game {index} (seed {seed}) did not end in {MAX_STEPS} steps")
        player = state.current
        action = choose(bots[player], state, rngs[player]).action
        if isinstance(action, KeepTickets) and not state.in_setup:
            drawn.update((t, (state.turn, state.player.trains)) for t in action.tickets)
        before, state = state, apply(state, action)
        tally.add(before, action, state)
        if setup_tickets is None and not state.in_setup:
            setup_tickets = tuple(p.tickets for p in state.players)
        steps += 1
    if state.teams:
        return _team_result(state, bots, seed, index, steps)
    return _result(board, bots, state, seed, index, steps, setup_tickets or (), drawn, tally)


def _team_result(state: GameState, bots: Sequence[str], seed: int, index: int,
                 steps: int) -> GameResult:
    sheet = score(state)
    lines = []
    for t, part in enumerate(sheet.players):
        pair = state.team_players(t)
        lines.append(TeamResult(
            part.members, (bots[2 * t], bots[2 * t + 1]), part.total, part.route_points,
            part.ticket_points, len(part.tickets), part.tickets_completed,
            len(state.shared[t]), part.longest_trail, part.longest_bonus,
            part.globetrotter_bonus, sum(len(p.routes) for p in pair), state.team_trains(t)))
    end = state.board.rules.team.end_trains
    low = any(state.team_trains(t) <= end for t in range(state.num_teams))
    return GameResult(index, seed, state.board.name, (), sheet.winning_players, state.turn,
                      steps, state.refreshes, "trains" if low else "stalemate", teams=tuple(lines))


def _play_fast(board: Board, bots: Sequence[str], names: Sequence[str], seed: int, index: int,
               options: Options | None) -> GameResult:
    """Random bots: the same game, played by the fast engine (``rules.fast``)."""
    state = new_game(board, names, seed, options)
    game = fast.FastGame.from_state(state)
    rngs = [random.Random(f"ttr-bot:{seed}:{i}") for i in range(len(bots))]
    play = fast.play_random(game, rngs, MAX_STEPS)
    if not game.is_over:
        raise SimulationError(f"game {index} (seed {seed}) did not end in {MAX_STEPS} steps")
    tally = StatsTally.counted(state, play.counts, play.turns, play.last_round)
    final = game.to_state()
    return _result(board, bots, final, seed, index, play.steps, play.setup_tickets, play.drawn,
                   tally, fast.score(final))


def _result(board: Board, bots: Sequence[str], state: GameState, seed: int, index: int,
            steps: int, setup_tickets: Sequence[tuple[str, ...]],
            drawn: dict[str, tuple[int, int]], tally: StatsTally,
            sheet: ScoreSheet | None = None) -> GameResult:
    sheet = sheet or score(state)
    stats = tally.result(state, sheet)
    players = []
    for i, (p, s) in enumerate(zip(state.players, sheet.players, strict=True)):
        tickets = tuple(TicketOutcome(t.id, state.board.ticket_by_id[t.id].points, t.completed,
                                      t.id in setup_tickets[i], *drawn.get(t.id, (None, None)))
                        for t in s.tickets)
        players.append(PlayerResult(
            p.name, bots[i], s.total, s.route_points, s.ticket_points, s.station_points,
            s.longest_bonus, s.longest_trail, tickets, p.routes, s.stations_built, p.trains,
            stats.players[i], s.globetrotter_bonus))
    low = min(p.trains for p in state.players) <= board.rules.end_trains
    return GameResult(index, seed, board.name, tuple(players), sheet.winners, state.turn, steps,
                      state.refreshes, "trains" if low else "stalemate", stats.last_round_turn)
