"""The simulator's speed: random Quashars matches through ``quintet.sim`` against OpenSpiel.

``quintet simulate quashars --players 4 --bots random,random,random,random`` plays whole
matches with ``play_game``. Random bots on a game with a fast lane are played there
(``quintet.sim.fast_lane``: the rules' fast path by action ids, records made only when
read); ``fast_lane=False`` times the general event loop instead, where every bot decision
gets a (lazy) view, every action goes through the checked ``game.apply`` and the
scheduler, and is recorded. One match is four deals; the figures are deals per second,
beside OpenSpiel's ``oh_hell`` (one deal a game) driven from Python in the same process.

    .venv/bin/python -m bench.simulate_games [--rounds 5] [--seconds 1] [--game quashars]

Other games (``--game quiclo`` or ``quiddler``) print games per second alone.
"""

from __future__ import annotations

import argparse
import json
import time

from quintet.core import derive_seed
from quintet.sim import play_game

#: Deals in one Quashars match of 4 players (a "game" of the simulator).
DEALS_PER_MATCH = 4


def simulated_games(  # noqa: PLR0917 - the benchmark's knobs, all with defaults
    games: int,
    seed: int,
    game: str = "quashars",
    players: int = 4,
    bot: str = "random",
    fast_lane: bool = True,
) -> float:
    """Seconds to play ``games`` games among ``bot`` bots with ``play_game``, as
    ``quintet simulate`` does for game ``i`` of a run (seed ``derive_seed(seed, i)``);
    ``fast_lane=False`` keeps every game on the general event loop."""
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    levels = [bot] * players
    start = time.perf_counter()
    for index in range(games):
        play_game(game, derive_seed(seed, index), players, levels, fast_lane=fast_lane)
    return time.perf_counter() - start


def quashars_deals(deals: int, seed: int, fast_lane: bool = True) -> float:
    """Seconds to play ``deals`` deals (``deals / 4`` matches, rounded up) of random Quashars."""
    return simulated_games(-(-deals // DEALS_PER_MATCH), seed, fast_lane=fast_lane)


def general_loop_deals(deals: int, seed: int) -> float:
    """``quashars_deals`` on the general event loop (no fast lane)."""
    return quashars_deals(deals, seed, fast_lane=False)


def main(argv: list[str] | None = None) -> None:
    """The simulator's speed alone (one JSON line), or with OpenSpiel for Quashars."""
    from bench.__main__ import Series, _calibrated

    parser = argparse.ArgumentParser(
        prog="python -m bench.simulate_games", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--game", default="quashars", help="the game (default quashars)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--bot", default="random", help="every seat's bot (default random)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="about one round (default 1)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    if args.game == "quashars" and args.players == 4 and args.bot == "random":
        from bench.__main__ import simulate_line

        print(json.dumps(simulate_line(args.rounds, args.seconds, quick=False)), flush=True)
        return

    def run(n: int, s: int) -> float:
        return simulated_games(n, s, args.game, args.players, args.bot)

    series = Series(args.game, run, _calibrated(run, 5, args.seconds))
    for round_no in range(args.rounds):
        series.once(seed=round_no + 1)
    line = {
        "benchmark": "simulate_games",
        "game": args.game,
        "players": args.players,
        "bots": args.bot,
        **series.summary("games"),
    }
    print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
