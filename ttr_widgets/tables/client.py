"""A table's client: what a page's kernel, ``ttr table`` and a bot of one's own use.

A table is reached by its link, the address of the play page with ``?table=NAME`` (and
``&token=KEY`` on a school network, ``&seat=KEY`` for one's own seat)::

    from ttr_widgets.tables.client import play_bot

    def first_legal(view):              # a seat's view (rules.view) -> an action
        from ttr_widgets.rules.engine import legal_actions
        return legal_actions(view)[0]

    play_bot("http://localhost:8866/voila/render/Play.ipynb?table=maple-7", first_legal,
             name="First bot")

``TableClient`` keeps one connection: it says hello, follows every event and its seat's view,
sends moves, asks for the table's words again when its reader's language changes
(``tell_again``), and when the connection drops (the server restarted) connects again with its
seat's key, for ``patience`` seconds (a minute at least) before it gives up.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from ttr_widgets.rules.actions import Action, action_to_dict
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _, language
from ttr_widgets.rules.snapshot import state_from_dict
from ttr_widgets.rules.state import GameState
from ttr_widgets.tables.names import valid_name
from ttr_widgets.tables.protocol import API, GAMES
from ttr_widgets.tables.telling import said, status_words

__all__ = ["Link", "TableClient", "TableClientError", "api_get", "api_post", "kept_game",
           "parse_link", "play_bot", "server_link", "status_words"]

PATIENCE = 90.0  #: seconds a client keeps trying to reach a table that went away


def _CLASS_KEY() -> str:
    return _("class key: the server asks for its class key (the ?token=… of the links it "
             "prints)")
class TableClientError(TTRError):
    """The table cannot be reached or refused the client: one sentence in the reader's
    language, and the table's code for it when it said one (``telling.SAYINGS``)."""

    def __init__(self, text: str, say: str = "") -> None:
        super().__init__(text)
        self.say = say


@dataclass(frozen=True, slots=True)
class Link:
    """A table's link taken apart: the server's base address, the table, the class key (if
    any) and a seat's key (a personal link)."""

    server: str  #: e.g. http://localhost:8866/
    table: str
    token: str | None = None
    seat: str | None = None

    @property
    def api(self) -> str:
        return f"{self.server}{API}/{self.table}"

    def socket_url(self) -> str:
        scheme = "wss" if self.server.startswith("https") else "ws"
        rest = self.api.split("://", 1)[1]
        query = f"?{urlencode({'token': self.token})}" if self.token else ""
        return f"{scheme}://{rest}/socket{query}"


def parse_link(link: str) -> Link:
    """A table's link; ``TableClientError`` naming what is wrong."""
    parts = urlsplit(link.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise TableClientError(_("link: expected the table's address, http://…?table=NAME, "
                                 "not {link}").format(link=link.strip()))
    query = parse_qs(parts.query)
    table = (query.get("table") or [""])[0]
    if not valid_name(table):
        raise TableClientError(_("link: no table in it (expected ?table=NAME, like "
                                 "?table=maple-7)"))
    path = parts.path
    base = path.split("voila/", 1)[0] if "voila/" in path else "/"
    return Link(f"{parts.scheme}://{parts.netloc}{base}", table, _one(query, "token"),
                _one(query, "seat"))


def _one(query: dict[str, list[str]], key: str) -> str | None:
    values = query.get(key)
    return values[0] if values else None


def server_link(server: str) -> tuple[str, str | None]:
    """A server's base address (``ttr table new SERVER``) and its class key if it carries one
    (``?token=KEY``)."""
    parts = urlsplit(server.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise TableClientError(_("server: expected the address ttr serve prints, like "
                                 "http://localhost:8866, not {server}").format(
            server=server.strip()))
    token = _one(parse_qs(parts.query), "token")
    base = parts.path.split("voila/", 1)[0] if "voila/" in parts.path else parts.path
    base = base if base.endswith("/") else base + "/"
    return f"{parts.scheme}://{parts.netloc}{base}", token


def _request(url: str, token: str | None, body: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: dict[str, Any] = json.loads(response.read())
            return answer
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read())
            text = said({**answer, "text": answer.get("error")}) or None
        except (ValueError, AttributeError):
            text = None
        if exc.code in (401, 403):
            raise TableClientError(text or _CLASS_KEY()) from None
        raise TableClientError(text or _("the server answered {code} {reason}").format(
            code=exc.code, reason=exc.reason)) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise TableClientError(_("cannot reach {server}: {reason}").format(
            server=url.split('/' + API)[0], reason=reason)) from None


def api_get(server: str, path: str = "", token: str | None = None) -> dict[str, Any]:
    return _request(f"{server}{API}{path}", token)


def api_post(server: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    return _request(f"{server}{API}", token, body)


def kept_game(server: str, key: str, token: str | None = None) -> dict[str, Any]:
    """The game a page kept under ``key`` (``ttr_widgets.widgets.table.keeper``)."""
    return _request(f"{server}{GAMES}/{key}", token)


Handler = Callable[[dict[str, Any]], Awaitable[None] | None]


class TableClient:
    """One connection to one table (see the module docstring). ``on_message`` is called with
    every message the table sends; ``view`` is the latest view received and ``seq`` the number
    of the event it follows: a move is sent against that position."""

    def __init__(self, link: Link, *, name: str | None = None, watch: bool = False,
                 on_message: Handler | None = None, patience: float = PATIENCE) -> None:
        self.link = link
        self.name = name
        self.watch = watch
        self.key = link.seat
        self.seat: int | None = None
        self.seq = 0
        self.view: GameState | None = None
        self.table: dict[str, Any] = {}
        self.on_message = on_message
        self.patience = patience
        self._socket: Any = None
        self._closed = False

    async def run(self) -> None:
        """Connect and follow the table until ``close`` or the game's end; connect again when
        the connection drops, for ``patience`` seconds at most."""
        from tornado.websocket import websocket_connect

        lost_at: float | None = None
        while not self._closed:
            try:
                self._socket = await websocket_connect(self.link.socket_url(),
                                                       connect_timeout=10)
            except OSError as exc:
                lost_at = lost_at or time.monotonic()
                if time.monotonic() - lost_at > self.patience:
                    raise TableClientError(_("cannot reach table {table}: {reason}").format(
                        table=self.link.table, reason=exc)) from None
                await asyncio.sleep(1.0)
                continue
            except Exception as exc:  # tornado's HTTPClientError for a refused handshake
                code = getattr(exc, "code", None)
                if code in (302, 401, 403):  # sent to the login page: no class key
                    raise TableClientError(_CLASS_KEY()) from None
                if code == 404:
                    raise TableClientError(said({"say": "no-table", "args": {
                        "table": self.link.table}})) from None
                raise
            lost_at = None
            await self._send({"type": "hello", "key": self.key, "name": self.name,
                              "watch": self.watch, "lang": language()})
            if await self._follow():
                return

    async def _follow(self) -> bool:
        """Read messages until the connection drops (False) or the game ends (True)."""
        while True:
            raw = await self._socket.read_message()
            if raw is None:
                return self._closed
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                self._closed = True
                raise TableClientError(said(message), message.get("say") or "")
            if kind == "welcome":
                self.seat, self.key = message["seat"], message["key"] or self.key
                self.table = message["table"]
                self.name = self.name if self.seat is None else (
                    self.table["seats"][self.seat]["name"])
            elif kind == "view":
                self.view = state_from_dict(message["state"])
                self.table = message["table"]
                self.seq = message["seq"]
            if self.on_message is not None:
                result = self.on_message(message)
                if result is not None:
                    await result
            if self._closed:
                return True

    async def act(self, action: Action) -> None:
        """Send a move for this client's seat (against the table as it last saw it)."""
        await self._send({"type": "act", "seq": self.seq, "action": action_to_dict(action)})

    async def hand_to_bot(self) -> None:
        await self._send({"type": "hand_to_bot"})

    async def tell_again(self) -> None:
        """The reader's language changed: ask the table for every event again, each move told
        in the language now, then the view (``protocol``'s ``lang``)."""
        await self._send({"type": "lang", "lang": language()})

    async def _send(self, message: dict[str, Any]) -> None:
        """Send ``message``; a connection that dropped meanwhile (the server stopped while a
        bot waited out its pace) loses it: the reconnection's welcome tells where the table
        stands, and a seat that must move decides again."""
        from tornado.websocket import WebSocketClosedError

        if self._socket is not None:
            try:
                await self._socket.write_message(json.dumps(message))
            except WebSocketClosedError:
                return

    def close(self) -> None:
        self._closed = True
        if self._socket is not None:
            self._socket.close()


Decide = Callable[[GameState], Action]


def play_bot(link: str | Link, decide: Decide, *, name: str = "Bot", pace: float = 0.0,
             on_event: Callable[[dict[str, Any]], None] | None = None) -> int | None:
    """Sit a bot at a table and play its seat to the game's end (``decide``: a function from
    the seat's view to an action; ``pace``: seconds to wait before each move). Keeps its seat
    across a server restart. Returns the seat it played (None if the table was full)."""
    return asyncio.run(_play(parse_link(link) if isinstance(link, str) else link, decide,
                             name, pace, on_event))


async def _play(link: Link, decide: Decide, name: str, pace: float,
                on_event: Callable[[dict[str, Any]], None] | None) -> int | None:
    client: TableClient
    moved_at = -1

    async def on_message(message: dict[str, Any]) -> None:
        nonlocal moved_at
        if message["type"] == "event" and on_event is not None:
            on_event(message)
        if message["type"] == "welcome":
            if message["seat"] is None:  # every seat taken
                client.close()
                return
            moved_at = -1  # a new connection: a move sent on the old one may never have arrived
        view = client.view
        if message["type"] != "view" or view is None:
            return
        if view.is_over:
            client.close()
            return
        if view.current != client.seat or message["table"]["status"] != "playing" \
                or moved_at == client.seq:
            return
        moved_at = client.seq
        if pace:
            await asyncio.sleep(pace)
        await client.act(decide(view))

    client = TableClient(link, name=name, on_message=on_message)
    await client.run()
    return client.seat

