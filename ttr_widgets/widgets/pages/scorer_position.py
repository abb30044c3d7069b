"""The ticket scorer's position, as values: the next position each click or control proposes,
the tickets' names, and what the board and the ticket list show of a position.

An edit is a pure function of the position (and the seat the clicks edit): it returns an
``Edit`` — the next position (a team game's keeps its teams, ``Position.teams``), the sentence
that says what changed, and for a refusal which player it is about (``focus``) — and never
touches the widget.
The scorer (``pages.scorer.TicketScorer``) asks the core whether a finished game could look like
the proposed position (``rules.position.check_position``, the team rules in a team game) and
takes it, or shows the refusal. ``ticket_labels`` and ``ticket_id`` name the tickets the search
list offers; ``ticket_results`` are a player's tickets hit or missed (in a team game against
both teammates' routes) and ``board_marks`` what the board shows: everyone's routes and
stations, and the path of the ticket looked at or the longest trail.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ttr_widgets.rules.graph import ticket_path
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.position import Position, ticket_deck
from ttr_widgets.rules.scoring import Holding, PlayerScore, ScoreSheet, TicketResult
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, TicketRules, variant_board
from ttr_widgets.rules.words import bonus_name, is_you
from ttr_widgets.widgets.board.marks import Marks
from ttr_widgets.widgets.pages.scored_teams import team_of, team_trail
from ttr_widgets.widgets.pages.scorer_view import (
    city_label,
    deck_words,
    default_names,
    named_ticket,
    route_text,
    ticket_text,
)
from ttr_widgets.widgets.table.players import bonus_words, reprint_words, variant_rules

__all__ = ["Edit", "added_ticket", "board_marks", "cleared", "depots_left", "dropped_ticket",
           "fresh_table", "longest_bonus", "played_rules", "renamed", "seated", "ticket_id",
           "ticket_labels", "ticket_results", "toggled_route", "toggled_station", "variant",
           "warehouses", "with_holding"]


@dataclass(frozen=True, slots=True)
class Edit:
    """A proposed next position and what the change was, in words. ``focus`` is the seat a
    refusal is about (None: the seat edited)."""

    position: Position
    done: str
    focus: int | None = None


def with_holding(position: Position, seat: int, **changes: Any) -> Position:
    """``position`` with ``seat``'s holding changed."""
    players = list(position.players)
    players[seat] = replace(players[seat], **changes)
    return replace(position, players=tuple(players))


def toggled_route(position: Position, seat: int, route_id: str) -> Edit:
    """``route_id`` given to ``seat``, or taken back if they own it."""
    route = position.board.route(route_id)
    holding = position.players[seat]
    owned = route_id in holding.routes
    routes = holding.routes - {route_id} if owned else holding.routes | {route_id}
    said = _("{name} gives up {route}.") if owned else _("{name} claims {route}.")
    return Edit(with_holding(position, seat, routes=routes),
                said.format(name=holding.name, route=route_text(position.board, route.id)))


def toggled_station(position: Position, seat: int, city: str) -> Edit:
    """``seat``'s station in ``city`` built, or removed if it stands."""
    board = position.board
    if city not in board.city_index:
        raise ValueError(f"city: no city {city!r} on the {board.name} map")
    holding = position.players[seat]
    built = city in holding.stations
    stations = (tuple(c for c in holding.stations if c != city) if built
                else (*holding.stations, city))
    said = (_("{name} removes the station in {city}.") if built
            else _("{name} builds a station in {city}."))
    return Edit(with_holding(position, seat, stations=stations),
                said.format(name=holding.name, city=city_label(board, city)))


def added_ticket(position: Position, seat: int, ticket: str) -> Edit | str:
    """``ticket`` (an id) kept by ``seat``; a note instead when another player holds it (a
    ticket has one holder, said with its cities, not its id)."""
    board = position.board
    holder = next((h.name for h in position.players if ticket in h.tickets), None)
    if holder is not None:
        return _("{name} already holds {ticket}: a ticket has one holder.").format(
            name=holder, ticket=ticket_text(board, ticket))
    holding = position.players[seat]
    return Edit(with_holding(position, seat, tickets=(*holding.tickets, ticket)),
                _("{name} keeps {ticket}.").format(name=holding.name,
                                                   ticket=ticket_text(board, ticket)))


def dropped_ticket(position: Position, seat: int, ticket: str) -> Edit:
    holding = position.players[seat]
    if ticket not in holding.tickets:
        raise ValueError(f"ticket_id: {holding.name} holds no ticket {ticket!r}")
    tickets = tuple(t for t in holding.tickets if t != ticket)
    return Edit(with_holding(position, seat, tickets=tickets),
                _("{name} drops {ticket}.").format(
                    name=holding.name, ticket=ticket_text(position.board, ticket)))


def cleared(position: Position, seat: int) -> Edit:
    """``seat`` without routes, tickets or stations."""
    name = position.players[seat].name
    return Edit(with_holding(position, seat, routes=frozenset(), tickets=(), stations=()),
                _("Your routes, tickets and stations are cleared.") if is_you(name) else
                _("{name}'s routes, tickets and stations are cleared.").format(name=name))


def renamed(position: Position, seat: int, name: str) -> Edit:
    """``seat`` called ``name`` (in its team too: a team pairs seats, not names)."""
    name = name.strip()
    old = position.players[seat].name
    return Edit(with_holding(position, seat, name=name),
                _("{old} is now {name}.").format(old=old, name=name), focus=seat)


def seated(position: Position, count: int, selected: int) -> Edit:
    """``count`` players: new seats start empty (named afresh); leaving seats take their
    holdings."""
    players = position.players[:count]
    taken = {h.name for h in players}
    fresh = (n for n in default_names(5 + count) if n not in taken)
    depots = 0 if position.warehouses else None
    players += tuple(Holding(next(fresh), frozenset(), (), (), depots)
                     for _ in range(count - len(players)))
    return Edit(replace(position, players=players),
                ngettext("{n} player.", "{n} players.", count).format(n=count),
                focus=min(selected, count - 1))


def variant(position: Position, name: str | None) -> Edit:
    """The tickets of variant ``name`` (None: the map's own), on the board they are played on
    (a variant of the USA 1910 box: its cards, whose reprinted tickets are worth less), with
    the bonuses the variant plays."""
    board = variant_board(load_map(position.board.name), Options(variant=name))
    changed = replace(position, board=board, variant=name, longest_bonus=None,
                      globetrotter=None)
    rules = played_rules(changed)
    reprinted = reprint_words(board, rules.all_tickets) if name in VARIANTS and \
        VARIANTS[name].print_1910 else ""
    return Edit(changed, _("Tickets: {deck}.").format(deck=deck_words(ticket_deck(board, name)))
                + f" {bonus_words(board, rules)}{reprinted}")


def played_rules(position: Position) -> TicketRules:
    """The ticket rules ``position`` was played with: its variant's, its longest-trail bonus
    as it chose (``Position.longest_bonus``)."""
    return variant_rules(position.board, position.variant, position.longest_bonus)


def longest_bonus(position: Position, on: bool) -> Edit:
    """The bonus for the longest trail played (``on``) or not: kept in the position only where
    it differs from the variant (USA Big Cities with it, say)."""
    printed = variant_rules(position.board, position.variant).longest_bonus
    bonus = bonus_name(position.board.rules)
    return Edit(replace(position, longest_bonus=None if on == printed else on),
                (_("Scored with the {bonus}.") if on else _("Scored without the {bonus}."))
                .format(bonus=bonus))


def warehouses(position: Position, on: bool) -> Edit:
    """Warehouses & Depots on (every player with their Depots left) or off."""
    players = tuple(replace(h, depots_left=(h.depots_left or 0) if on else None)
                    for h in position.players)
    return Edit(replace(position, players=players, warehouses=on),
                _("Warehouses & Depots on.") if on else _("Warehouses & Depots off."))


def depots_left(position: Position, seat: int, depots: int) -> Edit:
    holding = position.players[seat]
    return Edit(with_holding(position, seat, depots_left=depots),
                ngettext("{name} has {n} Depot left.", "{name} has {n} Depots left.",
                         depots).format(name=holding.name, n=depots))


def fresh_table(map_name: str, names: Sequence[str]) -> Position:
    """An empty table on ``map_name`` for the players ``names`` (as many as the map seats)."""
    board = load_map(map_name)
    names = names[:board.rules.players_max]  # a 6-player team game on a 5-player map
    return Position(board, tuple(Holding(n, frozenset(), ()) for n in names))


def ticket_labels(position: Position) -> list[tuple[str, str]]:
    """The tickets the position's deck holds, as (label, id), in the board's order."""
    board = position.board
    deck = ticket_deck(board, position.variant)
    return [(ticket_text(board, t.id), t.id) for t in board.tickets if deck.admits(t)]


def ticket_id(position: Position, text: str) -> str | None:
    """The one ticket ``text`` names: its id (any ticket of the map: the core says if the deck
    holds it) or ``scorer_view.named_ticket``; None when none or several do."""
    text = text.strip()
    return text if text in position.board.ticket_by_id else named_ticket(
        ticket_labels(position), text)


def ticket_results(position: Position, seat: int, score: PlayerScore,
                   team_sheet: ScoreSheet | None) -> tuple[TicketResult, ...]:
    """``seat``'s tickets, hit or missed: in a team game against both teammates' routes (rule
    team.score-tickets)."""
    if team_sheet is None:
        return score.tickets
    holding = position.players[seat]
    mine = set(holding.tickets)
    team = team_sheet.players[team_of(position, seat)]
    return tuple(t for t in team.tickets if t.id in mine)


def board_marks(position: Position, seat: int, score: PlayerScore,
                results: Sequence[TicketResult], ticket: str | None) -> Marks:
    """What the board shows: everyone's routes and stations, and highlighted the path of
    ``ticket`` (one of ``seat``'s ``results``) or ``seat``'s longest trail (a team's over both
    teammates' routes, team.longest); the legend's label stays short, the side panel says the
    rest."""
    board = position.board
    owners = {rid: i for i, h in enumerate(position.players) for rid in h.routes}
    stations = {c: i for i, h in enumerate(position.players) for c in h.stations}
    network = [*position.players[seat].routes,
               *(b.route for b in score.borrowings if b.route is not None)]
    trail = score.longest_trail_routes
    if position.teams:  # a team plays both teammates' routes (team.score-tickets, team.longest)
        holding = position.team_holdings()[team_of(position, seat)]
        network = [r for routes in holding.routes for r in routes]
        trail = team_trail(board, holding).routes
    routes, label = trail, _("longest trail")
    result = next((t for t in results if t.id == ticket), None) if ticket else None
    if result is not None and not result.completed:
        routes, label = (), _("ticket missed")
    elif result is not None:
        shown = board.ticket(result.id)
        routes, label = ticket_path(board, network, shown.a, shown.b) or (), _("ticket path")
    return Marks(owners=owners, stations=stations, highlight=routes, highlight_label=label)
