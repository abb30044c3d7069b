"""The course covers the rules: every rule id of the core is taught in some lesson (behind a
"why?" in its prose or its quizzes, or the rule of a "try it" position it shows), the prose itself
names no rule id, every commonly confused question has its answer with a position to try, and the
lessons link up as one numbered sequence."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.why import WHY, why_details, why_rules
from ttr_widgets.rules import RULES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON_FILES = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-", p.name))
BACK = "[← Back to the play app](Play.ipynb)"

#: The commonly confused questions listed in the course issue, each answered in lesson 8.
CONFUSED = (
    "Can I claim a route over two turns?",
    "If I take a face-up locomotive, is that my only card?",
    "Must my routes connect to my own network?",
    "Can I discard a ticket I kept?",
    "Can two tickets use the same route?",
    "Can I mix colours on a gray route?",
    "Can I claim both tracks of a double route?",
    "Do other players' trains count toward my longest trail?",
    "Must I keep the long ticket?",
    "Can a station bridge an unclaimed route?",
    "Does a station's borrowed route count toward my longest trail?",
    "Is a ferry's locomotive count a maximum?",
    "Do I lose the cards offered for a tunnel I don't pay for?",
)
RULE_FAMILIES = {rule.split(".")[0] for rule in RULES}
RULE_TOKEN = re.compile(r"(?<![\w.-])([a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w-])")
PRACTICE_CALL = re.compile(r"lessons\.([a-z_0-9]+)\(\)")
QUIZ_RULES = re.compile(r"rules=\(([^)]*)\)")
STRING = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"")


def cells(path: Path) -> list[nbformat.NotebookNode]:
    return list(nbformat.read(path, as_version=4).cells)


def text(path: Path) -> str:
    return "\n".join(cell.source for cell in cells(path))


def tokens(source: str) -> set[str]:
    """Rule ids written in ``source`` (tokens of a rule family, e.g. 'draw.faceup-locomotive')."""
    return {m for m in RULE_TOKEN.findall(source) if m.split(".")[0] in RULE_FAMILIES}


def named_rules(path: Path) -> set[str]:
    """The rule ids a lesson opens: behind a "why?" in its prose, or a quiz's ``rules=(...)``."""
    return named_rules_of(cells(path))


def named_rules_of(notebook: list[nbformat.NotebookNode]) -> set[str]:
    named: set[str] = set()
    for cell in notebook:
        if cell.cell_type == "markdown":
            named.update(*why_rules(cell.source))
        else:
            named.update(*(strings(found) for found in QUIZ_RULES.findall(cell.source)))
    return named


def strings(code: str) -> set[str]:
    """The string literals of ``code`` (one line each)."""
    return {a or b for a, b in STRING.findall(code)}


def prose(cell: nbformat.NotebookNode) -> str:
    """What a learner reads of a cell: markdown without its "why?"s, a code cell's strings
    (a quiz's question, options and explanation) without its ``rules=``."""
    if cell.cell_type == "markdown":
        return WHY.sub("", cell.source)
    return "\n".join(strings(QUIZ_RULES.sub("", cell.source)))


def practised_rules(source: str) -> set[str]:
    """The rules of the "try it" positions a lesson shows (``lessons.drawing()`` ...)."""
    found = set()
    for name in PRACTICE_CALL.findall(source):
        made = getattr(lessons, name)()
        if isinstance(made, tuple):
            found |= {practice.rule for practice in made}
    return found


def normal(words: str) -> str:
    return " ".join(words.replace("’", "'").lower().split())


def test_the_course_has_its_lessons_in_order() -> None:
    numbers = [int(p.name[:2]) for p in LESSON_FILES]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 9
    titles = [cells(p)[0].source.splitlines()[0] for p in LESSON_FILES]
    assert all(t.startswith(f"# Lesson {n} ·") for n, t in zip(numbers, titles, strict=True))
    europe_first = next(i for i, t in enumerate(titles) if "Europe" in t)
    assert all("Europe" not in t for t in titles[:europe_first])  # USA first, then Europe


def test_every_rule_id_is_taught_in_some_lesson() -> None:
    taught: set[str] = set()
    for path in LESSON_FILES:
        taught |= named_rules(path) | practised_rules(text(path))
    missing = sorted(set(RULES) - taught)
    assert not missing, f"rules no lesson teaches: {missing}"


@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_rule_ids_behind_a_lessons_why_exist(path: Path) -> None:
    named = named_rules(path)
    assert named, f"{path.name} opens no rule behind a why?"
    unknown = sorted(named - set(RULES))
    assert not unknown, f"{path.name} names rules the core does not have: {unknown}"


@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_a_lessons_prose_names_no_rule_id_outside_a_why(path: Path) -> None:
    for number, cell in enumerate(cells(path)):
        shown = prose(cell)
        assert not tokens(shown), f"{path.name} cell {number}: rule ids {sorted(tokens(shown))}"
        assert "(rule " not in shown and "(rules " not in shown, f"{path.name} cell {number}"


@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_each_why_opens_its_rules_with_the_catalogues_sentences(path: Path) -> None:
    for cell in cells(path):
        if cell.cell_type == "markdown":
            for found in WHY.finditer(cell.source):
                rules = found.group(1).split()
                assert found.group(0) == why_details(rules), \
                    f"{path.name}: the why? for {rules} is not the catalogue's (course.why)"


def test_prose_without_a_why_is_read_as_the_learner_reads_it() -> None:
    cell = nbformat.v4.new_markdown_cell(f"Two cards. {why_details(['draw.two-cards'])}")
    assert named_rules_of([cell]) == {"draw.two-cards"} and not tokens(prose(cell))
    quiz = nbformat.v4.new_code_cell(
        "Quiz('Q?', ['a', 'b'], 'a', 'Because (rule draw.two-cards).', rules=('draw.no-card',))")
    assert tokens(prose(quiz)) == {"draw.two-cards"}
    assert named_rules_of([quiz]) == {"draw.no-card"}


@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_each_lesson_has_a_setup_cell_a_try_it_an_exercise_and_its_links(path: Path) -> None:
    notebook = cells(path)
    setup = [c for c in notebook if "setup" in c.metadata.get("tags", [])]
    assert len(setup) == 1 and setup[0].cell_type == "code"
    code = "\n".join(c.source for c in notebook if c.cell_type == "code")
    prose = "\n".join(c.source for c in notebook if c.cell_type == "markdown")
    assert "TryIt.of(" in code
    assert any(kind in code for kind in ("Quiz(", "ScoreExercise(", "WhichTicketFails("))
    assert BACK in prose
    index = LESSON_FILES.index(path)
    following = LESSON_FILES[index + 1].name if index + 1 < len(LESSON_FILES) else "Play.ipynb"
    assert f"]({following})" in notebook[-1].source, f"{path.name}: no link to {following}"
    for name in PRACTICE_CALL.findall(code):
        assert callable(getattr(lessons, name, None)), f"{path.name}: no lessons.{name}()"


def test_every_commonly_confused_question_is_answered_with_a_position_to_try() -> None:
    path = next(p for p in LESSON_FILES if "Confused" in p.name)
    notebook = cells(path)
    quizzes = {i: c for i, c in enumerate(notebook)
               if c.cell_type == "code" and "Quiz(" in c.source}
    practices = {p.name for p in (*lessons.confused_usa(), *lessons.confused_europe())}
    for question in CONFUSED:
        asked = [i for i, c in quizzes.items() if normal(question) in normal(c.source)]
        assert len(asked) == 1, f"lesson 8 does not ask, once: {question}"
        practice = re.search(r"practice='([^']+)'", quizzes[asked[0]].source)
        assert practice and practice.group(1) in practices, f"no position for: {question}"
        lead = notebook[asked[0] - 1]  # the prose before the quiz names its topic only
        assert lead.cell_type == "markdown" and normal(question) not in normal(lead.source)
    shown = [normal(c.source) for c in notebook if c.cell_type == "markdown"]
    assert not [q for q in CONFUSED if any(normal(q) in s for s in shown)], "asked twice"
