"""Slow clients, connection caps and the origin check, over a real server (findings 6 and
8 of the hardening issue; docs/server.md, "Limits and security")."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from pathlib import Path

import pytest
from tests.server.live import (
    RECEIVE_TIMEOUT,
    LiveServer,
    closed_by_server,
    connect_table,
    create_table,
    join,
    receive,
    receive_until,
    running_server,
    send,
)
from websockets.exceptions import ConnectionClosed

LIMITS = {
    "QUINTET_HEADER_TIMEOUT": "1",
    # Bodies may be larger than the request head's limit (16 KiB): a body never counts as head.
    "QUINTET_MAX_BODY": "65536",
    "QUINTET_MAX_SEAT_CONNECTIONS": "3",
    "QUINTET_MAX_SPECTATORS": "2",
}


@pytest.fixture(name="limited", scope="module")
def limited_fixture(tmp_path_factory: pytest.TempPathFactory) -> LiveServer:
    """One server with small limits, on SQLite (none of these involve storage)."""
    folder = tmp_path_factory.mktemp("limits")
    with running_server(f"sqlite+aiosqlite:///{folder / 'db.sqlite3'}", folder, env=LIMITS) as s:
        yield s  # type: ignore[misc]


def test_slow_headers_are_cut_off(limited: LiveServer) -> None:
    address = ("127.0.0.1", limited.port)
    with socket.create_connection(address) as silent:
        assert closed_by_server(silent) == b""
    with socket.create_connection(address) as slow:
        slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
        assert closed_by_server(slow) == b""
    # A keep-alive connection: the first request is answered, then silence is cut off.
    with socket.create_connection(address) as kept:
        kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert closed_by_server(kept).startswith(b"HTTP/1.1 200")


def test_a_request_head_over_16_kib_is_refused(limited: LiveServer) -> None:
    address = ("127.0.0.1", limited.port)
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * 20_000
    # Whole: refused once its headers are read. (Each is sent in one piece over the
    # loopback, so the server reads all of it before it closes: no reset loses the answer.)
    with socket.create_connection(address) as whole:
        whole.sendall(head + b"\r\n\r\n")
        assert closed_by_server(whole).startswith(b"HTTP/1.1 400")
    # Never finished: refused as it grows past the limit, not when the deadline comes.
    with socket.create_connection(address) as endless:
        endless.sendall(head)
        assert closed_by_server(endless).startswith(b"HTTP/1.1 400")
    # Just under the limit, a head is read; the request's answer comes.
    with socket.create_connection(address) as near:
        near.sendall(head[:16_000] + b"\r\n\r\n")
        assert closed_by_server(near).startswith(b"HTTP/1.1 200")


def test_a_body_in_the_heads_chunk_is_no_head(limited: LiveServer) -> None:
    """A 30 KB body sent in one piece with its head, itself after a first request: it is
    read as a body (its JSON is refused by name), not counted as head."""
    body = json.dumps({"game": "quashars", "seats": [], "note": "x" * 30_000}).encode()
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )
    with socket.create_connection(("127.0.0.1", limited.port)) as raw:
        raw.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + request)
        answers = closed_by_server(raw)
    assert answers.startswith(b"HTTP/1.1 200") and answers.count(b"HTTP/1.1 ") == 2, answers
    assert b"HTTP/1.1 422" in answers and b"bad_request" in answers, answers


def test_a_websocket_outlives_the_header_deadline(limited: LiveServer) -> None:
    with limited.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3)["id"]
    with connect_table(limited, table_id) as ws:
        receive_until(ws, "welcome")
        time.sleep(1.5)  # past the 1 s header deadline: it must not apply to a WebSocket
        send(ws, {"type": "ping"})
        assert receive_until(ws, "pong")["type"] == "pong"


def test_connections_per_seat_and_spectators_are_capped(limited: LiveServer) -> None:
    with limited.http() as http:
        table_id = create_table(http, "quashars", ["human"] * 3)["id"]
        token = join(http, table_id, 0)
    with contextlib.ExitStack() as stack:
        seat = [stack.enter_context(connect_table(limited, table_id, token)) for _ in range(3)]
        for ws in seat:
            receive_until(ws, "welcome")
        with connect_table(limited, table_id, token) as extra:
            refused = receive(extra)
            assert refused["code"] == "too_many_connections", refused
            with pytest.raises(ConnectionClosed) as closed:
                receive(extra)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4029
        watching = [stack.enter_context(connect_table(limited, table_id)) for _ in range(2)]
        for ws in watching:
            receive_until(ws, "welcome")
        with connect_table(limited, table_id) as extra:
            assert receive(extra)["code"] == "too_many_connections"
        # Another seat has its own count; a seat that closes one may open one.
        with limited.http() as http:
            other = join(http, table_id, 1, "bob")
        with connect_table(limited, table_id, other) as ws:
            assert receive(ws)["type"] == "welcome"
        seat.pop().close()
        _until_admitted(limited, table_id, token)


def _until_admitted(live: LiveServer, table_id: str, token: str) -> None:
    """The server sees a close a moment after the client sends it: try until a fourth
    connection to the seat is welcomed again (a hang fails after RECEIVE_TIMEOUT)."""
    give_up = time.monotonic() + RECEIVE_TIMEOUT
    while True:
        with connect_table(live, table_id, token) as ws:
            if receive(ws)["type"] == "welcome":
                return
        assert time.monotonic() < give_up, "a freed place was never given again"


def test_the_limits_settings_are_checked(tmp_path: Path) -> None:
    from quintet.server.settings import Settings, SettingsError

    with pytest.raises(SettingsError, match="max_seat_connections"):
        Settings(db_url="sqlite:///x", max_seat_connections=0)
    with pytest.raises(SettingsError, match="header_timeout_s"):
        Settings(db_url="sqlite:///x", header_timeout_s=float("nan"))


# ------------------------------------------------------- the origin check (finding 8)


def test_origins_are_checked_against_the_public_url(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}"
    with running_server(url, tmp_path, args=["--public-url", "https://play.example"]) as server:
        with server.http() as http:
            table_id = create_table(http, "quashars", ["human"] * 3)["id"]
        with connect_table(server, table_id, origin="https://play.example") as ws:
            assert receive(ws)["type"] == "welcome"
        # The server's own Host: trusted before, although any page can make its name
        # resolve to this address (DNS rebinding). Only the public URL counts now.
        own = f"http://127.0.0.1:{server.port}"
        with connect_table(server, table_id, origin=own) as ws:
            assert receive(ws)["code"] == "bad_origin"
