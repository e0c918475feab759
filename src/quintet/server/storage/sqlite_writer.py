"""SQLite's input writer: one dedicated thread with its own `sqlite3` connection.

Through SQLAlchemy's async engine over aiosqlite, one durable append crosses between the
event loop and aiosqlite's thread several times (check-out, BEGIN, INSERT, COMMIT,
return), and each crossing waits for a loop busy with other tables: that, not the fsync,
made the append's tail (docs/benchmarks.md, "Server load"). Here a whole batch of input
rows is one crossing each way: the thread runs BEGIN IMMEDIATE, one executemany INSERT
and COMMIT (one fsync under WAL + synchronous=FULL) and only then resolves the awaitable.
The store batches (group commit, `Store.append_input`); this module only commits.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from quintet.server.storage.engine import SQLITE_BUSY_TIMEOUT_MS, ConstraintFailed
from quintet.server.storage.leases import Fences, Lost, fenced_out
from quintet.server.storage.rows import StorageError

_INSERT = (
    "INSERT INTO inputs (table_id, seq, time_ms, seat, action, epoch) VALUES (?, ?, ?, ?, ?, ?)"
)


class SqliteInputWriter:
    """Commits batches of `inputs` rows on one thread that owns one SQLite connection.

    Use `await SqliteInputWriter.open(path)`. `insert` raises `ConstraintFailed` when a
    constraint refused the batch (a taken seq, an unknown table) and `StorageError` for
    any other failure or once `close` has begun; either way nothing of the batch is kept.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        # One worker: every call runs on the same thread, the only user of the connection.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="quintet-sqlite")
        self._connection: sqlite3.Connection | None = None
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> SqliteInputWriter:
        """Start the thread and connect; raises `StorageError` when the file cannot be opened."""
        writer = cls(path)
        try:
            await writer._call(writer._connect, "opening the SQLite input writer")
        except BaseException:
            writer._thread.shutdown(wait=False)
            raise
        return writer

    async def insert(
        self, what: str, rows: Sequence[dict[str, Any]], fences: Fences | None = None
    ) -> Lost:
        """Insert `rows` (the `inputs` columns by name, `action` as its JSON text) in one
        committed (fsynced) transaction, but those of the tables in `fences` whose lease row
        no longer has that owner and epoch: those tables are returned with what their lease
        row holds (see `leases.py`). Raises as the class says, naming `what`."""
        if self._closed:
            raise StorageError(f"{what}: the store is closed")
        values = [
            (r["table_id"], r["seq"], r["time_ms"], r["seat"], r["action"], r["epoch"])
            for r in rows
        ]
        lost: Lost = {}
        await self._call(lambda: lost.update(self._insert(values, fences or {})), what)
        return lost

    async def pragmas(self) -> dict[str, object]:
        """The writer connection's journal mode, synchronous level and foreign-key switch
        (for tests: the durability settings of the connection that commits inputs)."""
        found: dict[str, object] = {}

        def read() -> None:
            connection = self._connection
            assert connection is not None, "the input writer is closed"
            for name in ("journal_mode", "synchronous", "foreign_keys"):
                found[name] = connection.execute(f"PRAGMA {name}").fetchone()[0]

        await self._call(read, "reading the input writer's settings")
        return found

    async def close(self) -> None:
        """Run every batch already handed to the thread, then close the connection and end
        the thread. Later `insert` calls raise `StorageError`."""
        if self._closed:
            return
        self._closed = True
        # The executor runs its queue in order, so this comes after every batch handed over.
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._disconnect)
        finally:
            self._thread.shutdown(wait=False)

    async def _call(self, work: Any, what: str) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, work)
        except sqlite3.IntegrityError as error:
            raise ConstraintFailed(f"{what}: {error}") from error
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"{what}: {error}") from error
        except RuntimeError as error:  # the executor was shut down under us
            raise StorageError(f"{what}: the store is closed") from error

    # --- on the writer thread ---------------------------------------------------------

    def _connect(self) -> None:
        # isolation_level=None: BEGIN and COMMIT are issued here, explicitly.
        connection = sqlite3.connect(
            self._path, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000, isolation_level=None
        )
        try:
            # The same settings as the engine's connections (engine._sqlite_connect): WAL,
            # and FULL so that COMMIT has fsynced the WAL before anyone is told.
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            connection.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            connection.close()
            raise
        self._connection = connection

    def _insert(self, values: list[tuple[Any, ...]], fences: Fences) -> Lost:
        connection = self._connection
        if connection is None:
            raise sqlite3.OperationalError("the input writer is closed")
        # IMMEDIATE: take the write lock at BEGIN (waiting up to the busy timeout for the
        # engine's writers: creates, claims, status changes).
        connection.execute("BEGIN IMMEDIATE")
        try:
            lost: Lost = {}
            if fences:
                # The write lock is ours since BEGIN: no takeover can come between this
                # look at the lease rows and the COMMIT.
                marks = ", ".join("?" * len(fences))
                look = f"SELECT table_id, owner, epoch FROM leases WHERE table_id IN ({marks})"
                held = {t: (o, e) for t, o, e in connection.execute(look, list(fences))}
                lost = fenced_out(fences, held)
                values = [v for v in values if v[0] not in lost]
            if values:
                connection.executemany(_INSERT, values)
            connection.execute("COMMIT")
            return lost
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    def _disconnect(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
