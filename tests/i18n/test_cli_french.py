"""``ttr`` follows ``LANG`` (issue 23): with ``LANG=fr_FR.UTF-8`` what each command prints is
French (numbers too: '101,5', '50,0 %'), with no English word left but proper names (cities,
players, bots, the boxes' names); the JSON stays as it is. Commands run in-process through
``cli.main``, which reads the language from the environment; the English output is the CLI
tests' (tests/cli), unchanged."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.cli import main
from ttr_widgets.commands import table as table_command
from ttr_widgets.rules import i18n
from ttr_widgets.rules.words import decimal, percent
from ttr_widgets.server import config
from ttr_widgets.server.pool import stopping_line
from ttr_widgets.testing.french import english_words

EXAMPLES = Path(__file__).resolve().parents[2] / "ttr_widgets" / "examples"
NNBSP = "\u202f"  # the narrow no-break space before %
#: names the commands print as they are: bots, ticket decks' tags, boxes, variant titles,
#: the arguments' own words (red=3), file names
NAMES = ("Random 1", "Random 2", "Greedy 1", "Greedy 2", "Greedy 3", "Greedy 4", "Europe Expanded",
         "Big Cities of Europe", "Mega Europe", "1910 Classic", "USA 1910", "Mega Game",
         "USA Big Cities", "European Express", "Longest Continuous Path", "Asian Express",
         "1912-big-cities", "Ann", "Boris", "Chloe", "Ada", "Dmitri", "Play.ipynb",
         "01-Board-and-Goal.ipynb")




def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def no_english(text: str, map_name: str = "usa", bots_say: tuple[str, ...] = ()) -> None:
    assert english_words(text, bots_say=(*NAMES, *bots_say), map_name=map_name) == set(), text


def test_numbers_in_french_style() -> None:
    assert (decimal(101.5), percent(0.5), percent(0.48629, 2)) == ("101.5", "50.0%", "48.63%")
    with i18n.use("fr"):
        assert (decimal(101.5), percent(0.5), percent(1.0)) == (
            "101,5", f"50,0{NNBSP}%", f"100,0{NNBSP}%")


def test_simulate(french: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "2", "--seed", "1", "--quiet",
                       "--workers", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "2 parties ; durée moyenne 101,5 tours"
    assert lines[1] == f"  Random 1   victoires     1 (50,0{NNBSP}%)  score moyen  -78,5"
    no_english(out)


def test_map(french: None, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "map", "usa")
    lines = out.splitlines()
    assert lines[:3] == [
        "Les Aventuriers du Rail (USA, 2004) avec les destinations de USA 1910 (usa)",
        "36 villes, 100 routes (309 cases de wagon), 69 destinations",
        "Joueurs : de 2 à 5, 45 wagons chacun, pas de gare"]
    assert "Routes doubles : 22 paires ; les deux voies servent à partir de 4 joueurs" in lines
    no_english(out)
    _, out, _ = run(capsys, "map", "europe")
    assert "Tunnels : 18 (55 cases) ; chacun retourne 3 cartes" in out.splitlines()
    no_english(out, "europe")
    team = Path(__file__).resolve().parents[1] / "fixtures" / "team" / "teamtest.json"
    _, out, _ = run(capsys, "map", str(team))
    assert "sauf 1 paire qui reste ouverte : Cedar–Dune" in out
    assert "cartes retournées : 4 cartes sur Ash–Elm ; 5 cartes sur Elm–Fern ; 6 cartes" in out
    towns = ("Ash", "Birch", "Cedar", "Dune", "Elm", "Fern", "Holt")
    # the first line is the map file's own title ("Team test: nine made-up towns ..."), as written
    no_english("\n".join(out.splitlines()[1:]), bots_say=towns)
    _, raw, _ = run(capsys, "map", "mini", "--json")
    assert json.loads(raw)["name"] == "mini"  # the data as it is


def test_score(french: None, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", str(EXAMPLES / "europe-final.json"))
    assert "Gares construites : 1, inutilisées : 2 x 4" in out
    assert "  gare à Kyiv : emprunte Kyiv - Smolensk [eu-066] à Ada" in out
    assert "Classement : Boris 107, Chloe 107, Dmitri 99, Ada 94" in out
    no_english(out, "europe")
    _, out, _ = run(capsys, "score", str(EXAMPLES / "usa-team-final.json"))
    assert "Ann & Ben : 120 points" in out.splitlines()
    no_english(out)
    _, out, _ = run(capsys, "score", str(EXAMPLES / "usa-game.json"))
    no_english(out)


def test_odds(french: None, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "tunnel", "--color", "red", "--length", "3", "--hand",
                    "red=3,locomotive=1", "--seen", "blue=2")
    lines = out.splitlines()
    assert lines[1] == ("Cartes non vues : 104, dont 22 coûtent une de plus (rouge ou "
                        "locomotive) ; 3 retournées.")
    assert f"    0     48,63{NNBSP}%  11070/22763" in lines
    assert lines[-1].startswith(f"Peut payer : 88,75{NNBSP}% (80811/91052) ; après avoir "
                                "proposé red=3, il reste 1 carte")
    no_english(out)
    _, raw, _ = run(capsys, "odds", "tunnel", "--color", "red", "--length", "3", "--hand",
                    "red=3", "--json")
    assert json.loads(raw)["distribution"][0]["extra"] == 0


@pytest.mark.parametrize("argv", [
    ["odds", "tunnel", "--color", "gray", "--length", "3", "--hand", "red=3"],
    ["odds", "tunnel", "--color", "red", "--length", "3", "--hand", "red=x"],
    ["simulate", "--bots", "random,greedy,random"],
    ["simulate", "--teams", "--players", "4", "--warehouses"],
    ["plan", "--map", "usa", "--tickets", "Denver-El Paso,Denver-El Paso"],
    ["serve", "--port", "99999"],
    ["table", "new", "http://localhost:1", "--map", "usa", "--seats", "9"],
])
def test_one_line_errors(french: None, capsys: pytest.CaptureFixture[str],
                         argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("ttr : erreur : ")
    no_english(err, bots_say=(" ".join(argv[:2]),))  # the command: ttr table new


def test_plan_error_names_the_argument(french: None, capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "plan", "--map", "usa", "--tickets", "Denver-El Paso",
                    "--owned", "Denver-Helena", "--blocked", "Denver-Helena")
    assert err == ("ttr : erreur : ttr plan : argument --blocked : Denver – Helena [usa-031] "
                   "est aussi dans --owned\n")


def test_notebooks(french: None, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, "notebooks", str(tmp_path / "nb"))
    assert "    écrit  Play.ipynb" in out.splitlines()
    assert out.splitlines()[-1].startswith("Ouvrez-les avec : jupyter lab ")
    no_english(re.sub(r"\S+\.ipynb", " ", out.replace(str(tmp_path), "")))  # file names
    play = tmp_path / "nb" / "Play.ipynb"
    data = json.loads(play.read_text(encoding="utf-8"))
    data["cells"][0]["source"] = "changed"
    play.write_text(json.dumps(data), encoding="utf-8")
    _, out, _ = run(capsys, "notebooks", str(tmp_path / "nb"))
    assert "    gardé  Play.ipynb" in out.splitlines()
    assert "1 notebook que vous avez modifié est gardé (Play.ipynb)" in out
    no_english(re.sub(r"\S+\.ipynb", " ", out.replace(str(tmp_path), "")))  # file names


def test_table_lines(french: None, capsys: pytest.CaptureFixture[str],
                     monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[dict[str, Any]] = [
        {"name": "cedar-3", "map": "usa", "taken": 1, "seats": [{}, {}, {}],
         "status": "waiting for 2 players"},
        {"name": "maple-7", "map": "europe", "taken": 2, "seats": [{}, {}], "status": "over"}]
    monkeypatch.setattr(table_command, "api_get", lambda *a: {"tables": tables})
    monkeypatch.setattr(table_command, "api_post", lambda *a: {
        "name": "oak-1", "map": "usa", "status": "waiting for 2 players",
        "link": "http://localhost:8866/ttr/tables/oak-1"})
    _, out, _ = run(capsys, "table", "list", "http://localhost:8866")
    assert out.splitlines() == ["cedar-3  usa  1/3 places  attend 2 joueurs",
                                "maple-7  europe  2/2 places  terminée"]
    _, out, _ = run(capsys, "table", "new", "http://localhost:8866", "--map", "usa",
                    "--seats", "2")
    assert out.splitlines()[0] == ("Table oak-1 : la carte usa, 2 places, attend 2 "
                                   "joueurs.")
    tables.clear()
    _, out, _ = run(capsys, "table", "list", "http://localhost:8866")
    no_english(out)


def test_serve_banner() -> None:
    plan = config.plan(port=8899, pool=2)
    english = config.banner(plan, "/tmp/tables.sqlite")
    assert english[-1] == "Press Ctrl-C to stop."
    with i18n.use("fr"):
        lines = config.banner(plan, "/tmp/tables.sqlite")
        assert lines[-1] == "Ctrl-C pour arrêter."
        assert lines[1].startswith("L'application : http://localhost:8899/")
        assert i18n._("Teacher's room: {address}").format(address="X") == (
            "Salle du professeur : X")
        no_english(" ".join(lines).replace("Voila", ""))
        no_english(stopping_line(2))
    # the English line issue 22 fixes as a contract
    assert i18n._("Teacher's room: {address}").format(address="X") == "Teacher's room: X"
