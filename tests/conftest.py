"""Suite-wide order: the fast in-process tests first, the browser tests last.

Playwright's synchronous API keeps an event loop running in the main thread while its
session-wide browser is open, so tests that start their own loop (``asyncio.run``) must run
before it starts. Every test under ``tests/browser/`` is marked ``browser``, so that ``-m "not
browser"`` (the part ``make test`` spreads over the cores) leaves them all to the run after.

The browser run spreads its tests over two workers by group (``--dist loadgroup``): a module's
tests form one group, run in order on one worker (its module fixtures, a page or a server, are
made once), unless the module is marked ``spread`` (no module state: each test goes to
whichever worker is free). pytest-xdist groups a test by adding its group's name to its node id
as the worker collects it; pytest 9.2 keeps node ids where that no longer takes (pytest-xdist
issue #1386: every test went to either worker, a module's server and pages made again on
each), so pyproject.toml keeps pytest below 9.2, and tests that come from a worker without
their groups stop the run (``pytest_xdist_node_collection_finished``) rather than spread
silently."""

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


def pytest_xdist_node_collection_finished(node: object, ids: list[str]) -> None:
    """Under ``--dist loadgroup``, as a worker reports what it collected: the tests carry their
    groups in their node ids (pytest-xdist's ``@group``: every test here but a ``spread`` one
    has a group), or the run stops with a line saying why rather than spread them silently."""
    config = getattr(node, "config", None)
    if config is None or config.getoption("dist", None) != "loadgroup" or not ids:
        return
    if not any("@" in nodeid for nodeid in ids):
        raise pytest.UsageError(
            "pytest-xdist did not group the tests: this pytest keeps node ids where "
            "pytest-xdist's loadgroup cannot mark them (pytest-xdist issue #1386); install the "
            "pytest that pyproject.toml asks for (pip install -e '.[test]')")
