"""The teacher's room's addresses in ``ttr serve``, under ``{base}ttr/room``; every one asks for
the teacher's key (``?key=KEY``, or the header ``X-Teacher-Key``) and answers 403 without it:

* ``GET  …/room``                      the room's page (``tables.room_page``)
* ``GET  …/room/api/tables``           every table's card (``room.table_card``)
* ``POST …/room/api/tables/NAME/pause`` (``resume``, ``end``): every page at the table is told
* ``POST …/room/api/class``            a class's tables: ``{"names", "map", "seats", "bot",
  "variant", "word"}``; the answer is its sheet (each student's personal link)
* ``GET  …/room/sheet/ID``             that sheet as a page to print
* ``GET  …/room/api/statistics``       the class's finished games in figures
* ``GET  …/room/records.json``, ``…/room/records.csv`` the class's records in one download
* ``GET  …/room/api/progress``         the class's progress through the course (``Room.progress``)

The lessons' pages write their students' progress through the tables' own API (``POST
{base}ttr/api/progress``, ``web.ReportHandler``: the class key or the hub's user, as for every
address of the tables); only the room reads it back.

Behind the server's own identity check too (the class key on a school network). Bad input is
one sentence with status 400 (404 for an unknown table).

Every answer is in the reader's language: ``?lang=fr`` (the page passes its own on to the API),
else the browser's ``Accept-Language`` (``rules.i18n.page_language``). A handler
speaks it only while it answers (``_in_language``: tornado runs it through without a pause, so
no other request hears it); the tables' machine words (``status`` in the tables' API) stay
English.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

from jupyter_server.base.handlers import APIHandler, JupyterHandler
from tornado import web

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import _, page_language
from ttr_widgets.tables.authority import TableError
from ttr_widgets.tables.room import Room
from ttr_widgets.tables.room_page import forbidden, room_html, sheet_html
from ttr_widgets.tables.store import StoreError

__all__ = ["ROOM", "handlers", "room_link"]

ROOM = "ttr/room"  #: the room's path under the server's base address
_NAME = r"([a-z]{2,12}-[0-9]{1,3})"
_KNOWN = {"names", "map", "seats", "bot", "variant", "word"}


def room_link(base_url: str, key: str) -> str:
    """The room's address with its key (the line ``ttr serve`` prints)."""
    return f"{base_url.rstrip('/')}/{ROOM}?key={key}"


def handlers(base_url: str, room: Room) -> list[tuple[str, Any, dict[str, Any]]]:
    """The room's handlers for a tornado application served at ``base_url``."""
    root = base_url.rstrip("/") + "/" + ROOM
    args = {"room": room}
    return [(root, PageHandler, args), (root + "/api/tables", CardsHandler, args),
            (root + "/api/tables/" + _NAME + "/(pause|resume|end)", ControlHandler, args),
            (root + "/api/class", ClassHandler, args),
            (root + "/api/statistics", StatisticsHandler, args),
            (root + r"/records\.json", RecordsHandler, args),
            (root + r"/records\.csv", RecordsCsvHandler, args),
            (root + r"/sheet/([A-Za-z0-9_-]{8,20})", SheetHandler, args),
            (root + "/api/progress", ProgressHandler, args)]


Answer = TypeVar("Answer", bound=Callable[..., None])


def _in_language(answer: Answer) -> Answer:
    """A handler's method that speaks the request's language while it answers."""
    @functools.wraps(answer)
    def speaking(handler: Any, *args: Any) -> None:
        with i18n.use(page_language(handler.get_argument("lang", None),
                                    handler.request.headers.get("Accept-Language", ""))):
            answer(handler, *args)
    return speaking  # type: ignore[return-value]


class _Teacher:
    """What every room address shares: the teacher's key checked before anything."""

    room: Room

    def initialize(self, room: Room) -> None:
        self.room = room

    def check_xsrf_cookie(self) -> None:
        """The teacher's key, which a foreign page cannot know, stands for the cookie."""

    def teacher(self) -> bool:
        handler: Any = self
        key = handler.get_argument("key", None) or handler.request.headers.get("X-Teacher-Key")
        return self.room.allows(key)


class _Api(_Teacher, APIHandler):
    def answer(self, body: Any, status: int = 200) -> None:
        self.set_status(status)
        self.finish(json.dumps(body))

    def fail(self, status: int, text: str) -> None:
        self.answer({"error": text}, status)

    def refused(self) -> bool:
        """Answered 403 unless the request carries the teacher's key."""
        if self.teacher():
            return False
        self.fail(403, forbidden())
        return True


class _Page(_Teacher, JupyterHandler):
    def show(self, page: str) -> None:
        if not self.teacher():
            self.set_status(403)
            title = _("Teacher's room")
            page = f"<!doctype html><meta charset='utf-8'><title>{title}</title>" \
                   f"<p style='font:15px sans-serif;margin:2em'>{forbidden()}</p>"
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page)


class PageHandler(_Page):
    @web.authenticated
    @_in_language
    def get(self) -> None:
        self.show(room_html() if self.teacher() else "")


class SheetHandler(_Page):
    @web.authenticated
    @_in_language
    def get(self, sheet_id: str) -> None:
        sheet = self.room.sheets.get(sheet_id)
        if self.teacher() and sheet is None:
            raise web.HTTPError(404, _("no such sheet: the sheets are kept while the server "
                                       "runs"))
        self.show(sheet_html(sheet) if sheet is not None and self.teacher() else "")


class CardsHandler(_Api):
    @web.authenticated
    @_in_language
    def get(self) -> None:
        if not self.refused():
            self.answer({"tables": self.room.cards()})


class ControlHandler(_Api):
    @web.authenticated
    @_in_language
    def post(self, name: str, what: str) -> None:
        if self.refused():
            return
        service = self.room.service
        if name not in service.tables:
            self.fail(404, _("table: there is no table {name} here").format(name=repr(name)))
            return
        try:
            {"pause": service.pause, "resume": service.resume, "end": service.end}[what](name)
        except TableError as exc:
            self.fail(400, str(exc))
            return
        except StoreError as exc:
            self.fail(503, _("The table cannot be kept just now ({error}); try again in a "
                             "moment.").format(error=exc))
            return
        self.answer({"table": self.room.card(name)})


class ClassHandler(_Api):
    @web.authenticated
    @_in_language
    def post(self) -> None:
        if self.refused():
            return
        try:
            sheet = self.room.make_class(**class_args(json.loads(self.request.body or b"{}")))
        except (ValueError, TableError) as exc:
            self.fail(400, str(exc))
            return
        except StoreError as exc:
            self.fail(503, _("The tables cannot be kept just now ({error}); try again in a "
                             "moment.").format(error=exc))
            return
        self.answer(sheet.to_dict(), 201)


class StatisticsHandler(_Api):
    @web.authenticated
    @_in_language
    def get(self) -> None:
        if not self.refused():
            self.answer(self.room.statistics())


class RecordsHandler(_Api):
    @web.authenticated
    @_in_language
    def get(self) -> None:
        if self.refused():
            return
        self.set_header("Content-Disposition", "attachment; filename=class-records.json")
        self.answer(self.room.records())


class RecordsCsvHandler(_Api):
    @web.authenticated
    @_in_language
    def get(self) -> None:
        if self.refused():
            return
        self.set_header("Content-Disposition", "attachment; filename=class-records.csv")
        self.finish(self.room.records_csv(), set_content_type="text/csv; charset=utf-8")


class ProgressHandler(_Api):
    @web.authenticated
    @_in_language
    def get(self) -> None:
        if not self.refused():
            self.answer(self.room.progress())


def class_args(body: Any) -> dict[str, Any]:
    """The arguments of ``Room.make_class`` from a request's JSON; ``ValueError`` naming the
    field. ``names`` is a list, or one text with a name a line (or commas between)."""
    if not isinstance(body, dict):
        raise ValueError(_("body: expected a JSON object"))
    unknown = sorted(set(body) - _KNOWN)
    if unknown:
        raise ValueError(_("{field}: not a class setting ({settings})").format(
            field=unknown[0], settings=", ".join(sorted(_KNOWN))))
    names = body.get("names")
    if isinstance(names, str):
        names = [n for line in names.splitlines() for n in line.split(",")]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError(_("names: expected the students' names, a list or one a line"))
    seats = body.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise ValueError(_("seats: expected a whole number of seats a table"))
    for field in ("map", "bot", "variant", "word"):
        if body.get(field) is not None and not isinstance(body[field], str):
            raise ValueError(_("{field}: expected a name").format(field=field))
    return {"names": names, "map_name": body.get("map"), "seats": seats,
            "bot": body.get("bot") or None, "variant": body.get("variant") or None,
            "word": body.get("word") or None}
