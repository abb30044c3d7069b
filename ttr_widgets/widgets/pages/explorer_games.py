"""What the scoring explorer opens, and the "what if?" it asks of it, as values.

A game comes from a file — a position, a team position or a game record, a team game's too
(``read_any_game``, ``open_game``: the core's ``read_game`` and ``load_game``, a team game's
``position.teams`` pairing its players) — or from the kit's examples (``as_game``:
``ScoringExplorer("usa")``, ``team_example_path()``). ``WhatIf`` is the changes asked of a
finished game (routes taken from their owners, tickets dropped) and ``apply_what_if`` the
position they leave; ``scored`` scores it. ``seat_names`` and ``seat_colors`` are how a game's
players are keyed on the board (teammates in their team's two shades).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.maps import BUILTIN_MAPS
from ttr_widgets.rules.position import Position
from ttr_widgets.rules.record import LoadedGame, example_path, load_game, read_game
from ttr_widgets.rules.words import map_title
from ttr_widgets.widgets.pages.explorer_view import Game, Sheet
from ttr_widgets.widgets.pages.scored_teams import team_colors
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = ["NO_CHANGE", "WhatIf", "apply_what_if", "as_game", "open_game", "read_any_game",
           "scored", "seat_colors", "seat_names", "team_example_path"]


@dataclass(frozen=True, slots=True)
class WhatIf:
    """Changes to a finished game: routes taken from their owners, tickets dropped."""

    routes_removed: frozenset[str] = frozenset()
    tickets_dropped: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.routes_removed or self.tickets_dropped)


NO_CHANGE = WhatIf()


def apply_what_if(position: Position, what_if: WhatIf) -> Position:
    """The position without the removed routes and the dropped tickets (a new value)."""
    players = tuple(replace(h, routes=h.routes - what_if.routes_removed,
                            tickets=tuple(t for t in h.tickets
                                          if t not in what_if.tickets_dropped))
                    for h in position.players)
    return replace(position, players=players)


def read_any_game(content: bytes | str, name: str) -> Game:
    """A game from a file's content, as ``read_game`` reads it (a position or a game record,
    a team game's too). ``PositionError`` with one line naming the file and the field when it
    is neither."""
    return read_game(content, name)


def team_example_path() -> Path:
    """The kit's example of a finished team game: 4 players on the USA map, Team Asia rules."""
    return example_path("usa").parent / "usa-team-final.json"


def open_game(path: str | Path) -> Game:
    """``read_any_game`` on a file (``PositionError`` when it cannot be read)."""
    return load_game(path)


def as_game(source: str | Path | Position | Game) -> Game:
    """What the explorer opens: a loaded game as it is, a position, a built-in map's name (the
    kit's example game of that map), the kit's team example, or a file (``open_game``)."""
    if isinstance(source, LoadedGame):
        return source
    name = source_name(source)
    if isinstance(source, Position):
        return LoadedGame(source, source=name)
    if isinstance(source, str) and source in BUILTIN_MAPS:
        return replace(load_game(example_path(source)), source=name)
    if name is not None:
        return replace(open_game(source), source=name)
    return open_game(source)


def source_name(source: str | Path | Position | Game) -> str | None:
    """What the explorer calls a game it did not read from a file of the reader's: 'a
    position', 'the kit's example USA game', in the reader's language (told again when the
    language changes); None for a file (named by its own name) or a game loaded."""
    if isinstance(source, LoadedGame):
        return None
    if isinstance(source, Position):
        return _("a position")
    if isinstance(source, str) and source in BUILTIN_MAPS:
        return _("the kit's example {map} game").format(map=map_title(source))
    if Path(source) == team_example_path():
        return _("the kit's example USA team game")
    return None


def scored(game: Game, position: Position) -> Sheet:
    """``game``'s score sheet with its position replaced by ``position`` (a what-if)."""
    return replace(game, position=position).score()


def seat_names(game: Game) -> tuple[str, ...]:
    """The players' names, one for each colour of the board."""
    return tuple(h.name for h in game.position.players)


def seat_colors(game: Game) -> tuple[str, ...]:
    """Each player's colour on the board: teammates in their team's two shades."""
    if game.position.teams:
        return team_colors(game.position)
    return tuple(DEFAULT_PLAYER_COLORS[:len(game.position.players)])  # no key for an empty seat
