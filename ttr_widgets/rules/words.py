"""Sentences about players: a player may be called "You" (the play app's default name), and
the kit's sentences then read "You draw", "your turn", not "You draws", "You's turn"."""

from __future__ import annotations

_YOU_FORMS = {"has": "have", "passes": "pass", "is": "are"}


def is_you(name: str) -> bool:
    return name.strip().casefold() == "you"


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
