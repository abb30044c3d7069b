"""The play app's narration: each turn told in one line, from the core's own words.

The engine writes every event (``GameState.last_event``: "Greedy bot claims New York–Pittsburgh
(2 red) for 2 points."); these helpers only pick and join them — a bot's turn of two card draws
becomes one sentence (in a team game with where each card went: the hand or the team holder),
a card the person drew blind is named (only its taker, and in a team game its team, sees it), and
Undo / Redo say how far they went.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PlaceCard,
    PlaceDepot,
)
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import CARD_NAMES, Hand
from ttr_widgets.rules.state import NO_CARD, CardPlacement, GameState, SecondCard
from ttr_widgets.rules.teams import HOLDER
from ttr_widgets.rules.words import a_card, card_noun, count, possessive, says, with_article
from ttr_widgets.widgets.table.stepper import turn_label

__all__ = ["blind_card", "completed_tickets", "game_moves", "last_claims", "moves_story",
           "navigation_story", "own_move", "round_story"]

Move = tuple[GameState, Action, GameState]


def blind_card(before: GameState, after: GameState, player: int) -> str | None:
    """The card ``player`` got from the pile between ``before`` and ``after`` (``None`` if
    neither their hand nor, in a team game, their team's holder grew by exactly one card)."""
    card = _grown(before.players[player].hand, after.players[player].hand)
    if card is None and before.teams:
        card = _grown(before.holders[player // 2], after.holders[player // 2])
    return card


def _grown(old: Hand, new: Hand) -> str | None:
    grown = [CARD_NAMES[i] for i, (a, b) in enumerate(zip(old, new, strict=True)) if b > a]
    return grown[0] if len(grown) == 1 and sum(new) - sum(old) == 1 else None


def own_move(before: GameState, action: Action, after: GameState) -> str:
    """What the person just did, in the core's words, and the tickets it completed (the person
    knows their own); a blind draw names the card drawn (the person sees their own hand)."""
    told = _own_event(before, action, after)
    completed = completed_tickets(before, after, before.current)
    return f"{told} {completed}" if completed else told


def completed_tickets(before: GameState, after: GameState, player: int) -> str:
    """The tickets of ``player`` that the move from ``before`` to ``after`` completed, as a
    sentence ("Ann completes Denver – El Paso (4 points)."), or ``""``: their own routes now
    join a ticket's cities and did not before (``graph.connected``; stations count only at the
    end). Only for the player's own eyes: tickets are secret (a team game's are shared, and
    told by the team's table instead)."""
    if before.teams:
        return ""
    board, was, now = before.board, before.players[player], after.players[player]
    if len(now.routes) == len(was.routes):
        return ""
    done = [board.ticket(t) for t in now.tickets
            if connected(board, now.routes, board.ticket(t).a, board.ticket(t).b)
            and not connected(board, was.routes, board.ticket(t).a, board.ticket(t).b)]
    if not done:
        return ""
    named = [f"{t.cities_label} ({count(t.points, 'point')})" for t in done]
    which = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    return f"{says(now.name, 'completes')} {which}."


def _own_event(before: GameState, action: Action, after: GameState) -> str:
    event = after.last_event
    pending = before.pending
    if isinstance(action, PlaceCard) and isinstance(pending, CardPlacement) and \
            pending.card != NO_CARD and " put it " in f" {event}":  # the card they saw
        seen = CARD_NAMES[pending.card]
        return event.replace("put it ", f"put the {card_noun(seen)} ", 1)
    if isinstance(action, DrawBlind):
        card = blind_card(before, after, before.current)
        if card is not None:
            drawn = f"{says(before.player.name, 'draws')} {a_card(card)} from the pile"
            plain = f"{says(before.player.name, 'draws')} a card from the pile"
            if plain in event:
                return event.replace(plain, drawn, 1)
            return f"{event} ({a_card(card)})"
    return event


def _draws(turn: Sequence[Move]) -> str:
    """A turn of card draws in one sentence: "Ann draws 2 cards: the face-up blue and one from
    the pile.", "Ann draws 2 cards from the pile." (in a team game with where each went)."""
    name = turn[0][0].player.name
    cards, places = [], []
    for i, (before, action, _after) in enumerate(turn):
        if isinstance(action, PlaceCard):
            continue
        cards.append(f"the face-up {action.card}" if isinstance(action, DrawFaceUp) else
                     "one from the pile")
        if before.teams:
            places.append("the team holder" if _place(turn, i) == HOLDER else "the hand")
    drew = f"{says(name, 'draws')} {count(len(cards), 'card')}"
    if all(card == "one from the pile" for card in cards):  # nothing to tell apart but places
        return f"{drew} from the pile{_into(places)}."
    told = [f"{card} (into {place})" for card, place in zip(cards, places, strict=True)] \
        if places else cards
    return f"{drew}: {' and '.join(told)}."


def _into(places: Sequence[str]) -> str:
    """Where blind cards went in a team game: ' (into the hand)', ': one into the hand and one
    into the team holder' ('' outside team games)."""
    if not places:
        return ""
    if len(set(places)) == 1:
        return f" (into {places[0]})"
    return ": " + " and ".join(f"one into {place}" for place in places)


def _place(turn: Sequence[Move], i: int) -> str:
    """Where the card drawn by the ``i``-th move of a team game's turn went: the second card to
    the place the first did not take, the first where the next move put it, a face-up
    locomotive (the whole draw) into the team holder."""
    pending = turn[i][0].pending
    if isinstance(pending, SecondCard) and pending.to:
        return pending.to
    placed = turn[i + 1][1] if i + 1 < len(turn) else None
    return placed.to if isinstance(placed, PlaceCard) else HOLDER


def moves_story(moves: Sequence[Move]) -> str:
    """The moves, turn by turn, one sentence (or the events) per turn: a turn of card draws as
    "Greedy bot draws 2 cards: the face-up blue and one from the pile." (the cards drawn blind
    are not named), any other turn as the engine's events."""
    told = []
    for turn in _turns(moves):
        if all(isinstance(a, DrawBlind | DrawFaceUp | PlaceCard) for _, a, _ in turn):
            told.append(_draws(turn))
        else:
            told.extend(after.last_event for _, _, after in turn)
    return " ".join(told)


def _turns(moves: Sequence[Move]) -> list[list[Move]]:
    """The moves split into the players' turns (a turn's moves: the same player, the same
    turn number)."""
    turns: list[list[Move]] = []
    for move in moves:
        before = move[0]
        if turns and (turns[-1][0][0].current, turns[-1][0][0].turn) == (before.current,
                                                                         before.turn):
            turns[-1].append(move)
        else:
            turns.append([move])
    return turns


def _turn_kind(turn: Sequence[Move]) -> str:
    """What a turn was, in a few public words: "claim of Ayr – Bree", "card draw"."""
    first = turn[0][0]
    board = first.board
    for _before, action, _after in turn:
        if isinstance(action, ClaimRoute):
            return f"claim of {board.route(action.route).cities_label}"
        if isinstance(action, BuildStation):
            return f"station in {board.city_label(action.city)}"
    action = turn[0][1]
    if isinstance(action, DrawTickets | KeepTickets):
        return "choice of starting tickets" if first.in_setup else "ticket draw"
    if isinstance(action, DrawBlind | DrawFaceUp | PlaceCard):
        return "card draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, PlaceDepot):
        return "Depot placement"
    return "move"


def _undone_words(turns: Sequence[Sequence[Move]]) -> str:
    """The turns taken back: "your claim of Ayr – Bree and Bob's reply (a card draw)"; the
    turns after the first one's, when others played them, are its replies."""
    first = turns[0][0][0].current
    words = [f"{possessive(turns[0][0][0].player.name, capital=False)} {_turn_kind(turns[0])}"]
    for turn in turns[1:]:
        who, kind = turn[0][0].player.name, _turn_kind(turn)
        if turn[0][0].current != first:
            words.append(f"{possessive(who, capital=False)} reply ({with_article(kind)})")
        else:
            words.append(f"{possessive(who, capital=False)} {kind}")
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def last_claims(game: Game) -> dict[str, int]:
    """Each player's claim in their latest turn up to the game's cursor, as route id → player
    (the board outlines them): a player whose latest turn was not a claim (cards, tickets, a
    tunnel given up) has none. At most one round back."""
    last: dict[str, int] = {}
    latest: dict[int, int] = {}  #: player → the number of their latest turn
    state = game.state
    for i in range(game.cursor - 1, -1, -1):
        before, action = game.states[i], game.actions[i]
        if before.in_setup or before.turn < state.turn - state.num_players:
            break
        player = before.current
        if latest.setdefault(player, before.turn) != before.turn:
            continue
        route = action.route if isinstance(action, ClaimRoute) else None
        if route is not None and state.owner(route) == player:  # a tunnel paid, not given up
            last[route] = player
    return last


def game_moves(game: Game, start: int, stop: int) -> tuple[Move, ...]:
    """The moves from step ``start`` to ``stop`` of ``game``'s record."""
    return tuple((game.states[i], game.actions[i], game.states[i + 1])
                 for i in range(start, stop))


def round_story(game: Game, told: str, since: int) -> str:
    """A person's move (``told``) and what the others did from step ``since`` to the game's
    cursor, at most one round back: with the prompt under it, the status line that tells a
    round."""
    since = min(since, game.cursor)
    round_start = game.state.turn - game.state.num_players  # at most one round back
    while since < game.cursor and game.states[since].turn < round_start:
        since += 1
    parts = [told, moves_story(game_moves(game, since, game.cursor))]
    return " ".join(p for p in parts if p)


def navigation_story(before: Game, after: Game) -> str:
    """What a move through the record did: "Undone: 3 moves taken back (Redo replays them)."
    """
    steps = after.cursor - before.cursor
    where = turn_label(after.state)
    if steps < 0:
        undone = _turns(game_moves(before, after.cursor, before.cursor))
        return (f"Undone: {count(-steps, 'move')} taken back, to {where} (Redo plays "
                f"{'it' if steps == -1 else 'them'} again). "
                f"{'It was' if len(undone) == 1 else 'They were'} {_undone_words(undone)}.")
    if steps > 0:
        return f"Redone: {count(steps, 'move')} played again, to {where}."
    if after.cursor == 0:
        return "Nothing to undo: this is the deal."
    if after.cursor == len(after.actions):
        return "Nothing to redo: this is the latest move."
    return f"Still at {where}."
