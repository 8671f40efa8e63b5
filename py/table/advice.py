"""What the solver at the table knows and decides, without the DOM or timers (pure,
tested under CPython); assist.py drives it with timers, searches and the page.

- ``Known``: the verdicts learnt, per position (its code under its rules): a winning line
  found once tells that every position along it is winnable, so following it costs
  nothing; and the move that lost a game, once a position before it is known winnable.
- ``FinishRun``: Finish playing out a winning line, one redraw after another
  (``pace``: the line cut into steps, the time shared among them), the moves of a
  redraw played in slices; it says what to do next, the driver does it.
- ``WinnableHunt``: a search for a winnable deal, deal after deal: when to give up.
- ``Indicator``: when the winnability indicator's search of a position starts, and
  when a start asked for is still wanted.
- ``demo_step``: what the demo does next in a position.
"""

from __future__ import annotations

from itertools import takewhile
from typing import Callable, Literal

from patience.game import MOVE, Game, Move
from patience.search import LOST, UNKNOWN, WON, Lock, safe_moves, why_lost
from patience.session import Session
from patience.state import State

from . import pace

Verdict = tuple[str, list[Move]]  # WON with its line, LOST (or UNKNOWN) with none

STEP_MS = 320  # between the moves of the demo (animated); Finish's steps are at most this long
DIALOG_WAIT_MS = 250  # Finish and the demo look again this often while a dialog is open
WINNABLE_TRIES = 60
WINNABLE_GIVE_UP = 8  # a search stops after so many deals in a row decided neither won nor lost
WINNABLE_HOPELESS = 16  # so many in a row under the same rules: later searches stop at once


def key_of(game: Game, state: State) -> str:
    """What the solver's verdicts are kept under: the rules (the same cards in the same
    places are another position under other options: draw 1 or 3) and the position."""
    return f"{game!r} {game.code(state)}"


def home_now(game: Game, state: State) -> list[Move]:
    """The safe moves a player sees: cards on the table going home (the solver's safe
    moves may turn the stock first, which a player would not expect to happen by itself)."""
    return list(takewhile(lambda m: m.kind == MOVE, safe_moves(game, state)))


SAFE_STEP_MS = 160  # between safe moves played by themselves
QUICK_STEP_MS = 40  # the same with animation off
VERDICT_WORDS = {WON: "assist.won", LOST: "assist.lost", UNKNOWN: "assist.unknown"}  # else "assist.checking"


def pause_ms(ms: int, motion_ms: float | None) -> int:
    """Time between moves the app plays (``ms``): shorter when moves are not animated."""
    return QUICK_STEP_MS if motion_ms == 0 else ms


def finish_offered(verdict: str, playing: bool, won: bool) -> bool:
    """Finish is offered where the position is known winnable, not while the app plays
    already, and not once the game is won."""
    return verdict == WON and not playing and not won


class Known:
    """The verdicts learnt at the table, and the positions whose loss was explained."""

    def __init__(self) -> None:
        self.verdicts: dict[str, Verdict] = {}
        self.told: set[str] = set()  # positions whose loss was already explained, and reasons told

    def get(self, game: Game, state: State) -> Verdict | None:
        return self.verdicts.get(key_of(game, state))

    def learn(self, game: Game, state: State, verdict: str, line: list[Move]) -> None:
        """Keep a verdict (an unknown one teaches nothing)."""
        if verdict != UNKNOWN:
            self.verdicts[key_of(game, state)] = (verdict, list(line))

    def learn_line(self, session: Session, line: list[Move]) -> None:
        """A winning line of the session's deal (a listed deal's, patience.winnable): its
        first position is won by it, and so is each position of the session's history
        reached by following it (the moves made so far, and those a redo away)."""
        game = session.game
        self.learn(game, session.states[0], WON, line)
        for k, move in enumerate(session.moves[:len(line)]):
            if move != line[k]:
                break
            self.learn(game, session.states[k + 1], WON, line[k + 1:])

    def verdict(self, session: Session, state: State) -> Verdict | None:
        """What is known of a position of the session (won with its line, lost), or None.
        A position reached by following a known winning line is winnable by the rest of
        it; one whose next move in the history (a redo away: an undo after Finish, which
        shows only some of the positions it plays) reaches a winnable position is
        winnable by that move and the line from there."""
        game = session.game
        if game.is_won(state):
            return WON, []
        if game.is_stuck(state):
            return LOST, []
        code = key_of(game, state)
        found = self.verdicts.get(code)
        if found is None and session.at > 0 and session.state is state:
            before = self.get(game, session.states[session.at - 1])
            if before is not None and before[0] == WON and before[1][:1] == [session.moves[session.at - 1]]:
                found = self.verdicts[code] = (WON, before[1][1:])
        if found is None and session.state is state and session.can_redo():
            following = session.states[session.at + 1]
            after = (WON, []) if game.is_won(following) else self.get(game, following)
            if after is not None and after[0] == WON:
                found = self.verdicts[code] = (WON, [session.moves[session.at], *after[1]])
        return found

    def shown(self, session: Session, state: State, undecided_at: State | None) -> Verdict | None:
        """What the badge says of a position: what is known of it; unknown when its search
        ran out of time (``undecided_at``: a redraw does not start another); None: not
        known yet, to be searched."""
        found = self.verdict(session, state)
        if found is None and undecided_at is state:
            return UNKNOWN, []
        return found

    def lock(self, session: Session) -> Lock | None:
        """Why the session's position cannot be won, in cards (the engine's ``why_lost``),
        told once a deal and reason: None when no reason is known, or it was told."""
        found = why_lost(session.game, session.state)
        if found is None:
            return None
        told = f"{key_of(session.game, session.states[0])} {found.why} {found.pile} {found.card}"
        if told in self.told:
            return None
        self.told.add(told)
        return found

    def next_move(self, session: Session, state: State) -> Move | None:
        """The next move of the winning line known for a position (a hint, the demo's
        next move), or None: none is known, a search must find one."""
        found = self.verdict(session, state)
        return found[1][0] if found is not None and found[0] == WON and found[1] else None

    def blunder(self, session: Session) -> int | None:
        """The move (its index in the session's moves) that lost the game on the table,
        told once a position: the last move after which no position is known winnable,
        from a position known winnable; None when no position before is known winnable,
        when one known lost comes first, or when this loss was told already."""
        code = key_of(session.game, session.state)
        if code in self.told:
            return None
        for k in range(session.at - 1, -1, -1):
            found = self.get(session.game, session.states[k])
            if found is not None and found[0] == WON:
                self.told.add(code)
                return k
            if found is not None:
                return None  # lost already then: this move did not lose it
        return None


Do = Literal["wait", "play", "redraw", "done"]


class FinishRun:
    """Finish under way: the winning line's steps (``pace.steps``) left to show, the
    moves of the redraw under way and the time planned (``pace.plan``).

    The driver asks ``next`` and does what it says: "wait": a dialog is open, ask again
    after the time given; "play": play the move on the session alone (no redraw), then ask
    again (at once, or in a new slice of work); "redraw": play the move by the app (a
    redraw, announced and saved), then, unless the run is ``over``, ask again at ``due``
    (the time given is how long until then); "done": nothing is left to play."""

    def __init__(self, game: Game, line: list[Move], now: float) -> None:
        self.line = line
        self.queue = pace.steps(game, line)
        self.pending: list[Move] = []  # the moves of the redraw under way
        self.played = 0  # moves of the line played
        self.deadline = now + pace.FINISH_MS
        self.due = 0.0  # when the next redraw is due
        self.animation: float | None = None  # the moves' animation for the redraw under way (ms)

    def rest(self) -> list[Move]:
        """The line from the position reached."""
        return self.line[self.played:]

    @property
    def over(self) -> bool:
        return not self.queue and not self.pending

    def silent_left(self) -> bool:
        """Whether a move is left to play before the redraw under way's own."""
        return len(self.pending) > 1

    def next(self, now: float, motion_ms: Callable[[], float | None],
             dialog_open: Callable[[], bool]) -> tuple[Do, Move | None, float]:
        """What to do now, with the move to play and the time to wait (see the class).
        ``motion_ms``: a move's animation by the setting (0: off; None: not a time);
        ``dialog_open``: whether a dialog (the rules, the statistics) is open; both
        asked only when they matter."""
        if not self.pending:
            if not self.queue:
                return "done", None, 0.0
            if dialog_open():  # wait, and the time with it
                self.deadline += DIALOG_WAIT_MS
                return "wait", None, DIALOG_WAIT_MS
            setting = motion_ms()
            if setting == 0:
                k, step_ms = len(self.queue), 0.0
                self.animation = None
            else:
                k, step_ms = pace.plan(len(self.queue), self.deadline - now, STEP_MS)
                self.animation = pace.animation_ms(step_ms, setting) if setting is not None else None
            for group in self.queue[:k]:
                self.pending.extend(group)
            del self.queue[:k]
            self.due = now + step_ms
        if len(self.pending) > 1:
            self.played += 1
            return "play", self.pending.pop(0), 0.0
        if dialog_open():  # opened meanwhile: the redraw waits
            self.deadline += DIALOG_WAIT_MS
            return "wait", None, DIALOG_WAIT_MS
        self.played += 1
        return "redraw", self.pending.pop(), max(0.0, self.due - now)


class WinnableHunt:
    """A search for a winnable deal under one game and options, deal after deal: when to
    give up.  Under some rules (Frog in suit) the solver decides no deal within its
    budget, won or lost: a search stops after WINNABLE_GIVE_UP such deals in a row and
    offers a deal not checked; once WINNABLE_HOPELESS deals in a row under the same
    rules were such (``undecided``, kept across searches by the caller), later searches
    offer it at once."""

    def __init__(self, undecided: int) -> None:
        self.tries = 0
        self.undecided = undecided  # deals in a row under these rules decided neither way

    def next(self) -> str | None:
        """None: try another deal; else why to give up (a message key)."""
        if self.undecided >= WINNABLE_HOPELESS and self.tries == 0:
            return "assist.search_hopeless"
        if self.tries >= WINNABLE_TRIES:
            return "assist.search_failed"
        if min(self.tries, self.undecided) >= WINNABLE_GIVE_UP:  # in a row, in this search
            return "assist.search_undecided"
        self.tries += 1
        return None

    def searched(self, verdict: str) -> None:
        """A deal's verdict came."""
        self.undecided = self.undecided + 1 if verdict == UNKNOWN else 0


class Indicator:
    """When the winnability indicator searches.  After every change of position the
    driver asks ``changed``: ``"show"`` when the verdict is known (any search under way
    stops), ``"keep"`` when the position is the one being searched or about to be (a
    redraw, not a move), ``"start"`` otherwise: the search before stops, and this one
    starts in a task of its own, after the move's handler (making it took 2-3 ms, which
    the moved card's redraw waited for).  When that task comes, ``begin`` says whether
    the search is still wanted: the position is still on the table and no search of it
    started meanwhile."""

    def __init__(self) -> None:
        self.analysing: State | None = None  # the position searched, or about to be
        self.starting = False  # its search is to start in the next task

    def changed(self, state: State, known: bool, busy: bool) -> Literal["show", "keep", "start"]:
        if known:
            return "show"
        if self.analysing is state and (busy or self.starting):
            return "keep"
        self.analysing = state
        self.starting = True
        return "start"

    def begin(self, state: State, current: State | None, busy: bool) -> bool:
        self.starting = False
        return current is state and self.analysing is state and not busy


def demo_step(game: Game, state: State, known_move: Move | None,
              dialog_open: bool) -> Literal["wait", "stop", "play", "search"]:
    """What the demo does next in ``state``: wait while a dialog is open (the rules or
    the statistics), stop once the game is won or stuck, play the move a known winning
    line gives (``known_move``), else search for one."""
    if dialog_open:
        return "wait"
    if game.is_won(state) or game.is_stuck(state):
        return "stop"
    return "play" if known_move is not None else "search"
