"""Starting a team game from the play app's Game tab (Team Asia rules, ``rules.teams``).

``TeamStartPanel`` picks a map fit for team play (the core's ``teams.map_refusal``), 4 or 6
seats shown by team (the Blue team: seats 1 and 2, …), each a person or a team bot, and a seed.
``TeamMode`` puts that panel in a ``PlayApp`` and, on "Start team game", shows a
``team_table.TeamTable`` in place of the app's table (its bots paused); "Leave the team game"
brings the app's own game back as it was.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.teams import map_refusal
from ttr_widgets.widgets.table.players import (
    map_field,
    seat_fields,
    seat_names,
    seed_field,
    typed_seed,
)
from ttr_widgets.widgets.table.team_table import TEAM_COLORS, TEAM_KINDS, TeamTable, team_label

if TYPE_CHECKING:
    from ttr_widgets.widgets.pages.app import PlayApp

__all__ = ["TeamMode", "TeamSetup", "TeamStartPanel", "team_maps"]

_NAMES = ("You", "Ben", "Cleo", "Dev", "Eve", "Finn")
_KINDS = ("human", "greedy", "greedy", "greedy", "greedy", "greedy")


def team_maps() -> tuple[str, ...]:
    """The built-in maps team games are played on (the core refuses the others)."""
    return tuple(m for m in BUILTIN_MAPS if map_refusal(load_map(m)) is None)


@dataclass(frozen=True, slots=True)
class TeamSetup:
    map_name: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None


class TeamStartPanel(widgets.VBox):
    """Map (``ttr-team-map``), 4 or 6 seats (``ttr-team-count``), each seat's name
    (``ttr-team-name``) and kind (``ttr-team-kind``) under its team's colour and name, a seed
    (``ttr-team-seed``), and "Start team game" (``ttr-team-start``) calling ``on_start()``."""

    def __init__(self, on_start: Callable[[], object]) -> None:
        self.map = map_field(team_maps(), "ttr-team-map")
        self.count = widgets.ToggleButtons(options=[("4 players", 4), ("6 players", 6)],
                                           value=4, style={"button_width": "80px"})
        self.count.add_class("ttr-team-count")
        self.names, self.kinds = seat_fields(_NAMES, _KINDS, TEAM_KINDS, "ttr-team",
                                             name_width="120px", kind_width="165px")
        self.seats = widgets.VBox()
        self.seed = seed_field("ttr-team-seed")
        self.start = widgets.Button(description="Start team game", button_style="info",
                                    icon="users")
        self.start.add_class("ttr-team-start")
        self.start.on_click(lambda _b: on_start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self._show_seats()
        super().__init__([
            widgets.HTML("<b>Team game</b> (Team Asia rules: teams of 2, shared cards and "
                         "tickets in each team's holders)"),
            widgets.HBox([self.map, self.count]), self.seats,
            widgets.HBox([self.seed, self.start])])
        self.add_class("ttr-team-start-panel")

    def _show_seats(self) -> None:
        rows = []
        for i in range(self.count.value):
            color = TEAM_COLORS[i // 2][i % 2]
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


class TeamMode:
    """A ``PlayApp``'s team games: ``panel`` goes in its Game tab; ``table`` is the team game
    shown (None while the app shows its own game)."""

    def __init__(self, app: PlayApp, *, bot_delay: float | None = None) -> None:
        self.app = app
        self.bot_delay = bot_delay
        self.panel = TeamStartPanel(self.start)
        self.table: TeamTable | None = None
        self._row: widgets.Widget | None = None

    def start(self) -> None:
        """Deal the team game the panel describes and show it instead of the app's table."""
        app = self.app
        try:
            setup = self.panel.setup()
            delay = app.bot_delay if self.bot_delay is None else self.bot_delay
            seed = secrets.randbelow(1_000_000) if setup.seed is None else setup.seed
            table = TeamTable(load_map(setup.map_name), setup.players, setup.kinds, seed,
                              bot_delay=delay, on_leave=self.leave)
        except (TTRError, ValueError) as error:
            app.status.refuse(error if isinstance(error, TTRError) else TTRError(str(error)))
            return
        app.pause()
        if self.table is not None:
            self.table.stop()
        else:
            self._row = app.children[-1]
        self.table = table
        app.children = (*app.children[:-1], table)

    def leave(self) -> None:
        """Back to the app's own game (its bots wait for Play on)."""
        if self.table is None or self._row is None:
            return
        self.table.stop()
        self.table = None
        self.app.children = (*self.app.children[:-1], self._row)
