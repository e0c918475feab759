"""KNOWN BUGS (attack report, issue 15): the httptools HTTP layer's gaps, over a real
server. These tests FAIL on the branch they were written on; each shows a real bug.

- Chunked trailers: httptools reports them through the same header callback as the
  head, and uvicorn appends them to the request's headers after the head was counted
  and its deadline stopped. So they are unbounded (memory), and the app reads them as
  request headers (an `X-Player-Key` or `Authorization` sent after the body).
- A request whose body never comes (or a WebSocket upgrade that declares a body) holds
  its connection for ever: the header deadline stops at the end of the head and nothing
  bounds the body's time, so a few hundred idle sockets take every connection slot.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from tests.server.live import RECEIVE_TIMEOUT, LiveServer, running_server

LIMITS = {"QUINTET_HEADER_TIMEOUT": "1"}


@pytest.fixture(name="server", scope="module")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server with a 1 s header deadline, on SQLite (nothing here involves storage)."""
    folder = tmp_path_factory.mktemp("http_attack")
    with running_server(f"sqlite+aiosqlite:///{folder / 'db.sqlite3'}", folder, env=LIMITS) as s:
        yield s


def answer_and_close(server: LiveServer, request: bytes) -> bytes:
    """Everything the server sends for `request` until it closes the connection (fails
    after RECEIVE_TIMEOUT: a connection it never closes)."""
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(request)
        raw.settimeout(RECEIVE_TIMEOUT)
        data = b""
        try:
            while chunk := raw.recv(4096):
                data += chunk
        except TimeoutError:
            raise AssertionError(f"the server kept the connection open; sent {data!r}") from None
    return data


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


@pytest.mark.parametrize(
    "head",
    [
        # A body declared and never sent.
        b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\n\r\n",
        # A WebSocket upgrade declaring a body it never sends.
        b"GET /ws/tables/x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        b"Sec-WebSocket-Version: 13\r\nContent-Length: 100\r\n\r\n",
    ],
    ids=["stalled-body", "upgrade-with-body"],
)
def test_a_stalled_request_is_cut_off(server: LiveServer, head: bytes) -> None:
    answer_and_close(server, head)  # any answer (408, 400) or none, but closed
