"""KNOWN BUG (attack report, issue 15): a join with a player key is two write
transactions, the seat's claim and then its link to the key (api.join: hub.join, then
link_seat). When the second fails (SQLite locked past its busy timeout, PostgreSQL down),
the answer is 503 "nothing was changed: try again later", yet the claim is committed:
the seat is taken by a token nobody was given, and the retry is 409 seat_taken. This
test FAILS on the branch it was written on.

(Seen live: an external `BEGIN IMMEDIATE` held for 10.6 s at a time while joins with a
key arrive: the log says "storage failed: linking seat 0 of ...: database is locked",
the client gets 503, and the database has the seat's nickname and token hash.)
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from quintet.server.app import create_app
from quintet.server.settings import Settings
from quintet.server.storage.ratings import RatingQueries
from quintet.server.storage.rows import StorageError


def test_a_join_answered_as_failed_leaves_its_seat_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(db_url=f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")

    async def link_fails(self: RatingQueries, table_id: str, seat: int, key_id: str) -> None:
        raise StorageError(f"linking seat {seat} of {table_id!r}: database is locked")

    async def scenario() -> tuple[httpx.Response, httpx.Response]:
        app = create_app(settings)
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://test") as client,
        ):
            key = (await client.post("/api/players")).json()["key"]
            seats = [{"kind": "human"}] * 3
            made = await client.post("/api/tables", json={"game": "quashars", "seats": seats})
            join = f"/api/tables/{made.json()['id']}/seats/0/join"
            with monkeypatch.context() as patched:
                patched.setattr(RatingQueries, "link_seat", link_fails)
                failed = await client.post(
                    join, json={"nickname": "ann"}, headers={"X-Player-Key": key}
                )
            # Told that nothing changed, the person tries again.
            retry = await client.post(join, json={"nickname": "ann"}, headers={"X-Player-Key": key})
            return failed, retry

    failed, retry = asyncio.run(scenario())
    assert failed.status_code == 503, failed.text
    assert retry.status_code == 200, retry.text  # the seat must still be open
