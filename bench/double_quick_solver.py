"""Double Quick!'s crossword solver on dealt hands: how often, and how fast, it lays all 22 tiles.

    .venv/bin/python -m bench.double_quick_solver [--hands N] [--seed S] [--quick]

Hands are dealt by the game's own deal (`GAME.new` with 4 players: the 88-tile bag
shuffled, 22 tiles to each seat), so 1,000 hands are 250 deals; wild tiles stay wild.
Two passes over the same hands:

- ``first``: `solver.solve(hand, 5.0, until_complete=True)`: the search stops at the first
  complete crossword (one using every tile); its time is the wall time to it, with the CPU
  time of the process beside it (the machine may be shared). A hand without one in 5 s
  counts as not complete.
- ``score``: `solver.solve(hand, 0.2)`: the best score found within 200 ms (the solver's
  default), as a player at the table would run it.

The solver's word index (`quintet.words.letters`) is built once before timing; its build
time is reported as ``index_build_ms``. Every solution is checked: a complete crossword
must hold exactly the hand's tiles and be valid by the rules (`crossword.problems`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from typing import Any

from quintet.games.double_quick import GAME
from quintet.games.double_quick.components import LETTER, cell_of
from quintet.games.double_quick.crossword import problems
from quintet.games.double_quick.solver import Solution, default_index, solve
from quintet.words import default_words

HANDS = 1000
QUICK_HANDS = 20
FIRST_LIMIT_S = 5.0
SCORE_S = 0.2
PLAYERS = 4
#: The Rust solver's figures on 30 hands from our bag (issue 12), for the docs' comparison.
RUST = {"complete": 0.967, "median_ms": 8.6, "mean_ms": 13.4, "max_ms": 120.0}


def dealt_hands(count: int, seed: int) -> list[list[str]]:
    """``count`` hands of 22 tile letters ("*" a wild tile), from 4-player deals."""
    hands: list[list[str]] = []
    deal = 0
    while len(hands) < count:
        state = GAME.new(seed + deal, PLAYERS)
        deal += 1
        for seat in range(PLAYERS):
            tiles = state.up[seat] + state.down[seat]
            hands.append([LETTER[t] for t in tiles])
    return hands[:count]


def check(hand: list[str], found: Solution) -> None:
    """A complete solution holds exactly the hand and is a valid crossword; raises otherwise."""
    if not found.complete:
        return
    letters = Counter("*" if ch.islower() else ch.lower() for row in found.grid for ch in row)
    del letters["."]
    if letters != Counter(hand):
        raise AssertionError(f"the crossword {found.grid} does not hold the hand {hand}")
    grid = {
        cell_of(r, c): (ch.lower(), 0)
        for r, row in enumerate(found.grid)
        for c, ch in enumerate(row)
        if ch != "."
    }
    words = default_words()
    wrong = problems(grid, words.__contains__)
    if wrong:
        raise AssertionError(f"the crossword {found.grid} is not valid: {wrong}")


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(hands: int = HANDS, seed: int = 1, score_hands: int | None = None) -> dict[str, Any]:
    """Both passes over ``hands`` dealt hands (the score pass over the first ``score_hands``)."""
    if hands < 1:
        raise ValueError(f"hands must be >= 1, got {hands}")
    dealt = dealt_hands(hands, seed)
    start = time.perf_counter()
    default_index()
    index_ms = (time.perf_counter() - start) * 1000
    solve(dealt[0], 0.05)  # warm-up: first calls pay for imports
    first: list[float] = []
    first_cpu: list[float] = []
    complete = 0
    for hand in dealt:
        cpu = time.process_time()
        found = solve(hand, FIRST_LIMIT_S, until_complete=True)
        cpu = time.process_time() - cpu
        check(hand, found)
        if found.complete and found.first_complete is not None:
            complete += 1
            first.append(found.first_complete)
            first_cpu.append(cpu)
    scores: list[int] = []
    complete_at_200ms = 0
    for hand in dealt[: score_hands or hands]:
        found = solve(hand, SCORE_S)
        check(hand, found)
        scores.append(found.score)
        complete_at_200ms += found.complete
    ms = [s * 1000 for s in first] or [float("nan")]
    return {
        "benchmark": "double_quick_solver",
        "hands": hands,
        "tiles_per_hand": 22,
        "deal": f"GAME.new(seed, {PLAYERS}): 22 tiles a seat from the 88-tile bag, wilds wild",
        "complete_share": round(complete / hands, 4),
        "first_median_ms": round(statistics.median(ms), 2),
        "first_mean_ms": round(statistics.fmean(ms), 2),
        "first_p99_ms": round(_percentile(ms, 0.99), 2),
        "first_max_ms": round(max(ms), 2),
        "first_cpu_median_ms": round(statistics.median(first_cpu or [float("nan")]) * 1000, 2),
        "first_limit_s": FIRST_LIMIT_S,
        "score_hands": len(scores),
        "score_seconds": SCORE_S,
        "score_mean": round(statistics.fmean(scores), 2),
        "complete_share_at_200ms": round(complete_at_200ms / len(scores), 4),
        "index_build_ms": round(index_ms, 1),
        "rust_solver_30_hands": RUST,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.double_quick_solver", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--hands", type=int, default=None, help=f"hands (default {HANDS})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument(
        "--score-hands", type=int, default=None, help="hands of the 200 ms score pass (default all)"
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_HANDS} hands, to check it runs"
    )
    args = parser.parse_args(argv)
    hands = args.hands if args.hands is not None else QUICK_HANDS if args.quick else HANDS
    if hands < 1:
        parser.error(f"--hands must be at least 1, not {hands}")
    print(json.dumps(measure(hands, args.seed, args.score_hands)), flush=True)


if __name__ == "__main__":
    main()
