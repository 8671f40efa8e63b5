"""Dialogs and messages: the modal dialogs (focus goes in, stays in, comes back after),
the rules help, the win dialog, the message bar and the screen reader's live region.

DOM elements and events are pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

import random
from typing import Callable

from pyodide.ffi import JsProxy
from pyscript import document

from patience.session import Session
from patience.game import Game
from patience.spec import GameSpec
from patience.winnable import LISTS, deals, surveyed

from .i18n import game_name, t
from .ports import Words
from .settings import option_label, options_words, rules_of, value_label

DIALOGS = ("win", "help", "stats")  # the modal ones, in the order a key looks for them


def words(said: Words) -> str:
    """A message's words in the language of the moment."""
    return said() if callable(said) else said


def announce(text: str, append: bool = False) -> None:
    """Say something to a screen reader (the live region), without moving focus."""
    region = document.getElementById("announce")
    before = str(region.textContent) if append else ""
    region.textContent = ""
    region.textContent = f"{before} {text}".strip()


class Dialogs:
    def __init__(self, root: JsProxy) -> None:
        self.root = root  # the table: focus goes back there when nothing else had it
        self.return_focus: dict[str, JsProxy] = {}

    def open(self, name: str, focus: str) -> None:
        """A modal dialog: focus goes in (and stays in: see keys), and comes back after."""
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

    def close(self, name: str) -> None:
        box = document.getElementById(name)
        if box.hidden:
            return
        box.hidden = True
        back = self.return_focus.pop(name, None)
        if back is not None and back.isConnected:
            back.focus()

    @staticmethod
    def shown(name: str) -> bool:
        return not document.getElementById(name).hidden

    @staticmethod
    def open_box() -> JsProxy | None:
        """The modal dialog open, if any."""
        for name in DIALOGS:
            box = document.getElementById(name)
            if not box.hidden:
                return box
        return None

    def keys(self, event: JsProxy) -> bool:
        """A modal dialog keeps the keyboard to itself: Escape closes it, Tab goes round
        its controls.  False when no dialog is open."""
        box = self.open_box()
        if box is None:
            return False
        if event.key == "Escape":
            self.close(str(box.id))
        elif event.key == "Tab":
            self.trap_focus(event, box)
        return True

    @staticmethod
    def trap_focus(event: JsProxy, box: JsProxy) -> None:
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

    # --- the rules ---------------------------------------------------------------------
    def show_help(self, spec: GameSpec[Game]) -> None:
        """The rules of a game, drawn from its declaration (text only, no markup)."""
        document.getElementById("help-title").textContent = game_name(spec)
        body = document.getElementById("help-body")
        body.replaceChildren()
        help_ = rules_of(spec)
        if help_ is None:
            return
        sections = [("help.setup", help_.setup), ("help.goal", help_.goal), ("help.moves", help_.moves),
                    ("help.stock", help_.stock)]
        for title, text in sections:
            help_section(body, t(title), text)
        if spec.options:
            heading = document.createElement("h3")
            heading.textContent = t("help.options")
            body.appendChild(heading)
            listing = document.createElement("dl")
            for opt in spec.options:
                term = document.createElement("dt")
                term.textContent = t("help.option", label=option_label(opt), value=value_label(opt, opt.default))
                term.dataset.option = opt.name
                text = document.createElement("dd")
                text.textContent = help_.options.get(opt.name, "")
                listing.appendChild(term)
                listing.appendChild(text)
            body.appendChild(listing)
        lists = [entry for entry in LISTS if entry.game == spec.id]
        if lists:
            heading = document.createElement("h3")
            heading.textContent = t("help.lists")
            heading.dataset.lists = "true"
            body.appendChild(heading)
            listing = document.createElement("ul")
            for entry in lists:
                item = document.createElement("li")
                named = options_words(spec, entry.options)
                count = len(deals(entry))
                item.textContent = t("help.list", options=named, n=count, last=surveyed(entry)) if count \
                    else t("help.list_none", options=named)
                item.dataset.list = entry.key
                item.dataset.deals = str(count)
                listing.appendChild(item)
            body.appendChild(listing)
            note = document.createElement("p")
            note.textContent = t("help.lists.text")
            body.appendChild(note)
        help_section(body, t("help.keys"), t("help.keys.text"))
        help_section(body, t("stats.help"), t("stats.help.text"))
        help_section(body, t("help.source"), help_.source)
        self.open("help", "help-close")

    # --- a win -------------------------------------------------------------------------
    def show_win(self, session: Session) -> None:
        box = document.getElementById("win")
        text = t("stats.win_assisted" if session.assisted else "win.text",
                 game=game_name(session.game.spec), seed=session.seed, n=session.move_count)
        if session.hints:
            text += " " + t("stats.win_hints", n=session.hints)
        document.getElementById("win-text").textContent = text
        if box.hidden:
            announce(t("stats.say_assisted" if session.assisted else "say.won"), append=True)
            celebrate()
        self.open("win", "win-new")


def help_section(body: JsProxy, title: str, text: str) -> None:
    heading = document.createElement("h3")
    heading.textContent = title
    para = document.createElement("p")
    para.textContent = text
    body.appendChild(heading)
    body.appendChild(para)


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


class MessageBar:
    """The message under the toolbar, with an optional button; its words, given as
    functions, are said again in a newly chosen language."""

    def __init__(self) -> None:
        self.action: Callable[[], None] | None = None
        self.words: tuple[Words, Words] = ("", "")
        self.shows = 0  # messages shown so far (a caller tells whether one was said meanwhile)

    def show(self, text: Words, kind: str = "info", action: Words = "",
             on_action: Callable[[], None] | None = None) -> None:
        """Show a message; ``action`` labels its button, which calls ``on_action``."""
        self.action = on_action
        self.words = (text, action)
        self.shows += 1
        self.say()
        box = document.getElementById("message")
        box.dataset.kind = kind
        box.hidden = False

    def say(self) -> None:
        """The message's words (again, in the language of the moment)."""
        text, action = (words(said) for said in self.words)
        document.getElementById("message-text").textContent = text
        button = document.getElementById("message-action")
        button.textContent = action
        button.hidden = not action

    def add(self, more: Words) -> None:
        """Say ``more`` after the message shown, which keeps its kind and its button."""
        said, action = self.words
        self.show(lambda: words(said) + " " + words(more), self.kind(), action, self.action)

    def clicked(self) -> None:
        if self.action is not None:
            self.action()

    @staticmethod
    def clear() -> None:
        box = document.getElementById("message")
        box.hidden = True
        box.dataset.kind = ""
        document.getElementById("message-action").hidden = True

    @staticmethod
    def shown() -> bool:
        return not document.getElementById("message").hidden

    @staticmethod
    def kind() -> str:
        """The kind of the message shown ("" when none)."""
        box = document.getElementById("message")
        return "" if box.hidden else str(box.dataset.kind or "")
