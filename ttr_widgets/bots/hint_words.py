"""The hint's words (``hint_text``): the move and why (``reasons.move_reasons``), then the plan it
serves, the clock and, near the end, a claim now weighed against waiting, with what the games
played on found (``bots.hinting``: ``Needs``, ``Clock``, ``Weighing``; the search's averages)."""

from __future__ import annotations

from ttr_widgets.bots.expert import Searched
from ttr_widgets.bots.hinting import Clock, Hint, Needs, Weighing, clock_of, needs_of, weigh
from ttr_widgets.bots.reasons import and_list, move_reasons, ticket_words
from ttr_widgets.bots.strong import completes
from ttr_widgets.rules.actions import Action, ClaimRoute, DrawBlind, DrawFaceUp
from ttr_widgets.rules.advice import describe_action
from ttr_widgets.rules.state import GameState, TicketChoice
from ttr_widgets.rules.words import count

__all__ = ["PLAN_ROUTES", "clock_sentence", "hint_text", "plan_sentence", "played_on",
           "weighing_sentence"]

PLAN_ROUTES = 3  #: the tickets and routes still to claim a plan names (then "and 2 more routes")


def hint_text(state: GameState, action: Action, searched: Searched | None = None) -> Hint:
    """The hint's words for ``action`` by the player to move: why, the plan it serves, the
    clock and, near the end, a claim now weighed against waiting (``bots.hinting``), with what
    the games played on found (``searched``, the hint's search that chose ``action``)."""
    why = tuple(move_reasons(state, action))
    what = describe_action(state, action)
    if state.in_setup and isinstance(state.pending, TicketChoice):
        return Hint(action, what, why)
    found = needs_of(state)
    clock = clock_of(state)
    weighing = weigh(state) if state.pending is None else None
    return Hint(action, what, why, plan_sentence(found), clock_sentence(state, clock),
                "" if weighing is None else weighing_sentence(state, action, weighing, searched))


def plan_sentence(found: Needs) -> str:
    """'Your plan: Denver–El Paso (4 points) and Duluth–Houston (8 points); still to claim
    Denver–Omaha and Omaha–Kansas City (5 trains); you still lack 2 red and 1 yellow: about
    4 turns.'"""
    lost = ""
    if found.lost:
        lost = (f" {and_list([ticket_words(t) for t in found.lost])} can no longer be "
                "completed.")
    if not found.tickets:
        if found.done:
            return (f"Your plan: every ticket you hold is complete: long routes score most "
                    f"now.{lost}")
        return lost.strip()
    named = [ticket_words(t) for t in found.tickets[:PLAN_ROUTES]]
    if len(found.tickets) > PLAN_ROUTES:
        named.append(count(len(found.tickets) - PLAN_ROUTES, "more ticket"))
    tickets = and_list(named)
    if not found.routes:  # joined, through a station still to build
        return f"Your plan: {tickets}.{lost}"
    names = [str(r) for r in found.routes[:PLAN_ROUTES]]
    if len(found.routes) > PLAN_ROUTES:
        names.append(count(len(found.routes) - PLAN_ROUTES, "more route"))
    cards_words = (f"you still lack {and_list([f'{n} {c}' for c, n in found.short])}"
                   if found.short else "you have the cards for them")
    return (f"Your plan: {tickets}; still to claim {count(len(found.routes), 'route')} "
            f"({count(found.trains, 'train')}): {and_list(names)}; {cards_words}: about "
            f"{count(found.turns, 'turn')}.{lost}")


def clock_sentence(state: GameState, clock: Clock) -> str:
    """'Clock: Bob has 28 trains and you 30: about 17 turns are likely left.'"""
    if clock.last_round:
        return "Clock: this is the last round: your last turn."
    others = and_list([f"{name} has {count(trains, 'train')}" for name, trains in
                       clock.others])
    mine = state.player.trains
    fewest = min((t for _, t in clock.others), default=mine)
    yours = f" and you {mine}" if mine < fewest else ""
    likely = ("about 1 turn is likely left" if clock.turns == 1 else
              f"about {clock.turns} turns are likely left")
    return f"Clock: {others}{yours}: {likely} for you."


def weighing_sentence(state: GameState, action: Action, weighed: Weighing,
                      searched: Searched | None = None) -> str:
    """Near the end: the claim now against waiting, which the move does and why, and what the
    games played on found between the two (``played_on``)."""
    found, clock = weighed.needs, weighed.clock
    board = state.board
    time = (f"your plan needs about {count(found.turns, 'turn')} and about "
            f"{count(clock.turns, 'turn')} {'is' if clock.turns == 1 else 'are'} likely left")
    if not found.routes:
        time = "your plan has no route left to wait for"
    figure = played_on(state, action, weighed, searched)
    if isinstance(action, ClaimRoute):
        route = board.route(action.route)
        done = completes(state, route)
        points = board.route_points(route) + sum(t.points for t in done)
        gain = count(points, "point")
        also = f", completing {and_list([ticket_words(t) for t in done])}" if done else ""
        if not weighed.claim and route in found.routes:
            return (f"Claim now rather than wait: {time}, and {route} is on your plan: it "
                    f"brings {gain} now{also}, before another player takes it.{figure}")
        return (f"Claim now rather than wait: {time}; {route} brings {gain} now{also}, while "
                f"cards left in hand score nothing.{figure}")
    if weighed.now is None:
        return f"Nothing can be claimed now: {time}, so draw toward your plan."
    if isinstance(action, DrawBlind | DrawFaceUp):
        other = board.route(weighed.now.route)
        if weighed.claim:  # out of time by the clock, yet the games played on chose to wait
            return (f"Wait rather than claim {other} now ({count(weighed.gain, 'point')}), "
                    f"though {time}.{figure}")
        return (f"Wait rather than claim {other} now ({count(weighed.gain, 'point')}): {time}, "
                f"and the cards you draw now finish your plan's routes, worth more.{figure}")
    return ""


def played_on(state: GameState, action: Action, weighed: Weighing,
              searched: Searched | None) -> str:
    """' In 16 games played on from here, drawing ended about 6 points better on average than
    claiming Denver–Omaha now.': the hint's move against the other side of the weighing (a
    claim: the card draw it weighed; a draw: the claim that scores most now), from the moves'
    average final margins on the same deals; empty when the search did not play both."""
    if searched is None or not searched.playouts:
        return ""
    actions = [m.action for m in searched.moves]
    if action not in actions:
        return ""
    other: Action | None
    if isinstance(action, ClaimRoute):
        other = next((a for a in actions if isinstance(a, DrawBlind | DrawFaceUp)), None)
        this, that = "claiming it now", "drawing cards"
    else:
        other = weighed.now if weighed.now in actions else None
        this = "drawing"
        that = (f"claiming {state.board.route(weighed.now.route)} now"
                if weighed.now is not None else "")
    if other is None:
        return ""
    means = searched.means
    points = round(means[actions.index(action)] - means[actions.index(other)])
    games = f" In {count(searched.playouts, 'game')} played on from here, "
    if points > 0:
        return f"{games}{this} ended about {count(points, 'point')} better on average than {that}."
    if points == 0:
        return f"{games}{this} and {that} ended about level on average."
    return (f"{games}{that} ended about {count(-points, 'point')} better on average: too "
            "little to be sure of over so few games.")
