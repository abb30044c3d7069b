"""Team play: the Team Asia rules (rule ids ``team.*``, sentences in ``catalog.RULES``).

4 or 6 players in teams of 2, teammates seated one after the other (seats 0 and 1 are the first
team, 2 and 3 the second, 4 and 5 the third). Each player has 27 trains of their own, a secret
hand and secret tickets; each team has two holders, shared train cards and shared tickets, and
one score. The game has the base engine's contract: ``TeamGame`` is immutable, ``legal_actions``
and ``apply`` never change their input, a refusal is a ``RulesError`` naming its rule, pending
decisions live in the state, and chance comes from the game's seed.

Team games are played on maps without stations (Team Asia has none): the USA map, or a Team Asia
map file. ``view(game, seat)`` is what one player may see (for bots and hotseat play).

Three modules: ``team_state`` (the numbers, actions and state), ``team_legal`` (legal actions
and refusals), and this one (setup, applying an action, scoring, a seat's view); every name is
importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ttr_widgets.rules.actions import DeclineTunnel, DrawTickets, KeepTickets, Pass
from ttr_widgets.rules.cards import Pile, check_row
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.model import CARD_INDEX, CARD_NAMES, EMPTY_HAND, LOCO, Board, Hand, Route
from ttr_widgets.rules.state import NO_CARD, OPEN, Options, PlayerState, TicketChoice, evolve
from ttr_widgets.rules.team_legal import (
    _cards,
    _check,
    _costs,
    _minus,
    _one,
    _plus,
    legal_actions,
    why_illegal,
)
from ttr_widgets.rules.team_score import TeamHolding, TeamSheet, score_teams
from ttr_widgets.rules.team_state import (
    DEAL,
    DRAW,
    DRAW_KEEP,
    END_TRAINS,
    HAND,
    HAND_CARDS,
    HIDDEN,
    HOLDER,
    KEEP,
    SHARE_MAX,
    TRAINS,
    ClaimTeamRoute,
    DrawTeamCard,
    PayTeamTunnel,
    SecondTeamCard,
    ShareChoice,
    ShareTicket,
    ShareTickets,
    TeamAction,
    TeamGame,
    TeamPending,
    TeamTunnel,
    teammate,
)
from ttr_widgets.rules.words import count, says, their, verb

__all__ = [
    "DEAL",
    "DRAW",
    "DRAW_KEEP",
    "END_TRAINS",
    "HAND",
    "HAND_CARDS",
    "HIDDEN",
    "HOLDER",
    "KEEP",
    "SHARE_MAX",
    "TRAINS",
    "ClaimTeamRoute",
    "DrawTeamCard",
    "PayTeamTunnel",
    "SecondTeamCard",
    "ShareChoice",
    "ShareTicket",
    "ShareTickets",
    "TeamAction",
    "TeamGame",
    "TeamPending",
    "TeamTunnel",
    "apply",
    "holdings",
    "legal_actions",
    "map_refusal",
    "new_team_game",
    "score",
    "teammate",
    "view",
    "why_illegal",
]

# --------------------------------------------------------------------------- setup


def new_team_game(board: Board, players: int | Sequence[str], seed: int = 0,
                  options: Options | None = None) -> TeamGame:
    """Deal a team game (rules team.players, team.setup-cards, team.setup-tickets): 4 cards to
    each hand, empty holders, 5 tickets to each player."""
    names = tuple(f"Player {i + 1}" for i in range(players)) if isinstance(players, int) \
        else tuple(players)
    if len(names) not in (4, 6):
        raise RulesError("team.players", f"Team play is for 4 or 6 players in teams of 2, "
                         f"not {len(names)}.")
    if len(set(names)) != len(names):
        raise RulesError("setup.players", "Every player needs a different name.")
    refusal = map_refusal(board)
    if refusal is not None:
        raise refusal
    rng = random.Random(f"ttr:{seed}:team-setup")
    deck = [i for i, n in enumerate(board.deck) for _ in range(n)]
    rng.shuffle(deck)
    hands = []
    for _ in names:
        hands.append(_hand_of(deck[-HAND_CARDS:]))
        del deck[-HAND_CARDS:]
    row = tuple(deck.pop() for _ in range(board.rules.face_up))
    pool = [t.id for t in board.tickets_of_kind(*board.rules.ticket_kinds)]
    rng.shuffle(pool)
    if len(pool) < DEAL * len(names):
        raise RulesError("team.setup-tickets", f"The {board.name} map has too few tickets to "
                         f"deal {DEAL} to each of {len(names)} players.")
    offers = tuple(tuple(pool[i * DEAL:(i + 1) * DEAL]) for i in range(len(names)))
    pile = Pile(tuple(deck), (), seed, 0)
    row, refreshes = check_row(board, row, pile, 0)
    teams = len(names) // 2
    return TeamGame(
        board=board, players=tuple(PlayerState(n, h, TRAINS, 0) for n, h in zip(names, hands,
                                                                                 strict=True)),
        holders=(EMPTY_HAND,) * teams, shared=((),) * teams, deck=pile.deck,
        discard=pile.discard, shuffles=pile.shuffles, face_up=row, refreshes=refreshes,
        tickets=tuple(pool[DEAL * len(names):]), owners=(OPEN,) * len(board.routes),
        setup_offers=offers, setup_shares=("",) * len(names),
        pending=TicketChoice(offers[0], KEEP, setup=True), seed=seed,
        options=options or Options(), last_event="The cards and tickets are dealt.")


def map_refusal(board: Board) -> RulesError | None:
    """Why ``board`` is not a team board (rule team.map), or None when team games fit it."""
    if board.has_stations or any(r.is_ferry for r in board.routes):
        return RulesError("team.map", f"Team play needs a map without stations or ferries (the "
                          f"Team Asia board has none); the {board.name} map has them.")
    return None


def _hand_of(cards: Sequence[int]) -> Hand:
    hand = [0] * len(EMPTY_HAND)
    for c in cards:
        hand[c] += 1
    return tuple(hand)


# --------------------------------------------------------------------------- apply


def apply(game: TeamGame, action: TeamAction) -> TeamGame:
    """The game after ``action``; raises ``RulesError`` (game untouched) if it is illegal."""
    _check(game, action)
    return _HANDLERS[type(action)](game, action)


def _pile(game: TeamGame) -> Pile:
    return Pile(game.deck, game.discard, game.seed, game.shuffles)


def _refill(game: TeamGame, pile: Pile) -> dict[str, Any]:
    row, refreshes = game.face_up, game.refreshes
    if NO_CARD in row:
        row = tuple(pile.take() if c == NO_CARD else c for c in row)
        row, refreshes = check_row(game.board, row, pile, refreshes)
    return {"face_up": row, "refreshes": refreshes, **pile.changes()}


def _give(game: TeamGame, to: str, cards: Hand, seat: int | None = None) -> dict[str, Any]:
    """The changes that add ``cards`` to a player's hand or their team's holder."""
    seat = game.current if seat is None else seat
    if to == HAND:
        players = list(game.players)
        players[seat] = players[seat].with_hand(_plus(players[seat].hand, cards))
        return {"players": tuple(players)}
    holders = list(game.holders)
    holders[seat // 2] = _plus(holders[seat // 2], cards)
    return {"holders": tuple(holders)}


def _draw(game: TeamGame, action: DrawTeamCard) -> TeamGame:
    """Rules team.draw-split, team.draw-first and team.draw-locomotive."""
    second = isinstance(game.pending, SecondTeamCard)
    pile, row, refreshes = _pile(game), game.face_up, game.refreshes
    if action.card is None:
        card = pile.take()
        what = "a card from the pile"
    else:
        card = CARD_INDEX[action.card]
        slot = row.index(card)
        row = (*row[:slot], pile.take(), *row[slot + 1:])
        row, refreshes = check_row(game.board, row, pile, refreshes)
        what = f"the face-up {action.card}"
    name = game.player.name
    place = f"{their(name)} hand" if action.to == HAND else "the team holder"
    event = f"{says(name, 'takes')} {what} into {place}"
    changes = {**_give(game, action.to, _one(card)), "face_up": row, "refreshes": refreshes,
               **pile.changes()}
    locomotive = card == LOCO and action.card is not None
    possible = bool(pile.deck or pile.discard) or any(c not in (NO_CARD, LOCO) for c in row)
    if second or locomotive or not possible:
        return _end_turn(game, event + ".", **changes)
    other = HOLDER if action.to == HAND else HAND
    return evolve(game, pending=SecondTeamCard(other), last_event=f"{event}; the second card "
                  f"goes to the {'team holder' if other == HOLDER else 'hand'}.", **changes)


def _claim(game: TeamGame, action: ClaimTeamRoute) -> TeamGame:
    route = game.board.route(action.route)
    reveal = game.board.reveal_count(route)
    if not reveal:
        cost = _costs(action.color, route.length - action.locomotives, action.locomotives,
                      action.holder_cards, action.holder_locomotives)
        return _finish_claim(game, route, cost, _pile(game),
                             f"{says(game.player.name, 'claims')} {route}")
    pile = _pile(game)
    revealed = []
    for _ in range(reveal):  # rules team.tunnel-reveal, tunnel.short-pile
        card = pile.take()
        if card == NO_CARD:
            break
        revealed.append(card)
    match = LOCO if action.color == "locomotive" else CARD_INDEX[action.color]
    extra = sum(1 for c in revealed if c in (match, LOCO))
    shown = ", ".join(CARD_NAMES[c] for c in revealed) or "no cards (pile and discards empty)"
    if extra == 0:
        pile.discard += tuple(revealed)
        cost = _costs(action.color, route.length - action.locomotives, action.locomotives,
                      action.holder_cards, action.holder_locomotives)
        return _finish_claim(game, route, cost, pile, f"{says(game.player.name, 'claims')} the "
                             f"tunnel {route} (revealed {shown}: nothing extra)")
    pending = TeamTunnel(route.id, action.color, action.locomotives, action.holder_cards,
                         action.holder_locomotives, tuple(revealed), extra)
    return evolve(game, pending=pending, **pile.changes(),
                  last_event=f"The tunnel {route} reveals {shown}: "
                             f"{count(extra, 'more card')} to pay, from the hand or the holder.")


def _finish_claim(game: TeamGame, route: Route, cost: tuple[Hand, Hand], pile: Pile,
                  event: str) -> TeamGame:
    from_hand, from_holder = cost
    player = game.player
    points = game.board.route_points(route)
    player = evolve(player, hand=_minus(player.hand, from_hand),
                    trains=player.trains - route.length, routes=(*player.routes, route.id),
                    route_points=player.route_points + points)
    players = list(game.players)
    players[game.current] = player
    holders = list(game.holders)
    holders[game.team] = _minus(holders[game.team], from_holder)
    owners = (*game.owners[:route.index], game.current, *game.owners[route.index + 1:])
    pile.discard += _cards(from_hand) + _cards(from_holder)
    return _end_turn(game, f"{event} for {count(points, 'point')}.", players=tuple(players),
                     holders=tuple(holders), owners=owners, **_refill(game, pile))


def _pay_tunnel(game: TeamGame, action: PayTeamTunnel) -> TeamGame:
    pending = game.pending
    assert isinstance(pending, TeamTunnel)
    route = game.board.route(pending.route)
    offer = _costs(pending.color, route.length - pending.locomotives, pending.locomotives,
                   pending.holder_cards, pending.holder_locomotives)
    extra = _costs(pending.color, pending.extra - action.locomotives, action.locomotives,
                   action.holder_cards, action.holder_locomotives)
    pile = _pile(game)
    pile.discard += pending.revealed
    name = game.player.name
    event = (f"{says(name, 'pays')} {count(pending.extra, 'extra card')} and "
             f"{verb(name, 'claims')} the tunnel {route}")
    cost = (_plus(offer[0], extra[0]), _plus(offer[1], extra[1]))
    return _finish_claim(game, route, cost, pile, event)


def _decline_tunnel(game: TeamGame) -> TeamGame:
    """Rule team.tunnel-decline: the offer stays where it was (or, with the option
    ``team_decline_to_hand``, the holder's part of it moves to the hand)."""
    pending = game.pending
    assert isinstance(pending, TeamTunnel)
    pile = _pile(game)
    pile.discard += pending.revealed
    changes: dict[str, Any] = {}
    name = game.player.name
    if game.options.team_decline_to_hand:
        route = game.board.route(pending.route)
        _, moved = _costs(pending.color, route.length - pending.locomotives,
                          pending.locomotives, pending.holder_cards, pending.holder_locomotives)
        holders = list(game.holders)
        holders[game.team] = _minus(holders[game.team], moved)
        changes = {"holders": tuple(holders), **_give(game, HAND, moved)}
    return _end_turn(game, f"{says(name, 'declines')} the tunnel; the cards offered go back.",
                     **changes, **_refill(game, pile))


def _draw_tickets(game: TeamGame) -> TeamGame:
    """Rule team.tickets-draw: 4 tickets (or all that remain), keep at least 1."""
    drawn = game.tickets[:DRAW]
    return evolve(game, tickets=game.tickets[len(drawn):],
                  pending=TicketChoice(drawn, min(DRAW_KEEP, len(drawn))),
                  last_event=f"{says(game.player.name, 'draws')} "
                             f"{count(len(drawn), 'ticket')}.")


def _keep(game: TeamGame, action: KeepTickets) -> TeamGame:
    pending = game.pending
    assert isinstance(pending, TicketChoice)
    rejected = tuple(t for t in pending.tickets if t not in action.tickets)
    player = evolve(game.player, tickets=game.player.tickets + action.tickets)
    players = list(game.players)
    players[game.current] = player
    changes: dict[str, Any] = {"players": tuple(players), "tickets": game.tickets + rejected}
    event = f"{says(player.name, 'keeps')} {count(len(action.tickets), 'ticket')}"
    if rejected:
        event += f" and {verb(player.name, 'returns')} {len(rejected)} to the bottom of the pile"
    if pending.setup:
        nxt = game.current + 1
        if nxt < game.num_players:
            return evolve(game, current=nxt, last_event=event + ".",
                          pending=TicketChoice(game.setup_offers[nxt], KEEP, setup=True),
                          **changes)
        first = changes["players"][0].tickets
        return evolve(game, current=0, pending=ShareChoice(first, setup=True),
                      last_event=event + ". Each player now puts one kept ticket in the "
                                         "team's ticket holder, unseen by the teammate.",
                      **changes)
    if len(action.tickets) == 1:  # the one kept ticket goes to the holder: no choice to make
        game = evolve(game, **changes)
        return _move_to_holder(game, action.tickets, event + "; it goes into the team's "
                               "ticket holder.")
    return evolve(game, pending=ShareChoice(action.tickets), last_event=event + "; one of them "
                  "goes into the team's ticket holder.", **changes)


def _move_to_holder(game: TeamGame, tickets: tuple[str, ...], event: str) -> TeamGame:
    player = evolve(game.player, tickets=tuple(t for t in game.player.tickets
                                               if t not in tickets))
    players = list(game.players)
    players[game.current] = player
    shared = list(game.shared)
    shared[game.team] = shared[game.team] + tickets
    return _end_turn(game, event, players=tuple(players), shared=tuple(shared))


def _share_one(game: TeamGame, action: ShareTicket) -> TeamGame:
    pending = game.pending
    assert isinstance(pending, ShareChoice)
    name = game.player.name
    if not pending.setup:  # rule team.tickets-share-on-draw
        return _move_to_holder(game, (action.ticket,), f"{says(name, 'puts')} a ticket into "
                               "the team's ticket holder.")
    shares = list(game.setup_shares)
    shares[game.current] = action.ticket
    nxt = game.current + 1
    if nxt < game.num_players:  # rule team.setup-share: the choices are revealed together
        return evolve(game, setup_shares=tuple(shares), current=nxt,
                      pending=ShareChoice(game.players[nxt].tickets, setup=True),
                      last_event=f"{says(name, 'chooses')} a ticket to share.")
    players = tuple(evolve(p, tickets=tuple(t for t in p.tickets if t != shares[i]))
                    for i, p in enumerate(game.players))
    shared = tuple((shares[2 * t], shares[2 * t + 1]) for t in range(game.num_teams))
    return evolve(game, players=players, shared=shared, setup_shares=(), setup_offers=(),
                  current=0, pending=None, last_event="Every player puts their shared ticket "
                  f"in the holder at once; {says(game.players[0].name, 'begins')}.")


def _share_action(game: TeamGame, action: ShareTickets) -> TeamGame:
    """Rule team.share-action."""
    return _move_to_holder(game, action.tickets, f"{says(game.player.name, 'shares')} "
                           f"{count(len(action.tickets), 'ticket')} with the team.")


def _pass(game: TeamGame, action: Pass) -> TeamGame:
    return _end_turn(game, f"{says(game.player.name, 'passes')}: nothing else is possible.",
                     passed=True)


def _end_turn(game: TeamGame, event: str, *, passed: bool = False, **changes: Any) -> TeamGame:
    """Rules team.end-trigger and team.final-round."""
    players = changes.get("players", game.players)
    final = game.final_turns
    trains = sum(p.trains for p in players[2 * game.team:2 * game.team + 2])
    if final > 0:
        final -= 1
    elif final < 0 and trains <= END_TRAINS:
        final = game.num_players
        event += (f" {game.team_name(game.team)} have {count(trains, 'train')} left together: "
                  "everyone gets one last turn.")
    passes = game.passes + 1 if passed else 0
    if passes >= game.num_players:
        final = 0
        event += " Nobody can move: the game ends."
    return evolve(game, current=(game.current + 1) % game.num_players, pending=None,
                  final_turns=final, turn=game.turn + 1, passes=passes, last_event=event,
                  **changes)


_HANDLERS: dict[type[Any], Callable[[TeamGame, Any], TeamGame]] = {
    DrawTeamCard: _draw, ClaimTeamRoute: _claim, PayTeamTunnel: _pay_tunnel,
    DeclineTunnel: lambda game, _action: _decline_tunnel(game),
    DrawTickets: lambda game, _action: _draw_tickets(game), KeepTickets: _keep,
    ShareTicket: _share_one, ShareTickets: _share_action, Pass: _pass,
}


# --------------------------------------------------------------------------- scoring


def holdings(game: TeamGame) -> tuple[TeamHolding, ...]:
    return tuple(TeamHolding(tuple(p.name for p in game.team_players(t)),
                             tuple(p.routes for p in game.team_players(t)),
                             tuple(p.tickets for p in game.team_players(t)), game.shared[t])
                 for t in range(game.num_teams))


def score(game: TeamGame) -> TeamSheet:
    """The team score of the position (rules team.score-*, team.winner)."""
    combined = game.options.team_combined_network is not False
    return score_teams(game.board, holdings(game), combined=combined)


# --------------------------------------------------------------------------- what a seat sees


def view(game: TeamGame, seat: int) -> TeamGame:
    """What the player in ``seat`` may see (rule team.communication): their own hand and
    tickets, their team's two holders, the public table. Every other hand and private ticket
    (the teammate's included), other players' setup choices, the pile's order and the ticket
    pile are hidden; other teams' holders too, unless ``team_holders_public`` (their sizes
    stay visible)."""
    if not 0 <= seat < game.num_players:
        raise ValueError(f"seat: expected 0 to {game.num_players - 1}, got {seat}")
    public = bool(game.options.team_holders_public)
    players = tuple(p if i == seat else evolve(p, hand=EMPTY_HAND,
                                               tickets=(HIDDEN,) * len(p.tickets))
                    for i, p in enumerate(game.players))
    mine = seat // 2
    holders = tuple(h if t == mine or public else EMPTY_HAND for t, h in enumerate(game.holders))
    shared = tuple(s if t == mine or public else (HIDDEN,) * len(s)
                   for t, s in enumerate(game.shared))
    pending = game.pending
    if game.current != seat and isinstance(pending, TicketChoice | ShareChoice):
        pending = evolve(pending, tickets=(HIDDEN,) * len(pending.tickets))
    return evolve(
        game, players=players, holders=holders, shared=shared, pending=pending,
        deck=(NO_CARD,) * len(game.deck), tickets=(HIDDEN,) * len(game.tickets),
        setup_offers=tuple(o if i == seat else (HIDDEN,) * len(o)
                           for i, o in enumerate(game.setup_offers)),
        setup_shares=tuple(s if i == seat or not s else HIDDEN
                           for i, s in enumerate(game.setup_shares)),
        seat=seat, hand_sizes=tuple(sum(p.hand) for p in game.players),
        holder_sizes=tuple(sum(h) for h in game.holders))
