"""The hint (bots.hinting, bots.coach.hint, bots.hint_words.hint_text) on named positions: the move,
why in numbers a learner can use, the plan it serves with the turns it needs, the clock, and
near the end a claim now weighed against waiting, saying which and why."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.coach import hint, percent
from ttr_widgets.bots.expert import DEFAULT, Searched, search
from ttr_widgets.bots.hint_words import plan_sentence, played_on, weighing_sentence
from ttr_widgets.bots.hinting import (
    HINT_KEEP_MARGIN,
    HINT_SEARCH,
    Needs,
    clock_of,
    hint_move,
    hint_search,
    needs_of,
    off_plan,
    weigh,
)
from ttr_widgets.bots.reasons import move_reasons, odds_words
from ttr_widgets.bots.strong import choose
from ttr_widgets.bots.strong_tickets import ticket_value
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import (
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
)
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import evolve
from ttr_widgets.testing.positions import (
    ayr_fife,
    far_ticket_near_the_end,
    one_card_short_near_the_end,
)

MINI = load_map("mini")
USA = load_map("usa")


# --------------------------------------------------------------------------- named positions


# --------------------------------------------------------------------------- the plan


def test_the_hint_names_the_plan_the_cards_missing_and_the_turns_it_needs():
    state = ayr_fife()
    found = needs_of(state)
    assert [r.id for r in found.routes] == ["m-06", "m-01"] and found.trains == 4
    assert found.short == (("green", 2),) and found.turns == 3
    said = hint(state, deep=False)
    assert said.action == ClaimRoute("m-01", "red", 0)
    assert said.plan == ("Your plan: Ayr–Fife (8 points); still to claim 2 routes (4 trains): "
                         "Bree–Eton (2 green) and Ayr–Bree (2 red); you still lack 2 green: "
                         "about 3 turns.")
    assert said.clock == "Clock: Bob has 12 trains and you 10: about 6 turns are likely left " \
                         "for you."
    assert said.weighing == ""  # Bob is far from the end


def test_a_claim_on_the_ticket_path_serves_the_ticket_and_is_not_sold_by_its_points():
    """Ayr–Bree: after it 2 trains remain to place (12 − 2 − 2 = 8 left); without it the
    cheapest way is Ayr–Dale–Eton (3 + 2 = 5), one train more."""
    reason = hint(ayr_fife(), deep=False).reason
    assert reason.startswith("claim Ayr–Bree (2 red) with 2 red: it serves Ayr–Fife (8 points)")
    assert "with it your tickets need 2 more trains (you will have 8)" in reason
    assert "if another player took it first, your tickets would need 1 more train" in reason
    assert "scores" not in reason


def test_a_route_off_every_ticket_is_told_by_its_points():
    said = hint(far_ticket_near_the_end())
    assert said.action == ClaimRoute("usa-096", "white", 0)
    assert said.why[0] == "it scores 10 points"


def helena_to_new_york(hand: dict[str, int], trains: int = 25):
    """USA: Ann holds Seattle–New York and owns Helena–Duluth–Sault St. Marie–Montreal–New York
    (her plan: Helena–Seattle, 6 yellow), with ``hand`` and ``trains``; Bob has 30 trains."""
    return scenario(USA, ["Ann", "Bob"], hands=[hand],
                    claimed={r: 0 for r in ("usa-040", "usa-043", "usa-073", "usa-072")},
                    tickets=[["usa-t25"], []], trains=[trains, 30])


def test_a_rival_who_wants_the_route_is_named_only_while_they_still_have_a_turn():
    """USA: Bob owns Helena–Duluth and has 4 trains; Ann may claim Chicago–Duluth. Bob may want
    it while he still moves; on the game's last turn (Ann's, ``final_turns`` 1) he cannot."""
    state = scenario(USA, ["Ann", "Bob"], hands=[{"red": 3}], claimed={"usa-040": 1},
                     trains=[20, 4])
    claim = ClaimRoute("usa-018", "red", 0)
    wants = "Bob's routes already reach Duluth: they may want it too"
    assert wants in move_reasons(state, claim)
    assert wants in move_reasons(evolve(state, final_turns=2), claim)  # Bob's last turn to come
    assert move_reasons(evolve(state, final_turns=1), claim) == ["it scores 4 points"]


def test_a_claim_off_the_plan_that_opens_another_way_says_so_and_the_turns_it_saves():
    """``helena_to_new_york``: Ann holds no yellow, so her plan takes about 4 turns. Calgary–Seattle
    (4 gray), paid with her 4 orange, is off that plan, but with it Calgary–Helena (4 gray) and
    her 4 green finish the ticket: one turn more."""
    state = helena_to_new_york({"orange": 4, "green": 4})
    assert [r.id for r in needs_of(state).routes] == ["usa-053"]
    assert needs_of(state).turns == 4
    claim = ClaimRoute("usa-013", "orange", 0)
    found = off_plan(state, claim)
    assert found is not None and [r.id for r in found.after.routes] == ["usa-012"]
    assert move_reasons(state, claim) == [
        "it opens another way for Seattle–New York (22 points): after it your plan needs "
        "about 1 turn, not 4"]
    assert off_plan(state, ClaimRoute("usa-053", "yellow", 6)) is None  # on the plan


def test_a_claim_off_the_plan_that_spends_its_cards_says_what_it_costs_the_plan():
    """As above, but Ann holds the 6 yellow for Helena–Seattle and 4 orange: El Paso–Phoenix
    (3 gray) paid in yellow leaves the plan 3 yellow short (3 turns instead of 1); paid in
    orange it costs the plan nothing."""
    state = helena_to_new_york({"yellow": 6, "orange": 4})
    assert move_reasons(state, ClaimRoute("usa-049", "yellow", 0)) == [
        "it scores 4 points",
        "it spends cards your plan needs: after it your plan needs about 3 turns, not 1"]
    assert move_reasons(state, ClaimRoute("usa-049", "orange", 0)) == ["it scores 4 points"]


def test_a_claim_off_the_plan_that_leaves_too_few_trains_for_a_ticket_says_so():
    """As above with 8 trains: El Paso–Phoenix (3) leaves 5, and Helena–Seattle needs 6."""
    state = helena_to_new_york({"yellow": 6, "orange": 4}, trains=8)
    assert move_reasons(state, ClaimRoute("usa-049", "orange", 0)) == [
        "it scores 4 points",
        "after it Seattle–New York (22 points) could no longer be completed"]


def test_a_ticket_kept_that_is_complete_already_is_told_so():
    """Ann owns Denver–Santa Fe–El Paso and draws Denver–El Paso among three tickets."""
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-039": 0, "usa-050": 0},
                     tickets=[[], ["usa-t04"]], ticket_pile=["usa-t07", "usa-t08", "usa-t46"],
                     trains=[30, 30])
    state = apply(state, DrawTickets())
    reasons = move_reasons(state, KeepTickets(("usa-t07",)))
    assert reasons[0] == "it is complete already: your routes join its cities"
    assert "0 trains" not in " ".join(reasons)


def test_draw_odds_are_counted_in_cards_not_percentages():
    """Ayr–Bree (2 red) for Ayr–Bree (2); Ann holds 1 blue, the row shows no red. Unseen:
    38 − 1 − 5 = 32 cards, of which 4 red and 6 locomotives help: 10 in 32, about 1 in 3."""
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"blue": 1}],
                     face_up=["blue", "blue", "yellow", "yellow", "black"],
                     tickets=[["mini-t07"], []])
    said = hint(state, deep=False)
    assert said.action == DrawBlind()
    assert said.why == ("no face-up card is one your plan lacks (2 red)",
                        "about 1 card in 3 from the pile is one of those or a locomotive")
    assert "%" not in " ".join(said.sentences)
    assert said.plan.endswith("you still lack 2 red: about 2 turns.")


def test_the_one_card_a_plan_lacks_and_a_plan_in_hand_are_told_in_the_singular():
    """Ann holds Ayr–Bree (2 red). With 1 red in hand and a red face up, the hint takes it: the
    one red her plan lacks. With 2 red in hand her plan's one route is paid for."""
    lacking = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 1}],
                       face_up=["blue", "red", "yellow", "yellow", "black"],
                       tickets=[["mini-t07"], []])
    said = hint(lacking, deep=False)
    assert said.action == DrawFaceUp("red")
    assert said.why == ("the face-up red is the one red card your plan lacks",)
    ready = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 2}],
                     face_up=["blue", "blue", "yellow", "yellow", "black"],
                     tickets=[["mini-t07"], []])
    assert hint(ready, deep=False).plan == (
        "Your plan: Ayr–Bree (2 points); still to claim 1 route (2 trains): Ayr–Bree (2 red); "
        "you have the cards for it: about 1 turn.")


def test_odds_of_several_cards_in_ten_take_a_plural_verb():
    """Ann holds 1 blue and seven mini tickets: most of the pile is a card her plan lacks."""
    many = ["mini-t01", "mini-t02", "mini-t03", "mini-t04", "mini-t05", "mini-t06", "mini-t08"]
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"blue": 1}],
                     face_up=["blue", "blue", "yellow", "yellow", "black"],
                     tickets=[many, []])
    assert move_reasons(state, DrawBlind())[1] == (
        "about 7 cards in 10 from the pile are one of those or a locomotive")


def test_odds_words():
    assert odds_words(Fraction(10, 32)) == "about 1 card in 3"
    assert odds_words(Fraction(1, 2)) == "about 1 card in 2"
    assert odds_words(Fraction(7, 10)) == "about 7 cards in 10"
    assert odds_words(Fraction(99, 100)) == "almost every card"
    assert odds_words(Fraction(1, 50)) == "hardly any card"


def test_hint_for_a_tunnel_gives_the_exact_odds():
    """Bree–Eton is a 2-green tunnel; 3 cards are turned up. Ann holds 3 green; the row shows
    red, red, blue, blue, yellow. Unseen: 38 − 3 − 5 = 30 cards, of which 1 green and
    6 locomotives match. No extra: C(23,3)/C(30,3) = 1771/4060; one: 7·C(23,2) = 1771;
    two: C(7,2)·23 = 483; three: C(7,3) = 35. Her one spare green pays one extra card:
    (1771 + 1771)/4060."""
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"green": 3}],
                     face_up=["red", "red", "blue", "blue", "yellow"],
                     tickets=[["mini-t09"], []])
    choice = hint(state, deep=False)
    assert choice.action == ClaimRoute("m-06", "green", 0)
    total = comb(30, 3)
    assert total == 4060
    more = percent(1 - Fraction(comb(23, 3), total))
    assert more == "56%"
    reason = choice.reason
    assert f"as a tunnel it turns up 3 cards: it costs more with chance {more}" in reason
    assert "1 more green or locomotive card 44%, 2 more green or locomotive cards 12%" in reason
    assert "your hand can pay whatever is turned up with chance 87%" in reason


def test_hint_for_kept_tickets_gives_the_trains_they_need():
    """Ann (8 trains) owns Denver–Santa Fe–El Paso and holds Kansas City–Houston (5): its
    fewest trains are Kansas City–Oklahoma City–Dallas–Houston (2 + 2 + 1 = 5). Boston–Miami
    needs 12 more, Vancouver–Montréal 20."""
    pile = ["usa-t01", "usa-t07", "usa-t27"]
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-039": 0, "usa-050": 0},
                     tickets=[["usa-t12"], ["usa-t04"]], ticket_pile=pile, trains=[8, 30])
    state = apply(state, DrawTickets())
    reason = hint(state).reason
    assert reason == ("keep Denver–El Paso (4 points): with it, all your tickets need 5 trains "
                      "of your 8; Boston–Miami (12 points) would need 12 more trains: 17 in "
                      "all, more than the 8 you have left; Vancouver–Montréal (20 points) would "
                      "need 20 more trains: 25 in all, more than the 8 you have left")


def test_a_ticket_needing_as_many_more_trains_as_are_left_is_said_by_its_total():
    """Ann (6 trains) holds Kansas City–Houston (5 trains to go) and is offered New York–Atlanta,
    6 more: 11 in all. The hint must not say "6 more trains, more than you have left" to a
    player with exactly 6: it names the total that is too many."""
    pile = ["usa-t07", "usa-t18", "usa-t01"]
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-039": 0, "usa-050": 0},
                     tickets=[["usa-t12"], ["usa-t04"]], ticket_pile=pile, trains=[6, 30])
    reason = hint(apply(state, DrawTickets())).reason
    assert "New York–Atlanta (6 points) would need 6 more trains: 11 in all, more than the 6 " \
           "you have left" in reason, reason
    assert "6 more trains, more than you have left" not in reason


def test_the_hint_keeps_an_extra_ticket_only_when_it_is_clearly_worth_it():
    """Ann (30 trains) holds Salt Lake City–Kansas City and is offered Calgary–Salt Lake City,
    Denver–Pittsburgh and Nashville–New York. Nashville–New York fits her trains and turns, but
    by the strong bot's estimate (``ticket_value``) adds under ``HINT_KEEP_MARGIN`` points to
    Denver–Pittsburgh: the strong bot keeps both, the hint only Denver–Pittsburgh, and says why
    it leaves out a ticket it could complete."""
    pile = ["usa-t03", "usa-t08", "usa-t46"]
    state = scenario(USA, ["Ann", "Bob"], tickets=[["usa-t54"], ["usa-t04"]],
                     ticket_pile=pile, trains=[30, 30])
    state = apply(state, DrawTickets())
    with_it = ticket_value(state, 0, ["usa-t54", "usa-t08", "usa-t46"])
    without = ticket_value(state, 0, ["usa-t54", "usa-t08"])
    assert 0 < with_it - without < HINT_KEEP_MARGIN
    assert choose(state, random.Random(1)).action == KeepTickets(("usa-t08", "usa-t46"))
    said = hint(state)
    assert said.action == KeepTickets(("usa-t08",))
    assert ("Nashville–New York (6 points) would need 3 more trains, and adds too little to be "
            "worth the risk: a ticket not completed counts its points against you") in said.reason


# --------------------------------------------------------------------------- the clock


def test_near_the_end_with_the_plan_out_of_time_it_claims_now_and_says_why():
    state = far_ticket_near_the_end()
    clock, weighed = clock_of(state), weigh(state)
    assert clock.others == (("Bob", 4),) and clock.turns == 2 and clock.near
    assert weighed is not None and weighed.claim
    assert weighed.needs.turns > clock.turns
    assert weighed.now == ClaimRoute("usa-096", "white", 0) and weighed.gain == 10
    said = hint(state)
    assert said.action == weighed.now
    assert said.clock == "Clock: Bob has 4 trains: about 2 turns are likely left for you."
    # the claim was the move to beat, and the games played on found no draw clearly better
    found = hint_search(state, random.Random(0))
    assert found.playouts == HINT_SEARCH.playouts and found.moves[0].action == weighed.now
    assert found.best == 0
    draw = next(i for i, m in enumerate(found.moves)
                if isinstance(m.action, DrawBlind | DrawFaceUp))
    ahead = round(found.means[0] - found.means[draw])
    assert ahead > 0, found.means
    assert said.weighing == (f"Claim now rather than wait: your plan needs about "
                             f"{weighed.needs.turns} turns and about 2 turns are likely left; "
                             "Salt Lake City–San Francisco (5 white) brings 10 points now, "
                             "while cards left in hand score nothing. In 16 games played on "
                             f"from here, claiming it now ended about {ahead} points better on "
                             "average than drawing cards.")
    # the strong bot alone would keep drawing for the far ticket
    assert not isinstance(choose(state, random.Random(0)).action, ClaimRoute)


def test_when_games_played_on_find_waiting_better_the_weighing_says_so_with_their_figure():
    """Out of time by the clock, yet drawing came out ahead in the games played on: the
    hint waits, and its weighing gives the clock and the games' figure, not the clock's rule."""
    state = far_ticket_near_the_end()
    weighed = weigh(state)
    assert weighed is not None and weighed.claim and weighed.now is not None
    claim = Choice(weighed.now, "claims what scores most now")
    found = Searched((claim, Choice(DrawBlind(), "draws")), (-30.0, -21.4), 16, 1)
    assert weighing_sentence(state, DrawBlind(), weighed, found) == (
        "Wait rather than claim Salt Lake City–San Francisco (5 white) now (10 points), though "
        f"your plan needs about {weighed.needs.turns} turns and about 2 turns are likely left. "
        "In 16 games played on from here, drawing ended about 9 points better on average than "
        "claiming Salt Lake City–San Francisco (5 white) now.")
    # a figure too small to overturn the move to beat is said as such
    level = Searched((claim, Choice(DrawBlind(), "draws")), (-30.0, -27.0), 16, 0)
    assert played_on(state, weighed.now, weighed, level) == (
        " In 16 games played on from here, drawing cards ended about 3 points better on "
        "average: too little to be sure of over so few games.")
    assert played_on(state, weighed.now, weighed, Searched((claim,), (), 0, 0)) == ""


def test_near_the_end_with_time_for_the_plan_it_waits_and_says_why():
    state = one_card_short_near_the_end()
    clock, weighed = clock_of(state), weigh(state)
    assert clock.others == (("Bob", 5),) and clock.turns == 3
    assert weighed is not None and not weighed.claim and weighed.needs.turns == 2
    assert weighed.now is not None and weighed.gain == 1
    said = hint(state)
    assert said.action == DrawBlind()
    assert said.clock == "Clock: Bob has 5 trains: about 3 turns are likely left for you."
    assert said.plan == ("Your plan: Denver–El Paso (4 points); still to claim 1 route "
                         "(2 trains): El Paso–Santa Fe (2 gray); you still lack 1 red: about "
                         "2 turns.")
    now = USA.route(weighed.now.route)
    figure = played_on(state, DrawBlind(), weighed, hint_search(state, random.Random(0)))
    assert figure.startswith(" In 16 games played on from here, ")
    assert said.weighing == (f"Wait rather than claim {now} now (1 point): your plan needs "
                             "about 2 turns and about 3 turns are likely left, and the cards "
                             f"you draw now finish your plan's routes, worth more.{figure}")


def test_far_from_the_end_no_weighing():
    assert weigh(ayr_fife()) is None
    state = scenario(USA, ["Ann", "Bob"], hands=[{"white": 5}], tickets=[["usa-t25"], []],
                     trains=[20, 6])
    assert weigh(state) is None and not clock_of(state).near


def test_the_hint_ignores_the_hidden_deal_and_the_games_seed():
    state = one_card_short_near_the_end()
    other = scenario(USA, ["Ann", "Bob"], hands=[{"red": 1, "blue": 1, "green": 1,
                                                  "yellow": 1}, {"black": 2, "pink": 2}],
                     claimed={"usa-039": 0}, tickets=[["usa-t07"], ["usa-t13"]],
                     trains=[20, 5], seed=9, face_up=list(state.face_up_names()))
    assert other.deck != state.deck  # Bob's hand differs too, but not its size (public)
    assert hint(state, 4) == hint(other, 4)


def test_away_from_the_clocks_claim_the_hint_is_the_expert_search_looking_harder():
    """With time for the plan, the move to beat is the strong bot's, searched with the hint's
    own settings (more moves and playouts than the expert bot's)."""
    state = one_card_short_near_the_end()
    assert HINT_SEARCH.moves * HINT_SEARCH.playouts > DEFAULT.moves * DEFAULT.playouts
    found = hint_search(state, random.Random(3))
    assert found == search(state, random.Random(3), HINT_SEARCH)
    assert found.playouts == HINT_SEARCH.playouts and len(found.moves) > 1
    assert hint_move(state, random.Random(3)).action == found.choice.action
    assert hint_move(state, random.Random(3), deep=False).action == \
        choose(state, random.Random(3)).action


def test_a_ticket_left_out_for_the_turns_it_would_take_says_so():
    """Ann (14 trains) holds Kansas City–Houston and owns Denver–Santa Fe–El Paso; Bob has 30
    trains, so about 9 turns are likely left for her. Duluth–Dallas needs only 3 more trains,
    but its routes and cards would make her tickets take more turns than that."""
    pile = ["usa-t35", "usa-t36", "usa-t01"]
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-039": 0, "usa-050": 0},
                     tickets=[["usa-t12"], ["usa-t04"]], ticket_pile=pile, trains=[14, 30])
    state = apply(state, DrawTickets())
    said = hint(state)
    assert said.action.tickets == ("usa-t35",)
    turns = needs_of(state, ["usa-t12", "usa-t35", "usa-t36"]).turns
    left = clock_of(state).turns
    assert turns > left == 9
    assert (f"Duluth–Dallas (7 points) would need 3 more trains, but with it your tickets "
            f"would take about {turns} turns, and about 9 are likely left") in said.reason


def test_a_long_plan_names_three_routes_then_says_how_many_more() -> None:
    """Beyond the third ticket or route the plan says how many more of what: '2 more routes'."""
    routes = tuple(USA.routes[:5])
    found = Needs(tuple(USA.tickets[:4]), (), (), routes, (("red", 1),),
                  sum(r.length for r in routes))
    said = plan_sentence(found)
    assert "and 1 more ticket;" in said and "and 2 more routes;" in said
    assert f"still to claim 5 routes ({found.trains} trains)" in said
