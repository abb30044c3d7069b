"""The teacher's room: in one process (its cards, a class's tables, pause, resume and end, the
class's records and statistics), then over HTTP against a real ``ttr serve``: the key it prints,
403 for everything without it, the cards, the controls told to the seats, a class made, and its
downloads; a watcher's traffic carries no hand."""

from __future__ import annotations

import asyncio
import csv
import html
import io
import json
import random
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import DrawBlind
from ttr_widgets.rules.record import from_record
from ttr_widgets.rules.view import HIDDEN
from ttr_widgets.tables.authority import ENDED, PAUSED, TableError
from ttr_widgets.tables.client import TableClient, parse_link
from ttr_widgets.tables.protocol import Act, Hello
from ttr_widgets.tables.room import CSV_COLUMNS, Room, how_long, mistake_kind
from ttr_widgets.tables.room_web import class_args
from ttr_widgets.tables.service import TableService
from ttr_widgets.tables.stores import open_store
from ttr_widgets.testing import table_service
from ttr_widgets.testing.browser import VoilaServer, running_server
from ttr_widgets.testing.table_service import Clock, run_apart

ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
KEY = "teacher-key-for-tests"


def make_room(tables_at: str, clock: Clock | None = None) -> Room:
    return table_service.make_room(tables_at, KEY, clock)


def finish(room: Room, name: str) -> None:
    """Play a table to its end, each seat by the greedy bot, through the table's own checks."""
    table = room.service.tables[name]
    rng = random.Random(0)
    while not table.over:
        action = choose("greedy", table.state, rng).action
        assert table.act(table.state.current, action, table.seq, room.service.clock()) is None


# -- in one process ---------------------------------------------------------------------------

def test_a_class_is_seated_at_tables_as_even_as_they_go(tables_at: str) -> None:
    room = make_room(tables_at)
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo"]
    sheet = room.make_class(names, map_name="usa", seats=4, bot="greedy", word="oak")
    by_table = {t: [s.student for s in sheet.seats if s.table == t] for t in ("oak-1", "oak-2",
                                                                             "oak-3")}
    assert by_table == {"oak-1": names[:4], "oak-2": names[4:7], "oak-3": names[7:]}
    for seat in sheet.seats:  # each link gives its student's seat back, and only theirs
        key = parse_link(seat.link).seat
        table = room.service.tables[seat.table]
        assert table.seat_of(key) == seat.seat
        assert table.names()[seat.seat] == seat.student
    assert [s.bot for s in room.service.tables["oak-2"].seats] == [None, None, None, "greedy"]
    assert room.service.tables["oak-2"].status() == "playing"
    assert len({s.link for s in sheet.seats}) == 10
    assert room.sheets[sheet.id] is sheet


@pytest.mark.parametrize(("settings", "line"), [
    ({"names": [" ", ""]}, "names: give the students' names, one a line"),
    ({"map_name": "atlantis"}, "map: expected one of"),
    ({"seats": 9}, "seats: "),
    ({"bot": "genius"}, "bots: 'genius' is not a bot that can sit at a table"),
    ({"word": "Oak Tree"}, "name: 'Oak Tree' cannot name tables"),
])
def test_a_bad_class_is_one_line_naming_the_field_and_makes_no_table(
        tables_at: str, settings: dict[str, Any], line: str) -> None:
    room = make_room(tables_at)
    args: dict[str, Any] = {"names": ["Ann", "Ben"], "map_name": "mini", "seats": 2, **settings}
    with pytest.raises(TableError, match=re.escape(line)):
        room.make_class(args.pop("names"), **args)
    assert room.service.tables == {}


def test_class_settings_from_a_request_take_a_name_a_line() -> None:
    args = class_args({"names": "Ann\nBen, Cleo\n", "map": "usa", "seats": 3})
    assert args["names"] == ["Ann", "Ben", " Cleo"]  # make_class strips each name
    with pytest.raises(ValueError, match=r"^colour: not a class setting"):
        class_args({"colour": "red", "names": [], "seats": 2})
    with pytest.raises(ValueError, match=r"^seats: expected a whole number"):
        class_args({"names": ["Ann"], "seats": "4"})


def test_a_card_shows_what_a_watcher_may_know_and_flags_the_seats_that_need_an_eye(
        tables_at: str) -> None:
    clock = Clock()
    room = make_room(tables_at, clock)
    room.make_class(["Ann", "Ben"], map_name="mini", seats=3, bot="greedy", word="elm")
    service, table = room.service, room.service.tables["elm-1"]
    ann = service.connect("elm-1", Hello(key=None, name=None, watch=True), lambda m: None)
    service.disconnect(ann)
    card = room.card("elm-1")
    assert [p["flag"] for p in card["players"]] == ["not here yet", "not here yet", ""]
    assert [p["bot"] for p in card["players"]] == [None, None, "greedy"]
    assert card["turn"] == "Ann's turn, for 0 seconds" and card["status"] == "playing"
    clock.now += 125
    finish_first_move = choose("greedy", table.state, random.Random(1)).action
    assert table.act(0, finish_first_move, table.seq, clock.now) is None
    clock.now += 42
    card = room.card("elm-1")
    assert card["last_move"] == table.events[-1].text
    assert card["turn"] == f"{table.names()[table.state.current]}'s turn, for 42 seconds"
    # a person who came and went: how long the page is closed, then the table's bot
    table.seats[1].away_since = clock.now - 20
    assert room.card("elm-1")["players"][1]["flag"] == "no page open for 20 seconds"
    table.away(1, clock.now)
    assert room.card("elm-1")["players"][1]["flag"] == "away: the table's bot plays"
    assert json.dumps(room.cards())  # JSON-ready, no hand in it
    assert "hand" not in json.dumps(room.cards())


def test_pause_resume_and_end_are_told_and_refuse_moves(tables_at: str) -> None:
    room = make_room(tables_at)
    sheet = room.make_class(["Ann", "Ben"], map_name="mini", seats=2, word="ash")
    service = room.service
    inboxes: list[list[dict[str, Any]]] = [[], []]
    people = [service.connect("ash-1", Hello(key=parse_link(s.link).seat), inboxes[i].append)
              for i, s in enumerate(sheet.seats)]
    table = service.tables["ash-1"]
    service.pause("ash-1")
    for inbox in inboxes:
        assert inbox[-2]["type"] == "event" and inbox[-2]["text"] == PAUSED
        assert inbox[-1]["type"] == "view" and inbox[-1]["table"]["paused"] is True
    mover = people[table.state.current]
    service.receive(mover, Act(table.seq, choose("greedy", table.state, random.Random(0)).action))
    assert inboxes[table.state.current][-1] == {"type": "refused", "text": PAUSED, "rule": "",
                                                "stale": False, "say": "paused", "args": {}}
    assert room.card("ash-1")["status"] == "paused"
    assert room.card("ash-1")["turn"].endswith("turn, when the table is played on.")
    with pytest.raises(TableError, match=r"^table: ash-1 is paused already$"):
        service.pause("ash-1")
    service.resume("ash-1")
    seq = table.seq
    service.receive(mover, Act(seq, choose("greedy", table.state, random.Random(0)).action))
    assert table.seq == seq + 1  # played
    service.end("ash-1")
    assert table.over and room.card("ash-1")["status"] == "ended by the teacher"
    assert inboxes[0][-2]["text"] == ENDED and inboxes[0][-1]["table"]["status"] == "over"
    service.receive(people[table.state.current], Act(table.seq, DrawBlind()))
    assert inboxes[table.state.current][-1]["text"] == ENDED
    # the pause and the end are in the log: a restart keeps them
    again = TableService(open_store(tables_at))
    assert again.tables["ash-1"].ended and again.tables["ash-1"].over
    assert service.record("ash-1")["actions"]  # the record is kept


def test_records_csv_and_statistics_of_the_finished_games(tables_at: str) -> None:
    room = make_room(tables_at)
    room.make_class(["Ann", "Ben", "Cleo"], map_name="mini", seats=2, bot="greedy", word="fir")
    assert room.statistics()["lines"] == ["No game has finished yet."]
    finish(room, "fir-1")
    finish(room, "fir-2")
    records = room.records()["tables"]
    assert [r["table"] for r in records] == ["fir-1", "fir-2"]
    for r in records:
        assert from_record(r["record"]).state.is_over
    rows = list(csv.DictReader(io.StringIO(room.records_csv())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(r["table"], r["player"]) for r in rows] == [
        ("fir-1", "Ann"), ("fir-1", "Ben"), ("fir-2", "Cleo"), ("fir-2", "Greedy bot 2")]
    final = room.service.tables["fir-1"].state
    assert int(rows[0]["trains_left"]) == final.players[0].trains
    figures = room.statistics()
    assert (figures["games"], figures["players"], figures["reviewed"]) == (2, 3, 2)
    people = [r for r in rows if r["player"] != "Greedy bot 2"]
    assert figures["tickets_completed"] == sum(int(r["tickets_completed"]) for r in people)
    assert figures["average_score"] == round(sum(int(r["score"]) for r in people) / 3, 1)
    assert figures["lines"][0] == "2 games finished, 3 players (bots left out)."
    for mistake in figures["mistakes"]:
        assert set(mistake["who"]) <= {"Ann", "Ben", "Cleo"} and mistake["times"] >= 1


@pytest.mark.parametrize("key", ["short", "with space in it", "é" * 10, "x" * 65])
def test_a_bad_teacher_key_is_one_line(key: str, capsys: pytest.CaptureFixture[str]) -> None:
    from ttr_widgets.cli import main

    assert main(["serve", "--teacher-key", key]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "--teacher-key" in err and "give 8 to 64 letters, digits, - or _" in err


def test_words_of_the_room() -> None:
    assert [how_long(s) for s in (1, 59, 61, 3600, 3720)] == [
        "1 second", "59 seconds", "1 minute", "1 hour", "1 hour 2 minutes"]
    from ttr_widgets.rules.actions import ClaimRoute, DrawFaceUp, DrawTickets
    assert mistake_kind(DrawBlind(), ClaimRoute("r", ())) == \
        "Drawing cards when claiming a route was better"
    assert mistake_kind(DrawBlind(), DrawFaceUp(1)) == \
        "Drawing cards when other cards were better"
    assert mistake_kind(DrawTickets(), DrawTickets()) == \
        "Drawing tickets when another move was better"


# -- against a real ttr serve -----------------------------------------------------------------

@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[VoilaServer]:
    monkeypatch.setenv("TTR_BOT_PACE", "0.05")
    with running_server(ROOT, notebook="click_points.ipynb", preheat=False,
                        log_name="tables-room", tables=tmp_path / "tables.sqlite",
                        extra=("--teacher-key", KEY)) as running:
        yield running


def status(url: str, body: dict[str, Any] | None = None,
           headers: dict[str, str] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            kind = response.headers.get("Content-Type", "")
            return response.status, json.loads(raw) if "json" in kind else raw.decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.mark.browser
def test_the_room_answers_only_its_key_and_runs_a_class(server: VoilaServer) -> None:
    banner = server.log_path.read_text()
    line = next(x for x in banner.splitlines() if x.startswith("Teacher's room: "))
    room = f"{server.base_url}ttr/room"
    assert line == f"Teacher's room: {room}?key={KEY}"
    for path in ("", "/api/tables", "/api/statistics", "/records.json", "/records.csv"):
        for key in ("", "?key=wrong-key-123"):
            code, text = status(f"{room}{path}{key}")
            assert code == 403, (path, key)
            assert "teacher's key" in text
    assert status(f"{room}/api/class", {"names": ["Ann"], "map": "mini", "seats": 2})[0] == 403
    code, page = status(f"{room}?key={KEY}")
    assert code == 200 and "<h1>Teacher's room</h1>" in page
    code, sheet = status(f"{room}/api/class?key={KEY}",
                         {"names": "Ann\nBen\nCleo", "map": "mini", "seats": 2,
                          "bot": "greedy", "word": "oak"})
    assert code == 201 and sheet["tables"] == ["oak-1", "oak-2"]
    code, printed = status(f"{room}/sheet/{sheet['id']}?key={KEY}")
    assert code == 200 and "@media print" in printed
    assert all(html.escape(s["link"]) in printed for s in sheet["students"])
    assert status(f"{room}/sheet/{sheet['id']}")[0] == 403
    code, bad = status(f"{room}/api/class?key={KEY}", {"names": ["Dan"], "map": "mini",
                                                        "seats": 2, "word": "oak"})
    assert code == 400 and json.loads(bad)["error"].startswith("name: there is already a table")
    _code, cards = status(f"{room}/api/tables?key={KEY}")
    assert [c["name"] for c in cards["tables"]] == ["oak-2", "oak-1"]
    # In French, by the address or by the browser's language; English stays for the others
    code, page = status(f"{room}?key={KEY}&lang=fr")
    assert code == 200 and "<h1>Salle du professeur</h1>" in page
    _code, french = status(f"{room}/api/tables?key={KEY}", headers={"Accept-Language": "fr"})
    assert french["tables"][1]["turn"].startswith("Au tour de Ann, depuis ")
    assert "salle du professeur" in status(f"{room}/api/tables?lang=fr")[1]
    code, bad = status(f"{room}/api/class?key={KEY}&lang=fr",
                       {"names": ["Dan"], "map": "mini", "seats": 2, "word": "oak"})
    assert code == 400 and json.loads(bad)["error"].startswith("nom : il y a déjà une table")
    assert status(f"{room}/api/tables?key={KEY}")[1]["tables"][1]["turn"].startswith(
        "Ann's turn, for ")
    assert [p["name"] for p in cards["tables"][1]["players"]] == ["Ann", "Ben"]
    links = {s["name"]: s["link"] for s in sheet["students"]}
    told = run_apart(_pause_while_seated(room, links["Ann"], links["Cleo"]))
    assert told["ann"][0] == PAUSED and told["refused"] == PAUSED
    assert told["views"] > 0 and told["watcher_hands"] == set()  # no card of any hand
    assert told["watcher_tickets"] <= {HIDDEN} and told["seeds"] == {-1}
    assert all(isinstance(d, int) for d in told["deck"])  # the pile as a count, no card
    # Ann's and Ben's bots (their own links) play oak-1 to the end; oak-2 is ended
    players = [subprocess.Popen([sys.executable, "-m", "ttr_widgets.cli", "table", "join",
                                 links[name], "--bot", "greedy"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for name in ("Ann", "Ben")]
    for process in players:
        _out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
    assert status(f"{room}/api/tables/oak-2/end?key={KEY}", {})[0] == 200
    assert status(f"{room}/api/tables/oak-2/pause?key={KEY}", {})[0] == 400
    assert status(f"{room}/api/tables/oak-9/pause?key={KEY}", {})[0] == 404
    _code, cards = status(f"{room}/api/tables?key={KEY}")
    assert [c["status"] for c in cards["tables"]] == ["ended by the teacher", "finished"]
    _code, records = status(f"{room}/records.json?key={KEY}")
    assert [r["table"] for r in records["tables"]] == ["oak-1", "oak-2"]
    assert from_record(records["tables"][0]["record"]).state.is_over
    _code, text = status(f"{room}/records.csv?key={KEY}")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in rows] == ["Ann", "Ben"]
    figures = _reviewed(f"{room}/api/statistics?key={KEY}")
    assert figures["lines"][0] == "1 game finished, 2 players (bots left out)."


def _reviewed(url: str) -> dict[str, Any]:
    """The statistics once the coach's process has reviewed every finished game."""
    import time

    for _ in range(240):
        _code, figures = status(url)
        if figures["reviewed"] == figures["games"]:
            return dict(figures)
        time.sleep(0.5)
    raise AssertionError(f"the coach never reviewed: {figures}")


async def _pause_while_seated(room: str, ann_link: str, cleo_link: str) -> dict[str, Any]:
    """Ann at her seat and a watcher at oak-1; the teacher pauses it, Ann's move is refused,
    the teacher resumes it. What Ann was told, and what the watcher's traffic held."""
    told: dict[str, Any] = {"ann": [], "refused": None, "watcher_hands": set(),
                            "watcher_tickets": set(), "deck": [], "seeds": set(), "views": 0}
    link = parse_link(ann_link)
    ann = TableClient(link, on_message=lambda m: _ann(m, told))
    watcher = TableClient(parse_link(ann_link.split("&seat=")[0]), watch=True,
                          on_message=lambda m: _watched(m, told))
    tasks = [asyncio.create_task(c.run()) for c in (ann, watcher)]
    while ann.view is None or watcher.view is None:
        await asyncio.sleep(0.05)
    await asyncio.to_thread(status, f"{room}/api/tables/oak-1/pause?key={KEY}", {})
    while not told["ann"]:
        await asyncio.sleep(0.05)
    if ann.view.current == ann.seat:
        await ann.act(choose("greedy", ann.view, random.Random(0)).action)
        while told["refused"] is None:
            await asyncio.sleep(0.05)
    else:
        told["refused"] = PAUSED if ann.table["paused"] else None
    await asyncio.to_thread(status, f"{room}/api/tables/oak-1/resume?key={KEY}", {})
    for client in (ann, watcher):
        client.close()
    for task in tasks:
        task.cancel()
    assert parse_link(cleo_link).table == "oak-2"
    return told


def _ann(message: dict[str, Any], told: dict[str, Any]) -> None:
    if message["type"] == "event" and message["kind"] == "paused":
        told["ann"].append(message["text"])
    elif message["type"] == "refused":
        told["refused"] = message["text"]


def _watched(message: dict[str, Any], told: dict[str, Any]) -> None:
    if message["type"] != "view":
        return
    state = message["state"]
    told["views"] += 1
    for player in state["players"]:
        told["watcher_hands"] |= {n for n in player["hand"] if n}
        told["watcher_tickets"] |= set(player["tickets"])
    for offer in state["setup_offers"]:
        told["watcher_tickets"] |= set(offer)
    told["watcher_tickets"] |= set((state["pending"] or {}).get("tickets", ()))
    told["deck"].append(state["deck"])
    told["seeds"].add(state["seed"])
