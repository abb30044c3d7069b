"""The package map: which part of the kit may import which, and the rules core imports no UI.

    rules       the rules core: pure Python, typed; imports no other part of the kit
    bots        the bots, the hint and the coach, simulation, the fast engine: rules
    tables      shared tables (the authority, the store, the protocol, the service, the client):
                rules, bots
    widgets     ipywidgets + plotly pages over the core: rules, bots, tables (a page's client
                of a shared table), served (how its kernel is served)
    course      lesson content, exercises, lesson boards, the lab's plots: rules, bots, widgets,
                tables (what a lesson page reports of its student's progress)
    server      the Voila server, its kernels' hook and the static site: rules, served, tables
    served      how a kernel is served, read from the environment: nothing of the kit
    commands    the `ttr` subcommands: rules, bots, server, tables (never widgets or course:
                the command line starts without ipywidgets)
    cli         the `ttr` entry point: rules, commands
    testing     what the tests and the benchmarks share (rules checks, reading a board back,
                the browser harness): rules, bots, widgets, server, tables; nothing in the kit
                imports it, and tests and benchmarks import it instead of each other (nor one
                test module another)

Every import in the package (also one inside a function) is read from the source and checked
against ``MAY_IMPORT``. Module by module, no import circle anywhere (``TYPE_CHECKING`` imports
too); and in the parts with subpackages (bots, widgets) the map goes one level down
(``SUBPACKAGE_MAY_IMPORT``: the fast engine imports the rules only, the board and the plots
never a table or a page, a table never a page). No module of the rules core or the bots is over
``MAX_LINES`` lines.
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
    "tables": frozenset({"rules", "bots"}),
    "widgets": frozenset({"rules", "bots", "served", "tables"}),
    "course": frozenset({"rules", "bots", "widgets", "tables"}),
    "server": frozenset({"rules", "served", "tables"}),
    "served": frozenset(),
    "commands": frozenset({"rules", "bots", "server", "tables"}),
    "cli": frozenset({"rules", "commands"}),
    "testing": frozenset({"rules", "bots", "widgets", "server", "tables"}),
    "share": frozenset(),
    "__init__": frozenset(),
}

#: single imports allowed across the map, each with its reason
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("ttr_widgets.server.notebook_i18n", "ttr_widgets.course.why"):
        "a page asked in another language has each 'why?' of its prose told again by the "
        "course's one builder of it, imported only when such a page is rendered",
}


def _module_name(path: Path) -> tuple[str, str]:
    """The module's dotted name and the package its relative imports start from."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    name = ".".join(parts)
    return name, name.rsplit(".", 1)[0]


def _from_imports(node: ast.ImportFrom, package: str) -> tuple[str, list[str]]:
    """The module a ``from … import`` statement reads (relative ones resolved against
    ``package``) and the names it takes."""
    if node.level:
        base = package.split(".")[:len(package.split(".")) - node.level + 1]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    return module, [alias.name for alias in node.names]


def _imports(path: Path) -> set[str]:
    """The kit modules ``path`` imports (``from ttr_widgets import serve`` counts as
    ``ttr_widgets.server.serve``)."""
    _name, package = _module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module, names = _from_imports(node, package)
            if module == "ttr_widgets" or not node.module:
                found.update(f"{module}.{name}" for name in names)
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


# --------------------------------------------------------------------------- module by module


def _module_graph() -> dict[str, set[str]]:
    """Every kit module → the kit modules it imports: at module level, inside functions and
    under ``if TYPE_CHECKING:`` alike. ``from pkg import name`` imports the submodule
    ``pkg.name`` when there is one, else ``pkg``; a package's ``__init__`` is its own node
    (``ttr_widgets.rules``), which importing one of its submodules does not count as
    importing."""
    paths = {_module_name(p)[0]: p for p in sorted(PACKAGE.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = _module_name(path)[1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module, names = _from_imports(node, package)
                found.update(f"{module}.{n}" if f"{module}.{n}" in paths else module
                             for n in names)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One shortest cycle through each group of modules that import one another, directly or
    round a circle (each strongly connected component of more than one module), as the
    modules in import order, the first repeated at the end."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    cycles = []
    for group in groups:
        start = min(group)
        came_from: dict[str, str] = {}  #: module → the module it was first reached from
        frontier = [start]
        while start not in came_from:  # breadth first, inside the group, back to start
            reached = []
            for v in frontier:
                for w in sorted(graph[v] & group):
                    if w not in came_from:
                        came_from[w] = v
                        reached.append(w)
            frontier = reached
        path = [start]
        while len(path) == 1 or path[-1] != start:
            path.append(came_from[path[-1]])
        cycles.append(path[::-1])
    return sorted(cycles)


def _short(module: str) -> str:
    return module.removeprefix("ttr_widgets.")


def test_no_import_circle_anywhere_in_the_package():
    cycles = _cycles(_module_graph())
    assert not cycles, f"{len(cycles)} import circle(s) in the package: " + "; ".join(
        " → ".join(map(_short, cycle)) for cycle in cycles)


def test_the_circle_check_sees_type_checking_function_level_and_submodule_imports(
        tmp_path, monkeypatch):
    # The checker itself: a circle closed by a TYPE_CHECKING import, one through a function's
    # import and a package's submodule, and a package __init__ importing its own module (no
    # circle: importing rules.b does not import rules' __init__).
    fake = tmp_path / "ttr_widgets"
    (fake / "rules").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "rules" / "__init__.py").write_text("from ttr_widgets.rules.b import x\n")
    (fake / "rules" / "a.py").write_text("from ttr_widgets.rules.b import x\n")
    (fake / "rules" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from ttr_widgets.rules.a import y\n")
    (fake / "rules" / "c.py").write_text("def f():\n    from ttr_widgets.rules import d\n")
    (fake / "rules" / "d.py").write_text("from . import c\nfrom ttr_widgets import rules\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert _cycles(_module_graph()) == [
        ["ttr_widgets.rules.a", "ttr_widgets.rules.b", "ttr_widgets.rules.a"],
        ["ttr_widgets.rules.c", "ttr_widgets.rules.d", "ttr_widgets.rules.c"],
    ]


#: the parts of the kit with subpackages, where the map goes one level down
LAYERED = ("bots", "widgets")

#: unit → the units it may import, for every module of a layered part. A unit is a subpackage
#: (``widgets.board``), the part's own top-level modules (``widgets``: ``style``, what every
#: subpackage shares; ``bots``: the bots), the part's ``__init__`` (``widgets.__init__``: the
#: names most callers want, from anywhere in the part) or, outside the layered parts, a part of
#: ``MAY_IMPORT``. Upward in widgets: style ← board, plots ← table (one table controller and
#: its components, the bots behind its seats) ← pages (the pages arrange tables and panels; the
#: bots only through a table); nothing in widgets touches the fast engine (``bots.fast``).
SUBPACKAGE_MAY_IMPORT: dict[str, frozenset[str]] = {
    "bots.fast": frozenset({"rules"}),
    "bots": frozenset({"rules", "bots.fast"}),
    "bots.__init__": frozenset({"bots"}),
    "widgets": frozenset({"rules"}),
    "widgets.board": frozenset({"rules", "widgets"}),
    "widgets.plots": frozenset({"rules", "served", "widgets"}),
    "widgets.table": frozenset({"rules", "bots", "bots.__init__", "served", "tables", "widgets",
                                "widgets.board", "widgets.plots"}),
    "widgets.pages": frozenset({"rules", "bots", "bots.__init__", "tables", "widgets",
                                "widgets.board", "widgets.plots", "widgets.table"}),
    "widgets.__init__": frozenset({"widgets", "widgets.board", "widgets.plots", "widgets.table",
                                   "widgets.pages"}),
}

#: single imports allowed across the subpackage map, each with its reason
SUBPACKAGE_EXCEPTIONS: dict[tuple[str, str], str] = {}


def _unit(module: str) -> str:
    """The unit of the subpackage map a kit module belongs to."""
    part = _part(module)
    if part not in LAYERED:
        return part
    rest = module.split(".")[2:]
    if not rest:
        return f"{part}.__init__"
    if (PACKAGE / part / rest[0]).is_dir():
        return f"{part}.{rest[0]}"
    return part


def _subpackage_crossings() -> dict[tuple[str, str], str]:
    """Every import by a module of a layered part the subpackage map does not allow:
    (importer, imported) → the units."""
    crossings: dict[tuple[str, str], str] = {}
    for importer, imported in sorted(_module_graph().items()):
        a = _unit(importer)
        if _part(importer) not in LAYERED:
            continue
        for module in imported:
            b = _unit(module)
            if a != b and b != "__init__" and b not in SUBPACKAGE_MAY_IMPORT.get(a, ()):
                crossings[(importer, module)] = f"{a} → {b}"
    return crossings


def test_every_unit_of_the_layered_parts_is_on_the_subpackage_map():
    units = {_unit(m) for m in _module_graph() if _part(m) in LAYERED}
    assert units == set(SUBPACKAGE_MAY_IMPORT), (
        f"not on the subpackage map: {sorted(units - set(SUBPACKAGE_MAY_IMPORT))}; "
        f"on it but gone: {sorted(set(SUBPACKAGE_MAY_IMPORT) - units)}")


def test_the_subpackage_map_stays_inside_the_package_map():
    for unit, allowed in SUBPACKAGE_MAY_IMPORT.items():
        part = unit.split(".")[0]
        beyond = {u.split(".")[0] for u in allowed} - {part} - MAY_IMPORT[part]
        assert not beyond, f"{unit} may import {sorted(beyond)}: not on MAY_IMPORT[{part!r}]"


def test_imports_follow_the_subpackage_map():
    crossings = _subpackage_crossings()
    unexpected = {k: v for k, v in crossings.items() if k not in SUBPACKAGE_EXCEPTIONS}
    assert not unexpected, "imports against the subpackage map: " + "; ".join(
        f"{a} imports {b} ({units})" for (a, b), units in sorted(unexpected.items()))
    assert set(SUBPACKAGE_EXCEPTIONS) <= set(crossings), (
        "an exception no longer needed: take it off: "
        f"{sorted(set(SUBPACKAGE_EXCEPTIONS) - set(crossings))}")


#: the most lines a module of the rules core or of the bots has: each concept in one obvious home
MAX_LINES = 500


def test_no_module_of_the_rules_core_or_the_bots_over_500_lines():
    long = {path.relative_to(PACKAGE).as_posix(): n for part in ("rules", "bots")
            for path in sorted((PACKAGE / part).rglob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"over {MAX_LINES} lines (split along a seam): {long}"


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
