"""Several real `quintet serve` processes on one PostgreSQL database and one redis-server,
and clients that reconnect the way the browser does, for the multi-process tests.

`LiveCluster.add(name)` starts a process (lease time `lease_ttl_s`); `owner(table)` reads
which process holds a table's lease; `play_reconnecting` plays one seat to the end of its
game, reconnecting (to the next live process) whenever the connection is closed, and
keeps every connection's `Session`; `fencing(table)` reads the record's epochs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import threading
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from tests.server.live import (
    LiveServer,
    Replayed,
    Session,
    check_stream,
    connect_table,
    play_session,
    start_server,
)
from tests.server.redis_server import RedisServer

from quintet.core import SPECTATOR
from quintet.server.storage import Store

T = TypeVar("T")

#: The tests' lease times. Short where a killed owner's tables must move quickly (they
#: move about this long after the kill); longer elsewhere, so that a process the shared
#: machine starves for a moment keeps its tables (a test that asserts nobody was sent
#: away must not depend on the load).
LEASE_TTL_S = 5.0
SHORT_LEASE_TTL_S = 1.0
#: Bound on one seat's whole game, reconnections included (only turns a hang into a
#: failure; no test asserts a time).
GAME_BOUND_S = 180.0
#: The close code of "your table moved: reconnect" (server/cluster/remote.py).
RECONNECT = 1012


@dataclass
class LiveCluster:
    """Processes of one cluster: the live ones in `servers` by name, the killed in `dead`."""

    db_url: str
    redis: RedisServer
    folder: Path
    lease_ttl_s: float = LEASE_TTL_S
    servers: dict[str, LiveServer] = field(default_factory=dict)
    dead: dict[str, LiveServer] = field(default_factory=dict)
    #: Processes that may have had an append fenced out (a table whose lease they lost
    #: while paused): their runner logs that storage failure with its traceback.
    may_lose: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, name: str) -> LiveServer:
        """Start process `name` and wait until it answers."""
        server = start_server(
            self.db_url,
            self.folder / name,
            args=("--log-level", "info"),
            env={
                "QUINTET_REDIS": self.redis.url,
                "QUINTET_PROCESS_NAME": name,
                "QUINTET_LEASE_TTL": str(self.lease_ttl_s),
            },
        )
        with self.lock:
            self.servers[name] = server
        return server

    def add_all(self, names: Sequence[str]) -> None:
        """Start processes `names` at once (each start is mostly waiting for imports)."""
        with ThreadPoolExecutor(len(names)) as pool:
            list(pool.map(self.add, names))
        with self.lock:  # in the order given, whichever answered first
            for name in names:
                self.servers[name] = self.servers.pop(name)

    def live(self) -> list[LiveServer]:
        with self.lock:
            return list(self.servers.values())

    def kill(self, name: str) -> None:
        """kill -9 the process `name`."""
        with self.lock:
            server = self.servers.pop(name)
            self.dead[name] = server
        server.kill()

    def stop_all(self) -> None:
        """SIGTERM every live process: each must exit 0 without a traceback logged."""
        for name, server in list(self.servers.items()):
            code = server.stop()
            assert code == 0, f"{name} exited {code} after SIGTERM; log:\n{server.log()}"
        for name, server in [*self.servers.items(), *self.dead.items()]:
            log = server.log()
            if name in self.may_lose and "LeaseLost" in log:
                log = log.replace("Traceback", "")
            assert "Traceback" not in log, f"{name} logged an error:\n{log}"

    def _read(self, read: Callable[[Store], Awaitable[T]]) -> T:
        """What `read(store)` gives on the cluster's database (a store of its own)."""

        async def run() -> T:
            store = await Store.open(self.db_url)
            try:
                return await read(store)
            finally:
                await store.close()

        return asyncio.run(run())

    def owner(self, table_id: str) -> str | None:
        """The process holding the table's lease (live or expired), None before any."""
        lease = self._read(lambda store: store.lease(table_id))
        return None if lease is None else lease.owner

    def fencing(self, table_id: str) -> tuple[list[int | None], dict[int, str]]:
        """The epoch of each input by seq, and the owner of each epoch (lease_history)."""
        epochs = self._read(lambda store: store.input_epochs(table_id))
        history = self._read(lambda store: store.lease_history(table_id))
        return epochs, dict(history)


def play_reconnecting(
    cluster: LiveCluster,
    table_id: str,
    token: str | None,
    choose: Any,
    *,
    first: tuple[Any, Session],
    turn: int,
    seen: list[Session],
) -> list[Session]:
    """Play one seat (token None: watch) until its game is finished, from `first` (a
    connection already seated, its session): a connection that the server closes is
    replaced by one to the next live process (from number `turn` on). Each session is
    added to `seen` as it starts (another thread may watch the progress). Returns every
    connection's session (refs unique across them)."""
    sessions: list[Session] = []
    turns = itertools.count(turn)
    give_up = time.monotonic() + GAME_BOUND_S
    ws, session = first
    seen.append(session)
    while True:
        with contextlib.ExitStack() as stack:
            if ws is None:
                servers = cluster.live()
                server = servers[next(turns) % len(servers)]
                try:
                    ws = stack.enter_context(connect_table(server, table_id, token))
                except Exception as error:  # refused, or the handshake with a dying process
                    assert time.monotonic() < give_up, f"no connection in {GAME_BOUND_S} s: {error}"
                    time.sleep(0.05)
                    continue
                session = Session(session.seat)
                seen.append(session)
            else:
                stack.callback(ws.close)
            play = functools.partial(play_session, errors_ok=True)
            play(ws, choose, session, f"c{len(sessions)}-")
        sessions.append(session)
        ws = None
        if session.ended == "finished":
            return sessions
        assert time.monotonic() < give_up, f"the game did not end within {GAME_BOUND_S} s"
        time.sleep(0.02)


def check_errors(sessions: list[Session], allowed: Collection[str]) -> None:
    """The only errors a client got have `allowed` codes ("stopped": the one before a
    reconnect close; "storage_failed": an action fenced out after a lease was lost)."""
    for session in sessions:
        for message in session.messages:
            if message["type"] == "error":
                assert message["code"] in allowed, message


def without_logs(
    replayed: Replayed, messages: list[dict[str, Any]], viewer: int
) -> list[dict[str, Any]]:
    """The messages with each welcome's log checked against the record and taken out.

    A welcome after a reconnection carries the log of the whole match: the cards played in
    its earlier games are public but have the names of cards hidden in later hands, which
    the leak scan of `check_stream` would flag. The log is checked exactly instead: each
    entry is the record's events of that input as this viewer may see them."""
    out = []
    for message in messages:
        if message["type"] == "welcome":
            for entry in message["log"]:
                expected = replayed.events_for(entry["seq"], viewer)
                assert entry["events"] == expected[-len(entry["events"]) :], entry
            out.append({**message, "log": []})
        else:
            out.append(message)
    return out


def check_seat(
    replayed: Replayed, seat: int | None, sessions: list[Session], errors: Collection[str]
) -> None:
    """Every connection of a seat saw the record's history (views, events, no hidden
    card), and each acknowledged action is in the record at its seq."""
    viewer = SPECTATOR if seat is None else seat
    for session in sessions:
        check_stream(
            replayed, without_logs(replayed, session.messages, viewer), viewer, session.sent
        )
        for ref, seq in session.acks.items():
            stored = replayed.inputs[seq - 1]
            assert (stored.seat, stored.action) == (seat, session.sent[ref]), (
                f"seat {seat}: ref {ref} was acknowledged at seq {seq}, the record has {stored}"
            )
    assert sessions[-1].messages[-1]["seq"] == len(replayed.inputs), "a connection missed the end"
    check_errors(sessions, errors)
