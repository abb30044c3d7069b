"""A table service's clients without the network, for the tests of ``tables.service``: a clock
the test moves (``Clock``), what one client received (``Inbox``) and a teacher's room over a
service on a given store (``make_room``)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ttr_widgets.rules.snapshot import state_from_dict
from ttr_widgets.tables.room import Room
from ttr_widgets.tables.service import TableService
from ttr_widgets.tables.stores import open_store

__all__ = ["Clock", "Inbox", "make_room", "run_apart"]


T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` on a thread of its own: Playwright's sync API, used by a
    browser test before in the same worker, leaves an event loop running in the main thread,
    where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


class Clock:
    """The service's clock, at a given second until the test moves it (``now``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Inbox:
    """What one client received."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def __call__(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    def last_view(self) -> Any:
        return state_from_dict(self.of("view")[-1]["state"])


def make_room(tables_at: str, key: str, clock: Clock | None = None) -> Room:
    """A room with teacher key ``key`` over a service keeping its tables at ``tables_at`` (a
    file or a PostgreSQL address), its links those of a ``ttr serve`` on localhost."""
    service = TableService(open_store(tables_at), clock=clock or Clock(),
                           link=lambda name: f"http://localhost:8866/voila/render/Play.ipynb"
                                             f"?table={name}")
    return Room(service, key)
