"""The course's positions, one function per lesson part: what each lesson's "try it" board
starts from (a tuple of ``Practice``) and the finished games its exercises ask the learner to
score. The notebooks call them as ``lessons.drawing()`` and so on.

The positions live in ``lessons_usa`` (lessons 1 to 5, lesson 8's USA questions),
``lessons_europe`` (lessons 6, 7, 9, lesson 8's Europe questions) and ``lessons_1910`` (lesson
11, the USA 1910 box); ``practice`` holds the
``Practice`` type and the helpers that build positions. Course content, not rules: nothing here
decides a rule, and nothing here knows about widgets.
"""

from __future__ import annotations

from ttr_widgets.course.lessons_1910 import score_exercise_1910, usa_1910
from ttr_widgets.course.lessons_europe import (
    confused_europe,
    europa_1912,
    ferries_and_tunnels,
    score_exercise_depots,
    score_exercise_europe,
    stations,
)
from ttr_widgets.course.lessons_usa import (
    board_and_goal,
    claiming,
    confused_usa,
    drawing,
    ending,
    plan_exercise,
    score_exercise_usa,
    ticket_exercise,
    tickets,
)
from ttr_widgets.course.practice import Outcome, Practice, finished, route_between, with_warehouses

__all__ = [
    "Outcome", "Practice", "board_and_goal", "claiming", "confused_europe", "confused_usa",
    "drawing", "ending", "europa_1912", "ferries_and_tunnels", "finished", "plan_exercise",
    "route_between", "score_exercise_1910", "score_exercise_depots", "score_exercise_europe",
    "score_exercise_usa", "stations", "ticket_exercise", "tickets", "usa_1910", "with_warehouses",
]
