"""The hub in process, on a real store (SQLite and PostgreSQL): what the API cannot reach
because it validates first, e.g. a stored table whose runner cannot be built."""

from __future__ import annotations

import asyncio

import pytest

from quintet.server.errors import ErrorCode, HubError
from quintet.server.hub import Hub
from quintet.server.settings import Settings
from quintet.server.storage import NewTable, SeatRow, Store, new_table_id


def test_a_table_whose_runner_fails_to_build_stays_open(db_url: str) -> None:
    async def main() -> None:
        store = await Store.open(db_url)
        hub = Hub(store, Settings(db_url=db_url))
        try:
            table_id = new_table_id()
            bots = tuple(SeatRow(seat, "bot", "basic") for seat in range(3))
            # What finding 5 sent through the API before it bounded the number: the
            # runner's zombie timer overflows.
            await store.create_table(
                NewTable(table_id, "quashars", {}, 7, bots, {"zombie_after_s": 1e306})
            )
            with pytest.raises(HubError) as refused:
                await hub.start(table_id, None)
            assert refused.value.code == ErrorCode.SERVER_ERROR
            assert "stays open" in refused.value.message
            row = await store.table(table_id)
            assert row is not None and row.status == "open" and row.started_at is None
            assert table_id not in hub.runners
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())
