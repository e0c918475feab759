"""``server_capacity``: how many actions a second one server process takes, and the knee.

    .venv/bin/python -m bench.server_capacity [--quick] [--steps 5,10,20] [--seconds S]
        [--db sqlite|postgresql] [--processes 1|2] [--compare]

Prints one JSON line (issue 15 §1). With ``--db postgresql`` (``--processes 2``: two
processes and Redis) or ``--compare`` (1 process, then 2, on PostgreSQL, and the ratio) the
same load runs through ``bench/server_capacity_cluster.py``, whose line it prints.

The server is ``python -m quintet serve`` as in ``bench/server_load.py`` (an SQLite file
with the default durability, the echo on), with the per-seat message limit raised (its
seats act faster than a person); this process is the load, one asyncio loop (uvloop when
installed) with every client.

The load: Quashars tables of 4 human seats (``pause_ms`` 0), each seat over its own
WebSocket, every seat acting as soon as it may: when an update says it is its turn (and
its previous action is answered), it sends one of its legal actions at random, with a
``ref``. Nothing paces the tables, so the offered rate is raised by the number of tables
playing at once, step by step (``steps``). A table whose match ends is replaced by a
prepared one.

Each step:

- tables are prepared before the window: created, 4 seats joined and the table started
  through the HTTP API, then its 4 WebSockets connected and their `welcome` received;
  the server's CPU over these phases, per table, is ``server_cpu_ms_per_table_setup``
  (all steps together);
- a warm-up, then the window: actions acknowledged per second, and from sending ``act``
  to receiving the sender's own ``update`` with that ``ref``, p50 / p99 (the input is
  committed before it is broadcast); the server's CPU per action (``/proc``, all threads);
- the raw echo at the same rate, right after: as many connections to ``/ws/echo``, each
  sending a message of the size of a real ``act`` at Poisson times; its p99.

The knee is the highest rate of a step whose p99 is at most ``GOAL_P99_MS``;
``server_cpu_ms_per_action`` is the server's CPU over every step's window per action. On a shared
2-core machine the load's own loop competes with the server for CPU: its share is given
per step (``load_cpu_percent``); figures are noisy, compare ratios from one run.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import dataclasses
import json
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bench.server_load import (
    TIMEOUT_S,
    Tally,
    _log_tail,
    cpu_seconds,
    echo_traffic,
    free_port,
    latency_summary,
    open_table,
    start_server,
    stop_server,
    wait_for_server,
)

GAME: Final = "quashars"
PLAYERS: Final = 4
OPTIONS: Final = {"pause_ms": 0}
#: Inputs of a Quashars match of 4 (4 deals; 211 on average over 20 seeds, ticks included).
INPUTS_PER_MATCH: Final = 211
#: The issue's goals: the knee's rate, its p99, the set-up's CPU, the game/echo p99 ratio.
GOAL_ACTIONS_PER_SECOND: Final = 3000
GOAL_P99_MS: Final = 20.0
GOAL_SETUP_MS: Final = 5.0
GOAL_CPU_MS_PER_ACTION: Final = 0.25
GOAL_RATIO_AT_50: Final = 3.0
#: Concurrent lobby clients while tables are prepared.
SETUP_WORKERS: Final = 8
#: The seat's message limit on the server (default 20/s): an unpaced seat may pass it.
#: The prepared tables' connections wait open: uvicorn's limit (2000) is raised too.
SERVER_ENV: Final = {
    "QUINTET_RATE_PER_SECOND": "100000",
    "QUINTET_RATE_BURST": "100000",
    "QUINTET_MAX_CONNECTIONS": "8000",
}
#: The most actions a second a step is expected to reach, when tables are prepared for it.
MOST_EXPECTED: Final = 4000.0


@dataclass(frozen=True)
class Config:
    steps: tuple[int, ...] = (5, 10, 20, 35, 50, 70)
    warmup_s: float = 1.0
    window_s: float = 5.0
    echo_s: float = 3.0
    seed: int = 1

    def __post_init__(self) -> None:
        if not self.steps or min(self.steps) < 1:
            raise ValueError(f"steps are table counts >= 1, not {self.steps}")
        if not (self.window_s > 0 and self.echo_s > 0 and self.warmup_s >= 0):
            raise ValueError("the windows must be > 0 s and the warm-up >= 0 s")


FULL: Final = Config()
#: Quick: every code path once (two steps, tables replaced inside the window).
QUICK: Final = Config(steps=(2, 4), warmup_s=0.3, window_s=1.0, echo_s=0.5)

_STARTED = time.monotonic()


def _log(message: str) -> None:
    elapsed = time.monotonic() - _STARTED
    print(f"bench: server_capacity: [{elapsed:.1f} s] {message}", file=sys.stderr, flush=True)


@dataclass
class Figures:
    """What the seats saw in one step; only what arrives while measuring counts."""

    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    refused: collections.Counter[str] = field(default_factory=collections.Counter)
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    matches_finished: int = 0
    tables_made: int = 0
    sample_act: str = ""


@dataclass
class Table:
    """A prepared table: its 4 connections open, each with the view of its `welcome`."""

    id: str
    sockets: list[Any]
    views: list[dict[str, Any]]


class Capacity:
    """The load: the lobby's clients and the seats' connections."""

    def __init__(
        self,
        config: Config,
        ports: list[int],
        server_pids: list[int],
        https: list[Any],
        others: Callable[[], float] | None = None,
    ) -> None:
        self.config = config
        #: The CPU seconds of the other services the servers use (PostgreSQL, Redis), if any.
        self.others = others
        #: One entry per server process: each table is made through, and all its seats
        #: connect to, the next process in turn (what a sticky proxy gives at best).
        self.ws_urls = [f"ws://127.0.0.1:{port}" for port in ports]
        self.ws_url = self.ws_urls[0]  # the echo's
        self.server_pids = server_pids
        self.https = https
        self.ready: list[Table] = []
        self.made = 0
        self.setup_cpu = 0.0
        self.setup_tables = 0
        #: Every step's window together: the server's CPU (s) and the actions.
        self.window_cpu = 0.0
        self.window_others = 0.0
        self.window_actions = 0
        self.rng = random.Random(config.seed)
        self.stack = contextlib.AsyncExitStack()

    def server_cpu(self) -> float:
        """The CPU seconds of every server process together."""
        return sum(cpu_seconds(pid) for pid in self.server_pids)

    # ------------------------------------------------------------ lobby

    async def make_table(self) -> Table:
        """Create, join every seat, start; then connect the seats and read each welcome."""
        index = self.made
        http, ws_url = self.https[index % len(self.https)], self.ws_urls[index % len(self.ws_urls)]
        self.made += 1
        seed = self.config.seed * 1_000_003 + index
        table_id, tokens = await open_table(http, GAME, OPTIONS, PLAYERS, seed=seed, nickname="p")
        return await self.connect_seats(ws_url, table_id, tokens)

    async def connect_seats(self, ws_url: str, table_id: str, tokens: list[str]) -> Table:
        """Connect each seat of a started table (in `self.stack`) and read its welcome."""
        from websockets.asyncio.client import connect

        from quintet.server.ws import SUBPROTOCOL, TOKEN_PREFIX

        sockets = []
        views = []
        for token in tokens:
            ws = await self.stack.enter_async_context(
                connect(
                    f"{ws_url}/ws/tables/{table_id}",
                    subprotocols=[SUBPROTOCOL, TOKEN_PREFIX + token],  # type: ignore[list-item]
                    open_timeout=TIMEOUT_S,
                    max_size=None,
                    compression=None,
                )
            )
            welcome = json.loads(await ws.recv())
            if welcome.get("type") != "welcome" or welcome.get("view") is None:
                raise RuntimeError(f"table {table_id}: no welcome with a view: {welcome}")
            sockets.append(ws)
            views.append(welcome["view"])
        return Table(table_id, sockets, views)

    async def prepare(self, count: int) -> None:
        """Have `count` tables ready; the server's CPU for making them is counted."""
        missing = count - len(self.ready)
        if missing <= 0:
            return
        _log(f"preparing {missing} tables (create, join 4, start, connect 4)")
        start = self.server_cpu()
        made = 0

        async def worker() -> None:
            nonlocal made
            while made < missing:
                made += 1
                self.ready.append(await self.make_table())

        await asyncio.gather(*(worker() for _ in range(min(SETUP_WORKERS, missing))))
        self.setup_cpu += self.server_cpu() - start
        self.setup_tables += missing

    # ------------------------------------------------------------ play

    async def play_seat(
        self, table: Table, seat: int, figures: Figures, rng: random.Random
    ) -> bool:
        """Act whenever the seat may until the match is over; True when it finished."""
        ws, view = table.sockets[seat], table.views[seat]
        clock = time.perf_counter  # uvloop's loop.time() counts whole milliseconds
        waiting: str | None = None
        sent_at = 0.0
        count = 0
        while True:
            if waiting is None and view.get("to_act") == seat and view.get("legal"):
                count += 1
                waiting = f"{seat}.{count}"
                text = json.dumps(
                    {"v": 1, "type": "act", "action": rng.choice(view["legal"]), "ref": waiting}
                )
                if not figures.sample_act:
                    figures.sample_act = text
                sent_at = clock()
                await ws.send(text)
            message = json.loads(await ws.recv())
            kind = message["type"]
            if waiting is not None and message.get("ref") == waiting:
                waiting = None
                if not figures.measuring:
                    pass
                elif kind == "update":
                    figures.latencies.append(clock() - sent_at)
                elif kind == "refused":
                    figures.refused[message["code"]] += 1
                else:
                    figures.errors[message.get("code", kind)] += 1
            elif kind == "error":
                figures.errors[message.get("code", kind)] += 1
            if message.get("view") is not None:
                view = message["view"]
            status = message.get("status")
            if status == "finished":
                return True
            if status == "stopped" or (kind == "error" and message.get("code") == "stopped"):
                return False

    async def play_table(self, table: Table, figures: Figures) -> None:
        rng = random.Random(self.rng.random())
        async with asyncio.TaskGroup() as group:
            tasks = [
                group.create_task(self.play_seat(table, seat, figures, rng))
                for seat in range(PLAYERS)
            ]
        if all(task.result() for task in tasks) and figures.measuring:
            figures.matches_finished += 1
        for ws in table.sockets:
            await ws.close()

    async def slots(self, tables: int, figures: Figures) -> None:
        async def slot() -> None:
            while True:
                if self.ready:
                    table = self.ready.pop()
                else:
                    if figures.measuring:
                        figures.tables_made += 1
                    table = await self.make_table()
                await self.play_table(table, figures)

        async with asyncio.TaskGroup() as group:
            for _ in range(tables):
                group.create_task(slot())

    async def step(self, tables: int, per_table: float) -> dict[str, Any]:
        """One step: prepare, play `tables` at once, then the echo at the rate reached."""
        config = self.config
        rate = min(per_table * tables, MOST_EXPECTED)
        needed = tables + math.ceil(
            1.3 * rate * (config.warmup_s + config.window_s) / INPUTS_PER_MATCH
        )
        await self.prepare(needed)
        figures = Figures()
        _log(f"{tables} tables playing; warm-up {config.warmup_s:g} s, window {config.window_s:g}")
        traffic = asyncio.create_task(self.slots(tables, figures))
        spent = await self.measure(traffic, figures, config.warmup_s, config.window_s)
        # The tables cut off mid-match keep their connections until the end (closing
        # them now would be work inside the next step's set-up).
        actions = len(figures.latencies)
        self.window_cpu += spent[1]
        self.window_others += spent[3]
        self.window_actions += actions
        line: dict[str, Any] = {
            "tables": tables,
            "actions": actions,
            "actions_per_second": round(actions / spent[0], 1),
            **latency_summary(figures.latencies),
            "refused": sum(figures.refused.values()),
            "errors": dict(figures.errors),
            "server_cpu_ms_per_action": round(1000 * spent[1] / actions, 3) if actions else None,
            "server_cpu_percent": round(100 * spent[1] / spent[0], 1),
            "load_cpu_percent": round(100 * spent[2] / spent[0], 1),
            **(
                {
                    "others_cpu_percent": round(100 * spent[3] / spent[0], 1),
                    "others_cpu_ms_per_action": (
                        round(1000 * spent[3] / actions, 3) if actions else None
                    ),
                }
                if self.others
                else {}
            ),
            # Every process of the machine (its cores x 100 at most): what is left after
            # the server, the load and the services is other work on the machine.
            "machine_cpu_percent": round(100 * spent[4] / spent[0], 1),
            "cores": os.cpu_count(),
            "matches_finished": figures.matches_finished,
            "tables_made_in_window": figures.tables_made,
        }
        rate = max(float(line["actions_per_second"]), 1.0)
        echo = Tally()
        payload = figures.sample_act or json.dumps(
            {"v": 1, "type": "act", "action": {"type": "play", "card": "r1"}, "ref": "0.1"}
        )
        url = f"{self.ws_url}/ws/echo"
        echoing = asyncio.create_task(
            echo_traffic(url, tables * PLAYERS, rate, payload, echo, seed=config.seed)
        )
        echoed = await self.measure(echoing, echo, min(0.5, config.warmup_s), config.echo_s)
        messages = len(echo.latencies)
        line |= {
            "echo_messages_per_second": round(messages / echoed[0], 1),
            **latency_summary(echo.latencies, "echo_"),
            # The stack's floor: one message in and one out (an action is one in, 4 out).
            "echo_server_cpu_ms_per_message": (
                round(1000 * echoed[1] / messages, 3) if messages else None
            ),
        }
        line["ratio_p99_game_to_echo"] = _ratio(line["p99_ms"], line["echo_p99_ms"])
        _log(
            f"{tables} tables: {line['actions_per_second']} actions/s, p50 {line['p50_ms']} ms, "
            f"p99 {line['p99_ms']} ms, echo p99 {line['echo_p99_ms']} ms, server CPU "
            f"{line['server_cpu_ms_per_action']} ms/action ({line['server_cpu_percent']}%), "
            f"echo {line['echo_server_cpu_ms_per_message']} ms/message"
        )
        return line

    async def measure(
        self, traffic: asyncio.Task[Any], figures: Any, warmup_s: float, window_s: float
    ) -> tuple[float, float, float, float, float]:
        """Let `traffic` run `warmup_s`, then count for `window_s`; stop it. Returns the
        window's wall time, the server's CPU, this process's, the other services' and the
        whole machine's (every process, other sessions too) (s)."""
        await _sleep_unless_done(traffic, warmup_s)
        others = self.others or (lambda: 0.0)
        wall, server, load = time.monotonic(), self.server_cpu(), time.process_time()
        other, machine = others(), machine_cpu_seconds()
        figures.measuring = True
        await _sleep_unless_done(traffic, window_s)
        figures.measuring = False
        spent = (
            time.monotonic() - wall,
            self.server_cpu() - server,
            time.process_time() - load,
            others() - other,
            machine_cpu_seconds() - machine,
        )
        traffic.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await traffic
        return spent


async def _sleep_unless_done(task: asyncio.Task[Any], seconds: float) -> None:
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if done:
        task.result()
        raise RuntimeError("the clients stopped before the window ended")


def machine_cpu_seconds() -> float:
    """The CPU time every core of the machine has spent busy (not idle nor waiting for
    I/O), from ``/proc/stat``, in seconds."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _ratio(game: float | None, echo: float | None) -> float | None:
    return round(game / echo, 2) if game and echo else None


async def load(
    config: Config,
    ports: list[int],
    server_pids: list[int],
    others: Callable[[], float] | None = None,
) -> dict[str, Any]:
    """Every step in turn against the servers on `ports` (pids `server_pids`, whose CPU
    is summed; `others` gives the CPU seconds of the services they use); the figures."""
    import httpx

    limits = httpx.Limits(max_connections=SETUP_WORKERS * 2)
    async with contextlib.AsyncExitStack() as clients:
        https = [
            await clients.enter_async_context(
                httpx.AsyncClient(
                    base_url=f"http://127.0.0.1:{port}", timeout=TIMEOUT_S, limits=limits
                )
            )
            for port in ports
        ]
        run = Capacity(config, ports, server_pids, https, others)
        async with run.stack:
            steps = []
            per_table = 250.0  # actions/s of one table alone, a guess for the first step
            for tables in config.steps:
                line = await run.step(tables, per_table)
                steps.append(line)
                per_table = max(line["actions_per_second"] / tables, 10.0)
    within = [s for s in steps if s["p99_ms"] is not None and s["p99_ms"] <= GOAL_P99_MS]
    knee = max(within, key=lambda s: s["actions_per_second"], default=None)
    at_50 = next((s for s in steps if s["tables"] == 50), None)
    return {
        "steps": steps,
        "knee_actions_per_second": None if knee is None else knee["actions_per_second"],
        "knee_tables": None if knee is None else knee["tables"],
        "knee_p99_ms": None if knee is None else knee["p99_ms"],
        "goal_knee_actions_per_second": GOAL_ACTIONS_PER_SECOND,
        "goal_p99_ms": GOAL_P99_MS,
        "server_cpu_ms_per_action": (
            round(1000 * run.window_cpu / run.window_actions, 3) if run.window_actions else None
        ),
        "goal_cpu_ms_per_action": GOAL_CPU_MS_PER_ACTION,
        **(
            {
                "others_cpu_ms_per_action": (
                    round(1000 * run.window_others / run.window_actions, 3)
                    if run.window_actions
                    else None
                )
            }
            if others is not None
            else {}
        ),
        "tables_prepared": run.setup_tables,
        "server_cpu_ms_per_table_setup": round(1000 * run.setup_cpu / run.setup_tables, 2),
        "goal_setup_ms": GOAL_SETUP_MS,
        "ratio_p99_game_to_echo_at_50_tables": (
            None if at_50 is None else at_50["ratio_p99_game_to_echo"]
        ),
        "goal_ratio_at_50_tables": GOAL_RATIO_AT_50,
    }


def measure(config: Config | None = None, *, quick: bool = False) -> dict[str, Any]:
    """Run the whole benchmark (a server, then this process's load); the JSON line."""
    config = config or (QUICK if quick else FULL)
    before = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="quintet-capacity-") as name:
        folder = Path(name)
        port = free_port()
        _log(f"starting the server on port {port} (SQLite in {folder})")
        server = start_server(folder, port, SERVER_ENV)
        try:
            wait_for_server(server, folder, port)
            figures = _run(load(config, [port], [server.pid]))
        except BaseException:
            stop_server(server)
            print(_log_tail(folder), file=sys.stderr)
            raise
        code = stop_server(server)
        log = (folder / "server.log").read_text(errors="replace")
    if "Traceback" in log:
        _log("the server logged errors:\n" + "\n".join(log.splitlines()[-60:]))
    return {
        "benchmark": "server_capacity",
        "game": GAME,
        "players": PLAYERS,
        "options": OPTIONS,
        "db": "sqlite (WAL, synchronous=FULL), a file in a temporary directory",
        "warmup_s": config.warmup_s,
        "window_s": config.window_s,
        **figures,
        "server_exit_code": code,
        "server_tracebacks": log.count("Traceback"),
        "load_average_before": before,
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


def _run(coroutine: Any) -> Any:
    """Run on uvloop when it is installed (uvicorn's `standard` extra brings it): the load's
    loop then costs less of the CPU the server needs."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.server_capacity", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="2 short steps (a few seconds)")
    parser.add_argument("--steps", help="tables playing at once, per step (e.g. 5,10,20,50)")
    parser.add_argument("--seconds", type=float, help="each step's window (default 5)")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--processes", type=int, choices=(1, 2), default=1, help="2 needs --db postgresql"
    )
    parser.add_argument(
        "--compare", action="store_true", help="1 process, then 2, on PostgreSQL; the ratio"
    )
    args = parser.parse_args(argv)
    if args.processes > 1 and args.db != "postgresql":
        parser.error("--processes 2 needs --db postgresql (the processes share its record)")
    base = QUICK if args.quick else FULL
    changes: dict[str, Any] = {}
    if args.steps:
        changes["steps"] = tuple(int(n) for n in args.steps.split(","))
    if args.seconds is not None:
        changes["window_s"] = args.seconds
    try:
        config = dataclasses.replace(base, **changes)
    except ValueError as error:
        parser.error(str(error))
    if args.compare or args.db == "postgresql":
        from bench import server_capacity_cluster

        processes = (1, 2) if args.compare else (args.processes,)
        line = server_capacity_cluster.measure(config, processes=processes)
    else:
        line = measure(config)
    print(json.dumps({**line, "quick": args.quick}), flush=True)


if __name__ == "__main__":
    main()
