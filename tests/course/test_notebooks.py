"""Every notebook in notebooks/: stored clean, prose first, thin on code, and executing top to
bottom in a fresh kernel (with the network variables pointing nowhere)."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import nbformat
import pytest

from ttr_widgets.served import PLOTLY_MODULE_ENV

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
ids = [p.stem for p in NOTEBOOKS]


def code_lines(cell) -> int:
    return sum(1 for line in cell.source.splitlines() if line.strip() and
               not line.strip().startswith("#"))


def test_there_are_notebooks():
    assert any(p.name == "Play.ipynb" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_notebook_is_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, \
                f"{path.name}: a code cell is stored with outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_notebook_is_prose_first_and_thin_on_code(path):
    nb = nbformat.read(path, as_version=4)
    assert nb.cells and nb.cells[0].cell_type == "markdown", f"{path.name} opens with code"
    for before, cell in zip(nb.cells, nb.cells[1:], strict=False):
        if cell.cell_type == "code":
            assert before.cell_type == "markdown", \
                f"{path.name}: a code cell is not preceded by prose:\n{cell.source[:80]}"
    sizes = [code_lines(c) for c in nb.cells if c.cell_type == "code"]
    assert sizes and statistics.median(sizes) <= 3, f"{path.name}: median code cell {sizes}"
    assert "class " not in "\n".join(c.source for c in nb.cells if c.cell_type == "code")


#: Run first in each notebook's kernel: count the charts ``show_figure`` replaces (under
#: ``ttr serve`` it closes each seconds later, and a chart closed while the page is still
#: loading is a "Comm not found" in its console).
COUNT_REPLACED = """
import ttr_widgets.widgets.plots.score_plots as _score_plots
_replaced, _close_chart = [], _score_plots._close_chart
def _counting(output, **how):
    _replaced.extend([output] if output in _score_plots._CHARTS else [])
    _close_chart(output, **how)
_score_plots._close_chart = _counting
"""


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_notebook_executes_in_a_fresh_kernel(path, monkeypatch):
    """Executed as ``ttr serve`` runs it (a kernel started from ``ttr serve``'s kernel spec, with
    its start-up hook, and its plotly module's path set: charts as widgets loading plotly from
    the server, not carrying it), the notebook raises nothing and replaces no chart on its way:
    its charts are each drawn once, with what the page opens with."""
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient

    from ttr_widgets.server.kernel import ServedKernelSpecManager

    for var in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(var, "http://127.0.0.1:9")  # any network use fails at once
    monkeypatch.setenv(PLOTLY_MODULE_ENV, "/ttr/plotly/plotly.js")
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(COUNT_REPLACED))  # in memory
    nb.cells.append(nbformat.v4.new_code_cell("print(len(_replaced))"))
    nb.cells.append(nbformat.v4.new_code_cell(
        "import sys; print(sys.prefix); print('ttr_widgets.server.kernel' in sys.modules)"))
    served = AsyncKernelManager(kernel_name="python3",
                                kernel_spec_manager=ServedKernelSpecManager())
    client = NotebookClient(nb, km=served, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors, f"{path.name}: {errors[0].ename}: {errors[0].evalue}"
    replaced = nb.cells[-2].outputs[0].text.strip()
    assert replaced == "0", f"{path.name}: {replaced} charts drawn again as it ran"
    where, hooked = nb.cells[-1].outputs[0].text.split()
    assert where == sys.prefix, f"the kernel ran {where}, not this environment ({sys.prefix})"
    assert hooked == "True", "the kernel did not run ttr serve's start-up hook"
