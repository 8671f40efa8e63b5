"""The composition root: it builds the table's parts and wires the page's events to them,
and it owns the deal on the table (the URL, deals, play, undo and redo, the redraw).

The parts: the view (view.py), the keeper of saves, statistics and settings (keeper.py,
on storage.py), dialogs and messages (dialogs.py), the statistics view (stats_view.py),
settings and language (settings.py), the toolbar (toolbar.py), the service worker
(updates.py) and the solver at the table (assist.py, which sees the app as a ``Table``,
ports.py).  It asks the engine which moves are legal and plays through the checked path
only.  Pointer Events serve mouse, touch and pen alike: a press on a movable card becomes a
drag once it travels past a small threshold, otherwise it is a tap (tap a card, then
tap a target; two quick taps send a card to a foundation).  DOM elements and events are
pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

import random
import traceback
from typing import Any, Callable

from pyodide.ffi import JsProxy, create_once_callable, create_proxy
from pyscript import document, window

from patience.errors import IllegalMoveError
from patience.game import MOVE, Game, Move
from patience.registry import BY_ID, get_game
from patience.session import Session

from . import geometry, settings, stats_view, toolbar
from .assist import Assistant, move_words
from . import i18n
from .dialogs import Dialogs, MessageBar, announce, words
from .i18n import card_name, game_name, pile_name, say, t
from .keeper import Keeper, Settings
from .ports import Words
from .stats_view import StatsView
from .storage import LocalStorage, Storage
from .updates import Updates
from .urlstate import MAX_SEED, Request, parse_query, to_query
from .view import View

DRAG_THRESHOLD = {"mouse": 4.0, "pen": 6.0, "touch": 8.0}
DOUBLE_TAP_MS = 350.0


def refusal(err: IllegalMoveError | str) -> str:
    """Why a move was refused, in the player's language: the engine's reason when it
    names a rule (a ``Text``), else the bare refusal (never the move's notation)."""
    reason = err if isinstance(err, str) else (err.args[0] if err.args else "")
    return t("illegal", reason=say(reason)) if hasattr(reason, "key") else t("illegal.plain")


def on_any(action: Callable[[], object]) -> Callable[[JsProxy], object]:
    """An event handler that runs an action, whatever the event."""
    return lambda event: action()


def fresh_seed() -> int:
    """A new deal number (nine digits at most, easy to read out and type)."""
    return random.randint(1, min(MAX_SEED, 999_999_999))


class Press:
    """A pointer held down on the table."""

    def __init__(self, event: Any, pile: int, index: int | None, n: int) -> None:
        self.id = event.pointerId
        self.kind = str(event.pointerType or "mouse")
        self.x = float(event.clientX)
        self.y = float(event.clientY)
        self.pile = pile
        self.index = index
        self.n = n  # cards picked up (0: nothing movable under the pointer)
        self.dragging = False
        self.targets: list[int] = []


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.view = View(document, self.root)
        self.session: Session | None = None
        self.selected: tuple[int, int] | None = None  # (pile, n) picked by a tap
        self.offer: tuple[int, list[int]] | None = None  # a tapped gap and the cards that fit it
        self.armed: Move | None = None  # a place action shown by a first tap (a removal)
        self.hover: Move | None = None  # the same, under the mouse
        self.press: Press | None = None
        self.cursor: tuple[int, int | None] | None = None  # the keyboard's place on the table
        self.last_tap: tuple[int, int | None, float] | None = None
        self.proxies: list[JsProxy] = []
        self.frame_pending = False
        self.keeper = Keeper(Storage(LocalStorage(lambda: window.localStorage), self.storage_failed), self,
                             now_s=lambda: int(float(window.Date.now()) // 1000))
        self.told_at: object = None  # the position whose status was last told (see refresh)
        self.settings: Settings = {}
        self.dialogs = Dialogs(self.root)
        self.bar = MessageBar()
        self.stats_view = StatsView(self.dialogs, self.keeper, self)
        self.updates = Updates(self.on, self.bar)
        self.assist = Assistant(self)

    # --- wiring ----------------------------------------------------------------------
    def on(self, target: JsProxy, event: str, handler: Callable[[JsProxy], object]) -> None:
        """Listen with a guard: a failure is reported and leaves the game as it was."""
        def guarded(e: JsProxy) -> None:
            try:
                handler(e)
            except Exception:  # report, never leave a half-drawn table
                window.console.error(traceback.format_exc())
                self.press = None
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
        self.on(chooser, "change", lambda e: self.switch_game(str(chooser.value)))
        self.on(document.getElementById("options"), "change", self.option_changed)
        self.on(document.getElementById("actions"), "click", self.action_clicked)
        clicks: dict[str, Callable[[], object]] = {
            "new": self.new_deal, "restart": self.restart, "undo": self.undo, "redo": self.redo,
            "win-new": self.new_deal, "win-close": self.close_win, "message-close": self.clear_message,
            "message-action": self.bar.clicked, "rules": self.show_help, "help-close": lambda: self.dialogs.close("help"),
            "stats-open": self.show_stats, "hint": self.assist.ask_hint, "demo": self.assist.toggle_demo,
            "finish": self.assist.finish, "stats-close": self.stats_view.close, "stats-export": self.stats_view.export,
            "stats-undo-import": self.stats_view.undo_import}
        for name, action in clicks.items():
            self.on(document.getElementById(name), "click", on_any(action))
        self.on(self.root, "pointerdown", self.pointer_down)
        self.on(self.root, "pointermove", self.pointer_move)
        self.on(self.root, "pointerup", self.pointer_up)
        self.on(self.root, "pointercancel", self.pointer_cancel)
        self.on(self.root, "contextmenu", lambda e: e.preventDefault())
        self.on(self.root, "focus", lambda e: self.schedule_render())
        self.on(document, "keydown", self.key_down)
        self.on(document, "pointerdown", lambda e: toolbar.close_menus(outside=e.target))
        self.on(window, "popstate", lambda e: self.open(parse_query(str(window.location.search)), "replace"))
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
            self.open(Request(saved.game, None) if saved is not None else parse_query(f"?game={last}"), "replace")
        else:
            self.open(parse_query(query), "replace")
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

    # --- deals -----------------------------------------------------------------------
    def open(self, request: Request, history: str) -> None:
        """Show the deal a request names; history is 'push', 'replace' or 'none'.

        The saved game of that type is resumed when the request names it (or names no deal
        number); when it names another deal, the saved game is kept and offered."""
        saved = self.keeper.read_save(request.game.id)
        game = request.game
        if saved is not None and saved.game.options == game.options and request.seed in (None, saved.seed):
            self.load(game, saved.seed, history, saved)
        else:
            kept = saved is not None and bool(saved.moves)
            self.load(game, request.seed if request.seed is not None else fresh_seed(), history, keep_save=kept)
            if saved is not None and kept:
                self.offer_resume(saved)
        self.show_notes(request.problems)

    def show_notes(self, problems: list[Callable[[], str]]) -> None:
        """Tell what was wrong with the URL, a save or the statistics, once the table is
        shown (said again in a newly chosen language, like every message)."""
        notes = problems + self.keeper.take_notes()
        if notes and self.keeper.resumable is not None:  # said with the offer to resume, not over it
            self.offer_resume(self.keeper.resumable, notes)
        elif notes and self.bar.kind() == "stuck":  # nor over "no moves left"
            stuck, action = self.bar.words
            self.message(lambda: " ".join([note() for note in notes] + [words(stuck)]), "stuck", action,
                         self.bar.action)
        elif notes:
            self.message(lambda: " ".join(note() for note in notes), "warning")

    def load(self, game: Game, seed: int, history: str, session: Session | None = None,
             save_old: bool = True, keep_save: bool = False) -> None:
        """Show a deal (or a session of it).  ``keep_save``: the saved game of this type
        is another deal, kept (not written over, not counted as abandoned) until the
        first move here."""
        if self.session is not None and save_old:
            self.save()  # the game being left, with its time up to now
        same_layout = self.session is not None and self.session.game.spec is game.spec \
            and self.session.game.options == game.options
        # a deal left before its first move, while another deal's save was kept: that
        # save stays kept, and offered, through a new deal or an option change
        carried = self.keeper.resumable if session is None and self.session is not None and self.keeper.keep_save \
            and not self.session.moves and self.session.game.id == game.id else None
        self.assist.forget()
        self.session = session or Session(game, seed)
        self.cursor = None
        self.keeper.keep_save = keep_save or carried is not None
        self.keeper.resumable = None
        self.unpick()
        self.press = None
        self.last_tap = None
        if not same_layout:
            self.view.setup(game)
            toolbar.build_options(game)
            toolbar.build_actions(game)
        self.view.instant(window)
        self.clear_message()
        if self.updates.waiting():
            self.updates.offer()  # again with each deal, until taken
        self.close_win()
        query = to_query(game, seed)
        if history == "push":
            window.history.pushState(None, "", query)
        elif history == "replace" and str(window.location.search) != query:
            window.history.replaceState(None, "", query)
        document.getElementById("game").value = game.id
        self.root.dataset.game = game.id
        self.root.dataset.seed = str(seed)
        toolbar.show_deal(seed)
        self.keeper.set_last_game(game.id)
        self.show_time()
        self.refresh()
        if carried is not None:
            self.offer_resume(carried)

    def new_deal(self) -> None:
        assert self.session is not None
        game = self.session.game
        if self.settings.get("winnable"):
            self.close_win()  # (from the win dialog) its search's progress and cancel must show
            self.assist.find_winnable(game, fresh_seed, lambda seed: self.load(game, seed, "push"))
        else:
            self.load(game, fresh_seed(), "push")

    def switch_game(self, game_id: str) -> None:
        """Another game from the menu: its saved game, else a new deal (a winnable one,
        under "winnable deals only": the table keeps its game until one is found)."""
        saved = self.keeper.read_save(game_id)
        if saved is not None:
            self.load(saved.game, saved.seed, "push", saved)
        elif self.settings.get("winnable") and self.session is not None:
            game = get_game(game_id)
            document.getElementById("game").value = self.session.game.id  # what the table shows
            self.assist.find_winnable(game, fresh_seed, lambda seed: self.load(game, seed, "push"), named=True)
            return
        else:
            self.load(get_game(game_id), fresh_seed(), "push")
        self.show_notes([])

    def set_option(self, name: str, value: str) -> None:
        """A changed option plays the same deal number under the new rules."""
        assert self.session is not None
        options = dict(self.session.game.options)
        options[name] = value
        self.load(get_game(self.session.game.id, options), self.session.seed, "push")
        toolbar.focus_option(name)

    def action_clicked(self, event: JsProxy) -> None:
        kind = toolbar.action_clicked(event)
        if kind is not None:
            self.play(Move(kind))

    def option_changed(self, event: JsProxy) -> None:
        change = toolbar.option_changed(event)
        if change is not None:
            self.set_option(*change)

    # --- actions ---------------------------------------------------------------------
    def unpick(self) -> None:
        """Forget a card picked by a tap and a gap's offer."""
        self.selected = None
        self.offer = None
        self.armed = None
        self.hover = None

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
        self.announce(self.describe(before, move, self.session.state))
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
                if self.selected:
                    self.announce(t("say.put_back"))
                self.unpick()
                self.refresh()
            elif document.activeElement == self.root and self.session is not None:
                self.key_table(event)
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

    # --- keyboard ----------------------------------------------------------------------
    def key_table(self, event: Any) -> None:
        """Keys on the focused table: arrows move the cursor, Enter/Space tap, F sends
        home, D turns the stock."""
        session = self.session
        assert session is not None
        game, state = session.game, session.state
        key = str(event.key)
        self.root.classList.add("keyboard")  # the cursor shows while the keyboard is in use
        moves = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}
        pile, index = self.cursor_spot()
        if key in moves:
            event.preventDefault()
            self.cursor = self.step_cursor(pile, index, moves[key])
            self.render()
        elif key in ("Enter", " "):
            event.preventDefault()
            self.tap_at(pile, index, self.movable(pile, index), keyboard=True)
        elif key.lower() == "f":
            event.preventDefault()
            if not self.to_foundation(pile, index):
                self.announce(t("illegal.plain"))
        elif key.lower() == "h":
            event.preventDefault()
            self.assist.ask_hint()
        elif key.lower() == "d":
            event.preventDefault()
            stock = game.stock
            if stock >= 0:
                self.tap_at(stock, None, 0, keyboard=True)

    def cursor_spot(self) -> tuple[int, int | None]:
        """The cursor, kept on the table: a card of a pile, or the pile's slot when empty."""
        session = self.session
        assert session is not None
        state = session.state
        pile, index = self.cursor if self.cursor is not None else (self.first_pile(), None)
        size = len(state.piles[pile])
        if not size:
            return pile, None
        if index is None or index >= size:
            return pile, size - 1
        return pile, max(index, min(state.down[pile], size - 1))

    def first_pile(self) -> int:
        assert self.session is not None
        game = self.session.game
        for role in ("tableau", "cell", "reserve", "waste", "stock"):
            for i, spec in enumerate(game.piles):
                if spec.role == role:
                    return i
        return 0

    def step_cursor(self, pile: int, index: int | None, way: str) -> tuple[int, int | None]:
        """The next place: along a pile's face-up cards, then to the nearest pile that way."""
        session = self.session
        assert session is not None and self.view.metrics is not None
        state = session.state
        m = self.view.metrics
        size = len(state.piles[pile])
        fan = m.spots[pile][2]
        along = {"down": ("up", "down"), "right": ("left", "right"), "left": ("right", "left"),
                 "waste": ("left", "right"), "waste_left": ("right", "left"), "wrap": ("left", "right")}
        if index is not None and fan in along and size > 1:
            back, forth = along[fan]
            if way == forth and index < size - 1:
                return pile, index + 1
            if way == back and index > state.down[pile]:
                return pile, index - 1
        x0, y0 = m.origin(pile)
        best: tuple[float, int] | None = None
        for i in range(len(state.piles)):
            if i == pile:
                continue
            x, y = m.origin(i)
            dx, dy = x - x0, y - y0
            ahead = {"left": -dx, "right": dx, "up": -dy, "down": dy}[way]
            across = abs(dy) if way in ("left", "right") else abs(dx)
            if ahead <= 1:
                continue
            score = ahead + 3 * across
            if best is None or score < best[0]:
                best = (score, i)
        if best is None:
            return pile, index
        target = best[1]
        return target, (len(state.piles[target]) - 1) if state.piles[target] else None

    def describe_move(self, state: Any, move: Move) -> str:
        assert self.session is not None
        return move_words(self.session.game, state, move)

    def cards_text(self, state: Any, pile: int, n: int) -> str:
        """The cards n from the top of a pile, for the live region."""
        cards = state.piles[pile][-n:]
        first = card_name(cards[0].rank, cards[0].suit)
        return first if n == 1 else t("say.cards", n=n, card=first)

    def describe(self, before: Any, move: Move, after: Any) -> str:
        """A move and what it turned up, in words (for the live region)."""
        assert self.session is not None
        game = self.session.game
        if move.kind == MOVE:
            text = t("say.move", cards=self.cards_text(before, move.src, move.n), pile=pile_name(game.names[move.dst]))
        elif move.kind in ("deal", "recycle"):
            text = t("say.stock")
        else:
            special = game.special(move.kind)
            label = special.label(game, before) if special is not None else (
                game.spec.action_label(game, before, move) if game.spec.action_label else move.kind)
            text = t("say.action", action=say(label))
        shown_before = {c for i, p in enumerate(before.piles) for c in p[before.down[i]:]}
        turned = [c for i, p in enumerate(after.piles) for k, c in enumerate(p)
                  if k >= after.down[i] and c not in shown_before and (move.kind != MOVE or i != move.dst)]
        if turned:
            text += " " + t("say.turned", cards=", ".join(card_name(c.rank, c.suit) for c in turned[:3]))
        return text

    # --- drawing ---------------------------------------------------------------------
    def schedule_render(self) -> None:
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(create_once_callable(self.frame))

    def frame(self, _t: Any = None) -> None:
        self.frame_pending = False
        if self.session is not None:
            self.render()

    def render(self) -> None:
        assert self.session is not None
        marks: dict[str, Any] = {}
        game, state = self.session.game, self.session.state
        if self.selected:
            pile, n = self.selected
            marks["selected"] = set(state.piles[pile][-n:])
            marks["targets"] = set(game.targets(state, pile, n))
        elif self.offer:
            marks["selected"] = {state.piles[src][-1] for src in self.offer[1]}
            marks["targets"] = {self.offer[0]}
        elif game.layout.waste_size == 1 and state.piles[game.waste]:  # the waste card must go first
            marks["targets"] = set(game.targets(state, game.waste, 1))
        shown = self.armed or self.hover
        if shown is not None:
            pile = game.index[game.spec.tap_pile]
            marks["selected" if self.armed else "preview"] = set(state.piles[pile][shown.src:shown.src + shown.n])
        if game.spec.marked is not None:
            marks["joined"] = game.spec.marked(game, state)
        elif self.press and self.press.dragging:
            marks["targets"] = set(self.press.targets)
        hinted, hint_piles = self.assist.hint_marks()
        if hinted or hint_piles:
            marks["hint"] = hinted
            marks["hint_piles"] = hint_piles
        if self.cursor is not None or document.activeElement == self.root:
            pile, index = self.cursor_spot()
            self.cursor = (pile, index)
            marks["cursor"] = {state.piles[pile][index]} if index is not None else {-1 - pile}
        self.view.render(state, marks)
        if self.cursor is not None:
            pile, index = self.cursor
            el = self.view.cards[state.piles[pile][index]] if index is not None else self.view.slots[pile]
            self.root.setAttribute("aria-activedescendant", str(el.id))
        else:
            self.root.removeAttribute("aria-activedescendant")

    def refresh(self) -> None:
        """Redraw the table and the toolbar after a change of position."""
        session = self.session
        assert session is not None
        self.render()
        game, state = session.game, session.state
        status = game.status(state)
        self.keeper.settle(session, status == "won")  # a win counted (once), then the game saved
        if self.session is not session:
            return  # the save found a newer game from another tab, and showed that
        self.root.dataset.status = status
        self.root.dataset.moves = str(session.move_count)
        toolbar.show(session)
        if self.told_at is not state:
            # (a redraw of the same position, after a change of setting or of language,
            # keeps what is shown: notes about the address, or nothing once closed)
            self.told_at = state
            self.tell_status(status)
        if status == "won":
            self.show_win()
        self.assist.changed()
        active = document.activeElement
        if active and getattr(active, "disabled", False):
            self.root.focus()  # Undo or Restart back at the deal: focus goes to the table, not lost

    def tell_status(self, status: str) -> None:
        """Say that a position is stuck, or that only a button can go on; a message said
        of another position (a stuck one, a hint, a blunder) goes."""
        session = self.session
        assert session is not None
        game, state = session.game, session.state
        offers = [s for s in game.spec.specials if s.available(game, state)]
        if status == "stuck":
            # a deal can be stuck from its first card (about one Canfield deal in a
            # hundred): then undoing or restarting cannot help, only a new deal
            key = ("stuck.deal" if game.is_stuck(session.states[0]) else "stuck") \
                + (".stock" if game.stock_move(state) is not None else "")

            def stuck() -> str:
                text = t(key)
                return text + " " + t("stuck.score", score=game.score(state)) if game.spec.scored else text
            self.message(stuck, "stuck", lambda: t("new"), self.new_deal)
        elif status != "won" and offers and not game.card_moves(state) and game.stock_move(state) is None \
                and not (game.spec.actions and game.spec.actions(game, state)):
            # only a button can go on (a reshuffle, a redeal): name it; a place action on
            # the table (a removal in Bride and Groom, a refill in Cross) is a move too
            self.message(lambda: t("stuck.special", offers=t("or").join(
                f"«{say(s.label(game, state))}»" if i18n.language() == "ru" else f"“{say(s.label(game, state))}”"
                for s in offers)), "stuck")
        elif document.getElementById("message").getAttribute("data-kind") in ("stuck", "hint", "blunder"):
            self.clear_message()  # said of another position

    # --- time and statistics -----------------------------------------------------------
    def tick(self) -> None:
        """Once a second: the clock (see toolbar.tick), saved every ten seconds of play."""
        if self.session is not None and toolbar.tick(self.session, str(self.root.getAttribute("data-status") or "")):
            self.save()

    def show_time(self) -> None:
        if self.session is not None:
            toolbar.show_time(self.session.elapsed_ms)

    def show_stats(self) -> None:
        self.stats_view.show()

    # --- saved games (the keeper's Events: keeper.py) ------------------------------------
    def save(self) -> None:
        """Keep the game in progress (see Keeper.save)."""
        self.keeper.save(self.session)

    def took_newer(self, saved: Session) -> None:
        """Another tab saved a newer game of this type: it is shown instead."""
        self.load(saved.game, saved.seed, "replace", saved, save_old=False)
        self.message(lambda: t("tabs.updated"), "info")

    def took_time(self) -> None:
        self.show_time()

    def offer_dropped(self) -> None:
        if self.bar.action == self.resume:
            self.clear_message()  # a move here: the other deal's save is written over

    def other_tab(self, event: JsProxy) -> None:
        """Another tab of the app changed the storage: take its statistics, and its game
        when it is the type shown here (two tabs never count a game twice, and a stale
        tab never overwrites a newer save)."""
        key, value = event.key, event.newValue
        if not isinstance(key, str):
            return
        if self.keeper.other_tab(self.session, key, value if isinstance(value, str) else None) \
                and self.stats_view.shown():
            self.show_stats()

    def offer_resume(self, saved: Session, notes: list[Callable[[], str]] | None = None) -> None:
        """Offer the saved game of another deal (after what else there is to tell)."""
        self.keeper.resumable = saved
        told = notes or []
        self.message(lambda: " ".join([note() for note in told] + [t(
            "resume", game=game_name(saved.game.spec), seed=saved.seed, n=saved.move_count)]),
            "warning" if told else "resume", lambda: t("resume.action"), self.resume)

    def resume(self) -> None:
        saved = self.keeper.resumable
        if saved is not None:
            self.load(saved.game, saved.seed, "push", saved)

    def storage_failed(self) -> None:
        """The browser refuses storage (private mode, full or disabled): told once; play
        goes on unsaved."""
        if self.session is None:  # still starting: told once the table is shown
            self.keeper.notes["storage"] = lambda: t("storage")
        else:
            self.message(lambda: t("storage"), "warning")

    # --- pointer ---------------------------------------------------------------------
    def locate(self, event: Any) -> tuple[int, int | None] | None:
        """The pile (and card index) under a pointer event."""
        assert self.view.game is not None and self.view.metrics is not None
        box = self.root.getBoundingClientRect()
        return geometry.hit(self.view.game, self.view.positions, self.view.metrics,
                            float(event.clientX) - float(box.left), float(event.clientY) - float(box.top))

    def movable(self, pile: int, index: int | None) -> int:
        """How many cards a press at (pile, index) picks up (0: none)."""
        assert self.session is not None
        game, state = self.session.game, self.session.state
        if index is None:
            return 0
        n = len(state.piles[pile]) - index
        sizes = game.pick_sizes(state, pile)
        if n in sizes or (n == 1 and sizes):
            return n
        return 0

    def pointer_down(self, event: Any) -> None:
        self.root.classList.remove("keyboard")
        if self.session is None or (event.pointerType == "mouse" and event.button != 0):
            return
        chip = event.target.closest(".chip") if event.target else None
        if chip and chip.getAttribute("data-move"):  # a place action such as a refill
            event.preventDefault()
            self.press = None
            self.unpick()
            self.play(self.session.game.parse_move(str(chip.getAttribute("data-move"))))
            return
        spot = self.locate(event)
        if spot is None:
            self.press = None
            if self.selected or self.offer:
                self.unpick()
                self.render()
            return
        pile, index = spot
        self.press = Press(event, pile, index, self.movable(pile, index))
        if self.press.n:
            event.preventDefault()
            try:
                self.root.setPointerCapture(event.pointerId)
            except Exception:  # the pointer may already be gone
                pass

    def pointer_move(self, event: Any) -> None:
        press = self.press
        if press is None and self.session is not None and self.session.game.spec.tap_pile \
                and event.pointerType == "mouse":
            self.hover_action(event)
            return
        if press is None or event.pointerId != press.id or not press.n or self.session is None:
            return
        dx = float(event.clientX) - press.x
        dy = float(event.clientY) - press.y
        if not press.dragging:
            if (dx * dx + dy * dy) ** 0.5 < DRAG_THRESHOLD.get(press.kind, 6.0):
                return
            press.dragging = True
            self.unpick()
            press.targets = self.session.game.targets(self.session.state, press.pile, press.n)
            self.render()
        self.view.lift(self.session.state, press.pile, press.n, dx, dy)

    def pointer_up(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.id:
            return
        self.press = None
        if press.dragging:
            self.view.drop_all()
            self.drop(press, event)
        else:
            self.tap(press)

    def pointer_cancel(self, event: Any) -> None:
        if self.press is not None and self.press.dragging:
            self.view.drop_all()
            self.press = None
            self.render()
        self.press = None

    def drop(self, press: Press, event: Any) -> None:
        """Play the drag if it ended over a legal target, else send the cards back."""
        assert self.session is not None
        box = self.root.getBoundingClientRect()
        left, top = float(box.left), float(box.top)
        target = self.drop_target(press, float(event.clientX) - left, float(event.clientY) - top,
                                  press.x - left, press.y - top)
        if target is not None:
            self.play(Move(MOVE, press.pile, target, press.n))
            return
        self.render()  # animates back home
        spot = self.locate(event)
        game, state = self.session.game, self.session.state
        move = Move(MOVE, press.pile, spot[0], press.n) if spot is not None else None
        if move is not None and move.src != move.dst and not game.is_legal(state, move):  # refused: say why
            self.assist.stop()  # the player took over (a search for a winnable deal stops)
            reason = game.explain(state, move)
            self.message(lambda: refusal(reason), "warning")
            self.announce(refusal(reason))

    def drop_target(self, press: Press, px: float, py: float, sx: float, sy: float) -> int | None:
        """The target under the pointer (px, py), else the one the dragged card overlaps most
        (the pointer went down at (sx, sy); all in table coordinates)."""
        assert self.view.metrics is not None and self.session is not None
        m = self.view.metrics
        slack = m.cw * 0.2
        for t in press.targets:
            left, top, right, bottom = self.view.rect(t)
            if left - slack <= px <= right + slack and top - slack <= py <= bottom + slack:
                return t
        start = len(self.session.state.piles[press.pile]) - press.n
        hx, hy = self.view.positions[press.pile][start]
        cx, cy = hx + px - sx, hy + py - sy  # the dragged card's top-left corner
        best, best_area = None, 0.0
        for t in press.targets:
            left, top, right, bottom = self.view.rect(t)
            w = min(right, cx + m.cw) - max(left, cx)
            h = min(bottom, cy + m.ch) - max(top, cy)
            if w > 0 and h > 0 and w * h > best_area:
                best, best_area = t, w * h
        return best

    def tap(self, press: Press) -> None:
        self.tap_at(press.pile, press.index, press.n)

    def tap_at(self, pile: int, index: int | None, n: int, keyboard: bool = False) -> None:
        """A tap (or Enter) on a card or a pile's slot: pick up, put down, or play."""
        session = self.session
        assert session is not None
        game, state = session.game, session.state
        if game.piles[pile].role == "stock":
            move = game.stock_move(state)
            self.unpick()
            if move is not None:
                self.play(move)
            else:
                if state.piles[pile]:  # a stock that may not deal now: say why
                    self.assist.stop()
                    reason = game.explain(state, Move("deal"))
                    self.message(lambda: refusal(reason), "warning")
                self.render()
            return
        now = float(window.performance.now())
        last = self.last_tap
        self.last_tap = None if keyboard else (pile, index, now)
        if last and last[0] == pile and last[1] == index and now - last[2] < DOUBLE_TAP_MS:
            self.last_tap = None
            if self.to_foundation(pile, index):
                return
        if game.spec.tap_pile and pile == game.index[game.spec.tap_pile] and index is not None:
            self.tap_action(index)
            return
        offer, self.offer = self.offer, None
        if offer and pile in offer[1]:  # one of the cards offered for a gap
            self.play(Move(MOVE, pile, offer[0], 1))
            return
        if self.selected:
            src, held = self.selected
            self.unpick()
            if pile != src and pile in game.targets(state, src, held):
                self.play(Move(MOVE, src, pile, held))
                return
            if (src, held) == (pile, n):
                self.render()
                return
        if game.layout.click_to_move and self.click_to_move(pile, n):
            return
        self.selected = (pile, n) if n else None
        if keyboard:
            self.announce(t("say.picked", cards=self.cards_text(state, pile, n)) if n else t("say.nothing"))
        self.render()

    def actions_at(self, index: int) -> list[Move]:
        """Place actions (removals) that take the card at ``index`` of the tap pile."""
        assert self.session is not None
        game, state = self.session.game, self.session.state
        found = [m for m in game.legal_moves(state) if m.kind in game.spec.action_kinds
                 and m.src <= index < m.src + m.n]
        return sorted(found, key=lambda m: m.n)  # a single card before a pair

    def tap_action(self, index: int) -> None:
        """First tap: show what a removal would take; a tap on one of those cards: do it."""
        armed = self.armed
        if armed is not None and armed.src <= index < armed.src + armed.n:
            self.play(armed)
            return
        found = self.actions_at(index)
        self.unpick()
        self.armed = found[0] if found else None
        self.render()

    def hover_action(self, event: Any) -> None:
        """Under the mouse, the cards a removal would take are shown before any click."""
        assert self.session is not None
        spot = self.locate(event)
        tap_pile = self.session.game.index[self.session.game.spec.tap_pile]
        found = self.actions_at(spot[1]) if spot and spot[0] == tap_pile and spot[1] is not None else []
        hover = found[0] if found else None
        if hover != self.hover:
            self.hover = hover
            self.render()

    def click_to_move(self, pile: int, n: int) -> bool:
        """Grid games: a tap on a card plays its only move; a tap on a gap plays the only
        card that fits or offers the cards that do.  False: fall back to selecting."""
        assert self.session is not None
        moves = self.session.game.card_moves(self.session.state)
        if n:
            mine = [m for m in moves if m.src == pile]
            if len(mine) == 1:
                return self.play(mine[0]) or True
            return False
        into = [m for m in moves if m.dst == pile]
        if len(into) == 1:
            return self.play(into[0]) or True
        if into:
            self.offer = (pile, [m.src for m in into])
        self.render()
        return True

    def to_foundation(self, pile: int, index: int | None) -> bool:
        """Send the card at (pile, index) to a foundation, if it is a top card that fits."""
        assert self.session is not None
        game, state = self.session.game, self.session.state
        if index is None or index != len(state.piles[pile]) - 1:
            return False
        for move in game.legal_moves(state):
            if move.kind == MOVE and move.src == pile and move.n == 1 \
                    and game.piles[move.dst].role == "foundation":
                return self.play(move)
        return False


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
