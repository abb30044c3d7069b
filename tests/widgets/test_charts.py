"""Charts in an Output (``score_plots.show_figure``): plotly JSON for plotly's renderer in
JupyterLab; under ``ttr serve`` a chart widget beside it, the one it replaces closed (in a
kernel a moment later, for a page still drawing it)."""

from __future__ import annotations

import asyncio
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest
from ipywidgets.widgets.widget import _instances

from ttr_widgets.served import PLOTLY_MODULE_ENV
from ttr_widgets.server.config import plan, voila_config
from ttr_widgets.server.plotly_module import plotly_module_path
from ttr_widgets.widgets.plots import score_plots
from ttr_widgets.widgets.plots.score_plots import (
    PLOTLY_MIME,
    WIDGET_VIEW_MIME,
    clear_figure,
    show_figure,
)


def bars(title: str) -> go.Figure:
    return go.Figure(go.Bar(x=["Ann", "Ben"], y=[3, 5]), layout={"title": {"text": title}})


def shown(output: widgets.Output) -> dict[str, Any]:
    (record,) = output.outputs
    assert record["output_type"] == "display_data"
    data: dict[str, Any] = record["data"]
    return data


def chart(output: widgets.Output) -> go.FigureWidget:
    """The chart widget ``output`` shows (found by the model id in its output)."""
    found = _instances[shown(output)[WIDGET_VIEW_MIME]["model_id"]]
    assert isinstance(found, go.FigureWidget)
    return found


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel of ``ttr serve``: its pages load plotly's module from the server."""
    monkeypatch.setenv(PLOTLY_MODULE_ENV, plotly_module_path())


@pytest.fixture
def jupyterlab(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PLOTLY_MODULE_ENV, raising=False)


@pytest.mark.usefixtures("jupyterlab")
def test_in_jupyterlab_a_chart_is_plotly_json_with_words_and_no_widget() -> None:
    output = widgets.Output()
    show_figure(output, bars("Cards drawn"), "Ann: 3 cards, Ben: 5")
    data = shown(output)
    assert set(data) == {PLOTLY_MIME, "text/plain"}
    assert data["text/plain"] == "Ann: 3 cards, Ben: 5"
    figure = data[PLOTLY_MIME]
    assert figure["layout"]["title"]["text"] == "Cards drawn"
    assert figure["config"] == {"displaylogo": False, "responsive": True}


@pytest.mark.usefixtures("served")
def test_under_ttr_serve_a_chart_is_a_widget_and_the_one_it_replaces_is_closed() -> None:
    output = widgets.Output()
    show_figure(output, bars("First"))
    first = chart(output)
    assert first.layout.title.text == "First"
    assert shown(output)[PLOTLY_MIME]["layout"]["title"]["text"] == "First"

    show_figure(output, bars("Second"))
    second = chart(output)
    assert second is not first and second.layout.title.text == "Second"
    assert first.comm is None and second.comm is not None  # closed, open

    clear_figure(output)
    assert output.outputs == () and second.comm is None


@pytest.mark.usefixtures("served")
def test_in_a_kernel_the_chart_replaced_stays_open_a_moment_for_the_page_drawing_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(score_plots, "CLOSE_AFTER_S", 0.05)
    output = widgets.Output()

    async def redraw() -> tuple[bool, bool]:
        show_figure(output, bars("First"))
        first = chart(output)
        show_figure(output, bars("Second"))
        open_at_once = first.comm is not None
        await asyncio.sleep(0.2)
        return open_at_once, first.comm is None

    assert asyncio.run(redraw()) == (True, True)
    assert chart(output).layout.title.text == "Second" and chart(output).comm is not None


@pytest.mark.usefixtures("served")
def test_two_outputs_keep_their_own_charts() -> None:
    left, right = widgets.Output(), widgets.Output()
    show_figure(left, bars("Left"))
    show_figure(right, bars("Right"))
    kept = chart(left)
    show_figure(right, bars("Right again"))
    assert kept.comm is not None and kept.layout.title.text == "Left"


def test_the_served_pages_leave_out_plotly_s_own_renderer() -> None:
    config = voila_config(plan())
    assert config["VoilaConfiguration"]["extension_denylist"] == ["jupyterlab-plotly"]
