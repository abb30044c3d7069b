"""Team play (the Team Asia rules, rule ids ``team.*``) as a seam of the one engine, the way
``depots`` is Warehouses & Depots: a game dealt with ``Options(teams=True)`` is 4 or 6 players in
teams of 2, teammates seated one after the other (seats 0 and 1 the first team, 2 and 3 the
second, 4 and 5 the third). Each player has trains of their own, a secret hand and secret
tickets; each team has a card holder and a ticket holder (``GameState.holders`` and
``shared``) and one score.

Here are the pieces the engine asks for in team games: the payments from hand and holder
together, the share actions, the track rules of team play, their refusals, the changes that put
cards in a hand or a holder, and the team score. The turn's steps that use them are in
``turns`` and ``legal``; the numbers are the rule set's (``RuleSet.team``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ttr_widgets.rules.actions import ClaimRoute, PayTunnel, PlaceCard, ShareTickets
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.graph import connected, longest_trail
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import CARD_INDEX, COLORS, EMPTY_HAND, GRAY, LOCO, Board, Hand, Route
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet, TicketResult
from ttr_widgets.rules.state import OPEN, GameState, Options, ShareChoice, TunnelPayment, evolve
from ttr_widgets.rules.words import and_list, cards, route_label

HAND, HOLDER = "hand", "holder"  #: where a team player's drawn card goes
PLACES = (HAND, HOLDER)
PLAYERS = (4, 6)  #: team play's table sizes (rule team.players)


def teammate(seat: int) -> int:
    return seat ^ 1


def other_place(place: str) -> str:
    return HOLDER if place == HAND else HAND


def place_words(place: str) -> str:
    """'the team holder' or 'the hand'."""
    return "the team holder" if place == HOLDER else "the hand"


# --------------------------------------------------------------------------- setting up


def map_refusal(board: Board) -> RulesError | None:
    """Why ``board`` is not a team board (rule team.map), or None when team games fit it."""
    if board.has_stations or any(r.is_ferry for r in board.routes):
        return RulesError("team.map", _("Team play needs a map without stations or ferries (the "
                                        "Team Asia board has none); the {map} map has them.")
                          .format(map=board.name))
    return None


def check_setup(board: Board, players: int) -> None:
    """Rules team.players and team.map: raise ``RulesError`` when a team game cannot be
    dealt."""
    if players not in PLAYERS:
        raise RulesError("team.players", _("Team play is for 4 or 6 players in teams of 2, not "
                                           "{n}.").format(n=players))
    refusal = map_refusal(board)
    if refusal is not None:
        raise refusal


# --------------------------------------------------------------------------- paying


def split_cost(color: str, colored: int, locos: int, holder_cards: int, holder_locos: int
               ) -> tuple[Hand, Hand]:
    """A payment as (from the hand, from the holder)."""
    hand, holder = [0] * len(EMPTY_HAND), [0] * len(EMPTY_HAND)
    if colored:
        ci = CARD_INDEX[color]
        hand[ci], holder[ci] = colored - holder_cards, holder_cards
    hand[LOCO] += locos - holder_locos
    holder[LOCO] += holder_locos
    return tuple(hand), tuple(holder)


def claim_cost(state: GameState, action: ClaimRoute) -> tuple[Hand, Hand]:
    route = state.board.route(action.route)
    return split_cost(action.color, route.length - action.locomotives, action.locomotives,
                      action.holder_cards, action.holder_locomotives)


def offer_cost(state: GameState, pending: TunnelPayment) -> tuple[Hand, Hand]:
    """A tunnel's offer, set aside while the surcharge is asked."""
    route = state.board.route(pending.route)
    return split_cost(pending.color, route.length - pending.locomotives, pending.locomotives,
                      pending.holder_cards, pending.holder_locomotives)


def _splits(hand: Hand, holder: Hand, ci: int, colored: int, locos: int
            ) -> list[tuple[int, int]]:
    """Every (holder coloured cards, holder locomotives) the hand and holder can pay."""
    cards = range(max(0, colored - hand[ci]), min(colored, holder[ci]) + 1) if colored \
        else range(1)
    locs = range(max(0, locos - hand[LOCO]), min(locos, holder[LOCO]) + 1)
    return [(c, lo) for c in cards for lo in locs]


def claim_payments(state: GameState, route: Route) -> list[ClaimRoute]:
    """Every payment for ``route`` from the hand and the team holder (rule
    team.claim-payment), fewest locomotives first."""
    hand, holder = state.player.hand, state.holders[state.team]
    out: list[ClaimRoute] = []
    colors = COLORS if route.color == GRAY else (route.color,)
    for locos in range(route.length + 1):
        if hand[LOCO] + holder[LOCO] < locos:
            break
        for color in (("locomotive",) if locos == route.length else colors):
            colored = route.length - locos
            ci = CARD_INDEX[color]
            if colored and hand[ci] + holder[ci] < colored:
                continue
            for hc, hl in _splits(hand, holder, ci, colored, locos):
                out.append(ClaimRoute(route.id, color, locos, hc, hl))
    return out


def tunnel_payments(state: GameState, pending: TunnelPayment) -> list[PayTunnel]:
    """Every way to pay a tunnel's surcharge from what the hand and holder keep once the offer
    is set aside (rule team.tunnel-surcharge)."""
    hand_cost, holder_cost = offer_cost(state, pending)
    hand = _minus(state.player.hand, hand_cost)
    holder = _minus(state.holders[state.team], holder_cost)
    out: list[PayTunnel] = []
    for locos in range(pending.extra + 1):
        if pending.color == "locomotive" and locos != pending.extra:
            continue
        colored = pending.extra - locos
        ci = CARD_INDEX[pending.color]
        for hc, hl in _splits(hand, holder, ci, colored, locos):
            out.append(PayTunnel(locos, hc, hl))
    return out


def share_actions(state: GameState) -> list[ShareTickets]:
    """The share action's choices: 1 to ``share_max`` of one's own tickets."""
    mine = state.player.tickets
    most = state.board.rules.team.share_max
    return [ShareTickets(c) for k in range(1, most + 1) for c in combinations(mine, k)]


def placements() -> list[PlaceCard]:
    return [PlaceCard(HAND), PlaceCard(HOLDER)]


def _minus(hand: Hand, cost: Hand) -> Hand:
    return tuple(h - c for h, c in zip(hand, cost, strict=True))


def _plus(hand: Hand, more: Hand) -> Hand:
    return tuple(h + c for h, c in zip(hand, more, strict=True))


# --------------------------------------------------------------------------- the tracks


def track_rule(options: Options, players: int, route: Route, taken: Sequence[int], me: int
               ) -> str | None:
    """The team rule that closes ``route`` to seat ``me`` when the other tracks between its
    cities belong to ``taken`` (seats; none open), or None (rules team.parallel-own,
    team.triple-4p, team.double-4p, team.double-open, team.double-6p, team.double-team)."""
    if not taken:
        return None
    if me in taken:
        return "team.parallel-own"
    if route.triple:
        return "team.triple-4p" if players == 4 and len(taken) >= 2 else None
    six_open = players == 6 and options.team_six_player_doubles is not False
    if not (route.stays_open or six_open):
        return "team.double-4p"
    one_per_team = options.team_double_one_per_team is not False
    if one_per_team and any(p // 2 == me // 2 for p in taken):
        return "team.double-team"
    return None


def track_refusal(rule: str, route: Route, players: int) -> RulesError:
    """The sentence for a track closed by ``track_rule``."""
    if rule == "team.parallel-own":
        return RulesError(rule, _("You already own another track of {route}.").format(
            route=route_label(route)))
    if rule == "team.triple-4p":
        return RulesError(rule, _("With 4 players only 2 of the 3 tracks of {cities} are used, "
                                  "and both are taken.").format(cities=route.cities_label))
    if rule == "team.double-team":
        return RulesError(rule, _("Your team already owns the other track of {cities}.").format(
            cities=route.cities_label))
    return RulesError(rule, _("With {n} players a double route closes once either track is "
                              "taken: {cities} is closed.").format(n=players,
                                                                   cities=route.cities_label))


# --------------------------------------------------------------------------- refusals


def check_claim(state: GameState, action: ClaimRoute, route: Route) -> None:
    """Rules team.own-trains and team.claim-payment (the track rules are checked before)."""
    if state.player.trains < route.length:
        raise RulesError("team.own-trains", _(
            "{route} needs {length} trains and you have {left} left; your teammate's trains are "
            "theirs.").format(route=route_label(route), length=route.length,
                              left=state.player.trains))
    if action not in claim_payments(state, route):
        raise RulesError("team.claim-payment", _(
            "{route} takes {cards} of one colour (its own, any one for gray; locomotives wild), "
            "from your hand and your team's holder together; that payment is not there.").format(
            route=route_label(route), cards=cards(route.length, "")))


def check_tunnel(state: GameState, pending: TunnelPayment, action: PayTunnel) -> None:
    if action not in tunnel_payments(state, pending):
        raise RulesError("team.tunnel-surcharge", ngettext(
            "You cannot pay {n} more card that way (the colour offered or locomotives, from your "
            "hand and the holder); you may decline.",
            "You cannot pay {n} more cards that way (the colour offered or locomotives, from "
            "your hand and the holder); you may decline.", pending.extra).format(
            n=pending.extra))


def check_place(action: PlaceCard) -> None:
    if action.to not in PLACES:
        raise RulesError("action.unknown", _("A card goes to your hand or the team holder, not "
                                             "{place}.").format(place=repr(action.to)))


def check_share(state: GameState, action: ShareTickets) -> None:
    """Rule team.share-action: 1 or 2 different tickets of one's own."""
    tickets = action.tickets
    most = state.board.rules.team.share_max
    if not 1 <= len(tickets) <= most or len(set(tickets)) != len(tickets):
        raise RulesError("team.share-action", _("Sharing moves 1 to {most} different "
                                                "tickets.").format(most=most))
    if not set(tickets) <= set(state.player.tickets):
        raise RulesError("team.share-action", _("You can share only tickets in your own hand."))


def check_share_choice(pending: ShareChoice, action: ShareTickets) -> None:
    if len(action.tickets) != 1 or action.tickets[0] not in pending.tickets:
        rule = "team.setup-share" if pending.setup else "team.tickets-share-on-draw"
        raise RulesError(rule, _("Put one of the tickets you just kept into your team's ticket "
                           "holder."))


# --------------------------------------------------------------------------- the changes


def give(state: GameState, to: str, cards: Hand, changes: dict[str, Any] | None = None
         ) -> dict[str, Any]:
    """``changes`` (the state's own fields when not given) with ``cards`` added to the hand of
    the player to move or to their team's holder."""
    changes = dict(changes or {})
    if to == HAND:
        players = list(changes.get("players", state.players))
        me = players[state.current]
        players[state.current] = me.with_hand(_plus(me.hand, cards))
        changes["players"] = tuple(players)
    else:
        holders = list(changes.get("holders", state.holders))
        holders[state.team] = _plus(holders[state.team], cards)
        changes["holders"] = tuple(holders)
    return changes


def take_from_holder(state: GameState, cost: Hand) -> tuple[Hand, ...]:
    holders = list(state.holders)
    holders[state.team] = _minus(holders[state.team], cost)
    return tuple(holders)


def shared_with(state: GameState, tickets: Sequence[str]) -> dict[str, Any]:
    """The changes that move ``tickets`` from the player to move into the team's ticket holder."""
    player = state.player
    players = list(state.players)
    players[state.current] = evolve(player, tickets=tuple(t for t in player.tickets
                                                          if t not in tickets))
    shared = list(state.shared)
    shared[state.team] = (*shared[state.team], *tickets)
    return {"players": tuple(players), "shared": tuple(shared)}


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class TeamHolding:
    """What one team has at the end: each player's claimed routes and tickets (in the order of
    ``players``), and the tickets in the team's holder."""

    players: tuple[str, ...]
    routes: tuple[tuple[str, ...], ...]
    tickets: tuple[tuple[str, ...], ...]
    shared: tuple[str, ...] = ()


def holdings(state: GameState) -> tuple[TeamHolding, ...]:
    return tuple(TeamHolding(tuple(p.name for p in state.team_players(t)),
                             tuple(p.routes for p in state.team_players(t)),
                             tuple(p.tickets for p in state.team_players(t)), state.shared[t])
                 for t in range(state.num_teams))


def score_teams(board: Board, teams: Sequence[TeamHolding], *,
                combined: bool = True) -> ScoreSheet:
    """The final score of a team game, one line a team (rules team.score-*, team.longest,
    team.globetrotter, team.winner). ``combined``: tickets and the trail count the two
    teammates' routes together; otherwise each player's own, a shared ticket by either's."""
    bonus = board.rules.team.bonus
    partial = [_team_part(board, team, combined) for team in teams]
    best_trail = max((p.longest_trail for p in partial), default=0)
    best_done = max((p.tickets_completed for p in partial), default=0)
    scores = []
    for part in partial:
        longest = bonus if part.longest_trail == best_trail > 0 else 0
        globetrotter = bonus if part.tickets_completed == best_done > 0 else 0
        scores.append(_with_bonuses(part, longest, globetrotter))
    winners, reason = decide(tuple(scores))
    names = tuple(scores[i].name for i in winners)
    return ScoreSheet(tuple(scores), names[0] if len(names) == 1 else names, reason, teams=True)


def _with_bonuses(part: PlayerScore, longest: int, globetrotter: int) -> PlayerScore:
    return replace(part, longest_bonus=longest, globetrotter_bonus=globetrotter,
                   total=part.total + longest + globetrotter)


def _team_part(board: Board, team: TeamHolding, combined: bool) -> PlayerScore:
    every = tuple(r for routes in team.routes for r in routes)
    route_points = sum(board.route_points(board.route(r)) for r in every)
    networks = (every,) if combined else team.routes
    own = {t: (i,) for i, tickets in enumerate(team.tickets) for t in tickets}
    results = []
    for ticket_id in dict.fromkeys((*[t for ts in team.tickets for t in ts], *team.shared)):
        ticket = board.ticket(ticket_id)
        which = range(len(networks)) if combined or ticket_id not in own else own[ticket_id]
        done = any(connected(board, networks[i], ticket.a, ticket.b) for i in which)
        results.append(TicketResult(ticket_id, done, ticket.points if done else -ticket.points))
    trail = max((longest_trail(board, n) for n in networks), key=lambda t: t.length)
    ticket_points = sum(r.points for r in results)
    return PlayerScore(
        name=" & ".join(team.players), routes_claimed=len(every),
        trains_used=sum(board.route(r).length for r in every), route_points=route_points,
        tickets=tuple(results), ticket_points=ticket_points,
        tickets_completed=sum(r.completed for r in results), stations_built=0,
        station_points=0, borrowings=(), longest_trail=trail.length,
        longest_trail_routes=trail.routes, longest_trail_cities=trail.cities, longest_bonus=0,
        total=route_points + ticket_points, members=team.players)


def decide(scores: tuple[PlayerScore, ...]) -> tuple[tuple[int, ...], str]:
    """The winning teams (indices) and why (rule team.winner): most points, then most
    completed tickets, then the longer trail; a tie after that is a shared win."""
    steps: tuple[tuple[str, Callable[[PlayerScore], int]], ...] = (
        (_("{name} win on points."), lambda s: s.total),
        (_("{name} win on completed tickets (tied on points)."),
         lambda s: s.tickets_completed),
        (_("{name} win on longest trail (tied on points and completed tickets)."),
         lambda s: s.longest_trail))
    tied = list(range(len(scores)))
    for won, key in steps:
        best = max(key(scores[t]) for t in tied)
        tied = [t for t in tied if key(scores[t]) == best]
        if len(tied) == 1:
            return tuple(tied), won.format(name=scores[tied[0]].name)
    names = and_list([scores[t].name for t in tied])
    return tuple(tied), _("{names} share the win (tied on points, tickets and trail)."
                          ).format(names=names)


def open_track_owners(state: GameState, route: Route) -> list[int]:
    """The seats owning the other tracks between ``route``'s cities."""
    taken = [state.owners[state.board.route(r).index] for r in route.parallel]
    return [p for p in taken if p != OPEN]
