"""``ttr score POSITION.json [--json]``: final scoring of an end-of-game position (or of a
game record the app saved, as its game stands).

The text form shows, for every player, each ticket hit or miss with its points, the route
points, stations and what they borrowed, the longest trail and bonus, the total, then the winner
and how the tie-breaks decided it. ``--json`` prints the same numbers for programs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.position import load_position, score_position, sheet_dict
from ttr_widgets.rules.record import LoadedGame, is_record, load_game
from ttr_widgets.rules.score_sheet import format_score_sheet


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score", help=_("score a finished game from a position file"),
        description=_("Final scoring of an end-of-game position: routes, every ticket hit or "
                      "miss, stations and their borrowed routes, the bonus for the longest "
                      "trail, the total and the winner with the tie-breaks. Example positions "
                      "ship in ttr_widgets/examples/."))
    parser.add_argument("position", metavar="POSITION.json",
                        help=_('a JSON file: {"map": "usa"|"europe", "players": [{"name", '
                               '"routes": [route ids], "tickets": [ticket ids], '
                               '"stations": [cities]}]}; optional "variant" (Europe: '
                               'europe-expanded, big-cities, mega-europe) and "warehouses": '
                               'true with each player\'s "depots_left"; a team game adds '
                               '"teams": [["Ann", "Cleo"], ["Ben", "Dev"]] (4 or 6 players, '
                               'teams of 2) and is scored per team. A game record the app saved '
                               'is scored as its game stands'))
    parser.add_argument("--json", action="store_true", help=_("print the scores as JSON"))


def run(args: argparse.Namespace) -> int:
    record = _game_record(args.position)
    if record is not None:
        position, sheet = record.position, record.score()
    else:
        position = load_position(args.position)
        sheet = score_position(position)
    if args.json:
        print(json.dumps(sheet_dict(position, sheet), indent=2, ensure_ascii=False))
        return 0
    if record is not None and not record.finished:
        print(_("{source}: a game record of a game not over yet, scored as it stands.").format(
            source=record.source))
    print(format_score_sheet(position.board, sheet))
    return 0


def _game_record(path: str) -> LoadedGame | None:
    """The game record at ``path``, replayed (``record.load_game``), or ``None`` when the file
    is not one: ``load_position`` then reads it, or says why it cannot."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return load_game(path) if is_record(data) else None
