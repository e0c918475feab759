"""``server_cpu``: the live server's CPU per action in one table runner, in process.

    .venv/bin/python -m bench.server_cpu [--games N] [--extra K] [--seats S] [--db sqlite]
                                         [--profile]

A `TableRunner` (the server's own) with an in-memory store plays `--games` Quashars games
(options ``pause_ms`` 0) whose seats are people by default (``--seats human,human,...``;
a bot level puts a server-side bot there): each person's connection sends a random legal
action as soon as its seat may act and waits for its acknowledgement; `--extra` adds K
spectators and K more tabs of seat 0. What is measured is this process's CPU
(`time.process_time`) per stored input: the rules, the views, the messages and their
encoding; not the WebSocket transport nor, by default, the database (bench/server_load.py
has those). `--db sqlite` stores the inputs in the server's own `Store` over an SQLite file
in a temporary directory (WAL, synchronous=FULL), so the durable append, its writer thread
included, is in the figure too (the games run one at a time: every batch is one input).
`--profile` prints cProfile's top lines (their CPU, not wall time). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from quintet.core import Input, Rng, registry
from quintet.server.runner import TableRunner
from quintet.server.storage import NewTable, SeatRow, Store, TableRow


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


async def _play(seats: list[str], seed: int, extra: int, store: Store | None) -> int:
    row = _row(seats, seed)
    if store is not None:
        await store.create_table(NewTable(row.id, row.game, row.options, row.seed, row.seats))
    used = _Store() if store is None else store
    runner = TableRunner(row, used, bot_pace=0.0)  # type: ignore[arg-type]
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
    if store is not None and await store.input_count(row.id) != runner.seq:
        raise RuntimeError(f"table {row.id}: not every input was stored")
    return runner.seq


async def _games(
    seats: list[str], games: int, extra: int, db: str | None
) -> tuple[int, float, float]:
    """The inputs stored and the CPU seconds (user, system: all threads) spent playing
    them (opening the store, and migrating its schema, left out)."""

    async def play(store: Store | None) -> tuple[int, float, float]:
        start = os.times()
        inputs = sum([await _play(seats, seed, extra, store) for seed in range(1, games + 1)])
        end = os.times()
        return inputs, end.user - start.user, end.system - start.system

    if db is None:
        return await play(None)
    with tempfile.TemporaryDirectory(prefix="quintet-server-cpu-") as folder:
        store = await Store.open(f"sqlite+aiosqlite:///{Path(folder) / 'quintet.db'}")
        try:
            return await play(store)
        finally:
            await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--extra", type=int, default=2)
    parser.add_argument("--seats", default="human,human,human,human")
    parser.add_argument("--db", choices=("sqlite",), help="store the inputs in SQLite")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    profile = cProfile.Profile(time.process_time)
    if args.profile:
        profile.enable()
    inputs, user, system = asyncio.run(_games(seats, args.games, args.extra, args.db))
    if args.profile:
        profile.disable()
    line = {
        "benchmark": "server_cpu",
        "game": "quashars",
        "seats": seats,
        "extra": args.extra,
        "games": args.games,
        "db": args.db or "none (in memory)",
        "inputs": inputs,
        "cpu_ms_per_input": round(1000 * (user + system) / inputs, 3),
        "user_ms_per_input": round(1000 * user / inputs, 3),
        "system_ms_per_input": round(1000 * system / inputs, 3),
        "profiled": args.profile,
    }
    print(json.dumps(line))
    if args.profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
        print(out.getvalue(), file=sys.stderr)


if __name__ == "__main__":
    main()
