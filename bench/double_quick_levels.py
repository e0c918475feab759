"""Double Quick!'s bot levels against each other, with 95% confidence intervals.

    .venv/bin/python -m bench.double_quick_levels --players 4 --bots hard,medium,easy,random
    .venv/bin/python -m bench.double_quick_levels --players 2 --bots hard,medium --games 100

Plays ``--games`` games under the simulator's virtual clock (`quintet.sim.play_game`), the
seats turned round by one each game so that no level keeps the seat that passes to
another. Prints one JSON line: per level its wins (a shared first place counts for each)
and its mean score per game, each with a 95% confidence interval (normal approximation:
mean +- 1.96 standard errors).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from typing import Any

from quintet.sim import play_game


def _interval(values: list[float]) -> list[float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(mean - half, 2), round(mean + half, 2)]


def measure(levels: list[str], games: int, seed: int = 1) -> dict[str, Any]:
    players = len(levels)
    scores: dict[str, list[float]] = {level: [] for level in levels}
    wins: dict[str, list[float]] = {level: [] for level in levels}
    for number in range(games):
        turn = number % players
        seats = levels[turn:] + levels[:turn]
        run = play_game("double-quick", seed + number, players, seats)
        for seat, level in enumerate(seats):
            scores[level].append(run.outcome.scores[seat])
            wins[level].append(1.0 if run.outcome.ranks[seat] == 1 else 0.0)
    return {
        "benchmark": "double_quick_levels",
        "games": games,
        "players": players,
        "seed": seed,
        "levels": [
            {
                "bot": level,
                "wins": int(sum(wins[level])),
                "win_share": round(statistics.fmean(wins[level]), 3),
                "win_share_ci95": _interval(wins[level]),
                "mean_score": round(statistics.fmean(scores[level]), 2),
                "mean_score_ci95": _interval(scores[level]),
            }
            for level in levels
        ],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.double_quick_levels", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--bots", default="hard,medium,easy,random", help="one level a seat")
    parser.add_argument("--players", type=int, default=None, help="seats (default: --bots)")
    parser.add_argument("--games", type=int, default=100, help="games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    if args.players is not None and args.players != len(levels):
        parser.error(f"--players {args.players} needs as many --bots, not {len(levels)}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    print(json.dumps(measure(levels, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
