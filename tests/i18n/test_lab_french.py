"""The Probability Lab's and the Map Analysis's tables and charts in French (issue 23): built
through the functions their notebooks call, in French, they speak French and none of their
English; and the kernel of a page asked in French knows it before the first cell runs."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from ttr_widgets.course import analysis, lab, lab_deal, lab_sample
from ttr_widgets.course import analysis_plots as aplots
from ttr_widgets.course import lab_plots as plots
from ttr_widgets.rules import i18n, odds
from ttr_widgets.rules.maps import load_map
from ttr_widgets.server.languages import kernel_language, use_page_languages

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _figure_words(figure) -> str:
    """Every word a figure shows: titles, axes, colour bars, bar labels, hovers, and the
    names of the traces its legend shows."""
    shown = figure.to_plotly_json()
    traces = [{key: value for key, value in trace.items()
               if key != "name" or trace.get("showlegend", True)} for trace in shown["data"]]
    return json.dumps([shown["layout"], traces], ensure_ascii=False)


@pytest.fixture(scope="module")
def boards():
    return load_map("usa"), load_map("europe")


def test_the_lab_tables_and_charts_in_french(boards):
    usa, _europe = boards
    games = lab_sample.sample_games()
    every_game = [result for results in games.values() for result in results]
    deals = lab_deal.ways_to_play(usa)
    with i18n.use("fr"):
        stages = lab.gamble_by_trains_left(every_game)
        gamble = lab.ticket_gamble(every_game)
        shown = {
            "refresh": _figure_words(plots.refresh_figure(lab.refresh_stats(games["europe", 4]))),
            "completion": _figure_words(plots.completion_figure(
                lab.completion_by_value(every_game))),
            "gamble": _figure_words(plots.gamble_figure(gamble)),
            "stages": _figure_words(plots.gamble_stage_figure(stages)),
            "shared": _figure_words(plots.shared_city_figure(deals)),
            "low": _figure_words(plots.low_keep_figure(deals, range(4, 16))),
            "tunnel": _figure_words(plots.distribution_figure(
                odds.tunnel_extra_distribution("red", odds.STANDARD_DECK),
                title="A red tunnel, nothing seen yet")),
            "refresh table": plots.refresh_table(games).value,
            "gamble table": plots.gamble_table(gamble).value,
            "deal table": plots.deal_table(deals, 9).value,
            "stage reading": plots.stage_reading(stages).value,
            "chances": plots.chance_table(
                [("no extra card (3 safe cards out of 110)", odds.tunnel_extra_distribution(
                    "red", odds.STANDARD_DECK)[0])]).value,
        }
    expected = {
        "refresh": ["Renouvellements pour 3 locomotives", "part des parties"],
        "completion": ["Combien de billets les bots réalisent", "4 joueurs", "réalisés"],
        "gamble": ["gardés au départ", "tirés en cours de partie", "points nets par billet"],
        "stages": ["wagons restants", "points nets par billet"],
        "shared": ["Distribués au départ", "distribués, en garder"],
        "low": ["aucun au-dessus de", "Distribués au départ"],
        "tunnel": ["Un tunnel rouge, aucune carte vue", "cartes"],
        "refresh table": ["renouvellements par partie", "parties avec un renouvellement"],
        "gamble table": ["joueurs ayant tiré des billets plus tard", "points"],
        "deal table": ["façon de jouer", "deux ont une ville en commun", "30 destinations"],
        "stage reading": ["Sur l'ensemble des parties", "wagons restants", "réalisés"],
        "chances": ["aucune carte en plus (3 cartes sans danger sur 110)", "environ"],
    }
    english = ["share of games", "refreshes", "completed", "kept at setup", "drawn during",
               "net points", "trains left", "Dealt at setup", "dealt, keep", "none over",
               "A red tunnel", "way to play", "players who drew", "Over all the games",
               "players", " tickets", "no extra card", "chance of"]
    for name, text in shown.items():
        for word in expected[name]:
            assert word in text.replace("&#x27;", "'"), (name, word)
        for word in english:
            assert word not in text, (name, word)


def test_the_lab_numbers_are_written_the_french_way(boards):
    games = lab_sample.sample_games()
    with i18n.use("fr"):
        table = plots.refresh_table(games).value
    mean = lab.refresh_stats(games["usa", 2]).mean
    assert f"{float(mean):.2f}".replace(".", ",") in table
    assert f"{float(mean):.2f}" not in table


def test_the_analysis_tables_and_charts_in_french(boards):
    usa, europe = boards
    with i18n.use("fr"):
        usa_paths = analysis.ticket_paths(usa, analysis.base_tickets(usa))
        studies = {m: analysis.shipped_contention(m) for m in ("usa", "europe")}
        races = [analysis.plan_and_race(board, studies[board.name]) for board in (usa, europe)]
        paths = {board: analysis.ticket_paths(board) for board in (usa, europe)}
        claims, final = analysis.replay_claims(usa, ["greedy"] * 4, seed=7)
        decks = [*analysis.deck_difficulties(usa), *analysis.deck_difficulties(europe)]
        shown = {
            "graph": aplots.graph_table([usa, europe]).value,
            "path": aplots.path_table(usa, "Denver", "El Paso").value,
            "tickets": aplots.tickets_table(usa, usa_paths).value,
            "cities": aplots.cities_table(analysis.city_facts(usa)[:8]).value,
            "links": aplots.links_table(analysis.link_usage(usa)[:8]).value,
            "routes": aplots.routes_table(analysis.most_claimed(studies["usa"], 8)).value,
            "claims": aplots.claims_table(usa, claims[:8], [p.name for p in final.players]).value,
            "comparison": aplots.comparison_table(
                [analysis.map_summary(usa), analysis.map_summary(europe)],
                list(studies.values()), races).value,
            "decks": aplots.decks_table(decks).value,
            "bridges": aplots.reading(aplots.bridges_sentence(europe)).value,
            "race": aplots.reading(aplots.plan_and_race_sentence(usa, races[0])).value,
            "scatter": _figure_words(aplots.ticket_scatter(
                paths, {b: analysis.traps(p) for b, p in paths.items()})),
            "centrality": _figure_words(aplots.centrality_board(usa, analysis.city_facts(usa))),
            "contention": _figure_words(aplots.contention_board(usa, studies["usa"])),
            "usage": _figure_words(aplots.usage_board(usa, analysis.link_usage(usa))),
        }
        picker = aplots.deck_picker([usa, europe])
    expected = {
        "graph": ["villes", "routes doubles", "liaisons"],
        "path": ["liaison", "wagons", "en tout"],
        "tickets": ["billet", "wagons par point", "pire liaison bloquée", "points)"],
        "cities": ["ville", "villes voisines", "coupe la carte"],
        "links": ["liaison", "voie", "double"],
        "routes": ["prise dans", "tour de table moyen", " sur 200"],
        "claims": ["tour de table", "joueur", "route", "voie"],
        "comparison": ["parties de bots", "routes par ville", "corrélation de rang"],
        "decks": ["pioche", "les billets Mega Game", "le pire piège"],
        "bridges": ["La carte Europe a 1 pont", "villes de coupure"],
        "race": ["Sur la carte USA", "corrélation de rang"],
        "scatter": ["un point par wagon", "au minimum", "un piège"],
        "centrality": ["intermédiarité", "des chemins les moins chers"],
        "contention": ["part des parties", "prise dans"],
        "usage": ["sur les chemins les moins chers de", "billets"],
    }
    english = ["cities", "double routes", "cheapest path", "trains per point", "neighbouring",
               "claimed in", "mean round", "bot games", "rank correlation", "the worst trap",
               "bridge", "cut cit", "one point per train", "at the least", "betweenness",
               "share of games", "track ", " of 200", "in all", "The USA map"]
    for name, text in shown.items():
        for word in expected[name]:
            assert word in text.replace("&#x27;", "'"), (name, word)
        for word in english:
            assert word not in text, (name, word)
    summary = picker.children[1].value
    assert "en moyenne" in summary and "on average" not in summary
    assert picker.children[0].description == "Pioche"


def _page_labels(notebook: str) -> list[str]:
    """The English labels a notebook's cells hand to ``chance_table`` and ``title=``."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "chance_table":
                found += [t.elts[0].value for t in ast.walk(node.args[0])
                          if isinstance(t, ast.Tuple) and isinstance(t.elts[0], ast.Constant)]
            if isinstance(node, ast.Call):
                found += [k.value.value for k in node.keywords
                          if k.arg == "title" and isinstance(k.value, ast.Constant)]
    return found


def test_every_label_the_lab_notebook_writes_is_told_in_french():
    labels = _page_labels("Probability-Lab.ipynb")
    assert len(labels) >= 8
    assert set(labels) <= set(plots.PAGE_SENTENCES)
    with i18n.use("fr"):
        told = [i18n._(label) for label in labels]
    assert all(french != english for french, english in zip(told, labels, strict=True))


def test_a_kernel_started_for_a_french_page_speaks_french_before_its_cells_run():
    assert i18n.language() == "en"
    try:
        assert kernel_language({"QUERY_STRING": "lang=fr"}) == "fr"
        assert i18n.language() == "fr"
        assert plots.setting("usa", 2) == "USA, 2 joueurs"
        assert kernel_language({"QUERY_STRING": "lang=en",
                                "HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}) == "en"
        assert kernel_language({"QUERY_STRING": "",
                                "HTTP_ACCEPT_LANGUAGE": "de, fr-CA;q=0.8"}) == "fr"
        # a pre-heated kernel (no request) keeps the language it has
        assert kernel_language({"VOILA_PREHEAT": "True"}) == "fr"
    finally:
        i18n.set_language("en")
    assert kernel_language({}) == "en"


def test_voila_is_asked_to_pass_the_browsers_languages_to_a_page_kernel():
    class Configuration:
        prelaunch_hook = None
        http_header_envs = ("X-Forwarded-For",)

    configuration = Configuration()
    use_page_languages(configuration, [])
    assert configuration.http_header_envs == ["X-Forwarded-For", "Accept-Language"]
    use_page_languages(configuration, [])
    assert configuration.http_header_envs == ["X-Forwarded-For", "Accept-Language"]
