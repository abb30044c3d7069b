"""Load a map: the built-in ones by name, others by path; each file read once and checked whole
(``rules.map_file``: every problem at once, with its place)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ttr_widgets.rules.errors import MapError
from ttr_widgets.rules.map_file import SCHEMA_VERSION, board_from_dict
from ttr_widgets.rules.model import Board

__all__ = ["BUILTIN_MAPS", "MAPS_DIR", "PRINT_1910", "SCHEMA_VERSION", "board_from_dict",
           "load_map", "map_path", "reprinted"]

_PACKAGE = Path(__file__).resolve().parent.parent
#: The built-in maps: the wheel's copy inside the package (setup.py puts it there at build time),
#: else the repository's top-level ``maps/`` (a source checkout or an editable install).
MAPS_DIR = next((d for d in (_PACKAGE / "maps", _PACKAGE.parent / "maps") if d.is_dir()),
                _PACKAGE.parent / "maps")
BUILTIN_MAPS = ("usa", "europe", "mini")
def map_path(name: str) -> Path:
    """The file of a built-in map."""
    return MAPS_DIR / f"{name}.json"


def load_map(name_or_path: str, printing: str = "") -> Board:
    """A built-in map by name (``'usa'``, ``'europe'``, ``'mini'``) or a map file by path.

    Boards are immutable, so a file is read once and the same ``Board`` is returned again —
    until the file changes on disk (a map being edited is read afresh). ``printing="1910"``:
    the same map with the tickets the USA 1910 box reprinted at their 1910 values (rule
    tickets.reprints; a map without ``points_1910`` is unchanged)."""
    if printing:
        if printing != PRINT_1910:
            raise MapError(str(name_or_path), [f"printing: expected {PRINT_1910!r} or none, "
                                               f"got {printing!r}"])
        return reprinted(load_map(name_or_path))
    path = map_path(name_or_path) if name_or_path in BUILTIN_MAPS else Path(name_or_path)
    try:
        stamp = path.stat().st_mtime_ns
    except (OSError, ValueError):
        stamp = -1  # _read_map reports the problem
    key = (name_or_path, stamp)
    if name_or_path in BUILTIN_MAPS:  # kept for good: one Board object per built-in map
        if key not in _BUILTIN:
            _BUILTIN[key] = _read_map(name_or_path, stamp)
        return _BUILTIN[key]
    return _read_map(name_or_path, stamp)


_BUILTIN: dict[tuple[str, int], Board] = {}
PRINT_1910 = "1910"  #: ``Board.printing`` of the USA 1910 box's cards


@lru_cache(maxsize=8)
def reprinted(board: Board) -> Board:
    """``board`` with the USA 1910 box's cards: each ticket with a ``points_1910`` at that
    value (``board`` itself when none has one)."""
    tickets = tuple(replace(t, points=t.points_1910) if t.points_1910 is not None else t
                    for t in board.tickets)
    if tickets == board.tickets:
        return board
    return replace(board, tickets=tickets, ticket_by_id={t.id: t for t in tickets},
                   printing=PRINT_1910)


@lru_cache(maxsize=16)
def _read_map(name_or_path: str, stamp: int) -> Board:
    path = map_path(name_or_path) if name_or_path in BUILTIN_MAPS else Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MapError(path.name, [f"not UTF-8 text (byte {exc.start})"]) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        known = ", ".join(BUILTIN_MAPS)
        raise MapError(str(name_or_path), [f"cannot read it ({reason}); "
                                           f"built-in maps are {known}"]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapError(path.name, [f"not JSON: {exc.msg} at line {exc.lineno}"]) from None
    except RecursionError:
        raise MapError(path.name, ["not usable JSON: nested too deeply"]) from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise MapError(path.name, [f"not usable JSON: {str(exc).split(':')[0]}"]) from None
    board = board_from_dict(data, source=path.name)
    if name_or_path in BUILTIN_MAPS:
        return board
    return replace(board, path=str(name_or_path))
