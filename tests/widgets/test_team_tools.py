"""A team game's tools at the play app's one table: Hint and Coach, the Plan and Log tabs, Undo
and the stepper's replay, and records (a team game saved, downloaded, loaded back and replayed;
its statistics, each player carrying the team's points)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from ttr_widgets.rules.actions import KeepTickets, PlaceCard, ShareTickets
from ttr_widgets.rules.engine import why_illegal
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import CARD_NAMES
from ttr_widgets.rules.record import from_record, to_record
from ttr_widgets.rules.state import CardPlacement
from ttr_widgets.rules.teams import HAND, HOLDER
from ttr_widgets.testing.team_table import click, past_setup
from ttr_widgets.testing.teams import team_record
from ttr_widgets.testing.words import assert_plain
from ttr_widgets.widgets.pages.app import TABS, PlayApp
from ttr_widgets.widgets.table.teams import TEAM_COLORS

USA = load_map("usa")
BOTS = ("human", "greedy", "greedy", "greedy")


def started_app(seed: int = 3) -> PlayApp:
    """The play app with a team game started from its Game tab's team panel."""
    app = PlayApp("usa", seed=4, bot_delay=0)
    app.team_start.seed.value = str(seed)
    app.team_start.start.click()
    assert app.state.teams and app.kinds == BOTS
    return app


def test_hint_and_coach_on_a_team_game() -> None:
    app = started_app()
    app.hint_button.click()
    said = app.status.text
    assert said.startswith("Hint for You: keep ") and app.status.kind == "hint"
    click(app, KeepTickets(app.state.pending.tickets))  # type: ignore[union-attr]
    app.hint()
    assert app.status.text.startswith("Hint for You: share ") and "team" in app.status.text
    click(app, ShareTickets(app.state.pending.tickets[:1]))  # type: ignore[union-attr]
    app.market.blind.click()
    assert isinstance(app.state.pending, CardPlacement)
    app.hint()
    hinted = app.status.text
    assert hinted.startswith("Hint for You: put the ") and "holder" in hinted
    moves = {f"put the {CARD_NAMES[app.state.pending.card]} into your hand": PlaceCard(HAND),
             f"put the {CARD_NAMES[app.state.pending.card]} into the team holder":
                 PlaceCard(HOLDER)}
    move = next(a for words, a in moves.items() if words in hinted)
    assert why_illegal(app.state, move) is None
    app.coach.value = True
    cursor = app.game.cursor
    worst = PlaceCard(HOLDER) if move == PlaceCard(HAND) else PlaceCard(HAND)
    click(app, worst)
    assert app.game.actions[cursor] == worst  # the coach judges, the move is played
    assert_plain(app)


def test_the_plan_tab_plans_the_team_s_tickets() -> None:
    app = past_setup(started_app())
    app.tabs.selected_index = TABS.index("Plan")
    assert app.plan_panel.plan is not None
    assert set(app.plan_panel.plan.tickets) == set(app.state.players[0].tickets)
    assert "You" in app.plan_panel.summary.value and "train" in app.plan_panel.summary.value


def test_the_log_tab_tells_every_move_of_the_team_game() -> None:
    app = past_setup(started_app())
    log = app.stepper.log_view.value
    assert log.count('class="ttr-log-entry"') == len(app.game.actions)
    assert "Every player puts their shared ticket in the holder at once" in log


def test_a_team_game_undone_is_replayed_in_the_stepper() -> None:
    app = past_setup(started_app())
    app.market.blind.click()
    app.placement.holder.click()
    app.market.blind.click()
    moved = app.game
    app.undo()
    assert app.game.cursor < moved.cursor and app.state.current == 0
    app.replay()
    assert app.game.cursor == 0 and app.state.in_setup
    while app.game.cursor < len(app.game.actions):
        app.stepper.step_forward.click()
    assert app.state == moved.state


def test_a_team_game_is_saved_as_a_record_loaded_back_and_replayed(tmp_path: Path) -> None:
    app = past_setup(started_app())
    app.market.blind.click()
    app.placement.hand.click()
    app.market.blind.click()
    path = tmp_path / "team.json"
    app.save(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["options"] == {"teams": True}
    other = PlayApp("usa", seed=1, bot_delay=0)
    other.load(path)
    assert other.state == app.state and other.state.teams and other.paused
    assert other.map_view.player_colors == (*TEAM_COLORS[0], *TEAM_COLORS[1])
    other.replay()
    assert other.game.cursor == 0
    other.redo()
    assert other.game.cursor > 0 and "ttr-download-link" in other.records.download.value


def test_a_team_game_s_record_loads_into_the_app_and_replays() -> None:
    """A team record (as the app writes it: ``testing.teams.team_record``) replays through the
    rules, and the loaded game offers its own record for download."""
    data, game = team_record(USA, ("You", "Ben", "Cleo", "Dev"), 3, moves=40)
    assert data == to_record(game) and from_record(data).state == game.state
    app = PlayApp("usa", seed=1, bot_delay=0)
    content = json.dumps(data).encode()
    app.records.upload.value = ({"name": "team.json", "type": "application/json",
                                 "size": len(content), "content": memoryview(content),
                                 "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert app.state == game.state and app.paused and app.kinds == BOTS
    assert "Loaded a USA game of " in app.status.text
    assert app.map_view.player_colors == (*TEAM_COLORS[0], *TEAM_COLORS[1])
    assert "Download the game record (JSON, 40 moves)" in app.records.download.value
    app.replay()
    assert app.game.cursor == 0
    app.redo()
    assert 0 < app.game.cursor <= 40
    assert_plain(app)
