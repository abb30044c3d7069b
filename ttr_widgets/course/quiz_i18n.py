"""The lessons' quizzes in the ``ttr`` catalogue: a quiz is written in its notebook, in English
(``Quiz("How many points …?", ["4", "7", "10"], "7", "Longer routes pay more …")``), and
``lesson_page.Quiz`` tells its question, options, answer and explanation in the page's
language. This is pybabel's extractor for them (``babel.cfg`` maps it to this module, so
``make i18n``'s extraction of the package reads the notebooks beside it): every string
literal handed to a ``Quiz(...)`` call of a code cell, as its question, an option, its answer
or its explanation, becomes an entry (a bare number, an option such as "7", needs none: it
reads alike in every language).

A quiz built from a table (``Quiz(**TEAM_QUIZZES["double"])``) holds no literal here: its
table marks its sentences with ``N_`` in Python, where the package's extraction finds them.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

__all__ = ["NOTEBOOKS", "QUIZ_FIELDS", "extract", "quiz_sentences"]

#: the kit's notebooks, beside the package in the repository (extraction is the workflow's)
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

#: Quiz's parameters that are sentences a learner reads, in their order
QUIZ_FIELDS = ("question", "options", "answer", "explanation")


def quiz_sentences(source: str) -> Iterator[tuple[int, str]]:
    """Each sentence of a ``Quiz(...)`` call in ``source`` (a code cell), with its line."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "Quiz"):
            continue
        given = dict(zip(QUIZ_FIELDS, node.args, strict=False))
        given.update((k.arg, k.value) for k in node.keywords if k.arg in QUIZ_FIELDS)
        for field in QUIZ_FIELDS:
            value = given.get(field)
            values = value.elts if isinstance(value, ast.List | ast.Tuple) else [value]
            for item in values:
                if isinstance(item, ast.Constant) and isinstance(item.value, str) \
                        and any(c.isalpha() for c in item.value):  # '7' needs no entry
                    yield item.lineno, item.value


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
            ) -> Iterator[tuple[int, None, str, list[str]]]:
    """pybabel's extractor interface. ``babel.cfg`` maps it to this very module, so that
    extracting the package (``pybabel extract … ttr_widgets``) extracts every notebook's quizzes
    (``NOTEBOOKS``) with it; given a notebook, its quizzes."""
    if str(getattr(fileobj, "name", "")).endswith(".py"):
        for path in sorted(NOTEBOOKS.glob("*.ipynb")):
            with path.open("rb") as notebook:
                yield from _notebook(notebook)
        return
    yield from _notebook(fileobj)


def _notebook(fileobj: IO[bytes]) -> Iterator[tuple[int, None, str, list[str]]]:
    """A notebook's quiz sentences (line: the cell's number, counted from 1, as no notebook
    line is shown)."""
    notebook = json.loads(fileobj.read().decode("utf-8"))
    for number, cell in enumerate(notebook.get("cells", ()), start=1):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        for _line, sentence in quiz_sentences(source):
            yield number, None, sentence, []
