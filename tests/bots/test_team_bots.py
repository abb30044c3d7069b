"""The greedy team bot plays as a team: it pays from its hand first and from the holder for
what the hand lacks, draws into both places, shares a ticket only when its own trains cannot
finish it (one already completed only when it can neither draw nor claim: the share costs a
turn), all from its own seat's view
(the no-peeking test is in test_rules_teams)."""

from __future__ import annotations

import random

import pytest

from ttr_widgets.bots import team as team_bots
from ttr_widgets.rules import teams
from ttr_widgets.rules.graph import connected
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.state import OPEN
from ttr_widgets.rules.teams import HOLDER, ClaimTeamRoute, DrawTeamCard, ShareTickets, TeamGame
from ttr_widgets.testing.teams import NAMES, arranged, started, ticket_between

USA = load_map("usa")



def team_routes(game: TeamGame, team: int) -> list[str]:
    return [game.board.routes[i].id for i, p in enumerate(game.owners)
            if p != OPEN and p // 2 == team]


def holder_use(action: ClaimTeamRoute) -> int:
    return action.holder_cards + action.holder_locomotives


@pytest.mark.parametrize("players", [4, 6])
def test_greedy_bots_pay_hand_first_use_the_holder_and_share_only_unfinished_tickets(
        players: int) -> None:
    claims_from_holder = draws_to_holder = shares = 0
    for seed in range(6):
        game = teams.new_team_game(USA, NAMES[:players], seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current
            action = team_bots.greedy_team_bot(teams.view(game, seat), rng).action
            if isinstance(action, ClaimTeamRoute):
                same = [a for a in teams.legal_actions(game) if isinstance(a, ClaimTeamRoute)
                        and (a.route, a.color, a.locomotives)
                        == (action.route, action.color, action.locomotives)]
                assert holder_use(action) == min(holder_use(a) for a in same)  # hand first
                claims_from_holder += holder_use(action) > 0
            elif isinstance(action, DrawTeamCard):
                draws_to_holder += action.to == HOLDER
            elif isinstance(action, ShareTickets):
                idle = not any(isinstance(a, DrawTeamCard | ClaimTeamRoute)
                               for a in teams.legal_actions(game))
                for ticket_id in action.tickets:  # a completed one only when nothing else
                    ticket = USA.ticket(ticket_id)
                    done = connected(USA, team_routes(game, seat // 2), ticket.a, ticket.b)
                    assert idle or not done
                    shares += not done
            game = teams.apply(game, action)
    assert claims_from_holder > 0 and draws_to_holder > 0 and shares > 0


def test_a_bot_shares_the_ticket_its_trains_cannot_finish_with_a_teammate_who_can() -> None:
    far = ticket_between(USA, "Los Angeles", "New York")
    near = ticket_between(USA, "Denver", "El Paso")
    game = arranged(started(USA, seed=5), hand={}, holder={}, tickets=(near, far),
                    trains={0: 10, 1: 27})
    choice = team_bots.greedy_team_bot(teams.view(game, 0), random.Random(0))
    assert choice.action == ShareTickets((far,))
    assert "teammate" in choice.reason
    plenty = arranged(game, trains={0: 27})
    assert not isinstance(team_bots.greedy_team_bot(teams.view(plenty, 0), random.Random(0))
                          .action, ShareTickets)
    spent = arranged(game, trains={1: 3})  # the teammate could finish neither
    assert not isinstance(team_bots.greedy_team_bot(teams.view(spent, 0), random.Random(0))
                          .action, ShareTickets)
