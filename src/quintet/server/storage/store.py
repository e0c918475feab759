"""The server's storage API: every method is one transaction, committed when it returns.

The runner appends each accepted input here BEFORE it acknowledges or broadcasts it, so
a crash never loses an input that anyone has seen; on start the server rebuilds every
`unfinished()` table by replaying `inputs()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import threading
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Row, event, exists, func, select, update
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from quintet.core.inputs import Input
from quintet.core.types import JSON, JSONDict
from quintet.server.storage import models

#: A table's life: open (seats being claimed) -> running -> finished, or aborted.
Status = Literal["open", "running", "finished", "aborted"]
STATUSES: tuple[Status, ...] = ("open", "running", "finished", "aborted")
#: Who sits in a seat: a person (claimed with a nickname and token) or a bot at a level.
SeatKind = Literal["human", "bot"]
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "bot")
#: Seeds are stored as a signed 64-bit BIGINT on both backends.
SEED_LIMIT = 2**63


class StorageError(Exception):
    """A storage operation was refused or failed; the message names the table and the rule."""


class DuplicateInput(StorageError):
    """`append_input` was given a seq that is already stored: the log is append-only."""


class _ConstraintFailed(StorageError):
    """The database refused a write on a constraint (its IntegrityError is the cause)."""


def new_table_id() -> str:
    """A fresh table id: 12 url-safe random characters (72 bits)."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    """The sha256 hex digest stored for a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a table.

    For `NewTable.seats` give only `seat`, `kind` and (for a bot) `level`; `nickname`,
    `token_hash` and `joined_at` stay None until `Store.claim_seat` fills them.
    """

    seat: int
    kind: SeatKind
    level: str | None = None
    nickname: str | None = None
    token_hash: str | None = None
    joined_at: datetime | None = None

    @property
    def free(self) -> bool:
        """A human seat nobody has claimed yet."""
        return self.kind == "human" and self.nickname is None


@dataclass(frozen=True, slots=True)
class NewTable:
    """What `Store.create_table` stores; the status starts "open".

    `seats[i].seat` must be `i`; `players` is `len(seats)`. `settings` holds table-level
    settings (not game options), e.g. `{"zombie_after_s": 60.0}`. `created_at` defaults
    to now (UTC). `seed` must fit a signed 64-bit int (`secrets.randbits(63)` does).
    """

    id: str
    game: str
    options: JSONDict
    seed: int
    seats: tuple[SeatRow, ...]
    settings: JSONDict = field(default_factory=dict)
    created_at: datetime | None = None

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclass(frozen=True, slots=True)
class TableRow:
    """A stored table with its seats (ordered by seat). Timestamps are aware UTC datetimes."""

    id: str
    game: str
    options: JSONDict
    seed: int
    players: int
    status: Status
    settings: JSONDict
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    result: JSON | None
    seats: tuple[SeatRow, ...]

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The human seats still open to claim."""
        return tuple(s.seat for s in self.seats if s.free)


#: Where the Alembic scripts live (inside the package, so an installed wheel can migrate).
MIGRATIONS = Path(__file__).with_name("migrations")
#: How long a SQLite writer waits for another connection's write lock before failing.
SQLITE_BUSY_TIMEOUT_MS = 10_000
# Async drivers for the plain URLs a person may type (`--db sqlite:///x.db`).
_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}
_SUPPORTED = ("sqlite+aiosqlite", "postgresql+asyncpg")


def _dumps(value: JSON) -> str:
    # allow_nan=False: NaN/Infinity are not JSON; PostgreSQL would refuse them and SQLite
    # would keep them, so both refuse them here. ensure_ascii=False keeps text readable.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _now() -> datetime:
    return datetime.now(UTC)


def _async_url(url: str) -> URL:
    """Parse `url`, giving a plain sqlite/postgresql URL its async driver."""
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise StorageError(f"bad database URL {url!r}: {error}") from None
    parsed = parsed.set(drivername=_ASYNC_DRIVERS.get(parsed.drivername, parsed.drivername))
    if parsed.drivername not in _SUPPORTED:
        raise StorageError(
            f"unsupported database URL {parsed.render_as_string(hide_password=True)!r}:"
            f" use sqlite+aiosqlite:///path or postgresql+asyncpg://user@host:port/db"
        )
    return parsed


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    """Settings every SQLite connection needs, applied before it is first used."""
    # Let SQLAlchemy's "begin" event below issue BEGIN itself: the sqlite3 module would
    # otherwise begin only before DML, leaving DDL (migrations) outside the transaction.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        # WAL: readers never block the writer; synchronous=FULL: a commit is fsynced to
        # the WAL before it returns, so an acknowledged input survives a crash or power cut.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    # Writes BEGIN IMMEDIATE: the write lock is taken at BEGIN (waiting up to busy_timeout),
    # so a transaction that reads before it writes never fails upgrading a stale snapshot.
    # Reads stay DEFERRED and, in WAL, never wait.
    mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")


# Alembic keeps the running migration in module globals (`alembic.context`, `alembic.op`),
# so two migrations in one process must take turns: an asyncio lock per event loop (two
# Store.open in one loop) and a thread lock (two loops in two threads).
_migration_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)
_migration_thread_lock = threading.Lock()
# Any constant: PostgreSQL's advisory lock id for "migrating the quintet schema".
_PG_MIGRATION_LOCK = 0x5175696E74  # "Quint"


def _migration_lock() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _migration_locks.get(loop)
    if lock is None:
        lock = _migration_locks[loop] = asyncio.Lock()
    return lock


def _migrate(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        # Two server processes starting on a fresh database: the second waits here, then
        # finds the schema at head. (SQLite gets the same from BEGIN IMMEDIATE.)
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    with _migration_thread_lock:
        command.upgrade(config, "head")


def _seat_row(row: Row[Any]) -> SeatRow:
    return SeatRow(
        seat=row.seat,
        kind=row.kind,
        level=row.level,
        nickname=row.nickname,
        token_hash=row.token_hash,
        joined_at=row.joined_at,
    )


def _check_new_table(table: NewTable) -> None:
    where = f"table {table.id!r}"
    if not table.seats:
        raise StorageError(f"{where}: a table needs at least one seat")
    numbers = [s.seat for s in table.seats]
    if numbers != list(range(len(numbers))):
        raise StorageError(f"{where}: seats must be numbered 0..{len(numbers) - 1}, not {numbers}")
    for s in table.seats:
        if s.kind not in SEAT_KINDS:
            raise StorageError(f"{where}: seat {s.seat} kind must be human or bot, not {s.kind!r}")
        if s.kind == "bot" and not s.level:
            raise StorageError(f"{where}: bot seat {s.seat} needs a level")
    if not -SEED_LIMIT <= table.seed < SEED_LIMIT:
        raise StorageError(f"{where}: the seed {table.seed} does not fit a signed 64-bit int")


@dataclass(slots=True, eq=False)
class _PendingInput:
    """One `append_input` call waiting for its row to commit (eq=False: by identity)."""

    where: str
    row: dict[str, Any]
    done: asyncio.Future[None]


class Store:
    """Async storage over SQLAlchemy 2 (SQLite via aiosqlite, PostgreSQL via asyncpg).

    Use `await Store.open(url)`, never the constructor. Every method runs in its own
    transaction and has committed when it returns. Every database failure is raised as a
    `StorageError` (the driver's error chained as its cause).
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        # SQLite has one writer at a time, and a writer that finds the lock taken polls
        # for it with growing sleeps (busy_timeout): under load that costs tens of ms per
        # input. Queuing this process's writers here instead hands the lock over at once;
        # busy_timeout remains for other processes (the CLI, a second server).
        self._sqlite_writes = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        # Group commit of inputs (see append_input): the queue and who may flush it.
        self._appends: list[_PendingInput] = []
        self._append_lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect and migrate the schema to head (a no-op when already there).

        `url` is `sqlite+aiosqlite:///path` or `postgresql+asyncpg://user@host:port/db`;
        plain `sqlite:///` and `postgresql://` are accepted and given the async driver.
        SQLite gets WAL, synchronous=FULL, foreign keys and a busy timeout, and the file's
        directory is created if missing. Raises `StorageError` for an unsupported URL or a
        database that cannot be reached or migrated.
        """
        parsed = _async_url(url)
        sqlite = parsed.drivername.startswith("sqlite")
        if sqlite:
            if not parsed.database or parsed.database == ":memory:":
                # Each pooled connection would get its own empty database.
                raise StorageError("in-memory SQLite is not supported: give a file path")
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(parsed, json_serializer=_dumps)
        if sqlite:
            event.listen(engine.sync_engine, "connect", _sqlite_connect)
            event.listen(engine.sync_engine, "begin", _sqlite_begin)
        store = cls(engine)
        try:
            async with (
                _migration_lock(),
                store._transaction("migrating the schema", write=True) as c,
            ):
                await c.run_sync(_migrate)
        except BaseException:
            await engine.dispose()
            raise
        return store

    @property
    def backend(self) -> Literal["sqlite", "postgresql"]:
        """Which database this store runs on (for `/api/health`)."""
        return "sqlite" if self._engine.dialect.name == "sqlite" else "postgresql"

    async def close(self) -> None:
        """Close every pooled connection. The store is unusable afterwards."""
        await self._engine.dispose()

    @contextlib.asynccontextmanager
    async def _transaction(
        self, what: str, *, write: bool = False
    ) -> AsyncIterator[AsyncConnection]:
        """One committed transaction; database errors become `StorageError` naming `what`.

        `write`: on SQLite, wait for this process's other writers, then BEGIN IMMEDIATE
        (take the write lock up front, so a read-then-write transaction never fails on
        an upgrade from a stale snapshot).
        """
        lock = self._sqlite_writes if write else None
        try:
            async with contextlib.AsyncExitStack() as stack:
                if lock is not None:
                    await stack.enter_async_context(lock)
                connection = await stack.enter_async_context(self._engine.connect())
                if lock is not None:
                    await connection.execution_options(sqlite_begin="IMMEDIATE")
                async with connection.begin():
                    yield connection
        except IntegrityError as error:
            # A constraint said no: callers that expect one (a taken id or seq) catch this
            # subclass to say which rule; for the others it is an ordinary StorageError.
            raise _ConstraintFailed(f"{what}: {error}") from error
        except (SQLAlchemyError, OSError) as error:
            raise StorageError(f"{what}: {error}") from error

    async def create_table(self, table: NewTable) -> None:
        """Store a new table (status "open") and its seats.

        Raises `StorageError` when the id exists, the seats are not numbered 0..n-1, a
        kind is unknown, a bot has no level, or the seed does not fit 64 bits.
        """
        _check_new_table(table)
        try:
            async with self._transaction(f"creating table {table.id!r}", write=True) as c:
                await c.execute(
                    models.tables.insert().values(
                        id=table.id,
                        game=table.game,
                        options=table.options,
                        seed=table.seed,
                        players=table.players,
                        status="open",
                        settings=table.settings,
                        created_at=table.created_at or _now(),
                    )
                )
                await c.execute(
                    models.seats.insert(),
                    [
                        {
                            "table_id": table.id,
                            "seat": s.seat,
                            "kind": s.kind,
                            "level": s.level,
                            "nickname": s.nickname,
                            "token_hash": s.token_hash,
                            "joined_at": s.joined_at,
                        }
                        for s in table.seats
                    ],
                )
        except _ConstraintFailed as error:
            raise StorageError(f"table {table.id!r} already exists") from error.__cause__

    async def _rows(self, c: AsyncConnection, where: Any) -> list[TableRow]:
        t, s = models.tables, models.seats
        found = (await c.execute(select(t).where(where).order_by(t.c.created_at, t.c.id))).all()
        if not found:
            return []
        ids = [row.id for row in found]
        seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
        for row in await c.execute(
            select(s).where(s.c.table_id.in_(ids)).order_by(s.c.table_id, s.c.seat)
        ):
            seats[row.table_id].append(_seat_row(row))
        return [
            TableRow(
                id=row.id,
                game=row.game,
                options=row.options,
                seed=row.seed,
                players=row.players,
                status=row.status,
                settings=row.settings,
                created_at=row.created_at,
                started_at=row.started_at,
                finished_at=row.finished_at,
                result=row.result,
                seats=tuple(seats[row.id]),
            )
            for row in found
        ]

    async def _select(self, what: str, where: Any) -> list[TableRow]:
        async with self._transaction(what) as c:
            return await self._rows(c, where)

    async def table(self, table_id: str) -> TableRow | None:
        """The table with its seats, or None when there is no such table."""
        found = await self._select(f"reading table {table_id!r}", models.tables.c.id == table_id)
        return found[0] if found else None

    async def open_tables(self, game: str | None = None) -> list[TableRow]:
        """Tables with status "open" (of one game when given), oldest first."""
        where = models.tables.c.status == "open"
        if game is not None:
            where = where & (models.tables.c.game == game)
        return await self._select("listing open tables", where)

    async def unfinished(self) -> list[TableRow]:
        """Tables with status "running", oldest first: the ones to rebuild on start."""
        return await self._select("listing running tables", models.tables.c.status == "running")

    async def claim_seat(
        self,
        table_id: str,
        seat: int,
        nickname: str,
        token_hash: str,
        *,
        joined_at: datetime | None = None,
    ) -> bool:
        """Claim a seat atomically: True when this call got it.

        One conditional UPDATE: it succeeds only if the seat exists, is a human seat, is
        still unclaimed and its table is "open". False otherwise (someone else got it
        first, or it is a bot seat, or the table has started); read `table()` to tell
        which. `joined_at` defaults to now (UTC).
        """
        t, s = models.tables, models.seats
        # The whole check is in the WHERE clause of one statement, so two concurrent
        # claims cannot both see the seat free: the database serialises the row update
        # and the loser's WHERE no longer matches.
        statement = (
            update(s)
            .where(
                s.c.table_id == table_id,
                s.c.seat == seat,
                s.c.kind == "human",
                s.c.nickname.is_(None),
                exists().where(t.c.id == table_id, t.c.status == "open"),
            )
            .values(nickname=nickname, token_hash=token_hash, joined_at=joined_at or _now())
        )
        async with self._transaction(
            f"claiming seat {seat} of table {table_id!r}", write=True
        ) as c:
            result = await c.execute(statement)
        return bool(result.rowcount == 1)

    async def set_status(
        self,
        table_id: str,
        status: Status,
        *,
        started_at: datetime | None = None,
        finished_at: datetime | None = None,
        result: JSON | None = None,
        only_from: Status | None = None,
    ) -> bool:
        """Set a table's status, and each of started_at/finished_at/result that is given.

        Arguments left None keep their stored value. With `only_from`, the change happens
        only if the current status is that one (e.g. start a table only from "open"), so
        two concurrent starts cannot both win; returns whether the row changed (always
        True without `only_from`). Raises `StorageError` for an unknown table or status.
        """
        for name, value in (("status", status), ("only_from", only_from)):
            if value is not None and value not in STATUSES:
                raise StorageError(
                    f"table {table_id!r}: {name} must be one of {', '.join(STATUSES)},"
                    f" not {value!r}"
                )
        t = models.tables
        values: dict[str, Any] = {"status": status}
        if started_at is not None:
            values["started_at"] = started_at
        if finished_at is not None:
            values["finished_at"] = finished_at
        if result is not None:
            values["result"] = result
        statement = update(t).where(t.c.id == table_id).values(**values)
        if only_from is not None:
            statement = statement.where(t.c.status == only_from)
        async with self._transaction(f"setting table {table_id!r} {status}", write=True) as c:
            changed = (await c.execute(statement)).rowcount == 1
            if not changed:
                known = (await c.execute(select(t.c.id).where(t.c.id == table_id))).first()
                if known is None:
                    raise StorageError(f"no table {table_id!r}")
        return changed

    async def append_input(self, table_id: str, seq: int, inp: Input) -> None:
        """Append input number `seq` (0, 1, 2, ...) to the table's log; committed on return.

        Raises `DuplicateInput` (a `StorageError`) when that seq is already stored: the log
        is never overwritten. Raises `StorageError` for an unknown table, a negative seq or
        time, or an action that is not JSON (NaN, non-string keys...). The caller keeps
        seqs contiguous (the store does not spend a query checking gaps) and has at most
        one append in flight per table (the runner's one-input-at-a-time loop).

        Concurrent appends (other tables) are committed together in one transaction (group
        commit: one fsync for all); each call still returns only after its row committed.
        """
        where = f"storing input {seq} of table {table_id!r}"
        if seq < 0:
            raise StorageError(f"{where}: seq must be >= 0")
        if inp.time < 0:
            raise StorageError(f"{where}: input time must be >= 0, not {inp.time}")
        try:
            # Checked here, alone, so that a bad action cannot fail a whole group commit.
            _dumps(inp.action)
        except (TypeError, ValueError) as error:
            raise StorageError(f"{where}: the action is not JSON: {error}") from None
        row = {
            "table_id": table_id,
            "seq": seq,
            "time_ms": inp.time,
            "seat": inp.seat,
            "action": inp.action,
        }
        pending = _PendingInput(where, row, asyncio.get_running_loop().create_future())
        self._appends.append(pending)
        try:
            async with self._append_lock:
                if not pending.done.done():
                    # Leader: commit every row queued so far, ours included. Shielded, so
                    # that cancelling this caller cannot strand the others' rows half-done.
                    batch, self._appends = self._appends, []
                    await asyncio.shield(self._commit_inputs(batch))
        except asyncio.CancelledError:
            if pending in self._appends:  # not taken by a leader: it will not be stored
                self._appends.remove(pending)
            raise
        pending.done.result()

    async def _commit_inputs(self, batch: list[_PendingInput]) -> None:
        """Insert the batch in one transaction; on failure, each row alone to find the culprit."""
        if len(batch) > 1:
            try:
                async with self._transaction(batch[0].where, write=True) as c:
                    await c.execute(models.inputs.insert(), [p.row for p in batch])
            except StorageError:
                pass  # one row (or the database) is at fault: the loop below says which
            else:
                for p in batch:
                    p.done.set_result(None)
                return
        for p in batch:
            try:
                await self._insert_input(p)
            except StorageError as error:
                p.done.set_exception(error)
            else:
                p.done.set_result(None)

    async def _insert_input(self, pending: _PendingInput) -> None:
        try:
            async with self._transaction(pending.where, write=True) as c:
                await c.execute(models.inputs.insert(), [pending.row])
        except _ConstraintFailed as failed:
            error = failed.__cause__
            # Either the primary key (table_id, seq) or the foreign key to tables: a
            # second look tells which, since each is a different bug in the caller.
            table_id, seq = pending.row["table_id"], pending.row["seq"]
            if await self.table(table_id) is None:
                raise StorageError(f"{pending.where}: no table {table_id!r}") from error
            raise DuplicateInput(
                f"{pending.where}: input {seq} is already stored (the input log is append-only)"
            ) from error

    async def input_count(self, table_id: str) -> int:
        """How many inputs the table has stored (its next seq), without reading them."""
        i = models.inputs
        statement = select(func.count()).select_from(i).where(i.c.table_id == table_id)
        async with self._transaction(f"counting the inputs of table {table_id!r}") as c:
            return int((await c.execute(statement)).scalar_one())

    async def inputs(self, table_id: str) -> list[Input]:
        """Every stored input of the table, ordered by seq (empty for an unknown table)."""
        i = models.inputs
        statement = (
            select(i.c.seat, i.c.action, i.c.time_ms)
            .where(i.c.table_id == table_id)
            .order_by(i.c.seq)
        )
        async with self._transaction(f"reading the inputs of table {table_id!r}") as c:
            rows = (await c.execute(statement)).all()
        return [Input(row.seat, cast(JSONDict, row.action), row.time_ms) for row in rows]
