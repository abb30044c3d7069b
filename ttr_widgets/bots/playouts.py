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
from ttr_widgets.rules.state import GameState, evolve

__all__ = ["deal_hidden", "margin", "playout"]


def deal_hidden(state: GameState, rng: random.Random) -> GameState:
    """``state`` with what its player to move cannot see dealt again: the pile's order, the
    other players' hands (as many cards each) and tickets (as many each), the ticket pile, and
    the seed of later reshuffles (the game's own seed would tell the pile's future order)."""
    me = state.current
    others = [i for i in range(state.num_players) if i != me]
    cards = list(state.deck)
    for i in others:
        cards += [c for c, n in enumerate(state.players[i].hand) for _ in range(n)]
    cards.sort()  # what is hidden enters only as a multiset: its order is never read
    rng.shuffle(cards)
    tickets = list(state.tickets)
    for i in others:
        tickets += state.players[i].tickets
    tickets.sort()
    rng.shuffle(tickets)
    players = list(state.players)
    for i in others:
        p = players[i]
        size, kept = p.card_count, len(p.tickets)
        dealt, cards = cards[:size], cards[size:]
        hand = tuple(dealt.count(c) for c in range(len(p.hand)))
        players[i] = evolve(p, hand=hand, tickets=tuple(tickets[:kept]))
        tickets = tickets[kept:]
    return evolve(state, players=tuple(players), deck=tuple(cards), tickets=tuple(tickets),
                  seed=rng.getrandbits(48))


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
    """Player ``me``'s total less the best total of the others."""
    totals = [p.total for p in score(state).players]
    return totals[me] - max(t for i, t in enumerate(totals) if i != me)
