"""The httptools HTTP layer's gaps found by the attack report (issue 15), over a real
server (docs/server.md, "Limits and security").

- Chunked trailers: httptools reports them through the same header callback as the
  head, and uvicorn appended them to the request's headers after the head was counted
  and its deadline stopped: unbounded (memory), and read by the app as request headers
  (an `X-Player-Key` or `Authorization` sent after the body). Now dropped and counted.
- A request whose body never comes (or a WebSocket upgrade that declares a body) held
  its connection for ever: the deadline stopped at the end of the head. Now the whole
  request has the deadline (408), and an upgrade with a body is refused at once.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from tests.server.live import RECEIVE_TIMEOUT, LiveServer, closed_by_server, running_server

# The deadline tests' server cuts a request off after 1 s; every other test's server only
# after 60 s, longer than a test waits (RECEIVE_TIMEOUT), so that on a slow machine no
# refusal those tests expect can turn into the deadline's 408.
SHORT_DEADLINE = {"QUINTET_HEADER_TIMEOUT": "1"}
LONG_DEADLINE = {"QUINTET_HEADER_TIMEOUT": "60"}


def _server(factory: pytest.TempPathFactory, env: dict[str, str]) -> Iterator[LiveServer]:
    """A server on SQLite (nothing here involves storage) with the deadline of `env`."""
    folder = factory.mktemp("http_attack")
    with running_server(f"sqlite+aiosqlite:///{folder / 'db.sqlite3'}", folder, env=env) as s:
        yield s


@pytest.fixture(name="server", scope="module")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from _server(tmp_path_factory, LONG_DEADLINE)


@pytest.fixture(name="stall_server", scope="module")
def stall_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from _server(tmp_path_factory, SHORT_DEADLINE)


def answer_and_close(server: LiveServer, request: bytes) -> bytes:
    """Everything the server sends for `request` until it closes the connection."""
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(request)
        return closed_by_server(raw)


CHUNKED_CHECK = (
    b"POST /api/players/check HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n0\r\n"
)


def test_a_trailer_is_no_request_header(server: LiveServer) -> None:
    """No X-Player-Key header, one trailer of that name: the key is still missing."""
    answer = answer_and_close(server, CHUNKED_CHECK + b"X-Player-Key: abc\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400"), answer
    assert b"send the key to check as X-Player-Key" in answer, answer


def test_trailers_over_16_kib_are_refused(server: LiveServer) -> None:
    """Trailers are header fields: more than the head's 16 KiB of them is a 400, as a
    head would be (sent in one piece, so no reset loses the answer)."""
    answer = answer_and_close(server, CHUNKED_CHECK + b"X-Pad: a\r\n" * 2_000 + b"\r\n")
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert b"too large" in answer, answer[:300]


UPGRADE = (
    b"GET /ws/tables/x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    b"Sec-WebSocket-Version: 13\r\n"
)


@pytest.mark.parametrize(
    ("head", "status", "message"),
    [
        # A body declared and never sent: the deadline (1 s here) ends it.
        (
            b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\n\r\n",
            b"408",
            b"The request was not complete within 1 s.",
        ),
        # A chunked body that stops after its first chunk.
        (
            b"POST /api/players/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n",
            b"408",
            b"The request was not complete within 1 s.",
        ),
        # Trailers that never end.
        (CHUNKED_CHECK + b"X-A: b\r\n", b"408", b"The request was not complete within 1 s."),
    ],
    ids=["stalled-body", "stalled-chunks", "stalled-trailers"],
)
def test_a_stalled_request_is_cut_off(
    stall_server: LiveServer, head: bytes, status: bytes, message: bytes
) -> None:
    answer = answer_and_close(stall_server, head)
    assert answer.startswith(b"HTTP/1.1 " + status), answer
    assert answer.endswith(b"\r\n\r\n" + message), answer


@pytest.mark.parametrize(
    "head",
    [
        UPGRADE + b"Content-Length: 100\r\n\r\n",
        UPGRADE + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ],
    ids=["upgrade-length", "upgrade-chunked"],
)
def test_a_websocket_upgrade_with_a_body_is_refused_at_once(
    server: LiveServer, head: bytes
) -> None:
    """A WebSocket upgrade declaring a body (sent or not): refused, not held."""
    answer = answer_and_close(server, head)
    assert answer.startswith(b"HTTP/1.1 400"), answer
    assert answer.endswith(b"\r\n\r\nA WebSocket upgrade request must not have a body."), answer


def test_a_websocket_upgrade_with_an_empty_body_is_welcome(server: LiveServer) -> None:
    """Content-Length: 0 is no body: the upgrade goes on (to the app's own refusal of an
    unknown table, as a WebSocket close rather than an HTTP error)."""
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(UPGRADE + b"Content-Length: 0\r\n\r\n")
        raw.settimeout(RECEIVE_TIMEOUT)
        assert raw.recv(4096).startswith(b"HTTP/1.1 101"), "no WebSocket"


@pytest.mark.parametrize("coding", [b"gzip, chunked", b"gzip", b"identity"])
def test_only_chunked_transfer_encoding_is_taken(server: LiveServer, coding: bytes) -> None:
    answer = answer_and_close(
        server,
        b"POST /api/players/check HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: "
        + coding
        + b"\r\n\r\n0\r\n\r\n",
    )
    assert answer.startswith(b"HTTP/1.1 501"), answer
    assert answer.endswith(b"Only Transfer-Encoding: chunked is supported."), answer


def head_of(size: int) -> bytes:
    """A GET /api/health head of exactly `size` bytes (Connection: close)."""
    start = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Pad: "
    return start + b"x" * (size - len(start) - 4) + b"\r\n\r\n"


def in_pieces(server: LiveServer, data: bytes, piece: int) -> bytes:
    """Send `data` in pieces of `piece` bytes; everything the server sends until it closes."""
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for at in range(0, len(data), piece):
            raw.sendall(data[at : at + piece])
        return closed_by_server(raw)


@pytest.mark.parametrize("piece", [1024, 1 << 20], ids=["in-pieces", "whole"])
def test_the_head_limit_is_exact(server: LiveServer, piece: int) -> None:
    """16 KiB of head is taken, one byte more is refused, with the same message however
    it arrives (the last piece crosses the limit: the server has read it all)."""
    assert in_pieces(server, head_of(16_384), piece).startswith(b"HTTP/1.1 200")
    answer = in_pieces(server, head_of(16_385), piece)
    assert answer.startswith(b"HTTP/1.1 400"), answer
    assert answer.endswith(b"\r\n\r\nRequest line and headers are too large."), answer


def test_one_long_trailer_in_pieces_is_refused(server: LiveServer) -> None:
    """One trailer field that never ends, 17 KiB in 1 KiB pieces: held by the parser
    unreported, still counted (the last piece crosses the limit)."""
    answer = in_pieces(server, CHUNKED_CHECK + b"X-Pad: " + b"a" * (17 * 1024 - 7), 1024)
    assert answer.startswith(b"HTTP/1.1 400"), answer
    assert answer.endswith(b"Request trailers are too large."), answer


def test_a_head_after_a_chunked_body_is_counted(server: LiveServer) -> None:
    """A pipelined head over 16 KiB in the same piece as a chunked body's end."""
    first = CHUNKED_CHECK.replace(b"Connection: close\r\n", b"") + b"\r\n"
    answer = answer_and_close(server, first + head_of(20_000))
    assert answer.endswith(b"\r\n\r\nRequest line and headers are too large."), answer
