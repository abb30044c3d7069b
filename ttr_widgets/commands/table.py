"""``ttr table``: shared tables from the command line (a ``ttr serve`` holds them).

    ttr table new SERVER --map M --seats N [--name NAME] [--variant V] [--teams]
                         [--takeover SECONDS]        -> the table's link, as the last line
    ttr table join LINK --bot KIND [--name NAME] [--pace SECONDS]
    ttr table watch LINK [--json]
    ttr table record LINK --out FILE
    ttr table list SERVER

SERVER is the base address ``ttr serve`` prints (``http://localhost:8866``, with ``?token=KEY``
on a school network); LINK is a table's link. Bad input gets one line and exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from ttr_widgets.bots import LEVELS, SLOW, choose
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.state import GameState
from ttr_widgets.tables.client import (
    TableClient,
    TableClientError,
    api_get,
    api_post,
    parse_link,
    play_bot,
    server_link,
    status_words,
)
from ttr_widgets.tables.telling import event_words, said

__all__ = ["add_parser", "run"]

BOTS = (*LEVELS, *SLOW)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected seconds, got {text}").format(
            text=repr(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("expected seconds ≥ 0, got {text}").format(
            text=text))
    return value


def _seats(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of seats, got {text}").format(
            text=repr(text))) from None
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(_("a table has 2 to 6 seats, not {n}").format(n=value))
    return value


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("table", help=_("shared tables on a ttr serve: new, join, "
                                                       "watch, record, list"),
                                   description=_("Shared tables that several browsers and bots "
                                     "play at, held by a running ttr serve."))
    subs = parser.add_subparsers(dest="table_command", required=True,
                                 parser_class=type(parser))
    new = subs.add_parser("new", help=_("make a table and print its link"))
    new.add_argument("server", metavar="SERVER", help=_("the address ttr serve prints"))
    new.add_argument("--map", required=True, help=_("usa or europe"))
    new.add_argument("--seats", type=_seats, required=True, help=_("2 to 5 (4 or 6 for teams)"))
    new.add_argument("--name", default=None, help=_("the table's name (like maple-7)"))
    new.add_argument("--variant", default=None, help=_("a ticket variant of the map"))
    new.add_argument("--teams", action="store_true", help=_("team play: teams of 2"))
    new.add_argument("--takeover", type=_seconds, default=60.0, metavar="SECONDS",
                     help=_("seconds a person may be away before the table's bot plays for "
                            "them (default 60)"))
    join = subs.add_parser("join", help=_("sit a bot at a table and play to the end"))
    join.add_argument("link", metavar="LINK")
    join.add_argument("--bot", required=True, choices=BOTS, help=_("the bot's level"))
    join.add_argument("--name", default=None, help=_("the bot's name at the table"))
    join.add_argument("--pace", type=_seconds, default=0.0, metavar="SECONDS",
                      help=_("wait this long before each move"))
    watch = subs.add_parser("watch", help=_("print each public event as it happens"))
    watch.add_argument("link", metavar="LINK")
    watch.add_argument("--json", action="store_true", help=_("one JSON object a line"))
    record = subs.add_parser("record", help=_("download a finished game's record"))
    record.add_argument("link", metavar="LINK")
    record.add_argument("--out", type=Path, required=True, metavar="FILE")
    listing = subs.add_parser("list", help=_("every table: name, map, seats taken, state"))
    listing.add_argument("server", metavar="SERVER")


def run(args: argparse.Namespace) -> int:
    return {"new": _new, "join": _join, "watch": _watch, "record": _record,
            "list": _list}[args.table_command](args)


def _new(args: argparse.Namespace) -> int:
    server, token = server_link(args.server)
    body: dict[str, Any] = {"map": args.map, "seats": args.seats, "teams": args.teams,
                            "takeover": args.takeover}
    if args.variant:
        body["variant"] = args.variant
    if args.name:
        body["name"] = args.name
    table = api_post(server, body, token)
    print(ngettext("Table {name}: the {map} map, {n} seat, {status}.",
                   "Table {name}: the {map} map, {n} seats, {status}.", args.seats).format(
        name=table["name"], map=table["map"], n=args.seats, status=status_words(table["status"])))
    print(table["link"])
    return 0


def _join(args: argparse.Namespace) -> int:
    link = parse_link(args.link)
    kind = args.bot
    rng = random.Random(f"ttr-table-join:{link.table}:{kind}")

    def decide(view: GameState) -> Any:
        return choose(kind, view, rng).action

    name = args.name or _("{level} bot").format(level=kind.capitalize())
    seat = play_bot(link, decide, name=name, pace=args.pace)
    if seat is None:
        raise TableClientError(said({"say": "full", "args": {"table": link.table}}))
    print(_("{name} played seat {seat} of {table} to the end.").format(
        name=name, seat=seat + 1, table=link.table))
    return 0


def _watch(args: argparse.Namespace) -> int:
    link = parse_link(args.link)

    def show(message: dict[str, Any]) -> None:
        if message["type"] == "event":
            event = {k: message[k] for k in ("seq", "at", "kind", "seat", "text")}
            print(json.dumps(event) if args.json else f"{event['seq']:>4}  "
                  f"{event_words(message)}", flush=True)
        elif message["type"] == "view" and message["table"]["status"] == "over":
            client.close()

    client = TableClient(link, watch=True, on_message=show)
    asyncio.run(client.run())
    return 0


def _record(args: argparse.Namespace) -> int:
    link = parse_link(args.link)
    record = api_get(link.server, f"/{link.table}/record", link.token)
    try:
        args.out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise TableClientError(_("--out: cannot write {path}: {problem}").format(
            path=args.out, problem=exc.strerror)) from None
    moves = len(record["actions"])
    print(ngettext("The record of {table} ({n} move): {path}",
                   "The record of {table} ({n} moves): {path}", moves).format(
        table=link.table, n=moves, path=args.out), file=sys.stderr)
    return 0


def _list(args: argparse.Namespace) -> int:
    server, token = server_link(args.server)
    tables = api_get(server, "", token)["tables"]
    if not tables:
        print(_("No table yet."))
    for table in tables:
        print(ngettext("{name}  {map}  {taken}/{n} seat  {status}",
                       "{name}  {map}  {taken}/{n} seats  {status}", len(table["seats"])).format(
            name=table["name"], map=table["map"], taken=table["taken"], n=len(table["seats"]),
            status=status_words(table["status"])))
    return 0
