"""Playouts: a position played to the end from what its player to move may see.

The coach (``rules.coach``) and the expert bot (``rules.strong_search``) judge a move by what
it leads to: ``deal_hidden`` deals again everything the player to move cannot see, ``playout``
plays the game to its end with a bot in every seat, and ``margin`` is how the player came out
against the best of the others.
"""

from __future__ import annotations

import random

from ttr_widgets.bots.choice import Bot
from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.rules.engine import apply, score
from ttr_widgets.rules.model import NUM_CARD_TYPES, Hand
from ttr_widgets.rules.state import (
    NO_CARD,
    CardPlacement,
    GameState,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.variants import ticket_rules
from ttr_widgets.rules.view import HIDDEN, view

__all__ = ["deal_hidden", "margin", "playout"]


def deal_hidden(state: GameState, rng: random.Random) -> GameState:
    """A whole game that the player to move could be in, from what they may see (their view,
    ``rules.view``; a whole game is viewed first): everything hidden from them dealt anew from
    what they have not seen — the other hands (as many cards each), the other teams' holders
    and the face-down Warehouses (as many each), the pile, the other players' tickets and
    setup offers (as many each), the other teams' shared tickets and the ticket pile — and a new
    seed for later reshuffles (the game's own would tell the pile's future order)."""
    seen = view(state, state.current)
    cards = _unseen_cards(seen)
    cards.sort()  # what is hidden enters only as a multiset: its order is never read
    rng.shuffle(cards)
    tickets = _unseen_tickets(seen)
    tickets.sort()
    rng.shuffle(tickets)
    deal = _Dealer(cards, tickets)
    me = seen.current
    players = tuple(p if i == me else evolve(p, hand=deal.cards(p.hidden_cards), hidden_cards=0,
                                             tickets=deal.tickets(len(p.tickets)))
                    for i, p in enumerate(seen.players))
    holders = tuple(h if _sees_holder(seen, t) else deal.cards(seen.holder_sizes[t])
                    for t, h in enumerate(seen.holders))
    warehouses = tuple(deal.cards(n) for n in seen.warehouse_sizes)
    shared = tuple(tuple(x if x != HIDDEN else deal.ticket() for x in s) for s in seen.shared)
    choosing = isinstance(seen.pending, TicketChoice) and seen.pending.setup
    offers = tuple(tuple(x if x != HIDDEN or not (choosing and i > me) else deal.ticket()
                         for x in o)
                   for i, o in enumerate(seen.setup_offers))  # past seats' offers are spent
    return evolve(seen, players=players, holders=holders, warehouses=warehouses,
                  shared=shared, setup_offers=offers, deck=deal.rest_of_cards(len(seen.deck)),
                  tickets=deal.tickets(len(seen.tickets)), seed=rng.getrandbits(48),
                  seat=-1, holder_sizes=(), warehouse_sizes=())


class _Dealer:
    """Deals cards and tickets off shuffled piles."""

    def __init__(self, cards: list[int], tickets: list[str]) -> None:
        self._cards, self._tickets = cards, tickets

    def cards(self, n: int) -> Hand:
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return tuple(dealt.count(c) for c in range(NUM_CARD_TYPES))

    def rest_of_cards(self, n: int) -> tuple[int, ...]:
        rest, self._cards = tuple(self._cards[:n]), self._cards[n:]
        return rest

    def tickets(self, n: int) -> tuple[str, ...]:
        dealt, self._tickets = self._tickets[:n], self._tickets[n:]
        return tuple(dealt)

    def ticket(self) -> str:
        return self.tickets(1)[0]


def _unseen_cards(seen: GameState) -> list[int]:
    """The train cards a view does not show: the whole deck but the row, the discards, the
    seat's own hand, the holders it sees, a tunnel's reveal and a card being placed."""
    counts = list(seen.board.deck)
    shown: list[int] = [c for c in seen.face_up if c != NO_CARD] + list(seen.discard)
    for hand in (seen.players[seen.seat].hand, *_seen_holders(seen)):
        shown += [c for c, n in enumerate(hand) for _ in range(n)]
    pending = seen.pending
    if isinstance(pending, TunnelPayment):
        shown += pending.revealed
    if isinstance(pending, CardPlacement):
        shown.append(pending.card)
    for card in shown:
        counts[card] -= 1
    return [c for c, n in enumerate(counts) for _ in range(n)]


def _seen_holders(seen: GameState) -> list[Hand]:
    return [h for t, h in enumerate(seen.holders) if _sees_holder(seen, t)]


def _sees_holder(seen: GameState, team: int) -> bool:
    """Whether the view shows team ``team``'s holder (its own, or all when they are public)."""
    return team == seen.seat // 2 or bool(seen.options.team_holders_public)


def _unseen_tickets(seen: GameState) -> list[str]:
    """The game's tickets the view does not show anywhere (those in the box among them)."""
    shown = {t for p in seen.players for t in p.tickets} | {t for s in seen.shared for t in s}
    shown |= set(seen.setup_shares)  # (a seat's own setup offer: kept, or back in the pile)
    pending = seen.pending
    if isinstance(pending, TicketChoice | ShareChoice):
        shown |= set(pending.tickets)
    every = ticket_rules(seen.board, seen.options).all_tickets
    return [t for t in every if t not in shown]


def playout(state: GameState, rng: random.Random, bot: Bot = greedy_bot,
            limit: int = 5000) -> GameState:
    """The game from ``state`` played to its end (or ``limit`` moves) by ``bot`` in every
    seat."""
    for _ in range(limit):
        if state.is_over:
            break
        state = apply(state, bot(state, rng).action)
    return state


def margin(state: GameState, me: int) -> int:
    """Player ``me``'s total less the best total of the others (in a team game: ``me``'s
    team's less the best other team's)."""
    totals = [p.total for p in score(state).players]
    mine = me // 2 if state.teams else me
    return totals[mine] - max(t for i, t in enumerate(totals) if i != mine)
