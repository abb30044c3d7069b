"""A lesson in French in Chromium at 1366 × 768: ``01-Board-and-Goal.ipynb?lang=fr`` is served
with its prose from the course catalogue (``ttr_widgets.server.notebook_i18n``, Voila's
``prelaunch_hook`` under ``ttr serve``): the headings and paragraphs are French, each "why?"
tells its rule in French, no English paragraph of the notebook is left, and every link to
another page of the kit keeps ``?lang=fr``. A browser that asks for French
(``Accept-Language: fr-FR``) gets the glossary in French without ``?lang``. The
screenshots (``course-french``: the page's top; ``course-french-board``: its board) are kept to
be read for English left and text that overflows."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page

from ttr_widgets.server.notebook_i18n import entries
from ttr_widgets.testing.french import english_words

from . import KIT_NOTEBOOKS, RENDER_TIMEOUT_MS, VIEWPORT, VoilaServer, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # a page of its own per test

LESSON = "01-Board-and-Goal.ipynb"
PROSE = ".jp-MarkdownCell"  #: a markdown cell as Voila's template renders it

_PROSE_JS = """(selector) => Array.from(document.querySelectorAll(selector)).map(cell => ({
  text: cell.innerText,
  links: Array.from(cell.querySelectorAll('a[href]')).map(a => a.getAttribute('href')),
  whys: Array.from(cell.querySelectorAll('details.ttr-why summary')).map(s => s.textContent),
}))"""


def _english_sentences(notebook: str) -> list[str]:
    """The first words of each English block of ``notebook`` (its first 30 letters after the
    markup), which a French page must not show."""
    blocks = entries(json.loads((KIT_NOTEBOOKS / notebook).read_text(encoding="utf-8")))
    starts = []
    for block in blocks:
        text = block.lstrip("#*-0123456789. [←").split("<details")[0].strip()
        if len(text) >= 12 and text[0].isalpha():
            starts.append(text[:30])
    return starts


def test_a_lesson_in_french_at_1366(kit_server: VoilaServer, page: Page,
                                    console_errors: list[str]) -> None:
    page.goto(kit_server.url(LESSON) + "?lang=fr", wait_until="commit",
              timeout=RENDER_TIMEOUT_MS)
    page.locator(".ttr-lesson .ttr-market-card").first.wait_for(state="visible",
                                                               timeout=RENDER_TIMEOUT_MS)
    assert page.viewport_size == VIEWPORT
    cells = page.evaluate(_PROSE_JS, PROSE)
    prose = "\n".join(cell["text"] for cell in cells)
    assert prose.startswith("Leçon 1 · Le plateau et le but du jeu"), prose[:200]
    for french in ("Ce que vous allez apprendre", "cartes Wagon", "Le bonus du plus long chemin",
                   "Comment marche le plateau", "Vérifiez vos connaissances"):
        assert french in prose, french
    english = [start for start in _english_sentences(LESSON) if start in prose]
    assert english == [], english
    whys = [summary for cell in cells for summary in cell["whys"]]
    assert len(whys) >= 8 and set(whys) == {"pourquoi ?"}, whys
    screenshot(page, "course-french", full_page=False)  # the page's top, as a learner lands
    trains = page.locator(f"{PROSE} details.ttr-why[data-rule='setup.trains']")
    trains.locator("summary").click()
    assert "Chaque joueur commence avec 45 wagons" in trains.inner_text()
    assert "· règle setup.trains" in trains.inner_text()
    links = [href for cell in cells for href in cell["links"]
             if not href.startswith("#")]  # not the headings' own anchors
    assert "02-Drawing-Cards.ipynb?lang=fr" in links and "Play.ipynb?lang=fr" in links
    assert [href for href in links if not href.endswith("?lang=fr")] == []
    page.locator(".ttr-lesson").first.scroll_into_view_if_needed()
    screenshot(page, "course-french-board", full_page=False)  # the lesson's board in view
    assert not console_errors, console_errors


def test_a_browser_asking_for_french_gets_the_glossary_in_french(
        kit_server: VoilaServer, chromium: Browser) -> None:
    context = chromium.new_context(viewport=VIEWPORT,  # type: ignore[arg-type]
                                   locale="fr-FR")
    try:
        french = context.new_page()
        french.goto(kit_server.url("Glossary.ipynb"), wait_until="commit",
                    timeout=RENDER_TIMEOUT_MS)
        french.locator(f"{PROSE} h1").first.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
        assert french.locator(f"{PROSE} h1").first.inner_text().startswith("Glossaire")
        assert french.locator(f"{PROSE} a[href='Play.ipynb?lang=fr']").count() >= 1
        french.goto("about:blank")  # its beforeunload ends the page's kernel
    finally:
        context.close()


#: the lesson's players, names the French page keeps
_PLAYERS = re.compile(r"(?<!\w)(?:Ann|Ben)(?!\w)")


#: an element's text without its board's (the board's legend and hover texts, widgets.board,
#: are left out here as in the app's French test)
_WITHOUT_BOARD_JS = """(el) => {
  const copy = el.cloneNode(true);
  copy.querySelectorAll('.js-plotly-plot').forEach(plot => plot.remove());
  document.body.appendChild(copy);
  const text = copy.innerText;
  copy.remove();
  return text;
}"""


def _read(text: str) -> str:
    """A widget's text as read: the picker's options keep their spaces unbreakable."""
    return text.replace("\xa0", " ")


def test_a_lesson_board_in_french_at_1366(kit_server: VoilaServer, page: Page,
                                          console_errors: list[str]) -> None:
    """Lesson 1's board and quizzes once the page's address has told the kernel French: the
    picker, the prompt, Reset and Show me, the status line, the market and the hand, a demo's
    refusal, the quizzes' buttons and feedback; no English word in the board's side panel or a
    quiz (``testing.french``; the players' and cities' names set aside). Screenshot
    ``course-french-lesson-board``, read for overflow and English left."""
    page.goto(kit_server.url(LESSON) + "?lang=fr", wait_until="commit",
              timeout=RENDER_TIMEOUT_MS)
    side = page.locator(".ttr-lesson .ttr-side").first
    side.locator("button", has_text="Réinitialiser").wait_for(state="visible",
                                                             timeout=RENDER_TIMEOUT_MS)
    assert "1. Gardez vos destinations de départ" in _read(side.inner_text())
    side.locator("button", has_text="Montrez-moi").click()  # keeps one ticket: refused
    refusal = side.locator('.ttr-status .ttr-status-error[data-rule="tickets.keep"]')
    refusal.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
    side.locator(".ttr-goal", has_text="Réussi").wait_for(state="visible")
    quiz = page.locator(".ttr-quiz").first
    quiz.locator("button", has_text="Vérifier").click()
    quiz.get_by_text("Choisissez d'abord une réponse.").wait_for(state="visible")
    quiz.locator("label", has_text="7").first.click()
    quiz.locator("button", has_text="Vérifier").click()
    quiz.get_by_text("Juste.").wait_for(state="visible")
    texts = {"the board's side panel": _read(side.inner_text()),
             **{f"quiz {i + 1}": _read(q.inner_text())
                for i, q in enumerate(page.locator(".ttr-quiz").all())}}
    english = {where: words for where, text in texts.items()
               if (words := english_words(_PLAYERS.sub(" ", text)))}
    assert english == {}, english
    assert "Piocher" in texts["the board's side panel"]  # the market, told again in French
    side.scroll_into_view_if_needed()
    page.locator(".ttr-lesson").first.scroll_into_view_if_needed()
    screenshot(page, "course-french-lesson-board", full_page=False)
    assert not console_errors, console_errors


def test_a_lesson_exercise_in_french_at_1366(kit_server: VoilaServer, page: Page,
                                             console_errors: list[str]) -> None:
    """Lesson 5's "score this finished game" once the page is French: its title, holdings and
    buttons, and a check's answers, with no English word (``testing.french``). Screenshot
    ``course-french-exercise``, read for overflow and English left."""
    page.goto(kit_server.url("05-End-and-Scoring.ipynb") + "?lang=fr", wait_until="commit",
              timeout=RENDER_TIMEOUT_MS)
    exercise = page.locator(".widget-vbox", has=page.locator("button", has_text="Voir le détail")
                            ).last
    exercise.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
    assert "Comptez les points de cette partie finie" in exercise.inner_text()
    boxes = exercise.locator("input[type='text']")
    for i in range(boxes.count()):
        boxes.nth(i).fill("3")
    exercise.locator("button", has_text="Vérifier").click()
    exercise.get_by_text("recomptez, ou voyez le détail").first.wait_for(state="visible")
    text = _read(exercise.evaluate(_WITHOUT_BOARD_JS))
    assert english_words(_PLAYERS.sub(" ", text)) == set(), text
    exercise.scroll_into_view_if_needed()
    screenshot(page, "course-french-exercise", full_page=False)
    assert not console_errors, console_errors
