"""``ttr simulate``: many bot games, on every core, written as JSON or CSV."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from ttr_widgets.bots import BOTS, simulation
from ttr_widgets.bots.simulate import GameResult, SimulationError, check_bots
from ttr_widgets.rules.i18n import _, ngettext, pgettext
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules
from ttr_widgets.rules.words import decimal, map_title, percent


def _variants_help() -> str:
    maps = dict.fromkeys(v.map for v in VARIANTS.values())
    return "; ".join(f"{map_title(m)}: " + ", ".join(n for n, v in VARIANTS.items() if v.map == m)
                     for m in maps)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a whole number, got {text}").format(
            text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected at least 1, got {value}").format(
            value=value))
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a whole number, got {text}").format(
            text=repr(text))) from None


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("simulate", help=_("play many bot games and write their results"),
                              description=_("Play many bot games (on every core by default) and "
                                "write per-game results as JSON or CSV (by the file's extension)."))
    p.add_argument("--map", default="usa", choices=[m for m in BUILTIN_MAPS])
    p.add_argument("--players", type=_positive, default=2, help=_("number of players (2-5)"))
    p.add_argument("--bots", default="random",
                   help=_("one bot for everyone, or a comma list, one per player ({bots})")
                   .format(bots=", ".join(BOTS)))
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--workers", type=_positive, default=None, help=_("processes (default: cores)"))
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--out", type=Path, default=None, help=_("FILE.json or FILE.csv"))
    p.add_argument("--engine", choices=["processes", "dask"], default="processes",
                   help=_("where games run: local processes, or a Dask 'distributed' cluster"))
    p.add_argument("--scheduler", default=None, help=_("Dask scheduler address (engine dask)"))
    p.add_argument("--variant", default=None,
                   help=_("ticket variant ({variants})").format(variants=_variants_help()))
    p.add_argument("--warehouses", action="store_true", help=_("play with Warehouses & Depots"))
    p.add_argument("--teams", action="store_true",
                   help=_("team play (Team Asia rules): 4 or 6 players in teams of 2, seats 1 "
                          "and 2 the first team; results per team"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))


def bot_list(text: str, players: int) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise SimulationError(ngettext("--bots: {n} bot given for {players} players",
                                       "--bots: {n} bots given for {players} players",
                                       len(bots)).format(n=len(bots), players=players))
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise SimulationError(_("--bots: unknown bot {bot}; bots are {bots}").format(
            bot=repr(unknown[0]), bots=", ".join(BOTS)))
    return bots


def run(args: argparse.Namespace) -> int:
    bots = bot_list(args.bots, args.players)
    options = Options(variant=args.variant, warehouses=args.warehouses, teams=args.teams)
    if args.teams:
        for flag, used in (("--variant", args.variant), ("--warehouses", args.warehouses)):
            if used:
                raise SimulationError(_("{flag}: not available with --teams").format(
                    flag=flag))
    board = load_map(args.map)
    check_bots(bots, board, options)
    ticket_rules(board, options)  # an unknown variant is refused before any game
    if args.out is not None and args.out.suffix.lower() not in (".json", ".csv"):
        raise SimulationError(_("--out: {name} must end in .json or .csv").format(
            name=args.out.name))
    from tqdm import tqdm

    bar = tqdm(total=args.games, unit=pgettext("progress bar", "game"),
               disable=True if args.quiet else None, file=sys.stderr)
    try:
        results = list(simulation.run(args.map, bots, args.games, seed=args.seed,
                                      workers=args.workers, engine=args.engine,
                                      scheduler=args.scheduler, progress=bar.update,
                                      options=options))
    finally:
        bar.close()
    if args.out is not None:
        head = simulation.header(args.map, bots, args.seed, args.games, options)
        simulation.write(args.out, head, results)
    print(team_summary(results) if args.teams else summary(results))
    if args.out is not None:
        print(_("results: {path}").format(path=args.out))
    return 0


def summary(results: list[GameResult]) -> str:
    wins: Counter[str] = Counter()
    for r in results:
        for name in r.winners:
            wins[name] += 1
    games = len(results)
    average = sum(r.turns for r in results) / games
    lines = [ngettext("{n} game; average length {turns} turns",
                      "{n} games; average length {turns} turns", games).format(
        n=games, turns=decimal(average))]
    names = [p.name for p in results[0].players]
    for i, name in enumerate(names):
        avg = sum(r.players[i].total for r in results) / games
        lines.append(_result_line(f"{name:<10}", wins[name], games, avg))
    return "\n".join(lines)


def _result_line(name: str, wins: int, games: int, average: float) -> str:
    """'  Ann        wins     1 ( 50.0%)  average score  101.5' (``name`` padded)."""
    return _("  {name} wins {wins} ({share})  average score {score}").format(
        name=name, wins=f"{wins:>5}", share=f"{percent(wins / games):>6}",
        score=f"{decimal(average):>6}")


def team_summary(results: list[GameResult]) -> str:
    """'12 games of team play; ...' then per team its wins (shared wins count for each) and
    average."""
    games = len(results)
    average = sum(r.turns for r in results) / games
    lines = [ngettext("{n} game of team play; average length {turns} turns",
                      "{n} games of team play; average length {turns} turns", games).format(
        n=games, turns=decimal(average))]
    for t, team in enumerate(results[0].teams):
        name = " & ".join(team.players)
        wins = sum(1 for r in results if r.teams[t].players[0] in r.winners)
        avg = sum(r.teams[t].total for r in results) / games
        lines.append(_result_line(f"{name:<22}", wins, games, avg))
    return "\n".join(lines)
