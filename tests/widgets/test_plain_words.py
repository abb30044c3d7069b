"""Plain words on every page: what a visitor can read holds no code-speak.

Each page's widgets are built and driven headless the way a person drives them (a short game
with refusals, bot moves, a ticket choice and a tunnel in the play app; the lab, the scorer and
the explorer as they open and after a few clicks). Then every text a visitor can see is
collected from the widget tree (HTML and label values with their tags stripped, button and
checkbox captions, the options of lists, the titles, axis titles, legends, bar labels and hover
texts of every chart) and searched for code-speak: a rule id in brackets, "(s)" plurals,
"1 points", internal route and ticket ids, raw Python values, and city names not spelt as the
board spells them.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from ttr_widgets.course import lab_plots as plots
from ttr_widgets.course import lab_sample
from ttr_widgets.course.lab import claim_frequency, completion_by_value, ticket_gamble
from ttr_widgets.rules import load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawTickets
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.position import parse_position
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import (
    CardPlacement,
    Options,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.words import count, plural
from ttr_widgets.testing.words import (
    assert_plain,
    code_speak,
    visible_texts,
)
from ttr_widgets.widgets.pages.app import PlayApp
from ttr_widgets.widgets.pages.explorer import ScoringExplorer
from ttr_widgets.widgets.pages.odds import TunnelOddsExplorer
from ttr_widgets.widgets.pages.scorer import TicketScorer, example_path

MINI = load_map("mini")
EUROPE = load_map("europe")
USA = load_map("usa")


# --------------------------------------------------------------------------- the checker


def test_the_checker_finds_each_kind_of_code_speak() -> None:
    bad = ["Not now. (rule turn.pending)", "2 ticket(s)", "for 1 points", "Denver (usa-040)",
           "(Fraction(23821, 53955), 0.44)", "TicketGamble(map='usa', players=2)",
           "{'usa': 1}", "Paris–Zurich (3 gray)", "(3, 4, 5)", "None"]
    assert all(code_speak([text]) for text in bad)
    good = ["Paris–Zürich (3 gray)", "1 point", "2 points", "You keep 2 tickets and return 1.",
            "Chance you can pay: 2659/2678 = 99.3 %", "draw.", "4 tickets name “Seattle”"]
    assert code_speak(good) == []
    page = widgets.VBox([widgets.HTML("<b>1 card</b>"), widgets.Button(description="Pay"),
                         widgets.HTML("(rule x.y)", layout=widgets.Layout(display="none"))])
    assert list(visible_texts(page)) == ["1 card", "Pay"]  # hidden text is not visible


def test_words_count_and_plural() -> None:
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(1, "person") == "1 person" and count(3, "person") == "3 people"
    assert plural(2, "Depot") == "Depots" and count(2, "box") == "2 boxes"


def test_a_refusal_reads_well_without_its_rule_id() -> None:
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"red": 1}])
    with pytest.raises(RulesError) as info:
        Game((state,)).play(ClaimRoute("m-01", "red", 0))  # 2 red, with 1 red in hand
    error = info.value
    assert error.rule and error.rule not in error.reason and "(rule" not in error.reason
    assert str(error) == f"{error.reason} (rule {error.rule})"  # the command line keeps the id
    assert error.rule_text.endswith(".") and error.rule not in error.rule_text
    assert code_speak([error.reason, error.rule_text]) == []


# --------------------------------------------------------------------------- the play app


def _keep_offered(app: PlayApp) -> None:
    assert app.ticket_choice.layout.display != "none"
    app.ticket_choice.keep.click()


def test_the_play_app_speaks_plainly_through_a_short_game() -> None:
    app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
    seen = assert_plain(app)  # the deal: choosing the setup tickets
    app.hint()  # a hint while choosing tickets
    seen += assert_plain(app)
    assert "greedy bot" not in app.status.text.casefold()
    _keep_offered(app)
    assert not isinstance(app.state.pending, TicketChoice) or not app.state.in_setup
    seen += assert_plain(app)
    expensive = max(USA.routes, key=lambda r: r.length)
    app.click_route(expensive.id)  # cannot be paid yet: refused in words
    seen += assert_plain(app)
    short = next(r for r in USA.routes if r.length == 1 and r.color == "gray")
    app.click_route(short.id)  # one train, one point: its claim panel opens
    seen += assert_plain(app)
    assert any(" · 1 point" in text for text in seen)
    app.click_route(short.id)  # a second click puts it down again
    row = app.state.face_up_names()
    app.market.cards[next(i for i, c in enumerate(row) if c != "locomotive")].click()
    if "locomotive" in app.state.face_up_names():
        app.market.cards[app.state.face_up_names().index("locomotive")].click()  # refused
        seen += assert_plain(app)
    app.market.blind.click()  # the turn ends; the greedy bot moves
    assert len(app.game.log()) >= 5 and app.state.current == 0
    seen += assert_plain(app)
    app.play(DrawTickets())  # a ticket choice during the game
    assert isinstance(app.state.pending, TicketChoice)
    app.hint()
    seen += assert_plain(app)
    _keep_offered(app)
    seen += assert_plain(app)
    app.undo()
    seen += assert_plain(app)
    app.redo()
    for tab in range(len(app.tabs.children)):
        app.tabs.selected_index = tab
        seen += assert_plain(app)
    assert any("You keep" in text for text in seen)


def test_a_team_game_speaks_plainly_at_each_of_its_steps() -> None:
    """The team game's own parts: the players by team, the holders, the card drawn and its two
    places, the share choice and the share action, payments from hand and holder, a bot's turn
    refused in the team's words, every tab."""
    app = PlayApp("usa", ("You", "Ben", "Cleo", "Dev"), ("human", "greedy", "greedy", "greedy"),
                  seed=5, bot_delay=0, options=Options(teams=True))
    seen = assert_plain(app)
    _keep_offered(app)  # then one of them to share
    assert isinstance(app.state.pending, ShareChoice)
    seen += assert_plain(app)
    app.hint()
    seen += assert_plain(app)
    app.share_choice.buttons[0].click()
    app.share.toggle.value = True  # the share action opened
    seen += assert_plain(app)
    app.share.toggle.value = False
    app.market.blind.click()  # the card drawn, to place
    assert isinstance(app.state.pending, CardPlacement)
    seen += assert_plain(app)
    app.hint()
    seen += assert_plain(app)
    app.placement.holder.click()
    app.market.blind.click()
    seen += assert_plain(app)
    route = max((r for r in USA.routes if r.color != "gray"), key=lambda r: r.length)
    app.click_route(route.id)  # cannot be paid: refused in words
    seen += assert_plain(app)
    app.load_game(Game((evolve(app.state, current=1),)))  # a bot to move, bots waiting
    app.market.blind.click()
    seen += assert_plain(app)
    for tab in range(len(app.tabs.children)):
        app.tabs.selected_index = tab
        seen += assert_plain(app)
    assert any("Blue team: You & Ben" in text for text in seen)
    assert any("into the team holder" in text for text in seen)


def test_a_europe_game_names_cities_as_the_board_does() -> None:
    app = PlayApp("europe", ("You", "Greedy"), ("human", "greedy"), seed=1, bot_delay=0)
    for _turn in range(3):
        assert_plain(app)
        if isinstance(app.state.pending, TicketChoice):
            _keep_offered(app)
        else:
            app.market.blind.click()
            app.market.blind.click()
    assert_plain(app)


def test_a_tunnel_and_its_payment_in_plain_words() -> None:
    state = scenario(MINI, ["Ann", "Bob"], hands=[{"green": 3, "locomotive": 1}],
                     pile_top=["green", "red", "locomotive"])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.click_route("m-06")  # Bree–Eton, a 2 green tunnel
    assert_plain(app)
    next(b for b in app.claim.options.children if b.description == "Pay 2 green").click()
    assert isinstance(app.state.pending, TunnelPayment)
    texts = assert_plain(app)
    assert any("2 more cards to pay" in t or "2 extra cards" in t for t in texts)
    app.tunnel.pay_buttons[0].click()
    assert_plain(app)


def test_a_ferry_is_described_without_nested_brackets() -> None:
    ferry = next(r for r in EUROPE.routes if r.is_ferry and r.color == "gray")
    state = scenario(EUROPE, ["Ann", "Bob"], hands=[{"red": ferry.length}])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    app.click_route(ferry.id)
    texts = assert_plain(app)
    assert not any(re.search(r"\([^()]*\([^()]*\)[^()]*\)", t) for t in texts), \
        [t for t in texts if "ferry" in t.casefold()]


# --------------------------------------------------------------------------- the other pages


def test_the_probability_lab_pages_show_tables_and_sentences() -> None:
    games = lab_sample.sample_games()
    every = [g for results in games.values() for g in results]
    explorer = TunnelOddsExplorer(EUROPE, route_id="eu-085")
    explorer.set_hand({"red": 4, "locomotive": 1})
    parts = [
        explorer,
        plots.what_if_table(explorer.odds, explorer.what_if),
        TunnelOddsExplorer.from_state(
            scenario(EUROPE, 2, hands=[{"red": 3, "locomotive": 2}],
                     discard=["red", "locomotive"],
                     face_up=["red", "locomotive", "blue", "green", "green"]), "eu-054"),
        plots.refresh_table(games),
        plots.gamble_table(ticket_gamble(every)),
        plots.show(plots.completion_figure(completion_by_value(every))),
        plots.show(plots.gamble_figure(ticket_gamble(every))),
        plots.show(plots.claim_frequency_figure(claim_frequency(USA, games["usa", 4]))),
    ]
    texts = assert_plain(widgets.VBox(parts))
    assert any("Paris–Zürich" in t for t in texts)


def test_the_scorer_and_the_explorer_speak_plainly() -> None:
    scorer = TicketScorer("europe", players=["Ann", "Ben"])
    scorer.view.simulate_route_click("eu-085")
    scorer.ticket_search.value = "zurich"
    scorer.add_button.click()  # several Zürich tickets: named, none taken
    assert_plain(scorer)
    scorer.ticket_search.value = "Zürich–Brindisi"
    scorer.add_button.click()
    scorer.add_ticket(scorer.position.players[0].tickets[0])  # already held: said in words
    assert_plain(scorer)
    explorer = ScoringExplorer(parse_position(json.loads(
        example_path("europe").read_text())))
    explorer.toggle_route(sorted(explorer.position.players[0].routes)[0])
    assert_plain(explorer)


# --------------------------------------------------------------------------- every served page


def _page_widgets(path: Path) -> list[widgets.Widget]:
    """The widgets a served notebook shows: each code cell run in order, as the kernel runs it,
    and the value of its last line kept when it is a widget."""
    import nbformat

    namespace: dict[str, Any] = {"__name__": "__main__"}
    shown: list[widgets.Widget] = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
            value = getattr(value, "widget", value)  # a lesson's exercise holds its widget
            if isinstance(value, widgets.Widget):
                shown.append(value)
    return shown


PAGES = sorted(p for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_every_served_page_speaks_plainly_as_it_opens(path: Path, monkeypatch) -> None:
    monkeypatch.chdir(path.parent)
    shown = _page_widgets(path)
    assert shown, f"{path.name} shows no widget"
    assert_plain(widgets.VBox(shown))


def test_a_player_called_you_is_never_you_s():
    """The app's first seat is called "You": buttons and sentences say "Your longest trail",
    never "You's" (words.possessive, in every place a name takes an 's)."""
    from ttr_widgets.testing.words import visible_texts
    from ttr_widgets.widgets.pages.app import PlayApp

    app = PlayApp("mini", ("You", "Bob"), ("greedy", "greedy"), seed=3, bot_delay=0)
    assert app.state.is_over
    texts = list(visible_texts(app))
    assert any("Your longest trail" in text for text in texts)
    assert not [text for text in texts if "You's" in text]
