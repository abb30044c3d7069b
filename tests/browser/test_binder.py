"""Binder: binder/ builds the kit, and the Jupyter server it starts serves the app the way
``ttr serve`` does.

The fast tests read binder/'s files and the configuration ``postBuild`` writes. The replay
(marked ``browser``) does Binder's set-up as far as this machine allows: a fresh virtual
environment (Python from binder/runtime.txt) gets binder/requirements.txt, binder/postBuild runs
in a copy of the working tree, then a plain ``jupyter server`` — Voila loaded as its extension,
behind a ``/user/<name>/`` prefix and a token, as on mybinder.org — serves the app at
``…/voila/render/notebooks/Play.ipynb``, where Chromium clicks a route on the board, follows the
link to a lesson, and leaves without leaving a kernel behind.

What it cannot replay: repo2docker's Docker image (its base environment and its own Jupyter
packages) and BinderHub's proxy. pip reads its cache, so the install time measured here (written
to test-artifacts/binder-replay.txt) is a warm-cache time, not Binder's cold build.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import psutil  # type: ignore[import-untyped]
import pytest
import tomllib
from playwright.async_api import async_playwright

from benchmarks.classroom import click_route
from tests.browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    RENDER_TIMEOUT_MS,
    SCREENSHOTS,
    VIEWPORT,
    VoilaServer,
    http_status,
    stop_server,
)
from tests.browser.conftest import LOCAL_HOSTS, LOCAL_SCHEMES
from ttr_widgets.server import site
from ttr_widgets.server.config import plan, voila_config
from ttr_widgets.server.ports import find_free_port

pytestmark = pytest.mark.alone  # clicks the board where it is drawn

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
POSTBUILD_STEPS = [
    "python -m pip install --no-deps -e .",
    "python -m ttr_widgets.server.site install-server-config",
]
ROUTE = "usa-031"  #: a route the replay clicks on the USA board (Denver–Helena, 4 spaces)


def commands(path: Path) -> list[str]:
    """A file's lines that are not blank, comments or shell options."""
    lines = (line.strip() for line in path.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")
            and not line.startswith("set ")]


# --- binder/'s files ---------------------------------------------------------------------------

def test_runtime_is_the_python_the_kit_is_typed_and_tested_for() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    found = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert found, f"binder/runtime.txt says {runtime!r}; Binder expects python-3.X"
    assert f"3.{found[1]}" == PYPROJECT["tool"]["mypy"]["python_version"]
    assert int(found[1]) >= int(PYPROJECT["project"]["requires-python"].split(".")[1])


def test_requirements_are_exactly_the_runtime_dependencies() -> None:
    assert commands(BINDER / "requirements.txt") == PYPROJECT["project"]["dependencies"]


def test_postbuild_is_an_executable_script_that_installs_the_kit_and_its_server_config() -> None:
    path = BINDER / "postBuild"
    assert os.access(path, os.X_OK), "binder/postBuild must be executable (chmod +x)"
    text = path.read_text()
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text
    assert commands(path) == POSTBUILD_STEPS


# --- the Jupyter server's configuration --------------------------------------------------------

def test_the_server_config_carries_the_serve_policy_over_to_voila_as_an_extension() -> None:
    standalone = voila_config(plan(root=REPO / "notebooks", idle_timeout=600))
    config = site.server_extension_config(standalone)
    assert set(config) == {"ServerApp", "VoilaConfiguration", "VoilaExecutor",
                           "KernelManager", "MappingKernelManager"}
    assert config["MappingKernelManager"] == standalone["MappingKernelManager"]
    assert config["KernelManager"] == standalone["KernelManager"] == {"transport": "ipc"}
    assert config["MappingKernelManager"]["cull_idle_timeout"] == 600
    assert config["VoilaExecutor"] == standalone["VoilaExecutor"]
    voila = dict(standalone["VoilaConfiguration"], preheat_kernel=False)
    del voila["default_pool_size"]
    del voila["extension_denylist"]  # charts there are plotly JSON: plotly's renderer stays
    del voila["kernel_spec_manager_class"]  # its kernels start without ttr serve's hook
    assert config["VoilaConfiguration"] == voila
    assert config["VoilaConfiguration"]["template"] == "ttr"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    # The page's shutdown beacon carries no xsrf token: checked, every closed page leaks.
    assert config["ServerApp"]["disable_check_xsrf"] is True
    # Unset, the extension points MathJax at a CDN; standalone Voila leaves it unset.
    assert config["ServerApp"]["tornado_settings"] == {"mathjax_url": None,
                                                       "mathjax_config": None}


def test_a_voila_setting_the_extension_cannot_place_is_refused() -> None:
    standalone = voila_config(plan(root=REPO / "notebooks"))
    with pytest.raises(site.SiteError, match="VoilaTreeHandler"):
        site.server_extension_config({**standalone, "VoilaTreeHandler": {"x": 1}})


def test_install_writes_the_config_into_the_prefix_and_keeps_other_settings(
        tmp_path: Path) -> None:
    existing = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    existing.parent.mkdir(parents=True)
    existing.write_text(json.dumps({"ServerApp": {"tornado_settings": {"a": 1}, "b": 2},
                                    "LabApp": {"c": 3}}))
    config_path, template = site.install_server_config(tmp_path)
    assert config_path == existing
    written = json.loads(existing.read_text())
    expected = site.server_extension_config()
    assert written["LabApp"] == {"c": 3}
    assert written["ServerApp"]["b"] == 2
    assert written["ServerApp"]["tornado_settings"] == {
        "a": 1, **expected["ServerApp"]["tornado_settings"]}
    assert written["VoilaConfiguration"] == expected["VoilaConfiguration"]
    assert template == tmp_path / "share" / "jupyter" / "voila" / "templates" / "ttr"
    shipped = site.SHARE_DIR / "voila" / "templates" / "ttr"
    assert sorted(p.name for p in template.iterdir()) == sorted(p.name for p in
                                                                shipped.iterdir())
    assert (template / "conf.json").read_text() == (shipped / "conf.json").read_text()


def test_a_broken_config_file_is_named_not_overwritten(tmp_path: Path) -> None:
    broken = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{not json")
    refusal = "jupyter_server_config.json: not valid JSON"
    with pytest.raises(site.SiteError, match=re.escape(refusal)):
        site.install_server_config(tmp_path)
    assert broken.read_text() == "{not json"


# --- the replay --------------------------------------------------------------------------------

@dataclass(frozen=True)
class BinderServer:
    server: VoilaServer  #: the Jupyter server, for its kernels and log
    prefix: str  #: "/user/<name>/", as BinderHub's proxy gives it
    token: str

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.port}{self.prefix}{path}"

    def page_url(self, notebook: str) -> str:
        return self.url(f"voila/render/notebooks/{notebook}")


def _clean_env(home: Path) -> dict[str, str]:
    """This process's environment without its virtual environment or Jupyter paths, with a
    home of its own; pip keeps its cache (and the machine's index settings)."""
    cache = os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")
    env = {key: value for key, value in os.environ.items() if not key.startswith(
        ("JUPYTER", "VIRTUAL_ENV", "PYTHON", "CONDA"))}
    return {**env, "HOME": str(home), "PIP_CACHE_DIR": cache, "PYTHONNOUSERSITE": "1",
            "PYTHONUNBUFFERED": "1"}


def _copy_working_tree(destination: Path) -> None:
    """The files git would commit now (tracked and new, less the ignored), as Binder sees a
    pushed commit."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=REPO, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if not (source.exists() or source.is_symlink()):
            continue  # deleted in the working tree
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)


def _run(step: str, command: list[str], cwd: Path, env: dict[str, str], log: Path,
         timings: list[str]) -> None:
    start = time.monotonic()
    with log.open("ab") as out:
        out.write(f"\n$ {' '.join(command)}\n".encode())
        out.flush()
        done = subprocess.run(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                              timeout=900)
    seconds = time.monotonic() - start
    timings.append(f"{step}: {seconds:.0f} s")
    assert done.returncode == 0, f"{step} failed (exit {done.returncode}); see {log}"


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderServer]:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    here = f"python-{sys.version_info.major}.{sys.version_info.minor}"
    assert here == runtime, f"the replay needs {runtime}; this interpreter is {here}"
    root = tmp_path_factory.mktemp("binder")
    repo, venv, home = root / "repo", root / "venv", root / "home"
    home.mkdir()
    _copy_working_tree(repo)
    env = _clean_env(home)
    # Kernels talk to the server over Unix sockets (KernelManager.transport = ipc), whose paths
    # must stay under 107 characters: Binder's runtime dir (/home/jovyan/...) is short, this
    # test's home under pytest's temporary directory is not.
    env["JUPYTER_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="ttr-binder-")
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "binder-replay.log"
    log.write_text("")
    timings: list[str] = []
    _run("fresh venv", [sys.executable, "-m", "venv", str(venv)], root, env, log, timings)
    _run("pip install -r binder/requirements.txt",
         [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-r",
          "binder/requirements.txt"], repo, env, log, timings)
    _run("binder/postBuild", [str(repo / "binder" / "postBuild")], repo, env, log, timings)
    port, token, prefix = find_free_port(), secrets.token_hex(16), "/user/binder/"
    command = [str(venv / "bin" / "jupyter"), "server", "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", f"--ServerApp.base_url={prefix}",
               f"--IdentityProvider.token={token}"]
    if os.geteuid() == 0:
        command.append("--allow-root")  # this machine runs tests as root; Binder does not
    start = time.monotonic()
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=repo, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)
    server = VoilaServer(root=repo, port=port, process=process, log_path=log)
    binder = BinderServer(server, prefix, token)
    try:
        while http_status(binder.url(f"api/status?token={token}")) != 200:
            assert process.poll() is None, f"jupyter server exited; see {log}"
            assert time.monotonic() - start < 120, f"jupyter server did not answer; see {log}"
            time.sleep(0.3)
        timings.append(f"jupyter server up: {time.monotonic() - start:.0f} s")
        (ARTIFACTS / "binder-replay.txt").write_text("\n".join(timings) + "\n")
        yield binder
    finally:
        code, survivors = stop_server(process)
    assert survivors == 0, (f"{survivors} kernels outlived the Jupyter server (exit {code}); "
                            f"see {log}")


def _record_memory(server: VoilaServer) -> None:
    """Add the server's and the app kernel's RSS to test-artifacts/binder-replay.txt (one
    visitor's whole Binder session: what a JupyterHub user pod holds)."""
    rss = {"jupyter server": psutil.Process(server.process.pid).memory_info().rss,
           **{f"kernel {pid}": psutil.Process(pid).memory_info().rss
              for pid in server.kernel_pids()}}
    with (ARTIFACTS / "binder-replay.txt").open("a") as out:
        out.writelines(f"RSS with the app open, {name}: {size / 2**20:.0f} MB\n"
                       for name, size in rss.items())


@dataclass(frozen=True)
class BinderVisit:
    """What Chromium saw on the Binder-like server, and the kernel counts along the way."""

    status: int
    kernels_with_app: int
    click_seconds: float
    lesson_url: str
    kernels_with_lesson: int
    kernels_after: int
    errors: tuple[str, ...]


async def visit(binder: BinderServer) -> BinderVisit:
    """Open the app, click ``ROUTE``, follow the link to lesson 1, leave; in Chromium driven by
    Playwright's async API on this thread's own loop (the harness's sync ``chromium`` fixture
    belongs to tests/browser/, and a second sync Playwright on the test thread cannot start)."""
    errors: list[str] = []
    server = binder.server
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True)
        page = await (await browser.new_context(viewport=VIEWPORT)).new_page()  # type: ignore[arg-type]
        page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("request", lambda r: urlsplit(r.url).scheme not in LOCAL_SCHEMES and urlsplit(
            r.url).hostname not in LOCAL_HOSTS and errors.append(f"request to {r.url}"))
        response = await page.goto(binder.page_url(f"Play.ipynb?token={binder.token}"),
                                   wait_until="commit", timeout=RENDER_TIMEOUT_MS)
        await page.locator(".js-plotly-plot").first.wait_for(state="visible",
                                                             timeout=RENDER_TIMEOUT_MS)
        with_app = await asyncio.to_thread(server.wait_for_kernels, 1)
        await asyncio.to_thread(_record_memory, server)
        seconds = (await click_route(page, ROUTE)).seconds
        await page.screenshot(path=str(SCREENSHOTS / "binder-app-route-clicked.png"))
        await page.get_by_role("link", name="Lesson 1 · The board and the goal").first.click()
        await page.wait_for_url(binder.page_url("01-Board-and-Goal.ipynb"),
                                timeout=RENDER_TIMEOUT_MS)
        await page.locator(".js-plotly-plot").first.wait_for(state="visible",
                                                             timeout=RENDER_TIMEOUT_MS)
        with_lesson = await asyncio.to_thread(server.wait_for_kernels, 1)
        lesson_url = page.url
        await page.goto("about:blank")
        after = await asyncio.to_thread(server.wait_for_kernels, 0)
        await browser.close()
    return BinderVisit(response.status if response else 0, with_app, seconds, lesson_url,
                       with_lesson, after, tuple(errors))


@pytest.mark.browser
def test_binder_serves_the_app_as_a_server_extension_and_a_route_click_answers(
        binder_server: BinderServer) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=1) as pool:
        seen = pool.submit(asyncio.run, visit(binder_server)).result()
    assert seen.status == 200
    assert seen.kernels_with_app == 1  # no pre-heated pool here: the page's kernel only
    assert seen.click_seconds < 30
    assert seen.lesson_url == binder_server.page_url("01-Board-and-Goal.ipynb")
    assert seen.kernels_with_lesson == 1, "the app's kernel outlived its page"
    assert seen.kernels_after == 0, "the lesson's kernel outlived its page"
    assert seen.errors == ()
