"""plotly's FigureWidget module as ``ttr serve`` hands it out
(``ttr_widgets.server.plotly_module``); tests/browser/test_plotly_module.py watches a browser
fetch it once."""

from __future__ import annotations

from ttr_widgets.server import plotly_module


def test_the_plotly_module_path_names_the_installed_plotly() -> None:
    from importlib.metadata import version

    path = plotly_module.plotly_module_path("/user/ann/")
    assert path == f"/user/ann/ttr/plotly-{version('plotly')}/widgetbundle.js"
    assert plotly_module.plotly_module_file().stat().st_size > 1_000_000  # plotly's 5 MB bundle


def test_the_served_module_is_plotly_s_file_after_the_compile_hint() -> None:
    body = plotly_module.served_plotly_module()
    assert body.startswith(plotly_module.COMPILE_HINT) and body.startswith(b"//# ")
    assert body[len(plotly_module.COMPILE_HINT):] == plotly_module.plotly_module_file().read_bytes()


def test_a_page_preloads_the_module_under_the_server_s_base_url() -> None:
    config = plotly_module.preload_plotly_module({"baseUrl": "/user/ann/"}, "/user/ann/")
    assert config == {"baseUrl": "/user/ann/",
                      "ttrPlotlyModule": plotly_module.plotly_module_path("/user/ann/")}
