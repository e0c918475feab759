"""`python -m bench.quiclo_timing`: it runs and prints the figures docs/benchmarks.md
quotes ("Quiclo timing by difficulty"), and on a few tables it already points the way the
docs say. The virtual clock makes every figure repeatable. (The order of the levels is
`quintet tournament quiclo`'s, tested with the tournament.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# `bench` is a folder at the repository root, not part of the installed package.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.quiclo_timing import kind, measure  # noqa: E402


def test_the_timing_report_sorts_claims_by_kind() -> None:
    assert kind({"operands": [3, 5], "operators": ["+"]}) == "2 operands, + -"
    assert kind({"operands": [3, 5, 7, 9], "operators": ["+", "*", "-"]}) == "4 operands, * or /"
    assert kind({"operands": [3, 5, 7], "operators": ["+", "-"]}) is None
    hard = measure("hard", 30, seed=2)
    assert hard and all(entry["p10_s"] <= entry["median_s"] for entry in hard.values())


def test_the_command_prints_one_json_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.quiclo_timing", "--tables", "5"],
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
