"""The course's reference pages: the glossary and "How the kit rules unclear cases" are
notebooks of the site, every lesson links both, and what they show comes from the core."""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat

from ttr_widgets.course.glossary import (
    EXAMPLES,
    deck_sentence,
    entries,
    example_routes,
    glossary_board,
    glossary_html,
    unclear_cases_html,
)
from ttr_widgets.rules.catalog import RULES, RULINGS
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.rules.words import bonus_name, map_title
from ttr_widgets.server.site import REFERENCE, kit_pages

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-", p.name))
USA = load_map("usa")
EUROPE = load_map("europe")


def _cells(name: str) -> list[nbformat.NotebookNode]:
    return list(nbformat.read(NOTEBOOKS / name, as_version=4).cells)


def test_the_reference_pages_are_pages_of_the_site_after_the_tools() -> None:
    pages = kit_pages(NOTEBOOKS)
    assert [p.notebook for p in pages[-2:]] == list(REFERENCE) == [
        "Glossary.ipynb", "Unclear-Cases.ipynb"]
    assert [p.title for p in pages[-2:]] == ["Glossary", "How the kit rules unclear cases"]


def test_every_lesson_links_the_glossary_and_the_unclear_cases_at_its_top() -> None:
    assert len(LESSONS) >= 9
    for path in LESSONS:
        top = nbformat.read(path, as_version=4).cells[0].source
        assert "[Glossary](Glossary.ipynb)" in top, path.name
        assert "[How the kit rules unclear cases](Unclear-Cases.ipynb)" in top, path.name


def test_the_pages_show_what_the_core_builds() -> None:
    glossary = "\n".join(c.source for c in _cells("Glossary.ipynb") if c.cell_type == "code")
    unclear = "\n".join(c.source for c in _cells("Unclear-Cases.ipynb") if c.cell_type == "code")
    assert "glossary()" in glossary and "glossary_board()" in glossary
    assert "unclear_cases()" in unclear


def test_the_glossary_names_each_concept_once_with_each_boxs_bonus_name() -> None:
    terms = [e.term.lower() for e in entries()]
    assert len(terms) == len(set(terms))
    page = glossary_html()
    for term in ("Face-up row", "Longest trail", "Locomotive", "Ferry", "Tunnel", "Station"):
        assert f"<b>{term}</b>" in page
    for board, title in ((USA, "USA"), (EUROPE, "Europe")):
        assert map_title(board.name) == title
        assert f"{title}: <b>{bonus_name(board.rules)}</b>" in page
    missing = [rule for e in entries() for rule in e.rules if html.escape(RULES[rule]) not in page]
    assert not missing, missing


def test_the_glossary_gives_the_decks_make_up() -> None:
    assert deck_sentence(USA) == ("110 train cards: 12 in each of 8 colours (red, orange, "
                                  "yellow, green, blue, pink, white, black) and 14 locomotives.")
    assert deck_sentence(USA) in glossary_html()


def test_the_glossary_board_marks_routes_that_are_what_it_says() -> None:
    marked = example_routes(EUROPE)
    assert {term for term, _ in marked} == {term for term, _a, _b in EXAMPLES}
    for term, route_id in marked:
        route = EUROPE.route(route_id)
        if term == "Double route":
            assert route.double is not None
        elif term == "Gray route":
            assert route.color == "gray" and not route.tunnel and not route.ferry_locomotives
        elif term == "Ferry":
            assert route.ferry_locomotives > 0
        elif term == "Tunnel":
            assert route.tunnel
    prose = " ".join(" ".join(c.source for c in _cells("Glossary.ipynb")
                              if c.cell_type == "markdown").split())
    for term, a, b in EXAMPLES:  # the page names each marked route, as the board spells it
        assert f"{term.lower()}, {EUROPE.city_label(a)}–{EUROPE.city_label(b)}" in prose \
            or f"{term.lower()}, {EUROPE.city_label(b)}–{EUROPE.city_label(a)}" in prose
    figure = glossary_board().outputs[0]
    assert "application/vnd.plotly.v1+json" in figure["data"]
    keyed = [t["name"] for t in figure["data"]["application/vnd.plotly.v1+json"]["data"]
             if 3000 <= t.get("legendrank", 0) < 4000 and t.get("showlegend", True)]
    assert keyed == []  # a board with no game keys no players


def test_the_unclear_cases_page_keeps_the_provenance_the_lessons_leave_out() -> None:
    page = unclear_cases_html()
    assert page.count("<h3>") == len(RULINGS) >= 3
    for ruling in RULINGS.values():
        assert html.escape(ruling.case) in page
        assert f"<b>How sure the kit is:</b> {ruling.confidence}" in page


def test_the_glossary_has_the_usa_1910_boxs_words_by_the_cores_names() -> None:
    by_term = {e.term: e for e in entries()}
    for name in ("usa-classic", "usa-1910", "usa-mega", "usa-big-cities"):
        entry = by_term[VARIANTS[name].title]  # each way to play by its one title
        assert entry.rules == (VARIANTS[name].rule,)
    assert by_term["Reprinted tickets"].rules == ("tickets.reprints",)
    globetrotter = by_term["Globetrotter"]
    assert "score.globetrotter" in globetrotter.rules and "not their points" in \
        globetrotter.meaning
    page = glossary_html()
    for term in ("Globetrotter", "Mega Game", "USA 1910", "1910 Classic", "USA Big Cities",
                 "Reprinted tickets"):
        assert f"<b>{term}</b>" in page
    assert html.escape(RULES["tickets.reprints"]) in page


def test_the_glossary_has_the_team_words_and_the_points_of_an_unbuilt_station() -> None:
    by_term = {e.term: e for e in entries()}
    assert by_term["Team holder"].rules == ("team.draw-split", "team.draw-locomotive",
                                            "team.claim-payment")
    assert "team.setup-share" in by_term["Shared tickets"].rules
    assert by_term["Share action"].rules == ("team.share-action",)
    assert "score.stations" in by_term["Station"].rules
    page = glossary_html()
    for term in ("Team holder", "Shared tickets", "Share action", "Globetrotter"):
        assert f"<b>{term}</b>" in page
    for rule in ("team.share-action", "team.setup-share", "score.stations"):
        assert html.escape(RULES[rule]) in page  # the catalogue's sentence, word for word
    assert "Each station you did not build scores 4 points." in page
