"""Quiclo's levels, adjacent pairs: is each level separated from the next one up?

    .venv/bin/python -m bench.quiclo_ladder [--games N] [--seed S] [--pairs a:b,c:d]

For each adjacent pair of shown levels (weaker first, as `BOTS` lists them), under the
simulator's virtual clock (`quintet.sim.play_game`):

- **2 players**, head to head, seats swapped on every other game (the same deal twice);
- **4 players**, two of each, seated A, B, A, B and B, A, B, A on the same deal.

Per game the stronger level's share of the win: 1 if only its seats won, 0 if only the
weaker's, shared by the winners' count otherwise (a tie in cards left). Prints, per pair
and table size, the mean share with a 95% interval (Wilson's, the games as trials);
`separated` says whether the interval excludes 0.5. Everything but the wall time is the
same on every machine. One JSON line.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import time
from typing import Any

from quintet.core import derive_seed
from quintet.games.quiclo.bots import BOTS
from quintet.sim import play_game


def stronger_share(seats: list[str], strong: str, winners: tuple[int, ...]) -> float:
    """The stronger level's share of this game's win."""
    return sum(seats[seat] == strong for seat in winners) / len(winners)


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share over `games` games (also sound at 0 and 1,
    where the normal interval shrinks to a point)."""
    scale = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / scale
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / scale
    return centre - half, centre + half


def pair(weak: str, strong: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """`games` games of `players` seats, the two levels alternating, seats swapped every
    other game on the same deal."""
    shares = []
    base = [weak, strong] * (players // 2)
    for number in range(games):
        seats = base if number % 2 == 0 else base[::-1]
        run = play_game("quiclo", derive_seed(seed, number // 2), players, seats)
        shares.append(stronger_share(seats, strong, run.outcome.winners))
    mean = statistics.fmean(shares)
    low, high = wilson(mean, len(shares))
    return {
        "games": games,
        "share": round(mean, 3),
        "interval": [round(low, 3), round(high, 3)],
        "separated": low > 0.5 or high < 0.5,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair and size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,4", help="table sizes, comma-separated")
    parser.add_argument(
        "--pairs", default="", help="weak:strong pairs (default: adjacent shown levels)"
    )
    args = parser.parse_args()
    shown = list(BOTS.shown)
    pairs = (
        [tuple(item.split(":")) for item in args.pairs.split(",")]
        if args.pairs
        else list(itertools.pairwise(shown))
    )
    started = time.perf_counter()
    report: dict[str, Any] = {"games": args.games, "seed": args.seed, "levels": shown}
    for players in (int(p) for p in args.players.split(",")):
        report[f"{players}p"] = {
            f"{weak} < {strong}": pair(weak, strong, players, args.games, args.seed)
            for weak, strong in pairs
        }
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
