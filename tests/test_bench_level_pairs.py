"""`python -m bench.level_pairs`: adjacent bot levels against each other, seats rotated on
the same seeds, the win share with its interval (docs/benchmarks.md, Quick and Double
Quick!). Small runs under the virtual clock: every figure repeats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# `bench` is a folder at the repository root, not part of the installed package.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.level_pairs import interval, pair, table, wilson, win_credit  # noqa: E402


def test_a_win_goes_to_the_first_placed_seats_level_and_a_shared_one_is_split() -> None:
    levels = ["easy", "hard", "easy", "hard"]
    assert win_credit(levels, [2, 1, 3, 4], "hard") == 1.0
    assert win_credit(levels, [1, 1, 3, 4], "hard") == 0.5
    assert win_credit(levels, [1, 2, 1, 4], "hard") == 0.0
    assert win_credit(levels, [1, 1, 1, 4], "easy") == pytest.approx(2 / 3)


def test_the_interval_is_the_mean_plus_minus_two_standard_errors() -> None:
    assert interval([1.0, 1.0, 1.0]) == [1.0, 1.0]
    low, high = interval([0.0, 1.0] * 50)
    assert low == pytest.approx(0.5 - 1.96 * 0.5025 / 10, abs=1e-3)
    assert high == pytest.approx(0.5 + 1.96 * 0.5025 / 10, abs=1e-3)


def test_the_wilson_interval_stays_open_at_a_share_of_one() -> None:
    assert wilson(20, 20) == [0.839, 1.0]
    assert wilson(0, 20) == [0.0, 0.161]
    low, high = wilson(50, 100)
    assert low == pytest.approx(1 - high) and 0.39 < low < 0.41
    assert wilson(0, 0) == [0.0, 1.0]


def test_a_pair_plays_both_seatings_on_the_same_seeds() -> None:
    result = pair("quick", ("random", "hard"), 3, 2, seed=1)
    assert result["games"] == 6 and result["seeds"] == 3
    assert result["stronger_win_share"] == 1.0 and result["separated"]
    at_four = pair("quick", ("random", "easy"), 2, 4, seed=1)
    assert at_four["games"] == 4 and at_four["score_diff"] > 0


def test_a_table_rotates_every_level_through_every_seat() -> None:
    result = table("quick", ["random", "easy", "hard"], 2, seed=1)
    assert result["games"] == 6
    shares = {level: share for level, (share, _) in result["win_share"].items()}
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares["random"] < shares["hard"]
    assert set(result["stronger_ahead"]) == {"easy>random", "hard>easy"}
    hard_easy = result["pair_wins"]["hard>easy"]
    assert sum(hard_easy["wins"]) <= result["games"]
    assert hard_easy["ci95"][0] <= hard_easy["stronger_share"] <= hard_easy["ci95"][1]


def test_the_command_prints_one_json_line_per_pair() -> None:
    command = ["-m", "bench.level_pairs", "quick", "--bots", "random,easy,hard", "--games", "2"]
    done = subprocess.run(
        [sys.executable, *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(x["weaker"], x["stronger"]) for x in lines] == [("random", "easy"), ("easy", "hard")]
