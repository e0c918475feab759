"""``server_setup``: the live server's CPU to set up a table, alone, round by round.

    .venv/bin/python -m bench.server_setup [--tables N] [--rounds R] [--workers W]
        [--profile] [--top K] [--profile-out FILE] [--profile-phase P] [--py-spy FILE]
        [--quick]

A table's set-up is what ``bench/server_capacity.py`` counts as one
(``server_cpu_ms_per_table_setup``), made by the same routines: a Quashars table of 4
human seats created, its 4 seats joined and the table started over the HTTP API
(``server_load.open_table``), then its 4 WebSockets connected and each `welcome` read
(``Capacity.connect_seats``). The server is ``python -m quintet serve`` with the same
settings (an SQLite file, WAL and ``synchronous=FULL``).

After a warm-up (a few tables, not counted), each round sets up `--tables` tables with
`--workers` clients at once, in two phases, the HTTP requests of every table and then
their WebSockets, and reads the server's CPU (``/proc``: user and system time, all its
threads) before and after each phase; then the round's connections are closed and the
server left to go quiet. Prints one JSON line: each round's CPU per table (ms) for the
set-up, the lobby (HTTP) and the connections, their medians, user against system time,
and the event loop's thread alone (the rest: the database's threads).

``--profile`` runs the server under ``bench/profiled_serve.py``: cProfile, on the main
thread's own CPU time, only over the rounds; its top lines (by own time, and by cumulative
time) go to stderr and the line's ``profile``, with the own time by package;
``--profile-out`` keeps the stats file, ``--profile-phase lobby|connect`` profiles only
that phase of each round. Profiling inflates the CPU figures. ``--py-spy``
(installed into the venv) samples the rounds instead, without stopping the server: the
samples that held the GIL, by thread and by the package of their innermost frame.

To compare two revisions, run it with the other revision's ``src`` first on
``PYTHONPATH`` (the server inherits it), in turn with the working tree.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import pstats
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final

from bench.server_capacity import (
    GAME,
    GOAL_SETUP_MS,
    OPTIONS,
    PLAYERS,
    SERVER_ENV,
    SETUP_WORKERS,
    Capacity,
    Config,
    Table,
    _run,
)
from bench.server_load import (
    TIMEOUT_S,
    _log_tail,
    free_port,
    open_table,
    start_server,
    stop_server,
    wait_for_server,
)

#: Tables set up before the rounds, not counted (the first requests build caches).
WARMUP_TABLES: Final = 10
#: How long the server's CPU must stand still (s) before a round starts.
QUIET_S: Final = 0.3

_STARTED = time.monotonic()


def _log(message: str) -> None:
    elapsed = time.monotonic() - _STARTED
    print(f"bench: server_setup: [{elapsed:.1f} s] {message}", file=sys.stderr, flush=True)


def cpu_times(pid: int, task: int | None = None) -> tuple[float, float]:
    """User and system CPU seconds of a process (all its threads), or of one of its
    threads (`task`), from ``/proc``."""
    path = f"/proc/{pid}/stat" if task is None else f"/proc/{pid}/task/{task}/stat"
    text = Path(path).read_text()
    after = text[text.rindex(")") + 2 :].split()  # the name (field 2) may hold spaces
    tick = os.sysconf("SC_CLK_TCK")
    return int(after[11]) / tick, int(after[12]) / tick


class Rounds:
    """The lobby's clients against one server, and the CPU each phase cost it."""

    def __init__(self, http: Any, port: int, pid: int, workers: int) -> None:
        self.http = http
        #: Switches the server's profiler on and off around `phase` ("lobby", "connect")
        #: of each round; None: not here (`_load` switches it around all the rounds).
        self.profile: Callable[[bool], None] | None = None
        self.phase = "all"
        self.ws_url = f"ws://127.0.0.1:{port}"
        self.pid = pid
        self.workers = workers
        self.capacity = Capacity(Config(), [port], [pid], [http])
        self.made = 0

    async def _each(self, count: int, work: Callable[[int], Awaitable[Any]]) -> list[Any]:
        """`work(i)` for i in 0..count-1, `self.workers` at a time; the results in order."""
        results: list[Any] = [None] * count
        queue = iter(range(count))

        async def worker() -> None:
            for i in queue:
                results[i] = await work(i)

        await asyncio.gather(*(worker() for _ in range(min(self.workers, count))))
        return results

    async def _lobby(self, i: int) -> tuple[str, list[str]]:
        seed = 1_000_003 + self.made + i
        return await open_table(self.http, GAME, OPTIONS, PLAYERS, seed=seed, nickname="p")

    async def round(self, tables: int) -> dict[str, float]:
        """Set up `tables` tables; the server's CPU (ms per table) of each phase."""
        self._switch("lobby", on=True)
        start, loop_start = cpu_times(self.pid), cpu_times(self.pid, self.pid)
        opened = await self._each(tables, self._lobby)
        self.made += tables
        middle = cpu_times(self.pid)
        self._switch("lobby", on=False)
        self._switch("connect", on=True)
        made: list[Table] = await self._each(
            tables, lambda i: self.capacity.connect_seats(self.ws_url, *opened[i])
        )
        end, loop_end = cpu_times(self.pid), cpu_times(self.pid, self.pid)
        self._switch("connect", on=False)
        await self._close(made)

        def ms(a: float, b: float) -> float:
            return round(1000 * (b - a) / tables, 2)

        return {
            "setup_ms": ms(sum(start), sum(end)),
            "lobby_ms": ms(sum(start), sum(middle)),
            "connect_ms": ms(sum(middle), sum(end)),
            "user_ms": ms(start[0], end[0]),
            "system_ms": ms(start[1], end[1]),
            # The event loop's thread (the others: the database's threads).
            "main_thread_ms": ms(sum(loop_start), sum(loop_end)),
        }

    def _switch(self, phase: str, *, on: bool) -> None:
        if self.profile is not None and phase == self.phase:
            self.profile(on)

    async def _close(self, made: list[Table]) -> None:
        """Close the round's connections and wait until the server has stopped working."""
        for table in made:
            for ws in table.sockets:
                await ws.close()
        give_up = time.monotonic() + TIMEOUT_S
        before = sum(cpu_times(self.pid))
        while time.monotonic() < give_up:
            await asyncio.sleep(QUIET_S)
            now = sum(cpu_times(self.pid))
            if now - before < 0.015:  # less than two clock ticks
                return
            before = now


async def _load(
    port: int,
    pid: int,
    tables: int,
    rounds: int,
    workers: int,
    *,
    profile: Callable[[bool], None],
    phase: str = "all",
) -> list[dict[str, float]]:
    import httpx

    limits = httpx.Limits(max_connections=workers * 2)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", timeout=TIMEOUT_S, limits=limits
    ) as http:
        run = Rounds(http, port, pid, workers)
        async with run.capacity.stack:
            _log(f"warm-up: {WARMUP_TABLES} tables")
            await run.round(WARMUP_TABLES)
            run.profile = profile if phase != "all" else None
            run.phase = phase
            if phase == "all":
                profile(True)
            figures = []
            for number in range(1, rounds + 1):
                figures.append(await run.round(tables))
                _log(f"round {number}: {figures[-1]}")
            if phase == "all":
                profile(False)
    return figures


#: Where a function's own time is counted in `profile.by_package`: the first of these
#: found in its file's path (else "python": the standard library and built-ins).
PACKAGES: Final = (
    "quintet",
    "fastapi",
    "starlette",
    "sqlalchemy",
    "aiosqlite",
    "greenlet",
    "pydantic",
    "h11",
    "httptools",
    "websockets",
    "uvicorn",
    "asyncio",
)


def _package(filename: str) -> str:
    for name in PACKAGES:
        if f"/{name}/" in filename or f"/{name}." in filename:
            return name
    return "python"


def _profile_lines(path: Path, top: int) -> dict[str, Any]:
    """The profile's top lines by own and by cumulative time, and the share of the main
    thread's profiled CPU by package: own time, a built-in's or the standard library's
    counted with its callers' packages (in proportion to the time each call took)."""
    stats = pstats.Stats(str(path))
    own: dict[str, float] = {}
    entries = stats.stats.items()  # type: ignore[attr-defined]
    for (filename, _, _), (_, _, tottime, _, callers) in entries:
        package = _package(filename)
        if package != "python" or not callers:
            own[package] = own.get(package, 0.0) + tottime
            continue
        spent = sum(call[3] for call in callers.values()) or 1.0
        for (caller, _, _), call in callers.items():
            share = tottime * call[3] / spent
            own[_package(caller)] = own.get(_package(caller), 0.0) + share
    total = sum(own.values()) or 1.0
    lines: dict[str, Any] = {
        "by_package": {
            name: round(100 * spent / total, 1)
            for name, spent in sorted(own.items(), key=lambda item: -item[1])
        }
    }
    print(f"own time by package (% of {total:.2f} s): {lines['by_package']}", file=sys.stderr)
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(str(path), stream=out).sort_stats(order).print_stats(top)
        text = out.getvalue()
        print(text, file=sys.stderr)
        body = text[text.index("ncalls") :].splitlines()[1:] if "ncalls" in text else []
        lines[order] = [" ".join(line.split()) for line in body if line.strip()]
    return lines


def measure(
    tables: int,
    rounds: int,
    workers: int = SETUP_WORKERS,
    *,
    profile: bool = False,
    top: int = 25,
    keep: Path | None = None,
    spy: Path | None = None,
    phase: str = "all",
) -> dict[str, Any]:
    """Start a server, set up `rounds` rounds of `tables` tables; the JSON line (`keep`:
    where to copy the profile's stats)."""
    before = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="quintet-setup-") as name:
        folder = Path(name)
        stats = folder / "setup.prof"
        env = {**SERVER_ENV, "QUINTET_BENCH_PROFILE": str(stats)} if profile else SERVER_ENV
        module = "bench.profiled_serve" if profile else "quintet"
        port = free_port()
        _log(f"starting the server on port {port} (SQLite in {folder})")
        server = start_server(folder, port, env, module=module)

        spying: list[subprocess.Popen[bytes]] = []

        def switch(on: bool) -> None:
            if profile and on:
                server.send_signal(signal.SIGUSR1)
            elif profile:
                written = _identity(stats)
                server.send_signal(signal.SIGUSR2)
                _wait_for(stats, server, written)
            if spy is not None and on:
                command = [str(Path(sys.executable).with_name("py-spy")), "record"]
                command += ["--pid", str(server.pid), "--rate", "200", "--nonblocking", "--gil"]
                command += ["--threads", "--format", "raw", "--output", str(spy)]
                spying.append(subprocess.Popen(command, stderr=subprocess.DEVNULL))
                time.sleep(1.0)  # py-spy attaches
            elif spying:
                spying[0].send_signal(signal.SIGINT)  # it writes its file and ends
                spying[0].wait(TIMEOUT_S)

        try:
            wait_for_server(server, folder, port)
            figures = _run(
                _load(port, server.pid, tables, rounds, workers, profile=switch, phase=phase)
            )
        except BaseException:
            stop_server(server)
            print(_log_tail(folder), file=sys.stderr)
            raise
        code = stop_server(server)
        profile_lines = _profile_lines(stats, top) if profile else None
        if keep is not None:
            shutil.copyfile(stats, keep)
        log = (folder / "server.log").read_text(errors="replace")
    if "Traceback" in log:
        _log("the server logged errors:\n" + "\n".join(log.splitlines()[-60:]))
    line: dict[str, Any] = {
        "benchmark": "server_setup",
        "game": GAME,
        "players": PLAYERS,
        "tables_per_round": tables,
        "rounds": rounds,
        "workers": workers,
        "profiled": profile,
        "profiled_phase": phase if profile else None,
    }
    for key in ("setup_ms", "lobby_ms", "connect_ms", "user_ms", "system_ms", "main_thread_ms"):
        line[f"{key}_by_round"] = [f[key] for f in figures]
        line[f"median_{key}"] = round(statistics.median(f[key] for f in figures), 2)
    line |= {
        "goal_setup_ms": GOAL_SETUP_MS,
        "server_exit_code": code,
        "server_tracebacks": log.count("Traceback"),
        "load_average_before": before,
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }
    if profile_lines is not None:
        line["profile"] = profile_lines
    if spy is not None:
        line["py_spy"] = py_spy_shares(spy)
    return line


def py_spy_shares(path: Path) -> dict[str, Any]:
    """From py-spy's raw samples (`--threads`): the event loop thread's share of all the
    samples, and its samples by the package of the innermost frame (percent)."""
    threads: dict[str, int] = {}
    leaves: dict[str, int] = {}
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        thread = frames[0]
        threads[thread] = threads.get(thread, 0) + int(count)
        if thread.endswith("MainThread"):  # "thread (<tid>): <name>"
            leaf = _package("/" + frames[-1].rpartition("(")[2])
            leaves[leaf] = leaves.get(leaf, 0) + int(count)
    total, main = sum(threads.values()) or 1, sum(leaves.values()) or 1
    return {
        "samples": total,
        "threads": {name: round(100 * n / total, 1) for name, n in threads.items()},
        "main_thread_by_package": {
            name: round(100 * n / main, 1)
            for name, n in sorted(leaves.items(), key=lambda x: -x[1])
        },
    }


def _identity(path: Path) -> tuple[int, int] | None:
    """The file's inode and modification time (None: no such file)."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    return found.st_ino, found.st_mtime_ns


def _wait_for(path: Path, server: subprocess.Popen[bytes], written: tuple[int, int] | None) -> None:
    """Wait for the profiled server to write its stats anew (after SIGUSR2): the file is
    renamed into place when whole (bench/profiled_serve.py), so it is another file."""
    give_up = time.monotonic() + TIMEOUT_S
    while _identity(path) in (None, written):
        if server.poll() is not None or time.monotonic() > give_up:
            raise RuntimeError(f"the server wrote no profile to {path}")
        time.sleep(0.02)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.server_setup", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--tables", type=int, default=100, help="tables per round (100)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (5)")
    parser.add_argument("--workers", type=int, default=SETUP_WORKERS, help="clients at once")
    parser.add_argument("--profile", action="store_true", help="cProfile the server's rounds")
    parser.add_argument("--top", type=int, default=25, help="profile lines shown (25)")
    parser.add_argument("--profile-out", type=Path, help="also keep the cProfile stats here")
    parser.add_argument(
        "--profile-phase",
        choices=("all", "lobby", "connect"),
        default="all",
        help="profile only the HTTP lobby, or only the WebSockets, of each round",
    )
    parser.add_argument("--py-spy", type=Path, help="py-spy's raw samples of the rounds, here")
    parser.add_argument("--quick", action="store_true", help="2 rounds of 4 tables")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.rounds = 4, 2
    for name in ("tables", "rounds", "workers", "top"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    line = measure(
        args.tables,
        args.rounds,
        args.workers,
        profile=args.profile or args.profile_out is not None,
        top=args.top,
        keep=args.profile_out,
        spy=args.py_spy,
        phase=args.profile_phase,
    )
    print(json.dumps({**line, "quick": args.quick}), flush=True)


if __name__ == "__main__":
    main()
