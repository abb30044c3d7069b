"""``ttr serve``: one-line argument errors, the printed URLs, what Voila is given, and real starts
and clean stops of the command. What it serves and how, module by module, is tested in
tests/server/."""

from __future__ import annotations

import http.client
import json
import os
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
from ttr_widgets.server import plotly_module, pool, ports
from ttr_widgets.server.config import KERNEL_SPEC_MANAGER, SHARE_DIR

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
    port = ports.find_free_port()
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
    assert config.VoilaConfiguration.kernel_spec_manager_class == KERNEL_SPEC_MANAGER
    assert "Keeping 3 kernels ready with the app running" in out
    assert os.environ["JUPYTER_PATH"].split(os.pathsep)[0] == str(SHARE_DIR)


def test_a_missing_app_is_announced_and_the_directory_still_served(
        fake_voila: type[FakeVoila], capsys: pytest.CaptureFixture[str]) -> None:
    port = ports.find_free_port()
    assert main(["serve", "--port", str(port), "--root", str(TEST_NOTEBOOKS)]) == 0
    out, _ = capsys.readouterr()
    assert "not built yet" in out and "Play.ipynb does not exist" in out
    assert f"http://localhost:{port}/" in out
    assert "/voila/render/" not in out
    assert len(fake_voila.started) == 1


def test_open_without_a_display_says_so_and_opens_nothing(
        fake_voila: type[FakeVoila], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("webbrowser.open", lambda *a, **k: pytest.fail("opened a browser"))
    assert main(["serve", "--open", "--port", str(ports.find_free_port()),
                 "--root", str(TEST_NOTEBOOKS)]) == 0
    assert "not opening a browser" in capsys.readouterr().out


# --- real servers, stopped by their PID --------------------------------------------------------

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
    assert time.monotonic() - stopping < pool.POOL_FILL_DELAY
    log = server.log_path.read_text(errors="replace")
    assert "Using pre-heated kernel" in log and "Traceback" not in log


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ttr_serve_answers_and_stops_cleanly(stop: signal.Signals) -> None:
    port = ports.find_free_port()
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
        connection.request("GET", plotly_module.plotly_module_path())
        module = connection.getresponse()
        body = module.read()
        assert module.status == 200 and body == plotly_module.served_plotly_module()
        assert body.startswith(b"//# allFunctionsCalledOnLoad\n")  # V8 compiles it at once
        assert body.endswith(plotly_module.plotly_module_file().read_bytes())
        assert module.getheader("Content-Type").startswith("text/javascript")
        assert module.getheader("Cache-Control") == (
            f"public, max-age={plotly_module.MODULE_CACHE_SECONDS}, immutable")
        beside = plotly_module.plotly_module_path().replace(plotly_module.PLOTLY_MODULE,
                                                            "plotly.min.js")
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
