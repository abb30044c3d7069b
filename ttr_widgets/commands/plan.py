"""``ttr plan --map M --tickets T,T,... [--owned ROUTE,...] [--blocked ROUTE,...]
[--variant V] [--json]``: the fewest trains that complete a set of tickets, and the routes
that hurt most if taken.

Tickets and routes are named as people write them (``Denver-El Paso``, ``denver – el paso``,
``New York-Boston red``) or by id (``rules.naming``); ``--variant`` plays one of the map's
ticket decks, at its values. Owned routes cost nothing, blocked routes (taken by others)
cannot be used. The text names
cities as the board spells them (``--ids`` adds route and ticket ids); ``--json`` answers
``{"trains", "routes", "tickets", "bottlenecks", ...}`` with ``"trains": null`` and the
tickets that cannot be joined in ``"unreachable"`` when the set cannot be completed.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ttr_widgets.rules.errors import PositionError, TTRError
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import GRAY, LOCOMOTIVE, Board
from ttr_widgets.rules.naming import NamingError, find_route, find_ticket
from ttr_widgets.rules.planner import Bottleneck, Plan, bottlenecks, plan
from ttr_widgets.rules.position import TicketDeck, ticket_deck
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import variant_board
from ttr_widgets.rules.words import count


class PlanArgumentError(TTRError):
    """A ``ttr plan`` argument that names nothing on the map."""


def id_list(text: str) -> tuple[str, ...]:
    """``a,b,c`` → ``('a', 'b', 'c')``; an empty string is no names."""
    items = tuple(part.strip() for part in text.split(","))
    if items == ("",):
        return ()
    if "" in items:
        raise argparse.ArgumentTypeError(f"an empty name in {text!r}")
    return items


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "plan", help="the fewest trains that complete a set of tickets",
        description="The fewest train spaces still to place to complete every ticket given "
                    "(exact), one such plan, which tickets share which routes, the cards and "
                    "points, and the bottlenecks: the routes whose loss costs most.")
    parser.add_argument("--map", required=True, metavar="MAP",
                        help=f"a built-in map ({', '.join(BUILTIN_MAPS)}) or a map file")
    parser.add_argument("--tickets", required=True, type=id_list, metavar="TICKET,...",
                        help='tickets, e.g. "Denver-El Paso,Helena-Los Angeles" (or ids)')
    parser.add_argument("--owned", default=(), type=id_list, metavar="ROUTE,...",
                        help='routes you own, e.g. "Denver-Helena,New York-Boston red": they '
                             "cost nothing")
    parser.add_argument("--blocked", default=(), type=id_list, metavar="ROUTE,...",
                        help="routes you cannot use (taken by others); a double route of one "
                             "colour named twice is both tracks")
    parser.add_argument("--variant", default=None, metavar="VARIANT",
                        help="a ticket variant of the map (its deck and values), e.g. usa-mega")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--ids", action="store_true", help="show route and ticket ids in the text")


def run(args: argparse.Namespace) -> int:
    board = load_map(args.map)
    deck = None
    if args.variant is not None:
        try:
            deck = ticket_deck(board, args.variant)
        except PositionError as exc:
            raise PlanArgumentError(f"ttr plan: argument --variant: "
                                    f"{str(exc).removeprefix('variant: ')}") from None
        board = variant_board(board, Options(variant=args.variant))
    tickets, owned, blocked = _named(board, args, deck)
    result = plan(board, tickets, owned, blocked)
    found = bottlenecks(board, tickets, owned, blocked, result)
    if args.json:
        print(json.dumps(plan_json(result, found), indent=2, ensure_ascii=False))
    else:
        print(plan_text(board, result, found, set(owned), ids=args.ids))
    return 0


_Named = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def _named(board: Board, args: argparse.Namespace, deck: TicketDeck | None) -> _Named:
    """The ids of the tickets, owned and blocked routes the arguments name (a double route's
    alike tracks in turn, across both route lists)."""
    if not args.tickets:
        raise PlanArgumentError("ttr plan: argument --tickets: give at least one ticket")
    tickets: list[str] = []
    routes: dict[str, list[str]] = {"--owned": [], "--blocked": []}
    for option, names in (("--tickets", args.tickets), ("--owned", args.owned),
                          ("--blocked", args.blocked)):
        chosen = tickets if option == "--tickets" else routes[option]
        for name in names:
            try:
                item = find_ticket(board, name, deck).id if option == "--tickets" else \
                    find_route(board, name, routes["--owned"] + routes["--blocked"]).id
            except NamingError as exc:
                raise PlanArgumentError(f"ttr plan: argument {option}: {exc}") from None
            if item in chosen:
                named = _ticket_name(board, item, True) if option == "--tickets" else \
                    _route_name(board, item, True)
                raise PlanArgumentError(f"ttr plan: argument {option}: {named} is given twice")
            chosen.append(item)
    both = [r for r in routes["--owned"] if r in routes["--blocked"]]
    if both:
        raise PlanArgumentError(f"ttr plan: argument --blocked: {_route_name(board, both[0], True)}"
                                " is also in --owned")
    return tuple(tickets), tuple(routes["--owned"]), tuple(routes["--blocked"])


# --- output -----------------------------------------------------------------------------------

def plan_json(result: Plan, found: tuple[Bottleneck, ...]) -> dict[str, Any]:
    """The plan for programs: ``routes`` include the owned routes it uses; ``to_claim`` are
    the others; ``bottlenecks`` most critical first, ``extra`` null where a ticket would
    become impossible."""
    return {
        "trains": result.trains,
        "routes": list(result.routes),
        "tickets": list(result.tickets),
        "unreachable": list(result.unreachable),
        "bottlenecks": [{"route": b.route, "extra": b.extra} for b in found],
        "to_claim": list(result.to_claim),
        "points": result.points,
        "cards": dict(result.cards),
        "shared": {rid: list(users) for rid, users in result.shared.items()},
    }


def _city(board: Board, name: str) -> str:
    return board.city_label(name)


def _route_name(board: Board, rid: str, ids: bool) -> str:
    route = board.route(rid)
    name = f"{_city(board, route.a)} – {_city(board, route.b)}"
    return f"{name} [{rid}]" if ids else name


def _ticket_name(board: Board, tid: str, ids: bool) -> str:
    ticket = board.ticket(tid)
    name = f"{_city(board, ticket.a)} – {_city(board, ticket.b)}"
    return f"{name} [{tid}]" if ids else name


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _colour_text(route_color: str, length: int, locomotives: int) -> str:
    paid = length - locomotives
    cards = f"{count(paid, 'card')} of any one colour" if route_color == GRAY \
        else count(paid, f"{route_color} card")
    parts = [cards] if paid else []
    if locomotives:
        parts.append(count(locomotives, LOCOMOTIVE))
    return " and ".join(parts)


def plan_text(board: Board, result: Plan, found: tuple[Bottleneck, ...], owned: set[str],
              ids: bool = False) -> str:
    """The plan in plain English: cities as the board spells them."""
    tickets = [f"{_ticket_name(board, t, ids)} ({count(board.ticket(t).points, 'point')})"
               for t in result.tickets]
    lines = [f"{count(len(tickets), 'ticket')}: {_and(tickets)}."]
    if result.unreachable:
        lost = [_ticket_name(board, t, ids) for t in result.unreachable]
        verb = "cannot" if len(lost) > 1 else "can no longer"
        lines.append(f"Impossible: {_and(lost)} {verb} be completed with the routes left open.")
        planned = [t for t in result.tickets if t not in result.unreachable]
        if not planned:
            return "\n".join(lines)
        trains = sum(board.route(r).length for r in result.to_claim)
        lines.append(f"For the others, the fewest trains: {trains}.")
    elif result.trains == 0:
        done = "It is" if len(tickets) == 1 else "All of them are"
        lines.append(f"{done} complete already: no train to place.")
    else:
        over = result.trains > board.rules.trains
        them = "it" if len(tickets) == 1 else "them all"
        lines.append(f"Fewest trains to complete {them}: {result.trains}" + (
            f", more than the {board.rules.trains} a player starts with." if over else "."))
    lines += _route_lines(board, result, owned, ids)
    lines += _cards_lines(board, result)
    lines.append(f"Points: {result.points} ({_points_text(board, result)}).")
    lines += _bottleneck_lines(board, found, ids)
    return "\n".join(lines)


def _route_lines(board: Board, result: Plan, owned: set[str], ids: bool) -> list[str]:
    lines = []
    for heading, chosen in (("Routes to claim:", result.to_claim),
                            ("Your routes the plan uses:",
                             tuple(r for r in result.routes if r in owned))):
        if not chosen:
            continue
        lines.append(heading)
        for rid in chosen:
            route = board.route(rid)
            users = result.shared.get(rid, ())
            cards = "" if rid in owned else \
                ", " + _colour_text(route.color, route.length, route.ferry_locomotives)
            uses = "" if len(result.tickets) == 1 or not users else "; for " + (
                _and([_ticket_name(board, t, ids) for t in users]) if len(users) <= 3
                else f"{len(users)} of the tickets")
            tunnel = " (a tunnel)" if route.tunnel else ""
            lines.append(f"  {_route_name(board, rid, ids)}{tunnel}: "
                         f"{count(route.length, 'train')}{cards}{uses}")
    return lines


def _cards_lines(board: Board, result: Plan) -> list[str]:
    if not result.to_claim:
        return []
    parts = []
    for key, n in result.cards.items():
        if key == GRAY:
            parts.append(f"{n} for gray routes (one colour per route)")
        elif key == LOCOMOTIVE:
            parts.append(f"{count(n, LOCOMOTIVE)} for ferries")
        else:
            parts.append(f"{n} {key}")
    tunnels = sum(1 for r in result.to_claim if board.route(r).tunnel)
    note = "; tunnels may ask for more" if tunnels else ""
    return [f"Cards: {_and(parts)}{note}."]


def _points_text(board: Board, result: Plan) -> str:
    routes = sum(board.route_points(board.route(r)) for r in result.to_claim)
    won = sum(board.ticket(t).points for t in result.tickets if t not in result.unreachable)
    lost = sum(board.ticket(t).points for t in result.unreachable)
    text = f"{count(routes, 'point')} for the routes to claim, {won} for tickets"
    return text + (f", {lost} lost for tickets that cannot be completed" if lost else "")


def _bottleneck_lines(board: Board, found: tuple[Bottleneck, ...], ids: bool) -> list[str]:
    hurting = [b for b in found if b.extra != 0]
    if not found:
        return []
    if not hurting:
        return ["No bottleneck: whichever route of the plan someone takes, another plan is "
                "as cheap."]
    lines = ["Bottlenecks, if someone else takes the route:"]
    for b in hurting:
        effect = ("a ticket becomes impossible" if b.extra is None
                  else f"{count(b.extra, 'more train', 'more trains')}")
        lines.append(f"  {_route_name(board, b.route, ids)}: {effect}")
    spare = len(found) - len(hurting)
    if spare:
        others = "the other route" if spare == 1 else f"the other {spare} routes"
        lines.append(f"  ({others} of the plan can be lost at no cost)")
    return lines
