"""The controller: URL ↔ deal, toolbar, pointer and keyboard input, messages.

It asks the engine which moves are legal and plays through the checked path only.
Pointer Events serve mouse, touch and pen alike: a press on a movable card becomes a
drag once it travels past a small threshold, otherwise it is a tap (tap a card, then
tap a target; two quick taps send a card to a foundation).
"""

from __future__ import annotations

import random
import traceback
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from patience.errors import IllegalMoveError
from patience.game import MOVE, Game, Move
from patience.help_ru import HELP_RU, OPTION_LABELS_RU, VALUE_LABELS_RU
from patience.registry import BY_ID, GAMES, get_game
from patience.spec import GameSpec, Option
from patience.session import Session

from . import geometry, saves
from .assist import Assistant, move_words
from . import i18n
from .i18n import card_name, game_name, pile_name, say, t
from .keeper import SETTINGS, Keeper, Settings, valid_setting
from .stats import StatsError, clock
from .storage import LocalStorage, Storage
from .urlstate import MAX_SEED, Request, parse_query, to_query
from .view import View

DRAG_THRESHOLD = {"mouse": 4.0, "pen": 6.0, "touch": 8.0}
Words = str | Callable[[], str]  # a message's words, or how to say them in the language of the moment
DOUBLE_TAP_MS = 350.0


def words(said: Words) -> str:
    """A message's words in the language of the moment."""
    return said() if callable(said) else said


def refusal(err: IllegalMoveError | str) -> str:
    """Why a move was refused, in the player's language: the engine's reason when it
    names a rule (a ``Text``), else the bare refusal (never the move's notation)."""
    reason = err if isinstance(err, str) else (err.args[0] if err.args else "")
    return t("illegal", reason=say(reason)) if hasattr(reason, "key") else t("illegal.plain")


def option_label(spec: GameSpec, opt: Option) -> str:
    if i18n.language() == "ru":
        return OPTION_LABELS_RU[spec.id][opt.name]
    return opt.label or opt.name


def value_label(spec: GameSpec, opt: Option, value: str) -> str:
    if i18n.language() == "ru":
        return VALUE_LABELS_RU[spec.id][opt.name][value]
    if value in opt.value_labels:
        return opt.value_labels[value]
    return t(f"value.{value}") if value in ("on", "off", "inf") else value


def record_title(key: str) -> str:
    """A statistics record's name for a person: the game, and its options that differ from
    the defaults by their labels ("Klondike (Cards turned from the stock: 1)"); an option
    this version does not know stays as it is written in the key."""
    game_id, *pairs = key.split(" ")
    spec = BY_ID[game_id]
    known = {opt.name: opt for opt in spec.options}
    parts = []
    for pair in pairs:
        name, _, value = pair.partition("=")
        opt = known.get(name)
        if opt is not None and value == opt.default:
            continue
        try:
            parts.append(f"{option_label(spec, opt)}: {value_label(spec, opt, value)}" if opt is not None else pair)
        except KeyError:  # a value this version does not know
            parts.append(pair)
    return game_name(spec) + (f" ({'; '.join(parts)})" if parts else "")


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
        self.proxies: list[Any] = []
        self.frame_pending = False
        self.keeper = Keeper(Storage(LocalStorage(lambda: window.localStorage), self.storage_failed), self,
                             now_s=lambda: int(float(window.Date.now()) // 1000))
        self.stats_note_words: tuple[Words, str, bool] = ("", "info", False)
        self.message_action: Any = None
        self.message_words: tuple[Words, Words] = ("", "")
        self.told_at: Any = None  # the position whose status was last told (see refresh)
        self.worker: Any = None  # the service worker's registration
        self.updating = False
        self.settings: Settings = {}
        self.assist = Assistant(self)
        self.return_focus: dict[str, Any] = {}

    # --- wiring ----------------------------------------------------------------------
    def on(self, target: Any, event: str, handler: Any) -> None:
        """Listen with a guard: a failure is reported and leaves the game as it was."""
        def guarded(e: Any) -> None:
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
        chooser = document.getElementById("game")
        for spec in GAMES:
            opt = document.createElement("option")
            opt.value = spec.id
            chooser.appendChild(opt)
        self.settings = self.keeper.read_settings(
            [str(x) for x in (window.navigator.languages or [window.navigator.language or "en"])])
        self.apply_settings()
        for name in SETTINGS:
            self.on(document.getElementById(f"set-{name}"), "change", self.setting_changed)
        self.on(chooser, "change", lambda e: self.switch_game(str(chooser.value)))
        self.on(document.getElementById("options"), "change", self.option_changed)
        self.on(document.getElementById("actions"), "click", self.action_clicked)
        self.on(document.getElementById("new"), "click", lambda e: self.new_deal())
        self.on(document.getElementById("restart"), "click", lambda e: self.restart())
        self.on(document.getElementById("undo"), "click", lambda e: self.undo())
        self.on(document.getElementById("redo"), "click", lambda e: self.redo())
        self.on(document.getElementById("win-new"), "click", lambda e: self.new_deal())
        self.on(document.getElementById("win-close"), "click", lambda e: self.close_win())
        self.on(document.getElementById("message-close"), "click", lambda e: self.clear_message())
        self.on(document.getElementById("message-action"), "click", self.message_clicked)
        self.on(document.getElementById("rules"), "click", lambda e: self.show_help())
        self.on(document.getElementById("help-close"), "click", lambda e: self.close_help())
        self.on(self.root, "pointerdown", self.pointer_down)
        self.on(self.root, "pointermove", self.pointer_move)
        self.on(self.root, "pointerup", self.pointer_up)
        self.on(self.root, "pointercancel", self.pointer_cancel)
        self.on(self.root, "contextmenu", lambda e: e.preventDefault())
        self.on(self.root, "focus", lambda e: self.schedule_render())
        self.on(document, "keydown", self.key_down)
        self.on(document, "pointerdown", self.close_menus_outside)
        self.on(window, "popstate", lambda e: self.open(parse_query(str(window.location.search)), "replace"))
        self.on(window, "resize", lambda e: self.schedule_render())
        self.on(document.getElementById("stats-open"), "click", lambda e: self.show_stats())
        self.on(document.getElementById("hint"), "click", lambda e: self.assist.ask_hint())
        self.on(document.getElementById("demo"), "click", lambda e: self.assist.toggle_demo())
        self.on(document.getElementById("finish"), "click", lambda e: self.assist.finish())
        self.on(document.getElementById("stats-close"), "click", lambda e: self.close_stats())
        self.on(document.getElementById("stats-export"), "click", lambda e: self.export_stats())
        self.on(document.getElementById("stats-file"), "change", self.import_stats)
        self.on(document.getElementById("stats-undo-import"), "click", lambda e: self.undo_import())
        self.on(document, "visibilitychange", lambda e: self.save())
        self.on(window, "storage", self.other_tab)
        self.on(window, "pagehide", lambda e: self.save())
        self.keeper.read_stats()
        query = str(window.location.search)
        last = self.keeper.last_game()
        if not query and last is not None and last in BY_ID:  # a bare address (the installed app) reopens
            saved = self.keeper.read_save(last)  # the last game, under whatever options it was played  # under whatever options it was played
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
        self.register_worker()

    def guard(self, action: Any) -> None:
        """Run a timer's work with the same guard as an event handler."""
        try:
            action()
        except Exception:
            window.console.error(traceback.format_exc())

    # --- settings and language ----------------------------------------------------------
    def setting_changed(self, event: Any) -> None:
        control = event.target
        name = str(control.id).removeprefix("set-")
        value: str | bool = bool(control.checked) if control.type == "checkbox" else str(control.value)
        if valid_setting(name, value):
            self.settings[name] = value
            self.keeper.write_settings(self.settings)
            self.apply_settings()
            if self.session is not None:
                self.view.mirrored = bool(self.settings["left"])
                self.refresh()

    def apply_settings(self) -> None:
        """Language, theme, animation, print size and hand, on the page (paint.js sets the
        same attributes before Python is ready, from the same stored settings)."""
        settings = self.settings
        html = document.documentElement
        html.dataset.theme = settings["theme"]
        html.dataset.motion = settings["motion"]
        html.classList.toggle("large-print", bool(settings["large"]))
        html.classList.toggle("left-handed", bool(settings["left"]))
        self.view.mirrored = bool(settings["left"])
        for name, value in settings.items():
            control = document.getElementById(f"set-{name}")
            if control:
                if control.type == "checkbox":
                    control.checked = bool(value)
                else:
                    control.value = value
        self.apply_language(str(settings["lang"]))

    def apply_language(self, lang: str) -> None:
        """Every word of the page in the language (the current game's too)."""
        i18n.set_language(lang)
        document.documentElement.lang = lang
        for el in document.querySelectorAll("[data-i18n]"):
            el.textContent = t(str(el.getAttribute("data-i18n")))
        for attr in ("title", "aria-label"):
            for el in document.querySelectorAll(f"[data-i18n-{attr}]"):
                el.setAttribute(attr, t(str(el.getAttribute(f"data-i18n-{attr}"))))
        for opt in document.querySelectorAll("#game option"):
            opt.textContent = game_name(BY_ID[str(opt.value)])
        if not document.getElementById("message").hidden:
            self.say_message()
        self.assist.update_buttons()  # Demo / Stop
        if self.session is not None:
            self.build_options(self.session.game)
            document.getElementById("deal-no").textContent = t("deal.no", seed=self.session.seed)
            if not document.getElementById("help").hidden:
                self.show_help()
            if not document.getElementById("stats").hidden:
                noted = not document.getElementById("stats-note").hidden
                self.show_stats()
                if noted:  # what became of an import stays, in the new language
                    self.stats_note(*self.stats_note_words)
            self.show_time()

    # --- dialogs and announcements -----------------------------------------------------
    def open_dialog(self, name: str, focus: str) -> None:
        """A modal dialog: focus goes in (and stays in: see key_down), and comes back after."""
        box = document.getElementById(name)
        if box.hidden:
            active = document.activeElement
            self.return_focus[name] = active if active and active != document.body else self.root
        box.hidden = False
        document.getElementById(focus).focus()
        # focusing a button at the end of a long dialog (the rules) scrolls it there:
        # a dialog opens at its title
        for scrolled in box.querySelectorAll(".help-box"):
            scrolled.scrollTop = 0

    def close_dialog(self, name: str) -> None:
        box = document.getElementById(name)
        if box.hidden:
            return
        box.hidden = True
        back = self.return_focus.pop(name, None)
        if back is not None and back.isConnected:
            back.focus()

    def open_dialog_box(self) -> Any:
        for name in ("win", "help", "stats"):
            box = document.getElementById(name)
            if not box.hidden:
                return box
        return None

    def trap_focus(self, event: Any, box: Any) -> None:
        """Tab and Shift+Tab go round the dialog's own controls."""
        items = [el for el in box.querySelectorAll("button, select, input, a[href], [tabindex='0']")
                 if not el.disabled and el.offsetParent is not None]
        if not items:
            return
        first, last = items[0], items[-1]
        active = document.activeElement
        if event.shiftKey and (active == first or not box.contains(active)):
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and (active == last or not box.contains(active)):
            event.preventDefault()
            first.focus()

    def announce(self, text: str, append: bool = False) -> None:
        """Say something to a screen reader (the live region), without moving focus."""
        region = document.getElementById("announce")
        before = str(region.textContent) if append else ""
        region.textContent = ""
        region.textContent = f"{before} {text}".strip()

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
        box = document.getElementById("message")
        if notes and self.keeper.resumable is not None:  # said with the offer to resume, not over it
            self.offer_resume(self.keeper.resumable, notes)
        elif notes and not box.hidden and box.dataset.kind == "stuck":  # nor over "no moves left"
            stuck, action = self.message_words
            self.message(lambda: " ".join([note() for note in notes] + [words(stuck)]), "stuck", action,
                         self.message_action)
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
            self.build_options(game)
            self.build_actions(game)
        self.view.instant(window)
        self.clear_message()
        if self.update_waiting():
            self.offer_update()  # again with each deal, until taken
        self.close_win()
        query = to_query(game, seed)
        if history == "push":
            window.history.pushState(None, "", query)
        elif history == "replace" and str(window.location.search) != query:
            window.history.replaceState(None, "", query)
        document.getElementById("game").value = game.id
        self.root.dataset.game = game.id
        self.root.dataset.seed = str(seed)
        document.getElementById("deal-no").textContent = t("deal.no", seed=seed)
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
        select = document.querySelector(f'#options select[data-option="{name}"]')
        if select:
            select.focus()  # the menu was built again: focus stays on the option changed

    def build_options(self, game: Game) -> None:
        box = document.getElementById("options")
        box.replaceChildren()
        for opt in game.spec.options:
            label = document.createElement("label")
            text = document.createElement("span")
            text.textContent = option_label(game.spec, opt)
            select = document.createElement("select")
            select.name = opt.name
            select.dataset.option = opt.name
            for value in opt.values:
                o = document.createElement("option")
                o.value = value
                o.textContent = value_label(game.spec, opt, value)
                select.appendChild(o)
            select.value = game.options[opt.name]
            label.appendChild(text)
            label.appendChild(select)
            box.appendChild(label)

    def build_actions(self, game: Game) -> None:
        """One button for each special action of the game (e.g. Reshuffle)."""
        box = document.getElementById("actions")
        box.replaceChildren()
        for special in game.spec.specials:
            if special.on_stock:
                continue
            button = document.createElement("button")
            button.type = "button"
            button.dataset.action = special.kind
            box.appendChild(button)

    def action_clicked(self, event: Any) -> None:
        button = event.target.closest("button[data-action]")
        if button and not button.disabled:
            self.play(Move(str(button.dataset.action)))

    def option_changed(self, event: Any) -> None:
        name = event.target.getAttribute("data-option")
        if name:
            self.set_option(str(name), str(event.target.value))

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

    def close_menus_outside(self, event: Any) -> None:
        for menu in document.querySelectorAll("details.menu"):
            if menu.open and not menu.contains(event.target):
                menu.open = False

    def key_down(self, event: Any) -> None:
        box = self.open_dialog_box()
        if box is not None:  # a modal dialog keeps the keyboard to itself
            if event.key == "Escape":
                self.close_dialog(str(box.id))
            elif event.key == "Tab":
                self.trap_focus(event, box)
            return
        if not (event.ctrlKey or event.metaKey or event.altKey):
            if event.key == "Escape":
                for menu in document.querySelectorAll("details.menu"):
                    menu.open = False
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
        return move_words(self, state, move)

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
        document.getElementById("moves").textContent = str(session.move_count)
        phase = document.getElementById("phase")
        phase.textContent = say(game.spec.describe(game, state)) if game.spec.describe else ""
        phase.hidden = not game.spec.describe
        score_box = document.getElementById("score-box")
        score_box.hidden = not game.spec.scored
        document.getElementById("score").textContent = f"{game.score(state)}/{game.ncards}"
        document.getElementById("undo").disabled = not session.can_undo()
        document.getElementById("redo").disabled = not session.can_redo()
        document.getElementById("restart").disabled = not session.can_undo()
        for special in game.spec.specials:
            if special.on_stock:
                continue
            button = document.querySelector(f'#actions button[data-action="{special.kind}"]')
            button.textContent = say(special.label(game, state))
            button.disabled = not special.available(game, state)
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

    def show_help(self) -> None:
        """The rules of the current game, drawn from its declaration (text only, no markup)."""
        assert self.session is not None
        spec = self.session.game.spec
        document.getElementById("help-title").textContent = game_name(spec)
        body = document.getElementById("help-body")
        body.replaceChildren()
        help_ = HELP_RU[spec.id] if i18n.language() == "ru" else spec.help
        if help_ is None:
            return
        sections = [("help.setup", help_.setup), ("help.goal", help_.goal), ("help.moves", help_.moves),
                    ("help.stock", help_.stock)]
        for title, text in sections:
            self.help_section(body, t(title), text)
        if spec.options:
            heading = document.createElement("h3")
            heading.textContent = t("help.options")
            body.appendChild(heading)
            listing = document.createElement("dl")
            for opt in spec.options:
                term = document.createElement("dt")
                term.textContent = t("help.option", label=option_label(spec, opt), value=value_label(spec, opt, opt.default))
                term.dataset.option = opt.name
                text = document.createElement("dd")
                text.textContent = help_.options.get(opt.name, "")
                listing.appendChild(term)
                listing.appendChild(text)
            body.appendChild(listing)
        self.help_section(body, t("help.keys"), t("help.keys.text"))
        self.help_section(body, t("help.source"), help_.source)
        self.open_dialog("help", "help-close")

    @staticmethod
    def help_section(body: Any, title: str, text: str) -> None:
        heading = document.createElement("h3")
        heading.textContent = title
        para = document.createElement("p")
        para.textContent = text
        body.appendChild(heading)
        body.appendChild(para)

    def close_help(self) -> None:
        self.close_dialog("help")

    def show_win(self) -> None:
        assert self.session is not None
        box = document.getElementById("win")
        document.getElementById("win-text").textContent = t(
            "win.text", game=game_name(self.session.game.spec), seed=self.session.seed, n=self.session.move_count)
        if box.hidden:
            self.announce(t("say.won"), append=True)
            self.celebrate()
        self.open_dialog("win", "win-new")

    @staticmethod
    def celebrate() -> None:
        """Suits fall behind the win dialog (CSS hides them when motion is off)."""
        layer = document.querySelector("#win .celebration")
        layer.replaceChildren()
        for k in range(28):
            span = document.createElement("span")
            symbol = "♠♥♦♣"[k % 4]
            span.textContent = symbol
            span.className = "red" if symbol in "♥♦" else ""
            span.style.left = f"{random.uniform(2, 96):.1f}vw"
            span.style.animationDelay = f"{random.uniform(0, 0.9):.2f}s"
            layer.appendChild(span)

    def close_win(self) -> None:
        self.close_dialog("win")

    def message(self, text: Words, kind: str = "info", action: Words = "", on_action: Any = None) -> None:
        """Show a message; ``action`` labels its button, which calls ``on_action``.  Text
        and label given as functions are said again in a newly chosen language."""
        self.message_action = on_action
        self.message_words = (text, action)
        self.say_message()
        box = document.getElementById("message")
        box.dataset.kind = kind
        box.hidden = False

    def say_message(self) -> None:
        text, action = (words(said) for said in self.message_words)
        document.getElementById("message-text").textContent = text
        button = document.getElementById("message-action")
        button.textContent = action
        button.hidden = not action

    def message_clicked(self, event: Any) -> None:
        if self.message_action is not None:
            self.message_action()

    def clear_message(self) -> None:
        box = document.getElementById("message")
        box.hidden = True
        box.dataset.kind = ""
        document.getElementById("message-action").hidden = True

    # --- the offline app ---------------------------------------------------------------
    def register_worker(self) -> None:
        """Install the service worker (offline play, updates); a page without one still plays."""
        workers = getattr(window.navigator, "serviceWorker", None)
        if not workers:
            return
        self.on(workers, "controllerchange", lambda e: self.updating and window.location.reload())
        workers.register("./sw.js").then(create_once_callable(self.worker_registered))

    def worker_registered(self, registration: Any) -> None:
        self.worker = registration
        if registration.waiting and window.navigator.serviceWorker.controller:
            self.offer_update()
        self.on(registration, "updatefound", lambda e: self.watch_install(registration.installing))

    def watch_install(self, worker: Any) -> None:
        def changed(event: Any) -> None:
            if worker.state == "installed" and window.navigator.serviceWorker.controller:
                self.offer_update()

        if worker:
            self.on(worker, "statechange", changed)

    def update_waiting(self) -> bool:
        return bool(self.worker is not None and self.worker.waiting and window.navigator.serviceWorker.controller)

    def offer_update(self) -> None:
        """Offer a new version, unless something else is being said (a stuck deal, notes
        about the address): then it waits for the next deal, which offers it again."""
        box = document.getElementById("message")
        if box.hidden or box.dataset.kind == "update":
            self.message(lambda: t("update"), "update", lambda: t("update.reload"), self.apply_update)

    def apply_update(self) -> None:
        """The waiting version takes over; the page reloads into it (the game is saved)."""
        waiting = self.worker.waiting if self.worker else None
        if waiting:
            self.updating = True
            waiting.postMessage("update")

    # --- time and statistics -----------------------------------------------------------
    def tick(self) -> None:
        """Once a second: the clock runs while a counted game is unfinished and in view."""
        session = self.session
        if session is None or not session.counted or session.result or \
                str(document.visibilityState) != "visible" or self.session_status() in ("won", "stuck"):
            return
        session.elapsed_ms += 1000
        self.show_time()
        if session.elapsed_ms % 10_000 == 0:  # the clock survives a crash to within seconds
            self.save()

    def session_status(self) -> str:
        return str(self.root.getAttribute("data-status") or "")

    def show_time(self) -> None:
        if self.session is not None:
            document.getElementById("time").textContent = clock(self.session.elapsed_ms)

    def show_stats(self) -> None:
        assert self.session is not None
        game = self.session.game
        rec = self.keeper.stats.get(game)
        document.getElementById("stats-this").textContent = t("stats.this", game=game_name(game.spec))
        figures = document.getElementById("stats-figures")
        figures.replaceChildren()
        rows = [("played", rec.played), ("won", rec.won), ("rate", f"{100 * rec.win_rate:.0f}%"),
                ("streak", rec.streak), ("best_streak", rec.best_streak),
                ("best_time", clock(rec.best_time_ms)), ("fewest", rec.fewest_moves if rec.fewest_moves else "—")]
        if game.spec.scored:
            rows += [("score_total", rec.score_total), ("score_avg", f"{rec.average_score:.1f}")]
        for name, value in rows:
            term = document.createElement("dt")
            term.textContent = t(f"stats.{name}")
            item = document.createElement("dd")
            item.textContent = str(value)
            item.dataset.stat = name
            figures.appendChild(term)
            figures.appendChild(item)
        document.getElementById("stats-none").hidden = rec.played > 0
        document.getElementById("stats-note").hidden = True
        self.draw_chart(rec)
        self.list_records()
        self.open_dialog("stats", "stats-close")

    def draw_chart(self, rec: Any) -> None:
        """The last games as bars (won up, lost down) and the running win rate as a line."""
        svg_ns = "http://www.w3.org/2000/svg"
        chart = document.getElementById("stats-chart")
        chart.replaceChildren()
        entries = rec.history[-60:]
        caption = document.getElementById("stats-chart-caption")
        caption.hidden = chart.hidden = not entries
        if not entries:
            return
        won = sum(e.won for e in entries)
        caption.textContent = t("stats.chart", n=len(entries))
        chart.setAttribute("aria-label", t("stats.chart_label", n=len(entries), won=won, lost=len(entries) - won))
        width, height, mid = 300.0, 100.0, 50.0
        step = width / max(len(entries), 1)

        def element(tag: str, **attrs: object) -> Any:
            el = document.createElementNS(svg_ns, tag)
            for name, value in attrs.items():
                el.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
            chart.appendChild(el)
            return el

        element("line", x1=0, y1=mid, x2=width, y2=mid, class_="axis")
        points = []
        wins = 0
        for k, entry in enumerate(entries):
            wins += entry.won
            x = k * step
            bar = element("rect", x=f"{x + step * 0.15:.1f}", width=f"{step * 0.7:.1f}",
                          y=f"{mid - 40 if entry.won else mid:.1f}", height=40,
                          class_="won" if entry.won else "lost")
            bar.dataset.result = "won" if entry.won else "lost"
            points.append(f"{x + step / 2:.1f},{height - 5 - (height - 10) * wins / (k + 1):.1f}")
        element("polyline", points=" ".join(points), class_="rate")

    def list_records(self) -> None:
        body = document.getElementById("stats-all")
        body.replaceChildren()
        for key, rec in sorted(self.keeper.stats.records.items()):
            row = document.createElement("tr")
            for value in (record_title(key), rec.played, rec.won, f"{100 * rec.win_rate:.0f}%", rec.best_streak, clock(rec.best_time_ms)):
                cell = document.createElement("td")
                cell.textContent = str(value)
                row.appendChild(cell)
            body.appendChild(row)

    def close_stats(self) -> None:
        self.close_dialog("stats")

    def export_stats(self) -> None:
        """The statistics as a JSON file, downloaded."""
        blob = window.Blob.new([self.keeper.stats.encode()], to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "patience-statistics.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    def import_stats(self, event: Any) -> None:
        """A chosen statistics file: checked, then it replaces the statistics (the old ones
        are kept and the import can be undone)."""
        files = event.target.files
        if not files or not files.length:
            return
        files.item(0).text().then(create_once_callable(lambda text: self.guard(lambda: self.imported(str(text)))))
        event.target.value = ""

    def imported(self, text: str) -> None:
        try:
            count = self.keeper.import_stats(text)
        except StatsError as err:
            refused = err  # worded when said: in the language of the moment
            self.stats_note(lambda: t("stats.bad_import", reason=str(refused)), "warning")
            return
        self.show_stats()
        self.stats_note(lambda: t("stats.imported", n=count), "info", undo=True)

    def undo_import(self) -> None:
        if self.keeper.undo_import():
            self.show_stats()
            self.stats_note(lambda: t("stats.import_undone"), "info")

    def stats_note(self, text: Words, kind: str, undo: bool = False) -> None:
        """What became of an import, told inside the statistics view (it is modal)."""
        self.stats_note_words = (text, kind, undo)
        note = document.getElementById("stats-note")
        note.dataset.kind = kind
        document.getElementById("stats-note-text").textContent = text() if callable(text) else text
        document.getElementById("stats-undo-import").hidden = not undo
        note.hidden = False

    # --- saved games -------------------------------------------------------------------
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
        if self.message_action == self.resume:
            self.clear_message()  # a move here: the other deal's save is written over

    def other_tab(self, event: Any) -> None:
        """Another tab of the app changed the storage: take its statistics, and its game
        when it is the type shown here (two tabs never count a game twice, and a stale
        tab never overwrites a newer save)."""
        key, value = event.key, event.newValue
        if not isinstance(key, str):
            return
        if self.keeper.other_tab(self.session, key, value if isinstance(value, str) else None) \
                and not document.getElementById("stats").hidden:
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
