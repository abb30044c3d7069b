"""The table controller: one game on the board and the table's components around it, written
once for the play app, the lesson boards and a shared table's page.

Data flows one way. A click on the board or a button becomes an action for the rules core
(``history.Game.play``); the controller takes the new game and every component re-renders from
the state shown; a refusal comes back as ``RulesError`` and its sentence goes to the status
line, never a traceback. The controller decides no rule: clicks are answered by the core
(``advice.claim_refusal``, ``answers``), and the board shows one value built from the state
(``marks()``, ``board.marks.Marks``). What the components show is the viewer's view
(``rules.view``; between hotseat turns the public view), so none can show what its viewer may
not see.

Who sits at each seat is a policy (``seats``): the seat says whether a click here may act for
it, what the prompt says and whether it moves by itself (bots: a move every ``bot_delay``
seconds on the event loop, by ``bots.SeatTurns``). A team game is a game like any other, with
team seats (``seats.team_seat``). A page (``pages.app.PlayApp``, ``course.lesson_board``) lays
out the components (``status``, ``map_view``, ``market``, ``hand``, ``tickets``, ``claim`` …)
and draws its own parts in ``_render_page``.

Where a move is played is a seam too: here, or at a shared table (``connect(remote)``: the
table service holds the game, the page its seat's view, the other seats are
``seats.RemoteSeat``s, and ``remote.Outbox`` carries the moves: ``receive`` shows and tells the
table's next view, ``refused`` its refusal for this page).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ttr_widgets.bots.coach import Verdict
from ttr_widgets.rules.actions import Action, ClaimRoute, KeepTickets, PlaceCard, PlaceDepot
from ttr_widgets.rules.advice import claim_refusal
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import (
    CardPlacement,
    DepotPlacement,
    FirstCard,
    GameState,
    ShareChoice,
)
from ttr_widgets.rules.view import public_view, view
from ttr_widgets.rules.words import is_you
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.marks import Marks
from ttr_widgets.widgets.table.answers import city_answer, hint_answer, table_marks
from ttr_widgets.widgets.table.bots import SeatTurns
from ttr_widgets.widgets.table.claim import ClaimPanel, TunnelPanel, route_title
from ttr_widgets.widgets.table.coach import CoachBox
from ttr_widgets.widgets.table.depots import CollectPanel, FeedRow
from ttr_widgets.widgets.table.hand import HandView
from ttr_widgets.widgets.table.holders import (
    HoldersView,
    PlacementPanel,
    ShareAction,
    ShareChoicePanel,
)
from ttr_widgets.widgets.table.market import Market
from ttr_widgets.widgets.table.narrate import last_claims, navigation_story, own_move
from ttr_widgets.widgets.table.players import PlayersTable
from ttr_widgets.widgets.table.remote import Outbox, Remote
from ttr_widgets.widgets.table.scoring_view import ScoringView
from ttr_widgets.widgets.table.seats import Seat, team_seat, viewer
from ttr_widgets.widgets.table.status import StatusLine
from ttr_widgets.widgets.table.teams import table_colors
from ttr_widgets.widgets.table.tickets import LongTicketRule, TicketChoicePanel, TicketsView

__all__ = ["BOARD_HEIGHT", "BOARD_WIDTH", "Answer", "Remote", "TableController", "assign"]

BOARD_WIDTH = 900  #: px, the board as drawn; the browser scales it to fit (fit.BoardFit)
BOARD_HEIGHT = 560
Answer = Callable[[Action, RulesError | None], object]


class TableController(widgets.VBox):
    """A game on the board with the table's components (see the module docstring).

    ``game`` is shown at its cursor; ``seats`` holds one policy per player. ``names`` are the
    players the board's legend keys (default: the game's). The page lays the components out
    (``children``) and then calls ``begin()``."""

    def __init__(self, game: Game, seats: Sequence[Seat], *, bot_delay: float = 0.4,
                 paused: bool = False, names: Sequence[str] = (), coach: bool = False) -> None:
        if bot_delay < 0:
            raise ValueError(f"bot_delay: expected seconds ≥ 0, not {bot_delay}")
        super().__init__(layout=widgets.Layout(width="100%"))
        self.bot_delay = bot_delay
        self._game = game
        self._seats = self._checked(seats, game.state)
        self._revealed: tuple[int, int] | None = None  #: (player, turn) whose hand is shown
        self._selected: str | None = None  #: the route clicked last
        self._selected_city: str | None = None
        self._highlight: tuple[tuple[str, ...], str] = ((), "")  #: until the next move
        self._standing: tuple[str, ...] = ()  #: highlighted whenever nothing else is
        self._paused = paused  #: bots wait (after undo / jump / load) until "Play on"
        self._bots = SeatTurns(self, self._take)  #: the self-moving seats' turns (bots)
        self._sheet: tuple[GameState, ScoreSheet] | None = None
        self._seen: tuple[GameState, int | None, GameState] | None = None
        self._answers: list[Answer] = []
        self._outbox: Outbox | None = None  #: a shared table's moves (None: played here)

        state = game.state
        players = tuple(names) or tuple(p.name for p in state.players)
        self.status = StatusLine()
        self.map_view = MapView(state.board, player_colors=table_colors(state, len(players)),
                                player_names=players, width=BOARD_WIDTH, height=BOARD_HEIGHT)
        self.map_view.on_route_click(self.select_route)
        self.map_view.on_city_click(self.select_city)
        self.market = Market(self.play)
        self.hand = HandView(self.reveal_hand)
        self.tickets = TicketsView(self.show_path)
        self.ticket_choice = TicketChoicePanel(self.play)
        self.ticket_rule = LongTicketRule()
        self.players_table = PlayersTable()
        self.claim = ClaimPanel(self.play, self.clear_selection)
        self.tunnel = TunnelPanel(self.play)
        self.feed = FeedRow(self.play)
        self.collect = CollectPanel(self.play)
        self.scoring = ScoringView(state.board, self.show_path)
        self.holders = HoldersView()  # a team game's parts (nothing shown in other games)
        self.placement = PlacementPanel(self.play)
        self.share_choice = ShareChoicePanel(self.play)
        self.share = ShareAction(self.play)
        self.coach = CoachBox(self._follow_coach) if coach else None

    def begin(self) -> None:
        """Draw every component, say what the table waits for, and let the bots move."""
        self._render()
        self.status.say(self.prompt())
        self._bots.advance()

    # -- what the table shows ----------------------------------------------------------------

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
    def seating(self) -> tuple[Seat, ...]:
        """Each player's seat policy."""
        return self._seats

    @property
    def kinds(self) -> tuple[str, ...]:
        """What sits at each seat, in the players table's words (``"human"``, ``"greedy"``…)."""
        return tuple(seat.kind for seat in self._seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats a person at this screen plays."""
        return tuple(i for i, seat in enumerate(self._seats) if seat.here)

    @property
    def viewer(self) -> int | None:
        """The player whose hand and tickets are shown (None: hidden, hotseat between turns)."""
        return viewer(self._seats, self.state, self._revealed)

    @property
    def active(self) -> bool:
        """Whether a click here may move now for the player to move, whose hand is shown."""
        state = self.state
        return (not state.is_over and self.viewer == state.current and self._bots.task is None
                and self._refusal() is None)

    @property
    def selected(self) -> str | None:
        """The route selected on the board (its claim panel is open)."""
        return self._selected

    @property
    def selected_city(self) -> str | None:
        return self._selected_city

    @property
    def seen(self) -> GameState:
        """What the screen shows of the state: the viewer's view (``rules.view``), or between
        hotseat turns the public view."""
        state, shown = self.state, self.viewer
        if self._seen is None or self._seen[0] is not state or self._seen[1] != shown:
            self._seen = (state, shown, public_view(state) if shown is None else
                          view(state, shown))
        return self._seen[2]

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

    def prompt(self) -> str:
        """What the table waits for, in words (the seat to move says it)."""
        return self._seats[self.state.current].prompt(self)

    def marks(self) -> Marks:
        """What the board shows (``answers.table_marks``): the highlight until the next move,
        else the page's standing one."""
        routes, label = self._highlight if self._highlight[0] else (self._standing, "")
        return table_marks(self.seen, shown=self.viewer, highlight=routes, label=label,
                           selected=self._selected, selected_city=self._selected_city
                           ).but(last=last_claims(self._game))

    def on_answer(self, callback: Answer) -> None:
        """Call ``callback(action, refusal)`` for every move tried here (``refusal`` None: it
        was played)."""
        self._answers.append(callback)

    # -- moves (what the buttons and the board's clicks call) -------------------------------

    def play(self, action: Action) -> bool:
        """Play ``action`` for the player to move, as a click does: through the core, and a
        refusal to the status line with its rule. Returns whether it was played."""
        refusal = self._refusal()
        question = None if refusal is not None or self.coach is None else \
            self.coach.asks(self.state, action)
        if question is not None:  # the coach asks first; the same move again goes ahead
            self.status.say(question, "hint")
            return False
        if refusal is None and self._outbox is not None:
            return self._send_to_table(self._outbox, action)
        if refusal is None:
            before = self.state
            verdict = self._judge(before, action)
            try:
                game = self._game.play(action)
            except RulesError as error:
                refusal = error
            except TTRError as error:  # not a rule: said as it is, never a traceback
                self.status.refuse(error)
                return False
            else:
                self._moved(before, action, game, verdict)
        if refusal is not None:
            self.status.refuse(refusal)
        for answer in self._answers:
            answer(action, refusal)
        return refusal is None

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
        refusal = self._refusal() or claim_refusal(self.state, route_id)
        self._render()
        if refusal is not None:
            self.status.refuse(refusal)
        else:
            self.status.say(_("{route}: choose how to pay below.").format(
                route=route_title(self.board, route)))

    def select_city(self, city: str) -> None:
        """Open the station panel for ``city`` (the board's city clicks land here). With
        Warehouses & Depots the panel also offers a Depot, and while setup waits for a Depot
        the click places it."""
        state = self.state
        if isinstance(state.pending, DepotPlacement):
            self.play(PlaceDepot(city))
            return
        self._selected, self._selected_city = None, city
        answer = self._refusal() or city_answer(state, city)
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
        self.status.say(_("Cancelled: nothing is selected."), then=self.prompt())

    def show_path(self, routes: Sequence[str], label: str) -> None:
        """Highlight ``routes`` under ``label`` (a ticket's path, a plan) until the next move."""
        self._highlight = (tuple(routes), label)
        self._draw_board()

    def reveal_hand(self) -> None:
        """Hotseat: show the hand of the person whose turn it is."""
        state = self.state
        seat = self._seats[state.current]
        refusal = seat.refusal(self)
        if not seat.here and refusal is not None:
            self.status.refuse(refusal)
            return
        self._revealed = (state.current, state.turn)
        self._render()
        self.status.say(self.prompt())

    def hint(self) -> None:
        """What the expert bot would do in this position, and why in numbers, in the status
        line (``answers.hint_answer``); a claim's panel opens for it, a ticket choice ticks the
        tickets it keeps."""
        state = self.state
        refusal = self._refusal()
        if refusal is not None:
            self.status.refuse(refusal)
            return
        if self.viewer != state.current:
            name = state.player.name
            self.status.say((_("Show your hand first: the hint is about it.") if is_you(name) else
                             _("Show {name}'s hand first: the hint is about it.")).format(
                                 name=name))
            return
        action, words = hint_answer(state)
        if isinstance(action, ClaimRoute):
            self._selected, self._selected_city = action.route, None
            self._render()
            if action.color in dict(self.claim.colors.options).values():
                self.claim.colors.value = action.color  # the panel proposes the hint's payment
        elif isinstance(action, KeepTickets):
            self.ticket_choice.tick(action.tickets)  # the boxes follow the hint's keep
        elif isinstance(action, PlaceDepot) and state.pending is None:
            self._selected, self._selected_city = None, action.city
            self._render()
        self.status.say(words, "hint")

    def navigate(self, game: Game) -> None:
        """Show another point of the game's history (undo, redo, a jump); bots wait there."""
        before = self._game
        self._bots.stop()
        self._paused = True
        self._selected = self._selected_city = None
        self._highlight = ((), "")
        self._game = game
        self._render()
        self.status.say(navigation_story(before, game), then=self.prompt())

    def pause(self) -> None:
        """Stop the bots: they wait for Play on (while a team game is shown, say)."""
        self._bots.stop()
        self._paused = True
        self._render()

    def resume(self) -> None:
        """Let the bots play on from the position shown."""
        self._paused = False
        self._render()
        self._bots.advance()

    # -- a shared table (the game's authority elsewhere) --------------------------------------

    @property
    def remote(self) -> Remote | None:
        """The shared table this page plays at, if any (``connect``)."""
        return None if self._outbox is None else self._outbox.remote

    def connect(self, remote: Remote | None, state: GameState, seats: Sequence[Seat]) -> None:
        """Play at a shared table from now on (None: here again): show ``state`` (this seat's
        view) with ``seats`` (the page's own seat a person, the others ``RemoteSeat``s)."""
        self.show_game(Game((state,)), seats, paused=False)
        self._outbox = None if remote is None else Outbox(remote)

    def receive(self, state: GameState, seats: Sequence[Seat] | None = None,
                told: str = "") -> None:
        """The table's next view (and who sits where now): shown, then told — this page's own
        move in the app's words (with the coach's), anyone else's as the table tells it."""
        before, outbox = self.state, self._outbox
        if seats is not None:
            self._seats = self._checked(seats, state)
        self._game = Game((state,))
        if state.turn != before.turn or state.current != before.current:
            self._selected = self._selected_city = None
            self._highlight = ((), "")
        coached = None if outbox is None else outbox.coached(before, state)
        if outbox is not None:
            told = outbox.answered(before, state) or told
        self._render()
        refusal = None if outbox is None else outbox.kept_refusal()
        if refusal is not None:  # a stale move's refusal, then what happened meanwhile
            self.status.refuse(refusal, then=f"{told} {self.prompt()}".strip())
        elif told:  # the coach's word is advice
            self.status.say(told, "done" if coached is None else "hint", then=self.prompt())
        else:
            self.status.say(self.prompt())
        may_play = self.viewer == state.current and not state.is_over
        queued = None if outbox is None else outbox.next_click(may_play)
        if queued is not None:  # the click made while the move travelled
            self.play(queued)

    def refused(self, error: TTRError) -> None:
        """The table refused this page's move (said to this page only); a click made after it
        is dropped."""
        if self._outbox is not None:
            self._outbox.refused(error)
        self.status.refuse(error)

    def _send_to_table(self, outbox: Outbox, action: Action) -> bool:
        """A move for the shared table: sent (or kept until the move in flight is answered),
        judged by the coach meanwhile; the answer comes as ``receive`` or ``refused``."""
        if outbox.send(self.state, action, self._judge):
            self.status.say(_("Sent to the table…"))
            for answer in self._answers:
                answer(action, None)
        return True

    def _judge(self, state: GameState, action: Action) -> Verdict | None:
        return None if self.coach is None else self.coach.verdict(state, action)

    # -- seats and games ----------------------------------------------------------------------

    def sit(self, seat: int, policy: Seat) -> None:
        """Put ``policy`` at ``seat`` (a lesson's learner taking a seat) and show the table."""
        seats = list(self._seats)
        seats[seat] = team_seat(policy, self.state.teams)
        self._seats = tuple(seats)
        self._render()
        self.status.say(self.prompt())
        self._bots.advance()

    def show_game(self, game: Game, seats: Sequence[Seat] | None = None, *,
                  paused: bool = True) -> None:
        """Show ``game`` from its cursor with ``seats`` (default: the same), nothing selected;
        ``paused``: the bots wait for Play on. The board keeps its map and legend. The game is
        played here (a shared table's connection, if any, is left)."""
        self._bots.stop()
        self._outbox = None
        self._seats = self._checked(self._seats if seats is None else seats, game.state)
        self._game = game
        self._revealed = None
        self._selected = self._selected_city = None
        self._highlight = ((), "")
        self._paused = paused
        self.begin()

    # -- the drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw every component again from the state shown."""
        self._render()

    def refresh_selection(self) -> bool:
        """A new position to move in: a route or city selected before it (by a hint, the
        coach, a click while the bots moved) stays open only while it can be built on now, so
        no panel says "not possible now" with no reason said at the top. Returns whether it
        closed one (the caller draws the table)."""
        state, before = self.state, (self._selected, self._selected_city)
        if self._selected is not None and \
                (self._refusal() or claim_refusal(state, self._selected)) is not None:
            self._selected = None
        if self._selected_city is not None and \
                isinstance(self._refusal() or city_answer(state, self._selected_city), RulesError):
            self._selected_city = None
        return (self._selected, self._selected_city) != before

    def _take(self, game: Game) -> None:
        """A move a seat made by itself: the table's game from now on (drawn when asked)."""
        self._game = game

    def _render(self) -> None:
        """Every component from the viewer's view of the state shown (each re-renders only
        what changed)."""
        state, shown, active = self.seen, self.viewer, self.active
        here = self._seats[state.current].here
        assign(self.market, state=state)
        assign(self.players_table, kinds=self.kinds, state=state,
               colors=tuple(self.map_view.player_colors))
        reveal = state.player.name if shown is None and here and not state.is_over else ""
        assign(self.hand, viewer=shown, reveal=reveal, state=state)
        assign(self.tickets, viewer=shown, state=state)
        assign(self.holders, viewer=shown, state=state)
        assign(self.ticket_choice, viewer=shown if active else None, state=state)
        for part in (self.ticket_rule, self.tunnel, self.feed, self.collect, self.placement,
                     self.share_choice, self.share):
            assign(part, active=active, state=state)
        assign(self.claim, active=active, route=self._selected, city=self._selected_city,
               state=state)
        self._follow_coach()
        self._render_page(state, active)
        self._draw_board()

    def _render_page(self, state: GameState, active: bool) -> None:
        """The page's own parts, drawn from the state shown before the board is."""

    def _draw_board(self) -> None:
        self.map_view.show(self.marks())

    def _follow_coach(self) -> None:
        if self.coach is not None:
            self.coach.follow(self._game, self.humans)

    def _score(self) -> ScoreSheet:
        state = self.state
        if self._sheet is None or self._sheet[0] is not state:
            self._sheet = (state, score(state))
        return self._sheet[1]

    # -- internals: moves, seats, bots ----------------------------------------------------------

    def _refusal(self) -> RulesError | None:
        """Why a click here cannot act now (the seat to move says)."""
        return self._seats[self.state.current].refusal(self)

    def _moved(self, before: GameState, action: Action, game: Game,
               verdict: Verdict | None) -> None:
        """A move made here: shown, told (with the coach's word), then the bots' turns."""
        self._paused = False
        self._selected = self._selected_city = None
        self._highlight = ((), "")
        self._game = game
        self._render()
        told = own_move(before, action, game.state)
        if verdict is not None:  # what the move cost, and the better move on the board
            told = _("{move} Coach: {verdict}").format(move=told, verdict=verdict.sentence)
            if isinstance(verdict.better, ClaimRoute):
                self._selected = verdict.better.route
                self._render()
        kind = "done" if verdict is None else "hint"  # the coach's word is advice
        if not self._bots.advance(told, kind):
            if self.refresh_selection():
                self._render()
            state = game.state
            then = ""
            if (state.is_over or state.current != before.current
                    or isinstance(state.pending, FirstCard | DepotPlacement | CardPlacement
                                  | ShareChoice)
                    or isinstance(action, PlaceDepot | PlaceCard)):
                then = self.prompt()
            self.status.say(told, kind, then=then)

    @staticmethod
    def _checked(seats: Sequence[Seat], state: GameState) -> tuple[Seat, ...]:
        """One seat per player; at a team game, team seats."""
        seats = tuple(team_seat(seat, state.teams) for seat in seats)
        if len(seats) != len(state.players):
            raise ValueError(f"seats: expected one per player ({len(state.players)}), got "
                             f"{len(seats)}")
        return seats


def assign(widget: widgets.Widget, **values: object) -> None:
    """Set several traits of a component at once: its observers run after all are set, so it
    never renders a mix of old and new values."""
    with widget.hold_trait_notifications():
        for name, value in values.items():
            setattr(widget, name, value)
