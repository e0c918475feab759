"""Group commit of inputs on both backends (each through its own input writer): batches
from several tables, a failed batch, and `close()` with appends still queued."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import make_url
from tests.server.test_store import new_table, run

from quintet.core import Input
from quintet.server.storage import StorageError, Store
from quintet.server.storage.engine import ConstraintFailed
from quintet.server.storage.pg_writer import PgInputWriter
from quintet.server.storage.sqlite_writer import ROWS_PER_STATEMENT, SqliteInputWriter


def act(table: int, seq: int) -> Input:
    return Input(seq % 2, {"type": "play", "table": table, "seq": seq}, 10 * seq)


def test_the_store_uses_the_writer_built_for_its_backend(db_url: str) -> None:
    async def go(store: Store) -> object:
        return store._writer  # which path the store chose is the point

    writer = run(go, db_url)
    expected = SqliteInputWriter if db_url.startswith("sqlite") else PgInputWriter
    assert isinstance(writer, expected)


def test_the_writer_commits_in_wal_with_full_sync_and_foreign_keys(tmp_path: Path) -> None:
    async def go(store: Store) -> dict[str, object]:
        assert store._writer is not None
        return await store._writer.pragmas()

    # synchronous 2 = FULL: COMMIT has fsynced the WAL before an append is answered.
    found = run(go, f"sqlite+aiosqlite:///{tmp_path / 'q.db'}")
    assert found == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1}


def test_appends_from_many_tables_share_transactions_and_keep_each_tables_order(
    db_url: str,
) -> None:
    tables, per_table = 8, 15

    async def one_table(store: Store, n: int) -> list[int]:
        counts = []
        for seq in range(per_table):  # one append in flight per table, as a runner does
            await store.append_input(f"t{n}", seq, act(n, seq))
            counts.append(await store.input_count(f"t{n}"))  # read right after the write
        return counts

    async def go(store: Store) -> tuple[int, list[list[int]], list[list[Input]]]:
        for n in range(tables):
            await store.create_table(new_table(f"t{n}"))
        before = store.input_transactions
        counts = await asyncio.gather(*(one_table(store, n) for n in range(tables)))
        used = store.input_transactions - before
        return used, list(counts), [await store.inputs(f"t{n}") for n in range(tables)]

    used, counts, logs = run(go, db_url)
    # The first append commits alone while the other 7 tables queue behind it, so the
    # second transaction carries 7 rows: fewer transactions than appends, whatever the timing.
    assert 0 < used < tables * per_table, f"{used} transactions for {tables * per_table} appends"
    for n in range(tables):
        assert counts[n] == list(range(1, per_table + 1))  # each append visible at once
        assert logs[n] == [act(n, seq) for seq in range(per_table)]


def _sqlite_path(url: str) -> str:
    path = make_url(url).database
    assert path is not None
    return path


def _set_failing_trigger(path: str, on: bool) -> None:
    """A trigger that refuses every input row: a batch in which every row fails."""
    with sqlite3.connect(path, isolation_level=None) as connection:
        if on:
            connection.execute(
                "CREATE TRIGGER refuse_inputs BEFORE INSERT ON inputs"
                " BEGIN SELECT RAISE(ABORT, 'inputs refused (test trigger)'); END"
            )
        else:
            connection.execute("DROP TRIGGER refuse_inputs")
    connection.close()


def test_a_failed_batch_fails_every_append_in_it_and_stores_none(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'q.db'}"
    path = str(tmp_path / "q.db")

    async def go(store: Store) -> tuple[list[BaseException | None], list[list[Input]]]:
        for n in range(6):
            await store.create_table(new_table(f"t{n}"))
        _set_failing_trigger(path, on=True)
        failed = await asyncio.gather(
            *(store.append_input(f"t{n}", 0, act(n, 0)) for n in range(6)),
            return_exceptions=True,
        )
        _set_failing_trigger(path, on=False)
        # The store goes on: the same seqs are free, since none of them was stored.
        await asyncio.gather(*(store.append_input(f"t{n}", 0, act(n, 1)) for n in range(6)))
        return failed, [await store.inputs(f"t{n}") for n in range(6)]

    failed, logs = run(go, url)
    for result in failed:
        assert isinstance(result, StorageError), result
        assert "inputs refused (test trigger)" in str(result)
        assert "already stored" not in str(result)  # not mistaken for a duplicate seq
    assert logs == [[act(n, 1)] for n in range(6)]


def test_a_broken_writer_fails_every_append_and_tells_none_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'q.db'}"

    def disk_failure(self: SqliteInputWriter, values: object, fences: object) -> None:
        raise sqlite3.OperationalError("disk I/O error (injected)")

    async def go(store: Store) -> tuple[list[BaseException | None], list[list[Input]]]:
        for n in range(5):
            await store.create_table(new_table(f"t{n}"))
        with monkeypatch.context() as patch:
            patch.setattr(SqliteInputWriter, "_insert", disk_failure)
            failed = await asyncio.gather(
                *(store.append_input(f"t{n}", 0, act(n, 0)) for n in range(5)),
                return_exceptions=True,
            )
        return failed, [await store.inputs(f"t{n}") for n in range(5)]

    failed, logs = run(go, url)
    assert all(isinstance(r, StorageError) and "disk I/O error" in str(r) for r in failed)
    assert all("storing input 0 of table" in str(r) for r in failed)
    assert logs == [[]] * 5


def test_close_commits_the_appends_still_queued_and_refuses_later_ones(db_url: str) -> None:
    tables = 6

    async def go() -> tuple[list[BaseException | None], BaseException | None]:
        store = await Store.open(db_url)
        for n in range(tables):
            await store.create_table(new_table(f"t{n}"))
        appends = [
            asyncio.create_task(store.append_input(f"t{n}", 0, act(n, 0))) for n in range(tables)
        ]
        await asyncio.sleep(0)  # every append queued (the first one committing), none done
        assert not any(task.done() for task in appends)
        await store.close()
        # close() returned: every append has its answer; none is left hanging.
        assert all(task.done() for task in appends)
        results = [task.exception() for task in appends]
        try:
            await store.append_input("t0", 1, act(0, 1))
        except StorageError as error:
            late: BaseException | None = error
        else:
            late = None
        return results, late

    results, late = asyncio.run(go())
    assert results == [None] * tables
    assert isinstance(late, StorageError) and "the store is closed" in str(late)
    stored = run(lambda s: asyncio.gather(*(s.inputs(f"t{n}") for n in range(tables))), db_url)
    assert stored == [[act(n, 0)] for n in range(tables)]


# pg_cluster: the benchmark starts a durable cluster of its own, but without PostgreSQL
# these tests fail with the install hint (or skip) as the other PostgreSQL tests do.
def test_the_append_benchmark_runs_both_paths_on_both_backends(
    capsys: pytest.CaptureFixture[str], pg_cluster: object
) -> None:
    from bench import store_append

    store_append.main(["--quick", "--rate", "200", "--fence"])
    line = json.loads(capsys.readouterr().out)
    assert line["benchmark"] == "store_append"
    for backend, path in itertools.product(("sqlite", "postgresql"), ("engine", "writer")):
        figures = line[backend][path]
        assert figures["appends"] > 0
        assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
        assert figures["appends_per_transaction"] >= 1


def test_the_benchmark_of_postgresqls_batch_forms_runs(
    capsys: pytest.CaptureFixture[str], pg_cluster: object
) -> None:
    from bench import store_append

    store_append.main(["--insert-forms", "--quick"])
    line = json.loads(capsys.readouterr().out)
    for size, form in itertools.product((1, 5, 20), ("unnest", "executemany")):
        for figures in line[f"{size} rows, {form}"]:
            assert 0 < figures["p50_ms"] <= figures["p99_ms"]
            assert figures["cpu_ms"] > 0


def _rows(table_id: str, seqs: range | list[int]) -> list[dict[str, object]]:
    return [
        {
            "table_id": table_id,
            "seq": seq,
            "time_ms": seq,
            "seat": 0,
            "action": json.dumps({"seq": seq}),
            "epoch": None,
        }
        for seq in seqs
    ]


@pytest.mark.parametrize("count", [1, 2, ROWS_PER_STATEMENT, ROWS_PER_STATEMENT + 1])
def test_the_sqlite_writer_commits_a_batch_of_any_size_whole(tmp_path: Path, count: int) -> None:
    """Up to ROWS_PER_STATEMENT rows are one INSERT that commits by itself; more are
    inserted inside BEGIN ... COMMIT: either way every row is stored, in order."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'q.db'}"

    async def go(store: Store) -> list[Input]:
        await store.create_table(new_table("t0"))
        assert store._writer is not None
        await store._writer.insert("a test batch", _rows("t0", range(count)))
        return await store.inputs("t0")

    stored = run(go, url)
    assert [inp.action for inp in stored] == [{"seq": seq} for seq in range(count)]


@pytest.mark.parametrize("count", [2, ROWS_PER_STATEMENT + 1])
def test_a_sqlite_batch_with_one_bad_row_stores_none_of_its_rows(
    tmp_path: Path, count: int
) -> None:
    """The one INSERT is atomic as the explicit transaction is: a taken seq in the last
    row refuses the whole batch, and the rows before it are not kept."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'q.db'}"

    async def go(store: Store) -> tuple[BaseException | None, list[Input]]:
        await store.create_table(new_table("t0"))
        assert store._writer is not None
        await store._writer.insert("the first row", _rows("t0", [0]))
        try:
            # seqs 1, 2, ... and then 0 again: the last row's key is taken
            await store._writer.insert("a bad batch", _rows("t0", [*range(1, count), 0]))
        except StorageError as error:
            refused: BaseException | None = error
        else:
            refused = None
        return refused, await store.inputs("t0")

    refused, stored = run(go, url)
    assert isinstance(refused, ConstraintFailed), refused
    assert "a bad batch" in str(refused)
    assert [inp.action for inp in stored] == [{"seq": 0}]
