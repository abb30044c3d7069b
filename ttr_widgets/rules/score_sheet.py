"""The score sheet as text: a plain table per player that shows how every total is made (each
ticket hit or missed, routes, stations, the longest trail, bonuses), then the standings and the
winner with the reason, in the reader's language; ``ttr score`` prints it."""

from __future__ import annotations

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet, StationBorrow
from ttr_widgets.rules.words import and_list, bonus_name

__all__ = ["format_score_sheet"]


def format_score_sheet(board: Board, sheet: ScoreSheet) -> str:
    """A plain-text table per player (every ticket hit or miss, routes, stations, longest trail,
    bonus, total), then the standings and the winner with the reason; in the reader's language
    (``ttr score`` prints it)."""
    if sheet.teams:
        return _format_teams(board, sheet)
    tables = [(score, _rows(board, score, sheet.warehouses, sheet.globetrotter))
              for score in sheet.players]
    width = max((len(label) + len(points) + 2 for _, rows in tables for label, points in rows
                 if points), default=40)
    blocks = [_render(score, rows, width) for score, rows in tables]
    standings = sorted(sheet.players, key=lambda p: -p.total)
    summary = ", ".join(f"{p.name} {p.total}" for p in standings)
    winner = sheet.winner if isinstance(sheet.winner, str) else and_list(list(sheet.winner))
    return "\n\n".join([*blocks, _("Standings: {standings}\nWinner: {winner}. {reason}").format(
        standings=summary, winner=winner, reason=sheet.reason)])


_Row = tuple[str, str]  #: (label, points as shown; "" for a note line)


def _rows(board: Board, score: PlayerScore, warehouses: bool = False,
          globetrotter: bool = False) -> list[_Row]:
    rows: list[_Row] = [(_("Routes: {claimed} claimed, {trains} trains").format(
        claimed=score.routes_claimed, trains=score.trains_used), f"{score.route_points:+d}")]
    for result in score.tickets:
        ticket = board.ticket(result.id)
        if result.completed:
            line = _("  hit   {a} - {b} [{id}] (via station)") if result.borrowed else \
                _("  hit   {a} - {b} [{id}]")
        else:
            line = _("  miss  {a} - {b} [{id}] (via station)") if result.borrowed else \
                _("  miss  {a} - {b} [{id}]")
        rows.append((line.format(a=ticket.a, b=ticket.b, id=ticket.id), f"{result.points:+d}"))
    rows.append((_("Tickets: {completed} of {n} completed").format(
        completed=score.tickets_completed, n=len(score.tickets)), f"{score.ticket_points:+d}"))
    if board.has_stations:
        unused = board.rules.stations - score.stations_built
        rows.append((_("Stations: {built} built, {unused} unused x {points}").format(
            built=score.stations_built, unused=unused, points=board.rules.unused_station_points),
            f"{score.station_points:+d}"))
        rows.extend((_("  station at {city}: {borrows}").format(
            city=b.city, borrows=_borrow_text(board, b)), "") for b in score.borrowings)
    n = score.longest_trail
    trail = (ngettext("Longest trail: {n} spaces, holds the {bonus}",
                      "Longest trail: {n} spaces, holds the {bonus}", n) if score.longest_bonus
             else ngettext("Longest trail: {n} spaces", "Longest trail: {n} spaces", n))
    rows.append((trail.format(n=n, bonus=bonus_name(board.rules)),
                 f"{score.longest_bonus:+d}"))
    if globetrotter:
        rows.append((_("Globetrotter: the most tickets completed") if score.globetrotter_bonus
                     else _("Globetrotter: fewer tickets completed"),
                     f"{score.globetrotter_bonus:+d}"))
    if warehouses:
        rows.append((_("Depots: most left beside the Warehouse") if score.depot_bonus
                     else _("Depots: fewer left than the leader"), f"{score.depot_bonus:+d}"))
    return rows


def _render(score: PlayerScore, rows: list[_Row], width: int) -> str:
    rule = "-" * width
    lines = [score.name, rule]
    lines.extend(f"{label:<{width - len(points)}}{points}" if points else label
                 for label, points in rows)
    total = _("Total")
    lines += [rule, f"{total:<{width - len(str(score.total))}}{score.total}"]
    return "\n".join(lines)


def _borrow_text(board: Board, borrow: StationBorrow) -> str:
    if borrow.route is None:
        return _("no other player's route here, borrows nothing")
    route = board.route(borrow.route)
    return _("borrows {a} - {b} [{id}] from {owner}").format(
        a=route.a, b=route.b, id=route.id, owner=borrow.owner)


def _format_teams(board: Board, sheet: ScoreSheet) -> str:
    """A team game's score in plain lines: per team its tickets hit or missed, its parts and
    total; then the winner and why."""
    lines: list[str] = []
    for team in sheet.players:
        lines.append(_("{team}: {points}").format(team=team.name, points=ngettext(
            "{n} point", "{n} points", team.total).format(n=team.total)))
        for result in team.tickets:
            ticket = board.ticket(result.id)
            mark = _("  {ticket}: completed, {points}") if result.completed else \
                _("  {ticket}: missed, {points}")
            lines.append(mark.format(ticket=ticket.cities_label, points=f"{result.points:+d}"))
        lines.append(_("  routes {routes}, tickets {tickets} ({completed}), longest trail "
                       "{trail}; Asian Express bonus {bonus}, Globetrotter bonus "
                       "{globetrotter}").format(
            routes=team.route_points, tickets=team.ticket_points,
            completed=ngettext("{n} ticket completed", "{n} tickets completed",
                               team.tickets_completed).format(n=team.tickets_completed),
            trail=ngettext("{n} space", "{n} spaces", team.longest_trail).format(
                n=team.longest_trail),
            bonus=team.longest_bonus, globetrotter=team.globetrotter_bonus))
    return "\n".join([*lines, sheet.reason])
