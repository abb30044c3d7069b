"""The train cards on the move: the pile and its reshuffles, the face-up row and hands.

Rules draw.reshuffle, draw.replace, draw.three-locomotives and draw.refresh-limit, and the
small sums on hands that paying and drawing need. Used by the engine and by team play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ttr_widgets.rules import i18n
from ttr_widgets.rules.model import (
    LOCO,
    NUM_CARD_TYPES,
    Board,
    Hand,
    card_index,
)
from ttr_widgets.rules.state import (
    NO_CARD,
    GameState,
    PlayerState,
)


@dataclass(slots=True)
class Pile:
    """The pile and discards while one action is worked out (a local scratch value, never
    stored: the state keeps tuples)."""

    deck: tuple[int, ...]
    discard: tuple[int, ...]
    seed: int
    shuffles: int

    @classmethod
    def of(cls, state: GameState) -> Pile:
        return cls(state.deck, state.discard, state.seed, state.shuffles)

    def take(self) -> int:
        """The top card (rule draw.reshuffle when the pile is empty), or NO_CARD if none is
        left."""
        if not self.deck:
            if not self.discard:
                return NO_CARD
            cards = list(self.discard)
            random.Random(f"ttr:{self.seed}:shuffle:{self.shuffles}").shuffle(cards)
            self.deck, self.discard, self.shuffles = tuple(cards), (), self.shuffles + 1
        card = self.deck[-1]
        self.deck = self.deck[:-1]
        return card

    def changes(self) -> dict[str, Any]:
        return {"deck": self.deck, "discard": self.discard, "shuffles": self.shuffles}


def check_row(board: Board, row: tuple[int, ...], pile: Pile, refreshes: int
               ) -> tuple[tuple[int, ...], int]:
    """Rules draw.three-locomotives and draw.refresh-limit: refresh a row showing 3
    locomotives, at most ``face_up_reset_attempts`` times in a row."""
    rules = board.rules
    for _ in range(rules.face_up_reset_attempts):
        if row.count(LOCO) < rules.face_up_locomotive_reset or not (pile.deck or pile.discard):
            break
        pile.discard += tuple(c for c in row if c != NO_CARD)
        row = tuple(pile.take() for _slot in range(rules.face_up))
        refreshes += 1
    return row, refreshes


def refill_row(state: GameState, pile: Pile) -> dict[str, Any]:
    """Rule draw.replace: fill empty face-up slots (after cards reach the discards). Returns
    the changed fields."""
    row, refreshes = state.face_up, state.refreshes
    if NO_CARD in row:
        row = tuple(pile.take() if c == NO_CARD else c for c in row)
        row, refreshes = check_row(state.board, row, pile, refreshes)
    return {"face_up": row, "refreshes": refreshes, **pile.changes()}


def pile_notes(state: GameState, changes: dict[str, Any]) -> str:
    """Say what happened to the pile and the face-up row on the way (rules
    draw.three-locomotives and draw.reshuffle), so logs and lessons can show it."""
    notes = refresh_note(changes.get("refreshes", state.refreshes) - state.refreshes)
    if changes.get("shuffles", state.shuffles) > state.shuffles:
        notes += " " + i18n._("The pile ran out: the discards were shuffled into a new pile.")
    return notes


def refresh_note(refreshed: int) -> str:
    """' The face-up row showed 3 locomotives and was replaced (2 times).' ('' for none)."""
    if not refreshed:
        return ""
    if refreshed == 1:
        return " " + i18n._("The face-up row showed 3 locomotives and was replaced.")
    return " " + i18n.ngettext(
        "The face-up row showed 3 locomotives and was replaced ({n} time).",
        "The face-up row showed 3 locomotives and was replaced ({n} times).",
        refreshed).format(n=refreshed)


def add_card(hand: Hand, card: int) -> Hand:
    return (*hand[:card], hand[card] + 1, *hand[card + 1:])


def add_hands(hand: Hand, more: Hand) -> Hand:
    return tuple(h + m for h, m in zip(hand, more, strict=True))


def subtract(hand: Hand, cost: Hand) -> Hand:
    return tuple(h - c for h, c in zip(hand, cost, strict=False))


def cards_of(cost: Hand) -> tuple[int, ...]:
    return tuple(c for c, n in enumerate(cost) for _ in range(n))


def payment_hand(color: str, colored: int, locos: int) -> Hand:
    cost = [0] * NUM_CARD_TYPES
    cost[LOCO] = locos
    if colored:
        cost[card_index(color)] = colored
    return tuple(cost)


def with_player(state: GameState, player: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[state.current] = player
    return tuple(players)
