"""Quiclo's default bot level for newcomers: how long a person has, and what pace wins.

    .venv/bin/python -m bench.quiclo_newcomer [--games N] [--seed S]

Two measures under the simulator's virtual clock (`quintet.sim.play_game`), 4 seats:

- **Time a person has**: seat 0 never claims (a person still looking for a first chain),
  the other three are bots of one level. Per level: the median time of the first claim
  and of the game's end, and the share of games over within 20 s.
- **What pace wins**: seat 0 is an easy bot slowed down by a factor (its reaction and
  search times multiplied; easy's sight and mistakes otherwise: chains of up to 3
  operands, 8% wrong claims), against three bots of one level. Per factor and level: seat
  0's share of wins (a fair share is 25%), with its 95% interval. A person's pace is not
  known; the factor at which the share falls below fair tells how slow a newcomer may be
  and still win against that level. (beginner is easy at factor 2.)

Prints one JSON line. Everything but the wall time is the same on every machine.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import replace
from typing import Any

from quintet.bots import ReactionTime
from quintet.core import RuleError, derive_seed
from quintet.core.bot import Plan
from quintet.games.quiclo import GAME
from quintet.games.quiclo.bots import LEVELS, QuicloBot
from quintet.sim import play_game

LEVELS_MEASURED = ("random", "beginner", "easy", "medium", "hard")
FACTORS = (1.0, 1.5, 2.0, 3.0)
SEATS = 4
#: "Over within this" counts the games a person could hardly have joined.
QUICK_END_MS = 20_000
#: How long the idle person takes to agree once the others have voted.
GIVE_UP_MS = 5_000


class Idle:
    """A seat that never claims. It votes "no more claims" once everyone else has (a
    person who finds nothing agrees when the others give up), so that a game nobody can
    move on still ends as the rulebook ends it, not by a timer."""

    def plan(self, view: dict[str, Any], now: int) -> Plan | None:
        voted = view.get("voted", [])
        others = [v for seat, v in enumerate(voted) if seat != view.get("viewer")]
        if view.get("can_vote") and others and all(others):
            return Plan(now + GIVE_UP_MS, {"type": "no_more_claims"})
        return None

    def refused(self, error: RuleError, now: int) -> None:
        return None


def _slow_level(factor: float) -> Any:
    """easy with its reaction and search times multiplied by `factor`."""
    easy = LEVELS["easy"]
    timing = easy.timing
    scaled = ReactionTime(
        round(timing.reaction_ms * factor),
        round(timing.search_ms * factor),
        round(timing.per_step_ms * factor),
        round(timing.per_item_ms * factor),
        round(timing.min_ms * factor),
        timing.max_ms,
    )
    return replace(easy, name=f"easy x{factor}", timing=scaled)


def _interval(share: float, games: int) -> list[float]:
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    return [round(max(0.0, share - half), 3), round(min(1.0, share + half), 3)]


def time_a_person_has(level: str, games: int, seed: int) -> dict[str, Any]:
    firsts, ends = [], []
    for number in range(games):
        game_seed = derive_seed(seed, number)
        run = play_game(GAME, game_seed, SEATS, [Idle(), *[level] * (SEATS - 1)])
        claims = [i.time for i in run.record.inputs if i.seat is not None]
        firsts.append(claims[0] if claims else run.end_time)
        ends.append(run.end_time)
    return {
        "first_claim_median_s": round(statistics.median(firsts) / 1000, 1),
        "end_median_s": round(statistics.median(ends) / 1000, 1),
        "over_within_20s": round(sum(e <= QUICK_END_MS for e in ends) / games, 3),
    }


def what_pace_wins(factor: float, level: str, games: int, seed: int) -> dict[str, Any]:
    person = _slow_level(factor)
    wins = 0
    for number in range(games):
        game_seed = derive_seed(seed, number)
        bot = QuicloBot(GAME, 0, derive_seed(game_seed, 0), person)
        run = play_game(GAME, game_seed, SEATS, [bot, *[level] * (SEATS - 1)])
        wins += run.outcome.ranks[0] == 1
    share = wins / games
    return {"wins": wins, "share": round(share, 3), "interval": _interval(share, games)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    report: dict[str, Any] = {"games": args.games, "seed": args.seed}
    report["time_a_person_has"] = {
        level: time_a_person_has(level, args.games, args.seed) for level in LEVELS_MEASURED
    }
    report["what_pace_wins"] = {
        f"easy x{factor} vs 3 {level}": what_pace_wins(factor, level, args.games, args.seed)
        for level in ("beginner", "easy", "medium")
        for factor in FACTORS
    }
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
