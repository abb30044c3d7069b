"""Europa 1912: the ticket variants and Warehouses & Depots, one rule at a time."""

from __future__ import annotations

import json
import random

import pytest

from ttr_widgets.bots.greedy import greedy_bot
from ttr_widgets.cli import main
from ttr_widgets.rules import RULES, load_map
from ttr_widgets.rules.actions import (
    ClaimRoute,
    CollectWarehouses,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    PlaceDepot,
)
from ttr_widgets.rules.catalog import RULINGS
from ttr_widgets.rules.engine import apply, legal_actions, new_game, random_action, score
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.model import CARD_NAMES, card_index
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import (
    NO_CARD,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    Options,
    SecondCard,
    evolve,
)
from ttr_widgets.rules.variants import ticket_rules, variant_names
from ttr_widgets.testing import refused, route_id

EUROPE = load_map("europe")
USA = load_map("usa")


def kinds(board, ids):
    return [board.ticket(t).kind for t in ids]


# --------------------------------------------------------------------------- ticket variants


def test_each_map_offers_its_own_variants():
    assert variant_names(EUROPE) == ("base", "europe-expanded", "big-cities", "mega-europe")
    assert variant_names(USA) == ("base", "usa-classic", "usa-1910", "usa-mega",
                                  "usa-big-cities")
    with pytest.raises(RulesError) as info:
        new_game(USA, 2, options=Options(variant="mega-europe"))
    assert info.value.rule == "variant.unknown"


@pytest.mark.parametrize("variant, long_n, regular_n", [
    (None, 6, 40), ("europe-expanded", 6, 59), ("big-cities", 0, 45), ("mega-europe", 12, 89)])
def test_variant_decks_have_their_printed_sizes(variant, long_n, regular_n):
    rules = ticket_rules(EUROPE, Options(variant=variant))
    assert (len(rules.long_tickets), len(rules.regular_tickets)) == (long_n, regular_n)


def test_big_cities_tickets_all_name_a_big_city():
    rules = ticket_rules(EUROPE, Options(variant="big-cities"))
    big = set(EUROPE.big_cities)
    assert all({EUROPE.ticket(t).a, EUROPE.ticket(t).b} & big for t in rules.regular_tickets)
    state = new_game(EUROPE, 3, 1, Options(variant="big-cities"))
    assert kinds(EUROPE, state.pending.tickets).count("long") == 0
    assert len(state.pending.tickets) == 5 and state.pending.keep == 2
    kept = apply(state, KeepTickets(state.pending.tickets[:2]))
    assert len(kept.tickets) == 45 - 15  # 3 players x 5 dealt, the rejects leave the game


def test_big_cities_draws_four_keep_one():
    state = scenario(EUROPE, 2, hands=[{"red": 1}], options=Options(variant="big-cities"))
    drawn = apply(state, DrawTickets()).pending
    assert len(drawn.tickets) == 4 and drawn.keep == 1


def test_mega_europe_deals_two_long_five_regular_keeps_three_and_at_most_one_long():
    state = new_game(EUROPE, 2, 3, Options(variant="mega-europe"))
    offer = state.pending.tickets
    assert [("long" in k) for k in kinds(EUROPE, offer)] == [True, True] + [False] * 5
    assert state.pending.keep == 3
    refused(state, KeepTickets(offer[:3]), "tickets.one-long")
    assert KeepTickets(offer[:3]) not in legal_actions(state)
    ok = apply(state, KeepTickets((offer[0], *offer[2:4])))
    assert ok.players[0].tickets == (offer[0], *offer[2:4])


def test_europe_expanded_adds_the_nineteen_new_regular_tickets():
    state = new_game(EUROPE, 2, 4, Options(variant="europe-expanded"))
    assert kinds(EUROPE, state.pending.tickets)[0] == "long"
    pile = set(state.tickets) | set(state.setup_offers[0][1:]) | set(state.setup_offers[1][1:])
    assert sum(1 for t in pile if EUROPE.ticket(t).kind == "1912-regular") == 19


def test_options_override_the_variant_numbers_and_the_bonus():
    options = Options(variant="big-cities", deal_regular=6, keep_setup=3, longest_bonus=False)
    state = new_game(EUROPE, 2, 5, options)
    assert len(state.pending.tickets) == 6 and state.pending.keep == 3
    final = state
    rng = random.Random(1)
    while not final.is_over:
        final = apply(final, greedy_bot(final, rng).action)
    assert all(p.longest_bonus == 0 for p in score(final).players)


def test_variant_rulings_name_their_confidence_and_the_sentences_state_the_rule():
    assert RULINGS["variant.mega-europe"].confidence == "medium"
    assert "not settled" in RULINGS["variant.big-cities"].decision
    assert "confidence" not in RULES["variant.mega-europe"]


# --------------------------------------------------------------------------- warehouses & depots

WD = Options(warehouses=True)


def finish_tickets(state):
    while state.setup_offers:
        state = apply(state, KeepTickets(state.pending.tickets))
    return state


def test_depots_are_placed_after_tickets_last_player_first():
    state = finish_tickets(new_game(USA, 3, 1, WD))
    assert isinstance(state.pending, DepotPlacement) and state.current == 2
    assert state.depots_left == (5, 5, 5)
    state = apply(state, PlaceDepot("Denver"))
    assert state.current == 1 and state.depots == (("Denver", 2),)
    refused(state, PlaceDepot("Denver"), "wd.one-piece")
    refused(state, DrawBlind(), "wd.setup")
    state = apply(apply(state, PlaceDepot("Omaha")), PlaceDepot("Atlanta"))
    assert state.pending is None and state.current == 0 and not state.in_setup
    assert state.depots_left == (4, 4, 4)


def stock(state, owner, cards):
    """Move named cards from the pile into ``owner``'s Warehouse (every card stays counted)."""
    deck = list(state.deck)
    warehouse = list(state.warehouses[owner])
    for name, n in cards.items():
        for _ in range(n):
            deck.remove(card_index(name))
            warehouse[card_index(name)] += 1
    warehouses = list(state.warehouses)
    warehouses[owner] = tuple(warehouse)
    return evolve(state, deck=tuple(deck), warehouses=tuple(warehouses))


def wd_position(**kw):
    base = dict(hands=[{"blue": 5}, {"red": 1}], options=WD, pile_top=["green", "red", "white"])
    base.update(kw)
    state = scenario(USA, 2, **base)
    return evolve(state, warehouses=((0,) * 9, (0,) * 9), depots_left=(4, 4))


def test_drawing_cards_starts_by_feeding_a_warehouse():
    state = wd_position()
    refused(state, DrawBlind(), "wd.feed")
    assert FeedWarehouse(1) in legal_actions(state)
    fed = apply(state, FeedWarehouse(1))
    assert fed.warehouses[1][card_index("green")] == 1  # the pile's top card, unseen
    assert isinstance(fed.pending, FirstCard) and fed.current == 0
    refused(fed, FeedWarehouse(0), "draw.two-cards")
    drawn = apply(apply(fed, DrawBlind()), DrawBlind())
    assert drawn.current == 1 and drawn.players[0].hand[card_index("red")] == 1
    assert drawn.cards_in_play() == 110


def test_face_up_locomotive_after_feeding_is_still_the_whole_draw():
    state = wd_position(face_up=["locomotive", "red", "blue", "green", "yellow"])
    fed = apply(state, FeedWarehouse(0))
    after = apply(fed, DrawFaceUp("locomotive"))
    assert after.current == 1
    second = apply(apply(state, FeedWarehouse(0)), DrawFaceUp("red"))
    assert isinstance(second.pending, SecondCard)


def test_depots_are_a_free_action_and_one_piece_per_city():
    state = wd_position()
    placed = apply(state, PlaceDepot("Atlanta"))
    assert placed.current == 0 and placed.pending is None  # the turn goes on
    assert placed.depots_left == (3, 4)
    station_map = evolve(scenario(EUROPE, 2, hands=[{"red": 3}], options=WD,
                                  stations={"Paris": 1}),
                         warehouses=((0,) * 9,) * 2, depots_left=(4, 4))
    refused(station_map, PlaceDepot("Paris"), "wd.one-piece")
    depot_there = apply(station_map, PlaceDepot("Wien"))
    from ttr_widgets.rules.actions import BuildStation
    refused(depot_there, BuildStation("Wien", "red", 0), "wd.one-piece")


ATL_MIA = route_id(USA, "Atlanta", "Miami")


def test_claiming_into_a_depot_city_may_empty_its_owners_warehouse():
    state = stock(evolve(wd_position(), depots=(("Miami", 1),)), 1, {"red": 2, "blue": 1})
    claimed = apply(state, ClaimRoute(ATL_MIA, "blue", 0))
    assert isinstance(claimed.pending, CollectChoice) and claimed.pending.cities == ("Miami",)
    assert claimed.current == 0 and claimed.owner(ATL_MIA) == 0
    assert CollectWarehouses(()) in legal_actions(claimed)
    done = apply(claimed, CollectWarehouses(("Miami",)))
    assert done.players[0].hand[card_index("red")] == 2 and done.warehouses[1] == (0,) * 9
    assert done.players[0].hand[card_index("blue")] == 1
    assert done.depots_left == (3, 4) and done.current == 1
    assert done.cards_in_play() == 110
    declined = apply(claimed, CollectWarehouses(()))
    assert declined.warehouses[1] == state.warehouses[1] and declined.depots_left == (4, 4)


def test_no_collect_without_depots_to_spend_or_cards_to_take():
    plain = evolve(wd_position(), depots=(("Miami", 1),))
    no_depots = evolve(stock(plain, 1, {"red": 1}), depots_left=(0, 4))
    assert apply(no_depots, ClaimRoute(ATL_MIA, "blue", 0)).current == 1
    assert apply(plain, ClaimRoute(ATL_MIA, "blue", 0)).current == 1  # nothing to collect


def test_depot_bonus_goes_to_every_player_tied_for_most_depots_left():
    state = evolve(wd_position(), depots_left=(3, 3))
    sheet = score(state)
    assert [p.depot_bonus for p in sheet.players] == [10, 10]
    fewer = score(evolve(state, depots_left=(1, 3)))
    assert [p.depot_bonus for p in fewer.players] == [0, 10]
    plain = score(scenario(USA, 2, hands=[{"red": 1}]))
    assert [p.depot_bonus for p in plain.players] == [0, 0]


def test_warehouses_are_reshuffled_when_pile_and_discards_run_out():
    everything = {"red": 12, "orange": 12, "yellow": 12, "green": 12, "blue": 12, "pink": 12,
                  "white": 12, "black": 10}
    state = scenario(USA, 2, hands=[everything, {"locomotive": 9}], options=WD,
                     face_up=["locomotive"] * 5)
    state = stock(evolve(state, warehouses=((0,) * 9,) * 2, depots_left=(0, 4)), 1,
                  {"black": 2})
    assert not state.deck and not state.discard and state.cards_in_play() == 110
    after = apply(state, DrawFaceUp("locomotive"))  # ends the turn
    assert after.warehouses == ((0,) * 9, (0,) * 9) and after.cards_in_play() == 110
    assert NO_CARD not in after.face_up  # the new pile refilled the row at once
    assert "Warehouses were emptied" in after.last_event


# ----- the Warehouses become the new pile at once (rule wd.exhaustion)

ROW = ["red", "orange", "yellow", "green", "blue"]


def exhausted(row, stored, depots_left=(4, 0)):
    """Player 1 to move, no pile and no discards, Player 2's Warehouse holding ``stored`` and
    Player 2 out of Depots (so the next empty pile turns the Warehouses into the pile)."""
    rest = dict(zip(CARD_NAMES, USA.deck, strict=True))
    for card in [*row, *(c for c, n in stored.items() for _ in range(n))]:
        rest[card] -= 1
    state = scenario(USA, 2, hands=[rest], face_up=row, options=WD, warehouses=[{}, stored])
    state = evolve(state, depots_left=depots_left)
    assert not state.deck and not state.discard and state.cards_in_play() == 110
    return state


def test_taking_the_last_face_up_card_refills_the_row_from_the_warehouses_at_once():
    state = exhausted(ROW, {"black": 2, "white": 1})
    after = apply(state, DrawFaceUp("red"))
    assert isinstance(after.pending, SecondCard)
    assert NO_CARD not in after.face_up and len(after.deck) == 2
    assert after.warehouses == ((0,) * 9, (0,) * 9) and after.cards_in_play() == 110
    assert "Warehouses were emptied and shuffled into a new pile" in after.last_event
    assert DrawBlind() in legal_actions(after)
    done = apply(after, DrawBlind())  # the second blind draw sees the new pile
    assert done.current == 1 and len(done.deck) == 1 and done.cards_in_play() == 110


def test_without_a_player_out_of_depots_the_warehouses_stay_and_the_slot_stays_empty():
    state = exhausted(ROW, {"black": 2, "white": 1}, depots_left=(4, 1))
    after = apply(state, DrawFaceUp("red"))
    assert NO_CARD in after.face_up and not after.deck
    assert sum(after.warehouses[1]) == 3
    refused(after, DrawBlind(), "draw.no-card")


def test_a_refilled_row_showing_three_locomotives_is_replaced_at_once():
    row = ["locomotive", "locomotive", "red", "orange", "yellow"]
    state = exhausted(row, {"locomotive": 3})
    after = apply(state, DrawFaceUp("red"))  # the slot is refilled with a locomotive
    assert after.refreshes > state.refreshes
    assert "3 locomotives and was replaced" in after.last_event
    assert NO_CARD not in after.face_up and after.cards_in_play() == 110


def test_feeding_the_last_card_turns_the_warehouses_into_the_pile_before_the_draw():
    state = exhausted(ROW, {"black": 1})
    deck = list(state.players[0].hand)
    deck[card_index("white")] -= 1
    state = evolve(state, deck=(card_index("white"),),
                   players=(evolve(state.players[0], hand=tuple(deck)), state.players[1]))
    assert state.cards_in_play() == 110
    fed = apply(state, FeedWarehouse(1))
    assert isinstance(fed.pending, FirstCard) and sorted(fed.deck) == sorted(
        (card_index("white"), card_index("black")))
    assert fed.warehouses == ((0,) * 9, (0,) * 9)
    drawn = apply(apply(fed, DrawBlind()), DrawBlind())  # both draws see the new pile
    assert drawn.current == 1 and not drawn.deck and drawn.cards_in_play() == 110


def test_placing_ones_last_depot_turns_the_warehouses_into_the_pile_at_once():
    state = exhausted(ROW, {"black": 2}, depots_left=(1, 1))
    assert FeedWarehouse(0) not in legal_actions(state)
    placed = apply(state, PlaceDepot("Denver"))
    assert placed.current == 0 and placed.depots_left == (0, 1)
    assert sorted(placed.deck) == [card_index("black")] * 2
    assert "Warehouses were emptied" in placed.last_event
    assert FeedWarehouse(0) in legal_actions(placed)


@pytest.mark.parametrize("options", [
    Options(warehouses=True), Options(variant="mega-europe", warehouses=True),
    Options(variant="big-cities"), Options(variant="europe-expanded")])
def test_random_games_with_1912_options_keep_every_card(options):
    board = EUROPE if options.variant else USA
    for seed in range(100):
        state = new_game(board, 2 + seed % 4, seed, options)
        rng = random.Random(seed)
        while not state.is_over:
            state = apply(state, random_action(state, rng))
            assert state.cards_in_play() == 110
        sheet = score(state)
        assert all(p.total == sum(v for _, v in p.breakdown()) for p in sheet.players)


# --------------------------------------------------------------------------- ttr score


def write_position(tmp_path, data):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data))
    return str(path)


def europe_position(**extra):
    mega_long = next(t.id for t in EUROPE.tickets if t.kind == "1912-long")
    players = [{"name": "Ann", "routes": ["eu-001"], "tickets": [mega_long], "stations": []},
               {"name": "Bob", "routes": ["eu-002"], "tickets": [], "stations": []}]
    return {"map": "europe", "players": players, **extra}


def test_score_accepts_a_variant_and_checks_tickets_against_its_deck(tmp_path, capsys):
    ok = write_position(tmp_path, europe_position(variant="mega-europe"))
    assert main(["score", ok, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["tickets"][0]["completed"] is False
    base = write_position(tmp_path, europe_position())
    assert main(["score", base]) == 2
    err = capsys.readouterr().err
    assert "not in this game's deck" in err and err.count("\n") == 1
    assert main(["score", write_position(tmp_path, europe_position(variant="nordic"))]) == 2
    assert "variant" in capsys.readouterr().err


def test_score_with_warehouses_adds_the_depot_bonus(tmp_path, capsys):
    data = europe_position(variant="mega-europe", warehouses=True)
    data["players"][0]["depots_left"] = 3
    data["players"][1]["depots_left"] = 1
    assert main(["score", write_position(tmp_path, data), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [p["depot_bonus"] for p in players] == [10, 0]
    assert main(["score", write_position(tmp_path, data)]) == 0
    assert "Depots: most left" in capsys.readouterr().out
    del data["players"][1]["depots_left"]
    assert main(["score", write_position(tmp_path, data)]) == 2
    assert "players[1].depots_left: missing" in capsys.readouterr().err
    plain = europe_position(variant="mega-europe")
    plain["players"][0]["depots_left"] = 2
    assert main(["score", write_position(tmp_path, plain)]) == 2
    assert "only for a game with" in capsys.readouterr().err


def test_score_json_has_no_depot_bonus_without_warehouses(tmp_path, capsys):
    assert main(["score", write_position(tmp_path, europe_position(variant="mega-europe")),
                 "--json"]) == 0
    assert "depot_bonus" not in json.loads(capsys.readouterr().out)["players"][0]
