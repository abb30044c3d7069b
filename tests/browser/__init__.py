"""The browser tests: a real ``ttr serve`` in a subprocess, pages in headless Debian Chromium.

The harness lives in ``ttr_widgets.testing.browser`` (shared with the benchmarks); its names are
importable from here too, so ``from . import open_notebook, click_plotly_point, ...`` works.
"""

from ttr_widgets.testing.browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    HOVER_REST_MS,
    KIT_NOTEBOOKS,
    RENDER_TIMEOUT_MS,
    REPO,
    SCREENSHOTS,
    SERVER_START_TIMEOUT,
    TEST_NOTEBOOKS,
    VIEWPORT,
    WIDGET_READY,
    VoilaServer,
    click_plotly_point,
    expect_text,
    find_plotly_point,
    http_status,
    open_notebook,
    plotly_point,
    reload_notebook,
    running_server,
    screenshot,
    serve_command,
    stop_server,
)

__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "HOVER_REST_MS",
    "KIT_NOTEBOOKS",
    "RENDER_TIMEOUT_MS",
    "REPO",
    "SCREENSHOTS",
    "SERVER_START_TIMEOUT",
    "TEST_NOTEBOOKS",
    "VIEWPORT",
    "WIDGET_READY",
    "VoilaServer",
    "click_plotly_point",
    "expect_text",
    "find_plotly_point",
    "http_status",
    "open_notebook",
    "plotly_point",
    "reload_notebook",
    "running_server",
    "screenshot",
    "serve_command",
    "stop_server",
]
