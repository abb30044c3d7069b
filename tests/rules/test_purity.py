"""The package map: which part of the kit may import which, and the rules core imports no UI.

    rules       the rules core: pure Python, typed; imports no other part of the kit
    widgets     ipywidgets + plotly pages over the core: rules (and serve's plotly hook)
    course      lesson content, exercises, the lab's plots: rules, widgets
    simulation  many games at once (dask): rules
    serve, site the Voila server and the static site: rules, serve
    commands    the `ttr` subcommands: rules, simulation, serve, site (never widgets or course:
                the command line starts without ipywidgets)
    cli         the `ttr` entry point: rules, commands
    testing     what the tests and the benchmarks share (rules checks, reading a board back,
                the browser harness): rules, widgets, serve; nothing in the kit imports it, and
                tests and benchmarks import it instead of each other (nor one test module another)

Every import in the package (also one inside a function) is read from the source and checked
against ``MAY_IMPORT``.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import ttr_widgets
import ttr_widgets.rules

UI_PACKAGES = ("ipywidgets", "plotly", "IPython", "traitlets", "anywidget", "voila",
               "jupyter", "ipykernel", "matplotlib", "tqdm")

PACKAGE = Path(ttr_widgets.__file__).resolve().parent

#: part of the kit → the other parts it may import (a part is a top-level module or package)
MAY_IMPORT: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "bots": frozenset({"rules"}),
    "widgets": frozenset({"rules", "bots", "served"}),
    "course": frozenset({"rules", "bots", "widgets"}),
    "server": frozenset({"rules", "served"}),
    "served": frozenset(),
    "commands": frozenset({"rules", "bots", "server"}),
    "cli": frozenset({"rules", "commands"}),
    "testing": frozenset({"rules", "bots", "widgets", "server"}),
    "share": frozenset(),
    "__init__": frozenset(),
}

#: single imports allowed across the map, each with its reason
EXCEPTIONS: dict[tuple[str, str], str] = {}

def _module_name(path: Path) -> tuple[str, str]:
    """The module's dotted name and the package its relative imports start from."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    name = ".".join(parts)
    return name, name.rsplit(".", 1)[0]


def _imports(path: Path) -> set[str]:
    """The kit modules ``path`` imports (``from ttr_widgets import serve`` counts as
    ``ttr_widgets.server.serve``)."""
    _name, package = _module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if module == "ttr_widgets" or not node.module:
                found.update(f"{module}.{alias.name}" for alias in node.names)
            else:
                found.add(module)
    return {m for m in found if m == "ttr_widgets" or m.startswith("ttr_widgets.")}


def _part(module: str) -> str:
    return [*module.split("."), "__init__"][1]


def _crossings() -> dict[tuple[str, str], str]:
    """Every import from one part of the kit into another the map does not allow:
    (importer, imported) → the parts."""
    crossings: dict[tuple[str, str], str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        importer, _package = _module_name(path)
        for imported in _imports(path):
            a, b = _part(importer), _part(imported)
            if a != b and b != "__init__" and b not in MAY_IMPORT.get(a, frozenset()):
                crossings[(importer, imported)] = f"{a} → {b}"
    return crossings


def test_every_part_of_the_kit_is_on_the_map():
    parts = {_part(_module_name(p)[0]) for p in PACKAGE.rglob("*.py")}
    assert parts <= set(MAY_IMPORT), f"not on the package map: {sorted(parts - set(MAY_IMPORT))}"


def test_imports_follow_the_package_map():
    crossings = _crossings()
    unexpected = {k: v for k, v in crossings.items() if k not in EXCEPTIONS}
    assert not unexpected, "imports against the package map: " + "; ".join(
        f"{a} imports {b} ({parts})" for (a, b), parts in sorted(unexpected.items()))
    assert set(EXCEPTIONS) <= set(crossings), "an exception no longer needed: take it off"


def test_the_map_check_sees_relative_function_level_and_package_imports(tmp_path, monkeypatch):
    # The checker itself: a rules module that reached for the widgets three ways is caught.
    fake = tmp_path / "ttr_widgets"
    (fake / "rules").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "rules" / "__init__.py").write_text("")
    (fake / "rules" / "bad.py").write_text(
        "from ..widgets import render\n"
        "def f():\n    import ttr_widgets.course.lessons\n"
        "from ttr_widgets import commands\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert set(_crossings()) == {
        ("ttr_widgets.rules.bad", "ttr_widgets.widgets"),
        ("ttr_widgets.rules.bad", "ttr_widgets.course.lessons"),
        ("ttr_widgets.rules.bad", "ttr_widgets.commands"),
    }


REPO = PACKAGE.parent

#: tests ↔ benchmarks imports (and test modules importing test modules) left today, each for
#: its file's owner to switch to ``ttr_widgets.testing`` (benchmarks.classroom's click_route and
#: tests/browser/play_helpers' PlayPage move there too); the test fails when one is gone (delete
#: its line) and when a new one appears
CROSSING_TO_REMOVE = frozenset({
    ("tests/browser/test_binder.py", "benchmarks"),
    ("tests/browser/test_classroom.py", "benchmarks"),
    ("benchmarks/browser.py", "tests"),
    ("benchmarks/classroom.py", "tests"),
    ("benchmarks/classroom_visit.py", "tests"),
    ("tests/browser/test_wheel.py", "a test module"),
})


def _imported(node: ast.AST) -> list[str]:
    """The modules an import statement names (relative ones by their last part)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        module = node.module or ""
        return [module] if module else [a.name for a in node.names]
    return []


def _tree_crossings() -> set[tuple[str, str]]:
    """(file, what it should not import) for every file of tests/ or benchmarks/ importing the
    other tree, and every test module importing a test module."""
    found = set()
    for tree, other in (("tests", "benchmarks"), ("benchmarks", "tests")):
        for path in sorted((REPO / tree).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                for name in _imported(node):
                    if name.split(".")[0] == other:
                        found.add((path.relative_to(REPO).as_posix(), other))
                    elif tree == "tests" and name.split(".")[-1].startswith("test_"):
                        found.add((path.relative_to(REPO).as_posix(), "a test module"))
    return found


def test_tests_and_benchmarks_share_ttr_widgets_testing_not_each_other():
    crossings = _tree_crossings()
    assert not crossings - CROSSING_TO_REMOVE, (
        "import what tests and benchmarks share from ttr_widgets.testing: "
        f"{sorted(crossings - CROSSING_TO_REMOVE)}")
    assert not CROSSING_TO_REMOVE - crossings, (
        f"fixed, so take them off CROSSING_TO_REMOVE: {sorted(CROSSING_TO_REMOVE - crossings)}")


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
