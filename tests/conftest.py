"""Suite-wide order: the fast in-process tests first, the browser tests last.

Playwright's synchronous API keeps an event loop running in the main thread while its
session-wide browser is open, so tests that start their own loop (``asyncio.run``) must run
before it starts."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None
               or "tests/browser/" in item.nodeid)
