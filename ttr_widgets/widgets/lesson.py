"""The course's widgets: a "try it" board and exercises the widget checks, not the eye.

``TryIt`` shows a position on the clickable board with a small action panel (the hand, the
face-up row, the claim payments of a clicked route, a clicked city's station or Depot, tickets,
tunnels, Warehouses). Every move goes to the rules core: the result line says the move was
accepted (with what happened) or refused (with the reason, the rule's id and its sentence).

``ScoreExercise`` ("score this finished game"), ``WhichTicketFails`` and ``Quiz`` check the
learner's answers against the core. No widget here decides a rule.

    try_it = TryIt.of(lessons.drawing())
    try_it          # in a notebook
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ttr_widgets.course.lessons import Outcome, Practice
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    CollectWarehouses,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    Pass,
    PayTunnel,
    PlaceDepot,
)
from ttr_widgets.rules.advice import payment_text
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import (
    apply,
    holdings,
    legal_actions,
    score,
    station_cost,
    why_illegal,
)
from ttr_widgets.rules.graph import ticket_path
from ttr_widgets.rules.model import CARD_NAMES, COLORS, GRAY, LOCO, Board, Route
from ttr_widgets.rules.planner import review_for
from ttr_widgets.rules.position import Position, score_position
from ttr_widgets.rules.scoring import Holding, ScoreSheet, format_score_sheet
from ttr_widgets.rules.state import (
    NO_CARD,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    SecondCard,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.words import count

from .map_view import MapView
from .style import DEFAULT_PLAYER_COLORS, ROUTE_FILL

__all__ = ["PlanTryIt", "Quiz", "ScoreExercise", "TryIt", "WhichTicketFails"]

LOCOMOTIVE_FILL = "#b9a0d8"  #: face-up locomotive button (the card shows every colour)
OK, NO = "\u2714", "\u2718"


def _esc(text: object) -> str:
    return html.escape(str(text))


def _rule_html(rule: str) -> str:
    return f"Rule <code>{_esc(rule)}</code>: {_esc(RULES.get(rule, ''))}"


# --------------------------------------------------------------------------- try it


@dataclass(frozen=True, slots=True)
class _Step:
    """A position the TryIt can show, and what counts as doing what it asks."""

    name: str
    title: str
    state: GameState
    prompt: str
    rule: str | None
    demo: tuple[Action, ...]
    outcome: Outcome
    highlight: tuple[str, ...]

    @classmethod
    def of(cls, practice: Practice) -> _Step:
        return cls(practice.name, practice.title, practice.state, practice.prompt, practice.rule,
                   practice.demo, practice.outcome, practice.highlight)


class TryIt:
    """A position to play with: the board, an action panel, and a result line naming the rule.

    ``TryIt(state, prompt=..., expect=...)`` shows one position; ``expect`` is a rule id the
    learner should run into (a refusal), or an action whose kind the learner should make. Use
    ``TryIt.of(practices)`` for a lesson's named positions, with a picker between them.

    ``attempt(action)`` is what every button does; ``reset()`` restores the position;
    ``show_me()`` plays the position's demo. ``widget`` is the box to display.
    """

    def __init__(self, state: GameState, *, prompt: str, expect: str | Action | None = None,
                 highlight: Iterable[str] = (), title: str = "Try it") -> None:
        if isinstance(expect, str) and expect not in RULES:
            raise ValueError(f"expect: unknown rule id {expect!r}")
        if isinstance(expect, str) or expect is None:
            step = _Step("position", title, state, prompt, expect, (), "refused",
                         tuple(highlight))
        else:
            step = _Step("position", title, state, prompt, None, (expect,), "accepted",
                         tuple(highlight))
        self._build((step,))

    @classmethod
    def of(cls, practices: Sequence[Practice]) -> TryIt:
        """A TryIt over a lesson's practices (all on one board), starting with the first."""
        steps = tuple(_Step.of(p) for p in practices)
        if not steps:
            raise ValueError("practices: expected at least one")
        boards = {s.state.board.name for s in steps}
        if len(boards) > 1:
            raise ValueError(f"practices: one board per TryIt, got {', '.join(sorted(boards))}")
        try_it = cls.__new__(cls)
        try_it._build(steps)
        return try_it

    # -- building ---------------------------------------------------------------------------

    def _build(self, steps: tuple[_Step, ...]) -> None:
        self.steps = steps
        self.board: Board = steps[0].state.board
        self.view = MapView(self.board, player_names=_names_for_view(steps))
        self.view.on_route_click(self.click_route)
        self.view.on_city_click(self.click_city)
        self.step = steps[0]
        self.state = self.step.state
        self.history: list[Action] = []  #: accepted moves since the last reset
        self.route: str | None = None  #: the route clicked last
        self.city: str | None = None  #: the city clicked last
        self.goal_met = False
        self._shown: dict[str, Any] = {}
        self._make_controls()
        self._render()

    def _make_controls(self) -> None:
        self.picker = w.Dropdown(
            options=[(f"{i + 1}. {s.title}", i) for i, s in enumerate(self.steps)],
            value=0, description="Position", layout=w.Layout(width="460px"))
        self.picker.observe(lambda change: self.select(self.steps[change["new"]].name),
                            names="value")
        self.prompt = w.HTML()
        self.status = w.HTML()
        self.result = w.HTML()
        self.goal = w.HTML()
        self.face_up_buttons = tuple(w.Button(layout=w.Layout(width="96px"))
                                     for _ in range(self.board.rules.face_up))
        for slot, button in enumerate(self.face_up_buttons):
            button.on_click(self._face_up_handler(slot))
        self.blind_button = self._button("Draw from the pile", lambda: self.attempt(DrawBlind()))
        self.tickets_button = self._button("Draw tickets", lambda: self.attempt(DrawTickets()))
        self.pass_button = self._button("Pass", lambda: self.attempt(Pass()))
        self.reset_button = self._button("Reset", self.reset, icon="undo")
        self.show_me_button = self._button("Show me", self.show_me, icon="play")
        self._make_claim_controls()
        self._make_city_controls()
        self._make_pending_controls()
        self.panel = w.VBox()
        top = [self.picker] if len(self.steps) > 1 else []
        self.widget = w.VBox([*top, self.prompt, self.view.widget, self.status, self.panel,
                              self.result, self.goal])

    def _make_claim_controls(self) -> None:
        self.route_label = w.HTML()
        self.payment_buttons: tuple[w.Button, ...] = ()
        self.payment_box = w.HBox()
        self.claim_color = w.Dropdown(options=[*COLORS, "locomotive"], description="Colour",
                                      layout=w.Layout(width="200px"))
        self.claim_locomotives = w.BoundedIntText(value=0, min=0, max=0,
                                                  description="Locomotives",
                                                  layout=w.Layout(width="170px"))
        self.claim_button = self._button("Claim", self._claim_from_inputs)
        self.claim_box = w.VBox([self.route_label, self.payment_box, w.HBox(
            [self.claim_color, self.claim_locomotives, self.claim_button])])

    def _make_city_controls(self) -> None:
        self.city_label = w.HTML()
        self.station_buttons: tuple[w.Button, ...] = ()
        self.station_payment_box = w.HBox()
        self.station_color = w.Dropdown(options=[*COLORS, "locomotive"], description="Colour",
                                        layout=w.Layout(width="200px"))
        self.station_locomotives = w.BoundedIntText(value=0, min=0, max=3,
                                                    description="Locomotives",
                                                    layout=w.Layout(width="170px"))
        self.station_button = self._button("Build a station", self._station_from_inputs)
        self.depot_button = self._button("Place a Depot here", self._place_depot)
        self.station_box = w.HBox([self.station_color, self.station_locomotives,
                                   self.station_button])
        self.city_box = w.VBox()

    def _make_pending_controls(self) -> None:
        self.ticket_boxes: tuple[w.Checkbox, ...] = ()
        self.keep_button = self._button("Keep the ticked tickets", self._keep_ticked)
        self.tunnel_buttons: tuple[w.Button, ...] = ()
        self.tunnel_locomotives = w.BoundedIntText(value=0, min=0, max=3,
                                                   description="Locomotives",
                                                   layout=w.Layout(width="170px"))
        self.pay_button = self._button("Pay the extra cards", self._pay_from_input)
        self.decline_button = self._button("Decline", lambda: self.attempt(DeclineTunnel()))
        self.feed_buttons: tuple[w.Button, ...] = ()
        self.collect_boxes: tuple[w.Checkbox, ...] = ()
        self.collect_button = self._button("Collect the ticked Warehouses", self._collect_ticked)

    @staticmethod
    def _button(label: str, action: Callable[[], object], icon: str = "") -> w.Button:
        button = w.Button(description=label, icon=icon,
                          layout=w.Layout(width="auto", min_width="90px"))
        button.on_click(lambda _button: action())
        return button

    def _face_up_handler(self, slot: int) -> Callable[[w.Button], None]:
        def handler(_button: w.Button) -> None:
            card = self.state.face_up[slot]
            if card != NO_CARD:
                self.attempt(DrawFaceUp(CARD_NAMES[card]))
        return handler

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<TryIt {self.board.name}: {', '.join(s.name for s in self.steps)}>"

    # -- the moves ----------------------------------------------------------------------------

    def attempt(self, action: Action) -> bool:
        """Try a move for the player whose turn it is: True if the core accepted it."""
        error = why_illegal(self.state, action)
        if error is not None:
            self.result.value = (f"<b style='color:#b00020'>{NO} Refused.</b> "
                                 f"{_esc(error.reason)}<br>{_rule_html(error.rule)}")
            if self.step.outcome == "refused" and error.rule == self.step.rule:
                self._meet_goal()
            return False
        self.state = apply(self.state, action)
        self.history.append(action)
        # the core's event already tells a refreshed row or a reshuffled pile: said once
        self.result.value = (f"<b style='color:#1b7f3b'>{OK} Accepted.</b> "
                             f"{_esc(self.state.last_event)}")
        demo = self.step.demo
        if self.step.outcome == "accepted" and len(self.history) >= len(demo) and \
                type(action) is type(demo[-1]):
            self._meet_goal()
        if not isinstance(action, ClaimRoute | BuildStation | PlaceDepot):
            self.route = self.city = None
        self._render()
        return True

    def _meet_goal(self) -> None:
        self.goal_met = True
        rule = f" That is rule <code>{_esc(self.step.rule)}</code> at work." \
            if self.step.rule else ""
        self.goal.value = f"<b>{OK} Done.</b>{rule}"

    def click_route(self, route_id: str) -> None:
        """Select a route (what a click on its train spaces does)."""
        self.route, self.city = route_id, None
        color, locomotives = _natural_payment(self.state, self.board.route(route_id))
        self.claim_locomotives.max = self.board.route(route_id).length
        self.claim_color.value = color
        self.claim_locomotives.value = locomotives
        self._render()

    def click_city(self, city: str) -> None:
        """Select a city (what a click on it does): stations and Depots are built there."""
        self.city, self.route = city, None
        if isinstance(self.state.pending, DepotPlacement):
            self.attempt(PlaceDepot(city))
            return
        self._render()

    def select(self, name: str) -> None:
        """Show the named position (as the picker does), from its start."""
        for index, step in enumerate(self.steps):
            if step.name == name:
                self.step = step
                if self.picker.value != index:
                    self.picker.value = index  # the picker calls back here, and resets
                else:
                    self.reset()
                return
        raise KeyError(f"no position {name!r}; positions are "
                       f"{', '.join(s.name for s in self.steps)}")

    def reset(self) -> None:
        """Back to the start of the position shown."""
        self.state = self.step.state
        self.history = []
        self.route = self.city = None
        self.goal_met = False
        self.result.value = ""
        self.goal.value = ""
        self._render()

    def show_me(self) -> None:
        """Play the position's demo from the start, move by move, as the buttons would."""
        self.reset()
        for action in self.step.demo:
            if isinstance(action, ClaimRoute):
                self.click_route(action.route)
            elif isinstance(action, BuildStation | PlaceDepot):
                self.city = action.city
            if not self.attempt(action):
                break

    def _claim_from_inputs(self) -> None:
        if self.route is None:
            return
        color, locomotives = self.claim_color.value, self.claim_locomotives.value
        length = self.board.route(self.route).length
        if color == "locomotive":
            locomotives = length
        self.attempt(ClaimRoute(self.route, color, locomotives))

    def _station_from_inputs(self) -> None:
        if self.city is not None:
            color, locomotives = self.station_color.value, self.station_locomotives.value
            if color == "locomotive":
                locomotives = _station_cost(self.state)
            self.attempt(BuildStation(self.city, color, locomotives))

    def _place_depot(self) -> None:
        if self.city is not None:
            self.attempt(PlaceDepot(self.city))

    def _keep_ticked(self) -> None:
        pending = self.state.pending
        if isinstance(pending, TicketChoice):
            kept = tuple(t for t, box in zip(pending.tickets, self.ticket_boxes, strict=False)
                         if box.value)
            self.attempt(KeepTickets(kept))
        else:
            self.attempt(KeepTickets(()))

    def _pay_from_input(self) -> None:
        self.attempt(PayTunnel(self.tunnel_locomotives.value))

    def _collect_ticked(self) -> None:
        pending = self.state.pending
        cities = pending.cities if isinstance(pending, CollectChoice) else ()
        self.attempt(CollectWarehouses(tuple(
            c for c, box in zip(cities, self.collect_boxes, strict=False) if box.value)))

    # -- drawing ------------------------------------------------------------------------------

    def _render(self) -> None:
        state = self.state
        sheet = score(state)
        self.prompt.value = (f"<h4 style='margin:4px 0'>{_esc(self.step.title)}</h4>"
                             f"<p>{_esc(self.step.prompt)}</p>"
                             + (f"<p><small>{_rule_html(self.step.rule)}</small></p>"
                                if self.step.rule else ""))
        marks = {"owners": state.route_owners(), "stations": state.station_owners(),
                 "depots": state.depot_owners(),
                 "warehouses": tuple(sum(h) for h in state.warehouses),
                 "highlight": self.step.highlight, "selected": self.route,
                 "selected_city": self.city}
        if marks != self._shown:  # drawing cards leaves the board as it was
            self.view.show(**marks)
            self._shown = marks
        self.status.value = status_html(state, sheet)
        for button, card in zip(self.face_up_buttons, state.face_up, strict=False):
            _paint_card(button, card)
        self.panel.children = self._panel_rows()

    def _panel_rows(self) -> tuple[w.Widget, ...]:
        state = self.state
        draw_row: list[w.Widget] = [w.HTML("<b>Face up:</b>"), *self.face_up_buttons,
                                    self.blind_button, self.tickets_button]
        rows: list[w.Widget] = []
        if state.warehouses:
            self.feed_buttons = tuple(
                self._button(f"Feed {p.name}'s Warehouse", _bind(self.attempt, FeedWarehouse(i)))
                for i, p in enumerate(state.players))
            rows.append(w.HBox([w.HTML("<b>Warehouses:</b>"), *self.feed_buttons]))
        rows.append(w.HBox(draw_row, layout=w.Layout(flex_flow="row wrap")))
        rows += self._pending_rows()
        if self.route is not None:
            self._fill_claim()
            rows.append(self.claim_box)
        elif self.city is not None:
            self._fill_city()
            rows.append(self.city_box)
        else:
            rows.append(w.HTML("<i>Click a route to claim it" + (
                ", or a city to build there" if self.board.has_stations or state.warehouses
                else "") + ".</i>"))
        rows.append(w.HBox([self.reset_button, self.show_me_button, self.pass_button]))
        return tuple(rows)

    def _pending_rows(self) -> list[w.Widget]:
        pending = self.state.pending
        if isinstance(pending, TicketChoice):
            names = [_ticket_text(self.board, t) for t in pending.tickets]
            self.ticket_boxes = tuple(w.Checkbox(value=False, description=name, indent=False)
                                      for name in names)
            return [w.VBox([w.HTML(f"<b>Tickets:</b> keep at least {pending.keep}"
                                   + (f", at most {pending.max_long} long"
                                      if pending.max_long is not None else "")),
                            *self.ticket_boxes, self.keep_button])]
        if isinstance(pending, TunnelPayment):
            return [self._tunnel_row(pending)]
        if isinstance(pending, CollectChoice):
            self.collect_boxes = tuple(w.Checkbox(value=True, description=c, indent=False)
                                       for c in pending.cities)
            return [w.VBox([w.HTML("<b>Your route reaches a Depot:</b> collect its owner's "
                                   "Warehouse for one of your Depots?"),
                            *self.collect_boxes, self.collect_button])]
        return []

    def _tunnel_row(self, pending: TunnelPayment) -> w.Widget:
        self.tunnel_buttons = tuple(
            self._button(f"Pay {_payment_text(pending.color, a.locomotives, pending.extra)}",
                         _bind(self.attempt, a))
            for a in legal_actions(self.state) if isinstance(a, PayTunnel))
        self.tunnel_locomotives.max = pending.extra
        revealed = ", ".join(CARD_NAMES[c] for c in pending.revealed)
        return w.VBox([
            w.HTML(f"<b>Tunnel:</b> revealed {_esc(revealed)}: "
                   f"{count(pending.extra, 'more card')}."),
            w.HBox([*self.tunnel_buttons, self.decline_button]),
            w.HBox([self.tunnel_locomotives, self.pay_button])])

    def _fill_claim(self) -> None:
        assert self.route is not None
        route = self.board.route(self.route)
        claims = [a for a in legal_actions(self.state)
                  if isinstance(a, ClaimRoute) and a.route == route.id]
        self.payment_buttons = tuple(
            self._button(f"Pay {_payment_text(a.color, a.locomotives, route.length)}",
                         _bind(self.attempt, a)) for a in claims)
        self.payment_box.children = self.payment_buttons
        label = f"<b>{_esc(_route_text(route))}</b>"
        if claims:
            label += f": {count(len(claims), 'way')} to pay now."
        else:
            color, locomotives = _natural_payment(self.state, route)
            error = why_illegal(self.state, ClaimRoute(route.id, color, locomotives))
            label += f": no way to claim it now. {_esc(error.reason) if error else ''}"
            if error is not None:
                label += f" (rule <code>{_esc(error.rule)}</code>)"
        self.route_label.value = label + " Or choose a payment and press Claim:"

    def _fill_city(self) -> None:
        assert self.city is not None
        rows: list[w.Widget] = [self.city_label]
        self.city_label.value = f"<b>{_esc(self.board.city_label(self.city))}</b>"
        if self.board.has_stations:
            builds = [a for a in legal_actions(self.state)
                      if isinstance(a, BuildStation) and a.city == self.city]
            cost = _station_cost(self.state)
            self.station_buttons = tuple(
                self._button(f"Station: {_payment_text(a.color, a.locomotives, cost)}",
                             _bind(self.attempt, a)) for a in builds)
            self.station_payment_box.children = self.station_buttons
            self.station_locomotives.max = max(cost, 1)
            rows += [self.station_payment_box, self.station_box]
        if self.state.warehouses:
            rows.append(self.depot_button)
        if len(rows) == 1:
            self.city_label.value += ": nothing is built in cities on this map."
        self.city_box.children = tuple(rows)


# --------------------------------------------------------------------------- exercises


@dataclass(frozen=True, slots=True)
class _Finished:
    """A finished game as the exercises need it, from a GameState or a Position."""

    board: Board
    players: tuple[Holding, ...]
    sheet: ScoreSheet
    depots_left: tuple[int, ...] | None

    @classmethod
    def of(cls, game: GameState | Position) -> _Finished:
        if isinstance(game, Position):
            left = tuple(h.depots_left or 0 for h in game.players) if game.warehouses else None
            return cls(game.board, game.players, score_position(game), left)
        left = game.depots_left if game.warehouses else None
        return cls(game.board, holdings(game), score(game), left)

    def owners(self) -> dict[str, int]:
        return {r: i for i, h in enumerate(self.players) for r in h.routes}

    def stations(self) -> dict[str, int]:
        return {c: i for i, h in enumerate(self.players) for c in h.stations}

    def describe(self) -> str:
        """Each player's routes, tickets, stations and Depots, as HTML."""
        items = []
        for i, holding in enumerate(self.players):
            routes = sorted((self.board.route(r) for r in holding.routes), key=lambda r: r.index)
            parts = [f"<b>routes</b>: {', '.join(_esc(_route_text(r)) for r in routes) or '—'}",
                     "<b>tickets</b>: " + (", ".join(_esc(_ticket_text(self.board, t))
                                                     for t in holding.tickets) or "—")]
            if self.board.has_stations:
                built = ", ".join(map(self.board.city_label, holding.stations))
                parts.append(f"<b>stations</b>: {built or 'none built'}")
            if self.depots_left is not None:
                parts.append(f"<b>Depots left</b>: {self.depots_left[i]}")
            items.append(f"<li><b>{_esc(holding.name)}</b> — {'; '.join(parts)}</li>")
        return f"<ul>{''.join(items)}</ul>"


class ScoreExercise:
    """"Score this finished game": type each player's total, press Check; the widget marks each
    right or wrong, and shows the breakdown (and the longest trails on the board) on request.

    ``game`` is a finished ``GameState`` or a ``Position``; ``show_board=False`` leaves the
    board out (the holdings are listed in words either way)."""

    def __init__(self, game: GameState | Position, *, show_board: bool = True,
                 title: str = "Score this finished game") -> None:
        self.game = _Finished.of(game)
        self.sheet = self.game.sheet
        names = [h.name for h in self.game.players]
        self.view = MapView(self.game.board, player_names=_padded(names)) if show_board else None
        if self.view is not None:
            self.view.show(owners=self.game.owners(), stations=self.game.stations())
        self.entries = tuple(w.Text(description=name, placeholder="total",
                                    layout=w.Layout(width="220px")) for name in names)
        self.check_button = TryIt._button("Check", self.check)
        self.breakdown_button = TryIt._button("Show the breakdown", self.show_breakdown)
        self.feedback = w.HTML()
        self.breakdown = w.HTML()
        board = [self.view.widget] if self.view is not None else []
        self.widget = w.VBox([w.HTML(f"<h4 style='margin:4px 0'>{_esc(title)}</h4>"
                                     + self.game.describe()), *board,
                              w.HBox(list(self.entries)),
                              w.HBox([self.check_button, self.breakdown_button]),
                              self.feedback, self.breakdown])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def check(self) -> dict[str, bool | None]:
        """Mark each typed total: True right, False wrong, None not a whole number."""
        marks: dict[str, bool | None] = {}
        lines = []
        for entry, player in zip(self.entries, self.sheet.players, strict=True):
            typed = entry.value.strip()
            try:
                value = int(typed)
            except ValueError:
                marks[player.name] = None
                lines.append(f"{_esc(player.name)}: type a whole number")
                continue
            marks[player.name] = value == player.total
            lines.append(f"{OK} {_esc(player.name)}: {value} is right" if value == player.total
                         else f"{NO} {_esc(player.name)}: not {value}; count again, or show "
                              "the breakdown")
        self.feedback.value = "<br>".join(lines)
        return marks

    def show_breakdown(self) -> None:
        """The score sheet, part by part, and each player's longest trail on the board."""
        text = format_score_sheet(self.game.board, self.sheet)
        self.breakdown.value = f"<pre>{_esc(text)}</pre>"
        if self.view is not None:
            trails = [r for p in self.sheet.players if p.longest_bonus
                      for r in p.longest_trail_routes]
            self.view.show(owners=self.game.owners(), stations=self.game.stations(),
                           highlight=trails, highlight_label="longest trail")


class WhichTicketFails:
    """"Which ticket fails?": pick, from a player's tickets, the one their routes (and stations)
    do not complete; Check says right or wrong and shows the path of a completed ticket."""

    def __init__(self, game: GameState | Position, *, player: int = 0, show_board: bool = True,
                 title: str = "Which ticket fails?") -> None:
        self.game = _Finished.of(game)
        self.player = self.game.sheet.players[player]
        failed = [t.id for t in self.player.tickets if not t.completed]
        if len(failed) != 1:
            raise ValueError(f"game: the exercise needs exactly one failed ticket; "
                             f"{self.player.name} has {len(failed)}")
        self.answer = failed[0]
        holding = self.game.players[player]
        self.view = MapView(self.game.board, player_names=_padded(
            [h.name for h in self.game.players])) if show_board else None
        if self.view is not None:
            self.view.show(owners=self.game.owners(), stations=self.game.stations())
        self.choice = w.Dropdown(options=[(_ticket_text(self.game.board, t), t)
                                          for t in holding.tickets],
                                 value=None, description="Ticket",
                                 layout=w.Layout(width="360px"))
        self.check_button = TryIt._button("Check", self.check)
        self.feedback = w.HTML()
        board = [self.view.widget] if self.view is not None else []
        self.widget = w.VBox([
            w.HTML(f"<h4 style='margin:4px 0'>{_esc(title)}</h4>"
                   f"<p>One of {_esc(self.player.name)}'s tickets is not completed. "
                   "Which one?</p>" + self.game.describe()),
            *board, w.HBox([self.choice, self.check_button]), self.feedback])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def check(self) -> bool | None:
        """True when the chosen ticket is the failing one (None: nothing chosen)."""
        chosen = self.choice.value
        if chosen is None:
            self.feedback.value = "Pick a ticket first."
            return None
        board = self.game.board
        ticket = board.ticket(chosen)
        if chosen == self.answer:
            self.feedback.value = (f"{OK} Right: nothing joins {_esc(board.city_label(ticket.a))} "
                                   f"and {_esc(board.city_label(ticket.b))}, so it costs "
                                   f"{count(ticket.points, 'point')}.")
            return True
        path = self._path(ticket.a, ticket.b)
        if self.view is not None:
            self.view.show(owners=self.game.owners(), stations=self.game.stations(),
                           highlight=path, highlight_label=str(ticket))
        steps = ", ".join(_route_text(board.route(r)) for r in path)
        self.feedback.value = (f"{NO} Not that one: {_esc(ticket)} is completed "
                               f"({_esc(steps)}).")
        return False

    def _path(self, a: str, b: str) -> tuple[str, ...]:
        """The completed ticket's path through the player's routes and borrowed ones."""
        borrowed = {x.route for x in self.player.borrowings if x.route is not None}
        routes = set(self.game.players[self.game.sheet.players.index(self.player)].routes)
        return ticket_path(self.game.board, routes | borrowed, a, b) or ()


class PlanTryIt:
    """"Build a plan": click routes on the board to put them in (or take them out of) a plan
    for a player's tickets; *Check* compares it with the fewest trains the planner finds
    (``planner.review_for``), *Show the fewest* draws one cheapest plan, *Clear* starts again.
    Routes the player owns are free; routes others own cannot be used."""

    def __init__(self, state: GameState, *, player: int = 0,
                 title: str = "Build the cheapest plan") -> None:
        self.state, self.player = state, player
        self.board = state.board
        self.chosen: list[str] = []  #: the routes put in the plan, in the order clicked
        self.view = MapView(self.board, player_names=_padded([p.name for p in state.players]))
        self.view.on_route_click(self.click_route)
        self.summary = w.HTML()
        self.feedback = w.HTML()
        buttons = w.HBox([TryIt._button("Check", self.check),
                          TryIt._button("Show the fewest", self.show_fewest),
                          TryIt._button("Clear", self.clear)])
        tickets = ", ".join(_ticket_text(self.board, t) for t in state.players[player].tickets)
        self.widget = w.VBox([
            w.HTML(f"<h4 style='margin:4px 0'>{_esc(title)}</h4>"
                   f"<p>{_esc(state.players[player].name)} holds {_esc(tickets)}. Click routes "
                   "to build a network that completes every ticket with as few trains as you "
                   "can; click a route again to take it out.</p>"),
            self.view.widget, self.summary, buttons, self.feedback])
        self._render()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def click_route(self, route_id: str) -> None:
        """Put the route in the plan, or take it out (what a click on the board does)."""
        route = self.board.route(route_id)
        owner = self.state.route_owners().get(route_id)
        if owner is not None:
            whose = "yours: it is free in any plan" if owner == self.player else \
                f"taken by {self.state.players[owner].name}: it cannot be in your plan"
            self.feedback.value = _esc(f"{route.cities_label} is already {whose}.")
            return
        if route_id in self.chosen:
            self.chosen.remove(route_id)
        elif review_for(self.state, self.player, [route_id]).unusable:
            name = self.state.players[self.player].name
            self.feedback.value = _esc(f"{route.cities_label} is closed to {name}: the other "
                                       "track is claimed, so it cannot be in the plan.")
            return
        else:
            self.chosen.append(route_id)
        self.feedback.value = ""
        self._render()

    def clear(self) -> None:
        self.chosen.clear()
        self.feedback.value = ""
        self._render()

    def _render(self, highlight: Sequence[str] | None = None, label: str = "your plan") -> None:
        found = review_for(self.state, self.player, self.chosen)
        marks = [f"{OK if t in found.joined else NO} {_esc(_ticket_text(self.board, t))}"
                 for t in (*found.joined, *found.missing)]
        self.summary.value = (f"<div><b>Your plan</b>: {count(len(self.chosen), 'route')}, "
                              f"{count(found.trains, 'train')} · {' · '.join(marks)}</div>")
        self.view.show(owners=self.state.route_owners(), highlight=(
            self.chosen if highlight is None else highlight), highlight_label=label)

    def check(self) -> bool:
        """True when the plan completes every ticket with the fewest trains; the feedback
        says what is missing, what is not needed, or how many trains too many it takes."""
        found = review_for(self.state, self.player, self.chosen)
        board, fewest = self.board, found.fewest.trains
        if found.missing:
            names = [_esc(_ticket_text(board, t)) for t in found.missing]
            verb = "is" if len(names) == 1 else "are"
            self.feedback.value = f"{NO} Not yet: {', '.join(names)} {verb} not joined."
        elif found.spare:
            names = [_esc(board.route(r).cities_label) for r in found.spare]
            verb = "is" if len(names) == 1 else "are"
            self.feedback.value = (f"{NO} Every ticket is joined, but {', '.join(names)} {verb} "
                                   "not needed by any ticket: take it out.")
        elif not found.cheapest:
            self.feedback.value = (
                f"{NO} Every ticket is joined with {count(found.trains, 'train')}, but "
                f"{count(fewest or 0, 'train')} are enough. Look for routes the tickets can "
                "share, even if one ticket then takes a longer way.")
        else:
            self.feedback.value = (f"{OK} Right: {count(found.trains, 'train')}, the fewest "
                                   "that complete these tickets.")
        return found.cheapest

    def show_fewest(self) -> None:
        """Draw one cheapest plan on the board and list its routes."""
        fewest = review_for(self.state, self.player, self.chosen).fewest
        board = self.board
        shared = [board.route(r).cities_label for r, users in fewest.shared.items()
                  if len(users) > 1]
        steps = ", ".join(board.route(r).cities_label for r in fewest.routes)
        both = f" Shared by the tickets: {', '.join(shared)}." if shared else ""
        self.feedback.value = _esc(f"The fewest: {count(fewest.trains or 0, 'train')} — "
                                   f"{steps}.{both}")
        self._render(fewest.routes, "the fewest trains")


class Quiz:
    """A multiple-choice question, checked by the widget; the explanation shows after Check.

    With ``try_it`` and ``practice``, a button shows that position on the TryIt's board."""

    def __init__(self, question: str, options: Sequence[str], answer: str, explanation: str,
                 *, try_it: TryIt | None = None, practice: str | None = None) -> None:
        if answer not in options:
            raise ValueError(f"answer: {answer!r} is not one of the options")
        if (try_it is None) != (practice is None):
            raise ValueError("try_it and practice go together")
        if try_it is not None and practice not in {s.name for s in try_it.steps}:
            raise ValueError(f"practice: the TryIt has no position {practice!r}")
        self.question, self.answer, self.explanation = question, answer, explanation
        self.try_it, self.practice = try_it, practice
        self.choices = w.RadioButtons(options=list(options), value=None,
                                      layout=w.Layout(width="auto"))
        self.check_button = TryIt._button("Check", self.check)
        self.feedback = w.HTML()
        buttons = [self.check_button]
        if try_it is not None:
            self.try_button = TryIt._button("Try it on the board", self.show_position)
            buttons.append(self.try_button)
        self.widget = w.VBox([w.HTML(f"<b>{_esc(question)}</b>"), self.choices,
                              w.HBox(buttons), self.feedback])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def check(self) -> bool | None:
        """True for the right answer (None: nothing chosen yet)."""
        if self.choices.value is None:
            self.feedback.value = "Choose an answer first."
            return None
        right = self.choices.value == self.answer
        mark = f"<b>{OK} Right.</b>" if right else f"<b>{NO} Not quite: {_esc(self.answer)}.</b>"
        self.feedback.value = f"{mark} {_esc(self.explanation)}"
        return right

    def show_position(self) -> None:
        """Switch the TryIt to this question's position."""
        if self.try_it is not None and self.practice is not None:
            self.try_it.select(self.practice)


# --------------------------------------------------------------------------- pure helpers


def status_html(state: GameState, sheet: ScoreSheet) -> str:
    """Whose turn, what they must do now, and each player's hand, trains, tickets (hit or miss
    if the game ended now) and longest trail; the pile; Depots and Warehouses."""
    board = state.board
    head = "<b>The game is over.</b>" if state.is_over else \
        f"<b>{_esc(state.player.name)} to play</b>{_esc(_pending_text(state))}"
    if state.last_round:
        head += f" Last round: {count(state.final_turns, 'turn')} left."
    cells = ["Player", "Hand", "Trains", "Route points", "Tickets (if the game ended now)",
             "Longest trail"]
    if board.has_stations:
        cells.insert(3, "Stations left")
    rows = ["".join(f"<th style='text-align:left;padding:0 8px'>{c}</th>" for c in cells)]
    for i, (player, part) in enumerate(zip(state.players, sheet.players, strict=True)):
        values = [f"<span style='color:{DEFAULT_PLAYER_COLORS[i]}'>&#9632;</span> "
                  f"{_esc(player.name)}", _esc(_hand_text(player.hand)), str(player.trains),
                  str(player.route_points), _tickets_html(board, part),
                  str(part.longest_trail)]
        if board.has_stations:
            values.insert(3, str(player.stations))
        rows.append("".join(f"<td style='padding:0 8px'>{v}</td>" for v in values))
    table = "<table>" + "".join(f"<tr>{r}</tr>" for r in rows) + "</table>"
    pile = (f"Pile: {count(len(state.deck), 'card')}; discards: {len(state.discard)}; tickets "
            f"in the pile: {len(state.tickets)}.")
    return f"<div>{head}</div>{table}<div><small>{pile}{_warehouse_text(state)}</small></div>"


def _pending_text(state: GameState) -> str:
    pending = state.pending
    if isinstance(pending, SecondCard):
        return ": draw your second card."
    if isinstance(pending, FirstCard):
        return ": the Warehouse is fed; now draw your cards."
    if isinstance(pending, TunnelPayment):
        return f": the tunnel asks for {count(pending.extra, 'more card')}; pay or decline."
    if isinstance(pending, TicketChoice):
        return f": keep at least {pending.keep} of the tickets."
    if isinstance(pending, DepotPlacement):
        return ": place a Depot on a city (click the city)."
    if isinstance(pending, CollectChoice):
        return f": collect the Warehouse at {', '.join(pending.cities)}?"
    return ": draw cards, claim a route, draw tickets" + (
        ", or build a station." if state.board.has_stations else ".")


def _tickets_html(board: Board, part: Any) -> str:
    if not part.tickets:
        return "—"
    return ", ".join(f"{_esc(_ticket_text(board, t.id))} "
                     f"{OK if t.completed else NO}{' (station)' if t.borrowed else ''}"
                     for t in part.tickets)


def _warehouse_text(state: GameState) -> str:
    if not state.warehouses:
        return ""
    names = [p.name for p in state.players]
    depots = ", ".join(f"{c} ({names[p]})" for c, p in state.depots) or "none"
    sizes = ", ".join(f"{names[i]} {sum(h)}" for i, h in enumerate(state.warehouses))
    left = ", ".join(f"{names[i]} {n}" for i, n in enumerate(state.depots_left))
    return (f" Depots on the map: {_esc(depots)}. Warehouse sizes: {_esc(sizes)}. Depots "
            f"beside the Warehouse: {_esc(left)}.")


def _hand_text(hand: Sequence[int]) -> str:
    return ", ".join(f"{n} {CARD_NAMES[i]}" for i, n in enumerate(hand) if n) or "no cards"


def _route_text(route: Route) -> str:
    kind = " tunnel" if route.tunnel else (f" ferry, {count(route.ferry_locomotives, 'locomotive')}"
                                           if route.ferry_locomotives else "")
    return f"{route.cities_label} ({route.length} {route.color}{kind})"


def _ticket_text(board: Board, ticket_id: str) -> str:
    ticket = board.ticket(ticket_id)
    long = ", long" if "long" in ticket.kind else ""
    return f"{ticket.cities_label} ({ticket.points}{long})"


def _payment_text(color: str, locomotives: int, total: int) -> str:
    """A payment of ``total`` cards, ``locomotives`` of them locomotives, in words."""
    return payment_text(color, total - locomotives, locomotives)

def _natural_payment(state: GameState, route: Route) -> tuple[str, int]:
    """The payment a player would first reach for: the route's colour (on gray, the colour
    held most), topped up with the locomotives they hold (a ferry's first)."""
    hand = state.player.hand
    if route.color != GRAY:
        color = route.color
    else:
        color = max(COLORS, key=lambda c: hand[CARD_NAMES.index(c)])
    held = hand[CARD_NAMES.index(color)]
    locomotives = min(route.length, hand[LOCO], max(route.ferry_locomotives, route.length - held))
    if locomotives >= route.length:
        return "locomotive", route.length
    return color, locomotives


def _station_cost(state: GameState) -> int:
    """The next station's cost for the widgets (1 when no station can be built: the core then
    refuses the attempt and names the rule)."""
    return station_cost(state) or 1


def _paint_card(button: w.Button, card: int) -> None:
    if card == NO_CARD:
        button.description, button.disabled = "(empty)", True
        button.style.button_color = None
        return
    name = CARD_NAMES[card]
    button.description, button.disabled = name, False
    button.style.button_color = LOCOMOTIVE_FILL if card == LOCO else ROUTE_FILL[name]
    button.style.text_color = "white" if name in ("black", "blue", "red", "green") else "black"


def _bind(function: Callable[[Action], object], action: Action) -> Callable[[], object]:
    return lambda: function(action)


def _names_for_view(steps: Sequence[_Step]) -> tuple[str, ...]:
    longest = max((tuple(p.name for p in s.state.players) for s in steps), key=len)
    return _padded(longest)


def _padded(names: Sequence[str]) -> tuple[str, ...]:
    count = len(DEFAULT_PLAYER_COLORS)
    return (*names[:count], *(f"player {i + 1}" for i in range(len(names), count)))

