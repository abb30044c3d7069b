"""A plan in plain words (the reader's language, ``rules.i18n``): the planner's answer
(``rules.planner``) as ``ttr plan`` prints it and the Planner page shows it, one home for both.

``plan_lines(board, plan, found, owned)`` gives the sentences in order: the tickets, the fewest
trains (or which tickets cannot be completed), the routes to claim and the owned routes the
plan uses (each an indented line under its heading), the cards, the points and the bottlenecks.
Cities are named as the board spells them; ``ids=True`` adds route and ticket ids.
``plan_text`` is the same lines as one text.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ttr_widgets.rules import words
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import GRAY, LOCOMOTIVE, Board
from ttr_widgets.rules.planner import Bottleneck, Plan

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
    """``'a'``, ``'a and b'``, ``'a, b and c'`` (``words.and_list``, in the reader's language)."""
    return words.and_list(list(items))


def plan_text(board: Board, result: Plan, found: Sequence[Bottleneck], owned: Collection[str],
              ids: bool = False) -> str:
    """The plan in plain words, a sentence a line (``plan_lines``)."""
    return "\n".join(plan_lines(board, result, found, owned, ids))


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def plan_lines(board: Board, result: Plan, found: Sequence[Bottleneck], owned: Collection[str],
               ids: bool = False) -> tuple[str, ...]:
    """The plan's sentences in order; a line beginning with ``INDENT`` belongs to the heading
    above it."""
    tickets = [_("{ticket} ({points})").format(ticket=ticket_name(board, t, ids),
                                               points=_points(board.ticket(t).points))
               for t in result.tickets]
    lines = [ngettext("{n} ticket: {tickets}.", "{n} tickets: {tickets}.", len(tickets)).format(
        n=len(tickets), tickets=and_list(tickets))]
    if result.unreachable:
        lost = [ticket_name(board, t, ids) for t in result.unreachable]
        lines.append(ngettext(
            "Impossible: {tickets} can no longer be completed with the routes left open.",
            "Impossible: {tickets} cannot be completed with the routes left open.",
            len(lost)).format(tickets=and_list(lost)))
        planned = [t for t in result.tickets if t not in result.unreachable]
        if not planned:
            return tuple(lines)
        trains = sum(board.route(r).length for r in result.to_claim)
        lines.append(_("For the others, the fewest trains: {trains}.").format(trains=trains))
    elif result.trains == 0:
        lines.append(_("It is complete already: no train to place.") if len(tickets) == 1
                     else _("All of them are complete already: no train to place."))
    else:
        trains = result.trains or 0
        over = trains > board.rules.trains
        fewest = (_("Fewest trains to complete it: {trains}") if len(tickets) == 1
                  else _("Fewest trains to complete them all: {trains}")).format(trains=trains)
        lines.append(_("{fewest}, more than the {start} a player starts with.").format(
            fewest=fewest, start=board.rules.trains) if over else f"{fewest}.")
    lines += _route_lines(board, result, set(owned), ids)
    lines += _cards_lines(board, result)
    lines.append(_("Points: {points} ({parts}).").format(points=result.points,
                                                        parts=_points_text(board, result)))
    lines += _bottleneck_lines(board, found, ids)
    return tuple(lines)


def _colour_text(route_color: str, length: int, locomotives: int) -> str:
    paid = length - locomotives
    cards = (ngettext("{n} card of any one colour", "{n} cards of any one colour", paid).format(
        n=paid) if route_color == GRAY else words.cards(paid, route_color))
    parts = [cards] if paid else []
    if locomotives:
        parts.append(words.cards(locomotives, LOCOMOTIVE))
    return _("{first} and {second}").format(first=parts[0], second=parts[1]) \
        if len(parts) == 2 else "".join(parts)


def _route_lines(board: Board, result: Plan, owned: set[str], ids: bool) -> list[str]:
    lines = []
    for heading, chosen in ((_("Routes to claim:"), result.to_claim),
                            (_("Your routes the plan uses:"),
                             tuple(r for r in result.routes if r in owned))):
        if not chosen:
            continue
        lines.append(heading)
        for rid in chosen:
            route = board.route(rid)
            users = result.shared.get(rid, ())
            cards = "" if rid in owned else \
                ", " + _colour_text(route.color, route.length, route.ferry_locomotives)
            uses = "" if len(result.tickets) == 1 or not users else _("; for {tickets}").format(
                tickets=and_list([ticket_name(board, t, ids) for t in users]) if len(users) <= 3
                else _("{n} of the tickets").format(n=len(users)))
            tunnel = _(" (a tunnel)") if route.tunnel else ""
            trains = ngettext("{n} train", "{n} trains", route.length).format(n=route.length)
            lines.append(f"{INDENT}{route_name(board, rid, ids)}{tunnel}: {trains}{cards}{uses}")
    return lines


def _cards_lines(board: Board, result: Plan) -> list[str]:
    if not result.to_claim:
        return []
    parts = []
    for key, n in result.cards.items():
        if key == GRAY:
            parts.append(_("{n} for gray routes (one colour per route)").format(n=n))
        elif key == LOCOMOTIVE:
            parts.append(_("{cards} for ferries").format(cards=words.cards(n, LOCOMOTIVE)))
        else:
            parts.append(f"{n} {words.colour_of(key, n)}")
    tunnels = sum(1 for r in result.to_claim if board.route(r).tunnel)
    note = _("; tunnels may ask for more") if tunnels else ""
    return [_("Cards: {cards}{note}.").format(cards=and_list(parts), note=note)]


def _points_text(board: Board, result: Plan) -> str:
    routes = sum(board.route_points(board.route(r)) for r in result.to_claim)
    won = sum(board.ticket(t).points for t in result.tickets if t not in result.unreachable)
    lost = sum(board.ticket(t).points for t in result.unreachable)
    text = _("{routes} for the routes to claim, {won} for tickets").format(
        routes=_points(routes), won=won)
    return text + (_(", {lost} lost for tickets that cannot be completed").format(lost=lost)
                   if lost else "")


def _bottleneck_lines(board: Board, found: Sequence[Bottleneck], ids: bool) -> list[str]:
    hurting = [b for b in found if b.extra != 0]
    if not found:
        return []
    if not hurting:
        return [_("No bottleneck: whichever route of the plan someone takes, another plan is "
                  "as cheap.")]
    lines = [_("Bottlenecks, if someone else takes the route:")]
    for b in hurting:
        effect = (_("a ticket becomes impossible") if b.extra is None
                  else ngettext("{n} more train", "{n} more trains", b.extra).format(n=b.extra))
        lines.append(f"{INDENT}{route_name(board, b.route, ids)}: {effect}")
    spare = len(found) - len(hurting)
    if spare:
        lines.append(INDENT + (
            _("(the other route of the plan can be lost at no cost)") if spare == 1 else
            _("(the other {n} routes of the plan can be lost at no cost)").format(n=spare)))
    return lines
