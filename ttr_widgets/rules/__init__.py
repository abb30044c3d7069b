"""The rules core: pure Python, typed, no UI import.

Data flows one way: map file → ``Board`` → ``GameState`` → ``apply(state, action)`` → new
``GameState``. Nothing here mutates a value it was given.
"""

from .catalog import RULES, explain
from .errors import MapError, PositionError, RulesError, TTRError
from .maps import load_map
from .model import CARD_NAMES, COLORS, LOCOMOTIVE, Board, City, Route, Ticket

__all__ = [
    "CARD_NAMES", "COLORS", "LOCOMOTIVE", "RULES", "Board", "City", "MapError", "PositionError",
    "Route", "RulesError", "TTRError", "Ticket", "explain", "load_map",
]
