"""The course's exercises the widget checks, not the eye: "score this finished game"
(``ScoreExercise``), "which ticket fails?" (``WhichTicketFails``) and "build the cheapest plan"
(``PlanTryIt``). Each checks the learner's answer against the rules core (scoring, the
ticket's path, the planner); nothing here decides a rule.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ttr_widgets.rules.engine import holdings, score
from ttr_widgets.rules.graph import ticket_path
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.planner import review_for
from ttr_widgets.rules.position import Position, score_position
from ttr_widgets.rules.scoring import Holding, ScoreSheet, format_score_sheet
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import count, possessive
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.marks import Marks
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = ["PlanTryIt", "ScoreExercise", "WhichTicketFails", "button", "route_text",
           "ticket_text"]

OK, NO = "\u2714", "\u2718"


def _esc(text: object) -> str:
    return html.escape(str(text))


def button(label: str, action: Callable[[], object], icon: str = "") -> w.Button:
    """A lesson's button: ``label``, and ``action()`` on a click."""
    made = w.Button(description=label, icon=icon, layout=w.Layout(width="auto", min_width="90px"))
    made.on_click(lambda _button: action())
    return made


def route_text(route: Route) -> str:
    """``'Denver – Omaha (4 red)'``, with ``tunnel`` or the ferry's locomotives."""
    kind = " tunnel" if route.tunnel else (f" ferry, {count(route.ferry_locomotives, 'locomotive')}"
                                           if route.ferry_locomotives else "")
    return f"{route.cities_label} ({route.length} {route.color}{kind})"


def ticket_text(board: Board, ticket_id: str) -> str:
    """``'Denver – El Paso (4)'`` (``, long`` for a long ticket)."""
    ticket = board.ticket(ticket_id)
    long = ", long" if "long" in ticket.kind else ""
    return f"{ticket.cities_label} ({ticket.points}{long})"


def _board(board: Board, names: Sequence[str]) -> MapView:
    """An exercise's board for these players, one colour each: its key names only them."""
    return MapView(board, player_names=tuple(names),
                   player_colors=DEFAULT_PLAYER_COLORS[:len(names)])


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

    def marks(self, **more: Any) -> Marks:
        """The board's marks of the finished game (its routes and stations), with ``more``."""
        return Marks(owners=self.owners(), stations=self.stations()).but(**more)

    def describe(self) -> str:
        """Each player's routes, tickets, stations and Depots, as HTML."""
        items = []
        for i, holding in enumerate(self.players):
            routes = sorted((self.board.route(r) for r in holding.routes), key=lambda r: r.index)
            parts = [f"<b>routes</b>: {', '.join(_esc(route_text(r)) for r in routes) or '—'}",
                     "<b>tickets</b>: " + (", ".join(_esc(ticket_text(self.board, t))
                                                     for t in holding.tickets) or "—")]
            if self.board.has_stations:
                built = ", ".join(map(self.board.city_label, holding.stations))
                parts.append(f"<b>stations</b>: {built or 'none built'}")
            if self.depots_left is not None:
                parts.append(f"<b>Depots left</b>: {self.depots_left[i]}")
            items.append(f"<li><b>{_esc(holding.name)}</b> — {'; '.join(parts)}</li>")
        return f"<ul>{''.join(items)}</ul>"


class ScoreExercise:
    """"Score this finished game": type each player's total, press Check; the page marks each
    right or wrong, and shows the breakdown (and the longest trails on the board) on request.

    ``game`` is a finished ``GameState`` or a ``Position``; ``show_board=False`` leaves the
    board out (the holdings are listed in words either way)."""

    def __init__(self, game: GameState | Position, *, show_board: bool = True,
                 title: str = "Score this finished game") -> None:
        self.game = _Finished.of(game)
        self.sheet = self.game.sheet
        names = [h.name for h in self.game.players]
        self.view = _board(self.game.board, names) if show_board else None
        if self.view is not None:
            self.view.show(self.game.marks())
        self.entries = tuple(w.Text(description=name, placeholder="total",
                                    layout=w.Layout(width="220px")) for name in names)
        self.check_button = button("Check", self.check)
        self.breakdown_button = button("Show the breakdown", self.show_breakdown)
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
            self.view.show(self.game.marks(highlight=trails, highlight_label="longest trail"))


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
        self.view = _board(self.game.board, [h.name for h in self.game.players]) \
            if show_board else None
        if self.view is not None:
            self.view.show(self.game.marks())
        self.choice = w.Dropdown(options=[(ticket_text(self.game.board, t), t)
                                          for t in holding.tickets],
                                 value=None, description="Ticket",
                                 layout=w.Layout(width="360px"))
        self.check_button = button("Check", self.check)
        self.feedback = w.HTML()
        board = [self.view.widget] if self.view is not None else []
        self.widget = w.VBox([
            w.HTML(f"<h4 style='margin:4px 0'>{_esc(title)}</h4>"
                   f"<p>One of {_esc(possessive(self.player.name, capital=False))} tickets "
                   "is not completed. Which one?</p>" + self.game.describe()),
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
            self.view.show(self.game.marks(highlight=path, highlight_label=str(ticket)))
        steps = ", ".join(route_text(board.route(r)) for r in path)
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
        self.view = _board(self.board, [p.name for p in state.players])
        self.view.on_route_click(self.click_route)
        self.summary = w.HTML()
        self.feedback = w.HTML()
        buttons = w.HBox([button("Check", self.check),
                          button("Show the fewest", self.show_fewest),
                          button("Clear", self.clear)])
        tickets = ", ".join(ticket_text(self.board, t) for t in state.players[player].tickets)
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
        marks = [f"{OK if t in found.joined else NO} {_esc(ticket_text(self.board, t))}"
                 for t in (*found.joined, *found.missing)]
        self.summary.value = (f"<div><b>Your plan</b>: {count(len(self.chosen), 'route')}, "
                              f"{count(found.trains, 'train')} · {' · '.join(marks)}</div>")
        self.view.show(Marks(owners=self.state.route_owners(), highlight=(
            self.chosen if highlight is None else highlight), highlight_label=label))

    def check(self) -> bool:
        """True when the plan completes every ticket with the fewest trains; the feedback
        says what is missing, what is not needed, or how many trains too many it takes."""
        found = review_for(self.state, self.player, self.chosen)
        board, fewest = self.board, found.fewest.trains
        if found.missing:
            names = [_esc(ticket_text(board, t)) for t in found.missing]
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

