"""Issue 23's leftovers in French: the expert bot's own words, the Plan tab, the longest
trail's bonus as the French boxes name it, ``ttr serve``'s errors and the maps' names in the
dropdowns (named positions of ``ttr_widgets.testing.positions``; the English is unchanged)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from ttr_widgets.bots.expert import ahead_words, expert_bot
from ttr_widgets.cli import main
from ttr_widgets.rules import i18n
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.position import load_position, score_position
from ttr_widgets.rules.score_sheet import format_score_sheet
from ttr_widgets.rules.words import bonus_name
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.positions import one_card_short_near_the_end
from ttr_widgets.widgets.pages.app import TABS, PlayApp
from ttr_widgets.widgets.table.plan import PlanPanel
from ttr_widgets.widgets.table.players import GameSetup

EXAMPLES = Path(__file__).resolve().parents[2] / "ttr_widgets" / "examples"


def test_the_expert_bots_search_in_french() -> None:
    state = one_card_short_near_the_end()  # Bob has 5 trains: the expert searches
    english = expert_bot(state, random.Random(0)).reason
    assert english.endswith("; ahead by 25 points on average over 12 playouts, the best of 3 "
                            "moves tried")
    with i18n.use("fr"):
        french = expert_bot(state, random.Random(0)).reason
        assert french.endswith(" ; 25 points d'avance en moyenne sur 12 parties jouées jusqu'au "
                               "bout, le meilleur des 3 coups essayés")
        assert ahead_words(-1.2, 1) == ("1 point de retard en moyenne sur 1 partie jouée "
                                        "jusqu'au bout")
        assert ahead_words(0.3, 5) == ("à égalité avec le meilleur autre joueur en moyenne sur 5 "
                                       "parties jouées jusqu'au bout")


def test_the_longest_trails_bonus_as_the_french_boxes_name_it() -> None:
    usa, europe, mini = load_map("usa"), load_map("europe"), load_map("mini")
    assert usa.rules.longest_bonus_name == "Longest Continuous Path"  # the map file's own
    assert mini.rules.longest_bonus_name == "Longest Trail"
    assert [bonus_name(b.rules) for b in (usa, europe, mini)] == [
        "Longest Continuous Path bonus", "European Express bonus", "Longest Trail bonus"]
    with i18n.use("fr"):
        # the kit's own Mini map names its bonus for the kit's concept, the plus long chemin:
        # the words the French USA box has for its own
        assert [bonus_name(b.rules) for b in (usa, europe, mini)] == [
            "bonus du Plus long chemin", "bonus European Express", "bonus du Plus long chemin"]
        lines = {m: format_score_sheet(p.board, score_position(p)).splitlines()
                 for m in ("usa", "europe")
                 for p in [load_position(EXAMPLES / f"{m}-final.json")]}
    assert "Plus long chemin : 31 cases, a le bonus du Plus long chemin  +10" in lines["usa"]
    assert "Plus long chemin : 22 cases, a le bonus European Express  +10" in lines["europe"]




def test_serve_base_url_in_french(french: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--base-url", "bad url"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "ttr : erreur : --base-url 'bad url' : donnez un chemin fait de lettres, de chiffres, "
        "de - _ . ~ et de /, comme /services/ttr-tables/\n")


@pytest.mark.parametrize("argv", [
    ["--root", "/no/such/directory"],
    ["--host", "a b"],
    ["--notebook", "../Play"],
    ["--tables", "."],
])
def test_serve_argument_errors_in_french(french: None, capsys: pytest.CaptureFixture[str],
                                         argv: list[str]) -> None:
    assert main(["serve", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"ttr : erreur : {argv[0]} ")
    said = err.replace("Play.ipynb", "").replace("localhost", "")
    assert english_words(said) == set(), err


def test_the_start_panels_name_their_maps() -> None:
    with i18n.use("fr"):
        app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
        assert app.start.map.options == (("USA", "usa"), ("Europe", "europe"))
        assert app.team_start.map.options == (("USA", "usa"),)
        assert app.start.map.description == "Carte"
    app.start.show(GameSetup("europe", ("Ann", "Bob"), ("human", "greedy"), None))
    assert app.start.map.value == "europe"  # a game on a map offered: the panel shows it
    assert app.start.map.label == "Europe"


def _shown(panel: PlanPanel, tag: str = " ") -> str:
    """The Plan tab's words, each tag (and its attributes) replaced by ``tag``."""
    parts = (panel.summary.value, panel.routes.value, panel.bottlenecks.value,
             panel.what_if.value)
    return re.sub(r"<[^>]*>", tag, " ".join(parts))


def test_the_plan_tab_in_french_and_told_again_on_a_change() -> None:
    app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
    app.ticket_choice.keep.click()
    app.tabs.selected_index = TABS.index("Plan")
    panel = app.plan_panel
    assert "Your plan for 3 tickets: 17 trains still to place (45 left)." in _shown(panel, "")
    try:
        i18n.set_language("fr")  # the picker: every listener told
        words = _shown(panel)
        assert "Votre plan pour 3 destinations : 17 wagons encore à poser (il en reste 45)." \
            in _shown(panel, "")
        assert "Goulets" in words and "Et si ?" in words
        assert english_words(words) == set(), words
        panel.route = panel.plan.to_claim[0] if panel.plan else None
        assert panel.what_if.value.count("wagons de plus") == 1, panel.what_if.value
        assert english_words(_shown(panel)) == set()
    finally:
        i18n.set_language(None)
    assert "Highlighted on the board." in _shown(panel)
