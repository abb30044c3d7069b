"""The rules the core enforces: each has an id and one plain sentence.

Ids are stable: tests, lessons and error messages refer to them. The sentences state the rules
plainly; where the printed rules are silent or unclear, ``RULINGS`` says how the kit decides,
after whom, and how sure it is (the course's page "How the kit rules unclear cases").
"""

from __future__ import annotations

from typing import NamedTuple

from ttr_widgets.rules.i18n import N_, _

RULES: dict[str, str] = {
    "action.unknown": N_(
        "An action names a route, city, card or player that exists in the game."),
    # Setup
    "setup.trains": N_("Each player starts with 45 trains (Europe: and 3 stations)."),
    "setup.hand": N_("Each player is dealt 4 train cards and 5 cards are turned face up."),
    "setup.tickets": N_(
        "USA: each player is dealt 3 tickets and keeps at least 2; rejected tickets go to the "
        "bottom of the ticket pile."),
    "setup.tickets-europe": N_(
        "Europe: each player is dealt 1 long and 3 regular tickets and keeps at least 2 (the "
        "long one may be rejected); rejected tickets go back to the box."),
    # Turn
    "turn.view": N_(
        "A seat's view of the table shows what that seat may see; moves are played on the game "
        "itself."),
    "turn.one-action": N_(
        "On your turn you do exactly one thing: draw train cards, claim a route, draw tickets, "
        "or (Europe) build a station."),
    "turn.order": N_("Players take turns in order; only the player whose turn it is may act."),
    "turn.pending": N_(
        "A turn that is half done (second card, tunnel payment, tickets to keep) must be "
        "finished before anything else."),
    "turn.pass": N_(
        "A player who can do nothing at all passes; a player who can do something may not pass."),
    "turn.game-over": N_("After the last round nobody moves: the game is scored."),
    # Drawing train cards
    "draw.two-cards": N_(
        "Drawing train cards takes two cards, each from the face-up row or blind from the top of"
        " the pile."),
    "draw.faceup-locomotive": N_(
        "A face-up locomotive can only be taken as the single card of the turn."),
    "draw.second-locomotive": N_(
        "A face-up locomotive can never be the second card, even one just turned up to refill "
        "the row."),
    "draw.blind-locomotive": N_(
        "A locomotive drawn blind from the pile counts as one ordinary card."),
    "draw.replace": N_("A face-up card that is taken is replaced at once from the pile."),
    "draw.three-locomotives": N_(
        "When 3 of the 5 face-up cards are locomotives, all 5 are discarded and 5 new cards are "
        "turned up."),
    "draw.refresh-limit": N_(
        "The face-up row is refreshed at most 3 times in a row; if the fourth row still shows 3 "
        "locomotives it stays."),
    "draw.reshuffle": N_("When the pile runs out, the discards are shuffled into a new pile."),
    "draw.no-card": N_(
        "You cannot draw a card that is not there: a blind draw needs a pile or discards, a "
        "face-up draw needs that card in the row."),
    "draw.nothing-left": N_(
        "When no train cards remain anywhere (pile, discards, row), drawing cards is not an "
        "action you can take."),
    # Claiming routes
    "claim.whole-route": N_(
        "A route is claimed whole, in one turn, with exactly as many cards as it has spaces."),
    "claim.one-colour": N_(
        "The cards for a route are all of one colour: the route's colour, or for a gray route "
        "any one colour you choose."),
    "claim.locomotives": N_(
        "Locomotives are wild: they stand in for any colour, and a route may be paid with "
        "locomotives alone."),
    "claim.cards-in-hand": N_("You can only pay with cards you hold."),
    "claim.trains": N_("You need at least as many trains left as the route has spaces."),
    "claim.open": N_("A route that someone has claimed is closed to everyone else."),
    "claim.double-own": N_("No player may claim both tracks of a double route."),
    "claim.double-small": N_(
        "With 2 or 3 players only one track of a double route is used: once either is claimed, "
        "the other is closed to everyone."),
    "claim.double-large": N_(
        "With 4 or 5 players both tracks of a double route are used: once one is claimed, the "
        "other stays open to every other player."),
    "claim.anywhere": N_("You may claim any open route; it need not connect to your own trains."),
    "claim.points": N_(
        "A route scores at once: 1, 2, 4, 7, 10, 15 or 21 points for 1, 2, 3, 4, 5, 6 or 8 "
        "spaces."),
    # Europe: ferries and tunnels
    "ferry.locomotives": N_(
        "A ferry needs at least one locomotive for each locomotive symbol on it; extra "
        "locomotives may pay the other spaces too."),
    "tunnel.reveal": N_(
        "Claiming a tunnel turns up the top 3 cards of the pile; each one matching the colour "
        "you played, or a locomotive, costs one more card."),
    "tunnel.all-locomotives": N_(
        "If you offered only locomotives for a tunnel, only revealed locomotives count, and the "
        "extra cost must be paid in locomotives."),
    "tunnel.pay": N_(
        "The extra cost of a tunnel is paid in the colour you played or locomotives."),
    "tunnel.decline": N_(
        "You may decline to pay a tunnel's extra cost: you keep your cards, your turn is over."),
    "tunnel.discard": N_("The 3 revealed cards go to the discard pile, whatever you decide."),
    "tunnel.short-pile": N_(
        "If fewer than 3 cards are left in the pile and discards, only those are revealed."),
    # Europe: stations
    "station.map": N_("Only maps with stations (Europe) let you build them."),
    "station.cost": N_(
        "Your first station costs 1 card, the second 2, the third 3, all of one colour "
        "(locomotives allowed)."),
    "station.limit": N_("Each player has 3 stations."),
    "station.one-per-city": N_("A city holds at most one station."),
    "station.borrow": N_(
        "At the end, each station lets its owner use one route of another player into its city, "
        "for tickets only; the kit picks the route that scores best."),
    # Tickets
    "tickets.draw": N_(
        "Drawing tickets takes the top 3 tickets (or all that remain) and you keep at least 1; "
        "rejected ones go to the bottom of the pile."),
    "tickets.keep": N_(
        "You keep at least the required number of the tickets just drawn, and only those: a "
        "ticket you already kept cannot be given back."),
    "tickets.empty": N_("When the ticket pile is empty, you cannot draw tickets."),
    "tickets.one-long": N_(
        "Mega Europe: of the long tickets dealt at setup you keep at most one."),
    # Europa 1912 ticket variants (Europe map)
    "variant.unknown": N_("A game uses one of its map's ticket variants."),
    "variant.europe-expanded": N_(
        "Europe Expanded: the 46 original tickets plus the 19 new regular ones; dealt, kept and "
        "drawn as in the base game (1 long + 3 regular, keep 2; draw 3, keep 1; setup rejects "
        "leave the game)."),
    "variant.big-cities": N_(
        "Big Cities of Europe: the 45 regular tickets that name a big city, no long tickets; 5 "
        "dealt, keep at least 2, draws of 4 keep at least 1; the European Express bonus stays on"
        " unless the game's options turn it off."),
    "variant.mega-europe": N_(
        "Mega Europe: all 101 tickets, the 12 long ones kept apart; 2 long + 5 regular dealt, "
        "keep at least 3 with at most one long, draws of 3 keep at least 1; options can change "
        "the numbers."),
    # The USA 1910 box (USA map): its four ways to play and the Globetrotter
    "variant.usa-classic": N_(
        "1910 Classic: the 30 original tickets, reprinted in the 1910 box; 3 dealt, keep at "
        "least 2; draws of 3, keep at least 1; the Longest Continuous Path bonus, no "
        "Globetrotter."),
    "variant.usa-1910": N_(
        "USA 1910: only the 35 tickets new in the 1910 box; 3 dealt, keep at least 2; draws of "
        "3, keep at least 1; the Globetrotter replaces the Longest Continuous Path bonus."),
    "variant.usa-mega": N_(
        "Mega Game: all 69 tickets of the 1910 box; 5 dealt, keep at least 3; draws of 4, keep "
        "at least 1; both the Longest Continuous Path bonus and the Globetrotter."),
    "variant.usa-big-cities": N_(
        "USA Big Cities: the 35 tickets that name one of the seven big cities; 4 dealt, keep at "
        "least 2; draws of 4, keep at least 1; no bonus unless the game's options turn the "
        "Longest Continuous Path bonus on."),
    "tickets.reprints": N_(
        "With the 1910 box's tickets, four reprinted tickets are worth less: Los Angeles–Miami "
        "19, Los Angeles–New York 20, Seattle–New York 20 and Sault St. Marie–Oklahoma City 8."),
    "score.globetrotter": N_(
        "The Globetrotter: 15 points to every player tied for the most completed tickets (how "
        "many, not what they are worth)."),
    # Europa 1912 Warehouses & Depots (any map)
    "wd.setup": N_(
        "Warehouses & Depots: after the tickets are kept, each player places one Depot on a "
        "city, the last player first, then on counter-clockwise; 4 Depots stay beside each "
        "Warehouse."),
    "wd.feed": N_(
        "Warehouses & Depots: drawing train cards starts by putting the pile's top card, unseen,"
        " into any player's Warehouse (your own included); Warehouse sizes are public."),
    "wd.place": N_(
        "Warehouses & Depots: at the start of your turn you may place Depots from beside your "
        "Warehouse on empty cities, as a free action; placed Depots never move."),
    "wd.one-piece": N_("Warehouses & Depots: a city holds one piece, a Depot or a station."),
    "wd.collect": N_(
        "Warehouses & Depots: claiming a route into a Depot city lets you take all the cards of "
        "that Depot owner's Warehouse (yours included) by returning one of your unplaced Depots "
        "to the box; a route between two Depot cities can empty two Warehouses for two Depots."),
    "wd.exhaustion": N_(
        "Warehouses & Depots: when the pile and the discards are empty and some player has no "
        "Depot left, every Warehouse is emptied and shuffled into a new pile at once, and the "
        "face-up row is refilled from it."),
    "wd.bonus": N_(
        "Warehouses & Depots: every player tied for the most Depots still beside their Warehouse"
        " scores 10 points."),
    # End and scoring
    "end.trigger": N_(
        "When a player ends a turn with 2 or fewer trains, every player, that one included, gets"
        " exactly one more turn."),
    "end.stalemate": N_(
        "If every player in turn has to pass (no card, ticket or route can be taken), the game "
        "ends there."),
    "setup.players": N_(
        "Each map is played by its number of players (USA and Europe: 2 to 5), each with a "
        "different name."),
    "score.routes": N_("Claimed routes score by length."),
    "score.tickets": N_(
        "A ticket whose cities your own trains (plus station borrowings) connect adds its value;"
        " otherwise it subtracts it."),
    "score.stations": N_("Each station you did not build scores 4 points."),
    "score.longest": N_(
        "The longest trail is a player's longest continuous line of their own trains (no train "
        "car counted twice; cities may repeat); every player tied for it scores the map's "
        "10-point bonus (USA: the Longest Continuous Path bonus; Europe: the European Express "
        "bonus); with no route claimed at all there is no trail, and nobody scores it."),
    "score.longest-own": N_(
        "Routes borrowed through stations do not count toward the longest trail."),
    "score.tiebreak": N_(
        "Ties on points go to the most completed tickets, then (Europe) the fewest stations "
        "built, then the holder of the bonus for the longest trail; players still tied after "
        "that share the win."),
    # Team play (Team Asia; rules.teams)
    "team.players": N_("Team play is for exactly 4 or 6 players, in teams of 2."),
    "team.seating": N_(
        "Teammates sit side by side, so they play one right after the other; the first player "
        "begins as in the base game."),
    "team.map": N_(
        "Team play uses a map without stations or ferries, as the Team Asia board has none: the "
        "USA map, or a Team Asia map file."),
    "team.own-trains": N_(
        "Each player has 27 trains of their own and claims only with them; trains never pass to "
        "the teammate."),
    "team.shared-score": N_("Teammates share one score; the team with the most points wins."),
    "team.communication": N_(
        "Your hand and your own tickets are secret from everyone, your teammate included; only "
        "the team's two holders are shared. Other teams see how many cards and tickets your "
        "holders hold, not which."),
    "team.tickets": N_(
        "Team play deals the map's own tickets; a ticket variant's deck is not played in teams."),
    "team.setup-cards": N_("Each player is dealt 4 train cards; both team holders start empty."),
    "team.setup-tickets": N_(
        "Each player is dealt 5 tickets and keeps at least 3; the others go to the bottom of the"
        " ticket pile."),
    "team.setup-share": N_(
        "Then each player puts one kept ticket into the team's ticket holder, and the two "
        "choices are revealed together: neither teammate sees the other's first."),
    "team.draw-split": N_(
        "Drawing train cards takes 2 cards: one goes into your hand, the other into your team's "
        "card holder."),
    "team.draw-first": N_(
        "You look at your first card, then say where it goes, your hand or the team holder; the "
        "second goes to the other place. If no second card can be drawn, the first stays where "
        "you put it."),
    "team.draw-locomotive": N_(
        "A face-up locomotive is the only card of the turn, and it goes into the team holder, "
        "never into your hand; a locomotive drawn blind is an ordinary card."),
    "team.claim-payment": N_(
        "You pay for a route with any mix of cards from your hand and your team's holder, with "
        "the usual colour rules."),
    "team.double-4p": N_(
        "With 4 players, once either track of a double route is taken the other closes for "
        "everyone, the claimer's teammate included."),
    "team.double-open": N_(
        "A double route the map marks as staying open (Hong Kong–Canton on the Team Asia board) "
        "keeps both tracks open with 4 players."),
    "team.double-6p": N_("With 6 players both tracks of a double route may be claimed."),
    "team.double-team": N_("One team never holds both tracks of a double route."),
    "team.triple-4p": N_(
        "With 4 players only 2 of the 3 tracks of a triple route may be claimed; both may go to "
        "one team, one per teammate."),
    "team.triple-6p": N_("With 6 players all 3 tracks of a triple route may be claimed."),
    "team.parallel-own": N_("One player never holds two tracks between the same two cities."),
    "team.tunnel-reveal": N_(
        "A tunnel turns up the number of cards printed on it (4, 5 or 6 on the Team Asia board; "
        "3 on Europe's); each one matching your colour, or a locomotive, costs one more card."),
    "team.tunnel-surcharge": N_(
        "A tunnel's extra cards are paid in the colour offered or locomotives (locomotives only "
        "after an all-locomotive offer), from your hand or your team's holder."),
    "team.tunnel-decline": N_(
        "If you give up a tunnel, each card you offered goes back where it came from, hand or "
        "holder; the revealed cards are discarded and the turn is over."),
    "team.tickets-draw": N_(
        "Drawing tickets takes 4 (or all that remain); you keep at least 1 and the others go to "
        "the bottom of the pile."),
    "team.tickets-share-on-draw": N_(
        "Of the tickets you just kept you put one, your choice, into the team's ticket holder "
        "(when you keep only one, that one)."),
    "team.share-action": N_(
        "A whole turn may be spent moving 1 or 2 of your own tickets into the team's ticket "
        "holder; shared tickets never come back."),
    "team.end-trigger": N_(
        "When a team's trains together are 4 or fewer at the end of a turn, every player, the "
        "one who just played included, gets exactly one more turn."),
    "team.score-routes": N_("A team scores the routes of both teammates, by length."),
    "team.score-tickets": N_(
        "A team's tickets (both hands and the holder, each once) count against both teammates' "
        "routes together: completed ones add their value, the others subtract it."),
    "team.longest": N_(
        "The Asian Express: 10 points to every team tied for the longest continuous trail of the"
        " teammates' routes together; nobody scores it when no route is claimed."),
    "team.globetrotter": N_(
        "Globetrotter: 10 points to every team tied for the most completed tickets; nobody "
        "scores it when no ticket is completed."),
    "team.winner": N_(
        "The most points wins; ties go to the most completed tickets, then the longer trail; a "
        "tie after that is a shared win."),
}


class Ruling(NamedTuple):
    """How the kit decides a case the printed rules leave silent or unclear."""

    case: str  #: the question, in a player's words
    decision: str  #: what the kit does, and after whom
    confidence: str  #: "high" (a clear reading or a game nothing else reaches) or "medium"


RULINGS: dict[str, Ruling] = {
    "turn.pass": Ruling(
        N_("What if a player can do nothing at all on their turn?"),
        N_(
            "The printed rules assume an action is always possible. The kit lets that player "
            "pass (a house ruling), and only that player."), "high"),
    "end.stalemate": Ruling(
        N_("What if nobody can move?"),
        N_(
            "The printed rules never reach this table. The kit ends the game after a whole round"
            " of passes (a house ruling)."), "high"),
    "draw.refresh-limit": Ruling(
        N_("What if the face-up row keeps showing 3 locomotives?"),
        N_(
            "The printed rules do not say. The kit replaces the row at most 3 times in a row and"
            " leaves the fourth, as Board Game Arena does."), "high"),
    "tunnel.short-pile": Ruling(
        N_("What if fewer than 3 cards are left to turn up for a tunnel?"),
        N_(
            "The printed rules are silent. The kit turns up the cards that are left, as Board "
            "Game Arena does."), "high"),
    "station.borrow": Ruling(
        N_("Which route does a station borrow when several lead into its city?"),
        N_(
            "The printed rules let the owner choose at the end. The kit chooses for the owner: "
            "the route that scores best."), "high"),
    "score.longest": Ruling(
        N_("Who scores the bonus for the longest trail when nobody has claimed a route?"),
        N_("Nobody: with no route there is no trail. The printed rules do not reach this case."),
        "high"),
    "tickets.one-long": Ruling(
        N_("Mega Europe: how many long tickets may be kept at setup?"),
        N_("At most one, as Board Game Arena plays it."), "medium"),
    "variant.big-cities": Ruling(
        N_(
            "Big Cities of Europe: how many tickets are dealt and drawn, and does the European "
            "Express bonus stay?"),
        N_(
            "5 dealt, keep at least 2; draws of 4, keep at least 1, as Board Game Arena plays "
            "it. Whether the variant drops the European Express bonus is not settled: the kit "
            "keeps it unless the game's options turn it off."), "medium"),
    "variant.mega-europe": Ruling(
        N_("Mega Europe: how many tickets are dealt and kept?"),
        N_(
            "2 long and 5 regular dealt, keep at least 3; draws of 3, keep at least 1, as Board "
            "Game Arena plays it."), "medium"),
    "variant.usa-big-cities": Ruling(
        N_("USA Big Cities: is a bonus scored?"),
        N_(
            "Accounts differ: Board Game Arena and a played game score none, a fan table gives "
            "the Longest Continuous Path bonus. The kit scores none, as Board Game Arena plays "
            "it; the game's options can turn that bonus on."), "medium"),
    "score.globetrotter": Ruling(
        N_("The Globetrotter: who scores it when nobody completed a ticket?"),
        N_(
            "Every player, each tied at none, as Board Game Arena scores it; the printed wording"
            " of ties was not found."), "medium"),
    "variant.usa-classic": Ruling(
        N_("Is the classic game with the 1910 box's tickets a way to play of its own?"),
        N_(
            "Reviews of the box list it first among four ways to play; its name is not the "
            "leaflet's. The kit plays the 2004 rules with the reprinted tickets and calls it "
            "1910 Classic; the base game keeps the 2004 values."), "medium"),
    "wd.exhaustion": Ruling(
        N_("Warehouses & Depots: when do the Warehouses become the new pile?"),
        N_(
            "As soon as the pile and the discards are empty while some player has no Depot left;"
            " the face-up row is refilled from the new pile straight away, so the next draw sees"
            " it."), "medium"),
    "team.communication": Ruling(
        N_("Team play: may other teams see what is in a team's holders?"),
        N_(
            "The Team Asia rules do not say. The kit shows other teams how many cards and "
            "tickets the holders hold, not which; the game's options can show them."), "medium"),
    "team.double-6p": Ruling(
        N_("Team play with 6 players: may both tracks of a double route be claimed?"),
        N_(
            "The Team Asia rules limit double routes only in 4-player games, so the kit opens "
            "both tracks with 6 players; an option can close them."), "medium"),
    "team.double-team": Ruling(
        N_("Team play: may teammates take one track each of a double route?"),
        N_(
            "The Team Asia rules do not say. The kit follows the spirit of the base rule (nobody"
            " owns both tracks) for the team as a whole; an option allows it."), "medium"),
    "team.triple-6p": Ruling(
        N_("Team play with 6 players: may all 3 tracks of a triple route be claimed?"),
        N_(
            "The Team Asia rules limit triple routes only in 4-player games, so the kit opens "
            "all 3 with 6 players."), "medium"),
    "team.parallel-own": Ruling(
        N_("Team play: may one player hold two tracks of a triple route?"),
        N_(
            "The Team Asia rules are silent for triple routes; the kit follows the double-route "
            "rule, so one player never holds two tracks between the same cities."), "medium"),
    "team.tunnel-decline": Ruling(
        N_("Team play: where do the cards offered for a tunnel go when you give it up?"),
        N_(
            "The rules' words would send the holder's cards to your hand; the kit sends each "
            "card back where it came from, hand or holder, and an option follows the rules' "
            "words."),
        "medium"),
    "team.score-tickets": Ruling(
        N_(
            "Team play: does a ticket count against both teammates' routes, or only its "
            "holder's?"),
        N_(
            "The kit counts every ticket of the team against both teammates' routes together; an"
            " option counts each player's own routes instead."), "medium"),
    "team.longest": Ruling(
        N_("Team play: is the Asian Express over both teammates' routes together?"),
        N_("The kit joins the teammates' routes into one network for the longest trail."),
        "medium"),
}
"""The kit's rulings on unclear cases, by the rule id whose sentence states the outcome."""


def explain(rule: str) -> str:
    """The sentence for a rule id in the reader's language (``KeyError`` for an unknown id);
    ``RULES`` holds them in English, as the source writes them."""
    return _(RULES[rule])


def ruling(rule: str) -> Ruling:
    """The kit's ruling on ``rule``'s unclear case in the reader's language (``KeyError`` when
    it has none)."""
    case, decision, confidence = RULINGS[rule]
    return Ruling(_(case), _(decision), confidence)
