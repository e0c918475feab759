"""Abandoned tables: a running table that only its people could move on, left by all of them.

A tutorial, or any table with people's seats and zombie mode off, waits for its people for
ever: no bot stands in for them (for a tutorial the bots even wait for the person's move),
so a table they leave would stay "running" for good, held in memory and rebuilt at every
start of the server. Once none of its people has had a connection for `abandon_after_s` (a
server setting, 1 hour by default), the hub ends such a table as abandoned: its status
becomes "aborted" with the result `{"abandoned": true, "rated": false}`, its runner is
stopped and unloaded, and a later start does not rebuild it. A person who comes back
within the time (a reload, another device) continues where they were.

The time counts on the hub's clock (injectable, as for the runners): from when the last
connection of the table's people closed, or from when the table was loaded (started, or
rebuilt at the start of the server) while nobody was there. Spectators do not count: they
cannot move the game on.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Collection
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final

from quintet.core import JSONDict
from quintet.server.protocol import CloseCode
from quintet.server.storage import StorageError, TableRow

if TYPE_CHECKING:  # the hub holds a `Presence`
    from quintet.server.hub import Hub

log = logging.getLogger(__name__)

#: What an abandoned table's stored result says.
ABANDONED: Final[JSONDict] = {"abandoned": True, "rated": False}


def abandonable(row: TableRow, default_zombie_after_s: float) -> bool:
    """Whether the table waits for its people for ever: it has people's seats and no
    zombie stands in for them (a tutorial, or any table whose zombie mode is off: its own
    setting, else the server's). Practice or not: anyone may create a table with zombie
    mode off, and one its people left would otherwise stay loaded for good. A table of
    bots only plays on by itself."""
    if not any(seat.kind == "human" for seat in row.seats):
        return False
    if row.settings.get("tutorial"):
        return True
    return float(row.settings.get("zombie_after_s", default_zombie_after_s)) == 0


class Presence:
    """Per table: how many connections its people have, and since when it has had none."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._people: Counter[str] = Counter()
        self._alone_since: dict[str, float] = {}

    def arrived(self, table_id: str) -> None:
        """A person's connection to the table was admitted."""
        self._people[table_id] += 1
        self._alone_since.pop(table_id, None)

    def left(self, table_id: str) -> None:
        """A person's connection closed; the table's time alone starts with its last."""
        self._people[table_id] -= 1
        if self._people[table_id] <= 0:
            del self._people[table_id]
            self._alone_since[table_id] = self.clock()

    def loaded(self, table_id: str) -> None:
        """The table was loaded (started, or rebuilt): alone from now if nobody is there."""
        if self._people[table_id] <= 0:
            self._alone_since.setdefault(table_id, self.clock())

    def alone_for(self, table_id: str) -> float | None:
        """Seconds since the table's people last had a connection (counted from now for a
        table never seen without one: it was just loaded), or None while one is there."""
        if self._people[table_id] > 0:
            return None
        now = self.clock()
        return now - self._alone_since.setdefault(table_id, now)

    def forget(self, table_id: str) -> None:
        """The table is no longer loaded."""
        self._alone_since.pop(table_id, None)

    def keep_only(self, loaded: Collection[str]) -> None:
        """Forget the times of tables no longer loaded (finished, deleted, never started)."""
        for table_id in [t for t in self._alone_since if t not in loaded]:
            del self._alone_since[table_id]


async def abandon_idle(hub: Hub) -> list[str]:
    """End every loaded table that waits for its people (`abandonable`) and has had none
    of them connected for `abandon_after_s`: stored as abandoned, its runner stopped and
    unloaded, its spectators told and closed. Returns the ids."""
    ttl = hub.settings.abandon_after_s
    ended: list[str] = []
    if not ttl:
        return ended
    hub.presence.keep_only(hub.runners.keys())
    for table_id, runner in list(hub.runners.items()):
        if runner.status != "running" or not abandonable(runner.row, hub.settings.zombie_after_s):
            continue
        alone = hub.presence.alone_for(table_id)
        if alone is None or alone < ttl:
            continue
        async with hub.lock(table_id):
            # A person may have come back, or the table ended, while the lock was awaited.
            if hub.runners.get(table_id) is not runner or hub.presence.alone_for(table_id) is None:
                continue
            await runner.stop()
            hub.runners.pop(table_id, None)
            hub.presence.forget(table_id)
            await hub.store.set_status(
                table_id,
                "aborted",
                finished_at=datetime.now(UTC),
                result=ABANDONED,
                only_from="running",
            )
            for watcher in list(runner.watchers):
                watcher.close(
                    CloseCode.GOING_AWAY,
                    f"table {table_id} was abandoned: none of its players for {ttl:g} s",
                )
        ended.append(table_id)
        log.info("table %s (%s) abandoned: nobody for %g s", table_id, runner.row.game, ttl)
    return ended


async def every_tenth_of(ttl: float, job: Callable[[], Awaitable[object]], what: str) -> None:
    """Run `job` every tenth of `ttl` (1 s to 60 s) until cancelled, so that a table
    outlives its time by a tenth at most; nothing with a `ttl` of 0. A storage failure
    is logged (`what` failed) and tried again next time."""
    if not ttl:
        return
    while True:
        await asyncio.sleep(min(60.0, max(1.0, ttl / 10)))
        try:
            await job()
        except StorageError as error:
            log.warning("%s failed: %s", what, error)


async def abandon_forever(hub: Hub) -> None:
    """`abandon_idle` every tenth of `abandon_after_s` until cancelled."""
    await every_tenth_of(
        hub.settings.abandon_after_s, lambda: abandon_idle(hub), "ending abandoned tables"
    )
