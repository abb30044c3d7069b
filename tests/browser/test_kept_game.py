"""A game is never lost by leaving its page (a real ``ttr serve``, headless Chromium at
1366×768): the app keeps its game on the server after every move under a key the browser
remembers, so a reload, a lesson visited on the way, or a kernel the server ended picks it up
where it stood; a page whose kernel ended says so and offers to resume."""

from __future__ import annotations

import psutil  # type: ignore[import-untyped]
from playwright.sync_api import Page

from . import VoilaServer, expect_text, open_notebook, reload_notebook, screenshot

KEEP = ".ttr-keep-tickets"


def kept_turn(page: Page) -> str:
    """The stepper's position: what the page shows of the game's progress."""
    return page.locator(".ttr-players").first.inner_text()


def test_a_reload_and_a_lesson_on_the_way_keep_the_game(kit_server: VoilaServer, page: Page,
                                                         console_errors: list[str]) -> None:
    open_notebook(page, kit_server, "Play.ipynb", ready=KEEP)
    page.locator(KEEP).click()
    expect_text(page, ".ttr-status", "Your turn", timeout_ms=30_000)
    page.locator(".ttr-blind-draw").click()
    expect_text(page, ".ttr-status", "one more card to draw")
    players = kept_turn(page)
    page.wait_for_timeout(1500)  # the keeper writes after the moves settle
    reload_notebook(page, ready=".ttr-status")
    expect_text(page, ".ttr-status", "Welcome back: your USA game is where you left it.",
                timeout_ms=30_000)
    expect_text(page, ".ttr-status", "take your second card")  # the same half-done turn
    assert kept_turn(page) == players
    # To a lesson and back by the page's own links.
    page.locator("a[href$='01-Board-and-Goal.ipynb']").first.click()
    page.wait_for_url("**/01-Board-and-Goal.ipynb", timeout=60_000)
    page.go_back(wait_until="commit")
    expect_text(page, ".ttr-status", "Welcome back", timeout_ms=60_000)
    assert kept_turn(page) == players
    assert console_errors == []


def test_a_kernel_ended_is_said_and_the_game_resumed(kit_server: VoilaServer,
                                                     page: Page) -> None:
    open_notebook(page, kit_server, "Play.ipynb", ready=KEEP)
    page.locator(KEEP).click()
    expect_text(page, ".ttr-status", "Your turn", timeout_ms=30_000)
    page.wait_for_timeout(1500)
    players = kept_turn(page)
    psutil.Process(kit_server.page_kernel_pid(page)).kill()  # not the pool's refill beside it
    banner = page.locator(".ttr-kernel-ended")
    banner.wait_for(state="visible", timeout=30_000)
    assert "Nothing is lost: resume" in banner.inner_text()
    screenshot(page, "kernel-ended", full_page=False)
    page.locator(".ttr-kernel-resume").click(no_wait_after=True)  # a reload: Voila streams it
    expect_text(page, ".ttr-status", "Welcome back", timeout_ms=60_000)
    assert kept_turn(page) == players
