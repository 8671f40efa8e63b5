"""A line of play written compactly: each move as its index in ``Game.legal_moves`` of
the position it is played from, one character a move (two more past the 61st move of a
position).  The winnable-deal lists keep each deal's winning line this way; replaying a
line through the checked ``Game.play`` is what holds a list to the rules it was found
under (a changed deal, rule or move order makes the replay fail, never pass).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .errors import InvalidMoveError
from .game import Game
from .moves import Move
from .state import State

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY"  # 61 one-character indices
WIDE = "Z"  # then two digits of base 62 (the 61 above and WIDE): an index up to 3,843
BASE = len(DIGITS) + 1
VALUE = {c: i for i, c in enumerate(DIGITS + WIDE)}


def _index_text(i: int) -> str:
    if i < len(DIGITS):
        return DIGITS[i]
    if i >= BASE * BASE:
        raise ValueError(f"a move index of {i} cannot be written")
    return WIDE + (DIGITS + WIDE)[i // BASE] + (DIGITS + WIDE)[i % BASE]


def encode(game: Game, state: State, moves: Iterable[Move]) -> str:
    """``moves`` from ``state`` as text; each is played through the checked play on the
    way (IllegalMoveError on one that is not legal)."""
    out = []
    for move in moves:
        legal = game.legal_moves(state)
        try:
            out.append(_index_text(legal.index(move)))
        except ValueError:
            game.play(state, move)  # says why the move is refused
            raise InvalidMoveError(f"{game.notation(move)} is legal but not among the legal moves listed") from None
        state = game.play(state, move)
    return "".join(out)


def decode(game: Game, state: State, text: str) -> list[Move]:
    """The moves a line of text names from ``state``, each checked as it is played
    (InvalidMoveError on a character or index that names no legal move)."""
    return _played(game, state, text)[0]


def replay(game: Game, state: State, text: str) -> State:
    """The position a line of text reaches from ``state``, through the checked play."""
    return _played(game, state, text)[1]


def _played(game: Game, state: State, text: str) -> tuple[list[Move], State]:
    moves: list[Move] = []
    for move, state in steps(game, state, text):
        moves.append(move)
    return moves, state


def steps(game: Game, state: State, text: str) -> Iterator[tuple[Move, State]]:
    """The line's moves one at a time, each with the position it reaches (for the page,
    which reads a long line in slices): InvalidMoveError as ``decode``."""
    at = count = 0
    while at < len(text):
        c = text[at]
        count += 1
        if c == WIDE:
            pair = text[at + 1:at + 3]
            if len(pair) != 2 or any(d not in VALUE for d in pair):
                raise InvalidMoveError(f"a line's move {count} is cut short")
            i, at = VALUE[pair[0]] * BASE + VALUE[pair[1]], at + 3
        elif c in VALUE:
            i, at = VALUE[c], at + 1
        else:
            raise InvalidMoveError(f"a line's move {count} is {c!r}, not a move index")
        legal = game.legal_moves(state)
        if i >= len(legal):
            raise InvalidMoveError(f"a line's move {count} is number {i} of {len(legal)} legal moves")
        state = game.play(state, legal[i])
        yield legal[i], state
