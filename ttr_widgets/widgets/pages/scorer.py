"""The ticket scorer: click the routes each player owns, pick their tickets, read every ticket's
hit or miss, the longest trail, the stations' borrowings and the totals — live.

    scorer = TicketScorer("usa")          # in a notebook; or TicketScorer("europe")
    scorer.select_player(0)
    scorer.toggle_route("usa-039")        # what a click on Denver–Santa Fe does
    scorer.add_ticket("usa-t07")          # Denver–El Paso
    scorer.sheet.player("Player 1").tickets

The widget holds one trait, ``position`` (a ``rules.position.Position``: the board and every
player's holding), and redraws everything from it. Each edit builds the next position and asks
the core whether a finished game could look like that (``rules.position.parse_position``, the
check behind ``ttr score``); a position the rules refuse is not taken, and the refusal is shown
in plain words, its rule behind a "why?". Scores come from ``rules.position.score_position``.
What the scorer shows (controls, side panel, sentences) is ``widgets.scorer_view``.

A team game (a team position or a team game's record, Team Asia rules: a position whose
``teams`` pair its players) loads too: each edit is then checked by the team rules
(``scored_teams.team_refusal``), teammates are drawn in their team's two shades, and the side
panel scores the selected player's team (``rules.teams``).

Saved games load from a file: a position (``ttr score``'s JSON) or a game record (the play app's
"save"), read by the core (``rules.record.read_game``, ``load_game``, ``example_path``; the names
are importable from here too).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import (
    TICKET_DECKS,
    Position,
    check_position,
    score_position,
    ticket_deck,
)
from ttr_widgets.rules.record import EXAMPLES, LoadedGame, example_path, load_game, read_game
from ttr_widgets.rules.scoring import Holding, PlayerScore, ScoreSheet, TicketResult
from ttr_widgets.rules.words import bonus_name
from ttr_widgets.widgets.batch import Batch
from ttr_widgets.widgets.pages import scorer_position as edits
from ttr_widgets.widgets.pages.scored_teams import (
    Teams,
    team_colors,
    team_names,
    team_of,
    team_refusal,
    team_results_html,
    team_standings_html,
)
from ttr_widgets.widgets.pages.scorer_view import (
    SHOW_TICKET,
    SHOW_TRAIL,
    ScorerLayout,
    city_label,
    deck_words,
    default_name,
    default_names,
    loaded_text,
    map_title,
    matching_tickets,
    no_single_ticket,
    note,
    refusal_html,
    refusal_rules,
    refusal_text,
    results_html,
    route_text,
    standings_html,
    ticket_text,
    total_html,
)
from ttr_widgets.widgets.table.address import PageAddress

__all__ = [
    "EXAMPLES",
    "LoadedGame",
    "TicketScorer",
    "check_position",
    "city_label",
    "example_path",
    "load_game",
    "map_title",
    "read_game",
    "refusal_html",
    "refusal_rules",
    "refusal_text",
    "route_text",
    "ticket_text",
]

BASE = "base"  #: the variant dropdown's value for the base game (a position's ``None``)


# ----------------------------------------------------------------------------- the widget


class TicketScorer(ScorerLayout, widgets.VBox):
    """The scorer (an ipywidgets box). The game is one trait, ``position``; ``selected`` (a
    seat), ``ticket`` and ``showing`` say what the side panel and the highlight are about.

    Inputs: ``map_select``, ``variant``, ``count`` (players), ``player`` (whose holding the clicks
    edit), ``name`` (rename the selected player), the board (``view``: a click on a route toggles
    it for the selected player, on a city toggles their station — Europe), ``ticket_search`` +
    ``add_button``, ``tickets`` (the selected player's tickets; selecting one draws its path) +
    ``remove_button``, ``show`` (longest trail or ticket path), ``warehouses`` + ``depots``,
    ``upload`` (a position, a team position or a game record) and ``clear_button``.
    Outputs: ``results`` (every ticket hit or miss, routes, stations, longest trail, bonuses),
    ``total``, ``standings`` (everyone and the winner) and ``message`` (refusals, loads).
    """

    position = traitlets.Instance(Position)
    selected = traitlets.Int(0)  #: the seat whose holding the clicks edit
    ticket = traitlets.Unicode(None, allow_none=True)  #: the ticket whose path is drawn
    showing = traitlets.Unicode(SHOW_TRAIL)  #: SHOW_TRAIL or SHOW_TICKET

    def __init__(self, map_name: str = "usa", *, players: int | Sequence[str] = 2,
                 width: int = 900, height: int = 560) -> None:
        board = load_map(map_name)
        names = default_names(players)
        self._width, self._height = width, height
        self._batch = Batch(self._render)  #: changes drawn once, at the end
        self._syncing = False
        self.sheet: ScoreSheet  #: every player's own score (in a team game, each alone)
        self.team_sheet: ScoreSheet | None = None  #: the teams' score in a team game
        self._build_controls(board)
        self._observe_controls()
        self.view = self._new_view(board, names)
        self.board_box = widgets.Box([self.view.widget])
        position = Position(board, tuple(Holding(n, frozenset(), ()) for n in names))
        problem = check_position(position, source="TicketScorer")
        if problem is not None:
            raise ValueError(str(problem))
        with self._batch:
            self.position = position
        self.address = PageAddress("Ticket-Scorer")  # the page's language, told late
        super().__init__([self.address, self._header(),
                          widgets.HBox([self.board_box, self._side()])])
        self.add_class("ttr-scorer")
        i18n.on_change(self._language_changed)

    # -- the page's words, in its language ----------------------------------------------

    def relabel(self) -> None:
        """Every word of the page again in the language now (a served page learns it from
        its address after it is built): the controls, the players still called by their seat
        ('Player 1' → 'Joueur 1'), the side panel; the last note, told in the old language,
        is cleared."""
        with self._sync():
            self._label_controls()
        for seat, holding in enumerate(self.position.players):
            if holding.name in _seat_names(seat) and holding.name != default_name(seat):
                self.rename(seat, default_name(seat))
        self.message.value = ""
        self._render()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def __repr__(self) -> str:
        return f"TicketScorer({self.board.name!r}, players={list(self.names)!r})"

    @property
    def board(self) -> Board:
        return self.position.board

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.position.players)

    @property
    def teams(self) -> Teams:
        """A team game's teams (each its players' names), or () for a game of players."""
        return team_names(self.position)

    @property
    def holding(self) -> Holding:
        """The selected player's holding."""
        return self.position.players[self.selected]

    # -- building -------------------------------------------------------------------------

    def _observe_controls(self) -> None:
        """Each control calls its edit when a person changes it (not while the controls are
        set to show the position: ``_sync``)."""
        edit_of = {
            self.map_select: lambda v: None if v == self.board.name else self.show_map(v),
            self.variant: lambda v: self.set_variant(None if v == BASE else v),
            self.longest: self.set_longest_bonus,
            self.count: self.set_player_count,
            self.player: lambda v: None if v is None else self.select_player(v),
            self.name: lambda v: None if v.strip() == self.holding.name else self.rename(
                self.selected, v),
            self.tickets: self.select_ticket,
            self.show: lambda v: setattr(self, "showing", v),
            self.warehouses: self.set_warehouses,
            self.depots: self.set_depots_left,
            self.upload: self._uploaded,
        }
        for control, edit in edit_of.items():
            control.observe(lambda change, edit=edit: None if self._syncing else
                            edit(change["new"]), "value")
        self.add_button.on_click(lambda _b: self.add_ticket(self.ticket_search.value))
        self.remove_button.on_click(lambda _b: self._remove_selected())
        self.clear_button.on_click(lambda _b: self.clear_player())

    # -- edits (each proposes the next position; the core accepts or refuses it) ----------

    def select_player(self, seat: int) -> None:
        if not 0 <= seat < len(self.position.players):
            raise ValueError(f"seat: expected 0..{len(self.position.players) - 1}, got {seat}")
        with self._batch:
            self.selected = seat
            self.ticket = None
            self.showing = SHOW_TRAIL

    def toggle_route(self, route_id: str) -> bool:
        """Give ``route_id`` to the selected player, or take it back if they own it. Refused
        (with the rule) when the rules do not allow it; returns whether it was taken."""
        return self._propose(edits.toggled_route(self.position, self.selected, route_id))

    def toggle_station(self, city: str) -> bool:
        """Build (or remove) the selected player's station in ``city`` (maps with stations)."""
        return self._propose(edits.toggled_station(self.position, self.selected, city))

    def add_ticket(self, ticket: str) -> bool:
        """Add a ticket (its id or its label in the search list) to the selected player."""
        ticket_id = edits.ticket_id(self.position, ticket)
        if ticket_id is None:
            text = ticket.strip()
            self.message.value = note(no_single_ticket(
                text, [label for label, _id in self.ticket_matches(text)]))
            return False
        edit = edits.added_ticket(self.position, self.selected, ticket_id)
        if isinstance(edit, str):
            self.message.value = note(edit)
            return False
        with self._batch:
            taken = self._propose(edit)
            if taken:
                self.ticket_search.value = ""
                self.select_ticket(ticket_id)
        return taken

    def remove_ticket(self, ticket_id: str) -> bool:
        edit = edits.dropped_ticket(self.position, self.selected, ticket_id)
        with self._batch:
            if self.ticket == ticket_id:
                self.ticket = None
                self.showing = SHOW_TRAIL
            return self._propose(edit)

    def select_ticket(self, ticket_id: str | None) -> None:
        """Draw the path of one of the selected player's tickets (``None``: none)."""
        if ticket_id is not None and ticket_id not in self.holding.tickets:
            raise ValueError(f"ticket_id: {self.holding.name} holds no ticket {ticket_id!r}")
        with self._batch:
            self.ticket = ticket_id
            self.showing = SHOW_TRAIL if ticket_id is None else SHOW_TICKET

    def clear_player(self) -> bool:
        with self._batch:
            self.ticket = None
            self.showing = SHOW_TRAIL  # no ticket left to show the path of
            return self._propose(edits.cleared(self.position, self.selected))

    def rename(self, seat: int, name: str) -> bool:
        return self._propose(edits.renamed(self.position, seat, name))

    def set_player_count(self, count: int) -> bool:
        """Seat ``count`` players: new seats start empty; leaving seats take their holdings.
        A team game keeps its teams (refused with a note)."""
        if self.teams and count != len(self.position.players):
            self.message.value = note(_("A team game keeps its teams: choose a map to start "
                                        "a new table, or load another game."))
            self._sync_controls()
            return False
        with self._batch:
            taken = self._propose(edits.seated(self.position, count, self.selected))
            if taken:
                self.selected = min(self.selected, count - 1)
        return taken

    def set_variant(self, variant: str | None) -> bool:
        """Play ``variant``'s tickets (None: the map's own): its deck in the ticket list, its
        bonuses, and a variant of the USA 1910 box at that box's values. A ticket held outside
        the new deck is refused, naming the decks that hold it."""
        return self._propose(edits.variant(self.position, variant))

    def set_longest_bonus(self, on: bool) -> bool:
        """Score the bonus for the longest trail or not (USA Big Cities plays none unless the
        table chose it: the sources disagree)."""
        return self._propose(edits.longest_bonus(self.position, on))

    def set_warehouses(self, on: bool) -> bool:
        return self._propose(edits.warehouses(self.position, on))

    def set_depots_left(self, depots: int) -> bool:
        return self._propose(edits.depots_left(self.position, self.selected, depots))

    def show_map(self, map_name: str) -> None:
        """Start over on another map, keeping the players' names."""
        position = edits.fresh_table(map_name, self.names)
        self._load(position, _("A new {map} table.").format(map=map_title(position.board.name)))

    def load(self, game: LoadedGame | Position | str | Path) -> bool:
        """Show a saved game: a ``LoadedGame``, a ``Position`` or a file (a position, a team
        position or a game record, a team game's too). A file that cannot be used shows the
        reason; returns whether it was loaded."""
        loaded: LoadedGame
        try:
            if isinstance(game, Position):
                loaded = LoadedGame(game)
            elif isinstance(game, LoadedGame):
                loaded = game
            else:
                loaded = load_game(game)
        except TTRError as exc:
            self.message.value = refusal_html(exc, self.names, heading=_("Not loaded."))
            return False
        return self.load_game(loaded)

    def load_game(self, game: LoadedGame) -> bool:
        """Show a loaded game; a team game's edits are from now on checked by the team rules
        and the side panel scores the selected player's team (choosing a map leaves team
        play)."""
        position, source = game.position, game.source or "position"
        problem = (team_refusal(position, source=source) if position.teams
                   else check_position(position, source=source))
        if problem is not None:
            names = tuple(h.name for h in position.players)
            self.message.value = refusal_html(problem, names, source=source,
                                              heading=_("Not loaded."))
            return False
        self._load(position, loaded_text(game))
        return True

    # -- the machinery --------------------------------------------------------------------

    def _propose(self, edit: edits.Edit) -> bool:
        """Take the edit's position (and in a team game its teams, when they change) if the
        core accepts it, else show why not (and keep the old one)."""
        position = edit.position
        focus = self.selected if edit.focus is None else edit.focus
        problem = (team_refusal(position, focus=focus) if position.teams
                   else check_position(position, focus=focus))
        if problem is not None:
            order = [h.name for i, h in enumerate(position.players) if i != focus]
            order.append(position.players[focus].name)
            self.message.value = refusal_html(problem, order)
            self._sync_controls()
            return False
        with self._batch:
            self.position = position
            self.message.value = note(edit.done)
        return True

    def _load(self, position: Position, done: str) -> None:
        with self._batch:
            colors = team_colors(position)  # one a player: no key for an empty seat
            if position.board is not self.board or tuple(colors) != self.view.player_colors:
                self.view = self._new_view(position.board,
                                           [h.name for h in position.players], colors)
                self.board_box.children = (self.view.widget,)
            self.position = position
            self.selected = 0
            self.ticket = None
            self.showing = SHOW_TRAIL
            self.message.value = note(done)

    def ticket_matches(self, text: str) -> list[tuple[str, str]]:
        """The tickets of the list (label, id) whose label contains ``text``, ignoring case,
        accents and dashes: 'seattle' finds every Seattle ticket, 'zurich' Zürich's."""
        return matching_tickets(edits.ticket_labels(self.position), text)

    def _remove_selected(self) -> None:
        if self.tickets.value is None:
            self.message.value = note(_("Select one of the tickets to remove it."))
        else:
            self.remove_ticket(self.tickets.value)

    def _uploaded(self, files: Sequence[Any]) -> None:
        if not files:
            return
        upload = files[0]
        try:
            content, name = bytes(upload["content"]), upload["name"]
            game = read_game(content, name)
        except TTRError as exc:
            self.message.value = refusal_html(exc, self.names, heading=_("Not loaded."))
        else:
            self.load(game)
        with self._sync():
            self.upload.value = ()  # the same file can be loaded again

    # -- drawing --------------------------------------------------------------------------

    @contextmanager
    def _sync(self) -> Iterator[None]:
        syncing, self._syncing = self._syncing, True
        try:
            yield
        finally:
            self._syncing = syncing

    @traitlets.observe("position", "selected", "ticket", "showing")
    def _changed(self, _change: object) -> None:
        if not self._batch.open:
            self._render()

    def _render(self) -> None:
        position = self.position
        self.team_sheet = score_position(position) if position.teams else None
        self.sheet = score_position(replace(position, teams=()))
        score = self.sheet.players[self.selected]
        self._sync_controls()
        self._draw_map(score)
        if self.team_sheet is not None:
            self._render_team(self.team_sheet)
            return
        depots = self.holding.depots_left if self.sheet.warehouses else None
        self.results.value = results_html(self.board, score, depots,
                                          globetrotter=self.sheet.globetrotter)
        self.total.value = total_html(score.name, score.total)
        self.standings.value = standings_html(self.sheet)

    def _render_team(self, sheet: ScoreSheet) -> None:
        team_index = team_of(self.position, self.selected)
        team = sheet.players[team_index]
        holdings = self.position.team_holdings()
        self.results.value = team_results_html(self.board, sheet, holdings, team_index)
        self.total.value = total_html(team.name, team.total)
        self.standings.value = team_standings_html(sheet)

    def _ticket_results(self, score: PlayerScore) -> tuple[TicketResult, ...]:
        return edits.ticket_results(self.position, self.selected, score, self.team_sheet)

    def _sync_controls(self) -> None:
        board, position = self.board, self.position
        with self._sync():
            self.map_select.value = board.name
            decks = [(deck_words(deck), variant or BASE) for (name, variant), deck
                     in TICKET_DECKS.items() if name == board.name]
            self.variant.options = decks or [(deck_words(ticket_deck(board)), BASE)]
            self.variant.value = position.variant or BASE
            self.variant.layout.display = "" if len(decks) > 1 and not self.teams else "none"
            self.longest.description = bonus_name(board.rules)
            self.longest.value = edits.played_rules(position).longest_bonus
            self.longest.layout.display = "none" if self.teams else ""
            rules = board.rules
            seats = ((len(position.players),) if self.teams
                     else range(rules.players_min, rules.players_max + 1))
            self.count.options = [(str(n), n) for n in seats]
            self.count.value = len(position.players)
            self.player.options = [(h.name, i) for i, h in enumerate(position.players)]
            self.player.value = self.selected
            self.name.value = self.holding.name
            self.warehouses.value = position.warehouses
            self.warehouses.layout.display = "none" if self.teams else ""
            self.depots.layout.display = "" if position.warehouses else "none"
            self.depots.value = self.holding.depots_left or 0
            self.ticket_search.options = [label for label, _ in
                                          edits.ticket_labels(position)]
            self.tickets.options = self._ticket_options()
            self.tickets.value = self.ticket
            self.show.value = self.showing
        self._seat_board()

    def _seat_board(self) -> None:
        """The board's key names the players seated, each in their colour, once the seats or
        their names change (the marks are drawn again next)."""
        colors = team_colors(self.position)
        if colors != self.view.player_colors or self.names != self.view.player_names:
            self.view.set_board(self.board, player_colors=colors, player_names=self.names)

    def _ticket_options(self) -> list[tuple[str, str]]:
        score = self.sheet.players[self.selected]
        return [(f"{'✔' if t.completed else '✘'} {ticket_text(self.board, t.id)}", t.id)
                for t in self._ticket_results(score)]

    def _draw_map(self, score: PlayerScore) -> None:
        ticket = self.ticket if self.showing == SHOW_TICKET else None
        self.view.show(edits.board_marks(self.position, self.selected, score,
                                         self._ticket_results(score), ticket))


def _seat_names(seat: int) -> set[str]:
    """The names a seat has before anyone types one, in every language the kit speaks."""
    names = set()
    for lang in i18n.LANGUAGES:
        with i18n.use(lang):
            names.add(default_name(seat))
    return names
