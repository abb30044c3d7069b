"""axe-core (WCAG 2.1 A and AA rules, through ``axe-playwright-python``) on every page the kit
serves, in Voila, once the page is interactive: no serious or critical violation.

A failure names each violation by its rule id, its impact and the elements it found, so the fix
can go to the right place (``widgets/style.py``, the Voila template, a widget's description)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from ttr_widgets.server.site import Page as SitePage
from ttr_widgets.server.site import kit_pages

from . import KIT_NOTEBOOKS, VoilaServer, screenshot
from .axe_check import SERIOUS, described, violations
from .site_pages import open_page

PAGES = kit_pages(KIT_NOTEBOOKS)


@pytest.mark.parametrize("site_page", PAGES, ids=[p.notebook for p in PAGES])
def test_no_serious_wcag_violation_on_any_page(kit_server: VoilaServer, page: Page,
                                               site_page: SitePage) -> None:
    open_page(page, kit_server, site_page.notebook)
    page.locator("#loading").wait_for(state="hidden")
    found = violations(page)
    print(f"axe {site_page.notebook}:\n{described(found) or 'none'}")  # read with -s
    serious = [v for v in found if v["impact"] in SERIOUS]
    if serious:
        screenshot(page, f"axe-{site_page.notebook.removesuffix('.ipynb')}")
    assert not serious, f"{site_page.notebook}: WCAG 2.1 A/AA violations:\n{described(serious)}"
