"""Bot-against-bot team games (Team Asia rules) and their per-team results.

Pure and deterministic like ``rules.simulate``: game ``i`` of a run seeded ``s`` is dealt with
``game_seed(s, i)`` and each seat's bot draws from its own generator, so a result depends only
on (map, bots, seed, index). Each bot decides from its seat's ``teams.view``.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ttr_widgets.bots.simulate import MAX_STEPS, SimulationError, game_seed
from ttr_widgets.bots.team import TeamBot, greedy_team_bot, random_team_bot
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.teams import END_TRAINS, TRAINS, TeamGame, apply, new_team_game, score, view

TEAM_BOTS: dict[str, TeamBot] = {"random": random_team_bot, "greedy": greedy_team_bot}
FORMAT = "ttr-widgets team simulation"
CSV_COLUMNS = ("game", "seed", "team", "players", "bots", "total", "route_points",
               "ticket_points", "tickets_kept", "tickets_completed", "tickets_shared",
               "longest_trail", "longest_bonus", "globetrotter_bonus", "routes_claimed",
               "trains_left", "won", "turns", "ended_by")


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One team at the end of a game: its score part by part and what it used."""

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


@dataclass(frozen=True, slots=True)
class TeamGameResult:
    index: int
    seed: int
    map: str
    teams: tuple[TeamResult, ...]
    winners: tuple[str, ...]  #: the winning team's players (several teams when tied)
    turns: int
    steps: int
    ended_by: str  #: "trains" (a team down to 4 trains) or "stalemate"

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.index, "seed": self.seed, "map": self.map, "turns": self.turns,
                "steps": self.steps, "ended_by": self.ended_by,
                "winners": list(self.winners),
                "teams": [_team_dict(t) for t in self.teams]}


def _team_dict(team: TeamResult) -> dict[str, Any]:
    return {"players": list(team.players), "bots": list(team.bots), "total": team.total,
            "route_points": team.route_points, "ticket_points": team.ticket_points,
            "tickets_kept": team.tickets_kept, "tickets_completed": team.tickets_completed,
            "tickets_shared": team.tickets_shared, "longest_trail": team.longest_trail,
            "longest_bonus": team.longest_bonus,
            "globetrotter_bonus": team.globetrotter_bonus,
            "routes_claimed": team.routes_claimed, "trains_left": team.trains_left}


def check_team_bots(bots: Sequence[str]) -> None:
    """Refuse an unknown bot or a table that is not 4 or 6 players (one line)."""
    unknown = [b for b in bots if b not in TEAM_BOTS]
    if unknown:
        raise SimulationError(f"--bots: unknown team bot {unknown[0]!r}; team bots are "
                              f"{', '.join(TEAM_BOTS)}")
    if len(bots) not in (4, 6):
        raise SimulationError(f"--players: team play is for 4 or 6 players in teams of 2, "
                              f"not {len(bots)}")


def play_team_game(board: Board, bots: Sequence[str], seed: int, index: int = 0,
                   options: Options | None = None) -> TeamGameResult:
    """Play one whole team game between bots (seats 0 and 1 are the first team) and score
    it."""
    check_team_bots(bots)
    names = [f"{bot.capitalize()} {i + 1}" for i, bot in enumerate(bots)]
    game = new_team_game(board, names, seed, options)
    rngs = [random.Random(f"ttr-bot:{seed}:{i}") for i in range(len(bots))]
    choosers = [TEAM_BOTS[b] for b in bots]
    steps = 0
    while not game.is_over:
        if steps >= MAX_STEPS:
            raise SimulationError(f"game {index} (seed {seed}) did not end in {MAX_STEPS} steps")
        seat = game.current
        game = apply(game, choosers[seat](view(game, seat), rngs[seat]).action)
        steps += 1
    return _result(game, bots, seed, index, steps)


def _result(game: TeamGame, bots: Sequence[str], seed: int, index: int,
            steps: int) -> TeamGameResult:
    sheet = score(game)
    teams = []
    for t, part in enumerate(sheet.teams):
        pair = game.team_players(t)
        teams.append(TeamResult(
            part.players, (bots[2 * t], bots[2 * t + 1]), part.total, part.route_points,
            part.ticket_points, len(part.tickets), part.tickets_completed, len(game.shared[t]),
            part.longest_trail, part.longest_bonus, part.globetrotter_bonus,
            sum(len(p.routes) for p in pair), game.team_trains(t)))
    low = any(game.team_trains(t) <= END_TRAINS for t in range(game.num_teams))
    return TeamGameResult(index, seed, game.board.name, tuple(teams), sheet.winner_players,
                          game.turn, steps, "trains" if low else "stalemate")


def play_team_one(map_name: str, bots: tuple[str, ...], seed: int, index: int) -> TeamGameResult:
    """Game ``index`` of a run (top-level so worker processes can import it)."""
    from ttr_widgets.rules.maps import load_map

    return play_team_game(load_map(map_name), bots, game_seed(seed, index), index)


def header(map_name: str, bots: Sequence[str], seed: int, games: int) -> dict[str, Any]:
    return {"format": FORMAT, "version": 1, "map": map_name, "bots": list(bots), "seed": seed,
            "games": games, "trains_each": TRAINS}


def to_json(head: dict[str, Any], results: Sequence[TeamGameResult]) -> str:
    """One game per line inside a JSON document: readable, diffable, byte-stable."""
    lines = [json.dumps(r.to_dict(), sort_keys=True, separators=(",", ":")) for r in results]
    head_text = json.dumps(head, sort_keys=True, separators=(",", ":"))[:-1]
    return head_text + ',"results":[\n' + ",\n".join(lines) + "\n]}\n"


def to_csv(results: Sequence[TeamGameResult]) -> str:
    """One row per team per game; a team's players and bots joined with ' & '."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for result in results:
        for t, team in enumerate(result.teams):
            row = _team_dict(team)
            row.update(game=result.index, seed=result.seed, team=t,
                       players=" & ".join(team.players), bots=" & ".join(team.bots),
                       won=int(team.players[0] in result.winners), turns=result.turns,
                       ended_by=result.ended_by)
            writer.writerow(row)
    return out.getvalue()
