"""The reaction-then-search model: seeded, bounded, slower for longer finds and fuller
hands, scattered like people, and the same scatter as the think-time model."""

from __future__ import annotations

import statistics

import pytest

from quintet.bots import REACTION_TIMES, THINK_TIMES, ReactionTime, reaction_time, scatter
from quintet.core import Rng

#: `THINK_TIMES["human"].sample(Rng(7), 8)` five times, as drawn before `scatter` existed.
FIXED_HUMAN_TIMES = [1505, 724, 2941, 1862, 1613]


def draws(
    model: ReactionTime, steps: int, items: int, seed: int = 1, count: int = 2000
) -> list[int]:
    rng = Rng(seed)
    return [model.sample(rng, steps, items) for _ in range(count)]


def test_same_seed_same_times() -> None:
    model = REACTION_TIMES["steady"]
    assert draws(model, 3, 8, seed=3) == draws(model, 3, 8, seed=3)
    assert draws(model, 3, 8, seed=3) != draws(model, 3, 8, seed=4)


@pytest.mark.parametrize("name", sorted(REACTION_TIMES))
def test_times_are_whole_ms_within_bounds(name: str) -> None:
    model = REACTION_TIMES[name]
    for steps, items in ((2, 1), (3, 8), (4, 12)):
        times = draws(model, steps, items, count=500)
        assert all(type(t) is int for t in times)
        assert model.min_ms <= min(times) and max(times) <= model.max_ms


def test_longer_finds_and_more_items_take_longer() -> None:
    model = REACTION_TIMES["steady"]
    assert model.median(2, 8) < model.median(3, 8) < model.median(4, 8)
    assert model.median(3, 2) < model.median(3, 6) < model.median(3, 12)
    by_steps = [statistics.median(draws(model, steps, 8)) for steps in (2, 3, 4)]
    by_items = [statistics.median(draws(model, 3, items)) for items in (1, 6, 12)]
    assert by_steps == sorted(by_steps) and by_items == sorted(by_items)


def test_a_sample_is_a_reaction_plus_a_search() -> None:
    model = ReactionTime(400, 1000, 500, 100)
    one, two = Rng(5), Rng(5)
    for _ in range(200):
        assert model.sample(one, 3, 7) == model.reaction(two) + model.search(two, 3, 7)
    # Each part is centred on its own median.
    rng = Rng(9)
    reactions = [model.reaction(rng) for _ in range(3000)]
    searches = [model.search(rng, 3, 7) for _ in range(3000)]
    assert abs(statistics.median(reactions) - 400) < 0.05 * 400
    assert abs(statistics.median(searches) - model.median_search(3, 7)) < 0.05 * 3200


def test_times_are_skewed_like_peoples() -> None:
    times = draws(REACTION_TIMES["slow"], 3, 10)
    deciles = statistics.quantiles(times, n=10)
    median = statistics.median(times)
    assert statistics.mean(times) > median
    assert deciles[-1] - median > median - deciles[0]


def test_models_order_by_speed_and_instant_is_zero_without_draws() -> None:
    order = ["instant", "quick", "steady", "slow", "leisurely"]
    assert list(REACTION_TIMES) == order
    medians = [statistics.median(draws(REACTION_TIMES[name], 3, 8)) for name in order]
    assert medians == sorted(medians) and medians[0] == 0 < medians[1]
    rng = Rng(2)
    assert REACTION_TIMES["instant"].sample(rng, 4, 12) == 0
    assert rng.state == Rng(2).state


def test_the_think_time_model_scatters_as_before() -> None:
    # `scatter` was taken out of ThinkTime.sample; the draws must be what they were:
    # median * spread, kept in bounds, with one draw per sample.
    human = THINK_TIMES["human"]
    one, two = Rng(11), Rng(11)
    for choices in (1, 3, 9, 40):
        for _ in range(100):
            expected = min(max(scatter(two, human.median(choices)), human.min_ms), human.max_ms)
            assert human.sample(one, choices) == expected
    # Values fixed before the change (seed 7, 8 choices): they keep Quashars bots' times.
    rng = Rng(7)
    assert [human.sample(rng, 8) for _ in range(5)] == FIXED_HUMAN_TIMES


def test_scatter_keeps_zero_and_stays_in_the_tables_range() -> None:
    rng = Rng(4)
    assert scatter(rng, 0) == 0 and rng.state == Rng(4).state
    times = [scatter(rng, 10_000) for _ in range(3000)]
    assert min(times) >= 3_790 and max(times) <= 26_360


def test_unknown_model_is_named() -> None:
    assert reaction_time("quick") is REACTION_TIMES["quick"]
    with pytest.raises(ValueError, match=r"unknown reaction time 'lazy'.*steady"):
        reaction_time("lazy")


def test_bad_models_are_refused() -> None:
    with pytest.raises(ValueError, match="medians >= 0"):
        ReactionTime(-1, 0, 0, 0)
    with pytest.raises(ValueError, match="min_ms <= max_ms"):
        ReactionTime(100, 100, 100, 10, 500, 400)
