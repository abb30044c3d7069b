"""axe-core's WCAG 2.1 A and AA rules on a page as it is now (through
``axe-playwright-python``), and its violations in words: what the site's tests (every page) and the
keyboard test share."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from . import screenshot

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SERIOUS = {"serious", "critical"}
#: Plotly draws the board and the charts as layered SVG for the mouse: its internal layers
#: (hover and drag surfaces, the axes' tick text) are not part of the page's reading order and
#: plotly gives them no roles (plotly.js #562). Only those internals are left out; the figure's
#: container, and everything around it, are checked.
PLOTLY_INTERNALS = [[".js-plotly-plot .main-svg"]]


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's WCAG 2.1 A/AA violations on the page as it is now."""
    results = Axe().run(page, context={"exclude": PLOTLY_INTERNALS},
                        options={"runOnly": {"type": "tag", "values": WCAG},
                                 "resultTypes": ["violations"]})
    found: list[dict[str, Any]] = results.response["violations"]
    return found


def described(found: list[dict[str, Any]]) -> str:
    """Each violation: its rule id, impact and (up to five of) its elements."""
    lines = []
    for v in found:
        targets = [f"{_last(node['target'])} {node['html'][:90]!r}" for node in v["nodes"]]
        more = f" (+{len(targets) - 5} more)" if len(targets) > 5 else ""
        lines.append(f"{v['id']} [{v['impact']}] ×{len(targets)}: "
                     f"{'; '.join(targets[:5])}{more}")
    return "\n".join(lines)


def _last(target: list[Any]) -> str:
    """The end of axe's selector for an element (its last two steps: enough to find it)."""
    return " > ".join(str(target[-1]).split(" > ")[-2:])


def assert_accessible(page: Page, notebook: str) -> None:
    """No serious or critical WCAG 2.1 A/AA violation on the page once it is interactive (its
    loading banner gone); a failure names each by rule, impact and element, with a screenshot."""
    page.locator("#loading").wait_for(state="hidden")
    found = violations(page)
    print(f"axe {notebook}:\n{described(found) or 'none'}")  # read with -s
    serious = [v for v in found if v["impact"] in SERIOUS]
    if serious:
        screenshot(page, f"axe-{notebook.removesuffix('.ipynb')}")
    assert not serious, f"{notebook}: WCAG 2.1 A/AA violations:\n{described(serious)}"
