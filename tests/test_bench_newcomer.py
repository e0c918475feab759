"""`python -m bench.quiclo_newcomer`: it runs and prints the figures docs/benchmarks.md
quotes ("Default bot levels"), and on a few games they already say what the lobby's
default rests on: beginner bots leave a person more time than easy ones, and a slower
player wins more often against them. The virtual clock makes every figure repeatable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# `bench` is a folder at the repository root, not part of the installed package.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.quiclo_newcomer import time_a_person_has, what_pace_wins  # noqa: E402


def test_beginner_bots_leave_a_person_time_and_a_chance() -> None:
    beginner = time_a_person_has("beginner", 12, seed=1)
    easy = time_a_person_has("easy", 12, seed=1)
    assert beginner["end_median_s"] > easy["end_median_s"]
    assert beginner["first_claim_median_s"] > easy["first_claim_median_s"]
    against_beginner = what_pace_wins(1.5, "beginner", 30, seed=1)
    against_easy = what_pace_wins(1.5, "easy", 30, seed=1)
    assert against_beginner["wins"] > against_easy["wins"]
    assert 0 <= against_easy["interval"][0] <= against_easy["share"]


def test_the_command_prints_one_json_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.quiclo_newcomer", "--games", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    assert set(report["time_a_person_has"]) == {"beginner", "random", "easy", "medium", "hard"}
    assert "easy x2.0 vs 3 beginner" in report["what_pace_wins"]
    assert report["games"] == 2
