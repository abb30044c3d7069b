"""Suite-wide order: the fast in-process tests first, the browser tests last.

Playwright's synchronous API keeps an event loop running in the main thread while its
session-wide browser is open, so tests that start their own loop (``asyncio.run``) must run
before it starts. Every test under ``tests/browser/`` is marked ``browser``, so that ``-m "not
browser"`` (the part ``make test`` spreads over the cores) leaves them all to the run after.

The browser run spreads its tests over two workers by group (``--dist loadgroup``): a module's
tests form one group, run in order on one worker (its module fixtures, a page or a server, are
made once), unless the module is marked ``spread`` (no module state: each test goes to
whichever worker is free)."""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in item.nodeid:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("spread") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None
               or "tests/browser/" in item.nodeid)
