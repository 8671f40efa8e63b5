"""Saved games as text: the deal, its options and the whole history.  Pure, tested under
CPython; ``keeper`` keeps one per game type in the browser's storage.

A save holds the game, its options, the deal number, every move in notation and how many
of them are played (the rest is the redo stack), the time played, and whether the game
is already counted in the statistics (played; won), whether the app played a move for
the player (``assisted``: Demo, or Finish before the rest was forced), how many hints
it used and where the last one was counted (``hinted_at``, an index into the history: a
hint asked for there again after a reload is not counted twice).  A save written before
those were kept loads as not assisted, no hints, no hint's position (the fields are
optional: version 1 all the same).  Loading replays the moves through the
engine's checked path, so a save that does not replay exactly is refused with a reason,
never half-loaded.
"""

from __future__ import annotations

import json
from typing import TypedDict

from patience.errors import PatienceError
from patience.registry import get_game
from patience.session import Session

from .i18n import Worded
from .urlstate import MAX_SEED

VERSION = 1
PREFIX = "patience.v1."


class Peek(TypedDict):
    """Which deal a save holds and its statistics marks."""

    game: str
    options: dict[str, object]
    seed: int
    counted: bool
    result: str


class SaveError(Worded):
    """A save that cannot be read: the reason is for the player."""


def key(game_id: str) -> str:
    return f"{PREFIX}game.{game_id}"


def broken_key(game_id: str) -> str:
    return f"{PREFIX}broken.{game_id}"


def encode(session: Session) -> str:
    # the position the last hint was counted at (its index in the history), so that a hint
    # asked for there again after a reload is not counted twice
    hinted_at = next((k for k, st in enumerate(session.states) if st is session.hinted_at), None)
    return json.dumps({
        "v": VERSION,
        "game": session.game.id,
        "options": dict(session.game.options),
        "seed": session.seed,
        "moves": [session.game.notation(m) for m in session.moves],
        "at": session.at,
        "time": session.elapsed_ms,
        "counted": session.counted,
        "result": session.result,
        "assisted": session.assisted,
        "hints": session.hints,
        **({"hinted_at": hinted_at} if hinted_at is not None else {}),
    }, separators=(",", ":"))


def peek(text: str) -> Peek | None:
    """Which deal a save holds and its statistics marks, without replaying it (None when
    it is not a readable save of this version)."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != VERSION:
            return None
        return Peek(game=str(data["game"]), options=dict(data["options"]), seed=int(data["seed"]),
                    counted=bool(data.get("counted", int(data["at"]) > 0)), result=str(data.get("result", "")))
    except (KeyError, TypeError, ValueError, OverflowError):  # OverflowError: int() of an infinity
        return None


def decode(text: str) -> Session:
    """The saved session, its history replayed; SaveError says what is wrong."""
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("reason.save.unreadable") from None
    if not isinstance(data, dict):
        raise SaveError("reason.save.not_save")
    version = data.get("v")
    if version != VERSION:
        raise SaveError("reason.save.version", version=repr(version))
    try:
        game = get_game(str(data["game"]), {str(k): str(v) for k, v in dict(data["options"]).items()})
        seed = int(data["seed"])
        moves = [str(m) for m in data["moves"]]
        at = int(data["at"])
        # saves written before the timer and the statistics lack these: a fresh count
        elapsed = int(data.get("time", 0))
        counted = data.get("counted", bool(at))
        result = data.get("result", "")
        # saves written before games solved with help and hints were counted: neither
        assisted = data.get("assisted", False)
        hints = data.get("hints", 0)
        # saves written before it: no hint's position known (the next hint counts)
        hinted_at = data.get("hinted_at")
    except (KeyError, TypeError, ValueError, OverflowError) as err:  # OverflowError: int() of an infinity
        # the engine's own words name what is wrong; Python's ("dictionary update sequence
        # element #0 has length 1") would not tell a player anything
        raise (SaveError("reason.save.damaged", error=err) if isinstance(err, PatienceError)
               else SaveError("reason.save.damaged_plain")) from None
    if not isinstance(counted, bool) or result not in ("", "won") or elapsed < 0 \
            or not isinstance(assisted, bool) or type(hints) is not int or not 0 <= hints <= 10**9 \
            or not (hinted_at is None or type(hinted_at) is int and 0 <= hinted_at <= len(moves)):
        raise SaveError("reason.save.marks")
    if not 1 <= seed <= MAX_SEED:
        raise SaveError("reason.save.seed")
    if not 0 <= at <= len(moves):
        raise SaveError("reason.save.count")
    session = Session(game, seed)
    try:
        for text_move in moves:
            session.play(game.parse_move(text_move))
    except PatienceError as err:
        raise SaveError("reason.save.replay", error=err) from None
    session.at = at
    session.elapsed_ms = elapsed
    session.counted = counted
    session.result = result
    session.assisted = assisted
    session.hints = hints
    if hinted_at is not None:
        session.hinted_at = session.states[hinted_at]
    return session
