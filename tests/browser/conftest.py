"""Browser fixtures: real ``ttr serve`` servers and headless Debian Chromium (see __init__.py).

- ``test_server`` (session): serves tests/browser/notebooks/, log test-artifacts/voila-tests.log.
- ``kit_server`` (session): serves the kit's notebooks/ with Play.ipynb pre-heated, log
  test-artifacts/voila-kit.log.
- ``chromium`` (session): Playwright's sync API driving /usr/bin/chromium (never a downloaded
  browser); missing Chromium FAILS the test with the command that installs it.
- ``page``: a fresh 1366×768 context and page per test; on a failed test a screenshot is saved
  as test-artifacts/screenshots/FAILED-<test>.png, and beside it ``.console.txt``: the console
  errors whole, the widgets shown as errors and their cells, the page's kernel traffic in
  time; at the end the page is closed with its ``beforeunload`` handlers run, so Voila shuts
  its kernel down as it would for a person.
- ``pages``: the shared-table pages (``SeatPage``) a test opens, closed at its end.
- ``console_errors``: the page's console errors, uncaught exceptions and any request to a host
  other than localhost (the kit must work offline); tests end with ``assert console_errors == []``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Generator, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Request,
    WebSocket,
    sync_playwright,
)

from ttr_widgets.testing.together import SeatPage

from . import (
    CHROMIUM,
    CHROMIUM_ARGS,
    KIT_NOTEBOOKS,
    SCREENSHOTS,
    TEST_NOTEBOOKS,
    VIEWPORT,
    VoilaServer,
    running_server,
    screenshot,
)

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]"}
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in this directory drives a browser: mark it so ``-m "not browser"`` skips it."""
    for item in items:
        if "tests/browser/" in item.nodeid.replace("\\", "/") or item.nodeid.startswith(
                "browser/"):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep the call phase's report on the item, for ``page`` to screenshot failures."""
    report: pytest.TestReport = yield
    if report.when == "call":
        item.stash[_REPORT] = report
    return report


_REPORT = pytest.StashKey[pytest.TestReport]()


@pytest.fixture(scope="session")
def test_server() -> Iterator[VoilaServer]:
    with running_server(TEST_NOTEBOOKS, notebook="click_points.ipynb",
                        log_name="voila-tests") as server:
        yield server


@pytest.fixture(scope="session")
def kit_server() -> Iterator[VoilaServer]:
    if not (KIT_NOTEBOOKS / "Play.ipynb").is_file():
        pytest.fail(f"{KIT_NOTEBOOKS / 'Play.ipynb'} does not exist yet: the app is not built",
                    pytrace=False)
    with running_server(KIT_NOTEBOOKS, notebook="Play.ipynb", log_name="voila-kit") as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    if not CHROMIUM.is_file():
        pytest.fail(f"browser tests need Debian's Chromium at {CHROMIUM}: run `make browser-deps` "
                    "(apt-get install chromium)", pytrace=False)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def console_errors() -> list[str]:
    """Filled by ``page``: console errors, uncaught page errors, non-local requests."""
    return []


@pytest.fixture
def page(chromium: Browser, console_errors: list[str],
         request: pytest.FixtureRequest) -> Iterator[Page]:
    context = chromium.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    new_page = context.new_page()
    new_page.on("console", lambda message: _console(message, console_errors))
    new_page.on("pageerror", lambda error: console_errors.append(f"page error: {error}"))
    new_page.on("request", lambda req: _offline(req, console_errors))
    timeline: list[str] = []  #: the page's kernel traffic, kept for a failed test's console
    started = time.monotonic()
    new_page.on("websocket", lambda socket: _follow(socket, timeline, started))
    new_page.on("requestfinished", lambda req: timeline.append(
        f"{time.monotonic() - started:7.2f} the page's HTML has all come ({req.url})")
        if req.resource_type == "document" else None)
    new_page.on("console", lambda message: timeline.append(
        f"{time.monotonic() - started:7.2f} console.{message.type}: {message.text[:100]}")
        if message.type == "error" else None)
    try:
        yield new_page
    finally:
        report = request.node.stash.get(_REPORT, None)
        if report is not None and report.failed and not new_page.is_closed():
            name = "FAILED-" + re.sub(r"[^\w.-]+", "_", request.node.name)
            screenshot(new_page, name)
            _keep_console(name, console_errors, new_page, timeline)
        if not new_page.is_closed():
            # Leaving the page runs its beforeunload, which asks Voila to end its kernel.
            new_page.goto("about:blank")
        context.close()


@pytest.fixture
def pages(chromium: Browser) -> Iterator[list[SeatPage]]:
    """The ``SeatPage`` s a test appends here are closed when it ends, passed or failed."""
    opened: list[SeatPage] = []
    yield opened
    for seat in opened:
        if not seat.page.is_closed():
            seat.close()


def _keep_console(name: str, errors: list[str], page: Page, timeline: list[str]) -> None:
    """Beside a failed test's screenshot, its console errors whole (the assertion shortens
    them), the widgets the page shows as errors ("Error displaying widget…") and the page's
    kernel traffic in time (``_follow``). Where widgets are shown as errors, the page's widget
    manager also asks its kernel for every widget once more (``_ASK_AGAIN_JS``), and what it
    finds is printed, so that CI's output (which keeps no files) says it too."""
    shown = page.evaluate(_ERROR_WIDGETS_JS)
    again = page.evaluate(_ASK_AGAIN_JS) if shown else ""
    where = SCREENSHOTS / f"{name}.console.txt"
    where.write_text("\n\n".join([*errors, *(f"on the page: {s}" for s in shown), again])
                     + "\n\nthe page's kernel traffic (seconds from the page's start):\n"
                     + "\n".join(timeline) + "\n", encoding="utf-8")
    if shown:
        print(f"{len(shown)} widgets shown as errors, the first: {shown[0]}; the last: "
              f"{shown[-1]}\n{again}\n(all of it in {where})")


#: The widget models the page's manager knows, then how many it knows after asking the kernel
#: for every widget once more (``_loadFromKernel``, what its restore did as the page opened): more
#: after means the kernel has widgets its first answer lacked.
_ASK_AGAIN_JS = """async () => {
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  if (!manager || !manager._models) return 'no widget manager on the page';
  const before = Object.keys(manager._models).length;
  try { await manager._loadFromKernel(); } catch (e) { return `asking again failed: ${e}`; }
  return `the page's widget manager knew ${before} widgets; asked again, its kernel gave ` +
         `${Object.keys(manager._models).length}`; }"""


_MSG_TYPE = re.compile(r'"msg_type":\s*"(\w+)"')
_METHOD = re.compile(r'"method":\s*"(\w+)"')
_STATE = re.compile(r'"execution_state":\s*"(\w+)"')
_TEXT = re.compile(r'"text":\s*"((?:[^"\\]|\\.){0,160})')  #: a stream's words, their start
_COMM = re.compile(r'"comm_id":\s*"([\w-]+)"')


def _follow(socket: WebSocket, timeline: list[str], started: float) -> None:
    """Note each message of a kernel's websocket: when, which way, its type (a comm message's
    method and comm, a status's state, a stream's first words) and its size; a widget's first
    state names its model."""
    def note(way: str, payload: str | bytes) -> None:
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        kind = _MSG_TYPE.search(text)
        if kind is None:
            return
        detail = _METHOD.search(text) or _STATE.search(text) or (
            _TEXT.search(text) if kind[1] in ("stream", "error") else None)
        models = text.count('"model_name"')  # an update_states: the widgets it restores
        comm = _COMM.search(text)
        timeline.append(f"{time.monotonic() - started:7.2f} {way} {kind[1]}"
                        f" {detail[1] if detail else ''}{f' {comm[1][:8]}' if comm else ''}"
                        f" ({len(text)} chars"
                        f"{f', {models} widgets' if models else ''})")
    if "/kernels/" in socket.url:
        socket.on("framesent", lambda payload: note("sent", payload))
        socket.on("framereceived", lambda payload: note("got ", payload))


#: Each widget the page shows as an error: its text, the notebook cell it is in (Voila's
#: ``cell-index``) and the classes of the elements around it, innermost first.
_ERROR_WIDGETS_JS = """() => Array.from(document.querySelectorAll('.jupyter-widgets'))
  .filter(e => (e.textContent || '').startsWith('Error displaying widget'))
  .map(e => { const around = []; let cell = '?';
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (p.getAttribute('cell-index')) { cell = p.getAttribute('cell-index'); break; }
      if (p.className && typeof p.className === 'string') around.push(p.className);
    }
    return `${e.textContent.trim()} (cell ${cell}; in ${around.slice(0, 6).join(' < ')})`; })"""


def _console(message: ConsoleMessage, errors: list[str]) -> None:
    if message.type == "error":
        errors.append(f"console.error: {message.text} ({message.location.get('url', '')})")


def _offline(request: Request, errors: list[str]) -> None:
    parts = urlsplit(request.url)
    if parts.scheme not in LOCAL_SCHEMES and parts.hostname not in LOCAL_HOSTS:
        errors.append(f"request to the internet: {request.url}")
