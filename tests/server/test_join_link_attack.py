"""A join with a player key is ONE write transaction, its seat's claim and its link to the
key (attack report of 2026-12-02, F3). It was two (api.join: hub.join, then link_seat):
when the second failed (SQLite locked past its busy timeout, PostgreSQL down) the answer
was 503 "nothing was changed: try again later", yet the claim was committed: the seat was
taken by a token nobody was given, and the retry was 409 seat_taken.

(Seen live: an external `BEGIN IMMEDIATE` held for 10.6 s at a time while joins with a
key arrive: the log said "storage failed: linking seat 0 of ...: database is locked",
the client got 503, and the database had the seat's nickname and token hash.)

Here the link's last step fails inside the join's transaction, on each backend: the
answer is 503, nothing is stored, and the retry takes the seat.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from quintet.server.app import create_app
from quintet.server.settings import Settings
from quintet.server.storage import Store, models
from quintet.server.storage import store as store_module


def _locked(*_: Any) -> None:
    raise sqlite3.OperationalError("database is locked")


def _gone(*_: Any) -> None:
    raise OperationalError("UPDATE players", None, ConnectionError("server closed the connection"))


async def _seat(store: Store, table_id: str) -> tuple[Any, ...]:
    """Seat 0's nickname, token hash and player key as stored."""
    s = models.seats
    query = select(s.c.nickname, s.c.token_hash, s.c.player_key_id).where(
        s.c.table_id == table_id, s.c.seat == 0
    )
    async with store.engine.connect() as c:
        return tuple((await c.execute(query)).one())


def test_a_join_answered_as_failed_leaves_its_seat_open(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        app = create_app(Settings(db_url=db_url))
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://test") as client,
        ):
            made = await client.post("/api/players")
            key, key_id = made.json()["key"], made.json()["key_id"]
            seats = [{"kind": "human"}] * 3
            table = await client.post("/api/tables", json={"game": "quashars", "seats": seats})
            table_id = table.json()["id"]
            join = f"/api/tables/{table_id}/seats/0/join"
            store = app.state.hub.store
            with monkeypatch.context() as patched:
                patched.setattr(store_module, "name_player_sqlite", _locked)
                patched.setattr(store_module, "name_player", _gone)
                failed = await client.post(
                    join, json={"nickname": "ann"}, headers={"X-Player-Key": key}
                )
            assert failed.status_code == 503, failed.text
            assert failed.json()["code"] == "storage_failed"
            assert await _seat(store, table_id) == (None, None, None)  # nothing stored
            # Told that nothing changed, the person tries again.
            retry = await client.post(join, json={"nickname": "ann"}, headers={"X-Player-Key": key})
            assert retry.status_code == 200, retry.text
            nickname, token_hash, linked = await _seat(store, table_id)
            assert (nickname, linked) == ("ann", key_id) and token_hash is not None
            player = await client.get(f"/api/players/{key_id}")
            assert player.json()["nickname"] == "ann"

    asyncio.run(scenario())
