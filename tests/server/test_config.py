"""What ``ttr serve`` serves and how Voila is configured (``ttr_widgets.server.config``), read
without starting a server."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from ttr_widgets.server import ServeError, kernel, pool
from ttr_widgets.server import config as serving

REPO = Path(__file__).resolve().parents[2]
TEST_NOTEBOOKS = REPO / "tests" / "browser" / "notebooks"


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
    with pytest.raises(ServeError, match="the kit's notebooks are missing"):
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
    assert config["VoilaKernelManager"]["fill_delay"] == pool.POOL_FILL_DELAY
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


def test_the_pool_reaches_voila_and_zero_means_no_preheating() -> None:
    config = serving.voila_config(serving.plan(root=TEST_NOTEBOOKS, notebook="click_points",
                                               pool=5))
    assert config["VoilaKernelManager"]["kernel_pools_config"]["click_points.ipynb"] == {
        "pool_size": 5}
    for none in (serving.plan(root=TEST_NOTEBOOKS, pool=0),
                 serving.plan(root=TEST_NOTEBOOKS, pool=4, preheat=False)):
        assert (none.preheat, none.pool) == (False, 0)
        assert serving.voila_config(none)["VoilaConfiguration"]["preheat_kernel"] is False
    assert serving.plan().pool == pool.default_pool_size() >= 1


def test_the_template_exists_where_voila_looks() -> None:
    template = serving.SHARE_DIR / "voila" / "templates" / serving.TEMPLATE
    assert (template / "index.html.j2").is_file() and (template / "page.html").is_file()
    assert '"base_template": "lab"' in (template / "conf.json").read_text()


def test_jupyter_path_gets_the_kit_templates_once() -> None:
    env = {"JUPYTER_PATH": "/somewhere"}
    serving.use_kit_templates(env)
    serving.use_kit_templates(env)
    assert env["JUPYTER_PATH"] == os.pathsep.join([str(serving.SHARE_DIR), "/somewhere"])


def test_voila_starts_every_kernel_with_the_server_s_hook() -> None:
    """The kernel specs Voila starts kernels from are named in the configuration (read back
    from the Voila configuration object Voila builds), and the name is the kit's class."""
    from traitlets.config import Config
    from traitlets.utils.importstring import import_item
    from voila.configuration import VoilaConfiguration  # type: ignore[import-untyped]

    settings = serving.voila_config(serving.plan(root=TEST_NOTEBOOKS))
    named = settings["VoilaConfiguration"]["kernel_spec_manager_class"]
    assert import_item(named) is kernel.ServedKernelSpecManager
    voila = VoilaConfiguration(config=Config(settings))
    assert voila.kernel_spec_manager_class is kernel.ServedKernelSpecManager
