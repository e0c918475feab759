"""Quiddler's exact best-hand solver on dealt hands: the best play with the discard chosen.

    .venv/bin/python -m bench.quiddler_best [--hands N] [--seed S]

Each hand is 11 cards (the most a player holds: 10 dealt in the last round, 1 drawn) from a
fresh shuffle of the real 118-card deck by the core's `Rng`. What is timed, per hand:

- ``median_ms``, ``p99_ms``, ``max_ms``: `solver.best(hand, words, discard=True)` with the
  shipped list: every word the hand spells, then the best play and discard;
- ``cpu_*``: the same in CPU time of the process, which a shared machine inflates less;
- ``go_out_*``: `solver.can_go_out(hand, words)`, in a pass of its own.

Not per hand: the word list is loaded and its trie built before timing. ``trie_build_ms`` is
the median of a few builds of `CardTrie` from the loaded list (each process pays it once per
list, `card_trie` keeps it), and ``trie_mib`` what the trie holds beside the list
(`CardTrie.memory_bytes`); the list's own load is the ``words_load`` line. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from quintet.core import Rng
from quintet.core.rng import derive_seed
from quintet.games.quiddler import solver
from quintet.games.quiddler.components import DECK
from quintet.words import default_words
from quintet.words.search import CardTrie, card_trie

#: Cards per hand: 10 dealt in round 8, plus the card drawn before the discard.
CARDS = 11
HANDS = 1000


def deal(count: int, seed: int) -> list[list[str]]:
    """``count`` hands of `CARDS` cards, each from a fresh shuffle of the whole deck."""
    hands = []
    for index in range(count):
        deck = list(DECK)
        Rng(derive_seed(seed, index)).shuffle(deck)
        hands.append(deck[:CARDS])
    return hands


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _ms(seconds: list[float], name: str = "") -> dict[str, float]:
    prefix = f"{name}_" if name else ""
    return {
        f"{prefix}median_ms": round(statistics.median(seconds) * 1000, 3),
        f"{prefix}p99_ms": round(_percentile(seconds, 0.99) * 1000, 3),
    }


def measure(hands: int = HANDS, seed: int = 1, builds: int = 3) -> dict[str, Any]:
    """Time the solver over ``hands`` dealt hands; ``builds`` trie builds are timed apart."""
    if hands < 1 or builds < 1:
        raise ValueError(f"hands and builds must be >= 1, got {hands} and {builds}")
    words = default_words()
    build = []
    for _ in range(builds):
        start = time.perf_counter()
        trie = CardTrie(words)
        build.append(time.perf_counter() - start)
    trie_mib = trie.memory_bytes() / 2**20
    del trie
    card_trie(words)  # the solver's own cached trie, built here and not in the first hand
    dealt = deal(hands, seed)
    best, can_go_out = solver.best, solver.can_go_out
    for hand in dealt[:3]:  # warm-up: first calls pay for imports
        best(hand, words, discard=True)
    wall, cpu, scores, going_out, in_words = [], [], [], 0, []
    for hand in dealt:
        start, start_cpu = time.perf_counter(), time.process_time()
        play = best(hand, words, discard=True)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        scores.append(play.score)
        going_out += play.goes_out
        in_words.append(sum(len(word) for word in play.words))
    go_out, can = [], 0
    for hand in dealt:
        start = time.perf_counter()
        can += can_go_out(hand, words) is not None
        go_out.append(time.perf_counter() - start)
    return {
        "benchmark": "quiddler_best_hand",
        "hands": hands,
        "cards": CARDS,
        **_ms(wall),
        "max_ms": round(max(wall) * 1000, 3),
        "mean_ms": round(statistics.fmean(wall) * 1000, 3),
        **_ms(cpu, "cpu"),
        "timed": "solver.best(hand, default_words(), discard=True) per hand; the list loaded "
        "and its trie built before",
        **_ms(go_out, "go_out"),
        "words": len(words),
        "trie_build_ms": round(statistics.median(build) * 1000, 1),
        "trie_mib": round(trie_mib, 1),
        "score_median": statistics.median(scores),
        "cards_in_words_median": statistics.median(in_words),
        "best_goes_out_share": round(going_out / hands, 3),
        "can_go_out_share": round(can / hands, 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.quiddler_best", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--hands", type=int, default=HANDS, help=f"hands (default {HANDS})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands must be at least 1, not {args.hands}")
    print(json.dumps(measure(args.hands, args.seed)), flush=True)


if __name__ == "__main__":
    main()
