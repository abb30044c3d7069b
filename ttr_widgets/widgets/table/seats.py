"""Who sits at a table's seats, as policies: the table controller asks them, they decide.

A seat's policy answers four questions for the table (``controller.TableController``), each
asked of the seat whose turn it is:

* **who may act now** — ``refusal(table)``: ``None`` when a click at this screen may move for
  the seat, else the ``RulesError`` the status line gives (a bot's turn, a lesson seat the
  learner has not taken, the game over);
* **what the prompt says** — ``prompt(table)``: what the table waits for, in words;
* **whether and how it moves by itself** — ``moves_itself`` and ``choose(table)``: the move it
  makes now (a bot's ``Choice``) or ``None`` (nothing yet). The controller asks every
  ``bot_delay`` seconds on the running event loop while such a seat is to move (at once without
  a loop) and plays what it is given, telling it as a bot's move;
* **who is shown** — with the other seats, ``viewer(seats, state, revealed)``: whose hand and
  tickets the screen shows, from each seat's ``here`` (a person at this screen plays it) and
  ``private`` (its hand is hidden from the others here until its owner presses "Show").

The policies: ``PersonSeat`` (a person at this screen; two or more make a hotseat table),
``BotSeat(level)`` (one of the bots, ``bots.BOTS``, deciding from its seat's view), and a
lesson's ``LearnerSeat`` (the seats the learner has taken) and ``WaitingSeat`` (the others: they
wait, and a click for them is refused under ``turn.order`` until the learner takes the seat,
"Play Ben's turn"). ``seats_for`` turns the play app's kinds (``"human"``, ``"greedy"`` …) into
policies.

At a team game (``rules.teams``) every seat is a ``TeamSeat`` around one of those
(``team_seat``; the table seats them so): the seat it wraps decides who may act, whether it
moves by itself and what it plays; the team seat speaks the team's words — what a person (or a
learner) is to do now with the card just drawn, the tickets to share, the second card's place,
and whose team a bot plays for when a click is refused.

At a shared table (``ttr_widgets.tables``: the game's authority is the table service, and the
page holds its seat's view only) every seat but the page's own is a ``RemoteSeat``: played at
another screen, by a bot of the table, or by the table's bot while its person is away. It is not
here and does not move by itself (its moves arrive from the table), its hand is private, and a
click for it is refused under ``turn.order``: "wait for Ann's move". A page that watches has
only remote seats, so it shows nobody's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ttr_widgets.bots import BOTS, Choice, choose
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.i18n import N_, _, ngettext
from ttr_widgets.rules.model import CARD_NAMES, LOCOMOTIVE
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import (
    NO_CARD,
    CardPlacement,
    CollectChoice,
    DepotPlacement,
    FirstCard,
    GameState,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
)
from ttr_widgets.rules.teams import HOLDER
from ttr_widgets.rules.words import colour_of, is_you
from ttr_widgets.widgets.table.players import KINDS, bot_words
from ttr_widgets.widgets.table.teams import team_label

__all__ = ["BotSeat", "LearnerSeat", "PersonSeat", "RemoteSeat", "Seat", "TableView", "TeamSeat",
           "WaitingSeat", "game_over", "seats_for", "take_over_label", "team_seat", "turn_over",
           "viewer"]


class TableView(Protocol):
    """What a seat's policy reads of its table (the controller is one)."""

    @property
    def state(self) -> GameState: ...
    @property
    def game(self) -> Game: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def paused(self) -> bool: ...
    @property
    def score_sheet(self) -> ScoreSheet | None: ...


class Seat:
    """A seat's policy (see the module docstring). The base seat is a person's with nothing
    to say: subclasses answer the questions their way."""

    kind = "human"  #: what the players table says of the seat (``players.seat_words``)
    here = False  #: a person at this screen plays it
    private = False  #: its hand is hidden from the other people here until they look away
    moves_itself = False  #: it moves without a click here (``choose``)

    def refusal(self, table: TableView) -> RulesError | None:
        """Why a click at this screen cannot act for this seat now (``None``: it may)."""
        return game_over() if table.state.is_over else None

    def prompt(self, table: TableView) -> str:
        """What the table waits for while this seat is to move."""
        sheet = table.score_sheet
        return _("Game over. {score}").format(score=sheet.reason) if sheet is not None else ""

    def choose(self, table: TableView) -> Choice | None:
        """The move this seat makes now by itself, if any."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class PersonSeat(Seat):
    """A person at this screen. With two or more at one screen each hand is private: it shows
    only after its owner presses "Show" (``HandView``)."""

    here = True
    private = True

    def prompt(self, table: TableView) -> str:
        state = table.state
        if state.is_over:
            return super().prompt(table)
        name = state.player.name
        if isinstance(state.pending, DepotPlacement):  # public: no hand needs showing
            return _("{name}: place a Depot — click an empty city on the board (the last "
                     "player places first, then on counter-clockwise).").format(name=name)
        if table.viewer is None:
            return _hand_over_prompt(name)
        return _pending_prompt(state) or _turn_prompt(state)


def _hand_over_prompt(name: str) -> str:
    """A hotseat between turns: the line is read by everyone at the screen, so a player called
    You is named, not spoken to ("Your turn" would speak to whoever just played)."""
    if is_you(name):
        return _("The player called You plays next: press “{show}” when the others look "
                 "away.").format(show=_("Show your hand"))
    return _("{name}'s turn: press “{show}” when the others look away.").format(
        name=name, show=_("Show {name}'s hand").format(name=name))


class BotSeat(Seat):
    """One of the bots (``bots.BOTS[level]``): it moves by itself, the controller paces it."""

    moves_itself = True

    def __init__(self, level: str) -> None:
        if level not in BOTS:
            raise ValueError(f"level: expected one of {', '.join(sorted(BOTS))}, not {level!r}")
        self.level = self.kind = level

    def refusal(self, table: TableView) -> RulesError | None:
        state = table.state
        if state.is_over:
            return game_over()
        name = state.player.name
        kind = bot_words(name, self.level)
        if is_you(name):
            said = (_("It is your turn ({kind}); wait for it to play.") if kind else
                    _("It is your turn; wait for it to play."))
        else:
            said = (_("It is {name}'s turn ({kind}); wait for it to play.") if kind else
                    _("It is {name}'s turn; wait for it to play."))
        return RulesError("turn.order", said.format(name=name, kind=kind))

    def prompt(self, table: TableView) -> str:
        state = table.state
        if state.is_over:
            return super().prompt(table)
        if table.paused:
            return _("{name} (bot) is to move: press Play on to let the bots continue.").format(
                name=state.player.name)
        return _("{name} (bot) is playing…").format(name=state.player.name)

    def choose(self, table: TableView) -> Choice:
        """The bot's move, decided from its seat's view only (``bots.choose``)."""
        state = table.state
        rng = random.Random(f"ttr-app:{state.seed}:{table.game.cursor}")
        return choose(self.level, state, rng)

    def __repr__(self) -> str:
        return f"BotSeat({self.level!r})"


class RemoteSeat(Seat):
    """A seat of a shared table played elsewhere (see the module docstring). ``kind`` is what
    the players table says of it (``"human"``, a bot's level); ``who`` how the prompt names
    whoever plays it now ("Ann", "Ann (the table's bot plays while Ann is away)")."""

    private = True

    def __init__(self, kind: str = "human", who: str = "") -> None:
        self.kind, self.who = kind, who

    def refusal(self, table: TableView) -> RulesError | None:
        state = table.state
        if state.is_over:
            return game_over()
        name = state.player.name
        said = (_("It is your turn; wait for {who} to play.") if is_you(name) else
                _("It is {name}'s turn; wait for {who} to play."))
        return RulesError("turn.order", said.format(name=name, who=self.who or name))

    def prompt(self, table: TableView) -> str:
        state = table.state
        if state.is_over:
            return super().prompt(table)
        return _("Waiting for {who}…").format(who=self.who or state.player.name)

    def __repr__(self) -> str:
        return f"RemoteSeat({self.kind!r}, {self.who!r})"


class _LessonSeat(Seat):
    """A lesson's seat: the game's end is the lesson's (Reset), the core refuses what is
    tried after it."""

    def refusal(self, table: TableView) -> RulesError | None:
        return None

    def prompt(self, table: TableView) -> str:
        return _("The game is over. Press Reset to try again.")


class LearnerSeat(_LessonSeat):
    """A seat the learner has taken in a lesson: they move it, nothing is hidden (one learner
    plays every seat they take)."""

    kind = "you"
    here = True

    def prompt(self, table: TableView) -> str:
        state = table.state
        if state.is_over:
            return super().prompt(table)
        name, pending = state.player.name, state.pending
        if isinstance(pending, TicketChoice):
            return _("{name}: choose the tickets to keep (at least {keep}).").format(
                name=name, keep=pending.keep)
        if isinstance(pending, TunnelPayment):
            return _("{name}: pay the tunnel's extra cards, or decline.").format(name=name)
        if isinstance(pending, DepotPlacement):
            return _("{name}: place a Depot — click a city on the board.").format(name=name)
        if pending is not None:
            return _("{name}: finish the turn below.").format(name=name)
        if state.warehouses:
            said = (_("Your turn: draw cards, click a route or a city (a station, a Depot), or "
                      "draw tickets.") if is_you(name) else
                    _("{name}'s turn: draw cards, click a route or a city (a station, a Depot), "
                      "or draw tickets."))
        elif state.board.has_stations:
            said = (_("Your turn: draw cards, click a route or a city (a station), or draw "
                      "tickets.") if is_you(name) else
                    _("{name}'s turn: draw cards, click a route or a city (a station), or draw "
                      "tickets."))
        else:
            said = (_("Your turn: draw cards, click a route, or draw tickets.") if is_you(name)
                    else _("{name}'s turn: draw cards, click a route, or draw tickets."))
        return said.format(name=name)


class WaitingSeat(_LessonSeat):
    """A lesson's seat the learner has not taken: nobody moves it; a click for it is refused
    under ``turn.order`` until the learner takes it ("Play Ben's turn")."""

    kind = "waits"

    def refusal(self, table: TableView) -> RulesError | None:
        state = table.state
        return None if state.is_over else turn_over(state, _learner(table))

    def prompt(self, table: TableView) -> str:
        state = table.state
        if state.is_over:
            return super().prompt(table)
        learner = _learner(table)
        if _choosing_setup_tickets(state):  # not a turn: each player keeps tickets in turn
            return _("Choosing starting tickets is not a turn; {name} chooses next. Press "
                     "“{button}” to choose for them, or Reset.").format(
                name=state.player.name, button=take_over_label(state))
        said = (_("Your turn is over; it is {name}'s turn. Press “{button}” to play it, or "
                  "Reset.") if is_you(learner) else
                _("{learner}'s turn is over; it is {name}'s turn. Press “{button}” to play it, "
                  "or Reset."))
        return said.format(learner=learner, name=state.player.name,
                           button=take_over_label(state))


class TeamSeat(Seat):
    """A seat at a team game: ``inner`` (a person, a bot, a learner, a waiting seat) decides
    who may act, whether the seat moves by itself and what it plays; this policy speaks the
    team's words (see the module docstring)."""

    def __init__(self, inner: Seat) -> None:
        if isinstance(inner, TeamSeat):
            raise ValueError("inner: already a team seat")
        self.inner = inner
        self.kind, self.here, self.private = inner.kind, inner.here, inner.private
        self.moves_itself = inner.moves_itself

    def refusal(self, table: TableView) -> RulesError | None:
        refusal = self.inner.refusal(table)
        if refusal is None or refusal.rule != "turn.order" or not isinstance(self.inner,
                                                                            BotSeat):
            return refusal
        state = table.state
        name, viewer = state.player.name, table.viewer
        side = (_("your teammate") if viewer is not None and viewer != state.current
                and viewer // 2 == state.team else team_label(state.team))
        kind = bot_words(name, self.inner.level)
        who = _("{side}, {kind}").format(side=side, kind=kind) if kind else side
        said = (_("It is your turn ({kind}); wait for it to play.") if is_you(name) else
                _("It is {name}'s turn ({kind}); wait for it to play."))
        return RulesError("turn.order", said.format(name=name, kind=who))

    def prompt(self, table: TableView) -> str:
        state = table.state
        if state.is_over or not self.here or table.viewer != state.current or \
                isinstance(state.pending, DepotPlacement):
            return self.inner.prompt(table)
        return _team_prompt(state)

    def choose(self, table: TableView) -> Choice | None:
        return self.inner.choose(table)

    def __repr__(self) -> str:
        return f"TeamSeat({self.inner!r})"


def team_seat(seat: Seat, teams: bool) -> Seat:
    """``seat`` as it sits at a game played in teams (``teams``) or not: wrapped in a
    ``TeamSeat`` (once), or as it is."""
    if isinstance(seat, TeamSeat):
        return seat if teams else seat.inner
    return TeamSeat(seat) if teams else seat


def _learner(table: TableView) -> str:
    viewer = table.viewer
    state = table.state
    return state.players[state.current if viewer is None else viewer].name


def game_over() -> RulesError:
    return RulesError("turn.game-over", _("The game is over; nothing more can be played. See "
                                          "the score."))


def take_over_label(state: GameState) -> str:
    """A lesson's button that moves for the player to move: "Play Ben's turn", or while Ben
    chooses his starting tickets (not a turn) "Choose Ben's tickets"."""
    name = state.player.name
    if _choosing_setup_tickets(state):
        said = _("Choose your tickets") if is_you(name) else _("Choose {name}'s tickets")
    else:
        said = _("Play your turn") if is_you(name) else _("Play {name}'s turn")
    return said.format(name=name)


def _choosing_setup_tickets(state: GameState) -> bool:
    pending = state.pending
    return isinstance(pending, TicketChoice) and pending.setup


def turn_over(state: GameState, learner: str) -> RulesError:
    """The refusal for a click once the learner's turn is over: the rule the app cites for a
    click out of turn (``turn.order``), and how to go on. At setup the learner has kept their
    starting tickets, which is not a turn."""
    name, button = state.player.name, take_over_label(state)
    if _choosing_setup_tickets(state):
        return RulesError("turn.order", _(
            "{name} chooses starting tickets now; {learner} already did. Press “{button}” to "
            "choose for them, or Reset.").format(name=name, learner=learner, button=button))
    said = (_("It is {name}'s turn: your turn is over. Press “{button}” to move for them, or "
              "Reset.") if is_you(learner) else
            _("It is {name}'s turn: {learner}'s turn is over. Press “{button}” to move for "
              "them, or Reset."))
    return RulesError("turn.order", said.format(name=name, learner=learner, button=button))


def viewer(seats: Sequence[Seat], state: GameState,
           revealed: tuple[int, int] | None = None) -> int | None:
    """The seat whose hand and tickets the screen shows (``None``: hidden).

    Nobody here: the player to move when only bots play (everything to watch), nobody at a
    shared table watched from here (its remote seats are private). One seat here: that one.
    Several people here with private hands (a hotseat): the player to move once they asked to
    see their hand this turn (``revealed`` is that seat and turn), else nobody's. Several seats
    of one learner: the player to move, or between turns the seat the learner moved last."""
    here = [i for i, seat in enumerate(seats) if seat.here]
    current = state.current
    if not here:
        return None if any(seat.private for seat in seats) else current
    if len(here) == 1:
        return here[0]
    if any(seats[i].private for i in here):
        return current if revealed == (current, state.turn) and current in here else None
    return current if current in here else max(
        here, key=lambda seat: (seat - current) % len(state.players))


def seats_for(kinds: Sequence[str], players: int) -> tuple[Seat, ...]:
    """The play app's seats: ``"human"`` a person here, any other kind that bot (``KINDS``);
    ``ValueError`` naming the entry that is not one, or for a count that is not ``players``."""
    kinds = tuple(kinds)
    if len(kinds) != players:
        raise ValueError(f"kinds: expected one per player ({players}), got {len(kinds)}")
    for i, kind in enumerate(kinds):
        if kind not in KINDS:
            raise ValueError(f"kinds[{i}]: expected one of {', '.join(KINDS)}, not {kind!r}")
    return tuple(PersonSeat() if kind == "human" else BotSeat(kind) for kind in kinds)


def _pending_prompt(state: GameState) -> str:
    """The play app's words for a decision the player to move has to finish ('' for none)."""
    name, pending = state.player.name, state.pending
    if isinstance(pending, TicketChoice):
        if pending.max_long is None:
            said = _("{name}: choose the tickets to keep (at least {keep}).")
        else:
            said = _("{name}: choose the tickets to keep (at least {keep}, at most {long} of "
                     "them long).")
        return said.format(name=name, keep=pending.keep, long=pending.max_long)
    if isinstance(pending, TunnelPayment):
        return ngettext("{name}: the tunnel asks for {n} more card: pay or decline.",
                        "{name}: the tunnel asks for {n} more cards: pay or decline.",
                        pending.extra).format(name=name, n=pending.extra)
    if isinstance(pending, SecondCard):
        return _("{name}: take your second card.").format(name=name)
    if isinstance(pending, FirstCard):
        return _("{name}: now take your cards (blind or face up).").format(name=name)
    if isinstance(pending, CollectChoice):
        return _("{name}: your route reaches a Depot: choose the Warehouses to collect (or "
                 "none).").format(name=name)
    return ""


def _team_prompt(state: GameState) -> str:
    """A team game's words for what the player to move, who sees their hand, does now."""
    name, pending = state.player.name, state.pending
    if isinstance(pending, CardPlacement):
        card = CARD_NAMES[pending.card] if pending.card != NO_CARD else ""
        drawn = (_("the locomotive") if card == LOCOMOTIVE else
                 _("the {colour} card").format(colour=colour_of(card)) if card else
                 _("the card"))
        return _("{name}: put {card} you drew into your hand or the team holder (the second "
                 "card goes to the other place).").format(name=name, card=drawn)
    if isinstance(pending, ShareChoice):
        return _("{name}: choose a ticket you kept to put into the team's ticket "
                 "holder.").format(name=name)
    if isinstance(pending, SecondCard) and pending.to:
        said = (_("{name}: take your second card; it goes into the team holder.")
                if pending.to == HOLDER else
                _("{name}: take your second card; it goes into your hand."))
        return said.format(name=name)
    if pending is not None:
        return _pending_prompt(state)
    verbs = _("draw cards, click a route to claim it, draw tickets, or share tickets")
    return _whose_turn(name, verbs, state.last_round)


#: What a turn's prompt adds in the game's last round.
LAST_ROUND = N_("Last round!")


def _whose_turn(name: str, verbs: str, last_round: bool) -> str:
    """'Your turn: draw cards, ….', "Ann's turn: …." (and 'Last round!')."""
    said = (_("Your turn: {verbs}.") if is_you(name) else _("{name}'s turn: {verbs}.")).format(
        name=name, verbs=verbs)
    return f"{said} {_(LAST_ROUND)}" if last_round else said


def _turn_prompt(state: GameState) -> str:
    """The play app's words for a turn to begin: what the player may do."""
    verbs = _("draw cards, click a route to claim it, or draw tickets")
    if state.board.has_stations:
        verbs = _("draw cards, click a route to claim it, click a city for a station, or draw "
                  "tickets")
    if state.warehouses:
        verbs = (_("feed a Warehouse and draw cards, click a route to claim it, click a city "
                   "for a station or a Depot, or draw tickets") if state.board.has_stations else
                 _("feed a Warehouse and draw cards, click a route to claim it, click a city "
                   "for a Depot, or draw tickets"))
    return _whose_turn(state.player.name, verbs, state.last_round)
