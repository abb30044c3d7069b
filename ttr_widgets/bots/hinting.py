"""The hint: the move it suggests for the player to move, and the plan and the clock behind it.

``hint_search(state, rng)`` finds the move (``hint_move``: as a bot, a ``bots.Choice``): the move
to beat is the strong bot's, except for tickets, where the hint keeps a ticket beyond the fewest
only when it is clearly worth it (``HINT_KEEP_MARGIN``), and when the end is near (another player
down to ``NEAR_TRAINS``) and the plan cannot be finished in the turns likely left: then the claim
that scores most now (``weigh``), since cards still in hand score nothing. Once a player is down to
``HINT_SEARCH.near`` trains, the expert bot's search (``expert.search``) plays that move and a few
others (the card draw for the plan, the other planned claims, new tickets) out to the end on the
same fresh deals of what the seat cannot see, and another move replaces it only when it comes out
clearly ahead: so a claim now and waiting are weighed by the games played on, the clock's rule
being only the move to beat. The hint looks harder than the expert bot (``HINT_SEARCH``): a person
waits a second or two for it.

``coach.hint(state, seed)`` is that move with what a learner needs to follow it (a ``Hint``,
worded by ``hint_words.hint_text``): the move and why, the plan it serves (the tickets, the routes
still to claim, the cards still missing, about how many turns that takes), the clock (the
others' trains, the turns likely left) and, near the end, a claim now weighed against waiting,
with how the two came out in the games played on.

The numbers come from what the seat to move may see (``rules.view``): the strong bot's plan
(``strong_plan``), the cards it lacks (``needs``), the strong bot's clock (``turns_left``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.expert import Search, Searched, search
from ttr_widgets.bots.strong import _best_payment, cards, choose, completes, playing_for
from ttr_widgets.bots.strong_plan import needs, plan_for
from ttr_widgets.bots.strong_tickets import keep, turns_left
from ttr_widgets.bots.team_play import team_routes
from ttr_widgets.rules.actions import Action, ClaimRoute
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import CARD_INDEX, COLORS, LOCO, Route, Ticket
from ttr_widgets.rules.state import GameState, TicketChoice, evolve
from ttr_widgets.rules.view import view

__all__ = ["HINT_KEEP_MARGIN", "HINT_SEARCH", "NEAR_TRAINS", "Clock", "Hint", "Needs", "OffPlan",
           "Weighing", "clock_of", "hint_move", "hint_search", "needs_of", "off_plan",
           "reasons_joined", "serves", "weigh"]

NEAR_TRAINS = 5  #: another player at this many trains or fewer: the end is near
CARDS_PER_TURN = 2  #: a turn of drawing brings two cards
WHY_SHOWN = 3  #: the reasons a hint shows (most telling first): a sentence, not a list
HINT_SEARCH = Search(moves=5, playouts=16)
"""How hard the hint looks: more than the expert bot (``expert.DEFAULT``: 4 moves, 12 playouts),
since a person waits a second or two for a hint where a bot should not; a count of playouts,
never a time, so the same position and seed give the same hint."""
HINT_KEEP_MARGIN = 5.0
"""Points a ticket beyond the fewest allowed must add to be kept (``strong_tickets.keep``): the
hint is more careful with tickets than the strong bot, a ticket not completed counting against
the player (measured in benchmarks/results/hint_seat.md, section 4)."""


@dataclass(frozen=True, slots=True)
class Clock:
    """How near the end is for the player to move: the others' trains (fewest first), the
    turns the player likely has left (the strong bot's guess, ``turns_left``), and whether
    another player is down to ``NEAR_TRAINS``."""

    others: tuple[tuple[str, int], ...]
    turns: int
    near: bool
    last_round: bool


def clock_of(state: GameState) -> Clock:
    """The clock for the player to move (see ``Clock``)."""
    me = state.current
    others = sorted(((p.name, p.trains) for i, p in enumerate(state.players) if i != me
                     and not (state.teams and i // 2 == me // 2)), key=lambda nt: (nt[1], nt[0]))
    turns = max(1, round(turns_left(state, me)))
    near = state.last_round or any(t <= NEAR_TRAINS for _name, t in others)
    return Clock(tuple(others), turns, near, state.last_round)


@dataclass(frozen=True, slots=True)
class Needs:
    """What the plan of the player to move still needs: the tickets it serves (not complete
    yet), the tickets it can no longer reach, the routes still to claim, the cards still missing
    (colour, how many; locomotives for ferries last) and about how many turns that takes (a
    turn per route, a turn per two cards missing)."""

    tickets: tuple[Ticket, ...]
    lost: tuple[Ticket, ...]
    done: tuple[Ticket, ...]
    routes: tuple[Route, ...]
    short: tuple[tuple[str, int], ...]
    trains: int

    @property
    def missing(self) -> int:
        return sum(n for _colour, n in self.short)

    @property
    def turns(self) -> int:
        return len(self.routes) + ceil(self.missing / CARDS_PER_TURN)


def needs_of(state: GameState, tickets: Sequence[str] | None = None) -> Needs:
    """What the strong bot's plan for the player to move still needs (see ``Needs``), for the
    tickets they play for (``playing_for``) or for ``tickets``."""
    board = state.board
    plan = plan_for(state, state.current, playing_for(state) if tickets is None else tickets)
    hand = cards(state)
    lacking = needs(hand, plan.routes)
    ferry = sum(r.ferry_locomotives for r in plan.routes)
    spare = hand[LOCO] - ferry  # locomotives left after the ferries stand in for colours
    short: list[tuple[str, int]] = []
    for c in sorted(range(len(COLORS)), key=lambda c: (-lacking[c], c)):
        n = lacking[c]
        if n > 0 and spare > 0:
            n, spare = max(0, n - spare), max(0, spare - n)
        if n > 0:
            short.append((COLORS[c], n))
    if ferry > hand[LOCO]:
        short.append(("locomotive", ferry - hand[LOCO]))
    ticket = board.ticket_by_id
    return Needs(tuple(ticket[t] for t in plan.reachable), tuple(ticket[t] for t in plan.lost),
                 tuple(ticket[t] for t in plan.done), plan.routes, tuple(short), plan.trains)


@dataclass(frozen=True, slots=True)
class Weighing:
    """Near the end: a claim now against waiting for the plan. ``now`` is the claim that
    scores most now (None: nothing can be claimed); ``claim`` whether to claim it now (the plan
    needs more turns than are likely left, or nothing is left to wait for)."""

    needs: Needs
    clock: Clock
    now: ClaimRoute | None
    gain: int  #: points the claim brings now: the route, and the tickets it completes
    completed: tuple[Ticket, ...]
    claim: bool


def weigh(state: GameState) -> Weighing | None:
    """Near the end (``Clock.near``) at the start of a turn: whether to claim now what scores
    most or to wait for the plan (see ``Weighing``); None when the end is not near."""
    clock = clock_of(state)
    if not clock.near or state.pending is not None or state.in_setup:
        return None
    found = needs_of(state)
    payments: dict[str, list[ClaimRoute]] = {}
    for action in legal_actions(state):
        if isinstance(action, ClaimRoute):
            payments.setdefault(action.route, []).append(action)
    if not payments:
        return Weighing(found, clock, None, 0, (), False)
    board = state.board

    def gain(route_id: str) -> tuple[int, int]:
        route = board.route_by_id[route_id]
        done = sum(t.points for t in completes(state, route))
        return board.route_points(route) + done, route.length

    best = max(payments, key=lambda r: (*gain(r), r))
    route = board.route_by_id[best]
    now = _best_payment(cards(state), route, payments[best],
                        [r for r in found.routes if r.id != best])
    late = found.turns > clock.turns or not found.routes
    return Weighing(found, clock, now, gain(best)[0], tuple(completes(state, route)), late)


def hint_search(state: GameState, rng: random.Random, *, deep: bool = True) -> Searched:
    """The hint's move for the player to move and how the moves it weighed played out (see the
    module's docstring), decided from the seat's view. The move to beat is, for tickets, the
    strong bot's choice with the hint's caution (``HINT_KEEP_MARGIN``), near the end with the
    plan out of time the claim that scores most now (``weigh``), else the strong bot's move;
    with ``deep`` the expert's playouts (``HINT_SEARCH``) may replace it by a move they find
    clearly better (a draw for the plan, another claim); without, it is played as it is."""
    state = view(state, state.current)
    weighed = weigh(state)
    lead = None
    if isinstance(state.pending, TicketChoice):
        lead = keep(state, state.pending, HINT_KEEP_MARGIN)
    elif weighed is not None and weighed.claim and weighed.now is not None:
        lead = Choice(weighed.now, _("claims what scores most now: the plan needs more turns "
                                     "than are likely left"))
    if deep:
        return search(state, rng, HINT_SEARCH, lead)
    return Searched((lead or choose(state, rng),), (), 0, 0)


def hint_move(state: GameState, rng: random.Random, *, deep: bool = True) -> Choice:
    """The hint's move for the player to move (``hint_search``'s choice)."""
    return hint_search(state, rng, deep=deep).choice


def serves(state: GameState, route: Route, found: Needs) -> tuple[Ticket, ...]:
    """The tickets of the plan ``found`` that ``route`` (one of its routes) serves: those its
    routes and the player's own join with it and not without it."""
    if route not in found.routes:
        return ()
    mine = team_routes(state) if state.teams else list(state.player.routes)
    rest = [*mine, *(r.id for r in found.routes if r is not route)]
    board = state.board
    return tuple(t for t in found.tickets if connected(board, [*rest, route.id], t.a, t.b)
                 and not connected(board, rest, t.a, t.b))


@dataclass(frozen=True, slots=True)
class OffPlan:
    """A claim off the plan, and what the plan needs before it and after it (the route owned,
    its cards paid): ``tickets`` are those the plan would then join through the route (another
    way to them; none when the plan goes on without it)."""

    tickets: tuple[Ticket, ...]
    before: Needs
    after: Needs


def off_plan(state: GameState, action: ClaimRoute) -> OffPlan | None:
    """What claiming a route that is not one of the plan's (``needs_of``) does to the plan (see
    ``OffPlan``); None for a route on the plan, and for a payment from a team holder."""
    before = needs_of(state)
    route = state.board.route(action.route)
    if route in before.routes or action.holder_cards or action.holder_locomotives:
        return None
    after = needs_of(_claimed(state, route, action))
    board = state.board
    mine = team_routes(state) if state.teams else list(state.player.routes)
    rest = [*mine, *(r.id for r in after.routes)]
    served = tuple(t for t in after.tickets if connected(board, [*rest, route.id], t.a, t.b)
                   and not connected(board, rest, t.a, t.b))
    return OffPlan(served, before, after)


def _claimed(state: GameState, route: Route, action: ClaimRoute) -> GameState:
    """``state`` as if the player to move owned ``route``, paid as ``action`` offers (a
    tunnel's surcharge not counted), and were still to move."""
    me, player = state.current, state.player
    hand = list(player.hand)
    hand[CARD_INDEX[action.color]] -= route.length - action.locomotives
    hand[LOCO] -= action.locomotives
    owners = list(state.owners)
    owners[route.index] = me
    players = list(state.players)
    players[me] = evolve(player, hand=tuple(hand), trains=player.trains - route.length,
                         routes=(*player.routes, route.id))
    return evolve(state, owners=tuple(owners), players=tuple(players))


def reasons_joined(reasons: Sequence[str]) -> str:
    """Reasons one after another: 'a; b; c' (French 'a ; b ; c')."""
    return _("; ").join(reasons)


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint's move and its words: ``what`` (the move), ``why`` (its reasons, clauses),
    then ``plan``, ``clock`` and near the end ``weighing``, each a sentence (empty when it has
    nothing to say)."""

    action: Action
    what: str
    why: tuple[str, ...]
    plan: str = ""
    clock: str = ""
    weighing: str = ""

    @property
    def reason(self) -> str:
        """``'<the move>: <reason>; <reason>'``, as a bot's reason reads."""
        if not self.why:
            return self.what
        return _("{move}: {reasons}").format(move=self.what, reasons=reasons_joined(self.why))

    @property
    def sentences(self) -> tuple[str, ...]:
        """Why (its ``WHY_SHOWN`` most telling reasons), the plan, the clock and the weighing,
        each a sentence, in that order."""
        why = (_("Why: {reasons}.").format(reasons=reasons_joined(self.why[:WHY_SHOWN])),) \
            if self.why else ()
        return (*why, *(s for s in (self.plan, self.clock, self.weighing) if s))
