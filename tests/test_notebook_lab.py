"""The probability lab notebook runs top to bottom in a fresh kernel of this environment, and is
stored the way lessons are: clean, prose before every code cell, short code cells."""

from __future__ import annotations

import statistics
import sys
import time
from itertools import pairwise
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "Probability-Lab.ipynb"
TIMEOUT = 300  # seconds per cell; the whole notebook takes well under a minute

pytestmark = pytest.mark.notebook

# Appended to the in-memory copy only: where the kernel's Python lives.
WHERE = "import sys; print(sys.prefix)"


@pytest.fixture(scope="module")
def stored() -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOK, as_version=4)


@pytest.fixture(scope="module")
def executed(stored: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, float]:
    notebook = nbformat.from_dict(stored)
    notebook.cells.append(nbformat.v4.new_code_cell(WHERE))
    client = NotebookClient(notebook, timeout=TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    start = time.perf_counter()
    client.execute()
    return notebook, time.perf_counter() - start


def code_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in notebook.cells if c.cell_type == "code"]


def test_the_kernel_is_this_environments_python(
        executed: tuple[nbformat.NotebookNode, float]) -> None:
    notebook, _seconds = executed
    printed = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
    assert printed.strip() == sys.prefix


def test_the_notebook_runs_without_an_error(
        executed: tuple[nbformat.NotebookNode, float]) -> None:
    notebook, seconds = executed
    errors = [(i, o.get("ename"), o.get("evalue")) for i, c in enumerate(notebook.cells)
              if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert errors == []
    assert seconds < 120, f"the lab notebook took {seconds:.0f} s"


def test_the_explorer_and_the_figures_are_shown(
        executed: tuple[nbformat.NotebookNode, float]) -> None:
    notebook, _seconds = executed
    kinds = [set(o.get("data", {})) for c in code_cells(notebook) for o in c.outputs]
    widgets = sum("application/vnd.jupyter.widget-view+json" in k for k in kinds)
    figures = sum("application/vnd.plotly.v1+json" in k for k in kinds)
    assert widgets >= 2  # the explorer, twice
    assert figures >= 7


def test_the_notebook_is_stored_without_outputs(stored: nbformat.NotebookNode) -> None:
    for cell in code_cells(stored):
        assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


def test_every_code_cell_follows_prose(stored: nbformat.NotebookNode) -> None:
    cells = stored.cells
    assert cells[0].cell_type == "markdown" and cells[0].source.startswith("# ")
    for before, cell in pairwise(cells):
        if cell.cell_type == "code":
            assert before.cell_type == "markdown", cell.source[:60]


def test_code_cells_are_short_and_one_is_the_tagged_setup(
        stored: nbformat.NotebookNode) -> None:
    cells = code_cells(stored)
    assert statistics.median(len(c.source.splitlines()) for c in cells) <= 3
    setup = [c for c in cells if "setup" in c.metadata.get("tags", [])]
    assert len(setup) == 1 and setup[0] is cells[0]
    assert not any(line.startswith(("class ", "def ")) for c in cells
                   for line in c.source.splitlines())
