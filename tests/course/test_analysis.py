"""The map analysis (ttr_widgets.course.analysis, networkx) against hand-worked values and
against the kit's own graph code and brute force: cheapest ticket paths, detours, bridges and
cut cities, betweenness, cheapest-path usage, replayed claims and the shipped contention study.
The notebook itself runs in tests/course/test_notebooks.py, which executes every notebook."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from itertools import combinations, pairwise
from pathlib import Path

import pytest

from ttr_widgets.bots.simulate import game_seed, play_game
from ttr_widgets.course import analysis, map_graph
from ttr_widgets.course import analysis_plots as plots
from ttr_widgets.course.lab import claim_frequency
from ttr_widgets.rules.engine import new_game
from ttr_widgets.rules.graph import components, ticket_path
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.planner import shortest_path
from ttr_widgets.widgets.board.render import CITIES, ROUTES, board_geometry

USA, EUROPE, MINI = load_map("usa"), load_map("europe"), load_map("mini")
ROUTE_ID = re.compile(r"\b(usa|eu|m)-\d+|\bmini-t\d+")


# --- independent helpers ----------------------------------------------------------------------

def cheapest_by_kit(board, a, b, without=()):
    """Trains on a cheapest a–b path over every route but ``without``, by rules.graph."""
    routes = [r.id for r in board.routes if r.id not in without]
    path = ticket_path(board, routes, a, b)
    return None if path is None else sum(board.route(r).length for r in path)


def link_tracks(board, a, b):
    return {r.id for r in board.routes if {r.a, r.b} == {a, b}}


def simple_paths(board, a, b):
    """Every path from a to b that visits no city twice, as city tuples (small maps only)."""
    links = {}
    for r in board.routes:
        for x, y in ((r.a, r.b), (r.b, r.a)):
            links[x, y] = min(links.get((x, y), r.length), r.length)
    found, stack = [], [(a,)]
    while stack:
        path = stack.pop()
        if path[-1] == b:
            found.append(path)
            continue
        stack += [(*path, y) for (x, y) in links if x == path[-1] and y not in path]
    return [(sum(links[s] for s in pairwise(p)), p) for p in found]


def cheapest_paths(board, a, b):
    scored = simple_paths(board, a, b)
    best = min(cost for cost, _ in scored)
    return best, [p for cost, p in scored if cost == best]


# --- the graphs -------------------------------------------------------------------------------

@pytest.mark.parametrize(("board", "cities", "routes", "links"),
                         [(USA, 36, 100, 78), (EUROPE, 47, 101, 90), (MINI, 6, 10, 9)])
def test_the_board_is_a_multigraph_with_doubles_as_parallel_edges(board, cities, routes, links):
    graph = analysis.board_graph(board)
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (cities, routes)
    for r in board.routes:
        data = graph.edges[r.a, r.b, r.id]
        assert (data["id"], data["length"], data["color"]) == (r.id, r.length, r.color)
    simple = analysis.simple_graph(graph)
    assert simple.number_of_edges() == links
    assert links == routes - sum(1 for r in board.routes if r.double) // 2
    for r in board.routes:
        assert r.id in simple.edges[r.a, r.b]["routes"]
        assert simple.edges[r.a, r.b]["length"] == r.length


def test_a_graph_of_some_routes_keeps_every_city():
    graph = analysis.board_graph(MINI, ["m-01", "m-03"])
    assert graph.number_of_nodes() == 6 and sorted(k for _, _, k in graph.edges(keys=True)) == [
        "m-01", "m-03"]


# --- tickets ----------------------------------------------------------------------------------

@pytest.mark.parametrize("board", [USA, EUROPE], ids=["usa", "europe"])
def test_every_cheapest_ticket_path_costs_what_the_kit_and_the_greedy_bot_find(board):
    fresh = new_game(board, 2, seed=0)
    for p in analysis.ticket_paths(board):
        ticket = board.ticket(p.ticket_id)
        assert p.trains == cheapest_by_kit(board, ticket.a, ticket.b)
        assert p.trains == shortest_path(fresh, ticket.a, ticket.b)[0]
        assert (p.cities[0], p.cities[-1]) == (ticket.a, ticket.b)
        assert sum(board.route(r).length for r in p.routes) == p.trains
        for (a, b), rid in zip(pairwise(p.cities), p.routes, strict=True):
            assert {board.route(rid).a, board.route(rid).b} == {a, b}


@pytest.mark.parametrize("board", [USA, EUROPE], ids=["usa", "europe"])
def test_the_worst_detour_is_the_kits_cheapest_path_without_each_link(board):
    for p in analysis.ticket_paths(board, analysis.base_tickets(board)):
        ticket = board.ticket(p.ticket_id)
        extras = []
        for a, b in pairwise(p.cities):
            without = cheapest_by_kit(board, ticket.a, ticket.b, link_tracks(board, a, b))
            extras.append(None if without is None else without - p.trains)
        if None in extras:
            assert p.detour is None and p.cut_off
            assert cheapest_by_kit(board, ticket.a, ticket.b,
                                   link_tracks(board, *p.detour_link)) is None
        else:
            assert p.detour == max(extras)


def test_denver_to_el_paso_by_hand():
    """Denver – Santa Fe (2) + Santa Fe – El Paso (2) = 4 trains, the only way that cheap.
    Without Denver – Santa Fe: Denver – Phoenix (5) + Phoenix – El Paso (3) = 8, four more."""
    [p] = [p for p in analysis.ticket_paths(USA) if p.label == "Denver – El Paso (4 points)"]
    assert (p.trains, p.cities, p.paths) == (4, ("Denver", "Santa Fe", "El Paso"), 1)
    assert (p.detour, p.detour_link, p.difficulty) == (4, ("Denver", "Santa Fe"), 1)


def test_mini_tickets_against_brute_force_over_all_simple_paths():
    for p in analysis.ticket_paths(MINI):
        ticket = MINI.ticket(p.ticket_id)
        best, paths = cheapest_paths(MINI, ticket.a, ticket.b)
        assert (p.trains, p.paths) == (best, len(paths)) and p.cities in paths


def test_the_bridge_ticket_is_cut_off_and_traps_come_worst_first():
    paths = analysis.ticket_paths(EUROPE, analysis.base_tickets(EUROPE))
    cut = [p for p in paths if p.cut_off]
    assert cut and all("Edinburgh" in p.cities for p in cut)
    assert all(p.detour_link == ("Edinburgh", "London") for p in cut)
    found = analysis.traps(paths)
    assert found[:len(cut)] == tuple(sorted(cut, key=lambda p: -Fraction(p.detour or 0,
                                                                          p.points)))
    for p in paths:
        trap = p.difficulty > 1 or p.cut_off or 2 * (p.detour or 0) >= p.points
        assert (p in found) == trap


def test_a_ticket_of_two_unjoined_cities_is_refused(monkeypatch):
    """Only Ayr – Bree left: Ayr – Fife cannot be joined."""
    whole = map_graph.board_graph
    monkeypatch.setattr(map_graph, "board_graph",
                        lambda board, route_ids=None: whole(board, ["m-01"]))
    with pytest.raises(analysis.AnalysisError, match="not joined"):
        analysis.ticket_paths(MINI, [MINI.ticket("mini-t01")])


# --- bridges, cut cities, centrality ----------------------------------------------------------

def test_mini_bridges_by_hand():
    """Every mini link lies on a loop (Ayr–Bree–Dale, Bree–Cole–Eton, Cole–Fife–Eton). Without
    Ayr–Dale and Bree–Dale, Ayr hangs on Ayr–Bree and Dale on Dale–Eton."""
    assert analysis.bridges(MINI) == () and analysis.cut_cities(MINI) == ()
    rest = [r.id for r in MINI.routes if r.id not in ("m-02", "m-05")]
    assert analysis.bridges(MINI, rest) == (("Ayr", "Bree"), ("Dale", "Eton"))
    assert analysis.cut_cities(MINI, rest) == ("Bree", "Eton")


@pytest.mark.parametrize("board", [USA, EUROPE, MINI], ids=["usa", "europe", "mini"])
def test_bridges_and_cut_cities_against_brute_force(board):
    def pieces(route_ids, cities):
        joined = components(board, route_ids)
        return len({joined[c] for c in cities})

    everyone = [c.name for c in board.cities]
    links = {tuple(sorted((r.a, r.b), key=board.city_index.__getitem__)) for r in board.routes}
    bridges = sorted(link for link in links if pieces(
        [r.id for r in board.routes if r.id not in link_tracks(board, *link)], everyone) > 1)
    assert list(analysis.bridges(board)) == sorted(
        bridges, key=lambda link: (board.city_index[link[0]], board.city_index[link[1]]))
    cut = [c for c in everyone if pieces([r.id for r in board.routes if c not in (r.a, r.b)],
                                         [o for o in everyone if o != c]) > 1]
    assert list(analysis.cut_cities(board)) == cut


def test_europe_bridge_and_cut_cities():
    assert analysis.bridges(EUROPE) == (("Edinburgh", "London"),)
    assert analysis.cut_cities(EUROPE) == ("London", "Madrid")
    assert analysis.bridges(USA) == () and analysis.cut_cities(USA) == ()
    assert plots.bridges_sentence(EUROPE) == (
        "The Europe map has 1 bridge (Edinburgh – London) and 2 cut cities (London, Madrid).")
    assert plots.bridges_sentence(USA) == "The USA map has no bridge and no cut city."


def test_mini_betweenness_against_brute_force():
    """A city's share of the cheapest paths between the other pairs, over all simple paths."""
    names = [c.name for c in MINI.cities]
    expected = dict.fromkeys(names, Fraction(0))
    for a, b in combinations(names, 2):
        _, paths = cheapest_paths(MINI, a, b)
        for city in names:
            if city not in (a, b):
                expected[city] += Fraction(sum(city in p for p in paths), len(paths))
    pairs = (len(names) - 1) * (len(names) - 2) // 2
    facts = {f.city: f for f in analysis.city_facts(MINI)}
    for city in names:
        assert facts[city].betweenness == pytest.approx(float(expected[city] / pairs))
    assert facts["Bree"].routes == 5 and facts["Bree"].neighbours == 4


def test_usa_centre_and_degrees():
    facts = analysis.city_facts(USA)
    assert [f.label for f in facts[:4]] == ["Saint Louis", "Kansas City", "Omaha", "Denver"]
    assert all(f.routes == len(USA.routes_at[f.city]) for f in facts)


# --- cheapest-path usage ----------------------------------------------------------------------

def test_mini_link_usage_against_brute_force():
    expected: dict[frozenset, Fraction] = {}
    for t in MINI.tickets:
        _, paths = cheapest_paths(MINI, t.a, t.b)
        for p in paths:
            for a, b in pairwise(p):
                key = frozenset((a, b))
                expected[key] = expected.get(key, Fraction(0)) + Fraction(1, len(paths))
    usage = analysis.link_usage(MINI)
    assert len(usage) == 9
    for row in usage:
        assert row.tickets == expected.get(frozenset(row.link), 0)
    assert [u.tickets for u in usage] == sorted((u.tickets for u in usage), reverse=True)


def test_usa_busiest_link():
    top = analysis.link_usage(USA, analysis.base_tickets(USA))[0]
    assert (top.label, top.length, len(top.routes)) == ("Kansas City – Oklahoma City", 2, 2)


def test_map_summary_counts():
    usa = analysis.map_summary(USA)
    assert (usa.cities, usa.routes, usa.links, usa.double_routes, usa.spaces) == (
        36, 100, 78, 22, 309)
    assert usa.trains_share == Fraction(180, 309) and usa.routes_per_city == Fraction(200, 36)
    europe = analysis.map_summary(EUROPE)
    assert (europe.spaces, europe.bridges, europe.cut_cities, europe.tickets) == (300, 1, 2, 46)
    paths = analysis.ticket_paths(EUROPE, analysis.base_tickets(EUROPE))
    sets = [{frozenset(s) for s in pairwise(p.cities)} for p in paths]
    shared = sum(1 for x, y in combinations(sets, 2) if x & y)
    assert europe.overlap == Fraction(shared, 46 * 45 // 2)


# --- simulated games --------------------------------------------------------------------------

@pytest.mark.parametrize(("board", "bots"), [
    (USA, ("greedy",) * 4), (EUROPE, ("greedy", "random", "greedy")), (MINI, ("greedy",) * 2)],
    ids=["usa", "europe", "mini"])
def test_replayed_claims_are_the_simulated_games_routes(board, bots):
    for index in range(2):
        seed = game_seed(5, index)
        result = play_game(board, bots, seed, index)
        claims, final = analysis.replay_claims(board, bots, seed)
        assert final.is_over and final.turn == result.turns
        for i, player in enumerate(result.players):
            assert tuple(c.route_id for c in claims if c.player == i) == player.routes
        assert [c.turn for c in claims] == sorted(c.turn for c in claims)
        assert all(c.round == (c.turn - 1) // len(bots) + 1 for c in claims)


def test_contention_counts_are_the_labs_claim_frequency():
    study = analysis.contention(USA, ("greedy",) * 4, games=3, seed=9)
    results = [play_game(USA, ("greedy",) * 4, game_seed(9, i), i) for i in range(3)]
    lab = {row.route_id: row.claimed for row in claim_frequency(USA, results)}
    assert {r.route_id: r.claimed for r in study.routes} == lab
    turns = sum(r.turns for r in results)
    assert study.rounds == Fraction(sum(-(-r.turns // 4) for r in results), 3) and turns > 0
    kept = sum(len(p.tickets) for r in results for p in r.players)
    done = sum(p.tickets_completed for r in results for p in r.players)
    assert study.tickets_completed == Fraction(done, kept)
    spaces = sum(USA.route(rid).length for r in results for p in r.players for rid in p.routes)
    assert study.spaces_filled == Fraction(spaces, 3 * 309)
    again = analysis.ContentionStudy.from_dict(USA, study.to_dict())
    assert again == study


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_the_shipped_study_fits_its_map(name):
    study = analysis.shipped_contention(name)
    board = load_map(name)
    assert (study.games, study.bots, study.seed) == (200, ("greedy",) * 4, 1)
    assert [r.route_id for r in study.routes] == [r.id for r in board.routes]
    rounds = study.rounds * 2  # no game lasts twice the mean
    for r in study.routes:
        assert 0 <= r.claimed <= 200 and r.claimed <= r.round_sum <= r.claimed * rounds
    assert [r.claimed for r in analysis.most_claimed(study, 20)] == sorted(
        (r.claimed for r in study.routes), reverse=True)[:20]
    early = analysis.earliest(study)
    assert all(r.share >= Fraction(1, 4) for r in early)
    assert [r.mean_round for r in early] == sorted(r.mean_round for r in early)


def test_an_unknown_map_has_no_shipped_study():
    with pytest.raises(analysis.AnalysisError, match="'mini'"):
        analysis.shipped_contention("mini")


@pytest.mark.slow
def test_the_shipped_study_is_what_the_games_give():
    """Plays the 400 games again (about 25 s of one core) and compares the file's text."""
    studies = [analysis.contention(load_map(m)) for m in ("usa", "europe")]
    assert analysis.study_source(studies) == Path(analysis.SHIPPED).read_text(encoding="utf-8")


# --- pictures and words -----------------------------------------------------------------------

def test_centrality_board_colours_cities_by_betweenness():
    facts = analysis.city_facts(EUROPE)
    figure = plots.centrality_board(EUROPE, facts, analysis.bridge_routes(EUROPE))
    cities = figure.data[CITIES]
    by_city = {f.city: f.betweenness for f in facts}
    assert list(cities.marker.color) == [by_city[c.name] for c in EUROPE.cities]
    hover = dict(zip(cities.customdata, cities.hovertext, strict=True))
    assert hover["Kobenhavn"].startswith("<b>København</b>")
    assert "falls apart" in hover["Madrid"] and "falls apart" not in hover["Paris"]
    assert analysis.bridge_routes(EUROPE) == tuple(sorted(link_tracks(EUROPE, "Edinburgh",
                                                                      "London")))
    assert len(figure.data) == ROUTES + 1 and not figure.layout.showlegend


def test_contention_board_colours_each_space_by_its_routes_share():
    study = analysis.shipped_contention("usa")
    figure = plots.contention_board(USA, study)
    share = {r.route_id: float(r.share) for r in study.routes}
    spaces = board_geometry(USA).spaces
    assert list(figure.data[ROUTES].marker.color) == [share[s.route_id] for s in spaces]
    assert not any(ROUTE_ID.search(h) for h in figure.data[ROUTES].hovertext)


def test_ticket_scatter_names_tickets_in_plain_words():
    paths = {USA: analysis.ticket_paths(USA), EUROPE: analysis.ticket_paths(EUROPE)}
    figure = plots.ticket_scatter(paths, {b: analysis.traps(p) for b, p in paths.items()})
    texts = "<br>".join(t for trace in figure.data[:2] for t in trace.hovertext)
    assert "<b>Denver – El Paso (4 points)</b>: 4 trains at the least" in texts
    assert "Frankfurt – København (5 points)" in texts and not ROUTE_ID.search(texts)
    counted = sum(t.count("</b>:") for trace in figure.data[:2] for t in trace.hovertext)
    assert counted == len(USA.tickets) + len(EUROPE.tickets)


def test_tables_say_no_internal_ids():
    studies = [analysis.shipped_contention(m) for m in ("usa", "europe")]
    claims, final = analysis.replay_claims(USA, ["greedy"] * 4, 7)
    html = "".join(w.value for w in (
        plots.tickets_table(EUROPE, analysis.ticket_paths(EUROPE)),
        plots.cities_table(analysis.city_facts(EUROPE)),
        plots.links_table(analysis.link_usage(USA)),
        plots.routes_table(analysis.most_claimed(studies[0])),
        plots.claims_table(USA, claims, [p.name for p in final.players]),
        plots.comparison_table([analysis.map_summary(USA), analysis.map_summary(EUROPE)],
                               studies)))
    assert not ROUTE_ID.search(html) and "(s)" not in html
    assert "Kansas City – Oklahoma City (2 gray, track 1 of 2)" in html


def test_plan_and_race_on_a_made_up_mini_study():
    """Claims made to follow the cheapest-path usage exactly (rank correlation 1), then
    against it (-1); the means of routes on and off cheapest paths by hand."""
    usage = analysis.link_usage(MINI, analysis.base_tickets(MINI))
    tickets = {rid: row.tickets for row in usage for rid in row.routes}
    top = max(tickets.values())

    def study(claimed):
        rows = tuple(analysis.RouteContention(r.id, r.id, 100, claimed(tickets[r.id]), 0)
                     for r in MINI.routes)
        return analysis.ContentionStudy("mini", ("greedy",) * 2, 0, 100, rows, Fraction(1),
                                        Fraction(0), Fraction(0))

    follow = analysis.plan_and_race(MINI, study(lambda t: int(100 * t / top)))
    assert follow.rank_correlation == pytest.approx(1.0)
    on = [int(100 * t / top) for t in tickets.values() if t]
    assert (follow.routes_on, follow.on_paths) == (len(on), Fraction(sum(on), 100 * len(on)))
    assert follow.routes_on + follow.routes_off == 10
    against = analysis.plan_and_race(MINI, study(lambda t: int(100 - 100 * t / top)))
    assert against.rank_correlation == pytest.approx(-1.0)
    flat = analysis.plan_and_race(MINI, study(lambda t: 50))
    assert flat.rank_correlation == 0.0 and flat.on_paths == Fraction(1, 2)


def test_plan_and_race_sentence_reads_plainly():
    race = analysis.plan_and_race(USA, analysis.shipped_contention("usa"))
    sentence = plots.plan_and_race_sentence(USA, race)
    assert sentence.startswith(f"On the USA map the {race.routes_on} routes on some base-game")
    assert race.on_paths > race.off_paths and 0 < race.rank_correlation <= 1


# --- ticket difficulty by deck ----------------------------------------------------------------

def test_every_deck_of_a_map_is_its_tickets_at_their_printed_values():
    """The base game's deck is the base-game tickets; a deck of the USA 1910 box values the
    reprinted tickets as the box prints them (Los Angeles – Miami 19, not 20)."""
    decks = {d.variant: d for d in analysis.deck_difficulties(USA)}
    assert list(decks) == [None, "usa-classic", "usa-1910", "usa-mega", "usa-big-cities"]
    assert [p.ticket_id for p in decks[None].paths] == \
        [t.id for t in analysis.base_tickets(USA)]
    assert {v: d.tickets for v, d in decks.items()} == {
        None: 30, "usa-classic": 30, "usa-1910": 35, "usa-mega": 69, "usa-big-cities": 35}
    points = {v: {p.ticket_id: p.points for p in d.paths} for v, d in decks.items()}
    assert (points[None]["usa-t14"], points["usa-classic"]["usa-t14"],
            points["usa-mega"]["usa-t14"]) == (20, 19, 19)
    assert decks["usa-mega"].title == "the Mega Game tickets"
    europe = analysis.deck_difficulties(EUROPE)
    assert [d.tickets for d in europe] == [46, 65, 45, 101]


def test_a_deck_s_figures_by_hand():
    """The 2004 tickets need 343 trains for 349 points; the 1910 reprints take 1 + 1 + 2 + 1
    points away, and Sault St. Marie – Oklahoma City becomes a trap: 8 trains for 8 points now,
    and one blocked link costs 4 more trains, half its points."""
    base, classic = analysis.deck_difficulty(USA), analysis.deck_difficulty(USA, "usa-classic")
    assert sum(p.trains for p in base.paths) == 343 == sum(p.trains for p in classic.paths)
    assert base.trains_per_point == Fraction(343, 349)
    assert classic.trains_per_point == Fraction(343, 344)
    assert base.mean_points == Fraction(349, 30) and base.mean_trains == Fraction(343, 30)
    added = {p.label for p in classic.traps} - {p.label for p in base.traps}
    assert added == {"Sault St. Marie – Oklahoma City (8 points)"}
    (lowered,) = (p for p in classic.paths if p.ticket_id == "usa-t23")
    assert (lowered.trains, lowered.points, lowered.detour) == (8, 8, 4)
    detours = [p.detour for p in base.paths if p.detour is not None]
    assert base.mean_detour == Fraction(sum(detours), len(detours))


def test_a_deck_s_hardest_tickets_are_its_traps_first():
    deck = analysis.deck_difficulty(USA, "usa-mega")
    hardest = deck.hardest()
    assert sorted(p.ticket_id for p in hardest) == sorted(p.ticket_id for p in deck.paths)
    assert hardest[:len(deck.traps)] == deck.traps
    rest = hardest[len(deck.traps):]
    assert [p.difficulty for p in rest] == sorted((p.difficulty for p in rest), reverse=True)
    assert deck.hardest(3) == hardest[:3]


def test_the_decks_table_and_the_deck_picker():
    decks = [*analysis.deck_difficulties(USA), *analysis.deck_difficulties(EUROPE)]
    table = plots.decks_table(decks).value
    assert table.count("<tr>") == 1 + len(decks)
    assert "<td style=\"padding:2px 8px\">USA: the Mega Game tickets</td>" in table
    assert "1.00" in table and "0.98" in table  # the 1910 Classic and the 2004 tickets
    picker = plots.deck_picker([USA, EUROPE])
    choice, summary, tickets = picker.children
    assert [label for label, _ in choice.options][:2] == [
        "USA: the 2004 USA tickets", "USA: the 1910 Classic tickets"]
    assert "USA: the 2004 USA tickets: 30 tickets" in summary.value
    assert tickets.value.count("<tr>") == 31
    choice.value = [label for label, _ in choice.options].index(
        "Europe: the Mega Europe tickets")
    assert "101 tickets" in summary.value and tickets.value.count("<tr>") == 102
    first = re.search(r"<tr><td[^>]*>([^<]*)</td>", tickets.value)
    assert first is not None and first.group(1) == escape(decks[-1].traps[0].label)
    assert not ROUTE_ID.search(table + summary.value + tickets.value)
