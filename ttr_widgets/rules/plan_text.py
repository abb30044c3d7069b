"""A plan in plain English: the planner's answer (``rules.planner``) as ``ttr plan`` prints it
and the Planner page shows it, one home for both.

``plan_lines(board, plan, found, owned)`` gives the sentences in order: the tickets, the fewest
trains (or which tickets cannot be completed), the routes to claim and the owned routes the
plan uses (each an indented line under its heading), the cards, the points and the bottlenecks.
Cities are named as the board spells them; ``ids=True`` adds route and ticket ids.
``plan_text`` is the same lines as one text.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ttr_widgets.rules.model import GRAY, LOCOMOTIVE, Board
from ttr_widgets.rules.planner import Bottleneck, Plan
from ttr_widgets.rules.words import count

__all__ = ["INDENT", "and_list", "plan_lines", "plan_text", "route_name", "ticket_name"]

INDENT = "  "  #: how a line under a heading (a route, a bottleneck) begins


def route_name(board: Board, route_id: str, ids: bool = False) -> str:
    """``'Denver – Helena'`` (``'Denver – Helena [usa-031]'`` with ``ids``)."""
    route = board.route(route_id)
    name = f"{board.city_label(route.a)} – {board.city_label(route.b)}"
    return f"{name} [{route_id}]" if ids else name


def ticket_name(board: Board, ticket_id: str, ids: bool = False) -> str:
    """``'Denver – El Paso'`` (``'Denver – El Paso [usa-t07]'`` with ``ids``)."""
    ticket = board.ticket(ticket_id)
    name = f"{board.city_label(ticket.a)} – {board.city_label(ticket.b)}"
    return f"{name} [{ticket_id}]" if ids else name


def and_list(items: Sequence[str]) -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def plan_text(board: Board, result: Plan, found: Sequence[Bottleneck], owned: Collection[str],
              ids: bool = False) -> str:
    """The plan in plain English, a sentence a line (``plan_lines``)."""
    return "\n".join(plan_lines(board, result, found, owned, ids))


def plan_lines(board: Board, result: Plan, found: Sequence[Bottleneck], owned: Collection[str],
               ids: bool = False) -> tuple[str, ...]:
    """The plan's sentences in order; a line beginning with ``INDENT`` belongs to the heading
    above it."""
    tickets = [f"{ticket_name(board, t, ids)} ({count(board.ticket(t).points, 'point')})"
               for t in result.tickets]
    lines = [f"{count(len(tickets), 'ticket')}: {and_list(tickets)}."]
    if result.unreachable:
        lost = [ticket_name(board, t, ids) for t in result.unreachable]
        verb = "cannot" if len(lost) > 1 else "can no longer"
        lines.append(f"Impossible: {and_list(lost)} {verb} be completed with the routes left "
                     "open.")
        planned = [t for t in result.tickets if t not in result.unreachable]
        if not planned:
            return tuple(lines)
        trains = sum(board.route(r).length for r in result.to_claim)
        lines.append(f"For the others, the fewest trains: {trains}.")
    elif result.trains == 0:
        done = "It is" if len(tickets) == 1 else "All of them are"
        lines.append(f"{done} complete already: no train to place.")
    else:
        trains = result.trains or 0
        over = trains > board.rules.trains
        them = "it" if len(tickets) == 1 else "them all"
        lines.append(f"Fewest trains to complete {them}: {trains}" + (
            f", more than the {board.rules.trains} a player starts with." if over else "."))
    lines += _route_lines(board, result, set(owned), ids)
    lines += _cards_lines(board, result)
    lines.append(f"Points: {result.points} ({_points_text(board, result)}).")
    lines += _bottleneck_lines(board, found, ids)
    return tuple(lines)


def _colour_text(route_color: str, length: int, locomotives: int) -> str:
    paid = length - locomotives
    cards = f"{count(paid, 'card')} of any one colour" if route_color == GRAY \
        else count(paid, f"{route_color} card")
    parts = [cards] if paid else []
    if locomotives:
        parts.append(count(locomotives, LOCOMOTIVE))
    return " and ".join(parts)


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
                and_list([ticket_name(board, t, ids) for t in users]) if len(users) <= 3
                else f"{len(users)} of the tickets")
            tunnel = " (a tunnel)" if route.tunnel else ""
            lines.append(f"{INDENT}{route_name(board, rid, ids)}{tunnel}: "
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
    return [f"Cards: {and_list(parts)}{note}."]


def _points_text(board: Board, result: Plan) -> str:
    routes = sum(board.route_points(board.route(r)) for r in result.to_claim)
    won = sum(board.ticket(t).points for t in result.tickets if t not in result.unreachable)
    lost = sum(board.ticket(t).points for t in result.unreachable)
    text = f"{count(routes, 'point')} for the routes to claim, {won} for tickets"
    return text + (f", {lost} lost for tickets that cannot be completed" if lost else "")


def _bottleneck_lines(board: Board, found: Sequence[Bottleneck], ids: bool) -> list[str]:
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
        lines.append(f"{INDENT}{route_name(board, b.route, ids)}: {effect}")
    spare = len(found) - len(hurting)
    if spare:
        others = "the other route" if spare == 1 else f"the other {spare} routes"
        lines.append(f"{INDENT}({others} of the plan can be lost at no cost)")
    return lines
