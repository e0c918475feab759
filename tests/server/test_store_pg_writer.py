"""PostgreSQL's input writer (pg_writer.py): a refused batch, a lost connection, and a
fenced append that meets a takeover still in progress."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text
from tests.server.pg import free_port
from tests.server.test_store import new_table

from quintet.core import Input
from quintet.server.storage import LeaseLost, StorageError, Store
from quintet.server.storage.pg_writer import PgInputWriter


@pytest.fixture
def pg_db(pg_cluster: object) -> str:
    """A fresh database of the session's PostgreSQL cluster."""
    url: str = pg_cluster.create_database()  # type: ignore[attr-defined]
    return url


def act(n: int) -> Input:
    return Input(n % 2, {"type": "play", "n": n}, n)


def writer_of(store: Store) -> PgInputWriter:
    assert isinstance(store._writer, PgInputWriter)
    return store._writer


async def until(condition: object, what: str) -> None:
    """Poll an async condition (a callable) with a generous bound: waits for a state, not
    for a time."""
    for _ in range(600):
        if await condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"still waiting for {what}")


def test_a_refused_batch_fails_every_append_in_it_and_stores_none(pg_db: str) -> None:
    refuse = [
        "CREATE FUNCTION refuse_inputs() RETURNS trigger LANGUAGE plpgsql AS"
        " $$ BEGIN RAISE EXCEPTION 'inputs refused (test trigger)'; END $$",
        "CREATE TRIGGER refuse_inputs BEFORE INSERT ON inputs"
        " FOR EACH ROW EXECUTE FUNCTION refuse_inputs()",
    ]

    async def go() -> None:
        store = await Store.open(pg_db)
        try:
            for n in range(6):
                await store.create_table(new_table(f"t{n}"))
            async with store.engine.begin() as c:
                for statement in refuse:
                    await c.execute(text(statement))
            failed = await asyncio.gather(
                *(store.append_input(f"t{n}", 0, act(n)) for n in range(6)),
                return_exceptions=True,
            )
            for result in failed:
                assert isinstance(result, StorageError), result
                assert "inputs refused (test trigger)" in str(result)
                assert "already stored" not in str(result)  # not taken for a duplicate
            async with store.engine.begin() as c:
                await c.execute(text("DROP TRIGGER refuse_inputs ON inputs"))
            # The same seqs are free: none of the refused rows was stored.
            await asyncio.gather(*(store.append_input(f"t{n}", 0, act(10 + n)) for n in range(6)))
            stored = [await store.inputs(f"t{n}") for n in range(6)]
            assert stored == [[act(10 + n)] for n in range(6)]
        finally:
            await store.close()

    asyncio.run(go())


def test_the_writer_connects_again_after_losing_its_connection(pg_db: str) -> None:
    async def go() -> None:
        store = await Store.open(pg_db)
        try:
            await store.create_table(new_table("t"))
            await store.append_input("t", 0, act(0))
            connection = writer_of(store)._connection
            assert connection is not None
            pid = connection.get_server_pid()
            async with store.engine.begin() as c:
                await c.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

            async def noticed() -> bool:
                return bool(connection.is_closed())

            await until(noticed, "the writer to see its connection closed")
            await store.append_input("t", 1, act(1))
            again = writer_of(store)._connection
            assert again is not None and again.get_server_pid() != pid
            assert await store.inputs("t") == [act(0), act(1)]
        finally:
            await store.close()

    asyncio.run(go())


def test_appends_fail_clearly_while_the_database_is_unreachable_then_resume(
    pg_db: str,
) -> None:
    async def go() -> None:
        store = await Store.open(pg_db)
        try:
            await store.create_table(new_table("t"))
            writer = writer_of(store)
            connection = writer._connection
            assert connection is not None
            reachable, writer._dsn = writer._dsn, f"postgresql://postgres@127.0.0.1:{free_port()}/x"
            async with store.engine.begin() as c:
                pid = connection.get_server_pid()
                await c.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

            async def noticed() -> bool:
                return bool(connection.is_closed())

            await until(noticed, "the writer to see its connection closed")
            with pytest.raises(StorageError, match="storing input 0 of table 't': cannot connect"):
                await store.append_input("t", 0, act(0))
            writer._dsn = reachable  # the database is back
            await store.append_input("t", 0, act(1))
            assert await store.inputs("t") == [act(1)]
        finally:
            await store.close()

    asyncio.run(go())


def test_a_fenced_append_waits_for_a_takeover_in_progress_then_is_refused(pg_db: str) -> None:
    async def go() -> None:
        store = await Store.open(pg_db)
        try:
            await store.create_table(new_table("t"))
            await store.set_status("t", "running")
            assert await store.acquire_lease("t", "A", 600) == 1
            store.fence("t", "A", 1)
            await store.append_input("t", 0, act(0))
            async with store.engine.connect() as takeover:
                # Another process taking the table over, its transaction not yet committed.
                await takeover.begin()
                await takeover.execute(
                    text("UPDATE leases SET owner = 'B', epoch = 2 WHERE table_id = 't'")
                )
                append = asyncio.create_task(store.append_input("t", 1, act(1)))

                async def blocked() -> bool:
                    async with store.engine.connect() as c:
                        waiting = await c.execute(
                            text(
                                "SELECT count(*) FROM pg_stat_activity"
                                " WHERE wait_event_type = 'Lock' AND query LIKE '%FOR SHARE%'"
                            )
                        )
                        return bool(waiting.scalar_one() == 1)

                # The append's statement waits on the lease row the takeover has locked.
                await until(blocked, "the append to wait for the takeover's lock")
                assert not append.done()
                await takeover.commit()
            with pytest.raises(LeaseLost) as lost:
                await append
            assert (lost.value.holder, lost.value.current_epoch) == ("B", 2)
            assert await store.inputs("t") == [act(0)]
        finally:
            await store.close()

    asyncio.run(go())
