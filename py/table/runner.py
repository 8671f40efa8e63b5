"""Searches run in slices from timers, each well under the 50 ms of a long task, so the
page answers clicks while the solver works (``Runner``), and the solver's time budgets at
the table (``Budgets``).  A slice gives way as soon as the player's input waits
(``input_pending``): a press, a release or a key is handled within a step of search, not
at the end of the slice.  Python's garbage collection is managed around the slices and a
search that is over is freed a slice at a time (see ``Runner``).
"""

from __future__ import annotations

import gc
import time
import traceback
from dataclasses import dataclass, fields
from typing import Callable

from pyodide.ffi import create_once_callable
from pyscript import window

from patience.search import Search


@dataclass(frozen=True)
class Budgets:
    """The solver's time budgets at the table, in seconds.

    The page uses these defaults.  A browser test may change any of them for a page of
    its own: an object ``window.patienceBudgets`` that a script sets before the page's
    own scripts run (Playwright's ``add_init_script``), e.g. ``{winnable_s: 0.3}``, is
    read once, when this module is imported (``from_page``); a name it does not know,
    or a value that is not a positive number of seconds, is ignored.  The page itself
    never sets it."""

    slice_s: float = 0.02  # one slice of search: well under a long task (50 ms)
    step_s: float = 0.003  # one step within a slice; waiting input is looked for between steps
    analysis_s: float = 4.0  # search time for "is this position still winnable?"
    hint_s: float = 0.15  # search time of a hint, which answers within about 300 ms
    winnable_s: float = 2.5  # search time per candidate deal of "winnable deals only"

    @classmethod
    def from_page(cls) -> Budgets:
        given = getattr(window, "patienceBudgets", None)
        if given is None:
            return cls()
        changes: dict[str, float] = {}
        for field in fields(cls):
            value = getattr(given, field.name, None)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= 3600:
                changes[field.name] = float(value)
        return cls(**changes)


BUDGETS = Budgets.from_page()


class Runner:
    """One search at a time, a slice per timer tick; a newer start cancels the older.

    A slice is several small steps until ``BUDGETS.slice_s`` has passed; the step size
    adapts to the game (a Gaps position costs far more than a Klondike one), so no slice
    runs long.  A runner that yields to another waits while the other is busy (the
    background indicator gives way to a hint).

    While any search is at work Python's automatic garbage collection is off: in big
    searches its full collections, which walk every object the search holds, took up
    to 82 ms under CPython and made main-thread tasks of 50-72 ms in the page.  Each
    slice ends with a collection of the youngest objects only, and the collector is back
    on once no search is at work.  A search makes no reference cycles, so it is freed
    without the collector.  It is not dropped at once, though: a search that is over
    (finished and read, or cancelled) goes to the trash, which frees it a slice at a time
    (``Search.sweep``); dropping a few seconds of search at once made 61 ms tasks."""

    working: set[int] = set()  # the runners whose search is at work (class-wide)
    trash: list[Search] = []  # searches that are over, being freed (class-wide)

    def __init__(self, yield_to: Runner | None = None) -> None:
        self.token = 0
        self._search: Search | None = None
        self.yield_to = yield_to
        self.nodes = 8  # positions per step, adapted to the time they take

    @property
    def search(self) -> Search | None:
        return self._search

    @search.setter
    def search(self, search: Search | None) -> None:
        if self._search is not None and self._search is not search:
            Runner.discard(self._search)
        self._search = search
        if search is None:
            Runner.working.discard(id(self))
        else:
            Runner.working.add(id(self))
        Runner.collector()

    @staticmethod
    def collector() -> None:
        if Runner.working or Runner.trash:
            gc.disable()
        else:
            gc.enable()

    @staticmethod
    def discard(search: Search) -> None:
        """Free a search that is over in slices, from the next timer tick on (a finished
        search's callback reads its result first, in the same task)."""
        Runner.trash.append(search)
        if len(Runner.trash) == 1:
            later(Runner.sweep_trash, 0)

    @staticmethod
    def sweep_trash() -> None:
        trash = Runner.trash
        deadline = time.perf_counter() + BUDGETS.slice_s
        while trash:  # a step at a time, giving way to the player's input
            if trash[0].sweep(min(BUDGETS.step_s, max(deadline - time.perf_counter(), 0.001))):
                trash.pop(0)
            if time.perf_counter() >= deadline or input_pending():
                break
        if trash:
            later(Runner.sweep_trash, 0)
        else:
            Runner.collector()

    @property
    def busy(self) -> bool:
        return self._search is not None

    def start(self, search: Search, done: Callable[[Search], None],
              progress: Callable[[Search], None] | None = None,
              failed: Callable[[], None] | None = None) -> None:
        self.token += 1
        token = self.token
        self.search = search

        def tick() -> None:
            if token != self.token:
                return  # cancelled, or replaced by a newer search
            if self.yield_to is not None and self.yield_to.busy:
                later(tick, 20)
                return
            try:
                finished = self.slice(search)
            except Exception:
                self.search = None
                window.console.error(traceback.format_exc())
                if failed is not None:
                    failed()
                return
            if finished:
                self.search = None
                done(search)
                return
            if progress is not None:
                progress(search)
            later(tick, 0)

        later(tick, 0)

    def cancel(self) -> None:
        self.token += 1
        self.search = None

    def slice(self, search: Search) -> bool:
        start = time.perf_counter()
        deadline = start + BUDGETS.slice_s
        try:
            while True:
                before, t0 = search.nodes, time.perf_counter()
                if search.step(self.nodes, max(deadline - t0, 0.001)):
                    return True
                now = time.perf_counter()
                done, spent = search.nodes - before, now - t0
                if done and spent > 0:  # aim at steps of step_s
                    self.nodes = max(1, min(4096, int(done * BUDGETS.step_s / spent)))
                if now >= deadline or input_pending():
                    return False  # (the next slice comes after the input's handler)
        finally:
            gc.collect(0)  # the slice's young objects only: a short walk


def input_pending() -> bool:
    """Whether the player's input is coming: a search's slice ends at once then, so the
    input is handled within a step of search rather than at the end of the slice (input
    latency, bench/latency.py).  Input is coming while a pointer is pressed on the table
    (``pressing``: its release comes next), or when a press, a release or a key (not the
    pointer's moves) waits for the main thread, by Chromium's
    ``navigator.scheduling.isInputPending``, which does not see a finger's release (hence
    the first).  A browser without it: slices run to their end but while pressed."""
    pressed = PRESSED[0]
    if pressed is not None and time.perf_counter() - pressed < PRESS_S:
        return True
    return _SCHEDULING is not None and bool(_SCHEDULING.isInputPending())


def pressing(down: bool) -> None:
    """A pointer was pressed on the table (``down``), or released or lost: while it is
    pressed, searches give way after every step (see ``input_pending``), for PRESS_S at
    most (a release the table never hears of, off the table, does not slow them for good)."""
    PRESSED[0] = time.perf_counter() if down else None


PRESS_S = 2.0
PRESSED: list[float | None] = [None]  # when the pointer pressed on the table went down


_SCHEDULING = getattr(getattr(window, "navigator", None), "scheduling", None)
if getattr(_SCHEDULING, "isInputPending", None) is None:
    _SCHEDULING = None


def later(action: Callable[[], None], ms: int) -> None:
    window.setTimeout(create_once_callable(action), ms)


def now_ms() -> float:
    return time.perf_counter() * 1000
