"""What the scoring explorer shows: the parts of every total as a table (players or teams),
the winner and why, where the game came from, and which colour on the board is whom.
``widgets.explorer`` holds the game, the what-if and the widgets; this module writes their
HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ttr_widgets.rules.i18n import _, ngettext, pgettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import Position, ticket_deck
from ttr_widgets.rules.record import LoadedGame
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import ticket_rules
from ttr_widgets.rules.words import and_list, bonus_name, is_you
from ttr_widgets.widgets.pages.scorer_view import deck_words
from ttr_widgets.widgets.table.players import bonus_words
from ttr_widgets.widgets.table.teams import team_label

Game = LoadedGame  #: a game the explorer opens: players, or teams (``position.teams``)
Sheet = ScoreSheet  #: its score (a line a team in a team game)


def rows_html(rows: Sequence[str]) -> str:
    return "<div style='font-size:13px;line-height:1.35'>" + "".join(rows) + "</div>"


def sheet_totals(sheet: Sheet) -> list[tuple[str, int]]:
    return [(p.name, p.total) for p in sheet.players]


def winners_text(sheet: Sheet) -> str:
    """The winners' names: players, or teams as 'Ann & Ben'."""
    return names_text(list(sheet.winners))


def won_sentence(sheet: Sheet, names: str, *, still: bool = False) -> str:
    """'Ann wins.', 'You win.', 'Ann & Ben win.', 'Ann and Ben share the win.' ('… still
    wins.' with ``still``), in the reader's language; ``names`` as they are to be shown (in
    bold, say)."""
    winners = list(sheet.winners)
    if len(winners) > 1:
        said = _("{names} still share the win.") if still else _("{names} share the win.")
    elif sheet.teams:
        said = _("{names} still win.") if still else _("{names} win.")
    elif is_you(winners[0]):  # English 'You win'; French 'You gagne', a name like any other
        said = (pgettext("a player called You", "{names} still win.") if still
                else pgettext("a player called You", "{names} win."))
    else:
        said = _("{names} still wins.") if still else _("{names} wins.")
    return said.format(names=names)


def source_html(game: Game) -> str:
    """Where the game comes from, and (a game of players) the tickets it was played with and
    the bonuses they score."""
    record = game.kind == "record"
    what = _("game record, replayed") if record else _("position")
    position = game.position
    if position.teams:
        what = _("team game record, replayed") if record else _("team game")
    state = "" if game.finished else _(" (not finished: scored as it stands)")
    source = html.escape(game.source or _("A game"))
    text = f"<b>{source}</b> ({html.escape(what)}){html.escape(state)}"
    if game.description:
        text = _("{title}: {said}").format(title=text, said=html.escape(game.description))
    if not position.teams:
        board = position.board
        rules = ticket_rules(board, Options(variant=position.variant,
                                            longest_bonus=position.longest_bonus,
                                            globetrotter=position.globetrotter))
        deck = deck_words(ticket_deck(board, position.variant))
        played = _("Played with {deck}.").format(deck=deck)
        text += f"<br>{html.escape(played)} {html.escape(bonus_words(board, rules))}"
    return f"<div style='color:#444'>{text}</div>"


def winner_html(sheet: Sheet) -> str:
    won = won_sentence(sheet, f"<b>{html.escape(winners_text(sheet))}</b>")
    return (f"<div style='font-size:17px;margin:4px 0'>★ {won}"
            f"<div style='font-size:13px' class='ttr-explorer-reason'>"
            f"{html.escape(sheet.reason)}</div></div>")


def table_html(board: Board, sheet: ScoreSheet, original: Sheet) -> str:
    """The parts of every total, a row per player, with the change from the game as played."""
    heads = [_("player"), _("routes"), _("tickets won"), _("tickets lost")]
    if board.has_stations:
        heads.append(_("stations"))
    heads += [_("longest trail"), bonus_name(board.rules)]
    if sheet.globetrotter:
        heads.append(_("Globetrotter"))
    if sheet.warehouses:
        heads.append(_("depots"))
    heads += [_("total"), _("change")]
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
    heads = [_("team"), _("routes"), _("tickets won"), _("tickets lost"),
             _("tickets completed"), _("longest trail"), "Asian Express", _("Globetrotter"),
             _("total"), _("change")]
    was = dict(sheet_totals(original))
    rows = []
    for t, team in enumerate(sheet.players):
        delta = team.total - was.get(team.name, team.total)
        cells = [f"{html.escape(team.name)} ({team_label(t)})", str(team.route_points),
                 f"{tickets_won(team):+d}", f"{tickets_lost(team):+d}",
                 _("{done} of {n}").format(done=team.tickets_completed, n=len(team.tickets)),
                 ngettext("{n} space", "{n} spaces", team.longest_trail).format(
                     n=team.longest_trail), f"{team.longest_bonus:+d}",
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
    return and_list(list(names))


def note_html(text: str) -> str:
    return f"<div style='color:#555'>{html.escape(text)}</div>"


def player_key_html(names: Sequence[str], colors: Sequence[str]) -> str:
    """Which colour on the board is which player: a coloured square before each name."""
    keys = "".join(f"<span style='margin-right:12px;white-space:nowrap'>"
                   f"<span style='color:{color}'>&#9632;</span> {html.escape(name)}</span>"
                   for name, color in zip(names, colors, strict=False))
    title = html.escape(_("Players"))
    return "<div style='font-size:13px'>" + _("{title}: {said}").format(
        title=f"<b>{title}</b>", said=keys) + "</div>"


def team_key_html(position: Position, colors: Sequence[str]) -> str:
    """Which team is which colour: the team's name, then each teammate's shade and name
    (``colors`` a player each, in ``position``'s order)."""
    keys = []
    for t, pair in enumerate(position.teams):
        people = [f"<span style='color:{colors[i]}'>&#9632;</span> "
                  f"{html.escape(position.players[i].name)}" for i in pair]
        label = _("{title}: {said}").format(title=f"<b>{team_label(t)}</b>",
                                            said=" ".join(people))
        keys.append(f"<span style='margin-right:12px;white-space:nowrap'>{label}</span>")
    title = html.escape(_("Teams"))
    return "<div style='font-size:13px'>" + _("{title}: {said}").format(
        title=f"<b>{title}</b>", said="".join(keys)) + "</div>"
