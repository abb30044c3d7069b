"""The Europe lessons' positions (lessons 6, 7, 9 and lesson 8's Europe questions): each
lesson's "try it" boards and the finished games its exercises ask the learner to score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttr_widgets.course.practice import (
    TWO,
    WAREHOUSES,
    Practice,
    after_ticket_setup,
    europe_map,
    europe_route,
    finished,
    last_turn,
    setup_offer,
    ticket_id,
    usa_map,
    usa_route,
    with_warehouses,
)
from ttr_widgets.rules.actions import (
    BuildStation,
    ClaimRoute,
    CollectWarehouses,
    DeclineTunnel,
    DrawBlind,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    PayTunnel,
    PlaceDepot,
)
from ttr_widgets.rules.engine import new_game
from ttr_widgets.rules.i18n import N_
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState, Options

__all__ = ["confused_europe", "europa_1912", "ferries_and_tunnels", "score_exercise_depots",
           "score_exercise_europe", "stations"]


# --------------------------------------------------------------------------- 6. Europe


def _tunnel(hand: Mapping[str, int], reveal: Sequence[str]) -> GameState:
    return scenario(europe_map(), TWO, hands=[hand, {"blue": 2}], pile_top=list(reveal))


def ferries_and_tunnels() -> tuple[Practice, ...]:
    """Lesson 6 (Europe): ferries' locomotives, tunnels' reveal, paying or declining."""
    london = europe_route("Amsterdam", "London")
    palermo = europe_route("Palermo", "Smyrna")
    tunnel = europe_route("Barcelona", "Pamplona")
    athina = europe_route("Athina", "Smyrna")
    longest = europe_route("Petrograd", "Stockholm")
    return (
        Practice("ferry", N_("A ferry's locomotives"), scenario(
            europe_map(), TWO, hands=[{"red": 2, "locomotive": 1}]),
            N_("London–Amsterdam is a 2-space ferry with 2 locomotive symbols. Try to pay 1 red "
               "and 1 locomotive."),
            "ferry.locomotives", (ClaimRoute(london, "red", 1),), highlight=(london,)),
        Practice("ferry-extra", N_("More locomotives are fine"), scenario(
            europe_map(), TWO, hands=[{"red": 2, "locomotive": 4}]),
            N_("Palermo–Smyrna is a 6-space ferry needing 2 locomotives. Pay 2 red and 4 "
               "locomotives: the symbols are a minimum."),
            "ferry.locomotives", (ClaimRoute(palermo, "red", 4),), "accepted", (palermo,)),
        Practice("ferry-one", N_("A ferry with one locomotive symbol"), scenario(
            europe_map(), TWO, hands=[{"red": 2, "locomotive": 1}]),
            N_("Athina–Smyrna is a 2-space ferry with 1 locomotive symbol. Try to pay it with "
               "Ann's 2 red; then pay 1 red and 1 locomotive."),
            "ferry.locomotives", (ClaimRoute(athina, "red", 0),), highlight=(athina,)),
        Practice("eight-spaces", N_("The 8-space route"), scenario(
            europe_map(), TWO, hands=[{"red": 8}], pile_top=["blue", "green", "white"]),
            N_("Petrograd–Stockholm is the longest route on the map: 8 gray spaces, and a tunnel. "
               "Claim it with Ann's 8 red. The pile shows blue, green, white: nothing more to "
               "pay, and the route scores 21 points."),
            "claim.points", (ClaimRoute(longest, "red", 0),), "accepted", (longest,)),
        Practice("tunnel", N_("A tunnel's reveal"), _tunnel({"red": 4, "locomotive": 1},
                                                        ["red", "locomotive", "blue"]),
                 N_("Barcelona–Pamplona is a 2-space gray tunnel. Offer 2 red: the pile shows red, "
                    "locomotive, blue, so 2 more cards are due. Pay them (1 red and 1 "
                    "locomotive)."),
                 "tunnel.reveal", (ClaimRoute(tunnel, "red", 0), PayTunnel(1)), "accepted",
                 (tunnel,)),
        Practice("tunnel-pending", N_("Finish the tunnel first"), _tunnel(
            {"red": 4, "locomotive": 1}, ["red", "locomotive", "blue"]),
            N_("Offer 2 red for Barcelona–Pamplona, then try to draw a card instead of paying."),
            "turn.pending", (ClaimRoute(tunnel, "red", 0), DrawBlind()), highlight=(tunnel,)),
        Practice("tunnel-short", N_("Cannot pay the surcharge"), _tunnel(
            {"red": 2}, ["red", "red", "red"]),
            N_("Offer Ann's 2 red for Barcelona–Pamplona. Three reds come up: 3 more cards, and "
               "she has none. Try to pay."),
            "tunnel.pay", (ClaimRoute(tunnel, "red", 0), PayTunnel(0)), highlight=(tunnel,)),
        Practice("tunnel-decline", N_("Declining keeps your cards"), _tunnel(
            {"red": 2}, ["red", "red", "red"]),
            N_("Same tunnel, same reveal: decline. Ann keeps her 2 red, the revealed cards go "
               "to the discards, and her turn is over."),
            "tunnel.decline", (ClaimRoute(tunnel, "red", 0), DeclineTunnel()), "accepted",
            (tunnel,)),
        Practice("tunnel-locomotives", N_("An all-locomotive offer"), _tunnel(
            {"red": 5, "locomotive": 3}, ["red", "locomotive", "red"]),
            N_("Offer 2 locomotives for Barcelona–Pamplona. Only the revealed locomotive counts "
               "(1 more card), and it must be a locomotive: try to pay it with red."),
            "tunnel.all-locomotives", (ClaimRoute(tunnel, "locomotive", 2), PayTunnel(0)),
            highlight=(tunnel,)),
    )


def _borrowing(ben_owns_the_link: bool, *, built: bool = False) -> GameState:
    """Ann owns Paris–Frankfurt and München–Wien and holds Paris–Wien; Frankfurt–München is
    Ben's (or nobody's). ``built``: Ann's station stands in München, and Ben holds
    London–Berlin."""
    europe = europe_map()
    claimed = {europe_route("Paris", "Frankfurt", "orange"): 0,
               europe_route("Munchen", "Wien"): 0, europe_route("Berlin", "Wien"): 1}
    if ben_owns_the_link:
        claimed[europe_route("Frankfurt", "Munchen")] = 1
    ben_tickets = [ticket_id(europe, "London", "Berlin")] if built else []
    return scenario(europe, TWO, hands=[{"red": 3}, {"blue": 2}], claimed=claimed,
                    tickets=[[ticket_id(europe, "Paris", "Wien")], ben_tickets],
                    stations={"Munchen": 0} if built else None)


def _europe_tie(ann: Sequence[tuple[str, str]], ben: Sequence[tuple[str, str]], hand: str,
                built: Mapping[str, int] | None = None) -> GameState:
    """The last turn of a Europe game: Ann owns ``ann``, Ben ``ben``; Ann holds the 4 cards of
    colour ``hand``; ``built`` stations stand on the board. No tickets on either side."""
    claimed = {**{europe_route(a, b): 0 for a, b in ann},
               **{europe_route(a, b): 1 for a, b in ben}}
    return last_turn(scenario(europe_map(), TWO, hands=[{hand: 4}, {"white": 2}],
                              claimed=claimed, stations=built))


def _europe_tie_breaks() -> tuple[Practice, ...]:
    """Europe's tie-breaks after the tickets: the fewest stations built, then the European
    Express."""
    last_west = europe_route("Marseille", "Pamplona")
    last_north = europe_route("Bruxelles", "Frankfurt")
    by_stations = _europe_tie([("Dieppe", "Paris")], [("Kharkov", "Rostov"), ("Rostov", "Sochi")],
                              "red", {"Wien": 0})
    by_express = _europe_tie([("Brest", "Dieppe"), ("Dieppe", "Bruxelles")],
                             [("Kharkov", "Moskva"), ("Rostov", "Sevastopol"),
                              ("Venezia", "Zagrab")], "blue")
    return (
        Practice("tie-stations", N_("A tie: the fewest stations"), by_stations,
                 N_("The last turn. Claim Marseille–Pamplona with Ann's red. Ann ends on 26 (7 + "
                    "1 for routes, 8 for her 2 unused stations, 10 for the European Express); Ben "
                    "too (4 + 12 + 10). Neither completed a ticket; Ann built a station and Ben "
                    "none, so Ben wins."),
                 "score.tiebreak", (ClaimRoute(last_west, "red", 0),), "accepted",
                 (last_west,)),
        Practice("tie-express", N_("A tie: the European Express"), by_express,
                 N_("The last turn. Claim Bruxelles–Frankfurt with Ann's blue: her trail "
                    "Brest–Dieppe–Bruxelles–Frankfurt is 6 long, Ben's longest only 4. Both end "
                    "on 28 points, with no ticket and no station built, so the European Express "
                    "decides: Ann wins."),
                 "score.tiebreak", (ClaimRoute(last_north, "blue", 0),), "accepted",
                 (last_north,)),
    )


def stations() -> tuple[Practice, ...]:
    """Lesson 7 (Europe): the starting tickets with a long one, stations' costs and limits,
    what a station borrows, and Europe's tie-breaks."""
    europe = europe_map()
    dealt = new_game(europe, TWO, seed=11)
    hand = [{"red": 6, "locomotive": 1}]
    link = europe_route("Frankfurt", "Munchen")
    return (
        Practice("long-ticket", N_("Your long ticket is optional"), dealt,
                 N_("Ann is dealt 1 long ticket (listed first) and 3 regular ones, and keeps at "
                    "least 2. Keep two regular ones and let the long one go."),
                 "setup.tickets-europe", (KeepTickets(setup_offer(dealt)[1:3]),), "accepted"),
        Practice("first-station", N_("A first station"), scenario(europe, TWO, hands=hand),
                 N_("Click Paris and build a station with 1 red card."),
                 "station.cost", (BuildStation("Paris", "red", 0),), "accepted"),
        Practice("second-station", N_("The second costs two"), scenario(
            europe, TWO, hands=[{"red": 1, "blue": 1}], stations={"Wien": 0}),
            N_("Ann built one station in Wien. Her second costs 2 cards of one colour: try to "
               "build in Paris with her single red."),
            "station.cost", (BuildStation("Paris", "red", 0),)),
        Practice("one-per-city", N_("One station a city"), scenario(
            europe, TWO, hands=hand, stations={"Paris": 1}),
            N_("Ben has a station in Paris. Try to build one there too."),
            "station.one-per-city", (BuildStation("Paris", "red", 0),)),
        Practice("three-stations", N_("Three at most"), scenario(
            europe, TWO, hands=hand, stations={"Paris": 0, "Wien": 0, "Roma": 0}),
            N_("Ann has built all three stations. Try a fourth in Madrid."),
            "station.limit", (BuildStation("Madrid", "red", 0),)),
        Practice("borrow", N_("What a station borrows"), _borrowing(True),
                 N_("Ann holds Paris–Wien (8). Ben owns Frankfurt–München, the missing link. "
                    "Build a station in München: at the end it borrows Ben's route, and the "
                    "ticket becomes a hit."),
                 "station.borrow", (BuildStation("Munchen", "red", 0),), "accepted", (link,)),
        *_europe_tie_breaks(),
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


def confused_europe() -> tuple[Practice, ...]:
    """Lesson 8, Europe part: the long ticket, stations, ferries and tunnels."""
    europe = europe_map()
    dealt = new_game(europe, TWO, seed=11)
    palermo = europe_route("Palermo", "Smyrna")
    tunnel = europe_route("Barcelona", "Pamplona")
    link = europe_route("Frankfurt", "Munchen")
    return (
        Practice("long-ticket", N_("Must I keep the long ticket?"), dealt,
                 N_("Keep two of the regular tickets and let the long one (listed first) go."),
                 "setup.tickets-europe", (KeepTickets(setup_offer(dealt)[1:3]),), "accepted"),
        Practice("station-bridge", N_("A station across an empty gap?"), _borrowing(False),
                 N_("Nobody owns Frankfurt–München. Build a station in München: Paris–Wien stays "
                    "a miss, since a station only borrows a route someone owns."),
                 "station.borrow", (BuildStation("Munchen", "red", 0),), "accepted", (link,)),
        Practice("station-longest", N_("Borrowed routes in the longest trail?"), _borrowing(True),
                 N_("Build a station in München: Paris–Wien becomes a hit through Ben's route, "
                    "but Ann's longest trail stays 3."),
                 "score.longest-own", (BuildStation("Munchen", "red", 0),), "accepted",
                 (link,)),
        Practice("ferry-maximum", N_("A ferry's locomotives, a maximum?"), scenario(
            europe, TWO, hands=[{"red": 2, "locomotive": 4}]),
            N_("Palermo–Smyrna needs 2 locomotives. Pay it with 2 red and 4 locomotives."),
            "ferry.locomotives", (ClaimRoute(palermo, "red", 4),), "accepted", (palermo,)),
        Practice("tunnel-cards", N_("Cards lost on a declined tunnel?"), _tunnel(
            {"red": 2}, ["red", "red", "red"]),
            N_("Offer 2 red for Barcelona–Pamplona, then decline: Ann's hand is unchanged."),
            "tunnel.decline", (ClaimRoute(tunnel, "red", 0), DeclineTunnel()), "accepted",
            (tunnel,)),
    )


# --------------------------------------------------------------------------- 9. Europa 1912


def europa_1912() -> tuple[Practice, ...]:
    """Lesson 9 (Europe): the ticket variants, then Warehouses & Depots (which suit any map)."""
    europe = europe_map()
    mega = new_game(europe, TWO, seed=3, options=Options(variant="mega-europe"))
    big = scenario(europe, TWO, hands=[{"red": 2}], options=Options(variant="big-cities"))
    depot_setup = after_ticket_setup(new_game(europe, TWO, seed=5, options=WAREHOUSES))
    table = scenario(europe, TWO, hands=[{"green": 3, "red": 1}, {"red": 1}],
                     pile_top=["yellow", "red", "white"], stations={"Wien": 1})
    plain = with_warehouses(table, depots={"Paris": 0, "Roma": 1})
    stocked = with_warehouses(table, stock={1: {"red": 2, "yellow": 1}},
                              depots={"Paris": 0, "Roma": 1, "Berlin": 1})
    berlin_wien = europe_route("Berlin", "Wien")
    return (
        Practice("mega-europe", N_("Mega Europe: one long ticket at most"), mega,
                 N_("Mega Europe deals 2 long tickets (listed first) and 5 regular ones; keep at "
                    "least 3, at most one long. Try keeping both long ones and a regular one."),
                 "tickets.one-long", (KeepTickets(setup_offer(mega)[:3]),)),
        Practice("big-cities", N_("Big Cities: draw four"), big,
                 N_("In Big Cities of Europe every ticket names a big city and a draw shows 4. "
                    "Draw tickets and keep the first."),
                 "variant.big-cities", (DrawTickets(), KeepTickets(big.tickets[:1])),
                 "accepted"),
        Practice("depot-setup", N_("Placing the first Depots"), depot_setup,
                 N_("Tickets are kept. The last player, Ben, places a Depot first: click Paris. "
                    "Then Ann places hers: try Paris too."),
                 "wd.one-piece", (PlaceDepot("Paris"), PlaceDepot("Paris"))),
        Practice("feed", N_("Feed a Warehouse first"), plain,
                 N_("With Warehouses & Depots, try to draw a card straight away."),
                 "wd.feed", (DrawBlind(),)),
        Practice("feed-then-draw", N_("Feed, then draw"), plain,
                 N_("Feed Ben's Warehouse (the pile's top card goes there unseen), then draw two "
                    "cards blind."),
                 "wd.feed", (FeedWarehouse(1), DrawBlind(), DrawBlind()), "accepted"),
        Practice("free-depot", N_("A Depot as a free action"), plain,
                 N_("Click Madrid and place a Depot: it costs no action, and it is still Ann's "
                    "turn."),
                 "wd.place", (PlaceDepot("Madrid"),), "accepted"),
        Practice("one-piece", N_("One piece a city"), plain,
                 N_("Ben has a station in Wien. Click Wien and try to place a Depot there."),
                 "wd.one-piece", (PlaceDepot("Wien"),)),
        Practice("collect", N_("Emptying a Warehouse"), stocked,
                 N_("Ben has a Depot in Berlin and his Warehouse holds 3 cards. Claim Berlin–Wien "
                    "with 3 green, then collect: Ann gives up one of her Depots and takes the "
                    "cards."),
                 "wd.collect", (ClaimRoute(berlin_wien, "green", 0),
                                CollectWarehouses(("Berlin",))), "accepted", (berlin_wien,)),
    )


def score_exercise_depots() -> GameState:
    """A finished USA game with Warehouses & Depots.

    Ann: Atlanta–Miami 5 (10 points, trail 5); Ben: Atlanta–Charleston 2 and Charleston–Raleigh
    2 (2 + 2 = 4 points, trail 4). Both keep 2 Depots beside their Warehouse, so both score the
    10-point Depot bonus. No tickets. Ann 10 + 10 + 10 = 30, Ben 4 + 10 = 14."""
    claimed = {usa_route("Atlanta", "Miami"): 0, usa_route("Atlanta", "Charleston"): 1,
               usa_route("Charleston", "Raleigh"): 1}
    state = scenario(usa_map(), TWO, claimed=claimed)
    return finished(with_warehouses(state, depots={"Denver": 0, "Omaha": 1, "Boston": 0,
                                                   "Dallas": 1},
                                    depots_left=[2, 2]))
