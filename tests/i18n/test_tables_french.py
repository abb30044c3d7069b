"""A shared table's events and refusals are worded where they are read, in the reader's
language: the same stored events read in French under ``use("fr")`` and in English otherwise;
an event kept before its words were (an old table's) reads as its text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import DrawBlind
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import use
from ttr_widgets.rules.record import retold
from ttr_widgets.tables.authority import Event, Table, TableError, TableSpec
from ttr_widgets.tables.protocol import Act, Hello, read_client
from ttr_widgets.tables.service import TableService
from ttr_widgets.tables.stores import open_store
from ttr_widgets.tables.telling import event_words, said
from ttr_widgets.testing.table_service import Clock, Inbox


def _played(tmp_path: Path) -> list[dict[str, object]]:
    """A table's every kind of event, kept in SQLite and read back as a reader receives them."""
    svc = TableService(open_store(tmp_path / "tables.sqlite"), clock=Clock())
    table = svc.create(map_name="mini", seats=2, name="maple-7")
    table.join("Ann", "k1", 1.0)
    table.join("Ben", "k2", 2.0)
    table.act(table.state.current, DrawBlind(), table.seq, 3.0)
    table.away(1, 4.0)
    table.returned(1, 5.0)
    table.hand_to_bot(0, 6.0)
    table.pause(7.0)
    table.resume(8.0)
    table.end(9.0)
    again = TableService(open_store(tmp_path / "tables.sqlite"))
    return [e.public() for e in again.tables["maple-7"].events]


def test_the_same_stored_events_read_in_french_and_in_english(tmp_path: Path) -> None:
    events = _played(tmp_path)
    english = [event_words(e) for e in events if e["kind"] != "move"]
    with use("fr"):
        french = [event_words(e) for e in events if e["kind"] != "move"]
    assert english == [
        "The table maple-7 is set: the Mini map, 2 seats.",
        "Ann takes seat 1.", "Ben takes seat 2.",
        "Ben is away: the table's bot plays Ben's seat until Ben is back.",
        "Ben is back and plays on.",
        "Ann hands their seat to the strong bot for the rest of the game.",
        "The teacher has paused this table.", "The teacher lets the table play on.",
        "The teacher has ended this game; nothing more can be played."]
    assert french == [
        "La table maple-7 est prête : la carte Mini, 2 places.",
        "Ann prend la place 1.", "Ben prend la place 2.",
        "Ben est absent : le bot de la table joue la place de Ben jusqu'à ce que Ben revienne.",
        "Ben est de retour et reprend la partie.",
        "Ann confie sa place au bot fort pour le reste de la partie.",
        "L'enseignant a mis cette table en pause.",
        "L'enseignant laisse la table reprendre la partie.",
        "L'enseignant a arrêté cette partie ; plus rien ne peut être joué."]
    assert [e["text"] for e in events if e["kind"] != "move"] == english  # the record's


def test_a_player_called_you_reads_as_you() -> None:
    table = Table(TableSpec("oak-1", "mini", 2, 1))
    table.join("You", "k", 0.0)
    joined = table.events[-1].public()
    assert event_words(joined) == "You take seat 1."
    with use("fr"):
        assert event_words(joined) == "Vous prenez la place 1."


def test_a_move_is_told_in_the_language_its_client_said_hello_in(tmp_path: Path) -> None:
    svc = TableService(open_store(tmp_path / "t.sqlite"), clock=Clock())
    svc.create(map_name="mini", seats=2, name="elm-2")
    english, french = Inbox(), Inbox()
    people = [svc.connect("elm-2", Hello(name="Ann"), english),
              svc.connect("elm-2", Hello(name="Ben", lang="fr"), french)]
    table = svc.tables["elm-2"]
    before = table.state
    action = choose("greedy", before, random.Random(0)).action
    svc.receive(people[before.current], Act(table.seq, action))
    moves = [[m["text"] for m in box.messages if m.get("kind") == "move"]
             for box in (english, french)]
    with use("fr"):
        in_french = apply(before, action).last_event
    assert moves == [[apply(before, action).last_event], [in_french]]
    assert moves[0] != moves[1]
    # the view each page draws after the move tells it the same, in its own language
    views = [[m for m in box.messages if m.get("type") == "view"][-1]["state"]["last_event"]
             for box in (english, french)]
    assert views == [moves[0][0], in_french]


def test_a_client_whose_language_changed_is_told_every_move_again_in_it(
        tmp_path: Path) -> None:
    svc = TableService(open_store(tmp_path / "t.sqlite"), clock=Clock())
    svc.create(map_name="mini", seats=2, name="elm-5")
    box = Inbox()
    people = [svc.connect("elm-5", Hello(name="Ann"), box),
              svc.connect("elm-5", Hello(name="Ben"), Inbox())]
    table = svc.tables["elm-5"]
    rng = random.Random(0)
    for _ in range(4):  # both keep their tickets, then a turn
        action = choose("greedy", table.state, rng).action
        svc.receive(people[table.state.current], Act(table.seq, action))
    english = [m["text"] for m in box.of("event") if m["kind"] == "move"]
    with use("fr"):  # the game played again in French
        in_french = [s.last_event for s in retold(table.game).states[1:]]
    assert len(english) == 4 and not set(english) & set(in_french)
    told = len(box.messages)
    svc.receive(people[0], read_client({"type": "lang", "lang": "fr-FR"}))
    again = box.messages[told:]
    # every event again, in its order (each move in French), then the view
    assert [m["seq"] for m in again[:-1]] == [e.seq for e in table.events]
    assert [m["text"] for m in again if m.get("kind") == "move"] == in_french
    assert again[-1]["type"] == "view" and again[-1]["state"]["last_event"] == in_french[-1]
    action = choose("greedy", table.state, rng).action  # and the moves after it in French too
    svc.receive(people[table.state.current], Act(table.seq, action))
    with use("fr"):
        assert box.of("event")[-1]["text"] == retold(table.game).state.last_event


def test_an_old_event_stored_with_its_text_only_still_reads() -> None:
    old = Event(2, 1.0, "away", 1, "Ben is away: the table's bot plays Ben's seat.", {})
    with use("fr"):
        assert event_words(old.public()) == "Ben is away: the table's bot plays Ben's seat."


def test_refusals_and_errors_are_told_in_the_readers_language(tmp_path: Path) -> None:
    svc = TableService(open_store(tmp_path / "t.sqlite"), clock=Clock())
    svc.create(map_name="mini", seats=2, name="ash-3")
    watcher = Inbox()
    connection = svc.connect("ash-3", Hello(watch=True), watcher)
    svc.receive(connection, Act(svc.tables["ash-3"].seq, DrawBlind()))
    refused = watcher.messages[-1]
    assert refused["text"] == "You are watching this table: only players move."
    with use("fr"):
        assert said(refused) == "Vous regardez cette table : seuls les joueurs jouent."
    with pytest.raises(TableError) as caught:
        svc.table("nowhere-1")
    with use("fr"):
        assert said(caught.value.told()) == "table : il n'y a pas de table 'nowhere-1' ici"
    assert said(caught.value.told()) == "table: there is no table 'nowhere-1' here"



def test_a_rule_s_refusal_is_told_in_the_language_its_client_said_hello_in(
        tmp_path: Path) -> None:
    svc = TableService(open_store(tmp_path / "t.sqlite"), clock=Clock())
    told = {}
    for lang, name in (("fr", "elm-3"), ("en", "elm-4")):
        svc.create(map_name="mini", seats=2, name=name)
        box = Inbox()
        person = svc.connect(name, Hello(name="Ann", lang=lang), box)
        svc.connect(name, Hello(name="Ben"), Inbox())
        table = svc.tables[name]
        assert table.state.current == person.seat  # Ann keeps her tickets first
        svc.receive(person, Act(table.seq, DrawBlind()))  # refused: the tickets come first
        (refused,) = [m for m in box.messages if m.get("type") == "refused"]
        with use(lang), pytest.raises(RulesError) as core:
            apply(table.state, DrawBlind())
        assert refused["text"] == core.value.reason and refused["rule"] == core.value.rule
        assert said(refused) == core.value.reason
        told[lang] = refused["text"]
    assert told["fr"] != told["en"]
