"""What the table answers a click with, written once for the play app and the lesson boards:
a click on a city (what may be built there now, or the rule that forbids it), the tracks the
board draws closed, the board's marks for the state a table shows, and the Hint button's
answer. All ask the core (and the bots); none computes a rule."""

from __future__ import annotations

from collections.abc import Sequence

from ttr_widgets.bots import hint
from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.advice import depot_refusal, station_refusal, warehouse_sizes
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.i18n import _
from ttr_widgets.rules.legal import route_closed
from ttr_widgets.rules.state import GameState, TicketChoice, evolve
from ttr_widgets.widgets.board.marks import Marks

__all__ = ["city_answer", "closed_routes", "hint_answer", "table_marks"]


def hint_answer(state: GameState) -> tuple[Action, str]:
    """What the hint suggests for the player to move, and what a learner needs to follow it
    (``bots.hinting``): the move, why, the plan it serves, the clock and, near the end, a claim
    now weighed against waiting (up to a second or two of thought near the end)."""
    found = hint(state)
    words = " ".join(found.sentences)
    said = _("Hint for {name}: {move}.").format(name=state.player.name, move=found.what)
    return found.action, f"{said} {words}".strip()


def table_marks(state: GameState, *, shown: int | None, highlight: Sequence[str] = (),
                label: str = "", selected: str | None = None,
                selected_city: str | None = None) -> Marks:
    """The board's marks at a table showing ``state`` to ``shown`` (the viewer): everyone's
    routes, stations, Depots and Warehouse sizes, the highlight and the selection, the closed
    twins and, while the player shown chooses tickets, the offered tickets' cities."""
    marked: tuple[str, ...] = ()
    pending = state.pending
    if isinstance(pending, TicketChoice) and shown == state.current:
        tickets = [state.board.ticket(t) for t in pending.tickets]
        marked = tuple(dict.fromkeys(c for t in tickets for c in (t.a, t.b)))
    return Marks(owners=state.route_owners(), stations=state.station_owners(),
                 depots=state.depot_owners(), warehouses=warehouse_sizes(state),
                 highlight=highlight, highlight_label=label, selected=selected,
                 selected_city=selected_city, closed=closed_routes(state), marked=marked,
                 marked_label=_("ticket cities"))


def closed_routes(state: GameState) -> dict[str, str]:
    """Open tracks nobody may claim any more — the twin of a claimed double where only one
    track is used (rule claim.double-small) — and why, in the core's words (``legal.route_closed``;
    the board draws them closed, as the play app does)."""
    closed = {}
    for route in state.board.routes:
        error = route_closed(state, route) if route.double is not None else None
        if error is not None and error.rule == "claim.double-own" and not state.teams:
            # the player to move owns the twin: asked for another seat, the core says whether
            # the track is closed to everyone (2-3 players) or only to its twin's owner
            other = (state.owner(route.double) + 1) % state.num_players
            error = route_closed(evolve(state, current=other), route)
        if error is not None and error.rule == "claim.double-small":
            closed[route.id] = error.reason
    return closed


def city_answer(state: GameState, city: str) -> str | RulesError:
    """What a click on ``city`` is answered with, as the play app answers it: what may be built
    there now (a station, a Depot), or the rule that forbids it."""
    board = state.board
    label = board.city_label(city)
    if not state.warehouses:
        refusal = station_refusal(state, city)
        return refusal if refusal is not None else \
            _("Station in {city}: choose how to pay below.").format(city=label)
    depot = depot_refusal(state, city)
    station = station_refusal(state, city) if board.has_stations else None
    can_build = board.has_stations and station is None
    if depot is None and can_build:
        return _("{city}: build a station (choose how to pay below) or place a Depot (a free "
                 "action).").format(city=label)
    if depot is None:
        return _("{city}: place a Depot here, below (a free action: your turn goes on).").format(
            city=label)
    if can_build:
        return _("Station in {city}: choose how to pay below.").format(city=label)
    return station if station is not None else depot
