"""The planner page clicked through as a person would: tickets picked from the list or typed
as people write them, routes clicked as yours or taken, the ticket variant's values, the plan
on the board and its bottlenecks, every sentence the one ``ttr plan`` prints.

Worked by hand on the USA map: Denver–El Paso (4) takes Denver–Santa Fe and Santa Fe–El Paso,
2 + 2 trains; Helena–Los Angeles (8) takes Helena–Salt Lake City, Salt Lake City–Las Vegas and
Las Vegas–Los Angeles, 3 + 3 + 2; the two share nothing: 12 trains.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.plan_text import plan_lines, plan_text
from ttr_widgets.rules.planner import bottlenecks, plan
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.server.site import TOOLS
from ttr_widgets.testing.board import highlighted
from ttr_widgets.widgets.board.render import ROUTES
from ttr_widgets.widgets.pages.planner import MINE, TAKEN, WEAK, PlannerPage, plan_html

USA = load_map("usa")
DENVER_SANTA_FE, SANTA_FE_EL_PASO = "usa-039", "usa-050"
HELENA_SLC, SLC_LAS_VEGAS, LAS_VEGAS_LA = "usa-052", "usa-063", "usa-062"
TWELVE = {DENVER_SANTA_FE, SANTA_FE_EL_PASO, HELENA_SLC, SLC_LAS_VEGAS, LAS_VEGAS_LA}


def shown(page: PlannerPage) -> str:
    """What a reader reads of the side panel: the summary, the plan and the message."""
    text = " ".join(w.value for w in (page.summary, page.plan_text, page.message))
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", text).split()))


def squeezed(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def page() -> PlannerPage:
    return PlannerPage("usa", tickets=("Denver-El Paso", "Helena-Los Angeles"))


def test_two_tickets_give_the_fewest_trains_on_the_board_and_every_sentence_of_ttr_plan(
        page: PlannerPage) -> None:
    assert page.plan is not None and page.plan.trains == 12
    assert set(page.plan.routes) == TWELVE
    assert "The fewest trains: 12" in shown(page)
    lines = plan_lines(USA, page.plan, page.found, ())
    assert page.plan_text.value == plan_html(lines)
    for line in plan_text(USA, page.plan, page.found, ()).splitlines():
        assert squeezed(line) in shown(page), line
    assert "Fewest trains to complete them all: 12." in shown(page)
    assert "usa-" not in shown(page)  # cities, never ids
    assert highlighted(page.view) == TWELVE
    assert page.view.marks.highlight_label == "plan: 12 trains"
    assert set(page.view.marks.marked) == {"Denver", "El Paso", "Helena", "Los Angeles"}
    assert page.found == bottlenecks(USA, page.tickets, (), (), page.plan)


def test_tickets_are_picked_from_the_list_or_written_as_people_write_them() -> None:
    page = PlannerPage("usa")
    assert page.plan is None and "Pick a ticket" in shown(page)
    label = next(label for label, tid in page.labels() if tid == "usa-t07")
    assert label in page.ticket_search.options
    assert page.add_ticket(label) and page.tickets == ("usa-t07",)
    assert page.add_ticket("los angeles – helena") and page.tickets == ("usa-t07", "usa-t11")
    assert page.add_ticket("Winnipeg-Little Rock")  # a city pair no other ticket has
    assert [o[1] for o in page.ticket_list.options] == ["usa-t07", "usa-t11", "usa-t30"]
    page.ticket_list.value = "usa-t30"
    page.remove_button.click()
    assert page.tickets == ("usa-t07", "usa-t11") and page.plan.trains == 12
    assert page.ticket_search.value == ""


def test_a_name_that_fits_no_ticket_or_several_is_answered_in_plain_words(
        page: PlannerPage) -> None:
    before = page.plan
    assert not page.add_ticket("Montreal")
    assert "3 tickets name “Montreal”" in shown(page) and "Pick one from the list" in shown(page)
    assert not page.add_ticket("Atlantis")
    assert "No ticket names “Atlantis”" in shown(page)
    assert not page.add_ticket("El Paso - Denver")
    assert "Denver – El Paso is picked already." in shown(page)
    assert page.plan == before and "usa-" not in page.message.value
    page.ticket_search.value = "Seattle-New York"
    page.add_button.click()
    assert page.tickets[-1] == "usa-t25" and page.message.value == ""


def test_routes_clicked_as_yours_are_free_and_routes_taken_are_gone_round(
        page: PlannerPage) -> None:
    page.view.simulate_route_click(HELENA_SLC)  # a click on the board, as yours
    assert page.owned == (HELENA_SLC,) and page.plan.trains == 9
    assert page.plan == plan(USA, page.tickets, (HELENA_SLC,), ())
    assert "Your routes the plan uses:" in shown(page)
    colours = page.view.widget.data[ROUTES].marker.color
    spaces = page.view.geometry.route_spaces[HELENA_SLC]
    assert {colours[i] for i in spaces} == {page.view.player_colors[0]}
    page.click_as.value = TAKEN
    page.view.simulate_route_click(HELENA_SLC)  # now taken by others: no longer yours
    assert (page.owned, page.taken) == ((), (HELENA_SLC,))
    assert page.plan == plan(USA, page.tickets, (), (HELENA_SLC,))
    assert HELENA_SLC not in page.plan.routes and page.plan.trains > 12
    page.view.simulate_route_click(HELENA_SLC)  # a second click clears it
    assert page.taken == () and page.plan.trains == 12
    page.click_as.value = MINE
    page.click_route(DENVER_SANTA_FE)
    page.clear_button.click()
    assert (page.owned, page.taken) == ((), ())


def test_a_ticket_cut_off_by_taken_routes_is_named_impossible() -> None:
    page = PlannerPage("usa", tickets=("Denver-El Paso",))
    page.click_as.value = TAKEN
    for route in USA.routes_at["El Paso"]:
        page.click_route(route.id)
    assert page.plan.unreachable == ("usa-t07",)
    assert "Not every ticket can be completed" in shown(page)
    assert "Impossible: Denver – El Paso can no longer be completed with the routes left open." \
        in shown(page)


def test_the_bottlenecks_on_the_board(page: PlannerPage) -> None:
    hurting = {b.route for b in page.found if b.extra != 0}
    assert hurting == TWELVE  # no ticket has a second way as cheap
    assert "Denver – Santa Fe: 3 more trains" in shown(page)
    page.show.value = WEAK
    assert highlighted(page.view) == hurting
    assert page.view.marks.highlight_label == "bottlenecks"


def test_the_ticket_variant_chooses_the_deck_and_its_values() -> None:
    page = PlannerPage("usa", tickets=("Seattle-New York", "Denver-El Paso"))
    assert "Seattle – New York (22 points)" in shown(page)
    titles = [label for label, _value in page.variant_select.options]
    assert all(any(v.title in t for t in titles) for v in VARIANTS.values() if v.map == "usa")
    page.variant_select.value = "usa-mega"  # all 69 tickets, the 1910 print
    assert page.board.printing == "1910" and page.view.board is page.board
    assert "Seattle – New York (20 points)" in shown(page)
    page.variant_select.value = "usa-1910"  # only the 35 new tickets: both are dropped
    assert page.tickets == ()
    assert "Seattle – New York and Denver – El Paso are not among the USA 1910 tickets: " \
           "taken off." in shown(page)
    assert not page.add_ticket("Denver-El Paso")
    assert "Denver – El Paso is not among the USA 1910 tickets" in shown(page)


def test_another_map_starts_from_nothing(page: PlannerPage) -> None:
    page.map_select.value = "europe"
    assert page.board.name == "europe" and page.tickets == () and page.plan is None
    assert page.add_ticket("Zurich - Brindisi") and page.plan.trains is not None
    assert page.view.board.name == "europe"


def test_too_many_tickets_for_the_exact_planner_are_said_so() -> None:
    far = ("Vancouver-Montreal", "Los Angeles-Miami", "Seattle-New York", "Portland-Nashville",
           "San Francisco-Atlanta", "Calgary-Phoenix", "Winnipeg-Houston", "Boston-Miami")
    page = PlannerPage("usa", tickets=far)
    assert page.plan is None and "cities" in shown(page)
    assert page.view.marks.highlight == ()


def test_the_page_is_a_tool_of_the_site_and_its_notebook_opens_it() -> None:
    assert "Planner.ipynb" in TOOLS
    path = Path(__file__).resolve().parents[2] / "notebooks" / "Planner.ipynb"
    code = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells
                     if c.cell_type == "code")
    assert 'PlannerPage("usa", tickets=("Denver-El Paso", "Helena-Los Angeles"))' in code
