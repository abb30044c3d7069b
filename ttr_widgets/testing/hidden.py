"""Positions as the player to move sees them, with what is hidden from them changed: a bot that
reads only what its seat may see must play the same move in both."""

from __future__ import annotations

import random

from ttr_widgets.rules.state import GameState, evolve

__all__ = ["hidden_changed"]


def hidden_changed(state: GameState, rng: random.Random) -> GameState:
    """The same position as the player to move sees it, with everything hidden from them dealt
    again: the pile in another order, the other players' hands swapped with pile cards (as many
    as they hold), their tickets swapped with tickets from the ticket pile."""
    me = state.current
    deck = list(state.deck)
    players = list(state.players)
    for i, p in enumerate(players):
        if i == me:
            continue
        cards = [c for c, n in enumerate(p.hand) for _ in range(n)]
        pool = deck + cards
        rng.shuffle(pool)
        new = pool[:len(cards)]
        deck = pool[len(cards):]
        hand = tuple(new.count(c) for c in range(len(p.hand)))
        players[i] = evolve(p, hand=hand)
    rng.shuffle(deck)
    pile = list(state.tickets)
    for i, p in enumerate(players):
        if i == me or not pile:
            continue
        swap = min(len(p.tickets), len(pile))
        given, pile = pile[:swap], pile[swap:] + list(p.tickets[:swap])
        players[i] = evolve(players[i], tickets=tuple(given) + p.tickets[swap:])
    rng.shuffle(pile)
    return evolve(state, deck=tuple(deck), players=tuple(players), tickets=tuple(pile))
