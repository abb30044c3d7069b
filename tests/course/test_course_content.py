"""The course's content from the core: rule sentences each case cites, one name per concept
(per map where the box names it differently), the glossary and the unclear-cases page."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat

from ttr_widgets.course import lessons
from ttr_widgets.course.lessons import route_between
from ttr_widgets.course.why import WHY
from ttr_widgets.rules import RULES
from ttr_widgets.rules.actions import ClaimRoute
from ttr_widgets.rules.advice import allowed_by
from ttr_widgets.rules.catalog import RULINGS
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.words import LONGEST_TRAIL, bonus_name, count

USA = load_map("usa")
EUROPE = load_map("europe")
DEN_KC_BLACK = route_between(USA, "Denver", "Kansas City", "black")
DEN_KC_ORANGE = route_between(USA, "Denver", "Kansas City", "orange")


def test_the_four_player_double_route_has_a_rule_of_its_own() -> None:
    assert "4 or 5 players" in RULES["claim.double-large"]
    practice = next(p for p in lessons.claiming() if p.name == "double-four-players")
    assert practice.rule == "claim.double-large" and practice.outcome == "accepted"
    four = scenario(USA, 4, hands=[{"orange": 4}], claimed={DEN_KC_BLACK: 1})
    assert "claim.double-large" in allowed_by(four, ClaimRoute(DEN_KC_ORANGE, "orange", 0))
    alone = scenario(USA, 4, hands=[{"orange": 4}])
    assert "claim.double-large" not in allowed_by(alone, ClaimRoute(DEN_KC_ORANGE, "orange", 0))
    two = scenario(USA, 2, hands=[{"orange": 4}], claimed={DEN_KC_BLACK: 1})
    assert allowed_by(two, ClaimRoute(DEN_KC_ORANGE, "orange", 0)) == ()  # refused


# --------------------------------------------------------------------------- one name per concept

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "ttr_widgets"
LESSONS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if re.match(r"\d\d-", p.name))
#: Names the kit no longer uses for its concepts (the face-up row, the longest trail, the bonus;
#: the bonus is the box's name: the Mini map's own box names it 'Longest Trail bonus').
OTHER_NAMES = re.compile(r"(?i:the market|longest path|longest unbroken)"
                         r"|(?!Longest Trail bonus)(?i:longest[- ]trail bonus)")


def test_the_bonus_has_the_boxs_name_on_each_map() -> None:
    assert bonus_name(USA.rules) == "Longest Continuous Path bonus"
    assert bonus_name(EUROPE.rules) == "European Express bonus"
    assert bonus_name(load_map("mini").rules) == "Longest Trail bonus"  # the kit's own map
    for board in (USA, EUROPE):  # the rule's sentence names each box's bonus as the map does
        assert bonus_name(board.rules) in RULES["score.longest"]


def _user_strings(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs]


def test_the_package_says_one_name_for_each_concept() -> None:
    found = [(str(path.relative_to(ROOT)), s) for path in sorted(PACKAGE.rglob("*.py"))
             for s in _user_strings(path) if OTHER_NAMES.search(s)]
    assert not found, found
    readers = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                     if "longest_bonus_name" in p.read_text(encoding="utf-8"))
    assert readers == ["rules/map_file.py", "rules/model.py", "rules/words.py"], readers


def test_the_notebooks_say_one_name_for_each_concept() -> None:
    # A "why?" is the catalogue's sentence, word for word (test_course_coverage): its names are
    # the package's, checked above where the sentence lives.
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            prose = WHY.sub("", cell.source)
            assert not OTHER_NAMES.search(prose), (path.name, prose)


#: What a programmer would say where a learner reads: the kit, a widget, an id, a file format,
#: a command's options.
CODE_SPEAK = re.compile(r"Load the kit|[Tt]he widget|route ids?\b|\bJSON\b|seeded like|"
                        r"`ttr score` reads|as `ttr score`")


def test_the_pages_speak_to_a_learner_not_a_programmer() -> None:
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                prose = WHY.sub("", cell.source)
                assert not CODE_SPEAK.search(prose), (path.name, CODE_SPEAK.search(prose))


def test_the_courses_own_words_speak_to_a_learner_too() -> None:
    """The positions' titles and prompts and the team lesson's tasks and questions (course
    content in Python, shown on the pages) keep the same phrases off."""
    from ttr_widgets.course import lessons
    from ttr_widgets.course.team_practice import TEAM_QUIZZES, TEAM_TASKS

    makers = (lessons.board_and_goal, lessons.drawing, lessons.claiming, lessons.tickets,
              lessons.ending, lessons.confused_usa, lessons.ferries_and_tunnels,
              lessons.stations, lessons.confused_europe, lessons.europa_1912, lessons.usa_1910)
    words = [text for make in makers for p in make() for text in (p.title, p.prompt)]
    words += [t.text for t in TEAM_TASKS]
    words += [str(v) for quiz in TEAM_QUIZZES.values() for k, v in quiz.items() if k != "rules"]
    found = [text for text in words if CODE_SPEAK.search(text)]
    assert not found, found


# --------------------------------------------------------------------------- plain rules

PROVENANCE = re.compile(r"Board Game Arena|printed rules|house ruling|confidence|not settled",
                        re.IGNORECASE)


def test_rule_sentences_state_the_rules_plainly_and_the_rulings_keep_the_provenance() -> None:
    assert not [rule for rule, sentence in RULES.items() if PROVENANCE.search(sentence)]
    assert set(RULINGS) <= set(RULES)
    assert {r.confidence for r in RULINGS.values()} == {"high", "medium"}
    assert all(r.case.endswith("?") and r.decision for r in RULINGS.values())


def test_lessons_state_rules_plainly() -> None:
    for path in LESSONS:
        for cell in nbformat.read(path, as_version=4).cells:
            assert not PROVENANCE.search(cell.source), (path.name, cell.source)


def test_lesson_9_says_the_usa_map_has_the_1910_boxs_variants() -> None:
    """The USA map's variants exist (the 1910 box, lesson 11): lesson 9 must not say it has
    none, and points to where they are taught."""
    from ttr_widgets.rules.variants import variant_names

    usa_variants = [v for v in variant_names(USA) if v != "base"]
    assert len(usa_variants) == 4
    cells = nbformat.read(ROOT / "notebooks" / "09-Europa-1912.ipynb", as_version=4).cells
    intro = next(c.source for c in cells if 'data-rule="variant.unknown"' in c.source)
    said = WHY.sub("", intro)
    assert "has none" not in said
    assert "the USA map the\n1910 box's four ways to play ([lesson 11](11-USA-1910.ipynb))" in said


def test_the_scorers_intro_gives_the_longest_trails_points_to_every_tied_player() -> None:
    cells = nbformat.read(ROOT / "notebooks" / "Ticket-Scorer.ipynb", as_version=4).cells
    intro = " ".join(cells[0].source.split())
    assert "whoever has it" not in intro
    points = count(USA.rules.longest_bonus, "point")
    assert f"{LONGEST_TRAIL} ({points} to every player tied for it)" in intro
