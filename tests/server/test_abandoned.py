"""Abandoned tables (server/idle.py) on real servers, SQLite and PostgreSQL: a tutorial (or
any table without zombies) none of whose people is connected for `abandon_after_s`
is ended as abandoned, unloaded and not rebuilt at the next start; a person back within
the time continues. The time is the server's setting: a first server holds it at an hour
(so nothing can end while the test plays), the same database is then served with a time
of a fraction of a second, and the test waits for the end it must bring (the wait only
turns a hang into a failure; nothing asserts how long anything takes).

The hub's own bookkeeping, on an injected clock, is tested below the live tests.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

import httpx
from tests.server.live import (
    RECEIVE_TIMEOUT,
    connect_table,
    create_table,
    join,
    receive,
    receive_until,
    running_server,
    send,
    start,
)

from quintet.server.hub import Hub
from quintet.server.idle import ABANDONED, Presence, abandon_idle, abandonable
from quintet.server.settings import Settings
from quintet.server.storage import Store
from quintet.server.tutorials import start_tutorial

HOUR = {"QUINTET_ABANDON_AFTER": "3600"}
#: Past at the first look (every second at the least): the table is alone since its load.
AT_ONCE = {"QUINTET_ABANDON_AFTER": "0.01"}


def tutorial_table(http: httpx.Client) -> tuple[str, str]:
    response = http.post("/api/tutorials/quiddler", json={"nickname": "ann"})
    assert response.status_code == 201, response.text
    started = response.json()
    return started["table"]["id"], started["token"]


def status_of(http: httpx.Client, table_id: str) -> str:
    status: str = http.get(f"/api/tables/{table_id}").json()["status"]
    return status


def wait_for_status(http: httpx.Client, table_id: str, status: str) -> None:
    give_up = time.monotonic() + RECEIVE_TIMEOUT  # only turns a hang into a failure
    while status_of(http, table_id) != status:
        assert time.monotonic() < give_up, f"table {table_id} never became {status}"
        time.sleep(0.1)


def act(ws: Any, action: dict[str, Any], ref: str) -> dict[str, Any]:
    send(ws, {"type": "act", "action": action, "ref": ref})
    while True:
        message = receive(ws)
        if message.get("ref") == ref:
            return message


def stored_result(db_url: str, table_id: str) -> tuple[str, Any]:
    async def read() -> tuple[str, Any]:
        store = await Store.open(db_url)
        try:
            row = await store.table(table_id)
            assert row is not None
            return row.status, row.result
        finally:
            await store.close()

    return asyncio.run(read())


def test_a_left_tutorial_ends_as_abandoned_and_a_reload_in_time_continues(
    db_url: str, tmp_path: Path
) -> None:
    with running_server(db_url, tmp_path / "a", env=HOUR) as server, server.http() as http:
        tutorial, token = tutorial_table(http)
        with connect_table(server, tutorial, token) as ws:
            receive_until(ws, "welcome")
            assert act(ws, {"type": "draw", "source": "deck"}, "a1")["type"] == "update"
        # Back within the time: the same table, at the same step.
        with connect_table(server, tutorial, token) as ws:
            view = receive_until(ws, "welcome")["view"]
            assert view["tutorial"]["step"] == 1 and len(view["hand"]) == 4
        # A practice table without zombies waits for its person too, and so does any table
        # without zombies (anyone may create one); a table with zombies does not count (its
        # people's absence is the zombies' business).
        practice = create_table(http, "quiddler", ["human", "easy"], practice=True)["id"]
        start(http, practice, join(http, practice, 0))
        no_zombies = create_table(http, "quiddler", ["human", "easy"], zombie_after_s=0)["id"]
        start(http, no_zombies, join(http, no_zombies, 0))
        rated = create_table(http, "quiddler", ["human", "easy"], zombie_after_s=3600)["id"]
        start(http, rated, join(http, rated, 0))
    # The same tables on a server whose time is up at once.
    with running_server(db_url, tmp_path / "b", env=AT_ONCE) as server, server.http() as http:
        never_joined, _ = tutorial_table(http)
        for table_id in (tutorial, practice, no_zombies, never_joined):
            wait_for_status(http, table_id, "aborted")
        assert status_of(http, rated) == "running"
        # Unloaded: the person coming back finds an ended table, with nothing to play.
        with connect_table(server, tutorial, token) as ws:
            welcome = receive_until(ws, "welcome")
            assert (welcome["status"], welcome["view"]) == ("aborted", None)
            refused = act(ws, {"type": "discard", "card": "x"}, "late")
            assert (refused["type"], refused["code"]) == ("refused", "game/over"), refused
    assert stored_result(db_url, tutorial) == ("aborted", ABANDONED)
    # And not rebuilt at the next start.
    with running_server(db_url, tmp_path / "c", env=HOUR) as server, server.http() as http:
        assert status_of(http, tutorial) == "aborted"


def test_only_tables_that_wait_for_their_people_are_abandonable(db_url: str) -> None:
    async def main() -> None:
        store = await Store.open(db_url)
        now = [1000.0]
        settings = Settings(db_url=db_url, abandon_after_s=60, zombie_after_s=30)
        hub = Hub(store, settings, clock=lambda: now[0])
        try:
            row, seat, _ = await start_tutorial(hub, "quiddler", "ann")
            assert abandonable(row, settings.zombie_after_s)
            # The person comes and goes: the time counts from the last connection's end.
            hub.admit(row.id, seat)
            now[0] += 3600
            assert await abandon_idle(hub) == []
            hub.release(row.id, seat)
            now[0] += 59
            assert await abandon_idle(hub) == []
            # A spectator does not keep it.
            hub.admit(row.id, None)
            now[0] += 1
            assert await abandon_idle(hub) == [row.id]
            hub.release(row.id, None)
            assert row.id not in hub.runners
            stored = await store.table(row.id)
            assert stored is not None and (stored.status, stored.result) == ("aborted", ABANDONED)
            practice = {"practice": True}
            for table_settings, default, expected in (
                ({"tutorial": True, "zombie_after_s": 0}, 60.0, True),
                ({**practice, "zombie_after_s": 0}, 60.0, True),
                (practice, 0.0, True),
                (practice, 60.0, False),
                ({**practice, "zombie_after_s": 30}, 0.0, False),
                ({"zombie_after_s": 0}, 60.0, True),
                ({}, 0.0, True),
                ({}, 60.0, False),
            ):
                other = dataclasses.replace(row, settings=table_settings)
                assert abandonable(other, default) is expected, table_settings
            # A table of bots only plays on by itself, whatever its settings.
            bots = tuple(dataclasses.replace(s, kind="bot", level="easy") for s in row.seats)
            for table_settings in ({"tutorial": True}, {**practice, "zombie_after_s": 0}, {}):
                other = dataclasses.replace(row, settings=table_settings, seats=bots)
                assert not abandonable(other, 0.0), table_settings
        finally:
            await hub.close()
            await store.close()

    asyncio.run(main())


def test_presence_counts_people_per_table() -> None:
    now = [0.0]
    presence = Presence(lambda: now[0])
    presence.loaded("t")
    now[0] = 5
    assert presence.alone_for("t") == 5
    presence.arrived("t")
    presence.arrived("t")
    presence.left("t")
    assert presence.alone_for("t") is None
    now[0] = 9
    presence.left("t")
    now[0] = 10
    assert presence.alone_for("t") == 1
    assert presence.alone_for("never-seen") == 0
    # Tables no longer loaded are forgotten: loaded again later, they count from then.
    presence.keep_only({"never-seen"})
    now[0] = 20
    presence.loaded("t")
    assert presence.alone_for("t") == 0
    assert presence.alone_for("never-seen") == 10
