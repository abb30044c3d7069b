"""The Probability Lab's sentences follow the numbers they describe: the words under the bars
of tickets drawn by stage are read off the same rows (late draws that still gain are not said to
cost), and the words under the tunnel explorer are worked out again from the hand it shows."""

from __future__ import annotations

from pathlib import Path

import nbformat

from ttr_widgets.course import lab_plots as plots
from ttr_widgets.course import lab_sample
from ttr_widgets.course.lab import TicketGamble, gamble_by_trains_left, pooled_by_stage
from ttr_widgets.rules.maps import load_map
from ttr_widgets.widgets.pages.odds import TunnelOddsExplorer

LAB = Path(__file__).resolve().parents[2] / "notebooks" / "Probability-Lab.ipynb"
EARLY, LATE = "15-29 trains left", "under 15 trains left"


def rows(late_net: int, europe_late: int = 0) -> tuple[TicketGamble, ...]:
    return (TicketGamble("usa", 2, EARLY, 10, 5, 10, 8, 50),
            TicketGamble("usa", 2, LATE, 10, 5, 10, 5, late_net),
            TicketGamble("europe", 4, EARLY, 10, 2, 2, 2, 10),
            TicketGamble("europe", 4, LATE, 10, 2, 2, 1, europe_late))


def test_the_stage_sentence_says_what_the_bars_show() -> None:
    gains = plots.stage_sentence(rows(late_net=20))
    assert "Late draws still gained points on average, but fewer than earlier ones" in gains
    assert "under 15 trains left: 12 tickets, 50 % completed, +1.7 points each" in gains
    assert "cost" not in gains
    costs = plots.stage_sentence(rows(late_net=-30))
    assert "Late draws cost points on average." in costs
    some = plots.stage_sentence(rows(late_net=20, europe_late=-4))
    assert some.endswith("They cost points in Europe, 4 players.")


def test_the_labs_own_games_read_as_their_bars() -> None:
    games = lab_sample.sample_games()
    stages = gamble_by_trains_left([r for results in games.values() for r in results])
    pooled = {row.stage: row for row in pooled_by_stage(stages)}
    assert sum(row.tickets for row in pooled.values()) == sum(r.tickets for r in stages)
    late = pooled[LATE]
    sentence = plots.stage_reading(stages).value
    assert f"{late.tickets} tickets" in sentence
    if (late.net_per_ticket or 0) > 0:  # mostly positive bars are not called a loss
        assert "Late draws cost points on average" not in sentence
    prose = "\n".join(c.source for c in nbformat.read(LAB, as_version=4).cells)
    assert "mostly cost their value" not in prose
    assert "plots.stage_reading(stages)" in prose


def test_the_words_under_the_explorer_follow_its_hand() -> None:
    explorer = TunnelOddsExplorer(load_map("europe"), route_id="eu-085")
    explorer.set_hand({"red": 4, "locomotive": 1})
    reading = plots.explorer_reading(explorer)
    assert ("With 4 red cards and 1 locomotive on a 3-long tunnel played in red, you put down 3 "
            "cards and keep 2 cards that can pay a surcharge, so you can pay up to 2 extra "
            "cards, not 3.") in reading.value
    assert "paying with one more red card" in reading.value  # the what-if table
    explorer.set_hand({"red": 3})
    assert "With 3 red cards" in reading.value and "keep none" in reading.value
    explorer.set_hand({"red": 6})
    assert "you can pay any surcharge, even 3 extra cards" in reading.value
    explorer.set_hand({"red": 13})  # more reds than the deck holds
    assert "no numbers for these cards" in reading.value and "<table" not in reading.value
