"""The composition root: it builds the table's parts and wires the page's events to them;
it plays moves (and undoes, redoes and restarts them) and redraws the table after each.

The parts: which deal is on the table (deals.py: the URL, saved games resumed or offered, new
deals, options), the view (view.py), the input (pointer.py: pointer, touch and keys) and its
interaction model (interaction.py: what a tap, a drag or a key means, with no DOM), the keeper
of saves, statistics and settings (keeper.py, on storage.py), dialogs and messages (dialogs.py),
the statistics view (stats_view.py), settings and language (settings.py), the toolbar
(toolbar.py), the service worker (updates.py) and the solver at the table (assist.py, which sees
the app as a ``Table``, ports.py). It asks the engine which moves are legal and plays through
the checked path only. DOM elements and events are pyodide ``JsProxy``, opaque to mypy.
"""

from __future__ import annotations

import random
import traceback
from typing import Callable

from pyodide.ffi import JsProxy, create_once_callable, create_proxy
from pyscript import document, window

from patience.errors import IllegalMoveError
from patience.game import Move
from patience.registry import BY_ID
from patience.session import Session

from . import settings, stats_view, toolbar
from .assist import Assistant
from .dialogs import Dialogs, MessageBar, announce
from .i18n import t
from .interaction import Interaction, describe, refusal, standstill_words
from .deals import Deals, local_day
from .keeper import Keeper, Settings
from .pointer import Pointer, focused
from .ports import Words
from .stats_view import StatsView
from .storage import LocalStorage, Storage
from .updates import Updates
from .urlstate import Request, parse_query
from .view import View


def on_any(action: Callable[[], object]) -> Callable[[JsProxy], object]:
    """An event handler that runs an action, whatever the event."""
    return lambda event: action()


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.view = View(document, self.root)
        self.session: Session | None = None
        self.interaction = Interaction()  # selection, gap choice, removal shown, cursor, last tap
        self.proxies: list[JsProxy] = []
        self.frame_pending = False
        self.deals = Deals(self)  # the deal on the table; also the keeper's listener
        self.keeper = Keeper(Storage(LocalStorage(lambda: window.localStorage), self.storage_failed), self.deals,
                             now_s=lambda: int(float(window.Date.now()) // 1000), today=local_day)
        self.told_at: object = None  # the position whose status was last told (see refresh)
        self.settings: Settings = {}
        self.dialogs = Dialogs(self.root)
        self.bar = MessageBar()
        self.stats_view = StatsView(self.dialogs, self.keeper, self)
        self.updates = Updates(self.on, self.bar)
        self.assist = Assistant(self)
        self.pointer = Pointer(self, self.view, self.root, self.interaction, self.assist.stop, self.assist.ask_hint,
                               lambda: self.assist.unshown is not None)

    # --- wiring ----------------------------------------------------------------------
    def on(self, target: JsProxy, event: str, handler: Callable[[JsProxy], object]) -> None:
        """Listen with a guard: a failure is reported and leaves the game as it was."""
        def guarded(e: JsProxy) -> None:
            try:
                handler(e)
            except Exception:  # report, never leave a half-drawn table
                window.console.error(traceback.format_exc())
                self.pointer.press = None
                self.unpick()
                self.message(lambda: t("error"), "error")
                if self.session is not None:
                    self.view.drop_all()
                    self.refresh()

        proxy = create_proxy(guarded)
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def start(self) -> None:
        chooser = toolbar.build_games()
        self.settings = self.keeper.read_settings(settings.browser_languages())
        self.apply_settings()
        for _name, control in settings.controls():
            self.on(control, "change", self.setting_changed)
        self.on(chooser, "change", lambda e: self.deals.switch_game(str(chooser.value)))
        self.on(document.getElementById("options"), "change", self.option_changed)
        self.on(document.getElementById("actions"), "click", self.action_clicked)
        clicks: dict[str, Callable[[], object]] = {
            "new": self.deals.new_deal, "restart": self.restart, "undo": self.undo, "redo": self.redo,
            "win-new": self.deals.new_deal, "win-close": self.close_win, "message-close": self.clear_message,
            "message-action": self.bar.clicked, "rules": self.show_help, "help-close": lambda: self.dialogs.close("help"),
            "stats-open": self.stats_view.show, "hint": self.assist.ask_hint, "demo": self.assist.toggle_demo,
            "finish": self.assist.finish, "stats-close": self.stats_view.close, "stats-export": self.stats_view.export,
            "stats-undo-import": self.stats_view.undo_import, "daily": self.deals.deal_of_the_day,
            "daily-more": self.deals.deal_of_the_day}
        for name, action in clicks.items():
            self.on(document.getElementById(name), "click", on_any(action))
        self.on(self.root, "pointerdown", self.pointer.down)
        self.on(self.root, "pointermove", self.pointer.move)
        self.on(self.root, "pointerup", self.pointer.up)
        self.on(self.root, "pointercancel", self.pointer.cancel)
        self.on(self.root, "contextmenu", lambda e: e.preventDefault())
        self.on(self.root, "focus", lambda e: self.schedule_render())
        self.on(document, "keydown", self.key_down)
        self.on(document, "pointerdown", lambda e: toolbar.close_menus(outside=e.target))
        for name in ("more", "more-panel"):
            self.on(document.getElementById(name), "click", toolbar.more_clicked)
        self.on(window, "popstate", lambda e: self.deals.open(parse_query(str(window.location.search)), "replace"))
        self.on(window, "resize", lambda e: self.schedule_render())
        self.on(document.getElementById("stats-file"), "change",
                lambda e: stats_view.read_file(e, lambda text: self.guard(lambda: self.stats_view.imported(text))))
        self.on(document, "visibilitychange", lambda e: self.save())
        self.on(window, "storage", self.other_tab)
        self.on(window, "pagehide", lambda e: self.save())
        self.keeper.read_stats()
        query = str(window.location.search)
        last = self.keeper.last_game()
        if not query and last is not None and last in BY_ID:  # a bare address (the installed app) reopens
            saved = self.keeper.read_save(last)  # the last game, under whatever options it was played
            self.deals.open(Request(saved.game, None) if saved is not None else parse_query(f"?game={last}"),
                            "replace")
        else:
            self.deals.open(parse_query(query), "replace")
        self.root.removeAttribute("data-painted")
        document.body.classList.remove("painted")
        document.getElementById("loading").hidden = True
        document.body.dataset.ready = "1"
        window.performance.mark("ready")
        tick = create_proxy(lambda: self.guard(self.tick))
        self.proxies.append(tick)
        window.setInterval(tick, 1000)
        self.updates.register()

    def guard(self, action: Callable[[], object]) -> None:
        """Run a timer's work with the same guard as an event handler."""
        try:
            action()
        except Exception:
            window.console.error(traceback.format_exc())

    # --- settings and language ----------------------------------------------------------
    def setting_changed(self, event: JsProxy) -> None:
        change = settings.changed(event)
        if change is not None:
            name, value = change
            self.settings[name] = value
            self.keeper.write_settings(self.settings)
            self.apply_settings()
            if self.session is not None:
                self.view.mirrored = bool(self.settings["left"])
                self.refresh()

    def apply_settings(self) -> None:
        """Language, theme, animation, print size and hand, on the page."""
        settings.apply(self.settings)
        self.view.mirrored = bool(self.settings["left"])
        self.view.large = bool(self.settings["large"])
        self.apply_language(str(self.settings["lang"]))

    def apply_language(self, lang: str) -> None:
        """Every word of the page in the language (the current game's too)."""
        settings.apply_language(lang)
        if self.bar.shown():
            self.bar.say()
        self.assist.update_buttons()  # Demo / Stop
        if self.session is not None:
            toolbar.build_options(self.session.game)
            toolbar.show_deal(self.session.seed)
            if self.dialogs.shown("help"):
                self.show_help()
            if self.stats_view.shown():
                self.stats_view.redraw()
            self.show_time()

    # --- dialogs and messages (the Table interface, ports.py) ----------------------------
    def dialog_open(self) -> bool:
        return self.dialogs.open_box() is not None

    def announce(self, text: str, append: bool = False) -> None:
        announce(text, append)

    def message(self, text: Words, kind: str = "info", action: Words = "",
                on_action: Callable[[], None] | None = None) -> None:
        self.bar.show(text, kind, action, on_action)

    def clear_message(self) -> None:
        self.bar.clear()

    def show_help(self) -> None:
        assert self.session is not None
        self.dialogs.show_help(self.session.game.spec)

    def show_win(self) -> None:
        assert self.session is not None
        self.dialogs.show_win(self.session)

    def close_win(self) -> None:
        self.dialogs.close("win")

    # --- the toolbar ---------------------------------------------------------------------
    def action_clicked(self, event: JsProxy) -> None:
        kind = toolbar.action_clicked(event)
        if kind is not None:
            self.play(Move(kind))

    def option_changed(self, event: JsProxy) -> None:
        change = toolbar.option_changed(event)
        if change is not None:
            self.deals.set_option(*change)

    # --- actions ---------------------------------------------------------------------
    def unpick(self) -> None:
        """Forget cards picked by a tap, a gap's choice and a removal shown."""
        self.interaction.unpick()

    def play(self, move: Move, by_app: bool = False) -> bool:
        """Play a move through the engine's checked path (``by_app``: Finish, the demo or
        a safe move, which a move of the player's own stops)."""
        assert self.session is not None
        if not by_app:
            self.assist.stop()
        before = self.session.state
        try:
            self.session.play(move)
        except IllegalMoveError as err:
            refused = err  # the name ``err`` is gone once the handler ends; the message says it again later
            self.message(lambda: refusal(refused), "warning")
            self.announce(refusal(refused))
            self.refresh()
            return False
        self.announce(describe(self.session.game, before, move, self.session.state))
        if not self.session.counted:
            self.keeper.count_start(self.session)
        self.unpick()
        self.refresh()
        if not by_app and self.settings.get("auto"):
            self.assist.play_safe()
        return True

    def undo(self) -> None:
        self.assist.stop()
        if self.session and self.session.undo():
            self.unpick()
            self.close_win()
            self.announce(t("say.undo"))
            self.refresh()

    def redo(self) -> None:
        self.assist.stop()
        if self.session and self.session.redo():
            self.unpick()
            self.announce(t("say.redo"))
            self.refresh()

    def restart(self) -> None:
        self.assist.stop()
        if self.session:
            self.session.restart()
            self.unpick()
            self.close_win()
            self.refresh()

    def key_down(self, event: JsProxy) -> None:
        if self.dialogs.keys(event):  # a modal dialog keeps the keyboard to itself
            return
        if not (event.ctrlKey or event.metaKey or event.altKey):
            if event.key == "Escape":
                toolbar.close_menus()
                self.pointer.perform(self.interaction.put_back())
                self.refresh()
            elif focused(self.root) and self.session is not None:
                self.pointer.key(event)
            return
        if event.altKey:
            return
        key = str(event.key).lower()
        if key == "z" and not event.shiftKey:
            event.preventDefault()
            self.undo()
        elif key == "y" or (key == "z" and event.shiftKey):
            event.preventDefault()
            self.redo()

    # --- drawing ---------------------------------------------------------------------
    def schedule_render(self) -> None:
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(create_once_callable(self.frame))

    def frame(self, _time: object = None) -> None:
        self.frame_pending = False
        if self.session is not None:
            self.render()

    def render(self) -> None:
        assert self.session is not None
        game, state = self.session.game, self.session.state
        hint = self.assist.hint_marks()
        marks = self.interaction.marks(game, state, focused(self.root), self.pointer.drag_targets(),
                                       hint.cards, hint.piles, hint.chips)
        self.view.render(state, marks)
        toolbar.mark_hint(hint.button)
        self.view.show_cursor(state, self.interaction.cursor)

    def refresh(self) -> None:
        """Redraw the table and the toolbar after a change of position."""
        session = self.session
        assert session is not None
        self.render()
        game, state = session.game, session.state
        status = game.status(state)
        shows = self.bar.shows
        self.keeper.settle(session, status == "won")  # a win counted (once), then the game saved
        if self.session is not session:
            return  # the save found a newer game from another tab, and showed that
        self.root.dataset.status = status
        self.root.dataset.moves = str(session.move_count)
        toolbar.show(session)
        if self.told_at is not state:  # (a redraw of the same position keeps what is shown)
            self.told_at = state
            self.tell_status(status, kept=self.bar.shows != shows and self.bar.kind() == "resume")
        if status == "won":
            self.show_win()
        self.assist.changed()
        active = document.activeElement
        if active and getattr(active, "disabled", False):
            self.root.focus()  # Undo or Restart back at the deal: focus goes to the table, not lost

    def tell_status(self, status: str, kept: bool = False) -> None:
        """Say why the position cannot go on (the engine's standstill: no moves left, or
        only a button can go on), after the game just left when it was said to be ``kept``
        for later (its button stays); a message said of another position goes."""
        session = self.session
        assert session is not None
        game, state = session.game, session.state
        standstill = game.standstill(state, session.states[0], stuck=status == "stuck") if status != "won" else None
        if standstill is not None and kept:
            self.bar.add(lambda: standstill_words(game, state, standstill))
        elif standstill is not None and standstill.kind == "stuck":
            self.message(lambda: standstill_words(game, state, standstill), "stuck", lambda: t("new"), self.deals.new_deal)
        elif standstill is not None:  # only a button (a reshuffle, a redeal) can go on: named
            self.message(lambda: standstill_words(game, state, standstill), "stuck")
        elif self.bar.kind() in ("stuck", "hint", "blunder", "lost"):
            self.clear_message()  # said of another position

    # --- time and statistics -----------------------------------------------------------
    def tick(self) -> None:
        """Once a second: the clock (see toolbar.tick), saved every ten seconds of play."""
        if self.session is not None and toolbar.tick(self.session, str(self.root.getAttribute("data-status") or "")):
            self.save()

    def show_time(self) -> None:
        if self.session is not None:
            toolbar.show_time(self.session.elapsed_ms)

    # --- saved games (keeper.py) ---------------------------------------------------------
    def save(self) -> None:
        """Keep the game in progress (see Keeper.save)."""
        self.keeper.save(self.session)

    def other_tab(self, event: JsProxy) -> None:
        """Another tab of the app changed the storage: take its statistics, and its game
        when it is the type shown here (two tabs never count a game twice, and a stale
        tab never overwrites a newer save)."""
        key, value = event.key, event.newValue
        if not isinstance(key, str):
            return
        if self.keeper.other_tab(self.session, key, value if isinstance(value, str) else None) \
                and self.stats_view.shown():
            self.stats_view.show()

    def storage_failed(self) -> None:
        """The browser refuses storage (private mode, full or disabled): told once; play
        goes on unsaved."""
        if self.session is None:  # still starting: told once the table is shown
            self.keeper.notes["storage"] = lambda: t("storage")
        else:
            self.message(lambda: t("storage"), "warning")


def main() -> None:
    random.seed()  # the start-up snapshot would otherwise give every visit the same deals
    try:
        App().start()
    except Exception:
        window.console.error(traceback.format_exc())
        loading = document.getElementById("loading")
        document.body.classList.remove("painted")
        loading.hidden = False
        loading.dataset.stage = "failed"
