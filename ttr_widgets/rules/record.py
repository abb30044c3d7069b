"""Game records: JSON ``{map, players, seed, options, actions}`` that replay to the identical
state. A bad record is refused with one line naming the field (``PositionError``).

A record also carries a ``summary``: the statistics of the game at its cursor
(``stats.GameStats.to_dict``), for readers of the file. It is written, never read back: loading
replays the actions, and ``record_summary`` recomputes the statistics from them.

``read_game`` reads either kind of saved game (a position, ``ttr score``'s JSON, or a record)
into a ``LoadedGame``; ``load_game`` reads one from disk and ``example_path`` names the kit's
shipped examples."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from ttr_widgets.rules.actions import action_from_dict, action_to_dict
from ttr_widgets.rules.engine import holdings, new_game
from ttr_widgets.rules.errors import MapError, PositionError, RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.position import Position, parse_position, score_position
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.stats import GameStats, game_stats

FORMAT = "ttr-widgets game record"
VERSION = 1
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_KINDS = {"position": "final", "record": "game"}  #: file name suffix of each kind


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


def renamed(game: Game, names: Sequence[str]) -> Game:
    """The same game with its players called ``names``: dealt again from its seed and its
    moves played again, so that every event says the new names, at the same cursor. Only for
    a game that ``replayable`` says starts from its deal (raises ``PositionError`` otherwise)."""
    first = game.initial
    if not replayable(game):
        raise PositionError("players: this game starts from a position set up by hand; its "
                            "players cannot be renamed by dealing it again")
    return _played_again(Game.new(first.board, names, first.seed, first.options), game)


def retold(game: Game) -> Game:
    """The same game told again in the language now: its moves played again from its first
    state (a position set up by hand too), so that every event (``GameState.last_event``, the
    log's and Undo's words) is said in it, at the same cursor; the same players, hands and
    points."""
    return _played_again(Game((game.initial,)), game)


def _played_again(again: Game, game: Game) -> Game:
    """``game``'s moves played again from ``again``'s start, at ``game``'s cursor."""
    for action in game.actions:
        again = again.play(action)
    return again.jump(game.cursor)


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
    return options_from_dict(data.get("options") or {})


def options_from_dict(options: Any) -> Options:
    """The options a record (or a snapshot) names; ``PositionError`` naming a bad one."""
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
        return key not in ("warehouses", "teams")
    if key == "variant":
        return isinstance(value, str)
    if key in ("longest_bonus", "warehouses", "teams", "globetrotter") or key.startswith("team_"):
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


# ----------------------------------------------------------------------------- saved games


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A finished (or paused) game read from a position or a game record.

    ``longest_bonus`` is a record's own choice to play with or without the longest-trail bonus
    (``None``: as the variant says, which is all a position can say).
    """

    position: Position
    kind: str = "position"  #: "position" or "record"
    source: str = ""
    description: str = ""
    finished: bool = True
    longest_bonus: bool | None = None
    stats: GameStats | None = None  #: a record's statistics of the game (a position has none)

    def score(self) -> ScoreSheet:
        return score_position(self.position, self.longest_bonus)


def is_record(data: Any) -> bool:
    """Whether a file's parsed JSON is meant as a game record (it has a ``format`` or
    ``actions``) rather than a position; which of the two a reader should refuse it as."""
    return isinstance(data, dict) and ("format" in data or "actions" in data)


def read_game(content: bytes | str, name: str) -> LoadedGame:
    """A game from a file's content: a position, or a game record replayed to its cursor.
    ``PositionError`` with one line naming the file and the field when it is neither."""
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError(f"{name}: not a UTF-8 text file") from None
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{name}: not JSON: {exc.msg} at line {exc.lineno} column "
                            f"{exc.colno}") from None
    description = data.get("description", "") if isinstance(data, dict) else ""
    if not isinstance(description, str):
        description = ""
    if is_record(data):
        return _from_record(data, name, description)
    position = parse_position(data, source=name)
    return LoadedGame(position, "position", name, description)


def _from_record(data: dict[str, Any], name: str, description: str) -> LoadedGame:
    if data.get("format") != FORMAT:
        raise PositionError(f"{name}: format: expected {FORMAT!r}, got {data.get('format')!r}")
    try:
        game = from_record(data)
    except PositionError as exc:
        raise PositionError(f"{name}: {exc}") from None
    state = game.state
    return LoadedGame(position_of(state), "record", name, description, state.is_over,
                      state.options.longest_bonus, game_stats(game))


def position_of(state: GameState) -> Position:
    """Who holds what in a game (a team's shared tickets listed under its first player)."""
    options = state.options
    players = holdings(state)
    if not state.teams:
        return Position(state.board, players, options.variant, options.warehouses,
                        longest_bonus=options.longest_bonus, globetrotter=options.globetrotter)
    players = tuple(replace(h, tickets=(*h.tickets, *state.shared[i // 2])) if i % 2 == 0
                    else h for i, h in enumerate(players))
    pairs = tuple((2 * t, 2 * t + 1) for t in range(state.num_teams))
    return Position(state.board, players, teams=pairs)


def load_game(path: str | Path) -> LoadedGame:
    """``read_game`` on a file (``PositionError`` when it cannot be read)."""
    path = Path(path)
    try:
        content = path.read_bytes()
    except OSError as exc:
        raise PositionError(f"cannot read {str(path)!r}: {exc.strerror}") from None
    return read_game(content, path.name)


def example_path(map_name: str, kind: str = "position") -> Path:
    """The kit's example of a finished game on ``map_name``: ``kind="position"`` (who holds
    what, ``<map>-final.json``) or ``kind="record"`` (a whole game, ``<map>-game.json``)."""
    if kind not in EXAMPLE_KINDS:
        raise ValueError(f"kind: expected 'position' or 'record', got {kind!r}")
    path = EXAMPLES / f"{map_name}-{EXAMPLE_KINDS[kind]}.json"
    if not path.is_file():
        shipped = sorted(p.name for p in EXAMPLES.glob("*.json"))
        raise ValueError(f"map_name: no example {kind} for {map_name!r} (shipped: "
                         f"{', '.join(shipped)})")
    return path
