"""The bots: each a pure function ``choose(state, rng) -> Choice`` (``bots.choice``), from easy to
expert (``bots.levels``, with what each does in plain words); the hint and the coach
(``bots.coach``) are built on them, and ``bots.simulate`` plays them against each other.

Nothing inside ``bots`` imports this module: it only gathers the names most callers want.
"""

from __future__ import annotations

from ttr_widgets.bots.choice import Bot, Choice
from ttr_widgets.bots.coach import hint
from ttr_widgets.bots.levels import BOTS, LEVELS, SLOW, choose, level_word

__all__ = ["BOTS", "LEVELS", "SLOW", "Bot", "Choice", "choose", "hint", "level_word"]
