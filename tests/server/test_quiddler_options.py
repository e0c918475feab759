"""Quiddler's round limits over a real server (docs/server.md, "Limits and security"): a
table takes the rulebook's default of unlimited reshuffles and is stored with it, and a
`reshuffles` option past its bound is refused with a clear error, creating nothing. The
turn limit that ends every round is the rules' own (tests/games/quiddler/
test_round_limits.py), so the server needs no code of its own for it."""

from __future__ import annotations

import pytest
from tests.server.live import (
    LiveServer,
    create_table,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
)

SEATS = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]


def test_a_table_is_stored_with_unlimited_reshuffles_by_default(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table = create_table(http, "quiddler", ["human", "easy"], {"extra_words": ["zzz"]})
        stored = http.get(f"/api/tables/{table['id']}").json()
    assert stored["options"]["reshuffles"] is None
    assert stored["options"]["extra_words"] == ["zzz"]


@pytest.mark.parametrize(("bad", "rule"), [(1001, "1000"), (-1, "0"), ("many", "integer")])
def test_a_reshuffle_limit_past_its_bound_is_refused(
    live_module: LiveServer, bad: object, rule: str
) -> None:
    body = {"game": "quiddler", "seats": SEATS, "options": {"reshuffles": bad}}
    with live_module.http() as http:
        before = http.get("/api/tables", params={"game": "quiddler"}).text
        response = http.post("/api/tables", json=body)
        after = http.get("/api/tables", params={"game": "quiddler"}).text
    assert response.status_code == 422, response.text
    refused = response.json()
    assert refused["code"] == "options/invalid", refused
    assert "reshuffles" in refused["detail"] and rule in refused["detail"], refused
    assert after == before, "a refused table is not created"
