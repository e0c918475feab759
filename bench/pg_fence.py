"""PostgreSQL's own CPU per input batch, fenced and not: the cluster's append alone.

    .venv/bin/python -m bench.pg_fence [--commits N] [--leases N] [--quick]

A cluster process stores every input fenced (storage/leases.py): the batch's statement
also locks the lease rows of its tables and checks their owner and epoch. This measures
what that costs, alone on a throwaway durable cluster (`bench/store_append.py`'s
settings: fsync, synchronous_commit, full_page_writes on), with `--leases` leased tables
(each lease renewed a few times, as a running cluster leaves them): `--commits` batches
of 1 and of 5 rows (one table each) through each form in turn, three times, over one
asyncpg connection per form. Per form and round: the commit's p50, this process's CPU
and the CPU of the connection's PostgreSQL backend (`/proc/<pid>/stat` of
`pg_backend_pid()`: the statement, its commit and the WAL flush), per batch, and the
statement's own execution time in PostgreSQL (`EXPLAIN ANALYZE` of the same statement,
prepared and planned as the writer's: the median of 200).

Forms (pg_writer.py's statements):

- `plain`: a lone server's batch, no fence;
- `fenced_before`: the general fenced statement on a connection with the server's
  default settings (what a cluster process sent before this change);
- `fenced`: the same on the writer's connection settings (keyed reads);
- `leased`: the statement a cluster process sends now (every table fenced, one owner).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import time
from collections.abc import Callable
from typing import Any, Final

import asyncpg  # type: ignore[import-untyped]  # no stubs shipped
from sqlalchemy import make_url

from bench.server_load import cpu_seconds
from bench.store_append import DurableCluster, _percentile
from quintet.server.storage import NewTable, SeatRow, Store
from quintet.server.storage.pg_writer import _INSERT, _INSERT_FENCED, _INSERT_LEASED, _SETTINGS

OWNER: Final = "bench"
#: The argument types of each statement (for EXPLAIN's PREPARE).
_COLUMN_TYPES: Final = "text[], int[], bigint[], int[], text[], bigint[]"
#: Each form: its statement, its connection's settings, the extra argument types, and its
#: extra arguments for a batch of `tables` with their epochs.
Form = tuple[str, dict[str, str], str, Callable[[list[str], list[int]], list[Any]]]
FORMS: Final[dict[str, Form]] = {
    "plain": (_INSERT, _SETTINGS, "", lambda tables, epochs: []),
    "fenced_before": (
        _INSERT_FENCED,
        {},
        ", text[], text[], bigint[]",
        lambda tables, epochs: [tables, [OWNER] * len(tables), epochs],
    ),
    "fenced": (
        _INSERT_FENCED,
        _SETTINGS,
        ", text[], text[], bigint[]",
        lambda tables, epochs: [tables, [OWNER] * len(tables), epochs],
    ),
    "leased": (_INSERT_LEASED, _SETTINGS, ", text[], text", lambda tables, epochs: [tables, OWNER]),
}


def _literal(value: Any) -> str:
    """An argument as an SQL literal, for EXPLAIN EXECUTE (numbers, texts, their arrays)."""
    if isinstance(value, list):
        inner = ",".join(
            "NULL" if v is None else '"' + str(v).replace('"', '\\"') + '"' for v in value
        )
        return "'{" + inner + "}'"
    return "'" + str(value) + "'"


async def _leased_tables(url: str, count: int) -> dict[str, int]:
    """`count` tables, each leased by OWNER and renewed 5 times; their epochs."""
    store = await Store.open(url)
    seats = tuple(SeatRow(s, "human") for s in range(4))
    epochs: dict[str, int] = {}
    try:
        for n in range(count):
            await store.create_table(NewTable(f"t{n}", "quashars", {}, 1, seats))
            epoch = await store.acquire_lease(f"t{n}", OWNER, 3600)
            assert epoch is not None
            epochs[f"t{n}"] = epoch
        for _ in range(5):
            await store.renew_leases(OWNER, list(epochs), 3600)
    finally:
        await store.close()
    return epochs


def _batch(names: list[str], number: int, size: int, seq: int, action: str) -> list[Any]:
    """The column arrays of batch `number` of `size` rows (the epochs are added after)."""
    tables = [names[(number * 7 + k) % len(names)] for k in range(size)]
    return [tables, [seq] * size, [seq] * size, [0] * size, [action] * size]


async def _forms(url: str, commits: int, leases: int) -> dict[str, Any]:
    epochs = await _leased_tables(url, leases)
    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    action = json.dumps({"type": "play", "card": 12})
    names = list(epochs)
    seq, figures = 0, dict[str, list[dict[str, float]]]()
    for size in (1, 5):
        for name in list(FORMS) * 3:  # each three times, in turn
            statement, settings, types, extra = FORMS[name]
            connection = await asyncpg.connect(dsn, server_settings=settings)
            try:
                backend = await connection.fetchval("SELECT pg_backend_pid()")
                latencies = []

                cpu, server = time.process_time(), cpu_seconds(backend)
                for n in range(commits):
                    args = _batch(names, n, size, seq, action)
                    chosen = [epochs[t] for t in args[0]]
                    args.append(chosen if name != "plain" else [None] * size)
                    seq += 1
                    start = time.perf_counter()
                    await connection.fetch(statement, *args, *extra(args[0], chosen))
                    latencies.append((time.perf_counter() - start) * 1000)
                client_ms = (time.process_time() - cpu) * 1000 / commits
                server_ms = (cpu_seconds(backend) - server) * 1000 / commits
                executions = []
                await connection.execute("SET plan_cache_mode = force_generic_plan")
                await connection.execute(f"PREPARE p({_COLUMN_TYPES}{types}) AS {statement}")
                for n in range(200):
                    args = _batch(names, n, size, seq, action)
                    chosen = [epochs[t] for t in args[0]]
                    args.append(chosen if name != "plain" else [None] * size)
                    args += extra(args[0], chosen)
                    seq += 1
                    found = await connection.fetch(
                        "EXPLAIN (ANALYZE, TIMING OFF) EXECUTE p("
                        + ", ".join(_literal(a) for a in args)
                        + ")"
                    )
                    text = "\n".join(row[0] for row in found)
                    executions.append(float(re.findall(r"Execution Time: ([\d.]+)", text)[0]))
            finally:
                await connection.close()
            figures.setdefault(f"{size} rows, {name}", []).append(
                {
                    "p50_ms": round(statistics.median(latencies), 3),
                    "p99_ms": round(_percentile(latencies, 0.99), 3),
                    "client_cpu_ms": round(client_ms, 3),
                    "postgresql_cpu_ms": round(server_ms, 3),
                    "execution_ms": round(statistics.median(executions), 4),
                }
            )
    return figures


def measure(commits: int, leases: int) -> dict[str, Any]:
    """`_forms` on a throwaway durable cluster; the JSON line."""
    cluster = DurableCluster.start()
    try:
        found = asyncio.run(_forms(cluster.create_database(), commits, leases))
    finally:
        cluster.stop()
    return {"benchmark": "pg_fence", "commits": commits, "leases": leases, **found}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=1000, help="batches per form and round")
    parser.add_argument("--leases", type=int, default=400, help="leased tables (default 400)")
    parser.add_argument("--quick", action="store_true", help="20 batches, 20 leases")
    args = parser.parse_args(argv)
    if args.quick:
        args.commits, args.leases = 20, 20
    print(json.dumps(measure(args.commits, args.leases)), flush=True)


if __name__ == "__main__":
    main()
