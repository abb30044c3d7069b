"""What the ticket scorer shows: its controls laid out, the side panel's HTML, and every
sentence it writes (refusals in plain words with the rule behind a "why?", tickets, routes,
borrowings, standings). ``scorer.TicketScorer`` holds the game and its edits; this module turns
them into text and widgets. The names are importable from ``widgets.scorer`` too."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.maps import BUILTIN_MAPS
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.record import LoadedGame
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.rules.words import bonus_name, count, map_title
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.status import why_html

SHOW_TRAIL, SHOW_TICKET = "trail", "ticket"
SIDE_WIDTH = 430  #: px beside the 900 px board: the page fits a 1366 px laptop screen


# ----------------------------------------------------------------------------- refusals


_PLACE = re.compile(r"players\[(\d+)\](?:\.[a-z_]+(?:\[\d+\])?)?: ")
_RULE = re.compile(r" ?\(rule ([a-z0-9.-]+)\)")
#: a route or ticket as a file's refusal names it: "route 'usa-031' (Denver–Helena, 4 red)"
_NAMED = re.compile(r"\b(route|ticket) '[^']*' \(([^,()]+), ([^()]+)\)")
#: a variant as the core names it ("but in the usa-1910 and usa-mega decks"), longest first
_VARIANT = re.compile(r"\b(" + "|".join(re.escape(name) for name in
                                        sorted(VARIANTS, key=len, reverse=True)) + r")\b")


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
    owned by Ann."): no field path, no id, no rule id, variants by their titles ("but in the
    Mega Game deck")."""
    text = str(error)
    if text.startswith(f"{source}: "):
        text = text[len(source) + 2:]
    text = _PLACE.sub(lambda m: f"{_name_at(names, int(m[1]))}: ", text)
    text = _NAMED.sub(r"the \1 \2 (\3)", text)
    text = _VARIANT.sub(lambda m: VARIANTS[m[1]].title, text)
    text = _RULE.sub("", text).strip()
    return text if text.endswith((".", "?", "!")) else f"{text}."


def refusal_rules(error: Exception) -> list[str]:
    """The ids of the rules a refusal cites, in order, each once."""
    return [rule for rule in dict.fromkeys(_RULE.findall(str(error))) if rule in RULES]


def _name_at(names: Sequence[str], index: int) -> str:
    return names[index] if 0 <= index < len(names) else f"player {index + 1}"


# ----------------------------------------------------------------------------- the side panel


def results_html(board: Board, score: PlayerScore, depots_left: int | None = None, *,
                 globetrotter: bool = False) -> str:
    """The selected player's side panel: every ticket hit or missed, routes, stations and
    their borrowings, the longest trail with its cities and bonus, the Globetrotter (a game
    that plays it: ``globetrotter``) and (with Warehouses & Depots: ``depots_left`` not None)
    the Depots left."""
    lines = [f"<div><b>Tickets</b>: {score.tickets_completed} of {len(score.tickets)} "
             f"completed, <b>{score.ticket_points:+d}</b></div>"]
    if not score.tickets:
        lines.append(muted("no tickets yet: type a city above and press Add"))
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
        lines += [f"<div class='ttr-borrow'>&nbsp;&nbsp;{html.escape(borrow_text(board, b))}"
                  "</div>" for b in score.borrowings]
    cities = " – ".join(city_label(board, c) for c in score.longest_trail_cities)
    bonus = (f", holds the {html.escape(bonus_name(board.rules))}, "
             f"<b>{score.longest_bonus:+d}</b>" if score.longest_bonus else "")
    lines.append(f"<div class='ttr-trail'><b>Longest trail</b>: {score.longest_trail} "
                 f"spaces{bonus}</div>")
    if cities:
        lines.append(muted(html.escape(cities)))
    if globetrotter:
        done = count(score.tickets_completed, "ticket")
        lines.append(f"<div class='ttr-globetrotter'><b>Globetrotter</b>: {done} completed, "
                     + ("the most, " if score.globetrotter_bonus else "not the most, ")
                     + f"<b>{score.globetrotter_bonus:+d}</b></div>")
    if depots_left is not None:
        lines.append(f"<div><b>Depots</b>: {depots_left} left, "
                     f"<b>{score.depot_bonus:+d}</b></div>")
    return "<div style='font-size:13px;line-height:1.45'>" + "".join(lines) + "</div>"


def total_html(name: str, total: int) -> str:
    """The big line over the panel: whose score (a player's or a team's) and its total."""
    return (f"<div style='font-size:18px;margin:4px 0'><b>"
            f"{html.escape(name)}: {total} points</b></div>")


# ----------------------------------------------------------------------------- ticket search


def named_ticket(labels: Sequence[tuple[str, str]], text: str) -> str | None:
    """The one ticket ``text`` names among ``labels`` (label, id): its label, its id, or any
    part of its label (a city) that only one ticket has; None otherwise."""
    text = text.strip()
    for label, ticket_id in labels:
        if label == text or ticket_id.lower() == text.lower():
            return ticket_id
    found = matching_tickets(labels, text)
    return found[0][1] if len(found) == 1 else None


def matching_tickets(labels: Sequence[tuple[str, str]], text: str) -> list[tuple[str, str]]:
    """The tickets (label, id) whose label contains ``text``, ignoring case, accents and
    dashes: 'seattle' finds every Seattle ticket, 'zurich' Zürich's."""
    wanted = folded(text)
    if not wanted:
        return []
    return [(label, ticket_id) for label, ticket_id in labels if wanted in folded(label)]


def no_single_ticket(text: str, found: Sequence[str]) -> str:
    """Why ``text`` added no ticket: none or several (``found``, their labels) match it."""
    if not found:
        return f"No ticket names “{text}”: type a city and pick a ticket from the list."
    shown = "; ".join(found[:6]) + ("; …" if len(found) > 6 else "")
    return (f"{count(len(found), 'ticket')} name “{text}”: {shown}. Pick one from the "
            "list, or type more of it.")


# ----------------------------------------------------------------------------- the controls


class ScorerLayout:
    """The scorer's controls (``map_select``, ``variant``, ``longest`` (the bonus for the
    longest trail), ``count``, ``upload``, ``player``, ``name``, ``clear_button``,
    ``ticket_search`` + ``add_button``, ``tickets`` + ``remove_button``, ``show``,
    ``warehouses``, ``depots``) and its outputs (``results``, ``total``, ``standings``,
    ``message``), built and laid out; ``TicketScorer`` wires them."""

    board_box: widgets.Box
    _width: int
    _height: int

    def _build_controls(self, board: Board) -> None:
        self.map_select = styled(widgets.Dropdown(
            options=[(map_title(name), name) for name in BUILTIN_MAPS
                     if name != "mini"], value=board.name, description="Map",
            layout=widgets.Layout(width="160px")), "ttr-scorer-map")
        self.variant = styled(widgets.Dropdown(description="Tickets",
                                               layout=widgets.Layout(width="330px")),
                              "ttr-scorer-variant")
        self.longest = styled(widgets.Checkbox(description=bonus_name(board.rules),
                                               indent=False,
                                               layout=widgets.Layout(width="auto")),
                              "ttr-scorer-longest")
        self.count = styled(widgets.Dropdown(description="Players",
                                             layout=widgets.Layout(width="150px")),
                            "ttr-scorer-count")
        self.upload = styled(widgets.FileUpload(accept=".json", multiple=False,
                                                description="Load game…"),
                             "ttr-scorer-upload")
        self.player = styled(widgets.ToggleButtons(style={"button_width": "auto"}),
                             "ttr-scorer-player")
        self.name = styled(widgets.Text(description="Name", continuous_update=False,
                                        layout=widgets.Layout(width="250px")),
                           "ttr-scorer-name")
        self.clear_button = styled(widgets.Button(description="Clear", icon="eraser",
                                                  tooltip="remove this player's routes, "
                                                  "tickets and stations",
                                                  layout=widgets.Layout(width="90px")),
                                   "ttr-scorer-clear")
        self.ticket_search = styled(widgets.Combobox(
            placeholder="type a city, then pick a ticket", description="Ticket",
            layout=widgets.Layout(width="315px")), "ttr-scorer-ticket-search")
        self.add_button = styled(widgets.Button(description="Add", icon="plus",
                                                layout=widgets.Layout(width="95px")),
                                 "ttr-scorer-ticket-add")
        self.tickets = styled(widgets.Select(rows=5, description="Added",
                                             layout=widgets.Layout(width="315px")),
                              "ttr-scorer-tickets")
        self.remove_button = styled(widgets.Button(description="Remove", icon="minus",
                                                   layout=widgets.Layout(width="95px")),
                                    "ttr-scorer-ticket-remove")
        self.show = styled(widgets.ToggleButtons(
            options=[("Longest trail", SHOW_TRAIL), ("Ticket path", SHOW_TICKET)],
            description="On the map", style={"button_width": "120px"}), "ttr-scorer-show")
        self.warehouses = styled(widgets.Checkbox(description="Warehouses & Depots",
                                                  indent=False,
                                                  layout=widgets.Layout(width="190px")),
                                 "ttr-scorer-warehouses")
        self.depots = styled(widgets.BoundedIntText(min=0, max=board.rules.depots,
                                                    description="Depots left",
                                                    layout=widgets.Layout(width="160px")),
                             "ttr-scorer-depots")
        self.results = styled(widgets.HTML(), "ttr-scorer-results")
        self.total = styled(widgets.HTML(), "ttr-scorer-total")
        self.standings = styled(widgets.HTML(), "ttr-scorer-standings")
        self.message = styled(widgets.HTML(), "ttr-scorer-message")

    def _header(self) -> widgets.Widget:
        return widgets.HBox([self.map_select, self.variant, self.count, self.longest,
                             self.warehouses, self.upload],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))

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
                  colors: Sequence[str] | None = None) -> MapView:
        """The board for these players, one colour each (default the players' own colours):
        its key names only the players seated."""
        view = MapView(board, player_names=tuple(names), width=self._width,
                       height=self._height,
                       player_colors=colors or DEFAULT_PLAYER_COLORS[:len(names)])
        view.on_route_click(self.toggle_route)
        view.on_city_click(self.toggle_station)
        return view


# ----------------------------------------------------------------------------- text helpers


def styled(widget: widgets.DOMWidget, css_class: str) -> Any:
    widget.add_class(css_class)
    return widget


def default_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    return tuple(players)


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


def folded(text: str) -> str:
    """Text for a search: case, accents and dashes ignored ('zurich' finds 'Zürich')."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.casefold())
                    if not unicodedata.combining(c))
    return " ".join(plain.replace("–", " ").replace("-", " ").split())


def borrow_text(board: Board, borrow: Any) -> str:
    if borrow.route is None:
        return f"station in {city_label(board, borrow.city)}: no other player's route to borrow"
    return (f"station in {city_label(board, borrow.city)} borrows "
            f"{route_text(board, borrow.route)} from {borrow.owner}")


def loaded_text(game: LoadedGame) -> str:
    position = game.position
    state = "finished" if game.finished else "unfinished (scored as it stands)"
    what = "game record" if game.kind == "record" else "position"
    if position.teams:
        what = "team game record" if game.kind == "record" else "team game"
    text = (f"Loaded {game.source or 'a game'}: a {state} {len(position.players)}-player "
            f"{map_title(position.board.name)} {what}.")
    return f"{text} {game.description}" if game.description else text


def standings_html(sheet: ScoreSheet) -> str:
    ranked = sorted(sheet.players, key=lambda p: -p.total)
    scores = " · ".join(f"{html.escape(p.name)} {p.total}" for p in ranked)
    return (f"<div style='margin-top:4px'><b>Standings</b>: {scores}<br>"
            f"<span class='ttr-scorer-winner'>★ {html.escape(sheet.reason)}</span></div>")


def note(text: str) -> str:
    return f"<div style='color:#444'>{html.escape(text)}</div>"


def muted(text: str) -> str:
    return f"<div style='color:#777'>{text}</div>"
