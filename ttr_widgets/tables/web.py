"""The table service's addresses in ``ttr serve`` (tornado handlers beside Voila's), under
``{base}ttr/api/tables``:

* ``GET  …/tables``            every table: name, map, seats taken, state (``ttr table list``)
* ``POST …/tables``            make a table: ``{"map", "seats", "variant", "teams", "takeover",
  "name", "bots"}`` (``ttr table new``); the answer is the table with its link
* ``GET  …/tables/NAME``       one table
* ``GET  …/tables/NAME/record`` the finished game's record (``ttr table record``)
* ``WS   …/tables/NAME/socket`` play or watch (``tables.protocol``)
* ``PUT  …/games/KEY``          keep the game played at one screen (the page's autosave)
* ``GET  …/games/KEY``          that game, to resume it
* ``…/ttr/room``                 the teacher's room, with the teacher's key (``tables.room_web``)

Every address is behind the server's identity check: with a class key (``ttr serve --host``)
a request carries it (``?token=KEY`` or ``Authorization: token KEY``, as Jupyter's own).
Bad input is answered with one sentence and status 400 (404 for an unknown table).

Run as a JupyterHub service (``hub``, :mod:`ttr_widgets.tables.hub_auth`), the tables and their
sockets are the hub's users' only: a request carries a hub user's token (or the class key), any
other is refused with 403 in a sentence, and a seat taken without a name is the user's name.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from jupyter_server.base.handlers import APIHandler, JupyterHandler
from tornado import web
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from ttr_widgets.rules.state import Options
from ttr_widgets.tables.authority import DEFAULT_TAKEOVER, TableError
from ttr_widgets.tables.hub_auth import HubAuth, HubUnavailable, HubUser, request_token
from ttr_widgets.tables.progress import PROGRESS
from ttr_widgets.tables.protocol import API, GAMES, Hello, ProtocolError, read_client
from ttr_widgets.tables.room import Room
from ttr_widgets.tables.room_web import handlers as room_handlers
from ttr_widgets.tables.service import Connection, TableService
from ttr_widgets.tables.store import StoreError

__all__ = ["API", "handlers"]

_NAME = r"([a-z]{2,12}-[0-9]{1,3})"


def handlers(base_url: str, service: TableService, room: Room | None = None,
             hub: HubAuth | None = None) -> list[tuple[str, Any, dict[str, Any]]]:
    """The service's handlers for a tornado application served at ``base_url`` (and the
    teacher's room's, given a ``room``); with ``hub``, only the hub's users get in."""
    root = base_url.rstrip("/") + "/" + API
    games = base_url.rstrip("/") + "/" + GAMES
    args = {"service": service, "hub": hub}
    return [(root, TablesHandler, args), (root + "/" + _NAME, TableHandler, args),
            (root + "/" + _NAME + "/record", RecordHandler, args),
            (root + "/" + _NAME + "/socket", SocketHandler, args),
            (games + r"/([A-Za-z0-9_-]{16,64})", GameHandler, args),
            *([] if room is None else [
                *room_handlers(base_url, room),
                (base_url.rstrip("/") + "/" + PROGRESS, ReportHandler, {**args, "room": room})])]


class HubRefusal(web.HTTPError):
    """A request the hub's check refused: ``error`` says why, for its reader to word it; its
    English sentence is the ``log_message``."""

    def __init__(self, status: int, reason: str, error: TableError) -> None:
        super().__init__(status, reason=reason, log_message=str(error))
        self.error = error


def by_hub(handler: JupyterHandler, hub: HubAuth | None) -> bool:
    """Whether the hub decides who this request is: under a hub, unless it carries the class
    key (then the server's own identity check, as without a hub)."""
    return hub is not None and not hub.has_class_key(request_token(handler.request))


async def hub_user(handler: JupyterHandler, hub: HubAuth) -> HubUser:
    """The request's hub user; ``HTTPError`` 403 (or 503 when the hub does not answer) with
    its sentence otherwise. The handler's ``current_user`` is then that user, for
    ``web.authenticated``."""
    token = request_token(handler.request)
    try:
        user = await hub.user(token)
    except HubUnavailable as exc:
        raise HubRefusal(503, "Hub unavailable", exc.error) from None
    if user is None:
        raise HubRefusal(403, "Not a user of this hub",
                         TableError.of("hub-refused", service=hub.service))
    from jupyter_server.auth import User

    handler.current_user = User(user.name)
    return user


class _Api(APIHandler):
    service: TableService

    def initialize(self, service: TableService, hub: HubAuth | None = None) -> None:
        self.service = service
        self.hub = hub

    async def prepare(self) -> None:  # type: ignore[override]  # as APIHandler's
        if self.hub is not None and by_hub(self, self.hub):
            await hub_user(self, self.hub)  # instead of the class key's check
        else:
            await super().prepare()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = (kwargs.get("exc_info") or (None, None))[1]
        if isinstance(error, HubRefusal):  # its sentence, as ``fail`` answers
            self.finish(json.dumps(_answer(error.error)))
        else:
            super().write_error(status_code, **kwargs)

    def check_xsrf_cookie(self) -> None:
        """The API is for programs (the CLI, a page's kernel, a bot): they prove themselves
        with the class key, not with a browser's cookie."""

    def fail(self, status: int, error: str | Exception) -> None:
        """Answer ``status`` with the error's sentence (a table's error also with its code and
        arguments, for its reader to word it: ``tables.telling``)."""
        self.set_status(status)
        self.finish(json.dumps(_answer(error)))


def _answer(error: str | Exception) -> dict[str, Any]:
    """An error as the API answers it: its sentence (``error``), and a table's error also its
    code and arguments (``say``, ``args``: for its reader to word it, ``tables.telling``)."""
    told = error.told() if isinstance(error, TableError) else {"text": str(error)}
    return {"error": told.pop("text"), **told}


class TablesHandler(_Api):
    @web.authenticated
    def get(self) -> None:
        self.finish(json.dumps({"tables": self.service.listing()}))

    @web.authenticated
    def post(self) -> None:
        try:
            body = json.loads(self.request.body or b"{}")
            table = self.service.create(**_create_args(body))
        except (ValueError, TableError) as exc:
            self.fail(400, exc)
            return
        self.set_status(201)
        self.finish(json.dumps(self.service.info(table.name)))


class TableHandler(_Api):
    @web.authenticated
    def get(self, name: str) -> None:
        try:
            self.finish(json.dumps(self.service.info(name)))
        except TableError as exc:
            self.fail(404, exc)


class RecordHandler(_Api):
    @web.authenticated
    def get(self, name: str) -> None:
        try:
            record = self.service.record(name)
        except TableError as exc:
            self.fail(404 if name not in self.service.tables else 400, exc)
            return
        self.finish(json.dumps(record))


class GameHandler(_Api):
    """A game played at one screen, kept by its page after each move and read back to resume
    it (the key is the page's: whoever has it has the game)."""

    @web.authenticated
    def get(self, key: str) -> None:
        try:
            self.finish(json.dumps(self.service.saved_game(key)))
        except TableError as exc:
            self.fail(404, exc)

    @web.authenticated
    def put(self, key: str) -> None:
        try:
            self.service.save_game(key, json.loads(self.request.body or b"null"))
        except (ValueError, TableError) as exc:
            self.fail(400, exc)
            return
        self.set_status(204)
        self.finish()


class SocketHandler(WebSocketHandler, JupyterHandler):
    """One client at one table: ``hello`` first, then its moves; every event and its view
    come back."""

    service: TableService
    connection: Connection | None

    def initialize(self, service: TableService, hub: HubAuth | None = None) -> None:
        self.service = service
        self.hub = hub
        self.hub_name: str | None = None
        self.connection = None
        self.table_name = ""

    async def prepare(self) -> None:  # type: ignore[override]  # as JupyterHandler's
        if self.hub is not None and by_hub(self, self.hub):
            self.hub_name = (await hub_user(self, self.hub)).name
        else:
            await super().prepare()

    async def get(self, name: str, *args: Any, **kwargs: Any) -> None:
        if self.current_user is None:  # the identity check, as for the other addresses
            raise web.HTTPError(403)
        self.table_name = name
        await super().get(name, *args, **kwargs)

    def check_origin(self, origin_to_satisfy_tornado: str = "") -> bool:
        return True  # programs, not pages, connect here; the class key decides who may

    def on_message(self, message: str | bytes) -> None:
        try:
            parsed = read_client(json.loads(message))
        except (ValueError, ProtocolError) as exc:
            self._send({"type": "error", "text": str(exc)})
            return
        try:
            if self.connection is None:
                if not isinstance(parsed, Hello):
                    self._send({"type": "error", "text": "type: say hello first"})
                    return
                if self.hub_name and not parsed.name:  # a hub's user sits under their name
                    parsed = replace(parsed, name=self.hub_name)
                self.connection = self.service.connect(self.table_name, parsed, self._send)
            else:
                self.service.receive(self.connection, parsed)
        except TableError as exc:
            self._send({"type": "error", **exc.told()})
            self.close()

    def on_close(self) -> None:
        if self.connection is not None:
            self.service.disconnect(self.connection)

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(message))
        except WebSocketClosedError:
            if self.connection is not None:
                self.service.disconnect(self.connection)


def _create_args(body: Any) -> dict[str, Any]:
    """The arguments of ``TableService.create`` from a request's JSON; ``ValueError`` naming
    the field."""
    if not isinstance(body, dict):
        raise ValueError("body: expected a JSON object")
    known = {"map", "seats", "variant", "teams", "takeover", "name", "bots"}
    unknown = sorted(set(body) - known)
    if unknown:
        raise ValueError(f"{unknown[0]}: not a table setting ({', '.join(sorted(known))})")
    seats = body.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise ValueError("seats: expected a whole number of seats")
    takeover = body.get("takeover", DEFAULT_TAKEOVER)
    if not isinstance(takeover, int | float) or isinstance(takeover, bool):
        raise ValueError("takeover: expected seconds")
    variant, teams = body.get("variant"), body.get("teams", False)
    if variant is not None and not isinstance(variant, str):
        raise ValueError("variant: expected a variant's name")
    if not isinstance(teams, bool):
        raise ValueError("teams: expected true or false")
    bots = body.get("bots") or []
    if not isinstance(bots, list) or not all(b is None or isinstance(b, str) for b in bots):
        raise ValueError("bots: expected a list, per seat a bot's level or null")
    if len(bots) > seats:
        raise ValueError(f"bots: {len(bots)} given for {seats} seats")
    name = body.get("name")
    if name is not None and not isinstance(name, str):
        raise ValueError("name: expected a table name")
    return {"map_name": body.get("map"), "seats": seats, "takeover": float(takeover),
            "options": Options(variant=variant, teams=teams), "name": name,
            "bots": tuple(bots)}


class ReportHandler(_Api):
    """A lesson's page reports what its student did (the class key is checked, or the hub's
    user, as for every address of the tables; the teacher's key is not asked). Write only."""

    room: Room

    def initialize(self, service: TableService, hub: HubAuth | None = None,
                   room: Room | None = None) -> None:
        super().initialize(service, hub)
        assert room is not None  # registered only with a room
        self.room = room

    @web.authenticated
    def post(self) -> None:
        try:
            report = self.room.report(json.loads(self.request.body or b"{}"))
        except ValueError as exc:  # a report's field (with its code: the page tells it)
            self.fail(400, exc)
            return
        except StoreError as exc:
            self.fail(503, TableError.of("report-unkept", error=str(exc)))
            return
        self.finish(json.dumps({"student": report.student}))
