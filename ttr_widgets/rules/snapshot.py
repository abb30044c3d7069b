"""A game state as JSON and back: what a shared table sends each seat (its view, ``rules.view``)
and what a page rebuilds to draw it with the same components as a game of its own.

``state_to_dict(state)`` writes every field (a pile or ticket pile a view hides as its size
only); ``state_from_dict(data)`` checks every field and raises ``PositionError`` with one line
naming the first one in trouble (``snapshot.players[1].hand: expected 9 counts ≥ 0``). Built-in
maps only: the board is named by its map.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

from ttr_widgets.rules.errors import MapError, PositionError
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import NUM_CARD_TYPES, Board, Hand
from ttr_widgets.rules.record import options_from_dict, options_to_dict
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    CardPlacement,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    Pending,
    PlayerState,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.variants import variant_board
from ttr_widgets.rules.view import HIDDEN

__all__ = ["SNAPSHOT", "state_from_dict", "state_to_dict"]

SNAPSHOT = "ttr-widgets state"  #: the ``format`` of a snapshot
_PENDING: dict[str, type[Any]] = {cls.__name__: cls for cls in (
    SecondCard, TunnelPayment, TicketChoice, FirstCard, DepotPlacement, CollectChoice,
    CardPlacement, ShareChoice)}
T = TypeVar("T")


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A JSON-ready dict of ``state`` (a hidden pile and a hidden ticket pile as their sizes)."""
    deck: list[int] | int = len(state.deck) if state.is_view else list(state.deck)
    tickets: list[str] | int = len(state.tickets) if state.is_view else list(state.tickets)
    return {
        "format": SNAPSHOT, "map": state.board.name, "options": options_to_dict(state.options),
        "players": [{"name": p.name, "hand": list(p.hand), "trains": p.trains,
                     "stations": p.stations, "tickets": list(p.tickets),
                     "routes": list(p.routes), "route_points": p.route_points,
                     "hidden_cards": p.hidden_cards} for p in state.players],
        "deck": deck, "discard": list(state.discard), "face_up": list(state.face_up),
        "tickets": tickets, "owners": list(state.owners),
        "stations": [[city, p] for city, p in state.stations], "current": state.current,
        "pending": _pending_dict(state.pending),
        "setup_offers": [list(o) for o in state.setup_offers],
        "final_turns": state.final_turns, "turn": state.turn, "seed": state.seed,
        "shuffles": state.shuffles, "passes": state.passes, "refreshes": state.refreshes,
        "warehouses": [list(w) for w in state.warehouses],
        "depots": [[city, p] for city, p in state.depots], "depots_left": list(state.depots_left),
        "last_event": state.last_event, "holders": [list(h) for h in state.holders],
        "shared": [list(s) for s in state.shared], "setup_shares": list(state.setup_shares),
        "seat": state.seat, "holder_sizes": list(state.holder_sizes),
        "warehouse_sizes": list(state.warehouse_sizes),
    }


def _pending_dict(pending: Pending | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    out: dict[str, Any] = {"type": type(pending).__name__}
    for f in fields(pending):
        value = getattr(pending, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def state_from_dict(data: Any) -> GameState:
    """The state a snapshot describes; ``PositionError`` naming the first bad field."""
    read = _Reader(data)
    return read.state()


class _Reader:
    """Reads one snapshot, field by field, each problem named by its place."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise PositionError("snapshot: expected an object")
        if data.get("format") != SNAPSHOT:
            raise PositionError(f"snapshot.format: expected {SNAPSHOT!r}")
        self.data = data

    def state(self) -> GameState:
        try:
            options = options_from_dict(self.data.get("options") or {})
        except PositionError as exc:
            raise PositionError(f"snapshot.{exc}") from None
        board = variant_board(self._board(), options)
        seat = self.whole("seat", low=-1)
        view = seat >= 0
        players = tuple(self._player(i, p) for i, p in
                        enumerate(self.items("players", dict, "an object")))
        deck = self._hidden_or("deck", view, NO_CARD, lambda p, v: self.card(p, v))
        tickets = self._hidden_or("tickets", view, HIDDEN, lambda p, v: self.name(p, v))
        return GameState(
            board=board, players=players, deck=deck,
            discard=tuple(self.card(f"discard[{i}]", c)
                          for i, c in enumerate(self.items("discard", int, "a card"))),
            face_up=tuple(self.card(f"face_up[{i}]", c, empty=True)
                          for i, c in enumerate(self.items("face_up", int, "a card"))),
            tickets=tickets,
            owners=tuple(self.owner(f"owners[{i}]", o, len(players))
                         for i, o in enumerate(self.items("owners", int, "a seat"))),
            stations=self._pieces("stations"), current=self.whole("current"),
            pending=self._pending(), setup_offers=self._name_lists("setup_offers"),
            final_turns=self.whole("final_turns", low=-1), turn=self.whole("turn"),
            seed=self.whole("seed", low=None), shuffles=self.whole("shuffles"),
            passes=self.whole("passes"), refreshes=self.whole("refreshes"), options=options,
            warehouses=self._hands("warehouses"), depots=self._pieces("depots"),
            depots_left=tuple(self.whole(f"depots_left[{i}]", d) for i, d in
                              enumerate(self.items("depots_left", int, "a number"))),
            last_event=self.text("last_event"), holders=self._hands("holders"),
            shared=self._name_lists("shared"),
            setup_shares=tuple(self.name(f"setup_shares[{i}]", s, empty=True) for i, s in
                               enumerate(self.items("setup_shares", str, "a ticket"))),
            seat=seat,
            holder_sizes=tuple(self.whole(f"holder_sizes[{i}]", n) for i, n in
                               enumerate(self.items("holder_sizes", int, "a number"))),
            warehouse_sizes=tuple(self.whole(f"warehouse_sizes[{i}]", n) for i, n in
                                  enumerate(self.items("warehouse_sizes", int, "a number"))))

    # -- the parts

    def _board(self) -> Board:
        name = self.data.get("map")
        if name not in BUILTIN_MAPS:
            raise PositionError(f"snapshot.map: expected one of {', '.join(BUILTIN_MAPS)}")
        try:
            return load_map(name)
        except MapError as exc:  # a broken built-in map file
            raise PositionError(f"snapshot.map: {exc}") from None

    def _player(self, i: int, raw: dict[str, Any]) -> PlayerState:
        place = f"players[{i}]"
        sub = _Reader.__new__(_Reader)
        sub.data = raw
        try:
            return PlayerState(
                sub.text("name"), sub.hand("hand"), sub.whole("trains"), sub.whole("stations"),
                tuple(sub.name(f"tickets[{j}]", t) for j, t in
                      enumerate(sub.items("tickets", str, "a ticket"))),
                tuple(sub.name(f"routes[{j}]", r) for j, r in
                      enumerate(sub.items("routes", str, "a route"))),
                sub.whole("route_points"), sub.whole("hidden_cards"))
        except PositionError as exc:
            raise PositionError(str(exc).replace("snapshot.", f"snapshot.{place}.", 1)) from None

    def _hidden_or(self, key: str, view: bool, hidden: T,
                   item: Callable[[str, Any], T]) -> tuple[T, ...]:
        """A pile: its size in a view (every card hidden), else its items."""
        raw = self.data.get(key)
        if view:
            if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
                raise PositionError(f"snapshot.{key}: expected its size in a view")
            return (hidden,) * raw
        return tuple(item(f"{key}[{i}]", v) for i, v in
                     enumerate(self.items(key, object, "an item")))

    def _pending(self) -> Pending | None:
        raw = self.data.get("pending")
        if raw is None:
            return None
        if not isinstance(raw, dict) or raw.get("type") not in _PENDING:
            raise PositionError(f"snapshot.pending.type: expected one of {', '.join(_PENDING)}")
        cls = _PENDING[raw["type"]]
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in raw:
                raise PositionError(f"snapshot.pending.{f.name}: missing")
            value = raw[f.name]
            kwargs[f.name] = tuple(value) if isinstance(value, list) else value
            if not isinstance(kwargs[f.name], str | int | bool | tuple | None):
                raise PositionError(f"snapshot.pending.{f.name}: not a value")
        pending: Pending = cls(**kwargs)
        return pending

    def _pieces(self, key: str) -> tuple[tuple[str, int], ...]:
        out = []
        for i, item in enumerate(self.items(key, list, "a [city, seat] pair")):
            if len(item) != 2 or not isinstance(item[0], str) or not isinstance(item[1], int):
                raise PositionError(f"snapshot.{key}[{i}]: expected a [city, seat] pair")
            out.append((item[0], item[1]))
        return tuple(out)

    def _hands(self, key: str) -> tuple[Hand, ...]:
        return tuple(self.hand(f"{key}[{i}]", h) for i, h in
                     enumerate(self.items(key, list, "a hand")))

    def _name_lists(self, key: str) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(self.name(f"{key}[{i}][{j}]", t) for j, t in enumerate(item))
                     for i, item in enumerate(self.items(key, list, "a list of tickets")))

    # -- one value

    def items(self, key: str, kind: type[Any], what: str) -> list[Any]:
        raw = self.data.get(key)
        if not isinstance(raw, list) or not all(isinstance(v, kind) for v in raw):
            raise PositionError(f"snapshot.{key}: expected a list, each {what}")
        return raw

    def whole(self, key: str, value: Any = None, *, low: int | None = 0) -> int:
        raw = self.data.get(key) if value is None else value
        if not isinstance(raw, int) or isinstance(raw, bool) or (low is not None and raw < low):
            raise PositionError(f"snapshot.{key}: expected a whole number"
                                + ("" if low is None else f" ≥ {low}"))
        return raw

    def text(self, key: str) -> str:
        raw = self.data.get(key)
        if not isinstance(raw, str):
            raise PositionError(f"snapshot.{key}: expected a string")
        return raw

    def name(self, place: str, value: Any, *, empty: bool = False) -> str:
        if not isinstance(value, str) or (not value and not empty):
            raise PositionError(f"snapshot.{place}: expected a name")
        return value

    def card(self, place: str, value: Any, *, empty: bool = False) -> int:
        low = NO_CARD if empty else 0
        if not isinstance(value, int) or isinstance(value, bool) or \
                not low <= value < NUM_CARD_TYPES:
            raise PositionError(f"snapshot.{place}: expected a card (0 to "
                                f"{NUM_CARD_TYPES - 1})")
        return value

    def owner(self, place: str, value: Any, players: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or \
                not OPEN <= value < players:
            raise PositionError(f"snapshot.{place}: expected a seat or {OPEN}")
        return value

    def hand(self, key: str, value: Any = None) -> Hand:
        raw = self.data.get(key) if value is None else value
        if not isinstance(raw, list) or len(raw) != NUM_CARD_TYPES or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in raw):
            raise PositionError(f"snapshot.{key}: expected {NUM_CARD_TYPES} counts ≥ 0")
        return tuple(raw)
