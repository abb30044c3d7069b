"""Team play's pieces (rules.teams): its numbers, its actions and its state (``TeamGame``,
the pending decisions). Importable from ``rules.teams`` too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from ttr_widgets.rules.actions import DeclineTunnel, DrawTickets, KeepTickets, Pass
from ttr_widgets.rules.model import Board, Hand
from ttr_widgets.rules.state import NO_CARD, Options, PlayerState, TicketChoice

HAND, HOLDER = "hand", "holder"
TRAINS = 27  #: each player's own trains (rule team.own-trains)
HAND_CARDS = 4  #: train cards dealt to each player; the holders start empty
DEAL, KEEP = 5, 3  #: setup tickets dealt and kept at least (rule team.setup-tickets)
DRAW, DRAW_KEEP = 4, 1  #: tickets drawn mid-game and kept at least (rule team.tickets-draw)
SHARE_MAX = 2  #: tickets one share action moves (rule team.share-action)
END_TRAINS = 4  #: a team's trains together that start the last round (rule team.end-trigger)
HIDDEN = "?"  #: a ticket (or setup share) a view does not show


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class DrawTeamCard:
    """Draw a train card into your hand or the team holder (``to``): the face-up ``card``, or
    blind from the pile when ``card`` is None."""

    to: str
    card: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimTeamRoute:
    """Claim a route paying ``length - locomotives`` cards of ``color`` and ``locomotives``
    locomotives, of which ``holder_cards`` coloured cards and ``holder_locomotives``
    locomotives come from the team holder, the rest from your hand."""

    route: str
    color: str
    locomotives: int = 0
    holder_cards: int = 0
    holder_locomotives: int = 0


@dataclass(frozen=True, slots=True)
class PayTeamTunnel:
    """Pay a tunnel's surcharge: ``locomotives`` of it in locomotives, the rest in the colour
    offered; ``holder_cards`` and ``holder_locomotives`` of it from the team holder."""

    locomotives: int = 0
    holder_cards: int = 0
    holder_locomotives: int = 0


@dataclass(frozen=True, slots=True)
class ShareTicket:
    """Put one of the tickets just kept into the team's ticket holder."""

    ticket: str


@dataclass(frozen=True, slots=True)
class ShareTickets:
    """The share action: move 1 or 2 of your tickets into the team's ticket holder (the whole
    turn)."""

    tickets: tuple[str, ...]


TeamAction: TypeAlias = (DrawTeamCard | ClaimTeamRoute | PayTeamTunnel | DeclineTunnel
                         | DrawTickets | KeepTickets | ShareTicket | ShareTickets | Pass)


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class SecondTeamCard:
    """The player drew one card and draws the second into ``to`` (the other place)."""

    to: str


@dataclass(frozen=True, slots=True)
class TeamTunnel:
    """A tunnel's reveal asks for ``extra`` more cards; the offer is kept until paid."""

    route: str
    color: str
    locomotives: int
    holder_cards: int
    holder_locomotives: int
    revealed: tuple[int, ...]
    extra: int


@dataclass(frozen=True, slots=True)
class ShareChoice:
    """The player puts one of ``tickets`` (just kept) into the team's ticket holder; at setup
    the choice stays hidden until every player has made theirs."""

    tickets: tuple[str, ...]
    setup: bool = False


TeamPending: TypeAlias = SecondTeamCard | TeamTunnel | TicketChoice | ShareChoice


@dataclass(frozen=True, slots=True)
class TeamGame:
    """A team game. Seats ``2t`` and ``2t + 1`` are team ``t``; ``holders[t]`` and
    ``shared[t]`` are its shared cards and tickets. A ``view`` (``seat`` ≥ 0) shows hidden
    cards as empty hands with their number in ``hand_sizes``, hidden tickets as ``'?'``."""

    board: Board = field(repr=False)
    players: tuple[PlayerState, ...]
    holders: tuple[Hand, ...]
    shared: tuple[tuple[str, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    face_up: tuple[int, ...]
    tickets: tuple[str, ...]
    owners: tuple[int, ...]
    current: int = 0
    pending: TeamPending | None = None
    setup_offers: tuple[tuple[str, ...], ...] = ()
    setup_shares: tuple[str, ...] = ()  #: setup choices made so far ('' not yet)
    final_turns: int = -1
    turn: int = 0
    seed: int = 0
    shuffles: int = 0
    passes: int = 0
    refreshes: int = 0
    options: Options = field(default_factory=Options)
    last_event: str = ""
    seat: int = -1  #: the seat a view is for (-1: the whole game)
    hand_sizes: tuple[int, ...] = ()  #: in a view: each player's number of cards
    holder_sizes: tuple[int, ...] = ()  #: in a view: each holder's number of cards

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def num_teams(self) -> int:
        return len(self.players) // 2

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.final_turns == 0

    @property
    def in_setup(self) -> bool:
        return bool(self.setup_offers)

    @property
    def team(self) -> int:
        """The team of the player to move."""
        return self.current // 2

    def team_players(self, team: int) -> tuple[PlayerState, PlayerState]:
        return self.players[2 * team], self.players[2 * team + 1]

    def team_name(self, team: int) -> str:
        """'Ann & Cleo'."""
        return " & ".join(p.name for p in self.team_players(team))

    def team_trains(self, team: int) -> int:
        return sum(p.trains for p in self.team_players(team))

    def cards_in_play(self) -> int:
        """Every train card: pile, discards, row, hands, holders and a tunnel's reveal."""
        revealed = len(self.pending.revealed) if isinstance(self.pending, TeamTunnel) else 0
        return (len(self.deck) + len(self.discard) + sum(c != NO_CARD for c in self.face_up)
                + sum(sum(p.hand) for p in self.players) + sum(sum(h) for h in self.holders)
                + revealed)


def teammate(seat: int) -> int:
    return seat ^ 1
