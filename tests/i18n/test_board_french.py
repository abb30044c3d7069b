"""The board in French: its key (the colours, a tunnel, a station, the last claims, the
highlighted routes) and its hover texts (routes, cities, stations, Depots) come from the
catalogue, English stays as it was, and a live board drawn in English tells its words again in
French when the page's language changes (``MapView.show``, which ``PlayApp.relabel`` calls)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from ttr_widgets.rules import i18n
from ttr_widgets.rules.maps import load_map
from ttr_widgets.testing.french import english_words
from ttr_widgets.widgets import MapView
from ttr_widgets.widgets.board.marks import Marks
from ttr_widgets.widgets.board.printed import LAST_KEY
from ttr_widgets.widgets.board.render import CITIES, ROUTES, STATIONS, map_figure
from ttr_widgets.widgets.pages.app import PlayApp

USA, EUROPE = load_map("usa"), load_map("europe")
GRAY = "usa-001"  #: Atlanta – Charleston, 2 gray spaces
FERRY = "eu-004"  #: a gray ferry, 2 locomotives
TUNNEL = "eu-005"  #: Angora – Constantinople, a tunnel
DOUBLE = "usa-004"  #: Atlanta – New Orleans, 4 orange spaces, one of a double route


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def legend(data: Sequence[Any]) -> list[str]:
    """The names the key shows."""
    return [trace.name for trace in data if trace.showlegend is not False and trace.name]


def route_hover(data: Sequence[Any], board_routes: Sequence[str], route_id: str) -> str:
    """The hover text of ``route_id``'s first train space."""
    return str(data[ROUTES].hovertext[list(board_routes).index(route_id)])


def city_hover(data: Sequence[Any], city: str) -> str:
    return str(data[CITIES].hovertext[list(data[CITIES].customdata).index(city)])


def test_the_key_and_the_hovers_in_french() -> None:
    marks = Marks(owners={DOUBLE: 0}, last={DOUBLE: 0}, highlight=(GRAY,),
                  stations={"Denver": 1}, depots={"Omaha": 0}, warehouses=(3, 1))
    with i18n.use("fr"):
        figure = map_figure(USA, marks, player_colors=("red", "blue"),
                            player_names=("Ann", "Ben"))
    spaces = figure.data[ROUTES].customdata
    names = legend(figure.data)
    assert {"rouge", "orange", "gris", "locomotive", "Ann", "Ben", "dernières prises",
            "en évidence"} <= set(names)
    assert not {"red", "gray", "last claims", "highlighted"} & set(names)
    assert route_hover(figure.data, spaces, GRAY).split("<br>")[1:] == [
        "longueur 2 · gris · 2 points", "libre"]
    assert route_hover(figure.data, spaces, DOUBLE).split("<br>")[1:] == [
        "longueur 4 · orange · 7 points", "route double", "prise par Ann", "Dernier coup de Ann"]
    assert city_hover(figure.data, "Denver").endswith("<br>9 routes")
    pieces = figure.data[STATIONS]
    assert list(pieces.hovertext) == ["<b>Denver</b><br>gare de Ben",
                                      "<b>Omaha</b><br>dépôt de Ann<br>Entrepôt de Ann : 3 cartes"]
    for text in (*names, *figure.data[ROUTES].hovertext, *figure.data[CITIES].hovertext,
                 *pieces.hovertext):
        assert english_words(text.replace("<br>", " ")) == set(), text


def test_a_tunnel_and_a_ferry_in_french() -> None:
    with i18n.use("fr"):
        figure = map_figure(EUROPE, player_colors=("red",), player_names=("Ann",))
    spaces = figure.data[ROUTES].customdata
    assert {"tunnel", "gare"} <= set(legend(figure.data))
    assert "<br>tunnel<br>" in route_hover(figure.data, spaces, TUNNEL)
    assert "<br>ferry : 2 locomotives requises<br>" in route_hover(figure.data, spaces, FERRY)


def test_english_stays_as_it_was() -> None:
    marks = Marks(owners={DOUBLE: 0}, last={DOUBLE: 0}, highlight=(GRAY,))
    figure = map_figure(USA, marks, player_colors=("red", "blue"))
    spaces = figure.data[ROUTES].customdata
    assert {"red", "gray", "locomotive", "player 1", "player 2", "last claims",
            "highlighted"} <= set(legend(figure.data))
    assert route_hover(figure.data, spaces, GRAY).split("<br>")[1:] == [
        "length 2 · gray · 2 points", "unclaimed"]
    assert route_hover(figure.data, spaces, DOUBLE).endswith(
        "claimed by player 1<br>player 1's last move")
    assert city_hover(figure.data, "Denver").endswith("<br>9 routes")


def test_a_board_drawn_in_english_speaks_french_once_the_language_changes() -> None:
    view = MapView(USA, player_colors=("red", "blue"))
    view.show(owners={GRAY: 1}, last={GRAY: 1})
    assert "gray" in legend(view.widget.data) and "player 2" in legend(view.widget.data)
    i18n.set_language("fr")
    view.show(owners={GRAY: 1}, last={GRAY: 1})
    data = view.widget.data
    assert {"gris", "joueur 1", "joueur 2", "dernières prises"} <= set(legend(data))
    assert "gray" not in legend(data)
    assert city_hover(data, "Denver").endswith("<br>9 routes")
    assert route_hover(data, data[ROUTES].customdata, GRAY).endswith(
        "prise par joueur 2<br>Dernier coup de joueur 2")
    assert data[LAST_KEY].showlegend is True
    i18n.set_language(None)
    view.show()
    assert "gray" in legend(view.widget.data) and "gris" not in legend(view.widget.data)


def test_the_play_app_redraws_its_board_in_french() -> None:
    app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
    assert "gray" in legend(app.map_view.widget.data)
    app.language.value = "fr"
    data = app.map_view.widget.data
    assert {"gris", "locomotive", "You", "Greedy"} <= set(legend(data))
    assert "gray" not in legend(data)
    assert "· gris ·" in route_hover(data, data[ROUTES].customdata, GRAY)
    for text in (*legend(data), *data[ROUTES].hovertext, *data[CITIES].hovertext):
        assert english_words(text.replace("<br>", " ")) == set(), text
