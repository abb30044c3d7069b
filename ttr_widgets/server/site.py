"""The kit as a web site: its pages in reading order, and the Jupyter-server configuration that
serves them with Voila as a server extension (Binder, JupyterHub).

Pages. :func:`kit_pages` lists the notebooks a visitor can reach: the play app first, then the
lessons in their numbered order, then the tools (:data:`TOOLS`) and the reference pages
(:data:`REFERENCE`: the glossary and the unclear cases, which every lesson links). Each
:class:`Page` carries the title of its notebook (its first ``# `` heading), so a link reads
exactly like the page it opens. The app's notebook shows :func:`links_markdown` of those
pages; every other page links back with :data:`BACK_TO_APP`. Links are relative
(``01-Board-and-Goal.ipynb``), so they work wherever Voila serves the directory:
``/voila/render/…`` under ``ttr serve``, or ``/voila/render/notebooks/…`` (behind a
``/user/<name>/`` prefix) on Binder.

Serving as an extension. ``ttr serve`` runs Voila on its own with
:func:`ttr_widgets.server.config.voila_config`. Binder and JupyterHub start a Jupyter server
instead, which loads Voila as an extension: there is no pre-heated kernel pool there, no kernel
start-up hook (:mod:`ttr_widgets.server.kernel`), and the kernel, xsrf and Voila settings are
read from the server's configuration. :func:`server_extension_config` derives that
configuration from ``voila_config()``, so the two never drift, and ``python -m
ttr_widgets.server.site install-server-config`` (run by ``binder/postBuild``) writes it, with
the kit's offline page template, into the environment's own Jupyter directories.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttr_widgets.rules import i18n
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.server.config import (
    DEFAULT_APP,
    SHARE_DIR,
    TEMPLATE,
    kit_notebooks_dir,
    plan,
    voila_config,
)
from ttr_widgets.server.notebook_i18n import translate_markdown
from ttr_widgets.tables.progress import lesson_title

APP = DEFAULT_APP
TOOLS = ("Tables.ipynb", "Ticket-Scorer.ipynb", "Planner.ipynb", "Scoring-Explorer.ipynb",
         "Probability-Lab.ipynb", "Map-Analysis.ipynb")
REFERENCE = ("Glossary.ipynb", "Unclear-Cases.ipynb")  #: pages every lesson links, after the tools
LESSON = re.compile(r"\d\d-[^/]+\.ipynb")
BACK_TO_APP = f"[← Back to the play app]({APP})"  #: the link every page other than the app shows
KINDS = ("app", "lesson", "tool", "reference")

#: Settings only standalone Voila reads; a Jupyter server with the Voila extension has no
#: pre-heated kernel pool (``VoilaKernelManager``) and takes its own address and port.
STANDALONE_ONLY = {
    "Voila": "the Jupyter server's own ServerApp settings apply",
    "VoilaKernelManager": "pre-heated kernel pools exist only in standalone Voila",
}
#: ``VoilaConfiguration`` keys only standalone Voila takes: the extension has no kernel pool, and
#: its kernels start without ``ttr serve``'s hook and draw charts as plotly JSON, with plotly's
#: renderer.
STANDALONE_KEYS = ("preheat_kernel", "default_pool_size", "extension_denylist",
                   "kernel_spec_manager_class")
CONFIG_NAME = "jupyter_server_config.json"


class SiteError(TTRError):
    """A page of the kit that is missing, has no title, or is linked from nowhere."""


@dataclass(frozen=True, slots=True)
class Page:
    """One notebook of the site: its file name in ``notebooks/``, its title and its kind."""

    notebook: str
    title: str
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind: expected one of {', '.join(KINDS)}, not {self.kind!r}")

    @property
    def link(self) -> str:
        """The page as a relative markdown link: ``[title](notebook)``."""
        return f"[{self.title}]({self.notebook})"


# --- pages -------------------------------------------------------------------------------------

def kit_pages(root: Path | None = None) -> tuple[Page, ...]:
    """Every page of the kit in reading order: the app, the lessons, the tools, the reference.

    Raises :class:`SiteError` naming each problem: a page missing, a notebook without a title,
    or a notebook in the directory that is none of these (it would be linked from nowhere).
    """
    directory = kit_notebooks_dir() if root is None else root
    present = sorted(path.name for path in directory.glob("*.ipynb"))
    lessons = [name for name in present if LESSON.fullmatch(name)]
    wanted = [(APP, "app"), *((name, "lesson") for name in lessons),
              *((name, "tool") for name in TOOLS), *((name, "reference") for name in REFERENCE)]
    problems = [f"{name}: missing" for name, _kind in wanted if name not in present]
    known = {name for name, _kind in wanted}
    problems += [f"{name}: not linked from {APP} (a lesson is named NN-Title.ipynb; a tool "
                 "goes in ttr_widgets.server.site.TOOLS)" for name in present if name not in known]
    pages = []
    for name, kind in wanted:
        if name not in present:
            continue
        title = notebook_title(directory / name)
        if title is None:
            problems.append(f"{name}: its first markdown cell has no '# ' title")
        else:
            pages.append(Page(name, title, kind))
    if problems:
        raise SiteError(f"the site in {directory}: " + "; ".join(problems))
    return tuple(pages)


def notebook_title(path: Path, lang: str = i18n.DEFAULT) -> str | None:
    """The first ``# `` heading of a notebook's first markdown cell (``None`` if it has none),
    in ``lang`` (the course catalogue's, as the page shows it in that language)."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    first = next((cell for cell in cells if cell.get("cell_type") == "markdown"), None)
    if first is None:
        return None
    source = first.get("source", "")
    text = translate_markdown("".join(source) if isinstance(source, list) else str(source),
                              path.name, lang)
    return next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), None)


def lesson_titles(root: Path) -> Callable[[str], str]:
    """A lesson's title (its notebook's name without ``.ipynb``) as its page in ``root`` shows
    it in the language now; the name made readable (``progress.lesson_title``) for a notebook
    that is not there or has no title."""
    @functools.cache
    def title(lesson: str, lang: str) -> str:
        path = root / f"{lesson}.ipynb"
        try:
            found = notebook_title(path, lang) if path.is_file() else None
        except (OSError, ValueError):  # unreadable, not JSON
            found = None
        return found or lesson_title(lesson)

    return lambda lesson: title(lesson, i18n.language())


def links_markdown(pages: Sequence[Page]) -> str:
    """The markdown block of the app's page that links every other page, lessons first."""
    lessons = [page for page in pages if page.kind == "lesson"]
    tools = [page for page in pages if page.kind == "tool"]
    reference = [page for page in pages if page.kind == "reference"]
    return "\n".join([
        "## Learn the rules, then explore",
        "",
        "The course, one rule at a time, each lesson with a board to try it on:",
        "",
        *(f"- {page.link}" for page in lessons),
        "",
        "The tools:",
        "",
        *(f"- {page.link}" for page in tools),
        "",
        "The words and the rulings:",
        "",
        *(f"- {page.link}" for page in reference),
    ])


# --- the Jupyter server's configuration --------------------------------------------------------

def server_extension_config(standalone: dict[str, dict[str, Any]] | None = None
                            ) -> dict[str, dict[str, Any]]:
    """The Jupyter-server configuration that gives Voila-as-an-extension the policy of
    ``ttr serve``, derived from ``voila_config()`` (the kit's own plan by default).

    - ``VoilaConfiguration`` (templates, tracebacks, sources, files) and ``VoilaExecutor`` go over
      as they are, less the pre-heating keys (the extension has no kernel pool), the kernel
      specs with ``ttr serve``'s start-up hook and the extensions left out (its kernels draw
      charts as plotly JSON, with plotly's renderer);
    - ``MappingKernelManager`` (idle culling) and ``KernelManager`` (kernels over Unix sockets)
      go over as they are: they are the server's kernel managers either way;
    - standalone Voila's ``tornado_settings`` become the server's: ``disable_check_xsrf``
      (without it the page's shutdown beacon is refused and every closed page leaks its kernel);
    - the MathJax URL is unset, as standalone Voila leaves it: the extension otherwise points
      the page at a CDN, and the kit's pages must make no request off the server.
    """
    config = voila_config(plan(root=kit_notebooks_dir())) if standalone is None else standalone
    unknown = set(config) - set(STANDALONE_ONLY) - {
        "VoilaConfiguration", "VoilaExecutor", "KernelManager", "MappingKernelManager"}
    if unknown:
        raise SiteError(f"voila_config has sections {sorted(unknown)} that "
                        "server_extension_config does not know how to carry over")
    voila = {key: value for key, value in config["VoilaConfiguration"].items()
             if key not in STANDALONE_KEYS}
    tornado = dict(config.get("Voila", {}).get("tornado_settings", {}))
    server: dict[str, Any] = {
        "tornado_settings": {"mathjax_url": None, "mathjax_config": None,
                             **{key: value for key, value in tornado.items()
                                if key != "disable_check_xsrf"}},
    }
    if "disable_check_xsrf" in tornado:
        server["disable_check_xsrf"] = tornado["disable_check_xsrf"]
    return {
        "ServerApp": server,
        "VoilaConfiguration": {**voila, "preheat_kernel": False},
        "VoilaExecutor": dict(config.get("VoilaExecutor", {})),
        "KernelManager": dict(config.get("KernelManager", {})),
        "MappingKernelManager": dict(config["MappingKernelManager"]),
    }


def install_server_config(prefix: Path | None = None) -> tuple[Path, Path]:
    """Write :func:`server_extension_config` to ``<prefix>/etc/jupyter/jupyter_server_config.json``
    (merged into any file already there, section by section) and copy the kit's page template
    to ``<prefix>/share/jupyter/voila/templates/``; ``prefix`` is this environment's
    (``sys.prefix``) by default. Returns the two paths written.

    The environment's directories, not ``~/.jupyter``: a JupyterHub that mounts a volume on the
    home directory would hide files put there when the image was built.
    """
    base = Path(sys.prefix) if prefix is None else prefix
    config_path = base / "etc" / "jupyter" / CONFIG_NAME
    merged = _read_json(config_path)
    for section, settings in server_extension_config().items():
        merged[section] = _merge(merged.get(section, {}), settings)
    config_path.parent.mkdir(parents=True, exist_ok=True)
    config_path.write_text(json.dumps(merged, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    source = SHARE_DIR / "voila" / "templates" / TEMPLATE
    template_path = base / "share" / "jupyter" / "voila" / "templates" / TEMPLATE
    shutil.copytree(source, template_path, dirs_exist_ok=True)
    return config_path, template_path


def _read_json(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SiteError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno}); "
                        "fix or remove it") from None
    if not isinstance(data, dict):
        raise SiteError(f"{path}: expected a JSON object of config sections")
    return data


def _merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``new`` over ``old``; nested dictionaries (``tornado_settings``) are merged key by key."""
    merged = dict(old)
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


# --- python -m ttr_widgets.server.site ------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ttr_widgets.server.site",
        description="The kit's pages, and the Jupyter-server configuration for Voila as an "
                    "extension (Binder, JupyterHub).")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("pages", help="list the site's pages in reading order")
    commands.add_parser("server-config", help="print the Jupyter server configuration (JSON)")
    install = commands.add_parser(
        "install-server-config",
        help="write it and the kit's page template into this environment (binder/postBuild)")
    install.add_argument("--prefix", type=Path, default=None,
                         help="environment prefix (default: this interpreter's sys.prefix)")
    args = parser.parse_args(argv)
    try:
        if args.command == "pages":
            for page in kit_pages():
                print(f"{page.kind:6} {page.notebook:42} {page.title}")
        elif args.command == "server-config":
            print(json.dumps(server_extension_config(), indent=2, sort_keys=True))
        else:
            for path in install_server_config(args.prefix):
                print(f"wrote {path}")
    except TTRError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
