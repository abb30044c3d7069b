"""The play app: the board and the table around it, for one game against bots or friends.

``PlayApp`` assembles the components (board, status line, market, hand, tickets, players,
claim and tunnel panels, stepper, records, score) and routes the clicks: every click becomes an
action for the rules core (``history.Game.play``), and every component re-renders from the new
state. Nothing here decides a rule — a refused action comes back as ``RulesError`` and its
sentence goes to the status line.

Who sits where is the app's business: a seat is a person (``"human"``) or one of the core's bots
(``rules.bots.BOTS``). Bots play one move at a time, ``bot_delay`` seconds apart, on the running
event loop (so the browser sees each move); ``bot_delay=0`` — or no running loop — plays them at
once. At a hotseat table (two or more people) a hand shows only after its owner presses "Show".

A game may use a ticket variant (Europe) and Warehouses & Depots (any map), chosen in the start
panel or given as ``options``: Depots are placed by clicking cities (at setup, and as a free
action from a city's panel), a Warehouse is fed from the row above the market, and a claim into
Depot cities opens the collect panel; the board shows Depots and Warehouse sizes.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets

from ttr_widgets.bots import hint
from ttr_widgets.bots.coach import COACH_WHEN, judge
from ttr_widgets.rules.actions import Action, ClaimRoute, PlaceDepot
from ttr_widgets.rules.advice import (
    claim_refusal,
)
from ttr_widgets.rules.engine import why_illegal
from ttr_widgets.rules.errors import PositionError, RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.record import load_record, replayable, save_record
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import (
    DepotPlacement,
    FirstCard,
    GameState,
    Options,
)
from ttr_widgets.rules.variants import variant_names
from ttr_widgets.rules.words import possessive
from ttr_widgets.widgets.board.fit import BoardFit
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.pages.app_view import TABS, TableView
from ttr_widgets.widgets.style import APP_CSS, DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.answers import city_answer
from ttr_widgets.widgets.table.bots import BotSeats, BotTurns, because
from ttr_widgets.widgets.table.claim import ClaimPanel, TunnelPanel, route_title
from ttr_widgets.widgets.table.depots import CollectPanel, FeedRow
from ttr_widgets.widgets.table.hand import HandView
from ttr_widgets.widgets.table.market import Market
from ttr_widgets.widgets.table.narrate import navigation_story, own_move
from ttr_widgets.widgets.table.plan import PlanPanel
from ttr_widgets.widgets.table.players import (
    KINDS,
    GameSetup,
    PlayersTable,
    StartPanel,
    hotseat_viewer,
    humans,
)
from ttr_widgets.widgets.table.records import RecordsPanel
from ttr_widgets.widgets.table.review import ReviewPanel
from ttr_widgets.widgets.table.scoring_view import ScoringView
from ttr_widgets.widgets.table.status import StatusLine, describe_action
from ttr_widgets.widgets.table.stepper import Stepper
from ttr_widgets.widgets.table.team_start import TeamMode
from ttr_widgets.widgets.table.tickets import TicketChoicePanel, TicketsView

__all__ = ["BOARD_HEIGHT", "BOARD_WIDTH", "TABS", "PlayApp"]

BOARD_WIDTH = 900  #: px, the board as drawn; the browser scales it to fit (fit.BoardFit)
BOARD_HEIGHT = 560


class PlayApp(BotSeats, TableView, widgets.VBox):
    """A game of Ticket to Ride on a clickable board (see the module docstring).

    ``PlayApp(map_name, players, kinds, seed)`` deals a new game; ``PlayApp.from_game(game)``
    shows a ``history.Game`` (a loaded record, a position to study). ``kinds[i]`` is
    ``"human"``, ``"random"`` or ``"greedy"``; ``seed=None`` picks a fresh one; ``options``
    (``rules.state.Options``) picks a ticket variant and Warehouses & Depots.
    """

    def __init__(
        self,
        map_name: str = "usa",
        players: Sequence[str] = ("You", "Greedy bot"),
        kinds: Sequence[str] = ("human", "greedy"),
        seed: int | None = None,
        *,
        bot_delay: float = 0.4,
        game: Game | None = None,
        paused: bool = False,
        options: Options | None = None,
    ) -> None:
        if bot_delay < 0:
            raise ValueError(f"bot_delay: expected seconds ≥ 0, not {bot_delay}")
        if game is None:
            game = Game.new(load_map(map_name), tuple(players), _seed(seed), options)
        kinds = _check_kinds(kinds, len(game.state.players))
        self.bot_delay = bot_delay
        self._game = game
        self._kinds = kinds
        self._revealed: tuple[int, int] | None = None  #: (player, turn) whose hand is shown
        self._selected: str | None = None  #: the route clicked last
        self._selected_city: str | None = None
        self._highlight: tuple[tuple[str, ...], str] = ((), "")
        self._paused = paused  #: bots wait (after undo / jump / load) until "Play on"
        self._told, self._since = "", 0  #: the person's last move, and the step after it
        self._bots = BotTurns()  #: the bots' moves under way on the event loop
        self._sheet: tuple[GameState, ScoreSheet] | None = None
        self._was_over = False
        self._deal_checked: tuple[GameState, bool] | None = None

        self.status = StatusLine()
        self.map_view = self._new_map_view(game.state)
        self.market = Market(self.play)
        self.hand = HandView(self.reveal_hand)
        self.tickets = TicketsView(self._highlight_path)
        self.ticket_choice = TicketChoicePanel(self.play)
        self.players_table = PlayersTable()
        self.claim = ClaimPanel(self.play, self.clear_selection)
        self.tunnel = TunnelPanel(self.play)
        self.feed = FeedRow(self.play)
        self.collect = CollectPanel(self.play)
        self.ticket_rule = widgets.HTML(layout=widgets.Layout(display="none"))
        self.ticket_rule.add_class("ttr-ticket-rule")
        self.stepper = Stepper(self._navigate, self.resume)
        self.records = RecordsPanel(self._loaded, self.status.refuse, self.replay)
        self.scoring = ScoringView(game.state.board, self._highlight_path)
        self.start = StartPanel(self._start_clicked)
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="What would a good player do now, and why?",
                                          layout=widgets.Layout(width="70px", margin="1px"))
        self.hint_button.add_class("ttr-hint")
        self.hint_button.on_click(lambda _b: self.hint())
        self.coach = widgets.Checkbox(value=False, description="Coach", indent=False,
                                      tooltip=f"Coach: {COACH_WHEN}; when the game ends, "
                                      "reviews your game in the Score tab",
                                      layout=widgets.Layout(width="auto"))
        self.coach.add_class("ttr-coach")
        self.coach.observe(lambda _change: self._start_review(), "value")
        self.review = ReviewPanel()  #: the coach's after-game review (Score tab)
        self._reviewed: GameState | None = None  #: the end whose review is shown or under way
        self._review_task: asyncio.Task[None] | None = None
        self.title = widgets.HTML()
        self.title.add_class("ttr-title")
        self.plan_panel = PlanPanel(self._highlight_path)
        self.team = TeamMode(self)  # team games (Team Asia rules): start panel in the Game tab

        play_tab = widgets.VBox([self.tunnel, self.collect, self.ticket_choice,
                                 self.ticket_rule, self.claim, self.feed, self.market,
                                 self.hand, self.tickets])
        self.tabs = widgets.Tab(
            [play_tab, self.stepper, widgets.VBox([self.scoring, self.review]),
             widgets.VBox([self.title, self.start, self.team.panel, self.records]),
             self.plan_panel],
            titles=TABS, layout=widgets.Layout(align_self="stretch"))
        for page in self.tabs.children:  # no tab scrolls on its own: the table fits the screen
            for child in page.children:
                child.layout.flex = "0 0 auto"
        self.tabs.add_class("ttr-tabs")
        self.tabs.observe(lambda change: setattr(  # the planner runs only while it is shown
            self.plan_panel, "active", change["new"] == TABS.index("Plan")), "selected_index")
        top = widgets.HBox([self.stepper.bar, self.hint_button, self.coach],
                           layout=widgets.Layout(align_items="center"))
        self.side = widgets.VBox([self.status, top, self.players_table, self.tabs])
        self.side.add_class("ttr-side")
        self.board_box = widgets.Box([self.map_view.widget])
        self.board_box.add_class("ttr-board")
        # The board beside the side panel, or the panel under the board on a narrow page; the
        # board scaled in the browser to fit the window (fit.BoardFit), rules in style.APP_CSS.
        self.fit = BoardFit(width=BOARD_WIDTH, height=BOARD_HEIGHT)
        self.css = widgets.HTML(f"<style>{APP_CSS}</style>",
                                layout=widgets.Layout(display="none"))
        row = widgets.HBox([self.board_box, self.side],
                           layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("ttr-row")
        super().__init__([self.css, self.fit, row], layout=widgets.Layout(width="100%"))
        self.add_class("ttr-app")
        self.start.show(self._setup())
        self._render()
        self.status.say(self._prompt())
        self._advance()

    @classmethod
    def from_game(cls, game: Game, kinds: Sequence[str] | None = None, *,
                  bot_delay: float = 0.4, paused: bool = False) -> PlayApp:
        """An app showing ``game`` (at its cursor). Default seats: the first player is a
        person, the others greedy bots. ``paused``: bots wait for "Play on"."""
        n = len(game.state.players)
        return cls(kinds=kinds or _default_kinds(n), bot_delay=bot_delay, game=game,
                   paused=paused)

    # -- what the app shows ------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game with its history; ``game.state`` is what the table shows."""
        return self._game

    @property
    def state(self) -> GameState:
        return self._game.state

    @property
    def board(self) -> Board:
        return self._game.state.board

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._kinds

    @property
    def humans(self) -> tuple[int, ...]:
        return humans(self._kinds)

    @property
    def viewer(self) -> int | None:
        """The player whose hand and tickets are shown (None: hidden, hotseat between turns)."""
        state = self.state
        return hotseat_viewer(self._kinds, state.current, state.turn, self._revealed)

    @property
    def selected(self) -> str | None:
        """The route selected on the board (its claim panel is open)."""
        return self._selected

    @property
    def selected_city(self) -> str | None:
        return self._selected_city

    @property
    def highlight(self) -> tuple[tuple[str, ...], str]:
        """The highlighted routes and their label."""
        return self._highlight

    @property
    def score_sheet(self) -> ScoreSheet | None:
        """The final score once the game is over."""
        return self._score() if self.state.is_over else None

    @property
    def bot_task(self) -> asyncio.Task[None] | None:
        """The running bots' task, if bots are playing on the event loop now."""
        return self._bots.task

    @property
    def paused(self) -> bool:
        """Bots wait: after undo, a jump or a load, until ``resume()`` or a person's move."""
        return self._paused

    # -- actions (what the buttons call) -------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Play ``action`` for the person whose turn it is, as a click does. Returns whether it
        was played; a refusal goes to the status line with its rule."""
        refusal = self._seat_refusal()
        if refusal is not None:
            self.status.refuse(refusal)
            return False
        before = self.state
        verdict = judge(before, action) if self.coach.value and \
            why_illegal(before, action) is None else None
        try:
            game = self._game.play(action)
        except TTRError as error:
            self.status.refuse(error)
            return False
        self._paused = False
        self._selected = self._selected_city = None
        self._highlight = ((), "")
        player = self.state.current
        self._show(game)
        told = own_move(before, action, game.state)
        if verdict is not None:  # coach mode: what the move cost, the better move on the board
            told = f"{told} Coach: {verdict.sentence}"
            if isinstance(verdict.better, ClaimRoute):
                self._selected = verdict.better.route
                self._render()
        if not self._advance(told):
            then = ""
            if (game.state.is_over or game.state.current != player
                    or isinstance(game.state.pending, FirstCard | DepotPlacement)
                    or isinstance(action, PlaceDepot)):
                then = self._prompt()
            self.status.say(told, "done", then=then)
        return True

    def click_route(self, route_id: str) -> None:
        """Click a route on the board (through the board widget, as the browser does)."""
        self.map_view.simulate_route_click(route_id)

    def click_city(self, city: str) -> None:
        """Click a city on the board (through the board widget, as the browser does)."""
        self.map_view.simulate_city_click(city)

    def select_route(self, route_id: str) -> None:
        """Open the claim panel for ``route_id``; the status line says whether and how it can
        be claimed now (the board's route clicks land here)."""
        route = self.board.route(route_id)
        self._selected, self._selected_city = route_id, None
        refusal = self._seat_refusal() or claim_refusal(self.state, route_id)
        self._render()
        if refusal is not None:
            self.status.refuse(refusal)
        else:
            self.status.say(f"{route_title(self.board, route)}: choose how to pay below.")

    def select_city(self, city: str) -> None:
        """Open the station panel for ``city`` (the board's city clicks land here). With
        Warehouses & Depots the panel also offers a Depot, and while setup waits for a Depot
        the click places it."""
        state = self.state
        if isinstance(state.pending, DepotPlacement):
            self.play(PlaceDepot(city))
            return
        self._selected, self._selected_city = None, city
        answer = self._seat_refusal() or city_answer(state, city)
        self._render()
        if isinstance(answer, RulesError):
            self.status.refuse(answer)
        else:
            self.status.say(answer)

    def clear_selection(self) -> None:
        """Close the claim panel (its Cancel button): nothing selected, and the status says so
        (an older refusal is gone)."""
        self._selected = self._selected_city = None
        self._render()
        self.status.say("Cancelled: nothing is selected.", then=self._prompt())

    def reveal_hand(self) -> None:
        """Hotseat: show the hand of the person whose turn it is."""
        state = self.state
        if state.current not in self.humans:
            self.status.refuse(self._turn_order())
            return
        self._revealed = (state.current, state.turn)
        self._render()
        self.status.say(self._prompt())

    def hint(self) -> None:
        """What the expert bot would do in this position, and why in numbers, in the status
        line: the strong bot's move, and near the end its best moves played out to the end
        (``coach.hint`` with ``deep``: up to a second or two of thought)."""
        state = self.state
        refusal = self._seat_refusal()
        if refusal is not None:
            self.status.refuse(refusal)
            return
        if self.viewer != state.current:
            whose = possessive(state.player.name, capital=False)
            self.status.say(f"Show {whose} hand first: the hint is about it.")
            return
        choice = hint(state, deep=True)
        if isinstance(choice.action, ClaimRoute):
            self._selected, self._selected_city = choice.action.route, None
            self._render()
        elif isinstance(choice.action, PlaceDepot) and state.pending is None:
            self._selected, self._selected_city = None, choice.action.city
            self._render()
        what = describe_action(state, choice.action)
        self.status.say(f"Hint for {state.player.name}: {what}"
                        f". {because('The strong bot', choice.reason)}", "hint")

    def undo(self) -> None:
        """Back to the start of the previous turn of a person (as the Undo button does)."""
        self._navigate(self.stepper.undo_game(self._game))

    def redo(self) -> None:
        """Forward to the start of the next turn of a person, along the recorded moves."""
        self._navigate(self.stepper.redo_game(self._game))

    def jump(self, step: int) -> None:
        """Show the game after ``step`` actions (0: the deal); bots wait there."""
        self._navigate(self._game.jump(step))

    def pause(self) -> None:
        """Stop the bots: they wait for Play on (while a team game is shown, say)."""
        self._stop_bots()
        self._paused = True
        self._render()

    def resume(self) -> None:
        """Let the bots play on from the position shown."""
        self._paused = False
        self._render()
        self._advance()

    def replay(self) -> None:
        """Back to the deal, to step through the game from its start."""
        self._navigate(self._game.jump(0))
        self.status.say("Replay: press Redo (or step ▶ in the Log tab) to go through the game.")

    # -- games ------------------------------------------------------------------------------------

    def new_game(self, map_name: str | None = None, players: Sequence[str] | None = None,
                 kinds: Sequence[str] | None = None, seed: int | None = None,
                 options: Options | None = None) -> None:
        """Deal a new game (unchanged arguments keep the current map, players, seats and
        options; a ticket variant the new map lacks is dropped)."""
        board = load_map(map_name) if map_name is not None else self.board
        if options is None:
            options = _carried_options(self._game.initial.options, board)
        names = tuple(players) if players is not None else tuple(
            p.name for p in self.state.players)
        seats = _check_kinds(kinds if kinds is not None else
                             self._kinds if len(self._kinds) == len(names) else
                             _default_kinds(len(names)), len(names))
        self.load_game(Game.new(board, names, _seed(seed), options), seats, paused=False)

    def load_game(self, game: Game, kinds: Sequence[str] | None = None, *,
                  paused: bool = True) -> None:
        """Show ``game``; ``kinds`` default to the current seats when the player count matches.
        A loaded game waits (``paused``) until a person moves or presses Play on."""
        self._stop_bots()
        n = len(game.state.players)
        seats = kinds if kinds is not None else (
            self._kinds if len(self._kinds) == n else _default_kinds(n))
        self._kinds = _check_kinds(seats, n)
        if game.state.board is not self.board or len(game.state.players) != \
                len(self.map_view.player_colors) or \
                tuple(p.name for p in game.state.players) != self.map_view.player_names:
            self._replace_board(game.state)
        self._game = game
        self._revealed = None
        self._selected = self._selected_city = None
        self._highlight = ((), "")
        self._paused = paused
        self._was_over = game.state.is_over
        self._clear_review()
        self.start.show(self._setup())
        if game.state.is_over:
            self._show_score(select_tab=True)
        self._render()
        self.status.say(self._prompt())
        self._advance()

    def load_state(self, state: GameState, kinds: Sequence[str] | None = None) -> None:
        """Play on from a position (``rules.scenario``), not from a deal. Its record would not
        replay, so saving it is refused."""
        self.load_game(Game((state,)), kinds, paused=False)

    def save(self, path: str | Path) -> None:
        """Write the game record (JSON) to ``path``."""
        self._check_recordable()
        save_record(self._game, path)

    def load(self, path: str | Path) -> None:
        """Load a game record from ``path`` (shown at its cursor; bots wait)."""
        try:
            game = load_record(path)
        except TTRError as error:
            self.status.refuse(error)
            raise
        self._loaded(game)

    # -- internals: navigation and loading ------------------------------------------------------

    def _navigate(self, game: Game) -> None:
        before = self._game
        self._stop_bots()
        self._paused = True
        self._selected = self._selected_city = None
        self._highlight = ((), "")
        self._show(game)
        self.status.say(navigation_story(before, game), then=self._prompt())

    def _loaded(self, game: Game) -> None:
        self.load_game(game)
        self.status.say(f"Loaded a {game.state.board.title} game of {len(game.actions)} moves, "
                        f"shown at step {game.cursor}.", then=self._prompt())

    def _start_clicked(self) -> None:
        try:
            setup = self.start.setup()
            self.new_game(setup.map_name, setup.players, setup.kinds, setup.seed,
                          setup.options)
        except (TTRError, ValueError) as error:
            self.status.refuse(error if isinstance(error, TTRError) else TTRError(str(error)))
        else:
            self.tabs.selected_index = 0

    def _setup(self) -> GameSetup:
        first = self._game.initial
        return GameSetup(first.board.name, tuple(p.name for p in first.players), self._kinds,
                         first.seed, first.options.variant, first.options.warehouses)

    def _check_recordable(self) -> None:
        if not self._from_deal():
            raise PositionError("record: this game starts from a position set up by hand, not "
                                "from a deal, so a record of it would not replay")

    def _from_deal(self) -> bool:
        """Whether the game starts from the deal its seed makes (records replay from there)."""
        first = self._game.initial
        if self._deal_checked is None or self._deal_checked[0] is not first:
            self._deal_checked = (first, replayable(self._game))
        return self._deal_checked[1]

    def _replace_board(self, state: GameState) -> None:
        n = len(state.players)
        self.map_view.set_board(state.board, player_colors=DEFAULT_PLAYER_COLORS[:n],
                                player_names=[p.name for p in state.players])
        self.scoring.board = state.board

    def _new_map_view(self, state: GameState) -> MapView:
        n = len(state.players)
        view = MapView(state.board, player_colors=DEFAULT_PLAYER_COLORS[:n],
                       player_names=[p.name for p in state.players], width=BOARD_WIDTH,
                       height=BOARD_HEIGHT)
        view.on_route_click(self.select_route)
        view.on_city_click(self.select_city)
        return view


def _carried_options(options: Options, board: Board) -> Options:
    """The options of the game before, for a new game on ``board``: its ticket variant only
    when ``board`` offers it."""
    if options.variant is not None and options.variant not in variant_names(board):
        return Options(warehouses=options.warehouses)
    return options


def _seed(seed: int | None) -> int:
    return secrets.randbelow(1_000_000) if seed is None else seed


def _default_kinds(n: int) -> tuple[str, ...]:
    return ("human", *("greedy",) * (n - 1))


def _check_kinds(kinds: Sequence[str], players: int) -> tuple[str, ...]:
    kinds = tuple(kinds)
    if len(kinds) != players:
        raise ValueError(f"kinds: expected one per player ({players}), got {len(kinds)}")
    for i, kind in enumerate(kinds):
        if kind not in KINDS:
            raise ValueError(f"kinds[{i}]: expected one of {', '.join(KINDS)}, not {kind!r}")
    return kinds
