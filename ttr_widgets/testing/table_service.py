"""A table service's clients without the network, for the tests of ``tables.service``: a clock
the test moves (``Clock``), what one client received (``Inbox``) and a teacher's room over a
service on a given store (``make_room``)."""

from __future__ import annotations

from typing import Any

from ttr_widgets.rules.snapshot import state_from_dict
from ttr_widgets.tables.room import Room
from ttr_widgets.tables.service import TableService
from ttr_widgets.tables.stores import open_store

__all__ = ["Clock", "Inbox", "make_room"]


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
