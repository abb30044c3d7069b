"""One shared table's authority: the true game, who sits where, and the event log.

A ``Table`` is made from a ``TableSpec`` (map, seats, options, the seed, the takeover time, which
seats bots take). People ``join`` with a name and get a seat and its secret key (the same key
gets the same seat back, from any device); when no seat is free they watch. ``act`` plays one
action for one seat: the core checks it (a refusal's sentence goes back to that seat only), an
action sent against an older position than the table's is answered as stale, and of two sent at
once exactly one is applied. Every change is an ``Event`` with a number (1, 2, 3 … with no gap)
and the time: what the table's readers (pages, watchers, bots, replays) follow. ``view`` is
what a seat may see (``rules.view``); a watcher sees the public view.

Nothing here touches the network, the clock (``now`` is given) or a file: ``service`` does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ttr_widgets.rules.actions import Action, action_from_dict, action_to_dict
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import GameState, Options, evolve
from ttr_widgets.rules.view import public_view, view
from ttr_widgets.rules.words import is_you, map_title, possessive, says, their, verb

__all__ = ["DEFAULT_TAKEOVER", "ENDED", "PAUSED", "Event", "Refusal", "Seat", "Table",
           "TableError", "TableSpec"]

DEFAULT_TAKEOVER = 60.0  #: seconds a person may be gone before the table's bot plays for them
TABLE_BOT = "strong"  #: the bot that plays a seat whose person is gone
PAUSED = "The teacher has paused this table."  #: a move sent to a paused table is refused so
ENDED = "The teacher has ended this game; nothing more can be played."


class TableError(TTRError):
    """A request a table cannot take (an unknown seat key, a full table …): one sentence."""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a table is made with. ``bots[i]`` is the bot taking seat ``i`` from the start, or
    None: the seat is open for a person."""

    name: str
    map: str
    seats: int
    seed: int
    options: Options = field(default_factory=Options)
    takeover: float = DEFAULT_TAKEOVER
    bots: tuple[str | None, ...] = ()
    created: float = 0.0

    def bot_at(self, seat: int) -> str | None:
        return self.bots[seat] if seat < len(self.bots) else None


@dataclass(slots=True)
class Seat:
    """A seat: who sits there (``name``; None while open), the key that plays it, a bot that
    sits there for good (``bot``), and while its person is away, whether the table's bot plays
    for them (``taken_over``). ``clients`` and ``away_since`` are the service's bookkeeping."""

    name: str | None = None
    key: str | None = None
    bot: str | None = None
    taken_over: bool = False
    clients: int = 0
    away_since: float | None = None

    @property
    def open(self) -> bool:
        return self.name is None

    @property
    def played_by_bot(self) -> str | None:
        """The bot that moves for this seat now, if any."""
        return self.bot or (TABLE_BOT if self.taken_over else None)


@dataclass(frozen=True, slots=True)
class Event:
    """One change at the table, as every reader may know it: its number, the time (Unix
    seconds), its kind, the seat it is about and what happened in words. ``data`` is kept by
    the table only: a move's action (it can tell what only its seat knew: the tickets kept), a
    joining person's name and the hash of their seat's key, the bot a seat was handed to."""

    seq: int
    at: float
    kind: str  #: created, joined, away, returned, handed, move, paused, resumed, ended
    seat: int | None
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def public(self) -> dict[str, Any]:
        """What a reader receives: everything but ``data``."""
        return {"seq": self.seq, "at": self.at, "kind": self.kind, "seat": self.seat,
                "text": self.text}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action was not played, for the seat that sent it only."""

    text: str
    rule: str = ""
    stale: bool = False


class Table:
    """One shared game (see the module docstring)."""

    def __init__(self, spec: TableSpec) -> None:
        board = load_map(spec.map)
        names = [_bot_name(spec.bot_at(i), i) or f"Seat {i + 1}" for i in range(spec.seats)]
        self.spec = spec
        self.game = Game.new(board, names, spec.seed, spec.options)  # checks the table's size
        self.seats = [Seat(bot=spec.bot_at(i), name=_bot_name(spec.bot_at(i), i))
                      for i in range(spec.seats)]
        self.events: list[Event] = []
        self.listeners: list[Callable[[Event], None]] = []
        self.paused = False  #: the teacher paused it (``pause``): no move, the bots wait
        self.ended = False  #: the teacher ended it (``end``): over, its record kept
        self._record("created", None, f"The table {spec.name} is set: the "
                     f"{map_title(board.name)} map, {spec.seats} seats.", spec.created)

    # -- what the table is

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def seq(self) -> int:
        """The number of the last event (0 before any)."""
        return len(self.events)

    @property
    def full(self) -> bool:
        return not any(seat.open for seat in self.seats)

    @property
    def started(self) -> bool:
        return self.full

    @property
    def over(self) -> bool:
        """The game is finished, or the teacher ended it."""
        return self.state.is_over or self.ended

    def status(self) -> str:
        """'waiting for 2 players', 'playing', 'over'."""
        if self.over:
            return "over"
        missing = sum(seat.open for seat in self.seats)
        if missing:
            return f"waiting for {missing} player{'s' * (missing != 1)}"
        return "playing"

    def seat_of(self, key: str | None) -> int | None:
        """The seat a key plays, or None."""
        if not key:
            return None
        hashed = key_hash(key)
        return next((i for i, s in enumerate(self.seats) if s.key == hashed), None)

    def view(self, seat: int | None) -> GameState:
        """What ``seat`` may see; the public view for a watcher (None)."""
        return public_view(self.state) if seat is None else view(self.state, seat)

    def names(self) -> tuple[str, ...]:
        return tuple(s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats))

    # -- people and bots at the table

    def join(self, name: str, key: str, now: float) -> int | None:
        """Seat a person called ``name`` (``Ann 2`` when an Ann already sits there) at the first
        open seat, to be played with ``key``; None when every seat is taken (they watch)."""
        name = name.strip()
        if not name:
            raise TableError("name: a player needs a name")
        taken = {s.name for s in self.seats}
        if name in taken:  # a second Ann is Ann 2
            name = next(f"{name} {n}" for n in range(2, len(taken) + 3)
                        if f"{name} {n}" not in taken)
        seat = next((i for i, s in enumerate(self.seats) if s.open), None)
        if seat is None:
            return None
        self._sit(seat, name, key_hash(key))
        self._record("joined", seat, f"{says(name, 'takes')} seat {seat + 1}.", now,
                     {"name": name, "key": key_hash(key)})
        return seat

    def hand_to_bot(self, seat: int, now: float, bot: str = TABLE_BOT) -> None:
        """The person at ``seat`` leaves it to a bot for good."""
        person = self.seats[seat]
        if person.bot is not None:
            raise TableError(f"seat {seat + 1} is already played by a bot")
        self.seats[seat] = replace(person, bot=bot, key=None, taken_over=False)
        name = person.name or f"Seat {seat + 1}"
        self._record("handed", seat, f"{says(name, 'hands')} {their(name)} seat to the "
                     f"{bot} bot for the rest of the game.", now, {"bot": bot})

    def away(self, seat: int, now: float) -> None:
        """The seat's person has been gone longer than the takeover time."""
        person = self.seats[seat]
        if person.taken_over or person.bot is not None or person.open:
            return
        person.taken_over = True
        name = person.name or f"Seat {seat + 1}"
        who = "you" if is_you(name) else name
        self._record("away", seat, f"{says(name, 'is')} away: the table's bot plays "
                     f"{possessive(name, capital=False)} seat until {who} "
                     f"{verb(name, 'is')} back.", now)

    def returned(self, seat: int, now: float) -> None:
        person = self.seats[seat]
        if not person.taken_over:
            return
        person.taken_over = False
        name = person.name or f"Seat {seat + 1}"
        self._record("returned", seat, f"{says(name, 'is')} back and "
                     f"{verb(name, 'plays')} on.", now)

    # -- moves

    def act(self, seat: int, action: Action, seq: int, now: float) -> Refusal | None:
        """Play ``action`` for ``seat``, sent when the table was at event ``seq``; a refusal
        (for that seat only) when it cannot be played, None when it was."""
        if self.ended or self.paused:
            return Refusal(ENDED if self.ended else PAUSED)
        if seq != self.seq:
            return self.stale(seq)
        if not self.started:
            return Refusal(f"The game starts when every seat is taken ({self.status()}).")
        state = self.state
        if state.is_over:
            return Refusal("The game is over; nothing more can be played.", "turn.game-over")
        if state.current != seat:
            whose = self.seats[state.current].name or f"Seat {state.current + 1}"
            return Refusal(f"It is {possessive(whose, capital=False)} turn; wait for it to play.",
                           "turn.order")
        try:
            self.game = self.game.play(action)
        except RulesError as error:
            return Refusal(error.reason, error.rule)
        self._record("move", seat, self.state.last_event, now,
                     {"action": action_to_dict(action)})
        return None

    def stale(self, seq: int) -> Refusal:
        """The answer to an action sent when the table was at event ``seq``, since then moved
        on."""
        return Refusal(f"The table moved on since your click ({self.seq - seq} "
                       f"{'change' if self.seq - seq == 1 else 'changes'}): here it is now; "
                       "try again if your move still fits.", stale=True)

    def rewind(self, events: list[Event]) -> None:
        """Be the table that ``events`` make, as its store has them (a change whose event could
        not be kept is undone; events another service kept are taken); who is connected at each
        seat, the service's bookkeeping, stays."""
        fresh = Table(self.spec)
        for event in events[1:]:
            fresh.replay(event)
        for old, new in zip(self.seats, fresh.seats, strict=True):
            new.clients, new.away_since = old.clients, old.away_since
        vars(self).update({k: v for k, v in vars(fresh).items() if k != "listeners"})

    def replay(self, event: Event) -> None:
        """Take an event read back from the store (the table being rebuilt after a restart):
        exactly as it first happened."""
        if event.seq != self.seq + 1:
            raise TableError(f"events: expected event {self.seq + 1}, read {event.seq}")
        if event.kind == "move":
            self.game = self.game.play(action_from_dict(event.data["action"]))
        elif event.kind == "joined" and event.seat is not None:
            self._sit(event.seat, event.data["name"], event.data["key"])
        elif event.kind == "handed" and event.seat is not None:
            seat = self.seats[event.seat]
            seat.bot, seat.key, seat.taken_over = event.data["bot"], None, False
        elif event.kind in ("away", "returned") and event.seat is not None:
            self.seats[event.seat].taken_over = event.kind == "away"
        elif event.kind in ("paused", "resumed", "ended"):
            self.paused = event.kind == "paused"
            self.ended = self.ended or event.kind == "ended"
        self.events.append(event)

    # -- the teacher (``tables.room``)

    def pause(self, now: float) -> None:
        """The teacher pauses the game: every move is refused (``PAUSED``) until ``resume``."""
        if self.over or self.paused:
            raise TableError(f"table: {self.name} is {'over' if self.over else 'paused'} "
                             "already")
        self.paused = True
        self._record("paused", None, PAUSED, now)

    def resume(self, now: float) -> None:
        if not self.paused or self.over:
            raise TableError(f"table: {self.name} is not paused")
        self.paused = False
        self._record("resumed", None, "The teacher lets the table play on.", now)

    def end(self, now: float) -> None:
        """The teacher stops the game for good; its log (and so its record) is kept."""
        if self.over:
            raise TableError(f"table: {self.name} is over already")
        self.paused, self.ended = False, True
        self._record("ended", None, ENDED, now)

    # -- internals

    def _sit(self, seat: int, name: str, hashed_key: str) -> None:
        """Seat a person, and put their name in the game (the seat's placeholder until they
        join: no move is played before every seat is taken)."""
        self.seats[seat] = Seat(name=name, key=hashed_key)
        states = tuple(evolve(s, players=tuple(
            evolve(p, name=name) if i == seat else p for i, p in enumerate(s.players)))
            for s in self.game.states)
        self.game = Game(states, self.game.actions, self.game.cursor)

    def _record(self, kind: str, seat: int | None, text: str, now: float,
                data: dict[str, Any] | None = None) -> Event:
        event = Event(self.seq + 1, now, kind, seat, text, data or {})
        self.events.append(event)
        for listener in self.listeners:
            listener(event)
        return event


def _bot_name(bot: str | None, seat: int) -> str | None:
    return None if bot is None else f"{bot.capitalize()} bot {seat + 1}"


def key_hash(key: str) -> str:
    """What the table keeps of a seat's key: its SHA-256 (the key itself stays with its
    person)."""
    return hashlib.sha256(key.encode()).hexdigest()
