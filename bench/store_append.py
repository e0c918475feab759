"""Durable appends on SQLite and PostgreSQL: each backend's input writer against the
async engine, in one run.

    .venv/bin/python -m bench.store_append [--tables N] [--rate R] [--work-ms W]
                                           [--seconds S] [--rounds K] [--quick]
                                           [--backend sqlite|postgresql|both] [--fence]

`Store.append_input` latency (call to return, i.e. to "committed, may tell") under the
shape of a live server: `--tables` tables, each appending its inputs one at a time (as a
runner does), at `--rate` appends per second in all (exponential gaps), and after each
append `--work-ms` of CPU on the event loop (what applying and broadcasting an action
costs the server), so that the loop is busy as it is under load. With `--fence`, every
table is leased and fenced first (the multi-process mode: each append checks the lease).

Both paths run in the same process, on a fresh database each, round by round in turn
(engine, writer, writer, engine, ...): `engine` is the store's path through SQLAlchemy's
async engine (`Store.open(url, input_writer=False)`), `writer` the backend's own input
writer (the default): SQLite's writer thread, PostgreSQL's asyncpg connection.

SQLite: a file in a temporary directory, WAL, synchronous=FULL. PostgreSQL: a throwaway
cluster (tests/server/pg.py: initdb, a postmaster on a free loopback port, the directory
deleted afterwards; needs PostgreSQL's binaries) with durability ON, as in production:
fsync=on, synchronous_commit=on, full_page_writes=on (`DURABLE` below). Prints one JSON
line: per backend and path, the p50/p90/p99/max of all rounds' latencies pooled, appends
per second, appends per transaction (the group commit's batch size), and this process's
CPU per append (all its threads, the simulated work aside; not the PostgreSQL server's):
a figure that a busy machine disturbs less than the latencies.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]  # no stubs shipped
from sqlalchemy import make_url
from tests.server.pg import PgCluster

from quintet.core import Input
from quintet.server.storage import NewTable, SeatRow, Store
from quintet.server.storage.pg_writer import PgInputWriter

#: The benchmark cluster's settings: every commit flushed to disk, as in production.
DURABLE = (
    "fsync=on",
    "synchronous_commit=on",
    "full_page_writes=on",
    "shared_buffers=32MB",
    "max_connections=20",
    "log_min_messages=warning",
)


class DurableCluster(PgCluster):
    """The tests' throwaway cluster, with durability on."""

    server_settings = DURABLE


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _busy(ms: float) -> float:
    """Spin `ms` of wall time on the loop; returns the CPU seconds it took."""
    cpu = time.thread_time()
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        pass
    return time.thread_time() - cpu


async def _round(
    url: str,
    *,
    writer: bool,
    tables: int,
    rate: float,
    work_ms: float,
    seconds: float,
    fence: bool,
) -> tuple[list[float], int, float]:
    store = await Store.open(url, input_writer=writer)
    latencies: list[float] = []
    try:
        ids = [f"t{n}" for n in range(tables)]
        for table_id in ids:
            seats = tuple(SeatRow(s, "human") for s in range(4))
            await store.create_table(NewTable(table_id, "quashars", {}, 1, seats))
            if fence:
                epoch = await store.acquire_lease(table_id, "bench", 3600)
                assert epoch is not None
                store.fence(table_id, "bench", epoch)
        before = store.input_transactions
        busy = [0.0]
        cpu = time.process_time()
        stop = time.perf_counter() + seconds
        gap = tables / rate  # each table's mean gap between inputs

        async def table(table_id: str, rng: random.Random) -> None:
            seq = 0
            while time.perf_counter() < stop:
                await asyncio.sleep(rng.expovariate(1 / gap))
                inp = Input(seq % 4, {"type": "play", "card": seq % 52}, seq * 100)
                start = time.perf_counter()
                await store.append_input(table_id, seq, inp)
                latencies.append((time.perf_counter() - start) * 1000)
                seq += 1
                busy[0] += _busy(work_ms)  # apply and broadcast: the loop is busy meanwhile

        await asyncio.gather(*(table(i, random.Random(n)) for n, i in enumerate(ids)))
        # This process's CPU for the appends (all its threads), the simulated work aside.
        used = time.process_time() - cpu - busy[0]
        return latencies, store.input_transactions - before, used
    finally:
        await store.close()


def _summary(
    latencies: list[float], transactions: int, cpu_s: float, seconds: float
) -> dict[str, Any]:
    return {
        # The appending process's own CPU (not the PostgreSQL server's), per append.
        "cpu_ms_per_append": round(cpu_s * 1000 / len(latencies), 3),
        "appends": len(latencies),
        "appends_per_second": round(len(latencies) / seconds, 1),
        "appends_per_transaction": round(len(latencies) / max(1, transactions), 2),
        "p50_ms": round(statistics.median(latencies), 3),
        "p90_ms": round(_percentile(latencies, 0.90), 3),
        "p99_ms": round(_percentile(latencies, 0.99), 3),
        "max_ms": round(max(latencies), 3),
    }


def _paths(new_url: Callable[[str], str], rounds: int, **shape: Any) -> dict[str, Any]:
    """`rounds` rounds of each path in turn, each on a fresh database from `new_url(name)`."""
    pooled: dict[str, tuple[list[float], int, float]] = {
        "engine": ([], 0, 0.0),
        "writer": ([], 0, 0.0),
    }
    for n in range(rounds):
        order = ("engine", "writer") if n % 2 == 0 else ("writer", "engine")
        for path in order:
            found, transactions, cpu_s = asyncio.run(
                _round(new_url(f"{path}{n}"), writer=path == "writer", **shape)
            )
            latencies, total, cpu_total = pooled[path]
            pooled[path] = (latencies + found, total + transactions, cpu_total + cpu_s)
    return {
        path: _summary(latencies, transactions, cpu_s, shape["seconds"] * rounds)
        for path, (latencies, transactions, cpu_s) in pooled.items()
    }


def measure(
    tables: int,
    rate: float,
    work_ms: float,
    seconds: float,
    rounds: int,
    *,
    backends: tuple[str, ...] = ("sqlite", "postgresql"),
    fence: bool = False,
) -> dict[str, Any]:
    """Run `rounds` rounds of each path in turn on each backend; returns the figures (see
    the module doc). PostgreSQL needs its binaries (else `tests.server.pg.PostgresMissing`)."""
    shape = {"tables": tables, "rate": rate, "work_ms": work_ms, "seconds": seconds}
    figures: dict[str, Any] = {"benchmark": "store_append", **shape, "rounds": rounds}
    figures["fenced"] = fence
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as tmp:
            figures["sqlite"] = {
                "db": "a file in a temporary directory, WAL, synchronous=FULL",
                **_paths(
                    lambda name: f"sqlite+aiosqlite:///{Path(tmp) / f'{name}.db'}",
                    rounds,
                    fence=fence,
                    **shape,
                ),
            }
    if "postgresql" in backends:
        cluster = DurableCluster.start()
        try:
            figures["postgresql"] = {
                "db": "a throwaway local cluster over loopback TCP, " + ", ".join(DURABLE[:3]),
                **_paths(lambda _name: cluster.create_database(), rounds, fence=fence, **shape),
            }
        finally:
            cluster.stop()
    return figures


_EXECUTEMANY = (
    "INSERT INTO inputs (table_id, seq, time_ms, seat, action, epoch)"
    " VALUES ($1, $2, $3, $4, $5::json, $6)"
)


async def _forms(url: str, commits: int) -> dict[str, Any]:
    """Commit latency and client CPU of PostgreSQL's two batch forms, alone (no loop load):
    the writer's one statement over arrays, and BEGIN + executemany + COMMIT."""
    store = await Store.open(url)
    seats = tuple(SeatRow(s, "human") for s in range(4))
    for n in range(20):
        await store.create_table(NewTable(f"t{n}", "quashars", {}, 1, seats))
    await store.close()
    writer = await PgInputWriter.open(make_url(url))
    connection = await asyncpg.connect(
        make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    )
    action = json.dumps({"type": "play", "card": 12})
    seq, figures = 0, dict[str, list[dict[str, float]]]()
    try:
        for size in (1, 5, 20):
            for form in ("unnest", "executemany") * 2:  # each twice, in turn
                latencies, cpu = [], time.process_time()
                for _ in range(commits):
                    rows = [
                        {
                            "table_id": f"t{n}",
                            "seq": seq,
                            "time_ms": seq,
                            "seat": 0,
                            "action": action,
                            "epoch": None,
                        }
                        for n in range(size)
                    ]
                    seq += 1
                    start = time.perf_counter()
                    if form == "unnest":
                        await writer.insert("bench", rows)
                    else:
                        async with connection.transaction():
                            await connection.executemany(
                                _EXECUTEMANY, [tuple(r.values()) for r in rows]
                            )
                    latencies.append((time.perf_counter() - start) * 1000)
                cpu_ms = (time.process_time() - cpu) * 1000 / commits
                figures.setdefault(f"{size} rows, {form}", []).append(
                    {
                        "p50_ms": round(statistics.median(latencies), 3),
                        "p99_ms": round(_percentile(latencies, 0.99), 3),
                        "cpu_ms": round(cpu_ms, 3),
                    }
                )
    finally:
        await writer.close()
        await connection.close()
    return figures


def insert_forms(commits: int) -> dict[str, Any]:
    """`_forms` on a throwaway durable cluster."""
    cluster = DurableCluster.start()
    try:
        found = asyncio.run(_forms(cluster.create_database(), commits))
    finally:
        cluster.stop()
    return {"benchmark": "store_append --insert-forms", "commits": commits, **found}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables appending (default 50)")
    parser.add_argument("--rate", type=float, default=500.0, help="appends/s in all (default 500)")
    parser.add_argument("--work-ms", type=float, default=0.5, help="loop CPU per append (0.5)")
    parser.add_argument("--seconds", type=float, default=10.0, help="per round (default 10)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of each path (default 2)")
    parser.add_argument("--quick", action="store_true", help="5 tables, 1 s, 1 round")
    parser.add_argument(
        "--backend", choices=("sqlite", "postgresql", "both"), default="both", help="(both)"
    )
    parser.add_argument("--fence", action="store_true", help="lease and fence every table")
    parser.add_argument(
        "--insert-forms",
        action="store_true",
        help="instead: PostgreSQL's batch forms alone (one statement over arrays, executemany)",
    )
    args = parser.parse_args(argv)
    if args.insert_forms:
        print(json.dumps(insert_forms(10 if args.quick else 300)), flush=True)
        return
    if args.quick:
        args.tables, args.seconds, args.rounds = 5, 1.0, 1
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    figures = measure(
        args.tables,
        args.rate,
        args.work_ms,
        args.seconds,
        args.rounds,
        backends=backends,
        fence=args.fence,
    )
    print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
