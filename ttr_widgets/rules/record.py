"""Game records: JSON ``{map, players, seed, options, actions}`` that replay to the identical
state. A bad record is refused with one line naming the field (``PositionError``).

A record also carries a ``summary``: the statistics of the game at its cursor
(``stats.GameStats.to_dict``), for readers of the file. It is written, never read back: loading
replays the actions, and ``record_summary`` recomputes the statistics from them."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from .actions import action_from_dict, action_to_dict
from .engine import new_game
from .errors import MapError, PositionError, RulesError
from .history import Game
from .maps import load_map
from .state import Options
from .stats import GameStats, game_stats

FORMAT = "ttr-widgets game record"
VERSION = 1


def to_record(game: Game) -> dict[str, Any]:
    """The whole game (every action, also those undone past the cursor) and the cursor.

    Only a game dealt by ``new_game`` can be recorded: a record is the deal's seed plus the
    actions, so a game started from a position set up by hand would not replay."""
    first = game.initial
    if not replayable(game):
        raise PositionError("record: this game starts from a position set up by hand, not from "
                            "a deal; a record (seed + actions) could not replay it")
    return {
        "format": FORMAT,
        "version": VERSION,
        "map": first.board.name,
        "players": [p.name for p in first.players],
        "seed": first.seed,
        "options": options_to_dict(first.options),
        "actions": [action_to_dict(a) for a in game.actions],
        "cursor": game.cursor,
        "summary": game_stats(game).to_dict(),
    }


def replayable(game: Game) -> bool:
    """Whether the game starts from the deal its seed makes, so that a record replays it."""
    first = game.initial
    return new_game(first.board, [p.name for p in first.players], first.seed,
                    first.options) == first


def from_record(data: Any) -> Game:
    """Replay a record; every action is checked by the rules as it is replayed."""
    if not isinstance(data, dict):
        raise PositionError("record: expected a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PositionError(f"format: expected {FORMAT!r} version {VERSION}")
    game = Game.new(_board(data), _players(data), _seed(data), _options(data))
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise PositionError("actions: expected a list")
    for i, item in enumerate(actions):
        try:
            game = game.play(action_from_dict(item))
        except RulesError as exc:
            raise PositionError(f"actions[{i}]: illegal at that point: {exc}") from None
        except ValueError as exc:
            raise PositionError(f"actions[{i}].{exc}") from None
    cursor = data.get("cursor", len(actions))
    if not isinstance(cursor, int) or not 0 <= cursor <= len(actions):
        raise PositionError(f"cursor: expected 0..{len(actions)}")
    return game.jump(cursor)


def record_summary(data: Any) -> GameStats:
    """The statistics of a recorded game at its cursor, counted by replaying its actions (a
    record's own ``summary`` is not trusted). ``PositionError`` for a bad record."""
    return game_stats(from_record(data))


def _board(data: dict[str, Any]) -> Any:
    name = data.get("map")
    if not isinstance(name, str):
        raise PositionError("map: expected a map name")
    try:
        return load_map(name)
    except MapError as exc:
        raise PositionError(f"map: {exc}") from None


def _players(data: dict[str, Any]) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise PositionError("players: expected a list of names")
    return players


def _seed(data: dict[str, Any]) -> int:
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PositionError("seed: expected a whole number")
    return seed


def options_to_dict(options: Options) -> dict[str, Any]:
    """The options that differ from the defaults."""
    return {f.name: getattr(options, f.name) for f in fields(options)
            if getattr(options, f.name) != f.default}


def _options(data: dict[str, Any]) -> Options:
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise PositionError("options: expected an object")
    known = {f.name: f for f in fields(Options)}
    for key, value in options.items():
        if key not in known:
            raise PositionError(f"options.{key}: not a game option ({', '.join(known)})")
        if not _option_ok(key, value):
            raise PositionError(f"options.{key}: {value!r} is not a valid value")
    return Options(**options)


def _option_ok(key: str, value: Any) -> bool:
    if value is None:
        return key != "warehouses"
    if key == "variant":
        return isinstance(value, str)
    if key in ("longest_bonus", "warehouses"):
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def save_record(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(to_record(game), indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> Game:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{Path(path).name}: not JSON: {exc.msg} at line {exc.lineno}") \
            from None
    return from_record(data)
