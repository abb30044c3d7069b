"""The greedy bot plays team games as a team: it pays from its hand first and from the holder
for what the hand lacks, puts cards into both places, shares a ticket only when its own trains
cannot finish it (one already completed only when it can neither draw nor claim: the share
costs a turn), all from its own seat's view (every bot's no-peeking test is in
test_no_peeking)."""

from __future__ import annotations

import random

import pytest

from ttr_widgets.bots import choose
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind, DrawFaceUp, PlaceCard, ShareTickets
from ttr_widgets.rules.engine import apply, legal_actions, new_game
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import OPEN, GameState, Options
from ttr_widgets.rules.teams import HOLDER
from ttr_widgets.testing.teams import NAMES, arranged, started, ticket_between

USA = load_map("usa")


def team_routes(game: GameState, team: int) -> list[str]:
    return [game.board.routes[i].id for i, p in enumerate(game.owners)
            if p != OPEN and p // 2 == team]


def holder_use(action: ClaimRoute) -> int:
    return action.holder_cards + action.holder_locomotives


@pytest.mark.parametrize("players", [4, 6])
def test_greedy_bots_pay_hand_first_use_the_holder_and_share_only_unfinished_tickets(
        players: int) -> None:
    claims_from_holder = cards_to_holder = shares = 0
    for seed in range(6):
        game = new_game(USA, NAMES[:players], seed, Options(teams=True))
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current
            action = choose("greedy", game, rng).action
            if isinstance(action, ClaimRoute):
                same = [a for a in legal_actions(game) if isinstance(a, ClaimRoute)
                        and (a.route, a.color, a.locomotives)
                        == (action.route, action.color, action.locomotives)]
                assert holder_use(action) == min(holder_use(a) for a in same)  # hand first
                claims_from_holder += holder_use(action) > 0
            elif isinstance(action, PlaceCard):
                cards_to_holder += action.to == HOLDER
            elif isinstance(action, ShareTickets) and game.pending is None:
                idle = not any(isinstance(a, DrawBlind | DrawFaceUp | ClaimRoute)
                               for a in legal_actions(game))
                for ticket_id in action.tickets:  # a completed one only when nothing else
                    ticket = USA.ticket(ticket_id)
                    done = connected(USA, team_routes(game, seat // 2), ticket.a, ticket.b)
                    assert idle or not done
                    shares += not done
            game = apply(game, action)
    assert claims_from_holder > 0 and cards_to_holder > 0 and shares > 0


def test_a_bot_shares_the_ticket_its_trains_cannot_finish_with_a_teammate_who_can() -> None:
    far = ticket_between(USA, "Los Angeles", "New York")
    near = ticket_between(USA, "Denver", "El Paso")
    game = arranged(started(USA, seed=5), hand={}, holder={}, tickets=(near, far),
                    trains={0: 10, 1: 27})
    choice = choose("greedy", game, random.Random(0))
    assert choice.action == ShareTickets((far,))
    assert "teammate" in choice.reason
    plenty = arranged(game, trains={0: 27})
    assert not isinstance(choose("greedy", plenty, random.Random(0)).action, ShareTickets)
    spent = arranged(game, trains={1: 3})  # the teammate could finish neither
    assert not isinstance(choose("greedy", spent, random.Random(0)).action, ShareTickets)


def test_a_face_up_card_its_routes_need_is_named_with_its_article() -> None:
    """'takes an orange card its routes need', never 'a orange card'."""
    from ttr_widgets.bots.team_play import _draw

    game = new_game(USA, NAMES[:4], 1, Options(teams=True))
    choice = _draw(game, [DrawFaceUp("orange"), DrawBlind()], {"usa-004"}, random.Random(0))
    assert choice.action == DrawFaceUp("orange")
    assert choice.reason == "takes an orange card its routes need"
    red = _draw(game, [DrawFaceUp("red"), DrawBlind()], {"usa-010"}, random.Random(0))
    assert red.reason == "takes a red card its routes need"
