"""A small seeded random number generator whose whole state is one int.

The rules keep it inside the game state, so a clone copies one int, JSON holds
one number, and a replay never depends on Python's own `random` (whose
algorithms may change between versions). SplitMix64 is fast in pure Python and
passes the usual statistical tests; it is not for cryptography.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: Shuffles of this many draws or more take them side by side (`Rng._draws`); below it the
#: set-up costs more than it saves. `_draws` reads 64-bit words, so it is off where the
#: array type "Q" is wider (no CPython platform in use today).
_LANES_FROM = 8 if array("Q").itemsize == 8 else sys.maxsize

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
        # `next64` written out: bots and playouts draw here for every move.
        self.state = s = (self.state + _GOLDEN) & _MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK64
        return ((s ^ (s >> 31)) * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        """`items[self.below(len(items))]` (items not empty), the same draw in one call."""
        self.state = s = (self.state + _GOLDEN) & _MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK64
        return items[((s ^ (s >> 31)) * len(items)) >> 64]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): for i from the top down, swap item i with
        item `below(i + 1)`.

        Every deal of a playout shuffles, so a long list takes all its draws at once
        (see `_draws`); the draws, the order and the state after are the same as with
        `below` called in the loop.
        """
        top = len(items) - 1
        if top < _LANES_FROM:
            for i in range(top, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        for i, z in zip(range(top, 0, -1), self._draws(top), strict=True):
            j = (z * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def _draws(self, count: int) -> array[int]:
        """The next `count` values of `next64`, computed side by side in one big int.

        Value k sits in bits 128k .. 128k+63 ("lane" k). Each step of SplitMix64 is
        done once for all lanes: the products of a 64-bit value and a 64-bit constant
        fit in their 128-bit lane, and every shift is masked back to 64 bits, so no lane
        touches another. Python does a few operations on a long int instead of a few
        hundred on small ones. Returns the values in order.
        """
        start = self.state
        ones, steps, mask = _lanes(count)
        z = (start * ones + steps) & mask  # the states: start + k * golden, mod 2**64
        z ^= (z >> 30) & mask
        z = (z * 0xBF58476D1CE4E5B9) & mask
        z ^= (z >> 27) & mask
        z = (z * 0x94D049BB133111EB) & mask
        z ^= (z >> 31) & mask
        self.state = (start + count * _GOLDEN) & _MASK64
        words = array("Q", z.to_bytes(16 * count, "little"))
        if sys.byteorder == "big":
            words.byteswap()
        return words[::2]  # the low halves of the lanes

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


@cache
def _lanes(count: int) -> tuple[int, int, int]:
    """For `Rng._draws`, in `count` 128-bit lanes: 1 in each lane, (k + 1) * golden in
    lane k, and the mask of every lane's low 64 bits."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(count))
    return ones, steps, ones * _MASK64
