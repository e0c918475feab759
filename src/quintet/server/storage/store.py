"""The server's storage queries: every method is one transaction, committed when it returns.

The runner appends each accepted input here BEFORE it acknowledges or broadcasts it, so
a crash never loses an input that anyone has seen; on start the server rebuilds every
`unfinished()` table by replaying `inputs()`. The rows are in `rows.py`, the connection,
SQLite's settings and the migrations in `engine.py`; `append_input` and its group commit
in `appends.py` (over `sqlite_writer.py` or `pg_writer.py`), the leases in `leases.py`.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from typing import Any, Literal, cast

from sqlalchemy import Connection, Row, bindparam, delete, exists, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from quintet.core.inputs import Input
from quintet.core.types import JSON, JSONDict
from quintet.server.storage import models
from quintet.server.storage.appends import InputAppends, PendingInput
from quintet.server.storage.engine import ConstraintFailed, Database
from quintet.server.storage.leases import LeaseQueries
from quintet.server.storage.pg_writer import PgInputWriter
from quintet.server.storage.ratings import RatingQueries, name_player, name_player_sqlite
from quintet.server.storage.rows import (
    STATUSES,
    NewTable,
    SeatRow,
    Status,
    StorageError,
    TableRow,
    check_new_table,
)
from quintet.server.storage.sqlite_writer import SqliteInputWriter
from quintet.server.storage.sqlite_writes import (
    CLAIM,
    CLAIM_KEYED,
    CLAIM_KEYED_KEYS,
    CLAIM_KEYS,
    INSERT_SEAT,
    INSERT_TABLE,
    ONE_SEAT,
    ONE_SEAT_KEYS,
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    sqlite_values,
)

# The lobby's statements, built once: built for each call they cost the event loop more
# CPU than running them (bound parameters "b_*"; the other parameters' keys are the
# columns an UPDATE sets).
_tables, _seats = models.tables, models.seats
# The whole check of a claim is in the WHERE clause of one statement, so two concurrent
# claims cannot both see the seat free: the database serialises the row update and the
# loser's WHERE no longer matches.
_CLAIM = update(_seats).where(
    _seats.c.table_id == bindparam("b_table"),
    _seats.c.seat == bindparam("b_seat"),
    _seats.c.kind == "human",
    _seats.c.nickname.is_(None),
    exists().where(_tables.c.id == bindparam("b_table"), _tables.c.status == "open"),
)
# At a rated table a player key takes one seat: the claim checks it in its WHERE clause
# too, so two joins with one key cannot both see the key unseated.
_other = _seats.alias("other")
_CLAIM_ONE_SEAT = _CLAIM.where(
    ~exists().where(
        _other.c.table_id == bindparam("b_table"), _other.c.player_key_id == bindparam("b_key")
    )
)
_SET_STATUS = update(_tables).where(_tables.c.id == bindparam("b_id"))
_SET_STATUS_FROM = _SET_STATUS.where(_tables.c.status == bindparam("b_from"))
_INSERT_TABLE = _tables.insert()
_INSERT_SEATS = _seats.insert()


class _NoTable(Exception):
    """Raised inside a write transaction (rolling it back) for a table that is not there."""


def _now() -> datetime:
    return datetime.now(UTC)


def _seat_row(row: Row[Any]) -> SeatRow:
    return SeatRow(
        seat=row.seat,
        kind=row.kind,
        level=row.level,
        nickname=row.nickname,
        token_hash=row.token_hash,
        joined_at=row.joined_at,
    )


class Store(LeaseQueries, RatingQueries, InputAppends):
    """Async storage over SQLAlchemy 2 (SQLite via aiosqlite, PostgreSQL via asyncpg).

    Use `await Store.open(url)`, never the constructor. Every method runs in its own
    transaction and has committed when it returns. Every database failure is raised as a
    `StorageError` (the driver's error chained as its cause).
    """

    def __init__(
        self, database: Database, writer: SqliteInputWriter | PgInputWriter | None = None
    ) -> None:
        self._db = database
        # Who commits inputs: SQLite's writer thread (sqlite_writer.py), PostgreSQL's own
        # asyncpg connection (pg_writer.py), or None: the engine (input_writer=False).
        self._writer = writer
        self._closed = False
        # Group commit of inputs (see append_input): the queue and who may flush it.
        self._appends: list[PendingInput] = []
        # The task committing batches, while there are any (see append_input); `close`
        # waits for it, so the connections are never closed under a live transaction.
        self._flush: asyncio.Task[None] | None = None
        self._input_transactions = 0
        # Tables whose appends check their lease (leases.py): (owner, epoch) by table id.
        self._fences: dict[str, tuple[str, int]] = {}

    @classmethod
    async def open(cls, url: str, *, input_writer: bool = True) -> Store:
        """Connect and migrate the schema to head (see `Database.open`); raises
        `StorageError` for an unsupported URL or a database that cannot be reached or
        migrated.

        Inputs are appended by a writer built for the backend, with its own connection:
        a thread on SQLite (`sqlite_writer.py`), an asyncpg connection on PostgreSQL
        (`pg_writer.py`); with `input_writer=False` (for comparisons) they go through the
        async engine like every other operation.
        """
        database = await Database.open(url)
        writer: SqliteInputWriter | PgInputWriter | None = None
        try:
            if database.backend == "sqlite" and input_writer:
                path = database.engine.url.database
                assert path is not None  # Database.open refuses a URL without a file
                writer = await SqliteInputWriter.open(path)
            elif input_writer:
                writer = await PgInputWriter.open(database.engine.url)
        except BaseException:
            await database.close()
            raise
        return cls(database, writer)

    @property
    def engine(self) -> AsyncEngine:
        """The SQLAlchemy engine (for tests and tools; the server uses the methods)."""
        return self._db.engine

    @property
    def backend(self) -> Literal["sqlite", "postgresql"]:
        """Which database this store runs on (for `/api/health`)."""
        return self._db.backend

    @property
    def lobby_transactions(self) -> int:
        """How many transactions have committed the lobby's writes (creates, claims,
        statuses) on SQLite's own thread: one per group commit; 0 on PostgreSQL."""
        return self._db.write_transactions

    @property
    def input_transactions(self) -> int:
        """How many transactions have committed inputs so far (one per group commit)."""
        return self._input_transactions

    async def close(self) -> None:
        """Commit every input already queued (or fail it: none is dropped unanswered),
        then close the writer and every pooled connection. The store is unusable
        afterwards: a later `append_input` raises `StorageError`."""
        if self._closed:
            return
        self._closed = True  # no new appends from here; the flush commits the queued ones
        if self._flush is not None:
            await asyncio.gather(self._flush, return_exceptions=True)
        if self._writer is not None:
            await self._writer.close()
        await self._db.close()

    async def create_table(self, table: NewTable) -> None:
        """Store a new table (status "open") and its seats.

        Raises `StorageError` when the id exists, the seats are not numbered 0..n-1, a
        kind is unknown, a bot has no level, or the seed does not fit 64 bits.
        """
        check_new_table(table)
        row = {
            "id": table.id,
            "game": table.game,
            "options": table.options,
            "seed": table.seed,
            "players": table.players,
            "status": "open",
            "settings": table.settings,
            "created_at": table.created_at or _now(),
        }
        seats = [
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
        ]

        def create(c: Connection) -> None:
            c.execute(_INSERT_TABLE, row)
            c.execute(_INSERT_SEATS, seats)

        def create_sqlite(c: sqlite3.Connection) -> None:
            c.execute(INSERT_TABLE, sqlite_values(row, TABLE_COLUMNS))
            c.executemany(INSERT_SEAT, [sqlite_values(s, SEAT_COLUMNS) for s in seats])

        try:
            await self._db.write(f"creating table {table.id!r}", create, create_sqlite)
        except ConstraintFailed as error:
            raise StorageError(f"table {table.id!r} already exists") from error.__cause__

    async def _rows(
        self, c: AsyncConnection, where: Any, limit: int | None = None
    ) -> list[TableRow]:
        t, s = models.tables, models.seats
        query = select(t).where(where).order_by(t.c.created_at, t.c.id)
        if limit is not None:
            query = query.limit(limit)
        found = (await c.execute(query)).all()
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
        async with self._db.transaction(what) as c:
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

    async def page(
        self,
        status: Status,
        *,
        game: str | None = None,
        free_only: bool = False,
        limit: int = 50,
        after: str | None = None,
    ) -> list[TableRow]:
        """Up to `limit` tables with `status` (of one game when given; with `free_only`,
        only those with a human seat still free), oldest first, starting after the table
        `after` (the last one of the previous page; an unknown id starts nowhere: [])."""
        t, s = models.tables, models.seats
        where = t.c.status == status
        if game is not None:
            where = where & (t.c.game == game)
        if free_only:
            where = where & exists().where(
                s.c.table_id == t.c.id, s.c.kind == "human", s.c.nickname.is_(None)
            )
        async with self._db.transaction(f"listing {status} tables") as c:
            if after is not None:
                anchor = (
                    await c.execute(select(t.c.created_at).where(t.c.id == after))
                ).scalar_one_or_none()
                if anchor is None:
                    return []
                where = where & (
                    (t.c.created_at > anchor) | ((t.c.created_at == anchor) & (t.c.id > after))
                )
            return await self._rows(c, where, limit)

    async def expire_open(self, idle_since: datetime) -> list[str]:
        """Delete the open tables created before `idle_since` that nobody has joined since
        then; returns their ids. (Their seats go with them; an open table has no inputs.)"""
        t, s = models.tables, models.seats
        joined_lately = exists().where(s.c.table_id == t.c.id, s.c.joined_at >= idle_since)
        statement = (
            delete(t)
            .where(t.c.status == "open", t.c.created_at < idle_since, ~joined_lately)
            .returning(t.c.id)
        )
        async with self._db.transaction("expiring idle open tables", write=True) as c:
            return [row.id for row in await c.execute(statement)]

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
        key_id: str | None = None,
        one_seat_per_key: bool = False,
    ) -> bool:
        """Claim a seat atomically: True when this call got it.

        One conditional UPDATE: it succeeds only if the seat exists, is a human seat, is
        still unclaimed and its table is "open". False otherwise (someone else got it
        first, or it is a bot seat, or the table has started); read `table()` to tell
        which. `joined_at` defaults to now (UTC). With `key_id` the same transaction
        links the seat to that player key (its ratings follow the key) and makes
        `nickname` the key's last one, so a claim never stands without its link; with
        `one_seat_per_key` too, the claim also fails when another seat of the table has
        that key (a rated table's rule). Raises `StorageError` (nothing stored).
        """
        values: dict[str, Any] = {
            "b_table": table_id,
            "b_seat": seat,
            "nickname": nickname,
            "token_hash": token_hash,
            "joined_at": joined_at or _now(),
        }
        statement, sql = _CLAIM, CLAIM
        keys: tuple[str, ...] = CLAIM_KEYS
        if key_id is not None:
            values["player_key_id"] = key_id
            sql, keys = CLAIM_KEYED, CLAIM_KEYED_KEYS
            if one_seat_per_key:
                values["b_key"] = key_id
                statement, sql, keys = _CLAIM_ONE_SEAT, sql + ONE_SEAT, keys + ONE_SEAT_KEYS

        def claim(c: Connection) -> bool:
            if one_seat_per_key and key_id is not None:
                # PostgreSQL (READ COMMITTED): two claims of one key on two seats update
                # different rows, so neither would wait for the other and both would see
                # no other seat with the key. Locking the table's row makes them take
                # turns, and the second one's UPDATE then sees the first's link.
                c.execute(select(_tables.c.id).where(_tables.c.id == table_id).with_for_update())
            claimed: bool = c.execute(statement, values).rowcount == 1
            if claimed and key_id is not None:
                name_player(c, key_id, nickname)
            return claimed

        def claim_sqlite(c: sqlite3.Connection) -> bool:
            claimed = c.execute(sql, sqlite_values(values, keys)).rowcount == 1
            if claimed and key_id is not None:
                name_player_sqlite(c, key_id, nickname)
            return claimed

        return await self._db.write(
            f"claiming seat {seat} of table {table_id!r}", claim, claim_sqlite
        )

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
        # The columns to set are the parameters' other keys (see `_SET_STATUS`).
        values: dict[str, Any] = {"b_id": table_id, "status": status}
        if started_at is not None:
            values["started_at"] = started_at
        if finished_at is not None:
            values["finished_at"] = finished_at
        if result is not None:
            values["result"] = result
        statement = _SET_STATUS
        if only_from is not None:
            statement, values["b_from"] = _SET_STATUS_FROM, only_from

        def change(c: Connection) -> bool:
            if c.execute(statement, values).rowcount == 1:
                return True
            if c.execute(select(t.c.id).where(t.c.id == table_id)).first() is None:
                raise _NoTable
            return False

        def change_sqlite(c: sqlite3.Connection) -> bool:
            columns = [k for k in values if not k.startswith("b_")]
            sql = f"UPDATE tables SET {', '.join(f'{k} = ?' for k in columns)} WHERE id = ?"
            if only_from is not None:
                sql += " AND status = ?"
            keys = [*columns, "b_id", *(["b_from"] if only_from is not None else [])]
            if c.execute(sql, sqlite_values(values, keys)).rowcount == 1:
                return True
            if c.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None:
                raise _NoTable
            return False

        try:
            return await self._db.write(
                f"setting table {table_id!r} {status}", change, change_sqlite
            )
        except _NoTable:
            raise StorageError(f"no table {table_id!r}") from None

    async def set_settings(self, table_id: str, settings: JSON) -> None:
        """Replace a table's settings (e.g. to link the table its players meet at next).

        Raises `StorageError` for an unknown table.
        """
        t = models.tables
        statement = update(t).where(t.c.id == table_id).values(settings=settings)
        async with self._db.transaction(f"setting table {table_id!r}'s settings", write=True) as c:
            if (await c.execute(statement)).rowcount != 1:
                raise StorageError(f"no table {table_id!r}")

    async def input_count(self, table_id: str) -> int:
        """How many inputs the table has stored (its next seq), without reading them."""
        i = models.inputs
        statement = select(func.count()).select_from(i).where(i.c.table_id == table_id)
        async with self._db.transaction(f"counting the inputs of table {table_id!r}") as c:
            return int((await c.execute(statement)).scalar_one())

    async def inputs(self, table_id: str) -> list[Input]:
        """Every stored input of the table, ordered by seq (empty for an unknown table)."""
        i = models.inputs
        statement = (
            select(i.c.seat, i.c.action, i.c.time_ms)
            .where(i.c.table_id == table_id)
            .order_by(i.c.seq)
        )
        async with self._db.transaction(f"reading the inputs of table {table_id!r}") as c:
            rows = (await c.execute(statement)).all()
        return [Input(row.seat, cast(JSONDict, row.action), row.time_ms) for row in rows]
