"""The table service as a JupyterHub service: ``ttr serve`` under a URL prefix (``--base-url``,
by default the hub's ``JUPYTERHUB_SERVICE_PREFIX``), and only the hub's users at its tables
(``tables.hub_auth``), against real ``ttr serve`` processes and a fake hub API: a tiny tornado
app on a free loopback port answering ``/hub/api/user`` as JupyterHub does."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.websocket import WebSocketClientConnection, websocket_connect

from ttr_widgets.commands.serve import base_url
from ttr_widgets.rules.i18n import use
from ttr_widgets.served import (
    CLASS_KEY_ENV,
    HUB_TOKEN_ENV,
    PAGE_BASE_ENV,
    PLAY_URL_ENV,
    TABLES_ENV,
    TABLES_URL_ENV,
)
from ttr_widgets.server import ServeError
from ttr_widgets.server.config import plan, url_prefix
from ttr_widgets.server.ports import find_free_port
from ttr_widgets.tables.client import TableClientError
from ttr_widgets.tables.hub_auth import HubAuth, HubUnavailable, from_environment
from ttr_widgets.tables.telling import said
from ttr_widgets.testing.browser import ARTIFACTS, REPO, http_status, serve_command, stop_server
from ttr_widgets.testing.table_service import run_apart
from ttr_widgets.widgets.table.shared import list_tables, make_table

ROOT = Path(__file__).resolve().parents[1] / "browser" / "notebooks"
PREFIX = "/services/ttr-tables/"
KEY = "class-key-42"
STUDENT = "ann-s-token"  #: the hub's user ann, whose token may access the service
OUTSIDER = "bob-s-token"  #: the hub's user bob, whose token may not
PLAY = "https://hub.example.org/hub/user-redirect/voila/render/Play.ipynb"


# --- the fake hub ------------------------------------------------------------------------------

class FakeHub:
    """``GET /hub/api/user`` with ``Authorization: token …``, as JupyterHub answers it."""

    def __init__(self) -> None:
        self.asked: Counter[str] = Counter()
        self.port = find_free_port()
        self.loop: IOLoop | None = None
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hub/api"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        hub = self

        class UserHandler(web.RequestHandler):
            def get(self) -> None:
                token = self.request.headers.get("Authorization", "").partition(" ")[2]
                hub.asked[token] += 1
                users = {STUDENT: ("ann", ["access:services!service=ttr-tables",
                                           "read:users:name!user=ann"]),
                         OUTSIDER: ("bob", ["read:users:name!user=bob"])}
                if token not in users:
                    raise web.HTTPError(403)
                name, scopes = users[token]
                self.finish(json.dumps({"kind": "user", "name": name, "admin": False,
                                        "groups": [], "scopes": scopes}))

        server = HTTPServer(web.Application([(r"/hub/api/user", UserHandler)]))
        server.listen(self.port, "127.0.0.1")
        self.loop = IOLoop.current()
        ready.set()
        self.loop.start()
        server.stop()

    def stop(self) -> None:
        if self.loop is not None:
            self.loop.add_callback(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="module")
def hub() -> Iterator[FakeHub]:
    fake = FakeHub()
    yield fake
    fake.stop()


# --- a real ttr serve --------------------------------------------------------------------------

@dataclass(frozen=True)
class Served:
    port: int
    prefix: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"


@contextlib.contextmanager
def serving(name: str, extra: tuple[str, ...], env: Mapping[str, str], prefix: str,
            key: str = "") -> Iterator[Served]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = find_free_port()
    log = ARTIFACTS / f"{name}.log"
    command = serve_command(ROOT, port, notebook="click_points.ipynb", preheat=False,
                            extra=extra)
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True, cwd=REPO,
                                   env={**env, "PYTHONUNBUFFERED": "1"})
    served = Served(port, prefix, process, log)
    try:
        tree = served.url + "voila/tree" + (f"?token={key}" if key else "")
        deadline = time.monotonic() + 90
        while http_status(tree) != 200:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, f"not up: {log.read_text()}"
            time.sleep(0.3)
        yield served
    finally:
        code, survivors = stop_server(process)
    assert (code, survivors) == (0, 0), log.read_text()


def clean_env(**more: str) -> dict[str, str]:
    hub_names = ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL", "JUPYTERHUB_SERVICE_PREFIX",
                 "JUPYTERHUB_SERVICE_NAME")
    env = {k: v for k, v in os.environ.items() if k not in hub_names}
    return {**env, **more}


def get(url: str, token: str | None = None, method: str = "GET",
        body: dict[str, Any] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(url, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    if token:
        request.add_header("Authorization", f"token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
            return answer.status, json.loads(text) if text.startswith(b"{") else text
    except urllib.error.HTTPError as exc:
        text = exc.read()
        return exc.code, json.loads(text) if text.startswith(b"{") else text


async def welcome(url: str, hello: dict[str, Any]) -> dict[str, Any]:
    socket: WebSocketClientConnection = await websocket_connect(url, connect_timeout=10)
    try:
        await socket.write_message(json.dumps({"type": "hello", **hello}))
        message = await socket.read_message()
        assert isinstance(message, str)
        answer: dict[str, Any] = json.loads(message)
        return answer
    finally:
        socket.close()


def socket_status(url: str) -> int | None:
    try:
        run_apart(welcome(url, {"watch": True}))
    except Exception as exc:  # tornado's HTTPClientError: the handshake refused
        return getattr(exc, "code", None)
    return 101


# --- the prefix --------------------------------------------------------------------------------

def test_the_prefix_is_a_path_and_the_hub_s_by_default() -> None:
    assert url_prefix("services/ttr-tables") == PREFIX == url_prefix(PREFIX)
    assert url_prefix("/") == "/" == url_prefix("")
    for bad in ("/a b/", "/../x/", "http://x/", "/a//b/"):
        with pytest.raises(ServeError, match="--base-url"):
            url_prefix(bad)
    assert base_url(None, {"JUPYTERHUB_SERVICE_PREFIX": PREFIX}) == PREFIX
    assert base_url("/class/", {"JUPYTERHUB_SERVICE_PREFIX": PREFIX}) == "/class/"
    assert base_url(None, {}) == "/"
    served = plan(root=ROOT, notebook="click_points.ipynb", prefix="/class/ttr")
    assert served.base_url == f"http://localhost:{served.port}/class/ttr/"
    assert served.app_url.endswith("/class/ttr/voila/render/click_points.ipynb")


@pytest.mark.browser  # a real server: with the browser tests' group
def test_every_page_api_socket_and_link_is_under_the_base_url(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with serving("tables-base-url", ("--base-url", "/class/ttr"), clean_env(),
                 "/class/ttr/") as served:
        banner = served.log.read_text()
        assert f"localhost:{served.port}/class/ttr/voila/render/click_points.ipynb" in banner
        assert f"localhost:{served.port}/class/ttr/ttr/room?key=" in banner
        assert http_status(served.url + "voila/tree") == 200
        assert http_status(f"http://127.0.0.1:{served.port}/voila/tree") == 404
        page = urllib.request.urlopen(served.url, timeout=30)  # the root: the app's page
        assert page.url.endswith("/class/ttr/voila/render/click_points.ipynb")
        for name in (TABLES_ENV, PAGE_BASE_ENV, CLASS_KEY_ENV, PLAY_URL_ENV, HUB_TOKEN_ENV):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv(TABLES_URL_ENV, served.url)  # a kernel elsewhere reaches it
        made = make_table({"map": "usa", "seats": 2})
        assert made["link"].startswith(f"http://localhost:{served.port}/class/ttr/voila/render/")
        assert [t["name"] for t in list_tables()] == [made["name"]]
        socket = served.url.replace("http", "ws", 1) + f"ttr/api/tables/{made['name']}/socket"
        answer = run_apart(welcome(socket, {"name": "Cleo"}))
        assert answer["type"] == "welcome" and answer["seat"] == 0


# --- the hub's users only ----------------------------------------------------------------------

def test_the_hub_s_answer_is_kept_briefly(hub: FakeHub) -> None:
    now = [0.0]
    auth = HubAuth(hub.api_url, clock=lambda: now[0])

    async def ask(token: str) -> str | None:
        user = await auth.user(token)
        return None if user is None else user.name

    assert run_apart(ask(STUDENT)) == "ann"
    assert run_apart(ask(STUDENT)) == "ann" and auth.asked == 1  # kept
    now[0] += auth.cache_seconds + 1
    assert run_apart(ask(STUDENT)) == "ann" and auth.asked == 2  # asked again
    assert run_apart(ask(OUTSIDER)) is None  # the hub's user, but not for this service
    assert run_apart(ask("forged")) is None and run_apart(ask("")) is None
    assert from_environment({}) is None
    assert from_environment({"JUPYTERHUB_API_TOKEN": "s", "JUPYTERHUB_API_URL": hub.api_url,
                             "JUPYTERHUB_SERVICE_PREFIX": PREFIX}) is not None


@pytest.fixture(scope="module")
def hub_service(hub: FakeHub) -> Iterator[Served]:
    env = clean_env(JUPYTERHUB_API_TOKEN="the-service-s-own-token",
                    JUPYTERHUB_API_URL=hub.api_url, JUPYTERHUB_SERVICE_PREFIX=PREFIX,
                    JUPYTERHUB_SERVICE_NAME="ttr-tables")
    with serving("tables-hub-service", ("--class-key", KEY), env, PREFIX, KEY) as served:
        yield served


@pytest.mark.browser
def test_only_the_hub_s_users_reach_the_tables(hub: FakeHub, hub_service: Served) -> None:
    banner = hub_service.log.read_text()
    assert "Running as the JupyterHub service ttr-tables" in banner
    assert f"{PREFIX}voila/render/click_points.ipynb" in banner  # the prefix by default
    tables = hub_service.url + "ttr/api/tables"
    for token in (None, "forged", OUTSIDER):
        status, answer = get(tables, token)
        assert status == 403, (token, answer)
        assert answer["error"].startswith("Only this hub's users may use these tables")
        assert answer["say"] == "hub-refused", answer  # for its reader to word it
    assert get(tables, STUDENT) == (200, {"tables": []})
    status, made = get(tables, STUDENT, "POST", {"map": "usa", "seats": 2})
    assert status == 201 and KEY not in made["link"]  # a hub user's link has no class key
    assert get(tables, KEY)[0] == 200  # the class key still opens it (the teacher, ttr table)
    before = hub.asked[STUDENT]
    for _ in range(3):
        assert get(f"{tables}/{made['name']}", STUDENT)[0] == 200
    assert hub.asked[STUDENT] == before  # the hub's answer kept, not asked each time
    socket = hub_service.url.replace("http", "ws", 1) + f"ttr/api/tables/{made['name']}/socket"
    assert socket_status(socket) == 403
    assert socket_status(f"{socket}?token=forged") == 403
    seated = run_apart(welcome(f"{socket}?token={STUDENT}", {}))  # no name given
    assert seated["type"] == "welcome" and seated["seat"] == 0
    assert seated["table"]["seats"][0]["name"] == "ann"  # the hub user's name
    progress = hub_service.url + "ttr/api/progress"  # a lesson page's report, as its kernel sends
    report = {"student": "Ann", "lesson": "02-Drawing-Cards", "kind": "opened"}
    assert get(progress, STUDENT, "POST", report) == (200, {"student": "Ann"})
    assert get(progress, "forged", "POST", report)[0] == 403


@pytest.mark.browser
def test_a_student_s_kernel_joins_with_its_server_s_hub_token(
        hub_service: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (TABLES_ENV, PAGE_BASE_ENV, CLASS_KEY_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(TABLES_URL_ENV, hub_service.url)  # no ?token=: the server's own token
    monkeypatch.setenv(PLAY_URL_ENV, PLAY)
    monkeypatch.setenv(HUB_TOKEN_ENV, STUDENT)
    made = make_table({"map": "usa", "seats": 3})
    assert made["name"] in [t["name"] for t in list_tables()]
    monkeypatch.setenv(HUB_TOKEN_ENV, "forged")
    with pytest.raises(TableClientError, match="Only this hub's users may use these tables"):
        list_tables()
    with use("fr"), pytest.raises(TableClientError, match="Seuls les utilisateurs de ce hub"):
        list_tables()  # a French page's kernel says it in French
    monkeypatch.setenv(TABLES_URL_ENV, f"{hub_service.url}?token={STUDENT}")  # or in the URL
    assert made["name"] in [t["name"] for t in list_tables()]


@pytest.mark.browser
def test_on_loopback_without_a_class_key_the_hub_still_decides(hub: FakeHub) -> None:
    env = clean_env(JUPYTERHUB_API_TOKEN="the-service-s-own-token",
                    JUPYTERHUB_API_URL=hub.api_url, JUPYTERHUB_SERVICE_PREFIX=PREFIX)
    with serving("tables-hub-loopback", (), env, PREFIX) as served:  # no key asked of pages
        tables = served.url + "ttr/api/tables"
        assert get(tables)[0] == 403 and get(tables, "forged")[0] == 403
        assert get(tables, STUDENT)[0] == 200


def test_a_hub_that_does_not_answer_is_said_so() -> None:
    auth = HubAuth(f"http://127.0.0.1:{find_free_port()}/hub/api")  # nothing listens there
    with pytest.raises(HubUnavailable, match="The hub could not be asked who you are") as down:
        run_apart(auth.user(STUDENT))
    assert down.value.error.say == "hub-unreachable"
    with use("fr"):
        assert said(down.value.error.told()).startswith(
            "Impossible de demander au hub qui vous êtes (")
