"""The coach: the hint, the verdict on a move, and the after-game review, all against one move,
the hint's (``bots.hinting.hint_search``), and in plain words (the reasons are ``bots.reasons``).

``hint(state, seed)`` returns a ``bots.hinting.Hint``: the hint's move for the player to move and
why, the plan it serves, the clock and, near the end, a claim now weighed against waiting.

The coach (``judge``) compares a move with the hint's move in the same position: both are
played out to the end on the same fresh deals of what the player cannot see, and the move is
flagged when it loses ``COACH_THRESHOLD`` points or more on average (and in at least two thirds
of the playouts), or when it is a claim off the plan that spends cards the plan still needs
(and does not come out ahead). The judgement is a pure function of the position and the move
(remembered, ``_judged``): the coach during play, the ``review`` of a whole game and the hint
can never disagree — the hint's own move is never flagged, and the review's costliest moves
are the moves the coach flagged, with the same figures. ``ask`` is the question the coach puts
before a move that cannot be taken back, e.g. new tickets with the end near.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ttr_widgets.bots.expert import Searched
from ttr_widgets.bots.hint_words import hint_text
from ttr_widgets.bots.hinting import NEAR_TRAINS, Hint, clock_of, hint_search, needs_of, weigh
from ttr_widgets.bots.playouts import deal_hidden, margin, playout
from ttr_widgets.bots.reasons import explain, move_reasons, percent, ticket_words
from ttr_widgets.bots.strong import cards, completes, expected_draw_gain
from ttr_widgets.bots.strong_plan import missing
from ttr_widgets.rules.actions import Action, ClaimRoute, DeclineTunnel, DrawTickets, KeepTickets
from ttr_widgets.rules.advice import describe_action
from ttr_widgets.rules.engine import apply, score
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import CARD_INDEX, LOCO, Board, Ticket
from ttr_widgets.rules.scoring import PlayerScore
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.view import view
from ttr_widgets.rules.words import and_list, bonus_name, route_label

__all__ = ["COACH_THRESHOLD", "Gamble", "Review", "Verdict", "ask",
           "explain", "hint", "judge", "percent", "plan_cards_spent", "review"]


def hint(state: GameState, seed: int = 0, *, deep: bool = True) -> Hint:
    """The hint for the player to move: its move (``hinting.hint_search``: with ``deep`` the
    strong bot's move, or near the end with the plan out of time the claim that scores most
    now, unless games played on find another clearly better; else that move as it is) and its
    words (``hint_words.hint_text``, with what the games played on found). It decides from the
    view of the seat to move (``rules.view``), never from what that seat cannot see."""
    seen = view(state, state.current)
    found = _hint_search(seen, seed, deep)
    return hint_text(seen, found.choice.action, found)


@lru_cache(maxsize=256)
def _hint_search(seen: GameState, seed: int, deep: bool) -> Searched:
    """The hint's search in a seat's view (remembered: the hint and the coach ask it in turn)."""
    return hint_search(seen, random.Random(seed), deep=deep)


def _hint_action(seen: GameState, seed: int, deep: bool) -> Action:
    """The hint's move in a seat's view."""
    return _hint_search(seen, seed, deep).choice.action


# --------------------------------------------------------------------------- the coach


COACH_THRESHOLD = 10  #: points: the coach speaks when a move costs at least this much
COACH_SAMPLES = 8  #: games played on from each of the two positions (played, the hint's move)
ASK_TRAINS = NEAR_TRAINS  #: another player this close to the end: new tickets are asked about


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a move cost against the hint's move in the same position: the final margin (own
    total less the best other total) over ``samples`` games played on from each (what the
    player cannot see dealt again, greedy bots to the end), the differences averaged without
    the highest and the lowest; and the cards the plan still needs that a claim off it
    spends."""

    played: Action
    better: Action
    cost: float  #: points lost against ``better`` (on average, the extremes left out)
    worse: int  #: games played on in which the move played ended worse than ``better``
    samples: int
    sentence: str
    spent: int = 0  #: cards the plan still needs that the move (a claim off it) spends


def judge(state: GameState, action: Action, *, samples: int = COACH_SAMPLES, seed: int = 0,
          threshold: float = COACH_THRESHOLD) -> Verdict | None:
    """The coach's verdict on ``action`` by the player to move in ``state``, or None when it
    is the hint's move, or costs less than ``threshold`` points against it and spends no card
    the plan needs. The two moves are compared on the same ``samples`` deals of the hidden
    cards and tickets, each played to the end by greedy bots with the same seed (common random
    numbers). It judges from the view of the seat to move (``rules.view``), and gives the same
    verdict whenever it is asked again (during play, in the review)."""
    seen = view(state, state.current)
    found = _judged(seen, action, samples, seed, threshold)
    if found is None:
        return None
    better, cost, worse, spent = found
    # worded on each ask, in the language now (the figures are remembered, not the words)
    return Verdict(action, better, cost, worse, samples,
                   _verdict_sentence(seen, action, better, cost, worse, samples, spent), spent)


@lru_cache(maxsize=1024)
def _judged(state: GameState, action: Action, samples: int, seed: int,
            threshold: float) -> tuple[Action, float, int, int] | None:
    """The better move, the cost, the games played on in which the move ended worse, and the
    plan's cards spent (None: nothing to say)."""
    better = _hint_action(state, seed, True)
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
    cost = _trimmed_mean(diffs)
    worse = sum(d > 0 for d in diffs)
    spent = plan_cards_spent(state, action)
    if not (cost >= threshold and worse * 3 >= samples * 2) and not (spent and cost > 0):
        return None
    return better, cost, worse, spent


def _trimmed_mean(diffs: Sequence[int]) -> float:
    """The mean without the highest and the lowest (from three values on): one game played on
    that ran far off, as greedy bots' games may, does not make the figure."""
    kept = sorted(diffs)[1:-1] if len(diffs) >= 3 else list(diffs)
    return sum(kept) / len(kept)


def plan_cards_spent(state: GameState, action: Action) -> int:
    """For a claim off the plan of the player to move (one that completes no ticket): how many
    more cards the plan lacks after it; 0 for any other move, and once the end is near and the
    plan out of time (``hinting.weigh``: claiming what scores is right then)."""
    if not isinstance(action, ClaimRoute) or state.pending is not None:
        return 0
    route = state.board.route(action.route)
    found = needs_of(state)
    if route in found.routes or completes(state, route):
        return 0
    weighed = weigh(state)
    if weighed is not None and weighed.claim:
        return 0
    hand = cards(state)
    paid = list(hand)
    paid[LOCO] -= action.locomotives
    paid[CARD_INDEX[action.color]] -= route.length - action.locomotives
    return max(0, missing(tuple(paid), found.routes) - missing(hand, found.routes))


def ask(state: GameState, action: Action) -> str | None:
    """The coach's question before ``action``, when it cannot be taken back and is likely to
    cost: new tickets with another player down to ``ASK_TRAINS`` trains (None: no question)."""
    if not isinstance(action, DrawTickets) or state.pending is not None:
        return None
    clock = clock_of(state)
    if not clock.last_round and not any(t <= ASK_TRAINS for _name, t in clock.others):
        return None
    name, trains = clock.others[0]
    return ngettext("Drawing tickets with {trains} left for {name}: sure? About {n} turn may be "
                    "left to complete them, and a ticket kept and missed costs its points.",
                    "Drawing tickets with {trains} left for {name}: sure? About {n} turns may "
                    "be left to complete them, and a ticket kept and missed costs its points.",
                    clock.turns).format(trains=_trains(trains), name=name, n=clock.turns)


def _trains(n: int) -> str:
    """'1 train', '5 trains' ('5 wagons')."""
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def _points(n: int) -> str:
    """'1 point', '12 points'."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _verdict_sentence(state: GameState, action: Action, better: Action, cost: float,
                      worse: int, samples: int, spent: int) -> str:
    played = describe_action(state, action)
    instead = describe_action(state, better)
    why = move_reasons(state, better)
    why = why[1:2] if isinstance(better, DeclineTunnel) else why[:1]
    if isinstance(action, DrawTickets):
        loss = -round(expected_draw_gain(state))
        trains = _trains(state.player.trains)
        clock = clock_of(state)
        others = and_list([f"{name} {t}" for name, t in clock.others])  # 'Bob 25'
        why = [ngettext("with {trains} left (and {others}), new tickets cost you about {n} point "
                        "on average (one must be kept)", "with {trains} left (and {others}), "
                        "new tickets cost you about {n} points on average (one must be kept)",
                        loss).format(trains=trains, others=others, n=loss) if loss > 0 else
               _("with {trains} left (and {others}), new tickets are unlikely to pay").format(
                   trains=trains, others=others)]
    if spent:
        route = state.board.route(action.route) if isinstance(action, ClaimRoute) else None
        locos = ""
        if isinstance(action, ClaimRoute) and action.locomotives:  # one card is no group:
            locos = (_(", a locomotive") if spent == 1 else  # not "1 locomotive among them"
                     ngettext(", {n} locomotive among them", ", {n} locomotives among them",
                              action.locomotives).format(n=action.locomotives))
        text = ngettext("{route} is off your plan and spends {n} card your plan still "
                        "needs{locos}: better to {instead}", "{route} is off your plan and "
                        "spends {n} cards your plan still needs{locos}: better to {instead}",
                        spent).format(route=route_label(route) if route else "", n=spent,
                                      locos=locos, instead=instead)
        if round(cost) > 0:
            text = _("{said} (in {worse} of {samples} games played on from here the claim ended "
                     "worse, by about {points} on average)").format(
                said=text, worse=worse, samples=samples, points=_points(round(cost)))
        return f"{text}."
    text = _("Better to {instead} than to {played}, which cost you about {points} here (worse "
             "in {worse} of {samples} games played on from here)").format(
        instead=instead, played=played, points=_points(round(cost)), worse=worse,
        samples=samples)
    return _("{said}; {reason}.").format(said=text, reason=why[0]) if why else f"{text}."


# --------------------------------------------------------------------------- the review

REVIEW_MOVES = 3  #: the costliest moves the review names
GAMBLE_SAMPLES = 16  #: games played on that give a kept ticket's chance when it was kept


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
        return ngettext("{ticket}, kept on turn {turn} with {n} train left, was completed in "
                        "{completed} of {samples} games played on from there: a bad gamble that "
                        "cost you {points}.", "{ticket}, kept on turn {turn} with {n} trains "
                        "left, was completed in {completed} of {samples} games played on from "
                        "there: a bad gamble that cost you {points}.", self.trains).format(
            ticket=ticket_words(self.ticket), turn=self.turn + 1, n=self.trains,
            completed=self.completed, samples=self.samples,
            points=_points(self.ticket.points))


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
            n = len(self.costly)
            out.append(ngettext("Your {n} costliest move:", "Your {n} costliest moves:",
                                n).format(n=n) if n > 1 else _("Your costliest move:"))
            out += [_("Turn {turn}: {verdict}").format(turn=turn + 1, verdict=verdict.sentence)
                    for turn, verdict in self.costly]
        else:
            out.append(_("The coach found no move of yours that cost clearly more than the "
                         "hint's."))
        out += [gamble.sentence for gamble in self.gambles]
        return tuple(out)


def review(states: Sequence[GameState], actions: Sequence[Action], seat: int, *,
           seed: int = 0) -> Review:
    """The review of a whole game (``states[i + 1]`` follows ``actions[i]``; the last state is
    the end) for the player in ``seat``: every move of theirs after setup judged as the coach
    judges it during play (``judge``, the same verdicts), the ``REVIEW_MOVES`` costliest
    named; each ticket they kept in play and missed, when the hint would have kept other
    tickets and its chance when kept (on ``GAMBLE_SAMPLES`` games played on) was below one
    half; and their final score part by part."""
    costly: list[tuple[int, Verdict]] = []
    gambles: list[Gamble] = []
    final = score(states[-1]).players[seat // 2 if states[-1].teams else seat]
    missed = {t.id for t in final.tickets if not t.completed}
    for state, action in zip(states, actions, strict=False):
        if state.current != seat or state.in_setup or state.is_over:
            continue
        if isinstance(action, KeepTickets) and \
                _hint_action(view(state, seat), seed, True) != action:
            gambles += _gambles(state, action, missed, GAMBLE_SAMPLES, seed)
        verdict = judge(state, action, seed=seed)
        if verdict is not None:
            costly.append((state.turn, verdict))
    costly.sort(key=lambda tv: -tv[1].cost)
    return Review(tuple(costly[:REVIEW_MOVES]), tuple(gambles),
                  _score_sentence(states[-1].board, final))


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
    parts = [ngettext("{points} from {n} route", "{points} from {n} routes",
                      final.routes_claimed).format(points=final.route_points,
                                                   n=final.routes_claimed)]
    if final.tickets_completed:
        made = sum(t.points for t in final.tickets if t.completed)
        parts.append(ngettext("{points} from {n} ticket completed",
                              "{points} from {n} tickets completed",
                              final.tickets_completed).format(points=made,
                                                              n=final.tickets_completed))
    missed = [t for t in final.tickets if not t.completed]
    if missed:
        lost = -sum(t.points for t in missed)  # a missed ticket's points are negative
        parts.append(ngettext("−{points} for {n} ticket missed", "−{points} for {n} tickets missed",
                              len(missed)).format(points=lost, n=len(missed)))
    if final.station_points:
        unbuilt = final.station_points // max(board.rules.unused_station_points, 1)
        parts.append(ngettext("{points} for {n} station left unbuilt",
                              "{points} for {n} stations left unbuilt", unbuilt).format(
            points=final.station_points, n=unbuilt))
    if final.longest_bonus:
        parts.append(_("{points} for the {bonus}").format(points=final.longest_bonus,
                                                          bonus=bonus_name(board.rules)))
    if final.depot_bonus:
        parts.append(_("{points} for the most Depots left").format(points=final.depot_bonus))
    total = _points(final.total).replace("-", "−")  # a typeset minus, as in "−12"
    return _("Your {total}: {parts}.").format(total=total, parts=and_list(parts))
