"""Which tables this process runs in a cluster: their leases, taken, renewed, lost and
given back (a mixin of `Cluster`, node.py).

A table's in-memory life (its runner, its waiting room) exists only on the process that
holds its lease (storage/leases.py): taken when it creates the table, or when it needs a
table nobody holds; renewed for all its tables in one call every third of the lease's
time; fenced, so an append after a takeover fails instead of forking the record. A lease
that is not renewed in time is lost: the table's runner stops and its connections are
told to reconnect. Every half lease, each process takes over the running tables whose
lease expired (their owner died) and resumes them as after a restart.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final, Protocol

from quintet.core import RuleError
from quintet.server.checks import check_table_id
from quintet.server.cluster.bus import Bus, BusDown
from quintet.server.cluster.remote import RECONNECT
from quintet.server.messages import Watcher
from quintet.server.storage import StorageError
from quintet.server.storage.interface import Leasing, Storage

if TYPE_CHECKING:  # the hub holds its cluster
    from quintet.server.hub import Hub

log = logging.getLogger(__name__)

#: Orphaned tables looked at per takeover scan.
SCAN_LIMIT: Final = 50


class LeasedStorage(Storage, Leasing, Protocol):
    """The store of a cluster: tables and inputs, and leases with fencing."""


class Ownership:
    """The lease side of `Cluster` (which sets these attributes)."""

    hub: Hub
    store: LeasedStorage
    name: str
    ttl: float
    bus: Bus
    #: The tables whose lease this process holds, with the epoch.
    held: dict[str, int]
    closing: bool
    _renewed: float

    async def created(self, table_id: str) -> None:
        """A table created here: its lease is taken at once."""
        await self._acquire(table_id)

    async def _acquire(self, table_id: str) -> int | None:
        epoch = await self.store.acquire_lease(table_id, self.name, self.ttl)
        if epoch is not None:
            if self.held.get(table_id) != epoch:
                self.store.fence(table_id, self.name, epoch)
            self.held[table_id] = epoch
        return epoch

    async def route(self, table_id: str) -> str | None:
        """The process that runs this table: None for this one (a running table is then
        loaded here), else the owner's name. A table with no live owner is taken here;
        one whose owner died waits (a lease's time at most) for its lease to expire.

        Raises `BusDown` when Redis is down, the dead owner's lease does not expire, or
        this process is stopping.
        """
        check_table_id(table_id)
        give_up = time.monotonic() + 3 * self.ttl + 5
        while True:
            if self.closing:  # a stopping process takes no table
                raise BusDown("this server is stopping")
            if table_id in self.held:
                await self._load(table_id)
                return None
            row = await self.store.table(table_id)
            if row is None or row.status not in ("open", "running"):
                return None  # nothing runs: the hub answers it here
            if await self._acquire(table_id) is not None:
                await self._load(table_id)
                return None
            lease = await self.store.lease(table_id)
            if lease is None or lease.owner == self.name:
                continue
            if await self.bus.alive([lease.owner]):
                return lease.owner
            if time.monotonic() > give_up:
                raise BusDown(f"table {table_id}'s server went away; its lease did not expire")
            await asyncio.sleep(self.ttl / 4)

    async def _load(self, table_id: str) -> None:
        """Build the runner of a running table held here, if it has none."""
        hub = self.hub
        if table_id in hub.runners:
            return
        async with hub.lock(table_id):
            if table_id in hub.runners or table_id not in self.held:
                return
            row = await self.store.table(table_id)
            if row is None or row.status != "running":
                return
            try:
                await hub._load(row)
            except RuleError as error:
                log.error("table %s does not replay (%s); it is aborted", table_id, error)
                await self.store.set_status(table_id, "aborted", finished_at=datetime.now(UTC))

    async def _take_over(self) -> int:
        """Take the running tables nobody holds and resume them here."""
        taken = 0
        for table_id in await self.store.orphaned_tables(SCAN_LIMIT):
            epoch = await self._acquire(table_id)
            if epoch is not None:
                await self._load(table_id)
                taken += 1
                log.info("cluster: %s took table %s over (epoch %d)", self.name, table_id, epoch)
        return taken

    async def _renew(self) -> bool:
        """Renew every lease held in one call; a table whose lease was lost stops here.
        Returns whether the database was asked (not when nothing is held)."""
        ids = list(self.held)
        if not ids:
            self._renewed = time.monotonic()  # nothing held: nothing can have expired
        else:
            asked = time.monotonic()  # the new expiry counts from about now
            try:
                kept = await self.store.renew_leases(self.name, ids, self.ttl)
            except StorageError:
                if time.monotonic() - self._renewed > self.ttl:
                    for table_id in ids:  # expired by now: another process may run them
                        await self._lost(table_id, "its lease could not be renewed")
                raise
            self._renewed = asked
            for table_id in ids:
                if table_id not in kept:
                    await self._lost(table_id, "its lease was lost")
        await self._release_idle()
        return bool(ids)

    async def _lost(self, table_id: str, why: str) -> None:
        """Forget a table whose lease is no longer ours: stop its runner, send its
        connections to reconnect (they land on its new owner)."""
        if self.held.pop(table_id, None) is None:
            return
        log.warning("cluster: table %s stops on %s: %s", table_id, self.name, why)
        hub = self.hub
        watchers: list[Watcher] = []
        runner = hub.runners.pop(table_id, None)
        if runner is not None:
            await runner.stop()
            watchers += runner.watchers
            runner.watchers.clear()
        waiting = hub.lobby.pop(table_id, None)
        if waiting is not None:
            watchers += waiting.watchers
        for watcher in watchers:
            watcher.close(RECONNECT, f"table {table_id} moved to another server; reconnect")
        self.store.unfence(table_id)

    async def _release_idle(self) -> None:
        """Give back the leases of tables that ended and that nobody watches here."""
        hub = self.hub
        for table_id in list(self.held):
            if table_id in hub.runners or table_id in hub.lobby:
                continue
            row = await self.store.table(table_id)
            if row is not None and row.status in ("open", "running"):
                continue
            async with hub.lock(table_id):
                if table_id in hub.runners or self.held.pop(table_id, None) is None:
                    continue
                await self.store.release_lease(table_id, self.name)
                self.store.unfence(table_id)
