"""Hints on practice tables (POST /api/tables/{id}/hint), end to end on SQLite and
PostgreSQL: the game's strongest bot answers from the asking seat's own view; every
other table, token or moment is refused with a stable code."""

from __future__ import annotations

from typing import Any

from tests.server.live import (
    LiveServer,
    connect_table,
    create_table,
    join,
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    receive,
    receive_until,
    seat_post,
    send,
    start,
)

from quintet.core import registry


def hint(live: LiveServer, table_id: str, token: str | None) -> tuple[int, dict[str, Any]]:
    return seat_post(live, table_id, "hint", token)


def test_a_practice_table_gives_the_strongest_bots_move(live_module: LiveServer) -> None:
    with live_module.http() as http:
        # Two people and no stall: nothing changes the tops between the hint and its use
        # (a bot could cover the hint's top first, and the claim would be too late).
        table = create_table(http, "quiclo", ["human", "human"], {"stall_ms": 0}, practice=True)
        assert table["practice"] is True
        token = join(http, table["id"], 0)
        join(http, table["id"], 1, "ben")
        # Before the start there is nothing to hint at.
        status, body = hint(live_module, table["id"], token)
        assert (status, body["code"]) == (409, "not_running")
        start(http, table["id"], token)
    status, body = hint(live_module, table["id"], token)
    assert status == 200, body
    assert body["level"] == "perfect"
    action = body["action"]
    assert action is not None and action["type"] == "claim"
    # The hint is a move the rules accept for this seat.
    with connect_table(live_module, table["id"], token) as ws:
        receive_until(ws, "welcome")
        send(ws, {"type": "act", "action": action, "ref": "h1"})
        while True:
            message = receive(ws)
            if message.get("ref") == "h1":
                break
        assert message["type"] == "update", message


def test_hints_are_refused_elsewhere(live_module: LiveServer) -> None:
    with live_module.http() as http:
        plain = create_table(http, "quashars", ["human", "basic", "basic"])
        assert plain["practice"] is False
        token = join(http, plain["id"], 0)
        start(http, plain["id"], token)
        practice = create_table(http, "quashars", ["human", "human", "basic"], practice=True)
        mine = join(http, practice["id"], 0)
        join(http, practice["id"], 1, "ben")
        start(http, practice["id"], mine)
    status, body = hint(live_module, plain["id"], token)
    assert (status, body["code"]) == (403, "not_practice")
    status, body = hint(live_module, practice["id"], None)
    assert (status, body["code"]) == (401, "no_token")
    status, body = hint(live_module, practice["id"], token)
    assert (status, body["code"]) == (403, "bad_token")
    status, body = hint(live_module, "nosuchtable1", mine)
    assert (status, body["code"]) == (404, "no_table")
    # Quashars has no "perfect" or "hard" bot: its last registered level (expert) answers.
    status, body = hint(live_module, practice["id"], mine)
    assert status == 200, body
    assert body["level"] == registry.entry("quashars").bots.shown[-1] == "expert"
