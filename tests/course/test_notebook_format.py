"""Every notebook is stored exactly as JupyterLab would save it, so opening one does not mark it
modified.

When its kernel starts, JupyterLab (4.x) writes the kernel's ``kernelspec`` (name, display name,
language) and its full ``language_info`` into the notebook's metadata; any difference from the
stored metadata marks the notebook as changed. (Seen in Chromium: a notebook stored with
``"language_info": {"name": "python"}`` shows as modified as soon as it opens, and saving it adds
codemirror_mode, file_extension, mimetype, nbconvert_exporter, pygments_lexer and version.) The
notebooks therefore carry the metadata the kit's Python kernel reports, in nbformat 4.5 with cell
ids, written the way the Jupyter server writes (``nbformat.writes`` plus a final newline).

``language_info.version`` is the Python version of the kernel: the kit's is the one Binder and
``make`` use (binder/runtime.txt); a kernel on another Python updates it, which JupyterLab would
show as a change. ``python -m tests.course.test_notebook_format`` rewrites every notebook this way.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RUNTIME = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {  #: what ipykernel reports (``IPythonKernel.language_info``), version aside
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}


def as_jupyter_saves(nb: nbformat.NotebookNode) -> str:
    """The text the Jupyter server writes for ``nb`` (``nbformat.write`` adds the newline)."""
    return nbformat.writes(nb) + "\n"


def normalized(nb: nbformat.NotebookNode, version: str) -> nbformat.NotebookNode:
    """``nb`` with the metadata JupyterLab would give it with a kernel on Python ``version``."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {**LANGUAGE_INFO, "version": version}
    return nb


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_notebook_is_stored_as_jupyterlab_saves_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    nbformat.validate(nb)
    assert (nb.nbformat, nb.nbformat_minor) == (4, 5), f"{path.name}: not nbformat 4.5"
    assert all(cell.get("id") for cell in nb.cells), f"{path.name}: a cell has no id"
    assert nb.metadata.get("kernelspec") == KERNELSPEC, \
        f"{path.name}: kernelspec {nb.metadata.get('kernelspec')} (python -m {__name__})"
    info = dict(nb.metadata.get("language_info", {}))
    version = str(info.pop("version", ""))
    assert info == LANGUAGE_INFO, f"{path.name}: language_info {info} (python -m {__name__})"
    assert version.startswith(f"{RUNTIME}."), \
        f"{path.name}: language_info.version {version!r}, the kit's Python is {RUNTIME}"
    assert text == as_jupyter_saves(nb), \
        f"{path.name}: saving it would change its text (python -m {__name__})"


def test_the_kit_kernel_reports_this_metadata() -> None:
    """The metadata above is what ipykernel reports (so JupyterLab finds nothing to change)."""
    from ipykernel.ipkernel import IPythonKernel

    reported = dict(IPythonKernel.language_info)
    assert reported.pop("version") == ".".join(map(str, sys.version_info[:3]))
    assert reported == LANGUAGE_INFO
    spec = json.loads((Path(sys.prefix) / "share" / "jupyter" / "kernels" / "python3" /
                       "kernel.json").read_text())
    assert {"display_name": spec["display_name"], "language": spec["language"],
            "name": "python3"} == KERNELSPEC


def main() -> None:
    """Rewrite every notebook as JupyterLab saves it (metadata for this Python)."""
    version = ".".join(map(str, sys.version_info[:3]))
    for path in NOTEBOOKS:
        nb = normalized(nbformat.read(path, as_version=nbformat.NO_CONVERT), version)
        text = as_jupyter_saves(nb)
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"rewrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
