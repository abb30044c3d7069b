"""What a bot weighs in a team game (``rules.teams``): the tickets it can see (its own and its
team's shared ones), the team's network, payments from the hand and the holder, where a drawn
card goes, and when a ticket is worth sharing. ``greedy`` is the greedy bot's team play; the
strong bot builds on the same pieces. A bot sees only its seat's view: never its teammate's hand
or private tickets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ttr_widgets.bots.choice import Choice
from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.events import a_card
from ttr_widgets.rules.graph import cheapest_paths, connected, walk_back
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, GRAY, LOCO, Route
from ttr_widgets.rules.state import (
    OPEN,
    CardPlacement,
    GameState,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.teams import HAND, HOLDER
from ttr_widgets.rules.view import HIDDEN
from ttr_widgets.rules.words import colour_of

__all__ = ["cheapest_path", "greedy", "holds_card", "keeps_card", "shares_top",
           "shares_unfinished", "team_done", "team_routes", "visible_tickets", "wanted_routes"]


def greedy(state: GameState, rng: random.Random) -> Choice:
    """Pursue the tickets it can see: claim the longest route on their paths it can pay, hand
    first, the holder for what the hand lacks; share a ticket its own trains cannot finish
    (never one already completed: the share costs a turn); draw the colours those routes need,
    a card they need into the hand, others into the holder; draw tickets when all are done."""
    pending = state.pending
    legal = legal_actions(state)
    if isinstance(pending, TicketChoice):
        cheapest = sorted(pending.tickets, key=lambda t: (state.board.ticket(t).points, t))
        return Choice(KeepTickets(tuple(cheapest[:pending.keep])), _("keeps the shortest "
                                                                     "tickets"))
    if isinstance(pending, ShareChoice):
        top = max(pending.tickets, key=lambda t: state.board.ticket(t).points)
        return Choice(ShareTickets((top,)), shares_top())
    if isinstance(pending, TunnelPayment):
        pays = [a for a in legal if isinstance(a, PayTunnel)]
        if pays:
            return Choice(min(pays, key=holder_use), _("pays the tunnel, hand first"))
        return Choice(DeclineTunnel(), _("cannot pay the tunnel"))
    wanted = wanted_routes(state)
    if isinstance(pending, CardPlacement):
        return place(state, pending, wanted)
    if isinstance(pending, SecondCard):
        return _draw(state, legal, wanted, rng)
    claims = [a for a in legal if isinstance(a, ClaimRoute) and tunnel_ready(state, a)]
    planned = [a for a in claims if a.route in wanted]
    if planned:
        best = max(planned, key=lambda a: claim_key(state, a))
        return Choice(best, _("claims the longest route on its tickets' paths"))
    share = ticket_to_share(state)
    if share is not None:
        return Choice(ShareTickets((share,)), shares_unfinished())
    if not wanted and state.player.trains > 8 and DrawTickets() in legal:
        return Choice(DrawTickets(), _("every ticket it can see is done or blocked"))
    if not wanted and claims:
        best = max(claims, key=lambda a: claim_key(state, a))
        return Choice(best, _("places trains on the longest route it can pay"))
    return _draw(state, legal, wanted, rng)


def place(state: GameState, pending: CardPlacement, wanted: set[str]) -> Choice:
    """The first card drawn: into the hand when the planned routes need its colour (or it is
    a locomotive), else into the team holder for the teammate too."""
    needed = {CARD_INDEX[state.board.route(r).color] for r in wanted
              if state.board.route(r).color != GRAY}
    if pending.card == LOCO or pending.card in needed:
        return Choice(PlaceCard(HAND), keeps_card(CARD_NAMES[pending.card],
                                                  _("its routes need it")))
    return Choice(PlaceCard(HOLDER), holds_card(CARD_NAMES[pending.card],
                                                _("its own routes do not need it")))


# The team bots' reasons (this one's and the strong bot's, ``bots.strong``), said one way.

def keeps_card(card: str, why: str) -> str:
    """'keeps the red in its hand: its routes need it'."""
    return _("keeps the {colour} in its hand: {why}").format(colour=colour_of(card), why=why)


def holds_card(card: str, why: str) -> str:
    """'puts the red in the team holder: its own routes do not need it'."""
    return _("puts the {colour} in the team holder: {why}").format(colour=colour_of(card),
                                                                   why=why)


def shares_top() -> str:
    return _("shares its most valuable ticket: its teammate can help with it")


def shares_unfinished() -> str:
    return _("shares a ticket its own trains cannot finish: its teammate sees it in the holder "
             "and can help")


def ticket_to_share(state: GameState) -> str | None:
    """A private ticket worth the share action: not completed, its open path longer than the
    trains left after the bot's other open tickets, and short enough for the teammate's trains
    (which are public). None when no ticket is."""
    needs = {}
    for ticket_id in state.player.tickets:
        if team_done(state, ticket_id):
            continue
        ticket = state.board.ticket(ticket_id)
        path = cheapest_path(state, state.team, ticket.a, ticket.b)
        if path:
            needs[ticket_id] = sum(r.length for r in path if state.owners[r.index] == OPEN)
    if sum(needs.values()) <= state.player.trains:
        return None
    mate = state.players[state.current ^ 1].trains
    fits = [t for t, need in needs.items() if need <= mate]
    return max(fits, key=lambda t: (needs[t], t)) if fits else None


def tunnel_ready(state: GameState, action: ClaimRoute) -> bool:
    """Whether to try a claim: any route but a tunnel, or a tunnel with cards to spare for its
    surcharge (one card, or every card it can reveal once the pile is short — so a bot never
    tries the same tunnel, declines and tries again for ever)."""
    route = state.board.route(action.route)
    reveal = state.board.reveal_count(route)
    if not reveal:
        return True
    holder = state.holders[state.team]
    spare = state.player.hand[LOCO] + holder[LOCO] - action.locomotives
    if action.color != CARD_NAMES[LOCO]:
        ci = CARD_INDEX[action.color]
        spare += state.player.hand[ci] + holder[ci] - (route.length - action.locomotives)
    return spare >= (reveal if len(state.deck) < reveal else 1)


def claim_key(state: GameState, action: ClaimRoute) -> tuple[int, int, int]:
    """The longest route first; then the hand before the holder, colours before
    locomotives."""
    return (state.board.route(action.route).length, -holder_use(action), -action.locomotives)


def holder_use(action: ClaimRoute | PayTunnel) -> int:
    return action.holder_cards + action.holder_locomotives


def team_routes(state: GameState, team: int | None = None) -> list[str]:
    """The routes the team (of the player to move, by default) owns."""
    team = state.team if team is None else team
    return [state.board.routes[i].id for i, p in enumerate(state.owners)
            if p != OPEN and p // 2 == team]


def team_done(state: GameState, ticket_id: str) -> bool:
    ticket = state.board.ticket(ticket_id)
    return connected(state.board, team_routes(state), ticket.a, ticket.b)


def visible_tickets(state: GameState) -> list[str]:
    """The tickets the player to move can see and scores with: their own and the team's
    shared ones."""
    return [t for t in (*state.player.tickets, *state.shared[state.team]) if t != HIDDEN]


def wanted_routes(state: GameState) -> set[str]:
    """Open routes on the cheapest paths of the visible tickets the team has not completed."""
    wanted: set[str] = set()
    for ticket_id in visible_tickets(state):
        if team_done(state, ticket_id):
            continue
        ticket = state.board.ticket(ticket_id)
        path = cheapest_path(state, state.team, ticket.a, ticket.b)
        if path:
            wanted |= {r.id for r in path if state.owners[r.index] == OPEN}
    return wanted


def _usable(state: GameState, team: int, route: Route) -> int | None:
    """The cost of a route on a path: 0 if the team owns it, its length if open, else None."""
    owner = state.owners[route.index]
    if owner != OPEN:
        return 0 if owner // 2 == team else None
    return route.length


def cheapest_path(state: GameState, team: int, a: str, b: str) -> tuple[Route, ...] | None:
    """The team's cheapest path from ``a`` to ``b`` (its own routes free, open ones by length),
    or None when the other teams have cut them off."""
    cost = [_usable(state, team, route) for route in state.board.routes]
    _best, came_by = cheapest_paths(state.board, a, cost, target=b)
    if b != a and b not in came_by:
        return None
    return walk_back(came_by, a, b)


def _draw(state: GameState, legal: Sequence[Action], wanted: set[str], rng: random.Random
          ) -> Choice:
    draws = [a for a in legal if isinstance(a, DrawBlind | DrawFaceUp)]
    if not draws:
        claims = [a for a in legal if isinstance(a, ClaimRoute) and tunnel_ready(state, a)]
        if claims:
            return Choice(max(claims, key=lambda a: claim_key(state, a)),
                          _("no card is left to draw: places trains"))
        shares = [a for a in legal if isinstance(a, ShareTickets)]
        if shares:  # rather than drawing tickets it has no trains or cards for
            return Choice(shares[0], _("nothing to draw or claim: sharing costs nothing now"))
        return Choice(rng.choice(list(legal)), _("nothing better to do"))
    needed = {state.board.route(r).color for r in wanted} - {GRAY}
    for action in draws:
        if isinstance(action, DrawFaceUp) and action.card in needed:
            return Choice(action, _("takes {card} its routes need").format(
                card=a_card(action.card)))
    if DrawBlind() in draws:
        return Choice(DrawBlind(), _("draws blind"))
    return Choice(draws[0], _("takes what is left face up"))
