"""The rules core: pure Python, typed, no UI import.

Data flows one way: map file → ``Board`` → ``GameState`` → ``apply(state, action)`` → new
``GameState``. Nothing here mutates a value it was given.

    >>> from ttr_widgets.rules import load_map, new_game, legal_actions, apply
    >>> state = new_game(load_map("usa"), ["Ann", "Bob"], seed=1)
    >>> state = apply(state, legal_actions(state)[0])
"""

from ttr_widgets.rules.actions import (
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
from ttr_widgets.rules.catalog import RULES, explain
from ttr_widgets.rules.engine import (
    apply,
    legal_actions,
    new_game,
    random_action,
    score,
    why_illegal,
)
from ttr_widgets.rules.errors import MapError, PositionError, RulesError, TTRError
from ttr_widgets.rules.graph import connected, longest_trail, ticket_path
from ttr_widgets.rules.history import Game
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import CARD_NAMES, COLORS, LOCOMOTIVE, Board, City, Route, Ticket
from ttr_widgets.rules.position import load_position, score_position
from ttr_widgets.rules.record import load_record, save_record
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.scoring import Holding, ScoreSheet, score_game
from ttr_widgets.rules.state import GameState, Options

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
