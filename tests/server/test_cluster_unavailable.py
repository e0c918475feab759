"""A request the cluster cannot carry (its Redis unreachable, the owner silent) is a
passing outage, not a bug: 503 `cluster_unavailable`, never 500 `server_error` (attack
report of 2026-12-02, L1). In process: the owner is asked through a bus that is down."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from quintet.server.app import create_app
from quintet.server.cluster.bus import Bus
from quintet.server.hub import Hub
from quintet.server.settings import Settings


def test_an_owner_out_of_reach_answers_503_cluster_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bus = Bus("redis://127.0.0.1:1/0", "here", alive_ttl_s=1.0, on_message=lambda _: None)

    async def ask_the_owner(self: Hub, table_id: str, token: str | None) -> Any:
        return await bus.request("owner", {"t": "start", "table": table_id}, timeout=1.0)

    monkeypatch.setattr(Hub, "start", ask_the_owner)

    async def scenario() -> httpx.Response:
        app = create_app(Settings(db_url=f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}"))
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://test") as client,
        ):
            return await client.post("/api/tables/abc/start", headers={"Authorization": "Bearer t"})

    answer = asyncio.run(scenario())
    assert answer.status_code == 503, answer.text
    assert answer.json() == {
        "code": "cluster_unavailable",
        "detail": "the cluster's Redis is unreachable",
    }
