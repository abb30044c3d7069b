"""The teacher's room in French: its page and a class's sheet (every visible sentence, the
script's own words too), a table's card (status, whose turn and since when, the seats' flags),
the class's figures and the coach's mistakes, the progress cells, and a bad class's one line,
each read under ``use("fr")`` holds no English word; the same in English keeps its English
(tests/tables/test_room.py asserts it word for word). The room over HTTP in French, by
``?lang=fr`` and by the browser's language: tests/tables/test_room.py."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ttr_widgets.rules.i18n import use
from ttr_widgets.server.site import lesson_titles
from ttr_widgets.tables import room as room_module
from ttr_widgets.tables.authority import TableError
from ttr_widgets.tables.progress import grid, read_report
from ttr_widgets.tables.room import GAMBLE, how_long, mistake_kind, mistake_words
from ttr_widgets.tables.room_page import forbidden, room_html, sheet_html
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.table_service import Clock, make_room

ACTIONS = [ClaimRoute("r", ()), DrawBlind(), DrawFaceUp(1), DrawTickets(), KeepTickets(()),
           BuildStation("c", ()), PayTunnel(()), DeclineTunnel()]
#: words the room shows as they are in both languages: table names, the class's word
NAMES = ("elm", "maple", "JSON", "CSV", "ttr serve")


def visible(page: str) -> str:
    """A page's text as a reader sees it, and the words its script shows (``CONFIG.words``,
    the bots' choices)."""
    config = json.loads(html.unescape(re.search(
        r"id='ttr-room-config'>(.*?)</script>", page, re.S)[1]).replace("<\\/", "</")) \
        if "ttr-room-config" in page else {}
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    said = [*config.get("words", {}).values(), *(label for _k, label in config.get("bots", []))]
    return re.sub(r"\{\w+\}", " ", " ".join([text, *said]))  # a template's {names} too


def no_english(text: str) -> set[str]:
    """The English words in ``text``, leaving out names and links: a personal link's random
    seat key can hold a run of letters such as "go"."""
    text = re.sub(r"https?://\S+", " ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    return english_words(text, map_name="mini")


def test_the_room_s_page_and_a_class_s_sheet_are_french(tmp_path: Path) -> None:
    room = make_room(str(tmp_path / "t.sqlite"), "teacher-key-123")
    with use("fr"):
        page = room_html()
        sheet = sheet_html(room.make_class(["Ann", "Ben"], map_name="mini", seats=2,
                                           word="elm"))
        words = [forbidden()]
    assert "<html lang='fr'>" in page and "<h1>Salle du professeur</h1>" in page
    for text in (visible(page), visible(sheet), *words):
        assert no_english(text) == set(), text[:200]
    with use("en"):
        english = room_html()
    assert "<html lang='en'>" in english and "<h1>Teacher's room</h1>" in english
    assert no_english(visible(english)) != set()  # the check sees English when there is some


def test_a_table_s_card_is_french(tmp_path: Path) -> None:
    clock = Clock()
    room = make_room(str(tmp_path / "t.sqlite"), "teacher-key-123", clock)
    room.make_class(["Ann", "Ben"], map_name="mini", seats=3, bot="greedy", word="elm")
    table = room.service.tables["elm-1"]
    clock.now += 125
    with use("fr"):
        card = room.card("elm-1")
        assert card["turn"] == "Au tour de Ann, depuis 2 minutes"
        assert card["status"] == "en cours"
        assert [p["flag"] for p in card["players"]][:2] == ["pas encore là", "pas encore là"]
        table.seats[1].away_since = clock.now - 3725
        assert room.card("elm-1")["players"][1]["flag"] == \
            "aucune page ouverte depuis 1 heure 2 minutes"
        table.away(1, clock.now)
        assert room.card("elm-1")["players"][1]["flag"] == "absent : le bot de la table joue"
        room.service.pause("elm-1")
        paused = room.card("elm-1")
    assert paused["status"] == "en pause"
    assert paused["turn"] == "Au tour de Ann, quand la partie reprendra."
    with use("fr"):
        waiting = room.service.create(map_name="mini", seats=2, name="maple-1")
        assert room.card(waiting.name)["status"] == "attend 2 joueurs"
    assert room.card("elm-1")["status"] == "paused"  # English outside


def test_the_class_s_figures_and_every_mistake_are_french() -> None:
    kinds = {mistake_kind(played, better) for played in ACTIONS for better in ACTIONS}
    assert "Drawing cards when claiming a route was better" in kinds  # the keys stay English
    with use("fr"):
        told = [mistake_words(kind) for kind in sorted(kinds | {GAMBLE})]
        assert mistake_words("Drawing cards when claiming a route was better") == \
            "Piocher des cartes alors que prendre une route était meilleur"
        lines = room_module._statistics_lines({
            "games": 2, "players": 3, "tickets_completed": 4, "tickets_kept": 6,
            "average_score": 41.5, "reviewed": 1,
            "mistakes": [{"text": GAMBLE, "times": 2, "who": ["Ann", "Ben"]}]})
        none_yet = room_module._statistics_lines({"games": 0})
        times = [how_long(s) for s in (1, 59, 61, 3600, 3720)]
    assert lines == ["2 parties terminées, 3 joueurs (bots exclus).",
                     "Destinations réalisées : 4 sur 6 (67 %).",
                     "Score moyen : 42 points.",
                     "L'entraîneur a analysé 1 sur 2 parties jusqu'ici.",
                     "Garder une destination contre les probabilités, et la manquer : 2 fois "
                     "(Ann, Ben)."]
    assert none_yet == ["Aucune partie n'est encore terminée."]
    assert times == ["1 seconde", "59 secondes", "1 minute", "1 heure", "1 heure 2 minutes"]
    for text in told:
        assert no_english(text) == set(), text
    assert mistake_words("Drawing cards when claiming a route was better") == \
        "Drawing cards when claiming a route was better"


def test_the_lessons_are_named_as_their_pages_title_them(tmp_path: Path) -> None:
    room = make_room(str(tmp_path / "t.sqlite"), "teacher-key-123")
    room.titles = lesson_titles(Path(__file__).resolve().parents[2] / "notebooks")
    for student in ("Ann", "Ben"):
        room.service.store.keep_progress(read_report(
            {"student": student, "lesson": "02-Drawing-Cards", "kind": "opened"}, 1.0))
    room.service.store.keep_progress(read_report(
        {"student": "Ann", "lesson": "07-Gone-Lesson", "kind": "opened"}, 1.0))
    english = [lesson["title"] for lesson in room.progress()["lessons"]]
    with use("fr"):
        french = [lesson["title"] for lesson in room.progress()["lessons"]]
    assert english == ["Lesson 2 · Drawing train cards", "7. Gone Lesson"]
    assert french == ["Leçon 2 · Piocher des cartes Wagon", "7. Gone Lesson"]


def test_the_progress_cells_are_french() -> None:
    reports = [read_report({"student": "Ann", "lesson": "02-Drawing-Cards", "kind": kind,
                            **extra}, 1.0)
               for kind, extra in (("opened", {}), ("answered", {"quiz": "q1", "right": True}),
                                   ("answered", {"quiz": "q2", "right": False}))]
    reports.append(read_report({"student": "Ben", "lesson": "02-Drawing-Cards",
                                "kind": "opened"}, 1.0))
    with use("fr"):
        cells = [row["cells"][0]["text"] for row in grid(reports)["students"]]
    assert cells == ["ouverte : 1 quiz juste, 1 faux", "ouverte, aucun quiz répondu"]


@pytest.mark.parametrize(("settings", "line"), [
    ({"names": [" "]}, "noms : donnez les noms des élèves, un par ligne"),
    ({"map_name": "atlantis"}, "carte : l'une de"),
    ({"word": "Oak Tree"}, "nom : 'Oak Tree' ne peut pas nommer des tables"),
])
def test_a_bad_class_is_one_french_line(tmp_path: Path, settings: dict[str, object],
                                        line: str) -> None:
    room = make_room(str(tmp_path / "t.sqlite"), "teacher-key-123")
    args: dict[str, object] = {"names": ["Ann"], "map_name": "mini", "seats": 2, **settings}
    with use("fr"), pytest.raises(TableError) as refused:
        room.make_class(**args)  # type: ignore[arg-type]
    assert str(refused.value).startswith(line) and "\n" not in str(refused.value)
    assert room.service.tables == {}

