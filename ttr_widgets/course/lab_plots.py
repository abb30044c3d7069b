"""The probability lab's figures and tables: each takes the lab's numbers
(``ttr_widgets.course.lab``, measured on simulated games) and returns a new ``go.Figure`` or
table, touching nothing else. Measured shares carry their counts in the hover text, so a reader
can see how many games a bar stands on.

The ticket deal's figures (``deal_table``, ``shared_city_figure``, ``low_keep_figure``) draw the
exact chances of ``course.lab_deal``. The figures of exact chances shared with the app's odds
panel live in ``ttr_widgets.widgets.plots.lab_plots``; they are named here too, so the lab's
notebook reads every figure from one module.
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
from ttr_widgets.rules.model import Board, hand_dict
from ttr_widgets.rules.words import count, map_title
from ttr_widgets.widgets.board.render import map_figure
from ttr_widgets.widgets.pages.odds import TunnelOddsExplorer
from ttr_widgets.widgets.plots.lab_plots import (
    BAR,
    PALETTE,
    chance_table,
    distribution_figure,
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


def setting(map_name: str, players: int) -> str:
    """'USA, 2 players'."""
    return f"{map_title(map_name)}, {players} players"


def _series(m: str, players: int) -> str:
    return setting(m, players)


def refresh_figure(stats: RefreshStats, *, title: str = "") -> go.Figure:
    """How many games saw 0, 1, 2, … refreshes of the face-up row."""
    counts, games = zip(*stats.per_game, strict=True)
    shares = [Fraction(n, stats.games) for n in games]
    heading = title or (f"3-locomotive refreshes in {stats.games} games "
                        f"(mean {float(stats.mean):.2f} a game)")
    return go.Figure(
        go.Bar(x=list(counts), y=[float(s) for s in shares], marker_color=BAR,
               text=[percent(s) if s else "" for s in shares], textposition="outside",
               cliponaxis=False,
               hovertext=[f"{n} of {stats.games} games" for n in games], hoverinfo="x+text"),
        layout=layout(heading, yaxis=share_axis("share of games"),
                       xaxis={"title": "refreshes in the game", "dtick": 1}, showlegend=False))


def refresh_table(games: Mapping[tuple[str, int], Sequence[GameResult]]) -> widgets.HTML:
    """The average number of 3-locomotive refreshes per game, one row per map and players."""
    rows = []
    for (map_name, players), results in games.items():
        stats = refresh_stats(results)
        rows.append((setting(map_name, players), stats.games, f"{float(stats.mean):.2f}",
                     percent(stats.share_with_any, 0)))
    return table(["games", "played", "refreshes per game", "games with a refresh"], rows)


def completion_figure(
    rows: Sequence[CompletionRate], *,
    title: str = "How often the bots complete a ticket, by its value",
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
               hovertext=[f"{name}, worth {r.bucket}: {r.completed} of {r.tickets} completed"
                          for r in group], hoverinfo="text")
        for i, (name, group) in enumerate(series.items())
    ]
    buckets = sorted({(r.bucket_index, r.bucket) for r in rows})
    return go.Figure(traces, layout=layout(
        title, barmode="group", yaxis=share_axis("completed"),
        xaxis={"title": "ticket value (points)", "categoryorder": "array",
               "categoryarray": [label for _index, label in buckets]}))


def gamble_figure(
    rows: Sequence[TicketGamble], *,
    title: str = "Net points of one ticket: kept at setup or drawn later",
) -> go.Figure:
    """Grouped bars: the average net points of a ticket, setup against later, per series."""
    traces = []
    for i, stage in enumerate((SETUP, LATER)):
        group = [r for r in rows if r.stage == stage and r.net_per_ticket is not None]
        traces.append(go.Bar(
            name="kept at setup" if stage == SETUP else "drawn during the game",
            x=[_series(r.map, r.players) for r in group],
            y=[float(r.net_per_ticket or 0) for r in group],
            marker_color=PALETTE[i], text=[f"{float(r.net_per_ticket or 0):+.1f}" for r in group],
            textposition="outside", cliponaxis=False, hoverinfo="text",
            hovertext=[f"{r.tickets} tickets, {r.completed} completed, net {r.net:+d} points"
                       for r in group]))
    return go.Figure(traces, layout=layout(title, barmode="group",
                                            yaxis={"title": "net points per ticket",
                                                   "zeroline": True}))


def gamble_stage_figure(
    rows: Sequence[TicketGamble], *,
    title: str = "Net points of a ticket drawn during the game, by trains left when drawn",
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
               hovertext=[f"{r.tickets} tickets, {r.completed} completed, net {r.net:+d} points"
                          for r in group])
        for i, (name, group) in enumerate(series.items())
    ]
    return go.Figure(traces, layout=layout(title, barmode="group",
                                            yaxis={"title": "net points per ticket",
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
        return "No ticket was drawn during these games, so there is nothing to compare."
    parts = [f"{row.stage}: {count(row.tickets, 'ticket')}, {percent(row.completion_rate or 0, 0)}"
             f" completed, {_points(row.net_per_ticket)} each" for row in stages]
    text = "Over all the games, the tickets drawn with " + "; with ".join(parts) + "."
    late, early = stages[-1], stages[:-1]
    late_net = late.net_per_ticket or Fraction(0)
    best = max((row.net_per_ticket or Fraction(0) for row in early), default=None)
    if late_net < 0:
        text += " Late draws cost points on average."
    elif best is not None and late_net < best:
        text += (" Late draws still gained points on average, but fewer than earlier ones: "
                 "fewer turns are left to connect them.")
    else:
        text += " Late draws did no worse than earlier ones in these games."
    losing = [setting(r.map, r.players) for r in rows
              if r.stage == late.stage and r.tickets and r.net < 0]
    if losing:
        text += f" They cost points in {_listed(losing)}."
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
        return "The explorer has no numbers for these cards: it says what to check."
    held = _listed([count(n, card if card == "locomotive" else f"{card} card")
                    for card, n in hand_dict(explorer.hand).items()]) or "no cards"
    tunnel = f"a {odds.length}-long tunnel played in " + (
        "locomotives" if odds.all_locomotive else odds.color)
    if odds.offer is None:
        return (f"With {held}, you cannot even put down the {count(odds.length, 'card')} of "
                f"{tunnel}.")
    put = sum(odds.offer)
    can = odds.spare
    if can == 0:
        return (f"With {held} on {tunnel}, you put down {count(put, 'card')} and keep none "
                "that can pay a surcharge: any extra card turned up means taking your cards "
                "back.")
    if can >= odds.revealed:
        end = f"so you can pay any surcharge, even {count(odds.revealed, 'extra card')}"
    else:
        end = (f"so you can pay up to {count(can, 'extra card')}, not "
               f"{odds.revealed if can + 1 == odds.revealed else f'{can + 1} or more'}")
    return (f"With {held} on {tunnel}, you put down {count(put, 'card')} and keep "
            f"{count(can, 'card')} that can pay a surcharge, {end}.")


def _reading(text: str, css: str) -> widgets.HTML:
    out = widgets.HTML(_reading_html(text) if text else "")
    out.add_class(css)
    return out


def _reading_html(text: str) -> str:
    return f'<p style="font-size:14px;margin:4px 0">{html.escape(text)}</p>'


def _points(value: Fraction | None) -> str:
    return "no points" if value is None else f"{float(value):+.1f} points"


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] \
        if items else ""


def gamble_table(rows: Sequence[TicketGamble]) -> widgets.HTML:
    """For tickets drawn during the game: what all of a player's later tickets brought on
    average (among players who drew any) and the share of players who drew any."""
    shown = [(setting(g.map, g.players), f"{float(g.net_per_holder or 0):+.1f} points",
              percent(g.share_holding, 0))
             for g in rows if g.stage == LATER and g.holders]
    return table(["games", "net points of a player's later tickets",
                  "players who drew tickets later"], shown)


def points_per_train_figure(tables: Mapping[str, Sequence[RouteValue]], *,
                            title: str = "Points per train, by route length") -> go.Figure:
    """Grouped bars: points ÷ length for every length of each map's scoring table."""
    traces = [
        go.Bar(name=name, x=[v.length for v in values], y=[float(v.per_train) for v in values],
               marker_color=PALETTE[i % len(PALETTE)],
               text=[f"{v.points}/{v.length}" for v in values], textposition="outside",
               cliponaxis=False, hoverinfo="text",
               hovertext=[f"{name}: a {v.length}-train route scores {v.points} "
                          f"({float(v.per_train):.2f} a train); {v.routes} on the map"
                          for v in values])
        for i, (name, values) in enumerate(tables.items())
    ]
    return go.Figure(traces, layout=layout(title, barmode="group",
                                            yaxis={"title": "points per train"},
                                            xaxis={"title": "route length", "dtick": 1}))


def claim_frequency_figure(rows: Sequence[ClaimFrequency], *, top: int = 15,
                           title: str = "") -> go.Figure:
    """Horizontal bars: the ``top`` most claimed routes (``rows`` as ``claim_frequency`` orders
    them), most claimed at the top. The two tracks of a double route that read the same are
    named 'track 1' and 'track 2', so they do not share one bar."""
    shown = list(rows[:top])[::-1]
    games = shown[0].games if shown else 0
    heading = title or f"The {len(shown)} most claimed routes in {games} games"
    return go.Figure(
        go.Bar(y=_bar_names(shown), x=[float(r.share) for r in shown],
               orientation="h",
               marker_color=BAR, text=[percent(r.share, 0) for r in shown],
               textposition="outside", cliponaxis=False, hoverinfo="text",
               hovertext=[f"{r.label}: claimed in {r.claimed} of {r.games} games"
                          for r in shown]),
        layout=layout(heading, height=max(300, 28 * len(shown) + 110),
                       xaxis=share_axis("share of games claimed") | {"range": [0, 1.15]},
                       margin={"l": 250, "r": 20, "t": 60, "b": 50}, showlegend=False))


def _bar_names(rows: Sequence[ClaimFrequency]) -> list[str]:
    """Each route's name; the two tracks of a double route that read the same are told apart
    as 'track 1' and 'track 2' (in the map's order of their ids)."""
    same: dict[str, list[str]] = {}
    for r in rows:
        same.setdefault(r.label, []).append(r.route_id)
    return [f"{r.label}, track {sorted(same[r.label]).index(r.route_id) + 1}"
            if len(same[r.label]) > 1 else r.label for r in rows]


def claim_map_figure(board: Board, rows: Sequence[ClaimFrequency], *, top: int = 10) -> go.Figure:
    """The board with its ``top`` most claimed routes highlighted."""
    routes = [r.route_id for r in rows[:top]]
    return map_figure(board, highlight=routes, highlight_label=f"{len(routes)} most claimed",
                      player_colors=())  # many games' claims, no one game's players



# --- the ticket deal ---------------------------------------------------------------------------

def deal_table(deals: Sequence[Deal], points: int) -> widgets.HTML:
    """Each way to play: its deck, its setup deal, the exact chance that two dealt tickets
    share a city and the chance of keeping no ticket worth more than ``points``."""
    rows = []
    for deal in deals:
        shared, low = shared_city_chance(deal), low_keep_chance(deal, points)
        rows.append((deal.title, f"{deal.size} tickets", deal.setup, str(shared), percent(shared),
                     str(low), percent(low)))
    return table(["way to play", "deck", "at setup", "two share a city", "about",
                  f"keep none over {points} points", "about"], rows)


def shared_city_figure(deals: Sequence[Deal], *,
                       title: str = "Dealt at setup: at least two tickets share a city"
                       ) -> go.Figure:
    """One bar per way to play, labelled with the exact chance."""
    chances = [shared_city_chance(deal) for deal in deals]
    return go.Figure(
        go.Bar(x=[f"{deal.title}<br>{deal.setup}" for deal in deals],
               y=[float(p) for p in chances], text=[fraction_text(p) for p in chances],
               textposition="outside", cliponaxis=False, marker_color=BAR, hoverinfo="x+text"),
        layout=layout(title, yaxis=share_axis("chance"), showlegend=False))


def low_keep_figure(deals: Sequence[Deal], values: Sequence[int], *,
                    title: str = "Dealt at setup: you can keep no ticket worth more than …"
                    ) -> go.Figure:
    """One line per way to play: the chance of keeping only tickets worth at most each of
    ``values`` points."""
    traces = [
        go.Scatter(x=list(values), y=[float(p) for p in curve], mode="lines+markers",
                   name=f"{deal.title} ({deal.setup})",
                   line={"color": PALETTE[i % len(PALETTE)]}, hoverinfo="text",
                   hovertext=[f"{deal.title}, none over {v}: {p} = {percent(p)}"
                              for v, p in zip(values, curve, strict=True)])
        for i, deal in enumerate(deals)
        for curve in (low_keep_curve(deal, values),)
    ]
    return go.Figure(traces, layout=layout(title, yaxis=share_axis("chance"),
                                            xaxis={"title": "points", "dtick": 1}))
