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
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.maps import BUILTIN_MAPS
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.record import LoadedGame
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet, TicketResult
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.rules.words import bonus_name, map_title, route_label
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.players import deck_words as deck_words  # its home
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
                 heading: str | None = None) -> str:
    """A refusal for people: the core's sentence with places like ``players[1].routes[3]``
    written as the player's name (``names`` in the order checked), routes and tickets by their
    names, not their ids, and each rule it cites behind a "why?" (the rule's id and sentence).
    ``heading``: the word before it (default "Refused.", in the reader's language)."""
    heading = _("Refused.") if heading is None else heading
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
    return names[index] if 0 <= index < len(names) else _("player {n}").format(n=index + 1)


# ----------------------------------------------------------------------------- the side panel


def results_html(board: Board, score: PlayerScore, depots_left: int | None = None, *,
                 globetrotter: bool = False) -> str:
    """The selected player's side panel: every ticket hit or missed, routes, stations and
    their borrowings, the longest trail with its cities and bonus, the Globetrotter (a game
    that plays it: ``globetrotter``) and (with Warehouses & Depots: ``depots_left`` not None)
    the Depots left."""
    lines = [line(_("Tickets"), ngettext(
        "{done} of {n} completed", "{done} of {n} completed", len(score.tickets)).format(
            done=score.tickets_completed, n=len(score.tickets)), score.ticket_points)]
    if not score.tickets:
        lines.append(muted(html.escape(_("no tickets yet: type a city above and press Add"))))
    lines += [ticket_line(board, t) for t in score.tickets]
    lines.append(line(_("Routes"), ngettext(
        "{n} claimed, {trains} trains", "{n} claimed, {trains} trains",
        score.routes_claimed).format(n=score.routes_claimed, trains=score.trains_used),
        score.route_points))
    if board.has_stations:
        unused = board.rules.stations - score.stations_built
        lines.append(line(_("Stations"), ngettext(
            "{built} built, {unused} unused × {points}",
            "{built} built, {unused} unused × {points}", score.stations_built).format(
                built=score.stations_built, unused=unused,
                points=board.rules.unused_station_points), score.station_points))
        lines += [f"<div class='ttr-borrow'>&nbsp;&nbsp;{html.escape(borrow_text(board, b))}"
                  "</div>" for b in score.borrowings]
    cities = " – ".join(city_label(board, c) for c in score.longest_trail_cities)
    spaces = ngettext("{n} space", "{n} spaces", score.longest_trail).format(
        n=score.longest_trail)
    if score.longest_bonus:
        spaces = _("{spaces}, holds the {bonus}").format(spaces=spaces,
                                                         bonus=bonus_name(board.rules))
    lines.append(line(_("Longest trail"), spaces,
                      score.longest_bonus if score.longest_bonus else None, "ttr-trail"))
    if cities:
        lines.append(muted(html.escape(cities)))
    if globetrotter:
        done = score.tickets_completed
        said = (ngettext("{n} ticket completed, the most", "{n} tickets completed, the most",
                         done) if score.globetrotter_bonus else
                ngettext("{n} ticket completed, not the most",
                         "{n} tickets completed, not the most", done)).format(n=done)
        lines.append(line(_("Globetrotter"), said, score.globetrotter_bonus,
                          "ttr-globetrotter"))
    if depots_left is not None:
        lines.append(line(_("Depots"), ngettext("{n} left", "{n} left", depots_left).format(
            n=depots_left), score.depot_bonus))
    return "<div style='font-size:13px;line-height:1.45'>" + "".join(lines) + "</div>"


def ticket_line(board: Board, ticket: TicketResult) -> str:
    """'✔ hit Denver–El Paso: +4 (through a station)', '✘ miss …: -9'."""
    mark, word, colour = ("✔", "hit", "#1d5a2c") if ticket.completed else \
        ("✘", "miss", "#8a1c12")
    said = _("hit") if ticket.completed else _("miss")
    via = _(" (through a station)") if ticket.borrowed else ""
    return (f"<div class='ttr-ticket-{word}' style='color:{colour}'>{mark} {said} "
            f"{html.escape(board.ticket(ticket.id).cities_label)}: {ticket.points:+d}"
            f"{html.escape(via)}</div>")


def line(title: str, said: str, points: int | None = None, css_class: str = "") -> str:
    """One line of the side panel: '<b>Routes</b>: 5 claimed, 17 trains, <b>+32</b>'."""
    shown = f", <b>{points:+d}</b>" if points is not None else ""
    klass = f" class='{css_class}'" if css_class else ""
    told = _("{title}: {said}").format(title=f"<b>{html.escape(title)}</b>",
                                         said=html.escape(said))
    return f"<div{klass}>{told}{shown}</div>"


def total_html(name: str, total: int) -> str:
    """The big line over the panel: whose score (a player's or a team's) and its total."""
    said = ngettext("{name}: {n} point", "{name}: {n} points", total).format(name=name, n=total)
    return f"<div style='font-size:18px;margin:4px 0'><b>{html.escape(said)}</b></div>"


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
        return _("No ticket names “{text}”: type a city and pick a ticket from the "
                 "list.").format(text=text)
    shown = "; ".join(found[:6]) + ("; …" if len(found) > 6 else "")
    return ngettext("{n} ticket names “{text}”: {shown}. Pick it from the list.",
                    "{n} tickets name “{text}”: {shown}. Pick one from the list, or type "
                    "more of it.", len(found)).format(n=len(found), text=text, shown=shown)


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
                     if name != "mini"], value=board.name,
            layout=widgets.Layout(width="160px")), "ttr-scorer-map")
        self.variant = styled(widgets.Dropdown(layout=widgets.Layout(width="330px"),
                                               style={"description_width": "initial"}),
                              "ttr-scorer-variant")  # 'Destinations' in full
        self.longest = styled(widgets.Checkbox(description=bonus_name(board.rules),
                                               indent=False,
                                               layout=widgets.Layout(width="auto")),
                              "ttr-scorer-longest")
        self.count = styled(widgets.Dropdown(layout=widgets.Layout(width="150px")),
                            "ttr-scorer-count")
        self.upload = styled(widgets.FileUpload(accept=".json", multiple=False,
                                                layout=widgets.Layout(width="auto")),
                             "ttr-scorer-upload")  # 'Charger une partie…' in full
        self.player = styled(widgets.ToggleButtons(style={"button_width": "auto"}),
                             "ttr-scorer-player")
        self.name = styled(widgets.Text(continuous_update=False,
                                        layout=widgets.Layout(width="250px")),
                           "ttr-scorer-name")
        self.clear_button = styled(widgets.Button(icon="eraser",
                                                  layout=widgets.Layout(width="90px")),
                                   "ttr-scorer-clear")
        self.ticket_search = styled(widgets.Combobox(
            layout=widgets.Layout(width="315px")), "ttr-scorer-ticket-search")
        self.add_button = styled(widgets.Button(icon="plus",
                                                layout=widgets.Layout(width="95px")),
                                 "ttr-scorer-ticket-add")
        self.tickets = styled(widgets.Select(rows=5,
                                             layout=widgets.Layout(width="315px")),
                              "ttr-scorer-tickets")
        self.remove_button = styled(widgets.Button(icon="minus",
                                                   layout=widgets.Layout(width="95px")),
                                    "ttr-scorer-ticket-remove")
        self.show = styled(widgets.ToggleButtons(options=[("", SHOW_TRAIL), ("", SHOW_TICKET)],
                                                 style={"button_width": "120px"}),
                           "ttr-scorer-show")
        self.warehouses = styled(widgets.Checkbox(indent=False,
                                                  layout=widgets.Layout(width="190px")),
                                 "ttr-scorer-warehouses")
        self.depots = styled(widgets.BoundedIntText(min=0, max=board.rules.depots,
                                                    layout=widgets.Layout(width="160px")),
                             "ttr-scorer-depots")
        self.results = styled(widgets.HTML(), "ttr-scorer-results")
        self.total = styled(widgets.HTML(), "ttr-scorer-total")
        self.standings = styled(widgets.HTML(), "ttr-scorer-standings")
        self.message = styled(widgets.HTML(), "ttr-scorer-message")
        self._label_controls()

    def _label_controls(self) -> None:
        """The controls' words in the reader's language (again when it changes: the caller
        keeps the controls' edits quiet meanwhile)."""
        self.map_select.description = _("Map")
        self.variant.description = _("Tickets")
        self.count.description = _("Players")
        self.upload.description = _("Load game…")
        self.name.description = _("Name")
        self.clear_button.description = _("Clear")
        self.clear_button.tooltip = _("remove this player's routes, tickets and stations")
        self.ticket_search.placeholder = _("type a city, then pick a ticket")
        self.ticket_search.description = _("Ticket")
        self.add_button.description = _("Add")
        self.tickets.description = _("Added")
        self.remove_button.description = _("Remove")
        showing = self.show.value
        self.show.options = [(_("Longest trail"), SHOW_TRAIL), (_("Ticket path"), SHOW_TICKET)]
        self.show.value = showing
        self.show.description = _("On the map")
        self.warehouses.description = _("Warehouses & Depots")
        self.depots.description = _("Depots left")

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
        return tuple(default_name(i) for i in range(players))
    return tuple(players)


def default_name(seat: int) -> str:
    """A seat's name until a person types one: 'Player 1' ('Joueur 1')."""
    return _("Player {n}").format(n=seat + 1)


def city_label(board: Board, name: str) -> str:
    """A city's name as the board prints it."""
    return board.city_label(name)


def route_text(board: Board, route_id: str) -> str:
    """``Denver–Santa Fe (2 gray)``: the cities as the board spells them, length and colour
    (in the reader's language: 'Denver–Santa Fe (2, gris)')."""
    return route_label(board.route(route_id))


def ticket_text(board: Board, ticket_id: str) -> str:
    """``Denver–El Paso (4 points)``: the cities and the ticket's value."""
    ticket = board.ticket(ticket_id)
    return ngettext("{cities} ({n} point)", "{cities} ({n} points)", ticket.points).format(
        cities=ticket.cities_label, n=ticket.points)


def folded(text: str) -> str:
    """Text for a search: case, accents and dashes ignored ('zurich' finds 'Zürich')."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.casefold())
                    if not unicodedata.combining(c))
    return " ".join(plain.replace("–", " ").replace("-", " ").split())


def borrow_text(board: Board, borrow: Any) -> str:
    city = city_label(board, borrow.city)
    if borrow.route is None:
        return _("station in {city}: no other player's route to borrow").format(city=city)
    return _("station in {city} borrows {route} from {owner}").format(
        city=city, route=route_text(board, borrow.route), owner=borrow.owner)


#: what a loaded file held: (its kind, a team game) → the words for it, finished or not
_LOADED = {
    ("record", False): (N_("Loaded {source}: a finished {n}-player {map} game record."),
                        N_("Loaded {source}: an unfinished (scored as it stands) {n}-player "
                           "{map} game record.")),
    ("position", False): (N_("Loaded {source}: a finished {n}-player {map} position."),
                          N_("Loaded {source}: an unfinished (scored as it stands) {n}-player "
                             "{map} position.")),
    ("record", True): (N_("Loaded {source}: a finished {n}-player {map} team game record."),
                       N_("Loaded {source}: an unfinished (scored as it stands) {n}-player "
                          "{map} team game record.")),
    ("position", True): (N_("Loaded {source}: a finished {n}-player {map} team game."),
                         N_("Loaded {source}: an unfinished (scored as it stands) {n}-player "
                            "{map} team game.")),
}


def loaded_text(game: LoadedGame) -> str:
    """What was loaded: 'Loaded usa.json: a finished 2-player USA position.' and the file's
    own description, if it has one (as written in the file)."""
    position = game.position
    kind = "record" if game.kind == "record" else "position"
    finished, unfinished = _LOADED[kind, bool(position.teams)]
    text = _(finished if game.finished else unfinished).format(
        source=game.source or _("a game"), n=len(position.players),
        map=map_title(position.board.name))
    return f"{text} {game.description}" if game.description else text


def standings_html(sheet: ScoreSheet) -> str:
    ranked = sorted(sheet.players, key=lambda p: -p.total)
    scores = " · ".join(f"{html.escape(p.name)} {p.total}" for p in ranked)
    title = html.escape(_("Standings"))
    standings = _("{title}: {said}").format(title=f"<b>{title}</b>", said=scores)
    return (f"<div style='margin-top:4px'>{standings}<br>"
            f"<span class='ttr-scorer-winner'>★ {html.escape(sheet.reason)}</span></div>")


def note(text: str) -> str:
    return f"<div style='color:#444'>{html.escape(text)}</div>"


def muted(text: str) -> str:
    return f"<div style='color:#777'>{text}</div>"
