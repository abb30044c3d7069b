"""A real ``ttr serve`` in headless Chromium: clicks reach Python, reloads leak no kernel, and a
page can neither run code nor read files outside the served notebooks."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
import uuid
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Page
from tornado.websocket import websocket_connect

from . import (
    VoilaServer,
    click_plotly_point,
    expect_text,
    find_plotly_point,
    http_status,
    open_notebook,
    reload_notebook,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.alone]  # the pool refills on a quiet CPU

CLICKS = "click_points.ipynb"  # the app of `test_server`: it has the pre-heated kernel
BOARD = "usa_board.ipynb"
POOL = 1  # pre-heated kernels `test_server` keeps for its app
T = TypeVar("T")


# --- clicks: browser → FigureWidget → kernel → widget → browser --------------------------------

def test_a_click_on_a_plotly_point_runs_the_python_handler(
        test_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, test_server, CLICKS)
    expect_text(page, ".click-result", "no click yet")
    click_plotly_point(page, trace=0, point=2)
    expect_text(page, ".click-result", "clicked point 2")
    click_plotly_point(page, trace=0, point=0)
    expect_text(page, ".click-result", "clicked point 0")
    screenshot(page, "serve-click-points")
    assert console_errors == []


def test_a_click_on_the_usa_board_names_the_route_and_the_city(
        test_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    open_notebook(page, test_server, BOARD)
    # Charleston–Raleigh, a 2-space gray route squeezed between two cities on the east coast.
    trace, space = find_plotly_point(page, "usa-017")
    click_plotly_point(page, trace, space + 1)
    expect_text(page, ".click-result", "route usa-017")
    trace, city = find_plotly_point(page, "Denver")
    click_plotly_point(page, trace, city)
    expect_text(page, ".click-result", "city Denver")
    screenshot(page, "serve-usa-board")
    assert console_errors == []


# --- kernels: one per open page, none after it closes ------------------------------------------

def test_reloading_a_page_leaks_no_kernel(test_server: VoilaServer, page: Page) -> None:
    assert test_server.wait_for_kernels(POOL) == POOL, "kernels left over before the test"
    open_notebook(page, test_server, CLICKS)
    assert test_server.wait_for_kernels(POOL + 1) == POOL + 1
    for _ in range(4):
        reload_notebook(page)
    assert test_server.wait_for_kernels(POOL + 1) == POOL + 1, "a reload left its kernel running"
    page.goto("about:blank")
    assert test_server.wait_for_kernels(POOL) == POOL, "leaving the page left its kernel running"


# --- what a page can reach ---------------------------------------------------------------------

def test_a_page_cannot_run_code_in_its_kernel(test_server: VoilaServer, tmp_path: Path) -> None:
    html = _get(test_server.url(CLICKS))
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert kernel_id, "no kernel id in the rendered page"
    marker = tmp_path / "ran"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    replies = _in_a_thread(_talk_to_kernel(test_server, kernel_id[1], [
        _message("execute_request", {"code": code, "silent": False, "store_history": False,
                                     "user_expressions": {}, "allow_stdin": False}),
        _message("kernel_info_request", {}),
    ]))
    kinds = {reply["msg_type"] for reply in replies}
    assert "kernel_info_reply" in kinds, f"the kernel channel did not answer: {kinds}"
    assert not kinds & {"execute_reply", "execute_input", "execute_result", "stream", "error"}
    assert not marker.exists()
    shutdown = urllib.request.Request(
        test_server.base_url + f"voila/api/shutdown/{kernel_id[1]}", data=b"", method="POST")
    with urllib.request.urlopen(shutdown, timeout=10) as response:
        assert response.status == 204
    assert test_server.wait_for_kernels(POOL) == POOL


@pytest.mark.parametrize("path", [
    "voila/render/..%2Fconftest.py",
    "voila/render/%2E%2E/%2E%2E/%2E%2E/pyproject.toml",
    "voila/files/click_points.ipynb",
    "voila/files/..%2Fconftest.py",
    "api/kernels",
    "api/contents",
    "api/terminals",
    "terminals/websocket/1",
    "lab",
    "tree",
])
def test_nothing_outside_the_served_notebooks_is_reachable(
        test_server: VoilaServer, path: str) -> None:
    assert http_status(test_server.base_url + path) in {403, 404, 405}


def test_the_root_address_lands_on_the_app_and_the_list_moves_to_voila_tree(
        test_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    page.goto(test_server.base_url, wait_until="commit")
    page.locator(".js-plotly-plot").first.wait_for(state="visible", timeout=90_000)
    assert page.url == test_server.url(CLICKS)
    assert console_errors == []


def test_the_directory_page_lists_the_served_notebooks(
        test_server: VoilaServer, page: Page, console_errors: list[str]) -> None:
    page.goto(test_server.base_url + "voila/tree")
    page.get_by_text(CLICKS).first.wait_for(timeout=30_000)
    assert page.get_by_text(BOARD).count() >= 1
    assert console_errors == []


# --- helpers -----------------------------------------------------------------------------------

def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as response:
        text: str = response.read().decode()
        return text


def _in_a_thread(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a loop of its own (Playwright's loop owns this thread)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _message(kind: str, content: dict[str, Any]) -> dict[str, Any]:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "test",
                       "session": uuid.uuid4().hex, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
            "buffers": []}


async def _talk_to_kernel(server: VoilaServer, kernel_id: str, messages: list[dict[str, Any]],
                          listen: float = 5.0) -> list[dict[str, Any]]:
    """Send messages over the page's own kernel websocket; what came back within ``listen`` s."""
    url = (f"ws://localhost:{server.port}/api/kernels/{kernel_id}/channels"
           f"?session_id={uuid.uuid4().hex}")
    connection = await websocket_connect(url)
    for message in messages:
        await connection.write_message(json.dumps(message))
    replies: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + listen
    while (left := deadline - loop.time()) > 0:
        try:
            raw = await asyncio.wait_for(connection.read_message(), left)
        except TimeoutError:
            break
        if raw is None:
            break
        if isinstance(raw, str):
            reply = json.loads(raw)
            replies.append({"msg_type": reply["header"]["msg_type"], **reply})
    connection.close()
    return replies
