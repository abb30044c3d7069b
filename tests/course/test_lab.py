"""The probability lab's numbers.

Exact functions are checked three ways: against a count done by hand with binomials, against an
enumeration of every ordered draw (``odds.enumerate_draws``), and against seeded simulation.
Measured functions (over ``GameResult`` records) are checked on small hand-built records whose
answers are counted by hand, and for consistency on a short seeded bot run.

Simulation tolerance: an observed share over ``n`` trials has standard error
``sqrt(p(1-p)/n)``; we allow 4 standard errors (a correct formula fails that by chance about 6
times in 100,000). The generators are seeded, so each run draws the same cards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from math import comb, sqrt

import pytest

from ttr_widgets.bots import simulation
from ttr_widgets.bots.simulate import GameResult, PlayerResult, TicketOutcome
from ttr_widgets.course import lab_sample
from ttr_widgets.course.lab import (
    LATER,
    SETUP,
    ClaimFrequency,
    LabError,
    RefreshStats,
    chance_in_blind_draws,
    chance_in_new_row,
    claim_frequency,
    completion_by_value,
    fresh_row_refresh_chance,
    points_per_train,
    refresh_stats,
    results_from_records,
    seeing_curve,
    ticket_gamble,
    ticket_net,
    value_bucket,
)
from ttr_widgets.course.lab_plots import (
    claim_frequency_figure,
    claim_map_figure,
    completion_figure,
    distribution_figure,
    gamble_figure,
    points_per_train_figure,
    refresh_figure,
    seeing_figure,
)
from ttr_widgets.rules.actions import ClaimRoute
from ttr_widgets.rules.engine import apply, new_game, random_action
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import CARD_INDEX, EMPTY_HAND, LOCO, Hand, hand_from
from ttr_widgets.rules.odds import OddsError, enumerate_draws, unseen_pool, visible_cards
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState, TunnelPayment
from ttr_widgets.widgets.board.render import HIGHLIGHT

TRIALS = 40_000
SIGMAS = 4

USA = load_map("usa")
EUROPE = load_map("europe")
MINI = load_map("mini")


def cards(**counts: int) -> Hand:
    return hand_from(counts)


def close_enough(observed: Fraction, exact: Fraction, trials: int = TRIALS) -> bool:
    error = sqrt(float(exact * (1 - exact)) / trials)
    return abs(float(observed - exact)) <= SIGMAS * error


def card_list(pool: Hand) -> list[int]:
    return [card for card, n in enumerate(pool) for _ in range(n)]


# --- hand-built game records ------------------------------------------------------------------

def ticket(value: int, completed: bool, setup: bool = True) -> TicketOutcome:
    return TicketOutcome(f"t{value}", value, completed, setup)


def player(tickets: tuple[TicketOutcome, ...] = (), routes: tuple[str, ...] = ()) -> PlayerResult:
    return PlayerResult("P", "greedy", 0, 0, 0, 0, 0, 0, tickets, routes, 0, 0)


def game(map_name: str, *players: PlayerResult, refreshes: int = 0, index: int = 0) -> GameResult:
    return GameResult(index, 0, map_name, players, (), 50, 100, refreshes, "trains")


# Two 2-player USA games and one 3-player Europe game, counted by hand below.
RECORDS = (
    game("usa", player((ticket(5, True), ticket(9, True), ticket(21, False, setup=False))),
         player((ticket(7, False), ticket(10, True)))),
    game("usa", player((ticket(9, False), ticket(13, True, setup=False))),
         player((ticket(20, True),))),
    game("europe", player((ticket(8, True),)), player((ticket(6, True),)),
         player((ticket(21, False), ticket(8, True, setup=False)))),
)


@pytest.fixture(scope="module")
def usa_run() -> list[GameResult]:
    return list(simulation.run("usa", ["greedy", "random"], 12, seed=7, workers=1))


# --- what a player can see --------------------------------------------------------------------

def test_visible_cards_are_the_hand_the_row_and_the_discards() -> None:
    state = scenario(USA, 2, hands=[{"red": 3, "locomotive": 1}, {"blue": 2}],
                     face_up=["red", "green", "locomotive", "blue", "blue"],
                     discard=["red", "red", "white"])
    hand, seen = visible_cards(state)
    assert hand == cards(red=3, locomotive=1)
    assert seen == cards(red=3, green=1, blue=2, white=1, locomotive=1)
    assert visible_cards(state, 1) == (cards(blue=2), seen)


def test_visible_cards_names_a_missing_player() -> None:
    with pytest.raises(OddsError, match="player: no player 2 in a 2-player game"):
        visible_cards(scenario(USA, 2), 2)


def test_a_tunnels_revealed_cards_are_seen_while_they_wait() -> None:
    state = scenario(EUROPE, 2, hands=[{"red": 5}], face_up=["blue"] * 5,
                     pile_top=["red", "green", "locomotive"])
    state = apply(state, ClaimRoute("eu-085", "red"))  # Paris–Zurich, a 3-long gray tunnel
    assert isinstance(state.pending, TunnelPayment)
    hand, seen = visible_cards(state)
    assert hand == cards(red=5)
    assert seen == cards(blue=5, red=1, green=1, locomotive=1)


def unseen_truth(state: GameState, who: int) -> Hand:
    """What really is out of ``who``'s sight: the draw pile and the other hands."""
    counts = Counter(state.deck)
    for i, p in enumerate(state.players):
        if i != who:
            counts.update({card: n for card, n in enumerate(p.hand)})
    return tuple(counts[card] for card in range(len(EMPTY_HAND)))


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_the_unseen_pool_is_exactly_the_pile_and_the_other_hands(map_name: str) -> None:
    board = load_map(map_name)
    state, rng = new_game(board, 3, seed=11), random.Random(11)
    for step in range(400):
        if state.is_over:
            break
        if step % 7 == 0:
            for who in range(state.num_players):
                hand, seen = visible_cards(state, who)
                assert unseen_pool(hand, seen, board.deck) == unseen_truth(state, who)
        state = apply(state, random_action(state, rng))
    assert step > 100


# --- the 3-locomotive refresh -----------------------------------------------------------------

def test_fresh_row_refresh_by_hand() -> None:
    # 14 locomotives among 110 cards; at least 3 of the 5 dealt.
    by_hand = Fraction(sum(comb(14, k) * comb(96, 5 - k) for k in (3, 4, 5)), comb(110, 5))
    assert fresh_row_refresh_chance(USA) == by_hand == fresh_row_refresh_chance(EUROPE)
    assert f"{float(by_hand):.4f}" == "0.0144"


@pytest.mark.parametrize("board", [USA, MINI], ids=["usa", "mini"])
def test_fresh_row_refresh_by_enumeration(board) -> None:  # type: ignore[no-untyped-def]
    # Only "locomotive or not" matters: fold the colours into one kind (2**5 ordered draws).
    others = sum(board.deck) - board.deck[LOCO]
    folded = (others, *(0,) * 7, board.deck[LOCO])
    by_enumeration = sum((p for draw, p in enumerate_draws(folded, board.rules.face_up)
                          if draw.count(LOCO) >= board.rules.face_up_locomotive_reset),
                         Fraction(0))
    assert fresh_row_refresh_chance(board) == by_enumeration


@pytest.mark.parametrize("board", [USA, MINI], ids=["usa", "mini"])
def test_fresh_row_refresh_by_simulation(board) -> None:  # type: ignore[no-untyped-def]
    rng, deck = random.Random(3), card_list(board.deck)
    hits = sum(rng.sample(deck, 5).count(LOCO) >= 3 for _ in range(TRIALS))
    assert close_enough(Fraction(hits, TRIALS), fresh_row_refresh_chance(board))


def test_refresh_stats_counted_by_hand() -> None:
    results = [game("usa", player(), refreshes=n) for n in (0, 2, 0, 1)]
    stats = refresh_stats(results)
    assert stats == RefreshStats(games=4, refreshes=3, per_game=((0, 2), (1, 1), (2, 1)))
    assert stats.mean == Fraction(3, 4)
    assert stats.share_with_any == Fraction(1, 2)


def test_refresh_stats_of_a_run_add_up(usa_run: list[GameResult]) -> None:
    stats = refresh_stats(usa_run)
    assert stats.games == 12 == sum(n for _k, n in stats.per_game)
    assert stats.refreshes == sum(r.refreshes for r in usa_run)


def test_no_games_is_an_error_not_a_division_by_zero() -> None:
    with pytest.raises(LabError, match="results: no games"):
        refresh_stats([])


# --- seeing a colour --------------------------------------------------------------------------

def test_chance_to_see_red_in_a_new_row_by_hand() -> None:
    assert chance_in_new_row("red") == 1 - Fraction(comb(98, 5), comb(110, 5))
    # Holding 5 cards (4 red) and seeing 5 (3 red): 5 reds among the 100 unseen cards.
    hand, seen = cards(red=4, blue=1), cards(red=3, green=2)
    assert chance_in_new_row("red", hand, seen) == 1 - Fraction(comb(95, 5), comb(100, 5))


def test_chance_in_blind_draws_by_enumeration() -> None:
    deck = cards(red=3, blue=2, green=2, locomotive=3)
    hand, seen = cards(red=1), cards(blue=1, locomotive=1)
    pool = unseen_pool(hand, seen, deck)
    for n in range(5):
        by_enumeration = sum((p for draw, p in enumerate_draws(pool, n)
                              if CARD_INDEX["red"] in draw), Fraction(0))
        assert chance_in_blind_draws("red", n, hand, seen, deck) == by_enumeration


def test_chance_in_blind_draws_by_simulation() -> None:
    hand, seen = cards(green=3, locomotive=1), cards(green=4, red=1)
    pool = card_list(unseen_pool(hand, seen))
    rng, green = random.Random(5), CARD_INDEX["green"]
    hits = sum(green in rng.sample(pool, 4) for _ in range(TRIALS))
    exact = chance_in_blind_draws("green", 4, hand, seen)
    assert close_enough(Fraction(hits, TRIALS), exact)


def test_seeing_curve_rises_from_zero_to_certainty() -> None:
    deck = cards(red=2, blue=3)
    curve = seeing_curve("red", 6, deck=deck)
    assert curve[0] == 0
    assert curve[1] == Fraction(2, 5)
    assert curve[3] == 1 - Fraction(comb(3, 3), comb(5, 3))
    assert curve[4:] == (1, 1, 1)  # 4 draws from 5 cards cannot miss both reds
    assert list(curve) == sorted(curve)
    assert seeing_curve("red", 3) == tuple(chance_in_blind_draws("red", n) for n in range(4))
    assert set(seeing_curve("pink", 4, deck=deck)) == {0}


def test_seeing_questions_reject_impossible_input() -> None:
    with pytest.raises(LabError, match="max_draws must be a whole number"):
        seeing_curve("red", -1)
    with pytest.raises(TTRError, match="13 red cards in view"):
        chance_in_new_row("red", cards(red=13))
    with pytest.raises(TTRError, match="gray is a route colour"):
        chance_in_blind_draws("gray", 2)


# --- the ticket gamble ------------------------------------------------------------------------

def test_ticket_net_and_buckets() -> None:
    assert ticket_net(ticket(12, True)) == 12
    assert ticket_net(ticket(12, False)) == -12
    labels = [value_bucket(v) for v in (4, 7, 8, 11, 12, 19, 20, 22)]
    assert labels == ["≤7", "≤7", "8–11", "8–11", "12–15", "16–19", "≥20", "≥20"]
    assert value_bucket(5, (10,)) == "≤9" and value_bucket(10, (10,)) == "≥10"
    with pytest.raises(LabError, match="edges"):
        value_bucket(5, (10, 10))


def test_completion_by_value_counted_by_hand() -> None:
    rows = {(r.map, r.players, r.bucket): (r.completed, r.tickets)
            for r in completion_by_value(RECORDS)}
    assert rows == {
        ("usa", 2, "≤7"): (1, 2),  # 5 done, 7 missed
        ("usa", 2, "8–11"): (2, 3),  # 9 done, 10 done, 9 missed
        ("usa", 2, "12–15"): (1, 1),
        ("usa", 2, "≥20"): (1, 2),  # 20 done, 21 missed
        ("europe", 3, "≤7"): (1, 1),
        ("europe", 3, "8–11"): (2, 2),
        ("europe", 3, "≥20"): (0, 1),
    }
    order = [(r.map, r.bucket) for r in completion_by_value(RECORDS)]
    assert order[:4] == [("europe", "≤7"), ("europe", "8–11"), ("europe", "≥20"), ("usa", "≤7")]
    assert completion_by_value(RECORDS)[1].rate == 1


def test_completion_by_value_of_one_stage() -> None:
    later = completion_by_value(RECORDS, stage=LATER)
    assert [(r.map, r.bucket, r.completed, r.tickets) for r in later] == [
        ("europe", "8–11", 1, 1), ("usa", "12–15", 1, 1), ("usa", "≥20", 0, 1)]
    with pytest.raises(LabError, match="stage"):
        completion_by_value(RECORDS, stage="midgame")


def test_ticket_gamble_counted_by_hand() -> None:
    rows = {(r.map, r.players, r.stage): r for r in ticket_gamble(RECORDS)}
    assert [(r.map, r.stage) for r in ticket_gamble(RECORDS)] == [
        ("europe", SETUP), ("europe", LATER), ("usa", SETUP), ("usa", LATER)]
    usa_setup = rows["usa", 2, SETUP]
    # seats: 4 player-games; setup tickets 5+9-7+10-9+20 = 28 net over 6 tickets.
    assert (usa_setup.seats, usa_setup.holders, usa_setup.tickets, usa_setup.completed,
            usa_setup.net) == (4, 4, 6, 4, 28)
    assert usa_setup.net_per_ticket == Fraction(28, 6)
    usa_later = rows["usa", 2, LATER]
    # later tickets: a missed 21 and a completed 13, each held by a different seat.
    assert (usa_later.holders, usa_later.tickets, usa_later.net) == (2, 2, -8)
    assert usa_later.net_per_ticket == -4 and usa_later.net_per_holder == -4
    assert usa_later.share_holding == Fraction(1, 2)
    assert usa_later.completion_rate == Fraction(1, 2)
    eu_later = rows["europe", 3, LATER]
    assert (eu_later.seats, eu_later.holders, eu_later.net) == (3, 1, 8)


def test_a_stage_nobody_reached_has_no_average() -> None:
    (setup, later) = ticket_gamble([game("usa", player((ticket(8, True),)))])
    assert setup.net_per_ticket == 8
    assert later.tickets == 0 and later.net_per_ticket is None and later.net_per_holder is None


def test_the_ticket_gamble_of_a_run_adds_up(usa_run: list[GameResult]) -> None:
    setup, later = ticket_gamble(usa_run)
    every = [t for r in usa_run for p in r.players for t in p.tickets]
    assert setup.seats == later.seats == 24
    assert setup.tickets + later.tickets == len(every)
    assert setup.net + later.net == sum(ticket_net(t) for t in every)
    assert sum(r.tickets for r in completion_by_value(usa_run)) == len(every)


# --- route value ------------------------------------------------------------------------------

def test_points_per_train_from_the_scoring_table() -> None:
    usa = points_per_train(USA)
    assert [(v.length, v.points, v.per_train) for v in usa] == [
        (1, 1, 1), (2, 2, 1), (3, 4, Fraction(4, 3)), (4, 7, Fraction(7, 4)), (5, 10, 2),
        (6, 15, Fraction(5, 2))]
    assert sum(v.routes for v in usa) == len(USA.routes)
    europe = points_per_train(EUROPE)
    assert europe[-1].length == 8 and europe[-1].per_train == Fraction(21, 8)
    assert europe[-1].routes == 1  # Petrograd–Stockholm


def test_claim_frequency_counted_by_hand() -> None:
    results = [game("mini", player(routes=("m-01", "m-02")), player(routes=("m-05",))),
               game("mini", player(routes=("m-02",)), player(routes=("m-01",)), index=1)]
    rows = claim_frequency(MINI, results)
    assert [(r.route_id, r.claimed) for r in rows[:3]] == [("m-01", 2), ("m-02", 2), ("m-05", 1)]
    assert rows[0].share == 1 and rows[2].share == Fraction(1, 2)
    assert len(rows) == len(MINI.routes)
    assert {r.claimed for r in rows[3:]} == {0}
    assert rows[0].label == str(MINI.route("m-01"))


def test_claim_frequency_refuses_games_of_another_map(usa_run: list[GameResult]) -> None:
    with pytest.raises(LabError, match="game 0 was played on 'usa', not 'europe'"):
        claim_frequency(EUROPE, usa_run)


def test_claim_frequency_of_a_run_adds_up(usa_run: list[GameResult]) -> None:
    rows = claim_frequency(USA, usa_run)
    assert sum(r.claimed for r in rows) == sum(len(p.routes) for r in usa_run for p in r.players)
    assert all(0 <= r.share <= 1 for r in rows)
    assert [r.claimed for r in rows] == sorted((r.claimed for r in rows), reverse=True)


# --- records ----------------------------------------------------------------------------------

def test_results_round_trip_through_a_simulation_file(usa_run: list[GameResult]) -> None:
    text = simulation.to_json(simulation.header("usa", ["greedy", "random"], 7, 12), usa_run)
    assert results_from_records(json.loads(text)["results"]) == tuple(usa_run)


def test_a_broken_record_is_named() -> None:
    record = game("usa", player()).to_dict()
    del record["refreshes"]
    with pytest.raises(LabError, match=r"records\[1\]: not a game result"):
        results_from_records([game("usa", player()).to_dict(), record])



# --- the lab's figures ------------------------------------------------------------------------

def test_distribution_figure_labels_each_bar_with_its_fraction() -> None:
    dist = (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4), Fraction(0))
    bars = distribution_figure(dist).data[0]
    assert bars.x == ("0 extra", "1 extra", "2 extra", "3 extra")
    assert bars.y == (0.5, 0.25, 0.25, 0.0)
    assert bars.text == ("1/2<br>50.0 %", "1/4<br>25.0 %", "1/4<br>25.0 %", "0<br>0.0 %")


def test_completion_and_gamble_figures_have_one_series_per_map_and_player_count() -> None:
    figure = completion_figure(completion_by_value(RECORDS))
    assert [t.name for t in figure.data] == ["Europe, 3 players", "USA, 2 players"]
    usa = figure.data[1]
    assert usa.x == ("≤7", "8–11", "12–15", "≥20")
    assert figure.layout.xaxis.categoryarray == ("≤7", "8–11", "12–15", "≥20")  # value order
    assert usa.y == (0.5, 2 / 3, 1.0, 0.5)
    assert "2 of 3 completed" in usa.hovertext[1]
    gamble = gamble_figure(ticket_gamble(RECORDS))
    assert [t.name for t in gamble.data] == ["kept at setup", "drawn during the game"]
    assert gamble.data[1].x == ("Europe, 3 players", "USA, 2 players")
    assert gamble.data[1].y == (8.0, -4.0)


def test_refresh_and_seeing_figures() -> None:
    stats = refresh_stats([game("usa", player(), refreshes=n) for n in (0, 2, 0, 1)])
    bars = refresh_figure(stats).data[0]
    assert bars.x == (0, 1, 2) and bars.y == (0.5, 0.25, 0.25)
    assert bars.text == ("50.0 %", "25.0 %", "25.0 %")
    curve = seeing_curve("red", 3, deck=cards(red=2, blue=3))
    line = seeing_figure({"red": curve}).data[0]
    assert line.name == "red" and line.y == tuple(float(p) for p in curve)


def test_route_value_figures() -> None:
    per_train = points_per_train_figure({"usa": points_per_train(USA)}).data[0]
    assert per_train.x == (1, 2, 3, 4, 5, 6) and per_train.y[-1] == 2.5
    results = [game("mini", player(routes=("m-01", "m-02")), player(routes=("m-05",))),
               game("mini", player(routes=("m-02",)), player(routes=("m-01",)), index=1)]
    rows = claim_frequency(MINI, results)
    bars = claim_frequency_figure(rows, top=3).data[0]
    assert bars.y == tuple(str(MINI.route(r)) for r in ("m-05", "m-02", "m-01"))  # top last
    assert not any("m-0" in text for text in (*bars.y, *bars.hovertext))  # no internal ids
    assert bars.x == (0.5, 1.0, 1.0)
    twins = [game("mini", player(routes=("m-03",)), player(routes=("m-04",)))]  # a double route
    names = claim_frequency_figure(claim_frequency(MINI, twins), top=2).data[0].y
    assert sorted(names) == sorted(str(MINI.route(r)) for r in ("m-03", "m-04"))  # own colours
    same = [ClaimFrequency("usa-002", "A–B (2 gray)", 2, 3, 4),
            ClaimFrequency("usa-001", "A–B (2 gray)", 2, 1, 4)]  # twins that read the same
    assert claim_frequency_figure(same).data[0].y == ("A–B (2 gray), track 1",
                                                      "A–B (2 gray), track 2")
    board = claim_map_figure(MINI, rows, top=2)
    assert board.data[HIGHLIGHT].name == "2 most claimed"
    assert len(board.data[HIGHLIGHT].x) > 0
    # many games' claims, no one game's players: the key names no "player 1"…"player 5"
    assert not [t.name for t in board.data if t.legendrank and 3000 <= t.legendrank < 4000
                and t.showlegend]


def test_tickets_drawn_in_play_remember_when_and_the_stages_add_up():
    from ttr_widgets.bots import simulation
    from ttr_widgets.course import lab
    results = list(simulation.run("usa", ["greedy", "greedy"], 12, seed=5, workers=1))
    later = [t for r in results for p in r.players for t in p.tickets if not t.kept_at_setup]
    setup = [t for r in results for p in r.players for t in p.tickets if t.kept_at_setup]
    assert later and all(t.drawn_turn is not None and 0 <= t.trains_at_draw <= 45 for t in later)
    assert all(t.drawn_turn is None and t.trains_at_draw is None for t in setup)
    staged = lab.gamble_by_trains_left(results)
    assert [r.stage for r in staged] == ["30+ trains left", "15-29 trains left",
                                         "under 15 trains left"]
    whole = next(g for g in lab.ticket_gamble(results) if g.stage == lab.LATER)
    assert sum(r.tickets for r in staged) == whole.tickets
    assert sum(r.net for r in staged) == whole.net
    again = lab.results_from_records([r.to_dict() for r in results])
    assert again == tuple(results)


# --- the shipped sample of bot games ------------------------------------------------------------

def _without_stats(result: GameResult) -> dict:
    record = result.to_dict()
    for seat in record["players"]:
        seat.pop("stats", None)  # the sample leaves the statistics out (the lab does not use them)
    return record


def test_the_shipped_sample_is_what_the_bots_play() -> None:
    """The lab reads its games from a file; they must be the games the bots play now (after a
    change to the bots or the engine: python -m ttr_widgets.course.lab_sample)."""
    sample = lab_sample.sample_games()
    assert list(sample) == list(lab_sample.RUNS)
    assert all(len(games) == lab_sample.GAMES for games in sample.values())
    fresh = lab_sample.play_sample(games=2)
    for run, games in fresh.items():
        assert [_without_stats(g) for g in sample[run][:2]] == [_without_stats(g) for g in games]
    assert sample["europe", 4][0].players[0].name == "Greedy 1"
    assert all(r.startswith("eu-") for p in sample["europe", 4][0].players for r in p.routes)


def test_the_sample_file_round_trips_and_names_a_bad_file(tmp_path) -> None:
    sample = lab_sample.play_sample(games=2, runs=(("usa", 2),))
    path = lab_sample.write_sample(tmp_path / "games.json", sample)
    again = lab_sample.sample_games(path)
    assert [_without_stats(g) for g in again["usa", 2]] == \
        [_without_stats(g) for g in sample["usa", 2]]
    (tmp_path / "bad.json").write_text('{"format": "something else"}')
    with pytest.raises(TTRError, match="not a 'ttr-widgets lab sample' file"):
        lab_sample.sample_games(tmp_path / "bad.json")
