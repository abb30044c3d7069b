"""The ticket scorer, clicked through like a person would: named positions whose scores are
worked out by hand below, refusals that quote the rule, Europe stations by city clicks, and
games loaded from positions, records and broken files."""

from __future__ import annotations

import datetime
import html
import json
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import score
from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.position import load_position, position_to_dict, score_position
from ttr_widgets.rules.record import load_record
from ttr_widgets.testing.board import highlighted
from ttr_widgets.widgets.board.render import HIGHLIGHT, ROUTES, STATIONS
from ttr_widgets.widgets.pages.scorer import (
    TicketScorer,
    example_path,
    load_game,
    read_game,
    ticket_text,
)


def route_owner_colours(scorer: TicketScorer, route_id: str) -> set[str]:
    """The fill of every train space of a route on the board."""
    view = scorer.view
    colours = view.widget.data[ROUTES].marker.color
    return {colours[i] for i in view.geometry.route_spaces[route_id]}


def click_routes(scorer: TicketScorer, *route_ids: str) -> None:
    for rid in route_ids:
        scorer.view.simulate_route_click(rid)


def upload(scorer_upload: widgets.FileUpload, name: str, content: bytes) -> None:
    scorer_upload.value = ({"name": name, "type": "application/json", "size": len(content),
                            "content": memoryview(content),
                            "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


@pytest.fixture
def usa() -> TicketScorer:
    return TicketScorer("usa", players=["Ann", "Ben"])


# The hand-worked USA position.
# Ann: Denver–Helena (4 spaces, 7 points), Denver–Santa Fe (2, 2), Santa Fe–El Paso (2, 2),
#      Dallas–El Paso (4, 7): route points 7 + 2 + 2 + 7 = 18; one trail through all four,
#      Helena–Denver–Santa Fe–El Paso–Dallas, 4 + 2 + 2 + 4 = 12 spaces.
#      Tickets: Denver–El Paso (4) joined through Santa Fe: +4; Calgary–Salt Lake City (7):
#      neither city is on her network: -7.
# Ben: Denver–Oklahoma City (4 spaces, 7 points), trail 4.
# Ann's 12 beats Ben's 4: +10. Ann 18 + 4 - 7 + 10 = 25, Ben 7.
ANN_ROUTES = ("usa-031", "usa-039", "usa-050", "usa-025")


@pytest.fixture
def worked(usa: TicketScorer) -> TicketScorer:
    click_routes(usa, *ANN_ROUTES)
    usa.ticket_search.value = "usa-t07"
    usa.add_button.click()
    usa.ticket_search.value = ticket_text(usa.board, "usa-t03")
    assert usa.ticket_search.value in usa.ticket_search.options
    usa.add_button.click()
    usa.player.value = 1
    click_routes(usa, "usa-034")
    usa.player.value = 0
    return usa


def test_the_hand_worked_usa_position_scores_as_worked_out(worked: TicketScorer) -> None:
    ann, ben = worked.sheet.players
    assert (ann.route_points, ann.ticket_points, ann.longest_trail, ann.longest_bonus,
            ann.total) == (18, 4 - 7, 12, 10, 25)
    assert (ben.route_points, ben.ticket_points, ben.longest_trail, ben.longest_bonus,
            ben.total) == (7, 0, 4, 0, 7)
    assert worked.sheet == score_position(worked.position)  # what `ttr score` says


def test_the_labels_say_each_hit_and_miss_and_the_total(worked: TicketScorer) -> None:
    results = worked.results.value
    assert "✔ hit Denver–El Paso: +4" in results
    assert "✘ miss Calgary–Salt Lake City: -7" in results
    assert "Routes</b>: 4 claimed, 12 trains, <b>+18</b>" in results
    assert "Longest trail</b>: 12 spaces, holds the Longest Continuous Path bonus, <b>+10</b>" \
        in results
    assert "Helena – Denver – Santa Fe – El Paso – Dallas" in results or \
        "Dallas – El Paso – Santa Fe – Denver – Helena" in results
    assert "Ann: 25 points" in worked.total.value
    assert "Ann 25 · Ben 7" in worked.standings.value
    assert "Ann wins with 25 points." in worked.standings.value
    assert [label for label, _ in worked.tickets.options] == [
        "✔ Denver–El Paso (4 points)", "✘ Calgary–Salt Lake City (7 points)"]


def test_the_board_shows_owners_and_the_longest_trail(worked: TicketScorer) -> None:
    ann_colour, ben_colour = worked.view.player_colors[:2]
    assert all(route_owner_colours(worked, r) == {ann_colour} for r in ANN_ROUTES)
    assert route_owner_colours(worked, "usa-034") == {ben_colour}
    assert highlighted(worked.view) == set(ANN_ROUTES)
    assert worked.view.widget.data[HIGHLIGHT].name == "longest trail"


def test_selecting_a_ticket_draws_its_path_and_a_miss_draws_none(worked: TicketScorer) -> None:
    worked.tickets.value = "usa-t07"
    assert highlighted(worked.view) == {"usa-039", "usa-050"}  # Denver–Santa Fe–El Paso
    assert worked.view.widget.data[HIGHLIGHT].name == "ticket path"
    worked.tickets.value = "usa-t03"
    assert highlighted(worked.view) == set()
    assert worked.view.widget.data[HIGHLIGHT].name == "ticket missed"
    worked.show.value = "trail"
    assert highlighted(worked.view) == set(ANN_ROUTES)


def test_a_second_click_gives_the_route_back_and_everything_follows(
        worked: TicketScorer) -> None:
    click_routes(worked, "usa-025")  # Dallas–El Paso leaves: -7 points, trail 12 -> 8
    ann = worked.sheet.player("Ann")
    assert (ann.route_points, ann.longest_trail, ann.longest_bonus, ann.total) == \
        (11, 8, 10, 11 + 4 - 7 + 10)
    assert route_owner_colours(worked, "usa-025") != {worked.view.player_colors[0]}
    assert "Ann: 18 points" in worked.total.value
    assert highlighted(worked.view) == {"usa-031", "usa-039", "usa-050"}


def test_the_longest_trail_bonus_moves_when_another_player_overtakes(
        worked: TicketScorer) -> None:
    worked.player.value = 1
    # Ben adds Oklahoma City–El Paso (5) and El Paso–Houston (6): trail Denver–OKC–El Paso–
    # Houston 4 + 5 + 6 = 15 > 12; his routes 7 + 10 + 15 = 32, +10 bonus = 42.
    click_routes(worked, "usa-048", "usa-046")
    ann, ben = worked.sheet.players
    assert (ben.longest_trail, ben.longest_bonus, ben.total) == (15, 10, 42)
    assert (ann.longest_bonus, ann.total) == (0, 15)
    assert "Ben wins with 42 points." in worked.standings.value


# ----------------------------------------------------------------------------- refusals


def test_a_route_of_another_player_is_refused_with_the_rule(worked: TicketScorer) -> None:
    before = worked.position
    worked.player.value = 1
    click_routes(worked, "usa-031")  # Ann's Denver–Helena
    assert worked.position == before
    message = worked.message.value
    assert "Refused." in message
    # the route by its name, the rule behind a why? (its id and sentence), no id in the sentence
    assert "Ben: the route Denver–Helena (4 green) is already owned by Ann." in message
    assert 'data-rule="claim.open"' in message and RULES["claim.open"] in message
    assert "usa-031" not in message and "(rule" not in message


def test_double_routes_follow_the_player_count(usa: TicketScorer) -> None:
    click_routes(usa, "usa-037")  # Ann: Denver–Salt Lake City, red track
    click_routes(usa, "usa-038")  # ... and the yellow one
    assert "claim.double-own" in usa.message.value and \
        RULES["claim.double-own"] in usa.message.value
    usa.player.value = 1
    click_routes(usa, "usa-038")
    assert "with 2 players only one track" in usa.message.value
    assert RULES["claim.double-small"] in usa.message.value
    assert usa.position.players[1].routes == frozenset()
    usa.count.value = 4
    usa.player.value = 1
    click_routes(usa, "usa-038")
    assert usa.position.players[1].routes == {"usa-038"}
    usa.count.value = 3  # now both tracks would be in use with 3 players: refused
    assert len(usa.position.players) == 4 and usa.count.value == 4
    assert "claim.double-small" in usa.message.value


def test_more_trains_than_a_player_has_are_refused(usa: TicketScorer) -> None:
    sixes = ["usa-015", "usa-040", "usa-044", "usa-046", "usa-047", "usa-053", "usa-071",
             "usa-088"]
    click_routes(usa, *sixes)  # 7 × 6 = 42 trains fit in 45; the eighth needs 48
    assert usa.position.players[0].routes == set(sixes[:7])
    assert "48 trains used; each player has 45." in usa.message.value
    assert 'data-rule="setup.trains"' in usa.message.value


def test_stations_on_the_usa_map_are_refused(usa: TicketScorer) -> None:
    usa.view.simulate_city_click("Denver")
    assert usa.position.players[0].stations == ()
    assert "the USA map has no stations." in usa.message.value
    assert 'data-rule="station.map"' in usa.message.value


def test_tickets_are_checked_too(worked: TicketScorer) -> None:
    worked.player.value = 1
    assert not worked.add_ticket("usa-t07")  # Ann holds it
    held = html.escape(ticket_text(worked.board, "usa-t07"))
    assert f"Ann already holds {held}" in worked.message.value
    assert "usa-t07" not in worked.message.value
    worked.ticket_search.value = "Atlantis – Denver"
    worked.add_button.click()
    assert "No ticket names “Atlantis – Denver”" in worked.message.value
    assert worked.position.players[1].tickets == ()


def test_a_city_finds_its_tickets_whatever_the_case_and_accents(
        usa: TicketScorer, europe: TicketScorer) -> None:
    seattle = [o for o in usa.ticket_search.options if o.startswith("Seattle–")]
    assert len(seattle) >= 2
    assert [label for label, _id in usa.ticket_matches("seattle")] == seattle
    usa.ticket_search.value = "Seattle"
    usa.add_button.click()  # several tickets: say which, add none
    assert f"{len(seattle)} tickets name “Seattle”" in usa.message.value
    assert all(html.escape(o) in usa.message.value for o in seattle)
    assert usa.position.players[0].tickets == ()
    usa.ticket_search.value = "seattle–new york"  # only one: taken
    usa.add_button.click()
    assert [ticket_text(usa.board, t) for t in usa.position.players[0].tickets] == \
        ["Seattle–New York (22 points)"]
    zurich = [label for label, _id in europe.ticket_matches("Zurich")]
    assert zurich and all("Zürich" in label for label in zurich)  # the board's spelling
    assert not any("Zurich" in o or "eu-t" in o for o in europe.ticket_search.options)


def test_removing_a_ticket_takes_its_points_away(worked: TicketScorer) -> None:
    worked.tickets.value = "usa-t03"
    worked.remove_button.click()
    assert worked.position.players[0].tickets == ("usa-t07",)
    assert worked.sheet.player("Ann").total == 25 + 7


def test_clear_leaves_no_ticket_path_shown(worked: TicketScorer) -> None:
    worked.tickets.value = "usa-t07"
    assert worked.show.value == "ticket"
    worked.clear_button.click()
    assert worked.holding.tickets == () and worked.ticket is None
    assert worked.show.value == "trail" and worked.view.marks.highlight_label == "longest trail"


def test_names_are_editable_and_checked(worked: TicketScorer) -> None:
    worked.name.value = "Zoe"
    assert worked.names == ("Zoe", "Ben")
    assert [label for label, _ in worked.player.options] == ["Zoe", "Ben"]
    assert "Zoe: 25 points" in worked.total.value
    worked.name.value = "Ben"
    assert worked.names == ("Zoe", "Ben")
    assert "duplicate player name" in worked.message.value


def test_more_players_get_fresh_seats_and_fewer_drop_the_last(worked: TicketScorer) -> None:
    worked.count.value = 5
    assert worked.names == ("Ann", "Ben", "Player 1", "Player 2", "Player 3")
    worked.player.value = 4
    click_routes(worked, "usa-001")
    assert worked.sheet.players[4].route_points == 2
    worked.count.value = 2
    assert worked.names == ("Ann", "Ben") and worked.selected == 1


# ----------------------------------------------------------------------------- Europe


# The hand-worked Europe position.
# Ann: Paris–Zürich (3 spaces, tunnel, 4 points), München–Zürich (2, 2), München–Wien (3, 4):
#      route points 10, trail Paris–Zürich–München–Wien 3 + 2 + 3 = 8. Ticket Paris–Zagrab (7).
# Ben: Budapest–Wien (1, 1) and Wien–Zagrab (2, 2): 3 points, trail 3.
# Without a station Ann misses Paris–Zagrab: 10 - 7 + 3 × 4 (unused stations) + 10 = 25.
# With a station in Wien she may borrow one of Ben's routes into Wien: Budapest–Wien comes first
# on the board, but only Wien–Zagrab completes her ticket, so that is the one she borrows:
# 10 + 7 + 2 × 4 + 10 = 35. Ben: 3 + 3 × 4 = 15 either way.


@pytest.fixture
def europe() -> Iterator[TicketScorer]:
    scorer = TicketScorer("europe", players=["Ann", "Ben"])
    click_routes(scorer, "eu-085", "eu-080", "eu-079")
    scorer.add_ticket("eu-t28")
    scorer.player.value = 1
    click_routes(scorer, "eu-038", "eu-101")
    scorer.player.value = 0
    yield scorer


def test_europe_without_a_station_the_ticket_misses(europe: TicketScorer) -> None:
    ann, ben = europe.sheet.players
    assert (ann.route_points, ann.ticket_points, ann.station_points, ann.longest_trail,
            ann.longest_bonus, ann.total) == (10, -7, 12, 8, 10, 25)
    assert ben.total == 15
    assert "✘ miss Paris–Zagrab: -7" in europe.results.value
    assert "Stations</b>: 0 built, 3 unused × 4, <b>+12</b>" in europe.results.value


def test_a_station_by_city_click_borrows_the_route_that_helps_most(
        europe: TicketScorer) -> None:
    europe.view.simulate_city_click("Wien")
    assert europe.position.players[0].stations == ("Wien",)
    ann = europe.sheet.player("Ann")
    assert [(b.city, b.route, b.owner) for b in ann.borrowings] == [("Wien", "eu-101", "Ben")]
    assert (ann.ticket_points, ann.station_points, ann.total) == (7, 8, 35)
    results = europe.results.value
    assert "✔ hit Paris–Zagrab: +7 (through a station)" in results
    assert "station in Wien borrows Wien–Zagrab (2 gray) from Ben" in results
    assert "Ann: 35 points" in europe.total.value
    stations = europe.view.widget.data[STATIONS]
    assert list(stations.customdata) == ["Wien"]
    assert list(stations.marker.color) == [europe.view.player_colors[0]]
    europe.tickets.value = "eu-t28"  # the path runs over the borrowed route
    assert highlighted(europe.view) == {"eu-085", "eu-080", "eu-079", "eu-101"}


def test_station_rules_are_the_cores(europe: TicketScorer) -> None:
    europe.view.simulate_city_click("Wien")
    europe.player.value = 1
    europe.view.simulate_city_click("Wien")
    assert europe.position.players[1].stations == ()
    assert "Wien already holds Ann&#x27;s station" in europe.message.value
    assert RULES["station.one-per-city"] in europe.message.value
    for city in ("Paris", "Roma", "Berlin", "Madrid"):
        europe.view.simulate_city_click(city)
    assert europe.position.players[1].stations == ("Paris", "Roma", "Berlin")
    assert 'data-rule="station.limit"' in europe.message.value
    europe.player.value = 0
    europe.view.simulate_city_click("Wien")  # a second click takes the station back
    assert europe.position.players[0].stations == ()
    assert europe.sheet.player("Ann").total == 25


def test_the_europe_variants_change_the_ticket_deck(europe: TicketScorer) -> None:
    def listed() -> set[str]:
        return {t.id for t in europe.board.tickets
                if ticket_text(europe.board, t.id) in europe.ticket_search.options}

    assert "eu-t60" not in listed()
    europe.variant.value = "mega-europe"
    ids = listed()
    assert len(ids) == 101
    mega_only = next(t.id for t in europe.board.tickets if t.kind.startswith("1912"))
    assert europe.add_ticket(mega_only)
    europe.variant.value = "base"  # that ticket is not in the base game's deck: refused
    assert europe.position.variant == "mega-europe" and europe.variant.value == "mega-europe"
    assert "not in this game&#x27;s deck" in europe.message.value


def test_warehouses_and_depots_score_the_depot_bonus(europe: TicketScorer) -> None:
    europe.warehouses.value = True
    europe.depots.value = 3
    europe.player.value = 1
    europe.depots.value = 1
    ann, ben = europe.sheet.players
    assert (ann.depot_bonus, ben.depot_bonus) == (10, 0)  # most Depots left: Ann
    assert ann.total == 25 + 10
    assert "Depots</b>: 1 left, <b>+0</b>" in europe.results.value


def test_switching_maps_starts_a_new_table(usa: TicketScorer) -> None:
    old_view = usa.view
    click_routes(usa, "usa-001")
    usa.map_select.value = "europe"
    assert usa.board.name == "europe" and usa.view is not old_view
    assert usa.board_box.children == (usa.view.widget,)
    assert usa.names == ("Ann", "Ben")
    assert all(not h.routes for h in usa.position.players)
    click_routes(usa, "eu-001")
    assert usa.sheet.player("Ann").route_points == 1


# ----------------------------------------------------------------------------- loading


def test_loading_the_example_position_scores_like_ttr_score(usa: TicketScorer) -> None:
    path = example_path("usa")
    assert usa.load(path)
    assert usa.sheet == score_position(load_position(path))
    assert usa.names == ("Ann", "Ben", "Cleo", "Dev") and usa.count.value == 4
    assert "Loaded usa-final.json: a finished 4-player USA position." in usa.message.value
    assert "Dev wins with 130 points." in usa.standings.value


def test_loading_a_game_record_scores_its_last_state(usa: TicketScorer) -> None:
    path = example_path("europe", "record")
    assert usa.load(path)
    state = load_record(path).state
    assert usa.board.name == "europe"
    assert usa.sheet.to_dict() == score(state).to_dict()
    assert "game record" in usa.message.value
    for route_id, seat in state.route_owners().items():
        assert route_owner_colours(usa, route_id) == {usa.view.player_colors[seat]}


def test_a_loaded_game_can_be_edited(usa: TicketScorer) -> None:
    usa.load(example_path("usa"))
    before = usa.sheet.player("Ann").total
    assert usa.add_ticket("usa-t24")  # Seattle–Los Angeles (9): her routes do not join them
    assert usa.sheet.player("Ann").total == before - 9


@pytest.mark.parametrize(("name", "content", "says"), [
    ("notes.json", b"{not json", "notes.json: not JSON: Expecting property name enclosed in "
                                 "double quotes at line 1 column 2"),
    ("latin.json", "{\"map\": \"usa\"} é".encode("latin-1"), "latin.json: not a UTF-8 text "
                                                            "file"),
    ("game.json", json.dumps({"format": "chess", "actions": []}).encode(),
     "game.json: format: expected &#x27;ttr-widgets game record&#x27;"),
    ("mars.json", json.dumps({"map": "mars", "players": []}).encode(),
     "mars.json: map: expected one of usa, europe, mini, got &#x27;mars&#x27;"),
    ("typo.json", json.dumps({"map": "usa", "players": [
        {"name": "Ann", "routes": ["usa-999"], "tickets": []},
        {"name": "Ben", "routes": [], "tickets": []}]}).encode(),
     "unknown route &#x27;usa-999&#x27;"),
])
def test_a_bad_file_shows_the_reason_and_changes_nothing(
        worked: TicketScorer, name: str, content: bytes, says: str) -> None:
    before = worked.position
    upload(worked.upload, name, content)
    assert "Not loaded." in worked.message.value
    assert says in worked.message.value
    assert worked.position == before
    assert worked.upload.value == ()


def test_a_good_file_loads_by_upload(usa: TicketScorer) -> None:
    upload(usa.upload, "europe-final.json", example_path("europe").read_bytes())
    assert usa.board.name == "europe"
    assert "Chloe wins." in usa.standings.value
    assert usa.upload.value == ()


def test_read_game_tells_positions_from_records() -> None:
    position = read_game(example_path("usa").read_bytes(), "usa-final.json")
    record = load_game(example_path("usa", "record"))
    assert (position.kind, record.kind) == ("position", "record")
    assert record.finished and record.description.startswith("A whole three-player USA game")
    document = position_to_dict(record.position)
    assert [p["name"] for p in document["players"]] == ["Ann", "Ben", "Cleo"]
    with pytest.raises(PositionError, match=r"^x\.json: top level: expected an object"):
        read_game(b"[1, 2]", "x.json")


def test_every_important_widget_has_its_css_class(usa: TicketScorer) -> None:
    classes: set[str] = set()

    def walk(widget: widgets.Widget) -> None:
        classes.update(getattr(widget, "_dom_classes", ()))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(usa)
    assert {"ttr-scorer", "ttr-scorer-player", "ttr-scorer-ticket-search",
            "ttr-scorer-ticket-add", "ttr-scorer-tickets", "ttr-scorer-ticket-remove",
            "ttr-scorer-results", "ttr-scorer-total", "ttr-scorer-standings",
            "ttr-scorer-message", "ttr-scorer-upload", "ttr-scorer-count", "ttr-scorer-map",
            "ttr-scorer-show", "ttr-scorer-name"} <= classes


def test_a_table_the_rules_do_not_allow_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match=r"1 player; the usa map is played by 2 to 5"):
        TicketScorer("usa", players=1)
    with pytest.raises(ValueError, match=r"duplicate player name 'Ann'"):
        TicketScorer("usa", players=["Ann", "Ann"])


def _key(scorer: TicketScorer) -> list[str]:
    """The players the board's key names (its player entries shown)."""
    return [t.name for t in scorer.view.widget.data
            if t.legendrank and 3000 <= t.legendrank < 4000 and t.showlegend]


def test_the_key_names_the_players_seated_and_follows_the_seats(worked: TicketScorer) -> None:
    """A two-player board keys two players, not players 3 to 5; seats and names follow."""
    assert _key(worked) == ["Ann", "Ben"]
    worked.count.value = 3
    assert _key(worked) == ["Ann", "Ben", "Player 1"]
    worked.name.value = "Zoe"  # the selected seat renamed
    assert "Zoe" in _key(worked)
    worked.count.value = 2
    assert len(_key(worked)) == 2
    assert worked.sheet.players[0].route_points > 0  # the marks drawn again after the change
    owners = worked.view.marks.owners
    assert owners and set(owners.values()) <= {0, 1}
    assert worked.view.widget.data[ROUTES].marker.color != ()
