"""Team play's legal actions and refusals (rules.teams): what the player to move may do
(``legal_actions``), the track rules of team play, and why an action is refused
(``why_illegal``, a ``RulesError`` naming its rule). Importable from ``rules.teams`` too."""

from __future__ import annotations

from itertools import combinations

from ttr_widgets.rules.actions import DeclineTunnel, DrawTickets, KeepTickets, Pass
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.model import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    EMPTY_HAND,
    GRAY,
    LOCO,
    Hand,
    Route,
)
from ttr_widgets.rules.state import NO_CARD, OPEN, TicketChoice
from ttr_widgets.rules.team_state import (
    HAND,
    HOLDER,
    SHARE_MAX,
    ClaimTeamRoute,
    DrawTeamCard,
    PayTeamTunnel,
    SecondTeamCard,
    ShareChoice,
    ShareTicket,
    ShareTickets,
    TeamAction,
    TeamGame,
    TeamPending,
    TeamTunnel,
)
from ttr_widgets.rules.words import count

# --------------------------------------------------------------------------- paying


def _minus(hand: Hand, cost: Hand) -> Hand:
    return tuple(h - c for h, c in zip(hand, cost, strict=True))


def _plus(hand: Hand, more: Hand) -> Hand:
    return tuple(h + c for h, c in zip(hand, more, strict=True))


def _one(card: int) -> Hand:
    return tuple(int(i == card) for i in range(len(EMPTY_HAND)))


def _costs(color: str, colored: int, locos: int, holder_cards: int, holder_locos: int
           ) -> tuple[Hand, Hand]:
    """(from the hand, from the holder) for a payment."""
    hand, holder = [0] * len(EMPTY_HAND), [0] * len(EMPTY_HAND)
    ci = CARD_INDEX[color]
    if colored:
        hand[ci], holder[ci] = colored - holder_cards, holder_cards
    hand[LOCO] += locos - holder_locos
    holder[LOCO] += holder_locos
    return tuple(hand), tuple(holder)


def _cards(cost: Hand) -> tuple[int, ...]:
    return tuple(c for c, n in enumerate(cost) for _ in range(n))


# --------------------------------------------------------------------------- options


def _six_doubles(game: TeamGame) -> bool:
    return game.options.team_six_player_doubles is not False


def _one_per_team(game: TeamGame) -> bool:
    return game.options.team_double_one_per_team is not False


# --------------------------------------------------------------------------- legal actions


def legal_actions(game: TeamGame) -> list[TeamAction]:
    """Every legal action in a fixed order: card draws, tickets, shares, claims in board
    order (each payment's hand/holder splits), or Pass when nothing else is possible."""
    if game.is_over:
        return []
    pending = game.pending
    if isinstance(pending, TicketChoice):
        return [KeepTickets(c) for k in range(len(pending.tickets), pending.keep - 1, -1)
                for c in combinations(pending.tickets, k)]
    if isinstance(pending, ShareChoice):
        return [ShareTicket(t) for t in pending.tickets]
    if isinstance(pending, SecondTeamCard):
        return _draws(game, (pending.to,), second=True)
    if isinstance(pending, TeamTunnel):
        return [*_tunnel_payments(game, pending), DeclineTunnel()]
    actions: list[TeamAction] = list(_draws(game, (HAND, HOLDER), second=False))
    if game.tickets:
        actions.append(DrawTickets())
    mine = game.player.tickets
    actions += [ShareTickets(c) for k in (1, 2) for c in combinations(mine, k)]
    for route in game.board.routes:
        if _closed(game, route) is None and game.player.trains >= route.length:
            actions += _claims(game, route)
    return actions or [Pass()]


def _draws(game: TeamGame, places: tuple[str, ...], second: bool) -> list[TeamAction]:
    out: list[TeamAction] = []
    if game.deck or game.discard:
        out += [DrawTeamCard(p) for p in places]
    for card in sorted({c for c in game.face_up if c != NO_CARD}):
        if card == LOCO:
            if not second:
                out.append(DrawTeamCard(HOLDER, CARD_NAMES[LOCO]))
        else:
            out += [DrawTeamCard(p, CARD_NAMES[card]) for p in places]
    return out


def _claims(game: TeamGame, route: Route) -> list[TeamAction]:
    hand, holder = game.player.hand, game.holders[game.team]
    out: list[TeamAction] = []
    colors = COLORS if route.color == GRAY else (route.color,)
    for locos in range(route.length + 1):
        if hand[LOCO] + holder[LOCO] < locos:
            break
        for color in (("locomotive",) if locos == route.length else colors):
            colored = route.length - locos
            ci = CARD_INDEX[color]
            if colored and hand[ci] + holder[ci] < colored:
                continue
            for hc, hl in _splits(hand, holder, ci, colored, locos):
                out.append(ClaimTeamRoute(route.id, color, locos, hc, hl))
    return out


def _splits(hand: Hand, holder: Hand, ci: int, colored: int, locos: int
            ) -> list[tuple[int, int]]:
    """Every (holder coloured cards, holder locomotives) the hand and holder can pay."""
    cards = range(max(0, colored - hand[ci]), min(colored, holder[ci]) + 1) if colored \
        else range(1)
    locs = range(max(0, locos - hand[LOCO]), min(locos, holder[LOCO]) + 1)
    return [(c, lo) for c in cards for lo in locs]


def _tunnel_payments(game: TeamGame, pending: TeamTunnel) -> list[TeamAction]:
    out: list[TeamAction] = []
    for locos in range(pending.extra + 1):
        if pending.color == "locomotive" and locos != pending.extra:
            continue
        hand, holder = _after_offer(game, pending)
        colored = pending.extra - locos
        ci = CARD_INDEX[pending.color]
        for hc, hl in _splits(hand, holder, ci, colored, locos):
            if _fits(hand, holder, ci, colored, locos, hc, hl):
                out.append(PayTeamTunnel(locos, hc, hl))
    return out


def _after_offer(game: TeamGame, pending: TeamTunnel) -> tuple[Hand, Hand]:
    """The hand and holder once the tunnel's offer is set aside."""
    hand_cost, holder_cost = _costs(pending.color, game.board.route(pending.route).length
                                    - pending.locomotives, pending.locomotives,
                                    pending.holder_cards, pending.holder_locomotives)
    return _minus(game.player.hand, hand_cost), _minus(game.holders[game.team], holder_cost)


def _fits(hand: Hand, holder: Hand, ci: int, colored: int, locos: int, hc: int, hl: int
          ) -> bool:
    return (0 <= hc <= colored and 0 <= hl <= locos and holder[ci] >= hc and holder[LOCO] >= hl
            and hand[ci] >= colored - hc and hand[LOCO] >= locos - hl)


# --------------------------------------------------------------------------- route rules


def _closed(game: TeamGame, route: Route) -> RulesError | None:
    """Why a route cannot be claimed by the player to move (team.double-*, team.triple-*)."""
    if game.owners[route.index] != OPEN:
        owner = game.players[game.owners[route.index]].name
        return RulesError("claim.open", f"{route} is already claimed by {owner}.")
    taken = [game.owners[game.board.route(r).index] for r in route.parallel]
    taken = [p for p in taken if p != OPEN]
    if not taken:
        return None
    if game.current in taken:
        return RulesError("team.parallel-own", f"You already own another track of {route}.")
    if route.triple:
        if game.num_players == 4 and len(taken) >= 2:
            return RulesError("team.triple-4p", f"With 4 players only 2 of the 3 tracks of "
                              f"{route.cities_label} are used, and both are taken.")
        return None
    open_both = route.stays_open or (game.num_players == 6 and _six_doubles(game))
    if not open_both:
        return RulesError("team.double-4p", f"With {game.num_players} players a double route "
                          f"closes once either track is taken: {route.cities_label} is "
                          "closed.")
    if _one_per_team(game) and any(p // 2 == game.team for p in taken):
        return RulesError("team.double-team", f"Your team already owns the other track of "
                          f"{route.cities_label}.")
    return None


# --------------------------------------------------------------------------- validation


def why_illegal(game: TeamGame, action: TeamAction) -> RulesError | None:
    """The rule an action breaks, or None when it is legal."""
    try:
        _check(game, action)
    except RulesError as error:
        return error
    return None


def _check(game: TeamGame, action: TeamAction) -> None:
    if game.seat >= 0:
        raise RulesError("team.view", "A player's view shows the table; play on the game.")
    if game.is_over:
        raise RulesError("turn.game-over", "The game is over; nothing more can be played.")
    pending = game.pending
    if pending is not None:
        _check_pending(game, pending, action)
    elif isinstance(action, DrawTeamCard):
        _check_draw(game, action, None)
    elif isinstance(action, ClaimTeamRoute):
        _check_claim(game, action)
    elif isinstance(action, DrawTickets):
        if not game.tickets:
            raise RulesError("tickets.empty", "The ticket pile is empty.")
    elif isinstance(action, ShareTickets):
        _check_share(game, action)
    elif isinstance(action, Pass):
        if legal_actions(game) != [Pass()]:
            raise RulesError("turn.pass", "You can only pass when there is nothing else you can "
                             "do.")
    else:
        raise RulesError("turn.one-action", "That is not how a turn starts: draw cards, claim a "
                         "route, draw tickets or share tickets.")


def _check_pending(game: TeamGame, pending: TeamPending, action: TeamAction) -> None:
    if isinstance(pending, TicketChoice):
        if not isinstance(action, KeepTickets):
            raise RulesError("turn.pending", "First choose which tickets to keep.")
        kept = action.tickets
        if len(set(kept)) != len(kept) or not set(kept) <= set(pending.tickets):
            raise RulesError("tickets.keep", "You can keep only tickets you were just given, "
                             "each once.")
        if len(kept) < pending.keep:
            rule = "team.setup-tickets" if pending.setup else "team.tickets-draw"
            raise RulesError(rule, f"Keep at least {pending.keep} of these "
                             f"{count(len(pending.tickets), 'ticket')}.")
    elif isinstance(pending, ShareChoice):
        if not isinstance(action, ShareTicket) or action.ticket not in pending.tickets:
            rule = "team.setup-share" if pending.setup else "team.tickets-share-on-draw"
            raise RulesError(rule, "Put one of the tickets you just kept into your team's "
                             "ticket holder.")
    elif isinstance(pending, SecondTeamCard):
        if not isinstance(action, DrawTeamCard):
            raise RulesError("draw.two-cards", "You drew one card; this turn you can only draw "
                             "your second card.")
        _check_draw(game, action, pending)
    elif not isinstance(action, DeclineTunnel):
        if not isinstance(action, PayTeamTunnel):
            raise RulesError("turn.pending", "The tunnel's cards are revealed: pay the extra "
                             "cards or decline.")
        if action not in _tunnel_payments(game, pending):
            raise RulesError("team.tunnel-surcharge", f"You cannot pay "
                             f"{count(pending.extra, 'more card')} that way (the colour offered "
                             "or locomotives, from your hand and the holder); you may decline.")


def _check_draw(game: TeamGame, action: DrawTeamCard, pending: SecondTeamCard | None) -> None:
    if action.to not in (HAND, HOLDER):
        raise RulesError("action.unknown", f"A card goes to your {HAND} or the team {HOLDER}, "
                         f"not {action.to!r}.")
    if pending is not None and action.to != pending.to:
        raise RulesError("team.draw-split", f"Your first card went to your "
                         f"{'hand' if pending.to == HOLDER else 'team holder'}: the second goes "
                         f"to the {'team holder' if pending.to == HOLDER else 'hand'}.")
    if action.card is None:
        if not (game.deck or game.discard):
            raise RulesError("draw.no-card", "The pile and the discards are empty: take a "
                             "face-up card instead.")
        return
    if action.card not in CARD_INDEX or CARD_INDEX[action.card] not in game.face_up:
        raise RulesError("draw.no-card", f"There is no face-up {action.card} to take.")
    if action.card == CARD_NAMES[LOCO]:
        if pending is not None:
            raise RulesError("draw.second-locomotive", "A face-up locomotive cannot be your "
                             "second card; take another card or draw blind.")
        if action.to != HOLDER:
            raise RulesError("team.draw-locomotive", "A face-up locomotive is the only card of "
                             "the turn and goes into the team holder.")


def _check_claim(game: TeamGame, action: ClaimTeamRoute) -> None:
    route = game.board.route_by_id.get(action.route)
    if route is None:
        raise RulesError("action.unknown", f"There is no route {action.route!r} on the "
                         f"{game.board.name} map.")
    closed = _closed(game, route)
    if closed is not None:
        raise closed
    if game.player.trains < route.length:
        raise RulesError("team.own-trains", f"{route} needs {count(route.length, 'train')} and "
                         f"you have {game.player.trains} left; your teammate's trains are "
                         "theirs.")
    if action not in _claims(game, route):
        raise RulesError("team.claim-payment", f"{route} takes {count(route.length, 'card')} "
                         "of one colour (its own, any one for gray; locomotives wild), from "
                         "your hand and your team's holder together; that payment is not there.")


def _check_share(game: TeamGame, action: ShareTickets) -> None:
    tickets = action.tickets
    if not 1 <= len(tickets) <= SHARE_MAX or len(set(tickets)) != len(tickets):
        raise RulesError("team.share-action", "Sharing moves 1 or 2 different tickets.")
    if not set(tickets) <= set(game.player.tickets):
        raise RulesError("team.share-action", "You can share only tickets in your own hand.")
