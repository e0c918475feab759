"""``server_cpu``: the live server's CPU per action in one table runner, in process.

    .venv/bin/python -m bench.server_cpu [--games N] [--extra K] [--seats S] [--profile]

A `TableRunner` (the server's own) with an in-memory store plays `--games` Quashars games
(options ``pause_ms`` 0) whose seats are people by default (``--seats human,human,...``;
a bot level puts a server-side bot there): each person's connection sends a random legal
action as soon as its seat may act and waits for its acknowledgement; `--extra` adds K
spectators and K more tabs of seat 0. What is measured is this process's CPU
(`time.process_time`) per stored input: the rules, the views, the messages and their
encoding; not the WebSocket transport nor the database (bench/server_load.py has those).
`--profile` prints cProfile's top lines (their CPU, not wall time). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import pstats
import sys
import time
from datetime import UTC, datetime
from typing import Any

from quintet.core import Input, Rng, registry
from quintet.server.runner import TableRunner
from quintet.server.storage import SeatRow, TableRow


class _Store:
    """The part of the store a runner uses, in memory."""

    def __init__(self) -> None:
        self.inputs: list[Input] = []

    async def append_input(self, table_id: str, seq: int, inp: Input) -> None:
        self.inputs.append(inp)

    async def set_status(self, table_id: str, status: str, **fields: Any) -> bool:
        return True


class _Connection:
    """A connection that counts what it is sent and wakes when its `ref` comes back."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.messages = 0
        self.answered = asyncio.Event()

    def send(self, text: str) -> None:
        self.messages += 1
        if '"ref":"a"' in text:
            self.answered.set()

    def close(self, code: int, message: str) -> None:
        self.answered.set()


def _row(seats: list[str], seed: int) -> TableRow:
    now = datetime.now(UTC)
    return TableRow(
        id=f"t{seed}",
        game="quashars",
        options=registry.get("quashars").parse_options({"pause_ms": 0}).to_json(),
        seed=seed,
        players=len(seats),
        status="running",
        settings={},
        created_at=now,
        started_at=now,
        finished_at=None,
        result=None,
        seats=tuple(
            SeatRow(seat=n, kind="human", nickname=f"p{n}")
            if kind == "human"
            else SeatRow(seat=n, kind="bot", level=kind)
            for n, kind in enumerate(seats)
        ),
    )


async def _play(seats: list[str], seed: int, extra: int) -> int:
    runner = TableRunner(_row(seats, seed), _Store(), bot_pace=0.0)  # type: ignore[arg-type]
    people = {s: _Connection(s) for s, kind in enumerate(seats) if kind == "human"}
    for connection in people.values():
        runner.attach(connection)
    for _ in range(extra):
        runner.attach(_Connection(None))
        if 0 in people:
            runner.attach(_Connection(0))
    runner.start()
    rng = Rng(seed)
    while runner.running:
        for seat, connection in people.items():
            action = runner.game.sample_action(runner.state, seat, rng)
            if action is not None:
                connection.answered.clear()
                runner.submit(connection, action, "a")
                await connection.answered.wait()
                break
        else:
            await asyncio.sleep(0.001)  # bots or the host's ticks move next
    await runner.wait()
    return runner.seq


async def _games(seats: list[str], games: int, extra: int) -> int:
    return sum([await _play(seats, seed, extra) for seed in range(1, games + 1)])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--extra", type=int, default=2)
    parser.add_argument("--seats", default="human,human,human,human")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    profile = cProfile.Profile(time.process_time)
    start = time.process_time()
    if args.profile:
        profile.enable()
    inputs = asyncio.run(_games(seats, args.games, args.extra))
    if args.profile:
        profile.disable()
    spent = time.process_time() - start
    line = {
        "benchmark": "server_cpu",
        "game": "quashars",
        "seats": seats,
        "extra": args.extra,
        "games": args.games,
        "inputs": inputs,
        "cpu_ms_per_input": round(1000 * spent / inputs, 3),
        "profiled": args.profile,
    }
    print(json.dumps(line))
    if args.profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
        print(out.getvalue(), file=sys.stderr)


if __name__ == "__main__":
    main()
