"""Opening one of the kit's pages in Chromium and waiting until it shows what it is for (a
figure, a reference page's text, the shared tables' form): what the site's tests and the
accessibility tests share."""

from __future__ import annotations

from playwright.sync_api import Page

from ttr_widgets.server.site import REFERENCE

from . import RENDER_TIMEOUT_MS, VoilaServer

PLOT = ".js-plotly-plot"
REFERENCE_TEXT = ".ttr-reference"  #: what a reference page shows instead of a figure
TABLES_PAGE = ".ttr-tables-page"  #: the shared tables page: a form and a list, no figure


def open_page(page: Page, server: VoilaServer, notebook: str) -> None:
    """Go to a page, check the server answered 200, and wait for its first plotly figure."""
    response = page.goto(server.url(notebook), wait_until="commit", timeout=RENDER_TIMEOUT_MS)
    assert response is not None and response.status == 200, f"{notebook}: HTTP {response}"
    wait_rendered(page, notebook)


def shown(notebook: str) -> str:
    """What a rendered page shows: its reference text (glossary, unclear cases), the tables
    page's form, or a figure."""
    if notebook == "Tables.ipynb":
        return TABLES_PAGE
    return REFERENCE_TEXT if notebook in REFERENCE else PLOT


def wait_rendered(page: Page, notebook: str = "") -> None:
    page.locator(shown(notebook)).first.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
