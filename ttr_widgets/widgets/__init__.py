"""ipywidgets and plotly components over the rules core.

The board: ``render.map_figure`` (a pure figure builder) and ``MapView`` (the clickable widget).
The pages: ``PlayApp`` (play against bots), ``TicketScorer``, ``ScoringExplorer``,
``TunnelOddsExplorer``; the course's ``TryIt`` and exercises live in ``lesson``.
"""

from ..serve import prepare_served_kernel
from .app import PlayApp
from .explorer import ScoringExplorer
from .map_view import MapView
from .odds_view import TunnelOddsExplorer
from .render import map_figure
from .scorer import TicketScorer
from .style import DEFAULT_PLAYER_COLORS

prepare_served_kernel()  # under `ttr serve`: plotly's module from a cached file, a quiet log

__all__ = ["DEFAULT_PLAYER_COLORS", "MapView", "PlayApp", "ScoringExplorer", "TicketScorer",
           "TunnelOddsExplorer", "map_figure"]
