"""Quiclo's solver at a full table: every claim of every player, and the end-of-game check.

    .venv/bin/python -m bench.quiclo_solver [--positions N] [--seed S]

Positions are dealt by the game's own deal (`components.deal`: 6 players, 12 cards each, two
per continent, three tops from the rest). What is timed, per position:

- ``full``: `solver.solve_table(hands, tops)`: every valid claim of all 6 players, each kept as
  one int (operands and operator code packed) that reads as a claim with no further search;
- ``build``: then reading every claim as a `Claim` object, in order (sorting and building);
  timed apart, as a caller that only counts or picks a few claims never pays it;
- ``three``: `solver.claim_keys(hand, tops, max_operands=3)` for each of the 6 players: the
  search of a bot that looks for chains of 2 or 3 operands only (`easy`, and `medium` half
  the time);
- ``has_claim``: `solver.has_claim` for each of the 6 players (the check the game runs after
  every claim), at the same positions;
- ``has_claim_end``: the same at end-of-game tables where no player has a claim left (6 hands
  of 2-4 cards, each drawn until it has none), where the check cannot stop early.

Every search timed is cold: the solver keeps searched positions (`solver.clear_caches`), and
the cache is emptied before each timed call, outside its time, so no figure is a cache hit.

Each is timed in a pass of its own over all positions. Prints one JSON line. Medians and 99th
percentiles are of the per-position wall times; the machine may be shared, so ``cpu_*`` gives
the CPU time of the process for ``full`` beside it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from quintet.core import Rng
from quintet.core.rng import derive_seed
from quintet.games.quiclo import components, solver

PLAYERS = 6
Table = tuple[list[tuple[int, ...]], tuple[int, int, int]]


def full_tables(count: int, seed: int) -> list[Table]:
    """``count`` fresh deals for 6 players."""
    tables = []
    for index in range(count):
        hands, tops, _ = components.deal(Rng(derive_seed(seed, index)), PLAYERS)
        tables.append((hands, tops))
    return tables


def end_tables(count: int, seed: int) -> list[Table]:
    """``count`` tables of 6 hands of 2-4 cards where no hand has a valid claim."""
    tables = []
    for index in range(count):
        rng = Rng(derive_seed(seed, 1_000_000 + index))
        deck = list(components.CARDS)
        rng.shuffle(deck)
        tops = (deck[0], deck[1], deck[2])
        rest = deck[3:]
        hands: list[tuple[int, ...]] = []
        for _ in range(100_000):
            if len(hands) == PLAYERS:
                break
            size = 2 + rng.below(3)
            hand, rest = tuple(rest[:size]), rest[size:]
            if solver.has_claim(hand, tops):
                rest += hand  # back under the pile: try the next cards instead
            else:
                hands.append(hand)
        else:
            raise AssertionError(f"no end-of-game table found for seed {seed}, index {index}")
        tables.append((hands, tops))
    return tables


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _summary(seconds: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(seconds) * 1000, 3),
        "p99_ms": round(_percentile(seconds, 0.99) * 1000, 3),
    }


def _timed(work: Callable[[], Any], cpu: list[float] | None = None) -> tuple[float, Any]:
    """Wall seconds of ``work()`` and its result; its CPU seconds go into ``cpu`` if given.

    The solver's cache is emptied first (untimed), so ``work`` searches cold.
    """
    solver.clear_caches()
    start, start_cpu = time.perf_counter(), time.process_time()
    result = work()
    took = time.perf_counter() - start
    if cpu is not None:
        cpu.append(time.process_time() - start_cpu)
    return took, result


def per_player_counts(counts: list[int]) -> list[list[int]]:
    """The flat list of claim counts, 6 per table, cut back into tables."""
    return [counts[i : i + PLAYERS] for i in range(0, len(counts), PLAYERS)]


def measure(positions: int = 200, seed: int = 1) -> dict[str, Any]:
    """Time the solver over ``positions`` full tables (and as many end-of-game tables)."""
    if positions < 1:
        raise ValueError(f"positions must be >= 1, got {positions}")
    tables = full_tables(positions, seed)
    ends = end_tables(positions, seed)
    solve_table, has_claim = solver.solve_table, solver.has_claim
    # Warm-up: the first calls pay for imports and caches.
    for hands, tops in tables[:3]:
        solve_table(hands, tops)
    # One pass per measurement, so that the garbage collector's work caused by one (the
    # build pass makes thousands of objects) does not land in another's timings.
    full: list[float] = []
    full_cpu: list[float] = []
    claims: list[int] = []
    per_player: list[int] = []
    for hands, tops in tables:
        took, found = _timed(lambda hands=hands, tops=tops: solve_table(hands, tops), full_cpu)
        full.append(took)
        claims.append(sum(len(one) for one in found))
        per_player += [len(one) for one in found]
        del found  # let this table's claims go before the next is timed, as a game would
    build = []
    for hands, tops in tables:
        found = solve_table(hands, tops)
        build.append(_timed(lambda found=found: [list(one) for one in found])[0])
        del found
    three = []
    for hands, tops in tables:
        three.append(
            _timed(
                lambda hands=hands, tops=tops: [
                    solver.claim_keys(hand, tops, max_operands=3) for hand in hands
                ]
            )[0]
        )
    check = []
    for (hands, tops), count in zip(tables, per_player_counts(per_player), strict=True):
        took, answers = _timed(
            lambda hands=hands, tops=tops: [has_claim(hand, tops) for hand in hands]
        )
        check.append(took)
        if answers != [n > 0 for n in count]:
            raise AssertionError(f"has_claim disagrees with solve_table at {hands}, {tops}")
    check_end = []
    for hands, tops in ends:
        took, answers = _timed(lambda hands=hands, tops=tops: [has_claim(h, tops) for h in hands])
        check_end.append(took)
        if any(answers):
            raise AssertionError(f"an end-of-game table has a claim: {hands}, {tops}")
    full_line = _summary(full)
    return {
        "benchmark": "quiclo_solver_full_table",
        "positions": positions,
        "players": PLAYERS,
        "cards_per_player": components.HAND_SIZE,
        **full_line,
        "cpu_median_ms": _summary(full_cpu)["median_ms"],
        "cpu_p99_ms": _summary(full_cpu)["p99_ms"],
        "claims_median": statistics.median(claims),
        "claims_per_player_median": statistics.median(per_player),
        "timed": "solver.solve_table(hands, tops): all claims of all 6 players, each as a "
        "packed int that reads as a claim without search; Claim objects not built (build_*)",
        "cache": "solver.clear_caches() before every timed call (untimed): every search is cold, "
        "nothing is reused from an earlier call",
        "three_median_ms": _summary(three)["median_ms"],
        "three_p99_ms": _summary(three)["p99_ms"],
        "three_timed": "solver.claim_keys(hand, tops, max_operands=3) for each of the 6 players",
        "build_median_ms": _summary(build)["median_ms"],
        "build_p99_ms": _summary(build)["p99_ms"],
        "has_claim_median_ms": _summary(check)["median_ms"],
        "has_claim_p99_ms": _summary(check)["p99_ms"],
        "has_claim_end_median_ms": _summary(check_end)["median_ms"],
        "has_claim_end_p99_ms": _summary(check_end)["p99_ms"],
        "has_claim_timed": "solver.has_claim for each of the 6 players; _end: tables of 6 "
        "hands of 2-4 cards where no hand has a claim",
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.quiclo_solver", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--positions", type=int, default=200, help="tables timed (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error(f"--positions must be at least 1, not {args.positions}")
    print(json.dumps(measure(args.positions, args.seed)), flush=True)


if __name__ == "__main__":
    main()
