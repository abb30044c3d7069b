"""The players: a table of everyone's trains, stations, cards, tickets and route points, and the
start panel where a game is set up (map, players, who is human or which bot, seed)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.bots import BOTS
from ttr_widgets.rules.state import GameState

from .style import DEFAULT_PLAYER_COLORS

__all__ = ["KINDS", "GameSetup", "PlayersTable", "StartPanel"]

#: Who sits at a seat: a person, or one of the rules core's bots.
KINDS: tuple[str, ...] = ("human", *sorted(BOTS))
_KIND_LABELS = {"human": "human", "random": "random bot", "greedy": "greedy bot"}
_DEFAULT_NAMES = ("You", "Greedy bot", "Random bot", "Ada", "Bo")
_DEFAULT_KINDS = ("human", "greedy", "random", "greedy", "random")


class PlayersTable(widgets.HTML):
    """Every player's trains, stations (maps with stations), cards, tickets and route points;
    the player to move is marked ▶ (``ttr-players``)."""

    state = traitlets.Instance(GameState, allow_none=True)
    kinds = traitlets.Tuple()
    colors = traitlets.Tuple(DEFAULT_PLAYER_COLORS)

    def __init__(self) -> None:
        super().__init__()
        self.add_class("ttr-players")

    @traitlets.observe("state", "kinds", "colors")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None:
            self.value = ""
            return
        stations = state.board.has_stations
        head = ["", "player", "trains", *(["stations"] if stations else []), "cards",
                "tickets", "points"]
        rows = []
        for i, p in enumerate(state.players):
            now = i == state.current and not state.is_over
            kind = self.kinds[i] if i < len(self.kinds) else "human"
            swatch = (f'<span style="display:inline-block;width:10px;height:10px;'
                      f'background:{self.colors[i % len(self.colors)]};border:1px solid #333;'
                      'margin-right:4px"></span>')
            cells = [
                "▶" if now else "",
                f'{swatch}{html.escape(p.name)} <span style="color:#777">'
                f'({_KIND_LABELS.get(kind, kind)})</span>',
                str(p.trains), *([str(p.stations)] if stations else []), str(p.card_count),
                str(len(p.tickets)), str(p.route_points),
            ]
            style = "font-weight:bold;background:#fff6d6" if now else ""
            rows.append(f'<tr class="ttr-player-row" style="{style}">' +
                        "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        note = ""
        if state.last_round:
            note = (f'<div style="font-size:12px;color:#8a1c12">Last round: '
                    f'{state.final_turns} turn(s) left.</div>')
        self.value = (
            '<table style="border-collapse:collapse;font-size:12px;width:100%">'
            '<tr style="color:#555">' + "".join(f"<th style='text-align:left'>{h}</th>"
                                                for h in head) + "</tr>"
            + "".join(rows) + "</table>" + note)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What the start panel asks for: a map, the players' names and kinds, and a seed
    (``None``: a fresh random seed)."""

    map_name: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None


class StartPanel(widgets.VBox):
    """Pick a map (``ttr-map``), the number of players (``ttr-player-count``), each seat's name
    (``ttr-player-name``) and kind (``ttr-player-kind``), a seed (``ttr-seed``), then press
    ``New game`` (``ttr-new-game``), which calls ``on_start()``; the app reads ``setup()``."""

    def __init__(self, on_start: Callable[[], object],
                 maps: Sequence[str] = ("usa", "europe")) -> None:
        self._on_start = on_start
        self.map = widgets.Dropdown(options=list(maps), value=maps[0], description="Map",
                                    layout=widgets.Layout(width="200px"))
        self.map.add_class("ttr-map")
        self.count = widgets.BoundedIntText(value=2, min=2, max=5, description="Players",
                                            layout=widgets.Layout(width="160px"))
        self.count.add_class("ttr-player-count")
        self.names = [widgets.Text(value=n, layout=widgets.Layout(width="150px"))
                      for n in _DEFAULT_NAMES]
        self.kinds = [widgets.Dropdown(options=[(_KIND_LABELS[k], k) for k in KINDS], value=k,
                                       layout=widgets.Layout(width="130px"))
                      for k in _DEFAULT_KINDS]
        for name, kind in zip(self.names, self.kinds, strict=True):
            name.add_class("ttr-player-name")
            kind.add_class("ttr-player-kind")
        self.seats = widgets.VBox()
        self.seed = widgets.Text(value="", placeholder="random", description="Seed",
                                 layout=widgets.Layout(width="200px"))
        self.seed.add_class("ttr-seed")
        self.start = widgets.Button(description="New game", button_style="success",
                                    icon="play")
        self.start.add_class("ttr-new-game")
        self.start.on_click(lambda _b: self._on_start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self._show_seats()
        super().__init__([
            widgets.HTML("<b>New game</b>"), widgets.HBox([self.map, self.count]), self.seats,
            widgets.HBox([self.seed, self.start]),
        ])
        self.add_class("ttr-start")

    def _show_seats(self) -> None:
        n = self.count.value
        self.seats.children = tuple(
            widgets.HBox([widgets.HTML(f"{i + 1}.", layout=widgets.Layout(width="20px")),
                          self.names[i], self.kinds[i]]) for i in range(n))

    def setup(self) -> GameSetup:
        """The game the panel describes; ``ValueError`` naming the field when it cannot."""
        n = self.count.value
        names = tuple(w.value.strip() for w in self.names[:n])
        for i, name in enumerate(names):
            if not name:
                raise ValueError(f"player {i + 1}: a name is needed")
        text = self.seed.value.strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            raise ValueError(f"seed: expected a whole number, not {text!r}") from None
        return GameSetup(self.map.value, names, tuple(w.value for w in self.kinds[:n]), seed)

    def show(self, setup: GameSetup) -> None:
        """Fill the panel from a game (after ``PlayApp`` starts or loads one): the same map and
        seats for the next game, and a blank seed (a new deal) unless one is typed."""
        if setup.map_name in self.map.options:
            self.map.value = setup.map_name
        self.count.value = len(setup.players)
        for i, (name, kind) in enumerate(zip(setup.players, setup.kinds, strict=True)):
            self.names[i].value = name
            self.kinds[i].value = kind
        self.seed.value = ""
