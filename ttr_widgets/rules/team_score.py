"""Team play's final score (Team Asia rules team.score-*): one score per team of two.

A team scores both players' routes; every ticket it holds (both hands and the shared holder,
each once) against the team's combined network; 10 points (the Asian Express) for the longest
continuous trail of that network, to every tied team; 10 points (Globetrotter) for the most
completed tickets, to every tied team. Ties on points go to the most completed tickets, then the
longer trail; a tie after that is a shared win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ttr_widgets.rules.graph import connected, longest_trail
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import TicketResult
from ttr_widgets.rules.words import count

TEAM_BONUS = 10  #: Asian Express (longest trail) and Globetrotter (most tickets), each


@dataclass(frozen=True, slots=True)
class TeamHolding:
    """What one team has at the end: each player's claimed routes and tickets (in the order of
    ``players``), and the tickets in the team's holder."""

    players: tuple[str, ...]
    routes: tuple[tuple[str, ...], ...]
    tickets: tuple[tuple[str, ...], ...]
    shared: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's final score, part by part; ``total`` is their sum."""

    players: tuple[str, ...]
    route_points: int
    tickets: tuple[TicketResult, ...]
    ticket_points: int
    tickets_completed: int
    longest_trail: int
    longest_bonus: int
    globetrotter_bonus: int
    total: int

    @property
    def name(self) -> str:
        """'Ann & Cleo'."""
        return " & ".join(self.players)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form ``ttr score --json`` prints for a team."""
        return {"players": list(self.players), "route_points": self.route_points,
                "ticket_points": self.ticket_points,
                "tickets_completed": self.tickets_completed,
                "longest_trail": self.longest_trail, "longest_bonus": self.longest_bonus,
                "globetrotter_bonus": self.globetrotter_bonus, "total": self.total}


@dataclass(frozen=True, slots=True)
class TeamSheet:
    """Every team's score (in seating order) and the winning team (or teams, when tied after
    both tie-breaks)."""

    teams: tuple[TeamScore, ...]
    winners: tuple[int, ...]  #: indices into ``teams``
    reason: str

    @property
    def winner_players(self) -> tuple[str, ...]:
        return tuple(p for i in self.winners for p in self.teams[i].players)

    def to_dict(self) -> dict[str, Any]:
        return {"teams": [t.to_dict() for t in self.teams],
                "winner": list(self.winner_players)}


def score_teams(board: Board, teams: Sequence[TeamHolding], *,
                combined: bool = True) -> TeamSheet:
    """The final score of a team game. ``combined``: tickets and the trail count the two
    teammates' routes together (rules team.score-tickets and team.longest); otherwise each
    player's own routes, a shared ticket by either teammate's."""
    partial = [_team_part(board, team, combined) for team in teams]
    best_trail = max((p[3] for p in partial), default=0)
    best_done = max((p[2] for p in partial), default=0)
    scores = []
    for team, (route_points, results, done, trail) in zip(teams, partial, strict=True):
        longest = TEAM_BONUS if trail == best_trail and best_trail > 0 else 0
        globetrotter = TEAM_BONUS if done == best_done and best_done > 0 else 0
        ticket_points = sum(r.points for r in results)
        scores.append(TeamScore(team.players, route_points, results, ticket_points, done, trail,
                                longest, globetrotter,
                                route_points + ticket_points + longest + globetrotter))
    winners, reason = decide(tuple(scores))
    return TeamSheet(tuple(scores), winners, reason)


def _team_part(board: Board, team: TeamHolding, combined: bool
               ) -> tuple[int, tuple[TicketResult, ...], int, int]:
    every = tuple(r for routes in team.routes for r in routes)
    route_points = sum(board.route_points(board.route(r)) for r in every)
    networks = (every,) if combined else team.routes
    own = {t: (i,) for i, tickets in enumerate(team.tickets) for t in tickets}
    results = []
    for ticket_id in dict.fromkeys((*[t for ts in team.tickets for t in ts], *team.shared)):
        ticket = board.ticket(ticket_id)
        which = range(len(networks)) if combined or ticket_id not in own else own[ticket_id]
        done = any(connected(board, networks[i], ticket.a, ticket.b) for i in which)
        results.append(TicketResult(ticket_id, done, ticket.points if done else -ticket.points))
    trail = max((longest_trail(board, n).length for n in networks), default=0)
    return route_points, tuple(results), sum(r.completed for r in results), trail


def decide(scores: tuple[TeamScore, ...]) -> tuple[tuple[int, ...], str]:
    """The winning teams (indices) and why (rule team.winner): most points, then most
    completed tickets, then the longer trail; a tie after that is a shared win."""
    order = range(len(scores))
    steps: tuple[tuple[str, Callable[[TeamScore], int]], ...] = (
        ("points", lambda s: s.total), ("completed tickets", lambda s: s.tickets_completed),
        ("longest trail", lambda s: s.longest_trail))
    tied = list(order)
    for i, (what, key) in enumerate(steps):
        best = max(key(scores[t]) for t in tied)
        tied = [t for t in tied if key(scores[t]) == best]
        if len(tied) == 1:
            name = scores[tied[0]].name
            tied_on = " and ".join(step[0] for step in steps[:i])
            how = "on points" if i == 0 else f"on {what} (tied on {tied_on})"
            return tuple(tied), f"{name} win {how}."
    names = " and ".join(scores[t].name for t in tied)
    return tuple(tied), f"{names} share the win (tied on points, tickets and trail)."


def format_team_sheet(board: Board, sheet: TeamSheet) -> str:
    """The score in plain lines: per team its tickets hit or missed, its parts and total; then
    the winner and why."""
    lines: list[str] = []
    for team in sheet.teams:
        lines.append(f"{team.name}: {count(team.total, 'point')}")
        for result in team.tickets:
            ticket = board.ticket(result.id)
            mark = "completed" if result.completed else "missed"
            lines.append(f"  {ticket.cities_label}: {mark}, {result.points:+d}")
        lines.append(f"  routes {team.route_points}, tickets {team.ticket_points} "
                     f"({count(team.tickets_completed, 'ticket')} completed), longest trail "
                     f"{count(team.longest_trail, 'space')}; Asian Express bonus "
                     f"{team.longest_bonus}, Globetrotter bonus {team.globetrotter_bonus}")
    return "\n".join([*lines, sheet.reason])
