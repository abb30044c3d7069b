"""The kit's one catalogue (``ttr_widgets/locale``, gettext's ``ttr`` domain, read by
``rules.i18n``): every sentence of the source is in it, every entry has its French (no empty
string, nothing fuzzy), a template's placeholders are the same in both languages, plurals take
the right form for 0, 1 and 2, and the committed ``.mo`` is the ``.po`` compiled."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ttr_widgets.rules import i18n
from ttr_widgets.rules.catalog import RULES, RULINGS, explain, ruling
from ttr_widgets.rules.words import cards, colour_name, route_label

LOCALE = i18n.LOCALE_DIR
PACKAGE = LOCALE.parent
LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]


def _po(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "ttr.po").open("rb") as f:
        return read_po(f, locale=lang)


def _entries(catalog) -> dict:
    return {(m.context, m.id): m for m in catalog if m.id}


def _key(context, message_id):
    return context, message_id[0] if isinstance(message_id, tuple) else message_id


#: babel.cfg's map: the notebooks' quizzes (read by their extractor's own module), then Python
MAP = [("course/quiz_i18n.py", "ttr_widgets.course.quiz_i18n:extract"), ("**.py", "python")]


def _source_sentences() -> set:
    """Every sentence the package's source hands to the catalogue, as ``make i18n`` extracts
    them (babel.cfg's map, gettext's keywords: _, N_, ngettext, pgettext, npgettext), the
    notebooks' quizzes with them."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(str(PACKAGE),
                                                                       method_map=MAP):
        found.add(_key(context, message))
    return found


def test_every_language_is_a_folder_of_the_catalogue():
    assert "fr" in LANGUAGES
    assert sorted(p.name for p in LOCALE.iterdir() if p.is_dir()) == sorted(LANGUAGES)


def test_the_catalogue_holds_exactly_the_sentences_of_the_source():
    source = _source_sentences()
    assert len(source) > 200
    for lang in LANGUAGES:
        held = {_key(c, i) for c, i in _entries(_po(lang))}
        assert source - held == set(), f"{lang}: not in the catalogue yet (make i18n)"
        assert held - source == set(), f"{lang}: no longer in the source (make i18n)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_has_its_translation_and_none_is_fuzzy(lang):
    catalog = _po(lang)
    assert catalog.num_plurals == 2 and catalog.plural_expr == "(n > 1)"
    assert not catalog.fuzzy
    for (_context, message_id), entry in _entries(catalog).items():
        assert "fuzzy" not in entry.flags, message_id
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert len(strings) == (2 if isinstance(message_id, tuple) else 1), message_id
        assert all(s.strip() for s in strings), f"no translation: {message_id!r}"


_FIELD = re.compile(r"\{(\w*)\}|%\((\w+)\)[sr]|%[sr]")


def _fields(text: str) -> list[str]:
    return sorted(m.group(0) for m in _FIELD.finditer(text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_templates_placeholders_are_the_same_in_every_language(lang):
    for (_context, message_id), entry in _entries(_po(lang)).items():
        ids = message_id if isinstance(message_id, tuple) else (message_id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for text in strings:
            assert _fields(text) == _fields(ids[0]), (message_id, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_committed_mo_is_the_po_compiled(lang):
    compiled = io.BytesIO()
    write_mo(compiled, _po(lang))
    mo = Path(LOCALE / lang / "LC_MESSAGES" / "ttr.mo")
    assert mo.read_bytes() == compiled.getvalue(), "the .mo is stale: run make i18n"


def test_every_rule_and_ruling_reads_in_french_and_in_english():
    with i18n.use("fr"):
        french = {rule: explain(rule) for rule in RULES}
        rulings = {rule: ruling(rule) for rule in RULINGS}
    assert all(french[rule] != RULES[rule] for rule in RULES)
    assert french["claim.one-colour"] == ("Les cartes d'une route sont toutes d'une même "
                                         "couleur : celle de la route, ou pour une route grise, "
                                         "une couleur de votre choix.")
    assert rulings["turn.pass"].case == "Et si un joueur ne peut rien faire du tout à son tour ?"
    assert rulings["turn.pass"].confidence == "high"
    with i18n.use("en"):
        assert explain("claim.one-colour") == RULES["claim.one-colour"]
        assert ruling("turn.pass") == RULINGS["turn.pass"]


def test_plurals_and_agreement_for_0_1_and_2_cards():
    with i18n.use("en"):
        assert [cards(n, "green") for n in (0, 1, 2)] == [
            "0 green cards", "1 green card", "2 green cards"]
        assert cards(1, "locomotive") == "1 locomotive" and cards(2, "") == "2 cards"
    with i18n.use("fr"):  # French: 0 and 1 singular; a card's colour agrees (carte verte)
        assert [cards(n, "green") for n in (0, 1, 2)] == [
            "0 carte verte", "1 carte verte", "2 cartes vertes"]
        assert [cards(n, "orange") for n in (1, 2)] == ["1 carte orange", "2 cartes orange"]
        assert [cards(n, "white") for n in (1, 3)] == ["1 carte blanche", "3 cartes blanches"]
        assert [cards(n, "locomotive") for n in (1, 2)] == ["1 locomotive", "2 locomotives"]
        assert cards(2, "") == "2 cartes"
        assert [colour_name(c) for c in ("red", "green", "gray", "pink")] == [
            "rouge", "vert", "gris", "rose"]


def test_a_route_is_named_as_in_english_and_in_french():
    from ttr_widgets.rules.maps import load_map
    board = load_map("usa")
    route = next(r for r in board.routes if r.color == "gray" and r.length == 2)
    with i18n.use("en"):
        assert route_label(route) == str(route)
    with i18n.use("fr"):
        assert route_label(route) == f"{route.cities_label} (2, gris)"


def test_the_language_is_explicit_state():
    assert i18n.language() == "en"
    with i18n.use("fr"):
        assert i18n.language() == "fr"
        with i18n.use("en"):
            assert i18n._("It is your turn.") == "It is your turn."
        assert i18n._("It is your turn.") == "C'est à vous de jouer."
    assert i18n.language() == "en"
    assert i18n.choose(["de-DE", "fr-CA", "en"]) == "fr"
    assert i18n.choose(["fr_FR.UTF-8"]) == "fr" and i18n.choose(["de"]) == "en"
    env = i18n.from_environment
    assert env({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert env({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}) == "en"  # LC_ALL outranks LANG
    assert env({"LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"}) == "fr"
    assert env({}) == "en"
    try:
        assert i18n.set_language("fr") == "fr" and i18n.language() == "fr"
        with i18n.use("en"):  # a context's own language outranks the process's
            assert i18n.language() == "en"
    finally:
        i18n.set_language(None)
    assert i18n.language() == "en"
