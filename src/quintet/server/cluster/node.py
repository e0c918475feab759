"""This process as a member of a cluster: the tables it owns, and its links to the others.

Ownership (ownership.py): a table's in-memory life (its runner, its waiting room) exists
only on the process that holds its lease; a lease not renewed in time is lost, and the
tables whose owner died are taken over and resumed.

Connections: a WebSocket may land on any process. When its table lives elsewhere it is
proxied (`proxy`): the owner gets an `attach` and seats a `RemoteWatcher` in the table as
if the connection were its own; the connection's actions go to the owner (`forward`);
its close becomes a `detach`. HTTP operations that need the table's memory (start, hint,
sample, the seats and seq of its description) are requests to the owner (`call`).

Liveness: the owner drops the remote connections of processes whose alive key expired
(their seats then show away, and zombies may start); a process whose proxied tables' owner
is gone, or that lost Redis, closes those connections with `RECONNECT`, so the clients
come back and land on the new owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

from quintet.core import JSONDict
from quintet.server.cluster.bus import Bus, BusDown, Message
from quintet.server.cluster.ownership import LeasedStorage, Ownership
from quintet.server.cluster.remote import RECONNECT, Proxied, Remote, RemoteWatcher
from quintet.server.cluster.requests import REQUESTS
from quintet.server.errors import ErrorCode, HubError
from quintet.server.lobby import lobby_changed
from quintet.server.messages import Watcher
from quintet.server.protocol import SeatInfo
from quintet.server.storage import StorageError, TableRow

if TYPE_CHECKING:  # the hub holds its cluster
    from quintet.server.hub import Hub, TableInfo

log = logging.getLogger(__name__)

#: The error code of an owner that no longer owns the table: route again.
MOVED: Final = "cluster/moved"
#: Seconds to wait for another process's answer (a hint runs the strongest bot).
REQUEST_TIMEOUT_S: Final = 15.0
HINT_TIMEOUT_S: Final = 60.0


def moved(table_id: str) -> HubError:
    """The answer of a process asked about a table it no longer holds: ask again."""
    error = HubError(ErrorCode.SERVER_ERROR, f"table {table_id} is no longer here")
    error.code = MOVED
    return error


def storage_failed() -> HubError:
    """The answer to another process when the database failed here (its client is told
    `storage_failed`, as on one server)."""
    return HubError(ErrorCode.STORAGE_FAILED, "the server's storage failed; try again later")


def default_name() -> str:
    """hostname-pid-random: unique even for a pid reused after a restart."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class Cluster(Ownership):
    """The cluster side of one process; the hub calls it at the few points where a table
    may live elsewhere. `start()` it in the app's lifespan, `close()` it at the end.
    Which tables it holds, and their leases: `Ownership` (ownership.py)."""

    def __init__(
        self, hub: Hub, store: LeasedStorage, redis_url: str, name: str, ttl_s: float
    ) -> None:
        self.hub = hub
        self.store = store
        self.name = name
        self.ttl = ttl_s
        self.bus = Bus(
            redis_url, name, alive_ttl_s=ttl_s, on_message=self._heard, on_state=self._bus_state
        )
        #: The tables whose lease this process holds, with the epoch.
        self.held: dict[str, int] = {}
        #: Remote connections seated here, by (process, connection id).
        self.remote: dict[tuple[str, str], Remote] = {}
        #: Local connections proxied to another process, by connection id.
        self.proxied: dict[str, Proxied] = {}
        self._proxy_of: dict[int, str] = {}
        self._ids = itertools.count(1)
        self._renewed = time.monotonic()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        #: Stopping: no new remote connection or request is taken here (they are sent on
        #: to the tables' next owners), and none waits on another process.
        self.closing = False

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> int:
        """Join Redis, take over the orphaned tables, start the loops; returns how many
        tables were taken over. Raises `BusDown` when Redis does not answer."""
        await self.bus.start()
        taken = await self._take_over()
        self._loops = [
            asyncio.create_task(self._every(self.ttl / 3, self._renew), name="renew leases"),
            asyncio.create_task(self._every(self.ttl / 2, self._take_over), name="take over"),
            asyncio.create_task(self._every(self.ttl / 2, self._sweep), name="liveness"),
        ]
        return taken

    async def close(self) -> None:
        """Tell the remote connections to reconnect, stop the runners, release every lease
        (the others take the tables over at once), leave Redis."""
        self.closing = True
        self.bus.give_up(self.bus.asked, "this server is stopping")
        for loop in self._loops:
            loop.cancel()
        for loop in self._loops:
            with contextlib.suppress(asyncio.CancelledError):
                await loop
        for remote in list(self.remote.values()):
            remote.watcher.close(RECONNECT, "this server is stopping; reconnect")
        await self.hub.close()
        for table_id in list(self.held):
            with contextlib.suppress(StorageError):
                await self.store.release_lease(table_id, self.name)
            self.store.unfence(table_id)
        self.held.clear()
        for task in list(self._tasks):
            task.cancel()
        await self.bus.close()

    async def _every(self, period: float, job: Callable[[], Awaitable[object]]) -> None:
        """Run `job` every `period` seconds. While the database or Redis is away it fails
        at every turn: that is logged once when it starts failing and once when it works
        again (a turn that returns False did not reach them, and says nothing), not at
        every turn."""
        name = job.__name__.strip("_").replace("_", " ")
        failing = False
        while True:
            await asyncio.sleep(period)
            try:
                reached = await job()
            except (StorageError, BusDown) as error:
                if not failing:
                    log.warning(
                        "cluster: %s failed: %s; trying again every %.3g s", name, error, period
                    )
                failing = True
                continue
            except Exception:
                log.exception("cluster: %s failed", name)
                continue
            if failing and reached is not False:
                log.warning("cluster: %s works again", name)
                failing = False

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------ the proxy side

    async def proxy(self, table_id: str, watcher: Watcher) -> bool:
        """Seat a new connection with its table's owner when that is another process;
        False when the table lives here (the hub seats it). A connection that cannot be
        seated anywhere now is closed with `RECONNECT`."""
        give_up = time.monotonic() + REQUEST_TIMEOUT_S
        for _ in range(3):
            try:
                owner = await self.route(table_id)
            except BusDown as error:
                watcher.close(RECONNECT, f"{error.message}; reconnect")
                return True
            if owner is None:
                return False
            left = give_up - time.monotonic()
            if left <= 0:
                break  # a client waits for its welcome: better to send it round again
            conn = f"{next(self._ids)}"
            self.proxied[conn] = Proxied(table_id, owner, watcher, conn)
            self._proxy_of[id(watcher)] = conn
            message = {"t": "attach", "table": table_id, "c": conn, "seat": watcher.seat}
            try:
                await self.bus.request(owner, message, left)
            except HubError as error:
                self._unlink(conn)
                if error.code == MOVED:
                    continue
                if error.code == ErrorCode.STORAGE_FAILED:
                    # As on one server: the connection is told storage_failed (close 1011).
                    raise StorageError(error.message) from None
                watcher.close(RECONNECT, f"{error.message}; reconnect")
                return True
            return True
        watcher.close(RECONNECT, f"table {table_id} is moving between servers; reconnect")
        return True

    def _unlink(self, conn: str) -> Proxied | None:
        found = self.proxied.pop(conn, None)
        if found is not None:
            self._proxy_of.pop(id(found.watcher), None)
        return found

    def forward(self, watcher: Watcher, action: JSONDict, ref: str | None) -> bool:
        """Send a proxied connection's action to its table's owner; False: not proxied."""
        conn = self._proxy_of.get(id(watcher))
        if conn is None:
            return False
        proxied = self.proxied[conn]
        message = {"t": "submit", "c": conn, "action": action, "ref": ref}
        self.bus.post(proxied.owner, message)
        return True

    def unproxy(self, watcher: Watcher) -> bool:
        """A proxied connection closed: its owner is told; False: not proxied."""
        conn = self._proxy_of.get(id(watcher))
        if conn is None:
            return False
        proxied = self._unlink(conn)
        if proxied is not None:
            self.bus.post(proxied.owner, {"t": "detach", "c": conn})
        return True

    def _close_proxied(self, owners: set[str] | None, why: str) -> None:
        """Close the proxied connections of these owners (None: all) with RECONNECT."""
        for conn, proxied in list(self.proxied.items()):
            if owners is None or proxied.owner in owners:
                self._unlink(conn)
                proxied.watcher.close(RECONNECT, why)

    # ------------------------------------------------------------ the owner side

    def _heard(self, message: Message) -> None:
        kind = message.get("t")
        sender = message.get("from", "")
        if kind == "send":
            found = self.proxied.get(message["c"])
            if found is not None:
                found.watcher.send(message["x"])
        elif kind == "close":
            found = self._unlink(message["c"])
            if found is not None:
                found.watcher.close(int(message["code"]), str(message["m"]))
        elif kind in ("submit", "detach"):
            remote = self.remote.get((sender, message["c"]))
            if remote is None:
                return
            if remote.ready:
                self._remote_act(remote, message)
            else:
                remote.backlog.append(message)
        elif kind == "attach":
            key = (sender, message["c"])
            watcher = RemoteWatcher(
                self.bus, sender, message["c"], message["table"], message["seat"]
            )
            self.remote[key] = Remote(watcher)
            self._spawn(self._attach(key, message))
        elif kind == "lobby":
            self._spawn(self._lobby_changed(message["table"]))
        elif kind == "tell":
            self.hub.tell_finished(message["table"], message["x"], here_only=True)
        elif kind in REQUESTS:
            self._spawn(self._answer(message))

    async def _attach(self, key: tuple[str, str], message: Message) -> None:
        remote = self.remote[key]
        watcher = remote.watcher
        try:
            if self.closing or watcher.table_id not in self.held:
                raise moved(watcher.table_id)
            await self.hub.attach(watcher.table_id, watcher)
        except HubError as error:
            self.remote.pop(key, None)
            self.bus.answer(message, error=error)
            return
        except StorageError as error:
            self.remote.pop(key, None)
            log.warning(
                "cluster: a connection of %s to table %s: %s", key[0], watcher.table_id, error
            )
            self.bus.answer(message, error=storage_failed())
            return
        except Exception:
            self.remote.pop(key, None)
            log.exception("cluster: attaching a connection of %s failed", key[0])
            self.bus.answer(message, error=HubError(ErrorCode.SERVER_ERROR, "the attach failed"))
            return
        if watcher.seat is not None:
            self.hub.presence.arrived(watcher.table_id)
        remote.ready = True
        self.bus.answer(message, True)
        for queued in remote.backlog:
            self._remote_act(remote, queued)
        remote.backlog.clear()

    def _remote_act(self, remote: Remote, message: Message) -> None:
        watcher = remote.watcher
        if message["t"] == "submit":
            self.hub.submit(watcher.table_id, watcher, message["action"], message.get("ref"))
        else:
            self._drop_remote((watcher.process, watcher.conn))

    def _drop_remote(self, key: tuple[str, str]) -> None:
        remote = self.remote.pop(key, None)
        if remote is None:
            return
        watcher = remote.watcher
        watcher.closed = True
        self.hub.detach(watcher.table_id, watcher)
        if remote.ready and watcher.seat is not None:
            self.hub.presence.left(watcher.table_id)

    async def _lobby_changed(self, table_id: str) -> None:
        """Another process changed an open table's seats: tell its waiting room here."""
        if table_id not in self.hub.lobby:
            return
        # In turn: two reads racing could otherwise leave the older row shown.
        async with self.hub.lock(table_id):
            waiting = self.hub.lobby.get(table_id)
            if waiting is None:
                return
            try:
                waiting.row = await self.hub.row(table_id)
            except (StorageError, HubError) as error:  # the next change tells them
                log.warning("cluster: the waiting room of table %s: %s", table_id, error)
                return
            lobby_changed(waiting)

    async def _answer(self, message: Message) -> None:
        """Answer a request for a table's memory, if the table is still held here."""
        table_id = message["table"]
        try:
            if self.closing or table_id not in self.held:
                raise moved(table_id)
            result = await REQUESTS[message["t"]](self.hub, message)
        except HubError as error:
            self.bus.answer(message, error=error)
        except StorageError as error:
            log.warning("cluster: a %r request for table %s: %s", message["t"], table_id, error)
            self.bus.answer(message, error=storage_failed())
        except Exception:
            log.exception("cluster: a %r request failed", message["t"])
            self.bus.answer(message, error=HubError(ErrorCode.SERVER_ERROR, "the server failed"))
        else:
            self.bus.answer(message, result)

    # ------------------------------------------------ HTTP operations, either side

    async def call(self, table_id: str, kind: str, **fields: Any) -> tuple[bool, Any]:
        """Run a table operation on its owner: (False, None) when the table lives here
        (the caller does it), else (True, the owner's result). Raises the owner's
        `HubError`, or `BusDown`."""
        for _ in range(3):
            owner = await self.route(table_id)
            if owner is None:
                return False, None
            timeout = HINT_TIMEOUT_S if kind == "hint" else REQUEST_TIMEOUT_S
            try:
                message = {"t": kind, "table": table_id, **fields}
                return True, await self.bus.request(owner, message, timeout)
            except HubError as error:
                if error.code != MOVED:
                    raise
        raise BusDown(f"table {table_id} is moving between servers; try again")

    async def describe(self, row: TableRow) -> TableInfo | None:
        """The table as its owner sees it (seats connected, seq); None when it lives
        here or nowhere, or its owner cannot answer (the hub then describes it alone)."""
        from quintet.server.hub import TableInfo

        if row.status not in ("open", "running") or row.id in self.held or not self.bus.up:
            return None
        try:
            lease = await self.store.lease(row.id)
            if lease is None or lease.owner == self.name:
                return None
            found = await self.bus.request(
                lease.owner, {"t": "describe", "table": row.id}, REQUEST_TIMEOUT_S
            )
        except HubError:
            return None
        seats = [SeatInfo.model_validate(seat) for seat in found["seats"]]
        return TableInfo(row, found["status"], seats, found["seq"])

    def lobby_changed(self, table_id: str) -> None:
        """Someone joined a table whose waiting room may be on another process."""
        if table_id not in self.held:
            self._spawn(self._post_to_owner(table_id, {"t": "lobby", "table": table_id}))

    def tell(self, table_id: str, text: str) -> None:
        """`Hub.tell_finished` on every other process: a finished table may be watched on
        several (each rebuilds it to show its end), or through its owner."""
        self.bus.post_all({"t": "tell", "table": table_id, "x": text})

    async def _post_to_owner(self, table_id: str, message: Message) -> None:
        with contextlib.suppress(StorageError):
            lease = await self.store.lease(table_id)
            if lease is not None and lease.owner != self.name:
                self.bus.post(lease.owner, message)

    # ----------------------------------------------------------------- liveness

    async def _sweep(self) -> None:
        """Drop the remote connections of processes gone; close the proxied connections
        whose owner is gone, and fail the requests waiting on one."""
        senders = {key[0] for key in self.remote}
        owners = {p.owner for p in self.proxied.values()} | self.bus.asked
        if not self.bus.up or (not senders and not owners):
            return  # (Redis down: every link through it was cut when it went)
        alive = await self.bus.alive(senders | owners)
        for key in [k for k in self.remote if k[0] not in alive]:
            self._drop_remote(key)
        gone = owners - alive
        self.bus.give_up(gone, "the process asked went away")
        if gone:
            log.warning("cluster: process(es) %s went away", ", ".join(sorted(gone)))
            self._close_proxied(gone, "the table's server went away; reconnect")

    def _bus_state(self, up: bool) -> None:
        if up:
            return
        # The links through Redis are cut: the proxied connections come back through the
        # clients' reconnect, the remote ones here are gone (their seats show away).
        self._close_proxied(None, "the cluster's Redis went away; reconnect")
        for key in list(self.remote):
            self._drop_remote(key)
