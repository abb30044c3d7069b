"""Every bot by name, as a difficulty level, and what each does in one plain line."""

from __future__ import annotations

import random

from ttr_widgets.bots.choice import Bot, Choice
from ttr_widgets.bots.expert import expert_bot
from ttr_widgets.bots.greedy import greedy_bot, random_bot
from ttr_widgets.bots.strong import strong_bot
from ttr_widgets.rules.i18n import N_, pgettext
from ttr_widgets.rules.state import GameState
from ttr_widgets.rules.view import view

BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "strong": strong_bot,
                        "expert": expert_bot}

#: Each bot as a difficulty level, and what it does in one plain line (easiest first; the line
#: marked for the catalogue, told in the reader's language where it is shown).
LEVELS: dict[str, tuple[str, str]] = {
    "random": ("easy", N_("picks any legal move at random")),
    "greedy": ("medium", N_("follows its tickets one by one and claims the longest route on "
                            "their way it can pay for")),
    "strong": ("hard", N_("plans all its tickets together, claims first the routes it cannot "
                          "do without, and races to end the game once they are done")),
}

#: Bots too slow for a table's turn (a second or so a move), for simulations and the hint, and
#: what each does in one plain line.
SLOW: dict[str, str] = {
    "expert": "plays like the strong bot, but first plays its few best moves out to the end of "
              "the game on several fresh deals and keeps the one that comes out furthest ahead",
}


def level_word(kind: str) -> str:
    """A bot's difficulty level in the reader's language: 'medium' for greedy (French
    'moyen'), '' for a bot with none."""
    levels = {"easy": pgettext("bot level", "easy"), "medium": pgettext("bot level", "medium"),
              "hard": pgettext("bot level", "hard")}
    level = LEVELS[kind][0] if kind in LEVELS else ""
    return levels.get(level, level)


def choose(kind: str, state: GameState, rng: random.Random) -> Choice:
    """The move the bot ``kind`` makes for the player to move, decided from that seat's view
    (``rules.view``): never from what the seat cannot see."""
    return BOTS[kind](view(state, state.current), rng)
