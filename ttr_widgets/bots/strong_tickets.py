"""The strong bot's tickets: what the player to move plays for and pays with, the clock (the
turns the game likely has left), what holding a set of tickets is worth, which of the tickets
offered to keep, and what drawing new tickets is worth on average.

A set of tickets is worth the points of those its plan completes or can still complete, each
counted by the chance of finishing it in the turns left (from the turns its plan needs against
the clock, judged from the trains the others have left), less those it cannot, plus the points
of the plan's routes, less the trains they take. It reads only what its seat may see: its own
tickets and cards (in a team game the team's shared tickets and holder too), and of the pile of
tickets what it holds, never its order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb

from ttr_widgets.bots import team_play
from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.strong_plan import INF, Plan, missing, plan_for
from ttr_widgets.rules.actions import KeepTickets
from ttr_widgets.rules.cards import add_hands
from ttr_widgets.rules.i18n import ngettext
from ttr_widgets.rules.model import Hand
from ttr_widgets.rules.state import GameState, TicketChoice
from ttr_widgets.rules.variants import ticket_rules

__all__ = ["cards", "expected_draw_gain", "keep", "playing_for", "ticket_value",
           "trains_to_end", "turns_left"]

CHANCE_BASE = 0.55
CHANCE_SCALE = 10.0
ROUTE_W = 0.6
TRAIN_W = 0.5
TURNS_PER_TRAIN = 0.65


# --------------------------------------------------------------------------- the seat


def playing_for(state: GameState) -> tuple[str, ...]:
    """The tickets the player to move plays for: their own, and in a team game the team's
    shared ones too."""
    if not state.teams:
        return state.player.tickets
    return tuple(team_play.visible_tickets(state))


def cards(state: GameState) -> Hand:
    """The cards the player to move can pay with: their hand, and in a team game the team
    holder too."""
    hand = state.player.hand
    return add_hands(hand, state.holders[state.team]) if state.teams else hand


# --------------------------------------------------------------------------- the clock


def turns_left(state: GameState, me: int) -> float:
    """A guess at the turns ``me`` still has: the game ends when someone is down to a couple
    of trains (in a team game a team, with two players laying trains), and players lay about
    one train per turn."""
    if state.last_round:
        return float(state.final_turns > 0)
    if state.teams:
        end = state.board.rules.team.end_trains
        soonest = min(state.team_trains(t) for t in range(state.num_teams))
        return max(1.0, (soonest - end) * TURNS_PER_TRAIN / 2 + 1)
    end = state.board.rules.end_trains
    others = [p.trains for i, p in enumerate(state.players) if i != me]
    soonest = min([*others, state.players[me].trains])
    return max(1.0, (soonest - end) * TURNS_PER_TRAIN + 1)


def trains_to_end(state: GameState) -> int:
    """How few trains the other players (in a team game the other teams, per player) are from
    starting the last round."""
    me = state.current
    if state.teams:
        end = state.board.rules.team.end_trains
        left = min(state.team_trains(t) for t in range(state.num_teams) if t != state.team)
        return (left - end) // 2
    end = state.board.rules.end_trains
    return min(p.trains for i, p in enumerate(state.players) if i != me) - end


def _turns_needed(hand: Hand, plan: Plan) -> float:
    return missing(hand, plan.routes) / 1.8 + len(plan.routes)


def ticket_value(state: GameState, me: int, tickets: Sequence[str]) -> float:
    """What holding ``tickets`` is worth to ``me``, points expected from them and their routes
    (see the module docstring)."""
    board = state.board
    plan = plan_for(state, me, tickets)
    hand = cards(state) if me == state.current else state.players[me].hand
    slack = turns_left(state, me) - _turns_needed(hand, plan)
    chance = min(0.97, max(0.03, CHANCE_BASE + slack / CHANCE_SCALE))
    value = 0.0
    for t in plan.reachable:
        value += board.ticket_by_id[t].points * (2 * chance - 1)
    for t in plan.done:
        value += board.ticket_by_id[t].points
    for t in plan.lost:
        value -= board.ticket_by_id[t].points
    route_points = sum(board.route_points(r) for r in plan.routes)
    return value + ROUTE_W * route_points - TRAIN_W * plan.trains


# --------------------------------------------------------------------------- tickets


def keep(state: GameState, pending: TicketChoice, margin: float = 0.0) -> Choice:
    """The offered tickets to keep: of every choice the rules allow (at least one, at most the
    long tickets allowed), the one that leaves the tickets held worth most (``ticket_value``),
    each ticket beyond the fewest allowed having to add more than ``margin`` points (the
    hint's caution, ``hinting.HINT_KEEP_MARGIN``; the strong bot asks for none)."""
    board = state.board
    me = state.current
    held = list(playing_for(state))
    offered = pending.tickets
    fewest = max(pending.keep, 1)
    best: tuple[float, tuple[str, ...]] | None = None
    for n in range(fewest, len(offered) + 1):
        for subset in combinations(offered, n):
            longs = sum("long" in board.ticket_by_id[t].kind for t in subset)
            if pending.max_long is not None and longs > pending.max_long:
                continue
            value = ticket_value(state, me, held + list(subset)) - margin * (n - fewest)
            if best is None or value > best[0]:
                best = (value, subset)
    kept = best[1] if best is not None else offered[:pending.keep]
    count = len(kept)
    return Choice(KeepTickets(tuple(kept)), ngettext(
        "keeps the {n} ticket worth most for the trains and turns left",
        "keeps the {n} tickets worth most for the trains and turns left", count).format(n=count))


def expected_draw_gain(state: GameState) -> float:
    """What drawing tickets now is worth to the player to move, on average: the best gain of
    the tickets drawn, over every draw from the tickets they cannot see."""
    me = state.current
    held = list(playing_for(state))
    rules = ticket_rules(state.board, state.options)
    unseen = [t for t in rules.regular_tickets if t not in held]
    draw = min(rules.draw, len(state.tickets), len(unseen))
    if draw == 0:
        return -INF
    base = ticket_value(state, me, held)
    gains = sorted((ticket_value(state, me, [*held, t]) - base for t in unseen), reverse=True)
    n = len(gains)
    total = comb(n, draw)
    return sum(g * comb(n - i - 1, draw - 1) for i, g in enumerate(gains)) / total
