"""The worked examples a newcomer needs, each a position a lesson board shows: the 3-player
double route, the 1-locomotive ferry, the 8-space route, a loop in the longest trail, and tied
games settled by each tie-break (and by none). Each position is checked against the core, and
each lesson asks about it with a quiz that switches the board to it."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets
import nbformat
import pytest

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_page import TryIt
from ttr_widgets.course.practice import Practice
from ttr_widgets.rules.actions import ClaimRoute
from ttr_widgets.rules.engine import apply, score, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import GameState

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-", p.name))
QUIZ_PRACTICE = re.compile(r"practice=\"([^\"]+)\"|practice='([^']+)'")

#: example → (the lesson's positions, the lesson notebook that shows them)
EXAMPLES = {
    "double-three-players": (lessons.claiming, "03-Claiming-Routes.ipynb"),
    "longest-loop": (lessons.ending, "05-End-and-Scoring.ipynb"),
    "tie-tickets": (lessons.ending, "05-End-and-Scoring.ipynb"),
    "tie-shared": (lessons.ending, "05-End-and-Scoring.ipynb"),
    "ferry-one": (lessons.ferries_and_tunnels, "06-Europe-Ferries-and-Tunnels.ipynb"),
    "eight-spaces": (lessons.ferries_and_tunnels, "06-Europe-Ferries-and-Tunnels.ipynb"),
    "tie-stations": (lessons.stations, "07-Europe-Stations-and-Long-Tickets.ipynb"),
    "tie-express": (lessons.stations, "07-Europe-Stations-and-Long-Tickets.ipynb"),
}


def practice(name: str) -> Practice:
    made, _notebook = EXAMPLES[name]
    return next(p for p in made() if p.name == name)


def played(p: Practice) -> GameState:
    """The position after its demo (which the example expects accepted)."""
    state = p.state
    for action in p.demo:
        state = apply(state, action)
    return state


def final_sheet(name: str) -> ScoreSheet:
    state = played(practice(name))
    assert state.is_over, f"{name}: the demo should end the game"
    return score(state)


def quizzes(notebook: str) -> list[str]:
    cells = nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
    return [c.source for c in cells if c.cell_type == "code" and "Quiz(" in c.source]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_example_is_a_position_its_lesson_shows_and_asks_about(name: str) -> None:
    made, notebook = EXAMPLES[name]
    code = "\n".join(c.source for c in nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
                     if c.cell_type == "code")
    assert f"TryIt.of(lessons.{made.__name__}())" in code
    asked = [q for q in quizzes(notebook)
             if name in {a or b for a, b in QUIZ_PRACTICE.findall(q)}]
    assert len(asked) == 1, f"{notebook}: no quiz (or more than one) switches to {name}"


def test_three_players_use_one_track_of_a_double_route() -> None:
    p = practice("double-three-players")
    assert p.state.num_players == 3 and p.outcome == "refused"
    with pytest.raises(RulesError) as refused:
        apply(p.state, p.demo[-1])
    assert refused.value.rule == "claim.double-small"
    assert "3 players" in str(refused.value)


def test_a_one_symbol_ferry_needs_one_locomotive_and_no_more() -> None:
    p = practice("ferry-one")
    route = p.state.board.route(p.highlight[0])
    assert route.ferry_locomotives == 1 and route.length == 2
    refusal = why_illegal(p.state, p.demo[-1])
    assert refusal is not None and refusal.rule == "ferry.locomotives"
    paid = apply(p.state, ClaimRoute(route.id, "red", 1))
    assert paid.owners[route.index] == 0


def test_the_eight_space_route_scores_21() -> None:
    p = practice("eight-spaces")
    route = p.state.board.route(p.highlight[0])
    assert route.length == 8
    before = p.state.players[0].route_points
    assert played(p).players[0].route_points - before == 21


def test_a_loop_counts_every_train_once_and_a_city_twice() -> None:
    p = practice("longest-loop")
    assert score(p.state).players[0].longest_trail == 10
    after = score(played(p)).players[0]
    assert after.longest_trail == 12
    board = p.state.board
    at_atlanta = [r for r in after.longest_trail_routes
                  if "Atlanta" in (board.route(r).a, board.route(r).b)]
    assert len(at_atlanta) == 3  # in from Nashville, out to Miami, back from Charleston


@pytest.mark.parametrize(("name", "winners", "decided_by"), [
    ("tie-tickets", ("Ann",), "completed the most tickets"),
    ("tie-stations", ("Ben",), "built the fewest stations"),
    ("tie-express", ("Ann",), "holds the European Express bonus"),
    ("tie-shared", ("Ann", "Ben"), "share the win"),
])
def test_each_tie_ends_as_its_prompt_says(name: str, winners: tuple[str, ...],
                                          decided_by: str) -> None:
    sheet = final_sheet(name)
    totals = {p.total for p in sheet.players}
    assert len(totals) == 1, f"{name}: not a tie on points: {totals}"
    assert sheet.winners == winners and decided_by in sheet.reason
    assert str(totals.pop()) in practice(name).prompt


def test_every_lesson_ends_with_a_self_check_the_widget_marks() -> None:
    for path in LESSONS:
        cells = nbformat.read(path, as_version=4).cells
        code = [c for c in cells if c.cell_type == "code"]
        assert "Quiz(" in code[-1].source, f"{path.name}: its last code cell is not a quiz"
        heads = [i for i, c in enumerate(cells) if c.source.startswith("## Check yourself")]
        check = heads[-1] if heads else len(cells) - 2  # lesson 8 asks along the way
        assert all(c.cell_type == "markdown" or "Quiz(" in c.source for c in cells[check:]), \
            f"{path.name}: something other than quizzes after 'Check yourself'"


def _labels(widget: widgets.Widget) -> set[str]:
    """The descriptions of every control in a widget tree (buttons, lists, fields)."""
    found = {str(widget.description)} if getattr(widget, "description", "") else set()
    for child in getattr(widget, "children", ()):
        found |= _labels(child)
    return found


def test_how_the_board_works_names_only_controls_the_board_has() -> None:
    board = TryIt.of(lessons.drawing())
    dealt = TryIt.of(lessons.usa_1910())  # opens on a deal: the ticket choice's controls
    labels = _labels(board.widget) | _labels(dealt.widget)
    assert "Keep these tickets" in labels
    for path in LESSONS:
        for cell in nbformat.read(path, as_version=4).cells:
            if "**How the board works.**" not in cell.source or "10-" in path.name:
                continue
            start = cell.source.index("**How the board works.**")
            plain = re.sub(r"\*\*[^*]+\*\*", "", cell.source[start:])  # bold is not a name
            named = set(re.findall(r"\*([^*\n]+)\*", plain))
            assert named, path.name
            missing = sorted(n for n in named if n not in labels and
                             not re.fullmatch(r"Play \w+'s turn", n) and n != "why?")
            assert not missing, f"{path.name} names controls the board lacks: {missing}"


def test_lesson_one_gives_the_deck_and_the_locomotive_before_lesson_two_uses_them() -> None:
    usa = lessons.drawing()[0].state.board
    colours, locomotives = usa.deck[0], usa.deck[-1]
    first = "\n".join(c.source for c in nbformat.read(LESSONS[0], as_version=4).cells
                      if c.cell_type == "markdown")
    assert f"**{sum(usa.deck)}** in all" in first
    assert f"**{colours} in each of {len(usa.deck) - 1} colours**" in first
    assert f"**{locomotives} locomotives**" in first and "wild card" in first
    second = "\n".join(c.source for c in nbformat.read(LESSONS[1], as_version=4).cells
                       if c.cell_type == "markdown")
    assert "(lesson 1)" in second  # lesson 2 points back to where locomotives were met


def test_the_positions_prompts_are_plain_words() -> None:
    """No provenance and no rule ids in what a board asks the learner to do (the rule is
    named by the board itself, behind its "why?")."""
    jargon = re.compile(r"Board Game Arena|printed rules|house ruling|confidence|"
                        r"\b(?:claim|draw|ferry|tunnel|station|score|end|turn|tickets|wd)\.[a-z]",
                        re.IGNORECASE)
    made = (lessons.board_and_goal, lessons.drawing, lessons.claiming, lessons.tickets,
            lessons.ending, lessons.ferries_and_tunnels, lessons.stations, lessons.confused_usa,
            lessons.confused_europe, lessons.europa_1912)
    said = [(p.name, p.title + " " + p.prompt) for f in made for p in f()]
    assert len(said) > 60
    assert not [(name, text) for name, text in said if jargon.search(text)]
