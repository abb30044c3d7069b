"""What a bot is: a pure function ``choose(state, rng) -> Choice``, an action and the reason in
words; all chance comes from the ``random.Random`` it is given. A reason is told in the reader's
language (``rules.i18n``) as the move, then after ': ' why (``'claims Denver – Omaha (4 red): a
planned route'``), which is how a table tells it (``widgets.table.bots.because``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ttr_widgets.rules.actions import Action
from ttr_widgets.rules.state import GameState


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    reason: str


Bot = Callable[[GameState, random.Random], Choice]
