"""``make bench``: random-playout speed of Quashars, and of OpenSpiel's ``oh_hell`` beside it;
Quashars' ``expert`` against ``basic`` (points and CPU per decision); the Quiclo solver at a
full table; the Quiddler and Double Quick! solvers; Quiddler's hard bot against the hard it
replaced (``bench/quiddler_hard.py``); the live server under 50 Quiclo tables of bots,
against a raw WebSocket echo (``bench/server_load.py``: a server and a load process of its
own); the live server's capacity, unpaced Quashars tables step by step, and its table
set-up's CPU (``bench/server_capacity.py``), then on a durable PostgreSQL with 1 process and
with 2 joined by Redis, and their ratio (``bench/server_capacity_cluster.py``; skipped, said
so, without PostgreSQL or redis-server, or with ``QUINTET_BENCH_NO_CLUSTER=1``); and the
steps per second of ``quintet.rl``'s environments (``bench/rl_steps.py``).

    .venv/bin/python -m bench [--quick] [--rounds N] [--seconds S]

Prints one JSON line per benchmark on stdout, and progress on stderr. ``--quick`` (or the
environment variable ``QUINTET_BENCH_QUICK=1``) plays a handful of games per benchmark, to
check that everything runs; its figures mean little.

The machine may be shared, so the Quashars fast path and OpenSpiel are measured in the same
process, round by round in turn (the order flips every round), and each reports the median of
its rounds; the ratio is the median of the rounds' ratios. Each measurement's size is set from
a warm-up run so that one round takes about ``--seconds``. Wall time is the figure; the CPU time
of the process is given beside it, as other people's work on the machine inflates it less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata
from typing import Any

from bench import (
    double_quick_solver,
    openspiel_oh_hell,
    quashars_expert,
    quiclo_solver,
    quiddler_best,
    quiddler_hard,
    rl_steps,
    server_capacity,
    server_capacity_cluster,
    server_load,
    simulate_games,
    words_load,
)
from bench.quashars_playouts import GAME_UNIT, checked_games, clones, random_games

QUICK_ENV = "QUINTET_BENCH_QUICK"
#: Set, the PostgreSQL + Redis capacity line is skipped (its quick mode alone takes 20-40 s,
#: mostly starting PostgreSQL, Redis and three servers; tests/test_bench.py runs it apart).
NO_CLUSTER_ENV = "QUINTET_BENCH_NO_CLUSTER"
SKIPPED = "open-spiel is not installed (pip install -e '.[bench]')"

#: Sizes of the quick mode: enough to run every code path once, no calibration.
_QUICK_SIZES = {
    "quashars": 20,
    "openspiel": 10,
    "checked": 4,
    "clone": 500,
    "quiclo": 5,
    "simulated": 8,
}
#: Full tables the Quiclo solver is timed on (see bench/quiclo_solver.py).
QUICLO_POSITIONS = 200

_CHANCE_NOTES = {
    "uniform": "choice(legal_actions()) at chance nodes: exact, every oh_hell chance node is "
    "uniform (checked before timing)",
    "weighted": "chance_outcomes() sampled by probability in a Python loop, as for any game",
}


def _log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _emit(line: dict[str, Any]) -> None:
    print(json.dumps(line), flush=True)


class Series:
    """One benchmark's rounds: a fixed amount of work, timed again and again."""

    def __init__(self, name: str, run: Callable[[int, int], float], size: int) -> None:
        self.name = name
        self.run = run  # (size, seed) -> seconds
        self.size = size
        self.seconds: list[float] = []
        self.cpu_seconds: list[float] = []

    def once(self, seed: int) -> None:
        cpu = time.process_time()
        self.seconds.append(self.run(self.size, seed))
        self.cpu_seconds.append(max(time.process_time() - cpu, 1e-9))

    @property
    def rates(self) -> list[float]:
        return [self.size / s for s in self.seconds]

    @property
    def cpu_rates(self) -> list[float]:
        return [self.size / s for s in self.cpu_seconds]

    def summary(self, unit: str) -> dict[str, Any]:
        """Size, median seconds and median rate, and every round's rate."""
        rates = self.rates
        return {
            unit: self.size,
            "repeats": len(rates),
            "seconds": round(statistics.median(self.seconds), 4),
            f"{unit}_per_second": round(statistics.median(rates), 1),
            f"{unit}_per_second_min": round(min(rates), 1),
            f"{unit}_per_second_max": round(max(rates), 1),
            "cpu_seconds": round(statistics.median(self.cpu_seconds), 4),
            f"{unit}_per_cpu_second": round(statistics.median(self.cpu_rates), 1),
        }


def _calibrated(run: Callable[[int, int], float], warm_up: int, seconds: float) -> int:
    """How many units make one round of about ``seconds``, from a timed warm-up."""
    took = run(warm_up, 0)
    return max(1, round(warm_up / took * seconds))


def _ratio(ours: Series, theirs: Series) -> dict[str, Any]:
    each = [a / b for a, b in zip(ours.rates, theirs.rates, strict=True)]
    cpu = [a / b for a, b in zip(ours.cpu_rates, theirs.cpu_rates, strict=True)]
    return {
        "ratio_quintet_to_openspiel": round(statistics.median(each), 3),
        "ratio_each_round": [round(r, 3) for r in each],
        "ratio_by_cpu_time": round(statistics.median(cpu), 3),
    }


def _open_spiel_version() -> str | None:
    try:
        return metadata.version("open-spiel")
    except metadata.PackageNotFoundError:
        return None


def _alternate(series: list[Series], rounds: int) -> None:
    """Run every series once a round, in turn, the order reversed every other round: a
    shared machine's slow spell then falls on each series alike."""
    for round_no in range(rounds):
        _log(f"round {round_no + 1}/{rounds}: {', '.join(s.name for s in series)}")
        for one in series if round_no % 2 == 0 else series[::-1]:
            one.once(seed=round_no + 1)


def simulate_line(rounds: int, seconds: float, quick: bool) -> dict[str, Any]:
    """The ``simulate_random_games`` line: deals/s of ``quintet simulate quashars`` among 4
    random bots (its real path, the fast lane), of the same games on the general event loop,
    and of OpenSpiel's oh_hell (uniform chance driver), in turn in this process."""
    common = {"python": platform.python_version(), "cpus": os.cpu_count(), "quick": quick}
    deals = simulate_games.DEALS_PER_MATCH

    def whole_matches(size: int) -> int:
        return -(-size // deals) * deals

    _log("warming up the simulator (fast lane)")
    play = simulate_games.quashars_deals
    size = _QUICK_SIZES["simulated"] if quick else whole_matches(_calibrated(play, 40, seconds))
    ours = Series("simulate", play, size)
    _log("warming up the simulator (general event loop)")
    loop = simulate_games.general_loop_deals
    loop_size = (
        _QUICK_SIZES["simulated"] if quick else whole_matches(_calibrated(loop, 20, seconds))
    )
    general = Series("simulate/general", loop, loop_size)
    series = [ours, general]
    theirs: Series | None = None
    if openspiel_oh_hell.available():
        game = openspiel_oh_hell.load_oh_hell()

        def oh_hell(n: int, s: int) -> float:
            return openspiel_oh_hell.random_games(game, n, s, "uniform")

        _log("warming up OpenSpiel (uniform chance)")
        their_size = _QUICK_SIZES["openspiel"] if quick else _calibrated(oh_hell, 200, seconds)
        theirs = Series("openspiel/uniform", oh_hell, their_size)
        series.append(theirs)
    else:
        _log(SKIPPED)
    _alternate(series, rounds)
    line: dict[str, Any] = {
        "benchmark": "simulate_random_games",
        "command": "quintet simulate quashars --players 4 --bots random,random,random,random",
        "players": 4,
        "game_unit": GAME_UNIT,
        "path": "quintet.sim.play_game on the fast lane (quintet.sim.fast_lane): the rules' "
        "fast path by action ids, random bots' own draws, records made when read",
        **ours.summary("games"),
        "general_loop": {
            "path": "play_game(..., fast_lane=False): lazy views, game.apply with events, "
            "the scheduler, JSON actions, records",
            **general.summary("games"),
        },
    }
    if theirs is None:
        line["openspiel"] = SKIPPED
    else:
        line["openspiel_games_per_second"] = round(statistics.median(theirs.rates), 1)
        line["openspiel_games_per_cpu_second"] = round(statistics.median(theirs.cpu_rates), 1)
        line.update(_ratio(ours, theirs))
        line["general_loop"].update(_ratio(general, theirs))
    return {**line, **common}


def run(quick: bool, rounds: int, seconds: float) -> None:
    """Measure and print every benchmark."""
    common = {"python": platform.python_version(), "cpus": os.cpu_count(), "quick": quick}
    sizes = dict(_QUICK_SIZES)

    _log("warming up the Quashars fast path")
    if not quick:
        sizes["quashars"] = _calibrated(random_games, 300, seconds)
    ours = Series("quashars", random_games, sizes["quashars"])
    series = [ours]

    theirs: dict[str, Series] = {}
    if openspiel_oh_hell.available():
        game = openspiel_oh_hell.load_oh_hell()
        if not openspiel_oh_hell.chance_is_uniform(game, seed=1):
            raise SystemExit("bench: an oh_hell chance node is not uniform; see openspiel_oh_hell")
        for chance in openspiel_oh_hell.CHANCE_DRIVERS:

            def play(n: int, s: int, chance: str = chance) -> float:
                return openspiel_oh_hell.random_games(game, n, s, chance)

            _log(f"warming up OpenSpiel ({chance} chance)")
            size = sizes["openspiel"] if quick else _calibrated(play, 200, seconds)
            theirs[chance] = Series(f"openspiel/{chance}", play, size)
            series.append(theirs[chance])
    else:
        _log(SKIPPED)

    _alternate(series, rounds)

    _emit(
        {
            "benchmark": "quashars_random_games",
            "players": 4,
            "tricks": 12,
            "actions_per_game": 52,
            "game_unit": GAME_UNIT,
            "path": "fast: rules.new_state, legal_action_ids, apply_action_id, next_game",
            "driver": "random.Random.choice over legal_action_ids, from Python",
            **ours.summary("games"),
            "interleaved_with": [s.name for s in series if s is not ours],
            **common,
        }
    )
    for chance, suffix in (("uniform", ""), ("weighted", "_weighted_chance")):
        name = f"openspiel_oh_hell_random_games{suffix}"
        if chance not in theirs:
            _emit({"benchmark": name, "skipped": SKIPPED, **common})
            continue
        _emit(
            {
                "benchmark": name,
                "players": 4,
                "tricks": 12,
                "params": dict(openspiel_oh_hell.OH_HELL_PARAMS),
                "chance_actions_per_game": 51,
                "player_actions_per_game": 52,
                "chance_driver": _CHANCE_NOTES[chance],
                "driver": "random.Random.choice over state.legal_actions(), from Python",
                **theirs[chance].summary("games"),
                **_ratio(ours, theirs[chance]),
                "open_spiel": _open_spiel_version(),
                **common,
            }
        )

    _emit(simulate_line(rounds, seconds, quick))

    checked_rounds = max(1, min(rounds, 3))
    _log(f"checked path, {checked_rounds} rounds")
    if not quick:
        sizes["checked"] = _calibrated(checked_games, 30, seconds)
    checked = Series("checked", checked_games, sizes["checked"])
    for round_no in range(checked_rounds):
        checked.once(seed=round_no + 1)
    fast_rate = statistics.median(ours.rates)
    checked_rate = statistics.median(checked.rates)
    _emit(
        {
            "benchmark": "quashars_checked_games",
            "players": 4,
            "tricks": 12,
            "game_unit": GAME_UNIT,
            "path": "checked: game.new, game.apply(Input(seat, JSON action, time)) with events; "
            "the host's tick deals the next game",
            **checked.summary("games"),
            "fast_path_games_per_second": round(fast_rate, 1),
            "fast_path_speedup": round(fast_rate / checked_rate, 2),
            **common,
        }
    )

    _log(f"clones, {checked_rounds} rounds")
    if not quick:
        sizes["clone"] = _calibrated(clones, 20_000, seconds / 2)
    cloned = Series("clone", clones, sizes["clone"])
    for round_no in range(checked_rounds):
        cloned.once(seed=round_no + 1)
    _emit(
        {
            "benchmark": "quashars_clone",
            "players": 4,
            "state": "play phase of a match's 2nd deal, 6 tricks in",
            **cloned.summary("clones"),
            **common,
        }
    )

    matches = quashars_expert.QUICK_MATCHES if quick else quashars_expert.MATCHES
    _log(f"Quashars expert against basic, {matches} paired matches")
    samples = quashars_expert.QUICK_SAMPLES if quick else None
    _emit({**quashars_expert.measure(matches, seed=1, samples=samples), **common})

    positions = sizes["quiclo"] if quick else QUICLO_POSITIONS
    _log(f"Quiclo solver, {positions} full tables")
    _emit({**quiclo_solver.measure(positions, seed=1), **common})

    _log("word list load")
    _emit({**words_load.measure(rounds=3 if quick else 20), **common})

    hands = 20 if quick else quiddler_best.HANDS
    _log(f"Quiddler best-hand solver, {hands} hands of {quiddler_best.CARDS} cards")
    _emit({**quiddler_best.measure(hands, seed=1, builds=1 if quick else 3), **common})

    pairs, deals = (2, 20) if quick else (quiddler_hard.GAMES, quiddler_hard.DEALS)
    _log(f"Quiddler hard bot: {pairs} pairs of games against the old hard, {deals} first rounds")
    _emit({**quiddler_hard.measure(pairs, seed=1, deals=deals), **common})

    hands = double_quick_solver.QUICK_HANDS if quick else double_quick_solver.HANDS
    _log(f"Double Quick! crossword solver, {hands} dealt hands of 22 tiles")
    # Quick: the 200 ms score pass over 5 hands only (it alone would take 4 s).
    score_hands = 5 if quick else None
    _emit({**double_quick_solver.measure(hands, seed=1, score_hands=score_hands), **common})

    _log("quintet.rl: environment steps per second, Quashars AEC beside the simulator")
    _emit({**rl_steps.measure(rounds=min(rounds, 3), seconds=seconds, quick=quick), **common})

    tables = (server_load.QUICK if quick else server_load.FULL).tables
    _log(f"server load: {tables} Quiclo tables over WebSockets, then the raw echo")
    _emit({**server_load.measure(quick=quick), **common})

    steps = (server_capacity.QUICK if quick else server_capacity.FULL).steps
    _log(f"server capacity: unpaced Quashars tables, {steps} at once, then the echo each")
    _emit({**server_capacity.measure(quick=quick), **common})

    if os.environ.get(NO_CLUSTER_ENV, "") not in ("", "0"):
        _emit({"benchmark": "server_capacity_cluster", "skipped": f"{NO_CLUSTER_ENV} is set"})
    else:
        _log("server capacity on PostgreSQL: 1 process, then 2 with Redis, and the ratio")
        _emit({**server_capacity_cluster.measure_or_skip(quick=quick), **common})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"a few games each, to check that it runs (also: {QUICK_ENV}=1)",
    )
    parser.add_argument("--rounds", type=int, help="rounds of each benchmark (default 5; quick 1)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="about how long one round takes (default 1)"
    )
    args = parser.parse_args(argv)
    quick = args.quick or os.environ.get(QUICK_ENV, "") not in ("", "0")
    rounds = args.rounds if args.rounds is not None else (1 if quick else 5)
    if rounds < 1:
        parser.error(f"--rounds must be at least 1, not {rounds}")
    if not args.seconds > 0:
        parser.error(f"--seconds must be above 0, not {args.seconds}")
    run(quick, rounds, args.seconds)


if __name__ == "__main__":
    main()
