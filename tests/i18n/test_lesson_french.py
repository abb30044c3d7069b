"""A lesson page in French: lesson 1's board (``TryIt``) and its quizzes driven headless in
French — every position picked, a refused move, Reset, Show me, the try row open, "Score if it
ended now", a turn handed to Ben, each quiz of the notebook (built as its cells build it)
answered wrong then right — and no visible text is English: each text is searched for common
English words (``testing.french``), the players' and cities' names set aside.

Left out of the search, as in the app's test: the board's own hover texts (``widgets.board``).

A page learns its language late (its address arrives after its widgets are built): a lesson
built in English turns French when the language is set, its positions' titles and prompts,
its buttons and its quizzes included.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import ipywidgets as widgets
import nbformat
import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.box_1910 import BOX_QUIZZES
from ttr_widgets.course.lesson_page import PlanTryIt, Quiz, ScoreExercise, TryIt, WhichTicketFails
from ttr_widgets.course.progress import LessonProgress
from ttr_widgets.course.team_lesson import TeamTryIt
from ttr_widgets.course.team_practice import TEAM_TASKS, team_practice
from ttr_widgets.rules import i18n
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.testing.browser import KIT_NOTEBOOKS
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.words import visible_texts
from ttr_widgets.widgets.table.address import PageAddress

#: the lessons' players (the app's test sets aside its own)
PLAYERS = ("Ann", "Ben", "Cleo", "Dev")
LESSON = "01-Board-and-Goal.ipynb"
#: the variants' titles, names the rules' French keeps ("Mega Game : les 69 cartes …"), and
#: the site the rulings cite
TITLES = (*(variant.title for variant in VARIANTS.values()), "Board Game Arena")


def english_in(widget: widgets.Widget, seen: dict[str, set[str]],
               left_out: tuple[widgets.Widget, ...] = ()) -> None:
    for text in visible_texts(widget, left_out=left_out):
        for name in (*PLAYERS, *TITLES):
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        found = english_words(text)
        if found:
            seen[text.strip()[:160]] = found


def board_texts(try_it: TryIt, seen: dict[str, set[str]]) -> None:
    english_in(try_it.widget, seen, (try_it.view.widget,))


def notebook_quizzes(notebook: str, try_it: TryIt) -> list[Quiz]:
    """The quizzes of ``notebook`` as its code cells build them, around ``try_it``."""
    cells = nbformat.read(KIT_NOTEBOOKS / notebook, as_version=4).cells
    return [eval(cell.source, {"Quiz": Quiz, "try_it": try_it})
            for cell in cells if cell.cell_type == "code" and cell.source.startswith("Quiz(")]


def _report(seen: dict[str, set[str]]) -> str:
    return f"English on the French lesson ({len(seen)} texts):\n" + "\n".join(
        f"{sorted(words)}: {text!r}" for text, words in list(seen.items())[:40])


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def test_lesson_one_in_french_shows_no_english() -> None:
    seen: dict[str, set[str]] = {}
    with i18n.use("fr"):
        try_it = TryIt.of(lessons.board_and_goal())
        board_texts(try_it, seen)  # the setup tickets to keep
        try_it.table.ticket_choice.keep.click()  # all three kept: accepted
        board_texts(try_it, seen)
        try_it.select("first-claim")
        board_texts(try_it, seen)
        route = try_it.step.highlight[0]
        try_it.click_route(route)  # its claim panel and the try row
        board_texts(try_it, seen)
        try_it.table.try_cards = {"red": 1, "blue": 1}
        try_it.table.try_payment()  # two colours mixed: refused
        assert try_it.table.status.kind == "error"
        board_texts(try_it, seen)
        try_it.table.score_now.value = True
        board_texts(try_it, seen)
        try_it.show_me()  # the claim played: the goal met, Ben to move
        assert try_it.goal_met
        board_texts(try_it, seen)
        try_it.table.take_turn()
        board_texts(try_it, seen)
        try_it.picker.value = 2  # "one-action", by the picker
        try_it.show_me()  # its last move refused by the rule: the goal met
        assert try_it.goal_met
        board_texts(try_it, seen)
        try_it.reset()
        board_texts(try_it, seen)
        quizzes = notebook_quizzes(LESSON, try_it)
        assert len(quizzes) == 2
        for quiz in quizzes:
            english_in(quiz.widget, seen)
            quiz.check()  # nothing chosen yet
            english_in(quiz.widget, seen)
            wrong = next(v for _label, v in quiz.choices.options if v != quiz.answer)
            quiz.choices.value = wrong
            assert quiz.check() is False
            english_in(quiz.widget, seen)
            quiz.choices.value = quiz.answer
            assert quiz.check() is True
            english_in(quiz.widget, seen)
        quizzes[1].show_position()
        assert try_it.step.name == "one-action"
        labels = [label for label, _value in try_it.picker.options]
    assert seen == {}, _report(seen)
    assert labels[0] == "1. Gardez vos destinations de départ"
    assert try_it.reset_button.description == "Réinitialiser"


def test_a_lesson_built_in_english_turns_french_when_its_language_arrives() -> None:
    try_it = TryIt.of(lessons.board_and_goal())
    quiz = notebook_quizzes(LESSON, try_it)[-1]
    quiz.choices.value = quiz.answer
    quiz.check()
    english = {"reset": try_it.reset_button.description, "prompt": try_it.prompt.value,
               "quiz": quiz.feedback.value}
    assert english["reset"] == "Reset" and "Keep your starting tickets" in english["prompt"]
    i18n.set_language("fr")  # what the page's address does once the browser has told it
    seen: dict[str, set[str]] = {}
    board_texts(try_it, seen)
    english_in(quiz.widget, seen)
    assert seen == {}, _report(seen)
    assert try_it.reset_button.description == "Réinitialiser"
    assert "Gardez vos destinations de départ" in try_it.prompt.value
    assert quiz.feedback.value != english["quiz"]
    i18n.set_language("en")
    assert try_it.reset_button.description == "Reset"
    assert quiz.feedback.value == english["quiz"]


def test_a_lesson_page_listens_for_its_address() -> None:
    """Each board and each quiz carries the page's address, whose language sets the kernel's."""
    try_it = TryIt.of(lessons.board_and_goal())
    quiz = notebook_quizzes(LESSON, try_it)[0]
    assert any(part is try_it.address for part in _all(try_it.widget))
    assert any(part is quiz.address for part in _all(quiz.widget))
    try_it.address.search = "?lang=fr"
    assert i18n.language() == "fr"
    assert (try_it.show_me_button.description, quiz.check_button.description) == \
        ("Montrez-moi", "Vérifier")


def _all(widget: widgets.Widget) -> list[widgets.Widget]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _all(child)
    return found


def test_the_name_box_of_a_lesson_page_speaks_the_page_language() -> None:
    """The box where a student gives their name (``course.progress``): its question, its
    button and its answers, told again when the language arrives."""
    box = LessonProgress(None)
    box.give_name("  ")  # no name: asked again
    assert box.said.value == "Type your name (at most 40 characters)."
    i18n.set_language("fr")
    seen: dict[str, set[str]] = {}
    english_in(box.box, seen)
    assert seen == {}, _report(seen)
    assert box.said.value == "Tapez votre nom (40 caractères au plus)."
    assert (box.save_button.description, box.name.placeholder) == ("Enregistrer", "votre nom")
    box.give_name("Ann Lee")
    assert box.said.value == "Merci, Ann Lee : votre enseignant voit vos progrès."


def test_the_exercises_in_french_show_no_english() -> None:
    """Lesson 4's and 5's exercises, each answered wrong then right (the board's own texts
    aside, as above)."""
    seen: dict[str, set[str]] = {}
    with i18n.use("fr"):
        score = ScoreExercise(lessons.score_exercise_usa())
        for entry in score.entries:
            entry.value = "3"
        score.entries[0].value = "beaucoup"
        score.check()
        english_in(score.widget, seen, frozenset({id(score.view.widget)}))
        for entry, player in zip(score.entries, score.sheet.players, strict=True):
            entry.value = str(player.total)
        assert all(score.check().values())
        english_in(score.widget, seen, frozenset({id(score.view.widget)}))
        fails = WhichTicketFails(lessons.ticket_exercise())
        fails.check()  # nothing picked
        english_in(fails.widget, seen, frozenset({id(fails.view.widget)}))
        fails.choice.value = next(t for t in fails.tickets if t != fails.answer)
        assert fails.check() is False
        english_in(fails.widget, seen, frozenset({id(fails.view.widget)}))
        fails.choice.value = fails.answer
        assert fails.check() is True
        english_in(fails.widget, seen, frozenset({id(fails.view.widget)}))
        plan = PlanTryIt(lessons.plan_exercise())
        skip = frozenset({id(plan.view.widget)})
        assert plan.check() is False  # an empty plan joins nothing
        english_in(plan.widget, seen, skip)
        plan.show_fewest()
        english_in(plan.widget, seen, skip)
        plan.clear()
        english_in(plan.widget, seen, skip)
    assert seen == {}, _report(seen)


def test_the_team_lesson_in_french_shows_no_english() -> None:
    """Lesson 10's try-it: its tasks, Reset, a task done, the count left."""
    seen: dict[str, set[str]] = {}
    with i18n.use("fr"):
        team = TeamTryIt.of(team_practice(), TEAM_TASKS, bot_delay=0)
        skip = frozenset({id(team.table.map_view.widget)})
        english_in(team.widget, seen, skip)
        team.table.market.blind.click()  # the card drawn, to place: the first task
        team.table.placement.holder.click()
        english_in(team.widget, seen, skip)
        assert "holder-first" in team.done and "3 sur 4 à faire." in team.checklist.value
    assert seen == {}, _report(seen)


@pytest.mark.parametrize("name", [n for n in BOX_QUIZZES if n != "no-bonus"])
def test_the_1910_box_quizzes_in_french(name: str) -> None:
    """Lesson 11's quizzes (but "no-bonus", whose options are the variants' titles, not yet
    in the catalogue), answered wrong then right; "Mega Game" is the variant's own title."""
    assert VARIANTS["usa-mega"].title == "Mega Game"
    seen: dict[str, set[str]] = {}
    with i18n.use("fr"):
        quiz = Quiz(**BOX_QUIZZES[name], try_it=TryIt.of(lessons.usa_1910()))
        quiz.choices.value = next(o for o in quiz.options if o != quiz.answer)
        assert quiz.check() is False
        english_in(quiz.widget, seen)
        quiz.choices.value = quiz.answer
        assert quiz.check() is True
        english_in(quiz.widget, seen)
    assert seen == {}, _report(seen)


def test_every_position_of_every_lesson_is_told_in_french() -> None:
    """Each lesson's positions: the title and prompt shown on its board (a prompt built from
    the board, lesson 11's big cities and bonus, with its fields told in French too)."""
    seen: dict[str, set[str]] = {}
    lesson_sets = (lessons.board_and_goal, lessons.drawing, lessons.claiming, lessons.tickets,
                   lessons.ending, lessons.ferries_and_tunnels, lessons.stations,
                   lessons.confused_usa, lessons.confused_europe, lessons.europa_1912,
                   lessons.usa_1910)
    with i18n.use("fr"):
        for made in lesson_sets:
            try_it = TryIt.of(made())
            for step in try_it.steps:
                try_it.select(step.name)
                english_in(try_it.prompt, seen)
            english_in(try_it.picker, seen)
        big = next(p for p in lessons.usa_1910() if p.name == "big-cities")
        assert "Chicago, Dallas" in big.prompt_text and " ou Seattle" in big.prompt_text
    assert seen == {}, _report(seen)


def test_the_glossary_and_the_unclear_cases_in_french() -> None:
    """The reference pages' Python-built parts (``course.glossary``): every term, meaning,
    rule and ruling in French, told again when the page's language arrives."""
    from ttr_widgets.course.glossary import glossary, unclear_cases

    pages = (glossary(), unclear_cases())
    english = [page.children[0].value for page in pages]
    i18n.set_language("fr")
    seen: dict[str, set[str]] = {}
    for page in pages:
        text = html.unescape(re.sub(r"<[^>]+>", "\n", page.children[0].value))
        for line in text.splitlines():
            english_in(widgets.HTML(line), seen)
        assert isinstance(page.children[1], PageAddress)
    assert seen == {}, _report(seen)
    glossary_now = pages[0].children[0].value
    assert glossary_now != english[0] and "<b>Bonus du plus long chemin</b>" in glossary_now
    assert "Le paquet contient 110 cartes Wagon : 12 dans chacune des 8 couleurs" in glossary_now
    assert "<b>Le kit joue :</b>" in pages[1].children[0].value
