"""The kit in French: a named illegal move refused in French by the core, the same refusal on a
lesson's page opened with ``?lang=fr`` (the page's address sets the kernel's language), and
``ttr`` following ``LANG`` for its help and its errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ttr_widgets.rules import i18n
from ttr_widgets.rules.advice import claim_refusal, typed_payment
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.scenario import scenario

USA = load_map("usa")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language(None)


def _route(a: str, b: str):
    return next(r for r in USA.routes if {r.a, r.b} == {a, b})


def test_two_colours_on_a_gray_route_are_refused_in_french_with_the_rules_sentence():
    state = scenario(USA, ("Ann", "Ben"), hands=[{"red": 1, "green": 1}])
    gray = _route("Atlanta", "Charleston")
    with i18n.use("fr"), pytest.raises(RulesError) as mixed:
        typed_payment(state, {"red": 1, "green": 1}, route=gray.id)
    assert mixed.value.rule == "claim.one-colour"
    assert mixed.value.reason == (
        "Atlanta–Charleston (2, gris) est une route grise : une seule couleur, n'importe "
        "laquelle, pas deux ; vous avez proposé 1 carte rouge et 1 carte verte.")
    with i18n.use("fr"):
        assert mixed.value.rule_text.startswith("Les cartes d'une route sont toutes d'une même")
    with i18n.use("en"):  # the rule's text follows the reader; the sentence was told in French
        assert mixed.value.rule_text.startswith("The cards for a route are all of one colour")


def test_a_coloured_route_paid_in_another_colour_and_a_route_too_long_are_refused_in_french():
    state = scenario(USA, ("Ann", "Ben"), hands=[{"blue": 6, "locomotive": 1}])
    red = next(r for r in USA.routes if r.color == "red" and r.length == 4)
    with i18n.use("fr"):
        refusal = claim_refusal(state, red.id)
    assert refusal is not None and refusal.rule in ("claim.cards-in-hand", "claim.one-colour")
    assert refusal.reason.startswith(f"{red.cities_label} (4, rouge) ")
    long_one = next(r for r in USA.routes if r.length == 6 and r.color == "gray")
    short = scenario(USA, ("Ann", "Ben"), hands=[{"blue": 2, "locomotive": 1}])
    with i18n.use("fr"):
        refusal = claim_refusal(short, long_one.id)
    assert refusal is not None and refusal.rule == "claim.whole-route"
    assert refusal.reason == (
        f"{long_one.cities_label} (6, gris) se prend en entier, en un seul tour, avec 6 cartes ; "
        "vous avez 3 cartes qui conviennent (bleues et locomotives). Continuez à piocher et "
        "prenez-la plus tard d'un coup.")


def test_a_lesson_page_opened_with_lang_fr_refuses_in_french():
    from ttr_widgets.course import lessons
    from ttr_widgets.course.lesson_page import TryIt
    from ttr_widgets.widgets.table.address import PageAddress

    address = PageAddress("Lesson")
    address.languages = "en-US,en"
    address.search = "?lang=fr"  # what the browser tells the kernel of the page's address
    assert address.language == "fr" and i18n.language() == "fr"
    try_it = TryIt.of(lessons.claiming())
    try_it.select("gray")
    table = try_it.table
    try_it.click_route(_route("Atlanta", "Charleston").id)
    table.try_cards = {"red": 1, "green": 1}
    table.try_button.click()
    assert table.status.rule == "claim.one-colour"
    assert table.status.text.startswith("Atlanta–Charleston (2, gris) est une route grise")


def test_the_browsers_language_decides_when_the_address_names_none():
    from ttr_widgets.widgets.table.address import PageAddress

    address = PageAddress()
    address.languages = "fr-FR,fr,en"
    assert i18n.language() == "en"  # the browser has not told the address yet
    address.search = "?table=maple-7"
    assert address.language == "fr" and i18n.language() == "fr"
    address.search = "?table=maple-7&lang=en"
    assert i18n.language() == "en"


def _ttr(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["LANG"] = lang
    return subprocess.run([sys.executable, "-m", "ttr_widgets.cli", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_ttr_follows_lang_for_its_help_and_its_errors():
    help_fr = _ttr("--help", lang="fr_FR.UTF-8")
    assert help_fr.returncode == 0
    assert help_fr.stdout.startswith("utilisation : ttr ")
    assert "Les Aventuriers du Rail : règles, scores et probabilités." in help_fr.stdout
    assert "afficher ce message d'aide et quitter" in help_fr.stdout
    assert "compter une partie finie à partir d'un fichier de position" in " ".join(
        help_fr.stdout.split())
    error_fr = _ttr("score", lang="fr_FR.UTF-8")
    assert error_fr.returncode == 2
    assert error_fr.stderr == ("ttr : erreur : ttr score : les arguments suivants sont requis : "
                               "POSITION.json\n")
    error_en = _ttr("score", lang="C.UTF-8")
    assert error_en.stderr == "ttr: error: ttr score: the following arguments are required: " \
        "POSITION.json\n"
    assert "show this help message and exit" in _ttr("--help", lang="en_GB.UTF-8").stdout


def test_a_face_up_locomotive_as_the_second_card_is_refused_in_french():
    from ttr_widgets.rules.actions import DrawBlind, DrawFaceUp
    from ttr_widgets.rules.engine import apply, why_illegal

    state = scenario(USA, ("Ann", "Ben"), face_up=["locomotive", "red", "blue", "green", "pink"])
    state = apply(state, DrawBlind())
    with i18n.use("fr"):
        refusal = why_illegal(state, DrawFaceUp("locomotive"))
    assert refusal is not None and refusal.rule == "draw.second-locomotive"
    assert refusal.reason == ("Une locomotive visible ne peut pas être votre seconde carte ; "
                              "prenez une autre carte ou piochez à l'aveugle.")
    assert str(refusal).endswith("(rule draw.second-locomotive)")
