"""``server_capacity_cluster``: the capacity benchmark on PostgreSQL, 1 process against 2.

    .venv/bin/python -m bench.server_capacity --compare [--quick] [--steps 5,10,20]
    .venv/bin/python -m bench.server_capacity --db postgresql [--processes 2] [...]

Its ``measure`` gives one JSON line (issue 15 §1 and §2, "the capacity of one process against two
processes on this 2-core machine, in the same run"). The load is ``bench/server_capacity.py``'s
(unpaced Quashars tables of 4, raised step by step; the knee is the highest rate whose
p99 is at most its ``GOAL_P99_MS``), against:

- ``processes_1``: one ``quintet serve`` on a throwaway PostgreSQL cluster with durability
  ON (fsync, synchronous_commit, full_page_writes: ``bench/store_append.py``'s settings),
  no Redis: it runs alone;
- ``processes_2``: two ``quintet serve`` processes on a fresh database of the same cluster,
  joined through a throwaway ``redis-server`` (``--redis``, ``--process-name``). Each table is
  created through, and all its seats connected to, the next process in turn: the best case
  a sticky proxy gives (each table's owner holds all its connections; nothing crosses
  Redis but the lobby's and leases' own traffic). The server CPU is summed over both pids.

``capacity_ratio_2_to_1`` is the 2-process knee over the 1-process knee (the issue's goal:
at least 1.7); ``peak_ratio_2_to_1`` the same for the fastest step of each, whatever its
p99 (the knee is None when no step meets the p99 goal). On a 2-core machine the load
process, PostgreSQL and Redis share the cores with the servers: the ratio is a floor of
what two machines would give, and noisy; each configuration's steps carry
``load_cpu_percent``, ``server_cpu_percent``, ``others_cpu_percent`` (PostgreSQL and Redis)
and ``machine_cpu_percent`` (every process), and ``cpu_at_peak_<n>`` sums them up for the
fastest step (``rest_of_machine``: other work on the machine, out of ``cores`` x 100).

A figure the sharing does not decide: ``actions_per_server_cpu_second_<n>`` (every
window's actions over the servers' CPU, summed over the processes), their quotient
``scaling_efficiency_2_to_1`` (1.0: a second process costs nothing per action), and
``cpu_bound_ratio_2_to_1`` (twice that): the ratio two processes would reach if each had
a core of its own and the load, PostgreSQL and Redis ran elsewhere.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from tests.server.pg import PgCluster, PostgresMissing
from tests.server.redis_server import RedisMissing, RedisServer

from bench.server_capacity import FULL, GOAL_P99_MS, QUICK, SERVER_ENV, Config, _run, load
from bench.server_load import (
    _log_tail,
    cpu_seconds,
    free_port,
    start_server,
    stop_server,
    wait_for_server,
)
from bench.store_append import DURABLE

#: The issue's goal for the knee of 2 processes over the knee of 1.
GOAL_RATIO: Final = 1.7
#: Durable as in production (bench/store_append.py), with room for two servers' pools.
SETTINGS: Final = (
    *(s for s in DURABLE if not s.startswith("max_connections=")),
    "max_connections=100",
)
#: A lease long enough that no table changes owner while the machine is loaded.
LEASE_TTL_S: Final = 10.0

_STARTED = time.monotonic()


def _log(message: str) -> None:
    elapsed = time.monotonic() - _STARTED
    print(f"bench: server_capacity_cluster: [{elapsed:.1f} s] {message}", file=sys.stderr)


class DurablePg(PgCluster):
    """The tests' throwaway cluster, durable and with more connections."""

    server_settings = SETTINGS


def measure_processes(
    config: Config, processes: int, cluster: PgCluster, redis: RedisServer | None
) -> dict[str, Any]:
    """The capacity figures of `processes` servers on a fresh database of `cluster` (with
    `redis` when there is more than one)."""
    if processes > 1 and redis is None:
        raise ValueError("more than one process needs Redis")
    db = cluster.create_database(f"capacity_{processes}")
    with tempfile.TemporaryDirectory(prefix="quintet-capacity-cluster-") as name:
        folders = [Path(name) / f"p{n}" for n in range(processes)]
        ports = [free_port() for _ in folders]
        servers = []
        try:
            for n, (folder, port) in enumerate(zip(folders, ports, strict=True)):
                folder.mkdir()
                env = dict(SERVER_ENV)
                if redis is not None and processes > 1:
                    env |= {
                        "QUINTET_REDIS": redis.url,
                        "QUINTET_PROCESS_NAME": f"bench{n}",
                        "QUINTET_LEASE_TTL": str(LEASE_TTL_S),
                    }
                _log(f"starting server {n} on port {port} ({processes} on PostgreSQL)")
                servers.append(start_server(folder, port, env, db=db))
            for server, folder, port in zip(servers, folders, ports, strict=True):
                wait_for_server(server, folder, port)
            pids = [server.pid for server in servers]
            figures = _run(load(config, ports, pids, lambda: _services_cpu(cluster, redis)))
        except BaseException:
            for server, folder in zip(servers, folders, strict=False):
                stop_server(server)
                print(_log_tail(folder), file=sys.stderr)
            raise
        codes = [stop_server(server) for server in servers]
        logs = [(folder / "server.log").read_text(errors="replace") for folder in folders]
    tracebacks = sum(log.count("Traceback") for log in logs)
    if tracebacks:
        _log("a server logged errors:\n" + "\n".join(logs[0].splitlines()[-60:]))
    return {
        "processes": processes,
        **figures,
        "server_exit_codes": codes,
        "server_tracebacks": tracebacks,
    }


def _services_cpu(cluster: PgCluster, redis: RedisServer | None) -> float:
    """CPU seconds of PostgreSQL (its postmaster and the backends now alive, which the
    servers' pools keep) and Redis: what the servers' work costs beside their own."""
    roots = [cluster._postmaster, redis._process if redis else None]  # the tests' helpers
    total = 0.0
    for root in (process.pid for process in roots if process is not None):
        with contextlib.suppress(OSError, ValueError):
            children = Path(f"/proc/{root}/task/{root}/children").read_text().split()
            for pid in (root, *map(int, children)):
                with contextlib.suppress(OSError):  # a backend may have just exited
                    total += cpu_seconds(pid)
    return total


def measure(
    config: Config | None = None, *, quick: bool = False, processes: tuple[int, ...] = (1, 2)
) -> dict[str, Any]:
    """Start PostgreSQL (and Redis when 2 processes are measured), measure each count of
    processes in `processes` in turn; the JSON line."""
    config = config or (QUICK if quick else FULL)
    before = [round(x, 2) for x in os.getloadavg()]
    _log("starting a durable PostgreSQL cluster")
    cluster = DurablePg.start()
    redis: RedisServer | None = None
    try:
        if max(processes) > 1:
            _log("starting redis-server")
            redis = RedisServer.start()
        runs = {f"processes_{n}": measure_processes(config, n, cluster, redis) for n in processes}
    finally:
        if redis is not None:
            redis.stop()
        cluster.stop()
    line: dict[str, Any] = {
        "benchmark": "server_capacity_cluster",
        "game": "quashars",
        "db": "postgresql (throwaway cluster; fsync, synchronous_commit, full_page_writes on)",
        "routing": "each table made through, and its 4 seats connected to, the next process "
        "in turn (a sticky proxy's best case); server CPU summed over the processes",
        "warmup_s": config.warmup_s,
        "window_s": config.window_s,
        "goal_p99_ms": GOAL_P99_MS,
        **runs,
    }
    for n in processes:
        line[f"knee_actions_per_second_{n}"] = runs[f"processes_{n}"]["knee_actions_per_second"]
        # The fastest step whatever its p99: on a busy machine no step may meet the p99 goal.
        steps = runs[f"processes_{n}"]["steps"]
        line[f"peak_actions_per_second_{n}"] = max(s["actions_per_second"] for s in steps)
    line["capacity_ratio_2_to_1"] = _ratio(line, "knee")
    line["peak_ratio_2_to_1"] = _ratio(line, "peak")
    line["goal_capacity_ratio"] = GOAL_RATIO
    line["cores"] = os.cpu_count()
    for n in processes:
        run = runs[f"processes_{n}"]
        line[f"cpu_at_peak_{n}"] = cpu_at_peak(run["steps"])
        per_action = run["server_cpu_ms_per_action"]
        line[f"actions_per_server_cpu_second_{n}"] = (
            round(1000 / per_action, 1) if per_action else None
        )
    one, two = (line.get(f"actions_per_server_cpu_second_{n}") for n in (1, 2))
    if one and two:
        # What the servers' own CPU allows: two processes, each with a core to itself (the
        # load, PostgreSQL and Redis elsewhere), against one.
        line["scaling_efficiency_2_to_1"] = round(two / one, 2)
        line["cpu_bound_ratio_2_to_1"] = round(2 * two / one, 2)
    line["load_average_before"] = before
    line["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    return line


def cpu_at_peak(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """How the machine's cores were shared in the fastest step: percent of one core for
    the servers, this load, PostgreSQL and Redis, and whatever else ran on the machine
    (other sessions), out of `cores` x 100."""
    peak = max(steps, key=lambda s: s["actions_per_second"])
    parts = {
        "servers": peak["server_cpu_percent"],
        "load": peak["load_cpu_percent"],
        "postgresql_and_redis": peak.get("others_cpu_percent", 0.0),
    }
    machine = peak["machine_cpu_percent"]
    return {
        "tables": peak["tables"],
        **parts,
        "rest_of_machine": round(max(0.0, machine - sum(parts.values())), 1),
        "machine_busy": machine,
        "machine_total": 100 * (peak["cores"] or 1),
    }


def _ratio(line: dict[str, Any], figure: str) -> float | None:
    one = line.get(f"{figure}_actions_per_second_1")
    two = line.get(f"{figure}_actions_per_second_2")
    return round(two / one, 2) if one and two else None


def measure_or_skip(*, quick: bool = False) -> dict[str, Any]:
    """`measure` (1 process, then 2), or a line saying it was skipped when PostgreSQL or
    redis-server is not installed (what `make bench` prints then)."""
    try:
        return measure(quick=quick)
    except (PostgresMissing, RedisMissing) as missing:
        return {"benchmark": "server_capacity_cluster", "skipped": str(missing)}
