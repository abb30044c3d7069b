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
#: Each player's trains have a shape of their own as well as their colour, so that two players
#: are told apart without telling their colours apart: squares that join into a bar, plain, with
#: an ×, a +, a dot (the ink of their outline), and an octagon for the fifth.
CLAIMED_SYMBOLS: tuple[str, ...] = (CLAIMED_SYMBOL, "square-x", "square-cross", "square-dot",
                                    "octagon")
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
MARKED = "#2c6fd1"  #: the ring around a city to look at (an offered ticket's city)
LAST = "#ffd000"  #: the outline of a player's last claim (a bright edge round their trains)
LAST_RING = 3.5  #: how far that edge reaches outside the trains' squares (it lies under them)
CLOSED_OPACITY = 0.3  #: a track nobody may claim any more (the twin of a claimed double)
CITY_FILL = "#fffdf6"

# Sizes in screen pixels.
SPACE_SIZE = 10  #: a train space marker
CLAIMED_SIZE = 13  #: larger than the pitch: a claimed route's squares join into one bar
CITY_SIZE = 11
STATION_SIZE = 15
SPACE_LINE = 1.0
TUNNEL_LINE = 2.2
CLAIMED_LINE = 2.0
HIGHLIGHT_WIDTH = 14
SELECTION_SIZE = 17
MARKED_SIZE = 24
CITY_FONT_SIZE = 11

def claimed_symbol(player: int) -> str:
    """The shape of ``player``'s trains on the board and in its key (``CLAIMED_SYMBOLS``)."""
    return CLAIMED_SYMBOLS[player % len(CLAIMED_SYMBOLS)]


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21; text needs 4.5 for AA)."""
    def luminance(colour: str) -> float:
        rgb = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable_ink(fill: str) -> str:
    """White or black, whichever reads better on ``fill`` (a card's name on its colour): at
    least AA's 4.5 on every card colour of the game (red takes black: 4.8, white is 4.3)."""
    return max(("#ffffff", "#000000"), key=lambda ink: contrast(fill, ink))


def legend_entries() -> tuple[tuple[str, str, str], ...]:
    """``(label, symbol, fill)`` for each train colour, then the locomotive (the board's legend
    then keys each player's colour, as their claimed trains look)."""
    colours = tuple((name, ROUTE_SYMBOL[name], ROUTE_FILL[name]) for name in ROUTE_COLORS)
    return (*colours, ("locomotive", LOCOMOTIVE_SYMBOL, LOCOMOTIVE_FILL))


#: The play app's page rules (one ``<style>`` block the app carries): the table's layout (the
#: board beside the side panel, the panel under the board when the page is narrow), compact
#: panels, the status line's fixed height, its flash and its "why?" popover. Beside the board,
#: a side panel with tabs (the app's) or a ``ttr-side-scroll`` part (the team table's) is no
#: taller than the table's height on the screen (``fit.BoardFit`` sets ``--ttr-table-height``,
#: never below 480 px): what is taller than what is left (the Game tab's two forms) scrolls
#: inside that part, while the status line and the players stay in view.
APP_CSS = """
.ttr-app { max-width: 100%; box-sizing: border-box; }
body.ttr-opening-table .ttr-app .ttr-row { visibility: hidden; }
.ttr-app .ttr-row { display: flex; flex-flow: row wrap; align-items: flex-start;
  gap: 4px 8px; width: 100%; }
.ttr-app .ttr-board { flex: 0 0 auto; overflow: hidden; max-width: 100%;
  align-items: flex-start; }
.ttr-app .ttr-board > * { transform-origin: 0 0; }
.ttr-app .ttr-side { flex: 1 1 360px; min-width: 330px; max-width: 440px; margin: 0;
  overflow: visible; }
.ttr-app .ttr-row, .ttr-app .ttr-tabs { overflow: visible; }
.ttr-app .ttr-tabs, .ttr-app .ttr-status { width: auto; align-self: stretch; }
.ttr-app .ttr-side > *, .ttr-app .ttr-side-scroll > * { flex: 0 0 auto; }
.ttr-app[data-board-fit$=" beside"] .ttr-side:has(> .ttr-tabs, > .ttr-side-scroll) {
  max-height: max(var(--ttr-table-height, 100000px), 480px); }
.ttr-app[data-board-fit$=" beside"] .ttr-side > .ttr-tabs { flex: 0 1 auto; min-height: 0; }
.ttr-app[data-board-fit$=" beside"] .ttr-tabs > .widget-tab-contents,
.ttr-app[data-board-fit$=" beside"] .ttr-side > .ttr-side-scroll {
  flex: 0 1 auto; min-height: 0; overflow-y: auto; }
.ttr-app .ttr-fit-note { font-size: 12px; color: #8a1c12; }
.ttr-app .ttr-fit-note:empty { display: none; }
.ttr-app .ttr-undo, .ttr-app .ttr-redo { width: auto !important; min-width: 70px; }
.ttr-status .widget-html-content { line-height: 18px; overflow: visible; }
.ttr-status .ttr-flash { position: relative; display: flex; gap: 6px; align-items: flex-start;
  box-sizing: border-box; height: 62px; padding: 4px 8px; border-radius: 4px;
  font-size: 13px; line-height: 18px; animation: ttr-flash 0.9s ease-out; }
.ttr-status .ttr-status-text { flex: 1 1 auto; align-self: stretch; min-width: 0;
  display: flex; flex-direction: column; overflow: hidden; white-space: normal; }
.ttr-status .ttr-status-news { flex: 0 1 auto; min-height: 18px; overflow: hidden;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; }
.ttr-status .ttr-status-news:not(:last-child) { -webkit-line-clamp: 2; }
.ttr-status .ttr-status-news:has(+ .ttr-status-then-long) { -webkit-line-clamp: 1; }
.ttr-status .ttr-status-then { flex: 0 0 auto; }
.ttr-status .ttr-status-more { flex: 0 0 auto; align-self: flex-end; cursor: pointer;
  font-size: 12px; padding: 0 5px; border: 1px solid currentColor; border-radius: 3px;
  white-space: nowrap; user-select: none; opacity: 0.85; }
.ttr-status .ttr-more-open, .ttr-status .ttr-status-toggle:checked ~ .ttr-more-closed {
  display: none; }
.ttr-status .ttr-status-toggle:checked ~ .ttr-more-open { display: inline; }
.ttr-status .ttr-flash:has(.ttr-status-toggle:checked) { height: auto; min-height: 62px; }
.ttr-status .ttr-flash:has(.ttr-status-toggle:checked) .ttr-status-news {
  display: block; -webkit-line-clamp: unset; overflow: visible; }
@keyframes ttr-flash {
  0% { box-shadow: 0 0 0 3px rgba(214, 150, 0, 0.95); }
  100% { box-shadow: 0 0 0 3px rgba(214, 150, 0, 0); } }
.ttr-why { flex: 0 0 auto; font-size: 12px; line-height: 18px; }
.ttr-why summary { cursor: pointer; list-style: none; text-decoration: underline dotted;
  color: #555; }
.ttr-why summary::-webkit-details-marker { display: none; }
.ttr-why .ttr-why-text { position: absolute; left: 0; right: 0; top: 100%; z-index: 30;
  margin-top: 2px; padding: 6px 8px; background: #fffdf6; color: #303030;
  border: 1px solid #c9bfa5; border-radius: 4px; box-shadow: 0 2px 6px rgba(0,0,0,0.2);
  font-size: 12px; white-space: normal; }
.ttr-claim .ttr-why { display: inline-block; margin-left: 4px; }
.ttr-claim .ttr-claim-notes { position: relative; }
.ttr-app .ttr-tabs .widget-tab-contents, .ttr-app .ttr-tabs .lm-TabPanel-stackedPanel,
.ttr-app .ttr-tabs > .p-TabPanel-stackedPanel { padding: 4px 6px; overflow: visible; }
.ttr-app .ttr-tabs .lm-TabBar-tab { min-height: 24px; max-height: 24px; line-height: 22px; }
.ttr-app .ttr-tabs .lm-TabBar { min-height: 26px; max-height: 26px; }
.ttr-app .ttr-players td, .ttr-app .ttr-players th { padding: 0 4px; line-height: 18px; }
.ttr-app .widget-html-content { line-height: 1.35; }
.ttr-app .ttr-ticket { height: 24px; margin: 1px 0; }
.ttr-app .ttr-ticket-choice, .ttr-app .ttr-share-pick { height: 22px; margin: 1px 0; }
.ttr-finder .ttr-finder-buttons .jupyter-button { flex: 0 0 auto; }
@media (max-width: 1100px), (max-height: 800px) {  /* a small screen: the finder's key list
  shows while the finder has the focus (Alt+F, Tab, a tap); else it is only read out */
  .ttr-app .ttr-finder:not(:focus-within) .ttr-keys { position: absolute !important;
    width: 1px !important; height: 1px !important; overflow: hidden; clip: rect(0 0 0 0);
    white-space: nowrap; } }
@media (max-width: 1100px) {  /* a narrow side panel (1024×768): the five face-up cards on
  one line and the draw buttons beside the piles' counts, so that the hand and the tickets stay
  in view under them as at 1366×768 */
  .ttr-app .ttr-market-card { flex: 1 1 0; min-width: 0; width: auto !important;
    height: 28px !important; font-size: 11px !important; padding: 0 1px !important; }
  .ttr-app .ttr-blind-draw, .ttr-app .ttr-draw-tickets { width: auto !important;
    padding: 0 6px; }
  .ttr-app .ttr-piles { min-width: 0; } }
.ttr-finder kbd { font: 11px monospace; padding: 0 3px; border: 1px solid #8a8170;
  border-radius: 3px; background: #fffdf6; }
"""
