"""One test (or a few) per rule of the engine, each on a named position."""

from __future__ import annotations

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr_widgets.rules.engine import apply, legal_actions, new_game, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.model import LOCO, card_index
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import NO_CARD, SecondCard, TicketChoice, TunnelPayment, evolve
from ttr_widgets.testing import refused, route_id

USA = load_map("usa")
EUROPE = load_map("europe")
MINI = load_map("mini")


# --------------------------------------------------------------------------- setup


def test_setup_usa_deals_trains_cards_row_and_three_tickets():
    state = new_game(USA, 3, seed=1)
    assert [p.trains for p in state.players] == [45, 45, 45]
    assert [sum(p.hand) for p in state.players] == [4, 4, 4]
    assert sum(1 for c in state.face_up if c != NO_CARD) == 5
    assert state.cards_in_play() == 110
    assert isinstance(state.pending, TicketChoice) and state.pending.setup
    assert len(state.pending.tickets) == 3 and state.pending.keep == 2
    assert len(state.tickets) == 30 - 9
    assert all(USA.ticket(t).kind == "regular" for offer in state.setup_offers for t in offer)


def test_setup_usa_keeps_at_least_two_and_rejects_go_to_the_bottom():
    state = new_game(USA, 2, seed=2)
    offer = state.pending.tickets
    refused(state, KeepTickets(offer[:1]), "tickets.keep")
    after = apply(state, KeepTickets(offer[:2]))
    assert after.players[0].tickets == offer[:2]
    assert after.tickets[-1] == offer[2]  # bottom of the pile
    assert after.current == 1 and after.pending.tickets == state.setup_offers[1]


def test_setup_europe_deals_one_long_and_three_regular_and_rejects_leave_the_game():
    state = new_game(EUROPE, 2, seed=3)
    offer = state.pending.tickets
    kinds = [EUROPE.ticket(t).kind for t in offer]
    assert kinds == ["long", "regular", "regular", "regular"]
    assert [p.stations for p in state.players] == [3, 3]
    pile_before = state.tickets
    after = apply(state, KeepTickets(offer[1:3]))  # the long ticket may be rejected
    assert after.tickets == pile_before
    assert offer[0] not in after.tickets and offer[3] not in after.tickets
    assert not any(EUROPE.ticket(t).kind == "long" for t in after.tickets)
    assert "box" in after.last_event


def test_setup_player_count_is_checked():
    with pytest.raises(RulesError) as info:
        new_game(USA, 6)
    assert info.value.rule == "setup.players"
    with pytest.raises(RulesError):
        new_game(USA, ["Ann", "Ann"])


def test_setup_ends_with_first_player_to_move():
    state = new_game(USA, 2, seed=4)
    for _ in range(2):
        state = apply(state, KeepTickets(state.pending.tickets))
    assert state.current == 0 and state.pending is None and not state.in_setup
    assert state.turn == 0


# --------------------------------------------------------------------------- drawing cards


def draw_position(**kw):
    defaults = dict(hands=[{"red": 1}, {"blue": 1}],
                    face_up=["locomotive", "red", "blue", "green", "yellow"],
                    pile_top=["white", "locomotive", "black"])
    defaults.update(kw)
    return scenario(USA, 2, **defaults)


def test_draw_two_cards_blind_then_face_up():
    state = draw_position()
    s1 = apply(state, DrawBlind())
    assert isinstance(s1.pending, SecondCard) and s1.current == 0
    assert s1.players[0].hand[card_index("white")] == 1
    s2 = apply(s1, DrawFaceUp("red"))
    assert s2.current == 1 and s2.pending is None
    assert s2.players[0].hand[card_index("red")] == 2
    assert s2.face_up[1] == LOCO  # replaced at once from the pile (rule draw.replace)


def test_face_up_locomotive_is_the_whole_draw():
    state = draw_position()
    after = apply(state, DrawFaceUp("locomotive"))
    assert after.current == 1 and after.players[0].hand[LOCO] == 1
    assert "whole draw" in after.last_event


def test_face_up_locomotive_never_second_even_when_just_turned_up():
    state = draw_position()
    s1 = apply(state, DrawFaceUp("blue"))  # the slot refills with the pile's white... then loco
    s1 = apply(draw_position(pile_top=["locomotive", "white"]), DrawFaceUp("red"))
    assert s1.face_up.count(LOCO) == 2  # the refill was a locomotive
    message = refused(s1, DrawFaceUp("locomotive"), "draw.second-locomotive")
    assert "second card" in message
    assert DrawFaceUp("locomotive") not in legal_actions(s1)


def test_blind_locomotive_counts_as_one_card():
    state = draw_position(pile_top=["locomotive", "white"])
    s1 = apply(state, DrawBlind())
    assert isinstance(s1.pending, SecondCard)  # still a second card to draw
    s2 = apply(s1, DrawBlind())
    assert s2.players[0].hand[LOCO] == 1 and s2.players[0].hand[card_index("white")] == 1


def test_second_card_must_be_a_card():
    s1 = apply(draw_position(), DrawBlind())
    refused(s1, DrawTickets(), "draw.two-cards")
    refused(s1, ClaimRoute(route_id(USA, "Atlanta", "Charleston"), "red", 0), "draw.two-cards")


def test_three_face_up_locomotives_refresh_the_row():
    state = draw_position(face_up=["locomotive", "locomotive", "red", "blue", "green"],
                          pile_top=["locomotive", "white", "black", "orange", "pink", "yellow"])
    after = apply(state, DrawFaceUp("red"))  # refill brings the third locomotive
    assert after.refreshes == 1
    assert after.face_up == tuple(card_index(c) for c in
                                  ["white", "black", "orange", "pink", "yellow"])
    assert after.discard.count(LOCO) == 3
    assert after.cards_in_play() == 110


def test_refresh_loop_is_guarded():
    # Pile and discards hold nothing but locomotives: every new row shows 3+ of them.
    hands = [{"red": 12, "orange": 12, "yellow": 12, "green": 12},
             {"blue": 12, "pink": 12, "white": 12, "black": 10}]
    state = scenario(USA, 2, hands=hands, face_up=["locomotive", "locomotive", "black",
                                                   "black", None])
    assert sorted(set(state.deck)) == [LOCO]
    after = apply(state, DrawFaceUp("black"))
    assert after.refreshes == USA.rules.face_up_reset_attempts
    assert after.face_up.count(LOCO) >= 3  # the fourth row stays (rule draw.refresh-limit)
    assert after.cards_in_play() == 110


def test_empty_pile_reshuffles_the_discards_deterministically():
    state = draw_position(pile_size=0, pile_top=[])
    assert not state.deck and state.discard
    a = apply(state, DrawBlind())
    b = apply(state, DrawBlind())
    assert a == b and a.shuffles == 1 and not a.discard
    assert a.cards_in_play() == 110


def test_no_blind_draw_without_pile_or_discards():
    hands = [{"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12},
             {"pink": 12, "white": 12, "black": 12, "locomotive": 9}]
    state = scenario(USA, 2, hands=hands, face_up=["locomotive"] * 5)
    assert not state.deck and not state.discard
    refused(state, DrawBlind(), "draw.no-card")
    after = apply(state, DrawFaceUp("locomotive"))
    assert after.face_up.count(NO_CARD) == 1  # nothing to refill with


def test_drawing_is_not_an_action_when_no_card_is_left():
    hands = [{"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12},
             {"pink": 12, "white": 12, "black": 12, "locomotive": 14}]
    state = scenario(USA, 2, hands=hands, face_up=[None] * 5)
    refused(state, DrawBlind(), "draw.nothing-left")
    assert not any(isinstance(a, (DrawBlind, DrawFaceUp)) for a in legal_actions(state))


def test_second_card_impossible_ends_the_turn():
    hands = [{"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12},
             {"pink": 12, "white": 12, "black": 11, "locomotive": 12}]
    state = scenario(USA, 2, hands=hands, face_up=["black", "locomotive", "locomotive",
                                                   None, None])
    after = apply(state, DrawFaceUp("black"))
    assert after.current == 1  # only face-up locomotives left: no legal second card


# --------------------------------------------------------------------------- claiming routes

ATL_CHA = route_id(USA, "Atlanta", "Charleston")  # 2 gray
ATL_MIA = route_id(USA, "Atlanta", "Miami")  # 5 blue


def test_claim_coloured_route_scores_and_spends_trains_and_cards():
    state = scenario(USA, 2, hands=[{"blue": 4, "locomotive": 1}])
    after = apply(state, ClaimRoute(ATL_MIA, "blue", 1))
    me = after.players[0]
    assert me.routes == (ATL_MIA,) and me.trains == 40 and me.route_points == 10
    assert me.hand[card_index("blue")] == 0 and me.hand[LOCO] == 0
    assert after.owner(ATL_MIA) == 0 and after.current == 1
    assert after.discard.count(card_index("blue")) == 4


def test_claim_needs_the_routes_colour():
    state = scenario(USA, 2, hands=[{"red": 5}])
    message = refused(state, ClaimRoute(ATL_MIA, "red", 0), "claim.one-colour")
    assert "blue" in message


def test_gray_route_takes_any_one_colour_but_not_two():
    state = scenario(USA, 2, hands=[{"red": 1, "green": 1}])
    message = refused(state, ClaimRoute(ATL_CHA, "red", 0), "claim.one-colour")
    assert "other colours cannot make up the rest" in message
    assert not any(isinstance(a, ClaimRoute) and a.route == ATL_CHA for a in legal_actions(state))
    ok = scenario(USA, 2, hands=[{"green": 2}])
    assert apply(ok, ClaimRoute(ATL_CHA, "green", 0)).players[0].route_points == 2


def test_locomotives_are_wild_and_may_pay_alone():
    state = scenario(USA, 2, hands=[{"locomotive": 5}])
    assert ClaimRoute(ATL_MIA, "locomotive", 5) in legal_actions(state)
    after = apply(state, ClaimRoute(ATL_MIA, "locomotive", 5))
    assert after.players[0].hand[LOCO] == 0
    refused(state, ClaimRoute(ATL_MIA, "blue", 5), "claim.locomotives")


def test_claim_whole_route_only():
    state = scenario(USA, 2, hands=[{"blue": 3}])
    message = refused(state, ClaimRoute(ATL_MIA, "blue", 0), "claim.whole-route")
    assert "in one turn" in message
    refused(state, ClaimRoute(ATL_MIA, "blue", 7), "claim.whole-route")


def test_cards_in_hand_when_the_split_is_not_held():
    state = scenario(USA, 2, hands=[{"blue": 5, "locomotive": 1}])
    refused(state, ClaimRoute(ATL_MIA, "blue", 2), "claim.cards-in-hand")


def test_unknown_names_are_refused_as_such():
    state = scenario(EUROPE, 2, hands=[{"red": 3}])
    refused(state, ClaimRoute("eu-999", "red", 0), "action.unknown")
    refused(state, BuildStation("Atlantis", "red", 0), "action.unknown")
    refused(state, DrawFaceUp("purple"), "action.unknown")


def test_events_mention_a_refresh_and_a_reshuffle():
    refresh = draw_position(face_up=["locomotive", "locomotive", "red", "blue", "green"],
                            pile_top=["locomotive", "white", "black", "orange", "pink", "yellow"])
    assert "3 locomotives and was replaced" in apply(refresh, DrawFaceUp("red")).last_event
    empty = draw_position(pile_size=0, pile_top=[])
    assert "shuffled into a new pile" in apply(empty, DrawBlind()).last_event


def test_claim_needs_enough_trains_and_costs_no_turn():
    state = scenario(USA, 2, hands=[{"blue": 5}], trains=[4, 45])
    refused(state, ClaimRoute(ATL_MIA, "blue", 0), "claim.trains")


def test_claim_anywhere_even_unconnected():
    state = scenario(USA, 2, hands=[{"blue": 5, "green": 2}],
                     claimed={route_id(USA, "Seattle", "Portland"): 0})
    assert why_illegal(state, ClaimRoute(ATL_MIA, "blue", 0)) is None


def test_claimed_route_is_closed():
    state = scenario(USA, 2, hands=[{"blue": 5}], claimed={ATL_MIA: 1})
    message = refused(state, ClaimRoute(ATL_MIA, "blue", 0), "claim.open")
    assert "Player 2" in message


def usa_double():
    a, b = USA.route(route_id(USA, "Atlanta", "Nashville")), None
    for r in USA.routes:
        if r.double is not None and r.color != "gray":
            a = r
            b = USA.route(r.double)
            break
    return a, b


def test_double_route_two_or_three_players_closes_the_twin_for_everyone():
    first, twin = usa_double()
    cards = {twin.color if twin.color != "gray" else "red": 6, "locomotive": 6}
    for n in (2, 3):
        state = scenario(USA, n, hands=[cards], claimed={first.id: 1})
        color = twin.color if twin.color != "gray" else "red"
        refused(state, ClaimRoute(twin.id, color, 0), "claim.double-small")
        assert all(a.route != twin.id for a in legal_actions(state) if isinstance(a, ClaimRoute))


def test_double_route_four_players_other_players_may_take_the_twin_but_never_both():
    first, twin = usa_double()
    color = twin.color if twin.color != "gray" else "red"
    cards = {color: 6}
    state = scenario(USA, 4, hands=[cards], claimed={first.id: 1})
    assert why_illegal(state, ClaimRoute(twin.id, color, 0)) is None
    mine = scenario(USA, 4, hands=[cards], claimed={first.id: 0})
    refused(mine, ClaimRoute(twin.id, color, 0), "claim.double-own")


def test_gray_double_follows_the_same_player_count_rule():
    pair = next(r for r in EUROPE.routes if r.double and {r.a, r.b} == {"London", "Dieppe"})
    state = scenario(EUROPE, 2, hands=[{"red": 4}], claimed={pair.double: 1})
    refused(state, ClaimRoute(pair.id, "red", 0), "claim.double-small")


# --------------------------------------------------------------------------- ferries and tunnels


def europe_route(a, b):
    return EUROPE.route(route_id(EUROPE, a, b))


def test_ferry_needs_its_locomotives_and_more_may_replace_colours():
    ferry = europe_route("Amsterdam", "London")  # 2 spaces, 2 locomotives
    assert ferry.ferry_locomotives == 2
    state = scenario(EUROPE, 2, hands=[{"red": 2, "locomotive": 1}])
    refused(state, ClaimRoute(ferry.id, "red", 1), "ferry.locomotives")
    palermo = europe_route("Palermo", "Smyrna")  # 6 spaces, 2 locomotives
    rich = scenario(EUROPE, 2, hands=[{"red": 2, "locomotive": 4}])
    assert why_illegal(rich, ClaimRoute(palermo.id, "red", 4)) is None  # a minimum, not a maximum
    refused(scenario(EUROPE, 2, hands=[{"red": 5, "locomotive": 1}]),
            ClaimRoute(palermo.id, "red", 1), "ferry.locomotives")


def tunnel_state(reveal, hand, color="red"):
    tunnel = next(r for r in EUROPE.routes if r.tunnel and r.color in ("gray", color)
                  and r.length == 2 and not r.double)
    return tunnel, scenario(EUROPE, 2, hands=[hand], pile_top=reveal)


def test_tunnel_reveal_adds_one_card_per_match_and_locomotive():
    tunnel, state = tunnel_state(["red", "locomotive", "blue"], {"red": 4, "locomotive": 1})
    after = apply(state, ClaimRoute(tunnel.id, "red", 0))
    assert isinstance(after.pending, TunnelPayment) and after.pending.extra == 2
    assert after.current == 0 and after.players[0].hand == state.players[0].hand  # not paid yet
    assert after.cards_in_play() == 110
    assert legal_actions(after) == [PayTunnel(0), PayTunnel(1), DeclineTunnel()]
    paid = apply(after, PayTunnel(1))
    me = paid.players[0]
    assert me.hand[card_index("red")] == 1 and me.hand[LOCO] == 0 and me.routes == (tunnel.id,)
    assert paid.current == 1
    for card in ("red", "locomotive", "blue"):  # revealed cards go to the discards
        assert card_index(card) in paid.discard


def test_tunnel_with_no_match_is_claimed_at_once():
    tunnel, state = tunnel_state(["blue", "green", "white"], {"red": 2})
    after = apply(state, ClaimRoute(tunnel.id, "red", 0))
    assert after.pending is None and after.owner(tunnel.id) == 0 and after.current == 1


def test_tunnel_all_locomotive_offer_counts_only_locomotives_and_pays_in_locomotives():
    tunnel, state = tunnel_state(["red", "locomotive", "red"], {"red": 5, "locomotive": 3})
    after = apply(state, ClaimRoute(tunnel.id, "locomotive", 2))
    assert after.pending.extra == 1
    refused(after, PayTunnel(0), "tunnel.all-locomotives")
    assert legal_actions(after) == [PayTunnel(1), DeclineTunnel()]


def test_tunnel_decline_keeps_cards_discards_reveal_and_spends_the_turn():
    tunnel, state = tunnel_state(["red", "red", "red"], {"red": 2})
    after = apply(state, ClaimRoute(tunnel.id, "red", 0))
    assert legal_actions(after) == [DeclineTunnel()]  # cannot afford 3 more
    refused(after, PayTunnel(0), "tunnel.pay")
    refused(after, DrawBlind(), "turn.pending")
    declined = apply(after, DeclineTunnel())
    assert declined.players[0].hand == state.players[0].hand
    assert declined.owner(tunnel.id) == -1 and declined.current == 1
    assert declined.discard[-3:] == (card_index("red"),) * 3


def test_tunnel_with_short_pile_reveals_what_is_left():
    tunnel, _ = tunnel_state([], {})
    everything = {"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12, "pink": 12,
                  "white": 12}
    bare = scenario(EUROPE, 2, hands=[everything, {"black": 12, "locomotive": 9}],
                    face_up=["locomotive"] * 5)
    after = apply(bare, ClaimRoute(tunnel.id, "red", 0))
    assert after.pending is None and after.owner(tunnel.id) == 0  # nothing revealed, no extra
    assert "no cards" in after.last_event
    one_left = scenario(EUROPE, 2, hands=[{**everything, "red": 11},
                                          {"black": 12, "locomotive": 9}],
                        face_up=["locomotive"] * 5)
    assert one_left.deck == (card_index("red"),)
    one = apply(one_left, ClaimRoute(tunnel.id, "red", 0))
    assert one.pending.revealed == (card_index("red"),) and one.pending.extra == 1


# --------------------------------------------------------------------------- stations


def test_station_costs_one_two_three_cards():
    state = scenario(EUROPE, 2, hands=[{"red": 6, "locomotive": 1}])
    s1 = apply(state, BuildStation("Paris", "red", 0))
    assert s1.players[0].stations == 2 and s1.station_owners() == {"Paris": 0}
    s1 = evolve(s1, current=0)
    refused(s1, BuildStation("Wien", "red", 3), "station.cost")  # 2 cards are due, not 3
    s2 = apply(s1, BuildStation("Wien", "red", 1))
    assert s2.players[0].hand[card_index("red")] == 4 and s2.players[0].hand[LOCO] == 0
    s3 = apply(evolve(s2, current=0), BuildStation("Roma", "red", 0))
    assert s3.players[0].hand[card_index("red")] == 1 and s3.players[0].stations == 0


def test_one_station_per_city_and_three_at_most():
    state = scenario(EUROPE, 2, hands=[{"red": 6}], stations={"Paris": 1})
    refused(state, BuildStation("Paris", "red", 0), "station.one-per-city")
    used = scenario(EUROPE, 2, hands=[{"red": 6}],
                    stations={"Paris": 0, "Wien": 0, "Roma": 0})
    refused(used, BuildStation("Madrid", "red", 0), "station.limit")


def test_a_station_of_a_player_called_you_is_your_station():
    state = scenario(EUROPE, ["You", "Bob"], hands=[{}, {"red": 6}], stations={"Paris": 0},
                     current=1)
    with pytest.raises(RulesError) as caught:
        apply(state, BuildStation("Paris", "red", 0))
    assert caught.value.reason == "Paris already has your station."  # never "You's"


def test_no_stations_on_the_usa_map():
    state = scenario(USA, 2, hands=[{"red": 6}])
    refused(state, BuildStation("Atlanta", "red", 0), "station.map")
    assert not any(isinstance(a, BuildStation) for a in legal_actions(state))


# --------------------------------------------------------------------------- tickets


def test_draw_three_tickets_keep_one_rejects_to_bottom():
    state = scenario(USA, 2, hands=[{"red": 1}])
    s1 = apply(state, DrawTickets())
    drawn = s1.pending.tickets
    assert len(drawn) == 3 and s1.pending.keep == 1
    refused(s1, KeepTickets(()), "tickets.keep")
    refused(s1, KeepTickets((state.tickets[5],)), "tickets.keep")
    s2 = apply(s1, KeepTickets(drawn[1:2]))
    assert s2.players[0].tickets == drawn[1:2]
    assert s2.tickets[-2:] == (drawn[0], drawn[2]) and s2.current == 1


def test_fewer_tickets_than_three_draw_what_is_left_and_empty_pile_refuses():
    state = scenario(USA, 2, hands=[{"red": 1}], ticket_pile=["usa-t01", "usa-t02"])
    s1 = apply(state, DrawTickets())
    assert s1.pending.tickets == ("usa-t01", "usa-t02")
    empty = scenario(USA, 2, hands=[{"red": 1}], ticket_pile=[])
    refused(empty, DrawTickets(), "tickets.empty")
    assert DrawTickets() not in legal_actions(empty)


# --------------------------------------------------------------------------- turns and the end


def test_not_your_pending_decision():
    state = scenario(USA, 2, hands=[{"red": 1}])
    s1 = apply(state, DrawTickets())
    refused(s1, DrawBlind(), "turn.pending")


def test_last_round_everyone_including_the_trigger_gets_one_more_turn():
    state = scenario(USA, 3, hands=[{"blue": 5}, {"red": 1}, {"red": 1}], trains=[7, 30, 30])
    s = apply(state, ClaimRoute(ATL_MIA, "blue", 0))  # player 1 down to 2 trains
    assert s.final_turns == 3 and "last turn" in s.last_event
    turns = 0
    while not s.is_over:
        s = apply(s, DrawBlind())
        s = apply(s, DrawBlind()) if isinstance(s.pending, SecondCard) else s
        turns += 1
    assert turns == 3 and s.turn == 4
    refused(s, DrawBlind(), "turn.game-over")
    assert legal_actions(s) == []


def test_in_the_last_round_only_the_players_still_to_play_move_again():
    """Three players; player 1 triggers the end: players 2, 3 and 1 each get one more turn."""
    state = scenario(USA, 3, hands=[{"blue": 5}, {"red": 1}, {"red": 1}], trains=[7, 30, 30])
    assert all(state.moves_again(p) for p in range(3))  # before the end is triggered
    s = apply(state, ClaimRoute(ATL_MIA, "blue", 0))
    assert s.current == 1 and [s.moves_again(p) for p in range(3)] == [True, False, True]
    s = apply(apply(s, DrawBlind()), DrawBlind())  # player 2's last turn
    assert s.current == 2 and [s.moves_again(p) for p in range(3)] == [True, False, False]
    s = apply(apply(s, DrawBlind()), DrawBlind())  # player 3's
    assert s.current == 0 and not any(s.moves_again(p) for p in range(3))  # the last turn
    s = apply(apply(s, DrawBlind()), DrawBlind())
    assert s.is_over and not any(s.moves_again(p) for p in range(3))


def test_pass_only_when_nothing_else_and_a_round_of_passes_ends_the_game():
    state = scenario(USA, 2, hands=[{"red": 1}])
    refused(state, Pass(), "turn.pass")
    hands = [{"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12},
             {"pink": 12, "white": 12, "black": 12, "locomotive": 14}]
    stuck = scenario(USA, 2, hands=hands, face_up=[None] * 5, ticket_pile=[], trains=[0, 0])
    assert legal_actions(stuck) == [Pass()]
    s = apply(apply(stuck, Pass()), Pass())
    assert s.is_over and "Nobody can move" in s.last_event


# --------------------------------------------------------------------------- purity


def test_a_refused_action_leaves_the_state_equal():
    state = scenario(USA, 2, hands=[{"red": 1}])
    before = state
    with pytest.raises(RulesError):
        apply(state, ClaimRoute(ATL_MIA, "blue", 0))
    assert state == before and state is before


def test_errors_name_their_rule_in_the_message():
    state = scenario(USA, 2, hands=[{"red": 1}])
    error = why_illegal(state, ClaimRoute(ATL_MIA, "blue", 0))
    assert "(rule claim.whole-route)" in str(error)
    assert "\n" not in str(error)


def test_reprs_evaluate_back_to_equal_actions():
    from ttr_widgets.rules import actions as module
    for action in (DrawBlind(), DrawFaceUp("red"), ClaimRoute("usa-001", "red", 1),
                   PayTunnel(1), DeclineTunnel(), DrawTickets(), KeepTickets(("a", "b")),
                   BuildStation("Paris", "locomotive", 1), Pass()):
        assert eval(repr(action), vars(module)) == action


def test_with_hand_keeps_every_other_field():
    from dataclasses import fields

    from ttr_widgets.rules.state import PlayerState
    player = PlayerState("Ann", (1,) * 9, 40, 2, ("usa-t01",), ("usa-001",), 2)
    changed = player.with_hand((0,) * 9)
    assert changed.hand == (0,) * 9
    assert all(getattr(changed, f.name) == getattr(player, f.name)
               for f in fields(PlayerState) if f.name != "hand")
