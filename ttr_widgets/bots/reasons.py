"""The reasons in numbers behind a move, for the hint and the coach: ``explain(state, action)``
reads ``'<the move>: <reason>; <reason>'``.

Every number is computed from what the player to move may see: the tickets a claim advances
(their points, and the trains all tickets still need after it, from ``planner``), what the
route would cost them if another player took it first, a tunnel's exact odds (``odds``), the
cards their plan still lacks and the chance to draw them, and which ends of a route another
player's network already reaches; for tickets kept, the trains they need; for a station, the
route it borrows; for a tunnel's surcharge, the cards it would take from the plan; in a team
game, why a card goes to the hand or the holder and why a ticket is shared. The hint's plan,
clock and weighing sentences are in ``hint_words``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ttr_widgets.bots.hinting import clock_of, needs_of, serves
from ttr_widgets.bots.strong import (
    cards,
    completes,
    expected_draw_gain,
    needs,
    plan_of,
    playing_for,
    surcharge_shortfall,
)
from ttr_widgets.bots.strong_plan import plan_for as strong_plan
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
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
from ttr_widgets.rules.advice import describe_action
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    LOCO,
    LOCOMOTIVE,
    Hand,
    Route,
    Ticket,
)
from ttr_widgets.rules.odds import tunnel_odds
from ttr_widgets.rules.planner import Plan as TrainPlan
from ttr_widgets.rules.planner import PlanError, bottlenecks_for, plan_for
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    CardPlacement,
    GameState,
    TunnelPayment,
)
from ttr_widgets.rules.words import count, possessive

__all__ = ["and_list", "explain", "move_reasons", "odds_words", "percent", "ticket_words"]


def explain(state: GameState, action: Action, more: Sequence[str] = ()) -> str:
    """``'<the move>: <reason>; <reason>'`` for ``action`` by the player to move (``more``:
    reasons to add last)."""
    reasons = [*move_reasons(state, action), *more]
    what = describe_action(state, action)
    return f"{what}: {'; '.join(reasons)}" if reasons else what


def percent(chance: Fraction) -> str:
    """'37%' (whole percent; '<1%' and '>99%' rather than a misleading 0% or 100%)."""
    if 0 < chance < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < chance < 1:
        return ">99%"
    return f"{round(float(chance) * 100)}%"


def move_reasons(state: GameState, action: Action) -> list[str]:
    """The reasons for ``action`` by the player to move, most telling first (none for a move
    without any)."""
    if isinstance(action, ClaimRoute) and state.pending is None:
        return _claim_reasons(state, action)
    if isinstance(action, DrawBlind | DrawFaceUp):
        return _draw_reasons(state, action)
    if isinstance(action, KeepTickets):
        return _keep_reasons(state, action)
    if isinstance(action, DrawTickets):
        gain = expected_draw_gain(state)
        done = [] if needs_of(state).tickets else ["every ticket you hold is complete"]
        return [*done, f"three new tickets are worth about {count(round(gain), 'point')} to "
                "you on average, kept or not"]
    if isinstance(action, BuildStation):
        return _station_reasons(state, action)
    if isinstance(action, PayTunnel | DeclineTunnel):
        return _surcharge_reasons(state, action)
    if isinstance(action, PlaceCard):
        return _place_reasons(state, action)
    if isinstance(action, ShareTickets):
        return _share_reasons(state, action)
    return []


def _place_reasons(state: GameState, action: PlaceCard) -> list[str]:
    """Team play: why the card drawn goes to the hand or the team holder."""
    pending = state.pending
    if not isinstance(pending, CardPlacement) or pending.card == NO_CARD:
        return []
    name = CARD_NAMES[pending.card]
    short, _ferry = _lacking(state)
    second = "the second card then goes to the " + ("team holder" if action.to == "hand"
                                                    else "hand")
    if pending.card != LOCO and short[pending.card] > 0:
        return [f"your plan still lacks {short[pending.card]} {name}", second]
    if pending.card == LOCO:
        return ["a locomotive stands in for any colour your plan lacks", second]
    return [f"your plan needs no more {name}: in the team holder your teammate can use it "
            "too", second]


def _share_reasons(state: GameState, action: ShareTickets) -> list[str]:
    """Team play: why these tickets go into the team's ticket holder."""
    mate = state.players[state.current ^ 1]
    if state.pending is not None:  # one of the tickets just kept
        return ["your teammate sees a shared ticket and can build toward it; the others stay "
                "secret"]
    return [f"your own {count(state.player.trains, 'train')} cannot finish "
            f"{'it' if len(action.tickets) == 1 else 'them'} with your other tickets",
            f"{mate.name} has {count(mate.trains, 'train')} and sees it in the holder"]


def _surcharge_reasons(state: GameState, action: PayTunnel | DeclineTunnel) -> list[str]:
    pending = state.pending
    if not isinstance(pending, TunnelPayment):
        return []
    asked = f"the turned-up cards ask for {count(pending.extra, 'more card')}"
    route = state.board.route(pending.route)
    if isinstance(action, DeclineTunnel):
        payments = [a for a in legal_actions(state) if isinstance(a, PayTunnel)]
        if not payments:
            return [f"{asked} and your hand cannot pay them"]
        pay = min(payments, key=lambda a: a.locomotives)
        short = surcharge_shortfall(state, pending, pay)
        return [asked, f"paying would take {count(short, 'card')} your plan still needs, for "
                f"a route off your plan that scores "
                f"{count(state.board.route_points(route), 'point')}"]
    done = completes(state, route)
    if done:
        return [asked, f"the route completes {and_list([ticket_words(t) for t in done])}"]
    return [asked, f"the route scores {count(state.board.route_points(route), 'point')}"]


# --------------------------------------------------------------------------- claims


def ticket_words(ticket: Ticket) -> str:
    """'Denver–El Paso (4 points)'."""
    return f"{ticket.cities_label} ({count(ticket.points, 'point')})"


def and_list(parts: Sequence[str]) -> str:
    """'a, b and c'."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def _train_plan(state: GameState, tickets: Sequence[str] | None = None) -> TrainPlan | None:
    try:
        return plan_for(state, state.current, tickets)
    except PlanError:
        return None


def _claim_reasons(state: GameState, action: ClaimRoute) -> list[str]:
    board, player = state.board, state.player
    route = board.route(action.route)
    out = []
    completed = completes(state, route)
    if completed:
        out.append(f"it completes {and_list([ticket_words(t) for t in completed])}: points won "
                   "instead of lost at the end")
    served = [t for t in serves(state, route, needs_of(state)) if t not in completed]
    if served:
        out.append(f"it serves {and_list([ticket_words(t) for t in served])}")
    plan = _train_plan(state)
    if plan is not None and route.id in plan.to_claim:
        if plan.trains is not None and plan.trains > route.length:
            left = plan.trains - route.length
            out.append(f"with it your tickets need {count(left, 'more train')} "
                       f"(you will have {player.trains - route.length})")
        out.extend(_bottleneck(state, route, plan))
    if not completed and not served:
        out.append(f"it scores {count(board.route_points(route), 'point')}")
    out.extend(_tunnel_reasons(state, action, route))
    out.extend(_rivals(state, route))
    return out


def _bottleneck(state: GameState, route: Route, plan: TrainPlan) -> list[str]:
    try:
        found = bottlenecks_for(state, state.current, base=plan)
    except PlanError:
        return []
    for neck in found:
        if neck.route != route.id:
            continue
        if neck.extra is None:
            return ["if another player took it first, a ticket of yours could no longer be "
                    "completed"]
        if neck.extra > 0:
            return [f"if another player took it first, your tickets would need "
                    f"{count(neck.extra, 'more train')}"]
    return []


def _seen(state: GameState) -> Hand:
    seen = [0] * len(CARD_NAMES)
    for card in state.face_up:
        if card != NO_CARD:
            seen[card] += 1
    return tuple(seen)


def _unseen(state: GameState) -> Hand:
    """The cards the player to move cannot see: the deck less their cards (in a team game with
    the team holder) and the face-up row (the other hands, the pile and the discards are all
    unknown to them)."""
    hand, seen = cards(state), _seen(state)
    return tuple(max(0, d - h - s) for d, h, s in zip(state.board.deck, hand, seen, strict=True))


def _tunnel_reasons(state: GameState, action: ClaimRoute, route: Route) -> list[str]:
    reveal = state.board.reveal_count(route)
    if not reveal:
        return []
    hand = cards(state)
    color = LOCOMOTIVE if action.locomotives == route.length else action.color
    odds = tunnel_odds(color, route.length, hand, _seen(state), state.board.deck, reveal)
    kind = "locomotive" if odds.all_locomotive else f"{odds.counted} or locomotive"
    parts = [f"{count(k, 'more ' + kind + ' card')} {percent(p)}"
             for k, p in enumerate(odds.distribution) if k > 0 and p > 0]
    text = (f"as a tunnel it turns up {count(odds.revealed, 'card')}: it costs more with chance "
            f"{percent(1 - odds.distribution[0])}")
    if parts:
        text += f" ({', '.join(parts)})"
    yours = "your cards and the team holder" if state.teams else "your hand"
    return [text, f"{yours} can pay whatever is turned up with chance {percent(odds.can_pay)}"]


def _rivals(state: GameState, route: Route) -> list[str]:
    """Which of the route's ends another player's routes already reach (they may want it)."""
    board = state.board
    out = []
    for other, person in enumerate(state.players):
        if other == state.current or (state.teams and other // 2 == state.team):
            continue
        reached = {c for r, owner in zip(board.routes, state.owners, strict=True)
                   if owner == other for c in (r.a, r.b)}
        ends = [board.city_label(c) for c in (route.a, route.b) if c in reached]
        if ends:
            whose = possessive(person.name, capital=False)
            out.append(f"{whose} routes already reach {and_list(ends)}: they may want it too")
    return out


# --------------------------------------------------------------------------- draws


def _lacking(state: GameState) -> tuple[list[int], int]:
    """Per colour the cards the strong plan still lacks, and the locomotives it lacks for
    ferries (locomotives in hand already subtracted from the colours last)."""
    plan = strong_plan(state, state.current, playing_for(state))
    hand = cards(state)
    short = needs(hand, plan.routes)
    ferry = max(0, sum(r.ferry_locomotives for r in plan.routes) - hand[LOCO])
    return short, ferry


def _draw_reasons(state: GameState, action: DrawBlind | DrawFaceUp) -> list[str]:
    short = dict(needs_of(state).short)
    if not short:
        return ["your tickets need no more cards: it draws toward the longest route you can "
                "still fill"]
    if isinstance(action, DrawFaceUp):
        if action.card == LOCOMOTIVE:
            return ["a locomotive stands in for any colour your plan lacks"]
        need = short.get(action.card, 0)
        return [f"the face-up {action.card} is one of the {need} {action.card} your plan "
                "lacks"] if need else []
    lacking = and_list([f"{n} {c}" for c, n in short.items()])
    shown = {CARD_NAMES[c] for c in state.face_up if c != NO_CARD}
    out = [f"no face-up card is one your plan lacks ({lacking})" if not shown & set(short)
           else f"your plan lacks {lacking}"]
    pool = _unseen(state)
    useful = sum(pool[CARD_INDEX[c]] for c in short if c != LOCOMOTIVE) + pool[LOCO]
    size = sum(pool)
    if size:
        out.append(f"{odds_words(Fraction(useful, size))} from the pile is one of those or a "
                   "locomotive")
    return out


def odds_words(chance: Fraction) -> str:
    """A chance as a learner counts it: 'about 1 card in 3', 'about 7 cards in 10', 'almost
    every card', 'hardly any card'."""
    if chance >= Fraction(19, 20):
        return "almost every card"
    if chance < Fraction(1, 20):
        return "hardly any card"
    if chance < Fraction(1, 2):
        return f"about 1 card in {round(1 / chance)}"
    tenths = round(chance * 10)
    return "about 1 card in 2" if tenths == 5 else f"about {tenths} cards in 10"


# --------------------------------------------------------------------------- tickets, stations


def _keep_reasons(state: GameState, action: KeepTickets) -> list[str]:
    board, player = state.board, state.player
    held = list(playing_for(state))
    kept = list(action.tickets)
    plan = _train_plan(state, held + kept)
    if plan is None:
        return []
    out = []
    if plan.trains is not None:
        out.append(f"with {'them' if len(kept) > 1 else 'it'} all your tickets need "
                   f"{count(plan.trains, 'train')} of your {player.trains}")
    pending = state.pending
    offered = getattr(pending, "tickets", ())
    for tid in offered:
        if tid in kept:
            continue
        more = _train_plan(state, held + kept + [tid])
        ticket = board.ticket(tid)
        if more is None or more.trains is None or plan.trains is None:
            out.append(f"{ticket_words(ticket)} could not be completed as well")
        elif more.trains > player.trains:
            out.append(f"{ticket_words(ticket)} would need "
                       f"{count(more.trains - plan.trains, 'more train')}: {more.trains} in "
                       f"all, more than the {player.trains} you have left")
        else:
            trains = ("no more trains" if more.trains == plan.trains else
                      count(more.trains - plan.trains, "more train"))
            beyond = _turns_beyond(state, [*held, *kept, tid])
            if not beyond and more.trains == plan.trains:
                beyond = ", but it is risky for the turns left"
            out.append(f"{ticket_words(ticket)} would need {trains}{beyond}")
    return out


def _turns_beyond(state: GameState, tickets: Sequence[str]) -> str:
    """', but with it your tickets would take about 14 turns, and about 9 are likely left' when
    ``tickets`` take more turns than are likely left (else nothing)."""
    turns, left = needs_of(state, tickets).turns, clock_of(state).turns
    if turns <= left:
        return ""
    return (f", but with it your tickets would take about {count(turns, 'turn')}, and about "
            f"{left} {'is' if left == 1 else 'are'} likely left")


def _station_reasons(state: GameState, action: BuildStation) -> list[str]:
    board = state.board
    plan = plan_of(state)
    borrowed = [r for r in plan.borrowed if action.city in (r.a, r.b)]
    if not borrowed:
        return []
    route = borrowed[0]
    owner = state.owners[route.index]
    whose = possessive(state.players[owner].name, capital=False) if owner != OPEN else \
        "another player's"
    unused = board.rules.unused_station_points
    return [f"no open route is left where your plan needs one: the station lets your tickets "
            f"use {whose} {route}",
            f"a station left unbuilt would score {count(unused, 'point')} instead"]
