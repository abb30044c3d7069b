"""Ports: whether ``ttr serve``'s port is free before Voila starts (:func:`check_port`), and
for tests and scripts a free port (:func:`find_free_port`) and the wait for a server to
answer (:func:`wait_for_port`)."""

from __future__ import annotations

import errno
import socket
import time
from typing import Any

from ttr_widgets.rules.i18n import _
from ttr_widgets.server import ServeError
from ttr_widgets.server.config import HOST


def check_port(port: int, host: str = HOST) -> None:
    """Raise :class:`ServeError` unless ``port`` is 1..65535 and free on every address of host.

    The probe binds the way tornado does (``SO_REUSEADDR``), so a port held only by sockets in
    TIME_WAIT from a previous run counts as free, as it is for the server.
    """
    if not 1 <= port <= 65535:
        raise ServeError(_("--port {port}: a port is 1 to 65535").format(port=port))
    for family, kind, proto, _name, address in _addresses(host, port):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRNOTAVAIL:  # e.g. ::1 on a host without IPv6
                    continue
                if exc.errno == errno.EADDRINUSE:
                    raise ServeError(_("--port {port}: port {port} on {host} is already in "
                                       "use; stop the other server or choose another --port"
                                       ).format(port=port, host=host)) from None
                raise ServeError(_("--port {port}: port {port} on {host} cannot be used "
                                   "({reason}); choose another --port").format(
                                       port=port, host=host, reason=exc.strerror)) from None


def _addresses(host: str, port: int) -> list[tuple[Any, ...]]:
    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ServeError(_("--host {host}: no such address ({reason})").format(
            host=repr(host), reason=exc.strerror)) from None


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

