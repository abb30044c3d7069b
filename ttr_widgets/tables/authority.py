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
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import language, use
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import GameState, Options, evolve
from ttr_widgets.rules.view import public_view, view
from ttr_widgets.tables.telling import PUBLIC_WORDS, SAYINGS, english, event_words, saying

__all__ = ["DEFAULT_TAKEOVER", "ENDED", "PAUSED", "Event", "Refusal", "Seat", "Table",
           "TableError", "TableSpec"]

DEFAULT_TAKEOVER = 60.0  #: seconds a person may be gone before the table's bot plays for them
TABLE_BOT = "strong"  #: the bot that plays a seat whose person is gone
PAUSED = SAYINGS["paused"]  #: a move sent to a paused table is refused so
ENDED = SAYINGS["ended"]


class TableError(TTRError):
    """A request a table cannot take (an unknown seat key, a full table …): one sentence, in
    English; made with ``of``, also its code and arguments (``telling.SAYINGS``), for its reader
    to word it (``told``)."""

    def __init__(self, text: str, say: str = "", fields: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.say = say
        self.fields = fields or {}

    @classmethod
    def of(cls, say: str, **fields: Any) -> TableError:
        return cls(saying(say, **fields), say, fields)

    def told(self) -> dict[str, Any]:
        """The error as a reader receives it: its sentence, its code and arguments."""
        return {"text": str(self), "say": self.say, "args": self.fields}


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
    text: str  #: in English (a move's in the server's language): its reader words it anew
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def public(self) -> dict[str, Any]:
        """What a reader receives: everything but ``data``, of which only the names it is about
        (``words``: what ``telling.event_words`` makes its sentence from)."""
        return {"seq": self.seq, "at": self.at, "kind": self.kind, "seat": self.seat,
                "text": self.text,
                "words": {k: self.data[k] for k in PUBLIC_WORDS if k in self.data}}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action was not played, for the seat that sent it only."""

    text: str
    rule: str = ""
    stale: bool = False
    say: str = ""  #: its code and arguments (``telling.SAYINGS``): its reader words it
    args: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, say: str, rule: str = "", stale: bool = False, **args: Any) -> Refusal:
        return cls(saying(say, **args), rule, stale, say, args)


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
        #: each language's replay of the game, its moves told in it (``move_words``)
        self._retold: dict[str, list[GameState]] = {}
        self._record("created", None, spec.created,
                     {"table": spec.name, "map": board.name, "seats": spec.seats})

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

    def view(self, seat: int | None, lang: str | None = None) -> GameState:
        """What ``seat`` may see; the public view for a watcher (None). Its last event is told
        in ``lang`` (the language now when None)."""
        seen = public_view(self.state) if seat is None else view(self.state, seat)
        if lang is None or lang == language() or not self.game.actions:
            return seen
        return evolve(seen, last_event=self._told(lang, len(self.game.actions)).last_event)

    def names(self) -> tuple[str, ...]:
        return tuple(s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats))

    # -- people and bots at the table

    def join(self, name: str, key: str, now: float) -> int | None:
        """Seat a person called ``name`` (``Ann 2`` when an Ann already sits there) at the first
        open seat, to be played with ``key``; None when every seat is taken (they watch)."""
        name = name.strip()
        if not name:
            raise TableError.of("no-name")
        taken = {s.name for s in self.seats}
        if name in taken:  # a second Ann is Ann 2
            name = next(f"{name} {n}" for n in range(2, len(taken) + 3)
                        if f"{name} {n}" not in taken)
        seat = next((i for i, s in enumerate(self.seats) if s.open), None)
        if seat is None:
            return None
        self._sit(seat, name, key_hash(key))
        self._record("joined", seat, now, {"name": name, "key": key_hash(key)})
        return seat

    def hand_to_bot(self, seat: int, now: float, bot: str = TABLE_BOT) -> None:
        """The person at ``seat`` leaves it to a bot for good."""
        person = self.seats[seat]
        if person.bot is not None:
            raise TableError.of("bot-already", n=seat + 1)
        self.seats[seat] = replace(person, bot=bot, key=None, taken_over=False)
        name = person.name or f"Seat {seat + 1}"
        self._record("handed", seat, now, {"bot": bot, "name": name})

    def away(self, seat: int, now: float) -> None:
        """The seat's person has been gone longer than the takeover time."""
        person = self.seats[seat]
        if person.taken_over or person.bot is not None or person.open:
            return
        person.taken_over = True
        self._record("away", seat, now, {"name": person.name or f"Seat {seat + 1}"})

    def returned(self, seat: int, now: float) -> None:
        person = self.seats[seat]
        if not person.taken_over:
            return
        person.taken_over = False
        self._record("returned", seat, now, {"name": person.name or f"Seat {seat + 1}"})

    # -- moves

    def act(self, seat: int, action: Action, seq: int, now: float) -> Refusal | None:
        """Play ``action`` for ``seat``, sent when the table was at event ``seq``; a refusal
        (for that seat only) when it cannot be played, None when it was."""
        if self.ended or self.paused:
            return Refusal.of("ended" if self.ended else "paused")
        if seq != self.seq:
            return self.stale(seq)
        if not self.started:
            return Refusal.of("waiting", status=self.status())
        state = self.state
        if state.is_over:
            return Refusal.of("game-over", "turn.game-over")
        if state.current != seat:
            whose = self.seats[state.current].name or f"Seat {state.current + 1}"
            return Refusal.of("turn", "turn.order", name=whose)
        try:
            self.game = self.game.play(action)
        except RulesError as error:
            return Refusal(error.reason, error.rule)
        self._record("move", seat, now, {"action": action_to_dict(action)},
                     self.state.last_event)
        return None

    def retold(self, refusal: Refusal, action: Action, lang: str) -> Refusal:
        """A rule's refusal of ``action`` (a sentence of the rules core, with no code) in the
        language ``lang``: the core asked again in it. Any other refusal as it is (its reader
        words it from its code)."""
        if refusal.say or not refusal.rule or lang == language():
            return refusal
        with use(lang):
            try:
                apply(self.state, action)
            except RulesError as error:
                return Refusal(error.reason, error.rule, refusal.stale)
        return refusal

    def stale(self, seq: int) -> Refusal:
        """The answer to an action sent when the table was at event ``seq``, since then moved
        on."""
        return Refusal.of("stale", stale=True, n=self.seq - seq)

    def words(self, event: Event) -> str:
        """The sentence of one of this table's events in the language now (a reader in this
        process: the teacher's room)."""
        if event.kind == "move":
            return self.move_words(event, language())
        return event_words(event.public())

    def move_words(self, event: Event, lang: str) -> str:
        """The sentence of the move ``event`` in the language ``lang``: the rules core's, its
        game replayed in that language (once a language) up to that move."""
        index = sum(e.kind == "move" for e in self.events[:event.seq - 1])
        return self._told(lang, index + 1).last_event

    def _told(self, lang: str, moves: int) -> GameState:
        """The game after its first ``moves`` moves, replayed in ``lang`` (once a language)."""
        told = self._retold.setdefault(lang, [self.game.states[0]])
        with use(lang):
            while len(told) <= moves:
                told.append(apply(told[-1], self.game.actions[len(told) - 1]))
        return told[moves]

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
            raise TableError.of("over-already" if self.over else "paused-already",
                                table=self.name)
        self.paused = True
        self._record("paused", None, now)

    def resume(self, now: float) -> None:
        if not self.paused or self.over:
            raise TableError.of("not-paused", table=self.name)
        self.paused = False
        self._record("resumed", None, now)

    def end(self, now: float) -> None:
        """The teacher stops the game for good; its log (and so its record) is kept."""
        if self.over:
            raise TableError.of("over-already", table=self.name)
        self.paused, self.ended = False, True
        self._record("ended", None, now)

    # -- internals

    def _sit(self, seat: int, name: str, hashed_key: str) -> None:
        """Seat a person, and put their name in the game (the seat's placeholder until they
        join: no move is played before every seat is taken)."""
        self.seats[seat] = Seat(name=name, key=hashed_key)
        states = tuple(evolve(s, players=tuple(
            evolve(p, name=name) if i == seat else p for i, p in enumerate(s.players)))
            for s in self.game.states)
        self.game = Game(states, self.game.actions, self.game.cursor)

    def _record(self, kind: str, seat: int | None, now: float,
                data: dict[str, Any] | None = None, text: str | None = None) -> Event:
        """Keep an event (its ``text``: its words in English, or a move's given)."""
        data = data or {}
        if text is None:
            text = english({"kind": kind, "seat": seat, "words": data})
        event = Event(self.seq + 1, now, kind, seat, text, data)
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
