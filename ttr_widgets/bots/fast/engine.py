"""A fast engine for playing whole games at random: rollouts for search, and ``ttr simulate``.

The reference engine (``engine.py``) validates every action and builds a new immutable
``GameState`` each time; that is what the widgets, the lessons and the CLI want. Searching and
simulating want many whole games quickly, so this module plays the same rules on one mutable
``FastGame``, with tables built once per board:

* the number of ways to pay for claims is read from tables indexed by (cards of a colour,
  locomotives) that sum every open route's payments, updated when a route closes for everyone
  (claimed, or its twin claimed with fewer than 4 players); the few open routes closed to one
  player (the twin of their own route, longer than their trains) are a bit mask whose payments
  are taken off; so counting the legal actions costs a few look-ups;
* the routes a hand can pay for are a bit mask (per colour, by cards in reach), so picking the
  i-th legal action walks only those routes;
* the ticket pile, the train-card pile, the hands and the owners are lists changed in place;
* at the end, ``score`` is ``engine.score`` with a quicker longest-trail search
  (``fast_trail``).

Rollouts: ``game = FastGame.from_state(state)`` once, then per rollout ``g = game.clone()`` and
``g.random_step(rng.getrandbits)`` until ``g.is_over`` (or ``play_random``), then
``score(g.to_state())``.

The parts, each importing only those before it: ``fast.tables`` (move codes and the public
actions they are, the board's tables), ``fast.state`` (``FastState``: the game's lists and
payment tables, read from a ``GameState`` and back, ``supports``), ``fast.play``
(``RandomPicks``: counting and picking legal moves, ``play_random``), ``fast.score``
(``fast_trail``, ``score``); here ``FastGame`` carries the moves out. Their public names are
importable from here.

It plays the identical game: ``random_step`` picks exactly what ``engine.random_action`` picks
with the same generator (which is ``rng.choice(legal_actions(state))``), and carries it out as
``engine.apply`` would, reshuffles drawing from the same seeded generators. ``to_state``
gives the public ``GameState`` back (equal to the reference's, but for ``last_event``: the fast
engine writes no sentences, so that field is empty) and ``from_state`` starts from any public
position (a strong bot's rollout starts from the real game).

Covered: every map, 2-5 players, every ticket variant; not Warehouses & Depots nor team play
(``supports`` says so, and callers fall back to the reference engine).
"""

from __future__ import annotations

import random

from ttr_widgets.bots.fast.play import Drawn, RandomPicks, RandomPlay, play_random
from ttr_widgets.bots.fast.score import MAX_CYCLES, fast_trail, score
from ttr_widgets.bots.fast.state import supports
from ttr_widgets.bots.fast.tables import (
    BLIND,
    CHOICE,
    CLAIM,
    DECLINE,
    FACE,
    KEEP,
    NONE,
    PASS,
    PAY,
    SECOND,
    STATION,
    TICKETS,
    TUNNEL,
    Bits,
    Move,
    action_of,
    move_of,
)
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.engine import why_illegal
from ttr_widgets.rules.model import LOCO
from ttr_widgets.rules.state import NO_CARD

__all__ = ["BLIND", "CHOICE", "CLAIM", "DECLINE", "FACE", "KEEP", "MAX_CYCLES", "NONE", "PASS",
           "PAY", "SECOND", "STATION", "TICKETS", "TUNNEL", "Bits", "Drawn", "FastGame", "Move",
           "RandomPlay", "fast_trail", "play_random", "score", "supports"]


class FastGame(RandomPicks):
    """One game on mutable lists (``state.FastState``). Build it with ``FastGame.start`` (a new
    deal, the same as ``engine.new_game``) or ``FastGame.from_state``; play with
    ``random_step`` (``play.RandomPicks``; or ``random_action`` and ``apply``); read it back
    with ``to_state``."""

    __slots__ = ()

    # ----- carrying out a move

    def do(self, move: Move) -> None:
        """Carry out a move (legal: picked by the fast engine or checked by ``apply``)."""
        kind = move[0]
        if kind == BLIND:
            self._draw(self._take(), False)
        elif kind == FACE:
            self._draw_face_up(move[1])
        elif kind == CLAIM:
            self._claim(*move[1:])
        elif kind == KEEP:
            self._keep(move[1])
        elif kind == TICKETS:
            draw = self.rules.draw
            drawn = tuple(self.ticket_pile[:draw])
            del self.ticket_pile[:draw]
            self.pending = CHOICE
            self.choice = (drawn, min(self.rules.draw_keep, len(drawn)), False, None)
        elif kind == STATION:
            self._station(*move[1:])
        elif kind == PAY:
            self._pay_tunnel(move[1])
        elif kind == DECLINE:
            self.discard += self.tunnel[3]
            self._refill_row()
            self._end_turn()
        else:
            self._end_turn(passed=True)

    def _take(self) -> int:
        """The pile's top card (rule draw.reshuffle, with the reference's generators)."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return NO_CARD
            deck = self.deck = self.discard
            random.Random(f"ttr:{self.seed}:shuffle:{self.shuffles}").shuffle(deck)
            self.discard = []
            self.shuffles += 1
        return deck.pop()

    def _draw_face_up(self, card: int) -> None:
        row = self.row
        row[row.index(card)] = self._take()
        if row.count(LOCO) >= self.board.rules.face_up_locomotive_reset:
            self._check_row()
        self._draw(card, True)

    def _draw(self, card: int, face_up: bool) -> None:
        self.hands[self.current][card] += 1
        if self.pending == SECOND or (face_up and card == LOCO) or not (
                self.deck or self.discard or any(c != NO_CARD and c != LOCO for c in self.row)):
            self._end_turn()
        else:
            self.pending = SECOND

    def _check_row(self) -> None:
        """Rules draw.three-locomotives and draw.refresh-limit."""
        rules = self.board.rules
        for _ in range(rules.face_up_reset_attempts):
            row = self.row
            if row.count(LOCO) < rules.face_up_locomotive_reset or not (self.deck
                                                                         or self.discard):
                break
            self.discard += [c for c in row if c != NO_CARD]
            self.row = [self._take() for _slot in range(rules.face_up)]
            self.refreshes += 1

    def _refill_row(self) -> None:
        row = self.row
        if NO_CARD in row:
            for slot, card in enumerate(row):
                if card == NO_CARD:
                    row[slot] = self._take()
            self._check_row()

    def _claim(self, r: int, color: int, locos: int) -> None:
        length = self.tables.length[r]
        if not self.tables.tunnel[r]:
            self._finish_claim(r, color, length - locos, locos)
            return
        revealed = []
        for _ in range(self.board.rules.tunnel_reveal):
            card = self._take()
            if card == NO_CARD:
                break  # rule tunnel.short-pile
            revealed.append(card)
        extra = revealed.count(LOCO)
        if color != LOCO:
            extra += revealed.count(color)
        if extra:
            self.pending = TUNNEL
            self.tunnel = (r, color, locos, revealed, extra)
            return
        self.discard += revealed
        self._finish_claim(r, color, length - locos, locos)

    def _pay_tunnel(self, k: int) -> None:
        r, color, locos, revealed, extra = self.tunnel
        used = locos + k
        self.discard += revealed
        self._finish_claim(r, color, self.tables.length[r] + extra - used, used)

    def _pay(self, color: int, colored: int, locos: int) -> None:
        hand = self.hands[self.current]
        if colored:
            hand[color] -= colored
            self.discard += [color] * colored
        if locos:
            hand[LOCO] -= locos
            self.discard += [LOCO] * locos

    def _finish_claim(self, r: int, color: int, colored: int, locos: int) -> None:
        p = self.current
        self._pay(color, colored, locos)
        t = self.tables
        self.trains[p] -= t.length[r]
        self.routes[p].append(r)
        self.route_points[p] += t.points[r]
        self._claimed(r, p)
        self.owners[r] = p
        self._refill_row()
        self._end_turn()

    def _station(self, city: int, color: int, locos: int) -> None:
        p = self.current
        rules = self.board.rules
        cost = rules.station_costs[rules.stations - self.stations_left[p]]
        self._pay(color, cost - locos, locos)
        self.stations_left[p] -= 1
        self.stations.append((self.tables.cities[city], p))
        self.taken[city] = True
        self.free_cities -= 1
        self._refill_row()
        self._end_turn()

    def _keep(self, kept: tuple[str, ...]) -> None:
        offer, _keep, setup, _max_long = self.choice
        p = self.current
        self.tickets[p] += kept
        if not (setup and self.rules.setup_rejects == "box"):
            self.ticket_pile += [t for t in offer if t not in kept]
        if not setup:
            self._end_turn()
        elif p + 1 < self.n:
            self.current = p + 1
            offer = self.setup_offers[p + 1]
            rules = self.rules
            self.choice = (offer, min(rules.keep_setup, len(offer)), True, rules.max_long_kept)
        else:
            self.setup_offers = ()
            self.current = 0
            self.pending = NONE

    def _end_turn(self, passed: bool = False) -> None:
        """Rules end.trigger and end.stalemate, as ``engine._end_turn``."""
        final = self.final
        if final > 0:
            final -= 1
        elif final < 0 and self.trains[self.current] <= self.board.rules.end_trains:
            final = self.n
        self.passes = self.passes + 1 if passed else 0
        if self.passes >= self.n:
            final = 0
        self.final = final
        self.current = (self.current + 1) % self.n
        self.pending = NONE
        self.turn += 1

    # ----- moves as public actions

    def apply(self, action: Action) -> None:
        """Carry out a public action, refused as ``engine.apply`` refuses it (this checks it
        against the reference rules on the public position: for play from outside, not for
        rollouts, which use ``random_step`` or ``do``)."""
        error = why_illegal(self.to_state(), action)
        if error is not None:
            raise error
        self.do(self.move(action))

    def move(self, action: Action) -> Move:
        """The move a (legal) public action is (``tables.move_of``)."""
        return move_of(self.board, self.tables, action)

    def action(self, move: Move) -> Action:
        """The public action a move is (``tables.action_of``)."""
        return action_of(self.tables, move)
