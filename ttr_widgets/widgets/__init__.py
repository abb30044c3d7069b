"""ipywidgets and plotly components over the rules core.

The board: ``render.map_figure`` (a pure figure builder) and ``MapView`` (the clickable widget).
The pages: ``PlayApp`` (play against bots), ``TicketScorer``, ``ScoringExplorer``,
``TunnelOddsExplorer``; the course's ``TryIt`` and exercises live in ``lesson``.
"""

from ..serve import use_served_plotly_module
from .app import PlayApp
from .explorer import ScoringExplorer
from .map_view import MapView
from .odds_view import TunnelOddsExplorer
from .render import map_figure
from .scorer import TicketScorer
from .style import DEFAULT_PLAYER_COLORS

use_served_plotly_module()  # under `ttr serve`, boards load plotly's module from a cached file

__all__ = ["DEFAULT_PLAYER_COLORS", "MapView", "PlayApp", "ScoringExplorer", "TicketScorer",
           "TunnelOddsExplorer", "map_figure"]
