"""The moves a player can make: a small closed set of frozen values with evaluable reprs.

Cards are named by colour (``'red'`` … ``'black'``, ``'locomotive'``). A payment is one colour
plus a number of locomotives; a payment of locomotives only has ``color='locomotive'``.
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
    locomotives. For a tunnel this is the offer; the surcharge comes after the reveal."""

    route: str
    color: str
    locomotives: int = 0


@dataclass(frozen=True, slots=True)
class PayTunnel:
    """Pay a tunnel's surcharge, ``locomotives`` of it in locomotives, the rest in the colour
    offered."""

    locomotives: int = 0


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


Action: TypeAlias = (
    DrawBlind | DrawFaceUp | ClaimRoute | PayTunnel | DeclineTunnel | DrawTickets | KeepTickets
    | BuildStation | Pass | FeedWarehouse | PlaceDepot | CollectWarehouses
)
ACTION_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (DrawBlind, DrawFaceUp, ClaimRoute, PayTunnel, DeclineTunnel, DrawTickets,
                KeepTickets, BuildStation, Pass, FeedWarehouse, PlaceDepot, CollectWarehouses)
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "ClaimRoute", "route": "usa-017", ...}``."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for key, value in asdict(action).items():
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
            if f.name in ("locomotives", "cities"):
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
    if name in ("locomotives", "player"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"locomotives: expected a whole number ≥ 0 for {kind}")
        return value
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected a string for {kind}")
    return value
