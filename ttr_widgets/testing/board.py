"""Reading a drawn board back, for tests of the widgets."""

from __future__ import annotations

from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.render import HIGHLIGHT

__all__ = ["highlighted"]


def highlighted(view: MapView) -> set[str]:
    """The routes under the highlight band, read back from the figure's coordinates."""
    trace = view.widget.data[HIGHLIGHT]
    runs: list[tuple[tuple[float, float], ...]] = []
    run: list[tuple[float, float]] = []
    for x, y in zip(trace.x or (), trace.y or (), strict=True):
        if x is None:
            runs.append(tuple(run))
            run = []
        else:
            run.append((x, y))
    by_path = {tuple(points): rid for rid, points in view.geometry.paths.items()}
    return {by_path[r] for r in runs}
