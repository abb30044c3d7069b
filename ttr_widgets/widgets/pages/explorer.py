"""The scoring explorer: open a finished game, see how every total is made, and ask "what if?".

    ScoringExplorer("usa")                          # the kit's example USA position
    ScoringExplorer(example_path("europe", "record"))   # a whole game, replayed
    ScoringExplorer(position)                       # a rules.position.Position
    ScoringExplorer(team_example_path())            # a team game (Team Asia rules)

Shown: the winner and how ties were broken, a stacked bar per player (routes by length, tickets
won, tickets lost below zero, unused stations, the longest-trail bonus, the depot bonus), a
table of the parts, and every player's longest trail on the board. What-if: click a claimed route
on the board to take it from its owner (click again to give it back), untick a ticket to drop
it; the totals, the bars, the trails and the winner follow. "Reset" goes back to the game.

The widget keeps the game as loaded and one trait, ``what_if`` (a ``WhatIf``: routes taken
away, tickets dropped); the position it scores is ``apply_what_if(position, what_if)``, and
every number comes from the rules core's scoring, as ``ttr score`` would print it.

Under the table, a game record's statistics as played (``stats_view``: cards, tickets, turns …,
a chart comparing the players); a position has no history, and a note says so.

A team game (a position with ``"teams"``, ``rules.position``, or the record of a team game the
play app saved: ``position.teams`` pairs the players) is explored the same way, team by team:
teammates in their team's two shades, a bar and a row per team (routes, tickets, the Asian
Express and Globetrotter bonuses), each team's longest trail over both teammates' routes, and
the winning team. What-if still takes a route from the player who claimed it or drops one
player's ticket; the teams are scored again by ``rules.position.score_position``. The tables,
keys and sentences are ``widgets.explorer_view``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import Position
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet, TicketResult
from ttr_widgets.rules.teams import TeamHolding
from ttr_widgets.rules.words import is_you
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.pages.explorer_games import (
    NO_CHANGE,
    WhatIf,
    apply_what_if,
    as_game,
    open_game,
    read_any_game,
    scored,
    seat_colors,
    seat_names,
    source_name,
    team_example_path,
)
from ttr_widgets.widgets.pages.explorer_view import (
    Game,
    Sheet,
    note_html,
    player_key_html,
    rows_html,
    sheet_totals,
    source_html,
    table_html,
    team_key_html,
    team_table_html,
    winner_html,
    winners_text,
    won_sentence,
)
from ttr_widgets.widgets.pages.scored_teams import team_names, team_trail
from ttr_widgets.widgets.pages.scorer_view import city_label, refusal_html, route_text, ticket_text
from ttr_widgets.widgets.plots.score_plots import (
    breakdown_figure,
    show_figure,
    team_breakdown_figure,
)
from ttr_widgets.widgets.plots.stats_view import StatsView
from ttr_widgets.widgets.table.address import PageAddress

__all__ = ["EVERYONE", "ScoringExplorer", "WhatIf", "apply_what_if", "open_game",
           "read_any_game", "team_example_path"]

EVERYONE = "*"  #: the trail dropdown's value for every player's longest trail
SIDE_WIDTH = 430


class ScoringExplorer(widgets.VBox):
    """The explorer (an ipywidgets box) of one game (see the module docstring).

    Controls: the board (``view``; a click on a claimed route toggles it), ``ticket_boxes``
    (ticket id → ``Checkbox``), ``trails`` (whose longest trail the board shows), ``reset_button``
    and ``upload`` (open another position or game record). Outputs: ``winner``, ``changes``,
    ``plot`` (the bars; ``figure`` is the ``go.Figure`` shown), ``table``, ``trail_list``,
    ``source_label`` and ``message``. ``sheet`` is the current score, ``original_sheet`` the
    game's own.
    """

    what_if = traitlets.Instance(WhatIf)

    def __init__(self, source: str | Path | Position | Game = "usa", *,
                 width: int = 900, height: int = 560) -> None:
        self._width, self._height = width, height
        self._loading = False
        self.last_route: str | None = None
        self.figure: go.Figure
        self.sheet: Sheet
        self.original_sheet: Sheet
        self._build_outputs()
        self._source = source  #: what was opened, to name it again in another language
        self.game = as_game(source)
        self.view = self._new_view(self.game)
        self.board_box = widgets.Box([self.view.widget])
        self._start(self.game)
        # What changes with a click sits beside the board, where the eye is.
        side = widgets.VBox([self.player_key, self.winner, self.changes, self.message, self.trails,
                             self.trail_list, self.tickets_box],
                            layout=widgets.Layout(width=f"{SIDE_WIDTH}px", padding="0 0 0 8px"))
        self.address = PageAddress("Scoring-Explorer")  # the page's language, told late
        super().__init__([
            widgets.HBox([self.reset_button, self.upload]), self.source_label,
            widgets.HBox([self.board_box, side]), self.plot, self.table, self.stats_note,
            self.stats_view, self.address,
        ])
        self.add_class("ttr-explorer")
        i18n.on_change(self._language_changed)

    def __repr__(self) -> str:
        return f"ScoringExplorer({self.game.source or self.board.name!r})"

    @property
    def board(self) -> Board:
        return self.game.position.board

    @property
    def position(self) -> Position:
        """The position scored now: the game with the what-if applied."""
        return apply_what_if(self.game.position, self.what_if)

    # -- building -------------------------------------------------------------------------

    def _build_outputs(self) -> None:
        def html_output(css: str) -> widgets.HTML:
            out = widgets.HTML()
            out.add_class(css)
            return out

        self.source_label = html_output("ttr-explorer-source")
        self.message = html_output("ttr-explorer-message")
        self.winner = html_output("ttr-explorer-winner")
        self.changes = html_output("ttr-explorer-changes")
        self.table = html_output("ttr-explorer-table")
        self.trail_list = html_output("ttr-explorer-trail-list")
        self.plot = widgets.Output(layout=widgets.Layout(min_height="380px"))
        self.plot.add_class("ttr-explorer-plot")
        self.trails = widgets.Dropdown(layout=widgets.Layout(width="400px"))
        self.trails.add_class("ttr-explorer-trails")
        self.trails.observe(lambda _c: self._render(), "value")
        self.tickets_box = widgets.VBox(layout=widgets.Layout(max_height="260px",
                                                              overflow="auto"))
        self.tickets_box.add_class("ttr-explorer-tickets")
        self.reset_button = widgets.Button(icon="undo")
        self.reset_button.add_class("ttr-explorer-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.upload = widgets.FileUpload(accept=".json", multiple=False)
        self.upload.add_class("ttr-explorer-upload")
        self.upload.observe(self._on_upload, "value")
        self.player_key = html_output("ttr-explorer-key")  # which colour is which player
        self.stats_view = StatsView(title=_("Statistics of the game as played"),
                                    side_by_side=True)
        self.stats_note = html_output("ttr-explorer-stats-note")
        self._label()

    # -- the page's words, in its language ----------------------------------------------

    def _label(self) -> None:
        """The explorer's fixed words in the language now."""
        self.trails.description = _("On the map")
        self.reset_button.description = _("Reset")
        self.reset_button.tooltip = _("back to the game as it was played")
        self.upload.description = _("Open game…")

    def relabel(self) -> None:
        """Every word of the page again in the language now (a served page learns it from
        its address after it is built): the fixed words, the game's source, the trails'
        list, the tickets' headings, the statistics and everything drawn; a note told in the
        old language is cleared."""
        self._label()
        self._loading = True
        try:
            shown = self.trails.value
            self.trails.options = _trail_options(self.game)
            self.trails.value = shown
            name = source_name(self._source)
            if name is not None:
                self.game = replace(self.game, source=name)
            self.ticket_boxes = self._ticket_boxes(self.game.position, self.ticket_boxes)
            self.source_label.value = source_html(self.game)
            self.stats_view.title = _("Statistics of the game as played")
            self._show_stats(self.game)
        finally:
            self._loading = False
        self.message.value = ""
        self._render()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def _new_view(self, game: Game) -> MapView:
        view = MapView(game.position.board, player_names=seat_names(game), width=self._width,
                       height=self._height, player_colors=seat_colors(game))
        view.on_route_click(self.toggle_route)
        return view

    def _start(self, game: Game) -> None:
        """Show ``game`` as played: fresh controls, no what-if."""
        self._loading = True
        try:
            self.game = game
            self.original_sheet = game.score()
            self.ticket_boxes = self._ticket_boxes(game.position)
            self.trails.options = _trail_options(game)
            self.trails.value = EVERYONE
            self.source_label.value = source_html(game)
            self._show_stats(game)
            self.last_route = None
            self.what_if = NO_CHANGE
        finally:
            self._loading = False
        self._render()

    def _show_stats(self, game: Game) -> None:
        if game.stats is None:
            self.stats_view.clear()
            self.stats_note.value = note_html(_(
                "A position says who holds what at the end, not how the game went: open a game "
                "record saved by the play app to see its statistics."))
        else:
            self.stats_note.value = ""
            self.stats_view.show(game.stats, game.position.board, self.view.player_colors,
                                 teams=bool(game.position.teams))

    def _ticket_boxes(self, position: Position,
                      kept: dict[str, widgets.Checkbox] | None = None
                      ) -> dict[str, widgets.Checkbox]:
        """A box for each ticket of the game, under its holder's name (``kept``: the boxes
        already made, kept with their state when the headings are told again)."""
        boxes: dict[str, widgets.Checkbox] = {}
        groups = []
        for holding in position.players:
            mine = []
            for ticket_id in holding.tickets:
                box = (kept or {}).get(ticket_id) or self._ticket_box(ticket_id)
                boxes[ticket_id] = box
                mine.append(box)
            name = f"<b>{html.escape(holding.name)}</b>"
            heading = widgets.HTML(_("Tickets of {name}").format(name=name) if mine
                                   else _("{name}: no tickets").format(name=name))
            # No shrinking: the list scrolls instead of squeezing its groups together.
            groups.append(widgets.VBox([heading, *mine], layout=widgets.Layout(flex="0 0 auto")))
        self.tickets_box.children = tuple(groups)
        return boxes

    def _ticket_box(self, ticket_id: str) -> widgets.Checkbox:
        box = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="400px"))
        box.add_class("ttr-explorer-ticket")
        box.observe(lambda change, t=ticket_id: self._on_ticket_box(t, change["new"]), "value")
        return box

    # -- what-if --------------------------------------------------------------------------

    def toggle_route(self, route_id: str) -> bool:
        """Take a claimed route from its owner, or give it back; ``False`` (with a note) for a
        route nobody claimed in this game."""
        route = self.board.route(route_id)
        owner = next((h.name for h in self.game.position.players if route_id in h.routes), None)
        if owner is None:
            self.message.value = note_html(_(
                "Nobody claimed {route} in this game: what-if takes claimed routes away from "
                "their owners and gives them back.").format(
                    route=route_text(self.board, route.id)))
            return False
        removed = self.what_if.routes_removed ^ {route_id}
        self.last_route = route_id
        self.message.value = ""
        self.what_if = replace(self.what_if, routes_removed=removed)
        return True

    def keep_ticket(self, ticket_id: str, kept: bool) -> None:
        """Keep (``True``) or drop a ticket of the game."""
        if ticket_id not in self.ticket_boxes:
            raise ValueError(f"ticket_id: nobody holds {ticket_id!r} in this game")
        dropped = self.what_if.tickets_dropped
        dropped = dropped - {ticket_id} if kept else dropped | {ticket_id}
        self.what_if = replace(self.what_if, tickets_dropped=dropped)

    def _on_ticket_box(self, ticket_id: str, kept: bool) -> None:
        if not self._loading:
            self.keep_ticket(ticket_id, kept)

    def reset(self) -> None:
        """Back to the game as it was played."""
        self.last_route = None
        self.message.value = ""
        self.what_if = NO_CHANGE

    def show_trail(self, who: str = EVERYONE) -> None:
        """Draw one player's longest trail (a name), or everyone's (``EVERYONE``)."""
        self.trails.value = who

    def load(self, source: str | Path | Position | Game) -> bool:
        """Open another game; a source that cannot be used shows why (and changes nothing)."""
        try:
            game = as_game(source)
        except (TTRError, ValueError) as exc:
            self.message.value = refusal_html(exc, (), heading=_("Not opened."))
            return False
        self._source = source
        self._open(game)
        return True

    def _open(self, game: Game) -> None:
        if game.position.board is not self.board or seat_colors(game) != self.view.player_colors:
            self.view = self._new_view(game)
            self.board_box.children = (self.view.widget,)
        else:
            self.view.player_names = seat_names(game)
        self.message.value = ""
        self._start(game)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        try:
            game = read_any_game(bytes(upload["content"]), upload["name"])
        except TTRError as exc:
            self.message.value = refusal_html(exc, (), heading=_("Not opened."))
        else:
            self._source = game
            self._open(game)
        self.upload.value = ()

    # -- drawing --------------------------------------------------------------------------

    @traitlets.observe("what_if")
    def _changed(self, _change: object) -> None:
        if not self._loading:
            self._render()

    def _render(self) -> None:
        if self._loading:
            return
        position = self.position
        self.sheet = scored(self.game, position)
        self._sync_tickets()
        self._draw_map(position)
        self.winner.value = winner_html(self.sheet)
        self.changes.value = self._changes_html()
        title = _("Where the points come from")
        if self.sheet.teams:
            self.player_key.value = team_key_html(position, self.view.player_colors)
            holdings = position.team_holdings()
            self.figure = team_breakdown_figure(self.board, self.sheet, holdings, title=title)
            self.table.value = team_table_html(self.sheet, self.original_sheet)
            self.trail_list.value = self._team_trails_html(holdings)
        elif isinstance(self.sheet, ScoreSheet):
            self.player_key.value = player_key_html([h.name for h in position.players],
                                                    self.view.player_colors)
            self.figure = breakdown_figure(self.board, self.sheet, position.players,
                                           title=title, width=None)
            self.table.value = table_html(self.board, self.sheet, self.original_sheet)
            self.trail_list.value = self._trails_html()
        totals = ", ".join(f"{name} {total}" for name, total in sheet_totals(self.sheet))
        show_figure(self.plot, self.figure, _("Score breakdown: {totals}").format(totals=totals))

    def _sync_tickets(self) -> None:
        results = {t.id: t for t in _ticket_results(self.sheet)}
        self._loading = True
        try:
            for ticket_id, box in self.ticket_boxes.items():
                box.value = ticket_id not in self.what_if.tickets_dropped
                result = results.get(ticket_id)
                text = ticket_text(self.board, ticket_id)
                if result is None:
                    box.description = _("(dropped) {ticket}").format(ticket=text)
                else:
                    word = _("hit") if result.completed else _("miss")
                    box.description = f"{'✔' if result.completed else '✘'} {word} {text} " \
                                      f"{result.points:+d}"
        finally:
            self._loading = False

    def _draw_map(self, position: Position) -> None:
        owners = {rid: i for i, h in enumerate(position.players) for rid in h.routes}
        stations = {c: i for i, h in enumerate(position.players) for c in h.stations}
        routes, label = self._trail_highlight()
        self.view.show(owners=owners, stations=stations, highlight=routes,
                       highlight_label=label, selected=self.last_route)

    def _trail_highlight(self) -> tuple[tuple[str, ...], str]:
        who = self.trails.value
        label = _("longest trails") if who == EVERYONE else _("longest trail")
        if self.sheet.teams:
            holdings = self.position.team_holdings()
            trails = [team_trail(self.board, h) for h in holdings
                      if who in (EVERYONE, " & ".join(h.players))]
            return tuple(dict.fromkeys(r for t in trails for r in t.routes)), label
        players = [p for p in self._player_scores() if who in (EVERYONE, p.name)]
        return tuple(dict.fromkeys(r for p in players for r in p.longest_trail_routes)), label

    def _player_scores(self) -> tuple[PlayerScore, ...]:
        return self.sheet.players if isinstance(self.sheet, ScoreSheet) else ()

    def _changes_html(self) -> str:
        if not self.what_if:
            return note_html(_("As played. Click a claimed route to take it from its owner, or "
                               "untick a ticket, to see what would change."))
        board, original = self.board, self.game.position
        parts = []
        for holding in original.players:
            lost = [r for r in board.routes
                    if r.id in holding.routes and r.id in self.what_if.routes_removed]
            parts += [_("{name} without {route}").format(name=holding.name,
                                                         route=route_text(board, r.id))
                      for r in lost]
            parts += [_("{name} without the ticket {ticket}").format(
                name=holding.name, ticket=ticket_text(board, t))
                for t in holding.tickets if t in self.what_if.tickets_dropped]
        before, after = winners_text(self.original_sheet), winners_text(self.sheet)
        verdict = (_("The winner changes: {before} → {after}.").format(
            before=html.escape(before), after=f"<b>{html.escape(after)}</b>")
            if before != after else won_sentence(self.sheet, html.escape(after), still=True))
        title = html.escape(_("What if"))
        said = _("{title}: {said}").format(title=f"<b>{title}</b>",
                                           said=html.escape("; ".join(parts)))
        return f"<div>{said}.<br>{verdict}</div>"

    def _trails_html(self) -> str:
        rows = []
        for score in self._player_scores():
            cities = " – ".join(city_label(self.board, c)
                                for c in score.longest_trail_cities) or _("no routes")
            bonus = f" <b>+{score.longest_bonus}</b>" if score.longest_bonus else ""
            rows.append(f"<div style='margin-bottom:3px'>"
                        f"{_trail_line(score.name, score.longest_trail)}{bonus}"
                        f"<div style='color:#777;font-size:12px'>{html.escape(cities)}</div>"
                        "</div>")
        return rows_html(rows)

    def _team_trails_html(self, holdings: Sequence[TeamHolding]) -> str:
        """Each team's longest trail over both teammates' routes (rule team.longest)."""
        assert self.sheet.teams
        rows = []
        for team, holding in zip(self.sheet.players, holdings, strict=True):
            trail = team_trail(self.board, holding)
            cities = " – ".join(city_label(self.board, c) for c in trail.cities) or \
                _("no routes")
            bonus = f" <b>+{team.longest_bonus}</b>" if team.longest_bonus else ""
            rows.append(f"<div style='margin-bottom:3px'>"
                        f"{_trail_line(team.name, team.longest_trail)}{bonus}"
                        f"<div style='color:#777;font-size:12px'>{html.escape(cities)}</div>"
                        "</div>")
        return rows_html(rows)


# ----------------------------------------------------------------------------- helpers


def _trail_line(name: str, spaces: int) -> str:
    """'<b>Ann</b>: 12 spaces'."""
    return _("{title}: {said}").format(
        title=f"<b>{html.escape(name)}</b>",
        said=ngettext("{n} space", "{n} spaces", spaces).format(n=spaces))


def _trail_options(game: Game) -> list[tuple[str, str]]:
    if game.position.teams:
        return [(_("every team's longest trail"), EVERYONE)] + [
            (_trail_of(" & ".join(team)), " & ".join(team))
            for team in team_names(game.position)]
    return [(_("every player's longest trail"), EVERYONE)] + [
        (_trail_of(h.name), h.name) for h in game.position.players]


def _trail_of(name: str) -> str:
    """'Ann's longest trail', 'your longest trail' (a player called You)."""
    if is_you(name):
        return _("your longest trail")
    return _("{name}'s longest trail").format(name=name)


def _ticket_results(sheet: Sheet) -> tuple[TicketResult, ...]:
    scores: Sequence[PlayerScore] = sheet.players
    return tuple(t for s in scores for t in s.tickets)


