"""`python -m bench.quiclo_ladder` and `python -m bench.quiclo_timing`: they run and
print the figures docs/benchmarks.md quotes ("Quiclo levels in order", "Quiclo timing by
difficulty"), and on a few games they already point the way the docs say. The virtual
clock makes every figure repeatable."""

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

from bench.quiclo_ladder import pair, stronger_share, wilson  # noqa: E402
from bench.quiclo_timing import kind, measure  # noqa: E402


def test_the_stronger_levels_share_counts_shared_wins() -> None:
    seats = ["easy", "hard", "easy", "hard"]
    assert stronger_share(seats, "hard", (1,)) == 1
    assert stronger_share(seats, "hard", (0, 2)) == 0
    assert stronger_share(seats, "hard", (0, 1, 3)) == pytest.approx(2 / 3)


def test_the_wilson_interval_holds_the_share_and_stays_open_at_the_ends() -> None:
    low, high = wilson(1.0, 300)
    assert 0.98 < low < 1 and high == pytest.approx(1.0)
    low, high = wilson(0.5, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.192, abs=0.001)


def test_a_pair_is_separated_when_the_stronger_level_wins_its_games() -> None:
    found = pair("random", "easy", 2, 8, seed=1)
    assert found["games"] == 8 and found["share"] == 1.0 and found["separated"]
    assert found["interval"][0] > 0.5


def test_the_timing_report_sorts_claims_by_kind() -> None:
    assert kind({"operands": [3, 5], "operators": ["+"]}) == "2 operands, + -"
    assert kind({"operands": [3, 5, 7, 9], "operators": ["+", "*", "-"]}) == "4 operands, * or /"
    assert kind({"operands": [3, 5, 7], "operators": ["+", "-"]}) is None
    hard = measure("hard", 30, seed=2)
    assert hard and all(entry["p10_s"] <= entry["median_s"] for entry in hard.values())


def test_the_commands_print_one_json_line() -> None:
    for module, args in (("bench.quiclo_ladder", ["--games", "2", "--players", "2"]),
                         ("bench.quiclo_timing", ["--tables", "5"])):  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", module, *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        report = json.loads(done.stdout)
        assert report["seed"] == 1
    assert set(report["model_median_s"]["12 × 7 − 96 ÷ 8"]) == {  # noqa: RUF001
        "effort",
        "beginner",
        "easy",
        "medium",
        "hard",
    }
