"""Page objects for the play app (``PlayApp``, notebooks/Play.ipynb) in headless Chromium, and
the clicking policy of the whole-game test.

``PlayPage`` reads what the page shows — the status line, the stepper's position, the board's
plotly data and its drawn SVG — and clicks like a person. A board click is made in two steps:
the mouse moves onto the train space and waits until plotly has *hovered that very point*
(``gd._hoverdata``), then clicks. Plotly answers a click with the point it hovered last and
throttles hovers (50 ms), so a click made at once after a move — or right after a redraw — goes
to the route hovered before; waiting for the hover is exact and faster than a fixed pause.

``PlayPage`` waits for the kernel's answer to every action it plays: the stepper's step changes
(played) or the status line shows a refusal (refused); then, if bots are to move, until it is
the person's turn again.

``play_to_the_end(table)`` is one clicking policy for any ``Table``: ``BrowserTable`` clicks in
the page, ``HeadlessTable`` presses the same buttons of a ``PlayApp`` built in this process, and
``PairedTable`` does both, click by click, checking that the page answers as the headless app
does and draws the same board (``BoardMarks``) after every move; it counts the moves each button
played (``played``), so a test can check which flows its game took.
"""

from __future__ import annotations

import contextlib
import html
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ttr_widgets.rules.state import SecondCard, TicketChoice, TunnelPayment
from ttr_widgets.rules.words import map_title
from ttr_widgets.widgets.board.render import CITIES, ROUTES, SELECTION, STATIONS
from ttr_widgets.widgets.pages.app import TABS, PlayApp

from . import VoilaServer, open_notebook

__all__ = [
    "BoardMarks",
    "BrowserTable",
    "HeadlessTable",
    "PairedTable",
    "PlayPage",
    "Position",
    "Space",
    "Status",
    "Table",
    "app_board_marks",
    "html_text",
    "play_to_the_end",
]

PERSON = "You"  #: the person's name at the tables these tests set up (PlayApp's default)
ACTION_TIMEOUT_MS = 20_000  #: the kernel's answer to one click
TURN_TIMEOUT_MS = 60_000  #: the bots' turns (Play.ipynb plays them 0.4 s apart)
HOVER_TIMEOUT_MS = 5_000

Pending = Literal["over", "tickets", "tunnel", "second", "turn"]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Space:
    """One clickable point of the board — a train space, or a city marker: what it stands for
    (the route id, or the city), its index in its trace, where it is on the screen (viewport
    px) and in the figure's data coordinates."""

    key: str
    point: int
    x: float
    y: float
    data_x: float
    data_y: float


@dataclass(frozen=True, slots=True)
class Status:
    """The status line: its text, the rule id of a refusal (``""`` otherwise), and its kind
    (info, error, hint or done)."""

    text: str
    rule: str
    kind: str


@dataclass(frozen=True, slots=True)
class Position:
    """The stepper's ``step N of M · <turn label>``."""

    step: int
    last: int
    label: str

    @property
    def over(self) -> bool:
        return self.label == "Game over"


@dataclass(frozen=True, slots=True)
class BoardMarks:
    """What the game has drawn on the board, as the figure's data holds it: each route space
    and each station piece as (route id or city, fill, symbol), and the selection ring's
    points. ``PlayPage.board_marks()`` reads a page's; ``app_board_marks(app)`` a ``PlayApp``'s
    in this process."""

    routes: tuple[tuple[str, str, str], ...]
    stations: tuple[tuple[str, str, str], ...]
    selection: tuple[tuple[float, float], ...]

    def route(self, route_id: str) -> list[tuple[str, str]]:
        """The (fill, symbol) of each space of one route."""
        return [(fill, symbol) for rid, fill, symbol in self.routes if rid == route_id]


def app_board_marks(app: PlayApp) -> BoardMarks:
    figure = app.map_view.widget

    def pieces(trace: int) -> tuple[tuple[str, str, str], ...]:
        data = figure.data[trace]
        ids = tuple(data.customdata or ())
        return tuple(zip(ids, _each(data.marker.color, len(ids)),
                         _each(data.marker.symbol, len(ids)), strict=True))

    ring = figure.data[SELECTION]
    return BoardMarks(pieces(ROUTES), pieces(STATIONS),
                      tuple(zip(ring.x or (), ring.y or (), strict=True)))


def _each(value: Any, n: int) -> tuple[str, ...]:
    """A marker property per point: plotly allows one value for all."""
    return tuple(value) if isinstance(value, (list, tuple)) else (value,) * n


# --- JavaScript run in the page ------------------------------------------------------------------

_BOARD = "document.querySelector('.ttr-board .js-plotly-plot')"

_BOARD_READY_JS = f"""
(trace) => {{ const gd = {_BOARD};
  return !!(gd && gd._fullData && gd._fullData[trace] && gd.calcdata && gd.calcdata[trace]); }}
"""

_POINTS_JS = f"""
(trace) => {{
  const gd = {_BOARD};
  const data = gd._fullData[trace], cd = gd.calcdata[trace];
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const box = gd.querySelector('.main-svg').getBoundingClientRect();  // the drawing itself
  const s = box.width / gd._fullLayout.width;  // 1 unless the page scales the figure to fit
  return cd.map((p, i) => [data.customdata[i], i, box.left + s * (xa._offset + xa.c2p(p.x)),
                           box.top + s * (ya._offset + ya.c2p(p.y)), p.x, p.y]);
}}
"""

_HOVERED_JS = f"""
([trace, point]) => {{ const h = {_BOARD}._hoverdata;
  return !!h && h.length > 0 && h[0].curveNumber === trace && h[0].pointNumber === point; }}
"""

_SELECTION_JS = f"""
(trace) => {{ const d = {_BOARD}.data[trace];
  return [Array.from(d.x || []), Array.from(d.y || [])]; }}
"""

_SELECTED_JS = f"""
([trace, expected, title]) => {{
  const d = {_BOARD}.data[trace], xs = Array.from(d.x || []), ys = Array.from(d.y || []);
  const head = document.querySelector('.ttr-claim-title');
  return xs.length === expected.length &&
    expected.every(([x, y], i) => Math.abs(xs[i] - x) < 1e-9 && Math.abs(ys[i] - y) < 1e-9) &&
    (title === null || (!!head && head.textContent === title));
}}
"""

# The game's marks as the figure's data holds them: route spaces and station pieces as
# [id, fill, symbol], and the selection ring's points.
_MARKS_JS = f"""
([routes, stations, selection]) => {{
  const gd = {_BOARD};
  const pieces = t => {{
    const d = gd.data[t], c = d.marker.color, s = d.marker.symbol;
    return Array.from(d.customdata || []).map((id, i) => [
      id, Array.isArray(c) ? c[i] : c, Array.isArray(s) ? s[i] : s]);
  }};
  const ring = gd.data[selection], ys = Array.from(ring.y || []);
  return [pieces(routes), pieces(stations), Array.from(ring.x || []).map((x, i) => [x, ys[i]])];
}}
"""

# The fill of every drawn marker of a trace, by point index, read from the SVG plotly drew.
_FILLS_JS = f"""
(trace) => {{
  const gd = {_BOARD};
  const group = Array.from(gd.querySelectorAll('g.trace.scatter')).find(
    g => g.__data__ && g.__data__[0] && g.__data__[0].trace.index === trace);
  if (!group) return null;
  const fills = {{}};
  group.querySelectorAll('path.point').forEach(p => {{ fills[p.__data__.i] = p.style.fill; }});
  return fills;
}}
"""

_STATUS_JS = """
() => { const d = document.querySelector('.ttr-status .widget-html-content > div');
  if (!d) return null;
  const kind = Array.from(d.classList).find(c => c.startsWith('ttr-status-')) || '';
  const said = d.querySelector('.ttr-status-text') || d;  // the message, not its "why?"
  return [said.textContent, d.dataset.rule || '', kind.slice('ttr-status-'.length)]; }
"""

_POSITION_JS = """
() => { const p = document.querySelector('.ttr-position'); return p ? p.textContent : ''; }
"""

# Marks the status line's content as seen: the next message replaces it (and the mark).
_MARK_STATUS_JS = """
() => { const d = document.querySelector('.ttr-status .widget-html-content > div');
  if (d) d.dataset.seen = '1'; }
"""

_TOLD_JS = """
() => { const d = document.querySelector('.ttr-status .widget-html-content > div');
  return !!d && !d.dataset.seen; }
"""

_SAYS_JS = """
(fragment) => { const d = document.querySelector('.ttr-status .ttr-status-text');
  return !!d && d.textContent.includes(fragment); }
"""

_ANSWERED_JS = """
(before) => {
  const p = document.querySelector('.ttr-position');
  const m = p && /step (\\d+) of/.exec(p.textContent);
  if (m && Number(m[1]) !== before) return 'played';
  const d = document.querySelector('.ttr-status .widget-html-content > div');
  if (d && !d.dataset.seen &&
      d.classList.contains('ttr-status-error')) return 'refused';
  return false;
}
"""

_TURN_JS = """
(person) => { const p = document.querySelector('.ttr-position');
  const label = p ? p.textContent.replace(/^step \\d+ of \\d+ · /, '') : '';
  return label === 'Game over' || label.endsWith(' · ' + person); }
"""

_SHOWN_JS = """
(selector) => { const e = document.querySelector(selector);
  return !!e && getComputedStyle(e).display !== 'none'; }
"""

_POSITION_RE = re.compile(r"step (\d+) of (\d+) · (.*)")


class PlayPage:
    """The play app in a browser page, seen and clicked as a person would."""

    def __init__(self, page: Page, person: str = PERSON) -> None:
        self.page = page
        self.person = person

    @classmethod
    def open(cls, page: Page, server: VoilaServer, notebook: str = "Play.ipynb",
             person: str = PERSON) -> PlayPage:
        """Open the notebook's page and wait for the app: its status line and a drawn board."""
        open_notebook(page, server, notebook, ready=".ttr-status")
        play = cls(page, person)
        play.wait_for_board()
        return play

    # -- reading -----------------------------------------------------------------------------

    def wait_for_board(self) -> None:
        board = self.page.locator(".ttr-board .js-plotly-plot")
        board.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
        self.page.wait_for_function(_BOARD_READY_JS, arg=ROUTES, timeout=ACTION_TIMEOUT_MS)
        board.scroll_into_view_if_needed()

    def status(self) -> Status:
        found = self.page.evaluate(_STATUS_JS)
        if found is None:
            raise AssertionError("the page shows no status line (.ttr-status)")
        text, rule, kind = found
        return Status(str(text), str(rule), str(kind))

    def position(self) -> Position:
        text = str(self.page.evaluate(_POSITION_JS))
        match = _POSITION_RE.fullmatch(text.strip())
        if match is None:
            raise AssertionError(f"the stepper's position reads {text!r}")
        return Position(int(match[1]), int(match[2]), match[3])

    def text(self, selector: str) -> str:
        """The ``textContent`` of the first element matching ``selector`` (hidden tabs too)."""
        return str(self.page.locator(selector).first.text_content() or "")

    def read_until(self, read: Callable[[], T], expected: T,
                   timeout_ms: int = ACTION_TIMEOUT_MS) -> T:
        """Read until ``read()`` gives ``expected`` or the time is up; the last reading.

        For what the page draws after the stepper: the app renders the board last, so when
        the step has changed the board may still be on its way (the caller asserts)."""
        deadline = time.monotonic() + timeout_ms / 1000
        value = read()
        while value != expected and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
            value = read()
        return value

    def spaces(self) -> dict[str, tuple[Space, ...]]:
        """Every route's train spaces, where plotly draws them now (one ``evaluate``)."""
        spaces: dict[str, list[Space]] = {}
        for route_id, point, x, y, data_x, data_y in self.page.evaluate(_POINTS_JS, ROUTES):
            spaces.setdefault(route_id, []).append(
                Space(route_id, point, x, y, data_x, data_y))
        return {route_id: tuple(found) for route_id, found in spaces.items()}

    def cities(self) -> dict[str, Space]:
        """Every city marker, by city."""
        return {name: Space(name, point, x, y, data_x, data_y)
                for name, point, x, y, data_x, data_y in self.page.evaluate(_POINTS_JS, CITIES)}

    def selection(self) -> list[tuple[float, float]]:
        """The board's selection ring: the data points it circles."""
        xs, ys = self.page.evaluate(_SELECTION_JS, SELECTION)
        return list(zip(xs, ys, strict=True))

    def board_marks(self) -> BoardMarks:
        """The game's marks on the board, as the page's figure data holds them."""
        routes, stations, ring = self.page.evaluate(_MARKS_JS, [ROUTES, STATIONS, SELECTION])
        return BoardMarks(tuple(tuple(r) for r in routes), tuple(tuple(s) for s in stations),
                          tuple((float(x), float(y)) for x, y in ring))

    def drawn_fills(self, route_id: str) -> list[str]:
        """The fills of the route's spaces as drawn in the page's SVG (``rgb(...)``)."""
        fills = self.page.evaluate(_FILLS_JS, ROUTES)
        if fills is None:
            raise AssertionError("the board has no drawn routes trace")
        return [str(fills[str(s.point)]) for s in self.spaces()[route_id]]

    def shown(self, selector: str) -> bool:
        """Whether the element is displayed (``display`` is not ``none``)."""
        return bool(self.page.evaluate(_SHOWN_JS, selector))

    # -- the board ---------------------------------------------------------------------------

    def click_space(self, space: Space, trace: int = ROUTES, *,
                    before_click: Callable[[], object] | None = None) -> None:
        """Move onto a point, wait until plotly hovers exactly it, then click it
        (``before_click`` runs just before the click: a benchmark arms its probe there)."""
        self.page.mouse.move(space.x, space.y)
        try:
            self.page.wait_for_function(_HOVERED_JS, arg=[trace, space.point],
                                        timeout=HOVER_TIMEOUT_MS)
        except PlaywrightTimeout as error:
            raise AssertionError(f"plotly never hovered {space} (trace {trace})") from error
        moved = self._where(space, trace)
        if (moved.x, moved.y) != (space.x, space.y):
            # The board moved under the mouse (still settling): click where it is now.
            self.click_space(moved, trace, before_click=before_click)
            return
        if before_click is not None:
            before_click()
        self.page.mouse.click(space.x, space.y)

    def _where(self, space: Space, trace: int) -> Space:
        """The same point, where plotly draws it now."""
        points = self.page.evaluate(_POINTS_JS, trace)
        return next((Space(key, point, x, y, data_x, data_y)
                     for key, point, x, y, data_x, data_y in points if point == space.point),
                    space)

    def click_route(self, route_id: str, space: int | None = None) -> Space:
        """Click one of the route's spaces (the middle one by default); returns it."""
        spaces = self.spaces()[route_id]
        chosen = spaces[len(spaces) // 2 if space is None else space]
        self.click_space(chosen)
        return chosen

    def click_city(self, city: str) -> Space:
        chosen = self.cities()[city]
        self.click_space(chosen, CITIES)
        return chosen

    def wait_selected(self, points: list[tuple[float, float]], title: str | None = None,
                      timeout_ms: int = ACTION_TIMEOUT_MS) -> None:
        """Wait until the selection ring circles exactly these data points — the kernel has
        taken the click and redrawn the board — and, given a ``title``, the claim panel is
        titled so."""
        try:
            self.page.wait_for_function(_SELECTED_JS, arg=[SELECTION, points, title],
                                        timeout=timeout_ms)
        except PlaywrightTimeout as error:
            raise AssertionError(
                f"the board's selection is {self.selection()}, expected {points}; the claim "
                f"panel says {self.text('.ttr-claim-title')!r}, expected {title!r}; the "
                f"status {self.status().text!r}") from error

    def select_route(self, route_id: str) -> Status:
        """Click a route and wait until the board shows it selected; what the status line
        then says of it (the app redraws the board before it answers)."""
        spaces = self.spaces()[route_id]
        self.page.evaluate(_MARK_STATUS_JS)
        self.click_route(route_id)
        self.wait_selected([(s.data_x, s.data_y) for s in spaces])
        return self.wait_told()

    # -- the table -----------------------------------------------------------------------------

    def tab(self, name: str) -> None:
        """Show one of the app's tabs (Play, Log, Score, Game)."""
        if name not in TABS:
            raise ValueError(f"tab: expected one of {', '.join(TABS)}, not {name!r}")
        self.page.locator(".ttr-tabs .lm-TabBar-tab", has_text=name).first.click()

    def wait_tab(self, name: str) -> None:
        """Wait until the app shows the tab ``name`` (the kernel switches tabs after a deal,
        and its message may come after the deal's other news)."""
        self.page.locator(".ttr-tabs .lm-TabBar-tab.lm-mod-current", has_text=name).first \
            .wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)

    def new_game(self, map_name: str, seed: int, players: int | None = None) -> None:
        """Deal a new game from the Game tab's start panel (same seats, or ``players`` of them:
        the panel's own names and kinds for the new ones); back on the Play tab at the ticket
        choice."""
        self.tab("Game")
        self.page.locator(".ttr-map select").select_option(label=map_title(map_name))
        if players is not None:
            self.page.locator(".ttr-player-count input").fill(str(players))
            self.page.locator(".ttr-player-count input").press("Tab")  # syncs on blur
        self.page.locator(".ttr-seed input").fill(str(seed))
        self.page.locator(".ttr-seed input").press("Tab")  # the text box syncs on blur
        self.page.locator(".ttr-new-game").first.click()
        self.page.wait_for_function(
            "([p, prefix]) => { const e = document.querySelector('.ttr-title');"
            " return e && e.textContent.includes('seed ' + p) &&"
            f" {_BOARD}.data[{ROUTES}].customdata[0].startsWith(prefix); }}",
            arg=[str(seed), {"usa": "usa-", "europe": "eu-", "mini": "m-"}[map_name]],
            timeout=ACTION_TIMEOUT_MS)
        self.wait_for_turn()
        self.page.locator(".ttr-ticket-choice input").first.wait_for(
            state="visible", timeout=ACTION_TIMEOUT_MS)

    def act(self, target: Locator, *, settle: bool = True) -> bool:
        """Click a button that plays (or tries to play) an action and wait for the kernel's
        answer: True if it was played — then, with ``settle``, also wait until it is the
        person's turn again (or the game is over) — False if the status line refused it."""
        before = self.position().step
        self.page.evaluate(_MARK_STATUS_JS)
        target.click(timeout=ACTION_TIMEOUT_MS)
        answer = self.page.wait_for_function(_ANSWERED_JS, arg=before,
                                             timeout=ACTION_TIMEOUT_MS).json_value()
        if answer == "refused":
            return False
        if settle:
            self.wait_for_turn()
        return True

    def wait_for_turn(self) -> None:
        """Wait until the person is to move (or the game is over)."""
        self.page.wait_for_function(_TURN_JS, arg=self.person, timeout=TURN_TIMEOUT_MS)

    def button(self, css: str) -> Locator:
        return self.page.locator(f"button.{css}, .{css} button").first

    def keep_tickets(self) -> bool:
        return self.act(self.button("ttr-keep-tickets"))

    def draw_blind(self) -> bool:
        return self.act(self.button("ttr-blind-draw"))

    def hint(self) -> Status:
        """Press Hint; the status line's answer."""
        self.page.evaluate(_MARK_STATUS_JS)
        self.button("ttr-hint").click()
        return self.wait_told()

    def wait_status(self, fragment: str) -> Status:
        """Wait until the status line's message contains ``fragment``; the status. (After the
        bots' turn the stepper shows the person's turn a moment before the line tells it.)"""
        with contextlib.suppress(PlaywrightTimeout):  # the caller asserts what it says then
            self.page.wait_for_function(_SAYS_JS, arg=fragment, timeout=ACTION_TIMEOUT_MS)
        return self.status()

    def wait_told(self) -> Status:
        """Wait until the status line says something new since it was last marked seen (by
        ``act`` or ``hint``); what it says. The kernel moves the stepper before it tells the
        move, so a played step alone does not mean the status line has caught up."""
        self.page.wait_for_function(_TOLD_JS, timeout=ACTION_TIMEOUT_MS)
        return self.status()

    def claim_option(self, index: int = 0) -> bool:
        """Pay for the selected route the ``index``-th way the claim panel offers."""
        option = self.page.locator(".ttr-claim-option").nth(index)
        option.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
        return self.act(option)

    def undo(self) -> None:
        """Press Undo and wait until the status line says what it did."""
        self.act(self.button("ttr-undo"), settle=False)
        self.wait_told()

    def redo(self) -> None:
        """Press Redo and wait until the status line says what it did."""
        self.act(self.button("ttr-redo"), settle=False)
        self.wait_told()


def html_text(value: str) -> str:
    """An HTML widget's value as the page's ``textContent`` reads it."""
    return html.unescape(re.sub(r"<[^>]*>", "", value))


# --- one clicking policy, in the browser and without one ---------------------------------------

class Table(Protocol):
    """What ``play_to_the_end`` needs from a table: what is pending, and the buttons."""

    def pending(self) -> Pending: ...
    def keep_tickets(self) -> bool: ...
    def hint_claims(self) -> bool: ...
    def claim_first_option(self) -> bool: ...
    def pay_tunnel(self) -> bool: ...
    def decline_tunnel(self) -> bool: ...
    def draw_blind(self) -> bool: ...
    def draw_tickets(self) -> bool: ...
    def build_station(self) -> bool: ...
    def face_up_slots(self) -> list[int]: ...
    def take_face_up(self, slot: int) -> bool: ...
    def pass_turn(self) -> bool: ...


def play_to_the_end(table: Table, max_clicks: int = 400) -> int:
    """Play the person's side of a game by clicks until it is over; returns the clicks made.

    The policy: keep every ticket offered; on a turn ask for a hint and, when the hint is a
    claim, pay the first way the claim panel offers; otherwise draw two cards blind (a face-up
    card when the pile is empty; when no card can be drawn, tickets, else a station in the
    first city that takes one, else Pass). A revealed tunnel is paid the first way offered,
    or declined."""
    clicks = 0
    while clicks < max_clicks:
        pending = table.pending()
        if pending == "over":
            return clicks
        if pending == "tickets":
            clicks += 1
            assert table.keep_tickets(), "keeping every ticket offered was refused"
        elif pending == "tunnel":
            clicks += 1
            if not table.pay_tunnel():
                clicks += 1
                assert table.decline_tunnel(), "declining a tunnel was refused"
        elif pending == "second":
            clicks += _draw_a_card(table, first=False)
        else:
            clicks += 1
            if table.hint_claims():
                clicks += 1
                if table.claim_first_option():
                    continue
            clicks += _draw_a_card(table, first=True)
    raise AssertionError(f"the game is not over after {max_clicks} clicks")


def _draw_a_card(table: Table, *, first: bool) -> int:
    """Draw one card: blind, else the first face-up card the rules allow; on a turn where no
    card can be drawn at all, draw tickets, else pass. Returns the clicks made."""
    clicks = 1
    if table.draw_blind():
        return clicks
    for slot in table.face_up_slots():
        clicks += 1
        if table.take_face_up(slot):
            return clicks
    if first:
        clicks += 1
        if table.draw_tickets():
            return clicks
        clicks += 1
        if table.build_station():
            return clicks
    assert table.pass_turn(), "nothing could be drawn, and passing was refused"
    return clicks + 1


class BrowserTable:
    """``Table`` over a ``PlayPage``: every method is a click in the page."""

    def __init__(self, play: PlayPage) -> None:
        self.play = play

    def pending(self) -> Pending:
        play = self.play
        play.wait_for_turn()
        if play.position().over:
            return "over"
        if play.shown(".ttr-ticket-choice-panel"):
            return "tickets"
        if play.shown(".ttr-tunnel"):
            return "tunnel"
        title = play.page.locator("button.ttr-blind-draw").get_attribute("title") or ""
        return "second" if "second card" in title else "turn"

    def keep_tickets(self) -> bool:
        return self.play.keep_tickets()

    def hint_claims(self) -> bool:
        return f"Hint for {self.play.person}: claim " in self.play.hint().text

    def claim_first_option(self) -> bool:
        return self.play.claim_option(0)

    def pay_tunnel(self) -> bool:
        return self.play.act(self.play.button("ttr-pay-tunnel"))

    def decline_tunnel(self) -> bool:
        return self.play.act(self.play.button("ttr-decline-tunnel"))

    def draw_blind(self) -> bool:
        return self.play.draw_blind()

    def draw_tickets(self) -> bool:
        return self.play.act(self.play.button("ttr-draw-tickets"))

    def build_station(self) -> bool:
        play = self.play
        for city in play.cities().values():
            play.click_space(city, CITIES)
            play.wait_selected([(city.data_x, city.data_y)])
            option = play.page.locator(".ttr-station-option")
            option.or_(play.page.locator(".ttr-claim-refusal")).first.wait_for(
                state="visible", timeout=ACTION_TIMEOUT_MS)
            if option.count() and play.act(option.first):
                return True
        return False

    def face_up_slots(self) -> list[int]:
        cards = self.play.page.locator("button.ttr-market-card")
        return [i for i in range(cards.count()) if cards.nth(i).is_enabled()]

    def take_face_up(self, slot: int) -> bool:
        return self.play.act(self.play.page.locator("button.ttr-market-card").nth(slot))

    def pass_turn(self) -> bool:
        return self.play.act(self.play.button("ttr-pass"))


class HeadlessTable:
    """``Table`` over a ``PlayApp`` in this process (``bot_delay=0``): the same buttons,
    pressed through ipywidgets' ``Button.click``."""

    def __init__(self, app: PlayApp) -> None:
        if app.bot_delay != 0:
            raise ValueError("HeadlessTable: the app must play its bots at once (bot_delay=0)")
        self.app = app

    def _press(self, button: Any) -> bool:
        before = self.app.game.cursor
        button.click()
        return bool(self.app.game.cursor != before)

    def pending(self) -> Pending:
        state = self.app.state
        if state.is_over:
            return "over"
        if isinstance(state.pending, TicketChoice):
            return "tickets"
        if isinstance(state.pending, TunnelPayment):
            return "tunnel"
        return "second" if isinstance(state.pending, SecondCard) else "turn"

    def keep_tickets(self) -> bool:
        return self._press(self.app.ticket_choice.keep)

    def hint_claims(self) -> bool:
        self.app.hint_button.click()
        return f"Hint for {PERSON}: claim " in self.app.status.text

    def claim_first_option(self) -> bool:
        options = self.app.claim.options.children
        return bool(options) and self._press(options[0])

    def pay_tunnel(self) -> bool:
        buttons = self.app.tunnel.pay_buttons
        return bool(buttons) and self._press(buttons[0])

    def decline_tunnel(self) -> bool:
        return self._press(self.app.tunnel.decline)

    def draw_blind(self) -> bool:
        return self._press(self.app.market.blind)

    def draw_tickets(self) -> bool:
        return self._press(self.app.market.draw_tickets)

    def build_station(self) -> bool:
        for city in self.app.board.cities:
            self.app.click_city(city.name)
            options = self.app.claim.options.children
            if options and self._press(options[0]):
                return True
        return False

    def face_up_slots(self) -> list[int]:
        return [i for i, card in enumerate(self.app.market.cards) if not card.disabled]

    def take_face_up(self, slot: int) -> bool:
        return self._press(self.app.market.cards[slot])

    def pass_turn(self) -> bool:
        return self._press(self.app.market.pass_button)


class PairedTable:
    """``Table`` that makes every click on two tables — a page and its headless twin — and
    checks after each that they agree: the same answer, and the page's board drawn as the
    twin's (a board that stops following the game fails at the first move it misses)."""

    def __init__(self, page: BrowserTable, twin: HeadlessTable) -> None:
        self.page, self.twin = page, twin
        self.moves = 0
        self.played: Counter[str] = Counter()  #: how often each button played a move

    def _both(self, name: str, *args: int) -> Any:
        self.moves += 1
        mine = getattr(self.page, name)(*args)
        theirs = getattr(self.twin, name)(*args)
        where = f"move {self.moves}, {name}{args or ''}"
        assert mine == theirs, f"{where}: the page answered {mine!r}, the twin {theirs!r}"
        expected = app_board_marks(self.twin.app)
        drawn = self.page.play.read_until(self.page.play.board_marks, expected)
        assert drawn == expected, f"{where}: the page's board is not the twin's"
        if mine is True and name != "hint_claims":  # a hint plays nothing
            self.played[name] += 1
        return mine

    def pending(self) -> Pending:
        mine, theirs = self.page.pending(), self.twin.pending()
        assert mine == theirs, f"after move {self.moves}: the page waits for {mine!r}, " \
                               f"the twin for {theirs!r}"
        return mine

    def keep_tickets(self) -> bool:
        return bool(self._both("keep_tickets"))

    def hint_claims(self) -> bool:
        return bool(self._both("hint_claims"))

    def claim_first_option(self) -> bool:
        return bool(self._both("claim_first_option"))

    def pay_tunnel(self) -> bool:
        return bool(self._both("pay_tunnel"))

    def decline_tunnel(self) -> bool:
        return bool(self._both("decline_tunnel"))

    def draw_blind(self) -> bool:
        return bool(self._both("draw_blind"))

    def draw_tickets(self) -> bool:
        return bool(self._both("draw_tickets"))

    def build_station(self) -> bool:
        return bool(self._both("build_station"))

    def face_up_slots(self) -> list[int]:
        mine, theirs = self.page.face_up_slots(), self.twin.face_up_slots()
        assert mine == theirs, f"after move {self.moves}: face-up slots {mine} != {theirs}"
        return mine

    def take_face_up(self, slot: int) -> bool:
        return bool(self._both("take_face_up", slot))

    def pass_turn(self) -> bool:
        return bool(self._both("pass_turn"))
