"""Team play: the Team Asia rules (rule ids ``team.*``, sentences in ``catalog.RULES``).

4 or 6 players in teams of 2, teammates seated one after the other (seats 0 and 1 are the first
team, 2 and 3 the second, 4 and 5 the third). Each player has 27 trains of their own, a secret
hand and secret tickets; each team has two holders, shared train cards and shared tickets, and
one score. The game has the base engine's contract: ``TeamGame`` is immutable, ``legal_actions``
and ``apply`` never change their input, a refusal is a ``RulesError`` naming its rule, pending
decisions live in the state, and chance comes from the game's seed.

Team games are played on maps without stations (Team Asia has none): the USA map, or a Team Asia
map file. ``view(game, seat)`` is what one player may see (for bots and hotseat play).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeAlias

from .actions import DeclineTunnel, DrawTickets, KeepTickets, Pass
from .cards import Pile, check_row
from .errors import RulesError
from .model import CARD_INDEX, CARD_NAMES, COLORS, EMPTY_HAND, GRAY, LOCO, Board, Hand, Route
from .state import NO_CARD, OPEN, Options, PlayerState, TicketChoice, evolve
from .team_score import TeamHolding, TeamSheet, score_teams
from .words import count, says, their, verb

HAND, HOLDER = "hand", "holder"
TRAINS = 27  #: each player's own trains (rule team.own-trains)
HAND_CARDS = 4  #: train cards dealt to each player; the holders start empty
DEAL, KEEP = 5, 3  #: setup tickets dealt and kept at least (rule team.setup-tickets)
DRAW, DRAW_KEEP = 4, 1  #: tickets drawn mid-game and kept at least (rule team.tickets-draw)
SHARE_MAX = 2  #: tickets one share action moves (rule team.share-action)
END_TRAINS = 4  #: a team's trains together that start the last round (rule team.end-trigger)
HIDDEN = "?"  #: a ticket (or setup share) a view does not show


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class DrawTeamCard:
    """Draw a train card into your hand or the team holder (``to``): the face-up ``card``, or
    blind from the pile when ``card`` is None."""

    to: str
    card: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimTeamRoute:
    """Claim a route paying ``length - locomotives`` cards of ``color`` and ``locomotives``
    locomotives, of which ``holder_cards`` coloured cards and ``holder_locomotives``
    locomotives come from the team holder, the rest from your hand."""

    route: str
    color: str
    locomotives: int = 0
    holder_cards: int = 0
    holder_locomotives: int = 0


@dataclass(frozen=True, slots=True)
class PayTeamTunnel:
    """Pay a tunnel's surcharge: ``locomotives`` of it in locomotives, the rest in the colour
    offered; ``holder_cards`` and ``holder_locomotives`` of it from the team holder."""

    locomotives: int = 0
    holder_cards: int = 0
    holder_locomotives: int = 0


@dataclass(frozen=True, slots=True)
class ShareTicket:
    """Put one of the tickets just kept into the team's ticket holder."""

    ticket: str


@dataclass(frozen=True, slots=True)
class ShareTickets:
    """The share action: move 1 or 2 of your tickets into the team's ticket holder (the whole
    turn)."""

    tickets: tuple[str, ...]


TeamAction: TypeAlias = (DrawTeamCard | ClaimTeamRoute | PayTeamTunnel | DeclineTunnel
                         | DrawTickets | KeepTickets | ShareTicket | ShareTickets | Pass)


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class SecondTeamCard:
    """The player drew one card and draws the second into ``to`` (the other place)."""

    to: str


@dataclass(frozen=True, slots=True)
class TeamTunnel:
    """A tunnel's reveal asks for ``extra`` more cards; the offer is kept until paid."""

    route: str
    color: str
    locomotives: int
    holder_cards: int
    holder_locomotives: int
    revealed: tuple[int, ...]
    extra: int


@dataclass(frozen=True, slots=True)
class ShareChoice:
    """The player puts one of ``tickets`` (just kept) into the team's ticket holder; at setup
    the choice stays hidden until every player has made theirs."""

    tickets: tuple[str, ...]
    setup: bool = False


TeamPending: TypeAlias = SecondTeamCard | TeamTunnel | TicketChoice | ShareChoice


@dataclass(frozen=True, slots=True)
class TeamGame:
    """A team game. Seats ``2t`` and ``2t + 1`` are team ``t``; ``holders[t]`` and
    ``shared[t]`` are its shared cards and tickets. A ``view`` (``seat`` ≥ 0) shows hidden
    cards as empty hands with their number in ``hand_sizes``, hidden tickets as ``'?'``."""

    board: Board = field(repr=False)
    players: tuple[PlayerState, ...]
    holders: tuple[Hand, ...]
    shared: tuple[tuple[str, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    face_up: tuple[int, ...]
    tickets: tuple[str, ...]
    owners: tuple[int, ...]
    current: int = 0
    pending: TeamPending | None = None
    setup_offers: tuple[tuple[str, ...], ...] = ()
    setup_shares: tuple[str, ...] = ()  #: setup choices made so far ('' not yet)
    final_turns: int = -1
    turn: int = 0
    seed: int = 0
    shuffles: int = 0
    passes: int = 0
    refreshes: int = 0
    options: Options = field(default_factory=Options)
    last_event: str = ""
    seat: int = -1  #: the seat a view is for (-1: the whole game)
    hand_sizes: tuple[int, ...] = ()  #: in a view: each player's number of cards
    holder_sizes: tuple[int, ...] = ()  #: in a view: each holder's number of cards

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def num_teams(self) -> int:
        return len(self.players) // 2

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.final_turns == 0

    @property
    def in_setup(self) -> bool:
        return bool(self.setup_offers)

    @property
    def team(self) -> int:
        """The team of the player to move."""
        return self.current // 2

    def team_players(self, team: int) -> tuple[PlayerState, PlayerState]:
        return self.players[2 * team], self.players[2 * team + 1]

    def team_name(self, team: int) -> str:
        """'Ann & Cleo'."""
        return " & ".join(p.name for p in self.team_players(team))

    def team_trains(self, team: int) -> int:
        return sum(p.trains for p in self.team_players(team))

    def cards_in_play(self) -> int:
        """Every train card: pile, discards, row, hands, holders and a tunnel's reveal."""
        revealed = len(self.pending.revealed) if isinstance(self.pending, TeamTunnel) else 0
        return (len(self.deck) + len(self.discard) + sum(c != NO_CARD for c in self.face_up)
                + sum(sum(p.hand) for p in self.players) + sum(sum(h) for h in self.holders)
                + revealed)


def teammate(seat: int) -> int:
    return seat ^ 1


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


# --------------------------------------------------------------------------- options


def _six_doubles(game: TeamGame) -> bool:
    return game.options.team_six_player_doubles is not False


def _one_per_team(game: TeamGame) -> bool:
    return game.options.team_double_one_per_team is not False


# --------------------------------------------------------------------------- legal actions


def legal_actions(game: TeamGame) -> list[TeamAction]:
    """Every legal action in a fixed order: card draws, tickets, shares, claims in board
    order (each payment's hand/holder splits), or Pass when nothing else is possible."""
    if game.is_over:
        return []
    pending = game.pending
    if isinstance(pending, TicketChoice):
        return [KeepTickets(c) for k in range(len(pending.tickets), pending.keep - 1, -1)
                for c in combinations(pending.tickets, k)]
    if isinstance(pending, ShareChoice):
        return [ShareTicket(t) for t in pending.tickets]
    if isinstance(pending, SecondTeamCard):
        return _draws(game, (pending.to,), second=True)
    if isinstance(pending, TeamTunnel):
        return [*_tunnel_payments(game, pending), DeclineTunnel()]
    actions: list[TeamAction] = list(_draws(game, (HAND, HOLDER), second=False))
    if game.tickets:
        actions.append(DrawTickets())
    mine = game.player.tickets
    actions += [ShareTickets(c) for k in (1, 2) for c in combinations(mine, k)]
    for route in game.board.routes:
        if _closed(game, route) is None and game.player.trains >= route.length:
            actions += _claims(game, route)
    return actions or [Pass()]


def _draws(game: TeamGame, places: tuple[str, ...], second: bool) -> list[TeamAction]:
    out: list[TeamAction] = []
    if game.deck or game.discard:
        out += [DrawTeamCard(p) for p in places]
    for card in sorted({c for c in game.face_up if c != NO_CARD}):
        if card == LOCO:
            if not second:
                out.append(DrawTeamCard(HOLDER, CARD_NAMES[LOCO]))
        else:
            out += [DrawTeamCard(p, CARD_NAMES[card]) for p in places]
    return out


def _claims(game: TeamGame, route: Route) -> list[TeamAction]:
    hand, holder = game.player.hand, game.holders[game.team]
    out: list[TeamAction] = []
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
                out.append(ClaimTeamRoute(route.id, color, locos, hc, hl))
    return out


def _splits(hand: Hand, holder: Hand, ci: int, colored: int, locos: int
            ) -> list[tuple[int, int]]:
    """Every (holder coloured cards, holder locomotives) the hand and holder can pay."""
    cards = range(max(0, colored - hand[ci]), min(colored, holder[ci]) + 1) if colored \
        else range(1)
    locs = range(max(0, locos - hand[LOCO]), min(locos, holder[LOCO]) + 1)
    return [(c, lo) for c in cards for lo in locs]


def _tunnel_payments(game: TeamGame, pending: TeamTunnel) -> list[TeamAction]:
    out: list[TeamAction] = []
    for locos in range(pending.extra + 1):
        if pending.color == "locomotive" and locos != pending.extra:
            continue
        hand, holder = _after_offer(game, pending)
        colored = pending.extra - locos
        ci = CARD_INDEX[pending.color]
        for hc, hl in _splits(hand, holder, ci, colored, locos):
            if _fits(hand, holder, ci, colored, locos, hc, hl):
                out.append(PayTeamTunnel(locos, hc, hl))
    return out


def _after_offer(game: TeamGame, pending: TeamTunnel) -> tuple[Hand, Hand]:
    """The hand and holder once the tunnel's offer is set aside."""
    hand_cost, holder_cost = _costs(pending.color, game.board.route(pending.route).length
                                    - pending.locomotives, pending.locomotives,
                                    pending.holder_cards, pending.holder_locomotives)
    return _minus(game.player.hand, hand_cost), _minus(game.holders[game.team], holder_cost)


def _fits(hand: Hand, holder: Hand, ci: int, colored: int, locos: int, hc: int, hl: int
          ) -> bool:
    return (0 <= hc <= colored and 0 <= hl <= locos and holder[ci] >= hc and holder[LOCO] >= hl
            and hand[ci] >= colored - hc and hand[LOCO] >= locos - hl)


# --------------------------------------------------------------------------- route rules


def _closed(game: TeamGame, route: Route) -> RulesError | None:
    """Why a route cannot be claimed by the player to move (team.double-*, team.triple-*)."""
    if game.owners[route.index] != OPEN:
        owner = game.players[game.owners[route.index]].name
        return RulesError("claim.open", f"{route} is already claimed by {owner}.")
    taken = [game.owners[game.board.route(r).index] for r in route.parallel]
    taken = [p for p in taken if p != OPEN]
    if not taken:
        return None
    if game.current in taken:
        return RulesError("team.parallel-own", f"You already own another track of {route}.")
    if route.triple:
        if game.num_players == 4 and len(taken) >= 2:
            return RulesError("team.triple-4p", f"With 4 players only 2 of the 3 tracks of "
                              f"{route.cities_label} are used, and both are taken.")
        return None
    open_both = route.stays_open or (game.num_players == 6 and _six_doubles(game))
    if not open_both:
        return RulesError("team.double-4p", f"With {game.num_players} players a double route "
                          f"closes once either track is taken: {route.cities_label} is "
                          "closed.")
    if _one_per_team(game) and any(p // 2 == game.team for p in taken):
        return RulesError("team.double-team", f"Your team already owns the other track of "
                          f"{route.cities_label}.")
    return None


# --------------------------------------------------------------------------- validation


def why_illegal(game: TeamGame, action: TeamAction) -> RulesError | None:
    """The rule an action breaks, or None when it is legal."""
    try:
        _check(game, action)
    except RulesError as error:
        return error
    return None


def _check(game: TeamGame, action: TeamAction) -> None:
    if game.seat >= 0:
        raise RulesError("team.view", "A player's view shows the table; play on the game.")
    if game.is_over:
        raise RulesError("turn.game-over", "The game is over; nothing more can be played.")
    pending = game.pending
    if pending is not None:
        _check_pending(game, pending, action)
    elif isinstance(action, DrawTeamCard):
        _check_draw(game, action, None)
    elif isinstance(action, ClaimTeamRoute):
        _check_claim(game, action)
    elif isinstance(action, DrawTickets):
        if not game.tickets:
            raise RulesError("tickets.empty", "The ticket pile is empty.")
    elif isinstance(action, ShareTickets):
        _check_share(game, action)
    elif isinstance(action, Pass):
        if legal_actions(game) != [Pass()]:
            raise RulesError("turn.pass", "You can only pass when there is nothing else you can "
                             "do.")
    else:
        raise RulesError("turn.one-action", "That is not how a turn starts: draw cards, claim a "
                         "route, draw tickets or share tickets.")


def _check_pending(game: TeamGame, pending: TeamPending, action: TeamAction) -> None:
    if isinstance(pending, TicketChoice):
        if not isinstance(action, KeepTickets):
            raise RulesError("turn.pending", "First choose which tickets to keep.")
        kept = action.tickets
        if len(set(kept)) != len(kept) or not set(kept) <= set(pending.tickets):
            raise RulesError("tickets.keep", "You can keep only tickets you were just given, "
                             "each once.")
        if len(kept) < pending.keep:
            rule = "team.setup-tickets" if pending.setup else "team.tickets-draw"
            raise RulesError(rule, f"Keep at least {pending.keep} of these "
                             f"{count(len(pending.tickets), 'ticket')}.")
    elif isinstance(pending, ShareChoice):
        if not isinstance(action, ShareTicket) or action.ticket not in pending.tickets:
            rule = "team.setup-share" if pending.setup else "team.tickets-share-on-draw"
            raise RulesError(rule, "Put one of the tickets you just kept into your team's "
                             "ticket holder.")
    elif isinstance(pending, SecondTeamCard):
        if not isinstance(action, DrawTeamCard):
            raise RulesError("draw.two-cards", "You drew one card; this turn you can only draw "
                             "your second card.")
        _check_draw(game, action, pending)
    elif not isinstance(action, DeclineTunnel):
        if not isinstance(action, PayTeamTunnel):
            raise RulesError("turn.pending", "The tunnel's cards are revealed: pay the extra "
                             "cards or decline.")
        if action not in _tunnel_payments(game, pending):
            raise RulesError("team.tunnel-surcharge", f"You cannot pay "
                             f"{count(pending.extra, 'more card')} that way (the colour offered "
                             "or locomotives, from your hand and the holder); you may decline.")


def _check_draw(game: TeamGame, action: DrawTeamCard, pending: SecondTeamCard | None) -> None:
    if action.to not in (HAND, HOLDER):
        raise RulesError("action.unknown", f"A card goes to your {HAND} or the team {HOLDER}, "
                         f"not {action.to!r}.")
    if pending is not None and action.to != pending.to:
        raise RulesError("team.draw-split", f"Your first card went to your "
                         f"{'hand' if pending.to == HOLDER else 'team holder'}: the second goes "
                         f"to the {'team holder' if pending.to == HOLDER else 'hand'}.")
    if action.card is None:
        if not (game.deck or game.discard):
            raise RulesError("draw.no-card", "The pile and the discards are empty: take a "
                             "face-up card instead.")
        return
    if action.card not in CARD_INDEX or CARD_INDEX[action.card] not in game.face_up:
        raise RulesError("draw.no-card", f"There is no face-up {action.card} to take.")
    if action.card == CARD_NAMES[LOCO]:
        if pending is not None:
            raise RulesError("draw.second-locomotive", "A face-up locomotive cannot be your "
                             "second card; take another card or draw blind.")
        if action.to != HOLDER:
            raise RulesError("team.draw-locomotive", "A face-up locomotive is the only card of "
                             "the turn and goes into the team holder.")


def _check_claim(game: TeamGame, action: ClaimTeamRoute) -> None:
    route = game.board.route_by_id.get(action.route)
    if route is None:
        raise RulesError("action.unknown", f"There is no route {action.route!r} on the "
                         f"{game.board.name} map.")
    closed = _closed(game, route)
    if closed is not None:
        raise closed
    if game.player.trains < route.length:
        raise RulesError("team.own-trains", f"{route} needs {count(route.length, 'train')} and "
                         f"you have {game.player.trains} left; your teammate's trains are "
                         "theirs.")
    if action not in _claims(game, route):
        raise RulesError("team.claim-payment", f"{route} takes {count(route.length, 'card')} "
                         "of one colour (its own, any one for gray; locomotives wild), from "
                         "your hand and your team's holder together; that payment is not there.")


def _check_share(game: TeamGame, action: ShareTickets) -> None:
    tickets = action.tickets
    if not 1 <= len(tickets) <= SHARE_MAX or len(set(tickets)) != len(tickets):
        raise RulesError("team.share-action", "Sharing moves 1 or 2 different tickets.")
    if not set(tickets) <= set(game.player.tickets):
        raise RulesError("team.share-action", "You can share only tickets in your own hand.")


# --------------------------------------------------------------------------- apply


def apply(game: TeamGame, action: TeamAction) -> TeamGame:
    """The game after ``action``; raises ``RulesError`` (game untouched) if it is illegal."""
    _check(game, action)
    return _HANDLERS[type(action)](game, action)


def _minus(hand: Hand, cost: Hand) -> Hand:
    return tuple(h - c for h, c in zip(hand, cost, strict=True))


def _plus(hand: Hand, more: Hand) -> Hand:
    return tuple(h + c for h, c in zip(hand, more, strict=True))


def _one(card: int) -> Hand:
    return tuple(int(i == card) for i in range(len(EMPTY_HAND)))


def _costs(color: str, colored: int, locos: int, holder_cards: int, holder_locos: int
           ) -> tuple[Hand, Hand]:
    """(from the hand, from the holder) for a payment."""
    hand, holder = [0] * len(EMPTY_HAND), [0] * len(EMPTY_HAND)
    ci = CARD_INDEX[color]
    if colored:
        hand[ci], holder[ci] = colored - holder_cards, holder_cards
    hand[LOCO] += locos - holder_locos
    holder[LOCO] += holder_locos
    return tuple(hand), tuple(holder)


def _cards(cost: Hand) -> tuple[int, ...]:
    return tuple(c for c, n in enumerate(cost) for _ in range(n))


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
                  f"in the holder at once; {game.players[0].name} begins.")


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
