"""``quintet.rl``'s speed: environment steps per second for each game, and for Quashars
the AEC environment beside the simulator, in the same process.

    .venv/bin/python -m bench.rl_steps [--quick] [--rounds 3] [--seconds 1]

Every seat is an agent that picks uniformly among the slots its mask allows (numpy's
``Generator``), so the figures are the environment's own cost plus that draw. Turn-based
games (Quashars, Quiddler) run the AEC API (``env.last()``, ``env.step``); the races
(Quiclo, Quick, Double Quick!) the Parallel API with the default 250 ms step.

For Quashars the simulator plays whole random matches among 4 ``random`` bots
(``quintet.sim.play_game``, on its fast lane, as ``quintet simulate`` does); its decisions
per second are set against the AEC steps per second (one step is one decision), round by
round in turn, the order flipped every round; the ratio is the median of the rounds'. The
general event loop of the simulator (``fast_lane=False``) is given beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from pettingzoo import AECEnv

import quintet.rl
from quintet.core import derive_seed
from quintet.sim import play_game

#: The clock the figures are timed by: wall time, or the process's CPU time (`--cpu`:
#: steadier when other processes share the cores).
CLOCK: list[Callable[[], float]] = [time.perf_counter]
#: Each game's table for the per-game figures.
TABLES = {"quashars": 4, "quiddler": 2, "quiclo": 2, "quick": 2, "double-quick": 2}
#: Decisions in one random Quashars match of 4 (4 deals of 4 predictions and 48 cards).
QUASHARS_DECISIONS = 4 * (4 + 48)
#: Decision units of the quick mode: enough to run every path once.
QUICK_STEPS = 60


def aec_steps(game: str, steps: int, seed: int) -> float:
    """Seconds for `steps` agent steps of the AEC env (all seats agents, random legal slots)."""
    return drive(quintet.rl.env(game, players=TABLES[game], seed=seed), steps, seed)


def drive(env: AECEnv[str, Any, int], steps: int, seed: int) -> float:
    """Seconds for `steps` agent steps of an AEC env, each a uniform draw among the slots
    its mask allows (`agent_iter`, `last`, `step`: how a learner drives it)."""
    pick = np.random.default_rng(seed)
    done = 0
    start = CLOCK[0]()
    episode = 0
    while done < steps:
        env.reset(seed=derive_seed(seed, episode))
        episode += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[pick.integers(len(legal))]))
            done += 1
            if done == steps:
                break
    return CLOCK[0]() - start


class FloorEnv(AECEnv[str, dict[str, Any], int]):
    """The least an AEC environment can do under `drive`: PettingZoo's own bookkeeping
    and the driver's draw, nothing of a game. Four agents take turns with one fixed
    observation (Quashars' sizes, 12 legal slots) for a match's 208 steps, then end."""

    def __init__(self) -> None:
        super().__init__()
        self.metadata = {"name": "floor_v0", "render_modes": [], "is_parallelizable": False}
        self.possible_agents = [f"player_{seat}" for seat in range(4)]
        mask = np.zeros(125, dtype=np.int8)
        mask[1:13] = 1
        self._observation = {"observation": np.zeros(351, dtype=np.float32), "action_mask": mask}
        self._left = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._turn = 0
        self._left = QUASHARS_DECISIONS

    def observe(self, agent: str) -> dict[str, Any]:
        return self._observation

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._left -= 1
        if not self._left:
            self.terminations = dict.fromkeys(self.agents, True)
        self._turn = (self._turn + 1) % 4
        self.agent_selection = self.agents[self._turn]


def floor_steps(steps: int, seed: int) -> float:
    """Seconds for `steps` steps of `FloorEnv` under `drive`."""
    return drive(FloorEnv(), steps, seed)


def parallel_steps(game: str, steps: int, seed: int) -> float:
    """Seconds for `steps` steps of the Parallel env (every agent a random legal slot)."""
    env = quintet.rl.parallel_env(game, players=TABLES[game], seed=seed)
    pick = np.random.default_rng(seed)
    done = 0
    start = CLOCK[0]()
    while done < steps:
        observations, _ = env.reset(seed=derive_seed(seed, done))
        while env.agents and done < steps:
            actions = {}
            for agent in env.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(legal[pick.integers(len(legal))])
            observations, *_ = env.step(actions)
            done += 1
    return CLOCK[0]() - start


def simulated_decisions(decisions: int, seed: int, *, fast_lane: bool = True) -> float:
    """Seconds for random 4-player Quashars matches of about `decisions` decisions."""
    start = CLOCK[0]()
    for index in range(-(-decisions // QUASHARS_DECISIONS)):
        play_game("quashars", derive_seed(seed, index), 4, ["random"] * 4, fast_lane=fast_lane)
    return CLOCK[0]() - start


def _rate(run: Callable[[int, int], float], size: int, seed: int) -> float:
    return size / run(size, seed)


def _size(run: Callable[[int, int], float], seconds: float, quick: bool, unit: int) -> int:
    """Units for one round of about `seconds` (a warm-up of `unit`), whole matches for
    the simulator's units."""
    if quick:
        return unit
    took = run(unit, 0)
    return max(unit, round(unit / took * seconds))


def measure(rounds: int, seconds: float, quick: bool) -> dict[str, Any]:
    """The ``rl_steps`` line."""
    per_game: dict[str, Any] = {}
    for game, players in TABLES.items():
        race = quintet.rl.parallel_env(game, players=players).race

        def run(n: int, s: int, game: str = game, race: bool = race) -> float:
            return (parallel_steps if race else aec_steps)(game, n, s)

        size = _size(run, seconds, quick, QUICK_STEPS if quick else 200)
        rates = [_rate(run, size, r + 1) for r in range(rounds)]
        per_game[game] = {
            "api": "parallel" if race else "aec",
            "players": players,
            "steps": size,
            "steps_per_second": round(statistics.median(rates), 1),
        }

    def aec(n: int, s: int) -> float:
        return aec_steps("quashars", n, s)

    def sim(n: int, s: int) -> float:
        return simulated_decisions(n, s)

    def loop(n: int, s: int) -> float:
        return simulated_decisions(n, s, fast_lane=False)

    unit = QUASHARS_DECISIONS
    sizes = {name: _size(f, seconds, quick, unit) for name, f in (("aec", aec), ("sim", sim))}
    sizes["sim"] = -(-sizes["sim"] // unit) * unit
    loop_size = -(-_size(loop, seconds, quick, unit) // unit) * unit
    floor_size = _size(floor_steps, seconds, quick, unit)
    ratios, aec_rates, sim_rates, loop_rates, floor_rates = [], [], [], [], []
    for round_no in range(rounds):
        order = [("aec", aec), ("sim", sim)]
        for name, f in order if round_no % 2 == 0 else order[::-1]:
            (aec_rates if name == "aec" else sim_rates).append(_rate(f, sizes[name], round_no + 1))
        ratios.append(aec_rates[-1] / sim_rates[-1])
        loop_rates.append(_rate(loop, loop_size, round_no + 1))
        floor_rates.append(_rate(floor_steps, floor_size, round_no + 1))
    return {
        "benchmark": "rl_steps",
        "games": per_game,
        "quashars_aec_steps_per_second": round(statistics.median(aec_rates), 1),
        "simulator_decisions_per_second": round(statistics.median(sim_rates), 1),
        "ratio_aec_to_simulator": round(statistics.median(ratios), 3),
        "ratio_each_round": [round(r, 3) for r in ratios],
        "goal_ratio": 0.5,
        "simulator_general_loop_decisions_per_second": round(statistics.median(loop_rates), 1),
        "ratio_aec_to_general_loop": round(
            statistics.median(aec_rates) / statistics.median(loop_rates), 3
        ),
        "pettingzoo_floor_steps_per_second": round(statistics.median(floor_rates), 1),
        "ratio_floor_to_simulator": round(
            statistics.median(floor_rates) / statistics.median(sim_rates), 3
        ),
        "simulator": "play_game('quashars', seed, 4, ['random'] * 4): the fast lane",
        "rounds": rounds,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "quick": quick,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.rl_steps", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="a few steps, to check it runs")
    parser.add_argument("--rounds", type=int, help="rounds (default 3; quick 1)")
    parser.add_argument("--seconds", type=float, default=1.0, help="about one round (default 1)")
    parser.add_argument(
        "--cpu", action="store_true", help="time by the process's CPU time, not the wall clock"
    )
    args = parser.parse_args(argv)
    rounds = args.rounds if args.rounds is not None else (1 if args.quick else 3)
    if rounds < 1 or not args.seconds > 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    if args.cpu:
        CLOCK[0] = time.process_time
    line = measure(rounds, args.seconds, args.quick)
    line["clock"] = "cpu" if args.cpu else "wall"
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
