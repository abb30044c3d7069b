"""The Map Analysis page reads as a page, not a programming notebook: prose that names no
function, module or command, short code cells whose results are tables and figures (no bare
printouts), and the tables it adds for that (a map as a graph, a cheapest path link by link, a
worked-out sentence set as prose)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from ttr_widgets.course import analysis_plots as plots
from ttr_widgets.course.map_graph import AnalysisError, cheapest_path
from ttr_widgets.rules.maps import load_map
from ttr_widgets.testing.words import assert_plain

PAGE = Path(__file__).resolve().parents[2] / "notebooks" / "Map-Analysis.ipynb"
USA = load_map("usa")


def test_the_prose_names_no_function_and_no_command() -> None:
    cells = nbformat.read(PAGE, as_version=4).cells
    prose = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    assert "`" not in prose  # no code-styled names at all
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", prose), "a function's name in the prose"
    assert "python -m" not in prose and "ttr simulate" not in prose
    code = [c.source for c in cells if c.cell_type == "code"]
    assert not any("print(" in source or "import networkx" in source for source in code)
    assert max(len(source.splitlines()) for source in code[1:]) <= 2  # past the setup cell


def test_the_map_as_a_graph_and_a_cheapest_path_are_tables() -> None:
    graph = plots.graph_table([USA])
    assert "<th" in graph.value and "<td style=\"padding:2px 8px\">36</td>" in graph.value
    assert ">100<" in graph.value and ">22<" in graph.value and ">78<" in graph.value
    path = plots.path_table(USA, "Denver", "El Paso")
    assert "Denver – Santa Fe" in path.value and "Santa Fe – El Paso" in path.value
    assert "Denver to El Paso, in all</td><td style=\"padding:2px 8px\">4<" in path.value
    assert cheapest_path(USA, "Denver", "El Paso") == (("Denver", "Santa Fe"),
                                                        ("Santa Fe", "El Paso"))
    with pytest.raises(AnalysisError, match="'Atlantis' is not a city of the USA map"):
        cheapest_path(USA, "Denver", "Atlantis")
    sentence = plots.reading(plots.bridges_sentence(USA))
    assert sentence.value.startswith("<p") and "no bridge and no cut city" in sentence.value
    for widget in (graph, path, sentence):
        assert_plain(widget)
