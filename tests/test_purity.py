"""The rules core imports no UI package, and is typed."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import ttr_widgets.rules

UI_PACKAGES = ("ipywidgets", "plotly", "IPython", "traitlets", "anywidget", "voila",
               "jupyter", "ipykernel", "matplotlib", "tqdm")


def test_rules_core_imports_no_ui_package():
    modules = [f"ttr_widgets.rules.{m.name}" for m in pkgutil.iter_modules(
        ttr_widgets.rules.__path__)]
    assert len(modules) >= 10
    code = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {UI_PACKAGES!r})\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "", f"the rules core pulled in UI packages: {out}"
