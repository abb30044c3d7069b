"""Plain words on a page: every text a visitor can see in a widget tree (``visible_texts``,
``figure_texts``), what must never reach a visitor (``CODE_SPEAK``: rule ids, '(s)' plurals,
internal ids, reprs, ``None``) and ``assert_plain``, which checks a widget for it."""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterator
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

PLOTLY_MIME = "application/vnd.plotly.v1+json"


#: what must never reach a visitor, with a name for the failure message
CODE_SPEAK: dict[str, re.Pattern[str]] = {
    "a rule id in brackets": re.compile(r"\((?:rule )?[a-z0-9]+\.[a-z0-9-]+\)"),
    "an '(s)' plural": re.compile(r"\(s\)"),
    "a singular with a plural noun": re.compile(
        r"(?<![\d.,])\b1 (?:points|cards|tickets|trains|locomotives|stations|routes|turns)\b"),
    "an internal id": re.compile(r"\b(?:usa|eu|m|mini)-t?\d{2,3}\b"),
    "a Fraction repr": re.compile(r"Fraction\("),
    "a dataclass or object repr": re.compile(r"\b[A-Z][A-Za-z]+\([a-z_]+="),
    "a dict": re.compile(r"\{\s*['\"][^'\"]*['\"]\s*:"),
    "a tuple of numbers": re.compile(r"\(\d+, \d+(?:, \d+)*\)"),
    "the word 'None'": re.compile(r"\bNone\b"),
}


#: cities whose file name is plain ASCII but whose board name is not
ASCII_SPELLINGS = ("Zurich", "Munchen", "Bucuresti", "Kobenhavn", "Cadiz")


def _strip_tags(text: str) -> str:
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def _hidden(widget: widgets.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    return isinstance(layout, widgets.Layout) and (layout.display == "none"
                                                   or layout.visibility == "hidden")


def visible_texts(widget: widgets.Widget, *,
                  left_out: Collection[widgets.Widget] = ()) -> Iterator[str]:
    """Every text a visitor can read in ``widget`` and the widgets inside it (hidden ones
    left out, and those of ``left_out``, with what is inside them: a board, say)."""
    if _hidden(widget) or any(widget is w for w in left_out):
        return
    if isinstance(widget, widgets.HTML | widgets.HTMLMath | widgets.Label):
        yield _strip_tags(widget.value).strip()
    for name in ("description", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value.strip("\u200b "):
            yield _strip_tags(value).strip() if name == "description" else value
    if isinstance(widget, widgets.Combobox):
        yield from widget.options
    elif hasattr(widget, "_options_labels"):
        yield from widget._options_labels
    if isinstance(widget, widgets.Tab):
        yield from (widget.get_title(i) or "" for i in range(len(widget.children)))
    if isinstance(widget, go.FigureWidget):
        yield from figure_texts(widget.to_dict())
    if isinstance(widget, widgets.Output):
        for output in widget.outputs:
            data = output.get("data", {})
            if PLOTLY_MIME in data:
                yield from figure_texts(data[PLOTLY_MIME])
            elif "text/html" in data:
                yield _strip_tags(str(data["text/html"]))
            elif "text/plain" in data:
                yield str(data["text/plain"])
            if "text" in output:
                yield str(output["text"])
    for child in getattr(widget, "children", ()):
        yield from visible_texts(child, left_out=left_out)


def figure_texts(figure: dict[str, Any]) -> Iterator[str]:
    """The words of a plotly figure: titles, axis titles, legend names, bar and point labels,
    hover texts, annotations and category names."""
    layout = figure.get("layout", {})
    for key, value in layout.items():
        if key == "title" or key.startswith(("xaxis", "yaxis")):
            title = value.get("title") if isinstance(value, dict) else None
            if key == "title":
                title = value
            text = title.get("text") if isinstance(title, dict) else title
            if isinstance(text, str):
                yield _strip_tags(text)
    for note in layout.get("annotations", ()):
        yield _strip_tags(str(note.get("text", "")))
    for trace in figure.get("data", ()):
        if trace.get("showlegend", True) is not False and isinstance(trace.get("name"), str):
            yield trace["name"]
        for key in ("text", "hovertext", "x", "y"):
            value = trace.get(key)
            values = value if isinstance(value, list | tuple) else [value]
            yield from (_strip_tags(v) for v in values if isinstance(v, str))
        template = trace.get("hovertemplate")
        if isinstance(template, str):
            yield _strip_tags(re.sub(r"%\{[^}]*\}|<extra>.*?</extra>", " ", template))


def code_speak(texts: list[str]) -> list[str]:
    """Each text with code-speak, with what is wrong in it."""
    found = []
    for text in texts:
        for what, pattern in CODE_SPEAK.items():
            if pattern.search(text):
                found.append(f"{what}: {text.strip()[:200]!r}")
        for spelling in ASCII_SPELLINGS:
            if re.search(rf"\b{spelling}\b", text):
                found.append(f"{spelling} not as the board spells it: {text.strip()[:200]!r}")
    return found


def assert_plain(widget: widgets.Widget) -> list[str]:
    texts = [t for t in visible_texts(widget) if t.strip()]
    assert texts, "no visible text collected: the walk over the widget tree is broken"
    problems = code_speak(texts)
    assert not problems, "code-speak on the page:\n" + "\n".join(problems[:30])
    return texts
