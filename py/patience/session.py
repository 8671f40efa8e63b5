"""A game being played: the deal, its history, unlimited undo and redo.

One player action (a card move with its automatic flips and refills, a stock click)
is one history entry, so one undo step.  States are immutable, so the history simply
keeps them: undo restores each earlier state exactly.
"""

from __future__ import annotations

from .game import Game, Move
from .state import State


class Session:
    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.states: list[State] = [game.deal(seed)]
        self.moves: list[Move] = []
        self.at = 0  # index into states of the current position
        # bookkeeping the table keeps with the game (and in its save)
        self.elapsed_ms = 0  # time played so far
        self.counted = False  # counted as played in the statistics (at the first move)
        self.result = ""  # "won" once the win is counted (an undo does not count it again)
        self.assisted = False  # the app played a move for the player (see ``helped``)
        self.hints = 0  # hints given, one per position at most (see ``hinted``)
        self.hinted_at: State | None = None  # the position of the last hint counted (saved by its index)
        # a forced position Finish found on the line played (its index in states), not saved
        self.forced_at: int | None = None
        self.forced_state: State | None = None

    def helped(self, kind: str) -> None:
        """The app is about to play a move for the player: ``kind`` "demo" makes the game
        one solved with help; "finish" does too unless the rest is forced — at this
        position (``Game.is_forced``), or at one this line of play passed through, so
        Finish's own line from a forced position never counts against the player.  The
        mark stays with the game (an undo keeps it).  A game whose win is counted already
        stays as it was counted: help after it (an undo, then Finish) changes nothing."""
        if self.assisted or self.result:
            return
        if kind == "finish":
            k = self.forced_at
            if k is not None and k <= self.at and self.states[k] is self.forced_state:
                return  # the line on the table went through a forced position
            if self.game.is_forced(self.state):
                self.forced_at, self.forced_state = self.at, self.state
                return
        self.assisted = True

    def hinted(self) -> None:
        """A hint was given for the current position: counted, once per position (and
        not once the win is counted: the statistics have the game's hints already)."""
        if self.hinted_at is not self.state and not self.result:
            self.hinted_at = self.state
            self.hints += 1

    @property
    def state(self) -> State:
        return self.states[self.at]

    @property
    def move_count(self) -> int:
        return self.at

    def play(self, move: Move) -> State:
        """Checked; IllegalMoveError leaves the session unchanged."""
        new = self.game.play(self.state, move)
        del self.states[self.at + 1:]
        del self.moves[self.at:]
        self.states.append(new)
        self.moves.append(move)
        self.at += 1
        return new

    def can_undo(self) -> bool:
        return self.at > 0

    def can_redo(self) -> bool:
        return self.at < len(self.states) - 1

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.at -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        self.at += 1
        return True

    def restart(self) -> None:
        """Back to the deal.  The moves stay for redo, so a restart by mistake is taken
        back by redoing them; the first new move drops them, as any move does."""
        self.at = 0
