"""``ttr serve``: one-line argument errors, the printed URLs, the policy Voila is given, and one
real start and clean stop of the command."""

from __future__ import annotations

import asyncio
import http.client
import inspect
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ttr_widgets.cli import main
from ttr_widgets.server import serve as serving

REPO = Path(__file__).resolve().parents[2]
TEST_NOTEBOOKS = REPO / "tests" / "browser" / "notebooks"


def one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("ttr: error: ") and err.count("\n") == 1, err
    return err


# --- argument errors ---------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "names"), [
    (["--port", "0"], "--port"),
    (["--port", "65536"], "--port"),
    (["--port", "eighty"], "--port"),
    (["--idle-timeout", "5"], "--idle-timeout"),
    (["--pool", "-1"], "--pool"),
    (["--pool", "65"], "--pool"),
    (["--pool", "many"], "--pool"),
    (["--pool", "2", "--no-preheat"], "--no-preheat"),
    (["--notebook", "../secrets.ipynb"], "--notebook"),
    (["--notebook", "/etc/passwd"], "--notebook"),
    (["--root", "/no/such/directory"], "--root"),
    (["--open", "--no-browser"], "--no-browser"),
    (["--frobnicate"], "--frobnicate"),
])
def test_bad_arguments_exit_2_with_one_line_naming_them(
        argv: list[str], names: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert names in one_line_error(["serve", *argv], capsys)


def test_a_port_in_use_is_reported_before_voila_starts(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("voila.app.Voila", FakeVoila)
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        error = one_line_error(["serve", "--port", str(port), "--root", str(TEST_NOTEBOOKS)],
                               capsys)
    assert f"port {port}" in error and "in use" in error
    assert FakeVoila.started == []


def test_a_free_port_passes_the_check() -> None:
    serving.check_port(serving.find_free_port())


# --- what is printed and what Voila is given ---------------------------------------------------

class FakeVoila:
    """Stands in for ``voila.app.Voila``: records the configuration it was built with."""

    started: ClassVar[list[Any]] = []  # the traitlets Config objects it was given

    def __init__(self, config: Any) -> None:
        self.config = config

    def initialize(self, argv: list[str]) -> None:
        assert argv == []

    def start(self) -> None:
        FakeVoila.started.append(self.config)


@pytest.fixture
def fake_voila(monkeypatch: pytest.MonkeyPatch) -> type[FakeVoila]:
    FakeVoila.started = []
    monkeypatch.setattr("voila.app.Voila", FakeVoila)
    monkeypatch.setenv("JUPYTER_PATH", "")
    return FakeVoila


def test_serve_prints_the_app_url_and_hands_voila_the_plan(
        fake_voila: type[FakeVoila], capsys: pytest.CaptureFixture[str]) -> None:
    port = serving.find_free_port()
    argv = ["serve", "--port", str(port), "--root", str(TEST_NOTEBOOKS),
            "--notebook", "click_points", "--pool", "3"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert f"http://localhost:{port}/voila/render/click_points.ipynb" in out
    assert "Ctrl-C" in out
    [config] = fake_voila.started
    assert config.Voila.port == port
    assert config.Voila.root_dir == str(TEST_NOTEBOOKS)
    assert config.VoilaKernelManager.kernel_pools_config["click_points.ipynb"] == {"pool_size": 3}
    assert config.VoilaConfiguration.preheat_kernel is True
    assert "Keeping 3 kernels ready with the app running" in out
    assert os.environ["JUPYTER_PATH"].split(os.pathsep)[0] == str(serving.SHARE_DIR)


def test_a_missing_app_is_announced_and_the_directory_still_served(
        fake_voila: type[FakeVoila], capsys: pytest.CaptureFixture[str]) -> None:
    port = serving.find_free_port()
    assert main(["serve", "--port", str(port), "--root", str(TEST_NOTEBOOKS)]) == 0
    out, _ = capsys.readouterr()
    assert "not built yet" in out and "Play.ipynb does not exist" in out
    assert f"http://localhost:{port}/" in out
    assert "/voila/render/" not in out
    assert len(fake_voila.started) == 1


def test_notebook_urls_are_quoted() -> None:
    assert serving.notebook_url("http://localhost:8866/", "lessons/Tunnel odds.ipynb") == \
        "http://localhost:8866/voila/render/lessons/Tunnel%20odds.ipynb"


def test_the_default_plan_serves_the_kit_notebooks_on_8866() -> None:
    plan = serving.plan()
    assert plan.root == REPO / "notebooks" == serving.kit_notebooks_dir()
    assert plan.app_url == "http://localhost:8866/voila/render/Play.ipynb"
    assert (plan.preheat, plan.open_browser) == (True, False)


def test_the_wheel_copy_of_the_notebooks_comes_first_then_the_checkout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "ttr_widgets"
    (package / "notebooks").mkdir(parents=True)
    monkeypatch.setattr(serving, "PACKAGE_DIR", package)
    with pytest.raises(serving.ServeError, match="the kit's notebooks are missing"):
        serving.kit_notebooks_dir()
    (tmp_path / "site-packages" / "notebooks").mkdir()
    (tmp_path / "site-packages" / "notebooks" / "Play.ipynb").write_text("{}")
    assert serving.kit_notebooks_dir() == tmp_path / "site-packages" / "notebooks"
    (package / "notebooks" / "Play.ipynb").write_text("{}")
    assert serving.kit_notebooks_dir() == package / "notebooks"


def test_voila_config_is_the_kit_policy() -> None:
    plan = serving.plan(root=TEST_NOTEBOOKS, port=9001, notebook="click_points.ipynb",
                        pool=1, idle_timeout=600)
    config = serving.voila_config(plan)
    assert config["Voila"]["port_retries"] == 0
    assert config["Voila"]["open_browser"] is False
    assert config["Voila"]["config_file_paths"] == []
    assert config["Voila"]["tornado_settings"] == {"disable_check_xsrf": True}
    voila = config["VoilaConfiguration"]
    assert voila["show_tracebacks"] is False and voila["strip_sources"] is True
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] == 0
    assert voila["template"] == "ttr" and voila["classic_tree"] is True
    for name in ("Play.ipynb", "setup.py", "lessons/record.json"):
        assert any(re.fullmatch(pattern, name) for pattern in voila["file_denylist"]), name
    for name in ("board.png", "logo.svg"):
        assert any(re.fullmatch(pattern, name) for pattern in voila["file_allowlist"]), name
        assert not any(re.fullmatch(pattern, name) for pattern in voila["file_denylist"]), name
    assert config["VoilaKernelManager"]["kernel_pools_config"] == {
        "default": {"pool_size": 0}, "click_points.ipynb": {"pool_size": 1}}
    assert config["VoilaKernelManager"]["fill_delay"] == serving.POOL_FILL_DELAY
    assert config["KernelManager"] == {"transport": "ipc"}  # no TCP port, no warning per kernel
    assert config["MappingKernelManager"] == {
        "cull_idle_timeout": 600, "cull_interval": 60, "cull_connected": True,
        "cull_busy": False}
    no_preheat = serving.voila_config(serving.plan(root=TEST_NOTEBOOKS, preheat=False))
    assert no_preheat["VoilaConfiguration"]["preheat_kernel"] is False


def test_voila_s_executor_waits_for_a_cell_s_outputs_as_long_as_the_cell_may_run() -> None:
    """Read back from the executor Voila builds: nbclient's own 4 seconds lost the app's
    output under load (the page then came without the app)."""
    import nbformat
    from traitlets.config import Config
    from voila.execute import VoilaExecutor  # type: ignore[import-untyped]

    config = Config(serving.voila_config(serving.plan(root=TEST_NOTEBOOKS)))
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=config)
    assert executor.timeout == executor.iopub_timeout == serving.CELL_TIMEOUT >= 60


@pytest.mark.parametrize(("cores", "gigabytes", "expected"), [
    (2, 24, 6),     # this machine: three per core
    (1, 8, 3),
    (8, 64, 12),    # capped: a bigger class passes --pool
    (2, 1, 1),      # a quarter of 1 GB holds one kernel
    (4, 0.1, 1),    # never fewer than one
])
def test_the_default_pool_follows_cores_and_memory(cores: int, gigabytes: float,
                                                   expected: int) -> None:
    assert serving.default_pool_size(cores, int(gigabytes * 2**30)) == expected


class Machine:
    """A machine whose CPU is busy by these shares, one per second measured, then idle."""

    def __init__(self, shares: list[float]) -> None:
        self.shares = shares
        self.looks = 0

    async def busy(self) -> float:
        self.looks += 1
        await asyncio.sleep(0.001)
        return self.shares[self.looks - 1] if self.looks <= len(self.shares) else 0.0


async def kernel_start(started: list[float]) -> str:
    started.append(time.monotonic())
    return "kernel"


def test_a_replacement_kernel_waits_until_the_machine_is_quiet() -> None:
    machine, started = Machine([0.95, 1.0, serving.POOL_FILL_BUSY, 0.3]), []
    result = asyncio.run(serving.start_when_quiet(0.01, kernel_start(started),
                                                  busy=machine.busy))
    assert result == "kernel" and len(started) == 1
    assert machine.looks == 4  # three busy seconds (the threshold counts as busy), then quiet


def test_the_pool_s_first_fill_starts_at_once() -> None:
    machine, started = Machine([1.0] * 100), []
    asyncio.run(serving.start_when_quiet(0, kernel_start(started), busy=machine.busy))
    assert machine.looks == 0 and len(started) == 1


def test_a_replacement_waits_no_longer_than_its_patience() -> None:
    machine, started = Machine([1.0] * 10_000), []
    begun = time.monotonic()
    asyncio.run(serving.start_when_quiet(0.01, kernel_start(started), busy=machine.busy,
                                         patience=0.1))
    assert len(started) == 1 and 0.1 <= started[0] - begun < 5
    assert machine.looks >= 2


def test_the_machine_s_busy_share_is_measured() -> None:
    share = asyncio.run(serving.machine_busy(0.2))
    assert 0.0 <= share <= 1.0
    if sys.platform.startswith("linux"):  # elsewhere the machine does not say, and it is 0
        assert serving._cpu_jiffies() is not None


def test_ttr_serve_s_pool_waits_for_a_quiet_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila's pool waits through its module function ``wait_before``: ``ttr serve`` replaces
    it, and Voila's refill still calls it by that name."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila import voila_kernel_manager  # type: ignore[import-untyped]

    monkeypatch.setattr(voila_kernel_manager, "wait_before", voila_kernel_manager.wait_before)
    serving.refill_pool_when_quiet()
    assert voila_kernel_manager.wait_before is serving.start_when_quiet
    manager = voila_kernel_manager.voila_kernel_manager_factory(
        AsyncMappingKernelManager, preheat_kernel=True, default_pool_size=1)
    assert "wait_before" in manager.fill_if_needed.__code__.co_names


def test_once_the_server_stops_no_kernel_starts_and_none_is_left_unstarted() -> None:
    async def scenario() -> tuple[list[float], bool]:
        gate, started = serving.PoolGate(), []
        waiting = asyncio.ensure_future(serving.start_when_quiet(
            30, kernel_start(started), busy=Machine([1.0] * 10_000).busy, gate=gate))
        await asyncio.sleep(0.05)
        await gate.close()
        with pytest.raises(serving.PoolClosed):
            await asyncio.wait_for(waiting, timeout=2)  # the 30 s wait ends with the stop
        work = kernel_start(started)
        with pytest.raises(serving.PoolClosed):
            await gate.start(work)
        return started, inspect.getcoroutinestate(work) == inspect.CORO_CLOSED

    started, closed = asyncio.run(scenario())
    assert started == [] and closed  # closed, never awaited: no "never awaited" warning


def test_the_stop_waits_for_a_kernel_start_under_way() -> None:
    async def scenario() -> list[str]:
        gate, events = serving.PoolGate(), []

        async def slow_start() -> str:
            await asyncio.sleep(0.2)
            events.append("kernel started")
            return "kernel"

        starting = asyncio.ensure_future(gate.start(slow_start()))
        await asyncio.sleep(0.05)
        await gate.close()
        events.append("gate closed")
        assert await starting == "kernel"
        return events

    assert asyncio.run(scenario()) == ["kernel started", "gate closed"]


def test_the_stop_waits_for_a_new_kernel_to_finish_running_the_notebook() -> None:
    """Voila's pool starts a kernel, then runs the notebook in it in a task of its own, which
    the start returns: the stop waits for that task too, and says how many kernels it waits
    for."""
    async def scenario() -> tuple[list[str], int]:
        gate, events = serving.PoolGate(), []

        async def run_notebook() -> None:
            await asyncio.sleep(0.2)
            events.append("notebook run")

        async def start() -> dict[str, Any]:
            return {"task": asyncio.ensure_future(run_notebook()), "kernel_id": "k"}

        await gate.start(start())
        waiting = gate.getting_ready
        await gate.close()
        events.append("gate closed")
        return events, waiting

    assert asyncio.run(scenario()) == (["notebook run", "gate closed"], 1)


@pytest.mark.parametrize(("n", "said"), [
    (1, "Stopping: waiting for 1 kernel of the pool to finish starting the app"),
    (6, "Stopping: waiting for 6 kernels of the pool to finish starting the app")])
def test_a_stop_that_waits_says_for_what_and_how_to_stop_at_once(n: int, said: str) -> None:
    assert serving.stopping_line(n).startswith(said)
    assert serving.stopping_line(n).endswith("(Ctrl-C again stops at once).")


def slow_notebook(marker: Path) -> str:
    """A notebook that writes ``marker`` when it starts running, then runs 40 short cells for
    about 4 s: the shape of the app's notebook (a kernel shut down halfway through many cells
    tried to reply to the next one and printed a traceback)."""
    def cell(source: str) -> dict[str, Any]:
        return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                "source": source}

    cells = [cell(f"import pathlib, time\npathlib.Path({str(marker)!r}).write_text('running')")]
    cells += [cell("time.sleep(0.1)") for _ in range(40)]
    kernelspec = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return json.dumps({"cells": cells, "metadata": {"kernelspec": kernelspec},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.mark.parametrize("signals", [1, 2], ids=["ctrl-c", "ctrl-c-twice"])
def test_a_stop_while_the_pool_runs_the_notebook_is_clean(tmp_path: Path, signals: int) -> None:
    """Ctrl-C while the pool's kernel is halfway through the notebook: the server waits for it
    (and says so), or on a second Ctrl-C ends it at once; either way it exits 0 with no
    traceback and no kernel left (``running_server`` checks)."""
    from ttr_widgets.testing.browser import running_server

    marker = tmp_path / "running"
    (tmp_path / "slow.ipynb").write_text(slow_notebook(marker))
    with running_server(tmp_path, notebook="slow.ipynb",
                        log_name=f"serve-stop-mid-notebook-{signals}") as server:
        deadline = time.monotonic() + 90
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert marker.exists(), server.log_tail()
        for _ in range(signals):
            server.process.send_signal(signal.SIGINT)
            time.sleep(0.5)
        server.process.wait(timeout=30)
    log = server.log_path.read_text(errors="replace")
    assert "Stopping: waiting for 1 kernel of the pool" in log
    assert "Traceback" not in log and "ERROR" not in log, log


def test_ttr_serve_stops_at_once_while_a_replacement_kernel_waits() -> None:
    """A visitor took the pool's kernel, so a replacement waits to start: stopping the server
    then ends at once and cleanly (``running_server`` checks exit code 0 and no kernel left),
    rather than waiting out the fill delay to start a kernel only to shut it down."""
    from ttr_widgets.testing.browser import running_server

    with running_server(TEST_NOTEBOOKS, notebook="click_points.ipynb",
                        log_name="serve-stop-with-pool") as server:
        server.wait_until_ready(1, timeout=90)  # the pool's kernel has run the notebook
        with urllib.request.urlopen(server.url("click_points.ipynb"), timeout=90) as page:
            assert page.status == 200  # rendered in the pre-heated kernel, which it now holds
        stopping = time.monotonic()
    assert time.monotonic() - stopping < serving.POOL_FILL_DELAY
    log = server.log_path.read_text(errors="replace")
    assert "Using pre-heated kernel" in log and "Traceback" not in log


def test_the_pool_reaches_voila_and_zero_means_no_preheating() -> None:
    config = serving.voila_config(serving.plan(root=TEST_NOTEBOOKS, notebook="click_points",
                                               pool=5))
    assert config["VoilaKernelManager"]["kernel_pools_config"]["click_points.ipynb"] == {
        "pool_size": 5}
    for none in (serving.plan(root=TEST_NOTEBOOKS, pool=0),
                 serving.plan(root=TEST_NOTEBOOKS, pool=4, preheat=False)):
        assert (none.preheat, none.pool) == (False, 0)
        assert serving.voila_config(none)["VoilaConfiguration"]["preheat_kernel"] is False
    assert serving.plan().pool == serving.default_pool_size() >= 1


def test_the_template_exists_where_voila_looks() -> None:
    template = serving.SHARE_DIR / "voila" / "templates" / serving.TEMPLATE
    assert (template / "index.html.j2").is_file() and (template / "page.html").is_file()
    assert '"base_template": "lab"' in (template / "conf.json").read_text()


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
    assert serving.display_available(environ, platform) is expected


def test_open_without_a_display_says_so_and_opens_nothing(
        fake_voila: type[FakeVoila], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("webbrowser.open", lambda *a, **k: pytest.fail("opened a browser"))
    assert main(["serve", "--open", "--port", str(serving.find_free_port()),
                 "--root", str(TEST_NOTEBOOKS)]) == 0
    assert "not opening a browser" in capsys.readouterr().out


def test_jupyter_path_gets_the_kit_templates_once() -> None:
    env = {"JUPYTER_PATH": "/somewhere"}
    serving.use_kit_templates(env)
    serving.use_kit_templates(env)
    assert env["JUPYTER_PATH"] == os.pathsep.join([str(serving.SHARE_DIR), "/somewhere"])


# --- plotly's module, served once per browser ----------------------------------------------------

def test_the_plotly_module_path_names_the_installed_plotly() -> None:
    from importlib.metadata import version

    path = serving.plotly_module_path("/user/ann/")
    assert path == f"/user/ann/ttr/plotly-{version('plotly')}/widgetbundle.js"
    assert serving.plotly_module_file().stat().st_size > 1_000_000  # plotly's 5 MB bundle


@pytest.fixture
def figure_widget_module() -> Any:
    """plotly's FigureWidget base class, its module put back after the test."""
    from plotly.basewidget import BaseFigureWidget  # type: ignore[import-untyped]

    kept = BaseFigureWidget.__dict__["_esm"]
    grammar = sys.modules.get("rfc3987_syntax", KeyError)
    yield BaseFigureWidget
    BaseFigureWidget._esm = kept
    if grammar is KeyError:
        sys.modules.pop("rfc3987_syntax", None)
    else:
        sys.modules["rfc3987_syntax"] = grammar


def test_a_kernel_of_ttr_serve_gives_figure_widgets_a_loader_of_the_served_module(
        figure_widget_module: Any) -> None:
    import plotly.graph_objects as go

    path = serving.plotly_module_path()
    assert serving.use_served_plotly_module({serving.PLOTLY_MODULE_ENV: path})
    esm = go.FigureWidget()._esm
    assert len(esm) < 500 and f'import(new URL("{path}", location.href).href)' in esm
    assert "export default plotly.default;" in esm


def test_a_kernel_of_ttr_serve_skips_jsonschema_s_iri_grammar() -> None:
    """The widgets' import under ``ttr serve`` leaves out the 0.8-second grammar, and
    jsonschema, which plotly's import brings in, still validates."""
    check = ("import sys, ttr_widgets.widgets, jsonschema\n"
             "print(sys.modules.get('rfc3987_syntax', 'absent'))\n"
             "jsonschema.validate(3, {'type': 'integer'})\n"
             "try:\n"
             "    jsonschema.validate('x', {'type': 'integer'})\n"
             "except jsonschema.ValidationError:\n"
             "    print('refused')\n")
    elsewhere = {k: v for k, v in os.environ.items() if k != serving.PLOTLY_MODULE_ENV}
    served = {**elsewhere, serving.PLOTLY_MODULE_ENV: serving.plotly_module_path()}
    for env, grammar in ((served, "None"), (elsewhere, "<module 'rfc3987_syntax'")):
        out = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True,
                             text=True, check=True).stdout.splitlines()
        assert out[0].startswith(grammar) and out[1] == "refused", out


def test_a_kernel_of_ttr_serve_keeps_closed_stream_warnings_out_of_the_server_s_log() -> None:
    """A kernel's stderr is ``ttr serve``'s log: a served kernel shut down as its page closes
    may get events on its own closed stream, and pyzmq's warning about it is dropped there,
    as the server drops its own; other warnings stay. Elsewhere nothing changes."""
    check = ("import ttr_widgets.widgets\n"
             "from tornado.log import gen_log\n"
             "gen_log.warning('Got events for closed stream %s', '<ZMQStream>')\n"
             "gen_log.warning('Something else: %s', 'kept')\n")
    elsewhere = {k: v for k, v in os.environ.items() if k != serving.PLOTLY_MODULE_ENV}
    served = {**elsewhere, serving.PLOTLY_MODULE_ENV: serving.plotly_module_path()}
    said = {}
    for name, env in (("served", served), ("elsewhere", elsewhere)):
        said[name] = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True,
                                    text=True, check=True).stderr.splitlines()
    assert said["served"] == ["Something else: kept"]
    assert said["elsewhere"] == ["Got events for closed stream <ZMQStream>",
                                 "Something else: kept"]


@pytest.mark.parametrize("environ", [{}, {serving.PLOTLY_MODULE_ENV: ""},
                                     {serving.PLOTLY_MODULE_ENV: "http://elsewhere/x.js"}])
def test_elsewhere_figure_widgets_keep_plotly_s_own_module(
        figure_widget_module: Any, environ: dict[str, str]) -> None:
    import plotly.graph_objects as go

    assert not serving.use_served_plotly_module(environ)
    assert len(go.FigureWidget()._esm) > 1_000_000


# --- a real server, stopped by its PID ---------------------------------------------------------

@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ttr_serve_answers_and_stops_cleanly(stop: signal.Signals) -> None:
    port = serving.find_free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "ttr_widgets.cli", "serve", "--port", str(port),
         "--root", str(TEST_NOTEBOOKS), "--notebook", "click_points.ipynb", "--no-preheat"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert wait_for_200(f"http://localhost:{port}/voila/tree", process, timeout=60)
        connection = http.client.HTTPConnection("localhost", port, timeout=10)
        connection.request("GET", "/")
        landing = connection.getresponse()
        assert (landing.status, landing.getheader("Location")) == (
            302, "/voila/render/click_points.ipynb")  # the root address lands on the app
        landing.read()
        connection.request("GET", serving.plotly_module_path())
        module = connection.getresponse()
        body = module.read()
        assert module.status == 200 and body == serving.served_plotly_module()
        assert body.startswith(b"//# allFunctionsCalledOnLoad\n")  # V8 compiles it at once
        assert body.endswith(serving.plotly_module_file().read_bytes())
        assert module.getheader("Content-Type").startswith("text/javascript")
        assert module.getheader("Cache-Control") == (
            f"public, max-age={serving.MODULE_CACHE_SECONDS}, immutable")
        beside = serving.plotly_module_path().replace(serving.PLOTLY_MODULE, "plotly.min.js")
        connection.request("GET", beside)  # only the module is served from plotly's folder
        refused = connection.getresponse()
        refused.read()
        assert refused.status == 404
        connection.close()
        process.send_signal(stop)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 0, err
    assert f"http://localhost:{port}/voila/render/click_points.ipynb" in out
    assert "Traceback" not in err


def wait_for_200(url: str, process: subprocess.Popen[str], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    return False


def test_a_page_closed_while_the_server_writes_leaves_no_traceback_in_the_log() -> None:
    import logging
    import sys

    from tornado.websocket import WebSocketClosedError

    from ttr_widgets.server.serve import _closed_page_filter

    def record(error: BaseException) -> logging.LogRecord:
        try:
            raise error
        except BaseException:
            info = sys.exc_info()
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1,
                                 "Task exception was never retrieved", None, info)

    assert not _closed_page_filter(record(WebSocketClosedError()))
    assert _closed_page_filter(record(RuntimeError("a real failure")))  # still logged


def test_a_kernel_shut_down_with_messages_in_flight_leaves_no_warning_in_the_log() -> None:
    import logging

    from zmq.eventloop.zmqstream import gen_log  # type: ignore[attr-defined]

    from ttr_widgets.server.serve import _closed_kernel_filter

    assert gen_log.name == "tornado.general"  # the logger ttr serve filters
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    handler = Keep()
    gen_log.addHandler(handler)
    gen_log.addFilter(_closed_kernel_filter)
    try:
        gen_log.warning("Got events for closed stream %s", "<ZMQStream object>")  # as pyzmq says
        gen_log.warning("Something else went wrong: %s", "still logged")
    finally:
        gen_log.removeFilter(_closed_kernel_filter)
        gen_log.removeHandler(handler)
    assert seen == ["Something else went wrong: still logged"]
