"""The team lesson's practice position and its tasks (lesson 10, Team Asia rules).

``team_practice()`` is a 4-player USA team game one round past its setup where the learner
(seat 0, "You") has too few red cards in hand for Denver – Oklahoma City (4 red) but enough with
the team holder's; ``TEAM_TASKS`` are what the try-it asks, each recognised from a move
(``task_done``, ``TeamTask.done_by``) or a refusal (its rule); ``course.team_lesson.TeamTryIt``
shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DrawFaceUp,
    KeepTickets,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.engine import apply, new_game
from ttr_widgets.rules.i18n import N_
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import NUM_CARD_TYPES, Hand, hand_from
from ttr_widgets.rules.state import CardPlacement, GameState, Options, TicketChoice, evolve
from ttr_widgets.rules.teams import HOLDER

PLAYERS = ("You", "Ben", "Cleo", "Dev")  #: You & Ben are the Blue team, Cleo & Dev the Red
ROUTE = "usa-034"  #: Denver – Oklahoma City, 4 red
YOUR_HAND = {"red": 2, "blue": 1, "yellow": 1, "black": 1}  #: after one round: 4 dealt, 1 drawn
BLUE_HOLDER = {"red": 2}  #: one card of your draw and one of Ben's
SEED = 12


@dataclass(frozen=True, slots=True)
class TeamTask:
    """One thing the try-it asks: ``rule`` is the rule it practises (a refusal task is done
    when that rule refuses a move)."""

    name: str
    text: str
    rule: str
    refusal: bool = False
    routes: tuple[str, ...] = ()  #: the routes it needs open (the lesson's bots leave them)

    def done_by(self, before: GameState, action: Action) -> bool:
        """Whether playing ``action`` in ``before`` does this task (``task_done``)."""
        return task_done(self, before, action)


TEAM_TASKS = (
    TeamTask("holder-first", N_("Draw a card, look at it, and put it into the team holder (the "
                                "second card then goes to your hand)."), "team.draw-first"),
    TeamTask("locomotive", N_("Take a face-up locomotive, when one is face up: see where it "
                              "goes and why it is your whole draw."), "team.draw-locomotive"),
    TeamTask("share", N_("Share a ticket: move 1 or 2 of your tickets into the ticket holder "
                         "(your whole turn)."), "team.share-action"),
    TeamTask("claim-holder", N_("Claim Denver – Oklahoma City (4 red) with red cards from your "
                                "hand and the team holder together."), "team.claim-payment",
             routes=(ROUTE,)),
)


def team_practice() -> GameState:
    """The position: setup done (each player kept 3 tickets and shared the first), then one
    round of card draws, each player's two cards split between their hand and their team's
    holder (rule team.draw-split): every player holds 5 cards, each holder 2 (the holders
    started empty, rule team.setup-cards). You hold 2 red, 1 blue, 1 yellow and 1 black, the
    Blue team's holder the 2 red Ben and You put there; You are to move again."""
    game = new_game(load_map("usa"), PLAYERS, SEED, Options(teams=True))
    while game.in_setup:
        pending = game.pending
        if isinstance(pending, TicketChoice):
            game = apply(game, KeepTickets(pending.tickets[:3]))
        else:
            game = apply(game, ShareTickets((game.player.tickets[0],)))
    hand, blue = hand_from(YOUR_HAND), hand_from(BLUE_HOLDER)
    deck = list(game.deck) + [c for c, n in enumerate(game.players[0].hand) for _ in range(n)]
    for card, n in enumerate(_plus(hand, blue)):  # every card still counted once
        for _ in range(n):
            deck.remove(card)
    players = [evolve(game.players[0], hand=hand)]
    for other in game.players[1:]:  # each drew one card into the hand …
        players.append(evolve(other, hand=_plus(other.hand, _one(deck.pop()))))
    red = _plus(_one(deck.pop()), _one(deck.pop()))  # … and one into the team holder
    return evolve(game, players=tuple(players), holders=(blue, red), deck=tuple(deck),
                  last_event="Your turn again: the Blue team's holder has 2 red cards for you.")


def _one(card: int) -> Hand:
    return tuple(int(i == card) for i in range(NUM_CARD_TYPES))


def _plus(a: Hand, b: Hand) -> Hand:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def task_done(task: TeamTask, before: GameState, action: Action) -> bool:
    """Whether playing ``action`` in ``before`` does ``task`` (refusal tasks: never a move)."""
    if task.name == "holder-first":
        return isinstance(action, PlaceCard) and action.to == HOLDER and isinstance(
            before.pending, CardPlacement)
    if task.name == "locomotive":
        return action == DrawFaceUp("locomotive") and before.pending is None
    if task.name == "share":
        return isinstance(action, ShareTickets) and before.pending is None
    if task.name == "claim-holder":
        return (isinstance(action, ClaimRoute) and action.route == ROUTE
                and action.holder_cards + action.holder_locomotives > 0)
    return False


#: The lesson's questions, as ``widgets.lesson.Quiz`` takes them (``Quiz(**TEAM_QUIZZES[k])``),
#: each with the rules its "why?" opens.
TEAM_QUIZZES: dict[str, dict[str, object]] = {
    "double": {
        "question": N_("Can Ben claim the other track of the double route Ann just claimed?"),
        "options": [N_("Yes, they are teammates"), N_("Yes, but only with cards from the holder"),
                    N_("No: with 4 players the other track is closed for everyone")],
        "answer": N_("No: with 4 players the other track is closed for everyone"),
        "explanation": N_("With 4 players a double route closes once either track is taken, for "
                       "the claimer's teammate too."),
        "rules": ("team.double-4p",),
    },
    "secret-ticket": {
        "question": N_("Does your teammate's secret ticket count for your team?"),
        "options": [N_("No, only shared tickets count"),
                    N_("Yes: every ticket of both teammates counts"),
                    N_("Only if you help complete it")],
        "answer": N_("Yes: every ticket of both teammates counts"),
        "explanation": N_("A team's tickets, in both hands and in the holder, all count against "
                       "the teammates' routes together; sharing a ticket only lets your "
                       "teammate see it."),
        "rules": ("team.score-tickets", "team.communication"),
    },
}
