"""Win counting and means in the simulation summary."""

from __future__ import annotations

import pytest

from quintet.core import Outcome
from quintet.sim import SeatSummary, Summary, summarize


def test_a_shared_first_place_is_a_win_for_each_seat_in_it() -> None:
    outcomes = [
        Outcome.from_scores([10, 10, 3, 10]),  # three-way tie for first
        Outcome.from_scores([1, 2, 3, 4]),
        Outcome.from_scores([-5, -5, -5, -5]),  # everyone shares first
    ]
    summary = summarize(["a", "b", "c", "d"], outcomes, 2.0)
    assert [seat.wins for seat in summary.seats] == [2, 2, 1, 3]
    assert sum(seat.wins for seat in summary.seats) > summary.games == 3


def test_a_second_place_tie_is_no_win() -> None:
    summary = summarize(["a", "b", "c"], [Outcome.from_scores([9, 4, 4])], 1.0)
    assert [seat.wins for seat in summary.seats] == [1, 0, 0]


def test_mean_scores_and_speed() -> None:
    outcomes = [
        Outcome.from_scores([3, -1]),
        Outcome.from_scores([0, 4]),
        Outcome.from_scores([1, 1]),
    ]
    summary = summarize(["basic", "random"], outcomes, 0.5, [1_000, 2_500, 6_100])
    assert summary.seats == (
        SeatSummary("basic", 2, 4 / 3),
        SeatSummary("random", 2, 4 / 3),
    )
    assert summary.games_per_second == 6.0
    assert summary.mean_game_seconds == 3.2
    assert summary.to_json() == {
        "games": 3,
        "seconds": 0.5,
        "games_per_second": 6.0,
        "seats": [
            {"bot": "basic", "wins": 2, "mean_score": 4 / 3},
            {"bot": "random", "wins": 2, "mean_score": 4 / 3},
        ],
        "mean_game_seconds": 3.2,
    }


def test_game_times_are_optional_but_must_match_the_games() -> None:
    outcomes = [Outcome.from_scores([1, 0])] * 2
    assert summarize(["a", "b"], outcomes, 1.0).mean_game_seconds == 0.0
    assert Summary(0, 1.0, ()).mean_game_seconds == 0.0
    with pytest.raises(ValueError, match="1 game times for 2 games"):
        summarize(["a", "b"], outcomes, 1.0, [500])


def test_a_run_too_fast_for_the_clock_still_reports_a_speed() -> None:
    assert Summary(5, 0.0, ()).games_per_second == 5.0


def test_an_outcome_with_the_wrong_number_of_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="3 seats, not 2"):
        summarize(["a", "b"], [Outcome.from_scores([1, 2, 3])], 1.0)
