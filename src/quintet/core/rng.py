"""A small seeded random number generator whose whole state is one int.

The rules keep it inside the game state, so a clone copies one int, JSON holds
one number, and a replay never depends on Python's own `random` (whose
algorithms may change between versions). SplitMix64 is fast in pure Python and
passes the usual statistical tests; it is not for cryptography.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """SplitMix64. `Rng(seed)` gives the same stream for the same seed, everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        """The next 64-bit unsigned value."""
        self.state = s = (self.state + _GOLDEN) & _MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK64
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A value in 0 .. n-1 (n >= 1).

        Multiply-and-shift; its bias is below n / 2**64, far under anything a
        game could notice, and it needs no rejection loop.
        """
        return (self.next64() * n) >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone


def derive_seed(seed: int, *labels: int) -> int:
    """A seed for a sub-stream, e.g. game `i` of a simulation, stable for all time."""
    rng = Rng(seed)
    for label in labels:
        rng = Rng(rng.next64() ^ (label * _GOLDEN & _MASK64))
    return rng.next64()
