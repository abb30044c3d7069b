"""Exact odds: closed forms checked against hand derivations, full enumeration and seeded
simulation.

Simulation tolerance: a frequency over ``n`` trials has standard error ``sqrt(p(1-p)/n)``; we
allow 4 standard errors (a correct formula fails that by chance about 6 times in 100,000 per
number). The generators are seeded, so every run draws the same cards and the test is
deterministic.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, sqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import EMPTY_HAND, LOCO, Hand, card_index, hand_from
from ttr_widgets.rules.odds import (
    STANDARD_DECK,
    OddsError,
    TunnelOdds,
    WhatIfOdds,
    base_offer,
    chance_to_see,
    enumerate_draws,
    face_up_refresh_probability,
    hypergeometric,
    matching_count,
    tunnel_extra_by_enumeration,
    tunnel_extra_by_simulation,
    tunnel_extra_distribution,
    tunnel_odds,
    unseen_pool,
    what_if_one_more,
)

TRIALS = 20_000
SIGMAS = 4


def cards(**counts: int) -> Hand:
    return hand_from(counts)


def close_enough(observed: Fraction, exact: Fraction, trials: int = TRIALS) -> bool:
    """Within SIGMAS standard errors; a certain (0 or 1) event must be matched exactly."""
    error = sqrt(float(exact * (1 - exact)) / trials)
    return abs(float(observed - exact)) <= SIGMAS * error


def card_list(pool: Hand) -> list[int]:
    return [card for card, n in enumerate(pool) for _ in range(n)]


# Named pools: the situations the tests come back to.
FRESH = STANDARD_DECK  # nothing seen yet: all 110 cards
MIDGAME = unseen_pool(cards(red=4, blue=2, locomotive=2), cards(red=1, green=2, locomotive=1))
LOCO_HEAVY = cards(red=2, green=1, locomotive=9)
TWO_LEFT = cards(red=1, locomotive=1)  # fewer cards than a tunnel reveals
ONE_LEFT = cards(blue=1)
EMPTY = EMPTY_HAND
NO_MATCH = cards(blue=5, green=4)  # nothing red, no locomotive
POOLS = {"fresh": FRESH, "midgame": MIDGAME, "loco-heavy": LOCO_HEAVY, "two-left": TWO_LEFT,
         "one-left": ONE_LEFT, "empty": EMPTY, "no-match": NO_MATCH}


# --- the deck and the pool --------------------------------------------------------------------

def test_standard_deck_is_the_deck_of_both_maps() -> None:
    assert sum(STANDARD_DECK) == 110
    assert STANDARD_DECK[LOCO] == 14 and set(STANDARD_DECK[:LOCO]) == {12}
    assert load_map("usa").deck == STANDARD_DECK
    assert load_map("europe").deck == STANDARD_DECK


def test_unseen_pool_removes_hand_and_seen_cards() -> None:
    pool = unseen_pool(cards(red=3, locomotive=1), cards(red=2, blue=5))
    assert pool == (7, 12, 12, 12, 7, 12, 12, 12, 13)
    assert sum(pool) == 110 - 4 - 7


def test_unseen_pool_refuses_more_cards_than_exist_and_names_the_card() -> None:
    with pytest.raises(OddsError, match=r"^13 pink cards in view \(10 in hand, 3 seen\) but "
                                        r"the deck holds only 12$"):
        unseen_pool(cards(pink=10), cards(pink=3))
    assert issubclass(OddsError, TTRError) and issubclass(OddsError, ValueError)


@pytest.mark.parametrize(("hand", "message"), [
    ((1, 2, 3), r"hand: expected 9 counts"),
    ((0, 0, -1, 0, 0, 0, 0, 0, 0), r"hand: the count of yellow must be a whole number ≥ 0"),
    ((0, 0, 0, 0, 0, 0, 0, 0, 1.5), r"hand: the count of locomotive"),
])
def test_unseen_pool_refuses_malformed_hands(hand: Hand, message: str) -> None:
    with pytest.raises(OddsError, match=message):
        unseen_pool(hand)


def test_unseen_pool_with_a_custom_deck() -> None:
    assert unseen_pool(cards(red=1), deck=cards(red=2, locomotive=1)) == cards(red=1, locomotive=1)


# --- the tunnel surcharge ---------------------------------------------------------------------

def test_fresh_deck_coloured_tunnel_derived_by_hand() -> None:
    # 26 of 110 cards match (12 of the colour + 14 locomotives), 84 do not. Drawing 3 without
    # replacement: P(k) = C(3, k) · (ordered product of k matches and 3-k misses) / (110·109·108).
    orders = 110 * 109 * 108
    expected = (
        Fraction(84 * 83 * 82, orders),
        Fraction(3 * 26 * 84 * 83, orders),
        Fraction(3 * 26 * 25 * 84, orders),
        Fraction(26 * 25 * 24, orders),
    )
    distribution = tunnel_extra_distribution("green", FRESH)
    assert distribution == expected
    assert [round(float(p) * 100, 1) for p in distribution] == [44.1, 42.0, 12.6, 1.2]
    assert sum(distribution) == 1


def test_fresh_deck_all_locomotive_offer_counts_only_locomotives() -> None:
    orders = 110 * 109 * 108
    assert tunnel_extra_distribution("locomotive", FRESH) == (
        Fraction(96 * 95 * 94, orders),
        Fraction(3 * 14 * 96 * 95, orders),
        Fraction(3 * 14 * 13 * 96, orders),
        Fraction(14 * 13 * 12, orders),
    )


@pytest.mark.parametrize("name", POOLS)
@pytest.mark.parametrize("color", ["red", "locomotive"])
def test_closed_form_equals_enumeration(name: str, color: str) -> None:
    pool = POOLS[name]
    closed = tunnel_extra_distribution(color, pool)
    assert closed == tunnel_extra_by_enumeration(color, pool)
    assert len(closed) == 4 and sum(closed) == 1


@pytest.mark.parametrize("name", ["fresh", "midgame", "loco-heavy", "two-left", "no-match"])
def test_closed_form_agrees_with_seeded_simulation(name: str) -> None:
    pool = POOLS[name]
    for color in ("red", "locomotive"):
        exact = tunnel_extra_distribution(color, pool)
        observed = tunnel_extra_by_simulation(color, pool, trials=TRIALS, rng=random.Random(7))
        assert sum(observed) == 1
        assert all(close_enough(o, p) for o, p in zip(observed, exact, strict=True)), \
            (name, color, [float(o) for o in observed], [float(p) for p in exact])


def test_simulation_notices_a_wrong_distribution() -> None:
    # The check above has teeth: a colour-only count (locomotives forgotten) is far off.
    observed = tunnel_extra_by_simulation("red", FRESH, trials=TRIALS, rng=random.Random(7))
    wrong = hypergeometric(110, 12, 3)
    assert not all(close_enough(o, p) for o, p in zip(observed, wrong, strict=True))


def test_short_pile_reveals_only_what_is_there() -> None:
    # Two cards left, one red and one locomotive: both are revealed and both match.
    assert tunnel_extra_distribution("red", TWO_LEFT) == (0, 0, 1, 0)
    # For an all-locomotive offer only the locomotive counts.
    assert tunnel_extra_distribution("locomotive", TWO_LEFT) == (0, 1, 0, 0)
    assert tunnel_extra_distribution("red", ONE_LEFT) == (1, 0, 0, 0)
    assert tunnel_extra_distribution("red", EMPTY) == (1, 0, 0, 0)


def test_reveal_size_is_a_parameter() -> None:
    assert tunnel_extra_distribution("red", cards(red=1, blue=1), reveal=1) == (
        Fraction(1, 2), Fraction(1, 2))
    assert tunnel_extra_distribution("red", FRESH, reveal=0) == (1,)


def test_matching_count() -> None:
    assert matching_count("red", MIDGAME) == (12 - 5) + (14 - 3)
    assert matching_count("locomotive", MIDGAME) == 14 - 3
    assert matching_count("black", NO_MATCH) == 0


@given(st.lists(st.integers(0, 4), min_size=9, max_size=9),
       st.sampled_from(["red", "blue", "locomotive"]), st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_closed_form_equals_enumeration_on_any_small_pool(counts: list[int], color: str,
                                                          reveal: int) -> None:
    pool = tuple(counts)
    assert tunnel_extra_distribution(color, pool, reveal) == \
        tunnel_extra_by_enumeration(color, pool, reveal)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: tunnel_extra_distribution("gray", FRESH), r"gray is a route colour"),
    (lambda: tunnel_extra_distribution("purple", FRESH), r"unknown card 'purple'"),
    (lambda: tunnel_extra_distribution("red", FRESH, reveal=-1), r"reveal must be"),
    (lambda: tunnel_extra_by_simulation("red", FRESH, trials=0, rng=random.Random(1)),
     r"trials must be"),
    (lambda: tunnel_odds("red", 0, cards(red=3)), r"length must be"),
    (lambda: tunnel_odds("red", True, cards(red=3)), r"length must be"),
    (lambda: hypergeometric(5, 6, 1), r"cannot draw"),
    (lambda: list(enumerate_draws(TWO_LEFT, 3)), r"cannot draw 3 cards from a pool of 2"),
])
def test_bad_questions_are_refused_with_a_clear_message(call: object, message: str) -> None:
    with pytest.raises(OddsError, match=message):
        call()  # type: ignore[operator]


def test_enumerate_draws_lists_ordered_draws_with_exact_chances() -> None:
    draws = dict(enumerate_draws(cards(red=2, locomotive=1), 2))
    assert draws == {(0, 0): Fraction(1, 3), (0, LOCO): Fraction(1, 3), (LOCO, 0): Fraction(1, 3)}


# --- paying for a tunnel ----------------------------------------------------------------------

def test_base_offer_is_colour_first_then_locomotives() -> None:
    assert base_offer("red", 3, cards(red=4, locomotive=1)) == cards(red=3)
    assert base_offer("red", 3, cards(red=2, locomotive=3)) == cards(red=2, locomotive=1)
    assert base_offer("red", 3, cards(red=1, locomotive=1)) is None
    assert base_offer("locomotive", 2, cards(red=5, locomotive=2)) == cards(locomotive=2)
    assert base_offer("locomotive", 2, cards(red=5, locomotive=1)) is None


def test_spare_cards_pay_whatever_is_not_too_much() -> None:
    # Red 3-tunnel, hand red=4 + 1 locomotive: after offering 3 red, 2 cards can pay, so only
    # 3 extra cards is unaffordable. Pool: 105 cards, 21 of them red or locomotive.
    odds = tunnel_odds("red", 3, cards(red=4, locomotive=1))
    assert (odds.pool, odds.matching, odds.revealed, odds.spare) == (105, 21, 3, 2)
    assert odds.offer == cards(red=3) and not odds.all_locomotive
    all_three = Fraction(21 * 20 * 19, 105 * 104 * 103)
    assert odds.distribution[3] == all_three == Fraction(19, 2678)
    assert odds.can_pay == 1 - all_three == Fraction(2659, 2678)


def test_exact_hand_pays_only_a_free_tunnel() -> None:
    # Hand red=3 for a red 3-tunnel: nothing spare, so it pays only if nothing matches.
    # Pool 107 cards, 9 red + 14 locomotives match, 84 do not.
    odds = tunnel_odds("red", 3, cards(red=3))
    assert odds.spare == 0
    assert odds.can_pay == Fraction(84 * 83 * 82, 107 * 106 * 105)


def test_hand_that_cannot_pay_the_base_cost_has_no_chance() -> None:
    odds = tunnel_odds("red", 3, cards(red=1, locomotive=1))
    assert odds.offer is None and odds.spare == 0 and odds.can_pay == 0
    assert sum(odds.distribution) == 1  # the surcharge odds are still shown


def test_all_locomotive_offer_counts_and_pays_only_locomotives() -> None:
    # Hand: 3 locomotives and 5 red, offered 2 locomotives. The red cards cannot pay the extra
    # (rule tunnel.all-locomotives): 1 spare, so it fails on 2 or 3 revealed locomotives.
    # Pool 102 cards, 11 locomotives.
    odds = tunnel_odds("locomotive", 2, cards(red=5, locomotive=3))
    assert odds.all_locomotive and odds.counted == "locomotive"
    assert (odds.pool, odds.matching, odds.spare) == (102, 11, 1)
    orders = 102 * 101 * 100
    fail = Fraction(3 * 11 * 10 * 91 + 11 * 10 * 9, orders)
    assert odds.can_pay == 1 - fail


def test_offer_of_only_locomotives_is_an_all_locomotive_offer_whatever_colour_is_named() -> None:
    named_blue = tunnel_odds("blue", 2, cards(red=1, locomotive=3))
    assert named_blue.offer == cards(locomotive=2) and named_blue.all_locomotive
    plain = tunnel_odds("locomotive", 2, cards(red=1, locomotive=3))
    assert named_blue.distribution == plain.distribution
    assert named_blue.can_pay == plain.can_pay


def test_mixed_offer_keeps_locomotives_for_the_surcharge() -> None:
    odds = tunnel_odds("red", 3, cards(red=2, locomotive=3))
    assert odds.offer == cards(red=2, locomotive=1) and odds.spare == 2


def _can_pay_by_enumeration(color: str, length: int, hand: Hand, seen: Hand) -> Fraction:
    """Independent of ``tunnel_odds``: look at each revealed draw and at the hand."""
    pool = unseen_pool(hand, seen)
    c, loco = card_index(color), LOCO
    if color == "locomotive":
        if hand[loco] < length:
            return Fraction(0)
        return sum((p for draw, p in enumerate_draws(pool, 3)
                    if draw.count(loco) <= hand[loco] - length), Fraction(0))
    if hand[c] + hand[loco] < length:
        return Fraction(0)
    spare = hand[c] + hand[loco] - length
    return sum((p for draw, p in enumerate_draws(pool, 3)
                if sum(card in (c, loco) for card in draw) <= spare), Fraction(0))


def _can_pay_by_simulation(color: str, length: int, hand: Hand, seen: Hand,
                           rng: random.Random) -> Fraction:
    pile = card_list(unseen_pool(hand, seen))
    c, loco = card_index(color), LOCO
    counted = {loco} if color == "locomotive" else {c, loco}
    have = sum(hand[i] for i in counted)
    paid = 0
    for _ in range(TRIALS):
        rng.shuffle(pile)
        extra = sum(card in counted for card in pile[:3])
        paid += have >= length + extra
    return Fraction(paid, TRIALS)


NAMED_CLAIMS = {
    "red 3 with a spare pair": ("red", 3, cards(red=4, locomotive=1), EMPTY_HAND),
    "exact blue 2, blues seen": ("blue", 2, cards(blue=2, red=3), cards(blue=4, locomotive=2)),
    "green 4 with one spare": ("green", 4, cards(green=3, locomotive=2), cards(green=2)),
    "all-locomotive 2": ("locomotive", 2, cards(red=5, locomotive=3), cards(locomotive=1)),
    "cannot pay": ("black", 4, cards(black=2, locomotive=1), EMPTY_HAND),
}


@pytest.mark.parametrize("name", NAMED_CLAIMS)
def test_can_pay_agrees_with_enumeration_and_simulation(name: str) -> None:
    color, length, hand, seen = NAMED_CLAIMS[name]
    exact = tunnel_odds(color, length, hand, seen).can_pay
    assert exact == _can_pay_by_enumeration(color, length, hand, seen)
    observed = _can_pay_by_simulation(color, length, hand, seen, random.Random(11))
    assert close_enough(observed, exact), (name, float(observed), float(exact))


def test_tunnel_on_a_nearly_empty_pile() -> None:
    # A 3-card custom deck: the player holds 1 red, sees nothing else; 2 cards can be revealed.
    deck = cards(red=2, locomotive=1)
    odds = tunnel_odds("red", 1, cards(red=1), deck=deck)
    assert (odds.pool, odds.revealed, odds.spare) == (2, 2, 0)
    assert odds.distribution == (0, 0, 1, 0) and odds.can_pay == 0
    free = tunnel_odds("red", 1, cards(red=1), seen=cards(red=1, locomotive=1), deck=deck)
    assert (free.pool, free.revealed, free.can_pay) == (0, 0, 1)


def test_tunnel_odds_is_an_immutable_value_with_an_evaluable_repr() -> None:
    odds = tunnel_odds("red", 3, cards(red=4, locomotive=1))
    assert isinstance(odds, TunnelOdds)
    assert eval(repr(odds), {"TunnelOdds": TunnelOdds, "Fraction": Fraction}) == odds
    with pytest.raises(AttributeError):
        odds.can_pay = Fraction(1)  # type: ignore[misc]
    assert odds.expected_extra == sum(k * p for k, p in enumerate(odds.distribution))


def test_inputs_are_not_changed() -> None:
    hand, seen = cards(red=4, locomotive=1), cards(blue=2)
    before = (hand, seen)
    tunnel_odds("red", 3, hand, seen)
    what_if_one_more("red", 3, hand, seen)
    assert (hand, seen) == before


# --- what if I had one more card ---------------------------------------------------------------

def test_one_more_card_of_the_colour_or_a_locomotive() -> None:
    hand = cards(red=3)
    what = what_if_one_more("red", 3, hand)
    assert isinstance(what, WhatIfOdds)
    assert what.now == tunnel_odds("red", 3, hand).can_pay
    assert what.one_more_color == tunnel_odds("red", 3, cards(red=4)).can_pay
    assert what.one_more_locomotive == tunnel_odds("red", 3, cards(red=3, locomotive=1)).can_pay
    # Pool after one more red: 106 cards, 22 match; with 1 spare only 2 or 3 matches fail.
    fail = Fraction(3 * 22 * 21 * 84 + 22 * 21 * 20, 106 * 105 * 104)
    assert what.one_more_color == 1 - fail
    assert what.now < what.one_more_color


def test_one_more_card_can_turn_an_impossible_claim_possible() -> None:
    what = what_if_one_more("red", 3, cards(red=2))
    assert what.now == 0
    assert what.one_more_color == tunnel_odds("red", 3, cards(red=3)).can_pay > 0


def test_one_more_is_none_when_no_such_card_is_left() -> None:
    hand = cards(red=4, locomotive=2)
    what = what_if_one_more("red", 3, hand, seen=cards(red=8, locomotive=12))
    assert what.one_more_color is None and what.one_more_locomotive is None
    assert what_if_one_more("locomotive", 2, cards(locomotive=3)).one_more_color is None


# --- the face-up row --------------------------------------------------------------------------

def test_face_up_refresh_on_a_fresh_deck_agrees_with_enumeration_and_simulation() -> None:
    exact = face_up_refresh_probability(FRESH)
    by_enumeration = sum((p for draw, p in enumerate_draws(FRESH, 5) if draw.count(LOCO) >= 3),
                         Fraction(0))
    assert exact == by_enumeration
    # Hand check of the largest term: exactly 3 locomotives and 2 others among 5 of 110.
    assert exact > Fraction(comb(14, 3) * comb(96, 2), comb(110, 5))
    assert round(float(exact) * 100, 2) == 1.44
    rng, pile = random.Random(3), card_list(FRESH)
    hits = sum(rng.sample(pile, 5).count(LOCO) >= 3 for _ in range(TRIALS))
    assert close_enough(Fraction(hits, TRIALS), exact)


def test_face_up_refresh_edge_cases() -> None:
    assert face_up_refresh_probability(cards(locomotive=7)) == 1
    assert face_up_refresh_probability(cards(red=30)) == 0
    # Fewer than 5 cards: all are dealt.
    assert face_up_refresh_probability(cards(red=1, locomotive=3)) == 1
    assert face_up_refresh_probability(cards(red=2, locomotive=2)) == 0
    # 3 locomotives among 6 cards: the one card left out must not be a locomotive.
    assert face_up_refresh_probability(cards(red=3, locomotive=3)) == Fraction(3, 6)
    assert face_up_refresh_probability(LOCO_HEAVY) == sum(
        (p for draw, p in enumerate_draws(LOCO_HEAVY, 5) if draw.count(LOCO) >= 3), Fraction(0))


# --- chance to see a card ---------------------------------------------------------------------

def test_chance_to_see_a_locomotive_in_two_blind_draws() -> None:
    # 1 - (96/110)(95/109): neither of the two cards is one of the 14 locomotives.
    exact = chance_to_see("locomotive", FRESH, 2)
    assert exact == 1 - Fraction(96 * 95, 110 * 109) == Fraction(287, 1199)


@pytest.mark.parametrize(("card", "pool", "n"), [
    ("locomotive", FRESH, 2), ("red", MIDGAME, 5), ("green", LOCO_HEAVY, 3), ("blue", NO_MATCH, 1),
])
def test_chance_to_see_agrees_with_enumeration_and_simulation(card: str, pool: Hand,
                                                              n: int) -> None:
    index = card_index(card)
    exact = chance_to_see(card, pool, n)
    assert exact == sum((p for draw, p in enumerate_draws(pool, n) if index in draw), Fraction(0))
    rng, pile = random.Random(5), card_list(pool)
    hits = sum(index in rng.sample(pile, n) for _ in range(TRIALS))
    assert close_enough(Fraction(hits, TRIALS), exact)


def test_chance_to_see_edge_cases() -> None:
    assert chance_to_see("red", NO_MATCH, 9) == 0
    assert chance_to_see("blue", NO_MATCH, 0) == 0
    assert chance_to_see("blue", NO_MATCH, 50) == 1  # more than the pool: every card is drawn
    with pytest.raises(OddsError, match="gray is a route colour"):
        chance_to_see("gray", FRESH, 2)
    with pytest.raises(OddsError, match="number of cards drawn must be"):
        chance_to_see("red", FRESH, -1)


def test_hypergeometric_is_a_distribution() -> None:
    probabilities = hypergeometric(10, 4, 3)
    assert sum(probabilities) == 1
    assert probabilities == (Fraction(20, 120), Fraction(60, 120), Fraction(36, 120),
                             Fraction(4, 120))
