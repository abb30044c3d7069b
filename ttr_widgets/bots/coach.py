"""The hint: the strong bot's move for the player to move, with its reasons in numbers.

Every number is computed from what that player may see: the tickets a claim advances (their
points, and the trains all tickets still need after it, from ``planner``), what the route would
cost them if another player took it first, a tunnel's exact odds (``odds``), the cards their
plan still lacks and the chance to draw them, and which ends of a route another player's
network already reaches. ``hint(state)`` returns a ``bots.Choice`` whose reason reads
``'<the move>: <reason>; <reason>'``. ``hint(state, seed, deep=True)`` is the expert bot's move
(``strong_search``: the strong bot's few best moves played out to the end), with one reason
more: how far ahead it came out on average over how many playouts.

The coach (``judge``) compares a move with the strong bot's move in the same position: both
are played out to the end on the same fresh deals of what the player cannot see, and the move
is flagged when it loses ``COACH_THRESHOLD`` points or more on average (and in at least two
thirds of the playouts).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.expert import ahead_words, search
from ttr_widgets.bots.playouts import deal_hidden, margin, playout
from ttr_widgets.bots.strong import (
    cards,
    choose,
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
from ttr_widgets.rules.engine import apply, legal_actions, score
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    LOCO,
    LOCOMOTIVE,
    Board,
    Hand,
    Route,
    Ticket,
)
from ttr_widgets.rules.odds import hypergeometric, tunnel_odds
from ttr_widgets.rules.planner import Plan as TrainPlan
from ttr_widgets.rules.planner import PlanError, bottlenecks_for, plan_for
from ttr_widgets.rules.scoring import PlayerScore
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    CardPlacement,
    GameState,
    SecondCard,
    TunnelPayment,
)
from ttr_widgets.rules.view import view
from ttr_widgets.rules.words import bonus_name, count, possessive

__all__ = ["COACH_THRESHOLD", "COACH_WHEN", "Gamble", "Review", "Verdict", "explain", "hint",
           "judge", "percent", "review"]


def hint(state: GameState, seed: int = 0, *, deep: bool = False) -> Choice:
    """The strong bot's move for the player to move, and why, in numbers; with ``deep``, the
    expert bot's (``strong_search``: the strong bot's best moves played out to the end), with
    how far ahead it came out on average as one more reason. It decides from the view of the
    seat to move (``rules.view``), never from what that seat cannot see."""
    state = view(state, state.current)
    if not deep:
        choice = choose(state, random.Random(seed))
        return Choice(choice.action, explain(state, choice.action))
    found = search(state, random.Random(seed))
    action = found.choice.action
    if found.playouts == 0:
        return Choice(action, explain(state, action))
    ahead = ahead_words(found.means[found.best], found.playouts)
    figure = (f"played out to the end, it comes out {ahead}, the best of "
              f"{count(len(found.moves), 'move')} tried")
    return Choice(action, explain(state, action, [figure]))


def explain(state: GameState, action: Action, more: Sequence[str] = ()) -> str:
    """``'<the move>: <reason>; <reason>'`` for ``action`` by the player to move (``more``:
    reasons to add last)."""
    reasons = [*_reasons(state, action), *more]
    what = describe_action(state, action)
    return f"{what}: {'; '.join(reasons)}" if reasons else what


def percent(chance: Fraction) -> str:
    """'37%' (whole percent; '<1%' and '>99%' rather than a misleading 0% or 100%)."""
    if 0 < chance < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < chance < 1:
        return ">99%"
    return f"{round(float(chance) * 100)}%"


def _reasons(state: GameState, action: Action) -> list[str]:
    if isinstance(action, ClaimRoute) and state.pending is None:
        return _claim_reasons(state, action)
    if isinstance(action, DrawBlind | DrawFaceUp):
        return _draw_reasons(state, action)
    if isinstance(action, KeepTickets):
        return _keep_reasons(state, action)
    if isinstance(action, DrawTickets):
        gain = expected_draw_gain(state)
        return ["every ticket you hold is complete", f"three new tickets are worth about "
                f"{count(round(gain), 'point')} to you on average, kept or not"]
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
        return [asked, f"the route completes {_and([_ticket_words(t) for t in done])}"]
    return [asked, f"the route scores {count(state.board.route_points(route), 'point')}"]


# --------------------------------------------------------------------------- claims


def _ticket_words(ticket: Ticket) -> str:
    return f"{ticket.cities_label} ({count(ticket.points, 'point')})"


def _and(parts: Sequence[str]) -> str:
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
        out.append(f"it completes {_and([_ticket_words(t) for t in completed])}: points won "
                   "instead of lost at the end")
    plan = _train_plan(state)
    if plan is not None and route.id in plan.to_claim:
        uses = [board.ticket(t) for t in plan.shared.get(route.id, ())
                if board.ticket(t) not in completed]
        if uses:
            out.append(f"it is on the shortest way for {_and([_ticket_words(t) for t in uses])}")
        if plan.trains is not None and plan.trains > route.length:
            left = plan.trains - route.length
            out.append(f"with it your tickets need {count(left, 'more train')} "
                       f"(you will have {player.trains - route.length})")
        out.extend(_bottleneck(state, route, plan))
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
            out.append(f"{whose} routes already reach {_and(ends)}: they may want it too")
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
    short, ferry = _lacking(state)
    hand = cards(state)
    wanted = [f"{n} {COLORS[c]}" for c, n in enumerate(short) if n > 0]
    if ferry:
        wanted.append(count(ferry, "locomotive") + " for ferries")
    if not wanted:
        return ["your tickets need no more cards: it draws toward the longest route you can "
                "still fill"]
    lacks = f"your plan still lacks {_and(wanted)}"
    if hand[LOCO]:
        whose = "your and the team holder's" if state.teams else "your"
        lacks += f" ({whose} {count(hand[LOCO], 'locomotive')} can stand in for any colour)"
    out = [lacks]
    if isinstance(action, DrawFaceUp) and action.card != LOCOMOTIVE:
        need = short[CARD_INDEX[action.card]]
        out.append(f"the face-up {action.card} is one of the {need} {action.card} you lack")
    pool = _unseen(state)
    useful = sum(pool[c] for c, n in enumerate(short) if n > 0) + pool[LOCO]
    size = sum(pool)
    if size:
        one = Fraction(useful, size)
        two = 1 - hypergeometric(size, useful, min(2, size))[0]
        out.append(f"a card from the pile is one of those or a locomotive with chance "
                   f"{percent(one)}; two bring at least one with chance {percent(two)}")
    return out


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
            out.append(f"{_ticket_words(ticket)} could not be completed as well")
        elif more.trains == plan.trains:
            out.append(f"{_ticket_words(ticket)} would need no more trains, but it is risky "
                       "for the turns left")
        else:
            beyond = ", more than you have left" if more.trains > player.trains else ""
            out.append(f"{_ticket_words(ticket)} would need "
                       f"{count(more.trains - plan.trains, 'more train')}{beyond}")
    return out


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


# --------------------------------------------------------------------------- the coach


COACH_THRESHOLD = 10  #: points: the coach speaks when a move costs at least this much
COACH_SAMPLES = 8  #: playouts from each of the two positions (played, and the bot's move)
COACH_WHEN = (f"after each of your moves, says what it cost when the strong bot's move comes "
              f"out at least {count(COACH_THRESHOLD, 'point')} ahead on average over "
              f"{COACH_SAMPLES} playouts from there, and ahead in two thirds of them")
"""When the coach speaks, in words (for the app's Coach box)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a move cost against the strong bot's move in the same position: the final margin
    (own total less the best other total) averaged over ``samples`` playouts of each, every
    playout dealing again what the player cannot see and then played out by greedy bots."""

    played: Action
    better: Action
    cost: float  #: average points lost against ``better``
    worse: int  #: playouts in which the move played ended worse than ``better``
    samples: int
    sentence: str


def judge(state: GameState, action: Action, *, samples: int = COACH_SAMPLES, seed: int = 0,
          threshold: float = COACH_THRESHOLD) -> Verdict | None:
    """The coach's verdict on ``action`` by the player to move in ``state``, or None when it
    costs less than ``threshold`` points against the strong bot's move (or is that move).
    The two moves are compared on the same ``samples`` deals of the hidden cards and tickets,
    each played to the end by greedy bots with the same seed (common random numbers). It
    judges from the view of the seat to move (``rules.view``)."""
    state = view(state, state.current)
    better = choose(state, random.Random(seed)).action
    if better == action:
        return None
    me = state.current
    rng = random.Random(f"coach:{seed}")
    diffs = []
    for k in range(samples):
        dealt = deal_hidden(state, rng)
        mine = margin(playout(apply(dealt, action), random.Random(k)), me)
        best = margin(playout(apply(dealt, better), random.Random(k)), me)
        diffs.append(best - mine)
    cost = sum(diffs) / len(diffs)
    worse = sum(d > 0 for d in diffs)
    if cost < threshold or worse * 3 < samples * 2:
        return None
    return Verdict(action, better, cost, worse, samples,
                   _verdict_sentence(state, action, better, cost, worse, samples))


def _verdict_sentence(state: GameState, action: Action, better: Action, cost: float,
                      worse: int, samples: int) -> str:
    played = describe_action(state, action)
    instead = describe_action(state, better)
    why = _reasons(state, better)
    why = why[1:2] if isinstance(better, DeclineTunnel) else why[:1]
    if isinstance(action, DrawTickets):
        loss = -round(expected_draw_gain(state))
        trains = count(state.player.trains, "train")
        why = [f"with {trains} left, new tickets cost you about {count(loss, 'point')} on "
               "average (one must be kept)" if loss > 0 else
               f"with {trains} left, new tickets are unlikely to pay"]
    text = (f"Better to {instead}: to {played} cost you about {count(round(cost), 'point')} "
            f"here (worse in {worse} of {samples} playouts from this position)")
    return f"{text}; {why[0]}." if why else f"{text}."


# --------------------------------------------------------------------------- the review

REVIEW_SAMPLES = 4  #: playouts per move when the after-game review looks for costly moves
REVIEW_MOVES = 3  #: the costliest moves the review names
CONFIRM_SAMPLES = 16  #: playouts that confirm a costly move found, or a kept ticket's odds


@dataclass(frozen=True, slots=True)
class Gamble:
    """A ticket kept and then missed, with the chance it had when it was kept: the share of
    ``samples`` playouts from that moment (hidden cards dealt again, greedy bots to the end)
    in which it was completed."""

    ticket: Ticket
    turn: int  #: turns completed when it was kept
    trains: int  #: the player's trains left then
    completed: int
    samples: int

    @property
    def chance(self) -> Fraction:
        return Fraction(self.completed, self.samples)

    @property
    def sentence(self) -> str:
        return (f"{_ticket_words(self.ticket)}, kept on turn {self.turn + 1} with "
                f"{count(self.trains, 'train')} left, was completed in {self.completed} of "
                f"{self.samples} playouts from there: a bad gamble that cost you "
                f"{count(self.ticket.points, 'point')}.")


@dataclass(frozen=True, slots=True)
class Review:
    """The coach's after-game review for one player: the costliest moves (turn, verdict),
    the tickets kept against the odds and missed, and how the score came."""

    costly: tuple[tuple[int, Verdict], ...]
    gambles: tuple[Gamble, ...]
    score: str

    def lines(self) -> tuple[str, ...]:
        """The review in plain sentences, in the order a player reads it."""
        out = [self.score]
        if self.costly:
            out.append(f"Your {count(len(self.costly), 'costliest move')}:" if
                       len(self.costly) > 1 else "Your costliest move:")
            out += [f"Turn {turn + 1}: {verdict.sentence}" for turn, verdict in self.costly]
        else:
            out.append("No move of yours cost clearly more than the strong bot's.")
        out += [gamble.sentence for gamble in self.gambles]
        return tuple(out)


def review(states: Sequence[GameState], actions: Sequence[Action], seat: int, *,
           samples: int = REVIEW_SAMPLES, seed: int = 0) -> Review:
    """The review of a whole game (``states[i + 1]`` follows ``actions[i]``; the last state is
    the end) for the player in ``seat``: every decision of theirs after setup judged against
    the strong bot's move (``judge`` with a one-point threshold on ``samples`` playouts),
    the costliest judged again on ``CONFIRM_SAMPLES`` playouts and the ``REVIEW_MOVES`` that
    still cost most named; each ticket they kept in play and missed whose chance when kept
    (on ``CONFIRM_SAMPLES`` playouts) was below one half; and their final score part by
    part."""
    costly: list[tuple[int, Verdict]] = []
    gambles: list[Gamble] = []
    final = score(states[-1]).players[seat // 2 if states[-1].teams else seat]
    missed = {t.id for t in final.tickets if not t.completed}
    for index, (state, action) in enumerate(zip(states, actions, strict=False)):
        if state.current != seat or state.in_setup or state.is_over:
            continue
        if isinstance(action, KeepTickets):
            gambles += _gambles(state, action, missed, CONFIRM_SAMPLES, seed)
        if isinstance(state.pending, SecondCard):
            continue  # the second card of a draw: judged with the first
        verdict = judge(state, action, samples=samples, seed=seed, threshold=1)
        if verdict is not None:
            costly.append((index, verdict))
    costly.sort(key=lambda iv: -iv[1].cost)
    return Review(_confirmed(states, actions, costly, seed), tuple(gambles),
                  _score_sentence(states[-1].board, final))


def _confirmed(states: Sequence[GameState], actions: Sequence[Action],
               found: Sequence[tuple[int, Verdict]], seed: int
               ) -> tuple[tuple[int, Verdict], ...]:
    """The ``REVIEW_MOVES`` costliest of the moves the quick judgement found (at most twice as
    many, costliest first), judged again on ``CONFIRM_SAMPLES`` playouts each: (turns
    completed before the move, verdict), costliest first."""
    again = []
    for index, _quick in found[:2 * REVIEW_MOVES]:
        state = states[index]
        verdict = judge(state, actions[index], samples=CONFIRM_SAMPLES, seed=seed, threshold=1)
        if verdict is not None:
            again.append((state.turn, verdict))
    again.sort(key=lambda tv: -tv[1].cost)
    return tuple(again[:REVIEW_MOVES])


def _gambles(state: GameState, action: KeepTickets, missed: set[str], samples: int,
             seed: int) -> list[Gamble]:
    """The tickets of ``action`` that were missed in the end and that, when kept, were
    completed in fewer than half of ``samples`` playouts."""
    board = state.board
    kept = [t for t in action.tickets if t in missed]
    if not kept:
        return []
    me = state.current
    rng = random.Random(f"review:{seed}")
    done = dict.fromkeys(kept, 0)
    for k in range(samples):
        end = playout(apply(deal_hidden(state, rng), action), random.Random(k))
        routes = [r for p in (end.team_players(me // 2) if end.teams else (end.players[me],))
                  for r in p.routes]
        for t in kept:
            ticket = board.ticket_by_id[t]
            done[t] += connected(board, routes, ticket.a, ticket.b)
    return [Gamble(board.ticket_by_id[t], state.turn, state.player.trains, n, samples)
            for t, n in done.items() if 2 * n < samples]


def _score_sentence(board: Board, final: PlayerScore) -> str:
    """'Your 87 points: 52 from 14 routes, 30 from 3 tickets completed, −12 for 1 missed and
    10 for the Longest Continuous Path bonus.'"""
    parts = [f"{final.route_points} from {count(final.routes_claimed, 'route')}"]
    if final.tickets_completed:
        made = sum(t.points for t in final.tickets if t.completed)
        parts.append(f"{made} from {count(final.tickets_completed, 'ticket')} completed")
    missed = [t for t in final.tickets if not t.completed]
    if missed:
        lost = -sum(t.points for t in missed)  # a missed ticket's points are negative
        parts.append(f"−{lost} for {count(len(missed), 'ticket')} missed")
    if final.station_points:
        parts.append(f"{final.station_points} for stations left unbuilt")
    if final.longest_bonus:
        parts.append(f"{final.longest_bonus} for the {bonus_name(board.rules)}")
    if final.depot_bonus:
        parts.append(f"{final.depot_bonus} for the most Depots left")
    total = count(final.total, "point").replace("-", "−")  # a typeset minus, as in "−12"
    return f"Your {total}: {_and(parts)}."
