"""Plotly's JavaScript reaches a browser once: ``ttr serve`` hands plotly's FigureWidget module
(5 MB) out as a file the browser keeps, instead of sending it through every page's websocket.

The bytes are counted by Chromium itself (the DevTools protocol's network events): what came
over the network for the module's address, and what the page's kernel websocket received.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import CDPSession, Page

from ttr_widgets.server.plotly_module import MODULE_CACHE_SECONDS, plotly_module_path

from . import VoilaServer
from .play_helpers import PlayPage

pytestmark = pytest.mark.alone  # measures the page on a CPU of its own

MB = 2**20


@dataclass
class Traffic:
    """What one page load brought over the network: the module's requests, their bytes, the
    ones served from the browser's cache, the module's response headers, the websocket bytes."""

    module: str
    requests: set[str] = field(default_factory=set)
    from_cache: set[str] = field(default_factory=set)
    module_bytes: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    websocket_bytes: int = 0

    def watch(self, session: CDPSession) -> None:
        session.send("Network.enable")
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.requestServedFromCache", self._cached)
        session.on("Network.responseReceived", self._response)
        session.on("Network.loadingFinished", self._finished)
        session.on("Network.webSocketFrameReceived", self._frame)

    def _sent(self, event: dict[str, Any]) -> None:
        if event["request"]["url"].endswith(self.module):
            self.requests.add(event["requestId"])

    def _cached(self, event: dict[str, Any]) -> None:
        self.from_cache.add(event["requestId"])

    def _response(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.requests:
            response = event["response"]
            if response.get("fromDiskCache") or response.get("fromMemoryCache"):
                self.from_cache.add(event["requestId"])
            self.headers = {k.lower(): v for k, v in response["headers"].items()}

    def _finished(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.requests and event["requestId"] not in self.from_cache:
            self.module_bytes += int(event["encodedDataLength"])

    def _frame(self, event: dict[str, Any]) -> None:
        self.websocket_bytes += len(event["response"]["payloadData"])


def open_app(page: Page, server: VoilaServer) -> Traffic:
    """Open the app in ``page`` and play one route click; what the load brought."""
    traffic = Traffic(plotly_module_path())
    session = page.context.new_cdp_session(page)
    traffic.watch(session)
    play = PlayPage.open(page, server)
    play.select_route("usa-031")  # the board is alive: the module loaded and runs
    session.detach()
    return traffic


def test_plotly_comes_as_a_cached_file_not_through_the_websocket(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    first = open_app(page, kit_server)
    assert first.requests, "the page did not fetch plotly's module as a file"
    assert first.module_bytes > 1 * MB  # the whole module came over the network once
    cache = first.headers.get("cache-control", "")
    assert f"max-age={MODULE_CACHE_SECONDS}" in cache and "immutable" in cache, first.headers
    assert first.websocket_bytes < 1 * MB, f"{first.websocket_bytes / MB:.1f} MB by websocket"
    assert console_errors == []


def test_a_second_page_load_does_not_download_plotly_again(
        kit_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    first = open_app(page, kit_server)
    assert first.module_bytes > 1 * MB
    page.goto("about:blank")  # leave (the kernel ends), then come back in the same browser
    second = open_app(page, kit_server)
    assert second.module_bytes == 0, f"{second.module_bytes} bytes of plotly downloaded again"
    assert console_errors == []
