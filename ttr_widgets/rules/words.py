"""Sentences about players: a player may be called "You" (the play app's default name), and
the kit's sentences then read "You draw", "your turn", not "You draws", "You's turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttr_widgets.rules.i18n import _, language, ngettext, npgettext, pgettext

if TYPE_CHECKING:
    from ttr_widgets.rules.model import Route, RuleSet

LONGEST_TRAIL = "longest trail"
"""The kit's one name, on every map, for a player's longest continuous line of their own trains,
counted in spaces (rule score.longest); the bonus it earns has the box's name, ``bonus_name``."""

FACE_UP_ROW = "face-up row"  #: the 5 (or the map's number of) train cards turned face up


def map_title(name: str) -> str:
    """A map's name as people write it: 'USA' for ``usa``, 'Europe' for ``europe``, 'Mini' for
    ``mini`` (a short name in capitals, a longer one capitalised)."""
    return name.upper() if len(name) <= 3 else name.capitalize()


def bonus_name(rules: RuleSet) -> str:
    """The bonus for the longest trail as the map's box names it: 'Longest Continuous Path
    bonus' (USA), 'European Express bonus' (Europe), 'Longest Trail bonus' (the kit's own Mini
    map, named for the kit's concept); as the French boxes name it, 'bonus du Plus long
    chemin', 'bonus European Express' (the Mini map's in the same words as USA's: the kit's
    concept is the *plus long chemin*). The map file keeps its English name: a name the
    catalogue does not know is told 'bonus <name>'."""
    name = rules.longest_bonus_name
    boxes = {"Longest Continuous Path": pgettext("bonus", "Longest Continuous Path bonus"),
             "European Express": pgettext("bonus", "European Express bonus"),
             "Longest Trail": pgettext("bonus", "Longest Trail bonus")}
    return boxes.get(name) or _("{name} bonus").format(name=name)


_YOU_FORMS = {"has": "have", "passes": "pass", "is": "are"}


def is_you(name: str) -> bool:
    """Whether a player is called You (or the reader's word for it, 'Vous': the play app's
    default name in that language)."""
    said = name.strip().casefold()
    return said == "you" or said == _("You").casefold()


def verb(name: str, third_person: str) -> str:
    """A verb agreeing with a player's name: 'draws', or 'draw' for a player called You."""
    if not is_you(name):
        return third_person
    return _YOU_FORMS.get(third_person, third_person[:-1])


def says(name: str, third_person: str) -> str:
    """'Ann draws', 'You draw'."""
    return f"{name} {verb(name, third_person)}"


def their(name: str) -> str:
    return "your" if is_you(name) else "their"


def possessive(name: str, *, capital: bool = True) -> str:
    """"Ann's"; for a player called You "Your" (or "your" inside a sentence)."""
    if is_you(name):
        return "Your" if capital else "your"
    return f"{name}'s"


def win_verb(winners: tuple[str, ...] | list[str]) -> str:
    """What follows the winners' names: 'wins', 'win' (You), or 'share the win'."""
    return verb(winners[0], "wins") if len(winners) == 1 else "share the win"


_PLURALS = {"person": "people", "Depot": "Depots", "Warehouse": "Warehouses"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``noun`` agreeing with ``n``: 'card' for 1, 'cards' otherwise ('person' → 'people')."""
    if n == 1:
        return noun
    if many is not None:
        return many
    return _PLURALS.get(noun, noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s"))


def count(n: int, noun: str, many: str | None = None) -> str:
    """'1 card', '2 cards', '0 points', '1 person', '3 people'."""
    return f"{n} {plural(n, noun, many)}"


def with_article(noun: str) -> str:
    """``noun`` after its article: 'an orange card', 'a red card', 'a locomotive'."""
    return f"{'an' if noun[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {noun}"


def card_noun(card: str) -> str:
    """A train card by its colour: 'orange card', and 'locomotive' (its own noun)."""
    return card if card == "locomotive" else f"{card} card"


def a_card(card: str) -> str:
    """'an orange card', 'a red card', 'a locomotive'."""
    return with_article(card_noun(card))


# ------------------------------------------------------------ in the reader's language


def colour_name(colour: str) -> str:
    """A card's or route's colour as a name, in the reader's language: 'red' (French 'rouge'),
    'green' ('vert'), 'gray' ('gris'), 'locomotive'."""
    names = {
        "red": pgettext("colour", "red"), "orange": pgettext("colour", "orange"),
        "yellow": pgettext("colour", "yellow"), "green": pgettext("colour", "green"),
        "blue": pgettext("colour", "blue"), "pink": pgettext("colour", "pink"),
        "white": pgettext("colour", "white"), "black": pgettext("colour", "black"),
        "gray": pgettext("colour", "gray"), "locomotive": pgettext("colour", "locomotive"),
    }
    return names.get(colour, colour)


def colour_of(colour: str, n: int = 1) -> str:
    """A colour agreeing with ``n`` cards or a route (feminine in French: 'verte', 'vertes';
    English 'green' alike)."""
    forms = {
        "red": npgettext("card colour", "red", "red", n),
        "orange": npgettext("card colour", "orange", "orange", n),
        "yellow": npgettext("card colour", "yellow", "yellow", n),
        "green": npgettext("card colour", "green", "green", n),
        "blue": npgettext("card colour", "blue", "blue", n),
        "pink": npgettext("card colour", "pink", "pink", n),
        "white": npgettext("card colour", "white", "white", n),
        "black": npgettext("card colour", "black", "black", n),
        "gray": npgettext("card colour", "gray", "gray", n),
    }
    return forms.get(colour, colour)


def cards(n: int, colour: str) -> str:
    """'2 red cards', '1 locomotive' in the reader's language ('2 cartes rouges', '1
    locomotive'); ``colour`` may be '' for cards of no colour said ('3 cards')."""
    if colour == "locomotive":
        return ngettext("{n} locomotive", "{n} locomotives", n).format(n=n)
    if not colour:
        return ngettext("{n} card", "{n} cards", n).format(n=n)
    return ngettext("{n} {colour} card", "{n} {colour} cards", n).format(
        n=n, colour=colour_of(colour, n))


def and_list(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the reader's language."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("{most} and {last}").format(most=", ".join(parts[:-1]), last=parts[-1])


def route_label(route: Route) -> str:
    """A route for a person: 'Denver – Omaha (4 red)', in French 'Denver – Omaha (4, rouge)'."""
    return _("{cities} ({length} {colour})").format(
        cities=route.cities_label, length=route.length, colour=colour_name(route.color))


#: how a language writes a number: its decimal mark and what follows a percentage (French puts
#: a narrow no-break space before %, U+202F, as its typesetting does)
_NUMBER_STYLE = {"en": (".", "%"), "fr": (",", "\u202f%")}


def decimal(x: float, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals in the reader's language: '101.5', French '101,5'."""
    mark, _percent = _NUMBER_STYLE.get(language(), _NUMBER_STYLE["en"])
    return f"{x:.{digits}f}".replace(".", mark)


def percent(share: float, digits: int = 1) -> str:
    """A share (0.5) as a percentage in the reader's language: '50.0%', French '50,0 %' (a
    narrow no-break space before the sign)."""
    sign = _NUMBER_STYLE.get(language(), _NUMBER_STYLE["en"])[1]
    return decimal(100 * share, digits) + sign
