"""Pictures of the map analysis (``ttr_widgets.course.analysis``): each function takes its
answers and returns a new plotly figure or an HTML widget, touching nothing else.

The boards are the kit's own drawing (``widgets.render.map_figure``) with the cities or the train
spaces recoloured by a number — centrality, tickets on cheapest paths, contention in bot games —
on a colour bar that replaces the train-colour legend.

Every word is told in the reader's language (``ttr_widgets.rules.i18n``) when a figure or table
is made, numbers the language's way (``rules.words.decimal``, ``percent``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from ttr_widgets.course.analysis import (
    CityFacts,
    Claim,
    ContentionStudy,
    DeckDifficulty,
    LinkUse,
    MapSummary,
    PlanAndRace,
    RouteContention,
    TicketPath,
    bridges,
    city_label,
    cut_cities,
    deck_difficulties,
    link_label,
    map_name,
    route_label,
)
from ttr_widgets.course.map_graph import board_graph, cheapest_path, link_trains, simple_graph
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.rules.words import decimal, map_title
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.render import CITIES, ROUTES, board_geometry, map_figure

__all__ = [
    "bridges_sentence",
    "centrality_board",
    "cities_table",
    "claims_table",
    "comparison_table",
    "contention_board",
    "deck_picker",
    "deck_sentence",
    "decks_table",
    "graph_table",
    "links_table",
    "path_table",
    "plan_and_race_sentence",
    "ranking_table",
    "reading",
    "routes_table",
    "ticket_scatter",
    "tickets_table",
    "usage_board",
]

SCALE = "YlOrRd"  #: low → high: pale yellow → dark red, readable on the parchment
MAP_COLORS: Mapping[str, str] = {"usa": style.DEFAULT_PLAYER_COLORS[0],
                                 "europe": style.DEFAULT_PLAYER_COLORS[1]}
_FONT = {"family": "Helvetica, Arial, sans-serif", "size": 13, "color": style.INK}


#: the base games' decks as ``rules.position.TICKET_DECKS`` describes them (told where shown)
BASE_DECKS = (N_("the 2004 USA tickets"),
              N_("the Europe base game tickets (regular and long)"))


def _percent(value: float | Fraction) -> str:
    return f"{decimal(float(value) * 100, 0)} %"


def _number(value: float | Fraction, digits: int = 1) -> str:
    return decimal(float(value), digits)


def _trains(n: int) -> str:
    return ngettext("{n} train", "{n} trains", n).format(n=n)


def _more_trains(n: int) -> str:
    return ngettext("{n} more train", "{n} more trains", n).format(n=n)


def _colorbar(board: Board, title: str) -> dict[str, Any]:
    """A colour bar in the strip the board leaves free (right or below)."""
    geometry = board_geometry(board)
    if geometry.legend_right:
        return {"title": {"text": title, "side": "right"}, "x": 1.0, "xanchor": "right",
                "len": 0.8, "thickness": 14}
    return {"title": {"text": title, "side": "top"}, "orientation": "h", "x": 0.5,
            "xanchor": "center", "y": 0.0, "yanchor": "bottom", "len": 0.6, "thickness": 10}


def _bare_board(board: Board, highlight: Sequence[str] = ()) -> go.Figure:
    """The board without the train-colour legend (the colour bar takes its place)."""
    figure = map_figure(board, highlight=highlight)
    figure.data = figure.data[:ROUTES + 1]
    figure.update_layout(showlegend=False)
    return figure


def centrality_board(board: Board, facts: Sequence[CityFacts],
                     bridge_routes: Sequence[str] = ()) -> go.Figure:
    """Cities coloured and sized by betweenness, cut cities ringed in magenta;
    ``bridge_routes`` get the highlight band."""
    figure = _bare_board(board, bridge_routes)
    by_city = {f.city: f for f in facts}
    values = [by_city[c.name].betweenness for c in board.cities]
    top = max(values) or 1.0
    cut = [by_city[c.name].cut for c in board.cities]
    figure.data[CITIES].update(
        marker={"color": values, "colorscale": SCALE, "cmin": 0, "cmax": top,
                "size": [style.CITY_SIZE + 14 * v / top for v in values], "showscale": True,
                "colorbar": _colorbar(board, _("betweenness")),
                "line": {"color": [style.SELECTION if c else style.INK for c in cut],
                         "width": [4 if c else 2 for c in cut]}},
        hovertext=[_city_hover(by_city[c.name]) for c in board.cities])
    return figure


def _city_hover(f: CityFacts) -> str:
    lines = [f"<b>{html.escape(f.label)}</b>",
             _("on {share} of the cheapest paths between other cities").format(
                 share=_percent(f.betweenness)),
             _("{routes} to {cities}").format(
                 routes=ngettext("{n} route", "{n} routes", f.routes).format(n=f.routes),
                 cities=ngettext("{n} city", "{n} cities", f.neighbours).format(n=f.neighbours))]
    if f.cut:
        lines.append(_("without it the map falls apart"))
    return "<br>".join(lines)


def _route_board(board: Board, values: Mapping[str, float], hover: Callable[[str], str],
                 title: str, top: float | None = None) -> go.Figure:
    """Every train space coloured by its route's value (square markers, so colour alone
    speaks); each space's hover says what the value means."""
    figure = _bare_board(board)
    spaces = board_geometry(board).spaces
    numbers = [values.get(s.route_id, 0.0) for s in spaces]
    figure.data[ROUTES].update(
        marker={"color": numbers, "colorscale": SCALE, "cmin": 0,
                "cmax": top if top is not None else (max(numbers) or 1.0),
                "symbol": "square", "size": style.SPACE_SIZE + 1,
                "line": {"color": style.INK, "width": 0.6}, "showscale": True,
                "colorbar": _colorbar(board, title)},
        hovertext=[hover(s.route_id) for s in spaces])
    return figure


def usage_board(board: Board, usage: Sequence[LinkUse]) -> go.Figure:
    """Train spaces coloured by how many tickets' cheapest paths use their link."""
    by_route = {rid: row for row in usage for rid in row.routes}

    def hover(route_id: str) -> str:
        row = by_route[route_id]
        names = [city_label(board, board.ticket(t).a) + " – " + city_label(board, board.ticket(t).b)
                 for t in row.ticket_ids[:8]]
        more = len(row.ticket_ids) - len(names)
        listed = "<br>".join(html.escape(n) for n in names) + (
            "<br>" + _("and {n} more").format(n=more) if more > 0 else "")
        return (f"<b>{html.escape(row.label)}</b> ({_trains(row.length)})<br>"
                + _("on the cheapest paths of {n} tickets").format(n=_number(row.tickets))
                + (f"<br>{listed}" if names else ""))

    return _route_board(board, {rid: float(row.tickets) for rid, row in by_route.items()}, hover,
                        _("tickets"))


def contention_board(board: Board, study: ContentionStudy) -> go.Figure:
    """Train spaces coloured by the share of the study's games in which the route was claimed."""
    rows = {r.route_id: r for r in study.routes}

    def hover(route_id: str) -> str:
        r = rows[route_id]
        when = ("<br>" + _("on average in round {round}").format(round=_number(r.mean_round))
                if r.mean_round is not None else "")
        return (f"<b>{html.escape(r.label)}</b><br>"
                + ngettext("claimed in {n} of {games} game", "claimed in {n} of {games} games",
                           r.games).format(n=r.claimed, games=r.games) + when)

    return _route_board(board, {r.route_id: float(r.share) for r in study.routes}, hover,
                        _("share of games"), top=1.0)


def ticket_scatter(maps: Mapping[Board, Sequence[TicketPath]],
                   traps: Mapping[Board, Sequence[TicketPath]] | None = None) -> go.Figure:
    """Ticket points against the trains a cheapest path needs, one colour per map. Tickets at
    the same spot share one marker, sized by their number; traps get a ring."""
    figure = go.Figure()
    top = 1
    for board, paths in maps.items():
        spots: dict[tuple[int, int], list[TicketPath]] = {}
        for p in paths:
            spots.setdefault((p.trains, p.points), []).append(p)
        trap_ids = {p.ticket_id for p in (traps or {}).get(board, ())}
        keys = sorted(spots)
        top = max(top, *(max(k) for k in keys))
        color = MAP_COLORS.get(board.name, style.INK)
        figure.add_trace(go.Scatter(
            name=board.title.split(" with ")[0], mode="markers",
            x=[k[0] for k in keys], y=[k[1] for k in keys],
            marker={"color": color, "opacity": 0.75,
                    "size": [6 + 5 * len(spots[k]) ** 0.5 for k in keys],
                    "line": {"color": [style.INK if any(p.ticket_id in trap_ids for p in spots[k])
                                       else "rgba(0,0,0,0)" for k in keys], "width": 2.5}},
            hovertext=["<br>".join(_ticket_hover(p, p.ticket_id in trap_ids) for p in spots[k])
                       for k in keys],
            hoverinfo="text"))
    figure.add_trace(go.Scatter(name=_("one point per train"), mode="lines", x=[0, top + 1],
                                y=[0, top + 1], hoverinfo="skip",
                                line={"color": style.TRACK, "dash": "dot"}))
    figure.update_layout(
        width=760, height=520, plot_bgcolor="white", font=_FONT, hovermode="closest",
        title={"text": _("What a ticket pays against the trains it needs at the least")},
        xaxis={"title": {"text": _("trains on a cheapest path")}, "gridcolor": "#eee",
               "rangemode": "tozero"},
        yaxis={"title": {"text": _("points")}, "gridcolor": "#eee", "rangemode": "tozero"},
        legend={"orientation": "h", "y": -0.15})
    return figure


def _ticket_hover(p: TicketPath, trap: bool) -> str:
    text = f"<b>{html.escape(p.label)}</b>: " + _("{trains} at the least").format(
        trains=_trains(p.trains))
    if p.cut_off:
        text += _("; one blocked link cuts it off")
    elif p.detour:
        text += _("; one blocked link costs {trains}").format(trains=_more_trains(p.detour))
    return text + (_(" (a trap)") if trap else "")


def ranking_table(rows: Sequence[tuple[str, ...]], headings: Sequence[str]) -> widgets.HTML:
    """A small table: one row per item, the first column its name."""
    head = "".join(f'<th style="text-align:left;padding:2px 8px">{html.escape(h)}</th>'
                   for h in headings)
    body = "".join("<tr>" + "".join(f'<td style="padding:2px 8px">{html.escape(c)}</td>'
                                    for c in row) + "</tr>" for row in rows)
    return widgets.HTML(f'<table style="border-collapse:collapse"><tr>{head}</tr>{body}</table>')


def graph_table(boards: Sequence[Board]) -> widgets.HTML:
    """Each map as a graph: its cities, its routes, its double routes, and its links (the
    neighbouring pairs of cities, a double route's two tracks counted once)."""
    rows = []
    for board in boards:
        graph = board_graph(board)
        doubles = sum(1 for r in board.routes if r.double is not None) // 2
        rows.append((map_name(board), str(graph.number_of_nodes()),
                     str(graph.number_of_edges()), str(doubles),
                     str(simple_graph(graph).number_of_edges())))
    return ranking_table(rows, [_("map"), _("cities"), _("routes"), _("double routes"),
                                _("links (a double route once)")])


def path_table(board: Board, a: str, b: str) -> widgets.HTML:
    """A cheapest path from ``a`` to ``b``, link by link with its trains, and the total."""
    links = cheapest_path(board, a, b)
    trains = [link_trains(board, link) for link in links]
    rows = [(link_label(board, link), str(n)) for link, n in zip(links, trains, strict=True)]
    rows.append((_("{a} to {b}, in all").format(a=city_label(board, a), b=city_label(board, b)),
                 str(sum(trains))))
    return ranking_table(rows, [_("link"), _("trains")])


def reading(text: str) -> widgets.HTML:
    """A sentence the page works out (``bridges_sentence``, ``plan_and_race_sentence``), set
    as prose, not as a printout."""
    out = widgets.HTML(f'<p style="font-size:14px;margin:4px 0">{html.escape(text)}</p>')
    out.add_class("ttr-analysis-reading")
    return out


def comparison_table(summaries: Sequence[MapSummary], studies: Sequence[ContentionStudy],
                     races: Sequence[PlanAndRace] = ()) -> widgets.HTML:
    """The maps side by side: the board's figures, then what the bots' games showed (with
    ``races``, one per map in the same order, how claims followed cheapest paths)."""
    by_map = {s.map: s for s in studies}
    lines: list[tuple[str, Callable[[MapSummary], str]]] = [
        (_("cities"), lambda s: str(s.cities)),
        (_("routes (double routes)"), lambda s: f"{s.routes} ({s.double_routes})"),
        (_("train spaces"), lambda s: str(s.spaces)),
        (_("routes per city"), lambda s: _number(s.routes_per_city, 2)),
        (_("neighbouring cities per city"), lambda s: _number(s.links_per_city, 2)),
        (_("trains of 4 players against the spaces"), lambda s: _percent(s.trains_share)),
        (_("bridges (cut cities)"), lambda s: f"{s.bridges} ({s.cut_cities})"),
        (_("base-game tickets"), lambda s: str(s.tickets)),
        (_("trains a ticket needs, on average"), lambda s: _number(s.mean_ticket_trains)),
        (_("pairs of tickets whose cheapest paths share a link"),
         lambda s: _percent(s.overlap)),
        (_("bot games: rounds played"), lambda s: _number(by_map[s.map].rounds)),
        (_("bot games: spaces filled at the end"),
         lambda s: _percent(by_map[s.map].spaces_filled)),
        (_("bot games: kept tickets completed"),
         lambda s: _percent(by_map[s.map].tickets_completed)),
    ]
    rows = [(label, *(value(s) for s in summaries)) for label, value in lines]
    if races:
        rows += [
            (_("bot games: routes on a cheapest ticket path, claimed in"),
             *(_percent(r.on_paths) for r in races)),
            (_("bot games: the other routes, claimed in"),
             *(_percent(r.off_paths) for r in races)),
            (_("rank correlation: tickets on a link and its claims"),
             *(_number(r.rank_correlation, 2) for r in races)),
        ]
    return ranking_table(rows, ["", *(s.title.split(" with ")[0] for s in summaries)])


def plan_and_race_sentence(board: Board, race: PlanAndRace) -> str:
    """How the bots' claims followed the cheapest ticket paths, in one sentence."""
    return _("On the {map} map the {on} routes on some base-game ticket's cheapest path were "
             "claimed in {on_share} of the games on average, the other {off} in {off_share}; "
             "the rank correlation between a link's tickets and its claims is "
             "{correlation}.").format(
        map=map_name(board), on=race.routes_on, on_share=_percent(race.on_paths),
        off=race.routes_off, off_share=_percent(race.off_paths),
        correlation=_number(race.rank_correlation, 2))


def route_rows(rows: Sequence[RouteContention]) -> list[tuple[str, ...]]:
    """Rows for :func:`ranking_table`: route, games claimed, mean round."""
    return [(r.label, _("{n} of {games}").format(n=r.claimed, games=r.games),
             _number(r.mean_round) if r.mean_round is not None else _("never"))
            for r in rows]


def tickets_table(board: Board, paths: Sequence[TicketPath]) -> widgets.HTML:
    """Tickets with the trains they need, trains per point, a cheapest path and the link
    whose loss hurts most."""
    rows = []
    for p in paths:
        if p.cut_off and p.detour_link is not None:
            worst = _("{link}: cut off").format(link=link_label(board, p.detour_link))
        elif p.detour and p.detour_link is not None:
            worst = _("{link}: {trains}").format(link=link_label(board, p.detour_link),
                                                 trains=_more_trains(p.detour))
        else:
            worst = _("none: an equally cheap way remains")
        rows.append((p.label, str(p.trains), _number(p.difficulty, 2),
                     " → ".join(city_label(board, c) for c in p.cities), worst))
    return ranking_table(rows, [_("ticket"), _("trains"), _("trains per point"),
                                _("a cheapest path"), _("worst single blocked link")])


def cities_table(facts: Sequence[CityFacts]) -> widgets.HTML:
    rows = [(f.label, _percent(f.betweenness), str(f.routes), str(f.neighbours),
             _("yes") if f.cut else "") for f in facts]
    return ranking_table(rows, [_("city"), _("on cheapest paths between others"), _("routes"),
                                _("neighbouring cities"), _("splits the map")])


def links_table(usage: Sequence[LinkUse]) -> widgets.HTML:
    rows = [(u.label, str(u.length), _number(u.tickets), str(len(u.ticket_ids)),
             _("double") if len(u.routes) > 1 else _("single")) for u in usage]
    return ranking_table(rows, [_("link"), _("trains"), _("tickets (shared among equal paths)"),
                                _("tickets that may use it"), _("track")])


def routes_table(rows: Sequence[RouteContention]) -> widgets.HTML:
    return ranking_table(route_rows(rows), [_("route"), _("claimed in"), _("mean round")])


def claims_table(board: Board, claims: Sequence[Claim], names: Sequence[str]) -> widgets.HTML:
    """A replayed game's claims: turn, round, who, which route."""
    rows = [(str(c.turn), str(c.round), names[c.player], route_label(board, c.route_id))
            for c in claims]
    return ranking_table(rows, [_("turn"), _("round"), _("player"), _("route")])


def bridges_sentence(board: Board) -> str:
    """``'The USA map has no bridge and no cut city.'`` and the like, cities as spelled."""
    links = [link_label(board, link) for link in bridges(board)]
    cities = [city_label(board, c) for c in cut_cities(board)]
    name = map_name(board)
    bridged = (ngettext("{n} bridge ({names})", "{n} bridges ({names})", len(links)).format(
        n=len(links), names=", ".join(links)) if links else _("no bridge"))
    cut = (ngettext("{n} cut city ({names})", "{n} cut cities ({names})", len(cities)).format(
        n=len(cities), names=", ".join(cities)) if cities else _("no cut city"))
    return _("The {map} map has {bridges} and {cut}.").format(map=name, bridges=bridged, cut=cut)


# --- ticket decks ------------------------------------------------------------------------------

def _deck_name(deck: DeckDifficulty) -> str:
    """``'USA: the Mega Game tickets'`` (the variant's name as its box prints it)."""
    title = (_(deck.title) if deck.variant is None
             else _("the {variant} tickets").format(variant=VARIANTS[deck.variant].title))
    return f"{map_title(deck.map)}: {title}"


def decks_table(decks: Sequence[DeckDifficulty]) -> widgets.HTML:
    """Ticket decks side by side: how many tickets, what one pays and needs on average, the
    trains a deck asks per point, what one blocked link costs, its traps and the worst."""
    rows = [(_deck_name(d), str(d.tickets), _number(d.mean_points),
             _number(d.mean_trains), _number(d.trains_per_point, 2),
             _number(d.mean_detour),
             f"{len(d.traps)} ({_percent(Fraction(len(d.traps), d.tickets))})"
             .replace(" ", "\u00a0"),  # kept on one line
             d.traps[0].label if d.traps else _("none")) for d in decks]
    return ranking_table(rows, [_("deck"), _("tickets"), _("points a ticket"),
                                _("trains a ticket"), _("trains per point"),
                                _("extra trains, one link blocked"), _("traps"),
                                _("the worst trap")])


def deck_sentence(deck: DeckDifficulty) -> str:
    """A deck in one sentence: its size, its trains per point, its traps."""
    return _("{deck}: {tickets}, on average {points} points for {trains} trains, and {detour} "
             "more trains when one link of the way is blocked; {traps}, listed first.").format(
        deck=_deck_name(deck),
        tickets=ngettext("{n} ticket", "{n} tickets", deck.tickets).format(n=deck.tickets),
        points=_number(deck.mean_points), trains=_number(deck.mean_trains),
        detour=_number(deck.mean_detour),
        traps=ngettext("{n} trap", "{n} traps", len(deck.traps)).format(n=len(deck.traps)))


def deck_picker(boards: Sequence[Board]) -> widgets.VBox:
    """Pick a ticket deck (``ttr-deck-choice``: every deck of every board, base games first)
    and read its tickets, the traps first (``ttr-deck-tickets``: ``DeckDifficulty.hardest``),
    under a sentence on the deck (``ttr-deck-summary``)."""
    decks = [d for board in boards for d in deck_difficulties(board)]
    choice = widgets.Dropdown(options=[(_deck_name(d), i) for i, d in enumerate(decks)],
                              value=0, description=_("Deck"), style={"description_width": "auto"},
                              layout=widgets.Layout(width="420px"))
    choice.add_class("ttr-deck-choice")
    summary = widgets.HTML()
    summary.add_class("ttr-deck-summary")
    table = widgets.HTML()
    table.add_class("ttr-deck-tickets")
    by_map = {board.name: board for board in boards}

    def show(_change: object = None) -> None:
        deck = decks[choice.value]
        summary.value = f"<p>{html.escape(deck_sentence(deck))}</p>"
        table.value = tickets_table(by_map[deck.map], deck.hardest()).value

    choice.observe(show, "value")
    show()
    return widgets.VBox([choice, summary, table])
