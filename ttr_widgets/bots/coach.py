"""The coach: the hint, the verdict on a move, and the after-game review, each against the
strong bot's move and in plain words (the reasons in numbers are ``bots.reasons``).

``hint(state)`` returns a ``bots.Choice``: the strong bot's move for the player to move, whose
reason reads ``'<the move>: <reason>; <reason>'`` (``reasons.explain``). ``hint(state, seed,
deep=True)`` is the expert bot's move (``strong_search``: the strong bot's few best moves played
out to the end), with one reason more: how far ahead it came out on average over how many
playouts.

The coach (``judge``) compares a move with the strong bot's move in the same position: both
are played out to the end on the same fresh deals of what the player cannot see, and the move
is flagged when it loses ``COACH_THRESHOLD`` points or more on average (and in at least two
thirds of the playouts). The ``review`` of a whole game names a player's costliest moves, the
tickets they kept against the odds and missed, and how their score came.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.expert import ahead_words, search
from ttr_widgets.bots.playouts import deal_hidden, margin, playout
from ttr_widgets.bots.reasons import and_list, explain, move_reasons, percent, ticket_words
from ttr_widgets.bots.strong import choose, expected_draw_gain
from ttr_widgets.rules.actions import Action, DeclineTunnel, DrawTickets, KeepTickets
from ttr_widgets.rules.advice import describe_action
from ttr_widgets.rules.engine import apply, score
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.model import Board, Ticket
from ttr_widgets.rules.scoring import PlayerScore
from ttr_widgets.rules.state import GameState, SecondCard
from ttr_widgets.rules.view import view
from ttr_widgets.rules.words import bonus_name, count

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
    why = move_reasons(state, better)
    why = why[1:2] if isinstance(better, DeclineTunnel) else why[:1]
    if isinstance(action, DrawTickets):
        loss = -round(expected_draw_gain(state))
        trains = count(state.player.trains, "train")
        why = [f"with {trains} left, new tickets cost you about {count(loss, 'point')} on "
               "average (one must be kept)" if loss > 0 else
               f"with {trains} left, new tickets are unlikely to pay"]
    text = (f"Better to {instead} than to {played}, which cost you about "
            f"{count(round(cost), 'point')} here (worse in {worse} of {samples} playouts from "
            "this position)")
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
        return (f"{ticket_words(self.ticket)}, kept on turn {self.turn + 1} with "
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
    return f"Your {total}: {and_list(parts)}."
