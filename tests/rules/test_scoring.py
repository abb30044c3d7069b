"""Final scoring on named positions worked out by hand, station borrowings checked against brute
force, tie-breaks, and the text table."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from ttr_widgets.rules import PositionError, load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.score_sheet import format_score_sheet
from ttr_widgets.rules.scoring import (
    Holding,
    ScoreSheet,
    StationBorrow,
    TicketResult,
    score_game,
)
from ttr_widgets.testing.references import roots

MINI = load_map("mini")
USA = load_map("usa")
EUROPE = load_map("europe")


def holding(name: str, routes: list[str], tickets: list[str],
            stations: list[str] | None = None) -> Holding:
    return Holding(name, frozenset(routes), tuple(tickets), tuple(stations or ()))


def assert_totals_add_up(sheet: ScoreSheet) -> None:
    for score in sheet.players:
        assert score.total == sum(points for _, points in score.breakdown())
        assert score.ticket_points == sum(t.points for t in score.tickets)
        assert score.tickets_completed == sum(t.completed for t in score.tickets)


# ----------------------------------------------------------------------------- USA


USA_GAME = [
    # West coast: Seattle-Portland 1, Portland-San Francisco 5, San Francisco-Los Angeles 3,
    # Los Angeles-Phoenix 3, Phoenix-Santa Fe 3, Santa Fe-Denver 2 (17 trains, one line).
    holding("Ann", ["usa-091", "usa-089", "usa-069", "usa-068", "usa-083", "usa-039"],
            ["usa-t24", "usa-t20", "usa-t07"]),
    # North-east tree: Chicago-Pittsburgh 3; Pittsburgh-New York 2, New York-Boston 2;
    # Pittsburgh-Washington 2, Washington-Raleigh 2, Raleigh-Atlanta 2.
    holding("Ben", ["usa-020", "usa-078", "usa-010", "usa-087", "usa-093", "usa-006"],
            ["usa-t18", "usa-t33"]),
    # A loop Dallas-Houston 1, Houston-New Orleans 2, New Orleans-Little Rock 3, Little
    # Rock-Dallas 2, with a tail Little Rock-Oklahoma City 2, Oklahoma City-Kansas City 2,
    # Kansas City-Omaha 1, Omaha-Chicago 4.
    holding("Cat", ["usa-026", "usa-055", "usa-065", "usa-028", "usa-066", "usa-056", "usa-058",
                    "usa-019"], ["usa-t12", "usa-t10", "usa-t04"]),
]


def test_usa_game_by_hand() -> None:
    sheet = score_game(USA, USA_GAME)
    ann, ben, cat = sheet.players
    # Ann: routes 1+10+4+4+4+2 = 25. Seattle-Los Angeles 9 hit, Portland-Phoenix 11 hit,
    # Denver-El Paso 4 miss (no Santa Fe-El Paso): 9+11-4 = 16. Trail: the whole line, 17.
    assert (ann.route_points, ann.ticket_points, ann.tickets_completed) == (25, 16, 2)
    assert ann.tickets == (TicketResult("usa-t24", True, 9), TicketResult("usa-t20", True, 11),
                           TicketResult("usa-t07", False, -4))
    assert ann.longest_trail == 17
    # Ben: routes 4+2+2+2+2+2 = 14. New York-Atlanta 6 and Chicago-Boston 7 (a USA 1910
    # ticket) both hit: 13. Trail: Boston-New York-Pittsburgh-Washington-Raleigh-Atlanta, 10
    # (the Chicago branch, 3, cannot be added to a walk that goes through Pittsburgh once).
    assert (ben.route_points, ben.ticket_points, ben.longest_trail) == (14, 13, 10)
    # Cat: routes 1+2+4+2+2+2+1+7 = 21. Kansas City-Houston 5 hit, Duluth-Houston 8 miss,
    # Chicago-New Orleans 7 hit: 4. Trail: Chicago-Omaha-Kansas City-Oklahoma City-Little
    # Rock (4+1+2+2), then round the loop back to Little Rock (2+1+2+3): 17. A path that never
    # repeats a city gets only 15.
    assert (cat.route_points, cat.ticket_points, cat.longest_trail) == (21, 4, 17)
    # Ann and Cat tie on 17: both take the 10-point bonus.
    assert [p.longest_bonus for p in sheet.players] == [10, 0, 10]
    assert [p.total for p in sheet.players] == [25 + 16 + 10, 14 + 13, 21 + 4 + 10]
    assert sheet.winner == "Ann"
    assert sheet.reason == "Ann wins with 51 points."
    # USA has no stations: nothing built, nothing scored for them.
    assert all(p.stations_built == p.station_points == 0 for p in sheet.players)
    assert_totals_add_up(sheet)


def test_longest_trail_routes_are_reported_in_travel_order() -> None:
    ann = score_game(USA, USA_GAME).player("Ann")
    assert ann.longest_trail_routes in (
        ("usa-091", "usa-089", "usa-069", "usa-068", "usa-083", "usa-039"),
        ("usa-039", "usa-083", "usa-068", "usa-069", "usa-089", "usa-091"))


def test_longest_bonus_can_be_switched_off() -> None:
    sheet = score_game(USA, USA_GAME, longest_bonus=False)
    assert [p.longest_bonus for p in sheet.players] == [0, 0, 0]
    assert [p.longest_trail for p in sheet.players] == [17, 10, 17]
    assert [p.total for p in sheet.players] == [41, 27, 25]


# ----------------------------------------------------------------------------- Europe


EUROPE_GAME = [
    # A triangle Paris-Frankfurt 3, Frankfurt-Bruxelles 2, Bruxelles-Paris 2, and
    # Frankfurt-Munchen 2; stations in Wien, Budapest and Zurich.
    holding("Ann", ["eu-059", "eu-058", "eu-029", "eu-028"], ["eu-t27", "eu-t40", "eu-t06"],
            ["Wien", "Budapest", "Zurich"]),
    # Frankfurt-Berlin 3, Berlin-Wien 3, Wien-Munchen 3 and Wien-Budapest 1; a station in
    # Bucuresti, where nobody else has a route.
    holding("Ben", ["eu-021", "eu-079", "eu-038", "eu-017"], ["eu-t08"], ["Bucuresti"]),
    # A star at Zurich: Marseille 2, Munchen 2, Paris 3.
    holding("Cat", ["eu-075", "eu-080", "eu-085"], ["eu-t24"]),
]


def test_europe_game_with_stations_by_hand() -> None:
    sheet = score_game(EUROPE, EUROPE_GAME)
    ann, ben, cat = sheet.players
    # Ann's tickets: Paris-Wien 8 needs Wien to borrow Munchen-Wien (Ben). Zurich-Budapest 6
    # needs all three stations: Zurich borrows Munchen-Zurich (Cat), Wien borrows Munchen-Wien
    # and Budapest borrows Budapest-Wien (Ben's, the same route Wien could have used: each
    # station uses only one, so Wien alone could not serve both). Barcelona-Bruxelles 8 misses.
    assert ann.station_borrows == {"Wien": "eu-079", "Budapest": "eu-038", "Zurich": "eu-080"}
    assert ann.borrowings[0] == StationBorrow("Wien", "eu-079", "Ben")
    assert ann.tickets == (TicketResult("eu-t27", True, 8, borrowed=True),
                           TicketResult("eu-t40", True, 6, borrowed=True),
                           TicketResult("eu-t06", False, -8))
    # Routes 4+2+2+2 = 10; tickets 8+6-8 = 6; 3 stations built, none unused: 0.
    assert (ann.route_points, ann.ticket_points, ann.stations_built, ann.station_points) == (
        10, 6, 3, 0)
    # Borrowed routes never lengthen the trail: Ann's own 9 spaces (Munchen-Frankfurt-Paris-
    # Bruxelles-Frankfurt), though Munchen-Wien-Budapest would have made it longer.
    assert ann.longest_trail == 9
    assert set(ann.longest_trail_routes) == {"eu-059", "eu-058", "eu-029", "eu-028"}
    # Ben: routes 4+4+1+4 = 13; Berlin-Bucuresti 8 misses; the Bucuresti station borrows
    # nothing and still counts as built: 2 unused x 4 = 8. Trail Frankfurt-Berlin-Wien-
    # Munchen, 9: a tie with Ann, both take the European Express.
    assert ben.station_borrows == {"Bucuresti": None}
    assert ben.borrowings == (StationBorrow("Bucuresti", None, None),)
    assert (ben.route_points, ben.ticket_points, ben.station_points, ben.longest_trail) == (
        13, -8, 8, 9)
    # Cat: routes 2+2+4 = 8; Madrid-Zurich 8 misses; 3 unused stations = 12; trail 5.
    assert (cat.route_points, cat.ticket_points, cat.station_points, cat.longest_trail) == (
        8, -8, 12, 5)
    assert [p.longest_bonus for p in sheet.players] == [10, 10, 0]
    assert [p.total for p in sheet.players] == [10 + 6 + 0 + 10, 13 - 8 + 8 + 10, 8 - 8 + 12]
    assert sheet.winner == "Ann"
    assert_totals_add_up(sheet)


def test_best_borrowing_is_not_the_first_candidate() -> None:
    # Only the Wien station: Ben's routes into Wien, in board order, are Berlin-Wien (eu-021),
    # Budapest-Wien (eu-038) and Munchen-Wien (eu-079). Only the last reaches Ann's network,
    # so it is the one that completes Paris-Wien. Zurich-Budapest would need two routes
    # through Wien (Munchen-Wien and Wien-Budapest): one station serves one route, so it misses.
    game = [holding("Ann", ["eu-059", "eu-058", "eu-029", "eu-028"], ["eu-t27", "eu-t40"],
                    ["Wien"]), *EUROPE_GAME[1:]]
    ann = score_game(EUROPE, game).player("Ann")
    assert ann.station_borrows == {"Wien": "eu-079"}
    assert ann.tickets == (TicketResult("eu-t27", True, 8, borrowed=True),
                           TicketResult("eu-t40", False, -6))
    assert ann.station_points == 8


def test_a_station_never_borrows_its_owners_route() -> None:
    # Ann's station is in Frankfurt, where three of her own routes and Ben's Frankfurt-Berlin
    # meet: only Ben's can be borrowed, and it completes nothing for her.
    game = [holding("Ann", ["eu-059", "eu-058", "eu-029", "eu-028"], ["eu-t27"], ["Frankfurt"]),
            holding("Ben", ["eu-017"], [])]
    ann = score_game(EUROPE, game).player("Ann")
    assert ann.station_borrows == {"Frankfurt": "eu-017"}
    assert ann.tickets == (TicketResult("eu-t27", False, -8),)


def test_borrowing_that_helps_nothing_keeps_the_first_candidate() -> None:
    # Nothing is missing that a borrowing could fix: the first candidate in board order stays.
    game = [holding("Ann", ["eu-059"], ["eu-t06"], ["Wien"]), EUROPE_GAME[1]]
    assert score_game(EUROPE, game).player("Ann").station_borrows == {"Wien": "eu-021"}


# ----------------------------------------------------------------------------- brute force


def brute_force_ticket_points(board: Board, holdings: list[Holding], seat: int) -> int:
    """Best ticket points for one player over every way to pick, for each station, any other
    player's route into its city (or none when there is no such route)."""
    me = holdings[seat]
    others = {rid for i, h in enumerate(holdings) if i != seat for rid in h.routes}
    options = [[r.id for r in board.routes_at[city] if r.id in others] or [None]
               for city in me.stations]
    best = None
    for combo in itertools.product(*options):
        root = roots(board, set(me.routes) | {rid for rid in combo if rid is not None})
        points = 0
        for tid in me.tickets:
            ticket = board.ticket(tid)
            points += ticket.points if root[ticket.a] == root[ticket.b] else -ticket.points
        best = points if best is None else max(best, points)
    assert best is not None
    return best


def random_game(board: Board, rng: random.Random, players: int) -> list[Holding]:
    """Random routes and tickets; stations where players need them, at their ticket cities."""
    routes = [r.id for r in board.routes]
    rng.shuffle(routes)
    tickets = [t.id for t in board.tickets]
    rng.shuffle(tickets)
    share = len(routes) // players
    taken: set[str] = set()
    game = []
    for i in range(players):
        mine = tickets[i * 4:i * 4 + 4]
        ends = sorted({c for t in mine for c in (board.ticket(t).a, board.ticket(t).b)} - taken)
        stations = rng.sample(ends, min(len(ends), rng.randint(0, board.rules.stations)))
        taken |= set(stations)
        game.append(holding(f"P{i}", routes[i * share:(i + 1) * share][:16], mine, stations))
    return game


@pytest.mark.parametrize("board", [MINI, EUROPE], ids=["mini", "europe"])
def test_borrowings_match_brute_force(board: Board) -> None:
    rng = random.Random(11)
    helped = 0
    for _ in range(80):
        game = random_game(board, rng, 3)
        sheet = score_game(board, game)
        for seat, score in enumerate(sheet.players):
            assert score.ticket_points == brute_force_ticket_points(board, game, seat)
            helped += sum(t.borrowed for t in score.tickets)
            # the reported borrowings are real: another player's route into the city
            for borrow in score.borrowings:
                if borrow.route is not None:
                    route = board.route(borrow.route)
                    assert borrow.city in (route.a, route.b)
                    assert borrow.route not in game[seat].routes
                    assert borrow.route in sheet_owner_routes(game, borrow.owner)
    assert helped >= 5  # the games do exercise borrowing


def sheet_owner_routes(game: list[Holding], owner: str | None) -> frozenset[str]:
    return next(h.routes for h in game if h.name == owner)


# ----------------------------------------------------------------------------- tie-breaks (mini)


def test_tie_broken_by_completed_tickets() -> None:
    # Ann: Bree-Cole 2 pts; Ayr-Eton -4, Bree-Cole +2; 2 unused stations 8; trail 2, bonus 10.
    # Bob: Eton-Fife 2 pts; Bree-Eton -2; 8; trail 2, bonus 10. Both 18; Ann completed one.
    sheet = score_game(MINI, [holding("Ann", ["m-04"], ["mini-t04", "mini-t11"]),
                              holding("Bob", ["m-09"], ["mini-t09"])])
    assert [p.total for p in sheet.players] == [18, 18]
    assert sheet.winner == "Ann"
    assert sheet.reason == ("Ann and Bob tie on 18 points; Ann completed the most tickets (1): "
                            "Ann wins.")


def test_tie_broken_by_fewest_stations() -> None:
    # Ann: Cole-Eton 1; Ayr-Fife -8; 8 for two unused stations; bonus 10 (trails tie at 1): 11.
    # Bob: Bree-Dale 1; Ayr-Cole -4; a station at Cole (borrows Ann's Cole-Eton, no help):
    # 4; bonus 10: 11. Neither completed a ticket; Ann built fewer stations.
    sheet = score_game(MINI, [holding("Ann", ["m-10"], ["mini-t01"]),
                              holding("Bob", ["m-05"], ["mini-t03"], ["Cole"])])
    assert [p.total for p in sheet.players] == [11, 11]
    assert sheet.player("Bob").station_borrows == {"Cole": "m-10"}
    assert sheet.winner == "Ann"
    assert sheet.reason == ("Ann and Bob tie on 11 points; level on completed tickets (0 each); "
                            "Ann built the fewest stations (0): Ann wins.")


def test_tie_broken_by_longest_bonus() -> None:
    # Ann: Eton-Fife 2; Ayr-Fife -8 and Bree-Fife -5; 8; trail 2 takes the bonus: 7.
    # Bob: Bree-Dale 1; Ayr-Bree -2; 8; trail 1: 7.
    sheet = score_game(MINI, [holding("Ann", ["m-09"], ["mini-t01", "mini-t05"]),
                              holding("Bob", ["m-05"], ["mini-t07"])])
    assert [p.total for p in sheet.players] == [7, 7]
    assert sheet.winner == "Ann"
    assert sheet.reason.endswith("level on stations built (0 each); Ann holds the Longest "
                                 "Trail bonus: Ann wins.")
    # Without the bonus Ann has 10 fewer points: Bob wins outright.
    assert score_game(MINI, [holding("Ann", ["m-09"], ["mini-t01", "mini-t05"]),
                             holding("Bob", ["m-05"], ["mini-t07"])],
                      longest_bonus=False).winner == "Bob"


def test_tie_that_survives_every_tie_break() -> None:
    # Ann: Dale-Eton 2, Bree-Cole -2, 8, bonus 10: 18. Bob: Eton-Fife 2, Ayr-Bree -2, 8, 10: 18.
    sheet = score_game(MINI, [holding("Ann", ["m-08"], ["mini-t11"]),
                              holding("Bob", ["m-09"], ["mini-t07"])])
    assert sheet.winner == ("Ann", "Bob")
    assert sheet.winners == ("Ann", "Bob")
    assert sheet.reason == ("Ann and Bob tie on 18 points; level on completed tickets (0 each); "
                            "level on stations built (0 each); both hold the Longest Trail "
                            "bonus: Ann and Bob share the win.")


def test_three_way_tie_tickets_then_stations() -> None:
    # Ann: Bree-Cole 2 + Bree-Eton 2 = 4; Bree-Eton +2; 8; trail 4 (no bonus): 14.
    # Bob: Cole-Fife 4 + Eton-Fife 2 = 6; Dale-Fife -6; Ayr station (borrows Cat's Ayr-Dale,
    #      no help) 4; trail 5, bonus 10: 14.
    # Cat: Dale-Eton 2 + Ayr-Dale 4 = 6; Ayr-Bree +2 thanks to a station at Bree borrowing
    #      Ann's Bree-Eton (Ann's Bree-Cole comes first in board order but leads nowhere),
    #      Ayr-Fife -8; 4; trail 5, bonus 10: 14.
    # All 14; Ann and Cat completed one ticket each; Ann built no station.
    sheet = score_game(MINI, [holding("Ann", ["m-04", "m-06"], ["mini-t09"]),
                              holding("Bob", ["m-07", "m-09"], ["mini-t06"], ["Ayr"]),
                              holding("Cat", ["m-08", "m-02"], ["mini-t07", "mini-t01"],
                                      ["Bree"])])
    assert [p.total for p in sheet.players] == [14, 14, 14]
    assert sheet.player("Cat").station_borrows == {"Bree": "m-06"}
    assert sheet.player("Cat").tickets[0] == TicketResult("mini-t07", True, 2, borrowed=True)
    assert sheet.winner == "Ann"
    assert sheet.reason == ("Ann, Bob and Cat tie on 14 points; Ann and Cat completed the most "
                            "tickets (1); Ann built the fewest stations (0): Ann wins.")


def test_three_way_tie_left_to_two() -> None:
    # Ann: Eton-Fife 2, Dale-Eton -2, 8: 8. Bob: Dale-Eton 2, Ayr-Bree -2, 8: 8.
    # Cat: Cole-Fife 4, Ayr-Eton -4 and Dale-Fife -6, a Cole station with no other player's
    # route there (borrows nothing) 4, trail 3 alone takes the bonus 10: 8.
    # No tickets anywhere; Ann and Bob built fewer stations; neither holds the bonus.
    sheet = score_game(MINI, [holding("Ann", ["m-09"], ["mini-t08"]),
                              holding("Bob", ["m-08"], ["mini-t07"]),
                              holding("Cat", ["m-07"], ["mini-t04", "mini-t06"], ["Cole"])])
    assert [p.total for p in sheet.players] == [8, 8, 8]
    assert sheet.player("Cat").station_borrows == {"Cole": None}
    assert sheet.winner == ("Ann", "Bob")
    assert sheet.reason.endswith("Ann and Bob built the fewest stations (0); neither holds the "
                                 "Longest Trail bonus: Ann and Bob share the win.")


def test_nobody_without_routes_scores_the_bonus() -> None:
    sheet = score_game(MINI, [holding("Ann", [], []), holding("Bob", [], [])])
    assert [(p.longest_trail, p.longest_bonus, p.total) for p in sheet.players] == [
        (0, 0, 8), (0, 0, 8)]  # two unused stations each, no trail, no bonus
    assert sheet.winner == ("Ann", "Bob")
    one = score_game(MINI, [holding("Ann", ["m-05"], []), holding("Bob", [], [])])
    assert [p.longest_bonus for p in one.players] == [10, 0]


# ----------------------------------------------------------------------------- errors, output


def test_unknown_ids_are_refused() -> None:
    with pytest.raises(PositionError, match="Ann: unknown route 'usa-999'"):
        score_game(USA, [holding("Ann", ["usa-999"], []), holding("Bob", [], [])])
    with pytest.raises(PositionError, match="unknown ticket 'eu-t01'"):
        score_game(USA, [holding("Ann", [], ["eu-t01"]), holding("Bob", [], [])])
    with pytest.raises(PositionError, match="share a name"):
        score_game(USA, [holding("Ann", [], []), holding("Ann", [], [])])


def test_inputs_are_not_changed() -> None:
    game = list(EUROPE_GAME)
    before = repr(game)
    score_game(EUROPE, game)
    assert repr(game) == before


def test_json_form_has_exactly_the_documented_keys() -> None:
    data = score_game(EUROPE, EUROPE_GAME).to_dict()
    assert set(data) == {"players", "winner"}
    assert data["winner"] == "Ann"
    ann = data["players"][0]
    assert list(ann) == ["name", "route_points", "tickets", "ticket_points", "tickets_completed",
                         "stations_built", "station_points", "station_borrows", "longest_trail",
                         "longest_bonus", "globetrotter_bonus", "total"]
    assert ann["tickets"][0] == {"id": "eu-t27", "completed": True, "points": 8}
    assert data["players"][1]["station_borrows"] == {"Bucuresti": None}
    json.dumps(data)  # plain JSON types only
    tied = score_game(MINI, [holding("Ann", [], []), holding("Bob", [], [])]).to_dict()
    assert tied["winner"] == ["Ann", "Bob"]


def test_text_table_explains_every_part() -> None:
    text = format_score_sheet(EUROPE, score_game(EUROPE, EUROPE_GAME))
    assert "hit   Paris - Wien [eu-t27] (via station)" in text
    assert "miss  Barcelona - Bruxelles [eu-t06]" in text
    assert "station at Wien: borrows Munchen - Wien [eu-079] from Ben" in text
    assert "station at Bucuresti: no other player's route here, borrows nothing" in text
    assert "Longest trail: 9 spaces, holds the European Express" in text
    assert "Standings: Ann 26, Ben 23, Cat 12" in text
    assert text.endswith("Winner: Ann. Ann wins with 26 points.")
    lines = text.splitlines()
    assert [line.split()[-1] for line in lines if line.startswith("Total")] == ["26", "23", "12"]
    usa = format_score_sheet(USA, score_game(USA, USA_GAME))
    assert "Stations" not in usa
    assert "holds the Longest Continuous Path" in usa
