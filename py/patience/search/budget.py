"""A search's budget and its slicing: the verdicts and the ``Result``, the containers a
finished search drops and frees a piece at a time (``sweep``), and Luby's sequence, by
which the probes of both schedulers restart."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from ..moves import Move

ALL_CARDS_KNOWN = "all cards known"
WON, LOST, UNKNOWN = "won", "lost", "unknown"

Heap = dict[Any, Any] | set[Any] | list[Any]  # a big container of a search


def sweep(litter: list[Heap], deadline: float) -> bool:
    """Empty the containers in ``litter`` (dropped by a search) a piece at a time until
    ``deadline`` (a ``time.perf_counter`` value): True once all are empty.  Freeing a
    few hundred thousand positions at once holds a page up for tens of milliseconds."""
    while litter:
        heap = litter[-1]
        pop = heap.popitem if isinstance(heap, dict) else heap.pop
        for _ in range(min(len(heap), 512)):
            pop()
        if not heap:
            litter.pop()
        if time.perf_counter() >= deadline:
            break
    return not litter


def sweep_within(litter: list[Heap], deadline: float | None) -> None:
    """A search's step frees what it dropped with at most half the time it has left
    (all of it at once when it has no deadline: the same cost as dropping it)."""
    if litter:
        now = time.perf_counter()
        sweep(litter, math.inf if deadline is None else now + (deadline - now) / 2)


@dataclass
class Result:
    """A verdict: ``won`` (``moves`` wins, replayed through the checked play), ``lost``
    (proven: the whole reachable space was searched) or ``unknown`` (budget spent)."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    knowledge: str = ALL_CARDS_KNOWN  # what the solver saw: every card


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence, 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …: the
    lengths of restarts that suit a search whose time to a win is heavy-tailed, as a
    shaken probe's is (Luby, Sinclair & Zuckerman 1993)."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
