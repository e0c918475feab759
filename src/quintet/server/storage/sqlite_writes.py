"""SQLite's lobby writes (`Database.write`): one thread of their own with a `sqlite3`
connection, and the column formats SQLAlchemy uses, so that either may read the other's.

Through the async engine, one small write transaction (a seat's claim, say) crosses to
aiosqlite's thread and back for every step (check-out, BEGIN, each statement and its
cursor, COMMIT, check-in), and each crossing costs the event loop CPU: about a millisecond
of the server's CPU per claim. Here the whole transaction is one hand-over each way, and
its statements are plain SQL (docs/benchmarks.md, "Table set-up"). Inputs have their own
writer (`sqlite_writer.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from quintet.server.storage.engine import dumps
from quintet.server.storage.rows import StorageError

T = TypeVar("T")

# The store's lobby statements (store.py) in plain SQL; `sqlite_values` gives each column
# the text the engine would store.
TABLE_COLUMNS = ("id", "game", "options", "seed", "players", "status", "settings", "created_at")
SEAT_COLUMNS = ("table_id", "seat", "kind", "level", "nickname", "token_hash", "joined_at")
INSERT_TABLE = f"INSERT INTO tables ({', '.join(TABLE_COLUMNS)}) VALUES ({', '.join('?' * 8)})"
INSERT_SEAT = f"INSERT INTO seats ({', '.join(SEAT_COLUMNS)}) VALUES ({', '.join('?' * 7)})"
CLAIM_KEYS = ("nickname", "token_hash", "joined_at", "b_table", "b_seat", "b_table")
CLAIM = (
    "UPDATE seats SET nickname = ?, token_hash = ?, joined_at = ?"
    " WHERE table_id = ? AND seat = ? AND kind = 'human' AND nickname IS NULL"
    " AND EXISTS (SELECT 1 FROM tables WHERE id = ? AND status = 'open')"
)
# A claim with a player key sets the seat's key in the same statement (`CLAIM_KEYED`),
# and at a rated table only if no other seat of the table has that key (`ONE_SEAT`).
CLAIM_KEYED_KEYS = ("nickname", "token_hash", "joined_at", "player_key_id", *CLAIM_KEYS[3:])
CLAIM_KEYED = CLAIM.replace("joined_at = ?", "joined_at = ?, player_key_id = ?", 1)
ONE_SEAT_KEYS = ("b_table", "b_key")
ONE_SEAT = (
    " AND NOT EXISTS (SELECT 1 FROM seats AS other"
    " WHERE other.table_id = ? AND other.player_key_id = ?)"
)
#: The player's last nickname becomes the one they joined with.
NAME_PLAYER = "UPDATE players SET nickname = ? WHERE key_id = ?"
#: The JSON columns of the lobby's statements (the engine stores them as `dumps` text).
_JSON_COLUMNS = frozenset({"options", "settings", "result"})


def sqlite_values(values: dict[str, Any], keys: Sequence[str]) -> tuple[Any, ...]:
    """The parameters `keys` of `values` as the engine writes them to SQLite: JSON columns
    as `dumps` text, datetimes as `sqlite_time` text, the rest as they are."""
    out: list[Any] = []
    for key in keys:
        value = values[key]
        if key in _JSON_COLUMNS:
            value = dumps(value)
        elif isinstance(value, datetime):
            value = sqlite_time(value)
        out.append(value)
    return tuple(out)


def sqlite_time(moment: datetime) -> str:
    """An aware datetime as the engine stores it in SQLite (`models.UTCDateTime` over
    SQLAlchemy's DATETIME): naive UTC, microseconds always written, so that text order is
    time order. Raises ValueError for a naive datetime."""
    if moment.tzinfo is None:
        raise ValueError(f"timestamps must be timezone-aware (UTC), not naive {moment!r}")
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")


@dataclass(slots=True, eq=False)
class _Pending:
    """One `run` call waiting for its batch to commit (eq=False: by identity)."""

    work: Callable[[sqlite3.Connection], Any]
    done: asyncio.Future[Any]


class SqliteWrites:
    """Write transactions on one thread that owns one SQLite connection, with group commit.

    Writes that arrive while a batch commits queue; each batch is one transaction (one
    fsync), every write in it under a savepoint of its own, so a write that raises is
    undone alone and the others commit. Each `run` returns only once its batch has
    committed. `run` raises the exceptions of its work (the `sqlite3` errors: the caller
    names them), the batch's own failure (BEGIN, COMMIT), and `StorageError` once `close`
    has begun.
    """

    def __init__(
        self,
        path: str,
        connect: Callable[[sqlite3.Connection], None],
        turn: contextlib.AbstractAsyncContextManager[object],
    ) -> None:
        self._path = path
        # The engine's settings for every new connection (engine._sqlite_connect).
        self._setup = connect
        # The process's turn for SQLite's write lock (`Database.sqlite_write_turn`).
        self._turn = turn
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="quintet-sqlite-writes")
        self._connection: sqlite3.Connection | None = None
        self._closed = False
        self._queue: list[_Pending] = []
        self._flush: asyncio.Task[None] | None = None
        #: How many transactions have committed writes so far (one per batch).
        self.transactions = 0

    async def run(self, what: str, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` in a committed transaction, on the thread; its result."""
        if self._closed:
            raise StorageError(f"{what}: the database is closed")
        pending = _Pending(work, asyncio.get_running_loop().create_future())
        self._queue.append(pending)
        if self._flush is None:
            self._flush = asyncio.ensure_future(self._commit_batches())
        try:
            # Shielded: cancelling this caller must not cancel the future the batch sets.
            result: T = await asyncio.shield(pending.done)
        except asyncio.CancelledError:
            if pending in self._queue:  # not taken yet: it never runs
                self._queue.remove(pending)
            else:  # in flight: nobody reads its outcome
                pending.done.add_done_callback(lambda f: f.cancelled() or f.exception())
            raise
        return result

    async def close(self) -> None:
        """Commit the writes already queued, then close the connection and end the thread."""
        if self._closed:
            return
        self._closed = True
        if self._flush is not None:
            await asyncio.gather(self._flush, return_exceptions=True)
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._disconnect)
        finally:
            self._thread.shutdown(wait=False)

    async def _commit_batches(self) -> None:
        """Commit the queue, batch after batch, until it is empty; answer each write."""
        loop = asyncio.get_running_loop()
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                try:
                    async with self._turn:
                        works = [p.work for p in batch]
                        outcomes = await loop.run_in_executor(self._thread, self._batch, works)
                except BaseException as error:
                    for p in batch:
                        if not p.done.done():
                            # Not "committed": whether the batch reached the disk is unknown.
                            p.done.set_exception(_failed(error))
                    if not isinstance(error, Exception):
                        raise  # cancelled: the loop is closing
                    continue
                self.transactions += 1
                for p, (value, raised) in zip(batch, outcomes, strict=True):
                    if p.done.done():
                        continue
                    if raised is None:
                        p.done.set_result(value)
                    else:
                        p.done.set_exception(raised)
        finally:
            self._flush = None

    # --- on the thread ----------------------------------------------------------------

    def _batch(self, works: list[Callable[[sqlite3.Connection], Any]]) -> list[tuple[Any, Any]]:
        """Run `works` in one transaction, each under a savepoint; each one's result and
        error (None or the exception it raised, its changes undone)."""
        connection = self._connection
        if connection is None:
            # isolation_level=None: BEGIN and COMMIT are issued here, explicitly.
            connection = sqlite3.connect(self._path, isolation_level=None)
            try:
                self._setup(connection)
            except BaseException:
                connection.close()
                raise
            self._connection = connection
        outcomes: list[tuple[Any, Any]] = []
        connection.execute("BEGIN IMMEDIATE")
        try:
            for work in works:
                connection.execute("SAVEPOINT write")
                try:
                    outcomes.append((work(connection), None))
                except Exception as error:
                    if not connection.in_transaction:
                        raise  # SQLite ended the whole transaction (a full disk): all fail
                    connection.execute("ROLLBACK TO write")
                    outcomes.append((None, error))
                connection.execute("RELEASE write")
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        return outcomes

    def _disconnect(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def _failed(error: BaseException) -> BaseException:
    """What each write of a failed batch raises: the batch's own error (a new `sqlite3`
    error of its kind, so that no two callers share one exception), or `StorageError`."""
    if isinstance(error, sqlite3.Error):
        return type(error)(*error.args)
    if isinstance(error, asyncio.CancelledError):
        return StorageError("stopped before the commit was confirmed")
    if isinstance(error, RuntimeError):  # the thread is shut down
        return StorageError("the database is closed")
    return StorageError(f"the transaction failed: {type(error).__name__}: {error}")
