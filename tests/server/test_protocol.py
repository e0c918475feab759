"""The WebSocket protocol's models, the connection limits and the server settings."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from quintet.server.protocol import (
    Act,
    Error,
    ErrorCode,
    Ping,
    ProtocolError,
    Refused,
    SeatInfo,
    Update,
    Welcome,
    encode,
    parse_client,
    update_text,
)
from quintet.server.settings import Settings, SettingsError, default_db_url
from quintet.server.ws import OUTBOX_LIMIT, Connection, TokenBucket, origin_allowed


def test_client_messages_parse() -> None:
    act = parse_client(
        '{"v": 1, "type": "act", "action": {"type": "play", "card": "R1"}, "ref": "c1"}'
    )
    assert act == Act(v=1, type="act", action={"type": "play", "card": "R1"}, ref="c1")
    assert parse_client(b'{"v": 1, "type": "act", "action": {}}') == Act(v=1, type="act", action={})
    assert parse_client('{"v": 1, "type": "ping"}') == Ping(v=1, type="ping")


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("{", ErrorCode.BAD_JSON, "not JSON"),
        ('"ping"', ErrorCode.BAD_JSON, "not str"),
        ('{"v": 1}', ErrorCode.UNKNOWN_TYPE, "no string 'type'"),
        ('{"v": 1, "type": "jump"}', ErrorCode.UNKNOWN_TYPE, "'jump'; the types are: act, ping"),
        ('{"type": "ping"}', ErrorCode.BAD_VERSION, "version None"),
        ('{"v": true, "type": "ping"}', ErrorCode.BAD_VERSION, "version True"),
        ('{"v": 1, "type": "act"}', ErrorCode.BAD_MESSAGE, "action: Field required"),
        ('{"v": 1, "type": "act", "action": 3}', ErrorCode.BAD_MESSAGE, "action"),
        ('{"v": 1, "type": "act", "action": {}, "seat": 2}', ErrorCode.BAD_MESSAGE, "seat"),
        ('{"v": 1, "type": "ping", "x": 0}', ErrorCode.BAD_MESSAGE, "x: Extra inputs"),
        (
            json.dumps({"v": 1, "type": "act", "action": {}, "ref": "r" * 65}),
            ErrorCode.BAD_MESSAGE,
            "ref",
        ),
    ],
)
def test_bad_client_messages_say_what_is_wrong(text: str, code: ErrorCode, words: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(text)
    assert caught.value.code == code
    assert words in caught.value.message


def test_a_bad_message_keeps_its_ref_when_it_can() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client('{"v": 1, "type": "act", "ref": "c9"}')
    assert caught.value.ref == "c9"
    with pytest.raises(ProtocolError) as long_ref:
        parse_client(json.dumps({"v": 1, "type": "act", "ref": "r" * 65}))
    assert long_ref.value.ref is None


def test_server_messages_leave_out_only_the_optional_fields() -> None:
    update = json.loads(encode(Update(seq=3, status="running", view={"a": None}, events=[])))
    assert update == {
        "v": 1,
        "type": "update",
        "seq": 3,
        "status": "running",
        "view": {"a": None},
        "events": [],
    }
    acked = json.loads(encode(Update(seq=3, status="running", view={}, ref="c1")))
    assert acked["ref"] == "c1"
    seat = SeatInfo(seat=0, kind="human", nickname="ann", connected=True)
    welcome = json.loads(
        encode(
            Welcome(
                table="t", game="quashars", seat=None, seats=[seat], status="open", view=None, seq=0
            )
        )
    )
    assert welcome["seat"] is None and welcome["view"] is None and welcome["outcome"] is None
    assert welcome["seats"] == [
        {
            "seat": 0,
            "kind": "human",
            "level": None,
            "nickname": "ann",
            "connected": True,
            "zombie": False,
            "zombie_in": None,
        }
    ]
    error = json.loads(encode(Error(code=ErrorCode.TOO_BIG, message="m")))
    assert error == {"v": 1, "type": "error", "code": "too_big", "message": "m"}
    refused = json.loads(encode(Refused(ref=None, code="action/too_late", message="m")))
    assert refused["ref"] is None, "a refusal always says which action it answers"


# --------------------------------------------------------------------- limits


def test_origins() -> None:
    local = Settings(db_url="sqlite:///x", port=8000).trusted_origins
    assert origin_allowed(None, local)  # not a browser
    assert origin_allowed("http://127.0.0.1:8000", local)
    assert origin_allowed("HTTP://127.0.0.1:8000/", local)
    assert origin_allowed("http://localhost:8000", local)
    assert not origin_allowed("http://127.0.0.1:8001", local)
    assert not origin_allowed("null", local)
    public = Settings(
        db_url="sqlite:///x",
        public_url="https://Play.Example/",
        allowed_origins=("https://b.example",),
    ).trusted_origins
    assert origin_allowed("https://play.example", public)
    assert origin_allowed("https://b.example", public)
    assert not origin_allowed("http://127.0.0.1:8000", public), "not the public address"
    assert not origin_allowed("https://play.example.evil", public)
    with pytest.raises(SettingsError, match="public_url"):
        Settings(db_url="sqlite:///x", public_url="play.example")


def test_token_bucket() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=2.0, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5  # one more token
    assert [bucket.take(), bucket.take()] == [True, False]
    now[0] = 100.0  # refills up to the burst, no more
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


class _UnreadSocket:
    """A WebSocket whose writer never runs: only the outbox fills."""

    def __init__(self) -> None:
        self.scope: dict[str, object] = {}

    async def send(self, message: object) -> None:  # pragma: no cover - never called
        raise AssertionError(f"nothing is sent here, not {message!r}")


def test_a_client_that_does_not_read_is_closed() -> None:
    async def main() -> list[object]:
        connection = Connection(websocket=_UnreadSocket(), seat=0)  # type: ignore[arg-type]
        for number in range(OUTBOX_LIMIT + 5):
            connection.send(f"message {number}")
        return [connection.outbox.get_nowait() for _ in range(connection.outbox.qsize())]

    queued = asyncio.run(main())
    # What was waiting is dropped: the client only learns why it is closed.
    assert len(queued) == 2
    assert json.loads(str(queued[0]))["code"] == "too_slow"
    assert queued[1] == (4008, "too slow")


# ------------------------------------------------------------------- settings


def test_settings_precedence() -> None:
    env = {
        "QUINTET_DB": "sqlite+aiosqlite:///env.db",
        "QUINTET_BOT_PACE": "0.5",
        "QUINTET_ZOMBIE_AFTER": "0",
    }
    from_env = Settings.build(env=env)
    assert (from_env.db_url, from_env.bot_pace, from_env.zombie_after_s) == (
        "sqlite+aiosqlite:///env.db",
        0.5,
        0.0,
    )
    given = Settings.build(env=env, db_url="sqlite+aiosqlite:///flag.db", bot_pace=2.0, port=9000)
    assert (given.db_url, given.bot_pace, given.port) == ("sqlite+aiosqlite:///flag.db", 2.0, 9000)
    plain = Settings.build(env={}, db_url="x")
    assert (plain.bot_pace, plain.zombie_after_s, plain.max_message_bytes) == (1.0, 60.0, 16_384)


@pytest.mark.parametrize(
    ("env", "given", "words"),
    [
        ({"QUINTET_BOT_PACE": "fast"}, {}, "QUINTET_BOT_PACE='fast' is not a float"),
        ({}, {"bot_pace": -1.0}, "bot_pace must be >= 0"),
        ({"QUINTET_ZOMBIE_AFTER": "nan"}, {}, "zombie_after_s must be >= 0"),
        ({}, {"port": 70000}, "port must be 0 to 65535"),
        ({}, {"colour": "red"}, "unknown setting(s): colour"),
    ],
)
def test_bad_settings_are_named(env: dict[str, str], given: dict[str, object], words: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.build(env=env, db_url="x", **given)
    assert words in str(caught.value)


def test_default_database_is_a_file_in_the_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("platformdirs.user_data_dir", lambda name: str(tmp_path / "data" / name))
    url = default_db_url()
    assert url == f"sqlite+aiosqlite:///{tmp_path / 'data' / 'quintet' / 'quintet.sqlite3'}"
    assert (tmp_path / "data" / "quintet").is_dir()


@pytest.mark.parametrize(
    "fields",
    [
        {"seq": 3, "status": "running", "view": {"a": None, "b": [1, 2.5]}, "events": []},
        {"seq": 0, "status": "open", "view": None, "events": [], "seats": []},
        {
            "seq": 9,
            "status": "finished",
            "view": {"names": ["Zoë", 'a "quote"'], "nan": float("nan"), "big": 2**60},
            "events": [{"type": "played", "card": "r7"}],
            "ref": "c17",
            "seats": [
                SeatInfo(seat=0, kind="human", nickname="ann", connected=True),
                SeatInfo(seat=1, kind="bot", level="basic", zombie_in=1500),
            ],
            "outcome": {"scores": [3, -1], "winners": [0]},
        },
    ],
)
def test_an_update_is_written_byte_for_byte_as_its_model_writes_it(fields: Any) -> None:
    assert update_text(**fields) == encode(Update(**fields))
