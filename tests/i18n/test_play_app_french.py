"""The play app in French: a short game driven headless in French (the deal and its ticket
choice, a hint, a refused click, a claim panel, a card drawn, the bot's turn, a ticket draw, Undo,
every tab), and no visible text of the app's own is English: each text is searched for common
English words, proper names (the players, the board's cities, the game's names) set aside.

The language picker: a page built in English turns French when the picker (or the page's
address, which learns its language after the widgets are built) changes the language, and back.

Left out of the search, and said so: the board's own hover texts (``widgets.board``), the
Plan and Game tabs' panels (the planner, the start panels, the table maker) and the hint's own
reasons (``bots``: what the hint says after "Indice pour You :") — not yet in the catalogue;
rule ids (``claim.whole-route``, printed small after a rule) are code names, not words.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from ttr_widgets.rules import i18n, load_map
from ttr_widgets.rules.actions import DrawTickets
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.words import visible_texts
from ttr_widgets.widgets.pages.app import TABS, PlayApp

USA = load_map("usa")

def _left_out(app: PlayApp) -> tuple[widgets.Widget, ...]:
    """The parts not yet in the catalogue (see the module docstring)."""
    plan, game = app.tabs.children[TABS.index("Plan")], app.tabs.children[TABS.index("Game")]
    return (app.map_view.widget, plan, *game.children)


def app_texts(app: PlayApp) -> Iterator[str]:
    """Every visible text of the app but the parts left out."""
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


def english_left(app: PlayApp, seen: dict[str, set[str]], bots_say: list[str]) -> None:
    for text in app_texts(app):
        found = english_words(text, bots_say=tuple(bots_say))
        if found:
            seen[text.strip()[:160]] = found


HINT_FRAME = "Indice pour You : "


def hint(app: PlayApp, bots_say: list[str]) -> None:
    """Ask for a hint: its frame is French; what follows it is the bots' (set aside)."""
    app.hint()
    assert app.status.text.startswith(HINT_FRAME), app.status.text
    bots_say.append(app.status.text.removeprefix(HINT_FRAME))


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
        texts = list(app_texts(app))
    assert seen == {}, f"English on the French page ({len(seen)} texts):\n" + "\n".join(
        f"{sorted(words)}: {text!r}" for text, words in list(seen.items())[:40])
    assert "Jouer" in texts and "Journal" in texts  # the tabs' titles


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
    assert app.status.text.startswith("You : choisissez")
    app.language.value = "en"
    assert app.tabs.get_title(0) == "Play" and app.status.text.startswith("You: choose")


def test_a_page_that_learns_french_from_its_address_redraws_its_words() -> None:
    app = PlayApp("usa", ("You", "Greedy"), ("human", "greedy"), seed=3, bot_delay=0)
    app.address.languages = "fr-FR,fr"
    app.address.search = "?"  # the browser has told the address: French, after the build
    assert i18n.language() == "fr" and app.language.value == "fr"
    assert app.tabs.get_title(TABS.index("Score")) == "Score"
    assert app.tabs.get_title(TABS.index("Log")) == "Journal"
    assert app.ticket_choice.keep.description == "Garder ces destinations"


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
