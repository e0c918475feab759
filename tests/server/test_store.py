"""The server's Store on SQLite and PostgreSQL: round trips, atomic claims, an append-only
log, migrations, and inputs that survive a kill -9 once `append_input` has returned."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, text
from tests.server.pg import free_port

from quintet.core import Input
from quintet.server.storage import (
    DuplicateInput,
    NewTable,
    SeatRow,
    StorageError,
    Store,
    TableRow,
    hash_token,
    models,
    new_table_id,
)

T = TypeVar("T")

# Nested, unicode, numbers at the edges of exactness, nulls and empties: a stored action
# must come back equal AND in the same key order (the json type keeps text as written).
ODD_ACTION: dict[str, Any] = {
    "type": "claim",
    "zeta": [1, [2, [3, {"deep": None}]], [], {}],
    "alpha": {"é": "naïve café", "emoji": "🂡🃏", "cjk": "五张牌", "quote": "\"'\\\n\t"},
    "numbers": [0, -1, 2**62, 0.1, 1e-300, 123456789.125, -0.5],
    "flags": [True, False, None],
    "": "empty key",
}


def run(make: Callable[[Store], Awaitable[T]], url: str) -> T:
    """Open a store on `url`, run `make(store)` and close the store, all in one loop."""

    async def main() -> T:
        store = await Store.open(url)
        try:
            return await make(store)
        finally:
            await store.close()

    return asyncio.run(main())


def new_table(
    table_id: str | None = None,
    *,
    game: str = "quashars",
    seats: tuple[SeatRow, ...] = (SeatRow(0, "human"), SeatRow(1, "human")),
    created_at: datetime | None = None,
) -> NewTable:
    return NewTable(
        id=table_id or new_table_id(),
        game=game,
        options={"target": 100, "nested": {"list": [1, 2, 3]}},
        seed=2**63 - 1,
        seats=seats,
        settings={"zombie_after_s": 30.0},
        created_at=created_at,
    )


def at(seconds: int) -> datetime:
    return datetime(2025, 1, 1, tzinfo=UTC) + timedelta(seconds=seconds)


# --- opening and migrating ----------------------------------------------------------


def test_open_twice_is_a_no_op_migration_and_keeps_the_data(db_url: str) -> None:
    table = new_table("keep-me")

    async def first(store: Store) -> None:
        await store.create_table(table)
        await store.append_input(table.id, 0, Input(0, {"type": "x"}, 5))

    async def version(store: Store) -> list[str]:
        async with store.engine.connect() as c:
            rows = await c.execute(text("SELECT version_num FROM alembic_version"))
            return [row[0] for row in rows]

    run(first, db_url)
    assert run(version, db_url) == ["0003"]
    # A second (and third) open finds the schema at head and changes nothing.
    assert run(version, db_url) == ["0003"]
    found = run(lambda s: s.table(table.id), db_url)
    assert found is not None and found.game == "quashars"
    assert run(lambda s: s.inputs(table.id), db_url) == [Input(0, {"type": "x"}, 5)]


def test_two_stores_opening_a_fresh_database_at_once_both_work(db_url: str) -> None:
    async def go() -> list[str | None]:
        # wait_for: a deadlock between the two migrations must fail, not hang the suite.
        stores = await asyncio.wait_for(
            asyncio.gather(Store.open(db_url), Store.open(db_url)), timeout=60
        )
        try:
            await stores[0].create_table(new_table("shared"))
            found = [await store.table("shared") for store in stores]
            return [t.id if t else None for t in found]
        finally:
            for store in stores:
                await store.close()

    assert asyncio.run(go()) == ["shared", "shared"]


def test_migration_creates_exactly_the_models_schema(db_url: str) -> None:
    def diff(connection: Connection) -> list[Any]:
        context = MigrationContext.configure(connection)
        return list(compare_metadata(context, models.metadata))

    async def compare(store: Store) -> list[Any]:
        async with store.engine.connect() as c:
            return await c.run_sync(diff)

    assert run(compare, db_url) == []


def test_sqlite_runs_in_wal_with_full_sync_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "q.sqlite3"  # the directories do not exist yet

    async def pragmas(store: Store) -> dict[str, Any]:
        async with store.engine.connect() as c:
            return {
                name: (await c.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }

    assert run(pragmas, f"sqlite+aiosqlite:///{path}") == {
        "journal_mode": "wal",
        "synchronous": 2,  # FULL
        "foreign_keys": 1,
        "busy_timeout": 10_000,
    }
    # WAL is a property of the file: any other client sees it too.
    with sqlite3.connect(path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    plain.close()


def test_plain_urls_get_the_async_driver(db_url: str) -> None:
    async def backend(store: Store) -> str:
        return store.backend

    plain = db_url.replace("+aiosqlite", "").replace("+asyncpg", "")
    assert plain != db_url
    assert run(backend, plain) == db_url.split("+", maxsplit=1)[0]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql+aiomysql://u@localhost/db", "unsupported database URL"),
        ("not a url", "bad database URL"),
        ("sqlite+aiosqlite://", "in-memory SQLite is not supported"),
        ("sqlite+aiosqlite:///:memory:", "in-memory SQLite is not supported"),
    ],
)
def test_unsupported_urls_are_refused(url: str, message: str) -> None:
    with pytest.raises(StorageError, match=message):
        asyncio.run(Store.open(url))


def test_unreachable_postgresql_is_a_storage_error() -> None:
    # The helper's free_port is not listening: the connection is refused at once.
    port = free_port()
    with pytest.raises(StorageError, match="migrating the schema"):
        asyncio.run(Store.open(f"postgresql+asyncpg://postgres@127.0.0.1:{port}/none"))


# --- tables and seats ---------------------------------------------------------------


def test_create_then_read_a_table_round_trips_every_field(db_url: str) -> None:
    table = new_table(
        seats=(SeatRow(0, "human"), SeatRow(1, "bot", "hard"), SeatRow(2, "human")),
        created_at=at(0),
    )

    async def go(store: Store) -> tuple[TableRow | None, TableRow | None]:
        await store.create_table(table)
        return await store.table(table.id), await store.table("no-such-table")

    found, missing = run(go, db_url)
    assert missing is None
    assert found == TableRow(
        id=table.id,
        game="quashars",
        options={"target": 100, "nested": {"list": [1, 2, 3]}},
        seed=2**63 - 1,
        players=3,
        status="open",
        settings={"zombie_after_s": 30.0},
        created_at=at(0),
        started_at=None,
        finished_at=None,
        result=None,
        seats=(SeatRow(0, "human"), SeatRow(1, "bot", "hard"), SeatRow(2, "human")),
    )
    assert found.free_seats == (0, 2)
    assert found.created_at.tzinfo is not None


def test_created_at_defaults_to_now_in_utc(db_url: str) -> None:
    before = datetime.now(UTC)
    table = new_table()

    async def go(store: Store) -> TableRow | None:
        await store.create_table(table)
        return await store.table(table.id)

    found = run(go, db_url)
    assert found is not None
    assert found.created_at.utcoffset() == timedelta(0)
    assert before <= found.created_at <= datetime.now(UTC)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (new_table(seats=()), "at least one seat"),
        (new_table(seats=(SeatRow(0, "human"), SeatRow(2, "human"))), r"numbered 0\.\.1"),
        (new_table(seats=(SeatRow(0, "robot"),)), "kind must be human or bot"),  # type: ignore[arg-type]
        (new_table(seats=(SeatRow(0, "bot"),)), "needs a level"),
        (
            NewTable("big-seed", "quashars", {}, 2**63, (SeatRow(0, "human"),)),
            "does not fit",
        ),
    ],
)
def test_create_table_refuses_bad_tables(db_url: str, table: NewTable, message: str) -> None:
    async def go(store: Store) -> TableRow | None:
        with pytest.raises(StorageError, match=message):
            await store.create_table(table)
        return await store.table(table.id)

    assert run(go, db_url) is None  # nothing was stored


def test_create_table_refuses_an_existing_id(db_url: str) -> None:
    async def go(store: Store) -> TableRow | None:
        await store.create_table(new_table("same-id", game="quashars"))
        with pytest.raises(StorageError, match="'same-id' already exists"):
            await store.create_table(new_table("same-id", game="quiclo"))
        return await store.table("same-id")

    found = run(go, db_url)
    assert found is not None and found.game == "quashars"  # the first one is untouched


def test_open_tables_and_unfinished_filter_by_status_oldest_first(db_url: str) -> None:
    async def go(store: Store) -> tuple[list[str], list[str], list[str], list[str]]:
        # Created out of order, to check the ordering is by created_at.
        for name, game, second in [
            ("c-open", "quiclo", 3),
            ("a-open", "quashars", 1),
            ("b-run", "quashars", 2),
            ("d-done", "quashars", 4),
            ("e-run", "quiclo", 0),
            ("f-gone", "quiclo", 5),
        ]:
            await store.create_table(new_table(name, game=game, created_at=at(second)))
        await store.set_status("b-run", "running")
        await store.set_status("e-run", "running")
        await store.set_status("d-done", "finished")
        await store.set_status("f-gone", "aborted")
        return (
            [t.id for t in await store.open_tables()],
            [t.id for t in await store.open_tables("quiclo")],
            [t.id for t in await store.open_tables("quiddler")],
            [t.id for t in await store.unfinished()],
        )

    assert run(go, db_url) == (["a-open", "c-open"], ["c-open"], [], ["e-run", "b-run"])


def test_listed_tables_carry_their_own_seats(db_url: str) -> None:
    async def go(store: Store) -> list[TableRow]:
        await store.create_table(new_table("two", created_at=at(0)))
        await store.create_table(
            new_table("one", seats=(SeatRow(0, "bot", "easy"),), created_at=at(1))
        )
        return await store.open_tables()

    two, one = run(go, db_url)
    assert [s.kind for s in two.seats] == ["human", "human"]
    assert one.seats == (SeatRow(0, "bot", "easy"),)


def test_claim_seat_only_claims_a_free_human_seat_of_an_open_table(db_url: str) -> None:
    table = new_table(seats=(SeatRow(0, "human"), SeatRow(1, "bot", "hard"), SeatRow(2, "human")))
    token = hash_token("secret")

    async def go(store: Store) -> tuple[list[bool], TableRow | None]:
        await store.create_table(table)
        claims = [
            await store.claim_seat(table.id, 0, "Ann", token, joined_at=at(7)),
            await store.claim_seat(table.id, 0, "Bob", hash_token("other")),  # taken
            await store.claim_seat(table.id, 1, "Bob", token),  # a bot seat
            await store.claim_seat(table.id, 9, "Bob", token),  # no such seat
            await store.claim_seat("no-such-table", 0, "Bob", token),
        ]
        await store.set_status(table.id, "running")
        claims.append(await store.claim_seat(table.id, 2, "Cy", token))  # table started
        return claims, await store.table(table.id)

    claims, found = run(go, db_url)
    assert claims == [True, False, False, False, False, False]
    assert found is not None
    assert found.seats == (
        SeatRow(0, "human", None, "Ann", token, at(7)),
        SeatRow(1, "bot", "hard"),
        SeatRow(2, "human"),
    )
    assert found.free_seats == (2,)
    assert len(token) == 64 and int(token, 16) >= 0


def test_concurrent_claims_of_one_seat_have_exactly_one_winner(db_url: str) -> None:
    # Two stores (two engines, as two server processes would have) race for each seat.
    seats = tuple(SeatRow(n, "human") for n in range(6))
    table = new_table(seats=seats)

    async def go() -> tuple[list[tuple[bool, bool]], TableRow | None]:
        first, second = await Store.open(db_url), await Store.open(db_url)
        try:
            await first.create_table(table)
            results = []
            for n in range(len(seats)):
                a, b = await asyncio.gather(
                    first.claim_seat(table.id, n, f"A{n}", hash_token("a")),
                    second.claim_seat(table.id, n, f"B{n}", hash_token("b")),
                )
                results.append((a, b))
            return results, await first.table(table.id)
        finally:
            await first.close()
            await second.close()

    results, found = asyncio.run(go())
    assert found is not None
    for n, (a, b) in enumerate(results):
        assert a != b, f"seat {n}: claims returned {a}, {b}"
        winner = "A" if a else "B"
        assert found.seats[n].nickname == f"{winner}{n}"
        assert found.seats[n].token_hash == hash_token(winner.lower())


def test_set_status_through_a_whole_game(db_url: str) -> None:
    table = new_table()
    outcome = {"scores": [12, -3], "winners": [0], "detail": {"ü": [1.5, None]}}

    async def go(store: Store) -> list[Any]:
        await store.create_table(table)
        seen: list[Any] = []
        # Two concurrent starts: only one moves the table from "open".
        seen.append(
            await asyncio.gather(
                store.set_status(table.id, "running", started_at=at(10), only_from="open"),
                store.set_status(table.id, "running", started_at=at(11), only_from="open"),
            )
        )
        seen.append(await store.table(table.id))
        seen.append(
            await store.set_status(table.id, "finished", finished_at=at(20), result=outcome)
        )
        seen.append(await store.table(table.id))
        return seen

    starts, running, finished_changed, finished = run(go, db_url)
    assert sorted(starts) == [False, True]
    assert running.status == "running" and running.finished_at is None
    assert running.started_at in (at(10), at(11))
    assert finished_changed is True
    assert finished.status == "finished"
    assert finished.started_at == running.started_at  # left as it was
    assert finished.finished_at == at(20)
    assert finished.result == outcome


def test_set_status_refuses_unknown_tables_and_statuses(db_url: str) -> None:
    table = new_table()

    async def go(store: Store) -> TableRow | None:
        await store.create_table(table)
        with pytest.raises(StorageError, match="no table 'ghost'"):
            await store.set_status("ghost", "running")
        with pytest.raises(StorageError, match="no table 'ghost'"):
            await store.set_status("ghost", "running", only_from="open")
        with pytest.raises(StorageError, match="status must be one of open, running"):
            await store.set_status(table.id, "paused")  # type: ignore[arg-type]
        with pytest.raises(StorageError, match="timezone-aware"):
            await store.set_status(table.id, "running", started_at=datetime(2025, 1, 1))
        assert await store.set_status(table.id, "finished", only_from="running") is False
        return await store.table(table.id)

    found = run(go, db_url)
    assert found is not None and found.status == "open" and found.started_at is None


# --- the input log ------------------------------------------------------------------


def test_inputs_round_trip_exactly_in_seq_order(db_url: str) -> None:
    table = new_table()
    stored = [Input(n % 2, {"type": "play", "n": n}, 100 * n) for n in range(12)]
    stored[3] = Input.tick(300)  # the host's input: seat None
    stored[7] = Input(1, ODD_ACTION, 700)

    async def go(store: Store) -> tuple[list[Input], list[Input], list[int]]:
        await store.create_table(table)
        counts = [await store.input_count(table.id)]
        for seq, inp in enumerate(stored):
            await store.append_input(table.id, seq, inp)
        counts += [await store.input_count(table.id), await store.input_count("no-such-table")]
        return await store.inputs(table.id), await store.inputs("no-such-table"), counts

    found, none, counts = run(go, db_url)
    assert none == []
    assert counts == [0, 12, 0]
    assert found == stored  # 10 and 11 after 9: ordered as numbers, not text
    # Same key order, same float text: exactly the JSON that went in.
    assert json.dumps(found[7].action) == json.dumps(ODD_ACTION)
    assert found[3].seat is None


def test_append_input_never_overwrites_a_stored_seq(db_url: str) -> None:
    table = new_table()

    async def go(store: Store) -> list[Input]:
        await store.create_table(table)
        await store.append_input(table.id, 0, Input(0, {"type": "first"}, 1))
        with pytest.raises(DuplicateInput, match="input 0 is already stored"):
            await store.append_input(table.id, 0, Input(1, {"type": "second"}, 2))
        await store.append_input(table.id, 1, Input(1, {"type": "next"}, 3))
        return await store.inputs(table.id)

    assert run(go, db_url) == [Input(0, {"type": "first"}, 1), Input(1, {"type": "next"}, 3)]


def test_append_input_refuses_what_cannot_be_logged(db_url: str) -> None:
    table = new_table()

    async def go(store: Store) -> list[Input]:
        await store.create_table(table)
        with pytest.raises(StorageError, match="no table 'ghost'") as unknown:
            await store.append_input("ghost", 0, Input(0, {"type": "x"}, 0))
        assert not isinstance(unknown.value, DuplicateInput)
        with pytest.raises(StorageError, match="seq must be >= 0"):
            await store.append_input(table.id, -1, Input(0, {"type": "x"}, 0))
        with pytest.raises(StorageError, match="time must be >= 0"):
            await store.append_input(table.id, 0, Input(0, {"type": "x"}, -5))
        # NaN is not JSON: refused on both backends, not kept by one and refused by the other.
        with pytest.raises(StorageError, match="storing input 0"):
            await store.append_input(table.id, 0, Input(0, {"type": "x", "v": float("nan")}, 0))
        return await store.inputs(table.id)

    assert run(go, db_url) == []


def test_concurrent_appends_commit_together_and_fail_alone(db_url: str) -> None:
    tables = [new_table(f"t{n}") for n in range(10)]

    def act(n: int, seq: int) -> Input:
        return Input(n % 2, {"table": n, "seq": seq}, seq)

    async def go(store: Store) -> tuple[int, list[BaseException | None], list[list[Input]]]:
        for table in tables:
            await store.create_table(table)
        before = store.input_transactions
        # One append per table, all at once, as 10 runners would: the first caller
        # commits alone, the 9 that queued meanwhile commit together.
        await asyncio.gather(*(store.append_input(f"t{n}", 0, act(n, 0)) for n in range(10)))
        grouped = store.input_transactions - before
        # A group with two bad rows in it: only those two fail.
        results = await asyncio.gather(
            *(store.append_input(f"t{n}", 0 if n == 3 else 1, act(n, 1)) for n in range(10)),
            store.append_input("ghost", 0, act(0, 0)),
            return_exceptions=True,
        )
        return grouped, results, [await store.inputs(t.id) for t in tables]

    grouped, results, logs = run(go, db_url)
    assert 0 < grouped <= 3, f"{grouped} commits for 10 concurrent appends"
    assert isinstance(results[3], DuplicateInput)
    assert isinstance(results[10], StorageError) and "no table 'ghost'" in str(results[10])
    assert [r for n, r in enumerate(results) if n not in (3, 10)] == [None] * 9
    for n, log in enumerate(logs):
        assert log == ([act(n, 0)] if n == 3 else [act(n, 0), act(n, 1)])


def test_a_cancelled_append_that_was_not_committed_is_never_stored(db_url: str) -> None:
    table = new_table()

    async def go(store: Store) -> list[Input]:
        await store.create_table(table)
        first = asyncio.create_task(store.append_input(table.id, 0, Input(0, {"n": 0}, 0)))
        queued = asyncio.create_task(store.append_input(table.id, 1, Input(0, {"n": 1}, 1)))
        await asyncio.sleep(0)  # first is committing; queued waits behind it
        queued.cancel()
        await first
        with pytest.raises(asyncio.CancelledError):
            await queued
        # Had the cancelled row stayed queued, it would be committed here, ahead of this one.
        await store.append_input(table.id, 1, Input(0, {"n": "retry"}, 2))
        return await store.inputs(table.id)

    assert run(go, db_url) == [Input(0, {"n": 0}, 0), Input(0, {"n": "retry"}, 2)]


# The child process for the durability test: it appends inputs and prints each seq once
# append_input has returned; after `last` it stops and waits to be killed.
CHILD = """
import asyncio, sys, time
from quintet.core import Input
from quintet.server.storage.store import Store

async def main(url, table_id, last):
    store = await Store.open(url)
    for seq in range(last + 1):
        await store.append_input(table_id, seq, Input(seq % 3, {"type": "n", "seq": seq}, seq))
        print(seq, flush=True)
    time.sleep(120)  # never returns normally: the test kills us here

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def test_acknowledged_inputs_survive_kill_9(db_url: str) -> None:
    table = new_table()
    last = 24
    run(lambda s: s.create_table(table), db_url)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, db_url, table.id, str(last)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(60, child.kill)  # a hung child must not hang the suite
    watchdog.start()
    try:
        assert child.stdout is not None
        printed: list[str] = []
        while printed[-1:] != [str(last)]:
            line = child.stdout.readline()
            if not line:  # EOF: the child died (or the watchdog killed it) too early
                child.kill()
                raise AssertionError(f"the child stopped at {printed}:\n{child.communicate()[1]}")
            printed.append(line.strip())
        assert printed == [str(seq) for seq in range(last + 1)]
        # No close, no atexit, no flush: the process just vanishes.
        os.kill(child.pid, signal.SIGKILL)
    finally:
        watchdog.cancel()
        child.kill()
        child.communicate()
    assert child.returncode == -signal.SIGKILL
    found = run(lambda s: s.inputs(table.id), db_url)
    assert found == [Input(seq % 3, {"type": "n", "seq": seq}, seq) for seq in range(last + 1)]
