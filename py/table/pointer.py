"""Pointer, touch, pen and keys on the table → the interaction model (thin).

Pointer Events serve mouse, touch and pen alike: a press on a movable card becomes a
drag once it travels past a small threshold, otherwise it is a tap (tap a card, then
tap a target; two quick taps send a card to a foundation).  What an input means is the
model's (``interaction.Interaction``); this module reads the events, finds the pile
under the pointer, moves dragged cards and performs the model's effects.

JavaScript objects are typed by what is read of them: events through the narrow
``Protocol``s below; the table's element, opaque, as pyodide's ``JsProxy``.
"""

from __future__ import annotations

from typing import Callable, Protocol

from pyodide.ffi import JsProxy
from pyscript import document, window

from patience.game import Move
from patience.session import Session
from patience.state import State

from . import geometry, runner
from .interaction import (Announce, Effect, Interaction, Play, Refuse, Spot, Way, drop_target,
                          refusal)
from .view import View

DRAG_THRESHOLD = {"mouse": 4.0, "pen": 6.0, "touch": 8.0}  # px a press travels before it drags
ARROWS: dict[str, Way] = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}


class PointerEvent(Protocol):
    """What is read of a DOM PointerEvent."""

    pointerId: int
    pointerType: str
    clientX: float
    clientY: float
    button: int
    target: JsProxy
    timeStamp: float  # when the input was made (ms, the clock of performance.now())

    def preventDefault(self) -> None: ...


class KeyEvent(Protocol):
    """What is read of a DOM KeyboardEvent."""

    key: str
    timeStamp: float

    def preventDefault(self) -> None: ...


class Board(Protocol):
    """What the input asks of the app: the game shown, playing, drawing and telling."""

    session: Session | None

    def play(self, move: Move, by_app: bool = False) -> bool: ...
    def render(self) -> None: ...
    def message(self, text: str | Callable[[], str], kind: str = "info", action: str | Callable[[], str] = "",
                on_action: Callable[[], None] | None = None) -> None: ...
    def announce(self, text: str, append: bool = False) -> None: ...


class Press:
    """A pointer held down on the table."""

    def __init__(self, event: PointerEvent, pile: int, index: int | None, n: int) -> None:
        self.id = event.pointerId
        self.kind = str(event.pointerType or "mouse")
        self.x = float(event.clientX)
        self.y = float(event.clientY)
        self.pile = pile
        self.index = index
        self.n = n  # cards picked up (0: nothing movable under the pointer)
        self.dragging = False
        self.targets: list[int] = []


class Pointer:
    """The table's input: pointer events and the table's keys, performed on ``board``.
    ``stop``: the player took over (an assistant at work stops); ``hint``: H asks for one;
    ``behind``: the table shows a position the game has moved past (Finish between two
    redraws), where a press or a key only stops it and shows where it got to."""

    def __init__(self, board: Board, view: View, root: JsProxy, model: Interaction,
                 stop: Callable[[], None], hint: Callable[[], None], behind: Callable[[], bool]) -> None:
        self.board = board
        self.view = view
        self.root = root
        self.model = model
        self.stop = stop
        self.hint = hint
        self.behind = behind  # the table shows a position the game has moved past (Finish between redraws)
        self._press: Press | None = None

    @property
    def press(self) -> Press | None:
        """The pointer held down on the table, if any."""
        return self._press

    @press.setter
    def press(self, press: Press | None) -> None:
        self._press = press
        runner.pressing(press is not None)  # its release comes next: a search gives way to it at once

    def drag_targets(self) -> list[int] | None:
        """The piles the dragged cards may go to (None: no drag)."""
        return self.press.targets if self.press is not None and self.press.dragging else None

    def perform(self, effects: list[Effect]) -> None:
        """Do what the model asks, in order."""
        for effect in effects:
            if isinstance(effect, Play):
                self.board.play(effect.move)
            elif isinstance(effect, Refuse):
                self.stop()
                reason = effect.reason
                self.board.message(lambda: refusal(reason), "warning")
                if effect.announce:
                    self.board.announce(refusal(reason))
            elif isinstance(effect, Announce):
                self.board.announce(effect.text)
            else:
                self.board.render()

    # --- pointer -------------------------------------------------------------------------
    def locate(self, event: PointerEvent) -> Spot | None:
        """The pile (and card index) under a pointer event."""
        assert self.view.game is not None and self.view.metrics is not None
        box = self.root.getBoundingClientRect()
        return geometry.hit(self.view.game, self.view.positions, self.view.metrics,
                            float(event.clientX) - float(box.left), float(event.clientY) - float(box.top))

    def down(self, event: PointerEvent) -> None:
        self.root.classList.remove("keyboard")
        session = self.board.session
        if session is None or (event.pointerType == "mouse" and event.button != 0):
            return
        if self.behind():  # what is under the pointer is not the game's position: show it first
            self.press = None
            self.stop()
            return
        chip = event.target.closest(".chip") if event.target else None
        if chip and chip.getAttribute("data-move"):  # a place action such as a refill
            event.preventDefault()
            self.press = None
            self.model.unpick()
            self.board.play(session.game.parse_move(str(chip.getAttribute("data-move"))))
            return
        spot = self.locate(event)
        if spot is None:
            self.press = None
            self.perform(self.model.press_outside())
            return
        pile, index = spot
        self.press = Press(event, pile, index, session.game.pick_count(session.state, pile, index))
        if self.press.n:
            event.preventDefault()
            try:
                self.root.setPointerCapture(event.pointerId)
            except Exception:  # the pointer may already be gone
                pass

    def move(self, event: PointerEvent) -> None:
        press, session = self.press, self.board.session
        if session is None:
            return
        if press is None and session.game.tap_pile is not None and event.pointerType == "mouse":
            self.perform(self.model.hover_at(session.game, session.state, self.locate(event)))
            return
        if press is None or event.pointerId != press.id or not press.n:
            return
        dx = float(event.clientX) - press.x
        dy = float(event.clientY) - press.y
        if not press.dragging:
            if (dx * dx + dy * dy) ** 0.5 < DRAG_THRESHOLD.get(press.kind, 6.0):
                return
            press.dragging = True
            press.targets = self.model.start_drag(session.game, session.state, press.pile, press.n)
            self.board.render()
        self.view.lift(session.state, press.pile, press.n, dx, dy)

    def up(self, event: PointerEvent) -> None:
        press, session = self.press, self.board.session
        if press is None or event.pointerId != press.id or session is None:
            return
        self.press = None
        if press.dragging:
            self.view.drop_all()
            self.perform(self.model.drop(session.game, session.state, press.pile, press.n,
                                         self.drop_target(session.state, press, event), self.locate(event)))
        else:
            self.perform(self.model.tap(session.game, session.state, press.pile, press.index, press.n,
                                        made_at(event)))

    def cancel(self, event: PointerEvent) -> None:
        if self.press is not None and self.press.dragging:
            self.view.drop_all()
            self.press = None
            self.board.render()
        self.press = None

    def drop_target(self, state: State, press: Press, event: PointerEvent) -> int | None:
        """The legal pile a drag ended on (see ``interaction.drop_target``)."""
        m = self.view.metrics
        assert m is not None
        box = self.root.getBoundingClientRect()
        left, top = float(box.left), float(box.top)
        px, py = float(event.clientX) - left, float(event.clientY) - top
        start = len(state.piles[press.pile]) - press.n
        hx, hy = self.view.positions[press.pile][start]
        card = (hx + px - (press.x - left), hy + py - (press.y - top))  # the dragged card's top-left corner
        rects = {t: self.view.rect(t) for t in press.targets}
        return drop_target(press.targets, rects, (px, py), card, (m.cw, m.ch))

    # --- keys ------------------------------------------------------------------------------
    def key(self, event: KeyEvent) -> None:
        """Keys on the focused table: arrows move the cursor, Enter/Space tap, F sends
        home, H asks for a hint, D turns the stock."""
        session = self.board.session
        assert session is not None
        if self.behind():  # the cursor is on a position the game has moved past: show it first
            self.stop()
            return
        game, state = session.game, session.state
        key = str(event.key)
        self.root.classList.add("keyboard")  # the cursor shows while the keyboard is in use
        pile, index = self.model.cursor_spot(game, state)
        now = made_at(event)
        if key in ARROWS:
            event.preventDefault()
            m = self.view.metrics
            assert m is not None
            self.model.step(game, state, ARROWS[key], [m.origin(i) for i in range(len(game.piles))],
                            [spot[2] for spot in m.spots])
            self.board.render()
        elif key in ("Enter", " "):
            event.preventDefault()
            self.perform(self.model.tap(game, state, pile, index, game.pick_count(state, pile, index), now,
                                        keyboard=True))
        elif key.lower() == "f":
            event.preventDefault()
            self.perform(self.model.to_foundation(game, state, pile, index))
        elif key.lower() == "h":
            event.preventDefault()
            self.hint()
        elif key.lower() == "d":
            event.preventDefault()
            if game.stock >= 0:
                self.perform(self.model.tap(game, state, game.stock, None, 0, now, keyboard=True))


def made_at(event: PointerEvent | KeyEvent) -> float:
    """When an input was made (ms): the event's time stamp, not the time the page gets to
    it.  The two clicks of a double click, made quickly, can be handled far apart: the
    first one's redraw, a search's slice or a busy machine comes between them while the
    second waits in the queue, and a double click timed by its handling was taken for
    two single taps, its card picked up and put back.
    (The clock of ``performance.now()``, should a browser give no time stamp.)"""
    stamp = float(event.timeStamp or 0)
    return stamp if stamp > 0 else float(window.performance.now())


def focused(root: JsProxy) -> bool:
    """Whether the table has the keyboard's focus."""
    return bool(document.activeElement == root)
