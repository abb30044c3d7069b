"""What the scoring explorer shows: the parts of every total as a table (players or teams),
the winner and why, where the game came from, and which colour on the board is whom.
``widgets.explorer`` holds the game, the what-if and the widgets; this module writes their
HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import Position, ticket_deck
from ttr_widgets.rules.record import LoadedGame
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import ticket_rules
from ttr_widgets.rules.words import bonus_name, count, win_verb
from ttr_widgets.widgets.table.players import bonus_words
from ttr_widgets.widgets.table.teams import team_label

Game = LoadedGame  #: a game the explorer opens: players, or teams (``position.teams``)
Sheet = ScoreSheet  #: its score (a line a team in a team game)


def rows_html(rows: Sequence[str]) -> str:
    return "<div style='font-size:13px;line-height:1.35'>" + "".join(rows) + "</div>"


def sheet_totals(sheet: Sheet) -> list[tuple[str, int]]:
    return [(p.name, p.total) for p in sheet.players]


def winners_text(sheet: Sheet) -> tuple[str, str]:
    """The winners' names (players, or teams as 'Ann & Ben') and the verb after them."""
    if sheet.teams:
        teams = list(sheet.winners)
        return names_text(teams), "win" if len(teams) == 1 else "share the win"
    return names_text(sheet.winners), win_verb(sheet.winners)


def source_html(game: Game) -> str:
    """Where the game comes from, and (a game of players) the tickets it was played with and
    the bonuses they score."""
    record = game.kind == "record"
    what = "game record, replayed" if record else "position"
    position = game.position
    if position.teams:
        what = "team game record, replayed" if record else "team game"
    state = "" if game.finished else " (not finished: scored as it stands)"
    text = f"<b>{html.escape(game.source or 'A game')}</b> ({what}){state}"
    if game.description:
        text += f": {html.escape(game.description)}"
    if not position.teams:
        board = position.board
        rules = ticket_rules(board, Options(variant=position.variant,
                                            longest_bonus=position.longest_bonus,
                                            globetrotter=position.globetrotter))
        deck = ticket_deck(board, position.variant).description
        text += (f"<br>Played with {html.escape(deck)}. "
                 f"{html.escape(bonus_words(board, rules))}")
    return f"<div style='color:#444'>{text}</div>"


def winner_html(sheet: Sheet) -> str:
    names, verb = winners_text(sheet)
    return (f"<div style='font-size:17px;margin:4px 0'>★ <b>{html.escape(names)}</b> {verb}."
            f"<div style='font-size:13px' class='ttr-explorer-reason'>"
            f"{html.escape(sheet.reason)}</div></div>")


def table_html(board: Board, sheet: ScoreSheet, original: Sheet) -> str:
    """The parts of every total, a row per player, with the change from the game as played."""
    heads = ["player", "routes", "tickets won", "tickets lost"]
    if board.has_stations:
        heads.append("stations")
    heads += ["longest trail", bonus_name(board.rules)]
    if sheet.globetrotter:
        heads.append("Globetrotter")
    if sheet.warehouses:
        heads.append("depots")
    heads += ["total", "change"]
    was = dict(sheet_totals(original))
    rows = []
    for p in sheet.players:
        cells = [html.escape(p.name), str(p.route_points), f"{tickets_won(p):+d}",
                 f"{tickets_lost(p):+d}"]
        if board.has_stations:
            cells.append(f"{p.station_points:+d}")
        cells += [f"{p.longest_trail}", f"{p.longest_bonus:+d}"]
        if sheet.globetrotter:
            cells.append(f"{p.globetrotter_bonus:+d}")
        if sheet.warehouses:
            cells.append(f"{p.depot_bonus:+d}")
        delta = p.total - was.get(p.name, p.total)
        cells += [f"<b>{p.total}</b>", f"{delta:+d}" if delta else ""]
        rows.append("<tr>" + "".join(f"<td style='padding:2px 8px;text-align:right'>{c}</td>"
                                     for c in cells) + "</tr>")
    head = "".join(f"<th style='padding:2px 8px;text-align:right'>{html.escape(h)}</th>"
                   for h in heads)
    return ("<table class='ttr-score-parts' style='border-collapse:collapse;font-size:13px'>"
            f"<tr style='border-bottom:1px solid #ccc'>{head}</tr>{''.join(rows)}</table>")


def team_table_html(sheet: ScoreSheet, original: ScoreSheet) -> str:
    """The parts of every team's total, a row per team, with the change from the game."""
    heads = ["team", "routes", "tickets won", "tickets lost", "tickets completed",
             "longest trail", "Asian Express", "Globetrotter", "total", "change"]
    was = dict(sheet_totals(original))
    rows = []
    for t, team in enumerate(sheet.players):
        delta = team.total - was.get(team.name, team.total)
        cells = [f"{html.escape(team.name)} ({team_label(t)})", str(team.route_points),
                 f"{tickets_won(team):+d}", f"{tickets_lost(team):+d}",
                 f"{team.tickets_completed} of {len(team.tickets)}",
                 count(team.longest_trail, "space"), f"{team.longest_bonus:+d}",
                 f"{team.globetrotter_bonus:+d}", f"<b>{team.total}</b>",
                 f"{delta:+d}" if delta else ""]
        rows.append("<tr>" + "".join(f"<td style='padding:2px 8px;text-align:right'>{c}</td>"
                                     for c in cells) + "</tr>")
    head = "".join(f"<th style='padding:2px 8px;text-align:right'>{html.escape(h)}</th>"
                   for h in heads)
    return ("<table class='ttr-score-parts' style='border-collapse:collapse;font-size:13px'>"
            f"<tr style='border-bottom:1px solid #ccc'>{head}</tr>{''.join(rows)}</table>")


def tickets_won(score: PlayerScore) -> int:
    return sum(t.points for t in score.tickets if t.completed)


def tickets_lost(score: PlayerScore) -> int:
    return sum(t.points for t in score.tickets if not t.completed)


def names_text(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def note_html(text: str) -> str:
    return f"<div style='color:#555'>{html.escape(text)}</div>"


def player_key_html(names: Sequence[str], colors: Sequence[str]) -> str:
    """Which colour on the board is which player: a coloured square before each name."""
    keys = "".join(f"<span style='margin-right:12px;white-space:nowrap'>"
                   f"<span style='color:{color}'>&#9632;</span> {html.escape(name)}</span>"
                   for name, color in zip(names, colors, strict=False))
    return f"<div style='font-size:13px'><b>Players</b>: {keys}</div>"


def team_key_html(position: Position, colors: Sequence[str]) -> str:
    """Which team is which colour: the team's name, then each teammate's shade and name
    (``colors`` a player each, in ``position``'s order)."""
    keys = []
    for t, pair in enumerate(position.teams):
        people = [f"<span style='color:{colors[i]}'>&#9632;</span> "
                  f"{html.escape(position.players[i].name)}" for i in pair]
        keys.append(f"<span style='margin-right:12px;white-space:nowrap'>"
                    f"<b>{team_label(t)}</b>: {' '.join(people)}</span>")
    return f"<div style='font-size:13px'><b>Teams</b>: {''.join(keys)}</div>"
