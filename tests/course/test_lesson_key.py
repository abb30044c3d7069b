"""A lesson board's key names the players of the position shown: lesson 3 moves from two
players to four (the double routes) and back, and the key follows; the owners' colours stay
right on the board."""

from __future__ import annotations

from ttr_widgets.course import lessons
from ttr_widgets.course.lesson_page import TryIt


def key_names(try_it: TryIt) -> tuple[str, ...]:
    figure = try_it.table.map_view.widget
    return tuple(t.name for t in figure.data if t.name in ("Ann", "Ben", "Cleo", "Dev"))


def test_the_board_key_follows_the_players_of_the_position_shown() -> None:
    try_it = TryIt.of(lessons.claiming())
    assert [len(s.state.players) for s in try_it.steps][:1] == [2]
    assert key_names(try_it) == ("Ann", "Ben")
    four = next(s for s in try_it.steps if len(s.state.players) == 4)
    try_it.select(four.name)
    assert key_names(try_it) == ("Ann", "Ben", "Cleo", "Dev")
    assert try_it.table.map_view.marks.owners  # the claimed route is drawn on the new key
    try_it.select(try_it.steps[0].name)
    assert key_names(try_it) == ("Ann", "Ben")
