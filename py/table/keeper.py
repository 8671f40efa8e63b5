"""What the table keeps between visits, without the DOM: saved games (one per game type,
with the other-tab rule), the unfinished games kept for later, statistics, settings and
the last game played.  Pure: it reads
and writes through a ``Storage`` (storage.py), which tests back with a dict; two keepers
sharing one dict are two tabs.

What is found wrong on the way (a damaged save set aside, damaged statistics; the app
adds storage refused before the table is shown) is kept in ``notes`` by subject, worded when said (in
the language of the moment), for the table to tell once it is shown.  What the table
must show because of the keeper's work (another tab's newer game, its clock) it is told
through ``Events``.
"""

from __future__ import annotations

import datetime
import json
import time
from typing import Callable, Protocol

from patience.game import Game
from patience.session import Session
from patience.winnable import WinnableList, daily_deal, daily_list, list_for

from . import saves
from .i18n import pick_language, t
from .listed import KEY as LISTED_KEY, Listed, ListedError
from .stats import BEFORE_IMPORT_KEY, KEY as STATS_KEY, KEYS_BEFORE, Stats, StatsError
from .storage import Storage

LAST_GAME_KEY = "patience.v1.last"  # the game a bare address reopens
KEPT_KEY = "patience.v1.kept"  # unfinished games kept for later (a key of its own: older pages never read it)
KEPT_MAX = 20  # the most recent kept; the oldest beyond them drops out and counts as lost
SETTINGS_KEY = "patience.v1.settings"  # language, theme, animation, large print, left hand…
Setting = str | bool
Settings = dict[str, Setting]
SETTINGS: dict[str, tuple[Setting, ...]] = {
    "lang": ("ru", "en"), "theme": ("system", "light", "dark"), "motion": ("system", "normal", "fast", "off"),
    "large": (False, True), "left": (False, True), "auto": (False, True), "winnable": (False, True),
    "faces": ("plain", "classic"), "back": ("blue", "red", "green", "lattice", "lattice-red")}
DEFAULT_SETTINGS: Settings = {"lang": "", "theme": "system", "motion": "system", "large": False, "left": False,
                              "auto": False, "winnable": False, "faces": "plain", "back": "blue"}


def deal_of(info: saves.Peek | None) -> tuple[str, dict[str, object], int] | None:
    """Which deal a save holds: game, options, deal number (None: not a readable save)."""
    return None if info is None else (info["game"], info["options"], info["seed"])


def deal_of_session(session: Session) -> tuple[str, dict[str, object], int]:
    options: dict[str, object] = dict(session.game.options)
    return session.game.id, options, session.seed


def valid_setting(name: str, value: object) -> bool:
    """A setting this version knows, with one of its values."""
    return name in SETTINGS and value in SETTINGS[name]


class Events(Protocol):
    """What the keeper tells the table while it saves."""

    def took_newer(self, saved: Session) -> None:
        """Another tab saved a newer game of the type shown: show it instead."""

    def took_time(self) -> None:
        """Another tab saved this very game at this move: only its clock moved."""

    def offer_dropped(self) -> None:
        """The saved game of another deal, offered, is being written over (a move here)."""

    def kept(self, saved: Session) -> None:
        """The saved game of another deal, unfinished, was kept for later (not lost)."""


class Keeper:
    def __init__(self, storage: Storage, events: Events, now_s: Callable[[], int] = lambda: int(time.time()),
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        self.storage = storage
        self.events = events
        self.now_s = now_s  # seconds since 1970, for the statistics' history
        self.today = today  # the player's calendar day, for the deal of the day
        self.stats = Stats()
        self.listed = Listed()
        self.written: dict[str, str] = {}  # what this tab last saved, by key
        self.keep_save = False  # a saved game of another deal waits until the first move here
        self.resumable: Session | None = None  # that game, offered
        # notes kept until the table is shown, by subject (a repeated one is told once)
        self.notes: dict[str, Callable[[], str]] = {}

    def take_notes(self) -> list[Callable[[], str]]:
        notes, self.notes = list(self.notes.values()), {}
        return notes

    # --- saved games -------------------------------------------------------------------
    def read_save(self, game_id: str) -> Session | None:
        """The saved game of a type, or None; a damaged save is set aside, never lost."""
        text = self.storage.get(saves.key(game_id))
        if text is None:
            return None
        try:
            return saves.decode(text)
        except saves.SaveError as err:
            self.storage.set(saves.broken_key(game_id), text)
            self.storage.remove(saves.key(game_id))
            broken = err  # worded when said: in the language of the moment
            self.notes[f"save.{game_id}"] = lambda: t("save.broken", reason=str(broken))
            return None

    def settle(self, session: Session, won: bool) -> None:
        """After a change of position: a won game counted (once), then saved.  The win is
        counted before the save, so another tab that takes the save up sees it counted
        already and does not count it again."""
        if won and session.counted and not session.result:
            self.count_end(session, True)
        self.save(session)

    def save(self, session: Session | None) -> None:
        """Keep the game in progress (with its whole history).  A save another tab wrote
        since this one's last is never overwritten: this tab takes the newer game up
        instead (``Events.took_newer``)."""
        if session is None or (self.keep_save and not session.moves):
            return
        key = saves.key(session.game.id)
        current = self.storage.get(key)
        mine = self.written.get(key)
        if mine is not None and current is not None and current != mine:
            if not self.adopt(session, key, current):
                return  # a newer game, now shown, or one this version cannot read: kept
        other_deal = current is None or deal_of(saves.peek(current)) != deal_of_session(session)
        if other_deal and current is not None and not self.keep(current):
            return  # the storage refused to keep it: it stays the saved game (the refusal is told)
        self.keep_save = False
        if self.resumable is not None:
            self.events.offer_dropped()
        self.resumable = None
        if other_deal:
            self.unkeep(deal_of_session(session))  # a kept game taken up again: saved here from now on
        text = saves.encode(session)
        if text == current or self.storage.set(key, text) is not None:
            self.written[key] = text  # (a refused write leaves the last one as this tab's)

    def adopt(self, session: Session | None, key: str, text: str) -> bool:
        """Take up the game another tab saved; True when it is this tab's game at the
        same move (only the time is taken), which this tab may go on saving."""
        try:
            saved = saves.decode(text)
        except saves.SaveError:
            return False  # a damaged save is dealt with when it is opened
        self.written[key] = text
        if session is not None and (saved.game.id, saved.game.options, saved.seed, saved.moves, saved.at) \
                == (session.game.id, session.game.options, session.seed, session.moves, session.at):
            # the same game at the same move: only the other tab's clock moved (it saves
            # every ten seconds), which must not redraw the table under a drag or Finish
            session.elapsed_ms = max(session.elapsed_ms, saved.elapsed_ms)
            session.counted = session.counted or saved.counted
            session.result = session.result or saved.result
            session.assisted = session.assisted or saved.assisted
            session.hints = max(session.hints, saved.hints)
            self.events.took_time()
            return True
        self.events.took_newer(saved)
        return False

    def other_tab(self, session: Session | None, key: str, value: str | None) -> bool:
        """Another tab changed the storage: take its statistics, and its game when it is
        the type shown here.  True when the statistics were read again."""
        if key == STATS_KEY:
            self.read_stats()
            return True
        if session is not None and key == saves.key(session.game.id) and value is not None:
            self.adopt(session, key, value)
        return False

    # --- unfinished games kept for later ------------------------------------------------
    def read_kept(self) -> list[str]:
        """The saves of the games kept for later, the most recent first; a damaged list is
        set aside (never dropped) and noted."""
        text = self.storage.get(KEPT_KEY)
        if text is None:
            return []
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("games"), list) \
                    or not all(isinstance(g, str) for g in data["games"]):
                raise ValueError("not a list of kept games")
        except ValueError:
            self.storage.set(KEPT_KEY + ".broken", text)
            self.storage.remove(KEPT_KEY)
            self.notes["kept"] = lambda: t("kept.broken")
            return []
        return list(data["games"])

    def write_kept(self, games: list[str]) -> bool:
        text = json.dumps({"v": 1, "games": games}, separators=(",", ":"))
        return self.storage.set(KEPT_KEY, text) is not None

    def find_kept(self, game: Game, seed: int) -> Session | None:
        """The game of that deal kept for later, or None (a kept save that no longer
        replays stays kept, unread)."""
        options: dict[str, object] = dict(game.options)
        wanted = (game.id, options, seed)
        for text in self.read_kept():
            if deal_of(saves.peek(text)) == wanted:
                try:
                    return saves.decode(text)
                except saves.SaveError:
                    return None
        return None

    def keep(self, text: str) -> bool:
        """Before the saved game of a type is written over by another deal: keep it for
        later when it is unfinished (played, not won), the most recent first; the oldest
        beyond ``KEPT_MAX`` drops out and counts as lost.  False when the storage refused
        (nothing is written over then)."""
        info = saves.peek(text)
        if info is None or not info["counted"] or info["result"]:
            return True  # not begun, finished, or not a save this version reads: nothing to keep
        try:
            session = saves.decode(text)
        except saves.SaveError:
            return True
        games = [g for g in self.read_kept() if deal_of(saves.peek(g)) != deal_of(info)]
        games.insert(0, text)
        if not self.write_kept(games[:KEPT_MAX]):
            return False
        for dropped in games[KEPT_MAX:]:
            try:
                old = saves.decode(dropped)
            except saves.SaveError:
                continue  # (one this version cannot replay is not counted)
            if old.counted and not old.result:
                self.count_end(old, False)
        self.events.kept(session)
        return True

    def unkeep(self, deal: tuple[str, dict[str, object], int] | None) -> None:
        """A kept game taken up again (it is the saved game of its type now)."""
        games = self.read_kept()
        left = [g for g in games if deal_of(saves.peek(g)) != deal]
        if len(left) != len(games):
            self.write_kept(left)

    def take_over(self, game_id: str) -> None:
        """A kept game is taken back by the player: the saved game of its type, even one
        another tab wrote since this tab's last save, is to be kept for later by the next
        save here, not taken up instead of the game chosen."""
        current = self.storage.get(saves.key(game_id))
        if current is not None:
            self.written[saves.key(game_id)] = current

    def give_up(self, saved: Session) -> bool:
        """The player gives up a kept game: it counts as lost and is kept no more.  False
        when it is not kept (any more: another tab may have taken it up)."""
        wanted = deal_of_session(saved)
        games = self.read_kept()
        mine = [g for g in games if deal_of(saves.peek(g)) == wanted]
        if not mine:
            return False
        self.write_kept([g for g in games if g not in mine])
        try:
            old = saves.decode(mine[0])
        except saves.SaveError:
            return True
        if old.counted and not old.result:
            self.count_end(old, False)
        return True

    # --- statistics --------------------------------------------------------------------
    def count_start(self, session: Session) -> None:
        """The first move of a deal: it counts as played."""
        self.read_stats()  # another tab may have counted games since
        session.counted = True
        self.stats.start(session.game)
        self.write_stats()
        entry = list_for(session.game)
        if entry is not None:
            self.read_listed()
            if self.listed.play(entry.key, session.seed):
                self.write_listed()

    def count_end(self, session: Session, won: bool) -> None:
        """A game ended: won (solved with help when the app played a move for the player,
        ``Session.assisted``), or lost; its hints are added to the record."""
        self.read_stats()
        game = session.game
        figures = (self.now_s(), session.elapsed_ms, session.move_count, game.score(session.state), session.hints)
        if won:
            (self.stats.assisted if session.assisted else self.stats.win)(game, *figures)
            session.result = "won"
        else:
            self.stats.loss(game, *figures)
        self.write_stats()
        day = self.daily_day(session) if won and not session.assisted else None
        if day is not None:
            self.read_listed()
            if self.listed.won_day(game.id, day):
                self.write_listed()

    # --- the listed deals and the deal of the day ---------------------------------------
    def daily_day(self, session: Session) -> datetime.date | None:
        """The day whose deal of the day the session's deal is (today's, or yesterday's
        for a game begun before midnight), if it is one."""
        entry = daily_list(session.game.id)
        if entry is None or list_for(session.game) != entry:
            return None
        today = self.today()
        for day in (today, today - datetime.timedelta(days=1)):
            if daily_deal(entry, day.toordinal()) == session.seed:
                return day
        return None

    def played_listed(self, entry: WinnableList) -> set[int]:
        """The deals of a list this player has played: counted at their first move, and
        the saved and kept games of its game and options (begun in another tab, say)."""
        self.read_listed()
        played = set(self.listed.played.get(entry.key, ()))
        for text in [self.storage.get(saves.key(entry.game))] + self.read_kept():
            info = saves.peek(text) if text is not None else None
            if info is not None and info["game"] == entry.game and info["options"] == dict(entry.options):
                played.add(info["seed"])
        return played

    def read_listed(self) -> None:
        """The stored record of the listed deals; a damaged one is set aside and noted."""
        text = self.storage.get(LISTED_KEY)
        if text is None:
            return
        try:
            self.listed = Listed.decode(text)
        except ListedError as err:
            self.storage.set(LISTED_KEY + ".broken", text)  # set aside, never dropped
            self.storage.remove(LISTED_KEY)
            self.listed = Listed()
            unreadable = err
            self.notes["listed"] = lambda: t("listed.unreadable", reason=str(unreadable))

    def write_listed(self) -> None:
        self.storage.set(LISTED_KEY, self.listed.encode())

    def read_stats(self) -> None:
        """The stored statistics; damaged ones are set aside (the records that read are
        kept) and noted."""
        source, text = STATS_KEY, self.storage.get(STATS_KEY)
        for old in KEYS_BEFORE:  # none yet: an older page's, migrated (see stats.KEY)
            if text is None:
                source, text = old, self.storage.get(old)
        if text is None:
            return
        try:
            self.stats, reasons = Stats.salvage(text)
        except StatsError as err:
            self.storage.set(source + ".broken", text)  # set aside, never dropped
            self.storage.remove(source)
            unreadable = err  # worded when said: in the language of the moment
            self.notes["stats"] = lambda: t("stats.unreadable", reason=str(unreadable))
            return
        if reasons:  # the damaged records are set aside with the rest; the others are kept
            self.storage.set(source + ".broken", text)
            self.write_stats()
            self.notes["stats"] = lambda: t("stats.partly", reason="; ".join(map(str, reasons[:3]))
                                            + ("; …" if reasons[3:] else ""))

    def write_stats(self) -> None:
        self.storage.set(STATS_KEY, self.stats.encode())

    def import_stats(self, text: str) -> int:
        """Statistics from a file replace these (kept, so the import can be undone); the
        number of records taken.  StatsError (nothing changed) when the file is refused."""
        stats = Stats.decode(text)
        self.storage.set(BEFORE_IMPORT_KEY, self.stats.encode())
        self.stats = stats
        self.write_stats()
        return len(stats.records)

    def undo_import(self) -> bool:
        """The statistics from before the last import back; False when there are none."""
        text = self.storage.get(BEFORE_IMPORT_KEY)
        if text is None:
            return False
        self.stats = Stats.decode(text)
        self.write_stats()
        self.storage.remove(BEFORE_IMPORT_KEY)
        return True

    # --- settings and the last game ----------------------------------------------------
    def read_settings(self, languages: list[str]) -> Settings:
        """The player's settings (a stored value this version does not know is left out);
        the language defaults to the browser's first one we have."""
        settings = dict(DEFAULT_SETTINGS)
        text = self.storage.get(SETTINGS_KEY)
        if text is not None:
            try:
                stored = json.loads(text)
            except ValueError:
                stored = {}
            if isinstance(stored, dict):
                settings.update({k: v for k, v in stored.items() if valid_setting(k, v)})
        settings["lang"] = pick_language(str(settings["lang"]) or None, languages)
        return settings

    def write_settings(self, settings: Settings) -> None:
        self.storage.set(SETTINGS_KEY, json.dumps(settings))

    def last_game(self) -> str | None:
        return self.storage.get(LAST_GAME_KEY)

    def set_last_game(self, game_id: str) -> None:
        self.storage.set(LAST_GAME_KEY, game_id)
