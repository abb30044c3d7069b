"""``ttr serve``: the kit's notebooks as a Voila web site on localhost.

``ttr serve [--port N] [--host ADDRESS] [--tables FILE | postgresql://…] [--notebook NAME]
[--open | --no-browser] [--root DIR] [--pool N | --no-preheat] [--idle-timeout SECONDS]
[--class-key KEY] [--teacher-key KEY] [--base-url PATH] [--verbose]`` prints the app's URL
(``http://localhost:8866/voila/render/Play.ipynb``; the root address redirects there) and
the teacher's room's (``Teacher's room: …/ttr/room?key=KEY``, a new key at each start unless
``--teacher-key`` gives it), and serves until Ctrl-C or SIGTERM, then shuts every kernel down
and exits 0. No browser is opened unless ``--open`` is given, and never without a display.
Every page, API, socket and printed link is under ``--base-url`` (by default
``JUPYTERHUB_SERVICE_PREFIX`` when set: run as a JupyterHub service, ``/services/ttr-tables/``,
where only the hub's users get at the tables, :mod:`ttr_widgets.tables.hub_auth`).
The policy Voila runs with is in :mod:`ttr_widgets.server`
(:func:`ttr_widgets.server.config.voila_config`).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ttr_widgets.rules.i18n import _
from ttr_widgets.server import config, pool
from ttr_widgets.tables.hub_auth import SERVICE_PREFIX_ENV
from ttr_widgets.tables.stores import is_database


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a port number, got {text}").format(
            text=repr(text))) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("a port is 1 to 65535, got {port}").format(port=port))
    return port


def pool_size(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of kernels, got {text}").format(
            text=repr(text))) from None
    if not 0 <= value <= pool.MAX_POOL:
        raise argparse.ArgumentTypeError(_("give 0 to {most} kernels, got {n}").format(
            most=pool.MAX_POOL, n=value))
    return value


def seconds(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected whole seconds, got {text}").format(
            text=repr(text))) from None
    if value < 60:
        raise argparse.ArgumentTypeError(_("give at least {least} seconds, got {n}").format(
            least=60, n=value))
    return value


def tables_place(text: str) -> Path | str:
    """``--tables``: a PostgreSQL address (kept as given) or a file's path."""
    if is_database(text):
        return text
    if text.startswith(("postgres:", "postgresql:")) or "://" in text:
        raise argparse.ArgumentTypeError(
            _("expected a file or postgresql://user@host/database, got {text}").format(
                text=repr(text)))
    return Path(text)


def teacher_key(text: str) -> str:
    """A key for the teacher's room: 8 to 64 letters, digits, - or _ (it goes in a link)."""
    if not 8 <= len(text) <= 64 or not text.replace("-", "").replace("_", "").isalnum() \
            or not text.isascii():
        raise argparse.ArgumentTypeError(_("give 8 to 64 letters, digits, - or _"))
    return text


def base_url(given: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--base-url``, else the hub's ``JUPYTERHUB_SERVICE_PREFIX``, else ``/``."""
    if given is not None:
        return given
    return (os.environ if environ is None else environ).get(SERVICE_PREFIX_ENV) or "/"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help=_("serve the kit's notebooks with Voila (and its shared tables)"),
        description=_("Serve the kit's notebooks with Voila, on localhost unless --host says "
                      "otherwise, and print the play app's URL; Ctrl-C stops the server and "
                      "every kernel."))
    parser.add_argument("--port", type=port_number, default=config.DEFAULT_PORT,
                        help=_("the port to listen on (default {port})").format(
                            port=config.DEFAULT_PORT))
    parser.add_argument("--notebook", default=config.DEFAULT_APP, metavar="NAME",
                        help=_("the app notebook: its URL is printed and it gets a pre-heated "
                               "kernel (default {app})").format(app=config.DEFAULT_APP))
    browser = parser.add_mutually_exclusive_group()
    browser.add_argument("--open", dest="open_browser", action="store_true",
                         help=_("open the app in a browser once the server is up "
                                "(never without a display)"))
    browser.add_argument("--no-browser", dest="open_browser", action="store_false",
                         help=_("do not open a browser (the default)"))
    parser.add_argument("--root", type=Path, default=None, metavar="DIR",
                        help=_("serve this directory instead of the kit's notebooks/"))
    warm = parser.add_mutually_exclusive_group()
    warm.add_argument("--pool", type=pool_size, default=None, metavar="N",
                      help=_("keep N kernels with the app already running, ready for the next "
                             "N visitors (default: 3 per core, at most a quarter of the free "
                             "memory, here {n}); 0 = none").format(n=pool.default_pool_size()))
    warm.add_argument("--no-preheat", dest="preheat", action="store_false",
                      help=_("start the app's kernel on request (the same as --pool 0)"))
    parser.add_argument("--idle-timeout", type=seconds, default=config.DEFAULT_IDLE_TIMEOUT,
                        metavar="SECONDS",
                        help=_("shut a kernel down after this long without activity "
                               "(default {seconds})").format(seconds=config.DEFAULT_IDLE_TIMEOUT))
    parser.add_argument("--host", default=config.HOST, metavar="ADDRESS",
                        help=_("the address to listen on: localhost (this machine only, the "
                               "default) or e.g. 0.0.0.0 for a school network, where every page "
                               "and client then needs the printed class key"))
    parser.add_argument("--tables", type=tables_place, default=None, metavar="FILE|URL",
                        help=_("the file shared tables are kept in (default: in your data "
                               "directory; the banner names it), or a PostgreSQL database, "
                               "postgresql://user@host/db, which several servers may share"))
    parser.add_argument("--teacher-key", type=teacher_key, default=None, metavar="KEY",
                        help=_("the key of the teacher's room (default: a new one at each "
                               "start; the banner prints the room's link with it)"))
    parser.add_argument("--class-key", type=teacher_key, default=None, metavar="KEY",
                        help=_("the class key every page and client then needs (default: none "
                               "on localhost, a new one at each start with --host); the same "
                               "key across restarts, for pages set up to reach it (JupyterHub)"))
    parser.add_argument("--base-url", default=None, metavar="PATH",
                        help=_("serve every page and API under this path, e.g. "
                               "/services/ttr-tables/ (default: JUPYTERHUB_SERVICE_PREFIX when "
                               "run as a JupyterHub service, else /)"))
    parser.add_argument("--verbose", action="store_true", help=_("log Voila's activity"))
    parser.set_defaults(open_browser=False)


def run(args: argparse.Namespace) -> int:
    from ttr_widgets.server.app import serve  # Voila's side, only when serving

    serve_plan = config.plan(root=args.root, port=args.port, notebook=args.notebook,
                             preheat=args.preheat, pool=args.pool,
                             idle_timeout=args.idle_timeout,
                             open_browser=args.open_browser, verbose=args.verbose,
                             host=args.host, tables=args.tables,
                             class_key=args.class_key or "",
                             prefix=base_url(args.base_url))
    return serve(serve_plan, teacher_key=args.teacher_key)
