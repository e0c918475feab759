"""`python -m bench.rl_steps`: it runs in its quick mode and prints the one JSON line that
docs/rl.md quotes, with a rate for every game. Speed itself is never asserted."""

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

from bench import rl_steps  # noqa: E402

from quintet.rl import CODECS  # noqa: E402


def test_the_quick_line_has_every_game_and_the_quashars_ratio() -> None:
    line = rl_steps.measure(rounds=2, seconds=0.1, quick=True)
    assert line["benchmark"] == "rl_steps"
    assert set(line["games"]) == set(CODECS)
    for game, figures in line["games"].items():
        assert figures["steps"] == rl_steps.QUICK_STEPS, game
        assert figures["steps_per_second"] > 0, game
        assert figures["api"] == ("aec" if game in ("quashars", "quiddler") else "parallel")
    assert len(line["ratio_each_round"]) == 2
    assert line["ratio_aec_to_simulator"] > 0
    assert line["simulator_decisions_per_second"] > 0
    assert line["quick"] is True


def test_cpu_time_and_pettingzoos_floor(capsys: pytest.CaptureFixture[str]) -> None:
    rl_steps.main(["--quick", "--cpu"])
    (line,) = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert line["clock"] == "cpu" and set(line["games"]) == set(rl_steps.TABLES)
    assert line["pettingzoo_floor_steps_per_second"] > 0
    assert line["ratio_floor_to_simulator"] > 0
    # The floor environment runs a whole match of steps, then ends every agent.
    env = rl_steps.FloorEnv()
    env.reset()
    actions = 0
    for agent in env.agent_iter():
        if env.terminations[agent]:
            env.step(None)
        else:
            env.step(1)
            actions += 1
    assert actions == rl_steps.QUASHARS_DECISIONS and env.agents == []


def test_the_steps_are_counted_exactly() -> None:
    """The timed loops stop at the asked number of steps, across episodes."""
    assert rl_steps.aec_steps("quashars", 300, seed=1) > 0  # more than one match of 4 agents
    assert rl_steps.parallel_steps("quiclo", 3, seed=1) > 0


def test_the_command_prints_one_json_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.rl_steps", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["benchmark"] == "rl_steps"
