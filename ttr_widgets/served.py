"""How the kernel this code runs in is served, as the server that started it says through the
environment: plotly's module, and where the shared tables are. It imports nothing of the kit:
the server (``ttr_widgets.server``), which sets the variables for the kernels it starts, and
the widgets, which read them, both import it.

``ttr serve`` hands plotly's FigureWidget module out as a file cached by the browser, and puts
its path in :data:`PLOTLY_MODULE_ENV` for its kernels; the server's kernel hook
(``ttr_widgets.server.kernel``) then makes every ``FigureWidget`` load it from there. A chart is
then a widget too (``score_plots.show_figure``), since the served pages leave out plotly's own
renderer. Elsewhere (JupyterLab, Binder) the variable is unset and nothing changes.

Pages served by something else than ``ttr serve`` find a shared table service through
:data:`TABLES_URL_ENV`: on JupyterHub every student's server is set (``singleuser.extraEnv``)
with the table service's address as the kernels reach it and its class key,
``TTR_TABLES_URL=http://ttr-tables:8866/?token=KEY``, and with :data:`PLAY_URL_ENV`, the play
page as a student opens it (``https://hub.example.org/hub/user-redirect/voila/render/notebooks/
Play.ipynb``: each student's own server), which a table's links then name. When the service
runs as a JupyterHub service (``http://proxy-public/services/ttr-tables/``, no ``?token=``), the
kernel proves who it is with its server's own hub token, ``JUPYTERHUB_API_TOKEN`` (with
``TTR_PLAY_URL`` set, so that a table's links never carry it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import parse_qs, urlsplit, urlunsplit

PLOTLY_MODULE_ENV = "TTR_PLOTLY_MODULE"  #: the served plotly module's path, for the kernels
TABLES_ENV = "TTR_TABLES"  #: the table service's base address, as the kernels reach it
PAGE_BASE_ENV = "TTR_PAGE_BASE"  #: the server's address as the visitors type it
CLASS_KEY_ENV = "TTR_CLASS_KEY"  #: the class key a school network's server asks for
TABLES_URL_ENV = "TTR_TABLES_URL"  #: a shared table service elsewhere (JupyterHub), with its key
PLAY_URL_ENV = "TTR_PLAY_URL"  #: the play page a table's links open (JupyterHub: the student's)
HUB_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"  #: a hub's single-user server's (and kernels') token


def served_plotly_module_path(environ: Mapping[str, str] | None = None) -> str | None:
    """The path on the page's own server of plotly's served module (``/ttr/plotly-…/…``), or
    None outside ``ttr serve``."""
    path = (os.environ if environ is None else environ).get(PLOTLY_MODULE_ENV, "")
    return path if path.startswith("/") else None


def serves_plotly_module(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this is a kernel of ``ttr serve``, whose page loads plotly's module from the
    server: charts are then drawn as widgets too (``score_plots.show_figure``)."""
    return served_plotly_module_path(environ) is not None


def table_service(environ: Mapping[str, str] | None = None) -> tuple[str, str, str] | None:
    """Where this kernel's server keeps its shared tables: (the server's base address as the
    kernel reaches it, as visitors type it, the class key or ''), or None outside ``ttr serve``
    (JupyterLab, Binder: no shared tables)."""
    env = os.environ if environ is None else environ
    base = env.get(TABLES_ENV, "")
    if base.startswith("http"):
        return base, env.get(PAGE_BASE_ENV, base), env.get(CLASS_KEY_ENV, "")
    parts = urlsplit(env.get(TABLES_URL_ENV, "").strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    base = urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + "/", "", ""))
    # no token in the address: on JupyterHub, the student's own server's hub token (only with
    # a play page of the hub's, so that no link a student shares ever carries it)
    own = env.get(HUB_TOKEN_ENV, "") if play_page(env) else ""
    return base, base, (parse_qs(parts.query).get("token") or [own])[0]


def play_page(environ: Mapping[str, str] | None = None) -> str | None:
    """The play page a shared table's links open when it is not the table service's own
    (:data:`PLAY_URL_ENV`, on JupyterHub), or None."""
    page = (os.environ if environ is None else environ).get(PLAY_URL_ENV, "").strip()
    return page if page.startswith(("http://", "https://", "/")) else None
