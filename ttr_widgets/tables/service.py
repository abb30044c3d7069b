"""The tables of one ``ttr serve``: made, kept, joined, played and watched.

``TableService`` runs on the server's event loop (every call comes from that one thread, so two
actions sent at once are taken one after the other: exactly one of them fits the table). It
keeps each table in its ``Store`` (every event written before anyone hears of it), rebuilds
them after a restart, tells each connection every event and then its seat's view, plays the
seats that bots sit in (and, after a person has been gone longer than the table's takeover
time, theirs until they return), and answers a refused action to its sender only.

When the store cannot keep an event (the database is away, or another table service sharing it
kept that event number first, ``tables.pgstore``), the change is undone before anyone hears of
it (``_change``): its sender is answered with a sentence, and the table takes the store's
events. Events other services keep are heard through the store (``Store.follow``), read and
told to this service's clients; one service moves a table's bots (``Store.leads``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from ttr_widgets.bots import LEVELS, choose
from ttr_widgets.rules.engine import new_game, random_action
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.record import to_record
from ttr_widgets.rules.snapshot import state_to_dict
from ttr_widgets.rules.state import Options
from ttr_widgets.tables.authority import (
    DEFAULT_TAKEOVER,
    Event,
    Refusal,
    Table,
    TableError,
    TableSpec,
)
from ttr_widgets.tables.names import new_key, new_name, valid_name
from ttr_widgets.tables.protocol import Act, ClientMessage, HandToBot, Hello, Lang, Ping
from ttr_widgets.tables.store import Store, StoreConflict, StoreError

__all__ = ["BOT_PACE", "Connection", "TableService"]

BOT_PACE = 0.8  #: seconds a bot at a table waits before each move (people follow its moves)
MAX_SAVED = 2_000_000  #: the largest game a page may keep (a long game's record is ~60 kB)
TICK = 1.0  #: seconds between two looks for people gone longer than their takeover time
Send = Callable[[dict[str, Any]], None]
R = TypeVar("R")
_LOG = logging.getLogger(__name__)


@dataclass(eq=False, slots=True)
class Connection:
    """One client at a table: its seat (None: it watches) and how to send it a message."""

    table: str
    seat: int | None
    send: Send
    key: str | None = None
    closed: bool = field(default=False)
    lang: str = "en"  #: the language it reads the table's moves in (its hello's, or its lang's)


class TableService:
    """The tables of one server (see the module docstring)."""

    def __init__(self, store: Store, *, link: Callable[[str], str] = lambda name: name,
                 clock: Callable[[], float] = time.time, pace: float = BOT_PACE) -> None:
        self.store = store
        self.link = link
        self.clock = clock
        self.pace = pace
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, list[Connection]] = {}
        self._bot_timers: dict[str, asyncio.TimerHandle] = {}
        self._ticker: asyncio.TimerHandle | None = None
        for spec, events in store.load():
            table = Table(spec)
            for event in events[1:]:  # the first is the table's "created", made again above
                table.replay(event)
            self._adopt(table)
            now = self.clock()
            for seat in table.seats:  # nobody is connected yet: each has the takeover time
                seat.clients, seat.away_since = 0, now

    # -- making and listing tables

    def create(self, *, map_name: str, seats: int, options: Options | None = None,
               takeover: float = DEFAULT_TAKEOVER, name: str | None = None,
               bots: tuple[str | None, ...] = ()) -> Table:
        """A new table; ``TableError`` naming the field when it cannot be made."""
        if map_name not in BUILTIN_MAPS:
            raise TableError.of("map", maps=", ".join(BUILTIN_MAPS), map=map_name)
        if name is not None and not valid_name(name):
            raise TableError.of("table-name", table=name)
        if name in self.tables:
            raise TableError.of("name-taken", table=name)
        if takeover < 0:
            raise TableError.of("takeover")
        unknown = [b for b in bots if b is not None and b not in LEVELS]
        if unknown:
            raise TableError.of("bots", bot=unknown[0], bots=", ".join(LEVELS))
        options = options or Options()
        try:
            new_game(load_map(map_name), seats, 0, options)  # the rules refuse a bad table
        except RulesError as error:
            raise TableError(f"{'teams' if options.teams else 'seats'}: {error.reason}") \
                from None
        spec = TableSpec(name or new_name(self.tables), map_name, seats,
                         secrets.randbelow(10 ** 9), options, takeover,
                         tuple(bots) + (None,) * (seats - len(bots)), self.clock())
        table = Table(spec)
        try:
            self.store.create(spec)
            self.store.append(spec.name, table.events[0])
        except StoreConflict:
            raise TableError.of("name-taken", table=spec.name) from None
        except StoreError as exc:
            _LOG.warning("a new table not kept: %s", exc)
            raise TableError.of("unmade") from None
        self._adopt(table)
        self._schedule_bot(table)
        return table

    def table(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            raise TableError.of("no-table", table=name)
        return table

    def info(self, name: str) -> dict[str, Any]:
        """A table as a list and a page show it: name, map, seats, state, link."""
        table = self.table(name)
        state = table.state
        return {
            "name": table.name, "map": table.spec.map, "status": table.status(),
            "link": self.link(table.name), "takeover": table.spec.takeover,
            "teams": table.spec.options.teams, "variant": table.spec.options.variant,
            "seq": table.seq, "turn": state.turn,
            "to_move": None if state.is_over or not table.started else state.current,
            "seats": [{"name": s.name, "bot": s.bot, "away": s.taken_over,
                       "connected": s.clients > 0} for s in table.seats],
            "taken": sum(not s.open for s in table.seats),
            "paused": table.paused, "ended": table.ended,
        }

    def listing(self) -> list[dict[str, Any]]:
        return [self.info(name) for name in self.tables]

    def save_game(self, key: str, game: Any) -> None:
        """Keep a game played at one screen under its key (the page's own: ``new_key``); a
        game is a JSON object with at most ``MAX_SAVED`` bytes."""
        if not isinstance(key, str) or not 16 <= len(key) <= 64 or not key.replace(
                "-", "").replace("_", "").isalnum():
            raise TableError("key: expected the game's key (16 to 64 letters, digits, - or _)")
        if not isinstance(game, dict) or len(json.dumps(game)) > MAX_SAVED:
            raise TableError(f"game: expected a JSON object of at most {MAX_SAVED} bytes")
        self.store.save_game(key, game, self.clock())

    def saved_game(self, key: str) -> dict[str, Any]:
        game = self.store.saved_game(key)
        if game is None:
            raise TableError("game: no game is kept under this key")
        return game

    def record(self, name: str) -> dict[str, Any]:
        """The finished game as the kit's game record (refused before the end: it would show
        every hand)."""
        table = self.table(name)
        if not table.over:
            raise TableError.of("not-over", table=name)
        return to_record(table.game)

    # -- connections

    def connect(self, name: str, hello: Hello, send: Send) -> Connection:
        """A client says hello: its seat back (by its key), a free seat (with a name), or a
        place to watch from."""
        table = self.table(name)
        now = self.clock()
        seat = table.seat_of(hello.key)
        key = hello.key
        if hello.key and seat is None:
            raise TableError.of("no-seat-key", table=name)
        if seat is None and not hello.watch:
            if not hello.name:
                raise TableError.of("name-needed")
            key = new_key()
            seat = self._join(table, hello.name, key, now)
            if seat is None:
                key = None  # every seat is taken: a watcher
        connection = Connection(name, seat, send, key, lang=hello.lang)
        # The welcome and the table so far first: a return announced below reaches this
        # client too, after it knows its seat.
        send({"type": "welcome", "seat": seat, "key": key, "table": self.info(name),
              "personal_link": self.link(name) + f"&seat={key}" if key else None})
        for event in table.events:
            send(_event_message(table, event, connection.lang))
        send(self._view_message(table, seat, connection.lang))
        self.connections[name].append(connection)
        if seat is not None:
            person = table.seats[seat]
            person.clients += 1
            person.away_since = None
            self._quietly(table, lambda: table.returned(seat, now))
        self._schedule_bot(table)
        return connection

    def receive(self, connection: Connection, message: ClientMessage) -> None:
        """A message from a connected client."""
        table = self.table(connection.table)
        if isinstance(message, Ping):
            connection.send({"type": "pong", "seq": table.seq})
        elif isinstance(message, Act):
            if connection.seat is None:
                connection.send(_refused(Refusal.of("watching")))
                return
            seat = connection.seat
            try:
                refusal = self._change(table, lambda: table.act(seat, message.action,
                                                                message.seq, self.clock()))
            except StoreError as exc:
                refusal = self._unkept(table, message.seq, exc)
            if refusal is not None:
                connection.send(_refused(table.retold(refusal, message.action,
                                                      connection.lang)))
                if refusal.stale:
                    connection.send(self._view_message(table, connection.seat, connection.lang))
        elif isinstance(message, HandToBot):
            if connection.seat is None:
                connection.send(_refused(Refusal.of("watching-hand")))
                return
            seat = connection.seat
            try:
                self._change(table, lambda: table.hand_to_bot(seat, self.clock()))
            except StoreError as exc:
                connection.send(_refused(self._unkept(table, table.seq, exc)))
        elif isinstance(message, Lang):  # the reader's language changed: every event again
            connection.lang = message.lang
            for event in table.events:
                connection.send(_event_message(table, event, connection.lang))
            connection.send(self._view_message(table, connection.seat, connection.lang))
        elif isinstance(message, Hello):
            connection.send(_refused(Refusal.of("here-already")))

    def disconnect(self, connection: Connection) -> None:
        if connection.closed:
            return
        connection.closed = True
        people = self.connections.get(connection.table, [])
        if connection in people:
            people.remove(connection)
        table = self.tables.get(connection.table)
        if table is not None and connection.seat is not None:
            seat = table.seats[connection.seat]
            seat.clients = max(0, seat.clients - 1)
            if seat.clients == 0:
                seat.away_since = self.clock()

    # -- time passing

    def start(self) -> None:
        """Begin looking for people gone too long, and let the bots play (on the running
        loop)."""
        self._tick()
        for table in self.tables.values():
            self._schedule_bot(table)
        loop = asyncio.get_running_loop()
        self.store.follow(lambda name: loop.call_soon_threadsafe(self.catch_up, name))

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        for timer in self._bot_timers.values():
            timer.cancel()
        self._bot_timers.clear()

    def check_away(self) -> None:
        """Seats whose person has been gone longer than the takeover time: the table's bot
        plays them until they return."""
        now = self.clock()
        for table in self.tables.values():
            if table.over or table.paused:
                continue
            for i, seat in enumerate(table.seats):
                if (seat.key and not seat.bot and not seat.taken_over and seat.clients == 0
                        and seat.away_since is not None
                        and now - seat.away_since >= table.spec.takeover):
                    self._quietly(table, partial(table.away, i, now))
            self._schedule_bot(table)

    def bot_move(self, name: str) -> bool:
        """The bot at the seat to move plays, from that seat's view; whether it did."""
        self._bot_timers.pop(name, None)
        table = self.tables[name]
        if table.over or not table.started:
            return False
        seat = table.state.current
        bot = table.seats[seat].played_by_bot
        if bot is None:
            return False
        rng = random.Random(f"ttr-table:{table.spec.seed}:{table.seq}")
        action = choose(bot, table.state, rng).action

        def move() -> None:
            if table.act(seat, action, table.seq, self.clock()) is not None:
                # a bot's mistake must not stop the table: any legal move instead
                table.act(seat, random_action(table.state, rng), table.seq, self.clock())

        self._quietly(table, move)  # not kept: the next tick lets the bot try again
        return True

    def catch_up(self, name: str | None = None) -> None:
        """Take the events other services kept in the store since this one last looked, and
        tell them to this service's clients: table ``name``'s, or (None) every table's, with the
        tables made elsewhere. The store being away, nothing changes."""
        try:
            names = list(self.tables) + [n for n in self.store.names() if n not in self.tables] \
                if name is None else [name]
            for each in names:
                table = self.tables.get(each)
                if table is None:
                    found = self.store.table(each)
                    if found is not None:
                        table = Table(found[0])
                        table.rewind(found[1])
                        self._adopt(table)
                        self._schedule_bot(table)
                    continue
                for event in self.store.events(each, table.seq):
                    if event.seq != table.seq + 1:  # a gap: read the table afresh
                        found, told = self.store.table(each), table.seq
                        if found is not None:
                            table.rewind(found[1])
                            for later in table.events[told:]:
                                self._tell(table, later)
                        break
                    table.replay(event)
                    self._tell(table, event)
        except StoreError:
            return

    # -- internals

    def _adopt(self, table: Table) -> None:
        self.tables[table.name] = table
        self.connections.setdefault(table.name, [])
        table.listeners.append(lambda event: self._announce(table, event))

    def _announce(self, table: Table, event: Event) -> None:
        """An event happened: keep it, then tell everyone at the table, then let a bot move."""
        self.store.append(table.name, event)
        self._tell(table, event)

    def _tell(self, table: Table, event: Event) -> None:
        for connection in list(self.connections[table.name]):
            connection.send(_event_message(table, event, connection.lang))
            connection.send(self._view_message(table, connection.seat, connection.lang))
        self._schedule_bot(table)

    def _view_message(self, table: Table, seat: int | None, lang: str) -> dict[str, Any]:
        """What a client at ``seat`` sees, its last move told in the client's ``lang``."""
        return {"type": "view", "seq": table.seq, "seat": seat,
                "state": state_to_dict(table.view(seat, lang)), "table": self.info(table.name)}

    def _schedule_bot(self, table: Table) -> None:
        if table.name in self._bot_timers or table.over or table.paused or not table.started:
            return
        if table.seats[table.state.current].played_by_bot is None:
            return
        if not self.store.leads(table.name):
            return  # another service sharing the store moves this table's bots
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script, a test): ``bot_move`` plays when asked
        self._bot_timers[table.name] = loop.call_later(self.pace, self.bot_move, table.name)

    def _change(self, table: Table, change: Callable[[], R]) -> R:
        """Make one change at ``table`` (a move, a join …); when the store cannot keep its
        event, the change is undone (nobody heard of it), the table takes what other services
        kept, and ``StoreError`` is raised."""
        kept = table.seq
        try:
            return change()
        except StoreError:
            table.rewind(table.events[:kept])
            self.catch_up(table.name)
            raise

    def _quietly(self, table: Table, change: Callable[[], object]) -> None:
        """A change nobody waits for (a return, an absence, a bot's move): not kept, it is not
        made, and made again later."""
        with suppress(StoreError):
            self._change(table, change)

    def _join(self, table: Table, name: str, key: str, now: float) -> int | None:
        """Seat a person; another service seating someone at the same moment, the next free
        seat."""
        for _attempt in range(table.spec.seats + 1):
            try:
                return self._change(table, lambda: table.join(name, key, now))
            except StoreConflict:
                continue
            except StoreError as exc:
                _LOG.warning("%s not seated at %s: %s", name, table.name, exc)
                raise TableError.of("unjoinable") from None
        raise TableError.of("busy")

    def _unkept(self, table: Table, seq: int, exc: StoreError) -> Refusal:
        """The answer to a change whose event could not be kept."""
        if isinstance(exc, StoreConflict):
            return table.stale(seq)  # another service's move came first
        _LOG.warning("a change at %s not kept: %s", table.name, exc)
        return Refusal.of("unkept-move")

    def _tick(self) -> None:
        self.check_away()
        self._ticker = asyncio.get_running_loop().call_later(TICK, self._tick)

    # -- the teacher's room (``tables.room``)

    def pause(self, name: str) -> None:
        """Pause a table: its moves are refused and its bots wait; every page is told. Its
        event not kept (``StoreError``), the table stays as it was."""
        table = self.table(name)
        self._change(table, lambda: table.pause(self.clock()))

    def resume(self, name: str) -> None:
        table = self.table(name)
        self._change(table, lambda: table.resume(self.clock()))
        now = self.clock()
        for seat in table.seats:  # a pause is no absence: the takeover time starts again
            if seat.away_since is not None:
                seat.away_since = now
        self._schedule_bot(table)

    def end(self, name: str) -> None:
        """End a table's game for good (its record is kept); every page is told."""
        table = self.table(name)
        self._change(table, lambda: table.end(self.clock()))

    def seat_person(self, name: str, person: str) -> tuple[int, str]:
        """Seat ``person`` at table ``name`` before they come (a class's tables): their seat
        and its key, for their personal link; ``TableError`` when no seat is open."""
        table = self.table(name)
        key = new_key()
        seat = self._join(table, person, key, self.clock())
        if seat is None:
            raise TableError.of("full", table=name)
        return seat, key

    def personal_link(self, name: str, key: str) -> str:
        """The link that gives its person the seat ``key`` plays (as ``welcome`` gives it)."""
        return self.link(name) + f"&seat={key}"


def _refused(refusal: Refusal) -> dict[str, Any]:
    return {"type": "refused", "text": refusal.text, "rule": refusal.rule,
            "stale": refusal.stale, "say": refusal.say, "args": refusal.args}


def _event_message(table: Table, event: Event, lang: str) -> dict[str, Any]:
    """An event as a client receives it: a move's sentence in the client's language (the rules
    core's; the client words every other kind itself, ``telling.event_words``)."""
    message = {"type": "event", **event.public()}
    if event.kind == "move":
        message["text"] = table.move_words(event, lang)
    return message
