"""Which deal is on the table: the one an address names (or the last game, for a bare
address), the saved game of its type resumed, or a game kept for later (Back and Forward
return to a game as it was), or the saved game kept and offered when the address names
another deal; a new deal, another game from the menu, an option changed (the game left
unfinished is kept for later, and the player told so, with a way to give it up); another
tab's newer game taken up; and what was wrong with the address, a save or the statistics,
told once the table is shown.

It sees the app through ``Host``, the parts it sets up for each deal.  DOM elements are
pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

import datetime
import random
from typing import Callable, Protocol

from pyodide.ffi import JsProxy
from pyscript import document, window

from patience.game import Game
from patience.registry import get_game
from patience.session import Session
from patience.winnable import daily_deal, daily_list, deals, list_for, pick

from . import toolbar
from .assist import Assistant
from .dialogs import MessageBar, words
from .i18n import game_name, say_date, t
from .interaction import Interaction
from .keeper import Keeper, Settings
from .pointer import Pointer
from .ports import Words
from .updates import Updates
from .urlstate import MAX_SEED, Request, painted_seed, to_query
from .view import View


def local_day() -> datetime.date:
    """The player's calendar day, from the browser's clock and time zone (the deal of the
    day changes at the player's midnight)."""
    now = window.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def fresh_seed() -> int:
    """A new deal number (nine digits at most, easy to read out and type)."""
    return random.randint(1, min(MAX_SEED, 999_999_999))


class Host(Protocol):
    """What the deals ask of the app (the composition root): its parts, and a redraw."""

    session: Session | None
    root: JsProxy
    settings: Settings
    keeper: Keeper
    view: View
    assist: Assistant
    interaction: Interaction
    pointer: Pointer
    updates: Updates
    bar: MessageBar

    def save(self) -> None: ...
    def refresh(self) -> None: ...
    def show_time(self) -> None: ...
    def clear_message(self) -> None: ...
    def close_win(self) -> None: ...
    def message(self, text: Words, kind: str = "info", action: Words = "",
                on_action: Callable[[], None] | None = None) -> None: ...


class Deals:
    """Opens deals on the table, and is the keeper's listener (``keeper.Events``)."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def open(self, request: Request, history: str) -> None:
        """Show the deal a request names; history is 'push', 'replace' or 'none'.

        The saved game of that type is resumed when the request names it (or names no deal
        number); a game kept for later when the request names its deal (Back, Forward, its
        address: as it was left); when it names another deal, the saved game is kept and
        offered."""
        saved = self.app.keeper.read_save(request.game.id)
        game = request.game
        if saved is not None and saved.game.options == game.options and request.seed in (None, saved.seed):
            self.load(game, saved.seed, history, saved)
        elif request.seed is not None and (kept := self.app.keeper.find_kept(game, request.seed)) is not None:
            self.load(game, kept.seed, history, kept, taken_back=True)  # (the saved game: kept in turn)
        else:
            keep = saved is not None and bool(saved.moves)
            self.load(game, request.seed if request.seed is not None else self.painted_seed(game) or fresh_seed(),
                      history, keep_save=keep)
            if saved is not None and keep:
                self.offer_resume(saved)
        self.show_notes(request.problems)

    def painted_seed(self, game: Game) -> int | None:
        """The deal painted before Python was up (static/boot/paint.js), if it is a deal of
        this game: taken once, by the first deal opened."""
        root = self.app.root
        deal = root.getAttribute("data-first-deal")
        if deal is None:
            return None
        root.removeAttribute("data-first-deal")
        return painted_seed(str(deal), game)

    def show_notes(self, problems: list[Callable[[], str]]) -> None:
        """Tell what was wrong with the URL, a save or the statistics, once the table is
        shown (said again in a newly chosen language, like every message)."""
        notes = problems + self.app.keeper.take_notes()
        if notes and self.app.keeper.resumable is not None:  # said with the offer to resume, not over it
            self.offer_resume(self.app.keeper.resumable, notes)
        elif notes and self.app.bar.kind() == "stuck":  # nor over "no moves left"
            stuck, action = self.app.bar.words
            self.app.message(lambda: " ".join([note() for note in notes] + [words(stuck)]), "stuck", action,
                         self.app.bar.action)
        elif notes:
            self.app.message(lambda: " ".join(note() for note in notes), "warning")

    def load(self, game: Game, seed: int, history: str, session: Session | None = None,
             save_old: bool = True, keep_save: bool = False, taken_back: bool = False) -> None:
        """Show a deal (or a session of it).  ``keep_save``: the saved game of this type
        is another deal, kept (not written over, not counted as abandoned) until the
        first move here.  ``taken_back``: the session is a game kept for later, chosen by
        the player: the saved game of its type, whichever tab wrote it, is kept for later
        in turn (not taken up instead)."""
        if self.app.session is not None and save_old:
            self.app.save()  # the game being left, with its time up to now
        if taken_back:
            self.app.keeper.take_over(game.id)
        same_layout = self.app.session is not None and self.app.session.game.spec is game.spec \
            and self.app.session.game.options == game.options
        # a deal left before its first move, while another deal's save was kept: that
        # save stays kept, and offered, through a new deal or an option change
        carried = self.app.keeper.resumable if session is None and self.app.session is not None and self.app.keeper.keep_save \
            and not self.app.session.moves and self.app.session.game.id == game.id else None
        self.app.assist.forget()
        self.app.session = session or Session(game, seed)
        self.app.keeper.keep_save = keep_save or carried is not None
        self.app.keeper.resumable = None
        self.app.interaction.reset()
        self.app.pointer.press = None
        if not same_layout:
            self.app.view.setup(game)
            toolbar.build_options(game)
            toolbar.build_actions(game)
        self.app.view.instant(window)
        self.app.clear_message()
        if self.app.updates.waiting():
            self.app.updates.offer()  # again with each deal, until taken
        self.app.close_win()
        query = to_query(game, seed)
        if history == "push":
            window.history.pushState(None, "", query)
        elif history == "replace" and str(window.location.search) != query:
            window.history.replaceState(None, "", query)
        document.getElementById("game").value = game.id
        self.app.root.dataset.game = game.id
        self.app.root.dataset.seed = str(seed)
        toolbar.show_deal(seed)
        self.app.keeper.set_last_game(game.id)
        self.app.show_time()
        self.app.refresh()
        if carried is not None:
            self.offer_resume(carried)

    def new_deal(self) -> None:
        assert self.app.session is not None
        game = self.app.session.game
        if self.app.settings.get("winnable"):
            self.app.close_win()  # (from the win dialog) its search's progress and cancel must show
            self.winnable_deal(game)
        else:
            self.load(game, fresh_seed(), "push")

    def winnable_deal(self, game: Game, named: bool = False) -> str:
        """Under *only winnable*: a listed deal the player has not played, at once, where
        the game and options have a list (patience.winnable): "listed"; where the list is
        empty and a search would seldom succeed (Frog in suit), a deal not checked, and the
        player told so: "unchecked"; else the search in the page, deal after deal, which
        deals the one it finds: "searching"."""
        entry = list_for(game)
        if entry is not None and deals(entry):
            seed = pick(entry, self.app.keeper.played_listed(entry), random.random())
            assert seed is not None
            self.load(game, seed, "push")
            return "listed"
        if entry is not None and not entry.searchable:
            self.load(game, fresh_seed(), "push")
            self.app.message(lambda: t("winnable.unchecked", game=game_name(game.spec)), "warning")
            return "unchecked"
        self.app.assist.find_winnable(game, fresh_seed, lambda seed: self.load(game, seed, "push"), named=named)
        return "searching"

    def switch_game(self, game_id: str) -> None:
        """Another game from the menu: its saved game, else a new deal (a winnable one,
        under "winnable deals only": a searched one keeps the table's game until found)."""
        saved = self.app.keeper.read_save(game_id)
        if saved is not None:
            self.load(saved.game, saved.seed, "push", saved)
        elif self.app.settings.get("winnable") and self.app.session is not None:
            current = self.app.session.game.id
            dealt = self.winnable_deal(get_game(game_id), named=True)
            if dealt == "searching":
                document.getElementById("game").value = current  # what the table shows, while it searches
            if dealt != "listed":
                return  # (searching, or a deal not checked: said so)
        else:
            self.load(get_game(game_id), fresh_seed(), "push")
        self.show_notes([])

    def deal_of_the_day(self) -> None:
        """Today's deal of the game on the table: from its first list, by the date alone
        (patience.winnable.daily_deal); the game as it was left when it was begun
        already (its save, or a game kept for later)."""
        assert self.app.session is not None
        game_id = self.app.session.game.id
        entry = daily_list(game_id)
        if entry is None:
            spec = self.app.session.game.spec
            self.app.message(lambda: t("daily.none", game=game_name(spec)), "warning")
            return
        today = self.app.keeper.today()
        seed = daily_deal(entry, today.toordinal())
        assert seed is not None
        game = get_game(entry.game, entry.options)
        self.open(Request(game, seed), "push")

        def said() -> str:
            return t("daily.opened", date=say_date(today), game=game_name(game.spec), seed=seed)

        if self.app.keeper.resumable is not None:  # the saved game of another deal, offered: said before it
            self.offer_resume(self.app.keeper.resumable, lead=said)
        else:
            self.app.message(said, "info")

    def set_option(self, name: str, value: str) -> None:
        """A changed option plays the same deal number under the new rules."""
        assert self.app.session is not None
        options = dict(self.app.session.game.options)
        options[name] = value
        game, seed = get_game(self.app.session.game.id, options), self.app.session.seed
        kept = self.app.keeper.find_kept(game, seed)  # (one kept under these options: as it was)
        self.load(game, seed, "push", kept, taken_back=kept is not None)
        toolbar.focus_option(name)

    def offer_resume(self, saved: Session, notes: list[Callable[[], str]] | None = None,
                     lead: Callable[[], str] | None = None) -> None:
        """Offer the saved game of another deal (after what else there is to tell: notes
        of what went wrong, or ``lead``, what the deal shown is; and before why the deal
        shown cannot go on, when it cannot, as just said)."""
        self.app.keeper.resumable = saved
        told = notes or []
        stuck = self.app.bar.words[0] if self.app.bar.kind() == "stuck" else None
        self.app.message(lambda: " ".join([note() for note in told] + ([lead()] if lead else []) + [t(
            "resume", game=game_name(saved.game.spec), seed=saved.seed, n=saved.move_count)]),
            "warning" if told else "resume", lambda: t("resume.action"), self.resume)
        if stuck is not None:
            self.app.bar.add(stuck)

    def resume(self) -> None:
        saved = self.app.keeper.resumable
        if saved is not None:
            self.load(saved.game, saved.seed, "push", saved)

    # --- the keeper's events (keeper.Events) ----------------------------------------------
    def took_newer(self, saved: Session) -> None:
        """Another tab saved a newer game of this type: it is shown instead."""
        self.load(saved.game, saved.seed, "replace", saved, save_old=False)
        self.app.message(lambda: t("tabs.updated"), "info")

    def took_time(self) -> None:
        self.app.show_time()

    def kept(self, saved: Session) -> None:
        """The game left for another deal is kept for later: said, with a way to give it up."""
        self.app.message(lambda: t("kept", game=game_name(saved.game.spec), seed=saved.seed, n=saved.move_count),
                         "resume", lambda: t("kept.give_up"), lambda: self.give_up(saved))

    def give_up(self, saved: Session) -> None:
        """The player gives up a game kept for later: it counts as lost."""
        if self.app.keeper.give_up(saved):
            self.app.message(lambda: t("kept.given_up", game=game_name(saved.game.spec), seed=saved.seed), "info")
        else:
            self.app.clear_message()  # (taken up again in another tab meanwhile: nothing to give up)

    def offer_dropped(self) -> None:
        if self.app.bar.action == self.resume:
            self.app.clear_message()  # a move here: the other deal's save is written over
