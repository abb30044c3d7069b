"""What a kernel of ``ttr serve`` runs as it starts, before any notebook: the server's own
start-up hook, so that the kit's widgets need know nothing of the server.

How it gets there: Voila starts every kernel of ``ttr serve`` (the pre-heated pool's and those
started on request) from the kernel spec :class:`ServedKernelSpecManager` gives it, which puts
:data:`HOOK_ARGUMENT` on an ipykernel's command line: this module as an IPython extension, which
the kernel loads while it initialises, before it answers any request. Voila is told the class
by :func:`ttr_widgets.server.config.voila_config` (``VoilaConfiguration.
kernel_spec_manager_class``); Binder and JupyterHub, whose Jupyter server is not given that
setting (``site.STANDALONE_KEYS``), start their kernels as before, with nothing of this.

What the hook does (:func:`prepare_served_kernel`):

- jsonschema's IRI grammar is never loaded (:func:`skip_iri_grammar`, 0.8 core-seconds a
  kernel);
- pyzmq's "Got events for closed stream" stays out of the server's log
  (:func:`closed_kernel_filter`: a kernel shut down as its page closes may get events on its own
  closed stream, and its stderr is the server's log);
- the kernel speaks its page's language before the notebook's first cell runs
  (``ttr_widgets.server.languages.kernel_language``: ``?lang=``, else the browser's);
- when the server serves plotly's module (its path in ``ttr_widgets.served.PLOTLY_MODULE_ENV``),
  every ``FigureWidget`` loads it from there (:func:`use_served_plotly_module`) instead of
  sending it through the page's websocket.

The module imports little (no widget, no Voila) since every served kernel imports it.
"""

from __future__ import annotations

import errno
import logging
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

from ttr_widgets.served import served_plotly_module_path
from ttr_widgets.server.plotly_module import plotly_module_loader

#: on an ipykernel's command line: load this module as an IPython extension at start
HOOK_ARGUMENT = f"--IPKernelApp.extra_extensions={__name__}"
KERNEL_SPEC_MANAGER = f"{__name__}.ServedKernelSpecManager"  #: the class, for Voila's config
IPYKERNEL_MODULES = ("ipykernel_launcher", "ipykernel")  #: ``python -m`` names of ipykernel


def served_kernel_argv(argv: Sequence[str]) -> list[str]:
    """A kernel spec's command line as ``ttr serve`` starts it: an ipykernel's gets
    :data:`HOOK_ARGUMENT` (once); any other kernel's is left as it is."""
    words = list(argv)
    ipykernel = any(words[i] == "-m" and words[i + 1] in IPYKERNEL_MODULES
                    for i in range(len(words) - 1))
    return [*words, HOOK_ARGUMENT] if ipykernel and HOOK_ARGUMENT not in words else words


class ServedKernelSpecManager(KernelSpecManager):
    """Jupyter's kernel specs, each ipykernel's command line with the server's start-up hook
    (:func:`served_kernel_argv`)."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        spec = super().get_kernel_spec(kernel_name)
        spec.argv = served_kernel_argv(spec.argv)
        return spec


def load_ipython_extension(ipython: Any) -> None:
    """IPython's entry point for an extension: the kernel is starting under ``ttr serve``."""
    prepare_served_kernel()


def prepare_served_kernel(environ: Mapping[str, str] | None = None) -> bool:
    """What a kernel of ``ttr serve`` needs before it runs a notebook (see the module's
    docstring); True if its ``FigureWidget`` loads the served plotly module."""
    from ttr_widgets.server.languages import kernel_language  # the catalogue only, no widget

    skip_iri_grammar()
    kernel_language(environ)
    # added once, however often this runs
    logging.getLogger("tornado.general").addFilter(closed_kernel_filter)
    return use_served_plotly_module(environ)


def closed_kernel_filter(record: logging.LogRecord) -> bool:
    """Keep a log record unless it tells of a kernel shutting down (its page closed): pyzmq's
    "Got events for closed stream" (messages still in flight to it, dropped as they should be),
    or tornado's "Uncaught exception in ZMQStream callback" for a socket already closed
    (``ENOTSOCK``: the kernel's last "idle" after its shutdown request, sent as its sockets
    close). The server filters its own log with it, and each served kernel its own
    (:func:`prepare_served_kernel`)."""
    if record.msg == "Got events for closed stream %s":
        return False
    error = record.exc_info[1] if record.exc_info else None
    return not (record.msg == "Uncaught exception in ZMQStream callback"
                and getattr(error, "errno", None) == errno.ENOTSOCK)


def use_served_plotly_module(environ: Mapping[str, str] | None = None) -> bool:
    """Where the server serves plotly's module (``ttr_widgets.served.PLOTLY_MODULE_ENV`` set),
    make every FigureWidget load it from the server's cached file instead of sending it through
    the page's websocket; True if it did. Elsewhere nothing changes."""
    path = served_plotly_module_path(environ)
    if path is None:
        return False
    skip_iri_grammar()  # before plotly's widget imports jsonschema
    from plotly.basewidget import BaseFigureWidget  # type: ignore[import-untyped]

    if "_esm" not in vars(BaseFigureWidget):  # plotly before 6 draws with its own extension
        return False
    BaseFigureWidget._esm = plotly_module_loader(path)
    return True


def skip_iri_grammar() -> None:
    """In a kernel of ``ttr serve``: never load ``rfc3987_syntax``, the grammar jsonschema uses
    to check IRIs. plotly's widget imports nbformat, nbformat imports jsonschema, and that module
    builds its grammar on import: about 0.8 s of CPU in every kernel, a third of what a kernel
    costs to start. A served page validates no IRIs; jsonschema simply goes without that check
    (it treats the module as missing, which is what ``None`` in ``sys.modules`` means)."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
