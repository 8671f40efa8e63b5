"""Settings and language on the page: the ⚙ controls, theme, animation, print size and
hand, every word of the page in the chosen language, and the words of a game's options
and rules (the one place that picks the Russian ones).

What is stored and which values are valid is keeper.py's (pure); this module writes the
page.  DOM elements and events are pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

from typing import Mapping

from pyodide.ffi import JsProxy
from pyscript import document, window

from patience.registry import BY_ID
from patience.game import Game
from patience.spec import GameSpec, Help, Option

from . import i18n
from .i18n import game_name, t
from .keeper import SETTINGS, Setting, Settings, valid_setting


def option_label(opt: Option) -> str:
    if i18n.language() == "ru":
        return opt.label_ru or opt.label or opt.name
    return opt.label or opt.name


def value_label(opt: Option, value: str) -> str:
    if i18n.language() == "ru":
        return opt.value_labels_ru[value]  # KeyError: a value this version does not know
    if value in opt.value_labels:
        return opt.value_labels[value]
    return t(f"value.{value}") if value in ("on", "off", "inf") else value


def options_words(spec: GameSpec[Game], options: Mapping[str, str]) -> str:
    """Options as a player reads them: the ones that differ from the defaults, named."""
    differing = [(opt, options[opt.name]) for opt in spec.options if options.get(opt.name, opt.default) != opt.default]
    if not differing:
        return t("help.list_defaults")
    return "; ".join(f"{option_label(opt)}: {value_label(opt, value)}" for opt, value in differing)


def rules_of(spec: GameSpec[Game]) -> Help | None:
    """A game's rules in the language of the moment."""
    return spec.words.help_ru if i18n.language() == "ru" else spec.words.help


def browser_languages() -> list[str]:
    """The browser's languages, most wanted first."""
    return [str(x) for x in (window.navigator.languages or [window.navigator.language or "en"])]


def controls() -> list[tuple[str, JsProxy]]:
    """Each setting's control in ⚙, by the setting's name."""
    return [(name, document.getElementById(f"set-{name}")) for name in SETTINGS]


def changed(event: JsProxy) -> tuple[str, Setting] | None:
    """The setting a control changed and its new value, when it is a valid one."""
    control = event.target
    name = str(control.id).removeprefix("set-")
    value: Setting = bool(control.checked) if control.type == "checkbox" else str(control.value)
    return (name, value) if valid_setting(name, value) else None


def apply(settings: Settings) -> None:
    """Theme, animation, print size and hand on the page, and the controls set to match
    (paint.js sets the same attributes before Python is ready, from the same stored
    settings).  The language is apply_language's."""
    html = document.documentElement
    html.dataset.theme = settings["theme"]
    html.dataset.motion = settings["motion"]
    html.dataset.faces = settings["faces"]
    html.dataset.back = settings["back"]
    html.classList.toggle("large-print", bool(settings["large"]))
    html.classList.toggle("left-handed", bool(settings["left"]))
    for name, value in settings.items():
        control = document.getElementById(f"set-{name}")
        if control:
            if control.type == "checkbox":
                control.checked = bool(value)
            else:
                control.value = value


def apply_language(lang: str) -> None:
    """The page's own words (and the games' names in the menu) in a language."""
    i18n.set_language(lang)
    document.documentElement.lang = lang
    for el in document.querySelectorAll("[data-i18n]"):
        el.textContent = t(str(el.getAttribute("data-i18n")))
    for attr in ("title", "aria-label"):
        for el in document.querySelectorAll(f"[data-i18n-{attr}]"):
            el.setAttribute(attr, t(str(el.getAttribute(f"data-i18n-{attr}"))))
    for opt in document.querySelectorAll("#game option"):
        opt.textContent = game_name(BY_ID[str(opt.value)])
