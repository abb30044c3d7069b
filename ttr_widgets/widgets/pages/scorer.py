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

A team game (a team position, Team Asia rules) loads too: each edit is then checked by the team
rules (``scored_teams.team_refusal``), teammates are drawn in their team's two shades, and the
side panel scores the selected player's team (``rules.teams``).

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

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.graph import ticket_path
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
from ttr_widgets.rules.teams import score_teams
from ttr_widgets.rules.words import possessive
from ttr_widgets.widgets.pages.scored_teams import (
    LoadedTeamGame,
    Teams,
    read_team_file,
    read_team_game,
    team_colors,
    team_holdings,
    team_refusal,
    team_results_html,
    team_standings_html,
    team_trail,
)
from ttr_widgets.widgets.pages.scorer_view import (
    SHOW_TICKET,
    SHOW_TRAIL,
    ScorerLayout,
    city_label,
    default_names,
    loaded_text,
    map_title,
    matching_tickets,
    named_ticket,
    no_single_ticket,
    note,
    padded,
    refusal_html,
    refusal_rules,
    refusal_text,
    results_html,
    route_text,
    standings_html,
    ticket_text,
    total_html,
)
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

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
        self._holding = 0
        self._syncing = False
        self.longest_bonus: bool | None = None
        self.sheet: ScoreSheet
        self.teams: Teams = ()  #: a team game's teams (names), or () for a game of players
        self.team_sheet: ScoreSheet | None = None  #: the teams' score in a team game
        self._build_controls(board)
        self._observe_controls()
        self.view = self._new_view(board, names)
        self.board_box = widgets.Box([self.view.widget])
        position = Position(board, tuple(Holding(n, frozenset(), ()) for n in names))
        problem = check_position(position, source="TicketScorer")
        if problem is not None:
            raise ValueError(str(problem))
        with self._hold():
            self.position = position
        super().__init__([self._header(), widgets.HBox([self.board_box, self._side()])])
        self.add_class("ttr-scorer")

    def __repr__(self) -> str:
        return f"TicketScorer({self.board.name!r}, players={list(self.names)!r})"

    @property
    def board(self) -> Board:
        return self.position.board

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.position.players)

    @property
    def holding(self) -> Holding:
        """The selected player's holding."""
        return self.position.players[self.selected]

    # -- building -------------------------------------------------------------------------

    def _observe_controls(self) -> None:
        for control, handler in (
                (self.map_select, self._on_map), (self.variant, self._on_variant),
                (self.count, self._on_count), (self.upload, self._on_upload),
                (self.player, self._on_player), (self.name, self._on_name),
                (self.tickets, self._on_ticket), (self.show, self._on_show),
                (self.warehouses, self._on_warehouses), (self.depots, self._on_depots)):
            control.observe(handler, "value")
        self.add_button.on_click(lambda _b: self.add_ticket(self.ticket_search.value))
        self.remove_button.on_click(lambda _b: self._remove_selected())
        self.clear_button.on_click(lambda _b: self.clear_player())

    # -- edits (each proposes the next position; the core accepts or refuses it) ----------

    def select_player(self, seat: int) -> None:
        if not 0 <= seat < len(self.position.players):
            raise ValueError(f"seat: expected 0..{len(self.position.players) - 1}, got {seat}")
        with self._hold():
            self.selected = seat
            self.ticket = None
            self.showing = SHOW_TRAIL

    def toggle_route(self, route_id: str) -> bool:
        """Give ``route_id`` to the selected player, or take it back if they own it. Refused
        (with the rule) when the rules do not allow it; returns whether it was taken."""
        route = self.board.route(route_id)
        routes = self.holding.routes
        owned = route_id in routes
        new = routes - {route_id} if owned else routes | {route_id}
        verb = "gives up" if owned else "claims"
        return self._propose(self._with(routes=new),
                             f"{self.holding.name} {verb} {route_text(self.board, route.id)}.")

    def toggle_station(self, city: str) -> bool:
        """Build (or remove) the selected player's station in ``city`` (maps with stations)."""
        if city not in self.board.city_index:
            raise ValueError(f"city: no city {city!r} on the {self.board.name} map")
        stations = self.holding.stations
        built = city in stations
        new = tuple(c for c in stations if c != city) if built else (*stations, city)
        verb = "removes the station in" if built else "builds a station in"
        return self._propose(self._with(stations=new),
                             f"{self.holding.name} {verb} {city_label(self.board, city)}.")

    def add_ticket(self, ticket: str) -> bool:
        """Add a ticket (its id or its label in the search list) to the selected player."""
        ticket_id = self._ticket_id(ticket)
        if ticket_id is None:
            self.message.value = note(self._no_single_ticket(ticket.strip()))
            return False
        holder = next((h.name for h in self.position.players if ticket_id in h.tickets), None)
        if holder is not None:  # said with the ticket's cities, not its id
            self.message.value = note(f"{holder} already holds "
                                       f"{ticket_text(self.board, ticket_id)}: a ticket has one "
                                       "holder.")
            return False
        new = (*self.holding.tickets, ticket_id)
        with self._hold():
            taken = self._propose(self._with(tickets=new), f"{self.holding.name} keeps "
                                  f"{ticket_text(self.board, ticket_id)}.")
            if taken:
                self.ticket_search.value = ""
                self.select_ticket(ticket_id)
        return taken

    def _no_single_ticket(self, text: str) -> str:
        return no_single_ticket(text, [label for label, _id in self.ticket_matches(text)])

    def remove_ticket(self, ticket_id: str) -> bool:
        if ticket_id not in self.holding.tickets:
            raise ValueError(f"ticket_id: {self.holding.name} holds no ticket {ticket_id!r}")
        new = tuple(t for t in self.holding.tickets if t != ticket_id)
        with self._hold():
            if self.ticket == ticket_id:
                self.ticket = None
                self.showing = SHOW_TRAIL
            return self._propose(self._with(tickets=new), f"{self.holding.name} drops "
                                 f"{ticket_text(self.board, ticket_id)}.")

    def select_ticket(self, ticket_id: str | None) -> None:
        """Draw the path of one of the selected player's tickets (``None``: none)."""
        if ticket_id is not None and ticket_id not in self.holding.tickets:
            raise ValueError(f"ticket_id: {self.holding.name} holds no ticket {ticket_id!r}")
        with self._hold():
            self.ticket = ticket_id
            self.showing = SHOW_TRAIL if ticket_id is None else SHOW_TICKET

    def clear_player(self) -> bool:
        with self._hold():
            self.ticket = None
            return self._propose(self._with(routes=frozenset(), tickets=(), stations=()),
                                 f"{possessive(self.holding.name)} routes, tickets and "
                                 "stations are cleared.")

    def rename(self, seat: int, name: str) -> bool:
        players = list(self.position.players)
        players[seat] = replace(players[seat], name=name.strip())
        old = self.names[seat]
        teams = tuple(tuple(name.strip() if n == old else n for n in t) for t in self.teams)
        return self._propose(replace(self.position, players=tuple(players)),
                             f"{old} is now {name.strip()}.", focus=seat, teams=teams)

    def set_player_count(self, count: int) -> bool:
        """Seat ``count`` players: new seats start empty; leaving seats take their holdings.
        A team game keeps its teams (refused with a note)."""
        if self.teams and count != len(self.position.players):
            self.message.value = note("A team game keeps its teams: choose a map to start "
                                       "a new table, or load another game.")
            self._sync_controls()
            return False
        players = self.position.players[:count]
        taken = {h.name for h in players}
        fresh = (n for n in default_names(5 + count) if n not in taken)
        depots = 0 if self.position.warehouses else None
        players += tuple(Holding(next(fresh), frozenset(), (), (), depots)
                         for _ in range(count - len(players)))
        with self._hold():
            taken_ok = self._propose(replace(self.position, players=players),
                                     f"{count} players.", focus=min(self.selected, count - 1))
            if taken_ok:
                self.selected = min(self.selected, count - 1)
        return taken_ok

    def set_variant(self, variant: str | None) -> bool:
        return self._propose(replace(self.position, variant=variant),
                             f"Tickets: {ticket_deck(self.board, variant).description}.")

    def set_warehouses(self, on: bool) -> bool:
        players = tuple(replace(h, depots_left=(h.depots_left or 0) if on else None)
                        for h in self.position.players)
        return self._propose(replace(self.position, players=players, warehouses=on),
                             "Warehouses & Depots " + ("on" if on else "off") + ".")

    def set_depots_left(self, depots: int) -> bool:
        return self._propose(self._with(depots_left=depots),
                             f"{self.holding.name} has {depots} Depots left.")

    def show_map(self, map_name: str) -> None:
        """Start over on another map, keeping the players' names."""
        board = load_map(map_name)
        self.longest_bonus = None
        names = self.names[:board.rules.players_max]  # a 6-player team game on a 5-player map
        self._load(Position(board, tuple(Holding(n, frozenset(), ()) for n in names)),
                   f"A new {board.title} table.")

    def load(self, game: LoadedGame | LoadedTeamGame | Position | str | Path) -> bool:
        """Show a saved game: a ``LoadedGame``, a ``LoadedTeamGame``, a ``Position`` or a file
        (position, team position or record). A file that cannot be used shows the reason;
        returns whether it was loaded."""
        loaded: LoadedGame | LoadedTeamGame
        try:
            if isinstance(game, Position):
                loaded = LoadedGame(game)
            elif isinstance(game, LoadedGame | LoadedTeamGame):
                loaded = game
            else:
                loaded = read_team_file(game) or load_game(game)
        except TTRError as exc:
            self.message.value = refusal_html(exc, self.names, heading="Not loaded.")
            return False
        if isinstance(loaded, LoadedTeamGame):
            return self.load_team_game(loaded)
        return self.load_game(loaded)

    def load_team_game(self, game: LoadedTeamGame) -> bool:
        """Show a team game: from now on each edit is checked by the team rules and the side
        panel scores the selected player's team (choosing a map leaves team play)."""
        source = game.source or "position"
        problem = team_refusal(game.position, game.teams, source=source)
        if problem is not None:
            self.message.value = refusal_html(problem, self.names, source=source,
                                              heading="Not loaded.")
            return False
        self.longest_bonus = None
        self._load(game.position, loaded_text(game), game.teams)
        return True

    def load_game(self, game: LoadedGame) -> bool:
        problem = check_position(game.position, source=game.source or "position")
        if problem is not None:
            names = tuple(h.name for h in game.position.players)
            self.message.value = refusal_html(problem, names, source=game.source or "position",
                                              heading="Not loaded.")
            return False
        self.longest_bonus = game.longest_bonus
        self._load(game.position, loaded_text(game))
        return True

    # -- the machinery --------------------------------------------------------------------

    def _with(self, **changes: Any) -> Position:
        """The position with the selected player's holding changed."""
        players = list(self.position.players)
        players[self.selected] = replace(players[self.selected], **changes)
        return replace(self.position, players=tuple(players))

    def _propose(self, position: Position, done: str, *, focus: int | None = None,
                 teams: Teams | None = None) -> bool:
        """Take ``position`` (and in a team game ``teams``, when they change) if the core
        accepts it, else show why not (and keep the old one)."""
        focus = self.selected if focus is None else focus
        teams = self.teams if teams is None else teams
        problem = (team_refusal(position, teams, focus=focus) if teams
                   else check_position(position, focus=focus))
        if problem is not None:
            order = [h.name for i, h in enumerate(position.players) if i != focus]
            order.append(position.players[focus].name)
            self.message.value = refusal_html(problem, order)
            self._sync_controls()
            return False
        with self._hold():
            self.teams = teams
            self.position = position
            self.message.value = note(done)
        return True

    def _load(self, position: Position, done: str, teams: Teams = ()) -> None:
        with self._hold():
            colors = team_colors(position, teams) if teams else DEFAULT_PLAYER_COLORS
            if position.board is not self.board or tuple(colors) != self.view.player_colors:
                self.view = self._new_view(position.board,
                                           [h.name for h in position.players], colors)
                self.board_box.children = (self.view.widget,)
            self.teams = teams
            self.position = position
            self.selected = 0
            self.ticket = None
            self.showing = SHOW_TRAIL
            self.message.value = note(done)

    def _ticket_id(self, text: str) -> str | None:
        """The one ticket ``text`` names: its id (any ticket of the map: the core says if the
        deck holds it) or ``scorer_view.named_ticket``; None when none or several do."""
        text = text.strip()
        return text if text in self.board.ticket_by_id else named_ticket(
            self._ticket_labels(), text)

    def ticket_matches(self, text: str) -> list[tuple[str, str]]:
        """The tickets of the list (label, id) whose label contains ``text``, ignoring case,
        accents and dashes: 'seattle' finds every Seattle ticket, 'zurich' Zürich's."""
        return matching_tickets(self._ticket_labels(), text)

    def _ticket_labels(self) -> list[tuple[str, str]]:
        deck = ticket_deck(self.board, self.position.variant)
        return [(ticket_text(self.board, t.id), t.id)
                for t in self.board.tickets if deck.admits(t)]

    def _remove_selected(self) -> None:
        if self.tickets.value is None:
            self.message.value = note("Select one of the tickets to remove it.")
        else:
            self.remove_ticket(self.tickets.value)

    # -- control handlers -----------------------------------------------------------------

    def _on_map(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self.board.name:
            self.show_map(change["new"])

    def _on_variant(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_variant(None if change["new"] == BASE else change["new"])

    def _on_count(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_player_count(change["new"])

    def _on_player(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self.select_player(change["new"])

    def _on_name(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"].strip() != self.holding.name:
            self.rename(self.selected, change["new"])

    def _on_ticket(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.select_ticket(change["new"])

    def _on_show(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.showing = change["new"]

    def _on_warehouses(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_warehouses(change["new"])

    def _on_depots(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_depots_left(change["new"])

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if self._syncing or not files:
            return
        upload = files[0]
        try:
            content, name = bytes(upload["content"]), upload["name"]
            game = read_team_game(content, name) or read_game(content, name)
        except TTRError as exc:
            self.message.value = refusal_html(exc, self.names, heading="Not loaded.")
        else:
            self.load(game)
        with self._sync():
            self.upload.value = ()  # the same file can be loaded again

    # -- drawing --------------------------------------------------------------------------

    @contextmanager
    def _hold(self) -> Iterator[None]:
        """Redraw once, after every change made inside."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding:
                self._render()

    @contextmanager
    def _sync(self) -> Iterator[None]:
        syncing, self._syncing = self._syncing, True
        try:
            yield
        finally:
            self._syncing = syncing

    @traitlets.observe("position", "selected", "ticket", "showing")
    def _changed(self, _change: object) -> None:
        if not self._holding:
            self._render()

    def _render(self) -> None:
        self.sheet = score_position(self.position, self.longest_bonus)
        self.team_sheet = (score_teams(self.board, team_holdings(self.position, self.teams))
                           if self.teams else None)
        score = self.sheet.players[self.selected]
        self._sync_controls()
        self._draw_map(score)
        if self.team_sheet is not None:
            self._render_team(self.team_sheet)
            return
        depots = self.holding.depots_left if self.sheet.warehouses else None
        self.results.value = results_html(self.board, score, depots)
        self.total.value = total_html(score.name, score.total)
        self.standings.value = standings_html(self.sheet)

    def _team(self) -> int:
        """The selected player's team (an index into ``teams``)."""
        return next(t for t, team in enumerate(self.teams) if self.holding.name in team)

    def _render_team(self, sheet: ScoreSheet) -> None:
        team = sheet.players[self._team()]
        holdings = team_holdings(self.position, self.teams)
        self.results.value = team_results_html(self.board, sheet, holdings, self._team())
        self.total.value = total_html(team.name, team.total)
        self.standings.value = team_standings_html(sheet)

    def _ticket_results(self, score: PlayerScore) -> tuple[TicketResult, ...]:
        """The selected player's tickets, hit or missed: in a team game against both
        teammates' routes (rule team.score-tickets)."""
        if self.team_sheet is None:
            return score.tickets
        mine = set(self.holding.tickets)
        return tuple(t for t in self.team_sheet.players[self._team()].tickets if t.id in mine)

    def _sync_controls(self) -> None:
        board, position = self.board, self.position
        with self._sync():
            self.map_select.value = board.name
            decks = [(deck.description, variant or BASE) for (name, variant), deck
                     in TICKET_DECKS.items() if name == board.name]
            self.variant.options = decks or [(ticket_deck(board).description, BASE)]
            self.variant.value = position.variant or BASE
            self.variant.layout.display = "" if len(decks) > 1 and not self.teams else "none"
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
            self.ticket_search.options = [label for label, _ in self._ticket_labels()]
            self.tickets.options = self._ticket_options()
            self.tickets.value = self.ticket
            self.show.value = self.showing
        if self.view.player_names is not None:
            self.view.player_names = padded(self.names, len(self.view.player_colors))

    def _ticket_options(self) -> list[tuple[str, str]]:
        score = self.sheet.players[self.selected]
        return [(f"{'✔' if t.completed else '✘'} {ticket_text(self.board, t.id)}", t.id)
                for t in self._ticket_results(score)]

    def _draw_map(self, score: PlayerScore) -> None:
        owners = {rid: i for i, h in enumerate(self.position.players) for rid in h.routes}
        stations = {c: i for i, h in enumerate(self.position.players) for c in h.stations}
        routes, label = self._highlight(score)
        self.view.show(owners=owners, stations=stations, highlight=routes,
                       highlight_label=label)

    def _highlight(self, score: PlayerScore) -> tuple[tuple[str, ...], str]:
        """What the map highlights: the selected ticket's path, or the longest trail (the
        legend's label stays short: the side panel says the rest)."""
        network = [*self.holding.routes, *(b.route for b in score.borrowings
                                           if b.route is not None)]
        trail = score.longest_trail_routes
        if self.teams:  # a team plays both teammates' routes (team.score-tickets, team.longest)
            holding = team_holdings(self.position, self.teams)[self._team()]
            network = [r for routes in holding.routes for r in routes]
            trail = team_trail(self.board, holding).routes
        if self.showing == SHOW_TICKET and self.ticket is not None:
            result = next((t for t in self._ticket_results(score) if t.id == self.ticket), None)
            if result is not None:
                ticket = self.board.ticket(result.id)
                if not result.completed:
                    return (), "ticket missed"
                return ticket_path(self.board, network, ticket.a, ticket.b) or (), "ticket path"
        return trail, "longest trail"
