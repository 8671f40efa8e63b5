"""The winning lines of the listed deals (patience.winnable), for the deal on the table.

A listed deal is proven winnable, and the site ships its winning line
(``patience.winnable.lines_file``, one file a list, which the service worker keeps with
the rest of the app).  When the deal on the table is listed and its first position is not
known yet, the list's file is fetched (once a page), the deal's line read from its first
position in slices (a long line of «Восемь тузов» takes a few hundred milliseconds of
checked play), and the assistant told: its badge says *winnable* at once, Hint and
Finish follow the line, however long the deal's own search would take.  Nothing is said
when a file cannot be had (offline before the worker has stored it): the badge's search
does its work as on any deal.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator

from pyodide.ffi import create_once_callable
from pyscript import window

from patience.errors import InvalidMoveError
from patience.game import Move
from patience.lines import steps
from patience.session import Session
from patience.state import State
from patience.winnable import WinnableList, deals, lines_file, list_for, unpack_lines

from .runner import later

SLICE_MS = 10.0  # a slice of the line's checked play: well under a long task (50 ms)


class ListedLines:
    def __init__(self, found: Callable[[Session, list[Move]], None]) -> None:
        self.found = found  # told a listed deal's line, for the session it was asked for
        self.lines: dict[str, dict[int, str]] = {}  # list key -> deal -> line (its text)
        self.fetching: set[str] = set()
        self.failed: set[str] = set()  # lists whose file could not be had or read (not asked again)
        self.unfit: set[tuple[str, int]] = set()  # deals whose line the rules refused (not read again)
        self.reading: Session | None = None  # the session whose deal's line is being read
        self.token = 0

    def want(self, session: Session) -> None:
        """The session's deal needs its line (its first position is not known): fetch and
        read it, if the deal is listed, unless that is under way."""
        entry = list_for(session.game)
        if entry is None or session.seed not in deals(entry) or self.reading is session:
            return
        text = self.lines.get(entry.key, {}).get(session.seed)
        if text is not None and (entry.key, session.seed) not in self.unfit:
            self.read(entry, session, text)
        elif entry.key not in self.fetching and entry.key not in self.failed and entry.key not in self.lines:
            self.fetch(entry, session)

    def fetch(self, entry: WinnableList, session: Session) -> None:
        self.fetching.add(entry.key)

        def failed(_: object = None) -> None:
            self.fetching.discard(entry.key)
            self.failed.add(entry.key)

        def got(buffer: object) -> None:
            self.fetching.discard(entry.key)
            try:
                self.lines[entry.key] = unpack_lines(buffer.to_bytes())  # type: ignore[attr-defined]
            except ValueError:
                failed()
                return
            self.want(session)

        def answered(response: object) -> None:
            if not response.ok:  # type: ignore[attr-defined]
                failed()
                return
            response.arrayBuffer().then(create_once_callable(got),  # type: ignore[attr-defined]
                                        create_once_callable(failed))

        window.fetch(lines_file(entry)).then(create_once_callable(answered), create_once_callable(failed))

    def read(self, entry: WinnableList, session: Session, text: str) -> None:
        """The line read from the deal, move by move through the checked play, a slice
        at a time; a newer deal's reading stops this one."""
        self.token += 1
        token = self.token
        self.reading = session
        moves: list[Move] = []
        walk: Iterator[tuple[Move, State]] = steps(session.game, session.states[0], text)

        def step() -> None:
            if self.token != token:
                return
            end = time.perf_counter() + SLICE_MS / 1000
            try:
                for move, _ in walk:
                    moves.append(move)
                    if time.perf_counter() > end:
                        later(step, 0)
                        return
            except InvalidMoveError:  # a line that no longer fits the rules: the search decides
                self.reading = None
                self.unfit.add((entry.key, session.seed))
                return
            self.reading = None
            self.found(session, moves)

        step()

    def forget(self) -> None:
        """Another deal: a line being read is no longer wanted."""
        self.token += 1
        self.reading = None

