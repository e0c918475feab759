"""Appending inputs with group commit: `Store.append_input` and the batches behind it.

Appends that arrive while a commit is under way queue; one flush task commits each batch,
from all tables, in one transaction made by the backend's input writer (sqlite_writer.py,
pg_writer.py) or the engine, and tells each caller only once its row has committed. The
fence of a leased table is checked inside that same transaction (leases.py).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from quintet.core.inputs import Input
from quintet.core.types import JSON
from quintet.server.storage import models
from quintet.server.storage.engine import ConstraintFailed, Database, dumps
from quintet.server.storage.leases import LeaseLost, Lost, check_fences
from quintet.server.storage.pg_writer import PgInputWriter
from quintet.server.storage.rows import DuplicateInput, StorageError
from quintet.server.storage.sqlite_writer import SqliteInputWriter


@dataclass(slots=True, eq=False)
class PendingInput:
    """One `append_input` call waiting for its row to commit (eq=False: by identity)."""

    where: str
    row: dict[str, Any]
    done: asyncio.Future[None]
    # (owner, epoch) the table's lease row must still hold when the row commits, if fenced.
    fence: tuple[str, int] | None = None
    # The action itself (the row holds its JSON text), for the engine's JSON column.
    action: JSON = None


def _answer(pending: PendingInput, lost: Lost) -> None:
    """Tell one append its row committed, or that its table's lease was lost (not stored);
    nothing to a caller that was cancelled meanwhile."""
    if pending.done.done():
        return
    table_id = pending.row["table_id"]
    if table_id in lost and pending.fence is not None:
        owner, epoch = pending.fence
        pending.done.set_exception(LeaseLost(table_id, owner, epoch, lost[table_id]))
    else:
        pending.done.set_result(None)


class InputAppends:
    """The input-appending methods of `Store` (a mixin over the store's state, which
    `Store.__init__` sets)."""

    _db: Database
    _writer: SqliteInputWriter | PgInputWriter | None
    _closed: bool
    _appends: list[PendingInput]
    _flush: asyncio.Task[None] | None
    _input_transactions: int
    _fences: dict[str, tuple[str, int]]

    async def append_input(self, table_id: str, seq: int, inp: Input) -> None:
        """Append input number `seq` (0, 1, 2, ...) to the table's log; committed on return.

        Raises `DuplicateInput` (a `StorageError`) when that seq is already stored: the log
        is never overwritten. Raises `StorageError` for an unknown table, a negative seq or
        time, or an action that is not JSON (NaN, non-string keys...). The caller keeps
        seqs contiguous (the store does not spend a query checking gaps) and has at most
        one append in flight per table (the runner's one-input-at-a-time loop). For a
        fenced table (`Store.fence`), the row stores the lease epoch, and `LeaseLost` (a
        `StorageError`) is raised, nothing stored, when the lease has another owner or
        epoch by the time the row would commit.

        Concurrent appends (other tables) are committed together in one transaction (group
        commit: one fsync for all); each call still returns only after its row committed.
        That transaction is made by the backend's input writer (see `Store.open`).
        """
        where = f"storing input {seq} of table {table_id!r}"
        if self._closed:
            raise StorageError(f"{where}: the store is closed")
        if seq < 0:
            raise StorageError(f"{where}: seq must be >= 0")
        if inp.time < 0:
            raise StorageError(f"{where}: input time must be >= 0, not {inp.time}")
        try:
            # Encoded here, once: alone, so that a bad action cannot fail a whole group
            # commit, and the writers store this text as it is.
            action = dumps(inp.action)
        except (TypeError, ValueError) as error:
            raise StorageError(f"{where}: the action is not JSON: {error}") from None
        fence = self._fences.get(table_id)
        row = {
            "table_id": table_id,
            "seq": seq,
            "time_ms": inp.time,
            "seat": inp.seat,
            "action": action,
            "epoch": fence[1] if fence is not None else None,
        }
        loop = asyncio.get_running_loop()
        pending = PendingInput(where, row, loop.create_future(), fence, inp.action)
        self._appends.append(pending)
        if self._flush is None:
            # Nothing committing: a flush starts, and takes its batch when it first runs,
            # so the appends of the other tables that step in this same turn of the loop
            # share this one's commit (its fsync: the largest CPU cost of an append,
            # docs/benchmarks.md, "The hot path of an action").
            self._flush = loop.create_task(self._flush_appends())
        try:
            # Not shielded: a cancelled caller cancels its own future, which the flush
            # then leaves alone (`_answer`); the row itself may still be committed.
            await pending.done
        except asyncio.CancelledError:
            if pending in self._appends:  # not taken by a flush: it will never be stored
                self._appends.remove(pending)
            raise

    def _take_batch(self) -> list[PendingInput]:
        """The queued appends, but those whose caller was cancelled: never stored."""
        batch, self._appends = self._appends, []
        # A caller cancelled in this same turn of the loop has its future cancelled at
        # once, though it has not yet run to take its row out of the queue.
        return [p for p in batch if not p.done.cancelled()]

    async def _flush_appends(self) -> None:
        """Commit the queued appends as one batch, then at once each batch that queued
        meanwhile, until none is left.

        One task for all: the next batch starts in the same loop step as the previous one's
        answers, without waking a caller first (a busy loop makes every wake-up cost).
        """
        batch = self._take_batch()
        try:
            while batch:
                await self._commit_inputs(batch)
                batch = self._take_batch()
        except BaseException as error:  # cancelled (the loop is closing): answer every row
            for p in batch + self._take_batch():
                if not p.done.done():
                    # Not "committed": whether the batch in flight reached the disk is unknown.
                    p.done.set_exception(
                        StorageError(f"{p.where}: stopped before the commit was confirmed")
                    )
            if not isinstance(error, Exception):
                raise
            raise StorageError(f"committing inputs: {error}") from error
        finally:
            self._flush = None

    async def _commit_inputs(self, batch: list[PendingInput]) -> None:
        """Insert the batch in one transaction; on failure, each row alone to find the culprit."""
        if len(batch) > 1:
            try:
                lost = await self._insert_rows(batch[0].where, batch)
            except StorageError:
                pass  # one row (or the database) is at fault: the loop below says which
            else:
                for p in batch:
                    _answer(p, lost)
                return
        for p in batch:
            try:
                lost = await self._insert_input(p)
            except StorageError as error:
                if not p.done.done():  # its caller may have been cancelled meanwhile
                    p.done.set_exception(error)
            else:
                _answer(p, lost)

    async def _insert_rows(self, what: str, batch: list[PendingInput]) -> Lost:
        """One committed transaction inserting the batch's rows, but those of fenced tables
        whose lease was lost (returned: see `leases.check_fences`); raises
        `ConstraintFailed` or `StorageError` (then none of them is stored)."""
        rows = [p.row for p in batch]
        fences = {p.row["table_id"]: p.fence for p in batch if p.fence is not None}
        if self._writer is not None:
            # Take turns with the engine's writers (creates, claims, statuses) here rather
            # than in SQLite's busy handler, which sleeps 1-100 ms between its tries.
            async with self._db.sqlite_write_turn():
                lost = await self._writer.insert(what, rows, fences)
        else:
            async with self._db.transaction(what, write=True) as c:
                lost = await check_fences(c, fences)
                rows = [
                    {**p.row, "action": p.action} for p in batch if p.row["table_id"] not in lost
                ]
                if rows:
                    await c.execute(models.inputs.insert(), rows)
        self._input_transactions += 1
        return lost

    async def _insert_input(self, pending: PendingInput) -> Lost:
        try:
            return await self._insert_rows(pending.where, [pending])
        except ConstraintFailed as failed:
            error = failed.__cause__
            # Either the primary key (table_id, seq) or the foreign key to tables: a
            # second look tells which, since each is a different bug in the caller.
            table_id, seq = pending.row["table_id"], pending.row["seq"]
            if not await self._exists(table_id):
                raise StorageError(f"{pending.where}: no table {table_id!r}") from error
            if await self._stored(table_id, seq):
                raise DuplicateInput(
                    f"{pending.where}: input {seq} is already stored (the input log is append-only)"
                ) from error
            raise  # another constraint (a check or a trigger): its own message says which

    async def _stored(self, table_id: str, seq: int) -> bool:
        i = models.inputs
        statement = select(i.c.seq).where(i.c.table_id == table_id, i.c.seq == seq)
        async with self._db.transaction(f"looking for input {seq} of table {table_id!r}") as c:
            return (await c.execute(statement)).first() is not None

    async def _exists(self, table_id: str) -> bool:
        t = models.tables
        statement = select(t.c.id).where(t.c.id == table_id)
        async with self._db.transaction(f"looking for table {table_id!r}") as c:
            return (await c.execute(statement)).first() is not None
