"""examples/rl_quashars.py: a tiny run trains, learns something, and writes its curve."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl_quashars.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_quashars", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_tiny_run_writes_the_learning_curve(tmp_path: Path, capsys: object) -> None:
    example = load_example()
    example.main(["--matches", "3", "--seed", "2", "--out", str(tmp_path)])
    with (tmp_path / "curve.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["match"]) for row in rows] == [1, 2, 3]
    scores = [float(row["score"]) for row in rows]
    assert all(score == int(score) for score in scores)  # Quashars points are whole
    svg = (tmp_path / "curve.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<circle") == 3 and "<polyline" in svg


def test_the_policy_update_moves_towards_a_rewarded_slot() -> None:
    example = load_example()
    policy = example.LinearPolicy(slots=4, size=3, seed=1, rate=0.1)
    observation, mask = np.array([1.0, 0.0, 1.0]), np.array([0, 1, 1, 1], dtype=np.int8)
    before = policy.probabilities(observation, mask)
    assert before[0] == 0 and np.isclose(before[1:], 1 / 3).all()
    policy.learn([(observation, 2, before, 1.0)])
    after = policy.probabilities(observation, mask)
    assert after[2] > before[2] and after[0] == 0


def test_the_same_seed_trains_the_same_agent() -> None:
    example = load_example()
    assert example.train(2, seed=4) == example.train(2, seed=4)
