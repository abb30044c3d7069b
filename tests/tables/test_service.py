"""The table service in one process, without the network: a table made and kept, people
seated by name and given back their seat by key, every connection told each event and only its
seat's view, a stale or out-of-turn action refused to its sender only, exactly one of two
simultaneous actions applied, a person gone too long played by the table's bot and given the
seat back, a seat handed to a bot for good, and every table rebuilt from its store; each in a
SQLite file and in a PostgreSQL database (``tables_at``, tests/tables/conftest.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import DrawBlind, action_to_dict
from ttr_widgets.rules.engine import legal_actions
from ttr_widgets.rules.record import from_record
from ttr_widgets.rules.snapshot import state_from_dict
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.view import view
from ttr_widgets.tables.authority import TableError
from ttr_widgets.tables.protocol import Act, HandToBot, Hello, ProtocolError, read_client
from ttr_widgets.tables.service import Connection, TableService
from ttr_widgets.tables.stores import open_store
from ttr_widgets.testing.table_service import Clock, Inbox


def service(tables_at: str, clock: Clock | None = None) -> TableService:
    return TableService(open_store(tables_at), clock=clock or Clock(),
                        link=lambda name: f"http://localhost:8866/voila/render/Play.ipynb"
                                          f"?table={name}")


def seated(svc: TableService, name: str, people: tuple[str, ...]
           ) -> list[tuple[Connection, Inbox]]:
    out = []
    for person in people:
        inbox = Inbox()
        out.append((svc.connect(name, Hello(name=person), inbox), inbox))
    return out


def play_to_the_end(svc: TableService, name: str, people: list[tuple[Connection, Inbox]]
                    ) -> int:
    table = svc.tables[name]
    rng = random.Random(0)
    moves = 0
    while not table.over:
        current = table.state.current
        connection, _ = people[current]
        action = choose("greedy", table.state, rng).action
        svc.receive(connection, Act(table.seq, action))
        moves += 1
        assert moves < 2000
    return moves


def test_people_sit_by_name_and_every_connection_sees_only_its_seat(tables_at: str) -> None:
    svc = service(tables_at)
    table = svc.create(map_name="usa", seats=3)
    assert table.status() == "waiting for 3 players"
    people = seated(svc, table.name, ("Ann", "Ben", "Cleo"))
    watcher = Inbox()
    svc.connect(table.name, Hello(watch=True), watcher)
    assert table.status() == "playing"
    for seat, (connection, inbox) in enumerate(people):
        welcome = inbox.of("welcome")[0]
        assert welcome["seat"] == seat == connection.seat and welcome["key"]
        assert welcome["personal_link"].endswith(f"&seat={welcome['key']}")
        seen = inbox.last_view()
        assert seen == view(table.state, seat)  # its own view, nothing more
    assert watcher.last_view().seat == 3 and watcher.of("welcome")[0]["seat"] is None
    assert [e["seq"] for e in watcher.of("event")] == list(range(1, table.seq + 1))
    moves = play_to_the_end(svc, table.name, people)
    assert table.over and moves > 50
    for seat, (_connection, inbox) in enumerate(people):
        for message in inbox.of("view"):
            state = state_from_dict(message["state"])
            assert state.seat == seat  # never another seat's view
            for other, player in enumerate(state.players):
                if other != seat:
                    assert sum(player.hand) == 0 and set(player.tickets) <= {"?"}
    assert [e["seq"] for e in watcher.of("event")] == list(range(1, table.seq + 1))
    record = svc.record(table.name)
    assert from_record(record).state == table.state  # the kit's record replays the game


def test_the_same_key_gets_the_same_seat_back_and_a_wrong_key_is_refused(tables_at: str) -> None:
    svc = service(tables_at)
    table = svc.create(map_name="usa", seats=2)
    (ann, _), _ben = seated(svc, table.name, ("Ann", "Ben"))
    svc.disconnect(ann)
    back = Inbox()
    again = svc.connect(table.name, Hello(key=ann.key), back)
    assert again.seat == 0 and back.of("welcome")[0]["key"] == ann.key
    with pytest.raises(TableError, match="seat key: this key plays no seat"):
        svc.connect(table.name, Hello(key="not-a-key"), Inbox())
    late = Inbox()
    assert svc.connect(table.name, Hello(name="Dan"), late).seat is None  # full: watches
    with pytest.raises(TableError, match=f"name: there is already a table {table.name}"):
        svc.create(map_name="usa", seats=2, name=table.name)
    three = svc.create(map_name="usa", seats=3)
    seated(svc, three.name, ("Ann",))
    second = svc.connect(three.name, Hello(name="Ann"), Inbox())
    assert three.seats[second.seat or 0].name == "Ann 2"  # two Anns are told apart


def test_out_of_turn_stale_and_simultaneous_actions(tables_at: str) -> None:
    svc = service(tables_at)
    table = svc.create(map_name="usa", seats=2)
    (ann, ann_in), (ben, ben_in) = seated(svc, table.name, ("Ann", "Ben"))
    offer = table.state.pending.tickets  # type: ignore[union-attr]
    keep = next(a for a in legal_actions(table.state))
    svc.receive(ben, Act(table.seq, keep))  # Ben is not to choose first
    assert ben_in.of("refused")[-1]["rule"] == "turn.order" and len(offer) == 3
    seq = table.seq
    svc.receive(ann, Act(seq, keep))  # two clicks at once, both against event `seq`
    svc.receive(ann, Act(seq, keep))
    refused = ann_in.of("refused")[-1]
    assert refused["stale"] and "moved on" in refused["text"]
    assert table.seq == seq + 1  # exactly one applied
    assert ann_in.of("view")[-1]["seq"] == table.seq  # and the sender sees the table now


def test_a_person_away_too_long_is_played_by_the_bot_and_gets_the_seat_back(
        tables_at: str) -> None:
    clock = Clock()
    svc = service(tables_at, clock)
    table = svc.create(map_name="usa", seats=2, takeover=60)
    (ann, _), _ben = seated(svc, table.name, ("Ann", "Ben"))
    svc.disconnect(ann)
    clock.now += 59
    svc.check_away()
    assert not table.seats[0].taken_over
    clock.now += 2
    svc.check_away()
    assert table.seats[0].taken_over and table.events[-1].kind == "away"
    assert table.events[-1].text == ("Ann is away: the table's bot plays Ann's seat until Ann "
                                     "is back.")
    assert svc.bot_move(table.name)  # Ann's setup choice, made by the table's bot
    assert table.state.current == 1
    svc.connect(table.name, Hello(key=ann.key), Inbox())
    assert not table.seats[0].taken_over and table.events[-1].text == "Ann is back and plays on."


def test_a_seat_handed_to_a_bot_for_good_and_bots_from_the_start(tables_at: str) -> None:
    svc = service(tables_at)
    table = svc.create(map_name="europe", seats=3, bots=("greedy", None, "random"))
    assert table.status() == "waiting for 1 player"
    ((ben, _),) = seated(svc, table.name, ("Ben",))
    assert ben.seat == 1
    while table.state.current != 1:
        assert svc.bot_move(table.name)
    svc.receive(ben, HandToBot())
    assert table.seats[1].bot == "strong" and table.events[-1].kind == "handed"
    while not table.over:
        assert svc.bot_move(table.name)


def test_every_table_is_rebuilt_from_the_store_after_a_restart(tables_at: str) -> None:
    svc = service(tables_at)
    solo = svc.create(map_name="usa", seats=2, name="maple-7")
    teams = svc.create(map_name="usa", seats=4, options=Options(teams=True))
    people = seated(svc, solo.name, ("Ann", "Ben"))
    rng = random.Random(3)
    for _ in range(25):
        svc.receive(people[solo.state.current][0],
                    Act(solo.seq, choose("strong", solo.state, rng).action))
    seated(svc, teams.name, ("Ann", "Ben", "Cleo", "Dev"))
    svc.store.close()
    again = TableService(open_store(tables_at), clock=Clock())
    assert set(again.tables) == {solo.name, teams.name}
    rebuilt = again.tables[solo.name]
    assert rebuilt.state == solo.state and rebuilt.seq == solo.seq
    assert [e.public() for e in rebuilt.events] == [e.public() for e in solo.events]
    assert rebuilt.seat_of(people[0][0].key) == 0  # the keys still work
    assert again.tables[teams.name].state.teams


@pytest.mark.parametrize(("message", "line"), [
    ([], "message: expected a JSON object with a 'type'"),
    ({"type": "dance"}, "type: expected hello, act, hand_to_bot, lang or ping, not 'dance'"),
    ({"type": "act", "seq": -1, "action": {}}, "seq: expected the number of the last event"),
    ({"type": "act", "seq": 3, "action": {"type": "Fly"}}, "action.type: unknown action"),
    ({"type": "hello", "name": 7}, "name: expected a short string or null"),
])
def test_a_malformed_message_is_one_line_naming_the_field(message: Any, line: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client(message)
    assert str(caught.value).startswith(line)


def test_bad_tables_are_refused_naming_the_field(tables_at: str) -> None:
    svc = service(tables_at)
    for kwargs, line in (
            ({"map_name": "mars", "seats": 2}, "map: expected one of"),
            ({"map_name": "usa", "seats": 7}, "seats: The usa map is for 2 to 5"),
            ({"map_name": "usa", "seats": 5, "options": Options(teams=True)},
             "teams: Team play is for 4 or 6"),
            ({"map_name": "usa", "seats": 2, "name": "Maple 7"}, "name: 'Maple 7' is not"),
            ({"map_name": "usa", "seats": 2, "bots": ("expert",)}, "bots: 'expert' is not")):
        with pytest.raises(TableError) as caught:
            svc.create(**kwargs)  # type: ignore[arg-type]
        assert str(caught.value).startswith(line)
    with pytest.raises(TableError, match="is not over yet"):
        svc.record(svc.create(map_name="usa", seats=2).name)
    assert action_to_dict(DrawBlind()) == {"type": "DrawBlind"}
