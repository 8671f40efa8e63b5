"""What the player has done with the listed deals (patience.winnable): the listed deals
played, so that *only winnable* deals a fresh one; and the days whose deal of the day was
won, for the statistics (today's won or not, and the streak of days won).  Pure, tested
under CPython; the keeper keeps it in the browser's storage under a key of its own
(``KEY``: older pages never read it, and no other stored format changed for it).

Format 1: ``{"format": "patience-listed", "v": 1, "played": {LIST: [deal, …]},
"days": {GAME: ["YYYY-MM-DD", …]}}``.  What does not read is set aside by the keeper,
never lost; an entry of the wrong type is left out and the rest kept.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field

from .i18n import Worded

FORMAT = "patience-listed"
VERSION = 1
KEY = "patience.v1.listed"
PLAYED_MAX = 5000  # listed deals remembered a list (the lists hold a few thousand at most)
DAYS_MAX = 800  # days won remembered a game (more than two years: the streak's reach)


class ListedError(Worded):
    """Stored data that cannot be read: the reason is for the player."""


@dataclass
class Listed:
    played: dict[str, list[int]] = field(default_factory=dict)  # list key -> deals, oldest first
    days: dict[str, list[str]] = field(default_factory=dict)  # game id -> days won (ISO dates), in order

    def play(self, key: str, seed: int) -> bool:
        """A listed deal played (its first move); False when it was known already."""
        seen = self.played.setdefault(key, [])
        if seed in seen:
            return False
        seen.append(seed)
        del seen[:-PLAYED_MAX]
        return True

    def won_day(self, game_id: str, day: datetime.date) -> bool:
        """The deal of ``day`` won; False when that day was won already."""
        days = self.days.setdefault(game_id, [])
        text = day.isoformat()
        if text in days:
            return False
        days.append(text)
        days.sort()
        del days[:-DAYS_MAX]
        return True

    def won_on(self, game_id: str, day: datetime.date) -> bool:
        return day.isoformat() in self.days.get(game_id, ())

    def streak(self, game_id: str, today: datetime.date) -> int:
        """Days won in a row up to today (or up to yesterday while today's is still to win)."""
        won = set(self.days.get(game_id, ()))
        day = today if today.isoformat() in won else today - datetime.timedelta(days=1)
        count = 0
        while day.isoformat() in won:
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def encode(self) -> str:
        return json.dumps({"format": FORMAT, "v": VERSION, "played": self.played, "days": self.days},
                          separators=(",", ":"))

    @staticmethod
    def decode(text: str) -> Listed:
        try:
            data = json.loads(text)
        except ValueError:
            raise ListedError("reason.listed.json") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ListedError("reason.listed.format")
        if data.get("v") != VERSION:
            raise ListedError("reason.listed.version")
        out = Listed()
        played, days = data.get("played"), data.get("days")
        for key, seeds in (played.items() if isinstance(played, dict) else ()):
            if isinstance(seeds, list):
                out.played[str(key)] = [s for s in seeds if isinstance(s, int) and not isinstance(s, bool) and s > 0]
        for game_id, dates in (days.items() if isinstance(days, dict) else ()):
            if isinstance(dates, list):
                out.days[str(game_id)] = sorted(d for d in dates if isinstance(d, str) and valid_day(d))
        return out


def valid_day(text: str) -> bool:
    try:
        return datetime.date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False
