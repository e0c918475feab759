"""95% intervals for a tournament's win shares and score means, from the standard library.

A tournament plays every deal in several seatings (the same deal seed with the
seats swapped or rotated), so its games are not independent: the games of one
deal share its luck. The deals are. So a mean's interval is the normal interval
on the deals' means (each deal's value averaged over its seatings), which
removes the deal's luck shared by the seatings; and a win share's interval is
that one joined with the Wilson score interval on the games taken as
independent, which stays honest when a handful of deals all come out the same
(a normal interval would shrink to a point there).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from quintet.core import JSONDict

#: The confidence of every interval.
LEVEL = 0.95
#: The two-sided normal quantile for LEVEL (1.96).
Z = statistics.NormalDist().inv_cdf(0.5 + LEVEL / 2)


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval; `low` and `high` are None when the sample cannot
    give one (fewer than 2 deals for a mean)."""

    value: float
    low: float | None
    high: float | None

    def above(self, bound: float) -> bool:
        """Whether the whole interval lies above `bound` (False without an interval)."""
        return self.low is not None and self.low > bound

    def complement(self) -> Estimate:
        """The estimate of 1 - this share (the other side of a head-to-head)."""
        low = None if self.high is None else 1 - self.high
        high = None if self.low is None else 1 - self.low
        return Estimate(1 - self.value, low, high)

    def to_json(self) -> JSONDict:
        return {"value": self.value, "low": self.low, "high": self.high}


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score interval for `successes` of `trials` (a success may be split).

    Raises `ValueError` when `trials` is below 1 or `successes` is outside 0..trials.

    >>> low, high = wilson(8, 10)
    >>> round(low, 3), round(high, 3)
    (0.49, 0.943)
    >>> wilson(0, 4)[0]
    0.0
    """
    if trials < 1:
        raise ValueError(f"a share needs at least 1 trial, not {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes of {trials} trials")
    share = successes / trials
    z2 = Z * Z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = (Z / (1 + z2 / trials)) * math.sqrt(
        share * (1 - share) / trials + z2 / (4 * trials * trials)
    )
    # Rounding may leave a hair below 0 or above 1 at the ends.
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_of_deals(deals: Sequence[Sequence[float]]) -> Estimate:
    """The mean of per-game values grouped by deal, with the normal interval on the deals' means.

    Every deal must hold the same number of games (its seatings). Raises `ValueError`
    for no deals, an empty deal, or deals of different sizes.

    >>> mean_of_deals([[1.0, 3.0], [2.0, 2.0], [4.0, 6.0]]).value
    3.0
    >>> mean_of_deals([[1.0, 3.0]]).low is None  # one deal: no spread to measure
    True
    """
    means = _deal_means(deals)
    value = statistics.fmean(means)
    if len(means) < 2:
        return Estimate(value, None, None)
    half = Z * statistics.stdev(means) / math.sqrt(len(means))
    return Estimate(value, value - half, value + half)


def share_of_deals(deals: Sequence[Sequence[float]]) -> Estimate:
    """A win share (per-game values in 0..1, grouped by deal) with its 95% interval: the
    union of the Wilson score interval on the games and the normal interval on the deals.

    Raises `ValueError` as `mean_of_deals` does, or for a value outside 0..1.

    >>> shares = share_of_deals([[1.0, 0.0], [1.0, 1.0], [0.5, 1.0]])
    >>> round(shares.value, 3), shares.low is not None and shares.low < 0.5
    (0.75, True)
    """
    games = [value for deal in deals for value in deal]
    if any(not 0 <= value <= 1 for value in games):
        raise ValueError("a win share lies between 0 and 1")
    by_deal = mean_of_deals(deals)
    low, high = wilson(math.fsum(games), len(games))
    if by_deal.low is not None and by_deal.high is not None:
        low = min(low, max(0.0, by_deal.low))
        high = max(high, min(1.0, by_deal.high))
    return Estimate(by_deal.value, low, high)


def _deal_means(deals: Sequence[Sequence[float]]) -> list[float]:
    if not deals:
        raise ValueError("no deals to average")
    sizes = {len(deal) for deal in deals}
    if len(sizes) != 1 or 0 in sizes:
        raise ValueError(f"every deal needs the same number of games, at least 1, not {sizes}")
    return [math.fsum(deal) / len(deal) for deal in deals]
