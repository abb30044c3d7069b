"""What a kernel of ``ttr serve`` runs as it starts (``ttr_widgets.server.kernel``): plotly's
module from the server's cached file, no IRI grammar, a quiet log. Proved in real kernels, started
from the kernel specs ``ttr serve`` gives Voila (and, for comparison, from Jupyter's own, as
JupyterLab starts them), and in a real ``ttr serve``'s pre-heated and on-request kernels: the
server's hook does it, before any of the kit's widgets is imported, and the widgets' import does
not."""

from __future__ import annotations

import html
import json
import os
import re
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ttr_widgets.served import PLOTLY_MODULE_ENV
from ttr_widgets.server import kernel, plotly_module

KERNEL_TIMEOUT = 90  #: seconds for a kernel to start, and for a cell to run


def served_env() -> dict[str, str]:
    """The environment ``ttr serve`` gives its kernels: this one, plus the served module's
    path (Voila adds its own variables, which the hook does not read)."""
    return {**os.environ, PLOTLY_MODULE_ENV: plotly_module.plotly_module_path()}


def elsewhere_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != PLOTLY_MODULE_ENV}


def run_in_kernel(code: str, *, served: bool, env: dict[str, str]) -> tuple[list[str], list[str]]:
    """Start a real kernel from ``ttr serve``'s kernel specs (``served``) or Jupyter's own (as
    JupyterLab does), run ``code`` in it as a notebook cell, shut it down: the lines the cell
    printed, and the lines the kernel process wrote to its stderr (under ``ttr serve``, the
    server's log)."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    specs = kernel.ServedKernelSpecManager() if served else KernelSpecManager()
    printed: list[str] = []

    def keep(message: dict[str, Any]) -> None:
        if message["msg_type"] == "stream" and message["content"]["name"] == "stdout":
            printed.append(message["content"]["text"])

    with tempfile.TemporaryDirectory() as connection_dir:  # Unix sockets, as ttr serve's
        manager = KernelManager(kernel_name="python3", kernel_spec_manager=specs,
                                transport="ipc",
                                connection_file=str(Path(connection_dir) / "kernel.json"))
        log = Path(connection_dir) / "stderr.log"
        with log.open("wb") as stderr:
            manager.start_kernel(env=env, stderr=stderr)
        try:
            client = manager.client()
            client.start_channels()
            try:
                client.wait_for_ready(timeout=KERNEL_TIMEOUT)
                reply = client.execute_interactive(code, timeout=KERNEL_TIMEOUT,
                                                   output_hook=keep)
            finally:
                client.stop_channels()
        finally:
            manager.shutdown_kernel(now=True)
        written = log.read_text(errors="replace").splitlines()
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(printed).splitlines(), written


#: what a kernel reports of its start: whether the hook ran and the widgets were imported (before
#: the probe imports anything itself), whether plotly's widget brought in the IRI grammar, the
#: log is filtered, and which module a FigureWidget carries
PROBE = """\
import json, logging, sys
report = {"hook": "ttr_widgets.server.kernel" in sys.modules,
          "widgets": "ttr_widgets.widgets" in sys.modules}
from plotly.basewidget import BaseFigureWidget  # it imports jsonschema, which loads the grammar
report["grammar"] = repr(sys.modules.get("rfc3987_syntax", "absent"))
from ttr_widgets.server.kernel import closed_kernel_filter
report["filtered"] = closed_kernel_filter in logging.getLogger("tornado.general").filters
esm = BaseFigureWidget.__dict__["_esm"]
report["esm"] = esm if len(str(esm)) < 1000 else "<plotly's own module>"
print("TTR-PROBE " + json.dumps(report))
"""


def probe_report(lines: list[str]) -> dict[str, Any]:
    [line] = [line for line in lines if line.startswith("TTR-PROBE ")]
    report: dict[str, Any] = json.loads(line.removeprefix("TTR-PROBE "))
    return report


def test_a_served_kernel_gets_plotly_s_module_and_the_log_filter_from_the_server_s_hook(
        ) -> None:
    path = plotly_module.plotly_module_path()
    out, _err = run_in_kernel(PROBE, served=True, env=served_env())
    report = probe_report(out)
    assert report["hook"] and not report["widgets"]  # done at start, with no widget imported
    assert report["grammar"] == "None" and report["filtered"]
    assert report["esm"] == plotly_module.plotly_module_loader(path)


def test_the_widgets_import_sets_up_nothing_of_the_server() -> None:
    """A kernel started as JupyterLab starts it, even with the server's variable set: importing
    the kit's widgets leaves plotly's own module, the grammar and the log as they are."""
    out, _err = run_in_kernel("import ttr_widgets.widgets\n" + PROBE, served=False,
                              env=served_env())
    report = probe_report(out)
    assert not report["hook"] and report["widgets"]
    assert report["grammar"].startswith("<module 'rfc3987_syntax'") and not report["filtered"]
    assert report["esm"] == "<plotly's own module>"


def test_a_kernel_of_ttr_serve_skips_jsonschema_s_iri_grammar() -> None:
    """A served kernel leaves out the 0.8-second grammar, and jsonschema, which plotly's import
    brings in, still validates."""
    check = ("import sys, ttr_widgets.widgets, jsonschema\n"
             "print(sys.modules.get('rfc3987_syntax', 'absent'))\n"
             "jsonschema.validate(3, {'type': 'integer'})\n"
             "try:\n"
             "    jsonschema.validate('x', {'type': 'integer'})\n"
             "except jsonschema.ValidationError:\n"
             "    print('refused')\n")
    for served, env, grammar in ((True, served_env(), "None"),
                                 (False, elsewhere_env(), "<module 'rfc3987_syntax'")):
        out, _err = run_in_kernel(check, served=served, env=env)
        assert out[0].startswith(grammar) and out[1] == "refused", out


def test_a_kernel_of_ttr_serve_keeps_closed_stream_warnings_out_of_the_server_s_log() -> None:
    """A kernel's stderr is ``ttr serve``'s log: a served kernel shut down as its page closes
    may get events on its own closed stream, and pyzmq's warning about it is dropped there,
    as the server drops its own; other warnings stay. Elsewhere nothing changes."""
    check = ("import ttr_widgets.widgets\n"
             "from tornado.log import gen_log\n"
             "gen_log.warning('Got events for closed stream %s', '<ZMQStream>')\n"
             "gen_log.warning('Something else: %s', 'kept')\n")
    said = {}
    for name, served, env in (("served", True, served_env()),
                              ("elsewhere", False, elsewhere_env())):
        _out, said[name] = run_in_kernel(check, served=served, env=env)
    # the kernel's logging writes "LEVEL:logger:message" to its stderr
    assert said["served"] == ["WARNING:tornado.general:Something else: kept"]
    assert said["elsewhere"] == ["WARNING:tornado.general:Got events for closed stream <ZMQStream>",
                                 "WARNING:tornado.general:Something else: kept"]


# --- in a real ttr serve: the pool's kernel and one started on request --------------------------

def probe_notebook() -> str:
    kernelspec = {"display_name": "Python 3", "language": "python", "name": "python3"}
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": PROBE}
    return json.dumps({"cells": [cell], "metadata": {"kernelspec": kernelspec},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def probe_server(tmp_path: Path) -> Iterator[Any]:
    from ttr_widgets.testing.browser import running_server

    for name in ("pooled.ipynb", "on-request.ipynb"):
        (tmp_path / name).write_text(probe_notebook())
    with running_server(tmp_path, notebook="pooled.ipynb",
                        log_name="serve-kernel-hook") as server:
        server.wait_until_ready(1, timeout=KERNEL_TIMEOUT)  # the pool's kernel ran the probe
        yield server


def page_report(url: str) -> dict[str, Any]:
    """The probe's report as the page shows it (Voila renders the cell's output in the page)."""
    with urllib.request.urlopen(url, timeout=KERNEL_TIMEOUT) as response:
        page = html.unescape(response.read().decode())
    found = re.search(r"TTR-PROBE (\{.*?\})\s*<", page)
    assert found, page[-2000:]
    report: dict[str, Any] = json.loads(found[1])
    return report


def test_ttr_serve_s_pool_and_on_request_kernels_run_the_hook(probe_server: Any) -> None:
    loader = plotly_module.plotly_module_loader(plotly_module.plotly_module_path())
    for notebook in ("pooled.ipynb", "on-request.ipynb"):
        report = page_report(probe_server.url(notebook))
        assert report == {"hook": True, "widgets": False, "grammar": "None", "filtered": True,
                          "esm": loader}, notebook
    log = probe_server.log_path.read_text(errors="replace")
    assert "Using pre-heated kernel" in log  # the first page came from the pool
    assert "Traceback" not in log and "Error in loading extension" not in log


# --- the hook's parts, in this process -----------------------------------------------------------

def test_only_an_ipykernel_s_command_line_gets_the_hook_once() -> None:
    launcher = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    assert kernel.served_kernel_argv(launcher) == [*launcher, kernel.HOOK_ARGUMENT]
    assert kernel.served_kernel_argv([*launcher, kernel.HOOK_ARGUMENT]) == [
        *launcher, kernel.HOOK_ARGUMENT]
    assert kernel.served_kernel_argv(["python", "-m", "ipykernel", "-f", "c.json"])[-1] == \
        kernel.HOOK_ARGUMENT
    other = ["R", "--slave", "-e", "IRkernel::main()", "--args", "{connection_file}"]
    assert kernel.served_kernel_argv(other) == other
    assert kernel.HOOK_ARGUMENT == "--IPKernelApp.extra_extensions=ttr_widgets.server.kernel"


def test_the_served_kernel_spec_is_jupyter_s_own_plus_the_hook() -> None:
    from jupyter_client.kernelspec import KernelSpecManager

    plain = KernelSpecManager().get_kernel_spec("python3")
    served = kernel.ServedKernelSpecManager().get_kernel_spec("python3")
    assert served.argv == [*plain.argv, kernel.HOOK_ARGUMENT]
    assert (served.language, served.display_name) == (plain.language, plain.display_name)


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

    path = plotly_module.plotly_module_path()
    assert kernel.use_served_plotly_module({PLOTLY_MODULE_ENV: path})
    esm = go.FigureWidget()._esm
    assert len(esm) < 500 and f'import(new URL("{path}", location.href).href)' in esm
    assert "export default plotly.default;" in esm


@pytest.mark.parametrize("environ", [{}, {PLOTLY_MODULE_ENV: ""},
                                     {PLOTLY_MODULE_ENV: "http://elsewhere/x.js"}])
def test_elsewhere_figure_widgets_keep_plotly_s_own_module(
        figure_widget_module: Any, environ: dict[str, str]) -> None:
    import plotly.graph_objects as go

    assert not kernel.use_served_plotly_module(environ)
    assert len(go.FigureWidget()._esm) > 1_000_000


def test_a_kernel_shut_down_with_messages_in_flight_leaves_no_warning_in_the_log() -> None:
    import errno
    import logging

    from zmq.eventloop.zmqstream import gen_log  # type: ignore[attr-defined]

    assert gen_log.name == "tornado.general"  # the logger ttr serve filters
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    handler = Keep()
    # an earlier test (a served app) may have raised the logger's level or disabled it
    level, disabled = gen_log.level, gen_log.disabled
    everywhere = logging.root.manager.disable
    logging.disable(logging.NOTSET)
    gen_log.setLevel(logging.WARNING)
    gen_log.disabled = False
    gen_log.addHandler(handler)
    gen_log.addFilter(kernel.closed_kernel_filter)
    try:
        gen_log.warning("Got events for closed stream %s", "<ZMQStream object>")  # as pyzmq says
        gen_log.warning("Something else went wrong: %s", "still logged")
        for error in (OSError(errno.ENOTSOCK, "Socket operation on non-socket"),  # shut down
                      OSError(errno.EAGAIN, "Resource temporarily unavailable")):
            try:
                raise error
            except OSError:  # as tornado logs a ZMQStream callback's error
                gen_log.error("Uncaught exception in ZMQStream callback", exc_info=True)
    finally:
        gen_log.removeFilter(kernel.closed_kernel_filter)
        gen_log.removeHandler(handler)
        gen_log.setLevel(level)
        gen_log.disabled = disabled
        logging.disable(everywhere)
    assert seen == ["Something else went wrong: still logged",
                    "Uncaught exception in ZMQStream callback"]  # only the EAGAIN one
