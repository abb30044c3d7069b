"""The play app: the board and the table around it, for one game against bots or friends.

``PlayApp`` is the table controller (``table.controller.TableController``: every click an
action for the rules core, every component re-rendered from the new state, a refusal's sentence
in the status line) with the app's panels assembled around it: the stepper (Undo / Redo / Play
on, the Log tab), Hint and Coach, the Score tab with the coach's review, the Game tab (new game,
team game, records) and the Plan tab.

A team game (Team Asia rules, started from the Game tab's team panel or given as
``Options(teams=True)``) is a game like any other on the same table: its seats are team seats,
teammates two shades of their team's colour, and the Play tab adds the team holders, the place
of a card just drawn and sharing tickets (``table.holders``); records, Undo, Hint, Coach, the
Plan and the Score tabs work the same.

Who sits where is a seat policy (``table.seats``): a person (``"human"``) or one of the bots
(``bots.BOTS``). Bots play one move at a time, ``bot_delay`` seconds apart, on the running event
loop (so the browser sees each move); ``bot_delay=0`` — or no running loop — plays them at once.
At a hotseat table (two or more people) a hand shows only after its owner presses "Show".

A game may use a ticket variant (Europe) and Warehouses & Depots (any map), chosen in the start
panel or given as ``options``: Depots are placed by clicking cities (at setup, and as a free
action from a city's panel), a Warehouse is fed from the row above the market, and a claim into
Depot cities opens the collect panel; the board shows Depots and Warehouse sizes.

A game is never lost by leaving the page: served by ``ttr serve``, the app keeps the game on
the server after every move (``table.keeper``) under a key the browser remembers
(``table.address``), and picks it up again when the page opens: after a reload, a lesson
visited on the way, or a kernel the server ended (the page says so and offers to resume).
With ``?table=NAME`` in its address the app sits at that shared table instead
(``table.together``): its seat's view only, moves sent to the table, no Undo; the Game tab
makes such tables (``pages.tables.TableMaker``).
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import ipywidgets as widgets

from ttr_widgets.bots.coach import Verdict
from ttr_widgets.rules import i18n
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.errors import PositionError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.record import load_record, renamed, replayable, retold, save_record
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.stats import game_stats
from ttr_widgets.rules.variants import variant_names
from ttr_widgets.rules.words import bonus_name, map_title
from ttr_widgets.widgets.board.fit import BoardFit
from ttr_widgets.widgets.pages.tables import TableMaker
from ttr_widgets.widgets.style import APP_CSS
from ttr_widgets.widgets.table.address import PageAddress
from ttr_widgets.widgets.table.bots import running_loop
from ttr_widgets.widgets.table.controller import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    TableController,
    assign,
)
from ttr_widgets.widgets.table.finder import TableFinder
from ttr_widgets.widgets.table.keeper import GameKeeper
from ttr_widgets.widgets.table.plan import PlanPanel
from ttr_widgets.widgets.table.players import (
    GameSetup,
    StartPanel,
    default_names,
    in_language_now,
    names_for_kinds,
    options_title,
)
from ttr_widgets.widgets.table.records import RecordsPanel
from ttr_widgets.widgets.table.scoring_view import longest_trail_routes
from ttr_widgets.widgets.table.seats import Seat, seats_for
from ttr_widgets.widgets.table.stepper import LogNote, Stepper
from ttr_widgets.widgets.table.team_start import TeamSetup, TeamStartPanel
from ttr_widgets.widgets.table.teams import table_colors
from ttr_widgets.widgets.table.together import Together

__all__ = ["BOARD_HEIGHT", "BOARD_WIDTH", "LANGUAGE_NAMES", "TABS", "PlayApp"]

#: The tabs, by their English names (``TABS.index("Score")``); their titles are these in the
#: page's language.
TABS = (N_("Play"), N_("Log"), N_("Score"), N_("Game"), N_("Plan"))
#: The language picker's choices: each language named in itself.
LANGUAGE_NAMES = (("English", "en"), ("Français", "fr"))

#: What the status line says while the Score tab reveals the end: the winner comes with the
#: final table, not before.
END_REVEALED = N_("Game over. The Score tab counts the points step by step, the winner last.")


class PlayApp(TableController):
    """A game of Ticket to Ride on a clickable board (see the module docstring).

    ``PlayApp(map_name, players, kinds, seed)`` deals a new game (``players`` by default You
    and a bot named for its kind); ``PlayApp.from_game(game)``
    shows a ``history.Game`` (a loaded record, a position to study). ``kinds[i]`` is
    ``"human"``, ``"random"`` or ``"greedy"``; ``seed=None`` picks a fresh one; ``options``
    (``rules.state.Options``) picks a ticket variant and Warehouses & Depots.
    """

    def __init__(
        self,
        map_name: str = "usa",
        players: Sequence[str] | None = None,
        kinds: Sequence[str] = ("human", "greedy"),
        seed: int | None = None,
        *,
        bot_delay: float = 0.4,
        game: Game | None = None,
        paused: bool = False,
        options: Options | None = None,
    ) -> None:
        if game is None:
            names = tuple(players) if players is not None else \
                names_for_kinds(default_names()[:2], kinds)  # a bot named for its level
            game = Game.new(load_map(map_name), names, _seed(seed), options)
        seats = seats_for(kinds, len(game.state.players))
        super().__init__(game, seats, bot_delay=bot_delay, paused=paused, coach=True)
        assert self.coach is not None
        self._was_over = False  #: the game shown was over at the last drawing
        self._drawn: GameState | None = None  #: the state of the last drawing
        self._trail_shown: ScoreSheet | None = None  #: the sheet whose trails the board drew
        self._deal_checked: tuple[GameState, bool] | None = None

        self.stepper = Stepper(self.navigate, self.resume)
        self.records = RecordsPanel(self._loaded, self.status.refuse, self.replay)
        self.start = StartPanel(self._start_clicked)
        self.hint_button = widgets.Button(icon="lightbulb-o",
                                          layout=widgets.Layout(width="auto", min_width="70px",
                                                                margin="1px"))
        self.hint_button.add_class("ttr-hint")
        self.hint_button.on_click(lambda _b: self.hint())
        self.review = self.coach.review  #: the coach's after-game review (Score tab)
        #: the review's place: hidden while the end is revealed (it tells the final points)
        self.review_box = widgets.Box([self.review])
        self.title = widgets.HTML()
        self.title.add_class("ttr-title")
        self.plan_panel = PlanPanel(self.show_path)
        self.team_start = TeamStartPanel(self._team_clicked)  # team games (Team Asia rules)
        self.address = PageAddress("Play")  # the browser's address and memory
        self.together = Together(self)  # a shared table named in the address
        self.keeper: GameKeeper | None = None  # keeps this screen's game, once addressed
        self.maker = TableMaker(on_sit=self.sit_here)  # make a table for other screens
        self._addressed = False

        self.finder = TableFinder(self, undo=self.undo)  # the board by keyboard (table.finder)
        play_tab = widgets.VBox([self.tunnel, self.collect, self.ticket_choice,
                                 self.ticket_rule, self.share_choice, self.placement,
                                 self.finder, self.claim, self.feed, self.market, self.hand,
                                 self.holders, self.tickets, self.share])
        self.tabs = widgets.Tab(
            [play_tab, widgets.VBox([self.stepper, self.together.log]),
             widgets.VBox([self.scoring, self.review_box]),
             widgets.VBox([self.title, self.start, self.team_start, self.records, self.maker]),
             self.plan_panel],
            layout=widgets.Layout(align_self="stretch"))
        for page in self.tabs.children:  # no tab scrolls on its own: the table fits the screen
            for child in page.children:
                child.layout.flex = "0 0 auto"
        self.tabs.add_class("ttr-tabs")
        self.tabs.observe(lambda change: setattr(  # the planner runs only while it is shown
            self.plan_panel, "active", change["new"] == TABS.index("Plan")), "selected_index")
        self.language = widgets.Dropdown(  # the page's language (``?lang=`` sets it too)
            options=[(name, lang) for name, lang in LANGUAGE_NAMES if lang in i18n.LANGUAGES],
            value=i18n.language(), layout=widgets.Layout(width="auto"),
            style={"description_width": "initial"})
        self.language.add_class("ttr-language")
        self.language.observe(lambda change: i18n.set_language(change["new"]), "value")
        top = widgets.HBox([self.stepper.bar, self.hint_button, self.language,  # wraps, never
                            self.coach],
                           layout=widgets.Layout(align_items="center",  # squeezes Undo away
                                                 flex_flow="row wrap"))
        for part in top.children:
            part.layout.flex = "0 0 auto"
        self.side = widgets.VBox([self.status, top, self.together.panel, self.players_table,
                                  self.tabs])
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
        self.children = (self.css, self.fit, self.address, row)
        self.add_class("ttr-app")
        self.address.observe(lambda _change: self._address_known(), "search")
        self.scoring.observe(lambda _change: self._show_trail(), "shown")
        self.scoring.observe(self._reveal_moved, "shown")
        self.scoring.observe(lambda _change: self._final_to_players(), ["sheet", "shown"])
        self._label()
        i18n.on_change(self._language_changed)  # the address's language, the picker
        self._show_setup()
        self.begin()

    # -- the page's words, in its language ----------------------------------------------------

    def _label(self) -> None:
        """The app's own fixed words (tab titles, Hint, the picker) in the language now."""
        for i, tab in enumerate(TABS):
            self.tabs.set_title(i, _(tab))
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("What would a good player do now, and why?")
        self.language.description = _("Language")
        self.language.value = i18n.language()

    def relabel(self) -> None:
        """Every word of the page again in the language now: the fixed words of each part,
        then every part drawn again from the state shown, and the status line saying what the
        table waits for (a page learns its language after it is built, from its address, and
        the picker changes it)."""
        self._label()
        for part in (self.market, self.hand, self.tickets, self.ticket_choice, self.ticket_rule,
                     self.claim, self.tunnel, self.finder, self.stepper, self.players_table,
                     self.scoring, self.start, self.team_start, self.records, self.maker,
                     self.together):
            part.relabel()
        if self.coach is not None:
            self.coach.relabel()
        self.redraw()
        self.status.say(self.prompt())

    def _language_changed(self, _language: str) -> None:
        self._tell_moves_again()
        self.relabel()

    def _tell_moves_again(self) -> None:
        """The game's moves told again in the language now, for the Log and Undo's words: its
        moves played again (a move's sentence is the rules core's, made as it is played).
        Seats still called by a default name take the language's ('You' → 'Vous', 'Greedy
        bot' → 'Bot glouton'): the game is dealt again under the new names (``record.renamed``);
        any other game is played again from its first state under the same names
        (``record.retold``; a position set up by hand too), what the page shows kept (a
        selected route, a hand shown, the bots' pace). The hints and the coach's remarks stay
        in the Log where they were said, in the words they were said in. Not at a shared
        table: its moves are the table's to tell (``Together.relabel`` asks it)."""
        if self.remote is not None:
            return
        game = self._game
        names = [p.name for p in game.initial.players]
        now = [in_language_now(name) for name in names]
        renaming = now != names and replayable(game)
        again = renamed(game, now) if renaming else retold(game)
        notes = tuple(replace(note, state=again.states[note.at]) for note in self.stepper.notes
                      if note.of(game))
        self.players_table.sheet = None  # the final points are the old game's until scored
        if renaming:
            self.show_game(again, paused=self._paused)
        else:
            self._take(again)  # the same position: drawn again by ``relabel``
        self.stepper.notes = notes
        if self.state.is_over:  # the final table of the game told again, whole (it was told)
            self.scoring.step_by_step = False
            self._show_score(select_tab=False)
            self._final_to_players()

    @classmethod
    def from_game(cls, game: Game, kinds: Sequence[str] | None = None, *,
                  bot_delay: float = 0.4, paused: bool = False) -> PlayApp:
        """An app showing ``game`` (at its cursor). Default seats: the first player is a
        person, the others greedy bots. ``paused``: bots wait for "Play on"."""
        n = len(game.state.players)
        return cls(kinds=kinds or _default_kinds(n), bot_delay=bot_delay, game=game,
                   paused=paused)

    @property
    def highlight(self) -> tuple[tuple[str, ...], str]:
        """The highlighted routes and their label."""
        return self._highlight

    # -- the hints and the coach's remarks, kept in the Log ------------------------------------

    @property
    def notes(self) -> tuple[LogNote, ...]:
        """The hints and the coach's remarks said at this screen, for the Log tab (whole)."""
        return self.stepper.notes

    def note(self, kind: str, text: str, game: Game | None = None) -> None:
        """Keep a hint (``kind`` "hint") or a coach's remark ("coach") in the Log, where it was
        said: at the cursor of ``game`` (default: the game shown); at a shared table in the
        table's log, after its last event told."""
        if self.remote is not None:
            self.together.note(kind, text)
            return
        game = self._game if game is None else game
        note = LogNote(game.cursor, game.state, kind, text)
        if self.stepper.notes[-1:] != (note,):  # the same hint asked again is kept once
            self.stepper.notes = (*self.stepper.notes, note)

    def hint(self) -> None:
        """The table's hint (``TableController.hint``), kept in the Log too."""
        said = self.status.count
        super().hint()
        if self.status.count != said and self.status.kind == "hint":
            self.note("hint", self.status.text)

    def play(self, action: Action) -> bool:
        """A move (``TableController.play``); the coach's question before it, when it asks one
        instead of playing it, kept in the Log too."""
        coach = self.coach
        assert coach is not None
        asked = coach.questions
        played = super().play(action)
        if coach.questions != asked and coach.question is not None:
            self.note("coach", coach.question)
        return played

    def _moved(self, before: GameState, action: Action, game: Game,
               verdict: Verdict | None) -> None:
        """A move made here (``TableController._moved``), the coach's word on it kept in the
        Log after the move."""
        if verdict is not None:
            self.note("coach", verdict.sentence, game)
        super()._moved(before, action, game, verdict)

    # -- the stepper's and the records' actions ----------------------------------------------

    def undo(self) -> None:
        """Back to the start of the previous turn of a person (as the Undo button does)."""
        self.navigate(self.stepper.undo_game(self._game))

    def redo(self) -> None:
        """Forward to the start of the next turn of a person, along the recorded moves."""
        self.navigate(self.stepper.redo_game(self._game))

    def jump(self, step: int) -> None:
        """Show the game after ``step`` actions (0: the deal); bots wait there."""
        self.navigate(self._game.jump(step))

    def replay(self) -> None:
        """Back to the deal, to step through the game from its start."""
        self.navigate(self._game.jump(0))
        self.status.say(_("Replay: press Redo (or step ▶ in the Log tab) to go through the "
                          "game."))

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
        if players is None and kinds is not None:  # a bot's given name follows its new kind
            names = names_for_kinds(names, kinds)
        seats = (kinds if kinds is not None else
                 self.kinds if len(self.kinds) == len(names) else _default_kinds(len(names)))
        seats_for(seats, len(names))  # refused before the game is dealt
        self.load_game(Game.new(board, names, _seed(seed), options), seats, paused=False)

    def load_game(self, game: Game, kinds: Sequence[str] | None = None, *,
                  paused: bool = True) -> None:
        """Show ``game`` (a team game too); ``kinds`` default to the current seats when the
        player count matches. A loaded game waits (``paused``) until a person moves or presses
        Play on. The board takes the game's map and players, teammates in their team's
        shades."""
        self._bots.stop()
        state = game.state
        n = len(state.players)
        seats = seats_for(kinds if kinds is not None else (
            self.kinds if len(self.kinds) == n else _default_kinds(n)), n)
        self._show_board(state)
        self._was_over = False  # a finished game shows its score, in the Score tab
        self.stepper.notes = ()  # the Log's hints and remarks were the game before's
        self.show_game(game, seats, paused=paused)
        self._shared_parts()
        self._show_setup()

    def load_state(self, state: GameState, kinds: Sequence[str] | None = None) -> None:
        """Play on from a position (``rules.scenario``), not from a deal. Its record would not
        replay, so saving it is refused."""
        self.load_game(Game((state,)), kinds, paused=False)

    def save(self, path: str | Path) -> None:
        """Write the game record (JSON) to ``path``."""
        if not self._from_deal():
            raise PositionError("record: this game starts from a position set up by hand, not "
                                "from a deal, so a record of it would not replay")
        save_record(self._game, path)

    def load(self, path: str | Path) -> None:
        """Load a game record from ``path`` (shown at its cursor; bots wait)."""
        try:
            game = load_record(path)
        except TTRError as error:
            self.status.refuse(error)
            raise
        self._loaded(game)

    # -- the page's address: a kept game, or a shared table -------------------------------------

    def _address_known(self) -> None:
        """The browser told the page's address: sit at the table it names, else pick up the
        game kept for this browser (or keep this one from now on)."""
        if not self.address.known or self._addressed:
            return
        self._addressed = True
        table = self.address.param("table")
        if table:
            self._bots.stop()  # the game dealt meanwhile is not this page's: the table is
            self.together.open(table, self.address.param("seat") or self.address.stored_key
                               or None, watch=self.address.param("watch") == "1")
            return
        key = self.address.param("game") or self.address.stored_game or None
        keeper = GameKeeper(key)
        if not keeper.served:
            return
        self.keeper = keeper
        self.address.keep_game(keeper.key)
        kept = keeper.read() if key else None
        if kept is None:
            keeper.keep(self._game, self.kinds)
            return
        self.load_game(kept.game, kept.kinds, paused=False)
        self.status.say(_("Welcome back: your {map} game is where you left it.").format(
            map=map_title(kept.game.state.board.name)), then=self.prompt())

    def sit_here(self, table: str) -> None:
        """Sit at the shared table ``table`` on this page (the Game tab's table maker)."""
        self.address.show(f"?table={table}")
        self.together.open(table)
        self.tabs.selected_index = 0

    # -- a shared table (table.together's host) ---------------------------------------------

    def sit_at(self, remote: Together, state: GameState, seats: Sequence[Seat]) -> None:
        """Show the shared table: this seat's view, the other seats played elsewhere."""
        self._show_board(state)
        self._was_over = False
        self.connect(remote, state, seats)
        self._shared_parts()
        self.table_shown()

    def receive(self, state: GameState, seats: Sequence[Seat] | None = None,
                told: str = "") -> None:
        """The shared table's next view: the board's legend follows the seats' names; the
        coach's word on this page's move it answers kept in the table's log after the move; a
        claim panel (a hint's) that cannot act in the new view closed, as at one screen."""
        outbox = self._outbox
        coached = None if outbox is None else outbox.coached(self.state, state)
        self._show_board(state)
        super().receive(state, seats, told)
        if self.refresh_selection():
            self._render()
        if coached is not None:
            self.note("coach", coached.sentence)

    def table_over(self, game: Game, seats: Sequence[Seat]) -> None:
        """The shared game is over: the whole game from the table's record, with its score,
        statistics and the coach's review; replayed from this seat (still only its own hand),
        and its record to download."""
        self._show_board(game.state)
        self._was_over = False
        self.show_game(game, seats, paused=True)
        self.stepper.notes = self.together.log_notes(game)  # this page's, where they were said
        self._shared_parts()
        self.status.say(_("Game over. {score} Replay the game in the Log tab; download its "
                          "record in the Game tab.").format(score=self._score().reason))

    def keep_key(self, table: str, key: str) -> None:
        self.address.keep(table, key)

    def table_shown(self) -> None:
        self.address.table_shown()

    def _shared_parts(self) -> None:
        """At a shared table no Undo, no stepper (the table's log instead), no game record
        until the end; at one screen, the other way round."""
        shared = self.remote is not None
        self.stepper.bar.layout.display = "none" if shared else None
        self.stepper.layout.display = "none" if shared else None
        self.together.log.layout.display = None if shared else "none"

    def _show_board(self, state: GameState) -> None:
        """The board for ``state``'s map and players (teammates in their team's shades)."""
        names, colors = tuple(p.name for p in state.players), table_colors(state)
        if state.board is not self.board or \
                (colors, names) != (self.map_view.player_colors, self.map_view.player_names):
            self.map_view.set_board(state.board, player_colors=colors, player_names=names)
            self.scoring.board = state.board

    # -- the app's own parts ------------------------------------------------------------------

    # -- the end of the game, told as the Score tab reveals it --------------------------------

    def prompt(self) -> str:
        """What the table waits for (``TableController.prompt``); while the Score tab reveals
        the end step by step, that reveal (``END_REVEALED``), not yet the winner: the winner is
        told when the reveal reaches the final table or Show all ends it (``_reveal_moved``)."""
        return _(END_REVEALED) if self._end_revealing() else super().prompt()

    def _end_revealing(self) -> bool:
        """Whether the end shown is being revealed step by step: the reveal under way, or about
        to start (the end just reached, the status line told before the table is drawn)."""
        state = self.state
        if not state.is_over or self.remote is not None:
            return False
        if self.scoring.sheet is not None and self.scoring.shown is not None:
            return True
        return (not self._was_over and self._reached_here(self._drawn) and not state.teams
                and running_loop() is not None)  # as the Score tab reveals a sheet

    def _reached_here(self, drawn: GameState | None) -> bool:
        """Whether the end shown was played to here from ``drawn`` (the state drawn last; not a
        finished game loaded), at a paced table (bots at once, ``bot_delay`` 0, show it at
        once too): then the end is told step by step."""
        return self.bot_delay > 0 and drawn is not None and not drawn.is_over and \
            any(drawn is s for s in self._game.states)

    def _reveal_moved(self, change: dict[str, object]) -> None:
        """The Score tab's reveal moved on: the coach's review (which tells the final points)
        waits for the final table; there, or when Show all ends the reveal, the status line
        tells the winner."""
        self.review_box.layout.display = "none" if change["new"] is not None else None
        if change["new"] is None and change["old"] is not None and self.state.is_over:
            self.status.say(self.prompt())

    def _final_to_players(self) -> None:
        """The players table's points column: the final totals once the Score tab's sheet is
        told whole (the reveal done), the route points before (``PlayersTable.sheet``)."""
        told = self.scoring.sheet if self.scoring.shown is None else None
        self.players_table.sheet = told

    def _render_page(self, state: GameState, active: bool) -> None:
        over = state.is_over
        drawn, self._drawn = self._drawn, self._game.state
        if over and not self._was_over and self.remote is None:  # a shared game: at its record
            self.scoring.step_by_step = self._reached_here(drawn)  # the end told step by step
            self._show_score(select_tab=True)
        elif not over:
            self.scoring.sheet = None
            self._trail_shown = None  # the end reached again (Redo) draws its trails again
            self.scoring.show_running(state, self.map_view.player_colors)
        self._was_over = over
        humans, extras = self.humans, options_title(self._game.initial.options)
        seats, bots = len(self._seats), len(self._seats) - len(humans)
        where = (ngettext("table {name} · {n} seat", "table {name} · {n} seats", seats).format(
            name=self.together.name, n=seats) if self.remote is not None else
                 _("seed {seed} · {people}, {bots}").format(
                     seed=self._game.initial.seed,
                     people=ngettext("{n} person", "{n} people", len(humans)).format(
                         n=len(humans)),
                     bots=ngettext("{n} bot", "{n} bots", bots).format(n=bots)))
        parts = [map_title(state.board.name), *([extras] if extras else []), where]
        this_game = _("This game")
        said = _("{this_game}: {parts}").format(this_game=f"<b>{this_game}</b>",
                                                parts=html.escape(" · ".join(parts)))
        self.title.value = f'<div style="font-size:12px">{said}</div>'
        assign(self.stepper, humans=humans, paused=self._paused and self._bots.moving(),
               game=self._game)
        assign(self.records, recordable=self.remote is None and self._from_deal(),
               game=self._game)
        if self.keeper is not None and self.remote is None:
            self.keeper.keep(self._game, self.kinds)
        assign(self.plan_panel, viewer=self.viewer, route=self._selected, state=state)
        self.hint_button.disabled = over

    def _show_score(self, *, select_tab: bool) -> None:
        sheet = self._score()
        self.scoring.sheet = sheet
        if self.remote is None:  # a shared game's statistics come with its record, at the end
            self.scoring.show_stats(game_stats(self._game), self.map_view.player_colors)
        self._show_trail()
        if select_tab:
            self.tabs.selected_index = TABS.index("Score")

    def _show_trail(self) -> None:
        """The longest trails that won the bonus on the board, once the end's reveal told them
        (not before: they would give away a step to come)."""
        sheet = self.scoring.sheet
        if sheet is None or not self.scoring.trail_told or self._trail_shown is sheet:
            return
        self._trail_shown = sheet  # once: a ticket's path clicked afterwards stays
        bonus = _("Asian Express") if sheet.teams else bonus_name(self.board.rules)
        self._highlight = (longest_trail_routes(sheet), bonus)
        self._draw_board()

    def _loaded(self, game: Game) -> None:
        self.load_game(game)
        moves = len(game.actions)
        self.status.say(ngettext("Loaded a {map} game of {n} move, shown at step {step}.",
                                 "Loaded a {map} game of {n} moves, shown at step {step}.",
                                 moves).format(map=map_title(game.state.board.name), n=moves,
                                               step=game.cursor), then=self.prompt())

    def _start_clicked(self) -> None:
        self._deal(self.start)

    def _team_clicked(self) -> None:
        self._deal(self.team_start)

    def _deal(self, panel: StartPanel | TeamStartPanel) -> None:
        """A new game as a start panel describes it (a team game from the team panel)."""
        try:
            setup = panel.setup()
            self.new_game(setup.map_name, setup.players, setup.kinds, setup.seed,
                          setup.options)
        except (TTRError, ValueError) as error:
            self.status.refuse(error if isinstance(error, TTRError) else TTRError(str(error)))
        else:
            self.tabs.selected_index = 0

    def _show_setup(self) -> None:
        """The start panel of the game's kind filled from it: the next game the same."""
        first = self._game.initial
        names = tuple(p.name for p in first.players)
        if first.teams:
            self.team_start.show(TeamSetup(first.board.name, names, self.kinds, first.seed))
        else:
            self.start.show(GameSetup(first.board.name, names, self.kinds, first.seed,
                                      first.options.variant, first.options.warehouses,
                                      first.options.longest_bonus))

    def _from_deal(self) -> bool:
        """Whether the game starts from the deal its seed makes (records replay from there)."""
        first = self._game.initial
        if self._deal_checked is None or self._deal_checked[0] is not first:
            self._deal_checked = (first, replayable(self._game))
        return self._deal_checked[1]


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
