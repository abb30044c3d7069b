"""Starting a team game from the play app's Game tab (Team Asia rules, ``rules.teams``).

``TeamStartPanel`` picks a map fit for team play (the core's ``teams.map_refusal``), 4 or 6
seats shown by team (the Blue team: seats 1 and 2, …), each a person or a bot of any level the
game's start panel offers (``players.KINDS``), and a seed; "Start team game" calls back, and
the app deals the game (``Options(teams=True)``) on its own table like any other game.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.teams import PLAYERS, map_refusal
from ttr_widgets.widgets.table.players import (
    KINDS,
    map_field,
    maps_offered,
    relabel_kinds,
    seat_fields,
    seat_names,
    seed_field,
    typed_seed,
)
from ttr_widgets.widgets.table.teams import seat_colors, team_label

__all__ = ["TeamSetup", "TeamStartPanel", "team_maps"]

_NAMES = ("You", "Ben", "Cleo", "Dev", "Eve", "Finn")
_KINDS = ("human", "greedy", "greedy", "greedy", "greedy", "greedy")


def team_maps() -> tuple[str, ...]:
    """The built-in maps team games are played on (the core refuses the others)."""
    return tuple(m for m in BUILTIN_MAPS if map_refusal(load_map(m)) is None)


@dataclass(frozen=True, slots=True)
class TeamSetup:
    """What the team start panel asks for: a map, the players' names and kinds (team by team:
    seats 1 and 2 the first team), a seed (``None``: a fresh random seed)."""

    map_name: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None

    @property
    def options(self) -> Options:
        return Options(teams=True)


def _count_options() -> list[tuple[str, int]]:
    """The seat counts offered, in words: '4 players', '6 players'."""
    return [(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in PLAYERS]


class TeamStartPanel(widgets.VBox):
    """Map (``ttr-team-map``), 4 or 6 seats (``ttr-team-count``), each seat's name
    (``ttr-team-name``) and kind (``ttr-team-kind``) under its team's colour and name, a seed
    (``ttr-team-seed``), and "Start team game" (``ttr-team-start``) calling ``on_start()``."""

    def __init__(self, on_start: Callable[[], object]) -> None:
        self.map = map_field(team_maps(), "ttr-team-map")
        self.count = widgets.ToggleButtons(options=_count_options(), value=PLAYERS[0],
                                           style={"button_width": "80px"})
        self.count.add_class("ttr-team-count")
        self.names, self.kinds = seat_fields(_NAMES, _KINDS, KINDS, "ttr-team",
                                             name_width="120px", kind_width="165px")
        self.seats = widgets.VBox()
        self.seed = seed_field("ttr-team-seed")
        self.start = widgets.Button(button_style="info", icon="users")
        self.start.add_class("ttr-team-start")
        self.start.on_click(lambda _b: on_start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self.heading = widgets.HTML()
        super().__init__([self.heading, widgets.HBox([self.map, self.count]), self.seats,
                          widgets.HBox([self.seed, self.start])])
        self.add_class("ttr-team-start-panel")
        self.relabel()

    def relabel(self) -> None:
        """The panel's words again, in the language now (the seats' team names too)."""
        team_game = html.escape(_("Team game"))
        self.heading.value = html.escape(_(
            "{team_game} (Team Asia rules: teams of 2, shared cards and tickets in each team's "
            "holders)")).format(team_game=f"<b>{team_game}</b>")
        self.start.description = _("Start team game")
        self.map.description = _("Map")
        self.seed.description, self.seed.placeholder = _("Seed"), _("random")
        relabel_kinds(self.names, self.kinds, KINDS)
        chosen = self.count.value
        self.count.options = _count_options()
        self.count.value = chosen
        self._show_seats()

    def _show_seats(self) -> None:
        rows = []
        colors = seat_colors(self.count.value)
        for i, color in enumerate(colors):
            label = team_label(i // 2) if i % 2 == 0 else ""
            rows.append(widgets.HBox([
                widgets.HTML(f'<span style="color:{color}">■</span> {i + 1}. {label}',
                             layout=widgets.Layout(width="110px")),
                self.names[i], self.kinds[i]]))
        self.seats.children = rows

    def setup(self) -> TeamSetup:
        """The team game the panel describes; ``ValueError`` naming the field when it
        cannot."""
        n = self.count.value
        names, seed = seat_names(self.names[:n]), typed_seed(self.seed)
        return TeamSetup(self.map.value, names, tuple(w.value for w in self.kinds[:n]), seed)

    def show(self, setup: TeamSetup) -> None:
        """Fill the panel from a team game (after the app starts or loads one): the same map
        and seats for the next one, and a blank seed (a new deal) unless one is typed."""
        if setup.map_name in maps_offered(self.map):
            self.map.value = setup.map_name
        if len(setup.players) in PLAYERS:
            self.count.value = len(setup.players)
        for name_field, kind_field, name, kind in zip(self.names, self.kinds, setup.players,
                                                      setup.kinds, strict=False):
            name_field.value = name
            kind_field.value = kind
        self.seed.value = ""
