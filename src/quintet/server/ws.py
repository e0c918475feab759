"""The WebSocket endpoint `/ws/tables/{table_id}`: a seat's token in the subprotocols
(`Sec-WebSocket-Protocol: quintet.v1, quintet.token.<token>`), none for a spectator.

The token is not in the URL because URLs are logged (by uvicorn, and by any proxy).

The handler stays thin: check the Origin and the token, hand the connection to the hub,
then read messages (size and rate limits first, then the protocol) while a writer task
sends what the table queues. Nothing a client sends can name a seat: the seat is the
token's, so a client can act only for its own seat. A seat may have several connections
(two tabs); each gets the seat's view, and the seat counts as connected while one is open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any, Final

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send

from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.hub import Hub
from quintet.server.protocol import (
    Act,
    CloseCode,
    Pong,
    ProtocolError,
    encode,
    error_text,
    parse_client,
)
from quintet.server.settings import Settings
from quintet.server.storage import StorageError

log = logging.getLogger(__name__)
router = APIRouter()

#: The subprotocol every client offers (the server picks it), and the prefix of the
#: offered "subprotocol" that carries a seat's token (the server never echoes that one).
SUBPROTOCOL: Final = "quintet.v1"
TOKEN_PREFIX: Final = "quintet.token."
#: Messages queued for one client before it counts as too slow and is closed.
OUTBOX_LIMIT: Final = 1024
_PONG: Final = encode(Pong())
#: Where `KeepServerSend` leaves the server's own ASGI `send` in a WebSocket's scope.
SERVER_SEND: Final = "quintet.server_send"


class KeepServerSend:
    """ASGI middleware: keeps the server's (uvicorn's) own `send` of each WebSocket in its
    scope, so that a connection's writer sends each message straight to it.

    Between the two, every message passed through Starlette's `WebSocket.send_text`, its
    state checks and two exception-handling wrappers: about 0.75 µs a message (timeit),
    and a table of 4 sends at least 4 messages per action (docs/benchmarks.md, "The hot
    path of an action"). Only the messages of a table's updates take the short way; the
    handshake and the close still go through Starlette's `WebSocket`.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SERVER_SEND] = send
        await self.app(scope, receive, send)


def message_sender(websocket: WebSocket) -> Callable[[dict[str, Any]], Awaitable[None]]:
    """The shortest way to send ASGI messages on `websocket`: the server's own `send` when
    `KeepServerSend` left it (outside the app: Starlette's)."""
    send: Callable[[dict[str, Any]], Awaitable[None]] | None = websocket.scope.get(SERVER_SEND)
    return websocket.send if send is None else send


def origin_allowed(origin: str | None, trusted: Collection[str]) -> bool:
    """Whether a page from `origin` may connect: no Origin (not a browser), or one of the
    `trusted` origins (`Settings.trusted_origins`: the configured public address, never
    the request's own Host header, which a DNS-rebinding page controls).

    >>> origin_allowed("http://127.0.0.1:8000/", {"http://127.0.0.1:8000"})
    True
    >>> origin_allowed("https://evil.example", {"http://127.0.0.1:8000"})
    False
    """
    if origin is None:
        return True
    return origin.strip().rstrip("/").lower() in trusted


def offered_token(subprotocols: list[str]) -> str | None:
    """The seat token among the offered subprotocols (None: a spectator).

    >>> offered_token(["quintet.v1", "quintet.token.abc"]), offered_token(["quintet.v1"])
    ('abc', None)
    """
    for offered in subprotocols:
        if offered.startswith(TOKEN_PREFIX):
            return offered.removeprefix(TOKEN_PREFIX)
    return None


class TokenBucket:
    """`rate` messages a second on average, bursts up to `burst`."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One client: the table's `Watcher`. `send` queues; `write` sends in order."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self._send = message_sender(websocket)
        self._seat = seat
        self.outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(OUTBOX_LIMIT)
        self.closing = False

    @property
    def seat(self) -> int | None:
        return self._seat

    def send(self, text: str) -> None:
        if self.closing:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            # A client that does not read would make the server hold its messages for ever.
            self.closing = True
            self.outbox = asyncio.Queue()
            self.outbox.put_nowait(error_text(ErrorCode.TOO_SLOW, "you did not read your messages"))
            self.outbox.put_nowait((CloseCode.TOO_SLOW, "too slow"))

    def close(self, code: int, message: str) -> None:
        """Send `message` as an `error` (code "stopped"), then close with `code`."""
        if self.closing:
            return
        text = error_text(ErrorCode.STOPPED, message)
        self.send(text)
        if self.closing:
            return  # that send overflowed the outbox: it now ends with "too slow" and a close
        self.closing = True
        try:
            self.outbox.put_nowait((code, message[:120]))
        except asyncio.QueueFull:
            # The error took the outbox's last place. The close must still get through
            # (a table that stops closes every connection), so this far-behind client
            # loses its backlog instead; it gets the current view when it reconnects.
            self.outbox = asyncio.Queue()
            self.outbox.put_nowait(text)
            self.outbox.put_nowait((code, message[:120]))

    async def write(self) -> None:
        """Send queued messages until a close is queued or the client is gone."""
        while True:
            item = await self.outbox.get()
            if isinstance(item, tuple):
                code, reason = item
                await self.websocket.close(code, reason)
                return
            await self._send({"type": "websocket.send", "text": item})


async def refuse(websocket: WebSocket, code: ErrorCode, message: str, close: int) -> None:
    """Tell a client why it may not stay, then close with `close`."""
    with contextlib.suppress(Exception):
        await websocket.send_text(error_text(code, message))
        await websocket.close(close, message[:120])


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    settings = hub.settings
    offered: list[str] = websocket.scope.get("subprotocols", [])
    # Accept first: only an accepted socket can be told why it is closed. A browser that
    # offered subprotocols fails the handshake unless one is picked: the plain one.
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    if "token" in websocket.query_params:
        await refuse(
            websocket,
            ErrorCode.BAD_TOKEN,
            f"a token in the URL is refused (URLs are logged): offer the subprotocols "
            f"{SUBPROTOCOL!r} and '{TOKEN_PREFIX}<token>' instead",
            CloseCode.BAD_TOKEN,
        )
        return
    token = offered_token(offered)
    origin = websocket.headers.get("origin")
    if not origin_allowed(origin, settings.trusted_origins):
        await refuse(
            websocket,
            ErrorCode.BAD_ORIGIN,
            f"origin {quoted(origin or '')} is not allowed",
            CloseCode.BAD_ORIGIN,
        )
        return
    try:
        seat = await hub.authenticate(table_id, token)
    except HubError as error:
        if error.code == ErrorCode.NO_TABLE:
            await refuse(websocket, ErrorCode.NO_TABLE, error.message, CloseCode.NO_TABLE)
        else:
            await refuse(websocket, ErrorCode.BAD_TOKEN, error.message, CloseCode.BAD_TOKEN)
        return
    except StorageError as error:
        await _storage_failed(websocket, table_id, error)
        return
    try:
        hub.admit(table_id, seat)
    except HubError as error:
        await refuse(websocket, ErrorCode.TOO_MANY, error.message, CloseCode.TOO_MANY)
        return
    try:
        await _serve(websocket, hub, table_id, seat, settings)
    except StorageError as error:  # loading the table failed: nothing was attached
        await _storage_failed(websocket, table_id, error)
    finally:
        hub.release(table_id, seat)


async def _storage_failed(websocket: WebSocket, table_id: str, error: StorageError) -> None:
    """The database failed while a connection was being set up: say so, close 1011."""
    log.warning("connection to table %s: storage failed: %s", table_id, error)
    await refuse(
        websocket,
        ErrorCode.STORAGE_FAILED,
        "the server's storage failed; reconnect later",
        CloseCode.SERVER_ERROR,
    )


async def _serve(
    websocket: WebSocket, hub: Hub, table_id: str, seat: int | None, settings: Settings
) -> None:
    """Run one admitted connection: attach it, read and write until it ends, detach it."""
    connection = Connection(websocket, seat)
    writer = asyncio.create_task(connection.write(), name=f"writer {table_id}")
    try:
        await hub.attach(table_id, connection)
        reader = asyncio.create_task(read(websocket, hub, table_id, connection, settings))
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        for task in (reader, writer):
            # A send to a client that has gone fails: that only ends the connection.
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    finally:
        hub.detach(table_id, connection)
        if not writer.done():
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer


async def read(
    websocket: WebSocket, hub: Hub, table_id: str, connection: Connection, settings: Settings
) -> None:
    """Read the client's messages until it leaves; each gets its answer or error."""
    # A seat's connections share one bucket (hub.seat_messages), so opening more of them
    # does not multiply what a seat may send; a spectator's connection has its own.
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    seat_key = None if connection.seat is None else f"{table_id}/{connection.seat}"
    limit = settings.max_message_bytes
    while True:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        data: str | bytes = text if text is not None else message.get("bytes") or b""
        allowed = bucket.take() if seat_key is None else hub.seat_messages.take(seat_key)
        if not allowed:
            who = "this connection" if seat_key is None else "this seat's connections together"
            connection.send(
                error_text(
                    ErrorCode.RATE_LIMITED,
                    f"more than {settings.rate_per_second:g} messages a second from {who} "
                    f"(bursts of {settings.rate_burst}); this one was dropped",
                )
            )
            continue
        size = len(data.encode() if isinstance(data, str) else data)
        if size > limit:
            connection.send(
                error_text(
                    ErrorCode.TOO_BIG, f"the message has {size} bytes; at most {limit} are read"
                )
            )
            continue
        try:
            parsed = parse_client(data)
        except ProtocolError as error:
            connection.send(error_text(error.code, error.message, error.ref))
            continue
        if isinstance(parsed, Act):
            hub.submit(table_id, connection, parsed.action, parsed.ref)
        else:
            connection.send(_PONG)
