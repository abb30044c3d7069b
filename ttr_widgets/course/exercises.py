"""The course's exercises the widget checks, not the eye: "score this finished game"
(``ScoreExercise``), "which ticket fails?" (``WhichTicketFails``) and "build the cheapest plan"
(``PlanTryIt``). Each checks the learner's answer against the rules core (scoring, the
ticket's path, the planner); nothing here decides a rule.

Their words are told in the page's language (``rules.i18n``) and told again when it changes
(``relabel``: a page learns its language from its address, which a lesson's TryIt and quizzes
carry, after the widgets are built).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ttr_widgets.rules import i18n
from ttr_widgets.rules.engine import holdings, score
from ttr_widgets.rules.graph import ticket_path
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import Board, Route
from ttr_widgets.rules.planner import review_for
from ttr_widgets.rules.position import Position, score_position
from ttr_widgets.rules.scoring import Holding, ScoreSheet
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.words import colour_of
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.marks import Marks
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.scoring_view import score_table_html, team_score_html

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
    """``'Denver – Omaha (4 red)'``, with ``tunnel`` or the ferry's locomotives, in the
    reader's language."""
    cities, length, colour = route.cities_label, route.length, colour_of(route.color)
    if route.tunnel:
        said = _("{cities} ({length} {colour} tunnel)")
    elif route.ferry_locomotives:
        n = route.ferry_locomotives
        said = ngettext("{cities} ({length} {colour} ferry, {n} locomotive)",
                        "{cities} ({length} {colour} ferry, {n} locomotives)", n)
        return said.format(cities=cities, length=length, colour=colour, n=n)
    else:
        said = _("{cities} ({length} {colour})")
    return said.format(cities=cities, length=length, colour=colour)


def ticket_text(board: Board, ticket_id: str) -> str:
    """``'Denver – El Paso (4)'`` (``, long`` for a long ticket)."""
    ticket = board.ticket(ticket_id)
    said = _("{cities} ({points}, long)") if "long" in ticket.kind else _("{cities} ({points})")
    return said.format(cities=ticket.cities_label, points=ticket.points)


def _count(n: int, noun: str) -> str:
    """'1 point', '7 trains', '3 routes' in the reader's language."""
    forms = {"point": ngettext("{n} point", "{n} points", n),
             "train": ngettext("{n} train", "{n} trains", n),
             "route": ngettext("{n} route", "{n} routes", n)}
    return forms[noun].format(n=n)


class _Told:
    """An exercise's words in the language now: ``_label`` sets its fixed words, ``_say`` its
    feedback (kept as the function that writes it, so that ``relabel`` writes it again)."""

    feedback: w.HTML

    def _start_telling(self) -> None:
        self._said: Callable[[], str] | None = None
        self._label()
        i18n.on_change(self._language_changed)

    def _label(self) -> None:
        """The fixed words (buttons, titles); each exercise has its own."""

    def _say(self, said: Callable[[], str] | None) -> None:
        self._said = said
        self.feedback.value = said() if said is not None else ""

    def relabel(self) -> None:
        """Every word of the exercise again in the language now."""
        self._label()
        self._say(self._said)

    def _language_changed(self, _language: str) -> None:
        self.relabel()


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
        head = {word: _esc(said) for word, said in (
            ("routes", _("routes")), ("tickets", _("tickets")), ("stations", _("stations")),
            ("depots", _("Depots left")))}
        for i, holding in enumerate(self.players):
            routes = sorted((self.board.route(r) for r in holding.routes), key=lambda r: r.index)
            said = ", ".join(_esc(route_text(r)) for r in routes) or "—"
            tickets = ", ".join(_esc(ticket_text(self.board, t)) for t in holding.tickets) or "—"
            parts = [f"<b>{head['routes']}</b>: {said}", f"<b>{head['tickets']}</b>: {tickets}"]
            if self.board.has_stations:
                built = ", ".join(map(self.board.city_label, holding.stations)) or _("none built")
                parts.append(f"<b>{head['stations']}</b>: {_esc(built)}")
            if self.depots_left is not None:
                parts.append(f"<b>{head['depots']}</b>: {self.depots_left[i]}")
            items.append(f"<li><b>{_esc(holding.name)}</b> — {'; '.join(parts)}</li>")
        return f"<ul>{''.join(items)}</ul>"


class ScoreExercise(_Told):
    """"Score this finished game": type each player's total, press Check; the page marks each
    right or wrong, and shows the breakdown (and the longest trails on the board) on request.

    ``game`` is a finished ``GameState`` or a ``Position``; ``show_board=False`` leaves the
    board out (the holdings are listed in words either way)."""

    def __init__(self, game: GameState | Position, *, show_board: bool = True,
                 title: str = N_("Score this finished game")) -> None:
        self.game = _Finished.of(game)
        self.sheet = self.game.sheet
        self.title = title
        names = [h.name for h in self.game.players]
        self.view = _board(self.game.board, names) if show_board else None
        if self.view is not None:
            self.view.show(self.game.marks())
        self.entries = tuple(w.Text(description=name, layout=w.Layout(width="220px"))
                             for name in names)
        self.check_button = button("", self.check)
        self.breakdown_button = button("", self.show_breakdown)
        self.feedback = w.HTML()
        self.breakdown = w.HTML()
        self.heading = w.HTML()
        board = [self.view.widget] if self.view is not None else []
        self.widget = w.VBox([self.heading, *board, w.HBox(list(self.entries)),
                              w.HBox([self.check_button, self.breakdown_button]),
                              self.feedback, self.breakdown])
        self._breakdown_shown = False
        self._start_telling()

    def _label(self) -> None:
        self.heading.value = (f"<h4 style='margin:4px 0'>{_esc(_(self.title))}</h4>"
                              + self.game.describe())
        for entry in self.entries:
            entry.placeholder = _("total")
        self.check_button.description = _("Check")
        self.breakdown_button.description = _("Show the breakdown")
        if self._breakdown_shown:
            self.show_breakdown()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def check(self) -> dict[str, bool | None]:
        """Mark each typed total: True right, False wrong, None not a whole number."""
        marks: dict[str, bool | None] = {}
        for entry, player in zip(self.entries, self.sheet.players, strict=True):
            try:
                value = int(entry.value.strip())
            except ValueError:
                marks[player.name] = None
                continue
            marks[player.name] = value == player.total
        typed = {name: entry.value.strip() for name, entry in zip(marks, self.entries,
                                                                   strict=True)}
        self._say(lambda: self._marked(marks, typed))
        return marks

    def _marked(self, marks: dict[str, bool | None], typed: dict[str, str]) -> str:
        """The feedback of a check, a line per player, in the language now."""
        lines = []
        for name, right in marks.items():
            if right is None:
                lines.append(_esc(_("{name}: type a whole number").format(name=name)))
            elif right:
                said = _("{name}: {value} is right").format(name=name, value=typed[name])
                lines.append(f"{OK} {_esc(said)}")
            else:
                said = _("{name}: not {value}; count again, or show the breakdown").format(
                    name=name, value=typed[name])
                lines.append(f"{NO} {_esc(said)}")
        return "<br>".join(lines)

    def show_breakdown(self) -> None:
        """The score sheet, part by part, and each player's longest trail on the board."""
        self._breakdown_shown = True
        board, sheet = self.game.board, self.sheet  # the Score tab's own table, in words
        self.breakdown.value = team_score_html(board, sheet) if sheet.teams else \
            score_table_html(board, sheet)
        if self.view is not None:
            trails = [r for p in self.sheet.players if p.longest_bonus
                      for r in p.longest_trail_routes]
            self.view.show(self.game.marks(highlight=trails,
                                           highlight_label=_("longest trail")))


class WhichTicketFails(_Told):
    """"Which ticket fails?": pick, from a player's tickets, the one their routes (and stations)
    do not complete; Check says right or wrong and shows the path of a completed ticket."""

    def __init__(self, game: GameState | Position, *, player: int = 0, show_board: bool = True,
                 title: str = N_("Which ticket fails?")) -> None:
        self.game = _Finished.of(game)
        self.title = title
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
        self.tickets = tuple(holding.tickets)
        self.choice = w.Dropdown(options=self._options(), value=None,
                                 layout=w.Layout(width="360px"))
        self.check_button = button("", self.check)
        self.feedback = w.HTML()
        self.heading = w.HTML()
        board = [self.view.widget] if self.view is not None else []
        self.widget = w.VBox([self.heading, *board, w.HBox([self.choice, self.check_button]),
                              self.feedback])
        self._start_telling()

    def _options(self) -> list[tuple[str, str]]:
        return [(ticket_text(self.game.board, t), t) for t in self.tickets]

    def _label(self) -> None:
        name = self.player.name
        asked = (_("One of your tickets is not completed. Which one?") if name == "You" else
                 _("One of {name}'s tickets is not completed. Which one?").format(name=name))
        self.heading.value = (f"<h4 style='margin:4px 0'>{_esc(_(self.title))}</h4>"
                              f"<p>{_esc(asked)}</p>" + self.game.describe())
        chosen = self.choice.value
        self.choice.options = self._options()
        self.choice.value = chosen
        self.choice.description = _("Ticket")
        self.check_button.description = _("Check")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def check(self) -> bool | None:
        """True when the chosen ticket is the failing one (None: nothing chosen)."""
        chosen = self.choice.value
        if chosen is None:
            self._say(lambda: _esc(_("Pick a ticket first.")))
            return None
        board = self.game.board
        ticket = board.ticket(chosen)
        if chosen == self.answer:
            self._say(lambda: f"{OK} " + _esc(_(
                "Right: nothing joins {a} and {b}, so it costs {points}.").format(
                a=board.city_label(ticket.a), b=board.city_label(ticket.b),
                points=_count(ticket.points, "point"))))
            return True
        path = self._path(ticket.a, ticket.b)
        if self.view is not None:
            self.view.show(self.game.marks(highlight=path, highlight_label=str(ticket)))
        self._say(lambda: f"{NO} " + _esc(_(
            "Not that one: {ticket} is completed ({steps}).").format(
            ticket=ticket, steps=", ".join(route_text(board.route(r)) for r in path))))
        return False

    def _path(self, a: str, b: str) -> tuple[str, ...]:
        """The completed ticket's path through the player's routes and borrowed ones."""
        borrowed = {x.route for x in self.player.borrowings if x.route is not None}
        routes = set(self.game.players[self.game.sheet.players.index(self.player)].routes)
        return ticket_path(self.game.board, routes | borrowed, a, b) or ()


class PlanTryIt(_Told):
    """"Build a plan": click routes on the board to put them in (or take them out of) a plan
    for a player's tickets; *Check* compares it with the fewest trains the planner finds
    (``planner.review_for``), *Show the fewest* draws one cheapest plan, *Clear* starts again.
    Routes the player owns are free; routes others own cannot be used."""

    def __init__(self, state: GameState, *, player: int = 0,
                 title: str = N_("Build the cheapest plan")) -> None:
        self.state, self.player = state, player
        self.title = title
        self.board = state.board
        self.chosen: list[str] = []  #: the routes put in the plan, in the order clicked
        self.view = _board(self.board, [p.name for p in state.players])
        self.view.on_route_click(self.click_route)
        self.summary = w.HTML()
        self.feedback = w.HTML()
        self.heading = w.HTML()
        self.check_button = button("", self.check)
        self.fewest_button = button("", self.show_fewest)
        self.clear_button = button("", self.clear)
        buttons = w.HBox([self.check_button, self.fewest_button, self.clear_button])
        self.widget = w.VBox([self.heading, self.view.widget, self.summary, buttons,
                              self.feedback])
        self._shown: tuple[Sequence[str] | None, str] = (None, N_("your plan"))
        self._start_telling()
        self._render()

    def _label(self) -> None:
        player = self.state.players[self.player]
        tickets = ", ".join(ticket_text(self.board, t) for t in player.tickets)
        said = _("{name} holds {tickets}. Click routes to build a network that completes every "
                 "ticket with as few trains as you can; click a route again to take it "
                 "out.").format(name=player.name, tickets=tickets)
        title = _(self.title)
        self.heading.value = f"<h4 style='margin:4px 0'>{_esc(title)}</h4><p>{_esc(said)}</p>"
        self.check_button.description = _("Check")
        self.fewest_button.description = _("Show the fewest")
        self.clear_button.description = _("Clear")

    def relabel(self) -> None:
        super().relabel()
        self._render(*self._shown)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def click_route(self, route_id: str) -> None:
        """Put the route in the plan, or take it out (what a click on the board does)."""
        route = self.board.route(route_id)
        owner = self.state.route_owners().get(route_id)
        if owner is not None:
            cities = route.cities_label
            other = self.state.players[owner].name
            self._say(lambda: _esc(
                _("{route} is already yours: it is free in any plan.").format(route=cities)
                if owner == self.player else
                _("{route} is already taken by {name}: it cannot be in your plan.").format(
                    route=cities, name=other)))
            return
        if route_id in self.chosen:
            self.chosen.remove(route_id)
        elif review_for(self.state, self.player, [route_id]).unusable:
            name = self.state.players[self.player].name
            self._say(lambda: _esc(_("{route} is closed to {name}: the other track is claimed, "
                                     "so it cannot be in the plan.").format(
                route=route.cities_label, name=name)))
            return
        else:
            self.chosen.append(route_id)
        self._say(None)
        self._render()

    def clear(self) -> None:
        self.chosen.clear()
        self._say(None)
        self._render()

    def _render(self, highlight: Sequence[str] | None = None,
                label: str = N_("your plan")) -> None:
        self._shown = (highlight, label)
        found = review_for(self.state, self.player, self.chosen)
        marks = [f"{OK if t in found.joined else NO} {_esc(ticket_text(self.board, t))}"
                 for t in (*found.joined, *found.missing)]
        plan = _esc(_("Your plan"))
        size = _esc(_("{routes}, {trains}").format(routes=_count(len(self.chosen), "route"),
                                                   trains=_count(found.trains, "train")))
        self.summary.value = f"<div><b>{plan}</b>: {size} · {' · '.join(marks)}</div>"
        self.view.show(Marks(owners=self.state.route_owners(), highlight=(
            self.chosen if highlight is None else highlight), highlight_label=_(label)))

    def check(self) -> bool:
        """True when the plan completes every ticket with the fewest trains; the feedback
        says what is missing, what is not needed, or how many trains too many it takes."""
        found = review_for(self.state, self.player, self.chosen)
        self._say(lambda: self._checked(found))
        return found.cheapest

    def _checked(self, found: Any) -> str:
        """What a check of the plan ``found`` says, in the language now."""
        board, fewest = self.board, found.fewest.trains
        if found.missing:
            names = ", ".join(ticket_text(board, t) for t in found.missing)
            said = ngettext("Not yet: {names} is not joined.", "Not yet: {names} are not joined.",
                            len(found.missing)).format(names=names)
            return f"{NO} {_esc(said)}"
        if found.spare:
            names = ", ".join(board.route(r).cities_label for r in found.spare)
            said = ngettext("Every ticket is joined, but {names} is not needed by any ticket: "
                            "take it out.",
                            "Every ticket is joined, but {names} are not needed by any ticket: "
                            "take it out.", len(found.spare)).format(names=names)
            return f"{NO} {_esc(said)}"
        if not found.cheapest:
            said = _("Every ticket is joined with {trains}, but {fewest} are enough. Look for "
                     "routes the tickets can share, even if one ticket then takes a longer "
                     "way.").format(trains=_count(found.trains, "train"),
                                    fewest=_count(fewest or 0, "train"))
            return f"{NO} {_esc(said)}"
        said = _("Right: {trains}, the fewest that complete these tickets.").format(
            trains=_count(found.trains, "train"))
        return f"{OK} {_esc(said)}"

    def show_fewest(self) -> None:
        """Draw one cheapest plan on the board and list its routes."""
        fewest = review_for(self.state, self.player, self.chosen).fewest
        board = self.board
        shared = [board.route(r).cities_label for r, users in fewest.shared.items()
                  if len(users) > 1]
        steps = ", ".join(board.route(r).cities_label for r in fewest.routes)

        def said() -> str:
            text = _("The fewest: {trains} — {steps}.").format(
                trains=_count(fewest.trains or 0, "train"), steps=steps)
            if shared:
                text += " " + _("Shared by the tickets: {routes}.").format(
                    routes=", ".join(shared))
            return _esc(text)

        self._say(said)
        self._render(fewest.routes, N_("the fewest trains"))

