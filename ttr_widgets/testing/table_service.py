"""A table service's clients without the network, for the tests of ``tables.service``: a clock
the test moves (``Clock``) and what one client received (``Inbox``)."""

from __future__ import annotations

from typing import Any

from ttr_widgets.rules.snapshot import state_from_dict

__all__ = ["Clock", "Inbox"]


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
