"""SQLite appends while the event loop is never idle: what the GIL's switch interval costs.

    .venv/bin/python -m bench.store_busy_loop [--appends N] [--switch-interval S] [--quick]

One table appends its inputs one at a time through the server's `Store` (SQLite file in a
temporary directory, WAL, synchronous=FULL: the input writer thread) while a task keeps
the event loop busy in Python, 1 ms at a time, as a saturated server's loop is. The
writer thread needs the GIL a few times per batch (to wake, after its statement, to
answer the loop) and must wait for the loop to hand it over: up to the interpreter's
switch interval each time (`sys.setswitchinterval`; Python's default 5 ms, `quintet
serve` sets `main.GIL_SWITCH_S`). Prints one JSON line: append latency p50, p90, p99,
max and mean (ms), and the interval used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from quintet.core import Input
from quintet.server.storage import NewTable, SeatRow, Store

#: How long the busy task holds the loop between two yields (seconds).
BUSY_SLICE_S = 0.001


async def _busy(stop: asyncio.Event) -> None:
    while not stop.is_set():
        end = time.perf_counter() + BUSY_SLICE_S
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0)


async def _appends(count: int) -> list[float]:
    """Each append's latency in ms, the loop kept busy meanwhile."""
    with tempfile.TemporaryDirectory(prefix="quintet-busy-loop-") as folder:
        store = await Store.open(f"sqlite+aiosqlite:///{Path(folder) / 'quintet.db'}")
        try:
            seats = (SeatRow(0, "human"), SeatRow(1, "human"))
            await store.create_table(NewTable("busy", "quashars", {}, 1, seats))
            stop = asyncio.Event()
            busy = asyncio.create_task(_busy(stop))
            times = []
            for seq in range(count):
                start = time.perf_counter()
                await store.append_input("busy", seq, Input(0, {"type": "n", "n": seq}, seq))
                times.append(1000 * (time.perf_counter() - start))
            stop.set()
            await busy
            return times
        finally:
            await store.close()


def measure(count: int, switch_interval: float | None) -> dict[str, object]:
    """Run the appends (with this switch interval, if given); the JSON line's fields."""
    if count < 1:
        raise ValueError(f"--appends must be >= 1, not {count}")
    previous = sys.getswitchinterval()
    if switch_interval is not None:
        sys.setswitchinterval(switch_interval)
    try:
        used = sys.getswitchinterval()
        times = sorted(asyncio.run(_appends(count)))
    finally:
        sys.setswitchinterval(previous)  # the process's own setting again (tests run here)
    return {
        "benchmark": "store_busy_loop",
        "appends": count,
        "switch_interval_ms": round(1000 * used, 3),
        "p50_ms": round(statistics.median(times), 2),
        "p90_ms": round(times[int(0.9 * (count - 1))], 2),
        "p99_ms": round(times[int(0.99 * (count - 1))], 2),
        "max_ms": round(times[-1], 2),
        "mean_ms": round(statistics.fmean(times), 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.store_busy_loop", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--appends", type=int, default=300, help="appends (default 300)")
    parser.add_argument("--switch-interval", type=float, help="seconds (default: Python's)")
    parser.add_argument("--quick", action="store_true", help="20 appends")
    args = parser.parse_args(argv)
    count = 20 if args.quick else args.appends
    try:
        line = measure(count, args.switch_interval)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps({**line, "quick": args.quick}), flush=True)


if __name__ == "__main__":
    main()
