"""plotly's FigureWidget module as ``ttr serve`` hands it out: one file per plotly version
(:func:`plotly_module_path`), served from memory with a compile hint in front
(:func:`served_plotly_module`, :data:`COMPILE_HINT`), kept by browsers for a year
(:func:`cached_module_handler`), preloaded by every page (:func:`preload_plotly_module`), and the
few lines a served kernel's ``FigureWidget`` carries instead of the module
(:func:`plotly_module_loader`, put in place by :mod:`ttr_widgets.server.kernel`)."""

from __future__ import annotations

import importlib.util
import json
from importlib.metadata import version
from pathlib import Path
from typing import Any

from ttr_widgets.rules.i18n import _
from ttr_widgets.server import ServeError

PLOTLY_MODULE = "widgetbundle.js"  #: plotly's FigureWidget module, in plotly/package_data/
MODULE_CACHE_SECONDS = 365 * 86400  #: how long a browser keeps the served plotly module
#: V8's explicit compile hint (Chromium 136 and later; a plain comment to other browsers), put
#: before the served plotly module: compile all its functions at once, on a background thread
#: while the file arrives, not one by one on the page's main thread as each is first called
#: (loading the module calls most of them). Measured on 2 cores: the board drawn 0.15 s
#: sooner, and no more CPU.
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"


def plotly_module_path(base_url: str = "/") -> str:
    """Where ``ttr serve`` serves plotly's FigureWidget module: under the server's base URL, in
    a folder named after plotly's version (a new plotly is a new address, never a stale
    cache)."""
    return f"{base_url.rstrip('/')}/ttr/plotly-{version('plotly')}/{PLOTLY_MODULE}"


def plotly_module_file() -> Path:
    """plotly's FigureWidget module in the installed plotly package (found without importing
    plotly into the server)."""
    spec = importlib.util.find_spec("plotly")
    if spec is None or spec.origin is None:
        raise ServeError(_("plotly is not installed: reinstall the kit"))
    return Path(spec.origin).parent / "package_data" / PLOTLY_MODULE


def served_plotly_module() -> bytes:
    """What ``ttr serve`` hands out as plotly's module: the installed file after
    :data:`COMPILE_HINT`."""
    return COMPILE_HINT + plotly_module_file().read_bytes()


def cached_module_handler() -> type[Any]:
    """A tornado handler serving one body (given as ``body``) as JavaScript that browsers keep
    for :data:`MODULE_CACHE_SECONDS` without asking again (``immutable``: the address changes
    when the file does)."""
    import hashlib

    from tornado.web import RequestHandler

    class CachedModuleHandler(RequestHandler):  # type: ignore[misc]
        def initialize(self, body: bytes) -> None:
            self.body = body
            self.etag = f'"{hashlib.sha1(body).hexdigest()}"'  # once, not per request

        def compute_etag(self) -> str:
            return self.etag

        def get(self) -> None:
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            self.set_header("Cache-Control", f"public, max-age={MODULE_CACHE_SECONDS}, "
                                             "immutable")
            self.finish(self.body)

    return CachedModuleHandler


def preload_plotly_module(page_config: dict[str, Any], base_url: str, **_: Any
                          ) -> dict[str, Any]:
    """Voila's ``page_config_hook``: tell the kit's template where plotly's module is, so the
    page starts fetching and compiling it (``<link rel="modulepreload">``) while Voila's own
    JavaScript loads and the kernel connects, rather than when the board's widget asks."""
    return {**page_config, "ttrPlotlyModule": plotly_module_path(base_url)}


def plotly_module_loader(path: str) -> str:
    """The few lines of JavaScript a FigureWidget carries instead of plotly's 5 MB module: they
    import the module from ``path`` on the page's own server (the browser caches it) and hand
    on what it exports."""
    return (f"const plotly = await import(new URL({json.dumps(path)}, location.href).href);\n"
            "export const FigureModel = plotly.FigureModel;\n"
            "export const FigureView = plotly.FigureView;\n"
            "export default plotly.default;\n")
