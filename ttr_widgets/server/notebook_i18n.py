"""The course's pages in the reader's language: the notebooks' prose (their markdown cells) is
kept in a gettext catalogue of its own, the ``course`` domain
(``ttr_widgets/locale/<lang>/LC_MESSAGES/course.po``, template ``ttr_widgets/locale/course.pot``),
apart from the ``ttr`` domain of the package's sentences.

An entry is one block of a markdown cell: the text between two blank lines (a paragraph, a
heading, a whole list or table), so a translator sees a link's words with its target and a
list with its items, and a changed paragraph leaves the rest of the page translated. Its
``msgctxt`` is the notebook's file name (``01-Board-and-Goal.ipynb``): the same words may be
put differently on two pages. Fenced code blocks stay whole and are never entries.

The workflow (``make i18n``): ``python -m ttr_widgets.server.notebook_i18n extract`` writes the
template from ``notebooks/*.ipynb``, then ``pybabel update -D course`` as for ``ttr``, and
``python -m ttr_widgets.server.notebook_i18n compile`` (prose is never a %-template, which
Babel's compiler would check it as).

Serving (:func:`prelaunch_hook`): Voila hands each page's notebook to the hook before it
renders the markdown, and a page asked in French (``?lang=fr``, else the
browser's ``Accept-Language``) gets each block from the French catalogue (a block not yet
translated stays English), each "why?" tells its rules from the ``ttr`` catalogue
(:func:`tell_why`), and its links to the kit's other pages keep ``?lang=fr``.

Only the standard library at serving time (gettext reads the compiled ``.mo``); Babel writes the
template.
"""

from __future__ import annotations

import argparse
import gettext
import json
import re
from collections.abc import Iterator, Sequence
from copy import deepcopy
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import page_language

__all__ = ["DOMAIN", "blocks", "carry_language", "entries", "page_language", "prelaunch_hook",
           "tell_why", "translate_markdown", "translate_notebook"]

DOMAIN = "course"
_FENCE = re.compile(r"^\s*(```|~~~)")
#: a link to one of the kit's pages: ``](Name.ipynb)``, ``](Name.ipynb#part)``, or an HTML
#: ``href="Name.ipynb"``; other addresses (the web, images) are left as they are
_PAGE_LINK = re.compile(r"(?P<lead>\]\(|href=\")(?P<page>[^()\"\s:?#]+\.ipynb)"
                        r"(?P<query>\?[^)\"#\s]*)?")


def blocks(source: str) -> list[str]:
    """The entries of one markdown cell: its blocks between blank lines, a fenced code block
    kept whole (blank lines inside it included) and never offered for translation."""
    found: list[str] = []
    current: list[str] = []
    fenced = False
    for line in source.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and not line.strip():
            if current:
                found.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        found.append("\n".join(current))
    return found


def _translatable(block: str) -> bool:
    """Whether a block has words to translate (a rule ``---`` or a code fence has none)."""
    return not _FENCE.match(block) and any(ch.isalpha() for ch in block)


def _source(cell: dict[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def entries(notebook: dict[str, Any]) -> Iterator[str]:
    """Every translatable block of a notebook's markdown cells, in page order."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            yield from (block for block in blocks(_source(cell)) if _translatable(block))


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    if lang == i18n.DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=i18n.LOCALE_DIR, languages=[lang],
                               fallback=True)


def carry_language(markdown: str, lang: str) -> str:
    """``markdown`` with every link to a kit page carrying ``?lang=<lang>`` (an anchor kept
    after it; a query already there gets ``&lang=``); English links stay as written."""
    if lang == i18n.DEFAULT:
        return markdown

    def carried(match: re.Match[str]) -> str:
        query = match["query"] or ""
        if re.search(r"[?&]lang=", query):
            return match[0]
        query = f"{query}&lang={lang}" if query else f"?lang={lang}"
        return f"{match['lead']}{match['page']}{query}"

    return _PAGE_LINK.sub(carried, markdown)


def translate_markdown(source: str, notebook: str, lang: str) -> str:
    """One markdown cell of ``notebook`` (its file name) in ``lang``: each block from the
    catalogue (as written when it has none), blank lines kept, links carrying the language."""
    if lang == i18n.DEFAULT:
        return source
    catalogue = _catalogue(lang)
    parts = re.split(r"(\n[ \t]*\n(?:[ \t]*\n)*)", source)
    told: list[str] = []
    fenced = False
    for part in parts:
        core = part.strip("\n")
        if fenced or not _translatable(core):
            told.append(part)
        else:
            start = part.index(core)
            told.append(part[:start] + catalogue.pgettext(notebook, core)
                        + part[start + len(core):])
        fenced ^= sum(1 for line in part.split("\n") if _FENCE.match(line)) % 2 == 1
    return carry_language(tell_why("".join(told), lang), lang)


def tell_why(markdown: str, lang: str) -> str:
    """``markdown`` with each "why?" (``course.why``) told again in ``lang``: its rules'
    sentences come from the ``ttr`` catalogue, where the rules are, so a translation keeps
    the English ``<details>`` as it is and the rules are translated once."""
    from ttr_widgets.course.why import WHY, why_details  # the widgets' words: serving only

    with i18n.use(lang):
        return WHY.sub(lambda found: why_details(found.group(1).split()), markdown)


def translate_notebook(notebook: Any, name: str, lang: str) -> Any:
    """A copy of ``notebook`` (a page named ``name``) with its markdown cells in ``lang``; the
    notebook itself is not changed (Voila may cache it)."""
    copy = deepcopy(notebook)
    if lang == i18n.DEFAULT:
        return copy
    for cell in copy["cells"]:
        if cell.get("cell_type") == "markdown":
            cell["source"] = translate_markdown(_source(cell), name, lang)
    return copy


def prelaunch_hook(req_handler: Any, notebook: Any, cwd: str) -> Any:
    """Voila's ``prelaunch_hook``: the page's notebook in the language its request asks for,
    or None (Voila keeps the notebook) for English and for renders without a request (a
    pre-heated kernel's, made before anyone asks)."""
    request = getattr(req_handler, "request", None)
    if request is None:
        return None
    lang = page_language(req_handler.get_argument("lang", None),
                         request.headers.get("Accept-Language", ""))
    if lang == i18n.DEFAULT:
        return None
    return translate_notebook(notebook, PurePosixPath(unquote(request.path)).name, lang)


# --- the catalogue's template (make i18n) ------------------------------------------------------

def extract(notebooks: Sequence[Path], output: Path) -> int:
    """Write the ``course`` template: one entry per block, its context the notebook's name, its
    location the notebook and the cell's number. Returns the number of entries."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="ttr-widgets", copyright_holder="the ttr-widgets authors",
                      domain=DOMAIN)
    for path in sorted(notebooks):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for number, cell in enumerate(notebook.get("cells", []), start=1):
            if cell.get("cell_type") != "markdown":
                continue
            for block in blocks(_source(cell)):
                if _translatable(block):
                    catalog.add(block, locations=[(path.name, number)], context=path.name)
    with output.open("wb") as out:
        write_po(out, catalog, width=99, sort_output=False)
    return len(catalog)


def compile_catalogue(po: Path, mo: Path) -> int:
    """Compile the course catalogue ``po`` into ``mo``; returns the entries translated. Babel's
    own compiler would check each entry as a %-template and refuse prose such as "71.0 % of
    deals" against "71,0 % des donnes" (no entry here is a template: the course test checks
    the links, markup and placeholders a translation must keep)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, domain=DOMAIN)
    with mo.open("wb") as out:
        write_mo(out, catalog)
    return sum(1 for message in catalog if message.id and message.string)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ttr_widgets.server.notebook_i18n extract [-o FILE] [NOTEBOOK_DIR]``, or
    ``compile`` (every language's ``course.po`` into its ``course.mo``)."""
    parser = argparse.ArgumentParser(
        prog="python -m ttr_widgets.server.notebook_i18n",
        description="Extract the notebooks' markdown into the course catalogue's template.")
    sub = parser.add_subparsers(dest="command", required=True)
    out = sub.add_parser("extract", help="write the course domain's .pot")
    out.add_argument("notebooks", nargs="?", type=Path,
                     default=i18n.LOCALE_DIR.parent.parent / "notebooks")
    out.add_argument("-o", "--output", type=Path, default=i18n.LOCALE_DIR / f"{DOMAIN}.pot")
    sub.add_parser("compile", help="compile each language's course.po into its course.mo")
    args = parser.parse_args(argv)
    if args.command == "compile":
        for po in sorted(i18n.LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            done = compile_catalogue(po, po.with_suffix(".mo"))
            print(f"{done} course entries translated in {po}")
        return 0
    count = extract(sorted(args.notebooks.glob("*.ipynb")), args.output)
    print(f"{count} course entries written to {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
