"""The probability lab's sample of bot games, played once and shipped with the kit.

The lab's measured answers (refreshes, ticket completion, the ticket gamble, claimed routes)
need bot games. Playing them takes about ten seconds, too long for a page to wait on, so the
kit ships the games the lab shows: ``GAMES`` greedy-bot games for each map and player count in
``RUNS``, seeded ``SEED`` exactly as ``ttr simulate --bots greedy --seed 1`` seeds them.
``sample_games()`` reads them back as ``GameResult`` records in a few milliseconds;
``play_sample()`` plays them again, and ``python -m ttr_widgets.course.lab_sample`` rewrites the
file (after a change to the bots or the engine; a test checks that the file still matches what
the bots play).

The file is compact JSON: each game is its ``GameResult.to_dict()`` values in the order of
``game_keys`` (players in the order of ``player_keys``, tickets as ``ticket_keys``), players'
names left out (they are the bots' seat names) and routes written as their ids' numbers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from ttr_widgets.bots.simulate import GameResult, game_seed, play_game
from ttr_widgets.course.lab import results_from_records
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.maps import load_map

__all__ = ["BOT", "GAMES", "RUNS", "SAMPLE_PATH", "SEED", "play_sample", "sample_games",
           "write_sample"]

RUNS: tuple[tuple[str, int], ...] = (("usa", 2), ("usa", 4), ("europe", 2), ("europe", 4))
GAMES = 50  #: games per map and player count
SEED = 1
BOT = "greedy"
SAMPLE_PATH = Path(__file__).resolve().parent.parent / "examples" / "lab-games.json"
FORMAT = "ttr-widgets lab sample"

Sample = dict[tuple[str, int], tuple[GameResult, ...]]


def play_sample(games: int = GAMES, seed: int = SEED,
                runs: Sequence[tuple[str, int]] = RUNS) -> Sample:
    """Play the sample again: ``games`` games of greedy bots for each (map, players) of
    ``runs``; game ``i`` is dealt from ``game_seed(seed, i)``, as in ``ttr simulate``."""
    sample: Sample = {}
    for map_name, players in runs:
        board = load_map(map_name)
        sample[map_name, players] = tuple(
            play_game(board, [BOT] * players, game_seed(seed, i), i) for i in range(games))
    return sample


def sample_games(path: Path | str = SAMPLE_PATH) -> Sample:
    """The shipped games, by (map, players): ``{("usa", 2): (GameResult, …), …}``."""
    return dict(_read(str(path)))


@lru_cache(maxsize=4)
def _read(path: str) -> tuple[tuple[tuple[str, int], tuple[GameResult, ...]], ...]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TTRError(f"lab sample {path}: cannot be read ({exc})") from None
    return tuple(decode(data).items())


def write_sample(path: Path | str = SAMPLE_PATH, sample: Sample | None = None) -> Path:
    """Play (or take) the sample and write it to ``path``."""
    data = encode(sample if sample is not None else play_sample())
    target = Path(path)
    target.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return target


# --- the compact file -------------------------------------------------------------------------

def encode(sample: Sample) -> dict[str, Any]:
    """The file's JSON object for ``sample``."""
    first = next(iter(next(iter(sample.values())))).to_dict()
    game_keys = [k for k in first if k not in ("players", "seed")]
    player_keys = [k for k in first["players"][0] if k not in ("name", "stats", "tickets")]
    ticket_keys = list(first["players"][0]["tickets"][0]) if first["players"][0]["tickets"] \
        else ["id", "value", "completed", "kept_at_setup", "drawn_turn", "trains_at_draw"]
    runs = {}
    for (map_name, players), results in sample.items():
        runs[f"{map_name} {players}"] = [
            _encode_game(r.to_dict(), game_keys, player_keys, ticket_keys) for r in results]
    return {"format": FORMAT, "bot": BOT, "seed": SEED, "game_keys": game_keys,
            "player_keys": player_keys, "ticket_keys": ticket_keys, "runs": runs}


def _encode_game(game: Mapping[str, Any], game_keys: list[str], player_keys: list[str],
                 ticket_keys: list[str]) -> list[Any]:
    players = []
    for p in game["players"]:
        row = [_short_routes(p[k]) if k == "routes" else p[k] for k in player_keys]
        row.append([[t[k] for k in ticket_keys] for t in p["tickets"]])
        players.append(row)
    return [*(game[k] for k in game_keys), players]


def _short_routes(routes: Sequence[str]) -> str:
    return " ".join(r.rsplit("-", 1)[1] for r in routes)


def decode(data: Mapping[str, Any]) -> Sample:
    """The sample in a file's JSON object (the inverse of ``encode``)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise TTRError(f"lab sample: not a {FORMAT!r} file")
    seed = int(data["seed"])
    game_keys, player_keys = list(data["game_keys"]), list(data["player_keys"])
    ticket_keys = list(data["ticket_keys"])
    sample: Sample = {}
    for run, games in data["runs"].items():
        map_name, players = run.split()
        prefix = load_map(map_name).routes[0].id.rsplit("-", 1)[0]  # 'usa', 'eu'…
        records = []
        for game in games:
            record = dict(zip(game_keys, game[:-1], strict=True))
            record["seed"] = game_seed(seed, int(record["game"]))
            record["players"] = [
                _decode_player(i, row, player_keys, ticket_keys, prefix)
                for i, row in enumerate(game[-1])]
            records.append(record)
        sample[map_name, int(players)] = results_from_records(records)
    return sample


def _decode_player(seat: int, row: Sequence[Any], player_keys: list[str],
                   ticket_keys: list[str], prefix: str) -> dict[str, Any]:
    player = dict(zip(player_keys, row[:-1], strict=True))
    player["name"] = f"{str(player['bot']).capitalize()} {seat + 1}"
    player["routes"] = [f"{prefix}-{n}" for n in str(player["routes"]).split()]
    player["tickets"] = [dict(zip(ticket_keys, t, strict=True)) for t in row[-1]]
    return player


if __name__ == "__main__":  # pragma: no cover - rewrites the shipped file
    print(f"wrote {write_sample()}")
