"""Patience (Пасьянсы): the rules engine.

Pure standard-library Python: it never imports the browser modules, so it runs the
same under CPython (tests, command line) and under Pyodide (the table in the page).
"""

from .cards import Card, card_name, parse_card
from .errors import IllegalMoveError, InvalidCodeError, InvalidMoveError, OptionError
from .game import Game, Move
from .registry import GAMES, get_game
from .session import Session
from .state import State

__all__ = [
    "Card", "card_name", "parse_card",
    "IllegalMoveError", "InvalidCodeError", "InvalidMoveError", "OptionError",
    "Game", "Move", "GAMES", "get_game", "Session", "State",
]
