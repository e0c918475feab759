"""Are a game's bot levels strictly ordered? Adjacent levels against each other, paired.

    .venv/bin/python -m bench.level_pairs quick --bots random,easy,medium,hard --games 200
    .venv/bin/python -m bench.level_pairs double-quick --players 4 --games 60
    .venv/bin/python -m bench.level_pairs quick --players 4 --table --games 100

Levels are given weakest first. For each adjacent pair (weaker, stronger), game seed i
(`derive_seed(--seed, i)`) is played once with each seating, so both levels get the
same deals from every seat:

- ``--players 2``: ``[weaker, stronger]`` and ``[stronger, weaker]``;
- ``--players 4``: the two levels seated round robin, ``[w, s, w, s]`` and ``[s, w, s, w]``.

A game's win goes to the level of the first-placed seat; first places shared between
the levels are split by seats. `stronger_win_share` is the stronger level's share of the
wins, with a 95% interval (normal, over the seeds: each seed's two games are one paired
unit). The pair is separated when the interval excludes 0.5. `score_diff` is the
stronger level's mean score minus the weaker's, per game, with its interval.

``--table`` plays the levels all at one table instead (as many levels as players), the
seating rotated through every seat with the same seed, and gives each level's win share
and, per adjacent pair, the share of games in which the stronger placed ahead (a tie of
rank counts a half) and `pair_wins`: of the games either of the two won, the stronger's
share. Wilson intervals (`wilson`) are given where a share may lie at 0 or 1, where the
normal interval shrinks to nothing. Prints JSON lines: one per pair (or the table) as it
finishes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import time
from collections.abc import Sequence
from typing import Any

from quintet.core import JSONDict, derive_seed
from quintet.sim import play_game


def interval(values: Sequence[float]) -> list[float]:
    """Mean +- 1.96 standard errors (a single value: a zero-width interval)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(mean - half, 3), round(mean + half, 3)]


def wilson(successes: float, trials: float) -> list[float]:
    """The Wilson 95% interval of a share (right at 0 or 1, unlike the normal one)."""
    if trials == 0:
        return [0.0, 1.0]
    z = 1.96
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    half /= 1 + z * z / trials
    return [round(max(centre - half, 0.0), 3), round(min(centre + half, 1.0), 3)]


def win_credit(levels: Sequence[str], ranks: Sequence[int], level: str) -> float:
    """The share of the game's win that goes to `level`: its seats among the first placed."""
    first = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return sum(1 for seat in first if levels[seat] == level) / len(first)


def _mean_score(levels: Sequence[str], scores: Sequence[float], level: str) -> float:
    return statistics.fmean(s for s, name in zip(scores, levels, strict=True) if name == level)


def pair(
    game: str, levels: tuple[str, str], games: int, players: int, *, seed: int
) -> dict[str, Any]:
    """The paired head-to-head of two levels, (weaker, stronger) (module doc)."""
    weaker, stronger = levels
    seatings = [
        [weaker if seat % 2 == 0 else stronger for seat in range(players)],
        [stronger if seat % 2 == 0 else weaker for seat in range(players)],
    ]
    shares: list[float] = []
    diffs: list[float] = []
    started = time.perf_counter()
    for number in range(games):
        game_seed = derive_seed(seed, number)
        share = diff = 0.0
        for seats in seatings:
            run = play_game(game, game_seed, players, seats)
            share += win_credit(seats, run.outcome.ranks, stronger) / len(seatings)
            scores = run.outcome.scores
            gap = _mean_score(seats, scores, stronger) - _mean_score(seats, scores, weaker)
            diff += gap / len(seatings)
        shares.append(share)
        diffs.append(diff)
    low, high = interval(shares)
    return {
        "game": game,
        "players": players,
        "weaker": weaker,
        "stronger": stronger,
        "seeds": games,
        "games": games * len(seatings),
        "seed": seed,
        "stronger_win_share": round(statistics.fmean(shares), 3),
        "stronger_win_share_ci95": [low, high],
        "separated": low > 0.5 or high < 0.5,
        "stronger_win_share_wilson": wilson(sum(shares) * len(seatings), games * len(seatings)),
        "score_diff": round(statistics.fmean(diffs), 2),
        "score_diff_ci95": interval(diffs),
        "seconds": round(time.perf_counter() - started, 1),
    }


def table(game: str, levels: list[str], games: int, *, seed: int) -> dict[str, Any]:
    """All levels at one table, the seating rotated (module doc)."""
    players = len(levels)
    wins: dict[str, list[float]] = {level: [] for level in levels}
    ahead: dict[tuple[str, str], list[float]] = {p: [] for p in itertools.pairwise(levels)}
    started = time.perf_counter()
    for number in range(games):
        game_seed = derive_seed(seed, number)
        credit = dict.fromkeys(levels, 0.0)
        placed = dict.fromkeys(ahead, 0.0)
        for turn in range(players):
            seats = levels[turn:] + levels[:turn]
            ranks = play_game(game, game_seed, players, seats).outcome.ranks
            rank = {level: ranks[seat] for seat, level in enumerate(seats)}
            for level in levels:
                credit[level] += win_credit(seats, ranks, level) / players
            for weaker, stronger in ahead:
                if rank[stronger] < rank[weaker]:
                    placed[(weaker, stronger)] += 1 / players
                elif rank[stronger] == rank[weaker]:
                    placed[(weaker, stronger)] += 0.5 / players
        for level in levels:
            wins[level].append(credit[level])
        for key, value in placed.items():
            ahead[key].append(value)
    return {
        "game": game,
        "players": players,
        "table": levels,
        "seeds": games,
        "games": games * players,
        "seed": seed,
        "win_share": {
            level: [round(statistics.fmean(v), 3), interval(v)] for level, v in wins.items()
        },
        "stronger_ahead": {
            f"{stronger}>{weaker}": [round(statistics.fmean(v), 3), interval(v)]
            for (weaker, stronger), v in ahead.items()
        },
        "pair_wins": {
            f"{stronger}>{weaker}": _pair_wins(wins[stronger], wins[weaker], players)
            for weaker, stronger in ahead
        },
        "seconds": round(time.perf_counter() - started, 1),
    }


def _pair_wins(stronger: list[float], weaker: list[float], players: int) -> JSONDict:
    """Of the games either level won, the stronger's share, with its Wilson interval."""
    won = sum(stronger) * players, sum(weaker) * players
    share = won[0] / sum(won) if sum(won) else 0.5
    return {
        "wins": [round(won[0], 1), round(won[1], 1)],
        "stronger_share": round(share, 3),
        "ci95": wilson(won[0], sum(won)),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.level_pairs", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("game", help="a game's name, e.g. quick or double-quick")
    parser.add_argument("--bots", default="random,easy,medium,hard", help="weakest first")
    parser.add_argument("--players", type=int, default=2, help="2 or 4 (default 2)")
    parser.add_argument("--games", type=int, default=100, help="seeds per pair (2 games each)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed")
    parser.add_argument("--only", default=None, help="only the pair weaker,stronger")
    parser.add_argument("--table", action="store_true", help="all levels at one table")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    if args.games < 2:
        parser.error(f"--games must be at least 2, not {args.games}")
    if args.table:
        print(json.dumps(table(args.game, levels, args.games, seed=args.seed)), flush=True)
        return
    pairs = list(itertools.pairwise(levels))
    if args.only is not None:
        weaker, _, stronger = args.only.partition(",")
        pairs = [(weaker, stronger)]
    for levels_pair in pairs:
        result = pair(args.game, levels_pair, args.games, args.players, seed=args.seed)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
