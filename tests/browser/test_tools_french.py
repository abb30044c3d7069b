"""The Ticket Scorer in French in Chromium at 1366 × 768: ``Ticket-Scorer.ipynb?lang=fr`` under
``ttr serve``. The page's kernel learns its language from the page's address after the widgets
are built (``PageAddress``) and tells its words again: the controls, the side panel, the
standings and the seats' names are French on the page. The screenshot (``scorer-french``) is
kept to be read for English left and text that overflows."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from . import RENDER_TIMEOUT_MS, VIEWPORT, VoilaServer, screenshot

pytestmark = pytest.mark.browser

SCORER = "Ticket-Scorer.ipynb"


def test_the_ticket_scorer_in_french_at_1366(kit_server: VoilaServer, page: Page,
                                             console_errors: list[str]) -> None:
    page.goto(kit_server.url(SCORER) + "?lang=fr", wait_until="commit",
              timeout=RENDER_TIMEOUT_MS)
    add = page.locator(".ttr-scorer-ticket-add")
    add.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
    page.get_by_role("button", name="Ajouter").wait_for(timeout=RENDER_TIMEOUT_MS)
    assert page.viewport_size == VIEWPORT
    side = page.locator(".ttr-scorer-results").inner_text()
    assert "Destinations" in side and "Plus long chemin" in side, side
    standings = page.locator(".ttr-scorer-standings").inner_text()
    assert "Classement" in standings and "Joueur 1" in standings, standings
    assert "se partagent la victoire" in standings, standings
    assert page.get_by_role("button", name="Effacer").is_visible()
    text = page.locator(".ttr-scorer").inner_text()
    for english in ("Standings", "Longest trail", "Player 1", "type a city", "Remove"):
        assert english not in text, english
    page.locator(".ttr-scorer").scroll_into_view_if_needed()
    screenshot(page, "scorer-french", full_page=False)  # the scorer itself in view
    assert not console_errors, console_errors
