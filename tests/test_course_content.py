"""The course's content from the core: rule sentences each case cites, one name per concept
(per map where the box names it differently), the glossary and the unclear-cases page."""

from __future__ import annotations

from ttr_widgets.rules import RULES, lessons
from ttr_widgets.rules.actions import ClaimRoute
from ttr_widgets.rules.advice import allowed_by
from ttr_widgets.rules.lessons import route_between
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.scenario import scenario

USA = load_map("usa")
EUROPE = load_map("europe")
DEN_KC_BLACK = route_between(USA, "Denver", "Kansas City", "black")
DEN_KC_ORANGE = route_between(USA, "Denver", "Kansas City", "orange")


def test_the_four_player_double_route_has_a_rule_of_its_own() -> None:
    assert "4 or 5 players" in RULES["claim.double-large"]
    practice = next(p for p in lessons.claiming() if p.name == "double-four-players")
    assert practice.rule == "claim.double-large" and practice.outcome == "accepted"
    four = scenario(USA, 4, hands=[{"orange": 4}], claimed={DEN_KC_BLACK: 1})
    assert "claim.double-large" in allowed_by(four, ClaimRoute(DEN_KC_ORANGE, "orange", 0))
    alone = scenario(USA, 4, hands=[{"orange": 4}])
    assert "claim.double-large" not in allowed_by(alone, ClaimRoute(DEN_KC_ORANGE, "orange", 0))
    two = scenario(USA, 2, hands=[{"orange": 4}], claimed={DEN_KC_BLACK: 1})
    assert allowed_by(two, ClaimRoute(DEN_KC_ORANGE, "orange", 0)) == ()  # refused
