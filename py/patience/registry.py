"""The explicit registry of games: order here is the order in the game chooser."""

from __future__ import annotations

from typing import Mapping

from .errors import OptionError
from .game import Game
from .games import bride, canfield, cross, frog, gaps8, glider, klondike, potocki, zmey
from .spec import GameSpec

GAMES: tuple[GameSpec[Game], ...] = (klondike.SPEC, canfield.SPEC, zmey.SPEC, gaps8.SPEC, potocki.SPEC, frog.SPEC, cross.SPEC, glider.SPEC, bride.SPEC)
BY_ID = {g.id: g for g in GAMES}


def get_game(game_id: str, options: Mapping[str, str] | None = None) -> Game:
    """The compiled game; OptionError for an unknown game or option."""
    spec = BY_ID.get(game_id)
    if spec is None:
        raise OptionError(f"unknown game {game_id!r} (games: {', '.join(BY_ID)})")
    return Game(spec, options)
