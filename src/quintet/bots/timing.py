"""How long a bot takes to act: a human-like think time, drawn from a seeded `Rng`.

A person's decision time grows with the number of choices (the Hick-Hyman
law: about one step per doubling) and is skewed to the right: mostly quick,
now and then a long pause. A `ThinkTime` draws such times in whole
milliseconds with integer arithmetic only, so a simulation gives the same
times on every machine. The server uses them so bots do not act inhumanly
fast; under the simulator's virtual clock they cost nothing.

>>> from quintet.core import Rng
>>> human = THINK_TIMES["human"]
>>> rng = Rng(7)
>>> times = [human.sample(rng, choices=8) for _ in range(500)]
>>> human.min_ms <= min(times) and max(times) <= human.max_ms
True
>>> THINK_TIMES["instant"].sample(rng, choices=8)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from quintet.core import Rng

#: Multipliers (per mille) of a log-normal with sigma 0.45 at the middles of 32
#: equal-probability bins: exp(0.45 * probit((i + 0.5) / 32)) * 1000. A table keeps
#: the draws free of floating point, which may round differently across platforms.
_SPREAD: Final = (
    379, 470, 528, 575, 616, 653, 688, 722, 754, 787, 818, 850, 883, 915, 948, 983,
    1018, 1054, 1093, 1133, 1176, 1222, 1271, 1325, 1385, 1453, 1531, 1624, 1739, 1893, 2126, 2636,
)  # fmt: skip
_STEPS: Final = 1000


@dataclass(frozen=True, slots=True)
class ThinkTime:
    """A think-time model: median `base_ms` for an obvious move, `per_doubling_ms`
    more per doubling of the choices, scattered log-normally, kept in
    `min_ms`..`max_ms`."""

    base_ms: int
    per_doubling_ms: int
    min_ms: int
    max_ms: int

    def __post_init__(self) -> None:
        if not 0 <= self.min_ms <= self.max_ms or self.base_ms < 0 or self.per_doubling_ms < 0:
            raise ValueError(
                f"a think time needs 0 <= min_ms <= max_ms and base/per-doubling >= 0, got {self}"
            )

    def median(self, choices: int = 1) -> int:
        """The median think time for a decision among `choices` options."""
        return self.base_ms + self.per_doubling_ms * (max(choices, 1) - 1).bit_length()

    def sample(self, rng: Rng, choices: int = 1) -> int:
        """One think time in ms for a decision among `choices` options."""
        median = self.median(choices)
        if median == 0:
            return self.min_ms
        return min(max(scatter(rng, median), self.min_ms), self.max_ms)


def scatter(rng: Rng, median: int) -> int:
    """A time around `median` ms, scattered like people's: log-normal, sigma 0.45.

    One draw from `rng` (none when `median` is 0, which stays 0); unbounded but for
    the table's ends, about 0.38 to 2.6 times the median. Shared by every timing model,
    so they all scatter alike.

    >>> rng = Rng(3)
    >>> times = [scatter(rng, 1000) for _ in range(1000)]
    >>> 379 <= min(times) and max(times) <= 2636
    True
    """
    if median == 0:
        return 0
    # A point on the piecewise-linear quantile curve through the table.
    at = rng.below((len(_SPREAD) - 1) * _STEPS)
    low, frac = divmod(at, _STEPS)
    spread = _SPREAD[low] * _STEPS + (_SPREAD[low + 1] - _SPREAD[low]) * frac
    return median * spread // (1000 * _STEPS)


#: Think-time models by name: bots take one by level; "instant" is for bulk runs.
THINK_TIMES: Final[dict[str, ThinkTime]] = {
    "instant": ThinkTime(0, 0, 0, 0),
    "fast": ThinkTime(350, 120, 150, 4_000),
    "human": ThinkTime(800, 300, 250, 12_000),
    "slow": ThinkTime(1_500, 600, 400, 25_000),
}


def think_time(name: str) -> ThinkTime:
    """The think-time model called `name`; raises `ValueError` naming the known ones."""
    try:
        return THINK_TIMES[name]
    except KeyError:
        raise ValueError(
            f"unknown think time {name!r}; the known ones are: {', '.join(THINK_TIMES)}"
        ) from None
