"""Voila as ``ttr serve`` runs it (``ttr_widgets.server.app``): the browser opened only where a
window can appear, and a page's closed websocket kept out of the log."""

from __future__ import annotations

import pytest

from ttr_widgets.server import app


@pytest.mark.parametrize(("environ", "platform", "expected"), [
    ({}, "linux", False),
    ({"DISPLAY": ":0"}, "linux", True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
    ({"DISPLAY": ""}, "linux", False),
    ({}, "darwin", True),
    ({}, "win32", True),
])
def test_a_browser_opens_only_where_there_is_a_display(
        environ: dict[str, str], platform: str, expected: bool) -> None:
    assert app.display_available(environ, platform) is expected


def test_a_page_closed_while_the_server_writes_leaves_no_traceback_in_the_log() -> None:
    import logging
    import sys

    from tornado.websocket import WebSocketClosedError

    def record(error: BaseException) -> logging.LogRecord:
        try:
            raise error
        except BaseException:
            info = sys.exc_info()
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1,
                                 "Task exception was never retrieved", None, info)

    assert not app.closed_page_filter(record(WebSocketClosedError()))
    assert app.closed_page_filter(record(RuntimeError("a real failure")))  # still logged
