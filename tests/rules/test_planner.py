"""The ticket planner: exact against brute force on the mini map, against an independent
four-terminal Steiner formula on USA and Europe, and on hand-worked cases."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from ttr_widgets.course import lessons
from ttr_widgets.rules import load_map
from ttr_widgets.rules.graph import cheapest_paths, connected
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.planner import (
    Bottleneck,
    Plan,
    bottlenecks,
    bottlenecks_for,
    plan,
    plan_for,
    plan_if_taken,
    review_for,
)
from ttr_widgets.rules.scenario import scenario

MINI = load_map("mini")
USA = load_map("usa")
EUROPE = load_map("europe")


# ----------------------------------------------------------------------------- references


def brute_force(board: Board, tickets, owned=(), blocked=()) -> int | None:
    """The fewest trains by trying every set of open routes, cheapest first."""
    free = [r for r in board.routes if r.id not in owned and r.id not in blocked]
    best = None
    for size in range(len(free) + 1):
        for subset in itertools.combinations(free, size):
            cost = sum(r.length for r in subset)
            if best is not None and cost >= best:
                continue
            network = {r.id for r in subset} | set(owned)
            if all(connected(board, network, board.ticket(t).a, board.ticket(t).b)
                   for t in tickets):
                best = cost
    return best


def check_plan_is_a_plan(board: Board, result: Plan, owned=(), blocked=()) -> None:
    """The plan's routes join every reachable ticket, cost what it says, and avoid blocked."""
    assert not set(result.routes) & set(blocked)
    assert not set(result.to_claim) & set(owned)
    assert set(result.to_claim) <= set(result.routes) <= set(result.to_claim) | set(owned)
    network = set(result.routes)
    for tid in result.tickets:
        if tid not in result.unreachable:
            ticket = board.ticket(tid)
            assert connected(board, network, ticket.a, ticket.b), tid
    if result.trains is not None:
        assert result.trains == sum(board.route(r).length for r in result.to_claim)
    assert sorted(result.routes, key=lambda r: board.route(r).index) == list(result.routes)
    for rid, users in result.shared.items():
        assert rid in result.routes and set(users) <= set(result.tickets)


def random_case(board: Board, rng: random.Random, most_tickets: int, most_owned: int,
                most_blocked: int):
    tickets = [t.id for t in rng.sample(board.tickets, rng.randint(1, most_tickets))]
    routes = [r.id for r in board.routes]
    rng.shuffle(routes)
    owned = routes[:rng.randint(0, most_owned)]
    blocked = routes[len(owned):len(owned) + rng.randint(0, most_blocked)]
    return tickets, owned, blocked


def all_distances(board: Board, blocked=()) -> dict[str, dict[str, float]]:
    """Floyd–Warshall over the open routes (no owned routes)."""
    inf = float("inf")
    names = [c.name for c in board.cities]
    d = {a: {b: (0 if a == b else inf) for b in names} for a in names}
    for r in board.routes:
        if r.id not in blocked:
            d[r.a][r.b] = d[r.b][r.a] = min(d[r.a][r.b], r.length)
    for k in names:
        dk = d[k]
        for a in names:
            dak = d[a][k]
            row = d[a]
            for b in names:
                if dak + dk[b] < row[b]:
                    row[b] = dak + dk[b]
    return d


def two_ticket_forest(board: Board, d, first, second) -> float:
    """Two tickets need either two separate paths or one tree over four cities; a Steiner tree
    over four terminals has two branch points u, v (possibly terminals or equal) each joining
    one pair: min over the three pairings of d(p,u)+d(q,u)+d(u,v)+d(r,v)+d(s,v)."""
    t1, t2 = board.ticket(first), board.ticket(second)
    p, q, r, s = t1.a, t1.b, t2.a, t2.b
    separate = d[p][q] + d[r][s]
    best = separate
    for (w, x), (y, z) in (((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))):
        near_wx = {u: d[w][u] + d[x][u] for u in d}
        near_yz = {v: d[y][v] + d[z][v] for v in d}
        for u, left in near_wx.items():
            du = d[u]
            best = min(best, left + min(du[v] + near_yz[v] for v in d))
    return best


# ----------------------------------------------------------------------------- brute force


@pytest.mark.parametrize("pair", list(itertools.combinations([t.id for t in MINI.tickets], 2)))
def test_every_pair_of_mini_tickets_matches_brute_force(pair):
    result = plan(MINI, pair)
    assert result.trains == brute_force(MINI, pair)
    check_plan_is_a_plan(MINI, result)


@pytest.mark.parametrize("seed", range(12))
def test_random_mini_cases_with_owned_and_blocked_routes_match_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(25):
        tickets, owned, blocked = random_case(MINI, rng, 6, 3, 3)
        result = plan(MINI, tickets, owned, blocked)
        assert result.trains == brute_force(MINI, tickets, owned, blocked), \
            (tickets, owned, blocked)
        check_plan_is_a_plan(MINI, result, owned, blocked)
        if result.trains is None:
            alone = {t for t in tickets if brute_force(MINI, [t], owned, blocked) is None}
            assert set(result.unreachable) == alone


@pytest.mark.parametrize("seed", range(6))
def test_mini_bottlenecks_are_the_recomputed_extra_trains(seed):
    rng = random.Random(100 + seed)
    for _ in range(15):
        tickets, owned, blocked = random_case(MINI, rng, 4, 2, 2)
        base = plan(MINI, tickets, owned, blocked)
        if base.trains is None:
            continue
        found = bottlenecks(MINI, tickets, owned, blocked, base)
        assert [b.route for b in found] == sorted(
            base.to_claim, key=lambda rid: [b.route for b in found].index(rid))
        assert sorted(b.route for b in found) == sorted(base.to_claim)
        for b in found:
            after = brute_force(MINI, tickets, owned, [*blocked, b.route])
            assert b.extra == (None if after is None else after - base.trains)
        keys = [(b.extra is not None, -(b.extra or 0)) for b in found]
        assert keys == sorted(keys)


# ----------------------------------------------------------------------------- big maps


@pytest.mark.parametrize("board", [USA, EUROPE], ids=["usa", "europe"])
def test_two_tickets_on_the_big_maps_match_the_four_city_steiner_formula(board):
    rng = random.Random(7)
    blocked = [r.id for r in rng.sample(board.routes, 12)]
    d = all_distances(board, blocked)
    for _ in range(12):
        first, second = (t.id for t in rng.sample(board.tickets, 2))
        result = plan(board, [first, second], blocked=blocked)
        expected = two_ticket_forest(board, d, first, second)
        assert result.trains == (None if expected == float("inf") else expected)
        check_plan_is_a_plan(board, result, blocked=blocked)


@pytest.mark.parametrize("board", [USA, EUROPE], ids=["usa", "europe"])
def test_five_tickets_on_the_big_maps_are_plans_between_the_obvious_bounds(board):
    """No cheaper than the dearest ticket alone, no dearer than each ticket on its own path;
    adding a ticket never makes the plan cheaper; owning a planned route saves its length."""
    rng = random.Random(11)
    d = all_distances(board)
    for _ in range(4):
        tickets = [t.id for t in rng.sample(board.tickets, 5)]
        result = plan(board, tickets)
        check_plan_is_a_plan(board, result)
        alone = [d[board.ticket(t).a][board.ticket(t).b] for t in tickets]
        assert max(alone) <= result.trains <= sum(alone)
        assert plan(board, tickets[:4]).trains <= result.trains
        first = board.route(result.to_claim[0])
        assert plan(board, tickets, owned=[first.id]).trains == result.trains - first.length


def test_usa_seattle_los_angeles_by_hand():
    # Seattle–Portland 1 + Portland–San Francisco 5 + San Francisco–Los Angeles 3 = 9; the other
    # ways are longer (Seattle–Helena 6 alone nearly matches). Points: routes 1 + 10 + 4, and
    # the ticket's 9. Every route of it is a double, so its other track is a free substitute.
    result = plan(USA, ["usa-t24"])
    assert result.trains == 9
    assert result.routes == ("usa-069", "usa-089", "usa-091")
    assert result.points == 1 + 10 + 4 + 9
    assert dict(result.cards) == {"green": 5, "pink": 3, "gray": 1}
    assert all(b.extra == 0 for b in bottlenecks(USA, ["usa-t24"]))


def test_usa_tickets_that_share_routes_by_hand():
    # Seattle–Los Angeles (9) and Portland–Phoenix (Portland–San Francisco–Los Angeles–Phoenix,
    # 5 + 3 + 3 = 11) share Portland–San Francisco–Los Angeles: 9 + 3 for Los Angeles–Phoenix
    # = 12 rather than 20. If Los Angeles–Phoenix (3) is taken, Phoenix is reached by Los
    # Angeles–El Paso–Phoenix (6 + 3): 6 more.
    tickets = ["usa-t24", "usa-t20"]
    result = plan(USA, tickets)
    assert result.trains == 12
    assert result.routes == ("usa-068", "usa-069", "usa-089", "usa-091")
    assert result.shared["usa-089"] == ("usa-t24", "usa-t20")
    assert result.shared["usa-068"] == ("usa-t20",)
    assert bottlenecks(USA, tickets, base=result)[0] == Bottleneck("usa-068", 6)


def test_usa_blocked_and_owned_routes_by_hand():
    # Both Portland–San Francisco tracks taken: Seattle–Portland 1, Portland–Salt Lake City 6,
    # Salt Lake City–Las Vegas 3, Las Vegas–Los Angeles 2 = 12 (via San Francisco: 1 + 6 + 5
    # + 3 = 15; via Helena: 6 + 3 + 3 + 2 = 14). Losing Las Vegas–Los Angeles (2) sends it
    # Salt Lake City–San Francisco–Los Angeles (5 + 3): 3 more; losing Portland–Salt Lake City
    # (6), Seattle–Helena–Salt Lake City (6 + 3) instead of 1 + 6: 2 more.
    blocked = ["usa-089", "usa-090"]
    result = plan(USA, ["usa-t24"], blocked=blocked)
    assert result.trains == 12
    assert result.to_claim == ("usa-062", "usa-063", "usa-088", "usa-091")
    extra = {b.route: b.extra for b in bottlenecks(USA, ["usa-t24"], blocked=blocked)}
    assert extra == {"usa-062": 3, "usa-063": 3, "usa-088": 2, "usa-091": 0}
    # Owning Portland–San Francisco and one San Francisco–Los Angeles leaves Seattle–Portland.
    owned = plan(USA, ["usa-t24"], owned=["usa-089", "usa-069"])
    assert (owned.trains, owned.to_claim) == (1, ("usa-091",))
    assert owned.routes == ("usa-069", "usa-089", "usa-091")
    assert owned.points == 1 + 9


def test_europe_london_berlin_and_edinburgh_paris_by_hand():
    # London–Berlin alone is 7 (London–Amsterdam ferry 2, Amsterdam–Frankfurt 2,
    # Frankfurt–Berlin 3); Edinburgh–Paris alone is 7 (Edinburgh–London 4, London–Dieppe 2,
    # Dieppe–Paris 1). Together not 14 but 13: Edinburgh–London–Dieppe–Paris, then
    # Paris–Frankfurt 3 and Frankfurt–Berlin 3, so London–Berlin runs through Paris.
    tickets = ["eu-t21", "eu-t15"]
    assert plan(EUROPE, ["eu-t21"]).trains == 7
    assert plan(EUROPE, ["eu-t15"]).trains == 7
    result = plan(EUROPE, tickets)
    assert result.trains == 13
    assert result.routes == ("eu-017", "eu-048", "eu-050", "eu-051", "eu-059")
    assert result.shared["eu-050"] == ("eu-t21", "eu-t15")
    # London–Dieppe is a ferry of 2 with one locomotive: 1 card of any colour and 1 locomotive.
    assert result.cards["locomotive"] == 1 and result.cards["gray"] == 1
    # Dieppe–Paris (1) is the one that hurts: without it Paris is reached from Dieppe by
    # Brussels (2 + 2) and the plan changes; nothing else costs more than 0.
    found = bottlenecks(EUROPE, tickets, base=result)
    assert found[0] == Bottleneck("eu-050", 1)
    assert all(b.extra == 0 for b in found[1:])


def test_a_ticket_that_cannot_be_completed():
    # Ayr's only routes are Ayr–Bree and Ayr–Dale: with both blocked Ayr–Fife is impossible;
    # the rest of the plan still joins Dale–Eton (2) and the points count Ayr–Fife's 8 against.
    # Without Dale–Eton, Dale–Bree 1 + Bree–Eton 2 = 3: one more.
    result = plan(MINI, ["mini-t01", "mini-t08"], blocked=["m-01", "m-02"])
    assert result.trains is None
    assert result.unreachable == ("mini-t01",)
    assert result.to_claim == ("m-08",)
    assert result.points == 2 + 2 - 8
    assert bottlenecks(MINI, ["mini-t01", "mini-t08"], blocked=["m-01", "m-02"]) == (
        Bottleneck("m-08", 1),)


def test_bad_ids_and_contradictions_raise():
    with pytest.raises(KeyError, match="no ticket"):
        plan(USA, ["usa-t99"])
    with pytest.raises(KeyError, match="no route"):
        plan(USA, ["usa-t01"], owned=["usa-999"])
    with pytest.raises(ValueError, match="both owned and blocked"):
        plan(USA, ["usa-t01"], owned=["usa-001"], blocked=["usa-001"])


def test_a_plan_is_immutable_and_repeatable():
    first = plan(USA, ["usa-t24", "usa-t20"])
    with pytest.raises(AttributeError):
        first.trains = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        first.cards["red"] = 1  # type: ignore[index]
    assert plan(USA, ("usa-t24", "usa-t20")) == first
    assert eval(repr(first)) == first


# ----------------------------------------------------------------------------- game positions


def test_plan_for_a_player_in_a_two_player_game():
    # Ann owns Seattle–Portland; Bob owns one Portland–San Francisco track, and with two
    # players the other track is closed (rule claim.double-small). Ann's tickets: Seattle–Los
    # Angeles and Portland–Phoenix. Portland–Salt Lake City 6, Salt Lake City–Las Vegas 3,
    # Las Vegas–Los Angeles 2, Los Angeles–Phoenix 3 = 14.
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-091": 0, "usa-089": 1},
                     tickets=[["usa-t24", "usa-t20"], ["usa-t01"]])
    result = plan_for(state, 0)
    assert result.trains == 14
    assert result.tickets == ("usa-t24", "usa-t20")
    assert result.to_claim == ("usa-062", "usa-063", "usa-068", "usa-088")
    assert "usa-091" in result.routes
    # Bob's own ticket Boston–Miami, planned for him although it is Ann's turn.
    assert plan_for(state, 1).trains == plan(USA, ["usa-t01"], owned=["usa-089"],
                                             blocked=["usa-091", "usa-092"]).trains
    # Other tickets on request.
    assert plan_for(state, 0, ["usa-t24"]).trains == 11


def test_plan_for_with_four_players_keeps_the_other_track_open():
    # With four players both tracks of a double route are used: Ann may take the other
    # Portland–San Francisco track, 5 + 3 to Los Angeles and 3 to Phoenix = 11.
    state = scenario(USA, ["Ann", "Bob", "Cy", "Di"], claimed={"usa-091": 0, "usa-089": 1},
                     tickets=[["usa-t24", "usa-t20"], [], [], []])
    result = plan_for(state, 0)
    assert result.trains == 11
    assert "usa-090" in result.to_claim


def test_bottlenecks_for_follow_the_double_route_rule_of_the_game():
    # Seattle–Los Angeles, 9, through one Portland–San Francisco track. With two players an
    # opponent taking that track closes the other too: 12 instead of 9. With four, 0.
    two = scenario(USA, ["Ann", "Bob"], tickets=[["usa-t24"], []])
    four = scenario(USA, ["Ann", "Bob", "Cy", "Di"], tickets=[["usa-t24"], [], [], []])
    extra_two = {b.route: b.extra for b in bottlenecks_for(two, 0)}
    extra_four = {b.route: b.extra for b in bottlenecks_for(four, 0)}
    assert extra_two["usa-089"] == 3
    assert extra_four["usa-089"] == 0


def test_plan_for_a_complete_ticket_costs_nothing():
    state = scenario(MINI, 2, claimed={"m-01": 0}, tickets=[["mini-t07"], []])
    result = plan_for(state, 0)
    assert (result.trains, result.to_claim, result.routes) == (0, (), ("m-01",))
    assert result.complete
    assert bottlenecks_for(state, 0) == ()


def test_plan_if_taken_agrees_with_the_bottlenecks():
    # Two players: an opponent taking Portland–San Francisco closes its other track, so
    # Seattle–Los Angeles goes Portland–Salt Lake City–Las Vegas (12); with four players the
    # other track remains (9).
    two = scenario(USA, ["Ann", "Bob"], claimed={"usa-091": 0}, tickets=[["usa-t24"], []])
    four = scenario(USA, ["Ann", "Bob", "Cy", "Di"], claimed={"usa-091": 0},
                    tickets=[["usa-t24"], [], [], []])
    assert plan_if_taken(two, 0, "usa-089").trains == 11
    assert plan_if_taken(four, 0, "usa-089").trains == 8
    base = plan_for(two, 0)
    for b in bottlenecks_for(two, 0):
        assert plan_if_taken(two, 0, b.route).trains - base.trains == b.extra
    # A route the plan does not use changes nothing; a route of the player's cannot be taken.
    assert plan_if_taken(two, 0, "usa-001").trains == base.trains
    with pytest.raises(ValueError, match="belongs to Ann"):
        plan_if_taken(two, 0, "usa-091")


TEAM = load_map(str(Path(__file__).resolve().parents[1] / "fixtures" / "team" / "teamtest.json"))


def test_two_tickets_on_a_map_with_triple_routes_match_the_four_city_formula():
    d = all_distances(TEAM)
    for first, second in itertools.combinations([t.id for t in TEAM.tickets[::3]], 2):
        result = plan(TEAM, [first, second])
        assert result.trains == two_ticket_forest(TEAM, d, first, second), (first, second)
        check_plan_is_a_plan(TEAM, result)


def test_a_triple_route_closes_whole_when_its_tracks_close_together():
    # Ash–Birch is a triple of 2s. If its other tracks stay open, losing the one planned costs
    # nothing; if they all close, Ash–Elm 3, Elm–Fern 4, Fern–Birch 1 = 8: 6 more.
    base = plan(TEAM, ["kt-01"])
    assert (base.trains, base.to_claim) == (2, ("k-01",))
    assert bottlenecks(TEAM, ["kt-01"]) == (Bottleneck("k-01", 0),)
    assert bottlenecks(TEAM, ["kt-01"], twins_close=True) == (Bottleneck("k-01", 6),)


def test_review_of_a_plan_a_learner_built():
    # Lesson 4's plan: Chicago–New Orleans and Montreal–New Orleans. Each ticket's own cheapest
    # path (Chicago–Saint Louis–Little Rock–New Orleans 7; Montreal–New York–Pittsburgh–
    # Raleigh–Atlanta–New Orleans 3 + 2 + 2 + 2 + 4 = 13) join both with 20 trains; going
    # Montreal–Toronto–Chicago (3 + 4) and sharing the Chicago line takes 14.
    state = lessons.plan_exercise()
    east = ["usa-072", "usa-078", "usa-084", "usa-006", "usa-004"]
    chicago_line = ["usa-022", "usa-065", "usa-067"]
    assert [str(USA.route(r)) for r in chicago_line] == [
        "Chicago–Saint Louis (2 green)", "Little Rock–New Orleans (3 green)",
        "Little Rock–Saint Louis (2 gray)"]
    separate = review_for(state, 0, east + chicago_line)
    assert (separate.trains, separate.missing, separate.spare) == (20, (), ())
    assert separate.fewest.trains == 14 and not separate.cheapest
    best = review_for(state, 0, separate.fewest.routes)
    assert best.cheapest and best.trains == 14
    extra = review_for(state, 0, (*separate.fewest.routes, "usa-001"))
    assert extra.spare == ("usa-001",) and not extra.cheapest
    half = review_for(state, 0, chicago_line)
    assert half.joined == ("usa-t04",) and half.missing == ("usa-t17",)
    taken = scenario(USA, ["Ann", "Ben"], claimed={"usa-022": 1},
                     tickets=[list(state.players[0].tickets), []])
    blocked = review_for(taken, 0, chicago_line)
    assert blocked.unusable == ("usa-022",) and blocked.missing == ("usa-t04", "usa-t17")


@pytest.mark.parametrize("seed", range(5))
def test_cheapest_paths_with_free_and_closed_routes_match_floyd(seed):
    """graph.cheapest_paths, the planner's one search: against Floyd–Warshall on the mini map
    with some routes free (cost 0) and some closed; each city's route back leads home."""
    rng = random.Random(seed)
    routes = list(MINI.routes)
    rng.shuffle(routes)
    free, closed = {r.id for r in routes[:3]}, {r.id for r in routes[3:5]}
    costs = [None if r.id in closed else 0 if r.id in free else r.length for r in MINI.routes]
    names = [c.name for c in MINI.cities]
    inf = float("inf")
    d = {a: {b: 0 if a == b else inf for b in names} for a in names}
    for r in MINI.routes:
        if costs[r.index] is not None:
            d[r.a][r.b] = d[r.b][r.a] = min(d[r.a][r.b], costs[r.index])
    for k, a, b in itertools.product(names, names, names):
        d[a][b] = min(d[a][b], d[a][k] + d[k][b])
    for source in names:
        best, came_by = cheapest_paths(MINI, source, costs)
        assert best == {c: v for c, v in d[source].items() if v < inf}
        for city in best:
            total, at = 0, city
            while at != source:
                total += costs[came_by[at].index]
                at = came_by[at].other(at)
            assert total == best[city]
