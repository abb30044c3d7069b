"""Team play (Team Asia rules): the map schema's triple routes, per-tunnel reveal counts and
doubles that stay open, then the team game itself on named positions and seeded games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.bots import team as team_bots
from ttr_widgets.rules import team_legal, team_state, teams
from ttr_widgets.rules.actions import ClaimRoute, DeclineTunnel, DrawTickets, KeepTickets
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.errors import MapError, RulesError
from ttr_widgets.rules.maps import board_from_dict, load_map
from ttr_widgets.rules.model import CARD_INDEX, EMPTY_HAND, LOCO, Board, hand_from
from ttr_widgets.rules.state import Options, TicketChoice, TunnelPayment, evolve
from ttr_widgets.rules.team_score import TeamHolding, TeamScore, TeamSheet, decide, score_teams
from ttr_widgets.rules.teams import (
    ClaimTeamRoute,
    DrawTeamCard,
    PayTeamTunnel,
    SecondTeamCard,
    ShareChoice,
    ShareTicket,
    ShareTickets,
    TeamGame,
    TeamTunnel,
    new_team_game,
)
from ttr_widgets.testing.teams import NAMES, arranged, started, ticket_between

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


def rule_of(game: TeamGame, action: teams.TeamAction) -> str | None:
    error = teams.why_illegal(game, action)
    return None if error is None else error.rule


def test_team_play_is_for_4_or_6_players_in_teams_of_2() -> None:
    for n in (4, 6):
        game = new_team_game(USA, NAMES[:n], seed=1)
        assert game.num_teams == n // 2
        assert [p.trains for p in game.players] == [27] * n
        assert all(sum(p.hand) == 4 for p in game.players)
        assert game.holders == (EMPTY_HAND,) * (n // 2) and game.shared == ((),) * (n // 2)
        assert [len(o) for o in game.setup_offers] == [5] * n
        assert game.team_name(0) == "Ann & Cleo"
        assert game.cards_in_play() == 110
    for n in (2, 3, 5):
        with pytest.raises(RulesError) as caught:
            new_team_game(USA, n)
        assert caught.value.rule == "team.players"


def test_europe_with_its_stations_and_ferries_is_not_a_team_board() -> None:
    with pytest.raises(RulesError) as caught:
        new_team_game(load_map("europe"), 4)
    assert caught.value.rule == "team.map"


def test_setup_keeps_at_least_3_of_5_then_shares_one_each_unseen() -> None:
    game = new_team_game(USA, NAMES[:4], seed=2)
    offer = game.setup_offers[0]
    assert rule_of(game, KeepTickets(offer[:2])) == "team.setup-tickets"
    for seat in range(4):
        pending = game.pending
        assert isinstance(pending, TicketChoice) and pending.keep == 3 and game.current == seat
        game = teams.apply(game, KeepTickets(pending.tickets[:4]))
    bottom = game.tickets[-4:]
    assert set(bottom) == {o[4] for o in game.setup_offers}  # rejects under the pile
    assert isinstance(game.pending, ShareChoice) and game.current == 0
    ann_share = game.players[0].tickets[1]
    game = teams.apply(game, ShareTicket(ann_share))
    # Cleo chooses without seeing Ann's choice; Ann's ticket is still in her hand
    cleo_view = teams.view(game, 1)
    assert cleo_view.setup_shares[0] == teams.HIDDEN and cleo_view.shared[0] == ()
    assert ann_share in game.players[0].tickets and game.shared[0] == ()
    for _seat in range(1, 4):
        pending = game.pending
        assert isinstance(pending, ShareChoice)
        game = teams.apply(game, ShareTicket(pending.tickets[0]))
    assert game.pending is None and game.current == 0 and not game.in_setup
    assert ann_share in game.shared[0] and len(game.shared[0]) == 2 == len(game.shared[1])
    assert [len(p.tickets) for p in game.players] == [3, 3, 3, 3]


@pytest.mark.parametrize(("first", "said"), [("Ann", "Ann begins."), ("You", "You begin.")])
def test_the_shared_tickets_go_in_at_once_and_the_first_seat_is_told_to_begin(
        first: str, said: str) -> None:
    game = new_team_game(USA, (first, *NAMES[1:4]), seed=2)
    while game.in_setup:
        pending = game.pending
        assert isinstance(pending, TicketChoice | ShareChoice)
        game = teams.apply(game, KeepTickets(pending.tickets[:3]) if isinstance(
            pending, TicketChoice) else ShareTicket(pending.tickets[0]))
    assert game.last_event == ("Every player puts their shared ticket in the holder at once; "
                               + said)


def test_a_draw_puts_one_card_in_the_hand_and_one_in_the_holder() -> None:
    game = arranged(started(USA, seed=3), hand={}, holder={})
    assert rule_of(game, DrawTeamCard("pocket")) == "action.unknown"
    first = teams.apply(game, DrawTeamCard(teams.HOLDER))
    assert first.pending == SecondTeamCard(teams.HAND)
    assert sum(first.holders[0]) == 1 and sum(first.players[0].hand) == 0
    assert rule_of(first, DrawTeamCard(teams.HOLDER)) == "team.draw-split"
    done = teams.apply(first, DrawTeamCard(teams.HAND))
    assert sum(done.holders[0]) == 1 and sum(done.players[0].hand) == 1
    assert done.current == 1 and done.pending is None


def test_a_face_up_locomotive_is_the_only_card_and_goes_to_the_holder() -> None:
    game = evolve(started(USA, seed=4), face_up=(LOCO, 0, 1, 2, 3))
    assert rule_of(game, DrawTeamCard(teams.HAND, "locomotive")) == "team.draw-locomotive"
    after = teams.apply(game, DrawTeamCard(teams.HOLDER, "locomotive"))
    assert after.holders[0][LOCO] == game.holders[0][LOCO] + 1
    assert after.current == 1 and after.pending is None
    second = teams.apply(game, DrawTeamCard(teams.HAND, "red"))
    second = evolve(second, face_up=(LOCO, *second.face_up[1:]))
    assert rule_of(second, DrawTeamCard(teams.HOLDER, "locomotive")) == \
        "draw.second-locomotive"
    assert DrawTeamCard(teams.HAND, "locomotive") not in teams.legal_actions(game)


def test_a_claim_pays_from_the_hand_and_the_holder_together() -> None:
    # Atlanta–Miami, 5 blue: 3 blue in Ann's hand, 2 in the team holder
    game = arranged(started(USA, seed=5), hand={"blue": 3}, holder={"blue": 2, "red": 1})
    assert rule_of(game, ClaimTeamRoute("usa-002", "blue", 0, 1)) == "team.claim-payment"
    assert rule_of(game, ClaimTeamRoute("usa-002", "blue")) == "team.claim-payment"
    after = teams.apply(game, ClaimTeamRoute("usa-002", "blue", 0, 2))
    assert after.players[0].hand == EMPTY_HAND and after.holders[0] == hand_from({"red": 1})
    assert after.players[0].trains == 22 and after.players[0].route_points == 10
    assert after.owners[USA.route("usa-002").index] == 0
    # the teammate draws on the same holder
    assert teams.view(after, 1).holders[0] == hand_from({"red": 1})


def test_a_player_claims_only_with_their_own_trains() -> None:
    game = arranged(started(USA, seed=6), hand={"blue": 5}, trains={0: 4, 1: 27})
    assert rule_of(game, ClaimTeamRoute("usa-002", "blue")) == "team.own-trains"


def test_with_4_players_a_double_closes_for_everyone_the_teammate_included() -> None:
    base = started(USA, seed=7)
    for seat in (1, 2):  # Cleo (Ann's teammate) and Ben
        game = arranged(base, current=seat, hand={"yellow": 4}, owners={"usa-004": 0})
        assert rule_of(game, ClaimTeamRoute("usa-005", "yellow")) == "team.double-4p"
        assert "closes for everyone" in RULES["team.double-4p"]


def test_with_6_players_doubles_open_but_never_both_to_one_team() -> None:
    base = started(USA, players=6, seed=8)
    ben = arranged(base, current=2, hand={"yellow": 4}, owners={"usa-004": 0})
    assert rule_of(ben, ClaimTeamRoute("usa-005", "yellow")) is None
    cleo = arranged(base, current=1, hand={"yellow": 4}, owners={"usa-004": 0})
    assert rule_of(cleo, ClaimTeamRoute("usa-005", "yellow")) == "team.double-team"
    ann = arranged(base, current=0, hand={"yellow": 4}, owners={"usa-004": 0})
    assert rule_of(ann, ClaimTeamRoute("usa-005", "yellow")) == "team.parallel-own"
    # the options override both choices
    allowed = evolve(cleo, options=Options(team_double_one_per_team=False))
    assert rule_of(allowed, ClaimTeamRoute("usa-005", "yellow")) is None
    closed = evolve(ben, options=Options(team_six_player_doubles=False))
    assert rule_of(closed, ClaimTeamRoute("usa-005", "yellow")) == "team.double-4p"


def test_a_double_the_map_keeps_open_stays_open_with_4_players() -> None:
    base = started(team_board(), seed=9)
    ben = arranged(base, current=2, hand={"white": 2}, owners={"k-06": 0})
    assert rule_of(ben, ClaimTeamRoute("k-07", "white")) is None
    cleo = arranged(base, current=1, hand={"white": 2}, owners={"k-06": 0})
    assert rule_of(cleo, ClaimTeamRoute("k-07", "white")) == "team.double-team"
    plain = arranged(base, current=2, hand={"yellow": 3}, owners={"k-04": 0})
    assert rule_of(plain, ClaimTeamRoute("k-05", "yellow")) == "team.double-4p"


def test_with_4_players_2_of_3_triple_tracks_may_be_claimed_both_by_one_team() -> None:
    base = started(team_board(), seed=10)
    cleo = arranged(base, current=1, hand={"blue": 2}, owners={"k-01": 0})
    assert rule_of(cleo, ClaimTeamRoute("k-02", "blue")) is None
    after = teams.apply(cleo, ClaimTeamRoute("k-02", "blue"))
    ben = arranged(after, current=2, hand={"red": 2})
    assert rule_of(ben, ClaimTeamRoute("k-03", "red")) == "team.triple-4p"
    ann = arranged(base, current=0, hand={"blue": 2}, owners={"k-01": 0})
    assert rule_of(ann, ClaimTeamRoute("k-02", "blue")) == "team.parallel-own"


def test_with_6_players_all_3_triple_tracks_may_be_claimed() -> None:
    base = started(team_board(), players=6, seed=11)
    eve = arranged(base, current=4, hand={"red": 2}, owners={"k-01": 0, "k-02": 2})
    assert rule_of(eve, ClaimTeamRoute("k-03", "red")) is None


def tunnel_game() -> tuple[TeamGame, TeamGame]:
    """Ann offers 4 black (2 from her hand, 2 from the holder) for the 5-card tunnel Elm–Fern,
    with a pile whose top 5 cards hold 2 black cards and a locomotive."""
    game = arranged(started(team_board(), seed=12), hand={"black": 2, "locomotive": 1},
                    holder={"black": 4, "red": 1})
    top = (CARD_INDEX["red"], CARD_INDEX["black"], LOCO, CARD_INDEX["black"],
           CARD_INDEX["green"])
    rest = tuple(c for c in game.deck)[:-5]
    game = evolve(game, deck=rest + tuple(reversed(top)))
    after = teams.apply(game, ClaimTeamRoute("k-09", "black", 0, 2))
    return game, after


def test_a_tunnel_surcharge_may_come_from_the_holder() -> None:
    _before, after = tunnel_game()
    pending = after.pending
    assert isinstance(pending, TeamTunnel) and pending.extra == 3 and len(pending.revealed) == 5
    pay = PayTeamTunnel(locomotives=1, holder_cards=2, holder_locomotives=0)
    assert pay in teams.legal_actions(after)
    done = teams.apply(after, pay)
    assert done.players[0].hand == EMPTY_HAND and done.holders[0] == hand_from({"red": 1})
    assert done.owners[done.board.route("k-09").index] == 0
    assert rule_of(after, PayTeamTunnel(0, 3, 0)) == "team.tunnel-surcharge"


def test_a_tunnel_given_up_returns_each_card_where_it_came_from() -> None:
    before, after = tunnel_game()
    back = teams.apply(after, DeclineTunnel())
    assert back.players[0].hand == before.players[0].hand
    assert back.holders[0] == before.holders[0]
    assert back.current == 1 and len(back.discard) == len(before.discard) + 5
    literal = teams.apply(evolve(after, options=Options(team_decline_to_hand=True)),
                          DeclineTunnel())
    assert literal.players[0].hand == hand_from({"black": 4, "locomotive": 1})
    assert literal.holders[0] == hand_from({"black": 2, "red": 1})


def test_drawing_tickets_takes_4_keeps_1_or_more_and_shares_one_of_them() -> None:
    game = started(USA, seed=13)
    drawn = teams.apply(game, DrawTickets())
    pending = drawn.pending
    assert isinstance(pending, TicketChoice) and len(pending.tickets) == 4 and pending.keep == 1
    assert rule_of(drawn, KeepTickets(())) == "team.tickets-draw"
    two = teams.apply(drawn, KeepTickets(pending.tickets[:2]))
    assert two.pending == ShareChoice(pending.tickets[:2]) and two.current == 0
    assert rule_of(two, ShareTicket(pending.tickets[3])) == "team.tickets-share-on-draw"
    shared = teams.apply(two, ShareTicket(pending.tickets[1]))
    assert shared.shared[0] == (*game.shared[0], pending.tickets[1])
    assert shared.players[0].tickets == (*game.players[0].tickets, pending.tickets[0])
    assert shared.tickets[-2:] == pending.tickets[2:] and shared.current == 1
    one = teams.apply(drawn, KeepTickets(pending.tickets[2:3]))
    assert one.shared[0][-1] == pending.tickets[2] and one.current == 1
    assert one.players[0].tickets == game.players[0].tickets


def test_the_share_action_moves_1_or_2_own_tickets_and_is_the_whole_turn() -> None:
    three = ("usa-t01", "usa-t02", "usa-t03")
    game = arranged(started(USA, seed=14), tickets=three)
    mine = game.players[0].tickets
    assert rule_of(game, ShareTickets(mine[:3])) == "team.share-action"
    assert rule_of(game, ShareTickets(())) == "team.share-action"
    assert rule_of(game, ShareTickets(game.players[1].tickets[:1])) == "team.share-action"
    after = teams.apply(game, ShareTickets(mine[:2]))
    assert after.players[0].tickets == mine[2:] and after.shared[0][-2:] == mine[:2]
    assert after.current == 1 and after.pending is None


def test_the_end_comes_when_a_team_s_trains_together_are_4_or_fewer() -> None:
    game = started(USA, seed=15)
    alone = arranged(game, hand={"blue": 5}, trains={0: 5, 1: 27})
    after = teams.apply(alone, ClaimTeamRoute("usa-002", "blue"))
    assert after.players[0].trains == 0 and after.final_turns == -1  # Cleo still has 27
    low = arranged(game, hand={"blue": 5}, trains={0: 6, 1: 3})
    after = teams.apply(low, ClaimTeamRoute("usa-002", "blue"))
    assert after.final_turns == 4 and "everyone gets one last turn" in after.last_event
    rng = random.Random(0)
    for _turn in range(4):
        assert not after.is_over
        after = whole_turn(after, rng)
    assert after.is_over and after.current == 1 and teams.legal_actions(after) == []


def whole_turn(game: TeamGame, rng: random.Random) -> TeamGame:
    """The game after one whole random turn (every step of it)."""
    seat, turn = game.current, game.turn
    while game.turn == turn and not game.is_over:
        assert game.current == seat
        game = teams.apply(game, rng.choice(teams.legal_actions(game)))
    return game


def test_team_scoring_uses_the_combined_network_and_the_team_bonuses() -> None:
    board = team_board()
    fern_cedar = ticket_between(board, "Fern", "Cedar")
    ash_gale = ticket_between(board, "Ash", "Gale")
    ann_cleo = TeamHolding(("Ann", "Cleo"), (("k-11",), ("k-04",)), ((fern_cedar,), ()),
                           (ash_gale,))
    ben_dev = TeamHolding(("Ben", "Dev"), (("k-13",), ()), ((), ()), ())
    sheet = score_teams(board, (ann_cleo, ben_dev))
    a, b = sheet.teams
    points = board.ticket(fern_cedar).points, board.ticket(ash_gale).points
    assert (a.route_points, a.ticket_points, a.tickets_completed) == \
        (1 + 4, points[0] - points[1], 1)
    assert (a.longest_trail, a.longest_bonus, a.globetrotter_bonus) == (4, 10, 10)
    assert (b.route_points, b.longest_trail, b.longest_bonus, b.globetrotter_bonus) == \
        (7, 4, 10, 0)  # tied for the trail: both teams score it
    assert a.total == 5 + points[0] - points[1] + 20 and b.total == 17
    own = score_teams(board, (ann_cleo, ben_dev), combined=False).teams[0]
    assert own.tickets_completed == 0 and own.longest_trail == 3 and own.longest_bonus == 0
    assert sheet.to_dict()["teams"][0] == {
        "players": ["Ann", "Cleo"], "route_points": 5, "ticket_points": points[0] - points[1],
        "tickets_completed": 1, "longest_trail": 4, "longest_bonus": 10,
        "globetrotter_bonus": 10, "total": a.total}


def team_score(players: tuple[str, ...], total: int, done: int, trail: int) -> TeamScore:
    return TeamScore(players, 0, (), 0, done, trail, 0, 0, total)


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
    sheet = TeamSheet((team_score(ann, 50, 4, 9), team_score(ben, 50, 4, 9)), (0, 1), reason)
    assert sheet.to_dict()["winner"] == ["Ann", "Cleo", "Ben", "Dev"]


# --------------------------------------------------------------------------- what a seat sees


def test_a_view_hides_the_teammate_s_hand_and_tickets_and_the_other_team_s_holders() -> None:
    game = arranged(started(USA, seed=16), current=0, hand={"red": 2},
                    holder={"blue": 3})
    game = arranged(game, current=2, hand={"green": 1}, holder={"pink": 2})
    seen = teams.view(game, 0)
    assert seen.players[0].hand == hand_from({"red": 2})
    assert seen.players[0].tickets == game.players[0].tickets
    assert seen.players[1].hand == EMPTY_HAND  # the teammate's hand is secret too
    assert seen.players[1].tickets == (teams.HIDDEN,) * len(game.players[1].tickets)
    assert seen.holders[0] == hand_from({"blue": 3}) and seen.shared[0] == game.shared[0]
    assert seen.holders[1] == EMPTY_HAND and seen.holder_sizes == (3, 2)
    assert seen.shared[1] == (teams.HIDDEN,) * 2
    assert seen.hand_sizes == tuple(sum(p.hand) for p in game.players)
    assert all(t == teams.HIDDEN for t in seen.tickets) and len(seen.tickets) == \
        len(game.tickets)
    public = teams.view(evolve(game, options=Options(team_holders_public=True)), 0)
    assert public.holders[1] == hand_from({"pink": 2}) and public.shared[1] == game.shared[1]
    with pytest.raises(RulesError) as caught:
        teams.apply(seen, DrawTickets())
    assert caught.value.rule == "team.view"


def scrambled(game: TeamGame, seat: int, rng: random.Random) -> TeamGame:
    """The same game as ``seat`` sees it, with everything hidden from that seat dealt anew:
    other hands (the teammate's too), other teams' holders, the pile's order, other players'
    tickets, other teams' shared tickets and the ticket pile (each keeps its size)."""
    team = seat // 2
    others = [i for i in range(game.num_players) if i != seat]
    other_teams = [t for t in range(game.num_teams) if t != team]
    cards = [c for i in others for c, n in enumerate(game.players[i].hand) for _ in range(n)]
    cards += [c for t in other_teams for c, n in enumerate(game.holders[t]) for _ in range(n)]
    cards += list(game.deck)
    tickets = [x for i in others for x in game.players[i].tickets]
    tickets += [x for t in other_teams for x in game.shared[t]] + list(game.tickets)
    rng.shuffle(cards)
    rng.shuffle(tickets)

    def deal_cards(n: int) -> tuple[int, ...]:
        hand = [0] * len(EMPTY_HAND)
        for _ in range(n):
            hand[cards.pop()] += 1
        return tuple(hand)

    def deal_tickets(n: int) -> tuple[str, ...]:
        return tuple(tickets.pop() for _ in range(n))

    players = list(game.players)
    for i in others:
        players[i] = evolve(players[i], hand=deal_cards(sum(players[i].hand)),
                            tickets=deal_tickets(len(players[i].tickets)))
    holders, shared = list(game.holders), list(game.shared)
    for t in other_teams:
        holders[t] = deal_cards(sum(holders[t]))
        shared[t] = deal_tickets(len(shared[t]))
    return evolve(game, players=tuple(players), holders=tuple(holders), shared=tuple(shared),
                  deck=tuple(cards), tickets=tuple(tickets))


BOTS = (team_bots.greedy_team_bot, team_bots.random_team_bot)
SWEEP = [("usa", 4), ("usa", 6), ("teamtest", 4), ("teamtest", 6)]


def board_named(name: str) -> Board:
    return USA if name == "usa" else team_board()


def check_invariants(game: TeamGame) -> None:
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
@pytest.mark.parametrize("bot", BOTS, ids=lambda b: b.__name__)
def test_seeded_team_games_keep_every_invariant(name: str, players: int,
                                                bot: team_bots.TeamBot) -> None:
    for seed in range(4):
        game = new_team_game(board_named(name), NAMES[:players], seed)
        rng = random.Random(seed)
        steps = 0
        while not game.is_over:
            check_invariants(game)
            choice = bot(teams.view(game, game.current), rng)
            before = repr(game)
            assert teams.why_illegal(game, choice.action) is None
            game = teams.apply(game, choice.action)
            assert repr(game) != before
            steps += 1
            assert steps < 3000
        check_invariants(game)
        sheet = teams.score(game)
        assert len(sheet.teams) == players // 2 and sheet.winners
        assert any(game.team_trains(t) <= 4 for t in range(game.num_teams)) or game.passes


@pytest.mark.parametrize(("name", "players"), SWEEP)
def test_no_peeking_a_bot_decides_the_same_whatever_the_hidden_cards(name: str,
                                                                     players: int) -> None:
    game = new_team_game(board_named(name), NAMES[:players], seed=players)
    rng = random.Random(1)
    compared = 0
    while not game.is_over:
        seat = game.current
        if not game.in_setup and game.turn % 3 == 0:
            other = scrambled(game, seat, random.Random(game.turn))
            assert other != game or game.turn == 0
            assert teams.view(other, seat) == teams.view(game, seat)
            for bot in BOTS:
                mine = bot(teams.view(game, seat), random.Random(game.turn))
                theirs = bot(teams.view(other, seat), random.Random(game.turn))
                assert mine == theirs
            compared += 1
        game = teams.apply(game, team_bots.greedy_team_bot(teams.view(game, seat), rng).action)
    assert compared > 20


def test_a_bot_refuses_a_view_of_another_seat() -> None:
    game = started(USA, seed=17)
    with pytest.raises(ValueError, match="seat"):
        team_bots.greedy_team_bot(teams.view(game, 1), random.Random(0))


def test_team_rule_ids_have_sentences_and_every_raised_id_is_in_the_catalog() -> None:
    source = "".join(Path(module.__file__).read_text(encoding="utf-8")  # type: ignore[arg-type]
                     for module in (teams, team_legal, team_state))
    raised = set(re.findall(r'RulesError\("([a-z0-9.-]+)"', source))
    assert raised <= set(RULES) and any(r.startswith("team.") for r in raised)
    error = teams.why_illegal(arranged(started(USA, seed=18), hand={"blue": 5},
                                       trains={0: 3}), ClaimTeamRoute("usa-002", "blue"))
    assert error is not None and error.rule_text == RULES["team.own-trains"]
