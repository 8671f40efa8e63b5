"""The toolbar: the game menu, the options menu of the current game, its action buttons
(e.g. Reshuffle), the counters (moves, phase, score, time, deal number) and the
Undo/Redo/Restart buttons' state.

DOM elements and events are pyodide ``JsProxy`` objects, opaque to the type checker.
"""

from __future__ import annotations

from pyodide.ffi import JsProxy
from pyscript import document

from patience.game import Game, Move
from patience.registry import GAMES
from patience.session import Session
from patience.winnable import daily_list, deals, list_for

from .i18n import game_name, say, t
from .interaction import button_moves
from .settings import option_label, value_label
from .stats import clock


def build_games() -> JsProxy:
    """The game menu, one entry per game (named by apply_language); the menu."""
    chooser = document.getElementById("game")
    for spec in GAMES:
        opt = document.createElement("option")
        opt.value = spec.id
        chooser.appendChild(opt)
    return chooser


def build_options(game: Game) -> None:
    """The options menu of a game, set to its options."""
    box = document.getElementById("options")
    box.replaceChildren()
    for opt in game.spec.options:
        label = document.createElement("label")
        text = document.createElement("span")
        text.textContent = option_label(opt)
        select = document.createElement("select")
        select.name = opt.name
        select.dataset.option = opt.name
        for value in opt.values:
            o = document.createElement("option")
            o.value = value
            o.textContent = value_label(opt, value)
            select.appendChild(o)
        select.value = game.options[opt.name]
        label.appendChild(text)
        label.appendChild(select)
        box.appendChild(label)
    show_lists(game)


def show_lists(game: Game) -> None:
    """What *only winnable* does for this game and options (under its setting), and
    whether the game has a deal of the day."""
    entry = list_for(game)
    name = game_name(game.spec)
    if entry is not None and deals(entry):
        note = t("winnable.listed", game=name, n=len(deals(entry)))
    elif entry is not None and not entry.searchable:
        note = t("winnable.none", game=name)
    else:
        note = t("winnable.search", game=name)
    document.getElementById("winnable-note").textContent = note
    for button in document.querySelectorAll(".bar button.daily"):  # (a desktop's and the ⋯ panel's)
        button.disabled = daily_list(game.id) is None


def focus_option(name: str) -> None:
    """Focus stays on the option changed (the menu was built again)."""
    select = document.querySelector(f'#options select[data-option="{name}"]')
    if select:
        select.focus()


def option_changed(event: JsProxy) -> tuple[str, str] | None:
    """The option a change in the options menu names, and its value."""
    name = event.target.getAttribute("data-option")
    return (str(name), str(event.target.value)) if name else None


_hinted = [""]  # the special action whose button a hint marks now ("" for none)


def build_actions(game: Game) -> None:
    """One button for each of the game's own buttons (e.g. Reshuffle)."""
    box = document.getElementById("actions")
    box.replaceChildren()
    _hinted[0] = ""  # the new buttons carry no hint's mark
    for action in game.spec.actions:
        if action.where != "button":
            continue
        button = document.createElement("button")
        button.type = "button"
        button.dataset.action = action.kind
        box.appendChild(button)


def mark_hint(kind: str) -> None:
    """Mark the button of the special action a hint names (class ``hint``), and only
    that one; "" clears the mark.  The DOM is touched only when the mark changes."""
    if kind == _hinted[0]:
        return
    _hinted[0] = kind
    for button in document.querySelectorAll("#actions button[data-action]"):
        button.classList.toggle("hint", str(button.dataset.action) == kind)


def action_clicked(event: JsProxy) -> str | None:
    """The special action a click in the actions box asks for (an enabled button's)."""
    button = event.target.closest("button[data-action]")
    return str(button.dataset.action) if button and not button.disabled else None


def show(session: Session) -> None:
    """The counters and buttons for the position of a session."""
    game, state = session.game, session.state
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
    offered = button_moves(game, state)
    for action in game.spec.actions:
        if action.where != "button" or action.label is None:
            continue
        button = document.querySelector(f'#actions button[data-action="{action.kind}"]')
        button.textContent = say(action.label(game, state, Move(action.kind)))
        button.disabled = Move(action.kind) not in offered


def show_deal(seed: int) -> None:
    document.getElementById("deal-no").textContent = t("deal.no", seed=seed)


def show_time(ms: int) -> None:
    document.getElementById("time").textContent = clock(ms)


def tick(session: Session, status: str) -> bool:
    """A second has passed: the clock runs while a counted game is unfinished and in
    view.  True every ten seconds of play (then the clock is saved, to survive a crash
    to within seconds)."""
    if not session.counted or session.result or str(document.visibilityState) != "visible" \
            or status in ("won", "stuck"):
        return False
    session.elapsed_ms += 1000
    show_time(session.elapsed_ms)
    return session.elapsed_ms % 10_000 == 0


def close_menus(outside: JsProxy | None = None) -> None:
    """Close the toolbar's menus (those a pointer went down outside of, when given), the
    panel of ⋯ with them."""
    for menu in document.querySelectorAll("details.menu"):
        if menu.open and (outside is None or not menu.contains(outside)):
            menu.open = False
    more = document.getElementById("more")
    if outside is None or not (more.contains(outside) or document.getElementById("more-panel").contains(outside)):
        show_more(False)


def show_more(shown: bool) -> None:
    """Open or close the panel of ⋯ (a phone's toolbar: the controls used less)."""
    panel, more = document.getElementById("more-panel"), document.getElementById("more")
    was = panel.classList.contains("open")
    if shown == was:
        return
    panel.classList.toggle("open", shown)
    more.setAttribute("aria-expanded", "true" if shown else "false")
    if shown:  # the keyboard goes on into the panel; closed, back to ⋯
        panel.querySelector("summary, button:not([disabled])").focus()
    elif panel.contains(document.activeElement):
        more.focus()


def more_clicked(event: JsProxy) -> None:
    """⋯ opens its panel, or closes it; a button in the panel closes it as it acts (a menu
    in it opens in place)."""
    if event.currentTarget.id == "more":
        show_more(document.getElementById("more").getAttribute("aria-expanded") != "true")
    elif event.target.closest("button"):
        show_more(False)
