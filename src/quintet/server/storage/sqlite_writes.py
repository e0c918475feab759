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
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
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


class SqliteWrites:
    """Write transactions on one thread that owns one SQLite connection.

    `run` raises the `sqlite3` errors of the work (the caller names them), and
    `StorageError` once `close` has begun.
    """

    def __init__(self, path: str, connect: Callable[[sqlite3.Connection], None]) -> None:
        self._path = path
        # The engine's settings for every new connection (engine._sqlite_connect).
        self._setup = connect
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="quintet-sqlite-writes")
        self._connection: sqlite3.Connection | None = None
        self._closed = False

    async def run(self, what: str, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` between BEGIN IMMEDIATE and COMMIT (ROLLBACK when it
        raises), on the thread; its result."""
        if self._closed:
            raise StorageError(f"{what}: the database is closed")
        try:
            done = asyncio.get_running_loop().run_in_executor(self._thread, self._transaction, work)
        except RuntimeError:  # the thread is shut down
            raise StorageError(f"{what}: the database is closed") from None
        return await done

    async def close(self) -> None:
        """Close the connection after every transaction already handed over; end the thread."""
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._disconnect)
        finally:
            self._thread.shutdown(wait=False)

    # --- on the thread ----------------------------------------------------------------

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
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
        connection.execute("BEGIN IMMEDIATE")
        try:
            result = work(connection)
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        return result

    def _disconnect(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
