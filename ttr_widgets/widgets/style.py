"""How the board looks: the colours and marker symbols every drawing shares.

Every train colour has its own marker symbol as well as its fill, so a reader who cannot tell red
from green can still tell a red route from a green one. Symbols that mean something else on the
board (the claimed-train square, the locomotive star) are never used for a train colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ttr_widgets.rules.model import GRAY, ROUTE_COLORS

#: Fill of an unclaimed train space, by route colour (``gray`` is drawn gray).
ROUTE_FILL: Mapping[str, str] = MappingProxyType({
    "red": "#e0393e",
    "orange": "#f28e1c",
    "yellow": "#f5d328",
    "green": "#34a048",
    "blue": "#2c6fd1",
    "pink": "#f59ac5",
    "white": "#ffffff",
    "black": "#262626",
    GRAY: "#a6a6a6",
})

#: Marker symbol of an unclaimed train space, by route colour (plotly symbol names).
ROUTE_SYMBOL: Mapping[str, str] = MappingProxyType({
    "red": "diamond",
    "orange": "triangle-down",
    "yellow": "triangle-up",
    "green": "cross",
    "blue": "bowtie",
    "pink": "hourglass",
    "white": "hexagram",
    "black": "x",
    GRAY: "circle",
})

LOCOMOTIVE_SYMBOL = "star"  #: a ferry space that needs a locomotive
LOCOMOTIVE_FILL = "#6d6d6d"
CLAIMED_SYMBOL = "square"  #: a train space a player has claimed (a plastic train on it)
STATION_SYMBOL = "triangle-up"  #: a station, drawn at its city in the owner's colour
DEPOT_SYMBOL = "pentagon"  #: a Depot (Warehouses & Depots), at its city in the owner's colour

#: Player colours, colour-blind friendly shades of the game's blue, red, green, yellow and black.
DEFAULT_PLAYER_COLORS: tuple[str, ...] = ("#0072b2", "#d55e00", "#009e73", "#e6c619", "#1a1a1a")

BACKGROUND = "#f5f0e1"  #: the parchment the map is printed on
INK = "#303030"  #: outlines, names
TRACK = "#c9bfa5"  #: the faint line joining the two cities of a route
TUNNEL_INK = "#1a1a1a"  #: outline and dashed track of a tunnel
HIGHLIGHT = "rgba(255, 170, 0, 0.55)"  #: the broad band under highlighted routes
SELECTION = "#d6006e"  #: the ring around the selected route or city
CITY_FILL = "#fffdf6"

# Sizes in screen pixels.
SPACE_SIZE = 10  #: a train space marker
CLAIMED_SIZE = 11
CITY_SIZE = 11
STATION_SIZE = 15
SPACE_LINE = 1.0
TUNNEL_LINE = 2.2
CLAIMED_LINE = 1.5
HIGHLIGHT_WIDTH = 14
SELECTION_SIZE = 17
CITY_FONT_SIZE = 11

def legend_entries() -> tuple[tuple[str, str, str], ...]:
    """``(label, symbol, fill)`` for each train colour, then the locomotive and a claimed space."""
    colours = tuple((name, ROUTE_SYMBOL[name], ROUTE_FILL[name]) for name in ROUTE_COLORS)
    return (*colours, ("locomotive", LOCOMOTIVE_SYMBOL, LOCOMOTIVE_FILL),
            ("claimed", CLAIMED_SYMBOL, DEFAULT_PLAYER_COLORS[0]))
