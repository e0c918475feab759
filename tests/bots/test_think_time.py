"""The think-time model: seeded, bounded, slower with more choices, skewed like people."""

from __future__ import annotations

import statistics

import pytest

from quintet.bots import THINK_TIMES, ThinkTime, think_time
from quintet.core import Rng


def draws(model: ThinkTime, choices: int, seed: int = 1, count: int = 2000) -> list[int]:
    rng = Rng(seed)
    return [model.sample(rng, choices) for _ in range(count)]


def test_same_seed_same_times() -> None:
    human = THINK_TIMES["human"]
    assert draws(human, 5, seed=3) == draws(human, 5, seed=3)
    assert draws(human, 5, seed=3) != draws(human, 5, seed=4)


@pytest.mark.parametrize("name", sorted(THINK_TIMES))
def test_times_stay_within_bounds(name: str) -> None:
    model = THINK_TIMES[name]
    for choices in (1, 2, 7, 40):
        times = draws(model, choices, count=500)
        assert all(isinstance(t, int) for t in times)
        assert model.min_ms <= min(times) and max(times) <= model.max_ms


def test_more_choices_take_longer() -> None:
    human = THINK_TIMES["human"]
    assert human.median(1) < human.median(2) < human.median(4) < human.median(16)
    medians = [statistics.median(draws(human, n)) for n in (1, 4, 16)]
    assert medians == sorted(medians)
    # The drawn median sits near the model's median (the spread is centred on it).
    assert abs(statistics.median(draws(human, 4)) - human.median(4)) < 0.05 * human.median(4)


def test_times_are_skewed_like_peoples() -> None:
    times = draws(THINK_TIMES["human"], 8)
    # Mostly quick, now and then a long pause: the mean lies above the median,
    # and the slowest tenth is further from the median than the fastest tenth.
    deciles = statistics.quantiles(times, n=10)
    median = statistics.median(times)
    assert statistics.mean(times) > median
    assert deciles[-1] - median > median - deciles[0]


def test_levels_order_by_speed() -> None:
    order = ["instant", "fast", "human", "slow"]
    medians = [statistics.median(draws(THINK_TIMES[name], 6)) for name in order]
    assert medians == sorted(medians) and medians[0] == 0


def test_unknown_model_is_named() -> None:
    assert think_time("fast") is THINK_TIMES["fast"]
    with pytest.raises(ValueError, match=r"unknown think time 'sluggish'.*human"):
        think_time("sluggish")


def test_bad_models_are_refused() -> None:
    with pytest.raises(ValueError, match="min_ms <= max_ms"):
        ThinkTime(500, 100, 800, 400)
    with pytest.raises(ValueError, match="min_ms <= max_ms"):
        ThinkTime(-1, 100, 0, 400)
