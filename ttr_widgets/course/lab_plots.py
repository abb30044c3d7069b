"""The probability lab's figures and tables: each takes the lab's numbers
(``ttr_widgets.course.lab``, measured on simulated games) and returns a new ``go.Figure`` or
table, touching nothing else. Measured shares carry their counts in the hover text, so a reader
can see how many games a bar stands on.

The ticket deal's figures (``deal_table``, ``shared_city_figure``, ``low_keep_figure``) draw the
exact chances of ``course.lab_deal``. The figures of exact chances shared with the app's odds
panel live in ``ttr_widgets.widgets.plots.lab_plots``; they are named here too, so the lab's
notebook reads every figure from one module.

Every word is told in the reader's language (``ttr_widgets.rules.i18n``) when a figure or table
is made, numbers the language's way (``rules.words.decimal``). The notebook's own labels (a
chance table's rows, a figure's title) are written there in English and are the catalogue's
entries :data:`PAGE_SENTENCES`, told where they are shown (``chance_table``,
``distribution_figure``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

import ipywidgets as widgets
import plotly.graph_objects as go

from ttr_widgets.bots.simulate import GameResult
from ttr_widgets.course.lab import (
    LATER,
    SETUP,
    ClaimFrequency,
    CompletionRate,
    RefreshStats,
    RouteValue,
    TicketGamble,
    pooled_by_stage,
    refresh_stats,
)
from ttr_widgets.course.lab_deal import Deal, low_keep_chance, low_keep_curve, shared_city_chance
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import Board, hand_dict
from ttr_widgets.rules.words import and_list, cards, colour_name, decimal, map_title
from ttr_widgets.widgets.board.render import map_figure
from ttr_widgets.widgets.pages.odds import TunnelOddsExplorer
from ttr_widgets.widgets.plots import lab_plots as shared
from ttr_widgets.widgets.plots.lab_plots import (
    BAR,
    PALETTE,
    fraction_text,
    layout,
    percent,
    seeing_figure,
    share_axis,
    show,
    table,
    what_if_table,
)

__all__ = [
    "chance_table",
    "claim_frequency_figure",
    "claim_map_figure",
    "completion_figure",
    "deal_table",
    "distribution_figure",
    "explorer_reading",
    "gamble_figure",
    "gamble_stage_figure",
    "gamble_table",
    "low_keep_figure",
    "points_per_train_figure",
    "refresh_figure",
    "refresh_table",
    "seeing_figure",
    "setting",
    "shared_city_figure",
    "show",
    "stage_reading",
    "what_if_table",
]

#: the Probability Lab page's own labels, as its notebook writes them (told where shown)
PAGE_SENTENCES: tuple[str, ...] = (
    N_("no extra card (3 safe cards out of 110)"),
    N_("A red tunnel, nothing seen yet"),
    N_("no extra card, paying only with locomotives"),
    N_("a freshly dealt row has 3 or more locomotives"),
    N_("at least one blue in a new row of 5"),
    N_("two Classic tickets share a city"),
    N_("a Classic draw (3, keep 1) offers one worth 9 or less"),
    N_("a Mega Game draw (4, keep 1) offers one worth 9 or less"),
)


def chance_table(rows: Sequence[tuple[str, Fraction]]) -> widgets.HTML:
    """Exact chances as a table (``widgets.plots.lab_plots.chance_table``), each row's words
    told in the reader's language."""
    return shared.chance_table([(_(what), p) for what, p in rows])


def distribution_figure(distribution: Sequence[Fraction], *,
                        title: str | None = None) -> go.Figure:
    """The tunnel's extra cards (``widgets.plots.lab_plots.distribution_figure``), its
    ``title`` told in the reader's language."""
    return shared.distribution_figure(distribution, title=None if title is None else _(title))


def setting(map_name: str, players: int) -> str:
    """'USA, 2 players'."""
    return ngettext("{map}, {n} player", "{map}, {n} players", players).format(
        map=map_title(map_name), n=players)


def _signed(x: float, digits: int = 1) -> str:
    """'+1.5', '-0.3' ('+1,5' in French)."""
    return ("+" if x >= 0 else "") + decimal(x, digits)


def _net(tickets: int, completed: int, net: int) -> str:
    """'12 tickets, 7 completed, net +3 points'."""
    return ngettext("{tickets} ticket, {completed} completed, net {net} points",
                    "{tickets} tickets, {completed} completed, net {net} points",
                    tickets).format(tickets=tickets, completed=completed, net=f"{net:+d}")


def _series(m: str, players: int) -> str:
    return setting(m, players)


def refresh_figure(stats: RefreshStats, *, title: str = "") -> go.Figure:
    """How many games saw 0, 1, 2, … refreshes of the face-up row."""
    counts, games = zip(*stats.per_game, strict=True)
    shares = [Fraction(n, stats.games) for n in games]
    heading = title or _("3-locomotive refreshes in {games} games (mean {mean} a game)").format(
        games=stats.games, mean=decimal(float(stats.mean), 2))
    return go.Figure(
        go.Bar(x=list(counts), y=[float(s) for s in shares], marker_color=BAR,
               text=[percent(s) if s else "" for s in shares], textposition="outside",
               cliponaxis=False,
               hovertext=[ngettext("{n} of {games} game", "{n} of {games} games",
                                   stats.games).format(n=n, games=stats.games) for n in games],
               hoverinfo="x+text"),
        layout=layout(heading, yaxis=share_axis(_("share of games")),
                      xaxis={"title": _("refreshes in the game"), "dtick": 1},
                      showlegend=False))


def refresh_table(games: Mapping[tuple[str, int], Sequence[GameResult]]) -> widgets.HTML:
    """The average number of 3-locomotive refreshes per game, one row per map and players."""
    rows = []
    for (map_name, players), results in games.items():
        stats = refresh_stats(results)
        rows.append((setting(map_name, players), stats.games, decimal(float(stats.mean), 2),
                     percent(stats.share_with_any, 0)))
    return table([_("games"), _("played"), _("refreshes per game"), _("games with a refresh")],
                 rows)


def completion_figure(
    rows: Sequence[CompletionRate], *, title: str | None = None,
) -> go.Figure:
    """Grouped bars: completion rate by value bucket, one series per (map, player count)."""
    series: dict[str, list[CompletionRate]] = {}
    for row in rows:
        series.setdefault(_series(row.map, row.players), []).append(row)
    traces = [
        go.Bar(name=name, x=[r.bucket for r in group], y=[float(r.rate) for r in group],
               marker_color=PALETTE[i % len(PALETTE)],
               text=[percent(r.rate, 0) for r in group], textposition="outside",
               cliponaxis=False,
               hovertext=[_("{setting}, worth {bucket}: {completed} of {tickets} completed")
                          .format(setting=name, bucket=r.bucket, completed=r.completed,
                                  tickets=r.tickets) for r in group], hoverinfo="text")
        for i, (name, group) in enumerate(series.items())
    ]
    buckets = sorted({(r.bucket_index, r.bucket) for r in rows})
    title = _("How often the bots complete a ticket, by its value") if title is None else title
    return go.Figure(traces, layout=layout(
        title, barmode="group", yaxis=share_axis(_("completed")),
        xaxis={"title": _("ticket value (points)"), "categoryorder": "array",
               "categoryarray": [label for _index, label in buckets]}))


def gamble_figure(
    rows: Sequence[TicketGamble], *, title: str | None = None,
) -> go.Figure:
    """Grouped bars: the average net points of a ticket, setup against later, per series."""
    traces = []
    for i, stage in enumerate((SETUP, LATER)):
        group = [r for r in rows if r.stage == stage and r.net_per_ticket is not None]
        traces.append(go.Bar(
            name=_("kept at setup") if stage == SETUP else _("drawn during the game"),
            x=[_series(r.map, r.players) for r in group],
            y=[float(r.net_per_ticket or 0) for r in group],
            marker_color=PALETTE[i], text=[_signed(float(r.net_per_ticket or 0)) for r in group],
            textposition="outside", cliponaxis=False, hoverinfo="text",
            hovertext=[_net(r.tickets, r.completed, r.net) for r in group]))
    title = _("Net points of one ticket: kept at setup or drawn later") if title is None \
        else title
    return go.Figure(traces, layout=layout(title, barmode="group",
                                            yaxis={"title": _("net points per ticket"),
                                                   "zeroline": True}))


def gamble_stage_figure(
    rows: Sequence[TicketGamble], *, title: str | None = None,
) -> go.Figure:
    """Grouped bars from ``lab.gamble_by_trains_left``: one series per map and player count,
    one bar per stage of the game (early draws left, late draws right)."""
    series: dict[str, list[TicketGamble]] = {}
    for row in rows:
        series.setdefault(_series(row.map, row.players), []).append(row)
    traces = [
        go.Bar(name=name, x=[r.stage for r in group],
               y=[float(r.net_per_ticket) if r.net_per_ticket is not None else None
                  for r in group],
               marker_color=PALETTE[i % len(PALETTE)], hoverinfo="text",
               hovertext=[_net(r.tickets, r.completed, r.net) for r in group])
        for i, (name, group) in enumerate(series.items())
    ]
    title = _("Net points of a ticket drawn during the game, by trains left when drawn") \
        if title is None else title
    return go.Figure(traces, layout=layout(title, barmode="group",
                                            yaxis={"title": _("net points per ticket"),
                                                   "zeroline": True}))


def stage_reading(rows: Sequence[TicketGamble]) -> widgets.HTML:
    """What ``gamble_stage_figure``'s bars say, in words read off the same ``rows``: each
    stage's tickets over every setting (how many were completed, the net points of one), then
    whether late draws gained or cost points, and the settings where they cost points."""
    return _reading(stage_sentence(rows), "ttr-lab-stage-reading")


def stage_sentence(rows: Sequence[TicketGamble]) -> str:
    """``stage_reading``'s words."""
    stages = [row for row in pooled_by_stage(rows) if row.tickets]
    if not stages:
        return _("No ticket was drawn during these games, so there is nothing to compare.")
    parts = [ngettext("{stage}: {n} ticket, {share} completed, {points} each",
                      "{stage}: {n} tickets, {share} completed, {points} each",
                      row.tickets).format(stage=row.stage, n=row.tickets,
                                          share=percent(row.completion_rate or 0, 0),
                                          points=_points(row.net_per_ticket))
             for row in stages]
    text = _("Over all the games, the tickets drawn with {stages}.").format(
        stages=_("; with ").join(parts))
    late, early = stages[-1], stages[:-1]
    late_net = late.net_per_ticket or Fraction(0)
    best = max((row.net_per_ticket or Fraction(0) for row in early), default=None)
    if late_net < 0:
        text += " " + _("Late draws cost points on average.")
    elif best is not None and late_net < best:
        text += " " + _("Late draws still gained points on average, but fewer than earlier "
                        "ones: fewer turns are left to connect them.")
    else:
        text += " " + _("Late draws did no worse than earlier ones in these games.")
    losing = [setting(r.map, r.players) for r in rows
              if r.stage == late.stage and r.tickets and r.net < 0]
    if losing:
        text += " " + _("They cost points in {settings}.").format(settings=and_list(losing))
    return text


def explorer_reading(explorer: TunnelOddsExplorer) -> widgets.HTML:
    """Under the tunnel explorer, its hand read in words and its exact what-if numbers as a
    table, worked out again from the hand shown each time the explorer redraws."""
    out = _reading("", "ttr-lab-explorer-reading")

    def read(_change: object = None) -> None:
        out.value = _reading_html(explorer_sentence(explorer)) + (
            what_if_table(explorer.odds, explorer.what_if).value
            if explorer.odds is not None and explorer.what_if is not None else "")

    explorer.summary.observe(read, "value")
    explorer.error.observe(read, "value")
    read()
    return out


def explorer_sentence(explorer: TunnelOddsExplorer) -> str:
    """``explorer_reading``'s words for the hand the explorer shows."""
    odds = explorer.odds
    if odds is None:
        return _("The explorer has no numbers for these cards: it says what to check.")
    held = and_list([cards(n, card) for card, n in hand_dict(explorer.hand).items()]) \
        or _("no cards")
    played = _("locomotives") if odds.all_locomotive else colour_name(odds.color)
    tunnel = _("a {length}-long tunnel played in {cards}").format(length=odds.length,
                                                                 cards=played)
    if odds.offer is None:
        return _("With {held}, you cannot even put down the {cards} of {tunnel}.").format(
            held=held, cards=cards(odds.length, ""), tunnel=tunnel)
    put = cards(sum(odds.offer), "")
    can = odds.spare
    if can == 0:
        return _("With {held} on {tunnel}, you put down {put} and keep none that can pay a "
                 "surcharge: any extra card turned up means taking your cards back.").format(
            held=held, tunnel=tunnel, put=put)
    if can >= odds.revealed:
        end = ngettext("so you can pay any surcharge, even {n} extra card",
                       "so you can pay any surcharge, even {n} extra cards",
                       odds.revealed).format(n=odds.revealed)
    else:
        beyond = (str(odds.revealed) if can + 1 == odds.revealed
                  else _("{n} or more").format(n=can + 1))
        end = ngettext("so you can pay up to {n} extra card, not {beyond}",
                       "so you can pay up to {n} extra cards, not {beyond}",
                       can).format(n=can, beyond=beyond)
    return ngettext("With {held} on {tunnel}, you put down {put} and keep {n} card that can "
                    "pay a surcharge, {end}.",
                    "With {held} on {tunnel}, you put down {put} and keep {n} cards that can "
                    "pay a surcharge, {end}.", can).format(
        held=held, tunnel=tunnel, put=put, n=can, end=end)


def _reading(text: str, css: str) -> widgets.HTML:
    out = widgets.HTML(_reading_html(text) if text else "")
    out.add_class(css)
    return out


def _reading_html(text: str) -> str:
    return f'<p style="font-size:14px;margin:4px 0">{html.escape(text)}</p>'


def _points(value: Fraction | None) -> str:
    if value is None:
        return _("no points")
    return _("{points} points").format(points=_signed(float(value)))


def gamble_table(rows: Sequence[TicketGamble]) -> widgets.HTML:
    """For tickets drawn during the game: what all of a player's later tickets brought on
    average (among players who drew any) and the share of players who drew any."""
    shown = [(setting(g.map, g.players), _points(g.net_per_holder or Fraction(0)),
              percent(g.share_holding, 0))
             for g in rows if g.stage == LATER and g.holders]
    return table([_("games"), _("net points of a player's later tickets"),
                  _("players who drew tickets later")], shown)


def points_per_train_figure(tables: Mapping[str, Sequence[RouteValue]], *,
                            title: str | None = None) -> go.Figure:
    """Grouped bars: points ÷ length for every length of each map's scoring table."""
    traces = [
        go.Bar(name=name, x=[v.length for v in values], y=[float(v.per_train) for v in values],
               marker_color=PALETTE[i % len(PALETTE)],
               text=[f"{v.points}/{v.length}" for v in values], textposition="outside",
               cliponaxis=False, hoverinfo="text",
               hovertext=[_("{map}: a {length}-train route scores {points} ({per_train} a "
                            "train); {routes} on the map").format(
                                map=name, length=v.length, points=v.points,
                                per_train=decimal(float(v.per_train), 2), routes=v.routes)
                          for v in values])
        for i, (name, values) in enumerate(tables.items())
    ]
    title = _("Points per train, by route length") if title is None else title
    return go.Figure(traces, layout=layout(title, barmode="group",
                                            yaxis={"title": _("points per train")},
                                            xaxis={"title": _("route length"), "dtick": 1}))


def claim_frequency_figure(rows: Sequence[ClaimFrequency], *, top: int = 15,
                           title: str = "") -> go.Figure:
    """Horizontal bars: the ``top`` most claimed routes (``rows`` as ``claim_frequency`` orders
    them), most claimed at the top. The two tracks of a double route that read the same are
    named 'track 1' and 'track 2', so they do not share one bar."""
    shown = list(rows[:top])[::-1]
    games = shown[0].games if shown else 0
    heading = title or _("The {n} most claimed routes in {games} games").format(
        n=len(shown), games=games)
    return go.Figure(
        go.Bar(y=_bar_names(shown), x=[float(r.share) for r in shown],
               orientation="h",
               marker_color=BAR, text=[percent(r.share, 0) for r in shown],
               textposition="outside", cliponaxis=False, hoverinfo="text",
               hovertext=[ngettext("{route}: claimed in {n} of {games} game",
                                   "{route}: claimed in {n} of {games} games", r.games).format(
                                       route=r.label, n=r.claimed, games=r.games)
                          for r in shown]),
        layout=layout(heading, height=max(300, 28 * len(shown) + 110),
                      xaxis=share_axis(_("share of games claimed")) | {"range": [0, 1.15]},
                       margin={"l": 250, "r": 20, "t": 60, "b": 50}, showlegend=False))


def _bar_names(rows: Sequence[ClaimFrequency]) -> list[str]:
    """Each route's name; the two tracks of a double route that read the same are told apart
    as 'track 1' and 'track 2' (in the map's order of their ids)."""
    same: dict[str, list[str]] = {}
    for r in rows:
        same.setdefault(r.label, []).append(r.route_id)
    return [_("{route}, track {n}").format(
                route=r.label, n=sorted(same[r.label]).index(r.route_id) + 1)
            if len(same[r.label]) > 1 else r.label for r in rows]


def claim_map_figure(board: Board, rows: Sequence[ClaimFrequency], *, top: int = 10) -> go.Figure:
    """The board with its ``top`` most claimed routes highlighted."""
    routes = [r.route_id for r in rows[:top]]
    return map_figure(board, highlight=routes,
                      highlight_label=_("{n} most claimed").format(n=len(routes)),
                      player_colors=())  # many games' claims, no one game's players



# --- the ticket deal ---------------------------------------------------------------------------

def deal_table(deals: Sequence[Deal], points: int) -> widgets.HTML:
    """Each way to play: its deck, its setup deal, the exact chance that two dealt tickets
    share a city and the chance of keeping no ticket worth more than ``points``."""
    rows = []
    for deal in deals:
        shared, low = shared_city_chance(deal), low_keep_chance(deal, points)
        rows.append((deal.title, ngettext("{n} ticket", "{n} tickets", deal.size).format(
            n=deal.size), deal.setup, str(shared), percent(shared), str(low), percent(low)))
    return table([_("way to play"), _("deck"), _("at setup"), _("two share a city"),
                  _("about"), _("keep none over {points} points").format(points=points),
                  _("about")], rows)


def shared_city_figure(deals: Sequence[Deal], *, title: str | None = None) -> go.Figure:
    """One bar per way to play, labelled with the exact chance."""
    chances = [shared_city_chance(deal) for deal in deals]
    return go.Figure(
        go.Bar(x=[f"{deal.title}<br>{deal.setup}" for deal in deals],
               y=[float(p) for p in chances], text=[fraction_text(p) for p in chances],
               textposition="outside", cliponaxis=False, marker_color=BAR, hoverinfo="x+text"),
        layout=layout(_("Dealt at setup: at least two tickets share a city")
                      if title is None else title,
                      yaxis=share_axis(_("chance")), showlegend=False))


def low_keep_figure(deals: Sequence[Deal], values: Sequence[int], *,
                    title: str | None = None) -> go.Figure:
    """One line per way to play: the chance of keeping only tickets worth at most each of
    ``values`` points."""
    traces = [
        go.Scatter(x=list(values), y=[float(p) for p in curve], mode="lines+markers",
                   name=f"{deal.title} ({deal.setup})",
                   line={"color": PALETTE[i % len(PALETTE)]}, hoverinfo="text",
                   hovertext=[_("{deal}, none over {points}: {chance} = {about}").format(
                                  deal=deal.title, points=v, chance=p, about=percent(p))
                              for v, p in zip(values, curve, strict=True)])
        for i, deal in enumerate(deals)
        for curve in (low_keep_curve(deal, values),)
    ]
    title = _("Dealt at setup: you can keep no ticket worth more than …") if title is None \
        else title
    return go.Figure(traces, layout=layout(title, yaxis=share_axis(_("chance")),
                                            xaxis={"title": _("points"), "dtick": 1}))
