"""The tournament's intervals: Wilson on games, normal on deals, and their union for shares."""

from __future__ import annotations

import math

import pytest

from quintet.sim.stats import Estimate, Z, mean_of_deals, share_of_deals, wilson


def test_z_is_the_two_sided_95_percent_quantile() -> None:
    assert pytest.approx(1.959964, abs=1e-6) == Z


def test_wilson_matches_the_formula_worked_by_hand() -> None:
    # 8 of 10: centre (0.8 + z²/20) / (1 + z²/10), half-width z/(1 + z²/10) * sqrt(0.016 + z²/400).
    low, high = wilson(8, 10)
    assert (low, high) == (pytest.approx(0.4902, abs=1e-4), pytest.approx(0.9433, abs=1e-4))


def test_wilson_stays_inside_zero_and_one_and_never_collapses() -> None:
    none_low, none_high = wilson(0, 20)
    all_low, all_high = wilson(20, 20)
    assert none_low == 0.0 and 0 < none_high < 0.2
    assert all_high == 1.0 and 0.8 < all_low < 1
    assert none_high == pytest.approx(1 - all_low)


def test_wilson_takes_split_wins() -> None:
    low, high = wilson(2.5, 5)
    assert low < 0.5 < high
    assert low == pytest.approx(1 - high)


@pytest.mark.parametrize(("successes", "trials"), [(1, 0), (-1, 4), (5, 4)])
def test_wilson_refuses_impossible_counts(successes: float, trials: int) -> None:
    with pytest.raises(ValueError, match="trial"):
        wilson(successes, trials)


def test_the_mean_interval_is_normal_on_the_deals_means() -> None:
    # Deal means 2, 2, 5: mean 3, standard deviation sqrt(3), so a half-width of z.
    estimate = mean_of_deals([[1.0, 3.0], [2.0, 2.0], [4.0, 6.0]])
    assert estimate == Estimate(3.0, pytest.approx(3 - Z), pytest.approx(3 + Z))


def test_a_deals_luck_shared_by_its_seatings_cancels() -> None:
    # Each deal gives its first seating +10 and the second -10 (seat luck), the same
    # 1-point lead underneath: the interval is the lead's, not the luck's.
    estimate = mean_of_deals([[11.0, -9.0], [11.5, -9.5], [10.5, -8.5]])
    assert estimate.value == pytest.approx(1.0)
    assert estimate.low is not None and estimate.high is not None
    assert estimate.high - estimate.low < 2


def test_one_deal_gives_no_interval() -> None:
    estimate = mean_of_deals([[1.0, 2.0, 6.0]])
    assert estimate == Estimate(3.0, None, None)
    assert not estimate.above(0)


@pytest.mark.parametrize("deals", [[], [[]], [[1.0, 2.0], [1.0]]])
def test_deals_must_be_whole(deals: list[list[float]]) -> None:
    with pytest.raises(ValueError, match="deal"):
        mean_of_deals(deals)


def test_a_share_is_wilson_on_the_games_when_that_is_wider() -> None:
    # Every deal is one win and one loss: its mean is 0.5 exactly, so the normal
    # interval on the deals has no width; the games' Wilson interval is kept.
    deals = [[1.0, 0.0]] * 10
    estimate = share_of_deals(deals)
    assert (estimate.low, estimate.high) == wilson(10, 20)
    assert estimate.value == 0.5


def test_a_share_is_normal_on_the_deals_when_that_is_wider() -> None:
    # Deals won in both seatings or lost in both: the games of a deal agree, so
    # there are fewer independent results than games and the deals' interval is wider.
    deals = [[1.0, 1.0], [0.0, 0.0]] * 4 + [[1.0, 1.0]] * 2
    means = [1.0, 0.0] * 4 + [1.0] * 2
    half = Z * math.sqrt(sum((m - 0.6) ** 2 for m in means) / 9) / math.sqrt(10)
    estimate = share_of_deals(deals)
    low, high = wilson(12, 20)
    assert estimate.low == pytest.approx(0.6 - half) and estimate.low < low
    assert estimate.high == pytest.approx(0.6 + half) and estimate.high > high


def test_a_share_interval_never_leaves_zero_to_one() -> None:
    estimate = share_of_deals([[1.0, 1.0], [1.0, 1.0], [1.0, 0.0]])
    assert estimate.low is not None and estimate.high == 1.0
    assert 0 <= estimate.low <= estimate.value


def test_a_share_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        share_of_deals([[1.5, 0.0]])


def test_the_complement_is_the_other_levels_share() -> None:
    estimate = Estimate(0.7, 0.6, 0.8).complement()
    assert estimate == Estimate(pytest.approx(0.3), pytest.approx(0.2), pytest.approx(0.4))
    assert Estimate(0.5, None, None).complement() == Estimate(0.5, None, None)
