"""The play table in lesson mode: a lesson's board is the app's own board, market, hand, tickets,
claim, tunnel and Warehouse panels and status line, around one position.

What differs from the play app is who moves. Nobody plays for the other seats: the learner plays
the seats they have taken (at first, the player to move in the position), and when their turn
is over the table stops there. A further click is then refused under ``turn.order`` — the rule
the app cites for a click out of turn — until the learner presses "Play Ben's turn" (or Reset).
Every move goes to the rules core through ``history.Game.play``, as in the app, so a forbidden
move is answered by the same refusal, word for word, in the same status line; a route or a city
clicked is answered as the app answers it (``advice.claim_refusal`` / ``station_refusal`` /
``depot_refusal``: the one payment heuristic, in the core's advice).

One thing the app does not offer: a row to *try* a payment of one's own (a colour and a number
of locomotives), so the learner can attempt what the rules forbid and read the rule that says
no. It builds the action as typed; the core judges it.

    board = LessonBoard(lessons.drawing()[0].state, instructions=widgets.HTML("Take two cards."))
    board.play(DrawBlind())
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import anywidget
import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import Action, BuildStation, ClaimRoute, PayTunnel, PlaceDepot
from ttr_widgets.rules.advice import (
    claim_refusal,
    route_payments,
    station_cost,
    station_payments,
    warehouse_sizes,
)
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.errors import RulesError, TTRError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import COLORS, GRAY, LOCOMOTIVE
from ttr_widgets.rules.state import DepotPlacement, GameState, TicketChoice, TunnelPayment
from ttr_widgets.rules.words import possessive
from ttr_widgets.widgets.board.fit import BoardFit
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.pages.app_view import assign
from ttr_widgets.widgets.style import APP_CSS, DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.answers import city_answer, closed_routes
from ttr_widgets.widgets.table.claim import ClaimPanel, TunnelPanel, route_title
from ttr_widgets.widgets.table.depots import CollectPanel, FeedRow
from ttr_widgets.widgets.table.hand import HandView
from ttr_widgets.widgets.table.market import Market
from ttr_widgets.widgets.table.narrate import own_move
from ttr_widgets.widgets.table.players import PlayersTable
from ttr_widgets.widgets.table.scoring_view import ScoringView
from ttr_widgets.widgets.table.status import StatusLine
from ttr_widgets.widgets.table.tickets import TicketChoicePanel, TicketsView

__all__ = ["LESSON_CSS", "LessonBoard", "ScrollIntoView",
           "turn_over"]

BOARD_WIDTH, BOARD_HEIGHT = 900, 560  #: px, as the play app draws its board
Answer = Callable[[Action, RulesError | None], object]

#: A lesson's side panel: the instructions on top, every control below them, compact enough
#: that instructions, board and controls share one 1366 × 768 screen.
LESSON_CSS = """
.ttr-lesson .ttr-lesson-text { font-size: 13px; line-height: 1.35; }
.ttr-lesson .ttr-lesson-text h4 { margin: 0 0 2px 0; font-size: 14px; }
.ttr-lesson .ttr-lesson-text p { margin: 0 0 2px 0; }
"""

_SCROLL_ESM = r"""
export default {
  render({ model, el }) {
    const go = () => {
      const table = el.closest('.ttr-lesson') || el;
      table.scrollIntoView({ block: 'start', behavior: 'auto' });
    };
    model.on('change:request', go);
  }
};
"""


class ScrollIntoView(anywidget.AnyWidget):  # type: ignore[misc]
    """Brings the lesson table it sits in (``.ttr-lesson``) into view in the browser each
    time ``request`` grows (``scroll()``)."""

    _esm = _SCROLL_ESM
    request = traitlets.Int(0).tag(sync=True)

    def scroll(self) -> None:
        self.request += 1


def turn_over(state: GameState, learner: str) -> RulesError:
    """The refusal for a click once the learner's turn is over: the rule the app cites for a
    click out of turn (``turn.order``), and how to go on."""
    name = state.player.name
    return RulesError("turn.order", f"It is {possessive(name, capital=False)} turn: "
                      f"{possessive(learner, capital=False)} turn is over. Press “Play "
                      f"{possessive(name, capital=False)} turn” to move for them, or Reset.")


class LessonBoard(widgets.VBox):
    """One position on the play table, in lesson mode (see the module docstring).

    ``instructions`` sits at the top of the side panel, ``controls`` (the lesson's own
    buttons) under the status line. ``on_answer(action, refusal)`` is told every move tried: the
    core's refusal, or None when it was played."""

    def __init__(self, state: GameState, *, instructions: widgets.Widget | None = None,
                 controls: Sequence[widgets.Widget] = (), names: Sequence[str] = (),
                 highlight: Sequence[str] = ()) -> None:
        self._answers: list[Answer] = []
        self._game = Game((state,))
        self.seats: set[int] = {state.current}  #: the players the learner moves
        self.highlight: tuple[str, ...] = tuple(highlight)
        self.selected: str | None = None  #: the route clicked last (its claim panel is open)
        self.selected_city: str | None = None
        players = tuple(names) or tuple(p.name for p in state.players)
        self.map_view = MapView(state.board, player_colors=DEFAULT_PLAYER_COLORS[:len(players)],
                                player_names=players, width=BOARD_WIDTH, height=BOARD_HEIGHT)
        self.map_view.on_route_click(self.select_route)
        self.map_view.on_city_click(self.select_city)
        self.status = StatusLine()
        self.players_table = PlayersTable()
        self.market = Market(self.play)
        self.hand = HandView(lambda: None)
        self.tickets = TicketsView(self._highlight_path)
        self.ticket_choice = TicketChoicePanel(self.play)
        self.claim = ClaimPanel(self.play, self.clear_selection)
        self.tunnel = TunnelPanel(self.play)
        self.feed = FeedRow(self.play)
        self.collect = CollectPanel(self.play)
        self.take_turn_button = _button("", self.take_turn, "ttr-take-turn", icon="user")
        self.scoring = ScoringView(state.board, self._highlight_path)
        self.score_now = widgets.ToggleButton(
            description="Score if it ended now", icon="list",
            tooltip="The final score as it would stand if the game ended now",
            layout=widgets.Layout(width="auto", margin="2px"))
        self.score_now.add_class("ttr-score-now")
        self.score_now.observe(lambda _c: self._render(), names="value")
        self._make_try_row()
        self.scroller = ScrollIntoView()
        self.scroller.layout.display = "none"
        self.fit = BoardFit(width=BOARD_WIDTH, height=BOARD_HEIGHT)
        side = [instructions] if instructions is not None else []
        self.side = widgets.VBox([*side, self.status, *controls,
                                  widgets.HBox([self.take_turn_button, self.score_now]),
                                  self.scoring, self.players_table, self.tunnel, self.collect,
                                  self.ticket_choice, self.claim, self.try_row, self.feed,
                                  self.market, self.hand, self.tickets])
        self.side.add_class("ttr-side")
        for child in self.side.children:
            child.layout.flex = "0 0 auto"
        self.board_box = widgets.Box([self.map_view.widget])
        self.board_box.add_class("ttr-board")
        row = widgets.HBox([self.board_box, self.side],
                           layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        row.add_class("ttr-row")
        css = widgets.HTML(f"<style>{APP_CSS}{LESSON_CSS}</style>",
                           layout=widgets.Layout(display="none"))
        super().__init__([css, self.scroller, self.fit, row], layout=widgets.Layout(width="100%"))
        self.add_class("ttr-app")
        self.add_class("ttr-lesson")
        self._render()
        self.status.say(self.prompt())

    def _make_try_row(self) -> None:
        """The lesson's own row: try a payment as typed (a colour, how many locomotives)."""
        self.try_color = widgets.Dropdown(options=[*COLORS, LOCOMOTIVE], description="Try",
                                          layout=widgets.Layout(width="150px"))
        self.try_color.style.description_width = "28px"
        self.try_color.add_class("ttr-try-color")
        self.try_locomotives = widgets.BoundedIntText(value=0, min=0, max=6,
                                                      description="locomotives",
                                                      layout=widgets.Layout(width="150px"))
        self.try_locomotives.style.description_width = "80px"
        self.try_locomotives.add_class("ttr-try-locomotives")
        self.try_button = _button("Try this payment", self.try_payment, "ttr-try-payment")
        self.try_row = widgets.HBox([self.try_color, self.try_locomotives, self.try_button],
                                    layout=widgets.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        self.try_row.add_class("ttr-try-row")

    # -- what the table shows ---------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def state(self) -> GameState:
        return self._game.state

    @property
    def moves(self) -> tuple[Action, ...]:
        """The moves played since the position was set up."""
        return self._game.actions[:self._game.cursor]

    @property
    def active(self) -> bool:
        """Whether the learner may move now (the player to move is one of their seats)."""
        state = self.state
        return not state.is_over and state.current in self.seats

    @property
    def viewer(self) -> int:
        """Whose hand and tickets are shown: the player to move, or the learner's last seat."""
        state = self.state
        return state.current if state.current in self.seats else max(
            self.seats, key=lambda seat: (seat - state.current) % len(state.players))

    def on_answer(self, callback: Answer) -> None:
        """Call ``callback(action, refusal)`` for every move tried."""
        self._answers.append(callback)

    def prompt(self) -> str:
        """What the table waits for, in words."""
        state = self.state
        if state.is_over:
            return "The game is over. Press Reset to try again."
        name = state.player.name
        if not self.active:
            return (f"{possessive(self._learner())} turn is over; it is "
                    f"{possessive(name, capital=False)} turn. Press “Play "
                    f"{possessive(name, capital=False)} turn” to play it, or Reset.")
        pending = state.pending
        if isinstance(pending, TicketChoice):
            return f"{name}: choose the tickets to keep (at least {pending.keep})."
        if isinstance(pending, TunnelPayment):
            return f"{name}: pay the tunnel's extra cards, or decline."
        if isinstance(pending, DepotPlacement):
            return f"{name}: place a Depot — click a city on the board."
        if pending is not None:
            return f"{name}: finish the turn below."
        city = ("" if not (state.board.has_stations or state.warehouses) else
                " or a city (a station" + (", a Depot)" if state.warehouses else ")"))
        return f"{possessive(name)} turn: draw cards, click a route{city}, or draw tickets."

    # -- moves (what the buttons and clicks call) -----------------------------------------------

    def play(self, action: Action) -> bool:
        """Play ``action`` for the player to move, as a click does: through the core, and its
        refusal to the status line. Returns whether it was played."""
        refusal = None if self.active else self._seat_refusal()
        if refusal is None:
            before = self.state
            try:
                self._game = self._game.play(action)
            except RulesError as error:
                refusal = error
            except TTRError as error:  # not a rule: said as it is, never a traceback
                self.status.refuse(error)
                return False
            else:
                self.selected = self.selected_city = None
                self._render()
                told = own_move(before, action, self.state)
                moved_on = self.state.current != before.current or self.state.is_over
                self.status.say(told, "done", then=self.prompt() if moved_on else "")
        if refusal is not None:
            self.status.refuse(refusal)
        for answer in self._answers:
            answer(action, refusal)
        return refusal is None

    def take_turn(self) -> None:
        """Move for the player whose turn it is now (the "Play Ben's turn" button)."""
        if not self.state.is_over:
            self.seats.add(self.state.current)
            self._render()
            self.status.say(self.prompt())

    def select_route(self, route_id: str) -> None:
        """Open the claim panel for ``route_id``; the status line answers as the app's does."""
        state = self.state
        route = state.board.route(route_id)
        self.selected, self.selected_city = route_id, None
        self._preset(route_payments(state, route_id) if self.active else (),
                     route.color if route.color != GRAY else COLORS[0], route.length)
        refusal = self._seat_refusal() or claim_refusal(state, route_id)
        self._render()
        if refusal is not None:
            self.status.refuse(refusal)
        else:
            self.status.say(f"{route_title(state.board, route)}: choose how to pay below.")

    def select_city(self, city: str) -> None:
        """A city clicked: a Depot placed while setup waits for one, else the station (and
        Depot) panel, answered as the app answers it."""
        state = self.state
        if isinstance(state.pending, DepotPlacement):
            self.play(PlaceDepot(city))
            return
        self.selected, self.selected_city = None, city
        cost = station_cost(state) or 1
        self._preset(station_payments(state, city) if self.active else (), COLORS[0], cost)
        answer = self._seat_refusal() or city_answer(state, city)
        self._render()
        if isinstance(answer, RulesError):
            self.status.refuse(answer)
        else:
            self.status.say(answer)

    def clear_selection(self) -> None:
        """Close the claim panel (its Cancel button)."""
        self.selected = self.selected_city = None
        self._render()
        self.status.say("Cancelled: nothing is selected.", then=self.prompt())

    def try_payment(self) -> bool:
        """Play the payment typed in the try row: a claim of the selected route, a station in
        the selected city, or a tunnel's extra cards."""
        color, locomotives = self.try_color.value, self.try_locomotives.value
        state = self.state
        if isinstance(state.pending, TunnelPayment):
            return self.play(PayTunnel(locomotives))
        if self.selected is not None:
            length = state.board.route(self.selected).length
            return self.play(ClaimRoute(self.selected, color,
                                        length if color == LOCOMOTIVE else locomotives))
        if self.selected_city is not None:
            cost = station_cost(state) or 1
            return self.play(BuildStation(self.selected_city, color,
                                          cost if color == LOCOMOTIVE else locomotives))
        self.status.say("Click a route or a city on the board first: the payment is for it.")
        return False

    def reset(self, state: GameState | None = None) -> None:
        """Back to the position (or to ``state``, a new one on the same board)."""
        state = self._game.initial if state is None else state
        if state.board is not self.state.board:
            raise ValueError(f"state: a position on {self.state.board.name}, not "
                             f"{state.board.name}")
        self._game = Game((state,))
        self.seats = {state.current}
        self.selected = self.selected_city = None
        self._render()
        self.status.say(self.prompt())

    def scroll_into_view(self) -> None:
        """Bring this table into view in the browser."""
        self.scroller.scroll()

    # -- internals ----------------------------------------------------------------------------

    def _learner(self) -> str:
        return self.state.players[self.viewer].name

    def _seat_refusal(self) -> RulesError | None:
        return None if self.active or self.state.is_over else turn_over(self.state,
                                                                          self._learner())

    def _preset(self, payments: Sequence[ClaimRoute | BuildStation], color: str,
                cost: int) -> None:
        """The try row starts at the first payment the panel offers (or the route's colour)."""
        first = payments[0] if payments else None
        self.try_locomotives.max = max(cost, 1)
        self.try_color.value = first.color if first is not None else color
        self.try_locomotives.value = first.locomotives if first is not None else 0

    def _highlight_path(self, routes: Sequence[str], _label: str) -> None:
        self.highlight = tuple(routes)
        self._draw_board()

    def _render(self) -> None:
        state, viewer, active = self.state, self.viewer, self.active
        assign(self.market, state=state)
        self.market.pass_button.layout.display = None  # a lesson lets the learner try to pass
        assign(self.players_table, state=state, colors=tuple(self.map_view.player_colors),
                kinds=tuple("you" if i in self.seats else "waits"
                            for i in range(len(state.players))))
        assign(self.hand, viewer=viewer, reveal="", state=state)
        assign(self.tickets, viewer=viewer, state=state)
        assign(self.ticket_choice, viewer=state.current if active else None, state=state)
        assign(self.tunnel, active=active, state=state)
        assign(self.feed, active=active, state=state)
        assign(self.collect, active=active, state=state)
        assign(self.claim, active=active, route=self.selected, city=self.selected_city,
                state=state)
        chosen = self.selected is not None or self.selected_city is not None
        tunnel = isinstance(state.pending, TunnelPayment)
        self.try_row.layout.display = None if active and (chosen or tunnel) else "none"
        self.try_color.layout.display = "none" if tunnel else None
        if tunnel and isinstance(state.pending, TunnelPayment):
            self.try_locomotives.max = state.pending.extra
        self._render_score(state)
        waiting = not active and not state.is_over
        self.take_turn_button.layout.display = None if waiting else "none"
        self.take_turn_button.description = f"Play {possessive(state.player.name, capital=False)}" \
                                            " turn"
        self._draw_board()

    def _render_score(self, state: GameState) -> None:
        """The app's score sheet: when the game is over, or asked for mid-game."""
        over = state.is_over
        self.score_now.layout.display = "none" if over else None
        shown = over or self.score_now.value
        sheet = score(state) if shown else None
        if sheet != self.scoring.sheet:
            self.scoring.sheet = sheet
        self.scoring.layout.display = None if shown else "none"

    def _draw_board(self) -> None:
        state = self.state
        marked: tuple[str, ...] = ()
        pending = state.pending
        if isinstance(pending, TicketChoice) and self.active:
            tickets = [state.board.ticket(t) for t in pending.tickets]
            marked = tuple(dict.fromkeys(c for t in tickets for c in (t.a, t.b)))
        self.map_view.show(owners=state.route_owners(), stations=state.station_owners(),
                           highlight=self.highlight, selected=self.selected,
                           selected_city=self.selected_city, depots=state.depot_owners(),
                           warehouses=warehouse_sizes(state), closed=closed_routes(state),
                           marked=marked, marked_label="ticket cities")


def _button(label: str, action: Callable[[], object], css: str, icon: str = "") -> widgets.Button:
    button = widgets.Button(description=label, icon=icon,
                            layout=widgets.Layout(width="auto", margin="2px"))
    button.add_class(css)
    button.on_click(lambda _b: action())
    return button
