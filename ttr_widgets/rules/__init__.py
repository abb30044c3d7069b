"""The rules core: pure Python, typed, no UI import.

Data flows one way: map file → ``Board`` → ``GameState`` → ``apply(state, action)`` → new
``GameState``. Nothing here mutates a value it was given.

    >>> from ttr_widgets.rules import load_map, new_game, legal_actions, apply
    >>> state = new_game(load_map("usa"), ["Ann", "Bob"], seed=1)
    >>> state = apply(state, legal_actions(state)[0])
"""

from .actions import (
    Action,
    BuildStation,
    ClaimRoute,
    CollectWarehouses,
    DeclineTunnel,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    FeedWarehouse,
    KeepTickets,
    Pass,
    PayTunnel,
    PlaceDepot,
)
from .catalog import RULES, explain
from .engine import apply, legal_actions, new_game, random_action, score, why_illegal
from .errors import MapError, PositionError, RulesError, TTRError
from .graph import connected, longest_trail, ticket_path
from .history import Game
from .maps import load_map
from .model import CARD_NAMES, COLORS, LOCOMOTIVE, Board, City, Route, Ticket
from .position import load_position, score_position
from .record import load_record, save_record
from .scenario import scenario
from .scoring import Holding, ScoreSheet, score_game
from .state import GameState, Options

__all__ = [
    "CARD_NAMES", "COLORS", "LOCOMOTIVE", "RULES", "Action", "Board", "BuildStation", "City",
    "ClaimRoute", "CollectWarehouses", "DeclineTunnel", "DrawBlind", "DrawFaceUp",
    "DrawTickets", "FeedWarehouse", "Game", "GameState", "Holding", "KeepTickets", "MapError",
    "Options", "Pass", "PayTunnel", "PlaceDepot", "PositionError", "Route", "RulesError",
    "ScoreSheet", "TTRError", "Ticket", "apply", "connected", "explain", "legal_actions",
    "load_map", "load_position", "load_record", "longest_trail", "new_game", "random_action",
    "save_record", "scenario", "score", "score_game", "score_position", "ticket_path",
    "why_illegal",
]
