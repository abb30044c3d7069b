"""What a game puts on the board, as one value: ``Marks``.

Owners, stations, Depots and Warehouses, the highlighted routes, the selection, the closed
tracks, the cities to look at and each player's last claim are the game's marks on the board;
``render`` draws them
(``map_figure(board, marks)``, ``state_patches``) and ``MapView.show(marks)`` puts them on the
live board. A table builds its marks from the state it shows (``controller``); the scorer and
the explorer from their positions. The value is frozen and compares by its fields: two tables
showing the same thing have equal marks.

    Marks(owners={"usa-017": 0}, highlight=("usa-017",), highlight_label="your trail")
    NO_MARKS.but(selected="usa-017")     # the same marks, one field changed

Fields are keyword-only and all have defaults (nothing marked). Whatever sequences and mappings
are given become tuples and read-only copies, so the value never changes under the figure that
drew it; a single string where names are expected is refused (``'usa-001'`` is not a list of
route ids). ``check(board, players)`` says which field names a route, city or player the board
lacks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from ttr_widgets.rules.model import Board, Route

__all__ = ["MARK_FIELDS", "NO_MARKS", "Marks", "marks_with"]

_NONE: Mapping[str, Any] = MappingProxyType({})


def _empty() -> Mapping[str, Any]:
    return _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class Marks:
    """The game's marks on a board (see the module docstring).

    ``owners`` maps route id → player index, ``stations`` and ``depots`` city → player index,
    ``warehouses`` the cards in each player's Warehouse (Warehouses & Depots). ``highlight``
    routes get a broad band under them, named ``highlight_label`` in the legend; ``selected``
    (a route id) and ``selected_city`` get a ring. ``closed`` (route id → why) fades the open
    tracks nobody may claim and says why on hover; ``marked`` cities get a ring, named
    ``marked_label`` in the legend; ``last`` (route id → player index) are the players' last
    claims, outlined on the board and named on hover ("Bob's last move") and in the legend."""

    owners: Mapping[str, int] = field(default_factory=_empty)
    stations: Mapping[str, int] = field(default_factory=_empty)
    depots: Mapping[str, int] = field(default_factory=_empty)
    warehouses: Sequence[int] = ()
    highlight: Sequence[str] = ()
    highlight_label: str = ""
    selected: str | None = None
    selected_city: str | None = None
    closed: Mapping[str, str] = field(default_factory=_empty)
    marked: Sequence[str] = ()
    marked_label: str = ""
    last: Mapping[str, int] = field(default_factory=_empty)

    def __post_init__(self) -> None:
        # Frozen: the normalised copies are set the way dataclasses set fields themselves.
        for name in ("owners", "stations", "depots", "closed", "last"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        object.__setattr__(self, "warehouses", tuple(self.warehouses))
        object.__setattr__(self, "highlight", _names(self.highlight, "highlight", "route ids"))
        object.__setattr__(self, "marked", _names(self.marked, "marked", "city names"))

    def but(self, **changes: Any) -> Marks:
        """These marks with ``changes`` (field names; a misspelt one is a ``TypeError``)."""
        return replace(self, **changes) if changes else self

    def check(self, board: Board, players: int) -> None:
        """Raise ``ValueError`` naming the field when a mark is not on ``board`` (a route or a
        city it lacks) or names a player outside ``0..players - 1``."""
        for route_id, player in self.owners.items():
            _route(board, route_id, "owners")
            _check_player(player, players, f"owners[{route_id!r}]")
        for where, pieces in (("stations", self.stations), ("depots", self.depots)):
            for city, player in pieces.items():
                _check_city(board, city, where)
                _check_player(player, players, f"{where}[{city!r}]")
        for route_id in self.highlight:
            _route(board, route_id, "highlight")
        if self.selected is not None:
            _route(board, self.selected, "selected")
        if self.selected_city is not None:
            _check_city(board, self.selected_city, "selected_city")
        for route_id in self.closed:
            _route(board, route_id, "closed")
        for city in self.marked:
            _check_city(board, city, "marked")
        for route_id, player in self.last.items():
            _route(board, route_id, "last")
            _check_player(player, players, f"last[{route_id!r}]")


def marks_with(marks: Marks, options: Mapping[str, Any]) -> Marks:
    """``marks`` with the keyword options of a call (``map_figure(board, owners=…)``): the
    one way the figure builders and the live board turn keywords into ``Marks``."""
    return marks.but(**options)


def _names(value: Iterable[str], where: str, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ValueError(f"{where}: expected {what}, got the single string {value!r}")
    return tuple(value)


def _route(board: Board, route_id: str, where: str) -> Route:
    """``board``'s route ``route_id``, or a ``ValueError`` naming the field ``where``."""
    route = board.route_by_id.get(route_id)
    if route is None:
        raise ValueError(f"{where}: no route {route_id!r} on the {board.name} map")
    return route


def _check_city(board: Board, city: str, where: str) -> None:
    if city not in board.city_index:
        raise ValueError(f"{where}: no city {city!r} on the {board.name} map")


def _check_player(player: int, players: int, where: str) -> None:
    if not players:
        raise ValueError(f"{where}: this board shows no players")
    if not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(f"{where}: player {player!r} is not one of 0..{players - 1} "
                         "(one per player colour)")


NO_MARKS = Marks()  #: nothing marked
MARK_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Marks))
