"""The package is the kit: the wheel, installed in a fresh virtual environment, serves the app
from an empty folder, and its ``ttr notebooks`` writes the course.

The wheel is built from a copy of the working tree (so the shared checkout gets no ``build/``),
installed with pip into a new venv (its dependencies from the machine's package index), and its
``ttr serve`` runs in an empty folder with a home of its own: nothing of the repository is
reachable from there. Chromium opens the printed root address, lands in the app and clicks a
route. Set-up times go to test-artifacts/wheel-install.txt.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser import ARTIFACTS, VoilaServer, http_status, play_helpers, stop_server
from tests.browser.play_helpers import PlayPage
from tests.browser.test_binder import _clean_env, _copy_working_tree
from ttr_widgets.server.ports import find_free_port

REPO = Path(__file__).resolve().parents[2]
ROUTE = "usa-031"  #: Denver–Helena, 4 spaces


@dataclass(frozen=True)
class Installed:
    venv: Path
    wheel: Path
    env: dict[str, str]
    home: Path

    def bin(self, name: str) -> str:
        return str(self.venv / "bin" / name)


def _step(what: str, command: list[str], cwd: Path, env: dict[str, str], log: Path,
          timings: list[str]) -> None:
    start = time.monotonic()
    with log.open("ab") as out:
        out.write(f"\n$ {' '.join(command)}\n".encode())
        out.flush()
        done = subprocess.run(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                              timeout=600)
    timings.append(f"{what}: {time.monotonic() - start:.0f} s")
    assert done.returncode == 0, f"{what} failed (exit {done.returncode}); see {log}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    source, dist, venv, home = root / "source", root / "dist", root / "venv", root / "home"
    home.mkdir()
    _copy_working_tree(source)
    env = _clean_env(home)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "wheel-install.log"
    log.write_text("")
    timings: list[str] = []
    _step("build the wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                              "-w", str(dist), str(source)], root, env, log, timings)
    (wheel,) = dist.glob("ttr_widgets-*.whl")
    _step("fresh venv", [sys.executable, "-m", "venv", str(venv)], root, env, log, timings)
    _step("pip install the wheel", [str(venv / "bin" / "python"), "-m", "pip", "install",
                                    "--quiet", str(wheel)], root, env, log, timings)
    (ARTIFACTS / "wheel-install.txt").write_text("\n".join(timings) + "\n")
    return Installed(venv, wheel, {**env, "PATH": f"{venv / 'bin'}{os.pathsep}{env['PATH']}"},
                     home)


def test_the_wheel_carries_the_maps_and_notebooks_from_the_top_level_folders(
        installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for folder, pattern, inside in (("maps", "*.json", "maps"),
                                    ("notebooks", "*.ipynb", "notebooks")):
        files = sorted((REPO / folder).glob(pattern))
        assert files
        for path in files:
            assert f"ttr_widgets/{inside}/{path.name}" in names, path.name


def test_the_installed_ttr_writes_the_course_and_reads_its_maps(installed: Installed,
                                                               tmp_path: Path) -> None:
    done = subprocess.run([installed.bin("ttr"), "notebooks", "course"], cwd=tmp_path,
                          env=installed.env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "course").glob("*.ipynb")) == sorted(
        p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    done = subprocess.run([installed.bin("ttr"), "map", "mini", "--json"], cwd=tmp_path,
                          env=installed.env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"routes"' in done.stdout


@pytest.fixture(scope="module")
def wheel_server(installed: Installed, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[VoilaServer]:
    empty = tmp_path_factory.mktemp("empty-folder")
    port = find_free_port()
    log = ARTIFACTS / "wheel-serve.log"
    with log.open("wb") as out:
        command = [installed.bin("ttr"), "serve", "--port", str(port), "--pool", "1"]
        process = subprocess.Popen(command, cwd=empty, env=installed.env, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)
    notebooks = installed.venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    server = VoilaServer(root=notebooks / "site-packages" / "ttr_widgets" / "notebooks",
                         port=port, process=process, log_path=log)
    try:
        start = time.monotonic()
        while http_status(server.base_url + "voila/tree") != 200:
            assert process.poll() is None, f"ttr serve exited; see {log}"
            assert time.monotonic() - start < 90, f"ttr serve did not answer; see {log}"
            time.sleep(0.3)
        yield server
    finally:
        code, survivors = stop_server(process)
    assert (code, survivors) == (0, 0), f"ttr serve exit {code}, {survivors} kernels left; {log}"
    assert list(empty.iterdir()) == [], "ttr serve wrote into the folder it was started from"


def test_ttr_serve_from_an_empty_folder_lands_chromium_in_the_app(
        wheel_server: VoilaServer, page: Page, console_errors: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_helpers, "HOVER_TIMEOUT_MS", 30_000)  # a machine busy installing
    output = wheel_server.log_path.read_text()
    assert f"The app: {wheel_server.url('Play.ipynb')}" in output
    assert str(wheel_server.root) in output  # serving the wheel's own copy of the notebooks
    page.goto(wheel_server.base_url, wait_until="commit")
    play = PlayPage(page)
    page.locator(".ttr-status").first.wait_for(state="visible", timeout=90_000)
    play.wait_for_board()
    assert page.url == wheel_server.url("Play.ipynb")
    play.click_route(ROUTE)  # the app answers: its claim panel names the route
    page.locator(".ttr-claim-title", has_text="Denver").first.wait_for(state="visible",
                                                                      timeout=60_000)
    assert console_errors == []
