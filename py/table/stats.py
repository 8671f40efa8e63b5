"""Statistics per game and option set: played, won, streaks, best time, fewest moves,
scores, and the results over time.  Pure, tested under CPython; ``keeper`` keeps them in
the browser's storage, and ``stats_view`` offers them as a JSON file to export and import.

A game counts as played at its first move; it ends as won, as solved with help (won
after *Demo* played a move, or *Finish* one before the rest was forced:
``patience.Game.is_forced``), or as lost when the player leaves it for a new deal of the
same game (abandoned).  A game solved with help is not a win: it neither extends nor
resets the winning streak, sets no best time or fewest moves, and adds nothing to the
score total (whose average is over the games won and lost).  The hints a game used are
added to its record when it ends.  Each ended game adds an entry to the record's history
(kept to the last ``HISTORY`` games), which the chart draws.

Format versions: 1 had no games solved with help and no hints; 2 adds ``assisted`` and
``hints`` to each record and the result 2 (solved with help) to the history's entries.
Version 1 (in storage, or a file exported by an older page) reads as it always did, with
no game solved with help and no hint; it is written back as version 2.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from patience.game import Game
from patience.registry import BY_ID

from .i18n import Worded

FORMAT = "patience-statistics"
VERSION = 2
READS = (1, 2)  # the versions this one reads (1: see the module's docstring)
# Version 2 is kept under a key of its own: a tab of an older page left open across an
# update reads and writes the version 1 key, and would set version 2 aside as unreadable
# and write its own statistics over it.  The version 1 key is read (and migrated) while
# the version 2 key is empty, and never written.
KEY = "patience.v2.stats"
KEYS_BEFORE = ("patience.v1.stats",)
BEFORE_IMPORT_KEY = "patience.v2.stats.before-import"
HISTORY = 500
MAX_RECORDS = 1000


class StatsError(Worded):
    """Statistics that cannot be read: the reason is for the player."""


def record_key(game: Game) -> str:
    """One record per game and option set: ``klondike draw=3 passes=inf …``."""
    return " ".join([game.id] + [f"{k}={v}" for k, v in sorted(game.options.items())])


LOST, WON, ASSISTED = 0, 1, 2  # an entry's result


@dataclass
class Entry:
    when: int  # seconds since 1970
    result: int  # LOST, WON or ASSISTED (solved with help)
    time_ms: int
    moves: int
    score: int

    @property
    def won(self) -> bool:
        return self.result == WON

    @property
    def assisted(self) -> bool:
        return self.result == ASSISTED

    def to_json(self) -> list[int]:
        return [self.when, self.result, self.time_ms, self.moves, self.score]


@dataclass
class Record:
    played: int = 0
    won: int = 0
    lost: int = 0  # ended without a win (abandoned for a new deal)
    assisted: int = 0  # won with help (Demo, or Finish before the rest was forced): not won
    hints: int = 0  # hints used, over ended games
    streak: int = 0  # current winning streak
    best_streak: int = 0
    best_time_ms: int | None = None
    fewest_moves: int | None = None
    score_total: int = 0  # over the games won and lost (not those solved with help)
    history: list[Entry] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def ended(self) -> int:
        """Games won or lost: those the average score is over."""
        return self.won + self.lost

    @property
    def average_score(self) -> float:
        return self.score_total / self.ended if self.ended else 0.0


class Stats:
    def __init__(self) -> None:
        self.records: dict[str, Record] = {}

    def record(self, game: Game) -> Record:
        return self.records.setdefault(record_key(game), Record())

    def get(self, game: Game) -> Record:
        return self.records.get(record_key(game), Record())

    # --- events ------------------------------------------------------------------------
    def start(self, game: Game) -> None:
        self.record(game).played += 1

    def win(self, game: Game, when: int, time_ms: int, moves: int, score: int, hints: int = 0) -> None:
        rec = self.record(game)
        rec.won += 1
        rec.streak += 1
        rec.best_streak = max(rec.best_streak, rec.streak)
        rec.best_time_ms = time_ms if rec.best_time_ms is None else min(rec.best_time_ms, time_ms)
        rec.fewest_moves = moves if rec.fewest_moves is None else min(rec.fewest_moves, moves)
        self.ended(rec, Entry(when, WON, time_ms, moves, score), hints)

    def assisted(self, game: Game, when: int, time_ms: int, moves: int, score: int, hints: int = 0) -> None:
        """A game won with help: counted apart; the streak and the records stay as they were."""
        rec = self.record(game)
        rec.assisted += 1
        self.ended(rec, Entry(when, ASSISTED, time_ms, moves, score), hints)

    def loss(self, game: Game, when: int, time_ms: int, moves: int, score: int, hints: int = 0) -> None:
        rec = self.record(game)
        rec.lost += 1
        rec.streak = 0
        self.ended(rec, Entry(when, LOST, time_ms, moves, score), hints)

    @staticmethod
    def ended(rec: Record, entry: Entry, hints: int) -> None:
        if not entry.assisted:
            rec.score_total += entry.score
        rec.hints += hints
        rec.history.append(entry)
        del rec.history[:-HISTORY]

    # --- as text -----------------------------------------------------------------------
    def encode(self) -> str:
        return json.dumps({
            "format": FORMAT,
            "v": VERSION,
            "records": {
                key: {
                    "played": r.played, "won": r.won, "lost": r.lost, "assisted": r.assisted,
                    "hints": r.hints, "streak": r.streak,
                    "best_streak": r.best_streak, "best_time_ms": r.best_time_ms,
                    "fewest_moves": r.fewest_moves, "score_total": r.score_total,
                    "history": [e.to_json() for e in r.history],
                }
                for key, r in sorted(self.records.items())
            },
        }, separators=(",", ":"))

    @classmethod
    def decode(cls, text: str) -> Stats:
        """Statistics from their JSON text, every field checked; StatsError says what is
        wrong.  All or nothing: an imported file is read so."""
        stats = cls()
        version, records = records_of(text)
        for key, raw in records.items():
            stats.records[check_key(key)] = check_record(key, raw, version)
        return stats

    @classmethod
    def salvage(cls, text: str) -> tuple[Stats, list[StatsError]]:
        """The statistics kept in storage: every record that reads, and the reasons of
        those that do not (a damaged record costs only itself); StatsError when the text
        as a whole cannot be read."""
        stats, reasons = cls(), list[StatsError]()
        version, records = records_of(text)
        for key, raw in records.items():
            try:
                stats.records[check_key(key)] = check_record(key, raw, version)
            except StatsError as err:
                reasons.append(err)
        return stats, reasons


def records_of(text: str) -> tuple[int, dict[object, object]]:
    """The version and the records of a statistics text, its format and version checked."""
    try:
        data = json.loads(text)
    except ValueError:
        raise StatsError("reason.stats.json") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("reason.stats.format")
    version = data.get("v")
    if type(version) is not int or version not in READS:
        raise StatsError("reason.stats.version", version=repr(version))
    records = data.get("records")
    if not isinstance(records, dict) or len(records) > MAX_RECORDS:
        raise StatsError("reason.stats.records")
    return version, records


def check_key(key: object) -> str:
    if not isinstance(key, str) or len(key) > 300 or key.split(" ")[0] not in BY_ID:
        raise StatsError("reason.stats.game", key=repr(str(key)[:40]))
    return key


def _count(raw: dict[object, object], name: str, key: object) -> int:
    value = raw.get(name)
    if type(value) is not int or not 0 <= value < 10**12:
        raise StatsError("reason.stats.field", key=repr(key), name=name)
    return value


def _optional_count(raw: dict[object, object], name: str, key: object) -> int | None:
    return None if raw.get(name) is None else _count(raw, name, key)


def check_record(key: object, raw: object, version: int = VERSION) -> Record:
    """A record of a statistics text of ``version``, every field checked (a version 1
    record has no game solved with help and no hint)."""
    if not isinstance(raw, dict):
        raise StatsError("reason.stats.record", key=repr(key))
    played, won, lost, streak, best_streak, score_total = (
        _count(raw, name, key) for name in ("played", "won", "lost", "streak", "best_streak", "score_total"))
    rec = Record(played=played, won=won, lost=lost, streak=streak, best_streak=best_streak, score_total=score_total)
    if version >= 2:
        rec.assisted, rec.hints = _count(raw, "assisted", key), _count(raw, "hints", key)
    results = (LOST, WON, ASSISTED) if version >= 2 else (LOST, WON)
    rec.best_time_ms = _optional_count(raw, "best_time_ms", key)
    rec.fewest_moves = _optional_count(raw, "fewest_moves", key)
    history = raw.get("history", [])
    if not isinstance(history, list) or len(history) > HISTORY:
        raise StatsError("reason.stats.history", key=repr(key))
    for item in history:
        if not (isinstance(item, list) and len(item) == 5 and all(type(v) is int and 0 <= v < 10**12 for v in item)
                and item[1] in results):
            raise StatsError("reason.stats.entry", key=repr(key))
        rec.history.append(Entry(item[0], item[1], item[2], item[3], item[4]))
    if rec.won + rec.lost + rec.assisted > rec.played or rec.streak > rec.best_streak or rec.best_streak > rec.won:
        raise StatsError("reason.stats.sum", key=repr(key))
    return rec


def clock(ms: int | None) -> str:
    """A time as m:ss (or h:mm:ss)."""
    if ms is None:
        return "—"
    s = ms // 1000
    h, m, sec = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
