"""Serving the kit's notebooks with Voila: the plan, the Voila configuration, the port checks.

``ttr serve`` runs Voila *in its own process* (no second interpreter): :func:`serve` builds a
``voila.app.Voila`` application from :func:`voila_config` and starts it. Everything Voila is told
is in that one dictionary, so a test can read the policy without starting a server:

- only one directory is served (the kit's ``notebooks/``, see :func:`kit_notebooks_dir`), and no
  ``voila.json`` / ``voila.py`` from the working directory or ``~/.jupyter`` is read
  (``Voila.config_file_paths = []``), so a stray file cannot loosen the policy;
- tracebacks never reach the page, notebook sources are stripped, and only images are served as
  files (never ``.ipynb``, ``.py`` or ``.json``);
- a page can run no code: standalone Voila has no terminals, no contents API that writes and no
  console, and its kernel websocket forwards only widget (comm) and kernel-info messages — an
  ``execute_request`` sent by a page is dropped (tests/browser/test_serve.py proves it);
- a kernel ends when its page closes (Voila's page posts ``/voila/api/shutdown/<id>`` on
  ``beforeunload``; see the xsrf note in :func:`voila_config`) and, as a safety net, when it has
  been idle for ``idle_timeout`` seconds, even with a page still connected
  (``cull_connected``) — an abandoned tab in a classroom frees its kernel; a pre-heated kernel
  waiting in the pool is never culled;
- the app notebook gets a pool of pre-heated kernels (``pool``, by default
  :func:`default_pool_size`: sized to the machine's cores and memory): Voila runs the app in each
  in advance, so a visitor who finds one ready gets a rendered page without waiting for a kernel,
  and Voila starts a replacement :data:`POOL_FILL_DELAY` seconds later, once the machine has a
  quiet moment (:func:`start_when_quiet`: a class arriving together gets the machine first,
  and the replacement's start does not slow its first clicks); the other notebooks start their
  kernel on request (a pool per lesson would cost idle kernels each);
- plotly's JavaScript reaches each browser once: the board's module (plotly's FigureWidget
  bundle, 5 MB) would otherwise travel inside every board's widget state, through every page's
  websocket, and cost the kernel and the server a 5 MB JSON message per page. ``ttr serve``
  hands it out as a file at :func:`plotly_module_path` with a year-long, immutable cache
  lifetime (the path carries plotly's version), after a compile hint for V8
  (:data:`COMPILE_HINT`), and tells its kernels so (the
  :data:`PLOTLY_MODULE_ENV` variable); a kernel that sees the variable gives every
  ``FigureWidget`` a few-line module that imports that file (:func:`use_served_plotly_module`),
  which the browser then keeps in its HTTP cache. Elsewhere (JupyterLab, Binder) nothing
  changes;
- every page works offline: the kit's template ``ttr`` (``ttr_widgets/share/voila/templates/
  ttr/``, found through ``JUPYTER_PATH``) is Voila's ``lab`` template without the Font Awesome
  stylesheets it links from a CDN (and with its loading spinner standing still), and the
  notebook list is Voila's classic (jinja) tree, since the JupyterLab-based one logs
  widget-manager errors in the console of a page without a kernel.
"""

from __future__ import annotations

import asyncio
import errno
import importlib.util
import inspect
import json
import logging
import os
import re
import shutil
import signal
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar
from urllib.parse import quote

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.words import count

T = TypeVar("T")

DEFAULT_PORT = 8866
DEFAULT_APP = "Play.ipynb"
DEFAULT_IDLE_TIMEOUT = 900  #: seconds without kernel activity before a kernel is shut down
CULL_INTERVAL = 60  #: seconds between two looks for idle kernels
CELL_TIMEOUT = 120  #: seconds a notebook cell may run while a page renders, and Voila waits
#: for its outputs after the kernel's reply
POOL_PER_CORE = 3  #: pre-heated app kernels per core, by default
DEFAULT_POOL_CAP = 12  #: the default pool never exceeds this (``--pool`` may)
MAX_POOL = 64  #: the largest ``--pool`` accepted
POOL_FILL_DELAY = 10.0  #: seconds from a pre-heated kernel taken to its replacement starting,
#: at the earliest
POOL_FILL_BUSY = 0.6  #: a replacement kernel waits while more of the machine's CPU is in use
POOL_FILL_PATIENCE = 60.0  #: seconds a replacement waits for that quiet moment, at most
KERNEL_BYTES = 160 * 2**20  #: memory one app kernel holds (about 130 MB measured) plus margin
HOST = "localhost"
TEMPLATE = "ttr"  #: Voila's lab template minus its CDN stylesheets (ttr_widgets/share/voila/...)
#: a Jupyter data dir holding the template
SHARE_DIR = Path(__file__).resolve().parent.parent / "share"
ALLOWED_FILES = (r".*\.(png|jpg|jpeg|gif|svg)",)  #: files a page may fetch from the served dir
DENIED_FILES = (r".*\.(ipynb|py|json)",)
UNUSED_EXTENSIONS = ("jupyterlab-plotly",)  #: JupyterLab extensions the kit's pages leave out
PLOTLY_MODULE_ENV = "TTR_PLOTLY_MODULE"  #: the served plotly module's path, for the kernels
PLOTLY_MODULE = "widgetbundle.js"  #: plotly's FigureWidget module, in plotly/package_data/
MODULE_CACHE_SECONDS = 365 * 86400  #: how long a browser keeps the served plotly module
#: V8's explicit compile hint (Chromium 136 and later; a plain comment to other browsers), put
#: before the served plotly module: compile all its functions at once, on a background thread
#: while the file arrives, not one by one on the page's main thread as each is first called
#: (loading the module calls most of them). Measured on 2 cores: the board drawn 0.15 s
#: sooner, and no more CPU.
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"


class ServeError(TTRError):
    """A ``ttr serve`` argument or situation that prevents serving (one line, exit code 2)."""


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

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/"

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

PACKAGE_DIR = Path(__file__).resolve().parent.parent


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
    raise ServeError(f"the kit's notebooks are missing (looked in {PACKAGE_DIR / 'notebooks'} "
                     f"and {PACKAGE_DIR.parent / 'notebooks'}); reinstall the kit or pass "
                     "--root DIR")


def app_name(text: str) -> str:
    """A notebook name relative to the served directory: no absolute path, no ``..``."""
    name = text.strip()
    if not name.endswith(".ipynb"):
        name += ".ipynb"
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name or name == ".ipynb":
        raise ServeError(f"--notebook {text!r}: give a notebook inside the served directory, "
                         "e.g. Play.ipynb")
    return path.as_posix()


# --- ports -------------------------------------------------------------------------------------

def check_port(port: int, host: str = HOST) -> None:
    """Raise :class:`ServeError` unless ``port`` is 1..65535 and free on every address of host.

    The probe binds the way tornado does (``SO_REUSEADDR``), so a port held only by sockets in
    TIME_WAIT from a previous run counts as free, as it is for the server.
    """
    if not 1 <= port <= 65535:
        raise ServeError(f"--port {port}: a port is 1 to 65535")
    for family, kind, proto, _name, address in _addresses(host, port):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRNOTAVAIL:  # e.g. ::1 on a host without IPv6
                    continue
                reason = "already in use" if exc.errno == errno.EADDRINUSE else exc.strerror
                raise ServeError(f"--port {port}: port {port} on {host} is {reason}; "
                                 "stop the other server or choose another --port") from None


def _addresses(host: str, port: int) -> list[tuple[Any, ...]]:
    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ServeError(f"cannot resolve {host!r}: {exc.strerror}") from None


def find_free_port(host: str = "127.0.0.1") -> int:
    """A port the system just had free on ``host`` (for tests and scripts; racy by nature)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
    return port


def wait_for_port(port: int, host: str = "127.0.0.1", timeout: float = 30.0) -> bool:
    """True once something accepts connections on ``host:port``, False after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=1.0):
                return True
        except OSError:
            time.sleep(0.1)
    return False


# --- the plan and Voila's configuration --------------------------------------------------------

def plan(*, root: Path | None = None, port: int = DEFAULT_PORT, notebook: str = DEFAULT_APP,
         preheat: bool = True, pool: int | None = None,
         idle_timeout: int = DEFAULT_IDLE_TIMEOUT,
         open_browser: bool = False, verbose: bool = False) -> ServePlan:
    """A checked :class:`ServePlan` (raises :class:`ServeError` naming the bad argument)."""
    directory = kit_notebooks_dir() if root is None else Path(root).resolve()
    if not directory.is_dir():
        raise ServeError(f"--root {root}: not a directory")
    if idle_timeout < 60:
        raise ServeError(f"--idle-timeout {idle_timeout}: give at least 60 seconds "
                         "(shorter ends the kernel of someone still thinking)")
    if not 1 <= port <= 65535:
        raise ServeError(f"--port {port}: a port is 1 to 65535")
    size = default_pool_size() if pool is None else pool
    if not 0 <= size <= MAX_POOL:
        raise ServeError(f"--pool {pool}: give 0 to {MAX_POOL} kernels "
                         "(0 starts every kernel on request)")
    return ServePlan(root=directory, port=port, app=app_name(notebook),
                     preheat=preheat and size > 0, pool=size if preheat else 0,
                     idle_timeout=idle_timeout, open_browser=open_browser, verbose=verbose)


def default_pool_size(cores: int | None = None, available_bytes: int | None = None) -> int:
    """Pre-heated app kernels for this machine: three per core (a kernel costs about 2 – 4
    core-seconds to start the app, and the pool refills in the background while visitors
    arrive), at most a quarter of the memory available now at :data:`KERNEL_BYTES` each, at
    least 1 and at most :data:`DEFAULT_POOL_CAP`. On 2 cores with memory to spare: 6."""
    cores = (os.cpu_count() or 1) if cores is None else cores
    available = _available_memory() if available_bytes is None else available_bytes
    by_memory = available // 4 // KERNEL_BYTES
    return max(1, min(POOL_PER_CORE * cores, by_memory, DEFAULT_POOL_CAP))


def _available_memory() -> int:
    """Bytes of memory available now (Linux ``MemAvailable``), else the physical memory."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 2 * 2**30


def _cpu_jiffies() -> tuple[int, int] | None:
    """(busy, total) CPU time of all the machine's cores since boot, in clock ticks (Linux
    ``/proc/stat``), or None where the machine does not say."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(value) for value in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    if len(ticks) < 5:
        return None
    total = sum(ticks)  # user nice system idle iowait irq softirq steal
    return total - ticks[3] - ticks[4], total


async def machine_busy(window: float = 1.0) -> float:
    """The share (0 to 1) of the machine's CPU in use over the next ``window`` seconds; 0 where
    the machine does not say (not Linux)."""
    before = _cpu_jiffies()
    await asyncio.sleep(window)
    after = _cpu_jiffies()
    if before is None or after is None or after[1] <= before[1]:
        return 0.0
    return (after[0] - before[0]) / (after[1] - before[1])


class PoolClosed(Exception):
    """A pre-heated kernel not started because the server is stopping (Voila's pool, on its way
    out, awaits each pending start and passes over one that failed)."""


class PoolGate:
    """When ``ttr serve``'s pool may start a kernel: a replacement waits for a quiet machine
    (:func:`start_when_quiet`), and once the server is stopping no kernel starts at all, while
    the stop waits for the kernels still getting ready (:meth:`close`).

    A pool kernel is ready once it is started *and* has run the app's notebook (Voila runs it
    in a task of its own, which the start's result carries). Without the wait, a kernel still
    starting when the server stopped made Voila's shutdown fail with a traceback (jupyter_server
    cannot shut down a kernel it is still starting) and could outlive the server; and a kernel
    shut down halfway through the notebook printed a traceback for each cell it could no longer
    answer."""

    def __init__(self) -> None:
        self.closed = False
        self.starting = 0  #: kernel starts under way
        self.running: set[asyncio.Future[Any]] = set()  #: the notebook running in a new kernel

    @property
    def getting_ready(self) -> int:
        """How many of the pool's kernels are starting or still running the notebook."""
        return self.starting + len(self.running)

    async def pause(self, seconds: float) -> None:
        """Sleep ``seconds``, or less if the gate closes meanwhile."""
        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            await asyncio.sleep(min(0.25, max(0.0, deadline - time.monotonic())))

    async def start(self, work: Awaitable[T]) -> T:
        """Run ``work`` (a kernel's start), unless the gate is closed: then :class:`PoolClosed`."""
        if self.closed:
            if inspect.iscoroutine(work):
                work.close()  # never started, and never to be: no "never awaited" warning
            raise PoolClosed("the server is stopping: no new kernel")
        self.starting += 1
        try:
            started = await work
        finally:
            self.starting -= 1
        self._watch(started)
        return started

    def _watch(self, started: object) -> None:
        """Keep the task running the notebook in a kernel just started (Voila's pool returns
        it as ``{"task": …}``) until it ends."""
        task = started.get("task") if isinstance(started, dict) else None
        if isinstance(task, asyncio.Future) and not task.done():
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    async def close(self, timeout: float = 30.0) -> None:
        """Let no kernel start from now on, and wait (at most ``timeout`` seconds) for the
        kernels getting ready to be ready, so that the server can shut them down cleanly."""
        self.closed = True
        deadline = time.monotonic() + timeout
        while self.getting_ready and time.monotonic() < deadline:
            await asyncio.sleep(0.1)


POOL_GATE = PoolGate()  #: the one gate of this process's pool (ttr serve runs one Voila)


async def start_when_quiet(delay: float, work: Awaitable[T], *,
                           busy: Callable[[], Awaitable[float]] = machine_busy,
                           patience: float = POOL_FILL_PATIENCE,
                           gate: PoolGate = POOL_GATE) -> T:
    """Run ``work`` (the start of a pre-heated kernel) when the machine can spare it: Voila's
    ``wait_before`` as ``ttr serve`` runs it (:func:`refill_pool_when_quiet`).

    The pool's first fill (``delay`` 0) starts at once. A replacement for a kernel a visitor
    took waits ``delay`` seconds, then for a second in which less than
    :data:`POOL_FILL_BUSY` of the CPU is in use, at most ``patience`` seconds more. A class
    arriving together keeps the machine for its pages and first clicks (six replacement
    kernels starting on 2 cores took about 5 core-seconds from them); on a quiet server the
    replacement starts after ``delay`` and about a second, as before. Nothing starts once the
    server is stopping (``gate``)."""
    if delay > 0:
        await gate.pause(delay)
        deadline = time.monotonic() + patience
        while (not gate.closed and time.monotonic() < deadline
               and await busy() >= POOL_FILL_BUSY):
            pass
    return await gate.start(work)


def refill_pool_when_quiet() -> None:
    """Make Voila's pre-heated kernel pool start its kernels with :func:`start_when_quiet`
    (in this process: ``ttr serve`` runs Voila in its own). Voila waits through the module
    function ``wait_before``; if a Voila release stops doing so, this fails loudly rather than
    silently not waiting (tests/cli/test_serve_command.py)."""
    from voila import voila_kernel_manager  # type: ignore[import-untyped]

    if not callable(getattr(voila_kernel_manager, "wait_before", None)):
        raise ServeError("this Voila has no wait_before for its kernel pool: reinstall the kit")
    voila_kernel_manager.wait_before = start_when_quiet


def voila_config(serve_plan: ServePlan) -> dict[str, dict[str, Any]]:
    """The complete traitlets configuration Voila runs with, section by section."""
    return {
        "Voila": {
            "root_dir": str(serve_plan.root),
            "ip": serve_plan.host,
            "port": serve_plan.port,
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


def display_available(environ: dict[str, str] | None = None, platform: str = sys.platform
                      ) -> bool:
    """Whether a browser window could appear: macOS and Windows always, elsewhere only with
    ``DISPLAY`` or ``WAYLAND_DISPLAY`` set."""
    if platform == "darwin" or platform.startswith("win"):
        return True
    env = os.environ if environ is None else environ
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def banner(serve_plan: ServePlan) -> list[str]:
    """The lines ``ttr serve`` prints before serving."""
    lines = [f"Serving {serve_plan.root} with Voila at {serve_plan.base_url}"]
    if serve_plan.app_exists:
        lines.append(f"The app: {serve_plan.app_url}")
        if serve_plan.pool:
            lines.append(f"Keeping {count(serve_plan.pool, 'kernel')} ready with the app running, "
                         f"for the next visitors (--pool {serve_plan.pool}).")
    else:
        lines.append(f"The app is not built yet: {serve_plan.app_path} does not exist; "
                     f"the directory's notebooks are listed at {serve_plan.base_url}")
    lines.append("Press Ctrl-C to stop.")
    return lines


def stopping_line(getting_ready: int) -> str:
    """What ``ttr serve`` says when a stop waits for pool kernels still getting ready."""
    return (f"Stopping: waiting for {count(getting_ready, 'kernel')} of the pool to finish "
            "starting the app, a few seconds (Ctrl-C again stops at once).")


# --- running -----------------------------------------------------------------------------------

def serve(serve_plan: ServePlan) -> int:
    """Run Voila in this process until Ctrl-C or SIGTERM; every kernel is shut down on the way
    out. Returns 0 after a clean stop."""
    from traitlets.config import Config
    from voila.app import Voila  # type: ignore[import-untyped]

    check_port(serve_plan.port, serve_plan.host)
    for line in banner(serve_plan):
        print(line, flush=True)
    if serve_plan.open_browser:
        _open_when_ready(serve_plan)
    use_kit_templates()
    logging.getLogger("asyncio").addFilter(_closed_page_filter)
    logging.getLogger("tornado.general").addFilter(_closed_kernel_filter)
    refill_pool_when_quiet()
    app = kit_voila_class(Voila, serve_plan.app)(config=Config(voila_config(serve_plan)))
    app.initialize(argv=[])
    app.start()  # returns when the loop stops; Voila.stop() has then shut every kernel down
    return 0


def _closed_page_filter(record: logging.LogRecord) -> bool:
    """Keep a log record unless it is a page's websocket found closed while the server wrote to
    it (a visitor closed or left the page): tornado reports that as a traceback, but nothing went
    wrong, and a class's log would fill with them."""
    error = record.exc_info[1] if record.exc_info else None  # asyncio logs it with exc_info
    names = {type(e).__name__ for e in (error, getattr(error, "__context__", None)) if e}
    return not names & {"WebSocketClosedError", "StreamClosedError"}


def _closed_kernel_filter(record: logging.LogRecord) -> bool:
    """Keep a log record unless it is pyzmq's "Got events for closed stream": a kernel shut down
    (its page closed) while messages to it were still in flight, which are then dropped, as
    they should be. The server filters its own log with it, and each served kernel its own
    (:func:`prepare_served_kernel`)."""
    return record.msg != "Got events for closed stream %s"


def kit_voila_class(voila: type[Any], app: str = DEFAULT_APP) -> type[Any]:
    """Voila as ``ttr serve`` runs it: the root address lands on the app, and loading a
    notebook logs no trust warning.

    - ``/`` redirects (302) to the page of ``app`` when it exists; the list of the
      served directory stays at ``/voila/tree``.
    - on SIGTERM or Ctrl-C no pool kernel starts any more, and the server's loop stops once
      the starts under way have finished (:class:`PoolGate`), so that Voila shuts every kernel
      down; a second signal stops it at once.
    - plotly's FigureWidget module is served at :func:`plotly_module_path`, cached for a year
      (see the module's docstring); the kernels learn that path from
      :data:`PLOTLY_MODULE_ENV`, and each page preloads it (:func:`preload_plotly_module`).
    - Voila's contents manager checks every notebook it reads against the Jupyter notary and
      warns "Notebook … is not trusted" on each page opened, since notebooks stored without
      outputs carry no signature. Trust decides only whether stored outputs may run their
      HTML/JavaScript, and a Voila page shows none: it executes every cell afresh. The kit's
      contents manager marks the cells untrusted (what Voila did) without asking the notary.
    """
    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    from tornado.web import RedirectHandler

    class QuietTrustContentsManager(LargeFileManager):  # type: ignore[misc]
        def mark_trusted_cells(self, nb: Any, path: str = "") -> None:
            self.notary.mark_cells(nb, False)

    module_handler = cached_module_handler()

    class Voila(voila):  # type: ignore[misc,valid-type]  # its log lines read "[Voila]"
        def init_settings(self) -> dict[str, Any]:
            # before the pool's first kernels start: they inherit the environment
            if plotly_module_file().is_file():
                os.environ[PLOTLY_MODULE_ENV] = plotly_module_path(self.base_url)
                self.voila_configuration.page_config_hook = preload_plotly_module
            settings: dict[str, Any] = super().init_settings()
            self.contents_manager = QuietTrustContentsManager(parent=self)
            settings["contents_manager"] = self.contents_manager
            return settings

        def _handle_signal_stop(self, sig: int, frame: Any) -> None:
            # SIGTERM and Ctrl-C: first close the pool's gate on the server's own loop (a start
            # under way finishes, so that Voila can shut its kernel down), then stop the loop;
            # a second signal stops at once
            self.log.info("Handle signal %s.", sig)
            if POOL_GATE.closed:
                self.at_once = True
                self.ioloop.add_callback_from_signal(self.ioloop.stop)
            else:
                POOL_GATE.closed = True
                self.ioloop.add_callback_from_signal(self._stop_after_pool_starts)

        def stop(self) -> None:
            # Voila's stop asks each kernel to shut down; after a second signal, one still
            # running the notebook is ended instead of asked (asked, it prints a traceback for
            # each reply it can no longer send)
            if not getattr(self, "at_once", False):
                super().stop()
                return
            from jupyter_core.utils import run_sync

            shutil.rmtree(self.connection_dir, ignore_errors=True)
            run_sync(self.kernel_manager.shutdown_all)(now=True)

        async def _stop_after_pool_starts(self) -> None:
            if POOL_GATE.getting_ready:
                print(stopping_line(POOL_GATE.getting_ready), flush=True)
            await POOL_GATE.close()
            self.ioloop.stop()

        def setup_template_dirs(self) -> None:  # where Voila's initialize handles SIGTERM
            super().setup_template_dirs()
            signal.signal(signal.SIGINT, self._handle_signal_stop)  # and Ctrl-C the same way

        def init_handlers(self) -> list[Any]:
            handlers: list[Any] = super().init_handlers()
            handlers.insert(0, (re.escape(plotly_module_path(self.base_url)), module_handler,
                                {"body": served_plotly_module()}))
            if not (Path(self.root_dir) / app).is_file():
                return handlers
            target = notebook_url(self.server_url, app)
            root = [(self.server_url, RedirectHandler, {"url": target, "permanent": False})]
            return root + [handler for handler in handlers if handler[0] != self.server_url]

    return Voila


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
        raise ServeError("plotly is not installed: reinstall the kit")
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


def serves_plotly_module(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this is a kernel of ``ttr serve``, whose page loads plotly's module from the
    server (:data:`PLOTLY_MODULE_ENV` holds its path): charts are then drawn as widgets too
    (``score_plots.show_figure``)."""
    return (os.environ if environ is None else environ).get(PLOTLY_MODULE_ENV, "").startswith("/")


def prepare_served_kernel(environ: Mapping[str, str] | None = None) -> bool:
    """In a kernel started by ``ttr serve`` (:data:`PLOTLY_MODULE_ENV` set), what the kit's
    widgets need there, on their import: plotly's module from the server's cached file
    (:func:`use_served_plotly_module`, which also skips the IRI grammar), and pyzmq's "Got
    events for closed stream" kept out of the server's log (:func:`_closed_kernel_filter`: a
    kernel shut down as its page closes may get events on its own closed stream, and its
    stderr is the server's log). True in such a kernel; elsewhere nothing changes."""
    if not serves_plotly_module(environ):
        return False
    # added once, however often this runs
    logging.getLogger("tornado.general").addFilter(_closed_kernel_filter)
    use_served_plotly_module(environ)
    return True


def use_served_plotly_module(environ: Mapping[str, str] | None = None) -> bool:
    """In a kernel started by ``ttr serve`` (:data:`PLOTLY_MODULE_ENV` set), make every
    FigureWidget load plotly's module from the server's cached file instead of sending it
    through the page's websocket; True if it did. Elsewhere nothing changes."""
    if not serves_plotly_module(environ):
        return False
    path = (os.environ if environ is None else environ)[PLOTLY_MODULE_ENV]
    skip_iri_grammar()
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


def use_kit_templates(environ: dict[str, str] | None = None) -> None:
    """Put the kit's Jupyter data directory first on ``JUPYTER_PATH`` (in ``os.environ`` by
    default), where Voila looks for templates; idempotent."""
    env: Any = os.environ if environ is None else environ
    parts = [part for part in env.get("JUPYTER_PATH", "").split(os.pathsep) if part]
    if str(SHARE_DIR) not in parts:
        env["JUPYTER_PATH"] = os.pathsep.join([str(SHARE_DIR), *parts])


def _open_when_ready(serve_plan: ServePlan) -> None:
    if not display_available():
        print("No display (DISPLAY and WAYLAND_DISPLAY are unset): not opening a browser.",
              flush=True)
        return
    url = serve_plan.app_url if serve_plan.app_exists else serve_plan.base_url

    def open_page() -> None:
        if wait_for_port(serve_plan.port, timeout=60.0):
            webbrowser.open(url, new=2)

    threading.Thread(target=open_page, name="ttr-open-browser", daemon=True).start()
