"""What a bot is: a pure function ``choose(state, rng) -> Choice``, an action and the reason in
words; all chance comes from the ``random.Random`` it is given."""

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
