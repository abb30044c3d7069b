"""Tickets and routes named as people write them (rules.naming), on every built-in map."""

from __future__ import annotations

import unicodedata

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.rules.maps import BUILTIN_MAPS
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.naming import NamingError, find_city, find_route, find_ticket, name_key
from ttr_widgets.rules.position import ticket_deck

USA = load_map("usa")
EUROPE = load_map("europe")


def plain(text: str) -> str:
    """``text`` without its accents, the way a keyboard without them writes it."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def refusal(call: object, *args: object) -> str:
    with pytest.raises(NamingError) as caught:
        call(*args)  # type: ignore[operator]
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("name", BUILTIN_MAPS)
def test_every_ticket_by_its_cities_either_way_round(name: str) -> None:
    board = load_map(name)
    pairs = [frozenset((t.a, t.b)) for t in board.tickets]
    for ticket in board.tickets:
        if pairs.count(frozenset((ticket.a, ticket.b))) > 1:
            continue  # two tickets between the same cities: by id (below)
        a, b = board.city_label(ticket.a), board.city_label(ticket.b)
        for text in (f"{a}-{b}", f"{b} – {a}", f"{plain(a).lower()} — {plain(b).upper()}",
                     f"{a} to {b}", f"  {b}/{a} ", ticket.id, ticket.id.upper()):
            assert find_ticket(board, text) == ticket, text


@pytest.mark.parametrize("name", BUILTIN_MAPS)
def test_every_route_by_its_cities_and_colour(name: str) -> None:
    board = load_map(name)
    given: list[str] = []
    for route in board.routes:
        a, b = board.city_label(route.a), board.city_label(route.b)
        tracks = [r for r in board.routes if {r.a, r.b} == {route.a, route.b}]
        colours = [r.color for r in tracks]
        if len(tracks) == 1:
            assert find_route(board, f"{b}-{a}") == route
        elif len(set(colours)) == len(colours):
            assert find_route(board, f"{a} – {b} ({route.color})") == route
            assert find_route(board, f"{b}-{a} {route.color.upper()}") == route
            assert "add the colour" in refusal(find_route, board, f"{a}-{b}")
        else:  # tracks alike: the first not given yet
            found = find_route(board, f"{a}-{b}", given)
            assert found in tracks and found.id not in given
            given.append(found.id)
        assert find_route(board, route.id) == route


def test_the_names_people_write() -> None:
    assert find_ticket(USA, "Denver-El Paso").id == "usa-t07"
    assert find_ticket(USA, "denver – el paso").id == "usa-t07"
    assert find_ticket(USA, "El Paso-Denver").id == "usa-t07"
    assert find_ticket(USA, "Sault Ste. Marie - Oklahoma City").cities_label == \
        "Sault St. Marie–Oklahoma City"
    assert find_city(USA, "st louis") == "Saint Louis"
    assert find_city(USA, "MONTRÉAL") == "Montreal"
    assert find_route(EUROPE, "zurich-munchen") == find_route(EUROPE, "Zürich – München")
    assert find_route(USA, "New York-Boston red").color == "red"
    assert find_route(USA, "Boston – New York (yellow)").color == "yellow"
    assert find_route(USA, "Seattle-Portland grey").color == "gray"
    assert name_key("Sault Ste. Marie") == name_key("sault st marie") == "sault saint marie"


def test_unknown_and_ambiguous_names_get_the_closest_matches() -> None:
    assert refusal(find_ticket, USA, "Denvr-El Paso") == (
        "no ticket 'Denvr-El Paso' on the usa map; closest: Denver–El Paso, Duluth–El Paso, "
        "Vancouver–Denver")
    assert refusal(find_city, USA, "Vegas").startswith("no city 'Vegas' on the usa map")
    assert "closest: Las Vegas" in refusal(find_city, USA, "Las Vega")
    assert refusal(find_route, USA, "New York-Boston") == (
        "2 routes join Boston and New York: add the colour, red or yellow")
    assert refusal(find_route, USA, "Boston-New York blue") == (
        "no blue route joins Boston and New York: it is red or yellow")
    first = find_route(USA, "Seattle-Portland")
    second = find_route(USA, "Seattle-Portland", [first.id])
    assert first != second and {first.color, second.color} == {"gray"}
    assert refusal(find_route, USA, "Seattle-Portland", [first.id, second.id]) == (
        "both gray routes between Portland and Seattle are given already")
    mini = load_map("mini")
    assert "give the id" in refusal(find_ticket, mini, "Dale-Cole")


def test_a_deck_limits_the_tickets() -> None:
    classic = ticket_deck(USA, None)
    assert refusal(find_ticket, USA, "Chicago-Boston", classic) == (
        "Chicago–Boston (7 points, usa-t33) is not in this game's deck, the 2004 USA tickets")
    assert find_ticket(USA, "Chicago-Boston", ticket_deck(USA, "usa-1910")).id == "usa-t33"


def test_names_are_read_once_per_board() -> None:
    board: Board = load_map("usa", printing="1910")
    assert find_ticket(board, "Los Angeles-Miami").points == 19
    assert find_ticket(USA, "Los Angeles-Miami").points == 20
