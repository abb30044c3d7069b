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
check behind ``ttr score``); a position the rules refuse is not taken, and the refusal's sentence
(the rule's id and its words from ``rules.catalog``) is shown instead. Scores come from
``rules.position.score_position`` — the same answer ``ttr score`` prints.

A team game (a team position, Team Asia rules) loads too: each edit is then checked by the team
rules (``scored_teams.team_refusal``), teammates are drawn in their team's two shades, and the
side panel scores the selected player's team (``rules.team_score``): both teammates' routes,
the team's tickets against both teammates' routes, the longest trail and both bonuses.

Saved games load from a file: a position (``ttr score``'s JSON) or a game record (the play app's
"save"), read by the core (``rules.record.read_game``, ``load_game``, ``example_path``; the names
are importable from here too).
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.graph import ticket_path
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
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
from ttr_widgets.rules.team_score import TeamSheet, score_teams
from ttr_widgets.rules.words import bonus_name, count

from .map_view import MapView
from .scored_teams import (
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
from .status import why_html
from .style import DEFAULT_PLAYER_COLORS

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
    "route_text",
    "ticket_text",
]

SHOW_TRAIL, SHOW_TICKET = "trail", "ticket"
BASE = "base"  #: the variant dropdown's value for the base game (a position's ``None``)
SIDE_WIDTH = 430  #: px beside the 900 px board: the page fits a 1366 px laptop screen


_PLACE = re.compile(r"players\[(\d+)\](?:\.[a-z_]+(?:\[\d+\])?)?: ")
_RULE = re.compile(r" ?\(rule ([a-z0-9.-]+)\)")
#: a route or ticket as a file's refusal names it: "route 'usa-031' (Denver–Helena, 4 red)"
_NAMED = re.compile(r"\b(route|ticket) '[^']*' \(([^,()]+), ([^()]+)\)")


def refusal_html(error: Exception, names: Sequence[str], *, source: str = "position",
                 heading: str = "Refused.") -> str:
    """A refusal for people: the core's sentence with places like ``players[1].routes[3]``
    written as the player's name (``names`` in the order checked), routes and tickets by their
    names, not their ids, and each rule it cites behind a "why?" (the rule's id and sentence)."""
    return (f"<div class='ttr-refusal' style='color:#8a1c12'><b>{html.escape(heading)}</b> "
            f"{html.escape(refusal_text(error, names, source=source))}"
            f"{''.join(why_html(rule) for rule in refusal_rules(error))}</div>")


def refusal_text(error: Exception, names: Sequence[str], *, source: str = "position") -> str:
    """The refusal's sentence in plain words ("Ben: the route Denver–Helena (4 red) is already
    owned by Ann."): no field path, no id, no rule id."""
    text = str(error)
    if text.startswith(f"{source}: "):
        text = text[len(source) + 2:]
    text = _PLACE.sub(lambda m: f"{_name_at(names, int(m[1]))}: ", text)
    text = _NAMED.sub(r"the \1 \2 (\3)", text)
    text = _RULE.sub("", text).strip()
    return text if text.endswith((".", "?", "!")) else f"{text}."


def refusal_rules(error: Exception) -> list[str]:
    """The ids of the rules a refusal cites, in order, each once."""
    return [rule for rule in dict.fromkeys(_RULE.findall(str(error))) if rule in RULES]


def _name_at(names: Sequence[str], index: int) -> str:
    return names[index] if 0 <= index < len(names) else f"player {index + 1}"


# ----------------------------------------------------------------------------- the widget


class TicketScorer(widgets.VBox):
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
        names = _default_names(players)
        self._width, self._height = width, height
        self._holding = 0
        self._syncing = False
        self.longest_bonus: bool | None = None
        self.sheet: ScoreSheet
        self.teams: Teams = ()  #: a team game's teams (names), or () for a game of players
        self.team_sheet: TeamSheet | None = None  #: the teams' score in a team game
        self._build_controls(board)
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

    def _build_controls(self, board: Board) -> None:
        self.map_select = _styled(widgets.Dropdown(
            options=[(map_title(name), name) for name in BUILTIN_MAPS
                     if name != "mini"], value=board.name, description="Map",
            layout=widgets.Layout(width="160px")), "ttr-scorer-map")
        self.variant = _styled(widgets.Dropdown(description="Tickets",
                                                layout=widgets.Layout(width="330px")),
                               "ttr-scorer-variant")
        self.count = _styled(widgets.Dropdown(description="Players",
                                              layout=widgets.Layout(width="150px")),
                             "ttr-scorer-count")
        self.upload = _styled(widgets.FileUpload(accept=".json", multiple=False,
                                                 description="Load game…"),
                              "ttr-scorer-upload")
        self.player = _styled(widgets.ToggleButtons(style={"button_width": "auto"}),
                              "ttr-scorer-player")
        self.name = _styled(widgets.Text(description="Name", continuous_update=False,
                                         layout=widgets.Layout(width="250px")),
                            "ttr-scorer-name")
        self.clear_button = _styled(widgets.Button(description="Clear", icon="eraser",
                                                   tooltip="remove this player's routes, "
                                                   "tickets and stations",
                                                   layout=widgets.Layout(width="90px")),
                                    "ttr-scorer-clear")
        self.ticket_search = _styled(widgets.Combobox(
            placeholder="type a city, then pick a ticket", description="Ticket",
            layout=widgets.Layout(width="315px")), "ttr-scorer-ticket-search")
        self.add_button = _styled(widgets.Button(description="Add", icon="plus",
                                                 layout=widgets.Layout(width="95px")),
                                  "ttr-scorer-ticket-add")
        self.tickets = _styled(widgets.Select(rows=5, layout=widgets.Layout(width="315px")),
                               "ttr-scorer-tickets")
        self.remove_button = _styled(widgets.Button(description="Remove", icon="minus",
                                                    layout=widgets.Layout(width="95px")),
                                     "ttr-scorer-ticket-remove")
        self.show = _styled(widgets.ToggleButtons(
            options=[("Longest trail", SHOW_TRAIL), ("Ticket path", SHOW_TICKET)],
            description="On the map", style={"button_width": "120px"}), "ttr-scorer-show")
        self.warehouses = _styled(widgets.Checkbox(description="Warehouses & Depots",
                                                   indent=False,
                                                   layout=widgets.Layout(width="190px")),
                                  "ttr-scorer-warehouses")
        self.depots = _styled(widgets.BoundedIntText(min=0, max=board.rules.depots,
                                                     description="Depots left",
                                                     layout=widgets.Layout(width="160px")),
                              "ttr-scorer-depots")
        self.results = _styled(widgets.HTML(), "ttr-scorer-results")
        self.total = _styled(widgets.HTML(), "ttr-scorer-total")
        self.standings = _styled(widgets.HTML(), "ttr-scorer-standings")
        self.message = _styled(widgets.HTML(), "ttr-scorer-message")
        self._observe_controls()

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

    def _header(self) -> widgets.Widget:
        return widgets.HBox([self.map_select, self.variant, self.count, self.warehouses,
                             self.upload], layout=widgets.Layout(flex_flow="row wrap"))

    def _side(self) -> widgets.Widget:
        return widgets.VBox([
            self.player,
            widgets.HBox([self.name, self.clear_button, self.depots],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.ticket_search, self.add_button]),
            widgets.HBox([self.tickets, self.remove_button]),
            self.show, self.message, self.total, self.results, self.standings,
        ], layout=widgets.Layout(width=f"{SIDE_WIDTH}px", padding="0 0 0 8px"))

    def _new_view(self, board: Board, names: Sequence[str],
                  colors: Sequence[str] = DEFAULT_PLAYER_COLORS) -> MapView:
        view = MapView(board, player_names=_padded(names, len(colors)), width=self._width,
                       height=self._height, player_colors=colors)
        view.on_route_click(self.toggle_route)
        view.on_city_click(self.toggle_station)
        return view

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
            self.message.value = _note(self._no_single_ticket(ticket.strip()))
            return False
        holder = next((h.name for h in self.position.players if ticket_id in h.tickets), None)
        if holder is not None:  # said with the ticket's cities, not its id
            self.message.value = _note(f"{holder} already holds "
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
        found = [label for label, _id in self.ticket_matches(text)]
        if not found:
            return (f"No ticket names “{text}”: type a city and pick a ticket from the list.")
        shown = "; ".join(found[:6]) + ("; …" if len(found) > 6 else "")
        return (f"{count(len(found), 'ticket')} name “{text}”: {shown}. Pick one from the "
                "list, or type more of it.")

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
                                 f"{self.holding.name}'s routes, tickets and stations are "
                                 "cleared.")

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
            self.message.value = _note("A team game keeps its teams: choose a map to start "
                                       "a new table, or load another game.")
            self._sync_controls()
            return False
        players = self.position.players[:count]
        taken = {h.name for h in players}
        fresh = (n for n in _default_names(5 + count) if n not in taken)
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
        self._load(game.position, _loaded_text(game), game.teams)
        return True

    def load_game(self, game: LoadedGame) -> bool:
        problem = check_position(game.position, source=game.source or "position")
        if problem is not None:
            names = tuple(h.name for h in game.position.players)
            self.message.value = refusal_html(problem, names, source=game.source or "position",
                                              heading="Not loaded.")
            return False
        self.longest_bonus = game.longest_bonus
        self._load(game.position, _loaded_text(game))
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
            self.message.value = _note(done)
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
            self.message.value = _note(done)

    def _ticket_id(self, text: str) -> str | None:
        """The one ticket ``text`` names: its label in the list, its id, or any part of its
        label (a city) that only one ticket has; None otherwise (``ticket_matches`` lists)."""
        text = text.strip()
        if text in self.board.ticket_by_id:
            return text
        for label, ticket_id in self._ticket_labels():
            if label == text or ticket_id.lower() == text.lower():
                return ticket_id
        found = self.ticket_matches(text)
        return found[0][1] if len(found) == 1 else None

    def ticket_matches(self, text: str) -> list[tuple[str, str]]:
        """The tickets of the list (label, id) whose label contains ``text``, ignoring case,
        accents and dashes: 'seattle' finds every Seattle ticket, 'zurich' Zürich's."""
        wanted = _folded(text)
        if not wanted:
            return []
        return [(label, ticket_id) for label, ticket_id in self._ticket_labels()
                if wanted in _folded(label)]

    def _ticket_labels(self) -> list[tuple[str, str]]:
        deck = ticket_deck(self.board, self.position.variant)
        return [(ticket_text(self.board, t.id), t.id)
                for t in self.board.tickets if deck.admits(t)]

    def _remove_selected(self) -> None:
        if self.tickets.value is None:
            self.message.value = _note("Select one of the tickets to remove it.")
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
        self.results.value = self._results_html(score)
        self.total.value = (f"<div style='font-size:18px;margin:4px 0'><b>"
                            f"{html.escape(score.name)}: {score.total} points</b></div>")
        self.standings.value = _standings_html(self.sheet)

    def _team(self) -> int:
        """The selected player's team (an index into ``teams``)."""
        return next(t for t, team in enumerate(self.teams) if self.holding.name in team)

    def _render_team(self, sheet: TeamSheet) -> None:
        team = sheet.teams[self._team()]
        holdings = team_holdings(self.position, self.teams)
        self.results.value = team_results_html(self.board, sheet, holdings, self._team())
        self.total.value = (f"<div style='font-size:18px;margin:4px 0'><b>"
                            f"{html.escape(team.name)}: {team.total} points</b></div>")
        self.standings.value = team_standings_html(sheet)

    def _ticket_results(self, score: PlayerScore) -> tuple[TicketResult, ...]:
        """The selected player's tickets, hit or missed: in a team game against both
        teammates' routes (rule team.score-tickets)."""
        if self.team_sheet is None:
            return score.tickets
        mine = set(self.holding.tickets)
        return tuple(t for t in self.team_sheet.teams[self._team()].tickets if t.id in mine)

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
            self.view.player_names = _padded(self.names, len(self.view.player_colors))

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

    def _results_html(self, score: PlayerScore) -> str:
        board = self.board
        lines = [f"<div><b>Tickets</b>: {score.tickets_completed} of {len(score.tickets)} "
                 f"completed, <b>{score.ticket_points:+d}</b></div>"]
        if not score.tickets:
            lines.append(_muted("no tickets yet: type a city above and press Add"))
        for t in score.tickets:
            mark, word, colour = ("✔", "hit", "#1d5a2c") if t.completed else \
                ("✘", "miss", "#8a1c12")
            via = " (through a station)" if t.borrowed else ""
            lines.append(f"<div class='ttr-ticket-{word}' style='color:{colour}'>{mark} {word} "
                         f"{html.escape(board.ticket(t.id).cities_label)}: {t.points:+d}{via}"
                         "</div>")
        lines.append(f"<div><b>Routes</b>: {score.routes_claimed} claimed, {score.trains_used} "
                     f"trains, <b>{score.route_points:+d}</b></div>")
        if board.has_stations:
            unused = board.rules.stations - score.stations_built
            lines.append(f"<div><b>Stations</b>: {score.stations_built} built, {unused} unused "
                         f"× {board.rules.unused_station_points}, "
                         f"<b>{score.station_points:+d}</b></div>")
            lines += [f"<div class='ttr-borrow'>&nbsp;&nbsp;{html.escape(_borrow_text(board, b))}"
                      "</div>" for b in score.borrowings]
        cities = " – ".join(city_label(board, c) for c in score.longest_trail_cities)
        bonus = (f", holds the {html.escape(bonus_name(board.rules))}, "
                 f"<b>{score.longest_bonus:+d}</b>" if score.longest_bonus else "")
        lines.append(f"<div class='ttr-trail'><b>Longest trail</b>: {score.longest_trail} "
                     f"spaces{bonus}</div>")
        if cities:
            lines.append(_muted(html.escape(cities)))
        if self.sheet.warehouses:
            lines.append(f"<div><b>Depots</b>: {self.holding.depots_left} left, "
                         f"<b>{score.depot_bonus:+d}</b></div>")
        return "<div style='font-size:13px;line-height:1.45'>" + "".join(lines) + "</div>"


# ----------------------------------------------------------------------------- text helpers


def _styled(widget: widgets.DOMWidget, css_class: str) -> Any:
    widget.add_class(css_class)
    return widget


def _default_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    return tuple(players)


def _padded(names: Sequence[str], colors: int = len(DEFAULT_PLAYER_COLORS)) -> tuple[str, ...]:
    """One name per player colour (``colors`` of them), as the board wants."""
    extra = (f"player {i + 1}" for i in range(len(names), colors))
    return (*names, *extra)[:colors]


def city_label(board: Board, name: str) -> str:
    """A city's name as the board prints it."""
    return board.city_label(name)


def route_text(board: Board, route_id: str) -> str:
    """``Denver–Santa Fe (2 gray)``: the cities as the board spells them, length and colour."""
    return str(board.route(route_id))


def ticket_text(board: Board, ticket_id: str) -> str:
    """``Denver–El Paso (4 points)``: the cities and the ticket's value."""
    ticket = board.ticket(ticket_id)
    return f"{ticket.cities_label} ({count(ticket.points, 'point')})"


def _folded(text: str) -> str:
    """Text for a search: case, accents and dashes ignored ('zurich' finds 'Zürich')."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.casefold())
                    if not unicodedata.combining(c))
    return " ".join(plain.replace("–", " ").replace("-", " ").split())


def _borrow_text(board: Board, borrow: Any) -> str:
    if borrow.route is None:
        return f"station in {city_label(board, borrow.city)}: no other player's route to borrow"
    return (f"station in {city_label(board, borrow.city)} borrows "
            f"{route_text(board, borrow.route)} from {borrow.owner}")


def _loaded_text(game: LoadedGame | LoadedTeamGame) -> str:
    position = game.position
    state = "finished" if game.finished else "unfinished (scored as it stands)"
    what = {"record": "game record", "team position": "team game"}.get(game.kind, "position")
    text = (f"Loaded {game.source or 'a game'}: a {state} {len(position.players)}-player "
            f"{map_title(position.board.name)} {what}.")
    return f"{text} {game.description}" if game.description else text


def map_title(map_name: str) -> str:
    """``USA``, ``Europe``: a built-in map's name as people write it."""
    return map_name.upper() if len(map_name) <= 3 else map_name.title()


def _standings_html(sheet: ScoreSheet) -> str:
    ranked = sorted(sheet.players, key=lambda p: -p.total)
    scores = " · ".join(f"{html.escape(p.name)} {p.total}" for p in ranked)
    return (f"<div style='margin-top:4px'><b>Standings</b>: {scores}<br>"
            f"<span class='ttr-scorer-winner'>★ {html.escape(sheet.reason)}</span></div>")


def _note(text: str) -> str:
    return f"<div style='color:#444'>{html.escape(text)}</div>"


def _muted(text: str) -> str:
    return f"<div style='color:#777'>{text}</div>"
