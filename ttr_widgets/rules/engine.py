"""The rules engine: ``new_game``, ``legal_actions``, ``apply``, ``why_illegal`` and ``score``.

This module deals a game and scores a position; the rest lives along the rules' own seams and is
re-exported here, so ``from ttr_widgets.rules.engine import ...`` keeps working:

* ``legal``: the legal moves (``legal_actions``, ``random_action``, ``station_cost``,
  ``route_closed``); ``checks``: why a move is refused (``why_illegal``, ``is_legal``);
* ``turns``: applying a move (``apply``), which validates it against the rules and returns a NEW
  state; it never mutates its input, and a refused action raises ``RulesError`` naming the rule,
  leaving the old state as it was;
* ``depots``: Warehouses & Depots;
* ``cards``: the pile, its seeded reshuffles and the face-up row.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ttr_widgets.rules import teams
from ttr_widgets.rules.cards import Pile, check_row
from ttr_widgets.rules.checks import is_legal, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.rules.legal import legal_actions, random_action, route_closed, station_cost
from ttr_widgets.rules.model import NUM_CARD_TYPES, Board, Hand, RuleSet
from ttr_widgets.rules.scoring import Holding, ScoreSheet, score_game
from ttr_widgets.rules.state import OPEN, GameState, Options, PlayerState
from ttr_widgets.rules.turns import apply, setup_choice
from ttr_widgets.rules.variants import TicketRules, ticket_rules, variant_board

__all__ = [
    "DEPOTS", "apply", "current_player", "holdings", "is_legal", "is_over", "legal_actions",
    "new_game", "random_action", "route_closed", "score", "station_cost", "why_illegal",
]

#: Depots per player as the rule set has them by default; read ``board.rules.depots`` instead
DEPOTS = RuleSet().depots


def new_game(board: Board, players: int | Sequence[str], seed: int = 0,
             options: Options | None = None) -> GameState:
    """Deal a new game (rules setup.*): shuffled pile, hands, face-up row, tickets to choose.
    ``Options(teams=True)`` deals a team game (rules team.players, team.setup-cards,
    team.setup-tickets): 4 or 6 players, each with trains of their own, empty team holders."""
    names = _player_names(players)
    options = options or Options()
    board = variant_board(board, options)  # the 1910 box's cards: its reprints' values
    rules = board.rules
    if options.teams:
        teams.check_setup(board, len(names))
    elif not rules.players_min <= len(names) <= rules.players_max:
        raise RulesError("setup.players", _("The {map} map is for {least} to {most} players, not "
                                            "{n}.").format(map=board.name,
                                                           least=rules.players_min,
                                                           most=rules.players_max, n=len(names)))
    rng = random.Random(f"ttr:{seed}:{'team-setup' if options.teams else 'setup'}")
    deck = [i for i, n in enumerate(board.deck) for _ in range(n)]
    rng.shuffle(deck)
    dealt_cards = rules.team.hand_cards if options.teams else rules.initial_train_cards
    hands = []
    for _name in names:
        dealt = deck[-dealt_cards:]
        del deck[-dealt_cards:]
        hands.append(_hand_of(dealt))
    face_up = tuple(deck.pop() for _ in range(rules.face_up))
    tickets_rules = ticket_rules(board, options)
    offers, tickets = _deal_tickets(tickets_rules, len(names), rng)
    if options.teams and any(len(o) < tickets_rules.deal_regular for o in offers):
        raise RulesError("team.setup-tickets", ngettext(
            "The {map} map has too few tickets to deal {n} ticket to each of {players} players.",
            "The {map} map has too few tickets to deal {n} tickets to each of {players} players.",
            tickets_rules.deal_regular).format(map=board.name, n=tickets_rules.deal_regular,
                                               players=len(names)))
    pile = Pile(tuple(deck), (), seed, 0)
    face_up, refreshes = check_row(board, face_up, pile, 0)
    trains = rules.team.trains if options.teams else rules.trains
    team_count = len(names) // 2 if options.teams else 0
    return GameState(
        board=board,
        players=tuple(PlayerState(n, h, trains, rules.stations)
                      for n, h in zip(names, hands, strict=True)),
        face_up=face_up, tickets=tickets, refreshes=refreshes, **pile.changes(),
        owners=(OPEN,) * len(board.routes), seed=seed, options=options,
        setup_offers=offers, pending=setup_choice(tickets_rules, offers[0]),
        warehouses=((0,) * NUM_CARD_TYPES,) * len(names) if options.warehouses else (),
        depots_left=(rules.depots,) * len(names) if options.warehouses else (),
        holders=((0,) * NUM_CARD_TYPES,) * team_count, shared=((),) * team_count,
        setup_shares=("",) * len(names) if options.teams else (),
        last_event="The cards and tickets are dealt.",
    )


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    names = tuple(players)
    if len(set(names)) != len(names):
        raise RulesError("setup.players", _("Every player needs a different name."))
    return names


def _deal_tickets(tickets: TicketRules, n: int, rng: random.Random
                  ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Each player's setup tickets (long ones first), and the regular pile left after dealing.
    Long tickets never dealt stay in the box."""
    long_pile, regular = list(tickets.long_tickets), list(tickets.regular_tickets)
    rng.shuffle(long_pile)
    rng.shuffle(regular)
    offers = []
    for i in range(n):
        offer = long_pile[i * tickets.deal_long:(i + 1) * tickets.deal_long]
        offer += regular[i * tickets.deal_regular:(i + 1) * tickets.deal_regular]
        offers.append(tuple(offer))
    return tuple(offers), tuple(regular[n * tickets.deal_regular:])


def _hand_of(cards: Sequence[int]) -> Hand:
    hand = [0] * NUM_CARD_TYPES
    for c in cards:
        hand[c] += 1
    return tuple(hand)


def current_player(state: GameState) -> int:
    return state.current


def is_over(state: GameState) -> bool:
    return state.is_over


def holdings(state: GameState) -> tuple[Holding, ...]:
    """What each player holds for scoring: routes, kept tickets, station cities (and, with
    Warehouses & Depots, the Depots left)."""
    return tuple(
        Holding(p.name, frozenset(p.routes), p.tickets,
                tuple(city for city, owner in state.stations if owner == i),
                state.depots_left[i] if state.warehouses else None)
        for i, p in enumerate(state.players))


def score(state: GameState) -> ScoreSheet:
    """The final score of the position, part by part (rules score.*, wd.bonus; in a team game
    team.score-*, a line a team), with the winner. Any state can be scored; for a finished game
    this is the result."""
    if state.teams:
        combined = state.options.team_combined_network is not False
        return teams.score_teams(state.board, teams.holdings(state), combined=combined)
    rules = ticket_rules(state.board, state.options)
    return score_game(state.board, holdings(state), longest_bonus=rules.longest_bonus,
                      globetrotter=rules.globetrotter)
