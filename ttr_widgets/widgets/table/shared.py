"""A page's seat at a shared table (``ttr_widgets.tables``): the page's kernel is one of the
table's clients, over the server's own loopback (``served.table_service``), and holds only what
its seat may see.

``SharedTable`` connects on the kernel's running event loop, says hello with the seat's key (or a
name to take a free seat, or to watch), and keeps the latest ``view`` (a ``GameState`` view of
this seat, ``rules.view``), the table (``info``: its seats, who is away, its status) and every
public event (``events``). ``play`` sends a move; the table answers with the next view, or a
refusal for this page only (``refusal``); ``tell_again`` asks for every event again, each move
told in the page's language now (the page's language changed). When the connection drops (the
server restarted) it connects again by itself with the seat's key. Every change calls
``on_change``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.state import GameState
from ttr_widgets.served import play_page, table_service
from ttr_widgets.tables.client import (
    Link,
    TableClient,
    TableClientError,
    api_get,
    api_post,
    status_words,
)

__all__ = ["NOT_SERVED", "SharedTable", "TablesNotServed", "make_table",
           "table_link", "tables_here"]

_LOG = logging.getLogger(__name__)


class TablesNotServed(TableClientError):
    """This page is not served by ``ttr serve`` (JupyterLab, Binder): no shared tables."""


def tables_here() -> tuple[str, str, str]:
    """(the service's base address for this kernel, the address visitors type, the class
    key); ``TablesNotServed`` outside ``ttr serve``."""
    found = table_service()
    if found is None:
        raise TablesNotServed(NOT_SERVED)
    return found


#: why a page has no shared tables (in English; shown in the reader's language, ``_(str(exc))``)
NOT_SERVED = N_("Shared tables are served by ttr serve; this page is not (JupyterLab or "
                "Binder): play at this screen instead.")



def table_link(name: str, seat_key: str | None = None) -> str:
    """The link people open to sit at table ``name`` (their own seat's, with its key): the
    play page of the table service's server, or the page ``served.play_page`` names (on
    JupyterHub each student's own, which asks for no class key)."""
    _local, page_base, class_key = tables_here()
    elsewhere = play_page()
    link = f"{elsewhere or page_base + 'voila/render/Play.ipynb'}?table={name}"
    if class_key and not elsewhere:
        link += f"&token={class_key}"
    return link + (f"&seat={seat_key}" if seat_key else "")


def make_table(settings: dict[str, Any]) -> dict[str, Any]:
    """Make a table on this page's server (``settings`` as ``tables.web`` takes them); the
    table as the service describes it."""
    local, _page_base, class_key = tables_here()
    return api_post(local, settings, class_key or None)


def list_tables() -> list[dict[str, Any]]:
    local, _page_base, class_key = tables_here()
    tables: list[dict[str, Any]] = api_get(local, "", class_key or None)["tables"]
    return tables


class SharedTable:
    """This page's connection to one table (see the module docstring)."""

    def __init__(self, name: str, *, key: str | None = None, player: str | None = None,
                 watch: bool = False, on_change: Callable[[], object] | None = None) -> None:
        local, _page_base, class_key = tables_here()
        self.name = name
        self.client = TableClient(Link(local, name, class_key or None, key), name=player,
                                  watch=watch, on_message=self._message)
        self.on_change = on_change
        self.events: list[dict[str, Any]] = []
        self.refusal: dict[str, Any] | None = None
        self.error: str | None = None  #: why the table could not be reached or joined
        self.error_say = ""  #: the table's code for it, when it said one (``telling.SAYINGS``)
        self.personal_link: str | None = None
        self.connected = False
        self._task: asyncio.Task[None] | None = None
        self._telling: asyncio.Task[None] | None = None  #: the table asked to tell all again

    # -- what the page shows

    @property
    def view(self) -> GameState | None:
        return self.client.view

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def key(self) -> str | None:
        return self.client.key

    @property
    def info(self) -> dict[str, Any]:
        return self.client.table

    @property
    def seq(self) -> int:
        return self.client.seq

    @property
    def started(self) -> bool:
        return self.info.get("status") in ("playing", "over")

    def waiting_for(self) -> str:
        """Whom the table waits for now, in words ('' when nobody: this seat's turn or over)."""
        view = self.view
        if view is None or not self.started or view.is_over:
            return status_words(self.info.get("status", ""))
        if view.current == self.seat:
            return ""
        seat = self.info["seats"][view.current]
        name = seat["name"] or _("seat {n}").format(n=view.current + 1)
        if seat["away"]:
            return _("{name} (the table's bot plays)").format(name=name)
        return _("{name} (bot)").format(name=name) if seat["bot"] else name

    # -- what the page does

    def start(self) -> None:
        """Connect on the running event loop (the kernel's)."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            await self.client.run()
        except TableClientError as exc:
            self.error, self.error_say = str(exc), exc.say
            self._changed()

    def play(self, action: Action) -> None:
        """Send a move for this page's seat; the answer comes as a new view or a refusal."""
        self.refusal = None
        asyncio.get_running_loop().create_task(self.client.act(action))

    def hand_to_bot(self) -> None:
        asyncio.get_running_loop().create_task(self.client.hand_to_bot())

    def tell_again(self) -> None:
        """The page's language changed: the table tells its every event again (each move in
        the language now), then the view; the page changes then."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop, no connection (a script)
            return
        if self.connected:
            self._telling = loop.create_task(self.client.tell_again())

    def close(self) -> None:
        self.client.close()
        if self._task is not None:
            self._task.cancel()

    # -- the table's messages

    def _message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.connected = True
            self.personal_link = table_link(self.name, message["key"]) if message["key"] \
                else None
        elif kind == "event":
            if not self.events or message["seq"] > self.events[-1]["seq"]:
                self.events.append(message)
            else:  # told again (in the language now, or after a reconnection): in its place
                places = [i for i, e in enumerate(self.events) if e["seq"] == message["seq"]]
                if places:
                    self.events[places[0]] = message
            return  # the view after it follows at once: the page changes then
        elif kind == "refused":
            self.refusal = message
        elif kind == "view":
            self.refusal = None if self.refusal and self.refusal.get("stale") else self.refusal
        self._changed()

    def _changed(self) -> None:
        """Tell the page; a fault in the page's drawing is logged, and the connection (the
        seat) stays."""
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:
                _LOG.exception("table %s: the page could not show the table's change", self.name)
