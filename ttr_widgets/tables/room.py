"""The teacher's room: every table of this server at a glance, and what only a teacher does.

``Room`` stands beside the ``TableService`` of one ``ttr serve`` and answers only to the
teacher's key (``allows``; a new one at each start unless ``ttr serve --teacher-key`` gives
it). What it shows of a table (``table_card``) is what any watcher may know: its seats, whose turn
it is and since when, the points on the score track, the trains left, the last move in the
table's own words (the event log's), the seats whose person is away or gone. It pauses,
resumes and ends tables (``TableService.pause`` …: every page at the table is told), makes a
class's tables at once from a list of names (``make_class``: each student seated, with the
personal link that gives their seat back, on a printable ``Sheet``), and gives the class's
finished games as records (JSON) and as rows (CSV), and its statistics, with the mistakes the
coach (``bots.coach.review``) flagged most in the people's games.

The coach's review of a game takes seconds: ``statistics`` hands each finished game to
``executor`` (a process of its own under ``ttr serve``, so that no table waits for it) and
counts what has come back; without one it reviews there and then (tests, scripts).
"""

from __future__ import annotations

import csv
import functools
import hmac
import io
import math
import secrets
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any

from ttr_widgets.bots import LEVELS, level_word
from ttr_widgets.bots.coach import review
from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ttr_widgets.rules.engine import new_game, score
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import DEFAULT, _, ngettext, pgettext, use
from ttr_widgets.rules.maps import BUILTIN_MAPS, load_map
from ttr_widgets.rules.record import from_record, to_record
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.stats import GameStats, game_stats
from ttr_widgets.rules.words import and_list, map_title
from ttr_widgets.tables.authority import Seat, Table, TableError
from ttr_widgets.tables.names import new_name, valid_name
from ttr_widgets.tables.progress import Report, grid, lesson_title, read_report
from ttr_widgets.tables.service import TableService
from ttr_widgets.tables.telling import status_words

__all__ = ["CSV_COLUMNS", "ClassSeat", "Room", "Sheet", "how_long", "mistakes", "table_card"]

MAX_STUDENTS = 200  #: the most names one class may have
CSV_COLUMNS = ("table", "map", "player", "score", "tickets_completed", "tickets_missed",
               "trains_left")
#: events after which the player to move begins their turn
_TURN_STARTS = ("created", "joined", "move", "resumed")


def how_long(seconds: float) -> str:
    """'12 seconds', '3 minutes', '1 hour 5 minutes', in the reader's language."""
    s = max(0, int(seconds))
    if s < 60:
        return ngettext("{n} second", "{n} seconds", s).format(n=s)
    minutes = ngettext("{n} minute", "{n} minutes", s % 3600 // 60).format(n=s % 3600 // 60)
    if s < 3600:
        return ngettext("{n} minute", "{n} minutes", s // 60).format(n=s // 60)
    hours = ngettext("{n} hour", "{n} hours", s // 3600).format(n=s // 3600)
    return _("{hours} {minutes}").format(hours=hours, minutes=minutes) if s % 3600 >= 60 \
        else hours


@dataclass(frozen=True, slots=True)
class ClassSeat:
    """A student's place in a class: the table, the seat, and the link that gives it back."""

    student: str
    table: str
    seat: int
    link: str


@dataclass(frozen=True, slots=True)
class Sheet:
    """The class's tables as made (``Room.make_class``): every student's personal link. Only
    the room keeps it, and only while the server runs (the table keeps a seat key's hash)."""

    id: str
    map: str
    seats: tuple[ClassSeat, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "map": self.map,
                "tables": sorted({s.table for s in self.seats}),
                "students": [{"name": s.student, "table": s.table, "seat": s.seat + 1,
                              "link": s.link} for s in self.seats]}


@dataclass(slots=True)
class Room:
    """The teacher's room of one server (see the module docstring)."""

    service: TableService
    key: str
    executor: Executor | None = None
    #: a lesson's title as the reader's page shows it (``ttr serve``: its notebook's heading)
    titles: Callable[[str], str] = lesson_title
    sheets: dict[str, Sheet] = field(default_factory=dict)
    reviews: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    _stats: dict[str, GameStats] = field(default_factory=dict)  #: finished games' (never change)
    _reviewing: dict[str, Future[list[tuple[int, str]]]] = field(default_factory=dict)

    def allows(self, key: str | None) -> bool:
        """Whether ``key`` is the teacher's (compared in constant time)."""
        return bool(key) and hmac.compare_digest(str(key).encode(), self.key.encode())

    def close(self) -> None:
        """Stop the coach's reviews: a review under way is ended, not waited for (the server
        stops at once; the review is made again at the next start)."""
        if self.executor is None:
            return
        # a process pool's workers (private to it, but ours: a review can take seconds), read
        # before the shutdown forgets them
        workers = list((getattr(self.executor, "_processes", None) or {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()

    # -- the tables at a glance

    def cards(self) -> list[dict[str, Any]]:
        """Every table as its card, newest first."""
        now = self.service.clock()
        return [table_card(table, now, self.watch_link(table.name))
                for table in reversed(list(self.service.tables.values()))]

    def card(self, name: str) -> dict[str, Any]:
        table = self.service.table(name)
        return table_card(table, self.service.clock(), self.watch_link(name))

    def watch_link(self, name: str) -> str:
        """The table's link for a watcher who takes no seat (the play page asks no name)."""
        return self.service.link(name) + "&watch=1"

    # -- the class's progress through the course

    def report(self, body: Any) -> Report:
        """Keep what a lesson's page reports (``tables.progress.read_report``): the student is
        the name given, or the one seated by the seat key ``{"table", "seat"}`` of their personal
        link (which wins). ``TableError`` (a ``ValueError``) naming the field, with its code;
        ``StoreError`` when it cannot be kept."""
        if isinstance(body, dict) and body.get("seat"):
            body = {**body, "student": self.seated(body.get("table"), body.get("seat"))}
        report = read_report(body, self.service.clock())
        self.service.store.keep_progress(report)
        return report

    def seated(self, table: object, key: object) -> str:
        """The name of the person whose seat ``key`` is at ``table``; ``TableError`` when none
        is."""
        found = self.service.tables.get(table) if isinstance(table, str) else None
        seat = found.seat_of(key) if found is not None and isinstance(key, str) else None
        name = found.seats[seat].name if found is not None and seat is not None else None
        if not name:
            raise TableError.of("report-seat")
        return name

    def progress(self) -> dict[str, Any]:
        """Every student's lessons, as a table of students × lessons (``progress.grid``)."""
        return grid(self.service.store.progress(), self.titles)

    # -- a class's tables

    def make_class(self, names: Sequence[str], *, map_name: str, seats: int,
                   bot: str | None = None, variant: str | None = None,
                   word: str | None = None) -> Sheet:
        """Tables of ``seats`` for the students ``names`` (spread as evenly as they go, the
        seats left taken by the ``bot`` level, or open when None), each student seated; the
        sheet of their personal links. ``TableError`` naming the field, before any table is
        made."""
        students = _students(names)
        options = Options(variant=variant)
        _check_class(map_name, seats, bot, options)
        groups = _groups(students, seats)
        tables = _table_names(word, len(groups), self.service.tables)
        placed: list[ClassSeat] = []
        for table_name, group in zip(tables, groups, strict=True):
            bots = (None,) * len(group) + (bot,) * (seats - len(group))
            table = self.service.create(map_name=map_name, seats=seats, options=options,
                                        name=table_name, bots=bots)
            placed += self._seat(table, group)
        sheet = Sheet(secrets.token_urlsafe(9), map_name, tuple(placed))
        self.sheets[sheet.id] = sheet
        return sheet

    def _seat(self, table: Table, students: Sequence[str]) -> list[ClassSeat]:
        out = []
        for student in students:
            seat, key = self.service.seat_person(table.name, student)
            out.append(ClassSeat(table.seats[seat].name or student, table.name, seat,
                                 self.service.personal_link(table.name, key)))
        return out

    # -- the class's games

    def finished(self) -> list[Table]:
        return [t for t in self.service.tables.values() if t.state.is_over]

    def records(self) -> dict[str, Any]:
        """Every game played to its end or ended by the teacher, as the kit's records."""
        return {"tables": [{"table": t.name, "map": t.spec.map, "ended": t.ended,
                            "record": to_record(t.game)}
                           for t in self.service.tables.values() if t.over]}

    def records_csv(self) -> str:
        """One row a player a finished game (``CSV_COLUMNS``)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for table in self.finished():
            for player in self._finished_stats(table).players:
                writer.writerow([table.name, table.spec.map, player.name, player.total,
                                 player.tickets_completed, player.tickets_failed,
                                 player.trains_left])
        return out.getvalue()

    def statistics(self) -> dict[str, Any]:
        """The class's finished games in figures (the people's seats; bots left out) and the
        mistakes the coach flagged most, as far as its reviews have come back."""
        finished = self.finished()
        for table in finished:
            self._review(table)
        people = [(t, i) for t in finished for i in _people(t)]
        stats = {t.name: self._finished_stats(t) for t in finished}
        scores = [stats[t.name].players[i] for t, i in people]
        done = sum(p.tickets_completed for p in scores)
        kept = done + sum(p.tickets_failed for p in scores)
        flagged = Counter(kind for t in finished for _seat, kind in self.reviews.get(t.name, ()))
        who: dict[str, set[str]] = {}
        for t in finished:
            for seat, kind in self.reviews.get(t.name, ()):
                who.setdefault(kind, set()).add(t.names()[seat])
        figures: dict[str, Any] = {
            "games": len(finished), "players": len(scores), "tickets_completed": done,
            "tickets_kept": kept,
            "average_score": round(sum(p.total for p in scores) / len(scores), 1) if scores
            else None,
            "mistakes": [{"text": kind, "times": n, "who": sorted(who[kind])}
                         for kind, n in flagged.most_common(5)],
            "reviewed": sum(t.name in self.reviews for t in finished),
        }
        figures["lines"] = _statistics_lines(figures)
        return figures

    def _finished_stats(self, table: Table) -> GameStats:
        if table.name not in self._stats:
            self._stats[table.name] = game_stats(table.game)
        return self._stats[table.name]

    def _review(self, table: Table) -> None:
        """Have the coach review a finished game's people (once), or collect its review."""
        name = table.name
        if name in self.reviews:
            return
        seats = _people(table)
        if self.executor is None:
            self.reviews[name] = mistakes(to_record(table.game), seats)
            return
        future = self._reviewing.get(name)
        if future is None:
            self._reviewing[name] = self.executor.submit(mistakes, to_record(table.game), seats)
        elif future.done():
            del self._reviewing[name]
            self.reviews[name] = [] if future.exception() else future.result()


# -- a table's card ---------------------------------------------------------------------------

def table_card(table: Table, now: float, link: str) -> dict[str, Any]:
    """What the room shows of a table: only what a watcher may know."""
    state = table.state
    names = table.names()
    final = score(state) if state.is_over else None
    to_move = state.current if table.started and not table.over else None
    since = next((e.at for e in reversed(table.events) if e.kind in _TURN_STARTS),
                 table.spec.created)
    players = [{"seat": i + 1, "name": names[i], "bot": seat.bot, "to_move": i == to_move,
                "flag": seat_flag(table, i, now),
                "points": (final.players[i // 2 if final.teams else i].total if final
                           else state.players[i].route_points),
                "trains": state.players[i].trains}
               for i, seat in enumerate(table.seats)]
    return {"name": table.name, "map": table.spec.map, "map_title": map_title(table.spec.map),
            "status": _status(table), "paused": table.paused, "ended": table.ended,
            "finished": state.is_over, "link": link, "seq": table.seq, "players": players,
            "turn": _turn_words(table, names, to_move, now - since),
            "last_move": _last(table, "move"), "final": bool(final)}


def seat_flag(table: Table, i: int, now: float) -> str:
    """Why a seat needs the teacher's eye, in words ('' when it does not)."""
    seat: Seat = table.seats[i]
    if seat.open:
        return _("open seat")
    if seat.bot is not None:
        handed = any(e.kind == "handed" and e.seat == i for e in table.events)
        return _("handed to the {level} bot").format(level=level_word(seat.bot)) if handed \
            else ""
    if seat.taken_over:
        return _("away: the table's bot plays")
    if seat.clients == 0 and not table.over:
        if seat.away_since is None:
            return _("not here yet")
        return _("no page open for {time}").format(time=how_long(now - seat.away_since))
    return ""


def _status(table: Table) -> str:
    if table.ended:
        return _("ended by the teacher")
    if table.paused:
        return _("paused")
    return _("finished") if table.over else status_words(table.status())


def _turn_words(table: Table, names: tuple[str, ...], to_move: int | None,
                waited: float) -> str:
    if table.state.is_over:
        winners = score(table.state).winners
        return ngettext("{names} won.", "{names} won.", len(winners)).format(
            names=and_list(list(winners)))
    if to_move is None:
        return ""
    name = names[to_move]
    if table.paused:
        return _("{name}'s turn, when the table is played on.").format(name=name)
    return _("{name}'s turn, for {time}").format(name=name, time=how_long(waited))


def _last(table: Table, kind: str) -> str:
    """The sentence of the table's last event of ``kind`` ('' before any)."""
    event = next((e for e in reversed(table.events) if e.kind == kind), None)
    return "" if event is None else table.words(event)


# -- a class's tables -------------------------------------------------------------------------

def _students(names: Sequence[str]) -> list[str]:
    students = [n.strip() for n in names if isinstance(n, str) and n.strip()]
    if not students:
        raise TableError(_("names: give the students' names, one a line"))
    if len(students) > MAX_STUDENTS:
        raise TableError(_("names: at most {most} students a class, not {n}").format(
            most=MAX_STUDENTS, n=len(students)))
    long = next((n for n in students if len(n) > 40), None)
    if long is not None:
        raise TableError(_("names: {name}… is longer than 40 characters").format(
            name=repr(long[:40])))
    return students


def _check_class(map_name: str, seats: int, bot: str | None, options: Options) -> None:
    if map_name not in BUILTIN_MAPS:
        raise TableError(_("map: expected one of {maps}, not {name}").format(
            maps=", ".join(BUILTIN_MAPS), name=repr(map_name)))
    if bot is not None and bot not in LEVELS:
        raise TableError(_("bots: {name} is not a bot that can sit at a table ({bots})").format(
            name=repr(bot), bots=", ".join(LEVELS)))
    try:
        new_game(load_map(map_name), seats, 0, options)
    except RulesError as error:
        raise TableError(f"seats: {error.reason}") from None


def _groups(students: Sequence[str], seats: int) -> list[list[str]]:
    """The students in tables of at most ``seats``, as even as they go (10 in fours: 4, 3,
    3)."""
    n = math.ceil(len(students) / seats)
    size, extra = divmod(len(students), n)
    groups, at = [], 0
    for i in range(n):
        take = size + (i < extra)
        groups.append(list(students[at:at + take]))
        at += take
    return groups


def _table_names(word: str | None, n: int, taken: dict[str, Table]) -> list[str]:
    if not word:
        names: list[str] = []
        for _i in range(n):
            names.append(new_name({*taken, *names}))
        return names
    names = [f"{word}-{i}" for i in range(1, n + 1)]
    bad = next((name for name in names if not valid_name(name)), None)
    if bad is not None:
        raise TableError(_("name: {word} cannot name tables (a word of 2 to 12 small letters, "
                           "like maple)").format(word=repr(word)))
    clash = next((name for name in names if name in taken), None)
    if clash is not None:
        raise TableError(_("name: there is already a table {name}; choose another word").format(
            name=clash))
    return names


# -- the coach's review of a finished game ---------------------------------------------------

# A mistake's kind is its English sentence: the key that gathers alike mistakes over games
# (reviewed in another process); the room tells it in the reader's language (``mistake_words``).
# Each part is said by a function, so that the same words give the key (in English) and the
# sentence a teacher reads.
Words = Callable[[], str]
_DOING: dict[type[Action], Words] = {
    ClaimRoute: lambda: pgettext("mistake", "Claiming a route"),
    DrawBlind: lambda: pgettext("mistake", "Drawing cards"),
    DrawFaceUp: lambda: pgettext("mistake", "Drawing cards"),
    DrawTickets: lambda: pgettext("mistake", "Drawing tickets"),
    KeepTickets: lambda: pgettext("mistake", "Keeping those tickets"),
    BuildStation: lambda: pgettext("mistake", "Building a station"),
    PayTunnel: lambda: pgettext("mistake", "Paying for a tunnel"),
    DeclineTunnel: lambda: pgettext("mistake", "Declining a tunnel")}
_BETTER: dict[type[Action], Words] = {
    ClaimRoute: lambda: _("claiming a route was better"),
    DrawBlind: lambda: _("drawing cards was better"),
    DrawFaceUp: lambda: _("drawing cards was better"),
    DrawTickets: lambda: _("drawing tickets was better"),
    KeepTickets: lambda: _("keeping those tickets was better"),
    BuildStation: lambda: _("building a station was better"),
    PayTunnel: lambda: _("paying for a tunnel was better"),
    DeclineTunnel: lambda: _("declining a tunnel was better")}
_OTHER: dict[type[Action], Words] = {
    ClaimRoute: lambda: _("another route was better"),
    DrawBlind: lambda: _("other cards were better"),
    DrawFaceUp: lambda: _("other cards were better"),
    KeepTickets: lambda: _("other tickets were better"),
    BuildStation: lambda: _("another station was better"),
    PayTunnel: lambda: _("paying otherwise was better")}


def _that_move() -> str:
    return pgettext("mistake", "That move")


def _another_move() -> str:
    return _("another move was better")


def _when(doing: Words, instead: Words) -> str:
    return _("{doing} when {instead}").format(doing=doing(), instead=instead())


def _gamble() -> str:
    return _("Keeping a ticket against the odds, and missing it")


with use(DEFAULT):
    GAMBLE = _gamble()  #: the kind of a ticket kept against the odds and missed


def mistake_kind(played: Action, better: Action) -> str:
    """A costly move in English words that gather alike mistakes: 'Drawing cards when
    claiming a route was better' (``mistake_words`` tells it in the reader's language)."""
    with use(DEFAULT):
        return _when(*_mistake_parts(type(played), type(better)))


def _mistake_parts(played: type[Action], better: type[Action]) -> tuple[Words, Words]:
    doing = _DOING.get(played, _that_move)
    if played is better or {played, better} <= {DrawBlind, DrawFaceUp}:
        return doing, _OTHER.get(better, _another_move)
    return doing, _BETTER.get(better, _another_move)


def _kinds() -> dict[str, Words]:
    """Every kind ``mistake_kind`` can give (and ``GAMBLE``), with what tells it."""
    moves = [*_DOING, type(None)]
    told: dict[str, Words] = {GAMBLE: _gamble}
    with use(DEFAULT):
        for played in moves:
            for better in moves:
                doing, instead = _mistake_parts(played, better)  # type: ignore[arg-type]
                told[_when(doing, instead)] = functools.partial(_when, doing, instead)
    return told


_KINDS = _kinds()


def mistake_words(kind: str) -> str:
    """A mistake's kind (``mistake_kind``, ``GAMBLE``) in the reader's language."""
    words = _KINDS.get(kind)
    return kind if words is None else words()


def mistakes(record: dict[str, Any], seats: Sequence[int]) -> list[tuple[int, str]]:
    """The coach's review of a finished game (a record) for ``seats``: (seat, kind) for each
    costly move it names and each ticket kept against the odds and missed. A function of plain
    values, so that another process can run it."""
    game = from_record(record)
    found: list[tuple[int, str]] = []
    for seat in seats:
        result = review(game.states, game.actions, seat)
        found += [(seat, mistake_kind(v.played, v.better)) for _turn, v in result.costly]
        found += [(seat, GAMBLE)] * len(result.gambles)
    return found


def _people(table: Table) -> list[int]:
    """The seats people sat in (a seat handed to a bot stays its person's)."""
    return [i for i, seat in enumerate(table.seats)
            if seat.bot is None or any(e.kind == "handed" and e.seat == i
                                       for e in table.events)]


def _statistics_lines(figures: dict[str, Any]) -> list[str]:
    games = figures["games"]
    if not games:
        return [_("No game has finished yet.")]
    players = figures["players"]
    finished = ngettext("{n} game finished", "{n} games finished", games).format(n=games)
    lines = [ngettext("{games}, {n} player (bots left out).",
                      "{games}, {n} players (bots left out).", players).format(
                          games=finished, n=players)
             if players else _("{games}, every seat a bot's.").format(games=finished)]
    if figures["players"]:
        kept, done = figures["tickets_kept"], figures["tickets_completed"]
        lines.append(_("Tickets completed: {done} of {kept} ({share} %).").format(
            done=done, kept=kept, share=round(100 * done / kept)) if kept else
            _("Tickets completed: {done} of {kept}.").format(done=done, kept=kept))
        average = round(figures["average_score"])
        lines.append(ngettext("Average score: {n} point.", "Average score: {n} points.",
                              average).format(n=average))
    if figures["reviewed"] < games:
        lines.append(ngettext("The coach has reviewed {reviewed} of {n} game so far.",
                              "The coach has reviewed {reviewed} of {n} games so far.",
                              games).format(reviewed=figures["reviewed"], n=games))
    for mistake in figures["mistakes"]:
        lines.append(ngettext("{mistake}: {n} time ({who}).", "{mistake}: {n} times ({who}).",
                              mistake["times"]).format(mistake=mistake_words(mistake["text"]),
                                                       n=mistake["times"],
                                                       who=", ".join(mistake["who"])))
    return lines
