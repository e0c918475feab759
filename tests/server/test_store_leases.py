"""Table leases with fencing on both backends: acquire, renew, release and expiry by the
database's clock, racing owners, appends refused once a lease was taken over, and the
upgrade of a database made before leases existed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text, update
from tests.server.test_store import new_table, run

from quintet.core import Input
from quintet.server.storage import (
    DuplicateInput,
    Lease,
    LeaseLost,
    Leasing,
    StorageError,
    Store,
    models,
)
from quintet.server.storage.engine import MIGRATIONS

LONG = 600.0  # a ttl no test outlives


def act(n: int) -> Input:
    return Input(n % 2, {"type": "play", "n": n}, n)


@asynccontextmanager
async def stores(url: str, count: int, *, input_writer: bool = True) -> AsyncIterator[list[Store]]:
    """`count` stores on one database, as `count` server processes would have."""
    opened = [await Store.open(url, input_writer=input_writer) for _ in range(count)]
    try:
        yield opened
    finally:
        for store in opened:
            await store.close()


async def expire(store: Store, table_id: str) -> None:
    """Move the lease's expiry into the past (as if its ttl had run out)."""
    le = models.leases
    past = datetime(2000, 1, 1, tzinfo=UTC)
    async with store.engine.begin() as c:
        await c.execute(update(le).where(le.c.table_id == table_id).values(expires_at=past))


async def running(store: Store, table_id: str) -> None:
    await store.create_table(new_table(table_id))
    await store.set_status(table_id, "running")


# --- acquire, renew, release --------------------------------------------------------


def test_the_first_owner_gets_epoch_1_and_only_it_may_extend(db_url: str) -> None:
    async def go(opened: Store) -> None:
        store: Leasing = opened  # the protocol the cluster code types against
        await running(opened, "t")
        assert await store.lease("t") is None
        assert await store.acquire_lease("t", "A", 10) == 1
        first = await store.lease("t")
        assert first is not None and (first.owner, first.epoch) == ("A", 1)
        assert await store.acquire_lease("t", "B", 10) is None  # A's lease runs
        assert await store.acquire_lease("t", "A", LONG) == 1  # extended, same epoch
        extended = await store.lease("t")
        assert isinstance(extended, Lease)
        assert (extended.owner, extended.epoch) == ("A", 1)
        assert extended.expires_at > first.expires_at
        assert extended.expires_at.tzinfo is not None
        assert await store.lease_history("t") == [(1, "A")]  # an extension is no new epoch

    run(go, db_url)


def test_an_expired_lease_goes_to_the_next_owner_with_the_next_epoch(db_url: str) -> None:
    async def go(store: Store) -> None:
        await running(store, "t")
        assert await store.acquire_lease("t", "A", LONG) == 1
        await expire(store, "t")
        assert await store.acquire_lease("t", "B", LONG) == 2
        assert await store.acquire_lease("t", "A", LONG) is None
        assert await store.renew_leases("A", ["t"], LONG) == set()  # A lost it
        await expire(store, "t")
        assert await store.acquire_lease("t", "C", LONG) == 3
        assert await store.lease_history("t") == [(1, "A"), (2, "B"), (3, "C")]

    run(go, db_url)


def test_a_short_lease_expires_by_the_databases_clock(db_url: str) -> None:
    async def go(store: Store) -> int | None:
        await running(store, "t")
        assert await store.acquire_lease("t", "A", 0.2) == 1
        # Polled with a generous bound rather than timed: the point is that it expires.
        for _ in range(300):
            if await store.orphaned_tables() == ["t"]:
                break
            await asyncio.sleep(0.1)
        return await store.acquire_lease("t", "B", LONG)

    assert run(go, db_url) == 2


def test_renew_extends_only_the_leases_the_owner_still_holds(db_url: str) -> None:
    async def go(store: Store) -> None:
        for t in ("t1", "t2", "t3", "t4"):
            await running(store, t)
        for t in ("t1", "t2", "t4"):
            assert await store.acquire_lease(t, "A", 10) == 1
        assert await store.acquire_lease("t3", "B", 10) == 1
        await expire(store, "t4")  # expired, nobody took it: still A's to renew
        before = {t: await store.lease(t) for t in ("t1", "t3")}
        renewed = await store.renew_leases("A", ["t1", "t2", "t3", "t4", "ghost"], LONG)
        assert renewed == {"t1", "t2", "t4"}
        after = {t: await store.lease(t) for t in ("t1", "t3", "t4")}
        assert after["t1"] is not None and before["t1"] is not None
        assert after["t1"].expires_at > before["t1"].expires_at
        assert after["t3"] == before["t3"]  # B's lease untouched
        assert await store.orphaned_tables() == []
        assert await store.renew_leases("A", [], LONG) == set()

    run(go, db_url)


def test_release_frees_the_table_at_once_and_keeps_the_epoch(db_url: str) -> None:
    async def go(store: Store) -> None:
        await running(store, "t")
        assert await store.acquire_lease("t", "A", LONG) == 1
        await store.release_lease("t", "B")  # not B's: nothing happens
        assert await store.acquire_lease("t", "B", LONG) is None
        await store.release_lease("t", "A")
        released = await store.lease("t")
        assert released is not None and (released.owner, released.epoch) == ("A", 1)
        assert await store.orphaned_tables() == ["t"]
        assert await store.acquire_lease("t", "B", LONG) == 2

    run(go, db_url)


def test_orphaned_tables_are_running_ones_without_a_live_lease(db_url: str) -> None:
    async def go(store: Store) -> None:
        for t in ("no-lease", "expired", "held", "finished"):
            await running(store, t)
        await store.create_table(new_table("open"))  # not running: never orphaned
        await store.set_status("finished", "finished")
        assert await store.acquire_lease("expired", "A", LONG) == 1
        assert await store.acquire_lease("held", "A", LONG) == 1
        await expire(store, "expired")
        assert sorted(await store.orphaned_tables()) == ["expired", "no-lease"]
        assert len(await store.orphaned_tables(limit=1)) == 1

    run(go, db_url)


def test_bad_lease_requests_are_refused(db_url: str) -> None:
    async def go(store: Store) -> None:
        with pytest.raises(StorageError, match="no table 'ghost'"):
            await store.acquire_lease("ghost", "A", 10)
        await running(store, "t")
        with pytest.raises(StorageError, match="ttl_s must be > 0"):
            await store.acquire_lease("t", "A", 0)
        with pytest.raises(StorageError, match="ttl_s must be > 0"):
            await store.renew_leases("A", ["t"], -1)
        for odd in (float("nan"), float("inf")):
            with pytest.raises(StorageError, match="and finite"):
                await store.acquire_lease("t", "A", odd)
        assert await store.lease("t") is None

    run(go, db_url)


def test_owners_racing_for_a_lease_have_exactly_one_winner(db_url: str) -> None:
    tries = 12
    owners = ("A", "B", "C")

    async def race(racers: list[Store], table_id: str) -> tuple[str, int]:
        won = await asyncio.gather(
            *(s.acquire_lease(table_id, o, LONG) for s, o in zip(racers, owners, strict=True))
        )
        winners = [(o, e) for o, e in zip(owners, won, strict=True) if e is not None]
        assert len(winners) == 1, f"{table_id}: {won}"
        lease = await racers[0].lease(table_id)
        assert lease is not None and (lease.owner, lease.epoch) == winners[0]
        return winners[0]

    async def go() -> None:
        async with stores(db_url, 3) as racers:
            for n in range(tries):
                await running(racers[0], f"t{n}")
            for n in range(tries):  # the first lease of a table: an insert race
                first = await race(racers, f"t{n}")
                assert first[1] == 1
                await expire(racers[0], f"t{n}")  # then a takeover: an update race
                second = await race(racers, f"t{n}")
                # The holder of epoch 1 winning again keeps it; anyone else makes epoch 2.
                expected = [first] if second[0] == first[0] else [first, (second[0], 2)]
                found = [(o, e) for e, o in await racers[0].lease_history(f"t{n}")]
                assert found == expected
                assert second == expected[-1]

    asyncio.run(go())


# --- fencing ------------------------------------------------------------------------


# The backend's own input writer (the default) and the engine's path (for comparisons).
@pytest.mark.parametrize("input_writer", [True, False], ids=["writer", "engine"])
def test_after_a_takeover_the_old_owners_appends_are_refused_and_not_stored(
    db_url: str, input_writer: bool
) -> None:
    async def go() -> None:
        async with stores(db_url, 2, input_writer=input_writer) as (a, b):
            await running(a, "t")
            assert await a.acquire_lease("t", "A", LONG) == 1
            a.fence("t", "A", 1)
            await a.append_input("t", 0, act(0))
            await expire(a, "t")
            await a.append_input("t", 1, act(1))  # expired, not taken over: still A's
            assert await b.acquire_lease("t", "B", LONG) == 2
            b.fence("t", "B", 2)
            with pytest.raises(LeaseLost) as lost:
                await a.append_input("t", 2, act(2))
            assert isinstance(lost.value, StorageError)
            message = str(lost.value)
            assert "'t'" in message and "'A'" in message and "'B'" in message
            assert "epoch 1" in message and "epoch 2" in message
            error = lost.value
            assert (error.table_id, error.owner, error.epoch) == ("t", "A", 1)
            assert (error.holder, error.current_epoch) == ("B", 2)
            await b.append_input("t", 2, act(20))  # the new owner's seq 2 is free
            assert await a.inputs("t") == [act(0), act(1), act(20)]
            assert await a.input_epochs("t") == [1, 1, 2]

    asyncio.run(go())


@pytest.mark.parametrize("input_writer", [True, False], ids=["writer", "engine"])
def test_a_fenced_out_table_fails_alone_in_its_batch(db_url: str, input_writer: bool) -> None:
    async def go() -> None:
        async with stores(db_url, 2, input_writer=input_writer) as (a, b):
            for t in ("free", "lost", "kept", "plain"):
                await running(a, t)
            for t in ("lost", "kept"):
                assert await a.acquire_lease(t, "A", LONG) == 1
                a.fence(t, "A", 1)
            await expire(a, "lost")
            assert await b.acquire_lease("lost", "B", LONG) == 2
            before = a.input_transactions
            # The first append commits alone; the other three queue into one batch.
            results = await asyncio.gather(
                a.append_input("free", 0, act(0)),
                a.append_input("lost", 0, act(1)),
                a.append_input("kept", 0, act(2)),
                a.append_input("plain", 0, act(3)),
                return_exceptions=True,
            )
            assert a.input_transactions - before <= 2
            assert isinstance(results[1], LeaseLost) and "'lost'" in str(results[1])
            assert [results[0], results[2], results[3]] == [None, None, None]
            assert await a.inputs("lost") == []
            assert await a.input_epochs("kept") == [1]
            assert await a.input_epochs("plain") == [None]  # not fenced: no epoch
            # A failing row sends the batch down the one-by-one path: still fenced there.
            results = await asyncio.gather(
                a.append_input("free", 1, act(4)),
                a.append_input("lost", 0, act(5)),
                a.append_input("kept", 0, act(6)),  # seq 0 is taken: a duplicate
                a.append_input("plain", 1, act(7)),
                return_exceptions=True,
            )
            assert isinstance(results[1], LeaseLost)
            assert isinstance(results[2], DuplicateInput)
            assert [results[0], results[3]] == [None, None]
            assert await a.inputs("lost") == []
            a.unfence("kept")
            await a.append_input("kept", 1, act(8))
            assert await a.input_epochs("kept") == [1, None]

    asyncio.run(go())


# --- upgrading ----------------------------------------------------------------------


def test_a_database_made_before_leases_upgrades_and_keeps_its_inputs(db_url: str) -> None:
    def to_0001(connection: Connection) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")

    async def old_database() -> None:
        # An engine of our own: Store.open would migrate to head.
        from sqlalchemy.ext.asyncio import create_async_engine

        engine = create_async_engine(db_url)
        try:
            async with engine.begin() as c:
                await c.run_sync(to_0001)
                await c.execute(
                    text(
                        "INSERT INTO tables (id, game, options, seed, players, status, settings,"
                        " created_at) VALUES ('old', 'quashars', '{}', 1, 2, 'running', '{}',"
                        " CURRENT_TIMESTAMP)"
                    )
                )
                await c.execute(
                    text(
                        "INSERT INTO inputs (table_id, seq, time_ms, seat, action)"
                        " VALUES ('old', 0, 5, 1, '{\"type\": \"x\"}')"
                    )
                )
        finally:
            await engine.dispose()

    async def upgraded(store: Store) -> None:
        async with store.engine.connect() as c:
            assert (await c.execute(text("SELECT version_num FROM alembic_version"))).all() == [
                ("0003",)
            ]
        assert await store.inputs("old") == [Input(1, {"type": "x"}, 5)]
        assert await store.input_epochs("old") == [None]
        assert await store.orphaned_tables() == ["old"]
        assert await store.acquire_lease("old", "A", LONG) == 1

    asyncio.run(old_database())
    run(upgraded, db_url)
