"""The moves a player can make: a small closed set of frozen values with evaluable reprs.

Cards are named by colour (``'red'`` … ``'black'``, ``'locomotive'``). A payment is one colour
plus a number of locomotives; a payment of locomotives only has ``color='locomotive'``. In a team
game part of a payment may come from the team holder (``holder_cards``, ``holder_locomotives``);
elsewhere both are 0.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, TypeAlias


@dataclass(frozen=True, slots=True)
class DrawBlind:
    """Take the top card of the draw pile, unseen."""


@dataclass(frozen=True, slots=True)
class DrawFaceUp:
    """Take a face-up card of this kind (the leftmost such card of the row)."""

    card: str


@dataclass(frozen=True, slots=True)
class ClaimRoute:
    """Claim a route, paying ``length - locomotives`` cards of ``color`` and ``locomotives``
    locomotives (of which ``holder_cards`` coloured cards and ``holder_locomotives``
    locomotives from the team holder). For a tunnel this is the offer; the surcharge comes
    after the reveal."""

    route: str
    color: str
    locomotives: int = 0
    holder_cards: int = 0
    holder_locomotives: int = 0


@dataclass(frozen=True, slots=True)
class PayTunnel:
    """Pay a tunnel's surcharge, ``locomotives`` of it in locomotives, the rest in the colour
    offered (of which ``holder_cards`` and ``holder_locomotives`` from the team holder)."""

    locomotives: int = 0
    holder_cards: int = 0
    holder_locomotives: int = 0


@dataclass(frozen=True, slots=True)
class DeclineTunnel:
    """Give up a tunnel after the reveal: keep your cards, the turn is over."""


@dataclass(frozen=True, slots=True)
class DrawTickets:
    """Draw destination tickets (then keep some of them)."""


@dataclass(frozen=True, slots=True)
class KeepTickets:
    """Keep these of the tickets just drawn (or dealt at setup)."""

    tickets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BuildStation:
    """Build a station in a city, paying ``cost - locomotives`` cards of ``color`` and
    ``locomotives`` locomotives."""

    city: str
    color: str
    locomotives: int = 0


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing: only legal when no other action is."""


@dataclass(frozen=True, slots=True)
class FeedWarehouse:
    """Warehouses & Depots: start drawing cards by putting the pile's top card, unseen, into
    ``player``'s Warehouse (any player's, your own included)."""

    player: int


@dataclass(frozen=True, slots=True)
class PlaceDepot:
    """Warehouses & Depots: place a Depot on an empty city (at setup, or as a free action at
    the start of your turn)."""

    city: str


@dataclass(frozen=True, slots=True)
class CollectWarehouses:
    """Warehouses & Depots: after a claim into Depot cities, empty those Depots' owners'
    Warehouses into your hand, spending one unplaced Depot each (none: collect nothing)."""

    cities: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Team play: put the first card just drawn (and seen) into your ``"hand"`` or the team
    ``"holder"``; the second card goes to the other place."""

    to: str


@dataclass(frozen=True, slots=True)
class ShareTickets:
    """Team play: put these of your tickets into the team's ticket holder: 1 or 2 as a whole
    turn (the share action), or the one asked for after keeping tickets."""

    tickets: tuple[str, ...]


Action: TypeAlias = (
    DrawBlind | DrawFaceUp | ClaimRoute | PayTunnel | DeclineTunnel | DrawTickets | KeepTickets
    | BuildStation | Pass | FeedWarehouse | PlaceDepot | CollectWarehouses | PlaceCard
    | ShareTickets
)
ACTION_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (DrawBlind, DrawFaceUp, ClaimRoute, PayTunnel, DeclineTunnel, DrawTickets,
                KeepTickets, BuildStation, Pass, FeedWarehouse, PlaceDepot, CollectWarehouses,
                PlaceCard, ShareTickets)
}
#: fields a record may leave out (their default then holds): written only when not 0 or empty
OPTIONAL_FIELDS = frozenset({"locomotives", "cities", "holder_cards", "holder_locomotives"})
_SILENT_WHEN_ZERO = frozenset({"holder_cards", "holder_locomotives"})


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "ClaimRoute", "route": "usa-017", ...}`` (the team
    holder's part of a payment only when there is one)."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for key, value in asdict(action).items():
        if key in _SILENT_WHEN_ZERO and value == 0:
            continue
        data[key] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_dict(data: Any) -> Action:
    """The action a dict describes; ``ValueError`` naming the field when it does not."""
    if not isinstance(data, dict):
        raise ValueError("expected an object with a 'type'")
    cls = ACTION_TYPES.get(data.get("type", ""))
    if cls is None:
        raise ValueError(f"type: unknown action {data.get('type')!r}; "
                         f"actions are {', '.join(ACTION_TYPES)}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.name in OPTIONAL_FIELDS:
                continue
            raise ValueError(f"{f.name}: missing for {cls.__name__}")
        kwargs[f.name] = _field_value(cls.__name__, f.name, data[f.name])
    extra = set(data) - {"type"} - {f.name for f in fields(cls)}
    if extra:
        raise ValueError(f"{sorted(extra)[0]}: not a field of {cls.__name__}")
    action: Action = cls(**kwargs)
    return action


def _field_value(kind: str, name: str, value: Any) -> Any:
    if name in ("tickets", "cities"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"{name}: expected a list of names for {kind}")
        return tuple(value)
    if name in ("locomotives", "player", "holder_cards", "holder_locomotives"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name}: expected a whole number ≥ 0 for {kind}")
        return value
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected a string for {kind}")
    return value
