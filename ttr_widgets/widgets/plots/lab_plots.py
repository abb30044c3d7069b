"""Figure builders shared by the app's odds panel and the course's lab: exact chances as bars
and lines (labelled with their fraction and a percentage), plain tables, and ``show`` to put a
figure on a Voila page. Each builder takes numbers (``ttr_widgets.rules.odds``) and returns a
new ``go.Figure`` or widget, touching nothing else. The lab's own figures, drawn from simulated
games, are in ``ttr_widgets.course.lab_plots``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.odds import TunnelOdds, WhatIfOdds
from ttr_widgets.rules.words import colour_name, colour_of, decimal
from ttr_widgets.widgets import style
from ttr_widgets.widgets.plots.score_plots import show_figure

__all__ = [
    "BAR", "PALETTE", "chance_table", "distribution_figure", "distribution_texts",
    "fraction_text", "layout", "percent", "seeing_figure", "share_axis", "show", "table",
    "what_if_table",
]

PALETTE: tuple[str, ...] = style.DEFAULT_PLAYER_COLORS  #: colour-blind friendly, one per series
BAR = PALETTE[0]
_FONT = {"family": "Helvetica, Arial, sans-serif", "size": 13, "color": style.INK}


def percent(p: Fraction | float, digits: int = 1) -> str:
    """``Fraction(221, 500)`` → ``'44.2 %'`` (French ``'44,2 %'``)."""
    return f"{decimal(float(p) * 100, digits)} %"


def fraction_text(p: Fraction) -> str:
    """A chance as a fraction and a percentage: ``'26/59<br>44.1 %'`` (``'0'`` and ``'1'`` as
    such)."""
    return f"{p}<br>{percent(p)}"


def distribution_texts(distribution: Sequence[Fraction]) -> tuple[str, ...]:
    """The bar labels of ``distribution_figure``."""
    return tuple(fraction_text(p) for p in distribution)


def layout(title: str, **extra: Any) -> dict[str, Any]:
    """A figure layout in the kit's style, titled ``title``, with ``extra`` settings."""
    settings: dict[str, Any] = {
        "title": {"text": title, "x": 0.02}, "font": _FONT, "template": "plotly_white",
        "margin": {"l": 60, "r": 20, "t": 60, "b": 50}, "height": 380,
    }
    settings.update(extra)
    return settings


def share_axis(title: str) -> dict[str, Any]:
    """An axis of shares from 0 to 1 (a little over, for the labels), as percentages."""
    return {"title": title, "range": [0, 1.12], "tickformat": ".0%"}


def distribution_figure(distribution: Sequence[Fraction], *,
                        title: str | None = None) -> go.Figure:
    """One bar per number of extra cards (0, 1, …), labelled with the exact chance (its words
    in the reader's language; ``title`` by default 'Extra cards the tunnel asks for')."""
    title = _("Extra cards the tunnel asks for") if title is None else title
    figure = go.Figure(
        go.Bar(x=[_("{n} extra").format(n=k) for k in range(len(distribution))],
               y=[float(p) for p in distribution], text=list(distribution_texts(distribution)),
               textposition="outside", marker_color=BAR, hoverinfo="x+text",
               cliponaxis=False, name=_("chance")),
        layout=layout(title, yaxis=share_axis(_("chance")),
                      xaxis={"title": _("revealed cards that cost one more")},
                      showlegend=False))
    return figure


def seeing_figure(curves: Mapping[str, Sequence[Fraction]], *,
                  title: str | None = None) -> go.Figure:
    """One line per card name: the chance after drawing 0, 1, 2, … cards."""
    title = _("Chance to see at least one card of a colour") if title is None else title
    traces = [
        go.Scatter(x=list(range(len(chances))), y=[float(p) for p in chances],
                   mode="lines+markers", name=colour_name(name),
                   line={"color": _card_color(name, i)},
                   hovertext=[f"{colour_name(name)}: {p} = {percent(p)}" for p in chances],
                   hoverinfo="text")
        for i, (name, chances) in enumerate(curves.items())
    ]
    return go.Figure(traces, layout=layout(title, yaxis=share_axis(_("chance")),
                                            xaxis={"title": _("cards drawn"), "dtick": 1}))


def _card_color(name: str, i: int) -> str:
    """A card's own colour for its line; white (invisible on white) and unknown names take the
    palette's."""
    if name == "locomotive":
        return style.LOCOMOTIVE_FILL
    fill = style.ROUTE_FILL.get(name)
    return PALETTE[i % len(PALETTE)] if fill is None or name == "white" else fill


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> widgets.HTML:
    """A small HTML table: ``headers`` over ``rows`` (each cell shown as text, escaped)."""
    cell = "padding:2px 12px;text-align:left"
    head = "".join(f'<th style="{cell}">{html.escape(h)}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f'<td style="{cell}">{html.escape(str(v))}</td>'
                                    for v in row) + "</tr>" for row in rows)
    out = widgets.HTML(f'<table style="border-collapse:collapse;font-size:14px">'
                       f"<tr>{head}</tr>{body}</table>")
    out.add_class("ttr-lab-table")
    return out


def chance_table(rows: Sequence[tuple[str, Fraction]]) -> widgets.HTML:
    """Exact chances as a table: what, the fraction, the percentage."""
    return table([_("chance of"), _("exactly"), _("about")],
                 [(what, str(p), percent(p)) for what, p in rows])


def what_if_table(odds: TunnelOdds, what_if: WhatIfOdds) -> widgets.HTML:
    """The tunnel explorer's exact numbers: the chance to pay now and with one more card."""
    rows = [(_("paying the tunnel with this hand"), what_if.now)]
    if what_if.one_more_color is not None:
        rows.append((_("paying with one more {colour} card").format(
            colour=colour_of(odds.color)), what_if.one_more_color))
    if what_if.one_more_locomotive is not None:
        rows.append((_("paying with one more locomotive"), what_if.one_more_locomotive))
    return chance_table(rows)


def show(figure: go.Figure) -> widgets.Output:
    """The figure inside an Output widget, for notebooks served by Voila.

    Shown as a plain cell output, plotly's renderer caches a PNG through an output-model method
    Voila's page does not have (one console error per figure); inside a widget's output area
    it draws cleanly and offline (``score_plots.show_figure``)."""
    out = widgets.Output()
    show_figure(out, figure)
    return out

