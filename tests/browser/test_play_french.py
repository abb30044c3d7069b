"""The play app in French in Chromium at 1366 × 768: ``Play.ipynb?lang=fr`` (a pre-heated
kernel: the app is built before the page's address arrives, then told again in French) shows
its status line, buttons, tabs and picker in French, with no English word among them; the
screenshot (``play-french``) is kept to be read for English left and words that overflow."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from ttr_widgets.testing.french import english_words

from . import RENDER_TIMEOUT_MS, VoilaServer, screenshot
from .play_helpers import PlayPage

pytestmark = pytest.mark.browser

ANSWER_MS = 30_000  #: the page's address reaching the kernel, the app told again

#: The texts a person reads first: the status line, every button shown, the tab titles and the
#: language picker's choice.
_WORDS_JS = """() => {
  const shown = e => e.offsetParent !== null;
  const text = e => (e.textContent || '').trim();
  const status = document.querySelector('.ttr-status .ttr-status-text');
  const buttons = Array.from(document.querySelectorAll('.ttr-app button')).filter(shown)
    .map(text).filter(t => t);
  const tabs = Array.from(document.querySelectorAll('.ttr-tabs .lm-TabBar-tabLabel')).map(text);
  const picker = document.querySelector('.ttr-language select');
  return {status: status ? text(status) : '', buttons, tabs,
          language: picker ? picker.options[picker.selectedIndex].text : ''}; }"""

#: The status line tells its prompt in French (the deal: the tickets to choose).
_FRENCH_JS = """() => { const s = document.querySelector('.ttr-status .ttr-status-text');
  return !!s && s.textContent.includes('choisissez les destinations'); }"""


def test_the_play_page_in_french_at_1366(kit_server: VoilaServer, page: Page,
                                         console_errors: list[str]) -> None:
    page.goto(kit_server.url("Play.ipynb") + "?lang=fr", wait_until="commit",
              timeout=RENDER_TIMEOUT_MS)
    page.locator(".ttr-status").first.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
    play = PlayPage(page)
    play.wait_for_board()
    page.wait_for_function(_FRENCH_JS, timeout=ANSWER_MS)
    words = page.evaluate(_WORDS_JS)
    assert words["status"].startswith("Vous : choisissez les destinations à garder")
    assert words["tabs"] == ["Jouer", "Journal", "Score", "Partie", "Plan"]
    assert words["language"] == "Français"
    buttons = words["buttons"]
    for french in ("Annuler", "Rétablir", "Indice", "Garder ces destinations", "Piocher",
                   "Destinations"):
        assert french in buttons, (french, buttons)
    english = {text: found for text in (words["status"], *buttons)
               if (found := english_words(text))}
    assert english == {}, english
    assert play.status().kind == "info"
    screenshot(page, "play-french")
    assert not console_errors, console_errors
