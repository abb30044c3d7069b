"""The fast engine's random play: the legal moves counted from the payment tables, the i-th
of them picked as ``engine.random_action`` picks it, and whole games played at random
(``play_random``).

``RandomPicks`` is the fast game's state (``state.FastState``) with its legal moves counted and
picked; it reads the lists and tables and changes nothing but through ``do``, which
``engine.FastGame`` defines.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttr_widgets.bots.fast.state import FastState
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
    Bits,
    Move,
    action_of,
    ticket_combos,
)
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.model import LOCO
from ttr_widgets.rules.state import NO_CARD
from ttr_widgets.rules.stats import TURN_KINDS

__all__ = ["Drawn", "RandomPicks", "RandomPlay", "play_random"]


class RandomPicks(FastState):
    """Counting and picking the legal moves of a ``FastGame`` (see the module docstring)."""

    __slots__ = ()

    if TYPE_CHECKING:  # carrying a move out is the game's own (``engine.FastGame``)
        def do(self, move: Move) -> None: ...

    # ----- counting the legal moves

    def _claim_count(self, hand: list[int], p: int, keys: tuple[int, ...]) -> int:
        """How many claim actions the player has (every route's payments)."""
        c, g = self.colored, self.gray
        k0, k1, k2, k3 = keys[hand[0]], keys[hand[1]], keys[hand[2]], keys[hand[3]]
        k4, k5, k6, k7 = keys[hand[4]], keys[hand[5]], keys[hand[6]], keys[hand[7]]
        count = (c[0][k0] + c[1][k1] + c[2][k2] + c[3][k3] + c[4][k4] + c[5][k5] + c[6][k6]
                 + c[7][k7] + g[k0] + g[k1] + g[k2] + g[k3] + g[k4] + g[k5] + g[k6] + g[k7]
                 + self.gray_locos[keys[0]])
        blocked = self.blocked[p] & self.open
        if blocked:
            mask = self._payable(hand) & blocked
            colour_keys = [keys[h] for h in hand]
            colour_keys[LOCO] = keys[0]
            while mask:
                low = mask & -mask
                count -= self._route_size(low.bit_length() - 1, colour_keys)
                mask ^= low
        return count

    def _payable(self, hand: list[int]) -> int:
        """The routes the hand can pay for (open or not), as a mask."""
        t = self.tables
        locos = hand[LOCO]
        top = t.top
        lf = locos if locos < t.max_ferry else t.max_ferry
        masks = t.colour_mask
        found = 0
        most = 0
        for c in range(8):
            held = hand[c]
            if held > most:
                most = held
            reach = held + locos
            found |= masks[c][reach if reach < top else top][lf]
        reach = most + locos
        return found | t.gray_mask[reach if reach < top else top][lf]

    def _route_size(self, r: int, keys: list[int]) -> int:
        """Ways to pay route ``r``; ``keys``: the hand's key for each colour, then for none."""
        t = self.tables
        c = t.color[r]
        if c != 8:
            return t.vector[r][keys[c]]
        return sum(map(t.vector[r].__getitem__, keys[:8])) + t.loco_vector[r][keys[8]]

    def _station_size(self, hand: list[int], keys: tuple[int, ...]) -> int:
        rules = self.board.rules
        cost = rules.station_costs[rules.stations - self.stations_left[self.current]]
        v = self.tables.station_vector[cost]
        return (v[keys[hand[0]]] + v[keys[hand[1]]] + v[keys[hand[2]]] + v[keys[hand[3]]]
                + v[keys[hand[4]]] + v[keys[hand[5]]] + v[keys[hand[6]]] + v[keys[hand[7]]]
                + (hand[LOCO] >= cost))

    # ----- the random bot

    def random_step(self, bits: Bits) -> Move:
        """Pick as ``engine.random_action`` would with the generator whose ``getrandbits`` is
        ``bits``, carry it out, and return the move."""
        move = self._pick_random(bits)
        self.do(move)
        return move

    def random_action(self, rng: random.Random) -> Action:
        """Exactly ``engine.random_action(self.to_state(), rng)``."""
        return action_of(self.tables, self._pick_random(rng.getrandbits))

    def _pick_random(self, bits: Bits) -> Move:
        pending = self.pending
        if pending == NONE:
            return self._pick_turn(bits)
        if pending == SECOND:
            faces = sorted(set(self.row) - {NO_CARD, LOCO})
            blind = 1 if self.deck or self.discard else 0
            i = _below(bits, blind + len(faces))
            return (BLIND,) if i < blind else (FACE, faces[i - blind])
        if pending == CHOICE:
            offer, keep, _setup, max_long = self.choice
            if max_long is None:
                combos = ticket_combos(self.tables, len(offer), keep)
                chosen = combos[_below(bits, len(combos))]
                return KEEP, tuple(offer[j] for j in chosen)
            choices = self._ticket_choices()
            return KEEP, choices[_below(bits, len(choices))]
        payments = self._tunnel_payments()
        i = _below(bits, len(payments) + 1)
        return (PAY, payments[i]) if i < len(payments) else (DECLINE,)

    def _pick_turn(self, bits: Bits) -> Move:
        """A random action at the start of a turn: draws, tickets, claims, stations, pass."""
        p = self.current
        hand = self.hands[p]
        t = self.tables
        locos = hand[LOCO]
        keys = t.keys[locos if locos < t.top else t.top]
        blind = 1 if self.deck or self.discard else 0
        row = self.row
        faces = set(row)
        faces.discard(NO_CARD)
        head = blind + len(faces) + (1 if self.ticket_pile else 0)
        claims = self._claim_count(hand, p, keys)
        size = self._station_size(hand, keys) if self.stations_left[p] else 0
        total = head + claims + size * self.free_cities
        if not total:
            return (PASS,)
        i = _below(bits, total)
        if i < head:
            if i < blind:
                return (BLIND,)
            i -= blind
            if i < len(faces):
                return FACE, sorted(faces)[i]
            return (TICKETS,)
        i -= head
        if i < claims:
            return self._nth_claim(i, hand, p, keys)
        i -= claims
        city, i = divmod(i, size)
        return (STATION, self._nth_free_city(city), *self._nth_payment(
            -1, self.board.rules.station_costs[self.board.rules.stations - self.stations_left[p]],
            0, i, hand))

    def _nth_claim(self, i: int, hand: list[int], p: int, keys: tuple[int, ...]) -> Move:
        t = self.tables
        mask = self._payable(hand) & self.open & ~self.blocked[p]
        colour_keys = [keys[h] for h in hand]
        k0, k1, k2, k3, k4, k5, k6, k7, _ = colour_keys
        lk = colour_keys[LOCO] = keys[0]
        vectors, colors, locos = t.vector, t.color, t.loco_vector
        while mask:
            low = mask & -mask
            r = low.bit_length() - 1
            c = colors[r]
            v = vectors[r]
            if c != 8:
                size = v[colour_keys[c]]
            else:
                size = (v[k0] + v[k1] + v[k2] + v[k3] + v[k4] + v[k5] + v[k6] + v[k7]
                        + locos[r][lk])
            if i < size:
                return (CLAIM, r, *self._nth_payment(-1 if c == 8 else c, t.length[r],
                                                     t.ferry[r], i, hand))
            i -= size
            mask ^= low
        raise AssertionError("claim index beyond the payable routes")

    @staticmethod
    def _nth_payment(color: int, cost: int, low: int, i: int, hand: list[int]
                     ) -> tuple[int, int]:
        """The i-th way to pay, as ``engine._payment_runs`` lists them: (colour, locos)."""
        locos = hand[LOCO]
        top = locos if locos < cost - 1 else cost - 1
        for c in (color,) if color >= 0 else range(8):
            need = cost - hand[c]
            if need < low:
                need = low
            if need <= top:
                if i <= top - need:
                    return c, need + i
                i -= top - need + 1
        return LOCO, cost

    def _nth_free_city(self, n: int) -> int:
        for city, taken in enumerate(self.taken):
            if not taken:
                if not n:
                    return city
                n -= 1
        raise AssertionError("station index beyond the free cities")

    def _ticket_choices(self) -> list[tuple[str, ...]]:
        offer, keep, _setup, max_long = self.choice
        choices = [tuple(offer[j] for j in combo)
                   for combo in ticket_combos(self.tables, len(offer), keep)]
        if max_long is not None:
            kinds = self.board.ticket_by_id
            choices = [c for c in choices
                       if sum("long" in kinds[t].kind for t in c) <= max_long]
        return choices

    def _tunnel_payments(self) -> list[int]:
        """The surcharge payments the hand allows: extra locomotives used, in order."""
        r, color, locos, _revealed, extra = self.tunnel
        hand = self.hands[self.current]
        found = []
        for k in range(extra + 1):
            used = locos + k
            colored = self.tables.length[r] + extra - used
            if colored and (color == LOCO or hand[color] < colored):
                continue
            if hand[LOCO] >= used:
                found.append(k)
        return found


def _below(bits: Bits, n: int) -> int:
    """``random.Random._randbelow(n)``, the draw behind ``rng.choice`` of ``n`` items."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


Drawn = dict[str, tuple[int, int]]  #: ticket → (turn, trains left) when drawn in play
_KIND = {BLIND: "draw_cards", FACE: "draw_cards", CLAIM: "claim_route",
         TICKETS: "draw_tickets", STATION: "build_station", PASS: "passed"}
"""The kind of turn a move starts (``stats``'s turn kinds)."""


@dataclass(slots=True)
class RandomPlay:
    """What ``play_random`` saw, as ``simulate.play_game`` and ``stats.StatsTally`` count it:
    steps played, the tickets each player kept at setup, when each ticket drawn later was
    drawn, per player the cards and tickets drawn and refreshes set off (``StatsTally``'s
    counts) and turns by kind, and the last round's first turn and who set it off."""

    steps: int
    setup_tickets: tuple[tuple[str, ...], ...]
    drawn: Drawn
    counts: list[dict[str, int]]
    turns: list[dict[str, int]]
    last_round: tuple[int, str] | None


def play_random(game: RandomPicks, rngs: Sequence[random.Random], max_steps: int) -> RandomPlay:
    """Play on at random, each player drawing from their own generator, as
    ``simulate.play_game`` plays random bots; stop at the end or after ``max_steps`` steps."""
    bits = [rng.getrandbits for rng in rngs]
    setup: tuple[tuple[str, ...], ...] | None = None if game.setup_offers else ()
    drawn: Drawn = {}
    counts = [dict.fromkeys(_COUNTED, 0) for _ in range(game.n)]
    turns = [dict.fromkeys(TURN_KINDS, 0) for _ in range(game.n)]
    kind: str | None = None
    last_round: tuple[int, str] | None = None
    steps = 0
    pick, do, hands = game._pick_random, game.do, game.hands
    while game.final and steps < max_steps:
        me = game.current
        move = pick(bits[me])
        code = move[0]
        count = counts[me]
        if code == KEEP:
            count["tickets_drawn"] += len(game.choice[0])
            if not game.setup_offers:
                drawn.update((t, (game.turn, game.trains[me])) for t in move[1])
        elif game.pending == NONE and not game.setup_offers:
            kind = _KIND.get(code, kind)
        turn, final, refreshes = game.turn, game.final, game.refreshes
        if code == BLIND:
            locos = hands[me][LOCO]
            do(move)
            count["cards_blind"] += 1
            count["locomotives_blind"] += hands[me][LOCO] - locos
        else:
            do(move)
            if code == FACE:
                count["cards_face_up"] += 1
                count["locomotives_face_up"] += move[1] == LOCO
        if game.refreshes != refreshes:
            count["refreshes"] += game.refreshes - refreshes
        if game.turn != turn:
            done = "declined_tunnel" if code == DECLINE else kind or _KIND.get(code, "passed")
            turns[me][done] += 1
            kind = None
            if final < 0 < game.final:
                last_round = (game.turn + 1, game.names[me])
        if setup is None and not game.setup_offers:
            setup = tuple(tuple(t) for t in game.tickets)
        steps += 1
    return RandomPlay(steps, setup or (), drawn, counts, turns, last_round)


_COUNTED = ("cards_face_up", "cards_blind", "locomotives_face_up", "locomotives_blind",
            "cards_collected", "tickets_drawn", "refreshes")
