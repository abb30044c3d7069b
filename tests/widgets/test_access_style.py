"""The board and the cards read without telling colours apart, at AA contrast: every card's name
on its colour reaches 4.5:1, and each player's trains have a shape of their own, on the board
and in its key."""

from __future__ import annotations

from ttr_widgets.rules.maps import load_map
from ttr_widgets.widgets import style
from ttr_widgets.widgets.board.render import ROUTES, map_figure
from ttr_widgets.widgets.table.market import CARD_FILL, CARD_INK


def test_every_card_name_reads_at_aa_contrast_on_its_colour():
    ratios = {card: round(style.contrast(CARD_FILL[card], CARD_INK[card]), 2)
              for card in CARD_FILL}
    assert min(ratios.values()) >= 4.5, ratios
    assert CARD_INK["red"] == "#000000" and CARD_INK["blue"] == "#ffffff"
    assert round(style.contrast("#ffffff", "#000000"), 1) == 21.0


def test_each_players_trains_have_their_own_shape_unlike_any_route_colours():
    assert len(set(style.CLAIMED_SYMBOLS)) == len(style.CLAIMED_SYMBOLS) == 5
    assert not set(style.CLAIMED_SYMBOLS) & {*style.ROUTE_SYMBOL.values(),
                                              style.LOCOMOTIVE_SYMBOL}
    usa = load_map("usa")
    owners = {usa.routes[i].id: i for i in range(5)}
    names = ("Ann", "Bob", "Cy", "Di", "Ed")
    figure = map_figure(usa, owners=owners, player_colors=style.DEFAULT_PLAYER_COLORS,
                        player_names=names)
    trace = figure.data[ROUTES]
    shapes = {trace.customdata[i]: trace.marker.symbol[i] for i in range(len(trace.customdata))
              if trace.customdata[i] in owners}
    assert shapes == {route: style.claimed_symbol(p) for route, p in owners.items()}
    keys = {t.name: t.marker.symbol for t in figure.data if t.name in names}
    assert keys == {name: style.claimed_symbol(i) for i, name in enumerate(names)}
