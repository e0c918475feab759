"""The lobby's writes (create, claim, status) on SQLite go through their own thread in plain
SQL (`storage/sqlite_writes.py`), not through the engine: what they store must be what the
engine stores, byte for byte, since the engine reads it back and compares it (the expiry
of open tables compares `created_at` and `joined_at` as text)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from quintet.server.storage import NewTable, SeatRow, StorageError, Store, models
from quintet.server.storage.sqlite_writes import SqliteWrites, sqlite_time

MOMENTS = [
    datetime(2026, 12, 2, 1, 2, 3, 456789, tzinfo=UTC),
    datetime(2026, 12, 2, 1, 2, 3, tzinfo=UTC),  # no microseconds: still written
    datetime.fromisoformat("2026-12-02T03:02:03.000001+02:00"),  # another zone: as UTC
]
OPTIONS: dict[str, Any] = {"pause_ms": 0, "é": ["naïve", 1.5, None, {"deep": True}]}
SETTINGS: dict[str, Any] = {"zombie_after_s": 30.0, "practice": True}
COLUMNS = "options, settings, created_at, started_at, finished_at, result, status, seed"
SEAT_COLUMNS = "seat, kind, level, nickname, token_hash, joined_at"


def _stored(path: Path, table_id: str) -> tuple[Any, ...]:
    """The row's columns (and its seats') exactly as SQLite holds them."""
    with sqlite3.connect(path) as raw:
        row = raw.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        seats = raw.execute(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
    return (row, seats)


@pytest.mark.parametrize("moment", MOMENTS)
def test_sqlite_lobby_writes_store_what_the_engine_stores(tmp_path: Path, moment: datetime) -> None:
    path = tmp_path / "db.sqlite3"
    seats = (SeatRow(0, "human"), SeatRow(1, "bot", level="basic"), SeatRow(2, "human"))

    async def main() -> None:
        store = await Store.open(f"sqlite+aiosqlite:///{path}")
        try:
            fast = NewTable("fast", "quashars", OPTIONS, -(2**63), seats, SETTINGS, moment)
            await store.create_table(fast)
            assert await store.claim_seat("fast", 0, "Zoë", "h" * 64, joined_at=moment)
            assert await store.set_status(
                "fast", "finished", started_at=moment, finished_at=moment, result=OPTIONS
            )
            # The same rows written through the engine (SQLAlchemy's own formats).
            async with store.engine.begin() as c:
                await c.execute(
                    models.tables.insert().values(
                        id="engine",
                        game="quashars",
                        options=OPTIONS,
                        seed=-(2**63),
                        players=3,
                        status="finished",
                        settings=SETTINGS,
                        created_at=moment,
                        started_at=moment,
                        finished_at=moment,
                        result=OPTIONS,
                    )
                )
                await c.execute(
                    models.seats.insert(),
                    [
                        {"table_id": "engine", "seat": s.seat, "kind": s.kind, "level": s.level}
                        for s in seats
                    ],
                )
                await c.execute(
                    models.seats.update()
                    .where(models.seats.c.table_id == "engine", models.seats.c.seat == 0)
                    .values(nickname="Zoë", token_hash="h" * 64, joined_at=moment)
                )
            read = await store.table("fast")
            assert read is not None and read.created_at == moment and read.result == OPTIONS
            assert read.seats[0].joined_at == moment and read.started_at == moment
        finally:
            await store.close()

    asyncio.run(main())
    assert _stored(path, "fast") == _stored(path, "engine")
    assert _stored(path, "fast")[0][2] == sqlite_time(moment)


def test_sqlite_lobby_writes_run_on_their_own_thread_and_stop_with_the_store(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
        seats = (SeatRow(0, "human"),)
        await store.create_table(NewTable("t", "quashars", {}, 1, seats, {}, MOMENTS[0]))
        named = [t.name for t in threading.enumerate()]
        assert any(name.startswith("quintet-sqlite-writes") for name in named), named
        await store.close()
        with pytest.raises(StorageError, match="closed"):
            await store.claim_seat("t", 0, "ann", "h" * 64)

    asyncio.run(main())


def test_concurrent_lobby_writes_share_transactions_and_fail_alone(tmp_path: Path) -> None:
    """Writes that arrive while one commits are committed together (group commit), each
    under its own savepoint: one that a constraint refuses is undone alone."""
    humans = (SeatRow(0, "human"), SeatRow(1, "human"))

    async def main() -> None:
        store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
        try:
            await store.create_table(NewTable("old", "quashars", {}, 1, humans, {}, MOMENTS[0]))
            before = store.lobby_transactions
            ids = [f"t{n}" for n in range(8)]
            outcomes = await asyncio.gather(
                *(store.create_table(NewTable(i, "quashars", {}, 1, humans)) for i in ids),
                store.create_table(NewTable("old", "quashars", {}, 2, humans)),  # taken
                store.claim_seat("old", 0, "ann", "h" * 64),
                store.claim_seat("old", 0, "bob", "h" * 64),  # the same seat: one wins
                store.set_status("ghost", "running"),  # no such table
                return_exceptions=True,
            )
            used = store.lobby_transactions - before
            assert 0 < used < len(outcomes), f"{used} transactions for {len(outcomes)} writes"
            assert outcomes[:8] == [None] * 8
            duplicate, ann, bob, ghost = outcomes[8:]
            assert isinstance(duplicate, StorageError) and "already exists" in str(duplicate)
            assert (ann, bob) == (True, False)
            assert isinstance(ghost, StorageError) and "no table 'ghost'" in str(ghost)
            for table_id in ids:
                assert await store.table(table_id) is not None
            old = await store.table("old")
            assert old is not None and old.seed == 1 and old.seats[0].nickname == "ann"
        finally:
            await store.close()

    asyncio.run(main())


def test_a_batch_whose_transaction_sqlite_ended_fails_whole(tmp_path: Path) -> None:
    """SQLite ends the whole transaction on some errors (a full disk): then no write of the
    batch is committed, and each says so, with the cause."""
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE t (n INTEGER)")

    def ended(c: sqlite3.Connection) -> None:
        c.execute("INSERT INTO t VALUES (1)")
        c.execute("ROLLBACK")  # as SQLite does itself on SQLITE_FULL
        raise sqlite3.OperationalError("database or disk is full")

    async def main() -> list[object]:
        writes = SqliteWrites(str(path), lambda c: None, asyncio.Lock())
        try:
            return await asyncio.gather(
                writes.run("one", lambda c: c.execute("INSERT INTO t VALUES (2)").rowcount),
                writes.run("two", ended),
                writes.run("three", lambda c: c.execute("INSERT INTO t VALUES (3)").rowcount),
                return_exceptions=True,
            )
        finally:
            await writes.close()

    outcomes = asyncio.run(main())
    assert all(isinstance(o, sqlite3.OperationalError) for o in outcomes), outcomes
    assert all("disk is full" in str(o) for o in outcomes), outcomes
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT count(*) FROM t").fetchone() == (0,)
