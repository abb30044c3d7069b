"""English left on a French page: ``english_words(text)`` finds the common English words of a
text (function words and the game's own: 'the', 'your', 'draw', 'tickets' …) once its proper
names are set aside (the players, the game's names, the board's cities), and the rule ids a
"why?" prints after a rule. Shared by the headless and the browser checks of the French app."""

from __future__ import annotations

import re
from functools import cache

from ttr_widgets.rules.maps import load_map

__all__ = ["ENGLISH", "PROPER", "RULE_ID", "english_words"]

#: English words that no French sentence of the app holds (a few French words are spelt alike:
#: 'a', 'on', 'pile', 'plan', 'points', 'route', 'tickets', 'train' are left out for that reason)
_ENGLISH_WORDS = """
    the and of your you to with from cards card turn turns draw drawn claim claims claimed
    ticket keep keeps pay undo redo hint show hide new not this that these those is are
    each every what who when which left discards move moves step game player players
    length gray unclaimed none yet click choose blind completed go setup warns more
    than or for by at its their his her be been has have will can cannot only
"""
ENGLISH = frozenset(_ENGLISH_WORDS.split())

#: names the app shows as they are: the players of the tests' tables, the game's names, a map's
PROPER = ("Les Aventuriers du Rail", "Ticket to Ride", "You", "Greedy", "Ben", "Cleo", "Dev",
          "USA")

#: a rule's id, as a "why?" prints it after the rule ("règle claim.whole-route")
RULE_ID = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9-]+)+\b")


@cache
def _city_names(map_name: str) -> tuple[str, ...]:
    """The board's city names, longest first (so 'Kansas City' goes before a shorter name)."""
    return tuple(sorted((city.name for city in load_map(map_name).cities), key=len,
                        reverse=True))


def english_words(text: str, *, bots_say: tuple[str, ...] = (), map_name: str = "usa"
                  ) -> set[str]:
    """The English words of ``text`` once its proper names (and ``map_name``'s cities), rule
    ids and the bots' own sentences ``bots_say`` are taken out."""
    for said in bots_say:
        text = text.replace(said, " ")
    text = RULE_ID.sub(" ", text)
    for name in (*PROPER, *_city_names(map_name)):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return {w for w in re.findall(r"[^\W\d_]+", text.casefold()) if w in ENGLISH}  # é: a letter
