"""SQLite's input writer: one dedicated thread with its own `sqlite3` connection.

Through SQLAlchemy's async engine over aiosqlite, one durable append crosses between the
event loop and aiosqlite's thread several times (check-out, BEGIN, INSERT, COMMIT,
return), and each crossing waits for a loop busy with other tables: that, not the fsync,
made the append's tail (docs/benchmarks.md, "Server load"). Here a whole batch of input
rows is one crossing each way: the thread runs one INSERT of all its rows, which SQLite
commits as a transaction of its own (one fsync under WAL + synchronous=FULL; a fenced
batch or a very large one: BEGIN IMMEDIATE, the lease check, the rows, COMMIT), and only
then answers the awaitable. The store batches (group commit, `Store.append_input`); this
module only commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from quintet.server.storage.engine import SQLITE_BUSY_TIMEOUT_MS, ConstraintFailed
from quintet.server.storage.leases import Fences, Lost, fenced_out
from quintet.server.storage.rows import StorageError

_INSERT = (
    "INSERT INTO inputs (table_id, seq, time_ms, seat, action, epoch) VALUES (?, ?, ?, ?, ?, ?)"
)

#: The most rows one INSERT statement carries (6 parameters a row, far under SQLite's
#: limit of 32,766); a larger batch is inserted row by row inside BEGIN ... COMMIT.
ROWS_PER_STATEMENT = 500

T = TypeVar("T")


@functools.cache
def _insert_rows(count: int) -> str:
    """The INSERT of `count` rows (one text per count, so each is prepared once)."""
    return _INSERT + ", (?, ?, ?, ?, ?, ?)" * (count - 1)


#: A call for the thread: the work, the loop of the caller and the future it awaits.
_Job = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


def _settle(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """On the caller's loop: answer the future of a call (unless its caller gave up)."""
    if done.cancelled():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)


class SqliteInputWriter:
    """Commits batches of `inputs` rows on one thread that owns one SQLite connection.

    Use `await SqliteInputWriter.open(path)`. `insert` raises `ConstraintFailed` when a
    constraint refused the batch (a taken seq, an unknown table) and `StorageError` for
    any other failure or once `close` has begun; either way nothing of the batch is kept.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        # One long-lived thread fed by a queue, answering each call with one
        # call_soon_threadsafe, where a thread pool adds its submit, a concurrent future
        # and that future's chaining to the loop to every batch (docs/benchmarks.md,
        # "The hot path of an action"). The thread is the only user of the connection.
        # Daemon: a thread stuck in the disk never blocks the exit (what it was writing
        # is then as after a crash: committed or not, never half).
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="quintet-sqlite", daemon=True)
        self._connection: sqlite3.Connection | None = None
        self._closed = False
        self._stopped = False  # the thread was told to end: no call may be handed over

    @classmethod
    async def open(cls, path: str) -> SqliteInputWriter:
        """Start the thread and connect; raises `StorageError` when the file cannot be opened."""
        writer = cls(path)
        writer._thread.start()
        try:
            await writer._call(writer._connect, "opening the SQLite input writer")
        except BaseException:
            writer._stop()
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
        return await self._call(lambda: self._insert(values, fences or {}), what)

    async def pragmas(self) -> dict[str, object]:
        """The writer connection's journal mode, synchronous level and foreign-key switch
        (for tests: the durability settings of the connection that commits inputs)."""

        def read() -> dict[str, object]:
            connection = self._connection
            assert connection is not None, "the input writer is closed"
            return {
                name: connection.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("journal_mode", "synchronous", "foreign_keys")
            }

        return await self._call(read, "reading the input writer's settings")

    async def close(self) -> None:
        """Run every batch already handed to the thread, then close the connection and end
        the thread. Later `insert` calls raise `StorageError`."""
        if self._closed:
            return
        self._closed = True
        # The thread takes its queue in order, so this comes after every batch handed over.
        try:
            await self._call(self._disconnect, "closing the SQLite input writer")
        finally:
            self._stop()

    def _stop(self) -> None:
        if not self._stopped:
            self._stopped = True
            self._jobs.put(None)

    async def _call(self, work: Callable[[], T], what: str) -> T:
        """Run `work` on the thread and return its result; its failures become
        `ConstraintFailed` or `StorageError` naming `what`."""
        if self._stopped:
            raise StorageError(f"{what}: the store is closed")
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._jobs.put((work, loop, done))
        try:
            return await done
        except sqlite3.IntegrityError as error:
            raise ConstraintFailed(f"{what}: {error}") from error
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"{what}: {error}") from error

    # --- on the writer thread ---------------------------------------------------------

    def _serve(self) -> None:
        """Run the calls handed over, in order, until told to stop (None)."""
        while (job := self._jobs.get()) is not None:
            work, loop, done = job
            result, error = None, None
            try:
                result = work()
            except Exception as failure:  # the caller's to report, not this thread's
                error = failure
            # RuntimeError: that loop is closed, so nobody waits for this answer.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, done, result, error)

    def _connect(self) -> None:
        # isolation_level=None: no implicit BEGIN; a lone INSERT commits by itself, and a
        # longer transaction's BEGIN and COMMIT are issued here, explicitly.
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
        if not fences and len(values) <= ROWS_PER_STATEMENT:
            # One INSERT of every row, outside BEGIN: SQLite makes it a transaction of its
            # own (all rows or none, committed and fsynced when the statement returns). So
            # the thread gives the GIL up and takes it back once per batch, not once per
            # statement (BEGIN, each row, COMMIT): each take waits for an event loop that
            # is busy with other tables, for up to the interpreter's switch interval
            # (docs/benchmarks.md, "The hot path of an action").
            connection.execute(_insert_rows(len(values)), [x for row in values for x in row])
            return {}
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
