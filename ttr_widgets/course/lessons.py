"""Named positions for the course: what each lesson's "try it" board starts from, and the
finished games its exercises ask the learner to score.

Every position is built with ``scenario`` (or dealt with ``new_game``), so it is a state a real
game could reach: every card is accounted for. A ``Practice`` also carries a *demo*, the moves
that show its point, and says how the last of them ends (refused by the practice's rule, or
accepted): the tests replay every demo, and the "Show me" button of the widget plays it.

Course content, not rules: the rules live in ``ttr_widgets.rules`` and nothing here knows about
widgets; ``ttr_widgets.widgets.lesson`` displays these values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ttr_widgets.rules.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    CollectWarehouses,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    Pass,
    PayTunnel,
    PlaceDepot,
)
from ttr_widgets.rules.catalog import RULES
from ttr_widgets.rules.engine import DEPOTS, apply, new_game
from ttr_widgets.rules.errors import PositionError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import NUM_CARD_TYPES, Board, card_index
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState, Options, evolve

__all__ = [
    "Outcome", "Practice", "board_and_goal", "claiming", "confused_europe", "confused_usa",
    "drawing", "ending", "europa_1912", "ferries_and_tunnels", "finished", "route_between",
    "score_exercise_depots", "score_exercise_europe", "score_exercise_usa", "stations",
    "ticket_exercise", "tickets", "with_warehouses",
]

Outcome = Literal["refused", "accepted"]
TWO = ("Ann", "Ben")
FOUR = ("Ann", "Ben", "Cleo", "Dev")
WAREHOUSES = Options(warehouses=True)


@dataclass(frozen=True, slots=True)
class Practice:
    """One "try it" position of a lesson.

    ``rule`` is the rule id the position is about. ``demo`` is a sequence of moves that shows
    it: every move but the last is accepted, and the last is refused by ``rule`` when
    ``outcome`` is ``"refused"``, or accepted when it is ``"accepted"``. ``highlight`` names
    routes to mark on the board.
    """

    name: str
    title: str
    state: GameState
    prompt: str
    rule: str
    demo: tuple[Action, ...]
    outcome: Outcome = "refused"
    highlight: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"rule: unknown rule id {self.rule!r}")
        if not self.demo:
            raise ValueError(f"demo: the practice {self.name!r} needs at least one move")
        if self.outcome not in ("refused", "accepted"):
            raise ValueError(f"outcome: expected 'refused' or 'accepted', not {self.outcome!r}")
        for route in self.highlight:
            self.state.board.route(route)  # KeyError naming an unknown route


# --------------------------------------------------------------------------- helpers


def route_between(board: Board, a: str, b: str, color: str | None = None) -> str:
    """The id of the route joining cities ``a`` and ``b`` (of ``color``, for a double route);
    ``KeyError`` naming the cities when there is none."""
    for route in board.routes_at.get(a, ()):
        if route.other(a) == b and (color is None or route.color == color):
            return route.id
    shade = f" {color}" if color else ""
    raise KeyError(f"no{shade} route between {a!r} and {b!r} on the {board.name} map")


def finished(state: GameState) -> GameState:
    """The same position with the game over (the last round played out)."""
    return evolve(state, final_turns=0, pending=None)


def with_warehouses(state: GameState, *, stock: Mapping[int, Mapping[str, int]] | None = None,
                    depots: Mapping[str, int] | None = None,
                    depots_left: Sequence[int] | None = None) -> GameState:
    """A position of a game played with Warehouses & Depots: empty Warehouses, then ``stock``
    (player → cards) moved from the pile into them, ``depots`` (city → player) placed, and
    ``depots_left`` beside each Warehouse (default: 5 less the Depots placed).

    Cards move from the pile, so every card stays counted; ``PositionError`` names the field
    when the pile lacks a card or a Depot city already holds a piece."""
    n = state.num_players
    deck = list(state.deck)
    warehouses = [[0] * NUM_CARD_TYPES for _ in range(n)]
    for player, cards in (stock or {}).items():
        for name, count in cards.items():
            for _ in range(count):
                index = card_index(name)
                if index not in deck:
                    raise PositionError(f"stock[{player}]: no {name} card left in the pile")
                deck.remove(index)
                warehouses[player][index] += 1
    placed = dict(depots or {})
    for city in placed:
        if city not in state.board.city_index:
            raise PositionError(f"depots: unknown city {city!r}")
        piece = state.piece_at(city)
        if piece is not None:
            raise PositionError(f"depots[{city!r}]: the city already holds a {piece}")
    left = tuple(depots_left) if depots_left is not None else tuple(
        DEPOTS - sum(1 for p in placed.values() if p == i) for i in range(n))
    return evolve(state, deck=tuple(deck), warehouses=tuple(tuple(w) for w in warehouses),
                  depots=tuple(placed.items()), depots_left=left,
                  options=evolve(state.options, warehouses=True))


def _usa() -> Board:
    return load_map("usa")


def _europe() -> Board:
    return load_map("europe")


def _usa_route(a: str, b: str, color: str | None = None) -> str:
    return route_between(_usa(), a, b, color)


def _europe_route(a: str, b: str, color: str | None = None) -> str:
    return route_between(_europe(), a, b, color)


def _ticket(board: Board, a: str, b: str) -> str:
    for ticket in board.tickets:
        if {ticket.a, ticket.b} == {a, b}:
            return ticket.id
    raise KeyError(f"no ticket {a}–{b} on the {board.name} map")


def _setup_offer(state: GameState) -> tuple[str, ...]:
    return state.setup_offers[state.current]


def _after_ticket_setup(state: GameState) -> GameState:
    """Everyone keeps every ticket dealt (the setup choice is not what the position is about)."""
    while state.setup_offers and state.pending is not None:
        state = apply(state, KeepTickets(_setup_offer(state)))
    return state


# --------------------------------------------------------------------------- 1. the board


def board_and_goal() -> tuple[Practice, ...]:
    """Lesson 1 (USA): choosing the starting tickets, a first claim, one action a turn."""
    usa = _usa()
    dealt = new_game(usa, TWO, seed=7)
    atl_cha = _usa_route("Atlanta", "Charleston")
    start = scenario(usa, TWO, hands=[{"red": 2, "blue": 1, "green": 1}, {"yellow": 4}],
                     face_up=["red", "orange", "white", "black", "pink"])
    return (
        Practice("keep-tickets", "Keep your starting tickets", dealt,
                 "The cards and tickets are dealt. Ann must keep at least 2 of her 3 tickets: "
                 "tick just one and press Keep, then keep two or three.",
                 "tickets.keep", (KeepTickets(_setup_offer(dealt)[:1]),)),
        Practice("first-claim", "A first claim", start,
                 "Click the gray route Atlanta–Charleston (2 spaces) and pay with Ann's two red "
                 "cards. The route scores 2 points at once.",
                 "claim.points", (ClaimRoute(atl_cha, "red", 0),), "accepted", (atl_cha,)),
        Practice("one-action", "One action a turn", start,
                 "Take the face-up red card, then try to claim Atlanta–Charleston in the same "
                 "turn: a turn is one action, and drawing cards means two cards.",
                 "draw.two-cards", (DrawFaceUp("red"), ClaimRoute(atl_cha, "red", 0)),
                 highlight=(atl_cha,)),
    )


# --------------------------------------------------------------------------- 2. drawing cards


def drawing() -> tuple[Practice, ...]:
    """Lesson 2 (USA): two cards, the face-up locomotive, the refill, the refresh."""
    usa = _usa()
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
        Practice("two-cards", "Two cards", plain,
                 "Draw a card from the pile, then try to draw tickets: once you start drawing "
                 "cards, your second action must be your second card.",
                 "draw.two-cards", (DrawBlind(), DrawTickets())),
        Practice("face-up-locomotive", "A face-up locomotive", plain,
                 "Take the face-up locomotive. Watch the result line: it is the whole draw, "
                 "and the turn passes to Ben.",
                 "draw.faceup-locomotive", (DrawFaceUp("locomotive"),), "accepted"),
        Practice("second-locomotive", "No locomotive as the second card", refill,
                 "Take the face-up red. Its slot is refilled from the pile with a locomotive; "
                 "try to take that locomotive as your second card.",
                 "draw.second-locomotive", (DrawFaceUp("red"), DrawFaceUp("locomotive"))),
        Practice("blind-locomotive", "A locomotive from the pile", blind,
                 "The pile's top card is a locomotive. Draw blind twice: the locomotive counts "
                 "as one card and you still get your second.",
                 "draw.blind-locomotive", (DrawBlind(), DrawBlind()), "accepted"),
        Practice("three-locomotives", "Three locomotives face up", three,
                 "Two locomotives are face up and the pile's top card is a third. Take the red "
                 "card: the refill shows 3 locomotives, so the whole row is replaced.",
                 "draw.three-locomotives", (DrawFaceUp("red"),), "accepted"),
        Practice("reshuffle", "The pile runs out", reshuffle,
                 "The pile is empty and the discards are not. Draw blind: the discards are "
                 "shuffled into a new pile first.",
                 "draw.reshuffle", (DrawBlind(),), "accepted"),
        Practice("no-card", "Nothing to draw blind", bare,
                 "The hands hold almost every card: no pile, no discards, five locomotives "
                 "face up. Try to draw blind, then take a face-up locomotive.",
                 "draw.no-card", (DrawBlind(),)),
    )


# --------------------------------------------------------------------------- 3. claiming


def claiming() -> tuple[Practice, ...]:
    """Lesson 3 (USA): colours, gray, locomotives, trains, double routes, anywhere."""
    usa = _usa()
    atl_mia = _usa_route("Atlanta", "Miami")
    atl_cha = _usa_route("Atlanta", "Charleston")
    atl_no = _usa_route("Atlanta", "New Orleans", "orange")
    den_kc_black = _usa_route("Denver", "Kansas City", "black")
    den_kc_orange = _usa_route("Denver", "Kansas City", "orange")
    sea_por = _usa_route("Seattle", "Portland")
    twin = {"orange": 4, "black": 1}
    return (
        Practice("colour", "The route's colour", scenario(
            usa, TWO, hands=[{"red": 5, "blue": 3, "locomotive": 2}]),
            "Atlanta–Miami is 5 blue spaces. Click it and try to pay with red; then pay "
            "3 blue and 2 locomotives.",
            "claim.one-colour", (ClaimRoute(atl_mia, "red", 0),), highlight=(atl_mia,)),
        Practice("gray", "Gray routes: any ONE colour", scenario(
            usa, TWO, hands=[{"red": 1, "green": 1, "yellow": 2}]),
            "Atlanta–Charleston is gray: any one colour will do, but not two. Try to pay with "
            "red (Ann holds one red and one green), then pay with her two yellow.",
            "claim.one-colour", (ClaimRoute(atl_cha, "red", 0),), highlight=(atl_cha,)),
        Practice("locomotives", "Locomotives are wild", scenario(
            usa, TWO, hands=[{"locomotive": 4, "orange": 1}]),
            "Pay the orange Atlanta–New Orleans (4 spaces) with 4 locomotives.",
            "claim.locomotives", (ClaimRoute(atl_no, "locomotive", 4),), "accepted", (atl_no,)),
        Practice("trains", "Enough trains", scenario(
            usa, TWO, hands=[{"blue": 5}], trains=[3, 45]),
            "Ann has only 3 trains left. Try to claim the 5-space Atlanta–Miami.",
            "claim.trains", (ClaimRoute(atl_mia, "blue", 0),), highlight=(atl_mia,)),
        Practice("claimed", "Taken is taken", scenario(
            usa, TWO, hands=[{"blue": 5}], claimed={atl_mia: 1}),
            "Ben owns Atlanta–Miami. Try to claim it anyway.",
            "claim.open", (ClaimRoute(atl_mia, "blue", 0),), highlight=(atl_mia,)),
        Practice("double-two-players", "Double routes, 2 players", scenario(
            usa, TWO, hands=[twin], claimed={den_kc_black: 1}),
            "Two players: Ben took the black track of Denver–Kansas City. Try the orange one.",
            "claim.double-small", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("double-four-players", "Double routes, 4 players", scenario(
            usa, FOUR, hands=[twin], claimed={den_kc_black: 1}),
            "Four players: Ben took the black track. Claim the orange one: it is open to "
            "you.",
            "claim.double-large", (ClaimRoute(den_kc_orange, "orange", 0),), "accepted",
            (den_kc_orange,)),
        Practice("double-own", "Never both tracks", scenario(
            usa, FOUR, hands=[{"orange": 4, "black": 4}], claimed={den_kc_black: 0}),
            "Four players, and Ann already owns the black track. Try to claim the orange one "
            "too.",
            "claim.double-own", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("anywhere", "Anywhere on the board", scenario(
            usa, TWO, hands=[{"blue": 5}], claimed={sea_por: 0}),
            "Ann's only route is Seattle–Portland. Claim Atlanta–Miami, far away: routes need "
            "not connect.",
            "claim.anywhere", (ClaimRoute(atl_mia, "blue", 0),), "accepted", (atl_mia,)),
    )


# --------------------------------------------------------------------------- 4. tickets


def tickets() -> tuple[Practice, ...]:
    """Lesson 4 (USA): drawing tickets, keeping, the empty pile, connecting a ticket."""
    usa = _usa()
    hand = [{"red": 2, "blue": 1}]
    pile = ("usa-t12", "usa-t04", "usa-t20")
    fresh = scenario(usa, TWO, hands=hand, tickets=[["usa-t07"]], ticket_pile=[*pile, "usa-t01"])
    connect = scenario(usa, TWO, hands=hand, tickets=[["usa-t07"]],
                       claimed={_usa_route("Denver", "Santa Fe"): 0})
    santa_fe_el_paso = _usa_route("Santa Fe", "El Paso")
    return (
        Practice("draw", "Draw three, keep one or more", fresh,
                 "Draw tickets: you see the top 3. Keep just the first one; the other two go "
                 "under the pile.",
                 "tickets.draw", (DrawTickets(), KeepTickets(pile[:1])), "accepted"),
        Practice("keep-none", "Keep at least one", fresh,
                 "Draw tickets, then press Keep with none ticked.",
                 "tickets.keep", (DrawTickets(), KeepTickets(()))),
        Practice("no-giving-back", "A kept ticket stays", fresh,
                 "Ann already holds Denver–El Paso. Draw tickets and try to keep nothing new "
                 "but give that old ticket back.",
                 "tickets.keep", (DrawTickets(), KeepTickets(("usa-t07",)))),
        Practice("empty", "No tickets left", scenario(usa, TWO, hands=hand, ticket_pile=[]),
                 "The ticket pile is empty. Try to draw tickets.",
                 "tickets.empty", (DrawTickets(),)),
        Practice("connect", "Connecting a ticket", connect,
                 "Ann holds Denver–El Paso (4) and owns Denver–Santa Fe. Claim Santa Fe–El Paso "
                 "with two red cards and watch the ticket turn to a hit.",
                 "score.tickets", (ClaimRoute(santa_fe_el_paso, "red", 0),), "accepted",
                 (santa_fe_el_paso,)),
    )


def ticket_exercise() -> GameState:
    """A finished USA game where exactly one of Ann's three tickets fails: Denver–El Paso and
    Chicago–Santa Fe are joined by her routes, Kansas City–Houston is not."""
    usa = _usa()
    routes = [("Denver", "Santa Fe"), ("Santa Fe", "El Paso"), ("Denver", "Omaha"),
              ("Omaha", "Chicago"), ("Kansas City", "Oklahoma City"), ("Dallas", "Houston")]
    claimed = {_usa_route(a, b): 0 for a, b in routes}
    claimed[_usa_route("Oklahoma City", "Dallas")] = 1
    tickets_held = [[_ticket(usa, "Denver", "El Paso"), _ticket(usa, "Chicago", "Santa Fe"),
                     _ticket(usa, "Kansas City", "Houston")], []]
    return finished(scenario(usa, TWO, claimed=claimed, tickets=tickets_held))


def plan_exercise() -> GameState:
    """Build a plan: Ann holds Chicago–New Orleans (7) and Montréal–New Orleans (13), no route
    claimed yet. Alone, Montréal–New Orleans is cheapest down the east coast (13 trains) and
    Chicago–New Orleans through Saint Louis and Little Rock (7): 20 in all. Together they take
    14: Montréal–Toronto–Chicago (7) and the Chicago–New Orleans line both tickets share."""
    usa = _usa()
    return scenario(usa, TWO, tickets=[[_ticket(usa, "Chicago", "New Orleans"),
                                        _ticket(usa, "Montreal", "New Orleans")], []])


# --------------------------------------------------------------------------- 5. the end


def ending() -> tuple[Practice, ...]:
    """Lesson 5 (USA): the last round, a finished game, passing and the stalemate."""
    usa = _usa()
    atl_cha = _usa_route("Atlanta", "Charleston")
    low = scenario(usa, TWO, hands=[{"red": 2, "white": 1}, {"blue": 3}], trains=[4, 20])
    everything = {"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12}
    stuck = scenario(usa, TWO, hands=[everything, {"pink": 12, "white": 12, "black": 12,
                                                   "locomotive": 14}],
                     face_up=[None] * 5, ticket_pile=[], trains=[0, 0])
    normal = scenario(usa, TWO, hands=[{"red": 2}])
    return (
        Practice("last-round", "Two trains left", low,
                 "Ann has 4 trains. Claim Atlanta–Charleston with her two red cards: she ends "
                 "her turn with 2 trains, so everyone, Ann too, gets one more turn. Play Ben's "
                 "turn and Ann's last one (draw cards), then try to move again.",
                 "end.trigger", (ClaimRoute(atl_cha, "red", 0),), "accepted", (atl_cha,)),
        Practice("game-over", "After the last round", finished(normal),
                 "This game is over. Try any move.",
                 "turn.game-over", (DrawBlind(),)),
        Practice("no-pass", "No passing", normal,
                 "Ann can draw cards. Try to pass.", "turn.pass", (Pass(),)),
        Practice("nothing-left", "Nothing to draw at all", stuck,
                 "Every card is in a hand, no ticket is left and nobody has trains. Try to "
                 "draw a card.",
                 "draw.nothing-left", (DrawBlind(),)),
        Practice("stalemate", "Nobody can move", stuck,
                 "Same table: pass for Ann, then for Ben. A whole round of passes ends the "
                 "game.",
                 "end.stalemate", (Pass(), Pass()), "accepted"),
    )


def score_exercise_usa() -> GameState:
    """A finished two-player USA game to score by hand.

    Ann: Denver–Santa Fe 2, Santa Fe–El Paso 2, El Paso–Dallas 4, Dallas–Houston 1,
    Houston–New Orleans 2 (2+2+7+1+2 = 14 points, one trail of 11 spaces); ticket Denver–El Paso
    (4) completed. Ben: Atlanta–Miami 5, Miami–Charleston 4, Charleston–Atlanta 2 (10+7+2 = 19
    points, a loop of 11 spaces); ticket Boston–Miami (12) failed. Both trails are 11, so both
    score the 10-point bonus: Ann 14 + 4 + 10 = 28, Ben 19 − 12 + 10 = 17."""
    usa = _usa()
    ann = [("Denver", "Santa Fe"), ("Santa Fe", "El Paso"), ("El Paso", "Dallas"),
           ("Dallas", "Houston"), ("Houston", "New Orleans")]
    ben = [("Atlanta", "Miami"), ("Miami", "Charleston"), ("Charleston", "Atlanta")]
    claimed = {**{_usa_route(a, b): 0 for a, b in ann}, **{_usa_route(a, b): 1 for a, b in ben}}
    held = [[_ticket(usa, "Denver", "El Paso")], [_ticket(usa, "Boston", "Miami")]]
    return finished(scenario(usa, TWO, claimed=claimed, tickets=held))


# --------------------------------------------------------------------------- 6. Europe


def _tunnel(hand: Mapping[str, int], reveal: Sequence[str]) -> GameState:
    return scenario(_europe(), TWO, hands=[hand, {"blue": 2}], pile_top=list(reveal))


def ferries_and_tunnels() -> tuple[Practice, ...]:
    """Lesson 6 (Europe): ferries' locomotives, tunnels' reveal, paying or declining."""
    london = _europe_route("Amsterdam", "London")
    palermo = _europe_route("Palermo", "Smyrna")
    tunnel = _europe_route("Barcelona", "Pamplona")
    return (
        Practice("ferry", "A ferry's locomotives", scenario(
            _europe(), TWO, hands=[{"red": 2, "locomotive": 1}]),
            "London–Amsterdam is a 2-space ferry with 2 locomotive symbols. Try to pay 1 red "
            "and 1 locomotive.",
            "ferry.locomotives", (ClaimRoute(london, "red", 1),), highlight=(london,)),
        Practice("ferry-extra", "More locomotives are fine", scenario(
            _europe(), TWO, hands=[{"red": 2, "locomotive": 4}]),
            "Palermo–Smyrna is a 6-space ferry needing 2 locomotives. Pay 2 red and 4 "
            "locomotives: the symbols are a minimum.",
            "ferry.locomotives", (ClaimRoute(palermo, "red", 4),), "accepted", (palermo,)),
        Practice("tunnel", "A tunnel's reveal", _tunnel({"red": 4, "locomotive": 1},
                                                        ["red", "locomotive", "blue"]),
                 "Barcelona–Pamplona is a 2-space gray tunnel. Offer 2 red: the pile shows red, "
                 "locomotive, blue, so 2 more cards are due. Pay them (1 red and 1 locomotive).",
                 "tunnel.reveal", (ClaimRoute(tunnel, "red", 0), PayTunnel(1)), "accepted",
                 (tunnel,)),
        Practice("tunnel-pending", "Finish the tunnel first", _tunnel(
            {"red": 4, "locomotive": 1}, ["red", "locomotive", "blue"]),
            "Offer 2 red for Barcelona–Pamplona, then try to draw a card instead of paying.",
            "turn.pending", (ClaimRoute(tunnel, "red", 0), DrawBlind()), highlight=(tunnel,)),
        Practice("tunnel-short", "Cannot pay the surcharge", _tunnel(
            {"red": 2}, ["red", "red", "red"]),
            "Offer Ann's 2 red for Barcelona–Pamplona. Three reds come up: 3 more cards, and "
            "she has none. Try to pay.",
            "tunnel.pay", (ClaimRoute(tunnel, "red", 0), PayTunnel(0)), highlight=(tunnel,)),
        Practice("tunnel-decline", "Declining keeps your cards", _tunnel(
            {"red": 2}, ["red", "red", "red"]),
            "Same tunnel, same reveal: decline. Ann keeps her 2 red, the revealed cards go "
            "to the discards, and her turn is over.",
            "tunnel.decline", (ClaimRoute(tunnel, "red", 0), DeclineTunnel()), "accepted",
            (tunnel,)),
        Practice("tunnel-locomotives", "An all-locomotive offer", _tunnel(
            {"red": 5, "locomotive": 3}, ["red", "locomotive", "red"]),
            "Offer 2 locomotives for Barcelona–Pamplona. Only the revealed locomotive counts "
            "(1 more card), and it must be a locomotive: try to pay it with red.",
            "tunnel.all-locomotives", (ClaimRoute(tunnel, "locomotive", 2), PayTunnel(0)),
            highlight=(tunnel,)),
    )


def _borrowing(ben_owns_the_link: bool, *, built: bool = False) -> GameState:
    """Ann owns Paris–Frankfurt and München–Wien and holds Paris–Wien; Frankfurt–München is
    Ben's (or nobody's). ``built``: Ann's station stands in München, and Ben holds
    London–Berlin."""
    europe = _europe()
    claimed = {_europe_route("Paris", "Frankfurt", "orange"): 0,
               _europe_route("Munchen", "Wien"): 0, _europe_route("Berlin", "Wien"): 1}
    if ben_owns_the_link:
        claimed[_europe_route("Frankfurt", "Munchen")] = 1
    ben_tickets = [_ticket(europe, "London", "Berlin")] if built else []
    return scenario(europe, TWO, hands=[{"red": 3}, {"blue": 2}], claimed=claimed,
                    tickets=[[_ticket(europe, "Paris", "Wien")], ben_tickets],
                    stations={"Munchen": 0} if built else None)


def stations() -> tuple[Practice, ...]:
    """Lesson 7 (Europe): the starting tickets with a long one, stations' costs and limits,
    what a station borrows."""
    europe = _europe()
    dealt = new_game(europe, TWO, seed=11)
    hand = [{"red": 6, "locomotive": 1}]
    link = _europe_route("Frankfurt", "Munchen")
    return (
        Practice("long-ticket", "Your long ticket is optional", dealt,
                 "Ann is dealt 1 long ticket (listed first) and 3 regular ones, and keeps at "
                 "least 2. Keep two regular ones and let the long one go.",
                 "setup.tickets-europe", (KeepTickets(_setup_offer(dealt)[1:3]),), "accepted"),
        Practice("first-station", "A first station", scenario(europe, TWO, hands=hand),
                 "Click Paris and build a station with 1 red card.",
                 "station.cost", (BuildStation("Paris", "red", 0),), "accepted"),
        Practice("second-station", "The second costs two", scenario(
            europe, TWO, hands=[{"red": 1, "blue": 1}], stations={"Wien": 0}),
            "Ann built one station in Wien. Her second costs 2 cards of one colour: try to "
            "build in Paris with her single red.",
            "station.cost", (BuildStation("Paris", "red", 0),)),
        Practice("one-per-city", "One station a city", scenario(
            europe, TWO, hands=hand, stations={"Paris": 1}),
            "Ben has a station in Paris. Try to build one there too.",
            "station.one-per-city", (BuildStation("Paris", "red", 0),)),
        Practice("three-stations", "Three at most", scenario(
            europe, TWO, hands=hand, stations={"Paris": 0, "Wien": 0, "Roma": 0}),
            "Ann has built all three stations. Try a fourth in Madrid.",
            "station.limit", (BuildStation("Madrid", "red", 0),)),
        Practice("borrow", "What a station borrows", _borrowing(True),
                 "Ann holds Paris–Wien (8). Ben owns Frankfurt–München, the missing link. "
                 "Build a station in München: at the end it borrows Ben's route, and the "
                 "ticket becomes a hit.",
                 "station.borrow", (BuildStation("Munchen", "red", 0),), "accepted", (link,)),
    )


def score_exercise_europe() -> GameState:
    """A finished two-player Europe game with a station.

    Ann: Paris–Frankfurt 3 and München–Wien 3 (4 + 4 = 8 points), a station in München that
    borrows Ben's Frankfurt–München, so Paris–Wien (8) is completed; 2 stations unused (8
    points); longest trail 3. Ben: Frankfurt–München 2 and Berlin–Wien 3 (2 + 4 = 6 points);
    London–Berlin (7) failed; 3 stations unused (12 points); longest trail 3. Both trails are 3
    (the borrowed route does not count), so both score 10: Ann 8 + 8 + 8 + 10 = 34, Ben
    6 − 7 + 12 + 10 = 21."""
    return finished(_borrowing(True, built=True))


# --------------------------------------------------------------------------- 8. confused


def confused_usa() -> tuple[Practice, ...]:
    """Lesson 8, USA part: one position for each commonly confused USA rule."""
    usa = _usa()
    pit_chi = _usa_route("Chicago", "Pittsburgh", "black")
    atl_cha = _usa_route("Atlanta", "Charleston")
    atl_mia = _usa_route("Atlanta", "Miami")
    den_sf = _usa_route("Denver", "Santa Fe")
    den_kc_black = _usa_route("Denver", "Kansas City", "black")
    den_kc_orange = _usa_route("Denver", "Kansas City", "orange")
    el_paso_dallas = _usa_route("El Paso", "Dallas")
    overlap = scenario(usa, TWO, hands=[{"green": 2}],
                       claimed={_usa_route("Chicago", "Omaha"): 0,
                                _usa_route("Omaha", "Denver"): 0,
                                _usa_route("Santa Fe", "El Paso"): 0},
                       tickets=[[_ticket(usa, "Denver", "El Paso"),
                                 _ticket(usa, "Chicago", "Santa Fe")]])
    others = scenario(usa, TWO, hands=[{"red": 4}],
                      claimed={den_sf: 0, _usa_route("Santa Fe", "El Paso"): 1})
    plain = scenario(usa, TWO, hands=[{"red": 1}],
                     face_up=["locomotive", "red", "blue", "green", "yellow"])
    return (
        Practice("two-turns", "Claim over two turns?", scenario(
            usa, TWO, hands=[{"black": 2}]),
            "Chicago–Pittsburgh (black) has 3 spaces and Ann holds 2 black cards. Try to "
            "claim it now and finish it later.",
            "claim.whole-route", (ClaimRoute(pit_chi, "black", 0),), highlight=(pit_chi,)),
        Practice("face-up-locomotive", "A face-up locomotive, only card?", plain,
                 "Take the face-up locomotive: the turn passes to Ben at once.",
                 "draw.faceup-locomotive", (DrawFaceUp("locomotive"),), "accepted"),
        Practice("own-network", "Must routes connect?", scenario(
            usa, TWO, hands=[{"blue": 5}], claimed={_usa_route("Seattle", "Portland"): 0}),
            "Ann's only route is in the north-west. Claim Atlanta–Miami.",
            "claim.anywhere", (ClaimRoute(atl_mia, "blue", 0),), "accepted", (atl_mia,)),
        Practice("discard-kept", "Discard a kept ticket?", scenario(
            usa, TWO, hands=[{"red": 1}], tickets=[["usa-t07"]]),
            "Draw tickets, then try to hand back Denver–El Paso, the ticket Ann kept before.",
            "tickets.keep", (DrawTickets(), KeepTickets(("usa-t07",)))),
        Practice("shared-route", "Two tickets, one route?", overlap,
                 "Ann holds Denver–El Paso and Chicago–Santa Fe; both miss Denver–Santa Fe. "
                 "Claim it with 2 green and watch both tickets become hits.",
                 "score.tickets", (ClaimRoute(den_sf, "green", 0),), "accepted", (den_sf,)),
        Practice("mix-gray", "Mix colours on gray?", scenario(
            usa, TWO, hands=[{"red": 1, "green": 1}]),
            "Atlanta–Charleston is gray, 2 spaces. Ann holds 1 red and 1 green: try red.",
            "claim.one-colour", (ClaimRoute(atl_cha, "red", 0),), highlight=(atl_cha,)),
        Practice("both-doubles", "Both tracks of a double?", scenario(
            usa, FOUR, hands=[{"orange": 4}], claimed={den_kc_black: 0}),
            "Ann owns the black track of Denver–Kansas City. Try the orange one.",
            "claim.double-own", (ClaimRoute(den_kc_orange, "orange", 0),),
            highlight=(den_kc_orange,)),
        Practice("others-trains", "Other players' trains in my path?", others,
                 "Ann owns Denver–Santa Fe, Ben owns Santa Fe–El Paso. Claim El Paso–Dallas "
                 "(4 red): Ann's longest trail is 4, not 8, since Ben's trains are not hers.",
                 "score.longest", (ClaimRoute(el_paso_dallas, "red", 0),), "accepted",
                 (el_paso_dallas,)),
    )


def confused_europe() -> tuple[Practice, ...]:
    """Lesson 8, Europe part: the long ticket, stations, ferries and tunnels."""
    europe = _europe()
    dealt = new_game(europe, TWO, seed=11)
    palermo = _europe_route("Palermo", "Smyrna")
    tunnel = _europe_route("Barcelona", "Pamplona")
    link = _europe_route("Frankfurt", "Munchen")
    return (
        Practice("long-ticket", "Must I keep the long ticket?", dealt,
                 "Keep two of the regular tickets and let the long one (listed first) go.",
                 "setup.tickets-europe", (KeepTickets(_setup_offer(dealt)[1:3]),), "accepted"),
        Practice("station-bridge", "A station across an empty gap?", _borrowing(False),
                 "Nobody owns Frankfurt–München. Build a station in München: Paris–Wien stays "
                 "a miss, since a station only borrows a route someone owns.",
                 "station.borrow", (BuildStation("Munchen", "red", 0),), "accepted", (link,)),
        Practice("station-longest", "Borrowed routes in the longest trail?", _borrowing(True),
                 "Build a station in München: Paris–Wien becomes a hit through Ben's route, "
                 "but Ann's longest trail stays 3.",
                 "score.longest-own", (BuildStation("Munchen", "red", 0),), "accepted",
                 (link,)),
        Practice("ferry-maximum", "A ferry's locomotives, a maximum?", scenario(
            europe, TWO, hands=[{"red": 2, "locomotive": 4}]),
            "Palermo–Smyrna needs 2 locomotives. Pay it with 2 red and 4 locomotives.",
            "ferry.locomotives", (ClaimRoute(palermo, "red", 4),), "accepted", (palermo,)),
        Practice("tunnel-cards", "Cards lost on a declined tunnel?", _tunnel(
            {"red": 2}, ["red", "red", "red"]),
            "Offer 2 red for Barcelona–Pamplona, then decline: Ann's hand is unchanged.",
            "tunnel.decline", (ClaimRoute(tunnel, "red", 0), DeclineTunnel()), "accepted",
            (tunnel,)),
    )


# --------------------------------------------------------------------------- 9. Europa 1912


def europa_1912() -> tuple[Practice, ...]:
    """Lesson 9 (Europe): the ticket variants, then Warehouses & Depots (which suit any map)."""
    europe = _europe()
    mega = new_game(europe, TWO, seed=3, options=Options(variant="mega-europe"))
    big = scenario(europe, TWO, hands=[{"red": 2}], options=Options(variant="big-cities"))
    depot_setup = _after_ticket_setup(new_game(europe, TWO, seed=5, options=WAREHOUSES))
    table = scenario(europe, TWO, hands=[{"green": 3, "red": 1}, {"red": 1}],
                     pile_top=["yellow", "red", "white"], stations={"Wien": 1})
    plain = with_warehouses(table, depots={"Paris": 0, "Roma": 1})
    stocked = with_warehouses(table, stock={1: {"red": 2, "yellow": 1}},
                              depots={"Paris": 0, "Roma": 1, "Berlin": 1})
    berlin_wien = _europe_route("Berlin", "Wien")
    return (
        Practice("mega-europe", "Mega Europe: one long ticket at most", mega,
                 "Mega Europe deals 2 long tickets (listed first) and 5 regular ones; keep at "
                 "least 3, at most one long. Try keeping both long ones and a regular one.",
                 "tickets.one-long", (KeepTickets(_setup_offer(mega)[:3]),)),
        Practice("big-cities", "Big Cities: draw four", big,
                 "In Big Cities of Europe every ticket names a big city and a draw shows 4. "
                 "Draw tickets and keep the first.",
                 "variant.big-cities", (DrawTickets(), KeepTickets(big.tickets[:1])),
                 "accepted"),
        Practice("depot-setup", "Placing the first Depots", depot_setup,
                 "Tickets are kept. The last player, Ben, places a Depot first: click Paris. "
                 "Then Ann places hers: try Paris too.",
                 "wd.one-piece", (PlaceDepot("Paris"), PlaceDepot("Paris"))),
        Practice("feed", "Feed a Warehouse first", plain,
                 "With Warehouses & Depots, try to draw a card straight away.",
                 "wd.feed", (DrawBlind(),)),
        Practice("feed-then-draw", "Feed, then draw", plain,
                 "Feed Ben's Warehouse (the pile's top card goes there unseen), then draw two "
                 "cards blind.",
                 "wd.feed", (FeedWarehouse(1), DrawBlind(), DrawBlind()), "accepted"),
        Practice("free-depot", "A Depot as a free action", plain,
                 "Click Madrid and place a Depot: it costs no action, and it is still Ann's "
                 "turn.",
                 "wd.place", (PlaceDepot("Madrid"),), "accepted"),
        Practice("one-piece", "One piece a city", plain,
                 "Ben has a station in Wien. Click Wien and try to place a Depot there.",
                 "wd.one-piece", (PlaceDepot("Wien"),)),
        Practice("collect", "Emptying a Warehouse", stocked,
                 "Ben has a Depot in Berlin and his Warehouse holds 3 cards. Claim Berlin–Wien "
                 "with 3 green, then collect: Ann gives up one of her Depots and takes the "
                 "cards.",
                 "wd.collect", (ClaimRoute(berlin_wien, "green", 0),
                                CollectWarehouses(("Berlin",))), "accepted", (berlin_wien,)),
    )


def score_exercise_depots() -> GameState:
    """A finished USA game with Warehouses & Depots.

    Ann: Atlanta–Miami 5 (10 points, trail 5); Ben: Atlanta–Charleston 2 and Charleston–Raleigh
    2 (2 + 2 = 4 points, trail 4). Both keep 2 Depots beside their Warehouse, so both score the
    10-point Depot bonus. No tickets. Ann 10 + 10 + 10 = 30, Ben 4 + 10 = 14."""
    claimed = {_usa_route("Atlanta", "Miami"): 0, _usa_route("Atlanta", "Charleston"): 1,
               _usa_route("Charleston", "Raleigh"): 1}
    state = scenario(_usa(), TWO, claimed=claimed)
    return finished(with_warehouses(state, depots={"Denver": 0, "Omaha": 1, "Boston": 0,
                                                   "Dallas": 1},
                                    depots_left=[2, 2]))
