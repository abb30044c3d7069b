"""The course's catalogue (gettext's ``course`` domain: the notebooks' prose, one entry per block
of a markdown cell, ``ttr_widgets.server.notebook_i18n``): it holds exactly the notebooks'
blocks, a translation keeps every link target, placeholder, "why?" and piece of markup of its
English, the committed ``.mo`` is the ``.po`` compiled, and every page of the kit is French
throughout."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ttr_widgets.course.why import WHY
from ttr_widgets.rules import i18n
from ttr_widgets.server import notebook_i18n
from ttr_widgets.server.config import kit_notebooks_dir

LOCALE = i18n.LOCALE_DIR
NOTEBOOKS = kit_notebooks_dir()
#: every page of the kit: each block of each is French
FRENCH_PAGES = tuple(sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")))


def _po(lang: str = "fr"):
    with (LOCALE / lang / "LC_MESSAGES" / "course.po").open("rb") as f:
        return read_po(f, locale=lang)


def _notebook(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def _notebook_entries() -> set[tuple[str, str]]:
    return {(path.name, block) for path in NOTEBOOKS.glob("*.ipynb")
            for block in notebook_i18n.entries(_notebook(path.name))}


def _translated():
    return [m for m in _po() if m.id and m.string]


def test_the_catalogue_holds_exactly_the_notebooks_blocks():
    held = {(m.context, m.id) for m in _po() if m.id}
    source = _notebook_entries()
    assert len(source) > 300
    assert source - held == set(), "not in the course catalogue yet: run make i18n"
    assert held - source == set(), "no longer in the notebooks: run make i18n"
    with (LOCALE / "course.pot").open("rb") as f:
        assert {(m.context, m.id) for m in read_po(f) if m.id} == source


_LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")
_TAG = re.compile(r"</?([a-zA-Z]+)")
_FIELD = re.compile(r"\{\w*\}")


def _shape(text: str) -> dict[str, list[str]]:
    """What a translation must keep of its English: links' targets, "why?"s' rules, HTML tags,
    placeholders, the heading's level, the list items' and table rows' markers, bold/italic
    marks and inline code."""
    lines = text.split("\n")
    return {
        "links": [a or b for a, b in _LINK.findall(text)],
        "why": [m.group(1) for m in WHY.finditer(text)],
        "tags": sorted(_TAG.findall(WHY.sub("", text))),
        "fields": sorted(_FIELD.findall(text)),
        "heading": [line.split(" ")[0] for line in lines[:1] if line.startswith("#")],
        "items": [re.match(r"\s*([-*+]|\d+\.|\|)", line).group(1) for line in lines
                  if re.match(r"\s*([-*+]|\d+\.)\s|\s*\|", line)],
        "code": sorted(re.findall(r"`[^`]+`", text)) and [str(text.count("`"))],
        "bold": [str(text.count("**") % 2)],
    }


def test_every_translation_keeps_its_links_placeholders_and_markup():
    translated = _translated()
    assert len(translated) == len([m for m in _po() if m.id]) > 300
    for entry in translated:
        assert "fuzzy" not in entry.flags, entry.id
        assert _shape(entry.string) == _shape(entry.id), (entry.context, entry.id[:70])


def test_the_committed_mo_is_the_po_compiled():
    compiled = io.BytesIO()
    write_mo(compiled, _po())
    mo = LOCALE / "fr" / "LC_MESSAGES" / "course.mo"
    assert mo.read_bytes() == compiled.getvalue(), "the .mo is stale: run make i18n"


@pytest.mark.parametrize("page", FRENCH_PAGES)
def test_every_page_is_french_throughout(page):
    untranslated = [m.id[:70] for m in _po() if m.id and m.context == page and not m.string]
    assert untranslated == []
    assert any(m.context == page for m in _po() if m.id)


def test_a_french_page_reads_french_with_its_links_carrying_the_language():
    english = _notebook("01-Board-and-Goal.ipynb")
    before = json.dumps(english)
    french = notebook_i18n.translate_notebook(english, "01-Board-and-Goal.ipynb", "fr")
    assert json.dumps(english) == before  # the notebook Voila holds is left as it was
    prose = "\n".join(c["source"] for c in french["cells"] if c["cell_type"] == "markdown")
    assert prose.startswith("# Leçon 1 · Le plateau et le but du jeu")
    assert "cartes Wagon" in prose and "What you'll learn" not in prose
    targets = [a or b for a, b in _LINK.findall(prose)]
    assert "02-Drawing-Cards.ipynb?lang=fr" in targets
    assert all(t.endswith("?lang=fr") for t in targets if ".ipynb" in t), targets
    assert "<summary>pourquoi ?</summary>" in prose and "<summary>why?" not in prose
    assert "45 wagons" in prose and "· règle setup.trains" in prose
    assert [c for c in french["cells"] if c["cell_type"] == "code"] == [
        c for c in english["cells"] if c["cell_type"] == "code"]


def test_english_is_left_alone_and_a_block_not_translated_stays_english():
    english = _notebook("Play.ipynb")
    same = notebook_i18n.translate_notebook(english, "Play.ipynb", "en")
    assert [c["source"] for c in same["cells"]] == [c["source"] for c in english["cells"]]
    cell = "# Play Ticket to Ride\n\nA sentence no catalogue holds, [with a link](Glossary.ipynb)."
    told = notebook_i18n.translate_markdown(cell, "Play.ipynb", "fr")
    assert told == ("# Jouer aux Aventuriers du Rail\n\nA sentence no catalogue holds, "
                    "[with a link](Glossary.ipynb?lang=fr).")
    assert notebook_i18n.translate_markdown(cell, "Play.ipynb", "en") == cell


def test_every_block_of_every_page_is_looked_up_as_the_template_names_it(monkeypatch):
    asked: set[tuple[str, str]] = set()

    class Recorder:
        def pgettext(self, context: str, message: str) -> str:
            asked.add((context, message))
            return message

    monkeypatch.setattr(notebook_i18n, "_catalogue", lambda lang: Recorder())
    for path in NOTEBOOKS.glob("*.ipynb"):
        notebook_i18n.translate_notebook(_notebook(path.name), path.name, "fr")
    assert asked == _notebook_entries()


def test_links_carry_the_language_to_the_kits_pages_only():
    carry = notebook_i18n.carry_language
    text = ("[a](Play.ipynb) [b](05-End-and-Scoring.ipynb#scoring) [c](Tables.ipynb?table=x) "
            "[d](https://networkx.org) [e](Play.ipynb?lang=fr) <a href=\"Glossary.ipynb\">f</a>")
    assert carry(text, "fr") == (
        "[a](Play.ipynb?lang=fr) [b](05-End-and-Scoring.ipynb?lang=fr#scoring) "
        "[c](Tables.ipynb?table=x&lang=fr) [d](https://networkx.org) [e](Play.ipynb?lang=fr) "
        "<a href=\"Glossary.ipynb?lang=fr\">f</a>")
    assert carry(text, "en") == text


class _Request:
    def __init__(self, path: str, headers: dict[str, str]) -> None:
        self.path, self.headers = path, headers


class _Handler:
    """What the hook reads of Voila's request handler: the address's arguments and headers."""

    def __init__(self, path: str, lang: str | None = None, accept: str = "") -> None:
        self.request = _Request(path, {"Accept-Language": accept} if accept else {})
        self.lang = lang

    def get_argument(self, name: str, default: str | None = None) -> str | None:
        return self.lang if name == "lang" and self.lang is not None else default


def test_the_hook_tells_a_page_in_the_language_its_request_asks_for():
    hook = notebook_i18n.prelaunch_hook
    notebook = _notebook("Glossary.ipynb")
    path = "/voila/render/Glossary.ipynb"
    french = hook(_Handler(path, lang="fr"), notebook=notebook, cwd=str(NOTEBOOKS))
    assert french["cells"][0]["source"].startswith("# Glossaire")
    by_browser = hook(_Handler(path, accept="fr-FR,fr;q=0.9,en;q=0.8"), notebook, "")
    assert by_browser["cells"][0]["source"] == french["cells"][0]["source"]
    assert hook(_Handler(path, lang="en", accept="fr-FR"), notebook, "") is None  # ?lang wins
    assert hook(_Handler(path, accept="de-DE,en;q=0.5"), notebook, "") is None
    assert hook(_Handler(path), notebook, "") is None
    assert hook(None, notebook, "") is None  # a pre-heated kernel's render: nobody asked yet
    spaced = hook(_Handler("/base/voila/render/Glossary%2Eipynb", lang="fr"), notebook, "")
    assert spaced["cells"][0]["source"].startswith("# Glossaire")


def test_the_browsers_languages_are_read_most_wanted_first():
    assert i18n.accepted("en-US;q=0.5, fr-FR, fr;q=0.9, de;q=0") == ["fr-FR", "fr", "en-US"]
    assert i18n.page_language(None, "de, fr-CA;q=0.7") == "fr"
    assert i18n.page_language("xx", "fr") == "en"


def test_the_extractor_writes_one_entry_per_block(tmp_path: Path):
    page = {"cells": [
        {"cell_type": "markdown", "source": ["# Title\n", "\n", "One [link](A.ipynb).\n",
                                             "\n", "---\n", "\n", "```\ncode\n\nmore\n```"]},
        {"cell_type": "code", "source": "print('not prose')"}]}
    (tmp_path / "Page.ipynb").write_text(json.dumps(page), encoding="utf-8")
    out = tmp_path / "course.pot"
    assert notebook_i18n.main(["extract", str(tmp_path), "-o", str(out)]) == 0
    with out.open("rb") as f:
        found = [(m.context, m.id) for m in read_po(f) if m.id]
    assert found == [("Page.ipynb", "# Title"), ("Page.ipynb", "One [link](A.ipynb).")]


def test_a_page_asked_in_french_is_rendered_on_request_not_taken_from_the_pool():
    from voila.tornado.handler import TornadoVoilaHandler

    from ttr_widgets.server.languages import language_handler, use_page_languages

    class Pooled:  # Voila's handler as far as the pool's choice goes: the pool has a page
        def should_use_rendered_notebook(self, *args, **kwargs):
            return True

    class Asked(language_handler(Pooled)):
        def __init__(self, lang=None, accept=""):
            handler = _Handler("/voila/render/Play.ipynb", lang, accept)
            self.request, self.get_argument = handler.request, handler.get_argument

    assert Asked().should_use_rendered_notebook({}, 1, None, None, {}) is True
    assert Asked(lang="en", accept="fr").should_use_rendered_notebook({}, 1, None, None, {})
    assert not Asked(lang="fr").should_use_rendered_notebook({}, 1, None, None, {})
    assert not Asked(accept="fr-CA,en;q=0.5").should_use_rendered_notebook({}, 1, None, None, {})

    class Configuration:
        prelaunch_hook = None

    configuration = Configuration()
    tree = ("/voila/tree", object, {})
    handlers = use_page_languages(configuration, [tree, ("/voila/render/(.*)",
                                                         TornadoVoilaHandler, {"config": 1})])
    assert configuration.prelaunch_hook is notebook_i18n.prelaunch_hook
    assert handlers[0] is tree
    route, handler, kwargs = handlers[1]
    assert (route, kwargs) == ("/voila/render/(.*)", {"config": 1})
    assert issubclass(handler, TornadoVoilaHandler) and handler is not TornadoVoilaHandler
