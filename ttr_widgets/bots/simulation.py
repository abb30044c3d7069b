"""Run many bot games on every core (or on a Dask cluster) and write their results.

The run is deterministic: game ``i`` depends only on (map, bots, seed, i), results are kept in
game order, and the files carry no timing, so the same seed gives a byte-identical file
whatever the number of workers.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from ttr_widgets.bots.simulate import GameResult, SimulationError, check_bots, game_seed, play_game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.record import options_to_dict
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.stats import TURN_KINDS
from ttr_widgets.rules.variants import ticket_rules

FORMAT = "ttr-widgets simulation"
TEAM_FORMAT = "ttr-widgets team simulation"  #: a run of team games: its results per team
CSV_COLUMNS = ("game", "seed", "player", "name", "bot", "total", "route_points", "ticket_points",
               "station_points", "longest_bonus", "longest_trail", "globetrotter_bonus",
               "tickets_kept", "tickets_completed", "routes_claimed", "stations_built",
               "trains_left", "won", "turns", "ended_by",
               # the statistics of the game (rules.stats), per player, then the game's own
               "ticket_points_won", "ticket_points_lost", "depot_bonus", "cards_face_up",
               "cards_blind", "locomotives_face_up", "locomotives_blind", "cards_collected",
               "tickets_drawn", "tickets_failed", *(f"turns_{kind}" for kind in TURN_KINDS),
               "stations_left", "refreshes_caused", "refreshes", "last_round_turn")
TEAM_CSV_COLUMNS = ("game", "seed", "team", "players", "bots", "total", "route_points",
                    "ticket_points", "tickets_kept", "tickets_completed", "tickets_shared",
                    "longest_trail", "longest_bonus", "globetrotter_bonus", "routes_claimed",
                    "trains_left", "won", "turns", "ended_by")


def play_one(map_name: str, bots: tuple[str, ...], seed: int, index: int,
             options: Options | None = None) -> GameResult:
    """Game ``index`` of a run (top-level so worker processes can import it)."""
    return play_game(load_map(map_name), bots, game_seed(seed, index), index, options)


def run(map_name: str, bots: Sequence[str], games: int, *, seed: int = 0,
        workers: int | None = None, engine: str = "processes", scheduler: str | None = None,
        progress: Callable[[int], None] | None = None, options: Options | None = None
        ) -> Iterator[GameResult]:
    """Yield the results of ``games`` games in game order.

    ``engine``: ``"processes"`` (a local pool of ``workers`` processes, default every core),
    or ``"dask"`` (a ``distributed`` cluster at ``scheduler``, or a local one when None)."""
    bots = tuple(bots)
    check_bots(bots, load_map(map_name), options)
    ticket_rules(load_map(map_name), options or Options())  # an unknown variant fails here
    if games < 1:
        raise SimulationError("games: ask for at least one game")
    indices = range(games)
    if engine == "dask":
        results = _run_dask(map_name, bots, seed, indices, scheduler, options)
    elif engine == "processes":
        results = _run_local(map_name, bots, seed, indices, workers or os.cpu_count() or 1,
                             options)
    else:
        raise SimulationError(f"engine: {engine!r} is not 'processes' or 'dask'")
    for result in results:
        if progress is not None:
            progress(1)
        yield result


def _run_local(map_name: str, bots: tuple[str, ...], seed: int, indices: range,
               workers: int, options: Options | None) -> Iterator[GameResult]:
    if workers == 1:
        yield from (play_one(map_name, bots, seed, i, options) for i in indices)
        return
    chunk = max(1, min(50, len(indices) // (workers * 8)))
    context = multiprocessing.get_context("spawn")  # safe inside a running Jupyter kernel
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        n = len(indices)
        try:
            yield from pool.map(play_one, [map_name] * n, [bots] * n, [seed] * n, indices,
                                [options] * n, chunksize=chunk)
        except BrokenProcessPool as exc:
            raise SimulationError(f"a worker process died ({exc}); try --workers 1") from None


def _run_dask(map_name: str, bots: tuple[str, ...], seed: int, indices: range,
              scheduler: str | None, options: Options | None) -> Iterator[GameResult]:
    try:
        from distributed import Client
    except ImportError:
        raise SimulationError("engine dask needs the optional extra: "
                              "pip install 'ttr-widgets[distributed]'") from None
    # distributed has no type hints
    client = Client(scheduler) if scheduler else Client(processes=False)  # type: ignore[no-untyped-call]
    try:
        n = len(indices)
        futures = client.map(play_one, [map_name] * n, [bots] * n, [seed] * n, list(indices),
                             [options] * n, pure=True)
        for future in futures:  # in game order
            yield future.result()
    finally:
        client.close()  # type: ignore[no-untyped-call]


# --------------------------------------------------------------------------- files


def header(map_name: str, bots: Sequence[str], seed: int, games: int,
           options: Options | None = None) -> dict[str, Any]:
    options = options or Options()
    if options.teams:
        trains = load_map(map_name).rules.team.trains
        return {"format": TEAM_FORMAT, "version": 1, "map": map_name, "bots": list(bots),
                "seed": seed, "games": games, "trains_each": trains}
    return {"format": FORMAT, "version": 1, "map": map_name, "bots": list(bots),
            "seed": seed, "games": games, "options": options_to_dict(options)}


def to_json(head: dict[str, Any], results: Sequence[GameResult]) -> str:
    """One game per line inside a JSON document: readable, diffable, byte-stable."""
    lines = [json.dumps(r.to_dict(), sort_keys=True, separators=(",", ":")) for r in results]
    head_text = json.dumps(head, sort_keys=True, separators=(",", ":"))[:-1]
    return head_text + ',"results":[\n' + ",\n".join(lines) + "\n]}\n"


def csv_rows(result: GameResult) -> Iterator[dict[str, Any]]:
    for i, p in enumerate(result.players):
        yield {"game": result.index, "seed": result.seed, "player": i, "name": p.name,
               "bot": p.bot, "total": p.total, "route_points": p.route_points,
               "ticket_points": p.ticket_points, "station_points": p.station_points,
               "longest_bonus": p.longest_bonus, "longest_trail": p.longest_trail,
               "globetrotter_bonus": p.globetrotter_bonus, "tickets_kept": len(p.tickets),
               "tickets_completed": p.tickets_completed,
               "routes_claimed": len(p.routes), "stations_built": p.stations_built,
               "trains_left": p.trains_left, "won": int(p.name in result.winners),
               "turns": result.turns, "ended_by": result.ended_by,
               **_stats_columns(result, i)}


def _stats_columns(result: GameResult, player: int) -> dict[str, Any]:
    """The statistics columns of one player's row (empty for a result without statistics)."""
    stats = result.players[player].stats
    if stats is None:
        return {}
    columns = stats.columns()
    row = {name: columns[name] for name in CSV_COLUMNS if name in columns
           and name not in _SCORE_COLUMNS}
    return {**row, "refreshes_caused": stats.refreshes, "refreshes": result.refreshes,
            "last_round_turn": "" if result.last_round_turn is None else result.last_round_turn}


#: Columns the score already fills (the statistics agree with them).
_SCORE_COLUMNS = frozenset(("route_points", "station_points", "longest_bonus", "longest_trail",
                            "globetrotter_bonus",
                            "total", "trains_left", "tickets_kept", "tickets_completed",
                            "refreshes"))


def team_rows(result: GameResult) -> Iterator[dict[str, Any]]:
    """A team game's rows: one a team, its players and bots joined with ' & '."""
    for t, team in enumerate(result.teams):
        yield {**team.to_dict(), "game": result.index, "seed": result.seed, "team": t,
               "players": " & ".join(team.players), "bots": " & ".join(team.bots),
               "won": int(team.players[0] in result.winners), "turns": result.turns,
               "ended_by": result.ended_by}


def to_csv(results: Sequence[GameResult]) -> str:
    """One row per player per game (a team game: per team)."""
    teams = bool(results) and bool(results[0].teams)
    out = io.StringIO()
    writer = csv.DictWriter(out, TEAM_CSV_COLUMNS if teams else CSV_COLUMNS,
                            lineterminator="\n")
    writer.writeheader()
    for result in results:
        writer.writerows(team_rows(result) if teams else csv_rows(result))
    return out.getvalue()


def write(path: str | Path, head: dict[str, Any], results: Sequence[GameResult]) -> None:
    path = Path(path)
    if path.suffix.lower() == ".csv":
        text = to_csv(results)
    elif path.suffix.lower() == ".json":
        text = to_json(head, results)
    else:
        raise SimulationError(f"--out: {path.name} must end in .json or .csv")
    path.write_text(text, encoding="utf-8")


def load_results(path: str | Path) -> list[dict[str, Any]]:
    """The per-game dicts of a JSON results file (for notebooks)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") not in (FORMAT, TEAM_FORMAT):
        raise SimulationError(f"{Path(path).name}: not a {FORMAT} file")
    results: list[dict[str, Any]] = data["results"]
    return results
