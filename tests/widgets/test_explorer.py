"""The scoring explorer: the breakdown of a hand-worked game, what-if toggles that change the
winner, the longest trails on the board, and games opened from positions and records."""

from __future__ import annotations

import datetime
import html

import pytest

from ttr_widgets.rules.engine import score
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.position import load_position, parse_position, score_position
from ttr_widgets.rules.record import load_record
from ttr_widgets.testing.board import highlighted
from ttr_widgets.widgets.board.render import HIGHLIGHT, SELECTION
from ttr_widgets.widgets.pages.explorer import EVERYONE, ScoringExplorer, WhatIf, apply_what_if
from ttr_widgets.widgets.pages.scorer import example_path
from ttr_widgets.widgets.plots.score_plots import PLOTLY_MIME, breakdown_segments

# Ann: Denver–Helena (4 spaces, 7 points), Denver–Santa Fe (2, 2), Santa Fe–El Paso (2, 2),
#      Dallas–El Paso (4, 7) = 18 points; trail Helena–Denver–Santa Fe–El Paso–Dallas = 12;
#      ticket Denver–El Paso (4) completed: +4.                     Ann: 18 + 4 = 22.
# Ben: El Paso–Houston (6, 15), El Paso–Oklahoma City (5, 10), Dallas–Oklahoma City (2, 2)
#      = 27 points; trail Houston–El Paso–Oklahoma City–Dallas = 6 + 5 + 2 = 13 > 12: +10;
#      ticket Chicago–Santa Fe (9) missed: -9.                       Ben: 27 - 9 + 10 = 28.
# Ben wins 28 to 22. Without Dallas–Oklahoma City, Ben's trail is 6 + 5 = 11 < 12: the bonus
# goes to Ann (22 + 10 = 32) and Ben has 25 - 9 = 16: Ann wins.
ANN = ["usa-031", "usa-039", "usa-050", "usa-025"]
BEN = ["usa-046", "usa-048", "usa-029"]
DUEL = {"map": "usa", "players": [
    {"name": "Ann", "routes": ANN, "tickets": ["usa-t07"]},
    {"name": "Ben", "routes": BEN, "tickets": ["usa-t05"]},
]}


@pytest.fixture
def duel() -> ScoringExplorer:
    return ScoringExplorer(parse_position(DUEL))


def totals(explorer: ScoringExplorer) -> list[int]:
    return [p.total for p in explorer.sheet.players]


def test_the_hand_worked_game_as_played(duel: ScoringExplorer) -> None:
    assert totals(duel) == [22, 28]
    assert duel.sheet == score_position(parse_position(DUEL))
    assert "★ <b>Ben</b> wins." in duel.winner.value
    assert "Ben wins with 28 points." in duel.winner.value
    assert "As played." in duel.changes.value


def test_a_key_says_which_colour_is_which_player(duel: ScoringExplorer) -> None:
    key = duel.player_key.value
    for name, color in zip(["Ann", "Ben"], duel.view.player_colors, strict=False):
        assert f"<span style='color:{color}'>&#9632;</span> {name}" in key
    assert duel.player_key in duel.children[2].children[1].children  # beside the board


def test_the_breakdown_plot_stacks_every_part(duel: ScoringExplorer) -> None:
    bars = {trace.name: list(trace.y) for trace in duel.figure.data}
    assert bars == {
        "2-space routes": [4, 2],  # Ann 2 + 2, Ben 2
        "4-space routes": [14, 0],  # Ann 7 + 7
        "5-space routes": [0, 10],
        "6-space routes": [0, 15],
        "tickets won": [4, 0],
        "tickets lost": [0, -9],
        "Longest Continuous Path bonus": [0, 10],
        "total": [22, 28],
    }
    assert list(duel.figure.data[0].x) == ["Ann", "★ Ben"]
    assert duel.figure.layout.barmode == "relative"  # lost tickets hang below zero
    shown = duel.plot.outputs[0]["data"][PLOTLY_MIME]
    assert [t["name"] for t in shown["data"]] == list(bars)
    assert [t["y"] for t in shown["data"]][-1] == [22, 28]


def test_the_segments_add_up_to_the_totals() -> None:
    for name in ("usa", "europe"):
        position = load_position(example_path(name))
        sheet = score_position(position)
        segments = breakdown_segments(position.board, sheet, position.players)
        sums = [sum(s.values[i] for s in segments) for i in range(len(sheet.players))]
        assert sums == [p.total for p in sheet.players]
        if name == "europe":
            assert "unused stations" in {s.name for s in segments}


def test_taking_a_route_away_moves_the_bonus_and_the_win(duel: ScoringExplorer) -> None:
    duel.view.simulate_route_click("usa-029")  # Ben's Dallas–Oklahoma City
    assert duel.what_if == WhatIf(routes_removed=frozenset({"usa-029"}))
    assert totals(duel) == [32, 16]
    ann, ben = duel.sheet.players
    assert (ann.longest_bonus, ben.longest_trail, ben.longest_bonus) == (10, 11, 0)
    assert "★ <b>Ann</b> wins." in duel.winner.value
    assert "Ben without Dallas–Oklahoma City (2 gray)" in duel.changes.value
    assert "The winner changes: Ben → <b>Ann</b>." in duel.changes.value
    table = duel.table.value
    assert "<b>32</b></td><td style='padding:2px 8px;text-align:right'>+10" in table
    assert "<b>16</b></td><td style='padding:2px 8px;text-align:right'>-12" in table
    assert {t.name: list(t.y) for t in duel.figure.data}["total"] == [32, 16]
    assert list(duel.figure.data[0].x) == ["★ Ann", "Ben"]
    selection = duel.view.widget.data[SELECTION]
    assert len(selection.x) == 2  # the clicked route's two spaces are ringed
    duel.view.simulate_route_click("usa-029")  # and a second click gives it back
    assert totals(duel) == [22, 28] and not duel.what_if


def test_dropping_a_ticket_changes_the_totals(duel: ScoringExplorer) -> None:
    box = duel.ticket_boxes["usa-t05"]
    assert box.description == "✘ miss Chicago–Santa Fe (9 points) -9"
    box.value = False
    assert totals(duel) == [22, 37]
    assert box.description == "(dropped) Chicago–Santa Fe (9 points)"
    assert "Ben without the ticket Chicago–Santa Fe (9 points)" in duel.changes.value
    assert "Ben still wins." in duel.changes.value
    duel.ticket_boxes["usa-t07"].value = False  # Ann's completed ticket: -4
    assert totals(duel) == [18, 37]


def test_reset_goes_back_to_the_game(duel: ScoringExplorer) -> None:
    duel.view.simulate_route_click("usa-029")
    duel.ticket_boxes["usa-t05"].value = False
    duel.reset_button.click()
    assert not duel.what_if and totals(duel) == [22, 28]
    assert duel.ticket_boxes["usa-t05"].value is True
    assert len(duel.view.widget.data[SELECTION].x) == 0


def test_a_route_nobody_claimed_is_not_a_what_if(duel: ScoringExplorer) -> None:
    duel.view.simulate_route_click("usa-001")
    assert not duel.what_if
    assert "Nobody claimed Atlanta–Charleston (2 gray) in this game" in duel.message.value


def test_the_longest_trails_are_drawn_on_the_board(duel: ScoringExplorer) -> None:
    assert duel.trails.value == EVERYONE
    assert highlighted(duel.view) == set(ANN) | set(BEN)
    assert duel.view.widget.data[HIGHLIGHT].name == "longest trails"
    duel.show_trail("Ben")
    assert highlighted(duel.view) == set(BEN)
    duel.view.simulate_route_click("usa-029")  # the trail follows the what-if
    assert highlighted(duel.view) == {"usa-046", "usa-048"}
    text = duel.trail_list.value
    assert "<b>Ann</b>: 12 spaces <b>+10</b>" in text and "<b>Ben</b>: 11 spaces" in text


def test_apply_what_if_leaves_the_position_alone() -> None:
    position = parse_position(DUEL)
    changed = apply_what_if(position, WhatIf(frozenset({"usa-029"}), frozenset({"usa-t07"})))
    assert position == parse_position(DUEL)
    assert changed.players[1].routes == {"usa-046", "usa-048"}
    assert changed.players[0].tickets == ()


# ----------------------------------------------------------------------------- sources


def test_a_map_name_opens_the_kits_example_and_its_tie_break() -> None:
    explorer = ScoringExplorer("europe")
    assert explorer.sheet == score_position(load_position(example_path("europe")))
    # The example's own story: Boris and Chloe tie on 107, Chloe completed more tickets.
    assert "★ <b>Chloe</b> wins." in explorer.winner.value
    assert html.escape("Boris and Chloe tie on 107 points; Chloe completed the most tickets "
                       "(4): Chloe wins.") in explorer.winner.value
    explorer.ticket_boxes["eu-t04"].value = False  # Chloe's Athina–Angora (5): 107 - 5 = 102
    assert explorer.sheet.player("Chloe").total == 102
    assert "The winner changes: Chloe → <b>Boris</b>." in explorer.changes.value


def test_a_game_record_is_replayed_and_scored() -> None:
    path = example_path("usa", "record")
    explorer = ScoringExplorer(path)
    expected = score(load_record(path).state)
    assert explorer.sheet == expected
    assert html.escape(expected.reason) in explorer.winner.value
    assert "usa-game.json</b> (game record, replayed)" in explorer.source_label.value


def test_opening_another_game_rebuilds_the_board(duel: ScoringExplorer) -> None:
    old_view = duel.view
    assert duel.load(example_path("europe", "record"))
    assert duel.board.name == "europe" and duel.view is not old_view
    assert duel.board_box.children == (duel.view.widget,)
    assert set(duel.ticket_boxes) == {t for h in duel.game.position.players for t in h.tickets}
    assert duel.trails.options[1:] == tuple(
        (f"{h.name}'s longest trail", h.name) for h in duel.game.position.players)


@pytest.mark.parametrize(("content", "says"), [
    (b"\x00\xff", "bad.json: not a UTF-8 text file"),
    (b'{"map": "usa", "players": "Ann"}', "bad.json: players: expected a list of players"),
])
def test_a_bad_upload_is_explained_and_changes_nothing(
        duel: ScoringExplorer, content: bytes, says: str) -> None:
    duel.upload.value = ({"name": "bad.json", "type": "application/json", "size": len(content),
                          "content": memoryview(content),
                          "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert "Not opened." in duel.message.value and says in duel.message.value
    assert totals(duel) == [22, 28] and duel.upload.value == ()


def test_a_bad_source_in_load_is_explained(duel: ScoringExplorer) -> None:
    assert not duel.load("no-such-game.json")
    assert "cannot read &#x27;no-such-game.json&#x27;" in duel.message.value


def test_the_europe_bars_show_unused_stations() -> None:
    explorer = ScoringExplorer("europe")
    stations = next(t for t in explorer.figure.data if t.name == "unused stations")
    board = load_map("europe")
    expected = [board.rules.unused_station_points * (board.rules.stations - len(h.stations))
                for h in explorer.game.position.players]
    assert list(stations.y) == expected


def test_the_key_names_each_player_and_no_empty_seat():
    explorer = ScoringExplorer(example_path("usa"))  # four players
    shown = [t.name for t in explorer.view.widget.data if t.showlegend]
    players = [h.name for h in explorer.game.position.players]
    assert len(players) == 4 and all(name in shown for name in players)
    assert not [name for name in shown if name.startswith("player ")]
