"""How the kernel this code runs in is served, as the server that started it says through the
environment. It imports nothing of the kit: the server (``ttr_widgets.server``), which sets the
variables for the kernels it starts, and the widgets, which read them, both import it.

``ttr serve`` hands plotly's FigureWidget module out as a file cached by the browser, and puts
its path in :data:`PLOTLY_MODULE_ENV` for its kernels; the server's kernel hook
(``ttr_widgets.server.kernel``) then makes every ``FigureWidget`` load it from there. A chart is
then a widget too (``score_plots.show_figure``), since the served pages leave out plotly's own
renderer. Elsewhere (JupyterLab, Binder) the variable is unset and nothing changes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

PLOTLY_MODULE_ENV = "TTR_PLOTLY_MODULE"  #: the served plotly module's path, for the kernels


def served_plotly_module_path(environ: Mapping[str, str] | None = None) -> str | None:
    """The path on the page's own server of plotly's served module (``/ttr/plotly-…/…``), or
    None outside ``ttr serve``."""
    path = (os.environ if environ is None else environ).get(PLOTLY_MODULE_ENV, "")
    return path if path.startswith("/") else None


def serves_plotly_module(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this is a kernel of ``ttr serve``, whose page loads plotly's module from the
    server: charts are then drawn as widgets too (``score_plots.show_figure``)."""
    return served_plotly_module_path(environ) is not None
