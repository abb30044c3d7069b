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
from ttr_widgets.rules.events import a_card, draw_words, placed_words, told
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import CARD_NAMES, Hand
from ttr_widgets.rules.state import NO_CARD, CardPlacement, GameState, SecondCard
from ttr_widgets.rules.teams import HOLDER
from ttr_widgets.rules.words import and_list, colour_of, is_you
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
    named = [_("{ticket} ({points})").format(
        ticket=t.cities_label,
        points=ngettext("{n} point", "{n} points", t.points).format(n=t.points)) for t in done]
    return told(now.name, _("You complete {tickets}."), _("{name} completes {tickets}."),
                tickets=and_list(named))


def _own_event(before: GameState, action: Action, after: GameState) -> str:
    event = after.last_event
    pending = before.pending
    name = before.player.name
    if isinstance(action, PlaceCard) and isinstance(pending, CardPlacement) and \
            pending.card != NO_CARD:  # the card they saw
        plain = placed_words(name, action.to)
        if plain in event:
            return event.replace(plain, placed_words(name, action.to, CARD_NAMES[pending.card]),
                                 1)
    if isinstance(action, DrawBlind):
        card = blind_card(before, after, before.current)
        if card is not None:
            plain, drawn = draw_words(name), draw_words(name, card)
            if plain in event:
                return event.replace(plain, drawn, 1)
            return _("{event} ({card})").format(event=event, card=a_card(card))
    return event


def _draws(turn: Sequence[Move]) -> str:
    """A turn of card draws in one sentence: "Ann draws 2 cards: the face-up blue and one from
    the pile.", "Ann draws 2 cards from the pile." (in a team game with where each went)."""
    name = turn[0][0].player.name
    cards: list[str | None] = []  #: a face-up card's colour, or None for one from the pile
    places = []
    for i, (before, action, _after) in enumerate(turn):
        if isinstance(action, PlaceCard):
            continue
        cards.append(action.card if isinstance(action, DrawFaceUp) else None)
        if before.teams:
            places.append(HOLDER if _place(turn, i) == HOLDER else "hand")
    n = len(cards)
    if all(card is None for card in cards):  # nothing to tell apart but places
        drew = told(name, ngettext("You draw {n} card from the pile",
                                   "You draw {n} cards from the pile", n),
                    ngettext("{name} draws {n} card from the pile",
                             "{name} draws {n} cards from the pile", n), n=n)
        return f"{drew}{_into(places)}."
    drew = told(name, ngettext("You draw {n} card", "You draw {n} cards", n),
                ngettext("{name} draws {n} card", "{name} draws {n} cards", n), n=n)
    said = [_card_words(card) for card in cards]
    if places:
        said = [_("{card} (into {place})").format(card=card, place=_place_words(place))
                for card, place in zip(said, places, strict=True)]
    return _("{drew}: {cards}.").format(drew=drew, cards=and_list(said))


def _card_words(card: str | None) -> str:
    """'the face-up blue', 'one from the pile'."""
    if card is None:
        return _("one from the pile")
    return _("the face-up {card}").format(card=colour_of(card))


def _place_words(place: str) -> str:
    return _("the team holder") if place == HOLDER else _("the hand")


def _into(places: Sequence[str]) -> str:
    """Where blind cards went in a team game: ' (into the hand)', ': one into the hand and one
    into the team holder' ('' outside team games)."""
    if not places:
        return ""
    if len(set(places)) == 1:
        return " " + _("(into {place})").format(place=_place_words(places[0]))
    return ": " + and_list([_("one into {place}").format(place=_place_words(place))
                            for place in places])


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


def _turn_kind(turn: Sequence[Move], *, article: bool = False) -> str:
    """What a turn was, in a few public words: "claim of Ayr – Bree", "card draw" (with
    ``article``: "a card draw")."""
    first = turn[0][0]
    board = first.board
    for _before, action, _after in turn:
        if isinstance(action, ClaimRoute):
            said = _("a claim of {route}") if article else _("claim of {route}")
            return said.format(route=board.route(action.route).cities_label)
        if isinstance(action, BuildStation):
            said = _("a station in {city}") if article else _("station in {city}")
            return said.format(city=board.city_label(action.city))
    action = turn[0][1]
    if isinstance(action, DrawTickets | KeepTickets):
        if first.in_setup:
            return _("a choice of starting tickets") if article else \
                _("choice of starting tickets")
        return _("a ticket draw") if article else _("ticket draw")
    if isinstance(action, DrawBlind | DrawFaceUp | PlaceCard):
        return _("a card draw") if article else _("card draw")
    if isinstance(action, Pass):
        return _("a pass") if article else _("pass")
    if isinstance(action, PlaceDepot):
        return _("a Depot placement") if article else _("Depot placement")
    return _("a move") if article else _("move")


def _undone_words(turns: Sequence[Sequence[Move]]) -> str:
    """The turns taken back: "your claim of Ayr – Bree and Bob's reply (a card draw)"; the
    turns after the first one's, when others played them, are its replies."""
    first = turns[0][0][0].current
    words = [_whose(turns[0][0][0].player.name, _turn_kind(turns[0]))]
    for turn in turns[1:]:
        who = turn[0][0].player.name
        if turn[0][0].current != first:
            reply = (_("your reply ({move})") if is_you(who) else _("{name}'s reply ({move})"))
            words.append(reply.format(name=who, move=_turn_kind(turn, article=True)))
        else:
            words.append(_whose(who, _turn_kind(turn)))
    return and_list(words)


def _whose(name: str, kind: str) -> str:
    """'your claim of Ayr – Bree', "Bob's card draw"."""
    return (_("your {move}") if is_you(name) else _("{name}'s {move}")).format(name=name,
                                                                              move=kind)


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
        taken = ngettext("Undone: {n} move taken back, to {where} (Redo plays it again).",
                         "Undone: {n} moves taken back, to {where} (Redo plays them again).",
                         -steps).format(n=-steps, where=where)
        were = ngettext("It was {moves}.", "They were {moves}.", len(undone)).format(
            moves=_undone_words(undone))
        return f"{taken} {were}"
    if steps > 0:
        return ngettext("Redone: {n} move played again, to {where}.",
                        "Redone: {n} moves played again, to {where}.", steps).format(
            n=steps, where=where)
    if after.cursor == 0:
        return _("Nothing to undo: this is the deal.")
    if after.cursor == len(after.actions):
        return _("Nothing to redo: this is the latest move.")
    return _("Still at {where}.").format(where=where)
