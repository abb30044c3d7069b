"""The tools' pages in French: each page driven headless in French the way a person drives it,
and no visible text of the page's own is English (proper names set aside, as in
``test_play_app_french``: the players, the maps, the boards' cities, the boxes' names).

A served page learns its language from its address after its widgets are built: each page
built in English turns French when its ``PageAddress`` tells the page's language.

Left out of the search, and said so: the board's own hover texts and key (``widgets.board``,
the map view), the core's refusals of a position (``rules.position``: "the route … is already
owned by …", a file that cannot be read) and the sentence of the bonuses a game scores
(``widgets.table.players.bonus_words``, the play table's, said after the deck), not yet in the
catalogue, and a saved game's own description (the file's words, shown as written).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from ttr_widgets.rules import i18n
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import LOCOMOTIVE
from ttr_widgets.rules.record import example_path
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import ticket_rules
from ttr_widgets.served import TABLES_ENV
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.words import visible_texts
from ttr_widgets.widgets.pages import tables
from ttr_widgets.widgets.pages.explorer import ScoringExplorer
from ttr_widgets.widgets.pages.explorer_games import team_example_path
from ttr_widgets.widgets.pages.odds import BY_HAND, TunnelOddsExplorer
from ttr_widgets.widgets.pages.planner import PLAN, TAKEN, WEAK, PlannerPage
from ttr_widgets.widgets.pages.scorer import TicketScorer
from ttr_widgets.widgets.pages.tables import TablesPage
from ttr_widgets.widgets.plots.lab_plots import what_if_table
from ttr_widgets.widgets.table.players import bonus_words

EUROPE = load_map("europe")

#: the names the pages show as they are: the boxes' own names and the players of the examples
NAMES = ("Longest Continuous Path", "European Express", "Asian Express", "Globetrotter",
         "USA 1910", "1910 Classic", "Mega Game", "USA Big Cities", "Big Cities",
         "Big Cities of Europe", "Warehouses", "ttr serve", "JupyterLab", "Binder")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


class EnglishSeen:
    """The English words found on a page, text by text, over the steps of a test."""

    def __init__(self, names: tuple[str, ...] = ()) -> None:
        self.names = sorted((*NAMES, *names), key=len, reverse=True)  # the longest first
        self.set_aside: list[str] = []  #: the core's and the files' words (module docstring)
        self.seen: dict[str, set[str]] = {}
        self.texts: list[str] = []

    def look(self, page: widgets.Widget, *, left_out: tuple[widgets.Widget, ...] = ()) -> None:
        for text in visible_texts(page, left_out=left_out):
            self.texts.append(text)
            shown = text
            for words in self.set_aside:
                shown = shown.replace(words, " ")
            for name in self.names:
                shown = shown.replace(name, " ")
            found = english_words(shown)
            if found:
                self.seen[text.strip()[:160]] = found

    def assert_none(self) -> None:
        assert self.texts, "no visible text collected"
        assert self.seen == {}, f"English on the French page ({len(self.seen)} texts):\n" + \
            "\n".join(f"{sorted(words)}: {text!r}" for text, words in
                      list(self.seen.items())[:40])


# --------------------------------------------------------------------------- the ticket scorer


def _look_scorer(seen: EnglishSeen, scorer: TicketScorer) -> None:
    seen.look(scorer, left_out=(scorer.board_box,))


def _core_refusal(seen: EnglishSeen, scorer: TicketScorer, edit: Callable[[], object]) -> None:
    """Make an edit the core refuses; its sentence (the core's, in English) is set aside, the
    page's frame around it is searched."""
    assert not edit()
    sentence = re.search(r"</b> (.*?)(?:<details|</div>)", scorer.message.value, re.S)
    assert sentence is not None, scorer.message.value
    seen.set_aside.append(html.unescape(sentence[1]).strip())
    _look_scorer(seen, scorer)


def _load(seen: EnglishSeen, scorer: TicketScorer, path: Path) -> None:
    """Load a saved game; its own description is the file's, set aside."""
    assert scorer.load(path)
    seen.set_aside.append(json.loads(path.read_text())["description"])
    _look_scorer(seen, scorer)


def test_the_ticket_scorer_in_french_shows_no_english() -> None:
    seen = EnglishSeen()
    with i18n.use("fr"):
        scorer = TicketScorer("europe")
        _look_scorer(seen, scorer)  # as it opens: two empty seats, tied
        scorer.toggle_route("eu-085")  # Paris–Zürich
        _look_scorer(seen, scorer)
        scorer.ticket_search.value = "zurich"
        scorer.add_button.click()  # several Zürich tickets: named, none taken
        _look_scorer(seen, scorer)
        scorer.ticket_search.value = "xyzzy"
        scorer.add_button.click()  # none
        _look_scorer(seen, scorer)
        scorer.ticket_search.value = "Zürich–Brindisi"
        scorer.add_button.click()
        _look_scorer(seen, scorer)
        held = scorer.position.players[0].tickets[0]
        scorer.select_player(1)
        scorer.add_ticket(held)  # already held by the other player: said in words
        _look_scorer(seen, scorer)
        _core_refusal(seen, scorer, lambda: scorer.toggle_route("eu-085"))  # owned
        scorer.select_player(0)
        scorer.select_ticket(held)  # its path on the board
        _look_scorer(seen, scorer)
        assert scorer.toggle_station("Paris")
        scorer.set_warehouses(True)
        scorer.set_depots_left(2)
        scorer.set_longest_bonus(False)
        _look_scorer(seen, scorer)
        scorer.remove_button.click()  # nothing selected in the list: said so
        _look_scorer(seen, scorer)
        scorer.clear_player()
        scorer.rename(0, "Ann")
        scorer.set_player_count(3)
        _look_scorer(seen, scorer)
        _load(seen, scorer, example_path("europe"))  # a finished game: a winner
        _load(seen, scorer, example_path("usa", "record"))
        _core_refusal(seen, scorer, lambda: scorer.load(
            example_path("usa").with_name("missing.json")))
    seen.assert_none()
    assert any("Classement" in text for text in seen.texts)


def test_a_team_game_in_the_scorer_in_french_shows_no_english() -> None:
    seen = EnglishSeen()
    with i18n.use("fr"):
        scorer = TicketScorer("usa")
        _load(seen, scorer, team_example_path())
        scorer.select_player(1)
        scorer.set_player_count(2)  # a team game keeps its teams: a note
        _look_scorer(seen, scorer)
    seen.assert_none()


def test_the_scorer_learns_french_from_its_address_and_tells_its_words_again() -> None:
    scorer = TicketScorer("usa")
    scorer.toggle_route("usa-039")
    assert scorer.add_button.description == "Add" and "Player 1" in scorer.total.value
    scorer.address.languages = "fr-FR,fr"
    scorer.address.search = "?"  # the browser has told the address: French, after the build
    assert i18n.language() == "fr"
    assert scorer.add_button.description == "Ajouter"
    assert scorer.names == ("Joueur 1", "Joueur 2")  # still called by their seats
    seen = EnglishSeen()
    _look_scorer(seen, scorer)
    seen.assert_none()
    scorer.address.search = "?lang=en"
    assert scorer.add_button.description == "Add" and scorer.names == ("Player 1", "Player 2")


# --------------------------------------------------------------------------- the Tables page


class FakeService:
    """The table service as the page's client meets it (``widgets.table.shared``): a table
    made is listed, its link the play page's with ``?table=``."""

    def __init__(self) -> None:
        self.tables: list[dict[str, Any]] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(tables, "tables_here", lambda: ("http://x/", "http://x/", ""))
        monkeypatch.setattr(tables, "table_link",
                            lambda name: f"http://x/voila/render/Play.ipynb?table={name}")
        monkeypatch.setattr(tables, "make_table", self.make)
        monkeypatch.setattr(tables, "list_tables", lambda: list(self.tables))

    def make(self, settings: dict[str, Any]) -> dict[str, Any]:
        people = sum(bot is None for bot in settings["bots"])
        table = {"name": f"maple-{len(self.tables) + 1}", "map": settings["map"],
                 "teams": settings["teams"], "taken": 0,
                 "seats": [{"name": None} for _ in settings["bots"]],
                 "status": f"waiting for {people} player{'s' * (people != 1)}"}
        self.tables.append(table)
        return table


def test_the_tables_page_in_french_shows_no_english(monkeypatch: pytest.MonkeyPatch) -> None:
    FakeService().install(monkeypatch)
    seen = EnglishSeen()
    with i18n.use("fr"):
        page = TablesPage()
        seen.look(page)  # the form and "no table yet"
        maker = page.maker
        maker.map.value = "europe"
        maker.count.value = 3
        maker.seat_boxes[2].value = "greedy"
        assert maker.make() is not None
        seen.look(page)  # the table made, its link, the list
        maker.map.value = "usa"
        maker.teams.value = True  # the seats by team
        seen.look(page)
        for box in maker.seat_boxes:
            box.value = "strong"
        assert maker.make() is None  # every seat a bot: refused
        seen.look(page)
    seen.assert_none()
    assert any("Tables de ce serveur" in text for text in seen.texts)


def test_the_tables_page_outside_ttr_serve_says_so_in_french(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TABLES_ENV, raising=False)
    seen = EnglishSeen()
    with i18n.use("fr"):
        page = TablesPage()
        seen.look(page)
    seen.assert_none()
    assert page.maker.make_button.disabled and "ttr serve" in page.maker.made.value


def test_the_tables_page_learns_french_from_its_address(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    FakeService().install(monkeypatch)
    page = TablesPage()
    assert page.maker.make() is not None
    assert page.refresh_button.description == "Refresh"
    page.address.search = "?lang=fr"
    assert page.refresh_button.description == "Actualiser"
    assert page.maker.seat_boxes[0].value == tables.PERSON
    seen = EnglishSeen()
    seen.look(page)
    seen.assert_none()


# --------------------------------------------------------------------------- the scoring explorer


def _look_explorer(seen: EnglishSeen, explorer: ScoringExplorer) -> None:
    seen.look(explorer, left_out=(explorer.board_box,))


def _open(seen: EnglishSeen, source: str | Path) -> ScoringExplorer:
    """The explorer of ``source`` (a map's example or a file); the file's own description
    is set aside."""
    explorer = ScoringExplorer(source)
    _set_aside_game(seen, explorer)
    return explorer


def _set_aside_game(seen: EnglishSeen, explorer: ScoringExplorer) -> None:
    """The file's own description, and the play table's sentence of the bonuses."""
    position = explorer.game.position
    seen.set_aside.append(explorer.game.description)
    if not position.teams:
        rules = ticket_rules(position.board, Options(variant=position.variant,
                                                     longest_bonus=position.longest_bonus,
                                                     globetrotter=position.globetrotter))
        seen.set_aside.append(bonus_words(position.board, rules))


@pytest.mark.parametrize("source", ["usa", "europe-record", "team"])
def test_the_scoring_explorer_in_french_shows_no_english(source: str) -> None:
    """A position, a game record (its statistics and chart) and a team game: as they open,
    after a what-if (a route taken away, a ticket dropped), a route nobody claimed, one
    player's trail, and Reset."""
    path = {"usa": "usa", "europe-record": example_path("europe", "record"),
            "team": team_example_path()}[source]
    seen = EnglishSeen()
    with i18n.use("fr"):
        explorer = _open(seen, path)
        _look_explorer(seen, explorer)
        owned = sorted(explorer.position.players[0].routes)[0]
        assert explorer.toggle_route(owned)
        ticket = next(iter(explorer.ticket_boxes))
        explorer.keep_ticket(ticket, False)
        _look_explorer(seen, explorer)
        claimed = {r for h in explorer.game.position.players for r in h.routes}
        free = next(r.id for r in explorer.board.routes if r.id not in claimed)
        assert not explorer.toggle_route(free)  # nobody claimed it: said so
        _look_explorer(seen, explorer)
        explorer.show_trail(explorer.trails.options[1][1])
        explorer.reset()
        _look_explorer(seen, explorer)
    seen.assert_none()
    assert any("D'où viennent les points" in text for text in seen.texts)


def test_the_explorer_learns_french_from_its_address_and_tells_its_words_again() -> None:
    explorer = ScoringExplorer(example_path("europe", "record"))
    explorer.toggle_route(sorted(explorer.position.players[0].routes)[0])
    assert explorer.reset_button.description == "Reset"
    explorer.address.search = "?lang=fr"
    assert explorer.reset_button.description == "Réinitialiser"
    assert explorer.what_if.routes_removed  # the what-if is kept, told in French
    assert "Et si" in explorer.changes.value
    seen = EnglishSeen()
    _set_aside_game(seen, explorer)
    _look_explorer(seen, explorer)
    seen.assert_none()


# --------------------------------------------------------------------------- the planner


def _look_planner(seen: EnglishSeen, planner: PlannerPage) -> None:
    seen.look(planner, left_out=(planner.view.widget,))


def test_the_planner_in_french_shows_no_english() -> None:
    """Two tickets and their plan (the routes to claim, the cards, the points), bottlenecks,
    routes marked yours and taken, a ticket named twice, a ticket of no deck, Europe's decks
    and a tunnel."""
    seen = EnglishSeen()
    with i18n.use("fr"):
        planner = PlannerPage("usa", tickets=("Denver-El Paso", "Helena-Los Angeles"))
        _look_planner(seen, planner)
        planner.show.value = WEAK
        _look_planner(seen, planner)
        planner.click_route("usa-039")  # Denver–Santa Fe: yours
        planner.click_as.value = TAKEN
        planner.click_route(planner.plan.to_claim[0] if planner.plan else "usa-031")
        _look_planner(seen, planner)
        assert not planner.add_ticket("Denver-El Paso")  # picked already
        _look_planner(seen, planner)
        assert not planner.add_ticket("xyzzy")
        _look_planner(seen, planner)
        planner.remove_button.click()  # nothing selected
        _look_planner(seen, planner)
        planner.clear_routes()
        planner.show_map("europe")
        _look_planner(seen, planner)  # no ticket yet: how to pick one
        assert planner.add_ticket("Paris-Zürich") or planner.add_ticket("Brest-Marseille")
        assert planner.add_ticket("Palermo-Moskva")
        _look_planner(seen, planner)
    seen.assert_none()
    assert any("Routes à prendre" in text for text in seen.texts)


def test_the_planner_learns_french_from_its_address() -> None:
    planner = PlannerPage("usa", tickets=("Denver-El Paso",))
    assert planner.add_button.description == "Add"
    planner.address.search = "?lang=fr"
    assert planner.add_button.description == "Ajouter" and planner.show.value == PLAN
    seen = EnglishSeen()
    _look_planner(seen, planner)
    seen.assert_none()


# --------------------------------------------------------------------------- the tunnel odds


def test_the_tunnel_odds_explorer_in_french_shows_no_english() -> None:
    """The Probability Lab's tunnel explorer: a red tunnel with a hand, another colour played,
    all locomotives, a hand that cannot pay, a tunnel chosen by hand, bad counts, and the
    explorer filled in from a game's state."""
    seen = EnglishSeen(names=("Player 1",))  # the scenario's first player
    with i18n.use("fr"):
        explorer = TunnelOddsExplorer(EUROPE, route_id="eu-085")
        explorer.set_hand({"red": 4, "locomotive": 1})
        seen.look(explorer)
        explorer.play.value = LOCOMOTIVE  # an all-locomotive offer
        seen.look(explorer)
        explorer.set_hand({"blue": 1})  # cannot pay the printed cards
        seen.look(explorer)
        explorer.tunnel.value = BY_HAND
        explorer.route_color.value = "green"
        explorer.length.value = 3
        explorer.set_hand({"green": 4})
        seen.look(explorer)
        explorer.set_seen({"green": 40})  # more than the deck holds: said so
        seen.look(explorer)
        state = scenario(EUROPE, 2, hands=[{"red": 3, "locomotive": 2}],
                         discard=["red", "locomotive"],
                         face_up=["red", "locomotive", "blue", "green", "green"])
        filled = TunnelOddsExplorer.from_state(state, "eu-054")
        seen.look(filled)
        seen.look(what_if_table(filled.odds, filled.what_if))
    seen.assert_none()
    assert any("Votre main" in text for text in seen.texts)
    # a what-if's change the French way: '(+0,7 points de pourcentage)', not '+0.7'
    assert any(re.search(r"\(\+\d+,\d points de pourcentage\)", t) for t in seen.texts)


def test_the_tunnel_odds_explorer_learns_french_from_its_address() -> None:
    explorer = TunnelOddsExplorer(EUROPE, route_id="eu-085")
    explorer.set_hand({"red": 4, "locomotive": 1})
    assert explorer.tunnel.description == "Tunnel" and explorer.play.value == "red"
    explorer.address.search = "?lang=fr"
    assert explorer.length.description == "Longueur" and explorer.play.value == "red"
    seen = EnglishSeen()
    seen.look(explorer)
    seen.assert_none()
