"""``server_load``: the live server under 50 Quiclo tables of bots, against a raw echo.

    .venv/bin/python -m bench.server_load [--quick] [--tables N] [--seconds S] [--pace P]

Prints one JSON line (issue 5 §9). Three kinds of process share the machine:

- the server: ``python -m quintet serve`` on a free port, an SQLite file in a temporary
  directory with the default durability (WAL, synchronous=FULL), zombie bots off, and the raw
  echo at ``/ws/echo`` turned on (``QUINTET_ECHO=1``);
- the load process (``--load-process``, started by ``measure``): one asyncio loop with every
  HTTP and WebSocket client (``httpx``, the ``websockets`` asyncio client); it timestamps what
  it sends and receives and does nothing slow, so its own delays stay out of the figures;
- the bots' process: a one-worker process pool of the load process, where each seat's
  registry bot (``registry.make_bot("quiclo", level, seat, seed)``) plans on the seat's own
  view, as the server's runner would for a bot seat. A bot's search takes milliseconds; run in
  the load loop it would hold up the timestamps of every other table.

The load: ``tables`` Quiclo tables of 4, every seat "human" (joined through the HTTP API and
played over its own WebSocket), levels hard, medium, hard, medium (rotated by table). A bot's
planned think time is multiplied by ``pace`` (0.2: five times a person's speed) and the
action is sent when it is due, unless a newer message came first; one action per seat is in
flight at a time, each with a ``ref``. A Quiclo game has only about 7 claims (about 19 s at a
person's pace), so a table that finishes is replaced by a fresh one: enough tables are
created, joined and started before the measured window that the window holds no lobby
requests (only the new tables' WebSocket connections); ``tables_made_in_window`` counts any
that had to be made inside it. Sit-outs are scaled by the pace like the think times.

What is measured, in a window of ``window_s`` after ``warmup_s``:

- latency: from sending ``act`` to receiving the sender's own ``update`` with that ``ref``;
  the server stores (commits) the input before it broadcasts, so the durable write is in it;
- actions per second: those acknowledgements; ``refused`` counts the refusals (a claim
  another seat made first: "too late");
- server CPU per action: the server process's utime + stime (``/proc/<pid>/stat``, all its
  threads, the database's included) over the window, divided by the actions;
- the baseline, right after: as many connections to ``/ws/echo``, each sending a message of
  the size of a real ``act`` at random (Poisson) times, together at the game's measured rate
  of actions; its round trip. ``ratio_p99_game_to_echo`` is the issue's figure (goal: 2 or
  less).

The CPU of the load loop and of the bots' process are given beside (percent of one core):
with 2 cores, the three processes compete, and a busy machine inflates every latency.
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
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

#: The repository root: the load process runs ``python -m bench.server_load`` from there.
ROOT: Final = Path(__file__).resolve().parent.parent
GAME: Final = "quiclo"
PLAYERS: Final = 4
#: Seat levels of table 0; table i rotates them by i, so no seat number is always the fast one.
LEVELS: Final = ("hard", "medium", "hard", "medium")
#: Quiclo's default sit-out after a wrong claim (ms); the benchmark scales it by the pace.
SIT_OUT_MS: Final = 15_000
#: A game's wall time at pace 1 (s), on the short side of what the simulator gives for these
#: levels (31.2 s mean since the bots' timing follows the chains' difficulty, 2026-12-01:
#: `quintet simulate quiclo --players 4 --bots hard,medium,hard,medium --games 100`), so
#: that enough tables are prepared before the window.
GAME_SECONDS_AT_PACE_1: Final = 25.0
#: Concurrent lobby clients while tables are prepared.
SETUP_WORKERS: Final = 8
#: Seconds of echo traffic before its window.
ECHO_WARMUP_S: Final = 1.0
#: The issue's goal for ``ratio_p99_game_to_echo``.
GOAL_RATIO: Final = 2.0
#: Seconds to wait for the server to answer, or for a message: turns a hang into an error.
TIMEOUT_S: Final = 60.0


@dataclass(frozen=True)
class Config:
    tables: int = 50
    warmup_s: float = 3.0
    window_s: float = 20.0
    pace: float = 0.2
    #: The echo's measured window (s); None: as long as the game's.
    echo_window_s: float | None = None
    seed: int = 1

    def __post_init__(self) -> None:
        if self.tables < 1:
            raise ValueError(f"tables must be >= 1, not {self.tables}")
        if not self.window_s > 0:
            raise ValueError(f"the window must be > 0 s, not {self.window_s}")
        if not self.warmup_s >= 0:
            raise ValueError(f"the warm-up must be >= 0 s, not {self.warmup_s}")
        if not 0 < self.pace <= 10:
            raise ValueError(f"pace must be above 0 (and at most 10), not {self.pace}")
        if self.echo_window_s is not None and not self.echo_window_s > 0:
            raise ValueError(f"echo_window_s must be > 0, not {self.echo_window_s}")

    @property
    def echo_s(self) -> float:
        return self.window_s if self.echo_window_s is None else self.echo_window_s

    @property
    def options(self) -> dict[str, Any]:
        return {"sit_out_ms": round(SIT_OUT_MS * self.pace)}

    def levels(self, table: int) -> list[str]:
        return [LEVELS[(seat + table) % len(LEVELS)] for seat in range(PLAYERS)]

    def tables_to_prepare(self) -> int:
        """Tables enough for every slot's games through the warm-up and the window, plus one
        each and a margin (more are made on the spot if they run out)."""
        game_s = GAME_SECONDS_AT_PACE_1 * self.pace
        per_slot = (self.warmup_s + self.window_s) / game_s + 1
        return math.ceil(self.tables * per_slot * 1.2)


FULL: Final = Config()
#: Quick: every code path once, new games starting inside the window included (at a pace
#: of 0.05 a game lasts about 1.5 s).
QUICK: Final = Config(tables=5, warmup_s=0.5, window_s=3.0, pace=0.05, echo_window_s=1.5)


_STARTED = time.monotonic()


def _log(message: str) -> None:
    elapsed = time.monotonic() - _STARTED
    print(f"bench: server_load: [{elapsed:.1f} s] {message}", file=sys.stderr, flush=True)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (``fraction`` 0.5 = median) of ``values``, not empty.

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile(range(1, 101), 0.99)
    (3, 99)
    """
    if not values:
        raise ValueError("no values to take a percentile of")
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def cpu_seconds(pid: int | str = "self") -> float:
    """User + system CPU time of a process (all its threads) from ``/proc/<pid>/stat``."""
    text = Path(f"/proc/{pid}/stat").read_text()
    # The command name (field 2) may hold spaces; the fields after it are numbers.
    after = text[text.rindex(")") + 2 :].split()
    utime, stime = int(after[11]), int(after[12])
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def latency_summary(samples: Sequence[float], prefix: str = "") -> dict[str, Any]:
    """p50, p90, p99 and max in ms of ``samples`` (seconds); None when there are none."""
    keys = ("p50_ms", "p90_ms", "p99_ms", "max_ms")
    if not samples:
        return {prefix + key: None for key in keys}
    values = (*(percentile(samples, f) for f in (0.5, 0.9, 0.99)), max(samples))
    return {prefix + key: _ms(value) for key, value in zip(keys, values, strict=True)}


# ------------------------------------------------------------------ the bots' process

#: A seat's bot: (table id, seat, level, seed).
BotKey = tuple[str, int, str, int]
#: A plan as it crosses processes: (time in game ms, action).
Planned = tuple[int, dict[str, Any]]

#: The bots of the seats being played, in the bots' process (one worker: one dict).
_BOTS: dict[BotKey, Any] = {}


def _bot(key: BotKey) -> Any:
    from quintet.core import registry

    bot = _BOTS.get(key)
    if bot is None:
        _, seat, level, seed = key
        bot = _BOTS[key] = registry.make_bot(GAME, level, seat, seed)
    return bot


def _plan(key: BotKey, view: dict[str, Any], now: int) -> Planned | None:
    plan = _bot(key).plan(view, now)
    return None if plan is None else (plan.time, plan.action)


def _refused(key: BotKey, code: str, message: str, now: int) -> str:
    """Tell the bot its claim was refused; returns what went wrong, "" when nothing did."""
    from quintet.core import RuleError, errors

    kinds = {
        cls.code: cls
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, RuleError)
    }
    try:
        _bot(key).refused(kinds.get(code, RuleError)(message, code), now)
    except Exception as error:  # a bot that objects to a refusal: counted, not fatal
        return f"{type(error).__name__}: {error}"
    return ""


def _forget(table: str) -> None:
    for key in [key for key in _BOTS if key[0] == table]:
        del _BOTS[key]


def _cpu() -> float:
    return time.process_time()


def _warm_up() -> None:
    from quintet.games.quiclo import bots, solver  # noqa: F401


class Bots:
    """The seats' bots, in a process of their own; every call is awaited from the loop."""

    def __init__(self) -> None:
        self.pool = ProcessPoolExecutor(max_workers=1)
        #: What bots said when told of a refusal they did not expect.
        self.failures: collections.Counter[str] = collections.Counter()

    async def call(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, function, *args)

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)


# ------------------------------------------------------------------ the figures


@dataclass
class Tally:
    """What the clients saw; only what arrives inside the window counts."""

    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    refused: collections.Counter[str] = field(default_factory=collections.Counter)
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    games_started: int = 0
    games_finished: int = 0
    #: Tables the server closed while they played (it sent an `error` first).
    closed_early: int = 0
    #: Tables the lobby had to make inside the window (the prepared ones ran out).
    tables_made: int = 0
    #: A real ``act`` message, so that the echo sends messages of the same size.
    sample_act: str = ""


@dataclass
class Window:
    """Wall time and the CPU times of the three processes, at one moment."""

    wall: float = 0.0
    server: float = 0.0
    load: float = 0.0
    bots: float = 0.0

    def since(self, start: Window) -> Window:
        return Window(
            self.wall - start.wall,
            self.server - start.server,
            self.load - start.load,
            self.bots - start.bots,
        )

    def percent(self, name: str) -> float:
        """A process's CPU time over this span, in percent of one core."""
        cpu: float = getattr(self, name)
        return round(100 * cpu / self.wall, 1)


@dataclass(frozen=True)
class Table:
    id: str
    index: int
    tokens: tuple[str, ...]
    levels: tuple[str, ...]


# ------------------------------------------------------------------ one seat


class Seat:
    """Plays one seat over its WebSocket with its bot (in the bots' process).

    The timing is the server runner's for its own bots: the bot's plan time, counted from
    the view's `now`, is scaled by the pace from the moment the view arrived; a plan handed
    back unchanged keeps its time; a newer message before the time replaces the plan.
    """

    def __init__(self, load: Load, table: Table, seat: int) -> None:
        config = load.config
        self.key: BotKey = (
            table.id,
            seat,
            table.levels[seat],
            config.seed * 7919 + table.index * PLAYERS + seat,
        )
        self.pace = config.pace
        self.bots = load.bots
        self.tally = load.tally
        self.view: dict[str, Any] | None = None
        self.seen = 0.0  # when the view arrived (loop time)
        self.plan: Planned | None = None  # to send at `due`
        self.due: float | None = None
        self.reask = False  # at `due`, ask the bot again instead of sending
        self.spent: Planned | None = None  # the last plan sent
        self.waiting: str | None = None  # the ref of the action in flight
        self.sent_at = 0.0
        self.count = 0

    async def play(self, ws: Any) -> None:
        """Until the game is over."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                if self.due is None:
                    text = await ws.recv()
                else:
                    async with asyncio.timeout_at(self.due):
                        text = await ws.recv()
            except TimeoutError:
                await self._when_due(ws, loop.time())
                continue
            if await self._receive(json.loads(text), loop.time()):
                return

    async def _when_due(self, ws: Any, now: float) -> None:
        if self.reask:
            assert self.view is not None
            await self._schedule(self.view["now"] + round((now - self.seen) * 1000))
            return
        assert self.plan is not None
        self.count += 1
        self.waiting = f"{self.key[1]}.{self.count}"
        self.spent, self.plan, self.due = self.plan, None, None
        text = json.dumps({"v": 1, "type": "act", "action": self.spent[1], "ref": self.waiting})
        tally = self.tally
        if not tally.sample_act:
            tally.sample_act = text
        self.sent_at = now
        await ws.send(text)
        if tally.measuring:
            tally.sent += 1

    async def _receive(self, message: dict[str, Any], arrived: float) -> bool:
        """Take one message; True when the game is over."""
        tally = self.tally
        kind = message["type"]
        if self.waiting is not None and message.get("ref") == self.waiting:
            self.waiting = None
            if kind == "update":
                if tally.measuring:
                    tally.latencies.append(arrived - self.sent_at)
            elif kind == "refused":
                if tally.measuring:
                    tally.refused[message["code"]] += 1
                now = self.view["now"] if self.view else 0
                failed = await self.bots.call(
                    _refused, self.key, message["code"], message["message"], now
                )
                if failed:
                    self.bots.failures[failed] += 1
            else:
                tally.errors[message.get("code", kind)] += 1
        elif kind == "error":
            tally.errors[message.get("code", kind)] += 1
        if message.get("view") is not None:
            self.view, self.seen = message["view"], arrived
        if message.get("status") in ("finished", "stopped"):
            return True
        if self.waiting is None and self.view is not None:
            await self._schedule(self.view["now"])
        return False

    async def _schedule(self, now: int) -> None:
        """Ask the bot (at game time `now`) and set what to do when.

        A plan that was already sent, handed back before its own time (it ran early, as
        the pace is below 1), is not sent again: the bot is asked again at that time.
        """
        assert self.view is not None
        answer = await self.bots.call(_plan, self.key, self.view, now)
        self.reask = False
        if answer is None:
            self.plan = self.due = None
            return
        got: Planned = (answer[0], answer[1])
        if got == self.plan and self.due is not None:
            return
        ahead = got[0] - self.view["now"]
        if got == self.spent and got[0] > now:
            self.plan, self.due, self.reask = None, self.seen + ahead / 1000, True
            return
        self.plan, self.due = got, self.seen + max(0, ahead) * self.pace / 1000


# ------------------------------------------------------------------ the load process


class Load:
    """The load process's clients: the lobby, the tables' seats, then the echo."""

    def __init__(self, config: Config, port: int, server_pid: int, http: Any) -> None:
        self.config = config
        self.ws_url = f"ws://127.0.0.1:{port}"
        self.server_pid = server_pid
        self.http = http
        self.bots = Bots()
        self.tally = Tally()
        self.ready: list[Table] = []
        self.made = 0

    async def measure(
        self, traffic: asyncio.Task[Any], tally: Tally, warmup_s: float, window_s: float
    ) -> Window:
        """Let `traffic` run `warmup_s`, then count into `tally` for `window_s`; stops the
        traffic and returns the CPU and wall time the window took."""
        await _sleep_unless_done(traffic, warmup_s)
        start = await self.window()
        tally.measuring = True
        await _sleep_unless_done(traffic, window_s)
        tally.measuring = False
        spent = (await self.window()).since(start)
        traffic.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await traffic
        return spent

    async def window(self) -> Window:
        return Window(
            time.monotonic(),
            cpu_seconds(self.server_pid),
            time.process_time(),
            await self.bots.call(_cpu),
        )

    # ------------------------------------------------------------ lobby

    async def make_table(self) -> Table:
        """Create a table of 4 human seats through the HTTP API, join every seat, start it."""
        index = self.made
        self.made += 1
        config = self.config
        seed = config.seed * 1_000_003 + index
        table_id, tokens = await open_table(
            self.http, GAME, config.options, PLAYERS, seed=seed, nickname="bot"
        )
        return Table(table_id, index, tuple(tokens), tuple(config.levels(index)))

    async def prepare(self) -> dict[str, Any]:
        """Make the tables the window will need, before it; their server CPU per table."""
        count = self.config.tables_to_prepare()
        _log(f"preparing {count} tables (create, join 4 seats, start) through the HTTP API")
        start = await self.window()

        async def worker() -> None:
            while self.made < count:
                self.ready.append(await self.make_table())

        await asyncio.gather(*(worker() for _ in range(SETUP_WORKERS)))
        spent = (await self.window()).since(start)
        self.ready.reverse()  # `pop` takes them in the order they were made
        return {
            "tables_prepared": len(self.ready),
            "setup_seconds": round(spent.wall, 2),
            "server_cpu_ms_per_table_setup": round(1000 * spent.server / len(self.ready), 2),
        }

    # ------------------------------------------------------------ game

    async def play_table(self, table: Table) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        from quintet.server.ws import SUBPROTOCOL, TOKEN_PREFIX

        tally = self.tally
        closed = False
        async with contextlib.AsyncExitStack() as stack:
            sockets = await asyncio.gather(
                *(
                    stack.enter_async_context(
                        connect(
                            f"{self.ws_url}/ws/tables/{table.id}",
                            subprotocols=[SUBPROTOCOL, TOKEN_PREFIX + token],  # type: ignore[list-item]
                            open_timeout=TIMEOUT_S,
                            max_size=None,
                        )
                    )
                    for token in table.tokens
                )
            )
            if tally.measuring:
                tally.games_started += 1
            try:
                async with asyncio.TaskGroup() as group:
                    for seat, ws in enumerate(sockets):
                        group.create_task(Seat(self, table, seat).play(ws))
            except* ConnectionClosed:
                # The server closed the table (it said why in an `error`, counted).
                closed = True
        if closed:
            tally.closed_early += 1
        elif tally.measuring:
            tally.games_finished += 1
        await self.bots.call(_forget, table.id)

    async def run_slots(self) -> None:
        """Keep `config.tables` tables playing, each slot taking the next prepared table when
        its game ends (or making one when none is left), until cancelled."""

        async def slot() -> None:
            while True:
                if self.ready:
                    table = self.ready.pop()
                else:
                    if self.tally.measuring:
                        self.tally.tables_made += 1
                    table = await self.make_table()
                await self.play_table(table)

        async with asyncio.TaskGroup() as group:
            for _ in range(self.config.tables):
                group.create_task(slot())

    async def game_phase(self) -> dict[str, Any]:
        config, tally = self.config, self.tally
        _log(
            f"{config.tables} tables of {PLAYERS} playing; warm-up {config.warmup_s:g} s, "
            f"window {config.window_s:g} s"
        )
        slots = asyncio.create_task(self.run_slots())
        spent = await self.measure(slots, tally, config.warmup_s, config.window_s)
        actions = len(tally.latencies)
        return {
            "actions": actions,
            "actions_per_second": round(actions / spent.wall, 1),
            "sent": tally.sent,
            "refused": sum(tally.refused.values()),
            "refused_codes": dict(tally.refused),
            "errors": dict(tally.errors),
            "bot_failures": dict(self.bots.failures),
            **latency_summary(tally.latencies),
            "server_cpu_ms_per_action": (
                round(1000 * spent.server / actions, 3) if actions else None
            ),
            "server_cpu_percent": spent.percent("server"),
            "load_cpu_percent": spent.percent("load"),
            "bots_cpu_percent": spent.percent("bots"),
            "games_started_in_window": tally.games_started,
            "games_finished_in_window": tally.games_finished,
            "games_closed_early": tally.closed_early,
            "tables_made_in_window": tally.tables_made,
            "window_s": round(spent.wall, 2),
        }

    # ------------------------------------------------------------ echo

    async def echo_phase(self, rate: float) -> dict[str, Any]:
        """As many echo connections as seats, together sending `rate` messages a second."""
        connections = self.config.tables * PLAYERS
        payload = self.tally.sample_act or json.dumps(
            {"v": 1, "type": "act", "action": {"stack": 0}, "ref": "0.1"}
        )
        _log(f"echo: {connections} connections, {rate:g} messages/s in all, {len(payload)} bytes")
        echo = Tally()
        traffic = asyncio.create_task(self.echo_traffic(connections, rate, payload, echo))
        warmup = min(ECHO_WARMUP_S, self.config.warmup_s)
        spent = await self.measure(traffic, echo, warmup, self.config.echo_s)
        messages = len(echo.latencies)
        return {
            "echo_connections": connections,
            "echo_message_bytes": len(payload),
            "echo_messages": messages,
            "echo_messages_per_second": round(messages / spent.wall, 1),
            "echo_window_s": round(spent.wall, 2),
            **latency_summary(echo.latencies, "echo_"),
            "echo_server_cpu_ms_per_message": (
                round(1000 * spent.server / messages, 3) if messages else None
            ),
            "echo_server_cpu_percent": spent.percent("server"),
            "echo_load_cpu_percent": spent.percent("load"),
        }

    async def echo_traffic(self, connections: int, rate: float, payload: str, echo: Tally) -> None:
        await echo_traffic(
            f"{self.ws_url}/ws/echo", connections, rate, payload, echo, seed=self.config.seed
        )


async def echo_traffic(
    url: str, connections: int, rate: float, payload: str, echo: Tally, *, seed: int
) -> None:
    """`connections` echo connections to `url`, each sending `payload` at Poisson times
    (rate / connections a second) until cancelled; round trips that end while `echo` is
    measuring count."""
    from websockets.asyncio.client import connect

    clock = time.perf_counter  # not loop.time(): uvloop's counts whole milliseconds
    each = rate / connections

    async def one(index: int) -> None:
        rng = random.Random(seed * 1_000_003 + index)
        pending: collections.deque[float] = collections.deque()
        async with connect(url, open_timeout=TIMEOUT_S, max_size=None) as ws:

            async def read() -> None:
                async for _ in ws:
                    arrived, sent = clock(), pending.popleft()
                    if echo.measuring:
                        echo.latencies.append(arrived - sent)

            async with asyncio.TaskGroup() as group:
                group.create_task(read())
                await asyncio.sleep(rng.random() / each)  # a random phase
                while True:
                    pending.append(clock())
                    await ws.send(payload)
                    await asyncio.sleep(rng.expovariate(each))

    async with asyncio.TaskGroup() as group:
        for index in range(connections):
            group.create_task(one(index))


async def open_table(
    http: Any, game: str, options: Any, players: int, *, seed: int, nickname: str
) -> tuple[str, list[str]]:
    """Create a table of `players` human seats through the HTTP API, join every seat (as
    "<nickname> <seat>") and start it; returns its id and the seats' tokens."""
    body = {
        "game": game,
        "options": options,
        "seats": [{"kind": "human"}] * players,
        "seed": seed,
    }
    response = await http.post("/api/tables", json=body)
    _expect(response, 201, "create a table")
    table_id: str = response.json()["id"]
    tokens = []
    for seat in range(players):
        response = await http.post(
            f"/api/tables/{table_id}/seats/{seat}/join", json={"nickname": f"{nickname} {seat}"}
        )
        _expect(response, 200, f"join seat {seat}")
        tokens.append(response.json()["token"])
    response = await http.post(
        f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
    )
    _expect(response, 200, "start")
    return table_id, tokens


def _expect(response: Any, status: int, what: str) -> None:
    if response.status_code != status:
        raise RuntimeError(
            f"the server answered {response.status_code} to '{what}': {response.text[:300]}"
        )


async def _sleep_unless_done(task: asyncio.Task[Any], seconds: float) -> None:
    """Sleep, but fail at once if `task` ended (it only ends on an error)."""
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if done:
        task.result()  # raises what went wrong
        raise RuntimeError("the clients stopped before the window ended")


async def _wait_for_health(http: Any) -> None:
    import httpx

    give_up = time.monotonic() + TIMEOUT_S
    while True:
        try:
            if (await http.get("/api/health")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > give_up:
            raise RuntimeError(f"the server did not answer /api/health within {TIMEOUT_S:g} s")
        await asyncio.sleep(0.05)


def _ratio(game: float | None, echo: float | None) -> float | None:
    return round(game / echo, 2) if game and echo else None


async def load(config: Config, port: int, server_pid: int) -> dict[str, Any]:
    """The load process's work: prepare tables, play, then echo; returns the figures."""
    import httpx

    limits = httpx.Limits(max_connections=SETUP_WORKERS * 2)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", timeout=TIMEOUT_S, limits=limits
    ) as http:
        run = Load(config, port, server_pid, http)
        try:
            # Start the bots' process (its first plan imports the game) while the server
            # starts; nothing is timed yet.
            await run.bots.call(_cpu)
            await run.bots.call(_warm_up)
            await _wait_for_health(http)
            figures = await run.prepare()
            figures |= await run.game_phase()
            figures |= await run.echo_phase(max(float(figures["actions_per_second"]), 1.0))
        finally:
            run.bots.close()
    ratio = _ratio(figures["p99_ms"], figures["echo_p99_ms"])
    _log("done")
    figures |= {
        "ratio_p99_game_to_echo": ratio,
        "ratio_p50_game_to_echo": _ratio(figures["p50_ms"], figures["echo_p50_ms"]),
        "goal_ratio_p99": GOAL_RATIO,
        "goal_met": ratio is not None and ratio <= GOAL_RATIO,
    }
    return figures


# ------------------------------------------------------------------ the server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(
    folder: Path,
    port: int,
    extra_env: dict[str, str] | None = None,
    db: str | None = None,
    module: str = "quintet",
) -> subprocess.Popen[bytes]:
    """Start ``python -m quintet serve`` with the echo on (`wait_for_server` waits for it);
    `extra_env` adds settings (bench/server_capacity.py raises the message rate); `db` is
    the database URL (default: an SQLite file in `folder`); `module` runs the command
    (``bench.profiled_serve``: the same server, profiled on request)."""
    db = db or f"sqlite+aiosqlite:///{folder / 'bench.sqlite3'}"
    env = {
        **os.environ,
        "QUINTET_ECHO": "1",
        "QUINTET_ZOMBIE_AFTER": "0",  # nobody is away; no server-side bot may join in
        "QUINTET_CREATE_PER_MINUTE": "0",  # all the tables come from this one address
        "PYTHONUNBUFFERED": "1",
        **(extra_env or {}),
    }
    command = [sys.executable, "-m", module, "serve", "--port", str(port), "--db", db]
    command += ["--log-level", "warning"]
    with (folder / "server.log").open("wb") as log:
        return subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )


def wait_for_server(process: subprocess.Popen[bytes], folder: Path, port: int) -> None:
    """Return once /api/health answers; raise with the server's log if it exits first."""
    give_up = time.monotonic() + TIMEOUT_S
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited ({process.returncode}):\n{_log_tail(folder)}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2):
                return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > give_up:
            process.kill()
            process.wait()
            raise RuntimeError(f"no /api/health within {TIMEOUT_S:g} s:\n{_log_tail(folder)}")
        time.sleep(0.05)


def _log_tail(folder: Path, lines: int = 40) -> str:
    path = folder / "server.log"
    text = path.read_text(errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def stop_server(process: subprocess.Popen[bytes]) -> int:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


def measure(config: Config | None = None, *, quick: bool = False) -> dict[str, Any]:
    """Run the whole benchmark (server, load process, echo); returns the JSON line."""
    config = config or (QUICK if quick else FULL)
    # Other people's work on the machine, before ours starts (the 1-minute average after
    # the run counts this benchmark's own processes too).
    before = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="quintet-bench-") as name:
        folder = Path(name)
        port = free_port()
        _log(f"starting the server on port {port} (SQLite in {folder})")
        server = start_server(folder, port)
        try:
            figures = run_load_process(config, server, folder, port)
        except BaseException:
            stop_server(server)
            print(_log_tail(folder), file=sys.stderr)
            raise
        code = stop_server(server)
        log = (folder / "server.log").read_text(errors="replace")
    if "Traceback" in log:
        _log("the server logged errors:\n" + "\n".join(log.splitlines()[-60:]))
    return {
        "benchmark": "server_load",
        "game": GAME,
        "tables": config.tables,
        "seats": config.tables * PLAYERS,
        "levels": list(LEVELS),
        "pace": config.pace,
        "options": config.options,
        "db": "sqlite (WAL, synchronous=FULL), a file in a temporary directory",
        "warmup_s": config.warmup_s,
        **figures,
        "server_exit_code": code,
        "server_tracebacks": log.count("Traceback"),
        "load_average_before": before,
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


def run_load_process(
    config: Config, server: subprocess.Popen[bytes], folder: Path, port: int
) -> dict[str, Any]:
    """The load generator as a second process, started while the server starts (it waits
    for /api/health itself); the last line it prints is its figures."""
    arguments = json.dumps(
        {"config": dataclasses.asdict(config), "port": port, "server_pid": server.pid}
    )
    limit = 120 + 3 * (config.warmup_s + config.window_s + config.echo_s)
    limit += config.tables_to_prepare()
    out_path = folder / "load.out"
    with (
        out_path.open("w") as out,
        subprocess.Popen(
            [sys.executable, "-m", "bench.server_load", "--load-process", arguments],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
        ) as loader,
    ):
        # Its progress goes on through this process's stderr (which a caller may capture).
        assert loader.stderr is not None
        passing = threading.Thread(target=_pass_on, args=(loader.stderr,), daemon=True)
        passing.start()
        try:
            wait_for_server(server, folder, port)
            loader.wait(timeout=limit)
        except BaseException:
            loader.kill()
            raise
        finally:
            passing.join(5)
    if loader.returncode != 0:
        raise RuntimeError(f"the load process failed (exit {loader.returncode}); see above")
    figures: dict[str, Any] = json.loads(out_path.read_text().strip().splitlines()[-1])
    return figures


def _pass_on(stream: IO[str]) -> None:
    for line in stream:
        print(line, end="", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.server_load", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="5 tables, a 4 s window")
    parser.add_argument("--tables", type=int, help="tables of 4 (default 50; quick 5)")
    parser.add_argument("--seconds", type=float, help="the measured window (default 20; quick 4)")
    parser.add_argument("--pace", type=float, help="bot think times x this (default 0.2)")
    parser.add_argument("--load-process", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.load_process:
        given = json.loads(args.load_process)
        config = Config(**given["config"])
        figures = asyncio.run(load(config, given["port"], given["server_pid"]))
        print(json.dumps(figures), flush=True)
        return
    base = QUICK if args.quick else FULL
    changes = {
        name: value
        for name, value in (
            ("tables", args.tables),
            ("window_s", args.seconds),
            ("pace", args.pace),
        )
        if value is not None
    }
    try:
        config = dataclasses.replace(base, **changes)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps({**measure(config), "quick": args.quick}), flush=True)


if __name__ == "__main__":
    main()
