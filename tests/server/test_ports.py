"""Ports (``ttr_widgets.server.ports``): a port held by another socket is refused before Voila
starts, a free one passes, and the wait for a server ends when it answers."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from ttr_widgets.server import ServeError, ports


def test_a_free_port_passes_the_check() -> None:
    ports.check_port(ports.find_free_port())


@pytest.fixture
def held() -> Iterator[int]:
    """A port another socket listens on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def test_a_held_port_is_refused_with_one_line_naming_it(held: int) -> None:
    port = held
    with pytest.raises(ServeError, match=f"--port {port}: port {port} on 127.0.0.1 is "
                                         "already in use"):
        ports.check_port(port, "127.0.0.1")
    assert ports.wait_for_port(port, timeout=5.0)  # something answers there
    with pytest.raises(ServeError, match="a port is 1 to 65535"):
        ports.check_port(0)


def test_the_wait_for_a_port_gives_up_after_its_timeout() -> None:
    assert not ports.wait_for_port(ports.find_free_port(), timeout=0.3)


def test_the_serve_errors_are_told_in_the_reader_s_language(held: int) -> None:
    from ttr_widgets.rules.i18n import use
    from ttr_widgets.server.app import bot_pace

    with use("fr"):
        with pytest.raises(ServeError, match=f"--port {held} : le port {held} sur 127.0.0.1 "
                                             "est déjà pris ; arrêtez l'autre serveur"):
            ports.check_port(held, "127.0.0.1")
        with pytest.raises(ServeError, match="TTR_BOT_PACE='vite' : un nombre de secondes"):
            bot_pace({"TTR_BOT_PACE": "vite"})
    with pytest.raises(ServeError, match="TTR_BOT_PACE='fast': expected seconds from 0 to 60"):
        bot_pace({"TTR_BOT_PACE": "fast"})
