"""Quashars `expert` against `basic`: points per match over basic in the same seat on the same
deals, and the CPU the search takes per decision.

Paired: for match seed ``i`` and seat ``i % 4``, the match is played twice with 4 players
(``--players 3``: 3), once by basics only and once with expert in that seat and basics in
the others. The deals of a
match hang on its seed only, so both see the same cards; the difference in that seat's match
total is one sample. The interval is the mean's 95% interval (normal approximation; with
fewer than 30 matches a Student t quantile).

CPU is ``time.process_time`` around each of expert's ``plan`` calls; the median is given over
every decision and over the decisions with more than one legal action (the ones it searches).

    .venv/bin/python -m bench.quashars_expert [--matches 240] [--players 4] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from quintet.core import Input, derive_seed
from quintet.games.quashars import BOTS, GAME, search
from quintet.games.quashars.bots import basic_prediction
from quintet.games.quashars.state import PLAY, PREDICT

PLAYERS = 4
#: Matches of the full and the quick run. Quick only checks that it runs: one match,
#: with the search shrunk to 2 deals per decision; its figures mean nothing.
MATCHES = 240
QUICK_MATCHES = 1
QUICK_SAMPLES = 2
#: Two-sided 95% Student t quantiles for small samples (degrees of freedom -> t).
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def _t95(df: int) -> float:
    if df in _T95:
        return _T95[df]
    return 2.23 if df < 15 else 2.09 if df < 30 else 1.96


def play_match(
    seed: int,
    levels: list[str],
    cpu: list[tuple[float, int]] | None = None,
    samples: int | None = None,
) -> Any:
    """A whole match on the checked path; `cpu` collects (seconds, legal actions) of expert,
    `samples` shrinks expert's search (deals per decision; None: its own size)."""
    state = GAME.new(seed, len(levels))
    bots = [
        search.ExpertBot(
            GAME,
            seat,
            derive_seed(seed, seat),
            basic_prediction,
            card_samples=samples,
            predict_samples=samples,
        )
        if level == "expert"
        else BOTS[level](GAME, seat, derive_seed(seed, seat))
        for seat, level in enumerate(levels)
    ]
    while not GAME.is_over(state):
        if state.phase in (PREDICT, PLAY):
            seat = state.to_act
            view = GAME.view(state, seat)
            start = time.process_time()
            plan = bots[seat].plan(view, state.now)
            took = time.process_time() - start
            if plan is None:
                raise AssertionError(f"seat {seat} may act but made no plan")
            if cpu is not None and levels[seat] == "expert":
                cpu.append((took, len(view["legal"])))
            GAME.apply(state, Input(seat, plan.action, max(plan.time, state.now)))
        else:
            deadline = GAME.next_deadline(state)
            assert deadline is not None
            GAME.apply(state, Input.tick(max(deadline, state.now)))
    return state


def _totals(state: Any) -> list[int]:
    return [sum(game[s] for game in state.scores) for s in range(state.players)]


def measure(
    matches: int,
    seed: int = 1,
    log: bool = False,
    samples: int | None = None,
    players: int = PLAYERS,
) -> dict[str, Any]:
    """Play `matches` paired matches and summarize them as one benchmark line."""
    diffs: list[int] = []
    wins = {"expert": 0.0, "basic": 0.0}
    cpu: list[tuple[float, int]] = []
    started = time.process_time()
    for i in range(matches):
        match_seed = derive_seed(seed, i)
        seat = i % players
        base = play_match(match_seed, ["basic"] * players)
        levels = ["basic"] * players
        levels[seat] = "expert"
        tried = play_match(match_seed, levels, cpu, samples)
        base_totals, tried_totals = _totals(base), _totals(tried)
        diffs.append(tried_totals[seat] - base_totals[seat])
        for name, totals in (("basic", base_totals), ("expert", tried_totals)):
            top = max(totals)
            if totals[seat] == top:
                wins[name] += 1 / totals.count(top)
        if log:
            mean = statistics.fmean(diffs)
            print(f"match {i + 1}/{matches}: {diffs[-1]:+d} (mean {mean:+.2f})", file=sys.stderr)
    cpu_seconds = time.process_time() - started
    mean = statistics.fmean(diffs)
    half = _t95(len(diffs) - 1) * statistics.stdev(diffs) / len(diffs) ** 0.5 if matches > 1 else 0
    all_cpu = [s for s, _ in cpu]
    searched = [s for s, n in cpu if n > 1] or [0.0]
    return {
        "benchmark": "quashars_expert",
        "players": players,
        "matches": matches,
        "pairing": f"same match seed and seat; {players - 1} basics beside it vs {players} basics; "
        f"seat = i % {players}",
        "points_over_basic_mean": round(mean, 2),
        "points_over_basic_ci95": [round(mean - half, 2), round(mean + half, 2)],
        "goal": "ci95 above +5 points per match",
        "search": {
            "card_samples": samples or search.CARD_SAMPLES,
            "predict_samples": samples or search.PREDICT_SAMPLES,
            "predict_reach": search.PREDICT_REACH,
        },
        "win_share_expert": round(wins["expert"] / matches, 3),
        "win_share_basic_same_seat": round(wins["basic"] / matches, 3),
        "decisions": len(cpu),
        "decisions_per_cpu_second": round(len(cpu) / max(sum(all_cpu), 1e-9), 1),
        "cpu_per_decision_median_s": round(statistics.median(all_cpu), 4),
        "cpu_per_searched_decision_median_s": round(statistics.median(searched), 4),
        "cpu_per_decision_max_s": round(max(all_cpu), 4),
        "cpu_seconds_total": round(cpu_seconds, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.quashars_expert", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--matches", type=int, help=f"paired matches (default {MATCHES})")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument(
        "--players", type=int, choices=(3, 4), default=PLAYERS, help=f"default {PLAYERS}"
    )
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_MATCHES} matches")
    parser.add_argument("--log", action="store_true", help="each match's difference on stderr")
    args = parser.parse_args(argv)
    matches = args.matches or (QUICK_MATCHES if args.quick else MATCHES)
    if matches < 1:
        parser.error(f"--matches must be at least 1, not {matches}")
    samples = QUICK_SAMPLES if args.quick else None
    line = measure(matches, args.seed, args.log, samples, args.players)
    print(json.dumps({**line, "quick": args.quick}), flush=True)


if __name__ == "__main__":
    main()
