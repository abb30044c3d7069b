"""``ttr notebooks DIR``: the course and the tools, as notebooks of your own for JupyterLab.

``ttr notebooks DIR [--force]`` writes every notebook of the kit (the play app, the lessons, the
tools) into ``DIR`` (created if needed) and says what it did with each. Running it again later
(after an upgrade of the kit) refreshes the notebooks you have not changed and keeps the ones you
have, naming them; ``--force`` overwrites those too.

A notebook counts as *changed* when the text of its cells differs from what ``ttr notebooks``
last wrote there: running it, its outputs, or JupyterLab's metadata do not count. What was
written is remembered in ``DIR/.ttr-notebooks.json`` (each notebook's cell fingerprint). A
notebook that was there before ``ttr notebooks`` ever wrote it counts as changed unless its cells
already equal the kit's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _, ngettext, pgettext
from ttr_widgets.server.config import kit_notebooks_dir

MANIFEST = ".ttr-notebooks.json"
#: what happened to one notebook, as said to the user (see :func:`report`)
ACTIONS = ("written", "refreshed", "up to date", "kept", "overwritten")


class NotebooksError(TTRError):
    """A target directory that cannot take the notebooks (one line, exit code 2)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One notebook's fate: its file name and one of :data:`ACTIONS`."""

    name: str
    action: str


def fingerprint(notebook_text: str) -> str | None:
    """A hash of a notebook's cells (kind and text, in order); ``None`` if it is not a notebook.

    Outputs, execution counts and metadata are left out: running a notebook does not change it.
    """
    try:
        cells = json.loads(notebook_text).get("cells")
    except (json.JSONDecodeError, AttributeError):
        return None
    if not isinstance(cells, list):
        return None
    parts = []
    for cell in cells:
        if not isinstance(cell, dict):
            return None
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        parts.append([str(cell.get("cell_type", "")), text])
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def write_notebooks(target: Path, *, force: bool = False, source: Path | None = None
                    ) -> list[Outcome]:
    """Write the kit's notebooks into ``target`` as described in the module's docstring."""
    source = kit_notebooks_dir() if source is None else source
    if target.exists() and not target.is_dir():
        raise NotebooksError(_("DIR {path}: exists and is not a directory").format(path=target))
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NotebooksError(_("DIR {path}: cannot create it ({problem})").format(
            path=target, problem=exc.strerror)) from None
    written = _read_manifest(target)
    outcomes = []
    for path in sorted(source.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        new = fingerprint(text)
        destination = target / path.name
        action = "written"
        if destination.exists():
            current = fingerprint(destination.read_text(encoding="utf-8", errors="replace"))
            if current == new:
                action = "up to date"
            elif current is not None and current == written.get(path.name):
                action = "refreshed"
            elif force:
                action = "overwritten"
            else:
                action = "kept"
        if action in ("written", "refreshed", "overwritten"):
            try:
                destination.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise NotebooksError(_("DIR {path}: cannot write {name} ({problem})").format(
                    path=target, name=path.name, problem=exc.strerror)) from None
        if action != "kept" and new is not None:
            written[path.name] = new
        outcomes.append(Outcome(path.name, action))
    (target / MANIFEST).write_text(json.dumps(written, indent=1, sort_keys=True) + "\n",
                                   encoding="utf-8")
    return outcomes


def _read_manifest(target: Path) -> dict[str, str]:
    path = target / MANIFEST
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}  # none yet, or spoilt: every differing notebook then counts as changed
    if not isinstance(data, dict):
        return {}
    return {str(key): str(value) for key, value in data.items()}


def report(target: Path, outcomes: list[Outcome]) -> list[str]:
    """What ``ttr notebooks`` prints: one line per notebook, then how to open them."""
    said = _action_words()
    width = max(len(word) for word in said.values())
    lines = [f"{said[outcome.action]:>{width}}  {outcome.name}" for outcome in outcomes]
    kept = [outcome.name for outcome in outcomes if outcome.action == "kept"]
    if kept:
        lines.append(ngettext(
            "Kept {n} notebook you changed ({names}); rerun with --force to overwrite it with "
            "the kit's.",
            "Kept {n} notebooks you changed ({names}); rerun with --force to overwrite them with "
            "the kit's.", len(kept)).format(n=len(kept), names=", ".join(kept)))
    lines.append(_("Open them with: jupyter lab {path}  (start with {app} or {lesson})").format(
        path=target, app="Play.ipynb", lesson="01-Board-and-Goal.ipynb"))
    return lines


def _action_words() -> dict[str, str]:
    """Each of :data:`ACTIONS` as said to the user, in the reader's language."""
    return {"written": pgettext("notebook", "written"),
            "refreshed": pgettext("notebook", "refreshed"),
            "up to date": pgettext("notebook", "up to date"),
            "kept": pgettext("notebook", "kept"),
            "overwritten": pgettext("notebook", "overwritten")}


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "notebooks", help=_("write the course and the tools into a folder, for JupyterLab"),
        description=_("Write the kit's notebooks (the play app, the lessons, the tools) into DIR. "
                      "Notebooks you changed are kept unless --force is given; the others are "
                      "refreshed to this version of the kit."))
    parser.add_argument("directory", type=Path, metavar="DIR",
                        help=_("the folder to write them into (created if needed)"))
    parser.add_argument("--force", action="store_true",
                        help=_("overwrite notebooks you changed, too"))


def run(args: argparse.Namespace) -> int:
    target: Path = args.directory
    for line in report(target, write_notebooks(target, force=args.force)):
        print(line)
    return 0
