"""The USA lessons' positions (lessons 1 to 5 and lesson 8's USA questions): each lesson's
"try it" boards and the finished games its exercises ask the learner to score.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttr_widgets.course.practice import (
    FOUR,
    THREE,
    TWO,
    Practice,
    finished,
    last_turn,
    setup_offer,
    ticket_id,
    usa_map,
    usa_route,
)
from ttr_widgets.rules.actions import (
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from ttr_widgets.rules.engine import new_game
from ttr_widgets.rules.i18n import N_
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState

__all__ = ["board_and_goal", "claiming", "confused_usa", "drawing", "ending", "plan_exercise",
           "score_exercise_usa", "ticket_exercise", "tickets"]


# --------------------------------------------------------------------------- 1. the board


def board_and_goal() -> tuple[Practice, ...]:
    """Lesson 1 (USA): choosing the starting tickets, a first claim, one action a turn."""
    usa = usa_map()
    dealt = new_game(usa, TWO, seed=7)
    atl_cha = usa_route("Atlanta", "Charleston")
    start = scenario(usa, TWO, hands=[{"red": 2, "blue": 1, "green": 1}, {"yellow": 4}],
                     face_up=["red", "orange", "white", "black", "pink"])
    return (
        Practice("keep-tickets", N_("Keep your starting tickets"), dealt,
                 N_("The cards and tickets are dealt. Ann must keep at least 2 of her 3 tickets: "
                    "tick just one and press Keep, then keep two or three."),
                 "tickets.keep", (KeepTickets(setup_offer(dealt)[:1]),)),
        Practice("first-claim", N_("A first claim"), start,
                 N_("Click the gray route Atlanta–Charleston (2 spaces) and pay with Ann's two red "
                    "cards. The route scores 2 points at once."),
                 "claim.points", (ClaimRoute(atl_cha, "red", 0),), "accepted", (atl_cha,)),
        Practice("one-action", N_("One action a turn"), start,
                 N_("Take the face-up red card, then try to claim Atlanta–Charleston in the same "
                    "turn: a turn is one action, and drawing cards means two cards."),
                 "draw.two-cards", (DrawFaceUp("red"), ClaimRoute(atl_cha, "red", 0)),
                 highlight=(atl_cha,)),
    )


# --------------------------------------------------------------------------- 2. drawing cards


def drawing() -> tuple[Practice, ...]:
    """Lesson 2 (USA): two cards, the face-up locomotive, the refill, the refresh."""
    usa = usa_map()
    row = ["locomotive", "red", "blue", "green", "yellow"]
    hands = [{"red": 1, "white": 1}, {"blue": 2}]
    plain = scenario(usa, TWO, hands=hands, face_up=row, pile_top=["white", "black"])
    refill = scenario(usa, TWO, hands=hands, face_up=["red", "blue", "green", "yellow", "white"],
                      pile_top=["locomotive", "black"])
    blind = scenario(usa, TWO, hands=hands, face_up=row, pile_top=["locomotive", "white"])
    three = scenario(usa, TWO, hands=hands,
                     face_up=["locomotive", "locomotive", "red", "blue", "green"],
                     pile_top=["locomotive", "white", "black", "orange", "pink", "yellow"])
    reshuffle = scenario(usa, TWO, hands=hands, face_up=row, pile_size=0)
    everything = {"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12}
    bare = scenario(usa, TWO, hands=[everything, {"pink": 12, "white": 12, "black": 12,
                                                  "locomotive": 9}],
                    face_up=["locomotive"] * 5)
    return (
        Practice("two-cards", N_("Two cards"), plain,
                 N_("Draw a card from the pile, then try to draw tickets: once you start drawing "
                    "cards, your second action must be your second card."),
                 "draw.two-cards", (DrawBlind(), DrawTickets())),
        Practice("face-up-locomotive", N_("A face-up locomotive"), plain,
                 N_("Take the face-up locomotive. Watch the status line: it is the whole draw, "
                    "and the turn passes to Ben."),
                 "draw.faceup-locomotive", (DrawFaceUp("locomotive"),), "accepted"),
        Practice("second-locomotive", N_("No locomotive as the second card"), refill,
                 N_("Take the face-up red. Its slot is refilled from the pile with a locomotive; "
                    "try to take that locomotive as your second card."),
                 "draw.second-locomotive", (DrawFaceUp("red"), DrawFaceUp("locomotive"))),
        Practice("blind-locomotive", N_("A locomotive from the pile"), blind,
                 N_("The pile's top card is a locomotive. Draw blind twice: the locomotive counts "
                    "as one card and you still get your second."),
                 "draw.blind-locomotive", (DrawBlind(), DrawBlind()), "accepted"),
        Practice("three-locomotives", N_("Three locomotives face up"), three,
                 N_("Two locomotives are face up and the pile's top card is a third. Take the red "
                    "card: the refill shows 3 locomotives, so the whole row is replaced."),
                 "draw.three-locomotives", (DrawFaceUp("red"),), "accepted"),
        Practice("reshuffle", N_("The pile runs out"), reshuffle,
                 N_("The pile is empty and the discards are not. Draw blind: the discards are "
                    "shuffled into a new pile first."),
                 "draw.reshuffle", (DrawBlind(),), "accepted"),
        Practice("no-card", N_("Nothing to draw blind"), bare,
                 N_("The hands hold almost every card: no pile, no discards, five locomotives "
                    "face up. They stay: a row with 3 locomotives is replaced by cards turned up "
                    "from the pile (or the discards shuffled into one), and none are left. Try to "
                    "draw blind, then take a face-up locomotive."),
                 "draw.no-card", (DrawBlind(),)),
    )


# --------------------------------------------------------------------------- 3. claiming


def claiming() -> tuple[Practice, ...]:
    """Lesson 3 (USA): colours, gray, locomotives, trains, double routes, anywhere."""
    usa = usa_map()
    atl_mia = usa_route("Atlanta", "Miami")
    atl_cha = usa_route("Atlanta", "Charleston")
    atl_no = usa_route("Atlanta", "New Orleans", "orange")
    den_kc_black = usa_route("Denver", "Kansas City", "black")
    den_kc_orange = usa_route("Denver", "Kansas City", "orange")
    sea_por = usa_route("Seattle", "Portland")
    twin = {"orange": 4, "black": 1}
    return (
        Practice("colour", N_("The route's colour"), scenario(
            usa, TWO, hands=[{"red": 5, "blue": 3, "locomotive": 2}]),
            N_("Atlanta–Miami is 5 blue spaces. Click it and try to pay with red; then pay "
               "3 blue and 2 locomotives."),
            "claim.one-colour", (ClaimRoute(atl_mia, "red", 0),), highlight=(atl_mia,)),
        Practice("gray", N_("Gray routes: any ONE colour"), scenario(
            usa, TWO, hands=[{"red": 1, "green": 1, "yellow": 2}]),
            N_("Atlanta–Charleston is gray: any one colour will do, but not two. Try to pay with "
               "Ann's red and green together (1 red and 1 green in the boxes under the claim "
               "panel), then pay with her two yellow."),
            "claim.one-colour", (ClaimRoute(atl_cha, "red", 0),), highlight=(atl_cha,)),
        Practice("locomotives", N_("Locomotives are wild"), scenario(
            usa, TWO, hands=[{"locomotive": 4, "orange": 1}]),
            N_("Pay the orange Atlanta–New Orleans (4 spaces) with 4 locomotives."),
            "claim.locomotives", (ClaimRoute(atl_no, "locomotive", 4),), "accepted", (atl_no,)),
        Practice("trains", N_("Enough trains"), scenario(
            usa, TWO, hands=[{"blue": 5}], trains=[3, 45]),
            N_("Ann has only 3 trains left. Try to claim the 5-space Atlanta–Miami."),
            "claim.trains", (ClaimRoute(atl_mia, "blue", 0),), highlight=(atl_mia,)),
        Practice("claimed", N_("Taken is taken"), scenario(
            usa, TWO, hands=[{"blue": 5}], claimed={atl_mia: 1}),
            N_("Ben owns Atlanta–Miami. Try to claim it anyway."),
            "claim.open", (ClaimRoute(atl_mia, "blue", 0),), highlight=(atl_mia,)),
        Practice("double-two-players", N_("Double routes, 2 players"), scenario(
            usa, TWO, hands=[twin], claimed={den_kc_black: 1}),
            N_("Two players: Ben took the black track of Denver–Kansas City. Try the orange one."),
            "claim.double-small", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("double-three-players", N_("Double routes, 3 players"), scenario(
            usa, THREE, hands=[twin], claimed={den_kc_black: 1}),
            N_("Three players count as few: Ben took the black track of Denver–Kansas City, so "
               "the orange one is closed to Ann and Cleo too. Try it."),
            "claim.double-small", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("double-four-players", N_("Double routes, 4 players"), scenario(
            usa, FOUR, hands=[twin], claimed={den_kc_black: 1}),
            N_("Four players: Ben took the black track. Claim the orange one: it is open to "
               "you."),
            "claim.double-large", (ClaimRoute(den_kc_orange, "orange", 0),), "accepted",
            (den_kc_orange,)),
        Practice("double-own", N_("Never both tracks"), scenario(
            usa, FOUR, hands=[{"orange": 4, "black": 4}], claimed={den_kc_black: 0}),
            N_("Four players, and Ann already owns the black track. Try to claim the orange one "
               "too."),
            "claim.double-own", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("anywhere", N_("Anywhere on the board"), scenario(
            usa, TWO, hands=[{"blue": 5}], claimed={sea_por: 0}),
            N_("Ann's only route is Seattle–Portland. Claim Atlanta–Miami, far away: routes need "
               "not connect."),
            "claim.anywhere", (ClaimRoute(atl_mia, "blue", 0),), "accepted", (atl_mia,)),
    )


# --------------------------------------------------------------------------- 4. tickets


def tickets() -> tuple[Practice, ...]:
    """Lesson 4 (USA): drawing tickets, keeping, the empty pile, connecting a ticket."""
    usa = usa_map()
    hand = [{"red": 2, "blue": 1}]
    pile = ("usa-t12", "usa-t04", "usa-t20")
    fresh = scenario(usa, TWO, hands=hand, tickets=[["usa-t07"]], ticket_pile=[*pile, "usa-t01"])
    connect = scenario(usa, TWO, hands=hand, tickets=[["usa-t07"]],
                       claimed={usa_route("Denver", "Santa Fe"): 0})
    santa_fe_el_paso = usa_route("Santa Fe", "El Paso")
    return (
        Practice("draw", N_("Draw three, keep one or more"), fresh,
                 N_("Draw tickets: you see the top 3. Keep just the first one; the other two go "
                    "under the pile."),
                 "tickets.draw", (DrawTickets(), KeepTickets(pile[:1])), "accepted"),
        Practice("keep-none", N_("Keep at least one"), fresh,
                 N_("Draw tickets, then press Keep with none ticked."),
                 "tickets.keep", (DrawTickets(), KeepTickets(()))),
        Practice("no-giving-back", N_("A kept ticket stays"), fresh,
                 N_("Ann already holds Denver–El Paso. Draw tickets and try to keep nothing new "
                    "but give that old ticket back."),
                 "tickets.keep", (DrawTickets(), KeepTickets(("usa-t07",)))),
        Practice("empty", N_("No tickets left"), scenario(usa, TWO, hands=hand, ticket_pile=[]),
                 N_("The ticket pile is empty. Try to draw tickets."),
                 "tickets.empty", (DrawTickets(),)),
        Practice("connect", N_("Connecting a ticket"), connect,
                 N_("Ann holds Denver–El Paso (4) and owns Denver–Santa Fe. Claim Santa Fe–El Paso "
                    "with two red cards and watch the ticket turn to a hit."),
                 "score.tickets", (ClaimRoute(santa_fe_el_paso, "red", 0),), "accepted",
                 (santa_fe_el_paso,)),
    )


def ticket_exercise() -> GameState:
    """A finished USA game where exactly one of Ann's three tickets fails: Denver–El Paso and
    Chicago–Santa Fe are joined by her routes, Kansas City–Houston is not."""
    usa = usa_map()
    routes = [("Denver", "Santa Fe"), ("Santa Fe", "El Paso"), ("Denver", "Omaha"),
              ("Omaha", "Chicago"), ("Kansas City", "Oklahoma City"), ("Dallas", "Houston")]
    claimed = {usa_route(a, b): 0 for a, b in routes}
    claimed[usa_route("Oklahoma City", "Dallas")] = 1
    tickets_held = [[ticket_id(usa, "Denver", "El Paso"), ticket_id(usa, "Chicago", "Santa Fe"),
                     ticket_id(usa, "Kansas City", "Houston")], []]
    return finished(scenario(usa, TWO, claimed=claimed, tickets=tickets_held))


def plan_exercise() -> GameState:
    """Build a plan: Ann holds Chicago–New Orleans (7) and Montréal–New Orleans (13), no route
    claimed yet. Alone, Montréal–New Orleans is cheapest down the east coast (13 trains) and
    Chicago–New Orleans through Saint Louis and Little Rock (7): 20 in all. Together they take
    14: Montréal–Toronto–Chicago (7) and the Chicago–New Orleans line both tickets share."""
    usa = usa_map()
    return scenario(usa, TWO, tickets=[[ticket_id(usa, "Chicago", "New Orleans"),
                                        ticket_id(usa, "Montreal", "New Orleans")], []])


# --------------------------------------------------------------------------- 5. the end


def _loop() -> GameState:
    """Ann owns Nashville–Atlanta, Atlanta–Miami and Miami–Charleston (a trail of 10) and holds
    2 red for Charleston–Atlanta, the route that closes the loop."""
    owned = [("Nashville", "Atlanta"), ("Atlanta", "Miami"), ("Miami", "Charleston")]
    return scenario(usa_map(), TWO, hands=[{"red": 2}, {"blue": 2}],
                    claimed={usa_route(a, b): 0 for a, b in owned})


def _tie(ben: Sequence[tuple[str, str]], tickets_held: Sequence[Sequence[str]] = ()
         ) -> GameState:
    """The last turn of a game: Ann owns Denver–Santa Fe and holds 2 red for Santa Fe–El Paso;
    Ben owns the routes ``ben``."""
    claimed = {usa_route("Denver", "Santa Fe"): 0, **{usa_route(a, b): 1 for a, b in ben}}
    return last_turn(scenario(usa_map(), TWO, hands=[{"red": 2}, {"blue": 2}], claimed=claimed,
                              tickets=tickets_held))


def _tie_breaks() -> tuple[Practice, ...]:
    """A tie the first tie-break settles, and one no tie-break settles."""
    usa = usa_map()
    last = usa_route("Santa Fe", "El Paso")
    won = _tie([("El Paso", "Dallas"), ("Nashville", "Atlanta")],
               [[ticket_id(usa, "Denver", "El Paso")], []])
    level = _tie([("Atlanta", "Charleston"), ("Charleston", "Raleigh")])
    return (
        Practice("tie-tickets", N_("A tie on points: tickets decide"), won,
                 N_("The last turn: Ann holds Denver–El Paso (4). Claim Santa Fe–El Paso with "
                    "her 2 red. Both end on 18 points and both trails are 4 long, so both score "
                    "the 10-point bonus; Ann completed 1 ticket and Ben none, so Ann wins."),
                 "score.tiebreak", (ClaimRoute(last, "red", 0),), "accepted", (last,)),
        Practice("tie-shared", N_("Still tied after every tie-break"), level,
                 N_("The last turn, no tickets on either side. Claim Santa Fe–El Paso: Ann and "
                    "Ben both end on 14 points, with no ticket completed and both holding the "
                    "bonus for the longest trail (4 each). Nothing separates them: they share the "
                    "win."),
                 "score.tiebreak", (ClaimRoute(last, "red", 0),), "accepted", (last,)),
    )


def ending() -> tuple[Practice, ...]:
    """Lesson 5 (USA): the last round, a finished game, passing and the stalemate, the longest
    trail around a loop, and the tie-breaks."""
    usa = usa_map()
    atl_cha = usa_route("Atlanta", "Charleston")
    loop = usa_route("Charleston", "Atlanta")
    low = scenario(usa, TWO, hands=[{"red": 2, "white": 1}, {"blue": 3}], trains=[4, 20])
    everything = {"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12}
    stuck = scenario(usa, TWO, hands=[everything, {"pink": 12, "white": 12, "black": 12,
                                                   "locomotive": 14}],
                     face_up=[None] * 5, ticket_pile=[], trains=[0, 0])
    normal = scenario(usa, TWO, hands=[{"red": 2}])
    return (
        Practice("last-round", N_("Two trains left"), low,
                 N_("Ann has 4 trains. Claim Atlanta–Charleston with her two red cards: she ends "
                    "her turn with 2 trains, so everyone, Ann too, gets one more turn. Play Ben's "
                    "turn and Ann's last one (draw cards), then try to move again."),
                 "end.trigger", (ClaimRoute(atl_cha, "red", 0),), "accepted", (atl_cha,)),
        Practice("game-over", N_("After the last round"), finished(normal),
                 N_("This game is over. Try any move."),
                 "turn.game-over", (DrawBlind(),)),
        Practice("no-pass", N_("No passing"), normal,
                 N_("Ann can draw cards. Try to pass."), "turn.pass", (Pass(),)),
        Practice("nothing-left", N_("Nothing to draw at all"), stuck,
                 N_("Every card is in a hand, no ticket is left and nobody has trains. Try to "
                    "draw a card."),
                 "draw.nothing-left", (DrawBlind(),)),
        Practice("stalemate", N_("Nobody can move"), stuck,
                 N_("Same table: pass for Ann, then for Ben. A whole round of passes ends the "
                    "game."),
                 "end.stalemate", (Pass(), Pass()), "accepted"),
        Practice("longest-loop", N_("A loop in the longest trail"), _loop(),
                 N_("Ann's longest trail runs Nashville–Atlanta–Miami–Charleston: 10 spaces. "
                    "Claim Charleston–Atlanta with her 2 red to close the loop: the trail now "
                    "starts in Nashville, goes round the loop and ends back in Atlanta, 12 spaces. "
                    "Atlanta is passed twice; no train is counted twice."),
                 "score.longest", (ClaimRoute(loop, "red", 0),), "accepted", (loop,)),
        *_tie_breaks(),
    )


def score_exercise_usa() -> GameState:
    """A finished two-player USA game to score by hand.

    Ann: Denver–Santa Fe 2, Santa Fe–El Paso 2, El Paso–Dallas 4, Dallas–Houston 1,
    Houston–New Orleans 2 (2+2+7+1+2 = 14 points, one trail of 11 spaces); ticket Denver–El Paso
    (4) completed. Ben: Atlanta–Miami 5, Miami–Charleston 4, Charleston–Atlanta 2 (10+7+2 = 19
    points, a loop of 11 spaces); ticket Boston–Miami (12) failed. Both trails are 11, so both
    score the 10-point bonus: Ann 14 + 4 + 10 = 28, Ben 19 − 12 + 10 = 17."""
    usa = usa_map()
    ann = [("Denver", "Santa Fe"), ("Santa Fe", "El Paso"), ("El Paso", "Dallas"),
           ("Dallas", "Houston"), ("Houston", "New Orleans")]
    ben = [("Atlanta", "Miami"), ("Miami", "Charleston"), ("Charleston", "Atlanta")]
    claimed = {**{usa_route(a, b): 0 for a, b in ann}, **{usa_route(a, b): 1 for a, b in ben}}
    held = [[ticket_id(usa, "Denver", "El Paso")], [ticket_id(usa, "Boston", "Miami")]]
    return finished(scenario(usa, TWO, claimed=claimed, tickets=held))


# --------------------------------------------------------------------------- 8. confused


def confused_usa() -> tuple[Practice, ...]:
    """Lesson 8, USA part: one position for each commonly confused USA rule."""
    usa = usa_map()
    pit_chi = usa_route("Chicago", "Pittsburgh", "black")
    atl_cha = usa_route("Atlanta", "Charleston")
    atl_mia = usa_route("Atlanta", "Miami")
    den_sf = usa_route("Denver", "Santa Fe")
    den_kc_black = usa_route("Denver", "Kansas City", "black")
    den_kc_orange = usa_route("Denver", "Kansas City", "orange")
    el_paso_dallas = usa_route("El Paso", "Dallas")
    overlap = scenario(usa, TWO, hands=[{"green": 2}],
                       claimed={usa_route("Chicago", "Omaha"): 0,
                                usa_route("Omaha", "Denver"): 0,
                                usa_route("Santa Fe", "El Paso"): 0},
                       tickets=[[ticket_id(usa, "Denver", "El Paso"),
                                 ticket_id(usa, "Chicago", "Santa Fe")]])
    others = scenario(usa, TWO, hands=[{"red": 4}],
                      claimed={den_sf: 0, usa_route("Santa Fe", "El Paso"): 1})
    plain = scenario(usa, TWO, hands=[{"red": 1}],
                     face_up=["locomotive", "red", "blue", "green", "yellow"])
    return (
        Practice("two-turns", N_("Claim over two turns?"), scenario(
            usa, TWO, hands=[{"black": 2}]),
            N_("Chicago–Pittsburgh (black) has 3 spaces and Ann holds 2 black cards. Try to "
               "claim it now and finish it later."),
            "claim.whole-route", (ClaimRoute(pit_chi, "black", 0),), highlight=(pit_chi,)),
        Practice("face-up-locomotive", N_("A face-up locomotive, only card?"), plain,
                 N_("Take the face-up locomotive: the turn passes to Ben at once."),
                 "draw.faceup-locomotive", (DrawFaceUp("locomotive"),), "accepted"),
        Practice("own-network", N_("Must routes connect?"), scenario(
            usa, TWO, hands=[{"blue": 5}], claimed={usa_route("Seattle", "Portland"): 0}),
            N_("Ann's only route is in the north-west. Claim Atlanta–Miami."),
            "claim.anywhere", (ClaimRoute(atl_mia, "blue", 0),), "accepted", (atl_mia,)),
        Practice("discard-kept", N_("Discard a kept ticket?"), scenario(
            usa, TWO, hands=[{"red": 1}], tickets=[["usa-t07"]]),
            N_("Draw tickets, then try to hand back Denver–El Paso, the ticket Ann kept before."),
            "tickets.keep", (DrawTickets(), KeepTickets(("usa-t07",)))),
        Practice("shared-route", N_("Two tickets, one route?"), overlap,
                 N_("Ann holds Denver–El Paso and Chicago–Santa Fe; both miss Denver–Santa Fe. "
                    "Claim it with 2 green and watch both tickets become hits."),
                 "score.tickets", (ClaimRoute(den_sf, "green", 0),), "accepted", (den_sf,)),
        Practice("mix-gray", N_("Mix colours on gray?"), scenario(
            usa, TWO, hands=[{"red": 1, "green": 1}]),
            N_("Atlanta–Charleston is gray, 2 spaces. Ann holds 1 red and 1 green: try red."),
            "claim.one-colour", (ClaimRoute(atl_cha, "red", 0),), highlight=(atl_cha,)),
        Practice("both-doubles", N_("Both tracks of a double?"), scenario(
            usa, FOUR, hands=[{"orange": 4}], claimed={den_kc_black: 0}),
            N_("Ann owns the black track of Denver–Kansas City. Try the orange one."),
            "claim.double-own", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("others-trains", N_("Other players' trains in my path?"), others,
                 N_("Ann owns Denver–Santa Fe, Ben owns Santa Fe–El Paso. Claim El Paso–Dallas "
                    "(4 red): Ann's longest trail is 4, not 8, since Ben's trains are not hers."),
                 "score.longest", (ClaimRoute(el_paso_dallas, "red", 0),), "accepted",
                 (el_paso_dallas,)),
    )
