"""Train a small agent on Quashars against three `basic` bots, and draw its learning curve.

A linear softmax policy over the 125 action slots, trained with REINFORCE (a running mean of
the match scores as the baseline), on numpy alone: no deep-learning library. The agent
starts by picking uniformly among its legal moves, which predicts badly (up to 37 chips);
within a few hundred matches it learns to predict what it can meet, and its score climbs.

    .venv/bin/pip install -e '.[rl]'
    .venv/bin/python examples/rl_quashars.py --matches 300 --out rl-curve

Writes `curve.csv` (match, score, moving mean) and `curve.svg` in --out, and `curve.png`
too when matplotlib is installed. docs/rl.md shows a run.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path
from typing import Any

import numpy as np

import quintet.rl

#: Matches the moving mean of the curve covers.
WINDOW = 20


class LinearPolicy:
    """Softmax over the legal slots of `weights @ observation + bias`."""

    def __init__(self, slots: int, size: int, seed: int, rate: float) -> None:
        self.weights = np.zeros((slots, size))
        self.bias = np.zeros(slots)
        self.rate = rate
        self.rng = np.random.default_rng(seed)

    def probabilities(self, observation: Any, mask: Any) -> Any:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        odds = np.exp(logits)
        return odds / odds.sum()

    def pick(self, observation: Any, mask: Any) -> tuple[int, Any]:
        chances = self.probabilities(observation, mask)
        return int(self.rng.choice(len(chances), p=chances)), chances

    def learn(self, steps: list[tuple[Any, int, Any, float]]) -> None:
        """One REINFORCE update: each step's log-probability along its advantage."""
        for observation, slot, chances, advantage in steps:
            push = -chances
            push[slot] += 1.0
            self.weights += self.rate * advantage * np.outer(push, observation)
            self.bias += self.rate * advantage * push


def play_match(env: Any, policy: LinearPolicy) -> tuple[float, list[tuple[Any, int, Any, float]]]:
    """One match of the agent (seat 0); its score and its steps with the rewards that followed."""
    env.reset()
    steps: list[tuple[Any, int, Any]] = []
    rewards: list[float] = []
    for _ in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if steps:
            rewards[-1] += reward
        if terminated or truncated:
            env.step(None)
            continue
        slot, chances = policy.pick(observation["observation"], observation["action_mask"])
        steps.append((observation["observation"], slot, chances))
        rewards.append(0.0)
        env.step(slot)
    # The return from each step on: the points still to come in this match.
    returns = np.cumsum(rewards[::-1])[::-1]
    return float(sum(rewards)), [
        (obs, slot, chances, float(ret))
        for (obs, slot, chances), ret in zip(steps, returns, strict=True)
    ]


def train(matches: int, seed: int, rate: float = 0.002) -> list[float]:
    """The agent's score in each of `matches` matches against three basic bots."""
    env = quintet.rl.env(
        "quashars", players=4, opponents={1: "basic", 2: "basic", 3: "basic"}, seed=seed
    )
    space = env.observation_space("player_0")["observation"]
    policy = LinearPolicy(env.action_space("player_0").n, space.shape[0], seed, rate)
    baseline = 0.0
    scores: list[float] = []
    for match in range(matches):
        score, steps = play_match(env, policy)
        scores.append(score)
        # The baseline: the mean return per step so far (a running mean over matches).
        mean = float(np.mean([ret for *_, ret in steps])) if steps else 0.0
        baseline += (mean - baseline) / (match + 1)
        policy.learn([(obs, slot, chances, ret - baseline) for obs, slot, chances, ret in steps])
    return scores


def moving_mean(values: list[float], window: int = WINDOW) -> list[float]:
    return [float(np.mean(values[max(0, i + 1 - window) : i + 1])) for i in range(len(values))]


def write_curve(scores: list[float], out: Path) -> list[Path]:
    """curve.csv and curve.svg (and curve.png with matplotlib) in `out`; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    mean = moving_mean(scores)
    with (out / "curve.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["match", "score", f"mean_of_last_{WINDOW}"])
        for index, (score, smooth) in enumerate(zip(scores, mean, strict=True), start=1):
            writer.writerow([index, score, round(smooth, 3)])
    written = [out / "curve.csv", out / "curve.svg"]
    (out / "curve.svg").write_text(svg(scores, mean))
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        return written
    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.plot(range(1, len(scores) + 1), scores, ".", alpha=0.3, label="match score")
    axes.plot(range(1, len(scores) + 1), mean, label=f"mean of the last {WINDOW}")
    axes.set_xlabel("match")
    axes.set_ylabel("points (seat 0, against 3 basic bots)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(out / "curve.png", dpi=100)
    pyplot.close(figure)
    return [*written, out / "curve.png"]


def svg(scores: list[float], mean: list[float], width: int = 640, height: int = 320) -> str:
    """The curve as a small SVG: the scores as dots, their moving mean as a line."""
    low, high = min(scores), max(scores)
    span = (high - low) or 1.0

    def point(index: int, value: float) -> str:
        x = 40 + (width - 60) * index / max(1, len(scores) - 1)
        y = height - 30 - (height - 60) * (value - low) / span
        return f"{x:.1f},{y:.1f}"

    dots = "".join(
        f'<circle cx="{point(i, s).split(",")[0]}" cy="{point(i, s).split(",")[1]}" r="1.5"/>'
        for i, s in enumerate(scores)
    )
    line = " ".join(point(i, m) for i, m in enumerate(mean))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f'<text x="40" y="16" font-size="12">Quashars: points per match against 3 basic bots '
        f"(min {low:g}, max {high:g}; line: mean of the last {WINDOW})</text>"
        f'<g fill="#9ab">{dots}</g>'
        f'<polyline fill="none" stroke="#c33" stroke-width="2" points="{line}"/></svg>'
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="matches to train (300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the agent")
    parser.add_argument("--out", type=Path, default=Path("rl-curve"), help="folder for the curve")
    args = parser.parse_args(argv)
    if args.matches < 2:
        parser.error(f"--matches must be at least 2, not {args.matches}")
    scores = train(args.matches, args.seed)
    for path in write_curve(scores, args.out):
        print(path)
    first, last = scores[: len(scores) // 5 or 1], scores[-(len(scores) // 5 or 1) :]
    print(f"mean score: first fifth {np.mean(first):.2f}, last fifth {np.mean(last):.2f}")


if __name__ == "__main__":
    main()
