"""Table leases with fencing: which process runs a table, in the multi-process mode.

A lease row names a table's owner (a process id string), an epoch and an expiry. The
epoch grows by one each time the holder changes, and `lease_history` keeps one row per
epoch, so the record shows that no table ever had two holders. Expiry is read and
written with the DATABASE's clock only (`now()`, SQLite's `strftime('now')`): the clocks
of the processes never matter.

Fencing: after `Store.fence(table, owner, epoch)`, every input appended for that table
carries the epoch, and the transaction that inserts it first checks (PostgreSQL: `FOR
SHARE`, so a concurrent takeover waits for the commit) that the lease row still has that
owner and epoch; if not, those inputs are not stored and their appends raise `LeaseLost`.
Expiry alone does not fence: an expired lease that nobody took over may still append.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import Interval, bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from quintet.server.storage import models
from quintet.server.storage.engine import ConstraintFailed, Database
from quintet.server.storage.rows import StorageError

#: What an append under a fence expects of the lease row: (owner, epoch), by table id.
Fences = Mapping[str, tuple[str, int]]
#: For each table whose fence failed, what the lease row holds instead (None: no row).
Lost = dict[str, tuple[str, int] | None]

# SQLite's now with milliseconds, in the text form SQLAlchemy stores datetimes in, so
# stored expiries compare as text in time order.
_SQLITE_NOW = "%Y-%m-%d %H:%M:%f"


@dataclass(frozen=True, slots=True)
class Lease:
    """A table's lease row: who holds it, under which epoch, until when (UTC, the
    database's clock)."""

    table_id: str
    owner: str
    epoch: int
    expires_at: datetime


class LeaseLost(StorageError):
    """An append under a fence found the table's lease taken over (or gone): not stored."""

    def __init__(self, table_id: str, owner: str, epoch: int, found: tuple[str, int] | None):
        self.table_id = table_id
        self.owner = owner
        self.epoch = epoch
        self.holder: str | None = found[0] if found is not None else None
        self.current_epoch: int | None = found[1] if found is not None else None
        now = (
            f"the lease is now epoch {self.current_epoch}, held by {self.holder!r}"
            if found is not None
            else "the table has no lease any more"
        )
        super().__init__(
            f"table {table_id!r}: lease lost: {owner!r} appended under epoch {epoch}, but {now};"
            " the input was not stored"
        )


def fenced_out(fences: Fences, held: Mapping[str, tuple[str, int]]) -> Lost:
    """The fenced tables whose lease row (`held`: owner and epoch by table) is not theirs."""
    return {table: held.get(table) for table, want in fences.items() if held.get(table) != want}


async def check_fences(connection: AsyncConnection, fences: Fences) -> Lost:
    """Inside an insert's transaction: lock the fenced tables' lease rows (FOR SHARE on
    PostgreSQL: a takeover's UPDATE waits for our commit) and say which are lost."""
    if not fences:
        return {}
    le = models.leases
    statement = (
        select(le.c.table_id, le.c.owner, le.c.epoch)
        .where(le.c.table_id.in_(list(fences)))
        .with_for_update(read=True)
    )
    held = {row.table_id: (row.owner, row.epoch) for row in await connection.execute(statement)}
    return fenced_out(fences, held)


def _now(backend: Literal["sqlite", "postgresql"]) -> Any:
    """The database's clock, as an SQL expression."""
    if backend == "postgresql":
        return func.now()
    return func.strftime(_SQLITE_NOW, "now")


def _later(backend: Literal["sqlite", "postgresql"], seconds: float) -> Any:
    """The database's clock plus `seconds`, as an SQL expression."""
    if backend == "postgresql":
        return func.now() + bindparam("ttl", timedelta(seconds=seconds), type_=Interval)
    return func.strftime(_SQLITE_NOW, "now", f"{seconds:+.3f} seconds")


def _check_ttl(table: str, ttl_s: float) -> None:
    if not 0 < ttl_s < math.inf:  # NaN fails too
        raise StorageError(f"lease of {table}: ttl_s must be > 0 seconds and finite, not {ttl_s}")


class LeaseQueries:
    """The lease methods of `Store` (a mixin: it uses the store's `_db` and `_fences`)."""

    _db: Database
    _fences: dict[str, tuple[str, int]]

    async def acquire_lease(self, table_id: str, owner: str, ttl_s: float) -> int | None:
        """Take or extend the table's lease for `ttl_s` seconds; returns its epoch, or
        None when another owner holds a lease that has not expired.

        No lease yet: epoch 1. Expired and another's: epoch + 1. Already `owner`'s
        (expired or not): extended, same epoch. Each new epoch is added to
        `lease_history`. Atomic: of two racing owners one wins. Raises `StorageError`
        for an unknown table or a ttl that is not positive.
        """
        _check_ttl(repr(table_id), ttl_s)
        what = f"acquiring the lease of table {table_id!r} for {owner!r}"
        for attempt in range(2):
            try:
                return await self._acquire(what, table_id, owner, ttl_s)
            except ConstraintFailed as error:
                # Either no such table, or another owner inserted the first lease row
                # between our look and our insert: the second try sees that row.
                exists = select(models.tables.c.id).where(models.tables.c.id == table_id)
                async with self._db.transaction(what) as c:
                    if (await c.execute(exists)).first() is None:
                        raise StorageError(f"{what}: no table {table_id!r}") from None
                if attempt:
                    raise StorageError(str(error)) from error.__cause__
        raise AssertionError("unreachable")  # pragma: no cover

    async def _acquire(self, what: str, table_id: str, owner: str, ttl_s: float) -> int | None:
        le, backend = models.leases, self._db.backend
        look = (
            select(le.c.owner, le.c.epoch, (le.c.expires_at <= _now(backend)).label("expired"))
            .where(le.c.table_id == table_id)
            .with_for_update()  # a racing acquirer waits here, then sees our row
        )
        async with self._db.transaction(what, write=True) as c:
            found = (await c.execute(look)).first()
            later = _later(backend, ttl_s)
            if found is not None and found.owner == owner:
                extend = update(le).where(le.c.table_id == table_id).values(expires_at=later)
                await c.execute(extend)
                return int(found.epoch)
            if found is not None and not found.expired:
                return None
            if found is None:
                epoch = 1
                await c.execute(
                    le.insert().values(
                        table_id=table_id, owner=owner, epoch=epoch, expires_at=later
                    )
                )
            else:
                epoch = int(found.epoch) + 1
                take = update(le).where(le.c.table_id == table_id)
                await c.execute(take.values(owner=owner, epoch=epoch, expires_at=later))
            await c.execute(
                models.lease_history.insert().values(
                    table_id=table_id, epoch=epoch, owner=owner, acquired_at=_now(backend)
                )
            )
            return epoch

    async def renew_leases(self, owner: str, table_ids: Sequence[str], ttl_s: float) -> set[str]:
        """Extend by `ttl_s` (one statement) the leases of `table_ids` that `owner` still
        holds, expired or not, as long as nobody took them over; returns their ids."""
        _check_ttl(f"{len(table_ids)} tables", ttl_s)
        if not table_ids:
            return set()
        le = models.leases
        statement = (
            update(le)
            .where(le.c.owner == owner, le.c.table_id.in_(list(table_ids)))
            .values(expires_at=_later(self._db.backend, ttl_s))
            .returning(le.c.table_id)
        )
        what = f"renewing {len(table_ids)} leases of {owner!r}"
        async with self._db.transaction(what, write=True) as c:
            return {row.table_id for row in await c.execute(statement)}

    async def release_lease(self, table_id: str, owner: str) -> None:
        """Expire the lease now if `owner` holds it (the epoch stays: the next holder gets
        epoch + 1); otherwise do nothing."""
        le = models.leases
        statement = (
            update(le)
            .where(le.c.table_id == table_id, le.c.owner == owner)
            .values(expires_at=_now(self._db.backend))
        )
        what = f"releasing the lease of table {table_id!r} by {owner!r}"
        async with self._db.transaction(what, write=True) as c:
            await c.execute(statement)

    async def lease(self, table_id: str) -> Lease | None:
        """The table's lease row, or None when it never had one."""
        le = models.leases
        statement = select(le).where(le.c.table_id == table_id)
        async with self._db.transaction(f"reading the lease of table {table_id!r}") as c:
            row = (await c.execute(statement)).first()
        if row is None:
            return None
        return Lease(row.table_id, row.owner, int(row.epoch), row.expires_at)

    async def lease_history(self, table_id: str) -> list[tuple[int, str]]:
        """Every (epoch, owner) the table's lease has had, oldest first (the fencing record:
        one owner per epoch)."""
        h = models.lease_history
        statement = select(h.c.epoch, h.c.owner).where(h.c.table_id == table_id)
        async with self._db.transaction(f"reading the lease history of table {table_id!r}") as c:
            return [(int(r.epoch), r.owner) for r in await c.execute(statement.order_by(h.c.epoch))]

    async def input_epochs(self, table_id: str) -> list[int | None]:
        """The lease epoch each stored input of the table was appended under, by seq (None:
        appended unfenced)."""
        i = models.inputs
        statement = select(i.c.epoch).where(i.c.table_id == table_id).order_by(i.c.seq)
        async with self._db.transaction(f"reading the input epochs of table {table_id!r}") as c:
            return [r.epoch for r in await c.execute(statement)]

    async def orphaned_tables(self, limit: int = 100) -> list[str]:
        """Up to `limit` ids of "running" tables whose lease is missing or expired (by the
        database's clock), oldest first: the tables a cluster process may take over."""
        t, le = models.tables, models.leases
        statement = (
            select(t.c.id)
            .select_from(t.outerjoin(le, le.c.table_id == t.c.id))
            .where(
                t.c.status == "running",
                le.c.table_id.is_(None) | (le.c.expires_at <= _now(self._db.backend)),
            )
            .order_by(t.c.created_at, t.c.id)
            .limit(limit)
        )
        async with self._db.transaction("looking for running tables without a lease") as c:
            return [row.id for row in await c.execute(statement)]

    def fence(self, table_id: str, owner: str, epoch: int) -> None:
        """From now on, append the table's inputs under this lease: each stores `epoch`
        and is refused with `LeaseLost` unless the lease row still has `owner` and `epoch`."""
        self._fences[table_id] = (owner, epoch)

    def unfence(self, table_id: str) -> None:
        """Stop checking the table's lease on append (its inputs store no epoch again)."""
        self._fences.pop(table_id, None)
