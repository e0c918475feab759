"""The raw WebSocket echo at /ws/echo, the server benchmark's baseline (bench/server_load.py).

It exists only when asked for (`QUINTET_ECHO=1`, `Settings.bench_echo`): a server started
as usual has no such route. When on, every message comes back unchanged and in order. It
never touches the database, so these run on SQLite only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.server.live import RECEIVE_TIMEOUT, connect_table, running_server
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from quintet.server.settings import ENV_ECHO, Settings, SettingsError


def sqlite_url(folder: Path) -> str:
    return f"sqlite+aiosqlite:///{folder / 'quintet.sqlite3'}"


def test_the_echo_setting_is_off_unless_asked_for() -> None:
    assert Settings.build(env={}, db_url="sqlite:///x").bench_echo is False
    assert Settings(db_url="sqlite:///x").bench_echo is False
    for text, on in [("1", True), ("true", True), (" ON ", True), ("0", False), ("no", False)]:
        assert Settings.build(env={ENV_ECHO: text}, db_url="sqlite:///x").bench_echo is on
    # An explicit value beats the environment.
    assert Settings.build(env={ENV_ECHO: "1"}, db_url="x", bench_echo=False).bench_echo is False
    with pytest.raises(SettingsError, match=r"QUINTET_ECHO='maybe' is not a boolean"):
        Settings.build(env={ENV_ECHO: "maybe"}, db_url="sqlite:///x")


def test_a_server_started_as_usual_has_no_echo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_ECHO, raising=False)
    with running_server(sqlite_url(tmp_path), tmp_path) as server:
        with pytest.raises(InvalidStatus) as refused:
            connect(f"{server.ws_url}/ws/echo", open_timeout=RECEIVE_TIMEOUT)
        # Starlette closes a WebSocket with no route before accepting it: HTTP 403.
        assert refused.value.response.status_code == 403
        with server.http() as http:
            assert http.get("/ws/echo").status_code == 404
            assert "/ws/echo" not in json.dumps(http.get("/openapi.json").json())
        # The tables' WebSocket route is there all the same (an unknown table is refused
        # by the handler itself, after accepting).
        with connect_table(server, "no-such-table") as ws:
            assert json.loads(ws.recv(timeout=RECEIVE_TIMEOUT))["code"] == "no_table"


def test_the_echo_sends_back_every_message_unchanged(tmp_path: Path) -> None:
    messages = [
        '{"v": 1, "type": "act", "action": {"stack": 0}, "ref": "0.1"}',
        "not JSON at all: the echo reads nothing",
        "é✓ 🃏",
        "x" * 100_000,  # above the game's max_message_bytes: the echo has no such limit
        "",
    ]
    with (
        running_server(sqlite_url(tmp_path), tmp_path, env={ENV_ECHO: "1"}) as server,
        connect(f"{server.ws_url}/ws/echo", open_timeout=RECEIVE_TIMEOUT) as ws,
    ):
        for message in messages:
            ws.send(message)
        assert [ws.recv(timeout=RECEIVE_TIMEOUT) for _ in messages] == messages
        ws.send(b"\x00\xffbytes")
        assert ws.recv(timeout=RECEIVE_TIMEOUT) == b"\x00\xffbytes"
        # Two clients at once each get their own messages only.
        with connect(f"{server.ws_url}/ws/echo", open_timeout=RECEIVE_TIMEOUT) as other:
            other.send("other")
            ws.send("mine")
            assert other.recv(timeout=RECEIVE_TIMEOUT) == "other"
            assert ws.recv(timeout=RECEIVE_TIMEOUT) == "mine"
    # `running_server` checked the server stopped cleanly with no traceback logged, also
    # for the clients that left without waiting for anything.
