"""PostgreSQL's input writer: one dedicated asyncpg connection, one statement per batch.

Through SQLAlchemy's async engine a batch costs a pool check-out and four round trips
(BEGIN, INSERT, COMMIT, and the fence check), each waiting for an event loop busy with
other tables. Here a whole batch, from all tables, is ONE statement sent outside any
explicit transaction, so PostgreSQL runs it as its own transaction: one round trip, and
when the answer arrives the batch is committed (and flushed, with synchronous_commit on).
The rows travel as arrays (`unnest`), so the statement text, and its prepared plan, is
the same for every batch size.

Fencing (leases.py) is in the same statement: the fenced tables' lease rows are locked
`FOR SHARE` (a takeover's UPDATE waits for our commit) and only the rows of tables whose
lease still has the expected owner and epoch are inserted; the lease rows read are
returned, so the caller learns which tables were fenced out. A cluster process's batch
(every table fenced, one owner) takes a shorter statement with the same check.
The store batches (group commit, `Store.append_input`); this module only commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import asyncpg  # type: ignore[import-untyped]  # no stubs shipped; used in this module only
from sqlalchemy.engine import URL

from quintet.server.storage.engine import ConstraintFailed
from quintet.server.storage.leases import Fences, Lost, fenced_out
from quintet.server.storage.rows import StorageError

#: How long opening the writer's connection may take before the batch fails.
CONNECT_TIMEOUT_S = 10.0
# What the driver raises when the database refuses or cannot be reached.
_FAILURES = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
    OSError,
    TimeoutError,
)

_ROWS = (
    "unnest($1::text[], $2::int[], $3::bigint[], $4::int[], $5::text[], $6::bigint[])"
    " AS r(table_id, seq, time_ms, seat, action, epoch)"
)
_NAMES = ("table_id", "seq", "time_ms", "seat", "action", "epoch")
_COLUMNS = f"inputs ({', '.join(_NAMES)})"
_VALUES = "r.table_id, r.seq, r.time_ms, r.seat, r.action::json, r.epoch"

# A batch of unfenced tables (one process alone): a plain insert.
_INSERT = f"INSERT INTO {_COLUMNS} SELECT {_VALUES} FROM {_ROWS}"

# A batch with fenced tables: lock their lease rows, insert the rows of unfenced tables
# and of fenced ones whose lease still matches, return the lease rows read. MATERIALIZED:
# `held` is computed once and read whole by the final SELECT, so every row is locked.
_INSERT_FENCED = f"""
WITH fence AS (
    SELECT * FROM unnest($7::text[], $8::text[], $9::bigint[]) AS f(table_id, owner, epoch)
), held AS MATERIALIZED (
    SELECT table_id, owner, epoch FROM leases WHERE table_id = ANY($7::text[]) FOR SHARE
), stored AS (
    INSERT INTO {_COLUMNS}
    SELECT {_VALUES} FROM {_ROWS}
    WHERE r.table_id NOT IN (SELECT table_id FROM fence)
       OR r.table_id IN (SELECT h.table_id FROM held h JOIN fence f USING (table_id)
                         WHERE h.owner = f.owner AND h.epoch = f.epoch)
)
SELECT table_id, owner, epoch FROM held
"""

# A batch whose every table is fenced, under one owner, each row carrying its fence's
# epoch: what a cluster process sends. The same check without the fence arrays: a row is
# inserted when its table's lease row (locked as above) still has that owner and the
# row's own epoch. About a fifth less of PostgreSQL's time per batch than the form above
# (docs/benchmarks.md, "the cluster's append").
_INSERT_LEASED = f"""
WITH held AS MATERIALIZED (
    SELECT table_id, owner, epoch FROM leases WHERE table_id = ANY($7::text[]) FOR SHARE
), stored AS (
    INSERT INTO {_COLUMNS}
    SELECT {_VALUES} FROM {_ROWS}
    JOIN held h ON h.table_id = r.table_id AND h.epoch = r.epoch AND h.owner = $8::text
)
SELECT table_id, owner, epoch FROM held
"""

# The writer's connection runs only these inserts (and the foreign key's look-up of the
# table), each reading a few rows by key. The plan PostgreSQL caches for the lease look-up
# (`= ANY` of an array it cannot see) scans the whole leases table while it is small
# enough, a table that grows by a row per table ever leased: keyed reads always.
_SETTINGS = {"enable_seqscan": "off"}


class PgInputWriter:
    """Commits batches of `inputs` rows over one asyncpg connection of its own.

    Use `await PgInputWriter.open(url)`. `insert` raises `ConstraintFailed` when a
    constraint refused the batch (a taken seq, an unknown table) and `StorageError` for any
    other failure or once `close` has begun; either way nothing of the batch is kept. A
    lost connection is opened again by the next batch.
    """

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._connection: asyncpg.Connection | None = None
        self._closed = False

    @classmethod
    async def open(cls, url: URL) -> PgInputWriter:
        """Connect to the database of the engine's `url` (any driver name); raises
        `StorageError` when it cannot be reached."""
        writer = cls(url.set(drivername="postgresql").render_as_string(hide_password=False))
        await writer._connect("opening the PostgreSQL input writer")
        return writer

    async def insert(
        self, what: str, rows: Sequence[dict[str, Any]], fences: Fences | None = None
    ) -> Lost:
        """Insert `rows` (the `inputs` columns by name, `action` as its JSON text) in one
        committed transaction, but those of the tables in `fences` whose lease row no
        longer has that owner and epoch: those tables are returned with what their lease
        row holds (see `leases.py`). Raises as the class says, naming `what`."""
        if self._closed:
            raise StorageError(f"{what}: the store is closed")
        # One array per column: the statement's parameters $1..$6.
        columns = [[r[name] for r in rows] for name in _NAMES]
        connection = self._connection
        if connection is None or connection.is_closed():
            connection = await self._connect(what)
        try:
            if not fences:
                await connection.execute(_INSERT, *columns)
                return {}
            tables = list(fences)
            owners = {owner for owner, _ in fences.values()}
            if len(owners) == 1 and all(
                r["table_id"] in fences and r["epoch"] == fences[r["table_id"]][1] for r in rows
            ):
                found = await connection.fetch(_INSERT_LEASED, *columns, tables, owners.pop())
            else:
                owner_of = [fences[t][0] for t in tables]
                epochs = [fences[t][1] for t in tables]
                found = await connection.fetch(_INSERT_FENCED, *columns, tables, owner_of, epochs)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintFailed(f"{what}: {error}") from error
        except _FAILURES as error:
            raise StorageError(f"{what}: {type(error).__name__}: {error}") from error
        return fenced_out(fences, {row["table_id"]: (row["owner"], row["epoch"]) for row in found})

    async def close(self) -> None:
        """Close the connection (the store has answered every batch before it calls this).
        Later `insert` calls raise `StorageError`."""
        self._closed = True
        connection, self._connection = self._connection, None
        if connection is not None and not connection.is_closed():
            try:
                await connection.close(timeout=5)
            except _FAILURES:
                connection.terminate()

    async def _connect(self, what: str) -> asyncpg.Connection:
        try:
            connection = await asyncpg.connect(
                self._dsn, timeout=CONNECT_TIMEOUT_S, server_settings=_SETTINGS
            )
        except _FAILURES as error:
            raise StorageError(f"{what}: cannot connect: {error}") from error
        self._connection = connection
        return connection
