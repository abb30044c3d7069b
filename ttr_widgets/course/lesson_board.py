"""The play table in lesson mode: a lesson's board is the app's own board, market, hand, tickets,
claim, tunnel and Warehouse panels and status line, around one position.

It is the play app's table controller (``table.controller.TableController``) with the lesson's
seat policy (``table.seats``): nobody plays for the other seats; the learner plays the seats
they have taken (``LearnerSeat``: at first, the player to move in the position), and when their
turn is over the table stops there. A further click is then refused under ``turn.order`` — the
rule the app cites for a click out of turn — until the learner presses "Play Ben's turn" (or
Reset): the other seats wait (``WaitingSeat``). (A lesson may seat bots at the others instead,
``seats``: the team lesson does, and they play their turns as in the app.) Every move goes to
the rules core through ``history.Game.play``, as in the app, so a forbidden move is answered by
the same refusal, word for word, in the same status line; a route or a city clicked is answered
as the app answers it (``advice.claim_refusal`` / ``station_refusal`` / ``depot_refusal``: the
one payment heuristic, in the core's advice). The lesson's own parts: the try row, "Score if it
ended now", and the scroll helper that brings the table into view. The app's keyboard finder
(``table.finder``: a city typed, its routes as buttons, the live region) is on every lesson
board too, without the hint's and undo's keys (a lesson has Reset and Show me).

One thing the app does not offer: a row to *try* a payment of one's own, as a number of cards
of each colour ("2 red and 1 blue", locomotives included), for a route, a station or a
tunnel's extra cards, so the learner can attempt what the rules forbid and read the rule that
says no. The core turns the cards typed into the move (``advice.typed_payment``, which refuses
two colours mixed with the rule's sentence) and judges it.

    board = LessonBoard(lessons.drawing()[0].state, instructions=widgets.HTML("Take two cards."))
    board.play(DrawBlind())
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import anywidget
import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.actions import Action, BuildStation, ClaimRoute, PayTunnel
from ttr_widgets.rules.advice import (
    route_payments,
    station_cost,
    station_payments,
    tunnel_payments,
    typed_payment,
)
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import CARD_NAMES, COLORS, GRAY, LOCOMOTIVE
from ttr_widgets.rules.state import DepotPlacement, GameState, TunnelPayment
from ttr_widgets.rules.words import colour_name
from ttr_widgets.widgets.board.fit import BoardFit
from ttr_widgets.widgets.style import APP_CSS
from ttr_widgets.widgets.table.controller import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    Answer,
    TableController,
)
from ttr_widgets.widgets.table.finder import TableFinder
from ttr_widgets.widgets.table.seats import (
    LearnerSeat,
    Seat,
    WaitingSeat,
    take_over_label,
    turn_over,
)

__all__ = ["LESSON_CSS", "Answer", "LessonBoard", "ScrollIntoView", "learner_seats",
           "turn_over"]

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


def learner_seats(state: GameState, learner: Iterable[int] = ()) -> tuple[Seat, ...]:
    """A lesson's seats: the learner at ``learner`` (default: the player to move), the others
    waiting."""
    mine = set(learner) or {state.current}
    return tuple(LearnerSeat() if i in mine else WaitingSeat()
                 for i in range(len(state.players)))


class LessonBoard(TableController):
    """One position on the play table, in lesson mode (see the module docstring).

    ``instructions`` sits at the top of the side panel, ``controls`` (the lesson's own
    buttons) under the status line. ``on_answer(action, refusal)`` is told every move tried: the
    core's refusal, or None when it was played. ``highlight`` (route ids) stays on the board
    whatever is played, a ticket's path over it until the next move."""

    def __init__(self, state: GameState, *, instructions: widgets.Widget | None = None,
                 controls: Sequence[widgets.Widget] = (), names: Sequence[str] = (),
                 highlight: Sequence[str] = (), seats: Sequence[Seat] | None = None,
                 bot_delay: float = 0) -> None:
        plan = None if seats is None else tuple(seats)
        super().__init__(Game((state,)), learner_seats(state) if plan is None else plan,
                         bot_delay=bot_delay, names=names)
        self._seat_plan = plan  #: the lesson's own seats (None: the learner's, waiting ones)
        self._standing = tuple(highlight)
        self.take_turn_button = _button("", self.take_turn, "ttr-take-turn", icon="user")
        self.score_now = widgets.ToggleButton(icon="list",
                                              layout=widgets.Layout(width="auto", margin="2px"))
        self.score_now.add_class("ttr-score-now")
        self.score_now.observe(lambda _c: self._render(), names="value")
        self._tunnel_preset: TunnelPayment | None = None
        self._make_try_row()
        self.scroller = ScrollIntoView()
        self.scroller.layout.display = "none"
        self.fit = BoardFit(width=BOARD_WIDTH, height=BOARD_HEIGHT)
        self.finder = TableFinder(self, hints=False)  # the board by keyboard, as in the app
        side = [instructions] if instructions is not None else []
        self.side = widgets.VBox([*side, self.status, *controls,
                                  widgets.HBox([self.take_turn_button, self.score_now]),
                                  self.scoring, self.players_table, self.tunnel, self.collect,
                                  self.ticket_choice, self.ticket_rule, self.share_choice,
                                  self.placement, self.finder, self.claim, self.try_row, self.feed,
                                  self.market, self.hand, self.holders, self.tickets,
                                  self.share])
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
        self.children = (css, self.scroller, self.fit, row)
        self.add_class("ttr-app")
        self.add_class("ttr-lesson")
        self._label()
        self.begin()

    def _label(self) -> None:
        """The lesson's own fixed words (Score if it ended now, the try row) in the language
        now."""
        self.score_now.description = _("Score if it ended now")
        self.score_now.tooltip = _("The final score as it would stand if the game ended now")
        self.try_title.value = ('<span style="font-size:12px">'
                                + _("Try your own payment, cards of each colour:") + "</span>")
        self.try_button.description = _("Try this payment")
        for card, box in self.try_counts.items():
            box.description = colour_name(card)

    def relabel(self) -> None:
        """Every word of the table again in the language now (the page learns its language
        after it is built, from its address): the fixed words of each part and the lesson's
        own, then every part drawn again and the status line saying what the table waits for."""
        self._label()
        for part in (self.market, self.hand, self.tickets, self.ticket_choice, self.ticket_rule,
                     self.claim, self.tunnel, self.finder, self.players_table, self.scoring):
            part.relabel()
        self.redraw()
        self.status.say(self.prompt())

    def _make_try_row(self) -> None:
        """The lesson's own row: try a payment as typed, a number of cards of each colour."""
        self.try_counts: dict[str, widgets.BoundedIntText] = {}
        for card in CARD_NAMES:
            box = widgets.BoundedIntText(value=0, min=0, max=9,
                                         layout=widgets.Layout(width="124px"))
            box.style.description_width = "72px" if card == LOCOMOTIVE else "46px"
            box.add_class("ttr-try-count")
            box.add_class(f"ttr-try-{card}")
            self.try_counts[card] = box
        grid = widgets.GridBox(list(self.try_counts.values()), layout=widgets.Layout(
            grid_template_columns="repeat(3, 126px)", grid_gap="0 2px"))
        self.try_title = widgets.HTML()
        self.try_button = _button("", self.try_payment, "ttr-try-payment")
        self.try_row = widgets.VBox([self.try_title, grid, self.try_button],
                                    layout=widgets.Layout(align_items="flex-start"))
        self.try_row.add_class("ttr-try-row")

    @property
    def try_cards(self) -> dict[str, int]:
        """The payment typed in the try row: cards per colour (only those above 0)."""
        return {card: box.value for card, box in self.try_counts.items() if box.value}

    @try_cards.setter
    def try_cards(self, cards: Mapping[str, int]) -> None:
        unknown = sorted(set(cards) - set(CARD_NAMES))
        if unknown:
            raise ValueError(f"cards: no train card {unknown[0]!r}")
        for card, box in self.try_counts.items():
            box.value = cards.get(card, 0)

    # -- what the table shows ---------------------------------------------------------------

    @property
    def seats(self) -> frozenset[int]:
        """The players the learner moves."""
        return frozenset(i for i, seat in enumerate(self.seating) if seat.here)

    @property
    def highlight(self) -> tuple[str, ...]:
        """The routes highlighted on the board: the lesson's, or a ticket's path clicked."""
        return self._highlight[0] or self._standing

    @highlight.setter
    def highlight(self, routes: Sequence[str]) -> None:
        self._standing, self._highlight = tuple(routes), ((), "")
        self._draw_board()

    @property
    def moves(self) -> tuple[Action, ...]:
        """The moves played since the position was set up."""
        return self._game.actions[:self._game.cursor]

    # -- moves (what the buttons and clicks call) -----------------------------------------------

    def take_turn(self) -> None:
        """The "Play Ben's turn" button: the learner takes the seat to move; a bot's seat
        (stopped) is not taken but let play its own move ("Let Ben's bot play"), and the status
        line says so."""
        state = self.state
        if state.is_over:
            return
        if self.seating[state.current].moves_itself:  # the bots play on, and it is said
            self._paused = False
            self._render()
            self._bots.advance(told=_("{name} is a bot in this lesson: it plays its own "
                                      "turn.").format(name=state.player.name))
            return
        self.sit(state.current, LearnerSeat())

    def select_route(self, route_id: str) -> None:
        """Open the claim panel for ``route_id``; the status line answers as the app's does
        (the try row starts at the first payment offered)."""
        state = self.state
        route = state.board.route(route_id)
        self._preset(route_payments(state, route_id) if self.active else (),
                     route.color if route.color != GRAY else COLORS[0], route.length)
        super().select_route(route_id)

    def select_city(self, city: str) -> None:
        """A city clicked: a Depot placed while setup waits for one, else the station (and
        Depot) panel, answered as the app answers it."""
        state = self.state
        if not isinstance(state.pending, DepotPlacement):
            self._preset(station_payments(state, city) if self.active else (), COLORS[0],
                         station_cost(state) or 1)
        super().select_city(city)

    def try_payment(self) -> bool:
        """Play the payment typed in the try row: a claim of the selected route, a station in
        the selected city, or a tunnel's extra cards. Cards the core cannot make a move of
        (two colours mixed, say) are refused as a move is, with the rule's sentence."""
        state, cards = self.state, self.try_cards
        tunnel = isinstance(state.pending, TunnelPayment)
        route = None if tunnel else self.selected
        city = None if tunnel or route is not None else self.selected_city
        if not tunnel and route is None and city is None:
            self.status.say(_("Click a route or a city on the board first: the payment is for "
                              "it."))
            return False
        refused = self._refusal()
        if refused is not None:  # not the learner's turn: said as any click out of turn is
            return self.play(PayTunnel(0) if tunnel else
                             ClaimRoute(route, COLORS[0]) if route is not None else
                             BuildStation(city or "", COLORS[0]))
        try:
            action = typed_payment(state, cards, route=route, city=city)
        except RulesError as refusal:
            self.status.refuse(refusal)
            for answer in self._answers:
                answer(_as_typed(cards, tunnel, route, city), refusal)
            return False
        return self.play(action)

    def reset(self, state: GameState | None = None) -> None:
        """Back to the position (or to ``state``, a new one on the same board)."""
        state = self._game.initial if state is None else state
        if state.board is not self.state.board:
            raise ValueError(f"state: a position on {self.state.board.name}, not "
                             f"{state.board.name}")
        seats = learner_seats(state) if self._seat_plan is None else self._seat_plan
        self.show_game(Game((state,)), seats, paused=False)

    def scroll_into_view(self) -> None:
        """Bring this table into view in the browser."""
        self.scroller.scroll()

    # -- internals ----------------------------------------------------------------------------

    def _preset(self, payments: Sequence[ClaimRoute | BuildStation], color: str,
                cost: int) -> None:
        """The try row starts at the first payment the panel offers (or the route's colour)."""
        first = payments[0] if payments else None
        if first is None:
            self.try_cards = {color: cost}
        elif first.color == LOCOMOTIVE:
            self.try_cards = {LOCOMOTIVE: cost}
        else:
            self.try_cards = {first.color: cost - first.locomotives,
                              LOCOMOTIVE: first.locomotives}

    def _render_page(self, state: GameState, active: bool) -> None:
        self.market.pass_button.layout.display = None  # a lesson lets the learner try to pass
        chosen = self.selected is not None or self.selected_city is not None
        tunnel = isinstance(state.pending, TunnelPayment)
        self.try_row.layout.display = None if active and (chosen or tunnel) else "none"
        pending = state.pending
        if isinstance(pending, TunnelPayment) and self._tunnel_preset != pending:
            self._tunnel_preset = pending  # a new reveal: the row starts at its first payment
            first = next(iter(tunnel_payments(state)), None)
            locos = pending.extra if pending.color == LOCOMOTIVE else \
                first.locomotives if first is not None else 0
            self.try_cards = {pending.color: pending.extra - locos, LOCOMOTIVE: locos}
        self._render_score(state)
        bot = self.seating[state.current].moves_itself
        waiting = not active and not state.is_over and (not bot or self.paused)
        self.take_turn_button.layout.display = None if waiting else "none"
        self.take_turn_button.description = (
            _("Let {name}'s bot play").format(name=state.player.name) if bot
            else take_over_label(state))

    def _render_score(self, state: GameState) -> None:
        """The app's score sheet: when the game is over, or asked for mid-game. It scores the
        game itself (``_score``): the view shown hides the other players' tickets."""
        over = state.is_over
        self.score_now.layout.display = "none" if over else None
        shown = over or self.score_now.value
        sheet = self._score() if shown else None
        if sheet != self.scoring.sheet:
            self.scoring.sheet = sheet
        self.scoring.layout.display = None if shown else "none"


def _as_typed(cards: Mapping[str, int], tunnel: bool, route: str | None,
              city: str | None) -> Action:
    """The move a refused typed payment reads as for whoever listens to the answers (its
    first colour, its locomotives): the refusal is what they hear."""
    color = next((c for c in COLORS if cards.get(c)), LOCOMOTIVE)
    locos = cards.get(LOCOMOTIVE, 0)
    if tunnel:
        return PayTunnel(locos)
    if route is not None:
        return ClaimRoute(route, color, locos)
    return BuildStation(city or "", color, locos)


def _button(label: str, action: Callable[[], object], css: str, icon: str = "") -> widgets.Button:
    button = widgets.Button(description=label, icon=icon,
                            layout=widgets.Layout(width="auto", margin="2px"))
    button.add_class(css)
    button.on_click(lambda _b: action())
    return button
