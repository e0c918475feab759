"""Quiddler's `hard` bot at the table: how often it goes out with 3 cards, and how it fares
against the `hard` it replaced.

    .venv/bin/python -m bench.quiddler_hard [--games N] [--seed S] [--players P] [--deals D]
        [--against old|no-bonus]

Plays N pairs of games between the new `hard` (`expert.ExpertBot`) and the old one
(`LevelBot` with `LEVELS["hard"]`, the expected-value bot of 2026-11), on the same seeds
with the seats swapped (paired: each pair deals the same cards to both seatings). With P
players the new bot takes seat 0 (then seat 1) and the others are old. ``--against
no-bonus`` plays the new bot against itself without its arrangement for the bonuses
instead (what that arrangement is worth). Prints one JSON line:

- ``go_out_rate_3_cards``: of the new bot's turns in round 1 (3 cards dealt) that were not
  a last turn, the share in which it went out; ``old_go_out_rate_3_cards`` the same for the
  old bot in the same games. ``go_out_bound_3_cards``: over the same turns of the new bot,
  the mean of the best chance any draw gave of going out (1 when the discard pile's top
  lets the hand go out, else the share of unseen cards that do, by the exact solver): what
  a bot that only maximised going out would reach on those turns.
- ``win_share``: the new bot's share of wins against the old (a tie counts half), with its
  95% interval over the pairs (normal approximation), and the mean score difference
  (new minus the old bots' mean) with its interval.
- ``decision_cpu_median_ms``, ``decision_cpu_p99_ms``: the CPU time of the new bot's
  `plan` calls (the old bot's beside it).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from quintet.core import Input, JSONDict, Plan, RuleError, derive_seed
from quintet.games.quiddler import GAME
from quintet.games.quiddler.bots import LEVELS, LevelBot, sorted_hand, unseen_cards, view_table
from quintet.games.quiddler.expert import ExpertBot
from quintet.games.quiddler.solver import Best
from quintet.sim.engine import play_game

GAMES = 100
#: Round-1 deals played for the 3-card go-out rate (a whole game gives about one such turn).
DEALS = 2000
OPTIONS: JSONDict = {"pause_ms": 0}


def old_hard(seat: int, seed: int) -> LevelBot:
    """The hard bot before issue 14: expected-value draws over 6 sampled cards."""
    return LevelBot(GAME, seat, seed, LEVELS["hard"])


def new_hard(seat: int, seed: int) -> ExpertBot:
    return ExpertBot(GAME, seat, seed)


class NoBonusHard(ExpertBot):
    """The new hard without its arrangement for the bonuses: what that is worth."""

    def _arranged(
        self, view: JSONDict, known: Any, hand: tuple[str, ...], play: Best, *, going_out: bool
    ) -> Best:
        return play


#: The opponents `--against` names: the old hard (the default), or the new one without
#: its bonus arrangement.
OPPONENTS: dict[str, Callable[[int, int], Any]] = {
    "old": old_hard,
    "no-bonus": lambda seat, seed: NoBonusHard(GAME, seat, seed),
}


class Watch:
    """Wraps a bot: CPU time per plan, and its round-1 turns (went out or not, and the bound)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.cpu: list[float] = []
        self.turns = 0
        self.outs = 0
        self.bound = 0.0

    def plan(self, view: JSONDict, now: int) -> Plan | None:
        start = time.process_time()
        plan: Plan | None = self.inner.plan(view, now)
        self.cpu.append(time.process_time() - start)
        if plan is not None and view["round"] == 1 and view["phase"] == "play":
            if view["step"] == "discard":
                self.turns += 1
                self.outs += plan.action["type"] == "go_out"
            elif view["step"] == "draw" and view["went_out"] is None and not view["last_call"]:
                self.bound += _best_chance(view)
        return plan

    def refused(self, error: RuleError, now: int) -> None:
        self.inner.refused(error, now)


def _best_chance(view: JSONDict) -> float:
    """The best chance of going out that a draw gives: the top's (0 or 1) or the deck's."""
    table = view_table(view)
    hand = view["hand"]
    top = view["discard_top"]
    if top is not None and table.go_out(sorted_hand((*hand, top))) is not None:
        return 1.0
    pool = unseen_cards(view)
    total = sum(pool.values())
    if not total:
        return 0.0
    good = sum(
        count
        for card, count in pool.items()
        if table.go_out(sorted_hand((*hand, card))) is not None
    )
    return good / total


def round_one(
    deals: int, seed: int, players: int, against: str = "old"
) -> tuple[list[Watch], list[Watch]]:
    """Round 1 of `deals` games (the new bot in seat `deal % players`, old bots elsewhere),
    played up to the second deal: the watches of the new bots and of the old ones."""
    new: list[Watch] = []
    old: list[Watch] = []
    for deal in range(deals):
        game_seed = derive_seed(seed, 1_000_000 + deal)
        state = GAME.new(game_seed, players, OPTIONS)
        bots = []
        for seat in range(players):
            bot_seed = derive_seed(game_seed, seat)
            if seat == deal % players:
                bots.append(Watch(new_hard(seat, bot_seed)))
                new.append(bots[-1])
            else:
                bots.append(Watch(OPPONENTS[against](seat, bot_seed)))
                old.append(bots[-1])
        while state.round_no == 1:
            seat = state.to_act
            plan = bots[seat].plan(GAME.view(state, seat), state.now)
            assert plan is not None
            GAME.apply(state, Input(seat, plan.action, plan.time))
    return new, old


def _interval(values: list[float]) -> list[float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(mean - half, 3), round(mean + half, 3)]


def measure(
    games: int = GAMES, seed: int = 1, players: int = 2, deals: int = DEALS, against: str = "old"
) -> dict[str, Any]:
    """Play `games` pairs and return the JSON line (see the module's docstring)."""
    new_watches: list[Watch] = []
    old_watches: list[Watch] = []
    shares: list[float] = []
    diffs: list[float] = []
    start = time.perf_counter()
    for number in range(games):
        game_seed = derive_seed(seed, number)
        pair: list[float] = []
        for new_seat in (0, 1):
            bots: list[Any] = []
            for seat in range(players):
                bot_seed = derive_seed(game_seed, seat)
                if seat == new_seat:
                    watch = Watch(new_hard(seat, bot_seed))
                    new_watches.append(watch)
                else:
                    watch = Watch(OPPONENTS[against](seat, bot_seed))
                    old_watches.append(watch)
                bots.append(watch)
            run = play_game(GAME, game_seed, players, bots, OPTIONS)
            ranks = run.outcome.ranks
            mine = ranks[new_seat]
            best_other = min(r for s, r in enumerate(ranks) if s != new_seat)
            pair.append(1.0 if mine < best_other else 0.5 if mine == best_other else 0.0)
            scores = run.outcome.scores
            others = [s for seat, s in enumerate(scores) if seat != new_seat]
            diffs.append(scores[new_seat] - statistics.fmean(others))
        shares.append(statistics.fmean(pair))
    seconds = time.perf_counter() - start

    def rate(watches: list[Watch]) -> float:
        turns = sum(w.turns for w in watches)
        return round(sum(w.outs for w in watches) / turns, 4) if turns else 0.0

    def cpu(watches: list[Watch]) -> dict[str, float]:
        times = sorted(t for w in watches for t in w.cpu)
        return {
            "median_ms": round(statistics.median(times) * 1000, 3),
            "p99_ms": round(times[min(len(times) - 1, int(0.99 * len(times)))] * 1000, 2),
        }

    new_cpu, old_cpu = cpu(new_watches), cpu(old_watches)
    firsts, old_firsts = round_one(deals, seed, players, against)
    turns = sum(w.turns for w in firsts)
    return {
        "benchmark": "quiddler_hard",
        "players": players,
        "against": against,
        "pairs": games,
        "seed": seed,
        "deals_3_cards": deals,
        "turns_3_cards": turns,
        "go_out_rate_3_cards": rate(firsts),
        "go_out_bound_3_cards": round(sum(w.bound for w in firsts) / turns, 4),
        "old_go_out_rate_3_cards": rate(old_firsts),
        "old_turns_3_cards": sum(w.turns for w in old_firsts),
        "win_share": round(statistics.fmean(shares), 3),
        "win_share_interval": _interval(shares),
        "score_difference": round(statistics.fmean(diffs), 2),
        "score_difference_interval": [round(x, 2) for x in _interval(diffs)],
        "decision_cpu_median_ms": new_cpu["median_ms"],
        "decision_cpu_p99_ms": new_cpu["p99_ms"],
        "old_decision_cpu_median_ms": old_cpu["median_ms"],
        "old_decision_cpu_p99_ms": old_cpu["p99_ms"],
        "seconds": round(seconds, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.quiddler_hard", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=GAMES, help=f"pairs of games ({GAMES})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 9))
    parser.add_argument(
        "--deals", type=int, default=DEALS, help=f"round-1 deals for the go-out rate ({DEALS})"
    )
    parser.add_argument(
        "--against",
        choices=sorted(OPPONENTS),
        default="old",
        help="the opponent: the old hard (default) or the new one without bonus arrangement",
    )
    args = parser.parse_args(argv)
    if args.games < 2 or args.deals < 1:
        parser.error("--games must be at least 2 and --deals at least 1")
    line = measure(args.games, args.seed, args.players, args.deals, args.against)
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
