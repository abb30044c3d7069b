"""The final score: one column per player — routes, every ticket hit or missed, stations, the
longest trail and its bonus, the Globetrotter (a game of the USA 1910 box that plays it), the
Depot bonus (Warehouses & Depots), the total — the winner and how ties were broken.

The sheet is ``rules.engine.score(state)`` (``scoring.score_game`` under the hood); buttons
highlight a player's longest trail on the board. A team game's sheet has a line a team
(``ScoreSheet.teams``): routes, tickets, the longest trail with the Asian Express bonus, the
Globetrotter bonus and the total, a row each, and each team's tickets hit or missed under it.
Below them, the statistics of the game (``stats_view.StatsView``: cards, tickets, turns … and a
chart comparing the players, its width the side panel's), shown by ``show_stats`` and cleared
with the sheet; the points are the score table's alone (the statistics repeat none of them).

In the play app the end is revealed step by step (``reveal_steps``: the routes, each ticket,
the stations, the longest trail, the bonuses, the total and the winner), on a timer the
learner can hurry ("Next ▸") or skip ("Show all"); the table it ends on is the final table.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import traitlets

from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet, StationBorrow
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.stats import GameStats
from ttr_widgets.rules.variants import ticket_rules
from ttr_widgets.rules.words import and_list, bonus_name, is_you
from ttr_widgets.widgets.plots.stats_view import StatsView
from ttr_widgets.widgets.table.bots import running_loop
from ttr_widgets.widgets.table.teams import TEAM_COLORS, team_label

__all__ = ["REVEAL_SECONDS", "ScoringView", "longest_trail_routes", "reveal_steps",
           "score_table_html", "team_score_html"]

Highlight = Callable[[Sequence[str], str], object]

#: The statistics chart's width in the side panel (at most 440 px wide, its padding inside):
#: it fits the panel at 1366x768 instead of running off it.
CHART_WIDTH = 380


def longest_trail_routes(sheet: ScoreSheet) -> tuple[str, ...]:
    """The routes of every longest trail that earned the bonus (each tied player's)."""
    routes: list[str] = []
    for p in sheet.players:
        if p.longest_bonus:
            routes += [r for r in p.longest_trail_routes if r not in routes]
    return tuple(routes)


#: About how long the timed reveal of a game's end takes in all (each step a fraction of it,
#: at most ``REVEAL_STEP`` seconds); "Next" goes on at once, "Show all" ends it.
REVEAL_SECONDS = 10.0
REVEAL_STEP = 1.2
TRAIL_STEP = N_("The longest trail of each player")  #: the reveal's step that shows the trails


class ScoringView(widgets.VBox):
    """The score table (``ttr-score-table``), the winner (``ttr-winner``), one button per
    player to draw their longest trail (``ttr-show-trail``) and the game's statistics
    (``stats``, a ``StatsView``).

    With ``step_by_step`` (the play app), a sheet that arrives while an event loop runs is
    revealed (``reveal_steps``): the routes first, then every ticket one by one, the stations,
    the longest trail, the bonuses and last the total with the winner, a step every second or
    so; ``Next ▸`` (``ttr-reveal-next``) tells the next step at once and ``Show all``
    (``ttr-reveal-all``) ends the reveal. ``shown`` is the number of steps told (``None``: the
    whole sheet, the final table). Without a running loop (a script, a test) the whole sheet
    shows at once."""

    sheet = traitlets.Instance(ScoreSheet, allow_none=True)
    shown = traitlets.Int(None, allow_none=True)

    def __init__(self, board: Board, on_highlight: Highlight) -> None:
        self.board = board
        self._on_highlight = on_highlight
        self.step_by_step = False
        self._task: asyncio.Task[None] | None = None
        self.table = widgets.HTML()
        self.table.add_class("ttr-score-table")
        self.winner = widgets.HTML()
        self.winner.add_class("ttr-winner")
        self.trails = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.stats = StatsView(chart_width=CHART_WIDTH)
        self.running = widgets.HTML()  #: mid-game: what the tab will show, the points so far
        self.running.add_class("ttr-score-running")
        self.step_caption = widgets.HTML()
        self.step_caption.add_class("ttr-reveal-step")
        self.next = widgets.Button(layout=widgets.Layout(width="auto"))
        self.next.add_class("ttr-reveal-next")
        self.next.on_click(lambda _b: self.step())
        self.skip = widgets.Button(layout=widgets.Layout(width="auto"))
        self.skip.add_class("ttr-reveal-all")
        self.skip.on_click(lambda _b: self.show_all())
        self.step_caption.layout.flex = "1 1 auto"  # the caption wraps; the buttons keep
        self.next.layout.flex = self.skip.layout.flex = "0 0 auto"  # their words whole
        self.reveal_bar = widgets.HBox([self.step_caption, self.next, self.skip],
                                       layout=widgets.Layout(align_items="center",
                                                             display="none"))
        self.reveal_bar.add_class("ttr-reveal")
        self.after = widgets.VBox([self.trails, self.stats])  #: shown once all is told
        super().__init__([self.running, self.winner, self.reveal_bar, self.table, self.after])
        self.add_class("ttr-scoring")
        self._running: tuple[GameState, Sequence[str]] | None = None  #: show_running's last
        self._label()

    def _label(self) -> None:
        self.next.description = _("Next ▸")
        self.next.tooltip = _("Show the next part of the score now")
        self.skip.description = _("Show all")
        self.skip.tooltip = _("Show the whole score now")

    def relabel(self) -> None:
        """The tab's words again, in the language now."""
        self._label()
        if self.sheet is not None:
            self._render()
        elif self._running is not None:
            self.show_running(*self._running)

    @traitlets.observe("sheet")
    def _sheet_changed(self, _change: object = None) -> None:
        self._stop()
        revealing = (self.step_by_step and self.sheet is not None and not self.sheet.teams
                     and running_loop() is not None)
        if revealing:
            self.shown = 1
            self._task = asyncio.get_running_loop().create_task(self._pace())
        else:
            self.shown = None
        self._render()

    @traitlets.observe("shown")
    def _shown_changed(self, _change: object = None) -> None:
        self._render()

    @property
    def trail_told(self) -> bool:
        """Whether the longest trails are told yet (the board may draw them)."""
        if self.sheet is None or self.shown is None:
            return True
        return self.shown > reveal_steps(self.board, self.sheet).index(_(TRAIL_STEP))

    def step(self) -> None:
        """Tell the next step of the reveal (the last: the whole sheet)."""
        if self.sheet is None or self.shown is None:
            return
        steps = len(reveal_steps(self.board, self.sheet))
        self.shown = None if self.shown + 1 >= steps else self.shown + 1

    def show_all(self) -> None:
        """End the reveal: the whole sheet, the final table."""
        self._stop()
        self.shown = None

    def _stop(self) -> None:
        task, self._task = self._task, None
        current = asyncio.current_task() if running_loop() is not None else None
        if task is not None and task is not current:  # (a sheet set from a script: no loop)
            task.cancel()

    async def _pace(self) -> None:
        """The timed reveal: a step every so often until all is told (or it is stopped)."""
        sheet = self.sheet
        assert sheet is not None
        pause = min(REVEAL_STEP, REVEAL_SECONDS / len(reveal_steps(self.board, sheet)))
        while self.shown is not None and self.sheet is sheet:
            await asyncio.sleep(pause)
            if self.sheet is sheet:
                self.step()
        if self._task is asyncio.current_task():
            self._task = None

    def _render(self) -> None:
        sheet = self.sheet
        if sheet is None:
            self.table.value = self.winner.value = ""
            self.trails.children = ()
            self.stats.clear()
            self.reveal_bar.layout.display = "none"
            return
        self.running.value = ""
        shown = self.shown
        steps = reveal_steps(self.board, sheet)
        if shown is not None:
            self.reveal_bar.layout.display = None
            title = html.escape(_("The end, step by step"))
            caption = _("{title} ({shown} of {steps}): {step}").format(
                title=f"<b>{title}</b>", shown=shown,
                steps=len(steps), step=html.escape(steps[shown - 1]))
            self.step_caption.value = f'<span style="font-size:12px">{caption}</span>'
            self.winner.value = ""
            self.after.layout.display = "none"
        else:
            self.reveal_bar.layout.display = "none"
            self.after.layout.display = None
            won = _winners(sheet).format(
                names=f"<b>★ {html.escape(and_list(list(sheet.winners)))}</b>")
            self.winner.value = (f'<div style="font-size:14px">{won}<br>'
                                 f'<span style="font-size:12px">{html.escape(sheet.reason)}'
                                 '</span></div>')
        self.table.value = (team_score_html(self.board, sheet) if sheet.teams
                            else score_table_html(self.board, sheet, shown=shown))
        if shown is None:
            self.trails.children = tuple(self._trail_button(p) for p in sheet.players)

    def show_running(self, state: GameState, colors: Sequence[str]) -> None:
        """Mid-game (no sheet yet): say what the tab will show, and each player's route points
        so far, in their colours."""
        self._running = (state, colors)
        if self.sheet is not None:
            return
        if state.teams:
            self.running.value = _team_running_html(state)
            return
        points = " · ".join(
            f'<span style="white-space:nowrap"><span style="display:inline-block;width:10px;'
            f'height:10px;background:{colors[i % len(colors)]};border:1px solid #333;'
            f'margin-right:3px"></span>{html.escape(p.name)} <b>{p.route_points}</b></span>'
            for i, p in enumerate(state.players))
        rules = ticket_rules(state.board, state.options)
        bonuses = [part for part, played in (
            (_("the longest trail and its bonus"), rules.longest_bonus),
            (_("the longest trail (no bonus in this game)"), not rules.longest_bonus),
            (_("the Globetrotter for the most tickets completed"), rules.globetrotter)) if played]
        shows = _("The final score shows here when the game ends: each player's routes, every "
                  "ticket completed or missed (tickets stay secret until then), {bonuses}, and "
                  "the winner.").format(bonuses=", ".join(bonuses))
        route_points = html.escape(_("Route points so far"))
        so_far = _("{route_points}: {points}").format(route_points=f"<b>{route_points}</b>",
                                                      points=points)
        self.running.value = (
            f'<div style="font-size:12px;line-height:1.4">{html.escape(shows)}<br>{so_far}</div>')

    def show_stats(self, stats: GameStats, colors: Sequence[str]) -> None:
        """Show the game's statistics under the score, players in ``colors`` (a team game's,
        each player with the team's points, when the sheet is a team game's)."""
        self.stats.show(stats, self.board, colors,
                        teams=self.sheet is not None and self.sheet.teams, points=False)

    def _trail_button(self, score: PlayerScore) -> widgets.Button:
        trail = (_("Your longest trail") if is_you(score.name) else
                 _("{name}'s longest trail").format(name=score.name))
        button = widgets.Button(description=trail, tooltip=_spaces(score.longest_trail),
                                layout=widgets.Layout(width="auto", margin="2px"))
        button.add_class("ttr-show-trail")
        button.on_click(lambda _b: self._on_highlight(
            score.longest_trail_routes,
            f"{trail} ({score.longest_trail})"))
        return button


def reveal_steps(board: Board, sheet: ScoreSheet) -> tuple[str, ...]:
    """The end of a game told step by step, each step's caption: the routes, every ticket one
    by one (each player's first, then each one's second …), the stations, the longest trail,
    the bonuses, the total and the winner (a team game's sheet: one step, the whole)."""
    if sheet.teams:
        return (_("The final score"),)
    steps = [_("Routes: the points of every route claimed")]
    most = max((len(p.tickets) for p in sheet.players), default=0)
    for k in range(most):
        for p in sheet.players:
            if k < len(p.tickets):
                ticket = board.ticket(p.tickets[k].id)
                done = p.tickets[k].completed
                if is_you(p.name):
                    said = (_("Your ticket {ticket}: completed") if done else
                            _("Your ticket {ticket}: missed"))
                else:
                    said = (_("{name}'s ticket {ticket}: completed") if done else
                            _("{name}'s ticket {ticket}: missed"))
                steps.append(said.format(name=p.name, ticket=ticket.cities_label))
    if board.has_stations:
        steps.append(_("Stations: the points of the stations not built"))
    steps.append(_(TRAIL_STEP))
    if _bonuses(sheet):
        steps.append(_("The bonuses"))
    steps.append(_("The total and the winner"))
    return tuple(steps)


def _bonuses(sheet: ScoreSheet) -> bool:
    return bool(sheet.longest_bonus or sheet.globetrotter or sheet.warehouses)


def score_table_html(board: Board, sheet: ScoreSheet, *, shown: int | None = None) -> str:
    """The score sheet as an HTML table, a column per player: the final table, or with
    ``shown`` the first ``shown`` of ``reveal_steps`` told (the tickets still to tell counted,
    a "so far" row for the points told); all of them told, it is the final table."""
    players = sheet.players
    steps = len(reveal_steps(board, sheet))
    told = steps if shown is None else max(1, min(shown, steps))
    tickets_told = told - 1  # the tickets come after the routes, one a step
    per_player = [0] * len(players)
    k = 0
    while tickets_told > 0 and any(k < len(p.tickets) for p in players):
        for i, p in enumerate(players):
            if k < len(p.tickets) and tickets_told > 0:
                per_player[i] += 1
                tickets_told -= 1
        k += 1
    after = told - 1 - sum(per_player)  # the steps past the tickets told
    parts = ["stations"] if board.has_stations else []
    parts += ["trail"] + (["bonuses"] if _bonuses(sheet) else []) + ["total"]
    past = set(parts[:max(0, after)])

    def row(label: str, cells: Sequence[str], bold: bool = False, extra: str = "") -> str:
        weight = "font-weight:bold;" if bold else ""
        return (f'<tr style="{weight}border-top:1px solid #ddd{extra}"><th style="'
                f'text-align:left;vertical-align:top;padding:2px 4px">{label}</th>' +
                "".join(f'<td style="vertical-align:top;padding:2px 4px">{c}</td>'
                        for c in cells) + "</tr>")

    def tickets(p: PlayerScore, n: int) -> str:
        lines = []
        for t in p.tickets[:n]:
            ticket = board.ticket(t.id)
            mark = "✔" if t.completed else "✘"
            color = "#1d5a2c" if t.completed else "#8a1c12"
            via = " " + _("(station)") if t.borrowed else ""
            a, b = board.city_label(ticket.a), board.city_label(ticket.b)
            lines.append(f'<div class="ttr-score-ticket" style="color:{color}">{mark} '
                         f'{_unbroken(a)}–{_unbroken(b)} {t.points:+d}{via}</div>')
        if n < len(p.tickets):
            left = len(p.tickets) - n
            still = ngettext("{n} ticket still to show", "{n} tickets still to show", left)
            return "".join(lines) + f'<div style="color:#777">{still.format(n=left)}</div>'
        done = _("({done} of {n})").format(done=p.tickets_completed, n=len(p.tickets))
        return "".join(lines) + f"<div><b>{p.ticket_points:+d}</b> {done}</div>"

    body = [
        row("", [html.escape(p.name) for p in players], bold=True),
        row(_("Routes"), [f"{p.route_points} <span style='color:#777'>("
                          + ngettext("{n} route", "{n} routes", p.routes_claimed).format(
                              n=p.routes_claimed) + ", "
                          + ngettext("{n} train", "{n} trains", p.trains_used).format(
                              n=p.trains_used) + ")</span>" for p in players]),
        row(_("Tickets"), [tickets(p, per_player[i] if shown is not None else len(p.tickets))
                        for i, p in enumerate(players)]),
    ]
    if board.has_stations and (shown is None or "stations" in past):
        body.append(row(_("Stations"), [
            f"{p.station_points:+d} <span style='color:#777'>("
            + ngettext("{n} built", "{n} built", p.stations_built).format(n=p.stations_built)
            + ")</span>"
            + "".join(f"<div style='color:#777'>{html.escape(_borrow(board, b))}</div>"
                      for b in p.borrowings) for p in players]))
    if shown is None or "trail" in past:
        body.append(row(_("Longest trail"), [_spaces(p.longest_trail) for p in players]))
    bonuses = shown is None or "bonuses" in past
    if sheet.longest_bonus and bonuses:  # a game without the bonus shows no row of zeros
        body.append(row(html.escape(bonus_name(board.rules)),
                        [f"{p.longest_bonus:+d}" if p.longest_bonus else "0" for p in players]))
    if sheet.globetrotter and bonuses:
        body.append(row(_("Globetrotter") + " <span style='color:#777;font-weight:normal'>"
                        + html.escape(_("(most tickets completed)")) + "</span>",
                        [f"{p.globetrotter_bonus:+d}" if p.globetrotter_bonus else "0"
                         for p in players]))
    if sheet.warehouses and bonuses:
        body.append(row(_("Depot bonus") + " <span style='color:#777;font-weight:normal'>"
                        + html.escape(_("(most Depots left)")) + "</span>",
                        [f"{p.depot_bonus:+d}" if p.depot_bonus else "0" for p in players]))
    if shown is None or "total" in past:
        body.append(row(_("Total"), [str(p.total) for p in players], bold=True))
    else:  # the points told so far, from the sheet's own parts
        so_far = [p.route_points
                  + sum(t.points for t in p.tickets[:per_player[i]])
                  + (p.station_points if "stations" in past else 0)
                  + (p.longest_bonus + p.globetrotter_bonus + p.depot_bonus
                     if bonuses else 0) for i, p in enumerate(players)]
        body.append(row(_("So far"), [str(n) for n in so_far],
                        extra=";color:#555;font-style:italic"))
    return ('<table class="ttr-score" style="border-collapse:collapse;font-size:12px;'
            'width:100%">' + "".join(body) + "</table>")


def _unbroken(city: str) -> str:
    """A city's name that never wraps inside itself ("Santa Fe", "Los Angeles": no-break
    spaces; a line may still break after the dash between two names)."""
    return html.escape(city).replace(" ", "\u00a0")


def _team_running_html(state: GameState) -> str:
    points = " · ".join(
        f'<span style="white-space:nowrap;color:{TEAM_COLORS[t][0]}"><b>{team_label(t)}</b> '
        f'<b>{sum(p.route_points for p in state.team_players(t))}</b></span>'
        for t in range(state.num_teams))
    shows = _("The final score shows here when the game ends: a line a team, both teammates' "
              "routes, every ticket of the team completed or missed against both teammates' "
              "routes (tickets stay secret until then), the Asian Express and Globetrotter "
              "bonuses, and the winning team.")
    route_points = html.escape(_("Route points so far"))
    so_far = _("{route_points}: {points}").format(route_points=f"<b>{route_points}</b>",
                                                  points=points)
    return (f'<div style="font-size:12px;line-height:1.4">{html.escape(shows)}<br>{so_far}'
            '</div>')


def team_score_html(board: Board, sheet: ScoreSheet) -> str:
    """A team game's sheet as an HTML table, a row a team (``ttr-team-score-row``): routes,
    tickets, the longest trail, the Asian Express and Globetrotter bonuses, the total; under
    it each team's tickets, hit or missed against both teammates' routes."""
    heads = (_("team"), _("routes"), _("tickets"), _("longest trail"), _("Asian Express"),
             _("Globetrotter"), _("total"))
    cell = 'style="padding:2px 3px;text-align:right;vertical-align:top;white-space:nowrap"'
    rows = []
    for team, line in enumerate(sheet.players):
        color = TEAM_COLORS[team][0]
        won = " ★" if line.name in sheet.winners else ""
        done = _("{done} of {n}").format(done=line.tickets_completed, n=len(line.tickets))
        cells = (f"{line.route_points}", f"{line.ticket_points:+d}<br><span style="
                 f'"color:#777">{done}</span>',
                 _spaces(line.longest_trail),
                 f"{line.longest_bonus:+d}" if line.longest_bonus else "0",
                 f"{line.globetrotter_bonus:+d}" if line.globetrotter_bonus else "0",
                 f"<b>{line.total}</b>")
        rows.append(f'<tr class="ttr-team-score-row" style="border-top:1px solid #ddd"><td '
                    f'style="padding:2px 3px;color:{color};white-space:nowrap"><b>'
                    f'{team_label(team)}{won}</b><br>{html.escape(line.name)}</td>'
                    + "".join(f"<td {cell}>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th style="padding:0 3px;text-align:{"left" if h == heads[0] else "right"};'
                   f'font-weight:normal">{h}</th>' for h in heads)
    tickets = []
    none = html.escape(_("no tickets"))
    for team, line in enumerate(sheet.players):
        marks = []
        for t in line.tickets:
            ticket = board.ticket(t.id)
            mark, color = ("✔", "#1d5a2c") if t.completed else ("✘", "#8a1c12")
            marks.append(f'<span style="color:{color};white-space:nowrap">{mark} '
                         f'{html.escape(ticket.cities_label)} {t.points:+d}</span>')
        tickets.append(f'<div class="ttr-team-tickets"><b style="color:{TEAM_COLORS[team][0]}">'
                       f'{team_label(team)}</b>: {" · ".join(marks) or none}</div>')
    return ('<table class="ttr-score ttr-team-scores" style="border-collapse:collapse;'
            f'font-size:12px;width:100%"><tr style="color:#555">{head}</tr>{"".join(rows)}'
            f'</table><div style="font-size:12px;line-height:1.4;margin-top:4px">'
            f'{"".join(tickets)}</div>')


def _borrow(board: Board, borrow: StationBorrow) -> str:
    if borrow.route is None:
        return _("{city}: nothing to borrow").format(city=board.city_label(borrow.city))
    route = board.route(borrow.route)
    return _("{city}: borrows {route} from {owner}").format(
        city=board.city_label(borrow.city),
        route=f"{board.city_label(route.a)}–{board.city_label(route.b)}", owner=borrow.owner)


def _spaces(n: int) -> str:
    """'6 spaces' (a trail's length, in train spaces)."""
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def _winners(sheet: ScoreSheet) -> str:
    """The winner's line as a template of ``{names}``: 'Ann wins.', 'You win.', 'Ann and Ben
    share the win.' (a team's name: 'Blue team win.')."""
    if len(sheet.winners) > 1:
        return _("{names} share the win.")
    if sheet.teams or is_you(sheet.winners[0]):
        return _("{names} win.")
    return _("{names} wins.")
