"""The play app in French: a short game driven headless in French (the deal and its ticket
choice, a hint, a refused click, a claim panel, a card drawn, the bot's turn, a ticket draw, Undo,
every tab; the Game tab with the Europe map and its ticket variants, a USA 1910 variant, a team
game of 6), and no visible text of the app's own is English: each text is searched for common
English words, proper names (the players, the board's cities, the game's names) set aside. At a
shared table (``table.together``, the table service's own table in this process) the panel, from
asking for a name to the seat taken, and the Log tab are French too, and a page outside
``ttr serve`` says so in French.

The language picker: a page built in English turns French when the picker (or the page's
address, which learns its language after the widgets are built) changes the language, and back:
the Game tab's panels and the shared table's panel with it.

Left out of the search, and said so: the board's own hover texts (checked in
``test_board_french.py``); at a shared
table the table's events as this fake table sends them (the page tells a real table's events in
its own language through ``tables.telling``: checked in ``tests/tables``);
the variants' printed titles ("Mega Game") are the boxes' names; rule ids
(``claim.whole-route``, printed small after a rule) are code names, not words.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from ttr_widgets.rules import i18n, load_map
from ttr_widgets.rules.actions import DrawBlind, DrawTickets, KeepTickets
from ttr_widgets.rules.state import TicketChoice
from ttr_widgets.rules.variants import VARIANTS
from ttr_widgets.tables.authority import Table, TableSpec
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.local_table import LocalTable
from ttr_widgets.testing.words import visible_texts
from ttr_widgets.widgets.pages.app import TABS, PlayApp
from ttr_widgets.widgets.table.together import Together

USA = load_map("usa")

def _left_out(app: PlayApp) -> tuple[widgets.Widget, ...]:
    """The parts searched elsewhere (see the module docstring)."""
    return (app.map_view.widget,)


def app_texts(app: PlayApp, *more: widgets.Widget) -> Iterator[str]:
    """Every visible text of the app (and of the widgets ``more``) but the parts left out."""
    skipped = {id(w) for w in _left_out(app)}

    def walk(widget: widgets.Widget) -> Iterator[str]:
        if id(widget) in skipped:
            return
        children = getattr(widget, "children", ())
        if isinstance(widget, widgets.Box) and not isinstance(widget, widgets.Tab):
            if widget.layout.display == "none":
                return
            for child in children:
                yield from walk(child)
            return
        if isinstance(widget, widgets.Tab):
            yield from (widget.get_title(i) or "" for i in range(len(children)))
            for child in children:
                yield from walk(child)
            return
        yield from visible_texts(widget)

    yield from walk(app)
    for widget in more:
        yield from walk(widget)


#: the variants' printed titles, names of boxes (the start panels' ticket choices)
BOX_NAMES = tuple(variant.title for variant in VARIANTS.values())


def english_left(app: PlayApp, seen: dict[str, set[str]], bots_say: list[str],
                 *more: widgets.Widget) -> None:
    for text in app_texts(app, *more):
        found = english_words(text, bots_say=(*bots_say, *BOX_NAMES))
        if found:
            seen[text.strip()[:160]] = found


HINT_FRAME = "Indice pour You : "


def hint(app: PlayApp, bots_say: list[str]) -> None:
    """Ask for a hint: its frame is French, and its move and reasons too (searched with the
    rest of the page's texts)."""
    app.hint()
    assert app.status.text.startswith(HINT_FRAME), app.status.text
    assert english_words(app.status.text, bots_say=tuple(bots_say)) == set(), app.status.text


def test_the_word_search_finds_english_and_spares_names() -> None:
    assert english_words("Your turn: draw cards") == {"your", "turn", "draw", "cards"}
    assert english_words("À vous de jouer : piochez des cartes.") == set()
    assert english_words("You pioche 2 cartes ; Greedy prend Salt Lake City–San Francisco.") \
        == set()
    assert english_words("pourquoi ? · règle claim.whole-route") == set()
    assert english_words("Indice : keep Denver", bots_say=("keep Denver",)) == set()


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def test_a_short_game_in_french_shows_no_english() -> None:
    seen: dict[str, set[str]] = {}
    bots_say: list[str] = []  #: the hint's reasons, the bots' words
    with i18n.use("fr"):
        app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
        english_left(app, seen, bots_say)  # the deal: the setup tickets to choose
        hint(app, bots_say)
        english_left(app, seen, bots_say)
        app.ticket_choice.keep.click()
        english_left(app, seen, bots_say)
        app.click_route(max(USA.routes, key=lambda r: r.length).id)  # refused
        english_left(app, seen, bots_say)
        short = next(r for r in USA.routes if r.length == 1 and r.color == "gray")
        app.click_route(short.id)  # its claim panel
        english_left(app, seen, bots_say)
        app.click_route(short.id)
        row = app.state.face_up_names()
        app.market.cards[next(i for i, c in enumerate(row) if c != "locomotive")].click()
        english_left(app, seen, bots_say)
        app.market.blind.click()  # the turn ends; the bot moves
        assert app.state.current == 0 and len(app.game.log()) >= 5
        english_left(app, seen, bots_say)
        app.play(DrawTickets())
        hint(app, bots_say)
        english_left(app, seen, bots_say)
        app.ticket_choice.keep.click()
        english_left(app, seen, bots_say)
        app.undo()
        english_left(app, seen, bots_say)
        app.redo()
        for tab in range(len(app.tabs.children)):
            app.tabs.selected_index = tab
            english_left(app, seen, bots_say)
        app.tabs.selected_index = TABS.index("Plan")
        app.click_route(max(USA.routes, key=lambda r: r.length).id)  # the plan's what-if
        english_left(app, seen, bots_say)
        plan_texts = [text for child in app.plan_panel.children for text in visible_texts(child)]
        app.tabs.selected_index = TABS.index("Game")
        app.start.variant.value = "usa-mega"  # the 1910 box's reprints said
        app.start.longest.value = False
        english_left(app, seen, bots_say)
        app.start.map.value = "europe"  # its ticket variants offered
        app.start.count.value = 5
        app.start.kinds[2].value = "strong"
        app.team_start.count.value = 6
        english_left(app, seen, bots_say)
        texts = list(app_texts(app))
    assert seen == {}, f"English on the French page ({len(seen)} texts):\n" + "\n".join(
        f"{sorted(words)}: {text!r}" for text, words in list(seen.items())[:40])
    assert "Jouer" in texts and "Journal" in texts  # the tabs' titles
    assert any("Votre plan" in t for t in plan_texts), plan_texts  # the Plan tab, searched too
    assert app.start.start.description == "Nouvelle partie"
    assert app.records.replay.description == "Rejouer depuis la donne"
    assert any("Télécharger l'enregistrement de la partie (JSON, " in t for t in texts)
    assert app.team_start.start.description == "Lancer la partie en équipes"
    assert any("(bot au hasard)\u00a0: joue au hasard" in t for t in texts)  # the bots' levels
    assert any("Les destinations du jeu de base Europe" in t for t in texts)  # variant_line
    assert app.start.kinds[2].label == "difficile : bot fort"
    assert [n.value for n in app.start.names[:3]] == ["You", "Greedy", "Bot fort"]


def test_a_team_game_in_french_shows_no_english() -> None:
    """A team game's own parts (Team Asia rules): the players by team, the holder, the card
    drawn and its two places, the share choice and the share action, a bot's turn, every
    tab."""
    from ttr_widgets.rules.state import CardPlacement, Options, ShareChoice

    seen: dict[str, set[str]] = {}
    bots_say: list[str] = []
    names = ("You", "Ben", "Cleo", "Dev")
    with i18n.use("fr"):
        app = PlayApp("usa", names, ("human", "greedy", "greedy", "greedy"), seed=5,
                      bot_delay=0, options=Options(teams=True))
        english_left(app, seen, bots_say)
        app.ticket_choice.keep.click()  # then one of them to share
        assert isinstance(app.state.pending, ShareChoice)
        english_left(app, seen, bots_say)
        app.share_choice.buttons[0].click()
        app.share.toggle.value = True  # the share action opened
        english_left(app, seen, bots_say)
        app.share.toggle.value = False
        app.market.blind.click()  # the card drawn, to place
        assert isinstance(app.state.pending, CardPlacement)
        english_left(app, seen, bots_say)
        app.placement.holder.click()
        app.market.blind.click()  # the turn ends; the bots play
        english_left(app, seen, bots_say)
        for tab in range(len(app.tabs.children)):
            app.tabs.selected_index = tab
            english_left(app, seen, bots_say)
        texts = list(app_texts(app))
    assert seen == {}, "English on the French page:\n" + "\n".join(
        f"{sorted(words)}: {text!r}" for text, words in list(seen.items())[:40])
    assert any("Équipe bleue : You & Ben" in text for text in texts)
    assert any("Support de l'Équipe bleue" in text for text in texts)


def test_the_language_picker_turns_the_page_french_and_back() -> None:
    app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
    assert app.language.value == "en" and app.tabs.get_title(0) == "Play"
    assert app.market.blind.description == "Draw blind"
    app.language.value = "fr"
    assert i18n.language() == "fr"
    assert app.tabs.get_title(0) == "Jouer" and app.market.blind.description == "Piocher"
    assert app.status.text.startswith("Vous : choisissez")
    assert app.start.start.description == "Nouvelle partie"
    assert app.records.upload.description == "Charger un enregistrement"
    assert app.team_start.count.options[0][0] == "4 joueurs"
    assert app.maker.make_button.description == "Créer la table"
    app.language.value = "en"
    assert app.tabs.get_title(0) == "Play" and app.status.text.startswith("You: choose")
    assert app.start.start.description == "New game"
    assert app.team_start.start.description == "Start team game"
    assert app.maker.make_button.description == "Make the table"


def test_a_page_that_learns_french_from_its_address_redraws_its_words() -> None:
    app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
    app.address.languages = "fr-FR,fr"
    app.address.search = "?"  # the browser has told the address: French, after the build
    assert i18n.language() == "fr" and app.language.value == "fr"
    assert app.tabs.get_title(TABS.index("Score")) == "Score"
    assert app.tabs.get_title(TABS.index("Log")) == "Journal"
    assert app.ticket_choice.keep.description == "Garder ces destinations"


def _log_rows(html_text: str) -> list[str]:
    """The moves of a Log (newest first), without their *why?* and marks: plain text."""
    rows = re.findall(r'<div class="ttr-log-entry".*?</div>', html_text)
    return [" ".join(html.unescape(re.sub(r"<details.*?</details>|<[^>]+>|▶", "", row))
                     .split()) for row in rows]


def test_the_picker_tells_the_logs_moves_again_and_keeps_its_hint() -> None:
    """A Log started in English is told whole in French after the switch: the game's moves are
    played again in French (typed names: the same names, hands and cursor), Undo's words too;
    the hint said before the switch stays where it was said, in the words it was said in."""
    app = PlayApp("usa", ("Ann", "Bob"), ("human", "greedy"), seed=3, bot_delay=0)
    app.ticket_choice.keep.click()
    app.market.blind.click()
    app.market.blind.click()  # the turn ends; the bot moves
    app.hint()
    before = app.game
    assert _log_rows(app.stepper.log_view.value)[-1] == "Setup · Ann keeps 3 tickets."
    app.language.value = "fr"
    assert app.game.actions == before.actions and app.game.cursor == before.cursor
    assert [p.hand for p in app.state.players] == [p.hand for p in before.state.players]
    rows = _log_rows(app.stepper.log_view.value)
    assert rows == ["Tour 2 · Bob prend Dallas–Oklahoma City (2, gris) pour 2 points.",
                    "Tour 1 · Ann pioche une carte.",
                    "Tour 1 · Ann pioche une carte ; encore une carte à piocher.",
                    "Mise en place · Bob garde 3 destinations.",
                    "Mise en place · Ann garde 3 destinations."]
    assert all(english_words(row) == set() for row in rows), rows
    assert 'class="ttr-log-note ttr-log-hint"' in app.stepper.log_view.value
    assert "Hint for Ann: claim" in app.stepper.log_view.value  # said in English, kept so
    app.undo()
    assert app.status.text.startswith("Annulé : 3 actions reprises"), app.status.text
    assert "C'étaient pioche de cartes de Ann" in app.status.text
    app.language.value = "en"
    assert _log_rows(app.stepper.log_view.value)[-1] == "Setup · Ann keeps 3 tickets."


def test_a_language_change_is_told_to_live_listeners_only() -> None:
    """``i18n.on_change``: a bound method is held weakly (a page gone is forgotten), a function
    strongly; nothing is told when the language set is the one already set."""
    import gc

    heard: list[tuple[str, str]] = []

    class Page:
        def __init__(self, name: str) -> None:
            self.name = name

        def told(self, language: str) -> None:
            heard.append((self.name, language))

    kept, dropped = Page("kept"), Page("dropped")
    i18n.on_change(kept.told)
    i18n.on_change(dropped.told)
    i18n.on_change(lambda language: heard.append(("function", language)))
    del dropped
    gc.collect()
    i18n.set_language("fr")
    i18n.set_language("fr")  # no change: nobody is told
    assert heard == [("kept", "fr"), ("function", "fr")]
    i18n.set_language(None)
    assert heard[-2:] == [("kept", "en"), ("function", "en")]


# ----------------------------------------------------------------------- a shared table




def at_a_table(app: PlayApp) -> tuple[Table, list[LocalTable]]:
    """The app's page at table maple-7 (Mini, 2 seats: Ann sits, one open), as a person who
    opens its link: watching, asked for a name."""
    table = Table(TableSpec("maple-7", "mini", 2, seed=7))
    table.join("Ann", "key-Ann", 0.0)
    connections: list[LocalTable] = []

    def connect(_name: str, **kwargs: Any) -> LocalTable:
        connections.append(LocalTable(table, kwargs["on_change"], player=kwargs.get("player")))
        return connections[-1]

    app.together = Together(app, connect=connect)
    app.together.open("maple-7")
    connections[-1].on_change()  # the table's first view
    return table, connections


def test_a_shared_table_in_french_shows_no_english() -> None:
    seen: dict[str, set[str]] = {}
    table_says: list[str] = []  #: the table's events, the service's words (set aside)
    with i18n.use("fr"):
        app = PlayApp("mini", ("You", "Greedy"), ("human", "greedy"), seed=1, bot_delay=0)
        table, connections = at_a_table(app)
        together = app.together
        assert "places : Ann, <i>libre</i>. Tapez votre nom pour prendre la place libre" in \
            together.about.value.replace("\u00a0", " ")
        english_left(app, seen, table_says, together.panel)
        together.join("  ")  # no name typed
        assert "Tapez d&#x27;abord votre nom" in together.about.value
        together.name_box.value = "Bob"  # told on Enter: the seat taken
        together.join("Bob")  # then the button: the same seat, not a second one
        assert len(connections) == 2 and table.full
        connections[-1].on_change()  # the table's answer: Bob's view
        assert app.remote is not None and together.seat == 1
        table_says += [e["text"] for e in connections[-1].events]
        assert "Vous êtes <b>Bob</b>, place 2." in together.about.value
        english_left(app, seen, table_says, together.panel, together.log)
        while table.state.in_setup:  # both keep their tickets; Ann's page is elsewhere
            pending = table.state.pending
            assert isinstance(pending, TicketChoice)
            keep = KeepTickets(pending.tickets[:pending.keep])
            if table.state.current == 1:
                app.play(keep)
                connections[-1].on_change()
            else:
                assert table.act(0, keep, table.seq, 0.0) is None
                connections[-1].on_change()
        table_says += [e["text"] for e in connections[-1].events]
        for tab in range(len(app.tabs.children)):
            app.tabs.selected_index = tab
            english_left(app, seen, table_says, together.panel, together.log)
        app.undo()  # no Undo at a shared table: said in French
        english_left(app, seen, table_says, together.panel)
        nowhere = Together(app)  # outside ttr serve: no shared tables
        nowhere.open("maple-8")
        assert "Les tables partagées" in nowhere.about.value, nowhere.about.value
        english_left(app, seen, table_says, nowhere.panel)
    assert seen == {}, "English on the French page:\n" + "\n".join(
        f"{sorted(words)}: {text!r}" for text, words in list(seen.items())[:40])


def test_the_picker_tells_a_shared_tables_panel_and_the_lost_server_banner_again() -> None:
    app = PlayApp("mini", ("You", "Greedy"), ("human", "greedy"), seed=1, bot_delay=0)
    at_a_table(app)
    assert "Type your name to take the open seat" in app.together.about.value
    assert app.address.resume_text == "Resume"
    app.language.value = "fr"
    assert "Tapez votre nom pour prendre la place libre" in app.together.about.value
    assert app.together.sit_button.description == "Prendre une place"
    assert app.address.resume_text == "Reprendre"
    assert app.address.ended_text.startswith("Cette page a perdu son serveur de jeu")
    app.language.value = "en"
    assert "Type your name to take the open seat" in app.together.about.value
    assert app.address.ended_text.startswith("This page has lost its game server")


def test_the_picker_has_a_shared_tables_moves_told_again_in_its_language() -> None:
    """At a shared table the page's moves are the table's sentences, in the language the page
    joined in: after the picker the table tells them again in the new one (its events and
    view told again), and the moves after it too."""
    app = PlayApp("mini", ("You", "Greedy"), ("human", "greedy"), seed=1, bot_delay=0)
    table, connections = at_a_table(app)
    together = app.together
    together.join("Bob")
    connections[-1].on_change()
    while table.state.in_setup:  # both keep their tickets
        pending = table.state.pending
        assert isinstance(pending, TicketChoice)
        assert table.act(table.state.current, KeepTickets(pending.tickets[:pending.keep]),
                         table.seq, 0.0) is None
    connections[-1].on_change()
    assert "Bob keeps" in together.log.value and "Ann keeps" in together.log.value
    app.language.value = "fr"
    assert connections[-1].lang == "fr"  # the table asked to tell its moves in French
    connections[-1].answer()  # its events and view told again reach the page
    log = html.unescape(together.log.value)
    assert "Bob garde" in log and "Ann garde" in log and "keeps" not in log, log
    assert "Ann prend la place 1." in log
    connections[-1].other_plays(table.state.current, DrawBlind())
    assert "Ann pioche une carte" in html.unescape(together.log.value)


def test_the_french_app_names_its_seats_in_french_and_speaks_to_you() -> None:
    """Without names given, the French app's seats are 'Vous' and 'Bot glouton' (its start
    panel's too), and the kit's sentences speak to 'Vous' as to 'You': 'Vous gardez', 'À vous'."""
    with i18n.use("fr"):
        app = PlayApp("usa", None, ("human", "greedy"), seed=3, bot_delay=0)
        assert [p.name for p in app.state.players] == ["Vous", "Bot glouton"]
        assert [n.value for n in app.start.names] == ["Vous", "Bot glouton", "Bot au hasard",
                                                     "Ada", "Bo"]
        assert app.status.text.startswith("Vous : choisissez les destinations à garder")
        app.ticket_choice.keep.click()
        assert app.status.text.startswith("Vous gardez 3 destinations. Bot glouton garde")
        assert "À vous : piochez des cartes" in app.status.text
    app = PlayApp("usa", None, ("human", "greedy"), seed=3, bot_delay=0)  # English again
    assert [p.name for p in app.state.players] == ["You", "Greedy bot"]


def test_a_finished_game_told_french_keeps_its_final_table_under_the_new_names() -> None:
    """A game over, its final table told: a switch of language renames its default seats and
    its final points follow them (they were the old names' sheet, and the players table failed
    on 'Vous')."""
    app = PlayApp("mini", None, ("greedy", "random"), seed=4, bot_delay=0)
    assert app.state.is_over and app.players_table.sheet is not None
    totals = [p.total for p in app.score_sheet.players]
    i18n.set_language("fr")
    assert [p.name for p in app.state.players] == ["Vous", "Bot au hasard"]
    assert [p.name for p in app.scoring.sheet.players] == ["Vous", "Bot au hasard"]
    assert app.players_table.sheet is app.scoring.sheet
    assert [p.total for p in app.scoring.sheet.players] == totals
    assert "score final" in app.players_table.value


def test_an_app_told_french_after_it_was_built_renames_its_default_seats_only() -> None:
    """A served page learns its language after its app is built: the seats still called by a
    default name take the French one, the game dealt again under the new names with the same
    moves (the same hands, the same cursor); a name a person typed stays."""
    app = PlayApp("usa", None, ("human", "greedy"), seed=3, bot_delay=0)
    app.ticket_choice.keep.click()  # the person keeps; the bot keeps too
    before = app.game
    assert len(before.actions) == 2
    i18n.set_language("fr")
    assert [p.name for p in app.state.players] == ["Vous", "Bot glouton"]
    assert app.game.actions == before.actions and app.game.cursor == before.cursor
    assert [p.hand for p in app.state.players] == [p.hand for p in before.state.players]
    assert app.game.states[1].last_event.startswith("Vous gardez")
    assert [n.value for n in app.start.names[:2]] == ["Vous", "Bot glouton"]
    i18n.set_language("en")
    assert [p.name for p in app.state.players] == ["You", "Greedy bot"]
    typed = PlayApp("usa", ("Ann", "Greedy bot 2"), ("human", "greedy"), seed=3, bot_delay=0)
    i18n.set_language("fr")
    assert [p.name for p in typed.state.players] == ["Ann", "Bot glouton 2"]
