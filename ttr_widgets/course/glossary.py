"""The course's reference pages, built from the core: the glossary (each concept named once, and
per map where the box names it differently) and "How the kit rules unclear cases" (the kit's
rulings, with whom they follow and how sure the kit is).

Every sentence that states a rule is the catalogue's (``rules.catalog.RULES``); the names come
from ``rules.words``, the maps' rule sets and the variants' titles (``rules.variants``), so the
pages cannot drift from the kit.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.catalog import RULINGS, explain, ruling
from ttr_widgets.rules.i18n import N_, _, ngettext, pgettext
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import COLORS, LOCO, Board
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.rules.words import bonus_name, colour_name, map_title
from ttr_widgets.widgets.board.render import map_figure
from ttr_widgets.widgets.plots.lab_plots import show
from ttr_widgets.widgets.table.address import PageAddress

__all__ = ["EXAMPLES", "Entry", "deck_sentence", "entries", "example_routes", "glossary",
           "glossary_board", "glossary_html", "unclear_cases", "unclear_cases_html"]

MAPS = ("usa", "europe")  #: the boards whose box names the pages give
#: Routes of the Europe board the glossary's picture marks: (term, one city, the other city).
EXAMPLES = (("Double route", "Paris", "Frankfurt"), ("Gray route", "Paris", "Marseille"),
            ("Ferry", "Amsterdam", "London"), ("Tunnel", "Barcelona", "Pamplona"))


@dataclass(frozen=True, slots=True)
class Entry:
    """One concept: its name, what it is, the rules that govern it (ids into ``RULES``) and,
    where the boxes name it differently, each map's name (map name, the box's name)."""

    term: str
    meaning: str
    rules: tuple[str, ...] = ()
    per_map: tuple[tuple[str, str], ...] = ()


def deck_sentence(board: Board) -> str:
    """'110 train cards: 12 in each of 8 colours (red, …) and 14 locomotives.', in the
    reader's language."""
    per_colour = sorted(set(board.deck[:LOCO]))
    each = (_("{n} in each of {colours} colours").format(n=per_colour[0], colours=len(COLORS))
            if len(per_colour) == 1 else
            ", ".join(f"{n} {colour_name(c)}" for c, n in zip(COLORS, board.deck, strict=False)))
    locomotives = ngettext("{n} locomotive", "{n} locomotives", board.deck[LOCO]).format(
        n=board.deck[LOCO])
    return _("{total} train cards: {each} ({names}) and {locomotives}.").format(
        total=sum(board.deck), each=each, names=", ".join(colour_name(c) for c in COLORS),
        locomotives=locomotives)


def entries(boards: Sequence[Board] | None = None) -> tuple[Entry, ...]:
    """The glossary, in the order the course meets the concepts: each term and meaning in
    English (``N_``: ``glossary_html`` tells them in the reader's language), those built from
    the boards in the reader's language already."""
    maps = tuple(boards) if boards is not None else tuple(load_map(m) for m in MAPS)
    usa = maps[0]
    bonus = tuple((map_title(b.name), bonus_name(b.rules)) for b in maps)
    n = usa.rules.longest_bonus
    points = ngettext("{n} point", "{n} points", n).format(n=n)
    return (
        Entry(N_("Route"), N_("A row of coloured spaces between two cities; claiming it "
                              "places your trains there."),
              ("claim.whole-route", "claim.points")),
        Entry(N_("Gray route"), N_("A route any one colour can pay."), ("claim.one-colour",)),
        Entry(N_("Double route"), N_("Two parallel routes between the same two cities."),
              ("claim.double-own", "claim.double-small", "claim.double-large")),
        Entry(N_("Trains"), N_("Your plastic trains: a claimed route takes one per space."),
              ("setup.trains", "claim.trains")),
        Entry(N_("Train cards"), _("The deck holds {deck}").format(deck=deck_sentence(usa)),
              ("setup.hand",)),
        Entry(N_("Locomotive"), N_("The wild train card: it stands in for any colour."),
              ("claim.locomotives", "draw.faceup-locomotive", "draw.blind-locomotive")),
        Entry(N_("Face-up row"), N_("The train cards turned face up beside the pile, for "
                                    "anyone to take."),
              ("draw.replace", "draw.three-locomotives")),
        Entry(N_("Pile"), N_("The face-down train cards; drawing from it is a blind draw."),
              ("draw.two-cards", "draw.reshuffle")),
        Entry(N_("Discards"), N_("The train cards paid for routes, stations and tunnels; they "
                                 "become the new pile when it runs out."),
              ("draw.reshuffle",)),
        Entry(N_("Ticket"), N_("A destination ticket: two cities and a value, won or lost at "
                               "the end."),
              ("tickets.draw", "tickets.keep", "score.tickets")),
        Entry(N_("Long ticket"), N_("Europe: a ticket dealt apart at setup, worth more."),
              ("setup.tickets-europe",)),
        Entry(N_("Longest trail"), N_("A player's longest continuous line of their own "
                                      "trains, counted in spaces."),
              ("score.longest", "score.longest-own")),
        Entry(N_("Bonus for the longest trail"), _(
            "{points} at the end to every player tied for the longest trail.").format(
            points=points), (), bonus),
        Entry(N_("Ferry"), N_("Europe: a route with locomotive symbols among its spaces."),
              ("ferry.locomotives",)),
        Entry(N_("Tunnel"), N_("Europe: a route that turns up cards from the pile when "
                               "claimed."),
              ("tunnel.reveal", "tunnel.decline")),
        Entry(N_("Station"), N_("Europe: a piece that lets its owner borrow one route of "
                                "another player into its city, for tickets."),
              ("station.cost", "station.borrow", "score.stations")),
        Entry(N_("Last round"), N_("The round that begins when a player is down to a few "
                                   "trains."),
              ("end.trigger",)),
        Entry(N_("Tie-break"), N_("Who wins when totals are equal."), ("score.tiebreak",)),
        Entry(N_("Warehouse"), N_("Warehouses & Depots: a player's card holder, fed face "
                                  "down."),
              ("wd.feed", "wd.exhaustion")),
        Entry(N_("Depot"), N_("Warehouses & Depots: a piece that lets a claim into its city "
                              "empty its owner's Warehouse."),
              ("wd.place", "wd.collect", "wd.bonus")),
        *_team_words(),
        *_box_1910(),
    )


def _team_words() -> tuple[Entry, ...]:
    """Team play's words (Team Asia rules): the team's holders and sharing tickets."""
    return (
        Entry(N_("Team holder"), N_("Team play: the team's card holder on the table, which "
                                    "both teammates draw into and pay from."),
              ("team.draw-split", "team.draw-locomotive", "team.claim-payment")),
        Entry(N_("Shared tickets"), N_("Team play: the tickets in the team's ticket holder, "
                                       "which both teammates see and the team scores "
                                       "together."),
              ("team.communication", "team.setup-share", "team.tickets-share-on-draw")),
        Entry(N_("Share action"), N_("Team play: a turn spent moving your own tickets into "
                                     "the team's ticket holder."),
              ("team.share-action",)),
    )


def _box_1910() -> tuple[Entry, ...]:
    """The USA 1910 box's words: its ways to play (by their titles), its reprints and the
    Globetrotter."""
    def way(name: str, meaning: str) -> Entry:
        return Entry(VARIANTS[name].title, _("USA 1910 box: {meaning}").format(
            meaning=_(meaning)), (VARIANTS[name].rule,))

    return (
        way("usa-classic", N_("the original game, played with the box's reprints of the 30 "
                              "original tickets.")),
        way("usa-1910", N_("the way to play with only the box's 35 new tickets. (The box "
                           "itself is called USA 1910 too.)")),
        way("usa-mega", N_("the way to play with all 69 of the box's tickets, and more of "
                           "them dealt and drawn.")),
        way("usa-big-cities", N_("the way to play with only the tickets that name one of "
                                 "seven big cities.")),
        Entry(N_("Reprinted tickets"), N_("USA 1910 box: its copies of the 30 original "
                                          "tickets; four of them are worth less than in the "
                                          "2004 box."),
              ("tickets.reprints",)),
        Entry(N_("Globetrotter"), N_("A bonus for completing the most tickets: it counts the "
                                     "tickets completed, not their points."),
              ("score.globetrotter", "team.globetrotter")),
    )


def _entry_html(entry: Entry) -> str:
    names = "".join(f"<li>{html.escape(m)}: <b>{html.escape(n)}</b></li>"
                    for m, n in entry.per_map)
    name_it = html.escape(_("The boxes name it:"))
    named = f"<p>{name_it}</p><ul>{names}</ul>" if names else ""
    rules = " ".join(html.escape(explain(r)) for r in entry.rules)
    term, meaning = html.escape(_(entry.term)), html.escape(_(entry.meaning))
    return (f"<dt><b>{term}</b></dt><dd><p>{meaning}</p>"
            f"{named}<p><small>{rules}</small></p></dd>")


def glossary_html(boards: Sequence[Board] | None = None) -> str:
    """The glossary as HTML (a definition list)."""
    body = "".join(_entry_html(e) for e in entries(boards))
    return f"<div class='ttr-reference ttr-glossary'><dl>{body}</dl></div>"


def unclear_cases_html() -> str:
    """Each unclear case: the question, the rule as the kit plays it, how the kit decided and
    after whom, and the kit's confidence."""
    items = []
    plays, why, sure = (html.escape(_("The kit plays:")), html.escape(_("Why:")),
                        html.escape(_("How sure the kit is:")))
    sureness = {"high": pgettext("confidence", "high"),
                "medium": pgettext("confidence", "medium")}
    for rule in RULINGS:
        told = ruling(rule)
        confidence = sureness.get(told.confidence, told.confidence)
        items.append(
            f"<h3>{html.escape(told.case)}</h3>"
            f"<p><b>{plays}</b> {html.escape(explain(rule))}</p>"
            f"<p><b>{why}</b> {html.escape(told.decision)}</p>"
            f"<p><b>{sure}</b> {html.escape(confidence)}</p>")
    return f"<div class='ttr-reference ttr-unclear'>{''.join(items)}</div>"


def example_routes(board: Board) -> tuple[tuple[str, str], ...]:
    """``EXAMPLES`` on ``board``: (term, route id), every track of a double route included;
    ``KeyError`` naming the cities when the board has no such route."""
    found = []
    for term, a, b in EXAMPLES:
        ids = [r.id for r in board.routes_at.get(a, ()) if r.other(a) == b]
        if not ids:
            raise KeyError(f"no route between {a!r} and {b!r} on the {board.name} map")
        found += [(term, i) for i in ids]
    return tuple(found)


def glossary_board() -> widgets.Output:
    """The Europe board with a double route, a gray route, a ferry and a tunnel marked."""
    board = load_map("europe")
    routes = [route for _term, route in example_routes(board)]
    return show(map_figure(board, highlight=routes, highlight_label="the four examples",
                           player_colors=()))  # no game: no players in the key


def glossary() -> widgets.VBox:
    """The glossary, for a notebook to show: in the page's language, told again when the
    page's address says it (``PageAddress``)."""
    return _told(glossary_html)


def unclear_cases() -> widgets.VBox:
    """The unclear cases, for a notebook to show (in the page's language, as ``glossary``)."""
    return _told(unclear_cases_html)


def _told(page: Callable[[], str]) -> widgets.VBox:
    """``page()``'s HTML and the page's address; written again when the language changes."""
    shown = widgets.HTML(page())
    i18n.on_change(lambda _language: setattr(shown, "value", page()))  # held: the page's
    return widgets.VBox([shown, PageAddress("reference")])
