"""A shared table in this process, as a page's connection shows it (``shared.SharedTable``'s
face), for tests of the pages at a table without a server: the table service's own ``Table``,
a move played on it at once, the page told when the test says so (``answer``, ``on_change``);
its moves told in the language the page connected in, or last asked (``tell_again``), as the
table service tells them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.i18n import language
from ttr_widgets.rules.state import GameState
from ttr_widgets.tables.authority import Table

__all__ = ["LocalTable"]


class LocalTable:
    """Table ``table`` through one page: a watcher (neither ``seat`` nor ``player``), the seat
    ``seat`` already taken, or the seat ``player`` takes now."""

    def __init__(self, table: Table, on_change: Callable[[], object], *,
                 seat: int | None = None, player: str | None = None) -> None:
        self.table, self.on_change = table, on_change
        self.refusal: dict[str, Any] | None = None
        self.error: str | None = None
        self.personal_link: str | None = None
        self.key: str | None = None if seat is None else f"key-{seat}"
        self._seat = seat
        self.lang = language()  #: the language the page reads the table's moves in (its hello's)
        if player is not None:
            self.key = f"key-{player}"
            self._seat = table.join(player, self.key, 0.0)

    @property
    def view(self) -> GameState:
        return self.table.view(self._seat, self.lang)

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def seq(self) -> int:
        return self.table.seq

    @property
    def events(self) -> list[dict[str, Any]]:
        return [{**e.public(), "text": self.table.move_words(e, self.lang)} if e.kind == "move"
                else e.public() for e in self.table.events]

    @property
    def info(self) -> dict[str, Any]:
        return {"map": self.table.spec.map, "teams": False, "status": self.table.status(),
                "seats": [{"name": s.name, "bot": s.bot, "away": s.taken_over}
                          for s in self.table.seats]}

    @property
    def started(self) -> bool:
        return self.table.started

    def start(self) -> None:
        """Nothing to connect to: the test tells the page the table's messages."""

    def close(self) -> None:
        """Nothing to close."""

    def tell_again(self) -> None:
        """The page's language changed: its moves told in it from now on (the events and the
        view told again reach the page with ``answer``)."""
        self.lang = language()

    def play(self, action: Action) -> None:
        """The page's move, played at the table; its answer comes with ``answer``."""
        refused = self.table.act(self._seat or 0, action, self.table.seq, 0.0)
        if refused is not None:
            self.refusal = {"text": refused.text, "rule": refused.rule}

    def answer(self) -> None:
        """The table's answer reaches the page (after the page said "Sent to the table…")."""
        self.on_change()

    def other_plays(self, seat: int, action: Action) -> None:
        """Another person's move at the table (their page elsewhere): this page hears it."""
        refused = self.table.act(seat, action, self.table.seq, 0.0)
        if refused is not None:
            raise AssertionError(f"the other seat's move was refused: {refused.text}")
        self.on_change()
