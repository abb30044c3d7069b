"""Team play (Team Asia rules): the map schema's triple routes, per-tunnel reveal counts and
doubles that stay open, then the team game itself on named positions and seeded games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules import legal, teams, turns
from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import apply, legal_actions, new_game, score, why_illegal
from ttr_widgets.rules.errors import MapError, RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import board_from_dict, load_map
from ttr_widgets.rules.model import CARD_INDEX, EMPTY_HAND, LOCO, Board, hand_from
from ttr_widgets.rules.record import from_record, read_game, to_record
from ttr_widgets.rules.scoring import PlayerScore, ScoreSheet
from ttr_widgets.rules.state import (
    NO_CARD,
    CardPlacement,
    GameState,
    Options,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.stats import game_stats
from ttr_widgets.rules.teams import HAND, HOLDER, TeamHolding, decide, score_teams
from ttr_widgets.rules.view import HIDDEN, NO_SEED, view
from ttr_widgets.testing.teams import NAMES, arranged, started, ticket_between

TEAMS = Options(teams=True)

TEAM_MAP = Path(__file__).parents[1] / "fixtures" / "team" / "teamtest.json"


def team_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(TEAM_MAP.read_text(encoding="utf-8"))
    return doc


# --------------------------------------------------------------------------- the map schema


def test_the_made_up_team_map_has_a_triple_route_and_tunnels_of_4_5_and_6_cards() -> None:
    board = load_map(str(TEAM_MAP))
    assert board.route("k-01").triple == ("k-02", "k-03")
    assert board.route("k-02").parallel == ("k-01", "k-03")
    assert board.route("k-04").parallel == ("k-05",)
    assert board.route("k-11").parallel == ()
    assert [board.reveal_count(board.route(r)) for r in ("k-08", "k-09", "k-10", "k-11")] == \
        [4, 5, 6, 0]
    assert board.route("k-06").stays_open and board.route("k-07").stays_open
    assert not board.route("k-04").stays_open


def test_existing_maps_keep_europe_s_three_cards_and_have_no_triples() -> None:
    europe, usa = load_map("europe"), load_map("usa")
    tunnels = [r for r in europe.routes if r.tunnel]
    assert tunnels and {europe.reveal_count(r) for r in tunnels} == {3}
    for board in (europe, usa):
        assert not any(r.triple or r.stays_open or r.reveal for r in board.routes)


@pytest.mark.parametrize(("route", "cards"), [("k-08", 4), ("k-09", 5), ("k-10", 6)])
def test_a_tunnel_turns_up_its_own_number_of_cards(route: str, cards: int) -> None:
    state = new_game(load_map(str(TEAM_MAP)), 4, seed=3)
    while state.in_setup:
        assert isinstance(state.pending, TicketChoice)
        state = apply(state, KeepTickets(state.pending.tickets))
    players = list(state.players)
    players[0] = players[0].with_hand(hand_from({"locomotive": 8}))
    state = evolve(state, players=tuple(players))
    length = state.board.route(route).length
    after = apply(state, ClaimRoute(route, "locomotive", length))
    assert len(state.deck) - len(after.deck) == cards
    if isinstance(after.pending, TunnelPayment):
        assert len(after.pending.revealed) == cards


BROKEN_TEAM = {
    "triple of one": (lambda d: d["routes"][0].update(triple=["k-02"]),
                      "routes[0].triple: expected the ids of the two other tracks"),
    "triple and double": (lambda d: d["routes"][0].update(double="k-02"),
                          "routes[0].triple: a route is a double or a triple, not both"),
    "triple unknown": (lambda d: d["routes"][0].update(triple=["k-02", "zz"]),
                       "routes[0].triple: unknown route 'zz'"),
    "triple not named back": (lambda d: d["routes"][2].update(triple=["k-01", "k-11"]),
                              "routes[0].triple: 'k-03' does not name the same three tracks"),
    "tunnel cards on a plain route": (lambda d: d["routes"][10].update(tunnel_cards=4),
                                      "routes[10].tunnel_cards: expected 1 to 9 cards to turn "
                                      "up, on a tunnel only"),
    "tunnel cards zero": (lambda d: d["routes"][7].update(tunnel_cards=0),
                          "routes[7].tunnel_cards: expected 1 to 9 cards to turn up, on a "
                          "tunnel only"),
    "stays open on a single": (lambda d: d["routes"][10].update(stays_open=True),
                               "routes[10].stays_open: expected true or false, true on a double "
                               "only"),
    "stays open on one twin": (lambda d: d["routes"][6].update(stays_open=False),
                               "routes[5].stays_open: its twin 'k-07' does not say the same"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_TEAM))
def test_a_broken_team_field_is_named(case: str) -> None:
    doc = team_doc()
    edit, problem = BROKEN_TEAM[case]
    edit(doc)
    with pytest.raises(MapError) as caught:
        board_from_dict(doc, source="teamtest.json")
    assert problem in caught.value.problems
    assert "\n" not in str(caught.value)


# --------------------------------------------------------------------------- the team game


USA = load_map("usa")


def team_board() -> Board:
    return load_map(str(TEAM_MAP))


def rule_of(game: GameState, action: Action) -> str | None:
    error = why_illegal(game, action)
    return None if error is None else error.rule


def test_team_play_is_for_4_or_6_players_in_teams_of_2() -> None:
    for n in (4, 6):
        game = new_game(USA, NAMES[:n], seed=1, options=TEAMS)
        assert game.teams and game.num_teams == n // 2
        assert [p.trains for p in game.players] == [27] * n
        assert all(sum(p.hand) == 4 for p in game.players)
        assert game.holders == (EMPTY_HAND,) * (n // 2) and game.shared == ((),) * (n // 2)
        assert [len(o) for o in game.setup_offers] == [5] * n
        assert game.team_name(0) == "Ann & Cleo"
        assert game.cards_in_play() == 110
    for n in (2, 3, 5):
        with pytest.raises(RulesError) as caught:
            new_game(USA, n, options=TEAMS)
        assert caught.value.rule == "team.players"


def test_europe_with_its_stations_and_ferries_is_not_a_team_board() -> None:
    with pytest.raises(RulesError) as caught:
        new_game(load_map("europe"), 4, options=TEAMS)
    assert caught.value.rule == "team.map"


def test_team_play_deals_the_map_s_own_tickets_not_a_variant_s() -> None:
    with pytest.raises(RulesError) as caught:
        new_game(load_map(str(TEAM_MAP)), 4, options=Options(teams=True, variant="mega-europe"))
    assert caught.value.rule in ("team.tickets", "variant.unknown")


def test_setup_keeps_at_least_3_of_5_then_shares_one_each_unseen() -> None:
    game = new_game(USA, NAMES[:4], seed=2, options=TEAMS)
    offer = game.setup_offers[0]
    assert rule_of(game, KeepTickets(offer[:2])) == "team.setup-tickets"
    for seat in range(4):
        pending = game.pending
        assert isinstance(pending, TicketChoice) and pending.keep == 3 and game.current == seat
        game = apply(game, KeepTickets(pending.tickets[:4]))
    bottom = game.tickets[-4:]
    assert set(bottom) == {o[4] for o in game.setup_offers}  # rejects under the pile
    assert isinstance(game.pending, ShareChoice) and game.current == 0
    ann_share = game.players[0].tickets[1]
    assert rule_of(game, ShareTickets(game.players[0].tickets[:2])) == "team.setup-share"
    game = apply(game, ShareTickets((ann_share,)))
    # Cleo chooses without seeing Ann's choice; Ann's ticket is still in her hand
    cleo_view = view(game, 1)
    assert cleo_view.setup_shares[0] == HIDDEN and cleo_view.shared[0] == ()
    assert ann_share in game.players[0].tickets and game.shared[0] == ()
    for _seat in range(1, 4):
        pending = game.pending
        assert isinstance(pending, ShareChoice)
        game = apply(game, ShareTickets(pending.tickets[:1]))
    assert game.pending is None and game.current == 0 and not game.in_setup
    assert ann_share in game.shared[0] and len(game.shared[0]) == 2 == len(game.shared[1])
    assert [len(p.tickets) for p in game.players] == [3, 3, 3, 3]


@pytest.mark.parametrize(("first", "said"), [("Ann", "Ann begins."), ("You", "You begin.")])
def test_the_shared_tickets_go_in_at_once_and_the_first_seat_is_told_to_begin(
        first: str, said: str) -> None:
    game = new_game(USA, (first, *NAMES[1:4]), seed=2, options=TEAMS)
    while game.in_setup:
        pending = game.pending
        assert isinstance(pending, TicketChoice | ShareChoice)
        game = apply(game, KeepTickets(pending.tickets[:3]) if isinstance(
            pending, TicketChoice) else ShareTickets(pending.tickets[:1]))
    assert game.last_event == ("Every player puts their shared ticket in the holder at once; "
                               + said)


def test_a_blind_first_card_is_placed_after_it_is_seen() -> None:
    # rule team.draw-first: the drawer sees the card, then says where it goes
    game = arranged(started(USA, seed=3), hand={}, holder={})
    top = game.deck[-1]
    drawn = apply(game, DrawBlind())
    assert drawn.pending == CardPlacement(top, blind=True) and drawn.current == 0
    assert sum(drawn.holders[0]) == 0 and sum(drawn.players[0].hand) == 0  # in no place yet
    assert drawn.cards_in_play() == game.cards_in_play()  # the card drawn is still counted
    assert legal_actions(drawn) == [PlaceCard(HAND), PlaceCard(HOLDER)]
    assert rule_of(drawn, DrawBlind()) == "team.draw-first"
    assert rule_of(drawn, PlaceCard("pocket")) == "action.unknown"
    # the drawer's view shows the card; nobody else's does, not even the teammate's
    assert view(drawn, 0).pending == CardPlacement(top, True)
    assert view(drawn, 1).pending == CardPlacement(NO_CARD, True)
    placed = apply(drawn, PlaceCard(HOLDER))
    assert placed.holders[0][top] == 1 and placed.pending == SecondCard(HAND)
    assert rule_of(placed, PlaceCard(HAND)) == "draw.two-cards"
    done = apply(placed, DrawBlind())
    assert sum(done.holders[0]) == 1 and sum(done.players[0].hand) == 1
    assert done.current == 1 and done.pending is None


def test_a_face_up_first_card_is_placed_too_and_everyone_sees_it() -> None:
    game = evolve(arranged(started(USA, seed=3), hand={}, holder={}),
                  face_up=(CARD_INDEX["red"], 1, 2, 3, 4))
    drawn = apply(game, DrawFaceUp("red"))
    assert drawn.pending == CardPlacement(CARD_INDEX["red"], blind=False)
    assert view(drawn, 2).pending == drawn.pending  # taken face up: public
    placed = apply(drawn, PlaceCard(HAND))
    assert placed.players[0].hand == hand_from({"red": 1}) and placed.pending == SecondCard(HOLDER)
    assert "the second card goes into the team holder" in placed.last_event


def test_a_face_up_locomotive_is_the_only_card_and_goes_to_the_holder() -> None:
    game = evolve(started(USA, seed=4), face_up=(LOCO, 0, 1, 2, 3))
    after = apply(game, DrawFaceUp("locomotive"))
    assert after.holders[0][LOCO] == game.holders[0][LOCO] + 1
    assert after.current == 1 and after.pending is None
    assert "the face-up locomotive into the team holder" in after.last_event
    second = apply(apply(game, DrawFaceUp("red")), PlaceCard(HAND))
    second = evolve(second, face_up=(LOCO, *second.face_up[1:]))
    assert rule_of(second, DrawFaceUp("locomotive")) == "draw.second-locomotive"


def test_a_claim_pays_from_the_hand_and_the_holder_together() -> None:
    # Atlanta–Miami, 5 blue: 3 blue in Ann's hand, 2 in the team holder
    game = arranged(started(USA, seed=5), hand={"blue": 3}, holder={"blue": 2, "red": 1})
    assert rule_of(game, ClaimRoute("usa-002", "blue", 0, 1)) == "team.claim-payment"
    assert rule_of(game, ClaimRoute("usa-002", "blue")) == "team.claim-payment"
    after = apply(game, ClaimRoute("usa-002", "blue", 0, 2))
    assert after.players[0].hand == EMPTY_HAND and after.holders[0] == hand_from({"red": 1})
    assert after.players[0].trains == 22 and after.players[0].route_points == 10
    assert after.owners[USA.route("usa-002").index] == 0
    # the teammate draws on the same holder
    assert view(after, 1).holders[0] == hand_from({"red": 1})


def test_a_game_without_teams_has_no_holder_to_pay_from_or_share_into() -> None:
    game = new_game(USA, ["Ann", "Ben"], seed=5)
    while game.in_setup:
        assert isinstance(game.pending, TicketChoice)
        game = apply(game, KeepTickets(game.pending.tickets))
    assert rule_of(game, ClaimRoute("usa-002", "blue", 0, 2)) == "claim.cards-in-hand"
    assert rule_of(game, ShareTickets(game.players[0].tickets[:1])) == "team.share-action"
    assert rule_of(game, PlaceCard(HAND)) == "team.draw-first"


def test_a_player_claims_only_with_their_own_trains() -> None:
    game = arranged(started(USA, seed=6), hand={"blue": 5}, trains={0: 4, 1: 27})
    assert rule_of(game, ClaimRoute("usa-002", "blue")) == "team.own-trains"


def test_with_4_players_a_double_closes_for_everyone_the_teammate_included() -> None:
    base = started(USA, seed=7)
    for seat in (1, 2):  # Cleo (Ann's teammate) and Ben
        game = arranged(base, current=seat, hand={"yellow": 4}, owners={"usa-004": 0})
        assert rule_of(game, ClaimRoute("usa-005", "yellow")) == "team.double-4p"
        assert "closes for everyone" in RULES["team.double-4p"]


def test_with_6_players_doubles_open_but_never_both_to_one_team() -> None:
    base = started(USA, players=6, seed=8)
    ben = arranged(base, current=2, hand={"yellow": 4}, owners={"usa-004": 0})
    assert rule_of(ben, ClaimRoute("usa-005", "yellow")) is None
    cleo = arranged(base, current=1, hand={"yellow": 4}, owners={"usa-004": 0})
    assert rule_of(cleo, ClaimRoute("usa-005", "yellow")) == "team.double-team"
    ann = arranged(base, current=0, hand={"yellow": 4}, owners={"usa-004": 0})
    assert rule_of(ann, ClaimRoute("usa-005", "yellow")) == "team.parallel-own"
    # the options override both choices
    allowed = evolve(cleo, options=Options(teams=True, team_double_one_per_team=False))
    assert rule_of(allowed, ClaimRoute("usa-005", "yellow")) is None
    closed = evolve(ben, options=Options(teams=True, team_six_player_doubles=False))
    assert rule_of(closed, ClaimRoute("usa-005", "yellow")) == "team.double-4p"


def test_the_track_rule_has_one_home_the_engine_and_legal_moves_agree() -> None:
    # the same predicate answers the claim check, the legal moves and route_closed
    base = started(USA, players=6, seed=8)
    for seat in range(6):
        game = arranged(base, current=seat, hand={"yellow": 4}, owners={"usa-004": 0})
        route = USA.route("usa-005")
        rule = legal.track_closed(USA, game.options, 6, route, game.owners, seat)
        closed = legal.route_closed(game, route)
        assert (closed.rule if closed else None) == rule
        offered = any(isinstance(a, ClaimRoute) and a.route == "usa-005"
                      for a in legal_actions(game))
        assert offered == (rule is None)


def test_a_double_the_map_keeps_open_stays_open_with_4_players() -> None:
    base = started(team_board(), seed=9)
    ben = arranged(base, current=2, hand={"white": 2}, owners={"k-06": 0})
    assert rule_of(ben, ClaimRoute("k-07", "white")) is None
    cleo = arranged(base, current=1, hand={"white": 2}, owners={"k-06": 0})
    assert rule_of(cleo, ClaimRoute("k-07", "white")) == "team.double-team"
    plain = arranged(base, current=2, hand={"yellow": 3}, owners={"k-04": 0})
    assert rule_of(plain, ClaimRoute("k-05", "yellow")) == "team.double-4p"


def test_with_4_players_2_of_3_triple_tracks_may_be_claimed_both_by_one_team() -> None:
    base = started(team_board(), seed=10)
    cleo = arranged(base, current=1, hand={"blue": 2}, owners={"k-01": 0})
    assert rule_of(cleo, ClaimRoute("k-02", "blue")) is None
    after = apply(cleo, ClaimRoute("k-02", "blue"))
    ben = arranged(after, current=2, hand={"red": 2})
    assert rule_of(ben, ClaimRoute("k-03", "red")) == "team.triple-4p"
    ann = arranged(base, current=0, hand={"blue": 2}, owners={"k-01": 0})
    assert rule_of(ann, ClaimRoute("k-02", "blue")) == "team.parallel-own"


def test_with_6_players_all_3_triple_tracks_may_be_claimed() -> None:
    base = started(team_board(), players=6, seed=11)
    eve = arranged(base, current=4, hand={"red": 2}, owners={"k-01": 0, "k-02": 2})
    assert rule_of(eve, ClaimRoute("k-03", "red")) is None


def tunnel_game() -> tuple[GameState, GameState]:
    """Ann offers 4 black (2 from her hand, 2 from the holder) for the 5-card tunnel Elm–Fern,
    with a pile whose top 5 cards hold 2 black cards and a locomotive."""
    game = arranged(started(team_board(), seed=12), hand={"black": 2, "locomotive": 1},
                    holder={"black": 4, "red": 1})
    top = (CARD_INDEX["red"], CARD_INDEX["black"], LOCO, CARD_INDEX["black"],
           CARD_INDEX["green"])
    rest = tuple(c for c in game.deck)[:-5]
    game = evolve(game, deck=rest + tuple(reversed(top)))
    after = apply(game, ClaimRoute("k-09", "black", 0, 2))
    return game, after


def test_a_tunnel_surcharge_may_come_from_the_holder() -> None:
    _before, after = tunnel_game()
    pending = after.pending
    assert isinstance(pending, TunnelPayment) and pending.extra == 3
    assert len(pending.revealed) == 5 and pending.holder_cards == 2
    pay = PayTunnel(locomotives=1, holder_cards=2, holder_locomotives=0)
    assert pay in legal_actions(after)
    done = apply(after, pay)
    assert done.players[0].hand == EMPTY_HAND and done.holders[0] == hand_from({"red": 1})
    assert done.owners[done.board.route("k-09").index] == 0
    assert rule_of(after, PayTunnel(0, 3, 0)) == "team.tunnel-surcharge"


def test_a_tunnel_given_up_returns_each_card_where_it_came_from() -> None:
    before, after = tunnel_game()
    back = apply(after, DeclineTunnel())
    assert back.players[0].hand == before.players[0].hand
    assert back.holders[0] == before.holders[0]
    assert back.current == 1 and len(back.discard) == len(before.discard) + 5
    literal = apply(evolve(after, options=Options(teams=True, team_decline_to_hand=True)),
                    DeclineTunnel())
    assert literal.players[0].hand == hand_from({"black": 4, "locomotive": 1})
    assert literal.holders[0] == hand_from({"black": 2, "red": 1})


def test_drawing_tickets_takes_4_keeps_1_or_more_and_shares_one_of_them() -> None:
    game = started(USA, seed=13)
    drawn = apply(game, DrawTickets())
    pending = drawn.pending
    assert isinstance(pending, TicketChoice) and len(pending.tickets) == 4 and pending.keep == 1
    assert rule_of(drawn, KeepTickets(())) == "team.tickets-draw"
    two = apply(drawn, KeepTickets(pending.tickets[:2]))
    assert two.pending == ShareChoice(pending.tickets[:2]) and two.current == 0
    assert rule_of(two, ShareTickets(pending.tickets[3:4])) == "team.tickets-share-on-draw"
    shared = apply(two, ShareTickets(pending.tickets[1:2]))
    assert shared.shared[0] == (*game.shared[0], pending.tickets[1])
    assert shared.players[0].tickets == (*game.players[0].tickets, pending.tickets[0])
    assert shared.tickets[-2:] == pending.tickets[2:] and shared.current == 1
    one = apply(drawn, KeepTickets(pending.tickets[2:3]))
    assert one.shared[0][-1] == pending.tickets[2] and one.current == 1
    assert one.players[0].tickets == game.players[0].tickets


def test_the_share_action_moves_1_or_2_own_tickets_and_is_the_whole_turn() -> None:
    three = ("usa-t01", "usa-t02", "usa-t03")
    game = arranged(started(USA, seed=14), tickets=three)
    mine = game.players[0].tickets
    assert rule_of(game, ShareTickets(mine[:3])) == "team.share-action"
    assert rule_of(game, ShareTickets(())) == "team.share-action"
    assert rule_of(game, ShareTickets(game.players[1].tickets[:1])) == "team.share-action"
    after = apply(game, ShareTickets(mine[:2]))
    assert after.players[0].tickets == mine[2:] and after.shared[0][-2:] == mine[:2]
    assert after.current == 1 and after.pending is None


def test_the_end_comes_when_a_team_s_trains_together_are_4_or_fewer() -> None:
    game = started(USA, seed=15)
    alone = arranged(game, hand={"blue": 5}, trains={0: 5, 1: 27})
    after = apply(alone, ClaimRoute("usa-002", "blue"))
    assert after.players[0].trains == 0 and after.final_turns == -1  # Cleo still has 27
    low = arranged(game, hand={"blue": 5}, trains={0: 6, 1: 3})
    after = apply(low, ClaimRoute("usa-002", "blue"))
    assert after.final_turns == 4 and "everyone gets one last turn" in after.last_event
    rng = random.Random(0)
    for _turn in range(4):
        assert not after.is_over
        after = whole_turn(after, rng)
    assert after.is_over and after.current == 1 and legal_actions(after) == []


def whole_turn(game: GameState, rng: random.Random) -> GameState:
    """The game after one whole random turn (every step of it)."""
    seat, turn = game.current, game.turn
    while game.turn == turn and not game.is_over:
        assert game.current == seat
        game = apply(game, rng.choice(legal_actions(game)))
    return game


def test_team_scoring_uses_the_combined_network_and_the_team_bonuses() -> None:
    board = team_board()
    fern_cedar = ticket_between(board, "Fern", "Cedar")
    ash_gale = ticket_between(board, "Ash", "Gale")
    ann_cleo = TeamHolding(("Ann", "Cleo"), (("k-11",), ("k-04",)), ((fern_cedar,), ()),
                           (ash_gale,))
    ben_dev = TeamHolding(("Ben", "Dev"), (("k-13",), ()), ((), ()), ())
    sheet = score_teams(board, (ann_cleo, ben_dev))
    assert sheet.teams and [p.members for p in sheet.players] == [("Ann", "Cleo"),
                                                                   ("Ben", "Dev")]
    a, b = sheet.players
    points = board.ticket(fern_cedar).points, board.ticket(ash_gale).points
    assert (a.route_points, a.ticket_points, a.tickets_completed) == \
        (1 + 4, points[0] - points[1], 1)
    assert (a.longest_trail, a.longest_bonus, a.globetrotter_bonus) == (4, 10, 10)
    assert (b.route_points, b.longest_trail, b.longest_bonus, b.globetrotter_bonus) == \
        (7, 4, 10, 0)  # tied for the trail: both teams score it
    assert a.total == 5 + points[0] - points[1] + 20 and b.total == 17
    assert a.total == sum(part for _, part in a.breakdown())
    own = score_teams(board, (ann_cleo, ben_dev), combined=False).players[0]
    assert own.tickets_completed == 0 and own.longest_trail == 3 and own.longest_bonus == 0
    assert sheet.to_dict()["teams"][0] == {
        "players": ["Ann", "Cleo"], "route_points": 5, "ticket_points": points[0] - points[1],
        "tickets_completed": 1, "longest_trail": 4, "longest_bonus": 10,
        "globetrotter_bonus": 10, "total": a.total}


def team_score(players: tuple[str, ...], total: int, done: int, trail: int) -> PlayerScore:
    return PlayerScore(" & ".join(players), 0, 0, 0, (), 0, done, 0, 0, (), trail, (), 0, total,
                       members=players)


def test_tie_breaks_most_completed_tickets_then_the_longer_trail() -> None:
    ann, ben = ("Ann", "Cleo"), ("Ben", "Dev")
    assert decide((team_score(ann, 50, 3, 9), team_score(ben, 51, 1, 2))) == \
        ((1,), "Ben & Dev win on points.")
    assert decide((team_score(ann, 50, 3, 9), team_score(ben, 50, 4, 2))) == \
        ((1,), "Ben & Dev win on completed tickets (tied on points).")
    assert decide((team_score(ann, 50, 4, 9), team_score(ben, 50, 4, 12))) == \
        ((1,), "Ben & Dev win on longest trail (tied on points and completed tickets).")
    winners, reason = decide((team_score(ann, 50, 4, 9), team_score(ben, 50, 4, 9),
                              team_score(("Eve", "Finn"), 20, 1, 3)))
    assert winners == (0, 1) and reason.startswith("Ann & Cleo and Ben & Dev share the win")
    sheet = ScoreSheet((team_score(ann, 50, 4, 9), team_score(ben, 50, 4, 9)),
                       ("Ann & Cleo", "Ben & Dev"), reason, teams=True)
    assert sheet.to_dict()["winner"] == ["Ann", "Cleo", "Ben", "Dev"]


def test_a_finished_team_game_is_scored_per_team_by_the_one_score() -> None:
    game = started(USA, seed=19)
    rng = random.Random(19)
    while not game.is_over:
        game = apply(game, rng.choice(legal_actions(game)))
    sheet = score(game)
    assert sheet.teams and len(sheet.players) == 2 and sheet.winning_players
    assert sheet.players[0].route_points == sum(p.route_points for p in game.team_players(0))


# --------------------------------------------------------------------------- what a seat sees


def test_a_view_hides_the_teammate_s_hand_and_tickets_and_the_other_team_s_holders() -> None:
    game = arranged(started(USA, seed=16), current=0, hand={"red": 2},
                    holder={"blue": 3})
    game = arranged(game, current=2, hand={"green": 1}, holder={"pink": 2})
    seen = view(game, 0)
    assert seen.players[0].hand == hand_from({"red": 2})
    assert seen.players[0].tickets == game.players[0].tickets
    assert seen.players[1].hand == EMPTY_HAND  # the teammate's hand is secret too
    assert seen.players[1].card_count == game.players[1].card_count
    assert seen.players[1].tickets == (HIDDEN,) * len(game.players[1].tickets)
    assert seen.holders[0] == hand_from({"blue": 3}) and seen.shared[0] == game.shared[0]
    assert seen.holders[1] == EMPTY_HAND and seen.holder_sizes == (3, 2)
    assert seen.holder_count(1) == 2 and seen.cards_in_play() == game.cards_in_play()
    assert seen.shared[1] == (HIDDEN,) * 2
    assert all(t == HIDDEN for t in seen.tickets) and len(seen.tickets) == len(game.tickets)
    assert seen.seed == NO_SEED and seen.shuffles == 0 and set(seen.deck) == {NO_CARD}
    public = view(evolve(game, options=Options(teams=True, team_holders_public=True)), 0)
    assert public.holders[1] == hand_from({"pink": 2}) and public.shared[1] == game.shared[1]
    with pytest.raises(RulesError) as caught:
        apply(seen, DrawTickets())
    assert caught.value.rule == "turn.view"


BOTS = ("random", "greedy", "strong", "expert")
SWEEP = [("usa", 4), ("usa", 6), ("teamtest", 4), ("teamtest", 6)]


def board_named(name: str) -> Board:
    return USA if name == "usa" else team_board()


def check_invariants(game: GameState) -> None:
    board = game.board
    assert game.cards_in_play() == 110
    for seat, player in enumerate(game.players):
        assert player.trains + sum(board.route(r).length for r in player.routes) == 27
        assert all(game.owners[board.route(r).index] == seat for r in player.routes)
    assert sum(p != -1 for p in game.owners) == sum(len(p.routes) for p in game.players)
    pending = game.pending
    drawn = pending.tickets if isinstance(pending, TicketChoice) and not pending.setup else ()
    held = [t for p in game.players for t in p.tickets] + [t for s in game.shared for t in s]
    offered = [t for i, o in enumerate(game.setup_offers) for t in o
               if game.in_setup and isinstance(pending, TicketChoice) and i >= game.current]
    every = [*game.tickets, *drawn, *held, *offered]
    assert sorted(every) == sorted(t.id for t in board.tickets_of_kind(*board.rules.ticket_kinds))
    for route in board.routes:
        owners = [game.owners[board.route(r).index] for r in (route.id, *route.parallel)]
        owners = [o for o in owners if o != -1]
        assert len(set(owners)) == len(owners)  # team.parallel-own
        if route.double and game.num_players == 4 and not route.stays_open:
            assert len(owners) <= 1  # team.double-4p
        if route.double:
            assert len({o // 2 for o in owners}) == len(owners)  # team.double-team
        if route.triple and game.num_players == 4:
            assert len(owners) <= 2  # team.triple-4p


@pytest.mark.parametrize(("name", "players"), SWEEP)
@pytest.mark.parametrize("bot", ("random", "greedy", "strong"))
def test_seeded_team_games_keep_every_invariant(name: str, players: int, bot: str) -> None:
    from ttr_widgets.bots import choose

    for seed in range(3):
        game = new_game(board_named(name), NAMES[:players], seed, TEAMS)
        rng = random.Random(seed)
        steps = 0
        while not game.is_over:
            check_invariants(game)
            action = choose(bot, game, rng).action
            before = repr(game)
            assert why_illegal(game, action) is None
            after = apply(game, action)
            assert repr(game) == before  # apply never changes its input
            game = after
            steps += 1
            assert steps < 3000
        check_invariants(game)
        sheet = score(game)
        assert len(sheet.players) == players // 2 and sheet.winners
        assert any(game.team_trains(t) <= 4 for t in range(game.num_teams)) or game.passes


def test_team_rule_ids_have_sentences_and_every_raised_id_is_in_the_catalog() -> None:
    source = "".join(Path(module.__file__).read_text(encoding="utf-8")  # type: ignore[arg-type]
                     for module in (teams, legal, turns))
    raised = set(re.findall(r'RulesError\("([a-z0-9.-]+)"', source))
    raised |= set(re.findall(r'"(team\.[a-z0-9-]+)"', source))
    assert raised <= set(RULES) and any(r.startswith("team.") for r in raised)
    error = why_illegal(arranged(started(USA, seed=18), hand={"blue": 5}, trains={0: 3}),
                        ClaimRoute("usa-002", "blue"))
    assert error is not None and error.rule_text == RULES["team.own-trains"]


def test_a_team_game_s_record_carries_its_statistics_and_reads_back() -> None:
    game = Game.new(USA, 4, seed=8, options=Options(teams=True))
    rng = random.Random(8)
    while not game.state.is_over and game.cursor < 120:
        game = game.play(rng.choice(legal_actions(game.state)))
    stats = game_stats(game)
    sheet = score(game.state)
    assert [p.total for p in stats.players] == [sheet.players[i // 2].total for i in range(4)]
    assert all(p.total == p.route_points + p.ticket_points + p.longest_bonus
               + p.globetrotter_bonus for p in stats.players)
    record = to_record(game)
    assert record["summary"]["players"][1]["total"] == sheet.players[0].total
    loaded = read_game(json.dumps(record), "team.json")
    assert loaded.position.teams == ((0, 1), (2, 3)) and loaded.stats == stats
    assert from_record(record).state == game.state
