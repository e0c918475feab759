"""Security findings, end to end over a real server on SQLite and PostgreSQL: each test
failed before its fix (docs/server.md, "Limits and security")."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import sqlite3
import time
from pathlib import Path

import asyncpg
import pytest
from tests.server.live import (
    RECEIVE_TIMEOUT,
    LiveServer,
    RandomLegal,
    connect_seats,
    connect_table,
    create_table,
    in_thread,
    join,
    joined,
    live_fixture,  # noqa: F401 (the live fixture)
    live_module_fixture,  # noqa: F401 (the live_module fixture)
    play_to_end,
    receive,
    receive_until,
    running_server,
    start,
)
from websockets.sync.client import connect

#: No pause between the games of a match: the tests that play one to the end need none
#: (the default, 5 s after each game, was most of their time).
NO_PAUSE = {"pause_ms": 0}

# ------------------------------------------------------------------ seeds (finding 1)


def test_a_chosen_seed_is_shown_to_everyone_from_the_start(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table = create_table(http, "quashars", ["human", "human", "basic"], seed=4242)
        assert table["seed"] == 4242, "the creator's seed must be public"
        described = http.get(f"/api/tables/{table['id']}").json()
        listed = http.get("/api/tables", params={"game": "quashars"}).json()
    assert described["seed"] == 4242
    assert [t["seed"] for t in _tables(listed) if t["id"] == table["id"]] == [4242]


def test_a_drawn_seed_is_told_to_nobody_before_the_end(live_module: LiveServer) -> None:
    seen: list[str] = []
    with live_module.http() as http:
        table = create_table(http, "quashars", ["human", "basic", "basic"], NO_PAUSE, seed=None)
        table_id = table["id"]
        seen.append(json.dumps(table))
        token = join(http, table_id, 0)
        seen.append(http.get(f"/api/tables/{table_id}").text)
        seen.append(http.get("/api/tables").text)
        started = start(http, table_id, token)
        seen.append(json.dumps(started))
        assert started["seed"] is None
        with connect_table(live_module, table_id) as spectator:
            seen.append(json.dumps(receive_until(spectator, "welcome")))
        seen.append(http.get(f"/api/tables/{table_id}/replay").text)
    seed = _finish_and_read_seed(live_module, table_id, token)
    assert all(str(seed) not in text for text in seen), "the drawn seed leaked before the end"


def _finish_and_read_seed(live: LiveServer, table_id: str, token: str) -> int:
    """Play the person's seat to the end with random legal actions; returns the seed the
    replay names (checking the finished table's description shows it too)."""
    with connect_table(live, table_id, token) as ws:
        play_to_end(ws, RandomLegal(1))
    with live.http() as http:
        finished = http.get(f"/api/tables/{table_id}").json()
        record = http.get(f"/api/tables/{table_id}/replay").json()
    seed: int = record["seed"]
    assert finished["seed"] == seed, "after the end the description may show the seed"
    return seed


def _tables(listing: object) -> list[dict[str, object]]:
    """The tables of a listing page (a list before paging, `{"tables": [...]}` after)."""
    if isinstance(listing, dict):
        found: list[dict[str, object]] = listing["tables"]
        return found
    assert isinstance(listing, list)
    return listing


# ------------------------------------------------------------- tokens in logs (finding 2)


def test_no_token_reaches_the_log_at_any_level(db_url: str, tmp_path: Path) -> None:
    tokens: list[str] = []
    with running_server(db_url, tmp_path, args=["--log-level", "debug"]) as server:
        with server.http() as http:
            seats = ["human", "human", "basic"]
            table = create_table(http, "quashars", seats, NO_PAUSE, practice=True)
            table_id = table["id"]
            tokens += [join(http, table_id, 0, "ann"), join(http, table_id, 1, "bob")]
            start(http, table_id, tokens[0])
            hinted = http.post(
                f"/api/tables/{table_id}/hint", headers={"Authorization": f"Bearer {tokens[0]}"}
            )
            assert hinted.status_code == 200, hinted.text
        # An old client that still puts its token in the URL is refused (and not logged).
        url = f"{server.ws_url}/ws/tables/{table_id}?token={tokens[1]}"
        with connect(url, open_timeout=RECEIVE_TIMEOUT) as old:
            assert receive(old)["code"] == "bad_token"
        with contextlib.ExitStack() as stack:
            sockets = connect_seats(stack, server, table_id, {0: tokens[0], 1: tokens[1]})
            threads = [
                in_thread(play_to_end, ws, RandomLegal(seat)) for seat, ws in sockets.items()
            ]
            for thread, out in threads:
                joined(thread, out)
    log = server.log()
    assert f"/ws/tables/{table_id}" in log, "the debug log should show the connections"
    leaked = [token for token in tokens if token in log]
    assert not leaked, f"{len(leaked)} token(s) in the server's log"


# ------------------------------------------------------ request bodies (finding 3)


def test_a_huge_body_is_refused_before_it_is_read(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3)["id"]
    # Headers announcing 300 MB, then only a few bytes: the answer must come without the
    # rest (before the fix the server waited to read all of it, and held it in memory).
    head = (
        f"POST /api/tables/{table_id}/seats/0/join HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{live_module.port}\r\ncontent-type: application/json\r\n"
        f"content-length: {300 * 2**20}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", live_module.port), RECEIVE_TIMEOUT) as raw:
        raw.sendall(head.encode() + b'{"nickname": "')
        answer = _read_response(raw)
    status, body = answer
    assert status == 413, answer
    assert body["code"] == "too_big" and "at most 4096 bytes" in body["detail"], body


def test_a_chunked_body_over_the_limit_is_refused(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3)["id"]
        chunks = (b'{"nickname": "' + b"x" * 2000, b"x" * 2000, b"x" * 2000 + b'"}')
        response = http.post(
            f"/api/tables/{table_id}/seats/0/join",
            content=iter(chunks),  # no length: sent chunked
            headers={"content-type": "application/json"},
        )
    assert response.status_code == 413, response.text
    assert response.json()["code"] == "too_big"


def test_a_long_nickname_is_refused_without_being_echoed(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3)["id"]
        for nickname in ("n" * 3000, " " + "m" * 50):
            response = http.post(
                f"/api/tables/{table_id}/seats/0/join", json={"nickname": nickname}
            )
            assert response.status_code == 422, response.text
            body = response.json()
            assert set(body) == {"code", "detail"}, body
            assert "nickname" in body["detail"], body
            assert nickname.strip()[:40] not in response.text, "the input came back"
            assert len(response.content) < 300, response.text


def _read_response(raw: socket.socket) -> tuple[int, dict[str, object]]:
    """One HTTP/1.1 response read off a raw socket: its status and JSON body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = raw.recv(4096)
        assert chunk, f"the server closed without an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)content-length: *(\d+)", head)[1])  # type: ignore[index]
    while len(body) < length:
        chunk = raw.recv(4096)
        assert chunk, "the server closed mid-answer"
        body += chunk
    return int(head.split()[1]), json.loads(body[:length])


# ----------------------------------------------------- numbers in bounds (finding 5)


@pytest.mark.parametrize(
    ("field", "value"),
    [("zombie_after_s", 1e306), ("zombie_after_s", -1), ("seed", 2**53), ("seed", -1)],
)
def test_numbers_out_of_bounds_are_refused(
    live_module: LiveServer, field: str, value: float
) -> None:
    seats = [
        {"kind": "human"},
        {"kind": "bot", "level": "basic"},
        {"kind": "bot", "level": "basic"},
    ]
    body = {"game": "quashars", "seats": seats, field: value}
    with live_module.http() as http:
        before = http.get("/api/tables", params={"game": "quashars"}).text
        response = http.post("/api/tables", json=body)
        assert response.status_code == 422, response.text
        assert response.json()["code"] == "bad_request" and field in response.json()["detail"]
        assert http.get("/api/tables", params={"game": "quashars"}).text == before


# ------------------------------------------------------ every refusal is JSON (finding 7)

SEATS = '[{"kind": "human"}, {"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "basic"}]'


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        (f'{{"game": "quashars", "seats": {SEATS}, "seed": NaN}}', "bad_request", "NaN"),
        (f'{{"game": "quashars", "seats": {SEATS}, "seed": Infinity}}', "bad_request", "Inf"),
        (f'{{"game": "quashars", "seats": {SEATS}, "seed": 1e306}}', "bad_request", "seed"),
        (
            f'{{"game": "quashars", "seats": {SEATS}, "zombie_after_s": -Infinity}}',
            "bad_request",
            "Infinity",
        ),
        (
            f'{{"game": "quashars", "seats": {SEATS}, "options": {{"pause_ms": NaN}}}}',
            "bad_request",
            "NaN",
        ),
        (
            f'{{"game": "quashars", "seats": {SEATS}, "options": {{"pause_ms": 1e306}}}}',
            "options/invalid",
            "pause_ms",
        ),
        # No coercion: a string is not a number, a number not a boolean, true not a number.
        (f'{{"game": "quashars", "seats": {SEATS}, "seed": "12"}}', "bad_request", "seed"),
        (f'{{"game": "quashars", "seats": {SEATS}, "seed": true}}', "bad_request", "seed"),
        (f'{{"game": "quashars", "seats": {SEATS}, "practice": 1}}', "bad_request", "practice"),
        (
            f'{{"game": "quashars", "seats": {SEATS}, "zombie_after_s": true}}',
            "bad_request",
            "zombie_after_s",
        ),
        (
            '{"game": "quiclo", "seats": [{"kind": "human"}], "options": {"open_hands": "yes"}}',
            "options/invalid",
            "open_hands",
        ),
        (
            '{"game": "quiclo", "seats": [{"kind": "human"}], "options": {"stall_ms": "0"}}',
            "options/invalid",
            "stall_ms",
        ),
        ("[" * 1500 + "]" * 1500, "bad_request", "nested"),
    ],
)
def test_bad_bodies_get_json_refusals(
    live_module: LiveServer, body: str, code: str, words: str
) -> None:
    with live_module.http() as http:
        response = http.post(
            "/api/tables", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 422, response.text
    refused = response.json()
    assert refused["code"] == code and words in refused["detail"], refused


def test_an_unknown_route_is_a_json_404(live_module: LiveServer) -> None:
    with live_module.http() as http:
        response = http.get("/api/nothing-here")
        assert (response.status_code, response.json()["code"]) == (404, "not_found")
        response = http.delete("/api/tables")
        assert (response.status_code, response.json()["code"]) == (405, "method_not_allowed")


def test_deeply_nested_json_on_the_websocket_is_bad_json(live_module: LiveServer) -> None:
    with live_module.http() as http:
        table_id = create_table(http, "quashars", ["basic"] * 3)["id"]
    with connect_table(live_module, table_id) as ws:
        receive_until(ws, "welcome")
        ws.send('{"v": 1, "type": "act", "action": ' + "[" * 5000 + "]" * 5000 + "}")
        error = receive_until(ws, "error")
        assert error["code"] == "bad_json", error
        ws.send('{"v": 1, "type": "ping"}')
        assert receive_until(ws, "pong")["type"] == "pong", "the connection stays usable"


def test_storage_faults_answer_503(live: LiveServer) -> None:
    body = {"game": "quashars", "seats": [{"kind": "human"}] * 3}
    with live.http() as http:
        # The disk is full: the database refuses every new table (a trigger says so, as
        # SQLite's SQLITE_FULL and PostgreSQL's disk_full would).
        _database(live.db_url, FULL[_backend(live.db_url)])
        response = http.post("/api/tables", json=body)
        assert response.status_code == 503, response.text
        assert response.json()["code"] == "storage_failed"
        _database(live.db_url, CLEAR[_backend(live.db_url)])
        if _backend(live.db_url) == "postgresql":
            # A read-only database, for real: every session is read-only from now on.
            name = live.db_url.rsplit("/", 1)[1]
            _database(
                live.db_url,
                [
                    f"ALTER DATABASE {name} SET default_transaction_read_only = on",
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    f" WHERE datname = '{name}' AND pid <> pg_backend_pid()",
                ],
            )
            for _ in range(2):  # the first finds its connection gone, the next read-only
                response = http.post("/api/tables", json=body)
                assert response.status_code == 503, response.text
                assert response.json()["code"] == "storage_failed"
            writable = f"ALTER DATABASE {name} SET default_transaction_read_only = off"
            _database(live.db_url, ["SET default_transaction_read_only = off", writable])
        else:
            _database(live.db_url, READ_ONLY)
            response = http.post("/api/tables", json=body)
            assert (response.status_code, response.json()["code"]) == (503, "storage_failed")
            _database(live.db_url, CLEAR["sqlite"])
            # Once the fault is gone the server works again.
            assert http.post("/api/tables", json=body).status_code == 201


FULL = {
    "sqlite": [
        "CREATE TRIGGER fault BEFORE INSERT ON tables "
        "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
    ],
    "postgresql": [
        "CREATE FUNCTION fault() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$",
        "CREATE TRIGGER fault BEFORE INSERT ON tables FOR EACH ROW EXECUTE FUNCTION fault()",
    ],
}
CLEAR = {
    "sqlite": ["DROP TRIGGER fault"],
    "postgresql": ["DROP TRIGGER fault ON tables", "DROP FUNCTION fault()"],
}
READ_ONLY = [
    "CREATE TRIGGER fault BEFORE INSERT ON tables "
    "BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END"
]


def _backend(url: str) -> str:
    return "sqlite" if url.startswith("sqlite") else "postgresql"


def _database(url: str, statements: list[str]) -> None:
    """Run statements on the server's database from outside the server."""
    if _backend(url) == "sqlite":
        connection = sqlite3.connect(url.split(":///", 1)[1], isolation_level=None)
        try:
            for statement in statements:
                connection.execute(statement)
        finally:
            connection.close()
        return

    async def run() -> None:
        connection = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
        try:
            for statement in statements:
                await connection.execute(statement)
        finally:
            await connection.close()

    asyncio.run(run())


# ------------------------------------------- table creation and the listing (finding 4)


def test_creating_tables_is_rate_limited_per_address(db_url: str, tmp_path: Path) -> None:
    # A burst of 3, then one more a thousand minutes later: the 4th is refused.
    env = {"QUINTET_CREATE_PER_MINUTE": "0.001", "QUINTET_CREATE_BURST": "3"}
    with running_server(db_url, tmp_path, env=env) as server, server.http() as http:
        for _ in range(3):
            create_table(http, "quashars", ["human"] * 3)
        response = http.post(
            "/api/tables", json={"game": "quashars", "seats": [{"kind": "human"}] * 3}
        )
        assert response.status_code == 429, response.text
        assert response.json()["code"] == "rate_limited"
        assert len(_tables(http.get("/api/tables").json())) == 3


def test_the_listing_comes_in_pages(live_module: LiveServer) -> None:
    with live_module.http() as http:
        made = [create_table(http, "quiddler", ["human", "human"])["id"] for _ in range(5)]
        seen: list[str] = []
        after = None
        while True:
            params = {"game": "quiddler", "limit": 2} | ({} if after is None else {"after": after})
            page = http.get("/api/tables", params=params).json()
            assert len(page["tables"]) <= 2
            seen += [t["id"] for t in page["tables"]]
            after = page["next"]
            if after is None:
                break
        assert [t for t in seen if t in made] == made, "every table once, oldest first"
        assert len(seen) == len(set(seen))
        refused = http.get("/api/tables", params={"limit": 1000})
        assert (refused.status_code, refused.json()["code"]) == (422, "bad_request")


def test_an_open_table_nobody_joins_expires(db_url: str, tmp_path: Path) -> None:
    env = {"QUINTET_OPEN_TABLE_TTL": "1"}
    with running_server(db_url, tmp_path, env=env) as server, server.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3)["id"]
        give_up = time.monotonic() + RECEIVE_TIMEOUT  # only turns a hang into a failure
        while http.get(f"/api/tables/{table_id}").status_code != 404:
            assert time.monotonic() < give_up, "the idle open table did not expire"
            time.sleep(0.2)
        response = http.post(f"/api/tables/{table_id}/seats/0/join", json={"nickname": "late"})
        assert (response.status_code, response.json()["code"]) == (404, "no_table")


def test_errors_never_echo_long_input(live_module: LiveServer) -> None:
    long = "q" * 3000
    with live_module.http() as http:
        response = http.get(f"/api/tables/{long}")
        assert (response.status_code, response.json()["code"]) == (404, "no_table")
        assert long[:40] not in response.text
        response = http.post("/api/tables", json={"game": long, "seats": [{"kind": "human"}]})
        assert response.status_code == 422 and long[:70] not in response.text, response.text
        table_id = create_table(http, "quashars", ["basic"] * 3)["id"]
    with connect_table(live_module, table_id, origin="http://" + long) as ws:
        error = receive(ws)
        assert error["code"] == "bad_origin" and long[:40] not in error["message"]
    with connect_table(live_module, table_id) as ws:
        receive_until(ws, "welcome")
        for message in ({"v": 1, "type": long}, {"v": [long], "type": "ping"}):
            ws.send(json.dumps(message))
            error = receive_until(ws, "error")
            assert long[:40] not in error["message"], error
