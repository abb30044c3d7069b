"""Team play (Team Asia rules): the map schema's triple routes, per-tunnel reveal counts and
doubles that stay open, then the team game itself on named positions and seeded games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.rules.actions import ClaimRoute, KeepTickets
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.errors import MapError
from ttr_widgets.rules.maps import board_from_dict, load_map
from ttr_widgets.rules.model import hand_from
from ttr_widgets.rules.state import TicketChoice, TunnelPayment, evolve

TEAM_MAP = Path(__file__).parent / "fixtures" / "team" / "teamtest.json"


def team_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(TEAM_MAP.read_text(encoding="utf-8"))
    return doc


# --------------------------------------------------------------------------- the map schema


def test_the_made_up_team_map_has_a_triple_route_and_tunnels_of_4_5_and_6_cards() -> None:
    board = load_map(str(TEAM_MAP))
    assert board.route("k-01").triple == ("k-02", "k-03")
    assert board.route("k-02").parallel == ("k-01", "k-03")
    assert board.route("k-04").parallel == ("k-05",)
    assert board.route("k-11").parallel == ()
    assert [board.reveal_count(board.route(r)) for r in ("k-08", "k-09", "k-10", "k-11")] == \
        [4, 5, 6, 0]
    assert board.route("k-06").stays_open and board.route("k-07").stays_open
    assert not board.route("k-04").stays_open


def test_existing_maps_keep_europe_s_three_cards_and_have_no_triples() -> None:
    europe, usa = load_map("europe"), load_map("usa")
    tunnels = [r for r in europe.routes if r.tunnel]
    assert tunnels and {europe.reveal_count(r) for r in tunnels} == {3}
    for board in (europe, usa):
        assert not any(r.triple or r.stays_open or r.reveal for r in board.routes)


@pytest.mark.parametrize(("route", "cards"), [("k-08", 4), ("k-09", 5), ("k-10", 6)])
def test_a_tunnel_turns_up_its_own_number_of_cards(route: str, cards: int) -> None:
    state = new_game(load_map(str(TEAM_MAP)), 4, seed=3)
    while state.in_setup:
        assert isinstance(state.pending, TicketChoice)
        state = apply(state, KeepTickets(state.pending.tickets))
    players = list(state.players)
    players[0] = players[0].with_hand(hand_from({"locomotive": 8}))
    state = evolve(state, players=tuple(players))
    length = state.board.route(route).length
    after = apply(state, ClaimRoute(route, "locomotive", length))
    assert len(state.deck) - len(after.deck) == cards
    if isinstance(after.pending, TunnelPayment):
        assert len(after.pending.revealed) == cards


BROKEN_TEAM = {
    "triple of one": (lambda d: d["routes"][0].update(triple=["k-02"]),
                      "routes[0].triple: expected the ids of the two other tracks"),
    "triple and double": (lambda d: d["routes"][0].update(double="k-02"),
                          "routes[0].triple: a route is a double or a triple, not both"),
    "triple unknown": (lambda d: d["routes"][0].update(triple=["k-02", "zz"]),
                       "routes[0].triple: unknown route 'zz'"),
    "triple not named back": (lambda d: d["routes"][2].update(triple=["k-01", "k-11"]),
                              "routes[0].triple: 'k-03' does not name the same three tracks"),
    "tunnel cards on a plain route": (lambda d: d["routes"][10].update(tunnel_cards=4),
                                      "routes[10].tunnel_cards: expected 1 to 9 cards to turn "
                                      "up, on a tunnel only"),
    "tunnel cards zero": (lambda d: d["routes"][7].update(tunnel_cards=0),
                          "routes[7].tunnel_cards: expected 1 to 9 cards to turn up, on a "
                          "tunnel only"),
    "stays open on a single": (lambda d: d["routes"][10].update(stays_open=True),
                               "routes[10].stays_open: expected true or false, true on a double "
                               "only"),
    "stays open on one twin": (lambda d: d["routes"][6].update(stays_open=False),
                               "routes[5].stays_open: its twin 'k-07' does not say the same"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_TEAM))
def test_a_broken_team_field_is_named(case: str) -> None:
    doc = team_doc()
    edit, problem = BROKEN_TEAM[case]
    edit(doc)
    with pytest.raises(MapError) as caught:
        board_from_dict(doc, source="teamtest.json")
    assert problem in caught.value.problems
    assert "\n" not in str(caught.value)
