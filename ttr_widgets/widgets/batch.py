"""Several changes to a page's inputs, drawn once.

A page whose inputs each redraw it on change (the scorer, the odds explorer) makes many changes
at once (a position loaded, a hand replaced): inside ``with batch:`` (nested too) the page's
change handlers ask ``batch.open`` and leave the drawing to the end of the outermost block.
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType

__all__ = ["Batch"]


class Batch:
    """Calls ``draw`` once when the outermost ``with`` block ends, also when it ends by an
    error, so that the page shows what its inputs say."""

    def __init__(self, draw: Callable[[], object]) -> None:
        self._draw = draw
        self._depth = 0

    @property
    def open(self) -> bool:
        """Whether changes are being gathered (a handler then leaves the drawing)."""
        return self._depth > 0

    def __enter__(self) -> Batch:
        self._depth += 1
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._depth -= 1
        if not self._depth:
            self._draw()
