"""The statistics of a game (``rules.stats``): counted on short scripted games whose every figure
is worked out by hand below, checked against the actions of random games, and carried by
``ttr simulate``'s results and by game records."""

from __future__ import annotations

import csv
import html
import json
import random
import re

import pytest

from ttr_widgets.bots import BOTS, simulation
from ttr_widgets.bots.simulate import game_seed, play_game
from ttr_widgets.cli import main
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
)
from ttr_widgets.rules.engine import new_game, random_action, score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.model import LOCO
from ttr_widgets.rules.record import from_record, load_record, record_summary, to_record
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.stats import (
    GameStats,
    PlayerStats,
    TurnCounts,
    game_stats,
    game_stats_from_dict,
    stats_of,
)
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.pages.explorer import ScoringExplorer
from ttr_widgets.widgets.pages.scorer import example_path
from ttr_widgets.widgets.plots.score_plots import PLOTLY_MIME
from ttr_widgets.widgets.plots.stats_view import (
    StatsView,
    chart_rows,
    stats_figure,
    stats_summary,
    stats_table_html,
)

USA = load_map("usa")
EUROPE = load_map("europe")


def play(game: Game, *actions) -> Game:  # type: ignore[no-untyped-def]
    for action in actions:
        game = game.play(action)
    return game


# --- a short USA game, worked out by hand -------------------------------------------------------
#
# Ann (no cards, 45 trains) and Bob (one red card, 3 trains, owning Kansas City–Oklahoma City and
# Oklahoma City–Dallas). The row shows two locomotives, red, blue, green; the pile's top is
# locomotive, yellow ×4, locomotive, black, locomotive, white, orange, green ×2, blue ×2.
#
# turn 1 Ann takes the face-up red; a locomotive replaces it: three locomotives, so the row is
#        refreshed (yellow ×4, locomotive) — Ann's refresh. Her second card, blind: black.
# turn 2 Bob draws blind twice: a locomotive, then white.
# turn 3 Ann takes the face-up locomotive (her whole draw); orange replaces it.
# turn 4 Bob draws 3 tickets and keeps Kansas City–Houston (5).
# turn 5 Ann draws 3 tickets and keeps New York–Atlanta (6) and Chicago–New Orleans (7).
# turn 6 Bob claims Dallas–Houston with his red card: 2 trains left, the last round begins.
# turn 7 Ann draws green, green blind.  turn 8 Bob draws blue, blue blind. The game is over.
#
# Ann: face-up 2 (1 locomotive), blind 3 (no locomotive); tickets drawn 3, kept 2, both failed
#      (-13); turns: 3 drawing cards, 1 drawing tickets; 1 refresh; 45 trains left; total -13.
# Bob: blind 4 (1 locomotive); tickets drawn 3, kept 1, completed (+5); turns: 2 drawing cards,
#      1 drawing tickets, 1 claim; routes 2+2+1 = 5 points, the longest path (5) +10; total 20.

def usa_game() -> Game:
    start = scenario(
        USA, ["Ann", "Bob"], hands=[{}, {"red": 1}],
        face_up=["locomotive", "locomotive", "red", "blue", "green"],
        pile_top=["locomotive", "yellow", "yellow", "yellow", "yellow", "locomotive", "black",
                  "locomotive", "white", "orange", "green", "green", "blue", "blue"],
        claimed={"usa-056": 1, "usa-029": 1}, trains=[45, 3],
        ticket_pile=["usa-t12", "usa-t07", "usa-t03", "usa-t18", "usa-t04", "usa-t05"])
    return play(Game((start,)),
                DrawFaceUp("red"), DrawBlind(),
                DrawBlind(), DrawBlind(),
                DrawFaceUp("locomotive"),
                DrawTickets(), KeepTickets(("usa-t12",)),
                DrawTickets(), KeepTickets(("usa-t18", "usa-t04")),
                ClaimRoute("usa-026", "red"),
                DrawBlind(), DrawBlind(),
                DrawBlind(), DrawBlind())


def test_the_usa_game_counted_by_hand() -> None:
    game = usa_game()
    assert game.state.is_over
    stats = game_stats(game)
    assert stats == GameStats(
        players=(
            PlayerStats(name="Ann", route_points=0, ticket_points_won=0, ticket_points_lost=-13,
                        total=-13, cards_face_up=2, cards_blind=3, locomotives_face_up=1,
                        locomotives_blind=0, tickets_drawn=3, tickets_kept=2,
                        tickets_completed=0, tickets_failed=2,
                        turns=TurnCounts(draw_cards=3, draw_tickets=1), routes_claimed=0,
                        longest_trail=0, trains_left=45, stations_left=0, refreshes=1),
            PlayerStats(name="Bob", route_points=5, ticket_points_won=5, ticket_points_lost=0,
                        longest_bonus=10, total=20, cards_face_up=0, cards_blind=4,
                        locomotives_face_up=0, locomotives_blind=1, tickets_drawn=3,
                        tickets_kept=1, tickets_completed=1, tickets_failed=0,
                        turns=TurnCounts(draw_cards=2, claim_route=1, draw_tickets=1),
                        routes_claimed=3, longest_trail=5, trains_left=2, stations_left=0),
        ),
        turns=8, finished=True, last_round_turn=7, last_round_by="Bob", refreshes=1,
        refreshes_at_deal=0)


def test_the_points_agree_with_the_score_sheet() -> None:
    game = usa_game()
    stats, sheet = game_stats(game), score(game.state)
    for p, s in zip(stats.players, sheet.players, strict=True):
        assert p.total == s.total == (p.route_points + p.ticket_points + p.station_points
                                      + p.longest_bonus + p.depot_bonus)
        assert p.ticket_points == s.ticket_points


def test_statistics_follow_the_cursor() -> None:
    game = usa_game().jump(5)  # after turn 3: Ann's face-up locomotive
    stats = game_stats(game)
    ann, bob = stats.players
    assert (ann.cards_face_up, ann.cards_blind, ann.locomotives_face_up) == (2, 1, 1)
    assert (bob.cards_blind, bob.locomotives_blind) == (2, 1)
    assert stats.turns == 3 and not stats.finished and stats.last_round_turn is None
    assert ann.turns == TurnCounts(draw_cards=2)


def test_a_declined_tunnel_and_a_station_in_europe() -> None:
    # Ann offers two pink cards for the Marseille–Zurich tunnel; the reveal (pink, blue,
    # locomotive) asks for 2 more, which she lacks: she declines. Bob builds a station in
    # Zurich with one blue card. Revealed cards go to the discards: nobody drew them.
    start = scenario(EUROPE, ["Ann", "Bob"], hands=[{"pink": 2}, {"blue": 1}],
                     pile_top=["pink", "blue", "locomotive"])
    game = play(Game((start,)), ClaimRoute("eu-075", "pink"), DeclineTunnel(),
                BuildStation("Zurich", "blue"))
    ann, bob = game_stats(game).players
    assert ann.turns == TurnCounts(declined_tunnel=1) and ann.routes_claimed == 0
    assert ann.cards_drawn == 0 and ann.locomotives_drawn == 0
    assert bob.turns == TurnCounts(build_station=1)
    assert (bob.stations_left, bob.station_points) == (2, 8)  # 4 points per unused station
    assert (ann.stations_left, ann.station_points) == (3, 12)


def test_tickets_dealt_at_the_start_count_as_drawn() -> None:
    game = Game.new(USA, ["Ann", "Bob"], seed=2)
    offer = game.state.pending.tickets  # type: ignore[union-attr]
    game = play(game, KeepTickets(offer[:2]), KeepTickets(game.state.setup_offers[1]))
    ann, bob = game_stats(game).players
    assert (ann.tickets_drawn, ann.tickets_kept, bob.tickets_drawn, bob.tickets_kept) == \
        (3, 2, 3, 3)
    assert ann.turns.total == bob.turns.total == 0  # choosing tickets at the start is no turn


def test_refreshes_while_dealing_are_counted_apart() -> None:
    seed = 59  # this deal shows three locomotives once before play starts
    first = new_game(USA, ["Ann", "Bob"], seed)
    assert first.refreshes == 1
    stats = game_stats(Game((first,)))
    assert (stats.refreshes, stats.refreshes_at_deal) == (1, 1)
    assert all(p.refreshes == 0 for p in stats.players)


def test_reprs_evaluate_and_dicts_round_trip() -> None:
    stats = game_stats(usa_game())
    assert eval(repr(stats)) == stats
    assert game_stats_from_dict(json.loads(json.dumps(stats.to_dict()))) == stats


def test_states_and_actions_must_match() -> None:
    game = usa_game()
    with pytest.raises(ValueError, match="states: expected"):
        stats_of(game.states, game.actions[:-1])


# --- random games: every figure against an independent count of the actions ---------------------

@pytest.mark.parametrize("board, players, seed", [
    (USA, 2, 1), (USA, 4, 2), (EUROPE, 3, 3), (EUROPE, 5, 4),
])
def test_random_games_add_up(board, players, seed) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    game = Game.new(board, players, seed)
    while not game.state.is_over:
        game = game.play(random_action(game.state, rng))
    stats = game_stats(game)
    final = game.state
    log = game.log()
    for i, p in enumerate(stats.players):
        mine = [e for e in log if e.player == p.name]
        face_up = [e for e in mine if isinstance(e.action, DrawFaceUp)]
        assert p.cards_face_up == len(face_up)
        assert p.locomotives_face_up == sum(e.action.card == "locomotive" for e in face_up)
        assert p.cards_blind == sum(isinstance(e.action, DrawBlind) for e in mine)
        gained = sum(game.states[e.step + 1].players[i].hand[LOCO]
                     - game.states[e.step].players[i].hand[LOCO]
                     for e in mine if isinstance(e.action, DrawBlind))
        assert p.locomotives_blind == gained
        assert p.tickets_kept == len(final.players[i].tickets) == \
            sum(len(e.action.tickets) for e in mine if isinstance(e.action, KeepTickets))
        assert p.tickets_completed + p.tickets_failed == p.tickets_kept <= p.tickets_drawn
        assert p.turns.draw_tickets == sum(isinstance(e.action, DrawTickets) for e in mine)
        assert p.turns.claim_route + p.turns.declined_tunnel == \
            sum(isinstance(e.action, ClaimRoute) for e in mine)
        assert p.turns.claim_route == p.routes_claimed == len(final.players[i].routes)
        assert p.trains_left == final.players[i].trains
    assert sum(p.turns.total for p in stats.players) == stats.turns == final.turn
    assert sum(p.refreshes for p in stats.players) + stats.refreshes_at_deal == final.refreshes
    if stats.last_round_turn is not None:  # every player had exactly one turn in it
        assert final.turn - stats.last_round_turn + 1 == players


# --- ttr simulate and game records ---------------------------------------------------------------

def test_a_simulated_game_counts_what_its_history_counts() -> None:
    board, bots, seed = EUROPE, ["greedy", "random", "greedy"], game_seed(6, 0)
    result = play_game(board, bots, seed)
    # the same game again, kept as a history (the bots draw from the same generators)
    game = Game.new(board, [f"{b.capitalize()} {i + 1}" for i, b in enumerate(bots)], seed)
    rngs = [random.Random(f"ttr-bot:{seed}:{i}") for i in range(len(bots))]
    while not game.state.is_over:
        me = game.state.current
        game = game.play(BOTS[bots[me]](game.state, rngs[me]).action)
    stats = game_stats(game)
    assert tuple(p.stats for p in result.players) == stats.players
    assert result.last_round_turn == stats.last_round_turn and result.refreshes == \
        stats.refreshes


def test_simulate_files_carry_the_statistics(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out_json, out_csv = tmp_path / "runs.json", tmp_path / "runs.csv"
    for out in (out_json, out_csv):
        assert main(["simulate", "--quiet", "--map", "europe", "--players", "3", "--bots",
                     "greedy,random,greedy", "--games", "3", "--seed", "2", "--workers", "1",
                     "--out", str(out)]) == 0
    results = list(simulation.run("europe", ["greedy", "random", "greedy"], 3, seed=2,
                                  workers=1))
    data = json.loads(out_json.read_text())["results"]
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 9
    for game, result in zip(data, results, strict=True):
        assert game["last_round_turn"] == result.last_round_turn
        for i, (player, p) in enumerate(zip(game["players"], result.players, strict=True)):
            assert p.stats is not None
            assert player["stats"] == p.stats.to_dict()
            row = rows[3 * result.index + i]
            for column, value in p.stats.columns().items():
                if column == "refreshes":
                    assert int(row["refreshes_caused"]) == value
                else:
                    assert int(row[column]) == value, column
            assert int(row["refreshes"]) == result.refreshes
            assert row["last_round_turn"] == str(result.last_round_turn or "")


def test_a_record_carries_its_summary_and_loading_recomputes_it() -> None:
    game = Game.new(USA, ["Ann", "Bob"], seed=4)
    rng = random.Random(4)
    while not game.state.is_over:
        game = game.play(random_action(game.state, rng))
    record = to_record(game)
    assert record["summary"] == game_stats(game).to_dict()
    assert record_summary(record) == game_stats(game)
    record["summary"]["turns"] = 0  # a summary edited by hand is not believed
    assert record_summary(record) == game_stats(from_record(record))
    partway = to_record(game.jump(40))
    assert partway["summary"]["finished"] is False
    assert partway["summary"] == game_stats(game.jump(40)).to_dict()


# --- the statistics view (headless) --------------------------------------------------------------

def table_rows(table: str) -> dict[str, list[str]]:
    """``{label: [cell per player]}`` from the view's table."""
    rows: dict[str, list[str]] = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table):
        cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        if cells:
            rows[html.unescape(cells[0])] = cells[1:]
    return rows


def test_the_table_shows_the_hand_counted_figures() -> None:
    stats = game_stats(usa_game())
    table = stats_table_html(stats, USA, ("#111111", "#222222"))
    rows = table_rows(table)
    assert rows["Taken face-up"] == ["2", "0"] and rows["Drawn blind"] == ["3", "4"]
    assert rows["Locomotives taken face-up"] == ["1", "0"]
    assert rows["Locomotives drawn blind"] == ["0", "1"]
    assert rows["Drawn (the deal included)"] == ["3", "3"] and rows["Kept"] == ["2", "1"]
    assert rows["Completed"] == ["0", "1"] and rows["Failed"] == ["2", "0"]
    assert rows["Completed tickets"] == ["0", "+5"] and rows["Failed tickets"] == ["-13", "0"]
    assert rows["Longest Continuous Path bonus"] == ["0", "10"] and rows["Total"] == ["-13", "20"]
    assert rows["Drawing cards"] == ["3", "2"] and rows["Claiming a route"] == ["0", "1"]
    assert rows["In all"] == ["4", "4"] and rows["Trains left"] == ["45", "2"]
    assert rows["Face-up refreshes set off"] == ["1", "0"]
    # the USA map has no stations and no tunnels, and nobody passed: no such rows
    assert not {"Unused stations", "Stations left", "Building a station", "Giving up a tunnel",
                "Passing", "Depot bonus"} & set(rows)
    assert "#111111" in table and "#222222" in table and "Ann" in table and "Bob" in table
    assert "(s)" not in table and "usa-" not in table


def test_the_summary_is_plain_english() -> None:
    game = usa_game()
    assert stats_summary(game_stats(game)) == (
        "8 turns played; the game is over. Bob set off the last round, which began on turn 7. "
        "The face-up row showed three locomotives and was refreshed once.")
    assert stats_summary(game_stats(game.jump(1))) == (
        "0 turns played so far; the game is not over. The face-up row showed three "
        "locomotives and was refreshed once.")
    assert stats_summary(game_stats(game.jump(0))) == (
        "0 turns played so far; the game is not over. The face-up row never showed three "
        "locomotives.")


def test_europe_rows_name_stations_and_tunnels() -> None:
    start = scenario(EUROPE, ["Ann", "Bob"], hands=[{"pink": 2}, {"blue": 1}],
                     pile_top=["pink", "blue", "locomotive"])
    game = play(Game((start,)), ClaimRoute("eu-075", "pink"), DeclineTunnel(),
                BuildStation("Zurich", "blue"))
    rows = table_rows(stats_table_html(game_stats(game), EUROPE))
    assert rows["Giving up a tunnel"] == ["1", "0"] and rows["Building a station"] == ["0", "1"]
    assert rows["Stations left"] == ["3", "2"] and rows["Unused stations"] == ["+12", "+8"]
    assert rows["European Express bonus"] == ["0", "0"]
    assert rows["Not completed yet"] == ["0", "0"]  # the game is not over


def test_the_chart_compares_players_in_their_colours() -> None:
    stats = game_stats(usa_game())
    colors = ("#0072b2", "#d55e00")
    figure = stats_figure(stats, USA, colors)
    assert [t.name for t in figure.data] == ["Ann", "Bob"]
    assert [t.marker.color for t in figure.data] == list(colors)
    assert figure.layout.legend.title.text == "Players:"
    labels = [label for label, _value in chart_rows(stats, USA)]
    for trace, player in zip(figure.data, stats.players, strict=True):
        assert list(trace.y) == labels
        values = dict(zip(trace.y, trace.x, strict=True))
        assert values["cards taken face-up"] == player.cards_face_up
        assert values["locomotives drawn blind"] == player.locomotives_blind
        assert values["tickets drawn"] == player.tickets_drawn
        assert values["turns claiming a route"] == player.turns.claim_route
    assert "turns building a station" not in labels  # no stations on the USA map


def test_the_view_shows_and_clears() -> None:
    view = StatsView()
    assert view.layout.display == "none" and view.plot.outputs == ()
    stats = game_stats(usa_game())
    view.show(stats, USA, ("#0072b2", "#d55e00"))
    assert view.stats == stats and view.layout.display is None
    assert "ttr-stats-table" in view.table._dom_classes and "Taken face-up" in view.table.value
    (output,) = view.plot.outputs
    assert PLOTLY_MIME in output["data"] and "Ann: 5 cards drawn, 4 turns" in \
        output["data"]["text/plain"]
    view.clear()
    assert view.stats is None and view.figure is None and view.table.value == ""


def test_the_play_apps_score_tab_shows_the_statistics_when_the_game_ends() -> None:
    game = usa_game()
    app = PlayApp.from_game(game.jump(len(game.actions) - 1), ("human", "human"))
    assert app.scoring.stats.stats is None and app.scoring.stats.layout.display == "none"
    app.play(DrawBlind())  # Bob's last card: the game is over
    assert app.state.is_over and app.tabs.selected_index == 2
    assert app.scoring.stats.stats == game_stats(usa_game())
    rows = table_rows(app.scoring.stats.table.value)
    assert rows["Taken face-up"] == ["2", "0"]
    colors = [t.marker.color for t in app.scoring.stats.figure.data]
    assert colors == list(app.map_view.player_colors[:2])
    app.undo()
    assert app.scoring.stats.stats is None and app.scoring.stats.layout.display == "none"


def test_the_explorer_shows_a_records_statistics_and_says_a_position_has_none() -> None:
    explorer = ScoringExplorer(example_path("europe", "record"))
    expected = game_stats(load_record(example_path("europe", "record")))
    assert explorer.stats_view.stats == expected and explorer.stats_note.value == ""
    assert explorer.stats_view.layout.display is None
    names = [t.name for t in explorer.stats_view.figure.data]
    assert names == [p.name for p in expected.players]
    explorer.load("usa")  # the kit's example position: who holds what, no history
    assert explorer.stats_view.stats is None and explorer.stats_view.layout.display == "none"
    assert "open a game record" in explorer.stats_note.value


@pytest.mark.parametrize("map_name, players, index", [
    ("usa", 2, 0), ("usa", 4, 1), ("europe", 3, 2), ("europe", 5, 3),
])
def test_random_bots_on_the_fast_engine_count_the_same_statistics(  # type: ignore[no-untyped-def]
        map_name, players, index) -> None:
    """``ttr simulate`` plays random bots on the fast engine, which counts as it plays: every
    figure must equal the reference engine's count of the same game."""
    board, seed = load_map(map_name), game_seed(11, index)
    fast = play_game(board, ["random"] * players, seed, index)
    reference = play_game(board, ["random"] * players, seed, index, fast_path=False)
    assert [p.stats for p in fast.players] == [p.stats for p in reference.players]
    assert fast.last_round_turn == reference.last_round_turn
    assert fast == reference
