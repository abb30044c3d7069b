"""The team table: a team game (Team Asia rules, ``rules.teams``) on a clickable board.

4 or 6 seats in teams of 2 (seats 1 and 2 the first team), each a person or a team bot
(``rules.team_simulate.TEAM_BOTS``). Teams are told apart by colour and name (the Blue team:
Ann & Ben); teammates' trains are two shades of their team's colour. The side panel shows both
team holders (shared cards, shared tickets), the draw flow (which place the first card goes to;
the second goes to the other), the share action, the ticket choices, a claim's payments from
hand and holder, a tunnel's surcharge, and the team score table at the end.

Nothing here decides a rule: every button plays an action the core checks (``teams.apply``);
what may be paid is the core's ``legal_actions``, a refusal the core's ``why_illegal``; what a
person sees is the core's ``teams.view`` of their seat, so a teammate's hand never shows. With
two or more people at the table (hotseat) a hand shows only after its owner presses "Show".
"""

from __future__ import annotations

import asyncio
import html
import random
from collections.abc import Callable, Sequence
from functools import partial

import ipywidgets as widgets

from ttr_widgets.bots import LEVELS, choose
from ttr_widgets.rules.actions import (
    Action,
    ClaimRoute,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    PlaceCard,
    ShareTickets,
)
from ttr_widgets.rules.engine import apply, legal_actions, new_game, score, why_illegal
from ttr_widgets.rules.errors import RulesError
from ttr_widgets.rules.model import CARD_NAMES, Board, Hand
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import (
    NO_CARD,
    OPEN,
    CardPlacement,
    GameState,
    Options,
    SecondCard,
    ShareChoice,
    TicketChoice,
    TunnelPayment,
    evolve,
)
from ttr_widgets.rules.teams import HAND, HOLDER
from ttr_widgets.rules.view import HIDDEN, view
from ttr_widgets.rules.words import count, possessive
from ttr_widgets.widgets.board.map_view import MapView
from ttr_widgets.widgets.table.bots import BotTurns
from ttr_widgets.widgets.table.market import card_button, card_chip, paint_card
from ttr_widgets.widgets.table.players import hotseat_viewer, humans
from ttr_widgets.widgets.table.status import StatusLine
from ttr_widgets.widgets.table.stepper import EMPTY_LOG_HTML, log_entry_html

__all__ = ["TEAM_COLORS", "TEAM_KINDS", "TEAM_NAMES", "TeamTable", "payment_words"]

TEAM_KINDS = ("human", *LEVELS)  #: what sits in a seat: a person or a bot of a level
TEAM_NAMES = ("Blue", "Red", "Green")  #: each team's name, by its colour
TEAM_COLORS = (("#1f4e9c", "#6b9be6"), ("#b3261e", "#ec8a84"), ("#1d7a36", "#71c98a"))
BOARD_WIDTH, BOARD_HEIGHT = 900, 560  #: as the play app draws its board (fit.BoardFit)


def team_label(team: int) -> str:
    """'Blue team'."""
    return f"{TEAM_NAMES[team]} team"


def payment_words(action: ClaimRoute | PayTunnel, color: str, cards: int) -> str:
    """A payment in words: ``'3 red (1 from the holder) + 1 locomotive (from your hand)'``;
    ``cards`` is how many cards it pays in all."""
    locos = action.locomotives
    colored = cards - locos
    parts = []
    if colored:
        parts.append(f"{colored} {color}{_where(colored, action.holder_cards)}")
    if locos:
        parts.append(f"{count(locos, 'locomotive')}{_where(locos, action.holder_locomotives)}")
    return " + ".join(parts) or "nothing"


def _where(cards: int, from_holder: int) -> str:
    if from_holder == 0:
        return " from your hand"
    if from_holder == cards:
        return " from the holder"
    return f" ({from_holder} from the holder)"


def _button(description: str, css: str, on_click: Callable[[], object], *,
            width: str = "auto", tooltip: str = "") -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip,
                            layout=widgets.Layout(width=width, margin="1px"))
    button.add_class(css)
    button.on_click(lambda _b: on_click())
    return button


class TeamTable(widgets.HBox):
    """A team game's board and side panel (see the module docstring).

    ``TeamTable(board, names, kinds, seed)`` deals a new game; ``kinds[i]`` is ``"human"`` or
    a team bot. ``bot_delay``: seconds between bot moves on the running event loop (0, or no
    loop: at once). ``on_leave``: called by the "Leave the team game" button."""

    def __init__(self, board: Board, names: Sequence[str], kinds: Sequence[str],
                 seed: int = 0, *, bot_delay: float = 0.4, options: Options | None = None,
                 on_leave: Callable[[], object] | None = None,
                 game: GameState | None = None) -> None:
        if game is not None and (game.board is not board or tuple(
                p.name for p in game.players) != tuple(names)):
            raise ValueError("game: expected a game on this board with these players")
        if len(kinds) != len(names):
            raise ValueError(f"kinds: expected one per player ({len(names)}), got {len(kinds)}")
        unknown = [k for k in kinds if k not in TEAM_KINDS]
        if unknown:
            raise ValueError(f"kinds: expected one of {', '.join(TEAM_KINDS)}, not "
                             f"{unknown[0]!r}")
        if game is None:
            game = new_game(board, names, seed, evolve(options or Options(), teams=True))
        self._game = game
        self._kinds = tuple(kinds)
        self.bot_delay = bot_delay
        self._revealed: tuple[int, int] | None = None
        self._selected: str | None = None
        self._bots = BotTurns()  #: the bots' moves under way on the event loop
        self._on_leave = on_leave
        self.moves = 0  #: actions played so far (the browser test waits on it)
        #: called after each move a person plays, with (before, action, after)
        self.on_move: list[Callable[[GameState, Action, GameState], object]] = []
        #: called with each refusal the status line shows
        self.on_refusal: list[Callable[[RulesError], object]] = []

        colors = [TEAM_COLORS[i // 2][i % 2] for i in range(len(names))]
        self.map_view = MapView(board, player_colors=colors, player_names=list(names),
                                width=BOARD_WIDTH, height=BOARD_HEIGHT)
        self.map_view.on_route_click(self.select_route)
        self.status = StatusLine()
        self.teams_html = widgets.HTML()
        self.teams_html.add_class("ttr-team-teams")
        self.show_hand = _button("Show hand", "ttr-team-show", self.reveal_hand)
        self.pending_box = widgets.VBox()
        self.pending_box.add_class("ttr-team-pending")
        self.claim_box = widgets.VBox()
        self.claim_box.add_class("ttr-team-claim")
        self.row_buttons = [card_button(partial(self._draw, slot)) for slot in range(5)]
        for button in self.row_buttons:
            button.add_class("ttr-team-faceup")
        self.blind = _button("Draw blind", "ttr-team-blind", lambda: self._draw(None),
                             width="92px")
        self.draw_tickets = _button("Draw tickets", "ttr-team-draw-tickets",
                                    lambda: self.play(DrawTickets()), width="100px")
        self.pass_button = _button("Pass", "ttr-team-pass", lambda: self.play(Pass()),
                                   width="60px")
        self.hand_html = widgets.HTML()
        self.hand_html.add_class("ttr-team-hand")
        self.holder_html = widgets.HTML()
        self.holder_html.add_class("ttr-team-holder")
        self.share_picks: list[widgets.Checkbox] = []
        self.share_box = widgets.VBox()
        self.share_box.add_class("ttr-team-share")
        self.score_html = widgets.HTML()
        self.score_html.add_class("ttr-team-score")
        self.leave = _button("Leave the team game", "ttr-team-leave", self._leave)
        self.events: list[str] = []  #: what happened, move by move (the core's public events)
        self.log_toggle = widgets.ToggleButton(description="What happened", icon="list",
                                               tooltip="Every move of this game, newest first",
                                               layout=widgets.Layout(width="auto"))
        self.log_toggle.add_class("ttr-team-log-toggle")
        self.log_toggle.observe(lambda _c: self._render_log(), names="value")
        self.log_html = widgets.HTML()
        self.log_html.add_class("ttr-team-log")
        market = widgets.VBox([widgets.HBox(self.row_buttons),
                               widgets.HBox([self.blind, self.draw_tickets, self.pass_button])])
        market.add_class("ttr-team-market")
        # beside the board, the panel is no taller than the board: what comes under the teams
        # scrolls (style.APP_CSS, ttr-side-scroll)
        body = widgets.VBox([self.show_hand, self.score_html, self.pending_box, self.claim_box,
                             market, self.hand_html, self.holder_html, self.share_box,
                             self.log_toggle, self.log_html, self.leave])
        body.add_class("ttr-side-scroll")
        self.side = widgets.VBox([self.status, self.teams_html, body],
                                 layout=widgets.Layout(min_width="330px", flex="1 1 330px"))
        self.side.add_class("ttr-side")
        board_box = widgets.Box([self.map_view.widget])
        board_box.add_class("ttr-board")
        super().__init__([board_box, self.side],
                         layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self.add_class("ttr-row")
        self.add_class("ttr-team-table")
        self._render()
        self.status.say("A team game is dealt.", then=self._prompt())
        self._advance()

    # -- what the table shows --------------------------------------------------------------

    @property
    def game(self) -> GameState:
        return self._game

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._kinds

    @property
    def humans(self) -> tuple[int, ...]:
        return humans(self._kinds)

    @property
    def viewer(self) -> int | None:
        """The seat whose hand and tickets are shown (None: hidden between hotseat turns)."""
        game = self._game
        return hotseat_viewer(self._kinds, game.current, game.turn, self._revealed)

    @property
    def score_sheet(self) -> ScoreSheet | None:
        return score(self._game) if self._game.is_over else None

    @property
    def bot_task(self) -> asyncio.Task[None] | None:
        return self._bots.task

    # -- actions -------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Play ``action`` for the person to move; a refusal goes to the status line."""
        refusal = self._seat_refusal() or why_illegal(self._game, action)
        if refusal is not None:
            self.status.refuse(refusal)
            for listener in self.on_refusal:
                listener(refusal)
            return False
        before = self._game
        self._game = apply(before, action)
        self._tell(self._game)
        for callback in self.on_move:
            callback(before, action, self._game)
        self.moves += 1
        self._selected = None
        told = self._game.last_event
        self._render()
        if not self._advance(told):
            self.status.say(told, "done", then=self._prompt())
        return True

    def select_route(self, route_id: str) -> None:
        """A route clicked on the board: its payments from hand and holder, or why not."""
        refusal = self._seat_refusal()
        if refusal is None and self.viewer != self._game.current:
            refusal = RulesError("turn.order", "Show your hand first.")
        if refusal is None and self._game.pending is not None:
            refusal = why_illegal(self._game, self._probe(route_id))
        payments = [a for a in legal_actions(self._game)
                    if isinstance(a, ClaimRoute) and a.route == route_id]
        if refusal is None and not payments:
            refusal = why_illegal(self._game, self._probe(route_id))
        self._selected = route_id if refusal is None else None
        self._render(payments)
        route = self._game.board.route(route_id)
        if refusal is not None:
            self.status.refuse(refusal)
        else:
            self.status.say(f"{route}: choose how to pay below (hand and holder together).")

    def _probe(self, route_id: str) -> ClaimRoute:
        route = self._game.board.route(route_id)
        color = route.color if route.color in CARD_NAMES else CARD_NAMES[0]
        return ClaimRoute(route_id, color)

    def reveal_hand(self) -> None:
        """Hotseat: show the hand of the person whose turn it is."""
        game = self._game
        if game.current not in self.humans:
            self.status.refuse(self._turn_order())
            return
        self._revealed = (game.current, game.turn)
        self._render()
        self.status.say(self._prompt())

    def _draw(self, slot: int | None) -> None:
        card = None if slot is None else self._game.face_up[slot]
        self.play(DrawBlind() if card is None else DrawFaceUp(CARD_NAMES[card]))

    def _leave(self) -> None:
        self.stop()
        if self._on_leave is not None:
            self._on_leave()

    def stop(self) -> None:
        """Stop the bots playing on the event loop."""
        self._bots.stop()

    # -- seats and bots ------------------------------------------------------------------------

    def _turn_order(self) -> RulesError:
        name = self._game.player.name
        return RulesError("turn.order", f"It is {possessive(name, capital=False)} turn "
                          f"({self._kinds[self._game.current]} bot); wait for it to play.")

    def _seat_refusal(self) -> RulesError | None:
        if self._game.is_over:
            return RulesError("turn.game-over", "The game is over; see the team scores.")
        if self._kinds[self._game.current] != "human":
            return self._turn_order()
        return None

    def _bot_to_move(self) -> bool:
        return not self._game.is_over and self._kinds[self._game.current] != "human"

    def _advance(self, told: str = "") -> bool:
        """Bots play until a person is to move: at once without a loop or delay, else one
        move per ``bot_delay`` on the loop."""
        if not self._bot_to_move() or self._bots.task is not None:
            return False

        def finish(on_loop: bool) -> None:
            self._render()
            if on_loop:
                self.status.say(self._game.last_event, then=self._prompt())
            else:
                self.status.say(told, "done" if told else "info", then=self._prompt())

        if self._bots.play(self.bot_delay, to_move=self._bot_to_move, step=self._bot_step,
                           finish=finish):
            return True
        self._render()
        if told:
            self.status.say(told, "done")
        return True

    def _bot_step(self, on_loop: bool) -> bool:
        """One bot move; on the loop, shown and told at once."""
        self._bot_move()
        if on_loop:
            self._render()
            self.status.say(self._game.last_event)
        return True

    def _bot_move(self) -> None:
        """The bot of the seat to move decides from that seat's view only."""
        game = self._game
        seat = game.current
        rng = random.Random(f"ttr-team-app:{game.seed}:{self.moves}")
        choice = choose(self._kinds[seat], game, rng)
        self._game = apply(game, choice.action)
        self._tell(self._game)
        self.moves += 1

    # -- drawing -------------------------------------------------------------------------------

    def _prompt(self) -> str:
        game = self._game
        if game.is_over:
            sheet = score(game)
            return f"Game over. {sheet.reason}"
        name = game.player.name
        if self._kinds[game.current] != "human":
            return f"{name} (bot) is playing…"
        if self.viewer is None:
            return f"{possessive(name)} turn: press “Show hand” when the others look away."
        pending = game.pending
        if isinstance(pending, TicketChoice):
            return f"{name}: choose the tickets to keep (at least {pending.keep})."
        if isinstance(pending, ShareChoice):
            return f"{name}: choose a ticket to put in the team's ticket holder."
        if isinstance(pending, CardPlacement):
            return f"{name}: put the card you drew into your hand or the team holder."
        if isinstance(pending, SecondCard):
            return f"{name}: take your second card; it goes to the {_place(pending.to)}."
        if isinstance(pending, TunnelPayment):
            return f"{name}: the tunnel asks for {count(pending.extra, 'more card')}: pay or " \
                   "decline."
        last = " Last round!" if game.final_turns > 0 else ""
        return (f"{possessive(name)} turn: draw cards, click a route to claim it, or draw or "
                f"share tickets.{last}")

    def _render(self, payments: Sequence[ClaimRoute] = ()) -> None:
        game, viewer = self._game, self.viewer
        seen = view(game, viewer) if viewer is not None else None
        active = (seen is not None and viewer == game.current and not game.is_over
                  and self._kinds[game.current] == "human" and self._bots.task is None)
        self.teams_html.value = self._teams_html()
        hotseat = len(self.humans) > 1 and viewer is None and game.current in self.humans
        self.show_hand.layout.display = None if hotseat and not game.is_over else "none"
        self.show_hand.description = f"Show {possessive(game.player.name, capital=False)} hand"
        self._render_pending(seen if active else None)
        self._render_claim(payments if active and self._selected else ())
        self._render_market(active)
        self._render_hands(seen)
        self._render_share(seen if active and game.pending is None else None)
        self.score_html.value = _score_html(game) if game.is_over else ""
        self._render_log()
        self._draw_board()

    def _tell(self, game: GameState) -> None:
        if game.last_event:
            self.events.append(game.last_event)

    def _render_log(self) -> None:
        """The moves so far, newest first, while "What happened" is pressed."""
        self.log_toggle.description = f"What happened ({count(len(self.events), 'move')})"
        if not self.log_toggle.value:
            self.log_html.value = ""
            return
        self.log_html.value = "".join(log_entry_html(html.escape(event))
                                      for event in reversed(self.events)) or EMPTY_LOG_HTML

    def _teams_html(self) -> str:
        game = self._game
        rows = []
        for t in range(game.num_teams):
            color = TEAM_COLORS[t][0]
            people = []
            for seat in (2 * t, 2 * t + 1):
                p = game.players[seat]
                kind = "" if self._kinds[seat] == "human" else f" ({self._kinds[seat]} bot)"
                turn = " ◀" if seat == game.current and not game.is_over else ""
                people.append(
                    f'<span style="color:{TEAM_COLORS[t][seat % 2]}">■</span> '
                    f'{html.escape(p.name)}{kind}: {count(p.trains, "train")}, '
                    f'{count(sum(p.hand), "card")}, {count(len(p.tickets), "ticket")}{turn}')
            holder = sum(game.holders[t])
            points = sum(p.route_points for p in game.team_players(t))
            rows.append(
                f'<div class="ttr-team-row" data-team="{t}" style="border-left:5px solid '
                f'{color};padding:2px 6px;margin:2px 0"><b style="color:{color}">'
                f'{team_label(t)}</b>: {html.escape(game.team_name(t))} · '
                f'{count(points, "route point")}<br>{"<br>".join(people)}<br>'
                f'Holder: {count(holder, "card")}, '
                f'{count(len(game.shared[t]), "shared ticket")}</div>')
        waiting = "over" if game.is_over else "bots" if self._bot_to_move() else "person"
        return (f'<div class="ttr-team-state" data-moves="{self.moves}" data-waiting='
                f'"{waiting}" style="font-size:12px">{"".join(rows)}</div>')

    def _render_pending(self, seen: GameState | None) -> None:
        pending = seen.pending if seen is not None else None
        board = self._game.board
        children: list[widgets.Widget] = []
        if isinstance(pending, CardPlacement):
            card = CARD_NAMES[pending.card]
            children = [widgets.HTML(f"<b>You drew a {html.escape(card)}</b>: where does it "
                                     "go? The second card goes to the other place."),
                        _button("Into my hand", "ttr-team-place-hand",
                                partial(self.play, PlaceCard(HAND))),
                        _button("Into the team holder", "ttr-team-place-holder",
                                partial(self.play, PlaceCard(HOLDER)))]
        elif isinstance(pending, TicketChoice):
            picks = [widgets.Checkbox(value=True, indent=False,
                                      description=str(board.ticket(t)))
                     for t in pending.tickets]
            for box in picks:
                box.add_class("ttr-team-keep-pick")
            keep = _button("Keep", "ttr-team-keep", lambda: self.play(KeepTickets(tuple(
                t for t, box in zip(pending.tickets, picks, strict=True) if box.value))))
            children = [widgets.HTML(f"<b>Keep at least {pending.keep}:</b>"), *picks, keep]
        elif isinstance(pending, ShareChoice):
            children = [widgets.HTML("<b>Put one ticket in the team's ticket holder</b>"
                                     + (" (your teammate chooses too, unseen)"
                                        if pending.setup else "") + ":")]
            for t in pending.tickets:
                children.append(_button(f"Share {board.ticket(t)}", "ttr-team-share-one",
                                        partial(self.play, ShareTickets((t,)))))
        elif isinstance(pending, TunnelPayment) and seen is not None:
            shown = ", ".join(CARD_NAMES[c] for c in pending.revealed)
            children = [widgets.HTML(f"<b>Tunnel</b>: revealed {html.escape(shown)}: "
                                     f"{count(pending.extra, 'more card')} of "
                                     f"{html.escape(pending.color)} or locomotives.")]
            for action in legal_actions(self._game):
                if isinstance(action, PayTunnel):
                    children.append(_button(
                        "Pay " + payment_words(action, pending.color, pending.extra),
                        "ttr-team-pay-tunnel", partial(self.play, action)))
            children.append(_button("Decline", "ttr-team-decline",
                                    lambda: self.play(DeclineTunnel())))
        self.pending_box.children = children

    def _render_claim(self, payments: Sequence[ClaimRoute]) -> None:
        if not payments:
            self.claim_box.children = ()
            return
        route = self._game.board.route(payments[0].route)
        title = widgets.HTML(f"<b>Claim {html.escape(str(route))}</b>: pay with")
        buttons = [_button(payment_words(a, a.color, route.length), "ttr-team-pay",
                           partial(self.play, a)) for a in payments[:12]]
        more = len(payments) - len(buttons)
        extra = [widgets.HTML(f"<i>and {count(more, 'other payment')}</i>")] if more else []
        cancel = _button("Cancel", "ttr-team-cancel", self._cancel)
        self.claim_box.children = [title, *buttons, *extra, cancel]

    def _cancel(self) -> None:
        self._selected = None
        self._render()
        self.status.say("Cancelled.", then=self._prompt())

    def _render_market(self, active: bool) -> None:
        game = self._game
        pending = game.pending
        drawing = active and (pending is None or isinstance(pending, SecondCard))
        legal = set(legal_actions(game)) if drawing else set()
        for slot, button in enumerate(self.row_buttons):
            card = game.face_up[slot] if slot < len(game.face_up) else NO_CARD
            name = CARD_NAMES[card] if card != NO_CARD else None
            paint_card(button, name)
            button.disabled = name is None or not drawing or DrawFaceUp(name) not in legal
        self.blind.disabled = DrawBlind() not in legal
        self.draw_tickets.disabled = DrawTickets() not in legal
        self.pass_button.layout.display = None if Pass() in legal else "none"

    def _render_hands(self, seen: GameState | None) -> None:
        if seen is None:
            self.hand_html.value = '<div style="font-size:12px"><i>Hands hidden.</i></div>'
            self.holder_html.value = ""
            return
        board = seen.board
        me = seen.players[seen.seat]
        team = seen.seat // 2
        mate = seen.players[seen.seat ^ 1]
        tickets = ", ".join(html.escape(str(board.ticket(t))) for t in me.tickets) or "none"
        shared = ", ".join(html.escape(str(board.ticket(t))) for t in seen.shared[team]
                           if t != HIDDEN) or "none"
        self.hand_html.value = (
            f'<div style="font-size:12px"><b>{possessive(me.name)} hand</b>: '
            f'{_cards_html(me.hand)}<br><b>{possessive(me.name)} tickets</b>: {tickets}<br>'
            f'{possessive(mate.name)} hand: {count(mate.card_count, "card")}, '
            f'{count(len(mate.tickets), "ticket")} (hidden)</div>')
        self.holder_html.value = (
            f'<div style="font-size:12px;border-left:5px solid {TEAM_COLORS[team][0]};'
            f'padding-left:6px"><b>{team_label(team)} holder</b>: '
            f'{_cards_html(seen.holders[team])}<br><b>Shared tickets</b>: {shared}</div>')

    def _render_share(self, seen: GameState | None) -> None:
        if seen is None or not seen.players[seen.seat].tickets:
            self.share_box.children = ()
            self.share_picks = []
            return
        board = seen.board
        mine = seen.players[seen.seat].tickets
        self.share_picks = [widgets.Checkbox(value=False, indent=False,
                                             description=str(board.ticket(t))) for t in mine]
        for box in self.share_picks:
            box.add_class("ttr-team-share-pick")
        share = _button("Share the ticked tickets (the whole turn)", "ttr-team-share-action",
                        lambda: self.play(ShareTickets(tuple(
                            t for t, box in zip(mine, self.share_picks, strict=True)
                            if box.value))))
        self.share_box.children = [widgets.HTML("<b>Share 1 or 2 of your tickets</b>:"),
                                   *self.share_picks, share]

    def _draw_board(self) -> None:
        game = self._game
        owners = {game.board.routes[i].id: p for i, p in enumerate(game.owners) if p != OPEN}
        self.map_view.show(owners=owners, selected=self._selected)


def _place(to: str) -> str:
    return "team holder" if to == HOLDER else "hand"


def _cards_html(hand: Hand) -> str:
    chips = [card_chip(CARD_NAMES[c], n) for c, n in enumerate(hand) if n]
    return "".join(chips) or "no cards"


def _score_html(game: GameState) -> str:
    """The end-of-game table per team: routes, tickets, longest trail, both bonuses, total."""
    sheet = score(game)
    head = ("<tr><th>team</th><th>routes</th><th>tickets</th><th>longest trail</th>"
            "<th>Asian Express</th><th>Globetrotter</th><th>total</th></tr>")
    rows = []
    for t, team in enumerate(sheet.players):
        won = " ★" if team.name in sheet.winners else ""
        rows.append(
            f'<tr class="ttr-team-score-row"><td style="color:{TEAM_COLORS[t][0]}"><b>'
            f'{team_label(t)}</b> {html.escape(team.name)}{won}</td>'
            f"<td>{team.route_points}</td><td>{team.ticket_points:+d} "
            f"({team.tickets_completed} of {len(team.tickets)} completed)</td>"
            f"<td>{count(team.longest_trail, 'space')}</td><td>{team.longest_bonus}</td>"
            f"<td>{team.globetrotter_bonus}</td><td><b>{team.total}</b></td></tr>")
    return (f'<div style="font-size:12px"><b>Final score</b><table class="ttr-team-scores">'
            f'{head}{"".join(rows)}</table>{html.escape(sheet.reason)}</div>')
