"""The Tables page: make a shared table and hand its link out, and see the tables of this
server (``ttr_widgets.tables``). The form alone, ``TableMaker``, sits in the play app's Game tab
too, with "Sit at it here".

A table is made with a map, a ticket variant, team play or not, its seats (each open for a
person, or taken by a bot of a level) and how long a person may be away before the table's bot
plays for them. Its link is the play page's address with ``?table=NAME``: whoever opens it takes
an open seat with a name, or watches when every seat is taken. Outside ``ttr serve`` (JupyterLab,
Binder) there are no shared tables, and the page says so.

The page's words are the reader's language's (``rules.i18n``); a served page learns it from
its address after it is built (``PageAddress``) and tells its words again (``relabel``).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ttr_widgets.bots import LEVELS
from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.teams import PLAYERS as TEAM_SIZES
from ttr_widgets.rules.teams import map_refusal
from ttr_widgets.rules.variants import VARIANTS, variant_names
from ttr_widgets.rules.words import map_title
from ttr_widgets.tables.client import TableClientError, status_words
from ttr_widgets.widgets.table.address import PageAddress
from ttr_widgets.widgets.table.shared import (
    list_tables,
    make_table,
    table_link,
    tables_here,
)

__all__ = ["PERSON", "TableMaker", "TablesPage", "seat_choices"]

PERSON = "person"  #: a seat open for a person


#: the bots' levels and kinds as a seat's list names them (``bots.LEVELS``' words)
_LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
_KIND_WORDS = {"random": N_("random bot"), "greedy": N_("greedy bot"),
               "strong": N_("strong bot")}


def seat_choices() -> list[tuple[str, str]]:
    """What a seat may be: open for a person, or a bot of a level ('hard: strong bot')."""
    return [(_("open for a person"), PERSON),
            *((_("{level}: {bot}").format(level=_(_LEVEL_WORDS.get(level, level)),
                                          bot=_(_KIND_WORDS.get(kind, kind))), kind)
              for kind, (level, _what) in LEVELS.items())]


class TableMaker(widgets.VBox):
    """The form that makes a table (``make``) and shows its link; with ``on_sit``, a button
    to sit at it on this page (``on_sit(name)``); ``on_made(table)`` after each table made."""

    def __init__(self, on_sit: Callable[[str], object] | None = None,
                 on_made: Callable[[dict[str, Any]], object] | None = None) -> None:
        self._on_sit, self._on_made = on_sit, on_made
        self.table_name = ""
        self.map = widgets.Dropdown(options=[(map_title(m), m) for m in BUILTIN_MAPS
                                             if m != "mini"])
        self.map.add_class("ttr-tables-map")
        self.variant = widgets.Dropdown()
        self.variant.add_class("ttr-tables-variant")
        self.teams = widgets.Checkbox(value=False, indent=False)
        self.teams.add_class("ttr-tables-teams")
        self.count = widgets.Dropdown()
        self.count.add_class("ttr-tables-count")
        self.seat_boxes = [widgets.Dropdown(options=seat_choices(), value=PERSON,
                                            layout=widgets.Layout(width="260px"))
                           for i in range(6)]
        for box in self.seat_boxes:
            box.add_class("ttr-tables-seat")
        self.takeover = widgets.BoundedIntText(value=60, min=0, max=3600,
                                               layout=widgets.Layout(width="170px"))
        self.takeover_unit = widgets.HTML()
        self.takeover.add_class("ttr-tables-takeover")
        self.make_button = widgets.Button(button_style="info", icon="plus")
        self.make_button.add_class("ttr-tables-make")
        self.made = widgets.HTML()
        self.made.add_class("ttr-tables-made")
        self.link_box = widgets.Text(disabled=False,
                                     layout=widgets.Layout(width="100%", display="none"))
        self.link_box.add_class("ttr-tables-link")
        self.sit_button = widgets.Button(icon="sign-in", layout=widgets.Layout(display="none"))
        self.sit_button.add_class("ttr-tables-sit")
        self.map.observe(lambda _c: self._map_changed(), "value")
        self.teams.observe(lambda _c: self._sizes(), "value")
        self.count.observe(lambda _c: self._show_seats(), "value")
        self.make_button.on_click(lambda _b: self.make())
        self.sit_button.on_click(lambda _b: self._sit())
        self.seats = widgets.VBox()
        self.intro = widgets.HTML()
        self._label()
        self._map_changed()
        super().__init__([
            self.intro, widgets.HBox([self.map, self.variant]),
            widgets.HBox([self.teams, self.count]), self.seats,
            widgets.HBox([self.takeover, self.takeover_unit]), self.make_button,
            self.made, self.link_box, self.sit_button])
        self.add_class("ttr-tables")
        self._check_served()

    def _check_served(self) -> None:
        """Outside ``ttr serve`` there are no shared tables: say so, and make none."""
        try:
            tables_here()
        except TableClientError as exc:
            self.made.value = f"<i>{html.escape(_(str(exc)))}</i>"
            self.make_button.disabled = True

    # -- the form's words

    def _label(self) -> None:
        """The form's fixed words in the language now."""
        self.intro.value = _(
            "<b>Play with people at other screens</b> — make a table: choose its game and its "
            "seats, then hand out its link. Whoever opens it takes an open seat with a name, "
            "or watches when every seat is taken.")
        self.map.description = _("Map")
        self.variant.description = _("Tickets")
        self.teams.description = _("Team game (teams of 2)")
        self.count.description = _("Seats")
        self.takeover.description = _("Bot after")
        self.takeover.tooltip = _("Seconds a person may be away before the table's bot plays "
                                  "for them")
        self.takeover_unit.value = html.escape(
            _("seconds away (the table's bot plays until they are back)"))
        self.make_button.description = _("Make the table")
        self.link_box.description = _("Link")
        self.sit_button.description = _("Sit at it here")

    def relabel(self) -> None:
        """Every word of the form again in the language now: its fixed words, the seats'
        lists and names, the variants; a table's note, told in the old language, is cleared
        (its link stays)."""
        self._label()
        for box in self.seat_boxes:
            kept = box.value
            box.options = seat_choices()
            box.value = kept
        variant = self.variant.value
        self._map_changed()
        self.variant.value = variant
        self.made.value = ""
        self._check_served()

    # -- the form

    def _map_changed(self) -> None:
        board = load_map(self.map.value)
        self.variant.options = [(VARIANTS[v].title if v in VARIANTS else _("the map's own"), v)
                                for v in variant_names(board)]
        self.variant.value = "base"
        fits_teams = map_refusal(board) is None
        self.teams.disabled = not fits_teams
        if not fits_teams:
            self.teams.value = False
        self._sizes()

    def _sizes(self) -> None:
        board = load_map(self.map.value)
        rules = board.rules
        sizes = TEAM_SIZES if self.teams.value else tuple(
            range(rules.players_min, rules.players_max + 1))
        self.variant.disabled = self.teams.value
        keep = self.count.value if self.count.value in sizes else sizes[0]
        self.count.options = [(str(n), n) for n in sizes]
        self.count.value = keep
        self._show_seats()

    def _show_seats(self) -> None:
        n = self.count.value or 0
        if self.teams.value:
            for i, box in enumerate(self.seat_boxes):
                box.description = _("Team {team}, seat {seat}").format(team=i // 2 + 1,
                                                                       seat=i + 1)
        else:
            for i, box in enumerate(self.seat_boxes):
                box.description = _("Seat {seat}").format(seat=i + 1)
        self.seats.children = self.seat_boxes[:n]

    def settings(self) -> dict[str, Any]:
        """The table the form describes, as the service takes it."""
        n = self.count.value
        bots = [None if box.value == PERSON else box.value for box in self.seat_boxes[:n]]
        settings: dict[str, Any] = {"map": self.map.value, "seats": n,
                                    "teams": bool(self.teams.value),
                                    "takeover": int(self.takeover.value), "bots": bots}
        if self.variant.value != "base" and not self.teams.value:
            settings["variant"] = self.variant.value
        return settings

    def make(self) -> dict[str, Any] | None:
        """Make the table the form describes and show its link; None (and why) if refused."""
        settings = self.settings()
        if all(b is not None for b in settings["bots"]):
            self.made.value = ("<span style='color:#8a1c12'>"
                               + html.escape(_("Every seat is a bot: leave at least one open "
                                               "for a person.")) + "</span>")
            return None
        try:
            table = make_table(settings)
        except TableClientError as exc:
            self.made.value = f"<span style='color:#8a1c12'>{html.escape(str(exc))}</span>"
            return None
        link = table_link(table["name"])
        self.table_name = table["name"]
        people = sum(b is None for b in settings["bots"])
        opener = html.escape(_("open the table"))
        ready = ngettext(
            "Table {name} is ready: {map}, {n} seat for people. Copy the link below and hand "
            "it out, or {open}.",
            "Table {name} is ready: {map}, {n} seats for people. Copy the link below and hand "
            "it out, or {open}.", people).format(
                name=f"<b>{html.escape(table['name'])}</b>",
                map=html.escape(map_title(table["map"])), n=people,
                open=f"<a href='{html.escape(link)}' target='_blank'>"
                     f"{opener}</a>")
        self.made.value = f"<div class='ttr-tables-new'>{ready}</div>"
        self.link_box.value = link
        self.link_box.layout.display = None
        if self._on_sit is not None:
            self.sit_button.layout.display = None
        if self._on_made is not None:
            self._on_made(table)
        return table

    def _sit(self) -> None:
        if self._on_sit is not None and self.table_name:
            self._on_sit(self.table_name)


class TablesPage(widgets.VBox):
    """Make a table (``maker``), and the tables of this server (``refresh``)."""

    def __init__(self) -> None:
        self.maker = TableMaker(on_made=lambda _table: self.refresh())
        self.refresh_button = widgets.Button(icon="refresh")
        self.refresh_button.add_class("ttr-tables-refresh")
        self.listing = widgets.HTML()
        self.listing.add_class("ttr-tables-list")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.heading = widgets.HTML()
        self.address = PageAddress("Tables")  # the page's language, told late
        super().__init__([self.address, self.maker, self.heading, self.refresh_button,
                          self.listing])
        self.add_class("ttr-tables-page")
        self._label()
        if self.maker.make_button.disabled:
            self.refresh_button.disabled = True
        else:
            self.refresh()
        i18n.on_change(self._language_changed)

    def _label(self) -> None:
        self.heading.value = "<b>" + html.escape(_("Tables on this server")) + "</b>"
        self.refresh_button.description = _("Refresh")

    def relabel(self) -> None:
        """Every word of the page again in the language now: the form's, the list's."""
        self.maker.relabel()
        self._label()
        if not self.maker.make_button.disabled:
            self.refresh()

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    def make(self) -> dict[str, Any] | None:
        return self.maker.make()

    def settings(self) -> dict[str, Any]:
        return self.maker.settings()

    def refresh(self) -> None:
        try:
            tables = list_tables()
        except TableClientError as exc:
            self.listing.value = f"<i>{html.escape(str(exc))}</i>"
            return
        if not tables:
            self.listing.value = "<i>" + html.escape(_("No table yet.")) + "</i>"
            return
        rows = []
        teams = html.escape(_(" (teams)"))
        for table in tables:
            link = table_link(table["name"])
            seats = ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken",
                             len(table["seats"])).format(taken=table["taken"],
                                                         n=len(table["seats"]))
            people = ", ".join(html.escape(s["name"]) for s in table["seats"] if s["name"])
            rows.append(
                f"<tr><td><a href='{html.escape(link)}' target='_blank'><b>"
                f"{html.escape(table['name'])}</b></a></td>"
                f"<td>{html.escape(map_title(table['map']))}"
                f"{teams if table['teams'] else ''}</td><td>{seats}</td>"
                f"<td>{html.escape(status_words(table['status']))}</td><td>{people}</td></tr>")
        heads = "".join(f"<th>{html.escape(head)}</th>" for head in (
            _("table"), _("map"), _("seats"), _("now"), _("players")))
        self.listing.value = (
            "<table class='ttr-tables-rows' style='font-size:13px;border-collapse:collapse'>"
            f"<tr>{heads}</tr>" + "".join(rows) + "</table>")
