"""The play app with the USA 1910 box: its four ways to play offered on the Game tab in their
titles with a line of what each deals, keeps and scores, the bonus for the longest trail as a
choice (USA Big Cities plays none unless ticked), a Mega Game dealt from the Game tab (5 tickets,
keep at least 3) on the 1910 box's cards, and the Globetrotter on the Score tab, in the score
chart and in the statistics only when the game plays it."""

from __future__ import annotations

import random
import re

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.position import parse_position, score_position
from ttr_widgets.rules.record import position_of
from ttr_widgets.rules.state import Options, TicketChoice
from ttr_widgets.rules.stats import game_stats
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.testing.words import assert_plain
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.plots.score_plots import breakdown_segments
from ttr_widgets.widgets.plots.stats_view import stats_table_html
from ttr_widgets.widgets.table.players import StartPanel, options_title, variant_line
from ttr_widgets.widgets.table.scoring_view import score_table_html

USA = load_map("usa")
BOX = ("usa-classic", "usa-1910", "usa-mega", "usa-big-cities")


def finished(variant: str | None, seed: int = 5, **options: bool) -> Game:
    """A three-player USA game of greedy bots played to its end."""
    game = Game.new(USA, ("Ann", "Ben", "Cleo"), seed, Options(variant=variant, **options))
    rng = random.Random(seed)
    while not game.state.is_over:
        game = game.play(choose("greedy", game.state, rng).action)
    return game


def rows(table: str) -> dict[str, list[str]]:
    """An HTML table's rows: the first cell's text → the other cells' texts."""
    found = {}
    for row in re.findall(r"<tr.*?</tr>", table, re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip()
                 for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        if cells:
            found[cells[0]] = cells[1:]
    return found


# --------------------------------------------------------------------------- the Game tab


def test_the_game_tab_offers_the_usa_box_s_four_ways_to_play_in_their_titles() -> None:
    panel = StartPanel(lambda: None)
    assert panel.map.value == "usa" and panel.variant.layout.display is None
    assert list(panel.variant.options) == [
        ("base game", "base"), ("1910 Classic", "usa-classic"), ("USA 1910", "usa-1910"),
        ("Mega Game", "usa-mega"), ("USA Big Cities", "usa-big-cities")]
    assert "The 2004 USA tickets, 30 of them: 3 dealt, keep at least 2" in panel.about.value
    for name in BOX:
        panel.variant.value = name
        assert variant_line(USA, name) in panel.about.value.replace("&#x27;", "'")
        assert f'data-rule="{VARIANTS[name].rule}"' in panel.about.value  # behind a why?
        assert panel.setup().options == Options(variant=name)
    assert_plain(panel)


@pytest.mark.parametrize(("name", "said"), [
    ("usa-classic", "The 1910 Classic tickets, 30 of them: 3 dealt, keep at least 2; a ticket "
                    "draw shows 3, keep at least 1. Scores the Longest Continuous Path bonus "
                    "(10 points for the longest trail). On the 1910 box's cards 4 reprinted "
                    "tickets are worth less: Los Angeles–Miami 19, Los Angeles–New York 20, "
                    "Sault St. Marie–Oklahoma City 8 and Seattle–New York 20."),
    ("usa-1910", "The USA 1910 tickets, 35 of them: 3 dealt, keep at least 2; a ticket draw "
                 "shows 3, keep at least 1. Scores the Globetrotter (15 points for the most "
                 "tickets completed); no bonus for the longest trail."),
    ("usa-mega", "The Mega Game tickets, 69 of them: 5 dealt, keep at least 3; a ticket draw "
                 "shows 4, keep at least 1. Scores the Longest Continuous Path bonus (10 points "
                 "for the longest trail) and the Globetrotter (15 points for the most tickets "
                 "completed). On the 1910 box's cards 4 reprinted tickets are worth less: Los "
                 "Angeles–Miami 19, Los Angeles–New York 20, Sault St. Marie–Oklahoma City 8 "
                 "and Seattle–New York 20."),
    ("usa-big-cities", "The USA Big Cities tickets, 35 of them: 4 dealt, keep at least 2; a "
                       "ticket draw shows 4, keep at least 1. No bonus for the longest trail. On "
                       "the 1910 box's cards 3 reprinted tickets are worth less: Los "
                       "Angeles–Miami 19, Los Angeles–New York 20 and Seattle–New York 20."),
])
def test_each_way_to_play_is_said_in_one_line(name: str, said: str) -> None:
    assert variant_line(USA, name) == said


def test_usa_big_cities_plays_no_bonus_unless_the_box_is_ticked() -> None:
    panel = StartPanel(lambda: None)
    assert panel.longest.value and panel.longest.description == "Longest Continuous Path bonus"
    panel.variant.value = "usa-big-cities"
    assert not panel.longest.value and "No bonus for the longest trail." in panel.about.value
    assert panel.setup().options == Options(variant="usa-big-cities")
    panel.longest.value = True
    assert panel.setup().options == Options(variant="usa-big-cities", longest_bonus=True)
    assert "Scores the Longest Continuous Path bonus" in panel.about.value
    assert options_title(panel.setup().options) == (
        "USA Big Cities tickets · with the bonus for the longest trail")
    panel.variant.value = "usa-mega"  # another variant: its own bonuses again
    assert panel.longest.value and panel.setup().options == Options(variant="usa-mega")
    panel.longest.value = False
    assert panel.setup().options == Options(variant="usa-mega", longest_bonus=False)


def test_a_big_cities_game_with_the_longest_path_is_dealt_and_scored_with_it() -> None:
    app = PlayApp("usa", seed=1, bot_delay=0)
    app.start.variant.value = "usa-big-cities"
    app.start.longest.value = True
    app.start.seed.value = "3"
    app.start.start.click()
    assert app.state.options == Options(variant="usa-big-cities", longest_bonus=True)
    assert "USA Big Cities tickets · with the bonus for the longest trail" in app.title.value
    game = finished("usa-big-cities", longest_bonus=True)
    assert max(p.longest_bonus for p in score(game.state).players) == 10
    assert max(p.longest_bonus for p in score(finished("usa-big-cities").state).players) == 0


def test_the_game_tab_keeps_the_bonus_choice_for_the_next_game() -> None:
    app = PlayApp("usa", seed=1, bot_delay=0)
    app.load_game(finished("usa-big-cities", longest_bonus=True), ("human", "greedy", "greedy"))
    assert app.start.variant.value == "usa-big-cities" and app.start.longest.value
    assert app.start.setup().options == Options(variant="usa-big-cities", longest_bonus=True)


def test_a_mega_game_from_the_game_tab_deals_five_and_keeps_at_least_three() -> None:
    app = PlayApp("usa", seed=1, bot_delay=0)
    app.tabs.selected_index = 3
    app.start.variant.value = "usa-mega"
    app.start.seed.value = "7"
    app.start.start.click()
    state = app.state
    assert state.options == Options(variant="usa-mega") and app.tabs.selected_index == 0
    assert state.board.printing == "1910" and state.board.ticket("usa-t14").points == 19
    assert "Mega Game tickets" in app.title.value
    pending = state.pending
    assert isinstance(pending, TicketChoice) and len(pending.tickets) == 5 and pending.keep == 3
    assert len(app.ticket_choice.boxes) == 5
    assert "keep at least <b>3</b> of these 5 tickets" in app.ticket_choice.note.value
    for box in app.ticket_choice.boxes[2:]:
        box.value = False  # two kept: too few
    app.ticket_choice.keep.click()
    assert app.state.pending == pending and app.status.kind != "info"
    assert "at least 3" in app.status.text
    app.ticket_choice.boxes[2].value = True
    app.ticket_choice.keep.click()
    assert app.state.players[0].tickets == pending.tickets[:3]
    assert_plain(app)


# --------------------------------------------------------------------------- the Score tab


def test_the_score_tab_has_a_globetrotter_row_when_the_game_plays_it() -> None:
    game = finished("usa-mega")
    sheet = score(game.state)
    app = PlayApp("usa", seed=1, bot_delay=0)
    app.load_game(game, ("human", "greedy", "greedy"))
    assert app.scoring.sheet == sheet and sheet.globetrotter
    table = rows(app.scoring.table.value)
    assert table["Globetrotter (most tickets completed)"] == [
        f"{p.globetrotter_bonus:+d}" if p.globetrotter_bonus else "0" for p in sheet.players]
    assert table["Globetrotter (most tickets completed)"] == ["+15", "0", "0"]  # Ann: 5 done
    assert table["Total"] == [str(p.total) for p in sheet.players]
    stats = rows(app.scoring.stats.table.value)
    assert stats["Globetrotter bonus"] == ["15", "0", "0"]
    assert_plain(app.scoring)


@pytest.mark.parametrize("variant", [None, "usa-classic", "usa-big-cities"])
def test_no_globetrotter_row_where_the_game_does_not_play_it(variant: str | None) -> None:
    game = finished(variant)
    sheet = score(game.state)
    assert not sheet.globetrotter
    assert "Globetrotter" not in score_table_html(game.state.board, sheet)
    assert "Globetrotter" not in stats_table_html(game_stats(game), game.state.board)
    holdings = position_of(game.state).players
    kinds = [s.kind for s in breakdown_segments(game.state.board, sheet, holdings)]
    assert "globetrotter" not in kinds


@pytest.mark.parametrize(("variant", "options", "played"), [
    (None, {}, True), ("usa-classic", {}, True), ("usa-mega", {}, True),
    ("usa-1910", {}, False), ("usa-big-cities", {}, False),
    ("usa-big-cities", {"longest_bonus": True}, True)])
def test_the_bonus_row_is_there_only_when_the_game_plays_the_bonus(
        variant: str | None, options: dict[str, bool], played: bool) -> None:
    game = finished(variant, **options)
    sheet = score(game.state)
    assert sheet.longest_bonus is played
    table = rows(score_table_html(game.state.board, sheet))
    assert "Longest trail" in table  # the trail is measured whatever the bonus
    assert ("Longest Continuous Path bonus" in table) is played
    if played:
        assert "+10" in table["Longest Continuous Path bonus"]


def test_the_running_score_says_which_bonuses_the_game_plays() -> None:
    app = PlayApp("usa", seed=1, bot_delay=0)
    assert "the longest trail and its bonus, and the winner" in app.scoring.running.value
    app.start.variant.value = "usa-1910"
    app.start.start.click()
    said = app.scoring.running.value
    assert "the longest trail (no bonus in this game), the Globetrotter for the most tickets " \
           "completed, and the winner" in said


def test_the_score_chart_has_a_globetrotter_segment_in_a_mega_game() -> None:
    position = parse_position({"map": "usa", "variant": "usa-mega", "players": [
        {"name": "Ann", "routes": ["usa-031", "usa-039", "usa-050"], "tickets": ["usa-t07"]},
        {"name": "Ben", "routes": ["usa-034"], "tickets": ["usa-t14"]}]})
    sheet = score_position(position)
    parts = breakdown_segments(position.board, sheet, position.players)
    segments = {s.kind: s for s in parts}  # the route segments by length share a kind
    assert segments["globetrotter"].name == "Globetrotter bonus"
    assert segments["globetrotter"].values == (15, 0)  # Ann completed Denver–El Paso
    assert segments["globetrotter"].notes == ("1 ticket completed", "0 tickets completed")
    assert segments["tickets lost"].values == (0, -19)  # Los Angeles–Miami at its 1910 value
    for i, p in enumerate(sheet.players):
        assert sum(s.values[i] for s in parts) == p.total
