"""The play app's drawing: every component re-rendered from the state shown, the board with
its highlights and marks, the final score, the long-ticket limit under the ticket choice, and
the prompt that says what the table waits for.

``TableView`` is a part of ``app.PlayApp`` (a mixin: it draws the app's components from its
game and seats); it holds no state of its own.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ttr_widgets.rules.advice import long_tickets_offered, warehouse_sizes
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import (
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.stats import game_stats
from ttr_widgets.rules.words import bonus_name, count, possessive
from ttr_widgets.widgets.table.answers import closed_routes
from ttr_widgets.widgets.table.players import options_title
from ttr_widgets.widgets.table.scoring_view import longest_trail_routes
from ttr_widgets.widgets.table.status import why_html

if TYPE_CHECKING:
    from ttr_widgets.widgets.board.map_view import MapView
    from ttr_widgets.widgets.table.bots import BotTurns
    from ttr_widgets.widgets.table.claim import ClaimPanel, TunnelPanel
    from ttr_widgets.widgets.table.depots import CollectPanel, FeedRow
    from ttr_widgets.widgets.table.hand import HandView
    from ttr_widgets.widgets.table.market import Market
    from ttr_widgets.widgets.table.plan import PlanPanel
    from ttr_widgets.widgets.table.players import PlayersTable
    from ttr_widgets.widgets.table.records import RecordsPanel
    from ttr_widgets.widgets.table.scoring_view import ScoringView
    from ttr_widgets.widgets.table.stepper import Stepper
    from ttr_widgets.widgets.table.tickets import TicketChoicePanel, TicketsView

__all__ = ["TABS", "TableView", "assign"]

TABS = ("Play", "Log", "Score", "Game", "Plan")


class TableView:
    """The play app's drawing (see the module docstring)."""

    if TYPE_CHECKING:  # the app's own, set in PlayApp.__init__
        map_view: MapView
        market: Market
        hand: HandView
        tickets: TicketsView
        ticket_choice: TicketChoicePanel
        players_table: PlayersTable
        claim: ClaimPanel
        tunnel: TunnelPanel
        feed: FeedRow
        collect: CollectPanel
        ticket_rule: widgets.HTML
        stepper: Stepper
        records: RecordsPanel
        scoring: ScoringView
        plan_panel: PlanPanel
        hint_button: widgets.Button
        title: widgets.HTML
        tabs: widgets.Tab
        _game: Game
        _kinds: tuple[str, ...]
        _paused: bool
        _selected: str | None
        _selected_city: str | None
        _highlight: tuple[tuple[str, ...], str]
        _bots: BotTurns
        _sheet: tuple[GameState, ScoreSheet] | None
        _was_over: bool

        @property
        def state(self) -> GameState: ...
        @property
        def board(self) -> Board: ...
        @property
        def humans(self) -> tuple[int, ...]: ...
        @property
        def viewer(self) -> int | None: ...
        def _bot_to_move(self) -> bool: ...
        def _start_review(self) -> None: ...
        def _clear_review(self) -> None: ...
        def _from_deal(self) -> bool: ...

    def _show(self, game: Game) -> None:
        self._game = game
        self._render()

    def _highlight_path(self, routes: Sequence[str], label: str) -> None:
        self._highlight = (tuple(routes), label)
        self._draw_board()

    def _score(self) -> ScoreSheet:
        state = self.state
        if self._sheet is None or self._sheet[0] is not state:
            self._sheet = (state, score(state))
        return self._sheet[1]

    def _show_score(self, *, select_tab: bool) -> None:
        sheet = self._score()
        self.scoring.sheet = sheet
        self.scoring.show_stats(game_stats(self._game), self.map_view.player_colors)
        self._highlight = (longest_trail_routes(sheet), bonus_name(self.board.rules))
        if select_tab:
            self.tabs.selected_index = TABS.index("Score")

    def _render(self) -> None:
        """Every component from the state shown (each re-renders only what changed)."""
        state, viewer = self.state, self.viewer
        over = state.is_over
        if over and not self._was_over:
            self._show_score(select_tab=True)
            self._start_review()
        elif not over:
            self._clear_review()
            self.scoring.sheet = None
            self.scoring.show_running(state, self.map_view.player_colors)
        self._was_over = over
        active = (viewer is not None and viewer == state.current and not over
                  and self._kinds[state.current] == "human" and self._bots.task is None)
        humans = self.humans
        extras = options_title(self._game.initial.options)
        self.title.value = (
            f'<div style="font-size:12px"><b>This game</b>: {html.escape(state.board.title)} · '
            + (f'{html.escape(extras)} · ' if extras else '') +
            f'seed {self._game.initial.seed} · {count(len(humans), "person")}, '
            f'{count(len(self._kinds) - len(humans), "bot")}</div>')
        reveal = (state.player.name if viewer is None and len(humans) > 1
                  and state.current in humans and not over else "")
        assign(self.market, state=state)
        assign(self.players_table, kinds=self._kinds, state=state,
                colors=tuple(self.map_view.player_colors))
        assign(self.hand, viewer=viewer, reveal=reveal, state=state)
        assign(self.tickets, viewer=viewer, state=state)
        assign(self.ticket_choice, viewer=viewer if active else None, state=state)
        assign(self.tunnel, active=active, state=state)
        assign(self.feed, active=active, state=state)
        assign(self.collect, active=active, state=state)
        self._render_ticket_rule(state, active)
        assign(self.claim, active=active, route=self._selected, city=self._selected_city,
                state=state)
        assign(self.stepper, humans=humans, paused=self._paused and self._bot_to_move(),
                game=self._game)
        assign(self.records, recordable=self._from_deal(), game=self._game)
        assign(self.plan_panel, viewer=viewer, route=self._selected, state=state)
        self.hint_button.disabled = over
        self._draw_board()

    def _draw_board(self) -> None:
        state = self.state
        routes, label = self._highlight
        marked: tuple[str, ...] = ()
        pending = state.pending
        if isinstance(pending, TicketChoice) and self.viewer == state.current:
            tickets = [state.board.ticket(t) for t in pending.tickets]
            marked = tuple(dict.fromkeys(c for t in tickets for c in (t.a, t.b)))
        self.map_view.show(owners=state.route_owners(), stations=state.station_owners(),
                           highlight=routes, highlight_label=label, selected=self._selected,
                           selected_city=self._selected_city, depots=state.depot_owners(),
                           warehouses=warehouse_sizes(state), closed=closed_routes(state),
                           marked=marked, marked_label="ticket cities")

    def _render_ticket_rule(self, state: GameState, active: bool) -> None:
        """Under the ticket choice, a limit on long tickets (Mega Europe): which offered
        tickets are long, and the rule's sentence and id."""
        pending = state.pending
        longs = long_tickets_offered(state) if active else ()
        if not longs or not isinstance(pending, TicketChoice) or pending.max_long is None:
            self.ticket_rule.layout.display = "none"
            self.ticket_rule.value = ""
            return
        board = state.board
        names = ", ".join(f"{_city_label(board, t.a)} – {_city_label(board, t.b)} ({t.points})"
                          for t in (board.ticket(i) for i in longs))
        self.ticket_rule.value = (
            f'<div style="font-size:12px;color:#16406e;margin:0 0 4px 0;position:relative">'
            f'Keep at most <b>{count(pending.max_long, "long ticket")}</b>. Long ones here: '
            f'{html.escape(names)}. {why_html("tickets.one-long")}</div>')
        self.ticket_rule.layout.display = None

    def _prompt(self) -> str:
        """What the table waits for, in words."""
        state = self.state
        if state.is_over:
            sheet = self._score()
            return f"Game over. {sheet.reason}"
        name = state.player.name
        if self._kinds[state.current] != "human":
            if self._paused:
                return f"{name} (bot) is to move: press Play on to let the bots continue."
            return f"{name} (bot) is playing…"
        if isinstance(state.pending, DepotPlacement):  # public: no hand needs showing
            return (f"{name}: place a Depot — click an empty city on the board (the last "
                    "player places first, then on counter-clockwise).")
        if self.viewer is None:
            return (f"{possessive(name)} turn: press “Show {possessive(name, capital=False)} "
                    "hand” when the others look away.")
        pending = state.pending
        if isinstance(pending, TicketChoice):
            most = "" if pending.max_long is None else \
                f", at most {pending.max_long} of them long"
            return f"{name}: choose the tickets to keep (at least {pending.keep}{most})."
        if isinstance(pending, TunnelPayment):
            return (f"{name}: the tunnel asks for {count(pending.extra, 'more card')}: pay or "
                    "decline.")
        if isinstance(pending, SecondCard):
            return f"{name}: take your second card."
        if isinstance(pending, FirstCard):
            return f"{name}: now take your cards (blind or face up)."
        if isinstance(pending, CollectChoice):
            return (f"{name}: your route reaches a Depot: choose the Warehouses to collect "
                    "(or none).")
        verbs = "draw cards, click a route to claim it, or draw tickets"
        if state.board.has_stations:
            verbs = "draw cards, click a route to claim it, click a city for a station, or " \
                    "draw tickets"
        if state.warehouses:
            verbs = ("feed a Warehouse and draw cards, click a route to claim it, click a city "
                     f"for a {'station or a ' if state.board.has_stations else ''}Depot, or "
                     "draw tickets")
        last = " Last round!" if state.last_round else ""
        return f"{possessive(name)} turn: {verbs}.{last}"


def _city_label(board: Board, city: str) -> str:
    return board.cities[board.city_index[city]].label


def assign(widget: widgets.Widget, **values: object) -> None:
    """Set several traits of a component at once: its observers run after all are set, so it
    never renders a mix of old and new values."""
    with widget.hold_trait_notifications():
        for name, value in values.items():
            setattr(widget, name, value)

