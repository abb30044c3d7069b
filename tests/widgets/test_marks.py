"""The board's marks as one value (``board.marks.Marks``): the figure builder and the live board
take it, the keyword form is the same call, and the value never changes under the figure."""

from __future__ import annotations

import pytest

from ttr_widgets.rules import load_map
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.board.marks import MARK_FIELDS, NO_MARKS, Marks
from ttr_widgets.widgets.board.render import HIGHLIGHT, ROUTES, figure_spec, map_figure

USA = load_map("usa")


def test_marks_copy_what_they_are_given():
    owners, highlight = {"usa-001": 0}, ["usa-001", "usa-002"]
    marks = Marks(owners=owners, highlight=highlight, warehouses=[2, 3])
    owners["usa-003"] = 1
    highlight.append("usa-003")
    assert dict(marks.owners) == {"usa-001": 0}
    assert marks.highlight == ("usa-001", "usa-002") and marks.warehouses == (2, 3)
    with pytest.raises(TypeError):
        marks.owners["usa-004"] = 1  # type: ignore[index]
    assert marks == Marks(owners={"usa-001": 0}, highlight=("usa-001", "usa-002"),
                          warehouses=(2, 3))


def test_a_single_string_where_names_go_is_refused_naming_the_field():
    with pytest.raises(ValueError, match="highlight: expected route ids"):
        Marks(highlight="usa-001")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="marked: expected city names"):
        Marks(marked="Denver")  # type: ignore[arg-type]


def test_but_changes_one_field_and_a_misspelt_one_is_a_type_error():
    marks = Marks(selected="usa-001")
    assert marks.but(selected_city="Denver") == Marks(selected="usa-001",
                                                      selected_city="Denver")
    assert marks.but() is marks
    with pytest.raises(TypeError):
        marks.but(selcted="usa-002")
    with pytest.raises(TypeError):
        map_figure(USA, ownres={"usa-001": 0})
    assert "owners" in MARK_FIELDS and "player_colors" not in MARK_FIELDS


def test_check_names_the_field_that_is_not_on_the_board():
    with pytest.raises(ValueError, match=r"depots: no city 'Atlantis'"):
        Marks(depots={"Atlantis": 0}).check(USA, 2)
    with pytest.raises(ValueError, match=r"stations\['Denver'\]: player 2 is not one of 0..1"):
        Marks(stations={"Denver": 2}).check(USA, 2)
    with pytest.raises(ValueError, match="closed: no route 'nowhere'"):
        Marks(closed={"nowhere": "why"}).check(USA, 2)
    Marks(owners={"usa-001": 1}, marked=("Denver",)).check(USA, 2)


def test_the_figure_takes_the_value_or_its_fields_as_keywords():
    marks = Marks(owners={"usa-001": 1}, highlight=("usa-002",), highlight_label="a path",
                  selected="usa-003", marked=("Denver", "Omaha"), marked_label="tickets")
    as_value = map_figure(USA, marks, player_colors=("#111111", "#222222"))
    as_keywords = map_figure(USA, owners={"usa-001": 1}, highlight=["usa-002"],
                             highlight_label="a path", selected="usa-003",
                             marked=["Denver", "Omaha"], marked_label="tickets",
                             player_colors=("#111111", "#222222"))
    assert as_value.to_plotly_json() == as_keywords.to_plotly_json()
    assert as_value.data[HIGHLIGHT].name == "a path"
    # keywords change the value given: the figure of these marks with nothing selected
    assert figure_spec(USA, marks, selected=None) == figure_spec(USA, marks.but(selected=None))


def test_the_live_board_shows_a_value_and_remembers_it():
    view = MapView(USA, player_colors=("#111111", "#222222"))
    assert view.marks is NO_MARKS
    marks = Marks(owners={"usa-001": 1})
    view.show(marks)
    assert view.marks is marks
    spaces = view.geometry.route_spaces["usa-001"]
    assert {view.widget.data[ROUTES].marker.color[i] for i in spaces} == {"#222222"}
    view.show(owners={"usa-001": 0})  # the keyword form: the same marks as a value
    assert view.marks == Marks(owners={"usa-001": 0})
    with pytest.raises(ValueError):
        view.show(marks.but(owners={"usa-001": 7}))
    assert view.marks == Marks(owners={"usa-001": 0})  # refused: the board is as it was
    view.set_board(load_map("mini"))
    assert view.marks is NO_MARKS
