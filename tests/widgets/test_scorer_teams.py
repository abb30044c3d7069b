"""The ticket scorer on team games (Team Asia rules): a team position loaded from a file or an
upload, scored per team as ``ttr score`` scores it, tickets hit through a teammate's routes,
edits checked by the team rules, and back to a game of players."""

from __future__ import annotations

import datetime
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules.engine import score
from ttr_widgets.rules.position import parse_position, score_position
from ttr_widgets.rules.teams import score_teams
from ttr_widgets.testing.teams import team_record
from ttr_widgets.widgets.board.marks import MARK_FIELDS
from ttr_widgets.widgets.pages.scorer import TicketScorer
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.teams import TEAM_COLORS

TEAM_FILE = Path(__file__).resolve().parents[1] / "positions" / "team-usa-4.json"
DATA = json.loads(TEAM_FILE.read_text(encoding="utf-8"))
POSITION = parse_position(DATA)
HOLDINGS = POSITION.team_holdings()
SHEET = score_position(POSITION)


@pytest.fixture
def team() -> TicketScorer:
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    assert scorer.load(TEAM_FILE)
    return scorer


def _seat(scorer: TicketScorer, name: str) -> int:
    return scorer.names.index(name)


def test_a_team_file_loads_and_scores_per_team(team: TicketScorer) -> None:
    assert team.teams == (("Ann", "Ben"), ("Cleo", "Dev"))
    assert team.team_sheet == SHEET
    assert "Loaded team-usa-4.json: a finished 4-player USA team game." in team.message.value
    assert "Ann &amp; Ben: 120 points" in team.total.value
    assert "Ann &amp; Ben 120 · Cleo &amp; Dev 120" in team.standings.value
    assert "Cleo &amp; Dev win on longest trail" in team.standings.value
    assert team.view.player_colors == (*TEAM_COLORS[0], *TEAM_COLORS[1])
    assert [v for _, v in team.count.options] == [4]
    assert team.warehouses.layout.display == "none" and team.variant.layout.display == "none"
    team.select_player(_seat(team, "Dev"))
    assert "Cleo &amp; Dev: 120 points" in team.total.value
    assert "Globetrotter" in team.results.value and "the Asian Express" in team.results.value


def test_tickets_count_against_both_teammates_routes(team: TicketScorer,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    team.select_player(_seat(team, "Ann"))
    alone = {t.id: t.completed for t in team.sheet.players[team.selected].tickets}
    together = {t.id: t.completed for t in SHEET.players[0].tickets}
    helped = [t for t in alone if together[t] and not alone[t]]
    assert helped, "in this game Ben's routes complete a ticket of Ann's"
    shown = dict((v, label) for label, v in team.tickets.options)
    assert shown.keys() == alone.keys()
    for ticket_id in alone:
        assert shown[ticket_id].startswith("✔" if together[ticket_id] else "✘")
    drawn: list[dict[str, Any]] = []
    show = team.view.show
    monkeypatch.setattr(team.view, "show", lambda marks: (
        drawn.append({field: getattr(marks, field) for field in MARK_FIELDS}), show(marks)))
    team.select_ticket(helped[0])
    team.show.value = "ticket"
    assert drawn[-1]["highlight_label"] == "ticket path"
    assert set(drawn[-1]["highlight"]) & set(HOLDINGS[0].routes[1]), \
        "the ticket's path runs over Ben's routes"


def test_edits_follow_the_team_rules(team: TicketScorer) -> None:
    ann = _seat(team, "Ann")
    team.select_player(ann)
    cleos = DATA["players"][2]["routes"][0]
    assert not team.toggle_route(cleos)
    assert "already owned by Cleo." in team.message.value
    assert 'data-rule="claim.open"' in team.message.value
    board = POSITION.board
    owned = {r for p in DATA["players"] for r in p["routes"]}
    twin = next(r for r in board.routes if r.double in owned and r.id not in owned)
    assert not team.toggle_route(twin.id)
    assert "is the second track of a double route in use; with 4 players only one track of a " \
        "double route is used." in team.message.value
    assert 'data-rule="team.double-4p"' in team.message.value
    assert not team.toggle_station("Denver")
    assert "team play uses a map without stations." in team.message.value
    assert 'data-rule="team.map"' in team.message.value
    free = next(r for r in board.routes if r.id not in owned and not r.parallel)
    assert team.toggle_route(free.id)
    teams = [replace(t, routes=((*t.routes[0], free.id), t.routes[1])) if i == 0 else t
             for i, t in enumerate(HOLDINGS)]
    assert team.team_sheet == score_teams(board, teams)
    assert team.team_sheet.players[0].route_points == 73 + board.route_points(free)


def test_a_team_keeps_its_players_but_they_may_be_renamed(team: TicketScorer) -> None:
    assert not team.set_player_count(2)
    assert "A team game keeps its teams" in team.message.value
    assert team.rename(_seat(team, "Ben"), "Bea")
    assert team.teams == (("Ann", "Bea"), ("Cleo", "Dev"))
    assert "Ann &amp; Bea 120" in team.standings.value


def test_upload_then_a_new_map_leaves_team_play(tmp_path: Path) -> None:
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    content = TEAM_FILE.read_bytes()
    scorer.upload.value = ({"name": "team.json", "type": "application/json",
                            "size": len(content), "content": memoryview(content),
                            "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert scorer.team_sheet == SHEET
    bad = json.dumps(dict(DATA, teams=[["Ann", "Cleo"], ["Ben"]])).encode()
    (tmp_path / "bad-team.json").write_bytes(bad)
    assert not scorer.load(tmp_path / "bad-team.json")
    assert "Not loaded." in scorer.message.value and "a team has 2 players" in scorer.message.value
    scorer.show_map("europe")
    assert scorer.teams == () and scorer.team_sheet is None
    # one plain colour a player again, not the teams' shades (and no key for an empty seat)
    assert scorer.view.player_colors == DEFAULT_PLAYER_COLORS[:4] and "points" in \
        scorer.total.value



SIX = {"map": "usa", "teams": [["Ann", "Ben"], ["Cleo", "Dev"], ["Eve", "Fay"]],
       "players": [{"name": n, "routes": [r], "tickets": []} for n, r in zip(
           ["Ann", "Ben", "Cleo", "Dev", "Eve", "Fay"],
           ["usa-001", "usa-010", "usa-020", "usa-030", "usa-040", "usa-050"], strict=True)]}


def test_six_players_in_three_teams_then_a_five_seat_map(tmp_path: Path) -> None:
    path = tmp_path / "six.json"
    path.write_text(json.dumps(SIX), encoding="utf-8")
    scorer = TicketScorer("usa")
    assert scorer.load(path)
    assert [v for _, v in scorer.count.options] == [6]
    assert scorer.view.player_colors == tuple(c for pair in TEAM_COLORS for c in pair)
    expected = score_position(parse_position(SIX))
    assert scorer.team_sheet == expected and len(expected.players) == 3
    scorer.show_map("usa")  # the USA base game seats 5 at most
    assert scorer.names == ("Ann", "Ben", "Cleo", "Dev", "Eve") and scorer.teams == ()


def test_a_team_game_s_record_loads_with_its_teams(tmp_path: Path) -> None:
    data, game = team_record(POSITION.board, ("Ann", "Ben", "Cleo", "Dev"), 2)
    path = tmp_path / "team-record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    assert scorer.load(path)
    assert scorer.teams == (("Ann", "Ben"), ("Cleo", "Dev"))
    assert "a finished 4-player USA team game record" in scorer.message.value
    assert game.state.is_over and scorer.team_sheet is not None
    assert [t.total for t in scorer.team_sheet.players] == [
        t.total for t in score(game.state).players]  # as the game itself scored


def test_a_team_game_s_record_loads_by_upload_and_scores_each_team() -> None:
    data, game = team_record(POSITION.board, ("Ann", "Ben", "Cleo", "Dev"), 2)
    content = json.dumps(data).encode()
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    scorer.upload.value = ({"name": "team-record.json", "type": "application/json",
                            "size": len(content), "content": memoryview(content),
                            "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert scorer.teams == (("Ann", "Ben"), ("Cleo", "Dev"))
    assert "Loaded team-record.json: a finished 4-player USA team game record." in \
        scorer.message.value
    played = score(game.state)  # as the game itself scored (the tickets in another order)
    assert scorer.team_sheet is not None and scorer.team_sheet.winners == played.winners
    ann_and_ben = played.players[0]
    assert f"Ann &amp; Ben: {ann_and_ben.total} points" in scorer.total.value
