"""The scoring explorer on team games (Team Asia rules): the team position as ``ttr score``
scores it, a bar and a row per team, what-if that changes the winning team, each team's longest
trail on the board, and team files opened and refused."""

from __future__ import annotations

import datetime
import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules.engine import score
from ttr_widgets.rules.graph import longest_trail
from ttr_widgets.rules.position import parse_position, score_position
from ttr_widgets.rules.record import LoadedGame
from ttr_widgets.rules.teams import TeamHolding, score_teams
from ttr_widgets.testing.teams import team_record
from ttr_widgets.widgets.pages.explorer import EVERYONE, ScoringExplorer, team_example_path
from ttr_widgets.widgets.pages.scorer import example_path
from ttr_widgets.widgets.plots.score_plots import team_breakdown_segments
from ttr_widgets.widgets.plots.stats_view import TEAM_POINTS
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.teams import TEAM_COLORS

TEAM_FILE = Path(__file__).resolve().parents[1] / "positions" / "team-usa-4.json"
DATA = json.loads(TEAM_FILE.read_text(encoding="utf-8"))
POSITION = parse_position(DATA)
HOLDINGS = POSITION.team_holdings()
SHEET = score_position(POSITION)


@pytest.fixture(scope="module")
def shared() -> ScoringExplorer:
    return ScoringExplorer(TEAM_FILE)


@pytest.fixture
def explorer(shared: ScoringExplorer) -> ScoringExplorer:
    shared.reset()
    shared.show_trail(EVERYONE)
    return shared


def _without(route: str = "", ticket: str = "") -> list[TeamHolding]:
    """The file's teams without one route or one ticket, built here from the parsed file."""
    return [replace(team, routes=tuple(tuple(r for r in rs if r != route) for rs in team.routes),
                    tickets=tuple(tuple(t for t in ts if t != ticket) for ts in team.tickets))
            for team in HOLDINGS]


def test_the_team_game_scores_as_ttr_score_does(explorer: ScoringExplorer) -> None:
    assert isinstance(explorer.game, LoadedGame) and explorer.game.position.teams == POSITION.teams
    assert explorer.sheet == SHEET
    assert [t.total for t in explorer.sheet.players] == [120, 120]  # a tie on points
    assert "★ <b>Cleo &amp; Dev</b> win." in explorer.winner.value
    assert "Cleo &amp; Dev win on longest trail (tied on points and completed tickets)." \
        in explorer.winner.value
    assert "(team game)" in explorer.source_label.value
    assert "A position says who holds what" in explorer.stats_note.value


def test_one_bar_per_team_part_by_part(explorer: ScoringExplorer) -> None:
    bars = {trace.name: list(trace.y) for trace in explorer.figure.data}
    assert list(explorer.figure.data[0].x) == ["Ann & Ben", "★ Cleo & Dev"]
    assert bars["Asian Express bonus"] == [0, 10]
    assert bars["Globetrotter bonus"] == [10, 10]
    assert bars["tickets won"] == [43, 60] and bars["tickets lost"] == [-6, -8]
    assert bars["total"] == [120, 120]
    routes = sum(v[0] for name, v in bars.items() if name.endswith("-space routes"))
    assert routes == SHEET.players[0].route_points == 73
    segments = team_breakdown_segments(POSITION.board, SHEET, HOLDINGS)
    for t, team in enumerate(SHEET.players):
        assert sum(s.values[t] for s in segments) == team.total


def test_a_row_per_team_and_teammates_in_their_teams_shades(explorer: ScoringExplorer) -> None:
    table = explorer.table.value
    assert "Ann &amp; Ben (Blue team)" in table and "Cleo &amp; Dev (Red team)" in table
    assert "<th style='padding:2px 8px;text-align:right'>Globetrotter</th>" in table
    assert "6 of 7" in table  # Ann & Ben: 6 of their 7 tickets completed
    assert explorer.view.player_colors == (*TEAM_COLORS[0], *TEAM_COLORS[1])
    key = explorer.player_key.value
    assert f"<b>Blue team</b>: <span style='color:{TEAM_COLORS[0][0]}'>&#9632;</span> Ann " \
           f"<span style='color:{TEAM_COLORS[0][1]}'>&#9632;</span> Ben" in key


def test_dropping_a_missed_ticket_hands_the_win_to_the_other_team(
        explorer: ScoringExplorer) -> None:
    missed = next(t.id for t in SHEET.players[0].tickets if not t.completed)
    explorer.keep_ticket(missed, False)
    expected = score_teams(POSITION.board, _without(ticket=missed))
    assert explorer.sheet == expected
    assert [t.total for t in explorer.sheet.players] == [126, 120]
    assert "The winner changes: Cleo &amp; Dev → <b>Ann &amp; Ben</b>." in explorer.changes.value
    assert "+6" in explorer.table.value  # Ann & Ben's change
    assert explorer.ticket_boxes[missed].value is False
    explorer.keep_ticket(missed, True)
    assert explorer.sheet == SHEET


def test_taking_a_route_away_rescores_the_teams(explorer: ScoringExplorer) -> None:
    dev = next(p for p in DATA["players"] if p["name"] == "Dev")
    route = dev["routes"][0]
    assert explorer.toggle_route(route)
    assert explorer.sheet == score_teams(POSITION.board, _without(route=route))
    assert f"Dev without {explorer.board.route(route)}" in explorer.changes.value
    assert explorer.toggle_route(route)  # given back
    assert explorer.sheet == SHEET and not explorer.what_if


def test_each_teams_longest_trail_is_over_both_teammates_routes(
        explorer: ScoringExplorer, monkeypatch: pytest.MonkeyPatch) -> None:
    board = POSITION.board
    trails = [longest_trail(board, [r for rs in team.routes for r in rs])
              for team in HOLDINGS]
    assert [t.length for t in trails] == [t.longest_trail for t in SHEET.players]
    mine = set(HOLDINGS[1].routes[0])
    assert set(trails[1].routes) - mine, "Cleo & Dev's trail uses both teammates' routes"
    assert [label for label, _ in explorer.trails.options][1:] == [
        "Ann & Ben's longest trail", "Cleo & Dev's longest trail"]
    drawn: list[dict[str, Any]] = []
    show = explorer.view.show
    monkeypatch.setattr(explorer.view, "show", lambda **marks: (drawn.append(marks),
                                                                show(**marks)))
    explorer.show_trail("Cleo & Dev")
    assert tuple(drawn[-1]["highlight"]) == trails[1].routes
    assert drawn[-1]["highlight_label"] == "longest trail"
    explorer.show_trail(EVERYONE)
    assert set(drawn[-1]["highlight"]) == set(trails[0].routes) | set(trails[1].routes)
    assert "Cleo &amp; Dev</b>: 18 spaces <b>+10</b>" in explorer.trail_list.value


def _upload(explorer: ScoringExplorer, name: str, content: bytes) -> None:
    explorer.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                              "content": content, "last_modified": datetime.datetime.now()},)


def test_a_team_file_opens_by_upload_and_a_bad_one_is_refused(
        explorer: ScoringExplorer) -> None:
    solo = ScoringExplorer("usa")
    _upload(solo, "team.json", TEAM_FILE.read_bytes())
    assert solo.game.position.teams == ((0, 1), (2, 3)) and solo.sheet == SHEET
    bad = dict(DATA, teams=[["Ann", "Ben", "Cleo"], ["Dev"]])
    _upload(solo, "bad.json", json.dumps(bad).encode())
    assert "Not opened." in solo.message.value
    assert "bad.json: teams[0]: a team has 2 players, not 3" in solo.message.value
    assert solo.sheet == SHEET  # nothing changed
    assert solo.load(example_path("usa"))  # and back to a game of single players
    assert "<b>Players</b>:" in solo.player_key.value
    assert solo.view.player_colors == DEFAULT_PLAYER_COLORS[:4]  # one colour a player, no shades
    assert solo.trails.options[0][0].startswith("every pl")


def test_the_kits_team_example_is_this_game_and_reads_plainly(
        explorer: ScoringExplorer) -> None:
    example = ScoringExplorer(team_example_path())
    assert example.sheet == SHEET
    route = sorted(example.position.players[0].routes)[0]
    example.toggle_route(route)
    texts = [example.winner.value, example.changes.value, example.table.value,
             example.trail_list.value, example.player_key.value, example.source_label.value,
             *(box.description for box in example.ticket_boxes.values())]
    for text in texts:
        assert "usa-" not in text and "team." not in text, text


def test_teams_listed_in_any_order_keep_their_shades_and_key() -> None:
    """A file may list the players in any order: each player's colour is their team's shade
    for their place in the team (Position.teams pairs them), and the key names each team."""
    crossed = dict(DATA, teams=[["Ann", "Cleo"], ["Ben", "Dev"]])
    explorer = ScoringExplorer(parse_position(crossed))
    assert explorer.game.position.teams == ((0, 2), (1, 3))
    assert explorer.view.player_colors == (TEAM_COLORS[0][0], TEAM_COLORS[1][0],
                                           TEAM_COLORS[0][1], TEAM_COLORS[1][1])
    key = explorer.player_key.value
    assert f"<b>Blue team</b>: <span style='color:{TEAM_COLORS[0][0]}'>&#9632;</span> Ann " \
           f"<span style='color:{TEAM_COLORS[0][1]}'>&#9632;</span> Cleo" in key
    assert [label for label, _ in explorer.trails.options][1:] == [
        "Ann & Cleo's longest trail", "Ben & Dev's longest trail"]
    assert explorer.sheet == score_position(parse_position(crossed))


def test_a_team_game_s_record_opens_with_its_teams(tmp_path: Path) -> None:
    data, game = team_record(POSITION.board, ("Ann", "Ben", "Cleo", "Dev"), 2)
    path = tmp_path / "team-record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    explorer = ScoringExplorer(path)
    assert explorer.game.kind == "record" and explorer.game.position.teams == ((0, 1), (2, 3))
    assert explorer.sheet.teams and "(team game record, replayed)" in explorer.source_label.value
    played = score(game.state)  # as the game itself scored (the tickets in another order)
    assert game.state.is_over and explorer.sheet.winners == played.winners
    assert [t.total for t in explorer.sheet.players] == [t.total for t in played.players]


def test_a_team_game_s_record_shows_its_statistics_each_player_with_the_team_s_points(
        ) -> None:
    data, game = team_record(POSITION.board, ("Ann", "Ben", "Cleo", "Dev"), 2)
    explorer = ScoringExplorer("usa")
    _upload(explorer, "team-record.json", json.dumps(data).encode())
    assert explorer.game.position.teams == ((0, 1), (2, 3)) and explorer.message.value == ""
    stats = explorer.stats_view.stats
    assert stats is not None and stats.finished and explorer.stats_note.value == ""
    totals = {team.name: team.total for team in score(game.state).players}
    assert [p.total for p in stats.players] == [totals["Ann & Ben"]] * 2 + [
        totals["Cleo & Dev"]] * 2
    assert html.escape(TEAM_POINTS) in explorer.stats_view.summary.value
    assert "Asian Express" in explorer.stats_view.table.value
