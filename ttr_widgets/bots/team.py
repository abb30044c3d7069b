"""Bots for team play. A bot is given only its seat's ``teams.view``: its own hand and tickets,
its team's holders and the public table, never a teammate's hand or private tickets."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ttr_widgets.rules.actions import DeclineTunnel, DrawTickets, KeepTickets
from ttr_widgets.rules.graph import cheapest_paths, connected, walk_back
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, GRAY, LOCO, Route
from ttr_widgets.rules.state import NO_CARD, OPEN, TicketChoice
from ttr_widgets.rules.teams import (
    HAND,
    HIDDEN,
    HOLDER,
    ClaimTeamRoute,
    DrawTeamCard,
    SecondTeamCard,
    ShareChoice,
    ShareTicket,
    ShareTickets,
    TeamAction,
    TeamGame,
    TeamTunnel,
    legal_actions,
)


@dataclass(frozen=True, slots=True)
class TeamChoice:
    action: TeamAction
    reason: str


TeamBot = Callable[[TeamGame, random.Random], TeamChoice]


def _seat_view(view: TeamGame) -> None:
    if view.seat != view.current:
        raise ValueError("seat: a team bot decides from the view of the seat to move "
                         "(teams.view(game, game.current))")


def random_team_bot(view: TeamGame, rng: random.Random) -> TeamChoice:
    """Any legal action, each equally likely."""
    _seat_view(view)
    return TeamChoice(rng.choice(legal_actions(view)), "picked at random among the legal "
                      "actions")


def greedy_team_bot(view: TeamGame, rng: random.Random) -> TeamChoice:
    """Pursue the tickets it can see (its own and the team's shared ones): claim the longest
    route on their paths it can pay, hand first, the holder for what the hand lacks; share a
    ticket its own trains cannot finish (never one already completed: the share costs a
    turn); draw the colours those routes need, the first card to the hand and the second to
    the holder; draw tickets when all are done."""
    _seat_view(view)
    pending = view.pending
    legal = legal_actions(view)
    if isinstance(pending, TicketChoice):
        return _keep(view, pending)
    if isinstance(pending, ShareChoice):
        top = max(pending.tickets, key=lambda t: view.board.ticket(t).points)
        return TeamChoice(ShareTicket(top), "shares its most valuable ticket: the teammate "
                          "can help with it")
    if isinstance(pending, TeamTunnel):
        pays = [a for a in legal if not isinstance(a, DeclineTunnel)]
        if pays:
            return TeamChoice(min(pays, key=_holder_use), "pays the tunnel, hand first")
        return TeamChoice(DeclineTunnel(), "cannot pay the tunnel")
    wanted = _wanted_routes(view)
    if isinstance(pending, SecondTeamCard):
        return _draw(view, legal, wanted, rng)
    claims = [a for a in legal if isinstance(a, ClaimTeamRoute) and _tunnel_ready(view, a)]
    planned = [a for a in claims if a.route in wanted]
    if planned:
        best = max(planned, key=lambda a: _claim_key(view, a))
        return TeamChoice(best, "claims the longest route on its tickets' paths")
    share = _ticket_to_share(view)
    if share is not None:
        return TeamChoice(ShareTickets((share,)), "shares a ticket its own trains cannot "
                          "finish: its teammate sees it in the holder and can help")
    if not wanted and view.player.trains > 8 and any(isinstance(a, DrawTickets) for a in legal):
        return TeamChoice(DrawTickets(), "every ticket it can see is done or blocked")
    if not wanted and claims:
        best = max(claims, key=lambda a: _claim_key(view, a))
        return TeamChoice(best, "places trains on the longest route it can pay")
    return _draw(view, legal, wanted, rng)


def _ticket_to_share(view: TeamGame) -> str | None:
    """A private ticket worth the share action: not completed, its open path longer than the
    trains left after the bot's other open tickets, and short enough for the teammate's
    trains (which are public). None when no ticket is."""
    team = view.current // 2
    needs = {}
    for ticket_id in view.player.tickets:
        if _team_done(view, ticket_id):
            continue
        ticket = view.board.ticket(ticket_id)
        path = _cheapest_path(view, team, ticket.a, ticket.b)
        if path:
            needs[ticket_id] = sum(r.length for r in path if view.owners[r.index] == OPEN)
    if sum(needs.values()) <= view.player.trains:
        return None
    mate = view.players[view.current ^ 1].trains
    fits = [t for t, need in needs.items() if need <= mate]
    return max(fits, key=lambda t: (needs[t], t)) if fits else None


def _tunnel_ready(view: TeamGame, action: ClaimTeamRoute) -> bool:
    """Whether to try a claim: any route but a tunnel, or a tunnel with cards to spare for
    its surcharge (one card, or every card it can reveal once the pile is short — so a bot
    never tries the same tunnel, declines and tries again for ever)."""
    route = view.board.route(action.route)
    reveal = view.board.reveal_count(route)
    if not reveal:
        return True
    team = view.current // 2
    spare = view.player.hand[LOCO] + view.holders[team][LOCO] - action.locomotives
    if action.color != CARD_NAMES[LOCO]:
        ci = CARD_INDEX[action.color]
        spare += (view.player.hand[ci] + view.holders[team][ci]
                  - (route.length - action.locomotives))
    return spare >= (reveal if len(view.deck) < reveal else 1)


def _claim_key(view: TeamGame, action: ClaimTeamRoute) -> tuple[int, int, int]:
    """The longest route first; then the hand before the holder, colours before
    locomotives."""
    return (view.board.route(action.route).length, -_holder_use(action), -action.locomotives)


def _holder_use(action: TeamAction) -> int:
    return getattr(action, "holder_cards", 0) + getattr(action, "holder_locomotives", 0)


def _keep(view: TeamGame, pending: TicketChoice) -> TeamChoice:
    cheapest = sorted(pending.tickets, key=lambda t: (view.board.ticket(t).points, t))
    return TeamChoice(KeepTickets(tuple(cheapest[:pending.keep])), "keeps the shortest tickets")


def _team_routes(view: TeamGame) -> list[str]:
    team = view.current // 2
    return [view.board.routes[i].id for i, p in enumerate(view.owners) if p // 2 == team
            and p != OPEN]


def _team_done(view: TeamGame, ticket_id: str) -> bool:
    ticket = view.board.ticket(ticket_id)
    return connected(view.board, _team_routes(view), ticket.a, ticket.b)


def _visible_tickets(view: TeamGame) -> list[str]:
    shared = view.shared[view.current // 2]
    return [t for t in (*view.player.tickets, *shared) if t != HIDDEN]


def _wanted_routes(view: TeamGame) -> set[str]:
    """Open routes on the cheapest paths of the visible tickets the team has not completed."""
    wanted: set[str] = set()
    team = view.current // 2
    for ticket_id in _visible_tickets(view):
        if _team_done(view, ticket_id):
            continue
        ticket = view.board.ticket(ticket_id)
        path = _cheapest_path(view, team, ticket.a, ticket.b)
        if path:
            wanted |= {r.id for r in path if view.owners[r.index] == OPEN}
    return wanted


def _usable(view: TeamGame, team: int, route: Route) -> int | None:
    """The cost of a route on a path: 0 if the team owns it, its length if open, else None."""
    owner = view.owners[route.index]
    if owner != OPEN:
        return 0 if owner // 2 == team else None
    return route.length


def _cheapest_path(view: TeamGame, team: int, a: str, b: str) -> tuple[Route, ...] | None:
    """The team's cheapest path from ``a`` to ``b`` (its own routes free, open ones by length),
    or None when the other team has cut them off."""
    cost = [_usable(view, team, route) for route in view.board.routes]
    _best, came_by = cheapest_paths(view.board, a, cost, target=b)
    if b != a and b not in came_by:
        return None
    return walk_back(came_by, a, b)


def _draw(view: TeamGame, legal: list[TeamAction], wanted: set[str], rng: random.Random
          ) -> TeamChoice:
    draws = [a for a in legal if isinstance(a, DrawTeamCard)]
    if not draws:
        claims = [a for a in legal if isinstance(a, ClaimTeamRoute) and _tunnel_ready(view, a)]
        if claims:
            return TeamChoice(max(claims, key=lambda a: _claim_key(view, a)),
                              "no card is left to draw: places trains")
        shares = [a for a in legal if isinstance(a, ShareTickets)]
        if shares:  # rather than drawing tickets it has no trains or cards for
            return TeamChoice(shares[0], "nothing to draw or claim: sharing costs nothing now")
        return TeamChoice(rng.choice(legal), "nothing better to do")
    needed = {view.board.route(r).color for r in wanted} - {GRAY}
    for action in draws:
        if action.card is not None and action.card in needed and action.card != CARD_NAMES[LOCO]:
            return TeamChoice(action, f"takes a {action.card} card its routes need")
    blind = [a for a in draws if a.card is None]
    if blind:
        pick = next((a for a in blind if a.to == HAND), blind[0])
        return TeamChoice(pick, "draws blind")
    faceup = [a for a in draws if a.card is not None and CARD_INDEX[a.card] != NO_CARD]
    pick = next((a for a in faceup if a.to == HOLDER), faceup[0])
    return TeamChoice(pick, "takes what is left face up")
