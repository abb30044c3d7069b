"""Warehouses & Depots (Europa 1912): where a Depot may go, what a claim may collect, the
checks on feeding, placing and collecting, and the Warehouses becoming the pile (rule
wd.exhaustion). The turn steps that use them are in ``turns``.
"""

from __future__ import annotations

import random
from typing import Any

from ttr_widgets.rules.actions import (
    CollectWarehouses,
    FeedWarehouse,
    PlaceDepot,
)
from ttr_widgets.rules.cards import Pile, check_row, refresh_note
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import (
    NUM_CARD_TYPES,
    Route,
)
from ttr_widgets.rules.state import (
    NO_CARD,
    CollectChoice,
    GameState,
)


def depot_places(state: GameState) -> list[PlaceDepot]:
    """Cities with no piece on them (rule wd.one-piece)."""
    taken = {c for c, _ in state.stations} | {c for c, _ in state.depots}
    return [PlaceDepot(c.name) for c in state.board.cities if c.name not in taken]


def collect_choices(state: GameState, pending: CollectChoice) -> list[CollectWarehouses]:
    from itertools import combinations
    most = min(len(pending.cities), state.depots_left[state.current])
    return [CollectWarehouses(combo) for k in range(most, -1, -1)
            for combo in combinations(pending.cities, k)]


def check_feed(state: GameState, action: FeedWarehouse) -> None:
    if not state.warehouses:
        raise RulesError("wd.feed", _("This game is played without Warehouses & Depots."))
    if not 0 <= action.player < state.num_players:
        raise RulesError("action.unknown", _("There is no player {n}.").format(
            n=action.player + 1))
    if not (state.deck or state.discard):
        raise RulesError("wd.feed", _("The pile and the discards are empty: there is no card to "
                           "feed; draw a face-up card instead."))


def check_depot(state: GameState, action: PlaceDepot) -> None:
    if not state.warehouses:
        raise RulesError("wd.place", _("This game is played without Warehouses & Depots."))
    if action.city not in state.board.city_index:
        raise RulesError("action.unknown", _("There is no city {city}.").format(
            city=repr(action.city)))
    if not state.depots_left[state.current]:
        raise RulesError("wd.place", _("You have no Depot left beside your Warehouse."))
    piece = state.piece_at(action.city)
    if piece is not None:
        said = (_("{city} already holds a station; a city holds one piece.") if piece == "station"
                else _("{city} already holds a Depot; a city holds one piece."))
        raise RulesError("wd.one-piece", said.format(city=state.board.city_label(action.city)))


def check_collect(state: GameState, pending: CollectChoice, action: CollectWarehouses) -> None:
    chosen = action.cities
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(pending.cities):
        where = ", ".join(map(state.board.city_label, pending.cities))
        raise RulesError("wd.collect", _("You may collect at {cities} only, each once.").format(
            cities=where))
    if len(chosen) > state.depots_left[state.current]:
        raise RulesError("wd.collect", _("Each Warehouse collected costs one of your unplaced "
                                         "Depots; you have {n}.").format(
            n=state.depots_left[state.current]))


def collectable(state: GameState, route: Route) -> tuple[str, ...]:
    """Depot cities at the ends of a just-claimed route whose owners' Warehouses hold cards
    (one city per owner), if the claimer has a Depot to spend (rule wd.collect)."""
    if not state.warehouses or not state.depots_left[state.current]:
        return ()
    depots = dict(state.depots)
    cities: list[str] = []
    owners: set[int] = set()
    for city in (route.a, route.b):
        owner = depots.get(city)
        if owner is not None and owner not in owners and state.warehouse_count(owner):
            cities.append(city)
            owners.add(owner)
    return tuple(cities)


def restock_from_warehouses(state: GameState, changes: dict[str, Any]
                             ) -> tuple[dict[str, Any], str]:
    """Rule wd.exhaustion at once: the Warehouses become the new pile as soon as the pile and
    the discards run out, and the face-up row is refilled and checked right away (rules
    draw.replace and draw.three-locomotives), so the next draw sees the new pile. Returns the
    changes and a sentence saying so ("" when nothing happened)."""
    if not state.warehouses:
        return changes, ""
    reshuffled = _warehouse_reshuffle(state, changes)
    if reshuffled is changes:
        return changes, ""
    pile = Pile(reshuffled["deck"], (), state.seed, reshuffled["shuffles"])
    before = changes.get("refreshes", state.refreshes)
    row = tuple(pile.take() if c == NO_CARD else c for c in changes.get("face_up", state.face_up))
    row, refreshes = check_row(state.board, row, pile, before)
    note = " " + _("The pile and the discards ran out: the Warehouses were emptied and shuffled "
                   "into a new pile.") + refresh_note(refreshes - before)
    return {**reshuffled, "face_up": row, "refreshes": refreshes, **pile.changes()}, note


def _warehouse_reshuffle(state: GameState, changes: dict[str, Any]) -> dict[str, Any]:
    """Rule wd.exhaustion: with no pile and no discards, and a player out of Depots, every
    Warehouse is emptied and shuffled into a new pile."""
    warehouses = changes.get("warehouses", state.warehouses)
    deck, discard = changes.get("deck", state.deck), changes.get("discard", state.discard)
    if deck or discard or not any(sum(w) for w in warehouses):
        return changes
    if all(changes.get("depots_left", state.depots_left)):
        return changes
    cards = [c for w in warehouses for c, n in enumerate(w) for _ in range(n)]
    shuffles = changes.get("shuffles", state.shuffles)
    random.Random(f"ttr:{state.seed}:shuffle:{shuffles}").shuffle(cards)
    return {**changes, "deck": tuple(cards), "shuffles": shuffles + 1,
            "warehouses": ((0,) * NUM_CARD_TYPES,) * len(warehouses)}
