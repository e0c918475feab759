"""How long Quiclo's bot levels take to find a claim, by the kind of chain they claim.

    .venv/bin/python -m bench.quiclo_timing [--tables N] [--seed S]

Deals N tables (a 12-card hand against three tops, beside a second hand), asks a fresh
bot of each level for its plan at time 0, and sorts the claims it plans by kind:
2-operand chains with + or - only, 4-operand chains with + or - only, and 4-operand
chains with a * or a /. Per level and kind: how many, and the median and 10th
percentile of the time to the claim (reaction and search, ms). Votes and wrong claims
are left out. Then, per level, the model's median (reaction and search, no scatter) for
a few reference chains with a full hand of 12 cards. Everything is the same on every
machine (seeded, no clock). One JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from quintet.core import Rng, registry
from quintet.games.quiclo import GAME
from quintet.games.quiclo.arithmetic import explain, format_chain
from quintet.games.quiclo.bots import LEVELS as BOT_LEVELS
from quintet.games.quiclo.effort import effort
from quintet.games.quiclo.rules import position

LEVELS = ("beginner", "easy", "medium", "hard")
#: Reference chains, easy to hard (the test `test_harder_chains_take_longer_at_every_level`
#: checks the like).
REFERENCE = (
    ((3, 5), ("+",)),
    ((38, 54), ("+",)),
    ((38, 54, 17), ("+", "-")),
    ((38, 54, 17, 6), ("+", "-", "+")),
    ((9, 8, 24, 6), ("*", "-", "/")),
    ((12, 7, 96, 8), ("*", "-", "/")),
)


def kind(action: dict[str, Any]) -> str | None:
    """The chain's kind, or None for one this report does not count."""
    operands, operators = action["operands"], action["operators"]
    products = any(op in "*/" for op in operators)
    if len(operands) == 2 and not products:
        return "2 operands, + -"
    if len(operands) == 4:
        return "4 operands, * or /" if products else "4 operands, + -"
    return None


def measure(level: str, tables: int, seed: int) -> dict[str, Any]:
    rng = Rng(seed)
    times: dict[str, list[int]] = {}
    for number in range(tables):
        cards = list(range(1, 145))
        rng.shuffle(cards)
        hand, tops, other = cards[:12], cards[12:15], cards[15:27]
        state = position([hand, other], [[top] for top in tops])
        bot = registry.make_bot("quiclo", level, 0, seed * 100_003 + number)
        plan = bot.plan(GAME.view(state, 0), 0)
        if plan is None or plan.action["type"] != "claim":
            continue
        action = plan.action
        if not explain(action["operands"], action["operators"], action["expect"]).valid:
            continue
        found = kind(action)
        if found is not None:
            times.setdefault(found, []).append(plan.time)
    report = {}
    for name, found_times in sorted(times.items()):
        deciles = statistics.quantiles(found_times, n=10) if len(found_times) > 1 else found_times
        report[name] = {
            "claims": len(found_times),
            "median_s": round(statistics.median(found_times) / 1000, 1),
            "p10_s": round(deciles[0] / 1000, 1),
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report: dict[str, Any] = {"tables": args.tables, "seed": args.seed}
    for level in LEVELS:
        report[level] = measure(level, args.tables, args.seed)
    report["model_median_s"] = {
        format_chain(operands, operators): {
            "effort": effort(operands, operators),
            **{
                level: round(
                    BOT_LEVELS[level].timing.median(effort(operands, operators), 12) / 1000, 1
                )
                for level in LEVELS
            },
        }
        for operands, operators in REFERENCE
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
