"""What ``ttr serve`` serves and how: the checked plan (:class:`ServePlan`, :func:`plan`), the
complete configuration Voila runs with (:func:`voila_config`), what is printed before serving
(:func:`banner`), and where the kit's notebooks and page template are. The package's docstring
(:mod:`ttr_widgets.server`) says what the policy is and why."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.server import ServeError
from ttr_widgets.server.pool import MAX_POOL, POOL_FILL_DELAY, default_pool_size
from ttr_widgets.tables.stores import is_database

DEFAULT_PORT = 8866
DEFAULT_APP = "Play.ipynb"
DEFAULT_IDLE_TIMEOUT = 900  #: seconds without kernel activity before a kernel is shut down
CULL_INTERVAL = 60  #: seconds between two looks for idle kernels
CELL_TIMEOUT = 120  #: seconds a notebook cell may run while a page renders, and Voila waits
#: for its outputs after the kernel's reply
HOST = "localhost"
LOOPBACK = ("localhost", "127.0.0.1", "::1")  #: addresses only this machine reaches
EVERY_ADDRESS = ("0.0.0.0", "::")  #: addresses that listen on every network of the machine
TEMPLATE = "ttr"  #: Voila's lab template minus its CDN stylesheets (ttr_widgets/share/voila/...)
PACKAGE_DIR = Path(__file__).resolve().parent.parent
SHARE_DIR = PACKAGE_DIR / "share"  #: a Jupyter data dir holding the template
ALLOWED_FILES = (r".*\.(png|jpg|jpeg|gif|svg)",)  #: files a page may fetch from the served dir
DENIED_FILES = (r".*\.(ipynb|py|json)",)
UNUSED_EXTENSIONS = ("jupyterlab-plotly",)  #: JupyterLab extensions the kit's pages leave out
#: the kernel specs Voila starts kernels from: each ipykernel with the server's start-up hook
#: (named, not imported: the ``ttr`` command line starts without Jupyter's client)
KERNEL_SPEC_MANAGER = "ttr_widgets.server.kernel.ServedKernelSpecManager"


@dataclass(frozen=True, slots=True)
class ServePlan:
    """What to serve, where and how; every field is checked by :func:`plan`."""

    root: Path
    port: int = DEFAULT_PORT
    app: str = DEFAULT_APP
    preheat: bool = True
    pool: int = 1  #: pre-heated kernels kept ready for the app (when ``preheat``)
    idle_timeout: int = DEFAULT_IDLE_TIMEOUT
    open_browser: bool = False
    verbose: bool = False
    host: str = HOST
    #: the shared tables' file or PostgreSQL address (None: the user's data directory's file)
    tables: Path | str | None = None
    class_key: str = ""  #: asked of every page and client when serving a network
    prefix: str = "/"  #: the path every address is under (``--base-url``; a hub service's)

    @property
    def address(self) -> str:
        """The server's address as a visitor types it (on a network: this machine's)."""
        host = machine_address() if self.host in EVERY_ADDRESS else self.host
        return f"[{host}]" if ":" in host else host

    @property
    def base_url(self) -> str:
        return f"http://{self.address}:{self.port}{self.prefix}"

    @property
    def local_url(self) -> str:
        """The server's address as this machine's own programs (its kernels) reach it."""
        host = "127.0.0.1" if self.host in (*LOOPBACK, *EVERY_ADDRESS) else self.address
        return f"http://{host}:{self.port}{self.prefix}"

    def keyed(self, url: str) -> str:
        """``url`` with the class key, when there is one."""
        if not self.class_key:
            return url
        return f"{url}{'&' if '?' in url else '?'}token={self.class_key}"

    @property
    def app_url(self) -> str:
        """The page of the app notebook; Voila renders a served directory's notebooks here."""
        return notebook_url(self.base_url, self.app)

    @property
    def app_path(self) -> Path:
        return self.root / self.app

    @property
    def app_exists(self) -> bool:
        return self.app_path.is_file()


def notebook_url(base_url: str, notebook: str) -> str:
    """``http://host:port/voila/render/<notebook>``, the notebook's path percent-quoted."""
    return f"{base_url.rstrip('/')}/voila/render/{quote(notebook)}"


# --- where the notebooks are -------------------------------------------------------------------

def kit_notebooks_dir() -> Path:
    """The kit's notebooks: the wheel's copy inside the package, else the repository's.

    The top-level ``notebooks/`` is their one source. Building a wheel copies it into the
    package as ``ttr_widgets/notebooks/`` (``setup.py``), so ``ttr serve`` works from any folder
    after ``pip install``; a source checkout or an editable install (``pip install -e .``,
    which is what ``make`` does) reads ``notebooks/`` next to the package.
    """
    for here in (PACKAGE_DIR / "notebooks", PACKAGE_DIR.parent / "notebooks"):
        if (here / DEFAULT_APP).is_file():
            return here
    raise ServeError(_("the kit's notebooks are missing (looked in {inside} and {beside}); "
                       "reinstall the kit or pass --root DIR").format(
        inside=PACKAGE_DIR / "notebooks", beside=PACKAGE_DIR.parent / "notebooks"))


def app_name(text: str) -> str:
    """A notebook name relative to the served directory: no absolute path, no ``..``."""
    name = text.strip()
    if not name.endswith(".ipynb"):
        name += ".ipynb"
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name or name == ".ipynb":
        raise ServeError(_("--notebook {name}: give a notebook inside the served directory, "
                           "e.g. Play.ipynb").format(name=repr(text)))
    return path.as_posix()


# --- the plan and Voila's configuration --------------------------------------------------------

def machine_address() -> str:
    """This machine's address on its network (what others type), or its name when none is
    found."""
    name = socket.gethostname()
    try:
        found = {info[4][0] for info in socket.getaddrinfo(name, None, socket.AF_INET)}
    except OSError:
        found = set()
    try:  # the address the machine would send from (no packet leaves: UDP connect)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    outside = sorted(a for a in found if not a.startswith("127."))
    return outside[0] if outside else name


def plan(*, root: Path | None = None, port: int = DEFAULT_PORT, notebook: str = DEFAULT_APP,
         preheat: bool = True, pool: int | None = None,
         idle_timeout: int = DEFAULT_IDLE_TIMEOUT,
         open_browser: bool = False, verbose: bool = False, host: str = HOST,
         tables: Path | str | None = None, class_key: str = "", prefix: str = "/"
         ) -> ServePlan:
    """A checked :class:`ServePlan` (raises :class:`ServeError` naming the bad argument). Off
    loopback every page and client needs the class key (``class_key``, a new one if not
    given)."""
    directory = kit_notebooks_dir() if root is None else Path(root).resolve()
    if not directory.is_dir():
        raise ServeError(_("--root {root}: not a directory").format(root=root))
    if idle_timeout < 60:
        raise ServeError(_("--idle-timeout {seconds}: give at least {least} seconds (shorter "
                           "ends the kernel of someone still thinking)").format(
            seconds=idle_timeout, least=60))
    if not 1 <= port <= 65535:
        raise ServeError(_("--port {port}: a port is 1 to 65535").format(port=port))
    size = default_pool_size() if pool is None else pool
    if not 0 <= size <= MAX_POOL:
        raise ServeError(_("--pool {n}: give 0 to {most} kernels (0 starts every kernel on "
                           "request)").format(n=pool, most=MAX_POOL))
    host = host.strip()
    if not host or any(c in host for c in "/?#@ "):
        raise ServeError(_("--host {host}: give an address to listen on, like 0.0.0.0 (every "
                           "network of this machine) or localhost").format(host=repr(host)))
    if host not in LOOPBACK and not class_key:
        class_key = new_class_key()
    if tables is not None and not is_database(tables) and Path(tables).is_dir():
        raise ServeError(_("--tables {place}: a directory; give the file to keep tables "
                           "in").format(place=tables))
    if tables is not None and not is_database(tables):
        tables = Path(tables).resolve()
    return ServePlan(root=directory, port=port, app=app_name(notebook),
                     prefix=url_prefix(prefix),
                     preheat=preheat and size > 0, pool=size if preheat else 0,
                     idle_timeout=idle_timeout, open_browser=open_browser, verbose=verbose,
                     host=host, tables=tables,
                     class_key=class_key)


def url_prefix(text: str) -> str:
    """``--base-url``: a path like ``/services/ttr-tables/`` (slashes added at both ends)."""
    path = "/" + text.strip().strip("/") + "/" if text.strip().strip("/") else "/"
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~/")
    if "//" in path or not set(path) <= allowed or "/../" in path or "/./" in path:
        raise ServeError(_("--base-url {path}: give a path of letters, digits, - _ . ~ and /, "
                           "like /services/ttr-tables/").format(path=repr(text)))
    return path


def new_class_key() -> str:
    """A class key: 22 random characters, part of every link a network's server gives."""
    import secrets

    return secrets.token_urlsafe(16)


def voila_config(serve_plan: ServePlan) -> dict[str, dict[str, Any]]:
    """The complete traitlets configuration Voila runs with, section by section."""
    return {
        "Voila": {
            "root_dir": str(serve_plan.root),
            "ip": serve_plan.host,
            "port": serve_plan.port,
            "base_url": serve_plan.prefix,  # every page, API and socket under it (--base-url)
            "port_retries": 0,  # never drift to another port: the printed URL must be right
            "open_browser": False,  # ttr opens the app's page itself, and only on request
            "config_file_paths": [],  # the kit's policy only; no stray voila.json
            "log_level": "INFO" if serve_plan.verbose else "WARN",
            # Voila's page asks for its kernel's shutdown on `beforeunload` with a beacon that
            # carries an `_xsrf` cookie standalone Voila never sets: checked, it is refused (403)
            # and every reload leaks a kernel. Unchecked, a foreign page could end a kernel only
            # by knowing its random id (Voila's one other write, DELETE /api/kernels/<id>, needs
            # the id too, and a CORS preflight this server never grants).
            "tornado_settings": {"disable_check_xsrf": True},
            # off loopback every request needs the class key (Jupyter's token: ?token=… once,
            # then a cookie); on loopback none is asked
            **({"token": serve_plan.class_key} if serve_plan.class_key else {}),
        },
        "VoilaConfiguration": {
            "show_tracebacks": False,
            "strip_sources": True,
            "preheat_kernel": serve_plan.preheat,
            "default_pool_size": 0,  # only the app's pool, below
            "file_allowlist": list(ALLOWED_FILES),
            "file_denylist": list(DENIED_FILES),
            "template": TEMPLATE,
            "classic_tree": True,
            "allow_template_override": "NO",
            "allow_theme_override": "NO",
            # plotly's own JupyterLab renderer: 4.7 MB of plotly.js that every page would load
            # at once, though under `ttr serve` every chart is a widget drawn by the served module
            "extension_denylist": list(UNUSED_EXTENSIONS),
            # every kernel, the pool's and those started on request, runs the server's start-up
            # hook (ttr_widgets.server.kernel): plotly's served module, a quiet log
            "kernel_spec_manager_class": KERNEL_SPEC_MANAGER,
        },
        "VoilaKernelManager": {  # read only when preheat_kernel is on
            "kernel_pools_config": {
                "default": {"pool_size": 0},
                serve_plan.app: {"pool_size": serve_plan.pool},
            },
            "fill_delay": POOL_FILL_DELAY,
        },
        # Kernels talk to the server over Unix sockets in the server's connection directory,
        # not over localhost TCP: no port any local user could reach, and no "Kernel is running
        # over TCP without encryption" warning from every kernel started.
        "KernelManager": {"transport": "ipc"},
        "MappingKernelManager": {
            "cull_idle_timeout": serve_plan.idle_timeout,
            "cull_interval": CULL_INTERVAL,
            "cull_connected": True,
            "cull_busy": False,
        },
        # Voila runs a page's notebook with nbclient, which stops listening for a cell's outputs
        # 4 s after the kernel's reply to the execution (``iopub_timeout``). The app's cell
        # sends about 600 widget messages before its one output, and with many kernels starting
        # at once the server reads them well after that reply: the page then arrived without
        # the app and stayed so (a class of 20 on 2 cores lost most pages this way).
        "VoilaExecutor": {
            "timeout": CELL_TIMEOUT,
            "iopub_timeout": CELL_TIMEOUT,
        },
    }


def banner(serve_plan: ServePlan, tables: str = "") -> list[str]:
    """The lines ``ttr serve`` prints before serving (``tables``: where the shared tables are
    kept)."""
    lines = [_("Serving {root} with Voila at {address}").format(root=serve_plan.root,
                                                                address=serve_plan.base_url)]
    if serve_plan.app_exists:
        lines.append(_("The app: {address}").format(address=serve_plan.keyed(serve_plan.app_url)))
        if serve_plan.pool:
            lines.append(ngettext(
                "Keeping {n} kernel ready with the app running, for the next visitors (--pool "
                "{n}).",
                "Keeping {n} kernels ready with the app running, for the next visitors (--pool "
                "{n}).", serve_plan.pool).format(n=serve_plan.pool))
    else:
        lines.append(_("The app is not built yet: {path} does not exist; the directory's "
                       "notebooks are listed at {address}").format(
            path=serve_plan.app_path, address=serve_plan.base_url))
    if serve_plan.class_key:
        lines.append(_("On this network others open {address} (the class key {key} is part of "
                       "every link).").format(address=serve_plan.keyed(serve_plan.base_url),
                                              key=serve_plan.class_key))
    if tables:
        lines.append(_("Shared tables are kept in {place}").format(place=tables))
    lines.append(_("Press Ctrl-C to stop."))
    return lines


def use_kit_templates(environ: dict[str, str] | None = None) -> None:
    """Put the kit's Jupyter data directory first on ``JUPYTER_PATH`` (in ``os.environ`` by
    default), where Voila looks for templates; idempotent."""
    env: Any = os.environ if environ is None else environ
    parts = [part for part in env.get("JUPYTER_PATH", "").split(os.pathsep) if part]
    if str(SHARE_DIR) not in parts:
        env["JUPYTER_PATH"] = os.pathsep.join([str(SHARE_DIR), *parts])
