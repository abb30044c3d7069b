"""What one seat may see (``rules.view``), in every mode of the one engine: a view keeps the
seat's own hand, tickets and team holder and the public table, and nothing of what is hidden —
no field of a view rebuilds a hidden card, and a game rebuilt from a view differs from the true
one. A view lists its own seat's moves and explains a refusal as the game would, and plays
nothing."""

from __future__ import annotations

import random

import pytest

from ttr_widgets.rules.actions import DrawBlind, DrawTickets
from ttr_widgets.rules.engine import apply, legal_actions, new_game, random_action, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import EMPTY_HAND
from ttr_widgets.rules.state import NO_CARD, CardPlacement, GameState, Options, TicketChoice
from ttr_widgets.rules.view import HIDDEN, NO_SEED, view

#: (map, players, options): every mode of the engine
MODES = [
    ("usa", 2, Options()), ("usa", 4, Options()), ("europe", 3, Options()),
    ("europe", 5, Options(variant="mega-europe")), ("europe", 3, Options(warehouses=True)),
    ("usa", 4, Options(teams=True)), ("usa", 6, Options(teams=True)),
]
IDS = ["usa-2", "usa-4", "europe-3", "mega-europe-5", "warehouses-3", "teams-4", "teams-6"]


def played(name: str, players: int, options: Options, seed: int) -> GameState:
    """A seeded game after a random number of random moves (setup included)."""
    rng = random.Random(seed)
    state = new_game(load_map(name), players, seed, options)
    for _ in range(rng.randrange(0, 140)):
        if state.is_over:
            break
        state = apply(state, random_action(state, rng))
    return state


def rebuilt(seen: GameState) -> GameState:
    """The deal a view's own fields would rebuild (its seed, its names, its options)."""
    return new_game(seen.board, [p.name for p in seen.players], seen.seed, seen.options)


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=IDS)
def test_no_field_of_a_view_rebuilds_a_hidden_card(name: str, players: int,
                                                    options: Options) -> None:
    differs = 0
    for seed in range(100 // len(MODES) + 1):
        state = played(name, players, options, seed)
        seat = seed % players
        seen = view(state, seat)
        assert seen.is_view and seen.seat == seat and not state.is_view
        assert seen.seed == NO_SEED and seen.shuffles == 0
        assert set(seen.deck) <= {NO_CARD} and len(seen.deck) == len(state.deck)
        assert set(seen.tickets) <= {HIDDEN} and len(seen.tickets) == len(state.tickets)
        for i, (mine, true) in enumerate(zip(seen.players, state.players, strict=True)):
            if i == seat:
                assert mine == true
                continue
            assert mine.hand == EMPTY_HAND and mine.card_count == true.card_count
            assert set(mine.tickets) <= {HIDDEN} and len(mine.tickets) == len(true.tickets)
        assert all(w == EMPTY_HAND for w in seen.warehouses)
        assert seen.warehouse_sizes == tuple(sum(w) for w in state.warehouses)
        for t, holder in enumerate(seen.holders):
            assert holder == (state.holders[t] if t == seat // 2 else EMPTY_HAND)
            assert seen.holder_count(t) == sum(state.holders[t])
        assert seen.cards_in_play() == state.cards_in_play()
        for i, offer in enumerate(seen.setup_offers):
            assert offer == state.setup_offers[i] if i == seat else set(offer) <= {HIDDEN}
        if state.current != seat:
            pending = seen.pending
            if isinstance(pending, TicketChoice):
                assert set(pending.tickets) <= {HIDDEN}
            if isinstance(pending, CardPlacement) and pending.blind:
                assert pending.card == NO_CARD
        # what the view's own fields rebuild is not the true game's deal
        again = rebuilt(seen)
        hidden_true = (state.deck, tuple(p.hand for i, p in enumerate(state.players)
                                         if i != seat))
        hidden_again = (again.deck, tuple(p.hand for i, p in enumerate(again.players)
                                          if i != seat))
        differs += hidden_again != hidden_true
        assert view(seen, seat) is seen  # a view of a view is itself
        with pytest.raises(ValueError, match="seat"):
            view(seen, (seat + 1) % players)
    assert differs == 100 // len(MODES) + 1


def test_a_game_rebuilt_from_views_differs_from_the_true_one_over_100_seeds() -> None:
    board = load_map("usa")
    same = 0
    for seed in range(100):
        state = new_game(board, ["Ann", "Ben", "Cleo"], seed)
        seen = view(state, 0)
        same += rebuilt(seen).deck == state.deck or rebuilt(seen).players[1] == state.players[1]
    assert same == 0


def test_a_view_lists_its_own_seat_s_moves_and_refuses_as_the_game_does() -> None:
    state = played("europe", 3, Options(), 7)
    while state.in_setup:
        state = apply(state, random_action(state, random.Random(0)))
    mine, theirs = view(state, state.current), view(state, (state.current + 1) % 3)
    assert legal_actions(mine) == legal_actions(state)
    assert legal_actions(theirs) == []
    for action in legal_actions(state)[:40]:
        assert why_illegal(mine, action) is None
    assert why_illegal(theirs, DrawBlind()).rule == "turn.order"  # type: ignore[union-attr]
    with pytest.raises(RulesError) as caught:
        apply(mine, DrawTickets())
    assert caught.value.rule == "turn.view"
