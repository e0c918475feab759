"""A stranger's attacks on the newer paths of a real server (SQLite and PostgreSQL): each
refusal is specific and changes nothing, and nobody takes what is another person's.

- `POST /api/tutorials/{game}` with a nickname the lobby refuses leaves no table behind
  (it once made the open tutorial table first, listed for anyone to take).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.live import (
    LiveServer,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
)


def open_tables(live: LiveServer, game: str) -> list[dict[str, Any]]:
    with live.http() as http:
        response = http.get("/api/tables", params={"status": "open", "game": game})
    assert response.status_code == 200, response.text
    tables: list[dict[str, Any]] = response.json()["tables"]
    return tables


@pytest.mark.parametrize("nickname", ["", "   ", "x" * 25, "a\u0001b"])
def test_a_refused_nickname_makes_no_tutorial_table(live_module: LiveServer, nickname: str) -> None:
    with live_module.http() as http:
        response = http.post("/api/tutorials/quashars", json={"nickname": nickname})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bad_nickname" and "1 to 24 printable" in body["detail"], body
    assert [t["id"] for t in open_tables(live_module, "quashars") if t["tutorial"]] == []
