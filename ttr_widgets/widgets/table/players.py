"""The players: a table of everyone's trains, stations, cards, tickets and route points (and,
with Warehouses & Depots, Warehouse sizes and Depots left), and the start panel where a game is
set up (map, ticket variant, Warehouses & Depots, players, who is human or which bot, seed)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import traitlets

from ttr_widgets.bots import BOTS, LEVELS, SLOW
from ttr_widgets.rules.errors import MapError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.variants import VARIANTS, variant_names
from ttr_widgets.rules.words import count
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.teams import TEAM_COLORS, team_title

__all__ = ["KINDS", "GameSetup", "PlayersTable", "StartPanel", "bot_words", "options_title",
           "seat_names", "seat_words", "typed_seed", "variant_title"]

#: Who sits at a seat: a person, or one of the rules core's bots (not the ones too slow for a
#: table's turn, ``bots.SLOW``: the expert thinks up to seconds a move and would stall the page).
KINDS: tuple[str, ...] = ("human", *LEVELS, *sorted(set(BOTS) - set(LEVELS) - set(SLOW)))
_KIND_LABELS = {"human": "human", "random": "random bot", "greedy": "greedy bot",
                "strong": "strong bot"}
_DEFAULT_NAMES = ("You", "Greedy bot", "Random bot", "Ada", "Bo")
_DEFAULT_KINDS = ("human", "greedy", "random", "greedy", "random")
BASE = "base"  #: the variant dropdown's value for the map's own tickets


def bot_words(name: str, kind: str) -> str:
    """A seat's kind when its name does not say it already: ``'greedy bot'`` for Ada, ``''``
    for Greedy bot and for a person."""
    return "" if kind == "human" or kind in name.lower() else _KIND_LABELS.get(kind, f"{kind} bot")


def seat_words(name: str, kind: str) -> str:
    """What the players table says after a name, each word once: ``''`` for a person,
    ``'medium'`` for Greedy bot, ``'medium bot'`` for Greedy 2, ``'medium greedy bot'`` for
    Ada; any other seat word (a lesson's ``'you'``, ``'waits'``) as it is, unless the name
    says it already (a learner called You)."""
    if kind == "human":
        return ""
    if kind not in BOTS:
        return "" if kind == name.casefold() else kind
    level = LEVELS[kind][0] if kind in LEVELS else ""
    said = kind in name.lower()
    bot = "" if "bot" in name.lower() and said else "bot"
    return " ".join(w for w in (level, "" if said else kind, bot) if w)


def variant_title(name: str | None) -> str:
    """``'base game'``, or a variant's printed title (``'Mega Europe'``)."""
    if name is None or name == BASE:
        return "base game"
    variant = VARIANTS.get(name)
    return variant.title if variant is not None else name


def options_title(options: Options) -> str:
    """The options that make a game differ from the map's base game, in words (``''`` for
    none): ``'Mega Europe tickets · Warehouses & Depots'``, ``'team game (Team Asia rules)'``."""
    parts = ["team game (Team Asia rules)"] if options.teams else []
    if options.variant not in (None, BASE):
        parts.append(f"{variant_title(options.variant)} tickets")
    if options.warehouses:
        parts.append("Warehouses & Depots")
    return " · ".join(parts)


class PlayersTable(widgets.HTML):
    """Every player's trains, stations (maps with stations), cards, tickets and route points,
    and with Warehouses & Depots the cards in their Warehouse and their Depots left; the player
    to move is marked ▶ (``ttr-players``). In a team game the players are grouped by team, each
    team under its name and players (``ttr-team-row``: "Blue team: Ann & Cleo") with its route
    points together and its holders' sizes; cards and tickets are counts only."""

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
        depots = bool(state.warehouses)
        head = ["", "player", "trains", *(["stations"] if stations else []), "cards",
                "tickets", "points", *(_DEPOT_HEAD if depots else [])]
        rows = []
        for i, p in enumerate(state.players):
            if state.teams and i % 2 == 0:
                rows.append(_team_row(state, i // 2, len(head)))
            now = i == state.current and not state.is_over
            kind = self.kinds[i] if i < len(self.kinds) else "human"
            swatch = (f'<span style="display:inline-block;width:10px;height:10px;'
                      f'background:{self.colors[i % len(self.colors)]};border:1px solid #333;'
                      'margin-right:4px"></span>')
            cells = [
                "▶" if now else "",
                f'{swatch}{html.escape(p.name)}' + _grey(seat_words(p.name, kind)),
                str(p.trains), *([str(p.stations)] if stations else []), str(p.card_count),
                str(len(p.tickets)), str(p.route_points),
                *([str(state.warehouse_count(i)), str(state.depots_left[i])] if depots else []),
            ]
            style = "font-weight:bold;background:#fff6d6" if now else ""
            rows.append(f'<tr class="ttr-player-row" style="{style}">' +
                        "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        note = ""
        if state.last_round:
            note = (f'<div style="font-size:12px;color:#8a1c12">Last round: '
                    f'{count(state.final_turns, "turn")} left.</div>')
        self.value = (
            '<table style="border-collapse:collapse;font-size:12px;width:100%">'
            '<tr style="color:#555">' + "".join(_head_cell(h) for h in head) + "</tr>"
            + "".join(rows) + "</table>" + note)


def _team_row(state: GameState, team: int, columns: int) -> str:
    """A team's heading row: its name and players in its colour, its route points together,
    and what its holders hold (their sizes: what everyone may see)."""
    color = TEAM_COLORS[team][0]
    points = sum(p.route_points for p in state.team_players(team))
    title = team_title(team, [p.name for p in state.team_players(team)])
    holder = (f"holder {count(state.holder_count(team), 'card')}, "
              f"{count(len(state.shared[team]), 'shared ticket')}")
    return (f'<tr class="ttr-team-row" data-team="{team}"><td colspan="{columns}" style="'
            f'border-left:4px solid {color};padding-left:4px"><b style="color:{color}">'
            f'{html.escape(title)}</b> <span style="color:#555">· '
            f'{count(points, "point")} · {holder}</span></td></tr>')


def _grey(words: str) -> str:
    return f' <span style="color:#777">· {html.escape(words)}</span>' if words else ""


_DEPOT_HEAD = ["warehouse", "depots"]
_HEAD_TIPS = {"warehouse": "cards in the Warehouse (their count is public, not the cards)",
              "depots": "Depots still beside the Warehouse"}


def _head_cell(head: str) -> str:
    tip = _HEAD_TIPS.get(head)
    title = f' title="{html.escape(tip)}"' if tip else ""
    return f"<th style='text-align:left'{title}>{head}</th>"


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What the start panel asks for: a map, the players' names and kinds, a seed (``None``: a
    fresh random seed), the ticket variant (``None``: the map's own tickets) and whether to
    play with Warehouses & Depots."""

    map_name: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None
    variant: str | None = None
    warehouses: bool = False

    @property
    def options(self) -> Options:
        """The game's options (the core checks the variant against the map)."""
        return Options(variant=self.variant, warehouses=self.warehouses)


class StartPanel(widgets.VBox):
    """Pick a map (``ttr-map``), the number of players (``ttr-player-count``), each seat's name
    (``ttr-player-name``) and kind (``ttr-player-kind``), a seed (``ttr-seed``), then press
    ``New game`` (``ttr-new-game``), which calls ``on_start()``; the app reads ``setup()``.

    A map with ticket variants (Europe) also offers them in a "Tickets" dropdown
    (``ttr-variant``); any map offers the Warehouses & Depots checkbox (``ttr-warehouses``)."""

    def __init__(self, on_start: Callable[[], object],
                 maps: Sequence[str] = ("usa", "europe")) -> None:
        self._on_start = on_start
        self.map = map_field(maps, "ttr-map")
        self.variant = widgets.Dropdown(options=[(variant_title(BASE), BASE)], value=BASE,
                                        description="Tickets",
                                        layout=widgets.Layout(width="250px", display="none"))
        self.variant.add_class("ttr-variant")
        self.warehouses = widgets.Checkbox(value=False, description="Warehouses & Depots",
                                           indent=False, layout=widgets.Layout(width="auto"))
        self.warehouses.add_class("ttr-warehouses")
        self.count = widgets.BoundedIntText(value=2, min=2, max=5, description="Players",
                                            layout=widgets.Layout(width="160px"))
        self.count.add_class("ttr-player-count")
        self.names, self.kinds = seat_fields(_DEFAULT_NAMES, _DEFAULT_KINDS, KINDS,
                                             "ttr-player", name_width="150px",
                                             kind_width="170px")
        self.seats = widgets.VBox()
        self.seed = seed_field("ttr-seed")
        self.start = widgets.Button(description="New game", button_style="success",
                                    icon="play")
        self.start.add_class("ttr-new-game")
        self.start.on_click(lambda _b: self._on_start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self.map.observe(lambda _c: self._show_variants(), names="value")
        self._show_seats()
        self._show_variants()
        super().__init__([
            widgets.HTML("<b>New game</b>"), widgets.HBox([self.map, self.count]),
            widgets.HBox([self.variant, self.warehouses],
                         layout=widgets.Layout(align_items="center")),
            self.seats, widgets.HTML(_levels_line()), widgets.HBox([self.seed, self.start]),
        ])
        self.add_class("ttr-start")

    def _show_seats(self) -> None:
        n = self.count.value
        self.seats.children = tuple(
            widgets.HBox([widgets.HTML(f"{i + 1}.", layout=widgets.Layout(width="20px")),
                          self.names[i], self.kinds[i]]) for i in range(n))

    def _show_variants(self) -> None:
        """Offer the chosen map's ticket variants (the dropdown hides when it has none)."""
        names = _variants_of(self.map.value)
        options = [(variant_title(n), n) for n in names]
        if list(self.variant.options) != options:
            self.variant.options = options
            self.variant.value = BASE
        self.variant.layout.display = None if len(names) > 1 else "none"

    def setup(self) -> GameSetup:
        """The game the panel describes; ``ValueError`` naming the field when it cannot."""
        n = self.count.value
        names, seed = seat_names(self.names[:n]), typed_seed(self.seed)
        variant = self.variant.value if self.variant.value in _variants_of(self.map.value) \
            else BASE
        return GameSetup(self.map.value, names, tuple(w.value for w in self.kinds[:n]), seed,
                         None if variant == BASE else variant, self.warehouses.value)

    def show(self, setup: GameSetup) -> None:
        """Fill the panel from a game (after ``PlayApp`` starts or loads one): the same map and
        seats for the next game, and a blank seed (a new deal) unless one is typed."""
        if setup.map_name in self.map.options:
            self.map.value = setup.map_name
        variant = setup.variant or BASE
        if variant in _variants_of(self.map.value):
            self.variant.value = variant
        self.warehouses.value = setup.warehouses
        self.count.value = len(setup.players)
        for i, (name, kind) in enumerate(zip(setup.players, setup.kinds, strict=True)):
            self.names[i].value = name
            self.kinds[i].value = kind
        self.seed.value = ""


def map_field(maps: Sequence[str], css_class: str) -> widgets.Dropdown:
    """A start panel's map dropdown (``css_class``), the first map chosen."""
    field = widgets.Dropdown(options=list(maps), value=maps[0], description="Map",
                             layout=widgets.Layout(width="200px"))
    field.add_class(css_class)
    return field


def seat_fields(names: Sequence[str], kinds: Sequence[str], offered: Sequence[str],
                prefix: str, *, name_width: str, kind_width: str
                ) -> tuple[list[widgets.Text], list[widgets.Dropdown]]:
    """A start panel's seats: a name field (``{prefix}-name``) holding each of ``names`` and a
    dropdown (``{prefix}-kind``) offering the ``offered`` kinds in the words of
    :func:`_kind_choice`, set to each of ``kinds`` (for games and team games alike)."""
    name_fields = [widgets.Text(value=name, layout=widgets.Layout(width=name_width))
                   for name in names]
    kind_fields = [widgets.Dropdown(options=[(_kind_choice(k), k) for k in offered], value=kind,
                                    layout=widgets.Layout(width=kind_width))
                   for kind in kinds]
    for name_field, kind_field in zip(name_fields, kind_fields, strict=True):
        name_field.add_class(f"{prefix}-name")
        kind_field.add_class(f"{prefix}-kind")
    return name_fields, kind_fields


def seed_field(css_class: str) -> widgets.Text:
    """A start panel's seed field (``css_class``): blank for a new random deal."""
    field = widgets.Text(value="", placeholder="random", description="Seed",
                         layout=widgets.Layout(width="200px"))
    field.add_class(css_class)
    return field


def seat_names(fields: Sequence[widgets.Text]) -> tuple[str, ...]:
    """The names typed in these seats' fields, trimmed; ``ValueError`` naming the first seat
    left without one (a start panel's check, for games and team games alike)."""
    names = tuple(field.value.strip() for field in fields)
    for i, name in enumerate(names):
        if not name:
            raise ValueError(f"player {i + 1}: a name is needed")
    return names


def typed_seed(field: widgets.Text) -> int | None:
    """The seed typed in a start panel's field, or None (left blank: a new random deal);
    ``ValueError`` when it is not a whole number."""
    text = field.value.strip()
    try:
        return int(text) if text else None
    except ValueError:
        raise ValueError(f"seed: expected a whole number, not {text!r}") from None


def _kind_choice(kind: str) -> str:
    """A seat's choice in the dropdown: 'human', 'hard: strong bot'."""
    label = _KIND_LABELS.get(kind, f"{kind} bot")
    return f"{LEVELS[kind][0]}: {label}" if kind in LEVELS else label


def _levels_line() -> str:
    """The bots' difficulty levels, each in one plain line (``ttr-levels``)."""
    rows = "".join(f"<li><b>{level}</b> ({html.escape(kind)} bot): {html.escape(what)}</li>"
                   for kind, (level, what) in LEVELS.items())
    return f'<ul class="ttr-levels" style="margin:2px 0;font-size:90%">{rows}</ul>'


def _variants_of(map_name: str) -> tuple[str, ...]:
    """The ticket variants of a map ("base" first); a map that cannot be read offers none (the
    New game button then names its problem)."""
    try:
        return variant_names(load_map(map_name))
    except MapError:
        return (BASE,)
