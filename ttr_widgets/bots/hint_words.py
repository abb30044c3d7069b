"""The hint's words (``hint_text``): the move and why (``reasons.move_reasons``), then the plan it
serves, the clock and, near the end, a claim now weighed against waiting, with what the games
played on found (``bots.hinting``: ``Needs``, ``Clock``, ``Weighing``; the search's averages)."""

from __future__ import annotations

from ttr_widgets.bots.expert import Searched
from ttr_widgets.bots.hinting import Clock, Hint, Needs, Weighing, clock_of, needs_of, weigh
from ttr_widgets.bots.reasons import move_reasons, short_words, ticket_words
from ttr_widgets.bots.strong import completes
from ttr_widgets.rules.actions import Action, ClaimRoute, DrawBlind, DrawFaceUp
from ttr_widgets.rules.advice import describe_action
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.state import GameState, TicketChoice
from ttr_widgets.rules.words import and_list, route_label

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
        lost = " " + ngettext("{tickets} can no longer be completed.",
                              "{tickets} can no longer be completed.", len(found.lost)).format(
            tickets=and_list([ticket_words(t) for t in found.lost]))
    if not found.tickets:
        if found.done:
            return _("Your plan: every ticket you hold is complete: long routes score most "
                     "now.") + lost
        return lost.strip()
    named = [ticket_words(t) for t in found.tickets[:PLAN_ROUTES]]
    if len(found.tickets) > PLAN_ROUTES:
        more = len(found.tickets) - PLAN_ROUTES
        named.append(ngettext("{n} more ticket", "{n} more tickets", more).format(n=more))
    tickets = and_list(named)
    if not found.routes:  # joined, through a station still to build
        return _("Your plan: {tickets}.").format(tickets=tickets) + lost
    names = [route_label(r) for r in found.routes[:PLAN_ROUTES]]
    if len(found.routes) > PLAN_ROUTES:
        more = len(found.routes) - PLAN_ROUTES
        names.append(ngettext("{n} more route", "{n} more routes", more).format(n=more))
    cards_words = (_("you still lack {cards}").format(cards=short_words(found.short))
                   if found.short else ngettext("you have the cards for it",
                                                "you have the cards for them",
                                                len(found.routes)))
    return _("Your plan: {tickets}; still to claim {routes} ({trains}): {names}; {cards}: "
             "about {turns}.").format(
        tickets=tickets, routes=_count("route", len(found.routes)),
        trains=_count("train", found.trains), names=and_list(names), cards=cards_words,
        turns=_count("turn", found.turns)) + lost


def _count(noun: str, n: int) -> str:
    """'1 turn', '3 turns', '2 trains', '5 points' in the reader's language ('3 tours', '2
    wagons')."""
    forms = {"turn": ngettext("{n} turn", "{n} turns", n),
             "train": ngettext("{n} train", "{n} trains", n),
             "route": ngettext("{n} route", "{n} routes", n),
             "point": ngettext("{n} point", "{n} points", n),
             "game": ngettext("{n} game", "{n} games", n)}
    return forms[noun].format(n=n)


def clock_sentence(state: GameState, clock: Clock) -> str:
    """'Clock: Bob has 28 trains and you 30: about 17 turns are likely left.'"""
    if clock.last_round:
        return _("Clock: this is the last round: your last turn.")
    others = and_list([_("{name} has {trains}").format(name=name, trains=_count("train", trains))
                       for name, trains in clock.others])
    mine = state.player.trains
    fewest = min((t for _name, t in clock.others), default=mine)
    if mine < fewest:
        others = _("{others} and you {trains}").format(others=others, trains=mine)
    likely = ngettext("about {n} turn is likely left", "about {n} turns are likely left",
                      clock.turns).format(n=clock.turns)
    return _("Clock: {players}: {likely} for you.").format(players=others, likely=likely)


def weighing_sentence(state: GameState, action: Action, weighed: Weighing,
                      searched: Searched | None = None) -> str:
    """Near the end: the claim now against waiting, which the move does and why, and what the
    games played on found between the two (``played_on``)."""
    found, clock = weighed.needs, weighed.clock
    board = state.board
    time = ngettext("your plan needs about {needed} and about {left} is likely left",
                    "your plan needs about {needed} and about {left} are likely left",
                    clock.turns).format(needed=_count("turn", found.turns),
                                        left=_count("turn", clock.turns))
    if not found.routes:
        time = _("your plan has no route left to wait for")
    figure = played_on(state, action, weighed, searched)
    if isinstance(action, ClaimRoute):
        route = board.route(action.route)
        done = completes(state, route)
        gain = _count("point", board.route_points(route) + sum(t.points for t in done))
        also = (_(", completing {tickets}").format(
            tickets=and_list([ticket_words(t) for t in done])) if done else "")
        if not weighed.claim and route in found.routes:
            return _("Claim now rather than wait: {time}, and {route} is on your plan: it "
                     "brings {gain} now{also}, before another player takes it.").format(
                time=time, route=route_label(route), gain=gain, also=also) + figure
        return _("Claim now rather than wait: {time}; {route} brings {gain} now{also}, while "
                 "cards left in hand score nothing.").format(
            time=time, route=route_label(route), gain=gain, also=also) + figure
    if weighed.now is None:
        return _("Nothing can be claimed now: {time}, so draw toward your plan.").format(
            time=time)
    if isinstance(action, DrawBlind | DrawFaceUp):
        other = route_label(board.route(weighed.now.route))
        gain = _count("point", weighed.gain)
        if weighed.claim:  # out of time by the clock, yet the games played on chose to wait
            return _("Wait rather than claim {route} now ({gain}), though {time}.").format(
                route=other, gain=gain, time=time) + figure
        return _("Wait rather than claim {route} now ({gain}): {time}, and the cards you draw "
                 "now finish your plan's routes, worth more.").format(
            route=other, gain=gain, time=time) + figure
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
        this, that = _("claiming it now"), _("drawing cards")
    else:
        other = weighed.now if weighed.now in actions else None
        this = _("drawing")
        that = (_("claiming {route} now").format(
            route=route_label(state.board.route(weighed.now.route)))
            if weighed.now is not None else "")
    if other is None:
        return ""
    means = searched.means
    points = round(means[actions.index(action)] - means[actions.index(other)])
    games = _count("game", searched.playouts)
    if points > 0:
        said = _("In {games} played on from here, {this} ended about {points} better on "
                 "average than {that}.")
    elif points == 0:
        said = _("In {games} played on from here, {this} and {that} ended about level on "
                 "average.")
    else:
        said = _("In {games} played on from here, {that} ended about {points} better on "
                 "average: too little to be sure of over so few games.")
    return " " + said.format(games=games, this=this, that=that,
                             points=_count("point", abs(points)))
