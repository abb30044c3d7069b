"""Charts in an Output (``score_plots.show_figure``): plotly JSON for plotly's renderer in
JupyterLab; under ``ttr serve`` a chart widget beside it, the one it replaces closed."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest
from ipywidgets.widgets.widget import _instances

from ttr_widgets.served import PLOTLY_MODULE_ENV
from ttr_widgets.server.config import plan, voila_config
from ttr_widgets.server.plotly_module import plotly_module_path
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
def test_under_ttr_serve_a_chart_is_a_widget_redrawn_in_place_and_closed_when_cleared() -> None:
    output = widgets.Output()
    show_figure(output, bars("First"))
    first = chart(output)
    assert first.layout.title.text == "First"
    assert shown(output)[PLOTLY_MIME]["layout"]["title"]["text"] == "First"

    # Drawn again, the same chart (a page may still be drawing it) shows the new figure whole.
    figure = bars("Second")
    figure.add_bar(x=["Cy"], y=[7], name="more")
    show_figure(output, figure)
    assert chart(output) is first and first.comm is not None
    assert first.layout.title.text == "Second" and len(first.data) == 2
    assert first.data[1].y == (7,)
    assert shown(output)[PLOTLY_MIME]["layout"]["title"]["text"] == "Second"

    show_figure(output, bars("Third"))
    assert len(first.data) == 1 and first.layout.title.text == "Third"

    clear_figure(output)
    assert output.outputs == () and first.comm is None
    show_figure(output, bars("Fourth"))  # after a clear, a new chart
    assert chart(output) is not first and chart(output).comm is not None


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
