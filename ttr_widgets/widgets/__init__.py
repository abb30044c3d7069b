"""ipywidgets and plotly components over the rules core.

The board: ``render.map_figure`` (a pure figure builder) and ``MapView`` (the clickable widget).
The pages: ``PlayApp`` (play against bots), ``TicketScorer``, ``ScoringExplorer``,
``TunnelOddsExplorer``; the course's ``TryIt`` and exercises live in ``lesson``.
"""

from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.render import map_figure
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.pages.explorer import ScoringExplorer
from ttr_widgets.widgets.pages.odds import TunnelOddsExplorer
from ttr_widgets.widgets.pages.scorer import TicketScorer
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = ["DEFAULT_PLAYER_COLORS", "MapView", "PlayApp", "ScoringExplorer", "TicketScorer",
           "TunnelOddsExplorer", "map_figure"]
