"""The Coach box in the play app: its tooltip says when the coach speaks, and a game that ends
with Coach on gets the coach's review in the Score tab (off the event loop when one runs)."""

from __future__ import annotations

import asyncio
import random

from ttr_widgets.bots import BOTS
from ttr_widgets.bots.coach import review
from ttr_widgets.widgets.pages.app import TABS, PlayApp
from ttr_widgets.widgets.table.coach import coach_when
from ttr_widgets.widgets.table.review import REVIEWING


def _expected(app):
    game = app.game
    return review(game.states[:game.cursor + 1], game.actions[:game.cursor], 0).lines()


def _move(app, rng):
    assert app.play(BOTS["greedy"](app.state, rng).action)


def test_the_coach_box_says_when_the_coach_speaks():
    app = PlayApp("mini", ("You", "Greedy bot"), ("human", "greedy"), seed=3, bot_delay=0)
    assert coach_when() in app.coach.tooltip
    assert app.review.text == ""  # no review before the end


def test_a_game_ended_with_coach_on_shows_the_review_in_the_score_tab():
    app = PlayApp("mini", ("You", "Greedy bot"), ("human", "greedy"), seed=3, bot_delay=0)
    app.coach.value = True
    rng = random.Random(0)
    while not app.state.is_over:
        assert app.review.text == ""
        _move(app, rng)
    assert app.tabs.selected_index == TABS.index("Score")
    lines = _expected(app)
    assert len(lines) >= 2 and lines[0].startswith("Your −10 points: 1 from 1 route, −19 for 4 ")
    assert app.review.text.startswith("The coach's review of your game")
    for line in lines:
        assert line in app.review.text
    app.undo()  # back into the game: the review goes
    assert not app.state.is_over and app.review.text == ""


def test_on_the_event_loop_the_review_runs_in_the_background():
    async def play():
        app = PlayApp("mini", ("You", "Greedy bot"), ("human", "greedy"), seed=3,
                      bot_delay=0.001)
        app.coach.value = True
        rng = random.Random(0)
        while not app.state.is_over:
            while app.bot_task is not None:
                await asyncio.sleep(0.001)
            if not app.state.is_over:
                _move(app, rng)
        while app.bot_task is not None:
            await asyncio.sleep(0.001)
        said = app.review.text
        ticks = 0
        while app.review.text == REVIEWING:
            await asyncio.sleep(0.01)  # the loop keeps turning while the coach reviews
            ticks += 1
        return app, said, ticks

    app, said, ticks = asyncio.run(play())
    assert said == REVIEWING and ticks > 0
    for line in _expected(app):
        assert line in app.review.text
