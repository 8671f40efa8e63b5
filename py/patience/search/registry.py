"""The explicit registry of the games' own searches: a game named here is searched
through its model (its module in this package); any other game through the generic
``Model`` (the engine's moves and the game's ``SolverHooks``).  tests/search/test_search.py
checks that every game's search module is named here and every name is a game."""

from __future__ import annotations

from typing import Callable

from ..game import Game
from ..games import canfield, frog, gaps8, glider, klondike, potocki, zmey
from .canfield import CanfieldModel
from .frog import FrogModel
from .gaps import GapsModel
from .glider import GliderModel
from .klondike import KlondikeModel
from .model import Model
from .zmey import ZmeyModel

MODELS: dict[str, Callable[[Game], Model]] = {
    klondike.SPEC.id: KlondikeModel,
    canfield.SPEC.id: CanfieldModel,
    gaps8.SPEC.id: lambda game: GapsModel(game, gaps8.GRID),
    potocki.SPEC.id: lambda game: GapsModel(game, potocki.GRID),
    frog.SPEC.id: FrogModel,
    zmey.SPEC.id: ZmeyModel,
    glider.SPEC.id: GliderModel,
}


def model_of(game: Game) -> Model:
    """The search model of ``game``: its own, or the generic one."""
    build = MODELS.get(game.id)
    return Model(game) if build is None else build(game)
