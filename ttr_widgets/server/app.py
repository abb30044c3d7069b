"""Voila as ``ttr serve`` runs it, in this process: :func:`serve` starts it from the plan, and
:func:`kit_voila_class` is Voila with the kit's landing page, stop, plotly module and contents
manager."""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import sys
import threading
import webbrowser
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _
from ttr_widgets.served import CLASS_KEY_ENV, PAGE_BASE_ENV, PLOTLY_MODULE_ENV, TABLES_ENV
from ttr_widgets.server import ServeError
from ttr_widgets.server.config import (
    DEFAULT_APP,
    ServePlan,
    banner,
    notebook_url,
    use_kit_templates,
    voila_config,
)
from ttr_widgets.server.kernel import closed_kernel_filter
from ttr_widgets.server.languages import use_page_languages
from ttr_widgets.server.plotly_module import (
    cached_module_handler,
    plotly_module_file,
    plotly_module_path,
    preload_plotly_module,
    served_plotly_module,
)
from ttr_widgets.server.pool import (
    POOL_GATE,
    refill_pool_when_quiet,
    start_what_pages_wait_for,
    stopping_line,
)
from ttr_widgets.server.ports import check_port, wait_for_port
from ttr_widgets.server.site import lesson_titles
from ttr_widgets.tables import hub_auth
from ttr_widgets.tables.names import new_key
from ttr_widgets.tables.progress import lesson_title
from ttr_widgets.tables.room import Room
from ttr_widgets.tables.room_web import room_link
from ttr_widgets.tables.service import BOT_PACE, TableService
from ttr_widgets.tables.store import StoreError, default_path
from ttr_widgets.tables.stores import open_store


def serve(serve_plan: ServePlan, teacher_key: str | None = None) -> int:
    """Run Voila in this process until Ctrl-C or SIGTERM; every kernel is shut down on the way
    out. Returns 0 after a clean stop. The teacher's room opens with ``teacher_key`` (a new
    one when None)."""
    from traitlets.config import Config
    from voila.app import Voila  # type: ignore[import-untyped]

    check_port(serve_plan.port, serve_plan.host)
    service = table_service(serve_plan)
    room = teachers_room(service, teacher_key, lesson_titles(serve_plan.root))
    lines = banner(serve_plan, service.store.where)
    room_address = serve_plan.keyed(room_link(serve_plan.base_url, room.key))
    lines.insert(-1, _("Teacher's room: {address}").format(address=room_address))
    hub = hub_auth.from_environment(os.environ)
    if hub is not None:
        lines.insert(-1, _("Running as the JupyterHub service {service}: only the hub's users "
                           "may use the tables (their hub token, checked with the hub).").format(
            service=hub.service))
    for line in lines:
        print(line, flush=True)
    if serve_plan.open_browser:
        _open_when_ready(serve_plan)
    use_kit_templates()
    logging.getLogger("asyncio").addFilter(closed_page_filter)
    logging.getLogger("tornado.general").addFilter(closed_kernel_filter)
    refill_pool_when_quiet()
    app = kit_voila_class(Voila, serve_plan.app, service, serve_plan, room)(
        config=Config(voila_config(serve_plan)))
    app.initialize(argv=[])
    try:
        app.start()  # returns when the loop stops; Voila.stop() has then shut every kernel down
    finally:
        room.close()
        service.stop()
        service.store.close()
    return 0


def teachers_room(service: TableService, key: str | None,
                  titles: Callable[[str], str] = lesson_title) -> Room:
    """The teacher's room beside the tables, naming the lessons by ``titles``; the coach
    reviews finished games in a process of its own (no table waits for it)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    return Room(service, key or new_key(), pool, titles)


def table_service(serve_plan: ServePlan) -> TableService:
    """The shared tables of this server, kept in ``--tables FILE`` (by default the user's data
    directory) or a PostgreSQL database (``--tables postgresql://…``), each table's link the
    play page with ``?table=NAME`` (and the class key)."""
    try:
        store = open_store(serve_plan.tables or default_path())
    except StoreError as exc:
        raise ServeError(_("--tables: {error}").format(error=exc)) from None

    hub = hub_auth.in_hub(os.environ)  # the hub's users get no class key in a link

    def link(name: str) -> str:
        page = f"{notebook_url(serve_plan.base_url, DEFAULT_APP)}?table={name}"
        return page if hub else serve_plan.keyed(page)

    try:
        return TableService(store, link=link, pace=bot_pace())
    except (StoreError, TTRError) as exc:
        raise ServeError(_("--tables: {error}").format(error=exc)) from None


BOT_PACE_ENV = "TTR_BOT_PACE"


def bot_pace(environ: Mapping[str, str] | None = None) -> float:
    """Seconds the tables' bots wait before each move: ``BOT_PACE`` (people follow each move),
    or ``TTR_BOT_PACE`` when set (a demonstration, the browser tests); a bad value is refused
    in one line."""
    text = (os.environ if environ is None else environ).get(BOT_PACE_ENV, "")
    if not text:
        return BOT_PACE
    try:
        pace = float(text)
    except ValueError:
        pace = -1.0
    if not 0 <= pace <= 60:
        raise ServeError(_("{setting}={value}: expected seconds from 0 to 60").format(
            setting=BOT_PACE_ENV, value=repr(text)))
    return pace


def closed_page_filter(record: logging.LogRecord) -> bool:
    """Keep a log record unless it is a page's websocket found closed while the server wrote to
    it (a visitor closed or left the page): tornado reports that as a traceback, but nothing went
    wrong, and a class's log would fill with them."""
    error = record.exc_info[1] if record.exc_info else None  # asyncio logs it with exc_info
    names = {type(e).__name__ for e in (error, getattr(error, "__context__", None)) if e}
    return not names & {"WebSocketClosedError", "StreamClosedError"}


def kit_voila_class(voila: type[Any], app: str = DEFAULT_APP,
                    tables: TableService | None = None,
                    serve_plan: ServePlan | None = None, room: Room | None = None
                    ) -> type[Any]:
    """Voila as ``ttr serve`` runs it: the root address lands on the app, and loading a
    notebook logs no trust warning.

    - ``/`` redirects (302) to the page of ``app`` when it exists; the list of the
      served directory stays at ``/voila/tree``.
    - on SIGTERM or Ctrl-C no pool kernel starts any more, and the server's loop stops once
      the starts under way have finished (:class:`.pool.PoolGate`), so that Voila shuts every
      kernel down; a second signal stops it at once.
    - a page that finds no pool kernel ready takes the replacement still waiting for a quiet
      moment, and that replacement starts at once (:func:`.pool.start_what_pages_wait_for`).
    - plotly's FigureWidget module is served at :func:`plotly_module_path`, cached for a year
      (see :mod:`ttr_widgets.server`); the kernels learn that path from
      :data:`PLOTLY_MODULE_ENV`, which their start-up hook (:mod:`.kernel`) reads, and each
      page preloads it (:func:`preload_plotly_module`).
    - the shared tables (``tables``, :mod:`ttr_widgets.tables`) are served beside the pages
      (:mod:`ttr_widgets.tables.web`), and the kernels learn where from
      ``ttr_widgets.served.TABLES_ENV`` (with the class key, when there is one);
    - a page asked in French (``?lang=fr``, else the browser's languages) has its prose from the
      course's catalogue and its links keep ``?lang=fr`` (:mod:`.languages`); it is rendered
      on request, not taken from the pool (the pool's pages are rendered in English);
    - Voila's contents manager checks every notebook it reads against the Jupyter notary and
      warns "Notebook … is not trusted" on each page opened, since notebooks stored without
      outputs carry no signature. Trust decides only whether stored outputs may run their
      HTML/JavaScript, and a Voila page shows none: it executes every cell afresh. The kit's
      contents manager marks the cells untrusted (what Voila did) without asking the notary.
    """
    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    from tornado.ioloop import IOLoop
    from tornado.web import RedirectHandler

    from ttr_widgets.tables.web import handlers as table_handlers

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
            if tables is not None and serve_plan is not None:
                os.environ[TABLES_ENV] = serve_plan.local_url  # both end in the --base-url
                os.environ[PAGE_BASE_ENV] = serve_plan.base_url
                os.environ[CLASS_KEY_ENV] = serve_plan.class_key
            settings: dict[str, Any] = super().init_settings()
            if self.voila_configuration.preheat_kernel:
                start_what_pages_wait_for(self.kernel_manager)
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
            handlers: list[Any] = use_page_languages(self.voila_configuration,
                                                     super().init_handlers())
            handlers.insert(0, (re.escape(plotly_module_path(self.base_url)), module_handler,
                                {"body": served_plotly_module()}))
            if tables is not None:
                hub = hub_auth.from_environment(os.environ, serve_plan.class_key
                                                if serve_plan is not None else "")
                handlers[1:1] = table_handlers(self.base_url, tables, room, hub)
                IOLoop.current().add_callback(tables.start)
            if not (Path(self.root_dir) / app).is_file():
                return handlers
            target = notebook_url(self.server_url, app)
            root = [(self.server_url, RedirectHandler, {"url": target, "permanent": False})]
            return root + [handler for handler in handlers if handler[0] != self.server_url]

    return Voila


def display_available(environ: dict[str, str] | None = None, platform: str = sys.platform
                      ) -> bool:
    """Whether a browser window could appear: macOS and Windows always, elsewhere only with
    ``DISPLAY`` or ``WAYLAND_DISPLAY`` set."""
    if platform == "darwin" or platform.startswith("win"):
        return True
    env = os.environ if environ is None else environ
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def _open_when_ready(serve_plan: ServePlan) -> None:
    if not display_available():
        print(_("No display (DISPLAY and WAYLAND_DISPLAY are unset): not opening a browser."),
              flush=True)
        return
    url = serve_plan.app_url if serve_plan.app_exists else serve_plan.base_url

    def open_page() -> None:
        if wait_for_port(serve_plan.port, timeout=60.0):
            webbrowser.open(url, new=2)

    threading.Thread(target=open_page, name="ttr-open-browser", daemon=True).start()
