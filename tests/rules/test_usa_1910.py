"""The USA 1910 box: its four ways to play (1910 Classic, USA 1910, the Mega Game, USA Big
Cities), the reprinted tickets' values and the Globetrotter, one rule at a time; random
positions of every variant against a scorer written here from the map file alone."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from ttr_widgets.bots.simulate import play_game
from ttr_widgets.cli import main
from ttr_widgets.rules import RULES, load_map
from ttr_widgets.rules.actions import KeepTickets
from ttr_widgets.rules.catalog import RULINGS
from ttr_widgets.rules.engine import apply, new_game, score
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import map_path
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.naming import find_route, find_ticket
from ttr_widgets.rules.position import (
    Position,
    parse_position,
    position_to_dict,
    score_position,
    ticket_deck,
)
from ttr_widgets.rules.record import from_record, to_record
from ttr_widgets.rules.scoring import Holding
from ttr_widgets.rules.snapshot import state_from_dict, state_to_dict
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules
from ttr_widgets.testing import refused
from ttr_widgets.testing.references import dfs_longest, roots

USA = load_map("usa")
USA_1910 = load_map("usa", printing="1910")
BOX = ("usa-classic", "usa-1910", "usa-mega", "usa-big-cities")
#: variant → (deck size, dealt, keep at setup, drawn, keep on a draw, Longest Path, Globetrotter)
PRINTED = {
    "usa-classic": (30, 3, 2, 3, 1, True, False),
    "usa-1910": (35, 3, 2, 3, 1, False, True),
    "usa-mega": (69, 5, 3, 4, 1, True, True),
    "usa-big-cities": (35, 4, 2, 4, 1, False, False),
}
BIG_CITIES = {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"}
REPRINTS = {"usa-t14": (20, 19), "usa-t15": (21, 20), "usa-t23": (9, 8), "usa-t25": (22, 20)}


def file_tickets() -> list[dict[str, object]]:
    """The tickets as the map file writes them, read without the kit's loader."""
    return json.loads(Path(map_path("usa")).read_text(encoding="utf-8"))["tickets"]


# ----------------------------------------------------------------------------- the decks


@pytest.mark.parametrize("variant", BOX)
def test_each_deck_is_built_from_the_map_file(variant: str) -> None:
    size, *_ = PRINTED[variant]
    tag = VARIANTS[variant].deck
    in_file = {t["id"] for t in file_tickets() if tag in t["decks"]}  # type: ignore[operator]
    rules = ticket_rules(USA, Options(variant=variant))
    assert rules.all_tickets == in_file
    assert len(in_file) == size
    assert {t.id for t in USA.tickets if ticket_deck(USA, variant).admits(t)} == in_file


def test_the_decks_are_the_box_as_described() -> None:
    kinds = {t.id: t.kind for t in USA.tickets}
    classic = ticket_rules(USA, Options(variant="usa-classic")).all_tickets
    new = ticket_rules(USA, Options(variant="usa-1910")).all_tickets
    mega = ticket_rules(USA, Options(variant="usa-mega")).all_tickets
    big = ticket_rules(USA, Options(variant="usa-big-cities")).all_tickets
    assert classic == {tid for tid, kind in kinds.items() if kind == "regular"}
    assert new == {tid for tid, kind in kinds.items() if kind == "1910"}
    assert mega == set(kinds)  # every ticket of the box, the 4 Mystery Train ones included
    assert big == {t.id for t in USA.tickets if {t.a, t.b} & BIG_CITIES}
    assert len(big & classic) == 15 and len(big & new) == 19 and len(big - classic - new) == 1
    assert set(USA.big_cities) == BIG_CITIES


@pytest.mark.parametrize("variant", BOX)
def test_deal_keep_and_draw_numbers(variant: str) -> None:
    size, dealt, keep, drawn, draw_keep, longest, globetrotter = PRINTED[variant]
    rules = ticket_rules(USA, Options(variant=variant))
    assert (rules.deal_long + rules.deal_regular, rules.keep_setup, rules.draw,
            rules.draw_keep) == (dealt, keep, drawn, draw_keep)
    assert (rules.longest_bonus, rules.globetrotter) == (longest, globetrotter)
    state = new_game(USA, ["Ann", "Ben", "Cy"], seed=7, options=Options(variant=variant))
    offers = state.setup_offers
    assert [len(o) for o in offers] == [dealt] * 3
    assert len(state.tickets) == size - 3 * dealt
    assert {*state.tickets, *(t for o in offers for t in o)} == rules.all_tickets
    offer = offers[state.current]
    assert f"at least {keep}" in refused(state, KeepTickets(offer[:keep - 1]), "tickets.keep")
    after = apply(state, KeepTickets(offer[:keep]))
    # rule tickets.choice: rejected tickets go to the bottom of the pile, in every variant
    assert after.tickets[len(after.tickets) - (dealt - keep):] == offer[keep:]
    assert apply(state, KeepTickets(offer)).players[state.current].tickets == offer


def test_the_box_variants_are_not_played_in_teams() -> None:
    with pytest.raises(Exception, match="deals the map's own tickets"):
        new_game(USA, 4, options=Options(variant="usa-mega", teams=True))


# ----------------------------------------------------------------------------- the reprints


def test_the_four_reprints_are_worth_less_with_the_box_cards() -> None:
    for tid, (old, new) in REPRINTS.items():
        assert USA.ticket(tid).points == old
        assert USA_1910.ticket(tid).points == new
    changed = {t.id for t in USA.tickets if USA_1910.ticket(t.id).points != t.points}
    assert changed == set(REPRINTS)
    assert "Seattle–New York 20" in RULES["tickets.reprints"]


@pytest.mark.parametrize("variant", BOX)
def test_every_box_game_plays_at_the_1910_values(variant: str) -> None:
    state = new_game(USA, 2, seed=1, options=Options(variant=variant))
    assert state.board is USA_1910
    assert new_game(USA, 2, seed=1).board is USA  # the 2004 game keeps the 2004 values


def test_a_snapshot_and_a_record_keep_the_values() -> None:
    state = new_game(USA, 3, seed=5, options=Options(variant="usa-mega"))
    assert state_from_dict(state_to_dict(state)).board is USA_1910
    game = Game.new(USA, 3, seed=5, options=Options(variant="usa-mega"))
    game = game.play(KeepTickets(game.state.setup_offers[0][:3]))
    replayed = from_record(to_record(game)).state
    assert replayed.board is USA_1910 and replayed == game.state


# ----------------------------------------------------------------------------- the Globetrotter

# Ann completes two 4-point tickets, Ben one of 19 points, Cy two and fails one, Di has none:
# the Globetrotter counts tickets, not points, and every tied player scores it.
HOLDINGS = {
    "Ann": (["Boston-New York red", "New York-Washington orange", "Washington-Raleigh",
             "Raleigh-Atlanta"], ["Washington-Atlanta", "Boston-Washington"]),
    "Ben": (["Los Angeles-El Paso", "El Paso-Houston", "Houston-New Orleans",
             "New Orleans-Miami"], ["Los Angeles-Miami"]),
    "Cy": (["Seattle-Portland", "Portland-San Francisco green", "San Francisco-Los Angeles pink",
            "Chicago-Pittsburgh black", "Pittsburgh-New York green"],
           ["Seattle-Los Angeles", "Chicago-New York", "Portland-Phoenix"]),
    "Di": (["Denver-Omaha"], []),
}


def globetrotter_position(variant: str = "usa-mega", **extra: object) -> Position:
    """The game above as a position file would hold it, written with the names people use;
    its tickets are the Mega Game's, and scored as ``variant`` scores (its bonuses)."""
    players = [{"name": name, "routes": [find_route(USA, r).id for r in routes],
                "tickets": [find_ticket(USA, t).id for t in tickets]}
               for name, (routes, tickets) in HOLDINGS.items()]
    mega = parse_position({"map": "usa", "variant": "usa-mega", "players": players, **extra})
    return replace(mega, variant=variant)


def test_the_globetrotter_counts_tickets_and_ties_all_score() -> None:
    position = globetrotter_position("usa-mega")
    sheet = score_position(position)
    by_name = {p.name: p for p in sheet.players}
    assert {n: p.tickets_completed for n, p in by_name.items()} == {
        "Ann": 2, "Ben": 1, "Cy": 2, "Di": 0}
    assert by_name["Ann"].ticket_points == 8
    assert {n: p.globetrotter_bonus for n, p in by_name.items()} == {
        "Ann": 15, "Ben": 0, "Cy": 15, "Di": 0}
    assert by_name["Ben"].ticket_points == 19  # Los Angeles–Miami at its 1910 value
    for player in sheet.players:
        assert player.total == sum(points for _, points in player.breakdown())
    assert sheet.to_dict()["players"][0]["globetrotter_bonus"] == 15


def test_without_the_globetrotter_nobody_scores_it() -> None:
    for variant in ("usa-classic", "usa-big-cities"):
        sheet = score_position(globetrotter_position(variant))
        assert not any(p.globetrotter_bonus for p in sheet.players)
        assert not sheet.globetrotter
    switched = score_position(globetrotter_position("usa-mega", globetrotter=False))
    assert not any(p.globetrotter_bonus for p in switched.players)


def test_a_tie_at_no_completed_ticket_scores_for_everyone() -> None:
    state = new_game(USA, 3, seed=2, options=Options(variant="usa-1910"))
    sheet = score(state)  # nobody has kept a ticket yet
    assert [p.globetrotter_bonus for p in sheet.players] == [15, 15, 15]
    assert RULINGS["score.globetrotter"].confidence == "medium"


def test_big_cities_scores_no_bonus_unless_asked() -> None:
    plain = score_position(globetrotter_position("usa-big-cities"))
    assert not any(p.longest_bonus or p.globetrotter_bonus for p in plain.players)
    asked = score_position(globetrotter_position("usa-big-cities", longest_bonus=True))
    assert max(p.longest_bonus for p in asked.players) == 10
    assert "no bonus unless" in RULES["variant.usa-big-cities"]
    assert position_to_dict(globetrotter_position("usa-big-cities", longest_bonus=True))[
        "longest_bonus"] is True


def test_a_position_outside_its_deck_is_refused_in_one_line() -> None:
    data = position_to_dict(globetrotter_position("usa-mega"))
    data["variant"] = "usa-1910"  # Ann's Boston–Washington is a Mystery Train ticket
    with pytest.raises(Exception) as caught:
        parse_position(data, "game.json")
    message = str(caught.value)
    assert "\n" not in message
    assert "players[0].tickets[1]: ticket 'usa-t66' (Boston–Washington, 4 points)" in message
    assert "is not in this game's deck, the USA 1910 tickets" in message


def test_score_json_names_the_globetrotter(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mega.json"
    path.write_text(json.dumps(position_to_dict(globetrotter_position("usa-mega"))))
    assert main(["score", str(path), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [p["globetrotter_bonus"] for p in players] == [15, 0, 15, 0]
    assert list(players[0])[-3:] == ["longest_bonus", "globetrotter_bonus", "total"]
    assert main(["score", str(path)]) == 0
    assert "Globetrotter: the most tickets completed" in capsys.readouterr().out


# ----------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("variant", BOX)
def test_simulated_games_score_as_the_variant_says(variant: str) -> None:
    *_, longest, globetrotter = PRINTED[variant]
    for seed in range(3):
        result = play_game(USA, ["random", "greedy", "random"], seed, options=Options(
            variant=variant))
        deck = ticket_rules(USA, Options(variant=variant)).all_tickets
        for player in result.players:
            assert {t.id for t in player.tickets} <= deck
            assert all(t.value == USA_1910.ticket(t.id).points for t in player.tickets)
            assert bool(player.longest_bonus) <= longest
            assert bool(player.globetrotter_bonus) <= globetrotter
        most = max(p.tickets_completed for p in result.players)
        assert [bool(p.globetrotter_bonus) for p in result.players] == [
            globetrotter and p.tickets_completed == most for p in result.players]


def test_ttr_simulate_plays_each_variant(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    for variant in BOX:
        out = tmp_path / f"{variant}.json"
        assert main(["simulate", "--map", "usa", "--players", "3", "--games", "2",
                     "--variant", variant, "--workers", "1", "--quiet", "--out",
                     str(out)]) == 0
        data = json.loads(out.read_text())
        assert data["options"] == {"variant": variant}
        assert all("globetrotter_bonus" in p for g in data["results"] for p in g["players"])
    capsys.readouterr()


# ---------------------------------------------------------------- an independent scorer


def independent_totals(board_file: list[dict[str, object]], variant: str,
                       players: list[Holding]) -> list[int]:
    """Totals from the map file's own values and this file's reading of each variant: route
    points by the USA table, tickets by union-find, the trail by exhaustive walks."""
    points_by_length = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    values = {t["id"]: t.get("points_1910", t["points"]) for t in board_file}
    *_, longest, globetrotter = PRINTED[variant]
    totals, trails, completed = [], [], []
    for holding in players:
        root = roots(USA, set(holding.routes))
        done = [root[USA.ticket(t).a] == root[USA.ticket(t).b] for t in holding.tickets]
        ticket_points = sum(values[t] if ok else -values[t]  # type: ignore[operator]
                            for t, ok in zip(holding.tickets, done, strict=True))
        routes = sum(points_by_length[USA.route(r).length] for r in holding.routes)
        totals.append(routes + ticket_points)
        trails.append(dfs_longest(USA, sorted(holding.routes)))
        completed.append(sum(done))
    for i in range(len(players)):
        if longest and trails[i] == max(trails) > 0:
            totals[i] += 10
        if globetrotter and completed[i] == max(completed):
            totals[i] += 15
    return totals


def random_position(rng: random.Random, variant: str) -> dict[str, object]:
    """Three players, each a few random routes and three to six tickets of the variant."""
    deck = sorted(ticket_rules(USA, Options(variant=variant)).all_tickets)
    rng.shuffle(deck)
    routes = [r for r in USA.routes if r.double is None]  # no double-route rule to meet
    rng.shuffle(routes)
    players = []
    for i in range(3):
        mine = routes[i * 9:(i + 1) * 9]
        players.append({"name": f"P{i + 1}", "routes": [r.id for r in mine],
                        "tickets": deck[i * 6:i * 6 + rng.randint(3, 6)]})
    return {"map": "usa", "variant": variant, "players": players}


@pytest.mark.parametrize("variant", BOX)
def test_random_positions_match_the_independent_scorer(variant: str) -> None:
    rng = random.Random(1910)
    board_file = file_tickets()
    awarded = 0
    for _ in range(25):
        position = parse_position(random_position(rng, variant))
        sheet = score_position(position)
        assert [p.total for p in sheet.players] == independent_totals(
            board_file, variant, list(position.players))
        awarded += sum(bool(p.globetrotter_bonus) for p in sheet.players)
    assert (awarded > 0) == PRINTED[variant][-1]


def test_boards_are_values() -> None:
    board: Board = load_map("usa", printing="1910")
    assert board is USA_1910 and board != USA and repr(board) == "load_map('usa', printing='1910')"
    with pytest.raises(Exception, match="printing: expected '1910'"):
        load_map("usa", printing="1912")
