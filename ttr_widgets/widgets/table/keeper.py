"""A game played at one screen is never lost by leaving its page: ``GameKeeper`` keeps it on the
page's server (``ttr_widgets.tables``: the service's saved games) after every move, under a key
the browser remembers, and reads it back when the page opens again — after a reload, a lesson
visited on the way, or the kernel ended after a long idle time.

What is kept is the game's record (``rules.record``: the deal's seed and every move, the cursor
too) and who sits where. Outside ``ttr serve`` (JupyterLab, Binder) nothing is kept and the
keeper says so (``served``). A game set up from a position rather than dealt has no record and
is not kept.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence

from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.record import from_record, replayable, to_record
from ttr_widgets.tables.client import TableClientError, kept_game
from ttr_widgets.tables.names import new_key
from ttr_widgets.tables.protocol import GAMES
from ttr_widgets.widgets.table.shared import TablesNotServed, tables_here

__all__ = ["KEPT", "GameKeeper", "Kept"]

KEPT = "ttr-widgets kept game"  #: the ``format`` of a kept game
DELAY = 0.3  #: seconds a keeper waits after a move for more before it writes (bots move fast)


class Kept:
    """A game read back: the game with its history, and who sat where."""

    def __init__(self, game: Game, kinds: tuple[str, ...]) -> None:
        self.game, self.kinds = game, kinds


class GameKeeper:
    """Keeps one page's game on its server (see the module docstring)."""

    def __init__(self, key: str | None = None) -> None:
        try:
            self._local, _page, self._class_key = tables_here()
        except TablesNotServed:
            self._local = ""
        self.key = key or new_key()
        self.saved = 0  #: games written so far (the browser test waits on it)
        self._pending: tuple[Game, tuple[str, ...]] | None = None
        self._kept: tuple[Game, tuple[str, ...]] | None = None  #: the last asked for
        self._timer: asyncio.TimerHandle | None = None

    @property
    def served(self) -> bool:
        """Whether this page's server keeps games (``ttr serve``)."""
        return bool(self._local)

    def keep(self, game: Game, kinds: Sequence[str]) -> None:
        """Keep ``game`` (soon: a burst of bot moves is written once; the same game again is
        not written again)."""
        wanted = (game, tuple(kinds))
        if not self.served or (self._kept is not None and self._kept[0] is game
                               and self._kept[1] == wanted[1]) or not replayable(game):
            return
        self._kept = self._pending = wanted
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): ``flush`` writes
        if self._timer is None:
            self._timer = loop.call_later(DELAY, lambda: loop.create_task(self.flush()))

    async def flush(self) -> None:
        """Write the game waiting to be kept, if any."""
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        self._timer = None
        pending, self._pending = self._pending, None
        if pending is None:
            return
        game, kinds = pending
        body = json.dumps({"format": KEPT, "record": to_record(game), "kinds": list(kinds)})
        headers = {"Content-Type": "application/json"}
        if self._class_key:
            headers["Authorization"] = f"token {self._class_key}"
        try:
            await AsyncHTTPClient().fetch(f"{self._local}{GAMES}/{self.key}",
                                          method="PUT", body=body, headers=headers,
                                          request_timeout=30)
        except (HTTPClientError, OSError):
            self._pending = self._pending or pending  # the next move tries again
            return
        self.saved += 1

    def read(self) -> Kept | None:
        """The game kept under this keeper's key, or None (none kept, or not readable)."""
        if not self.served:
            return None
        try:
            kept = kept_game(self._local, self.key, self._class_key or None)
        except TableClientError:
            return None
        if kept.get("format") != KEPT:
            return None
        try:
            game = from_record(kept.get("record"))
        except PositionError:
            return None
        kinds = kept.get("kinds")
        if not isinstance(kinds, list) or len(kinds) != len(game.state.players):
            return None
        return Kept(game, tuple(str(k) for k in kinds))
