"""Quiddler's bot levels in order: head to head and at a 4-player table, with 95% intervals.

    .venv/bin/python -m bench.quiddler_levels [--games N] [--seed S] [--table-games M]

For each adjacent pair of levels (random-easy, easy-medium, medium-hard) N seeds are
played twice, seats swapped. Then M games of all four levels, seats rotated (game g puts
the levels in order starting at seat g % 4). For every adjacent pair it prints the
stronger level's share of the games where it finished above the weaker one (a tie counts
half), with a normal-approximation 95% interval, and the mean score difference with its
interval. Prints one JSON line. (`quintet tournament` does the same for every game once it
lands; this measures Quiddler's levels alone.)
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from itertools import pairwise
from typing import Any

from quintet.core import JSONDict, derive_seed
from quintet.sim.engine import play_game

LEVELS = ("random", "easy", "medium", "hard")
OPTIONS: JSONDict = {"pause_ms": 0}


def _interval(values: list[float]) -> list[float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(mean - half, 3), round(mean + half, 3)]


def _above(ranks: tuple[int, ...], strong: int, weak: int) -> float:
    return 1.0 if ranks[strong] < ranks[weak] else 0.5 if ranks[strong] == ranks[weak] else 0.0


def _pair_line(shares: list[float], diffs: list[float]) -> dict[str, Any]:
    return {
        "games": len(shares),
        "share": round(statistics.fmean(shares), 3),
        "share_interval": _interval(shares),
        "score_difference": round(statistics.fmean(diffs), 1),
        "score_difference_interval": [round(x, 1) for x in _interval(diffs)],
    }


def head_to_head(weak: str, strong: str, games: int, seed: int) -> dict[str, Any]:
    shares: list[float] = []
    diffs: list[float] = []
    for number in range(games):
        game_seed = derive_seed(seed, number)
        for seats in ((weak, strong), (strong, weak)):
            run = play_game("quiddler", game_seed, 2, list(seats), OPTIONS)
            s, w = seats.index(strong), seats.index(weak)
            shares.append(_above(run.outcome.ranks, s, w))
            diffs.append(run.outcome.scores[s] - run.outcome.scores[w])
    return _pair_line(shares, diffs)


def table(games: int, seed: int) -> dict[str, Any]:
    shares: dict[str, list[float]] = {f"{a}<{b}": [] for a, b in pairwise(LEVELS)}
    diffs: dict[str, list[float]] = {key: [] for key in shares}
    wins = dict.fromkeys(LEVELS, 0.0)
    for number in range(games):
        shift = number % len(LEVELS)
        seats = [LEVELS[(seat - shift) % len(LEVELS)] for seat in range(len(LEVELS))]
        run = play_game("quiddler", derive_seed(seed, 10_000 + number), 4, seats, OPTIONS)
        ranks, scores = run.outcome.ranks, run.outcome.scores
        for weak, strong in pairwise(LEVELS):
            s, w = seats.index(strong), seats.index(weak)
            shares[f"{weak}<{strong}"].append(_above(ranks, s, w))
            diffs[f"{weak}<{strong}"].append(scores[s] - scores[w])
        first = [seat for seat, rank in enumerate(ranks) if rank == 1]
        for seat in first:
            wins[seats[seat]] += 1 / len(first)
    return {
        "games": games,
        "wins": {level: round(count, 1) for level, count in wins.items()},
        "pairs": {key: _pair_line(shares[key], diffs[key]) for key in shares},
    }


def measure(games: int, table_games: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    pairs = {
        f"{weak}<{strong}": head_to_head(weak, strong, games, seed)
        for weak, strong in pairwise(LEVELS)
    }
    return {
        "benchmark": "quiddler_levels",
        "seed": seed,
        "two_players": pairs,
        "four_players": table(table_games, seed),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.quiddler_levels", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=60, help="seeds per pair, both seatings")
    parser.add_argument("--table-games", type=int, default=80, help="4-player games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 2 or args.table_games < 2:
        parser.error("--games and --table-games must be at least 2")
    print(json.dumps(measure(args.games, args.table_games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
