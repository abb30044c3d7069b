"""The Plan panel, headless: in the play app (its own tab) and on its own, driven by clicks on
the board and the claim panel as a person drives them."""

from __future__ import annotations

import re

from ttr_widgets.rules import load_map
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.planner import plan_for
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.widgets.pages.app import TABS, PlayApp
from ttr_widgets.widgets.table.plan import PlanPanel

USA = load_map("usa")


def text(html: str) -> str:
    """What a reader sees of an HTML value: tags dropped, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def panel_text(panel: PlanPanel) -> str:
    return " ".join(text(w.value) for w in (panel.summary, panel.routes, panel.bottlenecks,
                                            panel.what_if))


def usa_app(players=("Ann", "Bob"), kinds=("human", "greedy"), claimed=None):
    """Ann owns Seattle–Portland and holds Seattle–Los Angeles and Portland–Phoenix."""
    n = len(players)
    tickets = [["usa-t24", "usa-t20"], ["usa-t01"], *([[]] * (n - 2))]
    state = scenario(USA, list(players), claimed=claimed or {"usa-091": 0}, tickets=tickets,
                     hands=[{"green": 6, "pink": 4, "locomotive": 2}])
    return PlayApp.from_game(Game((state,)), kinds, bot_delay=0)


def open_plan(app):
    app.tabs.selected_index = TABS.index("Plan")
    return app.plan_panel


def test_the_plan_tab_plans_only_while_it_is_open():
    app = usa_app()
    assert app.tabs.get_title(TABS.index("Plan")) == "Plan"
    assert app.plan_panel.plan is None and app.plan_panel.summary.value == ""
    panel = open_plan(app)
    assert panel.plan == plan_for(app.state, 0)
    assert app.highlight == (panel.plan.routes, "plan: 11 trains")


def test_the_panel_shows_routes_shared_tickets_cards_points_and_bottlenecks():
    # Ann's plan (two players, so a taken track closes its twin): Portland–San Francisco 5,
    # San Francisco–Los Angeles 3 (both shared by the two tickets), Los Angeles–Phoenix 3;
    # Seattle–Portland is hers. 11 trains; points 10 + 4 + 4 for the routes + 9 + 11.
    panel = open_plan(usa_app())
    shown = panel_text(panel)
    assert "Ann's plan for 2 tickets: 11 trains still to place (44 left)" in shown
    assert "A Seattle – Los Angeles (9)" in shown and "B Portland – Phoenix (11)" in shown
    assert "Portland – San Francisco 5 5 green A B (shared)" in shown
    assert "Los Angeles – Phoenix 3 3 gray B" in shown
    assert "Portland – Seattle 1 yours A" in shown
    assert "Cards : 5 green, 3 pink, gray route: 3 cards in one colour of your choice" in shown
    assert "Points : 38" in shown
    bottlenecks = re.findall(r'<li class="ttr-plan-bottleneck">(.*?)</li>',
                             panel.bottlenecks.value)
    assert bottlenecks == ["Los Angeles – Phoenix: +6 trains",
                           "Los Angeles – San Francisco: +3 trains",
                           "Portland – San Francisco: +3 trains"]
    assert "usa-" not in shown and "(s)" not in shown


def test_what_if_answers_for_the_route_clicked_on_the_board():
    app = usa_app()
    panel = open_plan(app)
    assert "Click a route on the board" in text(panel.what_if.value)
    app.click_route("usa-068")  # Los Angeles–Phoenix: El Paso instead, 6 more
    assert text(panel.what_if.value) == ("If someone else took Los Angeles – Phoenix , your plan "
                                         "would cost 6 more trains (17 instead of 11).")
    app.click_route("usa-091")
    assert text(panel.what_if.value) == "Portland – Seattle is yours: nobody can take it from you."
    app.click_route("usa-001")
    assert "is not in your plan" in text(panel.what_if.value)


def test_what_if_names_the_ticket_that_would_become_impossible():
    # Block every way into Phoenix but Los Angeles–Phoenix (Denver–Phoenix, El Paso–Phoenix,
    # Santa Fe–Phoenix taken by Bob): losing Los Angeles–Phoenix loses Portland–Phoenix.
    app = usa_app(claimed={"usa-091": 0, "usa-036": 1, "usa-049": 1, "usa-083": 1})
    panel = open_plan(app)
    assert panel.found[0].route == "usa-068" and panel.found[0].extra is None
    assert "Los Angeles – Phoenix: a ticket becomes impossible" in text(panel.bottlenecks.value)
    app.click_route("usa-068")
    assert text(panel.what_if.value) == ("If someone else took Los Angeles – Phoenix , Portland "
                                         "– Phoenix could no longer be completed.")


def test_the_plan_follows_the_game_as_routes_are_claimed():
    app = usa_app()
    panel = open_plan(app)
    app.click_route("usa-089")  # Portland–San Francisco, paid with 5 green
    option = next(b for b in app.claim.options.children if b.description == "Pay 5 green")
    option.click()
    assert app.state.players[0].routes[-1] == "usa-089"
    assert panel.plan == plan_for(app.state, 0)
    assert "usa-089" in panel.plan.routes and "usa-089" not in panel.plan.to_claim
    assert panel.plan.trains <= 6  # 11 less the 5 just placed, unless the bot blocked a route
    assert "Portland – San Francisco 5 yours A B (shared)" in text(panel.routes.value)
    assert app.highlight[0] == panel.plan.routes


def test_four_players_keep_the_other_track_open():
    app = usa_app(players=("Ann", "Bob", "Cy", "Di"), kinds=("human", "greedy", "greedy",
                                                             "greedy"))
    panel = open_plan(app)
    assert "Portland – San Francisco" not in text(panel.bottlenecks.value)


def test_hidden_hands_and_too_many_tickets_are_said_in_words():
    hotseat = usa_app(kinds=("human", "human"))
    panel = open_plan(hotseat)
    assert panel.plan is None
    assert text(panel.summary.value) == ("The plan is for the tickets in a hand: show the hand "
                                         "first.")
    many = [f"usa-t{i:02d}" for i in range(1, 11)]
    state = scenario(USA, ["Ann", "Bob"], tickets=[many, []])
    app = PlayApp.from_game(Game((state,)), ("human", "greedy"), bot_delay=0)
    panel = open_plan(app)
    assert panel.plan is None
    assert text(panel.summary.value).startswith("Too many tickets to plan exactly: their ends "
                                                "are 15 cities not yet joined")


def test_a_panel_on_its_own_with_its_own_highlight():
    calls = []
    state = scenario(USA, ["Ann", "Bob"], tickets=[["usa-t24"], []])
    panel = PlanPanel(lambda routes, label: calls.append((tuple(routes), label)))
    panel.state, panel.viewer = state, 0
    assert calls == [] and panel.plan is None
    panel.active = True
    assert calls == [(("usa-069", "usa-089", "usa-091"), "plan: 9 trains")]
    panel.route = "usa-089"  # with two players its twin closes too: 3 more
    assert "3 more trains (12 instead of 9)" in text(panel.what_if.value)
