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

from ttr_widgets.bots.hinting import OffPlan, clock_of, needs_of, off_plan, reasons_joined, serves
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
from ttr_widgets.rules.i18n import _, ngettext, npgettext
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
from ttr_widgets.rules.words import and_list, colour_of, is_you, route_label

__all__ = ["and_list", "explain", "move_reasons", "odds_words", "percent", "short_words",
           "ticket_words"]


def explain(state: GameState, action: Action, more: Sequence[str] = ()) -> str:
    """``'<the move>: <reason>; <reason>'`` for ``action`` by the player to move (``more``:
    reasons to add last)."""
    reasons = [*move_reasons(state, action), *more]
    what = describe_action(state, action)
    return _("{move}: {reasons}").format(move=what, reasons=reasons_joined(reasons)) \
        if reasons else what


def percent(chance: Fraction) -> str:
    """'37%' (whole percent; '<1%' and '>99%' rather than a misleading 0% or 100%)."""
    if 0 < chance < Fraction(1, 100):
        return _("<1%")
    if Fraction(99, 100) < chance < 1:
        return _(">99%")
    return _("{n}%").format(n=round(float(chance) * 100))


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
        done = [] if needs_of(state).tickets else [_("every ticket you hold is complete")]
        worth = round(gain)
        return [*done, ngettext("three new tickets are worth about {n} point to you on "
                                "average, kept or not", "three new tickets are worth about {n} "
                                "points to you on average, kept or not", worth).format(n=worth)]
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
    second = (_("the second card then goes to the team holder") if action.to == "hand" else
              _("the second card then goes to the hand"))
    if pending.card != LOCO and short[pending.card] > 0:
        n = short[pending.card]
        return [ngettext("your plan still lacks {n} {colour} card",
                         "your plan still lacks {n} {colour} cards", n).format(
            n=n, colour=colour_of(name, n)), second]
    if pending.card == LOCO:
        return [_("a locomotive stands in for any colour your plan lacks"), second]
    return [_("your plan needs no more {colour} cards: in the team holder your teammate can use "
              "it too").format(colour=colour_of(name, 2)), second]


def _share_reasons(state: GameState, action: ShareTickets) -> list[str]:
    """Team play: why these tickets go into the team's ticket holder."""
    mate = state.players[state.current ^ 1]
    if state.pending is not None:  # one of the tickets just kept
        return [_("your teammate sees a shared ticket and can build toward it; the others stay "
                  "secret")]
    return [ngettext("your own {trains} cannot finish it with your other tickets",
                     "your own {trains} cannot finish them with your other tickets",
                     len(action.tickets)).format(trains=_trains(state.player.trains)),
            _("{name} has {trains} and sees it in the holder").format(
                name=mate.name, trains=_trains(mate.trains))]


def _trains(n: int) -> str:
    """'1 train', '6 trains' ('6 wagons')."""
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def _points(n: int) -> str:
    """'1 point', '4 points'."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _surcharge_reasons(state: GameState, action: PayTunnel | DeclineTunnel) -> list[str]:
    pending = state.pending
    if not isinstance(pending, TunnelPayment):
        return []
    asked = ngettext("the turned-up cards ask for {n} more card",
                     "the turned-up cards ask for {n} more cards", pending.extra).format(
        n=pending.extra)
    route = state.board.route(pending.route)
    points = _points(state.board.route_points(route))
    if isinstance(action, DeclineTunnel):
        payments = [a for a in legal_actions(state) if isinstance(a, PayTunnel)]
        if not payments:
            return [_("{asked} and your hand cannot pay them").format(asked=asked)]
        pay = min(payments, key=lambda a: a.locomotives)
        short = surcharge_shortfall(state, pending, pay)
        return [asked, ngettext("paying would take {n} card your plan still needs, for a route "
                                "off your plan that scores {points}", "paying would take {n} "
                                "cards your plan still needs, for a route off your plan that "
                                "scores {points}", short).format(n=short, points=points)]
    done = completes(state, route)
    if done:
        return [asked, _("the route completes {tickets}").format(
            tickets=and_list([ticket_words(t) for t in done]))]
    return [asked, _("the route scores {points}").format(points=points)]


# --------------------------------------------------------------------------- claims


def ticket_words(ticket: Ticket) -> str:
    """'Denver–El Paso (4 points)' ('Denver–El Paso (4 points)' in French too)."""
    return _("{cities} ({points})").format(cities=ticket.cities_label,
                                           points=_points(ticket.points))


def short_words(short: Sequence[tuple[str, int]]) -> str:
    """The cards a plan lacks: '2 red and 1 yellow' ('2 cartes rouges et 1 carte jaune')."""
    return and_list([npgettext("cards lacking", "{n} {colour}", "{n} {colour}", n).format(
        n=n, colour=colour_of(c, n)) for c, n in short])


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
        out.append(_("it completes {tickets}: points won instead of lost at the end").format(
            tickets=and_list([ticket_words(t) for t in completed])))
    served = [t for t in serves(state, route, needs_of(state)) if t not in completed]
    if served:
        out.append(_("it serves {tickets}").format(
            tickets=and_list([ticket_words(t) for t in served])))
    plan = _train_plan(state)
    if plan is not None and route.id in plan.to_claim:
        if plan.trains is not None and plan.trains > route.length:
            left = plan.trains - route.length
            out.append(ngettext("with it your tickets need {n} more train (you will have "
                                "{have})", "with it your tickets need {n} more trains (you "
                                "will have {have})", left).format(
                n=left, have=player.trains - route.length))
        out.extend(_bottleneck(state, route, plan))
    aside = None if completed or served else off_plan(state, action)
    lost = [] if aside is None else [t for t in aside.after.lost if t not in aside.before.lost]
    if aside is not None and aside.tickets and not lost:
        out.append(_another_way(aside))
    elif not completed and not served:
        points = board.route_points(route)
        out.append(ngettext("it scores {n} point", "it scores {n} points", points).format(
            n=points))
        if lost:
            out.append(ngettext("after it {tickets} could no longer be completed",
                                "after it {tickets} could no longer be completed",
                                len(lost)).format(
                tickets=and_list([ticket_words(t) for t in lost])))
        elif aside is not None and aside.after.turns > aside.before.turns:
            out.append(_spends_the_plans_cards(aside))
    out.extend(_tunnel_reasons(state, action, route))
    out.extend(_rivals(state, route))
    return out


def _another_way(aside: OffPlan) -> str:
    """'it opens another way for Seattle–New York (22 points): after it your plan needs about
    2 turns, not 4' (the turns only when fewer)."""
    tickets = and_list([ticket_words(t) for t in aside.tickets])
    if aside.after.turns >= aside.before.turns:
        return _("it opens another way for {tickets}").format(tickets=tickets)
    return _("it opens another way for {tickets}: {then}").format(tickets=tickets,
                                                                  then=_turns_after(aside))


def _spends_the_plans_cards(aside: OffPlan) -> str:
    """'it spends cards your plan needs: after it your plan needs about 2 turns, not 1'."""
    return _("it spends cards your plan needs: {then}").format(then=_turns_after(aside))


def _turns_after(aside: OffPlan) -> str:
    """'after it your plan needs about 2 turns, not 4'."""
    return ngettext("after it your plan needs about {n} turn, not {before}",
                    "after it your plan needs about {n} turns, not {before}",
                    aside.after.turns).format(n=aside.after.turns, before=aside.before.turns)


def _bottleneck(state: GameState, route: Route, plan: TrainPlan) -> list[str]:
    try:
        found = bottlenecks_for(state, state.current, base=plan)
    except PlanError:
        return []
    for neck in found:
        if neck.route != route.id:
            continue
        if neck.extra is None:
            return [_("if another player took it first, a ticket of yours could no longer be "
                      "completed")]
        if neck.extra > 0:
            return [ngettext("if another player took it first, your tickets would need {n} "
                             "more train", "if another player took it first, your tickets "
                             "would need {n} more trains", neck.extra).format(n=neck.extra)]
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
    parts = [(ngettext("{n} more locomotive card {chance}", "{n} more locomotive cards {chance}",
                       k) if odds.all_locomotive else
              ngettext("{n} more {colour} or locomotive card {chance}",
                       "{n} more {colour} or locomotive cards {chance}", k)).format(
        n=k, colour=colour_of(odds.counted, k), chance=percent(p))
             for k, p in enumerate(odds.distribution) if k > 0 and p > 0]
    text = ngettext("as a tunnel it turns up {n} card: it costs more with chance {chance}",
                    "as a tunnel it turns up {n} cards: it costs more with chance {chance}",
                    odds.revealed).format(n=odds.revealed,
                                          chance=percent(1 - odds.distribution[0]))
    if parts:
        text = _("{said} ({chances})").format(said=text, chances=", ".join(parts))
    pays = (_("your cards and the team holder can pay whatever is turned up with chance "
              "{chance}") if state.teams else
            _("your hand can pay whatever is turned up with chance {chance}"))
    return [text, pays.format(chance=percent(odds.can_pay))]


def _rivals(state: GameState, route: Route) -> list[str]:
    """Which of the route's ends another player's routes already reach (they may want it), of
    the players who still have a turn: in the last round only those to move after this turn."""
    board = state.board
    out = []
    for other, person in enumerate(state.players):
        if other == state.current or (state.teams and other // 2 == state.team) \
                or not state.moves_again(other):
            continue
        reached = {c for r, owner in zip(board.routes, state.owners, strict=True)
                   if owner == other for c in (r.a, r.b)}
        ends = [board.city_label(c) for c in (route.a, route.b) if c in reached]
        if ends:
            out.append(_("{name}'s routes already reach {cities}: they may want it too").format(
                name=person.name, cities=and_list(ends)) if not is_you(person.name) else
                _("your routes already reach {cities}: they may want it too").format(
                    cities=and_list(ends)))
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
        return [_("your tickets need no more cards: it draws toward the longest route you can "
                  "still fill")]
    if isinstance(action, DrawFaceUp):
        if action.card == LOCOMOTIVE:
            return [_("a locomotive stands in for any colour your plan lacks")]
        need = short.get(action.card, 0)
        if need == 1:
            return [_("the face-up {colour} is the one {colour} card your plan lacks").format(
                colour=colour_of(action.card))]
        return [npgettext("cards lacking", "the face-up {colour} is one of the {n} {colours} "
                          "your plan lacks", "the face-up {colour} is one of the {n} {colours} "
                          "your plan lacks", need).format(
            n=need, colour=colour_of(action.card), colours=colour_of(action.card, need))
                ] if need else []
    lacking = short_words(list(short.items()))
    shown = {CARD_NAMES[c] for c in state.face_up if c != NO_CARD}
    out = [_("no face-up card is one your plan lacks ({cards})").format(cards=lacking)
           if not shown & set(short) else _("your plan lacks {cards}").format(cards=lacking)]
    pool = _unseen(state)
    useful = sum(pool[CARD_INDEX[c]] for c in short if c != LOCOMOTIVE) + pool[LOCO]
    size = sum(pool)
    if size:
        odds, counted = _odds(Fraction(useful, size))
        out.append(ngettext("{odds} from the pile is one of those or a locomotive",
                            "{odds} from the pile are one of those or a locomotive",
                            counted).format(odds=odds))
    return out


def odds_words(chance: Fraction) -> str:
    """A chance as a learner counts it: 'about 1 card in 3', 'about 7 cards in 10', 'almost
    every card', 'hardly any card'."""
    return _odds(chance)[0]


def _odds(chance: Fraction) -> tuple[str, int]:
    """``odds_words`` and the cards its words count (7 in 'about 7 cards in 10', else 1): the
    verb after them agrees with that count."""
    if chance >= Fraction(19, 20):
        return _("almost every card"), 1
    if chance < Fraction(1, 20):
        return _("hardly any card"), 1
    if chance < Fraction(1, 2):
        return _("about 1 card in {n}").format(n=round(1 / chance)), 1
    tenths = round(chance * 10)
    return ((_("about 1 card in {n}").format(n=2), 1) if tenths == 5 else
            (_("about {tenths} cards in 10").format(tenths=tenths), tenths))


# --------------------------------------------------------------------------- tickets, stations


def _keep_reasons(state: GameState, action: KeepTickets) -> list[str]:
    board, player = state.board, state.player
    held = list(playing_for(state))
    kept = list(action.tickets)
    plan = _train_plan(state, held + kept)
    if plan is None:
        return []
    out = []
    if plan.trains == 0:
        out.append(ngettext("it is complete already: your routes join its cities",
                            "they are complete already: your routes join their cities",
                            len(kept)))
    elif plan.trains is not None:
        out.append(ngettext("with it, all your tickets need {trains} of your {have}",
                            "with them, all your tickets need {trains} of your {have}",
                            len(kept)).format(trains=_trains(plan.trains), have=player.trains))
    pending = state.pending
    offered = getattr(pending, "tickets", ())
    for tid in offered:
        if tid in kept:
            continue
        more = _train_plan(state, held + kept + [tid])
        ticket = board.ticket(tid)
        if more is None or more.trains is None or plan.trains is None:
            out.append(_("{ticket} could not be completed as well").format(
                ticket=ticket_words(ticket)))
        elif more.trains > player.trains:
            extra = more.trains - plan.trains
            out.append(ngettext("{ticket} would need {n} more train: {total} in all, more than "
                                "the {have} you have left", "{ticket} would need {n} more "
                                "trains: {total} in all, more than the {have} you have left",
                                extra).format(ticket=ticket_words(ticket), n=extra,
                                              total=more.trains, have=player.trains))
        else:
            extra = more.trains - plan.trains
            beyond = _turns_beyond(state, [*held, *kept, tid])
            if not beyond and more.trains == plan.trains:
                beyond = _(", but it is risky for the turns left")
            elif not beyond:
                beyond = _(", and adds too little to be worth the risk: a ticket not completed "
                           "counts its points against you")
            said = (_("{ticket} would need no more trains{beyond}") if not extra else
                    ngettext("{ticket} would need {n} more train{beyond}",
                             "{ticket} would need {n} more trains{beyond}", extra))
            out.append(said.format(ticket=ticket_words(ticket), n=extra, beyond=beyond))
    return out


def _turns_beyond(state: GameState, tickets: Sequence[str]) -> str:
    """', but with it your tickets would take about 14 turns, and about 9 are likely left' when
    ``tickets`` take more turns than are likely left (else nothing)."""
    turns, left = needs_of(state, tickets).turns, clock_of(state).turns
    if turns <= left:
        return ""
    return ngettext(", but with it your tickets would take about {turns}, and about {n} is "
                    "likely left", ", but with it your tickets would take about {turns}, and "
                    "about {n} are likely left", left).format(
        turns=ngettext("{n} turn", "{n} turns", turns).format(n=turns), n=left)


def _station_reasons(state: GameState, action: BuildStation) -> list[str]:
    board = state.board
    plan = plan_of(state)
    borrowed = [r for r in plan.borrowed if action.city in (r.a, r.b)]
    if not borrowed:
        return []
    route = borrowed[0]
    owner = state.owners[route.index]
    name = state.players[owner].name if owner != OPEN else ""
    if not name:
        lets = _("no open route is left where your plan needs one: the station lets your "
                 "tickets use another player's {route}")
    elif is_you(name):
        lets = _("no open route is left where your plan needs one: the station lets your "
                 "tickets use your {route}")
    else:
        lets = _("no open route is left where your plan needs one: the station lets your "
                 "tickets use {name}'s {route}")
    unused = board.rules.unused_station_points
    return [lets.format(name=name, route=route_label(route)),
            ngettext("a station left unbuilt would score {n} point instead",
                     "a station left unbuilt would score {n} points instead", unused).format(
                n=unused)]
