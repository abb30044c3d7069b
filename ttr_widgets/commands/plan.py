"""``ttr plan --map M --tickets T,T,... [--owned ROUTE,...] [--blocked ROUTE,...]
[--variant V] [--json]``: the fewest trains that complete a set of tickets, and the routes
that hurt most if taken.

Tickets and routes are named as people write them (``Denver-El Paso``, ``denver – el paso``,
``New York-Boston red``) or by id (``rules.naming``); ``--variant`` plays one of the map's
ticket decks, at its values. Owned routes cost nothing, blocked routes (taken by others)
cannot be used. The text names
cities as the board spells them (``--ids`` adds route and ticket ids); ``--json`` answers
``{"trains", "routes", "tickets", "bottlenecks", ...}`` with ``"trains": null`` and the
tickets that cannot be joined in ``"unreachable"`` when the set cannot be completed. The text is
``rules.plan_text``'s, which the Planner page shows too.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ttr_widgets.rules.errors import PositionError, TTRError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.naming import NamingError, find_route, find_ticket
from ttr_widgets.rules.plan_text import plan_text, route_name, ticket_name
from ttr_widgets.rules.planner import Bottleneck, Plan, bottlenecks, plan
from ttr_widgets.rules.position import TicketDeck, ticket_deck
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import variant_board


class PlanArgumentError(TTRError):
    """A ``ttr plan`` argument that names nothing on the map."""


def id_list(text: str) -> tuple[str, ...]:
    """``a,b,c`` → ``('a', 'b', 'c')``; an empty string is no names."""
    items = tuple(part.strip() for part in text.split(","))
    if items == ("",):
        return ()
    if "" in items:
        raise argparse.ArgumentTypeError(_("an empty name in {text}").format(text=repr(text)))
    return items


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "plan", help=_("the fewest trains that complete a set of tickets"),
        description=_("The fewest train spaces still to place to complete every ticket given "
                      "(exact), one such plan, which tickets share which routes, the cards and "
                      "points, and the bottlenecks: the routes whose loss costs most."))
    parser.add_argument("--map", required=True, metavar="MAP",
                        help=_("a built-in map ({maps}) or a map file").format(
                            maps=", ".join(BUILTIN_MAPS)))
    parser.add_argument("--tickets", required=True, type=id_list, metavar="TICKET,...",
                        help=_('tickets, e.g. "Denver-El Paso,Helena-Los Angeles" (or ids)'))
    parser.add_argument("--owned", default=(), type=id_list, metavar="ROUTE,...",
                        help=_('routes you own, e.g. "Denver-Helena,New York-Boston red": they '
                               "cost nothing"))
    parser.add_argument("--blocked", default=(), type=id_list, metavar="ROUTE,...",
                        help=_("routes you cannot use (taken by others); a double route of one "
                               "colour named twice is both tracks"))
    parser.add_argument("--variant", default=None, metavar="VARIANT",
                        help=_("a ticket variant of the map (its deck and values), e.g. usa-mega"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--ids", action="store_true",
                        help=_("show route and ticket ids in the text"))


def run(args: argparse.Namespace) -> int:
    board = load_map(args.map)
    deck = None
    if args.variant is not None:
        try:
            deck = ticket_deck(board, args.variant)
        except PositionError as exc:
            raise PlanArgumentError(_("ttr plan: argument {argument}: {problem}").format(
                argument="--variant", problem=str(exc).removeprefix("variant: "))) from None
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
        raise PlanArgumentError(_("ttr plan: argument {argument}: {problem}").format(
            argument="--tickets", problem=_("give at least one ticket")))
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
                raise PlanArgumentError(_("ttr plan: argument {argument}: {problem}").format(
                    argument=option, problem=exc)) from None
            if item in chosen:
                named = ticket_name(board, item, True) if option == "--tickets" else \
                    route_name(board, item, True)
                raise PlanArgumentError(_("ttr plan: argument {argument}: {problem}").format(
                    argument=option, problem=_("{name} is given twice").format(name=named)))
            chosen.append(item)
    both = [r for r in routes["--owned"] if r in routes["--blocked"]]
    if both:
        raise PlanArgumentError(_("ttr plan: argument {argument}: {problem}").format(
            argument="--blocked", problem=_("{name} is also in --owned").format(
                name=route_name(board, both[0], True))))
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
