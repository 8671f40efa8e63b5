"""The controller: URL ↔ deal, toolbar, messages; the table's input and its
interaction model are ``pointer`` and ``interaction``.

It asks the engine which moves are legal and plays through the checked path only.
"""

from __future__ import annotations

import json
import random
import traceback
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from patience.errors import IllegalMoveError
from patience.game import Game, Move
from patience.help_ru import HELP_RU, OPTION_LABELS_RU, VALUE_LABELS_RU
from patience.registry import BY_ID, GAMES, get_game
from patience.spec import GameSpec, Option
from patience.session import Session
from patience.state import State

from . import saves
from .assist import Assistant
from . import i18n
from .i18n import game_name, say, t
from .interaction import Interaction, cards_text, describe, move_words, refusal, standstill_words
from .pointer import Pointer, focused
from .stats import BEFORE_IMPORT_KEY, KEY as STATS_KEY, Stats, StatsError, clock
from .urlstate import MAX_SEED, Request, parse_query, to_query
from .view import View

Words = str | Callable[[], str]  # a message's words, or how to say them in the language of the moment
LAST_GAME_KEY = "patience.v1.last"  # the game a bare address reopens
SETTINGS_KEY = "patience.v1.settings"  # language, theme, animation, large print, left hand
SETTINGS = {"lang": ("ru", "en"), "theme": ("system", "light", "dark"), "motion": ("system", "normal", "fast", "off"),
            "large": (False, True), "left": (False, True), "auto": (False, True), "winnable": (False, True)}


def words(said: Words) -> str:
    """A message's words in the language of the moment."""
    return said() if callable(said) else said


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


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.view = View(document, self.root)
        self.session: Session | None = None
        self.interaction = Interaction()  # selection, gap choice, removal shown, cursor, last tap
        self.proxies: list[Any] = []
        self.frame_pending = False
        self.keep_save = False  # a saved game of another deal waits until the first move here
        self.resumable: Session | None = None
        self.storage_warned = False
        # notes kept until the table is shown, by subject (a repeated one is told once)
        self.after_load: dict[str, Callable[[], str]] = {}
        self.stats_note_words: tuple[Words, str, bool] = ("", "info", False)
        self.message_action: Any = None
        self.message_words: tuple[Words, Words] = ("", "")
        self.told_at: Any = None  # the position whose status was last told (see refresh)
        self.worker: Any = None  # the service worker's registration
        self.updating = False
        self.stats = Stats()
        self.settings: dict[str, Any] = {}
        self.written: dict[str, str] = {}  # what this tab last saved, by key
        self.assist = Assistant(self)
        self.pointer = Pointer(self, self.view, self.root, self.interaction, self.assist.stop, self.assist.ask_hint)
        self.return_focus: dict[str, Any] = {}

    # --- wiring ----------------------------------------------------------------------
    def on(self, target: Any, event: str, handler: Any) -> None:
        """Listen with a guard: a failure is reported and leaves the game as it was."""
        def guarded(e: Any) -> None:
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
        chooser = document.getElementById("game")
        for spec in GAMES:
            opt = document.createElement("option")
            opt.value = spec.id
            chooser.appendChild(opt)
        self.settings = self.read_settings()
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
        self.on(self.root, "pointerdown", self.pointer.down)
        self.on(self.root, "pointermove", self.pointer.move)
        self.on(self.root, "pointerup", self.pointer.up)
        self.on(self.root, "pointercancel", self.pointer.cancel)
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
        self.read_stats()
        query = str(window.location.search)
        last = self.storage("get", LAST_GAME_KEY)
        if not query and last in BY_ID:  # a bare address (the installed app) reopens the last game,
            saved = self.read_save(last)  # under whatever options it was played
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
    def read_settings(self) -> dict[str, Any]:
        """The player's settings; the language defaults to the browser's."""
        settings: dict[str, Any] = {"lang": "", "theme": "system", "motion": "system", "large": False, "left": False,
                                    "auto": False, "winnable": False}
        text = self.storage("get", SETTINGS_KEY)
        if text is not None:
            try:
                stored = json.loads(text)
            except ValueError:
                stored = {}
            if isinstance(stored, dict):
                settings.update({k: v for k, v in stored.items() if k in SETTINGS and v in SETTINGS[k]})
        languages = [str(x) for x in (window.navigator.languages or [window.navigator.language or "en"])]
        settings["lang"] = i18n.pick_language(settings["lang"] or None, languages)
        return settings

    def setting_changed(self, event: Any) -> None:
        control = event.target
        name = str(control.id).removeprefix("set-")
        value: Any = bool(control.checked) if control.type == "checkbox" else str(control.value)
        if name in SETTINGS and value in SETTINGS[name]:
            self.settings[name] = value
            self.storage("set", SETTINGS_KEY, json.dumps(self.settings))
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
        saved = self.read_save(request.game.id)
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
        notes = problems + list(self.after_load.values())
        self.after_load = {}
        box = document.getElementById("message")
        if notes and self.resumable is not None:  # said with the offer to resume, not over it
            self.offer_resume(self.resumable, notes)
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
        carried = self.resumable if session is None and self.session is not None and self.keep_save \
            and not self.session.moves and self.session.game.id == game.id else None
        self.assist.forget()
        self.session = session or Session(game, seed)
        self.keep_save = keep_save or carried is not None
        self.resumable = None
        self.interaction.reset()
        self.pointer.press = None
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
        self.storage("set", LAST_GAME_KEY, game.id)
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
        saved = self.read_save(game_id)
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
            self.count_start()
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

    # --- words for the assistant ------------------------------------------------------
    def describe_move(self, state: State, move: Move) -> str:
        assert self.session is not None
        return move_words(self.session.game, state, move)

    def cards_text(self, state: State, pile: int, n: int) -> str:
        """The cards n from the top of a pile, for the live region."""
        return cards_text(state, pile, n)

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
        game, state = self.session.game, self.session.state
        hinted, hint_piles = self.assist.hint_marks()
        marks = self.interaction.marks(game, state, focused(self.root), self.pointer.drag_targets(),
                                       hinted, hint_piles)
        self.view.render(state, marks)
        cursor = self.interaction.cursor
        if cursor is not None:
            pile, index = cursor
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
        if status == "won" and session.counted and not session.result:
            # counted before the save, so another tab that takes the save up sees the
            # win counted already and does not count it again
            self.count_end(session, True)
        self.save()
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
        """Say why the position cannot go on (the engine's standstill: no moves left, or
        only a button can go on); a message said of another position (a stuck one, a
        hint, a blunder) goes."""
        session = self.session
        assert session is not None
        game, state = session.game, session.state
        standstill = game.standstill(state, session.states[0], stuck=status == "stuck") if status != "won" else None
        if standstill is not None and standstill.kind == "stuck":
            self.message(lambda: standstill_words(game, state, standstill), "stuck", lambda: t("new"), self.new_deal)
        elif standstill is not None:  # only a button (a reshuffle, a redeal) can go on: named
            self.message(lambda: standstill_words(game, state, standstill), "stuck")
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

    def count_start(self) -> None:
        """The first move of a deal: it counts as played."""
        assert self.session is not None
        self.read_stats()  # another tab may have counted games since
        self.session.counted = True
        self.stats.start(self.session.game)
        self.write_stats()

    def count_abandoned(self, session: Session) -> None:
        """Before a game's save is replaced by another deal of its type: left unfinished
        after its first move, it counts as lost."""
        text = self.storage("get", saves.key(session.game.id))
        info = saves.peek(text) if text is not None else None
        if info is None or not info["counted"] or info["result"] or \
                (info["seed"], info["options"]) == (session.seed, dict(session.game.options)):
            return
        try:
            old = saves.decode(str(text))
        except saves.SaveError:
            return
        self.count_end(old, False)

    def count_end(self, session: Session, won: bool) -> None:
        self.read_stats()
        game = session.game
        when = int(float(window.Date.now()) // 1000)
        score = game.score(session.state)
        if won:
            self.stats.win(game, when, session.elapsed_ms, session.move_count, score)
            session.result = "won"
        else:
            self.stats.loss(game, when, session.elapsed_ms, session.move_count, score)
        self.write_stats()

    def read_stats(self) -> None:
        text = self.storage("get", STATS_KEY)
        if text is None:
            return
        try:
            self.stats, reasons = Stats.salvage(text)
        except StatsError as err:
            self.storage("set", STATS_KEY + ".broken", text)  # set aside, never dropped
            self.storage("remove", STATS_KEY)
            unreadable = err  # worded when said: in the language of the moment
            self.after_load["stats"] = lambda: t("stats.unreadable", reason=str(unreadable))
            return
        if reasons:  # the damaged records are set aside with the rest; the others are kept
            self.storage("set", STATS_KEY + ".broken", text)
            self.write_stats()
            self.after_load["stats"] = lambda: t("stats.partly", reason="; ".join(map(str, reasons[:3]))
                                                 + ("; …" if reasons[3:] else ""))

    def write_stats(self) -> None:
        self.storage("set", STATS_KEY, self.stats.encode())

    def show_stats(self) -> None:
        assert self.session is not None
        game = self.session.game
        rec = self.stats.get(game)
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
        for key, rec in sorted(self.stats.records.items()):
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
        blob = window.Blob.new([self.stats.encode()], to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
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
            stats = Stats.decode(text)
        except StatsError as err:
            refused = err  # worded when said: in the language of the moment
            self.stats_note(lambda: t("stats.bad_import", reason=str(refused)), "warning")
            return
        self.storage("set", BEFORE_IMPORT_KEY, self.stats.encode())
        self.stats = stats
        self.write_stats()
        self.show_stats()
        count = len(stats.records)
        self.stats_note(lambda: t("stats.imported", n=count), "info", undo=True)

    def undo_import(self) -> None:
        text = self.storage("get", BEFORE_IMPORT_KEY)
        if text is None:
            return
        self.stats = Stats.decode(text)
        self.write_stats()
        self.storage("remove", BEFORE_IMPORT_KEY)
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
    def read_save(self, game_id: str) -> Session | None:
        """The saved game of a type, or None; a damaged save is set aside, never lost."""
        text = self.storage("get", saves.key(game_id))
        if text is None:
            return None
        try:
            return saves.decode(text)
        except saves.SaveError as err:
            self.storage("set", saves.broken_key(game_id), text)
            self.storage("remove", saves.key(game_id))
            broken = err  # worded when said: in the language of the moment
            self.after_load[f"save.{game_id}"] = lambda: t("save.broken", reason=str(broken))
            return None

    def save(self) -> None:
        """Keep the game in progress (with its whole history) after every change.  A save
        another tab wrote since this one's last is never overwritten: this tab takes the
        newer game up instead (see other_tab)."""
        session = self.session
        if session is None or (self.keep_save and not session.moves):
            return
        key = saves.key(session.game.id)
        current = self.storage("get", key)
        mine = self.written.get(key)
        if mine is not None and current is not None and current != mine:
            if not self.adopt(key, current):
                return  # a newer game, now shown, or one this version cannot read: kept
        self.keep_save = False
        if self.resumable is not None and self.message_action == self.resume:
            self.clear_message()  # a move here: the other deal's save is written over
        self.resumable = None
        self.count_abandoned(session)
        text = saves.encode(session)
        if text == current or self.storage("set", key, text) is not None:
            self.written[key] = text  # (a refused write leaves the last one as this tab's)

    def other_tab(self, event: Any) -> None:
        """Another tab of the app changed the storage: take its statistics, and its game
        when it is the type shown here (two tabs never count a game twice, and a stale
        tab never overwrites a newer save)."""
        key, value = event.key, event.newValue
        if not isinstance(key, str):
            return
        if key == STATS_KEY:
            self.read_stats()
            if not document.getElementById("stats").hidden:
                self.show_stats()
        elif self.session is not None and key == saves.key(self.session.game.id) and isinstance(value, str):
            self.adopt(key, value)

    def adopt(self, key: str, text: str) -> bool:
        """Take up the game another tab saved; True when it is this tab's game at the
        same move (only the time is taken), which this tab may go on saving."""
        try:
            saved = saves.decode(text)
        except saves.SaveError:
            return False  # a damaged save is dealt with when it is opened
        self.written[key] = text
        session = self.session
        if session is not None and (saved.game.id, saved.game.options, saved.seed, saved.moves, saved.at) \
                == (session.game.id, session.game.options, session.seed, session.moves, session.at):
            # the same game at the same move: only the other tab's clock moved (it saves
            # every ten seconds), which must not redraw the table under a drag or Finish
            session.elapsed_ms = max(session.elapsed_ms, saved.elapsed_ms)
            session.counted = session.counted or saved.counted
            session.result = session.result or saved.result
            self.show_time()
            return True
        self.load(saved.game, saved.seed, "replace", saved, save_old=False)
        self.message(lambda: t("tabs.updated"), "info")
        return False

    def offer_resume(self, saved: Session, notes: list[Callable[[], str]] | None = None) -> None:
        """Offer the saved game of another deal (after what else there is to tell)."""
        self.resumable = saved
        told = notes or []
        self.message(lambda: " ".join([note() for note in told] + [t(
            "resume", game=game_name(saved.game.spec), seed=saved.seed, n=saved.move_count)]),
            "warning" if told else "resume", lambda: t("resume.action"), self.resume)

    def resume(self) -> None:
        saved = self.resumable
        if saved is not None:
            self.load(saved.game, saved.seed, "push", saved)

    def storage(self, op: str, key: str, value: str = "") -> str | None:
        """localStorage, with a failure told once (private mode, full or disabled storage).
        A write that succeeded returns the text written."""
        try:
            store = window.localStorage
            if op == "get":
                got = store.getItem(key)
                return got if isinstance(got, str) else None  # JS null arrives as jsnull, not None
            if op == "set":
                store.setItem(key, value)
                return value
            store.removeItem(key)
        except Exception:  # the browser refuses storage: play goes on unsaved
            if not self.storage_warned:
                self.storage_warned = True
                if self.session is None:  # still starting: told once the table is shown
                    self.after_load["storage"] = lambda: t("storage")
                else:
                    self.message(lambda: t("storage"), "warning")
        return None


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
