"""The players: a table of everyone's trains, stations, cards, tickets and route points (and,
with Warehouses & Depots, Warehouse sizes and Depots left), and the start panel where a game is
set up (map, ticket variant with a line of what it deals, keeps and scores, the longest-trail
bonus, Warehouses & Depots, players, who is human or which bot, seed).

``variant_line``, ``bonus_words`` and ``reprint_words`` are a game's ticket rules in words (the
core's ``variants.ticket_rules``, the 1910 box's reprints), for every page where a variant is
chosen."""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import traitlets

from ttr_widgets.bots import BOTS, LEVELS, SLOW, level_word
from ttr_widgets.rules import i18n
from ttr_widgets.rules.errors import MapError
from ttr_widgets.rules.i18n import N_, _, ngettext, pgettext
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.position import TicketDeck, ticket_deck
from ttr_widgets.rules.scoring import ScoreSheet
from ttr_widgets.rules.state import GameState, Options
from ttr_widgets.rules.variants import VARIANTS, TicketRules, ticket_rules, variant_names
from ttr_widgets.rules.words import and_list, bonus_name, map_title
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS
from ttr_widgets.widgets.table.status import why_html
from ttr_widgets.widgets.table.teams import TEAM_COLORS, team_title

__all__ = ["KINDS", "GameSetup", "PlayersTable", "StartPanel", "bonus_words", "bot_name",
           "bot_words", "deck_words", "default_names", "in_language_now", "maps_offered",
           "name_for_kind", "names_for_kinds", "options_title", "relabel_kinds",
           "reprint_words", "seat_names", "seat_words", "typed_seed", "variant_line",
           "variant_rules", "variant_title"]

#: Who sits at a seat: a person, or one of the rules core's bots (not the ones too slow for a
#: table's turn, ``bots.SLOW``: the expert thinks up to seconds a move and would stall the page).
KINDS: tuple[str, ...] = ("human", *LEVELS, *sorted(set(BOTS) - set(LEVELS) - set(SLOW)))
#: each kind of seat in words, for the catalogue (shown in the reader's language)
_KIND_LABELS = {"human": N_("human"), "random": N_("random bot"), "greedy": N_("greedy bot"),
                "strong": N_("strong bot")}
_DEFAULT_KINDS = ("human", "greedy", "random", "greedy", "random")
BASE = "base"  #: the variant dropdown's value for the map's own tickets


def bot_words(name: str, kind: str) -> str:
    """A seat's kind when its name does not say it already: ``'greedy bot'`` for Ada, ``''``
    for Greedy bot and for a person."""
    return "" if kind == "human" or _named_for(name, kind) else _kind_label(kind)


def _kind_label(kind: str) -> str:
    """A seat's kind in the reader's language: 'human', 'greedy bot' ('bot glouton')."""
    label = _KIND_LABELS.get(kind)
    return _(label) if label is not None else _("{words} bot").format(words=kind)


def bot_name(kind: str) -> str:
    """The name a bot's seat is given, in the reader's language: ``'Greedy bot'``, ``'Strong
    bot'`` ('Bot glouton', 'Bot fort')."""
    label = _kind_label(kind)
    return label[:1].upper() + label[1:]


def default_names() -> tuple[str, ...]:
    """The start panel's names for seats 1 to 5, in the reader's language: 'You' ('Vous': the
    kit's sentences then say 'your turn', ``words.is_you``), then the bots' and two people's."""
    return (_("You"), bot_name("greedy"), bot_name("random"), "Ada", "Bo")


def _default_of(name: str) -> tuple[str, str | None] | None:
    """Which default name ``name`` is, in whichever language the kit gave it: ``('you',
    None)`` for 'You' or 'Vous', ``('greedy', '2')`` for 'Greedy bot 2' or 'Bot glouton 2';
    None for a name a person typed."""
    words = name.split()
    number = words.pop() if words[-1:] and words[-1].isdigit() else None
    given = " ".join(words)
    for lang in i18n.LANGUAGES:
        with i18n.use(lang):
            said = {_("You"): "you", **{bot_name(kind): kind for kind in BOTS}}.get(given)
        if said is not None:
            return said, number
    return None


def in_language_now(name: str) -> str:
    """A seat's default name in the reader's language now, in whichever language it was given
    ('You' → 'Vous', 'Greedy bot 2' → 'Bot glouton 2' in French, and back); a name a person
    typed as it is."""
    found = _default_of(name)
    if found is None:
        return name
    said, number = found
    now = _("You") if said == "you" else bot_name(said)
    return now if number is None else f"{now} {number}"


def _given(name: str) -> bool:
    """Whether ``name`` is one a seat was given for its bot ('Greedy bot', 'Strong bot 3',
    'Bot fort' in French), not one a person typed."""
    found = _default_of(name)
    return found is not None and found[0] != "you"


def _named_for(name: str, kind: str) -> bool:
    """Whether a seat's name says its bot's kind already ('Greedy bot 2', 'Bot glouton')."""
    return kind in name.lower() or name.startswith(bot_name(kind))


def name_for_kind(name: str, kind: str, seat: int, taken: Collection[str] = ()) -> str:
    """A seat's name once its kind is ``kind``: a name given for a bot follows the bot
    (``'Greedy bot'`` becomes ``'Strong bot'``, or ``'Strong bot 3'`` when another seat has
    that name; a person there is ``'Player 3'``); a name a person typed stays."""
    if not _given(name):
        return name
    if kind == "human":
        return _("Player {n}").format(n=seat + 1)
    given = bot_name(kind)
    return given if given not in taken else f"{given} {seat + 1}"


def names_for_kinds(names: Sequence[str], kinds: Sequence[str]) -> tuple[str, ...]:
    """Each seat's name once it has its kind (``name_for_kind``, seat by seat)."""
    out = list(names)
    for seat, kind in enumerate(kinds[:len(out)]):
        out[seat] = name_for_kind(out[seat], kind, seat, out[:seat] + out[seat + 1:])
    return tuple(out)


def seat_words(name: str, kind: str) -> str:
    """What the players table says after a name, each word once: ``''`` for a person,
    ``'medium'`` for Greedy bot, ``'medium bot'`` for Greedy 2, ``'medium greedy bot'`` for
    Ada; a lesson's seat words (``'you'``, ``'waits'``) in the reader's language, any other
    as it is, unless the name says it already (a learner called You)."""
    if kind == "human":
        return ""
    if kind not in BOTS:
        lesson = {"you": pgettext("seat", "you"), "waits": pgettext("seat", "waits")}
        return "" if kind == name.casefold() else lesson.get(kind, kind)
    level = level_word(kind)
    said = _named_for(name, kind)
    words = " ".join(w for w in (level, "" if said else kind) if w)
    if "bot" in name.lower() and said:
        return words
    return _("{words} bot").format(words=words) if words else _("bot")


def variant_title(name: str | None) -> str:
    """``'base game'``, or a variant's printed title (``'Mega Europe'``)."""
    if name is None or name == BASE:
        return _("base game")
    variant = VARIANTS.get(name)
    return variant.title if variant is not None else name


def options_title(options: Options) -> str:
    """The options that make a game differ from the map's base game, in words (``''`` for
    none): ``'Mega Europe tickets · Warehouses & Depots'``, ``'team game (Team Asia rules)'``,
    ``'USA Big Cities tickets · with the bonus for the longest trail'``."""
    parts = [_("team game (Team Asia rules)")] if options.teams else []
    if options.variant not in (None, BASE):
        parts.append(_("{variant} tickets").format(variant=variant_title(options.variant)))
    if options.longest_bonus is not None:  # set only where the game chose otherwise
        parts.append(_("with the bonus for the longest trail") if options.longest_bonus
                     else _("without the bonus for the longest trail"))
    if options.warehouses:
        parts.append(_("Warehouses & Depots"))
    return " · ".join(parts)


def variant_rules(board: Board, variant: str | None,
                  longest_bonus: bool | None = None) -> TicketRules:
    """The ticket rules of a game of ``variant`` (``None`` or ``"base"``: the map's own) on
    ``board``, its longest-trail bonus switched by ``longest_bonus`` (``None``: as printed)."""
    return ticket_rules(board, Options(variant=None if variant in (None, BASE) else variant,
                                       longest_bonus=longest_bonus))


def bonus_words(board: Board, rules: TicketRules) -> str:
    """The bonuses a game scores, in a sentence: ``'Scores the Longest Continuous Path bonus
    (10 points for the longest trail) and the Globetrotter (15 points for the most tickets
    completed).'``, ``'No bonus for the longest trail.'``"""
    bonuses = []
    if rules.longest_bonus:
        bonuses.append(_("the {bonus} ({points} for the longest trail)").format(
            bonus=bonus_name(board.rules), points=_points(board.rules.longest_bonus)))
    if rules.globetrotter:
        bonuses.append(_("the Globetrotter ({points} for the most tickets completed)").format(
            points=_points(board.rules.globetrotter_bonus)))
    if not bonuses:
        return _("No bonus for the longest trail.")
    if rules.longest_bonus:
        return _("Scores {bonuses}.").format(bonuses=and_list(bonuses))
    return _("Scores {bonuses}; no bonus for the longest trail.").format(
        bonuses=and_list(bonuses))


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


#: the base games' ticket decks in words (``position.TICKET_DECKS``' descriptions), for the
#: catalogue
_BASE_DECKS = {"usa": N_("the 2004 USA tickets"),
               "europe": N_("the Europe base game tickets (regular and long)")}


def deck_words(deck: TicketDeck) -> str:
    """A ticket deck in the reader's language: 'the 2004 USA tickets', 'the Mega Game
    tickets' ('les destinations Mega Game'); a deck the kit has no words for as the core
    describes it."""
    if deck.variant is None:
        return _(_BASE_DECKS[deck.map]) if deck.map in _BASE_DECKS else deck.description
    if deck.variant in VARIANTS:
        return _("the {title} tickets").format(title=VARIANTS[deck.variant].title)
    return deck.description


def variant_line(board: Board, variant: str | None, longest_bonus: bool | None = None) -> str:
    """What a game of ``variant`` on ``board`` deals, keeps and scores, in plain words:
    ``'The Mega Game tickets, 69 of them: 5 dealt, keep at least 3; a ticket draw shows 4, keep
    at least 1. Bonuses: … The 1910 box's cards: 4 reprinted tickets are worth less.'``"""
    rules = variant_rules(board, variant, longest_bonus)
    name = None if variant in (None, BASE) else variant
    deck = deck_words(ticket_deck(board, name))
    dealt = rules.deal_long + rules.deal_regular
    longs = " " + ngettext("({n} of them long)", "({n} of them long)", rules.deal_long).format(
        n=rules.deal_long) if rules.deal_long else ""
    most = rules.max_long_kept
    at_most = "" if most is None else ngettext(", at most {n} long", ", at most {n} long",
                                               most).format(n=most)
    line = _("{deck}, {total} of them: {dealt} dealt{long}, keep at least {keep}{at_most}; a "
             "ticket draw shows {draw}, keep at least {draw_keep}. {bonuses}").format(
        deck=f"{deck[0].upper()}{deck[1:]}", total=len(rules.all_tickets), dealt=dealt,
        long=longs, keep=rules.keep_setup, at_most=at_most, draw=rules.draw,
        draw_keep=rules.draw_keep, bonuses=bonus_words(board, rules))
    if name in VARIANTS and VARIANTS[name].print_1910:
        line += reprint_words(board, rules.all_tickets)
    return line


def reprint_words(board: Board, tickets: Collection[str]) -> str:
    """The reprinted tickets among ``tickets`` and their 1910 values (rule tickets.reprints):
    ``' On the 1910 box's cards 3 reprinted tickets are worth less: Los Angeles–Miami 19, …'``
    (``''``: none)."""
    lowered = [f"{t.cities_label} {t.points_1910}" for t in board.tickets
               if t.points_1910 is not None and t.id in tickets]
    if not lowered:
        return ""
    n = len(lowered)
    return " " + ngettext("On the 1910 box's cards {n} reprinted ticket is worth less: {listed}.",
                          "On the 1910 box's cards {n} reprinted tickets are worth less: "
                          "{listed}.", n).format(n=n, listed=and_list(lowered))


class PlayersTable(widgets.HTML):
    """Every player's trains, stations (maps with stations), cards, tickets and route points,
    and with Warehouses & Depots the cards in their Warehouse and their Depots left; the player
    to move is marked ▶ (``ttr-players``). In a team game the players are grouped by team, each
    team under its name and players (``ttr-team-row``: "Blue team: Ann & Cleo") with its route
    points together and its holders' sizes; cards and tickets are counts only.

    The points column holds the route points during the game (its heading's tip says so: the
    word "points" keeps the row on one line in the side panel); once the game is over and its
    final ``sheet`` is told (the play app sets it when the Score tab's reveal is done), it says
    "final score" and holds each player's total (a team game: the team row's), so that the
    table and the Score tab show one number per player that means one thing."""

    state = traitlets.Instance(GameState, allow_none=True)
    sheet = traitlets.Instance(ScoreSheet, allow_none=True)
    kinds = traitlets.Tuple()
    colors = traitlets.Tuple(DEFAULT_PLAYER_COLORS)

    def __init__(self) -> None:
        super().__init__()
        self.add_class("ttr-players")

    def relabel(self) -> None:
        """The table's words again, in the language now."""
        self._render()

    @traitlets.observe("state", "kinds", "colors", "sheet")
    def _render(self, _change: object = None) -> None:
        state = self.state
        if state is None:
            self.value = ""
            return
        stations = state.board.has_stations
        depots = bool(state.warehouses)
        final = self.sheet if state.is_over else None
        points = N_("final score") if final is not None and not final.teams else N_("points")
        head = ["", N_("player"), N_("trains"), *([N_("stations")] if stations else []),
                N_("cards"), N_("tickets"), points, *(_DEPOT_HEAD if depots else [])]
        rows = []
        for i, p in enumerate(state.players):
            if state.teams and i % 2 == 0:
                rows.append(_team_row(state, i // 2, len(head), final))
            now = i == state.current and not state.is_over
            kind = self.kinds[i] if i < len(self.kinds) else "human"
            swatch = (f'<span style="display:inline-block;width:10px;height:10px;'
                      f'background:{self.colors[i % len(self.colors)]};border:1px solid #333;'
                      'margin-right:4px"></span>')
            cells = [
                "▶" if now else "",
                f'{swatch}{html.escape(p.name)}' + _grey(seat_words(p.name, kind)),
                str(p.trains), *([str(p.stations)] if stations else []), str(p.card_count),
                str(len(p.tickets)),
                str(final.player(p.name).total if final is not None and not final.teams
                    else p.route_points),
                *([str(state.warehouse_count(i)), str(state.depots_left[i])] if depots else []),
            ]
            style = "font-weight:bold;background:#fff6d6" if now else ""
            rows.append(f'<tr class="ttr-player-row" style="{style}">' +
                        "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        note = ""
        if state.last_round:
            said = ngettext("Last round: {n} turn left.", "Last round: {n} turns left.",
                            state.final_turns).format(n=state.final_turns)
            note = f'<div style="font-size:12px;color:#8a1c12">{html.escape(said)}</div>'
        self.value = (
            '<table style="border-collapse:collapse;font-size:12px;width:100%">'
            '<tr style="color:#555">' + "".join(_head_cell(h) for h in head) + "</tr>"
            + "".join(rows) + "</table>" + note)


def _team_row(state: GameState, team: int, columns: int, final: ScoreSheet | None = None
              ) -> str:
    """A team's heading row: its name and players in its colour, its route points together
    (once the ``final`` sheet is told, its final score), and what its holders hold (their
    sizes: what everyone may see)."""
    color = TEAM_COLORS[team][0]
    members = [p.name for p in state.team_players(team)]
    title = team_title(team, members)
    held, shared = state.holder_count(team), len(state.shared[team])
    holder = _("holder {cards}, {tickets}").format(
        cards=ngettext("{n} card", "{n} cards", held).format(n=held),
        tickets=ngettext("{n} shared ticket", "{n} shared tickets", shared).format(n=shared))
    line = next((t for t in final.players if set(t.members) == set(members)), None) \
        if final is not None else None
    if line is None:
        points = sum(p.route_points for p in state.team_players(team))
        said = ngettext("{n} route point", "{n} route points", points).format(n=points)
    else:
        said = ngettext("final score {n} point", "final score {n} points",
                        line.total).format(n=line.total)
    return (f'<tr class="ttr-team-row" data-team="{team}"><td colspan="{columns}" style="'
            f'border-left:4px solid {color};padding-left:4px"><b style="color:{color}">'
            f'{html.escape(title)}</b> <span style="color:#555">· '
            f'{said} · {html.escape(holder)}</span></td></tr>')


def _grey(words: str) -> str:
    return f' <span style="color:#5f5f5f">· {html.escape(words)}</span>' if words else ""


_DEPOT_HEAD = [N_("warehouse"), N_("depots")]
_HEAD_TIPS = {"warehouse": N_("cards in the Warehouse (their count is public, not the cards)"),
              "depots": N_("Depots still beside the Warehouse"),
              "points": N_("route points so far: the tickets and bonuses count at the end"),
              "final score": N_("the final score: routes, tickets and bonuses, as in the Score "
                                "tab")}


def _head_cell(head: str) -> str:
    tip = _HEAD_TIPS.get(head)
    title = f' title="{html.escape(_(tip))}"' if tip else ""
    return f"<th style='text-align:left'{title}>{html.escape(_(head)) if head else ''}</th>"


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What the start panel asks for: a map, the players' names and kinds, a seed (``None``: a
    fresh random seed), the ticket variant (``None``: the map's own tickets), whether to
    play with Warehouses & Depots, and the longest-trail bonus where the game plays it
    otherwise than its variant (``None``: as the variant says; USA Big Cities with it)."""

    map_name: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    seed: int | None
    variant: str | None = None
    warehouses: bool = False
    longest_bonus: bool | None = None

    @property
    def options(self) -> Options:
        """The game's options (the core checks the variant against the map)."""
        return Options(variant=self.variant, warehouses=self.warehouses,
                       longest_bonus=self.longest_bonus)


class StartPanel(widgets.VBox):
    """Pick a map (``ttr-map``), the number of players (``ttr-player-count``), each seat's name
    (``ttr-player-name``) and kind (``ttr-player-kind``), a seed (``ttr-seed``), then press
    ``New game`` (``ttr-new-game``), which calls ``on_start()``; the app reads ``setup()``.

    A map with ticket variants (Europe; the USA 1910 box) also offers them in a "Tickets"
    dropdown (``ttr-variant``), with a line of what the chosen one deals, keeps and scores
    (``ttr-variant-about``, its rule behind a "why?"); the bonus for the longest trail is a
    checkbox (``ttr-longest-bonus``), ticked as the variant plays it (where the sources
    disagree, as for USA Big Cities, the kit's default is the variant's and the box the
    choice); any map offers the Warehouses & Depots checkbox (``ttr-warehouses``)."""

    def __init__(self, on_start: Callable[[], object],
                 maps: Sequence[str] = ("usa", "europe")) -> None:
        self._on_start = on_start
        self.map = map_field(maps, "ttr-map")
        self.variant = widgets.Dropdown(options=[(variant_title(BASE), BASE)], value=BASE,
                                        description="Tickets",
                                        layout=widgets.Layout(width="250px", display="none"))
        self.variant.add_class("ttr-variant")
        self.warehouses = widgets.Checkbox(value=False, description="Warehouses & Depots",
                                           indent=False, layout=widgets.Layout(width="auto"))
        self.warehouses.add_class("ttr-warehouses")
        self.longest = widgets.Checkbox(value=True, description="bonus for the longest trail",
                                        indent=False, layout=widgets.Layout(width="auto"))
        self.longest.add_class("ttr-longest-bonus")
        self.about = widgets.HTML()
        self.about.add_class("ttr-variant-about")
        self.count = widgets.BoundedIntText(value=2, min=2, max=5, description="Players",
                                            layout=widgets.Layout(width="160px"))
        self.count.add_class("ttr-player-count")
        self.names, self.kinds = seat_fields(default_names(), _DEFAULT_KINDS, KINDS,
                                             "ttr-player", name_width="150px",
                                             kind_width="170px")
        self.seats = widgets.VBox()
        self.seed = seed_field("ttr-seed")
        self.start = widgets.Button(description="New game", button_style="success",
                                    icon="play")
        self.start.add_class("ttr-new-game")
        self.start.on_click(lambda _b: self._on_start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self.map.observe(lambda _c: self._show_variants(), names="value")
        self.variant.observe(lambda _c: self._variant_chosen(), names="value")
        self.longest.observe(lambda _c: self._show_about(), names="value")
        self._show_seats()
        self._show_variants()
        self.heading = widgets.HTML()
        self.levels = widgets.HTML()  # the bots' levels
        super().__init__([
            self.heading, widgets.HBox([self.map, self.count]),
            widgets.HBox([self.variant, self.warehouses],
                         layout=widgets.Layout(align_items="center")),
            self.longest, self.about, self.seats, self.levels,
            widgets.HBox([self.seed, self.start]),
        ])
        self.add_class("ttr-start")
        self.relabel()

    def relabel(self) -> None:
        """The panel's own words again, in the language now."""
        self.start.description = _("New game")
        self.heading.value = f"<b>{html.escape(self.start.description)}</b>"
        self.map.description, self.count.description = _("Map"), _("Players")
        self.variant.description = _("Tickets")
        self.warehouses.description = _("Warehouses & Depots")
        self.seed.description, self.seed.placeholder = _("Seed"), _("random")
        self.levels.value = _levels_line()
        relabel_kinds(self.names, self.kinds, KINDS)
        for field in self.names:  # a default name follows the language ('You' → 'Vous')
            field.value = in_language_now(field.value)
        names = _variants_of(self.map.value)
        chosen = self.variant.value
        self.variant.options = [(variant_title(n), n) for n in names]
        self.variant.value = chosen if chosen in names else BASE
        self._variant_chosen()

    def _show_seats(self) -> None:
        n = self.count.value
        self.seats.children = tuple(
            widgets.HBox([widgets.HTML(f"{i + 1}.", layout=widgets.Layout(width="20px")),
                          self.names[i], self.kinds[i]]) for i in range(n))

    def _show_variants(self) -> None:
        """Offer the chosen map's ticket variants (the dropdown hides when it has none)."""
        names = _variants_of(self.map.value)
        options = [(variant_title(n), n) for n in names]
        if list(self.variant.options) != options:
            self.variant.options = options  # the value follows: _variant_chosen
            self.variant.value = BASE
        self.variant.layout.display = None if len(names) > 1 else "none"
        self._variant_chosen()

    def _variant_chosen(self) -> None:
        """The bonus box ticked as the chosen variant plays it, and the line about it."""
        board = _board(self.map.value)
        if board is not None:
            self.longest.description = bonus_name(board.rules)
            self.longest.value = variant_rules(board, self._variant()).longest_bonus
        self._show_about()

    def _show_about(self) -> None:
        board = _board(self.map.value)
        if board is None:  # New game names the map's problem
            self.about.value = ""
            self.longest.layout.display = "none"
            return
        self.longest.layout.display = None
        variant = self._variant()
        dealt_long = variant_rules(board, variant).deal_long  # as advice.setup_refusal names it
        rule = VARIANTS[variant].rule if variant in VARIANTS else \
            "setup.tickets-europe" if dealt_long else "setup.tickets"
        self.about.value = (
            '<div style="font-size:12px;line-height:1.35;color:#333;margin:0 0 4px 0">'
            f"{html.escape(variant_line(board, variant, self._longest_choice(board)))}"
            f"{why_html(rule)}</div>")

    def _variant(self) -> str:
        value = self.variant.value
        return value if value in _variants_of(self.map.value) else BASE

    def _longest_choice(self, board: Board) -> bool | None:
        """The bonus box when it differs from the variant (None: as the variant plays it)."""
        printed = variant_rules(board, self._variant()).longest_bonus
        return None if self.longest.value == printed else self.longest.value

    def setup(self) -> GameSetup:
        """The game the panel describes; ``ValueError`` naming the field when it cannot."""
        n = self.count.value
        names, seed = seat_names(self.names[:n]), typed_seed(self.seed)
        variant, board = self._variant(), _board(self.map.value)
        return GameSetup(self.map.value, names, tuple(w.value for w in self.kinds[:n]), seed,
                         None if variant == BASE else variant, self.warehouses.value,
                         None if board is None else self._longest_choice(board))

    def show(self, setup: GameSetup) -> None:
        """Fill the panel from a game (after ``PlayApp`` starts or loads one): the same map and
        seats for the next game, and a blank seed (a new deal) unless one is typed."""
        if setup.map_name in maps_offered(self.map):
            self.map.value = setup.map_name
        variant = setup.variant or BASE
        if variant in _variants_of(self.map.value):
            self.variant.value = variant
        if setup.longest_bonus is not None:
            self.longest.value = setup.longest_bonus
        self.warehouses.value = setup.warehouses
        self.count.value = len(setup.players)
        for i, (name, kind) in enumerate(zip(setup.players, setup.kinds, strict=True)):
            self.kinds[i].value = kind  # first: a name given for a bot follows its kind
            self.names[i].value = name
        self.seed.value = ""


def map_field(maps: Sequence[str], css_class: str) -> widgets.Dropdown:
    """A start panel's map dropdown (``css_class``): each map by its name as people say it
    ('USA', 'Europe'), the first map chosen."""
    field = widgets.Dropdown(options=[(map_title(m), m) for m in maps], value=maps[0],
                             description="Map", layout=widgets.Layout(width="200px"))
    field.add_class(css_class)
    return field


def maps_offered(field: widgets.Dropdown) -> tuple[str, ...]:
    """The maps a map dropdown (``map_field``) offers."""
    return tuple(name for _title, name in field.options)


def seat_fields(names: Sequence[str], kinds: Sequence[str], offered: Sequence[str],
                prefix: str, *, name_width: str, kind_width: str
                ) -> tuple[list[widgets.Text], list[widgets.Dropdown]]:
    """A start panel's seats: a name field (``{prefix}-name``) holding each of ``names`` and a
    dropdown (``{prefix}-kind``) offering the ``offered`` kinds in the words of
    :func:`_kind_choice`, set to each of ``kinds`` (for games and team games alike)."""
    name_fields = [widgets.Text(value=name, layout=widgets.Layout(width=name_width))
                   for name in names]
    kind_fields = [widgets.Dropdown(options=_kind_choices(offered), value=kind,
                                    layout=widgets.Layout(width=kind_width))
                   for kind in kinds]
    for seat, (name_field, kind_field) in enumerate(zip(name_fields, kind_fields, strict=True)):
        name_field.add_class(f"{prefix}-name")
        kind_field.add_class(f"{prefix}-kind")
        kind_field.observe(_name_follows(name_fields, seat), names="value")
    return name_fields, kind_fields


def relabel_kinds(names: Sequence[widgets.Text], kinds: Sequence[widgets.Dropdown],
                  offered: Sequence[str]) -> None:
    """The seats' kind dropdowns (``seat_fields``) in the language now, each kind and each
    name kept (new options choose the first kind for a moment: its name must not follow)."""
    choices = _kind_choices(offered)
    for name_field, kind_field in zip(names, kinds, strict=True):
        name, kind = name_field.value, kind_field.value
        kind_field.options = choices
        kind_field.value = kind
        name_field.value = name


def _name_follows(fields: Sequence[widgets.Text], seat: int) -> Callable[[dict[str, str]], None]:
    """What a seat's kind dropdown calls when it changes: the seat's name follows the kind
    (``name_for_kind``), the other seats' names taken."""
    def follow(change: dict[str, str]) -> None:
        taken = [field.value.strip() for i, field in enumerate(fields) if i != seat]
        fields[seat].value = name_for_kind(fields[seat].value.strip(), change["new"], seat,
                                           taken)
    return follow


def seed_field(css_class: str) -> widgets.Text:
    """A start panel's seed field (``css_class``): blank for a new random deal."""
    field = widgets.Text(value="", placeholder="random", description="Seed",
                         layout=widgets.Layout(width="200px"))
    field.add_class(css_class)
    return field


def seat_names(fields: Sequence[widgets.Text]) -> tuple[str, ...]:
    """The names typed in these seats' fields, trimmed; ``ValueError`` naming the first seat
    left without one (a start panel's check, for games and team games alike)."""
    names = tuple(field.value.strip() for field in fields)
    for i, name in enumerate(names):
        if not name:
            raise ValueError(_("player {n}: a name is needed").format(n=i + 1))
    return names


def typed_seed(field: widgets.Text) -> int | None:
    """The seed typed in a start panel's field, or None (left blank: a new random deal);
    ``ValueError`` when it is not a whole number."""
    text = field.value.strip()
    try:
        return int(text) if text else None
    except ValueError:
        raise ValueError(_("seed: expected a whole number, not {text}").format(
            text=repr(text))) from None


def _kind_choices(offered: Sequence[str]) -> list[tuple[str, str]]:
    """The seat kinds' choices in a dropdown, in the language now."""
    return [(_kind_choice(kind), kind) for kind in offered]


def _kind_choice(kind: str) -> str:
    """A seat's choice in the dropdown: 'human', 'hard: strong bot'."""
    label = _kind_label(kind)
    return _("{level}: {bot}").format(level=level_word(kind), bot=label) if kind in LEVELS \
        else label


def _levels_line() -> str:
    """The bots' difficulty levels, each in one plain line (``ttr-levels``), what each does
    told in the reader's language (``bots.LEVELS``' lines are in the catalogue)."""
    rows = "".join(
        "<li>" + html.escape(_("{level} ({bot}): {what}")).format(
            level=f"<b>{html.escape(level_word(kind))}</b>",
            bot=html.escape(_kind_label(kind)), what=html.escape(_(what))) + "</li>"
        for kind, (_level, what) in LEVELS.items())
    return f'<ul class="ttr-levels" style="margin:2px 0;font-size:90%">{rows}</ul>'


def _variants_of(map_name: str) -> tuple[str, ...]:
    """The ticket variants of a map ("base" first); a map that cannot be read offers none (the
    New game button then names its problem)."""
    board = _board(map_name)
    return (BASE,) if board is None else variant_names(board)


def _board(map_name: str) -> Board | None:
    """The map, or None when it cannot be read."""
    try:
        return load_map(map_name)
    except MapError:
        return None
