"""The ticket scorer and the scoring explorer with the USA 1910 box: the deck chosen from the
core's decks, the ticket list limited to it, a box variant's tickets at their 1910 values, the
Globetrotter where the game plays it, the bonus for the longest trail as a choice (USA Big Cities
with it), a ticket outside the deck refused naming the decks that hold it by their titles, and
"variant" in the position the scorer holds."""

from __future__ import annotations

import html

import pytest

from ttr_widgets.rules.position import (
    TICKET_DECKS,
    parse_position,
    position_to_dict,
    score_position,
)
from ttr_widgets.testing.words import assert_plain
from ttr_widgets.widgets.pages.explorer import ScoringExplorer
from ttr_widgets.widgets.pages.scorer import TicketScorer
from ttr_widgets.widgets.pages.scorer_view import ticket_text

# Ann: Denver–Santa Fe and Santa Fe–El Paso: Denver–El Paso (4) completed; Ben: Denver–Oklahoma
# City, and Los Angeles–Miami (20 in 2004, 19 on the 1910 box's cards) missed.
ANN = ("usa-039", "usa-050")


@pytest.fixture
def scorer() -> TicketScorer:
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    for route in ANN:
        scorer.toggle_route(route)
    assert scorer.add_ticket("usa-t07")
    scorer.select_player(1)
    scorer.toggle_route("usa-034")
    assert scorer.add_ticket("usa-t14")
    scorer.select_player(0)
    return scorer


def test_the_deck_is_chosen_among_the_core_s_decks(scorer: TicketScorer) -> None:
    assert [value for _label, value in scorer.variant.options] == [
        variant or "base" for (map_name, variant) in TICKET_DECKS if map_name == "usa"]
    assert [label for label, _ in scorer.variant.options] == [
        "the 2004 USA tickets", "the 1910 Classic tickets", "the USA 1910 tickets",
        "the Mega Game tickets", "the USA Big Cities tickets"]
    assert len(scorer.ticket_search.options) == 30


def test_a_box_variant_scores_the_1910_values_and_the_globetrotter(scorer: TicketScorer) -> None:
    assert scorer.sheet.player("Ben").ticket_points == -20 and not scorer.sheet.globetrotter
    assert "Globetrotter" not in scorer.results.value
    scorer.variant.value = "usa-mega"
    assert scorer.position.variant == "usa-mega" and scorer.board.printing == "1910"
    assert "Tickets: the Mega Game tickets. Scores the Longest Continuous Path bonus" in \
        scorer.message.value
    assert len(scorer.ticket_search.options) == 69
    assert ticket_text(scorer.board, "usa-t14") == "Los Angeles–Miami (19 points)"
    ann, ben = scorer.sheet.players
    assert ben.ticket_points == -19 and (ann.globetrotter_bonus, ben.globetrotter_bonus) == (15, 0)
    assert scorer.sheet == score_position(parse_position(position_to_dict(scorer.position)))
    assert "<b>Globetrotter</b>: 1 ticket completed, the most, <b>+15</b>" in scorer.results.value
    scorer.select_player(1)
    assert "<b>Globetrotter</b>: 0 tickets completed, not the most, <b>+0</b>" in \
        scorer.results.value
    assert position_to_dict(scorer.position)["variant"] == "usa-mega"
    assert_plain(scorer)


def test_the_ticket_list_is_the_variant_s_deck(scorer: TicketScorer) -> None:
    scorer.variant.value = "usa-1910"  # only the 35 new tickets: Ann's and Ben's are not in it
    assert scorer.position.variant is None
    assert "not in this game&#x27;s deck, the USA 1910 tickets" in scorer.message.value
    scorer.clear_player()
    scorer.select_player(1)
    scorer.clear_player()
    scorer.variant.value = "usa-1910"
    assert scorer.position.variant == "usa-1910" and scorer.variant.value == "usa-1910"
    listed = scorer.ticket_search.options
    assert len(listed) == 35 and "Los Angeles–Miami (20 points)" not in listed
    assert [label for label, _id in scorer.ticket_matches("Las Vegas")] == [
        "Las Vegas–Miami (21 points)", "Las Vegas–New York (19 points)",
        "Seattle–Las Vegas (10 points)"]  # Las Vegas is on none of the 2004 tickets


def test_a_ticket_outside_the_deck_is_refused_naming_its_decks_by_title(
        scorer: TicketScorer) -> None:
    assert not scorer.add_ticket("usa-t50")  # Pittsburgh–New Orleans: a 1910 ticket
    said = html.unescape(scorer.message.value)
    assert "Ann: the ticket Pittsburgh–New Orleans (8 points) is not in this game's deck, the " \
           "2004 USA tickets, but in the USA 1910 and Mega Game decks." in said
    assert "usa-" not in said
    assert scorer.position.players[0].tickets == ("usa-t07",)


def test_big_cities_plays_no_bonus_unless_the_table_ticks_it() -> None:
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    for route in ("usa-039", "usa-050"):  # a trail of 4
        scorer.toggle_route(route)
    scorer.variant.value = "usa-big-cities"
    assert not scorer.longest.value and scorer.sheet.player("Ann").longest_bonus == 0
    assert "No bonus for the longest trail." in scorer.message.value
    scorer.longest.value = True
    assert scorer.position.longest_bonus is True
    assert scorer.sheet.player("Ann").longest_bonus == 10
    assert "Scored with the Longest Continuous Path bonus." in scorer.message.value
    assert position_to_dict(scorer.position)["longest_bonus"] is True
    scorer.longest.value = False  # as the variant plays it: nothing to write
    assert scorer.position.longest_bonus is None and scorer.sheet.player("Ann").longest_bonus == 0
    scorer.variant.value = "base"
    assert scorer.longest.value and scorer.board.printing == ""


def test_a_saved_mega_game_loads_with_its_deck_and_values() -> None:
    scorer = TicketScorer("usa", players=["Ann", "Ben"])
    position = parse_position({"map": "usa", "variant": "usa-mega", "players": [
        {"name": "Ann", "routes": list(ANN), "tickets": ["usa-t07", "usa-t69"]},
        {"name": "Ben", "routes": ["usa-034"], "tickets": ["usa-t14"]}]})
    assert scorer.load(position)
    assert scorer.variant.value == "usa-mega" and scorer.longest.value
    assert scorer.sheet == score_position(position)
    assert scorer.sheet.player("Ben").ticket_points == -19


def test_the_explorer_says_the_deck_and_shows_the_globetrotter() -> None:
    position = parse_position({"map": "usa", "variant": "usa-mega", "players": [
        {"name": "Ann", "routes": list(ANN), "tickets": ["usa-t07"]},
        {"name": "Ben", "routes": ["usa-034"], "tickets": ["usa-t14"]}]})
    explorer = ScoringExplorer(position)
    assert "Played with the Mega Game tickets. Scores the Longest Continuous Path bonus (10 " \
           "points for the longest trail) and the Globetrotter" in explorer.source_label.value
    assert ">Globetrotter</th>" in explorer.table.value
    assert "Globetrotter bonus" in [trace.name for trace in explorer.figure.data]
    explorer.keep_ticket("usa-t07", False)  # nobody completes a ticket: both are tied at none
    assert [p.globetrotter_bonus for p in explorer.sheet.players] == [15, 15]
    plain = ScoringExplorer("usa")
    assert "Globetrotter" not in plain.table.value
    assert "Played with the 2004 USA tickets." in plain.source_label.value
