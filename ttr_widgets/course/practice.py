"""What a lesson's "try it" board is made of: the ``Practice`` (a position, its prompt, the rule
it is about and the moves that show it) and the helpers the lessons build positions with.

Every position is built with ``scenario`` (or dealt with ``new_game``), so it is a state a real
game could reach: every card is accounted for. A ``Practice`` also carries a *demo*, the moves
that show its point, and says how the last of them ends (refused by the practice's rule, or
accepted): the tests replay every demo, and the "Show me" button of the widget plays it.

Course content, not rules: the rules live in ``ttr_widgets.rules`` and nothing here knows about
widgets; ``ttr_widgets.course.lesson_page`` displays these values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ttr_widgets.rules.actions import (
    Action,
    KeepTickets,
)
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import DEPOTS, apply
from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import NUM_CARD_TYPES, Board, card_index
from ttr_widgets.rules.state import GameState, Options, evolve

__all__ = [
    "FOUR", "THREE", "TWO", "WAREHOUSES", "Outcome", "Practice", "after_ticket_setup",
    "europe_map", "europe_route", "finished", "last_turn", "prompt_text", "route_between",
    "setup_offer",
    "ticket_id", "usa_map", "usa_route", "with_warehouses",
]

Outcome = Literal["refused", "accepted"]
TWO = ("Ann", "Ben")
THREE = ("Ann", "Ben", "Cleo")
FOUR = ("Ann", "Ben", "Cleo", "Dev")
WAREHOUSES = Options(warehouses=True)


@dataclass(frozen=True, slots=True)
class Practice:
    """One "try it" position of a lesson.

    ``rule`` is the rule id the position is about. ``demo`` is a sequence of moves that shows
    it: every move but the last is accepted, and the last is refused by ``rule`` when
    ``outcome`` is ``"refused"``, or accepted when it is ``"accepted"``. ``highlight`` names
    routes to mark on the board.

    ``prompt`` is English, looked up in the catalogue when shown; a prompt naming what the
    board decides (its big cities, its bonus) is a template whose ``fields()`` are told in the
    reader's language then (``prompt_text``).
    """

    name: str
    title: str
    state: GameState
    prompt: str
    rule: str
    demo: tuple[Action, ...]
    outcome: Outcome = "refused"
    highlight: tuple[str, ...] = ()
    fields: Callable[[], Mapping[str, str]] | None = None

    @property
    def prompt_text(self) -> str:
        """The prompt in the reader's language, its fields filled."""
        return prompt_text(self.prompt, self.fields)

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"rule: unknown rule id {self.rule!r}")
        if not self.demo:
            raise ValueError(f"demo: the practice {self.name!r} needs at least one move")
        if self.outcome not in ("refused", "accepted"):
            raise ValueError(f"outcome: expected 'refused' or 'accepted', not {self.outcome!r}")
        for route in self.highlight:
            self.state.board.route(route)  # KeyError naming an unknown route


# --------------------------------------------------------------------------- helpers


def prompt_text(prompt: str, fields: Callable[[], Mapping[str, str]] | None = None) -> str:
    """``prompt`` (English, as written) in the reader's language, ``fields()`` filled in."""
    said = _(prompt)
    return said.format(**fields()) if fields is not None else said


def route_between(board: Board, a: str, b: str, color: str | None = None) -> str:
    """The id of the route joining cities ``a`` and ``b`` (of ``color``, for a double route);
    ``KeyError`` naming the cities when there is none."""
    for route in board.routes_at.get(a, ()):
        if route.other(a) == b and (color is None or route.color == color):
            return route.id
    shade = f" {color}" if color else ""
    raise KeyError(f"no{shade} route between {a!r} and {b!r} on the {board.name} map")


def finished(state: GameState) -> GameState:
    """The same position with the game over (the last round played out)."""
    return evolve(state, final_turns=0, pending=None)


def last_turn(state: GameState) -> GameState:
    """The same position on the last turn of the game: the move the player makes ends it."""
    return evolve(state, final_turns=1)


def with_warehouses(state: GameState, *, stock: Mapping[int, Mapping[str, int]] | None = None,
                    depots: Mapping[str, int] | None = None,
                    depots_left: Sequence[int] | None = None) -> GameState:
    """A position of a game played with Warehouses & Depots: empty Warehouses, then ``stock``
    (player → cards) moved from the pile into them, ``depots`` (city → player) placed, and
    ``depots_left`` beside each Warehouse (default: 5 less the Depots placed).

    Cards move from the pile, so every card stays counted; ``PositionError`` names the field
    when the pile lacks a card or a Depot city already holds a piece."""
    n = state.num_players
    deck = list(state.deck)
    warehouses = [[0] * NUM_CARD_TYPES for _ in range(n)]
    for player, cards in (stock or {}).items():
        for name, count in cards.items():
            for _copy in range(count):
                index = card_index(name)
                if index not in deck:
                    raise PositionError(f"stock[{player}]: no {name} card left in the pile")
                deck.remove(index)
                warehouses[player][index] += 1
    placed = dict(depots or {})
    for city in placed:
        if city not in state.board.city_index:
            raise PositionError(f"depots: unknown city {city!r}")
        piece = state.piece_at(city)
        if piece is not None:
            raise PositionError(f"depots[{city!r}]: the city already holds a {piece}")
    left = tuple(depots_left) if depots_left is not None else tuple(
        DEPOTS - sum(1 for p in placed.values() if p == i) for i in range(n))
    return evolve(state, deck=tuple(deck), warehouses=tuple(tuple(w) for w in warehouses),
                  depots=tuple(placed.items()), depots_left=left,
                  options=evolve(state.options, warehouses=True))


def usa_map() -> Board:
    """The USA board."""
    return load_map("usa")


def europe_map() -> Board:
    """The Europe board."""
    return load_map("europe")


def usa_route(a: str, b: str, color: str | None = None) -> str:
    """``route_between`` on the USA board."""
    return route_between(usa_map(), a, b, color)


def europe_route(a: str, b: str, color: str | None = None) -> str:
    """``route_between`` on the Europe board."""
    return route_between(europe_map(), a, b, color)


def ticket_id(board: Board, a: str, b: str) -> str:
    """The id of the ticket joining ``a`` and ``b``; ``KeyError`` naming them when none does."""
    for ticket in board.tickets:
        if {ticket.a, ticket.b} == {a, b}:
            return ticket.id
    raise KeyError(f"no ticket {a}–{b} on the {board.name} map")


def setup_offer(state: GameState) -> tuple[str, ...]:
    """The tickets dealt at setup to the player to move."""
    return state.setup_offers[state.current]


def after_ticket_setup(state: GameState) -> GameState:
    """Everyone keeps every ticket dealt (the setup choice is not what the position is about)."""
    while state.setup_offers and state.pending is not None:
        state = apply(state, KeepTickets(setup_offer(state)))
    return state
