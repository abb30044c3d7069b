"""The probability lab's numbers: the odds players ask about, exact where a formula exists and
measured on simulated games where none does.

Exact (``fractions.Fraction``, from the cards a player can see; see ``odds`` for the model):

* ``fresh_row_refresh_chance``: a newly dealt face-up row shows enough locomotives to be redealt;
* ``chance_in_new_row`` / ``chance_in_blind_draws`` / ``seeing_curve``: a colour turns up;
* ``points_per_train``: what a train placed on a route of each length scores.

Measured on ``simulate.GameResult`` records (shares are exact fractions *of the sample*):

* ``refresh_stats``: how many 3-locomotive refreshes a game sees;
* ``completion_by_value``: how often tickets of each value get completed, by map and player count;
* ``ticket_gamble``: the net points tickets bring, those kept at setup against those drawn later;
* ``claim_frequency``: how often each route is claimed.

``results_from_records`` turns the dictionaries of a ``ttr simulate`` JSON file back into records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from ttr_widgets.bots.simulate import GameResult, PlayerResult, TicketOutcome
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.model import EMPTY_HAND, Board, Hand
from ttr_widgets.rules.odds import (
    STANDARD_DECK,
    chance_to_see,
    face_up_refresh_probability,
    unseen_pool,
)
from ttr_widgets.rules.stats import player_stats_from_dict
from ttr_widgets.rules.words import route_label

__all__ = [
    "BUCKET_EDGES", "LATER", "SETUP", "TRAIN_EDGES", "ClaimFrequency", "CompletionRate", "LabError",
    "RefreshStats", "RouteValue", "TicketGamble", "chance_in_blind_draws", "chance_in_new_row",
    "claim_frequency", "completion_by_value", "fresh_row_refresh_chance",
    "gamble_by_trains_left", "points_per_train", "pooled_by_stage",
    "refresh_stats", "results_from_records", "seeing_curve", "ticket_gamble", "ticket_net",
    "value_bucket",
]

ZERO = Fraction(0)
SETUP = "setup"  #: a ticket kept from the deal before the first turn
LATER = "later"  #: a ticket kept from a draw during the game
BUCKET_EDGES: tuple[int, ...] = (8, 12, 16, 20)  #: ticket values: ≤7, 8–11, 12–15, 16–19, ≥20


class LabError(TTRError):
    """A lab question that the given games or cards cannot answer."""


# --- the face-up row --------------------------------------------------------------------------

def fresh_row_refresh_chance(board: Board) -> Fraction:
    """The chance that a face-up row dealt from the whole deck shows at least the map's reset
    number of locomotives (3 of 5 on both maps), so it is discarded and dealt again."""
    rules = board.rules
    return face_up_refresh_probability(board.deck, rules.face_up, rules.face_up_locomotive_reset)


@dataclass(frozen=True, slots=True)
class RefreshStats:
    """3-locomotive refreshes over ``games`` simulated games. ``per_game`` pairs a number of
    refreshes with how many games had exactly that many (ascending, zero included)."""

    games: int
    refreshes: int
    per_game: tuple[tuple[int, int], ...]

    @property
    def mean(self) -> Fraction:
        """Refreshes per game, on average."""
        return Fraction(self.refreshes, self.games)

    @property
    def share_with_any(self) -> Fraction:
        """The share of games with at least one refresh."""
        return Fraction(sum(n for count, n in self.per_game if count), self.games)


def refresh_stats(results: Iterable[GameResult]) -> RefreshStats:
    """How often the face-up row was refreshed in ``results``."""
    counts = Counter(r.refreshes for r in _nonempty(results))
    tally = tuple((k, counts.get(k, 0)) for k in range(max(counts) + 1))
    return RefreshStats(games=sum(counts.values()),
                        refreshes=sum(k * n for k, n in counts.items()), per_game=tally)


# --- seeing a colour --------------------------------------------------------------------------

def chance_in_new_row(card: str, hand: Hand = EMPTY_HAND, seen: Hand = EMPTY_HAND,
                      deck: Hand = STANDARD_DECK, face_up: int = 5) -> Fraction:
    """The chance that a face-up row of ``face_up`` cards dealt from the cards the player cannot
    see shows at least one ``card`` (counted as dealt, before any 3-locomotive refresh)."""
    return chance_to_see(card, unseen_pool(hand, seen, deck), face_up)


def chance_in_blind_draws(card: str, draws: int, hand: Hand = EMPTY_HAND,
                          seen: Hand = EMPTY_HAND, deck: Hand = STANDARD_DECK) -> Fraction:
    """The chance that the next ``draws`` blind cards include at least one ``card``, given the
    player's ``hand`` and the cards they have ``seen``. (The draw pile's next cards are a uniform
    draw from everything unseen: the other hands are as unknown as the pile.)"""
    return chance_to_see(card, unseen_pool(hand, seen, deck), draws)


def seeing_curve(card: str, max_draws: int, hand: Hand = EMPTY_HAND, seen: Hand = EMPTY_HAND,
                 deck: Hand = STANDARD_DECK) -> tuple[Fraction, ...]:
    """``chance_in_blind_draws`` for ``0, 1, …, max_draws`` cards."""
    if isinstance(max_draws, bool) or not isinstance(max_draws, int) or max_draws < 0:
        raise LabError(f"max_draws must be a whole number ≥ 0, got {max_draws!r}")
    pool = unseen_pool(hand, seen, deck)
    return tuple(chance_to_see(card, pool, n) for n in range(max_draws + 1))


# --- the ticket gamble ------------------------------------------------------------------------

def ticket_net(ticket: TicketOutcome) -> int:
    """What a ticket did to its holder's score: its value if completed, minus it if not."""
    return ticket.value if ticket.completed else -ticket.value


def value_bucket(value: int, edges: Sequence[int] = BUCKET_EDGES) -> str:
    """The label of the bucket ``value`` falls in: with edges ``(8, 12)`` the buckets are
    ``'≤7'``, ``'8–11'`` and ``'≥12'``."""
    _check_edges(edges)
    low = max((e for e in edges if e <= value), default=None)
    if low is None:
        return f"≤{edges[0] - 1}"
    high = min((e for e in edges if e > value), default=None)
    return f"≥{low}" if high is None else f"{low}–{high - 1}"


def _check_edges(edges: Sequence[int]) -> None:
    if not edges or any(b <= a for a, b in pairwise(edges)):
        raise LabError(f"edges: give at least one value, in increasing order, not {edges!r}")


@dataclass(frozen=True, slots=True)
class CompletionRate:
    """Of ``tickets`` tickets worth ``bucket`` points held in ``map`` games of ``players``
    players, ``completed`` were completed. ``bucket_index`` orders the buckets (0: the lowest
    values)."""

    map: str
    players: int
    bucket: str
    tickets: int
    completed: int
    bucket_index: int

    @property
    def rate(self) -> Fraction:
        return Fraction(self.completed, self.tickets)


def completion_by_value(results: Iterable[GameResult], edges: Sequence[int] = BUCKET_EDGES,
                        stage: str | None = None) -> tuple[CompletionRate, ...]:
    """Completion rates by (map, player count, value bucket), ordered that way (buckets by
    value). ``stage`` keeps only tickets kept at ``SETUP`` or drawn ``LATER`` (None: all).
    Buckets nobody held are left out."""
    _check_edges(edges)
    if stage not in (None, SETUP, LATER):
        raise LabError(f"stage: {stage!r} is not {SETUP!r}, {LATER!r} or None")
    held: Counter[tuple[str, int, int]] = Counter()
    done: Counter[tuple[str, int, int]] = Counter()
    for result, ticket in _tickets(results):
        if stage is None or _stage(ticket) == stage:
            key = (result.map, len(result.players), _bucket_index(ticket.value, edges))
            held[key] += 1
            done[key] += ticket.completed
    labels = _bucket_labels(edges)
    return tuple(CompletionRate(m, n, labels[b], held[m, n, b], done[m, n, b], b)
                 for m, n, b in sorted(held))


def _bucket_index(value: int, edges: Sequence[int]) -> int:
    return sum(1 for e in edges if e <= value)


def _bucket_labels(edges: Sequence[int]) -> tuple[str, ...]:
    lows = (edges[0] - 1, *edges)
    return tuple(value_bucket(v, edges) for v in lows)


def _stage(ticket: TicketOutcome) -> str:
    return SETUP if ticket.kept_at_setup else LATER


def _tickets(results: Iterable[GameResult]) -> Iterable[tuple[GameResult, TicketOutcome]]:
    for result in _nonempty(results):
        for player in result.players:
            for ticket in player.tickets:
                yield result, ticket


@dataclass(frozen=True, slots=True)
class TicketGamble:
    """The tickets of one ``stage`` (``SETUP`` or ``LATER``) in ``map`` games of ``players``
    players: ``seats`` is the number of (game, player) pairs looked at, ``holders`` how many of
    them held at least one such ticket, ``net`` the points those tickets added up to."""

    map: str
    players: int
    stage: str
    seats: int
    holders: int
    tickets: int
    completed: int
    net: int

    @property
    def completion_rate(self) -> Fraction | None:
        return Fraction(self.completed, self.tickets) if self.tickets else None

    @property
    def net_per_ticket(self) -> Fraction | None:
        """The average net points of one ticket of this stage."""
        return Fraction(self.net, self.tickets) if self.tickets else None

    @property
    def net_per_holder(self) -> Fraction | None:
        """The average net points a player holding such tickets got from all of them."""
        return Fraction(self.net, self.holders) if self.holders else None

    @property
    def share_holding(self) -> Fraction:
        """The share of players who held at least one ticket of this stage."""
        return Fraction(self.holders, self.seats)


def ticket_gamble(results: Iterable[GameResult]) -> tuple[TicketGamble, ...]:
    """Net ticket points by (map, player count, stage), setup before later.

    A ticket's stage is all the records tell of when it was taken: kept from the deal at setup,
    or kept from a draw during the game. ``LATER`` rows estimate what drawing more tickets is
    worth to these bots (per ticket kept, and per player who drew); the records do not say on
    which turn, so they cannot tell an early draw from a late one."""
    rows: dict[tuple[str, int, str], list[int]] = {}
    for result in _nonempty(results):
        for player in result.players:
            for stage in (SETUP, LATER):
                row = rows.setdefault((result.map, len(result.players), stage), [0] * 5)
                _add_seat(row, [t for t in player.tickets if _stage(t) == stage])
    order = {SETUP: 0, LATER: 1}
    keys = sorted(rows, key=lambda key: (key[0], key[1], order[key[2]]))
    return tuple(TicketGamble(m, n, stage, *rows[m, n, stage]) for m, n, stage in keys)


TRAIN_EDGES = (15, 30)  #: trains left at a draw: under 15 (late), 15-29, 30 or more (early)


def gamble_by_trains_left(results: Iterable[GameResult], edges: Sequence[int] = TRAIN_EDGES
                          ) -> tuple[TicketGamble, ...]:
    """Net points of tickets drawn during the game, by the trains their holder had left when
    drawing them — the stage of the game at which the gamble was taken. ``stage`` reads like
    ``"30+ trains left"``; rows go from early (many trains) to late."""
    labels = _train_labels(edges)
    rows: dict[tuple[str, int, str], list[int]] = {}
    for result in _nonempty(results):
        for player in result.players:
            later = [t for t in player.tickets if t.trains_at_draw is not None]
            for label in labels:
                mine = [t for t in later if _train_label(t.trains_at_draw or 0, edges) == label]
                row = rows.setdefault((result.map, len(result.players), label), [0] * 5)
                _add_seat(row, mine)
    order = {label: i for i, label in enumerate(labels)}
    keys = sorted(rows, key=lambda key: (key[0], key[1], order[key[2]]))
    return tuple(TicketGamble(m, n, label, *rows[m, n, label]) for m, n, label in keys)


def pooled_by_stage(rows: Iterable[TicketGamble]) -> tuple[TicketGamble, ...]:
    """``rows`` (from ``gamble_by_trains_left``) added up stage by stage over every map and
    player count, in the rows' order of stages (early to late); ``map`` is ``"all"``,
    ``players`` 0."""
    pooled: dict[str, list[int]] = {}
    for row in rows:
        sums = pooled.setdefault(row.stage, [0] * 5)
        for i, value in enumerate((row.seats, row.holders, row.tickets, row.completed, row.net)):
            sums[i] += value
    return tuple(TicketGamble("all", 0, stage, *sums) for stage, sums in pooled.items())


def _train_labels(edges: Sequence[int]) -> tuple[str, ...]:
    ends = sorted(edges, reverse=True)
    labels = [_("{n}+ trains left").format(n=ends[0])]
    labels += [_("{low}-{high} trains left").format(low=low, high=high - 1)
               for high, low in pairwise(ends)]
    return (*labels, _("under {n} trains left").format(n=ends[-1]))


def _train_label(trains: int, edges: Sequence[int]) -> str:
    labels = _train_labels(edges)
    for i, edge in enumerate(sorted(edges, reverse=True)):
        if trains >= edge:
            return labels[i]
    return labels[-1]


def _maybe_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _add_seat(row: list[int], tickets: Sequence[TicketOutcome]) -> None:
    """Add one player's tickets to ``[seats, holders, tickets, completed, net]``."""
    row[0] += 1
    row[1] += bool(tickets)
    row[2] += len(tickets)
    row[3] += sum(t.completed for t in tickets)
    row[4] += sum(ticket_net(t) for t in tickets)


# --- route value ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RouteValue:
    """A route of ``length`` scores ``points``; the map has ``routes`` such tracks."""

    length: int
    points: int
    routes: int

    @property
    def per_train(self) -> Fraction:
        return Fraction(self.points, self.length)


def points_per_train(board: Board) -> tuple[RouteValue, ...]:
    """Every length in the map's scoring table, shortest first, with its points per train."""
    lengths = Counter(r.length for r in board.routes)
    return tuple(RouteValue(length, points, lengths.get(length, 0))
                 for length, points in sorted(board.rules.route_points))


@dataclass(frozen=True, slots=True)
class ClaimFrequency:
    """Route ``route_id`` (``label``, e.g. ``'Paris–Zurich (3 gray)'``) was claimed in
    ``claimed`` of ``games`` games."""

    route_id: str
    label: str
    length: int
    claimed: int
    games: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.claimed, self.games)


def claim_frequency(board: Board, results: Iterable[GameResult]) -> tuple[ClaimFrequency, ...]:
    """How often each route of ``board`` was claimed in ``results`` (all played on ``board``),
    most claimed first (ties in board order). Routes never claimed are included."""
    games = 0
    claims: Counter[str] = Counter()
    for result in _nonempty(results):
        if result.map != board.name:
            raise LabError(f"results: game {result.index} was played on {result.map!r}, "
                           f"not {board.name!r}")
        games += 1
        claims.update({route for player in result.players for route in player.routes})
    rows = [ClaimFrequency(r.id, route_label(r), r.length, claims.get(r.id, 0), games)
            for r in board.routes]
    return tuple(sorted(rows, key=lambda row: -row.claimed))


# --- records ----------------------------------------------------------------------------------

def results_from_records(records: Iterable[Mapping[str, Any]]) -> tuple[GameResult, ...]:
    """``GameResult`` values from the per-game dictionaries of a ``ttr simulate`` JSON file
    (``simulation.load_results``), the inverse of ``GameResult.to_dict``."""
    results = []
    for i, record in enumerate(records):
        try:
            results.append(_result(record))
        except (KeyError, TypeError, ValueError) as exc:
            raise LabError(f"records[{i}]: not a game result ({type(exc).__name__}: {exc})") \
                from None
    return tuple(results)


def _result(d: Mapping[str, Any]) -> GameResult:
    return GameResult(index=int(d["game"]), seed=int(d["seed"]), map=str(d["map"]),
                      players=tuple(_player(p) for p in d["players"]),
                      winners=tuple(str(w) for w in d["winners"]), turns=int(d["turns"]),
                      steps=int(d["steps"]), refreshes=int(d["refreshes"]),
                      ended_by=str(d["ended_by"]),
                      last_round_turn=_maybe_int(d.get("last_round_turn")))


def _player(p: Mapping[str, Any]) -> PlayerResult:
    tickets = tuple(TicketOutcome(str(t["id"]), int(t["value"]), bool(t["completed"]),
                                  bool(t["kept_at_setup"]), _maybe_int(t.get("drawn_turn")),
                                  _maybe_int(t.get("trains_at_draw"))) for t in p["tickets"])
    return PlayerResult(
        name=str(p["name"]), bot=str(p["bot"]), total=int(p["total"]),
        route_points=int(p["route_points"]), ticket_points=int(p["ticket_points"]),
        station_points=int(p["station_points"]), longest_bonus=int(p["longest_bonus"]),
        longest_trail=int(p["longest_trail"]), tickets=tickets,
        routes=tuple(str(r) for r in p["routes"]), stations_built=int(p["stations_built"]),
        trains_left=int(p["trains_left"]),
        stats=player_stats_from_dict(p["stats"]) if "stats" in p else None)


def _nonempty(results: Iterable[GameResult]) -> tuple[GameResult, ...]:
    games = tuple(results)
    if not games:
        raise LabError("results: no games to count; run a simulation first")
    return games
