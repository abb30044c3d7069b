"""The expert bot: the strong bot's move, checked near the end of the game by playouts.

Once the end is near (a player down to ``Search.near`` trains, or the last round) it takes, at
the start of each of its turns, the strong bot's move and the few other moves the strong bot
weighs (``strong.alternatives``: its card draw, its other planned claims, the claim that scores
most, new tickets), and plays each one out to the end of the game, the strong bot then moving
for every seat, on ``Search.playouts`` fresh deals of what the seat cannot see
(``playouts.deal_hidden``: the pile's order, the other hands and tickets, the ticket pile).
Every move is played out on the same deals with the same generators (common random numbers),
so the moves differ by the move, not by the luck of the deal. It keeps the strong bot's move
unless another comes out further ahead of the best other player on those deals, on average, by
more than ``Search.sure`` standard errors of that gain: playouts vary by tens of points, so a
few of them tell only a clearly better move.

Why only near the end: from early positions a playout is long (about 80 ms), its spread large,
and the other players' tickets, dealt again at random, are far from the ones their routes
serve; searched from the first turn on (3 moves, 5 playouts), the expert bot did not beat the
strong bot (benchmarks/results/expert_vs_strong.md). Near the end a playout is short and what
is hidden matters less.

The budget is a number of playouts, never a time: the same position and generator give the
same move on any machine. Elsewhere (before the end is near, setup, a second card, a tunnel,
tickets to keep, Warehouses & Depots) it plays the strong bot's move. ``search`` returns the
moves' averages for the hint (``coach.hint(state, seed, deep=True)``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from statistics import fmean, stdev

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.playouts import deal_hidden, margin, playout
from ttr_widgets.bots.strong import DEFAULT as STRONG
from ttr_widgets.bots.strong import alternatives, strong_bot
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.state import GameState

__all__ = ["DEFAULT", "Search", "Searched", "ahead_words", "expert_bot", "search"]


@dataclass(frozen=True, slots=True)
class Search:
    """How hard the expert bot looks."""

    moves: int = 4  #: the strong bot's move and up to this many less one others
    playouts: int = 12  #: deals each move is played out on (the same deals for every move)
    sure: float = 2.0  #: standard errors another move must gain to replace the strong one
    near: int = 20  #: search once a player is down to this many trains (or in the last round)


DEFAULT = Search()


@dataclass(frozen=True, slots=True)
class Searched:
    """The moves tried and the average final margin (own total less the best other total)
    each came to over ``playouts`` playouts; ``best`` indexes the move chosen (0: the strong
    bot's own, or the ``lead`` it was given)."""

    moves: tuple[Choice, ...]
    means: tuple[float, ...]
    playouts: int
    best: int

    @property
    def choice(self) -> Choice:
        return self.moves[self.best]


def expert_bot(state: GameState, rng: random.Random) -> Choice:
    """The expert bot's move (see the module's docstring)."""
    found = search(state, rng)
    choice = found.choice
    if found.playouts == 0:
        return choice
    tried = len(found.moves)
    return Choice(choice.action, ngettext(
        "{reason}; {figure}, the best of {n} move tried",
        "{reason}; {figure}, the best of {n} moves tried", tried).format(
        reason=choice.reason, figure=ahead_words(found.means[found.best], found.playouts),
        n=tried))


def search(state: GameState, rng: random.Random, settings: Search = DEFAULT,
           lead: Choice | None = None) -> Searched:
    """The moves weighed in ``state`` and how each played out (see the module's docstring);
    no playouts (``playouts == 0``) when there is only the strong bot's move to play. ``lead``
    (the hint's claim now, ``hinting.hint_search``) takes the strong bot's place as the move
    the others must beat, the strong bot's move then being one of them."""
    seed = rng.getrandbits(64)
    moves = alternatives(state, rng, STRONG, settings.moves)
    if lead is not None:
        moves = (lead, *(m for m in moves if m.action != lead.action))[:settings.moves]
    if len(moves) == 1 or state.options.warehouses or settings.playouts < 1 or \
            not _near_the_end(state, settings.near):
        return Searched(moves[:1], (), 0, 0)
    me = state.current
    margins: list[list[int]] = [[] for _ in moves]
    for k in range(settings.playouts):
        dealt = deal_hidden(state, random.Random(f"expert:{seed}:{k}"))
        for i, move in enumerate(moves):
            end = playout(apply(dealt, move.action), random.Random(f"expert:{seed}:{k}:play"),
                          strong_bot)
            margins[i].append(margin(end, me))
    means = tuple(fmean(m) for m in margins)
    sure = [_sure_gain(m, margins[0], settings.sure) for m in margins]
    best = max(range(len(moves)), key=lambda i: (sure[i], -i)) if max(sure) > 0 else 0
    return Searched(moves, means, settings.playouts, best)


def _near_the_end(state: GameState, near: int) -> bool:
    """Whether some player is down to ``near`` trains (in a team game: a team down to as large
    a share of its trains before the end)."""
    if state.last_round:
        return True
    rules = state.board.rules
    if state.teams:
        left = min(state.team_trains(t) for t in range(state.num_teams)) - rules.team.end_trains
        return left <= (near - rules.end_trains) * 2 * rules.team.trains / rules.trains
    return min(p.trains for p in state.players) <= near


def _sure_gain(margins: Sequence[int], strong: Sequence[int], sure: float) -> float:
    """What a move gains over the strong bot's move on the same deals, less ``sure`` standard
    errors of that gain (0 for the strong bot's move itself, and with a single deal)."""
    gains = [a - b for a, b in zip(margins, strong, strict=True)]
    if len(gains) < 2 or not any(gains):
        return 0.0
    return fmean(gains) - sure * stdev(gains) / sqrt(len(gains))


def ahead_words(mean: float, playouts: int) -> str:
    """'ahead by 6 points on average over 12 playouts' (or behind, or level), in the reader's
    language ('6 points devant en moyenne sur 12 parties jouées jusqu'au bout')."""
    points = round(abs(mean))
    over = ngettext("{n} playout", "{n} playouts", playouts).format(n=playouts)
    if points == 0:
        return _("level with the best other player on average over {playouts}").format(
            playouts=over)
    where = (ngettext("ahead by {n} point on average over {playouts}",
                      "ahead by {n} points on average over {playouts}", points) if mean > 0 else
             ngettext("behind by {n} point on average over {playouts}",
                      "behind by {n} points on average over {playouts}", points))
    return where.format(n=points, playouts=over)
