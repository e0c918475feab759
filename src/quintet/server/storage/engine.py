"""The database connection: URL parsing, SQLite's settings, migrations, transactions.

`Database.open(url)` gives an engine with the schema at head; `Database.transaction()` is
the one way the queries (`store.py`) reach it, so every database failure becomes a
`StorageError` in one place.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
import weakref
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from quintet.core.types import JSON
from quintet.server.storage.rows import StorageError

if TYPE_CHECKING:  # imported where used: it uses this module's `dumps`
    from quintet.server.storage.sqlite_writes import SqliteWrites

#: Where the Alembic scripts live (inside the package, so an installed wheel can migrate).
MIGRATIONS = Path(__file__).with_name("migrations")
#: How long a SQLite writer waits for another connection's write lock before failing.
SQLITE_BUSY_TIMEOUT_MS = 10_000
# Async drivers for the plain URLs a person may type (`--db sqlite:///x.db`).
_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}
_SUPPORTED = ("sqlite+aiosqlite", "postgresql+asyncpg")


T = TypeVar("T")


# allow_nan=False: NaN/Infinity are not JSON; PostgreSQL would refuse them and SQLite
# would keep them, so both refuse them here. ensure_ascii=False keeps text readable. One
# encoder for all: `json.dumps` with options builds a new one per call (every input).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def dumps(value: JSON) -> str:
    """JSON text as stored. Raises ValueError for NaN/Infinity, TypeError for non-JSON."""
    return _ENCODER.encode(value)


class ConstraintFailed(StorageError):
    """The database refused a write on a constraint (its IntegrityError is the cause)."""


def async_url(url: str) -> URL:
    """Parse `url`, giving a plain sqlite/postgresql URL its async driver; raises
    `StorageError` for a URL that does not parse or names another database."""
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


class Database:
    """An async engine (SQLite via aiosqlite, PostgreSQL via asyncpg) and its transactions.

    Use `await Database.open(url)`, never the constructor.
    """

    def __init__(self, engine: AsyncEngine, sqlite_path: str | None = None) -> None:
        self.engine = engine
        # SQLite has one writer at a time, and a writer that finds the lock taken polls
        # for it with growing sleeps (busy_timeout): under load that costs tens of ms per
        # input. Queuing this process's writers here instead hands the lock over at once;
        # busy_timeout remains for other processes (the CLI, a second server).
        self._sqlite_writes = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        # SQLite's `write` transactions: a thread of their own (see `write`).
        self._writes: SqliteWrites | None = None
        if sqlite_path is not None and self._sqlite_writes is not None:
            from quintet.server.storage.sqlite_writes import SqliteWrites

            self._writes = SqliteWrites(
                sqlite_path, lambda c: _sqlite_connect(c, None), self._sqlite_writes
            )

    @classmethod
    async def open(cls, url: str) -> Database:
        """Connect and migrate the schema to head (a no-op when already there).

        `url` is `sqlite+aiosqlite:///path` or `postgresql+asyncpg://user@host:port/db`;
        plain `sqlite:///` and `postgresql://` are accepted and given the async driver.
        SQLite gets WAL, synchronous=FULL, foreign keys and a busy timeout, and the file's
        directory is created if missing. Raises `StorageError` for an unsupported URL or a
        database that cannot be reached or migrated.
        """
        parsed = async_url(url)
        sqlite = parsed.drivername.startswith("sqlite")
        if sqlite:
            if not parsed.database or parsed.database == ":memory:":
                # Each pooled connection would get its own empty database.
                raise StorageError("in-memory SQLite is not supported: give a file path")
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(parsed, json_serializer=dumps)
        if sqlite:
            event.listen(engine.sync_engine, "connect", _sqlite_connect)
            event.listen(engine.sync_engine, "begin", _sqlite_begin)
        database = cls(engine, parsed.database if sqlite else None)
        try:
            async with (
                _migration_lock(),
                database.transaction("migrating the schema", write=True) as c,
            ):
                await c.run_sync(_migrate)
        except BaseException:
            await database.close()
            raise
        return database

    @property
    def backend(self) -> Literal["sqlite", "postgresql"]:
        return "sqlite" if self.engine.dialect.name == "sqlite" else "postgresql"

    def sqlite_write_turn(self) -> contextlib.AbstractAsyncContextManager[object]:
        """Wait for this process's other SQLite writers (the lock `transaction(write=True)`
        takes), for a writer on another connection of this process (the input writer
        thread): SQLite's write lock is then handed over at once, never polled for.
        A no-op on PostgreSQL."""
        if self._sqlite_writes is None:
            return contextlib.nullcontext()
        return self._sqlite_writes

    async def close(self) -> None:
        """Close every pooled connection. The database is unusable afterwards."""
        if self._writes is not None:
            await self._writes.close()
        await self.engine.dispose()

    @property
    def write_transactions(self) -> int:
        """How many transactions have committed `write`s on SQLite's thread (one per
        group commit; 0 on PostgreSQL, whose writes go through the engine)."""
        return 0 if self._writes is None else self._writes.transactions

    async def write(
        self,
        what: str,
        work: Callable[[Connection], T],
        sqlite_work: Callable[[sqlite3.Connection], T],
    ) -> T:
        """One committed write transaction: its result. Errors as in `transaction`
        (`ConstraintFailed` when a constraint refused a write).

        On SQLite `sqlite_work(connection)`, on a thread of its own (`sqlite_writes.py`),
        taking turns with this process's other writers: one hand-over each way per batch
        of writes (group commit: concurrent writes share a transaction, each under its
        own savepoint), where the async engine crosses threads for every step. On
        PostgreSQL `work(connection)` through the async engine (`run_sync`); each does the
        same, with the columns as the engine stores them.
        """
        if self._writes is None:
            async with self.transaction(what, write=True) as c:
                return await c.run_sync(work)
        try:
            return await self._writes.run(what, sqlite_work)
        except sqlite3.IntegrityError as error:
            raise ConstraintFailed(f"{what}: {error}") from error
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"{what}: {error}") from error
        except (ValueError, TypeError) as error:
            # A value its column cannot hold (the engine raises a StatementError for it).
            raise StorageError(f"{what}: {error}") from error

    @contextlib.asynccontextmanager
    async def transaction(
        self, what: str, *, write: bool = False
    ) -> AsyncIterator[AsyncConnection]:
        """One committed transaction; database errors become `StorageError` naming `what`
        (`ConstraintFailed` when a constraint refused a write).

        `write`: on SQLite, wait for this process's other writers, then BEGIN IMMEDIATE
        (take the write lock up front, so a read-then-write transaction never fails on
        an upgrade from a stale snapshot).
        """
        lock = self._sqlite_writes if write else None
        try:
            async with contextlib.AsyncExitStack() as stack:
                if lock is not None:
                    await stack.enter_async_context(lock)
                connection = await stack.enter_async_context(self.engine.connect())
                if lock is not None:
                    await connection.execution_options(sqlite_begin="IMMEDIATE")
                async with connection.begin():
                    yield connection
        except IntegrityError as error:
            # A constraint said no: callers that expect one (a taken id or seq) catch this
            # subclass to say which rule; for the others it is an ordinary StorageError.
            raise ConstraintFailed(f"{what}: {error}") from error
        except (SQLAlchemyError, OSError) as error:
            raise StorageError(f"{what}: {_one_line(error)}") from error


def _one_line(error: BaseException) -> str:
    """The driver's own words for a database failure, on one line: SQLAlchemy's text adds
    the statement, its parameters and a link on more lines, which a log line and a
    client's error do not need (the statement is in the code, the traceback's cause)."""
    cause = getattr(error, "orig", None) or error
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__
