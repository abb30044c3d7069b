"""The kit as one site under ``ttr serve``: the play app links every lesson (in order, with its
title) and every tool; every page renders offline with no console error and links back.

The first tests read the notebooks (what the site promises); the browser tests open every page
through one ``kit_server`` in headless Chromium (what a visitor gets), axe-core's WCAG 2.1 A and
AA rules included (no serious or critical violation, ``axe_check``: checked on the visit each
page gets anyway, since a page's kernel start is most of its time). Each page starts its kernel
on request and ends it when the page is left, so one kernel runs at a time."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page

from ttr_widgets.server.site import (
    BACK_TO_APP,
    REFERENCE,
    SiteError,
    kit_pages,
    links_markdown,
    notebook_title,
)
from ttr_widgets.server.site import Page as SitePage

from . import KIT_NOTEBOOKS, RENDER_TIMEOUT_MS, VoilaServer, screenshot
from .axe_check import assert_accessible
from .site_pages import open_page, shown, wait_rendered

pytestmark = pytest.mark.spread  # each test opens its own page: the pages load on either worker
PAGES = kit_pages(KIT_NOTEBOOKS)
APP = PAGES[0]
OTHERS = PAGES[1:]
CELL_ERROR = "There was an error when executing cell"  #: Voila's words for a failed cell
KIT_LINKS = "a[href$='.ipynb']"
_LINKS_JS = "els => els.map(e => [e.textContent.trim(), e.href])"


def markdown(notebook: str) -> list[str]:
    cells = json.loads((KIT_NOTEBOOKS / notebook).read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


# --- what the notebooks promise ----------------------------------------------------------------

def test_the_site_is_the_app_then_the_lessons_in_order_then_the_tools_and_reference() -> None:
    assert [page.kind for page in PAGES] == (["app"] + ["lesson"] * 11 + ["tool"] * 6 +
                                             ["reference"] * 2)
    assert SitePage("Play.ipynb", "Play Ticket to Ride", "app") == APP
    assert [page.title for page in PAGES if page.kind == "lesson"] == [
        f"Lesson {n} · {title}" for n, title in enumerate((
            "The board and the goal", "Drawing train cards", "Claiming routes",
            "Destination tickets, the gamble", "The end of the game and final scoring",
            "Europe: ferries and tunnels", "Europe: stations and long tickets",
            "Commonly confused rules", "Europa 1912: new tickets, Warehouses & Depots",
            "Team play (Team Asia rules)",
            "USA 1910: four ways to play, the Mega Game, the Globetrotter"),
            start=1)]
    assert [page.notebook for page in PAGES if page.kind == "tool"] == [
        "Tables.ipynb", "Ticket-Scorer.ipynb", "Planner.ipynb", "Scoring-Explorer.ipynb",
        "Probability-Lab.ipynb", "Map-Analysis.ipynb"]
    assert [page.notebook for page in PAGES if page.kind == "reference"] == list(REFERENCE)
    assert {page.notebook for page in PAGES} == {p.name for p in KIT_NOTEBOOKS.glob("*.ipynb")}


def test_the_app_notebook_links_every_page_under_the_board_and_lesson_one_above_it() -> None:
    cells = json.loads((KIT_NOTEBOOKS / APP.notebook).read_text())["cells"]
    assert [c["cell_type"] for c in cells] == ["markdown", "code", "markdown"]
    assert "".join(cells[-1]["source"]) == links_markdown(PAGES)
    assert OTHERS[0].link in "".join(cells[0]["source"])
    block = links_markdown(PAGES)
    assert [block.index(page.link) for page in OTHERS] == sorted(
        block.index(page.link) for page in OTHERS), "the links are out of order"


@pytest.mark.parametrize("page", OTHERS, ids=[p.notebook for p in OTHERS])
def test_every_other_page_links_back_to_the_app_at_its_top(page: SitePage) -> None:
    assert BACK_TO_APP in markdown(page.notebook)[0]


def test_a_notebook_the_app_does_not_link_is_refused_by_name(tmp_path: Path) -> None:
    for page in PAGES:
        shutil.copy(KIT_NOTEBOOKS / page.notebook, tmp_path / page.notebook)
    assert kit_pages(tmp_path) == PAGES
    shutil.copy(KIT_NOTEBOOKS / "Ticket-Scorer.ipynb", tmp_path / "Draft.ipynb")
    (tmp_path / "Scoring-Explorer.ipynb").unlink()
    with pytest.raises(SiteError) as refused:
        kit_pages(tmp_path)
    assert "Scoring-Explorer.ipynb: missing" in str(refused.value)
    assert "Draft.ipynb: not linked from Play.ipynb" in str(refused.value)


def test_a_page_without_a_title_is_refused(tmp_path: Path) -> None:
    for page in PAGES:
        shutil.copy(KIT_NOTEBOOKS / page.notebook, tmp_path / page.notebook)
    untitled = tmp_path / "02-Drawing-Cards.ipynb"
    notebook = json.loads(untitled.read_text())
    notebook["cells"][0]["source"] = ["Drawing cards, without a heading."]
    untitled.write_text(json.dumps(notebook))
    assert notebook_title(untitled) is None
    refusal = "02-Drawing-Cards.ipynb: its first markdown cell has no"
    with pytest.raises(SiteError, match=re.escape(refusal)):
        kit_pages(tmp_path)


# --- what a visitor gets -----------------------------------------------------------------------

def kit_links(page: Page) -> list[tuple[str, str]]:
    """The rendered page's links to notebooks: (text, absolute URL), in page order."""
    return [tuple(pair) for pair in page.eval_on_selector_all(KIT_LINKS, _LINKS_JS)]


def assert_rendered_cleanly(page: Page, notebook: str) -> None:
    assert page.locator(shown(notebook)).count() >= 1, f"{notebook}: no {shown(notebook)}"
    assert CELL_ERROR not in page.locator("body").inner_text(), f"{notebook}: a cell failed"


def test_the_app_page_links_every_page_and_a_click_goes_there_and_back(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_page(page, kit_server, APP.notebook)
    assert_rendered_cleanly(page, APP.notebook)
    expected = [(p.title, kit_server.url(p.notebook)) for p in OTHERS]
    assert kit_links(page) == [expected[0], *expected]  # lesson 1 above the board, then all
    # a click waits for the page it opens, which starts a kernel: as long as a render may take
    page.get_by_role("link", name=OTHERS[0].title).first.click(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_url(kit_server.url(OTHERS[0].notebook), timeout=RENDER_TIMEOUT_MS)
    wait_rendered(page)
    page.get_by_role("link", name="← Back to the play app").first.click(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_url(kit_server.url(APP.notebook), timeout=RENDER_TIMEOUT_MS)
    wait_rendered(page)
    tool = next(p for p in OTHERS if p.kind == "tool")
    page.get_by_role("link", name=tool.title, exact=True).click()
    page.wait_for_url(kit_server.url(tool.notebook), timeout=RENDER_TIMEOUT_MS)
    wait_rendered(page, tool.notebook)
    screenshot(page, "site-app-to-tool")
    assert console_errors == []


def test_the_root_address_reaches_the_app_and_it_passes_axe(kit_server: VoilaServer, page: Page,
                                          console_errors: list[str]) -> None:
    response = page.goto(kit_server.base_url, wait_until="commit", timeout=RENDER_TIMEOUT_MS)
    assert response is not None and response.status == 200
    wait_rendered(page)
    assert page.url == kit_server.url(APP.notebook)
    assert page.locator(".ttr-status").count() >= 1  # the play app itself, not a file list
    assert console_errors == []
    assert_accessible(page, APP.notebook)


@pytest.mark.parametrize("site_page", OTHERS, ids=[p.notebook for p in OTHERS])
def test_every_page_renders_offline_links_back_to_the_app_and_passes_axe(
        kit_server: VoilaServer, page: Page, console_errors: list[str],
        site_page: SitePage) -> None:
    open_page(page, kit_server, site_page.notebook)
    assert_rendered_cleanly(page, site_page.notebook)
    back = [href for text, href in kit_links(page) if text == "← Back to the play app"]
    assert back and set(back) == {kit_server.url(APP.notebook)}
    assert console_errors == []
    assert_accessible(page, site_page.notebook)


def test_opening_pages_logs_no_warning(kit_server: VoilaServer, page: Page) -> None:
    """Opening a page used to log two warnings: Voila's "Notebook … is not trusted" and every
    kernel's "running over TCP without encryption" (see ttr_widgets.server.config). Only
    what this test's pages log counts: the server is the session's (a test that kills a kernel
    on purpose logs its restart)."""
    start = len(kit_server.log_path.read_text().splitlines())
    for notebook in (APP.notebook, OTHERS[0].notebook):
        open_page(page, kit_server, notebook)
    page.goto("about:blank")
    warnings = [line for line in kit_server.log_path.read_text().splitlines()[start:]
                if "WARNING" in line or "Traceback" in line]
    assert warnings == []
