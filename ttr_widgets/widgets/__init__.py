"""ipywidgets and plotly components over the rules core.

The board: ``render.map_figure`` (a pure figure builder) and ``MapView`` (the clickable widget).
"""

from .map_view import MapView
from .render import map_figure
from .style import DEFAULT_PLAYER_COLORS

__all__ = ["DEFAULT_PLAYER_COLORS", "MapView", "map_figure"]
