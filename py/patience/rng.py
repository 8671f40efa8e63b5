"""The project's own PRNG, so a seed deals the same on every Python.

PCG32 (XSH-RR, 64-bit state) seeded through SplitMix64, with an unbiased bounded
draw and a Fisher–Yates shuffle.  ``random`` is not used for deals: its algorithms
are not promised to stay the same between Python versions.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
M64 = (1 << 64) - 1
MAX_SEED = 999_999_999_999  # deal numbers run from 1 to this, in the page and on the command line
M32 = (1 << 32) - 1
PCG_MULT = 6364136223846793005


def splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M64
    return x ^ (x >> 31)


def text_hash(text: str) -> int:
    """FNV-1a, 64 bit: a stable hash of a name (Python's ``hash`` is salted)."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & M64
    return h


class Rng:
    """PCG32.  ``Rng(seed, stream)`` gives the same sequence everywhere."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: str = "") -> None:
        mixed = splitmix64((seed & M64) ^ text_hash(stream))
        self.inc = (splitmix64(mixed) << 1 | 1) & M64
        self.state = 0
        self.next32()
        self.state = (self.state + mixed) & M64
        self.next32()

    def next32(self) -> int:
        old = self.state
        self.state = (old * PCG_MULT + self.inc) & M64
        xorshifted = (((old >> 18) ^ old) >> 27) & M32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & M32

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (n < 2**32)."""
        if not 0 < n <= M32:
            raise ValueError("bound out of range")
        threshold = (M32 + 1 - n) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffle of a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
