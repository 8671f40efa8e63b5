"""A player action (``Move``) and its kinds: the one type every part of the engine names
(the game, its declaration's hooks, the searches), kept apart so that none of them
imports another only for it."""

from __future__ import annotations

from typing import NamedTuple

MOVE, DEAL, RECYCLE = "move", "deal", "recycle"


class Move(NamedTuple):
    """A player action.  ``kind`` is move (n cards from src to dst), deal or recycle."""

    kind: str
    src: int = -1
    dst: int = -1
    n: int = 1
