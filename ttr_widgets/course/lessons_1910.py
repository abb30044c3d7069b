"""Lesson 11's positions (the USA 1910 box): the Mega Game's deal of 5, keep 3, and its draws of
4; a USA Big Cities draw; a reprinted ticket's value; the Globetrotter on the last turn of a Mega
Game, won by more tickets against more points and shared in a tie; and the finished USA 1910
game its exercise asks the learner to score.

Every position is played with the 1910 box's cards, so every one is on the board whose four
reprinted tickets carry their 1910 values (``variants.variant_board``), one board for the
lesson's try-it. Course content, not rules: the numbers are the core's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttr_widgets.course.practice import (
    TWO,
    Practice,
    finished,
    last_turn,
    setup_offer,
    usa_map,
    usa_route,
)
from ttr_widgets.rules.actions import ClaimRoute, DrawTickets, KeepTickets
from ttr_widgets.rules.engine import new_game
from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.variants import variant_board
from ttr_widgets.rules.words import bonus_name

__all__ = ["MEGA", "MEGA_SEED", "USA_1910", "box_1910_board", "score_exercise_1910", "usa_1910"]

MEGA = Options(variant="usa-mega")
USA_1910 = Options(variant="usa-1910")
BIG_CITIES = Options(variant="usa-big-cities")
#: Ann's deal: Denver–El Paso, Chicago–Montréal, Denver–Saint Louis, Portland–Phoenix and
#: Sault St. Marie–Oklahoma City (a reprint: 8 here, 9 in the 2004 box).
MEGA_SEED = 10
MEGA_KEEP = ("usa-t07", "usa-t35", "usa-t23")  #: the two Denver tickets and the reprint


def box_1910_board() -> Board:
    """The USA board with the 1910 box's cards (every way to play of the box uses them)."""
    return variant_board(usa_map(), MEGA)


def _one_of(board: Board) -> str:
    """'Chicago, Dallas, … or Seattle': the board's big cities as it spells them, in the
    reader's language."""
    cities = [board.city_label(city) for city in board.big_cities]
    return _("{cities} or {last}").format(cities=", ".join(cities[:-1]), last=cities[-1])


def _last_turn(ann: Sequence[tuple[str, str]], ben: Sequence[tuple[str, str]],
               tickets: Sequence[Sequence[str]], hand: Mapping[str, int],
               options: Options = MEGA) -> GameState:
    """The last turn of a two-player game with the 1910 box's cards: Ann owns ``ann``, Ben
    ``ben`` (city pairs), each holds their ``tickets``, Ann ``hand``."""
    claimed = {**{usa_route(a, b): 0 for a, b in ann}, **{usa_route(a, b): 1 for a, b in ben}}
    return last_turn(scenario(box_1910_board(), TWO, hands=[hand, {"white": 2}],
                              claimed=claimed, tickets=tickets, options=options))


#: Ann's east: Boston–New York–Washington–Raleigh–Atlanta and New York–Pittsburgh, so
#: Boston–Washington (4) and Washington–Atlanta (4) are completed; Chicago–Pittsburgh would
#: complete Chicago–New York (5).
_ANN = (("Boston", "New York"), ("New York", "Washington"), ("Washington", "Raleigh"),
        ("Raleigh", "Atlanta"), ("Pittsburgh", "New York"))
#: Ben's west: Los Angeles–Las Vegas–Salt Lake City–Denver–Omaha–Chicago and Salt Lake
#: City–Helena, so Los Angeles–Chicago (16) and Helena–Los Angeles (8) are completed, on the
#: longest trail of the two (16 spaces).
_BEN = (("Los Angeles", "Las Vegas"), ("Las Vegas", "Salt Lake City"),
        ("Salt Lake City", "Helena"), ("Salt Lake City", "Denver"), ("Denver", "Omaha"),
        ("Omaha", "Chicago"))
_BEN_TICKETS = ("usa-t13", "usa-t11")


def _globetrotter(tied: bool) -> GameState:
    """Ann's last turn of a Mega Game: 3 cheap tickets (2 if ``tied``) against Ben's 2 dear
    ones; her claim of Chicago–Pittsburgh completes the last of hers."""
    ann = ("usa-t66", "usa-t34") if tied else ("usa-t66", "usa-t64", "usa-t34")
    return _last_turn(_ANN, _BEN, [ann, _BEN_TICKETS], {"orange": 3})


def usa_1910() -> tuple[Practice, ...]:
    """Lesson 11 (USA 1910): the Mega Game's deal and draws, a Big Cities draw, a reprint's
    value, the Globetrotter won and shared."""
    board = box_1910_board()
    mega = new_game(usa_map(), TWO, seed=MEGA_SEED, options=MEGA)
    mega_table = scenario(board, TWO, hands=[{"red": 2}], options=MEGA, seed=4)
    big = scenario(board, TWO, hands=[{"red": 2}], options=BIG_CITIES, seed=4)
    chicago_pittsburgh = usa_route("Chicago", "Pittsburgh", "orange")
    new_york_los_angeles = _last_turn(
        [("Los Angeles", "El Paso"), ("El Paso", "Dallas"), ("Dallas", "Little Rock"),
         ("Little Rock", "Nashville"), ("Nashville", "Pittsburgh")], [], [["usa-t15"], []],
        {"green": 2}, Options(variant="usa-classic"))
    pittsburgh_new_york = usa_route("Pittsburgh", "New York", "green")
    return (
        Practice("mega-too-few", N_("The Mega Game: keep at least 3"), mega,
                 N_("The Mega Game deals Ann 5 tickets from all 69. Try to keep only the first "
                    "two."),
                 "tickets.keep", (KeepTickets(setup_offer(mega)[:2]),)),
        Practice("mega-keep", N_("Keep 3 that fit together"), mega,
                 N_("Denver–El Paso and Denver–Saint Louis share Denver: one network serves both. "
                    "Keep them and Sault St. Marie–Oklahoma City (8 points in this box)."),
                 "variant.usa-mega", (KeepTickets(MEGA_KEEP),), "accepted"),
        Practice("mega-draw", N_("The Mega Game: draw 4, keep 1"), mega_table,
                 N_("Later in a Mega Game, a ticket draw shows 4 tickets, and you keep at least 1. "
                    "Draw tickets and keep the first."),
                 "variant.usa-mega", (DrawTickets(), KeepTickets(mega_table.tickets[:1])),
                 "accepted"),
        Practice("big-cities", N_("USA Big Cities: every ticket a big city"), big,
                 N_("In USA Big Cities each ticket names {cities}, and a draw shows 4. Draw "
                    "tickets and keep the first."),
                 "variant.usa-big-cities", (DrawTickets(), KeepTickets(big.tickets[:1])),
                 "accepted", fields=lambda: {"cities": _one_of(board)}),
        Practice("reprint", N_("A reprinted ticket"), new_york_los_angeles,
                 N_("The last turn of a 1910 Classic game. Claim Pittsburgh–New York with Ann's 2 "
                    "green: her Los Angeles–New York is complete, and scores 20, not the 2004 "
                    "card's 21."),
                 "tickets.reprints", (ClaimRoute(pittsburgh_new_york, "green", 0),), "accepted",
                 (pittsburgh_new_york,)),
        Practice("globetrotter", N_("The Globetrotter: the most tickets"), _globetrotter(False),
                 N_("The last turn of a Mega Game. Claim Chicago–Pittsburgh with Ann's 3 "
                    "orange: it completes her third ticket. Her 3 are worth 13 points, Ben's 2 "
                    "are worth 24, but she completed more: the Globetrotter's 15 are hers. Ben's "
                    "longest trail still earns him the {bonus}."),
                 "score.globetrotter", (ClaimRoute(chicago_pittsburgh, "orange", 0),),
                 "accepted", (chicago_pittsburgh,),
                 fields=lambda: {"bonus": bonus_name(board.rules)}),
        Practice("globetrotter-tie", N_("The Globetrotter: a tie"), _globetrotter(True),
                 N_("Ann holds 2 tickets this time. Claim Chicago–Pittsburgh: she and Ben have "
                    "both completed 2, so both score the Globetrotter's 15."),
                 "score.globetrotter", (ClaimRoute(chicago_pittsburgh, "orange", 0),),
                 "accepted", (chicago_pittsburgh,)),
    )


def score_exercise_1910() -> GameState:
    """A finished two-player USA 1910 game (the Globetrotter, no Longest Path bonus).

    Ann: Chicago–Pittsburgh 3, Pittsburgh–New York 2, Pittsburgh–Washington 2,
    Washington–Raleigh 2, Raleigh–Atlanta 2 (4 + 2 + 2 + 2 + 2 = 12 points); Chicago–New York
    (5), Washington–Atlanta (4) and Chicago–Atlanta (5) all completed, 3 tickets, +14. Ben: Salt
    Lake City–Denver 3, Denver–Kansas City 4, Kansas City–Saint Louis 2 (4 + 7 + 2 = 13);
    Salt Lake City–Kansas City (7) and Denver–Saint Louis (6) completed, Los Angeles–Oklahoma
    City (9) not: 2 tickets, +4. Ann completed more: the Globetrotter's 15. No bonus for the
    longest trail in this way to play. Ann 12 + 14 + 15 = 41, Ben 13 + 4 = 17."""
    ann = (("Chicago", "Pittsburgh"), ("Pittsburgh", "New York"), ("Pittsburgh", "Washington"),
           ("Washington", "Raleigh"), ("Raleigh", "Atlanta"))
    ben = (("Salt Lake City", "Denver"), ("Denver", "Kansas City"),
           ("Kansas City", "Saint Louis"))
    state = _last_turn(ann, ben, [["usa-t34", "usa-t64", "usa-t32"],
                                  ["usa-t54", "usa-t35", "usa-t43"]], {}, USA_1910)
    return finished(state)
