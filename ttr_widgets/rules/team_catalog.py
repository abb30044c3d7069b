"""Team play's rules (Team Asia, ``rules.teams``): each id with one plain sentence.

Kept apart from ``catalog.RULES`` until the team lesson teaches them: the course test demands
that every id of ``RULES`` is taught by a lesson, and that lesson is not written yet. Merge them
into ``RULES`` together with it. Where the Team Asia rules are silent or unclear, the sentence
says the kit's choice and the ``Options`` field that overrides it.
"""

from __future__ import annotations

TEAM_RULES: dict[str, str] = {
    "team.players": "Team play is for exactly 4 or 6 players, in teams of 2.",
    "team.seating": "Teammates sit side by side, so they play one right after the other; the "
    "first player begins as in the base game.",
    "team.map": "Team play uses a map without stations or ferries, as the Team Asia board has "
    "none: the USA map (Europe's stations and ferries are not Team Asia rules), or a Team Asia "
    "map file.",
    "team.own-trains": "Each player has 27 trains of their own and claims only with them; "
    "trains never pass to the teammate.",
    "team.shared-score": "Teammates share one score; the team with the most points wins.",
    "team.communication": "Your hand and your own tickets are secret from everyone, your "
    "teammate included; only the team's two holders are shared. Other teams see how many cards "
    "and tickets your holders hold, not which (the rules do not say; the game's options can "
    "show them).",
    "team.view": "A player's view of the table answers what that player may see; moves are "
    "played on the game itself.",
    "team.setup-cards": "Each player is dealt 4 train cards; both team holders start empty.",
    "team.setup-tickets": "Each player is dealt 5 tickets and keeps at least 3; the others go "
    "to the bottom of the ticket pile.",
    "team.setup-share": "Then each player puts one kept ticket into the team's ticket holder, "
    "and the two choices are revealed together: neither teammate sees the other's first.",
    "team.draw-split": "Drawing train cards takes 2 cards: one goes into your hand, the other "
    "into your team's card holder.",
    "team.draw-first": "You say where your first card goes as you take it; the second goes to "
    "the other place. If no second card can be drawn, the first stays where you put it.",
    "team.draw-locomotive": "A face-up locomotive is the only card of the turn, and it goes into "
    "the team holder, never into your hand; a locomotive drawn blind is an ordinary card.",
    "team.claim-payment": "You pay for a route with any mix of cards from your hand and your "
    "team's holder, with the usual colour rules.",
    "team.double-4p": "With 4 players, once either track of a double route is taken the other "
    "closes for everyone, the claimer's teammate included.",
    "team.double-open": "A double route the map marks as staying open (Hong Kong–Canton on the "
    "Team Asia board) keeps both tracks open with 4 players.",
    "team.double-6p": "With 6 players both tracks of a double route may be claimed (the rules "
    "limit only 4-player games; medium confidence; an option can close them).",
    "team.double-team": "One team never holds both tracks of a double route: the rules do not "
    "say whether teammates may take one each, and the kit follows the base rule's spirit (an "
    "option allows it).",
    "team.triple-4p": "With 4 players only 2 of the 3 tracks of a triple route may be claimed; "
    "both may go to one team, one per teammate.",
    "team.triple-6p": "With 6 players all 3 tracks of a triple route may be claimed (medium "
    "confidence).",
    "team.parallel-own": "One player never holds two tracks between the same two cities (the "
    "rules are silent for triple routes; the kit follows the double-route rule).",
    "team.tunnel-reveal": "A tunnel turns up the number of cards printed on it (4, 5 or 6 on "
    "the Team Asia board; 3 on Europe's); each one matching your colour, or a locomotive, "
    "costs one more card.",
    "team.tunnel-surcharge": "A tunnel's extra cards are paid in the colour offered or "
    "locomotives (locomotives only after an all-locomotive offer), from your hand or your "
    "team's holder.",
    "team.tunnel-decline": "If you give up a tunnel, each card you offered goes back where it "
    "came from, hand or holder (the rules' words would send the holder's cards to your hand; "
    "an option follows those words); the revealed cards are discarded and the turn is over.",
    "team.tickets-draw": "Drawing tickets takes 4 (or all that remain); you keep at least 1 and "
    "the others go to the bottom of the pile.",
    "team.tickets-share-on-draw": "Of the tickets you just kept you put one, your choice, into "
    "the team's ticket holder (when you keep only one, that one).",
    "team.share-action": "A whole turn may be spent moving 1 or 2 of your own tickets into the "
    "team's ticket holder; shared tickets never come back.",
    "team.end-trigger": "When a team's trains together are 4 or fewer at the end of a turn, "
    "every player, the one who just played included, gets exactly one more turn.",
    "team.score-routes": "A team scores the routes of both teammates, by length.",
    "team.score-tickets": "A team's tickets (both hands and the holder, each once) count "
    "against both teammates' routes together: completed ones add their value, the others "
    "subtract it (medium confidence; an option counts each player's own routes instead).",
    "team.longest": "The Asian Express: 10 points to every team tied for the longest continuous "
    "trail of the teammates' routes together (medium confidence); nobody scores it when no route "
    "is claimed.",
    "team.globetrotter": "Globetrotter: 10 points to every team tied for the most completed "
    "tickets; nobody scores it when no ticket is completed.",
    "team.winner": "The most points wins; ties go to the most completed tickets, then the "
    "longer trail; a tie after that is a shared win.",
}
