"""The probability lab's ticket deal (``course.lab_deal``): the USA 1910 box's four ways to play
read from the core, the two exact chances checked against brute force over every deal and a
seeded sample, and the numbers the notebook's prose reads off them."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import nbformat
import pytest

from ttr_widgets.course import lab_deal
from ttr_widgets.course.lab import LabError
from ttr_widgets.course.lab_plots import deal_table, low_keep_figure, shared_city_figure
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.widgets.plots.lab_plots import percent

USA = load_map("usa")
DEALS = {deal.variant: deal for deal in lab_deal.ways_to_play(USA)}
LAB = Path(__file__).resolve().parents[2] / "notebooks" / "Probability-Lab.ipynb"


def meets(x: tuple[str, str, int], y: tuple[str, str, int]) -> bool:
    return bool({x[0], x[1]} & {y[0], y[1]})


def test_the_four_ways_to_play_deal_as_the_core_says() -> None:
    assert list(DEALS) == ["usa-classic", "usa-1910", "usa-mega", "usa-big-cities"]
    assert [(d.size, d.dealt, d.keep, d.drawn, d.draw_keep) for d in DEALS.values()] == [
        (30, 3, 2, 3, 1), (35, 3, 2, 3, 1), (69, 5, 3, 4, 1), (35, 4, 2, 4, 1)]
    assert [d.title for d in DEALS.values()] == [VARIANTS[v].title for v in DEALS]
    mega = DEALS["usa-mega"]
    assert sum(mega.values) == 754  # the 1910 print: the four reprints are worth less
    assert ("Seattle", "New York", 20) in mega.tickets
    assert sum(DEALS["usa-classic"].values) == 344
    assert [d.title for d in lab_deal.ways_to_play(load_map("europe"))] == [
        "Big Cities of Europe"]  # the others deal long tickets apart
    with pytest.raises(LabError, match="Mega Europe deals long tickets apart"):
        lab_deal.deal_of(load_map("europe"), "mega-europe")


@pytest.mark.parametrize("variant", ["usa-classic", "usa-1910", "usa-big-cities"])
def test_shared_city_chance_is_every_deal_counted_one_by_one(variant: str) -> None:
    deal = DEALS[variant]
    for n in range(deal.dealt + 1):
        hands = list(combinations(deal.tickets, n))
        shared = sum(1 for hand in hands if any(meets(x, y) for x, y in combinations(hand, 2)))
        assert lab_deal.shared_city_chance(deal, n) == Fraction(shared, len(hands)), n


def test_the_mega_deal_against_brute_force_and_a_seeded_sample() -> None:
    mega = DEALS["usa-mega"]
    hands = list(combinations(mega.tickets, 3))
    shared = sum(1 for hand in hands if any(meets(x, y) for x, y in combinations(hand, 2)))
    assert lab_deal.shared_city_chance(mega, 3) == Fraction(shared, len(hands))
    exact = lab_deal.shared_city_chance(mega)  # 5 dealt
    dice = random.Random(26)
    trials = 20_000
    hits = sum(1 for _ in range(trials) if any(
        meets(x, y) for x, y in combinations(dice.sample(mega.tickets, 5), 2)))
    assert abs(hits / trials - float(exact)) < 0.01  # about 3 standard errors


def test_low_keep_chance_is_the_hypergeometric_count_and_every_deal_agrees() -> None:
    classic = DEALS["usa-classic"]
    for points in range(4, 23):
        hands = list(combinations(classic.values, 3))
        fits = sum(1 for hand in hands if sum(v <= points for v in hand) >= 2)
        assert lab_deal.low_keep_chance(classic, points) == Fraction(fits, len(hands))
    assert lab_deal.low_keep_chance(classic, 3) == 0 and lab_deal.low_keep_chance(classic, 22) == 1
    curve = lab_deal.low_keep_curve(DEALS["usa-mega"], range(4, 16))
    assert list(curve) == sorted(curve)
    with pytest.raises(LabError, match="from 0 to 30"):
        lab_deal.shared_city_chance(classic, 31)


def test_the_numbers_the_notebook_reads() -> None:
    classic, mega = DEALS["usa-classic"], DEALS["usa-mega"]
    big = DEALS["usa-big-cities"]
    pairs = sum(1 for x, y in combinations(classic.tickets, 2) if meets(x, y))
    assert (pairs, comb(30, 2)) == (44, 435)
    assert sum(1 for v in classic.values if v <= 9) == 12
    assert lab_deal.shared_city_chance(classic) == Fraction(39, 140)
    said = {
        "27.9 %": lab_deal.shared_city_chance(classic),
        "71.0 %": lab_deal.shared_city_chance(mega),
        "81.3 %": lab_deal.shared_city_chance(big),
        "37.5 %": lab_deal.low_keep_chance(mega, 9),
        "34.7 %": lab_deal.low_keep_chance(classic, 9),
        "58.1 %": lab_deal.low_keep_chance(big, 9),
        "79.9 %": lab_deal.low_keep_chance(classic, 9, dealt=3, keep=1),
        "90.5 %": lab_deal.low_keep_chance(mega, 9, dealt=4, keep=1),
    }
    prose = " ".join(" ".join(c.source.split()) for c in nbformat.read(LAB, as_version=4).cells
                     if c.cell_type == "markdown")
    for text, chance in said.items():
        assert percent(chance) == text
        assert text in prose, text
    assert "39/140" in prose and "44 of the 435 pairs" in prose


def test_the_figures_and_table_carry_the_exact_chances() -> None:
    deals = list(DEALS.values())
    bars = shared_city_figure(deals).data[0]
    assert list(bars.y) == [float(lab_deal.shared_city_chance(d)) for d in deals]
    assert "39/140" in bars.text[0]
    lines = low_keep_figure(deals, range(4, 16)).data
    assert [t.name for t in lines][2] == "Mega Game (5 dealt, keep 3)"
    table = deal_table(deals, 9).value
    assert "108199/288167" in table and "keep none over 9 points" in table
